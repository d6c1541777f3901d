"""A toy game for actions outside the sequence of play (``Game.free_actions``), small
enough to check by hand.

``market``: three merchants with coins. Each round every merchant in turn buys goods (one
for 2 coins, two for 3) as often as he likes, then passes; then all pledge coins in secret at once (a
:class:`~banneret.flow.Parallel` step) and the highest single pledge wins a good, every
pledge being paid as far as its merchant still can. At any moment a merchant may hand one
coin to another: the decision waiting is then worked out again (a buyer who gave his last
coins away may only pass; a pledge cannot exceed the coins left). Most goods after three
rounds wins.
"""

from __future__ import annotations

from typing import Any

import attrs

from banneret import Action, Flow, Game, GameInfo, Outcome, Repeat, Scenario, hookimpl
from banneret.flow import Choice, ForEach, Parallel, end, goto, var

MERCHANTS = ("ada", "bo", "cy")
ROUNDS = 3
PRICES = {1: 2, 2: 3}
"""Goods bought -> their price in coins."""


@attrs.define
class MarketData:
    coins: dict[str, int]
    goods: dict[str, int]
    round: int = 0

    def clone(self) -> "MarketData":
        return MarketData(dict(self.coins), dict(self.goods), self.round)


class Buy(Choice):
    """M1: buy one good for 2 coins or two for 3, again and again, until you pass."""

    rule = "M1"
    kind = "buy"
    ask_single = True

    def decider(self, state, frame) -> str:
        return var(state, "merchant")

    def options(self, state, frame) -> tuple[int, ...]:
        coins = state.data.coins[var(state, "merchant")]
        return (*(n for n, price in PRICES.items() if price <= coins), 0)

    def label(self, state, frame, option) -> str:
        return f"buy {option} for {PRICES[option]}" if option else "pass"

    def choose(self, state, frame, option) -> None:
        d, merchant = state.data, var(state, "merchant")
        if option:
            d.coins[merchant] -= PRICES[option]
            d.goods[merchant] += option
            goto(state, Buy)
            return
        end(state)


class Pledge(Choice):
    """M2: pledge in secret any number of one's coins."""

    rule = "M2"
    kind = "pledge"
    ask_single = True

    def decider(self, state, frame) -> str:
        return var(state, "player")

    def options(self, state, frame) -> range:
        return range(state.data.coins[var(state, "player")] + 1)

    def label(self, state, frame, option) -> str:
        return f"pledge {option}"

    def choose(self, state, frame, option) -> None:
        end(state, option)


def settle_pledges(state, pledges: dict[str, int]) -> None:
    """M2: every pledge is paid as far as its merchant can; the one highest wins a good."""
    d = state.data
    for merchant, pledge in pledges.items():
        d.coins[merchant] -= min(pledge, d.coins[merchant])
    best = max(pledges.values())
    top = [m for m, p in pledges.items() if p == best]
    if best and len(top) == 1:
        d.goods[top[0]] += 1
        state.emit(f"{top[0]} wins the pledge with {best}", "pledge")
    d.round += 1


class Market(Game):
    info = GameInfo(
        id="market",
        name="Market",
        version="1",
        description="Three merchants buy goods; coins change hands at any moment.",
        rules_summary="Buy or pass, pledge in secret; hand a coin to another merchant whenever you like.",
        factions=MERCHANTS,
        min_players=3,
        max_players=3,
        scenarios=(Scenario("standard", "three rounds"),),
        # every buy spends at least 2 coins of the 9 there are (4 buys in all), and each round
        # has three passes and three pledges; free actions are not decisions of the flow
        max_decisions=4 + ROUNDS * 6,
        max_actions=10,  # a pledge of 0..9 coins: nobody ever holds more than the 9 there are
    )
    flow = Flow(Repeat("rounds", [
        ForEach("buying", lambda s: MERCHANTS, "merchant", [Buy], rule="M1"),
        Parallel("pledges", Pledge, lambda s: MERCHANTS, settle_pledges, kind="pledge", rule="M2"),
    ], until=lambda s: s.data.round >= ROUNDS, rule="M"))

    def setup(self, state) -> MarketData:
        return MarketData({m: 3 for m in MERCHANTS}, {m: 0 for m in MERCHANTS})

    def free_actions(self, state, player) -> list[Action]:
        """M3: hand one coin to another merchant, at any moment."""
        if state.data.coins[player] < 1:
            return []
        return [Action(player, f"give a coin to {other}", "give", other) for other in MERCHANTS if other != player]

    def apply_free(self, state, action) -> None:
        d = state.data
        d.coins[action.player] -= 1
        d.coins[action.args] += 1
        state.emit(f"{action.player} gives a coin to {action.args}", "give")

    def outcome(self, state) -> Outcome | None:
        if state.data.round < ROUNDS:
            return None
        best = max(state.data.goods.values())
        return Outcome(tuple(m for m in MERCHANTS if state.data.goods[m] == best), "most goods")

    def view(self, state, player) -> dict[str, Any]:
        return {"coins": dict(state.data.coins), "goods": dict(state.data.goods), "round": state.data.round}

    def invariants(self, state) -> list[str]:
        d = state.data
        broken = [f"{m} has {d.coins[m]} coins" for m in MERCHANTS if d.coins[m] < 0]
        if sum(d.coins.values()) > 9:
            broken.append("coins appeared from nowhere")
        return broken


@hookimpl
def banneret_games():
    return [Market]
