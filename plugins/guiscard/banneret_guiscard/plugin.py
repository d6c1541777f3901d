"""Guiscard (2nd edition), the Norman skirmish game, as a Banneret game: milestone 1 so far
covers the counters (§1), the sequence of play (§2), terrain (§3) and movement (§4).

Fire (§5), charges (§7.2) and melee (§6) have their steps in the sequence of play already and
are skipped until they are built, so the game is not registered as an entry point yet; tests
load it with ``banneret.registry.registry_from([plugin])``.
"""

from __future__ import annotations

from typing import Any

from banneret import Game, GameInfo, OptionSpec, Outcome, Scenario, State, hookimpl
from banneret.boards import BoardContext, BoardDrawing
from banneret.boards.hexgrid import distance
from banneret.types import Standing
from banneret_guiscard.board import draw_board, render_board, sight_report
from banneret_guiscard.movement import MoveRecord, MoveStep, PlaceHorses, PushHorse, PutDown, reachable
from banneret_guiscard.sequence import FLOW, game_over
from banneret_guiscard.state import HEALTH, Battle, new_battle
from banneret_guiscard.data_model import load_data

__all__ = ["GAME_ID", "Guiscard", "banneret_games", "banneret_board"]

GAME_ID = "guiscard"
_DATA = load_data()
_SCENARIOS = tuple(_DATA.scenarios.values())
_SIDES = tuple(dict.fromkeys(side.id for sc in _SCENARIOS for side in sc.sides))
_BY_NAME = {sc.name: sc.id for sc in _SCENARIOS}


class Guiscard(Game):
    info = GameInfo(
        id=GAME_ID,
        name="Guiscard",
        version="0",
        description="Man-to-man skirmishes of the Norman conquest of southern Italy (11th century).",
        rules_summary="Each side in turn fires, charges, moves and fights; riders fill two hexes.",
        factions=_SIDES,
        min_players=2,
        max_players=2,
        scenarios=tuple(Scenario(sc.name, f"{sc.id}: {sc.turns} turns on the {sc.map} map") for sc in _SCENARIOS),
        options=(
            OptionSpec("infiltration_limit", "per_phase",
                       "an enemy rolls one infiltration test a phase in all (per_phase, errata 1) or one per mover",
                       choices=("per_phase", "per_mover")),
        ),
        # A move's decisions each spend at least 1 MP (steps, mounting, dismounting) except
        # one pick-up and the stop; a character spends under 50 MP in a phase even changing
        # counters back and forth (15 mounted, then at most 6, 8, 3 and 2 as MP are halved
        # and doubled), so a move takes at most 52 decisions. With at most 12 characters a
        # side, a phase takes at most 12 x (1 + 52 + 1 put-down) + 1 = 649, and the 12 turns
        # of the longest scenario 2 x 12 x 649 = 15,576.
        max_decisions=16_000,
        # the longest menus: a character's next step (stop, 9 head or foot steps, at most
        # 2 horses beside it, at most 8 hexes to dismount onto, 1 pick-up) = 21; the movement
        # step: at most 12 characters, at most 12 x 7 body hexes next to one of them to clear
        # (§4.2.3) and "end movement" = 97; a clearing pair (7 characters round a hex: 21)
        # and its destination (6 hexes x 2 loads: 12) are shorter
        max_actions=100,
        hidden_information=False,
        coverage="§1-§4 (counters, sequence of play, terrain, movement); fire and melee to come: docs/games/guiscard.md",
    )
    flow = FLOW
    commands = {"sight": "sight Q,R Q,R  does the first hex see the second, and if not, what blocks the line (§5.5)"}

    def factions(self, players: int, options: Any) -> tuple[str, ...]:
        return _SIDES

    def setup(self, state: State) -> Battle:
        return new_battle(_BY_NAME[state.scenario])

    def turn(self, state: State) -> int:
        return state.data.turn

    def outcome(self, state: State) -> Outcome | None:
        """After the last turn, the side that put more enemy characters into the scenario's
        casualty states wins; equal counts are a draw (P-22)."""
        if state.ended is not None:
            return state.ended
        if not game_over(state):
            return None
        b: Battle = state.data
        casualties = b.tables.scenario.victory.casualty_states
        score = {s: sum(p.health in casualties for p in b.enemies_of(s)) for s in b.tables.sides}
        order = sorted(b.tables.sides, key=lambda s: -score[s])
        standings = tuple(Standing(s, 1 + sum(score[o] > score[s] for o in order), score[s]) for s in order)
        top = [s for s in order if score[s] == score[order[0]]]
        if len(top) > 1:
            return Outcome((), "as many enemy casualties on both sides", standings, "enemy casualties")
        return Outcome((top[0],), "more enemy casualties after the last turn", standings, "enemy casualties")

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        """Everything: nothing is hidden in Guiscard, every counter lies face up."""
        b: Battle = state.data
        moving = _moving(state)
        active = FLOW.active(state)
        led = active[1].record.leading if moving is not None and active is not None else ()
        return {
            "scenario": b.tables.scenario.id,
            "turn": b.turn,
            "turns": b.tables.scenario.turns,
            "side": b.side,
            "step": b.step,
            "pieces": {
                pid: {"side": p.side, "code": b.tables.counter(pid).code, "state": p.health, "mounted": p.mounted,
                      "hexes": [list(h) for h in p.hexes()], "facing": p.facing,
                      "mp_left": b.left.get(pid), "mp_spent": b.spent.get(pid, 0)}
                for pid, p in sorted(b.pieces.items())
            },
            "horses": {o: [list(h) for h in horse.hexes()] for o, horse in sorted(b.horses.items())},
            "bodies": [[list(h), c, hs] for h, (c, hs) in sorted(b.bodies.items())],
            "moving": moving,
            "led_horses": [horse.owner for horse in led],  # in the mover's hand, off the map
        }

    def render(self, state: State, player: str | None) -> str:
        """The map as text (:func:`~banneret_guiscard.board.render_board`), with the hexes the
        moving character can reach by the movement procedure's own steps."""
        b: Battle = state.data
        moving = _moving(state)
        reach = reachable(b, b.pieces[moving], b.left[moving]) if moving is not None else set()
        return render_board(self.view(state, player), reach)

    def command(self, state: State, player: str, name: str, argument: str) -> str:
        """``sight A B``: the terrain line of sight between two hexes (:func:`~banneret_guiscard.board.sight`)."""
        return sight_report(state.data.tables, self.view(state, player), argument)

    def invariants(self, state: State) -> list[str]:
        return battle_invariants(state)


def _moving(state: State) -> str | None:
    active = FLOW.active(state)
    if active is None or active[0].name not in (MoveStep.name, PlaceHorses.name, PushHorse.name, PutDown.name):
        return None
    rec = active[1].record
    assert isinstance(rec, MoveRecord)
    return rec.mover


def battle_invariants(state: State) -> list[str]:
    """What §1 and §4 guarantee after every step (rules digest Part VI, invariants 1-3, 15, 18)."""
    b: Battle = state.data
    t = b.tables
    bad: list[str] = []
    for pid, p in b.pieces.items():
        if p.health not in HEALTH:
            bad.append(f"{pid} is in an unknown state {p.health!r}")
        if p.mounted and p.health not in ("healthy", "wounded"):
            bad.append(f"{pid} is mounted while {p.health} (§1.2)")
        hexes = p.hexes()
        if any(h not in t.terrain for h in hexes):
            bad.append(f"{pid} is off the map on {hexes}")
            continue
        if p.mounted:
            if distance(*hexes) != 1:
                bad.append(f"{pid}'s two hexes {hexes} are not adjacent (§1.1)")
            if any(t.terrain[h].cost_mounted is None for h in hexes):
                bad.append(f"{pid} rides into terrain closed to horses (§4.2.1)")
        if p.alive and t.counter(pid).armoured and t.terrain[p.hex].id == "deep_water":
            bad.append(f"{pid} is armoured and alive in deep water (§4.2.1)")
        if pid in b.left and not 0 <= b.left[pid] <= b.ma(p):
            bad.append(f"{pid} has {b.left[pid]} MP left, outside 0..{b.ma(p)} (§4)")
        if (p.health == "stunned") != (pid in b.stunned_in):
            bad.append(f"{pid}'s stun is not recorded as it should be (A-04)")
    for owner, horse in b.horses.items():
        if any(h not in t.terrain for h in horse.hexes()):
            bad.append(f"{owner}'s horse is off the map")
    if _moving(state) is None:
        seen: dict[tuple[int, int], str] = {}
        for pid, p in sorted(b.pieces.items()):
            if not p.alive:
                continue
            for h in p.hexes():
                if h in seen:
                    bad.append(f"{pid} and {seen[h]} share {h} (§4.1)")
                seen[h] = pid
    return bad


@hookimpl
def banneret_games() -> list[type[Game]]:
    return [Guiscard]


@hookimpl
def banneret_board(context: BoardContext) -> BoardDrawing | None:
    """The map in the browser (:mod:`banneret_guiscard.board`)."""
    if context.game_id != GAME_ID:
        return None
    return draw_board(context)
