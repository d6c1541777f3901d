"""The web board (banneret_board): each seat's SVG shows its own blocks upright and the enemy's
hidden blocks face-down, as the view gives them; borders in their colours; a click path for
every action with a place on the board; the battle panel during a battle."""

from __future__ import annotations

import json
import random
import re
from typing import Any
from xml.etree import ElementTree

import banneret
import pytest
from banneret.agents import Seat
from banneret.boards import BoardContext, BoardDrawing
from banneret.registry import default_registry
from banneret.testing.conformance import ConformanceConfig, PlayScript, run_check
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret_richard3.board import BORDER_STROKE, HOUSE_FILL, action_path, short_name
from banneret_richard3.data_model import load_blocks, load_map
from r3_helpers import choose, clear_map, do, end_actions, labels, new, play_out, put, start_turn

SVG = "{http://www.w3.org/2000/svg}"
BLOCKS = load_blocks()


def drawing(state: banneret.State, player: str) -> BoardDrawing:
    """The board the page shows ``player`` now, through the registered hook."""
    actions = banneret.legal_actions(state, player) if player in banneret.pending(state).players else ()
    view = banneret.view(state, player, log_tail=0)
    board = default_registry().board(BoardContext("richard3", player, view, tuple(actions)))
    assert board is not None
    return board


def blocks_drawn(svg: str) -> tuple[list[str], list[str]]:
    """The ids of the upright blocks (data-target) and the fill colours of the face-down ones,
    anywhere in the drawing (map, pools, battle panel)."""
    root = ElementTree.fromstring(svg)
    upright, hidden = [], []
    for g in root.iter(f"{SVG}g"):
        classes = g.get("class", "").split()
        if "blk" not in classes:
            continue
        if "hidden" in classes:
            hidden.append(g.find(f"{SVG}rect").get("fill"))
        else:
            upright.append(g.get("data-target").removeprefix("block:"))
    return upright, hidden


def block_texts(svg: str) -> set[str]:
    """The names drawn on blocks and the full names their tooltips start with."""
    root = ElementTree.fromstring(svg)
    out = set()
    for g in root.iter(f"{SVG}g"):
        if "blk" in g.get("class", "").split():
            out.update(t.text for t in g.iter(f"{SVG}text") if t.text and not t.text.isdigit())
            out.add(g.find(f"{SVG}title").text.split(" (")[0])
    return out


# --------------------------------------------------------------------------- the 1460 opening


def test_the_1460_opening_shows_york_its_own_blocks_and_lancaster_face_down():
    s = new()
    svg = drawing(s, "york").svg
    upright, hidden = blocks_drawn(svg)
    calais = ["burgundian_mercenary", "calais_mercenary", "kent_y", "march", "salisbury_y", "warwick_y"]
    ireland = ["duke_of_york", "irish_mercenary", "rutland"]
    pool = ["norfolk", "suffolk", "arundel", "essex", "worcester", "hastings", "herbert", "canterbury_church_y",
            "london_levy", "norwich_levy", "salisbury_levy", "york_bombard", "rebel"]
    assert sorted(upright) == sorted(calais + ireland + pool)
    # Lancaster's 13 blocks on the map, face-down in Lancaster red, none named
    assert hidden == [HOUSE_FILL["lancaster"]] * 11
    texts = block_texts(svg)
    assert "March" in texts and "D. of York" in texts and "Warwick" in texts
    assert_hides(svg, banneret.view(s, "york", log_tail=0))
    assert "block:henry_vi" not in svg and "Henry VI" not in texts and "Somerset" not in texts
    # the Lancaster pool is a count only
    assert "Lancaster pool: 13 blocks ready, 0 face-down" in svg


def test_the_1460_opening_shows_lancaster_its_own_blocks_and_york_face_down():
    s = new()
    svg = drawing(s, "lancaster").svg
    upright, hidden = blocks_drawn(svg)
    assert set(upright) == {b for b, where in s.data.loc.items()
                            if BLOCKS[b].house == "lancaster" and where in s.data.at} | set(s.data.pool("lancaster"))
    assert "henry_vi" in upright and "block:henry_vi" in svg
    assert hidden == [HOUSE_FILL["york"]] * 9  # Calais 6 and Ireland 3
    assert_hides(svg, banneret.view(s, "lancaster", log_tail=0))
    assert "block:march" not in svg and "March" not in block_texts(svg)


def test_borders_are_drawn_in_their_data_colours_with_a_legend_of_limits():
    svg = drawing(new(), "york").svg
    root = ElementTree.fromstring(svg)
    lines = {}
    for line in root.iter(f"{SVG}line"):
        title = line.find(f"{SVG}title")
        if title is not None:
            lines[title.text] = line.get("stroke")
    game_map = load_map()
    assert len(lines) == len(game_map.borders) == 62
    for border in game_map.borders:
        a, b = game_map.areas[border.a].name, game_map.areas[border.b].name
        assert lines[f"{a} - {b}: {border.colour} border"] == BORDER_STROKE[border.colour]
    assert lines["Oxford - Middlesex: yellow border"] == BORDER_STROKE["yellow"] == "#e0ad00"
    assert lines["Cumbria - Northumbria: red border"] == "#c62828"
    assert "yellow: 4 blocks" in svg and "blue: 3 blocks" in svg and "red: 2 blocks" in svg


def test_every_area_is_a_target_with_its_marks_in_the_tooltip():
    root = ElementTree.fromstring(drawing(new(), "york").svg)
    areas = {g.get("data-target"): g.find(f"{SVG}title").text for g in root.iter(f"{SVG}g")
             if (g.get("data-target") or "").startswith("area:")}
    assert len(areas) == 33
    assert areas["area:middlesex"] == ("Middlesex; city London (York); crown area; major port; coast on North Sea")
    assert areas["area:south_yorks"] == ("South Yorks; city York (Lancaster); cathedral of York; crown area; "
                                         "royal shield of York")
    assert areas["area:calais"] == "Calais; major port; exile area of York; coast on English Channel, North Sea"


# --------------------------------------------------------------------------- click paths


def _york_to_move() -> banneret.State:
    """York (Player 1) to act with AP3: Norfolk in Kent, Warwick in Calais; Beaumont
    (Lancaster) in Dorset."""
    s = new(seed=3)
    clear_map(s)
    for block, area in (("norfolk", "kent"), ("warwick_y", "calais"), ("beaumont", "dorset")):
        put(s, block, area)
    start_turn(s, "action_ap3_1", "action_ap3_2")
    assert banneret.pending(s).players == ("york",)
    return s


def test_a_land_move_is_an_area_then_a_block_then_the_block_and_its_destination():
    s = _york_to_move()
    assert drawing(s, "york").targets == {}  # "land move", "sea move", "recruit", "end actions": no place
    do(s, "york", "land move")
    assert drawing(s, "york").targets == {"land move from kent": ("area:kent",)}
    do(s, "york", "land move from kent")
    assert drawing(s, "york").targets == {"select norfolk": ("block:norfolk",)}
    do(s, "york", "select norfolk")
    targets = drawing(s, "york").targets
    assert targets["move norfolk: kent -> sussex"] == ("block:norfolk", "area:sussex")
    assert targets["move norfolk: kent -> sussex -> dorset"] == ("block:norfolk", "area:dorset")
    assert targets["move norfolk: kent -> middlesex -> oxford"] == ("block:norfolk", "area:oxford")
    assert set(targets) == set(labels(s, "york"))
    # the waiting seat gets no targets
    assert drawing(s, "lancaster").targets == {}


def test_sea_moves_and_recruits_have_their_paths():
    s = _york_to_move()
    do(s, "york", "sea move")
    assert drawing(s, "york").targets["sea move from calais"] == ("area:calais",)
    do(s, "york", "sea move from calais")
    assert drawing(s, "york").targets == {"ship warwick_y": ("block:warwick_y",)}
    do(s, "york", "ship warwick_y")
    targets = drawing(s, "york").targets
    assert targets["ship warwick_y: calais -> kent"] == ("block:warwick_y", "area:kent")
    assert "ship warwick_y: calais -> france" not in labels(s, "york")
    choose(s, "york", "ship warwick_y: calais -> kent")
    do(s, "york", "recruit")
    targets = drawing(s, "york").targets
    assert targets["recruit suffolk in east_anglia"] == ("block:suffolk", "area:east_anglia")  # a pool block
    assert set(targets) == set(labels(s, "york"))


# --------------------------------------------------------------------------- battles


def _battle_in_middlesex() -> banneret.State:
    """York attacks Middlesex (Oxford) from Kent and Essex, and Dorset (Beaumont) from
    Sussex; York, Player 1, has the Middlesex battle fought first: Oxford's battle turn."""
    s = new(seed=3)
    clear_map(s)
    for block, area in (("norfolk", "kent"), ("suffolk", "essex"), ("arundel", "sussex"),
                        ("oxford", "middlesex"), ("beaumont", "dorset")):
        put(s, block, area)
    start_turn(s, "action_ap3_1", "action_ap3_2")
    choose(s, "york", "land move from kent")
    do(s, "york", "select norfolk")
    do(s, "york", "move norfolk: kent -> middlesex")
    choose(s, "york", "land move from essex")
    do(s, "york", "select suffolk")
    do(s, "york", "move suffolk: essex -> middlesex")
    choose(s, "york", "land move from sussex")
    do(s, "york", "select arundel")
    do(s, "york", "move arundel: sussex -> dorset")
    do(s, "york", "main attack on middlesex from kent")
    end_actions(s, "lancaster")
    assert drawing(s, "york").targets == {"fight battle in dorset": ("area:dorset",),
                                          "fight battle in middlesex": ("area:middlesex",)}
    do(s, "york", "fight battle in middlesex")
    assert banneret.pending(s).kind == "battle-turn"
    return s


def _panel(svg: str) -> tuple[list[str], list[str], list[str]]:
    """The battle panel's texts, upright block ids and face-down fills."""
    root = ElementTree.fromstring(svg)
    panel = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "panel battle")
    texts = [t.text for t in panel.iter(f"{SVG}text") if t.text and not t.text.isdigit()]
    upright, hidden = blocks_drawn(ElementTree.tostring(panel, encoding="unicode"))
    return texts, upright, hidden


def test_the_battle_panel_shows_the_battle_as_the_view_does():
    s = _battle_in_middlesex()
    battle = banneret.view(s, "lancaster")["board"]["battle"]
    assert battle["sides"]["york"] == [  # all of York's blocks in the battle are revealed
        {"block": "norfolk", "strength": 4, "fire": 2, "reserve": False},
        {"block": "suffolk", "strength": 3, "fire": 2, "reserve": True},  # not across the Main Attack border
    ]
    for player in ("lancaster", "york"):
        board = drawing(s, player)
        texts, upright, hidden = _panel(board.svg)
        assert texts == ["Battle in Middlesex", "round 1 of 4", "York attacks", "Norfolk", "fires 2", "Suffolk",
                         "reserve", "Lancaster defends", "Oxford", "fires 2"]
        assert upright == ["norfolk", "suffolk", "oxford"] and hidden == []
    assert drawing(s, "lancaster").targets == {"fire: oxford": ("block:oxford",), "pass: oxford": ("block:oxford",)}
    # the other battle's blocks stay hidden: Arundel from Lancaster, Beaumont from York
    lancaster_svg, york_svg = drawing(s, "lancaster").svg, drawing(s, "york").svg
    assert "block:arundel" not in lancaster_svg and "Arundel" not in block_texts(lancaster_svg)
    assert "block:beaumont" not in york_svg and "Beaumont" not in block_texts(york_svg)
    assert "block:beaumont" in lancaster_svg and "block:arundel" in york_svg


def test_no_battle_panel_outside_a_battle():
    assert 'class="panel battle"' not in drawing(new(), "york").svg


# --------------------------------------------------------------------------- hidden blocks


def _named_in(view: dict[str, Any]) -> set[str]:
    """Every block id the view mentions anywhere."""
    text = json.dumps(view)
    return {b for b in BLOCKS if f'"{b}"' in text}


def assert_hides(svg: str, view: dict[str, Any]) -> None:
    """No block the view does not name shows in ``svg``: not by id anywhere, and not by name
    inside a drawn block (a name some named block shares, like "Bombard", may show)."""
    named = _named_in(view)
    shown = {short_name(BLOCKS[b]) for b in named} | {BLOCKS[b].name for b in named}
    texts = block_texts(svg)
    for block in BLOCKS.values():
        if block.id in named:
            continue
        assert not re.search(rf'block:{block.id}"', svg), block.id
        for name in {block.name, short_name(block)} - shown:
            assert name not in texts, (block.id, name)


class _Inspecting:
    """An agent that checks its seat's board (:func:`assert_hides`) before each random choice."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.boards = 0

    def choose(self, seat: Seat) -> banneret.Action:
        board = default_registry().board(BoardContext("richard3", seat.player, seat.view, seat.actions))
        assert_hides(board.svg, seat.view)
        self.boards += 1
        return seat.actions[self.rng.randrange(len(seat.actions))]


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_seat_board_never_shows_a_block_its_view_hides(seed: int) -> None:
    s = banneret.new_game("richard3", seed=seed)
    agents = {"york": _Inspecting(seed), "lancaster": _Inspecting(seed + 1)}
    play_out(s, agents)
    assert agents["york"].boards > 20 and agents["lancaster"].boards > 20


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_conformance_board_check_passes_along_random_games(seed: int) -> None:
    """The kit's "board" check (well-formed, targets legal and drawn, unchanged when hidden
    facts are resampled) at every step of a random game, Kingmaker included."""
    for scenario in ("wars-of-the-roses", "kingmaker"):
        config = ConformanceConfig("richard3", max_steps=150, scenario=scenario)
        run_check(config, "board", PlayScript(seed=seed, agent_seed=seed))



@pytest.mark.parametrize(
    ("label", "kind", "args", "path"),
    [
        ("land move from kent", "group", "kent", ("area:kent",)),
        ("sea move from calais", "sea", "calais", ("area:calais",)),
        ("muster at essex", "muster", "essex", ("area:essex",)),
        ("plague wilts", "plague", "wilts", ("area:wilts",)),
        ("fight battle in dorset", "battle", "dorset", ("area:dorset",)),
        ("enter gloucester in hereford", "enter", "hereford", ("area:hereford",)),
        ("select norfolk", "select", "norfolk", ("block:norfolk",)),
        ("ship march", "select", "march", ("block:march",)),
        ("fire: oxford", "fire", "oxford", ("block:oxford",)),
        ("pass: oxford", "pass", "oxford", ("block:oxford",)),
        ("take hits: essex", "take-hits", "essex", ("block:essex",)),
        ("reduce essex in kent", "reduce", "essex", ("block:essex",)),
        ("execute oxford", "execute", "oxford", ("block:oxford",)),
        ("spare oxford", "spare", "oxford", ("block:oxford",)),
        ("send rutland from ireland to pool", "pool", "rutland", ("block:rutland",)),
        ("treason on kent_y", "treason", "kent_y", ("block:kent_y",)),
        ("move norfolk: kent -> sussex -> dorset", "path", ("sussex", "dorset"), ("block:norfolk", "area:dorset")),
        ("ship kent_y: calais -> east_anglia", "ship", ("east_anglia", "north_sea"), ("block:kent_y", "area:east_anglia")),
        ("also ship march: calais -> kent", "ship2", "march", ("block:march", "area:kent")),
        ("recruit suffolk in east_anglia", "recruit", ("suffolk", "east_anglia"), ("block:suffolk", "area:east_anglia")),
        ("retreat oxford -> middlesex", "retreat", ("oxford", "middlesex"), ("block:oxford", "area:middlesex")),
        ("regroup beaumont -> middlesex", "regroup", ("beaumont", "middlesex"), ("block:beaumont", "area:middlesex")),
        ("send somerset home to caernarvon", "home", "caernarvon", ("block:somerset", "area:caernarvon")),
        ("charge henry_vi on rebel", "charge", ("henry_vi", "rebel"), ("block:henry_vi", "block:rebel")),
        ("treachery henry_vi on kent_y", "treachery", ("henry_vi", "kent_y", "king"), ("block:henry_vi", "block:kent_y")),
        ("main attack on middlesex from kent", "main", ("middlesex", "kent"), ("area:middlesex", "area:kent")),
        ("land move", "pick", "land", None),
        ("end actions", "end", (), None),
        ("done moving from kent", "done", (), None),
        ("play AP3", "card", "action_ap3_1", None),
        ("keep hand", "keep", (), None),
        ("no treason roll", "no-treason", (), None),
        ("end regroup", "end-regroup", (), None),
    ],
)
def test_each_kind_of_action_has_its_click_path(label, kind, args, path):
    """The labels and arguments are those the game makes (see the rules modules)."""
    assert action_path(banneret.Action("york", label, kind, args)) == path
