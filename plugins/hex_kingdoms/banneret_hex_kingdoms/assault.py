"""The assault resolver (rules section 13): plain functions of plain data.

Nothing here knows the board or asks anybody anything. The game flow declares the assault
(target, participating armies), calls :func:`initial_advantage` once, then for each wave
rolls the two dice and calls :func:`resolve_wave`. The :class:`WaveResult` says what the
wave did and what happens next: the assault may be over (break-off, capture, occupation,
failure), or it is ``OPEN`` and the flow offers the defender's retreat (hex targets only)
and then the attacker's continue/stop as separate decisions.

Armies are plain strengths (ints 1..6). A wave returns the new strength of every
participant in the same positions, ``0`` meaning the die was removed, so the caller can map
the results back to its own armies. A capital target has no dice; its value travels in
``capital``.
"""

from __future__ import annotations

import enum
from typing import Sequence

import attrs

from banneret_hex_kingdoms.tables import tables

__all__ = [
    "ADV_MAX",
    "Winner",
    "End",
    "AssaultRules",
    "WaveResult",
    "base_advantage",
    "initial_advantage",
    "capital_defence",
    "wave_rolls",
    "resolve_wave",
    "after_momentum",
    "reform_overflow",
    "wave_odds",
    "castle_payment",
]

ADV_MAX = 5  # 13.3: the table stops at +5; 13.6: momentum stops at +5


class Winner(enum.IntEnum):
    """Who won a wave (13.5)."""

    ATTACKER = 1
    TIE = 0
    DEFENDER = -1


class End(enum.Enum):
    """What follows a wave, in the order of the end-of-wave sequence (13.7)."""

    BROKEN_OFF = "broken_off"  # step 1: the attacker rolled a natural 1
    CAPTURED = "captured"  # step 2: a capital at 0 lost the wave
    OCCUPIED = "occupied"  # step 3: defenders wiped out, attackers move in, castle razed
    EMPTIED = "emptied"  # step 3: both sides wiped out; nobody moves, castle stays
    FAILED = "failed"  # step 4: no attacking army left
    OPEN = "open"  # steps 5-6: retreat option (hex only), then continue or stop

    @property
    def over(self) -> bool:
        return self is not End.OPEN


@attrs.frozen
class AssaultRules:
    """The rule options that change how an assault resolves (section 17)."""

    advantage_mode: str = "running"  # C-34; "recompute" = A-03 (b)
    advantage_clamp: int | None = ADV_MAX  # C-35; None = terrain shifts may pass +-5
    terrain_shift_mode: str = "signed"  # C-35; "reduce_attacker_only" = A-04 (b)
    capital_tie_loss: int = 1  # C-36
    natural_one_blocks_capture: bool = True  # C-37
    capital_bonus: int = 10  # 13.9: walls, moats and earthworks
    capital_loss: int = 2  # 13.9: what a lost wave costs a capital


DEFAULT_RULES = AssaultRules()


@attrs.frozen
class WaveResult:
    """Everything one wave did (13.5-13.7)."""

    a: int  # the attacker's natural face
    d: int  # the defender's natural face
    ra: int  # attacker result after the bonus
    rd: int  # defender result after the bonus
    winner: Winner
    attackers: tuple[int, ...]  # new strengths, same order as given; 0 = removed
    defenders: tuple[int, ...]  # new strengths (empty for a capital target)
    capital: int | None  # new capital value (None for a hex target)
    advantage: int  # signed advantage for the next wave (13.6)
    momentum: int  # net momentum so far (only the "recompute" mode reads it)
    end: End

    @property
    def surviving_attackers(self) -> tuple[int, ...]:
        return tuple(s for s in self.attackers if s > 0)

    @property
    def surviving_defenders(self) -> tuple[int, ...]:
        return tuple(s for s in self.defenders if s > 0)


# --- 13.3 the ratio table ------------------------------------------------------------------


def base_advantage(att: int, dfn: int) -> int:
    """Base advantage of the stronger side, 0..5 (13.3, A-01 (a)).

    Whole halves of the weaker total that fit into the stronger one: ``2 * S // W``; the
    table (``advantage.json``) turns that count into the advantage. Integer arithmetic only.
    """
    weak, strong = (att, dfn) if att <= dfn else (dfn, att)
    if weak < 1:
        raise ValueError(f"both sides need a total of at least 1, not {att} and {dfn}")
    halves = (2 * strong) // weak
    rows = tables().advantage
    if halves >= rows[-1].halves:
        return rows[-1].base
    return rows[halves - rows[0].halves].base


def capital_defence(value: int, bonus: int | None = None) -> int:
    """A capital defends with its value plus the walls-and-moats bonus of +10 (13.9)."""
    return value + (tables().n("capital_defence_bonus") if bonus is None else bonus)


def _clamp(value: int, limit: int | None) -> int:
    if limit is None:
        return value
    return max(-limit, min(limit, value))


# --- 13.4 signed advantage -----------------------------------------------------------------


def initial_advantage(
    att: int,
    dfn: int,
    *,
    mountain: bool = False,
    castle: bool = False,
    rules: AssaultRules = DEFAULT_RULES,
) -> int:
    """The signed advantage A before the first wave (13.4, C-35).

    Positive favours the attacker. ``mountain`` is a mountain-type target hex (C-07),
    ``castle`` a castle on the hex or walls on a target capital (C-19); each shifts A one
    step toward the defender.
    """
    base = base_advantage(att, dfn)
    shifts = int(mountain) + int(castle)
    if rules.terrain_shift_mode == "reduce_attacker_only":
        # A-04 (b): shifts cut an attacker's edge down to 0 and add to a stronger
        # defender's, but never hand a weaker or equal defender a bonus.
        if att > dfn:
            value = max(0, base - shifts)
        elif att < dfn:
            value = -(base + shifts)
        else:
            value = 0
    else:
        signed = base if att > dfn else (-base if att < dfn else 0)
        value = signed - shifts
    return _clamp(value, rules.advantage_clamp)


def after_momentum(advantage: int, winner: Winner) -> int:
    """13.6: the wave's winner gains one step of advantage, never past +-5.

    A value already beyond +-5 (only possible with the clamp switched off) is not pushed
    further out; it can still come back toward 0.
    """
    if winner is Winner.ATTACKER and advantage < ADV_MAX:
        return advantage + 1
    if winner is Winner.DEFENDER and advantage > -ADV_MAX:
        return advantage - 1
    return advantage


# --- 13.5 one wave ----------------------------------------------------------------------------


def wave_rolls(advantage: int, a: int, d: int) -> tuple[int, int]:
    """The two results: whichever side A favours adds it to its natural face (13.5)."""
    return a + max(advantage, 0), d + max(-advantage, 0)


def resolve_wave(
    attackers: Sequence[int],
    defenders: Sequence[int],
    advantage: int,
    a: int,
    d: int,
    *,
    capital: int | None = None,
    momentum: int = 0,
    mountain: bool = False,
    castle: bool = False,
    rules: AssaultRules = DEFAULT_RULES,
) -> WaveResult:
    """Resolve one wave and say what follows (13.5-13.7).

    ``attackers`` are the strengths of the attacking dice still in the fight (all > 0).
    For a hex target ``defenders`` are the strengths of every defending die and
    ``capital`` is None; for a capital target ``defenders`` is empty and ``capital`` is its
    value at the start of the wave. ``mountain``/``castle``/``momentum`` matter only in the
    ``recompute`` advantage mode, which re-derives A from the new totals each wave.
    """
    if not attackers or any(s < 1 for s in attackers):
        raise ValueError(f"a wave needs attacking armies of strength >= 1, got {list(attackers)}")
    if capital is None and (not defenders or any(s < 1 for s in defenders)):
        raise ValueError(f"a hex assault needs defending armies of strength >= 1, got {list(defenders)}")
    if not (1 <= a <= 6 and 1 <= d <= 6):
        raise ValueError(f"natural faces must be 1..6, got {a} and {d}")

    ra, rd = wave_rolls(advantage, a, d)
    winner = Winner.ATTACKER if ra > rd else (Winner.DEFENDER if rd > ra else Winner.TIE)

    # 13.5 losses: one pip on every participating die of the loser (both on a tie)
    att_loss = 1 if winner is not Winner.ATTACKER else 0
    def_loss = 1 if winner is not Winner.DEFENDER else 0
    new_att = tuple(max(0, s - att_loss) for s in attackers)
    new_def = tuple(max(0, s - def_loss) for s in defenders)
    new_cap = capital
    if capital is not None:
        # 13.9: a lost wave costs the capital 2, a tie costs it 1 (C-36), never below 0
        if winner is Winner.ATTACKER:
            new_cap = max(0, capital - rules.capital_loss)
        elif winner is Winner.TIE:
            new_cap = max(0, capital - rules.capital_tie_loss)

    # 13.6 momentum (C-34), or A-03 (b): recompute from the totals plus net momentum
    step = int(winner)
    momentum += step
    if rules.advantage_mode == "recompute":
        att_total = sum(new_att)
        dfn_total = capital_defence(new_cap, rules.capital_bonus) if new_cap is not None else sum(new_def)
        if att_total > 0 and dfn_total > 0:
            fresh = initial_advantage(att_total, dfn_total, mountain=mountain, castle=castle, rules=rules)
            next_adv = _clamp(fresh + _clamp(momentum, ADV_MAX), ADV_MAX if rules.advantage_clamp else None)
        else:
            next_adv = advantage
    else:
        next_adv = after_momentum(advantage, winner)

    end = _end_of_wave(a, winner, new_att, new_def, capital, rules)
    return WaveResult(a, d, ra, rd, winner, new_att, new_def, new_cap, next_adv, momentum, end)


def _end_of_wave(
    a: int,
    winner: Winner,
    new_att: tuple[int, ...],
    new_def: tuple[int, ...],
    capital_before: int | None,
    rules: AssaultRules,
) -> End:
    """13.7, in its normative order."""
    natural_one = a == 1
    # 1. a natural 1 breaks the assault off whatever else happened (C-37)
    if natural_one and rules.natural_one_blocks_capture:
        return End.BROKEN_OFF
    attackers_left = any(s > 0 for s in new_att)
    # 2. a capital that was at 0 when the wave began and lost it is captured (13.9)
    if capital_before is not None:
        if capital_before == 0 and winner is Winner.ATTACKER:
            return End.CAPTURED
    # 3. the target hex is empty of defenders
    elif not any(s > 0 for s in new_def):
        return End.OCCUPIED if attackers_left else End.EMPTIED
    # 4. no attackers left: the assault failed
    if not attackers_left:
        return End.FAILED
    # A-16 (b): the 1 still stops further waves, after occupation/capture were allowed
    if natural_one:
        return End.BROKEN_OFF
    # 5./6. retreat option (hex targets), then continue-or-stop
    return End.OPEN


# --- 13.8 reference odds ---------------------------------------------------------------------


def wave_odds(advantage: int) -> tuple[int, int, int]:
    """(attacker wins, ties, defender wins) out of 36 for a signed advantage (13.8)."""
    counts = [0, 0, 0]
    for a in range(1, 7):
        for d in range(1, 7):
            ra, rd = wave_rolls(advantage, a, d)
            counts[0 if ra > rd else (1 if ra == rd else 2)] += 1
    return counts[0], counts[1], counts[2]


# --- 12.3 overflow and 11.2.5 castle payment (default splits) -------------------------------


def reform_overflow(strengths: Sequence[int], stack_limit: int = 4, army_max: int = 6) -> tuple[int, ...]:
    """Default re-forming of too many dice on one hex (12.3, C-33).

    The pips are poured into as few full dice as possible, keeping at most
    ``stack_limit * army_max`` (24); anything above that is lost with the removed dice.
    """
    total = min(sum(strengths), stack_limit * army_max)
    out = [army_max] * (total // army_max)
    if total % army_max:
        out.append(total % army_max)
    return tuple(out)


def castle_payment(strengths: Sequence[int], cost: int = 6) -> tuple[int, ...]:
    """Default payment of a castle's cost from the dice on one hex (C-31).

    The weakest dice are emptied first; returns the remaining dice (strength > 0), weakest
    first. Raises ``ValueError`` when the dice hold fewer than ``cost`` pips.
    """
    if sum(strengths) < cost:
        raise ValueError(f"a castle costs {cost} pips; the hex holds only {sum(strengths)}")
    left = cost
    out = []
    for s in sorted(strengths):
        take = min(s, left)
        left -= take
        if s - take > 0:
            out.append(s - take)
    return tuple(out)
