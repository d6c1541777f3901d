"""The baron action cards a baron carries out without moving an army (7.1-7.4, 7.6); Mobilize
Forces (7.5) is in :mod:`~banneret_warrior_knights.movement`.

Every baron card is a :class:`~banneret_warrior_knights.card_play.BaronCard`: a choice of its
owner among the card's uses and declining it.
"""

from __future__ import annotations

from typing import Any, Sequence

from banneret.flow import Frame, call, end
from banneret_warrior_knights.card_play import BaronCard
from banneret_warrior_knights.titles import check_chairman, check_head_of_church
from banneret_warrior_knights.standing import agenda_effects
from banneret.state import State
from banneret_warrior_knights.battles import DeclareBattle, has_battle_area
from banneret_warrior_knights.movement import MoveOneNoble, has_movable_noble
from banneret_warrior_knights.state import WKData, tables

__all__ = [
    "LevyTaxes", "DraftSoldiers", "RallySupport", "ServeTheChurch", "VersatileStrategy",
    "levy_taxes_income", "free_track_spaces", "track_cost",
]

# --------------------------------------------------------------------------- 7.1 Levy Taxes


def levy_taxes_income(data: WKData, baron: str) -> int:
    """1 crown per area holding at least one of the baron's nobles (not at sea), plus the
    bonus of an Office held by one of those nobles on the board (7.1)."""
    areas = {data.noble_area[nb] for nb in data.nobles_of(baron)
             if data.noble_area[nb] is not None and nb not in data.at_sea}
    bonus = 0
    for nb in data.nobles_of(baron):
        office = data.office[nb]
        if office is not None and data.noble_area[nb] is not None:
            bonus += sum(e.params["crowns"] for e in agenda_effects(office) if e.kind == "levy_taxes_bonus")
    return len(areas) + bonus


class LevyTaxes(BaronCard):
    """Take 1 crown for each area where you have a noble."""

    rule = "7.1"
    title = "levy_taxes"

    def fixed_uses(self) -> Sequence[Any]:
        return ()  # the label gives the income now

    def use_label(self, state: State, frame: Frame, option: Any) -> str:
        return f"levy taxes: {levy_taxes_income(state.data, frame.vars['baron'])} crowns"

    def use(self, state: State, frame: Frame, option: Any) -> None:
        baron = frame.vars["baron"]
        income = levy_taxes_income(state.data, baron)
        state.data.crowns[baron] += income
        state.emit(f"{baron} levies {income} crowns", "card")
        end(state)


# --------------------------------------------------------------------------- 7.2 Draft Soldiers


def free_track_spaces(data: WKData, last: int) -> tuple[int, ...]:
    """The free spaces of the mercenary track numbered up to ``last`` (0-based indices)."""
    return tuple([k for k, marker in enumerate(data.mercenary_track[:last]) if marker is None])


class DraftSoldiers(BaronCard):
    """Put a baron marker free on any free space of the mercenary track."""

    rule = "7.2"
    title = "draft_soldiers"

    def uses(self, state: State, frame: Frame) -> Sequence[Any]:
        data: WKData = state.data
        return free_track_spaces(data, len(data.barons) + 1)

    def fixed_uses(self) -> Sequence[Any]:
        return tuple(range(len(tables().data.mercenary_track)))

    def fixed_label(self, option: Any) -> str:
        return f"a marker on track space {option + 1}"

    def use(self, state: State, frame: Frame, option: Any) -> None:
        baron = frame.vars["baron"]
        state.data.mercenary_track[option] = baron
        state.emit(f"{baron} puts a marker on track space {option + 1}", "card")
        end(state)


# --------------------------------------------------------------------------- 7.3 and 7.4


class RallySupport(BaronCard):
    """Take 2 votes; with more votes than every other baron you become Chairman."""

    rule = "7.3"
    title = "rally_support"

    def use(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        baron = frame.vars["baron"]
        data.votes[baron] += 2
        state.emit(f"{baron} rallies 2 votes ({data.votes[baron]})", "card")
        if check_chairman(data, baron):
            state.emit(f"{baron} becomes Chairman", "title")
        end(state)


class ServeTheChurch(BaronCard):
    """Take 1 faith; with more faith than every other baron you become Head of the Church."""

    rule = "7.4"
    title = "serve_the_church"

    def use(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        baron = frame.vars["baron"]
        data.faith[baron] += 1
        state.emit(f"{baron} serves the Church: 1 faith ({data.faith[baron]})", "card")
        if check_head_of_church(data, baron):
            state.emit(f"{baron} becomes Head of the Church", "title")
        end(state)


# --------------------------------------------------------------------------- 7.6 Versatile Strategy


def track_cost(space: int) -> int:
    """The printed cost of track space ``space`` (0-based)."""
    return tables().data.mercenary_track[space].cost or 0


class VersatileStrategy(BaronCard):
    """Take 2 crowns, or 1 vote, or move one ready noble, or start a battle, or buy a track
    space numbered up to the number of barons."""

    rule = "7.6"
    title = "versatile_strategy"

    def uses(self, state: State, frame: Frame) -> Sequence[Any]:
        data: WKData = state.data
        baron = frame.vars["baron"]
        uses: list[Any] = ["crowns", "vote"]
        if has_movable_noble(state, baron):
            uses.append("move")
        if has_battle_area(state, baron):
            uses.append("battle")
        uses += [("track", k) for k in free_track_spaces(data, len(data.barons))
                 if track_cost(k) <= data.crowns[baron]]  # a baron who cannot pay cannot choose it
        return tuple(uses)

    def fixed_uses(self) -> Sequence[Any]:
        return ("crowns", "vote", "move", "battle", *(("track", k) for k in range(len(tables().data.mercenary_track))))

    def fixed_label(self, option: Any) -> str:
        if isinstance(option, tuple):
            return f"buy track space {option[1] + 1} for {track_cost(option[1])} crowns"
        return {"crowns": "take 2 crowns", "vote": "take 1 vote (no Chairman check)",
                "move": "move one ready noble", "battle": "start a battle"}[option]

    def use(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        baron = frame.vars["baron"]
        if option == "crowns":
            data.crowns[baron] += 2
            state.emit(f"{baron} takes 2 crowns", "card")
        elif option == "vote":
            data.votes[baron] += 1  # no Chairman check (AMB-15)
            state.emit(f"{baron} takes 1 vote", "card")
        elif option == "move":
            call(state, MoveOneNoble, baron=baron)
            return
        elif option == "battle":
            call(state, DeclareBattle, baron=baron, mobilize=False)
            return
        else:
            k = option[1]
            data.crowns[baron] -= track_cost(k)
            data.mercenary_track[k] = baron
            state.emit(f"{baron} buys track space {k + 1} for {track_cost(k)} crowns", "card")
        end(state)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        end(state)
