"""The sequence of play (rules sections 4 and 6), declared as nested procedures: :data:`FLOW`.

::

    warrior knights
      4    setup
        4.1.8   AssignTroops       each troop card under a noble or the stronghold
        4.1.11  strongholds        clockwise from the Chairman: PlaceStronghold
        4.1.12  PlaceNobles        counter-clockwise from the last stronghold, until all are placed
      6    round (repeated)
        6       StartRound
        6.1     planning           every baron at once, in secret: PlanCards; then the
                                   neutral cards are dealt and each space shuffled
        6.2     action phase       space 1, then 2, then 3: RevealCards until the pile is empty,
                                   each card carried out (7, 8), allocated (6.3: AllocateCard),
                                   then its special phase (6.4: Taxation, Wages or the
                                   Assembly, then the Mercenary Draft)
        6.5     Muster             victory, influence, revolts, arrivals, refresh, returns

=====================  =========  =========================================================
module                 rules      procedures
=====================  =========  =========================================================
``setup``              4          AssignTroops, PlaceStronghold, PlaceNobles
``sequence``           6-6.1      StartRound, PlanCards (the planning branch)
``actions``            6.2-6.4    RevealCards, AllocateCard
``baron_cards``        7.1-7.4,   LevyTaxes, DraftSoldiers, RallySupport, ServeTheChurch,
                       7.6        VersatileStrategy
``movement``           7.5, 10    MobilizeForces, MoveOneNoble
``battles``            11, 12     DeclareBattle
``neutral``            8          ImportantEvent, FundExpeditions, UpgradeDefences,
                                  MusterTroops, UncertainTimes
``special_phases``     9.1-9.2,   Taxation, Wages, MercenaryDraft
                       9.4
``assembly``           9.3        Assembly
``muster``             6.5, 13,   Muster
                       14
=====================  =========  =========================================================

Each module's docstring says what of its rules is not built yet.
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Mapping

import attrs

from banneret.flow import Decision, Flow, ForEach, Frame, Parallel, Procedure, Repeat, Steps, end
from banneret.state import State
from banneret.types import Action
from banneret_warrior_knights.actions import CALLED, ActionPhase
from banneret_warrior_knights.muster import Muster
from banneret_warrior_knights.setup import AssignTroops, PlaceNobles, PlaceStronghold, stronghold_order
from banneret_warrior_knights.state import SPACES, WKData, tables, title_of

__all__ = ["FLOW", "Plan", "PlanCards", "StartRound", "resolve_planning"]


class StartRound(Procedure):
    """A new round begins with its planning phase."""

    rule = "6"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        data.round += 1
        data.phase = "planning"
        state.emit(f"round {data.round}: planning", "round")
        end(state)


# --------------------------------------------------------------------------- 6.1 planning


@attrs.define
class Plan:
    """One baron's planning so far (his branch's own record): the cards meant for each
    action space, and the space being filled (``SPACES``: all done, waiting to confirm)."""

    spaces: tuple[tuple[str, ...], ...] = ((),) * SPACES
    space: int = 0

    def planned(self) -> tuple[str, ...]:
        """Every card planned so far, space 1 first."""
        return sum(self.spaces, ())


def _space_label(k: int) -> str:
    return f"space {k + 1}"


@attrs.frozen
class PlanMenu:
    """Every action of the planning menus, built once (immutable): a menu is put together
    from these, not formatted again at every step."""

    offers: tuple[Mapping[str, tuple[str, Action, str]], ...]
    """For each space: baron action card id -> its title id, its owner's action planning
    it there, and the (secret) log line saying so."""
    no_more: Mapping[tuple[str, int], Action]
    """(baron, space) -> his action leaving the rest of the space empty."""
    confirm: Mapping[str, Action]
    """Baron -> his action confirming the plan."""


@functools.cache
def plan_menu() -> PlanMenu:
    """The one :class:`PlanMenu`."""
    t = tables()
    cards = {card: baron for baron, own in t.baron_cards.items() for card in own}
    return PlanMenu(
        offers=tuple(MappingProxyType({
            card: (title_of(card), Action(baron, f"{_space_label(k)}: {t.card_titles[title_of(card)]}", "plan", card),
                   f"{baron} plans {t.card_titles[title_of(card)]} for {_space_label(k)}")
            for card, baron in cards.items()
        }) for k in range(SPACES)),
        no_more=MappingProxyType({
            (baron, k): Action(baron, f"{_space_label(k)}: no more cards", "next")
            for baron in t.baron_cards for k in range(SPACES)
        }),
        confirm=MappingProxyType({baron: Action(baron, "confirm the plan", "confirm") for baron in t.baron_cards}),
    )


class PlanCards(Decision):
    """Put up to two action cards from your hand face down on each action space, one card at
    a time, space 1 first; then confirm. Until you confirm you may undo."""

    rule = "6.1"
    kind = "plan"
    prompt = "Plan up to two cards for each action space, then confirm"

    def start(self, state: State, frame: Frame) -> None:
        frame.record = Plan()

    def decider(self, state: State, frame: Frame) -> str:
        return frame.vars["player"]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        plan: Plan = frame.record
        menu = plan_menu()
        if plan.space == SPACES:
            return [menu.confirm[player]]
        k = plan.space
        offers = menu.offers[k]
        offered: dict[str, Action] = {}  # one card per title: copies of a title are alike
        planned = plan.planned()
        for card in state.data.hand[player]:  # only the player's own cards
            title, action, _ = offers[card]
            if title not in offered and card not in planned:
                offered[title] = action
        return [*offered.values(), menu.no_more[player, k]]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        plan: Plan = frame.record
        if action.kind == "confirm":
            end(state, plan.spaces)
            return
        k = plan.space
        if action.kind == "plan":
            cards = plan.spaces[k] + (action.args,)
            plan.spaces = plan.spaces[:k] + (cards,) + plan.spaces[k + 1:]
            state.emit(plan_menu().offers[k][action.args][2], "plan")
            if len(cards) < state.rules["cards_per_space"]:
                return
        plan.space = k + 1


def resolve_planning(state: State, results: dict[str, tuple[tuple[str, ...], ...]]) -> None:
    """6.1: every baron's planned cards go face down on their spaces; the Chairman deals the
    neutral cards, two on each space, sets the rest aside unseen, and shuffles each space."""
    data: WKData = state.data
    for baron in data.barons:
        spaces = results[baron]
        for k, cards in enumerate(spaces):
            for card in cards:
                data.hand[baron].remove(card)
            data.action_spaces[k].extend(cards)
        counts = ", ".join(f"{len(cards)} on {_space_label(k)}" for k, cards in enumerate(spaces))
        state.emit(f"{baron} puts {counts}", "plan")
    neutral = list(data.neutral_pool)
    state.rng.shuffle(neutral)
    per_space = state.rules["neutral_per_space"]
    for k in range(SPACES):
        data.action_spaces[k].extend(neutral[k * per_space:(k + 1) * per_space])
    data.neutral_pool = sorted(neutral[SPACES * per_space:])
    for pile in data.action_spaces:
        state.rng.shuffle(pile)
    state.emit(f"the Chairman deals {per_space} neutral cards on each space and shuffles each space", "plan")


def _game_over(state: State) -> bool:
    return state.ended is not None


def _barons(state: State) -> tuple[str, ...]:
    return state.data.barons


FLOW = Flow(
    Steps("warrior knights", [
        Steps("setup", [
            AssignTroops,                                       # 4.1 step 8
            ForEach("strongholds", over=lambda s: stronghold_order(s.data), var="baron", rule="4.1.11",
                    steps=[PlaceStronghold]),                   # 4.1 step 11
            PlaceNobles,                                        # 4.1 step 12
        ], rule="4"),
        Repeat("round", [
            StartRound,                                         # 6
            Parallel("planning", PlanCards, players=_barons, resolve=resolve_planning,
                     kind="plan", prompt=PlanCards.prompt, rule="6.1"),
            ActionPhase,                                        # 6.2-6.4 (actions.py)
            Muster,                                             # 6.5 (muster.py)
        ], until=_game_over, rule="6"),
    ]),
    extra=list(CALLED),
)

