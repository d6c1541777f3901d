"""Names as people type them: a game id, a faction, an agent, an option or its value, a
variant or a scenario may be given in any case, with ``_`` or ``-`` for a space, as long as
that reads as one name only.

:func:`pick` is the one place where a typed name is matched to the names on offer; every
command, the launcher, the web API, the engine's set-up and
:meth:`banneret.game.GameInfo.scenario` ask it.
"""

from __future__ import annotations

from typing import Iterable, TypeVar

__all__ = ["loose", "pick"]

Name = TypeVar("Name")


def loose(name: str) -> str:
    """A name as a person might type it: any case, ``_`` or ``-`` for a space."""
    return " ".join(name.casefold().replace("_", " ").replace("-", " ").split())


def pick(typed: str, names: Iterable[Name]) -> Name | None:
    """The one of ``names`` called ``typed``: itself if it is there, else the only one that
    reads the same loosely (:func:`loose`); ``None`` when no name or several do. Names that
    are not text (an option's number choices) match themselves only."""
    offered = list(names)
    if typed in offered:
        return typed  # type: ignore[return-value]
    if not isinstance(typed, str):
        return None
    found = [n for n in offered if isinstance(n, str) and loose(n) == loose(typed)]
    return found[0] if len(found) == 1 else None
