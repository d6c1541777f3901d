"""Cards (1.1, 5.1): the deal, the once-per-campaign redeal, the card phase and the events
that are not movement (Plague; Treason's treachery roll is read by the battle).

The deck is 19 action cards (AP 2/3/4) and 6 event cards (AP printed on each). Seven cards
go to each player at the start of every campaign; the other eleven are set aside.
Cards of the same kind and value are interchangeable, so a player is offered one action per
distinct card in hand ("play AP3"), which plays the first such card in hand order.
"""

from __future__ import annotations

import functools
from typing import Any

from banneret import Action, Frame, Pending, Procedure, State
from banneret.flow import end

from banneret_richard3.state import HOUSES, R3State, other, tables


def eliminate(state: State, block: str, why: str) -> None:
    from banneret_richard3.battle import eliminate as _eliminate  # 6.8 lives with the battle

    _eliminate(state, block, why)

__all__ = [
    "HAND_SIZE", "REDEAL_MAX_AP", "EVENT_TITLES", "DealCards", "Redeal", "CardPhase",
    "card_label", "hand_ap", "may_redeal", "player_one", "play_options", "plague_targets", "plague",
]

HAND_SIZE = 7  # 5.1 / front matter
REDEAL_MAX_AP = 13  # 5.1: a hand worth 13 AP or less may be redealt
EVENT_TITLES = {
    "surprise": "Surprise", "force_march": "Force March", "muster": "Muster",
    "piracy": "Piracy", "treason": "Treason", "plague": "Plague",
}


@functools.cache
def _labels() -> dict[str, str]:
    """Card id -> :func:`card_label` (built once: every card played is named in the log)."""
    out = {}
    for card in tables().cards.values():
        out[card.id] = f"AP{card.ap}" if card.event is None else f"{EVENT_TITLES[card.event]} (AP{card.ap})"
    return out


def card_label(card_id: str) -> str:
    """Short public name of a card: "AP3" or "Plague (AP0)"."""
    return _labels()[card_id]


def hand_ap(d: R3State, house: str) -> int:
    """Total AP of a hand, event cards at their printed value (5.1)."""
    cards = tables().cards
    return sum(cards[c].ap for c in d.hands[house])


def may_redeal(d: R3State, house: str) -> bool:
    """5.1: a hand of 13 AP or less, once per campaign."""
    return not d.redeal_used[house] and hand_ap(d, house) <= REDEAL_MAX_AP


def _deal(state: State, houses: tuple[str, ...]) -> None:
    """Shuffle every card not held by a player who keeps his hand and deal 7 to ``houses``."""
    d: R3State = state.data
    keep = [h for h in HOUSES if h not in houses]
    kept = {c for h in keep for c in d.hands[h]}
    deck = [c for c in tables().card_ids if c not in kept]
    state.rng.shuffle(deck)
    for h in houses:
        d.hands[h] = sorted(deck[:HAND_SIZE], key=_hand_order().__getitem__)
        d.played = []
        deck = deck[HAND_SIZE:]
    d.set_aside = sorted(deck, key=_hand_order().__getitem__)


@functools.cache
def _hand_order() -> dict[str, tuple[int, int, str]]:
    """Card id -> its sort key in a hand: action cards by AP, then the events (built once)."""
    return {c.id: (1 if c.event else 0, c.ap, c.id) for c in tables().cards.values()}


class DealCards(Procedure):
    """Shuffle all 25 cards and deal seven to each player (5.1, 8.5)."""

    rule = "5.1"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        d.turn = 0
        d.phase = "card"
        d.redeal_used = {h: False for h in HOUSES}
        _deal(state, HOUSES)
        for h in HOUSES:
            state.emit(f"{h} is dealt: " + ", ".join(map(_labels().__getitem__, d.hands[h])),
                       "deal", only=(h,), public=f"{h} is dealt seven cards")
        end(state)


class Redeal(Procedure):
    """Each player may redeal a hand of 13 AP or less, once per campaign (5.1, A-10).

    Asked before the first card phase; the opponent then keeps his hand or has it redealt
    too.

    Both players are always asked (a player who may not redeal is offered only "keep hand"),
    so whether a player could redeal is not given away by who is asked."""

    rule = "5.1"

    def start(self, state: State, frame: Frame) -> None:
        frame.vars["asked"] = ()  # houses that answered in this round
        frame.vars["called"] = ()  # houses that called a redeal in this round
        frame.vars["answer"] = ()  # opponents asked "keep or redeal too"

    def pending(self, state: State, frame: Frame) -> Pending:
        answer = frame.vars["answer"]
        if answer:
            return Pending((answer[0],), "redeal-too", "Your opponent redeals: keep your hand or redeal too?")
        waiting = tuple(h for h in HOUSES if h not in frame.vars["asked"])
        return Pending(waiting, "redeal", "Keep your hand, or redeal it (13 AP or less, once a campaign)")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        if frame.vars["answer"]:
            return [Action(player, "keep hand", "keep"), Action(player, "redeal too", "redeal-too")]
        out = [Action(player, "keep hand", "keep")]
        if may_redeal(state.data, player):
            out.append(Action(player, "redeal hand", "redeal"))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d: R3State = state.data
        h = action.player
        if frame.vars["answer"]:
            houses = tuple(frame.vars["called"])
            if action.kind == "redeal-too":
                houses = HOUSES
                state.emit(f"{h} has its hand redealt too", "redeal")
            else:
                state.emit(f"{h} keeps its hand", "redeal")
            self._redeal(state, frame, houses)
            return
        frame.vars["asked"] = frame.vars["asked"] + (h,)
        if action.kind == "redeal":
            frame.vars["called"] = frame.vars["called"] + (h,)
        state.emit(f"{h} chooses to {action.label}", "redeal", only=(h,), public=f"{h} has decided")
        if len(frame.vars["asked"]) < len(HOUSES):
            return  # the answers are revealed together
        called = frame.vars["called"]
        for c in called:
            d.redeal_used[c] = True
            hand = ", ".join(map(_labels().__getitem__, d.hands[c]))
            state.emit(f"{c} shows its hand ({hand}, {hand_ap(d, c)} AP) and calls a redeal", "redeal", reveal=True)
        if not called:
            end(state)
        elif len(called) == len(HOUSES):
            self._redeal(state, frame, HOUSES)
        else:
            frame.vars["answer"] = (other(called[0]),)

    def _redeal(self, state: State, frame: Frame, houses: tuple[str, ...]) -> None:
        d: R3State = state.data
        _deal(state, tuple(h for h in HOUSES if h in houses))
        for h in houses:
            state.emit(f"{h} is redealt: " + ", ".join(map(_labels().__getitem__, d.hands[h])),
                       "deal", only=(h,), public=f"{h} is redealt seven cards")
        # another round: a player whose new hand qualifies may still use his own redeal
        frame.vars["asked"] = tuple(h for h in HOUSES if d.redeal_used[h])
        frame.vars["called"] = ()
        frame.vars["answer"] = ()
        if len(frame.vars["asked"]) == len(HOUSES):
            end(state)


def play_options(d: R3State, house: str) -> list[str]:
    """One card id per distinct card (kind, AP, event) in the hand, in hand order."""
    seen: set[int] = set()
    out = []
    kinds = _card_kinds()
    for c in d.hands[house]:
        key = kinds[c]
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


@functools.cache
def _card_kinds() -> dict[str, int]:
    """Card id -> a number per (kind, AP, event), shared by identical cards (an int: quick to
    hash in :func:`play_options`)."""
    numbers: dict[tuple[Any, ...], int] = {}
    return {c.id: numbers.setdefault((c.kind, c.ap, c.event), len(numbers)) for c in tables().cards.values()}


def player_one(d: R3State, card_l: str, card_y: str) -> str:
    """1.1: the higher card; an event beats any action card; between events the higher AP;
    a tie goes to the PRETENDER."""
    cards = tables().cards
    kl = (1 if cards[card_l].event else 0, cards[card_l].ap)
    ky = (1 if cards[card_y].event else 0, cards[card_y].ap)
    if kl > ky:
        return "lancaster"
    if ky > kl:
        return "york"
    return d.pretender


_CARD_PENDING = {
    w: Pending(w, "card", "Choose a card to play face-down") for w in (HOUSES, HOUSES[:1], HOUSES[1:])
}


@functools.cache
def _play_actions() -> dict[str, dict[str, Action]]:
    """House -> card id -> the action of that house playing it (made once, reused every card phase)."""
    return {h: {c: Action(h, f"play {label}", "card", c) for c, label in _labels().items()} for h in HOUSES}


class CardPhase(Procedure):
    """Both play a card face-down, revealed together; the higher card is Player 1 (1.1)."""

    rule = "1.1"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        d.new_game_turn()
        d.turn += 1
        d.phase = "card"
        state.emit(f"campaign {d.campaign}, game turn {d.turn}", "turn")

    def pending(self, state: State, frame: Frame) -> Pending:
        chosen = state.data.chosen
        if not chosen:
            return _CARD_PENDING[HOUSES]
        return _CARD_PENDING[HOUSES[1:] if HOUSES[0] in chosen else HOUSES[:1]]  # the other one

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        return list(map(_play_actions()[player].__getitem__, play_options(state.data, player)))

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d: R3State = state.data
        h = action.player
        d.chosen[h] = action.args
        state.emit(f"{h} plays {_labels()[action.args]} face-down", "card", only=(h,),
                   public=f"{h} plays a card face-down")
        if len(d.chosen) < len(HOUSES):
            return
        reveal(state)
        end(state)


def reveal(state: State) -> None:
    """Turn both chosen cards face-up and settle Player 1 and the action points."""
    d: R3State = state.data
    cards = tables().cards
    for h in HOUSES:
        c = d.chosen[h]
        d.hands[h].remove(c)
        d.cards[h] = c
        d.played.append(c)
    d.chosen = {}
    d.player1 = player_one(d, d.cards["lancaster"], d.cards["york"])
    for h in HOUSES:
        card = cards[d.cards[h]]
        # an event's AP serve only that event; Piracy's AP are its sea moves, the other
        # events give one use.
        d.ap[h] = card.ap if card.event in (None, "piracy") else 1
        if card.event == "treason":
            d.treason = h
    labels = _labels()
    state.emit(
        f"cards revealed: lancaster {labels[d.cards['lancaster']]}, york {labels[d.cards['york']]};"
        f" {d.player1} is Player 1", "card", reveal=True,
    )


# --------------------------------------------------------------------------- Plague (5.1)


def plague_targets(d: R3State, house: str, reading: str = "occupied") -> list[str]:
    """Areas the Plague card may name (A-5): with "occupied", an area containing a city and
    occupied by the enemy alone; with "colour", an area containing a city of the enemy's
    colour that holds any block."""
    t = tables()
    enemy = other(house)
    out = []
    for area in t.areas:
        cities = t.cities[area]
        if not cities:
            continue
        if reading == "colour":
            if any(t.map.cities[c].house == enemy for c in cities) and d.at[area]:
                out.append(area)
        elif d.is_enemy(area, house):
            out.append(area)
    return out


def plague(state: State, house: str, area: str) -> int:
    """Every block in ``area`` loses one step, even if that eliminates it (5.1). Returns the
    number of blocks eliminated."""
    d: R3State = state.data
    dead = 0
    for b in d.at[area]:
        if d.steps[b] > 1:
            d.steps[b] -= 1
        else:
            eliminate(state, b, "dies of plague")
            dead += 1
    state.emit(f"{house} plays Plague on {area}: every block there loses a step ({dead} eliminated)", "event")
    return dead
