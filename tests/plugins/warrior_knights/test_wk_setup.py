"""Set-up (rules 4, 16.1-16.2) for every number of barons: random seeds and random set-up
choices through the public API, checked against the digest's testable statements 22.1
(1-10) and its two-player scenario SC-28, with exact orders of play."""

from __future__ import annotations

from collections import Counter

import banneret
import pytest
from hypothesis import given
from hypothesis import strategies as st

from banneret_warrior_knights.setup import draw_titles, raze_at_start
from banneret_warrior_knights.state import WKData, tables

from wk_helpers import new_game, set_up

T = tables()
BOARD = T.data.board
RAZED = {2: 11, 3: 7, 4: 5, 5: 3, 6: 0}

seeds = st.integers(0, 2**32 - 1)
BARONS = [2, 3, 4, 5, 6]


def troops_of(data: WKData, baron: str) -> list[str]:
    return data.garrison[baron] + [c for nb in data.nobles_of(baron) for c in data.army[nb]]


@pytest.mark.parametrize("n", BARONS)
@given(seed=seeds)
def test_resources_pool_agendas_display_and_titles(seed: int, n: int) -> None:
    """22.1 statements 1, 3, 4, 5 and 7: 15 crowns and nothing else; a pool of 10 per baron;
    N + 1 mercenaries shown; 3 agendas; Chairman and Head two different barons in play."""
    state, _ = set_up(n, seed)
    data: WKData = state.data
    assert data.barons == tuple(state.factions) and len(data.barons) == n
    for b in data.barons:
        assert (data.crowns[b], data.votes[b], data.faith[b], data.influence[b]) == (15, 0, 0, 0)
        assert sorted(data.hand[b]) == sorted(T.baron_cards[b]) and len(data.hand[b]) == 12
    assert data.influence_pool == 10 * n
    assert len(data.mercenary_display) == n + 1
    assert data.mercenary_track == [None] * (n + 1)
    assert len(data.current_agendas) == 3 and len(data.agendas) == 45 - 3
    assert len(data.mercenaries) == 66 - 2 * n - (n + 1)
    assert len(data.events) == 36 and len(data.fate) == 24
    assert data.chairman in data.barons and data.head_of_church in data.barons
    assert data.chairman != data.head_of_church
    assert sorted(data.neutral_pool) == sorted(T.neutral_cards)
    assert data.action_spaces == [[], [], []]


@pytest.mark.parametrize("n", BARONS)
@given(seed=seeds)
def test_titles_come_from_the_fate_cards_drawn(seed: int, n: int) -> None:
    """4.1 step 6 and 5: the used Fate cards go to the bottom, so the bottom card names the
    Head of the Church and above it lie the cards passed over (absent colours or the
    Chairman's), down to the one that named the Chairman."""
    state, _ = set_up(n, seed)
    data: WKData = state.data
    fate = {c.id: c for c in T.data.fate}
    pile = [fate[c].baron for c in data.fate.draw_pile]
    assert pile[0] == data.head_of_church
    passed = set(T.data.barons) - set(data.barons) | {data.chairman}
    j = 1
    while pile[j] != data.chairman:
        assert pile[j] in passed
        j += 1


@pytest.mark.parametrize("n", BARONS)
@given(seed=seeds)
def test_razed_cities_follow_the_number_of_barons(seed: int, n: int) -> None:
    """22.1 statement 6, 16.1: 11/7/5/3/0 Kingdom cities razed, no overseas city; a razed
    city has no controller, every other city starts neutral."""
    state, _ = set_up(n, seed)
    data: WKData = state.data
    kingdom = set(BOARD.kingdom_cities())
    assert len(data.razed) == RAZED[n] and set(data.razed) <= kingdom
    assert set(data.city_owner) == set(BOARD.cities) - set(data.razed)
    assert all(owner is None for owner in data.city_owner.values())
    assert len(data.unrazed_kingdom_cities()) == 18 - RAZED[n]


@pytest.mark.parametrize("n", BARONS)
@given(seed=seeds)
def test_troops_are_400_per_baron_and_all_assigned(seed: int, n: int) -> None:
    """22.1 statement 2, 4.1 step 8: loyal 50, 50, 50, 100 and one mercenary each of 50 and
    100, 400 in all, every card under one of the baron's own nobles or his stronghold."""
    state, _ = set_up(n, seed)
    data: WKData = state.data
    for b in data.barons:
        assert data.unassigned[b] == []
        cards = troops_of(data, b)
        loyal = sorted(T.troops[c].strength for c in cards if T.troops[c].nationality is None)
        hired = sorted(T.troops[c].strength for c in cards if T.troops[c].nationality is not None)
        assert loyal == [50, 50, 50, 100] and hired == [50, 100]
        assert data.strength_of(cards) == 400
        assert sorted(c for c in cards if T.troops[c].nationality is None) == sorted(T.soldiers[b])
    for b in T.data.barons:
        if b not in data.barons:
            assert b not in data.garrison


@pytest.mark.parametrize("n", BARONS)
@given(seed=seeds)
def test_strongholds_are_placed_legally_in_the_rules_order(seed: int, n: int) -> None:
    """22.1 statement 8, 4.1 step 11, 16.2: clockwise from the Chairman; a Kingdom area with
    no unrazed city and no other stronghold; with 2-3 barons never on the outer ring."""
    state, played = set_up(n, seed)
    data: WKData = state.data
    placers = [a.player for a in played if a.kind == "stronghold"]
    first = data.barons.index(data.chairman)
    assert placers == [data.barons[(first + i) % n] for i in range(n)]
    sites = [data.stronghold[b] for b in data.barons]
    assert None not in sites and len(set(sites)) == n
    unrazed = {BOARD.cities[c].area for c in data.city_owner}
    for area in sites:
        assert BOARD.areas[area].region == "kingdom" and area not in unrazed
        if n <= 3:
            rec = BOARD.areas[area]
            assert 2 <= rec.row <= 5 and 2 <= rec.column <= 5


@pytest.mark.parametrize("n", BARONS)
@given(seed=seeds)
def test_every_noble_with_troops_is_placed_in_passes(seed: int, n: int) -> None:
    """22.1 statements 9 and 10, 4.1 step 12, AMB-11: counter-clockwise from the last
    stronghold placer, one noble a turn, passes repeated until every noble with troops is on
    the board (those without stay off); never overseas, never beside another baron's noble or
    stronghold."""
    state, played = set_up(n, seed)
    data: WKData = state.data
    for nb, area in data.noble_area.items():
        assert (area is not None) == bool(data.army[nb])
    placed = Counter(data.baron_of_noble(nb) for nb, a in data.noble_area.items() if a is not None)
    last = data.barons[(data.barons.index(data.chairman) - 1) % n]
    order = [data.barons[(data.barons.index(last) - i) % n] for i in range(n)]
    expected, left = [], dict(placed)
    while any(left.values()):
        for b in order:
            if left.get(b):
                expected.append(b)
                left[b] -= 1
    assert [a.player for a in played if a.kind == "area"] == expected
    for area in {a for a in data.noble_area.values() if a is not None}:
        assert BOARD.areas[area].region == "kingdom"
        here = {data.baron_of_noble(nb) for nb, a in data.noble_area.items() if a == area}
        assert len(here) == 1
        assert all(data.stronghold[b] != area for b in data.barons if b not in here)


def test_two_barons_scenario_sc28() -> None:
    """SC-28: with two barons 11 Kingdom cities are razed, strongholds stand only on inner
    areas without cities, the track has 3 spaces, 3 mercenaries are shown, the pool holds 20;
    and the stronghold menu offers exactly the inner city-free areas."""
    state = new_game(2, seed=5)
    data: WKData = state.data
    assert len(data.razed) == 11 and data.influence_pool == 20
    assert len(data.mercenary_track) == 3 and len(data.mercenary_display) == 3
    while banneret.pending(state).kind != "stronghold":
        player = banneret.pending(state).players[0]
        banneret.apply(state, banneret.legal_actions(state, player)[-1])  # everything to the stronghold
    assert banneret.pending(state).players == (data.chairman,)
    unrazed = {BOARD.cities[c].area for c in data.city_owner}
    inner = sorted(BOARD.areas[a].name for a in BOARD.areas
                   if BOARD.areas[a].region == "kingdom" and not BOARD.outer(a) and a not in unrazed)
    offered = sorted(a.label.removeprefix("stronghold in ") for a in banneret.legal_actions(state, data.chairman))
    assert offered == inner


def test_troop_assignment_menu_and_a_stronghold_only_army() -> None:
    """4.1 step 8: the troop cards are offered strongest first, each to any of the four nobles
    or the stronghold; a baron who garrisons everything has no noble to place."""
    state = new_game(4, seed=11)
    data: WKData = state.data
    chairman = data.chairman
    assert banneret.pending(state).players == (chairman,)
    menu = banneret.legal_actions(state, chairman)
    names = [T.data.nobles[nb].name for nb in data.nobles_of(chairman)]
    assert [a.label for a in menu] == [f"loyal 100 to {n}" for n in names] + ["loyal 100 to the stronghold"]
    for _ in range(6):
        banneret.apply(state, banneret.legal_actions(state, chairman)[-1])
    assert data.unassigned[chairman] == [] and data.strength_of(data.garrison[chairman]) == 400
    assert all(data.army[nb] == [] for nb in data.nobles_of(chairman))
    assert banneret.pending(state).players == (data.barons[(data.barons.index(chairman) + 1) % 4],)


@pytest.mark.parametrize("per_baron", [8, 12, 13, 14, 15])
def test_game_length_variant_sets_the_pool(per_baron: int) -> None:
    """17.1: 8 per baron for a shorter game, 12-15 for a longer one."""
    assert new_game(3, seed=1, influence_per_baron=per_baron).data.influence_pool == 3 * per_baron


def test_unknown_pool_size_is_refused() -> None:
    with pytest.raises(banneret.OptionError):
        new_game(3, seed=1, influence_per_baron=9)



def stack_fate(data: WKData, top_first: list[str]) -> None:
    """Put ``top_first`` on top of the Fate deck, in drawing order; the rest keep their order."""
    rest = [c for c in data.fate.draw_pile if c not in top_first]
    data.fate.draw_pile[:] = rest + list(reversed(top_first))


def test_titles_with_a_stacked_fate_deck() -> None:
    """4.1 step 6, 5, 16.4: with green and red in play, blue (absent) is drawn past, red is
    Chairman, a second red card and black (absent) are drawn past, green is Head; the five
    cards drawn lie at the bottom, the last one drawn lowest."""
    state = new_game(2, seed=1)
    data: WKData = state.data
    drawn = ["f09", "f05", "f06", "f13", "f01"]  # blue, red, red, black, green
    assert [T.fate[c].baron for c in drawn] == ["blue", "red", "red", "black", "green"]
    stack_fate(data, drawn)
    draw_titles(data, state)
    assert (data.chairman, data.head_of_church) == ("red", "green")
    assert data.fate.draw_pile[:5] == list(reversed(drawn)) and len(data.fate) == 24


def test_razing_with_a_stacked_fate_deck() -> None:
    """4.1 step 4, 16.1: overseas cities and a city already razed are drawn past; the Fate
    deck is shuffled afterwards (all 24 cards still in it)."""
    state = new_game(6, seed=2)  # six barons: nothing razed at set-up
    data: WKData = state.data
    assert data.razed == []
    del data.city_owner["frola"]
    data.razed = ["frola"]  # as if razed already
    drawn = ["f01", "f02", "f07", "f05", "f06"]  # Acre (overseas), Frola (razed), Alexandria (overseas), Ballin, c1
    assert [T.fate[c].city for c in drawn] == ["acre", "frola", "alexandria", "ballin", "ph_city_c1"]
    stack_fate(data, drawn)
    raze_at_start(data, 2, state)
    assert data.razed == ["ballin", "frola", "ph_city_c1"]
    assert {"frola", "ballin", "ph_city_c1"}.isdisjoint(data.city_owner) and "acre" in data.city_owner
    assert sorted(data.fate.draw_pile) == sorted(T.fate_cards)
