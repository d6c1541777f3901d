"""Avoiding combat (§7.4): a defender faster than all its attackers slips away.

:func:`avoid_paths` gives the ways out: after an attack on one character is declared and
before the die is rolled (A-20), a defender that is able (not stunned) and whose MA is greater
than the MA of every attacker may draw back, a rider 2 hexes straight back (as in a retreat,
§5.4.4), a character on foot 1 hex, over empty hexes only (nobody pushed aside), tested for
infiltration in every hex it enters next to an enemy (§4.3). The attack is then void, and
the attackers' attack for the phase is spent (A-20).

:class:`AvoidCombat` is the window offered to the defending player (melee's ``Declared``
calls it by name).
"""

from __future__ import annotations

from banneret.boards.hexgrid import Hex, neighbour, opposite
from banneret.flow import Frame, Window
from banneret.state import State
from banneret.types import Action
from banneret_guiscard.movement import forced_move
from banneret_guiscard.state import Battle, hex_label

__all__ = ["AVOID_HEXES", "avoid_paths", "AvoidCombat"]

AVOID_HEXES = {True: 2, False: 1}
"""Hexes a defender draws back by, mounted or on foot (§7.4)."""


def _empty(b: Battle, pid: str, h: Hex, mounted: bool, floor: int = 0) -> bool:
    """A hex the defender may draw back through, on its ``floor``: on the map, passable for it,
    no bodies closing it, no living character and no loose horse on it."""
    t = b.tables
    return (h in t.terrain and t.terrain[h].cost(mounted, t.counter(pid).armoured) is not None
            and t.data.bodies.extra_mp(b.body_total(h, floor)) is not None and not b.closed(h)  # §10.2.4, §10.4.3
            and b.free(h, pid, floor))


def avoid_paths(b: Battle, attackers: tuple[str, ...], defenders: tuple[str, ...]) -> list[tuple[Hex, ...]]:
    """The paths by which the one defender of this attack may avoid it (§7.4, A-20): for a
    rider the hexes its head passes going straight back, for a character on foot each empty
    neighbouring hex; none if several are attacked, the defender is stunned, or some attacker
    is as fast as it."""
    if len(defenders) != 1 or defenders[0] not in b.pieces:
        return []
    piece = b.pieces[defenders[0]]
    if not piece.able or any(b.ma(b.pieces[a]) >= b.ma(piece) for a in attackers):
        return []
    if not piece.mounted:
        return [(n,) for n, floor in b.tables.places_beside(piece.hex, piece.floor)  # on its own floor (§8)
                if floor == piece.floor and _empty(b, piece.id, n, False, floor)]
    assert piece.facing is not None
    back = opposite(piece.facing)
    heads: list[Hex] = []
    head = piece.hex
    for _ in range(AVOID_HEXES[True]):  # the head backs into the rear hex, the rear into the next
        head = neighbour(head, back)
        rear = neighbour(head, back)
        if rear not in b.tables.crossable.get(head, ()) or not _empty(b, piece.id, rear, True):
            return []
        heads.append(head)
    return [tuple(heads)]


class AvoidCombat(Window):
    """The defending player may avoid the attack just declared (§7.4, A-20)."""

    rule = "7.4"
    kind = "avoid-combat"
    prompt = "Avoid the attack, or stand and fight"
    pass_label = "stand and fight"

    def responders(self, state: State, frame: Frame) -> list[str]:
        b: Battle = state.data
        return [b.non_phasing]

    def responses(self, state: State, frame: Frame, player: str) -> list[Action]:
        b: Battle = state.data
        return [Action(player, "avoid via " + " ".join(hex_label(h) for h in path), "avoid-combat", path)
                for path in avoid_paths(b, frame["attackers"], frame["defenders"])]

    def respond(self, state: State, frame: Frame, action: Action) -> None:
        b: Battle = state.data
        pid = frame["defenders"][0]
        path = list(action.args)
        state.emit(f"{pid} avoids the attack of {'+'.join(frame['attackers'])}: {action.label}", "melee")
        forced_move(state, pid, path, retreat=True)
        for a in frame["attackers"]:
            b.attacked_in[a] = b.phase  # the attack is spent
