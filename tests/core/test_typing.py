"""The engine type-checks clean: a reader, an editor and a plugin author can trust its
annotations (mypy, configured in pyproject.toml, over core/banneret)."""

from __future__ import annotations

from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api", reason="mypy comes with the test extras")

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_is_clean_over_the_engine(tmp_path):
    out, err, status = mypy_api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path), str(ROOT / "core" / "banneret")]
    )
    assert status == 0, out + err
