"""Guiscard siege weapons (§10.3-§10.5) on the Siege-methods assault, with exact outcomes:
burning arrows, the stone thrower (crew, reload, scatter, stones on characters, engines and
wooden defences) and Greek fire (range, arc, malfunction, naphtha and its lighting, S-24);
Part VI invariants 23, 41, 67, 74 and 75; the scenario played to its end by random and
heuristic players, its conformance suite, and both boards showing engines and fires.

The scenario's engines: the Normans' stone thrower ``trebuchet`` on 6,11 with its front to the
north-west (its front hexes 7,10, 6,10 and 5,11), the Byzantines' Greek fire ``siphon`` on the
platform 8,6 facing south-east (P-08: the 120° in front of it)."""

from __future__ import annotations

import attrs
import banneret
import pytest
from banneret.boards.hexgrid import distance
from banneret.flow import Frame
from banneret.simulate import make_batch, play_one
from banneret.testing import conformance_tests
from banneret_guiscard.data_model import load_data
from banneret_guiscard.engines import (
    HaulEngines, SiegeFire, arrow_shots, crew, engine_ready, engine_targets, haul, hauls, landing_hex, shoot_arrow,
    throw_stone, work_engine,
)
from banneret_guiscard.fire import fire_cover
from banneret_guiscard.movement import step_options
from banneret_guiscard.retreat import RetreatOrder
from banneret_guiscard.state import Flame, Piece

from test_guiscard_agent import choice as agent_choice
from test_guiscard_board_state import svg
from test_guiscard_flames import act, labels
from test_guiscard_movement import GAME, REG, force_dice, foot

N, B = "normans", "byzantines"
SIEGE = "Siege-methods assault"
DATA = load_data()
TREBUCHET, SIPHON = (6, 11), (8, 6)
CREW = (foot("gautier", N, (7, 10)), foot("apolline", N, (6, 10)), foot("guido", N, (5, 11)))


def position(*pieces: Piece, side: str = N, turn: int = 1) -> banneret.State:
    """``side``'s offensive fire in game turn ``turn`` of the Siege-methods assault, just these
    characters on the map."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=SIEGE)
    b = state.data
    b.pieces = {p.id: p for p in pieces}
    b.side, b.turn, b.step = side, turn, 1
    state.stack[-1] = Frame(SiegeFire.name, {})
    GAME.flow.settle(state)
    return state


# --------------------------------------------------------------------------- §10.3 burning arrows


def test_41_burning_arrows_only_from_bows_at_short_range_at_wood_engines_or_naphtha():
    state = position(foot("olivier", N, (11, 9)), foot("guillaume", N, (10, 10)), foot("stephanos", B, (12, 0)))
    b = state.data
    b.naphtha.add((12, 7))
    shots = arrow_shots(b, N)
    assert {s[0] for s in shots} == {"olivier"}           # a javelin man has no burning arrows
    hexes = {h for _, _, h in shots}
    assert {(8, 9), SIPHON, (12, 7)} <= hexes              # the palisade, the enemy engine, naphtha
    assert all(distance((11, 9), h) <= 7 for h in hexes)   # short range (P-05: 1-7)
    assert all(b.tables.terrain[h].burns or h in (SIPHON, (12, 7)) for h in hexes)  # never a bare hex
    assert TREBUCHET not in hexes and (12, 0) not in hexes  # not his own engine, not a character


def test_a_burning_arrow_sets_the_palisade_alight_on_the_wood_column_and_spends_the_shot():
    state = position(foot("olivier", N, (7, 11)), foot("stephanos", B, (9, 5)))
    b = state.data
    force_dice(state, 4)  # P-09 wood: 1-3
    assert shoot_arrow(state, "olivier", "short_bow", (7, 9)) == [] and (7, 9) not in b.flames
    assert b.fired_in["olivier"] == (b.phase, "short_bow") and arrow_shots(b, N) == []
    b.fired_in.clear()
    force_dice(state, 3)
    shoot_arrow(state, "olivier", "short_bow", (7, 9))
    assert b.flames[(7, 9)] == Flame(N) and b.pieces["stephanos"].health == "healthy"


# --------------------------------------------------------------------------- §10.4 the stone thrower


def test_75_the_stone_thrower_needs_three_men_at_its_front_and_fires_once_in_three_turns():
    state = position(*CREW[:2], foot("guillaume", N, (7, 11)), foot("petros", B, (6, 6)))
    b = state.data
    trebuchet = b.engines["trebuchet"]
    assert crew(b, trebuchet) == ["apolline", "gautier"] and not engine_ready(b, trebuchet)  # 7,11 is behind it
    b.pieces["guido"] = CREW[2]
    assert engine_ready(b, trebuchet)
    assert (6, 6) in engine_targets(b, trebuchet) and (7, 9) in engine_targets(b, trebuchet)  # petros; the palisade
    force_dice(state, 10, 10, 10)  # 2d10 20: two hexes off; then whatever is there
    work_engine(state, "trebuchet", (6, 6))
    assert b.busy >= {"gautier", "apolline", "guido"} and b.engines["trebuchet"].fired_turn == 1
    for turn, ready in ((2, False), (3, False), (4, True)):
        b.turn, b.busy = turn, set()
        assert engine_ready(b, b.engines["trebuchet"]) is ready, turn


def test_the_stone_lands_by_2d10_on_the_scatter_diagram():
    state = position(*CREW, foot("petros", B, (12, 0)))
    landed = []
    for dice in ((5, 6), (6, 6), (4, 6), (6, 7), (10, 10), (1, 1)):
        force_dice(state, *dice)
        landed.append(landing_hex(state, TREBUCHET, (6, 5)))  # the line of fire runs north-west, direction 2
    # 11 the aimed hex; 12 beyond; 10 short; 13 ring 1 at +60°; 20 ring 2 at 150°; 2 ring 2 at 180° (P-04)
    assert landed == [(6, 5), (6, 4), (6, 6), (5, 5), (5, 7), (6, 7)]


def test_a_stone_on_characters_rolls_on_the_fire_tables_stone_row():
    state = position(*CREW, foot("petros", B, (6, 6)), foot("okeanos", B, (7, 6)))
    b = state.data
    force_dice(state, 5, 6, 1)  # aimed hex; F
    throw_stone(state, b.engines["trebuchet"], (6, 6))
    assert b.pieces["petros"].health == "dead" and b.pieces["okeanos"].health == "healthy"
    force_dice(state, 5, 6, 1)
    throw_stone(state, b.engines["trebuchet"], (7, 6))
    assert b.pieces["okeanos"].health == "wounded"  # F on an armoured man


def test_67_a_stone_smashes_one_wooden_defence_hex_a_day_and_engines_on_the_wood_column():
    state = position(*CREW, foot("petros", B, (12, 0)))
    b = state.data
    force_dice(state, 5, 6, 4)  # P-10 W at 1 strike point: 1-3
    throw_stone(state, b.engines["trebuchet"], (7, 9))
    assert (7, 9) not in b.structures
    force_dice(state, 5, 6, 3)
    throw_stone(state, b.engines["trebuchet"], (7, 9))
    assert b.structures[(7, 9)] == ("destroyed", 1) and b.battered == {(7, 9)}
    force_dice(state, 5, 6, 1)
    throw_stone(state, b.engines["trebuchet"], (5, 9))
    assert (5, 9) not in b.structures  # the day's one wooden-defence hex is down (§9.2.5)
    force_dice(state, 5, 6, 2)
    throw_stone(state, b.engines["trebuchet"], SIPHON)
    assert b.engines["siphon"].condition == "destroyed"


def test_23_no_one_enters_a_stone_throwers_hex_and_no_shot_passes_it():
    state = position(foot("olivier", N, (4, 11)), foot("petros", B, (8, 11)), foot("apolline", N, (6, 10)))
    b = state.data
    assert TREBUCHET not in {s.hex for s in step_options(b, b.pieces["apolline"], 6)}
    bow = DATA.weapons["short_bow"]
    assert fire_cover(b, b.pieces["olivier"], bow, (8, 11)) is None  # the line runs 5,11 6,11 7,11
    b.engines["trebuchet"] = attrs.evolve(b.engines["trebuchet"], condition="destroyed")
    assert fire_cover(b, b.pieces["olivier"], bow, (8, 11)) == "none"


def test_four_haulers_move_the_stone_thrower_two_flat_hexes_or_one_into_brush_and_go_with_it():
    haulers = (foot("gautier", N, (0, 4)), foot("apolline", N, (-2, 5)), foot("guido", N, (-2, 6)),
               foot("sandro", N, (-1, 6)))
    state = position(*haulers[:3], foot("petros", B, (12, 0)))
    b = state.data
    b.engines["trebuchet"] = attrs.evolve(b.engines["trebuchet"], hex=(-1, 5))
    assert hauls(b, b.engines["trebuchet"]) == []  # three are not enough (§10.4.2)
    b.pieces["sandro"] = haulers[3]
    routes = hauls(b, b.engines["trebuchet"])
    assert ((0, 5),) in routes and not any(r[0] == (0, 5) and len(r) == 2 for r in routes)  # brush: one hex
    assert ((-1, 4),) in routes and not any(r[0] == (-1, 4) and len(r) == 2 for r in routes)  # brush too
    assert all(len(r) == 1 or b.tables.terrain[r[0]].cost_foot == 1 for r in routes) and max(map(len, routes)) == 2
    b.flames[(-1, 5)] = Flame(B)
    assert hauls(b, b.engines["trebuchet"]) == []  # not out of its own fire
    del b.flames[(-1, 5)]
    haul(state, "trebuchet", ((0, 5),))
    assert b.engines["trebuchet"].hex == (0, 5)
    assert [b.pieces[p].hex for p in ("gautier", "apolline", "guido", "sandro")] == [(1, 4), (-1, 5), (-1, 6), (0, 6)]
    assert {"gautier", "apolline", "guido", "sandro"} <= b.done & b.busy  # they do nothing else this turn
    assert hauls(b, b.engines["trebuchet"]) == []


# --------------------------------------------------------------------------- §10.5 Greek fire (S-24)

NAPHTHA = {(10, 9), (11, 9), (11, 8), (10, 8), (9, 9), (9, 10), (10, 10)}


def greek_fire_position() -> banneret.State:
    """S-24: the siphon and its two men; four Normans, two on the ring round 10,9 (5 hexes
    away), one on 9,8 (3 hexes), an archer off to the side."""
    return position(foot("manueles", B, (8, 7)), foot("petros", B, (7, 7)), foot("milo", N, (10, 10)),
                    foot("guillaume", N, (11, 8)), foot("romaric", N, (9, 8)), foot("olivier", N, (7, 11)), side=B)


def test_74_greek_fire_aims_5_to_10_hexes_into_its_front_and_a_nearer_target_is_refused():
    state = greek_fire_position()
    b = state.data
    targets = engine_targets(b, b.engines["siphon"])
    assert (10, 9) in targets and (11, 9) in targets
    assert (9, 8) not in targets and (9, 9) not in targets  # romaric at 3 hexes, his neighbour at 4
    assert labels(state) == ["work siphon", "end siege fire"]
    b.pieces["petros"] = foot("petros", B, (5, 5))
    assert not engine_ready(b, b.engines["siphon"])  # two men next to it (§10.5.1)


def test_s24_naphtha_on_seven_hexes_does_nothing_until_a_burning_arrow_lights_all_seven():
    state = greek_fire_position()
    b = state.data
    force_dice(state, 3)  # the malfunction roll: works
    assert work_engine(state, "siphon", (10, 9)) == []
    assert b.naphtha == NAPHTHA and all(p.health == "healthy" for p in b.pieces.values())
    b.side, b.phase = N, b.phase + 1
    force_dice(state, 7, 5, 9)  # P-09 naphtha: 1-7; milo rolls 5: killed; guillaume 9: retreats
    orders = shoot_arrow(state, "olivier", "short_bow", (10, 10))
    assert set(b.flames) == NAPHTHA and all(f.naphtha for f in b.flames.values()) and not b.naphtha
    assert b.pieces["milo"].health == "dead"
    assert orders == [RetreatOrder("guillaume", 1, away=(11, 8))] and b.pieces["guillaume"].health == "healthy"


@pytest.mark.parametrize("roll, condition", [(1, "destroyed"), (2, "jammed")])
def test_74_the_malfunction_roll_before_each_shot(roll, condition):
    state = greek_fire_position()
    b = state.data
    force_dice(state, roll)
    work_engine(state, "siphon", (10, 9))
    assert b.engines["siphon"].condition == condition
    assert b.naphtha == (set(b.tables.around[SIPHON]) if roll == 1 else set())  # a burst siphon spills round itself
    b.turn, b.busy = 20, set()
    assert not engine_ready(b, b.engines["siphon"])


def test_74_greek_fire_fires_once_in_five_turns():
    state = greek_fire_position()
    b = state.data
    force_dice(state, 5)
    work_engine(state, "siphon", (10, 9))
    for turn, ready in ((5, False), (6, True)):
        b.turn, b.busy = turn, set()
        assert engine_ready(b, b.engines["siphon"]) is ready, turn


# --------------------------------------------------------------------------- the boards


def test_both_boards_show_the_engines_and_the_fires():
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=SIEGE)
    state.data.flames[(7, 9)] = Flame(N, 1)
    state.data.naphtha.add((9, 10))
    text = GAME.render(state, None)
    notes = [line.strip() for line in text.splitlines() if line.startswith("  siege: ")]
    assert notes == ["siege: engine siphon: greek fire of the byzantines on 8,6 facing SE, ready",
                     "siege: engine trebuchet: stone thrower of the normans on 6,11 facing NW, ready",
                     "siege: fire on 7,9: lit by the normans, 1 turn burnt",
                     "siege: naphtha, not alight: 9,10"]
    row = {line[1:4].strip(): line for line in text.splitlines() if line.startswith("r")}
    assert "FI1" in row["9"] and "STr2" in row["11"] and "GFr5" in row["6"] and "nn0" in row["10"]
    root = svg(state)
    titles = [e.text for e in root.iter("{http://www.w3.org/2000/svg}title")]
    assert "fire on 7,9, lit by the normans, 1 turns burnt" in titles
    assert "trebuchet: Stone thrower, ready" in titles and "siphon: Greek fire, ready" in titles
    assert any(e.get("class") == "naphtha" for e in root.iter("{http://www.w3.org/2000/svg}polygon"))


# --------------------------------------------------------------------------- the scenario


@pytest.mark.parametrize("seats", [{}, {N: "heuristic", B: "heuristic"}])
def test_the_scenario_is_played_to_its_end(seats):
    batch = make_batch(REG, "guiscard", seed=3, scenario=SIEGE, seats=seats)
    result = play_one(batch, 0, REG)
    assert result.error is None and result.violations == 0, (result.error, result.messages)
    assert result.finished and result.ended_by == "rules" and result.turn == 12  # its 12 turns


TestConformanceSiegeMethodsAssault = conformance_tests(
    "guiscard", registry=REG, scenario=SIEGE, max_steps=150, sample_every=150, check_every=10,
    skip_checks=("undo", "agents", "shared_sequences", "board"),  # the Placeholder 1 suites cover these
)["TestConformanceGuiscard"]


def test_the_heuristic_never_hauls_the_stone_thrower_it_ends_the_hauling():
    """``siege_scores`` holds a hauled stone thrower worth nothing (it reaches the whole map); the
    ropes' scores, which also offer a "haul" (§10.6.5), must not read the engine's hauling."""
    state = position(foot("gautier", N, (0, 4)), foot("apolline", N, (-2, 5)), foot("guido", N, (-2, 6)),
                     foot("sandro", N, (-1, 6)), foot("petros", B, (12, 0)))
    b = state.data
    b.engines["trebuchet"] = attrs.evolve(b.engines["trebuchet"], hex=(-1, 5))
    state.stack[-1] = Frame(HaulEngines.name, {})
    GAME.flow.settle(state)
    offered = labels(state)
    assert "haul trebuchet via 0,5" in offered and offered[-1] == "no haul"
    assert agent_choice(state) == "no haul"
