"""Where troop cards lie and where a leaving mercenary goes, one way each: a holder is a noble
or ``garrison_holder(baron)`` for every rule; every mercenary that leaves a baron is shuffled
back into the Mercenary deck's draw pile (9.2, 11.7-11.9, the desertion events of 8.2) by
``battle_losses.return_mercenaries``; Muster Troops heals a garrison too (8.5)."""

from __future__ import annotations

import banneret

from banneret_warrior_knights.battle_losses import garrison_holder, holders_of, return_mercenaries, troops_of
from banneret_warrior_knights.board import action_path
from banneret_warrior_knights.state import WKData

from test_wk_battle_scenarios import (
    FATE_BY, NOBLE, arrange_sc9, sound, stack_fate, versatile_strategy_of,
)
from test_wk_effects import draw_event, one_army
from wk_economy_helpers import bare_game, fill_area, give, plan, soldier
from wk_helpers import act, labels, new_game
from wk_neutral_helpers import T, fate_card, fate_on_top, in_action_phase, reveal_next


def test_return_mercenaries_shuffles_them_into_the_draw_pile() -> None:
    state = new_game(3, seed=1)
    data: WKData = state.data
    pile = data.mercenaries.draw_pile
    leaving = [pile.pop(), pile.pop(), pile.pop()]
    before, discards = list(pile), list(data.mercenaries.discard_pile)
    return_mercenaries(state, leaving)
    assert sorted(pile) == sorted(before + leaving) and data.mercenaries.discard_pile == discards
    assert pile != before + leaving  # shuffled in, not laid on top


def test_a_strike_sends_the_garrisons_mercenary_back_into_the_deck() -> None:
    """8.2 desertion through the garrison's holder: the weakest mercenary of the nationality
    leaves the stronghold too, into the draw pile; the discard pile stays empty."""
    state = in_action_phase(2, seed=6)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    noble = one_army(state, "green")
    mercenary = min((c for c in data.army[noble] if T.troops[c].nationality), key=lambda c: T.troops[c].strength)
    data.army[noble].remove(mercenary)
    data.garrison["green"].append(mercenary)
    fate_on_top(state, fate_card(nationality=T.troops[mercenary].nationality))
    draw_event(state, "mercenary_strike", "red")
    assert mercenary not in data.garrison["green"] and mercenary in data.mercenaries.draw_pile
    assert data.mercenaries.discard_pile == []


def test_an_unpaid_garrison_mercenary_leaves_for_the_deck() -> None:
    """9.2 through the garrison's holder: the menu names the stronghold; unpaid, the card is
    shuffled back into the draw pile."""
    state = bare_game(2, seed=3, chairman="green")
    data: WKData = state.data
    give(data, "green", garrison_holder("green"), soldier("green", "soldier_50"))
    gone, = give(data, "green", garrison_holder("green"), "english_100")
    data.crowns["green"] = 5
    fill_area(data, "wages", 3)
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "decline the card")
    assert labels(state, "green") == ["pay English 100 of the stronghold (2 crowns)",
                                      "pay no more: the unpaid mercenaries leave"]
    act(state, "green", "pay no more: the unpaid mercenaries leave")
    assert data.garrison["green"] == [soldier("green", "soldier_50")]
    assert gone in data.mercenaries.draw_pile and data.mercenaries.discard_pile == []


def test_muster_troops_heals_a_stronghold_garrison() -> None:
    """8.5: one army per baron, a noble's or his garrison, 2 crowns a marker."""
    state = in_action_phase(2, seed=2)
    data: WKData = state.data
    data.chairman = "green"
    for baron in data.barons:
        for nb in data.nobles_of(baron):
            data.casualties[nb] = 0
    give(data, "green", garrison_holder("green"), soldier("green", "soldier_100"))
    data.garrison_casualties["green"] = 2
    data.crowns["green"] = 3
    reveal_next(state, "muster_troops")
    assert labels(state, "green") == ["heal no army",
                                      "remove 1 casualty marker from the stronghold garrison for 2 crowns"]
    act(state, "green", "remove 1 casualty marker from the stronghold garrison for 2 crowns")
    assert data.garrison_casualties == {"green": 1} and data.crowns["green"] == 1


def test_the_garrison_has_one_holder_name_in_every_menu() -> None:
    """Set-up's troop assignment offers the garrison as ``garrison_holder(baron)``, the holder
    the Draft, the Muster and the battle losses use; the board clicks its stronghold."""
    state = new_game(3, seed=4)
    decision = banneret.pending(state)
    assert decision.kind == "assign"
    baron = decision.players[0]
    actions = banneret.legal_actions(state, baron)
    assert [a.args for a in actions] == list(holders_of(state.data, baron))
    garrison = actions[-1]
    assert garrison.args == garrison_holder(baron) and garrison.label.endswith("to the stronghold")
    assert action_path(garrison) == (f"stronghold:{baron}",)
    card = state.data.unassigned[baron][0]
    banneret.apply(state, garrison)
    assert troops_of(state.data, garrison_holder(baron)) == [card]


def test_a_retreating_army_sheds_the_markers_its_deserter_leaves_it_unable_to_carry() -> None:
    """11.7 with AMB-51 (found by the random battles, seed 282214 with 6 barons): SC-9, but
    Otto's 250 is a loyal 100 and a Polish 150; he lives with 2 markers, retreats, and his
    Polish 150 deserts (the Fate card names Polish): 100 strength carries no marker, so both
    come off, and the Polish 150 is back in the deck."""
    otto = NOBLE["Otto von Prussen"]

    def arrange(data: WKData) -> None:
        arrange_sc9(data, ("blue:soldier_100:1", "polish_150:1"))

    state = versatile_strategy_of("green", 3, arrange)
    data: WKData = state.data
    deal, prevent, victory = FATE_BY["deal"], FATE_BY["prevent"], FATE_BY["victory"]
    stack_fate(data, deal[0], deal[1], victory[0], prevent[0], prevent[1],
               deal[2], deal[3], victory[1], victory[2], "f10", "f23")
    act(state, "green", "start a battle")
    act(state, "green", "attack blue's nobles")
    act(state, "green", "fight with Ernesto di Celadon, Alan of Smalt")
    act(state, "green", "Alan of Smalt commands")
    act(state, "green", "discard a Prevent 100")
    act(state, "green", "discard a Prevent 100")
    act(state, "green", "keep Deal 100, Deal 100, +1 Victory")
    act(state, "blue", "discard a +1 Victory")
    act(state, "blue", "discard a +1 Victory")
    act(state, "blue", "keep Deal 100, Deal 100")
    act(state, "green", "use Alan of Smalt's Prevent 100")
    act(state, "green", "a marker on Ernesto di Celadon's army")
    log = [e.text for e in state.log]
    assert "the defender takes 200 casualties" in log  # Otto's 2 markers, on 250
    assert log[-2:] == ["victory 1-0", "Polish 150 deserts Otto von Prussen"]
    assert banneret.pending(state).kind == "retreat"  # his only Polish card left without asking
    assert data.army[otto] == ["blue:soldier_100:1"] and data.casualties[otto] == 0
    assert "polish_150:1" in data.mercenaries.draw_pile
    sound(state)
