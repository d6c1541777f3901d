"""Movement (10) and Mobilize Forces (7.5), Versatile Strategy's move (7.6): exact scenarios on
arranged boards, driven through the public API from the card's own decision: the rulebook's
impassable-border, road-and-blocking and two sea examples (22.2 SC-16, SC-17), passages asked
of the right baron, picking up troops (10.3), the standing effects on roads and sea travel,
a besieged city's nobles, and Mobilize Forces' exhaustion and allocation (22.1 statements
14, 28, 56-60)."""

from __future__ import annotations

import random

import banneret
import pytest

from banneret.flow import Frame, end
from banneret_warrior_knights import battles, movement
from banneret_warrior_knights.baron_cards import levy_taxes_income
from banneret_warrior_knights.state import WKData, owner_of, tables, title_of

from wk_helpers import act, labels, new_game, play_until

T = tables()
AREA = {a.name: a.id for a in T.data.board.areas.values()}
NAME = {nb: rec.name for nb, rec in T.data.nobles.items()}
RESOLVER = {"mobilize_forces": "MobilizeForces", "versatile_strategy": "VersatileStrategy"}


def _pull(data: WKData, card: str) -> None:
    """Take a troop card out of wherever it is (an army, a garrison, unassigned troops)."""
    for holder in [*data.army.values(), *data.garrison.values(), *data.unassigned.values()]:
        if card in holder:
            holder.remove(card)


def place(data: WKData, noble: str, area: str, *troops: str, casualties: int = 0) -> None:
    """Put the noble in ``area`` with exactly these troop cards."""
    for card in troops:
        _pull(data, card)
    data.noble_area[noble] = area
    data.army[noble] = list(troops)
    data.casualties[noble] = casualties


def soldiers(baron: str) -> tuple[str, ...]:
    """The baron's loyal soldier cards, strongest first."""
    return T.soldiers[baron]


def arranged(title: str, baron: str = "green", barons: int = 3, seed: int = 1) -> banneret.State:
    """A game in the action phase with ``baron``'s card ``title`` about to be resolved, on an
    empty board (every noble off it, every city neutral, no stronghold, nothing exhausted):
    the test places what it needs, then calls :func:`resolve`."""
    state = new_game(barons, seed)
    play_until(state, "card", random.Random(seed))
    state = state.clone()  # a copy forgets the menus the engine cached for the card replaced below
    data: WKData = state.data
    shown = data.revealed
    data.hand[owner_of(shown)].append(shown)
    data.hand[owner_of(shown)].sort()
    card = next(c for c in sorted(T.baron_cards[baron]) if title_of(c) == title and c != shown and c in data.hand[baron]
                or title_of(c) == title and any(c in pile for pile in data.action_spaces))
    for pile in [data.hand[baron], *data.action_spaces]:
        if card in pile:
            pile.remove(card)
    data.revealed = card
    for noble in data.noble_area:
        data.noble_area[noble] = None
    for city in data.city_owner:
        data.city_owner[city] = None
    for b in data.barons:
        data.stronghold[b] = None
    data.exhausted.clear()
    data.at_sea.clear()
    data.besieged.clear()
    data.fortified.clear()
    state.stack[-1] = Frame(RESOLVER[title], {"card": card, "baron": baron})
    return state


def resolve(state: banneret.State) -> None:
    """Start the card's resolution on the board as arranged."""
    state.game.flow.settle(state)


def pending(state: banneret.State) -> tuple[tuple[str, ...], str]:
    now = banneret.pending(state)
    return now.players, now.kind


def versatile_move(state: banneret.State, baron: str = "green") -> None:
    resolve(state)
    act(state, baron, "move one ready noble")


# --------------------------------------------------------------------------- 10.1 land moves


def test_impassable_borders_example() -> None:
    """SC-17, second half (10.1 example): no move across the river K-c2|K-d2 away from a
    bridge, none across the mountains K-a2|K-a3; the bridge K-c1|K-d1 is crossed."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    place(data, "green_star", "k_c2", soldiers("green")[0])
    versatile_move(state)
    assert labels(state, "green") == ["to K-b2", "to K-c1", "to K-c3"]  # not K-d2 across the river
    state = arranged("versatile_strategy")
    place(state.data, "green_star", "k_a2", soldiers("green")[0])
    versatile_move(state)
    assert labels(state, "green") == ["to K-a1", "to K-b2"]  # not K-a3 across the mountains
    state = arranged("versatile_strategy")
    place(state.data, "green_star", "k_c1", soldiers("green")[0])
    versatile_move(state)
    assert "to K-d1" in labels(state, "green")  # by the bridge
    act(state, "green", "to K-d1")
    assert state.data.noble_area["green_star"] == "k_d1"
    assert state.data.exhausted == ["green_star"]  # 22.1 statement 28


def test_road_and_blocking_example_blue_allows() -> None:
    """SC-17: green at K-e1, blue at K-e3. Along the road green reaches K-e3 (ending on blue
    needs nobody's leave) or, with blue's leave, K-e4; he never turns off the road to K-d2
    after starting along it; a road move covers at most three areas."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    place(data, "green_star", "k_e1", soldiers("green")[0])
    place(data, "blue_star", "k_e3", soldiers("blue")[0])
    versatile_move(state)
    offered = labels(state, "green")
    assert "by road to K-e3 via K-e2" in offered
    assert "by road to K-e4 via K-e2, K-e3" in offered
    assert not [label for label in offered if label.endswith("K-d2") or "K-e5" in label]  # off the road; 4 areas
    assert sorted(offered) == sorted([
        "to K-d1", "to K-e2", "to K-f1", "by road to K-c1 via K-d1", "by road to K-b1 via K-d1, K-c1",
        "by road to K-e3 via K-e2", "by road to K-e4 via K-e2, K-e3",
    ])
    crowns = data.crowns["green"]
    act(state, "green", "by road to K-e4 via K-e2, K-e3")
    assert pending(state) == (("blue",), "passage")
    assert labels(state, "blue") == [f"let green {NAME['green_star']} pass through K-e3",
                                     f"refuse green {NAME['green_star']} passage through K-e3"]
    assert data.noble_area["green_star"] == "k_e1"  # he waits for blue's answer
    act(state, "blue", f"let green {NAME['green_star']} pass through K-e3")
    assert data.noble_area["green_star"] == "k_e4"
    assert data.exhausted == ["green_star"]
    assert data.crowns["green"] == crowns  # no toll without a law


def test_road_and_blocking_example_blue_refuses() -> None:
    """A refused passage: the move is not made; paths through K-e3 are not offered again
    during the card; green may end on blue, move elsewhere, or make no move."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    place(data, "green_star", "k_e1", soldiers("green")[0])
    place(data, "blue_star", "k_e3", soldiers("blue")[0])
    versatile_move(state)
    act(state, "green", "by road to K-e4 via K-e2, K-e3")
    act(state, "blue", f"refuse green {NAME['green_star']} passage through K-e3")
    assert data.noble_area["green_star"] == "k_e1" and data.exhausted == []
    assert labels(state, "green") == [f"move {NAME['green_star']}", "make no move"]
    act(state, "green", f"move {NAME['green_star']}")
    assert "by road to K-e4 via K-e2, K-e3" not in labels(state, "green")
    act(state, "green", "by road to K-e3 via K-e2")  # ends on blue: nobody is asked
    assert data.noble_area["green_star"] == "k_e3"
    assert data.exhausted == ["green_star"]


def test_passage_asked_of_each_blocking_baron_clockwise() -> None:
    """Passing through an area holding red's city and blue's noble asks red and blue, each
    once, clockwise from the mover; a neutral city, green's own city and another baron's
    stronghold do not block (AMB-32)."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    assert data.barons == ("green", "red", "blue")
    place(data, "green_star", "k_e1", soldiers("green")[0])
    place(data, "blue_star", "k_e3", soldiers("blue")[0])
    data.city_owner["ph_city_e3"] = "red"
    data.city_owner["ph_city_e1"] = "green"
    data.stronghold["blue"] = "k_e2"
    versatile_move(state)
    act(state, "green", "by road to K-e4 via K-e2, K-e3")
    assert pending(state) == (("red",), "passage")
    act(state, "red", f"let green {NAME['green_star']} pass through K-e3")
    assert pending(state) == (("blue",), "passage")
    act(state, "blue", f"let green {NAME['green_star']} pass through K-e3")
    assert data.noble_area["green_star"] == "k_e4"
    assert movement.blockers(data, "k_e2", "green") == ()  # blue's stronghold alone
    assert movement.blockers(data, "k_e1", "red") == ("green",)  # green's city blocks red
    data.city_owner["ph_city_e3"] = None
    data.noble_area["blue_star"] = None
    assert movement.blockers(data, "k_e3", "green") == ()  # a neutral city alone


# --------------------------------------------------------------------------- 10.2 sea travel


def test_sea_travel_example_ballin_to_cadiz() -> None:
    """SC-16: a ready noble in Ballin (a port) sails to Cadiz: on the port icon, exhausted,
    counting for no Levy Taxes; he cannot combine a road move with the sea."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    place(data, "green_star", "k_a1", soldiers("green")[0])
    versatile_move(state)
    offered = labels(state, "green")
    assert "by sea to Cadiz" in offered
    assert sum(label.startswith("by sea to ") for label in offered) == 11  # every other port
    assert not [label for label in offered if label.startswith("by road") and "sea" in label]
    act(state, "green", "by sea to Cadiz")
    assert data.noble_area["green_star"] == "o_cadiz"
    assert data.at_sea == ["green_star"] and data.exhausted == ["green_star"]
    assert levy_taxes_income(data, "green") == 0
    assert movement.legal_paths(data, "green_star") == []


def test_sea_travel_example_from_alexandria_and_no_sea_from_inland() -> None:
    """10.2 second example: from Alexandria (overseas) only by sea, to any port; a noble in an
    area without a port cannot sail."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    place(data, "green_star", "o_alexandria", soldiers("green")[0])
    ports = sorted(a.id for a in T.data.board.areas.values() if a.port and a.id != "o_alexandria")
    assert movement.legal_paths(data, "green_star") == [(movement.SEA, p) for p in ports]
    place(data, "green_square", "k_c2", soldiers("green")[1])
    assert not [p for p in movement.legal_paths(data, "green_square") if p[0] == movement.SEA]


def test_sea_travel_forbidden_by_a_law_and_exempt_by_an_office() -> None:
    """A law forbidding sea travel binds every baron; an Office exempting from it frees its
    holder's baron."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    place(data, "green_star", "k_a1", soldiers("green")[0])
    data.laws.append("closed_harbours:1")
    assert [p for p in movement.legal_paths(data, "green_star") if p[0] == movement.SEA] == []
    data.office["green_square"] = "admiral:1"
    assert len([p for p in movement.legal_paths(data, "green_star") if p[0] == movement.SEA]) == 11


# --------------------------------------------------------------------------- standing effects on roads


def test_road_toll_and_longer_road_moves() -> None:
    """A road toll is paid for a road move and one who cannot pay moves one area only; a law
    lengthening road moves lets him go four areas along the road."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    place(data, "green_star", "k_e1", soldiers("green")[0])
    data.laws.append("road_tolls:1")
    data.crowns["green"] = 0
    assert movement.legal_paths(data, "green_star") == [("k_d1",), ("k_e2",), ("k_f1",)]
    data.crowns["green"] = 3
    data.laws.append("royal_roads:1")
    assert ("k_e2", "k_e3", "k_e4", "k_e5") in movement.legal_paths(data, "green_star")
    versatile_move(state)
    act(state, "green", "by road to K-e5 via K-e2, K-e3, K-e4")
    assert data.noble_area["green_star"] == "k_e5" and data.crowns["green"] == 2


def test_besieged_city_nobles_do_not_move() -> None:
    """11.5, AMB-29: nobles of a besieged city's owner in its area cannot move away; the
    besiegers can."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    place(data, "green_star", "k_b2", soldiers("green")[0])
    place(data, "blue_star", "k_b2", soldiers("blue")[0])
    data.city_owner["monz"] = "green"
    data.besieged["monz"] = "blue"
    assert movement.movable_nobles(state, "green") == []
    assert movement.movable_nobles(state, "blue") == ["blue_star"]
    resolve(state)
    assert "move one ready noble" not in labels(state, "green")


# --------------------------------------------------------------------------- 10.3 picking up troops


def test_picking_up_troops_from_the_stronghold_and_a_noble_passed() -> None:
    """10.3: at the start from the stronghold there, on the way from a ready noble of his in
    an area passed; a donor emptied leaves the board."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    s100, s50a, s50b, s50c = soldiers("green")
    place(data, "green_star", "k_e1", s100)
    place(data, "green_square", "k_e2", s50b)
    data.stronghold["green"] = "k_e1"
    _pull(data, s50a)
    data.garrison["green"][:] = [s50a]
    versatile_move(state)
    act(state, "green", f"move {NAME['green_star']}")
    act(state, "green", "by road to K-e3 via K-e2")
    assert pending(state) == (("green",), "pick_up")
    assert labels(state, "green") == ["take loyal 50 from the stronghold", "go on"]
    act(state, "green", "take loyal 50 from the stronghold")  # nothing more to take here: on he goes
    assert data.garrison["green"] == []
    assert data.noble_area["green_star"] == "k_e2"  # passing through
    assert labels(state, "green") == [f"take loyal 50 from {NAME['green_square']}", "go on"]
    act(state, "green", f"take loyal 50 from {NAME['green_square']}")
    assert data.noble_area["green_square"] is None  # emptied: off the board
    assert data.noble_area["green_star"] == "k_e3"
    assert sorted(data.army["green_star"]) == sorted([s100, s50a, s50b])
    assert data.exhausted == ["green_star"]


def test_a_wounded_army_gives_only_as_a_whole() -> None:
    """10.3: an army carrying casualty markers gives all its cards and markers at once, then
    leaves the board; an army with markers may receive troops."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    s100, s50a, s50b, _ = soldiers("green")
    place(data, "green_star", "k_e1", s100, casualties=1)
    place(data, "green_square", "k_e1", s50a, s50b, casualties=1)
    versatile_move(state)
    act(state, "green", f"move {NAME['green_star']}")
    act(state, "green", "to K-e2")
    assert labels(state, "green") == [f"take {NAME['green_square']}'s whole army with its 1 casualty markers", "go on"]
    act(state, "green", f"take {NAME['green_square']}'s whole army with its 1 casualty markers")
    assert sorted(data.army["green_star"]) == sorted([s100, s50a, s50b])
    assert data.casualties["green_star"] == 2 and data.casualties["green_square"] == 0
    assert data.noble_area["green_square"] is None and data.noble_area["green_star"] == "k_e2"


# --------------------------------------------------------------------------- 7.5 Mobilize Forces


def test_mobilize_forces_moves_nobles_into_one_area_and_exhausts_them_at_the_end() -> None:
    """7.5: one area chosen; two ready nobles move in, one after the other; neither is
    exhausted before the card ends, both after; moved only -> Wages (22.1 statements 14, 28)."""
    state = arranged("mobilize_forces")
    data: WKData = state.data
    card = data.revealed
    place(data, "green_star", "k_c2", soldiers("green")[0])
    place(data, "green_square", "k_c4", soldiers("green")[1])
    place(data, "green_circle", "k_f6", soldiers("green")[2])
    resolve(state)
    assert pending(state) == (("green",), "card")
    assert "mobilize into K-c3" in labels(state, "green") and "decline the card" in labels(state, "green")
    act(state, "green", "mobilize into K-c3")
    assert labels(state, "green") == [f"move {NAME['green_star']} into K-c3", f"move {NAME['green_square']} into K-c3",
                                      "end the card"]
    act(state, "green", f"move {NAME['green_star']} into K-c3")
    assert data.noble_area["green_star"] == "k_c3" and data.exhausted == []  # still ready for a battle
    assert labels(state, "green") == [f"move {NAME['green_square']} into K-c3", "end the card"]
    act(state, "green", f"move {NAME['green_square']} into K-c3")  # nothing else to do: the card ends
    assert data.exhausted == ["green_square", "green_star"]
    assert data.noble_area["green_circle"] == "k_f6" and card in data.special_areas["wages"]


def test_mobilize_forces_battle_after_moving(monkeypatch: pytest.MonkeyPatch) -> None:
    """7.5: after moving in, a battle there: DeclareBattle gets the area and mobilize=True;
    the attackers it names are exhausted with the movers at the card's end; moved and fought ->
    the owner chooses Wages or Assembly."""
    seen = {}

    def fight(self: battles.DeclareBattle, state: banneret.State, frame: Frame) -> None:
        seen.update(frame.vars)
        end(state, ["green_star", "green_square"])

    monkeypatch.setattr(battles.DeclareBattle, "start", fight)
    monkeypatch.setattr(movement, "battle_areas", lambda state, baron: ["k_c3"])
    monkeypatch.setattr(movement, "battle_possible_in", lambda state, baron, area: area == "k_c3")
    state = arranged("mobilize_forces")
    data: WKData = state.data
    place(data, "green_star", "k_c3", soldiers("green")[0])
    place(data, "green_square", "k_c2", soldiers("green")[1])
    resolve(state)
    act(state, "green", "mobilize into K-c3")
    assert labels(state, "green") == [f"move {NAME['green_square']} into K-c3", "start a battle in K-c3", "end the card"]
    act(state, "green", f"move {NAME['green_square']} into K-c3")
    act(state, "green", "start a battle in K-c3")
    assert seen == {"baron": "green", "mobilize": True, "area": "k_c3"}
    assert data.exhausted == ["green_square", "green_star"]
    assert pending(state) == (("green",), "allocate")
    assert labels(state, "green") == ["put the card on wages", "put the card on assembly"]


def test_exhausted_nobles_are_not_offered() -> None:
    """22.1 statement 29: an exhausted noble never moves."""
    state = arranged("mobilize_forces")
    data: WKData = state.data
    place(data, "green_star", "k_c2", soldiers("green")[0])
    data.exhausted.append("green_star")
    assert movement.movable_nobles(state, "green") == []
    resolve(state)
    assert labels(state, "green") == ["decline the card"]


@pytest.mark.parametrize("second_besieger", [False, True])
def test_the_siege_breaks_when_the_last_besieger_leaves(second_besieger: bool) -> None:
    """11.5, AMB-28: the siege ends when the besieging baron has no noble left in the area;
    it holds while one of his nobles stays."""
    state = arranged("versatile_strategy", baron="blue")
    data: WKData = state.data
    place(data, "green_star", "k_b2", soldiers("green")[0])
    place(data, "blue_star", "k_b2", soldiers("blue")[0])
    if second_besieger:
        place(data, "blue_square", "k_b2", soldiers("blue")[1])
        data.exhausted.append("blue_square")
    data.city_owner["monz"] = "green"
    data.besieged["monz"] = "blue"
    versatile_move(state, "blue")
    act(state, "blue", "to K-b1")
    assert data.noble_area["blue_star"] == "k_b1"
    assert data.besieged == ({"monz": "blue"} if second_besieger else {})
