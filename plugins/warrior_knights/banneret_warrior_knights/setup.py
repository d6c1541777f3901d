"""Setting up a game for 2 to 6 barons (rules section 4, with 16.1-16.2 for fewer barons).

:func:`initial_data` does every step that needs no choice: the decks, the influence pool,
the cities razed by Fate, the Chairman and the Head of the Church drawn by Fate, crowns,
the mercenaries dealt, the display and the first agendas. The steps where a baron chooses
are procedures, run in the rules' order by the flow (:mod:`~banneret_warrior_knights.sequence`):

* :class:`AssignTroops` (4.1 step 8): each baron puts each of his six troop cards under one
  of his nobles or his stronghold; barons take turns clockwise from the Chairman (the
  rules set no order; the assignment is open, so the order changes nothing anyone knows);
* :class:`PlaceStronghold` (step 11): clockwise from the Chairman;
* :class:`PlaceNobles` (step 12): counter-clockwise from the last stronghold placer, one
  noble per turn, passes repeated until every noble with troops stands on the board (AMB-11).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from banneret.decks import Deck
from banneret.flow import Choice, Decision, Frame, end, var
from banneret.state import State
from banneret.types import Action
from banneret_warrior_knights.battle_losses import holder_name, holders_of, troops_of
from banneret_warrior_knights.cities import raze_city
from banneret_warrior_knights.data_model import FateCard
from banneret_warrior_knights.state import (
    SPACES, SPECIAL_AREAS, WKData, clockwise_from, fate_draw, tables,
)

__all__ = [
    "initial_data", "fate_until", "raze_at_start", "draw_titles", "AssignTroops", "PlaceStronghold", "PlaceNobles", "stronghold_sites", "noble_sites",
    "stronghold_order", "noble_order",
]


def fate_until(data: WKData, usable: Callable[[FateCard], bool]) -> FateCard:
    """Draw Fate cards until one gives a usable answer (5); every card drawn goes to the
    bottom. A whole turn of the deck without one is a data error."""
    fate = tables().fate
    for _ in range(len(data.fate.draw_pile)):
        card = fate[fate_draw(data)]
        if usable(card):
            return card
    raise RuntimeError("no Fate card gives a usable answer: the Fate data cannot drive this draw")


def initial_data(state: State) -> WKData:
    """Steps 1-10 of 4.1 for ``state.factions`` (the barons, clockwise)."""
    t = tables()
    rng = state.rng
    barons = tuple(state.factions)
    n = len(barons)
    per = t.data.per_barons[n]
    data = WKData(
        barons=barons,
        crowns={b: state.rules["starting_crowns"] for b in barons},  # 4.1 step 7
        influence={b: 0 for b in barons},
        votes={b: 0 for b in barons},
        faith={b: 0 for b in barons},
        hand={b: list(t.baron_cards[b]) for b in barons},  # step 5: twelve action cards
        charges={b: [] for b in barons},
        barred={b: False for b in barons},
        stronghold={b: None for b in barons},
        garrison={b: [] for b in barons},
        stronghold_breaches={b: 0 for b in barons},
        unassigned={b: list(t.soldiers[b]) for b in barons},
        noble_area={nb: None for b in barons for nb in t.nobles_of[b]},
        at_sea=[],
        army={nb: [] for b in barons for nb in t.nobles_of[b]},
        casualties={nb: 0 for b in barons for nb in t.nobles_of[b]},
        exhausted=[],
        heir={nb: True for b in barons for nb in t.nobles_of[b]},
        office={nb: None for b in barons for nb in t.nobles_of[b]},
        city_owner={c: None for c in t.data.board.cities},  # step 4: a figure on every city
        razed=[],
        fortified=[],
        besieged={},
        breaches={c: 0 for c in t.data.board.cities},
        fate=Deck.new(t.fate_cards, rng),  # step 1: every deck shuffled
        events=Deck.new(t.event_cards, rng),
        agendas=Deck.new(t.agenda_cards, rng),
        mercenaries=Deck.new(t.mercenary_cards, rng),
        mercenary_display=[],
        mercenary_track=[None] * per.mercenary_track_spaces,
        current_agendas=[],
        laws=[],
        neutral_pool=sorted(t.neutral_cards),
        influence_pool=state.options["influence_per_baron"] * n,  # step 3 (17.1 variant)
        chairman=barons[0],
        head_of_church=barons[0],
        action_spaces=[[] for _ in range(SPACES)],
        special_areas={a: [] for a in SPECIAL_AREAS},
    )
    events = data.events.draw_pile
    events.insert(0, events.pop())  # step 1: the Event deck's top card to the bottom (AMB-13)
    raze_at_start(data, per.razed_kingdom_cities, state)
    draw_titles(data, state)
    _deal_mercenaries(data, state)
    data.mercenary_display = data.mercenaries.draw(rng, per.mercenary_track_spaces)  # step 9
    data.current_agendas = data.agendas.draw(rng, state.rules["agendas_revealed"])  # step 10
    titles = ", ".join(tables().agenda_titles[c] for c in data.current_agendas)
    state.emit(f"agendas for the first Assembly: {titles}", "setup")
    return data


def raze_at_start(data: WKData, count: int, state: State) -> None:
    """4.1 step 4, 16.1: raze ``count`` Kingdom cities named by Fate (overseas and razed
    results are drawn again), then shuffle the Fate deck."""
    if not count:
        return
    board = tables().data.board
    kingdom = set(board.kingdom_cities())
    for _ in range(count):
        card = fate_until(data, lambda c: c.city in kingdom and c.city in data.city_owner)
        raze_city(data, card.city)
    data.fate.shuffle(state.rng)
    names = ", ".join(board.cities[c].name for c in data.razed)
    state.emit(f"Fate razes {count} Kingdom cities: {names}", "setup")


def draw_titles(data: WKData, state: State) -> None:
    """4.1 step 6: Fate names the Chairman, then a different baron as Head of the Church
    (colours not in play are drawn again, 16.4)."""
    in_play = set(data.barons)
    data.chairman = fate_until(data, lambda c: c.baron in in_play).baron
    data.head_of_church = fate_until(data, lambda c: c.baron in in_play and c.baron != data.chairman).baron
    state.emit(f"Fate names {data.chairman} Chairman of the Assembly and {data.head_of_church} Head of the Church", "setup")


def _deal_mercenaries(data: WKData, state: State) -> None:
    """4.1 step 8: N mercenaries of strength 100 taken from the deck, shuffled and dealt one
    to each baron; then the same with strength 50; then the deck is shuffled again."""
    t = tables()
    pile = data.mercenaries.draw_pile
    for strength in sorted(t.data.setup.mercenaries_dealt, reverse=True):
        taken = [c for c in reversed(pile) if t.troops[c].strength == strength][: len(data.barons)]
        for card in taken:
            pile.remove(card)
        state.rng.shuffle(taken)
        for baron, card in zip(data.barons, taken):
            data.unassigned[baron].append(card)
            state.emit(f"{baron} is dealt a mercenary: {t.troops[card].label}", "setup")
    for baron in data.barons:
        data.unassigned[baron].sort(key=lambda c: (-t.troops[c].strength, c))
    data.mercenaries.shuffle(state.rng)


# --------------------------------------------------------------------------- step 8


class AssignTroops(Decision):
    """Each baron puts each of his troop cards under one of his nobles or his stronghold."""

    rule = "4.1.8"
    kind = "assign"
    prompt = "Put the troop card under a noble or the stronghold"

    def start(self, state: State, frame: Frame) -> None:
        self._next(state, frame, clockwise_from(state.data, state.data.chairman))

    def _next(self, state: State, frame: Frame, order: tuple[str, ...]) -> None:
        waiting = tuple(b for b in order if state.data.unassigned[b])
        if not waiting:
            end(state)
            return
        frame["order"] = waiting
        frame["baron"] = waiting[0]

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        data: WKData = state.data
        card = data.unassigned[player][0]
        label = tables().troops[card].label
        return [Action(player, f"{label} to {holder_name(h)}", "assign", h) for h in holders_of(data, player)]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        data: WKData = state.data
        baron, holder = action.player, action.args
        card = data.unassigned[baron].pop(0)
        troops_of(data, holder).append(card)
        state.emit(f"{baron} puts {tables().troops[card].label} under {holder_name(holder)}", "assign")
        self._next(state, frame, frame["order"])


# --------------------------------------------------------------------------- step 11


def stronghold_order(data: WKData) -> tuple[str, ...]:
    """4.1 step 11: the Chairman first, then clockwise."""
    return clockwise_from(data, data.chairman)


def stronghold_sites(data: WKData) -> list[str]:
    """Where a stronghold may go now: a Kingdom area with no stronghold and no unrazed city;
    with 2-3 barons not on the outer row or column (16.2, AMB-49). Sorted."""
    board = tables().data.board
    outer_allowed = tables().data.per_barons[len(data.barons)].stronghold_outer_ring
    taken = set(data.stronghold.values())
    unrazed = {board.cities[c].area for c in data.city_owner}
    return [
        a for a, rec in sorted(board.areas.items())
        if rec.region == "kingdom" and a not in taken and a not in unrazed and (outer_allowed or not board.outer(a))
    ]


class PlaceStronghold(Choice):
    """The baron puts his stronghold token in a Kingdom area without a city or stronghold."""

    rule = "4.1.11"
    kind = "stronghold"
    prompt = "Place your stronghold"
    ask_single = True

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def start(self, state: State, frame: Frame) -> None:
        frame["baron"] = var(state, "baron")  # the ForEach over stronghold_order
        super().start(state, frame)

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return stronghold_sites(state.data)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"stronghold in {tables().data.board.areas[option].name}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        data.stronghold[frame["baron"]] = option
        state.emit(f"{frame['baron']} places the stronghold in {tables().data.board.areas[option].name}", "stronghold")
        end(state)


# --------------------------------------------------------------------------- step 12


def noble_order(data: WKData) -> tuple[str, ...]:
    """4.1 step 12: counter-clockwise, starting with the baron who placed his stronghold last."""
    placed = stronghold_order(data)
    return tuple(reversed(placed))


def nobles_to_place(data: WKData, baron: str) -> list[str]:
    """The baron's nobles with troops still off the board."""
    return [nb for nb in data.nobles_of(baron) if data.army[nb] and data.noble_area[nb] is None]


def noble_sites(data: WKData, baron: str) -> list[str]:
    """Where ``baron`` may place a noble at set-up: any Kingdom area without another baron's
    noble or stronghold (his own stronghold, nobles and neutral cities are fine). Sorted."""
    board = tables().data.board
    blocked = {a for b, a in data.stronghold.items() if b != baron and a is not None}
    blocked |= {a for nb, a in data.noble_area.items() if a is not None and data.baron_of_noble(nb) != baron}
    return [a for a, rec in sorted(board.areas.items()) if rec.region == "kingdom" and a not in blocked]


class PlaceNobles(Decision):
    """Barons take turns placing one noble with troops each, until all such nobles stand on
    the board; a turn is two choices, the noble (when there are several) and the area."""

    rule = "4.1.12"
    kind = "place noble"
    prompt = "Place a noble with troops"

    def start(self, state: State, frame: Frame) -> None:
        frame["order"] = noble_order(state.data)
        frame["turn"] = -1
        self._next_turn(state, frame)

    def _next_turn(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        order = frame["order"]
        if not any(nobles_to_place(data, b) for b in order):
            end(state)
            return
        turn = frame["turn"] + 1
        while not nobles_to_place(data, order[turn % len(order)]):
            turn += 1
        frame["turn"] = turn
        baron = order[turn % len(order)]
        frame["baron"] = baron
        waiting = nobles_to_place(data, baron)
        frame["noble"] = waiting[0] if len(waiting) == 1 else None

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        data: WKData = state.data
        nobles = tables().data.nobles
        noble = frame["noble"]
        if noble is None:
            return [Action(player, f"place {nobles[nb].name}", "noble", nb) for nb in nobles_to_place(data, player)]
        areas = tables().data.board.areas
        name = nobles[noble].name
        return [Action(player, f"{name} to {areas[a].name}", "area", a) for a in noble_sites(data, player)]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        if action.kind == "noble":
            frame["noble"] = action.args
            return
        data: WKData = state.data
        noble = frame["noble"]
        data.noble_area[noble] = action.args
        where = tables().data.board.areas[action.args].name
        state.emit(f"{action.player} places {tables().data.nobles[noble].name} in {where}", "noble")
        self._next_turn(state, frame)
