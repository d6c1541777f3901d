"""The small value types every client and plugin shares: actions, pending decisions, events,
outcomes.

They are tuples and slotted classes on purpose: a random playout creates millions of them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Action", "Pending", "Event", "Outcome", "GAME_OVER"]


class Action(NamedTuple):
    """One atomic choice a player may make now.

    ``label`` is unique among the actions offered to ``player`` at this point, human-readable
    and stable: a save file records actions by their labels. ``kind`` lets a plugin dispatch
    without parsing the label; ``args`` carries the plugin's own (hashable) payload.
    """

    player: str
    label: str
    kind: str = ""
    args: Any = ()

    def __str__(self) -> str:
        return self.label


class Pending(NamedTuple):
    """Who must decide now and what kind of decision it is.

    Several players at once means a simultaneous (usually secret) choice: each applies one
    action in any order, and the game resolves when all have chosen. No players means the
    game is over.
    """

    players: tuple[str, ...]
    kind: str
    prompt: str = ""


GAME_OVER = Pending((), "game-over", "The game is over.")


class Event(NamedTuple):
    """One entry of the game log.

    ``only`` names the players allowed to read ``text`` (``None``: everyone). The others read
    ``public`` instead, or nothing when it is ``None``. ``reveal`` marks the moment hidden
    information became known, which also closes the undo window.
    """

    kind: str
    text: str
    only: tuple[str, ...] | None = None
    public: str | None = None
    reveal: bool = False

    def text_for(self, player: str | None) -> str | None:
        """What ``player`` may read of this event (``None`` as player: the omniscient log)."""
        if self.only is None or player is None or player in self.only:
            return self.text
        return self.public


class Outcome(NamedTuple):
    """How a game ended: the winners (empty for a draw) and why."""

    winners: tuple[str, ...]
    reason: str
