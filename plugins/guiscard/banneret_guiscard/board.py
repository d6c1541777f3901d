"""Guiscard's boards: the terminal picture, the line-of-sight query and the web board.

Both boards draw from the game's view (what a seat may know; Guiscard hides nothing) and the
scenario's map, which the view names: terrain, levels and hexside features come from the
map's :class:`~banneret_guiscard.state.Tables`, built once. What the moving character can
reach comes from the movement procedure itself, never from a second copy of its rules: the
terminal marks every hex within its MP (:func:`banneret_guiscard.movement.reachable`, which
the game's ``render`` passes in: a few milliseconds for a rider, too slow to put in the view
every agent reads), the web board the hexes its legal next steps enter (the seat's actions).

Line of sight (:func:`sight`) is fire's own line (:func:`~banneret_guiscard.fire.traced_lines`),
so the board shows what a shot would meet: the line runs from hex centre to hex centre
(§5.5.1), or from an opening in the shooter's edge (§8.2), and along a hexside the clearer of
its two readings counts; trees and ground higher than the line block (§5.5.2.2, §5.5.2.3), a
crest or cliff by the dead-ground rule (the lower end must be at least as far from it as the
higher end), a character on a slope hex sees from half-way up, over its own crest; walls,
windows and arrow slits as their rules say (§8.2, §9.3.3), a palisade or a closed gate as it
stands (§9.3.1: the view's structures, :func:`standing`), and a siege engine's hex stops a
line as it stops a shot (§10.4.3, :func:`~banneret_guiscard.fire.engine_in_way`, the view's
engines). An end upstairs is read on its floor with fire's own storey lines: out of and into
the storey through its windows and slits (:func:`~banneret_guiscard.fire.storey_lines`),
under its roof between two men upstairs (:func:`~banneret_guiscard.fire.fire_lines`) (§8).
This module only names each block.
Characters on the line are listed, not judged: whether they stop a shot depends on the
weapon and the range (§5.5.3), which is fire's business, as are the castle's firing rules
that forbid some shots a line allows (§9.3.4, §9.4.2).

Click ids on the web board: ``hex:q,r`` a map hex, ``piece:ID`` a character's counter,
``horse:OWNER`` a riderless horse.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from banneret.boards import BoardContext, BoardDrawing, esc, tag
from banneret.boards.hexgrid import DIRECTIONS, Hex, SightView, distance, hexside, line_both
from banneret.types import Action
from banneret_guiscard.buildings import feature, held_against, structures_for
from banneret_guiscard.castles import terrain_at
from banneret_guiscard.fire import STOREY_HEIGHT, engine_in_way, fire_lines, storey_lines, traced_lines
from banneret_guiscard.hoplites import FACING_NAMES as FORMATION_FACINGS
from banneret_guiscard.movement import FLOOR_AFTER
from banneret_guiscard.state import Battle, Engine, Piece, Tables, hex_label, tables_for

__all__ = [
    "Sight", "standing", "sight", "sight_report", "parse_hex", "render_board", "draw_board", "board_targets",
    "standing_terrain", "structure_notes", "charge_notes", "formation_notes", "formation_arrows", "FORMATION_ARROWS", "WALL_LETTERS",
    "TERRAIN_LETTERS", "TERRAIN_COLOURS", "FACING_NAMES",
]

TERRAIN_LETTERS: Mapping[str, str] = {
    "clear": "..", "brush": "br", "tree": "TT", "slope": "sl", "marsh": "ma", "rocks": "RR", "path": "pa",
    "stone_stairs": "st", "beach": "be", "shallow_water": "~~", "deep_water": "≈≈", "jetty": "Je",
    "interior": "In", "window": "Wi", "door": "Do", "house_stairs": "Hs", "corner": "Co", "unidentified": "Un",
    "tent": "Te", "tent_entrance": "Tn", "tent_burnt": "Tx", "courtyard": "Yd",
    "bailey": "Ba", "palisade": "PP", "palisade_destroyed": "Px", "platform": "Pl", "castle_stairs": "Cs",
    "gate": "Ga", "gate_open": "Go", "gate_destroyed": "Gx", "arrow_slit": "As", "tower_entrance": "Tw",
    "vertical_ladder": "Lv",
}
_LYING_LADDER = "Lh"
"""The terminal's mark of a hex a lying (or carried) ladder covers (§10.1.2)."""
TERRAIN_COLOURS: Mapping[str, str] = {
    "clear": "#ebe5c6", "brush": "#b9cc8c", "tree": "#5d8c4c", "slope": "#cdb68a", "marsh": "#9cc2ae",
    "rocks": "#9c968c", "path": "#dcc9a0", "stone_stairs": "#bab3a6", "beach": "#f2e2ae",
    "shallow_water": "#9fcbe9", "deep_water": "#4b87c4", "jetty": "#8a6a45",
    "interior": "#c9a37a", "window": "#d8b48c", "door": "#b07f52", "house_stairs": "#a88a6a", "corner": "#e3dcc0",
    "unidentified": "#8f7f6f", "tent": "#f4eedc", "tent_entrance": "#e9d9a8", "tent_burnt": "#8c857a", "courtyard": "#d9cfb0",
    "bailey": "#d6cbb0", "palisade": "#6b4a2b", "palisade_destroyed": "#a58a6c", "platform": "#9c7a55",
    "castle_stairs": "#b3a58f", "gate": "#4a3320", "gate_open": "#8c6a48", "gate_destroyed": "#b59b7e",
    "arrow_slit": "#c0b8a8", "tower_entrance": "#a89a86", "vertical_ladder": "#c89b5a",
}
FACING_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
"""The six facings (direction indices of :data:`~banneret.boards.hexgrid.DIRECTIONS`) on a
map drawn with ``r`` growing down the screen."""

_STATE_LETTER = {"healthy": "h", "stunned": "s", "wounded": "w", "dead": "x"}
_LEVEL_MARKS = {"cliff": "#", "crest": "^"}



def standing_terrain(t: Tables, h: Hex, what: str) -> str:
    """The terrain id a structure hex changed in play reads as: a gate open or destroyed, a
    palisade destroyed as its record's ``changes_to`` names (§9.2), a cut tent canvas as an
    entrance (§8.5.2)."""
    return t.terrain[h].changes_to.get(what, "tent_entrance" if what == "cut" else t.terrain[h].id)


def _on_hexes(hexes: Sequence[Sequence[int]]) -> str:
    """``on q,r`` for one hex, ``on n hexes (q,r q,r ...)`` for several: a fire spreading
    along a palisade makes a dozen hexes of one kind, read best as one line."""
    labels = " ".join(hex_label(h) for h in hexes)
    return f"on {labels}" if len(hexes) == 1 else f"on {len(hexes)} hexes ({labels})"


def _grouped(items: Iterable[tuple[str, Sequence[int]]]) -> dict[str, list[Sequence[int]]]:
    """The hexes of each kind, kinds in the order they first come."""
    groups: dict[str, list[Sequence[int]]] = {}
    for kind, h in items:
        groups.setdefault(kind, []).append(h)
    return groups


def structure_notes(t: Tables, view: Mapping[str, Any]) -> list[str]:
    """One line per kind of structure changed in play, as it stands, with its hexes (§8.5.2,
    §9.2)."""
    kinds = _grouped(("tent canvas cut" if what == "cut" else
                      t.data.terrain.terrains[standing_terrain(t, (h[0], h[1]), what)].name, h)
                     for h, what in view["structures"])
    return [f"{name} {_on_hexes(hexes)}" for name, hexes in kinds.items()]


ENGINE_CODES = MappingProxyType({"stone_thrower": "ST", "greek_fire": "GF"})
"""Two letters for each kind of siege engine on the terminal board (§10.4, §10.5)."""


def siege_notes(t: Tables, view: Mapping[str, Any]) -> list[str]:
    """One line per siege engine, per kind of fire (lit by one side, burnt as many turns) with
    its hexes, and the naphtha not alight (§10.2-§10.5)."""
    notes = []
    for eid, e in view["engines"].items():
        kind = t.data.siege.engine(e["kind"])
        fired = f", fired in turn {e['fired_turn']}" if e["fired_turn"] else ""
        notes.append(f"engine {eid}: {kind.name.lower()} of the {e['side']} on {hex_label(e['hex'])} facing "
                     f"{FACING_NAMES[e['facing']]}, {e['condition']}{fired}")
    fires = _grouped(((f"{' (naphtha)' if naphtha else ''}: lit by the {side}, {turns} turn{'s' if turns != 1 else ''} "
                       "burnt"), h) for h, turns, naphtha, side in view["flames"])
    notes.extend(f"fire {_on_hexes(hexes)}{how}" for how, hexes in fires.items())
    if view["naphtha"]:
        notes.append("naphtha, not alight: " + " ".join(hex_label(h) for h in view["naphtha"]))
    return notes


def ladder_notes(view: Mapping[str, Any]) -> list[str]:
    """One line per ladder: lying, carried or raised, where (§10.1)."""
    notes = []
    for lid, ladder in view["ladders"].items():
        where = " ".join(hex_label(h) for h in ladder["hexes"])
        if ladder["against"] is not None:
            notes.append(f"{lid} ({ladder['side']}) raised on {where} against the palisade on {hex_label(ladder['against'])}")
        elif ladder["carriers"]:
            notes.append(f"{lid} ({ladder['side']}) carried on {where} by {' and '.join(ladder['carriers'])}")
        else:
            notes.append(f"{lid} ({ladder['side']}) lying on {where}")
    return notes


def formation_notes(view: Mapping[str, Any]) -> list[str]:
    """One line per hoplites' formation: its members, the corner it faces and whether it has
    closed into a foulkon (§7.3.1, §7.3.2)."""
    return [f"{'foulkon' if f['foulkon'] else 'formation'} of {', '.join(f['members'])} facing "
            f"{FORMATION_FACINGS[f['facing']]}" for f in view["formations"]]


def storey_notes(view: Mapping[str, Any]) -> list[str]:
    """One line per living character upstairs, on the upper storey of its hex, and per storey hex
    with bodies lying on it (§8)."""
    return ([f"{pid} on {hex_label(p['hexes'][0])}" for pid, p in view["pieces"].items()
             if p["floor"] and p["state"] != "dead"]
            + [f"bodies on {hex_label(h)}: {chars}" for h, chars, _ in view["bodies_upstairs"]])


def cover_notes(view: Mapping[str, Any]) -> list[str]:
    """One line per character whose owner chose, this game turn, what its cover on a doorway
    or an outer corner holds against (§8.3.5, §8.3.6)."""
    return [f"{pid} on {hex_label(held['hex'])} holds against {held_against(held['against'])} this turn"
            for pid, held in view["cover_held"].items()]


FORMATION_ARROWS = ("↗↑↖↙↓↘", "⇗⇑⇖⇙⇓⇘")
"""The terminal's mark of a hoplite in a formation: an arrow towards the corner it faces
(east-northeast, north, west-northwest, west-southwest, south, east-southeast), doubled in a
foulkon (§7.3.1, §7.3.2)."""


def formation_arrows(view: Mapping[str, Any]) -> dict[str, str]:
    """Each formation member's arrow (:data:`FORMATION_ARROWS`), by character id."""
    return {pid: FORMATION_ARROWS[f["foulkon"]][f["facing"]] for f in view["formations"] for pid in f["members"]}


def rope_notes(view: Mapping[str, Any]) -> list[str]:
    """One line per rope and hook: carried, or hooked and who climbs it (§10.6.2)."""
    notes = []
    for rid, rope in view["ropes"].items():
        if rope["against"] is None:
            notes.append(f"{rid} ({rope['side']}) coiled, carried by {rope['carrier']}")
        else:
            climber = f", {rope['climber']} on it" if rope["climber"] else ""
            notes.append(f"{rid} ({rope['side']}) hooked towards {hex_label(rope['against'])} "  # a palisade or a wall
                         f"from {hex_label(rope['hex'])}{climber}")
    return notes


def charge_notes(view: Mapping[str, Any]) -> list[str]:
    """One line per charge declared this turn: rider, target, route, and the counter-charge
    against it (§7.2.1, §7.2.2)."""
    notes = []
    for c in view["charges"]:
        text = f"{c['rider']} charges {c['target']} over {len(c['route'])} hexes via " + " ".join(
            hex_label(h) for h in c["route"])
        if c["counter"]:
            text += f"; {c['counter']} counter-charges over {len(c['counter_route'])} hexes via " + " ".join(
                hex_label(h) for h in c["counter_route"])
        notes.append(text)
    return notes


def parse_hex(text: str) -> Hex | None:
    """``"q,r"`` as a hex, or None if it is not two integers."""
    parts = text.replace("(", "").replace(")", "").split(",")
    try:
        q, r = (int(p) for p in parts)
    except ValueError:
        return None
    return q, r


# --- line of sight -----------------------------------------------------------------------------


@attrs.frozen
class Sight:
    """Whether ``a`` sees ``b`` over the terrain; if not, what blocks each reading of the line
    (one, or two along a hexside); ``line`` is the clear reading (or the first one)."""

    a: Hex
    b: Hex
    sees: bool
    blockers: tuple[str, ...]
    line: tuple[Hex, ...]


def standing(t: Tables, structures: Iterable[Sequence[Any]] | None = None,
             engines: Mapping[str, Mapping[str, Any]] | None = None) -> Battle:
    """The map of ``t`` with its structures as they stand (a gate open, a palisade destroyed, a
    tent cut, §8.5.2, §9.2) and the siege engines on it (§10.4.3), as the lines of sight read
    it: as the scenario sets them unless ``structures`` and ``engines`` give them (the view's);
    nobody on it."""
    if structures is None:
        structures = [(changed.hex, changed.state) for changed in t.scenario.structures]
    placed = {e.id: Engine(e.id, e.kind, e.side, e.hex, e.facing) for e in t.scenario.engines} if engines is None else {
        eid: Engine(eid, e["kind"], e["side"], (e["hex"][0], e["hex"][1]), e["facing"], e["condition"], e["fired_turn"])
        for eid, e in engines.items()}
    return Battle(tables=t, pieces={}, structures={(h[0], h[1]): (what, 0) for h, what in structures}, engines=placed)


_STRUCTURE_RULE = {None: "§8.2.4", "window": "§8.2.1", "slit": "§9.3.3"}
"""The rule by which a wall, a window or an arrow slit stops a line."""


def sight(t: Tables, a: Hex, b: Hex, battle: Battle | None = None, floors: tuple[int, int] = (0, 0)) -> Sight:
    """The line of sight from ``a`` to ``b`` on the map of ``t`` with its structures as they
    stand in ``battle`` (:func:`standing`): fire's own lines (:func:`~banneret_guiscard.fire.traced_lines`:
    the terrain, §5.5.1-§5.5.2.3, the walls, windows and castle heights, §8.2, §9.3) less those
    a siege engine stands on (:func:`~banneret_guiscard.fire.engine_in_way`, §10.4.3), each
    block named. ``floors``: each end's floor (§8), 1 on the upper storey over its hex. A line
    with an end upstairs is fire's own from that floor: between two men upstairs, the line of a
    shot from the storey (:func:`~banneret_guiscard.fire.fire_lines`: under the roof, over the
    storey and the stairs' well); between the storey and the ground, the lines through the
    storey's windows and slits, its end :data:`~banneret_guiscard.fire.STOREY_HEIGHT` levels up
    (:func:`~banneret_guiscard.fire.storey_lines`, §8.2.1, §9.3.3). Fire does not say what
    stops a line between the floors, so the answer names the rule there."""
    battle = standing(t) if battle is None else battle
    refused = _no_storey(t, zip((a, b), floors))
    if refused:
        raise ValueError(refused)
    blockers: list[str] = []

    def named(kind: str, where: Any, view: SightView) -> None:
        if kind == "edge":
            blockers.append(f"{t.level_edges[where]} between {hex_label(where[0])} and {hex_label(where[1])}, the lower "
                            f"end closer to it than the higher (§5.5.2.3)")
        elif kind == "structure":
            f = feature(battle, *where)
            assert f is not None
            blockers.append(f"{f.name.lower()} between {hex_label(where[0])} and {hex_label(where[1])} "
                            f"({_STRUCTURE_RULE.get(f.opening, '§8.2')})")
        elif view.hidden_by(t.level[where]):
            dead_ground = t.level[where] <= max(view.observer_level, view.target_level)
            blockers.append(f"higher ground on {hex_label(where)} (level {t.level[where]})" + (
                ", the lower end closer to it than the higher (§5.5.2.3)" if dead_ground else ""))
        elif t.terrain[where].id == "tree":
            blockers.append(f"{t.terrain[where].name.lower()} on {hex_label(where)} (§5.5.2.2)")
        else:
            blockers.append(f"{terrain_at(battle, where).name.lower()} on {hex_label(where)} (§9.3.1)")

    if floors == (0, 0):
        lines = traced_lines(t, a, b, battle, named)
    elif floors == (1, 1):  # the line of a shot from the storey (§8, a reading); fire reads the man's hex and floor
        lines = list(fire_lines(battle, Piece("sight", "", "healthy", False, a, floor=1), b))
        if not lines and traced_lines(t, a, b, battle, named):
            blockers.append("the line leaves the upper storey: upstairs a line stays under its roof, over the storey "
                            "and the stairs' well (§8)")
    else:  # through a window or slit of the storey (§8.2.1, §9.3.3)
        outwards = bool(floors[0])
        upper, ground = (a, b) if outwards else (b, a)
        lines = [path for _, path in storey_lines(battle, upper, ground, outwards)]
        if not lines:
            blockers.append(f"no window or slit of the upper storey on {hex_label(upper)} lets a line through to "
                            f"{hex_label(ground)} (§8.2.1, §9.3.3)" if t.storey_openings.get(upper) else
                            f"the upper storey on {hex_label(upper)} has no window or slit (§8)")
    clear = []
    for path in lines:
        engine = engine_in_way(battle, path)
        if engine is None:
            clear.append(path)
        else:
            blockers.append(f"{t.data.siege.engine(engine.kind).name.lower()} {engine.id} on {hex_label(engine.hex)} (§10.4.3)")
    if clear:
        return Sight(a, b, True, (), tuple(clear[0]))
    return Sight(a, b, False, tuple(dict.fromkeys(blockers)), tuple(line_both(a, b)[0]))


def _no_storey(t: Tables, ends: Iterable[tuple[Hex, int]]) -> str:
    """Why ends (hex, floor) cannot be asked: a floor other than the ground (0) and the upper
    storey (1), or a storey where the map has none (§8); empty if they can."""
    wrong = [hex_label(h) for h, floor in ends if floor not in (0, 1) or (floor and h not in t.storey)]
    if not wrong:
        return ""
    return f"no upper storey over {' '.join(wrong)}" + (
        f" (the storey's hexes: {' '.join(hex_label(h) for h in sorted(t.storey))})" if t.storey else "")


def _sight_ends(argument: str) -> list[tuple[Hex, int]] | None:
    """The two ends of ``sight Q,R [upstairs] Q,R [upstairs]``, each a hex and its floor (the
    menus' words: ``5,4 upstairs``), or None if the words are not that."""
    ends: list[tuple[Hex, int]] = []
    for word in argument.replace(" ,", ",").replace(", ", ",").split():
        if word.lower() == "upstairs" and ends and not ends[-1][1]:
            ends[-1] = (ends[-1][0], 1)
            continue
        h = parse_hex(word)
        if h is None:
            return None
        ends.append((h, 0))
    return ends if len(ends) == 2 else None


def sight_report(t: Tables, view: Mapping[str, Any], argument: str) -> str:
    """The answer to the terminal's ``sight Q,R Q,R`` (either hex followed by ``upstairs`` for
    its upper storey, §8): whether the first end sees the second, what blocks it, and which
    living characters stand on the line, on the floor it runs on (§5.5.3: the ground, but
    between two men upstairs)."""
    ends = _sight_ends(argument)
    if ends is None:
        return "sight needs two hexes, for example: sight 5,1 12,1, or sight 3,3 upstairs 8,4"
    (a, up_a), (b, up_b) = ends
    missing = [hex_label(h) for h in (a, b) if h not in t.terrain]
    if missing:
        return f"not on the map: {' '.join(missing)}"
    refused = _no_storey(t, ends)
    if refused:
        return refused
    seen = sight(t, a, b, standing(t, view["structures"], view["engines"]), (up_a, up_b))

    def end(h: Hex, up: int) -> str:
        return f"{hex_label(h)} upstairs (level {t.level[h] + STOREY_HEIGHT})" if up else f"{hex_label(h)} (level {t.level[h]})"

    head = f"{end(a, up_a)} to {end(b, up_b)}, range {distance(a, b)}: "
    if not seen.sees:
        return head + "no line of sight: " + "; ".join(seen.blockers)
    between = set(seen.line[1:-1])
    floor = 1 if up_a and up_b else 0
    in_way = sorted(f"{p['code']} {pid} ({p['state']})" for pid, p in view["pieces"].items()
                    if p["state"] != "dead" and p["floor"] == floor and between & {tuple(h) for h in p["hexes"]})
    text = head + "clear line of sight through " + (" ".join(hex_label(h) for h in seen.line[1:-1]) or "no hex between")
    if in_way:
        text += "; characters on the line (they may stop some shots, §5.5.3): " + ", ".join(in_way)
    return text


# --- the terminal picture ------------------------------------------------------------------------


def _cells(t: Tables, view: Mapping[str, Any], reach: Collection[Hex]) -> dict[Hex, str]:
    """Five characters a hex: terrain, level, a hexside mark, the reach mark; or a counter."""
    rises = {}
    for (x, y), attributes in t.board.sides().items():
        feature = attributes.get("feature")
        if feature == "low_wall" and x in t.level and y in t.level:
            rises[x] = rises[y] = "|"  # §8.4.2
        elif feature in _LEVEL_MARKS and x in t.level and y in t.level:
            low = x if t.level[x] < t.level[y] else y
            rises[low] = _LEVEL_MARKS[feature]
    cells: dict[Hex, str] = {}
    for h in t.terrain:
        cells[h] = f"{TERRAIN_LETTERS.get(t.terrain[h].id, '??')}{t.level[h]}{rises.get(h, '')}{'*' if h in reach else ''}"
    for h, what in view["structures"]:
        at = (h[0], h[1])
        cells[at] = TERRAIN_LETTERS.get(standing_terrain(t, at, what), "??") + cells[at][2:]
    for ladder in view["ladders"].values():
        mark = "Lv" if ladder["against"] is not None else _LYING_LADDER
        for h in ladder["hexes"]:
            cells[(h[0], h[1])] = mark + cells[(h[0], h[1])][2:]
    for h, chars, horses in view["bodies"]:
        cells[(h[0], h[1])] = f"+{chars}/{horses}"
    for h in view["naphtha"]:
        cells[(h[0], h[1])] = "nn" + cells[(h[0], h[1])][2:]
    for h, turns, naphtha, _ in view["flames"]:
        cells[(h[0], h[1])] = f"{'NF' if naphtha else 'FI'}{turns}"
    for e in view["engines"].values():
        cells[(e["hex"][0], e["hex"][1])] = f"{ENGINE_CODES[e['kind']]}{e['condition'][0]}{e['facing']}"
    pieces = view["pieces"]
    ranks = formation_arrows(view)

    def draw(pid: str, p: Mapping[str, Any]) -> None:
        hexes = [(h[0], h[1]) for h in p["hexes"]]
        mark = _STATE_LETTER[p["state"]]
        if p["mounted"]:
            cells[hexes[0]] = f"{p['code']}{mark}{p['facing']}"
            cells[hexes[1]] = f"{p['code']}="
        else:
            cells[hexes[0]] = f"{p['code']}{mark}{ranks.get(pid, '') or _UPSTAIRS * p['floor']}"

    for pid, p in pieces.items():  # the dead under loose horses and the living
        if p["state"] == "dead":
            draw(pid, p)
    for head, rear in view["horses"].values():
        facing = DIRECTIONS.index((head[0] - rear[0], head[1] - rear[1]))
        cells[(head[0], head[1])], cells[(rear[0], rear[1])] = f"hrs{facing}", "hrs="
    for pid, p in sorted(pieces.items(), key=lambda item: -item[1]["floor"]):  # upstairs first, the ground over it
        if p["state"] != "dead":
            draw(pid, p)
    return cells


_UPSTAIRS = "^"
"""The terminal's mark after the state letter of a character upstairs (§8)."""
STOREY_LEGEND = (
    "  Bimh^ a character upstairs, on the upper storey of its hex (§8): shown where nobody stands below; 'upstairs'",
    "  lists them all. W, S on a wall: a window, an arrow slit of the upper storey above it.",
)
"""The legend's lines for upper storeys, shown on maps that have one."""


LEGEND = (
    "Legend: ..0 terrain and level (.. clear, br brush, TT tree, sl slope, ma marsh, RR rocks, pa path, st stairs, be beach,",
    "  ~~ shallow, ≈≈ deep water, In building, Wi window, Do door, Hs stairs, Co outer corner, Te tent, Tn tent entrance,",
    "  Yd courtyard, Ba castle ground, PP palisade, Pl platform, Cs castle stairs, Ga gate, As arrow slit, Tw tower entrance;",
    "  Px, Go, Gx: palisade destroyed, gate open, destroyed; Lh, Lv: ladder lying, raised); ^ a crest above, # a cliff, | a low wall;",
    "  * reachable by the mover; Nckh0 counter code, state (h healthy, s stunned, w wounded, x dead), a rider's facing (0 E,",
    "  1 NE, 2 NW, 3 W, 4 SW, 5 SE) on its head hex, Nck= its rear; hrs0/hrs= a loose horse; +c/h bodies. Ask 'sight Q,R Q,R'.",
    "  Hex q,r: r at the start of its row, q on the line under the hex.",
)
SIEGE_LEGEND = (
    "  FI1 a fire and the turns it has burnt, NF1 burning naphtha, nn naphtha not alight; STr2 a stone thrower, GFr2 Greek",
    "  fire, with its state (r ready, j jammed, d destroyed) and the facing of its front.",
)
"""The legend's lines for siege methods (§10), shown when the board has an engine, fire or naphtha."""
WALL_LEGEND = (
    "  Walls (§8.1, §9.1): | in the gap between two hexes of a row, // or \\\\ on a line between two rows; an opening shows",
    "  its letter in the gap, or after the / or \\: w window, d door, e courtyard entrance, s arrow slit, c chapel window.",
)
"""The legend's lines for the walls and openings of buildings and castles, shown on maps that have them."""
FORMATION_LEGEND = (
    "  Bimh↗ a hoplite in a formation, the arrow towards the corner it faces (↗ east-northeast, ↑ north, ↖ west-northwest,",
    "  ↙ west-southwest, ↓ south, ↘ east-southeast); a double arrow (⇗) in a foulkon.",
)
"""The legend's lines for the hoplites' formations (§7.3), shown when there is one."""


WALL_LETTERS: Mapping[str, str] = MappingProxyType(
    {"window": "w", "door": "d", "courtyard_entrance": "e", "arrow_slit": "s", "chapel_window": "c"})
"""The terminal's letter for each opening in a building's or a castle's walls (§8.1, §9.1)."""
_WALL_LINES = {0: "|", 4: "/", 5: "\\"}
"""A wall's line on the hexside towards each direction the terminal draws it from: east, in
the space after the hex; south-west and south-east, on a line between the rows."""


def _wall_marks(t: Tables, x0: int) -> tuple[dict[int, dict[int, str]], dict[int, dict[int, str]]]:
    """The walls and openings of the map's buildings and castle (§8.1, §9.1), by row and
    column of the text: those on a hexside towards the east (in the row), and those towards
    the south-west and south-east (on a line after the row): a line, or a line and the
    opening's letter (:data:`WALL_LETTERS`)."""
    in_row: dict[int, dict[int, str]] = {}
    below: dict[int, dict[int, str]] = {}
    upper = _upper_openings(t)
    for (a, b), attributes in t.board.sides().items():
        kind = attributes.get("feature")
        if (kind not in WALL_LETTERS and kind != "wall") or a not in t.terrain or b not in t.terrain:
            continue
        side = (a, b)
        i = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
        if i in (1, 2, 3):  # drawn from the hex above or to the west
            a, i = b, (i + 3) % 6
        x = 3 * (2 * a[0] + a[1] - x0)
        line, letter = _WALL_LINES[i], WALL_LETTERS.get(upper.get(side, kind), "").upper() if side in upper else \
            WALL_LETTERS.get(kind, "")
        if i == 0:
            in_row.setdefault(a[1], {})[x + 5] = letter or line
        else:
            mark = line + (letter or line)
            for k, char in enumerate(mark):
                below.setdefault(a[1], {})[x + (0 if i == 4 else 3) + k] = char
    return in_row, below


def _upper_openings(t: Tables) -> dict[tuple[Hex, Hex], str]:
    """The windows and slits of the upper storey (§8, §9.3.3) by the map's hexside key, as
    hexside features (``window``, ``arrow_slit``)."""
    feature = {"window": "window", "slit": "arrow_slit"}
    return {hexside(h, outside): feature[opening]
            for h, openings in t.storey_openings.items() for outside, opening in openings}


_ROW_LABEL = 6
"""The characters before a row of the picture: ``r`` and the row's number, or ``q`` on the line
of column numbers under it."""


def _column_numbers(qs: Iterable[int], r: int, x0: int) -> str:
    """The line under row ``r``: each hex's ``q`` right under its terrain letters and level, so
    that with the row's ``r`` it reads as the ``q,r`` the menus name (:func:`hex_label`)."""
    line: list[str] = []
    for q in sorted(qs):
        x = 3 * (2 * q + r - x0)
        line += [" "] * (x - len(line))
        line += list(f"{q:>3}")
    return f"{'q':>4}{' ' * (_ROW_LABEL - 4)}" + "".join(line)


def render_board(view: Mapping[str, Any], reach: Collection[Hex] = ()) -> str:
    """The map as text, rows of equal ``r`` offset by half a hex, each row starting with its
    ``r`` and followed by a line with each hex's ``q`` under it (the menus name a hex ``q,r``),
    ``reach`` marked ``*``; then the characters, the moving one marked ``>``, and the legend."""
    t = tables_for(view["scenario"])
    cells = _cells(t, view, reach)
    rows: dict[int, list[int]] = {}
    for q, r in t.terrain:
        rows.setdefault(r, []).append(q)
    x0 = min(2 * q + r for q, r in t.terrain)
    moving = view["moving"]
    lines = [f"{t.scenario.name} -- turn {view['turn']}/{view['turns']}, {view['side'] or '-'} to play, step {view['step']}"
             + (f"; moving {moving} ({view['pieces'][moving]['mp_left']} MP left)" if moving else "")]
    in_row, below = _wall_marks(t, x0)
    for r in sorted(rows):
        row = [" "] * (3 * (2 * max(rows[r]) + r - x0) + 6)
        for q in rows[r]:
            x = 3 * (2 * q + r - x0)
            row[x:x + 6] = list(cells[(q, r)].ljust(6)[:6])
        for x, char in in_row.get(r, {}).items():
            row[x] = char
        lines.append(f"r{r:>3}".ljust(_ROW_LABEL) + "".join(row).rstrip())
        lines.append(_column_numbers(rows[r], r, x0))
        if r in below:
            between = [" "] * (max(below[r]) + 1)
            for x, char in below[r].items():
                between[x] = char
            lines.append(" " * _ROW_LABEL + "".join(between))
    for pid, p in sorted(view["pieces"].items()):
        where = " ".join(hex_label(h) for h in p["hexes"])
        facing = f" facing {FACING_NAMES[p['facing']]}" if p["mounted"] else ""
        extra = f" MP {p['mp_left']}" if p["mp_left"] is not None else ""
        lines.append(f"{'>' if pid == moving else ' '} {p['code']} {pid:<10} {p['side']:<11} {p['state']:<8} "
                     f"{'rider' if p['mounted'] else 'foot '} {where}{' upstairs' * p['floor']}{facing}{extra}")
    if view["led_horses"]:
        lines.append(f"  led by {moving}: " + ", ".join(f"{o}'s horse" for o in view["led_horses"]))
    lines.extend(f"  changed: {note}" for note in structure_notes(t, view))
    lines.extend(f"  ladder: {note}" for note in ladder_notes(view))
    lines.extend(f"  rope: {note}" for note in rope_notes(view))
    lines.extend(f"  hoplites: {note}" for note in formation_notes(view))
    lines.extend(f"  cover: {note}" for note in cover_notes(view))
    lines.extend(f"  upstairs: {note}" for note in storey_notes(view))
    lines.extend(f"  charge: {note}" for note in charge_notes(view))
    siege = siege_notes(t, view)
    lines.extend(f"  siege: {note}" for note in siege)
    lines.extend(LEGEND)
    lines.extend(WALL_LEGEND if in_row or below else ())
    lines.extend(SIEGE_LEGEND if siege else ())
    lines.extend(FORMATION_LEGEND if view["formations"] else ())
    lines.extend(STOREY_LEGEND if t.storey else ())
    return "\n".join(lines)


# --- the web board -------------------------------------------------------------------------------

SIZE = 30.0  # hex radius in viewBox units
_W = math.sqrt(3) * SIZE
MARGIN = 16.0
PANEL_WIDTH = 420.0
SIDE_COLOURS: tuple[tuple[str, str], ...] = (("#b3261e", "#ffffff"), ("#1f4fa0", "#ffffff"), ("#5b5b5b", "#ffffff"))
"""Fill and ink of each side's counters, in the scenario's order of sides."""
# pointy-topped hexes; the edge towards DIRECTIONS[i] runs between the corners at -60i -/+ 30 degrees
_CORNERS = tuple((SIZE * math.cos(math.radians(30 + 60 * k)), SIZE * math.sin(math.radians(30 + 60 * k))) for k in range(6))
_EDGES = tuple(
    tuple((SIZE * math.cos(math.radians(-60 * i + s)), SIZE * math.sin(math.radians(-60 * i + s))) for s in (-30, 30))
    for i in range(6)
)

STYLE = """
text { font-family: 'DejaVu Sans', Verdana, sans-serif; pointer-events: none; }
.hex polygon { stroke: #8a8270; stroke-width: 0.8; }
.lvl { font-size: 9px; fill: #4a4030; }
.crest { stroke: #7a4a12; stroke-width: 4; stroke-linecap: round; stroke-dasharray: 6 3; pointer-events: none; }
.cliff { stroke: #1b1b1b; stroke-width: 5; stroke-linecap: round; pointer-events: none; }
.wall { stroke: #3b2a1a; stroke-width: 6; stroke-linecap: round; pointer-events: none; }
.window { stroke: #6fb7e0; stroke-width: 6; stroke-linecap: butt; pointer-events: none; }
.door, .courtyard_entrance { stroke: #f7f2e0; stroke-width: 6; stroke-linecap: butt; pointer-events: none; }
.arrow_slit, .chapel_window { stroke: #c23b22; stroke-width: 6; stroke-linecap: butt; pointer-events: none; }
.ladder { stroke: #8a5a1c; stroke-width: 5; stroke-linecap: butt; stroke-dasharray: 3 3; fill: none; }
.rope { stroke: #d8c27a; stroke-width: 2.5; stroke-linecap: round; fill: none; }
.upper { stroke-width: 3; stroke-dasharray: 4 2; }
.low_wall { stroke: #7d7468; stroke-width: 4; stroke-linecap: round; stroke-dasharray: 3 2; pointer-events: none; }
.reach { fill: #ffffff; fill-opacity: 0.45; stroke: #1b7d2e; stroke-width: 2; stroke-dasharray: 4 3; pointer-events: none; }
.mark { display: none; fill: none; stroke: #ffffff; stroke-width: 3; stroke-dasharray: 6 3; pointer-events: none; }
.bn-next > .mark, .bn-picked > .mark { display: inline; }
.ctr text { font-weight: bold; }
.ctr.moving > rect { stroke: #1b7d2e; stroke-width: 4; }
.code { font-size: 11px; }
.st { font-size: 9px; }
.los { display: none; pointer-events: none; }
.ctr:hover .los, .ctr.moving .los { display: inline; }
.seen { stroke: #1b7d2e; stroke-width: 2; }
.unseen { stroke: #c62828; stroke-width: 1.5; stroke-dasharray: 4 3; }
.gs-panel { width: 100%; height: 100%; overflow: hidden; font: 13px/18px 'DejaVu Sans', Verdana, sans-serif;
  color: #1b1b1b; overflow-wrap: anywhere; }
.gs-panel .panel { white-space: pre-wrap; padding-left: 1.2em; text-indent: -1.2em; }
.gs-panel .head { font-size: 17px; font-weight: bold; line-height: 24px; }
.gs-panel .key { display: flex; align-items: center; gap: 6px; }
.gs-panel .swatch { width: 14px; height: 14px; flex: none;
  clip-path: polygon(50% 0, 100% 25%, 100% 75%, 50% 100%, 0 75%, 0 25%); }
.gs-panel .part { margin-top: 12px; }
.changed { font-size: 7px; font-weight: bold; fill: #1b1b1b; }
.canvas { stroke: #8a6d3b; stroke-width: 3; stroke-linecap: round; pointer-events: none; }
.tear { fill: none; stroke: #5a3a1a; stroke-width: 3; stroke-linejoin: miter; pointer-events: none; }
.charge { fill: none; stroke-width: 4; stroke-opacity: 0.8; stroke-linejoin: round; }
.charge.counter { stroke-dasharray: 8 4; }
.flame { fill: #e8590c; fill-opacity: 0.55; stroke: #b02a00; stroke-width: 2; pointer-events: none; }
.flame.naphtha { fill: #6a1b9a; }
.naphtha { fill: #3b2f2f; fill-opacity: 0.3; pointer-events: none; }
.engine { font-size: 10px; font-weight: bold; }
.formation .rank { fill: none; stroke-width: 3; stroke-dasharray: 6 3; pointer-events: none; }
.formation.foulkon .rank { stroke-width: 5; stroke-dasharray: none; }
.spear { stroke: #ffffff; stroke-width: 1.2; pointer-events: none; }
"""


def _side_colours(t: Tables, side: str) -> tuple[str, str]:
    """The fill and ink of ``side``'s counters (:data:`SIDE_COLOURS`)."""
    return SIDE_COLOURS[min(t.sides.index(side), len(SIDE_COLOURS) - 1)]


def _f(x: float) -> str:
    return f"{x:.1f}"


def _points(cx: float, cy: float, scale: float = 1.0) -> str:
    return " ".join(f"{_f(cx + x * scale)},{_f(cy + y * scale)}" for x, y in _CORNERS)


class _Layout:
    """Pixel centres of a map's hexes, shifted so the map starts at the margin."""

    def __init__(self, hexes: Iterable[Hex]) -> None:
        raw = [(_W * (q + r / 2), 1.5 * SIZE * r) for q, r in hexes]
        self.x0 = MARGIN + _W / 2 - min(x for x, _ in raw)
        self.y0 = MARGIN + SIZE - min(y for _, y in raw)
        self.width = max(x for x, _ in raw) - min(x for x, _ in raw) + _W + 2 * MARGIN
        self.height = max(y for _, y in raw) - min(y for _, y in raw) + 2 * SIZE + 2 * MARGIN

    def centre(self, h: Sequence[int]) -> tuple[float, float]:
        return self.x0 + _W * (h[0] + h[1] / 2), self.y0 + 1.5 * SIZE * h[1]


def _hex_id(h: Sequence[int]) -> str:
    return f"hex:{h[0]},{h[1]}"


def _next_hexes(actions: Iterable[Action]) -> set[Hex]:
    """The hexes the moving character may enter next: the steps its move offers now."""
    return {a.args[1] for a in actions if a.kind == "move-step" and a.args[0] == "step"}


def board_targets(view: Mapping[str, Any], actions: Iterable[Action]) -> dict[str, tuple[str, ...]]:
    """The click path of every action with a place on the map: a character to move or a
    stunned friend to pick up, its counter; a step, the hex its (head) hex enters; stop, the
    mover's own counter; a horse to mount, lead or catch, the horse; a dismount, put-down or
    body clearing, the hex; a clearing pair, both counters; horses pushed or placed, the hex
    of the (first) head. Actions of other kinds stay in the list."""
    out: dict[str, tuple[str, ...]] = {}
    moving = view.get("moving")
    for a in actions:
        kind, args = a.kind, a.args
        path: tuple[str, ...] = ()
        if kind == "movement" and args[0] == "move":
            path = (f"piece:{args[1]}",)
        elif kind == "movement" and args[0] == "clear" and len(args) == 2:  # upstairs: from the list (§8)
            path = (_hex_id(args[1]),)
        elif kind == "move-step":
            what = args[0]
            if what == "step" and args[4] not in FLOOR_AFTER:  # up or down the stairs: from the list (§8)
                path = (_hex_id(args[1]),)
            elif what == "stop" and moving:
                path = (f"piece:{moving}",)
            elif what == "dismount":
                path = (_hex_id(args[1]),)
            elif what == "pickup":
                path = (f"piece:{args[1]}",)
            elif what in ("mount", "bridle", "bridle_end", "catch"):
                path = (f"horse:{args[1]}",)
        elif kind in ("put-down",):
            path = (_hex_id(args),)
        elif kind == "clear-to":
            path = (_hex_id(args[0]),)
        elif kind == "clear-with":
            path = (f"piece:{args[0]}", f"piece:{args[1]}")
        elif kind == "push-horse":
            path = (_hex_id(args.head),)
        elif kind == "place-horses":
            path = (_hex_id(args[0].head),)
        if path:
            out[a.label] = path
    return out


@attrs.frozen(eq=False)
class _MapDrawing:
    """What a scenario's map looks like, drawn once (immutable, like the tables it is drawn
    from): the layout, each hex's title, terrain and level label, the hexside features, and
    by tent canvas hex the canvas on its sides towards the outside of its tent (§8.5.2)."""

    layout: _Layout
    cells: Mapping[Hex, str]
    features: str
    canvas: Mapping[Hex, str]


_TEAR = "M-10 -15L-3 -9L-7 -4L1 1L-3 6L5 9"
"""A ragged slit across a tent hex whose canvas has been cut."""


def _cell_drawing(t: Tables, layout: _Layout, h: Hex, terrain_id: str, change: str = "") -> str:
    """A hex's title, fill and level label as ``terrain_id``; a structure changed in play
    (``change``) says so in its title and on the hex."""
    cx, cy = layout.centre(h)
    name = t.data.terrain.terrains[terrain_id].name
    title = f"{hex_label(h)} {name}, level {t.level[h]}" + (f" (the map's {t.terrain[h].name.lower()}: {change})" if change else "")
    parts = [tag("title", esc(title)), tag("polygon", points=_points(cx, cy), fill=TERRAIN_COLOURS.get(terrain_id, "#dddddd"))]
    if t.level[h]:
        parts.append(tag("text", esc(f"L{t.level[h]}"), x=_f(cx), y=_f(cy - SIZE * 0.58), text_anchor="middle", class_="lvl"))
    if change == "cut":  # the canvas slit open, the tent entered through it (§8.5.2)
        parts.append(tag("path", d=_TEAR, transform=f"translate({_f(cx)} {_f(cy)})", class_="tear"))
    if change:
        parts.append(tag("text", esc(change), x=_f(cx), y=_f(cy + SIZE * 0.55), text_anchor="middle", class_="changed"))
    return "".join(parts)


@functools.cache
def _map_drawing(scenario_id: str) -> _MapDrawing:
    t = tables_for(scenario_id)
    layout = _Layout(t.terrain)
    cells = {h: _cell_drawing(t, layout, h, t.terrain[h].id) for h in sorted(t.terrain)}
    features = []
    for (x, y), attributes in sorted(t.board.sides().items()):
        feature = attributes.get("feature")
        if feature is None or x not in t.terrain or y not in t.terrain:
            continue
        name = t.data.terrain.hexside_features[feature].name
        features.append(_side_line(layout, x, y, f"{name}: {hex_label(x)} | {hex_label(y)}", feature))
    for (x, y), feature in sorted(_upper_openings(t).items()):  # over the wall below (§8, §9.3.3)
        name = t.data.terrain.hexside_features[feature].name.lower()
        features.append(_side_line(layout, x, y, f"upper storey's {name}: {hex_label(x)} | {hex_label(y)}",
                                   f"{feature} upper"))
    tent_of = structures_for(scenario_id).tent_of
    canvas = {h: "".join(_side_line(layout, h, n, f"tent canvas: {hex_label(h)} | {hex_label(n)}", "canvas")
                         for n in t.around[h] if tent_of.get(n) != tent_of[h])
              for h in sorted(tent_of) if t.terrain[h].tent == "canvas"}
    return _MapDrawing(layout, MappingProxyType(cells), "".join(features), MappingProxyType(canvas))


def _side_line(layout: _Layout, x: Hex, y: Hex, title: str, kind: str) -> str:
    """The hexside between the adjacent ``x`` and ``y`` as a line of class ``kind``."""
    cx, cy = layout.centre(x)
    (x1, y1), (x2, y2) = _EDGES[DIRECTIONS.index((y[0] - x[0], y[1] - x[1]))]
    return tag("line", tag("title", esc(title)), x1=_f(cx + x1), y1=_f(cy + y1), x2=_f(cx + x2), y2=_f(cy + y2),
               class_=kind)


def _hex_cell(drawn: _MapDrawing, h: Hex, drawing: str, clickable: set[str], reach: set[Hex]) -> tuple[str, bool]:
    """A hex as a click target: its drawing, the next-step ring, the ring the page lights."""
    target = _hex_id(h)
    late = target in clickable
    if h not in reach and not late:
        return f'<g class="hex" data-target="{target}">{drawing}</g>', False
    cx, cy = drawn.layout.centre(h)
    parts = [drawing]
    if h in reach:
        parts.append(tag("polygon", points=_points(cx, cy, 0.78), class_="reach"))
    if late:
        parts.append(tag("polygon", points=_points(cx, cy, 0.66), class_="mark"))
    return tag("g", *parts, class_="hex", data_target=target), late


def _angle(layout: _Layout, facing: int) -> float:
    dq, dr = DIRECTIONS[facing]
    return math.degrees(math.atan2(1.5 * SIZE * dr, _W * (dq + dr / 2)))


def _two_hex(layout: _Layout, head: Sequence[int], facing: int, fill: str, stroke: str) -> list[str]:
    """A two-hex counter: a bar from the rear hex's centre to the head's, a point at the head."""
    hx, hy = layout.centre(head)
    angle = _angle(layout, facing)
    length, width = _W + SIZE * 0.8, SIZE * 0.8
    mx, my = hx - math.cos(math.radians(angle)) * _W / 2, hy - math.sin(math.radians(angle)) * _W / 2
    body = tag("rect", x=_f(mx - length / 2), y=_f(my - width / 2), width=_f(length), height=_f(width), rx=_f(width / 2),
               fill=fill, stroke=stroke, stroke_width=1.5, transform=f"rotate({_f(angle)} {_f(mx)} {_f(my)})")
    tip = tag("path", d=f"M{_f(length / 2 + 6)} 0L{_f(length / 2 - 6)} -7L{_f(length / 2 - 6)} 7Z", fill=stroke,
              transform=f"translate({_f(mx)} {_f(my)}) rotate({_f(angle)})")
    return [body, tip]


def _sight_lines(t: Tables, layout: _Layout, pid: str, p: Mapping[str, Any], pieces: Mapping[str, Any],
                 battle: Battle) -> str:
    """Lines from a character with missile weapons to every living enemy within the range of
    one of them: green where the line of sight is clear on the map as ``battle`` has it
    (:func:`sight`), red dashed where not (each with its reason as hover text)."""
    weapons = [t.data.weapons[w] for w in t.counter(pid).weapons]
    here: Hex = (p["hexes"][0][0], p["hexes"][0][1])
    x1, y1 = _counter_centre(layout, here, p["floor"])
    lines = []
    for other_id, other in sorted(pieces.items()):
        there: Hex = (other["hexes"][0][0], other["hexes"][0][1])
        if other["side"] == p["side"] or other["state"] == "dead" or all(w.band_at(distance(here, there)) is None for w in weapons):
            continue
        seen = sight(t, here, there, battle, (p["floor"], other["floor"]))  # from and to the floor each stands on (§8)
        x2, y2 = _counter_centre(layout, there, other["floor"])
        why = f"{pid} sees {other_id}" if seen.sees else f"{pid} cannot see {other_id}: " + "; ".join(seen.blockers)
        lines.append(tag("line", tag("title", esc(why)), x1=_f(x1), y1=_f(y1), x2=_f(x2), y2=_f(y2),
                         class_="seen" if seen.sees else "unseen"))
    return tag("g", *lines, class_="los")


def _route_line(layout: _Layout, start: Sequence[int], route: Sequence[Sequence[int]], ink: str, why: str,
                counter: bool) -> str:
    """A charge's route as a path through each hex entered, an arrow at its end, from the
    rider's head while it has not ridden yet; a counter-charge dashed."""
    hexes = [] if any(start[:2] == h[:2] for h in route) else [start]
    points = [layout.centre(h) for h in [*hexes, *route]]
    (x1, y1), (x2, y2) = points[-2] if len(points) > 1 else points[-1], points[-1]
    angle = math.degrees(math.atan2(y2 - y1, x2 - x1))
    return tag("g", tag("title", esc(why)),
               tag("polyline", points=" ".join(f"{_f(x)},{_f(y)}" for x, y in points), stroke=ink,
                   class_="charge counter" if counter else "charge"),
               tag("path", d="M8 0L-6 -7L-6 7Z", fill=ink, transform=f"translate({_f(x2)} {_f(y2)}) rotate({_f(angle)})"),
               class_="charges")


def _charges(t: Tables, layout: _Layout, view: Mapping[str, Any]) -> list[str]:
    """This turn's declared charges (§7.2.1) and counter-charges (§7.2.2), in the charging
    side's colour, each with its words as hover text."""
    pieces = view["pieces"]
    out = []
    for c, note in zip(view["charges"], charge_notes(view)):
        for rider, route, counter in ((c["rider"], c["route"], False), (c["counter"], c["counter_route"], True)):
            if not route:
                continue
            ink = _side_colours(t, pieces[rider]["side"])[0]
            out.append(_route_line(layout, pieces[rider]["hexes"][0], route, ink, note, counter))
    return out


def _ladders(layout: _Layout, view: Mapping[str, Any]) -> list[str]:
    """Each ladder as a rung-striped bar, with its words as hover text: lying, between the
    centres of its two hexes; raised, from its hex's centre to the palisade it leans on (§10.1);
    each hooked rope as a thin line from its hex to the palisade (§10.6.2)."""
    out = []
    for ladder, note in zip(view["ladders"].values(), ladder_notes(view)):
        (x1, y1) = layout.centre(ladder["hexes"][0])
        if ladder["against"] is None:
            (x2, y2) = layout.centre(ladder["hexes"][1])
        else:
            px, py = layout.centre(ladder["against"])
            x2, y2 = (x1 + px) / 2, (y1 + py) / 2
        out.append(tag("line", tag("title", esc(note)), x1=_f(x1), y1=_f(y1), x2=_f(x2), y2=_f(y2), class_="ladder"))
    for rope, note in zip(view["ropes"].values(), rope_notes(view)):
        if rope["against"] is None:
            continue
        (x1, y1), (px, py) = layout.centre(rope["hex"]), layout.centre(rope["against"])
        out.append(tag("line", tag("title", esc(note)), x1=_f(x1), y1=_f(y1), x2=_f((x1 + px) / 2),
                       y2=_f((y1 + py) / 2), class_="rope"))
    return out


_SPEAR = f"M{_f(SIZE * 0.45)} -2L{_f(SIZE * 0.7)} -2L{_f(SIZE * 0.7)} -7L{_f(SIZE)} 0L{_f(SIZE * 0.7)} 7L{_f(SIZE * 0.7)} 2L{_f(SIZE * 0.45)} 2Z"
"""A spear from a counter's edge to its hex's corner, pointing along the x axis from the centre."""


def _formations(t: Tables, layout: _Layout, view: Mapping[str, Any]) -> list[str]:
    """Each hoplites' formation (§7.3): its members' hexes ringed in the side's colour (dashed;
    solid and heavier in a foulkon, §7.3.2) and a spear from each member to the corner the
    formation faces, with its note as hover text."""
    out = []
    for f, note in zip(view["formations"], formation_notes(view)):
        members = [view["pieces"][pid] for pid in f["members"]]
        ink = _side_colours(t, members[0]["side"])[0]
        angle = math.radians(-60 * f["facing"] - 30)  # the corner between hexsides facing and facing + 1
        parts = [tag("title", esc(note))]
        for p in members:
            if p["state"] == "dead":
                continue
            cx, cy = layout.centre(p["hexes"][0])
            parts.append(tag("polygon", points=_points(cx, cy, 0.9), stroke=ink, class_="rank"))
            parts.append(tag("path", d=_SPEAR, fill=ink, class_="spear",
                             transform=f"translate({_f(cx)} {_f(cy)}) rotate({_f(math.degrees(angle))})"))
        out.append(tag("g", *parts, class_="formation foulkon" if f["foulkon"] else "formation"))
    return out


def _counter_centre(layout: _Layout, h: Sequence[int], floor: int) -> tuple[float, float]:
    """Where a character's counter stands: on its hex's centre, or upstairs a smaller counter up
    and to the right of it (§8)."""
    cx, cy = layout.centre(h)
    return (cx + SIZE * 0.3, cy - SIZE * 0.3) if floor else (cx, cy)


def _counter(t: Tables, layout: _Layout, pid: str, p: Mapping[str, Any], pieces: Mapping[str, Any],
             moving: str | None, lines_for: str, battle: Battle) -> str:
    """A character's counter; those of side ``lines_for`` carry their lines of sight."""
    fill, ink = _side_colours(t, p["side"])
    state = p["state"]
    if state == "dead":
        fill, ink = "#8c8c8c", "#1b1b1b"
    stroke = {"stunned": "#f2c200", "wounded": "#ff5a36"}.get(state, "#1b1b1b")
    head = p["hexes"][0]
    up = p["floor"]
    cx, cy = _counter_centre(layout, head, up)
    facing = f", facing {FACING_NAMES[p['facing']]}" if p["mounted"] else ""
    where = " ".join(hex_label(h) for h in p["hexes"]) + " upstairs" * up
    parts = [tag("title", esc(f"{p['code']} {pid} ({p['side']}): {state}, {'rider' if p['mounted'] else 'on foot'} "
                              f"on {where}{facing}" + (f", {p['mp_left']} MP left" if p["mp_left"] is not None else "")))]
    if p["mounted"]:
        parts += _two_hex(layout, head, p["facing"], fill, stroke)
    else:
        half = SIZE * (0.46 if up else 0.56)
        parts.append(tag("rect", x=_f(cx - half), y=_f(cy - half), width=_f(2 * half), height=_f(2 * half), rx=3,
                         fill=fill, stroke=stroke, stroke_width=3 if state in ("stunned", "wounded") else 1.5,
                         transform=f"rotate(45 {_f(cx)} {_f(cy)})" if state == "stunned" else None))
    parts.append(tag("text", esc(p["code"]), x=_f(cx), y=_f(cy + 1), text_anchor="middle", fill=ink, class_="code"))
    parts.append(tag("text", esc(_STATE_LETTER[state] + " 1F" * up), x=_f(cx), y=_f(cy + 11), text_anchor="middle",
                     fill=ink, class_="st"))
    if state == "dead":
        parts.append(tag("path", d=f"M{_f(cx - 12)} {_f(cy - 12)}L{_f(cx + 12)} {_f(cy + 12)}M{_f(cx + 12)} {_f(cy - 12)}"
                                   f"L{_f(cx - 12)} {_f(cy + 12)}", stroke="#1b1b1b", stroke_width=2))
    elif state != "stunned" and p["side"] == lines_for and t.counter(pid).weapons:
        parts.append(_sight_lines(t, layout, pid, p, pieces, battle))
    return tag("g", *parts, class_="ctr moving" if pid == moving else "ctr", data_target=f"piece:{pid}")


_LEGEND = (
    "brown dashed edge: crest; black edge: cliff",
    "L1: the hex's level; green dashed ring: next step",
    "under the code: h healthy, s stunned, w wounded, x dead",
    "yellow border, tilted: stunned; red border: wounded",
    "grey with a cross: dead; small, up and right, 1F: upstairs",
    "bar with a point: rider (head hex, facing)",
    "grey bar: riderless horse; +n: bodies",
    "arrow over hexes: a charge declared this turn",
    "(dashed: a counter-charge); a word under a gate,",
    "palisade or tent: how it stands now",
    "brown line round a tent: its canvas (open at its",
    "entrance; a cut hex open with a ragged slit)",
    "orange hex: a fire (purple: burning naphtha), its turns;",
    "dark hex: naphtha; square: a siege engine, its front;",
    "brown striped bar: a ladder, lying or raised;",
    "thin yellow line: a hooked rope",
    "thin dashed blue or red on a wall: the upper storey's window or slit",
    "dashed ring, spear to a corner: a hoplite in a formation,",
    "the corner it faces (solid ring: a foulkon)",
    "hover your shooter: its lines of sight to the enemies",
    "within its weapons' range",
    "(green: seen; red dashed: blocked, hover it)",
)


_XHTML = "http://www.w3.org/1999/xhtml"
_LINE_HEIGHT = 18.0
_PANEL_CHARACTERS = 50
"""Fewer characters than a row of the panel holds in a wide font (Verdana), so the panel's height,
reckoned here before the browser wraps its lines, is never too short."""


def _panel(t: Tables, view: Mapping[str, Any], x: float) -> tuple[str, float]:
    """The turn, the phasing side and the moving character, the notes, then the legend: HTML
    in the SVG (a ``foreignObject``) so the browser wraps a long note inside the panel."""
    moving = view["moving"]
    lines = [f"turn {view['turn']} of {view['turns']}", f"{view['side'] or '-'} to play, step {view['step']}"]
    if moving:
        lines.append(f"moving {moving}: {view['pieces'][moving]['mp_left']} MP left")
    if view["led_horses"]:
        lines.append("leading " + ", ".join(f"{o}'s horse" for o in view["led_horses"]))
    lines.extend(f"changed: {note}" for note in structure_notes(t, view))
    lines.extend(f"ladder: {note}" for note in ladder_notes(view))
    lines.extend(f"rope: {note}" for note in rope_notes(view))
    lines.extend(f"hoplites: {note}" for note in formation_notes(view))
    lines.extend(f"cover: {note}" for note in cover_notes(view))
    lines.extend(f"upstairs: {note}" for note in storey_notes(view))
    for c in view["charges"]:
        lines.append(f"charge: {c['rider']} at {c['target']} ({len(c['route'])} hexes)")
        if c["counter"]:
            lines.append(f"    counter-charged by {c['counter']} ({len(c['counter_route'])} hexes)")
    lines.extend(siege_notes(t, view))
    keys = [tag("div", tag("span", " ", class_="swatch", style=f"background: {colour}"),
                esc(t.data.terrain.terrains[terrain_id].name), class_="key") for terrain_id, colour in TERRAIN_COLOURS.items()]
    panel = tag("div", tag("div", esc(t.scenario.name), class_="head"),
                *(tag("div", esc(text), class_="panel") for text in lines),
                tag("div", *keys, class_="part"),
                tag("div", *(tag("div", esc(text), class_="panel") for text in _LEGEND), class_="part"),
                xmlns=_XHTML, class_="gs-panel")
    wrapped = sum(-(-len(text) // _PANEL_CHARACTERS) for text in [*lines, *_LEGEND])
    height = (2 + wrapped + len(TERRAIN_COLOURS)) * _LINE_HEIGHT + 24
    box = tag("foreignObject", panel, x=_f(x), y=_f(MARGIN), width=_f(PANEL_WIDTH - 20), height=_f(height))
    return box, height + 2 * MARGIN


def _siege_things(t: Tables, layout: _Layout, view: Mapping[str, Any]) -> list[str]:
    """Naphtha, fires and siege engines over the map (§10.2-§10.5), each with its note as title."""
    out = []
    for h in view["naphtha"]:
        cx, cy = layout.centre(h)
        out.append(tag("polygon", points=_points(cx, cy, 0.8), class_="naphtha"))
    for h, turns, naphtha, side in view["flames"]:
        cx, cy = layout.centre(h)
        out.append(tag("g", tag("title", esc(f"fire on {hex_label(h)}, lit by the {side}, {turns} turns burnt")),
                       tag("polygon", points=_points(cx, cy, 0.7), class_="flame naphtha" if naphtha else "flame"),
                       tag("text", str(turns), x=_f(cx), y=_f(cy - SIZE * 0.35), text_anchor="middle", class_="engine")))
    colours = dict(zip(t.sides, SIDE_COLOURS))
    for eid, e in view["engines"].items():
        cx, cy = layout.centre(e["hex"])
        fill, ink = ("#9e9e9e", "#1b1b1b") if e["condition"] == "destroyed" else colours.get(e["side"], SIDE_COLOURS[-1])
        dx, dy = DIRECTIONS[e["facing"]]
        fx, fy = layout.centre((e["hex"][0] + dx, e["hex"][1] + dy))
        front = (cx + (fx - cx) * 0.45, cy + (fy - cy) * 0.45)
        out.append(tag("g", tag("title", esc(f"{eid}: {t.data.siege.engine(e['kind']).name}, {e['condition']}")),
                       tag("rect", x=_f(cx - 13), y=_f(cy - 13), width=26, height=26, fill=fill, stroke=ink, stroke_width=2),
                       tag("line", x1=_f(cx), y1=_f(cy), x2=_f(front[0]), y2=_f(front[1]), stroke=ink, stroke_width=3),
                       tag("text", ENGINE_CODES[e["kind"]], x=_f(cx), y=_f(cy + 4), text_anchor="middle", fill=ink,
                           class_="engine")))
    return out


def draw_board(context: BoardContext) -> BoardDrawing:
    """The seat's board: the map with its hexside features, the counters (the seat's own
    shooters with their lines of sight to the enemies in range, shown on hover), the hexes the moving
    character may step into next, lines of sight on hover, and a panel with the legend."""
    view = context.view["board"]
    t = tables_for(view["scenario"])
    drawn = _map_drawing(view["scenario"])
    layout = drawn.layout
    targets = board_targets(view, context.actions)
    clickable = {x for path in targets.values() for x in path}
    reach = _next_hexes(context.actions)
    changed = {(h[0], h[1]): _cell_drawing(t, layout, (h[0], h[1]), standing_terrain(t, (h[0], h[1]), what), what)
               for h, what in view["structures"]}
    cells: list[str] = []
    late: list[str] = []
    for h in sorted(t.terrain):
        cell, is_late = _hex_cell(drawn, h, changed.get(h, drawn.cells[h]), clickable, reach)
        (late if is_late else cells).append(cell)
    things = []
    for h, chars, horses in view["bodies"]:
        cx, cy = layout.centre(h)
        things.append(tag("text", esc(f"+{chars + horses}"), tag("title", esc(f"bodies: {chars} characters, {horses} horses")),
                          x=_f(cx + SIZE * 0.45), y=_f(cy + SIZE * 0.6), font_size=11, fill="#1b1b1b"))
    things += _siege_things(t, layout, view)
    for owner, (head, rear) in sorted(view["horses"].items()):
        facing = DIRECTIONS.index((head[0] - rear[0], head[1] - rear[1]))
        cx, cy = layout.centre(head)
        things.append(tag("g", tag("title", esc(f"{owner}'s riderless horse on {hex_label(head)} {hex_label(rear)}")),
                          *_two_hex(layout, head, facing, "#c9c2b4", "#5a4a30"),
                          tag("text", "horse", x=_f(cx), y=_f(cy + 4), text_anchor="middle", font_size=10, fill="#1b1b1b"),
                          data_target=f"horse:{owner}"))
    pieces = view["pieces"]
    order = sorted(pieces.items(), key=lambda kv: (kv[1]["state"] != "dead", kv[1]["floor"], kv[0] == view["moving"],
                                                   kv[0]))  # upstairs over the ground (§8)
    lines_for = context.player if context.player in t.sides else view["side"]  # a spectator: the phasing side's
    battle = standing(t, view["structures"], view["engines"])
    counters = [_counter(t, layout, pid, p, pieces, view["moving"], lines_for, battle) for pid, p in order]
    panel, panel_height = _panel(t, view, layout.width + 10)
    width, height = layout.width + PANEL_WIDTH, max(layout.height, panel_height)
    svg = tag(
        "svg",
        tag("style", esc(STYLE)),
        tag("rect", x=0, y=0, width=_f(width), height=_f(height), fill="#f7f3ea"),
        tag("g", *cells, *late),
        drawn.features,
        *(lines for h, lines in drawn.canvas.items() if h not in changed),  # a cut canvas is open (§8.5.2)
        *things,
        *_ladders(layout, view),
        *_charges(t, layout, view),
        *counters,
        *_formations(t, layout, view),
        panel,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {_f(width)} {_f(height)}",
        class_="gs-board",
    )
    return BoardDrawing(svg, targets)
