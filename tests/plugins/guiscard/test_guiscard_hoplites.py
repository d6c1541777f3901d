"""Guiscard hoplites (§7.3) with exact outcomes, on the Downs: forming up and the formation's
geometry (P-08), the rulebook's example as S-09, the spears met first, the depth, flank and
rear shifts, retreats ignored or turned into wounds (§7.3.1, Part VI 57-58); the 3 MP and
2 MP moves, re-forming, the foulkon and its cover and column (§7.3.2, A-17, Part VI 15, 59);
infiltration in front of a formation only, and a moving formation's spears (§7.3.3, A-18,
Part VI 30); the A-15 option; the heuristic agent's formations; random games of the Mixed scenario keeping the invariants."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import banneret
from banneret.flow import Frame
from banneret.testing import conformance_tests
from banneret.testing.conformance import draw_board
from banneret_guiscard import hoplites
from banneret_guiscard.charges import Charges, charge_strengths
from banneret_guiscard.fire import OffensiveFire, fire_cover
from banneret_guiscard.melee import Combat, combat_column
from banneret_guiscard.movement import Movement, allowance, infiltration_testers, movable
from banneret_guiscard.state import Battle, Charge, Formation, Piece

from test_guiscard_agent import choice as agent_choice
from test_guiscard_tactics import declare
from test_guiscard_board_web import SVG
from test_guiscard_movement import GAME, REG, force_dice, foot, labels, play, rider

N, B = "normans", "byzantines"
ENE = 0
"""The facing of the block below: its front rank is column q=2, the ranks behind q=1 and q=0."""
BLOCK = {  # three ranks of three, rows 2-4 of the Downs (clear ground), facing east-north-east
    "nikolaos": (2, 2), "okeanos": (2, 3), "theodoros": (2, 4),
    "basileios": (1, 2), "leon": (1, 3), "kosmas": (1, 4),
    "ioannes": (0, 2), "demetrios": (0, 3), "michael": (0, 4),
}


def position(*pieces: Piece, step=Combat, formations=(), options=None) -> banneret.State:
    """The Normans' phase on the Downs at ``step`` with exactly these characters and formations."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario="Cavalry charge", options=options or {})
    b: Battle = state.data
    b.pieces = {p.id: p for p in pieces}
    b.horses = {}
    b.formations = {f.members[0]: f for f in formations}
    state.stack[-1] = Frame(step.name, {})
    REG.game("guiscard").flow.settle(state)
    return state


def block(side: str = B, ranks: int = 3, **health: str) -> list[Piece]:
    """The hoplites of :data:`BLOCK` in the first ``ranks`` ranks."""
    return [foot(pid, side, h, health.get(pid, "healthy")) for pid, h in BLOCK.items() if h[0] > 2 - ranks]


def formed(ranks: int = 3, foulkon: bool = False) -> Formation:
    return Formation(tuple(sorted(pid for pid, h in BLOCK.items() if h[0] > 2 - ranks)), ENE, foulkon)


def column_index(state: banneret.State, attackers: tuple[str, ...], defender: str) -> tuple[int, int]:
    """(difference, column index) of the combat, and the index the difference alone gives."""
    difference, index = combat_column(state, attackers, (defender,))
    return difference, index


def plain_index(state: banneret.State, difference: int) -> int:
    return state.data.tables.data.melee["foot"].column_index(difference)


def label(state: banneret.State, index: int) -> str:
    return state.data.tables.data.melee["foot"].columns[index].label


# --------------------------------------------------------------------------- geometry (P-08)


def test_the_block_has_a_front_a_shield_side_an_open_side_and_a_rear():
    state = position(*block(), formations=[formed()])
    b = state.data
    f = b.formations["basileios"]
    assert hoplites.standing(b, f)
    assert [pid for pid in f.members if hoplites.front_rank(b, f, pid)] == ["nikolaos", "okeanos", "theodoros"]
    assert {pid: hoplites.depth(b, f, pid) for pid in ("okeanos", "leon", "demetrios")} == {
        "okeanos": 3, "leon": 2, "demetrios": 1}
    assert [hoplites.side_of(ENE, (2, 3), h) for h in ((3, 3), (3, 2), (2, 2), (2, 4), (1, 3), (1, 4))] == [
        "front", "front", "shield", "open", "rear", "rear"]


# --------------------------------------------------------------------------- S-09 and the shifts (§7.3.1)


def test_s09_the_hoplite_example():
    normans = [foot("tancrede", N, (3, 3)), foot("robert", N, (3, 2)), foot("drogon", N, (2, 1)),
               foot("arthur", N, (3, 1))]
    state = position(*normans, *block(), formations=[formed()])
    difference, index = column_index(state, ("tancrede", "robert"), "okeanos")
    assert difference == 40 and label(state, plain_index(state, 40)) == "26/40"
    assert index == plain_index(state, 40) + 1 - 3          # joint +1, three ranks -3: two columns left
    assert label(state, index) == "9/12"                    # the text's "9/15"
    difference, index = column_index(state, ("drogon", "arthur"), "nikolaos")
    assert difference == 42 and label(state, plain_index(state, 42)) == "41/60"
    assert label(state, index) == "61/80"                   # the joint attack only: the shield side


@pytest.mark.parametrize("ranks, shift", [(1, -1), (2, -2), (3, -3)])
def test_a_front_attack_is_shifted_left_by_the_depth(ranks, shift):
    state = position(foot("romaric", N, (3, 3)), *block(ranks=ranks),
                     formations=[formed(ranks)] if ranks > 1 else [Formation(("nikolaos", "okeanos", "theodoros"), ENE)])
    difference, index = column_index(state, ("romaric",), "okeanos")
    assert index == plain_index(state, difference) + shift


@pytest.mark.parametrize("attacker_hex, defender, shift", [
    ((2, 1), "nikolaos", 0),       # shield side
    ((2, 5), "theodoros", 1),      # open side
    ((-1, 3), "demetrios", 2),      # rear
])
def test_flank_and_rear_attacks_get_no_bonus_one_and_two_columns_right(attacker_hex, defender, shift):
    state = position(foot("romaric", N, attacker_hex), *block(), formations=[formed()])
    difference, index = column_index(state, ("romaric",), defender)
    assert index == plain_index(state, difference) + shift


def test_attacked_from_several_sides_the_side_least_favourable_to_the_hoplites_counts():
    state = position(foot("romaric", N, (3, 3)), foot("milo", N, (2, 5)), *block(), formations=[formed()])
    difference, index = column_index(state, ("milo", "romaric"), "theodoros")  # front and open side
    assert index == plain_index(state, difference) + 1 + 1                     # joint, open side


def test_a_formations_own_attack_is_shifted_right_by_its_depth():
    state = position(foot("romaric", B, (3, 3)), *block(side=N), formations=[formed()])
    state.data.side = N
    difference, index = column_index(state, ("okeanos",), "romaric")
    assert index == plain_index(state, difference) + 3
    difference, index = column_index(state, ("nikolaos",), "romaric")   # (3,3) is not in front of (2,2)
    assert index == plain_index(state, difference)


def test_no_formation_without_three_able_hoplites_side_by_side():
    state = position(foot("romaric", N, (3, 3)), *block(ranks=1, nikolaos="stunned", theodoros="dead"),
                     formations=[Formation(("nikolaos", "okeanos", "theodoros"), ENE)])
    b = state.data
    assert not hoplites.standing(b, b.formations["nikolaos"])
    difference, index = column_index(state, ("romaric",), "okeanos")
    assert index == plain_index(state, difference)
    hoplites.settle(b)
    assert b.formations == {}


def test_the_spears_are_met_first_a_wound_removes_the_marker_and_spares_the_hoplite():
    state = position(foot("tancrede", N, (3, 3)), foot("robert", N, (3, 2)), *block(), formations=[formed()])
    play(state, "attack okeanos", "with robert")
    force_dice(state, 1)                  # column 9/12, 1+1 (armour): the defender wounded
    play(state, "with tancrede")          # the only choice left, resolve, is taken at once
    assert "d10 1+1 -> G" in state.log[-2].text
    b = state.data
    assert b.pieces["okeanos"].health == "healthy" and b.pieces["okeanos"].hex == (2, 3)
    assert b.formations == {}
    assert any("spears in front of okeanos are broken" in e.text for e in state.log)


def test_a_front_attack_never_moves_the_hoplite_and_a_stun_does_not_reach_him():
    for die in range(1, 11):
        state = position(foot("tancrede", N, (3, 3)), foot("robert", N, (3, 2)), *block(), formations=[formed()])
        play(state, "attack okeanos", "with robert")
        force_dice(state, die)
        play(state, "with tancrede")
        okeanos = state.data.pieces["okeanos"]
        assert (okeanos.health, okeanos.hex) == ("healthy", (2, 3))


def test_a_retreat_from_the_rear_is_a_wound_and_the_hoplite_keeps_his_place():
    state = position(foot("argyros", N, (-1, 3)), *block(), formations=[formed()])
    b = state.data
    difference, index = column_index(state, ("argyros",), "demetrios")
    table = b.tables.data.melee["foot"]
    die = next(d for d in range(1, 11) if table.effect(table.result(index, d + 1)).defender.retreat
               and table.effect(table.result(index, d + 1)).defender.harm == "none")
    force_dice(state, die)
    play(state, "attack demetrios")       # argyros alone may attack him: named and resolved at once
    assert (b.pieces["demetrios"].health, b.pieces["demetrios"].hex) == ("wounded", (0, 3))


def test_a_formation_member_is_fought_alone():
    state = position(foot("tancrede", N, (3, 3)), foot("robert", N, (3, 2)), *block(), formations=[formed()])
    play(state, "attack okeanos", "with robert")
    assert labels(state) == ["with tancrede", "resolve: robert against okeanos"]


# --------------------------------------------------------------------------- movement (§7.3.1, §7.3.2)


def byzantine_movement(*pieces: Piece, formations=()) -> banneret.State:
    state = position(*pieces, step=Movement, formations=formations)
    state.data.side = B
    state.stack[-1] = Frame(Movement.name, {})
    REG.game("guiscard").flow.settle(state)
    return state


def test_three_hoplites_side_by_side_form_up_facing_the_way_chosen():
    state = byzantine_movement(*block(ranks=1), foot("leon", B, (5, 3)))
    assert "form up nikolaos+okeanos+theodoros" in labels(state)
    play(state, "form up nikolaos+okeanos+theodoros", "face east-northeast")
    assert state.data.formations == {"nikolaos": Formation(("nikolaos", "okeanos", "theodoros"), ENE)}
    assert "break up nikolaos's formation" in labels(state)


def test_both_boards_name_the_formation_its_members_and_its_facing():
    state = byzantine_movement(*block(ranks=1), foot("leon", B, (5, 3)))
    assert not [line for line in GAME.render(state, None).splitlines() if "hoplites:" in line]
    play(state, "form up nikolaos+okeanos+theodoros", "face east-northeast")
    note = "formation of nikolaos, okeanos, theodoros facing east-northeast"
    assert [line.strip() for line in GAME.render(state, None).splitlines() if "hoplites:" in line] == [f"hoplites: {note}"]
    drawing = draw_board(REG, state, B, banneret.legal_actions(state, B))
    assert drawing is not None
    panel = [e.text for e in ElementTree.fromstring(drawing.svg).iter("{http://www.w3.org/1999/xhtml}div") if e.get("class") == "panel"]
    assert f"hoplites: {note}" in panel


def test_a_formation_moves_three_mp_and_a_foulkon_two():
    state = byzantine_movement(*block(ranks=2), formations=[formed(2)])
    b = state.data
    assert b.ma(b.pieces["okeanos"]) == 6 and allowance(b, b.pieces["okeanos"]) == 3
    play(state, "close into a foulkon basileios's formation")
    assert allowance(b, b.pieces["okeanos"]) == 2


def test_a_foulkon_needs_two_ranks_with_three_in_front():
    state = byzantine_movement(*block(ranks=1), formations=[formed(1)])
    assert not any("foulkon" in x for x in labels(state))
    state = byzantine_movement(*block(ranks=2), formations=[formed(2)])
    assert "close into a foulkon basileios's formation" in labels(state)


def test_a_wounded_member_stops_the_formation_until_it_re_forms_without_him():
    state = byzantine_movement(*block(ranks=2, leon="wounded"), formations=[formed(2)])
    b = state.data
    assert not any(pid in movable(b, B) for pid in b.formations["basileios"].members)
    assert "re-form basileios's formation" in labels(state)
    play(state, "re-form basileios's formation")
    assert b.formations["basileios"].members == ("basileios", "kosmas", "nikolaos", "okeanos", "theodoros")
    assert "okeanos" in movable(b, B) and "leon" in movable(b, B)


def test_stragglers_leave_the_formation_at_the_end_of_the_movement_step():
    state = byzantine_movement(*block(ranks=2), formations=[formed(2)])
    play(state, "move okeanos", "to 3,3 (1 MP)", "to 4,3 (1 MP)", "stop here", "end movement")
    assert state.data.formations["basileios"].members == ("basileios", "kosmas", "leon", "nikolaos", "theodoros")


# --------------------------------------------------------------------------- fire (§7.3.2, A-17)


def test_a_foulkon_has_medium_cover_against_missiles():
    archer = foot("olivier", N, (6, 3))
    state = position(archer, *block(ranks=2), step=OffensiveFire, formations=[formed(2)])
    b = state.data
    bow = b.tables.data.weapons["short_bow"]
    assert fire_cover(b, b.pieces["olivier"], bow, (2, 3)) == "none"
    b.formations["basileios"] = formed(2, foulkon=True)
    assert fire_cover(b, b.pieces["olivier"], bow, (2, 3)) == "medium"


@pytest.mark.parametrize("reading, own, against", [("own_attacks", 2 - 1, -2), ("attacks_on_it", 2, -2 - 1)])
def test_the_foulkon_shifts_its_own_attacks_or_the_attacks_on_it_one_column_left(reading, own, against):
    state = position(foot("romaric", N, (3, 3)), *block(ranks=2), formations=[formed(2, foulkon=True)],
                     options={"foulkon_shift": reading})
    difference, index = column_index(state, ("romaric",), "okeanos")
    assert index == plain_index(state, difference) + against
    state.data.side = B
    difference, index = column_index(state, ("okeanos",), "romaric")
    assert index == plain_index(state, difference) + own


# --------------------------------------------------------------------------- infiltration (§7.3.3, A-18)


def test_a_formation_tests_only_movers_in_front_of_it():
    state = position(foot("milo", N, (3, 3)), *block(ranks=1), step=Movement, formations=[formed(1)])
    b = state.data
    assert [p.id for p in infiltration_testers(b, b.pieces["milo"], False)] == ["okeanos", "theodoros"]
    b.pieces["milo"] = foot("milo", N, (2, 1))       # along the shield flank of nikolaos
    assert infiltration_testers(b, b.pieces["milo"], False) == []
    b.formations.clear()
    assert [p.id for p in infiltration_testers(b, b.pieces["milo"], False)] == ["nikolaos"]


def test_a_moving_formation_is_not_tested_by_enemies_in_front_of_it():
    state = byzantine_movement(foot("milo", N, (3, 2)), foot("romaric", N, (2, 5)), *block(ranks=1),
                               formations=[formed(1)])
    b = state.data
    assert [p.id for p in infiltration_testers(b, b.pieces["okeanos"], False)] == []          # milo in front
    assert [p.id for p in infiltration_testers(b, b.pieces["theodoros"], False)] == ["romaric"]  # open side


# --------------------------------------------------------------------------- A-15 as an option (§7.2.3)


def test_the_counter_chargers_reversed_attack_is_grown_or_plain_by_option():
    # a wounded charger: attack 7 + 3 against the cataphract's defence 14 + 7; he strikes back
    state = position(rider("abbas", N, (0, 2), 0, "wounded"), rider("argyris", B, (4, 2), 3))
    b = state.data
    charge = Charge("abbas", "argyris", (((1, 2), 0),), b.phase, counter="argyris")
    assert charge_strengths(b, charge) == ("argyris", "abbas", 13)          # A-15 (a): 26 + 13
    assert charge_strengths(b, charge, "plain") == ("argyris", "abbas", 0)  # A-15 (b): 26


@pytest.mark.parametrize("reading, difference", [("grown", 35), ("plain", 22)])
def test_the_reversal_option_decides_the_counter_chargers_strike_in_play(reading, difference):
    state = position(rider("abbas", N, (-1, 6), 0, "wounded"), rider("argyris", B, (8, 6), 3), step=Charges,
                     options={"counter_charge_reversal": reading})
    declare(state, "abbas", "argyris", tuple((q, 6) for q in range(0, 8)))
    play(state, "counter-charge with argyris")
    melee = [e.text for e in state.log if e.kind == "melee"]
    assert melee[0].startswith(f"argyris attack abbas: difference {difference},")   # 26 (+13) - 4


# --------------------------------------------------------------------------- random games


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_random_games_of_the_mixed_scenario_keep_the_formation_invariants(seed):
    game = REG.game("guiscard")
    state = banneret.new_game("guiscard", seed=seed, registry=REG, scenario="Mixed")
    rng = __import__("random").Random(seed)
    for _ in range(1500):
        if banneret.outcome(state) is not None:
            break
        player = banneret.pending(state).players[0]
        actions = banneret.legal_actions(state, player)
        forming = [a for a in actions if a.label.startswith(("form up", "face", "close into"))]
        banneret.apply(state, rng.choice(forming or actions))
        b: Battle = state.data
        assert game.invariants(state) == []
        for f in b.formations.values():
            if hoplites.standing(b, f) and b.step != 3:
                hexes = [b.pieces[m].hex for m in f.members if b.pieces[m].able]
                assert len(hexes) >= 3 and len(hoplites.groups(hexes)) == 1        # Part VI 57
            if hoplites.is_foulkon(b, f):
                assert hoplites.may_close_foulkon(b, f)                           # Part VI 59


# --------------------------------------------------------------------------- the heuristic agent


def test_the_heuristic_agent_forms_up_facing_the_enemy_and_advances_the_block_as_far_as_its_mp_go():
    state = byzantine_movement(*block(ranks=2), foot("romaric", N, (8, 3)))
    b: Battle = state.data
    before = {pid: p.hex for pid, p in b.pieces.items() if pid != "romaric"}
    assert agent_choice(state) == "form up basileios+kosmas+leon+nikolaos+okeanos+theodoros"
    play(state, agent_choice(state))
    while state.stack[-1].proc == "FormMembers":  # the whole group joins
        assert agent_choice(state).startswith("with ")
        play(state, agent_choice(state))
    assert agent_choice(state) == "face east-northeast"
    play(state, "face east-northeast")
    chosen, seen = "", []
    while chosen != "end movement":
        chosen = agent_choice(state)
        seen.append(chosen)
        play(state, chosen)
    assert seen == ["move basileios's formation", "the formation steps north-east (1 MP)",   # round the tree on 5,2
                    "the formation steps east (1 MP)", "halt the formation", "end movement"]    # east again: 2 MP
    f = b.formations["basileios"]
    assert f.members == tuple(sorted(before)) and f.facing == ENE
    assert {pid: b.pieces[pid].hex for pid in before} == {pid: (q + 2, r - 1) for pid, (q, r) in before.items()}


def test_the_heuristic_agents_formation_holds_while_a_member_fights():
    state = byzantine_movement(*block(ranks=2), foot("romaric", N, (3, 3)), formations=[formed(2)])
    assert agent_choice(state) == "end movement"

class TestConformanceMixedMachinery(conformance_tests(
    "guiscard", registry=REG, scenario="Mixed", max_steps=200, sample_every=200, check_every=20,
    # what test_guiscard_scenarios.py's suite on Mixed skips, with formations in the state
    skip_checks=("illegal_actions", "views", "board", "shared_sequences", "legal_actions", "undo"),
)["TestConformanceGuiscard"]):
    """Saves, replays, clones, determinism and the agents with hoplite formations in the state."""
