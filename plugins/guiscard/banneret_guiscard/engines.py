"""Siege weapons in the offensive fire step (§10.3-§10.5): burning arrows, the stone thrower
and Greek fire.

The rules are plain functions on :class:`~banneret_guiscard.state.Battle`:

* :func:`arrow_shots`, :func:`shoot_arrow` -- an archer that may fire shoots a burning arrow
  at short range at a siege engine, a wooden structure or naphtha; one d10 on the fire
  table's column for that target both hits and sets it alight (§10.3, §10.5.3);
* :func:`crew`, :func:`engine_targets`, :func:`work_engine` -- an engine works with enough
  able characters of its side next to it (next to its front for the stone thrower), once
  every few turns; the crew do nothing else that turn (A-57);
* :func:`throw_stone` -- the stone lands by 2d10 on the scatter diagram (P-04) within two hexes
  of the aimed hex; the characters there roll on the fire table's stone row with the cover
  of their hex (the stone is lobbed over every line); on a siege engine or a wooden defence
  the strike table's wood column destroys it instead (§10.4.4), at most one wooden-defence
  hex a scenario (one siege day, §9.2.5);
* :func:`spray` -- Greek fire: the malfunction d10 first (§10.5.2), then naphtha on the
  target hex and the six round it (§10.5.1);
* :func:`hauls`, :func:`haul` -- four characters next to the stone thrower haul it two hexes
  of flat ground, or one into rough ground (a hex costing more than 1 MP on foot), at the start
  of the movement step; they go with it, each moved as the engine is, and do nothing else that
  turn (§10.4.2; a reading: the rules leave where the haulers end up to the players).

Step 1 offers the shots after the ordinary ones (:class:`SiegeFire`, then :class:`AimEngine`);
step 3 the hauls before anyone moves (:class:`HaulEngines`).
"""

from __future__ import annotations

from typing import Any

import attrs

from banneret.boards.hexgrid import Hex, arc, closest_direction, distance, neighbour
from banneret.flow import Frame, call, end, goto
from banneret.state import State
from banneret_guiscard import castles
from banneret_guiscard.choices import SideChoice
from banneret_guiscard.fire import engaged, fire_cover, hit, may_fire, terrain_lines, usable_weapons
from banneret_guiscard.flames import burnable, ignite, light_naphtha_near_fires, wooden_defence
from banneret_guiscard.retreat import Aftermath, RetreatOrder, Retreats
from banneret_guiscard.state import Battle, Engine, hex_label

__all__ = ["siege_invariants", "hauls", "haul", "HaulEngines", "arrow_targets", "arrow_shots", "shoot_arrow", "crew", "engine_ready", "engine_targets", "landing_hex",
           "throw_stone", "spray", "work_engine", "SiegeFire", "AimEngine"]


# --------------------------------------------------------------------------- burning arrows (§10.3)


def arrow_targets(b: Battle) -> list[Hex]:
    """Hexes a burning arrow may set alight: a siege engine or wooden structure not burning,
    a tent where the scenario lets them burn (§11.4.2), or naphtha (§10.3, §10.5.3). Only
    hexes with an engine, naphtha, a tent or a terrain that burns (``Tables.wooden``) may be
    :func:`~banneret_guiscard.flames.burnable`, so only they are asked."""
    return sorted(h for h in {*b.tables.wooden, *(e.hex for e in b.engines.values()), *b.naphtha}
                  if burnable(b, h) or h in b.naphtha)


def arrow_shots(b: Battle, side: str) -> list[tuple[str, str, Hex]]:
    """(archer, bow, hex) for every burning arrow ``side`` may shoot now: an archer that may
    fire (§5.0-§5.2), at a target within its bow's short range and in sight (§5.5), never at
    its own side's engine (§10.3)."""
    bows = b.tables.data.siege.arrow_weapons
    own = {e.hex for e in b.engines.values() if e.side == side}
    hexes = [h for h in arrow_targets(b) if h not in own]
    if not hexes:
        return []  # nothing to set alight: no archer need be asked
    out = []
    for piece in sorted(b.pieces.values(), key=lambda p: p.id):
        if piece.side != side or not may_fire(b, piece):
            continue
        for weapon in usable_weapons(b, piece):
            if weapon.id not in bows:
                continue
            for h in hexes:
                if weapon.band_at(distance(piece.hex, h)) == "short" and fire_cover(b, piece, weapon, h) is not None:
                    out.append((piece.id, weapon.id, h))
    return out


def shoot_arrow(state: State, pid: str, weapon_id: str, h: Hex) -> list[RetreatOrder]:
    """One burning arrow (§10.3): it spends the archer's shot; a d10 on the fire table's column
    for the target (naphtha, an engine, a tent, else wood) sets it alight or not."""
    b: Battle = state.data
    table = b.tables.data.siege.fire_table
    b.fired_in[pid] = (b.phase, weapon_id)
    if h in b.naphtha:
        column, what = table.arrow_naphtha, "naphtha"
    elif any(e.hex == h for e in b.engines.values()):
        column, what = table.arrow_engine, "engine"
    elif b.tables.terrain[h].tent is not None:
        column, what = table.arrow_tent, "tent"
    else:
        column, what = table.arrow_wood, "wood"
    die = state.rng.die(10)
    state.emit(f"{pid} shoots a burning arrow at {hex_label(h)} ({what}): d10 {die}", "fire")
    return ignite(state, h, b.pieces[pid].side) if die <= column else []


# --------------------------------------------------------------------------- engines (§10.4, §10.5)


def crew(b: Battle, engine: Engine) -> list[str]:
    """The characters who may work ``engine`` now: able, on foot, of its side, next to it (next
    to its front, the three hexes ahead, for the stone thrower, §10.4.1), and like a shooter
    neither fired nor busy this turn nor in contact with an enemy (§5.2, A-57)."""
    kind = b.tables.data.siege.engine(engine.kind)
    out = []
    for piece in sorted(b.pieces.values(), key=lambda p: p.id):
        if (piece.side != engine.side or not piece.able or piece.mounted or piece.id in b.busy
                or distance(piece.hex, engine.hex) != 1):
            continue
        if kind.crew_in_front and arc(engine.hex, engine.facing, piece.hex) != "front":
            continue
        fired = b.fired_in.get(piece.id)
        if (fired is None or fired[0] != b.phase) and not engaged(b, piece):
            out.append(piece.id)
    return out


def engine_ready(b: Battle, engine: Engine) -> bool:
    """Standing, not jammed, loaded again (once every three turns for the stone thrower, five
    for Greek fire) and crewed (§10.4.1, §10.5.1, §10.5.2)."""
    kind = b.tables.data.siege.engine(engine.kind)
    return (engine.condition == "ready" and engine.side == b.side
            and (engine.fired_turn == 0 or b.turn - engine.fired_turn >= kind.reload_turns)
            and len(crew(b, engine)) >= kind.crew)


def engine_targets(b: Battle, engine: Engine) -> list[Hex]:
    """The hexes ``engine`` may aim at: in range (and for Greek fire in the 120° ahead of it,
    P-08) holding a living enemy or an enemy engine; for Greek fire also a hex next to one (its
    naphtha covers the ring round the target), for the stone thrower a wooden defence still
    standing, the palisade or the gate (§10.4.4, §10.5.1). Greek fire needs a
    line the map leaves clear (a reading: it sprays, so it is aimed like a shot, §5.5); a stone
    is lobbed over everything."""
    kind = b.tables.data.siege.engine(engine.kind)
    wanted = {h for p in b.pieces.values() if p.alive and p.side != engine.side and not p.floor for h in p.hexes()}
    wanted |= {e.hex for e in b.engines.values() if e.side != engine.side and e.condition != "destroyed"}
    if kind.arc:
        wanted |= {n for h in wanted for n in b.tables.around.get(h, ())}
    else:
        wanted |= {h for h in b.tables.terrain if b.tables.terrain[h].height and wooden_defence(b, h)}
    return sorted(h for h in wanted if kind.min_range <= distance(engine.hex, h) <= kind.max_range
                  and (not kind.arc or arc(engine.hex, engine.facing, h) == "front"
                       and bool(terrain_lines(b.tables, engine.hex, h))))


def landing_hex(state: State, origin: Hex, aimed: Hex) -> Hex:
    """Where a stone lands (§10.4.4, P-04): 2d10 on the scatter diagram, each step a neighbour
    turned from the line of fire's bearing."""
    b: Battle = state.data
    roll = state.rng.die(10) + state.rng.die(10)
    bearing = closest_direction(origin, aimed)
    h = aimed
    for turn in b.tables.data.siege.landing(roll):
        h = neighbour(h, (bearing + turn) % 6)
    state.emit(f"the stone's scatter 2d10 {roll}: lands on {hex_label(h)}", "fire")
    return h


def throw_stone(state: State, engine: Engine, aimed: Hex) -> list[Aftermath]:
    """A stone (§10.4.4): on an engine or a wooden defence, the strike table's wood column (at
    most one wooden-defence hex destroyed a day, §9.2.5); else every character and loose
    horse on the landing hex rolls on the fire table's stone row with its hex's cover."""
    b: Battle = state.data
    siege = b.tables.data.siege
    h = landing_hex(state, engine.hex, aimed)
    if h not in b.tables.terrain:
        return []
    struck = b.engine_at(h)
    defence = b.tables.terrain[h].height > 0 and wooden_defence(b, h)
    if struck is not None or defence:
        die = state.rng.die(10)
        smashed = die <= siege.strike_wood and (struck is not None or len(b.battered) < siege.battered_per_day)
        state.emit(f"strike on {hex_label(h)}: d10 {die}, {'destroyed' if smashed else 'holds'}", "fire")
        if smashed and struck is not None:
            b.engines[struck.id] = attrs.evolve(struck, condition="destroyed")
        elif smashed:
            b.battered.add(h)
            b.structures[h] = ("destroyed", b.turn)
        return []
    return hit(state, "stone_thrower", "short", castles.terrain_at(b, h).cover, h, engine.hex)


def spray(state: State, engine: Engine, aimed: Hex) -> list[RetreatOrder]:
    """Greek fire (§10.5.1, §10.5.2): the malfunction d10, then naphtha on the target and the
    six hexes round it; a burst siphon is destroyed and spreads naphtha round itself; a jammed
    one stays useless. Naphtha next to a fire catches at once."""
    b: Battle = state.data
    siege = b.tables.data.siege
    die = state.rng.die(10)
    if die <= siege.malfunction_burst:
        state.emit(f"{engine.id}: malfunction d10 {die}, the siphon bursts", "fire")
        b.engines[engine.id] = attrs.evolve(engine, condition="destroyed")
        centre = engine.hex
        covered = list(b.tables.around[centre])
    elif die <= siege.malfunction_jam:
        state.emit(f"{engine.id}: malfunction d10 {die}, the siphon jams", "fire")
        b.engines[engine.id] = attrs.evolve(engine, condition="jammed")
        return []
    else:
        state.emit(f"{engine.id}: malfunction d10 {die}, works; naphtha round {hex_label(aimed)}", "fire")
        covered = [aimed, *b.tables.around[aimed]]
    for h in covered:
        if h in b.flames:
            continue
        b.naphtha.add(h)
    return light_naphtha_near_fires(state)


def work_engine(state: State, engine_id: str, aimed: Hex) -> list[Aftermath]:
    """``engine_id`` fires at ``aimed``: its crew are busy for the turn (A-57), it is loaded
    again only after its reload turns (§10.4.1, §10.5.1)."""
    b: Battle = state.data
    engine = b.engines[engine_id]
    kind = b.tables.data.siege.engine(engine.kind)
    hands = crew(b, engine)[:kind.crew]
    b.busy.update(hands)
    for pid in hands:
        b.attacked_in[pid] = b.phase
    engine = attrs.evolve(engine, fired_turn=b.turn)
    b.engines[engine_id] = engine
    state.emit(f"{', '.join(hands)} work {engine_id} at {hex_label(aimed)}", "fire")
    if engine.kind == "stone_thrower":
        return throw_stone(state, engine, aimed)
    return spray(state, engine, aimed)


def siege_invariants(b: Battle) -> list[str]:
    """Part VI 23, 67, 72, 73 as the state shows them: nothing living on a standing engine's hex,
    fires only where a fire may burn, at most one wooden-defence hex battered down a day, no
    fire older than its destruction but naphtha, engines never fired in a later turn."""
    siege = b.tables.data.siege
    bad = []
    for e in b.engines.values():
        if e.condition != "destroyed" and (any(b.living_at(e.hex)) or b.horse_at(e.hex) is not None):
            bad.append(f"something stands on {e.id}'s hex {e.hex} (§10.4.3)")
        if e.fired_turn > b.turn:
            bad.append(f"{e.id} fired in a later turn {e.fired_turn} (§10.4.1)")
    for h, flame in b.flames.items():
        if not (flame.naphtha or b.tables.terrain[h].burns or any(e.hex == h for e in b.engines.values())
                or b.tables.scenario.tents_burn and b.tables.terrain[h].tent is not None):  # §11.4.2
            bad.append(f"a fire on {h} where nothing burns (§10.2.2)")
        if not flame.naphtha and flame.turns >= siege.burn_turns:
            bad.append(f"the fire on {h} has burnt {flame.turns} turns and not burnt out (§10.2.5)")
        if h in b.naphtha:
            bad.append(f"{h} is burning and holds naphtha not alight (§10.5.3)")
    if len(b.battered) > siege.battered_per_day:
        bad.append(f"{len(b.battered)} wooden-defence hexes battered down in one day (§9.2.5)")
    return bad


# --------------------------------------------------------------------------- hauling the stone thrower (§10.4.2)


def _haulers(b: Battle, engine: Engine) -> list[str]:
    """The engine's side's able characters on foot next to it that may still do anything this
    phase: not moved, busy, fired nor in contact with an enemy (§10.4.2)."""
    out = []
    for piece in sorted(b.pieces.values(), key=lambda p: p.id):
        fired = b.fired_in.get(piece.id)
        if (piece.side == engine.side and piece.able and not piece.mounted and distance(piece.hex, engine.hex) == 1
                and piece.id not in b.spent and piece.id not in b.done and piece.id not in b.busy
                and (fired is None or fired[0] != b.phase) and not engaged(b, piece)):
            out.append(piece.id)
    return out


def _open_for_haul(b: Battle, h: Hex, leaving: frozenset[Hex]) -> bool:
    """A hex the engine or a hauler may be moved onto: on the map, open on foot as it stands,
    not closed (a fire, another engine), with nobody on it but those moving off it."""
    return (h in b.tables.terrain and castles.terrain_at(b, h).cost_foot is not None and b.horse_at(h) is None
            and (h in leaving or not b.closed(h) and not any(b.living_at(h))))


def hauls(b: Battle, engine: Engine) -> list[tuple[Hex, ...]]:
    """The hexes ``engine`` may be hauled through this phase (§10.4.2): one or two steps, each on
    flat ground (1 MP on foot), or a single step into rough ground; its first four haulers are
    moved by the same steps, each onto a hex open to them."""
    kind = b.tables.data.siege.engine(engine.kind)
    hands = _haulers(b, engine)[:kind.movers]
    if (engine.side != b.side or engine.condition == "destroyed" or engine.hex in b.flames or not kind.movers
            or len(hands) < kind.movers):
        return []  # nobody hauls a burning engine out of its fire (§10.2.4)
    t = b.tables
    leaving = frozenset({engine.hex, *(b.pieces[pid].hex for pid in hands)})
    routes: list[tuple[Hex, ...]] = []
    for first in sorted(t.around[engine.hex]):
        if not _open_for_haul(b, first, leaving):
            continue
        routes.append((first,))
        if castles.terrain_at(b, first).cost_foot == 1:
            routes += [(first, second) for second in sorted(t.around[first])
                       if second != engine.hex and castles.terrain_at(b, second).cost_foot == 1
                       and _open_for_haul(b, second, leaving)]
    return [route for route in routes if _haulers_fit(b, engine, hands, route[-1], leaving)]


def _shift(h: Hex, frm: Hex, to: Hex) -> Hex:
    return (h[0] + to[0] - frm[0], h[1] + to[1] - frm[1])


def _haulers_fit(b: Battle, engine: Engine, hands: list[str], to: Hex, leaving: frozenset[Hex]) -> bool:
    new = [_shift(b.pieces[pid].hex, engine.hex, to) for pid in hands]
    return to not in new and all(_open_for_haul(b, h, leaving) for h in new)


def haul(state: State, engine_id: str, route: tuple[Hex, ...]) -> None:
    """Haul ``engine_id`` along ``route`` with its first four haulers, who are done for the turn."""
    b: Battle = state.data
    engine = b.engines[engine_id]
    hands = _haulers(b, engine)[:b.tables.data.siege.engine(engine.kind).movers]
    to = route[-1]
    for pid in hands:
        piece = b.pieces[pid]
        b.pieces[pid] = attrs.evolve(piece, hex=_shift(piece.hex, engine.hex, to))
    b.engines[engine_id] = attrs.evolve(engine, hex=to)
    b.done.update(hands)
    b.busy.update(hands)
    state.emit(f"{', '.join(hands)} haul {engine_id} to {hex_label(to)}", "move")


class HaulEngines(SideChoice):
    """Step 3 begins with the hauls (§10.4.2), one engine at a time."""

    rule = "10.4.2"
    kind = "haul"
    prompt = "Haul an engine, or go on to movement"

    def options(self, state: State, frame: Frame) -> list[tuple[Any, ...]]:
        b: Battle = state.data
        return [*(("haul", e.id, route) for e in sorted(b.engines.values(), key=lambda e: e.id) for route in hauls(b, e)),
                ("end",)]

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        if option[0] == "end":
            return "no haul"
        return f"haul {option[1]} via " + " ".join(hex_label(h) for h in option[2])

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        if option[0] == "end":
            end(state)
        else:
            haul(state, option[1], option[2])
            goto(state, HaulEngines)


# --------------------------------------------------------------------------- step 1, after the ordinary shots


class SiegeFire(SideChoice):
    """Step 1 goes on with burning arrows and the engines, one at a time (§10.3-§10.5)."""

    rule = "10.3"
    kind = "siege-fire"
    prompt = "Shoot a burning arrow, work an engine, or end offensive fire"

    def options(self, state: State, frame: Frame) -> list[tuple[Any, ...]]:
        b: Battle = state.data
        arrows = [("arrow", *shot) for shot in arrow_shots(b, b.side)]
        engines = [("engine", e.id) for e in sorted(b.engines.values(), key=lambda e: e.id)
                   if engine_ready(b, e) and engine_targets(b, e)]
        return [*arrows, *engines, ("end",)]

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        if option[0] == "arrow":
            return f"{option[1]}: burning arrow at {hex_label(option[3])}"
        if option[0] == "engine":
            return f"work {option[1]}"
        return "end siege fire"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        if option[0] == "end":
            end(state)
        elif option[0] == "engine":
            call(state, AimEngine, engine=option[1])
        else:
            orders = shoot_arrow(state, option[1], option[2], option[3])
            if orders:
                call(state, Retreats, orders=tuple(orders))
            else:
                goto(state, SiegeFire)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        goto(state, SiegeFire)


class AimEngine(SideChoice):
    """The hex an engine is aimed at (§10.4.4, §10.5.1); the shot is resolved at once."""

    rule = "10.4"
    kind = "aim-engine"
    prompt = "Choose the hex to aim the engine at"

    def options(self, state: State, frame: Frame) -> list[Hex]:
        b: Battle = state.data
        return engine_targets(b, b.engines[frame["engine"]])

    def label(self, state: State, frame: Frame, option: Hex) -> str:
        b: Battle = state.data
        who = next((p.id for p in b.living_at(option)), "")
        return f"{frame['engine']} at {hex_label(option)}" + (f" ({who})" if who else "")

    def choose(self, state: State, frame: Frame, option: Hex) -> None:
        orders = work_engine(state, frame["engine"], option)
        if orders:
            goto(state, Retreats, orders=tuple(orders))
        else:
            end(state)
