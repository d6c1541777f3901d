"""Guiscard's heuristic agent (:mod:`banneret_guiscard.agent`): its choices in pinned
positions on the Test Field (a kill shot, a stunned enemy finished, no attack at a loss,
no needless move, a fighter closing in, a shooter holding its hex), and only legal actions
through whole games against the random agent."""

from __future__ import annotations

import banneret
from banneret import Action
from banneret.agents import Seat, agent_seed
from banneret.boards.hexgrid import distance
from banneret_guiscard.agent import HeuristicAgent, attack_gain, shot_gain, state_value
from banneret_guiscard.fire import targets
from banneret_guiscard.melee import Combat

from test_guiscard_fire import B, N, REG, position
from test_guiscard_movement import foot, play, rider
from test_guiscard_movement import position as moving


def choice(state: banneret.State, seed: int = 0) -> str:
    player = banneret.pending(state).players[0]
    return HeuristicAgent(seed).choose(Seat(state, player)).label


def test_the_agent_is_registered_for_guiscard():
    assert "heuristic" in REG.agents("guiscard")


def test_states_are_valued_as_the_scenario_counts_casualties():
    b = position(foot("milo", N, (8, 5))).data  # Placeholder 1: wounded and dead are casualties
    values = {h: state_value(b, h) for h in ("healthy", "stunned", "wounded", "dead")}
    assert values == {"healthy": 0.0, "stunned": 0.4, "wounded": 1.0, "dead": 1.3}


def test_it_takes_the_kill_shot_on_a_stunned_enemy():
    # Guillaume's javelin reaches both at short range over open ground; the stunned one dies of any harm
    state = position(foot("guillaume", N, (6, 4)), foot("karim", B, (8, 3), "stunned"), foot("hamid", B, (8, 4)))
    b = state.data
    assert shot_gain(b, b.pieces["guillaume"], "javelin", (8, 3)) > shot_gain(b, b.pieces["guillaume"], "javelin", (8, 4))
    assert choice(state) == "fire with guillaume"
    play(state, "fire with guillaume")
    assert choice(state) == "javelin at karim on 8,3"


def test_a_rider_in_reach_of_an_enemy_keeps_its_lance_to_attack():
    # Robert (attack 25) could throw his lance at Karim, 3 hexes off, but then not attack (§5.2)
    state = position(rider("robert", N, (6, 2), 0), foot("karim", B, (9, 2)))
    assert [a.label for a in banneret.legal_actions(state, N)] == ["fire with robert", "end offensive fire"]
    assert choice(state) == "end offensive fire"


def test_a_charge_offered_by_a_rider_at_an_enemy_it_would_beat_is_taken():
    """An action of kind or label "charge" (§7.2) naming the rider and the enemy is taken when
    the rider's attack would gain, whatever the rest of its wording."""
    state = position(rider("robert", N, (6, 2), 0), foot("karim", B, (9, 2)), foot("apolline", N, (4, 4)))
    charge = Action(N, "charge: robert at karim", "charge", ("robert", "karim"))
    declared = Action(N, "robert charges karim", "charge-declaration", ())
    weak = Action(N, "charge: apolline at karim", "charge", ("apolline", "karim"))  # not a rider
    none = Action(N, "no charge", "charge", ())
    assert HeuristicAgent._charge(state, N, (none, weak, charge)) == charge
    assert HeuristicAgent._charge(state, N, (none, declared)) == declared
    assert HeuristicAgent._charge(state, N, (none, weak)) is None  # then the kind's own scoring decides


def test_it_finishes_a_stunned_enemy_before_a_healthy_one():
    state = position(foot("milo", N, (8, 5)), foot("karim", B, (9, 5)), foot("okeanos", B, (8, 6), "stunned"),
                     step=Combat)
    assert attack_gain(state, ("milo",), "okeanos") > attack_gain(state, ("milo",), "karim")
    assert choice(state) == "attack okeanos"


def test_it_adds_the_attackers_that_help_and_resolves():
    state = position(foot("milo", N, (8, 5)), foot("gautier", N, (10, 4)), foot("karim", B, (9, 5)), step=Combat)
    assert choice(state) == "attack karim"
    play(state, "attack karim")
    assert choice(state) in ("with milo", "with gautier")
    play(state, choice(state))
    assert choice(state).startswith("with ")  # the second one adds the joint-attack column (§6.2)
    play(state, choice(state))  # the resolve, the only choice left, is made at once
    assert any(e.text.startswith(("milo+gautier attack karim", "gautier+milo attack karim")) for e in state.log)


def test_it_does_not_attack_at_a_loss():
    state = position(foot("apolline", N, (8, 5)), foot("okeanos", B, (9, 5)), step=Combat)  # 2 against 7
    assert attack_gain(state, ("apolline",), "okeanos") < 0
    assert choice(state) == "end combat"


def test_a_fighter_closes_on_the_enemy_and_stops_next_to_it():
    state = moving(foot("milo", N, (4, 5)), foot("karim", B, (9, 5)))
    assert choice(state) == "move milo"
    play(state, "move milo")
    while banneret.pending(state).kind == "move-step":
        picked = choice(state)
        if picked == "stop here":
            break
        play(state, picked)
        if banneret.pending(state).players == (B,):
            play(state, "no defensive fire")
    assert distance(state.data.pieces["milo"].hex, (9, 5)) == 1  # 4 hexes of clear ground, MA 4


def test_a_shooter_with_a_target_holds_its_hex_and_the_weak_keep_still():
    state = moving(foot("guillaume", N, (6, 4)), foot("apolline", N, (5, 4)), foot("karim", B, (9, 2)))
    assert targets(state.data, state.data.pieces["guillaume"])  # a javelin at Karim, 3 hexes off
    assert choice(state) == "end movement"


def test_it_plays_only_legal_actions_through_whole_games_against_random():
    for seed, heuristic_side in ((1, N), (2, B)):
        state = banneret.new_game("guiscard", seed=seed, registry=REG, scenario="Open skirmish")
        agents = {f: (HeuristicAgent(agent_seed(seed, f)) if f == heuristic_side else banneret.RandomAgent(seed))
                  for f in state.factions}
        while not banneret.is_over(state):
            player = banneret.pending(state).players[0]
            seat = Seat(state, player)
            action = agents[player].choose(seat)
            assert action in seat.actions
            banneret.apply(state, action)
            assert REG.game("guiscard").invariants(state) == []
        assert banneret.outcome(state) is not None
