"""Grappling hooks and ropes (§10.6): throwing a hook at a palisade, climbing the rope and
crossing, pulling it up from the top to throw again, attacking a climber from the top,
cutting the rope from the top, and hauling on it to pull the palisade down.

Representation (a reading; see the game's docs page): a rope is a
:class:`~banneret_guiscard.state.Rope` in ``Battle.ropes``, carried coiled by one character,
or thrown from the hex ``hex`` next to the palisade hex ``against`` it hooks. Whoever climbs
it stays in that hex as the rope's ``climber`` (between the hook and the rope, §10.6.2) until
it crosses the palisade or climbs down. A rope may also hook on a courtyard's wall, a hexside
between a hex outside and the courtyard hex ``against`` beyond it: read as one level high, it
is climbed as a palisade and crossed straight into that hex, +2 MP over its parapet
(§10.6.1). A wall has no top to stand on: nobody pulls such a rope up, cuts it or attacks its
climber from above, and no wall is hauled down (§10.6.5 names the palisade). The tower is
never climbed (§10.6.1), nor a building's walls, whose far side is its inside, entered only by
doors and windows (§8.1).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import attrs

from banneret.boards.hexgrid import Hex, distance
from banneret.state import State
from banneret_guiscard import buildings, castles, ladders
from banneret_guiscard.data_model import Effect
from banneret_guiscard.results import kill, wound
from banneret_guiscard.state import Battle, Piece, Rope, hex_label

__all__ = [
    "unarmoured", "thrown", "on_palisade", "courtyard_wall", "climbing", "climber_of", "let_go", "throw_places", "throw", "climb_cost", "cross_options", "down_cost",
    "at_the_top", "pull_up_choices", "pull_up", "strikers", "on_rope", "retreat_feet", "catch",
    "cutters", "cut", "hauling_groups", "haul", "rope_invariants",
]


def unarmoured(b: Battle, piece: Piece) -> bool:
    """Only an unarmoured character on foot throws or climbs a rope (§10.6.1, inv. 76)."""
    return not piece.mounted and not b.tables.counter(piece.id).armoured


def thrown(b: Battle) -> list[Rope]:
    """The ropes hooked on a palisade hex that still stands or on a courtyard wall, in id order."""
    return [r for _, r in sorted(b.ropes.items()) if r.against is not None and r.hex is not None
            and (on_palisade(b, r) or courtyard_wall(b, r.hex, r.against))]


def on_palisade(b: Battle, rope: Rope) -> bool:
    """Whether ``rope`` hooks a palisade hex that still stands (not a wall)."""
    return rope.against is not None and castles.terrain_at(b, rope.against).id == ladders.PALISADE


def courtyard_wall(b: Battle, foot: Hex, beyond: Hex) -> bool:
    """Whether a rope thrown from ``foot`` may hook the wall between it and ``beyond``: a wall
    with no opening, ``foot`` outside any building or courtyard and ``beyond`` a courtyard's
    hex (§10.6.1; a building's own walls lead into it, §8.1)."""
    t = b.tables
    f = buildings.feature(b, foot, beyond)
    return (f is not None and f.blocks_sight and not f.passable and f.opening is None
            and t.terrain[foot].enclosed is None and t.terrain[beyond].enclosed == "courtyard")


def climbing(b: Battle, pid: str) -> Rope | None:
    """The rope ``pid`` is on, if any: it may neither fire nor fight there (§10.6.2)."""
    return next((r for r in b.ropes.values() if r.climber == pid and climber_of(b, r)), None)


def climber_of(b: Battle, rope: Rope) -> str:
    """Who is on ``rope`` now: its climber while alive, else nobody ("")."""
    piece = b.pieces.get(rope.climber)
    return rope.climber if piece is not None and piece.alive else ""


def let_go(b: Battle, pid: str) -> None:
    """``pid`` leaves the rope it is on, climbing down or over, or moved off it."""
    for rid, rope in b.ropes.items():
        if rope.climber == pid:
            b.ropes[rid] = attrs.evolve(rope, climber="")


def _top(b: Battle, rope: Rope) -> int:
    """The level of the top ``rope`` hooks: a palisade's ground and its height (§9.2.1), a
    wall's levels above the higher of its two sides (placeholder)."""
    assert rope.against is not None and rope.hex is not None
    t = b.tables
    if on_palisade(b, rope):
        return t.level[rope.against] + castles.terrain_at(b, rope.against).height
    return max(t.level[rope.hex], t.level[rope.against]) + t.data.tactics.ropes.wall_levels


def throw_places(b: Battle, piece: Piece) -> list[Hex]:
    """The palisade hexes ``piece`` may throw its rope at, and the courtyard hexes over whose
    wall it may throw it: it carries one, may use it, stands outside the castle next to a whole
    palisade hex with a hex beyond it, or outside a courtyard's wall, where no other rope hangs
    (§10.6.1)."""
    if not unarmoured(b, piece) or not any(r.carrier == piece.id for r in b.ropes.values()):
        return []
    if piece.hex in castles.castle_inside(b.tables.scenario.id) or any(r.hex == piece.hex for r in b.ropes.values()):
        return []
    return [p for p in b.tables.around[piece.hex]
            if castles.terrain_at(b, p).id == ladders.PALISADE and ladders.beyond(b, piece.hex, p)
            or courtyard_wall(b, piece.hex, p)]


def target_label(b: Battle, foot: Hex, against: Hex) -> str:
    """How the labels name what a rope from ``foot`` hooks: the palisade hex, or the wall over
    into the courtyard hex."""
    return f"the wall to {hex_label(against)}" if courtyard_wall(b, foot, against) else f"the palisade on {hex_label(against)}"


def throw(state: State, pid: str, palisade: Hex) -> None:
    """The throw (§10.6.1): d10, failing up to the threshold; the thrower neither moves nor
    fights in this phase either way; a hook that holds hangs in the thrower's hex."""
    b: Battle = state.data
    rope = next(r for r in b.ropes.values() if r.carrier == pid)
    die = state.rng.die(10)
    holds = die > b.tables.data.tactics.ropes.throw_fail_max
    b.done.add(pid)
    b.attacked_in[pid] = b.phase
    state.emit(f"{pid} throws a hook at {target_label(b, b.pieces[pid].hex, palisade)}: d10 {die} -> "
               f"{'it holds' if holds else 'it fails'}", "rope")
    if holds:
        b.ropes[rope.id] = attrs.evolve(rope, carrier="", hex=b.pieces[pid].hex, against=palisade)


def climb_cost(b: Battle, piece: Piece) -> tuple[Rope, int] | None:
    """The rope ``piece`` may climb from where it stands and the MP (8 a level up to the
    palisade's or the wall's top, §10.6.1); None if there is none free to climb."""
    if not unarmoured(b, piece):
        return None
    for rope in thrown(b):
        if rope.hex == piece.hex and not climber_of(b, rope):
            levels = _top(b, rope) - b.tables.level[piece.hex]
            return rope, b.tables.data.tactics.ropes.climb_up_mp_per_level * levels
    return None


def cross_options(b: Battle, piece: Piece, entry_cost: Callable[[Hex], int | None]) -> list[tuple[Hex, int]]:
    """(hex, MP): from the rope over the palisade onto a hex beyond it, or over the wall into
    the courtyard hex, that ``entry_cost`` (the movement rules' MP for that hex, None if closed
    or taken) lets it enter, with 4 MP for each level down from the top, and 2 more over a
    wall's parapet (§10.6.1, §10.6.2)."""
    rope = climbing(b, piece.id)
    if rope is None or rope not in thrown(b):
        return []
    assert rope.hex is not None and rope.against is not None
    rules = b.tables.data.tactics.ropes
    if on_palisade(b, rope):
        beyond, extra = ladders.beyond(b, rope.hex, rope.against), 0
    else:
        f = buildings.feature(b, rope.hex, rope.against)
        beyond, extra = [rope.against], rules.parapet_mp if f is not None and f.parapet else 0
    out = []
    for h in beyond:
        cost = entry_cost(h)
        if cost is not None:
            out.append((h, cost + extra + rules.climb_down_mp_per_level * max(0, _top(b, rope) - b.tables.level[h])))
    return out


def down_cost(b: Battle, rope: Rope) -> int:
    """MP to climb back down to the rope's foot (§10.6.1)."""
    assert rope.hex is not None
    return b.tables.data.tactics.ropes.climb_down_mp_per_level * (_top(b, rope) - b.tables.level[rope.hex])


def at_the_top(b: Battle, h: Hex, rope: Rope) -> bool:
    """Whether ``h`` is at the top of the wall ``rope`` hooks: a platform beside its palisade
    hex, next to its climber in the reading of §10.6.3 and §10.6.4; a wall has none."""
    return on_palisade(b, rope) and b.tables.terrain[h].vantage and h in b.tables.around[rope.against]


def pull_up_choices(b: Battle, piece: Piece) -> list[Rope]:
    """The hooked ropes ``piece`` may pull up from above (§10.6.1): it stands at the top of the
    wall, on a platform beside the palisade hex the hook holds, as a cutter does (§10.6.4);
    nobody is on the rope; and ``piece`` could throw the hook again: unarmoured, on foot, with
    no other rope (reading: the rules give the pull with the reuse)."""
    if not unarmoured(b, piece) or any(r.carrier == piece.id for r in b.ropes.values()):
        return []
    return [r for r in thrown(b) if at_the_top(b, piece.hex, r) and not climber_of(b, r)]


def pull_up(state: State, pid: str, rid: str) -> None:
    """Pull the rope ``rid`` up (§10.6.1): ``pid`` carries it coiled, for its side, and may throw
    the hook again as any carrier (:func:`throw_places`)."""
    b: Battle = state.data
    rope = b.ropes[rid]
    assert rope.against is not None
    b.ropes[rid] = Rope(rid, b.pieces[pid].side, carrier=pid)
    state.emit(f"{pid} pulls up the rope on {hex_label(rope.against)}", "rope")


# --------------------------------------------------------------------------- the combat step (§10.6.4, §10.6.5)


def cutters(b: Battle, side: str, may_strike: Callable[[Battle, Piece], bool]) -> list[tuple[str, str]]:
    """(character, rope): who of ``side`` may cut an enemy's rope in this combat step instead
    of fighting: free to attack (``may_strike``), at the top of the wall: on a platform beside
    the palisade hex it hooks (§10.6.4)."""
    out = []
    for rope in thrown(b):
        if rope.side == side:
            continue
        for p in sorted(b.pieces.values(), key=lambda p: p.id):
            if p.side == side and at_the_top(b, p.hex, rope) and may_strike(b, p):
                out.append((p.id, rope.id))
    return out


def strikers(b: Battle, side: str, may_strike: Callable[[Battle, Piece], bool]) -> list[tuple[str, str]]:
    """(character, rope): who of ``side`` may attack the enemy climbing a rope in this combat
    step (§10.6.3): where a cutter stands, on a platform beside the palisade hex the rope
    hooks, which is next to the climber in the reading of §10.6.4 (:func:`cutters`)."""
    return [(pid, rid) for pid, rid in cutters(b, side, may_strike) if climber_of(b, b.ropes[rid])]


def on_rope(effect: Effect) -> Effect:
    """What a platform attack's result does to a rope's climber (§10.6.3): a wound or a stun
    kills him (he falls), a retreat does nothing."""
    return attrs.evolve(effect, harm="killed" if effect.harm in ("wounded", "stunned") else effect.harm, retreat=0)


def retreat_feet(b: Battle, piece: Piece) -> list[Hex]:
    """Where ``piece``, retreating after a fight on the platform, may go down a rope (§10.6.3):
    the foot, empty, of a rope hooked on a palisade hex beside its platform hex, with nobody on
    it; only if it could climb (unarmoured, on foot). The retreat ends there (reading)."""
    if not unarmoured(b, piece):
        return []
    return [r.hex for r in thrown(b) if r.hex is not None and at_the_top(b, piece.hex, r) and not climber_of(b, r)
            and not any(True for _ in b.living_at(r.hex)) and b.horse_at(r.hex) is None]


def catch(state: State, pid: str, foot: Hex) -> bool:
    """The d10 to catch the rope on a retreat down it to ``foot`` (§10.6.3): failing up to the
    threshold, higher if wounded; whoever fails falls there and is killed."""
    b: Battle = state.data
    rules = b.tables.data.tactics.ropes
    die = state.rng.die(10)
    wounded = b.pieces[pid].health == "wounded"
    caught = die > (rules.catch_fail_max_wounded if wounded else rules.catch_fail_max)
    state.emit(f"{pid} tries to catch the rope: d10 {die} -> {'caught' if caught else 'falls, killed'}", "rope")
    if not caught:
        b.pieces[pid] = attrs.evolve(b.pieces[pid], hex=foot)
        kill(b, pid)
    return caught


def cut(state: State, pid: str, rid: str) -> None:
    """The cut (§10.6.4): d10 up to the threshold; the rope and hook are gone and its climber
    falls as from a ladder: wounded, or killed if already hurt (§10.1.6)."""
    b: Battle = state.data
    rope = b.ropes[rid]
    die = state.rng.die(10)
    cuts = die <= b.tables.data.tactics.ropes.cut_max
    b.attacked_in[pid] = b.phase
    state.emit(f"{pid} tries to cut the rope on {hex_label(rope.against or (0, 0))}: d10 {die} -> "
               f"{'cut' if cuts else 'it holds'}", "rope")
    if not cuts:
        return
    del b.ropes[rid]
    if climber_of(b, rope):
        state.emit(f"{rope.climber} falls from the cut rope", "rope")
        wound(b, rope.climber)


def _two_rows(hexes: tuple[Hex, ...]) -> bool:
    """Four hexes in two rows of two side by side: each next to at least two of the others."""
    return all(sum(distance(h, o) == 1 for o in hexes if o != h) >= 2 for h in hexes)


def hauling_groups(b: Battle, side: str, may_strike: Callable[[Battle, Piece], bool]) -> list[tuple[str, tuple[str, ...]]]:
    """(rope, haulers): the groups of ``side``'s able characters on foot, free to act
    (``may_strike``), that may haul on one of its ropes in this combat step: four in two rows
    of adjacent hexes, each one to three hexes beyond the hook's hex (reading: the rope's
    reach), while nobody climbs it, and only while the roll can still succeed (§10.6.5)."""
    rules = b.tables.data.tactics.ropes
    out = []
    for rope in thrown(b):
        if rope.side != side or climber_of(b, rope) or not on_palisade(b, rope):  # never a wall
            continue
        assert rope.hex is not None
        near = sorted(p.id for p in b.pieces.values() if p.side == side and p.able and not p.mounted
                      and 2 <= distance(p.hex, rope.hex) <= 4 and may_strike(b, p))
        for group in combinations(near, rules.haulers):
            wounded = sum(b.pieces[g].health == "wounded" for g in group)
            if 1 + wounded * rules.haul_wounded_modifier <= rules.haul_success_max and _two_rows(
                    tuple(b.pieces[g].hex for g in group)):
                out.append((rope.id, group))
    return out


def haul(state: State, rid: str, haulers: tuple[str, ...]) -> None:
    """The haul (§10.6.5): d10, +1 for each wounded hauler; up to the threshold the palisade
    hex is destroyed and the hook and rope are gone. The haulers do nothing else this phase."""
    b: Battle = state.data
    rules = b.tables.data.tactics.ropes
    rope = b.ropes[rid]
    assert rope.against is not None
    die = state.rng.die(10)
    modifier = rules.haul_wounded_modifier * sum(b.pieces[h].health == "wounded" for h in haulers)
    down = die + modifier <= rules.haul_success_max
    for h in haulers:
        b.attacked_in[h] = b.phase
    state.emit(f"{', '.join(haulers)} haul on the rope on {hex_label(rope.against)}: d10 {die}{modifier:+d} -> "
               f"{'the palisade comes down' if down else 'it holds'}", "rope")
    if down:
        b.structures[rope.against] = ("destroyed", b.turn)
        del b.ropes[rid]


# --------------------------------------------------------------------------- invariants (Part VI 76, 77)


def rope_invariants(b: Battle) -> list[str]:
    """What §10.6 guarantees after every step."""
    bad = []
    for rid, rope in sorted(b.ropes.items()):
        people = [pid for pid in (rope.carrier, rope.climber) if pid]
        if any(not unarmoured(b, b.pieces[pid]) for pid in people if pid in b.pieces):
            bad.append(f"an armoured or mounted character uses rope {rid} (§10.6.1, inv. 76)")
        if rope.against is not None and (rope.hex is None or rope.against not in b.tables.around[rope.hex] or (
                b.tables.terrain[rope.against].id != ladders.PALISADE and not courtyard_wall(b, rope.hex, rope.against))):
            bad.append(f"rope {rid} is not hooked on a palisade hex or a courtyard wall next to its foot (§10.6.2)")
        if climber_of(b, rope) and b.pieces[rope.climber].hex != rope.hex:
            bad.append(f"{rope.climber} climbs rope {rid} away from its foot (§10.6.2)")
    return bad
