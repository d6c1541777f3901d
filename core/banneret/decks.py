"""Decks of cards: a draw pile and a discard pile of card ids, shuffled by the game's Rng.

Cards are plain strings (ids into a plugin's card data), so a deck is two lists: cheap to
clone for simulations and to save. The top of each pile is the END of its list, so drawing
is ``list.pop()`` and discarding is ``list.extend``. The only chance is the shuffle, drawn
from the :class:`banneret.rng.Rng` passed in, so the same seed deals the same cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import attrs

from banneret.rng import Rng

__all__ = ["Deck"]


@attrs.define
class Deck:
    """A draw pile and a discard pile; the top of each is the last element of its list.

    ``len(deck)`` is the number of cards left in the draw pile.
    """

    draw_pile: list[str] = attrs.field(factory=list)
    discard_pile: list[str] = attrs.field(factory=list)

    @classmethod
    def new(cls, cards: Iterable[str], rng: Rng) -> Deck:
        """A shuffled draw pile of ``cards`` and an empty discard pile."""
        deck = cls(list(cards), [])
        rng.shuffle(deck.draw_pile)
        return deck

    def __len__(self) -> int:
        return len(self.draw_pile)

    def shuffle(self, rng: Rng, with_discards: bool = False) -> None:
        """Shuffle the draw pile; with ``with_discards`` the discard pile is gathered in first."""
        if with_discards:
            self.draw_pile.extend(self.discard_pile)
            self.discard_pile.clear()
        rng.shuffle(self.draw_pile)

    def _next(self, rng: Rng) -> str | None:
        # The discards become the new draw pile only when the draw pile is exhausted.
        if not self.draw_pile:
            if not self.discard_pile:
                return None
            self.shuffle(rng, with_discards=True)
        return self.draw_pile.pop()

    def draw(self, rng: Rng, n: int = 1) -> list[str]:
        """Draw up to ``n`` cards, top first, reshuffling the discards in whenever the draw
        pile runs out.

        When both piles are empty the result is shorter than ``n`` (possibly empty): cards
        held elsewhere (hands, the table) are not the deck's to recall.
        """
        if n < 0:
            raise ValueError(f"cannot draw {n} cards")
        out: list[str] = []
        for _ in range(n):
            card = self._next(rng)
            if card is None:
                break
            out.append(card)
        return out

    def draw_until(self, rng: Rng, predicate: Callable[[str], bool]) -> tuple[str | None, list[str]]:
        """Draw until a card satisfies ``predicate``; return it and the cards passed over.

        The passed-over cards go onto the discard pile once the search ends (so a reshuffle
        during the search never brings them back). If no card is found, the first item is
        ``None``.
        """
        passed: list[str] = []
        found: str | None = None
        while (card := self._next(rng)) is not None:
            if predicate(card):
                found = card
                break
            passed.append(card)
        self.discard_pile.extend(passed)
        return found, passed

    def discard(self, cards: Iterable[str]) -> None:
        """Put ``cards`` on the discard pile, the last one on top."""
        if isinstance(cards, str):
            raise TypeError(f"discard() takes a list of cards, not the string {cards!r}")
        self.discard_pile.extend(cards)

    def deal(self, rng: Rng, players: Sequence[str], n: int) -> dict[str, list[str]]:
        """Deal ``n`` cards to each player one at a time in turn, as at a table.

        If the deck (with its discards) runs out, the players later in the round get fewer.
        """
        if len(set(players)) != len(players):
            raise ValueError(f"each player may be dealt to only once: {list(players)}")
        if n < 0:
            raise ValueError(f"cannot deal {n} cards")
        hands: dict[str, list[str]] = {p: [] for p in players}
        for _ in range(n):
            for p in players:
                card = self._next(rng)
                if card is None:
                    return hands
                hands[p].append(card)
        return hands

    def peek(self, n: int = 1) -> list[str]:
        """The top ``n`` cards of the draw pile in drawing order, without drawing or
        reshuffling (fewer if the draw pile is shorter)."""
        if n < 0:
            raise ValueError(f"cannot peek at {n} cards")
        return self.draw_pile[: -n - 1 : -1]

    def clone(self) -> Deck:
        """An independent copy (for look-ahead in simulations)."""
        return Deck(self.draw_pile.copy(), self.discard_pile.copy())
