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

FOLLOW_THROUGH = 10
"""Decisions of its own the agent plays on, greedily, after each candidate before judging it:
a card pays off only at the end of its steps (mobilize into an area, move the nobles there,
start the battle, fight it out), so judging the first step alone would find every area alike."""

KEEP_FIRST = ("victory", "deal", "draw", "prevent")
"""Fate battle symbols by how much the agent wants to keep them (11.2): victory points take
cities and decide battles, dealt casualties break walls."""


class HeuristicAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: Seat) -> Action:
        actions = seat.actions
        if len(actions) == 1:
            return actions[0]
        if seat.pending.kind == "plan":
            return self._plan(seat, actions)
        if seat.pending.kind == "discard fate":
            return _discard(actions)
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
    """My lead once ``action`` is played in a copy of ``world`` and I have followed it through:
    while the next decision is mine alone (up to :data:`FOLLOW_THROUGH`), I take the option
    with the best immediate lead."""
    trial = world.clone()
    banneret.apply(trial, action)
    for _ in range(FOLLOW_THROUGH):
        if banneret.is_over(trial):
            break
        pending = banneret.pending(trial)
        if pending.players != (me,) or pending.kind == "plan":
            break
        options = banneret.legal_actions(trial, me)
        if pending.kind == "discard fate":
            banneret.apply(trial, _discard(options))
        elif len(options) > 1:
            leads = [_lead(_played(trial, option), me) for option in options]
            banneret.apply(trial, options[leads.index(max(leads))])
        else:
            banneret.apply(trial, options[0])
    return _lead(trial, me)


def _discard(actions: Sequence[Action]) -> Action:
    """Keep the Fate cards as soon as the rules allow; until then discard the least wanted
    symbol (the worth of a battle shows only once it is fought, too late to judge a discard)."""
    for action in actions:
        if action.args == "keep":
            return action
    return max(actions, key=lambda a: KEEP_FIRST.index(a.args) if a.args in KEEP_FIRST else len(KEEP_FIRST))


def _played(world: State, action: Action) -> State:
    trial = world.clone()
    banneret.apply(trial, action)
    return trial


def _lead(state: State, me: str) -> float:
    """My worth minus the best other baron's (a won game counts as a lead of 1000, a lost
    one as -1000)."""
    if banneret.is_over(state):
        winners = banneret.outcome(state).winners
        if winners:
            return 1000.0 if me in winners else -1000.0
    data = state.data
    return worth(data, me) - max(worth(data, b) for b in data.barons if b != me)


def make_agent(game_id: str, faction: str, seed: int) -> HeuristicAgent:
    """Entry for ``banneret_agents``: one agent per seat, seeded by the engine."""
    return HeuristicAgent(seed)
