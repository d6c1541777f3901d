"""The neutral action cards (8), carried out by the Chairman: Important Event (8.1) and the
events it draws (8.2), Fund Expeditions (8.3), Upgrade Defences (8.4), Muster Troops (8.5),
Uncertain Times (8.6).

Not built yet except Uncertain Times: the others are revealed and allocated without effect.
"""

from __future__ import annotations

from banneret.flow import Frame, Procedure, end
from banneret.state import State
from banneret_warrior_knights.state import WKData, tables

__all__ = ["ImportantEvent", "FundExpeditions", "UpgradeDefences", "MusterTroops", "UncertainTimes", "PROCEDURES"]


class _NotBuilt(Procedure):
    def start(self, state: State, frame: Frame) -> None:
        state.emit(f"{tables().card_titles[self.title]}: not built yet, no effect", "card")
        end(state)

    title = ""


class ImportantEvent(_NotBuilt):
    """The Head of the Church decides who draws the top Event card (8.1)."""

    rule = "8.1"
    title = "important_event"


class FundExpeditions(_NotBuilt):
    """Launch, fund, bless, advance and resolve the expeditions (8.3)."""

    rule = "8.3"
    title = "fund_expeditions"


class UpgradeDefences(_NotBuilt):
    """Each baron may repair or fortify one city, or repair his stronghold (8.4)."""

    rule = "8.4"
    title = "upgrade_defences"


class MusterTroops(_NotBuilt):
    """Each baron may heal one army at 2 crowns a casualty marker (8.5)."""

    rule = "8.5"
    title = "muster_troops"


class UncertainTimes(Procedure):
    """Shuffle the Fate deck (8.6)."""

    rule = "8.6"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        state.rng.shuffle(data.fate.draw_pile)
        state.emit("uncertain times: the Fate deck is shuffled", "card")
        end(state)


PROCEDURES: tuple[type[Procedure], ...] = ()
"""The procedures of this module that are reached only by ``call``, besides the cards."""
