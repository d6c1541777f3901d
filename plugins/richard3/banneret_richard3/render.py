"""The terminal board of Richard III: text for one seat, made from that seat's view alone.

:func:`render_view` turns ``RichardIII.view(state, player)`` into the text the terminal
shows. It reads nothing else of the game but the printed data (block values, area names,
supply limits), so it can show no more than the view does: the viewer's own blocks by name
with strength and combat rating, the enemy's as a count per area unless a battle has
revealed them, the viewer's hand and the opponent's card count, and while a battle is
fought, its sides, reserves and round. While the viewer spends action points, a panel lists
for each of its areas where a move can go: the neighbours with their border's colour and
limit, which are empty, its own or enemy-held (an attack), their supply limits, and the
friendly or vacant areas its seas reach.
"""

from __future__ import annotations

import textwrap
from typing import Any, Sequence

from banneret_richard3.cards import card_label
from banneret_richard3.state import HOUSES, border_key, tables

__all__ = ["render_view"]

_PHASES = {
    "setup": "set-up",
    "card": "card phase",
    "action": "action phase",
    "battle": "battle phase",
    "supply": "supply phase",
    "political": "political turn",
}


def _block(b: dict[str, Any], moved: set[str], fire: bool = False) -> str:
    """``exeter_l 3/3 A2`` (a trailing ``*``: moved or recruited this game turn)."""
    info = tables().blocks[b["block"]]
    text = f"{b['block']} {b['strength']}/{info.max_strength} {info.combat}"
    if fire and "fire" in b:
        text += f" fire {b['fire']}"
    return text + ("*" if b["block"] in moved else "")


def _count(n: int, house: str) -> str:
    return f"{n} {house} block" + ("" if n == 1 else "s")


def _side(blocks: list[dict[str, Any]], house: str, moved: set[str], fire: bool = False) -> str:
    """Named blocks, then the hidden ones of ``house`` as a count."""
    named = [_block(b, moved, fire) for b in blocks if "block" in b]
    hidden = sum(1 for b in blocks if "block" not in b)
    if hidden:
        named.append(("+ " if named else "") + _count(hidden, house))
    return ", ".join(named)


def _area_label(area: str) -> str:
    ex = tables().exile_of[area]
    return f"{area} ({ex} exile)" if ex else area


def _supply_note(area: str, blocks: list[dict[str, Any]], limit: int) -> str:
    """How full a one-house area is against its supply or exile ``limit``, when at or over it."""
    t = tables()
    counted = [b for b in blocks if not ("block" in b and t.blocks[b["block"]].home == area and t.exile_of[area])]
    n = len(counted)
    if n > limit:
        return f"  [supply {n}/{limit}: over the limit]"
    if n == limit:
        return f"  [supply {n}/{limit}: full]"
    return ""


_MOVES_LEGEND = ("Moves ({}: yellow/blue/red border, blocks across it a turn, red stops; "
                "[n] supply limit; ATTACK enemy-held; battle contested; * major port):")


def _holder(blocks: list[dict[str, Any]], player: str) -> str:
    """What an area is to ``player`` as a destination: empty, yours, battle or ATTACK."""
    houses = {b["house"] for b in blocks}
    if not houses:
        return "empty"
    if houses == {player}:
        return f"yours {len(blocks)}"
    return "battle" if player in houses else "ATTACK"


def _move_panel(v: dict[str, Any], player: str) -> list[str]:
    """5.2, 5.21, 5.3: for each area ``player`` holds alone, its land neighbours (border
    colour and limit, holder, supply limit) and the areas a sea move reaches (friendly or
    vacant, never the enemy's exile), from the view and the printed map only."""
    t = tables()
    areas, limits, borders = v["areas"], v["supply_limits"], v["border_limits"]

    def port(area: str) -> str:
        return area + ("*" if t.major_port[area] else "")

    def place(area: str) -> str:
        if t.exile_of[area] not in (None, player):
            return f"{area} closed ({t.exile_of[area]} exile)"  # 5.2: never into the enemy's exile
        return f"{port(area)} {_holder(areas.get(area, []), player)} [{limits[area]}]"

    lines = []
    for area, blocks in areas.items():
        if {b["house"] for b in blocks} != {player}:
            continue
        land = []
        for n in t.neighbours[area]:
            colour = t.colour[border_key(area, n)]
            land.append(f"{colour[0].upper()}{borders[colour]} {place(n)}")
        seas = t.seas[area]
        reach = sorted({c for s in seas for c in t.coasts[s] if c != area and t.exile_of[c] in (None, player)
                        and not {b["house"] for b in areas.get(c, [])} - {player}})
        text = f"  from {port(area)} [{limits[area]}]: "
        text += ("by land " + ", ".join(land)) if land else "no land move"
        if seas:
            text += f"; by sea ({', '.join(seas)}) " + (", ".join(map(place, reach)) or "nowhere")
        lines.append(text)
    if not lines:
        return []
    return [_MOVES_LEGEND.format(" ".join(f"{c[0].upper()}{n}" for c, n in borders.items())), *lines]


def _houses_first(player: str | None) -> tuple[str, ...]:
    if player is None:
        return HOUSES
    return (player, *(h for h in HOUSES if h != player))


def render_view(v: dict[str, Any], player: str | None, deciding: Sequence[str] = ()) -> str:
    """The board of ``v`` (the game's view for ``player``; None: everything)."""
    t = tables()
    order = _houses_first(player)
    enemy = None if player is None else order[1]

    def whose(h: str, what: str) -> str:  # "Your hand (lancaster)" / "lancaster's hand"
        return f"Your {what} ({h})" if h == player else f"{h}'s {what}"

    moved = set(v.get("moved", ()))
    phase = _PHASES.get(v["phase"], v["phase"])
    turn = f"game turn {v['turn']} of 7" if v["turn"] else "before the first game turn"
    lines = [f"=== Campaign {v['campaign']} of {v['last_campaign']}, {turn}: {phase} ==="]
    lines.append(
        f"KING {v['king']} ({v['king_block'] or 'dead; an heir is crowned at the supply phase'}); "
        f"PRETENDER {v['pretender']} ({v['pretender_block'] or 'none at present'})"
    )

    # --- cards and action points --------------------------------------------------------
    if v["cards"]:
        cards = ", ".join(f"{h} {c}" for h, c in v["cards"].items())
        line = f"Cards played: {cards}; Player 1: {v['player1']}"
        if v["phase"] == "action":
            line += "; action points left: " + ", ".join(f"{h} {v['ap'][h]}" for h in order)
        lines.append(line)
    for h in order:
        hand = v["hands"][h]
        chosen = v["chosen"][h]
        if isinstance(hand, list):
            text = ", ".join(card_label(c) for c in hand) or "empty"
            line = f"{whose(h, 'hand')}: {text}"
            if isinstance(chosen, str):
                line += f"; played face-down: {card_label(chosen)}"
        else:
            line = f"{h}'s hand: {hand} card" + ("" if hand == 1 else "s")
            if chosen is True:
                line += "; has played a card face-down"
        lines.append(line)

    # --- the map -----------------------------------------------------------------------
    battle = v.get("battle")
    fighting = battle["area"] if battle else None
    to_fight = set(v["battles"])
    if player is None:
        lines.append("Areas (blocks: name strength/max combat; * moved or recruited this turn):")
    else:
        lines.append(f"Areas (yours: name strength/max combat, * moved or recruited this turn; {enemy}'s: counted):")
    rows = []
    for area, blocks in v["areas"].items():
        by_house = {h: [b for b in blocks if b["house"] == h] for h in HOUSES}
        parts = [_side(by_house[h], h, moved) for h in order if by_house[h]]
        if player is None:
            parts = [f"{h}: {p}" for h, p in zip([h for h in order if by_house[h]], parts)]
        note = tag = ""
        if area == fighting:
            tag = "[BATTLE NOW] "
        elif area in to_fight:
            tag = "[battle to fight] "
        else:
            present = [h for h in HOUSES if by_house[h]]
            if len(present) == 1 and player in (None, present[0]):  # the enemy's limits: not known
                note = _supply_note(area, blocks, v["supply_limits"][area])
        rows.append((_area_label(area), tag + " | ".join(parts) + note))
    width = max((len(a) for a, _ in rows), default=0)
    lines += [f"  {a.ljust(width)}  {text}" for a, text in rows] or ["  (no blocks on the map)"]
    if v["phase"] == "action" and player is not None and player in deciding:
        lines += _move_panel(v, player)

    # --- pools, minors, the dead ---------------------------------------------------------
    for h in order:
        pool = v["pools"][h]
        up, down = pool["face_up"], pool["face_down"]
        if isinstance(up, list):
            names = ", ".join(f"{b} {t.blocks[b].max_strength} {t.blocks[b].combat}" for b in up) or "empty"
            line = f"{whose(h, 'pool')}, {len(up)} to recruit: {names}"
            if down:
                line += f"; face-down until the next campaign: {', '.join(down)}"
        else:
            line = f"{h}'s pool: {up} block{'s' if up != 1 else ''} to recruit, {down} face-down"
        lines.append(line)
    minors = [f"{h} {', '.join(m)}" for h, m in ((h, v["minors"][h]) for h in order) if m]
    if minors:
        lines.append("Minor heirs (not yet in play): " + "; ".join(minors))
    if v["dead"] or any(v["dead_count"].values()):
        counts = ", ".join(f"{h} {v['dead_count'][h]}" for h in order)
        lines.append(f"Dead blocks: {counts}" + (f" ({', '.join(v['dead'])})" if v["dead"] else ""))

    # --- the battle ------------------------------------------------------------------------
    if battle:
        rnd = battle["round"]
        when = f"round {rnd} of {battle['rounds']}" if rnd else "before round 1"
        lines.append(f"BATTLE in {t.area[fighting].name} ({fighting}), {when}: "
                     f"{battle['attacker']} attacks, {battle['defender']} defends")
        for h in (battle["defender"], battle["attacker"]):
            side = battle["sides"].get(h, [])
            engaged = [b for b in side if not b.get("reserve")]
            reserves = [b for b in side if b.get("reserve")]
            role = "defends" if h == battle["defender"] else "attacks"
            text = _side(engaged, h, set(), fire=True) or "no block engaged"
            lines.append(f"  {h} ({role}): {text}")
            if reserves:
                lines.append(f"    reserves, arriving in round 2: {_side(reserves, h, set(), fire=True)}")
        rest = [a for a in v["battles"] if a != fighting]
        if rest:
            lines.append(f"Battles still to fight: {', '.join(rest)}")
    elif v["battles"] and v["phase"] == "battle":
        lines.append(f"Battles to fight: {', '.join(v['battles'])}")

    if v.get("winner"):
        lines.append(f"{v['winner']} has won the game.")
    elif deciding and player is not None and player not in deciding:
        lines.append(f"Waiting for {', '.join(deciding)}.")
    return "\n".join(_wrap(line) for line in lines)


def _wrap(line: str, width: int = 100) -> str:
    """Long lines wrapped at ``width``, continued with an indent."""
    if len(line) <= width:
        return line
    return textwrap.fill(line, width, subsequent_indent="      ", break_on_hyphens=False, break_long_words=False)
