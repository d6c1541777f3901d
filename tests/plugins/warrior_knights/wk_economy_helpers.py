"""Helpers for the Taxation, Wages, Draft and Muster tests: a game after set-up with a bare
board (no troops, no nobles on the board, no cities held), troop cards put where a test
wants them, and planning that puts chosen cards on the action spaces (no neutral cards, so
the test alone decides what is revealed)."""

from __future__ import annotations

import banneret
from banneret import State
from banneret_warrior_knights.battle_losses import troops_of
from banneret_warrior_knights.state import WKData, tables

from wk_helpers import act, set_up

T = tables()
BOARD = T.data.board


def bare_game(barons: int, seed: int = 0, chairman: str | None = None) -> State:
    """A game waiting for its first planning, with every troop card off the board (loyal
    soldiers set aside, mercenaries back in the deck), every noble off the board, every
    city neutral, 10 crowns each; no neutral cards will be dealt."""
    state, _ = set_up(barons, seed)
    state.rules = {**state.rules, "neutral_per_space": 0}
    data: WKData = state.data
    deck = data.mercenaries.draw_pile
    for baron in data.barons:
        for nb in data.nobles_of(baron):
            deck += [c for c in data.army[nb] if T.troops[c].nationality is not None]
            data.army[nb].clear()
            data.noble_area[nb] = None
        deck += [c for c in data.garrison[baron] if T.troops[c].nationality is not None]
        data.garrison[baron].clear()
        data.crowns[baron] = 10
    for city in data.city_owner:
        data.city_owner[city] = None
    data.at_sea.clear()
    data.exhausted.clear()
    if chairman is not None:
        data.chairman = chairman
    return state


def mercenary(data: WKData, kind: str) -> str:
    """A copy of mercenary ``kind`` (``"polish_100"``) taken out of the deck."""
    card = next(c for c in reversed(data.mercenaries.draw_pile) if c.rsplit(":", 1)[0] == kind)
    data.mercenaries.draw_pile.remove(card)
    return card


def soldier(baron: str, kind: str, copy: int = 1) -> str:
    """A loyal soldier card id of ``baron`` (``"soldier_50"``)."""
    return f"{baron}:{kind}:{copy}"


def give(data: WKData, baron: str, holder: str, *cards: str) -> list[str]:
    """Put troop cards under ``holder``: a noble of ``baron`` or his garrison
    (``garrison_holder(baron)``); a card given as a mercenary kind is taken from the deck.
    Returns the card ids."""
    ids = [c if ":" in c else mercenary(data, c) for c in cards]
    troops_of(data, holder).extend(ids)
    return ids


def display(data: WKData, *kinds: str) -> list[str]:
    """The mercenary display becomes one copy of each kind, taken from the deck (the old
    display goes back to the deck)."""
    data.mercenaries.draw_pile += data.mercenary_display
    data.mercenary_display = [mercenary(data, k) for k in kinds]
    return list(data.mercenary_display)


def fill_area(data: WKData, area: str, count: int) -> None:
    """``count`` cards of the barons' hands (Rally Support, Serve the Church, Levy Taxes
    copies, in turn) lie on a special area already."""
    for k in range(count):
        baron = data.barons[k % len(data.barons)]
        card = next(c for c in data.hand[baron] if ":serve_the_church:" in c or ":rally_support:" in c)
        data.hand[baron].remove(card)
        data.special_areas[area].append(card)


def plan(state: State, plans: dict[str, list[tuple[int, str]]]) -> None:
    """Every baron plans the (space, title) cards given (nothing else) and confirms; the
    action phase then begins."""
    for baron in state.data.barons:
        mine = plans.get(baron, [])
        for space in (1, 2, 3):
            titles = [title for k, title in mine if k == space]
            for title in titles:
                act(state, baron, f"space {space}: {title}")
            if len(titles) < 2:
                act(state, baron, f"space {space}: no more cards")
    for baron in state.data.barons:
        act(state, baron, "confirm the plan")


def unraze(data: WKData, city: str) -> None:
    """Undo a set-up razing of ``city`` (a test needs that very city)."""
    if city in data.razed:
        data.razed.remove(city)
        data.city_owner[city] = None


def pending_player(state: State) -> str:
    return banneret.pending(state).players[0]
