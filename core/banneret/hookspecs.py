"""The plugin seam: every hook a Banneret plugin may implement.

Implement hooks with ``banneret.hookimpl`` in a module (or object) registered through the
``banneret.games`` entry-point group (games) or ``banneret.plugins`` (observers, house
rules, agents)::

    from banneret import hookimpl

    @hookimpl
    def banneret_games():
        return [MyGame]

Hooks take one context argument where they may grow, so adding a field never breaks a
plugin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

import attrs
import pluggy

if TYPE_CHECKING:
    from banneret.boards.drawing import BoardContext, BoardDrawing
    from banneret.game import Game
    from banneret.state import State
    from banneret.types import Action, Event, Outcome

__all__ = ["hookspec", "hookimpl", "PROJECT", "Variant", "StepContext", "AgentFactory"]

PROJECT = "banneret"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

AgentFactory = Callable[[str, str, int], Any]
"""``factory(game_id, faction, seed) -> agent``: an object with ``choose(seat)`` that
returns one of ``seat.actions`` (see :class:`banneret.agents.Seat`: the agent sees what its
seat may know, never the true state)."""


@attrs.frozen
class Variant:
    """A house rule: a named change to a game's rule parameters, chosen with
    ``--option variant=NAME``. ``adjust`` receives the parameter dict and the resolved
    options, and changes the parameters in place."""

    game: str
    name: str
    description: str
    adjust: Callable[[dict[str, Any], Mapping[str, Any]], None]


@attrs.frozen
class StepContext:
    """What observers learn after each applied action."""

    state: "State"
    action: "Action"
    events: "list[Event]"


# --- discovery ----------------------------------------------------------------------------

@hookspec
def banneret_games() -> "list[type[Game]]":
    """Return the game classes this plugin provides (each a subclass of
    :class:`banneret.Game` with its ``info`` declared)."""


@hookspec
def banneret_agents(game_id: str) -> "dict[str, AgentFactory]":
    """Return computer players for ``game_id`` by name (for example ``{"heuristic": f}``);
    return an empty dict for games this plugin does not know."""


# --- rule adjustment ----------------------------------------------------------------------

@hookspec
def banneret_variants(game_id: str) -> "list[Variant]":
    """Return the house-rule variants this plugin offers for ``game_id`` (may be empty)."""


# --- observers ----------------------------------------------------------------------------

@hookspec
def banneret_game_started(state: "State") -> None:
    """A new game was set up (called once, before the first decision)."""


@hookspec
def banneret_action_applied(context: StepContext) -> None:
    """An action was applied; ``context.events`` are the events it produced.

    Observers must not change the state."""


@hookspec
def banneret_game_ended(state: "State", outcome: "Outcome") -> None:
    """The game reached an outcome by its rules."""


# --- search -------------------------------------------------------------------------------

@hookspec(firstresult=True)
def banneret_evaluate(state: "State") -> "dict[str, float] | None":
    """Estimate each faction's chances in ``state``, a game in progress: ``{faction: value}``
    with values in [0, 1] (1: sure to win). Search agents (``ismcts:depth=N``) score a
    rollout cut off early with it. ``state`` may be a search's sample, so the whole state may
    be read. Return ``None`` for games this plugin does not know; a game without an
    estimate has every cut-off rollout scored the same for all factions."""


# --- the web board ------------------------------------------------------------------------

@hookspec(firstresult=True)
def banneret_board(context: "BoardContext") -> "BoardDrawing | None":
    """Draw ``context.game_id``'s board as SVG from ``context.view`` (a seat's view), with
    the board things to click for each of ``context.actions`` (see
    :mod:`banneret.boards.drawing`). Return ``None`` for games this plugin does not know;
    a game without a board is shown in the browser as its terminal picture."""
