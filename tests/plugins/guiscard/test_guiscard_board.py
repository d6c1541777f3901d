"""Guiscard's terminal board and its line-of-sight query (:mod:`banneret_guiscard.board`):
what the text map shows, exact sight answers on the Test Field (trees, crests, the slope
hex, higher ground, lines along a hexside), sight symmetric over random pairs and the same as
fire's line of fire, and the
``sight`` command at the terminal prompt."""

from __future__ import annotations

import re

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import banneret
from banneret.boards.hexgrid import line_both
from banneret.cli import main
from banneret.registry import registry_from
from banneret_guiscard import board, plugin
from banneret_guiscard.board import parse_hex, sight
from banneret_guiscard.movement import kill, reachable
from banneret_guiscard.fire import fire_cover, terrain_lines
from banneret_guiscard.state import new_battle, tables_for

REG = registry_from([plugin])
GAME = REG.game("guiscard")
FIELD = tables_for("placeholder_1")
HEXES = sorted(FIELD.terrain)


def new(scenario: str = "Placeholder 1") -> banneret.State:
    """A game at its first movement step (the Normans let offensive fire and charges pass)."""
    state = banneret.new_game("guiscard", seed=3, registry=REG, scenario=scenario)
    for step, label in (("offensive-fire", "end offensive fire"), ("charges", "end charges")):
        if banneret.pending(state).kind == step:
            banneret.apply(state, banneret.find_action(state, "normans", label))
    return state


def cell(text: str, h: tuple[int, int]) -> str:
    """The five characters drawn for hex ``h`` in the terminal picture, found as a player finds
    it: the row that starts with its ``r``, then its ``q`` on the line under that row."""
    q, r = h
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("r") and line[1:4].strip() == str(r))
    assert lines[i + 1].startswith("   q ")
    labels = {int(m.group()): m.end() for m in re.finditer(r"-?\d+", lines[i + 1][len("   q "):])}
    start = len("   q ") + labels[q] - 3  # the q stands under the terrain letters and level
    return lines[i][start:start + 5].rstrip()


# --- the terminal picture -----------------------------------------------------------------------


def test_the_picture_shows_terrain_levels_crests_riders_and_the_legend():
    text = GAME.render(new(), None)
    assert cell(text, (10, -4)) == "..1"  # clear, level 1
    assert cell(text, (7, -2)) == "TT0"
    assert cell(text, (9, -2)) == "sl0^"  # a slope: the crest above it
    assert cell(text, (9, -1)) == "RR0#"  # rocks under a cliff face
    assert cell(text, (7, 0)) == "Nckh0" and cell(text, (6, 0)) == "Nck="  # robert: head facing E, rear
    assert cell(text, (13, 2)) == "Bchh3"  # argyris faces W
    assert "  Nck robert     normans     healthy  rider 7,0 6,0 facing E" in text.splitlines()
    assert text.splitlines()[-7].startswith("Legend:")
    assert "Ask 'sight Q,R Q,R'" in text



@pytest.mark.parametrize("scenario", [s.name for s in GAME.info.scenarios])
def test_every_hex_the_menus_name_is_found_by_its_row_and_column_labels(scenario):
    """A menu names a hex ``q,r`` (the first character's steps, the fire and sight menus alike):
    the row labelled ``r`` and the ``q`` on the line under it lead to that hex's own cell, for
    every hex of the map; the picture stays under 120 characters wide on the 16 x 12 maps."""
    state = banneret.new_game("guiscard", seed=1, registry=REG, scenario=scenario)
    player = banneret.pending(state).players[0]
    while GAME.view(state, None)["moving"] is None:  # on to the first character's steps, a menu of hexes
        actions = banneret.legal_actions(state, player)
        banneret.apply(state, next(a for a in actions if a.label.startswith(("move ", "end "))))
    text = GAME.render(state, None)
    t = tables_for(state.data.tables.scenario.id)
    mover = GAME.view(state, None)["moving"]
    drawn = board._cells(t, GAME.view(state, None), reachable(state.data, state.data.pieces[mover], state.data.left[mover]))
    assert {h: cell(text, h) for h in t.terrain} == {h: c[:5].rstrip() for h, c in drawn.items()}
    named = {(int(q), int(r)) for a in banneret.legal_actions(state, player)
             for q, r in re.findall(r"(-?\d+),(-?\d+)", a.label)}
    assert named and named <= set(t.terrain)
    if len(t.terrain) == 16 * 12:
        assert max(len(line) for line in text.splitlines() if line.startswith(("r", "   q"))) < 120


def test_the_moving_character_and_every_hex_its_move_can_reach_are_marked():
    state = new()
    banneret.apply(state, banneret.find_action(state, "normans", "move arthur"))
    text = GAME.render(state, None)
    b = state.data
    reach = reachable(b, b.pieces["arthur"], b.left["arthur"])
    marked = {h for h in FIELD.terrain if cell(text, h).endswith("*")}
    assert marked == reach - {h for p in b.pieces.values() for h in p.hexes()}
    assert len(marked) > 40
    assert "> Nck arthur" in text
    assert text.splitlines()[0].endswith("moving arthur (12 MP left)")


def test_bodies_horses_and_the_dead_are_drawn():
    state = new()
    kill(state.data, "robert")  # the rider falls: his body on the head hex, his horse stays
    kill(state.data, "milo")
    text = GAME.render(state, None)
    assert cell(text, (7, 0)) == "hrs0" and cell(text, (6, 0)) == "hrs="
    assert cell(text, (6, -1)) == "Nilx"  # milo lies there: his counter covers the body mark
    assert "  Nil milo       normans     dead     foot  6,-1" in text.splitlines()


# --- line of sight --------------------------------------------------------------------------------


def test_a_tree_between_blocks_the_line():
    seen = sight(FIELD, (6, -1), (8, -1))
    assert not seen.sees
    assert seen.blockers == ("tree on 7,-1 (§5.5.2.2)",)


def test_a_crest_hides_the_lower_end_closer_to_it_both_ways():
    for a, b in (((8, -2), (13, -2)), ((13, -2), (8, -2))):
        seen = sight(FIELD, a, b)
        assert not seen.sees
        # the line's first hex past the crest is the higher ground itself: fire's dead-ground rule
        assert seen.blockers == ("higher ground on 10,-2 (level 1), the lower end closer to it than the higher (§5.5.2.3)",)
    crest = sight(FIELD, (8, -4), (11, -4))  # the line meets the crest's hexside before a higher hex
    assert not crest.sees and crest.blockers == (
        "crest between 9,-4 and 10,-4, the lower end closer to it than the higher (§5.5.2.3)",)
    assert sight(FIELD, (7, -2), (11, -2)).sees  # the lower end as far from the crest as the higher: seen


def test_a_character_on_the_slope_hex_sees_over_its_own_crest():
    assert FIELD.terrain[(9, -2)].id == "slope"
    assert sight(FIELD, (9, -2), (13, -2)).sees


def test_ground_higher_than_both_ends_blocks():
    seen = sight(FIELD, (8, 0), (12, 1))
    assert FIELD.level[(8, 0)] == FIELD.level[(12, 1)] == 0
    assert not seen.sees and seen.blockers == ("higher ground on 10,0 (level 1)",)


def test_an_end_on_a_slope_hex_sees_from_half_way_up_as_fire_does():
    """13,0 is a slope hex: a character there counts as at its crest's level (§5.5.2.3), so
    the level-1 hill between is dead ground for the lower end, closer to it (fire's reading)."""
    assert FIELD.terrain[(13, 0)].id == "slope" and FIELD.level[(13, 0)] == 0
    seen = sight(FIELD, (8, 0), (13, 0))
    assert not seen.sees and seen.blockers == (
        "higher ground on 10,0 (level 1), the lower end closer to it than the higher (§5.5.2.3)",)


def test_a_line_along_a_hexside_is_clear_when_one_side_is():
    """A line grazing hexsides has two readings: the clear one counts (§5.5.1); blocked only
    when both are, each reading's blocker named."""
    first, second = line_both((4, 1), (8, -1))
    assert (7, -1) in second and FIELD.terrain[(7, -1)].id == "tree"
    seen = sight(FIELD, (4, 1), (8, -1))
    assert seen.sees and seen.line == tuple(first) == ((4, 1), (5, 1), (6, 0), (7, 0), (8, -1))
    both = sight(FIELD, (4, 0), (8, -2))
    assert not both.sees and both.blockers == ("tree on 7,-1 (§5.5.2.2)", "tree on 7,-2 (§5.5.2.2)")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(HEXES), st.sampled_from(HEXES))
def test_terrain_sight_is_symmetric(a, b):
    """Nothing in the terrain rules depends on who looks (§5.5.2.2, §5.5.2.3)."""
    assert sight(FIELD, a, b).sees == sight(FIELD, b, a).sees


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(HEXES), st.sampled_from(HEXES))
def test_the_boards_sight_is_fires_line_of_fire_on_an_empty_field(a, b):
    """One implementation (§5.5): on a field with no other character, a composite bow (27
    hexes) on ``a`` may fire at ``b`` exactly when the board says ``a`` sees ``b``."""
    battle = new_battle("placeholder_1")
    archer = attrs.evolve(battle.pieces["guillaume"], hex=a)
    battle.pieces = {"guillaume": archer}
    bow = FIELD.data.weapons["composite_bow"]
    assert (a != b and fire_cover(battle, archer, bow, b) is not None) == (a != b and sight(FIELD, a, b).sees)


DOWNS = tables_for("open_skirmish")


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(("placeholder_1", "open_skirmish")), st.data())
def test_the_sight_lines_table_holds_what_tracing_the_line_gives(scenario, data):
    """The lines fire reads from the tables (traced once per map, each pair once, a plain
    line where nothing could block) are those fire's predicates give, in both directions."""
    t = tables_for(scenario)
    hexes = sorted(t.terrain)
    a, b = data.draw(st.sampled_from(hexes)), data.draw(st.sampled_from(hexes))
    if a != b:
        assert t.sight_lines[(a, b)] == tuple(tuple(path) for path in terrain_lines(t, a, b))
        assert t.sight_lines[(b, a)] == tuple(tuple(path) for path in terrain_lines(t, b, a))


def test_scenarios_on_one_map_share_its_sight_lines():
    assert tables_for("cavalry_charge").sight_lines is DOWNS.sight_lines
    assert len(DOWNS.sight_lines) == len(DOWNS.terrain) * (len(DOWNS.terrain) - 1)


def test_parse_hex():
    assert parse_hex("5,-1") == (5, -1) and parse_hex("(5,-1)") == (5, -1)
    assert parse_hex("5") is None and parse_hex("a,b") is None


def test_the_sight_command_names_what_blocks_and_who_stands_on_the_line():
    state = new()
    assert GAME.command(state, "normans", "sight", "6,-1 8,-1") == (
        "6,-1 (level 0) to 8,-1 (level 0), range 2: no line of sight: tree on 7,-1 (§5.5.2.2)")
    assert GAME.command(state, "normans", "sight", "5,1 12,1") == (
        "5,1 (level 0) to 12,1 (level 0), range 7: clear line of sight through 6,1 7,1 8,1 9,1 10,1 11,1; "
        "characters on the line (they may stop some shots, §5.5.3): Nim romaric (healthy)")
    assert GAME.command(state, "normans", "sight", "5,1") == (
        "sight needs two hexes, for example: sight 5,1 12,1, or sight 3,3 upstairs 8,4")
    assert GAME.command(state, "normans", "sight", "5,1 99,0") == "not on the map: 99,0"


def test_the_sight_command_at_the_terminal_prompt():
    answers = iter(["help", "sight 6,-1 8,-1", "quit"])
    shown: list[str] = []
    code = main(["play", "guiscard", "--scenario", "Placeholder 1", "--seed", "1", "--seat", "byzantines=random"], registry=REG,
                ask=lambda prompt: next(answers), out=shown.append)
    assert code == 0
    assert ("  sight Q,R Q,R  does the first hex see the second, and if not, what blocks the line (§5.5); "
            "'upstairs' after a hex: its upper storey (§8)") in shown
    assert "6,-1 (level 0) to 8,-1 (level 0), range 2: no line of sight: tree on 7,-1 (§5.5.2.2)" in shown


def test_rendering_changes_nothing():
    state = new()
    banneret.apply(state, banneret.find_action(state, "normans", "move robert"))
    before = banneret.state_hash(state)
    GAME.render(state, None)
    GAME.command(state, "normans", "sight", "7,0 13,2")
    assert banneret.state_hash(state) == before
    assert attrs.asdict(state.data.pieces["robert"])["hex"] == (7, 0)


def test_maps_with_structures_trace_their_lines_as_they_play():
    """Walls, windows and the castle's gate change lines of fire with the shooter's hex and
    the state of play, so those maps keep no terrain table: fire reads the lines the
    structures fix from its own table (``fire.fixed_lines``) and traces the others."""
    assert not tables_for("village_fight").sight_lines and not tables_for("castle_assault").sight_lines
