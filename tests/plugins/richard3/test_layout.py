"""The web board's schematic layout (layout.json): one placeholder position per area and sea,
area boxes that never overlap, roughly where the places lie, and bad files refused."""

from __future__ import annotations

import itertools
import json
import shutil
from importlib import resources

import pytest

from banneret.errors import DataError
from banneret_richard3.board import BOX_H, BOX_W
from banneret_richard3.data_model import DATA_PACKAGE, load_layout, load_map


def test_every_area_and_sea_has_exactly_one_position():
    raw = json.loads(resources.files(DATA_PACKAGE).joinpath("layout.json").read_text(encoding="utf-8"))
    game_map = load_map()
    ids = [r["id"] for r in raw]
    assert sorted(ids) == sorted([*game_map.areas, *game_map.seas])  # each once, nothing else
    layout = load_layout()
    assert {i for i, p in layout.items() if p.kind == "sea"} == set(game_map.seas)
    assert all(p.source == "placeholder" and p.invented == ("x", "y") for p in layout.values())


def test_no_two_area_boxes_overlap():
    layout = load_layout()
    areas = [p for p in layout.values() if p.kind == "area"]
    assert len(areas) == 33
    for a, b in itertools.combinations(areas, 2):
        assert abs(a.x - b.x) >= BOX_W or abs(a.y - b.y) >= BOX_H, (a.id, b.id)


def test_the_schematic_is_roughly_geographic():
    """North at the top, Wales to the west, Kent in the south-east, exile areas outside."""
    p = load_layout()
    assert p["scotland"].y < p["cumbria"].y < p["lancaster"].y < p["chester"].y < p["gloucester"].y < p["dorset"].y
    assert p["pembroke"].x < p["hereford"].x < p["oxford"].x < p["middlesex"].x < p["kent"].x
    assert p["kent"].x > p["sussex"].x and p["kent"].y > p["essex"].y
    assert p["ireland"].x < p["caernarvon"].x and p["calais"].x > p["kent"].x and p["france"].y > p["sussex"].y
    assert p["irish_sea"].x < p["chester"].x < p["lincoln"].x < p["north_sea"].x
    assert p["english_channel"].y > p["somerset"].y


@pytest.fixture
def layout_copy(tmp_path, monkeypatch):
    """A private copy of the data package; returns (package name, path of its layout.json)."""
    name = f"r3layout_{tmp_path.name.replace('-', '_').lower()}"
    shutil.copytree(resources.files(DATA_PACKAGE), tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.syspath_prepend(str(tmp_path))
    return name, tmp_path / name / "layout.json"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda rs: rs.remove(next(r for r in rs if r["id"] == "kent")), r"layout.json: no position for \['kent'\]"),
        (lambda rs: rs.append(dict(rs[0])), r"layout.json\[36\] \(scotland\): duplicate id 'scotland'"),
        (lambda rs: rs.append(dict(rs[0], id="atlantis")), r"layout.json \(atlantis\): map.json has no area of that id"),
        (lambda rs: next(r for r in rs if r["id"] == "north_sea").update(kind="area"),
         r"layout.json \(north_sea\): map.json has no area of that id"),
        (lambda rs: rs[0].update(invented=[]), r"layout.json\[0\] \(scotland\): a placeholder record must list"),
    ],
)
def test_a_bad_layout_is_refused_naming_the_record(layout_copy, edit, message):
    name, path = layout_copy
    records = json.loads(path.read_text(encoding="utf-8"))
    edit(records)
    path.write_text(json.dumps(records), encoding="utf-8")
    with pytest.raises(DataError, match=message):
        load_layout(name)
