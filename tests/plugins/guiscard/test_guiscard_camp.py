"""Guiscard tents and jetties on fire (§10.2, §10.3, §11.4.2, §3.2) on the Lagoon of the Sally
on the camp, with exact outcomes: the fire table's tent column, a tent set alight by hand and
its occupant's escape, a tent hex burnt down to open ground with its canvas gone, no spreading
into tents, a jetty catching by spreading and burnt down to the water under it; tents that
never burn where the scenario does not say so. The scenario's random games and conformance
suite are in ``test_guiscard_scenarios.py``.

Lagoon landmarks (axial q,r): three four-hex tents, the entrances 7,3, 5,7 and 9,5 (the
canvas 8,3, 6,4, 7,4; 6,7, 4,8, 5,8; 10,5, 8,6, 9,6); the jetty -1,6 and 0,6 in the shallows
off the beach 1,6."""

from __future__ import annotations

import banneret
from banneret.flow import Frame
from banneret_guiscard import buildings, castles
from banneret_guiscard.data_model import MAP_FILES, data_provenance, load_data
from banneret_guiscard.engines import SiegeFire, arrow_shots, arrow_targets
from banneret_guiscard.fire import fire_cover
from banneret_guiscard.flames import FireWork, burnable
from banneret_guiscard.plugin import battle_invariants
from banneret_guiscard.state import Flame, Piece

from test_guiscard_flames import act, end_of_turn, fire_lines, labels
from test_guiscard_movement import GAME, REG, force_dice, foot, rider

N, B = "normans", "byzantines"
CAMP = "Sally on the camp"
DATA = load_data()


def position(*pieces: Piece, step=SiegeFire, side: str = B, flames=None, scenario: str = CAMP) -> banneret.State:
    """``side``'s phase of the Sally on the camp at ``step`` (offensive fire's siege part, or
    the combat step's fire work), with exactly these characters and ``flames``."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=scenario)
    b = state.data
    b.pieces = {p.id: p for p in pieces}
    b.flames = dict(flames or {})
    b.side = side
    b.step = 1 if step is SiegeFire else 4
    state.stack[-1] = Frame(step.name, {})
    GAME.flow.settle(state)
    return state


def test_the_lagoon_is_a_placeholder_map_with_three_tents_and_a_jetty_off_the_beach():
    lagoon = DATA.maps["lagoon"]
    assert MAP_FILES["lagoon"] == "map_lagoon.json" and lagoon.record.provenance == "placeholder"
    assert data_provenance()["map_lagoon.json"] == "placeholder"
    tents = buildings.structures_for("sally_on_the_camp").tent_of
    groups = {t: sorted(h for h in tents if tents[h] == t) for t in set(tents.values())}
    assert sorted(groups.values()) == [[(4, 8), (5, 7), (5, 8), (6, 7)], [(6, 4), (7, 3), (7, 4), (8, 3)],
                                       [(8, 6), (9, 5), (9, 6), (10, 5)]]
    terrain = {h: lagoon.board.attrs(h)["terrain"] for h in lagoon.board.hexes()}
    assert sorted(h for h, t in terrain.items() if t == "tent_entrance") == [(5, 7), (7, 3), (9, 5)]
    assert sorted(h for h, t in terrain.items() if t == "jetty") == [(-1, 6), (0, 6)] and terrain[(1, 6)] == "beach"
    jetty = DATA.terrain.terrains["jetty"]
    assert (jetty.burns, dict(jetty.changes_to), jetty.cost_foot) == (True, {"destroyed": "shallow_water"}, 1)


def test_the_fire_table_has_a_tent_column_and_only_the_sally_lets_tents_burn():
    assert DATA.siege.fire_table.arrow_tent == 5  # P-09: 1-5
    assert [s.id for s in DATA.scenarios.values() if s.tents_burn] == ["sally_on_the_camp"]
    village = position(foot("stephanos", B, (4, 9)), foot("milo", N, (12, 0)), scenario="Village fight")
    b = village.data
    assert b.tables.terrain[(1, 10)].tent == "canvas" and not burnable(b, (1, 10))
    assert arrow_shots(b, B) == [] and not any(b.tables.terrain[h].tent for h in arrow_targets(b))


def test_a_burning_arrow_sets_a_tent_alight_on_the_tent_column():
    state = position(foot("stephanos", B, (12, 5)), foot("milo", N, (3, 10)))
    assert labels(state)[-2:] == ["stephanos: burning arrow at 10,5", "end siege fire"]
    assert len(labels(state)) == 13  # the twelve tent hexes within short range and sight
    missed = state.clone()
    force_dice(missed, 6)
    act(missed, "stephanos: burning arrow at 10,5")
    assert missed.data.flames == {} and fire_lines(missed) == ["stephanos shoots a burning arrow at 10,5 (tent): d10 6"]
    force_dice(state, 5)
    act(state, "stephanos: burning arrow at 10,5")
    assert state.data.flames == {(10, 5): Flame(B)}
    assert fire_lines(state) == ["stephanos shoots a burning arrow at 10,5 (tent): d10 5", "10,5 catches fire"]


def test_a_tent_set_alight_by_hand_drives_out_the_knight_inside_through_his_tent():
    state = position(foot("manueles", B, (8, 4)), foot("tancrede", N, (7, 4)), step=FireWork)
    assert labels(state) == ["manueles sets fire to 7,4", "manueles sets fire to 8,3", "end fire work"]
    act(state, "manueles sets fire to 7,4")
    assert labels(state) == ["retreat via 6,4", "retreat via 7,3", "retreat via 8,3"]  # never through the canvas
    act(state, "retreat via 7,3")
    b = state.data
    assert b.pieces["tancrede"].hex == (7, 3) and b.flames == {(7, 4): Flame(B)}
    assert battle_invariants(state) == []


def test_a_tent_hex_burnt_three_turns_is_open_ground_and_fire_never_spreads_into_tents():
    state = position(foot("milo", N, (3, 10)), foot("stephanos", B, (12, 5)), step=FireWork,
                     flames={(10, 5): Flame(B, 2)})
    b = state.data
    assert buildings.tent_wall(b, (10, 5), (11, 5))
    end_of_turn(state)
    assert not [line for line in fire_lines(state) if "spreads" in line]  # 9,5, 9,6 are tents: no roll
    assert b.flames == {} and b.structures[(10, 5)] == ("destroyed", 1)
    ground = castles.terrain_at(b, (10, 5))
    assert (ground.id, ground.cost_foot, ground.cost_mounted, ground.cover) == ("tent_burnt", 1, 1, "none")
    assert not buildings.tent_wall(b, (10, 5), (11, 5)) and not burnable(b, (10, 5))
    b.pieces["milo"] = foot("milo", N, (10, 5))
    assert fire_cover(b, b.pieces["stephanos"], DATA.weapons["composite_bow"], (10, 5)) == "none"
    assert battle_invariants(state) == []


def test_a_jetty_catches_by_spreading_and_burns_down_to_the_shallows_under_it():
    state = position(foot("milo", N, (3, 10)), foot("stephanos", B, (12, 5)), step=FireWork,
                     flames={(0, 6): Flame(B)})
    b = state.data
    force_dice(state, 3)  # P-09 spread: 1-3; the jetty's -1,6 is its only neighbour that burns
    end_of_turn(state)
    assert b.flames == {(0, 6): Flame(B, 1), (-1, 6): Flame(B)}
    assert [line for line in fire_lines(state) if "spreads" in line] == ["fire on 0,6 spreads to -1,6? d10 3"]
    b.flames = {(0, 6): Flame(B, 2)}
    end_of_turn(state)
    water = castles.terrain_at(b, (0, 6))
    assert b.structures[(0, 6)] == ("destroyed", 1) and (water.id, water.cost_foot) == ("shallow_water", 2)
    assert castles.terrain_at(b, (-1, 6)).id == "jetty"


def test_a_rider_never_enters_a_standing_tent_but_crosses_the_burnt_ground():
    state = position(rider("tancrede", N, (12, 4), 3), foot("stephanos", B, (10, 8)), step=FireWork)
    b = state.data
    assert castles.terrain_at(b, (10, 5)).cost(True, True) is None
    b.structures[(10, 5)] = ("destroyed", 1)
    assert castles.terrain_at(b, (10, 5)).cost(True, True) == 1


def test_a_target_in_the_water_behind_the_jetty_has_medium_cover_until_it_burns():
    # §5.5.2.4: the line from 3,6 along row 6 crosses the beach and the jetty to the deep 2 west of it
    state = position(foot("stephanos", B, (3, 6)), foot("milo", N, (-2, 6)), foot("guillaume", N, (0, 7)),
                     step=FireWork)
    b = state.data
    bow = DATA.weapons["composite_bow"]
    assert fire_cover(b, b.pieces["stephanos"], bow, (-2, 6)) == "medium"
    assert fire_cover(b, b.pieces["stephanos"], bow, (0, 7)) == "light"  # in the shallows, no jetty on the line
    b.structures[(0, 6)] = b.structures[(-1, 6)] = ("destroyed", 1)
    assert fire_cover(b, b.pieces["stephanos"], bow, (-2, 6)) == "light"  # burnt down: water's own cover
