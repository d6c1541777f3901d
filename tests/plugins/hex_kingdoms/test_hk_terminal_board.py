"""The terminal board of Hex Kingdoms: a player can find every hex a move names."""

from __future__ import annotations

import re

import banneret
from banneret import RandomAgent
from banneret.agents import Seat


def _rows(text: str) -> dict[int, str]:
    return {int(m.group(1)): line for line in text.splitlines() if (m := re.match(r"r=\s*(-?\d+) ", line))}


def test_every_hex_a_move_names_is_labelled_on_its_row():
    """Moves name hexes as (q,r): the row is labelled r, each cell starts with q."""
    state = banneret.new_game("hex_kingdoms", seed=3)
    agent = RandomAgent(1)
    checked = 0
    for _ in range(400):
        if banneret.is_over(state):
            break
        player = banneret.pending(state).players[0]
        rows = _rows(state.game.render(state, player))
        for action in banneret.legal_actions(state, player):
            for q, r in re.findall(r"\((-?\d+),(-?\d+)\)", action.label):
                assert f"{int(q):>2}:" in rows[int(r)], (action.label, rows[int(r)])
                checked += 1
        banneret.apply(state, agent.choose(Seat(state, player)))
    assert checked > 100


def test_the_legend_names_every_terrain_and_what_holding_a_province_takes():
    state = banneret.new_game("hex_kingdoms", seed=3)
    agent = RandomAgent(1)
    while banneret.pending(state).kind != "capital":
        banneret.apply(state, agent.choose(Seat(state, banneret.pending(state).players[0])))
    text = state.game.render(state, None)
    for code, name in (("Pl", "plain"), ("Ma", "marsh"), ("Fo", "forest"), ("Ca", "cave"), ("Mo", "mountain"),
                       ("GM", "gold mountain"), ("FP", "fertile plain")):
        assert f"{code} {name}" in text
    assert "a kingdom holds a province while it controls 3 of its 4 hexes" in text
    unplaced = [line for line in text.splitlines() if "(not placed yet)" in line]
    assert unplaced and all(" at ;" not in line for line in text.splitlines())
