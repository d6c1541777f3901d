"""Guiscard's boards on the Siege-methods assault: once fires have spread (§9.2, §10.2) the
changed structures and the fires are listed one line per kind, with their hexes, on both
boards, so a dozen burning hexes read as one line, not a dozen; and the boards' lines of sight
stop at a standing siege engine's hex as fire's do (§10.4.3: ``fire.engine_in_way``, one test
for both)."""

from __future__ import annotations

import attrs
import banneret
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret_guiscard.board import sight, standing
from banneret_guiscard.fire import fire_cover
from banneret_guiscard.state import Flame, new_battle, tables_for

from test_guiscard_board_state import notes, panel, svg
from test_guiscard_board_web import SVG, by_target
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


# --------------------------------------------------------------------------- §10.4.3 engines stop lines

ASSAULT = tables_for("siege_methods_assault")
TREBUCHET = "stone thrower trebuchet on 6,11 (§10.4.3)"
OUTSIDE = sorted(h for h in ASSAULT.terrain if h[1] >= 10)
"""The two rows south of the Keep, outside its ring, the stone thrower on 6,11 among them: no
castle firing rule (§9.3.4, §9.4.2) forbids a shot between two of them, so a line of sight there
is a line of fire."""


def test_the_sight_command_and_the_web_board_stop_at_the_stone_throwers_hex():
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=SIEGE)
    assert GAME.command(state, N, "sight", "4,11 8,11") == (
        f"4,11 (level 0) to 8,11 (level 0), range 4: no line of sight: {TREBUCHET}")
    b = state.data
    b.pieces["olivier"] = attrs.evolve(b.pieces["olivier"], hex=(4, 11))  # a short bow
    b.pieces["stephanos"] = attrs.evolve(b.pieces["stephanos"], hex=(8, 11))
    b.pieces["filemon"] = attrs.evolve(b.pieces["filemon"], hex=(8, 10))
    olivier = by_target(svg(state))["piece:olivier"]
    lines = {line.find(f"{SVG}title").text: line.get("class")
             for line in olivier.findall(f".//{SVG}g[@class='los']/{SVG}line")}
    assert lines[f"olivier cannot see stephanos: {TREBUCHET}"] == "unseen"
    assert lines["olivier sees filemon"] == "seen"  # the line to 8,10 passes north of it
    b.engines["trebuchet"] = attrs.evolve(b.engines["trebuchet"], condition="destroyed")
    assert GAME.command(state, N, "sight", "4,11 8,11").startswith(
        "4,11 (level 0) to 8,11 (level 0), range 4: clear line of sight through 5,11 6,11 7,11")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(OUTSIDE), st.sampled_from(OUTSIDE))
def test_the_boards_sight_is_fires_line_of_fire_past_the_stone_thrower(a, z):
    """With nobody else about, a composite bow (27 hexes) on ``a`` may fire at ``z`` exactly
    when the board, with the engines as the scenario places them, says ``a`` sees ``z``."""
    battle = new_battle("siege_methods_assault")
    archer = attrs.evolve(battle.pieces["stephanos"], hex=a)
    battle.pieces = {"stephanos": archer}
    bow = ASSAULT.data.weapons["composite_bow"]
    seen = sight(ASSAULT, a, z, standing(ASSAULT, [], {e.id: attrs.asdict(e) for e in battle.engines.values()}))
    assert (a != z and fire_cover(battle, archer, bow, z) is not None) == (a != z and seen.sees)
