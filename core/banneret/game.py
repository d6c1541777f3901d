"""What a game plugin provides: its declared facts (:class:`GameInfo`) and its rules
(a subclass of :class:`Game`).

A game is a deterministic state machine. The engine owns the generic parts of the state
(the generator, the log, the record of actions, the flow stack); the plugin owns
``state.data``, its own attrs class or plain object with a cheap ``clone()``.

Most games declare their sequence of play with :mod:`banneret.flow` and only implement
:meth:`Game.setup`, :meth:`Game.outcome`, :meth:`Game.view` and :meth:`Game.render`;
the flow answers who decides, offers actions and applies them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

import attrs

from banneret.errors import OptionError
from banneret.names import pick
from banneret.types import Action, GAME_OVER, Outcome, Pending

if TYPE_CHECKING:
    from banneret.flow import Flow
    from banneret.rng import Rng
    from banneret.state import State

__all__ = ["OptionSpec", "Scenario", "GameInfo", "Game"]

_KIND_WORDS = {bool: "yes or no", int: "a whole number", str: "a word"}
"""How an option's kind of value is named to players."""
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@attrs.frozen
class OptionSpec:
    """One game option: a rule reading, a variant switch or a parameter.

    The type of ``default`` (bool, int or str) decides how text from the command line is
    parsed; ``choices`` restricts the accepted values.
    """

    name: str
    default: bool | int | str
    help: str
    choices: tuple[Any, ...] | None = None

    @property
    def shown_default(self) -> str:
        """The default as a player types it (``yes``/``no`` for a switch)."""
        if isinstance(self.default, bool):
            return "yes" if self.default else "no"
        return str(self.default)

    def parse(self, value: Any) -> bool | int | str:
        """Check and convert ``value`` (text from the command line, or a typed value)."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            if kind is bool:
                if text in _TRUE:
                    value = True
                elif text in _FALSE:
                    value = False
                else:
                    raise OptionError(f"option {self.name} takes yes/no, not {value!r}")
            else:
                try:
                    value = int(text)
                except ValueError:
                    raise OptionError(f"option {self.name} takes a whole number, not {value!r}") from None
        if type(value) is not kind:
            raise OptionError(f"option {self.name} takes {_KIND_WORDS[kind]}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            shown = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name} must be one of {shown}, not {value!r}")
        return value


@attrs.frozen
class Scenario:
    """A named starting position (the first scenario of a game is its default)."""

    name: str
    description: str


@attrs.frozen
class GameInfo:
    """The static facts of a game, declared up front so generic tools can check it.

    ``max_decisions`` is the declared bound: any game played to the end by legal actions
    finishes within that many decisions (the test kit checks it). ``max_actions`` is the
    largest number of legal actions one decision can offer a player (the test kit checks it
    at every step; search agents size their tables by it): work it out from the rules and
    give the reasoning in a comment. ``coverage`` is a one-line summary of how much of the
    rulebook is implemented, with the docs page for details.
    """

    id: str
    name: str
    version: str
    description: str
    rules_summary: str
    factions: tuple[str, ...]
    min_players: int
    max_players: int
    scenarios: tuple[Scenario, ...]
    options: tuple[OptionSpec, ...] = ()
    max_decisions: int = 100_000
    max_actions: int = 1_000
    hidden_information: bool = False
    coverage: str = ""

    @property
    def players_text(self) -> str:
        """How many play it, as people read it: ``2`` or ``2-6``."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.id} has no option {name!r} (options: {known})")

    def scenario(self, name: str | None) -> Scenario:
        """The scenario called ``name`` (``None``: the first). A name typed with another case,
        or with ``_`` or ``-`` for its spaces (``open_skirmish``), finds it too when only one
        scenario reads so."""
        if name is None:
            return self.scenarios[0]
        found = pick(name, [sc.name for sc in self.scenarios])
        if found is not None:
            return next(sc for sc in self.scenarios if sc.name == found)
        known = ", ".join(s.name for s in self.scenarios)
        raise OptionError(f"{self.id} has no scenario {name!r} (scenarios: {known})")

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """All options with defaults filled in and every given value checked."""
        out = {o.name: o.default for o in self.options}
        for name, value in (given or {}).items():
            out[name] = self.option(name).parse(value)
        return out


class Game:
    """Base class of a game's rules. Subclasses set ``info`` and, usually, ``flow``.

    Every method receives the engine's :class:`~banneret.state.State`; the game's own data
    is ``state.data``. Methods that change the state get it through the engine, which has
    already checked the action is legal.
    """

    info: ClassVar[GameInfo]
    flow: ClassVar["Flow | None"] = None
    commands: ClassVar[Mapping[str, str]] = {}
    """Game-specific terminal commands, by name, each with its help line (``"sight A B  does
    hex A see hex B"``); :meth:`command` answers them. The terminal's own commands win a clash."""

    def __init__(self) -> None:
        # A game that leaves pending / legal_actions / apply to its declared flow has the
        # engine call the flow's own methods, one Python call fewer on every step.
        flow = type(self).flow
        if flow is not None:
            cls = type(self)
            if cls.pending is Game.pending:
                self.pending = flow.pending  # type: ignore[method-assign]
            if cls.legal_actions is Game.legal_actions:
                self.legal_actions = flow.actions  # type: ignore[method-assign]
            if cls.apply is Game.apply:
                self.apply = flow.act  # type: ignore[method-assign]

    # --- set-up ------------------------------------------------------------------------

    def factions(self, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The factions in play for ``players`` players (default: the first ``players``)."""
        return self.info.factions[:players]

    def setup(self, state: "State") -> Any:
        """Create the game's own data; ``state`` already has rng, factions, options, rules."""
        raise NotImplementedError

    def rule_parameters(self) -> dict[str, Any]:
        """Named numbers of the rules that house-rule variants may change (see hookspecs)."""
        return {}

    # --- decisions (defaults delegate to the declared flow) -------------------------------

    def pending(self, state: "State") -> Pending:
        if self.flow is None:
            raise NotImplementedError(f"{self.info.id} declares no flow and does not override pending()")
        return self.flow.pending(state)

    def legal_actions(self, state: "State", player: str) -> Sequence[Action]:
        assert self.flow is not None
        return self.flow.actions(state, player)

    def apply(self, state: "State", action: Action) -> None:
        assert self.flow is not None
        self.flow.act(state, action)

    def start(self, state: "State") -> None:
        """Run the game to its first decision (called once after :meth:`setup`)."""
        if self.flow is not None:
            self.flow.begin(state)

    # --- actions outside the sequence of play ----------------------------------------------

    def free_actions(self, state: "State", player: str) -> Sequence[Action]:
        """What the rules let ``player`` do at any moment beside the decision at hand, whoever
        is deciding (Warrior Knights: hand crowns to another baron, 15.2). Default: nothing.

        Such an action changes ``state.data`` only (:meth:`apply_free`), never whose decision
        it is; the engine then reopens the waiting decision (:meth:`reopen`), so its options are
        worked out again. Offer only actions that leave that decision at least one option."""
        return ()

    def apply_free(self, state: "State", action: Action) -> None:
        """Carry out one of :meth:`free_actions` (the engine has checked it is offered)."""
        raise NotImplementedError(f"{self.info.id} offers no action outside the sequence of play")

    def reopen(self, state: "State") -> None:
        """Work out again what the waiting decision offers, after :meth:`apply_free` (a game
        with a declared flow: :meth:`banneret.flow.Flow.reopen`)."""
        if self.flow is not None:
            self.flow.reopen(state)

    # --- reading the state --------------------------------------------------------------

    def outcome(self, state: "State") -> Outcome | None:
        """The result once the game is over, else ``None``. Default: the outcome given to
        :func:`banneret.flow.end_game`; a game that can also end by running out its flow
        overrides this and returns ``state.ended`` first when it is set."""
        return state.ended

    def eliminated(self, state: "State") -> tuple[str, ...]:
        """The factions out of the game (player elimination), in the order they went out.
        No decision may go to them again, and the outcome ranks them below every faction
        still in (:func:`banneret.types.eliminated_last`); the test kit checks both.
        Default: nobody is ever out."""
        return ()

    def turn(self, state: "State") -> int:
        """The current game turn, counted from the scenario's first; once the game is over, the
        turns played (used by caps such as ``simulate --max-turns`` and its mean turns)."""
        return 0

    def view(self, state: "State", player: str | None) -> dict[str, Any]:
        """What ``player`` may know, as JSON-ready data (``None``: everything)."""
        raise NotImplementedError

    def render(self, state: "State", player: str | None) -> str:
        """A text picture of the board for the terminal, from ``player``'s viewpoint."""
        return repr(self.view(state, player))

    def command(self, state: "State", player: str, name: str, argument: str) -> str:
        """The answer to the terminal command ``name`` (one of :attr:`commands`) typed by
        ``player`` with ``argument`` (the rest of the line): a question about the position,
        answered from what ``player`` may know. It must not change ``state``."""
        raise NotImplementedError(f"{self.info.id} has no command {name!r}")

    def invariants(self, state: "State") -> list[str]:
        """Broken invariants, each as one sentence (empty when all hold)."""
        return []

    def snapshot(self, state: "State") -> Any:
        """Canonical data for the state hash; default: the generic encoding of ``data``."""
        from banneret.canonical import canonical

        return canonical(state.data)

    def resample_hidden(self, state: "State", player: str, rng: "Rng") -> "State | None":
        """A copy of ``state`` in which facts hidden from ``player`` are redrawn with ``rng``,
        consistently with what ``player`` knows; ``None`` if the game hides nothing.
        The test kit checks that ``player``'s view does not change."""
        return None

    def clone_data(self, data: Any) -> Any:
        """A copy of ``data`` sharing nothing mutable (default: ``data.clone()``)."""
        return data.clone()

    # convenience for flows and agents
    def is_over(self, state: "State") -> bool:
        return self.pending(state) == GAME_OVER

    def sequence_of_play(self) -> Sequence[str]:
        """The declared sequence of play, one line per procedure (for docs and ``info``)."""
        return self.flow.describe() if self.flow is not None else ()
