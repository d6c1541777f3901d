"""Broken copies of a plugin's data package, for testing that its loader refuses bad files.

A loader test copies the shipped package to a temporary folder under a fresh import name,
edits one JSON file of the copy and checks the error; the shipped files are never touched::

    name, folder = copy_data_package("banneret_mygame.data", tmp_path, monkeypatch)
    rewrite_json(folder, "cards.json", lambda cards: cards[0].update(kind="joker"))
    with pytest.raises(DataError, match="cards.json"):
        load_cards(name)
"""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import pytest

__all__ = ["copy_data_package", "rewrite_json"]


def copy_data_package(package: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    """Copy ``package`` into ``tmp_path`` under a name of its own, importable for the rest
    of the test; returns (the copy's package name, its folder)."""
    name = f"copy_{package.replace('.', '_')}_{tmp_path.name.replace('-', '_').lower()}"
    folder = tmp_path / name
    shutil.copytree(str(resources.files(package)), folder, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.syspath_prepend(str(tmp_path))
    return name, folder


def rewrite_json(folder: Path, filename: str, edit: Callable[[Any], None]) -> None:
    """Load ``filename`` of the copy, let ``edit`` change it in place, and write it back."""
    path = folder / filename
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
