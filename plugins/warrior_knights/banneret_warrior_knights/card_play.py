"""What is done with the action card being resolved (6.2-6.3): the record of the action
phase's ``card`` procedure. The rules of each card write here what the owner did with it
(moved, fought, declined) and the allocation (6.3) reads it. :class:`BaronCard` is the owner's choice that
opens the resolution of each baron card (7)."""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Any, Mapping, Sequence

import attrs

from banneret.flow import Choice, Frame, end, record
from banneret.state import State
from banneret.types import Action
from banneret_warrior_knights.state import tables

__all__ = ["CardPlay", "current_play", "BaronCard", "DECLINE", "card_actions"]


@attrs.define
class CardPlay:
    """What the owner did with the card being resolved (the card itself lies face up in
    ``WKData.revealed``)."""

    moved: bool = False
    battled: bool = False
    declined: bool = False
    allocated: str | None = None
    """Where it went: a special area, ``hand`` or ``neutral``."""


def current_play(state: State) -> CardPlay:
    """The card being resolved now (called from inside its resolution)."""
    return record(state, CardPlay)


DECLINE = "decline"
DECLINE_LABEL = "decline the card"


@functools.cache
def card_actions(card: "BaronCard") -> Mapping[tuple[str, Any], Action]:
    """(baron, option) -> his action for declining the card and for each of its
    :meth:`~BaronCard.fixed_uses`, built once per card procedure (immutable): a menu of
    them is a look-up per option, not a label formatted again."""
    return MappingProxyType({
        (baron, option): Action(baron, DECLINE_LABEL if option == DECLINE else card.fixed_label(option), card.kind, option)
        for baron in tables().baron_cards for option in (*card.fixed_uses(), DECLINE)
    })


class BaronCard(Choice):
    """A revealed baron card: its owner (frame variable ``baron``, with the card as ``card``)
    picks one of its uses, or declines it."""

    kind = "card"
    prompt = "Use the card or decline it"
    ask_single = True  # declining is always possible, so the owner always chooses
    title = ""
    """The card's title id."""

    def decider(self, state: State, frame: Frame) -> str:
        return frame.vars["baron"]

    def uses(self, state: State, frame: Frame) -> Sequence[Any]:
        """The card's possible uses now (options besides declining)."""
        return ("use",)

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return (*self.uses(state, frame), DECLINE)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return DECLINE_LABEL if option == DECLINE else self.use_label(state, frame, option)

    def action(self, state: State, frame: Frame, player: str, option: Any) -> Action:
        found = card_actions(self).get((player, option))
        return found if found is not None else Action(player, self.use_label(state, frame, option), self.kind, option)

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        """:meth:`action` of each option, the card's table looked up once for the menu."""
        prebuilt = card_actions(self).get
        return [prebuilt((player, o)) or self.action(state, frame, player, o) for o in frame.vars["options"]]

    def fixed_uses(self) -> Sequence[Any]:
        """Every use whose label depends on the use alone (:meth:`fixed_label`), so that its
        actions are built once (:func:`card_actions`); none when the labels read the game."""
        return ("use",)

    def fixed_label(self, option: Any) -> str:
        return f"use {tables().card_titles[self.title]}"

    def use_label(self, state: State, frame: Frame, option: Any) -> str:
        return self.fixed_label(option)

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        if option == DECLINE:
            current_play(state).declined = True
            state.emit(f"{frame.vars['baron']} declines the card", "card")
            end(state)
            return
        self.use(state, frame, option)

    def use(self, state: State, frame: Frame, option: Any) -> None:
        """Carry out the chosen use (and end, or call what it needs)."""
        raise NotImplementedError
