"""Nothing handed out leaks between games: after a game in which every menu the game
returned was reversed, the next game plays exactly as it does in a fresh process.

Before the fix, hex_kingdoms cached its regroup menus as lists in a module dictionary, so
reversing one changed the regroup menus of every later game in the process."""

from __future__ import annotations

import subprocess
import sys

import pytest

import banneret
from banneret.agents import RandomAgent, Seat

GAMES = {"hex_kingdoms": {"max_turns": 40}, "richard3": {}}

PLAY = """
import banneret
from banneret.agents import RandomAgent, Seat

def play(game, seed, options, spoil):
    state = banneret.new_game(game, seed=seed, options=options)
    agents = {f: RandomAgent(seed * 10 + i) for i, f in enumerate(state.factions)}
    kinds = set()
    spoiled = {}  # each list reversed once (twice would undo it), kept alive so ids stay unique
    while not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        action = agents[player].choose(Seat(state, player))
        if spoil:
            own = state.game.legal_actions(state, player)
            if isinstance(own, list) and id(own) not in spoiled:
                spoiled[id(own)] = own
                own.reverse()
            kinds.add((banneret.pending(state).kind, type(own).__name__))
        banneret.apply(state, action)
    return banneret.state_hash(state), kinds
"""
namespace: dict = {}
exec(PLAY, namespace)
play = namespace["play"]


def fresh_process_hash(game: str, seed: int, options: dict) -> str:
    code = PLAY + f"\nprint(play({game!r}, {seed}, {options!r}, False)[0])"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    return done.stdout.strip()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_reversing_every_menu_of_one_game_leaves_the_next_unchanged(game):
    options = GAMES[game]
    _, kinds = play(game, 3, options, spoil=True)
    if game == "hex_kingdoms":
        assert ("regroup", "tuple") in kinds  # the form menus are kept, as tuples now
    assert play(game, 4, options, spoil=False)[0] == fresh_process_hash(game, 4, options)


def test_the_engine_hands_out_tuples():
    for game, options in GAMES.items():
        state = banneret.new_game(game, seed=1, options=options)
        player = banneret.pending(state).players[0]
        assert isinstance(banneret.legal_actions(state, player), tuple)
        assert isinstance(Seat(state, player).actions, tuple)
        RandomAgent(1).choose(Seat(state, player))
