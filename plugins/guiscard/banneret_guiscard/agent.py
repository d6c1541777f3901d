"""A heuristic computer player for Guiscard (seat kind ``heuristic``).

Guiscard hides nothing, so the seat's sample (:meth:`banneret.agents.Seat.sample`) is a plain
copy of the battle its view shows; the agent reads the rules' own functions on that copy
(line of fire and cover, the combat column, who may attack) and never the true state.

It values a character's state as the scenario counts casualties (P-22): a casualty 1, a
stunned character 0.4 (the next harm kills it), the dead 0.3 more than the wounded (a
fighter gone). Every missile shot and melee attack is scored by the expected change of
that value over the d10, read on the game's tables:

* fire (§5): it shoots whenever a shot is worth something, at the target worth most (a kill
  shot on a stunned or wounded enemy first, weak cover, short range); offensively only when
  the shot gains more than the attack the shooter then gives up (§5.2), so a lance-armed
  rider in reach of an enemy charges in rather than throws; and it fires every defensive
  volley it can (§5.3);
* melee (§6): it attacks the enemy worth most (a stunned enemy first: nothing befalls its
  attackers, §6.4), adding attackers while each adds to the expected gain, and only at a gain;
* movement (§4): fighters close on the enemy they would gain most against, the nearest
  first, and stop next to it; shooters with a target in reach hold their hex (and its cover,
  and their defensive fire, §5.1), the others walk until they have one, never next to an
  enemy; characters too weak to fight (attack below :data:`FIGHTER_ATTACK`) keep still;
  unmoved characters are not declared (no needless "stays put", which invites fire);
* hoplites (§7.3): three or more side by side form up, all of the group, facing the enemy,
  and re-form when a member falls; a formation holds while any member is in contact,
  otherwise the block wheels once, before it moves, if that turns its front towards the
  enemy, then steps as one piece along the cheapest way to the enemy, round whatever stands
  in the way (:func:`block_route`), as far as its MP go; its members never move alone; it
  never breaks up or closes into a foulkon; a front attack on a member is scored against the
  spears, which take its result (:data:`SPEARS_VALUE`);
* charges (§7.2): any offered action whose kind or label names a charge (``charge``, not a
  pass) is taken for a rider whenever the attack it leads to would gain;
* siege methods (§10.2-§10.5, :func:`siege_scores`): engines fire whenever loaded, at the hex
  with most enemies (Greek fire counting the ring its naphtha covers, the stone thrower also a
  standing palisade or gate); the side mostly outside the castle burns its wooden defences
  (arrows, torches), the other puts such fires out; both burn the enemy's engines and light
  naphtha where enemies stand in or next to it; it never hauls an engine;
* the lifting gate (§9.2.3, :func:`_gate_score`): a character that may work it opens it when
  more of its friends than enemies stand outside the castle near it, closes it when more
  enemies do, and leaves it otherwise;
* an unhorsed rider (§6.8) lands on a hex no enemy could attack, then the farthest from the
  able enemies, then the one with the best cover of its terrain;
* under crossfire (§8.3.5, §8.3.6) the cover holds against the doorway's side more shooters
  threaten, the shot being resolved counting half again; at a corner against that shot;
* everything else (victims, retreats, advances, horses) by looking one decision ahead on the
  sample and keeping the action after which the casualty balance is best; on equal balance
  a retreat goes farthest from the enemy and an advance is declined.

Ties are broken by its own seeded generator, never the game's; it keeps nothing between
decisions.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterable, Sequence
from typing import Any

import banneret
from banneret.agents import Seat
from banneret.boards.hexgrid import Hex, distance, neighbour
from banneret.rng import Rng
from banneret.state import State
from banneret.types import Action
from banneret_guiscard import castles, hoplites, ladders, ropes
from banneret_guiscard.fire import COVERS, cover_threats, fire_cover, targets, usable_weapons
from banneret_guiscard.flames import wooden_defence
from banneret_guiscard.melee import attackers_of, combat_column, combat_table, defender
from banneret_guiscard.results import threatened
from banneret_guiscard.state import Battle, Piece, Rope

__all__ = ["HeuristicAgent", "make_agent", "FIGHTER_ATTACK", "state_value", "shot_gain", "attack_gain", "siege_scores",
           "block_route", "BLOCK_ROUTE_REACH"]

FIGHTER_ATTACK = 5
"""Characters with a smaller printed attack keep out of melee and do not move."""
STUN_VALUE = 0.4
DEATH_EXTRA = 0.3
ATTACK_MARGIN = 0.05
"""The least expected gain for which it attacks, or adds an attacker."""
SPEARS_VALUE = 0.25
"""What breaking a formation's spears is worth (§7.3.1): the hoplite is unhurt, but the whole
formation's front opens."""
_DICE = range(1, 11)


def state_value(b: Battle, health: str) -> float:
    """What a character in ``health`` is worth to its enemies: a casualty of the scenario
    (P-22) 1, a stunned character :data:`STUN_VALUE`, the dead :data:`DEATH_EXTRA` more."""
    value = 1.0 if health in b.tables.scenario.victory.casualty_states else 0.0
    if health == "stunned":
        value += STUN_VALUE
    elif health == "dead":
        value += DEATH_EXTRA
    return value


def _after_harm(health: str, harm: str) -> str:
    """The state a harm leaves (§1.2.2): anyone already hurt dies of a stun or a wound."""
    if harm == "none":
        return health
    if harm == "killed" or health != "healthy":
        return "dead"
    return harm


def _harm_gain(b: Battle, piece: Piece, harm: str, horse_killed: bool) -> float:
    gain = state_value(b, _after_harm(piece.health, harm)) - state_value(b, piece.health)
    return gain + (0.1 if horse_killed and piece.mounted else 0.0)


def shot_gain(b: Battle, shooter: Piece, weapon_id: str, aimed: Hex, floor: int | None = None) -> float:
    """The expected gain of one shot (§5.4): the chance that it lands on the aimed hex times
    the mean value of the fire result on the enemy there (on ``floor``, the shooter's unless
    given, §8); 0 if it may not be fired."""
    t = b.tables
    weapon = t.data.weapons[weapon_id]
    cover = fire_cover(b, shooter, weapon, aimed, floor=floor)
    band = weapon.band_at(distance(shooter.hex, aimed))
    victim = next((p for p in b.living_at(aimed, shooter.floor if floor is None else floor) if p.side != shooter.side),
                  None)
    if cover is None or band is None or victim is None:
        return 0.0
    impact = t.data.impact
    if distance(shooter.hex, aimed) <= impact.no_roll_within:
        on_target = 1.0
    else:
        modifier = impact.modifier(f"range_{band}") + (impact.modifier("target_rider") if victim.mounted else 0)
        on_target = sum(impact.impact(d + modifier) == "aimed" for d in _DICE) / len(_DICE)
    table = t.data.fire["mounted" if victim.mounted else "foot"]
    armoured = t.counter(victim.id).armoured
    total = 0.0
    for die in _DICE:
        effect = table.effect(table.result(weapon_id, band, cover, die), armoured)
        total += _harm_gain(b, victim, effect.harm, effect.horse_killed)
    return on_target * total / len(_DICE)


def attack_gain(state: State, attackers: Sequence[str], target: str) -> float:
    """The expected gain of ``attackers`` attacking the character ``target`` (§6): the mean,
    over the d10, of the harm to the defender less the harm to the attacker who would suffer
    it (the worst case); nothing befalls the attackers of a stunned character (§6.4). Through
    a formation's front the spears take the defender's result: a wound or a kill breaks them
    (:data:`SPEARS_VALUE`), nothing reaches the hoplite (§7.3.1)."""
    b: Battle = state.data
    foe = defender(b, target)
    if foe is None or not attackers or target not in b.pieces:
        return 0.0
    victim = b.pieces[target]
    _, column = combat_column(state, tuple(attackers), (target,))
    table = combat_table(b, (target,))
    modifier = 1 if foe.armoured else 0
    spears = hoplites.spears_first(b, tuple(attackers), (target,))
    total = 0.0
    for die in _DICE:
        legend = table.effect(table.result(column, die + modifier))
        if spears:
            total += SPEARS_VALUE if legend.defender.harm in ("wounded", "killed") else 0.0
        else:
            total += _harm_gain(b, victim, legend.defender.harm, legend.defender.horse_killed)
        if not foe.stunned and legend.attacker.harm != "none":
            total -= max(_harm_gain(b, b.pieces[a], legend.attacker.harm, legend.attacker.horse_killed)
                         for a in attackers)
    return total / len(_DICE)


def _best_attackers(state: State, candidates: Iterable[str], target: str, named: Sequence[str] = ()) -> tuple[
        tuple[str, ...], float]:
    """Add attackers one at a time, the best first, while each adds at least
    :data:`ATTACK_MARGIN` to the gain."""
    chosen = tuple(named)
    gain = attack_gain(state, chosen, target) if chosen else 0.0
    pool = [c for c in candidates if c not in chosen]
    while pool:
        best = max(pool, key=lambda c: attack_gain(state, (*chosen, c), target))
        better = attack_gain(state, (*chosen, best), target)
        if better < gain + ATTACK_MARGIN:
            break
        chosen, gain = (*chosen, best), better
        pool.remove(best)
    return chosen, gain


def _is_fighter(b: Battle, piece: Piece) -> bool:
    return b.tables.stats(piece).attack >= FIGHTER_ATTACK


def _shooter(b: Battle, piece: Piece) -> bool:
    """A character whose business is missiles: it carries a weapon other than the lance."""
    return any(w.id != "thrown_lance" for w in usable_weapons(b, piece))


def _reach(a: Piece, b: Piece) -> int:
    return min(distance(x, y) for x in a.hexes() for y in b.hexes())


def _enemies(b: Battle, piece: Piece) -> list[Piece]:
    return sorted((p for p in b.enemies_of(piece.side) if p.alive), key=lambda p: p.id)


def _melee_goal(state: State, piece: Piece) -> Piece | None:
    """The enemy this fighter would gain most against, nearer ones first (§6)."""
    b: Battle = state.data
    best: tuple[float, str] | None = None
    goal = None
    for enemy in _enemies(b, piece):
        score = attack_gain(state, (piece.id,), enemy.id) - 0.05 * _reach(piece, enemy)
        if best is None or (score, enemy.id) > best:
            best, goal = (score, enemy.id), enemy
    return goal


def _in_contact(b: Battle, piece: Piece) -> bool:
    return any(_reach(piece, e) == 1 for e in _enemies(b, piece) if e.able)


def _wants_to_move(state: State, piece: Piece) -> bool:
    """Whether moving ``piece`` this phase serves a purpose (§4): a fighter not yet in contact,
    a shooter with nothing to shoot at."""
    b: Battle = state.data
    if not piece.able or not _enemies(b, piece) or _in_contact(b, piece):
        return False
    f = hoplites.record_of(b, piece.id)
    if f is not None:  # the block advances together, or holds while any of it fights (§7.3.1)
        return not any(_in_contact(b, b.pieces[m]) for m in f.members)
    if _shooter(b, piece):
        return not targets(b, piece)
    return _is_fighter(b, piece)


class HeuristicAgent:
    """Scores each offered action by the rules' own tables on the seat's sample (see the module)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, seat: Seat) -> Action:
        actions = seat.actions
        if len(actions) == 1:
            return actions[0]
        state = seat.sample(Rng(self.rng.getrandbits(63)))
        charge = self._charge(state, seat.player, actions)
        if charge is not None:
            return charge
        kind = actions[0].kind
        handler = _HANDLERS.get(kind)
        scores = _ladder_scores(state, seat.player, actions)
        if scores is None:
            scores = handler(state, seat.player, actions) if handler else _look_ahead(state, seat.player, actions)
        best = max(scores)
        return self.rng.choice([a for a, s in zip(actions, scores) if s == best])

    @staticmethod
    def _charge(state: State, me: str, actions: Sequence[Action]) -> Action | None:
        """A charge (§7.2) when one is offered whose named rider would gain attacking the
        named enemy: read from the action's words, so it needs nothing of how charges are
        built but that their actions name the rider and the enemy."""
        b: Battle = state.data
        best: tuple[float, Action] | None = None
        for action in actions:
            words = action.label.replace(",", " ").replace(":", " ").split()
            if "charge" not in action.kind and not (words and words[0].startswith("charge")):
                continue
            named = [w for w in words if w in b.pieces]
            riders = [w for w in named if b.pieces[w].side == me and b.pieces[w].mounted]
            foes = [w for w in named if b.pieces[w].side != me]
            if not riders or not foes:
                continue
            gain = max(attack_gain(state, riders, f) for f in foes)
            if gain > ATTACK_MARGIN and (best is None or gain > best[0]):
                best = (gain, action)
        return None if best is None else best[1]


# --------------------------------------------------------------------------- per kind of decision


def _offensive_fire(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """Step 1: the shooter with the best shot. A character that fires may not attack in this
    phase (§5.2), so one that could reach an enemy to attack (within its MA) fires only when
    the shot gains more than its best attack would: lance throwers keep their lance."""
    b: Battle = state.data
    scores = []
    for action in actions:
        if action.args[0] != "fire":
            scores.append(ATTACK_MARGIN)
            continue
        shooter = b.pieces[action.args[1]]
        shot = max((shot_gain(b, shooter, *aim) for aim in targets(b, shooter)), default=0.0)
        reach = b.ma(shooter)
        attack = max((attack_gain(state, (shooter.id,), e.id) for e in _enemies(b, shooter)
                      if _reach(shooter, e) <= reach), default=0.0)
        scores.append(shot if shot > attack else -1.0)
    return scores


def _aim(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    b: Battle = state.data
    shooter = b.pieces[_shooter_id(state)]
    return [shot_gain(b, shooter, *a.args) for a in actions]


def _shooter_id(state: State) -> str:
    return next(f["shooter"] for f in reversed(state.stack) if "shooter" in f.vars)


def _defensive_fire(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """§5.3: fire whenever a shot can be named (each costs nothing of its next own phase)."""
    return [0.0 if a.kind == "pass" else 1.0 for a in actions]


def _volley(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """Name every shot worth something, the best first, then fire."""
    b: Battle = state.data
    return [ATTACK_MARGIN if a.args[0] == "fire" else shot_gain(b, b.pieces[a.args[1]], *a.args[2:])
            for a in actions]


def _combat(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """Step 4: the attack with the best expected gain, if it gains (§6)."""
    b: Battle = state.data
    scores = []
    for action in actions:
        target = action.args[1] if action.args[0] == "attack" else None
        if target is None or target not in b.pieces:
            scores.append(ATTACK_MARGIN if target is None else -1.0)  # loose horses: not worth a fighter
            continue
        _, gain = _best_attackers(state, attackers_of(b, (target,)), target)
        scores.append(gain)
    return scores


def _engage(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """Add the attacker that helps most while it helps; never widen the combat to a second
    defender (it only adds defence, §6.2)."""
    frame = state.stack[-1]
    target, named = frame["defenders"][0], frame["attackers"]
    candidates = [a.args[1] for a in actions if a.args[0] == "with"]
    chosen, _ = _best_attackers(state, candidates, target, named)
    extra = chosen[len(named):]
    scores = []
    for action in actions:
        if action.args[0] == "with":
            scores.append(2.0 if extra and action.args[1] == extra[0] else -1.0)
        elif action.args[0] == "resolve":
            scores.append(1.0)
        else:
            scores.append(-2.0)
    return scores


def _movement(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """Move the characters that have a purpose, the nearest to the enemy first; then end."""
    b: Battle = state.data
    scores = []
    for action in actions:
        if action.args[0] == "end":
            scores.append(0.0)
        elif action.args[0] in ("form", "reform"):
            scores.append(2.0)
        elif action.args[0] == "move" and hoplites.record_of(b, action.args[1]) is not None:
            scores.append(-1.0)  # a formation's members move as one piece (§7.3.1)
        elif action.args[0] == "gate":
            scores.append(_gate_score(b, me, action.args[2], action.args[3]))
        elif action.args[0] in ("move", "block") and _wants_to_move(state, b.pieces[action.args[1]]):
            piece = b.pieces[action.args[1]]
            scores.append(1.0 / (1 + min(_reach(piece, e) for e in _enemies(b, piece))))
        else:
            scores.append(-1.0)
    return scores


GATE_WATCH = 6
"""How far from the gate the agent counts the able characters outside the castle (§9.2.3)."""


def _gate_score(b: Battle, me: str, gate: Hex, what: str) -> float:
    """Work the gate (§9.2.3, reading) for whichever side has more able characters outside the
    castle within :data:`GATE_WATCH` hexes of it: open it to let friends in, close it against
    enemies; with as many of each, leave it as it is."""
    inside = castles.castle_inside(b.tables.scenario.id)
    near = [p for p in b.pieces.values() if p.able and p.hex not in inside and distance(p.hex, gate) <= GATE_WATCH]
    friends = sum(p.side == me for p in near)
    enemies = len(near) - friends
    wanted = "open" if friends > enemies else "close" if enemies > friends else None
    return 1.5 if what == wanted else -1.0


def _move_step(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """One step of the mover: a fighter towards its enemy, stopping next to it; a shooter
    towards the nearest enemy, stopping once it has a target, never next to an enemy.
    Only plain steps: no mounting, dismounting, carrying, leading or catching."""
    b: Battle = state.data
    mover = b.pieces[_mover(state)]
    enemies = [e for e in _enemies(b, mover)]
    shooter = _shooter(b, mover)
    goal = None if shooter else _melee_goal(state, mover)

    def distance_left(piece: Piece) -> int:
        if goal is not None:
            return _reach(piece, goal)
        return min(_reach(piece, e) for e in enemies)

    here = distance_left(mover)
    done = (here <= 1) if goal is not None else bool(targets(b, mover))
    scores = []
    for action in actions:
        if action.args[0] == "stop":
            scores.append(0.0)
            continue
        if done or action.args[0] != "step":
            scores.append(-1.0)
            continue
        _, head, facing, cost, _ = action.args
        moved = Piece(mover.id, mover.side, mover.health, mover.mounted, head, facing, mover.horse)
        there = distance_left(moved)
        if shooter and any(_reach(moved, e) <= 1 for e in enemies if e.able):
            scores.append(-1.0)
        else:
            scores.append(float(here - there) - 0.01 * cost if there < here else -1.0)
    return scores


# --------------------------------------------------------------------------- ladders (§10.1)


def _ladder_scores(state: State, me: str, actions: Sequence[Action]) -> list[float] | None:
    """Ladders and ropes, where a decision offers them, else None: a pair carries its ladder
    before anyone else moves, and a rope's carrier walks, towards the nearest hex outside a
    palisade; there the pair raises the ladder, the carrier throws the hook; a fighter climbs
    its side's ladder or rope and goes over whenever it can; a character on the platform pulls
    up an enemy's rope nobody is on, so no one else climbs it (its own side's it leaves for its
    friends), and a carrier throws again after a throw that failed; a character that can push
    an enemy's ladder over, cut its rope or haul on its own does so when nothing better is to
    be fought (§10.1, §10.6)."""
    if actions[0].kind not in ("movement", "move-step", "combat"):  # the decisions that offer them
        return None
    b: Battle = state.data
    words = [a.args[0] if a.args and isinstance(a.args[0], str) else "" for a in actions]
    if actions[0].kind == "movement":
        ready = [a.args[0] == "move" and (_at_the_wall(b, b.pieces[a.args[1]]) or bool(_enemy_ropes(b, b.pieces[a.args[1]])))
                 for a in actions]
        if not ({"carry", "throw"} & set(words) or any(ready)):
            return None
        base = _movement(state, me, actions)
        return [2.0 - 0.01 * _to_raise(b, b.pieces[a.args[2]].hex) if a.args[0] == "carry"
                else 1.8 if a.args[0] == "throw" or go else score for a, go, score in zip(actions, ready, base)]
    if actions[0].kind == "move-step" and ("raise" in words or _carrying_move(state) or _rope_carrier(b, _mover(state))):
        here = _to_raise(b, b.pieces[_mover(state)].hex)
        return [3.0 if a.args[0] == "raise" else float(here - _to_raise(b, a.args[1])) - 0.01 * a.args[3]
                if a.args[0] == "step" else 0.0 for a in actions]
    if actions[0].kind == "move-step" and "rope_pull" in words:  # §10.6.1: deny the enemy his rope
        enemy = {r.id for r in _enemy_ropes(b, b.pieces[_mover(state)])}
        base = _move_step(state, me, actions)
        return [3.0 if a.args[0] == "rope_pull" and a.args[1] in enemy else -1.0 if a.args[0] == "rope_pull" else score
                for a, score in zip(actions, base)]
    if actions[0].kind == "move-step":
        mover = b.pieces[_mover(state)]
        climbs = [a.args[0] in ("over", "rope_over") or (a.args[0] == "rope_up" and not _shooter(b, mover))
                  or (a.args[0] == "step" and _climbs(b, mover, a.args[1])) for a in actions]
        if any(climbs):
            base = _move_step(state, me, actions)
            return [(2.5 if a.args[0] in ("over", "rope_over") else 1.5) if climb else score
                    for a, climb, score in zip(actions, climbs, base)]
    if {"push", "cut", "haul"} & set(words):
        base = _combat(state, me, actions)
        rules = b.tables.data.tactics
        odds = {"push": rules.ladders.push_over_max / 10, "cut": rules.ropes.cut_max / 10}
        return [odds[a.args[0]] * (0.1 + _climber_gain(b, a.args[0], a.args[2])) if a.args[0] in odds
                else rules.ropes.haul_success_max / 10 if a.args[0] == "haul" else score
                for a, score in zip(actions, base)]
    return None


def _at_the_wall(b: Battle, piece: Piece) -> bool:
    """A fighter on foot on its side's ladder or rope, or at the foot of its side's hooked rope."""
    if piece.mounted or _shooter(b, piece):
        return False
    ladder = ladders.on_ladder(b, piece)
    rope = ropes.climb_cost(b, piece)
    return ((ladder is not None and ladder.side == piece.side) or ropes.climbing(b, piece.id) is not None
            or (rope is not None and rope[0].side == piece.side))


def _enemy_ropes(b: Battle, piece: Piece) -> list[Rope]:
    """The enemy's hooked ropes, nobody on them, that ``piece`` may pull up from where it stands
    (§10.6.1)."""
    return [r for r in ropes.pull_up_choices(b, piece) if r.side != piece.side] if b.ropes else []


def _rope_carrier(b: Battle, pid: str) -> bool:
    return any(r.carrier == pid for r in b.ropes.values())


def _carrying_move(state: State) -> bool:
    return any(getattr(f.record, "ladder", "") for f in state.stack)


def _to_raise(b: Battle, h: Hex) -> int:
    """Hexes from ``h`` to the nearest hex outside the castle next to a palisade hex that has a
    hex beyond it (a ladder may be raised there, §10.1.2)."""
    inside = castles.castle_inside(b.tables.scenario.id)
    spots = [n for p, t in b.tables.terrain.items() if t.id == ladders.PALISADE for n in b.tables.around[p]
             if n not in inside and b.tables.terrain[n].cost_foot is not None and ladders.beyond(b, n, p)]
    return min((distance(h, x) for x in spots), default=0)


def _climbs(b: Battle, mover: Piece, h: Hex) -> bool:
    """A fighter on foot stepping onto its side's raised ladder with a free hex beyond it."""
    ladder = castles.raised_at(b, h)
    return (ladder is not None and ladder.side == mover.side and not mover.mounted and not _shooter(b, mover)
            and any(not any(True for _ in b.living_at(x)) for x in ladders.far_side(b, ladder)))


def _climber_gain(b: Battle, what: str, thing: str) -> float:
    """What the fall of a ladder's or a cut rope's climber is worth: it is wounded (§10.1.6,
    §10.6.4)."""
    if what == "cut":
        climber = ropes.climber_of(b, b.ropes[thing])
        return _harm_gain(b, b.pieces[climber], "wounded", False) if climber else 0.0
    return sum(_harm_gain(b, p, "wounded", False) for p in b.living_at(b.ladders[thing].hexes[0]))


def _facing_score(b: Battle, me: str, members: Iterable[str], facing: int) -> float:
    """How well ``facing`` turns the members' front to the enemy: less the sum of the
    distances from each member's first front hex to the nearest able enemy."""
    foes = [h for p in b.enemies_of(me) if p.able for h in p.hexes()]
    if not foes:
        return 0.0
    return -sum(min(distance(hoplites.front_hexes(facing, b.pieces[m].hex)[0], h) for h in foes) for m in members)


def _form_up(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """Face the enemy: the facing whose front hexes lie nearest the enemy (§7.3.1)."""
    members = state.stack[-1]["members"]
    return [_facing_score(state.data, me, members, a.args) for a in actions]


def _form_members(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """The whole group joins: every hoplite is added before the formation forms up."""
    return [1.0 if a.args[0] == "add" else 0.0 for a in actions]


BLOCK_ROUTE_REACH = 10
"""How far (in hexes of the block's move) the agent looks for a way to the enemy."""


def block_route(b: Battle, f: hoplites.Formation) -> int | None:
    """The first step of the cheapest way for the block, moving as one piece (each step priced
    as the block pays it, :func:`hoplites.step_cost`), to a place where a member stands next to
    an able enemy: round whatever stands in the way. None if there is none within
    :data:`BLOCK_ROUTE_REACH` hexes, or if a member is next to an enemy already."""
    start = {m: b.pieces[m].hex for m in f.members}
    foes = {h for p in b.enemies_of(b.pieces[f.members[0]].side) if p.able for h in p.hexes()}

    def contact(offset: Hex) -> bool:
        return any(distance((h[0] + offset[0], h[1] + offset[1]), x) == 1 for h in start.values() for x in foes)

    if not foes or contact((0, 0)):
        return None
    best: dict[Hex, int] = {(0, 0): 0}
    frontier: list[tuple[int, Hex, int]] = [(0, (0, 0), -1)]
    while frontier:
        cost, offset, first = heapq.heappop(frontier)
        if cost > best.get(offset, cost):
            continue
        if contact(offset):
            return first
        at = {m: (h[0] + offset[0], h[1] + offset[1]) for m, h in start.items()}
        for direction in range(6):
            to = neighbour(offset, direction)
            step = hoplites.step_cost(b, f, at, direction) if distance(to, (0, 0)) <= BLOCK_ROUTE_REACH else None
            if step is not None and cost + step < best.get(to, cost + step + 1):
                best[to] = cost + step
                heapq.heappush(frontier, (cost + step, to, direction if first < 0 else first))
    return None


def _block_step(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """Before it enters a hex, wheel while a wheel turns the front nearer the enemy (the
    cheapest of the wheels to one facing); then step by step along :func:`block_route`, round
    whatever stands in the way, as far as its MP go; halt next to the enemy (§7.3.1)."""
    b: Battle = state.data
    rec = next(f.record for f in reversed(state.stack) if isinstance(f.record, hoplites.BlockMove))
    f = hoplites.record_of(b, rec.members[0])
    assert f is not None
    now = _facing_score(b, me, f.members, f.facing)
    way = block_route(b, f)
    scores = []
    for action in actions:
        what = action.args[0]
        if what == "wheel":
            better = _facing_score(b, me, f.members, action.args[1]) - now
            scores.append(2.0 + better - 0.01 * action.args[2] if better > 0 and not rec.entered else -1.0)
        elif what == "step":
            scores.append(1.0 if action.args[1] == way else -1.0)
        else:
            scores.append(0.0)
    return scores


def _mover(state: State) -> str:
    return next(f.record.mover for f in reversed(state.stack) if hasattr(f.record, "mover"))


def _retreat(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """Equal balance after the retreat, the path ending farthest from the enemy (§6.5)."""
    b: Battle = state.data
    balance = _look_ahead(state, me, actions)
    enemies = [p for p in b.pieces.values() if p.side != me and p.able]
    return [score + 0.01 * min((distance(a.args[-1], h) for e in enemies for h in e.hexes()), default=0)
            for score, a in zip(balance, actions)]


def _unhorse(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """§6.8: the landing hex no enemy could attack, then farthest from the able enemies (at
    most 6 counted), then with the best cover of its terrain."""
    b: Battle = state.data
    enemies = [h for p in b.pieces.values() if p.side != me and p.able for h in p.hexes()]
    scores = []
    for action in actions:
        h = action.args[0]
        away = min((distance(h, e) for e in enemies), default=6)
        cover = castles.terrain_at(b, h).cover
        scores.append(10.0 * (not threatened(b, me, (h,))) + min(away, 6) + 0.1 * COVERS.index(cover))
    return scores


def _hold_cover(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """§8.3.5, §8.3.6: the choice that holds against most of the enemy shooters that threaten
    it, the one whose shot is being resolved counting 1.5."""
    b: Battle = state.data
    frame = state.stack[-1]
    shooter = frame["shooter"]
    threats = cover_threats(b, b.pieces[shooter], frame["impact"])
    return [sum(1.5 if pid == shooter else 1.0 for pid in threats[a.args]) for a in actions]


def _advance(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """§6.6: decline; an advance may leave its character exposed for nothing counted."""
    return [1.0 if a.label.startswith(("no ", "stop")) else 0.0 for a in actions]


def _look_ahead(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """The casualty balance after each action, played on a copy of the sample."""
    offered = {a.label: a for a in banneret.legal_actions(state, me)}
    scores = []
    for action in actions:
        trial = state.clone()
        banneret.apply(trial, offered[action.label])
        scores.append(_balance(trial.data, me))
    return scores


def _balance(b: Battle, me: str) -> float:
    """The value of the enemy's states less that of mine."""
    return sum(state_value(b, p.health) * (1 if p.side != me else -1) for p in b.pieces.values())


def _besieger(b: Battle, me: str) -> bool:
    """Whether most of ``me``'s living characters stand outside the castle (§9): its wooden
    defences are then worth burning down."""
    inside = castles.castle_inside(b.tables.scenario.id)
    mine = [p for p in b.pieces.values() if p.side == me and p.alive]
    return 2 * sum(p.hex not in inside for p in mine) > len(mine)


def _hex_worth(b: Battle, me: str, h: Hex, besieger: bool) -> float:
    """What setting ``h`` alight is worth to ``me``: an enemy engine 1, a wooden defence 0.5 to
    the besieger (-0.5 to the garrison), each enemy in or next to naphtha 1 (a friend -1)."""
    engine = b.engine_at(h)
    worth = 0.0 if engine is None else 1.0 if engine.side != me else -1.0
    if wooden_defence(b, h):
        worth += 0.5 if besieger else -0.5
    if h in b.naphtha:
        worth += sum(1.0 if p.side != me else -1.0 for p in b.pieces.values()
                     if p.alive and any(distance(x, h) <= 1 for x in p.hexes()))
    return worth


def siege_scores(state: State, me: str, actions: Sequence[Action]) -> list[float]:
    """Burning arrows, engines and fire work (§10.2-§10.5): see the module; ending scores a
    little, so only gains are taken."""
    b: Battle = state.data
    besieger = _besieger(b, me)
    scores = []
    for action in actions:
        what = action.args[0] if action.args else None
        if action.kind == "aim-engine":
            engine = b.engines[state.stack[-1]["engine"]]
            ring = 1 if engine.kind == "greek_fire" else 0
            aimed = (action.args[0], action.args[1])  # the option is the hex
            enemies = sum(distance(x, aimed) <= ring for p in b.pieces.values() if p.alive and p.side != me for x in p.hexes())
            scores.append(enemies + (0.5 if besieger and wooden_defence(b, aimed) else 0.0))
        elif what == "engine":
            scores.append(1.0)
        elif what == "arrow":
            scores.append(_hex_worth(b, me, action.args[3], besieger))
        elif what == "fire":
            scores.append(_hex_worth(b, me, action.args[2], besieger))
        elif what == "out":
            scores.append(-_hex_worth(b, me, action.args[2], besieger))
        elif what == "haul":
            scores.append(0.0)  # a stone thrower reaches the whole map: never worth hauling
        else:
            scores.append(ATTACK_MARGIN)
    return scores


_HANDLERS: dict[str, Any] = {
    "offensive-fire": _offensive_fire,
    "aim": _aim,
    "defensive-fire": _defensive_fire,
    "pass": _defensive_fire,
    "volley": _volley,
    "combat": _combat,
    "engage": _engage,
    "movement": _movement,
    "form-up": _form_up,
    "form-members": _form_members,
    "block-step": _block_step,
    "move-step": _move_step,
    "retreat": _retreat,
    "unhorse": _unhorse,
    "hold-cover": _hold_cover,
    "advance": _advance,
    "advance-step": _advance,
    "siege-fire": siege_scores,
    "aim-engine": siege_scores,
    "fire-work": siege_scores,
    "haul": siege_scores,
}


def make_agent(game_id: str, faction: str, seed: int) -> HeuristicAgent:
    """Entry for ``banneret_agents``: one agent per seat, seeded by the engine."""
    return HeuristicAgent(seed)
