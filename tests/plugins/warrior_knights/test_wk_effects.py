"""The effect vocabulary's immediate kinds (effects.py), each through an event drawn in play
(or, for the kinds only agendas carry, ApplyEffects called as the Assembly will call it):
random targets redrawn until usable (5), resources never below 0, casualties outside battle
(22.1 statement 65), desertion, healing, free upgrades, a free mercenary, cities turned
neutral or breached (12.2), heirs, deaths, titles (7.3-7.4), the Fate deck shuffled, bans
lifted; private_motion left to the Assembly."""

from __future__ import annotations

from types import MappingProxyType

import banneret
import pytest

from banneret.flow import FlowError, Frame
from banneret_warrior_knights.data_model import Effect, validate_effect
from banneret_warrior_knights.neutral import MUSTER_TROOPS, UPGRADE_DEFENCES
from banneret_warrior_knights.state import WKData

from wk_helpers import act, labels
from wk_neutral_helpers import (
    T, city_name, event_on_top, fate_card, fate_on_top, in_action_phase, noble_name, on_board_noble, reveal_next,
)


def draw_event(state: banneret.State, event: str, drawer: str) -> None:
    """``drawer`` draws the Event card ``event`` through Important Event; nobody cancels it."""
    data: WKData = state.data
    card = event_on_top(state, event)
    colour = T.event_colours[card]
    data.head_of_church = next(b for b in data.barons if b != drawer) if colour == "green" else drawer
    faith = data.faith[data.head_of_church]
    data.faith[data.head_of_church] = 0  # the Head's free option only
    reveal_next(state, "important_event")
    if banneret.pending(state).kind == "event_drawer":
        act(state, data.head_of_church, f"{drawer} draws the {colour} event" if drawer != data.head_of_church
            else f"you draw the {colour} event")
    data.faith[data.head_of_church] += faith
    while banneret.pending(state).kind == "cancel_event":
        act(state, banneret.pending(state).players[0], "add no faith")


def one_army(state: banneret.State, baron: str, casualties: int = 0) -> str:
    """Every troop of ``baron`` under one on-board noble (400 strong); the others off the board."""
    data: WKData = state.data
    noble = on_board_noble(state, baron)
    for nb in data.nobles_of(baron):
        if nb != noble:
            data.army[noble] += data.army[nb]
            data.army[nb], data.noble_area[nb], data.casualties[nb] = [], None, 0
    data.army[noble] += data.garrison[baron]
    data.garrison[baron] = []
    data.casualties[noble] = casualties
    return noble


def test_the_cards_as_effects_are_in_the_vocabulary() -> None:
    validate_effect(UPGRADE_DEFENCES, "Upgrade Defences")
    validate_effect(MUSTER_TROOPS, "Muster Troops")


# --------------------------------------------------------------------------- resources


def test_gain_and_lose_resources_never_below_zero() -> None:
    state = in_action_phase(3, seed=1)
    data: WKData = state.data
    data.crowns["red"], data.votes["red"] = 15, 2
    draw_event(state, "embezzlement", "red")  # loses half, rounded down: 7 of 15
    assert data.crowns["red"] == 8
    draw_event(state, "disgrace", "red")  # 3 votes, never below 0
    assert data.votes["red"] == 0
    draw_event(state, "good_harvest", "red")
    assert data.crowns["red"] == 12


def test_influence_comes_from_the_pool_and_then_from_the_supply() -> None:
    state = in_action_phase(2, seed=1)
    data: WKData = state.data
    for baron in data.barons:
        data.faith[baron] = 0
    pool = data.influence_pool
    draw_event(state, "royal_favour", "green")
    assert data.influence["green"] == 1 and data.influence_pool == pool - 1
    data.influence_pool = 0
    draw_event(state, "royal_favour", "green")
    assert data.influence["green"] == 2 and data.influence_pool == 0


# --------------------------------------------------------------------------- armies


def test_casualties_outside_battle_and_the_marker_that_kills() -> None:
    """22.1 statement 65: a marker is placed while markers x 100 stay below the strength; the
    one that would reach it kills the noble."""
    state = in_action_phase(2, seed=4)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    noble = one_army(state, "green", casualties=2)
    draw_event(state, "camp_fever", "green")
    assert data.casualties[noble] == 3 and data.noble_area[noble] is not None
    draw_event(state, "camp_fever", "green")
    assert data.noble_area[noble] is None  # the fourth marker would make 400: he dies


def test_storm_at_sea_hits_only_the_armies_at_sea() -> None:
    state = in_action_phase(2, seed=4)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    sailor, ashore = one_army(state, "green", casualties=1), on_board_noble(state, "red")
    data.at_sea[:] = [sailor]
    before = data.casualties[ashore]
    draw_event(state, "storm_at_sea", "red")
    assert data.casualties[sailor] == 2
    assert data.casualties[ashore] == before


def test_a_strike_takes_the_weakest_mercenary_of_the_drawn_nationality_from_each_army() -> None:
    state = in_action_phase(2, seed=6)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    noble = one_army(state, "green")
    mercs = sorted((T.troops[c].strength, c) for c in data.army[noble] if T.troops[c].nationality)
    nationality = T.troops[mercs[0][1]].nationality
    own = [c for c in data.army[noble] if T.troops[c].nationality == nationality]
    weakest = min(own, key=lambda c: T.troops[c].strength)
    fate_on_top(state, fate_card(nationality=nationality))
    draw_event(state, "mercenary_strike", "red")
    assert weakest not in data.army[noble] and weakest in data.mercenaries.draw_pile
    assert len([c for c in data.army[noble] if T.troops[c].nationality == nationality]) == len(own) - 1


def test_a_free_heal_takes_every_marker_off_one_army() -> None:
    state = in_action_phase(2, seed=4)
    data: WKData = state.data
    noble = one_army(state, "green", casualties=3)
    draw_event(state, "reinforcements", "green")
    assert labels(state, "green") == ["heal no army", f"remove 3 casualty markers from {noble_name(noble)}'s army for 0 crowns"]
    act(state, "green", f"remove 3 casualty markers from {noble_name(noble)}'s army for 0 crowns")
    assert data.casualties[noble] == 0


def test_free_company_takes_the_first_mercenary_of_at_most_100_free() -> None:
    """The cards passed over go back into the deck, shuffled; the one taken is assigned as in
    a Draft (AssignMercenary: green chooses his stronghold)."""
    state = in_action_phase(2, seed=4)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    deck = data.mercenaries.draw_pile
    strong = next(c for c in deck if T.troops[c].strength == 150)
    weak = next(c for c in deck if T.troops[c].strength == 100)
    deck.remove(strong)
    deck.remove(weak)
    deck += [weak, strong]  # 150 on top, then 100
    size, discards = len(deck), list(data.mercenaries.discard_pile)
    draw_event(state, "free_company", "green")
    assert banneret.pending(state).kind == "assign mercenary" and weak in deck  # in the deck until assigned
    act(state, "green", next(label for label in labels(state, "green") if label.endswith("stronghold")))
    assert weak in data.garrison["green"] and strong in deck
    assert len(deck) == size - 1 and data.mercenaries.discard_pile == discards


def test_master_masons_fortify_free() -> None:
    state = in_action_phase(2, seed=4)
    data: WKData = state.data
    city = sorted(data.city_owner)[0]
    data.city_owner[city], data.breaches[city] = "green", 0
    for c in data.city_owner:
        if c != city and data.city_owner[c] == "green":
            data.city_owner[c] = None
    data.fortified[:] = []
    data.crowns["green"] = 0
    data.stronghold_breaches["green"] = 0
    draw_event(state, "master_masons", "green")
    assert labels(state, "green") == ["upgrade nothing", f"fortify {city_name(city)} for 0 crowns"]
    act(state, "green", f"fortify {city_name(city)} for 0 crowns")
    assert data.fortified == [city] and data.crowns["green"] == 0


# --------------------------------------------------------------------------- cities


def test_unrest_draws_until_a_city_of_the_drawer_and_it_turns_neutral() -> None:
    """5: Fate is drawn again until it names a city the drawer controls; that city turns
    neutral, loses its fortification and keeps its breaches (12.2)."""
    state = in_action_phase(2, seed=8)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    other, mine = sorted(data.city_owner)[:2]
    data.city_owner.update({c: None for c in data.city_owner})
    data.city_owner.update({other: "green", mine: "red"})
    data.fortified[:] = [mine]
    data.breaches[mine] = 1
    first, second = fate_card(city=other), fate_card(city=mine)
    fate_on_top(state, first, second)
    draw_event(state, "unrest", "red")
    assert data.city_owner[mine] is None and data.fortified == [] and data.breaches[mine] == 1
    assert data.city_owner[other] == "green"
    assert data.fate.draw_pile[:2] == [second, first]


def test_unrest_without_a_city_draws_nothing() -> None:
    state = in_action_phase(2, seed=8)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    data.city_owner.update({c: None for c in data.city_owner})
    order = list(data.fate.draw_pile)
    draw_event(state, "unrest", "red")
    assert data.fate.draw_pile == order


def test_a_flood_breaches_a_kingdom_city_and_a_fortification_falls_at_zero() -> None:
    """12.2: at strength 0 the fortification goes with one breach; an overseas city drawn
    first is drawn again."""
    state = in_action_phase(2, seed=8)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    board = T.data.board
    city = next(c for c in board.kingdom_cities() if c in data.city_owner and board.cities[c].strength == 200)
    overseas = next(c for c in data.city_owner if c not in board.kingdom_cities())
    data.fortified[:] = [city]
    data.breaches[city] = 2  # 200 + 100 - 200 = 100
    fate_on_top(state, fate_card(city=overseas), fate_card(city=city))
    draw_event(state, "flood", "red")
    assert data.fortified == [] and data.breaches[city] == 2


# --------------------------------------------------------------------------- nobles


def test_no_heir_is_drawn_among_the_drawers_nobles() -> None:
    state = in_action_phase(2, seed=8)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    theirs, mine = data.nobles_of("green")[0], data.nobles_of("red")[1]
    fate_on_top(state, fate_card(noble=theirs), fate_card(noble=mine))
    draw_event(state, "no_heir", "red")
    assert data.heir[mine] is False and data.heir[theirs] is True


def test_broken_line_kills_without_heir_and_the_assassin_with_one() -> None:
    state = in_action_phase(2, seed=8)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    red, green = on_board_noble(state, "red"), on_board_noble(state, "green")
    off = next(nb for nb in data.nobles_of("green") if data.noble_area[nb] is None)
    fate_on_top(state, fate_card(noble=red))
    draw_event(state, "broken_line", "red")
    assert data.noble_area[red] is None and data.heir[red] is False
    fate_on_top(state, fate_card(noble=off), fate_card(noble=green))  # off the board: drawn again
    draw_event(state, "assassin", "red")
    assert data.noble_area[green] is None and data.heir[green] is True


# --------------------------------------------------------------------------- titles and decks


def test_church_council_strictly_most_faith_and_a_tie_keeps_the_title() -> None:
    state = in_action_phase(3, seed=8)
    data: WKData = state.data
    data.faith.update({"green": 2, "red": 3, "blue": 3})
    draw_event(state, "church_council", "green")  # green draws: he is Head meanwhile
    assert data.head_of_church == "green"  # red and blue tie: the holder keeps it
    data.faith["blue"] = 4
    draw_event(state, "church_council", "green")
    assert data.head_of_church == "blue"


def test_heresy_gives_the_title_away_by_fate_among_the_tied() -> None:
    state = in_action_phase(3, seed=8)
    data: WKData = state.data
    data.faith.update({"green": 5, "red": 2, "blue": 2})
    fate_on_top(state, fate_card(baron="green"), fate_card(baron="blue"))
    draw_event(state, "heresy", "green")
    assert data.faith["green"] == 0 and data.head_of_church == "blue"


def test_pilgrimage_makes_the_drawer_head_with_strictly_most_faith() -> None:
    state = in_action_phase(3, seed=8)
    data: WKData = state.data
    data.faith.update({"green": 1, "red": 0, "blue": 2})
    draw_event(state, "pilgrimage", "green")
    assert data.faith["green"] == 3 and data.head_of_church == "green"


def test_royal_census_redraws_a_colour_not_in_play() -> None:
    state = in_action_phase(2, seed=8)
    data: WKData = state.data
    crowns = dict(data.crowns)
    fate_on_top(state, fate_card(baron="yellow"), fate_card(baron="red"))
    draw_event(state, "royal_census", "green")
    assert data.crowns["red"] == crowns["red"] + 3 and data.crowns["green"] == crowns["green"]


def test_ill_omens_only_reorders_the_fate_deck() -> None:
    state = in_action_phase(2, seed=8)
    data: WKData = state.data
    before = list(data.fate.draw_pile)
    draw_event(state, "ill_omens", "green")
    assert sorted(data.fate.draw_pile) == sorted(before) and data.fate.draw_pile != before


# --------------------------------------------------------------------------- agenda kinds


def apply(state: banneret.State, *effects: Effect, chosen: str | None = None) -> None:
    """ApplyEffects called as the Assembly will call it for a Motion (the Assembly is not
    built yet): pushed above the waiting decision and run to its first decision or its end."""
    state.stack.append(Frame("ApplyEffects", {"effects": effects, "drawer": None, "chosen_baron": chosen}))
    state.game.flow.settle(state)
    state._legal_step = -1  # the decision waiting changed outside apply: ask again


def effect(kind: str, **params: object) -> Effect:
    made = Effect(kind, MappingProxyType(params))
    validate_effect(made, "test")
    return made


def test_pay_per_noble_on_the_board_as_much_as_one_can() -> None:
    state = in_action_phase(2, seed=8)
    data: WKData = state.data
    data.crowns.update({"green": 1, "red": 10})
    on_board = {b: sum(data.noble_area[nb] is not None for nb in data.nobles_of(b)) for b in data.barons}
    apply(state, effect("pay_per", who="each_baron", crowns=2, per="noble_on_board"))
    assert data.crowns == {"green": 1 - min(1, 2 * on_board["green"]), "red": 10 - 2 * on_board["red"]}


def test_lift_bans_and_a_chosen_barons_gain() -> None:
    state = in_action_phase(2, seed=8)
    data: WKData = state.data
    data.barred["red"] = True
    faith = data.faith["red"]
    apply(state, effect("lift_bans"), effect("gain", who="chosen_baron", resource="faith", amount=2), chosen="red")
    assert data.barred["red"] is False and data.faith["red"] == faith + 2


def test_a_displayed_mercenary_taken_free_and_the_display_refilled() -> None:
    state = in_action_phase(2, seed=8)
    data: WKData = state.data
    display = list(data.mercenary_display)
    apply(state, effect("free_mercenary", who="chosen_baron", max_strength=None, **{"from": "display"}), chosen="red")
    assert banneret.pending(state).players == ("red",)
    first = labels(state, "red")[0]
    act(state, "red", first)
    taken = next(c for c in display if f"take the {T.troops[c].label}" == first)
    assert taken in data.garrison["red"] and taken not in data.mercenary_display
    assert len(data.mercenary_display) == len(display)


def test_private_motions_are_the_assemblys() -> None:
    state = in_action_phase(2, seed=8)
    with pytest.raises(FlowError, match="private_motion"):
        apply(state, effect("private_motion", proposer="fate_baron", purposes=["lift_ban"]))

