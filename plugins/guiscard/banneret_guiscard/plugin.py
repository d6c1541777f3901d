"""Guiscard (2nd edition), the Norman skirmish game, as a Banneret game: the counters (§1),
the sequence of play (§2), terrain (§3), movement (§4), fire (§5), melee (§6), combat tactics
(§7: mounted lance throwers, charges, hoplites, avoiding combat), buildings (§8), castles
(§9) and siege methods (§10). docs/games/guiscard.md lists what is not built yet (parts of
§8-§10, the siege and campaign games).
"""

from __future__ import annotations

from typing import Any

from banneret import Game, GameInfo, OptionSpec, Outcome, Scenario, State, hookimpl
from banneret.boards import BoardContext, BoardDrawing
from banneret.boards.hexgrid import distance
from banneret.types import Standing
from banneret_guiscard import castles, hoplites, ladders, ropes
from banneret_guiscard.engines import siege_invariants
from banneret_guiscard.evaluation import chances
from banneret_guiscard.board import draw_board, render_board, sight_report
from banneret_guiscard.movement import MoveRecord, reachable
from banneret_guiscard.sequence import FLOW, game_over, turn_played
from banneret_guiscard.state import HEALTH, Battle, new_battle
from banneret_guiscard.data_model import load_data

__all__ = ["GAME_ID", "Guiscard", "banneret_games", "banneret_agents", "banneret_evaluate", "banneret_board"]

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
        scenarios=tuple(Scenario(sc.name, f"{sc.turns} turns on the {sc.map.replace('_', ' ')} map") for sc in _SCENARIOS),
        options=(
            OptionSpec("infiltration_limit", "per_phase",
                       "How often an enemy tests a character slipping past: 'per_phase' = one test a phase in "
                       "all, 'per_mover' = one per moving character (errata 1)",
                       choices=("per_phase", "per_mover")),
            OptionSpec("joint_attack_on_riders", "several_riders",
                       "When attackers of a rider use the joint-attack column: 'several_riders' = when several "
                       "riders attack, 'all_mounted' = when every attacker rides (errata 2, A-66)",
                       choices=("several_riders", "all_mounted")),
            OptionSpec("water_cover", "any_water",
                       "When a target in water loses its cover to a shooter next to it: 'any_water' = in any "
                       "water, 'deep_only' = in deep water only (errata 3, 5.5.2.4)",
                       choices=("any_water", "deep_only")),
            OptionSpec("counter_charge_reversal", "grown",
                       "When a counter-charger's grown defence outweighs the charge and it strikes instead: "
                       "'grown' = with its attack grown by half, 'plain' = with its printed attack (A-15)",
                       choices=("grown", "plain")),
            OptionSpec("foulkon_shift", "own_attacks",
                       "Which combats a foulkon shifts one column left: 'own_attacks' = the foulkon's own "
                       "attacks, 'attacks_on_it' = attacks on the foulkon (A-17)",
                       choices=("own_attacks", "attacks_on_it")),
        ),
        # Per player phase, with at most 12 characters a side: offensive fire, a pick and an
        # aim each and the end (25); movement, 12 moves of at most 52 decisions (each spends
        # at least 1 MP, under 50 MP even changing counters) plus a put-down, each step
        # followed by at most one defensive-fire window (12 x 106 + 1 = 1,273), the enemy
        # naming and firing at most 12 shooters once each (24); at most 24 shots' crossfire
        # choices, unhorsed riders' places and retreats (72); combat, 12 combats of a pick,
        # at most 24 namings, a resolve, 2 victims, 2 unhorsed riders' places, 24 retreats,
        # an advance and 8 advance steps (12 x 63 + 1 = 757). About 2,170 a phase; the 12
        # turns of the longest scenario 2 x 12 x 2,170 = 52,080.
        max_decisions=53_000,
        # the longest menus: the movement step: at most 12 characters to move or to declare
        # staying put (§5.3), at most 12 x 7 body hexes next to one of them to clear (§4.2.3),
        # at most 8 formation decisions (12 hoplites in at most 4 groups or formations, two
        # each, §7.3) and "end movement" = 117; a character's
        # next step (21), an aim (12 enemies x 2 hexes = 24), a volley (12 shooters x 2 hexes
        # and the fire = 25), an engagement (12 attackers, 12 defenders, resolve = 25), a
        # retreat of 2 hexes (at most 18 paths) are shorter
        max_actions=118,
        hidden_information=False,
        coverage="the tactical game: §1-§6 (counters, sequence of play, terrain, movement, fire, melee), §7"
                 " (lance throwers, charges, hoplites, avoiding combat), §8 (buildings), §9 (castles) and §10"
                 " (ladders, fires, the stone thrower, Greek fire, hooks and ropes), with gaps listed in"
                 " docs/games/guiscard.md; not yet the siege game (§11) nor the campaign game",
    )
    flow = FLOW
    commands = {"sight": "sight Q,R Q,R  does the first hex see the second, and if not, what blocks the line (§5.5); "
                         "'upstairs' after a hex: its upper storey (§8)"}

    def factions(self, players: int, options: Any) -> tuple[str, ...]:
        return _SIDES

    def setup(self, state: State) -> Battle:
        return new_battle(_BY_NAME[state.scenario], water_cover=state.options["water_cover"])

    def turn(self, state: State) -> int:
        return turn_played(state.data)

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
        rec = _move_record(state)
        moving = None if rec is None else rec.mover
        led = () if rec is None else rec.leading
        return {
            "scenario": b.tables.scenario.id,
            "turn": turn_played(b),
            "turns": b.tables.scenario.turns,
            "side": b.side,
            "step": b.step,
            "pieces": {
                pid: {"side": p.side, "code": b.tables.counter(pid).code, "state": p.health, "mounted": p.mounted,
                      "hexes": [list(h) for h in p.hexes()], "facing": p.facing, "floor": p.floor,
                      "mp_left": b.left.get(pid), "mp_spent": b.spent.get(pid, 0)}
                for pid, p in sorted(b.pieces.items())
            },
            "horses": {o: [list(h) for h in horse.hexes()] for o, horse in sorted(b.horses.items())},
            "bodies": [[list(h), c, hs] for h, (c, hs) in sorted(b.bodies.items())],
            "bodies_upstairs": [[list(h), c, hs] for h, (c, hs) in sorted(b.bodies_above.items())],  # §8
            "structures": [[list(h), what] for h, (what, _turn) in sorted(b.structures.items())],  # §8.5.2, §9.2
            "flames": [[list(h), f.turns, f.naphtha, f.side] for h, f in sorted(b.flames.items())],  # §10.2
            "naphtha": [list(h) for h in sorted(b.naphtha)],  # §10.5.1
            "engines": {e.id: {"kind": e.kind, "side": e.side, "hex": list(e.hex), "facing": e.facing,
                               "condition": e.condition, "fired_turn": e.fired_turn}
                        for e in sorted(b.engines.values(), key=lambda e: e.id)},  # §10.4, §10.5
            "formations": [{"members": list(f.members), "facing": f.facing, "foulkon": f.foulkon}
                           for _key, f in sorted(b.formations.items())],  # §7.3
            "cover_held": {pid: {"hex": list(h), "against": against}
                           for pid, (turn, h, against) in sorted(b.cover_held.items())
                           if turn == b.turn},  # this game turn's crossfire choices (§8.3.5, §8.3.6)
            "charges": [{"rider": c.rider, "target": c.target, "route": [[h[0], h[1], f] for h, f in c.route],
                         "counter": c.counter, "counter_route": [[h[0], h[1], f] for h, f in c.counter_route]}
                        for c in b.charges.values()],  # this turn's, in declaration order (§7.2)
            "ladders": {lid: {"hexes": [list(h) for h in ladder.hexes], "against": ladder.against and list(ladder.against),
                              "carriers": list(ladders.carriers(b, ladder)), "side": ladder.side}
                        for lid, ladder in sorted(b.ladders.items())},  # §10.1
            "ropes": {rid: {"side": rope.side, "carrier": rope.carrier, "hex": rope.hex and list(rope.hex),
                            "against": rope.against and list(rope.against), "climber": ropes.climber_of(b, rope)}
                      for rid, rope in sorted(b.ropes.items())},  # §10.6
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
        """``sight A B``: the line of sight between two hexes, fire's own, with the structures as
        they stand (:func:`~banneret_guiscard.board.sight`)."""
        return sight_report(state.data.tables, self.view(state, player), argument)

    def invariants(self, state: State) -> list[str]:
        return battle_invariants(state)


def _move_record(state: State) -> MoveRecord | None:
    """The move under way, defensive fire at it included (§4, §5.3)."""
    return next((f.record for f in reversed(state.stack) if isinstance(f.record, MoveRecord)), None)


def _moving(state: State) -> str | None:
    rec = _move_record(state)
    return None if rec is None else rec.mover


def battle_invariants(state: State) -> list[str]:
    """What §1, §4, §7.3 and §10 guarantee after every step (rules digest Part VI, invariants
    1-3, 15, 18, 57, 65, 70, 76 and the siege methods')."""
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
            if any(castles.terrain_at(b, h).cost_mounted is None for h in hexes):
                bad.append(f"{pid} rides into terrain closed to horses (§4.2.1)")
        if p.alive and t.counter(pid).armoured and t.terrain[p.hex].id == "deep_water":
            bad.append(f"{pid} is armoured and alive in deep water (§4.2.1)")
        if pid in b.left and not 0 <= b.left[pid] <= b.ma(p):
            bad.append(f"{pid} has {b.left[pid]} MP left, outside 0..{b.ma(p)} (§4)")
        if p.floor and (p.mounted or p.floor != 1 or p.hex not in t.storey):
            bad.append(f"{pid} stands on floor {p.floor} of {p.hex}, which is no upper storey's place for it (§8)")
        if (p.health == "stunned") != (pid in b.stunned_in):
            bad.append(f"{pid}'s stun is not recorded as it should be (A-04)")
    for owner, horse in b.horses.items():
        if any(h not in t.terrain for h in horse.hexes()):
            bad.append(f"{owner}'s horse is off the map")
    bad += siege_invariants(b)  # §10
    bad += hoplites.formation_invariants(b)
    if _moving(state) is None and FLOW.current(state)[-1:] != ["AdvanceStep"]:  # moves may pass through
        seen: dict[tuple[tuple[int, int], int], str] = {}
        for pid, p in sorted(b.pieces.items()):
            if not p.alive:
                continue
            for h in p.hexes():
                if (h, p.floor) in seen:
                    bad.append(f"{pid} and {seen[h, p.floor]} share {h} on floor {p.floor} (§4.1)")
                seen[h, p.floor] = pid
    return bad + ladders.ladder_invariants(b) + ropes.rope_invariants(b)


@hookimpl
def banneret_games() -> list[type[Game]]:
    return [Guiscard]


@hookimpl
def banneret_agents(game_id: str) -> dict[str, Any]:
    """The heuristic player (:mod:`banneret_guiscard.agent`)."""
    if game_id != GAME_ID:
        return {}
    from banneret_guiscard.agent import make_agent

    return {"heuristic": make_agent}


@hookimpl
def banneret_evaluate(state: State) -> dict[str, float] | None:
    """A search agent's estimate of each side's chances (:mod:`banneret_guiscard.evaluation`)."""
    if state.game_id != GAME_ID:
        return None
    return chances(state.data)


@hookimpl
def banneret_board(context: BoardContext) -> BoardDrawing | None:
    """The map in the browser (:mod:`banneret_guiscard.board`)."""
    if context.game_id != GAME_ID:
        return None
    return draw_board(context)
