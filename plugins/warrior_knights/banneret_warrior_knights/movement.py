"""Movement (10): land moves, roads, rivers and bridges, mountains, passing other barons'
nobles and cities with their permission, sea travel, picking up troops on the way; and
Mobilize Forces (7.5), the card that moves armies into one area and may start a battle there.

A move is a short sequence of small choices (:class:`MoveNoble`): the path, then each
baron whose noble or city stands in an area the path passes THROUGH allows or refuses the
passage (10.1; asked once the path is chosen, before the noble sets out: a refused passage
means the move is not made, and paths through that area are not offered again during the
card), then troops may be picked up at the start and in every area passed (10.3).

::

    MobilizeForces          the owner chooses the area (or declines the card)
      Mobilize              record Orders: nobles moved, passages refused, attackers;
                            step by step: one more ready noble in, a battle there, or stop
        MoveNoble           record Journey
          ChoosePath        one area, up to 3 along one road, or by sea
          AskPassage        each blocking baron allows or refuses
          PickUp            troops from the stronghold / a ready noble where he stands
        DeclareBattle       (battles.py) with mobilize=True and the area
    MoveOneNoble            Versatile Strategy: one noble moves, then is exhausted
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Any, Mapping, Sequence

import attrs

from banneret.flow import Choice, Frame, Procedure, call, end, record, var
from banneret.state import State
from banneret.types import Action
from banneret_warrior_knights.battle_losses import (
    garrison_holder, holder_name, is_garrison, lift_broken_sieges, markers_of, set_markers, troops_of,
)
from banneret_warrior_knights.battles import DeclareBattle, battle_areas, battle_possible_in
from banneret_warrior_knights.card_play import BaronCard, current_play
from banneret_warrior_knights.cities import besieged_inside
from banneret_warrior_knights.muster import army_shrank
from banneret_warrior_knights.data_model import Effect
from banneret_warrior_knights.standing import FORBIDS, forbidden_of, in_force, in_force_kinds
from banneret_warrior_knights.state import WKData, clockwise_from, tables

__all__ = [
    "MobilizeForces", "MoveOneNoble", "MoveNoble", "movable_nobles", "has_movable_noble", "legal_paths", "Allowance", "allowance",
    "moves_from", "MoveTable", "move_table", "blockers", "road_limit",
    "road_toll", "is_ready", "Orders", "Journey", "PROCEDURES", "SEA",
]

SEA = "sea"
"""The first element of a sea path: ``(SEA, port area)``."""
ROAD_AREAS = 3
"""How many areas a road move covers at most (10.1), unless a standing effect says more."""


# --------------------------------------------------------------------------- the road table


@attrs.frozen
class RoadTable:
    """Every stretch of road a noble could follow from each area: the sequences of the next
    1.. areas along one road in one direction, each cut before its first step that is not
    passable (10.1) (built once; immutable)."""

    stretches: Mapping[str, tuple[tuple[str, ...], ...]]


@functools.cache
def road_table() -> RoadTable:
    """The one :class:`RoadTable` (stretches as long as the road runs and can be walked; a
    move cuts them to the road limit)."""
    board = tables().data.board
    found: dict[str, list[tuple[str, ...]]] = {}
    for road in board.roads.values():
        chain = road.areas
        for i, area in enumerate(chain):
            for ahead in (chain[i + 1:], tuple(reversed(chain[:i]))):
                walked = next((k for k, (a, b) in enumerate(zip((area, *ahead), ahead)) if not board.passable(a, b)),
                              len(ahead))
                if walked:
                    found.setdefault(area, []).append(ahead[:walked])
    return RoadTable(MappingProxyType({a: tuple(s) for a, s in found.items()}))


# --------------------------------------------------------------------------- what may move


def is_ready(data: WKData, noble: str) -> bool:
    """On the board, in an area (not at sea), not exhausted (15.1)."""
    return data.noble_area[noble] is not None and noble not in data.exhausted and noble not in data.at_sea


def shut_in(data: WKData, noble: str) -> bool:
    """Inside a besieged city or Stronghold of his baron: he may not leave its area (11.5,
    11.6, AMB-29)."""
    return besieged_inside(data, noble)


def road_limit(data: WKData, baron: str) -> int:
    """How many areas a road move may cover: 3, or what a standing effect allows."""
    return _road_limit(in_force(data, "road_move_limit", baron))


def _road_limit(limits: list[tuple[str, Effect]]) -> int:
    return max([ROAD_AREAS, *(e.params["areas"] for _, e in limits)])


def road_toll(data: WKData, baron: str) -> int:
    """What a road move costs the baron in crowns (standing effects; 0 without one)."""
    return _road_toll(in_force(data, "road_toll", baron))


def _road_toll(tolls: list[tuple[str, Effect]]) -> int:
    return sum(e.params["crowns"] for _, e in tolls)


def blockers(data: WKData, area: str, baron: str) -> tuple[str, ...]:
    """The other barons whose permission ``baron``'s noble needs to pass through ``area``
    (10.1): a noble of theirs there (not at sea) or a city they control; clockwise from
    ``baron``. Strongholds do not block (AMB-32), nor do neutral cities."""
    city = tables().data.board.city_in(area)
    owners = {data.city_owner.get(city.id)} if city is not None else set()
    owners |= {data.baron_of_noble(nb) for nb, at in data.noble_area.items() if at == area and nb not in data.at_sea}
    return tuple(b for b in clockwise_from(data, baron) if b != baron and b in owners)


@attrs.frozen
class Allowance:
    """What the standing effects in force let one baron's nobles do when they move (10.1,
    10.2, 17.2): asked once per menu of moves, not once per noble."""

    off_road: bool
    """A single step may leave the roads (no standing ``forbid off_road_move``, 17.2)."""
    road_toll: int
    road_limit: int
    may_sail: bool
    """Sea travel (10.2) is allowed: no standing ``forbid sea_travel``, or one of his
    ``exempt_from`` lifts it."""


def allowance(data: WKData, baron: str) -> Allowance:
    """The standing effects on ``baron``'s moves now."""
    found = in_force_kinds(data, ALLOWANCE_KINDS, baron)  # the cards in force walked once
    if not (found["forbid"] or found["road_toll"] or found["road_move_limit"]):
        return UNBOUND  # the usual case; an ``exempt_from`` alone lifts nothing
    banned = forbidden_of(found)
    return Allowance("off_road_move" not in banned, _road_toll(found["road_toll"]), _road_limit(found["road_move_limit"]),
                     "sea_travel" not in banned)


ALLOWANCE_KINDS = (*FORBIDS, "road_toll", "road_move_limit")
"""The standing effects an :class:`Allowance` reads."""

UNBOUND = Allowance(off_road=True, road_toll=0, road_limit=ROAD_AREAS, may_sail=True)
"""The :func:`allowance` of a baron bound by none of those effects."""


def moves_from(here: str, off_road: bool, road_paid: bool, limit: int, sail: bool) -> tuple[tuple[str, ...], ...]:
    """Every move from ``here``, sorted: one passable border (10.1; only along a road unless
    ``off_road``), up to ``limit`` areas along one road if the toll is ``road_paid``, each
    step passable, or by sea from a port if he may ``sail`` (10.2). What
    :class:`MoveTable` holds for every area and allowance."""
    board = tables().data.board
    stretches = road_table().stretches.get(here, ())
    paths: set[tuple[str, ...]] = set()
    if board.areas[here].region == "kingdom":
        # a standing ``forbid off_road_move`` (17.2): a single step only along a road too
        along = None if off_road else {s[0] for s in stretches}
        paths.update((n,) for n in board.land_steps[here] if along is None or n in along)
        if road_paid:
            for stretch in stretches:
                paths.update(stretch[:k] for k in range(2, min(limit, len(stretch)) + 1))
    if board.areas[here].port and sail:
        paths.update((SEA, port) for port in board.sea_destinations(here))
    return tuple(sorted(paths))


@attrs.frozen
class MoveTable:
    """:func:`moves_from` for every area and every allowance, built once (immutable): a
    menu of moves looks the noble's moves up instead of walking the roads again."""

    longest_road: int
    """The most areas a road move can cover anywhere: a higher limit allows no more."""
    moves: Mapping[tuple[str, bool, bool, int, bool], tuple[tuple[str, ...], ...]]
    """(area, off_road, road_paid, limit up to ``longest_road``, sail) -> the moves."""
    ends: Mapping[tuple[str, bool, bool, int, bool], frozenset[str]]
    """The same key -> the areas those moves end in."""


@functools.cache
def move_table() -> MoveTable:
    """The one :class:`MoveTable`."""
    longest = max((len(s) for stretches in road_table().stretches.values() for s in stretches), default=1)
    flags = (False, True)
    moves = {
        (here, off_road, paid, limit, sail): moves_from(here, off_road, paid, limit, sail)
        for here in tables().data.board.areas for off_road in flags for paid in flags
        for limit in range(1, longest + 1) for sail in flags
    }
    return MoveTable(longest, MappingProxyType(moves),
                     MappingProxyType({key: frozenset(map(destination, paths)) for key, paths in moves.items()}))


def legal_paths(
    data: WKData, noble: str, refused: Sequence[str] = (), allowed: Allowance | None = None
) -> list[tuple[str, ...]]:
    """Every move the noble may make now, as the areas entered in order (a sea move is
    ``(SEA, port)``), sorted: :func:`moves_from` his area under his baron's allowance
    (a road move needs the toll in hand). Paths through an area in ``refused`` are left out.
    ``allowed``: his baron's :func:`allowance`, when the caller asks for several nobles."""
    paths = _table_paths(data, noble, allowed)
    if refused:
        return [p for p in paths if not set(p[:-1]) & set(refused)]
    return list(paths)


def _table_paths(data: WKData, noble: str, allowed: Allowance | None) -> tuple[tuple[str, ...], ...]:
    """:func:`legal_paths` with no area refused, as the move table's own (immutable) tuple:
    for the callers that only test or read the moves, without a copy."""
    key = _table_key(data, noble, allowed)
    return () if key is None else move_table().moves[key]


def _table_ends(data: WKData, noble: str, allowed: Allowance | None) -> frozenset[str]:
    """Where :func:`_table_paths` end (the table's own set)."""
    key = _table_key(data, noble, allowed)
    return frozenset() if key is None else move_table().ends[key]


def _table_key(data: WKData, noble: str, allowed: Allowance | None) -> tuple[str, bool, bool, int, bool] | None:
    """The noble's entry in the :class:`MoveTable`; ``None`` when he may not move at all."""
    if not is_ready(data, noble) or shut_in(data, noble):
        return None
    here = data.noble_area[noble]
    baron = data.baron_of_noble(noble)
    if allowed is None:
        allowed = allowance(data, baron)
    return (here, allowed.off_road, allowed.road_toll <= data.crowns[baron],
            min(allowed.road_limit, move_table().longest_road), allowed.may_sail)


def is_road_move(path: tuple[str, ...]) -> bool:
    return path[0] != SEA and len(path) > 1


def destination(path: tuple[str, ...]) -> str:
    return path[-1]


def movable_nobles(state: State, baron: str) -> list[str]:
    """The baron's ready nobles that have a legal move now."""
    data: WKData = state.data
    allowed = allowance(data, baron)
    return [nb for nb in data.nobles_of(baron) if _table_paths(data, nb, allowed)]


def has_movable_noble(state: State, baron: str) -> bool:
    """Whether :func:`movable_nobles` names anyone (stops at the first).

    Standing effects only add moves to the least a noble may do (one step along a road:
    ``LEAST``), so a ready noble with such a step answers without the baron's
    :func:`allowance`; it is asked only when none has one."""
    data: WKData = state.data
    moves = move_table().moves
    free = []
    for noble in data.nobles_of(baron):
        if is_ready(data, noble) and not shut_in(data, noble):
            if moves[(data.noble_area[noble], *LEAST)]:
                return True
            free.append(noble)
    if not free:
        return False
    allowed = allowance(data, baron)
    return any(_table_paths(data, nb, allowed) for nb in free)


LEAST = (False, False, 1, False)
"""The :class:`MoveTable` key's allowance part with every standing effect against the
mover: no step off the roads, road moves unpaid, a limit of one area, no sailing."""


def area_name(area: str) -> str:
    return tables().data.board.areas[area].name


def noble_name(noble: str) -> str:
    return tables().data.nobles[noble].name


def path_label(path: tuple[str, ...]) -> str:
    """``to Area``, ``by road to Area via A, B``, ``by sea to Area``."""
    if path[0] == SEA:
        return f"by sea to {area_name(path[1])}"
    if len(path) == 1:
        return f"to {area_name(path[0])}"
    return f"by road to {area_name(path[-1])} via {', '.join(area_name(a) for a in path[:-1])}"


# --------------------------------------------------------------------------- one move


@attrs.define
class Journey:
    """The move under way (record of :class:`MoveNoble`)."""

    noble: str
    origin: str
    path: tuple[str, ...] = ()
    asked: list[str] = attrs.Factory(list)
    """Barons who allowed the passage so far."""
    at: int = -1
    """Index in ``path`` of the area the noble stands in (-1: where he started)."""


@attrs.define
class Orders:
    """What one card's moves did (record of :class:`Mobilize` and :class:`MoveOneNoble`)."""

    area: str | None = None
    """Mobilize Forces' chosen area (None: any destination, Versatile Strategy)."""
    allowed: Allowance | None = None
    """The baron's :func:`allowance`, asked once when the card's moves begin: nothing done
    while his nobles move changes a standing effect (a battle is the card's last step)."""
    moved: list[str] = attrs.Factory(list)
    refused: list[str] = attrs.Factory(list)
    """Areas whose passage was refused during this card: paths through them are not offered again."""
    attackers: list[str] = attrs.Factory(list)


def paths_for(
    data: WKData, noble: str, orders: Orders, allowed: Allowance | None = None
) -> list[tuple[str, ...]]:
    """The noble's legal paths that serve the card: into its area for Mobilize Forces."""
    paths = legal_paths(data, noble, orders.refused, allowed)
    return paths if orders.area is None else [p for p in paths if destination(p) == orders.area]


def may_serve(data: WKData, noble: str, orders: Orders, allowed: Allowance | None = None) -> bool:
    """Whether :func:`paths_for` names any path, read from the move table's ends when no
    passage was refused during the card."""
    if orders.refused:
        return bool(paths_for(data, noble, orders, allowed))
    if orders.area is None:
        return bool(_table_paths(data, noble, allowed))
    return orders.area in _table_ends(data, noble, allowed)


def passage_needed(data: WKData, journey: Journey) -> list[tuple[str, tuple[str, ...]]]:
    """Each baron who must allow the passage, with the areas of his the path passes through
    (10.1; ending a move there needs nobody's leave), clockwise from the mover."""
    baron = data.baron_of_noble(journey.noble)
    if journey.path[0] == SEA:
        return []
    through: dict[str, list[str]] = {}
    for area in journey.path[:-1]:
        for b in blockers(data, area, baron):
            through.setdefault(b, []).append(area)
    return [(b, tuple(through[b])) for b in clockwise_from(data, baron) if b in through]


class MoversChoice(Choice):
    """A choice of the baron whose card moves his nobles."""

    def decider(self, state: State, frame: Frame) -> str:
        return var(state, "baron")


class ChoosePath(MoversChoice):
    """Where the noble goes: one area, along a road, or by sea (10.1-10.2)."""

    rule = "10.1"
    kind = "move"
    prompt = "Choose the noble's move"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        orders = record(state, Orders)
        return paths_for(state.data, record(state, Journey).noble, orders, orders.allowed)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return path_label(option)

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        record(state, Journey).path = option
        end(state)


class AskPassage(Choice):
    """A baron whose noble or city stands in an area the move passes through allows the
    passage or refuses it (10.1)."""

    rule = "10.1"
    kind = "passage"
    prompt = "Allow another baron's noble to pass through"

    def decider(self, state: State, frame: Frame) -> str:
        return frame.vars["asked_baron"]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return (True, False)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        journey = record(state, Journey)
        mover = f"{state.data.baron_of_noble(journey.noble)} {noble_name(journey.noble)}"
        where = ", ".join(area_name(a) for a in frame.vars["areas"])
        return f"let {mover} pass through {where}" if option else f"refuse {mover} passage through {where}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        if not option:
            record(state, Orders).refused.extend(frame.vars["areas"])
            areas = ", ".join(area_name(a) for a in frame.vars["areas"])
            state.emit(f"{frame.vars['asked_baron']} refuses passage through {areas}", "move")
        end(state, option)


def donors(data: WKData, noble: str, area: str | None) -> list[str]:
    """Who may hand troops to the moving noble where he stands (10.3): his baron's stronghold
    there (his garrison's holder) and his baron's other ready nobles there, not inside a
    besieged city."""
    if area is None:
        return []
    baron = data.baron_of_noble(noble)
    found = [garrison_holder(baron)] if data.stronghold[baron] == area and data.garrison[baron] else []
    found += [nb for nb in data.nobles_of(baron)
              if nb != noble and data.noble_area[nb] == area and is_ready(data, nb) and not shut_in(data, nb)]
    return found


def _sieges_left(state: State) -> None:
    """A siege whose besiegers have all left its area breaks at once (11.5, AMB-28)."""
    for place in lift_broken_sieges(state.data):
        state.emit(f"the siege of {place} is broken: the besiegers left", "move")


GO_ON = ("go on",)


class PickUp(MoversChoice):
    """The moving noble takes troops where he stands (10.3): one card at a time, or a whole
    army carrying casualty markers, markers and all; or goes on."""

    rule = "10.3"
    kind = "pick_up"
    prompt = "Pick up troops on the way, or go on"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        data: WKData = state.data
        noble = record(state, Journey).noble
        baron = data.baron_of_noble(noble)
        troops = tables().troops
        found: list[Any] = []
        for donor in donors(data, noble, data.noble_area[noble]):
            if markers_of(data, donor):  # a marked army or garrison gives only as a whole
                found.append(("whole", donor))
                continue
            labels = sorted({troops[c].label for c in troops_of(data, donor)})
            found += [("take", donor, label) for label in labels]
        return (*found, GO_ON)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        if option == GO_ON:
            return "go on"
        donor = option[1]
        giver = holder_name(donor)
        if option[0] == "whole":
            markers = markers_of(state.data, donor)
            return f"take {giver}'s whole army with its {markers} casualty markers"
        return f"take {option[2]} from {giver}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        if option == GO_ON:
            end(state, False)
            return
        data: WKData = state.data
        noble = record(state, Journey).noble
        baron = data.baron_of_noble(noble)
        donor = option[1]
        given = troops_of(data, donor)
        if option[0] == "whole":
            taken = list(given)
            data.casualties[noble] += markers_of(data, donor)
            set_markers(data, donor, 0)
        else:
            taken = [next(c for c in given if tables().troops[c].label == option[2])]
        for card in taken:
            given.remove(card)
            data.army[noble].append(card)
        if not is_garrison(donor) and not given:
            army_shrank(data, donor)  # an emptied army leaves the board (10.3)
            state.emit(f"{noble_name(donor)} gives all his troops and leaves the board", "move")
        state.emit(f"{noble_name(noble)} takes {', '.join(tables().troops[c].label for c in taken)}", "move")
        end(state, True)


class MoveNoble(Procedure):
    """One noble's move (10): the path, the passages asked, troops picked up at the start and
    in every area passed through, then the arrival (on the port icon after a sea move,
    exhausted at once: 10.2). Ends with whether the noble moved."""

    rule = "10"

    def start(self, state: State, frame: Frame) -> None:
        frame.record = Journey(frame.vars["noble"], state.data.noble_area[frame.vars["noble"]])
        frame.vars["stage"] = "path"
        call(state, ChoosePath)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        data: WKData = state.data
        journey: Journey = frame.record
        stage = frame.vars["stage"]
        if stage == "passage" and not result:
            end(state, False)  # refused: the move is not made
            return
        if stage == "pick_up" and result:
            call(state, PickUp)  # he took something: he may take more here
            return
        if stage in ("path", "passage"):
            needed = [(b, areas) for b, areas in passage_needed(data, journey) if b not in journey.asked]
            if needed:
                asked_baron, areas = needed[0]
                journey.asked.append(asked_baron)
                frame.vars["stage"] = "passage"
                call(state, AskPassage, asked_baron=asked_baron, areas=areas)
                return
            self._set_out(state, journey)
        self._advance(state, frame, journey)

    def _set_out(self, state: State, journey: Journey) -> None:
        data: WKData = state.data
        baron = data.baron_of_noble(journey.noble)
        if is_road_move(journey.path) and (toll := road_toll(data, baron)):
            data.crowns[baron] -= toll
            state.emit(f"{baron} pays a road toll of {toll} crowns", "move")

    def _advance(self, state: State, frame: Frame, journey: Journey) -> None:
        """Pick-ups where he stands, then on to the next area, until he arrives."""
        data: WKData = state.data
        noble = journey.noble
        if frame.vars["stage"] != "pick_up" and donors(data, noble, data.noble_area[noble]):
            frame.vars["stage"] = "pick_up"
            call(state, PickUp)
            return
        journey.at += 1
        if journey.path[0] == SEA:
            self._arrive(state, journey, at_sea=True)
            return
        data.noble_area[noble] = journey.path[journey.at]
        _sieges_left(state)
        if journey.at == len(journey.path) - 1:
            self._arrive(state, journey, at_sea=False)
            return
        frame.vars["stage"] = "walk"
        self._advance(state, frame, journey)

    def _arrive(self, state: State, journey: Journey, at_sea: bool) -> None:
        data: WKData = state.data
        noble = journey.noble
        data.noble_area[noble] = destination(journey.path)
        if at_sea:
            data.at_sea.append(noble)
            data.at_sea.sort()
            _exhaust(data, [noble])  # 10.2: at once, whatever card moved him
        record(state, Orders).moved.append(noble)
        state.emit(f"{data.baron_of_noble(noble)} {noble_name(noble)} moves from {area_name(journey.origin)} "
                   f"{path_label(journey.path)}", "move")
        _sieges_left(state)
        end(state, True)


def _exhaust(data: WKData, nobles: list[str]) -> None:
    """Flip the nobles to their exhausted side (15.1)."""
    for noble in nobles:
        if noble not in data.exhausted and data.noble_area[noble] is not None:
            data.exhausted.append(noble)
    data.exhausted.sort()


# --------------------------------------------------------------------------- 7.5 Mobilize Forces


def mobilize_areas(state: State, baron: str) -> list[str]:
    """The areas Mobilize Forces may name (7.5): where a ready noble of the baron can move,
    or where he can start a battle."""
    data: WKData = state.data
    allowed = allowance(data, baron)
    areas = set(battle_areas(state, baron))
    for noble in data.nobles_of(baron):
        areas |= _table_ends(data, noble, allowed)
    return sorted(areas)


class MobilizeForces(BaronCard):
    """Choose an area; move ready nobles into it, start a battle there, or both (7.5)."""

    rule = "7.5"
    title = "mobilize_forces"

    def uses(self, state: State, frame: Frame) -> Sequence[Any]:
        return mobilize_areas(state, frame.vars["baron"])

    def fixed_uses(self) -> Sequence[Any]:
        return tuple(tables().data.board.areas)

    def fixed_label(self, option: Any) -> str:
        return f"mobilize into {area_name(option)}"

    def use(self, state: State, frame: Frame, option: Any) -> None:
        baron = frame.vars["baron"]
        call(state, Mobilize, area=option, record=Orders(area=option, allowed=allowance(state.data, baron)))

    def resume(self, state: State, frame: Frame, result: object) -> None:
        end(state)


FINISH = "finish"
BATTLE = "battle"


class Mobilize(MoversChoice):
    """Ready nobles move into the chosen area one after the other: at each step one more
    noble moves in, a battle starts there (the card's last step), or the card ends; at the
    end every noble that moved or attacked is exhausted (7.5). The steps are this one
    procedure asking again (record: the card's :class:`Orders`), not a procedure per step."""

    rule = "7.5"
    kind = "mobilize"
    prompt = "Move another noble into the area, start a battle there, or stop"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        data: WKData = state.data
        baron = var(state, "baron")
        orders: Orders = frame.record
        nobles = [nb for nb in data.nobles_of(baron) if nb not in orders.moved and may_serve(data, nb, orders, orders.allowed)]
        battle = [BATTLE] if battle_possible_in(state, baron, orders.area) else []
        return (*nobles, *battle, FINISH)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return mobilize_step_label(frame.record.area, option)

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        prebuilt = mobilize_step_actions()
        area = frame.record.area
        return [prebuilt[player, area, option] for option in frame.vars["options"]]

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        if option == FINISH:
            self._finish(state, frame)
            return
        frame.vars["chosen"] = option
        if option == BATTLE:
            call(state, DeclareBattle, baron=var(state, "baron"), mobilize=True, area=frame.record.area)
            return
        call(state, MoveNoble, noble=option)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        if frame.vars["chosen"] != BATTLE:
            self.start(state, frame)  # the next step, its options worked out anew
            return
        if result:
            frame.record.attackers.extend(result)  # the attacking nobles (battles.py)
        self._finish(state, frame)

    def _finish(self, state: State, frame: Frame) -> None:
        orders: Orders = frame.record
        play = current_play(state)
        play.moved = bool(orders.moved)
        play.battled = bool(orders.attackers)
        _exhaust(state.data, orders.moved + orders.attackers)
        end(state)


def mobilize_step_label(area: str, option: Any) -> str:
    """The label of a :class:`Mobilize` option for the card's ``area``."""
    if option == FINISH:
        return "end the card"
    if option == BATTLE:
        return f"start a battle in {area_name(area)}"
    return f"move {noble_name(option)} into {area_name(area)}"


@functools.cache
def mobilize_step_actions() -> Mapping[tuple[str, str, Any], Action]:
    """(baron, area, option) -> the baron's :class:`Mobilize` action, for every area
    and every option (his nobles, a battle, the end), built once (immutable): the step comes
    round after every noble moved, and its menu is looked up, not labelled again."""
    t = tables()
    kind = Mobilize.kind
    return MappingProxyType({
        (baron, area, option): Action(baron, mobilize_step_label(area, option), kind, option)
        for baron, nobles in t.nobles_of.items() for area in t.data.board.areas
        for option in (*nobles, BATTLE, FINISH)
    })


# --------------------------------------------------------------------------- 7.6 one noble


class MoveOneNoble(Procedure):
    """Versatile Strategy's move: one ready noble moves (10), then is exhausted (7.6). When a
    passage is refused the baron may choose again, or make no move."""

    rule = "7.6"

    def start(self, state: State, frame: Frame) -> None:
        frame.record = Orders(allowed=allowance(state.data, var(state, "baron")))
        call(state, ChooseNoble)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        orders: Orders = frame.record
        if orders.moved or result == FINISH:
            _exhaust(state.data, orders.moved)
            end(state)
            return
        call(state, ChooseNoble)


class ChooseNoble(MoversChoice):
    """Which ready noble moves (after a refused passage, also: no move at all)."""

    rule = "7.6"
    kind = "noble"
    prompt = "Choose the noble to move"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        data: WKData = state.data
        orders = record(state, Orders)
        baron = var(state, "baron")
        nobles = [nb for nb in data.nobles_of(baron) if may_serve(data, nb, orders, orders.allowed)]
        return (*nobles, FINISH) if orders.refused else tuple(nobles)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return "make no move" if option == FINISH else f"move {noble_name(option)}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        if option == FINISH:
            end(state, FINISH)
            return
        call(state, MoveNoble, noble=option)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        end(state, result)


PROCEDURES: tuple[type[Procedure], ...] = (
    Mobilize, MoveOneNoble, ChooseNoble, MoveNoble, ChoosePath, AskPassage, PickUp,
)
"""The procedures of this module that are reached only by ``call``."""
