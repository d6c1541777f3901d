"""The three scenarios: Wars of the Roses (1460, campaigns 1-3), Kingmaker (1470, campaign 2
only, Henry VI York's captive) and Richard III (1483, campaign 3 only). Each starts as its
sheet says, plays to its end with the right victory check, and Kingmaker's special rule works."""

from __future__ import annotations

import banneret
import pytest
from banneret import RandomAgent

from banneret_richard3.battle import eliminate
from banneret_richard3.politics import support
from banneret_richard3.state import DEAD, MINOR, OFFMAP, PRISONER, tables

from r3_helpers import do, end_actions, labels, menu_labels, play_out, put, start_turn, touch

SCENARIOS = ("wars-of-the-roses", "kingmaker", "richard-iii")


def new(scenario: str, seed: int = 0, **options: object) -> banneret.State:
    return banneret.new_game("richard3", seed=seed, scenario=scenario, options=options)


def test_the_scenarios_are_offered_with_the_1460_game_first():
    info = banneret.default_registry().game("richard3").info
    assert [s.name for s in info.scenarios] == list(SCENARIOS)
    assert banneret.new_game("richard3", seed=0).scenario == "wars-of-the-roses"


@pytest.mark.parametrize(("scenario", "campaigns", "king", "king_block", "pretender_block"), [
    ("wars-of-the-roses", (1, 3), "lancaster", "henry_vi", "duke_of_york"),
    ("kingmaker", (2, 2), "york", "march", "henry_vi"),
    ("richard-iii", (3, 3), "york", "gloucester", "richmond"),
])
def test_each_scenario_starts_as_its_sheet_says(scenario, campaigns, king, king_block, pretender_block):
    d = new(scenario).data
    assert (d.campaign, d.last_campaign) == campaigns
    assert (d.king, d.king_block, d.pretender_block) == (king, king_block, pretender_block)
    assert all(d.steps[b] == tables().blocks[b].max_strength for b in tables().block_ids)


def test_kingmaker_deployment():
    d = new("kingmaker").data
    assert d.loc["henry_vi"] == PRISONER and "henry_vi" not in d.at["middlesex"]
    assert sorted(d.at["middlesex"]) == ["march"]
    assert sorted(d.at["france"]) == sorted(
        ["prince_edward", "exeter_l", "warwick_l", "clarence_l", "oxford", "french_mercenary"])
    assert d.loc["richmond"] == MINOR
    # York's dead heirs and the Lancastrian versions of the turncoats
    assert d.loc["duke_of_york"] == d.loc["rutland"] == d.loc["somerset"] == DEAD
    assert d.loc["warwick_y"] == d.loc["clarence_y"] == OFFMAP
    # Clarence, serving Lancaster, is alive but no York heir
    assert d.heirs_alive("york") == 3 and not d.in_play("clarence_y") and d.heirs_alive("lancaster") == 4


def test_richard_iii_deployment_has_one_heir_a_side():
    d = new("richard-iii").data
    assert [b for b in tables().succession["york"] if d.loc[b] != DEAD] == ["gloucester"]
    assert [b for b in tables().succession["lancaster"] if d.loc[b] != DEAD] == ["richmond"]
    assert d.loc["richmond"] == "france" and d.loc["gloucester"] == "middlesex"
    assert d.loc["buckingham_l"] == "glamorgan" and d.loc["rivers_l"] == "leicester"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_scenario_ends_after_its_last_campaign_or_by_sudden_death(scenario):
    """Random games end by 9.0: sudden death, or the KING after the last campaign's usurpation
    (never a later campaign)."""
    for seed in range(6):
        state = new(scenario, seed)
        play_out(state, {f: RandomAgent(seed + i) for i, f in enumerate(state.factions)})
        d, result = state.data, banneret.outcome(state)
        assert d.campaign <= d.last_campaign
        assert result is not None and result.ended_by == "rules"
        if "last campaign" in result.reason:
            assert d.campaign == d.last_campaign and d.turn == 7
            assert result.winners == (d.king,)
        else:
            assert "heir" in result.reason



@pytest.mark.parametrize(("scenario", "turns"), [("wars-of-the-roses", 21), ("kingmaker", 7), ("richard-iii", 7)])
def test_the_turn_counts_the_scenarios_turns_played(scenario, turns):
    """``turn`` (``simulate``'s turn cap and mean turns) counts from the scenario's first
    campaign: a single-campaign scenario plays turns 1-7, not the war's 8-14 or 15-21."""
    state = new(scenario)
    game = state.game
    assert game.turn(state) == 0  # before the first card phase
    play_out(state, {f: RandomAgent(i) for i, f in enumerate(state.factions)})
    if "last campaign" in banneret.outcome(state).reason:
        assert game.turn(state) == turns
    else:
        assert 0 < game.turn(state) <= turns

def test_richard_iii_killing_the_only_enemy_heir_wins_at_once():
    state = new("richard-iii")
    eliminate(state, "gloucester", "is killed")
    result = banneret.outcome(state)
    assert result is not None and result.winners == ("lancaster",)
    assert "all five york heirs are dead" in result.reason


# --------------------------------------------------------------------------- Kingmaker


def test_the_captive_cannot_act_and_holds_nothing():
    state = new("kingmaker")
    d = state.data
    assert not d.in_play("henry_vi") and d.heirs("lancaster")[0] == "prince_edward"
    assert d.occupant("middlesex") == "york"
    start_turn(state, lancaster="action_ap4_1", york="action_ap2_1")
    for player in state.factions:
        assert not any("henry_vi" in label for label in menu_labels(state, player))


def test_the_captive_counts_for_lancaster_in_the_usurpation():
    state = new("kingmaker")
    d = state.data
    before = support(d, "lancaster")
    d.place("henry_vi", DEAD)
    assert support(d, "lancaster") == before - 1


def test_lancaster_frees_henry_by_taking_london():
    """York leaves London empty; a Lancastrian noble marches in: Henry VI is freed after that
    action and stands there as an ordinary heir, still the PRETENDER."""
    state = new("kingmaker")
    d = state.data
    d.place("march", "kent")
    put(state, "oxford", "essex")
    touch(state)
    start_turn(state, lancaster="action_ap4_1", york="action_ap2_1")
    if d.player1 != "lancaster":
        end_actions(state, "york")
    assert d.loc["henry_vi"] == PRISONER
    events = _land_move(state, "lancaster", "oxford", "essex", "middlesex")
    assert d.loc["henry_vi"] == "middlesex" and sorted(d.at["middlesex"]) == ["henry_vi", "oxford"]
    assert any("Henry VI is freed" in e.text for e in events)
    assert d.pretender_block == "henry_vi" and d.heirs("lancaster")[0] == "henry_vi"


def test_a_contested_london_does_not_free_henry():
    state = new("kingmaker")
    d = state.data
    put(state, "oxford", "essex")
    touch(state)
    start_turn(state, lancaster="action_ap4_1", york="action_ap2_1")
    if d.player1 != "lancaster":
        end_actions(state, "york")
    _land_move(state, "lancaster", "oxford", "essex", "middlesex")
    assert d.is_contested("middlesex") and d.loc["henry_vi"] == PRISONER


def _land_move(state: banneret.State, house: str, block: str, origin: str, to: str) -> list[banneret.Event]:
    """One block's land move by its labels: the kind, the area, the block, the path (and done
    if the group waits for more)."""
    do(state, house, next(label for label in labels(state, house) if label.startswith("land move")))
    do(state, house, f"land move from {origin}")
    do(state, house, f"select {block}")
    events = do(state, house, f"move {block}: {origin} -> {to}")
    while banneret.pending(state).kind == "action-group":
        done = next(label for label in labels(state, house) if label.startswith("done"))
        events += do(state, house, done)
    return events
