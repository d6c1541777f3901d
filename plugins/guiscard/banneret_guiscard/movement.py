"""Movement (§4): allowances, terrain, stacking, restrictions, infiltration and riders.

A move is a short run of small choices (:class:`MoveStep`): each offers only the legal next
steps of the moving character from where it stands, plus "stop here". The rules themselves
are plain functions on :class:`~banneret_guiscard.state.Battle`, so tests call them directly:

* :func:`step_options` -- every legal next step with its MP cost (§3.1, §4.1, §4.2, §4.4);
* :func:`infiltration_testers` and :func:`infiltrate` -- the §4.3 test taken before a
  character goes on from a hex next to an enemy able to attack it;
* :func:`mount`, :func:`dismount` -- changes of counter (wounds and deaths are in
  :mod:`banneret_guiscard.results`).

Readings (see the game's docs page): the hex a move starts in and the hex it ends in are
never tested, so a one-hex move never is (§4.3 (a)-(c)); an enemy counts as adjacent only if
it could attack across the hexside into the mover's hex (cliffs and terrain it may not enter
block, §4.3.1.1, §6.7); a move that would end where it may not stop (a friend, a stunned
character or a loose horse on its hexes) ends instead on the last hex of the move where it
could have stopped.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from banneret.boards.hexgrid import (
    Hex, TwoHexStep, front_hexes, neighbour, opposite, two_hex_footprint, two_hex_step, two_hex_steps,
)
from banneret.flow import Frame, call, end, goto, record
from banneret.state import State
from banneret_guiscard import buildings, castles, hoplites, ladders, ropes
from banneret_guiscard.choices import SideChoice
from banneret_guiscard.results import can_attack, kill, threatened, wound
from banneret_guiscard.state import ABLE, BY_ID, Battle, LooseHorse, Piece, hex_label, tables_for

__all__ = [
    "TURN_KIND", "UNDER_FIRE", "DEFENSIVE_FIRE", "Step", "finish_move", "MoveRecord", "MoveStep", "PutDown",
    "enemy_hexes", "enter_cost", "step_options", "storey_steps", "stepped", "level_steps", "FLOOR_AFTER",
    "rule_steps", "table_steps", "steps_for", "StepCandidates", "can_attack", "allowance",
    "infiltration_testers", "infiltrate", "forced_move", "mount_options", "dismount_options",
    "mount", "dismount", "may_stop", "pickup_options", "carry_options", "movable", "Movement", "reachable",
    "controls", "bridle_options", "catch_options", "line_places", "horse_places", "PlaceHorses",
    "push_places", "PushHorse",
    "body_loads", "clearer_pairs", "clear_destinations", "clear_bodies", "ClearWith", "ClearTo",
]

UNDER_FIRE = "UnderFire"
"""The procedure run after each step of a move: the defensive-fire window (fire.UnderFire)."""
DEFENSIVE_FIRE = "DefensiveFire"
"""The defensive-fire window itself (fire.DefensiveFire), opened on a character declared to
stay put (§5.3)."""

TURN_KIND = {"front": "front", "flank": "flank", "pivot_side": "rear_flank", "pivot_back": "behind"}
"""The core's two-hex step grades (hexgrid) by the names of the turning table (geometry.json, P-08)."""


@attrs.frozen
class Step:
    """One legal step: the mover's new head hex and facing (facing None on foot), its MP cost
    and how sharp the turn was (riders; ``about_turn`` for the 180-degree turn)."""

    hex: Hex
    facing: int | None
    cost: int
    kind: str = "foot"


# --------------------------------------------------------------------------- costs


def _terrain_cost(b: Battle, piece: Piece, h: Hex, mounted: bool, floor: int = 0) -> int | None:
    """MP to enter ``h`` (on ``floor``) for its terrain and bodies, or None if ``piece`` may not
    (§3.1, §4.2.1, §4.2.2); never a burning hex or a siege engine's (§10.2.4, §10.4.3)."""
    t = b.tables
    cost = castles.terrain_at(b, h).cost(mounted, t.counter(piece.id).armoured)  # §9.2
    if cost is None or b.closed(h):
        return None
    extra = t.data.bodies.extra_mp(b.body_total(h, floor))
    return None if extra is None else cost + extra


def enemy_hexes(b: Battle, side: str, floor: int = 0) -> frozenset[Hex]:
    """The hexes a character of ``side`` may not enter on ``floor`` (the ground unless the
    upper storey is asked for): held by a living enemy that is not stunned (§4.2)."""
    closed: set[Hex] = set()
    for p in b.pieces.values():
        if p.side != side and p.health in ABLE and p.floor == floor:  # able, without the property's call
            closed.update(p.footprint)
    return frozenset(closed)


def enter_cost(b: Battle, piece: Piece, frm: Hex, to: Hex) -> int | None:
    """MP for a character on foot to step from ``frm`` into the adjacent ``to``; None if it
    may not (off the map, across a cliff, forbidden terrain, too many bodies, an enemy)."""
    if to not in b.tables.crossable.get(frm, ()) or not buildings.may_cross(b, piece, frm, to):
        return None
    if to in enemy_hexes(b, piece.side):
        return None
    cost = _terrain_cost(b, piece, to, mounted=False)
    if cost is not None and b.ladders and castles.raised_at(b, frm) is not None:
        return castles.terrain_at(b, frm).cost_foot  # climbing down a ladder (§10.1.3)
    return None if cost is None else cost + buildings.crossing_mp(b, frm, to)  # §8.4.1, §8.4.2


def _rider_step(b: Battle, piece: Piece, step: TwoHexStep, blocked: frozenset[Hex]) -> Step | None:
    """The cost of one step of a rider's head (§4.4.1, §4.4.4), or None if it may not (an
    enemy on ``blocked`` hexes, §4.2)."""
    t = b.tables
    assert piece.facing is not None
    head, tail = two_hex_footprint(piece.hex, piece.facing)
    new_head, new_tail = step.head, step.tail
    if new_head not in t.terrain or new_tail not in t.terrain:
        return None
    # the head crosses from the hex it is beside: the old head, or the rear it pivots on
    frm = tail if step.kind in ("pivot_side", "pivot_back", "about_turn") else head
    if step.kind != "about_turn" and (new_head not in t.crossable[frm] or not buildings.may_cross(b, piece, frm, new_head)):
        return None
    if new_head in blocked or new_tail in blocked:
        return None
    if castles.terrain_at(b, new_tail).cost(True, t.counter(piece.id).armoured) is None or b.closed(new_tail):
        return None  # no hex of a rider in trees or deep water (§4.2.1), fire or an engine (§10.2.4, §10.4.3)
    terrain = _terrain_cost(b, piece, new_head, mounted=True)  # the head pays (§4.4.4)
    if terrain is None:
        return None
    geometry = t.data.geometry
    if step.kind == "about_turn":
        return Step(new_head, step.facing, geometry.about_turn_mp, "about_turn")
    kind = TURN_KIND[step.kind]
    extra = next(s.extra_mp for s in geometry.turning if s.entered == kind) + buildings.crossing_mp(b, frm, new_head)
    return Step(new_head, step.facing, terrain + extra, kind)


def step_options(b: Battle, piece: Piece, left: int, front_only: bool = False,
                 blocked: frozenset[Hex] | None = None) -> list[Step]:
    """Every step ``piece`` may take next with ``left`` MP (§4, §4.4.1); a hex is entered only
    with the MP it costs (no "always one hex" rule). ``front_only``: a rider's steps into its
    front hexes alone, the turns that cost no extra MP (charges, §7.2.1); ``blocked``: its
    :func:`enemy_hexes`, when a search over many places has them already. Read from the map's
    :func:`steps_for` table where it has them (:func:`table_steps`), else worked out by the
    rules (:func:`rule_steps`): the same steps, as a property test checks."""
    candidates = steps_for(b.tables.scenario.id).get(
        (piece.hex, piece.facing, b.tables.counter(piece.id).armoured, front_only))
    if candidates is None:
        return rule_steps(b, piece, left, front_only, blocked)
    return table_steps(b, piece, candidates, left, blocked)


def rule_steps(b: Battle, piece: Piece, left: int, front_only: bool = False,
               blocked: frozenset[Hex] | None = None) -> list[Step]:
    """:func:`step_options` by the rules, step by step: the reference the map's table is
    built from and checked against, and the only way on maps with §8-§9 structures."""
    if piece.floor:
        return storey_steps(b, piece, left)
    if piece.mounted:
        assert piece.facing is not None
        closed = enemy_hexes(b, piece.side) if blocked is None else blocked
        moves = ([two_hex_step(piece.hex, piece.facing, h) for h in front_hexes(piece.hex, piece.facing)]
                 if front_only else two_hex_steps(piece.hex, piece.facing))
        steps = (_rider_step(b, piece, s, closed) for s in moves)
        return [s for s in steps if s is not None and s.cost <= left]
    out = []
    for to in b.tables.around[piece.hex]:
        cost = enter_cost(b, piece, piece.hex, to)
        if cost is not None and cost <= left:
            out.append(Step(to, None, cost))
    return out + storey_steps(b, piece, left) if piece.hex in b.tables.stairs_top else out


def storey_steps(b: Battle, piece: Piece, left: int) -> list[Step]:
    """A man's steps upstairs, or up from the stairs (§8, a reading: the rules say nothing of
    storeys). Upstairs, into the storey hexes beside him across no wall, and down onto the
    stairs his hex opens onto (``down``, the stairs' 2 MP, §8.1); on the stairs, up onto the
    storey hexes their top opens onto (``up``, that hex's MP), so a flight costs 2 + 1. A
    place held by an able enemy on its floor is never entered (§4.2)."""
    t = b.tables
    here = piece.hex
    if piece.floor:
        ways = [(to, 1, "foot") for to in t.storey_around[here]]
        ways += [(stairs, 0, "down") for stairs in t.stairs_below[here]]
    else:
        ways = [(to, 1, "up") for to in t.stairs_top[here]]
    closed = {f: enemy_hexes(b, piece.side, f) for f in {f for _, f, _ in ways}}
    out = []
    for to, floor, kind in sorted(ways):
        cost = _terrain_cost(b, piece, to, mounted=False, floor=floor)
        if cost is not None and cost <= left and to not in closed[floor]:
            out.append(Step(to, None, cost, kind))
    return out


def stepped(piece: Piece, step: Step) -> Piece:
    """``piece`` after ``step``: on its head hex and facing, up or down a floor by the stairs."""
    moved = piece.moved(step.hex, step.facing)
    if step.kind in FLOOR_AFTER:
        return attrs.evolve(moved, floor=FLOOR_AFTER[step.kind])
    return moved


FLOOR_AFTER = {"up": 1, "down": 0}
"""The floor a step up or down the stairs lands on (:func:`storey_steps`)."""


def level_steps(b: Battle, piece: Piece, left: int) -> list[Step]:
    """:func:`step_options` that keep ``piece`` on its floor: an advance after combat never goes
    up or down the stairs (§6.6, §8, a reading)."""
    return [s for s in step_options(b, piece, left) if s.kind not in FLOOR_AFTER]


StepCandidates = tuple[tuple[Step, Hex], ...]
"""The steps the map allows from one place, each with the hex its rear (a man on foot: the
hex itself) comes to, costed for the terrain and hexsides alone."""


def table_steps(b: Battle, piece: Piece, candidates: StepCandidates, left: int,
                blocked: frozenset[Hex] | None = None) -> list[Step]:
    """:func:`step_options` from the map's candidates: what the pieces and bodies on the map
    now change, that is enemies on a hex the step enters (§4.2) and bodies on the hex the head
    enters (§4.2.2), applied to the terrain's costs."""
    closed = enemy_hexes(b, piece.side) if blocked is None else blocked
    bodies = b.bodies
    out = []
    for step, rear in candidates:
        if step.hex in closed or rear in closed:
            continue
        if step.hex in bodies:
            extra = b.tables.data.bodies.extra_mp(b.body_total(step.hex))
            if extra is None:
                continue
            if step.kind != "about_turn":  # an about-turn costs the same on any ground (§4.4.1)
                step = attrs.evolve(step, cost=step.cost + extra)
        if step.cost <= left:
            out.append(step)
    return out


@functools.cache
def steps_for(scenario_id: str) -> Mapping[tuple[Hex, int | None, bool, bool], StepCandidates]:
    """By (head hex, facing or None on foot, armoured, front steps only): every step the
    scenario's map allows from there, with its cost for the terrain and hexsides, and the hex
    the rear comes to; built once, on a map without §8-§9 structures, where the terrain alone
    fixes them (empty on the others: structures change as the game goes). They are
    :func:`rule_steps` of a stand-in character, armoured or not, in every place with all its
    MP and nobody else on the map (movement reads only the mover's armour and mount, §3.1,
    §4.2.1, §4.4.1)."""
    t = tables_for(scenario_id)
    if not t.sight_lines:  # the map has structures (state._fixed_sight)
        return MappingProxyType({})
    empty = Battle(tables=t, pieces={})
    table: dict[tuple[Hex, int | None, bool, bool], StepCandidates] = {}
    for armoured in (False, True):
        stand_in = next((c for c in t.data.roster.values() if c.armoured == armoured and c.mounted is not None), None)
        if stand_in is None:
            continue
        for h in t.board.hexes():
            walker = Piece(stand_in.id, "", "healthy", False, h)
            table[(h, None, armoured, False)] = tuple((s, s.hex) for s in rule_steps(empty, walker, _ALL_MP))
            for facing in range(6):
                if two_hex_footprint(h, facing)[1] not in t.terrain:
                    continue
                rider = Piece(stand_in.id, "", "healthy", True, h, facing, stand_in.id)
                for front_only in (False, True):
                    table[(h, facing, armoured, front_only)] = tuple(
                        (s, two_hex_footprint(s.hex, s.facing)[1]) for s in rule_steps(empty, rider, _ALL_MP, front_only))
    return MappingProxyType(table)


_ALL_MP = 1_000
"""More MP than any step costs: the table keeps every step, the mover's MP are checked in play."""


def may_stop(b: Battle, piece: Piece, carried: str = "") -> bool:
    """Whether ``piece`` may end its move where it stands: no other living character (but the
    one it carries) and no loose horse on any of its hexes (§4.1, §4.4.3)."""
    mine = piece.footprint
    head, rear = mine[0], mine[-1]  # a man on foot: the same hex twice
    for p in b.pieces.values():  # one look at everyone, not one per hex (Battle.living_at)
        if ((head in p.footprint or rear in p.footprint) and p.health != "dead" and p.id != piece.id and p.id != carried
                and p.floor == piece.floor):
            return False
    if b.horses and any(b.horse_at(h) is not None for h in mine):
        return False
    return not (piece.mounted and buildings.astride(b, piece))  # §8.4.2, a rider's


# --------------------------------------------------------------------------- infiltration (§4.3)


def infiltration_testers(b: Battle, mover: Piece, per_mover: bool) -> list[Piece]:
    """The enemies that roll against ``mover`` going on from its (head) hex, in id order: able
    to attack that hex, and not yet rolled this phase (against this mover, under the
    ``per_mover`` reading; against anyone, by default: errata 1, A-05)."""
    used = b.infiltration_rolls
    around = b.tables.around.get(mover.hex, ())  # only an enemy next to the hex may attack it (can_attack)
    near = [e for e in b.pieces.values() if e.hex in around and e.side != mover.side]
    if not near:
        return []  # most steps: nobody next to the hex
    out = []
    for enemy in sorted(near, key=BY_ID):
        if (not can_attack(b, enemy, mover.hex, mover.floor) or (b.ladders and ladders.carrying(b, enemy.id))  # A-07 (a)
                or not hoplites.tests_mover(b, enemy, mover)):  # §7.3.3
            continue
        if (enemy.id, mover.id) in used or (not per_mover and any(e == enemy.id for e, _ in used)):
            continue
        out.append(enemy)
    return out


def infiltrate(state: State, mover_id: str, *, forced: bool = False, exclude: tuple[str, ...] = ()) -> bool:
    """Roll the §4.3 tests due for ``mover_id`` in its hex; True if it may go on.

    One d10 per tester (P-06, modifiers by the mover's state); a halt ends a voluntary move
    (and does nothing to a ``forced`` retreat or advance), a wound takes effect at once (a
    second one kills), a kill ends it. Enemies in ``exclude`` never roll (§6.6)."""
    b: Battle = state.data
    table = b.tables.data.infiltration
    per_mover = state.options["infiltration_limit"] == "per_mover"
    for enemy in infiltration_testers(b, b.pieces[mover_id], per_mover):
        if enemy.id in exclude:
            continue
        mover = b.pieces[mover_id]
        b.infiltration_rolls.add((enemy.id, mover_id))
        die = state.rng.die(10)
        modifier = (
            (table.modifier("mover_mounted") if mover.mounted else 0)
            + (table.modifier("mover_armoured") if b.tables.counter(mover_id).armoured else 0)
            + (table.modifier("mover_wounded") if mover.health == "wounded" else 0)
        )
        result = table.result(die + modifier)
        state.emit(f"{enemy.id} tests {mover_id}'s infiltration: d10 {die}{modifier:+d} -> {result}", "infiltration")
        if result == "halted" and not forced:
            return False
        if result == "wounded":
            wound(b, mover_id)
        elif result == "killed":
            kill(b, mover_id)
        if not b.pieces[mover_id].alive:
            return False
    return True


def forced_move(state: State, mover_id: str, path: list[Hex], *, retreat: bool, exclude: tuple[str, ...] = ()) -> bool:
    """A character on foot pushed along ``path`` by a retreat or an advance after combat, with
    its §4.3 tests: a retreat is tested in every hex, the last included; an advance in every
    hex before the last, never by the beaten enemy nor by enemies engaged in a combat of the
    step (``exclude``, §6.6). True if it arrives alive. The path itself (away from the
    missile, away from the enemy, MP) is for fire and melee to choose."""
    b: Battle = state.data
    if b.ropes and path:
        ropes.let_go(b, mover_id)  # pushed off a rope (§10.6.2)
    arrived = True
    for i, h in enumerate(path):
        b.pieces[mover_id] = attrs.evolve(b.pieces[mover_id], hex=h)
        if (retreat or i < len(path) - 1) and not infiltrate(state, mover_id, forced=True, exclude=exclude):
            arrived = False
            break
    if b.formations:
        hoplites.settle(b)  # a member driven off leaves at once; the others keep the formation
    return arrived


def _free_for(b: Battle, piece: Piece, h: Hex, floor: int = 0) -> bool:
    """Whether ``piece`` on foot may be placed on ``h`` (on ``floor``): empty of living
    characters and loose horses, terrain and bodies allowing it."""
    return b.free(h, piece.id, floor) and _terrain_cost(b, piece, h, mounted=False, floor=floor) is not None


def mount_options(b: Battle, piece: Piece, left: int) -> list[str]:
    """Loose horses ``piece`` may mount now (§4.4.2): only riders, on foot, standing on one of
    the two hexes beside both hexes of the horse, with the mounting MP, no enemy able to
    attack next to the character or the horse, nobody else on the horse's hexes (a rider
    killed in passing may leave his horse over a friend or another horse), the horse's
    hexes open to a rider (a led horse may stand in trees or water), and not astride a low
    wall, where the new rider could neither stop nor fall back to a hex on foot (§8.4.2)."""
    t = b.tables
    counter = t.counter(piece.id)
    if piece.mounted or piece.floor or counter.mounted is None or left < t.data.horses.mount_cost(counter.armoured):
        return []
    out = []
    for owner in sorted(b.horses):
        head, tail = b.horses[owner].hexes()
        beside = set(t.around.get(head, ())) & set(t.around.get(tail, ()))
        if (piece.hex in beside and not threatened(b, piece.side, (piece.hex, head, tail))
                and all(t.terrain[h].cost(True, counter.armoured) is not None for h in (head, tail))
                and not any(True for h in (head, tail) for _ in b.living_at(h))
                and not any(o != owner and set(b.horses[o].hexes()) & {head, tail} for o in b.horses)
                and not buildings.astride(b, attrs.evolve(piece, mounted=True, hex=head, facing=b.horses[owner].facing))):
            out.append(owner)
    return out


def mount(b: Battle, piece_id: str, owner: str) -> None:
    """Mount ``owner``'s horse (§4.4.2): pay the cost on foot, the MP left are multiplied."""
    piece = b.pieces[piece_id]
    rules = b.tables.data.horses
    cost = rules.mount_cost(b.tables.counter(piece_id).armoured)
    horse = b.horses.pop(owner)
    rider = attrs.evolve(piece, mounted=True, hex=horse.head, facing=horse.facing, horse=owner)
    b.pieces[piece_id] = rider
    b.spent[piece_id] = b.spent.get(piece_id, 0) + cost
    b.left[piece_id] = min(b.ma(rider), (b.left[piece_id] - cost) * rules.mount_multiplier)


def dismount_options(b: Battle, piece: Piece, left: int) -> list[Hex]:
    """Hexes ``piece`` may dismount onto (§4.4.2): any empty hex next to its horse, with the
    dismounting MP."""
    t = b.tables
    if not piece.mounted or left < t.data.horses.mount_cost(t.counter(piece.id).armoured):
        return []
    footprint = piece.hexes()
    around = {n for h in footprint for n in t.around[h]} - set(footprint)
    return sorted(h for h in around if _free_for(b, piece, h))


def dismount(b: Battle, piece_id: str, to: Hex) -> None:
    """Dismount onto ``to`` (§4.4.2): pay the cost mounted, the MP left are divided (by more
    if wounded, rounded down); the horse stays, riderless, on its two hexes."""
    piece = b.pieces[piece_id]
    rules = b.tables.data.horses
    cost = rules.mount_cost(b.tables.counter(piece_id).armoured)
    assert piece.facing is not None and piece.horse is not None
    b.horses[piece.horse] = LooseHorse(piece.horse, piece.hex, piece.facing, piece.side)
    b.pieces[piece_id] = attrs.evolve(piece, mounted=False, hex=to, facing=None, horse=None)
    divisor = rules.dismount_divisor_wounded if piece.health == "wounded" else rules.dismount_divisor
    b.spent[piece_id] = b.spent.get(piece_id, 0) + cost
    b.left[piece_id] = (b.left[piece_id] - cost) // divisor


def pickup_options(b: Battle, piece: Piece) -> list[str]:
    """Friendly stunned characters ``piece`` (on foot) may pick up in its hex, unless an enemy
    able to attack is next to it (§4.2.4, A-67)."""
    if piece.mounted:
        return []
    h = piece.hex  # stunned, so living (Battle.living_at); the rarest test first
    stunned = sorted(p.id for p in b.pieces.values()
                     if p.health == "stunned" and h in p.footprint and p.side == piece.side and p.floor == piece.floor)
    return [] if stunned and threatened(b, piece.side, (piece.hex,), piece.floor) else stunned


def carry_options(b: Battle, carrier: Piece, carried: Piece) -> list[Hex]:
    """Hexes next to the carrier, on its floor, where the carried character may be put down
    (§4.2.4): across a hexside a step could cross, never over a wall, a palisade or a cliff;
    upstairs, a storey hex beside him (§8, a reading: nobody is put down across the stairs)."""
    beside = {h for h, floor in b.tables.places_beside(carrier.hex, carrier.floor) if floor == carrier.floor}
    return [h for h in b.tables.around[carrier.hex] if h in beside and _free_for(b, carried, h, carrier.floor)]


def allowance(b: Battle, piece: Piece) -> int:
    """The MP ``piece`` starts its move with: its MA, or less after firing this phase as the
    weapon allows (§5.1, P-05), or in a hoplite formation (§7.3.1, §7.3.2)."""
    cap = hoplites.move_cap(b, piece)
    ma = b.ma(piece) if cap is None else min(cap, b.ma(piece))
    fired = b.fired_in.get(piece.id)
    if fired is None or fired[0] != b.phase:
        return ma
    mode = b.tables.data.weapons[fired[1]].mode("mounted" if piece.mounted else "foot")
    limit = None if mode is None else mode.offensive_move.allowance(ma)
    return ma if limit is None else min(ma, limit)


def mp_left(b: Battle, pid: str) -> int:
    """The MP ``pid`` has left this player phase: its allowance until it begins to move."""
    return b.left.get(pid, allowance(b, b.pieces[pid]))


def movable(b: Battle, side: str) -> list[str]:
    """Characters of ``side`` that may still move this player phase (§4, §4.2.3), but the
    hoplites of a formation that must stop or re-form (§7.3.1)."""
    done, busy, formations = b.done, b.busy, b.formations
    return sorted([p.id for p in b.pieces.values()
                   if p.side == side and p.health in ABLE and p.id not in done and p.id not in busy
                   and not (formations and hoplites.halted(b, p.id))])


# --------------------------------------------------------------------------- §4.4.3 loose horses


def controls(b: Battle, side: str, horse: LooseHorse) -> bool:
    """Whether ``side`` may take ``horse``: it controls it, or the side controlling it has no
    able character next to it any more (§4.4.3)."""
    if horse.side in ("", side):
        return True
    around = {n for h in horse.hexes() for n in b.tables.around.get(h, ())}
    return not any(p.side == horse.side and p.able and set(p.hexes()) & around for p in b.pieces.values())


def _takeable(b: Battle, piece: Piece, horse: LooseHorse) -> bool:
    return ((piece.id, horse.owner) not in b.no_catch and controls(b, piece.side, horse)
            and not threatened(b, piece.side, horse.hexes()))


def bridle_options(b: Battle, piece: Piece, rec: MoveRecord) -> list[str]:
    """Loose horses ``piece`` may take by the bridle now (§4.4.3): a character on foot in one
    of the three hexes before a horse's head; a rider next to a horse at the start of its move
    or where it may end it (taking the horse then ends the move); no enemy able to attack
    next to the horse; at most 3 horses on foot, 1 mounted."""
    if not b.horses or piece.floor:
        return []
    rules = b.tables.data.horses
    limit = rules.lead_limit_mounted if piece.mounted else rules.lead_limit_foot
    if len(rec.leading) >= limit or rec.caught:
        return []
    mine = set(piece.hexes())
    out = []
    for owner in sorted(b.horses):
        horse = b.horses[owner]
        if piece.mounted:  # at the start of its move, or to end it there
            near = ((not rec.entered or may_stop(b, piece, rec.carrying))
                    and any(n in mine for h in horse.hexes() for n in b.tables.around.get(h, ())))
        else:
            near = piece.hex in front_hexes(horse.head, horse.facing)
        if near and _takeable(b, piece, horse):
            out.append(owner)
    return out


def catch_options(b: Battle, piece: Piece, rec: MoveRecord) -> list[str]:
    """Loose horses a moving rider may try to catch as it passes (§4.4.3): next to its head,
    and room to place the horse alongside where the rider then stops."""
    if not b.horses or not piece.mounted or not rec.entered or rec.leading or not may_stop(b, piece, rec.carrying):
        return []  # no loose horse: may_stop need not be asked
    near = set(b.tables.around[piece.hex])
    return [owner for owner in sorted(b.horses)
            if near & set(b.horses[owner].hexes()) and _takeable(b, piece, b.horses[owner])
            and _alongside(b, piece, b.horses[owner])]


def _horse_fits(b: Battle, h: Hex, taken: set[Hex]) -> bool:
    """A led horse may stand on ``h``: on the map, no living character, no other loose horse,
    not closed by bodies (led horses may go into trees and water, §4.2.1)."""
    return (h in b.tables.terrain and h not in taken and not any(True for _ in b.living_at(h))
            and b.horse_at(h) is None and b.tables.data.bodies.extra_mp(b.body_total(h)) is not None)


def _line(b: Battle, anchor: Hex, direction: int, horses: tuple[LooseHorse, ...], side: str) -> tuple[LooseHorse, ...] | None:
    placed: list[LooseHorse] = []
    taken: set[Hex] = set()
    for horse in horses:
        head = neighbour(anchor, direction)
        anchor = neighbour(head, direction)
        if not (_horse_fits(b, head, taken) and _horse_fits(b, anchor, taken)):
            return None
        taken |= {head, anchor}
        placed.append(LooseHorse(horse.owner, head, opposite(direction), side))
    return tuple(placed)


def line_places(b: Battle, piece: Piece, horses: tuple[LooseHorse, ...]) -> list[tuple[LooseHorse, ...]]:
    """Where led horses go when the move ends: in a straight line behind the leader, each
    head facing it (P-08): behind a rider's rear, or on any side of a man on foot."""
    if piece.mounted:
        assert piece.facing is not None
        anchors = [(piece.hexes()[1], opposite(piece.facing))]
    else:
        anchors = [(piece.hex, d) for d in range(6)]
    lines = (_line(b, anchor, d, horses, piece.side) for anchor, d in anchors)
    return [line for line in lines if line is not None]


def _alongside(b: Battle, piece: Piece, horse: LooseHorse) -> list[tuple[LooseHorse, ...]]:
    """A caught horse goes beside the rider, parallel, its head level with the rider's rear
    hex on either side (P-08)."""
    assert piece.facing is not None
    rear = piece.hexes()[1]
    out: list[tuple[LooseHorse, ...]] = []
    for turn in (-1, 1):
        head = neighbour(rear, piece.facing + turn)
        placed = LooseHorse(horse.owner, head, piece.facing, piece.side)
        if all(_horse_fits(b, h, set()) for h in placed.hexes()):
            out.append((placed,))
    return out


def push_places(b: Battle, piece: Piece) -> list[LooseHorse]:
    """Where ``piece`` may push the one loose horse standing on its hexes (§4.4.3): any
    position the horse reaches in one step of its two-hex counter, clear of the pusher, of
    other living characters and horses, and of hexes closed by bodies (reading)."""
    mine = set(piece.hexes())
    under = [horse for horse in b.horses.values() if mine & set(horse.hexes())]
    if len(under) != 1:
        return []
    horse = under[0]
    out = []
    for step in two_hex_steps(horse.head, horse.facing):
        moved = LooseHorse(horse.owner, step.head, step.facing, horse.side)
        hexes = moved.hexes()
        if (not mine & set(hexes) and all(h in b.tables.terrain and not any(True for _ in b.living_at(h))
                                           and b.horse_at(h) in (None, horse)
                                           and b.tables.data.bodies.extra_mp(b.body_total(h)) is not None
                                           for h in hexes)):
            out.append(moved)
    return out


def _may_end(b: Battle, piece: Piece, rec: MoveRecord) -> bool:
    """Whether the move may end here: the mover may stop (§4.1), pushing aside a loose horse
    if one is in the way, and its led horses can be placed in line, or let go where they
    were taken without standing under it; a carrier standing where he picked his friend up
    only if the friend can be put down beside him (else the friend would be left in the hex
    they share, §4.2.4)."""
    if (rec.carrying and rec.carried_from in piece.footprint
            and not carry_options(b, piece, b.pieces[rec.carrying])):
        return False
    if not may_stop(b, piece, rec.carrying):
        free_hands = not rec.leading and not rec.carrying
        alone = not any(p.id != piece.id for h in piece.hexes() for p in b.living_at(h))
        return free_hands and alone and bool(push_places(b, piece))
    if not rec.leading or rec.caught or line_places(b, piece, rec.leading):
        return True
    mine = set(piece.hexes())
    return not any(mine & set(horse.hexes()) for horse in rec.leading)


# --------------------------------------------------------------------------- §10.1 ladders


def over_options(b: Battle, piece: Piece, left: int) -> list[tuple[Hex, int]]:
    """(hex, MP): from a raised ladder over the palisade it leans on, onto a free hex on the
    far side: the step over and that hex's own MP (§9.2.1, §9.2.2, §10.1.3, A-60)."""
    ladder = ladders.on_ladder(b, piece)
    if ladder is None:
        return []
    step = b.tables.data.tactics.ladders.step_over_mp
    out = []
    for h in ladders.far_side(b, ladder):
        cost = _terrain_cost(b, piece, h, mounted=False)
        if cost is not None and step + cost <= left and _free_for(b, piece, h):
            out.append((h, step + cost))
    return out


def ladder_steps(b: Battle, rec: MoveRecord, left: int) -> list[tuple[Any, ...]]:
    """The next steps of a pair carrying a ladder, or raising it (§10.1.2): the leader steps
    into a free hex, the follower takes the hex the leader leaves; each step costs the pair
    the dearer of the two hexes. None once the ladder is no longer carried (a carrier hurt)."""
    ladder = b.ladders[rec.ladder]
    if not ladders.carriers(b, ladder):
        return []
    lead, partner = b.pieces[rec.mover], b.pieces[rec.partner]
    # a carrier wounded on the way lowers the pair's MP to what the new allowance leaves (P-06)
    left = min(left, ladders.pair_allowance(b, allowance(b, lead), allowance(b, partner)) - b.spent.get(lead.id, 0))
    behind = enter_cost(b, partner, partner.hex, lead.hex)
    out: list[tuple[Any, ...]] = [("raise", foot, palisade) for foot, palisade in ladders.raise_places(b, ladder)]
    if behind is None:
        return out
    for s in step_options(b, lead, left):
        cost = max(s.cost, behind)
        if s.hex != partner.hex and cost <= left and _free_for(b, lead, s.hex) and ladders.raised_at(b, s.hex) is None:
            out.append(("step", s.hex, None, cost, s.kind))
    return out


def _follow(b: Battle, rec: MoveRecord, left_hex: Hex, cost: int) -> None:
    """The follower steps into the hex the leader left, paying what the leader paid, and the
    ladder moves with them (§10.1.2)."""
    partner = rec.partner
    b.pieces[partner] = attrs.evolve(b.pieces[partner], hex=left_hex)
    b.spent[partner] = b.spent.get(partner, 0) + cost
    b.left[partner] = b.left[rec.mover]
    lead = b.pieces[rec.mover]
    b.ladders[rec.ladder] = attrs.evolve(b.ladders[rec.ladder], hexes=(lead.hex, left_hex))


def rope_steps(b: Battle, piece: Piece, left: int) -> list[tuple[Any, ...]]:
    """A climber's next steps on its rope: over the palisade onto a free hex beyond it, or
    back down to the rope's foot (§10.6.1)."""
    rope = ropes.climbing(b, piece.id)
    assert rope is not None

    def enter(h: Hex) -> int | None:
        return _terrain_cost(b, piece, h, mounted=False) if _free_for(b, piece, h) else None

    out: list[tuple[Any, ...]] = [("rope_over", h, cost) for h, cost in ropes.cross_options(b, piece, enter) if cost <= left]
    down = ropes.down_cost(b, rope)
    return out + ([("rope_down", down)] if down <= left else [])


def _climb(b: Battle, pid: str, rid: str, cost: int) -> None:
    """Go up the rope ``rid`` or, with none, off the rope the character is on (§10.6.2)."""
    if rid:
        b.ropes[rid] = attrs.evolve(b.ropes[rid], climber=pid)
    else:
        ropes.let_go(b, pid)
    b.spent[pid] = b.spent.get(pid, 0) + cost
    b.left[pid] -= cost


def start_carry(b: Battle, lid: str, lead: str, partner: str) -> MoveRecord:
    """Two characters take up a lying ladder and move with it, each with 2 MA less (§10.1.2)."""
    b.ladders[lid] = attrs.evolve(b.ladders[lid], carriers=(lead, partner), side=b.pieces[lead].side)
    mp = ladders.pair_allowance(b, allowance(b, b.pieces[lead]), allowance(b, b.pieces[partner]))
    b.left[lead] = b.left[partner] = mp
    piece = b.pieces[lead]
    return MoveRecord(lead, (piece.hex, piece.facing), ladder=lid, partner=partner)


def _drop(b: Battle, pid: str) -> None:
    """A carrier moving on its own leaves the ladder lying where it is (§10.1.2)."""
    for lid, ladder in b.ladders.items():
        if pid in ladder.carriers:
            b.ladders[lid] = attrs.evolve(ladder, carriers=())


# --------------------------------------------------------------------------- the procedures


@attrs.define
class MoveRecord:
    """A move in progress: who moves, where it last could have stopped, whether it has entered
    a hex yet (the start hex is never tested, §4.3), whom it carries (§4.2.4) and which horses
    it leads (§4.4.3)."""

    mover: str
    last_stop: tuple[Hex, int | None]
    entered: bool = False
    carrying: str = ""
    carried_from: Hex | None = None
    last_floor: int = 0
    """The floor of ``last_stop`` (§8: upstairs or on the ground)."""
    carried_floor: int = 0
    """The floor of ``carried_from``."""
    leading: tuple[LooseHorse, ...] = ()
    """Horses taken by the bridle (§4.4.3), as they stood when taken: off the map while led."""
    caught: bool = False
    """The led horse was caught on the move (placed alongside, not behind)."""
    hexes: int = 0
    """Steps taken so far, for the re-fire distances of defensive fire (§5.3)."""
    route: tuple[tuple[Hex, int], ...] = ()
    """A declared charge's route (head hex and facing per hex): its only steps (§7.2.1)."""
    defensive_fire: bool = True
    """False for a charge met by a counter-charge: no defensive fire at it (§7.2.2)."""
    ladder: str = ""
    """The ladder the mover carries (§10.1.2), with ``partner`` following it."""
    partner: str = ""
    blocked: frozenset[Hex] | None = None
    """The ground hexes the mover may not enter for the enemies on them (:func:`enemy_hexes`,
    §4.2): found at its first step's menu and kept until a volley is fired at it (fire.UnderFire;
    nothing else a move does moves or hurts an enemy); None until then."""
    shooters: tuple[tuple[str, tuple[str, ...]], ...] | None = None
    """The enemies who may still fire defensively at the movers of this move at all, with
    their weapons (fire.move_shooters): found at the move's first defensive-fire window and
    kept until a volley is fired at it (§5.3); None until then."""



class MoveStep(SideChoice):
    """The moving character's next step: a hex (a rider: where its head goes), mounting,
    dismounting, picking up a stunned friend, or stop here (§4)."""

    rule = "4"
    kind = "move-step"
    prompt = "Move on, or stop here"

    def options(self, state: State, frame: Frame) -> list[tuple[Any, ...]]:
        b: Battle = state.data
        rec: MoveRecord = frame.record  # every MoveStep frame carries its move's record
        piece = b.pieces[rec.mover]
        out: list[tuple[Any, ...]] = [("stop",)]
        if piece.health == "dead":
            return out
        left = b.left[rec.mover]
        if rec.route:  # a charge follows its declared route to the end, or as far as it can (§7.2.1)
            ahead = rec.route[rec.hexes:rec.hexes + 1]
            steps = [("step", s.hex, s.facing, s.cost, s.kind) for s in step_options(b, piece, left)
                     if (s.hex, s.facing) in ahead]
            return steps or out
        if rec.ladder:  # a pair carrying a ladder steps, or raises it, and nothing else (§10.1.2)
            return out + ladder_steps(b, rec, left)
        if b.ropes and ropes.climbing(b, piece.id):  # on a rope: over the palisade or back down (§10.6)
            return out + rope_steps(b, piece, left)
        out += [("step", s.hex, s.facing, s.cost, s.kind) for s in step_options(b, piece, left, blocked=_blocked(b, rec))
                if not (rec.leading and s.kind in FLOOR_AFTER)]  # no horse up or down the stairs (§8.4)
        if b.ladders:  # no ladder, no ladder to step off (over_options)
            out += [("over", h, cost) for h, cost in over_options(b, piece, left)]
        if b.ropes and (climb := ropes.climb_cost(b, piece)) is not None and climb[1] <= left:
            out.append(("rope_up", climb[0].id, climb[1]))
        if b.ropes and not rec.leading and not rec.carrying:  # hands free to haul it in (§10.6.1)
            out += [("rope_pull", rope.id) for rope in ropes.pull_up_choices(b, piece)]
        if not rec.leading and not rec.carrying:  # hands free to change counter (reading)
            if b.horses:  # no loose horse, none to mount (mount_options)
                out += [("mount", owner) for owner in mount_options(b, piece, left)]
            if piece.mounted:  # only a rider dismounts (dismount_options)
                out += [("dismount", h) for h in dismount_options(b, piece, left)]
        if not rec.carrying and rec.entered and not piece.mounted:  # only on foot (pickup_options)
            out += [("pickup", p) for p in pickup_options(b, piece)]
        if b.horses:  # no loose horse, none to lead or catch (bridle_options, catch_options)
            last = piece.mounted and rec.entered  # a rider takes the bridle at the start or the end
            out += [("bridle_end" if last else "bridle", owner) for owner in bridle_options(b, piece, rec)]
            out += [("catch", owner) for owner in catch_options(b, piece, rec)]
        return out

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        what = option[0]
        if what == "step":
            _, h, facing, cost, kind = option
            if kind in FLOOR_AFTER:
                return f"{kind} the stairs to {hex_label(h)} ({cost} MP)"
            if facing is None:
                return f"to {hex_label(h)} ({cost} MP)"
            if kind == "about_turn":
                return f"about-turn ({cost} MP)"
            return f"head to {hex_label(h)} {kind} ({cost} MP)"
        if what == "mount":
            return f"mount {option[1]}'s horse"
        if what == "over":
            return f"over the palisade to {hex_label(option[1])} ({option[2]} MP)"
        if what == "rope_up":
            return f"climb the rope ({option[2]} MP)"
        if what == "rope_down":
            return f"climb down the rope ({option[1]} MP)"
        if what == "rope_over":
            rope = ropes.climbing(state.data, frame.record.mover)
            wall = rope is not None and not ropes.on_palisade(state.data, rope)
            return f"over the {'wall' if wall else 'palisade'} by the rope to {hex_label(option[1])} ({option[2]} MP)"
        if what == "raise":
            return f"raise the ladder on {hex_label(option[1])} against {hex_label(option[2])}"
        if what == "rope_pull":
            return f"pull up the rope on {hex_label(state.data.ropes[option[1]].against)}"
        if what == "dismount":
            return f"dismount to {hex_label(option[1])}"
        if what == "pickup":
            return f"pick up {option[1]}"
        if what == "bridle":
            return f"lead {option[1]}'s horse"
        if what == "bridle_end":
            return f"lead {option[1]}'s horse and stop"
        if what == "catch":
            return f"catch {option[1]}'s horse"
        return "stop here"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        b: Battle = state.data
        rec: MoveRecord = frame.record  # every MoveStep frame carries its move's record
        mover = rec.mover
        what = option[0]
        if what == "stop":
            finish_move(state, rec)
            return
        if what == "step" and rec.entered and not infiltrate(state, mover):
            finish_move(state, rec)  # halted or killed on the spot (§4.3)
            return
        if what == "raise":
            ladders.raise_ladder(b, rec.ladder, option[1], option[2])
            state.emit(f"{mover} and {rec.partner} {self.label(state, frame, option)}", "ladder")
            finish_move(state, rec)
            return
        if what == "rope_pull":  # §10.6.1: it ends the move (reading: the rules give no MP)
            ropes.pull_up(state, mover, option[1])
            finish_move(state, rec)
            return
        if what in ("rope_up", "rope_down"):
            _climb(b, mover, option[1] if what == "rope_up" else "", option[-1])
        if what in ("step", "over", "rope_over"):
            h, facing, cost = (option[1], option[2], option[3]) if what == "step" else (option[1], None, option[2])
            piece = b.pieces[mover]
            if cost > b.left[mover]:  # a wound in the test cut the MP (P-06)
                finish_move(state, rec)
                return
            if what == "rope_over":
                _climb(b, mover, "", 0)  # off the rope, over the palisade (§10.6.2)
            b.pieces[mover] = (stepped(piece, Step(h, facing, cost, option[4])) if what == "step"
                               else piece.moved(h, facing))
            b.spent[mover] = b.spent.get(mover, 0) + cost
            b.left[mover] -= cost
            rec.hexes += 1
            if _carrying(b, rec):
                b.pieces[rec.carrying] = attrs.evolve(b.pieces[rec.carrying], hex=h, floor=b.pieces[mover].floor)
            if rec.ladder:
                _follow(b, rec, piece.hex, cost)
            if what == "over":
                ladders.land(state, mover)  # §9.2.1, §9.2.2
        elif what == "mount":
            mount(b, mover, option[1])
        elif what == "dismount":
            dismount(b, mover, option[1])
        elif what == "pickup":
            ropes.let_go(b, option[1])
            rec.carrying = option[1]
            rec.carried_from, rec.carried_floor = b.pieces[option[1]].hex, b.pieces[option[1]].floor
            b.left[mover] //= 2  # §4.2.4: remaining MP halved
        elif what in ("bridle", "bridle_end"):
            rec.leading += (b.horses.pop(option[1]),)
            state.emit(f"{mover} takes {option[1]}'s horse by the bridle", "horse")
            if what == "bridle_end":
                finish_move(state, rec)
                return
        elif what == "catch":
            die = state.rng.die(10)
            if die <= b.tables.data.horses.catch_success_max:
                rec.leading, rec.caught = (b.horses.pop(option[1]),), True
                state.emit(f"{mover} catches {option[1]}'s horse (d10 {die})", "horse")
                finish_move(state, rec)  # the rider ends its move leading the horse alongside
                return
            b.no_catch.add((mover, option[1]))
            state.emit(f"{mover} fails to catch {option[1]}'s horse (d10 {die})", "horse")
        rec.entered = rec.entered or what not in ("bridle", "catch")  # taking a horse is no step
        piece = b.pieces[mover]
        if _may_end(b, piece, rec):
            rec.last_stop, rec.last_floor = (piece.hex, piece.facing), piece.floor
        # after each hex entered the enemy may fire defensively (§5.3, fire.UnderFire)
        goto(state, UNDER_FIRE if what in ("step", "over", "rope_over") and rec.defensive_fire else MoveStep.name,
             record=rec)


def _blocked(b: Battle, rec: MoveRecord) -> frozenset[Hex]:
    """The move's :func:`enemy_hexes` on the ground, found once and kept on its record until a
    volley is fired at it (a property test compares them with the scan at every step)."""
    if rec.blocked is None:
        rec.blocked = enemy_hexes(b, b.pieces[rec.mover].side)
    return rec.blocked


def finish_move(state: State, rec: MoveRecord) -> None:
    """End the move: back to the last hex where the mover could stop if it may not stop
    here (§4.1), then place the horses it leads (§4.4.3) and put down whom it carries
    (§4.2.4)."""
    b: Battle = state.data
    piece = b.pieces[rec.mover]
    if piece.alive and not _may_end(b, piece, rec):
        h, facing = rec.last_stop
        b.pieces[rec.mover] = piece = attrs.evolve(piece, hex=h, facing=facing, floor=rec.last_floor)
        state.emit(f"{rec.mover} may not stop there and ends the move on {hex_label(h)}", "move")
    b.done.add(rec.mover)
    if rec.partner:
        b.done.add(rec.partner)
    if piece.alive and not may_stop(b, piece, rec.carrying) and push_places(b, piece):  # a horse in the way
        goto(state, PushHorse, record=rec)
        return
    if rec.leading and horse_places(b, piece, rec):
        goto(state, PlaceHorses, record=rec)
        return
    if rec.leading:
        for horse in rec.leading:
            b.horses[horse.owner] = horse
        state.emit(f"{rec.mover} lets go of the horses where they were taken", "horse")
    _put_down(state, rec)


def _carrying(b: Battle, rec: MoveRecord) -> bool:
    """Whether the mover still carries someone: a carried friend killed on the way (fire at the
    pair, §5.3) is a body where he fell and is carried no further."""
    if rec.carrying and not b.pieces[rec.carrying].alive:
        rec.carrying = ""
    return bool(rec.carrying)


def _put_down(state: State, rec: MoveRecord) -> None:
    """The carried friend is put down next to the carrier, or left where it was picked up if
    there is no room (§4.2.4)."""
    b: Battle = state.data
    if not _carrying(b, rec):
        end(state)
        return
    piece = b.pieces[rec.mover]
    carried = b.pieces[rec.carrying]
    b.pieces[rec.carrying] = carried = attrs.evolve(carried, hex=piece.hex, floor=piece.floor)
    if carry_options(b, piece, carried):
        goto(state, PutDown, record=rec)
        return
    assert rec.carried_from is not None
    b.pieces[rec.carrying] = attrs.evolve(carried, hex=rec.carried_from, floor=rec.carried_floor)
    state.emit(f"no room to put {rec.carrying} down: left where it was picked up", "move")
    end(state)


def horse_places(b: Battle, piece: Piece, rec: MoveRecord) -> list[tuple[LooseHorse, ...]]:
    """Where the led horses may go as the move ends: alongside a rider that caught one, in a
    line behind the leader otherwise; none if the leader fell."""
    if not piece.alive:
        return []
    if rec.caught:
        return _alongside(b, piece, rec.leading[0])
    return line_places(b, piece, rec.leading)


class PushHorse(SideChoice):
    """Where the loose horse in the mover's way is pushed (§4.4.3)."""

    rule = "4.4.3"
    kind = "push-horse"
    prompt = "Where to push the horse aside"

    def options(self, state: State, frame: Frame) -> list[LooseHorse]:
        b: Battle = state.data
        return push_places(b, b.pieces[record(state, MoveRecord).mover])

    def label(self, state: State, frame: Frame, option: LooseHorse) -> str:
        return f"push {option.owner}'s horse to {hex_label(option.head)}>{hex_label(option.hexes()[1])}"

    def choose(self, state: State, frame: Frame, option: LooseHorse) -> None:
        state.data.horses[option.owner] = option
        state.emit(self.label(state, frame, option), "horse")
        end(state)


class PlaceHorses(SideChoice):
    """Where the led horses stand as the leader's move ends (§4.4.3, P-08)."""

    rule = "4.4.3"
    kind = "place-horses"
    prompt = "Where the led horses stand"

    def options(self, state: State, frame: Frame) -> list[tuple[LooseHorse, ...]]:
        b: Battle = state.data
        rec = record(state, MoveRecord)
        return horse_places(b, b.pieces[rec.mover], rec)

    def label(self, state: State, frame: Frame, option: tuple[LooseHorse, ...]) -> str:
        return "horses on " + " ".join(f"{hex_label(h.head)}>{hex_label(h.hexes()[1])}" for h in option)

    def choose(self, state: State, frame: Frame, option: tuple[LooseHorse, ...]) -> None:
        b: Battle = state.data
        for horse in option:
            b.horses[horse.owner] = horse
        _put_down(state, record(state, MoveRecord))


class PutDown(SideChoice):
    """Put the carried stunned friend down next to the carrier (§4.2.4)."""

    rule = "4.2.4"
    kind = "put-down"
    prompt = "Where to put the carried character down"

    def options(self, state: State, frame: Frame) -> list[Hex]:
        b: Battle = state.data
        rec = record(state, MoveRecord)
        return carry_options(b, b.pieces[rec.mover], b.pieces[rec.carrying])

    def label(self, state: State, frame: Frame, option: Hex) -> str:
        return f"put down on {hex_label(option)}"

    def choose(self, state: State, frame: Frame, option: Hex) -> None:
        b: Battle = state.data
        rec = record(state, MoveRecord)
        b.pieces[rec.carrying] = attrs.evolve(b.pieces[rec.carrying], hex=option)
        end(state)


class Movement(SideChoice):
    """Step 3: the phasing side moves its characters one at a time, each once, or declares one
    will not move this phase (the enemy may then fire at it defensively, §5.3), or sets two of
    them to clear bodies (§2.1, §4, §4.2.3), or one to cut a tent open (§8.5.2) or work the
    castle's gate (§9.2.3)."""

    rule = "2.1"
    kind = "movement"
    prompt = "Pick a character to move, bodies to clear, or end the movement step"

    def options(self, state: State, frame: Frame) -> list[tuple[Any, ...]]:
        b: Battle = state.data
        side = b.side
        free = movable(b, side)
        on_foot = [b.pieces[pid].hex for pid in free if not b.pieces[pid].mounted]
        return [
            *(("move", pid) for pid in free),
            *(("stay", pid) for pid in free),
            *(("clear", h) for h in sorted(b.bodies)
              if _two_beside(b, h, on_foot) and body_loads(b, h) and clearer_pairs(b, side, h, free)),
            *(("clear", h, 1) for h in sorted(b.bodies_above)  # upstairs (§8)
              if body_loads(b, h, 1) and clearer_pairs(b, side, h, free, 1)),
            *(("cut", pid, h) for pid, h in buildings.cut_options(b, free)),
            *(("gate",) + choice for choice in castles.gate_choices(b, free, lambda pid: mp_left(b, pid))),  # §9.2.3
            *(("carry", lid, lead, partner) for lid, lead, partner in ladders.carry_choices(b, free)),
            *(("throw", pid, h) for pid in (free if b.ropes else ()) if pid not in b.left  # none without ropes
              for h in ropes.throw_places(b, b.pieces[pid])),
            *(("shift",) + choice for choice in ladders.shift_choices(
                b, side, lambda pid: mp_left(b, pid) if pid in free else 0)),
            *hoplites.formation_options(b),  # §7.3.1, §7.3.2
            ("end",),
        ]

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        if option[0] == "move":
            return f"move {option[1]}"
        if option[0] == "clear":
            return f"clear bodies{' upstairs' * (len(option) > 2)} on {hex_label(option[1])}"
        if option[0] == "stay":
            return f"{option[1]} stays put"
        if option[0] == "cut":
            return f"{option[1]} cuts the tent on {hex_label(option[2])}"
        if option[0] == "gate":
            return f"{option[1]} {'raises' if option[3] == 'open' else 'lowers'} the gate on {hex_label(option[2])}"
        if option[0] == "throw":
            return f"{option[1]} throws a hook at {ropes.target_label(state.data, state.data.pieces[option[1]].hex, option[2])}"
        if option[0] == "shift":
            _, lid, first, second, h, palisade = option
            return (f"{first} and {second} move the ladder on {hex_label(state.data.ladders[lid].hexes[0])} to "
                    f"{hex_label(h)} against {hex_label(palisade)}")
        if option[0] == "carry":
            return f"{option[2]} and {option[3]} carry the ladder on {' '.join(hex_label(h) for h in state.data.ladders[option[1]].hexes)}, {option[2]} leading"
        if option[0] in ("form", "block", "break", "reform", "foulkon", "open"):
            return hoplites.option_label(option)
        return "end movement"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        b: Battle = state.data
        if option[0] == "end":
            hoplites.settle(b)  # stragglers leave their formation
            end(state)
        elif option[0] == "form":
            hoplites.start_forming(state, option[1])  # the members, then the facing (§7.3.1)
        elif option[0] == "block":
            hoplites.start_block(state, option[1])  # the formation moves as one piece (§7.3.1)
        elif option[0] in ("break", "reform", "foulkon", "open"):
            hoplites.apply_option(state, option)
            goto(state, Movement)
        elif option[0] == "clear":
            call(state, ClearWith, hex=option[1], floor=option[2] if len(option) > 2 else 0)
        elif option[0] == "cut":
            buildings.cut_tent(b, option[1], option[2])
            state.emit(self.label(state, frame, option), "move")
            goto(state, Movement)
        elif option[0] == "gate":  # §9.2.3 (reading): its MP spent, it may go on moving
            castles.work_gate(b, option[1], option[2], option[3], mp_left(b, option[1]))
            state.emit(self.label(state, frame, option), "move")
            goto(state, Movement)
        elif option[0] == "stay":
            b.done.add(option[1])
            call(state, DEFENSIVE_FIRE, mover=option[1], hexes=0)
        elif option[0] == "carry":
            call(state, MoveStep, record=start_carry(b, option[1], option[2], option[3]))
        elif option[0] == "throw":
            ropes.throw(state, option[1], option[2])  # §10.6.1: its move and combat this phase
            goto(state, Movement)
        elif option[0] == "shift":  # §10.1.4: 2 MP each; they may go on moving with the rest
            _, lid, first, second, h, palisade = option
            for pid in (first, second):
                b.left[pid] = mp_left(b, pid) - b.tables.data.tactics.ladders.shift_mp
                b.spent[pid] = b.spent.get(pid, 0) + b.tables.data.tactics.ladders.shift_mp
            ladders.raise_ladder(b, lid, h, palisade)
            state.emit(self.label(state, frame, option), "ladder")
            goto(state, Movement)
        else:
            _drop(b, option[1])
            piece = b.pieces[option[1]]
            b.left.setdefault(piece.id, allowance(b, piece))
            call(state, MoveStep, record=MoveRecord(piece.id, (piece.hex, piece.facing), last_floor=piece.floor))

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        goto(state, Movement)

# --------------------------------------------------------------------------- §4.2.3 clearing


def body_loads(b: Battle, h: Hex, floor: int = 0) -> list[str]:
    """What two characters can carry off ``h`` (its ``floor``) at once (§4.2.3): as many dead
    characters, or dead horses, as weigh the first body threshold (3 characters or 1 horse)."""
    rules = b.tables.data.bodies
    load = min(t.at_least for t in rules.thresholds)
    chars, horses = b.bodies_at(h, floor)
    out = []
    if chars * rules.weight(1, 0) >= load:
        out.append("characters")
    if horses * rules.weight(0, 1) >= load:
        out.append("horse")
    return out


def _load_counts(b: Battle, load: str) -> tuple[int, int]:
    rules = b.tables.data.bodies
    weight = min(t.at_least for t in rules.thresholds)
    if load == "characters":
        return -(-weight // rules.weight(1, 0)), 0
    return 0, -(-weight // rules.weight(0, 1))


def _two_beside(b: Battle, h: Hex, on_foot: list[Hex]) -> bool:
    """Whether two of these hexes of movers on foot are next to ``h`` or on it: without them
    :func:`clearer_pairs` finds no pair, so the menu asks it nothing more."""
    around = b.tables.around[h]
    return sum(1 for x in on_foot if x == h or x in around) >= 2


def _beside(b: Battle, h: Hex, floor: int) -> tuple[Hex, ...] | frozenset[Hex]:
    """The hexes next to ``h`` for clearing its bodies (§4.2.3): on the ground its neighbours,
    upstairs the storey hexes beside it across no wall (§8, a reading)."""
    return b.tables.storey_around[h] if floor else b.tables.around[h]


def clearer_pairs(b: Battle, side: str, h: Hex, free: list[str] | None = None,
                  floor: int = 0) -> list[tuple[str, str]]:
    """Pairs of ``side``'s foot characters that may clear ``h`` on ``floor`` (§4.2.3, A-67):
    neither has moved yet, each on that floor next to the hex (or in it, if it can be entered),
    no enemy able to attack either of them. ``free``: :func:`movable`, when the caller has it
    already."""
    passable = b.tables.data.bodies.extra_mp(b.body_total(h, floor)) is not None
    beside = _beside(b, h, floor)
    able = [pid for pid in (movable(b, side) if free is None else free)
            if not b.pieces[pid].mounted and b.pieces[pid].floor == floor
            and (b.pieces[pid].hex in beside or (passable and b.pieces[pid].hex == h))
            and not threatened(b, side, (b.pieces[pid].hex,), floor)]
    return [(x, y) for i, x in enumerate(able) for y in able[i + 1:]]


def clear_destinations(b: Battle, side: str, h: Hex, floor: int = 0) -> list[tuple[Hex, str]]:
    """Where a load of bodies may go: a hex next to ``h`` on its floor not held by an enemy
    (A-67)."""
    return [(z, load) for z in _beside(b, h, floor)
            if not any(p.side != side for p in b.living_at(z, floor)) for load in body_loads(b, h, floor)]


def clear_bodies(b: Battle, h: Hex, to: Hex, load: str, pair: tuple[str, str], floor: int = 0) -> None:
    """Move one load from ``h`` to ``to`` on ``floor`` (bodies sink in water); the two clearers
    do nothing else this turn (§4.2.3)."""
    chars, horses = _load_counts(b, load)
    b.add_bodies(h, -chars, -horses, floor)
    if floor or not b.tables.terrain[to].water:
        b.add_bodies(to, chars, horses, floor)
    b.done.update(pair)
    b.busy.update(pair)


class ClearWith(SideChoice):
    """Which two characters clear the bodies (§4.2.3)."""

    rule = "4.2.3"
    kind = "clear-with"
    prompt = "Which two characters carry the bodies"

    def options(self, state: State, frame: Frame) -> list[tuple[str, str]]:
        return clearer_pairs(state.data, state.data.side, frame["hex"], floor=frame["floor"])

    def label(self, state: State, frame: Frame, option: tuple[str, str]) -> str:
        return f"{option[0]} and {option[1]} clear"

    def choose(self, state: State, frame: Frame, option: tuple[str, str]) -> None:
        goto(state, ClearTo, hex=frame["hex"], pair=option, floor=frame["floor"])


class ClearTo(SideChoice):
    """Where the bodies go, and which: three dead characters or a dead horse (§4.2.3)."""

    rule = "4.2.3"
    kind = "clear-to"
    prompt = "Where the bodies go"

    def options(self, state: State, frame: Frame) -> list[tuple[Hex, str]]:
        return clear_destinations(state.data, state.data.side, frame["hex"], frame["floor"])

    def label(self, state: State, frame: Frame, option: tuple[Hex, str]) -> str:
        what = "dead characters" if option[1] == "characters" else "a dead horse"
        return f"{what} to {hex_label(option[0])}"

    def choose(self, state: State, frame: Frame, option: tuple[Hex, str]) -> None:
        b: Battle = state.data
        clear_bodies(b, frame["hex"], option[0], option[1], frame["pair"], frame["floor"])
        state.emit(f"{' and '.join(frame['pair'])} carry {self.label(state, frame, option)}", "clear")
        end(state)


def reachable(b: Battle, piece: Piece, left: int) -> set[Hex]:
    """Hexes ``piece`` could reach with ``left`` MP, tests and stopping aside (for the map)."""
    best: dict[tuple[Hex, int | None, int], int] = {(piece.hex, piece.facing, piece.floor): left}
    frontier = [piece]
    seen: set[Hex] = set()
    while frontier:
        here = frontier.pop()
        budget = best[(here.hex, here.facing, here.floor)]
        for s in step_options(b, here, budget):
            there = stepped(here, s)
            key = (s.hex, s.facing, there.floor)
            if best.get(key, -1) < budget - s.cost:
                best[key] = budget - s.cost
                frontier.append(there)
                seen.add(s.hex)
    return seen
