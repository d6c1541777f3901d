"""A heuristic computer baron for Warrior Knights (seat kind ``heuristic``).

It plans by a fixed preference per action space (armies first, then money and votes), and
decides everything else by looking one decision ahead: on a world drawn from what its seat
may know (:meth:`banneret.agents.Seat.sample`), it tries each offered action and keeps the
one after which its worth (:mod:`~banneret_warrior_knights.evaluation`) leads the best other
baron's by most. Worth counts cities, influence, armies and treasury, and an army standing
before a city it can take, so taking neutral cities early, paying the wages that keep an army,
and besieging or assaulting when strong enough all follow from it. Ties are broken by its
own seeded generator, never the game's; it keeps nothing between decisions.
"""

from __future__ import annotations

import random
from typing import Sequence

import banneret
from banneret.agents import Seat
from banneret.rng import Rng
from banneret.state import State
from banneret.types import Action
from banneret_warrior_knights.evaluation import worth
from banneret_warrior_knights.state import tables, title_of

__all__ = ["HeuristicAgent", "make_agent", "PLAN_PREFERENCE"]

PLAN_PREFERENCE: tuple[tuple[str, ...], ...] = (
    ("mobilize_forces", "levy_taxes", "versatile_strategy", "draft_soldiers", "rally_support", "serve_the_church"),
    ("mobilize_forces", "rally_support", "draft_soldiers", "versatile_strategy", "levy_taxes", "serve_the_church"),
    ("versatile_strategy", "levy_taxes", "mobilize_forces", "draft_soldiers", "serve_the_church", "rally_support"),
)
"""The titles a baron wants on each action space, most wanted first (6.1)."""

SAMPLES = 2
"""Worlds drawn per decision: the look-ahead averages over them (dice and Fate differ)."""


class HeuristicAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: Seat) -> Action:
        actions = seat.actions
        if len(actions) == 1:
            return actions[0]
        if seat.pending.kind == "plan":
            return self._plan(seat, actions)
        return self._look_ahead(seat, actions)

    def _plan(self, seat: Seat, actions: Sequence[Action]) -> Action:
        """Fill each space with its two most wanted titles still in hand (two different
        ones), then confirm."""
        for action in actions:
            if action.kind == "confirm":
                return action
        space = int(actions[0].label.split(":")[0].split()[-1]) - 1
        planned = seat.view["board"]["barons"][seat.player]["planning"][space]
        names = tables().card_titles
        offered = {title_of(a.args): a for a in actions if a.kind == "plan"}
        for title in PLAN_PREFERENCE[space]:
            if title in offered and names[title] not in planned:
                return offered[title]
        return next(a for a in actions if a.kind == "next")

    def _look_ahead(self, seat: Seat, actions: Sequence[Action]) -> Action:
        me = seat.player
        totals = [0.0] * len(actions)
        for _ in range(SAMPLES):
            world = seat.sample(Rng(self.rng.getrandbits(63)))
            offered = {a.label: a for a in banneret.legal_actions(world, me)}
            for i, action in enumerate(actions):
                twin = offered.get(action.label)
                totals[i] += _after(world, twin, me) if twin is not None else float("-inf")
        best = max(totals)
        return self.rng.choice([a for a, v in zip(actions, totals) if v == best])


def _after(world: State, action: Action, me: str) -> float:
    """My lead in worth over the best other baron once ``action`` is played in a copy of
    ``world`` (a won game counts as a lead of 1000, a lost one as -1000)."""
    trial = world.clone()
    banneret.apply(trial, action)
    if banneret.is_over(trial):
        winners = banneret.outcome(trial).winners
        if winners:
            return 1000.0 if me in winners else -1000.0
    data = trial.data
    mine = worth(data, me)
    return mine - max(worth(data, b) for b in data.barons if b != me)


def make_agent(game_id: str, faction: str, seed: int) -> HeuristicAgent:
    """Entry for ``banneret_agents``: one agent per seat, seeded by the engine."""
    return HeuristicAgent(seed)
