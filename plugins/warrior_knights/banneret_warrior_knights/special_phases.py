"""The special phases an action card triggers (6.4): Taxation (9.1), Wages (9.2) and the
Mercenary Draft (9.4). The Assembly (9.3) is in :mod:`~banneret_warrior_knights.assembly`.
The action phase gives the area's cards back to their owners after each area phase.

::

    Taxation            every baron: city income (+1 fortified, 0 besieged) and Concessions;
      PayLevy           then a refusable levy Law: pay, or refuse and be barred (9.3.6)
    Wages               clockwise from the Chairman: loyal soldiers paid automatically, as
      PayMercenaries    many as he can (cheapest first); then the mercenaries he chooses
    MercenaryDraft      track space 1 up: each marker hires one displayed unit or passes;
      HireMercenary     at a baron's first marker, more units of the same nationality for his
      BlockHire         later markers; every unit hired is assigned at once:
      AssignMercenary   to a noble by his city or stronghold, an off-board noble or the stronghold

Readings: AMB-23 (the wage-exempt noble's 400 counts printed strengths), errata 5 (a noble
"in a city" stands in the area of any city, the original; of a city his baron controls under
the option ``mercenary_recipients`` = ``own_city``, AMB-33), AMB-51 (an army emptied leaves
the board), AMB-67 (loyal soldiers: as many as he can afford; cheapest first, which pays the
most cards for the fewest crowns, so the engine does it without asking). Standing effects:
``taxation_income`` and ``taxation_levy`` (Taxation), ``wage_change`` (per card: every card of
the kind costs that much more or less, never below 0; per phase: once a Wages phase, a
discount taken off his first payments of the kind, or a surcharge paid before them),
``hire_discount`` (his first ``hires`` units of each Draft cost that much less, never below 0).
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Sequence

import attrs

from banneret.flow import Choice, Decision, Frame, Procedure, call, end, record
from banneret.state import State
from banneret.types import Action
from banneret_warrior_knights.battle_losses import (
    garrison_holder, holder_name, troops_of,
)
from banneret_warrior_knights.muster import cities_by_owner, cities_of, mercenaries_leave, off_board, shut_areas
from banneret_warrior_knights.data_model import Effect
from banneret_warrior_knights.standing import in_force
from banneret_warrior_knights.titles import ban
from banneret_warrior_knights.state import WKData, clockwise_from, tables
from banneret_warrior_knights.variants import MERCENARY_RECIPIENTS

__all__ = [
    "Taxation", "Wages", "MercenaryDraft", "AssignMercenary", "PROCEDURES", "city_income", "concession_income",
    "exempt_nobles", "wage_of", "mercenary_sites", "hire_cost", "hire_discount",
]

# --------------------------------------------------------------------------- 9.1 Taxation


def city_income(data: WKData, baron: str, owned: Sequence[str] | None = None) -> int:
    """9.1: the income of every city he controls, +1 if fortified, nothing while besieged.
    ``owned``: :func:`cities_of` him, when the caller has them."""
    cities = tables().data.board.cities
    return sum(cities[c].income + (1 if c in data.fortified else 0)
               for c in (cities_of(data, baron) if owned is None else owned) if c not in data.besieged)


def concession_income(data: WKData, baron: str) -> int:
    """9.1, 9.3.4: what his Concessions (``taxation_income`` effects in force for him) pay."""
    return sum(effect.params["crowns"] for _, effect in in_force(data, "taxation_income", baron))


def levy_owed(params: Any, income: int) -> int:
    """A ``taxation_levy``: ``crowns`` for every full ``per_income`` crowns of city income."""
    return params["crowns"] * (income // params["per_income"])


class Taxation(Procedure):
    """Every baron collects his cities' income and his Concessions (9.1); then each levy Law
    is paid, or refused at that moment at the price of the Assembly ban (9.3.6)."""

    rule = "9.1"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        levies: list[tuple[str, str, int]] = []
        owned = cities_by_owner(data)
        for baron in clockwise_from(data, data.chairman):
            income = city_income(data, baron, owned.get(baron, ()))
            gained = income + concession_income(data, baron)
            data.crowns[baron] += gained
            state.emit(f"taxation: {baron} collects {gained} crowns ({data.crowns[baron]})", "taxation")
            for card, effect in in_force(data, "taxation_levy", baron):
                owed = min(levy_owed(effect.params, income), data.crowns[baron])
                if not owed:
                    continue
                if effect.params["refusable"]:
                    levies.append((baron, card, owed))
                else:
                    data.crowns[baron] -= owed
                    state.emit(f"{baron} pays {owed} crowns to {tables().agenda_titles[card]}", "taxation")
        frame["levies"] = tuple(levies)
        self.resume(state, frame, None)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        levies = frame["levies"]
        if not levies:
            end(state)
            return
        (baron, card, owed), frame["levies"] = levies[0], levies[1:]
        call(state, PayLevy, baron=baron, law=card, owed=owed)


class PayLevy(Choice):
    """A Law takes part of the Taxation income: pay it, or refuse and be barred from the
    Assembly now (9.3.6; a baron barred already refuses at no further cost, AMB-42)."""

    rule = "9.3.6"
    kind = "levy"
    prompt = "Pay the levy the Law demands, or refuse it"
    ask_single = True

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        # the levy is worked out from this Taxation's income; a baron who has since given
        # crowns away (15.2) and cannot pay it any more may only refuse
        return ("pay", "refuse") if state.data.crowns[frame["baron"]] >= frame["owed"] else ("refuse",)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        title = tables().agenda_titles[frame["law"]]
        if option == "pay":
            return f"pay {frame['owed']} crowns to {title}"
        barred = " (barred already)" if state.data.barred[frame["baron"]] else " and be barred from the Assembly"
        return f"refuse {title}{barred}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        baron = frame["baron"]
        if option == "pay":
            data.crowns[baron] -= frame["owed"]
            state.emit(f"{baron} pays {frame['owed']} crowns to {tables().agenda_titles[frame['law']]}", "taxation")
        else:
            state.emit(f"{baron} refuses {tables().agenda_titles[frame['law']]}", "taxation")
            if not data.barred[baron]:
                ban(state, baron)
        end(state)


# --------------------------------------------------------------------------- 9.2 Wages


@functools.cache
def exemption_limits(baron: str) -> tuple[tuple[str, int], ...]:
    """(noble, the highest ``max_strength`` of his ``wage_exemption`` abilities) for each of
    the baron's nobles who has one, in :meth:`~WKData.nobles_of` order (printed, read once)."""
    nobles = tables().data.nobles
    limits: list[tuple[str, int]] = []
    for noble in tables().nobles_of[baron]:
        found = [e.params["max_strength"] for e in nobles[noble].abilities if e.kind == "wage_exemption"]
        if found:
            limits.append((noble, max(found)))
    return tuple(limits)


def exempt_nobles(data: WKData, baron: str) -> frozenset[str]:
    """His nobles whose ``wage_exemption`` ability covers their army now: printed strength of
    its cards at most the ability's limit (AMB-23)."""
    return frozenset([nb for nb, limit in exemption_limits(baron) if data.strength_of(data.army[nb]) <= limit])


def _applies(troops: str, card: str) -> bool:
    return _applies_to(troops, tables().troops[card].nationality is not None)


def _applies_to(troops: str, mercenary: bool) -> bool:
    """A ``wage_change`` of ``troops`` covers a mercenary (or a loyal soldier)."""
    return troops == "all" or (troops == "mercenaries") == mercenary


def change_per_card(changes: list[tuple[str, Effect]], mercenary: bool) -> int:
    """What the per-card ``wage_change`` effects ``changes`` add to a mercenary's (or a loyal
    soldier's) wage: the same for every card of the kind."""
    return sum(e.params["crowns"] for _, e in changes
               if e.params["per"] == "card" and _applies_to(e.params["troops"], mercenary))


def wage_of(
    data: WKData, baron: str, card: str, exempt: bool, changes: list[tuple[str, Effect]] | None = None
) -> int:
    """One troop card's wage this Wages phase: printed, changed by per-card ``wage_change``
    effects, never below 0; nothing under a wage-exempt noble. ``changes``: the baron's
    ``wage_change`` effects in force, when the caller prices several cards."""
    if exempt:
        return 0
    if changes is None:
        changes = in_force(data, "wage_change", baron)
    troop = tables().troops[card]
    return max(0, troop.wage + change_per_card(changes, troop.nationality is not None))


@attrs.define
class WageBill:
    """One baron's Wages: what each of his cards costs, the per-phase discounts left (troops
    kind -> crowns), his mercenaries as (holder, card) and his loyal soldiers' cards, in
    :func:`holders_of` order (no card moves while he pays, so they are listed once), and the
    mercenaries paid so far."""

    baron: str
    costs: dict[str, int] = attrs.Factory(dict)
    discounts: dict[str, int] = attrs.Factory(dict)
    mercenaries: list[tuple[str, str]] = attrs.Factory(list)
    paid: list[str] = attrs.Factory(list)
    loyal: list[str] = attrs.Factory(list)

    def unpaid(self) -> list[tuple[str, str]]:
        """His mercenaries not paid yet, as (holder, card)."""
        paid = self.paid
        return [pair for pair in self.mercenaries if pair[1] not in paid]

    def cost(self, card: str) -> int:
        """What paying ``card`` takes now, after the discounts left."""
        due = self.costs[card]
        for troops, left in self.discounts.items():
            if _applies(troops, card):
                due -= min(due, left)
        return due

    def pricer(self) -> Callable[[str], int]:
        """:meth:`cost` for pricing many cards: with no discount left, a card costs what
        :attr:`costs` says, read without a call of :meth:`cost` per card."""
        return self.cost if self.discounts else self.costs.__getitem__

    def pay(self, data: WKData, card: str) -> int:
        due = self.costs[card]
        for troops, left in self.discounts.items():
            if _applies(troops, card):
                used = min(due, left)
                self.discounts[troops] = left - used
                due -= used
        data.crowns[self.baron] -= due
        return due


def wage_bill(state: State, baron: str) -> WageBill:
    """His cards' costs and per-phase changes (a surcharge is paid here, as much as he can,
    if he has a card of its kind to pay)."""
    data: WKData = state.data
    exempt = exempt_nobles(data, baron)
    bill = WageBill(baron)
    changes = in_force(data, "wage_change", baron)
    costs, mercenaries, loyal, troop_table = bill.costs, bill.mercenaries, bill.loyal, tables().troops
    army = data.army
    # wage_of for every card, the per-card changes added up once for each kind of troops
    loyal_change = change_per_card(changes, False) if changes else 0
    mercenary_change = change_per_card(changes, True) if changes else 0
    # every card he holds (holders_of: his nobles, then his garrison), walked once for costs,
    # mercenaries and loyal soldiers
    for holder, cards in (*[(nb, army[nb]) for nb in tables().nobles_of[baron]],
                          (garrison_holder(baron), data.garrison[baron])):
        free = holder in exempt
        for card in cards:
            troop = troop_table[card]
            if troop.nationality is None:
                costs[card] = 0 if free else max(0, troop.wage + loyal_change)
                loyal.append(card)
            else:
                costs[card] = 0 if free else max(0, troop.wage + mercenary_change)
                mercenaries.append((holder, card))
    for _, effect in changes:
        troops, crowns = effect.params["troops"], effect.params["crowns"]
        if effect.params["per"] != "phase" or not any(cost and _applies(troops, c) for c, cost in costs.items()):
            continue
        if crowns < 0:
            bill.discounts[troops] = bill.discounts.get(troops, 0) - crowns
        else:
            surcharge = min(crowns, data.crowns[baron])
            data.crowns[baron] -= surcharge
            state.emit(f"{baron} pays {surcharge} crowns more in this Wages phase", "wages")
    return bill


class Wages(Procedure):
    """Barons pay their troops, clockwise from the Chairman (9.2): loyal soldiers first, as
    many as each can; then the mercenaries he chooses; the unpaid ones go back into the
    Mercenary deck."""

    rule = "9.2"

    def start(self, state: State, frame: Frame) -> None:
        frame["order"] = clockwise_from(state.data, state.data.chairman)
        self._next(state, frame)

    def _next(self, state: State, frame: Frame) -> None:
        """The next barons' wages; a baron who can keep no mercenary has nothing to decide:
        his unpaid ones leave at once, as :class:`PayMercenaries` would send them."""
        data: WKData = state.data
        order = frame["order"]
        while order:
            baron, order = order[0], order[1:]
            bill = pay_loyal(state, baron)
            if affordable_mercenaries(data, bill):
                frame["order"] = order
                call(state, PayMercenaries, record=bill)
                return
            dismiss_unpaid(state, bill)
        end(state)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        self._next(state, frame)


def pay_loyal(state: State, baron: str) -> WageBill:
    """9.2, AMB-67: the baron's bill; his loyal soldiers paid, cheapest first, as many as he
    can; his free mercenaries counted as paid."""
    data: WKData = state.data
    bill = wage_bill(state, baron)
    cost = bill.pricer()
    paid = 0
    if bill.discounts:
        for _, card in sorted([(cost(c), c) for c in bill.loyal]):
            if cost(card) > data.crowns[baron]:
                break
            paid += bill.pay(data, card)
    else:  # every card costs what the bill says all along: the cheapest first, while he can
        left = data.crowns[baron]
        for due in sorted(map(cost, bill.loyal)):
            if due > left:
                break
            paid += due
            left -= due
        data.crowns[baron] = left
    state.emit(f"wages: {baron} pays {paid} crowns for loyal soldiers ({data.crowns[baron]} left)", "wages")
    free = bill.paid
    for _, card in bill.mercenaries:
        if cost(card) == 0:
            free.append(card)
    return bill


def affordable_mercenaries(data: WKData, bill: WageBill) -> dict[tuple[str, str], str]:
    """(holder, label) -> one unpaid mercenary of that kind the baron can pay now (9.2)."""
    crowns = data.crowns[bill.baron]
    troops = tables().troops
    cost = bill.pricer()
    groups: dict[tuple[str, str], str] = {}
    for holder, card in bill.unpaid():
        if cost(card) <= crowns:
            groups.setdefault((holder, troops[card].label), card)
    return groups


def dismiss_unpaid(state: State, bill: WageBill) -> None:
    """9.2: every mercenary the baron has not paid leaves for the Mercenary deck."""
    leaving = bill.unpaid()
    for holder, card in leaving:
        mercenaries_leave(state, holder, [card])
    if leaving:
        labels = ", ".join(tables().troops[c].label for _, c in leaving)
        state.emit(f"unpaid, {labels} of {bill.baron} leave for the Mercenary deck", "wages")


class PayMercenaries(Decision):
    """9.2: the baron pays the mercenaries he wants to keep, one kind at a time; when he
    stops (or can pay no more) every unpaid mercenary leaves for the Mercenary deck.
    Called only when he can pay for one (record: his :class:`WageBill`)."""

    rule = "9.2"
    kind = "wages"
    prompt = "Pay the mercenaries you keep; the unpaid leave"

    def decider(self, state: State, frame: Frame) -> str:
        return frame.record.baron

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        bill: WageBill = frame.record
        menu = [Action(player, f"pay {label} of {holder_name(holder)} ({bill.cost(card)} crowns)", "pay", card)
                for (holder, label), card in affordable_mercenaries(state.data, bill).items()]
        menu.append(Action(player, "pay no more: the unpaid mercenaries leave", "stop"))
        return menu

    def act(self, state: State, frame: Frame, action: Action) -> None:
        bill: WageBill = frame.record
        if action.kind == "pay":
            cost = bill.pay(state.data, action.args)
            bill.paid.append(action.args)
            state.emit(f"{bill.baron} pays {cost} crowns for {tables().troops[action.args].label}", "wages")
            if affordable_mercenaries(state.data, bill):
                return
        dismiss_unpaid(state, bill)
        end(state)


# --------------------------------------------------------------------------- 9.4 the Draft


@attrs.define
class DraftRecord:
    """The Draft under way: the track as it was when it began (a baron's first marker there
    may block-hire), units hired per baron (for ``hire_discount``), the units hired at this
    marker still to assign, and the space being played."""

    track: tuple[str | None, ...] = ()
    hires: dict[str, int] = attrs.Factory(dict)
    batch: list[str] = attrs.Factory(list)
    space: int = -1
    baron: str = ""
    """The owner of the marker being played."""


def hire_cost(data: WKData, baron: str, card: str, hired: int, discount: int | None = None) -> int:
    """The wage paid to hire ``card`` as his unit number ``hired`` + 1 of this Draft, less
    any ``hire_discount`` that covers it (never below 0). ``discount``: his
    :func:`hire_discount`, when the caller prices several cards."""
    if discount is None:
        discount = hire_discount(data, baron, hired)
    return max(0, tables().troops[card].wage - discount)


def hire_discount(data: WKData, baron: str, hired: int) -> int:
    """What the standing ``hire_discount`` effects take off his unit number ``hired`` + 1."""
    return sum(e.params["crowns"] for _, e in in_force(data, "hire_discount", baron) if hired < e.params["hires"])


Pricing = tuple[int, int]
"""(units a baron has hired in this Draft, his :func:`hire_discount` on the next)."""


def draft_pricing(state: State, baron: str) -> Pricing:
    """The baron's :data:`Pricing` now (asked once for a marker's step and its menu)."""
    hired = record(state, DraftRecord).hires.get(baron, 0)
    return hired, hire_discount(state.data, baron, hired)


def _display_choices(state: State, baron: str, nationality: str | None, pricing: Pricing | None = None) -> list[str]:
    """One affordable displayed card per label (of ``nationality`` if given), not hired yet
    at this marker. ``pricing``: :func:`draft_pricing`, when the caller has it."""
    data: WKData = state.data
    rec = record(state, DraftRecord)
    hired, discount = draft_pricing(state, baron) if pricing is None else pricing
    troops = tables().troops
    seen: dict[str, str] = {}
    for card in data.mercenary_display:
        if card in rec.batch or (nationality is not None and troops[card].nationality != nationality):
            continue
        if hire_cost(data, baron, card, hired, discount) <= data.crowns[baron]:
            seen.setdefault(troops[card].label, card)
    return [seen[label] for label in sorted(seen)]


def _later_marker(data: WKData, baron: str, space: int) -> int | None:
    return next((k for k in range(space + 1, len(data.mercenary_track)) if data.mercenary_track[k] == baron), None)


def _pass(state: State, rec: DraftRecord) -> None:
    """The marker being played hires nothing and comes off (9.4)."""
    state.data.mercenary_track[rec.space] = None
    state.emit(f"{rec.baron} passes", "draft")


def _hire(state: State, baron: str, card: str, pricing: Pricing) -> None:
    """``baron`` hires ``card`` at his :func:`draft_pricing` ``pricing``."""
    data: WKData = state.data
    rec = record(state, DraftRecord)
    cost = hire_cost(data, baron, card, *pricing)
    data.crowns[baron] -= cost
    rec.hires[baron] = rec.hires.get(baron, 0) + 1
    rec.batch.append(card)
    state.emit(f"{baron} hires {tables().troops[card].label} for {cost} crowns", "draft")


class DraftChoice(Choice):
    """A choice of displayed units to hire by the baron in frame variable ``baron``; its
    labels show the price, his units hired so far and :func:`hire_discount` asked once
    for the whole menu. The Draft calls it with the baron's :func:`draft_pricing` and the
    units it offers (frame variables ``pricing`` and ``choices``), found when it looked
    whether he can hire at all: nothing changes in between."""

    nationality_var: str | None = None
    """The frame variable naming the nationality the units must have (None: any)."""

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def start(self, state: State, frame: Frame) -> None:
        choices = frame.vars.pop("choices", None)
        if "pricing" not in frame.vars:
            frame.vars["pricing"] = draft_pricing(state, frame["baron"])
        self.start_with(state, frame, self.options(state, frame) if choices is None else (*choices, None))

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        nationality = None if self.nationality_var is None else frame[self.nationality_var]
        return (*_display_choices(state, frame["baron"], nationality, frame["pricing"]), None)

    def reopen(self, state: State, frame: Frame) -> None:
        frame.vars["pricing"] = draft_pricing(state, frame["baron"])  # asked again from the new position
        super().reopen(state, frame)

    def _pricing(self, state: State, frame: Frame) -> Pricing:
        """The baron's :func:`draft_pricing` when the step started (or reopened)."""
        return frame["pricing"]

    def priced_label(self, state: State, frame: Frame, option: Any, pricing: tuple[int, int]) -> str:
        """The label of ``option`` given :meth:`_pricing`."""
        raise NotImplementedError

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return self.priced_label(state, frame, option, self._pricing(state, frame))

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        pricing = self._pricing(state, frame)
        return [Action(player, self.priced_label(state, frame, option, pricing), self.kind, option)
                for option in frame.vars["options"]]


class HireMercenary(DraftChoice):
    """9.4: at his marker the baron hires one displayed unit, paying its wage, or passes;
    either way the marker comes off."""

    rule = "9.4"
    kind = "hire"
    prompt = "Hire a displayed mercenary or pass"

    def priced_label(self, state: State, frame: Frame, option: Any, pricing: tuple[int, int]) -> str:
        if option is None:
            return "pass: hire nothing"
        cost = hire_cost(state.data, frame["baron"], option, *pricing)
        return f"hire {tables().troops[option].label} for {cost} crowns"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        rec = record(state, DraftRecord)
        if option is None:
            _pass(state, rec)
        else:
            data.mercenary_track[rec.space] = None
            _hire(state, frame["baron"], option, self._pricing(state, frame))
        end(state)


class BlockHire(DraftChoice):
    """9.4: at his first marker a baron may hire more displayed units of the same
    nationality at once, each taking off one of his later markers (frame variables
    ``baron``, ``nationality`` and ``marker``, the space of his next marker)."""

    rule = "9.4"
    kind = "block hire"
    prompt = "Hire another unit of the same nationality with a later marker, or stop"
    nationality_var = "nationality"

    def priced_label(self, state: State, frame: Frame, option: Any, pricing: tuple[int, int]) -> str:
        if option is None:
            return "hire no more now"
        cost = hire_cost(state.data, frame["baron"], option, *pricing)
        return f"also hire {tables().troops[option].label} for {cost} crowns (the marker on space {frame['marker'] + 1})"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        if option is not None:
            state.data.mercenary_track[frame["marker"]] = None
            _hire(state, frame["baron"], option, self._pricing(state, frame))
        end(state, option is not None)


class MercenaryDraft(Procedure):
    """Each marker on the track, from space 1 up, hires one displayed mercenary (9.4); then
    the track is cleared, the unhired units go back into the deck and N + 1 new ones show."""

    rule = "9.4"

    def start(self, state: State, frame: Frame) -> None:
        frame.record = DraftRecord(track=tuple(state.data.mercenary_track))
        self._next_marker(state, frame)

    def _next_marker(self, state: State, frame: Frame) -> None:
        """Play the next markers: a baron who can afford no displayed unit has no choice,
        his marker passes here (as :class:`HireMercenary` would pass at once)."""
        data: WKData = state.data
        rec: DraftRecord = frame.record
        track = data.mercenary_track
        k = rec.space + 1
        while k < len(track):
            baron = track[k]
            if baron is not None:
                rec.space, rec.baron = k, baron
                pricing = draft_pricing(state, baron)
                choices = _display_choices(state, baron, None, pricing)
                if choices:
                    frame["stage"] = "hire"
                    call(state, HireMercenary, baron=baron, pricing=pricing, choices=tuple(choices))
                    return
                _pass(state, rec)
            k += 1
        rec.space = k
        self._finish(state)

    def _block_marker(self, state: State, frame: Frame) -> tuple[int, Pricing, list[str]] | None:
        """The space of the baron's next marker, his :func:`draft_pricing` and the units he
        may block-hire with it now, if any."""
        rec: DraftRecord = frame.record
        later = _later_marker(state.data, rec.baron, rec.space)
        if rec.track.index(rec.baron) != rec.space or later is None:
            return None
        pricing = draft_pricing(state, rec.baron)
        choices = _display_choices(state, rec.baron, self._nationality(rec), pricing)
        return (later, pricing, choices) if choices else None

    @staticmethod
    def _nationality(rec: DraftRecord) -> str | None:
        return tables().troops[rec.batch[0]].nationality

    def resume(self, state: State, frame: Frame, result: object) -> None:
        rec: DraftRecord = frame.record
        if frame["stage"] in ("hire", "block") and rec.batch and (frame["stage"] == "hire" or result):
            block = self._block_marker(state, frame)
            if block is not None:
                later, pricing, choices = block
                frame["stage"] = "block"
                call(state, BlockHire, baron=rec.baron, nationality=self._nationality(rec), marker=later,
                     pricing=pricing, choices=tuple(choices))
                return
        if rec.batch:
            frame["stage"] = "assign"
            call(state, AssignMercenary, baron=rec.baron, card=rec.batch.pop(0))
            return
        self._next_marker(state, frame)

    def _finish(self, state: State) -> None:
        data: WKData = state.data
        data.mercenary_track[:] = [None] * len(data.mercenary_track)
        data.mercenaries.draw_pile.extend(data.mercenary_display)
        data.mercenaries.shuffle(state.rng)
        data.mercenary_display = data.mercenaries.draw(state.rng, len(data.mercenary_track))
        shown = ", ".join(tables().troops[c].label for c in data.mercenary_display)
        state.emit(f"the Draft ends; the track is cleared; on display: {shown}", "draft")
        end(state)


def mercenary_sites(state: State, baron: str) -> list[str]:
    """Who may receive a mercenary the baron takes on (9.4): his nobles on the board (not at
    sea) in his stronghold's area or in a city's area (errata 5, the original: any city; the
    option ``mercenary_recipients`` = ``own_city`` reads AMB-33: a city he controls), but
    none inside a besieged city or Stronghold of his (11.5); his off-board nobles; his
    stronghold (his garrison's holder)."""
    data: WKData = state.data
    board = tables().data.board
    cities = cities_of(data, baron) if state.options[MERCENARY_RECIPIENTS] == "own_city" else data.city_owner
    areas = {board.cities[c].area for c in cities}
    stronghold = data.stronghold[baron]
    if stronghold is not None:
        areas.add(stronghold)
    off, shut = off_board(data, baron), shut_areas(data, baron)  # shut: besieged_inside, his nobles at once
    sites = [nb for nb in data.nobles_of(baron) if nb in off or (
        (area := data.noble_area[nb]) in areas and nb not in data.at_sea and area not in shut)]
    return [*sites, garrison_holder(baron)]


class AssignMercenary(Choice):
    """A hired mercenary card goes to one of the baron's nobles in his stronghold's area or in
    a city (:func:`mercenary_sites`), to an off-board noble, or to his stronghold (9.4);
    called with frame variables ``baron`` and ``card``. Also used by card effects that give a
    free mercenary. The card stays in the display (or the deck) until it is assigned, so it
    is in one place at every decision."""

    rule = "9.4"
    kind = "assign mercenary"
    prompt = "Choose who receives the mercenary"

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return mercenary_sites(state, frame["baron"])

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"{tables().troops[frame['card']].label} to {holder_name(option)}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        card = frame["card"]
        if card in data.mercenary_display:
            data.mercenary_display.remove(card)
        elif card in data.mercenaries.draw_pile:
            data.mercenaries.draw_pile.remove(card)
        troops_of(data, option).append(card)
        state.emit(f"{frame['baron']} assigns {self.label(state, frame, option)}", "draft")
        end(state)


PROCEDURES: tuple[type[Procedure], ...] = (AssignMercenary, PayLevy, PayMercenaries, HireMercenary, BlockHire)
"""The procedures of this module that are reached only by ``call``, besides the phases."""
