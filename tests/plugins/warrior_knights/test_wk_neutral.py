"""The neutral cards (8) through the public API: who draws an event (8.1, 22.1 statement 30),
cancelling it with faith after its random targets are known (8.2, statement 31, SC-8 Arson),
Fund Expeditions (8.3, statements 32-35, SC-6, SC-7, a blessed expedition, No news, Fleet
lost, an unfunded launch), Upgrade Defences (8.4, statement 36, the repair_cost standing
effect), Muster Troops (8.5, statement 37), Uncertain Times (8.6, statement 38); and random games keeping faith never negative
and every Event card in exactly one place."""

from __future__ import annotations

import random

import banneret
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.testing import check_views
from banneret_warrior_knights.state import WKData

from wk_helpers import act, labels, new_game
from wk_neutral_helpers import (
    T, city_area, city_name, event_on_top, fate_card, fate_on_top, in_action_phase, log_text, noble_name,
    on_board_noble, reveal_next,
)

# --------------------------------------------------------------------------- 8.1 the drawer


def _event_game(top: str, head: str = "green", faith: int = 0) -> banneret.State:
    state = in_action_phase(4, seed=3)
    data: WKData = state.data
    data.head_of_church = head
    for baron in data.barons:
        data.faith[baron] = 0
    data.faith[head] = faith
    event_on_top(state, top)
    return state


def test_red_top_card_the_head_draws_it_or_pays_one_faith_to_name_another() -> None:
    """22.1 statement 30, red: free, the Head draws it himself; for exactly 1 faith he names
    another baron."""
    state = _event_game("disgrace", faith=2)
    reveal_next(state, "important_event")
    assert banneret.pending(state).players == ("green",)
    assert labels(state, "green") == ["you draw the red event"] + [
        f"pay 1 faith: {b} draws the red event" for b in ("red", "blue", "black")]
    state.data.votes["blue"] = 5
    act(state, "green", "pay 1 faith: blue draws the red event")
    assert state.data.faith["green"] == 1
    assert state.data.votes["blue"] == 2  # Disgrace: the drawer loses 3 votes
    assert "blue draws the red event PH-Disgrace" in log_text(state)


def test_red_top_card_without_faith_the_head_draws_it_unasked() -> None:
    state = _event_game("disgrace", faith=0)
    state.data.votes["green"] = 4
    reveal_next(state, "important_event")
    assert state.data.votes["green"] == 1
    assert "green draws the red event PH-Disgrace" in log_text(state)


def test_green_top_card_another_baron_draws_it_unless_the_head_pays() -> None:
    """22.1 statement 30, green: free, another baron draws it; for exactly 1 faith the Head
    draws it himself."""
    state = _event_game("good_harvest", head="red", faith=1)
    reveal_next(state, "important_event")
    assert labels(state, "red") == [f"{b} draws the green event" for b in ("green", "blue", "black")] + [
        "pay 1 faith: you draw the green event"]
    crowns = state.data.crowns["red"]
    act(state, "red", "pay 1 faith: you draw the green event")
    assert state.data.faith["red"] == 0 and state.data.crowns["red"] == crowns + 4


def test_blue_top_card_any_baron_free() -> None:
    state = _event_game("royal_census", head="blue", faith=3)
    reveal_next(state, "important_event")
    assert labels(state, "blue") == ["green draws the blue event", "red draws the blue event",
                                     "you draw the blue event", "black draws the blue event"]


def test_the_event_deck_is_formed_again_from_its_discards() -> None:
    """15.3: when the Event deck runs out, its discard pile is shuffled into a new deck."""
    state = _event_game("ill_omens", head="green", faith=0)
    deck = state.data.events
    deck.discard_pile.extend(deck.draw_pile)
    deck.draw_pile.clear()
    reveal_next(state, "important_event")
    assert "the Event discards are shuffled into a new deck" in log_text(state)
    assert len(deck.draw_pile) + len(deck.discard_pile) + (state.data.event_drawn is not None) == 36


# --------------------------------------------------------------------------- 8.2 cancelling


def _arson_drawn(chairman: str, faith: dict[str, int]) -> tuple[banneret.State, str, str, str]:
    """SC-8's table: a city C held by red with green's noble in its area and blue's noble on
    its port icon; the Fate card on top names C; the Head (green) draws Arson himself.
    Returns the game waiting for the faith, C, green's noble and blue's noble."""
    state = _event_game("arson", head="green", faith=0)
    data: WKData = state.data
    data.chairman = chairman
    data.faith.update(faith)
    city = next(c for c in sorted(data.city_owner) if T.data.board.areas[city_area(c)].port)
    data.city_owner[city] = "red"
    victim, sailor = on_board_noble(state, "green"), on_board_noble(state, "blue")
    data.noble_area[victim] = data.noble_area[sailor] = city_area(city)
    data.at_sea.append(sailor)
    data.at_sea.sort()
    fate_on_top(state, fate_card(city=city))
    reveal_next(state, "important_event")
    act(state, "green", "you draw the blue event")
    return state, city, victim, sailor


def test_sc8_arson_two_barons_pool_faith_after_the_city_is_known() -> None:
    """SC-8 (a): blue top card, the Head draws Arson himself; the city is drawn first, then
    faith is pooled clockwise from the Chairman: two barons pay 1 each; nothing else changes."""
    state, city, victim, _ = _arson_drawn("green", {"red": 1, "blue": 1, "black": 0})
    data: WKData = state.data
    assert f"green draws the blue event Arson: {city_name(city)}" in log_text(state)  # known before paying
    assert banneret.pending(state).players == ("red",)  # green has no faith: not asked
    assert banneret.view(state, "black")["board"]["event_drawn"] == "Arson"  # face up for all
    check_views(state)
    assert labels(state, "red") == ["add 1 faith to cancel Arson (0 of 2 pledged)", "add no faith"]
    act(state, "red", "add 1 faith to cancel Arson (0 of 2 pledged)")
    act(state, "blue", "add 1 faith to cancel Arson (1 of 2 pledged)")
    assert data.faith["red"] == data.faith["blue"] == 0
    assert data.city_owner[city] == "red" and data.noble_area[victim] == city_area(city)
    assert data.event_drawn is None and data.events.discard_pile[-1].startswith("arson:")


def test_sc8_arson_nobody_pays_the_city_is_razed_and_nobles_there_die() -> None:
    """SC-8 (b): the city is razed; the noble in its area dies, the one on its port icon does
    not (AMB-46). Blue is not asked once red declines: alone he cannot reach 2."""
    state, city, victim, sailor = _arson_drawn("green", {"red": 1, "blue": 1, "black": 0})
    data: WKData = state.data
    act(state, "red", "add no faith")
    assert city in data.razed and city not in data.city_owner
    assert data.noble_area[victim] is None and data.noble_area[sailor] == city_area(city)
    assert data.faith["red"] == data.faith["blue"] == 1


def test_pledges_short_of_the_cost_are_not_paid() -> None:
    state, city, _, _ = _arson_drawn("red", {"red": 1, "blue": 0, "black": 3})
    data: WKData = state.data
    act(state, "red", "add 1 faith to cancel Arson (0 of 2 pledged)")
    assert labels(state, "black") == ["add 1 faith to cancel Arson (1 of 2 pledged)", "add no faith"]
    act(state, "black", "add no faith")
    assert data.faith["red"] == 1 and data.faith["black"] == 3  # nobody paid
    assert city in data.razed


def test_a_red_event_only_its_drawer_may_cancel() -> None:
    """22.1 statement 31: a red event is cancelled with the drawer's faith only."""
    state = _event_game("disgrace", head="green", faith=0)
    data: WKData = state.data
    data.faith.update({"red": 5, "blue": 5, "black": 5})
    data.votes["green"] = 3
    reveal_next(state, "important_event")
    assert banneret.pending(state).kind != "cancel_event"  # green has no faith: unasked
    assert data.votes["green"] == 0 and data.faith == {"green": 0, "red": 5, "blue": 5, "black": 5}
    state = _event_game("disgrace", head="green", faith=1)
    state.data.faith.update({"red": 5, "blue": 5, "black": 5})
    reveal_next(state, "important_event")
    act(state, "green", "you draw the red event")
    assert banneret.pending(state).players == ("green",)
    assert labels(state, "green") == ["add 1 faith to cancel PH-Disgrace (0 of 1 pledged)", "add no faith"]
    act(state, "green", "add 1 faith to cancel PH-Disgrace (0 of 1 pledged)")
    assert state.data.faith["green"] == 0 and state.data.events.discard_pile[-1].startswith("disgrace:")


# --------------------------------------------------------------------------- 8.3 expeditions


def _expedition_game(space: dict[str, int] | None = None, stakes: dict[str, dict[str, int]] | None = None,
                     blessed: tuple[str, ...] = (), fate: tuple[tuple[str, str], ...] = ()
                     ) -> tuple[banneret.State, WKData, list[str]]:
    """4 barons with 10 crowns each, green Chairman, blue Head of the Church with 1 faith;
    the expeditions under way, their stakes and blessings as given; Fate cards with the
    given (destination, result) on top, in order. Returns the game, its data and those cards."""
    state = in_action_phase(4, seed=5)
    data: WKData = state.data
    data.chairman, data.head_of_church = "green", "blue"
    for baron in data.barons:
        data.crowns[baron], data.faith[baron] = 10, 0
    data.faith["blue"] = 1
    data.expedition_space.update(space or {})
    data.expedition_stakes.update(stakes or {})
    data.expedition_blessed += blessed
    cards = [fate_card(expedition=result) for result in fate]
    fate_on_top(state, *cards)
    return state, data, cards


def test_sc6_fund_expeditions_example() -> None:
    """SC-6 and 22.1 statements 33-35: Spice Islands on space 2 (d'Emerande 1, Madder 5);
    the Chairman launches China, stakes go round clockwise from him, the Head blesses China;
    Spice Islands reaches space 3, draws one card, 2x: d'Emerande +2, Madder +10."""
    state, data, (two_x,) = _expedition_game({"spice_islands": 2}, {"spice_islands": {"green": 1, "red": 5}},
                                             fate=(("spice_islands", "2x"),))
    reveal_next(state, "fund_expeditions")
    assert labels(state, "green") == ["launch Ceylon", "launch China", "launch no expedition"]
    act(state, "green", "launch China")
    assert labels(state, "green") == [f"stake {k} crowns on China" for k in range(6)]  # 0..5
    for baron, stake in (("green", 0), ("red", 3), ("blue", 0), ("black", 1)):
        assert banneret.pending(state).players == (baron,)
        act(state, baron, f"stake {stake} crowns on China")
    act(state, "blue", "bless China for 1 faith")
    assert data.crowns == {"green": 10 + 2, "red": 10 - 3 + 10, "blue": 10, "black": 9}
    assert data.expedition_space == {"china": 1}
    assert data.expedition_stakes == {"china": {"red": 3, "black": 1}}
    assert data.expedition_blessed == ["china"] and data.faith["blue"] == 0
    assert data.fate.draw_pile[0] == two_x  # the one card drawn went to the bottom
    assert banneret.view(state, "green")["board"]["expeditions"] == {
        "ceylon": {"space": None, "stakes": {}, "blessed": False},
        "spice_islands": {"space": None, "stakes": {}, "blessed": False},
        "china": {"space": 1, "stakes": {"red": 3, "black": 1}, "blessed": True},
    }


def test_sc7_china_4x_pays_twenty_for_five() -> None:
    state, data, _ = _expedition_game({"china": 2, "ceylon": 1, "spice_islands": 1}, {"china": {"blue": 5}},
                                      fate=(("china", "4x"),))
    reveal_next(state, "fund_expeditions")  # all three under way: nothing to launch, no decision
    assert data.crowns["blue"] == 30
    assert data.expedition_space == {"ceylon": 2, "spice_islands": 2}


def test_a_blessed_expedition_draws_two_and_keeps_the_better() -> None:
    """AMB-17: 4x > 3x > 2x > 1x > No news > Fleet lost; the blessing ends with it."""
    state, data, (lost, three) = _expedition_game({"china": 2}, {"china": {"red": 2}}, ("china",),
                                                  (("china", "fleet_lost"), ("china", "3x")))
    reveal_next(state, "fund_expeditions")
    act(state, "green", "launch no expedition")
    assert data.crowns["red"] == 16 and "china" not in data.expedition_space
    assert data.expedition_blessed == [] and data.expedition_stakes == {}
    assert data.fate.draw_pile[:2] == [three, lost]  # both at the bottom, in the order drawn


def test_no_news_waits_blessed_and_draws_again() -> None:
    state, data, _ = _expedition_game({"ceylon": 3}, {"ceylon": {"black": 4}}, ("ceylon",),
                                      (("ceylon", "no_news"), ("ceylon", "fleet_lost")))
    reveal_next(state, "fund_expeditions")
    act(state, "green", "launch no expedition")
    assert data.expedition_space == {"ceylon": 3} and data.expedition_blessed == ["ceylon"]
    assert data.expedition_stakes == {"ceylon": {"black": 4}} and data.crowns["black"] == 10


def test_fleet_lost_pays_nothing_and_an_unfunded_launch_does_not_set_out() -> None:
    state, data, _ = _expedition_game({"ceylon": 2}, {"ceylon": {"black": 4}}, fate=(("ceylon", "fleet_lost"),))
    reveal_next(state, "fund_expeditions")
    act(state, "green", "launch Spice Islands")
    for baron in ("green", "red", "blue", "black"):
        act(state, baron, "stake 0 crowns on Spice Islands")
    assert data.expedition_space == {} and data.expedition_stakes == {} and data.crowns["black"] == 10
    assert "nobody funds Spice Islands: it is not launched" in log_text(state)  # AMB-18


def test_a_baron_stakes_no_more_than_he_has() -> None:
    state, data, _ = _expedition_game()
    data.crowns["red"] = 2
    reveal_next(state, "fund_expeditions")
    act(state, "green", "launch Ceylon")
    act(state, "green", "stake 5 crowns on Ceylon")
    assert labels(state, "red") == ["stake 0 crowns on Ceylon", "stake 1 crowns on Ceylon", "stake 2 crowns on Ceylon"]


# --------------------------------------------------------------------------- 8.4 and 8.5


def _upgrade_game() -> tuple[banneret.State, list[str]]:
    state = in_action_phase(3, seed=7)
    data: WKData = state.data
    data.chairman = "red"
    for city in data.city_owner:
        data.city_owner[city] = None
    a, b, c = sorted(data.city_owner)[:3]
    data.city_owner.update({a: "green", b: "green", c: "red"})
    data.breaches[a] = 2
    data.besieged[b] = "blue"
    data.breaches[b] = 1
    data.fortified[:] = []
    data.crowns.update({"green": 5, "red": 4, "blue": 10})
    data.stronghold_breaches.update({"green": 1, "red": 0, "blue": 0})
    return state, [a, b, c]


def test_upgrade_defences_one_place_each_clockwise_from_the_chairman() -> None:
    """22.1 statement 36: repair 2 a breach, fortify 4, the stronghold repaired but never
    fortified, a besieged city neither; one place per baron."""
    state, (a, b, c) = _upgrade_game()
    data: WKData = state.data
    reveal_next(state, "upgrade_defences")
    assert banneret.pending(state).players == ("red",)
    assert labels(state, "red") == ["upgrade nothing", f"fortify {city_name(c)} for 4 crowns"]
    act(state, "red", f"fortify {city_name(c)} for 4 crowns")
    # clockwise: blue has no city and an unbreached stronghold, nothing to choose: not asked
    assert banneret.pending(state).players == ("green",)
    assert labels(state, "green") == [
        "upgrade nothing", f"repair 1 breach of {city_name(a)} for 2 crowns",
        f"repair 2 breaches of {city_name(a)} for 4 crowns", f"fortify {city_name(a)} for 4 crowns",
        "repair 1 breach of your stronghold for 2 crowns"]
    act(state, "green", f"repair 2 breaches of {city_name(a)} for 4 crowns")
    assert data.fortified == [c] and data.crowns["red"] == 0
    assert data.breaches[a] == 0 and data.breaches[b] == 1 and data.crowns["green"] == 1


def test_a_repair_cost_law_changes_the_price_of_a_repair() -> None:
    state, (a, _, _) = _upgrade_game()
    state.data.laws.append("cheap_masons:1")
    reveal_next(state, "upgrade_defences")
    act(state, "red", "upgrade nothing")
    assert f"repair 2 breaches of {city_name(a)} for 2 crowns" in labels(state, "green")
    assert "repair 1 breach of your stronghold for 1 crown" in labels(state, "green")


def test_muster_troops_heals_one_army_at_two_crowns_a_marker() -> None:
    """22.1 statement 37: one army per baron, exactly 2 crowns a marker."""
    state = in_action_phase(2, seed=2)
    data: WKData = state.data
    data.chairman = "green"
    hurt = on_board_noble(state, "green")
    for nb in data.nobles_of("green"):  # every green troop under one noble: 400 strong
        if nb != hurt:
            data.army[hurt] += data.army[nb]
            data.army[nb] = []
            data.noble_area[nb] = None
            data.casualties[nb] = 0
    data.army[hurt] += data.garrison["green"]
    data.garrison["green"] = []
    assert data.strength_of(data.army[hurt]) == 400
    data.casualties[hurt] = 3
    data.crowns["green"] = 5
    reveal_next(state, "muster_troops")
    assert labels(state, "green") == ["heal no army"] + [
        f"remove {k} casualty marker{'s' if k > 1 else ''} from {noble_name(hurt)}'s army for {2 * k} crowns"
        for k in (1, 2)]  # 5 crowns pay for two markers
    act(state, "green", f"remove 2 casualty markers from {noble_name(hurt)}'s army for 4 crowns")
    assert data.casualties[hurt] == 1 and data.crowns["green"] == 1


def test_uncertain_times_only_reorders_the_fate_deck() -> None:
    """22.1 statement 38."""
    state = in_action_phase(3, seed=1)
    data: WKData = state.data
    fate = list(data.fate.draw_pile)
    treasury = [dict(data.crowns), dict(data.faith), dict(data.votes), dict(data.influence)]
    reveal_next(state, "uncertain_times")
    assert sorted(data.fate.draw_pile) == sorted(fate) and data.fate.draw_pile != fate
    assert [data.crowns, data.faith, data.votes, data.influence] == treasury


# --------------------------------------------------------------------------- random games


@pytest.mark.parametrize("barons", [2, 4, 6])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_faith_and_event_cards_whole(barons: int, seed: int) -> None:
    """22.1 statements 32, 33 and 89 and the Event deck over random games: faith never
    negative; every Event card in exactly one place (deck, discards, the one being
    resolved); stakes of 1 to 5; at most one expedition launched per card."""
    state = new_game(barons, seed)
    rng = random.Random(seed)
    while not banneret.is_over(state):
        data: WKData = state.data
        assert all(data.faith[b] >= 0 for b in data.barons)
        events = data.events.draw_pile + data.events.discard_pile + ([data.event_drawn] if data.event_drawn else [])
        assert sorted(events) == sorted(T.event_cards)
        assert all(0 < k <= 5 for stakes in data.expedition_stakes.values() for k in stakes.values())
        before = set(data.expedition_space)
        now = banneret.pending(state)
        player = rng.choice(now.players)
        banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))
        assert len(set(state.data.expedition_space) - before) <= 1
