"""A second toy game for the core and test-kit tests: "relay", where a player makes several
choices in a row (so undo has something to take back), may roll a die in the middle of
the turn (which closes the undo window) and may reveal a secret (which closes it too).

Two runners per side, A and B. On a turn the active player makes up to three moves: step
A, step B, or sprint (a die roll moves A that far); they may also declare their secret
favourite runner once per game, and end the turn early. At the end of a turn a bonus die
moves the player's rear runner. After six turns each, or when a side reaches 25, the side
with the most (A + B + favourite again) wins, and every favourite is shown."""

from __future__ import annotations

from typing import Any

import attrs

from banneret import Action, Flow, ForEach, Game, GameInfo, Outcome, Pending, Procedure, Repeat, Scenario, hookimpl
from banneret.flow import end, var

SIDES = ("red", "blue")
MOVES_PER_TURN = 3
TURNS = 12
TARGET = 25


@attrs.define
class RelayData:
    runners: dict[str, list[int]]  # side -> [A, B]
    favourite: dict[str, str]  # side -> "A" or "B" (secret until declared)
    declared: list[str]
    turn: int = 0

    def clone(self) -> "RelayData":
        return RelayData({s: list(r) for s, r in self.runners.items()}, dict(self.favourite), list(self.declared), self.turn)


def score(data: RelayData, side: str) -> int:
    a, b = data.runners[side]
    return a + b + (a if data.favourite[side] == "A" else b)


def relay_over(state) -> bool:
    d = state.data
    return d.turn >= TURNS or any(sum(d.runners[s]) >= TARGET for s in state.factions)


class Turn(Procedure):
    """A side's turn: up to three moves, an optional declaration, then a bonus die."""

    rule = "R2"

    def start(self, state, frame) -> None:
        state.data.turn += 1
        frame["moves"] = 0

    def pending(self, state, frame) -> Pending:
        return Pending((var(state, "player"),), "move", "Step, sprint, declare or end the turn")

    def actions(self, state, frame, player) -> list[Action]:
        out = []
        if frame["moves"] < MOVES_PER_TURN:
            out += [Action(player, "step A", "step", 0), Action(player, "step B", "step", 1), Action(player, "sprint", "sprint")]
        if player not in state.data.declared:
            out.append(Action(player, "declare favourite", "declare"))
        out.append(Action(player, "end turn", "end"))
        return out

    def act(self, state, frame, action) -> None:
        d, side = state.data, action.player
        if action.kind == "step":
            d.runners[side][action.args] += 1
            state.emit(f"{side} steps {'AB'[action.args]}")
        elif action.kind == "sprint":
            roll = state.rng.die(6)
            d.runners[side][0] += roll
            state.emit(f"{side} sprints {roll}")
        elif action.kind == "declare":
            d.declared.append(side)
            state.emit(f"{side} declares favourite {d.favourite[side]}", reveal=True)
            return
        if action.kind != "end":
            frame["moves"] += 1
            if frame["moves"] < MOVES_PER_TURN and not relay_over(state):
                return
        rear = 0 if d.runners[side][0] <= d.runners[side][1] else 1
        bonus = state.rng.die(6)
        d.runners[side][rear] += bonus
        state.emit(f"{side}'s bonus die moves {'AB'[rear]} by {bonus}")
        end(state)


class Relay(Game):
    info = GameInfo(
        id="relay",
        name="Relay",
        version="1",
        description="Two sides move two runners; several moves a turn, a secret favourite.",
        rules_summary="Up to three moves a turn, a bonus die at the end; most points after six turns each wins.",
        factions=SIDES,
        min_players=2,
        max_players=2,
        scenarios=(Scenario("standard", "six turns each"),),
        # per turn: at most 3 moves + 1 declaration + 1 end = 5 decisions
        max_decisions=TURNS * (MOVES_PER_TURN + 2),
        hidden_information=True,
    )
    flow = Flow(
        Repeat("round", [ForEach("sides", over=lambda s: s.factions, var="player", steps=[Turn], stop=relay_over)],
               until=relay_over, rule="R1"),
    )

    def setup(self, state) -> RelayData:
        return RelayData(
            {s: [0, 0] for s in state.factions},
            {s: state.rng.choice(("A", "B")) for s in state.factions},
            [],
        )

    def outcome(self, state) -> Outcome | None:
        d = state.data
        points = {s: score(d, s) for s in state.factions}
        best = max(points.values())
        top = tuple(s for s in state.factions if points[s] == best)
        return Outcome(top if len(top) == 1 else (), f"most points ({best})")

    def turn(self, state) -> int:
        return state.data.turn

    def view(self, state, player) -> dict[str, Any]:
        d = state.data
        over = not state.stack  # R3: at the end every favourite is shown (the score names it)
        return {
            "runners": {s: list(r) for s, r in d.runners.items()},
            "favourite": {
                s: (f if over or player in (None, s) or s in d.declared else "hidden") for s, f in sorted(d.favourite.items())
            },
            "turn": d.turn,
        }

    def invariants(self, state) -> list[str]:
        d = state.data
        broken = []
        if any(x < 0 for r in d.runners.values() for x in r):
            broken.append("a runner went backwards")
        if d.turn > TURNS:
            broken.append(f"turn {d.turn} is past the last turn {TURNS}")
        if len(set(d.declared)) != len(d.declared):
            broken.append("a side declared twice")
        return broken

    def resample_hidden(self, state, player, rng):
        if not state.stack:
            return None  # the game is over: nothing is hidden any more
        new = state.clone()
        for side in sorted(new.data.favourite):
            if side != player and side not in new.data.declared:
                new.data.favourite[side] = rng.choice(("A", "B"))
        return new


@hookimpl
def banneret_games():
    return [Relay]
