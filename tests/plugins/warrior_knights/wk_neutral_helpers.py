"""Helpers for the neutral-card and effect tests: a game waiting in the action phase, a chosen
neutral card put on top of the space being resolved, chosen Event and Fate cards on top of
their decks."""

from __future__ import annotations

import random

import banneret
from banneret import State
from banneret.flow import var
from banneret_warrior_knights.state import WKData, owner_of, tables

from wk_helpers import act, labels, play_until, set_up

T = tables()


def in_action_phase(barons: int, seed: int = 0) -> State:
    """A game after a random set-up and planning, waiting for a baron card's owner."""
    state, _ = set_up(barons, seed)
    play_until(state, "card", random.Random(seed))
    assert banneret.pending(state).kind == "card"
    return state


def neutral_card(title: str) -> str:
    return next(c for c in T.neutral_cards if c.startswith(f"{title}:"))


def reveal_next(state: State, title: str) -> None:
    """Put a neutral card of ``title`` on top of the space being resolved, let the owner of the
    waiting baron card decline it, and play on: the neutral card is revealed and carried out
    up to its first decision. The other neutral cards leave the spaces (set aside), so that
    after it play stops at the next baron card."""
    data: WKData = state.data
    card = neutral_card(title)
    for pile in data.action_spaces:
        data.neutral_pool += [c for c in pile if owner_of(c) is None]
        pile[:] = [c for c in pile if owner_of(c) is not None]
    data.neutral_pool.remove(card)
    data.neutral_pool.sort()
    data.action_spaces[var(state, "space")].append(card)
    owner = owner_of(data.revealed)
    act(state, owner, "decline the card")
    while banneret.pending(state).kind == "allocate":
        act(state, owner, labels(state, owner)[0])


def event_on_top(state: State, event: str) -> str:
    """Put a copy of the Event card ``event`` (a record id) on top of the Event deck."""
    deck = state.data.events
    card = next(c for c in deck.draw_pile + deck.discard_pile if T.event_of[c].id == event)
    (deck.draw_pile if card in deck.draw_pile else deck.discard_pile).remove(card)
    deck.draw_pile.append(card)
    return card


def fate_on_top(state: State, *cards: str) -> None:
    """Put Fate cards on top of the Fate deck, the first named drawn first."""
    pile = state.data.fate.draw_pile
    for card in reversed(cards):
        pile.remove(card)
        pile.append(card)


def fate_card(**fields: object) -> str:
    """The first Fate card whose fields have these values (``expedition`` given as
    ``(destination, result)``)."""
    for card in T.fate.values():
        ok = all(card.expedition[v[0]] == v[1] if k == "expedition" else getattr(card, k) == v  # type: ignore[index]
                 for k, v in fields.items())
        if ok:
            return card.id
    raise LookupError(fields)


def on_board_noble(state: State, baron: str) -> str:
    data: WKData = state.data
    return next(nb for nb in data.nobles_of(baron) if data.noble_area[nb] is not None)


def city_area(city: str) -> str:
    return T.data.board.cities[city].area


def city_name(city: str) -> str:
    return T.data.board.cities[city].name


def noble_name(noble: str) -> str:
    return T.data.nobles[noble].name


def log_text(state: State) -> list[str]:
    return [e.text for e in state.log]
