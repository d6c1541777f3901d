"""The neutral action cards (8), carried out by the Chairman: Important Event (8.1) and the
events it draws (8.2), Fund Expeditions (8.3), Upgrade Defences (8.4), Muster Troops (8.5),
Uncertain Times (8.6).

::

    ImportantEvent        the Head of the Church picks the drawer by the top card's colour
      ResolveEvent        the drawer draws it; its random targets are drawn (Fate); then
        CancelEvent       faith may cancel it: red the drawer alone, blue and green any baron,
                          pooled, each asked in turn clockwise from the Chairman (AMB-16)
        ApplyEffects      otherwise its effects (effects.py); the card is discarded
    FundExpeditions       LaunchExpedition (the Chairman), Stake (each baron clockwise from
                          the Chairman), Bless (the Head of the Church); then markers advance
                          and every expedition on its last space draws Fate
    UpgradeDefences       the effect upgrade_defences for each baron (UpgradeOne)
    MusterTroops          the effect heal for each baron (HealArmy)
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from banneret.flow import Choice, Decision, Frame, Procedure, call, end
from banneret.state import State
from banneret.types import Action
from banneret_warrior_knights.data_model import Effect, Expedition
from banneret_warrior_knights.effects import ApplyEffects, BaronChoice, describe_target, draw_targets, shuffle_fate
from banneret_warrior_knights.state import WKData, clockwise_from, fate_draw, tables

__all__ = [
    "ImportantEvent", "ResolveEvent", "CancelEvent", "FundExpeditions", "LaunchExpedition", "Stake", "Bless",
    "UpgradeDefences", "MusterTroops", "UncertainTimes", "PROCEDURES", "UPGRADE_DEFENCES", "MUSTER_TROOPS",
    "EXPEDITION_RANK",
]

# --------------------------------------------------------------------------- 8.1-8.2 events

NAME_ANOTHER_FAITH = 1
"""What the Head of the Church pays to take the option the top card's colour does not give
him free (8.1)."""


class ImportantEvent(Choice):
    """The Head of the Church decides who draws the top Event card (8.1): red, he draws it
    or pays 1 faith to name another; green, he names another or pays 1 faith to draw it;
    blue, anyone, free."""

    rule = "8.1"
    kind = "event_drawer"
    prompt = "Choose who draws the top Event card"

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.head_of_church

    def start(self, state: State, frame: Frame) -> None:
        deck = state.data.events
        if not deck.draw_pile:
            deck.shuffle(state.rng, with_discards=True)  # 15.3
            state.emit("the Event discards are shuffled into a new deck", "event")
        super().start(state, frame)

    @staticmethod
    def _colour(state: State) -> str:
        return tables().event_colours[state.data.events.draw_pile[-1]]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        data: WKData = state.data
        head = data.head_of_church
        others = [b for b in data.barons if b != head]
        can_pay = data.faith[head] >= NAME_ANOTHER_FAITH
        colour = self._colour(state)
        if colour == "red":
            return [(head, False)] + ([(b, True) for b in others] if can_pay else [])
        if colour == "green":
            return [(b, False) for b in others] + ([(head, True)] if can_pay else [])
        return [(b, False) for b in data.barons]

    def label(self, state: State, frame: Frame, option: Any) -> str:
        baron, paid = option
        who = "you draw" if baron == state.data.head_of_church else f"{baron} draws"
        return f"{f'pay {NAME_ANOTHER_FAITH} faith: ' if paid else ''}{who} the {self._colour(state)} event"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        baron, paid = option
        if paid:
            state.data.faith[state.data.head_of_church] -= NAME_ANOTHER_FAITH
        call(state, ResolveEvent, drawer=baron)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        end(state)


class ResolveEvent(Procedure):
    """The drawer draws the top Event card; its random targets are drawn first, then faith
    may cancel it, else its effects apply; either way it is discarded (8.2)."""

    rule = "8.2"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        card = frame.vars["event"] = data.event_drawn = data.events.draw_pile.pop()
        event = tables().event_of[card]
        drawer = frame.vars["drawer"]
        targets = frame.vars["targets"] = draw_targets(data, event.effects, drawer)
        drawn = [describe_target(t) for t in targets if t is not None]
        state.emit(f"{drawer} draws the {event.colour} event {event.title}"
                   + (f": {', '.join(drawn)}" if drawn else ""), "event")
        if event.faith_cost:
            payers = (drawer,) if event.colour == "red" else clockwise_from(data, data.chairman)
            frame.vars["_stage"] = "cancel"
            call(state, CancelEvent, payers=payers, cost=event.faith_cost, title=event.title)
            return
        self._apply(state, frame)

    def _apply(self, state: State, frame: Frame) -> None:
        frame.vars["_stage"] = "apply"
        effects = tables().event_of[frame.vars["event"]].effects
        call(state, ApplyEffects, effects=effects, drawer=frame.vars["drawer"], chosen_baron=None,
             targets=frame.vars["targets"])

    def resume(self, state: State, frame: Frame, result: object) -> None:
        if frame.vars["_stage"] == "cancel" and not result:
            self._apply(state, frame)
            return
        data: WKData = state.data
        data.events.discard([frame.vars["event"]])
        data.event_drawn = None
        end(state)


class CancelEvent(Decision):
    """Faith cancels the event (8.2): each baron of ``payers`` in turn says how much he adds
    to the pool; once the pledges reach ``cost`` they are paid and the event is cancelled
    (result True); if they never do, nobody pays (result False). A pledge is offered only if
    it, with the faith of the barons still to be asked, can reach the cost."""

    rule = "8.2"
    kind = "cancel_event"
    prompt = "Add faith to cancel the event, or not"

    def start(self, state: State, frame: Frame) -> None:
        frame.vars["_n"] = -1
        frame.vars["_pledged"] = ()
        self._ask_next(state, frame)

    def _pledges(self, state: State, frame: Frame, n: int) -> range:
        faith = state.data.faith
        payers = frame.vars["payers"]
        remaining = frame.vars["cost"] - sum(k for _, k in frame.vars["_pledged"])
        later = sum(faith[b] for b in payers[n + 1:])
        return range(max(1, remaining - later), min(faith[payers[n]], remaining) + 1)

    def _ask_next(self, state: State, frame: Frame) -> None:
        n = frame.vars["_n"] + 1
        while n < len(frame.vars["payers"]) and not self._pledges(state, frame, n):
            n += 1
        if n >= len(frame.vars["payers"]):
            state.emit(f"{frame.vars['title']} is not cancelled", "event")
            end(state, False)
            return
        frame.vars["_n"] = n

    def decider(self, state: State, frame: Frame) -> str:
        return frame.vars["payers"][frame.vars["_n"]]

    def actions(self, state: State, frame: Frame, player: str) -> Sequence[Action]:
        if player != self.decider(state, frame):
            return []
        pledged = sum(k for _, k in frame.vars["_pledged"])
        title, cost = frame.vars["title"], frame.vars["cost"]
        return [*(Action(player, f"add {k} faith to cancel {title} ({pledged} of {cost} pledged)", self.kind, k)
                  for k in self._pledges(state, frame, frame.vars["_n"])),
                Action(player, "add no faith", self.kind, 0)]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        if action.args:
            frame.vars["_pledged"] = pledged = (*frame.vars["_pledged"], (action.player, action.args))
            if sum(k for _, k in pledged) >= frame.vars["cost"]:
                for baron, k in pledged:
                    state.data.faith[baron] -= k
                payers = " and ".join(f"{b} ({k})" for b, k in pledged)
                state.emit(f"{payers} pay faith: {frame.vars['title']} is cancelled", "event")
                end(state, True)
                return
        self._ask_next(state, frame)


# --------------------------------------------------------------------------- 8.3 expeditions

EXPEDITION_RANK: tuple[str, ...] = ("fleet_lost", "no_news", "1x", "2x", "3x", "4x")
"""Expedition results from worst to best: a blessed expedition keeps the better of two
(AMB-17)."""


def _expeditions() -> tuple[Expedition, ...]:
    """The expeditions in the order they resolve: Ceylon, Spice Islands, China (AMB-60)."""
    return tuple(tables().data.expeditions.values())


def _expedition_name(expedition: str) -> str:
    return tables().data.expeditions[expedition].name


class FundExpeditions(Procedure):
    """Launch, fund, bless, advance and resolve the expeditions (8.3)."""

    rule = "8.3"

    def start(self, state: State, frame: Frame) -> None:
        if any(e.id not in state.data.expedition_space for e in _expeditions()):
            frame.vars["_stage"] = "launch"
            call(state, LaunchExpedition)
            return
        self._finish(state, None)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        data: WKData = state.data
        stage = frame.vars["_stage"]
        if stage == "launch":
            if result is None:
                self._finish(state, None)
                return
            frame.vars["launched"] = result
            frame.vars["_stage"] = "stake"
            call(state, Stake, stakers=clockwise_from(data, data.chairman), expedition=result)
            return
        launched = frame.vars["launched"]
        if stage == "stake":
            if not data.expedition_stakes.get(launched):
                state.emit(f"nobody funds {_expedition_name(launched)}: it is not launched", "expedition")  # AMB-18
                self._finish(state, None)
                return
            frame.vars["_stage"] = "bless"
            call(state, Bless, baron=data.head_of_church, expedition=launched)
            return
        self._finish(state, launched)

    def _finish(self, state: State, launched: str | None) -> None:
        """Steps 4-6: the launched marker on space 1, the others on 1 or 2 advance, every
        expedition on its last space resolves."""
        data: WKData = state.data
        for e in _expeditions():
            if data.expedition_space.get(e.id) in (1, 2):
                data.expedition_space[e.id] += 1
                state.emit(f"{e.name} advances to space {data.expedition_space[e.id]}", "expedition")
        if launched is not None:
            data.expedition_space[launched] = 1
            state.emit(f"{_expedition_name(launched)} sets out", "expedition")
        for e in _expeditions():
            if data.expedition_space.get(e.id) == e.spaces:
                resolve_expedition(state, e.id)
        end(state)


def resolve_expedition(state: State, expedition: str) -> None:
    """Fate decides (8.3 step 6): 1 card, 2 if blessed keeping the better; No news waits on
    the last space; Fleet lost and a k x success end it, the stakes go to the treasury, and
    on success each funder receives k x his stake (AMB-36); the blessing's faith is spent."""
    data: WKData = state.data
    fate = tables().fate
    draws = 2 if expedition in data.expedition_blessed else 1
    results = [fate[fate_draw(data)].expedition[expedition] for _ in range(draws)]
    result = max(results, key=EXPEDITION_RANK.index)
    state.emit(f"{_expedition_name(expedition)}: Fate shows {' and '.join(results)}", "expedition")
    if result == "no_news":
        return
    stakes = data.expedition_stakes.pop(expedition, {})
    del data.expedition_space[expedition]
    if expedition in data.expedition_blessed:
        data.expedition_blessed.remove(expedition)
    if result == "fleet_lost":
        return
    multiplier = int(result[0])
    for baron, stake in stakes.items():
        data.crowns[baron] += stake * multiplier
        state.emit(f"{baron} receives {stake * multiplier} crowns", "expedition")


class LaunchExpedition(Choice):
    """The Chairman launches one expedition not under way, or none (8.3 step 1)."""

    rule = "8.3"
    kind = "launch"
    prompt = "Launch an expedition, or none"

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.chairman

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return [e.id for e in _expeditions() if e.id not in state.data.expedition_space] + [None]

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return "launch no expedition" if option is None else f"launch {_expedition_name(option)}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        end(state, option)


def _stake_label(crowns: int, expedition: str) -> str:
    return f"stake {crowns} crowns on {_expedition_name(expedition)}"


@functools.cache
def stake_actions() -> Mapping[tuple[str, str], tuple[Action, ...]]:
    """(baron, expedition) -> his stakes of 0 crowns up to the expedition's most, built once
    (immutable): a stake menu, 0 up to what he has, is the first of them."""
    t = tables()
    return MappingProxyType({
        (baron, e.id): tuple(Action(baron, _stake_label(k, e.id), Stake.kind, k) for k in range(e.max_stake + 1))
        for baron in t.baron_cards for e in t.data.expeditions.values()
    })


class Stake(BaronChoice):
    """Each baron of ``stakers`` in turn (clockwise from the Chairman) stakes 0 to 5 crowns
    on the expedition being launched (8.3 step 2, AMB-45); ``baron`` is the one asked now.
    One procedure asks them all, rather than one started anew for each."""

    rule = "8.3"
    kind = "stake"
    prompt = "Stake crowns on the expedition"

    def start(self, state: State, frame: Frame) -> None:
        stakers = frame.vars["stakers"]
        frame.vars["baron"], frame.vars["stakers"] = stakers[0], stakers[1:]
        super().start(state, frame)

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        most = tables().data.expeditions[frame.vars["expedition"]].max_stake
        return range(min(most, state.data.crowns[frame.vars["baron"]]) + 1)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return _stake_label(option, frame.vars["expedition"])

    def actions(self, state: State, frame: Frame, player: str) -> Sequence[Action]:
        """The prebuilt stakes (:func:`stake_actions`), as many as the options."""
        return stake_actions()[player, frame.vars["expedition"]][:len(frame.vars["options"])]

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        if option:
            baron, expedition = frame.vars["baron"], frame.vars["expedition"]
            data.crowns[baron] -= option
            data.expedition_stakes.setdefault(expedition, {})[baron] = option
            state.emit(f"{baron} stakes {option} crowns on {_expedition_name(expedition)}", "expedition")
        if frame.vars["stakers"]:
            self.start(state, frame)  # the next baron
            return
        end(state)


class Bless(BaronChoice):
    """The Head of the Church may bless the new expedition with 1 faith (8.3 step 3)."""

    rule = "8.3"
    kind = "bless"
    prompt = "Bless the expedition, or not"

    def _cost(self, frame: Frame) -> int:
        return tables().data.expeditions[frame.vars["expedition"]].blessing_faith

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return (True, False) if state.data.faith[frame.vars["baron"]] >= self._cost(frame) else (False,)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        name = _expedition_name(frame.vars["expedition"])
        return f"bless {name} for {self._cost(frame)} faith" if option else f"do not bless {name}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        if option:
            data.faith[frame.vars["baron"]] -= self._cost(frame)
            data.expedition_blessed.append(frame.vars["expedition"])
            data.expedition_blessed.sort()
            state.emit(f"{frame.vars['baron']} blesses {_expedition_name(frame.vars['expedition'])}", "expedition")
        end(state)


# --------------------------------------------------------------------------- 8.4-8.6

UPGRADE_DEFENCES = Effect("upgrade_defences", MappingProxyType(
    {"who": "each_baron", "fortify_crowns": 4, "repair_crowns_per_breach": 2}))
"""8.4 as an effect: each baron clockwise from the Chairman, fortify 4, repair 2 a breach."""
MUSTER_TROOPS = Effect("heal", MappingProxyType({"who": "each_baron", "markers": "all", "crowns_per_marker": 2}))
"""8.5 as an effect: each baron clockwise from the Chairman, any markers of one army, 2 each."""


class _EffectCard(Procedure):
    """A neutral card whose rule is one effect of the vocabulary, applied for every baron."""

    effect: Effect

    def start(self, state: State, frame: Frame) -> None:
        call(state, ApplyEffects, effects=(self.effect,), drawer=None, chosen_baron=None, targets=(None,))

    def resume(self, state: State, frame: Frame, result: object) -> None:
        end(state)


class UpgradeDefences(_EffectCard):
    """Each baron may repair or fortify one city, or repair his stronghold (8.4)."""

    rule = "8.4"
    effect = UPGRADE_DEFENCES


class MusterTroops(_EffectCard):
    """Each baron may heal one army at 2 crowns a casualty marker (8.5)."""

    rule = "8.5"
    effect = MUSTER_TROOPS


class UncertainTimes(Procedure):
    """Shuffle the Fate deck (8.6)."""

    rule = "8.6"

    def start(self, state: State, frame: Frame) -> None:
        shuffle_fate(state)
        state.emit("uncertain times: the Fate deck is shuffled", "card")
        end(state)


PROCEDURES: tuple[type[Procedure], ...] = (ResolveEvent, CancelEvent, LaunchExpedition, Stake, Bless)
"""The procedures of this module that are reached only by ``call``, besides the cards."""
