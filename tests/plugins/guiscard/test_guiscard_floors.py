"""Guiscard's upper floors (§8, readings: the rules say nothing of storeys) on the Manor, with
exact outcomes: the storey and its stairs as data, stacking per floor, the stairs' MP, melee
between floors only by the stairs, fire kept on its shooter's floor but through the storey's
windows and slits (one spanning two hexes, A-25's two levels), infiltration, retreats and
advances that keep their floor, the sill shooter's room (§8.2.1), the Keep tower's upper storey,
and both boards showing who stands upstairs and the storey's openings. Random games of
the House fight keep these rules in test_guiscard_buildings.py
(``test_random_games_keep_the_building_and_castle_rules``).

Manor landmarks (axial q,r): a cottage of two rooms in the south-east, 6,7 7,7 and 5,8 6,8, a door
between 6,7 and 6,8, windows 6,7 (sill 6,6) and 5,8 (sill 4,8); the house 3,3 4,3 5,3 6,3 / 2,4 3,4 4,4 5,4 / 2,5 3,5 4,5 5,5; its
street door between 3,5 (the door hex) and 3,6, windows 2,4 (west, sill 1,4) and 6,3 (east,
sill 7,3); the stairs 4,4 in the middle; the storey over the eight room hexes 3,3 4,3 5,3 3,4
5,4 2,5 4,5 5,5; the stairs' top opens onto 4,3 5,3 3,4 5,4 4,5."""

from __future__ import annotations

from xml.etree import ElementTree

import attrs
import pytest

import banneret
from banneret.flow import Frame
from banneret.errors import DataError
from banneret.testing.conformance import draw_board
from banneret.testing.datafiles import copy_data_package, rewrite_json
from banneret.boards.hexgrid import distance
from banneret_guiscard.board import render_board, sight
from banneret_guiscard.buildings import structures_for
from banneret_guiscard.data_model import DATA_PACKAGE, build_data, load_data
from banneret_guiscard.fire import OffensiveFire, engaged, fire_cover, strike, targets
from banneret_guiscard.melee import Combat, advance_starts, may_attack, surrounded
from banneret_guiscard.movement import Movement, infiltration_testers, may_stop, step_options
from banneret_guiscard.results import kill
from banneret_guiscard.retreat import RetreatOrder, retreat_paths
from banneret_guiscard.state import Piece, tables_for

from test_guiscard_castles import position as castle_position
from test_guiscard_movement import GAME, REG, foot, labels, play

N, B = "normans", "byzantines"
SVG = "{http://www.w3.org/2000/svg}"
DATA = load_data()
HOUSE = "House fight"
STAIRS = (4, 4)


def up(pid: str, side: str, hex_: tuple[int, int], health: str = "healthy") -> Piece:
    """A character on foot upstairs, on the storey over ``hex_``."""
    return attrs.evolve(foot(pid, side, hex_, health), floor=1)


def position(*pieces: Piece, step=Movement) -> banneret.State:
    """The Normans' phase of the House fight at ``step`` with exactly these characters."""
    return castle_position(*pieces, step=step, scenario=HOUSE)


def drawn(state: banneret.State) -> str:
    """The web board's picture for the Normans."""
    drawing = draw_board(REG, state, "normans", banneret.legal_actions(state, "normans"))
    assert drawing is not None
    return drawing.svg


def steps(state: banneret.State, pid: str, left: int = 8) -> dict[tuple[tuple[int, int], str], int]:
    b = state.data
    return {(s.hex, s.kind): s.cost for s in step_options(b, b.pieces[pid], left)}


# --------------------------------------------------------------------------- the storey as data


def test_the_manor_has_a_storey_over_its_rooms_joined_to_the_ground_by_the_stairs():
    t = tables_for("house_fight")
    assert t.storey == {(3, 3), (4, 3), (5, 3), (3, 4), (5, 4), (2, 5), (4, 5), (5, 5)}
    assert dict(t.stairs_top) == {STAIRS: {(4, 3), (5, 3), (3, 4), (5, 4), (4, 5)}}
    assert t.stairs_below[(5, 4)] == {STAIRS} and t.stairs_below[(3, 3)] == frozenset()
    assert t.storey_around[(5, 4)] == {(5, 3), (4, 5), (5, 5)}          # not the window bay 6,3, not the stairs
    assert t.places_beside((5, 4), 1) == (((4, 5), 1), ((5, 3), 1), ((5, 5), 1), (STAIRS, 0))
    scenario = DATA.scenarios["house_fight"]
    assert {p.counter: p.floor for p in scenario.forces if p.floor} == {"yani": 1, "okeanos": 1}
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=HOUSE)
    assert (state.data.pieces["yani"].hex, state.data.pieces["yani"].floor) == ((5, 4), 1)


def test_the_loader_refuses_a_storey_off_a_building_and_a_man_upstairs_where_there_is_none(tmp_path, monkeypatch):
    name, folder = copy_data_package(DATA_PACKAGE, tmp_path, monkeypatch)
    rewrite_json(folder, "map_manor.json", lambda m: m["storey"].append([0, 0]))
    with pytest.raises(DataError, match=r"map_manor.json storey \(0, 0\): an upper storey stands only over a building"):
        build_data(name)
    name, folder = copy_data_package(DATA_PACKAGE, tmp_path / "second", monkeypatch)

    def upstairs_in_the_street(scenarios):
        house = next(sc for sc in scenarios if sc["id"] == "house_fight")
        next(f for f in house["forces"] if f["counter"] == "milo")["floor"] = 1
    rewrite_json(folder, "scenarios.json", upstairs_in_the_street)
    with pytest.raises(DataError, match=r"force 'milo': floor 1 is for a character on foot on an upper-storey hex"):
        build_data(name)


def test_a_piece_record_declares_its_floor_so_equality_and_the_view_follow_it():
    below, above = foot("milo", N, (5, 4)), up("milo", N, (5, 4))
    assert below != above and hash(below) != hash(above)
    assert above.moved((5, 3), None).floor == 1                       # a step keeps the floor
    state = position(above, foot("petros", B, (8, 0)))
    assert GAME.view(state, None)["pieces"]["milo"]["floor"] == 1


# --------------------------------------------------------------------------- movement and stacking


def test_the_stairs_cost_two_and_their_top_one_more_up_to_the_storey():
    state = position(foot("milo", N, STAIRS), foot("petros", B, (8, 0)))
    ups = {h: cost for (h, kind), cost in steps(state, "milo").items() if kind == "up"}
    assert ups == {(4, 3): 1, (5, 3): 1, (3, 4): 1, (5, 4): 1, (4, 5): 1}     # every storey hex beside the top
    assert steps(state, "milo")[((3, 5), "foot")] == 1                         # and the ground as anywhere
    state = position(up("milo", N, (5, 4)), foot("petros", B, (8, 0)))
    assert steps(state, "milo") == {((5, 3), "foot"): 1, ((4, 5), "foot"): 1, ((5, 5), "foot"): 1,
                                    (STAIRS, "down"): 2}                        # the stairs' 2 MP down (§8.1)
    state = position(foot("milo", N, (3, 6)), foot("petros", B, (8, 0)))
    play(state, "move milo", "to 3,5 (1 MP)", "to 4,4 (2 MP)", "up the stairs to 5,4 (1 MP)", "to 5,3 (1 MP)")
    milo = state.data.pieces["milo"]
    assert (milo.hex, milo.floor, state.data.left["milo"]) == ((5, 3), 1, 8 - 5)
    play(state, "stop here")
    assert state.data.pieces["milo"].floor == 1


def test_each_floor_of_a_hex_holds_its_own_character():
    state = position(foot("milo", N, STAIRS), up("sandro", N, (5, 4)), foot("romaric", N, (5, 4)),
                     foot("petros", B, (8, 0)))
    b = state.data
    assert may_stop(b, b.pieces["sandro"]) and may_stop(b, b.pieces["romaric"])   # one above the other
    assert ((5, 4), "up") in steps(state, "milo")                                 # a friend: passed, not stopped on
    assert may_stop(b, attrs.evolve(b.pieces["milo"], hex=(5, 4), floor=1)) is False
    b.pieces["petros"] = up("petros", B, (5, 4))
    del b.pieces["sandro"]
    assert ((5, 4), "up") not in steps(state, "milo")                             # an enemy upstairs: closed
    assert may_stop(b, attrs.evolve(b.pieces["milo"], hex=(5, 3), floor=1))       # the storey beside it is free


def test_an_enemy_below_neither_closes_nor_tests_a_man_upstairs():
    state = position(up("milo", N, (5, 4)), foot("petros", B, (5, 3)), foot("karim", B, (4, 5)))
    b = state.data
    assert steps(state, "milo")[((5, 3), "foot")] == 1                            # petros is on the ground
    assert infiltration_testers(b, b.pieces["milo"], False) == []
    b.pieces["karim"] = foot("karim", B, STAIRS)                                  # on the stairs: beside him
    assert [e.id for e in infiltration_testers(b, b.pieces["milo"], False)] == ["karim"]


def test_a_man_killed_upstairs_lies_upstairs_and_bodies_there_slow_that_floor_only():
    state = position(up("yani", B, (5, 4)), up("milo", N, (4, 5)), foot("sandro", N, (4, 4)))
    b = state.data
    kill(b, "yani")
    assert (b.bodies_above, b.bodies) == ({(5, 4): (1, 0)}, {})
    assert "  upstairs: bodies on 5,4: 1" in render_board(GAME.view(state, None))
    b.bodies_above[(5, 4)] = (3, 0)                                               # three: +1 MP (§4.2.2)
    assert steps(state, "milo")[((5, 4), "foot")] == 2
    assert steps(state, "sandro")[((5, 4), "up")] == 2 and steps(state, "sandro")[((5, 4), "foot")] == 1  # below: 1


def test_two_men_upstairs_clear_the_bodies_lying_there_onto_the_storey():
    state = position(up("milo", N, (5, 3)), up("sandro", N, (5, 5)), foot("romaric", N, (5, 3)),
                     foot("petros", B, (8, 0)))
    b = state.data
    b.bodies_above[(5, 4)] = (3, 0)
    b.bodies[(5, 4)] = (3, 0)
    state.stack[-1] = Frame(Movement.name, {})  # offer the menu again, with the bodies
    GAME.flow.settle(state)
    assert "clear bodies upstairs on 5,4" in labels(state)
    assert "clear bodies on 5,4" not in labels(state)                            # only romaric below: no pair
    play(state, "clear bodies upstairs on 5,4")                                   # one pair: chosen at once
    assert labels(state) == ["dead characters to 5,3", "dead characters to 4,5", "dead characters to 5,5"]
    play(state, "dead characters to 4,5")                                         # the storey hexes beside it
    assert (b.bodies_above, b.bodies) == ({(4, 5): (3, 0)}, {(5, 4): (3, 0)})
    assert {"milo", "sandro"} <= b.busy and "romaric" not in b.busy


# --------------------------------------------------------------------------- melee between floors


def test_melee_between_floors_only_by_the_stairs():
    state = position(foot("milo", N, STAIRS), foot("sandro", N, (5, 4)), up("romaric", N, (4, 5)),
                     up("yani", B, (5, 4)), foot("petros", B, (3, 4)), step=Combat)
    b = state.data
    assert may_attack(b, b.pieces["milo"], "yani") and may_attack(b, b.pieces["milo"], "petros")  # the stairs: both
    assert not may_attack(b, b.pieces["sandro"], "yani")                          # right below him: no
    assert may_attack(b, b.pieces["romaric"], "yani")                             # beside him upstairs
    assert not may_attack(b, b.pieces["romaric"], "petros")
    assert engaged(b, b.pieces["yani"]) and not engaged(b, b.pieces["sandro"])  # in contact only by the stairs


def test_a_stunned_man_upstairs_is_surrounded_by_the_places_of_his_floor_and_the_stairs():
    state = position(up("yani", B, (3, 3), "stunned"), foot("milo", N, (3, 4)), foot("sandro", N, (4, 3)),
                     step=Combat)
    b = state.data
    assert not surrounded(b, b.pieces["yani"])                                    # the men below do not count
    b.pieces["milo"], b.pieces["sandro"] = up("milo", N, (3, 4)), up("sandro", N, (4, 3))
    assert surrounded(b, b.pieces["yani"])                                        # 3,3's two storey neighbours


def test_an_advance_after_combat_keeps_the_winners_floor():
    state = position(foot("milo", N, STAIRS), up("sandro", N, (5, 3)), up("yani", B, (5, 4)), step=Combat)
    b = state.data
    b.pieces["yani"] = attrs.evolve(b.pieces["yani"], hex=(5, 5))                 # beaten, he fell back
    assert advance_starts(b, ("milo", "sandro"), ((5, 4),), 1) == [("sandro", (5, 4), 1)]  # not milo up the stairs
    assert advance_starts(b, ("milo", "sandro"), ((5, 4),), 0) == [("milo", (5, 4), 1)]  # one beaten below it


def test_a_retreat_upstairs_stays_on_the_storey():
    state = position(up("yani", B, (5, 4)), up("milo", N, (5, 3)), step=Combat)
    b = state.data
    assert retreat_paths(b, RetreatOrder("yani", 1, enemies=("milo",))) == [((4, 5),), ((5, 5),)]  # not the stairs
    assert retreat_paths(b, RetreatOrder("yani", 2, enemies=("milo",))) == []            # the storey ends there


# --------------------------------------------------------------------------- fire stays on its floor


def test_a_shot_stays_on_its_shooters_floor():
    state = position(up("stephanos", N, (3, 3)), up("yani", B, (5, 5)), foot("petros", B, (5, 4)),
                     foot("karim", B, (3, 6)), step=OffensiveFire)
    b = state.data
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (5, 5))]      # no opening in 3,3's edge
    b.pieces["stephanos"] = foot("stephanos", N, (3, 3))
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (3, 6)), ("composite_bow", (5, 4))]  # the ground


def test_a_line_upstairs_stays_under_the_roof():
    state = position(up("stephanos", N, (3, 4)), up("yani", B, (5, 3)), step=OffensiveFire)
    b = state.data
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (5, 3))]      # over the stairs' well
    b.pieces["stephanos"], b.pieces["yani"] = up("stephanos", N, (2, 5)), up("yani", B, (4, 5))
    assert targets(b, b.pieces["stephanos"]) == []                               # over the door bay: no floor
    b.pieces["stephanos"], b.pieces["yani"] = foot("stephanos", N, (2, 5)), foot("yani", B, (4, 5))
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (4, 5))]      # below, the same line is open


# --------------------------------------------------------------------------- the storey's windows and slits


def test_the_storeys_windows_and_its_two_hex_slit_as_data():
    t = tables_for("house_fight")
    assert dict(t.storey_openings) == {(4, 3): (((4, 2), "window"),), (2, 5): (((1, 5), "window"),),
                                       (5, 4): (((6, 4), "slit"),), (5, 5): (((6, 4), "slit"),)}


def test_the_loader_refuses_a_storey_opening_that_is_not_above_a_wall(tmp_path, monkeypatch):
    name, folder = copy_data_package(DATA_PACKAGE, tmp_path, monkeypatch)
    rewrite_json(folder, "map_manor.json", lambda m: m["storey_openings"].append(
        {"a": [4, 5], "b": [3, 5], "feature": "window", "provenance": "placeholder"}))   # inside, no wall there
    with pytest.raises(DataError, match=r"storey opening \(4, 5\)-\(3, 5\): a window or slit of the storey hex"):
        build_data(name)


def test_from_upstairs_a_man_fires_out_of_his_window_or_slit_two_levels_up():
    state = position(up("stephanos", B, (5, 5)), foot("olivier", N, (10, 3)), step=OffensiveFire)
    b = state.data
    bow = DATA.weapons["composite_bow"]
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (10, 3), 0)]  # out of the slit (§9.3.3)
    assert fire_cover(b, b.pieces["stephanos"], bow, (10, 3), floor=0) == "none"  # brush, 5 off: lost from 2 up
    b.pieces["stephanos"] = foot("stephanos", B, (5, 2))                          # (A-25; 1 up, within 4 only)
    assert fire_cover(b, b.pieces["stephanos"], bow, (10, 3)) == "light"          # from the ground it holds
    b.pieces["stephanos"] = up("stephanos", B, (5, 4))                            # the slit's other hex
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (10, 3), 0)]
    b.pieces["stephanos"] = up("stephanos", B, (3, 4))                            # no opening in his edge
    assert targets(b, b.pieces["stephanos"]) == []
    b.pieces["stephanos"] = up("stephanos", B, (5, 5))
    b.pieces["petros"] = foot("petros", B, (9, 3))                               # his friend beside the target
    assert targets(b, b.pieces["stephanos"]) == []                                # no shot from a height (§9.3.4)


def test_from_outside_only_the_man_behind_an_opening_is_fired_at_heavy_through_a_slit_medium_through_a_window():
    state = position(foot("stephanos", N, (7, 3)), up("yani", B, (5, 5)), foot("petros", B, (5, 4)),
                     step=OffensiveFire)
    b = state.data
    bow = DATA.weapons["composite_bow"]
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (5, 4)), ("composite_bow", (5, 5), 1)]
    assert fire_cover(b, b.pieces["stephanos"], bow, (5, 5), floor=1) == "heavy"  # through the slit (§9.4.1)
    b.pieces["yani"] = up("yani", B, (4, 3))
    b.pieces["stephanos"] = foot("stephanos", N, (4, 0))
    assert fire_cover(b, b.pieces["stephanos"], bow, (4, 3), floor=1) == "medium"  # through the window (§8.2.1)
    b.pieces["yani"] = up("yani", B, (3, 3))                                      # no opening in 3,3's edge
    assert fire_cover(b, b.pieces["stephanos"], bow, (3, 3), floor=1) is None


def test_a_shot_aimed_upstairs_strikes_the_man_there_and_one_that_misses_falls_to_the_ground():
    state = position(foot("stephanos", N, (7, 3)), up("yani", B, (5, 5)), foot("petros", B, (5, 5)),
                     foot("karim", B, (6, 5)), step=OffensiveFire)
    strike(state, "stephanos", "composite_bow", (5, 5), (5, 5), 1)               # on the aimed hex: upstairs
    log = [e.text for e in state.log if e.kind == "fire"]
    assert log[-1].startswith("yani (heavy cover): d10") and not any("petros" in line for line in log)
    strike(state, "stephanos", "composite_bow", (5, 5), (6, 5), 1)               # missed: the ground beside
    log = [e.text for e in state.log if e.kind == "fire"]
    assert log[-1].startswith("karim (")


# --------------------------------------------------------------------------- rooms (§8.2.1)


def test_from_the_sill_a_shooter_fires_into_that_room_only():
    rooms = structures_for("house_fight").room_of
    assert rooms[(6, 7)] == rooms[(7, 7)] != rooms[(6, 8)] == rooms[(5, 8)]    # the cottage's two rooms
    assert len({rooms[h] for h in tables_for("house_fight").storey}) == 1         # the house: one
    state = position(foot("stephanos", N, (6, 6)), foot("yani", B, (7, 7)), foot("petros", B, (6, 8)),
                     foot("karim", B, (5, 8)), step=OffensiveFire)
    b = state.data
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (7, 7))]      # not petros through the inner door
    b.pieces["stephanos"] = foot("stephanos", N, (6, 7))                          # inside, at the window: he may
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (6, 8)), ("composite_bow", (7, 7))]
    b.pieces["stephanos"] = foot("stephanos", N, (4, 8))                          # the other room's sill
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (5, 8))]


# --------------------------------------------------------------------------- the Keep's tower (A-25, §9.3.3)


def test_the_keeps_tower_has_an_upper_storey_with_its_slits_one_spanning_two_hexes():
    t = tables_for("castle_assault")
    assert t.storey == {(3, 2), (3, 3), (4, 3)} and dict(t.stairs_top) == {(4, 2): {(3, 2), (3, 3), (4, 3)}}
    assert dict(t.storey_openings) == {(3, 2): (((3, 1), "slit"),), (3, 3): (((2, 4), "slit"), ((3, 4), "slit")),
                                       (4, 3): (((3, 4), "slit"),)}
    state = castle_position(foot("stephanos", N, (4, 0)), up("yani", B, (3, 2)), foot("petros", B, (3, 2)),
                            step=OffensiveFire)
    b = state.data
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (3, 2)), ("composite_bow", (3, 2), 1)]  # each floor
    b.pieces = {"stephanos": up("stephanos", B, (4, 3)), "milo": foot("milo", N, (4, 6))}
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (4, 6), 0)]   # the slit over the castle ground
    b.pieces["stephanos"] = up("stephanos", B, (3, 3))                            # its other hex
    assert targets(b, b.pieces["stephanos"]) == [("composite_bow", (4, 6), 0)]
    b.pieces["stephanos"] = up("stephanos", B, (3, 2))                            # north: not that way
    assert targets(b, b.pieces["stephanos"]) == []


# --------------------------------------------------------------------------- the boards


def test_both_boards_show_who_stands_upstairs():
    state = position(up("yani", B, (5, 4)), foot("milo", N, (5, 4)), up("okeanos", B, (3, 3)))
    view = GAME.view(state, None)
    text = render_board(view)
    assert "Bimh^" in text and "Bijh^" not in text                               # milo below hides yani's cell
    assert "  upstairs: yani on 5,4" in text and "  upstairs: okeanos on 3,3" in text
    assert "yani       byzantines  healthy  foot  5,4 upstairs" in text
    svg = drawn(state)
    assert "yani (byzantines): healthy, on foot on 5,4 upstairs" in svg and "h 1F" in svg
    assert "upstairs: yani on 5,4" in svg
    assert "storey&#x27;s arrow slit: 5,4 | 6,4" in svg and "storey&#x27;s window: 4,2 | 4,3" in svg
    assert "Bimh^ In0" in text and r"\W //" in text                              # the storey's window over 4,3


def test_the_sight_command_reads_each_end_on_its_floor_as_fire_does():
    """``sight`` with ``upstairs`` after a hex: out of the slit of 5,4-5,5 two levels up, none out
    of 3,4 (no opening in its edge), into the storey only across its window, under the roof
    between two men upstairs (over the stairs' well, not over the door bay); the characters on
    the line are those on the floor it runs on."""
    state = position(foot("milo", N, (8, 4)), up("yani", B, (4, 3)), foot("petros", B, (4, 3)),
                     foot("karim", B, (4, 4)))
    def asked(words: str) -> str:
        return GAME.command(state, "normans", "sight", words)

    assert asked("5,5 upstairs 10,3") == (
        "5,5 upstairs (level 2) to 10,3 (level 0), range 5: clear line of sight through 6,4 7,4 8,4 9,3; "
        "characters on the line (they may stop some shots, §5.5.3): Nil milo (healthy)")
    assert asked("3,4 upstairs 10,3") == (
        "3,4 upstairs (level 2) to 10,3 (level 0), range 7: no line of sight: the upper storey on 3,4 has no window or "
        "slit (§8)")
    assert asked("4,0 4,3 upstairs") == "4,0 (level 0) to 4,3 upstairs (level 2), range 3: clear line of sight through 4,1 4,2"
    assert asked("4,0 5,3 upstairs").endswith("no line of sight: the upper storey on 5,3 has no window or slit (§8)")
    assert asked("3,4 upstairs 5,3 upstairs") == (
        "3,4 upstairs (level 2) to 5,3 upstairs (level 2), range 2: clear line of sight through 4,4")  # karim below: not in it
    assert asked("2,5 upstairs 4,5 upstairs").endswith(
        "no line of sight: the line leaves the upper storey: upstairs a line stays under its roof, over the storey and "
        "the stairs' well (§8)")
    assert asked("3,3 5,3") == (  # on the ground petros stands in the way, not yani over him
        "3,3 (level 0) to 5,3 (level 0), range 2: clear line of sight through 4,3; "
        "characters on the line (they may stop some shots, §5.5.3): Bic petros (healthy)")
    assert asked("3,3 upstairs 5,3 upstairs").endswith(
        "clear line of sight through 4,3; characters on the line (they may stop some shots, §5.5.3): Bij yani (healthy)")
    assert asked("8,7 upstairs 5,5") == (
        "no upper storey over 8,7 (the storey's hexes: 2,5 3,3 3,4 4,3 4,5 5,3 5,4 5,5)")


def test_sight_between_the_floors_sees_what_a_lone_bowman_may_shoot():
    """With nobody else on the map, a composite bow within range has a shot exactly where the
    boards' line of sight is clear, for every storey hex and every hex of the Manor, out of the
    storey, into it and from one man upstairs to another: both ask fire's own lines."""
    t = tables_for("house_fight")
    bow = DATA.weapons["composite_bow"]
    state = position()
    b = state.data
    for u in sorted(t.storey):
        for h in sorted(t.terrain):
            if h == u or bow.band_at(distance(u, h)) is None:
                continue
            out = fire_cover(b, up("stephanos", N, u), bow, h, floor=0) is not None
            assert sight(t, u, h, b, (1, 0)).sees == out, (u, h)
            into = fire_cover(b, foot("stephanos", N, h), bow, u, floor=1) is not None
            assert sight(t, h, u, b, (0, 1)).sees == into, (h, u)
            if h in t.storey:
                assert sight(t, u, h, b, (1, 1)).sees == (fire_cover(b, up("stephanos", N, u), bow, h) is not None), (u, h)


def test_the_web_board_draws_the_lines_of_a_man_upstairs_and_to_a_man_upstairs():
    """A bowman upstairs carries his lines from his counter, up and to the right of his hex's
    centre; a bowman below sees the man behind the window, not the one over a blind wall."""
    state = position(up("stephanos", N, (5, 5)), foot("olivier", N, (4, 0)), foot("karim", B, (10, 3)),
                     up("yani", B, (4, 3)), up("petros", B, (3, 3)))
    root = ElementTree.fromstring(drawn(state))
    lines = {pid: {line.find(f"{SVG}title").text: line for line in
                   next(e for e in root.iter() if e.get("data-target") == f"piece:{pid}").findall(
                       f".//{SVG}g[@class='los']/{SVG}line")} for pid in ("stephanos", "olivier")}
    out = lines["stephanos"]["stephanos sees karim"]
    assert out.get("class") == "seen"
    stephanos = next(e for e in root.iter() if e.get("data-target") == "piece:stephanos").find(f"{SVG}text")
    assert (float(out.get("x1")), float(out.get("y1"))) == (float(stephanos.get("x")), float(stephanos.get("y")) - 1)
    assert lines["stephanos"]["stephanos sees yani"].get("class") == "seen"  # under the roof, both upstairs
    assert lines["olivier"]["olivier sees yani"].get("class") == "seen"  # through the window of 4,3
    assert lines["olivier"]["olivier cannot see petros: the upper storey on 3,3 has no window or slit (§8)"].get(
        "class") == "unseen"
