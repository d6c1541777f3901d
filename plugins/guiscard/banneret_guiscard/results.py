"""The changes of a character's state (§1.2.2), in one place for movement, fire and melee.

Every result letter of the fire and melee tables comes down to :func:`hurt` (a harm and
whether the horse dies); the infiltration test and a failed retreat use :func:`wound` and
:func:`kill` directly. The transitions:

* healthy -> stunned / wounded / dead; stunned or wounded -> dead on any stun or wound;
* a rider stunned, or whose horse dies, is unhorsed first (§6.8): he is put on foot on a
  hex next to the horse (:func:`unhorse_places`), killed if enemies hold every such hex;
  the horse stays riderless, or lies dead on its two hexes (A-70). Where fire and melee put
  him, his owner picks the hex (:class:`PlaceRider`, a decision of the resolution); the
  other harms (a fire's burns, a ladder's fall) take the first place;
* a wounded rider stays mounted (his wounded mounted face).

A stunned character stands up in step 5 of its side's first player phase begun after the
stun (A-04, :mod:`banneret_guiscard.sequence`).
"""

from __future__ import annotations

import attrs

from banneret.boards.hexgrid import Hex
from banneret.flow import Choice, Frame, end
from banneret.state import State
from banneret_guiscard import buildings, castles
from banneret_guiscard.state import Battle, LooseHorse, Piece, hex_label

__all__ = [
    "wound", "stun", "kill", "hurt", "unhorse", "unhorse_places", "kill_horse", "threatened",
    "Unhorsing", "lands", "PlaceRider",
]

Place = tuple[Hex, str, Hex]
"""Where an unhorsed rider lands (§6.8): ``(hex, friend pushed or "", where the friend goes)``;
with nobody pushed the third hex is the first."""


def threatened(b: Battle, side: str, hexes: tuple[Hex, ...], floor: int = 0) -> bool:
    """Whether an able enemy of ``side`` could attack any of ``hexes`` on ``floor`` (the ground
    unless the upper storey is asked for, §4.3.1.1, §6.7)."""
    return any(can_attack(b, e, h, floor) for e in b.enemies_of(side) for h in hexes)


def can_attack(b: Battle, enemy: Piece, h: Hex, floor: int = 0) -> bool:
    """Whether ``enemy`` could attack a character on ``h`` (on ``floor``): able, its front hex
    next to ``h`` across a crossable hexside, and allowed to enter ``h``'s terrain (§4.3.1.1,
    §6.7, A-06). Between floors only by the stairs: one on the stairs and one on a storey hex
    their top opens onto fight each other, and nobody else on two floors (§8, a reading)."""
    t = b.tables
    if enemy.floor or floor:
        return enemy.able and (h, floor) in t.places_beside(enemy.hex, enemy.floor)
    armoured = t.counter(enemy.id).armoured
    if not enemy.able or h not in t.strikes.get((enemy.hex, enemy.mounted, armoured), ()):
        return False
    return ((not (t.terrain[h].changes_to or b.ladders) or castles.terrain_at(b, h).cost(enemy.mounted, armoured) is not None)
            and buildings.may_fight(b, enemy.hex, h, enemy.mounted))  # §9.2 as the gate stands, §10.1 a ladder; §8.5


def wound(b: Battle, piece_id: str) -> None:
    """A wound (§1.2.2): healthy becomes wounded, with its MP cut to what the wounded MA leaves
    after the MP spent (P-06); a wounded or stunned character dies. A rider stays mounted."""
    piece = b.pieces[piece_id]
    if piece.health != "healthy":
        kill(b, piece_id)
        return
    b.pieces[piece_id] = attrs.evolve(piece, health="wounded")
    _cut_mp(b, piece_id)


def _cut_mp(b: Battle, piece_id: str) -> None:
    """A character hurt or unhorsed while it moves keeps no more MP than its new face's MA
    leaves after the MP spent (P-06)."""
    if piece_id in b.left:
        piece = b.pieces[piece_id]
        b.left[piece_id] = max(0, min(b.left[piece_id], b.ma(piece) - b.spent.get(piece_id, 0)))


def stun(b: Battle, piece_id: str, place: Place | None = None) -> None:
    """A stun (§1.2.2): a healthy character is stunned until step 5 of its side's next player
    phase (A-04); anyone already hurt dies; a rider falls from his horse first (§6.8), on
    ``place`` if given."""
    piece = b.pieces[piece_id]
    if piece.health != "healthy":
        kill(b, piece_id)
        return
    if piece.mounted and not unhorse(b, piece_id, horse_dies=False, place=place):
        return
    b.pieces[piece_id] = attrs.evolve(b.pieces[piece_id], health="stunned")
    b.stunned_in[piece_id] = b.phase
    _cut_mp(b, piece_id)


def kill(b: Battle, piece_id: str) -> None:
    """Death (§1.2.2): the body lies in the character's hex; a killed rider falls beside his
    horse, which stays as a loose horse on its two hexes (the body goes on the head hex)."""
    piece = b.pieces[piece_id]
    if piece.mounted:
        assert piece.facing is not None and piece.horse is not None
        b.horses[piece.horse] = LooseHorse(piece.horse, piece.hex, piece.facing, piece.side)
    b.pieces[piece_id] = attrs.evolve(piece, health="dead", mounted=False, facing=None, horse=None)
    b.stunned_in.pop(piece_id, None)
    b.add_bodies(piece.hex, characters=1, floor=piece.floor)  # upstairs, his body stays there (§8)
    if piece_id in b.left:
        b.left[piece_id] = 0


def kill_horse(b: Battle, owner: str) -> None:
    """A loose horse dies: its body counts on both of its hexes (A-70)."""
    horse = b.horses.pop(owner)
    for h in horse.hexes():
        b.add_bodies(h, horses=1)


def _open_to(b: Battle, piece: Piece, h: Hex) -> bool:
    t = b.tables
    return (h in t.terrain and t.terrain[h].cost(False, t.counter(piece.id).armoured) is not None
            and t.data.bodies.extra_mp(b.body_total(h)) is not None and not b.closed(h))  # §10.2.4, §10.4.3


def unhorse_places(b: Battle, rider: Piece) -> list[Place]:
    """Where an unhorsed rider may land (§6.8), best first (:data:`Place`). Free hexes next to
    the horse, those no enemy could attack first; failing those, a hex of a friend pushed one
    hex on to a free hex."""
    horse_hexes = rider.hexes()
    around = sorted({n for h in horse_hexes for n in b.tables.around[h]} - set(horse_hexes))
    free = [h for h in around if _open_to(b, rider, h) and b.free(h, rider.id)]
    free.sort(key=lambda h: threatened(b, rider.side, (h,)))
    if free:
        return [(h, "", h) for h in free]
    out: list[Place] = []
    for h in around:
        friends = [p for p in b.living_at(h) if p.side == rider.side and not p.mounted and p.id != rider.id]
        if len(friends) != 1 or b.horse_at(h) is not None or not _open_to(b, rider, h):
            continue
        friend = friends[0]
        for to in b.tables.crossable[h]:
            if to not in horse_hexes and _open_to(b, friend, to) and b.free(to):
                out.append((h, friend.id, to))
                break
    return out


def unhorse(b: Battle, piece_id: str, *, horse_dies: bool, place: Place | None = None) -> bool:
    """Put a rider on foot beside his horse (§6.8) on ``place``, one of
    :func:`unhorse_places` (the first if not given), pushing a friend if need be; the horse
    stays riderless or dies. With no room (enemies all round, reading: or terrain closed to
    him) the rider is killed. True if he lives."""
    rider = b.pieces[piece_id]
    assert rider.mounted and rider.facing is not None and rider.horse is not None
    places = unhorse_places(b, rider)
    assert place is None or place in places
    horse = LooseHorse(rider.horse, rider.hex, rider.facing, rider.side)
    b.horses[rider.horse] = horse
    if horse_dies:
        kill_horse(b, rider.horse)
    if not places:
        b.pieces[piece_id] = attrs.evolve(rider, mounted=False, facing=None, horse=None)
        kill(b, piece_id)
        return False
    h, friend, to = place or places[0]
    if friend:
        b.pieces[friend] = attrs.evolve(b.pieces[friend], hex=to)
    b.pieces[piece_id] = attrs.evolve(rider, mounted=False, hex=h, facing=None, horse=None)
    _cut_mp(b, piece_id)
    return True


def lands(piece: Piece, harm: str, horse_killed: bool) -> bool:
    """Whether this result puts the rider ``piece`` on foot alive beside his horse (§6.8): a
    healthy rider stunned, or one whose horse dies and who survives the harm (:func:`hurt`)."""
    if not (piece.alive and piece.mounted):
        return False
    if horse_killed:
        return harm == "none" or (harm != "killed" and piece.health == "healthy")
    return harm == "stunned" and piece.health == "healthy"


def hurt(b: Battle, piece_id: str, harm: str, horse_killed: bool, place: Place | None = None) -> None:
    """Apply one result's harm (``none``, ``stunned``, ``wounded``, ``killed``) to a character,
    its horse dying first if the result says so (§5.4.3, §6.8): a healthy rider then lands on
    foot (on ``place`` if given) with the harm, or unhurt; anyone already hurt dies of a stun
    or a wound."""
    piece = b.pieces[piece_id]
    if not piece.alive:
        return
    if horse_killed and lands(piece, harm, horse_killed):
        if not unhorse(b, piece_id, horse_dies=True, place=place):
            return
    elif horse_killed and piece.mounted:
        assert piece.horse is not None
        kill(b, piece_id)
        kill_horse(b, piece.horse)
        return
    if harm == "stunned":
        stun(b, piece_id, place)
    elif harm == "wounded":
        wound(b, piece_id)
    elif harm == "killed":
        kill(b, piece_id)


@attrs.frozen
class Unhorsing:
    """A fire or melee result that puts a rider on foot (:func:`lands`): its harm waits until
    his owner has placed him (:class:`PlaceRider`, §6.8)."""

    piece: str
    harm: str
    horse_killed: bool


class PlaceRider(Choice):
    """The owner of a rider put on foot by fire or melee picks the hex beside the horse he
    lands on (§6.8), then the result's harm applies. With one place there is no question;
    with none he dies."""

    rule = "6.8"
    kind = "unhorse"
    prompt = "Place the unhorsed rider"

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.pieces[frame["fall"].piece].side

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        fall: Unhorsing = frame["fall"]
        piece = b.pieces[fall.piece]
        if not lands(piece, fall.harm, fall.horse_killed) or not unhorse_places(b, piece):
            hurt(b, fall.piece, fall.harm, fall.horse_killed)
            end(state)
        else:
            super().start(state, frame)

    def options(self, state: State, frame: Frame) -> list[Place]:
        b: Battle = state.data
        return unhorse_places(b, b.pieces[frame["fall"].piece])

    def label(self, state: State, frame: Frame, option: Place) -> str:
        h, friend, to = option
        pushed = f", pushing {friend} to {hex_label(to)}" if friend else ""
        return f"{frame['fall'].piece} lands on {hex_label(h)}{pushed}"

    def choose(self, state: State, frame: Frame, option: Place) -> None:
        fall: Unhorsing = frame["fall"]
        state.emit(self.label(state, frame, option), "unhorse")
        hurt(state.data, fall.piece, fall.harm, fall.horse_killed, option)
        end(state)
