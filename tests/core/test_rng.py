"""The generator: the same stream for the same seed everywhere, unbiased ranges, dice
notation, exploding dice, shuffles, and its state in two integers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from banneret.errors import OptionError
from banneret.rng import Rng, _words, parse_dice


def test_seed_zero_gives_the_splitmix64_reference_stream():
    """With seed 0 the key is 0, and SplitMix64 from state 0 is a published sequence."""
    rng = Rng(0)
    assert rng.state() == (0, 0)
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert rng.counter == 3


def test_known_first_values_are_pinned():
    rng = Rng(1)
    assert [rng.die(6) for _ in range(12)] == [4, 3, 6, 1, 6, 6, 3, 3, 6, 6, 3, 4]
    rng = Rng(2024)
    assert [rng.below(10) for _ in range(10)] == [8, 5, 0, 5, 0, 3, 4, 9, 9, 1]
    rng = Rng(3)
    assert (rng.roll("2d6"), rng.roll("3d6+1"), rng.counter) == (8, 15, 5)


@given(seed=st.integers(-(2**70), 2**70))
def test_same_seed_same_stream(seed):
    a, b = Rng(seed), Rng(seed)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]


def test_nearby_and_negative_seeds_give_different_streams():
    streams = {tuple(Rng(seed).dice(8)) for seed in (-2, -1, 0, 1, 2)}
    assert len(streams) == 5


@pytest.mark.parametrize("bad", ["1", 1.0, True, None])
def test_seed_must_be_an_integer(bad):
    with pytest.raises(OptionError, match="seed must be an integer"):
        Rng(bad)


def test_state_clone_and_from_state_continue_the_same_stream():
    rng = Rng(42)
    rng.dice(3)
    copy = rng.clone()
    rebuilt = Rng.from_state(*rng.state())
    assert copy == rng == rebuilt and copy is not rng
    assert [rng.next64() for _ in range(4)] == [copy.next64() for _ in range(4)] == [rebuilt.next64() for _ in range(4)]
    copy.next64()
    assert copy != rng and rng.counter == 7 and copy.counter == 8


@given(seed=st.integers(0, 2**32), n=st.one_of(st.integers(1, 12), st.integers(1, 2**64)))
def test_below_stays_in_range(seed, n):
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


@pytest.mark.parametrize("n", [0, -3])
def test_below_needs_a_positive_bound(n):
    with pytest.raises(ValueError, match="positive bound"):
        Rng(1).below(n)


def test_below_one_is_always_zero_and_randint_reaches_both_ends():
    rng = Rng(5)
    assert {rng.below(1) for _ in range(10)} == {0}
    assert {rng.randint(-2, 2) for _ in range(200)} == {-2, -1, 0, 1, 2}


def test_die_faces_are_uniform_by_chi_square():
    """60,000 rolls of a fixed seed: chi-square with 5 degrees of freedom well under the
    0.1% critical value 20.52."""
    rng = Rng(12345)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.die(6) - 1] += 1
    assert counts == [10079, 9956, 10049, 9983, 10005, 9928]
    chi2 = sum((c - 10_000) ** 2 / 10_000 for c in counts)
    assert chi2 < 20.52


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("2d6", (2, 6, False, 0)),
        ("d10", (1, 10, False, 0)),
        ("1d6!", (1, 6, True, 0)),
        ("3d6+1", (3, 6, False, 1)),
        (" 2 D 8 - 2 ", (2, 8, False, -2)),
        ("1d20!+3", (1, 20, True, 3)),
    ],
)
def test_parse_dice(text, spec):
    parsed = parse_dice(text)
    assert parsed == spec
    assert (parsed.count, parsed.sides, parsed.exploding, parsed.modifier) == spec


@pytest.mark.parametrize("text", ["", "2d", "d", "2x6", "1d6+", "d6 6", "two d6", "1d6!!"])
def test_parse_dice_refuses_what_is_not_dice(text):
    with pytest.raises(OptionError, match=r"not a dice expression: .* \(expected e.g. '2d6'"):
        parse_dice(text)


@pytest.mark.parametrize("text", ["0d6", "1d1", "2d0"])
def test_parse_dice_needs_a_real_die(text):
    with pytest.raises(OptionError, match="needs at least one die of two or more sides"):
        parse_dice(text)


@given(seed=st.integers(0, 2**32))
def test_roll_totals_stay_in_range(seed):
    rng = Rng(seed)
    assert 2 <= rng.roll("2d6") <= 12
    assert 4 <= rng.roll("3d6+1") <= 19
    assert 1 <= rng.roll("d10") <= 10


def _first_seed(wanted: bool) -> int:
    return next(s for s in range(1000) if (Rng(s).die(6) == 6) is wanted)


def test_exploding_die_adds_on_when_the_first_face_is_six():
    seed = _first_seed(True)
    assert seed == 9
    assert Rng(seed).exploding(6) > 6
    assert Rng(seed).exploding(6) == 9
    assert Rng(seed).roll("1d6!") == 9


def test_exploding_die_is_the_face_when_it_is_not_six():
    seed = _first_seed(False)
    face = Rng(seed).die(6)
    assert face < 6
    assert Rng(seed).exploding(6) == face == Rng(seed).roll("1d6!")


@given(seed=st.integers(0, 2**32))
def test_exploding_totals_never_end_on_a_multiple_of_the_sides(seed):
    """An exploding total is k*6 + (a face 1-5): never a multiple of 6."""
    assert Rng(seed).exploding(6) % 6 != 0


@given(seed=st.integers(0, 2**32), items=st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation_and_repeats_for_a_seed(seed, items):
    a, b = list(items), list(items)
    Rng(seed).shuffle(a)
    Rng(seed).shuffle(b)
    assert a == b
    assert sorted(a) == sorted(items)


@given(seed=st.integers(0, 2**64), counter=st.integers(0, 2**40), items=st.lists(st.integers(), max_size=60))
def test_shuffle_draws_as_fisher_yates_over_below(seed, counter, items):
    """The shuffle's written-out draws are those of the plain loop over ``below``: the same
    order, and the generator left at the same counter."""
    fast, plain = Rng(seed, counter), Rng(seed, counter)
    shuffled, reference = list(items), list(items)
    fast.shuffle(shuffled)
    for i in range(len(reference) - 1, 0, -1):
        j = plain.below(i + 1)
        reference[i], reference[j] = reference[j], reference[i]
    assert shuffled == reference
    assert fast.counter == plain.counter


def _unmix64(x: int) -> int:
    """The inverse of SplitMix64's mixing function: the word ``z`` with ``_mix64(z) == x``."""
    def unshift(y: int, s: int) -> int:  # inverts y ^ (y >> s)
        z = y
        for _ in range(64 // s + 1):
            z = y ^ (z >> s)
        return z
    mask = (1 << 64) - 1
    x = unshift(x, 31)
    x = unshift((x * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask, 27)
    return unshift((x * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask, 30)


@given(count=st.integers(0, 200), counter=st.integers(0, 2**64), seed=st.integers(0, 2**64))
def test_words_mixed_together_are_the_words_drawn_one_by_one(count, counter, seed):
    key = Rng(seed).key
    plain = Rng.from_state(key, counter)
    assert _words(key, counter, count) == [plain.next64() for _ in range(count)]


@given(size=st.integers(2, 40), data=st.data())
def test_shuffle_hands_a_word_it_might_reject_to_the_plain_loop(size, data):
    """A generator whose key is chosen so that one word of the shuffle is the largest there
    is (``below`` rejects it for any bound but a power of two): the shuffle still draws
    exactly as the plain loop over ``below``, and stops at the same counter."""
    position = data.draw(st.integers(1, size - 1), label="word that is 2**64 - 1")
    key = (_unmix64((1 << 64) - 1) - position * 0x9E3779B97F4A7C15) % (1 << 64)
    assert Rng.from_state(key, position - 1).next64() == (1 << 64) - 1
    fast, plain = Rng.from_state(key, 0), Rng.from_state(key, 0)
    shuffled, reference = list(range(size)), list(range(size))
    fast.shuffle(shuffled)
    for i in range(size - 1, 0, -1):
        j = plain.below(i + 1)
        reference[i], reference[j] = reference[j], reference[i]
    assert shuffled == reference
    assert fast.counter == plain.counter


def test_shuffle_is_pinned_and_moves_items():
    items = list(range(10))
    Rng(7).shuffle(items)
    assert items == [8, 6, 1, 3, 5, 2, 0, 4, 9, 7]


def test_choice_and_sample():
    rng = Rng(11)
    assert rng.choice(["only"]) == "only"
    picked = rng.sample(range(20), 20)
    assert sorted(picked) == list(range(20))
    with pytest.raises(ValueError, match="empty sequence"):
        rng.choice([])
    with pytest.raises(ValueError, match="cannot sample 4 from 3 items"):
        rng.sample([1, 2, 3], 4)
