"""Cavalry charges and counter-charges (§7.2).

The rules are plain functions on :class:`~banneret_guiscard.state.Battle`:

* :func:`in_front`, :func:`rider_sees` -- a rider's front (P-08: within 60 degrees of its
  facing, from its head) and its view, which only other riders block (§7.2.1);
* :func:`charge_targets`, :func:`charge_steps`, :func:`charge_complete` -- whom a rider may
  charge and, hex by hex, the routes that can still make a legal charge: at least the
  minimum hexes, front steps only (no turn costing extra MP), the last hexes in a straight
  row towards the target's hex (§7.2.1);
* :func:`counter_routes` -- who may counter-charge a declared charge and by which route:
  the charger in its front and in sight at the start, or the special case of a rider
  charged in its front; at most half the charge's hexes, front steps only, ending on the
  charge's last hexes (§7.2.2);
* :func:`charge_strengths` -- the charge bonuses and the role reversal (§7.2.3, A-15);
* :func:`group_shift` -- the group charge's column (§7.2.4, §7.2.5, A-16).

Step 2 is :class:`Charges`: the phasing player names a rider and a target, then the route
hex by hex (:class:`ChargeRoute`); after each declared charge the other player may
counter-charge (:class:`CounterCharge`, a window). In step 3 :class:`ChargeMoves` carries
the charges out before any other move (A-16): each counter-charger first, then the charger
along its route, with infiltration tests and, unless countered, defensive fire. In step 4
:class:`ChargeCombats` resolves each charge that arrived as a combat of its own before the
other attacks.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

import attrs

from banneret.boards.hexgrid import DIRECTIONS, Hex, arc, distance, neighbour, opposite, rotate
from banneret.flow import Frame, Procedure, Window, call, end, goto
from banneret.state import State
from banneret.types import Action
from banneret_guiscard import buildings
from banneret_guiscard.choices import SideChoice
from banneret_guiscard.fire import traced_lines
from banneret_guiscard.melee import CombatRecord, Resolve, begin_combat_step, kill_surrounded
from banneret_guiscard.movement import (
    MoveRecord, MoveStep, allowance, enemy_hexes, infiltrate, may_stop, step_options, steps_for, table_steps,
)
from banneret_guiscard.results import can_attack
from banneret_guiscard.state import Battle, Charge, Piece, hex_label, tables_for

__all__ = [
    "in_front", "rider_sees", "objects_this_turn", "least_strike_mp", "StrikeMP", "strike_lane", "charge_targets", "chargers", "charge_steps", "charge_complete",
    "counter_routes", "meeting_position", "charge_strengths", "defence_bonus", "group_shift", "Charges", "ChargeRoute", "CounterCharge",
    "ChargeMoves", "ChargeCombats",
]

Position = tuple[Hex, int]
"""A rider's head hex and facing."""




# --------------------------------------------------------------------------- front and sight (§7.2.1)


def in_front(rider: Piece, h: Hex) -> bool:
    """Whether ``h`` lies in the rider's front: within 60 degrees of its facing, seen from its
    head (P-08)."""
    assert rider.facing is not None
    return h not in rider.hexes() and arc(rider.hex, rider.facing, h) == "front"


def rider_sees(b: Battle, rider: Piece, h: Hex) -> bool:
    """Whether the rider sees ``h``: a line of sight as for fire (trees, higher ground, cliff
    and crest edges, §5.5; walls and castle heights, §8.2.4, §9.3.1), where only riders
    block, not characters on foot (§7.2.1)."""
    return _sees(b, rider, h, _other_riders(b, rider))


def _other_riders(b: Battle, rider: Piece) -> frozenset[Hex]:
    """The hexes of the living riders but ``rider``: all that blocks its view besides the map."""
    return frozenset(x for p in b.pieces.values() if p.alive and p.mounted and p.id != rider.id for x in p.hexes())


def _sees(b: Battle, rider: Piece, h: Hex, riders: frozenset[Hex]) -> bool:
    """:func:`rider_sees` with the other riders' hexes given: a reading of fire's line of sight
    (:func:`~banneret_guiscard.fire.traced_lines`, read from the map's table where it has one)
    with no rider on a hex between the ends."""
    t = b.tables
    lines: Sequence[Sequence[Hex]] | None = t.sight_lines.get((rider.hex, h)) if t.sight_lines else None
    if lines is None:
        lines = traced_lines(t, rider.hex, h, b)
    return any(not any(x in riders for x in path[1:-1]) for path in lines)


def _front_and_seen(b: Battle, rider: Piece, other: Piece, riders: frozenset[Hex] | None = None) -> bool:
    seen = _other_riders(b, rider) if riders is None else riders
    return any(in_front(rider, h) and _sees(b, rider, h, seen) for h in other.hexes())


def objects_this_turn(b: Battle) -> set[str]:
    """Characters already the object of a charge or a counter-charge this game turn (§7.2.1):
    the targets, and the chargers met by a counter-charge."""
    return {c.target for c in b.charges.values()} | {c.rider for c in b.charges.values() if c.counter}


# --------------------------------------------------------------------------- the charge's route (§7.2.1)


class _Routes:
    """The front steps of one rider over the board as it stands, each position's list worked
    out once per question asked (a short-lived helper, never kept between decisions).
    ``plain``: bound the search by the plain count of hexes still needed (the reference),
    instead of the open-field table of :func:`least_front_steps` (the same answers, as a
    property test checks, with far fewer states searched)."""

    def __init__(self, b: Battle, rider: Piece, plain: bool = False) -> None:
        self.b = b
        self.rider = rider
        self.plain = plain
        self._blocked = enemy_hexes(b, rider.side)
        self._ma = b.ma(rider)
        self._table = steps_for(b.tables.scenario.id)
        self._armoured = b.tables.counter(rider.id).armoured
        self._depth = b.tables.rider_mp  # no charge can need more (allowance never exceeds the MA)
        self._steps: dict[Position, tuple[tuple[Position, int], ...]] = {}
        self._stops: dict[Position, bool] = {}
        self._floors: dict[Hex, tuple[Mapping[Hex, int], tuple[bytes, ...]] | None] = {}

    def at(self, pos: Position) -> Piece:
        r = self.rider
        return Piece(r.id, r.side, r.health, r.mounted, pos[0], pos[1], r.horse)

    def front(self, pos: Position) -> tuple[tuple[Position, int], ...]:
        """The steps from ``pos`` without a turn costing extra MP (§4.4.1): into the front hexes."""
        steps = self._steps.get(pos)
        if steps is None:
            # step_options, its table looked up here: no stand-in piece for every place searched
            candidates = self._table.get((pos[0], pos[1], self._armoured, True))
            found = (table_steps(self.b, self.rider, candidates, self._ma, self._blocked) if candidates is not None
                     else step_options(self.b, self.at(pos), self._ma, front_only=True, blocked=self._blocked))
            steps = self._steps[pos] = tuple(((s.hex, s.facing), s.cost) for s in found)
        return steps

    def stoppable(self, pos: Position) -> bool:
        if pos not in self._stops:
            self._stops[pos] = may_stop(self.b, self.at(pos))
        return self._stops[pos]

    def walk(self, route: tuple[Position, ...]) -> tuple[Position, int, int] | None:
        """Where ``route`` leads from the rider's place, its straight run and the MP left; None
        if a hex of it is no front step within the MP."""
        assert self.rider.facing is not None
        pos: Position = (self.rider.hex, self.rider.facing)
        left, run = allowance(self.b, self.rider), 0
        for entered, nxt in enumerate(route):
            cost = dict(self.front(pos)).get(nxt)
            if cost is None or cost > left:
                return None
            left, run, pos = left - cost, _next_run(pos, nxt, entered, run), nxt
        return pos, run, left

    def _least_mp(self, aim: Hex) -> tuple[Mapping[Hex, int], tuple[bytes, ...]] | None:
        """The least MP to strike ``aim`` from each hex (:func:`least_strike_mp`, its hex
        index and rows) by the straight rows into it still open: no enemy on the head's
        hexes, the last one where the rider may stop; none if none is open. The least over
        the rows is taken for the hexes the search reaches, not for the whole map. None on a
        map without the table."""
        if aim not in self._floors:
            self._floors[aim] = self._open_lanes_mp(aim)
        return self._floors[aim]

    def _open_lanes_mp(self, aim: Hex) -> tuple[Mapping[Hex, int], tuple[bytes, ...]] | None:
        table = least_strike_mp(self.b.tables.scenario.id)
        if table is None:
            return None
        return table.index, tuple(row for direction, lane, row in table.ways.get((aim, self._armoured), ())
                                  if self._lane_open(lane, direction))

    def _lane_open(self, lane: tuple[Hex, ...], direction: int) -> bool:
        """No enemy on the head's hexes of this straight row, and the rider may stop at its end."""
        return not any(h in self._blocked for h in lane) and self.stoppable((lane[0], direction))

    def can_strike(self, pos: Position, entered: int, run: int, left: int, aims: set[Hex]) -> bool:
        """Whether a charge going on from this state can strike one of ``aims`` (a target's
        hexes): reach a place straight in front of it, by a long enough route straight at the
        end, where the rider may stop (§7.2.1), never drawing farther from the target (a
        reading). A best-first search over states (place, hexes entered, straight run) kept with
        the most MP left, those with the most MP to spare over the least still needed first
        (among equals the farthest along, with the fewest MP left), skipping those from which the target, the hexes or the run still needed are out of
        reach: each hex costs 1 MP at least, so the least MP still needed is at least the
        hexes still needed, plainly counted or read from :func:`least_front_steps`, and for a
        one-hex target at least the MP the terrain asks on the cheapest way there
        (:func:`least_strike_mp`)."""
        rules = self.b.tables.data.tactics
        cap_e, cap_r = rules.charge_min_hexes, rules.charge_straight_hexes
        if len(aims) == 1:
            (only,) = aims

            def gap(h: Hex) -> int:  # hexes still to go to stand next to the target
                return distance(h, only) - 1
        else:
            gaps: dict[Hex, int] = {}

            def gap(h: Hex) -> int:  # the same, to the nearer hex, kept for each hex asked
                still = gaps.get(h)
                if still is None:
                    still = gaps[h] = min(distance(h, a) for a in aims) - 1
                return still

        # ``judge`` gives a state's gap (above) and the least MP it still needs, in one call
        if self.plain:
            def judge(here: Position, e: int, r: int) -> tuple[int, int]:
                still = gap(here[0])
                return still, max(still, cap_e - e, cap_r - r)
        else:
            table = least_front_steps(cap_e, cap_r, self._depth, closing=len(aims) == 1)
            at, ends = table.at, tuple(aims)
            (q0, s0), (a0, b0, c0, d0) = pos[0], _TURNS[pos[1]]
            if min(at(a0 * (x - q0) + b0 * (y - s0), c0 * (x - q0) + d0 * (y - s0), min(entered, cap_e), min(run, cap_r))
                   for x, y in ends) > left:
                return False  # out of reach on an open field already: the rows need not be read
            terrain = self._least_mp(ends[0]) if len(ends) == 1 else None
            if terrain is not None and not terrain[1]:
                return False  # every straight row into the aim is closed
            if terrain is not None:
                index, rows = terrain
                only_row = rows[0] if len(rows) == 1 else None
                ((aim_q, aim_r),) = ends

                def judge(here: Position, e: int, r: int) -> tuple[int, int]:
                    # gap and the open-field count written out: asked of every state reached
                    (q, s), (a, b, c, d) = here[0], _TURNS[here[1]]
                    x, y = aim_q - q, aim_r - s
                    i = index[here[0]]
                    floor = only_row[i] if only_row is not None else min([row[i] for row in rows])
                    return ((abs(x) + abs(y) + abs(x + y)) // 2 - 1,
                            max(at(a * x + b * y, c * x + d * y, e, r), floor))
            else:
                def judge(here: Position, e: int, r: int) -> tuple[int, int]:
                    (q, s), (a, b, c, d) = here[0], _TURNS[here[1]]
                    fewest = table.beyond
                    for x, y in ends:
                        x, y = x - q, y - s
                        fewest = min(fewest, at(a * x + b * y, c * x + d * y, e, r))
                    return gap(here[0]), fewest

        # ``lack`` is how many MP a state is short of the least it still needs (never above 0);
        # each state goes on the heap with its gap, which its steps may not exceed
        best: dict[tuple[Position, int, int], int] = {}
        e, r = min(entered, cap_e), min(run, cap_r)
        start_gap, start_least = judge(pos, e, r)
        heap = [(start_least - left, left, pos, e, r, start_gap)]
        if heap[0][0] > 0:
            return False
        pop, push, front = heapq.heappop, heapq.heappush, self.front
        while heap:
            lack, mp, here, e, r, here_gap = pop(heap)
            if best.get((here, e, r), -1) >= mp:
                continue
            best[(here, e, r)] = mp
            if e >= cap_e and r >= cap_r and neighbour(*here) in aims and self.stoppable(here):
                return True
            next_e = e + 1 if e < cap_e else cap_e
            for nxt, cost in front(here):
                if cost > mp:
                    continue
                next_r = min(_next_run(here, nxt, e, r), cap_r)
                next_gap, needed = judge(nxt, next_e, next_r)
                if next_gap > here_gap:
                    continue  # never drawing farther from the target
                left_then = mp - cost
                if needed <= left_then and best.get((nxt, next_e, next_r), -1) < left_then:
                    push(heap, (needed - left_then, left_then, nxt, next_e, next_r, next_gap))
        return False


StrikeKey = tuple[int, int, int, int]
"""A key of :func:`least_front_steps`: the aim seen from the rider's head (q, r), turned so
the rider faces direction 0, with the hexes entered and the straight run."""


def _turn_matrix(k: int) -> tuple[int, int, int, int]:
    """(a, b, c, d): turning a hex (q, r) by ``-k`` sixths gives (a q + b r, c q + d r), so
    the aim seen from the head of a rider facing ``k`` gives the first two numbers of its
    :data:`StrikeKey`."""
    (a, c), (b, d) = rotate((1, 0), -k), rotate((0, 1), -k)
    return a, b, c, d


_TURNS = tuple(_turn_matrix(k) for k in range(6))


@attrs.frozen
class FrontSteps:
    """:func:`least_front_steps`, packed: one byte per :data:`StrikeKey` whose aim lies within
    ``reach`` hexes on both axes, in the order (q, r, hexes entered, run); ``beyond`` for
    every other key."""

    steps: bytes
    reach: int
    min_hexes: int
    straight_hexes: int
    beyond: int

    def at(self, q: int, r: int, entered: int, run: int) -> int:
        """The fewest front steps still needed from the state with this :data:`StrikeKey`
        (:meth:`index` written out: the search asks this for every state it keeps)."""
        reach = self.reach
        if not (-reach <= q <= reach and -reach <= r <= reach):
            return self.beyond
        return self.steps[((((q + reach) * (2 * reach + 1) + r + reach) * (self.min_hexes + 1) + entered)
                           * (self.straight_hexes + 1) + run)]

    def index(self, q: int, r: int, entered: int, run: int) -> int | None:
        """Where the key's byte is; None for an aim farther than ``reach`` on an axis."""
        reach = self.reach
        if not (-reach <= q <= reach and -reach <= r <= reach):
            return None
        row = (q + reach) * (2 * reach + 1) + r + reach
        return (row * (self.min_hexes + 1) + entered) * (self.straight_hexes + 1) + run


@functools.cache
def least_front_steps(min_hexes: int, straight_hexes: int, depth: int, closing: bool) -> FrontSteps:
    """The fewest front steps that end a charge on an open field of clear hexes, by (the aim
    hex seen from the rider's head, turned so that the rider faces direction 0; the hexes
    entered and the straight run, each capped at the least the charge needs): the rider ends
    with its head next to the aim, facing it, after ``min_hexes`` at least, the last
    ``straight_hexes`` in a straight row (§7.2.1); ``closing``: never drawing farther from
    the aim (the charge's rule for a target of one hex; a two-hex target's nearer hex may
    change on the way). A hex costs 1 MP at least and the board's terrain, enemies, bodies
    and stops only take routes away, so these are lower bounds of the MP a charge still
    needs (its search skips states that cannot make them). Counted back from the ends, up
    to ``depth`` steps; every state left out needs ``depth + 1`` at least (the aim is then
    farther than ``depth + 1`` hexes, or the way longer)."""
    ahead = DIRECTIONS[0]
    ends = [(ahead[0], ahead[1], min_hexes, straight_hexes)]
    table: dict[StrikeKey, int] = dict.fromkeys(ends, 0)
    for steps in range(1, depth + 1):
        ends = list(dict.fromkeys(
            before for end in ends for before in _states_before(end, min_hexes, straight_hexes)
            if before not in table and not (closing and distance(before[:2], (0, 0)) < distance(end[:2], (0, 0)))))
        table.update(dict.fromkeys(ends, steps))
    reach = depth + 1
    packed = FrontSteps(b"", reach, min_hexes, straight_hexes, depth + 1)
    steps_at = bytearray([depth + 1]) * ((2 * reach + 1) ** 2 * (min_hexes + 1) * (straight_hexes + 1))
    for key, steps in table.items():
        i = packed.index(*key)
        assert i is not None  # a key reached in ``depth`` steps lies within ``depth + 1`` hexes
        steps_at[i] = steps
    return attrs.evolve(packed, steps=bytes(steps_at))


@attrs.frozen
class StrikeMP:
    """:func:`least_strike_mp`, packed: by (aim hex, armoured), for each direction of the
    last hexes that the map allows, the direction, the head's hexes on that straight row
    (:func:`strike_lane`) and one byte per map hex in the order of ``index`` (255: no way
    there)."""

    index: Mapping[Hex, int]
    ways: Mapping[tuple[Hex, bool], tuple[tuple[int, tuple[Hex, ...], bytes], ...]]

    def row(self, aim: Hex, armoured: bool, direction: int) -> bytes | None:
        """The bytes of one direction into ``aim``; None if the map allows no row there."""
        return next((row for d, _, row in self.ways.get((aim, armoured), ()) if d == direction), None)


_NO_WAY = 255
"""A :class:`StrikeMP` byte for a hex from which no front steps lead next to the aim."""


@functools.cache
def least_strike_mp(scenario_id: str) -> StrikeMP | None:
    """The least MP a rider's head needs to strike an aim hex by a charge from each hex: by
    front steps never drawing farther from the aim, to the first hex of the straight row
    that ends next to the aim in one direction, then along it (§7.2.1), counting each step
    at the cheapest the map's terrain and hexsides ever make it
    (:func:`~banneret_guiscard.movement.steps_for`, by any facing). Enemies, bodies and stops
    only take steps away or add to their cost, and the hexes entered and the facing only add
    conditions, so a charge ending in that direction needs at least this many MP: with
    :func:`least_front_steps` it proves "no route" without a search where the terrain, or
    the enemies and friends on the rows into the aim, are what stop the charge. None on maps
    with §8-§9 structures (no :func:`steps_for` table); built once per scenario."""
    candidates = steps_for(scenario_id)
    if not candidates:
        return None
    t = tables_for(scenario_id)
    straight = t.data.tactics.charge_straight_hexes
    hexes = tuple(t.board.hexes())
    index = {h: i for i, h in enumerate(hexes)}
    ways: dict[tuple[Hex, bool], tuple[tuple[int, tuple[Hex, ...], bytes], ...]] = {}
    for armoured in (False, True):
        cheapest: dict[tuple[Hex, Hex], int] = {}
        for (h, facing, arm, front_only), steps in candidates.items():
            if arm == armoured and front_only and facing is not None:
                for step, _ in steps:
                    key = (h, step.hex)
                    cheapest[key] = min(cheapest.get(key, step.cost), step.cost)
        into: dict[Hex, list[tuple[Hex, int]]] = {}
        for (h, x), cost in cheapest.items():
            into.setdefault(x, []).append((h, cost))
        for aim in hexes:
            found = []
            for direction in range(6):
                lane = strike_lane(aim, direction, straight)
                lane_costs = _lane_costs(candidates, lane, direction, armoured)
                if lane_costs is not None:
                    found.append((direction, lane, _least_mp_to(aim, lane, lane_costs, index, into)))
            ways[(aim, armoured)] = tuple(found)
    return StrikeMP(index, MappingProxyType(ways))


def strike_lane(aim: Hex, direction: int, straight: int) -> tuple[Hex, ...]:
    """The head's hexes on a charge's straight row at the end, last first: the hex next to
    ``aim`` that the rider faces it from, in ``direction``, and the ``straight - 1`` behind."""
    dq, dr = DIRECTIONS[direction]
    return tuple((aim[0] - k * dq, aim[1] - k * dr) for k in range(1, straight + 1))


def _lane_costs(candidates: Mapping[tuple[Hex, int | None, bool, bool], Any], lane: tuple[Hex, ...],
                direction: int, armoured: bool) -> list[int] | None:
    """For each hex of ``lane`` (last first), the MP of the front steps from it along the lane
    to its last hex, entering each facing ``direction`` (from the lane's first hex the rider
    may still turn into it); None if the map allows no such step somewhere."""
    costs = [0]
    for frm, to in zip(lane[1:], lane):
        cost = min((s.cost for facing in range(6) for s, _ in candidates.get((frm, facing, armoured, True), ())
                    if (s.hex, s.facing) == (to, direction)), default=None)
        if cost is None:
            return None
        costs.append(costs[-1] + cost)
    return costs


def _least_mp_to(aim: Hex, lane: tuple[Hex, ...], lane_costs: list[int], index: Mapping[Hex, int],
                 into: Mapping[Hex, list[tuple[Hex, int]]]) -> bytes:
    """One row of :func:`least_strike_mp`: the lane's own hexes by the MP left along it, then
    Dijkstra back from its first hex over the cheapest steps, keeping only those that draw
    no farther from ``aim`` (no other hex leads into the lane's later hexes, which are
    nearer the aim than its first)."""
    mp = [_NO_WAY] * len(index)
    for h, cost in zip(lane, lane_costs):
        mp[index[h]] = cost
    heap = [(lane_costs[-1], lane[-1])]
    while heap:
        spent, x = heapq.heappop(heap)
        if spent > mp[index[x]]:
            continue
        closer = distance(x, aim)
        for h, cost in into.get(x, ()):
            i = index[h]
            if spent + cost < mp[i] and distance(h, aim) >= closer:
                mp[i] = spent + cost
                heapq.heappush(heap, (spent + cost, h))
    return bytes(min(m, _NO_WAY) for m in mp)


def _states_before(state: StrikeKey, min_hexes: int, straight_hexes: int) -> list[StrikeKey]:
    """The keys of :func:`least_front_steps` one front step before ``state``: the step went in
    direction 0 (the facing after it) from a rider facing -1, 0 or +1, whose aim was one hex
    farther in direction 0; the hexes entered and the run as :func:`_next_run` counts them."""
    q, r, e, run = state
    if e == 0:
        return []
    entered_before = [e - 1] if e < min_hexes else [min_hexes - 1, min_hexes]
    out = []
    for turn in (-1, 0, 1):
        aim = rotate((q + DIRECTIONS[0][0], r + DIRECTIONS[0][1]), turn)
        for before in entered_before:
            for run_before in range(straight_hexes + 1):
                if min(_next_run((aim, turn), (aim, 0), before, run_before), straight_hexes) == run:
                    out.append((aim[0], aim[1], before, run_before))
    return out


def _next_run(here: Position, nxt: Position, entered: int, run: int) -> int:
    """The straight run after entering ``nxt``: the first hex entered starts one; a hex entered
    in the direction of the step before extends it; any other direction starts a row of two."""
    if entered == 0:
        return 1
    return run + 1 if nxt[1] == here[1] else 2


def charge_steps(b: Battle, rider_id: str, target_id: str, route: tuple[Position, ...],
                 plain: bool = False) -> list[Position]:
    """The next hexes of a charge declared so far as ``route`` from which a legal charge on
    the target can still be made (§7.2.1; ``plain``: found by the reference search,
    :class:`_Routes`)."""
    return _next_hexes(_Routes(b, b.pieces[rider_id], plain), target_id, route)


def _next_hexes(routes: _Routes, target_id: str, route: tuple[Position, ...]) -> list[Position]:
    """:func:`charge_steps` with the rider's front steps as ``routes`` found them."""
    walked = routes.walk(route)
    if walked is None:
        return []
    pos, run, left = walked
    aims = set(routes.b.pieces[target_id].hexes())
    return [nxt for nxt, cost in routes.front(pos)
            if cost <= left and min(distance(nxt[0], a) for a in aims) <= min(distance(pos[0], a) for a in aims)
            and routes.can_strike(nxt, len(route) + 1, _next_run(pos, nxt, len(route), run), left - cost, aims)]


def charge_complete(b: Battle, rider_id: str, target_id: str, route: tuple[Position, ...]) -> bool:
    """Whether ``route`` is a legal charge on the target from where the rider stands (§7.2.1):
    long enough, its last hexes in a straight row with one of the target's hexes straight
    ahead, ending where the rider may stop."""
    return _complete(_Routes(b, b.pieces[rider_id]), target_id, route)


def _complete(routes: _Routes, target_id: str, route: tuple[Position, ...]) -> bool:
    """:func:`charge_complete` with the rider's front steps as ``routes`` found them."""
    rules = routes.b.tables.data.tactics
    walked = routes.walk(route)
    if walked is None:
        return False
    pos, run, _ = walked
    return (len(route) >= rules.charge_min_hexes and run >= rules.charge_straight_hexes
            and neighbour(*pos) in routes.b.pieces[target_id].hexes() and routes.stoppable(pos))


def charge_targets(b: Battle, rider: Piece, plain: bool = False) -> list[str]:
    """The enemies ``rider`` may charge now: in its front and in sight (§7.2.1), not yet the
    object of a charge or counter-charge this turn, and reachable by a legal route (``plain``:
    found by the reference search, :class:`_Routes`)."""
    taken = objects_this_turn(b)
    assert rider.facing is not None
    routes = _Routes(b, rider, plain)
    start, mp = (rider.hex, rider.facing), allowance(b, rider)
    riders = _other_riders(b, rider)
    return [enemy.id for enemy in sorted(b.enemies_of(rider.side), key=lambda p: p.id)
            if enemy.alive and not enemy.floor and enemy.id not in taken  # nobody upstairs is charged (§8)
            and _front_and_seen(b, rider, enemy, riders)
            and routes.can_strike(start, 0, 0, mp, set(enemy.hexes()))]


def chargers(b: Battle, side: str) -> list[str]:
    """Riders of ``side`` that may still declare a charge: able, mounted, not yet charging this
    turn, not fired this phase (a shooter does not attack after firing, §5.2), not busy."""
    out = []
    for p in sorted(b.pieces.values(), key=lambda p: p.id):
        fired = b.fired_in.get(p.id)
        if (p.side == side and p.able and p.mounted and p.id not in b.charges and p.id not in b.busy
                and (fired is None or fired[0] != b.phase)):
            out.append(p.id)
    return out


# --------------------------------------------------------------------------- counter-charges (§7.2.2)


def meeting_position(b: Battle, charge: Charge) -> Position:
    """Where a counter-charger ends: its rear on the route's last hex, its head on the one
    before, facing back along the route (§7.2.2: the riders meet on its last hexes)."""
    meet = b.tables.data.tactics.counter_charge_meeting_hexes
    return charge.route[-meet][0], opposite(charge.route[-1][1])


def _shortest_front_route(b: Battle, piece: Piece, goal: Position, most: int) -> tuple[Position, ...] | None:
    """The shortest route of front steps (within the MA) that brings ``piece`` to ``goal`` in
    at most ``most`` hexes; among equals the first found in step order."""
    assert piece.facing is not None
    routes = _Routes(b, piece)
    layer: dict[Position, tuple[int, tuple[Position, ...]]] = {(piece.hex, piece.facing): (allowance(b, piece), ())}
    for _ in range(most):
        nxt: dict[Position, tuple[int, tuple[Position, ...]]] = {}
        for here, (left, route) in layer.items():
            for pos, cost in routes.front(here):
                if cost > left:
                    continue
                if pos == goal:
                    return (*route, pos)
                if nxt.get(pos, (-1,))[0] < left - cost:
                    nxt[pos] = (left - cost, (*route, pos))
        layer = nxt
    return None


def counter_routes(b: Battle, charge: Charge) -> dict[str, tuple[Position, ...]]:
    """Each rider of the other side that may counter-charge ``charge``, with its route (the
    shortest, a reading): able, mounted, not charging nor counter-charging this turn; with the
    charger in its front and in sight, or the charge's own target charged in its front (the
    special case); at most half the charge's hexes, rounded down, by front steps, onto the
    meeting position (§7.2.2)."""
    rules = b.tables.data.tactics
    charger = b.pieces[charge.rider]
    busy = {c.counter for c in b.charges.values()} | set(b.charges)
    most = len(charge.route) // rules.counter_charge_divisor
    goal = meeting_position(b, charge)
    out = {}
    for p in sorted(b.enemies_of(charger.side), key=lambda p: p.id):
        if not (p.able and p.mounted) or p.id in busy:
            continue
        special = p.id == charge.target and in_front(p, charge.route[-1][0])
        if not special and not _front_and_seen(b, p, charger):
            continue
        route = _shortest_front_route(b, p, goal, most)
        if route is not None:
            out[p.id] = route
    return out


# --------------------------------------------------------------------------- effect on combat (§7.2.3)


def charge_strengths(b: Battle, charge: Charge, reversal: str = "grown") -> tuple[str, str, int]:
    """(attacker, defender, the attacker's bonus) of a charge's combat, the defender's own
    bonus included in the comparison: the charger's attack and a counter-charger's defence
    grow by half (rounded down); when the counter-charger's defence so grown is greater than
    the charger's attack so grown, the counter-charger attacks instead, against the charger's
    own defence, its attack grown by half (A-15 (a), ``reversal`` ``grown``) or as printed
    (A-15 (b), ``plain``: the option ``counter_charge_reversal``). The defender's bonus is
    returned by :func:`defence_bonus`."""
    t = b.tables
    div = t.data.tactics.charge_bonus_divisor
    charger = b.pieces[charge.rider]
    attack = t.stats(charger).attack
    if not charge.counter:
        return charge.rider, charge.target, attack // div
    counter = b.pieces[charge.counter]
    defence = t.stats(counter).defence
    if defence + defence // div > attack + attack // div:
        return charge.counter, charge.rider, t.stats(counter).attack // div if reversal == "grown" else 0
    return charge.rider, charge.counter, attack // div


def defence_bonus(b: Battle, charge: Charge, defender: str) -> int:
    """A counter-charger defending in its charge's combat adds half its defence (§7.2.3)."""
    if defender != charge.counter:
        return 0
    return b.tables.stats(b.pieces[defender]).defence // b.tables.data.tactics.charge_bonus_divisor


def group_shift(b: Battle, charge: Charge) -> int:
    """The group charge's columns for ``charge`` (§7.2.4, §7.2.5, A-16): its rider is of a kind
    that charges as a group (Norman knights; cataphracts against foot only), and with it at
    least the minimum of riders of that kind charged this phase, their routes ending in the
    same direction, side by side: the last hexes of their routes form one chain of
    neighbours. Each charge of the group gets the shift; targets may differ. Cataphracts
    (reading of §7.2.5): only their charges at foot make up the group, so one charging a rider
    neither gets the shift nor counts towards the three."""
    t = b.tables
    rules = t.data.tactics
    code = t.counter(charge.rider).code
    kind = next((g for g in rules.group_chargers if g.code == code), None)
    if kind is None or kind.foot_targets_only and b.pieces[charge.target].mounted:
        return 0
    ends = {c.route[-1][0] for c in _phase_charges(b)
            if t.counter(c.rider).code == code and c.route[-1][1] == charge.route[-1][1]
            and not (kind.foot_targets_only and b.pieces[c.target].mounted)}
    group = {charge.route[-1][0]}
    frontier = [charge.route[-1][0]]
    while frontier:
        h = frontier.pop()
        for n in t.around.get(h, ()):
            if n in ends and n not in group:
                group.add(n)
                frontier.append(n)
    return rules.group_column_shift if len(group) >= rules.group_min_riders else 0


# --------------------------------------------------------------------------- step 2: declarations


class Charges(SideChoice):
    """Step 2: the phasing player declares charges one at a time, or ends the step (§7.2.1)."""

    rule = "7.2"
    kind = "charges"
    prompt = "Declare a charge, or end the charge declarations"

    def start(self, state: State, frame: Frame) -> None:
        state.data.step = 2
        super().start(state, frame)

    def options(self, state: State, frame: Frame) -> list[tuple[str, ...]]:
        b: Battle = state.data
        return [*(("charge", rid, target) for rid in chargers(b, b.side)
                  for target in charge_targets(b, b.pieces[rid])), ("end",)]

    def label(self, state: State, frame: Frame, option: tuple[str, ...]) -> str:
        return "end charges" if option[0] == "end" else f"charge with {option[1]} at {option[2]}"

    def choose(self, state: State, frame: Frame, option: tuple[str, ...]) -> None:
        if option[0] == "end":
            end(state)
        else:
            call(state, ChargeRoute, rider=option[1], target=option[2], route=())

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        goto(state, Charges)


class ChargeRoute(SideChoice):
    """The charge's route, hex by hex, among those that can still make a legal charge; then the
    declaration, which cannot be taken back (§7.2.1)."""

    rule = "7.2.1"
    kind = "charge-route"
    prompt = "The charge's next hex, or declare the charge"
    follow_forced: ClassVar[bool] = True
    """False: the plain way of a choice (:meth:`Choice.start`), a route's only next hex taken
    by a step of its own that reads the board afresh (the reference a property test plays
    the same games with)."""

    def start(self, state: State, frame: Frame) -> None:
        """As :meth:`Choice.start`, but while the route has a single next hex and may not be
        declared yet, that hex is taken here at once, as the choice would take it (no
        decision, nothing said), the rider's front steps read once for them all: nobody moves
        while a charge is declared."""
        if not self.follow_forced:
            super().start(state, frame)
            return
        b: Battle = state.data
        routes = _Routes(b, b.pieces[frame["rider"]])
        opts = _route_options(routes, frame["target"], frame["route"])
        while len(opts) == 1 and opts[0][0] == "via":
            frame.vars["route"] = (*frame["route"], opts[0][1])
            opts = _route_options(routes, frame["target"], frame["route"])
        self.start_with(state, frame, opts)  # a lone declaration is made at once

    def options(self, state: State, frame: Frame) -> tuple[tuple[Any, ...], ...]:
        b: Battle = state.data
        return _route_options(_Routes(b, b.pieces[frame["rider"]]), frame["target"], frame["route"])

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        if option[0] == "declare":
            return f"declare the charge ({len(frame['route'])} hexes)"
        return f"charge via {hex_label(option[1][0])}"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        b: Battle = state.data
        if option[0] == "via":
            goto(state, ChargeRoute, rider=frame["rider"], target=frame["target"], route=(*frame["route"], option[1]))
            return
        charge = Charge(frame["rider"], frame["target"], frame["route"], b.phase)
        b.charges[charge.rider] = charge
        state.emit(f"{charge.rider} charges {charge.target} over {len(charge.route)} hexes, via "
                   + " ".join(hex_label(h) for h, _ in charge.route), "charge")
        goto(state, CounterCharge, rider=charge.rider)


def _route_options(routes: _Routes, target: str, route: tuple[Position, ...]) -> tuple[tuple[Any, ...], ...]:
    """:meth:`ChargeRoute.options` with the rider's front steps as ``routes`` found them: the
    next hexes from which a legal charge can still be made, and the declaration once the route
    is one (§7.2.1)."""
    out: list[tuple[Any, ...]] = [("via", pos) for pos in _next_hexes(routes, target, route)]
    if _complete(routes, target, route):
        out.append(("declare",))
    return tuple(out)


class CounterCharge(Window):
    """After each declared charge the other player may counter-charge it with one rider (§7.2.2)."""

    rule = "7.2.2"
    kind = "counter-charge"
    prompt = "Counter-charge the charge just declared, or pass"
    pass_label = "no counter-charge"

    def responders(self, state: State, frame: Frame) -> list[str]:
        return [state.data.non_phasing]

    def responses(self, state: State, frame: Frame, player: str) -> list[Action]:
        b: Battle = state.data
        charge = b.charges[frame["rider"]]
        return [Action(player, f"counter-charge with {rid}", "counter-charge", (rid,))
                for rid in counter_routes(b, charge)]

    def respond(self, state: State, frame: Frame, action: Action) -> None:
        b: Battle = state.data
        charge = b.charges[frame["rider"]]
        rid = action.args[0]
        route = counter_routes(b, charge)[rid]
        b.charges[charge.rider] = attrs.evolve(charge, counter=rid, counter_route=route)
        state.emit(f"{rid} counter-charges {charge.rider} over {len(route)} hexes, via "
                   + " ".join(hex_label(h) for h, _ in route), "charge")


# --------------------------------------------------------------------------- step 3: the charges move


def _phase_charges(b: Battle) -> list[Charge]:
    return [c for c in b.charges.values() if c.phase == b.phase]


def _move_counter_charger(state: State, charge: Charge) -> None:
    """The counter-charger rides its route as far as the board now lets it (a step still open
    to it, §4.2), tested for infiltration in every hex it goes on from (§4.3); a halt or a
    fall ends it, back on the last hex where it may stop (§4.1)."""
    b: Battle = state.data
    rid = charge.counter
    piece = b.pieces[rid]
    last_stop = (piece.hex, piece.facing)
    for i, (h, facing) in enumerate(charge.counter_route):
        piece = b.pieces[rid]
        open_steps = {(s.hex, s.facing) for s in step_options(b, piece, b.ma(piece), front_only=True)}
        if (h, facing) not in open_steps or (i and not infiltrate(state, rid)):
            break
        b.pieces[rid] = piece = attrs.evolve(piece, hex=h, facing=facing)
        if may_stop(b, piece):
            last_stop = (h, facing)
    piece = b.pieces[rid]
    if piece.alive and (piece.hex, piece.facing) != last_stop:
        b.pieces[rid] = attrs.evolve(piece, hex=last_stop[0], facing=last_stop[1])
    if _met(b, charge):
        state.emit(f"{rid} meets {charge.rider} on {hex_label(charge.counter_route[-1][0])}", "charge")
    else:
        state.emit(f"{rid}'s counter-charge stops on {hex_label(b.pieces[rid].hex)}", "charge")


def _met(b: Battle, charge: Charge) -> bool:
    """Whether the counter-charger stands where the charge meets it."""
    if not charge.counter:
        return False
    piece = b.pieces[charge.counter]
    return piece.able and (piece.hex, piece.facing) == meeting_position(b, charge)


class ChargeMoves(Procedure):
    """Step 3 begins with the declared charges, in the order declared (A-16): the
    counter-charger rides to the meeting hexes, then the charger follows its route, up to the
    meeting or to the target, as a move of its own (infiltration tests; defensive fire only
    when no counter-charge was declared, §7.2.2)."""

    rule = "7.2"

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        pending = [c for c in _phase_charges(b) if c.rider not in b.done]
        if not pending:
            end(state)
            return
        charge = pending[0]
        rider = b.pieces[charge.rider]
        b.done.add(charge.rider)
        if not rider.able or not rider.mounted:
            state.emit(f"{charge.rider}'s charge comes to nothing", "charge")
            goto(state, ChargeMoves)
            return
        if charge.counter and b.pieces[charge.counter].able:
            _move_counter_charger(state, charge)
        meet = b.tables.data.tactics.counter_charge_meeting_hexes
        route = charge.route[:-meet] if _met(b, charge) else charge.route
        b.left[rider.id] = allowance(b, rider)
        call(state, MoveStep, record=MoveRecord(rider.id, (rider.hex, rider.facing), route=route,
                                                defensive_fire=not charge.counter))

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        goto(state, ChargeMoves)


# --------------------------------------------------------------------------- step 4: the charge combats


class ChargeCombats(Procedure):
    """Step 4 begins with each charge that arrived, as a combat of its own (§7.2.3): the
    charger against the counter-charger that met it, or against its target; a charge that did
    not arrive is lost, and the charger makes no other attack this phase."""

    rule = "7.2.3"

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        begin_combat_step(state)
        fought = frame.vars.setdefault("fought", ())
        pending = [c for c in _phase_charges(b) if c.rider not in fought]
        if not pending:
            end(state)
            return
        charge = pending[0]
        frame.vars["fought"] = (*fought, charge.rider)
        rider = b.pieces[charge.rider]
        arrived = rider.able and rider.mounted and (rider.hex, rider.facing) == charge.route[
            -1 - b.tables.data.tactics.counter_charge_meeting_hexes if _met(b, charge) else -1]
        if not (arrived and (_met(b, charge) or not charge.counter and _reaches(b, rider, charge.target))):
            state.emit(f"{charge.rider}'s charge comes to nothing", "charge")
            self.resume(state, frame, None)
            return
        b.attacked_in[charge.rider] = b.phase  # the charge is its attack this phase (§6)
        attacker, defender, bonus = charge_strengths(b, charge, state.options["counter_charge_reversal"])
        extra = ((attacker, bonus), (defender, defence_bonus(b, charge, defender)))
        shift = group_shift(b, charge) if attacker == charge.rider else 0
        if attacker != charge.rider:
            state.emit(f"{attacker}'s defence outweighs {charge.rider}'s charge: {attacker} attacks", "charge")
        if shift:
            state.emit(f"{charge.rider} charges in a group: {shift:+d} column", "charge")
        call(state, Resolve, record=CombatRecord((attacker,), (defender,), bonus=extra, shift=shift))

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        kill_surrounded(state)
        goto(state, ChargeCombats, fought=frame.vars["fought"])


def _reaches(b: Battle, rider: Piece, target: str) -> bool:
    """Whether the charger, where it ended, may attack its target (§6.7): next to it, on a hex
    it could enter."""
    return b.pieces[target].alive and any(can_attack(b, rider, h) for h in b.pieces[target].hexes())
