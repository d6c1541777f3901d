"""Fires (§10.2): starting one by hand, spreading, putting it out, escaping the flames, and
the damage a fire does; naphtha that catches (§10.5.1, §10.5.3).

The rules are plain functions on :class:`~banneret_guiscard.state.Battle`, whose ``flames``
hold the burning hexes and ``naphtha`` the mixture not yet alight:

* :func:`burnable` -- what a fire may take: a siege engine or a wooden structure still
  standing (§10.2.1, §10.2.2), and where the scenario says so a tent (§11.4.2, never by
  spreading);
* :func:`ignite` -- a hex catches fire: whoever stands in it must get out at once (a stunned
  character may come round first), naphtha catches in every hex next to a fire;
* :func:`workers`, :func:`set_fire`, :func:`put_out` -- a character that neither moved,
  fired nor fought this player phase sets fire to a hex next to it, or tries to put one out
  (§10.2.1, §10.2.3), in the combat step (:class:`FireWork`);
* :class:`Burning` -- at the end of each game turn (A-26, A-27) every fire burns one turn
  more: whoever is still in it is wounded (so dies the turn after), a hex burnt for three
  turns is destroyed with what is in it (§10.2.5), and fires spread (§10.2.2).

A burning hex is closed to everyone (§10.2.4): :meth:`~banneret_guiscard.state.Battle.closed`,
which movement, retreats and unhorsing ask.
"""

from __future__ import annotations

from typing import Any

import attrs

from banneret.boards.hexgrid import Hex
from banneret.flow import Frame, Procedure, call, end, goto
from banneret.state import State
from banneret_guiscard.choices import SideChoice
from banneret_guiscard.results import hurt, kill, kill_horse, wound
from banneret_guiscard.retreat import RetreatOrder, Retreats, retreat_paths
from banneret_guiscard.state import Battle, Flame, Piece, hex_label

__all__ = ["burnable", "tent_burns", "wooden_defence", "ignite", "burn_out", "workers", "work_scan", "set_fire", "put_out",
           "FireWork", "Burning"]


def wooden_defence(b: Battle, h: Hex) -> bool:
    """A wooden structure of the map still standing: the palisade, the gate, a platform
    (§9.2.1, §9.2.2, §9.2.4)."""
    return b.tables.terrain[h].burns and b.structures.get(h, ("", 0))[0] != "destroyed"


def tent_burns(b: Battle, h: Hex) -> bool:
    """A tent hex still standing, where the scenario lets fire take tents (the sally's rule,
    §11.4.2: set alight by hand, §10.2.1, or by a burning arrow, §10.3)."""
    return (b.tables.scenario.tents_burn and b.tables.terrain[h].tent is not None
            and b.structures.get(h, ("", 0))[0] != "destroyed")


def burnable(b: Battle, h: Hex, spreading: bool = False) -> bool:
    """Whether a fire may take ``h`` now: not burning yet, and holding a siege engine that is
    not destroyed or a wooden structure still standing (§10.2.1, §10.2.2), or a tent that may
    burn, except by spreading: §10.2.2 names only engines and wooden structures (reading)."""
    if h not in b.tables.terrain or h in b.flames:
        return False
    return wooden_defence(b, h) or b.engine_at(h) is not None or (not spreading and tent_burns(b, h))


def _escape(state: State, piece: Piece, h: Hex) -> RetreatOrder | None:
    """A character in a hex that catches fire (§10.2.4, §10.5.3): a stunned one comes round on
    a low d10 or dies; in naphtha each then rolls on its own table. The retreat it owes, if it
    has somewhere to go: one that has not stays, and burns at the end of the turn (A-27)."""
    b: Battle = state.data
    siege = b.tables.data.siege
    if piece.health == "stunned":
        die = state.rng.die(10)
        if die > siege.stunned_wakes_max:
            state.emit(f"{piece.id} is stunned in the flames: d10 {die}, dies", "fire")
            kill(b, piece.id)
            return None
        state.emit(f"{piece.id} is stunned in the flames: d10 {die}, comes round", "fire")
        del b.stunned_in[piece.id]
        b.pieces[piece.id] = attrs.evolve(piece, health="healthy")
    hexes = 1
    if b.flames[h].naphtha:
        die = state.rng.die(10)
        result = siege.naphtha(die)
        state.emit(f"{piece.id} in burning naphtha: d10 {die} -> {result.harm}", "fire")
        hurt(b, piece.id, result.harm, False)
        hexes = result.retreat
    if not hexes or not b.pieces[piece.id].alive:
        return None
    order = RetreatOrder(piece.id, hexes, away=h)
    return order if retreat_paths(b, order) else None


def ignite(state: State, h: Hex, side: str) -> list[RetreatOrder]:
    """``h`` catches fire, lit by ``side`` (§10.2.1-§10.2.4): a Flame marker, the escapes of
    whoever stands there, and naphtha in every hex next to a fire catches at once (§10.2.2,
    §10.5.3). The retreats come back for the caller to run."""
    b: Battle = state.data
    pending = [h]
    orders: list[RetreatOrder] = []
    while pending:
        here = pending.pop(0)
        if here in b.flames:
            continue
        naphtha = here in b.naphtha
        b.naphtha.discard(here)
        b.flames[here] = Flame(side, 0, naphtha)
        state.emit(f"{hex_label(here)} catches fire{' (naphtha)' if naphtha else ''}", "fire")
        for piece in sorted(b.living_at(here), key=lambda p: p.id):
            order = _escape(state, piece, here)
            if order is not None:
                orders.append(order)
        pending += sorted(n for n in b.tables.around[here] if n in b.naphtha)
    return orders


def light_naphtha_near_fires(state: State) -> list[RetreatOrder]:
    """Naphtha next to a fire catches at once (§10.5.1): after naphtha is laid."""
    b: Battle = state.data
    orders: list[RetreatOrder] = []
    for h in sorted(b.naphtha):
        source = next((n for n in b.tables.around[h] if n in b.flames), None)
        if h in b.naphtha and source is not None:
            orders += ignite(state, h, b.flames[source].side)
    return orders


def burn_out(state: State, h: Hex) -> None:
    """``h`` has burnt for three turns: it is destroyed with everything in it (§10.2.5); a whole
    engine with any of its hexes. A wooden fire is then out; naphtha burns on (§10.5.1)."""
    b: Battle = state.data
    state.emit(f"{hex_label(h)} has burnt down", "fire")
    for piece in sorted(b.living_at(h), key=lambda p: p.id):
        kill(b, piece.id)
    horse = b.horse_at(h)
    if horse is not None:
        kill_horse(b, horse.owner)
    engine = b.engine_at(h)
    if engine is not None:
        b.engines[engine.id] = attrs.evolve(engine, condition="destroyed")
    if wooden_defence(b, h) or tent_burns(b, h):  # a burnt tent hex reads as its changes_to
        b.structures[h] = ("destroyed", b.turn)
    if not b.flames[h].naphtha:
        del b.flames[h]


# --------------------------------------------------------------------------- step 4: setting and putting out fires


def _may_work(b: Battle, piece: Piece) -> bool:
    """Able, of the phasing side, and has neither moved, fired, fought nor worked this player
    phase, nor stands in a fire (§10.2.1, §10.2.3): it stayed where it was a whole turn."""
    fired = b.fired_in.get(piece.id)
    return (piece.side == b.side and piece.able and not piece.mounted and piece.id not in b.spent
            and piece.id not in b.busy and b.attacked_in.get(piece.id) != b.phase
            and (fired is None or fired[0] != b.phase) and piece.hex not in b.flames)


def workers(b: Battle) -> list[tuple[str, str, Hex]]:
    """Every ``("fire", character, hex)`` and ``("out", character, hex)`` the phasing side may
    do now: set fire to an enemy siege engine or a wooden structure next to it (§10.2.1), try
    to put out a fire next to it that is not naphtha (§10.2.3)."""
    if not (b.flames or b.engines or b.tables.wooden):
        return []  # nothing burns or may burn: no hex to set alight or put out
    return work_scan(b)


def work_scan(b: Battle) -> list[tuple[str, str, Hex]]:
    """:func:`workers` by asking every hex next to every character who may work: the reference
    its early return is checked against."""
    own = {e.hex for e in b.engines.values() if e.side == b.side}
    out: list[tuple[str, str, Hex]] = []
    for piece in sorted(b.pieces.values(), key=lambda p: p.id):
        if not _may_work(b, piece):
            continue
        for n in sorted(b.tables.around[piece.hex]):
            if burnable(b, n) and n not in own:
                out.append(("fire", piece.id, n))
            elif n in b.flames and not b.flames[n].naphtha:
                out.append(("out", piece.id, n))
    return out


def set_fire(state: State, pid: str, h: Hex) -> list[RetreatOrder]:
    """``pid`` sets fire to ``h`` instead of fighting (§10.2.1)."""
    b: Battle = state.data
    b.attacked_in[pid] = b.phase  # its fight for this phase
    state.emit(f"{pid} sets fire to {hex_label(h)}", "fire")
    return ignite(state, h, b.pieces[pid].side)


def put_out(state: State, pid: str, h: Hex) -> bool:
    """``pid`` tries to put out the fire on ``h`` instead of fighting (§10.2.3): the fire table's
    extinguish column."""
    b: Battle = state.data
    b.attacked_in[pid] = b.phase
    die = state.rng.die(10)
    success = die <= b.tables.data.siege.fire_table.extinguish
    state.emit(f"{pid} tries to put out {hex_label(h)}: d10 {die}, {'out' if success else 'still burning'}", "fire")
    if success:
        del b.flames[h]
    return success


class FireWork(SideChoice):
    """Step 4, after the attacks: characters that neither moved, fired nor fought set fires and
    put them out, one at a time (§10.2.1, §10.2.3)."""

    rule = "10.2"
    kind = "fire-work"
    prompt = "Set a fire or put one out, or end the combat step"

    def options(self, state: State, frame: Frame) -> list[tuple[Any, ...]]:
        return [*workers(state.data), ("end",)]

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        if option[0] == "fire":
            return f"{option[1]} sets fire to {hex_label(option[2])}"
        if option[0] == "out":
            return f"{option[1]} puts out {hex_label(option[2])}"
        return "end fire work"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        if option[0] == "end":
            end(state)
            return
        orders: list[RetreatOrder] = []
        if option[0] == "fire":
            orders = set_fire(state, option[1], option[2])
        else:
            put_out(state, option[1], option[2])
        if orders:
            call(state, Retreats, orders=tuple(orders))
        else:
            goto(state, FireWork)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        goto(state, FireWork)


# --------------------------------------------------------------------------- the end of the game turn


class Burning(Procedure):
    """The end of the game turn (§10.2.2, §10.2.4, §10.2.5, A-26, A-27): every fire burns one
    turn more; whoever is still in one is wounded (a second wound kills); a hex burnt for three
    turns is destroyed with what is in it; then each fire burning at this turn's end, the ones
    put out excepted, spreads into each neighbour a fire may take on a d10 of the fire table."""

    rule = "10.2"

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        siege = b.tables.data.siege
        burning = sorted(b.flames)
        lit_by = {h: b.flames[h].side for h in burning}
        for h in burning:
            flame = attrs.evolve(b.flames[h], turns=b.flames[h].turns + 1)
            b.flames[h] = flame
            for piece in sorted(b.living_at(h), key=lambda p: p.id):
                state.emit(f"{piece.id} is still in the flames on {hex_label(h)}", "fire")
                wound(b, piece.id)
            if flame.turns == siege.burn_turns:
                burn_out(state, h)
        orders: list[RetreatOrder] = []
        for h in burning:  # a hex that burnt down this turn burnt this turn too
            for n in sorted(b.tables.around[h]):
                if burnable(b, n, spreading=True):
                    die = state.rng.die(10)
                    state.emit(f"fire on {hex_label(h)} spreads to {hex_label(n)}? d10 {die}", "fire")
                    if die <= siege.fire_table.spread:
                        orders += ignite(state, n, lit_by[h])
        if orders:
            goto(state, Retreats, orders=tuple(orders))
        else:
            end(state)
