"""The action phase (6.2): reveal every card of space 1, then 2, then 3; resolve it, allocate
it (6.3), and play any special phase it triggers (6.4) before the next card is revealed.

::

    ActionPhase                 ForEach space 1..3
      RevealCards               until the space's pile is empty, the Chairman turns the top
                                card; then one after the other:
        (the card's title)      its owner (a baron card) or the Chairman (neutral) carries it out
        AllocateCard            6.3: where it goes; the owner chooses where the rules let him
                                (a card with one possible place goes there without it)
        (special phases)        6.4: an area phase the allocation triggered, then a full
                                mercenary track's Draft (Wages before the Draft, AMB-4)

One procedure walks the space's cards through their stages (``stage`` in its frame) rather
than a ``Repeat`` over a ``Steps`` of three procedures: a card is revealed for about every
third decision, and each procedure level costs a frame, a start, a resume and an end.

The card being resolved is the record of the ``RevealCards`` procedure
(:class:`~banneret_warrior_knights.card_play.CardPlay`): the rules of each card write there
what happened (moved, fought), and the allocation reads it.
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Mapping

from banneret.flow import Choice, Frame, ForEach, Procedure, Steps, call, end, record, var
from banneret.state import State
from banneret_warrior_knights import assembly, battles, effects, movement, muster, neutral, special_phases
from banneret_warrior_knights.assembly import Assembly
from banneret_warrior_knights.card_play import CardPlay
from banneret_warrior_knights.baron_cards import DraftSoldiers, LevyTaxes, RallySupport, ServeTheChurch, VersatileStrategy
from banneret_warrior_knights.movement import MobilizeForces
from banneret_warrior_knights.neutral import FundExpeditions, ImportantEvent, MusterTroops, UncertainTimes, UpgradeDefences
from banneret_warrior_knights.special_phases import MercenaryDraft, Taxation, Wages
from banneret_warrior_knights.state import SPACES, SPECIAL_AREAS, WKData, owner_of, tables, title_of

__all__ = ["ActionPhase", "RESOLVERS", "PHASES", "return_area_cards", "track_full", "CALLED"]


RESOLVERS: dict[str, type[Procedure]] = {
    "levy_taxes": LevyTaxes,                    # 7.1
    "draft_soldiers": DraftSoldiers,            # 7.2
    "rally_support": RallySupport,              # 7.3
    "serve_the_church": ServeTheChurch,         # 7.4
    "mobilize_forces": MobilizeForces,          # 7.5
    "versatile_strategy": VersatileStrategy,    # 7.6
    "important_event": ImportantEvent,          # 8.1-8.2
    "fund_expeditions": FundExpeditions,        # 8.3
    "upgrade_defences": UpgradeDefences,        # 8.4
    "muster_troops": MusterTroops,              # 8.5
    "uncertain_times": UncertainTimes,          # 8.6
}
"""The procedure carrying out each card title (called with frame variables ``card`` and
``baron``, the owner or ``None``)."""

PHASES: dict[str, type[Procedure]] = {"taxation": Taxation, "wages": Wages, "assembly": Assembly}
"""The special phase of each special area (9.1-9.3)."""

class RevealCards(Procedure):
    """The Chairman turns the space's cards one at a time, the top one first, until its pile
    is empty (6.2); each is carried out (7, 8), allocated (6.3), and any special phase it
    triggers is played (6.4) before the next card is turned."""

    rule = "6.2"

    def start(self, state: State, frame: Frame) -> None:
        frame.vars["space"] = var(state, "space")
        self._next_card(state, frame)

    def _next_card(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        space = frame.vars["space"]
        pile = data.action_spaces[space]
        if not pile:
            end(state)
            return
        card = pile.pop()
        data.revealed = card
        line, resolver, baron = card_reveals()[space, card]
        state.emit(line, "reveal")
        frame.record = CardPlay()
        frame.vars["stage"] = "resolve"
        call(state, resolver, card=card, baron=baron)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        stage = frame.vars["stage"]
        if stage == "resolve":
            options = allocation_options(state.data.revealed, frame.record)
            if len(options) > 1:  # the owner chooses (AllocateCard); else it goes at once
                frame.vars["stage"] = "allocate"
                call(state, AllocateCard)
                return
            allocate(state, frame.record, options[0])
            self._area_phase(state, frame)
        elif stage == "allocate":
            self._area_phase(state, frame)
        elif stage == "area phase":
            return_area_cards(state.data, frame.vars.pop("area"))
            self._draft(state, frame)
        else:  # the Draft is over
            self._next_card(state, frame)

    def _area_phase(self, state: State, frame: Frame) -> None:
        """6.4: the area the card was allocated to holds 2 x barons cards: its phase; or one
        a baron's elimination brought to the smaller threshold during this card (17.4,
        AMB-50: its phase comes before the next card is revealed)."""
        data: WKData = state.data
        trigger = tables().data.per_barons[len(data.barons)].special_phase_cards
        areas = data.special_areas
        area = frame.record.allocated
        if area not in areas or len(areas[area]) < trigger:  # not the card's own area: another one?
            area = None
            for other in SPECIAL_AREAS:  # a loop, not next(generator): asked after every card
                if len(areas[other]) >= trigger:
                    area = other
                    break
        if area is not None:
            frame.vars["stage"] = "area phase"
            frame.vars["area"] = area
            state.emit(f"{area} holds {trigger} cards: the {area} phase", "phase")
            call(state, PHASES[area])
            return
        self._draft(state, frame)

    def _draft(self, state: State, frame: Frame) -> None:
        """6.4: a full mercenary track's Draft, after the area phase (Wages first, AMB-4)."""
        if track_full(state.data):
            frame.vars["stage"] = "draft"
            state.emit("the mercenary track is full: the Mercenary Draft", "phase")
            call(state, MercenaryDraft)
            return
        self._next_card(state, frame)


@functools.cache
def card_reveals() -> Mapping[tuple[int, str], tuple[str, type[Procedure], str | None]]:
    """(space, action card id) -> the log line turning it face up there (``space 2: red
    Levy Taxes``, ``space 1: neutral card Fund Expeditions``), the procedure carrying it out
    (:data:`RESOLVERS`) and its owner (``None``: neutral), built once (immutable)."""
    t = tables()
    return MappingProxyType({
        (space, card): (
            f"space {space + 1}: {owner + ' ' if owner else 'neutral card '}{t.card_titles[title_of(card)]}",
            RESOLVERS[title_of(card)], owner,
        )
        for space in range(SPACES) for card, owner in t.action_card_owner.items()
    })


def allocation_options(card: str, play: CardPlay) -> tuple[str, ...]:
    """Where ``card`` may go (6.3): neutral cards back to the neutral pool, Versatile
    Strategy to its owner's hand, Mobilize Forces by what it did (declined: Wages, AMB-14)."""
    t = tables()
    if t.action_card_owner[card] is None:
        return ("neutral",)
    title = t.action_card_title[card]
    if title == "mobilize_forces":
        if play.moved and play.battled:
            return ("wages", "assembly")
        return ("assembly",) if play.battled else ("wages",)
    areas = t.allocation[title]
    return areas if areas else ("hand",)


class AllocateCard(Choice):
    """6.3: where the rules leave a choice of special area, the card's owner chooses it
    (:class:`RevealCards` allocates a card with one possible place without this step)."""

    rule = "6.3"
    kind = "allocate"
    prompt = "Choose the special area for the card"

    def decider(self, state: State, frame: Frame) -> str:
        return owner_of(state.data.revealed) or state.data.chairman

    def options(self, state: State, frame: Frame) -> tuple[str, ...]:
        return allocation_options(state.data.revealed, record(state, CardPlay))

    def label(self, state: State, frame: Frame, option: str) -> str:
        return f"put the card on {option}"

    def choose(self, state: State, frame: Frame, option: str) -> None:
        allocate(state, record(state, CardPlay), option)
        end(state)


def allocate(state: State, play: CardPlay, option: str) -> None:
    """6.3: the revealed card goes to ``option`` (one of its :func:`allocation_options`)."""
    data: WKData = state.data
    card, data.revealed = data.revealed, None
    play.allocated = option
    if option == "neutral":
        data.neutral_pool.append(card)
        data.neutral_pool.sort()
    elif option == "hand":
        _to_hand(data, card)
    else:
        data.special_areas[option].append(card)
        state.emit(f"the card goes to {option} ({len(data.special_areas[option])} there)", "allocate")


def _to_hand(data: WKData, card: str) -> None:
    hand = data.hand[tables().action_card_owner[card]]
    hand.append(card)
    hand.sort()


def return_area_cards(data: WKData, area: str) -> None:
    """A special phase ends by giving every card on its area back to its owner (6.4)."""
    for card in data.special_areas[area]:
        _to_hand(data, card)
    data.special_areas[area].clear()


def track_full(data: WKData) -> bool:
    """Every space of the mercenary track holds a baron marker (6.4): the Draft begins."""
    return None not in data.mercenary_track


def _spaces(state: State) -> tuple[int, ...]:
    return tuple(range(SPACES))


class StartActions(Procedure):
    """The action phase begins."""

    rule = "6.2"

    def start(self, state: State, frame: Frame) -> None:
        state.data.phase = "actions"
        end(state)


ActionPhase = Steps("action phase", [
    StartActions,
    ForEach("action spaces", over=_spaces, var="space", rule="6.2", steps=[RevealCards]),
], rule="6.2")

CALLED: tuple[type[Procedure], ...] = (
    *RESOLVERS.values(), AllocateCard, *PHASES.values(), MercenaryDraft,
    *assembly.PROCEDURES, *battles.PROCEDURES, *effects.PROCEDURES, *movement.PROCEDURES, *muster.PROCEDURES,
    *neutral.PROCEDURES, *special_phases.PROCEDURES,
)
"""Procedures reached only by ``call``, for the flow's ``extra`` list (each rules module
lists its own in ``PROCEDURES``)."""
