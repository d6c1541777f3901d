"""The action phase (1.2, 5.0): land moves (5.2), border limits (5.21), pinning (5.22), sea
moves (5.3, 5.31), recruitment (5.4) and the moving events (Surprise, Force March, Muster,
Piracy, Treason), plus the Plague card's use; then the Main Attack declaration (6.3, A-61).

Every decision is atomic. A land move is "land move from A" (1 AP), then for each block
"select B" and "move B: A -> X [-> Y]" (the path is explicit because border limits count
every border crossed), and "done moving from A". A sea move is "sea move from A" (1 AP),
"ship B", "ship B: A -> D"; between two major ports a second block may follow for the same
AP ("also ship C: A -> D"). A recruit is "recruit B in A" (1 AP). Recruits are placed after
all of a player's moves (1.2, A-49): once a player recruits, he makes no more moves.
"""

from __future__ import annotations

import enum
import functools
from typing import Any, ClassVar

from banneret import Action, Frame, Pending, Procedure, State
from banneret.flow import Choice, Decision, call, end, goto, var

from banneret_richard3 import cards as cardrules
from banneret_richard3.scenarios import free_henry_vi
from banneret_richard3.state import (
    BORDER_COLOURS, HOUSES, POOL, Parameters, R3State, border_key, house_map, other, parameters, tables,
)

__all__ = [
    "NO_SEA_MOVE", "ATTACK_BORDERS", "REINFORCE_BORDERS", "land_paths", "sea_destinations",
    "can_sea_move", "recruit_places", "Actions", "LandMove", "LandGroup", "LandPath", "Muster", "MusterPath",
    "SeaMove", "ShipBlock", "ShipTo", "AlsoShip", "Recruit", "MainAttack", "start_pins",
    "attack_borders",
]

# 5.3: these never move by sea (the Bombard too, A-21, unless the option allows it).
NO_SEA_MOVE = frozenset({"scots_mercenary", "welsh_mercenary", "rebel"})
ATTACK_BORDERS = 3  # 6.3: an attack may cross at most three different borders
REINFORCE_BORDERS = 2  # 6.3: Player 2's reinforcements at most two


# --------------------------------------------------------------------------- land movement


class Mover(enum.IntEnum):
    """What a block is to the house moving (the movement tables' ``movers``): false for the
    enemy's blocks, true for its own; ``SEA`` for its own that may also move by sea (5.3)."""

    ENEMY = 0
    LAND = 1
    SEA = 2


class _MoveTables:
    """Static lookups for the movement hot paths, built once per process from :func:`tables`."""

    def __init__(self) -> None:
        t = tables()
        self.areas = t.areas
        # house -> area -> ((neighbour, crossings key, colour number, red?), ...) in neighbour
        # order; the colour number indexes Parameters.border_limits
        steps: dict[str, dict[str, tuple[tuple[str, tuple[str, str, str], int, bool], ...]]] = {}
        for h in HOUSES:
            per: dict[str, tuple[tuple[str, tuple[str, str, str], int, bool], ...]] = {}
            for a in t.areas:
                row = []
                for n in t.neighbours[a]:
                    k = border_key(a, n)
                    colour = t.colour[k]
                    row.append((n, (h, k[0], k[1]), BORDER_COLOURS.index(colour), colour == "red"))
                per[a] = tuple(row)
            steps[h] = per
        # 2.7: the enemy's exile areas are never entered
        self.closed: dict[str, frozenset[str]] = {
            h: frozenset(a for a in t.areas if t.exile_of[a] is not None and t.exile_of[a] != h) for h in HOUSES
        }
        self.sea_ok: dict[bool, frozenset[str]] = {
            flag: frozenset(b for b in t.block_ids if _can_sea_move_static(b, flag)) for flag in (False, True)
        }
        # origin -> ((destination, (seas in the order sea_destinations meets them)), ...) by destination
        self.sea_targets: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {}
        for a in t.areas:
            seas_of: dict[str, list[str]] = {}
            for sea in t.seas[a]:
                for dest in t.coasts[sea]:
                    if dest != a:
                        seas_of.setdefault(dest, []).append(sea)
            self.sea_targets[a] = tuple((dest, tuple(seas_of[dest])) for dest in sorted(seas_of))
        # 5.4: block -> (how its places are judged, candidate areas)
        self.recruit: dict[str, tuple[str, tuple[str, ...]]] = {}
        for b in t.block_ids:
            info = t.blocks[b]
            kind = info.type
            if kind == "noble":
                rec = ("open", tuple(sorted(set(info.shields))))
            elif kind == "church":
                rec = ("open", (t.cathedral_area[info.cathedral],))
            elif kind == "levy":
                rec = ("open", (t.city_area[info.city],))
            elif kind == "bombard":
                rec = ("held", tuple(a for a in t.areas if t.cities[a]))
            elif kind == "rebel":
                rec = ("vacant", tuple(a for a in t.areas if t.exile_of[a] is None))
            elif kind == "mercenary" and info.home is None:  # the Welsh
                rec = ("open", t.welsh)
            else:
                rec = ("never", ())  # heirs and the exile mercenaries are never recruited
            self.recruit[b] = rec
        recruitable = tuple(b for b in t.block_ids if self.recruit[b][0] != "never")
        # (king, house) -> the recruitable blocks fighting for ``house`` under that king, register order
        self.recruitable_by: dict[tuple[str, str], tuple[str, ...]] = {
            (k, h): tuple(b for b in recruitable if house_map(k)[b] == h) for k in HOUSES for h in HOUSES
        }
        # house -> origin -> ((first area, key, colour, red?, second steps, second steps by area),
        # ...): every two-area path in the order land_paths walks them; the second steps are
        # ((second area, key, colour), ...), and by area each one alone (for a Muster target)
        self.tree2: dict[str, dict[str, tuple[Any, ...]]] = {}
        for h in HOUSES:
            self.tree2[h] = {}
            for a in t.areas:
                row = []
                for n1, k1, c1, r1 in steps[h][a]:
                    kids = tuple((n2, k2, c2) for n2, k2, c2, _r2 in steps[h][n1] if n2 != a)
                    row.append((n1, k1, c1, r1, kids, {kid[0]: (kid,) for kid in kids}))
                self.tree2[h][a] = tuple(row)
        # house -> area -> the other areas on its seas that are not the enemy's exile (sorted)
        self.landings: dict[str, dict[str, tuple[str, ...]]] = {
            h: {a: tuple(dest for dest, _seas in self.sea_targets[a] if dest not in self.closed[h]) for a in t.areas}
            for h in HOUSES
        }
        self.land_ok: dict[str, bool] = {a: bool(t.neighbours[a]) for a in t.areas}
        self.at_of = t.at_of  # R3State.at -> blocks per area, in area order
        # the action menu's actions, built once: (house, event) -> area -> "land move from A";
        # house -> area -> "sea move from A"; house -> block -> (mode, ((area, "recruit B in
        # A"), ...)); house -> "end actions"
        self.land_actions: dict[tuple[str, str | None], dict[str, Action]] = {}
        for h in HOUSES:
            for event in (None, "surprise", "force_march", "treason"):
                verb = _VERBS.get(event, "land move")
                self.land_actions[(h, event)] = {
                    a: Action(h, f"{verb} from {a}", "group", a) for a in t.areas if t.neighbours[a]
                }
        self.sea_actions: dict[str, dict[str, Action]] = {
            h: {a: Action(h, f"sea move from {a}", "sea", a) for a in t.areas if self.sea_targets[a]} for h in HOUSES
        }
        self.recruit_actions: dict[str, dict[str, tuple[str, tuple[tuple[str, Action], ...]]]] = {
            h: {b: (mode, tuple((a, Action(h, f"recruit {b} in {a}", "recruit", (b, a))) for a in places))
                for b, (mode, places) in self.recruit.items()}
            for h in HOUSES
        }
        self.end_actions: dict[str, Action] = {h: Action(h, "end actions", "end") for h in HOUSES}
        # the top of the menu: (house, "land" | "sea" | "recruit", card event) -> the choice
        self.pick_actions: dict[tuple[str, str, str | None], Action] = {}
        for h in HOUSES:
            for event in _LAND_EVENTS:
                self.pick_actions[(h, "land", event)] = Action(h, _VERBS.get(event, "land move"), "pick", "land")
            self.pick_actions[(h, "sea", None)] = Action(h, "sea move", "pick", "sea")
            self.pick_actions[(h, "recruit", None)] = Action(h, "recruit", "pick", "recruit")
        # (king, house, Bombards by sea) -> block -> what it is to ``house``: a Mover
        self.movers: dict[tuple[str, str, bool], dict[str, Mover]] = {}
        for k in HOUSES:
            for h in HOUSES:
                for by_sea in (False, True):
                    self.movers[(k, h, by_sea)] = {
                        b: (Mover.ENEMY if house_map(k)[b] != h else Mover.SEA if b in self.sea_ok[by_sea] else Mover.LAND)
                        for b in t.block_ids
                    }
        # (house, decision kind, area) -> the pending decision of a step whose prompt names its area
        self.pendings: dict[tuple[str, str, str], Pending] = {}
        for h in HOUSES:
            for decision, prompt in _AREA_PROMPTS.items():
                for a in t.areas:
                    self.pendings[(h, decision, a)] = Pending((h,), decision, prompt.format(a))
        # house -> (block, area) -> "recruit B in A"
        self.recruit_action_of: dict[str, dict[tuple[str, str], Action]] = {
            h: {act.args: act for _mode, places in self.recruit_actions[h].values() for _a, act in places} for h in HOUSES
        }
        # the fixed actions of a group: house -> block -> "select B" / "ship B"; house -> area ->
        # "done moving from A" / "done mustering at A" / "muster at A"
        self.select_actions: dict[str, dict[str, Action]] = {
            h: {b: Action(h, f"select {b}", "select", b) for b in t.block_ids} for h in HOUSES
        }
        self.ship_select_actions: dict[str, dict[str, Action]] = {
            h: {b: Action(h, f"ship {b}", "select", b) for b in t.block_ids} for h in HOUSES
        }
        self.done_actions: dict[str, dict[str, Action]] = {
            h: {a: Action(h, f"done moving from {a}", "done") for a in t.areas} for h in HOUSES
        }
        self.muster_done_actions: dict[str, dict[str, Action]] = {
            h: {a: Action(h, f"done mustering at {a}", "done") for a in t.areas} for h in HOUSES
        }
        self.muster_actions: dict[str, dict[str, Action]] = {
            h: {a: Action(h, f"muster at {a}", "muster", a) for a in t.areas} for h in HOUSES
        }


@functools.cache
def _mt() -> _MoveTables:
    return _MoveTables()


def attack_borders(d: R3State, area: str, house: str) -> set[str]:
    """The borders (came_from values) ``house``'s blocks used to enter ``area`` this turn."""
    return {cf for b, cf in d.entries.get(area, ()) if d.house_of(b) == house}


def _entry_ok(d: R3State, house: str, dest: str, came_from: str) -> bool:
    """6.3: into an area holding enemy blocks, a house uses at most three borders (attack) or,
    for Player 2 reinforcing a battle he defends, two."""
    entries = d.entries.get(dest)
    if not entries:
        return True  # no border used yet
    hm = house_map(d.king)
    used = set()
    for b, cf in entries:
        if hm[b] == house:
            if cf == came_from:
                return True
            used.add(cf)
    limit = REINFORCE_BORDERS if d.defender.get(dest) == house else ATTACK_BORDERS
    return len(used) < limit


def land_paths(
    d: R3State, house: str, origin: str, steps: int = 2, bonus: int = 0,
    banned: frozenset[str] | set[str] = frozenset(), target: str | None = None, *, rules: Parameters,
    first: bool = False,
) -> list[tuple[str, ...]]:
    """Every legal land path of a ``house`` block from ``origin`` (5.2, 5.21): up to ``steps``
    areas; through friendly or vacant areas only; stop on entering an area with enemy blocks
    or after crossing a red border; border limits per player per turn (``rules``, +``bonus``);
    never into an enemy exile area; ``banned`` borders (pinning, 5.22) may not be crossed on
    leaving ``origin``; with ``target`` only paths ending there (Muster). Paths exclude
    ``origin`` and never revisit an area. With ``first``, only the first of them (the caller
    asks whether there is one).

    The usual reach of two areas (and one, to ask whether a block may move at all) runs an
    unrolled walk over a precomputed two-area tree; any other reach runs
    :func:`land_paths_reference`, the plain walk, which gives the same list in the same order
    for one and two areas too (a property test plays random games to check it)."""
    if steps not in (1, 2):
        found = land_paths_reference(d, house, origin, steps, bonus, banned, target, rules=rules)
        return found[:1] if first else found
    mt = _mt()
    out: list[tuple[str, ...]] = []
    closed = mt.closed[house]
    crossings = d.crossings
    at = d.at
    hm = house_map(d.king)
    limits = rules.border_limits
    enemy: dict[str, bool] = {}
    for n1, k1, c1, red1, kids, kid_at in mt.tree2[house][origin]:
        if n1 in closed or n1 in banned or crossings.get(k1, 0) >= limits[c1] + bonus:
            continue
        for b in at[n1]:
            if hm[b] != house:
                if (target is None or n1 == target) and _entry_ok(d, house, n1, origin):
                    out.append((n1,))
                    if first:
                        return out
                break
        else:
            if target is None or n1 == target:
                out.append((n1,))
                if first:
                    return out
            if red1 or n1 == target or steps == 1:
                continue
            for n2, k2, c2 in (kids if target is None else kid_at.get(target, ())):
                if n2 in closed or crossings.get(k2, 0) >= limits[c2] + bonus:
                    continue
                e = enemy.get(n2)
                if e is None:
                    e = False
                    for b in at[n2]:
                        if hm[b] != house:
                            e = True
                            break
                    enemy[n2] = e
                if e:
                    if (target is None or n2 == target) and _entry_ok(d, house, n2, n1):
                        out.append((n1, n2))
                        if first:
                            return out
                elif target is None or n2 == target:
                    out.append((n1, n2))
                    if first:
                        return out
    return out


def land_paths_reference(
    d: R3State, house: str, origin: str, steps: int = 2, bonus: int = 0,
    banned: frozenset[str] | set[str] = frozenset(), target: str | None = None, *, rules: Parameters,
) -> list[tuple[str, ...]]:
    """:func:`land_paths` as a plain depth-first walk of the map, for any reach: what the rule
    says, one border at a time (play uses it for reaches other than two, e.g. Force March)."""
    t = tables()
    closed = _mt().closed[house]
    out: list[tuple[str, ...]] = []

    def walk(path: tuple[str, ...], here: str) -> None:
        for n in t.neighbours[here]:
            if n == origin or n in path or n in closed:
                continue  # 2.7: never into the enemy's exile
            if not path and n in banned:
                continue  # 5.22: pinned defenders keep off the attackers' borders
            colour = t.colour[border_key(here, n)]
            if d.crossed(house, here, n) >= rules.border_limit(colour) + bonus:
                continue  # 5.21
            new = path + (n,)
            if any(d.house_of(b) != house for b in d.at[n]):  # enemy blocks stop the move (5.2)
                if (target is None or n == target) and _entry_ok(d, house, n, here):
                    out.append(new)
                continue
            if target is None or n == target:
                out.append(new)
            if colour != "red" and len(new) < steps and n != target:
                walk(new, n)

    walk((), origin)
    return out


def _land_ends(
    d: R3State, house: str, origin: str, banned: frozenset[str] | set[str], rules: Parameters,
) -> set[str]:
    """Where a block from ``origin`` may end a normal two-area land move (the last areas of
    :func:`land_paths`)."""
    return {path[-1] for path in land_paths(d, house, origin, 2, 0, banned, rules=rules)}


def _has_land_path(
    d: R3State, house: str, origin: str, bonus: int, banned: frozenset[str] | set[str], rules: Parameters,
) -> bool:
    """Whether :func:`land_paths` finds anything: every path starts with a one-area path that
    is itself legal, so the first path of a one-area reach answers it."""
    return bool(land_paths(d, house, origin, 1, bonus, banned, rules=rules, first=True))


def _pinned_out(d: R3State, area: str) -> bool:
    """5.22: no more of Player 2's defenders may leave ``area``."""
    left = d.pin_left.get(area)
    return left is not None and left <= 0


def _banned(d: R3State, area: str, house: str) -> frozenset[str]:
    """5.22: unpinned defenders may not leave across a border the attackers used."""
    if area not in d.pin_left:
        return frozenset()
    return frozenset(cf for b, cf in d.entries.get(area, ()) if d.house_of(b) != house and not cf.startswith("sea:"))


def do_land_move(state: State, house: str, block: str, path: tuple[str, ...], origin: str) -> None:
    d: R3State = state.data
    here = origin
    for n in path:
        d.cross(house, here, n)
        here = n
    dest = path[-1]
    came_from = path[-2] if len(path) > 1 else origin
    d.place(block, dest)
    d.moved.add(block)
    if origin in d.pin_left:
        d.pin_left[origin] -= 1
    d.record_entry(block, dest, came_from, house)
    route = " -> ".join((origin,) + path)
    state.emit(f"{house} moves {block}: {route}", "move", only=(house,), public=f"{house} moves a block: {route}")


# --------------------------------------------------------------------------- sea movement


def _can_sea_move_static(block: str, bombard_sea: bool) -> bool:
    if block in NO_SEA_MOVE:
        return False
    kind = tables().blocks[block].type
    if kind == "levy" or (kind == "bombard" and not bombard_sea):
        return False
    return True


def can_sea_move(d: R3State, block: str, bombard_sea: bool = False) -> bool:
    """5.3: Scots, Welsh, Rebel and levies never move by sea (the Bombard neither, A-21)."""
    return block in _mt().sea_ok[bool(bombard_sea)]


def sea_destinations(d: R3State, house: str, origin: str, piracy: bool = False) -> list[tuple[str, str]]:
    """(destination, sea) pairs for a sea move from ``origin`` (5.3): a friendly or vacant
    coastal or exile area on a sea ``origin`` touches, never an enemy exile area; with Piracy
    also enemy or contested areas (an attack across the sea, at most three approaches).
    Sorted by destination; each destination once, by the first of ``origin``'s seas that
    reaches it (for a Piracy attack, the first whose approach is allowed)."""
    t = tables()
    closed = _mt().closed[house]
    at = d.at
    hm = house_map(d.king)
    out: list[tuple[str, str]] = []
    for dest, seas in _mt().sea_targets[origin]:
        if dest in closed:
            continue
        for b in at[dest]:
            if hm[b] != house:
                break
        else:
            out.append((dest, seas[0]))
            continue
        if not piracy or t.exile_of[dest] is not None:
            continue
        for sea in seas:
            if _entry_ok(d, house, dest, f"sea:{sea}"):
                out.append((dest, sea))
                break
    return out


def do_sea_move(state: State, house: str, block: str, origin: str, dest: str, sea: str) -> None:
    d: R3State = state.data
    d.place(block, dest)
    d.moved.add(block)
    d.sea_moved.add(block)
    if origin in d.pin_left:
        d.pin_left[origin] -= 1
    d.record_entry(block, dest, f"sea:{sea}", house)
    state.emit(f"{house} ships {block}: {origin} -> {dest}", "move", only=(house,),
               public=f"{house} ships a block: {origin} -> {dest}")


# --------------------------------------------------------------------------- recruitment


def recruit_places(d: R3State, block: str) -> list[str]:
    """5.4: where a pool block may be recruited (areas sorted)."""
    mode, candidates = _mt().recruit[block]
    if mode == "never":
        return []  # heirs and the exile mercenaries are never recruited
    house = d.house_of(block)
    at = d.at
    hm = house_map(d.king)
    if mode == "vacant":
        return [a for a in candidates if not at[a]]
    out = []
    for a in candidates:
        found = at[a]
        if any(hm[b] != house for b in found):
            continue
        if mode == "held" and not found:
            continue
        out.append(a)
    return out


# --------------------------------------------------------------------------- pinning


def start_pins(d: R3State, house: str) -> None:
    """5.22 at the start of Player 2's actions: in each area Player 1 attacked, Player 1's
    non-reserve attackers pin as many defenders; the defender chooses which by moving the
    others (``pin_left`` counts how many may still leave)."""
    d.pin_left = {}
    enemy = other(house)
    for area, who in d.defender.items():
        if who != house:
            continue
        main = d.main_attack.get((area, enemy))
        attackers = sum(1 for b, cf in d.entries.get(area, ()) if d.house_of(b) == enemy and cf == main)
        defenders = d.count_in(area, house)
        d.pin_left[area] = defenders - min(defenders, attackers)


# --------------------------------------------------------------------------- the procedures
#
#   Actions (5.0)  the menu, until the action points are spent or the player ends
#     -> LandMove (5.2)   origin area -> LandGroup: a block at a time -> LandPath: its path
#     -> SeaMove (5.3)    origin area -> ShipBlock -> ShipTo -> AlsoShip (5.31, major ports)
#     -> Recruit (5.4)    a pool block and its area
#     -> Muster (5.1)     a block at a time -> MusterPath: its path into the muster area
#   (the Plague card's use is one choice of the menu itself)


_VERBS = {"surprise": "surprise move", "force_march": "force march"}
_LAND_EVENTS = (None, "surprise", "force_march", "treason")  # cards that allow land moves
_SEA_EVENTS = (None, "surprise", "piracy")  # cards that allow sea moves
_ONE_GROUP_EVENTS = ("surprise", "force_march", "treason", "muster")
# the decisions whose prompt names their area
_AREA_PROMPTS = {"action-group": "Move blocks from {}", "action-sea": "Ship blocks from {}",
                 "action-muster": "Muster blocks at {}"}
_RECRUITED = "recruited"  # what Recruit hands back to the menu


def _spend_for_group(d: R3State, house: str) -> None:
    """A land, sea or Muster group costs 1 AP; an event card gives exactly that one group."""
    d.ap[house] -= 1
    if d.card_event(house) in _ONE_GROUP_EVENTS:
        d.ap[house] = 0


class _HouseDecision(Decision):
    """A decision of the house spending its action points (frame variable ``house``)."""

    _pending_of: ClassVar[dict[str, Pending]] = {}  # house -> the pending decision, built with the class

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._pending_of = {h: Pending((h,), cls.kind, cls.prompt) for h in HOUSES}

    def decider(self, state: State, frame: Frame) -> str:
        return frame.vars["house"]

    def pending(self, state: State, frame: Frame) -> Pending:
        return self._pending_of[frame.vars["house"]]


class _AtArea(_HouseDecision):
    """A decision whose prompt names an area, the frame variable ``area_var``."""

    area_var: ClassVar[str] = "origin"

    def pending(self, state: State, frame: Frame) -> Pending:
        return _mt().pendings[(frame.vars["house"], self.kind, frame.vars[self.area_var])]


class _HouseChoice(_HouseDecision, Choice):
    """One step of a move; asked even when it has a single possibility (every step of a move
    is a decision of its own, which logs, saves and agents see)."""

    ask_single = True


class _AreaChoice(_AtArea, _HouseChoice):
    """A step of a move whose prompt names an area."""


class Actions(_HouseDecision):
    """One player spends his card's action points (1.2, 5.0)."""

    rule = "5.0"
    kind = "action-menu"
    prompt = "Spend your action points (or end your actions)"
    recruiting_prompt = "Recruit again or end your actions (no land or sea moves after a recruit this turn, A-49)"

    def pending(self, state: State, frame: Frame) -> Pending:
        """The menu says why land and sea moves are gone once a recruit is placed (A-49)."""
        house = frame.vars["house"]
        if frame.vars["recruiting"]:
            return Pending((house,), self.kind, self.recruiting_prompt)
        return self._pending_of[house]

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        d.phase = "action"
        house = frame.vars["house"] = var(state, "house")
        frame.vars["recruiting"] = False  # once a recruit is placed, no more moves
        if house != d.player1:
            start_pins(d, house)
        else:
            d.pin_left = {}
        state.emit(f"{house} acts with {cardrules.card_label(d.cards[house])}", "phase")
        if d.ap[house] <= 0:
            end(state)

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        """The kind of action: land moves, sea moves and recruits are offered as one choice
        each when at least one exists, and the area or block is the next decision (LandMove,
        SeaMove, Recruit). Plague and Muster name their area at once."""
        d: R3State = state.data
        house = frame.vars["house"]
        event = d.card_event(house)
        out: list[Action] = []
        mt = _mt()
        if event == "plague":
            for a in cardrules.plague_targets(d, house, state.options["plague_target"]):
                out.append(Action(house, f"plague {a}", "plague", a))
        elif event == "muster":
            reachable: set[str] = set()
            rules = parameters(state)
            for a in _own_movable_areas(d, house):
                reachable |= _land_ends(d, house, a, _banned(d, a, house), rules)
            musters = mt.muster_actions[house]
            for a in sorted(reachable):
                if not d.at[a] or d.occupant(a) == house:  # friendly or vacant
                    out.append(musters[a])
        else:
            if not frame.vars["recruiting"]:  # no moves once a recruit is placed
                bombard_sea = state.options["bombard_sea_moves"]
                land, sea = _move_kinds(d, house, event in _LAND_EVENTS, event in _SEA_EVENTS,
                                        event == "piracy", bombard_sea)
                if land:
                    out.append(mt.pick_actions[(house, "land", event)])
                if sea:
                    out.append(mt.pick_actions[(house, "sea", None)])
            if event is None and _any_recruit(d, house):
                out.append(mt.pick_actions[(house, "recruit", None)])
        out.append(mt.end_actions[house])
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d: R3State = state.data
        house = frame.vars["house"]
        kind = action.kind
        if kind == "end":
            state.emit(f"{house} ends its actions", "phase")
            end(state)
        elif kind == "plague":  # 5.1 Plague: the card's whole use
            d.ap[house] = 0
            cardrules.plague(state, house, action.args)
            end(state)
        elif kind == "pick":
            call(state, _PICKED[action.args], house=house)
        elif kind == "muster":  # 5.1 Muster
            _spend_for_group(d, house)
            d.event_area = action.args
            state.emit(f"{house} musters at {action.args}", "event")
            call(state, Muster, house=house, target=action.args)
        else:
            raise ValueError(f"unknown action kind {kind!r}")

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        """Back at the menu after a move, a recruit or a Muster: on while AP are left."""
        if result == _RECRUITED:
            frame.vars["recruiting"] = True
        free_henry_vi(state)  # Kingmaker: checked after every action
        house = frame.vars["house"]
        if state.data.ap[house] <= 0:
            state.emit(f"{house} has spent its action points", "phase")
            end(state)


# --- 5.2 land moves


class LandMove(_HouseChoice):
    """A land move, first choice: the area to move a group from (1 AP)."""

    rule = "5.2"
    kind = "action-pick"
    prompt = "Move by land from which area?"

    def options(self, state: State, frame: Frame) -> list[str]:
        d: R3State = state.data
        house = frame.vars["house"]
        acts = _mt().land_actions[(house, d.card_event(house))]
        return [a for a in _own_movable_areas(d, house) if a in acts]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        acts = _mt().land_actions[(player, state.data.card_event(player))]
        return [acts[a] for a in frame.vars["options"]]

    def choose(self, state: State, frame: Frame, option: str) -> None:
        d: R3State = state.data
        house = frame.vars["house"]
        event = d.card_event(house)
        _spend_for_group(d, house)
        goto(state, LandGroup, house=house, origin=option,
             bonus=1 if event == "surprise" else 0,  # 5.1 Surprise: border limits +1
             reach=3 if event == "force_march" else 2)  # 5.1 Force March: three areas


class LandGroup(_AtArea):
    """A land move, then: a block of the group at a time, or done."""

    rule = "5.2"
    kind = "action-group"
    prompt = _AREA_PROMPTS[kind]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        mt = _mt()
        selects = mt.select_actions[player]
        out = [selects[b] for b in self._blocks(state, frame)]
        out.append(mt.done_actions[player][frame.vars["origin"]])
        return out

    def _blocks(self, state: State, frame: Frame) -> list[str]:
        """The blocks still to move from the origin: none once it is pinned out (5.22) or
        no border is open (5.21)."""
        d: R3State = state.data
        house = frame.vars["house"]
        origin = frame.vars["origin"]
        if _pinned_out(d, origin):
            return []
        blocks = _movable_in(d, origin, house)
        if not blocks or not _has_land_path(d, house, origin, frame.vars["bonus"], _banned(d, origin, house), parameters(state)):
            return []
        return blocks

    def act(self, state: State, frame: Frame, action: Action) -> None:
        if action.kind == "done":
            end(state)
            return
        v = frame.vars
        call(state, LandPath, house=v["house"], block=action.args, origin=v["origin"], bonus=v["bonus"], reach=v["reach"])

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        if not self._blocks(state, frame):
            end(state)


class LandPath(_AreaChoice):
    """The selected block's path (explicit: border limits count every border)."""

    rule = "5.21"
    kind = "action-group"
    prompt = _AREA_PROMPTS[kind]

    def options(self, state: State, frame: Frame) -> list[tuple[str, ...]]:
        d: R3State = state.data
        v = frame.vars
        house, origin = v["house"], v["origin"]
        return land_paths(d, house, origin, v["reach"], v["bonus"], _banned(d, origin, house), rules=parameters(state))

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        v = frame.vars
        head = f"move {v['block']}: {v['origin']} -> "
        return [Action(player, head + " -> ".join(path), "path", path) for path in v["options"]]

    def choose(self, state: State, frame: Frame, option: tuple[str, ...]) -> None:
        v = frame.vars
        do_land_move(state, v["house"], v["block"], option, v["origin"])
        end(state)


# --- 5.1 Muster


class Muster(_AtArea):
    """Muster: blocks that can end a normal move in the muster area go there, one at a
    time, until the player is done (A-8)."""

    rule = "5.1"
    kind = "action-muster"
    prompt = _AREA_PROMPTS[kind]
    area_var = "target"

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        mt = _mt()
        target = frame.vars["target"]
        selects = mt.select_actions[player]
        out = [selects[b] for b, _origin in _muster_blocks(state, player, target)]
        out.append(mt.muster_done_actions[player][target])
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        if action.kind == "done":
            self._close(state)
            return
        block = action.args
        call(state, MusterPath, house=frame.vars["house"], block=block, origin=state.data.loc[block],
             target=frame.vars["target"])

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        if not _muster_blocks(state, frame.vars["house"], frame.vars["target"]):
            self._close(state)

    @staticmethod
    def _close(state: State) -> None:
        state.data.event_area = None
        end(state)


class MusterPath(LandPath):
    """Muster: the selected block's path, a normal move ending in the muster area."""

    rule = "5.1"
    kind = "action-muster"
    prompt = _AREA_PROMPTS[kind]
    area_var = "target"

    def options(self, state: State, frame: Frame) -> list[tuple[str, ...]]:
        d: R3State = state.data
        v = frame.vars
        house, here = v["house"], v["origin"]
        return land_paths(d, house, here, 2, 0, _banned(d, here, house), v["target"], rules=parameters(state))


def _muster_blocks(state: State, house: str, target: str) -> list[tuple[str, str]]:
    """(block, origin) pairs of blocks that can end a normal move at ``target`` (A-8)."""
    d: R3State = state.data
    rules = parameters(state)
    out: list[tuple[str, str]] = []
    for a in _own_movable_areas(d, house):
        if a != target and land_paths(d, house, a, 2, 0, _banned(d, a, house), target, rules=rules, first=True):
            out.extend((b, a) for b in _movable_in(d, a, house))
    return out


# --- 5.3 sea moves


class SeaMove(_HouseChoice):
    """A sea move, first choice: the area to ship from (1 AP)."""

    rule = "5.3"
    kind = "action-pick"
    prompt = "Move by sea from which area?"

    def options(self, state: State, frame: Frame) -> list[str]:
        house = frame.vars["house"]
        d: R3State = state.data
        return _sea_from(d, house, d.card_event(house) == "piracy", state.options["bombard_sea_moves"])

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        acts = _mt().sea_actions[player]
        return [acts[a] for a in frame.vars["options"]]

    def choose(self, state: State, frame: Frame, option: str) -> None:
        house = frame.vars["house"]
        _spend_for_group(state.data, house)
        goto(state, ShipBlock, house=house, origin=option)


def _sea_blocks(state: State, house: str, origin: str) -> list[str]:
    """``house``'s blocks in ``origin`` that may still move by sea (none once pinned out, 5.22)."""
    d: R3State = state.data
    if _pinned_out(d, origin):
        return []
    sea_ok = _mt().sea_ok[state.options["bombard_sea_moves"]]
    return [b for b in _movable_in(d, origin, house) if b in sea_ok]


class ShipBlock(_AreaChoice):
    """A sea move, second choice: the block to ship."""

    rule = "5.3"
    kind = "action-sea"
    prompt = _AREA_PROMPTS[kind]

    def options(self, state: State, frame: Frame) -> list[str]:
        return _sea_blocks(state, frame.vars["house"], frame.vars["origin"])

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        ships = _mt().ship_select_actions[player]
        return [ships[b] for b in frame.vars["options"]]

    def choose(self, state: State, frame: Frame, option: str) -> None:
        goto(state, ShipTo, house=frame.vars["house"], origin=frame.vars["origin"], block=option)


class ShipTo(_AreaChoice):
    """A sea move, third choice: the landing (with Piracy, maybe an attack)."""

    rule = "5.3"
    kind = "action-sea"
    prompt = _AREA_PROMPTS[kind]

    def options(self, state: State, frame: Frame) -> list[tuple[str, str]]:
        house = frame.vars["house"]
        d: R3State = state.data
        return sea_destinations(d, house, frame.vars["origin"], d.card_event(house) == "piracy")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        head = f"ship {frame.vars['block']}: {frame.vars['origin']} -> "
        return [Action(player, head + dest_sea[0], "ship", dest_sea) for dest_sea in frame.vars["options"]]

    def choose(self, state: State, frame: Frame, option: tuple[str, str]) -> None:
        d: R3State = state.data
        house, origin = frame.vars["house"], frame.vars["origin"]
        dest, sea = option
        do_sea_move(state, house, frame.vars["block"], origin, dest, sea)
        t = tables()
        if (d.card_event(house) != "piracy" and t.major_port[origin] and t.major_port[dest]
                and _sea_blocks(state, house, origin) and not d.is_contested(dest)):
            goto(state, AlsoShip, house=house, origin=origin, dest=dest, sea=sea)
        else:
            end(state)


class AlsoShip(_AreaChoice):
    """Between two major ports a second block may follow for the same AP, or not."""

    rule = "5.31"
    kind = "action-sea"
    prompt = _AREA_PROMPTS[kind]

    def options(self, state: State, frame: Frame) -> list[str | tuple[()]]:
        return [*_sea_blocks(state, frame.vars["house"], frame.vars["origin"]), ()]  # () is "done shipping"

    def action(self, state: State, frame: Frame, player: str, option: str | tuple[()]) -> Action:
        if not isinstance(option, str):
            return Action(player, "done shipping", "done")
        return Action(player, f"also ship {option}: {frame.vars['origin']} -> {frame.vars['dest']}", "ship2", option)

    def choose(self, state: State, frame: Frame, option: str | tuple[()]) -> None:
        if isinstance(option, str):
            v = frame.vars
            do_sea_move(state, v["house"], option, v["origin"], v["dest"], v["sea"])
        end(state)


# --- 5.4 recruitment


class Recruit(_HouseChoice):
    """A recruit (1 AP): a face-up pool block and the area it enters. Recruits come after
    all of a player's moves (1.2, A-49)."""

    rule = "5.4"
    kind = "action-pick"
    prompt = "Recruit which block, and where?"

    def options(self, state: State, frame: Frame) -> list[tuple[str, str]]:
        return [a.args for a in _recruit_actions(state.data, frame.vars["house"])]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        acts = _mt().recruit_action_of[player]
        return [acts[o] for o in frame.vars["options"]]

    def choose(self, state: State, frame: Frame, option: tuple[str, str]) -> None:
        d: R3State = state.data
        house = frame.vars["house"]
        block, area = option
        d.ap[house] -= 1
        d.place(block, area)
        d.steps[block] = tables().blocks[block].max_strength
        d.recruited.add(block)
        state.emit(f"{house} recruits {block} in {area}", "recruit", only=(house,),
                   public=f"{house} recruits a block in {area}")
        end(state, _RECRUITED)


_PICKED: dict[str, type[Procedure]] = {"land": LandMove, "sea": SeaMove, "recruit": Recruit}



def _own_movable_areas(d: R3State, house: str) -> list[str]:
    """Areas (in area order) with an own block that may still move this turn, not pinned in
    (5.22)."""
    mt = _mt()
    own = mt.movers[(d.king, house, False)]
    moved = d.moved
    recruited = d.recruited
    pin_left = d.pin_left
    out = []
    for a, found in zip(mt.areas, mt.at_of(d.at)):
        for b in found:
            if own[b] and b not in moved and b not in recruited:
                if a not in pin_left or pin_left[a] > 0:
                    out.append(a)
                break
    return out


def _move_kinds(
    d: R3State, house: str, want_land: bool, want_sea: bool, piracy: bool, bombard_sea: bool
) -> tuple[bool, bool]:
    """Whether the menu offers a land move (5.2) and a sea move (5.3): an own block that may
    still move, not pinned in, from an area with a neighbour (land; border limits are judged
    when the blocks are chosen) or, for a block that may go by sea, with a friendly or vacant
    landing (with Piracy, any of :func:`sea_destinations`). :func:`_land_actions` and
    :func:`_sea_from` list the same areas in full."""
    mt = _mt()
    movers = mt.movers[(d.king, house, bombard_sea)]
    own = mt.movers[(d.king, house, False)]
    landings = mt.landings[house]
    land_ok = mt.land_ok
    moved = d.moved
    recruited = d.recruited
    pin_left = d.pin_left
    at = d.at
    land = not want_land  # a kind not wanted counts as found: the scan stops on the other
    sea = not want_sea
    sea_mover = Mover.SEA
    for a, found in zip(mt.areas, mt.at_of(at)):
        if not found:
            continue
        mover = by_sea = False
        for b in found:
            m = movers[b]
            if m and b not in moved and b not in recruited:
                mover = True
                if m == sea_mover:
                    by_sea = True
                    break
        if not mover or (a in pin_left and pin_left[a] <= 0):
            continue
        if not land and land_ok[a]:
            land = True
        if not sea and by_sea:
            sea = _can_land(at, landings[a], own) or bool(
                piracy and landings[a] and sea_destinations(d, house, a, piracy))
        if land and sea:
            break
    return land and want_land, sea and want_sea


def _land_actions(d: R3State, house: str, event: str | None) -> list[Action]:
    """ "land move from A" (or the event's verb) for each area with own blocks that may move."""
    acts = _mt().land_actions[(house, event)]
    return [acts[a] for a in _own_movable_areas(d, house) if a in acts]


def _can_land(at: dict[str, tuple[str, ...]], landings: tuple[str, ...], own: dict[str, Mover]) -> bool:
    """Whether one of ``landings`` holds no enemy block (``own[b]`` is false for the enemy's)."""
    for c in landings:
        for b in at[c]:
            if not own[b]:
                break  # enemy blocks: no landing there
        else:
            return True
    return False


def _sea_from(d: R3State, house: str, piracy: bool, bombard_sea: bool) -> list[str]:
    """Areas (in area order) from which a sea move is possible (5.3): own blocks that may move
    by sea, not pinned in, and a friendly or vacant landing on one of the area's seas (with
    Piracy, any destination of :func:`sea_destinations`)."""
    mt = _mt()
    landings = mt.landings[house]
    movers = mt.movers[(d.king, house, bombard_sea)]
    own = mt.movers[(d.king, house, False)]
    sea_mover = Mover.SEA
    moved = d.moved
    recruited = d.recruited
    pin_left = d.pin_left
    at = d.at
    out = []
    for a, found in zip(mt.areas, mt.at_of(at)):
        if not found:
            continue
        for b in found:
            if movers[b] == sea_mover and b not in moved and b not in recruited:
                break
        else:
            continue  # no own block here may move by sea
        if a in pin_left and pin_left[a] <= 0:
            continue  # 5.22: pinned
        if _can_land(at, landings[a], own) or (piracy and landings[a] and sea_destinations(d, house, a, piracy)):
            out.append(a)
    return out


def _sea_actions(d: R3State, house: str, piracy: bool, bombard_sea: bool) -> list[Action]:
    """ "sea move from A" for each area with own blocks that may move by sea somewhere."""
    acts = _mt().sea_actions[house]
    return [acts[a] for a in _sea_from(d, house, piracy, bombard_sea)]


def _recruit_options(d: R3State, house: str, first: bool) -> list[Action]:
    """5.4: "recruit B in A" for each face-up pool block and each area open to it ("open": no
    enemy block there; "held": own blocks only; "vacant": empty); ``first``: stop at one."""
    mt = _mt()
    out: list[Action] = []
    king = d.king
    recruit = mt.recruit_actions[house]
    loc = d.loc
    down = d.down
    own = mt.movers[(king, house, False)]
    at = d.at
    for b in mt.recruitable_by[(king, house)]:
        if loc[b] != POOL or b in down:
            continue
        mode, places = recruit[b]
        for a, act in places:
            found = at[a]
            if mode == "vacant":
                if found:
                    continue
            elif found:
                for x in found:
                    if not own[x]:
                        break
                else:
                    found = ()
                if found:
                    continue  # an enemy block there
            elif mode == "held":
                continue
            out.append(act)
            if first:
                return out
    return out


def _any_recruit(d: R3State, house: str) -> bool:
    return bool(_recruit_options(d, house, True))


def _recruit_actions(d: R3State, house: str) -> list[Action]:
    return _recruit_options(d, house, False)


def _movable_in(d: R3State, area: str, house: str) -> list[str]:
    """``house``'s blocks in ``area`` that may still move this turn, in order of arrival."""
    hm = house_map(d.king)
    moved = d.moved
    recruited = d.recruited
    return [b for b in d.at[area] if hm[b] == house and b not in moved and b not in recruited]


# --------------------------------------------------------------------------- 6.3 main attack


def attacked_areas(d: R3State, house: str) -> list[tuple[str, list[str]]]:
    """Areas ``house`` attacked this turn with the borders it used, sorted."""
    out = []
    for area in sorted(d.defender):
        if d.defender[area] == house:
            continue
        used = sorted(attack_borders(d, area, house))
        if used and any(d.house_of(b) == house for b in d.at[area]):
            out.append((area, used))
    return out


class MainAttack(Procedure):
    """The attacker names the Main Attack border of each area he attacked (6.3, A-61).

    Asked at the end of his action phase when he used more than one border; a single border
    is named for him."""

    rule = "6.3"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        if not d.defender:
            end(state)  # nobody attacked anywhere
            return
        house = frame.vars["house"] = var(state, "house")
        for area, used in attacked_areas(d, house):
            if (area, house) not in d.main_attack and len(used) == 1:
                d.main_attack[(area, house)] = used[0]
        if not self._open(d, house):
            end(state)

    def _open(self, d: R3State, house: str) -> list[tuple[str, list[str]]]:
        return [(a, u) for a, u in attacked_areas(d, house) if (a, house) not in d.main_attack]

    def pending(self, state: State, frame: Frame) -> Pending:
        return Pending((frame.vars["house"],), "main-attack", "Declare the Main Attack border")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        area, used = self._open(state.data, player)[0]
        return [Action(player, f"main attack on {area} from {cf}", "main", (area, cf)) for cf in used]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d: R3State = state.data
        area, cf = action.args
        d.main_attack[(area, action.player)] = cf
        state.emit(f"{action.player} declares the main attack on {area} from {cf}", "declare")
        if not self._open(d, action.player):
            end(state)
