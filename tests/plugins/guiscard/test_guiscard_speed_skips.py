"""Session 16's fast paths beside their plain reference versions (issue 14, Performance): a
charge route's only next hexes taken at once with the board read once, a volley's only
shooters left named at once from the shots searched once, and the phasing player's menus built
with each label asked in one loop. Random games through the public API, played with the fast
path and with the reference, compared at every decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import banneret
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.canonical import state_hash
from banneret.flow import Choice
from banneret_guiscard import charges, fire
from banneret_guiscard.charges import ChargeRoute
from banneret_guiscard.choices import SideChoice
from banneret_guiscard.fire import Volley
from test_guiscard_speed import _random_game

SCENARIOS = ("Open skirmish", "Cavalry charge", "Village fight", "Castle assault", "Siege-methods assault", "Mixed",
             "Placeholder 1", "Sally on the camp", "Stair fight", "House fight")


def _decisions(scenario: str, seed: int, decisions: int) -> list[tuple[str, str, tuple[str, ...]]]:
    """Every decision of a random game: the state's hash, who decides and the labels offered."""
    out = []
    for state in _random_game(scenario, seed, decisions):
        player = banneret.pending(state).players[0]
        out.append((state_hash(state), player, tuple(a.label for a in banneret.legal_actions(state, player))))
    return out


def _same_games(scenario: str, seed: int, decisions: int, monkeypatch: pytest.MonkeyPatch,
                spy: tuple[object, str, Callable[[Any], bool]], plain: tuple[type, str, bool]) -> int:
    """Play the game with a fast path, then with its plain reference switched on (``plain``:
    the class, its switch and the reference's value); assert the same decisions in the same
    states. How many times the fast path took its shortcut: the calls of ``spy`` (a module, a
    function it calls by name, whether a result means the shortcut) that it counted."""
    module, name, shortcut = spy
    real = getattr(module, name)
    taken = 0

    def counting(*args):
        nonlocal taken
        found = real(*args)
        taken += shortcut(found)
        return found

    with monkeypatch.context() as m:
        m.setattr(module, name, counting)
        fast = _decisions(scenario, seed, decisions)
    with monkeypatch.context() as m:
        m.setattr(*plain)
        plain_games = _decisions(scenario, seed, decisions)
    assert fast == plain_games
    return taken


def _routes_both_ways(scenario: str, seed: int, decisions: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """A route's only next hexes taken at once, then each by a plain choice of its own; how
    many were taken at once."""
    return _same_games(scenario, seed, decisions, monkeypatch,
                       (charges, "_route_options", lambda opts: len(opts) == 1 and opts[0][0] == "via"),
                       (ChargeRoute, "follow_forced", False))


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_a_charge_routes_only_next_hexes_taken_at_once_play_the_same_game(scenario, seed):
    """§7.2.1: a route with one next hex and not yet a charge goes on at once, without asking;
    following those hexes in one step of the flow, the board read once, plays the same random
    game as taking each by a choice of its own: the same menus in the same states."""
    with pytest.MonkeyPatch.context() as m:
        _routes_both_ways(scenario, seed, 800, m)


def test_random_games_take_route_hexes_at_once(monkeypatch):
    """The check above is not empty: Cavalry charge's random games declare routes with hexes
    taken at once."""
    assert sum(_routes_both_ways("Cavalry charge", seed, 1500, monkeypatch) for seed in range(2)) > 10


def _volleys_both_ways(scenario: str, seed: int, decisions: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """A volley's only shooters named at once, then each by a plain choice of its own; how
    many menus of a volley offered a single shot to name."""
    return _same_games(scenario, seed, decisions, monkeypatch,
                       (fire, "_volley_options", lambda opts: len(opts) == 1 and opts[0][0] == "name"),
                       (Volley, "follow_forced", False))


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_a_volleys_only_shooters_named_at_once_play_the_same_game(scenario, seed):
    """§5.3: the shooters of a volley are named one at a time and a lone one is named without
    asking; naming those from the shots searched once plays the same random game as naming
    each by a choice of its own that searches them again: the same menus in the same states."""
    with pytest.MonkeyPatch.context() as m:
        _volleys_both_ways(scenario, seed, 800, m)


def test_random_games_name_lone_shooters_at_once(monkeypatch):
    """The check above is not empty: Open skirmish's random games name lone shooters."""
    assert sum(_volleys_both_ways("Open skirmish", seed, 1500, monkeypatch) for seed in range(2)) > 10


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_the_phasing_players_menus_are_the_plain_choices_actions(scenario, seed):
    """At every decision of a random game that the phasing player's choice waits on, the
    actions offered are those :meth:`Choice.actions` builds, one :meth:`Choice.action` per
    option: the same labels, kinds and options, in the same order."""
    compared = 0
    for state in _random_game(scenario, seed, 600):
        proc, frame = state.game.flow.active(state)
        if isinstance(proc, SideChoice):
            player = banneret.pending(state).players[0]
            assert list(banneret.legal_actions(state, player)) == Choice.actions(proc, state, frame, player)
            compared += 1
    assert compared
