"""The Assembly (9.3, 16.3): driven through the public API from a Rally Support card that
fills the Assembly area."""

from __future__ import annotations

import random
from typing import Callable

import banneret
from banneret import State
from banneret_warrior_knights.state import WKData, owner_of, tables, title_of

from wk_helpers import act, labels, new_game, play_until

T = tables()


def agenda(card_id: str, copy: int = 1) -> str:
    return f"{card_id}:{copy}"


def to_assembly(barons: int, seed: int = 1, arrange: Callable[[WKData], None] | None = None) -> State:
    """A game at its first Assembly: every baron plans one Rally Support on space 1; the first
    one revealed is declined and goes to an Assembly area holding 2N - 1 cards already, after
    ``arrange`` has set the table."""
    state = new_game(barons, seed)
    play_until(state, "plan", random.Random(seed))
    data: WKData = state.data
    for b in data.barons:
        act(state, b, "space 1: Rally Support")
        act(state, b, "space 1: no more cards")
        act(state, b, "space 2: no more cards")
        act(state, b, "space 3: no more cards")
        act(state, b, "confirm the plan")
    play_until(state, "card", random.Random(seed))
    assert title_of(data.revealed) == "rally_support"
    filler = [c for b in data.barons for c in data.hand[b] if title_of(c) == "serve_the_church"][: 2 * barons - 1]
    for c in filler:
        data.hand[owner_of(c)].remove(c)
    data.special_areas["assembly"] = filler
    if arrange is not None:
        arrange(data)
    act(state, owner_of(data.revealed), "decline the card")
    return state
