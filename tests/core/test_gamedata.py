"""Declared identity (banneret.gamedata): clone, equality and the canonical snapshot all
come from one declaration per field, and the identity test kit sees a forgotten field."""

from __future__ import annotations

from types import MappingProxyType

import attrs
import pytest

import banneret
import toys
from banneret.canonical import canonical
from banneret.gamedata import cloned, copied, gamedata, identity_fields, nested, shared, static
from banneret.registry import registry_from
from banneret.testing.identity import perturbed, shared_mutable_parts, unseen_fields


@attrs.frozen
class Piece:
    kind: str
    strength: int


@gamedata
class Inner:
    marks: list[int] = copied(factory=list)


@gamedata
class Toy:
    turn: int = shared()
    names: tuple[str, ...] = shared()
    params: MappingProxyType = shared(converter=lambda m: MappingProxyType(dict(m)))
    score: dict[str, int] = copied()
    hands: dict[str, list[str]] = nested()
    rows: list[list[int]] = nested()
    inner: Inner | None = cloned()
    pieces: set[Piece] = copied(factory=set)
    board: dict[str, tuple[str, ...]] = static("built from names; fixed for the game", factory=dict)


def toy() -> Toy:
    return Toy(
        3, ("a", "b"), {"cost": 2}, {"a": 1, "b": 2}, {"a": ["x"], "b": []}, [[1], [2, 3]], Inner([4]),
        {Piece("foot", 2)}, {"a": ("b",)},
    )


def test_clone_copies_each_field_as_declared():
    t = toy()
    c = t.clone()
    assert c == t and c is not t
    assert c.score is not t.score and c.hands["a"] is not t.hands["a"] and c.rows[1] is not t.rows[1]
    assert c.inner is not t.inner and c.inner.marks is not t.inner.marks
    assert c.names is t.names and c.params is t.params and c.board is t.board
    assert shared_mutable_parts(t, c) == []
    c.hands["a"].append("y")
    c.inner.marks.append(5)
    assert t.hands["a"] == ["x"] and t.inner.marks == [4] and c != t


def test_static_fields_are_outside_identity_and_equality():
    t = toy()
    assert identity_fields(Toy) == ("turn", "names", "params", "score", "hands", "rows", "inner", "pieces")
    assert "board" not in canonical(t)
    other = t.clone()
    other.board = {"changed": ()}
    assert other == t and canonical(other) == canonical(t)


def test_every_identity_field_is_encoded_and_compared():
    t = toy()
    for name in identity_fields(Toy):
        c = t.clone()
        setattr(c, name, perturbed(getattr(t, name)))
        assert canonical(c) != canonical(t), name
        assert c != t, name


def test_a_field_without_a_copy_mode_is_refused():
    with pytest.raises(TypeError, match=r"declare how later copy"):
        @gamedata
        class Forgetful:
            turn: int = shared()
            later: list[int] = attrs.field(factory=list)


def test_static_needs_a_reason_and_clone_is_never_hand_written():
    with pytest.raises(ValueError, match="must say why"):
        static(" ")
    with pytest.raises(TypeError, match="remove the hand-written ones"):
        @gamedata
        class HandWritten:
            turn: int = shared()

            def clone(self):
                return self


def test_the_identity_kit_finds_a_field_a_hand_written_snapshot_forgot():
    state = banneret.new_game("duel", seed=1, registry=registry_from([toys]))
    assert unseen_fields(state) == []  # DuelData is encoded whole
    forgetful = type("Forgetful", (type(state.game),), {"snapshot": lambda self, s: canonical(s.data.score)})
    state.game = forgetful()
    assert unseen_fields(state) == ["secret", "revealed", "round", "winner"]

