"""Guiscard's web board (``banneret_board``): the SVG it draws from a seat's view and the board
things clicked for each action. No browser: the returned structure and SVG are read."""

from __future__ import annotations

from xml.etree import ElementTree

import banneret
from banneret.registry import registry_from
from banneret.testing import PlayScript
from banneret.testing.conformance import ConformanceConfig, draw_board, run_check
from banneret_guiscard import plugin
from banneret_guiscard.board import board_targets
from banneret_guiscard.movement import kill
from banneret_guiscard.state import tables_for

REG = registry_from([plugin])
SVG = "{http://www.w3.org/2000/svg}"


def new(scenario: str = "Placeholder 1") -> banneret.State:
    """A game at its first movement step (the Normans let offensive fire and charges pass)."""
    state = banneret.new_game("guiscard", seed=3, registry=REG, scenario=scenario)
    for step, label in (("offensive-fire", "end offensive fire"), ("charges", "end charges")):
        if banneret.pending(state).kind == step:
            banneret.apply(state, banneret.find_action(state, "normans", label))
    return state


def drawn(state: banneret.State, player: str = "normans"):
    actions = banneret.legal_actions(state, player) if player in banneret.pending(state).players else ()
    drawing = draw_board(REG, state, player, actions)
    assert drawing is not None
    return drawing, ElementTree.fromstring(drawing.svg)


def by_target(root: ElementTree.Element) -> dict[str, ElementTree.Element]:
    return {e.get("data-target"): e for e in root.iter() if e.get("data-target")}


def title(element: ElementTree.Element) -> str:
    return element.find(f"{SVG}title").text


def test_every_hex_is_drawn_with_its_terrain_and_level():
    drawing, root = drawn(new())
    marked = by_target(root)
    field = tables_for("placeholder_1")
    assert {t for t in marked if t.startswith("hex:")} == {f"hex:{q},{r}" for q, r in field.terrain}
    assert title(marked["hex:7,-2"]) == "7,-2 Tree, level 0"
    assert title(marked["hex:10,-4"]) == "10,-4 Clear, level 1"


def test_hexside_features_are_drawn_on_their_edges():
    _, root = drawn(new())
    field = tables_for("placeholder_1")
    features = [attrs["feature"] for attrs in field.board.sides().values()]
    assert len(root.findall(f".//{SVG}line[@class='crest']")) == features.count("crest") == 28
    assert len(root.findall(f".//{SVG}line[@class='cliff']")) == features.count("cliff") == 3


def test_counters_show_code_state_and_riders_span_two_hexes():
    state = new()
    kill(state.data, "milo")
    _, root = drawn(state)
    marked = by_target(root)
    robert = marked["piece:robert"]
    assert title(robert) == "Nck robert (normans): healthy, rider on 7,0 6,0, facing E"
    assert [t.text for t in robert.findall(f"{SVG}text")] == ["Nck", "h"]
    bar = robert.find(f"{SVG}rect")
    assert float(bar.get("width")) > 2 * float(bar.get("height"))  # one bar over both hexes
    assert bar.get("transform").startswith("rotate(0.0 ")  # facing E: the bar lies east-west
    milo = marked["piece:milo"]
    assert [t.text for t in milo.findall(f"{SVG}text")] == ["Nil", "x"]
    assert milo.find(f"{SVG}path") is not None  # the cross of the dead
    assert title(marked["piece:argyris"]).endswith("rider on 13,2 14,2, facing W")


def test_a_riderless_horse_is_a_two_hex_bar_that_can_be_clicked():
    state = new()
    kill(state.data, "robert")
    _, root = drawn(state)
    horse = by_target(root)["horse:robert"]
    assert title(horse) == "robert's riderless horse on 7,0 6,0"


def test_a_shooters_sight_lines_to_the_enemies_in_range_with_the_blocking_reason():
    _, root = drawn(new())
    marked = by_target(root)
    lines = marked["piece:guillaume"].findall(f".//{SVG}g[@class='los']/{SVG}line")  # a javelin: 8 hexes
    assert {title(line): line.get("class") for line in lines} == {
        "guillaume cannot see alexio: tree on 8,4 (§5.5.2.2)": "unseen",
        "guillaume cannot see yani: tree on 8,4 (§5.5.2.2)": "unseen",
        **{f"guillaume sees {enemy}": "seen" for enemy in ("argyris", "nikolaos", "okeanos", "stephanos")},
    }
    robert = marked["piece:robert"].findall(f".//{SVG}g[@class='los']/{SVG}line")  # a thrown lance: 4 hexes
    assert [title(line) for line in robert] == ["robert sees stephanos"]
    assert not marked["piece:milo"].findall(f".//{SVG}g[@class='los']")  # no missile weapon
    _, theirs = drawn(new(), "byzantines")  # each seat sees its own shooters' lines only
    assert not by_target(theirs)["piece:guillaume"].findall(f".//{SVG}g[@class='los']")
    assert by_target(theirs)["piece:yani"].findall(f".//{SVG}g[@class='los']/{SVG}line")


def test_picking_a_character_is_a_click_on_its_counter():
    state = new()
    drawing, _ = drawn(state)
    assert drawing.targets["move robert"] == ("piece:robert",)
    assert "end movement" not in drawing.targets
    assert drawn(state, "byzantines")[0].targets == {}  # not their decision


def test_a_moving_character_steps_by_clicking_hexes_and_stops_on_itself():
    state = new()
    banneret.apply(state, banneret.find_action(state, "normans", "move robert"))
    drawing, root = drawn(state)
    steps = [a for a in banneret.legal_actions(state, "normans") if a.args[0] == "step"]
    assert steps
    for a in steps:
        assert drawing.targets[a.label] == (f"hex:{a.args[1][0]},{a.args[1][1]}",)
    assert drawing.targets["stop here"] == ("piece:robert",)
    rings = root.findall(f".//{SVG}polygon[@class='reach']")
    assert len(rings) == len({a.args[1] for a in steps})
    assert "ctr moving" in by_target(root)["piece:robert"].get("class")


def test_targets_of_other_procedures():
    """Put-down, body clearing and horse placing name hexes; a clearing pair both counters."""
    from banneret import Action

    view = {"moving": "robert"}
    actions = (
        Action("normans", "put down on 3,4", "put-down", (3, 4)),
        Action("normans", "clear bodies on 2,2", "movement", ("clear", (2, 2))),
        Action("normans", "milo and olivier clear", "clear-with", ("milo", "olivier")),
        Action("normans", "dead characters to 1,2", "clear-to", ((1, 2), "characters")),
        Action("normans", "mount arthur's horse", "move-step", ("mount", "arthur")),
        Action("normans", "dismount to 5,5", "move-step", ("dismount", (5, 5))),
        Action("normans", "end movement", "movement", ("end",)),
        Action("normans", "fire at yani", "fire", ("olivier", "yani")),
    )
    assert board_targets(view, actions) == {
        "put down on 3,4": ("hex:3,4",),
        "clear bodies on 2,2": ("hex:2,2",),
        "milo and olivier clear": ("piece:milo", "piece:olivier"),
        "dead characters to 1,2": ("hex:1,2",),
        "mount arthur's horse": ("horse:arthur",),
        "dismount to 5,5": ("hex:5,5",),
    }


def test_the_board_check_of_the_test_kit_passes_along_a_random_game_of_each_scenario():
    for scenario in ("Open skirmish", "Cavalry charge"):
        config = ConformanceConfig("guiscard", registry=REG, max_steps=150, scenario=scenario, check_every=5)
        run_check(config, "board", PlayScript(seed=5, agent_seed=11))
