"""Guiscard grappling hooks and ropes (§10.6) rule by rule on the Keep, with exact outcomes:
throwing the hook (d10, 1-2 fail; only unarmoured characters), climbing 8 MP a level up and 4
down, crossing the palisade, pulling the rope up from a platform to throw the hook again,
attacking a climber from the platform (2 columns right, a stun or wound kills, no retreat)
and retreating from the platform down a rope (the d10 to catch it),
cutting the rope from a platform (1-3) and the climber's fall,
four haulers in two rows pulling the palisade down (S-14: 1-2, +1 per wounded hauler, errata
6); Part VI invariants 76 and 77; the Castle assault's rope and the boards.

Keep landmarks (axial q,r): the south palisade 7,9 with 7,10 outside and the bailey 7,8
beyond it; the east palisade 9,6 with 10,6 outside and the platforms 9,5, 8,6 and 8,7 behind;
haulers on 11,4 12,4 12,3 13,3, two rows two or three hexes from 10,6."""

from __future__ import annotations

import random
from xml.etree import ElementTree

import attrs

import pytest

import banneret
from banneret.errors import DataError
from banneret.testing.conformance import draw_board
from banneret.testing.datafiles import copy_data_package, rewrite_json
from banneret_guiscard import ropes
from banneret_guiscard.data_model import DATA_PACKAGE, build_data, load_data
from banneret_guiscard.fire import may_fire
from banneret_guiscard.melee import Combat, may_attack
from banneret_guiscard.plugin import battle_invariants
from banneret_guiscard.state import Piece, Rope

from test_guiscard_board_web import SVG
from test_guiscard_data import scenario_record
from test_guiscard_ladders import B, GAME, N, force, heuristic_choice, position
from test_guiscard_movement import REG, foot, labels, play

DATA = load_data()
SOUTH = Rope("south", N, "", (7, 10), (7, 9))
EAST = Rope("east", N, "", (10, 6), (9, 6))
FAR = foot("yani", B, (3, 2))  # an enemy far away, so that the phase waits for the Normans


def log(state: banneret.State) -> list[str]:
    return [e.text for e in state.log if e.kind == "rope"]


# --------------------------------------------------------------------------- §10.6.1 throwing and climbing


def test_an_unarmoured_carrier_throws_the_hook_and_fails_on_two():
    state = position(foot("milo", N, (7, 10)), FAR, ropes_=(Rope("r", N, "milo"),))
    assert "milo throws a hook at the palisade on 7,9" in labels(state)
    force(state, (10, 2))
    play(state, "milo throws a hook at the palisade on 7,9")
    assert state.data.ropes["r"] == Rope("r", N, "milo") and log(state) == [
        "milo throws a hook at the palisade on 7,9: d10 2 -> it fails"]
    held = position(foot("milo", N, (7, 10)), FAR, ropes_=(Rope("r", N, "milo"),))
    force(held, (10, 3))
    play(held, "milo throws a hook at the palisade on 7,9")
    b = held.data
    assert b.ropes["r"] == Rope("r", N, "", (7, 10), (7, 9))
    assert b.attacked_in["milo"] == 1 and "milo" not in b.moved_in  # neither moves nor fights that phase (§10.6.1)


def test_76_an_armoured_character_neither_throws_nor_climbs_and_nobody_throws_from_inside():
    armoured = position(foot("romaric", N, (7, 10)), FAR, ropes_=(Rope("r", N, "romaric"), SOUTH))
    assert not any("throws" in x for x in labels(armoured))
    play(armoured, "move romaric")
    assert not any("rope" in x for x in labels(armoured))
    inside = position(foot("milo", N, (7, 8)), FAR, ropes_=(Rope("r", N, "milo"),))
    assert not any("throws" in x for x in labels(inside))
    b = armoured.data
    b.ropes["south"] = Rope("south", N, "", (7, 10), (7, 9), "romaric")
    assert ropes.rope_invariants(b) == ["an armoured or mounted character uses rope r (§10.6.1, inv. 76)",
                                        "an armoured or mounted character uses rope south (§10.6.1, inv. 76)"]


def test_climbing_costs_eight_up_then_over_the_palisade_four_a_level_down():
    state = position(foot("milo", N, (7, 10)), FAR, ropes_=(SOUTH,))
    play(state, "move milo")
    assert "climb the rope (8 MP)" in labels(state)  # one level up (§10.6.1)
    play(state, "climb the rope (8 MP)")
    b = state.data
    assert b.ropes["south"].climber == "milo" and b.pieces["milo"].hex == (7, 10)  # on the rope, in its hex
    assert not may_fire(b, b.pieces["milo"])
    top = position(foot("milo", N, (7, 10)), FAR, ropes_=(Rope("south", N, "", (7, 10), (7, 9), "milo"),))
    play(top, "move milo")
    assert [x for x in labels(top) if x != "stop here"] == [
        "over the palisade by the rope to 7,8 (5 MP)", "climb down the rope (4 MP)"]  # 1 + 4 down to the bailey
    play(top, "over the palisade by the rope to 7,8 (5 MP)")
    assert top.data.pieces["milo"].hex == (7, 8) and top.data.ropes["south"].climber == ""
    platform = position(foot("milo", N, (10, 6)), FAR, ropes_=(Rope("east", N, "", (10, 6), (9, 6), "milo"),))
    play(platform, "move milo")
    assert [x for x in labels(platform) if x.startswith("over")] == [
        "over the palisade by the rope to 9,5 (1 MP)", "over the palisade by the rope to 8,6 (1 MP)",
        "over the palisade by the rope to 8,7 (1 MP)"]  # the platforms are level with the palisade's top


def test_a_climber_does_not_attack():
    state = position(foot("milo", N, (7, 10)), foot("okeanos", B, (6, 10)), ropes_=(Rope("south", N, "", (7, 10), (7, 9), "milo"),))
    b = state.data
    assert not may_attack(b, b.pieces["milo"], "okeanos")


# --------------------------------------------------------------------------- §10.6.1 pulling the rope up


def test_the_climber_crosses_onto_the_platform_pulls_the_rope_up_and_may_throw_it_again():
    state = position(foot("milo", N, (10, 6)), foot("olivier", N, (1, 11)), FAR,
                     ropes_=(Rope("east", N, "", (10, 6), (9, 6), "milo"),))
    play(state, "move milo", "over the palisade by the rope to 8,6 (1 MP)")
    assert "pull up the rope on 9,6" in labels(state)
    play(state, "pull up the rope on 9,6")
    b = state.data
    assert b.ropes["east"] == Rope("east", N, "milo") and log(state)[-1] == "milo pulls up the rope on 9,6"
    assert "milo" in b.done and b.left["milo"] == 7 and battle_invariants(state) == []  # the pull ends the move
    assert "milo throws a hook at the palisade on 9,6" not in labels(state)  # never from inside (§10.6.1)
    again = position(foot("milo", N, (7, 10)), FAR, ropes_=(b.ropes["east"],))
    force(again, (10, 3))
    play(again, "milo throws a hook at the palisade on 7,9")
    assert again.data.ropes["east"] == Rope("east", N, "", (7, 10), (7, 9))  # the hook reused


def test_a_defender_on_the_platform_pulls_an_empty_rope_up_for_his_side():
    state = position(foot("filemon", B, (8, 6)), FAR, foot("milo", N, (10, 6)), ropes_=(EAST,), side=B)
    play(state, "move filemon")
    assert [x for x in labels(state) if "rope" in x] == ["pull up the rope on 9,6"]
    play(state, "pull up the rope on 9,6")
    b = state.data
    assert b.ropes["east"] == Rope("east", B, "filemon") and "filemon" in b.done and labels(state) == [
        "move yani", "yani stays put", "end movement"]


def test_nobody_pulls_up_a_rope_with_a_climber_nor_from_below_nor_in_armour():
    climbed = Rope("east", N, "", (10, 6), (9, 6), "milo")
    busy = position(foot("filemon", B, (8, 6)), foot("milo", N, (10, 6)), ropes_=(climbed,), side=B)
    play(busy, "move filemon")
    assert not any("rope" in x for x in labels(busy))  # he may cut it in the combat step (§10.6.4)
    armoured = position(foot("argyros", B, (8, 6)), foot("milo", N, (10, 6)), ropes_=(EAST,), side=B)
    play(armoured, "move argyros")
    assert not any("rope" in x for x in labels(armoured))
    below = position(foot("filemon", B, (7, 8)), foot("milo", N, (3, 11)), ropes_=(SOUTH,), side=B)
    play(below, "move filemon")  # the bailey is the castle's ground, under the palisade's top
    assert not any("rope" in x for x in labels(below))
    laden = position(foot("filemon", B, (8, 6)), foot("milo", N, (10, 6)), ropes_=(EAST, Rope("spare", B, "filemon")),
                     side=B)
    play(laden, "move filemon")
    assert not any("rope" in x for x in labels(laden))  # one coiled rope a character


def _random_game_from(seed: int, rope: Rope) -> list[str]:
    """A Castle assault with ``rope`` hooked before the game (its climber moved to its foot),
    played by uniform random choices, the invariants checked at every step: the labels chosen."""
    state = banneret.new_game("guiscard", seed=seed, registry=REG, scenario="Castle assault")
    b = state.data
    b.ropes["milo_rope"] = rope
    if rope.climber:
        b.pieces[rope.climber] = attrs.evolve(b.pieces[rope.climber], hex=rope.hex)
    pick = random.Random(seed)
    chosen = []
    while not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        action = pick.choice(banneret.legal_actions(state, player))
        chosen.append(action.label)
        banneret.apply(state, action)
        assert battle_invariants(state) == [], (seed, state.step)
    return chosen


def test_random_games_from_a_hooked_rope_keep_the_invariants_pull_it_up_and_strike_at_its_climber():
    hooked = [x for seed in range(8) for x in _random_game_from(seed, Rope("milo_rope", N, "", (10, 6), (9, 6)))]
    assert any(x.startswith("pull up the rope on ") for x in hooked)
    climbed = [x for seed in range(8) for x in _random_game_from(seed, Rope("milo_rope", N, "", (10, 6), (9, 6), "milo"))]
    assert any(x.endswith(" attacks milo on the rope on 9,6") for x in climbed)


# --------------------------------------------------------------------------- §10.6.3 attacking a climber from the platform

ON_ROPE = Rope("east", N, "", (10, 6), (9, 6), "milo")


def platform_attack(die: int, *others: Piece) -> banneret.State:
    state = position(foot("milo", N, (10, 6)), foot("manueles", B, (8, 6)), *others, ropes_=(ON_ROPE,), step=Combat,
                     side=B)
    force(state, (10, die))
    play(state, "manueles attacks milo on the rope on 9,6")
    return state


def melee_log(state: banneret.State) -> list[str]:
    return [e.text for e in state.log if e.kind == "melee"]


def test_a_platform_attack_on_a_climber_is_two_columns_right_and_a_stun_or_wound_kills_him():
    state = position(foot("milo", N, (10, 6)), foot("manueles", B, (8, 6)), ropes_=(ON_ROPE,), step=Combat, side=B)
    assert labels(state) == ["manueles attacks milo on the rope on 9,6", "manueles cuts the rope on 9,6", "end combat"]
    stunned = platform_attack(4)  # F: stunned
    assert melee_log(stunned) == [  # difference 6 is the column 5/8; two columns right is 13/25
        "manueles attack milo: difference 6, column 13/25, d10 4+0 -> F"]
    b = stunned.data
    assert b.pieces["milo"].health == "dead" and ropes.climbing(b, "milo") is None and b.attacked_in["manueles"] == 1
    assert battle_invariants(stunned) == []
    wounded = platform_attack(2)  # G: wounded
    assert wounded.data.pieces["milo"].health == "dead"


def test_a_retreat_result_leaves_the_climber_on_his_rope_and_the_attacker_retreats_as_usual():
    state = platform_attack(6)  # E: the defender retreats one hex
    b = state.data
    assert b.pieces["milo"].health == "healthy" and b.ropes["east"].climber == "milo" and b.pieces["milo"].hex == (10, 6)
    back = platform_attack(10)  # C: the attacker retreats one hex, along the platform
    assert banneret.pending(back).kind == "retreat" and banneret.pending(back).players == (B,)


def test_nobody_attacks_an_empty_rope_and_from_the_ground_it_is_an_ordinary_attack():
    empty = position(foot("milo", N, (11, 7)), foot("manueles", B, (8, 6)), ropes_=(EAST,), step=Combat, side=B)
    assert not any("attacks" in x for x in labels(empty))
    below = position(foot("milo", N, (10, 6)), foot("yani", B, (11, 6)), ropes_=(ON_ROPE,), step=Combat, side=B)
    assert labels(below) == ["attack milo", "end combat"]


def beaten_on_the_platform(catch: int, health: str = "healthy", pid: str = "milo", die: int = 4) -> banneret.State:
    """manueles attacks ``pid`` on the platform 8,6 beside the hooked 9,6 (milo: d10 4, E, the
    defender retreats one hex); the d10 to catch the rope shows ``catch``."""
    state = position(foot(pid, N, (8, 6), health), foot("manueles", B, (9, 5)), foot("olivier", N, (1, 11)), FAR,
                     ropes_=(EAST,), step=Combat, side=B)
    force(state, (10, die), (10, catch))
    play(state, f"attack {pid}")
    return state


def test_a_retreat_from_the_platform_may_go_down_a_rope_after_the_die_to_catch_it():
    caught = beaten_on_the_platform(4)
    assert labels(caught) == ["retreat via 8,7", "retreat down the rope to 10,6"]
    play(caught, "retreat down the rope to 10,6")
    b = caught.data
    assert b.pieces["milo"].hex == (10, 6) and b.pieces["milo"].health == "healthy" and b.ropes["east"] == EAST
    assert log(caught) == ["milo tries to catch the rope: d10 4 -> caught"]
    falls = beaten_on_the_platform(3)
    play(falls, "retreat down the rope to 10,6")
    assert falls.data.pieces["milo"].health == "dead" and falls.data.pieces["milo"].hex == (10, 6)
    assert log(falls) == ["milo tries to catch the rope: d10 3 -> falls, killed"]
    for catch, health in ((6, "dead"), (7, "wounded")):  # wounded: he misses it on 1-6
        wounded = beaten_on_the_platform(catch, "wounded")
        play(wounded, "retreat down the rope to 10,6")
        assert wounded.data.pieces["milo"].health == health


def test_an_armoured_character_never_retreats_down_a_rope_but_the_platforms_other_side_may():
    armoured = beaten_on_the_platform(4, pid="romaric", die=2)  # E: his one path is along the platform
    assert [e.text for e in armoured.log if e.kind in ("melee", "retreat", "rope")] == [
        "manueles attack romaric: difference 3, column 1/4, d10 2+1 -> E", "romaric retreat via 8,7"]
    attacker = beaten_on_the_platform(4, pid="romaric", die=6)  # C: the unarmoured attacker retreats
    assert labels(attacker) == ["retreat via 9,4", "retreat down the rope to 10,6"]


# --------------------------------------------------------------------------- §10.6.4 cutting a rope


def test_cutting_from_the_platform_on_three_drops_the_climber_wounded():
    rope = Rope("east", N, "", (10, 6), (9, 6), "milo")
    state = position(foot("milo", N, (10, 6)), foot("manueles", B, (8, 6)), ropes_=(rope,), step=Combat, side=B)
    assert "manueles cuts the rope on 9,6" in labels(state)
    force(state, (10, 3))
    play(state, "manueles cuts the rope on 9,6")
    b = state.data
    assert b.ropes == {} and b.pieces["milo"].health == "wounded" and b.pieces["milo"].hex == (10, 6)
    assert log(state) == ["manueles tries to cut the rope on 9,6: d10 3 -> cut", "milo falls from the cut rope"]
    holds = position(foot("milo", N, (10, 6), "wounded"), foot("manueles", B, (8, 6)), ropes_=(rope,), step=Combat, side=B)
    force(holds, (10, 4))
    play(holds, "manueles cuts the rope on 9,6")
    assert holds.data.ropes == {"east": rope}
    killed = position(foot("milo", N, (10, 6), "wounded"), foot("manueles", B, (8, 6)), ropes_=(rope,), step=Combat, side=B)
    force(killed, (10, 1))
    play(killed, "manueles cuts the rope on 9,6")
    assert killed.data.pieces["milo"].health == "dead"


# --------------------------------------------------------------------------- §10.6.5 pulling a palisade down

HAULERS = ("gautier", "guido", "milo", "sandro")


def haulers(*wounded: str, hexes=((11, 4), (12, 4), (12, 3), (13, 3))):
    return [foot(pid, N, h, "wounded" if pid in wounded else "healthy") for pid, h in zip(HAULERS, hexes)]


def test_s14_four_haulers_in_two_rows_pull_the_palisade_down_on_two():
    state = position(*haulers(), FAR, ropes_=(EAST,), step=Combat)
    assert "gautier, guido, milo, sandro haul on the rope on 9,6" in labels(state)
    force(state, (10, 2))
    play(state, "gautier, guido, milo, sandro haul on the rope on 9,6")
    b = state.data
    assert b.structures[(9, 6)] == ("destroyed", 1) and b.ropes == {}
    assert log(state) == ["gautier, guido, milo, sandro haul on the rope on 9,6: d10 2+0 -> the palisade comes down"]
    assert battle_invariants(state) == []
    fails = position(*haulers(), FAR, ropes_=(EAST,), step=Combat)
    force(fails, (10, 3))
    play(fails, "gautier, guido, milo, sandro haul on the rope on 9,6")
    assert (9, 6) not in fails.data.structures and fails.data.ropes == {"east": EAST}


def test_s14_errata_6_each_wounded_hauler_adds_one_two_make_it_impossible():
    one = position(*haulers("milo"), FAR, ropes_=(EAST,), step=Combat)
    force(one, (10, 2))
    play(one, "gautier, guido, milo, sandro haul on the rope on 9,6")
    assert log(one)[-1].endswith("d10 2+1 -> it holds")
    natural_one = position(*haulers("milo"), FAR, ropes_=(EAST,), step=Combat)
    force(natural_one, (10, 1))
    play(natural_one, "gautier, guido, milo, sandro haul on the rope on 9,6")
    assert natural_one.data.structures[(9, 6)][0] == "destroyed"
    two = position(*haulers("milo", "gautier"), FAR, ropes_=(EAST,), step=Combat)
    assert not any("haul" in x for x in labels(two))
    stunned = position(*haulers()[:3], foot("sandro", N, (13, 3), "stunned"), FAR, ropes_=(EAST,), step=Combat)
    assert not any("haul" in x for x in labels(stunned))  # only three able haulers


def test_77_haulers_stand_in_two_rows_at_least_a_hex_from_the_hook():
    line = position(*haulers(hexes=((12, 5), (12, 4), (12, 3), (12, 2))), FAR, ropes_=(EAST,), step=Combat)
    assert not any("haul" in x for x in labels(line))  # one row of four
    close = position(*haulers(hexes=((11, 5), (12, 5), (11, 4), (12, 4))), FAR, ropes_=(EAST,), step=Combat)
    assert not any("haul" in x for x in labels(close))  # 11,5 is next to the hook's hex 10,6


# --------------------------------------------------------------------------- data, scenario, boards


def test_the_rope_numbers_and_the_castle_assaults_rope():
    rules = DATA.tactics.ropes
    assert (rules.throw_fail_max, rules.climb_up_mp_per_level, rules.climb_down_mp_per_level, rules.climber_attack_shift,
            rules.catch_fail_max, rules.catch_fail_max_wounded, rules.cut_max, rules.haulers, rules.haul_success_max,
            rules.haul_wounded_modifier) == (2, 8, 4, 2, 3, 6, 3, 4, 2, 1)
    assert [(r.id, r.carrier) for r in DATA.scenarios["castle_assault"].ropes] == [("milo_rope", "milo")]


def test_the_loader_refuses_a_rope_for_an_armoured_character(tmp_path, monkeypatch):
    name, folder = copy_data_package(DATA_PACKAGE, tmp_path, monkeypatch)
    rewrite_json(folder, "scenarios.json", lambda ss: scenario_record(ss, "castle_assault")["ropes"][0].update(carrier="romaric"))
    with pytest.raises(DataError, match=r"rope 'milo_rope': an armoured character cannot use a rope"):
        build_data(name)


def test_both_boards_show_the_ropes():
    state = position(foot("milo", N, (7, 10)), foot("olivier", N, (1, 11)), FAR,
                     ropes_=(Rope("south", N, "", (7, 10), (7, 9), "milo"), Rope("spare", N, "olivier")))
    notes = ["south (normans) hooked towards 7,9 from 7,10, milo on it",
             "spare (normans) coiled, carried by olivier"]
    assert [line.strip() for line in GAME.render(state, None).splitlines() if line.startswith("  rope: ")] == [
        f"rope: {n}" for n in notes]
    drawing = draw_board(REG, state, N, banneret.legal_actions(state, N))
    assert drawing is not None
    lines = [e for e in ElementTree.fromstring(drawing.svg).iter(f"{SVG}line") if e.get("class") == "rope"]
    assert [e.find(f"{SVG}title").text for e in lines] == notes[:1]  # a coiled rope is not drawn


def test_the_heuristic_agent_throws_its_hook_and_climbs():
    state = position(foot("milo", N, (7, 10)), FAR, ropes_=(Rope("r", N, "milo"),))
    assert heuristic_choice(state, N) == "milo throws a hook at the palisade on 7,9"
    hooked = position(foot("milo", N, (7, 10)), FAR, ropes_=(SOUTH,))
    assert heuristic_choice(hooked, N) == "move milo"
    play(hooked, "move milo")
    assert heuristic_choice(hooked, N) == "climb the rope (8 MP)"


def test_the_heuristic_agent_pulls_up_an_enemy_rope_but_leaves_its_own_for_its_friends():
    state = position(foot("filemon", B, (8, 6)), FAR, foot("milo", N, (10, 6)), ropes_=(EAST,), side=B)
    assert heuristic_choice(state, B) == "move filemon"  # the platform's man first
    play(state, "move filemon")
    assert heuristic_choice(state, B) == "pull up the rope on 9,6"
    own = position(foot("milo", N, (8, 6)), foot("olivier", N, (11, 6)), FAR, ropes_=(EAST,))
    play(own, "move milo")
    assert "pull up the rope on 9,6" in labels(own) and heuristic_choice(own, N) != "pull up the rope on 9,6"


def test_the_heuristic_agent_throws_its_hook_again_after_a_miss():
    state = position(foot("milo", N, (7, 10)), FAR, ropes_=(Rope("r", N, "milo"),))
    force(state, (10, 1))
    play(state, "milo throws a hook at the palisade on 7,9")
    assert state.data.ropes["r"] == Rope("r", N, "milo")  # missed: still coiled
    for _ in range(200):  # both sides' heuristic players to the Normans' next movement step
        player = banneret.pending(state).players[0]
        if player == N and "milo throws a hook at the palisade on 7,9" in labels(state):
            break
        play(state, heuristic_choice(state, player))
    assert state.data.turn == 2 and heuristic_choice(state, N) == "milo throws a hook at the palisade on 7,9"


# --------------------------------------------------------------------------- §10.6.1 a courtyard's wall


def village(*pieces: Piece, **kwargs) -> banneret.State:
    """A position of the Village fight (the walled courtyard 0,4-3,3; 1,6 outside its wall,
    with 1,5 and 2,5 beyond)."""
    return position(*pieces, scenario="Village fight", **kwargs)


VILLAGE_FAR = foot("yani", B, (12, 0))


def test_a_rope_hooks_a_courtyards_wall_and_never_a_buildings():
    state = village(foot("milo", N, (1, 6)), VILLAGE_FAR, ropes_=(Rope("r", N, "milo"),))
    assert [x for x in labels(state) if "hook" in x] == ["milo throws a hook at the wall to 2,5",
                                                         "milo throws a hook at the wall to 1,5"]
    force(state, (10, 3))
    play(state, "milo throws a hook at the wall to 1,5")
    assert state.data.ropes["r"] == Rope("r", N, "", (1, 6), (1, 5))
    assert log(state) == ["milo throws a hook at the wall to 1,5: d10 3 -> it holds"]
    b = state.data
    beside_house = foot("guillaume", N, (2, 6))  # the courtyard 2,5 and the house's inside 3,5 behind walls
    b.ropes["spare"] = Rope("spare", N, "guillaume")
    b.pieces["guillaume"] = beside_house
    assert ropes.throw_places(b, beside_house) == [(2, 5)]  # never into the house
    b.pieces["guillaume"] = attrs.evolve(beside_house, hex=(1, 4))
    assert ropes.throw_places(b, b.pieces["guillaume"]) == []  # nor out of the courtyard


def test_over_a_courtyard_wall_eight_up_then_the_hex_four_down_and_two_for_the_parapet():
    hooked = Rope("r", N, "", (1, 6), (1, 5))
    state = village(foot("milo", N, (1, 6)), VILLAGE_FAR, ropes_=(hooked,))
    play(state, "move milo")
    assert "climb the rope (8 MP)" in labels(state)  # the wall read as one level high
    on = village(foot("milo", N, (1, 6)), VILLAGE_FAR, ropes_=(attrs.evolve(hooked, climber="milo"),))
    play(on, "move milo")
    assert [x for x in labels(on) if "rope" in x] == ["over the wall by the rope to 1,5 (7 MP)",
                                                      "climb down the rope (4 MP)"]  # courtyard 1 + 4 + 2
    play(on, "over the wall by the rope to 1,5 (7 MP)")
    b = on.data
    assert b.pieces["milo"].hex == (1, 5) and b.ropes["r"].climber == "" and battle_invariants(on) == []
    assert b.tables.data.terrain.hexside_features["wall"].parapet


def test_nobody_pulls_up_cuts_hauls_or_strikes_at_a_wall_rope():
    hooked = Rope("r", N, "", (1, 6), (1, 5), "milo")
    state = village(foot("milo", N, (1, 6)), foot("filemon", B, (1, 5)), ropes_=(hooked,), step=Combat, side=B)
    b = state.data

    def anyone(b, p):
        return True

    assert ropes.cutters(b, B, anyone) == [] and ropes.strikers(b, B, anyone) == []
    assert ropes.pull_up_choices(b, b.pieces["filemon"]) == []
    assert ropes.hauling_groups(b, N, anyone) == [] and not any("rope" in x for x in labels(state))
