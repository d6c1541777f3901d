"""The exceptions Banneret raises, all under one root so a caller can catch exactly what it means.

Every error is a ``ValueError`` too (bad input), except :class:`PluginError`, which reports a
broken game package.
"""

from __future__ import annotations

import re

__all__ = [
    "shorten_quoted",
    "BanneretError",
    "UnknownGameError",
    "OptionError",
    "SeatError",
    "ActionError",
    "IllegalActionError",
    "NotYourTurnError",
    "MalformedActionError",
    "GameOverError",
    "UndoError",
    "SaveError",
    "PluginError",
    "DataError",
]


_LONG_QUOTED = re.compile(r"'([^']{80,})'|\"([^\"]{80,})\"")


def shorten_quoted(text: str, keep: int = 40) -> str:
    """``text`` with each quoted value of 80 characters or more cut to its first ``keep``
    characters and its length, so an error echoing a pasted value stays one readable line."""
    def cut(match: re.Match[str]) -> str:
        value = match.group(1) if match.group(1) is not None else match.group(2)
        quote = match.group(0)[0]
        return f"{quote}{value[:keep]}...{quote} ({len(value)} characters)"
    return _LONG_QUOTED.sub(cut, text)


class BanneretError(Exception):
    """Root of every error Banneret raises on purpose."""


class UnknownGameError(BanneretError, ValueError):
    """No installed plugin provides the requested game id or scenario."""


class OptionError(BanneretError, ValueError):
    """An option name, option value, scenario or player count is not accepted by the game."""


class SeatError(BanneretError, ValueError):
    """A seat names an unknown faction or an unknown kind of agent."""


class ActionError(BanneretError, ValueError):
    """An action was refused; the state is unchanged."""


class IllegalActionError(ActionError):
    """The action is well formed but not among the legal actions now."""


class NotYourTurnError(ActionError):
    """The player named is not one of those who must decide now."""


class MalformedActionError(ActionError):
    """The object offered is not an action at all (wrong type or fields)."""


class GameOverError(ActionError):
    """The game has ended; no more actions are accepted."""


class UndoError(BanneretError, ValueError):
    """Nothing can be undone here (a die roll, a reveal or another player's choice intervened)."""


class SaveError(BanneretError, ValueError):
    """A save file is unreadable, foreign, from a newer format, or does not replay."""


class DataError(BanneretError, ValueError):
    """A plugin's data file does not validate."""


class PluginError(BanneretError):
    """A game plugin failed to import, register or declare itself correctly."""
