"""Houses and other buildings (§8): walls and their windows and doors, courtyards, low walls,
outer corners and tents, as hooks the movement, fire and melee rules call.

Representation (a reading of the map figures the source lacks): walls, windows, doors,
courtyard entrances and low walls lie on hexsides (:class:`~banneret_guiscard.data_model.HexsideFeature`);
the hexes inside a building or courtyard, the window and door hexes behind the openings,
corners and tents are terrains (:class:`~banneret_guiscard.data_model.Terrain`). A tent is a
group of adjacent ``tent`` and ``tent_entrance`` hexes; a canvas hex cut open (§8.5.2) is kept
in :attr:`~banneret_guiscard.state.Battle.structures` and counts as an entrance from the next
game turn on.

:func:`structures_for` builds the per-scenario lookups once (an immutable object, like
:func:`~banneret_guiscard.state.tables_for`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

import attrs

from banneret.boards.hexgrid import Hex, Hexside, crossed_hexsides, hexside
from banneret_guiscard import castles
from banneret_guiscard.data_model import HexsideFeature
from banneret_guiscard.state import Battle, Piece, tables_for

__all__ = [
    "Structures", "structures_for", "feature", "crossing_mp", "may_cross", "astride", "tent_wall", "may_fight",
    "defender_sign", "attacker_sign", "fire_origins", "side_blocks", "held_cover", "held_against", "crossfire_hex", "crossfire_side",
    "structure_cover", "cut_options", "cut_tent",
]

_COVERS = ("none", "light", "medium", "heavy")


@attrs.frozen(eq=False)
class Structures:
    """The §8 lookups of one scenario's map: each hexside's feature, the tent each tent hex
    belongs to, the hexes that have a wall on one of their sides, the doorways: each
    building or courtyard hex with one door or entrance in its edge, and that hexside; and the
    room each building hex belongs to."""

    features: Mapping[Hexside, HexsideFeature]
    tent_of: Mapping[Hex, int]
    walled: frozenset[Hex]
    doorways: Mapping[Hex, Hexside]
    room_of: Mapping[Hex, int] = MappingProxyType({})
    """A room (§8.2.1): building hexes joined by hexsides with nothing on them (a reading: a
    wall, a door or a window between two building hexes parts two rooms)."""


def _groups(hexes: Iterable[Hex], around: Mapping[Hex, Iterable[Hex]]) -> dict[Hex, int]:
    """Number each group of ``hexes`` joined through ``around``: one tent of adjacent tent
    hexes (§8.3.4), one room (§8.2.1)."""
    todo, out = set(hexes), {}
    for number, start in enumerate(sorted(todo)):
        if start in out:
            continue
        stack = [start]
        while stack:
            h = stack.pop()
            if h in out:
                continue
            out[h] = number
            stack += [n for n in around[h] if n in todo and n not in out]
    return out


@functools.cache
def structures_for(scenario_id: str) -> Structures:
    """The scenario's structure lookups, built once and never changed afterwards."""
    t = tables_for(scenario_id)
    catalogue = t.data.terrain.hexside_features
    features = {side: catalogue[f["feature"]] for side, f in t.board.sides().items() if f.get("feature") in catalogue}
    walled = frozenset(h for side, f in features.items() if f.blocks_sight for h in side)
    inside = [h for h, r in t.terrain.items() if r.enclosed == "building"]
    doors: dict[Hex, list[Hexside]] = {}
    for side, f in features.items():
        for h in side:
            if f.opening == "door" and t.terrain[h].enclosed in ("building", "courtyard"):
                doors.setdefault(h, []).append(side)
    return Structures(
        features=MappingProxyType(features),
        tent_of=MappingProxyType(_groups((h for h, r in t.terrain.items() if r.tent is not None), t.around)),
        room_of=MappingProxyType(_groups(inside, {h: [n for n in t.around[h] if hexside(h, n) not in features]
                                                  for h in inside})),
        walled=walled,
        doorways=MappingProxyType({h: sides[0] for h, sides in doors.items() if len(sides) == 1}),
    )


def _structures(b: Battle) -> Structures:
    return structures_for(b.tables.scenario.id)


def feature(b: Battle, x: Hex, y: Hex) -> HexsideFeature | None:
    """The feature on the hexside between the adjacent hexes ``x`` and ``y``, if any."""
    return _structures(b).features.get(hexside(x, y))


# --------------------------------------------------------------------------- movement (§8.4)


def crossing_mp(b: Battle, frm: Hex, to: Hex) -> int:
    """MP added for crossing into ``to``: a window +3 (4 in all, §8.4.1), a low wall +2 (§8.4.2)."""
    f = feature(b, frm, to)
    return 0 if f is None else f.crossing_mp


def _entrance(b: Battle, h: Hex) -> bool:
    """A tent entrance, canvas cut open in an earlier game turn (§8.5.2), or a tent hex burnt
    down (§10.2.5): no canvas is left to stop anyone."""
    cut = b.structures.get(h)
    return b.tables.terrain[h].tent == "entrance" or (cut is not None and (
        cut[0] == "cut" and cut[1] < b.turn or cut[0] == "destroyed"))


def tent_wall(b: Battle, x: Hex, y: Hex) -> bool:
    """Whether canvas stands between the adjacent ``x`` and ``y``: one is a tent's canvas hex
    and the other is not part of that tent (§8.5.2)."""
    tent_of = _structures(b).tent_of
    for inner, other in ((x, y), (y, x)):
        if inner in tent_of and not _entrance(b, inner) and tent_of.get(other) != tent_of[inner]:
            return True
    return False


def may_cross(b: Battle, piece: Piece, frm: Hex, to: Hex) -> bool:
    """Whether ``piece`` may step from ``frm`` into ``to`` past the structures between them:
    no horse through a window (§8.4.1), nobody through a window into an enemy's hex (§8.4.1),
    nobody through a tent's canvas (§8.5.2)."""
    f = feature(b, frm, to)
    if f is not None and f.opening == "window":
        if piece.mounted or any(p.side != piece.side for p in b.living_at(to)):
            return False
    return not tent_wall(b, frm, to)


def astride(b: Battle, piece: Piece) -> bool:
    """A rider whose two hexes a low wall separates: it may not end its move so (§8.4.2)."""
    if not piece.mounted:
        return False
    f = feature(b, *piece.hexes())
    return f is not None and f.crossing_mp > 0 and f.riders_may_cross


# --------------------------------------------------------------------------- combat (§8.5)


def may_fight(b: Battle, attacker: Hex, defender: Hex, riders: bool) -> bool:
    """Whether a combat may be fought between these adjacent hexes: not across a tent's canvas
    (§8.5.2), nor through a window when a rider is in it (§8.2.1)."""
    f = feature(b, attacker, defender)
    if riders and f is not None and not f.riders_may_cross:
        return False
    return not tent_wall(b, attacker, defender)


def attacker_sign(b: Battle, h: Hex) -> str:
    """The terrain sign of an attacker on ``h``: a window's own attacking sign (§8.1)."""
    terrain = castles.terrain_at(b, h)
    return terrain.melee_attacking or terrain.melee


def defender_sign(b: Battle, attackers: Iterable[Hex], defenders: Iterable[Hex], sign: str) -> str:
    """The defenders' sign: ``sign`` from their terrain, or the sign a door, window or low wall
    gives them (§8.5.1, §8.4.2) when every attacker reaches them across one."""
    contacts = [(a, d) for a in attackers for d in defenders if d in b.tables.around.get(a, ())]
    behind = {f.defender_behind if f is not None else None for f in (feature(b, a, d) for a, d in contacts)}
    if len(behind) == 1 and None not in behind:
        return str(behind.pop())
    return sign


# --------------------------------------------------------------------------- fire (§8.2, §8.3)


def fire_origins(b: Battle, shooter: Hex) -> list[Hex | None]:
    """Where a shooter's lines may start: its hex centre (None), and the middle of an opening
    in its edge, given as the hex beyond it: a window from either side (§8.2.1), a door or
    courtyard entrance from either side, the door hex or the hex just behind it (§8.2.3,
    §9.3.2), an arrow slit or chapel window from inside (§9.3.3)."""
    out: list[Hex | None] = [None]
    enclosed = b.tables.terrain[shooter].enclosed is not None
    for n in b.tables.around[shooter]:
        f = feature(b, shooter, n)
        if f is not None and (f.opening in ("window", "door") or (f.opening == "slit" and enclosed)):
            out.append(n)
    return out


def side_blocks(b: Battle, side: Hexside, shooter: Hex, target: Hex) -> bool:
    """Whether the structure on a crossed hexside stops a line of fire: a wall always (§8.2.4);
    a window unless it is the shooter's own (fired out of, or into from the sill at a target in
    the room behind it, :attr:`Structures.room_of`, §8.2.1) or the target stands right behind
    it (§8.2.1 b); an arrow slit or chapel window unless the shooter
    fires out of it or at the hex behind it (§9.3.3); doors and entrances never (§8.2.3)."""
    f = _structures(b).features.get(side)
    if f is None:
        return False
    if f.blocks_sight:
        return True
    if f.opening in (None, "door"):
        return False
    behind = target in side and b.tables.terrain[target].enclosed is not None
    if f.opening == "slit":  # fired out of from inside, or back at the hex behind it (§9.3.3)
        return not behind and not (shooter in side and b.tables.terrain[shooter].enclosed is not None)
    rooms = _structures(b).room_of
    if shooter in side and shooter not in rooms:  # from the sill: at that room only (§8.2.1)
        return rooms.get(target, -1) != rooms[side[0] if side[1] == shooter else side[1]]
    return shooter not in side and not behind


def held_cover(b: Battle, h: Hex) -> str | None:
    """What the cover of the character on ``h`` holds against this game turn, once its owner
    has chosen (:attr:`~banneret_guiscard.state.Battle.cover_held`, §8.3.5, §8.3.6)."""
    for piece in b.living_at(h):
        held = b.cover_held.get(piece.id)
        if held is not None and held[:2] == (b.turn, h):
            return held[2]
    return None


def held_against(held: str) -> str:
    """How a crossfire choice reads (the prompts, the log and the boards): ``the outside`` or
    ``the inside`` of a doorway, or the shooter a corner's cover holds against (§8.3.5, §8.3.6)."""
    return f"the {held}" if held in ("outside", "inside") else held


def crossfire_hex(b: Battle, h: Hex) -> bool:
    """A doorway or an outer corner: a hex whose cover its owner may hold against one side or
    one shooter only (§8.3.5, §8.3.6)."""
    return h in _structures(b).doorways or b.tables.terrain[h].cover_lost_when == "line_off_the_walls"


def crossfire_side(b: Battle, target: Hex, path: Sequence[Hex]) -> str | None:
    """Where a line of fire at ``target`` comes from, when the cover there holds against one
    side or one shooter only: a doorway's ``outside`` (the line comes through its door) or
    ``inside`` (§8.3.5); ``walls`` for a line along the building at an outer corner, the only
    lines its cover holds against (§8.3.6); None elsewhere."""
    door = _structures(b).doorways.get(target)
    if door is not None:
        return "outside" if len(path) > 1 and hexside(path[-2], target) == door else "inside"
    if b.tables.terrain[target].cover_lost_when == "line_off_the_walls":
        return "walls" if _structures(b).walled & set(path[1:-1]) else None
    return None


def _shooter_on(b: Battle, h: Hex) -> str:
    return next((p.id for p in b.living_at(h)), "")


def structure_cover(b: Battle, shooter: Hex, target: Hex, path: list[Hex], cover: str) -> str:
    """The target's cover on one reading of the line, given its terrain's: medium inside a
    building or courtyard shot through an opening, not from the door hex (§8.3.1, §8.3.2);
    in a doorway medium from the side its owner holds, either side until he has chosen
    (§8.3.5); medium behind a low wall (A-68); a tent's heavy cover light through its entrance
    (§8.3.4); an outer corner's medium only against a line along the building, and once its
    owner has chosen only against that shooter (§8.3.6)."""
    t = b.tables
    terrain = t.terrain[target]
    sides = crossed_hexsides(path)
    if target in _structures(b).doorways:
        held = held_cover(b, target)
        if held is None or held == crossfire_side(b, target, path):
            cover = max(cover, "medium", key=_COVERS.index)
    elif terrain.enclosed in ("building", "courtyard"):
        from_door = t.terrain[shooter].id == "door"
        openings = [s for s in sides if (f := feature(b, *s)) is not None and f.opening is not None
                    and not (from_door and shooter in s)]
        if openings:
            cover = max(cover, "medium", key=_COVERS.index)
    if sides:
        last = feature(b, *sides[-1])
        if last is not None and last.cover_behind is not None:
            cover = max(cover, last.cover_behind, key=_COVERS.index)
    tent = None if b.structures.get(target, ("", 0))[0] == "destroyed" else _structures(b).tent_of.get(target)
    if tent is not None and (_entrance(b, target) or any(
            _structures(b).tent_of.get(h) == tent and _entrance(b, h) for h in path[1:-1])):
        cover = "light"
    if terrain.cover_lost_when == "line_off_the_walls":
        held = held_cover(b, target)
        if crossfire_side(b, target, path) is None or held is not None and held != _shooter_on(b, shooter):
            cover = "none"
    return cover


# --------------------------------------------------------------------------- cutting a tent (§8.5.2)


def cut_options(b: Battle, movable: Iterable[str]) -> list[tuple[str, Hex]]:
    """(character, canvas hex) pairs: a character on foot that has neither moved nor fired
    this phase may cut the canvas next to it, from outside or from inside the tent (§8.5.2)."""
    tent_of = _structures(b).tent_of
    if not tent_of:
        return []
    out = set()
    for pid in movable:
        piece = b.pieces[pid]
        fired = b.fired_in.get(pid)
        if piece.mounted or (fired is not None and fired[0] == b.phase):
            continue
        for n in b.tables.around[piece.hex]:
            if tent_wall(b, piece.hex, n):
                canvas = n if n in tent_of and not _entrance(b, n) else piece.hex
                if canvas not in b.structures:
                    out.add((pid, canvas))
    return sorted(out)


def cut_tent(b: Battle, pid: str, h: Hex) -> None:
    """The character spends the whole game turn cutting (§8.5.2); the hex is an entrance from
    the next game turn."""
    b.structures[h] = ("cut", b.turn)
    b.done.add(pid)
    b.busy.add(pid)
