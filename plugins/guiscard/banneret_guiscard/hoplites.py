"""Hoplites (§7.3): the defensive formation, the foulkon and their infiltration rules.

A formation is a :class:`Formation` record in :attr:`Battle.formations
<banneret_guiscard.state.Battle.formations>` (the Defensive Formation marker, A-19: one per
formation), with its members and its facing. Geometry (P-08, reading): the facing points at
a hex corner, between the hexside directions ``facing`` and ``facing + 1``, so a line of
hoplites along the other axis faces squarely; for each member the neighbours at those two
directions are its front, ``facing + 2`` its shield (left) side, ``facing + 5`` its open
(right) side and ``facing + 3``, ``facing + 4`` its rear. The ranks behind a hoplite are
the members on its rear neighbours, so its depth is one more than the deepest of them
(at most 3).

A formation stands while at least 3 of its members are able and side by side
(:func:`standing`); the rules below read only standing formations, so a formation whose
members fell or were scattered stops counting at once, and :func:`settle` drops it (or its
stragglers) at the end of the movement step and after each combat. The player's decisions
are in the movement step (:func:`formation_options`): form up (:class:`FormMembers`, the
members one at a time, then :class:`FormUp`, the facing), move the block as one piece or
wheel it about a member (:class:`BlockStep`, :class:`BlockWheel` for a wheel's hexes, with
:class:`BlockUnderFire` after each hex), break up, re-form without the members no longer
healthy, close or open the foulkon.

The rules the other modules call: :func:`move_cap` and :func:`halted` (movement, §7.3.1,
§7.3.2), :func:`tests_mover` (infiltration, §7.3.3, A-18), :func:`melee_shift`,
:func:`spears_first` and :func:`flank_attack` (melee, §7.3.1, A-17), :func:`foulkon_cover`
(fire, §7.3.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from banneret.boards.hexgrid import Hex, direction_to, distance, neighbour, ring
from banneret.flow import Frame, Procedure, call, end, goto
from banneret.state import State
from banneret_guiscard import castles, ladders, movement, ropes
from banneret_guiscard.choices import SideChoice
from banneret_guiscard.data_model import HopliteRules
from banneret_guiscard.state import Battle, Formation, Piece, hex_label

__all__ = [
    "Formation", "FACING_NAMES", "rules", "is_hoplite", "standing", "formation_of", "record_of", "front_hexes", "front_rank", "depth",
    "side_of", "is_foulkon", "may_close_foulkon", "groups", "move_cap", "halted", "tests_mover", "attack_side",
    "spears_first", "flank_attack", "melee_shift", "foulkon_cover", "settle", "form", "formation_options", "formation_scan",
    "apply_option", "option_label", "FormUp", "formation_invariants", "break_spears", "start_forming",
    "FormMembers", "joinable", "DIRECTION_NAMES", "WHEEL_TURNS", "wheel_paths", "wheel_stages", "step_cost", "block_steps",
    "start_block", "BlockMove", "BlockStep", "BlockWheel", "BlockUnderFire",
]

FACING_NAMES = ("east-northeast", "north", "west-northwest", "west-southwest", "south", "east-southeast")
"""The six facings of a formation, each between two hexside directions (0 east, 1 north-east...)."""


DIRECTION_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")
"""The six hexside directions a block steps in (0 east, 1 north-east...)."""


def rules(b: Battle) -> HopliteRules:
    return b.tables.data.tactics.hoplites


def is_hoplite(b: Battle, pid: str) -> bool:
    return pid in b.tables.hoplites


# --------------------------------------------------------------------------- geometry (P-08)


def _able_members(b: Battle, f: Formation) -> dict[Hex, str]:
    """The members that keep the formation, by hex: alive and not stunned."""
    return {b.pieces[pid].hex: pid for pid in f.members if b.pieces[pid].able}


def groups(hexes: Iterable[Hex]) -> list[frozenset[Hex]]:
    """The groups of hexes joined side by side, largest first (then by their least hex)."""
    left = set(hexes)
    out = []
    while left:
        start = min(left)
        group, frontier = {start}, [start]
        left.discard(start)
        while frontier:
            h = frontier.pop()
            for n in [n for n in left if distance(h, n) == 1]:
                left.discard(n)
                group.add(n)
                frontier.append(n)
        out.append(frozenset(group))
    return sorted(out, key=lambda g: (-len(g), min(g)))


def standing(b: Battle, f: Formation) -> bool:
    """Whether the formation counts: at least 3 able members, all side by side (§7.3.1, A-19)."""
    able = _able_members(b, f)
    return len(able) >= rules(b).formation_min and len(groups(able)) == 1


def record_of(b: Battle, pid: str) -> Formation | None:
    """The formation ``pid`` is recorded in, standing or not."""
    return next((f for f in b.formations.values() if pid in f.members), None)


def formation_of(b: Battle, pid: str) -> Formation | None:
    """The standing formation ``pid`` keeps as an able member, if any."""
    f = record_of(b, pid)
    return f if f is not None and b.pieces[pid].able and standing(b, f) else None


def front_hexes(facing: int, h: Hex) -> tuple[Hex, Hex]:
    """The two hexes in front of a member on ``h``."""
    return neighbour(h, facing), neighbour(h, facing + 1)


def front_rank(b: Battle, f: Formation, pid: str) -> bool:
    """A member with no able member in front of it."""
    able = _able_members(b, f)
    return not any(h in able for h in front_hexes(f.facing, b.pieces[pid].hex))


def depth(b: Battle, f: Formation, pid: str) -> int:
    """The ranks of the formation at ``pid``: 1 and the deepest rank behind it, at most 3 (§7.3.1, A-19)."""
    able = _able_members(b, f)
    cap = rules(b).max_depth

    def at(h: Hex, ranks: int) -> int:
        if ranks >= cap:
            return ranks
        behind = [n for n in (neighbour(h, f.facing + 3), neighbour(h, f.facing + 4)) if n in able]
        return max((at(n, ranks + 1) for n in behind), default=ranks)

    return at(b.pieces[pid].hex, 1)


def side_of(facing: int, member: Hex, other: Hex) -> str:
    """Where the neighbour ``other`` stands seen from a member on ``member``: ``front``,
    ``shield`` (left), ``open`` (right) or ``rear`` (P-08)."""
    turn = (direction_to(member, other) - facing) % 6
    return ("front", "front", "shield", "rear", "rear", "open")[turn]


def is_foulkon(b: Battle, f: Formation) -> bool:
    """A standing formation closed into a foulkon that still has its shape (§7.3.2)."""
    return f.foulkon and standing(b, f) and may_close_foulkon(b, f)


def may_close_foulkon(b: Battle, f: Formation) -> bool:
    """At least 3 front-rank members with 2 ranks or more at them (§7.3.2)."""
    r = rules(b)
    able = _able_members(b, f).values()
    deep = [pid for pid in able if front_rank(b, f, pid) and depth(b, f, pid) >= r.foulkon_min_ranks]
    return len(deep) >= r.foulkon_front


# --------------------------------------------------------------------------- movement (§7.3.1-§7.3.3)


def move_cap(b: Battle, piece: Piece) -> int | None:
    """The most MP a member moves in a phase: 3 in a formation, 2 in a foulkon (§7.3.1, §7.3.2,
    Part VI 15); None outside a formation."""
    f = record_of(b, piece.id)
    if f is None:
        return None
    return rules(b).foulkon_ma if f.foulkon else rules(b).formation_ma


def halted(b: Battle, pid: str) -> bool:
    """A member of a formation with a member no longer healthy may not move until it re-forms
    (§7.3.1: stop, or re-form with the members able to keep it)."""
    f = record_of(b, pid)
    return f is not None and any(b.pieces[m].health != "healthy" for m in f.members)


def tests_mover(b: Battle, enemy: Piece, mover: Piece) -> bool:
    """Whether ``enemy``, next to ``mover``'s hex, may test it for infiltration as far as
    formations go: a member only a mover in front of it (§7.3.3), and a member of a formation
    on the move is not tested by enemies in front of it (its spears lead, A-18)."""
    held = formation_of(b, enemy.id)
    if held is not None and mover.hex not in front_hexes(held.facing, enemy.hex):
        return False
    moving = record_of(b, mover.id)
    if moving is not None and not mover.mounted:
        ahead = front_hexes(moving.facing, mover.hex)
        return not any(h in ahead for h in enemy.hexes())
    return True


# --------------------------------------------------------------------------- melee (§7.3.1, §7.3.2)


_SIDE_ORDER = ("front", "shield", "open", "rear")
"""The sides from the most to the least favourable to the hoplites (§7.3.1)."""


def attack_side(b: Battle, f: Formation, attackers: Sequence[str], defender: str) -> str:
    """The side the attack comes from: the least favourable to the hoplites among every
    attacker's hexes next to the defender (§7.3.1)."""
    target = b.pieces[defender].hex
    sides = [side_of(f.facing, target, h) for a in attackers for h in b.pieces[a].hexes() if distance(h, target) == 1]
    return max(sides, key=_SIDE_ORDER.index, default="front")


def _defending(b: Battle, defenders: Sequence[str]) -> Formation | None:
    """The standing formation of a lone defender (an attack on a member has one defender)."""
    return formation_of(b, defenders[0]) if len(defenders) == 1 and defenders[0] in b.pieces else None


def spears_first(b: Battle, attackers: Sequence[str], defenders: Sequence[str]) -> bool:
    """Every attacker comes through the front: the combat is fought against the formation's
    marker, with the covered hoplite's values (§7.3.1)."""
    f = _defending(b, defenders)
    return f is not None and attack_side(b, f, attackers, defenders[0]) == "front"


def flank_attack(b: Battle, attackers: Sequence[str], defenders: Sequence[str]) -> bool:
    """The attack on a member comes from a flank or the rear: a retreat result is a wound
    (§7.3.1)."""
    f = _defending(b, defenders)
    return f is not None and attack_side(b, f, attackers, defenders[0]) != "front"


def melee_shift(state: State, attackers: Sequence[str], defenders: Sequence[str]) -> int:
    """The columns formations add to a combat (§7.3.1, §7.3.2, A-17): against a member, left
    by the depth through the front, right by the side's shift otherwise; for attackers in a
    formation striking an enemy in front of them, right by the deepest attacker's depth; a
    foulkon's own attacks one column left (the ``foulkon_shift`` option ``attacks_on_it``:
    attacks on a foulkon instead)."""
    b: Battle = state.data
    r = rules(b)
    shift = 0
    defending = _defending(b, defenders)
    if defending is not None:
        side = attack_side(b, defending, attackers, defenders[0])
        shift += {"front": -depth(b, defending, defenders[0]), "shield": r.shield_side_shift,
                  "open": r.open_side_shift, "rear": r.rear_shift}[side]
        if state.options["foulkon_shift"] == "attacks_on_it" and is_foulkon(b, defending):
            shift += r.foulkon_shift
    targets = {h for d in defenders if d in b.pieces for h in b.pieces[d].hexes()}
    ranks = [depth(b, f, a) for a, f in ((a, formation_of(b, a)) for a in attackers)
             if f is not None and targets & set(front_hexes(f.facing, b.pieces[a].hex))]
    shift += max(ranks, default=0)
    if state.options["foulkon_shift"] == "own_attacks" and any(
            (f := formation_of(b, a)) is not None and is_foulkon(b, f) for a in attackers):
        shift += r.foulkon_shift
    return shift


# --------------------------------------------------------------------------- fire (§7.3.2)


def foulkon_cover(b: Battle, h: Hex) -> str | None:
    """The foulkon's cover against missiles for an able member on ``h`` (§7.3.2), else None."""
    for f in b.formations.values():
        for pid in f.members:
            piece = b.pieces[pid]
            if piece.hex == h and piece.able and is_foulkon(b, f):
                return rules(b).foulkon_cover
    return None


# --------------------------------------------------------------------------- forming up (§7.3.1, §7.3.2)


def _key(f: Formation) -> str:
    return f.members[0]


def settle(b: Battle) -> None:
    """Keep each formation to its largest group of able members side by side, the foulkon
    only while it keeps its shape; remove the marker with fewer than 3 (A-19)."""
    for key, f in sorted(b.formations.items()):
        del b.formations[key]
        able = _able_members(b, f)
        kept = groups(able)[0] if able else frozenset()
        if len(kept) < rules(b).formation_min:
            continue
        g = attrs.evolve(f, members=tuple(sorted(able[h] for h in kept)))
        b.formations[_key(g)] = attrs.evolve(g, foulkon=g.foulkon and may_close_foulkon(b, g))


def form(b: Battle, members: Iterable[str], facing: int) -> Formation:
    """Place a Defensive Formation marker on ``members`` facing ``facing`` (§7.3.1)."""
    f = Formation(tuple(sorted(members)), facing % 6)
    b.formations[_key(f)] = f
    return f


def _may_join(b: Battle, piece: Piece) -> bool:
    """A hoplite free to form up: healthy, on foot, not in a formation, not yet moved this
    phase (reading: a new facing after a move is a wheel, :func:`block_steps`, not a free
    break-up and form-up), no more MP spent this phase than a formation moves (Part VI 15)."""
    return (piece.side == b.side and piece.health == "healthy" and not piece.mounted and is_hoplite(b, piece.id)
            and not piece.floor  # a formation stands on the ground (§8, a reading)
            and record_of(b, piece.id) is None and piece.id not in b.busy and piece.id not in b.done
            and b.spent.get(piece.id, 0) <= rules(b).formation_ma)


def formation_options(b: Battle) -> list[tuple[Any, ...]]:
    """The phasing side's formation decisions in its movement step (§7.3.1, §7.3.2): form up
    from each group of 3 or more free hoplites side by side; move a block as one piece; break
    up a formation; re-form one with a member no longer healthy; close a formation with the
    shape into a foulkon, or open it."""
    if not b.formations and b.tables.hoplites.isdisjoint(b.pieces):
        return []  # at once where no character is a hoplite, at every movement step
    return formation_scan(b)


def formation_scan(b: Battle) -> list[tuple[Any, ...]]:
    """:func:`formation_options` by the plain scan of every character and formation (a
    property test checks the shortcut against it)."""
    hoplite_ids = b.tables.hoplites
    free = {p.hex: p.id for p in b.pieces.values() if p.id in hoplite_ids and _may_join(b, p)}
    out: list[tuple[Any, ...]] = [("form", tuple(sorted(free[h] for h in g)))
                                  for g in groups(free) if len(g) >= rules(b).formation_min]
    able_to_move = set(movement.movable(b, b.side)) if b.formations else set()
    for key, f in sorted(b.formations.items()):
        if b.pieces[key].side != b.side:
            continue
        if _block_ready(b, f, able_to_move) and block_steps(b, f):
            out.append(("block", key))
        out.append(("break", key))
        if halted(b, key):
            out.append(("reform", key))
        elif f.foulkon:
            out.append(("open", key))
        elif standing(b, f) and may_close_foulkon(b, f) and all(b.spent.get(m, 0) <= rules(b).foulkon_ma
                                                                  for m in f.members):
            out.append(("foulkon", key))
    return out


def option_label(option: tuple[Any, ...]) -> str:
    what = option[0]
    if what == "form":
        return f"form up {'+'.join(option[1])}"
    return {"break": "break up", "reform": "re-form", "foulkon": "close into a foulkon",
            "open": "open the foulkon", "block": "move"}[what] + f" {option[1]}'s formation"


def apply_option(state: State, option: tuple[Any, ...]) -> None:
    """Carry out a decision of :func:`formation_options` other than forming up and moving the
    block, which have decisions of their own (:func:`start_forming`, :func:`start_block`)."""
    b: Battle = state.data
    what, key = option
    f = b.formations[key]
    if what == "break":
        del b.formations[key]
    elif what == "reform":
        del b.formations[key]
        b.formations[key] = attrs.evolve(f, members=tuple(m for m in f.members if b.pieces[m].health == "healthy"))
        settle(b)
    else:
        b.formations[key] = attrs.evolve(f, foulkon=what == "foulkon")
    state.emit(option_label(option), "formation")


def start_forming(state: State, group: tuple[str, ...]) -> None:
    """Form up from ``group``: the members first, one at a time (:class:`FormMembers`), unless
    the group has just the hoplites a formation needs, who then all join; then the facing."""
    if len(group) == rules(state.data).formation_min:
        call(state, FormUp, members=group)
    else:
        call(state, FormMembers, group=group, chosen=())


def joinable(b: Battle, group: Sequence[str], chosen: Sequence[str]) -> list[str]:
    """The hoplites of ``group`` that may join the ``chosen`` next: any at first, then one side
    by side with a chosen one, so the members always stand side by side (§7.3.1)."""
    taken = [b.pieces[m].hex for m in chosen]
    return [m for m in group if m not in chosen and (not taken or any(distance(b.pieces[m].hex, h) == 1 for h in taken))]


class FormMembers(SideChoice):
    """Which free hoplites of a group side by side join the formation (§7.3.1): one at a time,
    each side by side with one already chosen, then form up with 3 or more."""

    rule = "7.3.1"
    kind = "form-members"
    prompt = "Which hoplites join the formation"

    def options(self, state: State, frame: Frame) -> list[tuple[Any, ...]]:
        b: Battle = state.data
        chosen = frame["chosen"]
        out: list[tuple[Any, ...]] = [("add", m) for m in joinable(b, frame["group"], chosen)]
        return out + ([("form", chosen)] if len(chosen) >= rules(b).formation_min else [])

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        return f"with {option[1]}" if option[0] == "add" else f"form up {'+'.join(option[1])}"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        if option[0] == "add":
            goto(state, FormMembers, group=frame["group"], chosen=tuple(sorted((*frame["chosen"], option[1]))))
        else:
            goto(state, FormUp, members=option[1])


class FormUp(SideChoice):
    """The facing of a formation being formed (§7.3.1, P-08): one of six."""

    rule = "7.3.1"
    kind = "form-up"
    prompt = "Which way the formation faces"

    def options(self, state: State, frame: Frame) -> list[int]:
        return list(range(6))

    def label(self, state: State, frame: Frame, option: int) -> str:
        return f"face {FACING_NAMES[option]}"

    def choose(self, state: State, frame: Frame, option: int) -> None:
        form(state.data, frame["members"], option)
        state.emit(f"{'+'.join(frame['members'])} form up facing {FACING_NAMES[option]}", "formation")
        end(state)


# --------------------------------------------------------------------------- the block moving (§7.3.1)


WHEEL_TURNS = (1, -1, 2, -2, 3, -3)
"""The wheels offered, in sixths of a turn: left (+) and right (-), up to a half turn (reading)."""


def wheel_paths(b: Battle, f: Formation, turn: int, pivot: str) -> dict[str, tuple[Hex, ...]]:
    """Each member's hexes as the block wheels ``turn`` sixths of a turn (+ left, - right) round
    the member ``pivot`` (reading): a member k hexes from the pivot walks k hexes round the ring
    of radius k for each sixth, so the block turns as one rigid piece, its shape kept, the pivot
    standing. On a flank member the other flank swings forward or back; on a middle member one
    flank swings forward and the other back."""
    centre = b.pieces[pivot].hex
    step = 1 if turn > 0 else -1
    out = {}
    for m in f.members:
        h = b.pieces[m].hex
        around = ring(centre, distance(centre, h))
        i = around.index(h)
        out[m] = tuple(around[(i + step * j) % len(around)] for j in range(1, distance(centre, h) * abs(turn) + 1))
    return out


WheelStage = tuple[int, tuple[tuple[str, Hex], ...]]
"""One hex of a wheel: its MP and each moving member's hex entered."""


def wheel_stages(b: Battle, f: Formation, paths: dict[str, tuple[Hex, ...]]) -> tuple[WheelStage, ...] | None:
    """The wheel hex by hex (:func:`wheel_paths`): at the n-th hex every member with n hexes or
    more to walk enters its next hex, for the dearest of their steps as a block step pays
    (:func:`~banneret_guiscard.movement.enter_cost`, into an empty hex or a member's own);
    None where a member may not go. Members on one ring move together and members on two rings
    never meet, so no two members ever share a hex."""
    stages = []
    for n in range(max(len(p) for p in paths.values())):
        entered = tuple((m, p[n]) for m, p in paths.items() if len(p) > n)
        dearest = 0
        for m, to in entered:
            frm = paths[m][n - 1] if n else b.pieces[m].hex
            cost = movement.enter_cost(b, b.pieces[m], frm, to) if _clear_for(b, to, f.members) else None
            if cost is None:
                return None
            dearest = max(dearest, cost)
        stages.append((dearest, entered))
    return tuple(stages)


def _block_ready(b: Battle, f: Formation, able_to_move: set[str]) -> bool:
    """A formation that may move as one piece: standing, every member healthy and free to move
    (none moved, busy, stunned), and none carrying a ladder, on a ladder or on a rope."""
    return (standing(b, f) and all(m in able_to_move for m in f.members)
            and not (b.ladders and any(ladders.carrying(b, m) or castles.raised_at(b, b.pieces[m].hex) is not None
                                       for m in f.members))
            and not (b.ropes and any(ropes.climbing(b, m) is not None for m in f.members)))


def _clear_for(b: Battle, h: Hex, members: Sequence[str]) -> bool:
    """Whether a member may stand on ``h`` as the block moves: no living character but the
    members (who all move on together), no loose horse, no raised ladder."""
    return (all(p.id in members for p in b.living_at(h)) and b.horse_at(h) is None
            and castles.raised_at(b, h) is None)


def step_cost(b: Battle, f: Formation, at: dict[str, Hex], direction: int) -> int | None:
    """What a step of the block with its members on ``at`` costs (§7.3.1): every member one
    hex ``direction``, for the dearest of their steps (each member's own
    :func:`~banneret_guiscard.movement.enter_cost`); None where a member may not go."""
    dearest = 0
    for m in f.members:
        to = neighbour(at[m], direction)
        cost = movement.enter_cost(b, b.pieces[m], at[m], to) if _clear_for(b, to, f.members) else None
        if cost is None:
            return None
        dearest = max(dearest, cost)
    return dearest


def block_steps(b: Battle, f: Formation) -> list[tuple[Any, ...]]:
    """The block's next steps with the MP its members have left (§7.3.1): every member one hex
    the same way, keeping shape and facing (:func:`step_cost`); or a wheel of one to three
    sixths of a turn to either side about any member (:func:`wheel_paths`), for the sum of its
    hexes' MP (:func:`wheel_stages`): ``("wheel", facing, MP, pivot, turn)``."""
    left = min(movement.mp_left(b, m) for m in f.members)
    at = {m: b.pieces[m].hex for m in f.members}
    out: list[tuple[Any, ...]] = []
    for direction in range(6):
        cost = step_cost(b, f, at, direction)
        if cost is not None and cost <= left:
            out.append(("step", direction, cost))
    for turn in WHEEL_TURNS:
        for pivot in f.members:
            paths = wheel_paths(b, f, turn, pivot)
            if max(map(len, paths.values())) > left:  # every hex costs 1 MP at least
                continue
            stages = wheel_stages(b, f, paths)
            if stages is not None and sum(mp for mp, _ in stages) <= left:
                out.append(("wheel", (f.facing + turn) % 6, sum(mp for mp, _ in stages), pivot, turn))
    return out


@attrs.define
class BlockMove:
    """A formation moving as one piece (§7.3.1): its members, the hexes each has entered so far
    (its re-fire distance for defensive fire, §5.3), and a wheel's hexes still to walk and the
    facing it turns to."""

    members: tuple[str, ...]
    entered: dict[str, int] = attrs.Factory(dict)
    wheel: tuple[WheelStage, ...] = ()
    facing: int = 0


def start_block(state: State, key: str) -> None:
    """The block starts its move with the MP its slowest member has (3, a foulkon 2, less after
    firing: :func:`~banneret_guiscard.movement.allowance`)."""
    b: Battle = state.data
    f = b.formations[key]
    mp = min(movement.mp_left(b, m) for m in f.members)
    for m in f.members:
        b.left[m] = mp
    call(state, BlockStep, record=BlockMove(f.members))


def _finish_block(state: State, rec: BlockMove) -> None:
    state.data.done.update(rec.members)
    end(state)


def _pay(b: Battle, rec: BlockMove, cost: int) -> None:
    for m in rec.members:
        b.spent[m] = b.spent.get(m, 0) + cost
        b.left[m] -= cost


def _enter(state: State, rec: BlockMove, moves: Sequence[tuple[str, Hex]], cost: int, said: str,
           facing: int | None = None) -> None:
    """Each member of ``moves`` enters its hex, the block paying ``cost`` (logged as ``said``)
    and, wheeling, facing ``facing``; then the defensive-fire windows at them
    (:class:`BlockUnderFire`). But first, going on from a hex entered, each of them is tested
    as any mover, and a halt, a kill or a wound stops the whole block (§4.3, §7.3.1)."""
    b: Battle = state.data
    key = rec.members[0]
    if not all(movement.infiltrate(state, m) for m, _ in moves if rec.entered.get(m)) or halted(b, key):
        _finish_block(state, rec)
        return
    if facing is not None:
        b.formations[key] = attrs.evolve(b.formations[key], facing=facing)
    for m, to in moves:
        b.pieces[m] = attrs.evolve(b.pieces[m], hex=to)
        rec.entered[m] = rec.entered.get(m, 0) + 1
    _pay(b, rec, cost)
    state.emit(said, "move")
    goto(state, BlockUnderFire, record=rec, movers=tuple(m for m, _ in moves))


def _way(turn: int) -> str:
    """A half turn reaches one facing either way: the label says which way it goes."""
    return "" if abs(turn) != 3 else f" by the {'left' if turn > 0 else 'right'}"


class BlockStep(SideChoice):
    """The block's next step, a wheel, or halt (§7.3.1): every member moves, or none."""

    rule = "7.3.1"
    kind = "block-step"
    prompt = "Move the formation on, wheel it, or halt"

    def options(self, state: State, frame: Frame) -> list[tuple[Any, ...]]:
        b: Battle = state.data
        f = record_of(b, frame.record.members[0])
        return [("halt",), *(block_steps(b, f) if f is not None else ())]

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        if option[0] == "step":
            return f"the formation steps {DIRECTION_NAMES[option[1]]} ({option[2]} MP)"
        if option[0] == "wheel":
            return f"wheel on {option[3]} to face {FACING_NAMES[option[1]]}{_way(option[4])} ({option[2]} MP)"
        return "halt the formation"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        b: Battle = state.data
        rec: BlockMove = frame.record
        key = rec.members[0]
        if option[0] == "halt":
            _finish_block(state, rec)
            return
        if option[0] == "wheel":
            _, facing, _, pivot, turn = option
            stages = wheel_stages(b, b.formations[key], wheel_paths(b, b.formations[key], turn, pivot))
            assert stages is not None  # offered: every member may go
            rec.wheel, rec.facing = stages, facing
            state.emit(f"{key}'s formation wheels on {pivot} to face {FACING_NAMES[facing]}{_way(turn)}", "formation")
            goto(state, BlockWheel, record=rec)
            return
        _, where, cost = option
        _enter(state, rec, [(m, neighbour(b.pieces[m].hex, where)) for m in rec.members], cost,
               f"{key}'s formation {self.label(state, frame, option)}")


class BlockWheel(Procedure):
    """The next hex of a wheel (:func:`wheel_stages`): the members with that far to walk enter
    their hexes, tested and fired on as any block step (:func:`_enter`); the formation faces
    the new way once the wheel's first hex is entered."""

    rule = "7.3.1"

    def start(self, state: State, frame: Frame) -> None:
        rec: BlockMove = frame.record
        (cost, moves), rec.wheel = rec.wheel[0], rec.wheel[1:]
        where = ", ".join(f"{m} to {hex_label(h)}" for m, h in moves)
        _enter(state, rec, moves, cost, f"{rec.members[0]}'s formation wheels ({cost} MP): {where}", rec.facing)


class BlockUnderFire(Procedure):
    """After each hex the block enters: the defensive-fire window at each member that entered
    one, in turn, as at any mover (§5.3); then the block goes on (the wheel's next hex, or the
    next step), unless a member was stunned, hurt, killed or driven back, which ends its move
    (§7.3.1: the formation stops)."""

    rule = "5.3"

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        frame["where"] = tuple(b.pieces[m].hex for m in frame.record.members)
        frame["next"] = 0
        self.resume(state, frame, None)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        b: Battle = state.data
        rec: BlockMove = frame.record
        n = frame["next"]
        if n < len(frame["movers"]):
            frame["next"] = n + 1
            mover = frame["movers"][n]
            call(state, movement.DEFENSIVE_FIRE, mover=mover, hexes=rec.entered[mover])
            return
        f = record_of(b, rec.members[0])
        kept = (f is not None and f.members == rec.members and not halted(b, rec.members[0])
                and tuple(b.pieces[m].hex for m in rec.members) == frame["where"])
        if not kept:
            _finish_block(state, rec)
        elif rec.wheel:
            goto(state, BlockWheel, record=rec)
        else:
            goto(state, BlockStep, record=rec)


def formation_invariants(b: Battle) -> list[str]:
    """Part VI 15, 57: every marker on 3 or more hoplites of one side, each in one formation;
    members moving within the formation's allowance (a foulkon's shape is read where it
    counts, :func:`is_foulkon`)."""
    bad = []
    seen: set[str] = set()
    r = rules(b)
    for key, f in b.formations.items():
        if key != f.members[0] or len(f.members) < r.formation_min or seen & set(f.members):
            bad.append(f"formation {key} is malformed: {f.members} (§7.3.1)")
        seen |= set(f.members)
        if len({b.pieces[m].side for m in f.members}) != 1 or not all(is_hoplite(b, m) for m in f.members):
            bad.append(f"formation {key} holds others than hoplites of one side (§7.3.1)")
        cap = r.foulkon_ma if f.foulkon else r.formation_ma
        if b.side == b.pieces[key].side and any(b.spent.get(m, 0) > cap for m in f.members):
            bad.append(f"a member of {key}'s formation moved more than {cap} MP (§7.3.1, §7.3.2)")
    return bad


def break_spears(state: State, member: str) -> None:
    """A wound or a kill on the formation's marker removes it (§7.3.1, A-19: the whole
    formation's front opens, its hoplites stand alone)."""
    b: Battle = state.data
    f = record_of(b, member)
    if f is not None:
        del b.formations[f.members[0]]
        state.emit(f"the spears in front of {member} are broken: {f.members[0]}'s formation loses its marker", "melee")
