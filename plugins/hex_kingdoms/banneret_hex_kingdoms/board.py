"""hex_kingdoms in the browser: the map drawn as SVG from a seat's view, and the board
things to click for each legal action (see :mod:`banneret.boards.drawing`).

Hexes are drawn pointy-topped, rows of equal ``r`` as in the terminal picture, each with
its ``(q,r)`` label (the actions name hexes so). Click ids: ``hex:q,r`` a map hex (or the
anchor of a tile being laid, 5.1), ``army:q,r:s`` the dice of strength ``s`` on a hex,
``capital:NAME`` a kingdom's capital, ``site:q,r:DIR`` (edge model) or ``site:q,r``
(cell model) a place a capital may be raised (5.2). Everything is drawn from the view:
hex_kingdoms hides nothing, but a drawing must never need the state.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping

from banneret.boards import BoardContext, BoardDrawing, esc, tag
from banneret.boards.hexgrid import DIRECTIONS
from banneret.types import Action
from banneret_hex_kingdoms.genesis import DIRECTION_NAMES, Capital, tile_hexes
from banneret_hex_kingdoms.rules import CAPITAL
from banneret_hex_kingdoms.tables import tables

__all__ = ["draw_board", "board_targets", "KINGDOM_COLOURS", "TERRAIN_COLOURS"]

SIZE = 50.0  # hex radius in viewBox units
_W = math.sqrt(3) * SIZE  # distance between the centres of neighbouring hexes
PANEL_WIDTH = 340
MARGIN = 14

KINGDOM_COLOURS: Mapping[str, str] = {"blue": "#1f5fd0", "red": "#d0282a", "green": "#12863a", "yellow": "#f2c200"}
_INK = {"yellow": "#1a1a1a"}  # text on a kingdom's colour; white unless listed
TERRAIN_COLOURS: Mapping[str, str] = {
    "PLAIN": "#efe6b8",
    "FERTILE_PLAIN": "#c6e58f",
    "FOREST": "#93b98b",
    "MARSH": "#a8cdd0",
    "CAVE": "#c9b6dd",
    "MOUNTAIN": "#aaa49c",
    "GOLD_MOUNTAIN": "#e8c15a",
}
_TERRAIN_NAMES = {t.id: t.name for t in tables().terrain.values()}

# pointy-topped hex: corners at 30 + 60k degrees (y grows downwards); the edge towards
# DIRECTIONS[i] runs between the corners at -60i - 30 and -60i + 30 degrees
_CORNER = tuple((SIZE * math.cos(math.radians(30 + 60 * k)), SIZE * math.sin(math.radians(30 + 60 * k))) for k in range(6))
_EDGE = tuple(
    tuple((SIZE * math.cos(math.radians(-60 * i + s)), SIZE * math.sin(math.radians(-60 * i + s))) for s in (-30, 30))
    for i in range(6)
)
_INSET = 0.86  # the control ring, as a share of the hex radius
_DIE = 18.0  # side of an army die
_DIE_SLOTS = {  # top-left corners of 1..4 dice about the hex centre
    1: ((-9, -8),),
    2: ((-19, -8), (1, -8)),
    3: ((-19, -17), (1, -17), (-9, 3)),
    4: ((-19, -17), (1, -17), (-19, 3), (1, 3)),
}

STYLE = """
text { font-family: 'DejaVu Sans', Verdana, sans-serif; }
.lab { font-size: 12px; fill: #333; pointer-events: none; }
.die text, .cap text, .badge text { font-weight: bold; pointer-events: none; }
.prov { fill: none; stroke: #1b1b1b; stroke-width: 4.5; stroke-linecap: round; pointer-events: none; }
.thin { stroke: #7d7668; stroke-width: 1; }
.ring { fill: none; stroke-width: 4; pointer-events: none; }
.deco { pointer-events: none; }
.mark { display: none; fill: none; stroke: #ffffff; stroke-width: 4; stroke-dasharray: 7 4; pointer-events: none; }
.bn-next > .mark, .bn-picked > .mark { display: inline; }
.site circle { fill-opacity: 0.6; stroke: #1b1b1b; stroke-width: 2; stroke-dasharray: 4 3; }
.panel { font-size: 15px; fill: #1b1b1b; }
.small { font-size: 13px; fill: #333; }
.head { font-size: 21px; font-weight: bold; }
.name { font-size: 18px; font-weight: bold; }
"""


def _f(x: float) -> str:
    return f"{x:.1f}"


def _points(cx: float, cy: float, corners: Iterable[tuple[float, float]], scale: float = 1.0) -> str:
    return " ".join(f"{_f(cx + x * scale)},{_f(cy + y * scale)}" for x, y in corners)


def _ink(kingdom: str) -> str:
    return _INK.get(kingdom, "#ffffff")


class _Layout:
    """Pixel positions of one map: hex centres shifted so the map (with one hex of room
    round it for capitals) starts at the margin."""

    def __init__(self, coords: Iterable[tuple[int, int]]) -> None:
        raw = [(_W * (q + r / 2), 1.5 * SIZE * r) for q, r in coords]
        if not raw:
            raw = [(0.0, 0.0)]
        self.x0 = MARGIN + _W * 1.3 - min(x for x, _ in raw)
        self.y0 = MARGIN + SIZE * 2.1 - min(y for _, y in raw)
        self.width = max(x for x, _ in raw) - min(x for x, _ in raw) + _W * 2.6 + 2 * MARGIN
        self.height = max(y for _, y in raw) - min(y for _, y in raw) + SIZE * 4.2 + 2 * MARGIN

    def centre(self, q: int, r: int) -> tuple[float, float]:
        return self.x0 + _W * (q + r / 2), self.y0 + 1.5 * SIZE * r


# --- targets ---------------------------------------------------------------------------------


def _hex_id(q: int, r: int) -> str:
    return f"hex:{q},{r}"


def _site_id(capital: Capital, coords: list[tuple[int, int]]) -> str:
    if capital.direction is not None:
        q, r = coords[capital.gates[0]]
        return f"site:{q},{r}:{DIRECTION_NAMES[capital.direction]}"
    return f"site:{capital.cell[0]},{capital.cell[1]}"


def board_targets(board: Mapping[str, Any], actions: Iterable[Action]) -> dict[str, tuple[str, ...]]:
    """The click path of every action that has a place on the map. Army and hex indices in
    the actions are positions in ``board["hexes"]``; a capital attacked is named by the
    kingdom's position in ``board["kingdoms"]``."""
    coords = [tuple(h["hex"]) for h in board.get("hexes", ())]
    names = list(board["kingdoms"])

    def hex_at(i: int) -> str:
        return _hex_id(*coords[i])

    def army(i: int, strength: int) -> str:
        q, r = coords[i]
        return f"army:{q},{r}:{strength}"

    out: dict[str, tuple[str, ...]] = {}
    for a in actions:
        kind, args = a.kind, a.args
        if kind in ("regroup", "castle-site", "to", "land"):  # 11.1, 11.2.5, 13.10, 9.3
            path = hex_at(args)
        elif kind == "march-to":  # 11.2.2
            path = hex_at(args[0])
        elif kind in ("move-army", "extra", "join"):  # 11.2.3, 11.3, 13.1
            path = army(*args)
        elif kind == "move-to":  # 11.2.3: a hex, or into the mover's own capital
            path = f"capital:{board['acting']}" if args == CAPITAL else hex_at(args)
        elif kind == "assault-target":  # 13.1: a hex, or a kingdom's capital
            path = hex_at(args) if args >= 0 else f"capital:{names[-args - 1]}"
        elif kind == "walls":  # C-19
            path = f"capital:{board['acting']}"
        elif kind == "capital" and isinstance(args, Capital):  # 5.2
            path = _site_id(args, coords)  # type: ignore[arg-type]
        elif kind == "capital":  # 9.3: crusaders reinforce the king's capital
            path = f"capital:{board['crusade']['king']}"
        elif kind == "tile":  # 5.1: the hex the tile's first hex covers
            path = _hex_id(*args[0])
        else:
            continue
        out[a.label] = (path,)
    return out


# --- the drawing -----------------------------------------------------------------------------


def draw_board(context: BoardContext) -> BoardDrawing:
    """The seat's board: the map, the capitals, the kingdoms' panel and the legend."""
    board = context.view["board"]
    targets = board_targets(board, context.actions)
    clickable = {t for path in targets.values() for t in path}
    hexes = board.get("hexes")
    if hexes is None:
        layout, parts = _genesis(board, context.actions)
    else:
        layout = _Layout(tuple(h["hex"]) for h in hexes)
        parts = _map(board, layout, context.actions, clickable)
    panel_x = layout.width + 10
    panel, panel_height = _panel(board, panel_x)
    legend, height = _legend(MARGIN + 6, max(layout.height, panel_height))
    width = max(panel_x + PANEL_WIDTH, MARGIN + 90 + 3 * 333)
    height += MARGIN
    svg = tag(
        "svg",
        tag("style", esc(STYLE)),
        tag("rect", x=0, y=0, width=_f(width), height=_f(height), fill="#f7f3ea"),
        *parts,
        panel,
        *legend,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {_f(width)} {_f(height)}",
        class_="hk-board",
    )
    return BoardDrawing(svg, targets)


def _map(board: Mapping[str, Any], layout: _Layout, actions: Iterable[Action], clickable: set[str]) -> list[str]:
    hexes = board["hexes"]
    kingdoms = board["kingdoms"]
    coords = [tuple(h["hex"]) for h in hexes]
    province_of = {c: h["province"] for c, h in zip(coords, hexes)}
    gate_of = {tuple(g): k for k, info in kingdoms.items() for g in info["gates"]}
    held = board["provinces"]

    # each province's number sits on the middle of its four hexes (the edge between the two
    # hexes touching all three others); the hex labels there move out of its way
    members: dict[int, list[tuple[int, int]]] = {}
    for c, h in zip(coords, hexes):
        members.setdefault(h["province"], []).append(c)
    badge_side: dict[tuple[int, int], int] = {}
    badges = []
    for p, cells in sorted(members.items()):
        middle = [c for c in cells if sum((c[0] + dq, c[1] + dr) in cells for dq, dr in DIRECTIONS) == 3]
        xs, ys = zip(*(layout.centre(*c) for c in cells))
        bx, by = sum(xs) / len(xs), sum(ys) / len(ys)
        if len(middle) == 2:
            (a, b) = middle
            badge_side[a] = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
            badge_side[b] = DIRECTIONS.index((a[0] - b[0], a[1] - b[1]))
        holder = held.get(str(p))
        badges.append(tag(
            "g",
            tag("circle", cx=_f(bx), cy=_f(by), r=11, fill=KINGDOM_COLOURS.get(holder, "#ffffff") if holder else "#ffffff",
                stroke="#1b1b1b", stroke_width=2),
            tag("text", esc(p), x=_f(bx), y=_f(by + 4.5), text_anchor="middle", font_size=13,
                fill=_ink(holder) if holder else "#1b1b1b"),
            class_="badge deco",
        ))

    capital_side = {}
    for info in kingdoms.values():
        if len(info["gates"]) == 1:
            (gq, gr), (cq, cr) = info["gates"][0], info["capital_cell"]
            capital_side[(gq, gr)] = DIRECTIONS.index((cq - gq, cr - gr))
    cells_svg = []
    late = []
    labels = []
    armies = []
    borders = []
    for c, h in zip(coords, hexes):
        q, r = c
        cx, cy = layout.centre(q, r)
        owner, controller = h["owner"], h["controller"]
        title = [f"({q},{r}) province {h['province']}, {_TERRAIN_NAMES.get(h['terrain'], h['terrain'])}"]
        if h["armies"]:
            title.append(f"{owner} armies {'+'.join(map(str, h['armies']))}")
        title.append(f"controlled by {controller}" if controller else "controlled by nobody")
        if h["castle"]:
            title.append(f"castle of {h['castle']}")
        if c in gate_of:
            title.append(f"gate of {gate_of[c]}'s capital")
        if h["coast"]:
            title.append("outer edge " + ", ".join(h["coast"]))
        cell = [tag("title", esc("; ".join(title))),
                tag("polygon", points=_points(cx, cy, _CORNER), fill=TERRAIN_COLOURS.get(h["terrain"], "#dddddd"), class_="thin")]
        if controller:
            cell.append(tag("polygon", points=_points(cx, cy, _CORNER, _INSET), stroke=KINGDOM_COLOURS[controller], class_="ring"))
        target = _hex_id(q, r)
        if target in clickable:  # drawn last, with a ring the page's click marks show, so no neighbour hides its glow
            cell.append(tag("polygon", points=_points(cx, cy, _CORNER, 0.72), class_="mark"))
            late.append(tag("g", *cell, data_target=target))
        else:
            cells_svg.append(tag("g", *cell, data_target=target))
        # the label on top, unless a province number or a capital sits on an upper edge of
        # this hex and none on a lower one
        sides = {badge_side.get(c), capital_side.get(c)}
        top = not sides & {1, 2} or bool(sides & {4, 5})
        nudge = {1: -8, 2: 8}.get(badge_side.get(c), 0) if top else 0  # away from a number on this edge
        labels.append(tag("text", esc(f"({q},{r})"), x=_f(cx + nudge), y=_f(cy - 30 if top else cy + 39), text_anchor="middle", class_="lab"))
        if h["castle"]:
            labels.append(_castle(cx, cy + (22 if top else -37), h["castle"]))
        shift = -3 if top else 3  # the dice a little away from the label
        for i, (dx, dy) in enumerate(_DIE_SLOTS.get(len(h["armies"]), ())):
            s = h["armies"][i]
            armies.append(_die(cx + dx, cy + dy + shift, owner, s, f"army:{q},{r}:{s}", clickable))
        for i, (dq, dr) in enumerate(DIRECTIONS):
            n = (q + dq, r + dr)
            if province_of.get(n) != h["province"] and (n not in province_of or n > c):
                (x1, y1), (x2, y2) = _EDGE[i]
                borders.append(f"M{_f(cx + x1)} {_f(cy + y1)}L{_f(cx + x2)} {_f(cy + y2)}")

    capitals = [_capital(layout, coords, name, info) for name, info in kingdoms.items() if info["gates"]]
    chooser = KINGDOM_COLOURS.get(board.get("deciding_for"), "#ffffff")
    sites = [_site(layout, coords, a.args, chooser) for a in actions if a.kind == "capital" and isinstance(a.args, Capital)]
    return [
        tag("g", *cells_svg, *late),
        tag("path", d="".join(borders), class_="prov"),
        *badges,
        *labels,
        *capitals,
        *armies,
        *sites,
    ]


def _die(x: float, y: float, owner: str, strength: int, target: str, clickable: set[str]) -> str:
    """One army: a die of its kingdom's colour showing its strength. Dice that are no
    click's target let clicks through to their hex."""
    return tag(
        "g",
        tag("title", esc(f"{owner} army of strength {strength}")),
        tag("rect", x=_f(x), y=_f(y), width=_DIE, height=_DIE, rx=3, fill=KINGDOM_COLOURS[owner], stroke="#1b1b1b", stroke_width=1.5),
        tag("text", esc(strength), x=_f(x + _DIE / 2), y=_f(y + 14), text_anchor="middle", font_size=14, fill=_ink(owner)),
        class_="die",
        data_target=target,
        pointer_events=None if target in clickable else "none",
    )


def _castle(cx: float, cy: float, kingdom: str) -> str:
    """A castle: a small crenellated keep in its builder's colour, its base at ``cy + 14``."""
    x, y = cx - 10, cy
    outline = f"M{_f(x)} {_f(y + 14)}V{_f(y)}h4v4h4v-4h4v4h4v-4h4V{_f(y + 14)}Z"
    return tag("path", tag("title", esc(f"castle of {kingdom}")), d=outline, fill=KINGDOM_COLOURS.get(kingdom, "#888"),
               stroke="#1b1b1b", stroke_width=1.5, class_="deco")


def _capital_point(layout: _Layout, cell: tuple[int, int], gates: list[tuple[int, int]]) -> tuple[float, float]:
    """A capital with one gate stands on that gate's outer edge; one touching several gate
    hexes fills its off-map cell."""
    x, y = layout.centre(*cell)
    if len(gates) != 1:
        return x, y
    gx, gy = layout.centre(*gates[0])
    return x + 0.35 * (gx - x), y + 0.35 * (gy - y)


def _capital(layout: _Layout, coords: list[tuple[int, int]], name: str, info: Mapping[str, Any]) -> str:
    gates = [tuple(g) for g in info["gates"]]
    cell = tuple(info["capital_cell"])
    x, y = _capital_point(layout, cell, gates)  # type: ignore[arg-type]
    colour = KINGDOM_COLOURS[name]
    parts = [tag("title", esc(f"{name}'s capital, value {info['capital']}{', walled' if info['walls'] else ''}; "
                              f"gate {' '.join(f'({q},{r})' for q, r in gates)}"))]
    cx, cy = layout.centre(*cell)  # type: ignore[arg-type]
    for g in gates:
        gx, gy = layout.centre(*g)
        parts.append(tag("line", x1=_f(x), y1=_f(y), x2=_f((gx + cx) / 2), y2=_f((gy + cy) / 2), stroke=colour, stroke_width=6))
    if info["walls"]:
        parts.append(tag("circle", cx=_f(x), cy=_f(y), r=24, fill="#ffffff", stroke="#1b1b1b", stroke_width=3, stroke_dasharray="5 3"))
    parts.append(tag("circle", cx=_f(x), cy=_f(y), r=19, fill=colour, stroke="#1b1b1b", stroke_width=2.5))
    parts.append(tag("text", esc(info["capital"]), x=_f(x), y=_f(y + 7), text_anchor="middle", font_size=20, fill=_ink(name)))
    return tag("g", *parts, class_="cap", data_target=f"capital:{name}")


def _site(layout: _Layout, coords: list[tuple[int, int]], capital: Capital, colour: str) -> str:
    """A place the deciding kingdom may raise its capital (5.2): a dashed ghost of it."""
    gates = [coords[g] for g in capital.gates]
    x, y = _capital_point(layout, capital.cell, gates)
    where = f"({gates[0][0]},{gates[0][1]}) {DIRECTION_NAMES[capital.direction]}" if capital.direction is not None else \
        f"cell ({capital.cell[0]},{capital.cell[1]})"
    return tag("g", tag("title", esc(f"raise the capital here: {where}")), tag("circle", cx=_f(x), cy=_f(y), r=13, fill=colour),
               class_="site", data_target=_site_id(capital, coords))


def _genesis(board: Mapping[str, Any], actions: Iterable[Action]) -> tuple[_Layout, list[str]]:
    """The map while the players lay its tiles (5.1): the tiles laid, blank but numbered,
    and a dashed hex where each tile on offer may go (its first hex)."""
    laid = [(p, tuple(a), rot) for p, a, rot in board["tiles_laid"]]
    anchors = sorted({tuple(a.args[0]) for a in actions if a.kind == "tile"})
    cells = [(p, c) for p, a, rot in laid for c in tile_hexes(a, rot)]  # type: ignore[arg-type]
    layout = _Layout([c for _, c in cells] + anchors)  # type: ignore[misc]
    parts = []
    for p, (q, r) in cells:
        cx, cy = layout.centre(q, r)
        parts.append(tag("g", tag("title", esc(f"({q},{r}) province {p}")),
                         tag("polygon", points=_points(cx, cy, _CORNER), fill="#e9e2cf", class_="thin"),
                         tag("text", esc(p), x=_f(cx), y=_f(cy + 6), text_anchor="middle", font_size=18, class_="deco"),
                         tag("text", esc(f"({q},{r})"), x=_f(cx), y=_f(cy - 30), text_anchor="middle", class_="lab")))
    for q, r in anchors:
        cx, cy = layout.centre(q, r)
        parts.append(tag("g", tag("title", esc(f"lay the tile with its first hex on ({q},{r})")),
                         tag("polygon", points=_points(cx, cy, _CORNER), fill="#ffffff", fill_opacity=0.6, stroke="#1b1b1b",
                             stroke_dasharray="5 4", stroke_width=1.5),
                         tag("text", esc(f"({q},{r})"), x=_f(cx), y=_f(cy + 4), text_anchor="middle", class_="lab"),
                         data_target=_hex_id(q, r)))
    return layout, parts


# --- the panel: turn, kingdoms, crusade, legend ------------------------------------------------


def _panel(board: Mapping[str, Any], x: float) -> tuple[str, float]:
    parts = []
    y = 34.0
    parts.append(tag("text", esc(f"Turn {board['turn']}"), x=x, y=y, class_="head"))
    if board.get("winner"):
        parts.append(tag("text", esc(f"{board['winner']} is crowned Emperor"), x=x + 110, y=y, class_="name"))
    y += 24
    parts.append(tag("text", esc("seat order: " + ", ".join(board["seat_order"])), x=x, y=y, class_="small"))
    for name in board["seat_order"]:
        info = board["kingdoms"][name]
        y += 14
        colour = KINGDOM_COLOURS[name]
        acting = board.get("acting") == name
        doing = "acting" if acting else "to decide" if board.get("deciding_for") == name else ""
        parts.append(tag("rect", x=x, y=_f(y), width=PANEL_WIDTH - 14, height=92, rx=6, fill="#ffffff",
                         stroke="#1b1b1b" if acting else "#b8b0a0", stroke_width=3 if acting else 1))
        parts.append(tag("rect", x=x, y=_f(y), width=14, height=92, rx=4, fill=colour))
        status = f"vassal of {info['suzerain']}" if info["suzerain"] else "free"
        head = f"{name}  ({status}{', ' + doing if doing else ''})"
        parts.append(tag("text", esc(head), x=x + 24, y=_f(y + 22), class_="name"))
        walls = ", walled" if info["walls"] else ""
        gates = " ".join(f"({q},{r})" for q, r in info["gates"]) or "not placed yet"
        parts.append(tag("text", esc(f"capital value {info['capital']}{walls}; gate {gates}"), x=x + 24, y=_f(y + 44), class_="panel"))
        provinces = info["provinces"]
        held = f"({len(provinces)}): {', '.join(map(str, provinces))}" if provinces else "none"
        parts.append(tag("text", esc(f"provinces held {held}"), x=x + 24, y=_f(y + 64), class_="panel"))
        parts.append(tag("text", esc(f"crusade points {info['crusade_points']}"), x=x + 24, y=_f(y + 84), class_="panel"))
        y += 92
    crusade = board["crusade"]
    y += 26
    state = f"won, king {crusade['king'] or 'to be elected'}" if crusade["won"] else "not won yet"
    parts.append(tag("text", esc(f"Crusade: {crusade['total']} points sent, {state}"), x=x, y=_f(y), class_="panel"))
    y += 20
    parts.append(tag("text", esc(f"last plague roll: {board['last_plague'] or 'none yet'}"), x=x, y=_f(y), class_="panel"))
    return tag("g", *parts), y + 16


def _legend(x: float, y: float) -> tuple[list[str], float]:
    """Every terrain by colour and name, then each symbol of the map, in rows across."""
    parts = [tag("text", "Terrain", x=_f(x), y=_f(y + 16), class_="name")]
    for i, (terrain, colour) in enumerate(TERRAIN_COLOURS.items()):
        row, col = divmod(i, 4)
        tx, ty = x + 90 + col * 250, y + row * 28
        parts.append(tag("polygon", points=_points(tx + 11, ty + 11, _CORNER, 0.28), fill=colour, stroke="#1b1b1b", stroke_width=1))
        parts.append(tag("text", esc(_TERRAIN_NAMES[terrain]), x=_f(tx + 28), y=_f(ty + 16), class_="panel"))
    y += 2 * 28 + 12
    parts.append(tag("text", "Symbols", x=_f(x), y=_f(y + 16), class_="name"))
    for i, (symbol, text) in enumerate(_symbols()):
        row, col = divmod(i, 3)
        sx, sy = x + 90 + col * 333, y + row * 30
        parts.append(symbol(sx, sy))
        parts.append(tag("text", esc(text), x=_f(sx + 30), y=_f(sy + 16), class_="panel"))
    return parts, y + 2 * 30


def _symbols() -> list[tuple[Any, str]]:
    """The legend's symbols, each drawn with its top-left corner at (x, y)."""
    def die(x: float, y: float) -> str:
        return _die(x + 2, y + 1, "blue", 3, "", set())

    def ring(x: float, y: float) -> str:
        return tag("polygon", points=_points(x + 11, y + 9, _CORNER, 0.26), stroke=KINGDOM_COLOURS["red"], class_="ring")

    def capital(x: float, y: float) -> str:
        return tag("g", tag("circle", cx=_f(x + 11), cy=_f(y + 10), r=11, fill=KINGDOM_COLOURS["green"], stroke="#1b1b1b", stroke_width=2),
                   tag("text", "7", x=_f(x + 11), y=_f(y + 15), text_anchor="middle", font_size=13, fill="#ffffff"), class_="cap")

    def province(x: float, y: float) -> str:
        return tag("g", tag("circle", cx=_f(x + 11), cy=_f(y + 10), r=11, fill="#ffffff", stroke="#1b1b1b", stroke_width=2),
                   tag("text", "5", x=_f(x + 11), y=_f(y + 15), text_anchor="middle", font_size=13), class_="badge")

    def border(x: float, y: float) -> str:
        return tag("path", d=f"M{_f(x)} {_f(y + 10)}h24", class_="prov")

    def castle(x: float, y: float) -> str:
        return _castle(x + 12, y + 2, "yellow")

    return [
        (die, "army of strength 3 (a die)"),
        (ring, "hex controlled (its colour)"),
        (castle, "castle (builder's colour)"),
        (capital, "capital, its value (dashed: walls)"),
        (province, "province 5 (filled: held)"),
        (border, "province border"),
    ]
