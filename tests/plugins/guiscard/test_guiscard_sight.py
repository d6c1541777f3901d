"""One line of sight (§5.5, §8.2, §9.3): the terminal's ``sight`` command and the web board's
lines ask fire's own lines (``fire.traced_lines``), so on maps with structures they see what
fire sees."""

from __future__ import annotations

from xml.etree import ElementTree

import attrs
import banneret
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.registry import registry_from
from banneret.testing.conformance import draw_board
from banneret_guiscard import plugin
from banneret_guiscard.board import sight, standing
from banneret_guiscard.fire import fire_cover, fire_lines, fixed_lines, terrain_lines, traced_lines
from banneret_guiscard.state import new_battle, tables_for

REG = registry_from([plugin])
GAME = REG.game("guiscard")
SVG = "{http://www.w3.org/2000/svg}"
VILLAGE = tables_for("village_fight")
KEEP = tables_for("castle_assault")
WALL = "building wall between 6,5 and 7,5 (§8.2.4)"


def test_the_sight_command_on_the_village_finds_the_wall_fire_finds():
    """Olivier's bow on 10,4 and Okeanos on 5,5: the terrain alone leaves the line clear, but a
    house wall stands across it, so fire has no line and the command says so and why."""
    state = banneret.new_game("guiscard", seed=3, registry=REG, scenario="Village fight")
    b = state.data
    assert terrain_lines(VILLAGE, (10, 4), (5, 5))
    assert not fire_lines(b, b.pieces["olivier"], (5, 5))
    assert GAME.command(state, "normans", "sight", "10,4 5,5") == (
        f"10,4 (level 0) to 5,5 (level 0), range 5: no line of sight: {WALL}")


def test_the_web_board_draws_the_line_the_wall_blocks_as_blocked():
    state = banneret.new_game("guiscard", seed=3, registry=REG, scenario="Village fight")
    drawing = draw_board(REG, state, "normans", tuple(banneret.legal_actions(state, "normans")))
    assert drawing is not None
    root = ElementTree.fromstring(drawing.svg)
    olivier = next(e for e in root.iter() if e.get("data-target") == "piece:olivier")
    lines = {line.find(f"{SVG}title").text: line.get("class")
             for line in olivier.findall(f".//{SVG}g[@class='los']/{SVG}line")}
    assert lines[f"olivier cannot see okeanos: {WALL}"] == "unseen"
    assert lines["olivier sees filemon"] == "seen"  # at his window (§8.2.1)


def test_the_board_sees_the_keeps_gate_as_it_stands():
    """From 2,11 outside the Keep to 6,6 in the bailey the line passes the gate on 4,9: closed,
    it rises above its hex and blocks (§9.3.1); open, or destroyed as the scenario has it, the
    line passes (§9.4.2)."""
    closed = sight(KEEP, (2, 11), (6, 6), standing(KEEP, []))
    assert not closed.sees and closed.blockers == ("lifting gate (closed) on 4,9 (§9.3.1)",)
    assert sight(KEEP, (2, 11), (6, 6), standing(KEEP, [((4, 9), "open")])).sees
    assert sight(KEEP, (2, 11), (6, 6)).sees


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(sorted(VILLAGE.terrain)), st.sampled_from(sorted(VILLAGE.terrain)))
def test_the_boards_sight_is_fires_line_of_fire_in_the_village(a, z):
    """On the Village with nobody else about, a composite bow (27 hexes) on ``a`` may fire at
    ``z`` exactly when the board says ``a`` sees ``z`` (§5.5, §8.2)."""
    battle = new_battle("village_fight")
    archer = attrs.evolve(battle.pieces["stephanos"], hex=a)
    battle.pieces = {"stephanos": archer}
    bow = VILLAGE.data.weapons["composite_bow"]
    assert (a != z and fire_cover(battle, archer, bow, z) is not None) == (a != z and sight(VILLAGE, a, z).sees)


CHANGEABLE = sorted(h for h, terrain in KEEP.terrain.items() if terrain.changes_to)


def test_the_lines_the_structures_fix_are_those_traced_as_the_battle_stands():
    """On the Village and the Keep every line fire reads from its table (``fire.fixed_lines``)
    is the one traced now, with the Keep's gate and palisade standing, open or destroyed
    (§8.2, §9.2, §9.3.1): the table leaves out every line over a hex that may change."""
    keep_states = [[]] + [[(h, what) for h in CHANGEABLE if what in KEEP.terrain[h].changes_to]
                          for what in ("open", "destroyed")]
    for t, states in ((VILLAGE, [[]]), (KEEP, keep_states)):
        table = fixed_lines(t.scenario.id)
        assert table
        for structures in states:
            battle = standing(t, structures)
            for (a, z), lines in table.items():
                assert lines == tuple(tuple(path) for path in traced_lines(t, a, z, battle)), (a, z, structures)


def test_the_keep_traces_its_lines_over_the_gate_as_they_play():
    assert (2, 11) in KEEP.terrain and ((2, 11), (6, 6)) not in fixed_lines("castle_assault")
    assert len(fixed_lines("village_fight")) == len(VILLAGE.terrain) * (len(VILLAGE.terrain) - 1)
    assert not fixed_lines("open_skirmish")
