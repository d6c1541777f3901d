"""Reading a plugin's JSON data files: a damaged file is a DataError naming it."""

from __future__ import annotations

import sys

import pytest

from banneret.data import read_json
from banneret.errors import DataError


@pytest.fixture
def package(tmp_path, monkeypatch):
    """An importable package ``fake_data`` in a temporary folder."""
    folder = tmp_path / "fake_data"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "fake_data", raising=False)  # each test's own folder
    return folder


def test_a_data_file_is_read(package):
    (package / "ok.json").write_text('{"a": 1, "b": {"c": [2, 3]}}')
    assert read_json("fake_data", "ok.json") == {"a": 1, "b": {"c": [2, 3]}}


def test_a_key_twice_in_one_object_is_refused(package):
    """JSON readers keep the last of two equal keys; in a data file that hides a mistake."""
    (package / "twice.json").write_text('{"locations": {"oxford": "pool", "oxford": "essex"}}')
    with pytest.raises(DataError, match=r"fake_data/twice.json: key 'oxford' appears twice in one object"):
        read_json("fake_data", "twice.json")


def test_damaged_and_missing_files_name_the_file(package):
    (package / "bad.json").write_text('{"a": ')
    with pytest.raises(DataError, match=r"fake_data/bad.json: not valid JSON"):
        read_json("fake_data", "bad.json")
    with pytest.raises(DataError, match=r"fake_data/none.json: data file not found"):
        read_json("fake_data", "none.json")
