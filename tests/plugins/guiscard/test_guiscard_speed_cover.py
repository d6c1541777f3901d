"""The premise of fire's cover shortcut (issue 14, Performance): on a map whose lines of fire
the terrain alone fixes (``Tables.sight_lines``, no §8-§9 structure), the buildings' and the
castles' cover rules leave every cover as the terrain gives it, so ``fire._cover`` skips them
there. Checked on every such scenario's map for every line between two of its hexes, and at
the decisions of random games for the lines between the characters."""

from __future__ import annotations

import pytest

from banneret_guiscard.buildings import structure_cover
from banneret_guiscard.castles import castle_cover
from banneret_guiscard.data_model import load_data
from banneret_guiscard.fire import COVERS
from banneret_guiscard.state import Battle, new_battle, tables_for
from test_guiscard_speed import _random_game

PLAIN = tuple(sid for sid in load_data().scenarios if tables_for(sid).sight_lines)


def _leaves_every_cover(b: Battle, shooter, target, path) -> bool:
    return all(structure_cover(b, shooter, target, list(path), cover) == cover
               and castle_cover(b, shooter, target, list(path), cover) == cover for cover in COVERS)


def test_the_open_maps_are_those_without_structures():
    """The shortcut serves the scenarios on the Downs and the Test Field, and none of those with
    buildings, tents, a castle or a jetty."""
    assert set(PLAIN) == {"placeholder_1", "open_skirmish", "cavalry_charge"}


@pytest.mark.parametrize("scenario_id", PLAIN)
def test_no_cover_rule_of_the_structures_applies_on_a_map_without_them(scenario_id):
    """Every line between two hexes of the map, every cover: the §8.3 and §9.4 rules give it back."""
    b = new_battle(scenario_id)
    lines = b.tables.sight_lines
    assert lines
    for (shooter, target), readings in lines.items():
        for path in readings:
            assert _leaves_every_cover(b, shooter, target, path)


@pytest.mark.parametrize("scenario", ["Open skirmish", "Cavalry charge", "Placeholder 1"])
def test_no_cover_rule_of_the_structures_applies_in_play_on_a_map_without_them(scenario):
    """At every tenth decision of a random game, every line from a living character to another:
    the §8.3 and §9.4 rules give every cover back."""
    checked = 0
    for n, state in enumerate(_random_game(scenario, 3, 600)):
        if n % 10:
            continue
        b: Battle = state.data
        living = [p for p in b.pieces.values() if p.alive]
        for shooter in living:
            for target in living:
                for path in b.tables.sight_lines.get((shooter.hex, target.hex), ()):
                    assert _leaves_every_cover(b, shooter.hex, target.hex, path)
                    checked += 1
    assert checked
