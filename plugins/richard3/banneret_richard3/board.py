"""Richard III's web board: the map, the blocks and the panels drawn as SVG from a seat's view.

Everything drawn comes from ``context.view`` (``banneret.view(state, player)``): the seat's own
blocks stand upright with name and strength, the enemy's hidden blocks are face-down shapes in
the house colour, exactly as the view gives them. The map itself (seas, borders, area boxes,
marks) never changes, so it is drawn once into :class:`BoardGeometry`, an immutable object
built from the data files (``layout.json`` holds the schematic positions).

Click paths (``targets``): a block then an area for every move of one block (land paths, sea
moves, recruits, retreats, regroups, sending a block home); an area alone for choosing where a
group moves from, where to muster, which battle to fight or which area the Plague strikes; a
block alone for choosing a block (select, fire, pass, take hits, reduce, execute).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from banneret import Action
from banneret.boards import BoardContext, BoardDrawing, esc, tag

from banneret_richard3.data_model import Block, load_blocks, load_cards, load_layout, load_map

__all__ = [
    "BoardGeometry", "geometry", "short_name", "draw_board", "action_path", "drawn_targets", "board_targets",
    "board_drawing",
]

# --- sizes (SVG pixels) ---------------------------------------------------------------------

WIDTH, MAP_HEIGHT = 1190, 1160
BOX_W, BOX_H = 150, 112  # an area: its name, up to six blocks in two columns, its marks
HEADER_H, MARKS_H = 17, 14
BLOCK_H, GAP = 26, 3
PANEL_X, PANEL_W = 905, 280  # the status panel, in the North Sea corner
COLUMNS = 2  # the columns of blocks in an area box holding up to six (three beyond)

HOUSE_FILL = MappingProxyType({"lancaster": "#b3261e", "york": "#f7f3e6"})
HOUSE_TEXT = MappingProxyType({"lancaster": "#ffffff", "york": "#1d1d1d"})
HOUSE_EDGE = MappingProxyType({"lancaster": "#5e0d08", "york": "#6b6353"})
HOUSE_NAME = MappingProxyType({"lancaster": "Lancaster", "york": "York"})
BORDER_STROKE = MappingProxyType({"yellow": "#e0ad00", "blue": "#2563c9", "red": "#c62828"})
SEA_STROKE = "#3f7fb8"
CITY_INK = MappingProxyType({"lancaster": "#8e1c14", "york": "#111111"})  # a city's name in its house colour
_TITLES = ("Duke of ", "Earl of ", "Lord ", "Viscount ")

_STYLE = """
text{font-family:'Liberation Sans',Arial,Helvetica,sans-serif}
.area rect.box{fill:#f3ead2;stroke:#7a6a48;stroke-width:1.5}
.area.exile rect.box{fill:#e6e1f0;stroke:#6a5a8a;stroke-dasharray:6 3}
.area.island rect.box{fill:#e9f0dc}
.aname{font-size:14px;font-weight:bold}
.mark{font-size:11.5px}
.sea{font-size:17px;font-style:italic;fill:#2d5f8a;font-weight:bold}
.blk text{font-family:'Liberation Sans Narrow','Arial Narrow','DejaVu Sans Condensed',sans-serif;font-size:13.5px;font-weight:bold}
.blk text.str{font-family:'Liberation Sans',Arial,sans-serif;font-size:12px}
.panel rect.bg{fill:#fffdf6;stroke:#7a6a48;stroke-width:1.2}
.ph{font-size:16px;font-weight:bold}
.pt{font-size:14px}
.ps{font-size:12.5px;fill:#444}
.battle rect.bg{fill:#fff3f0;stroke:#b3261e;stroke-width:2}
"""


def short_name(block: Block) -> str:
    """A name that fits on a block: titles dropped ("Earl of Warwick" is "Warwick"), long
    names cut (the tooltip gives the full one)."""
    name = block.name
    if block.type == "levy":
        return f"Lv {name}"
    if block.type == "church":
        see = name.removeprefix("Archbishop of ")
        return "Abp " + _ABBREVIATED.get(see, see)
    if block.type == "mercenary":
        return _ABBREVIATED.get(name, name).replace(" Mercenary", " merc")
    if block.id == "duke_of_york":
        return "D. of York"
    for title in _TITLES:
        name = name.removeprefix(title)
    return _ABBREVIATED.get(name, name).replace("Prince ", "Pr. ")


_ABBREVIATED = MappingProxyType({"Northumberland": "Northumb.", "Westmoreland": "Westmor.", "Canterbury": "Cant.",
                                 "Burgundian Mercenary": "Burgundy merc"})


@attrs.frozen
class BoardGeometry:
    """The map's fixed drawing: area boxes (top-left corners), the static SVG layer, and the
    blocks' printed facts (short names, tooltips), built once from the data."""

    boxes: Mapping[str, tuple[int, int]]
    area_names: Mapping[str, str]
    place_names: Mapping[str, str]
    static_svg: str
    names: Mapping[str, str]
    tooltips: Mapping[str, str]
    houses: Mapping[str, str]
    card_names: Mapping[str, str]


@functools.cache
def geometry() -> BoardGeometry:
    """The Richard III board geometry (built once per process; immutable)."""
    game_map, blocks, layout = load_map(), load_blocks(), load_layout()
    boxes = {a: (layout[a].x - BOX_W // 2, layout[a].y - BOX_H // 2) for a in game_map.areas}
    names = {b.id: short_name(b) for b in blocks.values()}
    tooltips = {
        b.id: f"{b.name} ({HOUSE_NAME.get(b.house, 'Rebel')} {b.type}), combat {b.combat}, max strength {b.max_strength}"
        for b in blocks.values()
    }
    return BoardGeometry(
        boxes=MappingProxyType(boxes),
        area_names=MappingProxyType({a.id: a.name for a in game_map.areas.values()}),
        # where a Main Attack comes from: an area, or a sea ("sea:north_sea")
        place_names=MappingProxyType({a.id: a.name for a in game_map.areas.values()}
                                     | {f"sea:{s.id}": s.name for s in game_map.seas.values()}),
        static_svg=_static_layer(boxes),
        names=MappingProxyType(names),
        tooltips=MappingProxyType(tooltips),
        houses=MappingProxyType({b.id: b.house for b in blocks.values()}),
        card_names=MappingProxyType({c.id: f"{c.name} ({c.ap} AP)" if c.kind == "event" else c.name
                                     for c in load_cards()}),
    )


def _centre(box: tuple[int, int]) -> tuple[int, int]:
    return box[0] + BOX_W // 2, box[1] + BOX_H // 2


def _static_layer(boxes: Mapping[str, tuple[int, int]]) -> str:
    """Seas with their port links, land borders by colour, then the area boxes with names
    and marks: everything that never changes during a game."""
    game_map, layout = load_map(), load_layout()
    parts = [tag("rect", x=0, y=0, width=WIDTH, height=MAP_HEIGHT, fill="#d6e6f2")]
    for sea in game_map.seas.values():
        sx, sy = layout[sea.id].x, layout[sea.id].y
        for area in game_map.coasts(sea.id):
            ax, ay = _centre(boxes[area])
            parts.append(tag("line", x1=sx, y1=sy, x2=ax, y2=ay, stroke=SEA_STROKE, stroke_width=1.6,
                             stroke_dasharray="7 5", opacity=0.75))
    for border in game_map.borders:
        (ax, ay), (bx, by) = _centre(boxes[border.a]), _centre(boxes[border.b])
        parts.append(tag("line", tag("title", esc(f"{game_map.areas[border.a].name} - {game_map.areas[border.b].name}: "
                                                   f"{border.colour} border")),
                         x1=ax, y1=ay, x2=bx, y2=by, stroke=BORDER_STROKE[border.colour], stroke_width=6,
                         stroke_linecap="round"))
    for sea in game_map.seas.values():
        sx, sy = layout[sea.id].x, layout[sea.id].y
        parts.append(tag("g", tag("title", esc(f"{sea.name}: ships sail between the areas joined by dashed lines")),
                         tag("ellipse", cx=sx, cy=sy, rx=70, ry=22, fill="#bcd6ec", stroke=SEA_STROKE, stroke_width=1.5),
                         tag("text", esc(sea.name), x=sx, y=sy + 6, text_anchor="middle", class_="sea")))
    parts.extend(_area_box(area_id, boxes[area_id]) for area_id in game_map.areas)
    return "".join(parts)


def _area_box(area_id: str, box: tuple[int, int]) -> str:
    """One area: a clickable box with its name, and its marks along the bottom."""
    game_map = load_map()
    area = game_map.areas[area_id]
    node = game_map.board.attrs(area_id)
    x, y = box
    kind = "exile" if area.is_exile else "island" if area.region == "island" else "land"
    facts = [area.name]
    marks: list[str] = []
    for city_id in node["cities"]:
        city = game_map.cities[city_id]
        marks.append(tag("tspan", "\u25a0 " + esc(city.name), fill=CITY_INK[city.house]))
        facts.append(f"city {city.name} ({HOUSE_NAME[city.house]})")
    for cathedral_id in node["cathedrals"]:
        marks.append(tag("tspan", " \u271d", fill="#5a3e8c"))
        facts.append(f"cathedral of {game_map.cathedrals[cathedral_id].name}")
    if area.crown:
        marks.append(tag("tspan", " \u265b", fill="#9a7400"))
        facts.append("crown area")
    if area.major_port:
        marks.append(tag("tspan", " \u2693", fill=SEA_STROKE))
        facts.append("major port")
    if area.is_exile:
        facts.append(f"exile area of {HOUSE_NAME[area.exile_of or '']}")
    if area.seas:
        facts.append("coast on " + ", ".join(game_map.seas[s].name for s in area.seas))
    shields = []
    for i, shield_id in enumerate(node["royal_shields"]):
        shield = game_map.royal_shields[shield_id]
        shields.append(_shield(x + BOX_W - 14 - 14 * i, y + 3, shield.house))
        heir = f" ({load_blocks()[shield.heir].name}'s)" if shield.heir else ""
        facts.append(f"royal shield of {HOUSE_NAME[shield.house]}{heir}")
    title = area.name if not area.is_exile else f"{area.name} (exile)"
    return tag(
        "g",
        tag("title", esc("; ".join(facts))),
        tag("rect", x=x, y=y, width=BOX_W, height=BOX_H, rx=9, class_="box"),
        tag("text", esc(title), x=x + 7, y=y + 14, class_="aname"),
        *shields,
        tag("text", *marks, x=x + 6, y=y + BOX_H - 4, class_="mark") if marks else "",
        class_=f"area {kind}", data_target=f"area:{area_id}",
    )


def _shield(x: int, y: int, house: str) -> str:
    """A royal shield mark in the house colour."""
    path = f"M{x},{y} h11 v6 q0,6 -5.5,8 q-5.5,-2 -5.5,-8 z"
    return tag("path", d=path, fill=HOUSE_FILL[house], stroke=HOUSE_EDGE[house], stroke_width=1.2)


# --- blocks -----------------------------------------------------------------------------------


def _block(geo: BoardGeometry, entry: Mapping[str, Any], x: float, y: float, w: float, h: float,
           cls: str = "blk", moved: bool = False) -> str:
    """A block as the view gives it: upright (name and strength) when the view names it,
    face-down (house colour only) when it does not; faded once ``moved`` this turn.
    ``cls``: the legend's samples differ."""
    house = entry["house"]
    fill, edge, ink = HOUSE_FILL[house], HOUSE_EDGE[house], HOUSE_TEXT[house]
    rect = tag("rect", x=f"{x:.0f}", y=f"{y:.0f}", width=f"{w:.0f}", height=f"{h:.0f}", rx=3, fill=fill,
               stroke=edge, stroke_width=1.5)
    block = entry.get("block")
    if block is None:
        cx, cy = x + w / 2, y + h / 2
        return tag("g", tag("title", f"a hidden {HOUSE_NAME[house]} block"), rect,
                   tag("circle", cx=f"{cx:.0f}", cy=f"{cy:.0f}", r=f"{min(w, h) / 4:.0f}", fill="none", stroke=edge,
                       stroke_width=1.5),
                   class_=f"{cls} hidden")
    strength = entry.get("strength")
    name = geo.names[block]
    width_for_name = w - 19
    squeeze = len(name) * 6.3 > width_for_name
    label = tag("text", esc(name), x=f"{x + 3:.0f}", y=f"{y + h / 2 + 4.5:.0f}", fill=ink,
                textLength=f"{width_for_name:.0f}" if squeeze else None,
                lengthAdjust="spacingAndGlyphs" if squeeze else None)
    badge = ""
    if strength is not None:
        bx, by = x + w - 9, y + h / 2
        badge = tag("rect", x=f"{bx - 7:.0f}", y=f"{by - 8:.0f}", width=14, height=16, rx=3, fill=ink) + tag(
            "text", str(strength), x=f"{bx:.0f}", y=f"{by + 4:.0f}", text_anchor="middle", fill=fill, class_="str")
    tip = geo.tooltips[block] + (f"; strength {strength}" if strength is not None else "")
    tip += "; moved this turn" if moved else ""
    return tag("g", tag("title", esc(tip)), rect, label, badge, class_="blk", data_target=f"block:{block}",
               opacity=0.55 if moved else None)


def _area_blocks(geo: BoardGeometry, area: str, entries: Sequence[Mapping[str, Any]], moved: frozenset[str]) -> str:
    """An area's blocks in a grid filling the box between its name and its marks (the
    seat's blocks that moved or were recruited this turn faded)."""
    x0, y0 = geo.boxes[area]
    n = len(entries)
    cols = COLUMNS if n <= 6 else 3
    rows = math.ceil(n / cols)
    inner_w, inner_h = BOX_W - 2 * 4, BOX_H - HEADER_H - MARKS_H - 4
    w = (inner_w - (cols - 1) * GAP) / cols
    h = min(BLOCK_H, (inner_h - (rows - 1) * GAP) / rows)
    out = []
    for i, entry in enumerate(entries):
        r, c = divmod(i, cols)
        out.append(_block(geo, entry, x0 + 4 + c * (w + GAP), y0 + HEADER_H + 3 + r * (h + GAP), w, h,
                          moved=entry.get("block") in moved))
    return "".join(out)


# --- panels -----------------------------------------------------------------------------------


def _text(x: float, y: float, text: str, cls: str = "pt", **kw: Any) -> str:
    return tag("text", esc(text), x=f"{x:.0f}", y=f"{y:.0f}", class_=cls, **kw)


def _wrap(text: str, width: int) -> list[str]:
    """``text`` cut into lines of at most ``width`` characters, at spaces."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _status_panel(geo: BoardGeometry, view: Mapping[str, Any], player: str | None) -> tuple[str, int]:
    """Whose turn and what is asked, the campaign and turn, the crown, cards and AP."""
    b = view["board"]
    x, y = PANEL_X, 8
    rows: list[str] = []
    line = y + 22

    def add(text: str, cls: str = "pt", gap: int = 18, **kw: Any) -> None:
        nonlocal line
        rows.append(_text(x + 10, line, text, cls, **kw))
        line += gap

    turn = f"turn {b['turn']} of 7" if b["turn"] else "before turn 1"
    add(f"Campaign {b['campaign']} of {b['last_campaign']}, {turn}", "ph", 19)
    add(f"Phase: {_PHASES.get(b['phase'], b['phase'])}", gap=18)
    if view.get("over"):
        winner = b.get("winner")
        add(f"Game over: {HOUSE_NAME.get(winner, 'nobody')} wins" if winner else "Game over", "ph")
    else:
        waiting = ", ".join(HOUSE_NAME[p] for p in view["pending"]["players"])
        you = " (you)" if player in view["pending"]["players"] else ""
        add(f"Waiting for: {waiting}{you}", gap=16, font_weight="bold")
        for part in _wrap(view["pending"]["prompt"], 38)[:3]:
            add(part, "ps", 14)
    line += 4
    king, pretender = b["king"], b["pretender"]
    add(f"King: {HOUSE_NAME[king]} ({_block_name(geo, b['king_block'])})")
    add(f"Pretender: {HOUSE_NAME[pretender]} ({_block_name(geo, b['pretender_block'])})")
    if b.get("prisoner"):
        add(f"{_block_name(geo, b['prisoner'])} is York's prisoner", "ps", 16)
    if b["player1"]:
        add(f"Player 1 (moves first): {HOUSE_NAME[b['player1']]}")
    line += 4
    for h in _order(player):
        played = b["cards"].get(h)
        ap = f", {b['ap'][h]} AP left" if played and b["phase"] == "action" else ""
        hand = b["hands"][h]
        chosen = b["chosen"][h]
        if isinstance(hand, list):
            add(f"Your hand ({HOUSE_NAME[h]}):" if h == player else f"{HOUSE_NAME[h]}'s hand:", font_weight="bold")
            names = ", ".join(geo.card_names[c] + (" (chosen)" if c == chosen else "") for c in hand) or "empty"
            for part in _wrap(names, 38):
                add(part, "ps", 14)
        else:
            note = " (card chosen)" if chosen else ""
            add(f"{HOUSE_NAME[h]}: {hand} cards in hand{note}", gap=16)
        if played:
            add(f"  played {played}{ap}", "ps", 15)
        line += 2
    if b["main_attack"] and not b["battle"]:  # in a battle, its panel shows who is in reserve
        for key, crossing in b["main_attack"].items():
            area, house = key.split("/")
            add(f"Main attack of {HOUSE_NAME[house]} on {geo.area_names[area]} from {geo.place_names[crossing]}",
                "ps", 14)
    panel = tag("g", tag("rect", x=x, y=y, width=PANEL_W, height=line - y, rx=8, class_="bg"), *rows, class_="panel")
    return panel, line


def _battle_panel(geo: BoardGeometry, view: Mapping[str, Any], top: int) -> str:
    """The battle being fought: where, which round, and each side's blocks as the view shows
    them (firepower for the blocks it names), attacker left, defender right."""
    battle = view["board"]["battle"]
    x = PANEL_X
    rows = [_text(x + 10, top + 21, f"Battle in {geo.area_names[battle['area']]}", "ph"),
            _text(x + 10, top + 38, f"round {battle['round']} of {battle['rounds']}", "pt")]
    bottom = top + 50
    for column, h in enumerate((battle["attacker"], battle["defender"])):
        role = "attacks" if h == battle["attacker"] else "defends"
        cx = x + 8 + column * 136
        rows.append(_text(cx, top + 58, f"{HOUSE_NAME[h]} {role}", "pt", font_weight="bold"))
        for i, entry in enumerate(battle["sides"][h]):
            by = top + 64 + i * (BLOCK_H + 3)
            rows.append(_block(geo, {"house": h, **entry}, cx, by, 78, BLOCK_H))
            if "fire" in entry:
                rows.append(_text(cx + 81, by + 17, "reserve" if entry["reserve"] else f"fires {entry['fire']}", "ps"))
            bottom = max(bottom, by + BLOCK_H)
    return tag("g", tag("rect", x=x, y=top, width=PANEL_W, height=bottom + 8 - top, rx=8, class_="bg"), *rows,
               class_="panel battle")


def _block_name(geo: BoardGeometry, block: str | None) -> str:
    return "none" if block is None else geo.names[block]


def _order(player: str | None) -> tuple[str, str]:
    return ("york", "lancaster") if player == "york" else ("lancaster", "york")


_PHASES = MappingProxyType({"setup": "set-up", "card": "cards", "action": "actions", "battle": "battles",
                            "supply": "supply", "political": "political turn"})


def _bottom_strip(geo: BoardGeometry, view: Mapping[str, Any], player: str | None) -> tuple[str, int]:
    """Pools, minors and the dead below the map, then the legend; returns the SVG and the
    height it takes."""
    b = view["board"]
    y = MAP_HEIGHT + 8
    parts: list[str] = []
    for h in _order(player):
        pool = b["pools"][h]
        up, down = pool["face_up"], pool["face_down"]
        if isinstance(up, list):
            parts.append(_text(12, y + 16, f"{HOUSE_NAME[h]} pool ({len(up)} ready, {len(down)} face-down):", "pt",
                               font_weight="bold"))
            per_row = 14
            for i, block in enumerate(up):
                r, c = divmod(i, per_row)
                parts.append(_block(geo, {"house": h, "block": block}, 12 + c * (80 + GAP),
                                    y + 24 + r * (BLOCK_H + GAP), 80, BLOCK_H))
            rows = max(1, math.ceil(len(up) / per_row))
            y += 28 + rows * (BLOCK_H + GAP)
            extra = []
            if down:
                extra.append("face-down (mercenaries at home): " + ", ".join(geo.names[x] for x in down))
        else:
            parts.append(_text(12, y + 16, f"{HOUSE_NAME[h]} pool: {up} blocks ready, {down} face-down", "pt",
                               font_weight="bold"))
            y += 24
            extra = []
        minors = b["minors"][h]
        if minors:
            extra.append("minors (not yet of age): " + ", ".join(geo.names[x] for x in minors))
        dead = [x for x in b["dead"] if geo.houses[x] == h]
        if dead or b["dead_count"][h]:
            named = " (" + ", ".join(geo.names[x] for x in dead) + ")" if dead else ""
            extra.append(f"dead: {b['dead_count'][h]}{named}")
        if extra:
            parts.append(_text(24, y + 12, "; ".join(extra), "ps"))
            y += 20
        y += 4
    legend, height = _legend(geo, b, y + 4)
    parts.append(legend)
    return "".join(parts), y + 4 + height


def _legend(geo: BoardGeometry, b: Mapping[str, Any], y: int) -> tuple[str, int]:
    """What the colours and marks mean; border limits are the game's (house rules may change
    them). Returns the SVG and its height."""
    parts = [_text(16, y + 20, "Borders: blocks that may cross a turn", "pt", font_weight="bold")]
    x = 290
    for colour in ("yellow", "blue", "red"):
        parts.append(tag("line", x1=x, y1=y + 15, x2=x + 36, y2=y + 15, stroke=BORDER_STROKE[colour],
                         stroke_width=6, stroke_linecap="round"))
        parts.append(_text(x + 42, y + 20, f"{colour}: {b['border_limits'][colour]} blocks"))
        x += 160
    parts.append(tag("line", x1=x, y1=y + 15, x2=x + 36, y2=y + 15, stroke=SEA_STROKE, stroke_width=1.6,
                     stroke_dasharray="7 5"))
    parts.append(_text(x + 42, y + 20, "coast on a sea (sea moves)"))
    x = 16
    for text, ink in (("\u25a0 city", None), ("\u271d cathedral", "#5a3e8c"), ("\u265b crown area", "#9a7400"),
                      ("\u2693 major port", SEA_STROKE)):
        parts.append(_text(x, y + 46, text, "pt", fill=ink))
        x += 125
    parts.append(_shield(x, y + 34, "lancaster") + _shield(x + 14, y + 34, "york"))
    parts.append(_text(x + 32, y + 46, "royal shield (Lancaster / York)"))
    x += 260
    parts.append(_block(geo, {"house": "lancaster"}, x, y + 30, 40, 22, "sample"))
    parts.append(_block(geo, {"house": "york"}, x + 44, y + 30, 40, 22, "sample"))
    parts.append(_text(x + 92, y + 46, "face-down enemy blocks"))
    notes = ("Numbers on blocks: strength. Faded blocks: moved or recruited this turn. Dashed boxes: exile areas.",
             "City names in their house colour (red Lancaster, black York). Red outline: the battle being fought "
             "(dashed: battles to come).")
    for i, note in enumerate(notes):
        parts.append(_text(16, y + 68 + 17 * i, note, "ps"))
    height = 68 + 17 * len(notes)
    box = tag("rect", x=6, y=y, width=WIDTH - 12, height=height, rx=8, fill="#fffdf6", stroke="#7a6a48")
    return box + "".join(parts), height + 4


# --- the drawing ------------------------------------------------------------------------------


def draw_board(view: Mapping[str, Any], player: str | None) -> str:
    """The SVG for ``player`` from ``view`` alone."""
    geo = geometry()
    b = view["board"]
    parts = [tag("style", _STYLE), geo.static_svg]
    battle_area = b["battle"]["area"] if b.get("battle") else b.get("battle_area")
    for area in b["battles"]:
        bx, by = geo.boxes[area]
        parts.append(tag("rect", x=bx - 3, y=by - 3, width=BOX_W + 6, height=BOX_H + 6, rx=11, fill="none",
                         stroke="#b3261e", stroke_width=2.5, stroke_dasharray="6 4"))
    if battle_area:
        bx, by = geo.boxes[battle_area]
        parts.append(tag("rect", x=bx - 4, y=by - 4, width=BOX_W + 8, height=BOX_H + 8, rx=12, fill="none",
                         stroke="#b3261e", stroke_width=5))
    moved = frozenset(b["moved"])
    for area, entries in b["areas"].items():
        parts.append(_area_blocks(geo, area, sorted(entries, key=lambda e: e["house"]), moved))
    status, status_bottom = _status_panel(geo, view, player)
    parts.append(status)
    if b.get("battle"):
        parts.append(_battle_panel(geo, view, status_bottom + 8))
    bottom, height = _bottom_strip(geo, view, player)
    parts.append(bottom)
    return tag("svg", *parts, xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {WIDTH} {height + 6}",
               class_="r3-board")


# --- targets ----------------------------------------------------------------------------------

_MOVER = re.compile(r"^(?:move|ship|also ship|send) ([a-z0-9_]+)")


def action_path(action: Action) -> tuple[str, ...] | None:
    """The board things clicked to choose ``action``, or None when it has no place."""
    kind, args = action.kind, action.args
    if kind in ("group", "sea", "muster", "plague", "battle", "enter"):
        return (f"area:{args}",)
    if kind in ("select", "fire", "pass", "take-hits", "reduce", "execute", "spare", "pool", "ship2", "treason"):
        block = args
        path: tuple[str, ...] = (f"block:{block}",)
        if kind == "ship2":  # "also ship C: A -> D": the landing is the label's last word
            path += (f"area:{action.label.rsplit(' ', 1)[1]}",)
        return path
    if kind in ("retreat", "regroup", "recruit"):
        return (f"block:{args[0]}", f"area:{args[1]}")
    if kind in ("charge", "treachery"):
        return (f"block:{args[0]}", f"block:{args[1]}")
    if kind in ("path", "ship", "home"):
        mover = _MOVER.match(action.label)
        dest = args[-1] if kind == "path" else args[0] if kind == "ship" else args
        return (f"block:{mover.group(1)}", f"area:{dest}") if mover else (f"area:{dest}",)
    if kind == "main":
        area, crossing = args
        return (f"area:{area}", f"area:{crossing}")
    return None


def drawn_targets(view: Mapping[str, Any]) -> set[str]:
    """The ``data-target`` ids :func:`draw_board` marks: every area, and every block the view
    names on the map, in the battle or in a pool."""
    b = view["board"]
    out = {f"area:{a}" for a in geometry().boxes}
    entries = [e for found in b["areas"].values() for e in found]
    if b.get("battle"):
        entries += [e for side in b["battle"]["sides"].values() for e in side]
    out.update(f"block:{e['block']}" for e in entries if "block" in e)
    for pool in b["pools"].values():
        if isinstance(pool["face_up"], list):
            out.update(f"block:{x}" for x in pool["face_up"])
    return out


def board_targets(actions: Sequence[Action], view: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """Each action's click path, for actions whose every target is drawn (a block the seat
    cannot see is never drawn, so an action naming one is left to the list)."""
    drawn = drawn_targets(view)
    out: dict[str, tuple[str, ...]] = {}
    for action in actions:
        path = action_path(action)
        if path and all(t in drawn for t in path):
            out[action.label] = path
    return out


def board_drawing(context: BoardContext) -> BoardDrawing:
    """Richard III's board for the seat of ``context``: the SVG and the click paths."""
    return BoardDrawing(draw_board(context.view, context.player), board_targets(context.actions, context.view))
