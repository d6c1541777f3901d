"""The test kit's own tests: each deliberately broken game is caught by the check meant for
it, with a message naming the problem, and the good toy games pass every check."""

from __future__ import annotations

import json

import pytest
from hypothesis import given

import banneret
from banneret.registry import registry_from
from banneret.testing import (
    CHECKS,
    ConformanceConfig,
    ConformanceSuite,
    PlayScript,
    check_clone_independence,
    check_determinism,
    check_ends_within_bound,
    check_illegal_actions_refused,
    check_invariants,
    check_legal_actions,
    check_replay,
    check_save_round_trip,
    check_secret_choices,
    check_undo_equals_replay,
    check_views,
    conformance_tests,
    play,
    playthroughs,
    resolve_setup,
    run_check,
    scripts,
    setup_of,
    states,
)

import broken_games
import more_toys
import toys

REG = registry_from([toys, more_toys, broken_games])

SCRIPT = PlayScript(seed=3, agent_seed=103)
BIG_STAKE = PlayScript(seed=0, choices=(4, 0))  # north bids 3, south bids 1: stake 2


def config(game_id: str, max_steps: int = 200) -> ConformanceConfig:
    return ConformanceConfig(game_id, REG, max_steps=max_steps)


# --- each broken game is caught by its check ---------------------------------------------------

CAUGHT = [
    ("double_score", "invariants", r"double_score seed=3 step 7: invariant broken: more points than rounds played", SCRIPT),
    ("duplicate_labels", "legal_actions", r"step 0: north is offered two actions labelled 'bid'", SCRIPT),
    ("dead_end", "legal_actions", r"dead_end seed=0 step 2: south must decide \(challenge\) but has no legal action", BIG_STAKE),
    ("dead_end", "bound", r"south must decide \(challenge\) but has no legal action", BIG_STAKE),
    ("mutating_legal", "legal_actions", r"listing the legal actions of north changed the state", SCRIPT),
    ("mutating_legal", "illegal_actions", r"refusing a made-up action of north changed the state", SCRIPT),
    ("mutating_view", "illegal_actions", r"looking at the views changed the state", SCRIPT),
    ("mutating_view", "views", r"looking at the view of north changed the state", SCRIPT),
    ("unstable_labels", "save_round_trip", r"the save does not load back \(through JSON text\): step 1 of the save does not replay", SCRIPT),
    ("unstable_labels", "replay", r"replaying step 1 fails: north cannot 'bid 1 \(offer \d+\)' now \(are action labels stable\?\)", SCRIPT),
    ("global_random", "replay", r"replay from seed 3 drifts after step 2 \(south: 'bid 1'\)", SCRIPT),
    ("global_random", "save_round_trip", r"step 2 of the save replays to a different state", SCRIPT),
    ("global_random", "determinism", r"replayed twice in one process, the state hash differs after step 2", SCRIPT),
    ("set_order", "determinism", r"replayed in a subprocess with PYTHONHASHSEED=[01], the state hash differs after step 2", SCRIPT),
    ("shared_clone", "clone_independence", r"step 3: applying 'bid 1' to a clone changed the original", SCRIPT),
    ("mutable_frame_var", "clone_independence", r"to a clone changed the original", SCRIPT),
    ("mutable_frame_var", "undo", r"step 1: undoing 'step A' does not give back the state before it", SCRIPT),
    ("leaky_view", "views", r"south can tell north's secret choice: .* differ at /board/bids_placed: 1 != 2", SCRIPT),
    ("leaky_log", "views", r"south can tell north's secret choice: .* differ at /log\[0\]: 'north reaches for 1 coins'", SCRIPT),
    ("unjson_view", "views", r"the view of north is not JSON-serialisable: Object of type set", SCRIPT),
    ("endless", "bound", r"endless seed=3 step 200: the game is not over after 200 decisions, its declared max_decisions=50", SCRIPT),
    ("low_bound", "bound", r"the game took 14 decisions, more than its declared max_decisions=4", SCRIPT),
    ("crashing_apply", "replay", r"step 13: applying the legal action 'challenge' of south raised KeyError", SCRIPT),
    ("crashing_apply", "undo", r"applying the legal action 'challenge' of south raised KeyError", SCRIPT),
    ("wide_menu", "legal_actions", r"wide_menu seed=3 step 0: north is offered 3 actions \(bid\), more than the declared max_actions=2", SCRIPT),
    ("shared_menu", "shared_sequences", r"shared_menu seed=4 .*: after another game changed the sequences it was handed, this game plays differently from step \d+", SCRIPT),
    ("scribbled_board", "board", r"scribbled_board seed=3 step 0: the board drawn for north is not well-formed SVG", SCRIPT),
    ("stale_board", "board", r"the board for north has targets for 'bid 7', not an action north may take now", SCRIPT),
    ("unmarked_board", "board", r"the board for north leads 'bid 1' through \['hand'\], not marked data-target", SCRIPT),
    ("early_bid", "free_actions", r"early_bid seed=3 step 1: north's free action 'bid 2 at once' changed who decides \(\('north', 'south'\) -> \('south',\)\)", SCRIPT),
    ("peeking_agent", "agents", r"peeking_agent seed=3 step \d+: agent 'peeker' of south chooses 'bid \d', but 'bid \d' when the facts hidden from south are resampled", SCRIPT),
]


@pytest.mark.parametrize(("game_id", "check", "message", "script"), CAUGHT, ids=[f"{g}-{c}" for g, c, _, _ in CAUGHT])
def test_broken_game_is_caught(game_id, check, message, script):
    with pytest.raises(AssertionError, match=message):
        run_check(config(game_id), check, script)


def test_every_check_catches_some_broken_game():
    assert {c for _, c, _, _ in CAUGHT} == set(CHECKS)


def test_view_leak_is_caught_by_resampling_while_a_bid_is_hidden():
    """North has bid 2; south's view shows a total that changes when the bid is resampled."""
    state = banneret.new_game("leaky_view", seed=5, registry=REG)
    banneret.apply(state, banneret.find_action(state, "north", "bid 2"))
    with pytest.raises(AssertionError, match=r"the view of south changes when facts hidden from south are resampled"):
        for seed in range(10):  # one resample in three draws the same bid again
            check_views(state, banneret.Rng(seed))


def test_duel_resampling_check_passes_while_a_bid_is_hidden():
    state = banneret.new_game("duel", seed=5, registry=REG)
    banneret.apply(state, banneret.find_action(state, "north", "bid 2"))
    for seed in range(10):
        check_views(state, banneret.Rng(seed))
    check_secret_choices(state)


# --- the good games pass everything ------------------------------------------------------------

GOOD_SCRIPTS = [PlayScript(seed=s, agent_seed=100 + s, choices=(s, 2 * s, 3)) for s in range(3)] + [BIG_STAKE]


@pytest.mark.parametrize("check", [c for c in CHECKS if c != "determinism"])
@pytest.mark.parametrize("game_id", ["duel", "relay"])
def test_good_toys_pass(game_id, check):
    for script in GOOD_SCRIPTS:
        run_check(config(game_id), check, script)


@pytest.mark.parametrize("game_id", ["duel", "relay"])
def test_good_toys_are_deterministic_across_processes(game_id):
    run_check(config(game_id), "determinism", SCRIPT)


def test_unknown_check_is_refused():
    with pytest.raises(ValueError, match=r"no conformance check 'speed'"):
        run_check(config("duel"), "speed")


# --- checks used alone ----------------------------------------------------------------------------

def test_checks_alone_on_a_finished_game():
    game = play("duel", SCRIPT, REG)
    assert game.over and game.state.step == 14
    state = game.state
    before = banneret.state_hash(state)
    check_invariants(state)
    check_legal_actions(state)
    check_illegal_actions_refused(state)  # every action refused with GameOverError
    check_save_round_trip(state)  # without hashes: to_record replays
    check_save_round_trip(state, game.hashes, REG)
    check_replay(state, game.hashes)
    check_views(state)
    check_ends_within_bound(state)
    check_clone_independence(state)
    check_determinism(setup_of(state), state.record, REG, subprocess=False)
    assert banneret.state_hash(state) == before


def test_replay_check_wants_one_hash_per_step_and_one_for_set_up():
    game = play("duel", SCRIPT, REG)
    with pytest.raises(ValueError, match="15 hashes needed|need one more than steps"):
        check_replay(game.state, game.hashes[1:])


def test_replay_check_reports_a_wrong_hash():
    game = play("duel", SCRIPT, REG)
    hashes = list(game.hashes)
    hashes[5] = "0" * 16
    with pytest.raises(AssertionError, match=r"drifts after step 5 \("):
        check_replay(game.state, hashes)


def test_illegal_check_uses_actions_of_an_earlier_step():
    state = banneret.new_game("duel", seed=1, registry=REG)
    stale = banneret.legal_actions(state, "north")
    banneret.apply(state, stale[0])  # north has bid: north's bids are now another player's turn
    check_illegal_actions_refused(state, stale)


def test_undo_check_reports_whether_undo_was_offered():
    match = banneret.Match.start("relay", seed=2, registry=REG)
    player = banneret.pending(match.state).players[0]
    step = banneret.find_action(match.state, player, "step A")
    assert check_undo_equals_replay(match, step) is True
    assert match.state.record == [(player, "step A")]
    sprint = banneret.find_action(match.state, player, "sprint")
    assert check_undo_equals_replay(match, sprint) is False  # a die roll closes the window


def test_secret_choice_check_ignores_single_player_decisions():
    match = banneret.Match.start("relay", seed=2, registry=REG)
    check_secret_choices(match.state)


# --- strategies -------------------------------------------------------------------------------------

def test_drawn_choices_pick_player_then_action():
    game = play("duel", BIG_STAKE, REG, max_steps=2)
    assert game.state.record == [("north", "bid 3"), ("south", "bid 1")]
    assert banneret.pending(game.state) == banneret.Pending(("south",), "challenge", "Challenge the result?")
    assert len(game.hashes) == 3 and not game.over


def test_play_is_deterministic_for_a_script():
    a, b = play("relay", SCRIPT, REG), play("relay", SCRIPT, REG)
    assert a.state.record == b.state.record and a.hashes == b.hashes
    assert a.over and a.hashes[-1] == banneret.state_hash(a.state)


def test_resolve_setup_takes_fixed_values_over_picks():
    setup = resolve_setup("duel", PlayScript(seed=9, players_pick=5, scenario_pick=3), REG, {"target": 4})
    assert (setup.seed, setup.players, setup.scenario, dict(setup.options)) == (9, 2, "standard", {"target": 4})
    assert setup.describe() == "duel seed=9 players=2 scenario=standard target=4"
    assert setup.new_game(REG).rules["target"] == 4


@given(game=playthroughs("duel", registry=REG, max_steps=30))
def test_playthroughs_are_legal_games(game):
    assert game.state.step == len(game.hashes) - 1 <= 30
    assert game.over or game.state.step == 30
    check_replay(game.state, game.hashes)


@given(state=states("relay", registry=REG, max_steps=20))
def test_states_are_mid_game_points(state):
    assert 0 <= state.step <= 20
    check_legal_actions(state)


@given(script=scripts(max_drawn=5, seed=7))
def test_scripts_fix_the_seed_and_bound_the_drawn_choices(script):
    assert script.seed == 7 and len(script.choices) <= 5


# --- the suite, as plugins use it -----------------------------------------------------------------

globals().update(conformance_tests("duel", registry=REG, max_steps=60, hash_seeds=(3,)))


class TestRelayConformance(ConformanceSuite):
    game_id = "relay"
    registry = REG
    max_steps = 80
    sample_every = 5
    hash_seeds = (2,)


def test_conformance_tests_names_the_class_after_the_game():
    made = conformance_tests("hex_kingdoms", max_steps=10)
    (name, cls), = made.items()
    assert name == "TestConformanceHexKingdoms" and issubclass(cls, ConformanceSuite)
    assert cls.max_steps == 10 and cls.game_id == "hex_kingdoms"
    assert "TestConformanceDuel" in globals()


def test_conformance_tests_refuses_unknown_settings():
    with pytest.raises(TypeError, match="unknown conformance settings: max_step"):
        conformance_tests("duel", max_step=10)


def test_suite_without_game_id_says_so():
    with pytest.raises(TypeError, match="must set game_id"):
        ConformanceSuite().conformance_config()


def test_fixture_runs_the_whole_suite(banneret_conformance):
    banneret_conformance("relay", REG, max_steps=40, hash_seeds=(5,))


def test_fixture_reports_a_broken_game(banneret_conformance):
    with pytest.raises(AssertionError, match="invariant broken"):
        banneret_conformance("double_score", REG, checks=["invariants"], max_steps=40)


def test_report_header_names_the_profile(pytestconfig):
    from banneret.testing.pytest_plugin import pytest_report_header

    assert "hypothesis profile" in pytest_report_header(pytestconfig)


def test_save_record_of_a_walk_is_json():
    game = play("relay", SCRIPT, REG)
    record = banneret.saves.to_record(game.state, game.hashes[1:])
    assert json.loads(json.dumps(record))["final_hash"] == game.hashes[-1]
