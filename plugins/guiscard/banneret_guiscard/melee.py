"""Melee (§6): declaring attacks, the combat results table, results, advance after combat.

The rules are plain functions on :class:`~banneret_guiscard.state.Battle`:

* :func:`may_attack`, :func:`attackers_of` -- who may attack whom (§5.2, §6, §6.7);
* :func:`combat_column` and :func:`roll_combat` -- the difference column with terrain and
  joint-attack shifts (§6.1, §6.2), armour (§6.3), the table by the defender (A-03);
* :func:`victims` -- who may suffer a result that strikes "one of" a side (§6.2, §6.3);
* :func:`advance_starts` -- who may advance after a combat, and into which hex (§6.6);
* :func:`surrounded` -- a stunned character with enemies on every hex open to it (§6.2).

Step 4 is :class:`Combat`: pick a defender, then name the attackers one by one and, with two
or more, further defenders every attacker can reach (:class:`Engage`, A-14); the combat is
then resolved at once (:class:`Resolve`): the defending player picks who suffers a wound or
stun among several (:class:`Victim`, A-13), retreats follow (:mod:`banneret_guiscard.retreat`)
and the winner may advance one participant (:class:`Advance`, :class:`AdvanceStep`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from banneret.boards.hexgrid import Hex
from banneret.flow import Choice, Frame, Procedure, call, end, goto
from banneret.state import State
from banneret_guiscard import buildings, castles, hoplites, ladders, ropes
from banneret_guiscard.choices import SideChoice
from banneret_guiscard.data_model import Effect, MeleeTable
from banneret_guiscard.movement import infiltrate, level_steps, may_stop
from banneret_guiscard.results import PlaceRider, Unhorsing, can_attack, hurt, kill, kill_horse, lands
from banneret_guiscard.retreat import RetreatOrder, Retreats
from banneret_guiscard.state import Battle, Piece, hex_label

__all__ = [
    "may_attack", "attackers_of", "combat_table", "combat_column", "roll_combat", "victims", "surrounded",
    "kill_surrounded", "begin_combat_step", "advance_starts", "joint_bonus", "HORSE", "Defender", "defender", "Combat", "Engage",
    "Declared", "Resolve", "Victim", "Advance", "AdvanceOver", "AdvanceStep", "CombatRecord",
]

_SIGN_VALUE = {"-": -1, "0": 0, "+": 1}
AVOID_COMBAT = "AvoidCombat"
"""The window in which a defender may avoid an attack declared on it (avoid.AvoidCombat, §7.4)."""
HORSE = "horse:"
"""Prefix of a loose horse attacked in melee, by its owner's id (§6.8): ``horse:arthur``."""


@attrs.frozen
class Defender:
    """What the combat table needs of one defender: a character, or a loose horse, read as an
    unarmoured mounted character with its horse's defence and armour (§6.8)."""

    id: str
    side: str
    defence: int
    hexes: tuple[Hex, ...]
    mounted: bool
    armoured: bool
    stunned: bool
    floor: int = 0
    """Upstairs (1) or on the ground (§8)."""


def defender(b: Battle, did: str) -> Defender | None:
    """The defender ``did`` as the table sees it; None if it is gone (dead, or no such horse)."""
    if did.startswith(HORSE):
        horse = b.horses.get(did[len(HORSE):])
        if horse is None:
            return None
        mounted = b.tables.counter(horse.owner).mounted
        assert mounted is not None
        kind = b.tables.data.horses.horse(mounted.horse)
        return Defender(did, horse.side, kind.defence, horse.hexes(), True, kind.armoured, False)
    piece = b.pieces[did]
    if not piece.alive:
        return None
    return Defender(did, piece.side, b.tables.stats(piece).defence, piece.hexes(), piece.mounted,
                    b.tables.counter(did).armoured, piece.health == "stunned", piece.floor)



# --------------------------------------------------------------------------- who attacks whom


def may_attack(b: Battle, attacker: Piece, target: str) -> bool:
    """Whether ``attacker`` may attack the character or loose horse ``target`` now (§6, §5.2,
    §6.7, §6.8): a phasing character, able, not yet attacked this phase, not fired in step 1,
    not busy; the target living, of another side, on a hex the attacker could enter from next
    to it (errata 5: no armoured attacker against anyone in water)."""
    return _may_strike(b, attacker) and _reaches(b, attacker, defender(b, target))


def _may_strike(b: Battle, attacker: Piece) -> bool:
    """The attacker's part of :func:`may_attack`: phasing, able, free to attack this phase."""
    fired = b.fired_in.get(attacker.id)
    return not (attacker.side != b.side or not attacker.able or b.attacked_in.get(attacker.id) == b.phase
                or (fired is not None and fired[0] == b.phase) or attacker.id in b.busy
                or (b.ladders and ladders.carrying(b, attacker.id))  # §10.1.2
                or (b.ropes and ropes.climbing(b, attacker.id) is not None))  # §10.6.2


def _reaches(b: Battle, attacker: Piece, other: Defender | None) -> bool:
    """The target's part of :func:`may_attack`: a living enemy on a hex the attacker could enter."""
    if other is None or other.side == attacker.side:
        return False
    armoured = b.tables.counter(attacker.id).armoured
    return any(can_attack(b, attacker, h, other.floor) and not (armoured and b.tables.terrain[h].water)
               and buildings.may_fight(b, attacker.hex, h, other.mounted) for h in other.hexes)  # §8.2.1


def attackers_of(b: Battle, defenders: tuple[str, ...], named: tuple[str, ...] = ()) -> list[str]:
    """The phasing characters, not yet named, that may attack every one of ``defenders``
    (:func:`may_attack`, each defender looked up once)."""
    others = [defender(b, d) for d in defenders]
    return sorted(p.id for p in b.pieces.values()
                  if p.id not in named and _may_strike(b, p) and all(_reaches(b, p, o) for o in others))


# --------------------------------------------------------------------------- the combat results table


def _defenders(b: Battle, defenders: tuple[str, ...]) -> list[Defender]:
    found = [defender(b, d) for d in defenders]
    return [d for d in found if d is not None]


def combat_table(b: Battle, defenders: tuple[str, ...]) -> MeleeTable:
    """The mounted table when a rider or a horse defends, else the foot table (A-03, §6.8)."""
    mounted = any(d.mounted for d in _defenders(b, defenders))
    return b.tables.data.melee["mounted" if mounted else "foot"]


def _worst_sign(b: Battle, hexes: list[Hex], sign_of: Callable[[Battle, Hex], str] | None = None) -> str:
    """The least favourable terrain sign on ``hexes``: a side's characters, a rider on the worse
    of its hexes (§6.1, §6.2); ``sign_of`` reads a hex's sign otherwise than its terrain's."""
    return min(((sign_of(b, h) if sign_of else castles.terrain_at(b, h).melee) for h in hexes), key=lambda s: _SIGN_VALUE[s])


def joint_bonus(state: State, attackers: tuple[str, ...], defenders: tuple[str, ...]) -> int:
    """+1 column for two or more attackers together (§6.2); against a rider only when several
    riders attack (errata 2), or all attackers ride under the ``joint_attack_on_riders`` option
    (A-66)."""
    b: Battle = state.data
    if len(attackers) < 2:
        return 0
    if not any(d.mounted for d in _defenders(b, defenders)):
        return 1
    riders = sum(b.pieces[a].mounted for a in attackers)
    if state.options["joint_attack_on_riders"] == "all_mounted":
        return 1 if riders == len(attackers) else 0
    return 1 if riders >= 2 else 0


def combat_column(state: State, attackers: tuple[str, ...], defenders: tuple[str, ...],
                  bonus: tuple[tuple[str, int], ...] = (), shift: int = 0) -> tuple[int, int]:
    """(difference, column index): attack minus defence strengths summed, each with its
    ``bonus`` (a charge's, §7.2.3), the column holding it shifted for terrain (§6.1), a joint
    attack (§6.2), hoplite formations (§7.3) and ``shift`` more (a group charge's, §7.2.4),
    kept on the table (P-01)."""
    b: Battle = state.data
    t = b.tables
    extra = dict(bonus)
    attack = sum(t.stats(b.pieces[a]).attack + extra.get(a, 0) for a in attackers)
    sides = _defenders(b, defenders)
    defence = sum(d.defence + extra.get(d.id, 0) for d in sides)
    table = combat_table(b, defenders)
    attacker_hexes = [h for a in attackers for h in b.pieces[a].hexes()]
    defender_hexes = [h for d in sides for h in d.hexes]
    terrain = t.data.terrain.melee_shift(
        _worst_sign(b, attacker_hexes, buildings.attacker_sign),
        buildings.defender_sign(b, attacker_hexes, defender_hexes, _worst_sign(b, defender_hexes)))  # §8.5
    shift += joint_bonus(state, attackers, defenders) + hoplites.melee_shift(state, attackers, defenders)
    column = table.shift(table.column_index(attack - defence), terrain + shift)
    return attack - defence, column


def roll_combat(state: State, attackers: tuple[str, ...], defenders: tuple[str, ...],
                bonus: tuple[tuple[str, int], ...] = (), shift: int = 0) -> tuple[str, Effect, Effect]:
    """Roll the combat (§6): d10, +1 if every defender is armoured (§6.3); the letter and its
    effects on the attackers and the defenders; nothing befalls the attackers of a stunned
    character (§6.4), and against a loose horse only the results that kill it count (§6.8)."""
    b: Battle = state.data
    difference, column = combat_column(state, attackers, defenders, bonus, shift)
    table = combat_table(b, defenders)
    sides = _defenders(b, defenders)
    die = state.rng.die(10)
    modifier = 1 if all(d.armoured for d in sides) else 0
    letter = table.result(column, die + modifier)
    legend = table.effect(letter)
    state.emit(f"{'+'.join(attackers)} attack {'+'.join(defenders)}: difference {difference}, column "
               f"{table.columns[column].label}, d10 {die}{modifier:+d} -> {letter}", "melee")
    nothing = Effect(harm="none", retreat=0, horse_killed=False)
    if any(d.id.startswith(HORSE) for d in sides):
        return letter, nothing, Effect(harm="none", retreat=0, horse_killed=legend.defender.horse_killed)
    return letter, nothing if any(d.stunned for d in sides) else legend.attacker, legend.defender


def victims(b: Battle, side: tuple[str, ...], effect: Effect) -> list[str]:
    """Who may suffer a stun, wound or death that strikes one of ``side`` (§6.2): any living
    one; with armoured and unarmoured defenders together, an unarmoured one (§6.3); a dead
    horse only a rider's."""
    alive = [pid for pid in side if b.pieces[pid].alive]
    if effect.horse_killed:
        alive = [pid for pid in alive if b.pieces[pid].mounted] or alive
    unarmoured = [pid for pid in alive if not b.tables.counter(pid).armoured]
    return unarmoured or alive


def surrounded(b: Battle, piece: Piece) -> bool:
    """A stunned character all of whose open neighbouring hexes hold enemies (§6.2)."""
    if piece.health != "stunned":
        return False
    t = b.tables
    armoured = t.counter(piece.id).armoured
    open_places = [(n, floor) for n, floor in t.places_beside(piece.hex, piece.floor)
                   if castles.terrain_at(b, n).cost(False, armoured) is not None
                   and not buildings.tent_wall(b, piece.hex, n)]  # §8.5.2, §9.2; upstairs its storey (§8)
    return bool(open_places) and all(any(p.side != piece.side for p in b.living_at(n, floor))
                                     for n, floor in open_places)


def kill_surrounded(state: State) -> None:
    """Every stunned character surrounded by enemies dies (§6.2)."""
    b: Battle = state.data
    for pid in sorted(b.pieces):
        if surrounded(b, b.pieces[pid]):
            state.emit(f"{pid} is stunned and surrounded: killed", "melee")
            kill(b, pid)


# --------------------------------------------------------------------------- advance after combat (§6.6)


def advance_starts(b: Battle, winners: tuple[str, ...], vacated: tuple[Hex, ...],
                   floor: int = 0) -> list[tuple[str, Hex, int]]:
    """(character, first hex, its MP) for each way a winner may start an advance: a participant
    still able, entering a hex the beaten enemy left (or lies stunned or dead on) with half its
    MA, rounded down (§6.6, A-64); on the beaten enemy's ``floor``, never up or down the stairs
    (§8, a reading: :func:`level_steps`)."""
    out = []
    for pid in sorted(winners):
        piece = b.pieces[pid]
        if not piece.able or piece.floor != floor:
            continue
        allowance = b.ma(piece) // 2
        for step in level_steps(b, piece, allowance):
            if step.hex in vacated:
                out.append((pid, step.hex, step.cost))
    return out


# --------------------------------------------------------------------------- the procedures


def begin_combat_step(state: State) -> None:
    """Step 4 begins (once, whichever of its procedures comes first): nobody is engaged yet,
    and the stunned characters already surrounded die (§6.2, §6.6)."""
    b: Battle = state.data
    if b.step != 4:
        b.step = 4
        b.engaged.clear()
        kill_surrounded(state)



def _within_reach(b: Battle, strikers: list[Piece]) -> list[str]:
    """The characters (in id order), then the loose horses, with a hex that one of
    ``strikers`` could attack from where it stands (:func:`can_attack`, the map's
    :attr:`~banneret_guiscard.state.Tables.strikes`): the only ones :func:`_reaches` may allow,
    found without asking it of everyone."""
    t = b.tables
    struck = {h for p in strikers for h in t.strikes.get((p.hex, p.mounted, t.counter(p.id).armoured), ())}
    return [*(pid for pid in sorted(b.pieces) if b.pieces[pid].alive and not struck.isdisjoint(b.pieces[pid].footprint)),
            *(HORSE + owner for owner in sorted(b.horses) if not struck.isdisjoint(b.horses[owner].footprint))]


class Combat(SideChoice):
    """Step 4: the phasing side attacks, one combat at a time (§2.1, §6)."""

    rule = "6"
    kind = "combat"
    prompt = "Pick a character to attack, or end combat"

    def start(self, state: State, frame: Frame) -> None:
        begin_combat_step(state)
        super().start(state, frame)

    def options(self, state: State, frame: Frame) -> list[tuple[str, ...]]:
        b: Battle = state.data
        strikers = [p for p in b.pieces.values() if _may_strike(b, p)]  # attackers_of, each side looked at once
        return [*(("attack", t) for t, other in ((t, defender(b, t)) for t in _within_reach(b, strikers))
                  if any(_reaches(b, p, other) for p in strikers)),
                *(("push", pid, lid) for pid, lid in ladders.pushers(b, b.side, _may_strike)),
                *(("top", a, d, lid) for a, d, lid in ladders.top_fights(b, b.side, _may_strike)),
                *(("strike", pid, rid) for pid, rid in ropes.strikers(b, b.side, _may_strike)),
                *(("cut", pid, rid) for pid, rid in ropes.cutters(b, b.side, _may_strike)),
                *(("haul", rid, haulers) for rid, haulers in ropes.hauling_groups(b, b.side, _may_strike)), ("end",)]

    def label(self, state: State, frame: Frame, option: tuple[str, ...]) -> str:
        if option[0] == "end":
            return "end combat"
        if option[0] == "push":
            return f"{option[1]} pushes the ladder on {hex_label(state.data.ladders[option[2]].hexes[0])} over"
        if option[0] == "top":
            foot = hex_label(state.data.ladders[option[3]].hexes[0])
            climbs = state.data.pieces[option[1]].hex == state.data.ladders[option[3]].hexes[0]
            return f"{option[1]} on the ladder on {foot} attacks {option[2]}" if climbs else \
                f"{option[1]} attacks {option[2]} on the ladder on {foot}"
        if option[0] == "cut":
            return f"{option[1]} cuts the rope on {hex_label(state.data.ropes[option[2]].against)}"
        if option[0] == "strike":
            rope = state.data.ropes[option[2]]
            return f"{option[1]} attacks {ropes.climber_of(state.data, rope)} on the rope on {hex_label(rope.against)}"
        if option[0] == "haul":
            return f"{', '.join(option[2])} haul on the rope on {hex_label(state.data.ropes[option[1]].against)}"
        target = option[1]
        return f"attack {target[len(HORSE):]}'s horse" if target.startswith(HORSE) else f"attack {target}"

    def choose(self, state: State, frame: Frame, option: tuple[str, ...]) -> None:
        if option[0] == "end":
            end(state)
        elif option[0] == "push":  # instead of fighting (§10.1.6, §10.1.7)
            call(state, ladders.PushOver, pusher=option[1], ladder=option[2])
        elif option[0] == "top":  # §10.1.3, §10.1.5: across the ladder's top, the climber on "-"
            call(state, Declared, record=CombatRecord((option[1],), (option[2],), ladder=option[3]))
        elif option[0] == "strike":  # §10.6.3: from the platform, 2 columns right; no avoiding on a rope
            b: Battle = state.data
            climber = ropes.climber_of(b, b.ropes[option[2]])
            shift = b.tables.data.tactics.ropes.climber_attack_shift
            call(state, Resolve, record=CombatRecord((option[1],), (climber,), shift=shift, on_rope=True))
        elif option[0] in ("cut", "haul"):  # instead of fighting (§10.6.4, §10.6.5)
            if option[0] == "cut":
                ropes.cut(state, option[1], option[2])
            else:
                ropes.haul(state, option[1], option[2])
            goto(state, Combat)
        else:
            call(state, Engage, defenders=(option[1],), attackers=())

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        kill_surrounded(state)
        hoplites.settle(state.data)  # a formation left with fewer than 3 loses its marker
        goto(state, Combat)


class Engage(SideChoice):
    """Name the attackers of one combat, and with two or more, other defenders that every
    attacker may reach (§6.2, A-14); then resolve it."""

    rule = "6.2"
    kind = "engage"
    prompt = "Add an attacker or a defender, or resolve the combat"

    def options(self, state: State, frame: Frame) -> list[tuple[str, ...]]:
        b: Battle = state.data
        defenders, attackers = frame["defenders"], frame["attackers"]
        out: list[tuple[str, ...]] = [("with", pid) for pid in attackers_of(b, defenders, attackers)]
        if (len(attackers) >= 2 and not defenders[0].startswith(HORSE)  # a horse is fought alone,
                and hoplites.formation_of(b, defenders[0]) is None):    # so is a hoplite in formation (§7.3.1)
            out += [("also", pid) for pid in sorted(b.pieces)
                    if pid not in defenders and hoplites.formation_of(b, pid) is None
                    and all(may_attack(b, b.pieces[a], pid) for a in attackers)]
        if attackers:
            out.append(("resolve",))
        return out

    def label(self, state: State, frame: Frame, option: tuple[str, ...]) -> str:
        if option[0] == "with":
            return f"with {option[1]}"
        if option[0] == "also":
            return f"also against {option[1]}"
        return f"resolve: {'+'.join(frame['attackers'])} against {'+'.join(frame['defenders'])}"

    def choose(self, state: State, frame: Frame, option: tuple[str, ...]) -> None:
        defenders, attackers = frame["defenders"], frame["attackers"]
        if option[0] == "with":
            goto(state, Engage, defenders=defenders, attackers=(*attackers, option[1]))
        elif option[0] == "also":
            goto(state, Engage, defenders=(*defenders, option[1]), attackers=attackers)
        else:
            goto(state, Declared, record=CombatRecord(attackers, defenders))


class Declared(Procedure):
    """An attack is declared: the defender may first avoid it (§7.4, the window
    :data:`AVOID_COMBAT`); if it does not, the combat is resolved."""

    rule = "7.4"

    def start(self, state: State, frame: Frame) -> None:
        rec: CombatRecord = frame.record
        call(state, AVOID_COMBAT, attackers=rec.attackers, defenders=rec.defenders)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        if result:
            end(state)
        else:
            goto(state, Resolve, record=frame.record)


@attrs.define
class CombatRecord:
    """One combat being resolved: its sides, the effects rolled, where the sides stood, and
    how far the resolution has gone."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attacker_effect: Effect | None = None
    defender_effect: Effect | None = None
    before: tuple[tuple[str, Hex, str], ...] = ()
    """(character, hex, state) of every participant when the die was rolled."""
    stage: int = 0
    bonus: tuple[tuple[str, int], ...] = ()
    """Strength added per participant: a charge's (§7.2.3)."""
    shift: int = 0
    """Columns right beyond terrain and joint attack: a group charge's (§7.2.4)."""
    flank: bool = False
    """A hoplite in formation attacked from a flank or the rear: a retreat is a wound (§7.3.1)."""
    on_rope: bool = False
    """The defender climbs a rope, attacked from the platform: a wound or stun kills, no retreat (§10.6.3)."""
    ladder: str = ""
    """The raised ladder whose climber fights the platform across its top: he advances over the palisade (§10.1.3)."""


class Resolve(Procedure):
    """Roll the combat, then in turn: the defenders' harm, the attackers' harm (a victim picked
    by the defending player when several may suffer it, A-13), the retreats of each side
    (§6.5), and the winner's advance (§6.6)."""

    rule = "6"

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        rec: CombatRecord = frame.record
        for pid in rec.attackers:
            b.attacked_in[pid] = b.phase
        characters = rec.attackers + tuple(d for d in rec.defenders if not d.startswith(HORSE))
        for pid in characters[len(rec.attackers):]:
            b.targeted_in[pid] = b.phase
        b.engaged.update(characters)
        rec.before = tuple((pid, b.pieces[pid].hex, b.pieces[pid].health) for pid in characters)
        spears = hoplites.spears_first(b, rec.attackers, rec.defenders)
        rec.flank = hoplites.flank_attack(b, rec.attackers, rec.defenders)
        _, rec.attacker_effect, rec.defender_effect = roll_combat(state, rec.attackers, rec.defenders, rec.bonus, rec.shift)
        if spears:  # §7.3.1: the marker is fought; a wound or a kill removes it, nothing reaches the hoplite
            if rec.defender_effect.harm in ("wounded", "killed"):
                hoplites.break_spears(state, rec.defenders[0])
            rec.defender_effect = Effect(harm="none", retreat=0, horse_killed=False)
        if rec.on_rope:
            rec.defender_effect = ropes.on_rope(rec.defender_effect)
        self.resume(state, frame, None)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        b: Battle = state.data
        rec: CombatRecord = frame.record
        assert rec.attacker_effect is not None and rec.defender_effect is not None
        rec.stage += 1
        if rec.stage in (1, 2):
            side, effect = ((rec.defenders, rec.defender_effect) if rec.stage == 1
                            else (rec.attackers, rec.attacker_effect))
            if effect.harm == "none" and not effect.horse_killed:
                self.resume(state, frame, None)
                return
            if side[0].startswith(HORSE):  # §6.8: the loose horse dies
                kill_horse(b, side[0][len(HORSE):])
                state.emit(f"{side[0][len(HORSE):]}'s horse is killed", "melee")
                self.resume(state, frame, None)
                return
            who = victims(b, side, effect)
            if len(who) > 1:
                call(state, Victim, candidates=tuple(who), harm=effect.harm, horse_killed=effect.horse_killed)
            elif who and lands(b.pieces[who[0]], effect.harm, effect.horse_killed):  # §6.8: the owner places him
                call(state, PlaceRider, fall=Unhorsing(who[0], effect.harm, effect.horse_killed))
            else:
                for pid in who:
                    hurt(b, pid, effect.harm, effect.horse_killed)
                self.resume(state, frame, None)
        elif rec.stage == 3:
            if rec.flank and rec.defender_effect.retreat:  # §7.3.1: the retreat counts as a wound
                state.emit(f"{rec.defenders[0]} keeps his place in the formation: wounded instead", "melee")
                hurt(b, rec.defenders[0], "wounded", False)
                rec.defender_effect = attrs.evolve(rec.defender_effect, retreat=0)
            orders = tuple(
                [RetreatOrder(pid, rec.defender_effect.retreat, enemies=rec.attackers)
                 for pid in rec.defenders if rec.defender_effect.retreat and b.pieces[pid].alive]
                + [RetreatOrder(pid, rec.attacker_effect.retreat, enemies=rec.defenders)
                   for pid in rec.attackers if rec.attacker_effect.retreat and b.pieces[pid].alive])
            if orders:
                call(state, Retreats, orders=orders)
            else:
                self.resume(state, frame, None)
        elif rec.stage == 4:
            starts = self._advance(b, rec)
            if starts:
                call(state, AdvanceOver if rec.ladder else Advance, starts=tuple(starts))
            else:
                end(state)
        else:
            end(state)

    @staticmethod
    def _advance(b: Battle, rec: CombatRecord) -> list[tuple[str, Hex, int]]:
        """The advances open to the winner: the side whose enemies in this combat retreated,
        were stunned or killed (the defenders first, §6.6)."""
        for losers, winners in ((rec.defenders, rec.attackers), (rec.attackers, rec.defenders)):
            now = {pid: b.pieces[pid] for pid in losers if not pid.startswith(HORSE)}
            left = [(h, now[pid].floor) for pid, h, health in rec.before if pid in now and (
                now[pid].hex != h or now[pid].health in ("stunned", "dead") and health != now[pid].health)]
            if left:  # a retreat keeps its floor (retreat.py), so the beaten enemy's floor is the one it left
                floor = min(f for _, f in left)
                vacated = tuple(h for h, f in left if f == floor)
                return ladders.over_advances(b, rec.ladder, winners, vacated) if rec.ladder else \
                    advance_starts(b, winners, vacated, floor)
        return []


class Victim(Choice):
    """The defending player picks who suffers a harm that strikes one of several (§6.2, A-13)."""

    rule = "6.2"
    kind = "victim"
    prompt = "Choose who suffers the result"

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.non_phasing

    def options(self, state: State, frame: Frame) -> tuple[str, ...]:
        return frame["candidates"]

    def label(self, state: State, frame: Frame, option: str) -> str:
        return f"{option} is {frame['harm']}" + (" (horse killed)" if frame["horse_killed"] else "")

    def choose(self, state: State, frame: Frame, option: str) -> None:
        if lands(state.data.pieces[option], frame["harm"], frame["horse_killed"]):  # §6.8: his owner places him
            goto(state, PlaceRider, fall=Unhorsing(option, frame["harm"], frame["horse_killed"]))
        else:
            hurt(state.data, option, frame["harm"], frame["horse_killed"])
            end(state)


class Advance(Choice):
    """The winner may move one participant into the hex the enemy left, then on up to half its
    MA (§6.6); or not advance."""

    rule = "6.6"
    kind = "advance"
    prompt = "Advance after combat, or stay"

    def decider(self, state: State, frame: Frame) -> str:
        b: Battle = state.data
        return b.pieces[frame["starts"][0][0]].side

    def options(self, state: State, frame: Frame) -> list[tuple[Any, ...]]:
        return [*frame["starts"], ("stay",)]

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        if option == ("stay",):
            return "no advance"
        return f"advance {option[0]} to {hex_label(option[1])}"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        if option == ("stay",):
            end(state)
            return
        b: Battle = state.data
        pid, first, cost = option
        piece = b.pieces[pid]
        step = next(s for s in level_steps(b, piece, cost) if s.hex == first)
        left = b.ma(piece) // 2 - cost
        origin = (piece.hex, piece.facing)
        b.pieces[pid] = attrs.evolve(piece, hex=step.hex, facing=step.facing)
        state.emit(f"{pid} advances to {hex_label(first)}", "melee")
        goto(state, AdvanceStep, mover=pid, left=left, last_stop=origin if not may_stop(b, b.pieces[pid]) else
             (step.hex, step.facing))


class AdvanceOver(Advance):
    """The climber who won a fight across his ladder's top may advance over the palisade onto
    the platform hex his enemy left, and lands there with the die (§10.1.3, §9.2.2); or stay."""

    rule = "10.1.3"

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        return "no advance" if option == ("stay",) else f"advance {option[0]} over the palisade to {hex_label(option[1])}"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        if option != ("stay",):
            b: Battle = state.data
            b.pieces[option[0]] = attrs.evolve(b.pieces[option[0]], hex=option[1])
            state.emit(f"{option[0]} advances over the palisade to {hex_label(option[1])}", "melee")
            ladders.land(state, option[0])
        end(state)


class AdvanceStep(Choice):
    """The advancing character's next hex, or stop (§6.6): infiltration is tested in every hex
    it goes on from, never by the beaten enemy nor by characters engaged in this step's
    combats; it stops only where it may (§4.1)."""

    rule = "6.6"
    kind = "advance-step"
    prompt = "Advance on, or stop here"

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.pieces[frame["mover"]].side

    def options(self, state: State, frame: Frame) -> list[tuple[Any, ...]]:
        b: Battle = state.data
        piece = b.pieces[frame["mover"]]
        return [("stop",), *(("step", s.hex, s.facing, s.cost) for s in level_steps(b, piece, frame["left"]))]

    def label(self, state: State, frame: Frame, option: tuple[Any, ...]) -> str:
        if option[0] == "stop":
            return "stop here"
        return f"on to {hex_label(option[1])} ({option[3]} MP)"

    def choose(self, state: State, frame: Frame, option: tuple[Any, ...]) -> None:
        b: Battle = state.data
        pid = frame["mover"]
        if option[0] == "stop" or not infiltrate(state, pid, forced=True, exclude=tuple(sorted(b.engaged))):
            piece = b.pieces[pid]
            if piece.alive and not may_stop(b, piece):
                h, facing = frame["last_stop"]
                b.pieces[pid] = attrs.evolve(piece, hex=h, facing=facing)
            end(state)
            return
        _, h, facing, cost = option
        b.pieces[pid] = piece = attrs.evolve(b.pieces[pid], hex=h, facing=facing)
        last_stop = (h, facing) if may_stop(b, piece) else frame["last_stop"]
        goto(state, AdvanceStep, mover=pid, left=frame["left"] - cost, last_stop=last_stop)
