"""The Muster (6.5), returning nobles (13) and the end of the game (14), driven through the
public API from arranged positions: 22.1 statements 72, 75, 82-87 and scenarios SC-15,
SC-20, SC-21, SC-22; and random games that end."""

from __future__ import annotations

import random

import banneret
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.types import ENDED_BY_CAP, ENDED_BY_RULES
from banneret_warrior_knights.cities import raze_city
from banneret_warrior_knights.muster import dominating_baron, final_standings, influence_outcome, return_sites
from banneret_warrior_knights.battle_losses import garrison_holder
from banneret_warrior_knights.state import WKData

from wk_economy_helpers import BOARD, T, bare_game, give, plan, soldier, unraze
from wk_helpers import act, labels, new_game, play_until


def stack_fate(data: WKData, revolts: list[bool]) -> None:
    """The next Fate draws show Revolt or not, in this order."""
    pile = data.fate.draw_pile
    chosen: list[str] = []
    for revolt in revolts:
        card = next(c for c in pile if T.fate[c].revolt == revolt and c not in chosen)
        chosen.append(card)
    for card in chosen:
        pile.remove(card)
    pile.extend(reversed(chosen))


def to_muster(state: banneret.State) -> None:
    """Nobody plans a card: the action phase is empty and the Muster begins."""
    plan(state, {})


def area_name(city: str) -> str:
    return BOARD.areas[BOARD.cities[city].area].name


# --------------------------------------------------------------------------- 6.5 step 1


@pytest.mark.parametrize(("unrazed", "needed"), [(7, 4), (11, 6), (13, 7), (15, 8), (18, 10), (17, 9)])
def test_domination_thresholds(unrazed: int, needed: int) -> None:
    """SC-21: more than half the unrazed Kingdom cities; one fewer is not enough; overseas
    cities never count; razing recomputes the threshold."""
    state = bare_game(6, seed=1)
    data: WKData = state.data
    kingdom = sorted(c for c in data.city_owner if BOARD.areas[BOARD.cities[c].area].region == "kingdom")
    assert len(kingdom) == 18
    for city in kingdom[unrazed:]:
        raze_city(data, city)
    overseas = [c for c in data.city_owner if c not in kingdom]
    data.city_owner.update({c: "green" for c in kingdom[:needed - 1] + overseas})
    assert dominating_baron(data) is None
    data.city_owner[kingdom[needed - 1]] = "green"
    assert dominating_baron(data) == "green"


def test_domination_ends_the_game_at_the_start_of_the_muster() -> None:
    """Statement 86: checked at the start of the Muster; nothing after it happens."""
    state = bare_game(6, seed=2, chairman="red")
    data: WKData = state.data
    kingdom = sorted(c for c in data.city_owner if BOARD.areas[BOARD.cities[c].area].region == "kingdom")
    data.city_owner.update({c: "green" for c in kingdom[:10]})
    data.influence["red"] = 5
    to_muster(state)
    result = banneret.outcome(state)
    assert result.winners == ("green",) and result.ended_by == ENDED_BY_RULES
    assert result.standings[0].faction == "green" and result.standings[1].faction == "red"
    assert data.influence["green"] == 0  # no Influence was taken


# --------------------------------------------------------------------------- 6.5 step 2


def test_influence_for_cities_none_besieged_none_without_stronghold() -> None:
    """Statements 72 and 75, AMB-21: 1 per city held (overseas too), besieged cities give
    nothing, a baron without his stronghold on the board gets nothing."""
    state = bare_game(3, seed=4, chairman="green")
    data: WKData = state.data
    for city in ("kovel", "frola", "vecht"):
        unraze(data, city)
    data.city_owner.update({"kovel": "green", "cadiz": "green", "frola": "green", "vecht": "red"})
    data.besieged["frola"] = "blue"
    data.stronghold["red"] = None
    stack_fate(data, [False] * 4)
    to_muster(state)
    assert data.influence == {"green": 2, "red": 0, "blue": 0}
    assert data.influence_pool == 28


def test_influence_exhaustion_ends_the_game_after_this_muster() -> None:
    """SC-22: N = 2, pool 3; green earns 2, red 3: the pool empties, red's share comes from
    the supply, revolts still happen, and the game ends at the end of this Muster."""
    state = bare_game(2, seed=5, chairman="green")
    data: WKData = state.data
    data.influence_pool = 3
    cities = sorted(data.city_owner)
    data.city_owner.update({cities[0]: "green", cities[1]: "green", cities[2]: "red", cities[3]: "red", cities[4]: "red"})
    stack_fate(data, [False] * 4 + [True])
    to_muster(state)
    assert data.influence == {"green": 2, "red": 3} and data.influence_pool == 0
    assert banneret.pending(state).kind == "revolt"  # revolts still resolve
    act(state, "red", labels(state, "red")[-1])
    result = banneret.outcome(state)
    assert result.winners == ("red",) and result.ended_by == ENDED_BY_RULES
    assert [(s.faction, s.rank, s.score) for s in result.standings] == [("red", 1, 3), ("green", 2, 2)]


# --------------------------------------------------------------------------- 6.5 step 3


def test_revolt_pay_faith_crowns_or_lose_the_city() -> None:
    """SC-20, statement 82: on Revolt the controller keeps the city for 1 faith or twice its
    income, or it goes neutral, losing its fortification but keeping its breaches."""
    state = bare_game(2, seed=6, chairman="green")
    data: WKData = state.data
    unraze(data, "vecht")
    data.city_owner["vecht"] = "green"
    data.fortified.append("vecht")
    data.breaches["vecht"] = 1
    data.faith["green"] = 1
    stack_fate(data, [True])
    to_muster(state)
    assert labels(state, "green") == ["keep Vecht for 1 faith", "keep Vecht for 4 crowns", "let Vecht go neutral"]
    act(state, "green", "let Vecht go neutral")
    assert data.city_owner["vecht"] is None and "vecht" not in data.fortified and data.breaches["vecht"] == 1


def test_revolt_kept_for_crowns() -> None:
    state = bare_game(2, seed=6, chairman="green")
    data: WKData = state.data
    unraze(data, "vecht")
    data.city_owner["vecht"] = "green"
    stack_fate(data, [True])
    to_muster(state)
    assert labels(state, "green") == ["keep Vecht for 4 crowns", "let Vecht go neutral"]
    act(state, "green", "keep Vecht for 4 crowns")
    assert data.city_owner["vecht"] == "green" and data.crowns["green"] == 6


def test_a_noble_in_the_area_stops_the_draw_one_at_sea_does_not() -> None:
    """SC-20, AMB-68: with his noble in Vecht's area no card is drawn; a noble on the port
    icon does not count."""
    state = bare_game(2, seed=7, chairman="green")
    data: WKData = state.data
    unraze(data, "vecht")
    data.city_owner["vecht"] = "green"
    data.noble_area["green_star"] = BOARD.cities["vecht"].area
    give(data, "green", "green_star", soldier("green", "soldier_50"))
    before = list(data.fate.draw_pile)
    to_muster(state)
    assert data.fate.draw_pile == before and data.city_owner["vecht"] == "green"

    state = bare_game(2, seed=7, chairman="green")
    data = state.data
    unraze(data, "vecht")
    data.city_owner["vecht"] = "green"
    data.noble_area["green_star"] = BOARD.cities["vecht"].area
    data.at_sea.append("green_star")
    data.exhausted.append("green_star")
    give(data, "green", "green_star", soldier("green", "soldier_50"))
    stack_fate(data, [True])
    to_muster(state)
    assert banneret.pending(state).kind == "revolt"
    act(state, "green", "let Vecht go neutral")
    # steps 4 and 5 (statement 84): landed in the port's area and ready
    assert data.at_sea == [] and data.exhausted == [] and data.noble_area["green_star"] == BOARD.cities["vecht"].area


# --------------------------------------------------------------------------- 6.5 step 6, 13


def test_returning_nobles_example() -> None:
    """SC-15: da Viola (purple) moves von Flieder's loyal 100 to Lavender, gives the two
    mercenaries of his stronghold to von Flieder and Lavender, places von Flieder by Monz
    and Lavender in his stronghold's area; de Malve has no troops and stays off the board;
    a besieged city is no place to return to."""
    state = bare_game(5, seed=8, chairman="purple")
    data: WKData = state.data
    for city in ("monz", "kovel"):
        unraze(data, city)
    data.city_owner.update({"monz": "purple", "kovel": "purple"})
    data.besieged["kovel"] = "green"
    loyal, = give(data, "purple", "purple_circle", soldier("purple", "soldier_100"))
    give(data, "purple", garrison_holder("purple"), "english_50", "polish_100")
    stack_fate(data, [False] * 6)
    to_muster(state)
    assert labels(state, "purple") == ["move loyal 100 of Guntram von Flieder", "move English 50 of the stronghold",
                                       "move Polish 100 of the stronghold", "finish moving troops"]
    act(state, "purple", "move loyal 100 of Guntram von Flieder")
    assert labels(state, "purple") == ["loyal 100 of Guntram von Flieder to Renaud de Malve",
                                       "loyal 100 of Guntram von Flieder to Geoffrey Lavender",
                                       "loyal 100 of Guntram von Flieder to PH-Purple-Triangle"]
    act(state, "purple", "loyal 100 of Guntram von Flieder to Geoffrey Lavender")
    act(state, "purple", "move English 50 of the stronghold")
    act(state, "purple", "English 50 of the stronghold to Guntram von Flieder")
    act(state, "purple", "move Polish 100 of the stronghold")
    act(state, "purple", "Polish 100 of the stronghold to Geoffrey Lavender")
    stronghold = BOARD.areas[data.stronghold["purple"]].name
    assert sorted(labels(state, "purple")) == sorted([f"Geoffrey Lavender to {stronghold}", "Geoffrey Lavender to K-b2"])
    act(state, "purple", f"Geoffrey Lavender to {stronghold}")
    act(state, "purple", "Guntram von Flieder to K-b2")
    assert data.noble_area["purple_square"] == data.stronghold["purple"]
    assert data.noble_area["purple_circle"] == "k_b2"
    assert data.noble_area["purple_star"] is None
    assert loyal in data.army["purple_square"] and data.garrison["purple"] == []
    assert banneret.pending(state).kind == "plan"  # the other barons had nothing to do
    assert data.round == 2


def test_transfers_in_one_area_whole_army_with_markers() -> None:
    """AMB-44: on-board nobles in one area exchange troops; an army with casualty markers
    goes whole, markers and all; a noble left without troops leaves the board; a noble
    alone in his area has nobody to exchange with."""
    state = bare_game(2, seed=9, chairman="green")
    data: WKData = state.data
    data.noble_area.update({"green_star": "k_a2", "green_square": "k_a2", "green_circle": "k_c2"})
    give(data, "green", "green_star", soldier("green", "soldier_100"), soldier("green", "soldier_50"))
    give(data, "green", "green_square", soldier("green", "soldier_50", 2))
    give(data, "green", "green_circle", soldier("green", "soldier_50", 3))
    data.casualties["green_star"] = 1
    to_muster(state)
    assert labels(state, "green") == ["move whole army of Ernesto di Celadon", "move loyal 50 of Alan of Smalt",
                                      "finish moving troops"]
    act(state, "green", "move whole army of Ernesto di Celadon")
    assert labels(state, "green") == ["whole army of Ernesto di Celadon to Alan of Smalt"]
    act(state, "green", "whole army of Ernesto di Celadon to Alan of Smalt")
    assert data.noble_area["green_star"] is None and data.casualties == {**data.casualties, "green_square": 1}
    assert len(data.army["green_square"]) == 3
    # Alan's army carries a marker now and holds cards moved already: nothing more can move
    assert banneret.pending(state).kind == "plan"


# --------------------------------------------------------------------------- 14


def test_tie_break_chain() -> None:
    """Statement 87: Influence, then cities held (overseas included), then crowns + faith +
    votes, then troops on the board; tied on all of it, nobody is crowned."""
    state = bare_game(4, seed=10)
    data: WKData = state.data
    data.influence.update({"green": 5, "red": 5, "blue": 5, "black": 2})
    data.city_owner.update({"cadiz": "green", "acre": "green", "syracuse": "red", "jerusalem": "blue"})
    data.crowns.update({"green": 0, "red": 4, "blue": 2, "black": 30})
    data.faith.update({"red": 3, "blue": 5})
    data.votes.update({"red": 3, "blue": 3})
    data.noble_area.update({"red_star": "k_a2", "blue_star": "k_a5"})
    give(data, "red", "red_star", soldier("red", "soldier_100"), soldier("red", "soldier_50"))
    give(data, "blue", "blue_star", soldier("blue", "soldier_100"), soldier("blue", "soldier_50"))
    data.casualties["blue_star"] = 1
    assert [(s.faction, s.rank) for s in final_standings(data)] == [("green", 1), ("red", 2), ("blue", 3), ("black", 4)]
    assert influence_outcome(data, ENDED_BY_RULES).winners == ("green",)
    data.city_owner["acre"] = None
    data.casualties["blue_star"] = 0
    data.crowns["green"] = 10
    data.noble_area["green_star"] = "k_a3"
    give(data, "green", "green_star", soldier("green", "soldier_100"), soldier("green", "soldier_50"))
    outcome = influence_outcome(data, ENDED_BY_RULES)
    assert outcome.winners == () and [s.rank for s in outcome.standings] == [1, 1, 1, 4]
    assert "nobody is crowned" in outcome.reason


def test_round_limit_cuts_random_games_off() -> None:
    """The safety cap: with round_limit 10 a random game stops after round 10 with nobody
    crowned, ended by the cap, every baron ranked."""
    state = new_game(3, seed=3, round_limit=10)
    play_until(state, "no such decision", random.Random(3))
    result = banneret.outcome(state)
    assert state.data.round == 10 and result.ended_by == ENDED_BY_CAP and result.winners == ()
    assert sorted(s.faction for s in result.standings) == sorted(state.data.barons)


@settings(max_examples=6, deadline=None)
@given(barons=st.sampled_from([2, 3, 4, 6]), seed=st.integers(0, 10_000))
def test_random_games_muster_properties(barons: int, seed: int) -> None:
    """Statements 84 and 85 after every Muster of random games (round limit 10): nobody
    exhausted or at sea; every off-board noble with troops stands on the board unless his
    baron has nowhere to put him; the Draft leaves the track empty; the game ends."""
    state = new_game(barons, seed=seed, round_limit=10)
    rng = random.Random(seed)
    rounds_checked = 0
    while not banneret.is_over(state):
        now = banneret.pending(state)
        was = state.data.round
        player = rng.choice(now.players)
        banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))
        data: WKData = state.data
        assert not state.game.invariants(state)
        if data.round > was:
            rounds_checked += 1
            assert data.exhausted == [] and data.at_sea == []
            for baron in data.barons:
                stranded = [nb for nb in data.nobles_of(baron) if data.noble_area[nb] is None and data.army[nb]]
                assert not stranded or not return_sites(data, baron)
    assert rounds_checked >= 1 or banneret.outcome(state).ended_by == ENDED_BY_RULES


def test_a_destroyed_stronghold_is_replaced_before_nobles_return() -> None:
    """11.6, 13 step 4, SC-19: a baron without his stronghold may put it back in a legal
    area just before placing his nobles; the returning noble may then go there. Left off
    the board, with no city either, the noble stays off (statement 85)."""
    for replace in (True, False):
        state = bare_game(2, seed=13, chairman="green")
        data: WKData = state.data
        data.stronghold["green"] = None
        give(data, "green", "green_star", soldier("green", "soldier_50"))
        to_muster(state)
        assert data.influence["green"] == 0
        act(state, "green", "finish moving troops")
        options = labels(state, "green")
        assert options[-1] == "leave the stronghold off the board" and len(options) > 1
        act(state, "green", options[0] if replace else options[-1])
        if replace:
            assert data.noble_area["green_star"] == data.stronghold["green"] is not None
        else:
            assert data.stronghold["green"] is None and data.noble_area["green_star"] is None
        assert banneret.pending(state).kind == "plan"
