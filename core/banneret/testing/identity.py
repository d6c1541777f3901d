"""Checks that a game's state identity sees every field of its data, and that ``clone``
copies the data whole and shares nothing mutable.

For a :func:`banneret.gamedata.gamedata` class the fields checked are its identity fields;
for any other data class, every attrs field, slot or attribute (nothing is declared
static, so nothing is excused). Each field in turn gets a generic perturbation for its
value's type (a number plus one, a changed text, a container with one more item or one
item changed, an attrs value with one field changed) and the state hash must change::

    from banneret.testing.identity import check_identity_along_games

    def test_every_field_is_in_the_hash():
        check_identity_along_games("my_game", seeds=range(3), every=40)
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType
from typing import Any, Iterable, Iterator

import attrs

from banneret import engine
from banneret.canonical import _slots, state_hash
from banneret.gamedata import Copy, copy_mode, identity_fields
from banneret.registry import Registry
from banneret.state import State
from banneret.testing.strategies import PlayScript, resolve_setup, walk

__all__ = [
    "perturbed", "data_fields", "static_fields", "unseen_fields", "shared_mutable_parts",
    "check_identity", "check_identity_along_games",
]

_IMMUTABLE_LEAVES = (type(None), bool, int, float, complex, str, bytes, Enum, range)


def perturbed(value: Any) -> Any:
    """A value of the same kind as ``value`` whose canonical encoding differs from it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, Enum):
        members = [m for m in type(value) if m is not value]
        if not members:
            raise TypeError(f"the enum {type(value).__name__} has one member: no other value to try")
        return members[0]
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "~"
    if value is None:
        return "~"
    if isinstance(value, tuple):
        return value + (value[-1] if value else 0,)  # one item longer
    if isinstance(value, list):
        return value + [value[-1] if value else 0]
    if isinstance(value, (set, frozenset)):
        return type(value)(value | {_new_item(value)})
    if isinstance(value, bytearray):
        return value + b"\x01"
    if isinstance(value, (dict, MappingProxyType)):
        changed = dict(value)
        if changed:
            key = next(iter(changed))
            changed[key] = perturbed(changed[key])
        else:
            changed["~"] = 0
        return changed if isinstance(value, dict) else MappingProxyType(changed)
    if attrs.has(type(value)):
        names = identity_fields(type(value)) or tuple(f.name for f in attrs.fields(type(value)))
        if not names:
            raise TypeError(f"{type(value).__name__} has no field to change")
        field = attrs.fields_dict(type(value))[names[0]]
        alias: str = field.alias or field.name
        return attrs.evolve(value, **{alias: perturbed(getattr(value, field.name))})
    raise TypeError(f"no generic perturbation for a {type(value).__name__}")


def _new_item(items: Any) -> Any:
    """An item not in the set ``items``, of the kind of its items (0 for an empty set)."""
    if not items:
        return 0
    item = perturbed(next(iter(items)))
    for _ in range(len(items)):  # at most len(items) tries can hit members
        if item not in items:
            return item
        item = perturbed(item)
    raise TypeError(f"cannot find a new item for a set of {type(item).__name__}")


def data_fields(data: Any) -> tuple[str, ...]:
    """The fields of ``data`` that its state's identity must cover."""
    cls = type(data)
    declared = identity_fields(cls)
    if declared is not None:
        return declared
    if attrs.has(cls):
        return tuple(f.name for f in attrs.fields(cls))
    return tuple(_slots(cls)) or tuple(vars(data))


def static_fields(data: Any) -> tuple[str, ...]:
    """The fields declared static (shared tables outside identity)."""
    cls = type(data)
    if identity_fields(cls) is None:
        return ()
    return tuple(f.name for f in attrs.fields(cls) if copy_mode(f) is Copy.STATIC)


def unseen_fields(state: State) -> list[str]:
    """The data fields whose perturbation leaves the state hash unchanged, each with why."""
    base = state_hash(state)
    unseen: list[str] = []
    for name in data_fields(state.data):
        copy = engine.clone(state)
        try:
            setattr(copy.data, name, perturbed(getattr(state.data, name)))
        except TypeError as exc:
            unseen.append(f"{name} ({exc})")
            continue
        if state_hash(copy) == base:
            unseen.append(name)
    return unseen


def _mutable_parts(value: Any, found: dict[int, str], path: str) -> None:
    """Record the id of every mutable object reachable from ``value`` (by its path)."""
    if isinstance(value, _IMMUTABLE_LEAVES):
        return
    if isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            _mutable_parts(item, found, f"{path}[{i}]")
        return
    if isinstance(value, MappingProxyType):
        for key, item in value.items():
            _mutable_parts(item, found, f"{path}[{key!r}]")
        return
    if not _frozen(value):
        found.setdefault(id(value), path)
    if isinstance(value, (list, set, bytearray)):
        for i, item in enumerate(value):
            _mutable_parts(item, found, f"{path}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _mutable_parts(key, found, f"{path} key {key!r}")
            _mutable_parts(item, found, f"{path}[{key!r}]")
    else:
        static = set(static_fields(value))
        for name in data_fields(value):
            if name not in static and hasattr(value, name):
                _mutable_parts(getattr(value, name), found, f"{path}.{name}")


def _frozen(value: Any) -> bool:
    """A frozen attrs instance (its fields may still hold mutable things)."""
    if not attrs.has(type(value)):
        return False
    first = attrs.fields(type(value))[0].name if attrs.fields(type(value)) else None
    if first is None:
        return True
    try:
        setattr(value, first, getattr(value, first))  # the same value back: no change either way
    except attrs.exceptions.FrozenInstanceError:
        return True
    return False


def shared_mutable_parts(data: Any, copy: Any) -> list[str]:
    """Paths of mutable objects that ``copy`` shares with ``data`` (static tables excepted)."""
    mine: dict[int, str] = {}
    theirs: dict[int, str] = {}
    _mutable_parts(data, mine, "data")
    _mutable_parts(copy, theirs, "data")
    return sorted(path for key, path in mine.items() if key in theirs and path != "data")


def check_identity(state: State) -> None:
    """Every data field is covered by the state hash; the clone of the data equals it and
    shares nothing mutable with it. Raises ``AssertionError`` naming the fields."""
    where = f"{state.game_id} seed {state.seed} step {state.step}"
    unseen = unseen_fields(state)
    if unseen:
        raise AssertionError(f"{where}: changing {', '.join(unseen)} of the data leaves the state hash unchanged")
    copy = state.game.clone_data(state.data)
    if copy != state.data:
        raise AssertionError(f"{where}: the clone of the data does not equal the original")
    if engine.clone(state) is state or state_hash(engine.clone(state)) != state_hash(state):
        raise AssertionError(f"{where}: a clone of the state hashes differently from the original")
    shared = shared_mutable_parts(state.data, copy)
    if copy is state.data or shared:
        raise AssertionError(f"{where}: the clone of the data shares mutable parts: {', '.join(shared) or 'data itself'}")


def _states_along(game_id: str, seed: int, every: int, max_steps: int, registry: Registry | None) -> Iterator[State]:
    script = PlayScript(seed=seed, agent_seed=seed)
    setup = resolve_setup(game_id, script, registry)
    for step in walk(setup, script, registry, max_steps, hashes=False):
        if step.index % every == 0 or step.action is None:
            yield step.state


def check_identity_along_games(
    game_id: str, seeds: Iterable[int] = range(3), every: int = 25, max_steps: int = 400,
    registry: Registry | None = None,
) -> int:
    """:func:`check_identity` at every ``every``-th step of random games, one per seed;
    returns how many states were checked."""
    checked = 0
    for seed in seeds:
        for state in _states_along(game_id, seed, every, max_steps, registry):
            check_identity(state)
            checked += 1
    return checked
