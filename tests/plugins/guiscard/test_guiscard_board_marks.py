"""What Guiscard's boards mark on the map itself, read from the view: a hoplites' formation on
each member's hex with the corner it faces (§7.3), on the Mixed scenario; exact cells and
drawings are pinned."""

from __future__ import annotations

import banneret

from banneret_guiscard.state import Formation

from test_guiscard_board_state import svg
from test_guiscard_board_web import SVG, by_target
from test_guiscard_movement import GAME, REG

N, B = "normans", "byzantines"
HOPLITES = ("basileios", "kosmas", "leon", "nikolaos", "okeanos", "theodoros")
"""The Mixed scenario's six hoplites, two ranks deep on 7,4-7,6 and 8,4-8,6."""


def mixed(facing: int = 0, foulkon: bool = False) -> banneret.State:
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario="Mixed")
    state.data.formations["basileios"] = Formation(HOPLITES, facing, foulkon)
    return state


def row(text: str, r: int) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"r{r:>3} "))


def test_the_terminal_marks_each_member_with_an_arrow_to_the_corner_the_formation_faces():
    plain = GAME.render(banneret.new_game("guiscard", seed=0, registry=REG, scenario="Mixed"), None)
    assert row(plain, 5).endswith("In0   In0   Do0   Hs0   Bimh  Bimh  ..0|  ..0|  ..0   ..0   Nimh")
    assert "formation" not in plain
    text = GAME.render(mixed(), None)
    assert row(text, 5).endswith("In0   In0   Do0   Hs0   Bimh↗ Bimh↗ ..0|  ..0|  ..0   ..0   Nimh")
    assert row(text, 4).endswith("Do0   In0   In0   Bish  Bimh↗ Bimh↗ ..0|  ..0|  ..0   Nckh  Nijh")
    assert text.splitlines()[-1] == "  ↙ west-southwest, ↓ south, ↘ east-southeast); a double arrow (⇗) in a foulkon."
    assert row(GAME.render(mixed(4, foulkon=True), None), 6).endswith("Co0   Bimh⇓ Bimh⇓ ..0|  ..0   ..0   Nilh")


def test_the_web_board_rings_each_member_and_points_a_spear_at_the_corner_it_faces():
    root = svg(mixed(1))
    [formation] = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("formation")]
    assert formation.get("class") == "formation"
    assert formation.find(f"{SVG}title").text == (
        "formation of basileios, kosmas, leon, nikolaos, okeanos, theodoros facing north")
    rings = formation.findall(f"{SVG}polygon")
    spears = formation.findall(f"{SVG}path")
    assert len(rings) == len(spears) == 6
    assert {e.get("stroke") for e in rings} == {e.get("fill") for e in spears} == {"#1f4fa0"}  # the Byzantines' blue
    counters = by_target(root)
    centres = set()
    for pid in HOPLITES:  # the code's text stands 1 below the counter's centre
        code = counters[f"piece:{pid}"].find(f"{SVG}text")
        centres.add(f"translate({code.get('x')} {float(code.get('y')) - 1:.1f}) rotate(-90.0)")  # north: straight up
    assert {spear.get("transform") for spear in spears} == centres
    foulkon = [g for g in svg(mixed(0, foulkon=True)).iter(f"{SVG}g") if g.get("class") == "formation foulkon"]
    assert len(foulkon) == 1
    assert foulkon[0].find(f"{SVG}path").get("transform").endswith("rotate(-30.0)")  # east-northeast


def test_no_formation_no_marker():
    root = svg(banneret.new_game("guiscard", seed=0, registry=REG, scenario="Mixed"))
    assert not [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("formation")]
