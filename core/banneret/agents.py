"""Computer players. An agent picks one of the legal actions it is offered.

Agents draw from their own generator, never the game's: the game's record must replay
from seed and actions alone, whoever chose them. Agents in games with hidden information
must judge from ``banneret.view(state, player)``, as a person would.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, Sequence

if TYPE_CHECKING:
    from banneret.state import State
    from banneret.types import Action

__all__ = ["Agent", "RandomAgent", "builtin_agents", "agent_seed"]


class Agent(Protocol):
    def choose(self, state: "State", player: str, actions: Sequence["Action"]) -> "Action":
        """Pick one of ``actions`` (never empty) for ``player``."""
        ...


class RandomAgent:
    """Uniformly random legal play: the baseline and the engine of property tests.

    It draws from the standard library's Mersenne Twister: an agent's choices need only be
    reproducible from its seed (they are, in every process and Python 3 version), not
    counter-based like the game's :class:`~banneret.rng.Rng`, and the C generator makes the
    choice a small part of a random playout instead of a twentieth of it."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random  # C all the way (``choice`` runs two Python frames)

    def choose(self, state: "State", player: str, actions: Sequence["Action"]) -> "Action":
        # a 53-bit float scaled to the list: each choice is off uniform by at most n / 2**53
        return actions[int(self._random() * len(actions))]


def _random_factory(game_id: str, faction: str, seed: int) -> RandomAgent:
    return RandomAgent(seed)


def builtin_agents() -> dict[str, object]:
    """Agents every game has."""
    return {"random": _random_factory}


def agent_seed(game_seed: int, faction: str, salt: int = 0) -> int:
    """A seed for a faction's agent, derived from the game seed without Python's ``hash``
    (which changes with ``PYTHONHASHSEED``)."""
    value = game_seed * 1_000_003 + salt
    for ch in faction:
        value = (value * 131 + ord(ch)) % (1 << 61)
    return value
