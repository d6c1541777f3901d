"""Declared identity for a game's own data (``state.data``).

A game's data class lists each field once, and says in that one place how the field is
copied and whether it belongs to the state's identity. Copying, the canonical snapshot
that the state hash is made of, and equality are all derived from that declaration, so a
field added later can be neither forgotten by ``clone`` nor left out of the hash::

    from banneret.gamedata import copied, gamedata, nested, shared, static

    @gamedata
    class MyData:
        turn: int = shared()                      # immutable: the copy shares it
        names: tuple[str, ...] = shared()
        score: dict[str, int] = copied()          # a container of immutables: copied
        hands: dict[str, list[str]] = nested()    # containers of containers: copied two deep
        board: Board = static("built once from the scenario; fixed for the game")

``static`` fields are tables fixed for the whole game (a map, precomputed boards): the copy
shares them and they are left out of identity on purpose, with the reason written down.

The decorator makes the class an attrs class with slots, gives it a ``clone()`` generated
once per class (plain attribute copies: it is on the hot path of search and undo), and an
``__eq__`` over the identity fields. :func:`banneret.canonical.canonical` encodes only the
identity fields, so the default :meth:`banneret.Game.snapshot` and
:meth:`banneret.Game.clone_data` need no override.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Callable, TypeVar

import attrs

__all__ = ["Copy", "gamedata", "shared", "copied", "nested", "cloned", "static", "identity_fields", "copy_mode"]

T = TypeVar("T")

_COPY = "banneret.copy"
_REASON = "banneret.static_reason"
IDENTITY_ATTR = "__banneret_identity__"
"""Class attribute of a gamedata class: the names of its identity fields, in order."""


class Copy(Enum):
    """How ``clone()`` copies a field."""

    SHARED = "shared"
    """An immutable value (number, text, tuple, frozen attrs, read-only mapping): shared."""
    COPIED = "copied"
    """A list, dict, set or bytearray of immutable values: the container is copied."""
    NESTED = "nested"
    """A dict or list whose values are such containers: copied two levels deep."""
    CLONED = "cloned"
    """Another gamedata object (or ``None``): copied by its own ``clone()``."""
    STATIC = "static"
    """A table fixed for the whole game: shared, and left out of identity."""


def _field(mode: Copy, reason: str | None = None, **kwargs: Any) -> Any:
    metadata = {**kwargs.pop("metadata", {}), _COPY: mode}
    if reason is not None:
        metadata[_REASON] = reason
    return attrs.field(metadata=metadata, **kwargs)


def shared(**kwargs: Any) -> Any:
    """An immutable field of the identity, shared by copies (``attrs.field`` arguments allowed)."""
    return _field(Copy.SHARED, **kwargs)


def copied(**kwargs: Any) -> Any:
    """A container of immutable values, copied one level deep."""
    return _field(Copy.COPIED, **kwargs)


def nested(**kwargs: Any) -> Any:
    """A dict or list of containers of immutable values, copied two levels deep."""
    return _field(Copy.NESTED, **kwargs)


def cloned(**kwargs: Any) -> Any:
    """Another gamedata object (or ``None``), copied by its ``clone()``."""
    return _field(Copy.CLONED, **kwargs)


def static(reason: str, **kwargs: Any) -> Any:
    """A table fixed for the whole game: shared by copies and, for ``reason``, not part of
    the state's identity (say what makes it fixed, e.g. "built from ``layout``")."""
    if not reason.strip():
        raise ValueError("a static field must say why it is left out of the state's identity")
    return _field(Copy.STATIC, reason, **kwargs)


def copy_mode(field: "attrs.Attribute[Any]") -> Copy | None:
    """The declared copy mode of an attrs field (``None``: not declared)."""
    return field.metadata.get(_COPY)


def identity_fields(cls: type) -> tuple[str, ...] | None:
    """The identity fields of a gamedata class, in declaration order (``None``: not one)."""
    return cls.__dict__.get(IDENTITY_ATTR)


_COPY_EXPRESSION: dict[Copy, str] = {
    Copy.SHARED: "self.{0}",
    Copy.STATIC: "self.{0}",
    Copy.COPIED: "self.{0}.copy()",
    Copy.NESTED: (
        "{{k: v.copy() for k, v in self.{0}.items()}} if self.{0}.__class__ is dict "
        "else [v.copy() for v in self.{0}]"
    ),
    Copy.CLONED: "None if self.{0} is None else self.{0}.clone()",
}


def _make_clone(cls: type, fields: tuple["attrs.Attribute[Any]", ...]) -> Callable[[Any], Any]:
    """``clone`` for ``cls`` as straight-line code, compiled once: one assignment per field."""
    lines = ["def clone(self):", "    new = _new(_cls)"]
    for f in fields:
        lines.append(f"    new.{f.name} = {_COPY_EXPRESSION[copy_mode(f)].format(f.name)}")  # type: ignore[index]
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec(compile("\n".join(lines), f"<clone of {cls.__qualname__}>", "exec"), namespace)
    clone = namespace["clone"]
    clone.__doc__ = "A copy sharing nothing mutable but the static tables (derived from the declaration)."
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    return clone


def _make_eq(cls: type, names: tuple[str, ...]) -> Callable[[Any, Any], Any]:
    """``__eq__`` over the identity fields: equal data hash the same."""
    test = " and ".join(f"self.{n} == other.{n}" for n in names) or "True"
    code = f"def __eq__(self, other):\n    if other.__class__ is not _cls:\n        return NotImplemented\n    return {test}\n"
    namespace: dict[str, Any] = {"_cls": cls}
    exec(compile(code, f"<__eq__ of {cls.__qualname__}>", "exec"), namespace)
    eq = namespace["__eq__"]
    eq.__qualname__ = f"{cls.__qualname__}.__eq__"
    return eq


def gamedata(cls: type[T]) -> type[T]:
    """Make ``cls`` a slotted attrs class whose ``clone``, equality and canonical snapshot
    derive from its fields' declared copy modes; every field must declare one."""
    if "clone" in cls.__dict__ or "snapshot" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: clone and snapshot derive from the declaration; remove the hand-written ones")
    # NO_OP: a plain slot store, so the generated clone stays a run of cheap assignments
    new_cls = attrs.define(cls, slots=True, eq=False, order=False, on_setattr=attrs.setters.NO_OP)
    fields = attrs.fields(new_cls)  # type: ignore[arg-type]  # attrs.define made it an attrs class
    missing = [f.name for f in fields if copy_mode(f) is None]
    if missing:
        raise TypeError(
            f"{cls.__name__}: declare how {', '.join(missing)} copy "
            "(shared(), copied(), nested(), cloned() or static(reason))"
        )
    names = tuple(f.name for f in fields if copy_mode(f) is not Copy.STATIC)
    setattr(new_cls, IDENTITY_ATTR, names)
    setattr(new_cls, "clone", _make_clone(new_cls, fields))
    setattr(new_cls, "__eq__", _make_eq(new_cls, names))
    setattr(new_cls, "__hash__", None)  # mutable: not a dict key
    return new_cls
