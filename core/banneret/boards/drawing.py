"""Boards drawn for the browser: what a game's board hook receives and returns.

A game gets a web board by implementing one hook, ``banneret_board(context)``: it draws its
board as SVG from ``context.view`` (what the seat may know, never the state) and says, for
each legal action that has a place on the board, which board things a player clicks to
choose it. The browser marks every element with a ``data-target`` attribute as clickable;
clicking the targets of an action in order chooses it (pick an army, then its destination).
Actions without targets are chosen from the list beside the board.

``tag`` and ``esc`` build SVG text with every value escaped, so a name in the data can
never break the page.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Mapping

import attrs

if TYPE_CHECKING:
    from banneret.types import Action

__all__ = ["BoardContext", "BoardDrawing", "esc", "tag"]


@attrs.frozen
class BoardContext:
    """What a board hook draws from.

    ``view`` is ``banneret.view(state, player)`` for the seat the page belongs to
    (``player`` is that seat's faction); ``actions`` are the actions that seat may take now
    (empty when it is not the seat's turn, or in a replay).
    """

    game_id: str
    player: str | None
    view: Mapping[str, Any]
    actions: "tuple[Action, ...]" = ()


@attrs.frozen
class BoardDrawing:
    """A drawn board: ``svg`` is one complete ``<svg>`` element; ``targets`` maps an action's
    label to the ``data-target`` ids clicked, in order, to choose it (an action left out
    is chosen from the list only)."""

    svg: str
    targets: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)


def esc(value: Any) -> str:
    """``value`` as text safe inside an SVG element or a quoted attribute."""
    return html.escape(str(value), quote=True)


def tag(name: str, *children: str, **attributes: Any) -> str:
    """An SVG element. Attribute names drop a trailing ``_`` and turn ``_`` into ``-``
    (``class_`` is ``class``, ``data_target`` is ``data-target``); ``None`` and ``False``
    values are left out. Children are SVG text already (build them with ``tag`` or
    ``esc``)."""
    parts = [name]
    for key, value in attributes.items():
        if value is None or value is False:
            continue
        key = key.rstrip("_").replace("_", "-")
        parts.append(f'{key}="{esc(value)}"')
    head = " ".join(parts)
    if not children:
        return f"<{head}/>"
    return f"<{head}>{''.join(children)}</{name}>"
