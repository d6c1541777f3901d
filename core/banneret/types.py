"""The small value types every client and plugin shares: actions, pending decisions, events,
outcomes.

They are tuples and slotted classes on purpose: a random playout creates millions of them.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

__all__ = [
    "Action", "Pending", "Event", "Outcome", "Standing", "GAME_OVER", "ENDED_BY_RULES", "ENDED_BY_CAP",
    "eliminated_last",
]


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


ENDED_BY_RULES = "rules"
"""``Outcome.ended_by``: the game's victory rules decided it (a win, or a draw by the rules)."""
ENDED_BY_CAP = "cap"
"""``Outcome.ended_by``: a limit cut the game off (a turn limit option), not its victory rules."""


class Standing(NamedTuple):
    """One faction's place in a finished game.

    ``rank`` is 1 for the best; factions the game cannot tell apart share a rank. ``score``
    is the game's own count behind the ranking (``Outcome.score_name`` says what it counts),
    ``None`` when the game has none.
    """

    faction: str
    rank: int
    score: int | None = None


def eliminated_last(standings: Sequence[Standing], eliminated: Sequence[str],
                    scores: Mapping[str, int | None] | None = None) -> tuple[Standing, ...]:
    """The standings of the factions still in the game (ranked by the game), followed by the
    ``eliminated`` factions (in the order they went out) below them all: the last out ranks
    best among them, each on a rank of its own (its place in the list). ``scores`` gives
    their scores, if any."""
    below = len(standings) + 1
    out = [Standing(f, below + k, None if scores is None else scores.get(f)) for k, f in enumerate(reversed(eliminated))]
    return (*standings, *out)


class Outcome(NamedTuple):
    """How a game ended: the winners (empty for a draw or a game cut off) and why.

    ``standings`` gives every faction's rank and score (in rank order), so clients need not
    parse ``reason``; ``score_name`` says what the score counts. ``ended_by`` tells a game
    its rules decided (:data:`ENDED_BY_RULES`) from one a limit cut off
    (:data:`ENDED_BY_CAP`), so a draw is not mistaken for a cap. ``Outcome(winners, reason)``
    still works: a plugin that gives no standings leaves them empty.
    """

    winners: tuple[str, ...]
    reason: str
    standings: tuple[Standing, ...] = ()
    score_name: str = ""
    ended_by: str = ENDED_BY_RULES

    def standing(self, faction: str) -> Standing | None:
        """``faction``'s standing, ``None`` if the game gave none."""
        for s in self.standings:
            if s.faction == faction:
                return s
        return None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready data, as :func:`banneret.view` shows it."""
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "ended_by": self.ended_by,
            "score_name": self.score_name,
            "standings": [{"faction": s.faction, "rank": s.rank, "score": s.score} for s in self.standings],
        }

