"""Crossfire (§8.3.5, §8.3.6, S-12) on the Village map, with exact outcomes: the owner of a
character in a doorway or on an outer corner chooses, when the first shot its cover could meet
reaches it, what that cover holds against for the game turn: the doorway's side, or the one
shooter at the corner; without a threat from elsewhere the choice is made at once.

Landmarks: the outer corner 1,2 (seen along the north wall from 3,2, along the west side from
-1,4); the house's south door hex 5,5, its door towards the street hex 4,6 (4,7 fires through
it from outside, 4,4 from inside).
"""

from __future__ import annotations

import banneret
from banneret.agents import Seat
from banneret_guiscard.agent import HeuristicAgent
from banneret_guiscard.fire import fire_cover

from test_guiscard_board_state import notes, panel, svg
from test_guiscard_buildings import B, N, cover, position
from test_guiscard_fire import fire_with
from test_guiscard_movement import GAME, force_dice, foot, labels, play, rider


def fire_log(state: banneret.State) -> list[str]:
    return [e.text for e in state.log if e.kind == "fire"]


def corner_under_crossfire() -> banneret.State:
    """S-12: Stephanos (3,2) and Radomir (-1,4) each see one face of the building round the
    cataphract Argyris on the corner 1,2 (his rear on 1,1)."""
    return position(foot("stephanos", N, (3, 2)), foot("radomir", N, (-1, 4)), rider("argyris", B, (1, 2), 5))


def cover_of(state: banneret.State, shooter: str) -> str | None:
    """The cover of a composite bow's shot from ``shooter`` at the corner 1,2, as targeting reads it."""
    b = state.data
    return fire_cover(b, b.pieces[shooter], b.tables.data.weapons["composite_bow"], (1, 2))


def test_both_archers_see_the_corner_along_one_face_each():
    assert cover((3, 2), (1, 2)) == "medium" and cover((-1, 4), (1, 2)) == "medium"


def test_s12_the_owner_designates_one_archer_that_shot_has_medium_cover_the_other_none():
    expected = {
        "stephanos": ["stephanos fires composite bow at 1,2 (short range)", "argyris covered against stephanos this turn",
                      "argyris (medium cover): d10 10 -> A",
                      "radomir fires short bow at 1,2 (short range)", "argyris (none cover): d10 10 -> B"],
        "radomir": ["stephanos fires composite bow at 1,2 (short range)", "argyris covered against radomir this turn",
                    "argyris (none cover): d10 10 -> C",
                    "radomir fires short bow at 1,2 (short range)", "argyris (medium cover): d10 10 -> A"],
    }
    for held, log in expected.items():
        state = corner_under_crossfire()
        force_dice(state, 10)                                   # Argyris stays on the corner to be shot again
        fire_with(state, "stephanos", "composite bow at argyris on 1,2")
        assert banneret.pending(state).kind == "hold-cover" and banneret.pending(state).players == (B,)
        assert labels(state) == ["argyris covered against stephanos", "argyris covered against radomir"]
        play(state, f"argyris covered against {held}")
        force_dice(state, 10)
        fire_with(state, "radomir", "short bow at argyris on 1,2")
        assert fire_log(state) == log
        assert state.data.cover_held["argyris"] == (1, (1, 2), held)


def test_a_lone_shooter_along_the_wall_meets_the_corners_cover_without_a_question():
    state = position(foot("stephanos", N, (3, 2)), rider("argyris", B, (1, 2), 5))
    force_dice(state, 10)
    fire_with(state, "stephanos", "composite bow at argyris on 1,2")
    assert banneret.pending(state).kind != "hold-cover"
    assert fire_log(state)[-1] == "argyris (medium cover): d10 10 -> A"
    assert state.data.cover_held["argyris"] == (1, (1, 2), "stephanos")


def test_the_corners_choice_lasts_the_game_turn_only():
    state = corner_under_crossfire()
    force_dice(state, 10)
    fire_with(state, "stephanos", "composite bow at argyris on 1,2")
    play(state, "argyris covered against radomir")
    b = state.data
    assert cover_of(state, "stephanos") == "none" and cover_of(state, "radomir") == "medium"
    b.turn += 1                                                 # a new game turn: his owner chooses again
    assert cover_of(state, "stephanos") == "medium" and cover_of(state, "radomir") == "medium"


def test_both_boards_show_the_choice_for_the_game_turn_it_holds():
    state = corner_under_crossfire()
    assert state.data.cover_held == {} and notes(GAME.render(state, None), "cover: ") == []
    force_dice(state, 10)
    fire_with(state, "stephanos", "composite bow at argyris on 1,2")
    play(state, "argyris covered against radomir")
    note = "argyris on 1,2 holds against radomir this turn"
    assert banneret.view(state, N)["board"]["cover_held"] == {"argyris": {"hex": [1, 2], "against": "radomir"}}
    assert notes(GAME.render(state, None), "cover: ") == [note]
    assert f"cover: {note}" in panel(svg(state))
    state.data.turn += 1                                        # the next game turn: nothing held yet
    assert banneret.view(state, N)["board"]["cover_held"] == {}
    assert notes(GAME.render(state, None), "cover: ") == []


def doorway_under_crossfire() -> banneret.State:
    """Okeanos in the doorway 5,5: Stephanos outside (4,7) fires through the door, Olivier
    inside (4,4) across the room."""
    return position(foot("stephanos", N, (4, 7)), foot("olivier", N, (4, 4)), foot("okeanos", B, (5, 5)))


def test_the_doorway_covers_one_side_the_owner_chooses_under_crossfire():
    for held, outside, inside in (("outside", "medium cover): d10 1 -> E", "none cover): d10 1 -> F"),
                                  ("inside", "none cover): d10 1 -> F", "medium cover): d10 1 -> D")):
        state = doorway_under_crossfire()
        force_dice(state, 1)
        play(state, "fire with stephanos")
        assert labels(state) == ["okeanos covered against the outside", "okeanos covered against the inside"]
        play(state, f"okeanos covered against the {held}")
        force_dice(state, 1)
        play(state, "fire with olivier")
        assert [line for line in fire_log(state) if line.startswith("okeanos (")] == [
            f"okeanos ({outside}", f"okeanos ({inside}"], held


def test_a_doorway_fired_on_from_one_side_only_holds_that_side_at_once():
    state = position(foot("stephanos", N, (4, 7)), foot("okeanos", B, (5, 5)))
    force_dice(state, 1)
    play(state, "fire with stephanos")
    assert banneret.pending(state).kind != "hold-cover"
    assert any(line.startswith("okeanos (medium cover)") for line in fire_log(state))
    assert state.data.cover_held["okeanos"] == (1, (5, 5), "outside")


def test_the_heuristic_agent_holds_the_cover_against_the_shot_being_resolved():
    state = corner_under_crossfire()
    force_dice(state, 10)
    fire_with(state, "stephanos", "composite bow at argyris on 1,2")
    assert HeuristicAgent(0).choose(Seat(state, B)).label == "argyris covered against stephanos"
