"""The terminal board shows what a player needs to choose a move (5.2, 5.21, 5.3, A-49)."""

from __future__ import annotations

import types
from typing import Any

import banneret
from banneret import Variant, hookimpl
from banneret.registry import registry_from
from banneret_richard3 import plugin as r3plugin
from r3_helpers import clear_map, do, labels, new, put, start_turn


def _position(**how: Any) -> banneret.State:
    """York (Player 1) to act with AP3: Norfolk in Kent, Arundel in Sussex, Essex facing Oxford
    in Middlesex, Warwick in Calais; Beaumont (Lancaster) in Dorset."""
    s = banneret.new_game("richard3", seed=3, **how)
    clear_map(s)
    for block, area in (("norfolk", "kent"), ("arundel", "sussex"), ("oxford", "middlesex"),
                        ("essex", "middlesex"), ("beaumont", "dorset"), ("warwick_y", "calais")):
        put(s, block, area)
    start_turn(s, "action_ap3_1", "action_ap3_2")
    assert banneret.pending(s).players == ("york",)
    return s


def _panel(s: banneret.State, player: str) -> list[str]:
    """The move panel's lines: from its legend to the pool line."""
    lines = s.game.render(s, player).split("\n")
    if not any(line.startswith("Moves (") for line in lines):
        return []
    start = next(i for i, line in enumerate(lines) if line.startswith("Moves ("))
    end = next(i for i, line in enumerate(lines) if line.startswith("Your pool"))
    return lines[start:end]


def test_the_board_shows_the_moves_from_each_of_your_areas():
    """For each area York holds alone: land neighbours with border colour and limit (Kent to
    Middlesex is blue, to Sussex yellow), empty, own (with the count), contested or enemy-held
    (ATTACK), each with its supply limit; sea moves by each sea the area touches, to friendly
    or vacant areas only (never the enemy's exile, France); major ports starred. Middlesex,
    contested, gets no row."""
    s = _position()
    assert _panel(s, "york") == [
        "Moves (Y4 B3 R2: yellow/blue/red border, blocks across it a turn, red stops; [n] supply limit;",
        "      ATTACK enemy-held; battle contested; * major port):",
        "  from calais* [4]: no land move; by sea (english_channel, north_sea) cornwall* empty [4],",
        "      east_anglia* empty [5], east_yorks* empty [4], essex empty [4], kent* yours 1 [4], lincoln",
        "      empty [4], northumbria* empty [5], rutland empty [4], sussex* yours 1 [4]",
        "  from kent* [4]: by land B3 middlesex* battle [5], Y4 sussex* yours 1 [4]; by sea (north_sea,",
        "      english_channel) calais* yours 1 [4], cornwall* empty [4], east_anglia* empty [5], east_yorks*",
        "      empty [4], essex empty [4], lincoln empty [4], northumbria* empty [5], rutland empty [4],",
        "      sussex* yours 1 [4]",
        "  from sussex* [4]: by land B3 dorset ATTACK [4], Y4 kent* yours 1 [4], B3 middlesex* battle [5], B3",
        "      oxford empty [4], Y4 wilts empty [5]; by sea (english_channel) calais* yours 1 [4], cornwall*",
        "      empty [4], kent* yours 1 [4]",
    ]
    # the player waiting sees no panel; neither does anyone outside the action phase
    assert _panel(s, "lancaster") == []
    assert _panel(new(3), "york") == []


def test_the_panel_shows_the_games_border_limits():
    """A house rule on the border limits (5.21) reaches the panel through the view; red borders
    show their limit too, and the enemy's exile (Scotland for York) is closed to a land move."""
    wide = Variant("richard3", "wide_rivers", "five across a blue border, one across a red",
                   lambda rules, options: rules.update(blue_border_limit=5, red_border_limit=1))
    plugin = types.SimpleNamespace(__name__="r3_wide_rivers", banneret_variants=hookimpl(lambda game_id: [wide]))
    s = _position(options={"variant": "wide_rivers"}, registry=registry_from([r3plugin, plugin]))
    assert banneret.view(s, "york")["board"]["border_limits"] == {"yellow": 4, "blue": 5, "red": 1}
    put(s, "hastings", "cumbria")  # red borders to Scotland and Northumbria
    panel = _panel(s, "york")
    assert panel[0].startswith("Moves (Y4 B5 R1: yellow/blue/red border")
    i = panel.index("  from cumbria [4]: by land R1 lancaster empty [4], R1 north_yorks empty [4], R1 northumbria* empty")
    assert panel[i + 1] == ("      [5], R1 scotland closed (lancaster exile); by sea (irish_sea) caernarvon empty [4], chester*")
    assert "  from sussex* [4]: by land B5 dorset ATTACK [4], Y4 kent* yours 1 [4], B5 middlesex* battle [5], B5" in panel


def test_after_a_recruit_the_menu_says_why_moves_are_gone():
    """A-49: once a recruit is placed, land and sea moves leave the action menu, and its
    prompt says so."""
    s = _position()
    assert banneret.pending(s).prompt == "Spend your action points (or end your actions)"
    assert labels(s, "york") == ["land move", "sea move", "recruit", "end actions"]
    do(s, "york", "recruit")
    do(s, "york", "recruit suffolk in east_anglia")
    assert banneret.pending(s).prompt == (
        "Recruit again or end your actions (no land or sea moves after a recruit this turn, A-49)")
    assert labels(s, "york") == ["recruit", "end actions"]
