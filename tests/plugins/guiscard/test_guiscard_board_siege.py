"""Guiscard's boards on the Siege-methods assault once fires have spread (§9.2, §10.2): the
changed structures and the fires are listed one line per kind, with their hexes, on both
boards, so a dozen burning hexes read as one line, not a dozen."""

from __future__ import annotations

import banneret

from banneret_guiscard.state import Flame

from test_guiscard_board_state import notes, panel, svg
from test_guiscard_movement import GAME, REG

N, B = "normans", "byzantines"
SIEGE = "Siege-methods assault"
BURNT = [(5, 9), (6, 9), (7, 9), (8, 9), (8, 8)]
"""Palisade hexes along the south and east of the Keep's ring, burnt down."""


def after_fires() -> banneret.State:
    """The assault after the fires set along the palisade have spread: five palisade hexes burnt
    down, the gate with them, nine fires of three kinds (the Normans', one and two turns burnt;
    the Byzantines' naphtha)."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=SIEGE)
    b = state.data
    for h in BURNT:
        b.structures[h] = ("destroyed", 3)
    b.structures[(4, 9)] = ("destroyed", 3)
    for h in [(0, 8), (0, 9), (1, 9), (2, 9), (3, 9)]:
        b.flames[h] = Flame(N, 1)
    for h in [(9, 6), (9, 7)]:
        b.flames[h] = Flame(N, 2)
    for h in [(10, 9), (11, 9)]:
        b.flames[h] = Flame(B, 1, naphtha=True)
    return state


def test_the_changed_structures_and_the_fires_are_grouped_by_kind_on_both_boards():
    state = after_fires()
    text = GAME.render(state, None)
    changed = ["Lifting gate (destroyed) on 4,9", "Destroyed palisade on 5 hexes (5,9 6,9 7,9 8,8 8,9)"]
    fires = ["fire on 5 hexes (0,8 0,9 1,9 2,9 3,9): lit by the normans, 1 turn burnt",
             "fire on 2 hexes (9,6 9,7): lit by the normans, 2 turns burnt",
             "fire on 2 hexes (10,9 11,9) (naphtha): lit by the byzantines, 1 turn burnt"]
    assert notes(text, "changed: ") == changed
    assert [note for note in notes(text, "siege: ") if note.startswith("fire")] == fires
    shown = panel(svg(state))
    assert [line for line in shown if line.startswith("changed: ")] == [f"changed: {note}" for note in changed]
    assert [line for line in shown if line.startswith("fire")] == fires


def test_a_single_hex_of_a_kind_is_named_alone():
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=SIEGE)
    state.data.structures[(7, 2)] = ("destroyed", 2)
    state.data.flames[(6, 2)] = Flame(N, 0)
    text = GAME.render(state, None)
    assert notes(text, "changed: ") == ["Destroyed palisade on 7,2"]
    assert "fire on 6,2: lit by the normans, 0 turns burnt" in notes(text, "siege: ")
