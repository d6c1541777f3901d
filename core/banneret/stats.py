"""Play statistics, gathered by an observer plugin.

:class:`GameStats` implements the observer hooks of :mod:`banneret.hookspecs`; register an
instance on a registry and every game started from that registry reports to it::

    from banneret import default_registry
    from banneret.stats import GameStats

    registry = default_registry()
    stats = GameStats()
    registry.register(stats)
    ...  # play games with new_game(..., registry=registry)
    print(stats.as_dict())

``banneret simulate`` uses it for its figures. It only reads what the hooks hand it and
never changes a state. Counts from several processes are combined with :meth:`merge`.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

from banneret.hookspecs import StepContext, hookimpl
from banneret.types import ENDED_BY_CAP

if TYPE_CHECKING:
    from banneret.state import State
    from banneret.types import Outcome

__all__ = ["GameStats", "wilson_interval"]

NO_KIND = "-"
"""Counted for actions whose plugin gave no ``kind``."""


class GameStats:
    """Counts games, decisions, actions and events by kind, and results.

    * ``games_started`` / ``games_ended``: games set up, and games that reached an outcome
      by their rules (a game cut off by a cap or an error started but did not end);
    * ``decisions``: actions applied, in total and by faction;
    * ``actions_by_kind`` / ``events_by_kind``: how often each kind occurred (setup events
      count too, so ``events_by_kind`` covers whole logs);
    * ``wins`` (faction -> games won), ``draws`` (outcomes of the rules without winners),
      ``cut_off`` (outcomes of a limit of the game's own, such as a turn limit option: not
      draws, see ``Outcome.ended_by``) and ``end_reasons`` (the outcome's reason -> games).
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Forget everything counted so far."""
        self.games_started = 0
        self.games_ended = 0
        self.decisions = 0
        self.draws = 0
        self.cut_off = 0
        self.decisions_by_faction: Counter[str] = Counter()
        self.actions_by_kind: Counter[str] = Counter()
        self.events_by_kind: Counter[str] = Counter()
        self.wins: Counter[str] = Counter()
        self.end_reasons: Counter[str] = Counter()

    # --- the observer hooks -----------------------------------------------------------------

    @hookimpl
    def banneret_game_started(self, state: "State") -> None:
        self.games_started += 1
        for event in state.log:
            self.events_by_kind[event.kind] += 1

    @hookimpl
    def banneret_action_applied(self, context: StepContext) -> None:
        action = context.action
        self.decisions += 1
        self.decisions_by_faction[action.player] += 1
        self.actions_by_kind[action.kind or NO_KIND] += 1
        for event in context.events:
            self.events_by_kind[event.kind] += 1

    @hookimpl
    def banneret_game_ended(self, state: "State", outcome: "Outcome") -> None:
        self.games_ended += 1
        if outcome.winners:
            for faction in outcome.winners:
                self.wins[faction] += 1
        elif outcome.ended_by == ENDED_BY_CAP:
            self.cut_off += 1
        else:
            self.draws += 1
        self.end_reasons[outcome.reason] += 1

    # --- reading and combining ----------------------------------------------------------------

    _COUNTERS = ("decisions_by_faction", "actions_by_kind", "events_by_kind", "wins", "end_reasons")
    _TOTALS = ("games_started", "games_ended", "decisions", "draws", "cut_off")

    def as_dict(self) -> dict[str, Any]:
        """Everything counted, as JSON-ready data with sorted keys."""
        out: dict[str, Any] = {name: getattr(self, name) for name in self._TOTALS}
        for name in self._COUNTERS:
            out[name] = dict(sorted(getattr(self, name).items()))
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "GameStats":
        """The inverse of :meth:`as_dict` (how worker processes hand their counts back)."""
        stats = cls()
        for name in cls._TOTALS:
            setattr(stats, name, int(data[name]))
        for name in cls._COUNTERS:
            setattr(stats, name, Counter(data[name]))
        return stats

    def merge(self, other: "GameStats") -> None:
        """Add ``other``'s counts to these."""
        for name in self._TOTALS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in self._COUNTERS:
            getattr(self, name).update(getattr(other, name))

    def __repr__(self) -> str:
        return f"<GameStats games={self.games_started} decisions={self.decisions}>"


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % for the default ``z``): sound near 0
    and 1 and for few games, unlike p ± 2σ. ``wins`` may count draws as halves."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))
