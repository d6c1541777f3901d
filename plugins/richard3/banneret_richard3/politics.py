"""The political turn (8.0) and victory (9.0, 9.1).

After each campaign, in this order: levies disband (8.1), usurpation (8.2), the Pretender goes
home (8.3), the King goes home (8.4), campaign reset (8.5). After the scenario's last campaign
(the third; Kingmaker and Richard III play one campaign) the turn stops after 8.2 and the KING
wins (9.0). Eliminating all five enemy heirs wins at once (9.0).
In Kingmaker the captive Henry VI counts for Lancaster in 8.2 (:mod:`banneret_richard3.scenarios`).
"""

from __future__ import annotations

import functools
import operator
from itertools import chain
from typing import Callable, Iterable

from banneret import Action, Frame, Pending, Procedure, State
from banneret.flow import end

from banneret_richard3.scenarios import LONDON_AREA  # 8.2: holding London counts as one noble
from banneret_richard3.state import HOUSES, POOL, PRISONER, R3State, house_map, tables
from banneret_richard3.supply import EXILE_LIMIT, crown, supply_count
from banneret_richard3.victory import victory

__all__ = [
    "LONDON_AREA", "NO_USURPATION_AREAS", "support", "LeviesDisband", "Usurpation",
    "PretenderHome", "KingHome", "CampaignReset", "home_options", "heir_home_options",
    "game_over", "campaign_over",
]

NO_USURPATION_AREAS = frozenset({"isle_of_man"})  # 8.2 (exile areas are excluded too)
SUPPORT_TYPES = frozenset({"noble", "church", "heir"})


def game_over(state: State) -> bool:
    """The campaigns go on until 9.0 ends the game with :func:`victory` (after the last
    campaign's usurpation at the latest); this bound is never reached in play."""
    return state.data.campaign > state.data.last_campaign


def campaign_over(state: State) -> bool:
    d: R3State = state.data
    return d.turn >= 7 and d.phase == "done"


# --------------------------------------------------------------------------- 8.1


@functools.cache
def _disbanding() -> tuple[tuple[str, str], ...]:
    """(block, where it goes in 8.1), in block order: levies, Bombards, the Rebel and the Welsh
    to the pool, the other mercenaries to their home. Fixed, so 8.1 only looks at these."""
    t = tables()
    out = []
    for b in t.block_ids:
        info = t.blocks[b]
        if info.type in ("levy", "bombard", "rebel") or b == "welsh_mercenary":
            out.append((b, POOL))
        elif info.type == "mercenary" and info.home is not None:
            out.append((b, info.home))
    return tuple(out)


class LeviesDisband(Procedure):
    """Levies, Bombards and the Welsh disband; mercenaries go home; the Rebel leaves (8.1)."""

    rule = "8.1"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        d.political = True
        d.phase = "political"
        moved = 0
        for b, home in _disbanding():
            where = d.loc[b]
            if where in d.at and b not in d.down and where != home:
                d.place(b, home)
                moved += 1
        state.emit(f"political turn: levies disband, mercenaries go home ({moved} blocks)", "political")
        end(state)


# --------------------------------------------------------------------------- 8.2


@functools.cache
def _supporters() -> dict[str, frozenset[str]]:
    """House -> its nobles, church blocks and heirs: they count in 8.2 and go home in 8.3 and
    8.4 (the Rebel, the one block that changes sides, is none of them). Built once."""
    t = tables()
    return {
        h: frozenset(b for b in t.block_ids if t.blocks[b].type in SUPPORT_TYPES and t.blocks[b].house == h)
        for h in HOUSES
    }


@functools.cache
def _map_blocks() -> dict[bool, Callable[[dict[str, tuple[str, ...]]], tuple[tuple[str, ...], ...]]]:
    """For the usurpation count (True) or not: R3State.at -> the blocks of each area on the
    map, exile excluded (for 8.2 the Isle of Man too), in area order: one C call instead of a
    loop over the areas. Built once."""
    t = tables()
    return {
        usurpation: operator.itemgetter(*(a for a in t.areas if t.exile_of[a] is None
                                          and not (usurpation and a in NO_USURPATION_AREAS)))
        for usurpation in (False, True)
    }


def support(d: R3State, house: str) -> int:
    """8.2: nobles, church blocks and heirs of ``house`` on the map outside exile and the Isle
    of Man, plus one for holding Middlesex (London)."""
    # a block stands in one area only, so the intersection counts them (in C)
    n = len(_supporters()[house].intersection(chain.from_iterable(_map_blocks()[True](d.at))))
    if d.occupant(LONDON_AREA) == house:
        n += 1
    if house == "lancaster" and d.loc["henry_vi"] == PRISONER:
        n += 1  # Kingmaker: the captive King still counts for Lancaster
    return n



class Usurpation(Procedure):
    """The PRETENDER takes the throne with strictly more support than the KING (8.2)."""

    rule = "8.2"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        king, pretender = d.king, d.pretender
        sk, sp = support(d, king), support(d, pretender)
        if sp > sk:
            d.king = pretender
            state.emit(f"usurpation: {pretender} ({sp}) outweighs {king} ({sk}); {pretender} takes the throne",
                       "political")
        else:
            state.emit(f"no usurpation: {pretender} {sp} against {king} {sk}", "political")
        d.king_block = d.senior_heir(d.king)
        d.pretender_block = d.senior_heir(d.pretender)
        if d.campaign >= d.last_campaign:
            victory(state, d.king, f"{d.king} holds the throne after the last campaign (9.0)")
            return
        end(state)


# --------------------------------------------------------------------------- going home


def _not_enemy(d: R3State, areas: Iterable[str], house: str) -> list[str]:
    """The areas of ``areas`` not occupied by the other house alone (2.1), sorted, without
    duplicates (one call for all the areas: this runs for every block going home)."""
    hm = house_map(d.king)
    at = d.at
    out = []
    for a in set(areas):
        found = at[a]
        if not found or house in map(hm.__getitem__, found):
            out.append(a)
    out.sort()
    return out


def _calais_room(d: R3State) -> bool:
    return len(supply_count(d, "calais")) < EXILE_LIMIT["calais"]


def home_options(d: R3State, block: str) -> list[str]:
    """Where a noble or church block on the map goes home (8.3, 8.4, 9.1, A-31, A-32): its
    shield or cathedral areas not occupied by the enemy, else the pool."""
    t = tables()
    info = t.blocks[block]
    house = d.house_of(block)
    if info.type == "church":
        spots = [t.cathedral_area[info.cathedral]]
    elif block == "clarence_l":  # 9.1: any vacant area with a York shield
        spots = sorted({s.area for s in t.royal_shields["york"]})
        spots = [a for a in spots if not d.at[a] or d.at[a] == (block,)]
        return spots or [POOL]
    else:
        spots = list(info.shields)
        if info.neville:
            # a Neville may use a dead Neville's shield
            for ident in ("warwick", "salisbury", "kent"):
                if ident == info.identity:
                    continue
                versions = [t.version[(ident, h)] for h in HOUSES]
                if any(d.loc[v] == "dead" for v in versions):
                    spots.extend(t.blocks[versions[0]].shields)
    # a shield in an exile area (Warwick's in Calais) serves only the house that may use it;
    # the Yorkist Warwick goes home to Calais whatever its count (7.2 then trims it)
    spots = [a for a in spots if t.exile_of[a] in (None, house)]
    out = _not_enemy(d, spots, house)
    if info.neville and house == "york" and "calais" not in out and not out and _calais_room(d):
        out.append("calais")  # 8.3 NOTE: Salisbury or Kent shut out of their shields, room in Calais
    return out or [POOL]


def heir_home_options(d: R3State, block: str) -> list[str]:
    """8.4: a royal heir goes to a shield he may use or any crown area, not enemy-occupied; if
    none, he stays (A-33)."""
    t = tables()
    info = t.blocks[block]
    house = d.house_of(block)
    spots = set(info.shields) | set(t.crown_areas)
    for s in t.royal_shields[house]:
        if s.heir is None or s.heir == block or d.loc[s.heir] == "dead":
            spots.add(s.area)
    out = _not_enemy(d, spots, house)
    return out or [d.loc[block]]


class _GoingHome(Procedure):
    """Shared by 8.3 and 8.4: each block of ``house`` on the map (not in exile) goes home;
    the owner picks where when there is a choice."""

    def house(self, d: R3State) -> str:
        raise NotImplementedError

    def options(self, d: R3State, block: str) -> list[str]:
        raise NotImplementedError

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        # the house's heirs, nobles and church blocks on the map, in area order (8.4 NOTE:
        # blocks in exile stay)
        mine = _supporters()[self.house(d)]
        frame.vars["todo"] = tuple(filter(mine.__contains__, chain.from_iterable(_map_blocks()[False](d.at))))
        self._advance(state, frame)

    def _advance(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        while frame.vars["todo"]:
            b = frame.vars["todo"][0]
            opts = self.options(d, b)
            if len(opts) > 1:
                return
            self._send(state, b, opts[0])
            frame.vars["todo"] = frame.vars["todo"][1:]
        end(state)

    def _send(self, state: State, block: str, where: str) -> None:
        d: R3State = state.data
        h = d.house_of(block)
        old = d.loc[block]
        if where == old:
            return
        d.place(block, where)
        dest = "its pool" if where == POOL else where
        state.emit(f"{block} goes home: {old} -> {dest}", "home", only=(h,), public=f"a {h} block goes home: {old} -> {dest}")

    def pending(self, state: State, frame: Frame) -> Pending:
        d: R3State = state.data
        b = frame.vars["todo"][0]
        return Pending((d.house_of(b),), "go-home", f"Choose where {b} goes home")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d: R3State = state.data
        b = frame.vars["todo"][0]
        return [Action(player, f"send {b} home to {a}", "home", a) for a in self.options(d, b)]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        b = frame.vars["todo"][0]
        self._send(state, b, action.args)
        frame.vars["todo"] = frame.vars["todo"][1:]
        self._advance(state, frame)


class PretenderHome(_GoingHome):
    """The PRETENDER's heirs go into exile, his nobles and church home (8.3).

    Nobles and church blocks go to their shields or cathedrals unless enemy-occupied, else to
    the pool."""

    rule = "8.3"

    def house(self, d: R3State) -> str:
        return d.pretender

    def options(self, d: R3State, block: str) -> list[str]:
        if tables().blocks[block].type == "heir":
            return list(tables().exiles[d.house_of(block)])
        return home_options(d, block)


class KingHome(_GoingHome):
    """The KING's heirs go to usable shields or crown areas, his nobles and church home (8.4)."""

    rule = "8.4"

    def house(self, d: R3State) -> str:
        return d.king

    def options(self, d: R3State, block: str) -> list[str]:
        if tables().blocks[block].type == "heir":
            return heir_home_options(d, block)
        return home_options(d, block)


# --------------------------------------------------------------------------- 8.5


@functools.cache
def _full_strength() -> dict[str, int]:
    """Every block id -> its full strength (8.5)."""
    t = tables()
    return {b: t.blocks[b].max_strength for b in t.block_ids}


class CampaignReset(Procedure):
    """Campaign reset: exiles over the limit to the pool, everything back to strength (8.5).

    Excess exiles go to the pool (owner's choice, 7.2); face-down blocks stand up; the Rebel
    joins the PRETENDER's pool; every block regains full strength; the next campaign begins."""

    rule = "8.5"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        frame.vars["work"] = tuple(a for a in sorted(EXILE_LIMIT) if self._over(d, a) > 0)
        self._advance(state, frame)

    def _over(self, d: R3State, area: str) -> int:
        return len(supply_count(d, area)) - EXILE_LIMIT[area]

    def _advance(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        while frame.vars["work"]:
            area = frame.vars["work"][0]
            if self._over(d, area) > 0:
                return
            frame.vars["work"] = frame.vars["work"][1:]
        self._reset(state)
        end(state)

    def pending(self, state: State, frame: Frame) -> Pending:
        d: R3State = state.data
        area = frame.vars["work"][0]
        return Pending((d.occupant(area) or tables().exile_of[area],), "exile-excess",
                       f"{area} is over its exile limit: send a block to your pool")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d: R3State = state.data
        area = frame.vars["work"][0]
        return [Action(player, f"send {b} from {area} to pool", "pool", b) for b in supply_count(d, area)]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d: R3State = state.data
        area = frame.vars["work"][0]
        d.place(action.args, POOL)
        state.emit(f"{action.args} leaves {area} for the pool", "political", only=(action.player,),
                   public=f"a {action.player} block leaves {area} for the pool")
        self._advance(state, frame)

    def _reset(self, state: State) -> None:
        d: R3State = state.data
        for b in sorted(d.down):
            where = d.loc[b]
            if where in d.at and b not in d.at[where]:  # a mercenary face-down at home
                d.at[where] = d.at[where] + (b,)
        d.down = set()
        d.steps.update(_full_strength())
        if d.loc["rebel"] != "dead":
            d.place("rebel", POOL)  # the Rebel joins the (possibly new) PRETENDER's pool
        d.campaign += 1
        d.turn = 0
        d.political = False
        d.phase = "card"
        crown(state)
        state.emit(f"campaign {d.campaign} begins", "political")
