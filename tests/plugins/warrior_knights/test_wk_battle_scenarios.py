"""Battles (11) and cities (12) on the scenarios of the rules' worked examples (22.2 SC-9,
SC-12, SC-13, SC-14, SC-19, SC-23) with exact outcomes, driven through the public API: the
board is arranged before the planning resolves, a single Versatile Strategy is planned, and
the Fate deck is stacked once the card waits for its owner."""

from __future__ import annotations

from typing import Callable

import banneret
from banneret import State
from banneret_warrior_knights.cities import city_strength
from banneret_warrior_knights.plugin import WarriorKnights
from banneret_warrior_knights.state import WKData, tables

from wk_helpers import act, labels, set_up

T = tables()
NOBLE = {n.name: n.id for n in T.data.nobles.values()}
FATE_BY = {}
for _f in T.fate.values():
    FATE_BY.setdefault(_f.battle, []).append(_f.id)


def clear_board(data: WKData) -> None:
    """Every noble off the board and every army empty: mercenaries back into the deck, loyal
    soldiers set aside (the scenarios hand out exactly the troops they need)."""
    merc = data.mercenaries.draw_pile
    for holder in list(data.army.values()) + list(data.garrison.values()):
        merc += [c for c in holder if T.troops[c].nationality is not None]
        holder.clear()
    for noble in data.noble_area:
        data.noble_area[noble] = None
    data.exhausted.clear()


def give(data: WKData, noble: str, *cards: str) -> None:
    """Troop cards to a noble's army: a mercenary comes out of the deck."""
    for card in cards:
        if T.troops[card].nationality is not None:
            data.mercenaries.draw_pile.remove(card)
        data.army[noble].append(card)


def neutral_city(data: WKData, city: str) -> None:
    """The city stands, neutral, unfortified and whole (set-up may have razed it)."""
    if city in data.razed:
        data.razed.remove(city)
    data.city_owner[city] = None
    data.breaches[city] = 0
    if city in data.fortified:
        data.fortified.remove(city)


def stack_fate(data: WKData, *cards: str) -> None:
    """The Fate deck's next cards, drawn in this order."""
    pile = data.fate.draw_pile
    for card in cards:
        pile.remove(card)
    pile.extend(reversed(cards))


def versatile_strategy_of(baron: str, barons: int, arrange: Callable[[WKData], None], seed: int = 3) -> State:
    """A game at its first round whose only planned cards are ``baron``'s Versatile Strategy on
    space 1 (and a Levy Taxes of his on space 2, so that the round stops there, before the
    Muster), with the board arranged by ``arrange``; returns when the card waits for him. The
    neutral cards are held back while the spaces are dealt (no neutral card is dealt this
    round), then returned to the cards set aside."""
    state, _ = set_up(barons, seed)
    arrange(state.data)
    neutral, state.data.neutral_pool = state.data.neutral_pool, []
    for b in state.data.barons:
        if b == baron:
            act(state, b, "space 1: Versatile Strategy")
        act(state, b, "space 1: no more cards")
        if b == baron:  # a card on space 2 holds the round there once the battle is over
            act(state, b, "space 2: Levy Taxes")
        act(state, b, "space 2: no more cards")
        act(state, b, "space 3: no more cards")
        act(state, b, "confirm the plan")
    state.data.neutral_pool = neutral
    now = banneret.pending(state)
    assert (now.kind, now.players) == ("card", (baron,))
    return state


def free_areas(data: WKData) -> list[str]:
    """Kingdom areas with no city and no stronghold, sorted."""
    board = T.data.board
    return sorted(a for a, rec in board.areas.items() if rec.region == "kingdom" and board.city_in(a) is None
                  and a not in data.stronghold.values())


def area_with_retreats(data: WKData) -> str:
    """A free area with at least two passable Kingdom neighbours a retreat may end in (no city,
    no stronghold, 11.7), so that a retreating army has a choice."""
    board = T.data.board
    cities = {board.cities[c].area for c in data.city_owner}
    return next(a for a in free_areas(data) if sum(
        board.areas[n].region == "kingdom" and board.passable(a, n) and n not in cities
        and n not in data.stronghold.values() for n in board.areas_map.neighbours(a)) >= 2)


def sound(state: State) -> None:
    assert WarriorKnights().invariants(state) == []


def arrange_sc9(data: WKData, otto_cards: tuple[str, ...], otto_ready: bool = False) -> str:
    """SC-9's board: Alan (200) and Ernesto (Polish 100) of green, Otto of blue with
    ``otto_cards``, red's Star standing by, all in one free area with a choice of retreats
    (returned); Otto exhausted unless ``otto_ready``."""
    clear_board(data)
    area = area_with_retreats(data)
    alan, ernesto, otto = NOBLE["Alan of Smalt"], NOBLE["Ernesto di Celadon"], NOBLE["Otto von Prussen"]
    give(data, alan, "green:soldier_100:1", "green:soldier_50:1", "green:soldier_50:2")
    give(data, ernesto, "polish_100:1")
    give(data, otto, *otto_cards)
    give(data, "red_star", "red:soldier_100:1")
    for nb in (alan, ernesto, otto, "red_star"):
        data.noble_area[nb] = area
    if not otto_ready:
        data.exhausted.append(otto)
    if data.stronghold["blue"] is None:
        data.stronghold["blue"] = free_areas(data)[0]
    return area


def test_field_battle_example(otto_ready: bool = False) -> None:
    """SC-9 (11.2.3): Alan (square, 200) and Ernesto (Polish 100) attack the exhausted Otto
    (250); red stands by. Alan prevents one of blue's two Deals; Ernesto takes it and dies;
    Otto takes two markers and lives; 1-0 is a partial victory: Otto retreats; Ernesto's
    Polish 100 pays his marker; his heir waits off the board; the attackers are exhausted."""
    area = ""

    def arrange(data: WKData) -> None:
        nonlocal area
        area = arrange_sc9(data, ("blue:soldier_100:1", "blue:soldier_50:1", "blue:soldier_50:2", "blue:soldier_50:3"),
                           otto_ready)

    state = versatile_strategy_of("green", 3, arrange)
    data: WKData = state.data
    deal, prevent, victory = FATE_BY["deal"], FATE_BY["prevent"], FATE_BY["victory"]
    # green draws 5 (keeps Deal, Deal, +1 Victory), blue 4 (keeps Deal, Deal), then Otto's
    # deserter draw (Polish: he has none), then Ernesto's (English: he has none)
    stack_fate(data, deal[0], deal[1], victory[0], prevent[0], prevent[1],
               deal[2], deal[3], victory[1], victory[2], "f10", "f23")
    act(state, "green", "start a battle")
    assert labels(state, "green") == ["attack blue's nobles", "attack red's nobles"]
    act(state, "green", "attack blue's nobles")
    act(state, "green", "fight with Ernesto di Celadon, Alan of Smalt")
    act(state, "green", "Alan of Smalt commands")  # Otto commands blue without a choice
    assert sorted(labels(state, "green")) == ["discard a +1 Victory", "discard a Deal 100", "discard a Prevent 100"]
    act(state, "green", "discard a Prevent 100")
    act(state, "green", "discard a Prevent 100")
    act(state, "green", "keep Deal 100, Deal 100, +1 Victory")
    act(state, "blue", "discard a +1 Victory")
    act(state, "blue", "discard a +1 Victory")
    act(state, "blue", "keep Deal 100, Deal 100")
    # the exhausted Otto has no ability to offer; Alan's prevent is green's choice
    act(state, "green", "use Alan of Smalt's Prevent 100")
    assert labels(state, "green") == ["a marker on Ernesto di Celadon's army", "a marker on Alan of Smalt's army"]
    act(state, "green", "a marker on Ernesto di Celadon's army")
    otto = NOBLE["Otto von Prussen"]
    assert data.casualties[otto] == 2  # placed without a choice: his only army
    if otto_ready:
        assert "victory 1-1" in [e.text for e in state.log]
        assert data.noble_area[otto] == area and otto not in data.exhausted
        assert data.noble_area[NOBLE["Ernesto di Celadon"]] is None
        return
    now = banneret.pending(state)
    assert now.kind == "retreat" and now.players == ("blue",)
    choice = labels(state, "blue")[0]
    act(state, "blue", choice)
    ernesto, alan = NOBLE["Ernesto di Celadon"], NOBLE["Alan of Smalt"]
    assert data.noble_area[otto] not in (None, area) and otto in data.exhausted
    assert data.noble_area[ernesto] is None and data.army[ernesto] == [] and data.casualties[ernesto] == 0
    assert "polish_100:1" in data.mercenaries.draw_pile
    assert data.noble_area[alan] == area and alan in data.exhausted and data.casualties[alan] == 0
    assert data.noble_area["red_star"] == area and data.casualties["red_star"] == 0
    assert data.heir[ernesto] and ernesto not in data.heirless_dead
    assert sorted(data.hand["green"] + [data.revealed]) == sorted(T.baron_cards["green"])  # Versatile Strategy came back; Levy Taxes waits
    assert "victory 1-0" in [e.text for e in state.log]
    sound(state)


def test_field_battle_example_with_a_ready_commander() -> None:
    """SC-9's check of the exhausted-commander rule: had Otto (circle, +1 Victory) been
    ready, victory would be 1-1: a draw, nobody retreats."""
    test_field_battle_example(otto_ready=True)


def test_assault_example_on_frola() -> None:
    """SC-12 (11.4): Madder's star noble (200) assaults the neutral Frola (200): he keeps Deal
    and Prevent, uses his star: 2 breaches bring Frola to 0 with no defender; the city's Deal
    is prevented; Madder takes Frola, keeps it, and no victory is counted."""
    state = red_star_by_frola()
    data: WKData = state.data
    assert data.city_owner["frola"] is None and data.breaches["frola"] == 0
    deal, prevent, victory = FATE_BY["deal"], FATE_BY["prevent"], FATE_BY["victory"]
    stack_fate(data, deal[0], prevent[0], victory[0], victory[1], deal[1], victory[2])
    act(state, "red", "start a battle")  # the only area and target: asked no more
    assert labels(state, "red") == ["assault", "siege"]  # 200 + 200 > 200
    act(state, "red", "assault")
    act(state, "red", "discard a +1 Victory")
    act(state, "red", "discard a +1 Victory")
    act(state, "red", "keep Deal 100, Prevent 100")
    act(state, "red", "use PH-Red-Star's Deal 100")
    assert data.city_owner["frola"] == "red" and data.breaches["frola"] == 2 and city_strength(data, "frola") == 0
    assert data.casualties["red_star"] == 0
    assert labels(state, "red") == ["keep Frola", "raze Frola for 3 crowns"]
    act(state, "red", "keep Frola")
    assert not any(e.text.startswith("victory") for e in state.log)
    assert "red_star" in data.exhausted
    sound(state)


def red_star_by_frola() -> State:
    """Madder's star noble (loyal 100, 50, 50) alone by the neutral, whole Frola (200); red's
    Versatile Strategy waits."""
    frola_area = T.data.board.cities["frola"].area

    def arrange(data: WKData) -> None:
        clear_board(data)
        give(data, "red_star", "red:soldier_100:1", "red:soldier_50:1", "red:soldier_50:2")
        neutral_city(data, "frola")
        data.noble_area["red_star"] = frola_area

    return versatile_strategy_of("red", 3, arrange)


def monz_siege(ernesto_troops: tuple[str, ...], city: str = "monz", besieged_since: int | None = None) -> State:
    """Ernesto alone with ``ernesto_troops`` in the area of a neutral city; green's Versatile
    Strategy waits; optionally green besieges the city since round ``besieged_since``."""
    ernesto = NOBLE["Ernesto di Celadon"]

    def arrange(data: WKData) -> None:
        clear_board(data)
        give(data, ernesto, *ernesto_troops)
        neutral_city(data, city)
        data.noble_area[ernesto] = T.data.board.cities[city].area
        if besieged_since is not None:
            data.besieged[city] = "green"
            data.siege_round[city] = besieged_since

    return versatile_strategy_of("green", 3, arrange)


def test_siege_example_on_monz() -> None:
    """SC-13 (11.5): Ernesto's 50 + 200 > Monz's 200: a siege is offered; declaring it draws
    no Fate card, causes no casualty, puts the siege marker on and exhausts Ernesto."""
    state = monz_siege(("green:soldier_50:1",))
    data: WKData = state.data
    ernesto = NOBLE["Ernesto di Celadon"]
    act(state, "green", "start a battle")
    assert labels(state, "green") == ["assault", "siege"]
    act(state, "green", "siege")
    assert data.besieged == {"monz": "green"} and data.siege_round == {"monz": data.round}
    assert not any("Fate cards" in e.text for e in state.log) and data.casualties[ernesto] == 0
    assert ernesto in data.exhausted and data.city_owner["monz"] is None
    sound(state)


def test_siege_completes_when_declared_again_in_a_later_round() -> None:
    """SC-13 (a): the same baron declares the siege again a round later, unbroken: Monz is
    his at once (a neutral city has no noble inside to kill), and he may raze it."""
    state = monz_siege(("green:soldier_50:1",), besieged_since=0)
    data: WKData = state.data
    assert data.round == 1
    act(state, "green", "start a battle")
    act(state, "green", "siege")
    assert data.city_owner["monz"] == "green" and "monz" not in data.besieged and "monz" not in data.siege_round
    assert labels(state, "green") == ["keep Monz", "raze Monz for 3 crowns"]
    crowns = data.crowns["green"]
    act(state, "green", "raze Monz for 3 crowns")
    assert data.crowns["green"] == crowns + 3 and "monz" in data.razed and "monz" not in data.city_owner
    sound(state)


def test_siege_declared_again_in_the_same_round_does_not_complete() -> None:
    """SC-13 (d): a siege begun this round goes on; the city does not fall."""
    state = monz_siege(("green:soldier_50:1",), besieged_since=1)
    data: WKData = state.data
    act(state, "green", "start a battle")
    act(state, "green", "siege")
    assert data.city_owner["monz"] is None and data.besieged == {"monz": "green"} and data.siege_round == {"monz": 1}


def test_no_siege_when_the_city_is_too_strong() -> None:
    """SC-13 (c): 50 + 200 against Vecht's 300: only an assault, taken without asking (the
    next question is the attacker's discard)."""
    state = monz_siege(("green:soldier_50:1",), city="vecht")
    act(state, "green", "start a battle")
    assert banneret.pending(state).kind == "discard fate"
    assert state.data.besieged == {}


def test_death_example_of_jean_luc_d_ambre() -> None:
    """SC-14 (11.8): Jean'Luc (loyal 200, English 50, English 100, Polish 100, 4 markers)
    takes a fifth and falls; victory is counted, 1-1, a draw (errata 4, the original's main
    text: Lorenzo still lives; ``test_wk_readings.py`` has the summary sheet's skip); the
    English deserter draw lets yellow pick his English 50; 500 casualties take the remaining
    200 of mercenaries; the heir keeps the 200 loyal soldiers off the board."""
    state = death_example(heir=True)
    data: WKData = state.data
    jean = NOBLE["Jean'Luc d'Ambre"]
    assert sorted(data.army[jean]) == ["yellow:soldier_100:1", "yellow:soldier_50:1", "yellow:soldier_50:2"]
    assert data.casualties[jean] == 0 and data.noble_area[jean] is None and jean not in data.heirless_dead
    assert {"english_50:1", "english_100:1", "polish_100:1"} <= set(data.mercenaries.draw_pile)
    battle = [e.text for e in state.log if e.kind == "battle"]
    assert battle[battle.index("Jean'Luc d'Ambre falls") + 1] == "victory 1-1"
    assert data.noble_area[NOBLE["Lorenzo von Linden"]] is not None
    sound(state)


def test_death_without_an_heir() -> None:
    """SC-14, heirless: the mercenaries go back to the deck, the loyal soldiers leave the
    game (22.1 statement 78) and the noble never returns (AMB-65)."""
    state = death_example(heir=False)
    data: WKData = state.data
    jean = NOBLE["Jean'Luc d'Ambre"]
    assert data.army[jean] == [] and data.heirless_dead == [jean] and data.noble_area[jean] is None
    sound(state)


def death_example(heir: bool, **options: object) -> State:
    """SC-14's battle: green's Lorenzo (loyal 100) attacks yellow's Jean'Luc, who falls to
    the one Deal; the game's ``options`` set before the battle."""
    jean, lorenzo = NOBLE["Jean'Luc d'Ambre"], NOBLE["Lorenzo von Linden"]

    def arrange(data: WKData) -> None:
        clear_board(data)
        area = free_areas(data)[0]
        give(data, jean, "yellow:soldier_100:1", "yellow:soldier_50:1", "yellow:soldier_50:2",
             "english_50:1", "english_100:1", "polish_100:1")
        data.casualties[jean] = 4
        data.heir[jean] = heir
        give(data, lorenzo, "green:soldier_100:1")
        data.noble_area[jean] = data.noble_area[lorenzo] = area

    state = versatile_strategy_of("green", 6, arrange)
    state.options = {**state.options, **options}
    stack_fate(state.data, "f03", "f02", "f05", "f07", "f09", "f06")
    act(state, "green", "start a battle")  # one area, one target, one army: asked no more
    act(state, "green", "discard a +1 Victory")
    act(state, "green", "discard a +1 Victory")
    act(state, "green", "keep Deal 100")
    # yellow drew 2 (50 of troops left + his commander): one must go, one may stay
    act(state, "yellow", "keep +1 Victory")
    act(state, "yellow", "do not use Jean'Luc d'Ambre's Deal 100")  # optional (11.2.2 step 2)
    assert labels(state, "yellow") == ["English 100 deserts", "English 50 deserts"]
    act(state, "yellow", "English 50 deserts")
    return state
