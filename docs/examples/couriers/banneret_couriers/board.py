"""Couriers in the browser: the road drawn as SVG from a seat's view (the plugin guide's
example of a web board, section "A web board").

The road winds in rows of ten stages; each courier is a token on its stage. The rider
clicks their own token to ride on, or the glowing stage the ride would end on to rest.
Bids have no place on the road: the page lists them beside the board.
"""

from __future__ import annotations

from typing import Any, Mapping

from banneret import Action
from banneret.boards import BoardContext, BoardDrawing, esc, tag

from banneret_couriers.plugin import ROAD

__all__ = ["draw_board"]

COLOURS = {"red": "#c62828", "blue": "#1e5bc6", "green": "#2e7d32", "gold": "#c99a06"}
EFFECT_COLOURS = {"inn": "#a5d6a7", "ford": "#90caf9", "post": "#ffcc80", "toll": "#ce93d8"}
EFFECT_TEXT = {"inn": "+{} coin", "ford": "back {}", "post": "on {}", "toll": "pay {}"}
PER_ROW, STEP, ROW_HEIGHT, LEFT, TOP = 10, 88, 120, 70, 120


def stage_point(stage: int) -> tuple[int, int]:
    """Where a stage's circle stands: rows of ten, every other row running back."""
    row, col = divmod(stage, PER_ROW)
    if row % 2:
        col = PER_ROW - 1 - col
    return LEFT + col * STEP, TOP + row * ROW_HEIGHT


def rest_stage(board: Mapping[str, Any], rider: str) -> int:
    """The stage a rest would take the rider to: the ride so far, the horse's bonus."""
    bonus = board["horse_bonus"] if board["horse"] == rider else 0
    return min(board["length"], board["pos"][rider] + board["ride"] + bonus)


def board_targets(board: Mapping[str, Any], actions: tuple[Action, ...]) -> dict[str, tuple[str, ...]]:
    """Ride on: the rider's own token. Rest: the stage the rest ends on."""
    out: dict[str, tuple[str, ...]] = {}
    for action in actions:
        if action.kind == "ride":
            out[action.label] = (f"courier:{action.player}",)
        elif action.kind == "rest":
            out[action.label] = (f"stage:{rest_stage(board, action.player)}",)
    return out


def draw_board(context: BoardContext) -> BoardDrawing:
    """The road, the couriers on it, and each courier's coins and bid, from the view only."""
    board = context.view["board"]
    length = board["length"]
    parts = [tag("rect", width=1000, height="100%", fill="#faf6ec")]
    # the road: a line through every stage, bending round the ends of the rows, then the
    # stages (marked ones named, with their effect)
    road = []
    for stage in range(length + 1):
        x, y = stage_point(stage)
        if stage and stage % PER_ROW == 0:  # out past the row's end, down, and back in
            side = STEP // 2 if stage // PER_ROW % 2 else -STEP // 2
            road += [(x + side, y - ROW_HEIGHT), (x + side, y)]
        road.append((x, y))
    parts.append(tag("polyline", points=" ".join(f"{x},{y}" for x, y in road), fill="none", stroke="#a1887f",
                     stroke_width=10, stroke_linejoin="round"))
    for stage in range(length + 1):
        x, y = stage_point(stage)
        marked = ROAD.get(stage)
        name = "the border" if stage == length else marked.name if marked else "city gate" if stage == 0 else ""
        fill = EFFECT_COLOURS[marked.effect] if marked else "#ffffff"
        title = f"stage {stage}" + (f": {name}" if name else "")
        if marked:
            title += f" ({marked.effect}, {EFFECT_TEXT[marked.effect].format(marked.amount)})"
        parts.append(tag("g", tag("title", esc(title)),
                         tag("circle", cx=x, cy=y, r=19, fill=fill, stroke="#5d4037", stroke_width=2),
                         tag("text", esc(stage), x=x, y=y + 6, text_anchor="middle", font_size=16),
                         data_target=f"stage:{stage}"))
        if marked:
            name += ": " + EFFECT_TEXT[marked.effect].format(marked.amount)
        if name:
            parts.append(tag("text", esc(name), x=x, y=y - 28, text_anchor="middle", font_size=14, font_style="italic"))
    # the couriers, side by side under their stage
    for stage in sorted(set(board["pos"].values())):
        here = [f for f, at in board["pos"].items() if at == stage]
        x, y = stage_point(stage)
        for i, courier in enumerate(here):
            cx = x + (i - (len(here) - 1) / 2) * 28
            label = f"{courier}, {board['coins'][courier]} coins" + (", on the relay horse" if board["horse"] == courier else "")
            parts.append(tag("g", tag("title", esc(label)),
                             tag("circle", cx=cx, cy=y + 36, r=13, fill=COLOURS[courier], stroke="#000000", stroke_width=2),
                             tag("text", esc(courier[:2].title()), x=cx, y=y + 40, text_anchor="middle", font_size=12,
                                 fill="#ffffff", font_weight="bold"),
                             data_target=f"courier:{courier}"))
    # each courier's purse and bid, and the round
    rows = (length // PER_ROW + 1) * ROW_HEIGHT + TOP
    parts.append(tag("text", esc(f"Round {board['round']} of {board['max_rounds']}; ride so far {board['ride']}"),
                     x=LEFT - 20, y=40, font_size=20, font_weight="bold"))
    if context.actions and context.view["pending"]["kind"] == "ride":
        parts.append(tag("text", "Click your courier to ride on, or the glowing stage to rest there.",
                         x=LEFT - 20, y=64, font_size=15))
    for i, (courier, coins) in enumerate(board["coins"].items()):
        bid = board["bids"].get(courier)
        line = f"{courier}: stage {board['pos'][courier]}, {coins} coins" + (f", bid {bid}" if bid is not None else "")
        if board["horse"] == courier:
            line += ", rides the relay horse"
        parts.append(tag("circle", cx=LEFT - 10, cy=rows + i * 26 - 5, r=8, fill=COLOURS[courier]))
        parts.append(tag("text", esc(line), x=LEFT + 6, y=rows + i * 26, font_size=16))
    height = rows + len(board["coins"]) * 26
    svg = tag("svg", *parts, xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 1000 {height}",
              font_family="DejaVu Sans, Verdana, sans-serif")
    return BoardDrawing(svg, board_targets(board, context.actions))
