"""Retreats after fire (§5.4.4) and melee (§6.5), with friends pushed out of the way.

A retreat result names a character and a number of hexes. Its owner picks the path
(:class:`Retreat`) among :func:`retreat_paths`: every hex passable on foot and free of
enemies (living ones, stunned included), each step one hex farther from the start hex; after
fire the first hex lies farther from the shooter (§5.4.4); after melee no hex lies next to an
enemy of that combat (§6.5). Friends may be passed; a friend on the last hex is pushed one hex
on, and may push another in turn (:func:`push_chain`). A rider goes straight back, never
turning, and pushes nobody. The retreat is tested for infiltration in every hex, the last
included, and so is every pushed friend where it lands (§4.3, :func:`~banneret_guiscard.movement.forced_move`).

After a fight on the platform a character may also go down a hooked rope to its foot, with the
die to catch it (§10.6.3, :func:`~banneret_guiscard.ropes.retreat_feet`).

A stunned character given a retreat dies; one with no full-length path stays and is wounded
(A-63, the default reading).
"""

from __future__ import annotations

from typing import Any

import attrs

from banneret.boards.hexgrid import Hex, distance, neighbour, opposite, two_hex_footprint
from banneret.flow import Choice, Frame, Procedure, call, end
from banneret.state import State
from banneret_guiscard import buildings, castles, ropes
from banneret_guiscard.movement import MoveRecord, forced_move
from banneret_guiscard.results import PlaceRider, Unhorsing, kill, threatened, wound
from banneret_guiscard.state import Battle, Piece, hex_label

__all__ = ["RetreatOrder", "Aftermath", "retreat_paths", "push_chain", "Retreat", "Retreats", "PUSH_DEPTH"]

PUSH_DEPTH = 3
"""How many friends one retreat may push in a row (a cascade, §6.5); a reading: the rules set
no limit, three keeps the search small on a skirmish map."""


@attrs.frozen
class RetreatOrder:
    """One character to retreat ``hexes`` hexes: after fire, away from the shooter's hex
    ``away``; after melee, never next to the ``enemies`` of that combat."""

    piece: str
    hexes: int
    away: Hex | None = None
    enemies: tuple[str, ...] = ()


def _passable(b: Battle, piece: Piece, h: Hex, mounted: bool, floor: int = 0) -> bool:
    t = b.tables
    return (h in t.terrain and castles.terrain_at(b, h).cost(mounted, t.counter(piece.id).armoured) is not None
            and not b.closed(h)  # §10.2.4, §10.4.3
            and t.data.bodies.extra_mp(b.body_total(h, floor)) is not None
            and not any(p.side != piece.side for p in b.living_at(h, floor)))


def _near_enemies(b: Battle, h: Hex, enemies: tuple[str, ...], floor: int = 0) -> bool:
    """Whether (``h``, ``floor``) lies next to one of ``enemies``: within a hex on its floor,
    and across floors where the stairs join them (§8, :meth:`~banneret_guiscard.state.Tables.places_beside`)."""
    for pid in enemies:
        e = b.pieces[pid]
        if not e.alive:
            continue
        if e.floor == floor and any(distance(h, x) <= 1 for x in e.hexes()):
            return True
        if e.floor != floor and (h, floor) in b.tables.places_beside(e.hex, e.floor):
            return True
    return False


def _onward(b: Battle, h: Hex, floor: int) -> list[Hex]:
    """The hexes a man on foot at (``h``, ``floor``) may retreat or be pushed into: beside him on
    his floor (a retreat never takes the stairs up or down, §8, a reading), never through canvas
    (§8.5.2)."""
    return [n for n, f in b.tables.places_beside(h, floor) if f == floor and not buildings.tent_wall(b, h, n)]


def push_chain(b: Battle, side: str, h: Hex, avoid: frozenset[Hex],
               depth: int = PUSH_DEPTH, floor: int = 0) -> tuple[tuple[str, Hex], ...] | None:
    """Pushes that free ``h`` (on ``floor``) of the friend on it (§5.4.4, §6.5): () if it is
    free already, each push one hex on to a passable hex of that floor outside ``avoid``, free
    or itself freed by a further push; hexes no enemy could attack are tried first. None if it
    cannot be freed."""
    here = [p for p in b.living_at(h, floor)]
    if not floor and b.horse_at(h) is not None:
        return None
    if not here:
        return ()
    if len(here) > 1 or here[0].side != side or here[0].mounted or depth == 0:
        return None
    friend = here[0]
    onward = sorted((n for n in _onward(b, h, floor) if n not in avoid and _passable(b, friend, n, False, floor)),
                    key=lambda n: (threatened(b, side, (n,), floor), n))
    for n in onward:
        rest = push_chain(b, side, n, avoid | {h}, depth - 1, floor)
        if rest is not None:
            return ((friend.id, n), *rest)
    return None


def _rider_path(b: Battle, piece: Piece, order: RetreatOrder) -> list[tuple[Hex, ...]]:
    """A rider's one path: straight back, the counter sliding along its own line (§5.4.4)."""
    assert piece.facing is not None
    back = opposite(piece.facing)
    heads = tuple(_back(piece.hex, back, i) for i in range(1, order.hexes + 1))
    rears = tuple(neighbour(h, back) for h in heads)
    entered = rears
    if not all(_passable(b, piece, h, True) for h in entered):
        return []
    if any(_near_enemies(b, h, order.enemies) for h in (*heads, *rears)):
        return []
    final = (heads[-1], rears[-1])
    if any(p.id != piece.id for h in final for p in b.living_at(h)) or any(b.horse_at(h) for h in final):
        return []
    return [heads]


def _back(h: Hex, direction: int, times: int) -> Hex:
    for _ in range(times):
        h = neighbour(h, direction)
    return h


def retreat_paths(b: Battle, order: RetreatOrder, reserved: frozenset[Hex] = frozenset()) -> list[tuple[Hex, ...]]:
    """Every legal path of the full length for ``order`` (see the module docstring); for a
    rider, the hexes its head passes. No path ends, and no friend is pushed, on ``reserved``
    hexes: where a character under defensive fire in the middle of its move may have to fall
    back to (reading)."""
    piece = b.pieces[order.piece]
    if piece.mounted:
        assert piece.facing is not None
        back = opposite(piece.facing)
        return [p for p in _rider_path(b, piece, order) if not reserved & {p[-1], neighbour(p[-1], back)}]
    start, floor = piece.hex, piece.floor
    out: list[tuple[Hex, ...]] = []

    def extend(path: tuple[Hex, ...]) -> None:
        here = path[-1] if path else start
        if len(path) == order.hexes:
            if here not in reserved and push_chain(b, piece.side, here, reserved | {start, *path[:-1]},
                                                   floor=floor) is not None:
                out.append(path)
            return
        for n in _onward(b, here, floor):  # on his own floor, never through canvas (§8, §8.5.2)
            if distance(start, n) != len(path) + 1 or not _passable(b, piece, n, False, floor):
                continue
            if not path and order.away is not None and distance(order.away, n) <= distance(order.away, start):
                continue
            if _near_enemies(b, n, order.enemies, floor):
                continue
            extend((*path, n))

    extend(())
    if order.enemies and b.ropes:  # after a fight on the platform: down a hooked rope (§10.6.3)
        out += [(foot,) for foot in ropes.retreat_feet(b, piece)
                if foot not in reserved and not _near_enemies(b, foot, order.enemies)]
    return out


def _reserved(state: State) -> frozenset[Hex]:
    """The hexes of the last place where the character moving now could stop (§4.1)."""
    rec = next((f.record for f in reversed(state.stack) if isinstance(f.record, MoveRecord)), None)
    if rec is None:
        return frozenset()
    h, facing = rec.last_stop
    return frozenset(two_hex_footprint(h, facing) if facing is not None else (h,))



def _down_rope(b: Battle, order: RetreatOrder, path: tuple[Hex, ...]) -> bool:
    """Whether ``path`` goes down a rope: its one hex is not next to the start (§10.6.3)."""
    return path[0] not in b.tables.around[b.pieces[order.piece].hex]


class Retreat(Choice):
    """The owner of a retreating character picks its path (§5.4.4, §6.5); a stunned one dies,
    one without a full path is wounded where it stands (A-63)."""

    rule = "6.5"
    kind = "retreat"
    prompt = "Choose the retreat path"

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.pieces[frame["order"].piece].side

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        order: RetreatOrder = frame["order"]
        piece = b.pieces[order.piece]
        if not piece.alive:
            end(state)
        elif piece.health == "stunned":
            state.emit(f"{order.piece} is stunned and cannot retreat: killed", "retreat")
            kill(b, order.piece)
            end(state)
        elif not retreat_paths(b, order, _reserved(state)):
            state.emit(f"{order.piece} cannot retreat {order.hexes} hexes: wounded instead", "retreat")
            wound(b, order.piece)
            end(state)
        else:
            super().start(state, frame)

    def options(self, state: State, frame: Frame) -> list[tuple[Hex, ...]]:
        return retreat_paths(state.data, frame["order"], _reserved(state))

    def label(self, state: State, frame: Frame, option: tuple[Hex, ...]) -> str:
        if _down_rope(state.data, frame["order"], option):
            return f"retreat down the rope to {hex_label(option[0])}"
        return "retreat via " + " ".join(hex_label(h) for h in option)

    def choose(self, state: State, frame: Frame, option: tuple[Hex, ...]) -> None:
        b: Battle = state.data
        order: RetreatOrder = frame["order"]
        piece = b.pieces[order.piece]
        if _down_rope(b, order, option):  # the die to catch the rope first (§10.6.3)
            state.emit(f"{order.piece} {self.label(state, frame, option)}", "retreat")
            if ropes.catch(state, order.piece, option[0]):
                forced_move(state, order.piece, list(option), retreat=True)
            end(state)
            return
        avoid = _reserved(state) | {piece.hex, *option[:-1]}
        pushes = () if piece.mounted else push_chain(b, piece.side, option[-1], avoid, floor=piece.floor)
        state.emit(f"{order.piece} {self.label(state, frame, option)}", "retreat")
        if forced_move(state, order.piece, list(option), retreat=True):
            for friend, to in reversed(pushes or ()):
                state.emit(f"{friend} is pushed to {hex_label(to)}", "retreat")
                forced_move(state, friend, [to], retreat=True)
        end(state)


Aftermath = RetreatOrder | Unhorsing
"""What a shot or a combat leaves its victims' owners to decide: where an unhorsed rider
lands (§6.8), then the retreats (§5.4.4, §6.5)."""


class Retreats(Procedure):
    """The aftermath of one result, one after another in the order given: riders put on foot
    are placed by their owners (§6.8), then the retreats are made (§6.2: a retreat result
    moves every character on that side of the combat)."""

    rule = "6.5"

    def start(self, state: State, frame: Frame) -> None:
        frame["next"] = 0
        self.resume(state, frame, None)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        orders: tuple[Aftermath, ...] = frame["orders"]
        i = frame["next"]
        if i >= len(orders):
            end(state)
            return
        frame["next"] = i + 1
        item = orders[i]
        if isinstance(item, Unhorsing):
            call(state, PlaceRider, fall=item)
        else:
            call(state, Retreat, order=item)
