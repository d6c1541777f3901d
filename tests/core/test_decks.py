"""Decks: deterministic shuffles, reshuffle only on exhaustion, and no card lost or doubled."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from banneret.decks import Deck
from banneret.rng import Rng

CARDS = [f"c{i}" for i in range(10)]


def test_new_is_a_seeded_shuffle():
    deck = Deck.new(CARDS, Rng(7))
    assert deck.draw_pile == ["c8", "c6", "c1", "c3", "c5", "c2", "c0", "c4", "c9", "c7"]
    assert deck.discard_pile == []
    assert len(deck) == 10


def test_draw_takes_from_the_end_of_the_list():
    deck = Deck(["a", "b", "c"], [])
    assert deck.peek(2) == ["c", "b"]
    assert deck.draw(Rng(1), 2) == ["c", "b"]
    assert deck.draw_pile == ["a"] and len(deck) == 1


def test_draw_reshuffles_discards_only_when_empty():
    rng = Rng(3)
    deck = Deck(["a"], ["x", "y", "z"])
    assert deck.draw(rng) == ["a"]
    assert rng.counter == 0 and deck.discard_pile == ["x", "y", "z"]
    drawn = deck.draw(rng, 2)
    assert rng.counter > 0
    assert deck.discard_pile == []
    assert sorted(drawn + deck.draw_pile) == ["x", "y", "z"]


def test_draw_from_exhausted_deck_returns_fewer():
    deck = Deck(["a"], ["b"])
    assert sorted(deck.draw(Rng(0), 5)) == ["a", "b"]
    assert deck.draw(Rng(0), 1) == []
    assert deck.draw(Rng(0), 0) == []
    with pytest.raises(ValueError):
        deck.draw(Rng(0), -1)


def test_draw_until_discards_passed_cards():
    deck = Deck(["k1", "x", "k2", "a", "b"], ["old"])
    found, passed = deck.draw_until(Rng(0), lambda c: c.startswith("k"))
    assert (found, passed) == ("k2", ["b", "a"])
    assert deck.draw_pile == ["k1", "x"]
    assert deck.discard_pile == ["old", "b", "a"]


def test_draw_until_never_redraws_passed_cards():
    deck = Deck(["a", "b"], ["c"])
    found, passed = deck.draw_until(Rng(5), lambda c: False)
    assert found is None
    assert passed[:2] == ["b", "a"] and sorted(passed) == ["a", "b", "c"]
    assert deck.draw_pile == [] and sorted(deck.discard_pile) == ["a", "b", "c"]


def test_deal_round_robin():
    deck = Deck(["f", "e", "d", "c", "b", "a"], [])
    hands = deck.deal(Rng(0), ["york", "lancaster"], 2)
    assert hands == {"york": ["a", "c"], "lancaster": ["b", "d"]}
    assert list(hands) == ["york", "lancaster"]
    short = Deck(["c", "b", "a"], []).deal(Rng(0), ["p", "q"], 2)
    assert short == {"p": ["a", "c"], "q": ["b"]}
    with pytest.raises(ValueError, match="only once"):
        deck.deal(Rng(0), ["york", "york"], 1)


def test_discard_and_peek():
    deck = Deck(["a", "b"], [])
    deck.discard(["x", "y"])
    assert deck.discard_pile == ["x", "y"]
    with pytest.raises(TypeError):
        deck.discard("xy")
    assert deck.peek(5) == ["b", "a"] and deck.peek(0) == []
    assert deck.draw_pile == ["a", "b"]


def test_shuffle_with_and_without_discards():
    deck = Deck(list(CARDS), ["d1", "d2"])
    deck.shuffle(Rng(1))
    assert sorted(deck.draw_pile) == CARDS and deck.discard_pile == ["d1", "d2"]
    deck.shuffle(Rng(1), with_discards=True)
    assert sorted(deck.draw_pile) == sorted(CARDS + ["d1", "d2"]) and deck.discard_pile == []


def test_clone_is_independent():
    deck = Deck.new(CARDS, Rng(2))
    copy = deck.clone()
    assert copy == deck
    copy.draw(Rng(0), 3)
    copy.discard(["z"])
    assert len(deck) == 10 and deck.discard_pile == []


@given(st.integers(), st.integers(0, 12))
def test_same_seed_same_draws(seed, n):
    first, second = Deck.new(CARDS, Rng(seed)), Deck.new(CARDS, Rng(seed))
    rng1, rng2 = Rng(seed + 1), Rng(seed + 1)
    first.discard(first.draw(rng1, 6))
    second.discard(second.draw(rng2, 6))
    assert first.draw(rng1, n) == second.draw(rng2, n)
    assert first == second and rng1 == rng2


operations = st.lists(
    st.one_of(
        st.tuples(st.just("draw"), st.integers(0, 6)),
        st.tuples(st.just("discard"), st.integers(0, 6)),
        st.tuples(st.just("draw_until"), st.sampled_from(CARDS)),
        st.tuples(st.just("deal"), st.integers(0, 3)),
        st.tuples(st.just("shuffle"), st.booleans()),
        st.tuples(st.just("peek"), st.integers(0, 12)),
        st.tuples(st.just("clone"), st.none()),
    ),
    max_size=30,
)


@given(st.integers(0, 2**32), operations)
def test_cards_are_conserved_and_reshuffle_only_when_empty(seed, ops):
    rng = Rng(seed)
    deck = Deck.new(CARDS, rng)
    hand: list[str] = []
    for op, arg in ops:
        before = deck.clone()
        counter = rng.counter
        if op == "draw":
            drawn = deck.draw(rng, arg)
            hand += drawn
            if len(before) >= arg:
                # Enough cards on the draw pile: no reshuffle, the top cards come off.
                assert drawn == before.peek(arg)
                assert deck.discard_pile == before.discard_pile and rng.counter == counter
            else:
                assert drawn[: len(before)] == before.peek(arg)
                assert len(drawn) == min(arg, len(before) + len(before.discard_pile))
        elif op == "discard":
            deck.discard(hand[:arg])
            del hand[:arg]
        elif op == "draw_until":
            found, passed = deck.draw_until(rng, lambda c, target=arg: c == target)
            assert (found == arg) == (arg in before.draw_pile + before.discard_pile)
            assert found not in passed and deck.discard_pile[len(deck.discard_pile) - len(passed) :] == passed
            if found is not None:
                hand.append(found)
        elif op == "deal":
            hands = deck.deal(rng, ["a", "b", "c"], arg)
            hand += [card for h in hands.values() for card in h]
        elif op == "shuffle":
            deck.shuffle(rng, with_discards=arg)
        elif op == "peek":
            assert deck.peek(arg) == before.draw_pile[::-1][:arg]
            assert deck == before
        else:
            deck = deck.clone()
        everything = deck.draw_pile + deck.discard_pile + hand
        assert Counter(everything) == Counter(CARDS)
