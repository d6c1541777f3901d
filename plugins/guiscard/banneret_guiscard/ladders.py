"""Ladders (§10.1) and landing from a palisade's top (§9.2.1, §9.2.2): the rules as plain
functions on :class:`~banneret_guiscard.state.Battle`, and the push-over procedure of the
combat step with its two placements.

Representation (a reading; see the game's docs page): a ladder is a
:class:`~banneret_guiscard.state.Ladder` in ``Battle.ladders``. Lying, it covers two adjacent
hexes; two characters of one side standing on them carry it as a pair, the leader stepping
and the other following into the hex the leader left, each with 2 MA less (§10.1.2). Raised,
it stands on one hex and leans on the palisade hex next to it; while it stands its hex reads
as the ``vertical_ladder`` terrain (:func:`~banneret_guiscard.castles.terrain_at`): whoever
is on that hex is on the ladder, entering it is climbing up and leaving it for the ground is
climbing down (3 MP each, §10.1.3, A-23), with no cover and "-" in melee (§10.1.5). From the
ladder a character crosses the palisade for 4 MP and lands on a hex on its far side for that
hex's MP, rolling the landing die (§9.2.1, §9.2.2, A-60).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from banneret.boards.hexgrid import Hex, distance
from banneret.flow import Choice, Frame, Procedure, end, goto
from banneret.state import State
from banneret_guiscard import castles
from banneret_guiscard.castles import raised_at
from banneret_guiscard.choices import SideChoice
from banneret_guiscard.results import stun, wound
from banneret_guiscard.state import Battle, Ladder, Piece, hex_label

__all__ = [
    "PALISADE", "raised_at", "carriers", "carrying", "hands_full", "on_ladder", "pair_allowance", "carry_choices",
    "raise_places", "shift_choices", "raise_ladder", "far_side", "beyond", "land", "top_fights", "over_advances", "pushers", "push_over", "fallen_places", "fall_places",
    "ladder_invariants", "PushOver", "FallenLadder", "FallPlace",
]

PALISADE = "palisade"
"""The terrain a ladder leans on (§10.1.1: never a tower or a wall)."""


def carriers(b: Battle, ladder: Ladder) -> tuple[str, ...]:
    """The two characters carrying a lying ladder now: its named carriers, both able, on foot
    and on its two hexes; none once one of them falls or walks off (§10.1.2)."""
    if ladder.against is not None or len(ladder.carriers) != 2:
        return ()
    pieces = [b.pieces.get(c) for c in ladder.carriers]
    if all(p is not None and p.able and not p.mounted for p in pieces) and {p.hex for p in pieces if p} == set(ladder.hexes):
        return ladder.carriers
    return ()


def carrying(b: Battle, pid: str) -> bool:
    """Whether ``pid`` carries a ladder: it may neither fire nor fight, nor force infiltration
    tests (§10.1.2, A-07 (a))."""
    return any(pid in carriers(b, ladder) for ladder in b.ladders.values())


def hands_full(b: Battle, piece: Piece) -> bool:
    """Whether ``piece`` may not fire: it carries a ladder (§10.1.2), or stands on one, where an
    archer may shoot only at the palisade hex before it, which nobody stands on (§10.1.5)."""
    return carrying(b, piece.id) or on_ladder(b, piece) is not None


def on_ladder(b: Battle, piece: Piece) -> Ladder | None:
    """The raised ladder ``piece`` is on (it stands on its hex), if any (§10.1.3)."""
    return raised_at(b, piece.hex) if b.ladders and not piece.mounted and piece.alive else None


def pair_allowance(b: Battle, allowance: int, partner_allowance: int) -> int:
    """The MP of a pair carrying a ladder: the smaller allowance less the carrying loss (§10.1.2)."""
    return max(0, min(allowance, partner_allowance) - b.tables.data.tactics.ladders.carry_ma_loss)


def carry_choices(b: Battle, movable: list[str]) -> list[tuple[str, str, str]]:
    """(ladder, leader, follower): the lying ladders two characters of the phasing side may
    carry now, both free to move, on foot, on its two hexes; either may lead (§10.1.2)."""
    free = set(movable)
    out = []
    for lid in sorted(b.ladders):
        ladder = b.ladders[lid]
        if ladder.against is not None:
            continue
        on = [p for h in ladder.hexes for p in b.living_at(h)]
        pair = [p.id for p in on if p.id in free and not p.mounted]
        if len(on) == 2 and len(pair) == 2 and on[0].side == on[1].side:
            out += [(lid, pair[0], pair[1]), (lid, pair[1], pair[0])]
    return out


def raise_places(b: Battle, ladder: Ladder) -> list[tuple[Hex, Hex]]:
    """(foot hex, palisade hex): where the carried ``ladder`` may be raised, on one of its two
    hexes outside the castle, leaning on a whole palisade hex next to it with a hex beyond it
    (not a corner), where no other ladder stands (§10.1.2; never on the tower, §10.1.1)."""
    t = b.tables
    inside = castles.castle_inside(t.scenario.id)
    return [(h, p) for h in ladder.hexes if h not in inside and raised_at(b, h) is None
            for p in t.around[h] if castles.terrain_at(b, p).id == PALISADE and beyond(b, h, p)]


def shift_choices(b: Battle, side: str, mp: Callable[[str], int]) -> list[tuple[str, str, str, Hex, Hex]]:
    """(ladder, first, second, hex, palisade): where two characters of ``side`` next to a
    raised ladder's hex, each with the MP (``mp``: what it has left), may move it: one hex on,
    or turned on its hex, to stand against another palisade hex; never while anyone is on it
    or an enemy is next to its foot (§10.1.4, inv. 70). The two with the most MP left do it
    (ties by id; a reading that keeps the menu short)."""
    if not b.ladders:
        return []  # at once on a battle without ladders, at every movement step
    t = b.tables
    cost = t.data.tactics.ladders.shift_mp
    inside = castles.castle_inside(t.scenario.id)
    out = []
    for lid in sorted(b.ladders):
        ladder = b.ladders[lid]
        if ladder.against is None:
            continue
        foot = ladder.hexes[0]
        near = [p for p in b.pieces.values() if p.able and p.hex in t.around[foot]]
        if any(True for _ in b.living_at(foot)) or any(p.side != side for p in near):
            continue
        able = sorted((p.id for p in near if not p.mounted and mp(p.id) >= cost), key=lambda pid: (-mp(pid), pid))
        if len(able) < 2:
            continue
        first, second = sorted(able[:2])
        places = [(h, p) for h in (foot, *t.around[foot]) if h not in inside and t.terrain[h].cost_foot is not None
                  and (h == foot or (raised_at(b, h) is None and not any(True for _ in b.living_at(h))))
                  for p in t.around[h] if castles.terrain_at(b, p).id == PALISADE and beyond(b, h, p)
                  and (h, p) != (foot, ladder.against)]
        out += [(lid, first, second, h, p) for h, p in places]
    return out


def raise_ladder(b: Battle, lid: str, foot: Hex, palisade: Hex) -> None:
    """Raise the ladder on ``foot`` against ``palisade``: its carriers let go (§10.1.2)."""
    b.ladders[lid] = attrs.evolve(b.ladders[lid], hexes=(foot,), against=palisade, carriers=())


def far_side(b: Battle, ladder: Ladder) -> list[Hex]:
    """The hexes a climber may land on over the palisade the ``ladder`` leans on: beside that
    palisade hex, on its other side (inside the castle from outside), while it stands whole
    (§9.2.1, §9.2.2)."""
    assert ladder.against is not None
    if castles.terrain_at(b, ladder.against).id != PALISADE:
        return []
    return beyond(b, ladder.hexes[0], ladder.against)


def beyond(b: Battle, foot: Hex, palisade: Hex) -> list[Hex]:
    """The hexes beside ``palisade`` on the other side of it from ``foot``: none at a corner."""
    inside = castles.castle_inside(b.tables.scenario.id)
    outside = foot not in inside
    return [h for h in b.tables.around[palisade] if (h in inside) == outside and h != foot]


def land(state: State, pid: str) -> None:
    """The landing from the palisade's top: d6, more if armoured; from the threshold up the
    character is wounded where it lands (§9.2.1, §9.2.2, A-60)."""
    b: Battle = state.data
    rules = b.tables.data.tactics.ladders
    die = state.rng.die(rules.jump_die)
    modifier = rules.jump_armoured_modifier if b.tables.counter(pid).armoured else 0
    hurt = die + modifier >= rules.jump_wounded_at
    state.emit(f"{pid} jumps down from the palisade on {hex_label(b.pieces[pid].hex)}: d6 {die}{modifier:+d} -> "
               f"{'wounded' if hurt else 'safe'}", "ladder")
    if hurt:
        wound(b, pid)


# --------------------------------------------------------------------------- fighting across a ladder's top (§10.1.3, §10.1.5)


def top_fights(b: Battle, side: str, may_strike: Callable[[Battle, Piece], bool]) -> list[tuple[str, str, str]]:
    """(attacker, defender, ladder): the melees of ``side`` across a raised ladder's top in this
    combat step. Its climber and an enemy on a platform beside the whole palisade hex it leans
    on, on the far side, are read as next to each other (as a rope's climber is, §10.6.3), so
    either may attack the other, one against one, free to attack (``may_strike``)."""
    t = b.tables
    out = []
    for lid in sorted(b.ladders):
        ladder = b.ladders[lid]
        if ladder.against is None:
            continue
        climber = next((p for p in b.living_at(ladder.hexes[0]) if not p.mounted), None)
        if climber is None:
            continue
        above = sorted((p for h in far_side(b, ladder) if t.terrain[h].vantage for p in b.living_at(h)
                        if p.side != climber.side), key=lambda p: p.id)
        for p in above:
            if climber.side == side and may_strike(b, climber):
                out.append((climber.id, p.id, lid))
            elif p.side == side and may_strike(b, p):
                out.append((p.id, climber.id, lid))
    return out


def over_advances(b: Battle, lid: str, winners: tuple[str, ...], vacated: tuple[Hex, ...]) -> list[tuple[str, Hex, int]]:
    """(climber, hex, 0): after a fight across the ladder ``lid``'s top, its climber among the
    ``winners``, still able and on it, may advance over the palisade onto a platform hex his
    enemy left, free now (§10.1.3, §6.6). The advance stands for the 4 MP of the step over
    (reading): it costs nothing and ends there, after the landing die (§9.2.2)."""
    ladder = b.ladders[lid]
    if ladder.against is None:
        return []
    t = b.tables
    sides = far_side(b, ladder)
    return [(pid, h, 0) for pid in sorted(winners) if b.pieces[pid].able and b.pieces[pid].hex == ladder.hexes[0]
            for h in vacated if h in sides and b.free(h, pid) and not b.closed(h)
            and t.data.bodies.extra_mp(b.body_total(h)) is not None]


# --------------------------------------------------------------------------- pushing a ladder over (§10.1.6, §10.1.7)


def pushers(b: Battle, side: str, may_strike: Callable[[Battle, Piece], bool]) -> list[tuple[str, str]]:
    """(character, ladder): who of ``side`` may try to push over an enemy's raised ladder in
    this combat step instead of fighting: on foot, free to attack (``may_strike``), on a
    platform beside the palisade hex it leans on (§10.1.6) or next to its foot (§10.1.7)."""
    t = b.tables
    out = []
    for lid in sorted(b.ladders):
        ladder = b.ladders[lid]
        if ladder.against is None or ladder.side == side:
            continue
        foot = ladder.hexes[0]
        for p in sorted(b.pieces.values(), key=lambda p: p.id):
            if p.side != side or p.mounted or p.hex == foot or not may_strike(b, p):
                continue
            above = t.terrain[p.hex].vantage and p.hex in t.around[ladder.against]
            if above or p.hex in t.around[foot]:
                out.append((p.id, lid))
    return out


def push_over(state: State, pid: str, lid: str) -> bool:
    """The attempt (§10.1.6): d10, up to the threshold the ladder falls. It takes the
    character's attack this phase."""
    b: Battle = state.data
    die = state.rng.die(10)
    falls = die <= b.tables.data.tactics.ladders.push_over_max
    b.attacked_in[pid] = b.phase
    state.emit(f"{pid} tries to push the ladder on {hex_label(b.ladders[lid].hexes[0])} over: d10 {die} -> "
               f"{'it falls' if falls else 'it stands'}", "ladder")
    return falls


def fallen_places(b: Battle, ladder: Ladder) -> list[Hex]:
    """Where the fallen ladder's other half may lie: a hex next to its foot, not the palisade,
    open to men on foot (§10.1.6)."""
    assert ladder.against is not None
    foot = ladder.hexes[0]
    return [h for h in b.tables.around[foot]
            if h != ladder.against and b.tables.terrain[h].cost_foot is not None]


def fall_places(b: Battle, ladder: Ladder, pid: str) -> list[tuple[Hex, Hex]]:
    """(where it falls, where it ends): a climber falling with its ladder lands next to its
    foot, never on the palisade, on a hex open to it, maybe on another character; landing
    on one it then goes to a nearest free hex (§10.1.6, A-65)."""
    t = b.tables
    armoured = t.counter(pid).armoured
    foot = ladder.hexes[0]

    def open_to(h: Hex) -> bool:
        return t.terrain[h].cost(False, armoured) is not None and h != ladder.against

    out = []
    for h in t.around[foot]:
        if not open_to(h):
            continue
        if b.free(h, pid):
            out.append((h, h))
            continue
        free = [x for x in t.terrain if x != foot and open_to(x) and b.free(x, pid)
                and raised_at(b, x) is None and t.data.bodies.extra_mp(b.body_total(x)) is not None]
        nearest = min((distance(h, x) for x in free), default=None)
        out += [(h, x) for x in sorted(free) if distance(h, x) == nearest]
    return out


class PushOver(Procedure):
    """One attempt to push a ladder over, then where it and its climber fall (§10.1.6)."""

    rule = "10.1.6"

    def start(self, state: State, frame: Frame) -> None:
        if not push_over(state, frame["pusher"], frame["ladder"]):
            end(state)
            return
        goto(state, FallenLadder, ladder=frame["ladder"])


class FallenLadder(SideChoice):
    """The pushing player lays the fallen ladder, one half still on its hex (§10.1.6)."""

    rule = "10.1.6"
    kind = "fallen-ladder"
    prompt = "Where the fallen ladder lies"

    def options(self, state: State, frame: Frame) -> list[Hex]:
        b: Battle = state.data
        return fallen_places(b, b.ladders[frame["ladder"]])

    def label(self, state: State, frame: Frame, option: Hex) -> str:
        b: Battle = state.data
        return f"the ladder falls on {hex_label(b.ladders[frame['ladder']].hexes[0])} {hex_label(option)}"

    def choose(self, state: State, frame: Frame, option: Hex) -> None:
        b: Battle = state.data
        ladder = b.ladders[frame["ladder"]]
        foot = ladder.hexes[0]
        climber = next((p.id for p in b.living_at(foot) if not p.mounted), "")
        if climber:
            goto(state, FallPlace, ladder=frame["ladder"], climber=climber, lies=option)
            return
        b.ladders[ladder.id] = attrs.evolve(ladder, hexes=(foot, option), against=None, carriers=())
        state.emit(self.label(state, frame, option), "ladder")
        end(state)


class FallPlace(Choice):
    """The climber's owner picks where it falls (§10.1.6, A-65); it is wounded (killed if
    already hurt), a character it lands on is stunned (killed if already hurt)."""

    rule = "10.1.6"
    kind = "fall"
    prompt = "Where the falling climber lands"

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.pieces[frame["climber"]].side

    def options(self, state: State, frame: Frame) -> list[tuple[Hex, Hex]]:
        b: Battle = state.data
        ladder = b.ladders[frame["ladder"]]
        return fall_places(b, ladder, frame["climber"]) or [(ladder.hexes[0], ladder.hexes[0])]

    def label(self, state: State, frame: Frame, option: tuple[Hex, Hex]) -> str:
        fall, rest = option
        return f"{frame['climber']} falls on {hex_label(fall)}" + ("" if fall == rest else f", ends on {hex_label(rest)}")

    def choose(self, state: State, frame: Frame, option: tuple[Hex, Hex]) -> None:
        b: Battle = state.data
        pid = frame["climber"]
        ladder = b.ladders[frame["ladder"]]
        b.ladders[ladder.id] = attrs.evolve(ladder, hexes=(ladder.hexes[0], frame["lies"]), against=None, carriers=())
        fall, rest = option
        under = [p.id for p in b.living_at(fall) if p.id != pid]
        b.pieces[pid] = attrs.evolve(b.pieces[pid], hex=fall)
        state.emit(f"the ladder falls; {self.label(state, frame, option)}", "ladder")
        for other in under:
            stun(b, other)
        wound(b, pid)
        if b.pieces[pid].alive:
            b.pieces[pid] = attrs.evolve(b.pieces[pid], hex=rest)
        end(state)


# --------------------------------------------------------------------------- invariants (Part VI 65, 70, 71)


def ladder_invariants(b: Battle) -> list[str]:
    """What §9.2.1 and §10.1 guarantee after every step."""
    t = b.tables
    bad = []
    for lid, ladder in sorted(b.ladders.items()):
        if any(h not in t.terrain for h in ladder.hexes):
            bad.append(f"ladder {lid} is off the map")
            continue
        if ladder.against is None:
            if len(ladder.hexes) != 2 or distance(*ladder.hexes) != 1:
                bad.append(f"ladder {lid} does not lie on two adjacent hexes (§10.1.2)")
        elif len(ladder.hexes) != 1 or ladder.against not in t.around[ladder.hexes[0]] or t.terrain[ladder.against].id != PALISADE:
            bad.append(f"ladder {lid} does not stand against a palisade hex next to it (§10.1.2)")
        elif any(p.mounted for p in b.living_at(ladder.hexes[0])):
            bad.append(f"a rider is on ladder {lid} (§10.1)")
    for pid, p in sorted(b.pieces.items()):
        if p.alive and any(t.terrain[h].id == PALISADE and castles.terrain_at(b, h).id == PALISADE for h in p.hexes()):
            bad.append(f"{pid} stands on a whole palisade hex (§9.2.1, inv. 65)")
    return bad
