"""Canonical encoding and hashing of game states.

A state hash must be the same in every process and under every ``PYTHONHASHSEED``, so the
encoding never depends on the iteration order of a set or a dict: sets are sorted, dict
items are sorted by the text of their keys, attrs instances become ordered field lists.
A :func:`banneret.gamedata.gamedata` class contributes its identity fields only: its static
tables are left out by declaration.
"""

from __future__ import annotations

import hashlib
import json
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs

from banneret.gamedata import IDENTITY_ATTR

if TYPE_CHECKING:
    from banneret.state import State

__all__ = ["canonical", "state_hash"]


def canonical(obj: Any) -> Any:
    """Plain JSON data with a fixed order for ``obj`` (gamedata and attrs classes, slotted
    classes with a ``__getstate__``-free ``__slots__``, containers, read-only mappings,
    enums, scalars)."""
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, Enum):
        return canonical(obj.value)
    if isinstance(obj, (list, tuple)):
        return [canonical(x) for x in obj]
    if isinstance(obj, (set, frozenset)):
        items = [canonical(x) for x in obj]
        return sorted(items, key=_sort_key)
    if isinstance(obj, (dict, MappingProxyType)):
        if all(isinstance(k, str) for k in obj):
            return {k: canonical(obj[k]) for k in sorted(obj)}
        # other keys (ints, tuples, mixed): ordered pairs, so 1 and "1" stay distinct
        pairs = [[canonical(k), canonical(v)] for k, v in obj.items()]
        pairs.sort(key=lambda kv: _sort_key(kv[0]))
        return {"__pairs__": pairs}
    identity = type(obj).__dict__.get(IDENTITY_ATTR)
    if identity is not None:
        return {name: canonical(getattr(obj, name)) for name in identity}
    if attrs.has(type(obj)):
        return {f.name: canonical(getattr(obj, f.name)) for f in attrs.fields(type(obj))}
    slots = _slots(type(obj))
    if slots:
        return {name: canonical(getattr(obj, name)) for name in slots if hasattr(obj, name)}
    if hasattr(obj, "__dict__"):
        return canonical(vars(obj))
    raise TypeError(f"cannot encode {type(obj).__name__} canonically")


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__slots__", ()):
            if name not in names and not name.startswith("__"):
                names.append(name)
    return names


def _sort_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"))


def state_hash(state: "State") -> str:
    """A short, stable fingerprint of everything that decides the game's future."""
    payload = {
        "game": state.game_id,
        "step": state.step,
        "rng": list(state.rng.state()),
        # a frame's record and an ended game are encoded only when present, so the hashes
        # of states that have neither are the same as before they existed (old saves load)
        "stack": [
            [f.proc, canonical(f.vars), f.started] + ([] if f.record is None else [canonical(f.record)])
            for f in state.stack
        ],
        "data": state.game.snapshot(state),
    }
    if state.ended is not None:
        payload["ended"] = canonical(state.ended)
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
