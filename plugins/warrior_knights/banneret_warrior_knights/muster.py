"""The Muster (6.5): the domination check, Influence, revolts, sea arrivals, refreshing
nobles, transfers and returning nobles (13); and the end of the game (14).

::

    Muster                       Steps
      CheckDomination            1: more than half the unrazed Kingdom cities wins at once
      GainInfluence              2: 1 per controlled unbesieged city, none without a stronghold
      Revolts                    3: a Fate card per city without its controller's noble;
        KeepCity                    on Revolt the controller pays 1 faith, 2 x income or loses it
      ArriveAndRefresh           4-5: nobles at sea land, exhausted nobles are ready again
      returns                    6, 13: Chairman first, clockwise, each baron:
        ExchangeHeirs               17.3 (a variant): give, give back or kill heirs
        ReturnTroops                transfers, pooling off-board troops, the garrison to them
        ReplaceStronghold           a destroyed stronghold back on the board
        PlaceReturning              every off-board noble with troops onto the board
      EndOfMuster                14: the pool is empty (or the round limit is reached): the end

Readings: AMB-5 (the game ends at the end of the Muster in which the pool empties; errata 3:
the original contradicts itself, "after the next Muster" in Muster step 2, "after this Muster"
in its section on winning, which is followed here), AMB-21
(overseas cities give Influence), AMB-44 (transfers), AMB-47 (troops on the board), AMB-68
(a noble at sea does not stop a revolt), AMB-69 (returning to an overseas city). Each troop
card moves at most once in a baron's returns step: any distribution the step allows is reached
so, and random play cannot shuffle troops back and forth forever.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Sequence

from banneret.flow import Choice, Decision, Frame, Procedure, Steps, call, end, end_game, goto, var
from banneret.state import State
from banneret.types import ENDED_BY_CAP, ENDED_BY_RULES, Action, Outcome, Standing, eliminated_last
from banneret_warrior_knights.battle_losses import (
    garrison_holder, holder_name, is_garrison, lift_broken_sieges, markers_of, return_mercenaries,
    set_markers, troops_of,
)
from banneret_warrior_knights.cities import besieged_inside, neutralise_city
from banneret_warrior_knights.setup import stronghold_sites
from banneret_warrior_knights.standing import agenda_effects
from banneret_warrior_knights.state import WKData, clockwise_from, fate_draw, tables
from banneret_warrior_knights.variants import HEIR_EXCHANGE, ExchangeHeirs, influence_ends_game

__all__ = [
    "Muster", "PROCEDURES", "kingdom_cities", "dominating_baron", "influence_earned", "revolt_candidates",
    "troops_on_board", "final_standings", "return_sites", "troop_holders", "SCORE_NAME", "army_shrank",
    "cities_of", "cities_by_owner", "mercenaries_leave",
]

SCORE_NAME = "influence"


@functools.cache
def kingdom_cities() -> frozenset[str]:
    """Every Kingdom city (razed or not; overseas cities are not among them)."""
    return frozenset(tables().data.board.kingdom_cities())


def cities_of(data: WKData, baron: str) -> list[str]:
    """The cities ``baron`` controls (Kingdom and overseas), sorted."""
    cities = [c for c, owner in data.city_owner.items() if owner == baron]
    cities.sort()
    return cities


def cities_by_owner(data: WKData) -> dict[str | None, list[str]]:
    """Every owner (``None``: neutral) -> :func:`cities_of` him, in one pass over the cities
    (for a phase that visits every baron's cities)."""
    owned: dict[str | None, list[str]] = {}
    for city, owner in data.city_owner.items():
        if owner in owned:
            owned[owner].append(city)
        else:
            owned[owner] = [city]
    for cities in owned.values():
        cities.sort()
    return owned


# --------------------------------------------------------------------------- step 1, 14


def dominating_baron(data: WKData) -> str | None:
    """The baron controlling more than half the unrazed Kingdom cities (6.5 step 1, 14)."""
    kingdom = kingdom_cities()
    unrazed = 0
    held: dict[str | None, int] = {}  # owner -> unrazed Kingdom cities, counted in one pass
    for city, owner in data.city_owner.items():
        if city in kingdom:
            unrazed += 1
            held[owner] = held.get(owner, 0) + 1
    for baron in data.barons:
        if 2 * held.get(baron, 0) > unrazed:
            return baron
    return None


class CheckDomination(Procedure):
    """6.5 step 1: a baron holding more than half the unrazed Kingdom cities wins now."""

    rule = "6.5.1"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        data.phase = "muster"
        state.emit(f"round {data.round}: the Muster", "phase")
        winner = dominating_baron(data)
        if winner is not None:
            reason = f"{winner} controls more than half the unrazed Kingdom cities"
            state.emit(reason, "victory")
            end_game(state, Outcome((winner,), reason, final_standings(data, first=winner), SCORE_NAME))
            return
        end(state)


# --------------------------------------------------------------------------- step 2


def influence_earned(data: WKData, baron: str, cities: Sequence[str] | None = None) -> int:
    """6.5 step 2: 1 per city he controls that is not besieged (overseas too, AMB-21); none
    while his stronghold is off the board. ``cities``: :func:`cities_of` him, when the
    caller has them."""
    if data.stronghold[baron] is None:
        return 0
    return sum(1 for c in (cities_of(data, baron) if cities is None else cities) if c not in data.besieged)


class GainInfluence(Procedure):
    """6.5 step 2: every baron takes his Influence, from the pool while it lasts, then from
    the supply; an emptied pool makes this round the last (AMB-5; errata 3: the original's
    step 2 says the game ends after the next Muster, its section on winning after this one)."""

    rule = "6.5.2"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        owned = cities_by_owner(data)
        for baron in clockwise_from(data, data.chairman):
            earned = influence_earned(data, baron, owned.get(baron, ()))
            if not earned:
                continue
            data.influence[baron] += earned
            data.influence_pool -= min(earned, data.influence_pool)
            state.emit(f"{baron} gains {earned} influence ({data.influence[baron]}; pool {data.influence_pool})", "influence")
        if influence_ends_game(state):
            state.emit("the influence pool is empty: this is the last round", "influence")
        end(state)


# --------------------------------------------------------------------------- step 3


def revolt_candidates(data: WKData) -> tuple[str, ...]:
    """6.5 step 3: the controlled cities with none of their controller's nobles in the area
    (a noble at sea does not count, AMB-68), the Chairman's first, then clockwise."""
    board = tables().data.board
    owned = cities_by_owner(data)
    found: list[str] = []
    for baron in clockwise_from(data, data.chairman):
        if baron not in owned:
            continue
        present = {data.noble_area[nb] for nb in data.nobles_of(baron) if nb not in data.at_sea}
        found += [c for c in owned[baron] if board.cities[c].area not in present]
    return tuple(found)


def ransom(city: str) -> int:
    """Crowns that keep a revolting city: twice its printed income (AMB-20)."""
    return 2 * tables().data.board.cities[city].income


class Revolts(Procedure):
    """6.5 step 3: a Fate card for each city that may revolt; on Revolt its controller
    decides whether to keep it."""

    rule = "6.5.3"

    def start(self, state: State, frame: Frame) -> None:
        frame["cities"] = revolt_candidates(state.data)
        frame["k"] = -1
        self._next(state, frame)

    def _next(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        fate = tables().fate
        cities = frame["cities"]
        k = frame["k"] + 1
        while k < len(cities) and not fate[fate_draw(data)].revolt:
            k += 1
        frame["k"] = k
        if k >= len(cities):
            end(state)
            return
        city = cities[k]
        state.emit(f"Fate: {tables().data.board.cities[city].name} revolts", "revolt")
        call(state, KeepCity, city=city, baron=data.city_owner[city])

    def resume(self, state: State, frame: Frame, result: object) -> None:
        self._next(state, frame)


class KeepCity(Choice):
    """The controller of a revolting city pays 1 faith or twice its income to keep it, or
    lets it go neutral (6.5 step 3)."""

    rule = "6.5.3"
    kind = "revolt"
    prompt = "A city revolts: pay to keep it or let it go"

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        data: WKData = state.data
        baron, city = frame["baron"], frame["city"]
        opts: list[str] = []
        if data.faith[baron] >= 1:
            opts.append("faith")
        if data.crowns[baron] >= ransom(city):
            opts.append("crowns")
        return (*opts, "lose")

    def label(self, state: State, frame: Frame, option: Any) -> str:
        name = tables().data.board.cities[frame["city"]].name
        return {"faith": f"keep {name} for 1 faith", "crowns": f"keep {name} for {ransom(frame['city'])} crowns",
                "lose": f"let {name} go neutral"}[option]

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        baron, city = frame["baron"], frame["city"]
        name = tables().data.board.cities[city].name
        if option == "faith":
            data.faith[baron] -= 1
            state.emit(f"{baron} keeps {name} for 1 faith", "revolt")
        elif option == "crowns":
            data.crowns[baron] -= ransom(city)
            state.emit(f"{baron} keeps {name} for {ransom(city)} crowns", "revolt")
        else:
            neutralise_city(data, city)
            state.emit(f"{name} goes neutral", "revolt")
        end(state)


# --------------------------------------------------------------------------- steps 4-5


class ArriveAndRefresh(Procedure):
    """6.5 steps 4 and 5: nobles at sea land in their port's area; every noble is ready."""

    rule = "6.5.4"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        data.at_sea.clear()
        data.exhausted.clear()
        end(state)


# --------------------------------------------------------------------------- step 6, 13


def troop_holders(data: WKData, baron: str, source: str) -> list[str]:
    """Where a troop card of ``source`` (a noble of ``baron`` or his garrison) may go in his
    returns step (13, AMB-44): an on-board noble to another in the same area (neither inside
    a besieged city or Stronghold); an off-board noble or the garrison to an off-board noble."""
    if source in data.awaiting_heir:  # 17.3: his army waits with him for his heir
        return []
    if is_garrison(source) or data.noble_area[source] is None:
        return [nb for nb in off_board(data, baron) if nb != source]
    if besieged_inside(data, source):
        return []
    area = data.noble_area[source]
    return [nb for nb in data.nobles_of(baron)
            if nb != source and data.noble_area[nb] == area and not besieged_inside(data, nb)]


_NO_AREAS: frozenset[str] = frozenset()


def shut_areas(data: WKData, baron: str) -> frozenset[str]:
    """The areas where a noble of the baron is :func:`besieged_inside`: those of his
    besieged cities and of his Stronghold while besieged (11.5, 11.6), found once for all
    his nobles."""
    if not (data.besieged or data.besieged_strongholds):  # no siege anywhere: the usual case
        return _NO_AREAS
    cities = tables().data.board.cities
    areas = {cities[c].area for c in data.besieged if data.city_owner.get(c) == baron}
    stronghold = data.stronghold[baron]
    if stronghold is not None and baron in data.besieged_strongholds:
        areas.add(stronghold)
    return frozenset(areas)


def giving_holders(data: WKData, baron: str) -> list[str]:
    """The holders of his troops (:func:`holders_of` order) for which :func:`troop_holders`
    names a receiver, all found in one walk over his nobles instead of one per holder."""
    nobles = tables().nobles_of[baron]
    area_of, awaiting = data.noble_area, data.awaiting_heir
    shut = shut_areas(data, baron)
    off = off_board(data, baron)
    free_in_area: dict[str, int] = {}  # area -> his nobles there not shut inside a siege
    for nb in nobles:
        area = area_of[nb]
        if area is not None and area not in shut:
            free_in_area[area] = free_in_area.get(area, 0) + 1
    found: list[str] = []
    for nb in nobles:  # holders_of: his nobles, then his garrison
        if nb in awaiting:
            continue
        area = area_of[nb]
        if area is None:
            if len(off) > (nb in off):  # an off-board noble but himself
                found.append(nb)
        elif free_in_area.get(area, 0) >= 2:  # he and another, neither shut inside (a shut area is not counted)
            found.append(nb)
    if off:
        found.append(garrison_holder(baron))
    return found


def off_board(data: WKData, baron: str) -> list[str]:
    """The baron's nobles off the board who may come back: not those who died without an
    heir (11.8, AMB-65), nor the dead whose heir another baron holds (17.3)."""
    area_of, dead, awaiting = data.noble_area, data.heirless_dead, data.awaiting_heir
    return [nb for nb in tables().nobles_of[baron] if area_of[nb] is None and nb not in dead and nb not in awaiting]


def army_shrank(data: WKData, noble: str) -> None:
    """A noble's army lost cards outside battle (wages, deserters, troops handed on; AMB-51):
    emptied, he leaves the board, alive, heir intact, and a siege he alone kept up breaks
    (AMB-28); otherwise casualty markers beyond what it can carry come off (an army holds
    markers only while markers x 100 < its strength)."""
    if not data.army[noble]:
        data.casualties[noble] = 0
        if data.noble_area[noble] is not None:
            data.noble_area[noble] = None
            if noble in data.at_sea:
                data.at_sea.remove(noble)
            lift_broken_sieges(data)
        return
    strength = data.strength_of(data.army[noble])
    while data.casualties[noble] and 100 * data.casualties[noble] >= strength:
        data.casualties[noble] -= 1


def mercenaries_leave(state: State, holder: str, cards: Sequence[str]) -> None:
    """Mercenary cards leave ``holder`` outside battle (9.2 unpaid, 8.2 desertion events):
    back into the Mercenary deck (:func:`return_mercenaries`), and an army left emptied or
    overloaded with markers is seen to (AMB-51)."""
    troops = troops_of(state.data, holder)
    for card in cards:
        troops.remove(card)
    return_mercenaries(state, cards)
    if not is_garrison(holder):
        army_shrank(state.data, holder)


WHOLE = "whole army"


def return_picks(data: WKData, baron: str, moved: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """(holder, card label or WHOLE) groups of troops the baron can move now in his returns
    step (13), none of ``moved`` (the cards moved already)."""
    troops = tables().troops
    picks: list[tuple[str, str]] = []
    for holder in giving_holders(data, baron):
        cards = troops_of(data, holder)
        if not cards:
            continue
        if markers_of(data, holder):  # a marked army or garrison moves whole (10.3, 13)
            if not any(c in moved for c in cards):
                picks.append((holder, WHOLE))
            continue
        labels = sorted({troops[c].label for c in cards if c not in moved})
        picks += [(holder, label) for label in labels]
    return picks


def has_return_picks(data: WKData, baron: str) -> bool:
    """Whether :func:`return_picks` names anything before a card has moved: a holder that
    can hand on troops has a card. The garrison and the off-board nobles are looked at
    first (an army emptied leaves the board, so most off-board nobles hold nothing); the
    nobles on the board only when two of them share an area (stops at the first card; no
    labels sorted)."""
    area_of, army, awaiting = data.noble_area, data.army, data.awaiting_heir
    off = off_board(data, baron)
    if off and data.garrison[baron]:  # the garrison hands troops to an off-board noble
        return True
    on_board: list[str] = []
    for nb in tables().nobles_of[baron]:
        area = area_of[nb]
        if area is not None:
            on_board.append(area)
        elif army[nb] and nb not in awaiting and len(off) > (nb in off):  # to another off-board noble
            return True
    if len(set(on_board)) == len(on_board):  # no two of his nobles in one area: none on the board gives
        return False
    for holder in giving_holders(data, baron):
        if troops_of(data, holder):
            return True
    return False


class ReturnTroops(Decision):
    """13 steps 1-3: the baron moves troop cards between his nobles in one area, among his
    off-board nobles, and from his garrison to off-board nobles; a card at a time (first
    the card, then who receives it), each card once; an army with casualty markers goes
    whole, with its markers."""

    rule = "13"
    kind = "returns"
    prompt = "Move troops between your nobles, or finish"

    def start(self, state: State, frame: Frame) -> None:
        frame["baron"] = var(state, "baron")
        frame["moved"] = ()
        frame["picked"] = None
        self._list_picks(state, frame)

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def _list_picks(self, state: State, frame: Frame) -> None:
        """The groups that can move now, kept in the frame for the menus until a card moves
        (nothing else changes meanwhile); none left: the step ends."""
        picks = return_picks(state.data, frame["baron"], frame["moved"])
        if picks:
            frame["picks"] = tuple(picks)
        else:
            end(state)

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        data: WKData = state.data
        picked = frame["picked"]
        if picked is None:
            menu = [Action(player, f"move {label} of {holder_name(holder)}", "pick", (holder, label))
                    for holder, label in frame["picks"]]
            menu.append(Action(player, "finish moving troops", "finish"))
            return menu
        holder, label = picked
        return [Action(player, f"{label} of {holder_name(holder)} to {holder_name(nb)}", "give", nb)
                for nb in troop_holders(data, frame["baron"], holder)]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        if action.kind == "finish":
            end(state)
            return
        if action.kind == "pick":
            frame["picked"] = action.args
            return
        data: WKData = state.data
        baron = frame["baron"]
        holder, label = frame["picked"]
        source = troops_of(data, holder)
        troops = tables().troops
        if label == WHOLE:
            cards = list(source)
            data.casualties[action.args] += markers_of(data, holder)
            set_markers(data, holder, 0)
        else:
            cards = [next(c for c in source if troops[c].label == label and c not in frame["moved"])]
        for card in cards:
            source.remove(card)
            data.army[action.args].append(card)
        frame["moved"] = frame["moved"] + tuple(cards)
        frame["picked"] = None
        state.emit(f"{baron} moves {label} from {holder_name(holder)} to {holder_name(action.args)}", "muster")
        if not is_garrison(holder):
            army_shrank(data, holder)
        self._list_picks(state, frame)


class ReplaceStronghold(Choice):
    """11.6, 13 step 4: a baron whose stronghold was destroyed may put it back now, with its
    surviving garrison and no breaches (AMB-62)."""

    rule = "13"
    kind = "stronghold"
    prompt = "Re-place your stronghold or leave it off the board"
    ask_single = True

    def start(self, state: State, frame: Frame) -> None:
        frame["baron"] = var(state, "baron")
        sites = stronghold_sites(state.data) if state.data.stronghold[frame["baron"]] is None else []
        if not sites:
            end(state)
            return
        self.start_with(state, frame, (*sites, None))  # the options, found once

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return (*stronghold_sites(state.data), None)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        if option is None:
            return "leave the stronghold off the board"
        return f"stronghold in {tables().data.board.areas[option].name}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        if option is not None:
            data.stronghold[frame["baron"]] = option
            data.stronghold_breaches[frame["baron"]] = 0
            state.emit(f"{frame['baron']} re-places the stronghold in {tables().data.board.areas[option].name}", "stronghold")
        end(state)


def return_sites(data: WKData, baron: str) -> list[str]:
    """Where a returning noble may be placed (13 step 5): his stronghold's area, or the area
    of a city he controls (overseas too, AMB-69); neither while besieged (11.5, 11.6). Sorted."""
    board = tables().data.board
    sites = {board.cities[c].area for c in cities_of(data, baron) if c not in data.besieged}
    stronghold = data.stronghold[baron]
    if stronghold is not None and baron not in data.besieged_strongholds:
        sites.add(stronghold)
    return sorted(sites)


def returning_nobles(data: WKData, baron: str) -> list[str]:
    """His off-board nobles holding at least one troop card (:func:`off_board`, in one pass)."""
    area_of, army, dead, awaiting = data.noble_area, data.army, data.heirless_dead, data.awaiting_heir
    return [nb for nb in tables().nobles_of[baron]
            if area_of[nb] is None and army[nb] and nb not in dead and nb not in awaiting]


class PlaceReturning(Choice):
    """13 step 5: every off-board noble with troops must be placed in his stronghold's area
    or by a city of his that is not besieged; one noble at a time."""

    rule = "13"
    kind = "return noble"
    prompt = "Place your returning noble"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        baron = var(state, "baron")
        frame["baron"] = baron
        waiting = returning_nobles(data, baron)
        sites = return_sites(data, baron) if waiting else []
        if not sites:
            end(state)
            return
        frame["noble"] = waiting[0]
        self.start_with(state, frame, sites)  # the options, found once

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return return_sites(state.data, frame["baron"])

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"{holder_name(frame['noble'])} to {tables().data.board.areas[option].name}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        data.noble_area[frame["noble"]] = option
        state.emit(f"{frame['baron']} places {holder_name(frame['noble'])} in {tables().data.board.areas[option].name}", "muster")
        goto(state, PlaceReturning)


# --------------------------------------------------------------------------- the end (14)


def troops_on_board(data: WKData, baron: str) -> int:
    """AMB-47: the strength of his troop cards under nobles on the board (at sea too) and in
    his stronghold on the board, less 100 per casualty marker, plus maintained soldiers."""
    total = data.strength_of(data.garrison[baron]) if data.stronghold[baron] is not None else 0
    for nb in data.nobles_of(baron):
        if data.noble_area[nb] is None:
            continue
        total += data.strength_of(data.army[nb]) - 100 * data.casualties[nb]
        office = data.office[nb]
        if office is not None:
            total += sum(e.params["strength"] for e in agenda_effects(office) if e.kind == "maintained_soldiers")
    return total


def ranking_key(data: WKData, baron: str) -> tuple[int, int, int, int]:
    """14: Influence, then cities controlled (overseas included), then crowns + faith +
    votes, then troops on the board."""
    return (data.influence[baron], len(cities_of(data, baron)),
            data.crowns[baron] + data.faith[baron] + data.votes[baron], troops_on_board(data, baron))


def final_standings(data: WKData, first: str | None = None) -> tuple[Standing, ...]:
    """Every baron ranked by :func:`ranking_key` (equal keys share a rank); ``first`` (a
    dominating baron) ranks above all; barons out of the game (17.4) rank last. The score
    is Influence."""
    keys = {b: ranking_key(data, b) for b in data.barons}
    others = sorted((b for b in data.barons if b != first), key=lambda b: keys[b], reverse=True)
    offset = 1 if first is not None else 0
    standings = [Standing(first, 1, data.influence[first])] if first is not None else []
    standings += [Standing(b, 1 + offset + sum(keys[o] > keys[b] for o in others), data.influence[b]) for b in others]
    return eliminated_last(standings, data.eliminated, data.influence)  # 17.4


def influence_outcome(data: WKData, ended_by: str) -> Outcome:
    """The end by Influence (14): the one baron first on the whole tie-break chain is
    crowned; barons tied on all of it: nobody is. At the round limit nobody is crowned."""
    standings = final_standings(data)
    top = [s.faction for s in standings if s.rank == 1]
    if ended_by == ENDED_BY_CAP:
        return Outcome((), f"round limit reached; leading by influence: {', '.join(top)}", standings, SCORE_NAME, ENDED_BY_CAP)
    if len(top) == 1:
        return Outcome((top[0],), f"the influence pool is empty: {top[0]} is crowned", standings, SCORE_NAME)
    return Outcome((), f"the influence pool is empty and {', '.join(top)} are tied on every count: nobody is crowned",
                   standings, SCORE_NAME)


class EndOfMuster(Procedure):
    """14: the Muster in which the influence pool emptied ends the game (not under Rule of
    Force, 17.5); so does the round limit (``round_limit``, a safety cap for random play,
    not a rule of the game)."""

    rule = "14"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        if influence_ends_game(state):
            outcome = influence_outcome(data, ENDED_BY_RULES)
        elif data.round >= state.options["round_limit"]:
            outcome = influence_outcome(data, ENDED_BY_CAP)
        else:
            end(state)
            return
        state.emit(outcome.reason, "victory")
        end_game(state, outcome)


def _heirs_due(state: State, baron: str) -> bool:
    """ExchangeHeirs may do something: heirs change hands only under the option, and a
    line ends only for a noble awaiting his heir (17.3)."""
    return state.options[HEIR_EXCHANGE] or bool(state.data.awaiting_heir)


RETURN_STEPS: tuple[tuple[type[Procedure], Callable[[State, str], bool]], ...] = (
    (ExchangeHeirs, _heirs_due),                                                       # 17.3
    (ReturnTroops, lambda state, baron: has_return_picks(state.data, baron)),           # 13 steps 1-3
    (ReplaceStronghold, lambda state, baron: state.data.stronghold[baron] is None),    # 13 step 4
    (PlaceReturning, lambda state, baron: bool(returning_nobles(state.data, baron))),  # 13 step 5
)
"""A baron's returns steps, in order, each with a test that it may have something to do
for him now; a step whose test fails would end at once, changing nothing, if started."""


class Returns(Procedure):
    """6.5 step 6, 13: the Chairman first, then clockwise, each baron takes his returns steps
    (:data:`RETURN_STEPS`); a step with nothing to do for him is not started at all (most
    barons have nothing to return most rounds)."""

    name = "returns"
    rule = "13"

    def children(self) -> Sequence[type[Procedure]]:
        return tuple(step for step, _ in RETURN_STEPS)

    def start(self, state: State, frame: Frame) -> None:
        frame.vars["_items"] = clockwise_from(state.data, state.data.chairman)
        frame.vars["_k"] = 0
        frame.vars["_i"] = 0
        self._next(state, frame)

    def _next(self, state: State, frame: Frame) -> None:
        """Start the baron's next step that is due, or the next baron's first."""
        barons = frame.vars["_items"]
        k, i = frame.vars["_k"], frame.vars["_i"]
        while k < len(barons):
            baron = barons[k]
            while i < len(RETURN_STEPS):
                step, due = RETURN_STEPS[i]
                i += 1
                if due(state, baron):
                    frame.vars["_k"], frame.vars["_i"], frame.vars["baron"] = k, i, baron
                    call(state, step)
                    return
            k, i = k + 1, 0
        end(state)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        self._next(state, frame)


Muster = Steps("Muster", [
    CheckDomination,                                                    # 6.5 step 1
    GainInfluence,                                                      # 6.5 step 2
    Revolts,                                                            # 6.5 step 3
    ArriveAndRefresh,                                                   # 6.5 steps 4-5
    Returns(),                                                          # 6.5 step 6, 13
    EndOfMuster,                                                        # 14
], rule="6.5")
"""The Muster, the round's third phase."""

PROCEDURES: tuple[type[Procedure], ...] = (KeepCity,)
"""The procedures of this module that are reached only by ``call``."""
