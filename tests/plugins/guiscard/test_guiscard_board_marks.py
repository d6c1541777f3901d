"""What Guiscard's boards mark on the map itself, read from the view and the map: a hoplites'
formation on each member's hex with the corner it faces (§7.3), on the Mixed scenario; the
walls and openings of the Village's house and the Keep's tower on the terminal (§8.1, §9.1);
the tents' canvas and a cut tent on the web board (§8.5.2). Exact cells and drawings are
pinned."""

from __future__ import annotations

import banneret

from banneret_guiscard.board import FORMATION_LEGEND, WALL_LEGEND
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
    assert row(plain, 5).endswith("Do0   Hs0  |Bimh  Bimh  ..0|  ..0|  ..0   ..0   Nimh")
    assert "formation" not in plain
    text = GAME.render(mixed(), None)
    assert row(text, 5).endswith("Do0   Hs0  |Bimh↗ Bimh↗ ..0|  ..0|  ..0   ..0   Nimh")
    assert row(text, 4).endswith("In0   In0   Bish wBimh↗ Bimh↗ ..0|  ..0|  ..0   Nckh  Nijh")
    assert text.splitlines()[-2:] == list(FORMATION_LEGEND)
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


# --------------------------------------------------------------------------- §8.1, §9.1 walls and openings


def lines_from(text: str, r: int, count: int) -> list[str]:
    lines = text.splitlines()
    start = lines.index(row(text, r))
    return lines[start:start + count]


def test_the_terminal_draws_the_walls_and_openings_between_the_hexes():
    village = GAME.render(banneret.new_game("guiscard", seed=0, registry=REG, scenario="Village fight"), None)
    assert lines_from(village, 2, 10) == [
        "r  2  ..0   ..0   Co0   ..0   ..0   ..0   ..0   ..0   ..0   Co0   ..0   ..0|  ..0|  Nckh3 Nck=  ..0",
        "   q   -1     0     1     2     3     4     5     6     7     8     9    10    11    12    13    14",
        "                     \\\\ // \\\\ // \\\\ // \\\\ // \\w // \\\\ // \\\\ //",  # the north wall, a window
        "r  3     ..0   ..0  |Yd0   Yd0   Yd0  |Bilh  Biah  In0   In0  |..0   ..0   ..0|  ..0|  ..0   ..0   br0",
        "   q      -1     0     1     2     3     4     5     6     7     8     9    10    11    12    13    14",
        "                  \\\\                \\\\                      \\\\",
        "r  4  ..0   ..0  eYd0   Bimh  Yd0  dDo0   Bijh  In0   Bish w..0   ..0   ..0|  Niah  ..0   ..0   ..0",
        "   q   -2    -1     0     1     2     3     4     5     6     7     8     9    10    11    12    13",
        "                  //                //                      //",
        "r  5     ..0   ..0  |Yd0   Yd0   Bivh |In0   In0   Bimh  Hs0  |..0   ..0   ..0|  Nijh  ..0   ..0   ..0",
    ]  # the courtyard's entrance (e), the house's door (d) from the courtyard, a window (w) to the east
    assert village.splitlines()[-2:] == list(WALL_LEGEND)
    keep = GAME.render(banneret.new_game("guiscard", seed=0, registry=REG, scenario="Castle assault"), None)
    assert lines_from(keep, 2, 4) == [
        "r  2  ..0   ..0   ..0   ..0  |Bijh  Bilh |PP0   PP0#  PP0#  PP0#  PP0#  PP0#  PP0#  ..0   ..0   ..0",
        "   q   -1     0     1     2     3     4     5     6     7     8     9    10    11    12    13    14",
        "                              //          //",
        "r  3     ..0   ..0   ..0   ..0  sAs0   Tw0  dBa0#  Pl1   Pl1   Biah  Pl1   Pl1   PP0#  ..0   ..0   ..0",
    ]  # the tower: an arrow slit (s) to the west, its door (d) into the castle ground
    assert keep.splitlines()[1:5] == [
        "r  0  ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0",
        "   q    0     1     2     3     4     5     6     7     8     9    10    11    12    13    14    15",
        "r  1     ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0   ..0",
        "   q       0     1     2     3     4     5     6     7     8     9    10    11    12    13    14    15",
    ]
    open_field = GAME.render(banneret.new_game("guiscard", seed=0, registry=REG, scenario="Placeholder 1"), None)
    assert not any(line.startswith(" " * 6) for line in open_field.splitlines()) and "Walls" not in open_field


# --------------------------------------------------------------------------- §8.5.2 tents on the web board


def canvas(root) -> list[str]:
    return sorted(e.find(f"{SVG}title").text for e in root.iter(f"{SVG}line") if e.get("class") == "canvas")


def test_the_web_board_draws_the_tents_canvas_and_a_cut_tent_open_and_torn():
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario="Village fight")
    whole = canvas(svg(state))
    around_cut = [line for line in whole if line.startswith("tent canvas: 2,9 |")]
    assert around_cut == ["tent canvas: 2,9 | 2,10", "tent canvas: 2,9 | 2,8", "tent canvas: 2,9 | 3,8", "tent canvas: 2,9 | 3,9"]
    assert not [line for line in whole if line.startswith("tent canvas: 1,9 |")]  # the entrance is open
    state.data.structures[(2, 9)] = ("cut", 1)
    root = svg(state)
    assert canvas(root) == [line for line in whole if line not in around_cut]
    cut = by_target(root)["hex:2,9"]
    [tear] = [e for e in cut.iter(f"{SVG}path") if e.get("class") == "tear"]
    assert tear.get("d") == "M-10 -15L-3 -9L-7 -4L1 1L-3 6L5 9"
    polygon = cut.find(f"{SVG}polygon").get("points").split()
    x, y = float(polygon[4].split(",")[0]), (float(polygon[0].split(",")[1]) + float(polygon[5].split(",")[1])) / 2
    assert tear.get("transform") == f"translate({x:.1f} {y:.1f})"  # on the hex's centre
