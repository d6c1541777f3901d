"""Warrior Knights' web board: the map, the armies and the table's panels drawn as SVG from
one seat's view.

Everything that changes is read from ``context.view`` (``banneret.view(state, player)``),
so the page shows what the seat may know and nothing more: another baron's hand and planned
cards are counts, the action spaces are face-down stacks. The map itself (areas, borders,
rivers, bridges, mountains, roads, ports) never changes, so it is drawn once into
:class:`BoardGeometry`, an immutable object built from the board data; the areas stand where
the data's ``x, y`` put them, scaled.

Click paths (``targets``), one click each: an area for every action whose argument is an
area (a stronghold site, where a noble goes); a noble (on the map, or in his baron's panel
while off the board) for every action whose argument is a noble; a baron's stronghold for
putting a troop card in its garrison; an action space for planning a card there (the cards
that fit are then offered as buttons); a special area for allocating the card there; a
mercenary track space for a marker put or bought there.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from banneret import Action
from banneret.boards import BoardContext, BoardDrawing, esc, tag
from banneret_warrior_knights.battle_losses import is_garrison
from banneret_warrior_knights.state import SPACES, SPECIAL_AREAS, tables

__all__ = [
    "BARON_FILL", "SHAPE_MARK", "BoardGeometry", "geometry", "action_path", "board_targets",
    "draw_board", "board_drawing", "moves_lines", "session_lines", "ballot_lines", "revealed_lines", "counting_lines",
    "expedition_state", "battle_heading", "battle_side_lines", "battle_after_lines", "noble_status",
    "eliminated_line",
]

# --- sizes (SVG pixels) and colours ------------------------------------------------------------

MARGIN = 24
SCALE_X, SCALE_Y = 1.45, 1.2  # data coordinates -> pixels
BOX_W, BOX_H = 156, 122  # an area: its name, city, stronghold and up to five nobles
ROW_H = 14
COLUMN_GAP = 10
SPECIAL_NAMES = MappingProxyType({"taxation": "Taxation", "wages": "Wages", "assembly": "Assembly"})

BARON_FILL = MappingProxyType({"green": "#2f8a3c", "red": "#c0392b", "blue": "#2a5db0", "black": "#262626",
                               "purple": "#7d3c98", "yellow": "#e3b505"})
"""Each baron's colour on the board."""
BARON_INK = MappingProxyType({b: "#1d1d1d" if b == "yellow" else "#ffffff" for b in BARON_FILL})
SHAPE_MARK = MappingProxyType({"star": "\u2605", "square": "\u25a0", "circle": "\u25cf", "triangle": "\u25b2"})
"""The glyph of each noble shape (every baron has one noble of each)."""
NEUTRAL_FILL = "#f4f1e8"
SEA, LAND, OVERSEAS = "#cfe2f0", "#e9dfc3", "#efe6d2"
RIVER, BRIDGE, MOUNTAIN, ROAD = "#2f73c9", "#7a4b22", "#6b5540", "#b8862e"
EVENT_FILL = MappingProxyType({"red": "#c0392b", "green": "#2f8a3c", "blue": "#2a5db0"})
BATTLE, MOBILIZE, ASSEMBLY = "#b3122e", "#d35400", "#5b4a36"

_STYLE = """
text{font-family:'Liberation Sans',Arial,Helvetica,sans-serif;font-size:12px}
.area rect.box{stroke:#6f6148;stroke-width:1.4}
.area.overseas rect.box{stroke-dasharray:6 3}
.aname{font-size:12.5px;font-weight:bold}
.nb text{font-size:11px;font-weight:bold}
.small{font-size:10.5px}
.ph{font-size:15px;font-weight:bold}
.pt{font-size:12.5px}
.ps{font-size:11px;fill:#444}
.pc{font-size:11px}
.panel rect.bg{fill:#fffdf6;stroke:#7a6a48;stroke-width:1.2}
.sea{font-size:14px;font-style:italic;fill:#2d5f8a;font-weight:bold}
"""


@attrs.frozen
class BoardGeometry:
    """The map's fixed drawing, built once from the data: area boxes (top-left corners), the
    map's size, the static SVG layer, and the names the panels print."""

    boxes: Mapping[str, tuple[int, int]]
    width: int
    height: int
    static_svg: str
    area_names: Mapping[str, str]
    """Area id -> name, and name -> id (labels name areas)."""
    noble_names: Mapping[str, str]


@functools.cache
def geometry() -> BoardGeometry:
    """The Warrior Knights map geometry (built once per process; immutable)."""
    board = tables().data.board
    xs = [a.x for a in board.areas.values()]
    ys = [a.y for a in board.areas.values()]
    boxes = {
        a.id: (MARGIN + round((a.x - min(xs)) * SCALE_X), MARGIN + 20 + round((a.y - min(ys)) * SCALE_Y))
        for a in board.areas.values()
    }
    width = 2 * MARGIN + BOX_W + round((max(xs) - min(xs)) * SCALE_X)
    height = 2 * MARGIN + 20 + BOX_H + round((max(ys) - min(ys)) * SCALE_Y)
    names = {a.id: a.name for a in board.areas.values()}
    return BoardGeometry(
        boxes=MappingProxyType(boxes), width=width, height=height, static_svg=_static_layer(boxes, width, height),
        area_names=MappingProxyType(names | {a.name: a.id for a in board.areas.values()}),
        noble_names=MappingProxyType({n.id: n.name for n in tables().data.nobles.values()}),
    )


def _centre(box: tuple[int, int]) -> tuple[float, float]:
    return box[0] + BOX_W / 2, box[1] + BOX_H / 2


def _static_layer(boxes: Mapping[str, tuple[int, int]], width: int, height: int) -> str:
    """The sea, the Kingdom's land, the borders (rivers, bridges, mountains), the area boxes
    with names and ports, then the roads across the gaps: everything that never changes."""
    board = tables().data.board
    kingdom = [boxes[a] for a, rec in board.areas.items() if rec.region == "kingdom"]
    left, top = min(x for x, _ in kingdom) - 12, min(y for _, y in kingdom) - 12
    right, bottom = max(x for x, _ in kingdom) + BOX_W + 12, max(y for _, y in kingdom) + BOX_H + 12
    parts = [tag("rect", x=0, y=0, width=width, height=height, fill=SEA),
             tag("rect", x=left, y=top, width=right - left, height=bottom - top, rx=18, fill=LAND, stroke="#8c7a55")]
    for port in (a for a, rec in board.areas.items() if rec.port and rec.region == "kingdom"):
        parts.append(_port_line(boxes[port], (left, top, right, bottom)))
    for lane_row, lane in enumerate(board.sea_lanes.values()):
        overseas_bottom = max((boxes[a][1] for a, r in board.areas.items() if r.region == "overseas"), default=0)
        y = (overseas_bottom + BOX_H + top) / 2 + 5 + 18 * lane_row
        parts.append(tag("text", esc(f"\u2693 {lane.name}: a noble sails between any two of its "
                                     f"{len(lane.ports)} ports"), x=width / 2, y=f"{y:.0f}", text_anchor="middle",
                         class_="sea"))
    rivers = {frozenset((r.a, r.b)) for r in board.rivers}
    bridges = {frozenset((r.a, r.b)) for r in board.bridges}
    mountains = {frozenset((r.a, r.b)) for r in board.mountains}
    for border in board.borders:
        pair = frozenset((border.a, border.b))
        if pair in rivers:
            parts.append(_across(boxes, border.a, border.b, RIVER, 7))
        if pair in mountains:
            parts.append(_mountain(boxes, border.a, border.b))
        if pair in bridges:
            parts.append(_along(boxes, border.a, border.b, BRIDGE, 11, "bridge", reach=10))
    parts.extend(_area_box(a, boxes[a]) for a in board.areas)
    for road in board.roads.values():
        for a, b in zip(road.areas, road.areas[1:]):
            parts.append(_along(boxes, a, b, ROAD, 5, f"{road.id.replace('_', ' ')}", reach=6, dash="7 4"))
    return "".join(parts)


def _axes(boxes: Mapping[str, tuple[int, int]], a: str, b: str) -> tuple[float, float, float, float, float]:
    """The midpoint between two areas, the unit vector from ``a`` to ``b`` and half the gap."""
    (ax, ay), (bx, by) = _centre(boxes[a]), _centre(boxes[b])
    length = math.hypot(bx - ax, by - ay)
    dx, dy = (bx - ax) / length, (by - ay) / length
    half_box = abs(dx) * BOX_W / 2 + abs(dy) * BOX_H / 2
    return (ax + bx) / 2, (ay + by) / 2, dx, dy, length / 2 - half_box


def _across(boxes: Mapping[str, tuple[int, int]], a: str, b: str, colour: str, width: float) -> str:
    """A line along the border between two areas (a river), the length of the box side."""
    mx, my, dx, dy, _ = _axes(boxes, a, b)
    half = (abs(dy) * BOX_W + abs(dx) * BOX_H) / 2
    return tag("line", tag("title", "river"), x1=f"{mx - dy * half:.0f}", y1=f"{my + dx * half:.0f}",
               x2=f"{mx + dy * half:.0f}", y2=f"{my - dx * half:.0f}", stroke=colour, stroke_width=width,
               stroke_linecap="round")


def _mountain(boxes: Mapping[str, tuple[int, int]], a: str, b: str) -> str:
    """Peaks along a mountain border (impassable)."""
    mx, my, dx, dy, gap = _axes(boxes, a, b)
    half = (abs(dy) * BOX_W + abs(dx) * BOX_H) / 2
    points = []
    steps = 8
    for i in range(steps + 1):
        t = -half + 2 * half * i / steps
        out = gap * 0.9 if i % 2 else -gap * 0.9
        points.append(f"{mx - dy * t + dx * out:.0f},{my + dx * t + dy * out:.0f}")
    return tag("polyline", tag("title", "mountains: no crossing"), points=" ".join(points), fill="none",
               stroke=MOUNTAIN, stroke_width=3, stroke_linejoin="round")


def _along(boxes: Mapping[str, tuple[int, int]], a: str, b: str, colour: str, width: float, title: str,
           reach: float, dash: str | None = None) -> str:
    """A short bar across the gap between two areas, reaching ``reach`` into each box (a road,
    a bridge)."""
    mx, my, dx, dy, gap = _axes(boxes, a, b)
    span = gap + reach
    return tag("line", tag("title", esc(title)), x1=f"{mx - dx * span:.0f}", y1=f"{my - dy * span:.0f}",
               x2=f"{mx + dx * span:.0f}", y2=f"{my + dy * span:.0f}", stroke=colour, stroke_width=width,
               stroke_dasharray=dash)


def _port_line(box: tuple[int, int], land: tuple[int, int, int, int]) -> str:
    """A dashed line from a Kingdom port out to the nearest sea."""
    cx, cy = _centre(box)
    left, top, right, bottom = land
    reach = {(left - 14, cy): cx - left, (right + 14, cy): right - cx, (cx, top - 14): cy - top,
             (cx, bottom + 14): bottom - cy}
    (ex, ey) = min(reach, key=lambda k: reach[k])
    return tag("line", x1=f"{cx:.0f}", y1=f"{cy:.0f}", x2=f"{ex:.0f}", y2=f"{ey:.0f}", stroke=RIVER, stroke_width=2,
               stroke_dasharray="5 4")


def _area_box(area_id: str, box: tuple[int, int]) -> str:
    """One area: a clickable box with its name and, for a port, an anchor."""
    board = tables().data.board
    area = board.areas[area_id]
    x, y = box
    facts = [f"{area.name} ({area.region})"]
    city = board.city_in(area_id)
    if city is not None:
        facts.append(f"city {city.name}: strength {city.strength}, income {city.income}")
    if area.port:
        facts.append("port")
    anchor = tag("text", "\u2693", x=x + BOX_W - 16, y=y + 14, fill=RIVER, class_="aname") if area.port else ""
    return tag("g", tag("title", esc("; ".join(facts))),
               tag("rect", x=x, y=y, width=BOX_W, height=BOX_H, rx=8, class_="box",
                   fill=LAND if area.region == "kingdom" else OVERSEAS),
               tag("text", esc(area.name), x=x + 6, y=y + 14, class_="aname"), anchor,
               class_=f"area {area.region}", data_target=f"area:{area_id}")


# --- what stands in an area -----------------------------------------------------------------------


def _text(x: float, y: float, text: str, cls: str | None = "pt", **kw: Any) -> str:
    return tag("text", esc(text), x=f"{x:.0f}", y=f"{y:.0f}", class_=cls, **kw)


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:chars - 1] + "\u2026"


def _strength(label: str) -> int:
    """The strength printed in a troop label (``loyal 50``, ``English 150``)."""
    return int(label.rsplit(" ", 1)[1])


def _city(city_id: str, city: Mapping[str, Any], x: int, y: int) -> str:
    """A city's line: owner colour, name, strength and marks (razed, fortified, breaches,
    besieged)."""
    rec = tables().data.board.cities[city_id]
    if city["razed"]:
        return tag("g", tag("title", esc(f"{city['name']} is razed")),
                   _text(x, y, f"\u2716 {city['name']} (razed)", "small", fill="#777", text_decoration="line-through"))
    owner = city["owner"]
    marks = [f"{rec.strength}/{rec.income}"]
    if city["fortified"]:
        marks.append("F")
    if city["breaches"]:
        marks.append(f"\u2717{city['breaches']}")
    tip = [f"{city['name']}: {owner or 'neutral'}, strength {rec.strength}, income {rec.income}"]
    tip += ["fortified"] * city["fortified"] + [f"{city['breaches']} breaches"] * bool(city["breaches"])
    parts = [tag("rect", x=x, y=y - 10, width=11, height=11, fill=BARON_FILL.get(owner, NEUTRAL_FILL), stroke="#222",
                 stroke_width=2.5 if city["fortified"] else 1)]
    if city["besieged_by"]:
        tip.append(f"besieged by {city['besieged_by']}" + (f" since round {city['siege_round']}"
                                                             if city["siege_round"] else ""))
        parts.append(tag("rect", x=x - 3, y=y - 13, width=BOX_W - 6, height=17, rx=3, fill="none",
                         stroke=BARON_FILL[city["besieged_by"]], stroke_width=2, stroke_dasharray="4 2"))
    parts.append(_text(x + 15, y, _fit(f"{city['name']} {' '.join(marks)}", 24), "small", font_weight="bold"))
    return tag("g", tag("title", esc("; ".join(tip))), *parts, class_="city")


def _stronghold(baron: str, info: Mapping[str, Any], x: float, y: float) -> str:
    """A baron's stronghold: a tower in his colour with its strength (the token's own plus
    the garrison) and breaches. Clickable: troops may be put in its garrison."""
    own = tables().data.barons[baron].stronghold_strength
    garrison = sum(_strength(t) for t in info["garrison"])
    breaches = f" \u2717{info['stronghold_breaches']}" if info["stronghold_breaches"] else ""
    tower = f"M{x:.0f},{y:.0f} v-9 h2 v2 h2 v-2 h2 v2 h2 v-2 h2 v9 z"
    wounded = f" \u2212{info['garrison_casualties'] * 100}" if info["garrison_casualties"] else ""
    tip = (f"{baron}'s stronghold: strength {own}, garrison {', '.join(info['garrison']) or 'none'}"
           f"{'; ' + str(info['stronghold_breaches']) + ' breaches' if info['stronghold_breaches'] else ''}"
           f"{f'; garrison casualties {wounded[2:]}' if wounded else ''}")
    parts = [tag("path", d=tower, fill=BARON_FILL[baron], stroke="#222", stroke_width=1),
             _text(x + 14, y, f"stronghold {own}+{garrison}{wounded}{breaches}", "small")]
    besieger = info["stronghold_besieged_by"]
    if besieger:
        tip += f"; besieged by {besieger}"
        parts.append(tag("rect", x=x - 3, y=y - 13, width=BOX_W - 6, height=17, rx=3, fill="none",
                         stroke=BARON_FILL[besieger], stroke_width=2, stroke_dasharray="4 2"))
    return tag("g", tag("title", esc(tip)), *parts, class_="stronghold", data_target=f"stronghold:{baron}")


def noble_status(nb: Mapping[str, Any], area_name: str | None) -> str:
    """Where a noble is, in the words both boards use: in his area; dead without an heir;
    dead and waiting off the board for the heir another baron holds (17.3); or off the board.
    An heir held by another baron is said too."""
    held = nb["heir_held_by"]
    if nb["awaiting_heir"]:
        return f"dead, awaiting his heir from {held}"
    where = f"in {area_name}" if area_name else "dead, no heir" if nb["line_ended"] else "off the board"
    return where + (f", heir held by {held}" if held else "")


def eliminated_line(view: Mapping[str, Any]) -> str:
    """The barons out of the game, their Strongholds captured (17.4); empty when none is."""
    return f"Eliminated: {', '.join(view['eliminated'])} (Stronghold captured)" if view["eliminated"] else ""


def _noble_tip(nb: Mapping[str, Any], where: str) -> str:
    parts = [f"{nb['name']} ({nb['baron']}, {nb['shape']}) {where}", f"strength {nb['strength']}",
             f"troops {', '.join(nb['troops']) or 'none'}"]
    if nb["casualties"]:
        parts.append(f"casualties {nb['casualties'] * 100}")
    parts += ["exhausted"] * nb["exhausted"] + ["heir"] * bool(nb["heir"]) + ["at sea"] * nb["at_sea"]
    if nb["heir_held_by"] and not nb["awaiting_heir"]:
        parts.append(f"heir held by {nb['heir_held_by']}")
    if nb["office"]:
        parts.append(f"office {tables().agenda_titles.get(nb['office'], nb['office'])}")
    return "; ".join(parts)


def _noble(noble: str, nb: Mapping[str, Any], x: float, y: float, w: float, where: str) -> str:
    """A noble as a bar in his baron's colour: shape, name, army strength. Faded when
    exhausted, outlined in blue with an anchor when at sea."""
    fill, ink = BARON_FILL[nb["baron"]], BARON_INK[nb["baron"]]
    sea = "\u2693 " if nb["at_sea"] else ""
    tired = " (exh.)" if nb["exhausted"] else ""
    strength = str(nb["strength"]) + (f"\u2212{nb['casualties'] * 100}" if nb["casualties"] else "")
    name = _fit(f"{SHAPE_MARK[nb['shape']]} {sea}{nb['name']}{tired}", int((w - 12 - 6.2 * len(strength)) / 6.2))
    return tag("g", tag("title", esc(_noble_tip(nb, where))),
               tag("rect", x=f"{x:.0f}", y=f"{y:.0f}", width=f"{w:.0f}", height=ROW_H - 1, rx=3, fill=fill,
                   stroke=RIVER if nb["at_sea"] else "#222", stroke_width=2 if nb["at_sea"] else 0.8,
                   stroke_dasharray="3 2" if nb["at_sea"] else None),
               _text(x + 3, y + ROW_H - 4, name, None, fill=ink),
               _text(x + w - 3, y + ROW_H - 4, strength, None, fill=ink, text_anchor="end"),
               class_="nb", data_target=f"noble:{noble}", opacity=0.5 if nb["exhausted"] else None)


def _battle_mark(geo: BoardGeometry, view: Mapping[str, Any]) -> str:
    """A thick frame and crossed swords on the area where a battle is being fought; a dashed
    frame on the area Mobilize Forces moves nobles into."""
    fight, moves = view["battle"], view["moves"]
    mobilizing = ""
    if moves is not None and moves["area"] is not None:
        x, y = geo.boxes[moves["area"]]
        mobilizing = tag("rect", tag("title", esc(f"Mobilize Forces moves nobles into {geo.area_names[moves['area']]}")),
                         x=x - 4, y=y - 4, width=BOX_W + 8, height=BOX_H + 8, rx=10, fill="none", stroke=MOBILIZE,
                         stroke_width=3, stroke_dasharray="8 4", class_="mobilize-mark")
    if fight is None or fight["area"] is None:
        return mobilizing
    x, y = geo.boxes[fight["area"]]
    return mobilizing + tag("g", tag("title", esc(f"battle under way in {geo.area_names[fight['area']]}")),
               tag("rect", x=x - 4, y=y - 4, width=BOX_W + 8, height=BOX_H + 8, rx=10, fill="none", stroke=BATTLE,
                   stroke_width=4),
               tag("text", "\u2694", x=x + BOX_W - 30, y=y + 15, fill=BATTLE, class_="ph"), class_="battle-mark")


def _area_contents(geo: BoardGeometry, view: Mapping[str, Any]) -> str:
    """Each area's city, strongholds and nobles (nobles at sea last, on the port side)."""
    lines: dict[str, list[str]] = {a: [] for a in geo.boxes}
    offset = {a: 30 for a in geo.boxes}
    for city_id, city in view["cities"].items():
        x, y = geo.boxes[city["area"]]
        lines[city["area"]].append(_city(city_id, city, x + 6, y + offset[city["area"]]))
        offset[city["area"]] += ROW_H + 1
    for baron, info in view["barons"].items():
        area = info["stronghold"]
        if area is not None:
            x, y = geo.boxes[area]
            lines[area].append(_stronghold(baron, info, x + 6, y + offset[area]))
            offset[area] += ROW_H + 1
    standing = sorted(((nb["area"], nb["at_sea"], noble) for noble, nb in view["nobles"].items()
                       if nb["area"] is not None))
    for area, _, noble in standing:
        x, y = geo.boxes[area]
        if offset[area] + ROW_H > BOX_H:  # no room left: the baron's panel lists him
            continue
        nb = view["nobles"][noble]
        lines[area].append(_noble(noble, nb, x + 4, y + offset[area] - 10, BOX_W - 8, f"in {geo.area_names[area]}"))
        offset[area] += ROW_H
    return "".join(p for parts in lines.values() for p in parts)


# --- the panels -----------------------------------------------------------------------------------


class _Panel:
    """Lines of text and shapes stacked down a panel column."""

    def __init__(self, x: float, y: float, width: float) -> None:
        self.x, self.y, self.top, self.width = x, y, y, width
        self.parts: list[str] = []

    def add(self, text: str, cls: str = "pt", gap: float = 16, indent: float = 10, **kw: Any) -> None:
        self.y += gap
        self.parts.append(_text(self.x + indent, self.y - 4, text, cls, **kw))

    def wrapped(self, text: str, cls: str = "ps", width: int = 70, indent: float = 18) -> None:
        for part in _wrap(text, width):
            self.add(part, cls, 14, indent)

    def box(self, cls: str = "panel") -> str:
        return tag("g", tag("rect", x=self.x, y=self.top, width=f"{self.width:.0f}", height=self.y - self.top + 8, rx=8,
                            class_="bg"), *self.parts, class_=cls)


def _wrap(text: str, width: int) -> list[str]:
    """``text`` cut into lines of at most ``width`` characters, at spaces."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _status(view: Mapping[str, Any], player: str | None, p: _Panel) -> None:
    """The round, who decides what, the card being resolved, titles and the influence pool."""
    b = view["board"]
    p.add(f"Round {b['round']} \u2013 {b['phase']}", "ph", 20)
    if view.get("over"):
        p.add("Game over", "ph")
    else:
        waiting = ", ".join(view["pending"]["players"])
        p.add(f"Waiting for: {waiting}{' (you)' if player in view['pending']['players'] else ''}", font_weight="bold")
        if view["pending"]["prompt"]:
            p.wrapped(view["pending"]["prompt"])
    if b["revealed"]:
        owner, title = b["revealed"].split(" ", 1)
        p.y += 4
        p.parts.append(tag("rect", x=p.x + 8, y=p.y + 2, width=p.width - 16, height=20, rx=4,
                           fill=BARON_FILL.get(owner, "#8a8a8a")))
        p.add(f"Card being resolved: {owner} {title}", "pt", 18, 14, fill=BARON_INK.get(owner, "#ffffff"),
              font_weight="bold")
    for line in moves_lines(b):
        p.add(line, "pt", 18, 14)
    if b["event_drawn"]:
        p.add(f"Event being resolved: {b['event_drawn']}", "pt", 18, 14, font_weight="bold")
    p.add(f"\u265b Chairman: {b['chairman']}   \u271d Head of the Church: {b['head_of_church']}", gap=20)
    p.add(f"Influence pool: {b['influence_pool']}")


def _spaces(view: Mapping[str, Any], p: _Panel) -> None:
    """The three action spaces (face-down stacks, clickable while planning) and the special
    areas with their cards (clickable to allocate a card there)."""
    b = view["board"]
    p.add("Action spaces (face down)", "ph", 22)
    w = (p.width - 20 - 2 * 8) / SPACES
    top = p.y + 4
    counts = [[f"{baron} {n}" for baron, n in space["by_baron"].items() if n] + [f"neutral {space['neutral']}"]
              for space in b["action_spaces"]]
    lines = max(math.ceil(len(c) / 2) for c in counts) + any(space["yours"] for space in b["action_spaces"])
    height = 44 + 13 * lines
    for k, space in enumerate(b["action_spaces"]):
        x = p.x + 10 + k * (w + 8)
        rows = [_text(x + 6, top + 17, f"{k + 1}: {space['cards']} cards", "pt", font_weight="bold")]
        rows += _card_backs(space, x + 6, top + 22)
        rows += [_text(x + 6, top + 49 + 13 * i, ", ".join(counts[k][2 * i:2 * i + 2]), "ps")
                 for i in range(math.ceil(len(counts[k]) / 2))]
        tip = f"action space {k + 1}: {space['cards']} cards face down ({', '.join(counts[k])})"
        if space["yours"]:
            tip += "; yours: " + ", ".join(space["yours"])
            rows.append(_text(x + 6, top + height - 6, _fit("yours: " + ", ".join(space["yours"]), 24), "ps"))
        p.parts.append(tag("g", tag("title", esc(tip)),
                           tag("rect", x=f"{x:.0f}", y=f"{top:.0f}", width=f"{w:.0f}", height=height, rx=5,
                               fill="#5b4a36" if space["cards"] else "#d8d0c0", opacity=0.25),
                           *rows, data_target=f"space:{k}"))
    p.y = top + height + 4
    trigger = tables().data.per_barons[len(b["barons"])].special_phase_cards
    p.add(f"Special areas (the phase comes at {trigger} cards)", "ph", 22)
    top = p.y + 4
    longest = max(len(b["special_areas"][a]) for a in SPECIAL_AREAS)
    height = 24 + 13 * max(1, longest)
    for k, area in enumerate(SPECIAL_AREAS):
        x = p.x + 10 + k * (w + 8)
        cards = b["special_areas"][area]
        rows = [_text(x + 6, top + 16, f"{SPECIAL_NAMES[area]}: {len(cards)}/{trigger}", "pt", font_weight="bold")]
        rows += [_text(x + 6, top + 30 + 13 * i, _fit(c, 24), "ps") for i, c in enumerate(cards)]
        p.parts.append(tag("g", tag("title", esc(f"{SPECIAL_NAMES[area]}: {', '.join(cards) or 'no cards'}")),
                           tag("rect", x=f"{x:.0f}", y=f"{top:.0f}", width=f"{w:.0f}", height=height, rx=5,
                               fill="#7a6a48", opacity=0.18),
                           *rows, data_target=f"special:{area}"))
    p.y = top + height + 4


def _card_backs(space: Mapping[str, Any], x: float, y: float) -> list[str]:
    """A space's face-down cards as overlapping card backs, each in its owner's colour (the
    backs show it), grouped by baron: the pile's order stays unseen."""
    owners = [baron for baron, n in space["by_baron"].items() for _ in range(n)] + [None] * space["neutral"]
    return [tag("rect", x=f"{x + 7 * i:.0f}", y=f"{y:.0f}", width=9, height=13, rx=1.5,
                fill=BARON_FILL.get(owner or "", NEUTRAL_FILL), stroke="#222", stroke_width=0.7)
            for i, owner in enumerate(owners)]


def _barons(geo: BoardGeometry, view: Mapping[str, Any], player: str | None, p: _Panel) -> None:
    """Each baron: titles, treasury, hand, stronghold, nobles (clickable), charges, planning."""
    b = view["board"]
    titles = tables().agenda_titles
    order = sorted(b["barons"], key=lambda baron: baron != player)
    for baron in order:
        info = b["barons"][baron]
        p.y += 6
        p.parts.append(tag("rect", x=p.x + 6, y=p.y + 2, width=p.width - 12, height=18, rx=4, fill=BARON_FILL[baron]))
        marks = ("  \u265b Chairman" if b["chairman"] == baron else "") + (
            "  \u271d Head of the Church" if b["head_of_church"] == baron else "")
        name = tables().data.barons[baron].name
        p.add(_fit(f"{baron.capitalize()} \u2013 {name}{' (you)' if baron == player else ''}{marks}", 62), "pt", 18, 12,
              fill=BARON_INK[baron], font_weight="bold")
        p.add(f"{info['crowns']} crowns \u00b7 {info['influence']} influence \u00b7 {info['votes']} votes \u00b7 "
              f"{info['faith']} faith", gap=17)
        if baron in view["pending"]["players"]:  # whose decision it is, at a glance
            p.parts.append(tag("rect", x=p.x + p.width - 104, y=p.y - 15, width=94, height=15, rx=7, fill=BATTLE))
            p.parts.append(_text(p.x + p.width - 57, p.y - 4, "\u25b6 to decide", "pc", fill="#ffffff",
                                 font_weight="bold", text_anchor="middle"))
        hand = ", ".join(info["hand"]) if info["hand"] is not None else f"{info['hand_size']} cards"
        p.wrapped(f"hand: {hand}", indent=10)
        where = f"in {geo.area_names[info['stronghold']]}" if info["stronghold"] else "not on the board"
        p.y += 2
        p.parts.append(_stronghold(baron, info, p.x + 12, p.y + 10))
        p.add(where, "ps", 14, 175)
        for noble in tables().nobles_of[baron]:
            nb = b["nobles"][noble]
            at = noble_status(nb, geo.area_names[nb["area"]] if nb["area"] else None)
            p.parts.append(_noble(noble, nb, p.x + 12, p.y + 2, 220, at))
            p.add(at + (f", office {titles.get(nb['office'], nb['office'])}" if nb["office"] else ""), "ps", 15, 238)
        extra = []
        if info["charges"]:
            extra.append("charges: " + ", ".join(titles.get(c, c) for c in info["charges"]))
        if info["barred"]:
            extra.append("barred from the Assembly")
        if info["unassigned"]:
            extra.append("troops to assign: " + ", ".join(info["unassigned"]))
        if info["planning"] is not None:
            extra.append("planning: " + "; ".join(f"space {k + 1}: {', '.join(s) or '-'}"
                                                  for k, s in enumerate(info["planning"])))
        for line in extra:
            p.wrapped(line, indent=10)
    for baron in b["eliminated"]:  # 17.4: out of the game, his colour faded
        p.y += 6
        p.parts.append(tag("rect", x=p.x + 6, y=p.y + 2, width=p.width - 12, height=18, rx=4, fill=BARON_FILL[baron],
                           opacity=0.35))
        p.add(f"{baron.capitalize()} \u2013 {tables().data.barons[baron].name}: eliminated, Stronghold captured",
              "pt", 18, 12, font_weight="bold")


def _mercenaries(view: Mapping[str, Any], p: _Panel) -> None:
    """The mercenary track (spaces, costs, markers; clickable), the display and the decks."""
    b = view["board"]
    p.add("Mercenary track", "ph", 22)
    costs = tables().data.mercenary_track
    top = p.y + 2
    w = min(56, (p.width - 20) / max(1, len(b["mercenary_track"])) - 4)
    for k, marker in enumerate(b["mercenary_track"]):
        x = p.x + 10 + k * (w + 4)
        cost = costs[k].cost
        tip = f"track space {k + 1}: " + ("cannot be bought" if cost is None else f"costs {cost} crowns")
        tip += f"; {marker}'s marker" if marker else "; free"
        p.parts.append(tag("g", tag("title", esc(tip)),
                           tag("rect", x=f"{x:.0f}", y=top, width=f"{w:.0f}", height=34, rx=4, fill="#f1ead8",
                               stroke="#7a6a48"),
                           _text(x + 4, top + 12, f"{k + 1}", "ps"),
                           _text(x + w - 4, top + 12, "-" if cost is None else f"{cost}c", "ps", text_anchor="end"),
                           tag("circle", cx=f"{x + w / 2:.0f}", cy=top + 24, r=7, fill=BARON_FILL[marker],
                               stroke="#222") if marker else "",
                           data_target=f"track:{k}"))
    p.y = top + 36
    p.wrapped("on display: " + (", ".join(b["mercenary_display"]) or "none"), "pt", 62, indent=10)
    decks = b["decks"]
    top_colour = decks["event_top_colour"]
    p.add(f"Decks: Fate {decks['fate']}, Events {decks['events']}"
          f"{f' ({top_colour} on top)' if top_colour else ''}, Agendas {decks['agendas']}, "
          f"Mercenaries {decks['mercenaries']}", "ps", 16)
    if top_colour:
        p.parts.append(tag("rect", x=p.x + p.width - 22, y=p.y - 14, width=12, height=12,
                           fill=EVENT_FILL.get(top_colour, "#888"), stroke="#222"))


# --- the words both boards use (the terminal picture prints them as lines) -----------------------


def session_lines(board: Mapping[str, Any]) -> list[str]:
    """While the Assembly sits (9.3.1): who attends and presides, the Private Motion proposed."""
    sitting = board["assembly"]
    if not sitting["attending"]:
        return []
    lines = [f"Attending: {', '.join(sitting['attending'])}; presiding: {sitting['acting_chairman'] or board['chairman']}"]
    if sitting["proposal"]:
        lines.append(f"Private Motion proposed: {sitting['proposal']}")
    return lines


def ballot_lines(board: Mapping[str, Any], player: str | None, choosing: Collection[str]) -> list[str]:
    """The secret ballot (9.3.1 step 5): the seat's own votes so far; of the others only
    whether they are still ``choosing`` (the voters the game still waits for, public anyway).
    Empty when no ballot is open."""
    own = board["barons"].get(player or "", {}).get("ballot")
    if not choosing and own is None:
        return []
    lines = []
    if own is not None:
        votes = "; ".join(f"{title}: {n}" + (f" for {side}" if side else "") for title, n, side in own["votes"])
        lines.append(f"Your ballot ({'confirmed' if own['confirmed'] else 'not confirmed yet'}): {votes or 'nothing yet'}")
    others = [b for b in board["assembly"]["attending"] if b != player]
    if others:
        lines.append("; ".join(f"{b} {'choosing' if b in choosing else 'confirmed'}" for b in others))
    return lines


def revealed_lines(board: Mapping[str, Any]) -> list[str]:
    """The ballots revealed and not yet counted, per agenda."""
    return [f"Revealed for {agenda.rsplit(' (', 1)[0]}: "
            + ", ".join(f"{baron} {n}" + (f" for {side}" if side else "") for baron, n, side in entries)
            for agenda, entries in board["assembly"]["ballots"].items()]


def counting_lines(board: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The agenda being counted: each voter's committed votes and the side he declared, as
    (baron, text)."""
    sitting = board["assembly"]
    return [(baron, f"{baron}: {n} votes" + (f" \u2192 {sitting['declared'][baron]}" if baron in sitting["declared"]
                                             else " (not declared yet)" if n else ""))
            for baron, n in sitting["committed"].items()]


def moves_lines(board: Mapping[str, Any]) -> list[str]:
    """The card's moves so far (10): Mobilize Forces' area, who moved, passages refused."""
    moves = board["moves"]
    if moves is None:
        return []
    geo = geometry()
    parts = [f"Mobilizing into {geo.area_names[moves['area']]}"] if moves["area"] else ["Moving"]
    parts.append("moved: " + (", ".join(geo.noble_names[nb] for nb in moves["moved"]) or "nobody yet"))
    if moves["refused"]:
        parts.append("passage refused in " + ", ".join(geo.area_names[a] for a in moves["refused"]))
    return ["; ".join(parts)]


def expedition_state(board: Mapping[str, Any], expedition: str) -> str:
    """Where an expedition stands (8.3): being funded, on a space of its track, or in port."""
    space = board["expeditions"][expedition]["space"]
    if board["expedition_funded"] == expedition:
        return "being funded"
    return f"on space {space}" if space else "in port"


def battle_heading(board: Mapping[str, Any]) -> str:
    """Where the battle is and what it attacks (11.1)."""
    fight = board["battle"]
    geo = geometry()
    where = geo.area_names[fight["area"]] if fight["area"] else "(area not chosen yet)"
    if not fight["target"]:
        return f"Battle in {where}"
    kind, target = fight["target"]
    attacked = {"nobles": f"{target}'s nobles", "stronghold": f"{target}'s stronghold"}.get(kind) or (
        board["cities"][target]["name"])
    # against a city or a stronghold the kind stays "field" until assault or siege is chosen
    how = "field battle" if kind == "nobles" else "attack" if fight["kind"] == "field" else fight["kind"]
    return f"Battle in {where}: {how} on {attacked}"


def battle_side_lines(board: Mapping[str, Any], side: str) -> list[str]:
    """One side of the battle (11.2): its baron, nobles (the commander marked), troops (and the
    walls, for the defender), its Fate cards (face down to the others until both reveal),
    discards, casualties still to place."""
    fight = board["battle"]
    info = fight[side]
    names = geometry().noble_names
    nobles = [names[nb] + (" (cmd.)" if nb == info["commander"] else "") for nb in info["nobles"]]
    strength = f"troops {info['troops']}"
    if side == "defender" and fight["walls"]:
        strength += f" + walls {fight['walls']}"
    if side == "defender" and fight["garrison"]:
        strength += " (garrison in)"
    lines = [f"{side.capitalize()}: {info['baron'] or 'neutral city'}", ", ".join(nobles) or "no nobles", strength]
    if info["fate_cards"] or info["discarded"]:
        lines.append(f"Fate: {info['fate_cards']} cards face down" if info["fate"] is None
                     else "Fate: " + (", ".join(info["fate"]) or "none left"))
    if info["discarded"]:
        lines.append(f"discarded {info['discarded']}")
    if info["hits"]:
        lines.append(f"casualties to place: {info['hits'] * 100}")
    return lines


def battle_after_lines(board: Mapping[str, Any]) -> list[str]:
    """What the battle has done so far: nobles dead or retreating, cities taken; and, before
    the reveal, when the cards show."""
    fight = board["battle"]
    names = geometry().noble_names
    lines = []
    if not fight["revealed"] and (fight["attacker"]["fate_cards"] or fight["defender"]["fate_cards"]):
        lines.append("The Fate cards are revealed once both sides have discarded.")
    lines += [f"{label}: {', '.join(names[nb] for nb in fight[label])}" for label in ("dead", "retreating")
              if fight[label]]
    if fight["captured"]:
        lines.append(f"taken: {', '.join(board['cities'][c]['name'] for c in fight['captured'])}")
    return lines


# --- the table's panels, continued ----------------------------------------------------------------


def _assembly(view: Mapping[str, Any], p: _Panel) -> None:
    """The Assembly (9.3): the agendas before it and the laws in force (while it sits, the
    top of the board shows the session: :func:`_session`)."""
    b = view["board"]
    t = tables()
    p.add("The Assembly" + (" \u2013 in session (see the top)" if b["assembly"]["attending"] else ""), "ph", 22)
    p.add("Agendas before it:", "pt", 16, 10, font_weight="bold")
    for card in b["current_agendas"]:
        rec = t.agenda_of[card]
        p.add(f"\u2022 {rec.title} ({rec.kind.replace('_', ' ')})", "pt", 15, 16)
    if not b["current_agendas"]:
        p.add("none", "ps", 15, 16)
    p.add("Laws in force", "ph", 20)
    for card in b["laws"]:
        p.add(t.agenda_titles.get(card, card), "pt", 15, 16)
    if not b["laws"]:
        p.add("none", "ps", 15, 16)
    if b["motion_rules"]:  # 17.2: rule changes Private Motions put in force
        p.add("Rules the Assembly made", "ph", 20)
        for rule in b["motion_rules"]:
            p.add(rule, "pt", 15, 16)


def _session(view: Mapping[str, Any], player: str | None, p: _Panel) -> None:
    """The Assembly while it sits (9.3.1), under a dark bar: who attends and presides, the
    Private Motion proposed, the secret ballot (the seat's own votes; the others only
    choosing or confirmed), the ballots revealed, the agenda being counted with each
    baron's committed votes and declared side."""
    b = view["board"]
    sitting = b["assembly"]
    if not sitting["attending"]:
        return
    chars = int(p.width / 6.6)
    p.y += 6
    p.parts.append(tag("rect", x=p.x + 4, y=p.y + 2, width=p.width - 8, height=20, rx=4, fill=ASSEMBLY))
    p.add("The Assembly in session", "pt", 20, 10, fill="#ffffff", font_weight="bold")
    p.y += 4
    for line in session_lines(b):
        p.wrapped(line, "pt", chars, 14)
    pending = view["pending"]
    ballots = ballot_lines(b, player, pending["players"] if pending["kind"] == "vote" else ())
    if ballots:
        p.add("Secret ballot (revealed when every voter has confirmed):", "pt", 17, 14, font_weight="bold")
        for line in ballots:
            p.wrapped(line, "pt", chars - 4, 22)
    for line in revealed_lines(b):
        p.wrapped(line, "pt", chars, 14)
    if sitting["voting"]:
        p.add(_fit(f"Counting: {sitting['voting']}", chars), "pt", 18, 14, font_weight="bold")
        for baron, line in counting_lines(b):
            p.add(line, "pt", 16, 22, fill=_ink_on_panel(baron))


def _ink_on_panel(baron: str) -> str:
    """A baron's colour as text on the pale panel (yellow is too light to read)."""
    return "#8a6d00" if baron == "yellow" else BARON_FILL.get(baron, "#222")


def _expeditions(view: Mapping[str, Any], p: _Panel) -> None:
    """The three expeditions (8.3): a ship on the space its marker reached, the one being
    funded framed in red, the crowns each baron staked, the blessing (\u271d)."""
    b = view["board"]
    t = tables()
    p.add("Expeditions", "ph", 22)
    w = (p.width - 20 - 2 * 8) / len(t.data.expeditions)
    top = p.y + 4
    rows = max(1, max(len(e["stakes"]) for e in b["expeditions"].values()))
    height = 58 + 13 * rows
    for k, (exp_id, exp) in enumerate(b["expeditions"].items()):
        rec = t.data.expeditions[exp_id]
        x = p.x + 10 + k * (w + 8)
        funded = b["expedition_funded"] == exp_id
        state = expedition_state(b, exp_id)
        tip = f"{rec.name}: {state}; stakes " + (", ".join(f"{s} {n}" for s, n in exp["stakes"].items()) or "none")
        tip += "; blessed" if exp["blessed"] else ""
        parts = [tag("rect", x=f"{x:.0f}", y=f"{top:.0f}", width=f"{w:.0f}", height=height, rx=5,
                     fill="#cfe2f0", stroke=BATTLE if funded else "#2d5f8a", stroke_width=2.5 if funded else 1),
                 _text(x + 6, top + 15, rec.name + (" \u271d" if exp["blessed"] else ""), "pt", font_weight="bold")]
        cell = (w - 12) / rec.spaces
        for space in range(1, rec.spaces + 1):
            cx = x + 6 + (space - 1) * cell
            parts.append(tag("rect", x=f"{cx:.0f}", y=top + 21, width=f"{cell - 4:.0f}", height=16, rx=3,
                             fill="#ffffff", stroke="#2d5f8a"))
            parts.append(_text(cx + 3, top + 33, str(space), "ps"))
            if exp["space"] == space:
                parts.append(tag("path", d=_SHIP.format(x=cx + cell / 2 + 4, y=top + 34), fill="#5b4a36"))
        parts.append(_text(x + 6, top + 50, state, "pc", fill=BATTLE if funded else "#444"))
        parts += [_text(x + 6, top + 63 + 13 * i, f"{baron}: {n} crowns", "pc", fill=_ink_on_panel(baron))
                  for i, (baron, n) in enumerate(exp["stakes"].items())]
        p.parts.append(tag("g", tag("title", esc(tip)), *parts, class_="expedition"))
    p.y = top + height + 4


_SHIP = "M{x:.0f},{y:.0f} m-9,-4 h18 l-4,5 h-10 z m8,-1 v-8 l6,6 z"
"""A small ship (hull and sail) whose hull's bottom centre is at ``x, y``."""


def _battle(view: Mapping[str, Any], p: _Panel) -> None:
    """The battle under way (11), in a red bar: each side in a column under its baron's
    colour, then what the battle has done so far."""
    b = view["board"]
    if b["battle"] is None:
        return
    p.y += 6
    p.parts.append(tag("rect", x=p.x + 4, y=p.y + 2, width=p.width - 8, height=20, rx=4, fill=BATTLE))
    p.add(_fit("\u2694 " + battle_heading(b), int(p.width / 7.5)), "pt", 20, 10, fill="#ffffff", font_weight="bold")
    top = p.y + 2
    w = (p.width - 28) / 2
    bottoms = []
    for k, side in enumerate(("attacker", "defender")):
        baron = b["battle"][side]["baron"] or ""
        x = p.x + 10 + k * (w + 8)
        col = _Panel(x - 10, top, w)
        first, *rest = battle_side_lines(b, side)
        col.parts.append(tag("rect", x=f"{x:.0f}", y=top + 3, width=f"{w:.0f}", height=16, rx=3,
                             fill=BARON_FILL.get(baron, NEUTRAL_FILL), stroke="#222", stroke_width=0.6))
        col.add(first, "pt", 17, 14, fill=BARON_INK.get(baron, "#222"), font_weight="bold")
        col.y += 4
        for line in rest:
            for part in _wrap(line, int(w / 6.4)):
                col.add(part, "pt" if line.startswith(("troops", "casualties")) else "ps", 14, 14)
        p.parts.extend(col.parts)
        bottoms.append(col.y)
    p.y = max(bottoms)
    for line in battle_after_lines(b):
        p.wrapped(line, "ps", int(p.width / 6.2), 14)


def _legend(geo: BoardGeometry, y: float) -> tuple[str, float]:
    """What the colours, glyphs and lines mean. Returns the SVG and its height."""
    x0 = MARGIN
    parts = [_text(x0 + 10, y + 20, "Legend", "ph")]
    row = y + 40
    x = x0 + 10
    for baron, fill in BARON_FILL.items():
        parts.append(tag("rect", x=x, y=row - 11, width=14, height=14, fill=fill, stroke="#222"))
        parts.append(_text(x + 18, row, baron))
        x += 72
    parts.append(tag("rect", x=x, y=row - 11, width=14, height=14, fill=NEUTRAL_FILL, stroke="#222"))
    parts.append(_text(x + 18, row, "neutral city"))
    row += 20
    shapes = ", ".join(f"{g} {s}" for s, g in SHAPE_MARK.items())
    parts.append(_text(x0 + 10, row, f"Nobles: bars in the baron's colour ({shapes}), army strength at the right "
                                     f"(\u2212N: casualty markers); faded: exhausted; \u2693 blue dashed: at sea."))
    row += 18
    parts.append(_text(x0 + 10, row, "Cities: \u25a0 owner colour, strength/income; thick edge and F: fortified; "
                                     "\u2717N: breaches; dashed outline (also round a stronghold): besieged; \u2716 struck through: razed."))
    row += 18
    parts.append(_text(x0 + 10, row, "Towers: strongholds (the token's strength + the garrison). "
                                     "\u2693: port. Dashed boxes: overseas areas."))
    row += 18
    parts.append(_text(x0 + 10, row, "\u2694 Red frame: a battle under way. Orange dashed frame: the area Mobilize "
                                     "Forces moves nobles into. Action spaces: card backs in their owners' colours."))
    row += 20
    samples = ((RIVER, 7, None, "river"), (BRIDGE, 11, None, "bridge"), (MOUNTAIN, 3, None, "mountains (impassable)"),
               (ROAD, 5, "7 4", "road"), (RIVER, 2, "5 4", "port to the sea"))
    x = x0 + 10
    for colour, width, dash, name in samples:
        parts.append(tag("line", x1=x, y1=row - 4, x2=x + 30, y2=row - 4, stroke=colour, stroke_width=width,
                         stroke_dasharray=dash))
        parts.append(_text(x + 36, row, name))
        x += 60 + 7 * len(name)
    height = row - y + 12
    box = tag("rect", x=x0, y=y, width=geo.width - 2 * MARGIN, height=height, rx=8, fill="#fffdf6", stroke="#7a6a48")
    return box + "".join(parts), height


# --- the drawing ----------------------------------------------------------------------------------


def draw_board(view: Mapping[str, Any], player: str | None) -> str:
    """The SVG for ``player`` from ``view`` alone (``view`` as ``banneret.view`` gives it).

    One column as wide as the map, so that the page's ~1000 pixels show the text near its
    size: on top what is happening now (the round, whose decision, the card, the event and
    the battle being resolved), then the map and its legend, then two columns: the table
    (action spaces, special areas, the mercenary track, expeditions, the Assembly) and the
    barons."""
    geo = geometry()
    width = geo.width - 2 * MARGIN
    now = _Panel(MARGIN, 8, width)
    _status(view, player, now)
    _battle(view, now)
    _session(view, player, now)
    map_top = now.y + 16
    legend, legend_h = _legend(geo, geo.height)
    column = (width - COLUMN_GAP) / 2
    below = map_top + geo.height + legend_h + 12
    table = _Panel(MARGIN, below, column)
    _spaces(view, table)
    _mercenaries(view, table)
    _expeditions(view, table)
    _assembly(view, table)
    barons = _Panel(MARGIN + column + COLUMN_GAP, below, column)
    _barons(geo, view, player, barons)
    bottom = max(table.y, barons.y) + 16
    board = view["board"]
    return tag("svg", tag("style", _STYLE), now.box(),
               tag("g", geo.static_svg, _battle_mark(geo, board), _area_contents(geo, board), legend,
                   transform=f"translate(0 {map_top:.0f})"),
               table.box(), barons.box(), xmlns="http://www.w3.org/2000/svg",
               viewBox=f"0 0 {geo.width} {bottom:.0f}", class_="wk-board")


# --- targets --------------------------------------------------------------------------------------

_SPACE = re.compile(r"^space (\d+):")


def action_path(action: Action) -> tuple[str, ...] | None:
    """The board things clicked to choose ``action``, or None when it has no place."""
    kind, args = action.kind, action.args
    board = tables().data
    if kind in ("plan", "next"):
        found = _SPACE.match(action.label)
        return (f"space:{int(found.group(1)) - 1}",) if found else None
    if kind == "allocate":
        return (f"special:{args}",) if args in SPECIAL_AREAS else None
    if is_garrison(args):  # a troop card to the garrison: in set-up, a Draft, the Muster
        return (args,)
    if kind == "card" and type(args) is int:  # Draft Soldiers: a track space
        return (f"track:{args}",)
    if kind == "card" and isinstance(args, tuple) and args[:1] == ("track",):  # Versatile Strategy buys one
        return (f"track:{args[1]}",)
    if isinstance(args, str) and args in board.board.areas:
        return (f"area:{args}",)
    if isinstance(args, str) and args in board.nobles:
        return (f"noble:{args}",)
    if isinstance(args, tuple) and args and isinstance(args[-1], str) and args[-1] in board.nobles:
        return (f"noble:{args[-1]}",)  # an Office given to a noble, ...
    if isinstance(args, tuple) and args and isinstance(args[-1], str) and args[-1] in board.board.areas:
        return (f"area:{args[-1]}",)  # a move's destination, ...
    return None


def board_targets(actions: Sequence[Action]) -> dict[str, tuple[str, ...]]:
    """Each action's click path, for the actions that have one. Every thing a path names is
    always drawn: all areas, every noble and stronghold of the barons in play (their panels
    list them all), the action spaces, the special areas and the track spaces."""
    return {action.label: path for action in actions if (path := action_path(action))}


def board_drawing(context: BoardContext) -> BoardDrawing:
    """Warrior Knights' board for the seat of ``context``: the SVG and the click paths."""
    return BoardDrawing(draw_board(context.view, context.player), board_targets(context.actions))
