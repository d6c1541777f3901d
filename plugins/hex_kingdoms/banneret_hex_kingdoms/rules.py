"""The rules as plain functions of :class:`~banneret_hex_kingdoms.state.HKData`.

The procedures of the sequence of play (:mod:`banneret_hex_kingdoms.sequence`) decide
*when* each of these runs and who chooses; here is *what* happens. ``log`` arguments are
``state.emit``-like callables taking one sentence. Randomness comes only from the ``rng``
passed in.
"""

from __future__ import annotations

from typing import Callable

from banneret.rng import Rng
from banneret_hex_kingdoms.assault import reform_overflow
from banneret_hex_kingdoms.genesis import PROVINCES
from banneret_hex_kingdoms.state import PART, SPENT, STRENGTH, HKData
from banneret_hex_kingdoms.tables import tables

__all__ = [
    "Log", "partitions", "add_armies", "new_code", "settle_conquests", "plague", "election",
    "exploding_faces", "ship_strength", "landing_hexes", "capital_landing", "income",
    "march_options", "move_options", "castle_options", "payment_options", "assault_targets",
    "muster_hexes", "retreat_destinations", "is_mountain", "occupy", "capture", "victory",
    "finish_assault", "CAPITAL",
]

Log = Callable[[str], None]
T = tables()
CAP_MAX = T.n("capital_max")
STACK = T.n("stack_limit")
CAPITAL = -1  # destination code of an army move into its own capital (11.2.3)


def _quiet(_: str) -> None:
    pass


def _partitions(total: int, parts_max: int = 4, die_max: int = 6) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []

    def walk(left: int, cap: int, acc: tuple[int, ...]) -> None:
        if left == 0:
            out.append(acc)
            return
        if len(acc) == parts_max:
            return
        for s in range(min(cap, left), 0, -1):
            walk(left - s, s, acc + (s,))

    walk(total, die_max, ())
    return tuple(out)


_PARTITIONS = tuple(_partitions(total) for total in range(25))  # built once: 4 dice of 6 hold 24 pips


def partitions(total: int) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``total`` pips among 1..4 dice of 1..6, strongest first (11.1)."""
    return _PARTITIONS[total]


def new_code(d: HKData, k: int, s: int) -> int:
    """A new army of ``k``: spent for 3c if it appears during ``k``'s own step (C-45)."""
    return s | SPENT if k == d.acting else s


def add_armies(d: HKData, h: int, k: int, codes: tuple[int, ...]) -> None:
    """Put armies of ``k`` on ``h`` (which holds none of another kingdom's), merging any
    overflow beyond four dice at once (12.3, C-33: the default re-forming)."""
    assert d.owner[h] in (-1, k), "two kingdoms on one hex"
    stack = d.stacks[h] + codes
    if len(stack) > STACK:
        spent = SPENT if any(c & SPENT for c in stack) else 0
        stack = tuple(s | spent for s in reform_overflow([c & STRENGTH for c in stack]))
    d.put(h, k, stack)


def settle_conquests(d: HKData, cause: str, log: Log = _quiet) -> None:
    """First conquests (12.1 barons' homage, 12.2 special-hex army), C-32/C-46."""
    while d.conquests:
        k, p = d.conquests.pop(0)
        if (d.ever[k] >> p) & 1:
            continue
        d.ever[k] |= 1 << p
        log(f"{d.names[k]} takes province {p} for the first time")
        if d.rules.homage_trigger != "any" and cause not in ("move", "assault"):
            continue
        board = d.board
        assert board is not None
        hexes = board.province_hexes[p]
        held = [h for h in hexes if d.hctrl[h] == k]
        if len(held) == 3:
            fourth = next(h for h in hexes if d.hctrl[h] != k)
            if d.owner[fourth] in (-1, k) and d.can_create(k):
                s = board.threshold[fourth]
                add_armies(d, fourth, k, (new_code(d, k, s),))
                log(f"the barons of province {p} swear homage: {d.names[k]} gains [{s}] on {board.label(fourth)}")
        special = board.special_hex.get(p)
        if special is not None and d.owner[special] in (-1, k) and d.can_create(k):
            s = d.num["special_army"]
            add_armies(d, special, k, (new_code(d, k, s),))
            log(f"{d.names[k]} gains [{s}] on the special hex {board.label(special)}")


# --- 8 plague -----------------------------------------------------------------------------


def plague(d: HKData, rng: Rng, log: Log = _quiet) -> int:
    """Phase 1a: the plague roll, losses, and the barons' revolt in 2 and 12 (8, C-21)."""
    board = d.board
    assert board is not None
    n = rng.roll("2d6")
    d.last_plague = n
    ctrl = d.pctrl[n]
    if ctrl < 0:
        log(f"plague roll {n}: province {n} is uncontrolled, no plague")
        return n
    log(f"plague roll {n}: plague strikes province {n} (held by {d.names[ctrl]})")
    for h in board.province_hexes[n]:
        if not d.stacks[h] or d.castle[h] >= 0:
            continue  # 14: a castle shelters its armies from plague
        loss = board.plague_loss[h]
        kept = tuple(c - loss for c in d.stacks[h] if (c & STRENGTH) > loss)
        d.put(h, d.owner[h], kept)
    if n in (2, 12):
        revolt = True
        if not d.rules.revolt_on_every_plague:
            kind = rng.die(4)  # variant: 1 peasant revolt, 2 pestilence, 3 crop failure, 4 monsters
            revolt = kind == 3
            log(f"the plague is {('a peasant revolt', 'pestilence', 'crop failure', 'monsters')[kind - 1]}")
        if revolt:
            _revolt(d, rng, n, ctrl, log)
    settle_conquests(d, "revolt", log)
    return n


def _revolt(d: HKData, rng: Rng, p: int, ctrl: int, log: Log) -> None:
    """8.2: one hex of the controller's passes to a random free enemy (C-21)."""
    board = d.board
    assert board is not None
    hexes = [h for h in board.province_hexes[p] if d.owner[h] == ctrl]
    lead = d.leader(ctrl)
    takers = [k for k in d.seats if d.free(k) and k != lead]
    takers.sort()
    if not hexes or not takers:
        log("the barons find nobody to turn to")
        return
    h = rng.choice(hexes)
    e = rng.choice(takers)
    d.put(h, e, tuple(c & STRENGTH for c in d.stacks[h]))
    log(f"barons' revolt: {board.label(h)} goes over to {d.names[e]}")


# --- 9 the Crusader Kingdom ---------------------------------------------------------------


def exploding_faces(rng: Rng) -> list[int]:
    """One exploding d6: every 6 rolls again (9.2). The faces, the last one 1..5."""
    faces = [rng.die(6)]
    while faces[-1] == 6:
        faces.append(rng.die(6))
    return faces


def election(d: HKData, rng: Rng, log: Log = _quiet) -> int:
    """9.2: crown the crusader king (once per game). Returns the king."""
    half_up = d.rules.crusade_share_rounding == "half_up"
    share = {k: ((p + 5) // 10 if half_up else p // 10) for k, p in enumerate(d.crusade)}
    field = [k for k in d.seats if share[k] >= 1]
    if not field:
        return -1
    totals = {}
    for k in field:
        faces = exploding_faces(rng)
        totals[k] = share[k] + sum(faces)
        log(f"election: {d.names[k]} share {share[k]} + rolls {faces} = {totals[k]}")
    while True:
        best = max(totals.values())
        tied = [k for k in field if totals[k] == best]
        if len(tied) == 1:
            d.king = tied[0]
            log(f"{d.names[d.king]} is crowned king of the Crusader Kingdom")
            return d.king
        # C-26: only the tied kingdoms roll again
        field = tied
        totals = {}
        for k in field:
            faces = exploding_faces(rng)
            base = share[k] if d.rules.crusade_runoff == "share_plus_fresh_roll" else 0
            totals[k] = base + sum(faces)
            log(f"run-off: {d.names[k]} {base} + rolls {faces} = {totals[k]}")


def ship_strength(rng: Rng, low: int = 3) -> int:
    """C-22: 3..6 uniformly (a d6 rolled again on 1 or 2)."""
    while True:
        face = rng.die(6)
        if face >= low:
            return face


def landing_hexes(d: HKData, king: int) -> list[int]:
    """C-27 (a): coastal hexes with no other kingdom's army, in a neutral or the king's
    province, not a gate of another kingdom's capital."""
    board = d.board
    assert board is not None
    foreign_gates = {g for k in range(d.nk) if k != king for g in d.gates(k)}
    out = []
    for h in board.coastal_hexes:
        if d.owner[h] not in (-1, king):
            continue
        pc = d.pctrl[h // 4 + 2]
        if pc not in (-1, king) or h in foreign_gates:
            continue
        out.append(h)
    return out


def capital_landing(d: HKData, king: int) -> bool:
    """C-27 (b): crusaders may reinforce the king's capital (while below 9 by default)."""
    return d.rules.crusader_capital_option == "always" or d.cap[king] < CAP_MAX


# --- 10 income ------------------------------------------------------------------------------


def income(d: HKData, dest: dict[int, int], log: Log = _quiet) -> dict[int, int]:
    """Phase 2 (10, C-28, C-29): every connected controlled province pays into a capital.

    ``dest`` maps a province to the kingdom whose capital receives its income (missing:
    its controller's own). Computed from the state at the start of the phase, then
    applied. Returns the gain per receiving kingdom before the cap.
    """
    reach: dict[int, bytearray] = {}
    gain = [0] * d.nk
    for p in PROVINCES:
        k = d.pctrl[p]
        if k < 0:
            continue
        to = dest.get(p, k)
        r = reach.get(to)
        if r is None:
            r = reach[to] = d.reach(to)
        if d.connected(p, r):
            gain[to] += d.num["special_province_income"] if p in (2, 12) else d.num["province_income"]
        else:
            log(f"province {p} is cut off from {d.names[to]}'s capital and pays nothing")
    out = {}
    for k in range(d.nk):
        if gain[k]:
            before = d.cap[k]
            d.cap[k] = min(CAP_MAX, before + gain[k])
            out[k] = gain[k]
            log(f"income: {d.names[k]} +{gain[k]}, capital {before} -> {d.cap[k]}")
    return out


# --- 11.2 actions ---------------------------------------------------------------------------


def march_destinations(d: HKData, k: int) -> list[tuple[int, int]]:
    """11.2.2: (hex, strongest army) for a March: a gate hex (up to 6), or (up to 3) a
    connected hex with one's own castle; never above the capital's value."""
    value = d.cap[k]
    if value < 1 or not d.can_create(k):
        return []
    owner = d.owner
    stacks = d.stacks
    out = []
    top = min(6, value)
    for g in d.gates(k):
        if owner[g] in (-1, k) and len(stacks[g]) < STACK:
            out.append((g, top))
    if k not in d.castle:
        return out
    castles = [h for h, o in enumerate(d.castle)
               if o == k and owner[h] in (-1, k) and len(stacks[h]) < STACK and all(h != g for g, _ in out)]
    if castles:
        r = d.reach(k)
        top = min(d.num["castle_march_max"], value)
        out.extend((h, top) for h in castles if r[h])
    return out


def can_march(d: HKData, k: int) -> bool:
    """Whether :func:`march_destinations` offers anything (an open gate answers at once)."""
    if d.cap[k] < 1 or not d.can_create(k):
        return False
    for g in d.gates(k):
        if d.owner[g] in (-1, k) and len(d.stacks[g]) < STACK:
            return True
    return bool(march_destinations(d, k))


def march_options(d: HKData, k: int) -> list[tuple[int, int]]:
    """11.2.2: every (strength, hex) pair a March may take."""
    return [(s, h) for h, top in march_destinations(d, k) for s in range(1, top + 1)]


def move_options(d: HKData, k: int, h: int) -> list[int]:
    """11.2.3: where one army of ``k`` on ``h`` may step: adjacent hexes free of other
    kingdoms with room, or (from a gate hex) into its own capital (:data:`CAPITAL`)."""
    owner = d.owner
    stacks = d.stacks
    out = [n for n in d.board.adj[h] if (owner[n] == -1 or (owner[n] == k and len(stacks[n]) < STACK))]  # type: ignore[union-attr]
    if h in d.gates(k):
        out.append(CAPITAL)
    return out


def castle_options(d: HKData, k: int) -> list[int]:
    """11.2.5: hexes where ``k`` has at least 6 pips and no castle stands."""
    cost = d.num["castle_cost"]
    return [h for h, o in enumerate(d.owner) if o == k and d.castle[h] < 0 and d.total(h) >= cost]


def payment_options(strengths: tuple[int, ...], cost: int = 6) -> list[tuple[int, ...]]:
    """C-31: every distinct set of dice that can remain after paying ``cost`` pips."""
    return list(_payment_options(tuple(strengths), cost))


def _payment_options(strengths: tuple[int, ...], cost: int) -> tuple[tuple[int, ...], ...]:
    results: set[tuple[int, ...]] = set()

    def walk(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(strengths):
            if left == 0:
                results.add(tuple(sorted((x for x in acc if x > 0), reverse=True)))
            return
        s = strengths[i]
        for take in range(0, min(s, left) + 1):
            walk(i + 1, left - take, acc + (s - take,))

    walk(0, cost, ())
    return tuple(sorted(results, key=lambda r: (len(r), [-x for x in r])))


def allies(d: HKData, k: int) -> list[int]:
    """Kingdoms whose armies ``k`` may lead into an assault: itself, and bloc members that
    have not used their 3b action this turn (C-41)."""
    if d.suzerain[k] < 0 and k not in d.suzerain:
        return [k]  # a kingdom without vassals or suzerain
    return [x for x in d.bloc(k) if x == k or not d.acted[x]]


def assault_targets(d: HKData, k: int) -> list[int]:
    """13.1: targets: a hex with an enemy army next to the bloc's available armies
    (index >= 0), or an enemy capital with such armies on its gate (``-(kingdom + 1)``)."""
    board = d.board
    assert board is not None
    side = allies(d, k)
    owner = d.owner
    lead = d.leader(k)
    sz = d.suzerain
    found = set()
    adj = board.adj
    for h, o in enumerate(owner):
        if o in side:
            for t in adj[h]:
                e = owner[t]
                if e >= 0 and (e if sz[e] < 0 else sz[e]) != lead:
                    found.add(t)
    out = sorted(found)
    for e in range(d.nk):
        if d.leader(e) == lead or d.capital[e] is None:
            continue
        if any(owner[g] in side for g in d.gates(e)):
            out.append(-(e + 1))
    return out


def muster_hexes(d: HKData, k: int, target: int) -> tuple[int, ...]:
    """Hexes whose armies may join an assault on ``target`` (13.1, 15.4)."""
    side = allies(d, k)
    if target >= 0:
        near = d.board.adj[target]  # type: ignore[union-attr]
    else:
        near = d.gates(-target - 1)
    return tuple(h for h in near if d.owner[h] in side)


def is_mountain(d: HKData, h: int) -> bool:
    """C-07: mountain ranges, and gold mountains unless the option says otherwise."""
    board = d.board
    assert board is not None
    if not board.mountain_terrain[h]:
        return False
    return board.terrain[h] != "GOLD_MOUNTAIN" or d.rules.gold_mountain_is_mountain


def retreat_destinations(d: HKData, target: int, k: int) -> list[int]:
    """13.10 (C-38): hexes that may take the defender's retreating armies, and the
    total room they offer is checked by the caller."""
    board = d.board
    assert board is not None
    adjacent = d.rules.retreat_range == "adjacent"
    near = set(board.adj[target]) if adjacent else None
    out = []
    for h in range(board.n):
        if h == target or (near is not None and h not in near):
            continue
        o = d.owner[h]
        if o == k and len(d.stacks[h]) < STACK:
            out.append(h)
        elif o == -1 and d.rules.retreat_to_empty_controlled_province_hex and d.pctrl[h // 4 + 2] == k:
            out.append(h)
    return out


def room(d: HKData, hexes: list[int] | tuple[int, ...]) -> int:
    return sum(STACK - len(d.stacks[h]) for h in hexes)


def finish_assault(d: HKData, hexes: tuple[int, ...]) -> None:
    """The assault is over: its armies are marked as having fought (no 3c move)."""
    for h in hexes:
        stack = d.stacks[h]
        if any(c & PART for c in stack):
            d.put(h, d.owner[h], tuple((c & ~PART) | SPENT if c & PART else c for c in stack))


def occupy(d: HKData, target: int, k: int, hexes: tuple[int, ...], castle_kept: bool, log: Log = _quiet) -> None:
    """13.7 step 3 / 13.10: ``k``'s surviving attackers move into the emptied target."""
    movers: list[int] = []
    for h in hexes:
        if d.owner[h] != k:
            continue
        stack = d.stacks[h]
        go = tuple(c for c in stack if c & PART)
        if go:
            movers.extend((c & ~PART) | SPENT for c in go)
            d.put(h, k, tuple(c for c in stack if not c & PART))
    if not castle_kept and d.castle[target] >= 0:
        d.castle[target] = -1
        log(f"the castle on {d.board.label(target)} is razed")  # type: ignore[union-attr]
    add_armies(d, target, k, tuple(movers))
    log(f"{d.names[k]} occupies {d.board.label(target)} with {sorted((c & STRENGTH for c in movers), reverse=True)}")  # type: ignore[union-attr]


def capture(d: HKData, e: int, attacker: int, hexes: tuple[int, ...], log: Log = _quiet) -> None:
    """13.9 / 15.1: the winners become the garrison; the loser and its vassals join the
    winner's bloc under its leader (C-39, C-42, C-48)."""
    pips = 0
    for h in hexes:
        stack = d.stacks[h]
        if any(c & PART for c in stack):
            pips += sum(c & STRENGTH for c in stack if c & PART)
            d.put(h, d.owner[h], tuple(c for c in stack if not c & PART))
    d.cap[e] = min(CAP_MAX, pips)
    if d.walls[e]:
        d.walls[e] = False
        log(f"the walls of {d.names[e]}'s capital are destroyed")
    lead = d.leader(attacker)
    for x in range(d.nk):
        if x == e or d.suzerain[x] == e:
            d.suzerain[x] = lead
    log(f"{d.names[e]}'s capital falls (garrison {d.cap[e]}); {d.names[e]} is dethroned and becomes a vassal of {d.names[lead]}")


# --- 16 victory ----------------------------------------------------------------------------


def victory(d: HKData) -> int:
    """16: the free kingdom whose bloc holds two provinces more than all others, once at
    least five provinces are controlled; -1 if none."""
    total = sum(1 for p in PROVINCES if d.pctrl[p] >= 0)
    if total < d.num["victory_min_controlled"]:
        return -1
    for k in d.seats:
        if not d.free(k):
            continue
        own = d.bloc_provinces(k)
        if own - (total - own) >= d.num["victory_margin"]:
            return k
    return -1
