"""The engine's game state: the generic parts every game shares, plus the plugin's ``data``.

Only the engine and the plugin touch a :class:`State` directly; clients go through
:mod:`banneret.engine` and read :func:`banneret.engine.view`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from banneret.rng import Rng
from banneret.types import Action, Event, Outcome

if TYPE_CHECKING:
    from banneret.flow import Frame
    from banneret.game import Game

__all__ = ["State"]

_new_tuple = tuple.__new__


class State:
    """A game in progress.

    ``record`` is the canonical history (player, action label) from which the state can be
    rebuilt by replay; ``log`` is the list of events, each with its own redaction.
    """

    __slots__ = (
        "game", "game_id", "seed", "scenario", "options", "rules", "factions", "seats",
        "rng", "data", "log", "record", "step", "stack", "flow_result", "ended", "outer", "secret_to",
        "_legal_step", "_legal", "_pending", "observers", "registry",
    )

    def __init__(
        self,
        game: "Game",
        seed: int,
        scenario: str,
        options: dict[str, Any],
        rules: Mapping[str, Any],
        factions: tuple[str, ...],
    ) -> None:
        self.game = game
        self.game_id: str = game.info.id
        self.seed = seed
        self.scenario = scenario
        self.options = options
        self.rules = rules
        self.factions = factions
        self.seats: dict[str, str] = {f: "human" for f in factions}
        self.rng = Rng(seed)
        self.data: Any = None
        self.log: list[Event] = []
        self.record: list[tuple[str, str]] = []
        self.step = 0
        self.stack: list["Frame"] = []
        self.flow_result: tuple[Any, ...] | None = None
        self.ended: Outcome | None = None  # set by flow.end_game: the game ended now
        self.outer: list["Frame"] | None = None  # the main stack while a Parallel branch runs
        self.secret_to: str | None = None  # the player whose secret branch runs: events are theirs
        self._legal_step = -1
        self._legal: dict[str, tuple[Action, ...]] = {}
        self._pending: Any = None
        self.observers: Any = None
        self.registry: Any = None

    # --- writing the log ----------------------------------------------------------------

    def emit(
        self,
        text: str,
        kind: str = "info",
        *,
        only: tuple[str, ...] | None = None,
        public: str | None = None,
        reveal: bool = False,
    ) -> None:
        """Append an event; ``only``/``public`` give its per-player redaction. Inside a secret
        branch (see :class:`banneret.flow.Parallel`) events are its player's alone."""
        if self.secret_to is not None and only is None:
            only = (self.secret_to,)
        self.log.append(_new_tuple(Event, (kind, text, only, public, reveal)))  # Event(...) minus a call

    # --- copying ------------------------------------------------------------------------

    def clone(self) -> "State":
        """An independent copy (for search and undo); costs a copy of data, log and record.

        The copy notifies no observers. ``rules``, ``options`` and ``seats`` are shared:
        they are fixed once the game is set up."""
        new = State.__new__(State)
        new.game = self.game
        new.game_id = self.game_id
        new.seed = self.seed
        new.scenario = self.scenario
        new.options = self.options
        new.rules = self.rules
        new.factions = self.factions
        new.seats = self.seats
        new.rng = Rng.from_state(self.rng.key, self.rng.counter)
        new.data = self.game.clone_data(self.data)
        new.log = self.log.copy()
        new.record = self.record.copy()
        new.step = self.step
        new.stack = [f.copy() for f in self.stack]
        new.flow_result = self.flow_result
        new.ended = self.ended
        new.outer = None
        new.secret_to = None
        new._legal_step = -1
        new._legal = {}
        new._pending = None
        new.observers = None  # observers watch the game itself, not searches on copies
        new.registry = self.registry
        return new

    def __repr__(self) -> str:
        return f"<State {self.game_id} seed={self.seed} step={self.step}>"
