"""Computer players. An agent picks one of the legal actions its seat is offered.

An agent is handed a :class:`Seat`: what that seat may know when it must decide (its view
of the game, its legal actions) and a way to draw full states consistent with that view,
never the true state itself. Agents draw from their own generators, never the game's: the
game's record must replay from seed and actions alone, whoever chose them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from banneret import engine
from banneret.errors import SeatError
from banneret.names import pick

if TYPE_CHECKING:
    from banneret.game import Game
    from banneret.hookspecs import AgentFactory
    from banneret.rng import Rng
    from banneret.state import State
    from banneret.types import Action, Pending

__all__ = ["Agent", "RandomAgent", "Seat", "AgentKinds", "builtin_agents", "agent_seed"]


class Seat:
    """One seat at the moment it must decide: everything an agent may use.

    * ``player`` and ``actions`` (the legal actions, a tuple, never empty);
    * :attr:`pending`, :attr:`view` (``banneret.view`` from this seat, without the log) and
      :meth:`log` (the log entries this seat may read);
    * :attr:`game`, the rules (printed tables, ``info``), which hold no game in progress;
    * :meth:`sample`, a full :class:`~banneret.state.State` whose facts hidden from this
      seat are redrawn consistently with its view (``Game.resample_hidden``, the same
      redraw the conformance kit's view check uses), for agents that search.

    The seat keeps the true state only to answer these questions; agents must not reach for
    it (the conformance check ``agents`` catches an agent whose choice changes when the
    facts hidden from it are redrawn).
    """

    __slots__ = ("player", "actions", "_state", "_view")

    def __init__(self, state: "State", player: str) -> None:
        self.player = player
        self.actions: tuple["Action", ...] = engine.legal_actions(state, player)
        self._state = state
        self._view: dict[str, Any] | None = None

    @property
    def game(self) -> "Game":
        return self._state.game

    @property
    def pending(self) -> "Pending":
        return engine.pending(self._state)

    @property
    def view(self) -> dict[str, Any]:
        """``banneret.view(state, player, log_tail=0)``: the board as this seat sees it,
        who decides, the turn and the outcome (computed once per seat)."""
        if self._view is None:
            self._view = engine.view(self._state, self.player, log_tail=0)
        return self._view

    def log(self, tail: int | None = None) -> list[str]:
        """The texts of the last ``tail`` log entries (all with ``None``) this seat may read."""
        return engine.log_for(self._state, self.player, tail)

    def sample(self, rng: "Rng") -> "State":
        """A state this seat cannot tell from the true one: a copy whose facts hidden from
        the seat are redrawn with ``rng`` (a plain copy when the game hides nothing).
        Changing it changes nothing else."""
        state = self._state
        redrawn = state.game.resample_hidden(state, self.player, rng)
        return redrawn if redrawn is not None else state.clone()

    def __repr__(self) -> str:
        return f"<Seat {self.player} of {self._state.game_id}, {len(self.actions)} actions>"


class Agent(Protocol):
    def choose(self, seat: Seat) -> "Action":
        """Pick one of ``seat.actions`` (never empty)."""
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

    def choose(self, seat: Seat) -> "Action":
        actions = seat.actions
        # a 53-bit float scaled to the list: each choice is off uniform by at most n / 2**53
        return actions[int(self._random() * len(actions))]


def _random_factory(game_id: str, faction: str, seed: int) -> RandomAgent:
    return RandomAgent(seed)


def builtin_agents() -> dict[str, AgentFactory]:
    """Agents every game has: ``random`` and the search agent ``ismcts``."""
    from banneret.ismcts import IsmctsFactory

    return {"ismcts": IsmctsFactory(), "random": _random_factory}


class AgentKinds(dict):  # type: ignore[type-arg]  # dict[str, AgentFactory]
    """The agents of a game by name, which also answers a seat written ``NAME:PARAMS``
    (``ismcts:iterations=400,c=0.5``) for an agent whose factory has a ``configured(PARAMS)``
    method: ``kind in kinds`` and ``kinds[kind]`` work for such seats everywhere a seat kind
    is looked up, and a malformed ``PARAMS`` raises the factory's
    :class:`~banneret.errors.SeatError` naming the parameters it takes. Iterating lists
    the plain names only."""

    def __missing__(self, kind: str) -> AgentFactory:
        name, sep, params = kind.partition(":") if isinstance(kind, str) else ("", "", "")
        configure = getattr(dict.get(self, name), "configured", None)
        if sep and dict.__contains__(self, name) and configure is None:
            raise SeatError(f"{name} takes no parameters, not {params!r} (write {name} alone)")
        if not sep or configure is None:
            raise KeyError(kind)
        factory: AgentFactory = configure(params)
        return factory

    def named(self, kind: str) -> str:
        """``kind`` with its agent's name as the game offers it (``Heuristic`` ->
        ``heuristic``, ``ISMCTS:iterations=50`` -> ``ismcts:iterations=50``: see
        :func:`~banneret.names.pick`; nothing after the colon is no parameters); a name no
        agent reads as is returned unchanged, for the lookup to refuse with the list of agents."""
        name, _, params = kind.partition(":")
        found = pick(name.strip(), list(self))
        if found is None:
            return kind
        return f"{found}:{params}" if params.strip() else found  # "ismcts:" is ismcts

    def __contains__(self, kind: object) -> bool:
        if dict.__contains__(self, kind):
            return True
        try:
            self[kind]
        except KeyError:
            return False
        return True


def agent_seed(game_seed: int, faction: str, salt: int = 0) -> int:
    """A seed for a faction's agent, derived from the game seed without Python's ``hash``
    (which changes with ``PYTHONHASHSEED``)."""
    value = game_seed * 1_000_003 + salt
    for ch in faction:
        value = (value * 131 + ord(ch)) % (1 << 61)
    return value
