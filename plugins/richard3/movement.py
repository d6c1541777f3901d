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

from typing import Any

from banneret import Action, Pending, Procedure
from banneret.flow import end, var

from banneret_richard3 import cards as cardrules
from banneret_richard3.state import BORDER_LIMIT, POOL, R3State, border_key, other, tables

__all__ = [
    "NO_SEA_MOVE", "ATTACK_BORDERS", "REINFORCE_BORDERS", "land_paths", "sea_destinations",
    "can_sea_move", "recruit_places", "Actions", "MainAttack", "start_pins", "attack_borders",
]

# 5.3: these never move by sea (the Bombard too, A-21, unless the option allows it).
NO_SEA_MOVE = frozenset({"scots_mercenary", "welsh_mercenary", "rebel"})
ATTACK_BORDERS = 3  # 6.3: an attack may cross at most three different borders
REINFORCE_BORDERS = 2  # 6.3: Player 2's reinforcements at most two


# --------------------------------------------------------------------------- land movement


def _enemy_in(d: R3State, area: str, house: str) -> bool:
    found = d.at[area]
    if not found:
        return False
    printed = _printed_house()
    rebel_is_enemy = d.pretender != house
    for b in found:
        h = printed[b]
        if h == "rebel":
            if rebel_is_enemy:
                return True
        elif h != house:
            return True
    return False


_PRINTED: dict[str, str] = {}


def _printed_house() -> dict[str, str]:
    if not _PRINTED:
        _PRINTED.update({b.id: b.house for b in tables().blocks.values()})
    return _PRINTED


def attack_borders(d: R3State, area: str, house: str) -> set[str]:
    """The borders (came_from values) ``house``'s blocks used to enter ``area`` this turn."""
    return {cf for b, cf in d.entries.get(area, ()) if d.house_of(b) == house}


def _entry_ok(d: R3State, house: str, dest: str, came_from: str) -> bool:
    """6.3: into an area holding enemy blocks, a house uses at most three borders (attack) or,
    for Player 2 reinforcing a battle he defends, two."""
    used = attack_borders(d, dest, house)
    if came_from in used:
        return True
    limit = REINFORCE_BORDERS if d.defender.get(dest) == house else ATTACK_BORDERS
    return len(used) < limit


def land_paths(
    d: R3State, house: str, origin: str, steps: int = 2, bonus: int = 0,
    banned: frozenset[str] | set[str] = frozenset(), target: str | None = None,
) -> list[tuple[str, ...]]:
    """Every legal land path of a ``house`` block from ``origin`` (5.2, 5.21): up to ``steps``
    areas; through friendly or vacant areas only; stop on entering an area with enemy blocks
    or after crossing a red border; border limits per player per turn (+``bonus``); never into
    an enemy exile area; ``banned`` borders (pinning, 5.22) may not be crossed on leaving
    ``origin``; with ``target`` only paths ending there (Muster). Paths exclude ``origin``
    and never revisit an area."""
    t = tables()
    out: list[tuple[str, ...]] = []
    neighbours = t.neighbours
    colours = t.colour
    exile_of = t.exile_of
    crossings = d.crossings

    def walk(path: tuple[str, ...], here: str, depth: int) -> None:
        for n in neighbours[here]:
            if n == origin or n in path:
                continue
            ex = exile_of[n]
            if ex is not None and ex != house:
                continue
            if depth == 0 and n in banned:
                continue
            k = border_key(here, n)
            colour = colours[k]
            if crossings.get((house, k[0], k[1]), 0) >= BORDER_LIMIT[colour] + bonus:
                continue
            new = path + (n,)
            if _enemy_in(d, n, house):
                if _entry_ok(d, house, n, here) and (target is None or n == target):
                    out.append(new)
                continue
            if target is None or n == target:
                out.append(new)
            if colour != "red" and depth + 1 < steps and n != target:
                walk(new, n, depth + 1)

    walk((), origin, 0)
    return out


def _movable(d: R3State, block: str) -> bool:
    return block not in d.moved and block not in d.recruited


def _pinned_out(d: R3State, area: str) -> bool:
    """5.22: no more of Player 2's defenders may leave ``area``."""
    left = d.pin_left.get(area)
    return left is not None and left <= 0


def _banned(d: R3State, area: str, house: str) -> frozenset[str]:
    """5.22: unpinned defenders may not leave across a border the attackers used."""
    if area not in d.pin_left:
        return frozenset()
    return frozenset(cf for b, cf in d.entries.get(area, ()) if d.house_of(b) != house and not cf.startswith("sea:"))


def do_land_move(state: Any, house: str, block: str, path: tuple[str, ...], origin: str) -> None:
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


def can_sea_move(d: R3State, block: str, bombard_sea: bool = False) -> bool:
    """5.3: Scots, Welsh, Rebel and levies never move by sea (the Bombard neither, A-21)."""
    if block in NO_SEA_MOVE:
        return False
    kind = tables().blocks[block].type
    if kind == "levy" or (kind == "bombard" and not bombard_sea):
        return False
    return True


def sea_destinations(d: R3State, house: str, origin: str, piracy: bool = False) -> list[tuple[str, str]]:
    """(destination, sea) pairs for a sea move from ``origin`` (5.3): a friendly or vacant
    coastal or exile area on a sea ``origin`` touches, never an enemy exile area; with Piracy
    also enemy or contested areas (an attack across the sea, at most three approaches)."""
    t = tables()
    seen: dict[str, str] = {}
    for sea in t.seas[origin]:
        for dest in t.coasts[sea]:
            if dest == origin or dest in seen:
                continue
            ex = t.exile_of[dest]
            if ex is not None and ex != house:
                continue
            if _enemy_in(d, dest, house):
                if not piracy or ex is not None or not _entry_ok(d, house, dest, f"sea:{sea}"):
                    continue
            seen[dest] = sea
    return sorted(seen.items())


def _has_sea_destination(d: R3State, house: str, origin: str, piracy: bool) -> bool:
    """Whether :func:`sea_destinations` would find anything (cheap early exit)."""
    t = tables()
    for sea in t.seas[origin]:
        for dest in t.coasts[sea]:
            if dest == origin:
                continue
            ex = t.exile_of[dest]
            if ex is not None and ex != house:
                continue
            if not _enemy_in(d, dest, house):
                return True
    return bool(piracy and sea_destinations(d, house, origin, piracy))


def do_sea_move(state: Any, house: str, block: str, origin: str, dest: str, sea: str) -> None:
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
    t = tables()
    info = t.blocks[block]
    house = d.house_of(block)
    kind = info.type

    def open_(a: str) -> bool:
        occ = d.occupant(a)
        return occ == house or not d.at[a]

    if kind == "noble":
        return sorted(a for a in set(info.shields) if open_(a))
    if kind == "church":
        a = t.cathedral_area[info.cathedral]
        return [a] if open_(a) else []
    if kind == "levy":
        a = t.city_area[info.city]
        return [a] if open_(a) else []
    if kind == "bombard":
        return [a for a in t.areas if t.cities[a] and d.occupant(a) == house]
    if kind == "rebel":
        return [a for a in t.areas if t.exile_of[a] is None and not d.at[a]]
    if kind == "mercenary" and info.home is None:  # the Welsh
        return [a for a in t.welsh if open_(a)]
    return []  # heirs and the exile mercenaries are never recruited


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


# --------------------------------------------------------------------------- the procedure


def _label_path(block: str, origin: str, path: tuple[str, ...]) -> str:
    return f"move {block}: " + " -> ".join((origin,) + path)


class Actions(Procedure):
    """One player spends his card's action points (1.2, 5.0)."""

    rule = "5.0"

    def start(self, state: Any, frame: Any) -> None:
        d: R3State = state.data
        d.phase = "action"
        house = frame["house"] = var(state, "house")
        frame["mode"] = "menu"
        frame["origin"] = None
        frame["sel"] = None
        frame["bonus"] = 0
        frame["reach"] = 2
        frame["recruiting"] = False
        frame["dest"] = None
        if house != d.player1:
            start_pins(d, house)
        else:
            d.pin_left = {}
        state.emit(f"{house} acts with {cardrules.card_label(d.cards[house])}", "phase")
        if d.ap[house] <= 0:
            end(state)

    # --- what may be done -------------------------------------------------------------
    def pending(self, state: Any, frame: Any) -> Pending:
        mode = frame["mode"]
        prompt = {
            "menu": "Spend your action points (or end your actions)",
            "group": f"Move blocks from {frame['origin']}",
            "sea": f"Ship blocks from {frame['origin']}",
            "muster": f"Muster blocks at {frame['origin']}",
        }[mode]
        return Pending((frame["house"],), f"action-{mode}", prompt)

    def actions(self, state: Any, frame: Any, player: str) -> list[Action]:
        mode = frame["mode"]
        if mode == "menu":
            return self._menu(state, frame, player)
        if mode == "group":
            return self._group(state, frame, player)
        if mode == "sea":
            return self._sea(state, frame, player)
        return self._muster(state, frame, player)

    def _menu(self, state: Any, frame: Any, house: str) -> list[Action]:
        d: R3State = state.data
        event = d.card_event(house)
        out: list[Action] = []
        bombard_sea = state.options.get("bombard_sea_moves", False)
        if event == "plague":
            reading = state.options.get("plague_target", "occupied")
            for a in cardrules.plague_targets(d, house, reading):
                out.append(Action(house, f"plague {a}", "plague", a))
        elif event == "muster":
            reachable: set[str] = set()
            for a in _own_areas(d, house):
                if not _pinned_out(d, a) and any(_movable(d, b) for b in d.blocks_in(a, house)):
                    reachable.update(p[-1] for p in land_paths(d, house, a, 2, 0, _banned(d, a, house)))
            for a in sorted(reachable):
                if not d.at[a] or d.occupant(a) == house:  # friendly or vacant
                    out.append(Action(house, f"muster at {a}", "muster", a))
        else:
            land = event in (None, "surprise", "force_march", "treason")
            sea = event in (None, "surprise", "piracy")
            if not frame["recruiting"]:
                areas = _own_areas(d, house)
                if land:
                    verb = {"surprise": "surprise move", "force_march": "force march"}.get(event or "", "land move")
                    for a in areas:
                        if _can_leave(d, house, a):
                            out.append(Action(house, f"{verb} from {a}", "group", a))
                if sea:
                    piracy = event == "piracy"
                    for a in areas:
                        if not tables().seas[a] or _pinned_out(d, a):
                            continue
                        if any(_movable(d, b) and can_sea_move(d, b, bombard_sea) for b in d.blocks_in(a, house)):
                            if _has_sea_destination(d, house, a, piracy):
                                out.append(Action(house, f"sea move from {a}", "sea", a))
            if event is None:
                for b in d.pool(house):
                    for a in recruit_places(d, b):
                        out.append(Action(house, f"recruit {b} in {a}", "recruit", (b, a)))
        out.append(Action(house, "end actions", "end"))
        return out

    def _group(self, state: Any, frame: Any, house: str) -> list[Action]:
        d: R3State = state.data
        origin = frame["origin"]
        sel = frame["sel"]
        if sel is None:
            out = [Action(house, f"select {b}", "select", b)
                   for b in self._group_blocks(d, frame, house)]
            out.append(Action(house, f"done moving from {origin}", "done"))
            return out
        return [Action(house, _label_path(sel, origin, p), "path", p) for p in self._paths(d, frame, house)]

    def _paths(self, d: R3State, frame: Any, house: str) -> list[tuple[str, ...]]:
        origin = frame["origin"]
        return land_paths(d, house, origin, frame["reach"], frame["bonus"], _banned(d, origin, house))

    def _group_blocks(self, d: R3State, frame: Any, house: str) -> list[str]:
        origin = frame["origin"]
        if _pinned_out(d, origin):
            return []
        blocks = [b for b in d.blocks_in(origin, house) if _movable(d, b)]
        if not blocks or not self._paths(d, frame, house):
            return []
        return blocks

    def _sea(self, state: Any, frame: Any, house: str) -> list[Action]:
        d: R3State = state.data
        origin = frame["origin"]
        sel = frame["sel"]
        piracy = d.card_event(house) == "piracy"
        bombard_sea = state.options.get("bombard_sea_moves", False)
        if frame["dest"] is not None:  # 5.31: a second block between major ports
            dest, sea = frame["dest"]
            out = [Action(house, f"also ship {b}: {origin} -> {dest}", "ship2", b)
                   for b in self._sea_blocks(d, origin, house, bombard_sea)]
            out.append(Action(house, "done shipping", "done"))
            return out
        if sel is None:
            return [Action(house, f"ship {b}", "select", b) for b in self._sea_blocks(d, origin, house, bombard_sea)]
        return [Action(house, f"ship {sel}: {origin} -> {dest}", "ship", (dest, sea))
                for dest, sea in sea_destinations(d, house, origin, piracy)]

    def _sea_blocks(self, d: R3State, origin: str, house: str, bombard_sea: bool) -> list[str]:
        if _pinned_out(d, origin):
            return []
        return [b for b in d.blocks_in(origin, house) if _movable(d, b) and can_sea_move(d, b, bombard_sea)]

    def _muster_blocks(self, d: R3State, house: str, target: str) -> list[tuple[str, str]]:
        """(block, origin) pairs of blocks that can end a normal move at ``target`` (A-8)."""
        out = []
        for a in _own_areas(d, house):
            if a == target or _pinned_out(d, a):
                continue
            blocks = [b for b in d.blocks_in(a, house) if _movable(d, b)]
            if blocks and land_paths(d, house, a, 2, 0, _banned(d, a, house), target):
                out.extend((b, a) for b in blocks)
        return out

    def _muster(self, state: Any, frame: Any, house: str) -> list[Action]:
        d: R3State = state.data
        target = frame["origin"]
        sel = frame["sel"]
        if sel is None:
            out = [Action(house, f"select {b}", "select", b) for b, a in self._muster_blocks(d, house, target)]
            out.append(Action(house, f"done mustering at {target}", "done"))
            return out
        here = d.loc[sel]
        return [Action(house, _label_path(sel, here, p), "path", p)
                for p in land_paths(d, house, here, 2, 0, _banned(d, here, house), target)]

    # --- doing it ---------------------------------------------------------------------
    def act(self, state: Any, frame: Any, action: Action) -> None:
        d: R3State = state.data
        house = frame["house"]
        kind = action.kind
        if kind == "end":
            state.emit(f"{house} ends its actions", "phase")
            end(state)
            return
        if kind == "plague":
            d.ap[house] = 0
            cardrules.plague(state, house, action.args)
            end(state)
            return
        if kind == "recruit":
            block, area = action.args
            d.ap[house] -= 1
            frame["recruiting"] = True
            d.place(block, area)
            d.steps[block] = tables().blocks[block].max_strength
            d.recruited.add(block)
            state.emit(f"{house} recruits {block} in {area}", "recruit", only=(house,),
                       public=f"{house} recruits a block in {area}")
            self._after_action(state, frame, house)
            return
        if kind in ("group", "sea", "muster"):
            d.ap[house] -= 1
            frame["mode"] = kind
            frame["origin"] = action.args
            frame["sel"] = None
            event = d.card_event(house)
            frame["bonus"] = 1 if event == "surprise" and kind == "group" else 0
            frame["reach"] = 3 if event == "force_march" else 2
            if kind == "muster":
                d.event_area = action.args
                state.emit(f"{house} musters at {action.args}", "event")
            if event in ("surprise", "force_march", "treason", "muster"):
                d.ap[house] = 0  # the event gives exactly this one group
            return
        if kind == "select":
            frame["sel"] = action.args
            return
        if kind == "path":
            block = frame["sel"]
            origin = frame["origin"] if frame["mode"] == "group" else d.loc[block]
            do_land_move(state, house, block, action.args, origin)
            frame["sel"] = None
            if frame["mode"] == "group":
                if not self._group_blocks(d, frame, house):
                    self._close(state, frame, house)
            elif not self._muster_blocks(d, house, frame["origin"]):
                self._close(state, frame, house)
            return
        if kind == "ship":
            dest, sea = action.args
            block = frame["sel"]
            origin = frame["origin"]
            do_sea_move(state, house, block, origin, dest, sea)
            frame["sel"] = None
            t = tables()
            bombard_sea = state.options.get("bombard_sea_moves", False)
            if (d.card_event(house) != "piracy" and t.major_port[origin] and t.major_port[dest]
                    and self._sea_blocks(d, origin, house, bombard_sea) and not d.is_contested(dest)):
                frame["dest"] = (dest, sea)
                return
            self._close(state, frame, house)
            return
        if kind == "ship2":
            dest, sea = frame["dest"]
            do_sea_move(state, house, action.args, frame["origin"], dest, sea)
            self._close(state, frame, house)
            return
        if kind == "done":
            self._close(state, frame, house)
            return
        raise ValueError(f"unknown action kind {kind!r}")

    def _close(self, state: Any, frame: Any, house: str) -> None:
        frame["mode"] = "menu"
        frame["origin"] = None
        frame["sel"] = None
        frame["dest"] = None
        frame["bonus"] = 0
        frame["reach"] = 2
        state.data.event_area = None
        self._after_action(state, frame, house)

    def _after_action(self, state: Any, frame: Any, house: str) -> None:
        if state.data.ap[house] <= 0:
            state.emit(f"{house} has spent its action points", "phase")
            end(state)


def _own_areas(d: R3State, house: str) -> list[str]:
    at = d.at
    hof = d.house_of
    return [a for a in tables().areas if at[a] and any(hof(b) == house for b in at[a])]


def _can_leave(d: R3State, house: str, area: str) -> bool:
    """Cheap test for offering a land move from ``area``: an own block that may move, and not
    pinned in."""
    if _pinned_out(d, area):
        return False
    return any(_movable(d, b) for b in d.blocks_in(area, house)) and bool(tables().neighbours[area])


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

    def start(self, state: Any, frame: Any) -> None:
        d: R3State = state.data
        house = frame["house"] = var(state, "house")
        for area, used in attacked_areas(d, house):
            if (area, house) not in d.main_attack and len(used) == 1:
                d.main_attack[(area, house)] = used[0]
        if not self._open(d, house):
            end(state)

    def _open(self, d: R3State, house: str) -> list[tuple[str, list[str]]]:
        return [(a, u) for a, u in attacked_areas(d, house) if (a, house) not in d.main_attack]

    def pending(self, state: Any, frame: Any) -> Pending:
        return Pending((frame["house"],), "main-attack", "Declare the Main Attack border")

    def actions(self, state: Any, frame: Any, player: str) -> list[Action]:
        area, used = self._open(state.data, player)[0]
        return [Action(player, f"main attack on {area} from {cf}", "main", (area, cf)) for cf in used]

    def act(self, state: Any, frame: Any, action: Action) -> None:
        d: R3State = state.data
        area, cf = action.args
        d.main_attack[(area, action.player)] = cf
        state.emit(f"{action.player} declares the main attack on {area} from {cf}", "declare")
        if not self._open(d, action.player):
            end(state)
