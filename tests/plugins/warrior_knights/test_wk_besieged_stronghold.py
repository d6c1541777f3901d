"""A besieged Stronghold (11.5, 11.6: a Stronghold is besieged like a city): it is not
repaired by Upgrade Defences, and its baron's nobles inside it neither move away, nor give or
receive troops at the Muster or a Draft, nor return into it. Each from an arranged position,
besieged and not, through the public API."""

from __future__ import annotations

import banneret
import pytest

from banneret_warrior_knights.state import WKData

from test_wk_battle_scenarios import clear_board, give as give_cards, sound, versatile_strategy_of
from test_wk_economy import _draft_example
from test_wk_muster import stack_fate, to_muster
from test_wk_neutral import _upgrade_game
from wk_economy_helpers import BOARD, bare_game, give, plan, soldier, unraze
from wk_helpers import act, labels
from wk_neutral_helpers import reveal_next


def besiege_stronghold(data: WKData, baron: str, besieger: str) -> str:
    """``besieger``'s Star, with a loyal 100, besieges ``baron``'s Stronghold; returns its area."""
    home = data.stronghold[baron]
    assert home is not None
    data.army[f"{besieger}_star"] = [soldier(besieger, "soldier_100")]
    data.noble_area[f"{besieger}_star"] = home
    data.besieged_strongholds[baron] = besieger
    data.siege_round[f"stronghold:{baron}"] = data.round
    return home


@pytest.mark.parametrize("besieged", [False, True])
def test_upgrade_defences_repairs_no_besieged_stronghold(besieged: bool) -> None:
    """8.4 with green's Stronghold breached once: offered a repair, unless it is besieged."""
    state, (a, _, _) = _upgrade_game()
    data: WKData = state.data
    if besieged:
        besiege_stronghold(data, "green", "blue")
    reveal_next(state, "upgrade_defences")
    act(state, "red", "upgrade nothing")
    repair = "repair 1 breach of your stronghold for 2 crowns"
    assert (repair in labels(state, "green")) == (not besieged)
    assert labels(state, "green")[:2] == ["upgrade nothing", f"repair 1 breach of {BOARD.cities[a].name} for 2 crowns"]


@pytest.mark.parametrize("besieged", [False, True])
def test_no_mercenary_for_a_noble_inside_a_besieged_stronghold(besieged: bool) -> None:
    """9.4: SC-4's Draft with Lorenzo in green's Stronghold area: he may take the unit
    unless red besieges the Stronghold; the Stronghold itself still may."""
    state = _draft_example()
    data: WKData = state.data
    data.noble_area["green_circle"] = data.stronghold["green"]
    if besieged:
        besiege_stronghold(data, "green", "red")
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "a marker on track space 4")
    while (hirer := banneret.pending(state).players[0]) != "green":
        act(state, hirer, "pass: hire nothing")
    act(state, "green", "hire Romanian 50 for 1 crowns")
    assert ("Romanian 50 to Lorenzo von Linden" in labels(state, "green")) == (not besieged)
    assert labels(state, "green")[-1] == "Romanian 50 to the stronghold"


@pytest.mark.parametrize("besieged", [False, True])
def test_the_muster_inside_a_besieged_stronghold(besieged: bool) -> None:
    """13: Ernesto and Alan stand in green's Stronghold area, Lorenzo is off the board with a
    loyal 50, green holds Monz. Unbesieged, Ernesto and Alan exchange troops and Lorenzo may
    return to the Stronghold or Monz; besieged by red, neither of them gives troops and
    Lorenzo returns by Monz only."""
    state = bare_game(2, seed=9, chairman="green")
    data: WKData = state.data
    unraze(data, "monz")
    data.city_owner["monz"] = "green"
    home = data.stronghold["green"]
    assert home is not None
    data.noble_area.update({"green_star": home, "green_square": home})
    give(data, "green", "green_star", soldier("green", "soldier_100"))
    give(data, "green", "green_square", soldier("green", "soldier_50"))
    give(data, "green", "green_circle", soldier("green", "soldier_50", 2))
    if besieged:
        besiege_stronghold(data, "green", "red")
    stack_fate(data, [False] * 2)  # Monz has no green noble: its revolt draw shows none
    to_muster(state)
    moves = ["move loyal 50 of Lorenzo von Linden", "finish moving troops"]
    if not besieged:
        moves = ["move loyal 100 of Ernesto di Celadon", "move loyal 50 of Alan of Smalt", *moves]
    assert labels(state, "green") == moves
    act(state, "green", "finish moving troops")
    monz = BOARD.cities["monz"].area
    if not besieged:  # besieged, Monz is his only place: he goes there without a question
        assert sorted(labels(state, "green")) == sorted(f"Lorenzo von Linden to {BOARD.areas[a].name}"
                                                        for a in (monz, home))
        act(state, "green", f"Lorenzo von Linden to {BOARD.areas[monz].name}")
    assert data.noble_area["green_circle"] == monz and banneret.pending(state).kind == "plan"
    sound(state)


@pytest.mark.parametrize("besieged", [False, True])
def test_a_noble_inside_a_besieged_stronghold_does_not_move(besieged: bool) -> None:
    """11.5: Versatile Strategy offers to move green's Star out of his Stronghold's area
    unless red besieges it."""
    def arrange(data: WKData) -> None:
        clear_board(data)
        give_cards(data, "green_star", "green:soldier_100:1")
        data.noble_area["green_star"] = data.stronghold["green"]
        if besieged:
            besiege_stronghold(data, "green", "red")

    state = versatile_strategy_of("green", 3, arrange)
    assert ("move one ready noble" in labels(state, "green")) == (not besieged)
    if not besieged:
        act(state, "green", "move one ready noble")
        assert banneret.pending(state).kind == "move"
    sound(state)
