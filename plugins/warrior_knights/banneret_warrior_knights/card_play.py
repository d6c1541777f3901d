"""What is done with the action card being resolved (6.2-6.3): the record of the action
phase's ``card`` procedure. The rules of each card write here what the owner did with it
(moved, fought, declined) and the allocation (6.3) reads it. :class:`BaronCard` is the owner's choice that
opens the resolution of each baron card (7)."""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Any, Mapping, Sequence

import attrs

from banneret.flow import Choice, Frame, end, record, var
from banneret.state import State
from banneret.types import Action
from banneret_warrior_knights.state import tables

__all__ = ["CardPlay", "current_play", "BaronCard", "DECLINE"]


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
def decline_actions() -> Mapping[str, Action]:
    """Each baron's action declining the card he revealed, built once (immutable)."""
    return MappingProxyType({
        baron: Action(baron, DECLINE_LABEL, BaronCard.kind, DECLINE) for baron in tables().baron_cards
    })


class BaronCard(Choice):
    """A revealed baron card: its owner picks one of its uses, or declines it."""

    kind = "card"
    prompt = "Use the card or decline it"
    ask_single = True  # declining is always possible, so the owner always chooses
    title = ""
    """The card's title id."""

    def decider(self, state: State, frame: Frame) -> str:
        return var(state, "baron")

    def uses(self, state: State, frame: Frame) -> Sequence[Any]:
        """The card's possible uses now (options besides declining)."""
        return ("use",)

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return (*self.uses(state, frame), DECLINE)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return DECLINE_LABEL if option == DECLINE else self.use_label(state, frame, option)

    def action(self, state: State, frame: Frame, player: str, option: Any) -> Action:
        if option == DECLINE:
            return decline_actions()[player]
        return self.use_action(state, frame, player, option)

    def use_action(self, state: State, frame: Frame, player: str, option: Any) -> Action:
        """The action offering a use (override to reuse prebuilt actions)."""
        return Action(player, self.use_label(state, frame, option), self.kind, option)

    def use_label(self, state: State, frame: Frame, option: Any) -> str:
        return f"use {tables().card_titles[self.title]}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        if option == DECLINE:
            current_play(state).declined = True
            state.emit(f"{var(state, 'baron')} declines the card", "card")
            end(state)
            return
        self.use(state, frame, option)

    def use(self, state: State, frame: Frame, option: Any) -> None:
        """Carry out the chosen use (and end, or call what it needs)."""
        raise NotImplementedError
