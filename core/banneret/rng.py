"""The one source of chance in a game: a small counter-based generator held in the state.

Every die roll, shuffle and draw goes through :class:`Rng`. Its whole state is two integers
(the key derived from the seed, and how many 64-bit words have been drawn), so a saved game
or a cloned state carries it in a few bytes, and the same seed gives the same stream in any
process under any ``PYTHONHASHSEED``. The mixing function is SplitMix64 (Steele, Lea and
Flood 2014) applied to ``key + counter * golden_gamma``: the n-th word depends only on the
key and n, which makes cloning free and replay exact.
"""

from __future__ import annotations

import re
import struct
from typing import MutableSequence, Sequence, TypeVar

from banneret.errors import OptionError

__all__ = ["Rng", "DiceSpec", "parse_dice"]

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_DICE_RE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(!?)\s*([+-]\s*\d+)?\s*$")


def _mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


_LANES = 64
_LANE_BITS = 128
_ONES = sum(1 << (_LANE_BITS * k) for k in range(_LANES))
_STEPS = sum((k + 1) << (_LANE_BITS * k) for k in range(_LANES))
_LANE_MASK = _ONES * _MASK64


def _words(key: int, counter: int, count: int) -> list[int]:
    """The ``count`` words after ``counter``: ``_mix64(key + (counter + k) * _GAMMA)`` for
    ``k`` from 1, each mixed in its own 128-bit lane of one long integer.

    Each step of the mix then runs once over all the lanes in C instead of once per word in
    the interpreter; lanes are twice as wide as a word, so a product never carries into
    the next lane and the bits a right shift brings down from it are masked off. A test
    checks the words against :meth:`Rng.next64`."""
    words: list[int] = []
    while count > 0:
        lanes = min(count, _LANES)
        cut = (1 << (_LANE_BITS * lanes)) - 1
        mask = _LANE_MASK & cut
        z = (((key + counter * _GAMMA) & _MASK64) * (_ONES & cut) + _GAMMA * (_STEPS & cut)) & mask
        z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
        z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
        z ^= z >> 31  # what it brings down from the next lane lies above each word: not read
        words += struct.unpack(f"<{2 * lanes}Q", z.to_bytes(16 * lanes, "little"))[::2]
        counter += lanes
        count -= lanes
    return words


class DiceSpec(tuple):
    """A parsed dice expression: ``(count, sides, exploding, modifier)``."""

    __slots__ = ()

    @property
    def count(self) -> int:  # type: ignore[override]  # the dice count, not tuple.count
        return self[0]

    @property
    def sides(self) -> int:
        return self[1]

    @property
    def exploding(self) -> bool:
        return self[2]

    @property
    def modifier(self) -> int:
        return self[3]


def parse_dice(notation: str) -> DiceSpec:
    """Parse ``"2d6"``, ``"d10"``, ``"1d6!"`` (exploding), ``"3d6+1"``.

    An exploding die is rolled again and added while it shows its highest face.
    """
    m = _DICE_RE.match(notation)
    if not m:
        raise OptionError(f"not a dice expression: {notation!r} (expected e.g. '2d6', 'd10', '1d6!')")
    count = int(m.group(1)) if m.group(1) else 1
    sides = int(m.group(2))
    if count < 1 or sides < 2:
        raise OptionError(f"dice expression {notation!r} needs at least one die of two or more sides")
    modifier = int(m.group(4).replace(" ", "")) if m.group(4) else 0
    return DiceSpec((count, sides, bool(m.group(3)), modifier))


class Rng:
    """Seeded, counter-based random generator; part of every game state.

    ``counter`` counts the 64-bit words drawn so far. The engine compares it before and
    after an action to learn whether chance was involved (which ends the undo window).
    """

    __slots__ = ("key", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(f"seed must be an integer, not {seed!r}")
        self.key = _mix64((seed * _GAMMA) & _MASK64) if seed >= 0 else _mix64((-seed * _GAMMA + 1) & _MASK64)
        self.counter = counter

    @classmethod
    def from_state(cls, key: int, counter: int) -> "Rng":
        """Rebuild a generator from :meth:`state` (used by save files and clones)."""
        rng = cls.__new__(cls)
        rng.key = key
        rng.counter = counter
        return rng

    def state(self) -> tuple[int, int]:
        return (self.key, self.counter)

    def clone(self) -> "Rng":
        return Rng.from_state(self.key, self.counter)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.key == other.key and self.counter == other.counter

    def __repr__(self) -> str:
        return f"Rng(key={self.key:#x}, counter={self.counter})"

    # --- raw draws -------------------------------------------------------------------------

    def next64(self) -> int:
        """The next 64-bit word."""
        self.counter += 1
        return _mix64((self.key + self.counter * _GAMMA) & _MASK64)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        limit = _TWO64 - (_TWO64 % n)
        key = self.key
        while True:  # next64 and _mix64 written out: this is the hottest call of random play
            self.counter += 1
            z = (key + self.counter * _GAMMA) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both ends included)."""
        return low + self.below(high - low + 1)

    # --- dice ------------------------------------------------------------------------------

    def die(self, sides: int = 6) -> int:
        """One die of ``sides`` faces, 1..sides."""
        return 1 + self.below(sides)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        """Several dice, each kept (for rules that look at single dice, e.g. 'all even')."""
        return [1 + self.below(sides) for _ in range(count)]

    def exploding(self, sides: int = 6) -> int:
        """One exploding die: roll again and add while the top face shows."""
        total = 0
        while True:
            face = 1 + self.below(sides)
            total += face
            if face != sides:
                return total

    def roll(self, notation: str) -> int:
        """Total of a dice expression such as ``"2d6"``, ``"1d10"``, ``"1d6!"``, ``"2d6+1"``."""
        count, sides, exploding, modifier = parse_dice(notation)
        if exploding:
            return sum(self.exploding(sides) for _ in range(count)) + modifier
        return sum(1 + self.below(sides) for _ in range(count)) + modifier

    # --- sequences ---------------------------------------------------------------------------

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence (sort sets before calling: order decides)."""
        if not seq:
            raise ValueError("choice() from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates): for ``i`` from the last index down to 1, swap
        item ``i`` with item ``below(i + 1)``.

        The words are mixed all at once (:func:`_words`) and reduced here, one method call
        less per item and no 64-bit arithmetic in the loop: a game that reshuffles a deck each
        time a card leaves it (Warrior Knights' Mercenary deck) spends more here than in any
        other draw. ``below`` would redraw a word that falls in the top ``2**64 % n`` values;
        a word that might (a chance of about ``n / 2**64``) hands the rest of the shuffle to
        the plain loop over :meth:`below`, which redraws it. A test checks this against the
        plain loop, rejections included."""
        n = len(items)
        if n < 2:
            return
        safe = _TWO64 - n  # below this no bound up to n rejects a word
        counter = self.counter
        i = n - 1
        for x in _words(self.key, counter, n - 1):
            if x >= safe:
                self.counter = counter + (n - 1 - i)
                self._shuffle_plainly(items, i)
                return
            j = x % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.counter = counter + n - 1

    def _shuffle_plainly(self, items: MutableSequence[T], last: int) -> None:
        """Fisher-Yates over :meth:`below` for indices ``last`` down to 1."""
        for i in range(last, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements in random order."""
        if not 0 <= k <= len(seq):
            raise ValueError(f"cannot sample {k} from {len(seq)} items")
        pool = list(seq)
        out = []
        for _ in range(k):
            out.append(pool.pop(self.below(len(pool))))
        return out
