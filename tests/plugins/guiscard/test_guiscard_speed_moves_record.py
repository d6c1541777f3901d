"""Session 17's fast paths beside their plain reference versions (issue 14, Performance): a
move's record keeps the enemies who may still fire defensively at it (found at its first
window, asked again after a volley), and a window none of them could reach the mover in is not
opened. Random games through the public API, compared at every window and every decision."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret_guiscard import fire, movement
from banneret_guiscard.fire import UnderFire, defensive_shots, move_shooters
from banneret_guiscard.movement import MoveRecord, enemy_hexes
from banneret_guiscard.state import Battle
from test_guiscard_fire import B, N, moving
from test_guiscard_movement import force_dice, foot, labels, play
from test_guiscard_speed import _random_game
import test_guiscard_speed_skips
from test_guiscard_speed_skips import SCENARIOS, _same_games


def _windows_checked(scenario: str, seed: int, decisions: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Play a random game; wherever a move's window looks up the move's shooters (to open
    the window or not), compare them with a fresh scan of every enemy
    (:func:`fire.move_shooters`), and the shots they give with the plain search
    (:func:`fire.defensive_shots`, every enemy asked every test); wherever a step's menu looks
    up the hexes the enemies close, compare them with :func:`movement.enemy_hexes`. How many
    look-ups were compared, and how many of them found the record kept after a volley at the
    same move."""
    real = fire._shooters
    compared = after_volley = 0
    volleyed: set[int] = set()

    def checked(b: Battle, rec: MoveRecord) -> fire.MoveShooters:
        nonlocal compared, after_volley
        kept = rec.shooters is not None
        found = real(b, rec)
        assert found == move_shooters(b, b.pieces[rec.mover].side)
        for mover in (rec.mover, rec.partner) if rec.partner else (rec.mover,):
            target = b.pieces[mover]
            assert list(fire._defensive_shots(b, target, (), found)) == defensive_shots(b, target)
        compared += 1
        after_volley += kept and id(rec) in volleyed
        return found

    real_respond = fire.DefensiveFire.respond

    def respond(self, state, frame, action):
        volleyed.update(id(f.record) for f in state.stack if isinstance(f.record, MoveRecord))
        real_respond(self, state, frame, action)

    real_blocked = movement._blocked

    def blocked_checked(b: Battle, rec: MoveRecord) -> frozenset:
        nonlocal compared, after_volley
        kept = rec.blocked is not None
        found = real_blocked(b, rec)
        assert found == enemy_hexes(b, b.pieces[rec.mover].side)
        compared += 1
        after_volley += kept and id(rec) in volleyed
        return found

    with monkeypatch.context() as m:
        m.setattr(fire, "_shooters", checked)
        m.setattr(movement, "_blocked", blocked_checked)
        m.setattr(fire.DefensiveFire, "respond", respond)
        for _ in _random_game(scenario, seed, decisions):
            pass
    return compared, after_volley


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_a_moves_shooters_and_closed_hexes_are_the_plain_scans_at_every_step(scenario, seed):
    """§5.3, §4.2: wherever a move's record gives the enemies who may still fire at it (able,
    not fired this phase, armed, a weapon their moves and attacks leave them, A-09) or the
    hexes the enemies close to it, they are those a fresh scan of every enemy finds, and the
    shots they give are those the plain search of every enemy gives: nothing a move does
    between two volleys changes them."""
    with pytest.MonkeyPatch.context() as m:
        _windows_checked(scenario, seed, 800, m)


def test_random_games_keep_a_moves_shooters_across_a_volley(monkeypatch):
    """The check above is not empty, and reaches windows after a volley at the same move (the
    record is asked again then): Open skirmish's random games."""
    compared = after_volley = 0
    for seed in range(3):
        c, a = _windows_checked("Open skirmish", seed, 1500, monkeypatch)
        compared, after_volley = compared + c, after_volley + a
    assert compared > 100 and after_volley > 3


def _windows_both_ways(scenario: str, seed: int, decisions: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """The windows no shooter of the move could reach the mover in left unopened, then every
    window opened: the same decisions in the same states (:func:`_same_games`); how many
    windows were left unopened."""
    opened = []
    real = fire.DefensiveFire.start

    def counting(self, state, frame):
        opened[-1] += 1
        real(self, state, frame)

    monkeypatch.setattr(fire.DefensiveFire, "start", counting)
    opened.append(0)  # the fast run's, then the plain run's
    real_decisions = test_guiscard_speed_skips._decisions

    def decisions_counted(*args):
        found = real_decisions(*args)
        opened.append(0)
        return found

    monkeypatch.setattr(test_guiscard_speed_skips, "_decisions", decisions_counted)
    _same_games(scenario, seed, decisions, monkeypatch, (fire, "_move_shooters_in_reach", lambda found: False),
                (UnderFire, "skip_unreached", False))
    monkeypatch.undo()
    fast, plain = opened[0], opened[1]
    assert fast <= plain
    return plain - fast


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_a_window_nobody_could_reach_the_mover_in_left_unopened_plays_the_same_game(scenario, seed):
    """§5.3: the window after each hex entered asks nobody where no enemy could reach the
    mover; not opening it there plays the same random game as opening every window: the same
    menus in the same states."""
    with pytest.MonkeyPatch.context() as m:
        _windows_both_ways(scenario, seed, 800, m)


def test_random_games_leave_windows_unopened(monkeypatch):
    """The check above is not empty: Open skirmish's random games leave windows unopened."""
    assert sum(_windows_both_ways("Open skirmish", seed, 1500, monkeypatch) for seed in range(2)) > 50


def test_a_volley_that_fells_an_enemy_beside_the_mover_opens_his_hex_to_it():
    """§5.4, §4.2: a stray shot of a volley at a mover that kills the enemy beyond it frees
    that enemy's hex: the mover's next steps, read from its move's record, include it (the
    record asks the enemies again after every volley)."""
    state = moving(foot("milo", N, (8, 6)), foot("stephanos", B, (12, 5)), foot("karim", B, (7, 5)))
    play(state, "move milo", "to 8,5 (1 MP)")
    rec = state.stack[-2].record
    assert (7, 5) in rec.blocked and [s[0] for s in rec.shooters] == ["stephanos"]
    force_dice(state, 7, 1)  # P-03: 7, one hex beyond the aimed hex (karim's); then F: killed
    play(state, "fire at milo")  # stephanos alone: named and fired at once
    assert state.data.pieces["karim"].health == "dead" and state.data.pieces["milo"].alive
    assert any(label.startswith("to 7,5 ") for label in labels(state))
    assert state.stack[-1].record.blocked == enemy_hexes(state.data, N)
