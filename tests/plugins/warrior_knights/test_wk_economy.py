"""Taxation (9.1), Wages (9.2) and the Mercenary Draft (9.4), driven through the public API
from arranged positions: 22.1 statements 21, 40-44, 54 and scenarios SC-4, SC-5, SC-18."""

from __future__ import annotations

import banneret

from banneret_warrior_knights.state import WKData
from banneret_warrior_knights.special_phases import exempt_nobles

from wk_economy_helpers import BOARD, T, bare_game, display, fill_area, give, plan, soldier, unraze
from wk_helpers import act, labels


def _law(card: str) -> str:
    return next(c for c in T.agenda_cards if c.rsplit(":", 1)[0] == card)


# --------------------------------------------------------------------------- 9.1 Taxation


def test_taxation_pays_city_income_fortified_besieged_and_concessions() -> None:
    """Statements 40 and 41: income of each city held, +1 fortified, 0 besieged, plus the
    Concessions; the 8th card (4 barons) triggers it and every card goes back to its owner."""
    state = bare_game(4, seed=3, chairman="green")
    data: WKData = state.data
    kovel, vecht, frola, cadiz = "kovel", "vecht", "frola", "cadiz"
    for city in (kovel, vecht, frola):
        unraze(data, city)
    data.city_owner.update({kovel: "green", vecht: "green", frola: "green", cadiz: "red"})
    data.fortified.append(vecht)
    data.besieged[frola] = "blue"
    data.charges["green"].append(_law("concession_wool"))
    fill_area(data, "taxation", 7)
    on_area = list(data.special_areas["taxation"])
    plan(state, {"green": [(1, "Levy Taxes")]})
    act(state, "green", "decline the card")
    # Kovel 2 + Vecht 2 + 1 fortified + Frola besieged 0 + wool 2; Cadiz overseas pays red 2
    assert data.crowns == {"green": 17, "red": 12, "blue": 10, "black": 10}
    assert data.special_areas["taxation"] == []
    for card in on_area:
        assert card in data.hand[card.split(":")[0]]


def test_a_levy_law_is_paid_or_refused_at_the_price_of_the_ban() -> None:
    """9.3.6: Income Tax takes 1 crown per full 5 of city income; refusing bars the baron at
    that moment; a baron with less than 5 owes nothing and is not asked."""
    state = bare_game(2, seed=1, chairman="green")
    data: WKData = state.data
    held = [c for c in data.city_owner][:4]
    data.city_owner.update({c: "green" for c in held})
    data.laws.append(_law("income_tax"))
    income = sum(BOARD.cities[c].income for c in held)
    assert income >= 5
    fill_area(data, "taxation", 3)
    plan(state, {"green": [(1, "Levy Taxes")]})
    act(state, "green", "decline the card")
    assert labels(state, "green") == [f"pay {income // 5} crowns to PH-Income Tax",
                                      "refuse PH-Income Tax and be barred from the Assembly"]
    act(state, "green", "refuse PH-Income Tax and be barred from the Assembly")
    assert data.barred == {"green": True, "red": False}
    assert data.crowns == {"green": 10 + income, "red": 10}


# --------------------------------------------------------------------------- 9.2 Wages


def test_wages_loyal_first_then_chosen_mercenaries_unpaid_leave() -> None:
    """Statement 42: loyal soldiers paid first, as many as he can; then the mercenaries he
    chooses; the unpaid one goes back into the deck; an army left empty leaves the board."""
    state = bare_game(3, seed=2, chairman="green")
    data: WKData = state.data
    data.noble_area["green_star"] = "k_a2"
    data.noble_area["green_square"] = "k_a2"
    give(data, "green", "green_star", soldier("green", "soldier_100"), soldier("green", "soldier_50"))
    kept, = give(data, "green", "green_star", "english_100")
    gone, = give(data, "green", "green_square", "polish_150")
    data.crowns["green"] = 6
    fill_area(data, "wages", 5)
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "decline the card")
    assert labels(state, "green") == ["pay English 100 of Ernesto di Celadon (2 crowns)",
                                      "pay Polish 150 of Alan of Smalt (3 crowns)",
                                      "pay no more: the unpaid mercenaries leave"]
    act(state, "green", "pay English 100 of Ernesto di Celadon (2 crowns)")
    # 6 - 3 (loyal) - 2 = 1 left: the Polish 150 is out of reach and leaves without asking
    assert data.crowns["green"] == 1
    assert kept in data.army["green_star"] and gone in data.mercenaries.draw_pile
    assert data.army["green_square"] == [] and data.noble_area["green_square"] is None
    assert data.special_areas["wages"] == []


def test_loyal_soldiers_paid_as_many_as_he_can_and_never_leave() -> None:
    """AMB-67: with 2 crowns and loyal wages 1, 1, 2 he pays the two cheapest; none leaves."""
    state = bare_game(2, seed=5, chairman="red")
    data: WKData = state.data
    data.noble_area["green_star"] = "k_a2"
    cards = give(data, "green", "green_star", soldier("green", "soldier_100"), soldier("green", "soldier_50", 1),
                 soldier("green", "soldier_50", 2))
    data.crowns["green"] = 2
    fill_area(data, "wages", 3)
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "decline the card")
    assert data.crowns["green"] == 0
    assert sorted(data.army["green_star"]) == sorted(cards)


def test_wage_exempt_noble_up_to_400_printed() -> None:
    """SC-18, statement 43: the exempt noble's army of printed strength 400 costs nothing;
    at 450 every card in it is paid (casualty markers do not count, AMB-23)."""
    state = bare_game(2, seed=6, chairman="green")
    data: WKData = state.data
    data.noble_area["green_triangle"] = "k_a2"
    give(data, "green", "green_triangle", soldier("green", "soldier_100"), soldier("green", "soldier_50", 1),
         soldier("green", "soldier_50", 2), soldier("green", "soldier_50", 3), "english_50", "english_100")
    data.casualties["green_triangle"] = 3
    assert exempt_nobles(data, "green") == {"green_triangle"}
    give(data, "green", "green_triangle", "polish_50")
    assert exempt_nobles(data, "green") == frozenset()
    data.crowns["green"] = 20
    fill_area(data, "wages", 3)
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "decline the card")
    # 450: loyal 2 + 1 + 1 + 1 = 5 paid at once, then the mercenaries on demand
    assert data.crowns["green"] == 15
    act(state, "green", "pay English 50 of PH-Green-Triangle (1 crowns)")
    act(state, "green", "pay English 100 of PH-Green-Triangle (2 crowns)")
    act(state, "green", "pay Polish 50 of PH-Green-Triangle (1 crowns)")
    assert data.crowns["green"] == 11 and len(data.army["green_triangle"]) == 7


def test_wage_exempt_army_of_400_costs_nothing() -> None:
    """SC-18: at 400 printed (mercenaries included) nothing is paid and nothing asked."""
    state = bare_game(2, seed=6, chairman="green")
    data: WKData = state.data
    data.noble_area["green_triangle"] = "k_a2"
    give(data, "green", "green_triangle", soldier("green", "soldier_100"), soldier("green", "soldier_50", 1),
         soldier("green", "soldier_50", 2), soldier("green", "soldier_50", 3), "english_50", "english_100")
    fill_area(data, "wages", 3)
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "decline the card")
    assert data.crowns["green"] == 10 and len(data.army["green_triangle"]) == 6
    assert data.special_areas["wages"] == []


def test_wage_changes_per_card_and_per_phase() -> None:
    """Higher Wages (+1 a mercenary card, a Law) and Master of the Mint (1 less a Wages
    phase, a Charge of green only)."""
    state = bare_game(2, seed=7, chairman="green")
    data: WKData = state.data
    data.laws.append(_law("higher_wages"))
    data.charges["green"].append(_law("master_of_the_mint"))
    data.noble_area["green_star"] = "k_a2"
    data.noble_area["red_star"] = "k_a5"
    give(data, "green", "green_star", soldier("green", "soldier_50"), "english_50")
    give(data, "red", "red_star", soldier("red", "soldier_50"), "english_50")
    fill_area(data, "wages", 3)
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "decline the card")
    # green: loyal 1 - 1 (the Mint) = 0; the English 50 costs 1 + 1
    assert data.crowns["green"] == 10
    assert labels(state, "green")[0] == "pay English 50 of Ernesto di Celadon (2 crowns)"
    act(state, "green", "pay English 50 of Ernesto di Celadon (2 crowns)")
    assert data.crowns["green"] == 8
    assert data.crowns["red"] == 9  # loyal 1, then his own decision
    assert labels(state, "red")[0] == "pay English 50 of PH-Red-Star (2 crowns)"


# --------------------------------------------------------------------------- 9.4 the Draft


def _draft_example() -> banneret.State:
    """SC-4: 3 barons; the track holds Madder (red) on 1 and Niebieski (blue) on 2 and 3;
    display English 150, Polish 100, Polish 50, Romanian 50; Louis de Cyan (blue) off the
    board; Lorenzo von Linden (green) in Kovel, which green holds."""
    state = bare_game(3, seed=11, chairman="green")
    data: WKData = state.data
    unraze(data, "kovel")
    data.mercenary_track[:] = ["red", "blue", "blue", None]
    display(data, "english_150", "polish_100", "polish_50", "romanian_50")
    data.city_owner["kovel"] = "green"
    data.noble_area["green_circle"] = BOARD.cities["kovel"].area
    give(data, "green", "green_circle", soldier("green", "soldier_50"))
    data.crowns.update({"green": 5, "red": 9, "blue": 4})
    return state


def test_mercenary_draft_example() -> None:
    """SC-4, statements 19 and 54: track order; one hire per marker; Niebieski's block hire
    of both Polish units with his two markers; each unit assigned at once; afterwards the
    track is empty and N + 1 new units are displayed."""
    state = _draft_example()
    data: WKData = state.data
    plan(state, {"green": [(1, "Draft Soldiers")]})
    assert labels(state, "green")[0] == "a marker on track space 4"
    act(state, "green", "a marker on track space 4")
    assert labels(state, "red") == ["hire English 150 for 3 crowns", "hire Polish 100 for 2 crowns",
                                    "hire Polish 50 for 1 crowns", "hire Romanian 50 for 1 crowns", "pass: hire nothing"]
    act(state, "red", "hire English 150 for 3 crowns")
    assert labels(state, "red") == ["English 150 to PH-Red-Star", "English 150 to PH-Red-Square",
                                    "English 150 to PH-Red-Circle", "English 150 to PH-Red-Triangle",
                                    "English 150 to the stronghold"]
    act(state, "red", "English 150 to the stronghold")
    act(state, "blue", "hire Polish 100 for 2 crowns")
    assert labels(state, "blue") == ["also hire Polish 50 for 1 crowns (the marker on space 3)", "hire no more now"]
    act(state, "blue", "also hire Polish 50 for 1 crowns (the marker on space 3)")
    act(state, "blue", "Polish 100 to Louis de Cyan")
    act(state, "blue", "Polish 50 to Louis de Cyan")
    act(state, "green", "hire Romanian 50 for 1 crowns")
    assert "Romanian 50 to Lorenzo von Linden" in labels(state, "green")
    assert "Romanian 50 to Ernesto di Celadon" in labels(state, "green")  # off the board
    act(state, "green", "Romanian 50 to Lorenzo von Linden")
    assert data.crowns == {"green": 4, "red": 6, "blue": 1}
    assert [T.troops[c].label for c in data.garrison["red"]] == ["English 150"]
    assert [T.troops[c].label for c in data.army["blue_triangle"]] == ["Polish 100", "Polish 50"]
    assert [T.troops[c].label for c in data.army["green_circle"]] == ["loyal 50", "Romanian 50"]
    assert data.mercenary_track == [None] * 4
    assert len(data.mercenary_display) == 4
    assert any(c.startswith("green:draft_soldiers") for c in data.special_areas["wages"])


def test_block_hire_only_at_the_first_marker_and_hire_discount() -> None:
    """9.4: a baron's later marker cannot block-hire; Keeper of Companies takes 1 crown off
    his first unit of the Draft only; a baron who cannot pay only passes."""
    state = _draft_example()
    data: WKData = state.data
    data.mercenary_track[:] = ["blue", "red", "blue", None]
    data.charges["red"].append(_law("keeper_of_companies"))
    data.crowns["green"] = 0
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "a marker on track space 4")
    act(state, "blue", "hire Polish 50 for 1 crowns")
    assert "also hire Polish 100 for 2 crowns (the marker on space 3)" in labels(state, "blue")
    act(state, "blue", "hire no more now")
    act(state, "blue", "Polish 50 to the stronghold")
    assert labels(state, "red")[0] == "hire English 150 for 2 crowns"
    act(state, "red", "hire Polish 100 for 1 crowns")
    act(state, "red", "Polish 100 to the stronghold")
    # blue's second marker: a single hire, no block hire offered
    act(state, "blue", "hire English 150 for 3 crowns")
    assert labels(state, "blue")[-1] == "English 150 to the stronghold"
    act(state, "blue", "English 150 to the stronghold")
    # green has no crowns: his marker passes without a question
    assert data.mercenary_track == [None] * 4
    assert data.crowns["red"] == 8 and data.crowns["blue"] == 0


def test_wages_before_the_draft() -> None:
    """SC-5, statement 21: the Draft Soldiers that fills the track is also the 6th Wages
    card: Wages first (X cannot keep his mercenary), then the Draft with what is left."""
    state = bare_game(3, seed=12, chairman="green")
    data: WKData = state.data
    data.mercenary_track[:] = ["red", "blue", "red", None]
    data.noble_area["green_star"] = "k_a2"
    give(data, "green", "green_star", soldier("green", "soldier_100"), soldier("green", "soldier_50"))
    merc, = give(data, "green", "green_star", "english_100")
    data.crowns.update({"green": 4, "red": 0, "blue": 0})
    display(data, "english_50", "polish_100", "romanian_150", "polish_50")
    fill_area(data, "wages", 5)
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "a marker on track space 4")
    assert merc in data.mercenaries.draw_pile
    assert data.crowns["green"] == 1
    assert banneret.pending(state).kind == "hire" and banneret.pending(state).players == ("green",)
    assert all(label.endswith("for 1 crowns") or label.startswith("pass") for label in labels(state, "green"))


def test_no_mercenary_for_a_noble_in_a_besieged_city() -> None:
    """9.4, 11.5: a noble by his own city under siege cannot receive the unit; barons who
    cannot pay for any unit pass without a question."""
    state = _draft_example()
    data: WKData = state.data
    data.besieged["kovel"] = "red"
    data.crowns.update({"red": 0, "blue": 0})
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "a marker on track space 4")
    act(state, "green", "hire Romanian 50 for 1 crowns")
    assert "Romanian 50 to Lorenzo von Linden" not in labels(state, "green")
    assert labels(state, "green") == ["Romanian 50 to Ernesto di Celadon", "Romanian 50 to Alan of Smalt",
                                      "Romanian 50 to PH-Green-Triangle", "Romanian 50 to the stronghold"]
