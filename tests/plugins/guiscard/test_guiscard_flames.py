"""Guiscard fires (§10.2) rule by rule on the Keep, with exact outcomes: setting a fire by
hand and putting one out in the combat step, escaping the flames, the end of the turn's
burning, spreading and burning down; Part VI invariants 8 (the burning-hex roll), 72 and 73.

Keep landmarks (axial q,r): the palisade's south side on row 9 from 0,9 to 8,9 with the gate
4,9; its south-east side 8,8, 9,7, 9,6; the platforms 8,7, 8,6 (the Siege-methods assault's
Greek fire stands on it), 9,5, 9,4 and 6,3-10,3, reached by the stairs 6,4 only; the assault's
stone thrower on 6,11."""

from __future__ import annotations

import banneret
from banneret.flow import Frame
from banneret_guiscard import castles
from banneret_guiscard.flames import Burning, FireWork, burnable, ignite, workers
from banneret_guiscard.movement import Movement, step_options
from banneret_guiscard.retreat import RetreatOrder, retreat_paths
from banneret_guiscard.state import Flame, Piece

from test_guiscard_movement import GAME, REG, force_dice, foot

N, B = "normans", "byzantines"
SIEGE = "Siege-methods assault"


def position(*pieces: Piece, step=FireWork, side: str = N, flames=None) -> banneret.State:
    """``side``'s phase of the Siege-methods assault at ``step``, with exactly these characters
    and ``flames``."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario=SIEGE)
    b = state.data
    b.pieces = {p.id: p for p in pieces}
    b.flames = dict(flames or {})
    b.side = side
    state.stack[-1] = Frame(step.name, {})
    GAME.flow.settle(state)
    return state


def labels(state: banneret.State) -> list[str]:
    return [a.label for a in banneret.legal_actions(state, banneret.pending(state).players[0])]


def act(state: banneret.State, label: str) -> None:
    banneret.apply(state, next(a for a in banneret.legal_actions(state, banneret.pending(state).players[0])
                               if a.label == label))


def fire_lines(state: banneret.State) -> list[str]:
    return [e.text for e in state.log if e.kind == "fire"]


def end_of_turn(state: banneret.State) -> None:
    """Run the end of the game turn's burning (A-26, A-27)."""
    state.stack[-1] = Frame(Burning.name, {})
    GAME.flow.settle(state)


# --------------------------------------------------------------------------- §10.2.1 starting a fire


def test_a_character_that_stood_still_the_whole_phase_sets_fire_to_the_palisade_in_the_combat_step():
    state = position(foot("milo", N, (7, 10)), foot("petros", B, (12, 0)))
    assert labels(state) == ["milo sets fire to 7,9", "milo sets fire to 8,9", "end fire work"]
    act(state, "milo sets fire to 7,9")
    assert state.data.flames == {(7, 9): Flame(N, 0, False)}
    assert state.data.attacked_in["milo"] == state.data.phase  # instead of fighting: once a phase
    assert workers(state.data) == []


def test_no_fire_after_moving_firing_or_fighting_nor_to_the_sides_own_engine():
    state = position(foot("milo", N, (7, 10)), foot("gautier", N, (6, 10)), foot("petros", B, (12, 0)))
    b = state.data
    assert ("fire", "gautier", (6, 11)) not in workers(b)  # the Normans' own stone thrower
    assert ("fire", "gautier", (6, 9)) in workers(b)
    b.spent["milo"] = 1                                     # moved this phase
    b.fired_in["gautier"] = (b.phase, "javelin")            # fired this phase
    assert workers(b) == []


# --------------------------------------------------------------------------- §10.2.3 putting a fire out


def test_a_fire_is_put_out_on_the_extinguish_column_and_naphtha_never():
    state = position(foot("milo", N, (7, 10)), foot("romaric", N, (6, 10)), foot("petros", B, (12, 0)),
                     flames={(7, 9): Flame(B), (8, 9): Flame(B, 1, True)})
    assert "milo puts out 7,9" in labels(state) and "milo puts out 8,9" not in labels(state)  # naphtha
    force_dice(state, 5)  # P-09: out on 1-4
    act(state, "milo puts out 7,9")
    assert (7, 9) in state.data.flames and "milo puts out 7,9" not in labels(state)
    force_dice(state, 4)
    act(state, "romaric puts out 7,9")  # several characters may each try (§10.2.3)
    assert (7, 9) not in state.data.flames and (8, 9) in state.data.flames


# --------------------------------------------------------------------------- §10.2.4 escaping, movement limits


def test_72_a_burning_hex_is_never_entered_nor_retreated_into():
    state = position(foot("milo", N, (7, 10)), foot("petros", B, (12, 0)), step=Movement)
    b = state.data
    b.structures[(7, 9)] = ("destroyed", 1)
    assert (7, 9) in {s.hex for s in step_options(b, b.pieces["milo"], 6)}
    b.flames[(7, 9)] = Flame(N)
    assert (7, 9) not in {s.hex for s in step_options(b, b.pieces["milo"], 6)}
    assert all((7, 9) not in path for path in retreat_paths(b, RetreatOrder("milo", 1)))


def test_a_character_in_a_hex_that_catches_fire_must_get_out_at_once():
    state = position(foot("stephanos", B, (9, 5)), foot("milo", N, (7, 10)))
    b = state.data
    orders = ignite(state, (9, 5), N)
    assert orders == [RetreatOrder("stephanos", 1, away=(9, 5))]
    assert retreat_paths(b, orders[0]) == [((9, 4),)]  # along the platform; never 8,6, the siphon's (§10.4.3)
    b.flames[(9, 4)] = Flame(N)
    assert retreat_paths(b, orders[0]) == []  # nowhere to go: it stays and burns at the turn's end


def test_8_a_stunned_character_caught_by_fire_comes_round_on_1_to_6_or_dies():
    state = position(foot("stephanos", B, (9, 5), "stunned"), foot("filemon", B, (10, 3), "stunned"),
                     foot("milo", N, (7, 10)))
    b = state.data
    b.stunned_in = {"stephanos": 1, "filemon": 1}
    force_dice(state, 6)
    assert ignite(state, (9, 5), N) == [RetreatOrder("stephanos", 1, away=(9, 5))]
    assert b.pieces["stephanos"].health == "healthy" and "stephanos" not in b.stunned_in
    force_dice(state, 7)
    assert ignite(state, (10, 3), N) == [] and b.pieces["filemon"].health == "dead"


# --------------------------------------------------------------------------- the end of the turn (§10.2.2, §10.2.5)


def test_73_at_the_turns_end_a_fire_spreads_only_into_wood_and_engines_on_the_fire_table():
    state = position(foot("milo", N, (12, 0)), foot("petros", B, (12, 1)), flames={(7, 9): Flame(N)})
    force_dice(state, 3, 4, 1)  # its burnable neighbours in order: 6,9 (3: caught), 8,8 (4: not), 8,9 (1: caught)
    end_of_turn(state)
    b = state.data
    assert b.flames == {(7, 9): Flame(N, 1), (6, 9): Flame(N), (8, 9): Flame(N)}
    spreads = [line for line in fire_lines(state) if "spreads" in line]
    assert [line.split(" spreads to ")[1][:3] for line in spreads] == ["6,9", "8,8", "8,9"]  # never the clear 7,10
    assert not burnable(b, (7, 10)) and not burnable(b, (7, 8))


def test_a_character_left_in_a_fire_is_wounded_at_the_turns_end_and_killed_at_the_next():
    state = position(foot("stephanos", B, (8, 7)), foot("milo", N, (12, 0)), flames={(8, 7): Flame(N)})
    force_dice(state, 10, 10, 10, 10)  # nothing spreads into the siphon's 8,6 nor the palisade's 8,8, 9,6, 9,7
    end_of_turn(state)
    assert state.data.pieces["stephanos"].health == "wounded"
    assert state.data.flames == {(8, 7): Flame(N, 1)}
    force_dice(state, 10, 10, 10, 10)
    end_of_turn(state)
    assert state.data.pieces["stephanos"].health == "dead"


def test_a_hex_burnt_three_turns_is_destroyed_with_what_is_in_it_and_the_engine_with_it():
    state = position(foot("milo", N, (12, 0)), foot("petros", B, (12, 1)),
                     flames={(7, 9): Flame(N, 2), (8, 6): Flame(N, 2), (5, 10): Flame(B, 2, True)})
    b = state.data
    end_of_turn(state)  # whatever else catches: neither burnt-down hex can burn again
    assert b.structures[(7, 9)] == ("destroyed", 1)                # the palisade falls (§9.2.1)
    assert b.engines["siphon"].condition == "destroyed"            # the whole engine (§10.2.5)
    assert (7, 9) not in b.flames and (8, 6) not in b.flames       # burnt out
    assert b.flames[(5, 10)].turns == 3                             # naphtha burns to the end (§10.5.1)
    assert b.structures[(8, 6)] == ("destroyed", 1)                # the platform under it too


def test_the_gate_set_alight_burns_down_to_its_destroyed_side():
    state = position(foot("milo", N, (12, 0)), foot("petros", B, (12, 1)), flames={(4, 9): Flame(N, 2)})
    b = state.data
    assert castles.terrain_at(b, (4, 9)).id == "gate"
    end_of_turn(state)  # §9.2.4: when it has burnt, flip it to its destroyed side (§10.2.5)
    assert b.structures[(4, 9)] == ("destroyed", 1) and castles.terrain_at(b, (4, 9)).id == "gate_destroyed"
