"""Toy games that exercise the hard cases of the flow: a simultaneous secret choice, an
interrupt offered to the player who is not active, and a nested procedure that can end
early. Small enough to check by hand; used by the core tests and the test-kit tests."""

from __future__ import annotations

from typing import Any

import attrs

from banneret import Action, Flow, Game, GameInfo, OptionSpec, Outcome, Pending, Procedure, Repeat, Scenario, hookimpl
from banneret.boards import BoardDrawing, tag
from banneret.flow import call, end


@attrs.define
class DuelData:
    score: dict[str, int]
    secret: dict[str, int]  # chosen, not yet revealed
    revealed: list[tuple[int, int]]
    round: int = 0
    winner: str | None = None

    def clone(self) -> "DuelData":
        return DuelData(dict(self.score), dict(self.secret), list(self.revealed), self.round, self.winner)


PLAYERS = ("north", "south")


class SecretBids(Procedure):
    """Both players bid 1-3 in secret; the bids are revealed together."""

    rule = "1"

    def pending(self, state, frame) -> Pending:
        waiting = tuple(p for p in state.factions if p not in state.data.secret)
        return Pending(waiting, "bid", "Bid 1, 2 or 3 in secret")

    def actions(self, state, frame, player) -> list[Action]:
        return [Action(player, f"bid {n}", "bid", n) for n in (1, 2, 3)]

    def act(self, state, frame, action) -> None:
        d = state.data
        d.secret[action.player] = action.args
        state.emit(f"{action.player} bids {action.args}", only=(action.player,), public=f"{action.player} has bid")
        if len(d.secret) == len(state.factions):
            n, s = d.secret["north"], d.secret["south"]
            d.revealed.append((n, s))
            d.secret = {}
            state.emit(f"bids revealed: north {n}, south {s}", reveal=True)
            if n != s:
                winner = "north" if n > s else "south"
                d.score[winner] += 1
                call(state, Challenge, loser=("south" if winner == "north" else "north"), stake=abs(n - s))
                return
            end(state)

    def resume(self, state, frame, result) -> None:
        end(state)


class Challenge(Procedure):
    """Interrupt: the player who lost the bid may challenge (a nested skirmish)."""

    rule = "2"

    def pending(self, state, frame) -> Pending:
        return Pending((frame["loser"],), "challenge", "Challenge the result?")

    def actions(self, state, frame, player) -> list[Action]:
        return [Action(player, "challenge", "challenge"), Action(player, "accept", "accept")]

    def act(self, state, frame, action) -> None:
        if action.kind == "accept":
            end(state)
        else:
            call(state, Skirmish, blows=0)

    def resume(self, state, frame, result) -> None:
        if result == "won":
            d = state.data
            loser = frame["loser"]
            other = "south" if loser == "north" else "north"
            d.score[other] -= 1
            d.score[loser] += 1
        end(state)


class Skirmish(Procedure):
    """Up to three blows, a die each; a 6 wins at once (early exit), two 1s lose."""

    rule = "2.1"

    def start(self, state, frame) -> None:
        ones = 0
        for _ in range(3):
            roll = state.rng.die(6)
            state.emit(f"skirmish blow: {roll}")
            if roll == 6:
                end(state, "won")
                return
            ones += roll == 1
            if ones == 2:
                end(state, "lost")
                return
        end(state, "drawn")


def game_over(state) -> bool:
    d = state.data
    limit = state.rules["target"]
    leaders = [p for p in state.factions if d.score[p] >= limit]
    if leaders and d.winner is None:
        d.winner = leaders[0]
    return bool(leaders) or d.round >= 10


class NextRound(Procedure):
    def start(self, state, frame) -> None:
        state.data.round += 1
        end(state)


class Duel(Game):
    info = GameInfo(
        id="duel",
        name="Duel",
        version="1",
        description="Two players bid in secret; the loser may challenge.",
        rules_summary="Bid 1-3 in secret; higher bid scores; first to the target wins.",
        factions=PLAYERS,
        min_players=2,
        max_players=2,
        scenarios=(Scenario("standard", "first to 3 points"),),
        options=(OptionSpec("target", 3, "points needed to win", choices=(2, 3, 4, 5)),),
        max_decisions=200,
        hidden_information=True,
    )
    flow = Flow(
        Repeat("round", [SecretBids, NextRound], until=game_over, rule="1"),
        extra=[Challenge, Skirmish],
    )

    def rule_parameters(self) -> dict[str, Any]:
        return {"target": 3}

    def setup(self, state) -> DuelData:
        state.rules["target"] = state.options["target"] if state.options["target"] != 3 else state.rules["target"]
        return DuelData({p: 0 for p in state.factions}, {}, [])

    def outcome(self, state) -> Outcome | None:
        d = state.data
        if d.winner:
            return Outcome((d.winner,), "reached the target")
        best = max(d.score.values())
        top = tuple(p for p in state.factions if d.score[p] == best)
        return Outcome(top if len(top) == 1 else (), "round limit")

    def turn(self, state) -> int:
        return state.data.round

    def view(self, state, player) -> dict[str, Any]:
        d = state.data
        secret = {p: (v if player in (None, p) else "hidden") for p, v in sorted(d.secret.items())}
        return {"score": dict(d.score), "bids": secret, "revealed": list(d.revealed), "round": d.round}

    def invariants(self, state) -> list[str]:
        d = state.data
        if sum(d.score.values()) > d.round + 1:
            return ["more points than rounds played"]
        return []

    def resample_hidden(self, state, player, rng):
        new = state.clone()
        for p in new.data.secret:
            if p != player:
                new.data.secret[p] = rng.die(3)
        return new


@hookimpl
def banneret_games():
    return [Duel]


def draw_duel(context) -> BoardDrawing:
    """The duel's web board: each side's score and bid, and a clickable coin per bid."""
    board = context.view["board"]
    rows = [
        tag("text", f"{p}: {board['score'][p]} points, bid {board['bids'].get(p, '-')}", x=10, y=20 + 20 * i)
        for i, p in enumerate(sorted(board["score"]))
    ]
    coins, targets = [], {}
    for i, action in enumerate(a for a in context.actions if a.kind == "bid"):
        coins.append(tag("circle", cx=30 + 40 * i, cy=80, r=15, data_target=f"coin:{action.label}"))
        targets[action.label] = (f"coin:{action.label}",)
    return BoardDrawing(tag("svg", *rows, *coins, xmlns="http://www.w3.org/2000/svg", width=200, height=100), targets)


@hookimpl
def banneret_board(context):
    return draw_duel(context) if context.game_id == "duel" else None
