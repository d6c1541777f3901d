"""The supply phase (1.4, 7.0): at its start a new King is crowned (6.81) and minor heirs enter
(6.82); then supply limits (7.1) and exile limits (7.2) cost excess blocks a step; a defected
Clarence or Exeter may be executed (9.1).
"""

from __future__ import annotations

import functools
import operator
from typing import Callable

from banneret import Action, Frame, Pending, Procedure, State
from banneret.flow import end

from banneret_richard3.battle import eliminate
from banneret_richard3.state import HOUSES, Parameters, R3State, other, parameters, tables

__all__ = [
    "EXILE_LIMIT", "supply_limit", "supply_count",
    "excess", "Succession", "SupplyLimits", "Execution", "crown", "minor_entry_areas",
    "DEFECTED_HEIRS",
]

EXILE_LIMIT = {"calais": 4, "france": 4, "ireland": 2, "scotland": 2}  # 7.2, plus own mercenaries
# 9.1: the versions of Clarence and Exeter that serve the other house (new owner -> block).
DEFECTED_HEIRS = {"lancaster": "clarence_l", "york": "exeter_y"}


def supply_limit(area: str, rules: Parameters) -> int:
    """Blocks ``area`` supplies (7.1; the game's ``rules``, a city's more) or its exile limit (7.2)."""
    t = tables()
    if t.exile_of[area] is not None:
        return EXILE_LIMIT[area]
    return rules.city_supply_limit if t.cities[area] else rules.supply_limit


def supply_count(d: R3State, area: str) -> list[str]:
    """The blocks in ``area`` that count against its limit: in exile, not the area's own
    mercenaries (7.2, A-34)."""
    t = tables()
    if t.exile_of[area] is None:
        return list(d.at[area])
    return [b for b in d.at[area] if t.blocks[b].home != area]


def excess(d: R3State, area: str, rules: Parameters) -> int:
    """Steps ``area`` must lose to supply (7.1, 7.2)."""
    return max(0, len(supply_count(d, area)) - supply_limit(area, rules))


# --------------------------------------------------------------------------- 6.81 / 6.82


def minor_entry_areas(d: R3State, house: str) -> list[str]:
    """6.82: a royal minor enters in a friendly or vacant crown area; a Pretender's minor in
    one of his house's exile areas."""
    t = tables()
    if house == d.king:
        return [a for a in t.crown_areas if not d.at[a] or d.occupant(a) == house]
    return list(t.exiles[house])


def crown(state: State) -> None:
    """Name the KING and PRETENDER blocks: each house's most senior heir in play (6.81, A-29)."""
    d: R3State = state.data
    king = d.senior_heir(d.king)
    if king != d.king_block:
        d.king_block = king
        if king is not None:
            state.emit(f"the new {d.king} KING stands in {d.loc[king]}", "crown", only=(d.king,),
                       public=f"the new {d.king} KING stands in {d.loc[king]}")
            state.emit(f"{king} is KING", "crown")
    pretender = d.senior_heir(d.pretender)
    if pretender != d.pretender_block:
        d.pretender_block = pretender
        if pretender is not None:
            state.emit(f"{pretender} is now the {d.pretender} PRETENDER", "crown")


class Succession(Procedure):
    """Minor heirs enter and the senior heirs are crowned, at the start of supply (6.81, 6.82).

    One minor enters per heir killed, most senior first, in a friendly or vacant crown area
    (royal) or an own exile area (Pretender); then the most senior heir of each house becomes
    KING / PRETENDER where he stands."""

    rule = "6.81"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        d.phase = "supply"
        todo = []
        for h in HOUSES:
            killed = d.heirs_killed[h]
            if killed:
                for m in d.minors(h)[:killed]:
                    todo.append((h, m))
        frame.vars["todo"] = tuple(todo)
        self._advance(state, frame)

    def _advance(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        todo = frame.vars["todo"]
        while todo:
            h, m = todo[0]
            places = minor_entry_areas(d, h)
            if len(places) > 1:
                frame.vars["todo"] = todo
                return
            if places:
                self._enter(state, h, m, places[0])
            else:
                state.emit(f"{m} cannot enter: no crown area is open to {h}", "crown")
            todo = todo[1:]
        frame.vars["todo"] = ()
        crown(state)
        end(state)

    def _enter(self, state: State, house: str, minor: str, area: str) -> None:
        d: R3State = state.data
        d.place(minor, area)
        d.steps[minor] = tables().blocks[minor].max_strength
        d.heirs_killed[house] -= 1
        state.emit(f"{minor} comes of age and enters in {area}", "crown")

    def pending(self, state: State, frame: Frame) -> Pending:
        h, m = frame.vars["todo"][0]
        return Pending((h,), "minor-entry", f"Choose where {m} enters play")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        h, m = frame.vars["todo"][0]
        return [Action(player, f"enter {m} in {a}", "enter", a) for a in minor_entry_areas(state.data, h)]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        h, m = frame.vars["todo"][0]
        self._enter(state, h, m, action.args)
        frame.vars["todo"] = frame.vars["todo"][1:]
        self._advance(state, frame)


# --------------------------------------------------------------------------- 7.1 / 7.2


_Areas = tuple[tuple[str, frozenset[str]], ...]


@functools.cache
def _limit_table() -> tuple[_Areas, _Areas, Callable[[dict[str, tuple[str, ...]]], tuple[tuple[str, ...], ...]]]:
    """For the quick scan of :class:`SupplyLimits`: (area, the area's own mercenaries) of
    every area, then of the exile areas alone, in area order; and R3State.at -> the blocks of
    each map area (one C call)."""
    t = tables()
    every = tuple(
        (a, frozenset(b for b in t.block_ids if t.exile_of[a] is not None and t.blocks[b].home == a))
        for a in t.areas
    )
    return every, tuple(x for x in every if t.exile_of[x[0]] is not None), \
        operator.itemgetter(*(a for a in t.areas if t.exile_of[a] is None))


def _reduce(state: State, block: str) -> None:
    d: R3State = state.data
    house = d.house_of(block)
    area = d.loc[block]
    if d.steps[block] > 1:
        d.steps[block] -= 1
        state.emit(f"{block} in {area} loses a step to supply", "supply", only=(house,),
                   public=f"a {house} block in {area} loses a step to supply")
    else:
        eliminate(state, block, "is lost to supply")
        state.emit(f"{block} in {area} is eliminated by supply", "supply", only=(house,),
                   public=f"a {house} block in {area} is eliminated by supply")


class SupplyLimits(Procedure):
    """Areas over their supply or exile limit lose steps (7.1, 7.2).

    The owner picks (count - limit) different blocks that lose one step each; the count is
    taken once (A-36)."""

    rule = "7.1"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        at = d.at
        rules = parameters(state)
        every, exiles, map_blocks = _limit_table()
        # Quick scan (it runs every game turn): the map areas are looked at one by one only
        # when one of them holds more blocks than the smaller map limit (rare; one pass in C
        # finds out); the exile areas always, as their own mercenaries do not count.
        least = min(rules.supply_limit, rules.city_supply_limit)
        crowded = max(map(len, filter(None, map_blocks(at))), default=0) > least
        over = []
        for a, own in (every if crowded else exiles):
            found = at[a]
            limit = supply_limit(a, rules)
            if len(found) > limit:
                n = len(found) - limit - len(own.intersection(found))  # as supply_count (7.2)
                if n > 0:
                    over.append((a, n))
        if not over:
            end(state)  # the usual case
            return
        work = []
        for h in ((d.player1, other(d.player1)) if d.player1 else HOUSES):
            for area, n in over:
                if d.occupant(area) == h:
                    work.append((h, area, n))
        frame.vars["work"] = tuple(work)
        frame.vars["done"] = ()
        self._advance(state, frame)

    def _candidates(self, d: R3State, area: str, done: tuple[str, ...]) -> list[str]:
        return [b for b in supply_count(d, area) if b not in done]

    def _advance(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        while frame.vars["work"]:
            h, area, n = frame.vars["work"][0]
            cands = self._candidates(d, area, frame.vars["done"])
            if n <= 0 or not cands:
                frame.vars["work"] = frame.vars["work"][1:]
                frame.vars["done"] = ()
                continue
            if len(cands) <= n:  # no choice: every one loses a step
                for b in cands:
                    _reduce(state, b)
                frame.vars["work"] = frame.vars["work"][1:]
                frame.vars["done"] = ()
                continue
            return
        end(state)

    def pending(self, state: State, frame: Frame) -> Pending:
        h, area, n = frame.vars["work"][0]
        return Pending((h,), "supply", f"{area} is over its supply limit: choose {n} block(s) to lose a step")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        h, area, n = frame.vars["work"][0]
        return [Action(player, f"reduce {b} in {area}", "reduce", b)
                for b in self._candidates(state.data, area, frame.vars["done"])]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        h, area, n = frame.vars["work"][0]
        _reduce(state, action.args)
        frame.vars["done"] = frame.vars["done"] + (action.args,)
        frame.vars["work"] = ((h, area, n - 1),) + frame.vars["work"][1:]
        self._advance(state, frame)


# --------------------------------------------------------------------------- 9.1


class Execution(Procedure):
    """The owner of a defected Clarence or Exeter may execute him (9.1)."""

    rule = "9.1"

    def start(self, state: State, frame: Frame) -> None:
        state.data.phase = "supply"
        frame.vars["asked"] = ()
        if not self._who(state, frame):
            end(state)

    def _who(self, state: State, frame: Frame) -> list[str]:
        d: R3State = state.data
        return [h for h in HOUSES if h not in frame.vars["asked"] and d.in_play(DEFECTED_HEIRS[h])]

    def pending(self, state: State, frame: Frame) -> Pending:
        return Pending((self._who(state, frame)[0],), "execution", "Execute your defected enemy heir?")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        block = DEFECTED_HEIRS[player]
        return [Action(player, f"execute {block}", "execute", block), Action(player, f"spare {block}", "spare", block)]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        frame.vars["asked"] = frame.vars["asked"] + (action.player,)
        if action.kind == "execute":
            eliminate(state, action.args, "is executed")
            state.emit(f"{action.player} executes {action.args}", "execute")
        if not self._who(state, frame):
            end(state)


class EndGameTurn(Procedure):
    """Close the game turn: nothing is contested, blocks stand upright."""

    rule = "1.0"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        d.revealed = set()
        d.phase = "done" if d.turn >= 7 else "supply"
        end(state)
