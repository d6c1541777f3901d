"""The plugin guide's example game (docs/examples/couriers) works as the guide says.

The example is loaded the way a test of a third-party plugin would load it: its module is
registered in a registry of its own, without installing the package.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given

import banneret
import banneret.boards
from banneret.agents import Seat
from banneret.data import PROVENANCES
from banneret.registry import registry_from
from banneret.rng import Rng
from banneret.types import Standing
from banneret.testing import conformance_tests, playthroughs, run_conformance

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "couriers"
sys.path.insert(0, str(EXAMPLE))

from banneret_couriers import plugin  # noqa: E402

REG = registry_from([plugin])

# every check of the test kit, on random games of every set-up, as the guide shows
globals().update(conformance_tests("couriers", registry=REG, max_steps=2_000))


def new(seed: int = 0, **kw) -> banneret.State:
    kw.setdefault("players", 2)
    return banneret.new_game("couriers", seed=seed, registry=REG, **kw)


def play(state: banneret.State, player: str, label: str) -> None:
    banneret.apply(state, banneret.find_action(state, player, label))


def force_die(state: banneret.State, face: int) -> None:
    """Move the game's generator to a point where its next d6 shows ``face``."""
    key, counter = state.rng.state()
    while Rng.from_state(key, counter).die(6) != face:
        counter += 1
    state.rng.counter = counter


def random_game(seed: int, players: int, scenario: str, options=None) -> banneret.State:
    state = new(seed, players=players, scenario=scenario, options=options)
    agents = {f: banneret.RandomAgent(seed * 10 + i) for i, f in enumerate(state.factions)}
    limit = state.game.info.max_decisions
    while not banneret.is_over(state):
        assert state.step < limit, f"seed {seed}: no end after {limit} decisions"
        now = banneret.pending(state)
        player = now.players[state.step % len(now.players)]
        actions = banneret.legal_actions(state, player)
        assert len({a.label for a in actions}) == len(actions), f"duplicate labels: {actions}"
        banneret.apply(state, agents[player].choose(Seat(state, player)))
        assert state.game.invariants(state) == [], f"seed {seed} step {state.step}"
    return state


# --- the plugin declares itself ---------------------------------------------------------

def test_registry_finds_the_game_its_agent_and_variants():
    assert list(REG.games()) == ["couriers"]
    assert REG.game("couriers").info.factions == ("red", "blue", "green", "gold")
    assert list(REG.agents("couriers")) == ["ismcts", "random", "steady"]
    assert list(REG.variants("couriers")) == ["muddy_roads", "rich_patrons"]
    assert list(REG.agents("duel")) == ["ismcts", "random"]  # the hook answers only for its own game


def test_pyproject_declares_the_entry_point():
    meta = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["entry-points"]["banneret.games"] == {"couriers": "banneret_couriers.plugin"}


def test_road_data_carries_provenance():
    assert sorted(plugin.ROAD) == [4, 7, 11, 15, 18, 23, 26]
    assert all(s.source in PROVENANCES for s in plugin.ROAD.values())
    assert [s.name for s in plugin.ROAD.values() if s.source == "placeholder"] == ["Toll bridge"]


def test_sequence_of_play_is_declared_with_rule_numbers():
    assert REG.game("couriers").sequence_of_play() == [
        "[2] round",
        "  [2.1] RelayAuction — All couriers bid for the relay horse at once, in secret.",
        "  rides",
        "    [2.2] Ride — The courier rides on, a die at a time, until they rest or are thrown.",
        "  [2] EndOfRound",
        "[2.3] StageEffect — A marked stage acts on the courier who rested there (no decision).",
    ]


# --- the rules, one at a time -------------------------------------------------------------

def test_single_highest_bid_pays_and_takes_the_horse():
    state = new()
    assert banneret.pending(state).players == ("red", "blue")
    assert [a.label for a in banneret.legal_actions(state, "blue")] == ["bid 0", "bid 1", "bid 2", "bid 3", "bid 4"]
    play(state, "blue", "bid 1")
    play(state, "red", "bid 2")
    assert state.data.horse == "red"
    assert state.data.coins == {"red": 2, "blue": 4}
    assert banneret.pending(state) == banneret.Pending(("red",), "ride", "Ride on, or rest")


def test_tied_bids_cost_nothing_and_give_no_horse():
    state = new()
    play(state, "red", "bid 3")
    play(state, "blue", "bid 3")
    assert state.data.horse is None
    assert state.data.coins == {"red": 4, "blue": 4}


def test_without_the_relay_horse_option_the_round_starts_with_rides():
    state = new(options={"relay_horse": "no"})
    assert banneret.pending(state).kind == "ride"
    assert [a.label for a in banneret.legal_actions(state)] == ["ride on"]


def test_a_roll_at_or_under_the_bust_face_loses_the_ride():
    state = new(options={"relay_horse": False})
    force_die(state, 5)
    play(state, "red", "ride on")
    assert [a.label for a in banneret.legal_actions(state)] == ["ride on", "rest"]
    force_die(state, 1)
    play(state, "red", "ride on")
    assert state.data.pos == {"red": 0, "blue": 0}
    assert banneret.pending(state).players == ("blue",)


def red_rides_five_on_the_horse() -> banneret.State:
    """Red wins the horse with a bid of 1 and rolls a 5: red may ride on or rest."""
    state = new()
    play(state, "red", "bid 1")
    play(state, "blue", "bid 0")
    force_die(state, 5)
    play(state, "red", "ride on")
    return state


def test_rest_moves_by_the_ride_plus_the_horse_bonus():
    state = red_rides_five_on_the_horse()
    play(state, "red", "rest")
    assert state.data.pos["red"] == 5 + 3


@pytest.mark.parametrize(
    ("start", "face", "pos", "coins"),
    [
        (2, 2, 4, 5),    # inn: +1 coin
        (5, 2, 5, 4),    # ford at 7: back 2
        (8, 3, 13, 4),   # relay post at 11: on 2
        (12, 3, 15, 3),  # toll bridge: pay 1
        (9, 4, 13, 4),   # unmarked stage: nothing
    ],
)
def test_marked_stages_act_on_a_resting_courier(start, face, pos, coins):
    state = new(options={"relay_horse": False})
    state.data.pos["red"] = start
    force_die(state, face)
    play(state, "red", "ride on")
    play(state, "red", "rest")
    assert (state.data.pos["red"], state.data.coins["red"]) == (pos, coins)


def test_reaching_the_end_of_the_road_wins_at_once():
    state = new(options={"relay_horse": False, "length": 12})
    state.data.pos["red"] = 9
    force_die(state, 4)
    play(state, "red", "ride on")
    assert banneret.is_over(state)
    standings = (Standing("red", 1, 12), Standing("blue", 2, 0))
    assert banneret.outcome(state) == banneret.Outcome(("red",), "reached the end of the road", standings, "stages along the road")
    assert state.data.pos == {"red": 12, "blue": 0}


def test_a_tie_for_furthest_is_a_draw_with_shared_first_rank():
    state = new(players=3, options={"relay_horse": False})
    state.data.pos.update(red=7, blue=7, green=3)
    state.data.round = 15
    result = plugin.Couriers().outcome(state)
    assert result.winners == () and result.ended_by == "rules"
    assert result.standings == (Standing("red", 1, 7), Standing("blue", 1, 7), Standing("green", 3, 3))


def test_handicap_scenario_staggers_the_start():
    state = new(players=4, scenario="handicap")
    assert state.data.pos == {"red": 0, "blue": 1, "green": 2, "gold": 3}


def test_variant_changes_a_rule_parameter():
    assert new().rules["bust_face"] == 1
    assert new(options={"variant": "muddy_roads"}).rules["bust_face"] == 2
    assert new(options={"variant": "muddy_roads,rich_patrons"}).data.coins == {"red": 8, "blue": 8}
    with pytest.raises(banneret.OptionError, match="no house-rule variant 'icy_roads'"):
        new(options={"variant": "icy_roads"})


# --- hidden information ------------------------------------------------------------------

def test_a_sealed_bid_is_seen_only_by_its_bidder():
    state = new()
    play(state, "red", "bid 2")
    assert banneret.view(state, "red")["board"]["bids"] == {"red": 2}
    assert banneret.view(state, "blue")["board"]["bids"] == {"red": "sealed"}
    assert banneret.view(state, "blue")["log"] == ["red seals a bid"]
    assert banneret.view(state, None)["log"] == ["red bids 2"]


def test_resampling_hidden_bids_leaves_the_other_view_unchanged():
    state = new(players=3)
    play(state, "red", "bid 4")
    play(state, "green", "bid 1")
    before = banneret.view(state, "blue")
    for seed in range(20):
        other = state.game.resample_hidden(state, "blue", Rng(seed))
        assert banneret.view(other, "blue") == before
    assert state.data.bids == {"red": 4, "green": 1}


# --- the web board -------------------------------------------------------------------------

def draw(state: banneret.State, player: str) -> banneret.boards.BoardDrawing:
    actions = tuple(banneret.legal_actions(state, player)) if player in banneret.pending(state).players else ()
    drawing = REG.board(banneret.boards.BoardContext("couriers", player, banneret.view(state, player), actions))
    assert drawing is not None
    return drawing


def test_board_draws_every_stage_and_courier_and_nothing_to_click_for_bids():
    state = new(players=3)
    drawing = draw(state, "red")
    root = ElementTree.fromstring(drawing.svg)
    assert root.get("viewBox") == "0 0 1000 558" and root.get("width") is None
    marked = {e.get("data-target") for e in root.iter() if e.get("data-target")}
    assert marked == {f"stage:{n}" for n in range(21)} | {"courier:red", "courier:blue", "courier:green"}
    assert drawing.targets == {}  # a bid has no place on the road
    assert ">Wayside inn: +1 coin</text>" in drawing.svg and ">Toll bridge: pay 1</text>" in drawing.svg
    assert ">green: stage 0, 4 coins</text>" in drawing.svg


def test_board_rider_clicks_their_courier_to_ride_on_and_the_end_stage_to_rest():
    state = red_rides_five_on_the_horse()
    # stage 0, a ride of 5 and the horse's 3
    assert draw(state, "red").targets == {"ride on": ("courier:red",), "rest": ("stage:8",)}
    assert draw(state, "blue").targets == {}
    play(state, "red", "rest")
    assert ">red: stage 8, 3 coins, rides the relay horse</text>" in draw(state, "blue").svg


def test_board_shows_a_sealed_bid_to_its_bidder_only():
    state = new()
    play(state, "red", "bid 2")
    assert ">red: stage 0, 4 coins, bid 2</text>" in draw(state, "red").svg
    blind = draw(state, "blue").svg
    assert ">red: stage 0, 4 coins, bid sealed</text>" in blind and "bid 2" not in blind


def test_board_passes_the_kits_board_check():
    """The test kit's board check on random races (the module's suite does not run it)."""
    run_conformance("couriers", registry=REG, checks=["board"], max_steps=300, players=3)


# --- whole games ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scenario", ["open", "handicap"])
def test_random_games_end_within_the_declared_bound(players, scenario):
    ends = set()
    for seed in range(25):
        state = random_game(seed, players, scenario)
        result = banneret.outcome(state)
        assert set(result.winners) <= set(state.factions)
        ends.add(result.reason)
    assert "reached the end of the road" in ends


def test_random_games_with_house_rules_and_options():
    for seed in range(10):
        options = {"variant": "muddy_roads", "length": 30, "relay_horse": seed % 2 == 0}
        state = random_game(seed, 4, "open", options)
        assert banneret.outcome(state) is not None


def test_same_seed_and_actions_replay_to_the_same_hash_and_save_round_trips(tmp_path):
    state = random_game(7, 3, "open")
    again = new(7, players=3)
    for player, label in state.record:
        play(again, player, label)
    assert banneret.state_hash(again) == banneret.state_hash(state)
    banneret.save(state, tmp_path / "race.json")
    loaded = banneret.load(tmp_path / "race.json", registry=REG)
    assert banneret.state_hash(loaded) == banneret.state_hash(state)
    assert loaded.record == state.record


@given(playthroughs("couriers", registry=REG, max_steps=2_000))
def test_random_races_end_and_keep_their_invariants(game):
    assert game.over
    assert REG.game("couriers").invariants(game.state) == []


def test_steady_agent_plays_whole_games():
    winners = []
    for seed in range(20):
        match = banneret.Match.start("couriers", seed=seed, seats=dict.fromkeys(plugin.FACTIONS[:2], "steady"),
                                     players=2, registry=REG)
        match.advance()
        assert match.is_over()
        winners.extend(banneret.outcome(match.state).winners)
    assert set(winners) == {"red", "blue"}


# --- the guide shows the real code --------------------------------------------------------

def test_guide_code_blocks_are_excerpts_of_the_example():
    guide = (ROOT / "docs" / "plugin-guide.md").read_text(encoding="utf-8")
    sources = [(EXAMPLE / "banneret_couriers" / name).read_text(encoding="utf-8") for name in ("plugin.py", "board.py")]
    blocks = re.findall(r"<!-- excerpt -->\n```python\n(.*?)```", guide, flags=re.S)
    assert len(blocks) >= 10
    for block in blocks:
        assert any(block in source for source in sources), f"the guide's excerpt is not in plugin.py or board.py:\n{block}"


def test_simulate_prints_the_ranks_the_guide_shows(capsys):
    """The user guide's simulate example: ends by rules or by a cap, and each courier's mean
    rank with its mean score."""
    from banneret.cli import main

    assert main(["simulate", "couriers", "--games", "200", "--agent", "steady", "--seat", "red=random"], registry=REG) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3] == "  ended by the rules 200, by the game's own limit 0"
    assert lines[5] == ("  mean rank (mean stages along the road): blue 2.17 (13.145), gold 2.61 (10.375), "
                        "green 2.495 (11.345), red 2.345 (12.665)")
    # every line the guide shows is the command's own, but for the timing line
    guide = (ROOT / "docs" / "user-guide.md").read_text()
    shown = guide.split("$ banneret simulate couriers --plugin banneret_couriers.plugin --games 200 --agent steady --seat red=random\n", 1)[1]
    shown_lines = shown.split("```", 1)[0].splitlines()
    timing = re.compile(r"^  [0-9.]+ s: [0-9.]+ games/s, [0-9.]+ decisions/s$")
    assert len(shown_lines) == len(lines)
    for printed, in_guide in zip(lines, shown_lines):
        if timing.match(printed):
            assert timing.match(in_guide), in_guide
        else:
            assert printed == in_guide


def test_every_field_of_the_examples_data_is_in_the_state_hash():
    from banneret.testing.identity import check_identity_along_games

    assert check_identity_along_games("couriers", seeds=range(2), every=5, max_steps=60, registry=REG) >= 4
