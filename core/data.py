"""Loading a plugin's data files (boards, blocks, cards, tables) into attrs classes.

Data lives beside the code as JSON. Each record says where it comes from: ``rulebook`` (the
rules state it) or ``placeholder`` (the rules lack it; an original stand-in that keeps the
mechanism working). Loading validates through one cattrs converter and reports the file and
the record that failed, never a bare traceback.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Literal, TypeVar

import attrs
import cattrs

from banneret.errors import DataError

__all__ = ["Provenance", "PROVENANCES", "converter", "read_json", "load_records", "structure"]

Provenance = Literal["rulebook", "placeholder"]
PROVENANCES: tuple[str, ...] = ("rulebook", "placeholder")

T = TypeVar("T")

converter = cattrs.Converter(forbid_extra_keys=True)
"""The one serialisation boundary for plugin data: unknown keys are errors, not silence."""


def read_json(package: str, filename: str) -> Any:
    """Read ``filename`` shipped inside ``package`` (for example ``"banneret_richard3.data"``)."""
    try:
        text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as exc:
        raise DataError(f"{package}/{filename}: data file not found") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{package}/{filename}: not valid JSON ({exc})") from exc


def structure(raw: Any, cls: type[T], where: str) -> T:
    """Validate ``raw`` into ``cls``; a failure names ``where`` and every problem found."""
    try:
        return converter.structure(raw, cls)
    except cattrs.BaseValidationError as exc:
        problems = "; ".join(_flatten(exc))
        raise DataError(f"{where}: {problems}") from exc
    except (TypeError, ValueError, KeyError) as exc:
        raise DataError(f"{where}: {exc}") from exc


def _flatten(exc: BaseException) -> list[str]:
    if isinstance(exc, cattrs.BaseValidationError):
        notes = cattrs.transform_error(exc)
        return list(notes)
    return [str(exc)]


def load_records(package: str, filename: str, cls: type[T], key: str | None = None) -> list[T]:
    """Load a JSON list of records into ``cls`` instances.

    With ``key``, duplicate values of that field are reported as an error. Records with a
    ``source`` field must name a known provenance.
    """
    raw = read_json(package, filename)
    if not isinstance(raw, list):
        raise DataError(f"{package}/{filename}: expected a list of records")
    out: list[T] = []
    seen: set[Any] = set()
    for i, item in enumerate(raw):
        where = f"{package}/{filename}[{i}]"
        record = structure(item, cls, where)
        source = getattr(record, "source", None)
        if attrs.has(cls) and "source" in attrs.fields_dict(cls) and source not in PROVENANCES:
            raise DataError(f"{where}: source must be one of {PROVENANCES}, not {source!r}")
        if key is not None:
            value = getattr(record, key)
            if value in seen:
                raise DataError(f"{where}: duplicate {key} {value!r}")
            seen.add(value)
        out.append(record)
    return out
