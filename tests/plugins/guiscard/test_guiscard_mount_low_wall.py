"""Mounting a horse that stands astride a low wall (§4.4.2, §8.4.2): refused, since the new
rider could neither stop there nor fall back to the hex it left on foot (a random game of the
Mixed scenario once crashed on the fall-back)."""

from __future__ import annotations

from banneret_guiscard.movement import Movement, mount_options
from banneret_guiscard.state import LooseHorse

from test_guiscard_buildings import position
from test_guiscard_movement import foot

N, B = "normans", "byzantines"


def test_no_mounting_a_horse_astride_a_low_wall():
    state = position(foot("tancrede", N, (9, 5)), foot("petros", B, (12, 0)), step=Movement)
    b = state.data
    b.horses = {"arthur": LooseHorse("arthur", (9, 4), 3, N)}     # head west of the wall on 9,4|10,4
    assert mount_options(b, b.pieces["tancrede"], 6) == []
    b.horses = {"arthur": LooseHorse("arthur", (8, 4), 3, N)}     # wholly west of it
    b.pieces["tancrede"] = foot("tancrede", N, (8, 5))
    assert mount_options(b, b.pieces["tancrede"], 6) == ["arthur"]
