"""The owner places an unhorsed rider (§6.8) on the Test Field, with exact outcomes: a decision
of fire and melee resolution offering every legal place beside the horse, none when only one
is legal, a friend pushed when no place is free; the heuristic agent lands away from the enemy.

Alexio rides with his head on 9,5 and his rear on 8,5 (facing 0). The hexes round his horse are
8,4 8,6 9,4 9,6 10,4 10,5 7,5 7,6; stunned friends (who attack nobody) fill the ones a test
closes.
"""

from __future__ import annotations

import banneret
from banneret.agents import Seat
from banneret_guiscard.agent import HeuristicAgent
from banneret_guiscard.state import Piece

from test_guiscard_fire import B, N, fire_with, position
from test_guiscard_melee import melee
from test_guiscard_movement import force_dice, foot, labels, play, rider

AROUND = [(8, 4), (8, 6), (9, 4), (9, 6), (10, 4), (10, 5), (7, 6)]
"""The hexes round Alexio's horse but the archer's own 7,5."""
FRIENDS = ["nikolaos", "theodoros", "basileios", "leon", "kosmas", "ioannes", "demetrios"]


def shot_at_alexio(*free: tuple[int, int], extra: tuple[Piece, ...] = ()) -> banneret.State:
    """Stephanos (7,5) shoots a D at Alexio, whose horse dies (§5.4.3): only ``free`` of the
    hexes round the horse are left empty."""
    closed = [h for h in AROUND if h not in free]
    friends = [foot(pid, B, h, "stunned") for pid, h in zip(FRIENDS, closed)]
    state = position(foot("stephanos", N, (7, 5)), rider("alexio", B, (9, 5), 0), *friends, *extra)
    force_dice(state, 7)                     # mounted table, composite bow short, no cover: D
    fire_with(state, "stephanos", "composite bow at alexio on 9,5")
    return state


def test_the_owner_picks_between_two_free_hexes_and_lands_exactly_there():
    for label, where in (("alexio lands on 8,6", (8, 6)), ("alexio lands on 9,6", (9, 6))):
        state = shot_at_alexio((8, 6), (9, 6))
        assert banneret.pending(state).kind == "unhorse" and banneret.pending(state).players == (B,)
        assert labels(state) == ["alexio lands on 8,6", "alexio lands on 9,6"]
        play(state, label)
        alexio = state.data.pieces["alexio"]
        assert (alexio.hex, alexio.health, alexio.mounted) == (where, "stunned", False)
        assert "alexio" not in state.data.horses and state.data.bodies[(9, 5)] == (0, 1)
        assert banneret.pending(state).kind != "unhorse"   # the shot is over


def test_one_legal_place_offers_no_decision():
    state = shot_at_alexio((10, 4))
    assert banneret.pending(state).kind != "unhorse"
    alexio = state.data.pieces["alexio"]
    assert (alexio.hex, alexio.health, alexio.mounted) == ((10, 4), "stunned", False)


def test_with_no_free_hex_the_owner_picks_the_friend_pushed():
    state = shot_at_alexio()
    assert banneret.pending(state).kind == "unhorse"
    offered = labels(state)
    assert "alexio lands on 9,6, pushing leon to 8,7" in offered and len(offered) > 1
    play(state, "alexio lands on 9,6, pushing leon to 8,7")
    b = state.data
    assert b.pieces["alexio"].hex == (9, 6) and b.pieces["leon"].hex == (8, 7)


def test_enemies_all_round_kill_the_rider_without_a_decision():
    state = position(foot("stephanos", N, (7, 5)), rider("alexio", B, (9, 5), 0),
                     *(foot(pid, N, h, "stunned") for pid, h in zip(
                         ["romaric", "milo", "olivier", "guillaume", "gautier", "apolline", "robert"], AROUND)))
    force_dice(state, 7)
    fire_with(state, "stephanos", "composite bow at alexio on 9,5")
    assert banneret.pending(state).kind != "unhorse" and state.data.pieces["alexio"].health == "dead"


def test_in_melee_the_owner_places_the_rider_stunned_off_his_horse():
    # Abbas (head 8,5, rear 7,5) attacks Okeanos and gets B: stunned, he falls off his horse,
    # which stays riderless (§6.8); the Normans, his side, place him
    for label, where in (("abbas lands on 7,4", (7, 4)), ("abbas lands on 7,6", (7, 6))):
        closed = [(6, 5), (6, 6), (8, 4), (8, 6), (9, 4)]
        friends = [foot(pid, N, h, "stunned") for pid, h in zip(["romaric", "milo", "olivier", "guillaume", "gautier"], closed)]
        state = melee(rider("abbas", N, (8, 5), 0), foot("okeanos", B, (9, 5)), *friends)
        force_dice(state, 9)                                  # difference 7: 5/8, 9+1 (armour) -> B
        play(state, "attack okeanos")
        assert banneret.pending(state).players == (N,)
        assert labels(state) == ["abbas lands on 7,4", "abbas lands on 7,6"]
        play(state, label)
        b = state.data
        assert (b.pieces["abbas"].hex, b.pieces["abbas"].health, b.pieces["abbas"].mounted) == (where, "stunned", False)
        assert b.horses["abbas"].head == (8, 5)


def test_the_heuristic_agent_lands_away_from_the_enemy():
    state = shot_at_alexio((8, 4), (10, 4))     # 8,4 is next to the archer, 10,4 is not
    assert labels(state) == ["alexio lands on 10,4", "alexio lands on 8,4"]
    assert HeuristicAgent(0).choose(Seat(state, B)).label == "alexio lands on 10,4"
