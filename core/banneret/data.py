"""Loading a plugin's data files (boards, blocks, cards, tables) into attrs classes.

Data lives beside the code as JSON. Each record says where it comes from: ``component`` (read
off the published components: map, labels, cards, scenario sheets), ``rulebook`` (the rules
state it), ``reconstructed`` (the rules state it, but the source is damaged and the value was
rebuilt from what the rules imply) or ``placeholder`` (no source has it; an original stand-in
that keeps the mechanism working). Loading validates through one cattrs converter and reports the file and
the record that failed, never a bare traceback.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Callable, Literal, TypeVar

import attrs
import cattrs
from cattrs.v import format_exception

from banneret.errors import DataError

__all__ = ["Provenance", "PROVENANCES", "converter", "read_json", "load_records", "structure", "structure_records"]

Provenance = Literal["component", "rulebook", "reconstructed", "placeholder"]
PROVENANCES: tuple[str, ...] = ("component", "rulebook", "reconstructed", "placeholder")

T = TypeVar("T")

converter = cattrs.Converter(forbid_extra_keys=True)
"""The one serialisation boundary for plugin data: unknown keys are errors, not silence."""


class _NotASequence(ValueError):
    """Text or a mapping stood where a data file needs a list."""


def _is_sequence_type(cls: Any) -> bool:
    return getattr(cls, "__origin__", None) in (list, tuple, set, frozenset)


def _no_text_as_sequence(cls: Any) -> Any:
    """Structure lists, tuples and sets, refusing text: cattrs alone would read ``"abc"`` as
    ``('a', 'b', 'c')``, which in a data file is always a mistake."""
    origin = cls.__origin__
    args: tuple[Any, ...] = getattr(cls, "__args__", ())
    homogeneous = origin is not tuple or (len(args) == 2 and args[1] is Ellipsis)
    item_type = args[0] if args else Any

    def structure_sequence(value: Any, _: Any) -> Any:
        if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
            raise _NotASequence(f"expected a list, not {type(value).__name__} {value!r}")
        if homogeneous:
            return origin(converter.structure(v, item_type) for v in value)
        items = list(value)
        if len(items) != len(args):
            raise ValueError(f"expected {len(args)} items, not {len(items)}: {value!r}")
        return tuple(converter.structure(v, t) for v, t in zip(items, args))

    return structure_sequence


converter.register_structure_hook_factory(_is_sequence_type, _no_text_as_sequence)


def read_json(package: str, filename: str) -> Any:
    """Read ``filename`` shipped inside ``package`` (for example ``"banneret_richard3.data"``)."""
    try:
        text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as exc:
        raise DataError(f"{package}/{filename}: data file not found") from exc
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise DataError(f"{package}/{filename}: not valid JSON ({exc})") from exc
    except _DuplicateKey as exc:
        raise DataError(f"{package}/{filename}: key {exc} appears twice in one object") from None


class _DuplicateKey(ValueError):
    """A JSON object names a key twice (the standard reader would keep the last silently)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(repr(key))
        out[key] = value
    return out


def structure(raw: Any, cls: type[T], where: str) -> T:
    """Validate ``raw`` into ``cls``; a failure names ``where`` and every problem found."""
    try:
        return converter.structure(raw, cls)
    except cattrs.BaseValidationError as exc:
        problems = "; ".join(_flatten(exc))
        raise DataError(f"{where}: {problems}") from exc
    except (TypeError, ValueError, KeyError) as exc:
        raise DataError(f"{where}: {exc}") from exc


def _describe(exc: BaseException, type_: Any) -> str:
    """cattrs' wording, plus the validator's own message where cattrs only says 'invalid value'."""
    if isinstance(exc, _NotASequence):
        return str(exc)
    text = format_exception(exc, type_)
    if text == "invalid value" and str(exc):
        return f"invalid value ({exc})"
    return text


def _flatten(exc: BaseException) -> list[str]:
    if isinstance(exc, cattrs.BaseValidationError):
        notes = cattrs.transform_error(exc, format_exception=_describe)
        return list(notes)
    return [str(exc)]


def structure_records(
    items: list[Any],
    cls: type[T],
    where: str,
    key: str | None = None,
    check: Callable[[T, str], None] | None = None,
) -> list[T]:
    """Validate raw records into ``cls``; each error names ``where[i]`` and, with ``key``,
    the record's key value (``blocks.json[3] (devon)``).

    With ``key``, duplicate values of that field are errors. Records with a ``source`` field
    must name a known provenance. ``check(record, label)`` adds the plugin's own checks.
    """
    has_source = attrs.has(cls) and "source" in attrs.fields_dict(cls)
    out: list[T] = []
    seen: set[Any] = set()
    for i, item in enumerate(items):
        label = f"{where}[{i}]"
        if key is not None and isinstance(item, dict) and isinstance(item.get(key), (str, int)):
            label += f" ({item[key]})"
        record = structure(item, cls, label)
        source = getattr(record, "source", None)
        if has_source and source not in PROVENANCES:
            raise DataError(f"{label}: source must be one of {PROVENANCES}, not {source!r}")
        if check is not None:
            check(record, label)
        if key is not None:
            value = getattr(record, key)
            if value in seen:
                raise DataError(f"{label}: duplicate {key} {value!r}")
            seen.add(value)
        out.append(record)
    return out


def load_records(package: str, filename: str, cls: type[T], key: str | None = None) -> list[T]:
    """Load a JSON list of records into ``cls`` instances (see :func:`structure_records`)."""
    raw = read_json(package, filename)
    if not isinstance(raw, list):
        raise DataError(f"{package}/{filename}: expected a list of records")
    return structure_records(raw, cls, f"{package}/{filename}", key)
