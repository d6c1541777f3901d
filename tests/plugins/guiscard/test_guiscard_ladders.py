"""Guiscard ladders (§10.1) and the landings from a palisade's top (§9.2.1, §9.2.2) rule by
rule on the Keep, with exact outcomes: carrying and raising, defensive fire at both carriers
and a wounded carrier's MP, climbing up and down, crossing the palisade and the landing die
(S-13, A-60), no cover and "-" on a ladder, carriers who neither fire nor fight nor test
passers-by (A-07), pushing a ladder over from above and from below with its climber's fall
(§10.1.6, §10.1.7, A-65); Part VI invariants 65, 70 and 71; the Castle assault's ladders in
random play and on both boards.

Keep landmarks (axial q,r): the south palisade on row 9 (the gate 4,9); 7,10 outside it,
leaning on 7,9, whose far side is the bailey hex 7,8. The east palisade 9,6 with the ground
10,6 and 11,6 outside and the platforms 9,5, 8,6 and 8,7 behind it."""

from __future__ import annotations

import random
from xml.etree import ElementTree

import attrs
import pytest

import banneret
from banneret.errors import DataError
from banneret.flow import Frame
from banneret.rng import Rng
from banneret.agents import Seat
from banneret.testing.conformance import draw_board
from banneret.testing.datafiles import copy_data_package, rewrite_json
from banneret_guiscard import castles, ladders
from banneret_guiscard.agent import make_agent
from banneret_guiscard.data_model import DATA_PACKAGE, build_data, load_data
from banneret_guiscard.fire import may_fire
from banneret_guiscard.melee import Combat, may_attack
from banneret_guiscard.movement import Movement, infiltration_testers
from banneret_guiscard.plugin import battle_invariants
from banneret_guiscard.results import can_attack
from banneret_guiscard.state import Ladder, Piece, Rope

from test_guiscard_board_web import SVG
from test_guiscard_data import scenario_record
from test_guiscard_movement import GAME, REG, foot, force_dice, labels, play, rider

N, B = "normans", "byzantines"
KEEP = "Castle assault"
DATA = load_data()
EAST = Ladder("east", N, ((10, 6),), (9, 6))
FAR_ENEMY = foot("yani", B, (3, 2))
SOUTH = Ladder("south", N, ((7, 10),), (7, 9))


def position(*pieces: Piece, ladders_: tuple[Ladder, ...] = (), ropes_: tuple[Rope, ...] = (), step=Movement,
             side: str = N, scenario: str = KEEP) -> banneret.State:
    """``side``'s phase of the Castle assault (or ``scenario``) at ``step`` with exactly these
    characters, ladders and ropes on the map (the gate burnt, as the scenario starts)."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=scenario)
    b = state.data
    b.pieces = {p.id: p for p in pieces}
    b.stunned_in = {p.id: 0 for p in pieces if p.health == "stunned"}
    b.ladders = {ladder.id: ladder for ladder in ladders_}
    b.ropes = {rope.id: rope for rope in ropes_}
    b.side = side
    state.stack[-1] = Frame(step.name, {})
    GAME.flow.settle(state)
    return state


def force(state: banneret.State, *dice: tuple[int, int]) -> None:
    """Move the generator to where its next rolls, (sides, face) each, show these faces."""
    key, counter = state.rng.state()
    while True:
        rng = Rng.from_state(key, counter)
        if all(rng.die(sides) == face for sides, face in dice):
            state.rng.counter = counter
            return
        counter += 1


def log(state: banneret.State) -> list[str]:
    return [e.text for e in state.log if e.kind == "ladder"]


# --------------------------------------------------------------------------- §10.1.2 carrying and raising


def test_70_a_pair_carries_a_ladder_with_two_ma_less_and_raises_it_at_the_palisade():
    lying = Ladder("south", N, ((7, 11), (8, 11)))
    state = position(foot("gautier", N, (7, 11)), foot("sandro", N, (8, 11)), ladders_=(lying,))
    assert "gautier and sandro carry the ladder on 7,11 8,11, gautier leading" in labels(state)
    play(state, "gautier and sandro carry the ladder on 7,11 8,11, gautier leading")
    b = state.data
    assert b.left == {"gautier": 6, "sandro": 6}  # MA 8 less 2 (§10.1.2)
    assert labels(state) == ["stop here", "to 8,10 (1 MP)", "to 7,10 (1 MP)", "to 6,11 (1 MP)"]  # never onto sandro
    play(state, "to 7,10 (1 MP)")
    assert (b.pieces["gautier"].hex, b.pieces["sandro"].hex) == ((7, 10), (7, 11))  # the follower takes the hex left
    assert b.ladders["south"].hexes == ((7, 10), (7, 11)) and b.left == {"gautier": 5, "sandro": 5}
    assert b.spent == {"gautier": 1, "sandro": 1}
    assert [x for x in labels(state) if x.startswith("raise")] == [  # from outside; not at the corner 8,9
        "raise the ladder on 7,10 against 7,9"]
    play(state, "raise the ladder on 7,10 against 7,9")
    assert b.ladders["south"] == Ladder("south", N, ((7, 10),), (7, 9), ())
    assert b.spent == {} and b.moved_in["gautier"] == b.moved_in["sandro"] == (1, 1)  # both moves over
    assert castles.terrain_at(b, (7, 10)).id == "vertical_ladder"  # gautier is on the ladder now


def test_the_following_carrier_is_fired_at_as_a_mover_and_his_stun_ends_the_pairs_move():
    lying = Ladder("south", N, ((7, 11), (8, 11)))
    state = position(foot("gautier", N, (7, 11)), foot("sandro", N, (8, 11)), foot("stephanos", B, (10, 11)),
                     foot("olivier", N, (1, 11)), ladders_=(lying,))
    play(state, "gautier and sandro carry the ladder on 7,11 8,11, gautier leading", "to 7,10 (1 MP)")
    assert labels(state) == ["fire at gautier", "no defensive fire"]  # the leader first (§5.3)
    play(state, "no defensive fire")
    assert labels(state) == ["fire at sandro", "no defensive fire"]  # then the follower, on the hex he entered
    force_dice(state, 1, 9)  # impact aimed, then C: stunned
    play(state, "fire at sandro")  # the only shooter is named and fires
    b = state.data
    assert b.pieces["sandro"].health == "stunned" and b.pieces["sandro"].hex == (7, 11)
    assert ladders.carriers(b, b.ladders["south"]) == () and {"gautier", "sandro"} <= b.done  # the move is over
    assert labels(state) == ["move olivier", "olivier stays put", "end movement"]


def test_a_follower_wounded_on_the_way_cuts_the_pairs_mp_to_his_new_allowance():
    lying = Ladder("south", N, ((7, 11), (8, 11)))
    state = position(foot("gautier", N, (7, 11)), foot("sandro", N, (8, 11)), foot("stephanos", B, (10, 11)),
                     foot("olivier", N, (1, 11)), ladders_=(lying,))
    play(state, "gautier and sandro carry the ladder on 7,11 8,11, gautier leading", "to 7,10 (1 MP)",
         "no defensive fire")
    force_dice(state, 1, 7)  # impact aimed, then wounded, no retreat
    play(state, "fire at sandro")
    b = state.data
    assert b.pieces["sandro"].health == "wounded" and b.ma(b.pieces["sandro"]) == 4
    play(state, "to 6,10 (1 MP)")  # MA 4 less 2 (§10.1.2), 1 spent before the wound and 1 now (P-06)
    assert not any(x.startswith("to ") for x in labels(state)) and "raise the ladder on 6,10 against 6,9" in labels(state)


def test_carriers_neither_fire_nor_fight_nor_test_passers_by_and_a_lone_mover_drops_the_ladder():
    lying = Ladder("east", N, ((11, 6), (11, 7)), None, ("olivier", "romaric"))
    state = position(foot("olivier", N, (11, 6)), foot("romaric", N, (11, 7)), foot("yani", B, (12, 7)),
                     ladders_=(lying,))
    b = state.data
    assert ladders.carrying(b, "olivier") and not may_fire(b, b.pieces["olivier"])  # §10.1.2
    assert not may_attack(b, b.pieces["romaric"], "yani")
    assert infiltration_testers(b, b.pieces["yani"], per_mover=False) == []  # A-07 (a)
    b.ladders["east"] = attrs.evolve(lying, carriers=())  # set down: they fight and test again
    assert may_attack(b, b.pieces["romaric"], "yani")
    assert [p.id for p in infiltration_testers(b, b.pieces["yani"], per_mover=False)] == ["romaric"]
    moving = position(foot("olivier", N, (11, 6)), foot("romaric", N, (11, 7)), ladders_=(lying,))
    play(moving, "move romaric", "to 12,7 (1 MP)", "stop here")
    assert moving.data.ladders["east"].carriers == () and moving.data.ladders["east"].hexes == ((11, 6), (11, 7))
    assert not any(x.endswith("leading") for x in labels(moving))  # olivier alone cannot carry it


# --------------------------------------------------------------------------- §10.1.3, §9.2.1, §9.2.2 climbing and landing


def test_s13_an_ma_8_character_climbs_and_crosses_onto_the_platform_in_one_turn():
    state = position(foot("milo", N, (11, 6)), ladders_=(EAST,))
    play(state, "move milo")
    assert "to 10,6 (3 MP)" in labels(state)  # climbing up (§10.1.3, A-23)
    play(state, "to 10,6 (3 MP)")
    assert [x for x in labels(state) if x.startswith("over")] == [
        "over the palisade to 9,5 (5 MP)", "over the palisade to 8,6 (5 MP)", "over the palisade to 8,7 (5 MP)"]
    force(state, (6, 5))
    play(state, "over the palisade to 8,6 (5 MP)")  # 3 + 4 + 1 = 8 (S-13, A-60)
    b = state.data
    assert b.pieces["milo"].hex == (8, 6) and b.pieces["milo"].health == "healthy"
    assert b.moved_in["milo"] == (1, 8)  # every MP of its MA
    assert log(state) == ["milo jumps down from the palisade on 8,6: d6 5+0 -> safe"]


def test_a_landing_wounds_on_six_and_an_armoured_one_on_five():
    state = position(foot("milo", N, (10, 6)), ladders_=(EAST,))
    force(state, (6, 6))
    play(state, "move milo", "over the palisade to 9,5 (5 MP)")
    assert state.data.pieces["milo"].health == "wounded" and state.data.pieces["milo"].hex == (9, 5)
    armoured = position(foot("romaric", N, (10, 6)), ladders_=(EAST,))  # MA 6: 4 + 1 from the ladder's top
    force(armoured, (6, 5))
    play(armoured, "move romaric", "over the palisade to 8,7 (5 MP)")
    assert armoured.data.pieces["romaric"].health == "wounded"
    assert log(armoured) == ["romaric jumps down from the palisade on 8,7: d6 5+1 -> wounded"]


def test_over_the_south_palisade_into_the_bailey_only_onto_a_free_hex():
    state = position(foot("milo", N, (7, 10)), ladders_=(SOUTH,))
    play(state, "move milo")
    assert [x for x in labels(state) if x.startswith("over")] == ["over the palisade to 7,8 (5 MP)"]
    blocked = position(foot("milo", N, (7, 10)), foot("okeanos", B, (7, 8)), ladders_=(SOUTH,))
    play(blocked, "move milo")
    assert not [x for x in labels(blocked) if x.startswith("over")]
    fallen = position(foot("milo", N, (7, 10)), ladders_=(SOUTH,))
    fallen.data.structures[(7, 9)] = ("destroyed", 1)  # no palisade top to cross any more
    play(fallen, "move milo")
    assert not [x for x in labels(fallen) if x.startswith("over")]


def test_climbing_down_costs_three_and_no_horse_goes_on_a_ladder():
    state = position(foot("milo", N, (10, 6)), rider("robert", N, (12, 5), 3), ladders_=(EAST,))
    play(state, "move milo")
    assert {x for x in labels(state) if x.startswith("to ")} == {"to 11,6 (3 MP)", "to 10,7 (3 MP)", "to 11,5 (3 MP)"}
    b = state.data
    assert castles.terrain_at(b, (10, 6)).cost(True, True) is None  # §10.1: no horses


# --------------------------------------------------------------------------- §10.1.5 fire and combat on ladders


def test_a_climber_has_no_cover_is_minus_in_melee_and_does_not_fire():
    state = position(foot("olivier", N, (10, 6)), foot("yani", B, (11, 6)), rider("alexio", B, (11, 5), 3),
                     ladders_=(EAST,), step=Combat, side=B)
    b = state.data
    ladder = castles.terrain_at(b, (10, 6))
    assert (ladder.cover, ladder.melee) == ("none", "-")
    assert not may_fire(b, b.pieces["olivier"])  # only at the palisade before it: nobody stands there
    assert can_attack(b, b.pieces["yani"], (10, 6)) and not can_attack(b, b.pieces["alexio"], (10, 6))
    assert "attack olivier" in labels(state)


def test_a_friend_climbs_past_the_climber_and_goes_over_but_never_stops_as_a_second_on_the_ladder():
    # §4.1: a mover passes through a friend; at the end of its move a hex holds one character,
    # so a ladder holds one climber between moves, at its top or its foot alike (reading)
    state = position(foot("milo", N, (10, 6)), foot("guillaume", N, (11, 6)), ladders_=(EAST,))
    play(state, "move guillaume", "to 10,6 (3 MP)")
    assert [x for x in labels(state) if x.startswith("over")] == [
        "over the palisade to 9,5 (5 MP)", "over the palisade to 8,6 (5 MP)", "over the palisade to 8,7 (5 MP)"]
    stopped = state.clone()
    play(stopped, "stop here")  # back to where it last could stop
    assert stopped.data.pieces["guillaume"].hex == (11, 6) and stopped.data.pieces["milo"].hex == (10, 6)
    force(state, (6, 2))
    play(state, "over the palisade to 9,5 (5 MP)")
    assert state.data.pieces["guillaume"].hex == (9, 5)
    assert log(state) == ["guillaume jumps down from the palisade on 9,5: d6 2+0 -> safe"]
    assert battle_invariants(state) == []


def test_the_climber_fights_the_platform_across_the_top_and_advances_over_with_the_landing_die():
    # §10.1.3, §10.1.5: the climber and the platform beside the palisade are read as next to each
    # other; the winner on the ladder advances over onto the hex the enemy left, and lands
    state = position(foot("milo", N, (10, 6)), foot("manueles", B, (8, 6)), ladders_=(EAST,), step=Combat)
    assert labels(state) == ["milo on the ladder on 10,6 attacks manueles", "end combat"]
    force_dice(state, 3)  # E: the defender retreats
    play(state, "milo on the ladder on 10,6 attacks manueles")
    assert [e.text for e in state.log if e.kind == "melee"][-1] == \
        "milo attack manueles: difference 6, column 1/4, d10 3+0 -> E"  # "-" on the ladder, 0 on the platform
    play(state, "retreat via 8,7")
    assert labels(state) == ["advance milo over the palisade to 8,6", "no advance"]
    force(state, (6, 6))
    play(state, "advance milo over the palisade to 8,6")
    b = state.data
    assert (b.pieces["milo"].hex, b.pieces["milo"].health) == ((8, 6), "wounded")
    assert log(state) == ["milo jumps down from the palisade on 8,6: d6 6+0 -> wounded"]
    assert battle_invariants(state) == []


def test_the_platform_attacks_the_climber_who_advances_over_when_the_attacker_falls_back():
    state = position(foot("milo", N, (10, 6)), foot("manueles", B, (8, 6)), ladders_=(EAST,), step=Combat, side=B)
    assert labels(state) == ["manueles pushes the ladder on 10,6 over", "manueles attacks milo on the ladder on 10,6",
                             "end combat"]
    beaten = state.clone()
    force_dice(beaten, 5)  # E: the climber retreats down off the ladder; nobody advances onto it
    play(beaten, "manueles attacks milo on the ladder on 10,6", "retreat via 11,6")
    assert beaten.data.pieces["milo"].hex == (11, 6) and banneret.pending(beaten).kind != "advance"
    force_dice(state, 9)  # C: the attacker retreats; the climber, the winner, may go over
    play(state, "manueles attacks milo on the ladder on 10,6", "retreat via 9,5")
    assert labels(state) == ["advance milo over the palisade to 8,6", "no advance"]
    play(state, "no advance")
    assert state.data.pieces["milo"].hex == (10, 6)


def test_no_fight_across_the_top_onto_the_ground_behind_or_over_a_destroyed_palisade():
    def anyone(b, p):
        return True

    south = position(foot("milo", N, (7, 10)), foot("okeanos", B, (7, 8)), ladders_=(SOUTH,), step=Combat)
    assert ladders.top_fights(south.data, N, anyone) == []  # 7,8 is the bailey's ground, not a platform
    state = position(foot("milo", N, (10, 6)), foot("manueles", B, (8, 6)), ladders_=(EAST,), step=Combat)
    b = state.data
    assert ladders.top_fights(b, N, anyone) == [("milo", "manueles", "east")]
    assert ladders.top_fights(b, B, anyone) == [("manueles", "milo", "east")]
    b.structures[(9, 6)] = ("destroyed", 1)  # no palisade top left: the platform is a step away
    assert ladders.top_fights(b, N, anyone) == []


# --------------------------------------------------------------------------- §10.1.6, §10.1.7 pushing a ladder over


def test_71_pushed_over_from_the_platform_the_climber_lands_on_an_enemy_who_is_stunned():
    state = position(foot("milo", N, (10, 6)), foot("manueles", B, (8, 6)), foot("yani", B, (11, 6)),
                     ladders_=(EAST,), step=Combat, side=B)
    assert "manueles pushes the ladder on 10,6 over" in labels(state)
    assert "yani pushes the ladder on 10,6 over" in labels(state)  # from below (§10.1.7)
    force(state, (10, 6))
    play(state, "manueles pushes the ladder on 10,6 over")
    assert "the ladder falls on 10,6 11,6" in labels(state) and "the ladder falls on 10,6 9,6" not in labels(state)
    play(state, "the ladder falls on 10,6 10,7")
    assert banneret.pending(state).players == (N,)  # the climber's owner places him
    assert "milo falls on 9,6" not in " ".join(labels(state))  # never onto the palisade
    assert "milo falls on 11,6, ends on 12,5" in labels(state)  # on yani, then a nearest free hex
    play(state, "milo falls on 11,6, ends on 12,5")
    b = state.data
    assert b.ladders["east"] == Ladder("east", N, ((10, 6), (10, 7)), None, ())
    assert (b.pieces["milo"].health, b.pieces["milo"].hex) == ("wounded", (12, 5))
    assert b.pieces["yani"].health == "stunned"
    assert b.attacked_in["manueles"] == 1  # the attempt took its attack in that phase (§10.1.6)
    assert battle_invariants(state) == []


def test_71_a_push_fails_on_seven_and_a_hurt_climber_dies_in_the_fall():
    state = position(foot("milo", N, (10, 6)), foot("manueles", B, (8, 6)), ladders_=(EAST,), step=Combat, side=B)
    force(state, (10, 7))
    play(state, "manueles pushes the ladder on 10,6 over")
    assert state.data.ladders["east"] == EAST and log(state)[-1].endswith("d10 7 -> it stands")
    hurt = position(foot("milo", N, (10, 6), "wounded"), foot("yani", B, (11, 6)), ladders_=(EAST,), step=Combat, side=B)
    force(hurt, (10, 1))
    play(hurt, "yani pushes the ladder on 10,6 over", "the ladder falls on 10,6 11,5", "milo falls on 10,7")
    assert hurt.data.pieces["milo"].health == "dead" and hurt.data.bodies == {(10, 7): (1, 0)}
    empty = position(foot("yani", B, (11, 6)), ladders_=(EAST,), step=Combat, side=B)
    force(empty, (10, 6))
    play(empty, "yani pushes the ladder on 10,6 over", "the ladder falls on 10,6 11,5")
    assert empty.data.ladders["east"].hexes == ((10, 6), (11, 5)) and empty.data.ladders["east"].against is None


def test_nobody_pushes_over_his_own_sides_ladder():
    state = position(foot("milo", N, (11, 6)), ladders_=(EAST,), step=Combat)
    assert not any("pushes" in x for x in labels(state))


# --------------------------------------------------------------------------- invariants and data


def test_65_and_the_ladder_invariants_catch_broken_states():
    state = position(foot("milo", N, (10, 6)), ladders_=(EAST,))
    b = state.data
    assert ladders.ladder_invariants(b) == []
    b.ladders["east"] = Ladder("east", N, ((10, 6),), (11, 6))
    b.ladders["bad"] = Ladder("bad", N, ((1, 11), (4, 11)))
    b.pieces["milo"] = attrs.evolve(b.pieces["milo"], hex=(9, 6))
    assert ladders.ladder_invariants(b) == [
        "ladder bad does not lie on two adjacent hexes (§10.1.2)",
        "ladder east does not stand against a palisade hex next to it (§10.1.2)",
        "milo stands on a whole palisade hex (§9.2.1, inv. 65)",
    ]


@pytest.mark.parametrize(("edit", "message"), [
    (lambda ss: scenario_record(ss, "castle_assault")["ladders"][0].update(hexes=[[7, 11], [9, 11]]), r"ladder 'south_ladder': needs two adjacent hexes"),
    (lambda ss: scenario_record(ss, "castle_assault")["ladders"][0].update(carriers=["gautier", "milo"]), r"its carriers must stand on its two hexes"),
    (lambda ss: scenario_record(ss, "castle_assault")["ladders"][1].update(side="franks"), r"ladder 'east_ladder': unknown side 'franks'"),
])
def test_the_loader_refuses_a_broken_ladder(tmp_path, monkeypatch, edit, message):
    name, folder = copy_data_package(DATA_PACKAGE, tmp_path, monkeypatch)
    rewrite_json(folder, "scenarios.json", edit)
    with pytest.raises(DataError, match=message):
        build_data(name)


def test_the_castle_assault_brings_two_carried_ladders_and_the_rules_numbers():
    sc = DATA.scenarios["castle_assault"]
    assert [(x.id, x.hexes, x.carriers) for x in sc.ladders] == [
        ("south_ladder", ((7, 11), (8, 11)), ("gautier", "sandro")),
        ("east_ladder", ((11, 6), (11, 7)), ("guido", "guillaume"))]
    rules = DATA.tactics.ladders
    assert (rules.carry_ma_loss, rules.step_over_mp, rules.jump_wounded_at, rules.push_over_max) == (2, 4, 6, 6)
    assert DATA.terrain.terrains["vertical_ladder"].cost_foot == 3  # errata 6: the text's 3, not the table's 4


# --------------------------------------------------------------------------- play and boards


def _random_game(seed: int) -> banneret.State:
    """A Castle assault played by uniform random choices, the invariants checked at every step."""
    state = banneret.new_game("guiscard", seed=seed, registry=REG, scenario=KEEP)
    pick = random.Random(seed)
    while not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        banneret.apply(state, pick.choice(banneret.legal_actions(state, player)))
        assert battle_invariants(state) == [], (seed, state.step)
    return state


def test_random_games_of_the_castle_assault_keep_the_invariants_and_raise_ladders():
    texts = [e.text for seed in range(30) for e in _random_game(seed).log if e.kind == "ladder"]
    assert any(" raise the ladder on " in x for x in texts)


def test_both_boards_show_the_ladders():
    south = Ladder("south", N, ((7, 11), (8, 11)), None, ("gautier", "sandro"))
    state = position(foot("gautier", N, (7, 11)), foot("sandro", N, (8, 11)), ladders_=(EAST, south))
    text = GAME.render(state, None)
    notes = ["east (normans) raised on 10,6 against the palisade on 9,6",
             "south (normans) carried on 7,11 8,11 by gautier and sandro"]
    assert [line.strip() for line in text.splitlines() if line.startswith("  ladder: ")] == [f"ladder: {n}" for n in notes]
    assert "Lv0" in next(line for line in text.splitlines() if line.startswith("r  6"))  # 10,6, nobody on it
    drawing = draw_board(REG, state, N, banneret.legal_actions(state, N))
    assert drawing is not None
    root = ElementTree.fromstring(drawing.svg)
    bars = [e for e in root.iter(f"{SVG}line") if e.get("class") == "ladder"]
    assert [e.find(f"{SVG}title").text for e in bars] == notes
    assert [e.text for e in root.iter("{http://www.w3.org/1999/xhtml}div") if e.get("class") == "panel" and e.text.startswith("ladder:")] == [
        f"ladder: {n}" for n in notes]


# --------------------------------------------------------------------------- the heuristic agent


def heuristic_choice(state: banneret.State, player: str) -> str:
    return make_agent("guiscard", player, 0).choose(Seat(state, player)).label


def test_the_heuristic_agent_carries_a_ladder_to_the_palisade_and_raises_it_first():
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=KEEP)
    while state.data.turn == 1 and state.data.side == N:
        player = banneret.pending(state).players[0]
        banneret.apply(state, banneret.find_action(state, player, heuristic_choice(state, player)))
    assert state.data.ladders["south_ladder"].against == (7, 9)
    assert "gautier and sandro raise the ladder on 7,10 against 7,9" in log(state)


def test_the_heuristic_agent_goes_over_from_a_ladder_and_pushes_an_enemy_ladder_over():
    state = position(foot("milo", N, (10, 6)), foot("yani", B, (3, 2)), ladders_=(EAST,))
    play(state, "move milo")
    assert heuristic_choice(state, N).startswith("over the palisade to ")
    defence = position(foot("milo", N, (10, 6)), foot("manueles", B, (8, 6)), ladders_=(EAST,), step=Combat, side=B)
    assert heuristic_choice(defence, B) == "manueles pushes the ladder on 10,6 over"


# --------------------------------------------------------------------------- §10.1.4 moving a raised ladder


def test_70_two_characters_next_to_a_raised_ladder_move_it_for_two_mp_each_never_near_an_enemy():
    state = position(foot("milo", N, (11, 6)), foot("sandro", N, (10, 7)), FAR_ENEMY, ladders_=(EAST,))
    assert [x for x in labels(state) if " move the ladder " in x] == [  # turned, or one hex on (not onto sandro)
        "milo and sandro move the ladder on 10,6 to 10,6 against 10,5",
        "milo and sandro move the ladder on 10,6 to 10,6 against 9,7",
        "milo and sandro move the ladder on 10,6 to 11,5 against 10,5"]
    play(state, "milo and sandro move the ladder on 10,6 to 10,6 against 10,5")
    b = state.data
    assert b.ladders["east"] == Ladder("east", N, ((10, 6),), (10, 5)) and b.left == {"milo": 6, "sandro": 6}
    play(state, "move milo")
    assert "to 10,6 (3 MP)" in labels(state)  # it goes on moving with what is left
    occupied = position(foot("milo", N, (11, 6)), foot("sandro", N, (10, 7)), foot("gautier", N, (10, 6)),
                        FAR_ENEMY, ladders_=(EAST,))
    assert not any(" move the ladder " in x for x in labels(occupied))
    threatened = position(foot("milo", N, (11, 6)), foot("sandro", N, (10, 7)), foot("yani", B, (11, 5)),
                          ladders_=(EAST,))
    assert not any(" move the ladder " in x for x in labels(threatened))
    three = position(foot("milo", N, (11, 6)), foot("sandro", N, (10, 7)), foot("romaric", N, (11, 5)), FAR_ENEMY,
                     ladders_=(EAST,))
    assert {x.split(" move the ladder ")[0] for x in labels(three) if " move the ladder " in x} == {
        "milo and sandro"}  # the two with the most MP (8 against romaric's 6)
