"""Shared helpers for the Warrior Knights tests: a registry holding the plugin, and random
play through the public API up to a chosen kind of decision."""

from __future__ import annotations

import random

import banneret
from banneret import Action, State
from banneret.registry import registry_from
from banneret_warrior_knights import plugin

REG = registry_from([plugin])
GAME = "warrior_knights"


def new_game(barons: int, seed: int = 0, **options: object) -> State:
    return banneret.new_game(GAME, seed=seed, players=barons, options=options or None, registry=REG)


def play_until(state: State, kind: str, rng: random.Random) -> list[Action]:
    """Random legal actions until the pending decision is of ``kind`` (or the game ends);
    returns the actions played, in order."""
    played: list[Action] = []
    while not banneret.is_over(state) and banneret.pending(state).kind != kind:
        now = banneret.pending(state)
        player = rng.choice(now.players)
        action = rng.choice(banneret.legal_actions(state, player))
        banneret.apply(state, action)
        played.append(action)
    return played


def set_up(barons: int, seed: int) -> tuple[State, list[Action]]:
    """A game whose set-up was played out by random choices, waiting for the first planning."""
    state = new_game(barons, seed)
    played = play_until(state, "plan", random.Random(seed))
    return state, played


def act(state: State, player: str, label: str) -> None:
    banneret.apply(state, banneret.find_action(state, player, label))


def labels(state: State, player: str) -> list[str]:
    return [a.label for a in banneret.legal_actions(state, player)]
