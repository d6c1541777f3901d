"""The assault resolver alone (rules section 13), against the digest's scenarios S-01..S-11."""

from __future__ import annotations

import pytest

from banneret_hex_kingdoms.assault import (
    AssaultRules,
    End,
    Winner,
    after_momentum,
    base_advantage,
    capital_defence,
    castle_payment,
    initial_advantage,
    reform_overflow,
    resolve_wave,
    wave_odds,
)

# S-01: (weaker, stronger, expected base)
S01 = [
    (7, 16, 2), (6, 6, 0), (5, 6, 0), (4, 6, 1), (4, 8, 2), (8, 20, 3), (6, 15, 3),
    (2, 6, 4), (3, 10, 4), (9, 27, 4), (2, 7, 5), (6, 21, 5), (1, 6, 5), (10, 24, 2),
    (11, 24, 2), (13, 24, 1), (16, 24, 1), (17, 24, 0), (19, 24, 0),
]


@pytest.mark.parametrize("weak,strong,base", S01)
def test_s01_base_advantage_table(weak: int, strong: int, base: int) -> None:
    """S-01: whole halves of the weaker total in the stronger one give the base (13.3)."""
    assert base_advantage(weak, strong) == base
    assert base_advantage(strong, weak) == base


def test_base_advantage_matches_integer_formula() -> None:
    """The data table agrees with min(5, 2S//W - 2) for every total an assault can meet."""
    for w in range(1, 40):
        for s in range(w, 60):
            assert base_advantage(w, s) == min(5, (2 * s) // w - 2)


def test_base_advantage_refuses_empty_side() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        base_advantage(0, 5)


# S-02: (attacker total, defender total, mountain, castle, expected A)
S02 = [
    (16, 7, False, False, 2),
    (7, 16, False, False, -2),
    (16, 7, True, True, 0),
    (12, 12, True, False, -1),
    (12, 12, False, True, -1),
    (12, 2, False, True, 4),
    (6, 15, False, True, -4),
    (2, 24, True, True, -5),
    (24, capital_defence(9), False, False, 0),
    (24, capital_defence(9), False, True, -1),
    (6, capital_defence(9), False, False, -4),
    (24, capital_defence(1), False, False, 2),
    (24, capital_defence(0), False, False, 2),
]


@pytest.mark.parametrize("att,dfn,mountain,castle,expected", S02)
def test_s02_signed_advantage(att: int, dfn: int, mountain: bool, castle: bool, expected: int) -> None:
    """S-02: signed advantage with mountain and castle shifts, clamped to +-5 (13.4)."""
    assert initial_advantage(att, dfn, mountain=mountain, castle=castle) == expected


def test_unclamped_and_reduce_only_variants() -> None:
    """A-04 variants: no clamp lets -7 stand; reduce-only never favours a weaker defender."""
    assert initial_advantage(2, 24, mountain=True, castle=True, rules=AssaultRules(advantage_clamp=None)) == -7
    reduce = AssaultRules(terrain_shift_mode="reduce_attacker_only")
    assert initial_advantage(12, 12, mountain=True, rules=reduce) == 0
    assert initial_advantage(16, 7, mountain=True, castle=True, rules=reduce) == 0
    assert initial_advantage(13, 12, castle=True, rules=reduce) == 0
    assert initial_advantage(7, 16, castle=True, rules=reduce) == -3


def test_capital_defence_adds_ten() -> None:
    assert capital_defence(9) == 19
    assert capital_defence(0) == 10


def test_s03_source_clash() -> None:
    """S-03 (E1): red [6] attacks blue [4] on a plain, A=+1; rolls 3 vs 6: blue wins."""
    a0 = initial_advantage(6, 4)
    assert a0 == 1
    w = resolve_wave([6], [4], a0, 3, 6)
    assert (w.ra, w.rd) == (4, 6)
    assert w.winner is Winner.DEFENDER
    assert w.attackers == (5,)
    assert w.defenders == (4,)
    assert w.advantage == 0
    assert w.end is End.OPEN


def test_s04_three_waves() -> None:
    """S-04 (E3): [4,3] against [6,6,4] on a plain, three waves, ended by a natural 1."""
    a0 = initial_advantage(7, 16)
    assert a0 == -2
    w1 = resolve_wave([4, 3], [6, 6, 4], a0, 5, 3)
    assert (w1.ra, w1.rd, w1.winner) == (5, 5, Winner.TIE)
    assert (w1.attackers, w1.defenders, w1.advantage, w1.end) == ((3, 2), (5, 5, 3), -2, End.OPEN)
    w2 = resolve_wave(w1.attackers, w1.defenders, w1.advantage, 6, 1)
    assert (w2.ra, w2.rd, w2.winner) == (6, 3, Winner.ATTACKER)
    assert (w2.attackers, w2.defenders, w2.advantage, w2.end) == ((3, 2), (4, 4, 2), -1, End.OPEN)
    w3 = resolve_wave(w2.attackers, w2.defenders, w2.advantage, 1, 2)
    assert (w3.ra, w3.rd, w3.winner) == (1, 3, Winner.DEFENDER)
    assert (w3.attackers, w3.defenders, w3.advantage) == ((2, 1), (4, 4, 2), -2)
    assert w3.end is End.BROKEN_OFF


def test_s05_annihilation_occupies() -> None:
    """S-05: [6]+[6] against [2] in a forest with a castle: A=+4, two wins, occupation."""
    a0 = initial_advantage(12, 2, castle=True)
    assert a0 == 4
    w1 = resolve_wave([6, 6], [2], a0, 2, 5)
    assert (w1.ra, w1.rd, w1.winner, w1.defenders, w1.advantage, w1.end) == (
        6, 5, Winner.ATTACKER, (1,), 5, End.OPEN)
    w2 = resolve_wave(w1.attackers, w1.defenders, w1.advantage, 3, 6)
    assert (w2.ra, w2.rd) == (8, 6)
    assert w2.defenders == (0,)
    assert w2.surviving_attackers == (6, 6)
    assert w2.end is End.OCCUPIED


def test_s06_natural_one_cancels_occupation() -> None:
    """S-06: a natural 1 that wipes out the defender still ends the assault unoccupied."""
    w = resolve_wave([6], [1], 5, 1, 5)
    assert (w.ra, w.rd, w.winner) == (6, 5, Winner.ATTACKER)
    assert w.defenders == (0,)
    assert w.end is End.BROKEN_OFF
    lenient = AssaultRules(natural_one_blocks_capture=False)
    assert resolve_wave([6], [1], 5, 1, 5, rules=lenient).end is End.OCCUPIED
    assert resolve_wave([6], [3], 5, 1, 5, rules=lenient).end is End.BROKEN_OFF


def test_s07_tie_before_retreat() -> None:
    """S-07: 9 against 5 behind a castle gives A=0; a 4-4 tie costs every die one pip."""
    a0 = initial_advantage(9, 5, castle=True)
    assert a0 == 0
    w = resolve_wave([5, 4], [3, 2], a0, 4, 4)
    assert (w.winner, w.attackers, w.defenders, w.end) == (Winner.TIE, (4, 3), (2, 1), End.OPEN)


def test_both_sides_wiped_out_empties_hex() -> None:
    w = resolve_wave([1], [1], 0, 3, 3)
    assert (w.winner, w.attackers, w.defenders, w.end) == (Winner.TIE, (0,), (0,), End.EMPTIED)


def test_attackers_destroyed_fails() -> None:
    w = resolve_wave([1, 1], [6], -3, 2, 2)
    assert (w.winner, w.attackers, w.end) == (Winner.DEFENDER, (0, 0), End.FAILED)


def test_s08_capital_captured() -> None:
    """S-08: capital 1 against [6,6,6,6]: 1->0, tie, then captured."""
    a0 = initial_advantage(24, capital_defence(1))
    assert a0 == 2
    w1 = resolve_wave([6, 6, 6, 6], [], a0, 3, 4, capital=1)
    assert (w1.ra, w1.rd, w1.capital, w1.advantage, w1.end) == (5, 4, 0, 3, End.OPEN)
    w2 = resolve_wave(w1.attackers, [], w1.advantage, 2, 5, capital=w1.capital)
    assert (w2.winner, w2.capital, w2.attackers, w2.advantage, w2.end) == (
        Winner.TIE, 0, (5, 5, 5, 5), 3, End.OPEN)
    w3 = resolve_wave(w2.attackers, [], w2.advantage, 4, 6, capital=w2.capital)
    assert (w3.ra, w3.rd, w3.end) == (7, 6, End.CAPTURED)
    assert min(9, sum(w3.surviving_attackers)) == 9


def test_s09_full_capital_needs_six_lost_waves() -> None:
    """S-09: capital 9 against [6,6,6,6], every wave 4 vs 3."""
    adv = initial_advantage(24, capital_defence(9))
    cap = 9
    seen = []
    for _ in range(6):
        w = resolve_wave([6, 6, 6, 6], [], adv, 4, 3, capital=cap)
        seen.append((w.ra, w.rd, w.capital, w.advantage, w.end))
        adv, cap = w.advantage, w.capital
    assert seen == [
        (4, 3, 7, 1, End.OPEN),
        (5, 3, 5, 2, End.OPEN),
        (6, 3, 3, 3, End.OPEN),
        (7, 3, 1, 4, End.OPEN),
        (8, 3, 0, 5, End.OPEN),
        (9, 3, 0, 5, End.CAPTURED),
    ]


def test_s10_natural_one_protects_capital_at_zero() -> None:
    w = resolve_wave([6, 6], [], 3, 1, 2, capital=0)
    assert (w.ra, w.rd, w.winner, w.capital, w.end) == (4, 2, Winner.ATTACKER, 0, End.BROKEN_OFF)


def test_s11_capital_tie() -> None:
    """S-11: capital 3 against [2,1] at A=-3; 6 vs 3 ties: capital 2, attackers [1]."""
    w = resolve_wave([2, 1], [], -3, 6, 3, capital=3)
    assert (w.ra, w.rd, w.winner, w.capital) == (6, 6, Winner.TIE, 2)
    assert w.surviving_attackers == (1,)
    assert w.end is End.OPEN
    assert resolve_wave([2, 1], [], -3, 6, 3, capital=3, rules=AssaultRules(capital_tie_loss=2)).capital == 1
    assert resolve_wave([2, 1], [], -3, 6, 3, capital=3, rules=AssaultRules(capital_tie_loss=0)).capital == 3


def test_capital_at_one_is_not_captured_by_losing() -> None:
    w = resolve_wave([6], [], 5, 3, 1, capital=1)
    assert (w.capital, w.end) == (0, End.OPEN)


def test_tie_never_captures() -> None:
    w = resolve_wave([6], [], 0, 3, 3, capital=0)
    assert (w.winner, w.capital, w.end) == (Winner.TIE, 0, End.OPEN)


def test_momentum_caps_at_five() -> None:
    assert after_momentum(5, Winner.ATTACKER) == 5
    assert after_momentum(-5, Winner.DEFENDER) == -5
    assert after_momentum(-5, Winner.ATTACKER) == -4
    assert after_momentum(2, Winner.TIE) == 2
    assert after_momentum(-7, Winner.ATTACKER) == -6  # only reachable without the clamp
    assert after_momentum(-7, Winner.DEFENDER) == -7


def test_recompute_mode() -> None:
    """A-03 (b): A re-derived from the new totals plus net momentum."""
    rules = AssaultRules(advantage_mode="recompute")
    # 6 vs 4: +1. Attacker wins: defender 3, totals 6 vs 3 -> +2, momentum +1 -> +3.
    w = resolve_wave([6], [4], 1, 5, 2, rules=rules)
    assert (w.winner, w.defenders, w.momentum, w.advantage) == (Winner.ATTACKER, (3,), 1, 3)


ODDS = {
    -5: (0, 1, 35), -4: (1, 2, 33), -3: (3, 3, 30), -2: (6, 4, 26), -1: (10, 5, 21),
    0: (15, 6, 15), 1: (21, 5, 10), 2: (26, 4, 6), 3: (30, 3, 3), 4: (33, 2, 1), 5: (35, 1, 0),
}


@pytest.mark.parametrize("adv", sorted(ODDS))
def test_wave_odds_table(adv: int) -> None:
    """13.8: outcomes out of 36 for every signed advantage."""
    assert wave_odds(adv) == ODDS[adv]


def test_wave_odds_by_enumerating_resolve_wave() -> None:
    """The resolver itself, run over all 36 face pairs, reproduces 13.8 and the 1-in-6 break-off."""
    for adv, expected in ODDS.items():
        counts = {Winner.ATTACKER: 0, Winner.TIE: 0, Winner.DEFENDER: 0}
        broken = 0
        for a in range(1, 7):
            for d in range(1, 7):
                w = resolve_wave([6, 6], [6, 6], adv, a, d)
                counts[w.winner] += 1
                broken += w.end is End.BROKEN_OFF
        assert (counts[Winner.ATTACKER], counts[Winner.TIE], counts[Winner.DEFENDER]) == expected
        assert broken == 6


def test_s20_overflow_default() -> None:
    """S-20: five survivors re-form into at most four dice."""
    assert reform_overflow([3, 3, 2, 1, 1]) == (6, 4)
    assert reform_overflow([6, 6, 6, 6, 3]) == (6, 6, 6, 6)


def test_s15_castle_payment_default() -> None:
    """S-15: weakest dice are emptied first; fewer than 6 pips cannot pay."""
    assert castle_payment([6]) == ()
    assert castle_payment([4, 4]) == (2,)
    assert castle_payment([1, 5, 3]) == (3,)
    with pytest.raises(ValueError, match="costs 6"):
        castle_payment([3, 2])


def test_bad_wave_input_is_refused() -> None:
    with pytest.raises(ValueError):
        resolve_wave([], [3], 0, 3, 3)
    with pytest.raises(ValueError):
        resolve_wave([3], [], 0, 3, 3)
    with pytest.raises(ValueError):
        resolve_wave([3], [3], 0, 7, 3)


def test_wave_odds_sampled_with_the_game_generator() -> None:
    """13.8 by sampling: 36,000 seeded waves at A=+2 land near 26/4/6 out of 36."""
    from banneret.rng import Rng

    rng = Rng(2024)
    counts = {Winner.ATTACKER: 0, Winner.TIE: 0, Winner.DEFENDER: 0}
    n = 36_000
    for _ in range(n):
        counts[resolve_wave([6], [6], 2, rng.die(6), rng.die(6)).winner] += 1
    for who, expected in ((Winner.ATTACKER, 26), (Winner.TIE, 4), (Winner.DEFENDER, 6)):
        assert abs(counts[who] - expected * n / 36) < 4 * (n * (expected / 36) * (1 - expected / 36)) ** 0.5
