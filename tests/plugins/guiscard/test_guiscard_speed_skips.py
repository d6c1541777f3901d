"""Session 16's fast paths beside their plain reference versions (issue 14, Performance): the
defensive-fire window left unopened after a hex where nobody may fire at the mover. Random
games through the public API, played with the fast path and with the reference, compared at
every decision."""

from __future__ import annotations

import banneret
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.canonical import state_hash
from banneret_guiscard import fire
from banneret_guiscard.fire import UnderFire
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


def _both_ways(scenario: str, seed: int, decisions: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """Play the game with empty windows skipped, then with every window opened; assert the
    same decisions, the same states; how many windows the fast path left unopened."""
    skipped = 0
    plain_start = UnderFire.start
    shot = fire.window_shot

    def counting(b, target, hexes):  # the windows the fast path looks at, and leaves unopened
        nonlocal skipped
        found = shot(b, target, hexes)
        skipped += not found
        return found

    with monkeypatch.context() as m:
        m.setattr(fire, "window_shot", counting)
        fast = _decisions(scenario, seed, decisions)
    with monkeypatch.context() as m:
        m.setattr(UnderFire, "open_every_window", True)
        assert UnderFire.start is plain_start
        plain = _decisions(scenario, seed, decisions)
    assert fast == plain
    return skipped


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_a_window_left_unopened_plays_the_same_game_as_one_opened(scenario, seed):
    """§5.3: after each hex a mover enters, the window opens only where someone may fire at
    it; where nobody may, it would ask nobody and close. The same random game played with
    every window opened offers the same menus in the same states at every decision."""
    with pytest.MonkeyPatch.context() as m:
        _both_ways(scenario, seed, 600, m)


def test_random_games_leave_windows_unopened(monkeypatch):
    """The check above is not empty: Open skirmish's random games skip windows, and still
    play the same games as with every window opened."""
    assert sum(_both_ways("Open skirmish", seed, 600, monkeypatch) for seed in range(2)) > 100
