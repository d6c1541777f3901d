"""Shared helpers for the hex_kingdoms tests: a generator with scripted dice."""

from __future__ import annotations

from banneret.rng import Rng


class ScriptedRng(Rng):
    """An :class:`Rng` whose ``roll``/``die``/``choice`` answers come from scripts first.

    ``rolls`` feeds :meth:`roll` and :meth:`die` in order; ``choices`` are indices fed to
    :meth:`choice`. When a script runs dry the real seeded stream takes over.
    """

    __slots__ = ("rolls", "choices")

    def __init__(self, seed: int = 0, rolls: list[int] | None = None, choices: list[int] | None = None) -> None:
        super().__init__(seed)
        self.rolls = list(rolls or [])
        self.choices = list(choices or [])

    def roll(self, notation: str) -> int:
        if self.rolls:
            self.counter += 1
            return self.rolls.pop(0)
        return super().roll(notation)

    def die(self, sides: int = 6) -> int:
        if self.rolls:
            self.counter += 1
            return self.rolls.pop(0)
        return super().die(sides)

    def choice(self, seq):  # type: ignore[no-untyped-def]
        if self.choices:
            self.counter += 1
            return seq[self.choices.pop(0)]
        return super().choice(seq)
