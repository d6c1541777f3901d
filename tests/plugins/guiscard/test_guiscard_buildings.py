"""Guiscard buildings (§8) rule by rule on the Village map, with exact outcomes: walls, windows,
doors, courtyards, low walls, outer corners and tents for movement (§8.4), fire and cover
(§8.2, §8.3) and melee (§8.5); the rulebook's tent example (S-10, S-11). The Village fight
scenario is played by random agents and has its conformance suite in test_guiscard_scenarios.py.

Village landmarks (axial q,r): the house's north window hex 5,3 (sill 5,2 outside), east window
hex 6,4 (sill 7,4), south door hex 5,5 (street 4,6), the door 3,4 into the courtyard, the
courtyard entrance between 0,4 and -1,4, outer corners 1,2 and 8,2, the garden low wall between
9,4 and 10,4, tent A 1,9 (entrance) 2,9 0,10 1,10 and tent B 9,9 (entrance) 10,9 8,10 9,10."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import banneret
from banneret.errors import DataError
from banneret.boards.hexgrid import distance
from banneret.flow import Frame
from banneret.testing import PlayScript, Setup, scripts, walk
from banneret.testing.datafiles import copy_data_package, rewrite_json
from banneret_guiscard import buildings, castles
from banneret_guiscard.data_model import DATA_PACKAGE, build_data, load_data
from banneret_guiscard.fire import OffensiveFire, engaged, fire_cover
from banneret_guiscard.melee import Combat, combat_column, may_attack
from banneret_guiscard.movement import Movement, may_stop, step_options
from banneret_guiscard.state import Battle, Piece

from test_guiscard_movement import GAME, REG, foot, labels, play, rider

N, B = "normans", "byzantines"
DATA = load_data()
VILLAGE = "Village fight"


def position(*pieces: Piece, step=OffensiveFire) -> banneret.State:
    """The Normans' phase of the Village fight at ``step`` with exactly these characters."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=VILLAGE)
    b = state.data
    b.pieces = {p.id: p for p in pieces}
    b.stunned_in = {p.id: 0 for p in pieces if p.health == "stunned"}
    state.stack[-1] = Frame(step.name, {})
    GAME.flow.settle(state)
    return state


def cover(shooter: tuple[int, int], target: tuple[int, int], weapon: str = "composite_bow") -> str | None:
    """The cover of a Norman archer's shot at a Byzantine, nobody else on the map."""
    state = position(foot("stephanos", N, shooter), foot("yani", B, target))
    b = state.data
    return fire_cover(b, b.pieces["stephanos"], DATA.weapons[weapon], target)


def steps(state: banneret.State, pid: str, left: int) -> dict[tuple[int, int], int]:
    b = state.data
    return {s.hex: s.cost for s in step_options(b, b.pieces[pid], left)}


def column(state: banneret.State, attackers: tuple[str, ...], defenders: tuple[str, ...]) -> str:
    _, index = combat_column(state, attackers, defenders)
    return DATA.melee["foot"].columns[index].label


# --------------------------------------------------------------------------- data (§8.1, P-21)


def test_the_village_holds_every_structure_of_8_1_but_the_unidentified_row():
    village = DATA.maps["village"].board
    terrains = {village.attrs(h)["terrain"] for h in village.hexes()}
    assert {"interior", "window", "door", "house_stairs", "corner", "tent", "tent_entrance", "courtyard"} <= terrains
    assert "unidentified" not in terrains and DATA.terrain.terrains["unidentified"].provenance == "reconstructed"
    features = [f["feature"] for f in village.sides().values()]
    assert {f: features.count(f) for f in set(features)} == {
        "wall": 38, "window": 2, "door": 2, "courtyard_entrance": 1, "low_wall": 17}
    scenario = DATA.scenarios["village_fight"]
    assert (scenario.map, scenario.turns, [s.id for s in scenario.sides]) == ("village", 8, [N, B])


def test_the_loader_refuses_an_opening_without_a_building(tmp_path, monkeypatch):
    name, folder = copy_data_package(DATA_PACKAGE, tmp_path, monkeypatch)
    rewrite_json(folder, "map_village.json", lambda m: m["hexsides"].append(
        {"a": [12, 0], "b": [13, 0], "feature": "window", "provenance": "placeholder"}))
    with pytest.raises(DataError, match=r"map_village.json hexside .*: a 'window' needs a building or courtyard hex"):
        build_data(name)


# --------------------------------------------------------------------------- movement (§8.4)


def test_walls_are_never_crossed_and_horses_never_enter_a_building():
    state = position(foot("milo", N, (4, 2)), rider("tancrede", N, (4, 6), 1), foot("petros", B, (12, 0)),
                     step=Movement)
    assert (4, 3) not in steps(state, "milo", 8)             # a wall between 4,2 and 4,3 (§8.2.4)
    b = state.data
    heads = {s.hex for s in step_options(b, b.pieces["tancrede"], 8)}
    assert (5, 5) in heads                                    # a rider may stand on the door hex (§8.4)
    state.data.pieces["tancrede"] = rider("tancrede", N, (5, 5), 1)
    heads = {s.hex for s in step_options(b, b.pieces["tancrede"], 8)}
    assert not heads & {(4, 5), (6, 4), (5, 4)}               # never into the interior (invariant 61)


def test_s10_a_window_costs_four_and_a_wounded_armoured_man_never_crosses_it():
    state = position(foot("romaric", N, (5, 2)), foot("petros", B, (12, 0)), step=Movement)
    assert steps(state, "romaric", 6)[(5, 3)] == 4            # healthy armoured, MA 6 (§8.4.1)
    state.data.pieces["romaric"] = foot("romaric", N, (5, 2), "wounded")
    assert state.data.ma(state.data.pieces["romaric"]) == 3
    assert (5, 3) not in steps(state, "romaric", 3)           # S-10: 4 MP > MA 3
    state.data.pieces["romaric"] = foot("romaric", N, (5, 3))
    assert steps(state, "romaric", 6)[(5, 2)] == 4            # out again: 4 as well
    assert steps(state, "romaric", 6)[(4, 3)] == 1            # into the room: 1


def test_no_window_crossing_into_an_enemy_nor_by_a_rider():
    state = position(foot("milo", N, (5, 2)), foot("yani", B, (5, 3), "stunned"), step=Movement)
    assert (5, 3) not in steps(state, "milo", 8)              # a stunned enemy behind the sill (§8.4.1)
    b = state.data
    b.pieces = {"tancrede": rider("tancrede", N, (5, 2), 4), "yani": foot("yani", B, (12, 0))}
    assert (5, 3) not in {s.hex for s in step_options(b, b.pieces["tancrede"], 8)}


def test_a_low_wall_costs_two_more_and_no_rider_ends_astride_it():
    state = position(foot("milo", N, (10, 4)), foot("petros", B, (12, 0)), step=Movement)
    assert steps(state, "milo", 8)[(9, 4)] == 3               # 2 + 1 for clear (§8.4.2)
    assert steps(state, "milo", 8)[(11, 4)] == 1
    b = state.data
    b.pieces["milo"] = rider("milo", N, (9, 4), 3)           # head west of the wall, rear east of it
    assert not may_stop(b, b.pieces["milo"])
    b.pieces["milo"] = rider("milo", N, (8, 4), 3)
    assert may_stop(b, b.pieces["milo"])


def test_the_courtyard_is_open_to_horses_through_its_entrance():
    state = position(rider("tancrede", N, (-1, 4), 3), foot("petros", B, (12, 0)), step=Movement)
    b = state.data
    b.pieces["tancrede"] = rider("tancrede", N, (-1, 4), 0)  # facing east, rear on -2,4
    heads = {s.hex: s.cost for s in step_options(b, b.pieces["tancrede"], 8)}
    assert heads[(0, 4)] == 1                                # through the entrance into the courtyard
    b.pieces["tancrede"] = rider("tancrede", N, (0, 3), 0)   # outside the courtyard's north wall
    assert (1, 3) not in {s.hex for s in step_options(b, b.pieces["tancrede"], 8)}


# --------------------------------------------------------------------------- fire and cover (§8.2, §8.3)


def test_walls_hide_the_inside_and_windows_show_only_the_hex_behind_them():
    assert cover((5, 0), (4, 4)) is None                      # behind walls: infinite cover (§8.3.3)
    assert cover((5, 0), (4, 3)) is None                      # next to the window, not behind it
    assert cover((5, 0), (5, 3)) == "medium"                  # right behind the window (§8.2.1 b)


def test_from_inside_only_a_window_or_the_door_lets_a_shooter_fire_out():
    assert cover((5, 3), (5, 0)) == "none"                    # from the window hex, out (§8.2.1 a)
    assert cover((4, 3), (5, 0)) is None                      # from the room through the window: no
    assert cover((5, 5), (4, 8)) == "none"                    # from the door hex, from its opening (§8.2.3)


def test_the_hex_just_behind_a_door_fires_through_it_from_the_middle_of_the_opening():
    # §9.3.2: from the street hex 4,6 outside the south door the lines may start at the door's
    # middle, as from the door hex 5,5 (§8.2.3); drawn from 4,6's centre they meet the walls.
    assert cover((4, 6), (4, 4)) == "medium"                  # the room, through the door (§8.3.1)
    assert cover((4, 6), (4, 3)) == "medium"
    assert cover((4, 6), (5, 3)) == "medium"                  # the north window hex, from inside
    assert cover((4, 6), (3, 4)) == "medium"                  # the door hex into the courtyard
    assert cover((3, 7), (4, 4)) is None                      # a hex farther off: its centre only
    state = position(foot("stephanos", N, (4, 6)))
    assert buildings.fire_origins(state.data, (4, 6)) == [None, (5, 5)]
    assert buildings.fire_origins(state.data, (3, 7)) == [None]


def test_the_sill_shooter_fires_into_the_room_and_the_inside_has_medium_cover_through_openings():
    assert cover((5, 2), (4, 4)) == "medium"                  # from the sill, into the room (§8.2.1)
    assert cover((5, 2), (6, 5)) == "medium"                  # the stairs: medium anyway (§8.1)
    assert cover((3, 8), (5, 5)) == "medium"                  # the door hex from outside (§8.3.5)
    assert cover((5, 5), (4, 4)) == "none"                    # from the door hex, no cover inside (§8.3.1)


def test_a_low_wall_gives_medium_cover_just_behind_it():
    assert cover((12, 4), (9, 4)) == "medium"
    assert cover((9, 6), (10, 4)) == "none"                   # the wall is not on this line


def test_an_outer_corner_covers_only_against_a_line_along_the_building():
    assert cover((4, 2), (1, 2)) == "medium"                  # along the north wall (§8.3.6, reading)
    assert cover((1, 0), (1, 2)) == "none"                    # from the open side: sees two faces


def test_s11_tents_heavy_cover_light_through_the_entrance():
    assert cover((-2, 9), (2, 9)) == "light"                  # Romaric: the line crosses his entrance
    assert cover((3, 9), (2, 9)) == "heavy"                   # from the other side: the canvas
    assert cover((11, 9), (10, 9)) == "heavy"                 # Arthur in tent B
    assert cover((7, 9), (9, 9)) == "light"                   # the entrance hex itself (§8.1)


def test_a_window_shooter_may_fire_at_an_adjacent_rider_but_not_at_a_man_on_foot():
    state = position(foot("stephanos", N, (5, 3)), rider("alexio", B, (5, 2), 0))
    b = state.data
    assert not engaged(b, b.pieces["stephanos"])             # a rider cannot fight through a window
    assert not may_attack(b, b.pieces["stephanos"], "alexio")
    b.pieces["alexio"] = foot("alexio", B, (5, 2))
    assert engaged(b, b.pieces["stephanos"])                  # a foot enemy at the sill is in contact


# --------------------------------------------------------------------------- combat (§8.5)


def test_across_a_window_or_door_the_defender_counts_favourable():
    # milo against yani: difference 6, column 5/8 before the terrain shift (P-07)
    state = position(foot("milo", N, (5, 2)), foot("yani", B, (5, 3)), step=Combat)
    assert column(state, ("milo",), ("yani",)) == "1/4"       # 0 against +: one left (§8.5.1)
    state = position(foot("milo", N, (5, 3)), foot("yani", B, (5, 2)), step=Combat)
    assert column(state, ("milo",), ("yani",)) == "-4/0"      # from the window - against +: two left
    state = position(foot("milo", N, (4, 6)), foot("yani", B, (5, 5)), step=Combat)
    assert column(state, ("milo",), ("yani",)) == "1/4"       # through the door
    state = position(foot("milo", N, (10, 4)), foot("yani", B, (9, 4)), step=Combat)
    assert column(state, ("milo",), ("yani",)) == "1/4"       # behind the low wall (§8.1)
    state = position(foot("milo", N, (11, 4)), foot("yani", B, (10, 4)), step=Combat)
    assert column(state, ("milo",), ("yani",)) == "5/8"       # open ground: no shift
    state = position(foot("milo", N, (4, 3)), foot("yani", B, (4, 4)), step=Combat)
    assert column(state, ("milo",), ("yani",)) == "5/8"       # both inside: + against +


def test_s11_no_attack_through_canvas_until_a_whole_turn_of_cutting():
    state = position(foot("milo", N, (3, 9)), foot("romaric", B, (2, 9)), step=Combat)
    b = state.data
    assert not may_attack(b, b.pieces["milo"], "romaric")    # §8.5.2
    state = position(foot("milo", N, (3, 9)), foot("romaric", B, (2, 9)), step=Movement)
    assert "milo cuts the tent on 2,9" in labels(state)
    state.data.fired_in["milo"] = (state.data.phase, "javelin")
    assert buildings.cut_options(state.data, ["milo"]) == []  # it fired this phase: no whole turn left
    del state.data.fired_in["milo"]
    play(state, "milo cuts the tent on 2,9")
    b = state.data
    assert "milo" in b.busy and "move milo" not in labels(state)
    assert b.structures == {(2, 9): ("cut", 1)}
    assert not buildings.may_fight(b, (3, 9), (2, 9), False)  # not yet: the cut takes the whole turn
    state = position(foot("milo", N, (3, 9)), foot("romaric", B, (2, 9)), step=Combat)
    b = state.data
    b.structures[(2, 9)] = ("cut", 1)
    b.turn = 2
    assert may_attack(b, b.pieces["milo"], "romaric")        # the next turn: the cut hex is an entrance
    assert cover((3, 9), (2, 9)) == "heavy"                   # in a fresh game the canvas is whole


def test_the_cut_canvas_lets_a_character_through_next_turn():
    state = position(foot("milo", N, (3, 9)), foot("petros", B, (12, 0)), step=Movement)
    assert (2, 9) not in steps(state, "milo", 8)              # no way in but the entrance
    play(state, "milo cuts the tent on 2,9")
    b = state.data
    b.turn += 1
    assert steps(state, "milo", 8)[(2, 9)] == 2
    assert (1, 10) in {s.hex for s in step_options(b, foot("milo", N, (2, 9)), 8)}
    b.pieces["milo"] = foot("milo", N, (0, 10))               # inside tent A: it cuts its own canvas
    assert buildings.cut_options(b, ["milo"]) == [("milo", (0, 10))]


# --------------------------------------------------------------------------- random play (Part VI 61, 65, 66)


def _structure_faults(b: Battle, before: dict[str, tuple[tuple[int, int], bool, int]],
                      pushed: frozenset[str] = frozenset()) -> list[str]:
    """What random play must never show: a character on a hex it may not stand on as the hex is
    now (a horse inside a building, anyone on the palisade or a closed gate), or a step on foot
    through a wall, a slit, a cliff or tent canvas, or a rider's step through a window.
    ``pushed``: characters that retreated and were then pushed on in the same step (two
    retreats out of one fire), who may end one hex from where they were by two legal steps."""
    t = b.tables
    faults = []
    for pid, p in b.pieces.items():
        if not p.alive:
            continue
        for h in p.hexes():
            if castles.terrain_at(b, h).cost(p.mounted, t.counter(pid).armoured) is None:
                faults.append(f"{pid} on {castles.terrain_at(b, h).id} at {h}")
        old, was_mounted, _ = before.get(pid, (p.hex, p.mounted, p.floor))
        if not p.mounted and not was_mounted and distance(old, p.hex) == 1:
            crossed = buildings.feature(b, old, p.hex)
            by_two = pid in pushed and any(p.hex in t.crossable[m] for m in t.crossable[old])
            if p.hex not in t.crossable[old] and not by_two:
                faults.append(f"{pid} crossed an impassable hexside {old}-{p.hex}")
            if buildings.tent_wall(b, old, p.hex):  # a cut opens the canvas a turn later, never mid-move
                faults.append(f"{pid} went through tent canvas {old}-{p.hex}")
            if crossed is not None and crossed.opening == "slit":
                faults.append(f"{pid} went through a slit")
    return faults


def _floor_faults(b: Battle, before: dict[str, tuple[tuple[int, int], bool, int]],
                  gone_back: frozenset[str] = frozenset(),
                  trail: dict[str, set[tuple[tuple[int, int], int]]] | None = None) -> list[str]:
    """What random play must never show of the upper floors (§8, readings): anyone upstairs off
    the storey or mounted, a change of floor anywhere but between the stairs and a storey hex
    beside their top, or a melee offered between two floors but by the stairs. ``gone_back``:
    movers that could not stop where they were and went back to the last place where they
    could (§4.1), which must be one of the places of their ``trail`` this phase."""
    t = b.tables
    faults = []
    for pid, p in b.pieces.items():
        if p.floor and (p.mounted or p.hex not in t.storey):
            faults.append(f"{pid} upstairs on {p.hex}, off the storey or mounted")
        old, _, floor = before.get(pid, (p.hex, p.mounted, p.floor))
        if pid in gone_back:
            if trail is not None and (p.hex, p.floor) not in trail.get(pid, ()):
                faults.append(f"{pid} went back to {p.hex} on floor {p.floor}, where it had not been this phase")
        elif p.alive and floor != p.floor and (p.hex, p.floor) not in t.places_beside(old, floor):
            faults.append(f"{pid} changed floor from {old} to {p.hex} but by the stairs")
    for p in b.pieces.values():
        for e in b.enemies_of(p.side):
            if (e.alive and e.floor != p.floor and may_attack(b, p, e.id)
                    and (e.hex, e.floor) not in t.places_beside(p.hex, p.floor)):
                faults.append(f"{p.id} may attack {e.id} on another floor but by the stairs")
    return faults


@settings(max_examples=4, deadline=None)
@given(scripts(max_drawn=60), st.sampled_from(["Village fight", "Castle assault", "Siege-methods assault",
                                                "House fight"]))
# two retreats out of one spreading fire: stephanos steps 6,3 -> 6,4, filemon follows and pushes
# him on to 5,4 (one hex from 6,3, across a wall, by two legal steps)
@example(PlayScript(seed=1, players_pick=0, scenario_pick=0, choices=(), agent_seed=3652), "Castle assault")
# the Siege-methods gate raised, lowered and raised again (§9.2.3, reading)
@example(PlayScript(seed=2, players_pick=0, scenario_pick=0, choices=(), agent_seed=13), "Siege-methods assault")
# a stunned friend carried onto the platform was put down across its edge to the bailey below
@example(PlayScript(seed=305642, players_pick=0, scenario_pick=0, choices=(1,), agent_seed=1595448),
         "Siege-methods assault")
# men upstairs and on the stairs: sandro below okeanos is offered an attack on him when
# results.can_attack forgets the floors (§8, reading)
@example(PlayScript(seed=2, players_pick=0, scenario_pick=0, choices=(), agent_seed=2), "House fight")
# manueles climbs from the stairs to 5,4 upstairs, may not stop there and goes back to 4,5 on
# the ground, where his move began (§4.1): a return, not a step between the floors
@example(PlayScript(seed=0, players_pick=0, scenario_pick=0, choices=(0, 0), agent_seed=292), "House fight")
def test_random_games_keep_the_building_and_castle_rules(script, scenario):
    setup = Setup("guiscard", script.seed, 2, scenario, {})
    before: dict[str, tuple[tuple[int, int], bool, int]] = {}
    trail: dict[str, set[tuple[tuple[int, int], int]]] = {}  # each piece's places this phase
    moves = 0
    seen = 0
    for step in walk(setup, script, REG, max_steps=1500, hashes=False):
        b = step.state.data
        events = [e.text for e in step.state.log[seen:]]
        seen = len(step.state.log)
        pushed = frozenset(pid for pid in b.pieces if any(e.startswith(f"{pid} is pushed to") for e in events)
                           and any(e.startswith(f"{pid} retreat via") for e in events))
        gone_back = frozenset(pid for pid in b.pieces
                              if any(e.startswith(f"{pid} may not stop there and ends the move on") for e in events))
        assert _structure_faults(b, before, pushed) == [] and _floor_faults(b, before, gone_back, trail) == []
        moves += sum(before.get(pid, (p.hex,))[0] != p.hex for pid, p in b.pieces.items())
        before = {pid: (p.hex, p.mounted, p.floor) for pid, p in b.pieces.items()}
        if any(e.endswith("player phase") for e in events):
            trail = {}
        for pid, p in b.pieces.items():
            trail.setdefault(pid, set()).add((p.hex, p.floor))
    assert moves > 0
