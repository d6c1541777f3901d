"""The action menu's hints (movement._MOVE_HINTS, _RECRUIT_HINTS) speed it up and never change it.

The menu offers "land move", "sea move" and "recruit" when at least one such action exists;
to answer quickly it first tries the area or block that answered "yes" last time, in any
game. Whatever the hints hold, the menu must be the same, and each kind it offers (or not)
must agree with the full list the next decision shows.
"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

import banneret
from banneret_richard3 import movement
from banneret_richard3.state import tables

AREAS = tables().areas


def _menu(state: banneret.State, house: str) -> list[str]:
    frame = state.stack[-1]
    return [a.label for a in movement.Actions()._menu(state, frame, house)]


def _hint_sets(d, house: str) -> list[tuple[dict, dict]]:
    """Every single-valued hint the menu might meet: each area as the move hint, each block
    the house may recruit as the recruit hint (the hints' contract), most of them wrong here."""
    mt = movement._mt()
    sets = [({key: (a, a) for key in ((house, False), (house, True))}, {}) for a in AREAS]
    sets += [({}, {(d.king, house): b}) for b in mt.recruitable_by[(d.king, house)]]
    return sets


def _check_menu(state: banneret.State, house: str) -> None:
    d = state.data
    as_played = _menu(state, house)
    movement._MOVE_HINTS.clear()
    movement._RECRUIT_HINTS.clear()
    assert _menu(state, house) == as_played
    for moves, recruits in _hint_sets(d, house):
        movement._MOVE_HINTS.update(moves)
        movement._RECRUIT_HINTS.update(recruits)
        assert _menu(state, house) == as_played, (moves, recruits)
    event = d.card_event(house)
    if event in ("plague", "muster"):
        return
    bombard_sea = bool(state.options.get("bombard_sea_moves", False))
    recruiting = state.stack[-1].vars["recruiting"]
    land = event in movement._LAND_EVENTS and bool(movement._land_actions(d, house, event))
    sea = event in movement._SEA_EVENTS and bool(movement._sea_actions(d, house, event == "piracy", bombard_sea))
    recruit = event is None and bool(movement._recruit_actions(d, house))
    kinds = {a.args for a in banneret.legal_actions(state, house) if a.kind == "pick"}
    assert kinds == {k for k, on in (("land", land and not recruiting), ("sea", sea and not recruiting),
                                     ("recruit", recruit)) if on}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), options=st.sampled_from([{}, {"bombard_sea_moves": True}]))
def test_the_menu_is_the_same_whatever_the_hints_hold(seed: int, options: dict[str, bool]) -> None:
    state = banneret.new_game("richard3", seed=seed, options=options)
    rnd = random.Random(seed)
    menus = 0
    while banneret.pending(state).players:
        now = banneret.pending(state)
        player = now.players[0]
        if now.kind == "action-menu":
            _check_menu(state, player)
            menus += 1
        actions = banneret.legal_actions(state, player)
        banneret.apply(state, actions[rnd.randrange(len(actions))])
    assert menus > 0
