"""Guiscard's sequence of play (§2.1): the five steps of each player phase in order, side A
first; step 2 passes silently when no rider may charge;
stunned characters recovering in step 5 (A-04); the turn limit and the victory count."""

from __future__ import annotations

import pytest

import banneret
from banneret.registry import registry_from
from banneret.simulate import simulate
from banneret_guiscard import plugin
from banneret_guiscard.results import kill, stun, wound

REG = registry_from([plugin])


def new() -> banneret.State:
    return banneret.new_game("guiscard", seed=0, registry=REG, scenario="Placeholder 1")


def end_phase(state: banneret.State) -> None:
    """End the phasing side's steps (fire, movement, combat) until the other side plays."""
    side = state.data.side
    while state.data.side == side and not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        label = next(a.label for a in banneret.legal_actions(state, player) if a.label.startswith("end "))
        banneret.apply(state, banneret.find_action(state, player, label))


def test_a_turn_is_side_a_then_side_b_each_with_five_steps_in_order():
    state = new()
    assert banneret.pending(state).players == ("normans",) and state.data.step == 1
    assert banneret.pending(state).kind == "offensive-fire"
    steps = []
    while state.data.side == "normans":
        steps.append(state.data.step)
        player = banneret.pending(state).players[0]
        label = next(a.label for a in banneret.legal_actions(state, player) if a.label.startswith("end "))
        banneret.apply(state, banneret.find_action(state, player, label))
    assert steps == sorted(steps) and steps[0] == 1 and 3 in steps
    assert banneret.pending(state).players == ("byzantines",) and state.data.turn == 1
    texts = [e.text for e in state.log if e.kind in ("phase", "charge")]
    assert texts == ["turn 1: normans' player phase", "turn 1: byzantines' player phase"]  # names ending in s
    end_phase(state)
    assert banneret.pending(state).players == ("normans",) and state.data.turn == 2


def test_a_move_out_of_turn_is_refused_naming_the_side_that_decides():
    state = new()
    with pytest.raises(banneret.NotYourTurnError) as refused:
        banneret.apply(state, banneret.Action("byzantines", "end offensive fire"))
    assert str(refused.value) == "it is not byzantines' decision now (waiting for normans)"


def test_the_game_ends_after_the_scenarios_last_turn_with_the_casualty_count():
    state = new()
    b = state.data
    wound(b, "okeanos")
    kill(b, "yani")
    stun(b, "stephanos")  # stunned is not a casualty in Placeholder 1
    wound(b, "milo")
    for _ in range(2 * 12):
        assert not banneret.is_over(state)
        end_phase(state)
    assert banneret.is_over(state) and state.data.turn == 13  # the counter past the last turn: the game is over
    game = REG.game("guiscard")
    assert game.turn(state) == 12 and game.view(state, None)["turn"] == 12  # the turns played, not 13
    result = banneret.outcome(state)
    assert result.winners == ("normans",)
    assert [(s.faction, s.rank, s.score) for s in result.standings] == [("normans", 1, 2), ("byzantines", 2, 1)]


def test_a_character_stunned_in_the_enemy_phase_stands_up_in_its_own_step_5():
    state = new()
    stun(state.data, "okeanos")          # a Byzantine stunned during the Normans' phase
    end_phase(state)                     # ... Normans' step 5 does not touch him
    assert state.data.pieces["okeanos"].health == "stunned"
    end_phase(state)                     # Byzantines' step 5
    assert state.data.pieces["okeanos"].health == "healthy"


def test_a_character_stunned_in_its_own_phase_waits_for_its_next_own_phase():
    state = new()
    stun(state.data, "milo")             # a Norman stunned during the Normans' own phase (A-04)
    end_phase(state)
    assert state.data.pieces["milo"].health == "stunned"
    end_phase(state)
    assert state.data.pieces["milo"].health == "stunned"
    end_phase(state)                     # the Normans' next phase, step 5
    assert state.data.pieces["milo"].health == "healthy"


def test_stunned_characters_never_move_and_wounds_kill_the_hurt():
    state = new()
    b = state.data
    stun(b, "milo")
    end_phase(state)
    end_phase(state)                     # turn 2: milo is still stunned in the Normans' movement
    banneret.apply(state, banneret.find_action(state, "normans", "end offensive fire"))
    banneret.apply(state, banneret.find_action(state, "normans", "end charges"))
    offered = [a.label for a in banneret.legal_actions(state, "normans")]
    assert "move milo" not in offered and "move olivier" in offered
    wound(b, "milo")
    assert b.pieces["milo"].health == "dead" and b.bodies[b.pieces["milo"].hex] == (1, 0)


def test_nothing_is_hidden():
    state = new()
    game = REG.game("guiscard")
    assert game.view(state, "normans") == game.view(state, "byzantines") == game.view(state, None)
    assert not REG.game("guiscard").info.hidden_information


def test_render_shows_terrain_counters_and_the_movers_reach():
    state = new()
    banneret.apply(state, banneret.find_action(state, "normans", "end offensive fire"))
    banneret.apply(state, banneret.find_action(state, "normans", "end charges"))
    banneret.apply(state, banneret.find_action(state, "normans", "move milo"))
    text = REG.game("guiscard").render(state, None)
    assert "Nilh" in text and "Nck=" in text and "*" in text and "MP 8" in text


def test_a_stunned_rider_falls_beside_his_horse():
    from banneret.boards.hexgrid import distance

    state = new()
    b = state.data
    horse_hexes = b.pieces["robert"].hexes()
    stun(b, "robert")                    # §6.8: unhorsed first, then stunned on foot
    robert = b.pieces["robert"]
    assert robert.health == "stunned" and not robert.mounted and robert.horse is None
    assert b.horses["robert"].hexes() == horse_hexes
    assert min(distance(robert.hex, h) for h in horse_hexes) == 1 and robert.hex == (5, 0)


def test_simulate_reports_the_scenarios_turns_played():
    """A Guiscard game always runs to the scenario's last turn: ``simulate``'s mean is that
    number of turns (it read one more, the counter's value after the last turn's end)."""
    report = simulate("guiscard", games=2, seed=1, scenario="Stair fight", registry=REG, checks="none")
    assert report.as_dict()["mean_turns"] == 8.0  # Stair fight lasts 8 turns
