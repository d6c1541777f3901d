"""Canonical encoding and state hashes: a fixed order for sets and dicts, attrs and slotted
classes as ordered fields, and the same hash in every process."""

from __future__ import annotations

import enum
import json
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import banneret
from banneret.canonical import canonical, state_hash
from banneret.registry import registry_from

import toys

HERE = Path(__file__).parent
REG = registry_from([toys])


class Colour(enum.Enum):
    RED = "red"
    BLUE = 2


@attrs.define
class Block:
    name: str
    steps: int
    tags: set[str] = attrs.field(factory=set)


@attrs.frozen
class Hexagon:
    q: int
    r: int


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self, a, b=None) -> None:
        self.a = a
        if b is not None:
            self.b = b


class MoreSlotted(Slotted):
    __slots__ = ("c",)

    def __init__(self) -> None:
        super().__init__(1, 2)
        self.c = [3]


class Plain:
    def __init__(self) -> None:
        self.z = 1
        self.a = {"y", "x"}


def test_scalars_and_containers():
    assert canonical(None) is None
    assert canonical([1, "a", 2.5, True]) == [1, "a", 2.5, True]
    assert canonical((1, (2, 3))) == [1, [2, 3]]
    assert canonical({"b": 1, "a": 2}) == {"a": 2, "b": 1}
    assert list(canonical({"b": 1, "a": 2})) == ["a", "b"]


def test_sets_are_sorted_by_their_encoding():
    assert canonical({"pine", "ash", "oak"}) == ["ash", "oak", "pine"]
    assert canonical(frozenset({3, 1, 2})) == [1, 2, 3]
    assert canonical({(2, 1), (1, 5)}) == [[1, 5], [2, 1]]


def test_non_text_dict_keys_become_ordered_pairs():
    assert canonical({Hexagon(0, -1): "c", 3: "a", (1, 2): "b"}) == {
        "__pairs__": [[3, "a"], [[1, 2], "b"], [{"q": 0, "r": -1}, "c"]],
    }


def test_attrs_instances_are_ordered_fields():
    encoded = canonical(Block("archers", 3, {"b", "a"}))
    assert encoded == {"name": "archers", "steps": 3, "tags": ["a", "b"]}
    assert list(encoded) == ["name", "steps", "tags"]


def test_slotted_classes_encode_set_slots_from_every_base():
    assert canonical(Slotted(1)) == {"a": 1}
    assert canonical(MoreSlotted()) == {"a": 1, "b": 2, "c": [3]}


def test_plain_objects_and_enums():
    assert canonical(Plain()) == {"a": ["x", "y"], "z": 1}
    assert canonical([Colour.RED, Colour.BLUE]) == ["red", 2]


def test_unencodable_objects_are_named():
    with pytest.raises(TypeError, match="cannot encode builtin_function_or_method canonically"):
        canonical({"f": len})
    with pytest.raises(TypeError, match="cannot encode object canonically"):
        canonical(object())


def test_int_and_text_keys_stay_distinct():
    assert canonical({1: "a"}) != canonical({"1": "a"})
    assert canonical({1: "a", "1": "b"}) == {"__pairs__": [["1", "b"], [1, "a"]]}
    assert canonical({1: "a"}) != canonical([[1, "a"]])


def test_state_hash_is_pinned_for_a_toy_game():
    """A change here invalidates every saved game's hashes: bump the save format if so."""
    state = banneret.new_game("duel", seed=1, registry=REG)
    assert state_hash(state) == "fbc81091b2708bd6"
    banneret.apply(state, banneret.find_action(state, "north", "bid 2"))
    assert state_hash(state) == "9da289a0a5b2cf1b"


def test_state_hash_covers_data_rng_stack_and_step():
    state = banneret.new_game("duel", seed=1, registry=REG)
    base = state_hash(state)
    changed = []
    for change in (
        lambda s: s.data.score.__setitem__("north", 1),
        lambda s: s.rng.next64(),
        lambda s: s.stack[-1].vars.__setitem__("x", 1),
        lambda s: setattr(s, "step", 1),
    ):
        copy = state.clone()
        change(copy)
        changed.append(state_hash(copy) != base)
    assert changed == [True, True, True, True]
    copy = state.clone()
    copy.emit("a log line does not decide the future")
    assert state_hash(copy) == base


_SCRIPT = """
import json, sys
sys.path.insert(0, {here!r})
import banneret, toys
from banneret.canonical import canonical, state_hash
from banneret.registry import registry_from
state = banneret.new_game("duel", seed=4, registry=registry_from([toys]))
groves = {{"pine", "ash", "oak", "elm", "yew", "fir", "hazel", "rowan"}}
state.stack[0].vars["groves"] = frozenset(groves)
for label in ("bid 3", "bid 1"):
    player = banneret.pending(state).players[0]
    banneret.apply(state, banneret.find_action(state, player, label))
print(json.dumps([canonical(groves), canonical({{"b": 1, "a": {{"x", "y", "w"}}}}), state_hash(state)]))
"""


def test_encoding_is_independent_of_pythonhashseed():
    outputs = set()
    for seed in ("0", "1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", _SCRIPT.format(here=str(HERE))],
            env=dict(os.environ, PYTHONHASHSEED=seed), capture_output=True, text=True, check=True,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    sets, nested, _ = json.loads(outputs.pop())
    assert sets == ["ash", "elm", "fir", "hazel", "oak", "pine", "rowan", "yew"]
    assert nested == {"a": ["w", "x", "y"], "b": 1}
