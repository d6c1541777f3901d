"""Guiscard's boards show the battle's changing state from the seat's view: the §8-§9
structures as they stand (a gate open or destroyed, a palisade destroyed, a tent's canvas cut)
on the terminal map, in its notes and on the web board; and this turn's declared charges and
counter-charges (§7.2) as notes and as arrows along their routes."""

from __future__ import annotations

from xml.etree import ElementTree

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import banneret
from banneret.testing.conformance import draw_board
from banneret_guiscard.board import TERRAIN_COLOURS

from test_guiscard_board_web import SVG, by_target, title
from test_guiscard_movement import REG, foot, play, rider
from test_guiscard_tactics import B, N, STRAIGHT_EAST, declare, knight, position

GAME = REG.game("guiscard")
GATE = (4, 9)
ROUTE = " ".join(f"{h[0]},{h[1]}" for h, _ in STRAIGHT_EAST)


def svg(state: banneret.State, player: str = N) -> ElementTree.Element:
    actions = banneret.legal_actions(state, player) if player in banneret.pending(state).players else ()
    drawing = draw_board(REG, state, player, actions)
    assert drawing is not None
    return ElementTree.fromstring(drawing.svg)


def notes(text: str, head: str) -> list[str]:
    return [line.strip()[len(head):] for line in text.splitlines() if line.startswith(f"  {head}")]


def panel(root: ElementTree.Element) -> list[str]:
    return [e.text for e in root.iter("{http://www.w3.org/1999/xhtml}div") if e.get("class") == "panel"]


def polygon_fill(element: ElementTree.Element) -> str:
    return element.find(f"{SVG}polygon").get("fill")


# --------------------------------------------------------------------------- §8.5.2, §9.2 structures


def test_the_castle_assaults_destroyed_gate_is_drawn_as_it_stands_and_named():
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario="Castle assault")
    text = GAME.render(state, None)
    assert notes(text, "changed: ") == ["Lifting gate (destroyed) on 4,9"]
    assert "Gx0" in next(line for line in text.splitlines() if line.startswith("r  9"))
    root = svg(state)
    gate = by_target(root)["hex:4,9"]
    assert title(gate) == "4,9 Lifting gate (destroyed), level 0 (the map's lifting gate (closed): destroyed)"
    assert polygon_fill(gate) == TERRAIN_COLOURS["gate_destroyed"]
    assert "changed: Lifting gate (destroyed) on 4,9" in panel(root)


def test_an_opened_gate_a_destroyed_palisade_and_a_cut_tent_follow_the_battle():
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario="Castle assault")
    state.data.structures[GATE] = ("open", 2)
    state.data.structures[(7, 2)] = ("destroyed", 2)
    assert notes(GAME.render(state, None), "changed: ") == ["Lifting gate (open) on 4,9", "Destroyed palisade on 7,2"]
    marked = by_target(svg(state))
    assert polygon_fill(marked["hex:4,9"]) == TERRAIN_COLOURS["gate_open"]
    assert polygon_fill(marked["hex:7,2"]) == TERRAIN_COLOURS["palisade_destroyed"]
    assert polygon_fill(marked["hex:6,2"]) == TERRAIN_COLOURS["palisade"]  # its neighbour still stands
    village = banneret.new_game("guiscard", seed=0, registry=REG, scenario="Village fight")
    before = title(by_target(svg(village))["hex:2,9"])
    village.data.structures[(2, 9)] = ("cut", 1)
    assert notes(GAME.render(village, None), "changed: ") == ["tent canvas cut on 2,9"]
    cut = by_target(svg(village))["hex:2,9"]
    assert before == "2,9 Tent, level 0"
    assert title(cut) == "2,9 Tent entrance, level 0 (the map's tent: cut)"
    assert polygon_fill(cut) == TERRAIN_COLOURS["tent_entrance"]


# --------------------------------------------------------------------------- §7.2 declared charges


def test_a_declared_charge_and_its_counter_charge_are_listed_and_drawn_along_their_routes():
    state = position(knight(), foot("okeanos", B, (9, 6)), rider("zahir", B, (10, 5), 3),
                     rider("jemal", B, (4, 9), 0))
    declare(state, "norman_knight", "okeanos", tuple(h for h, _ in STRAIGHT_EAST))
    assert notes(GAME.render(state, None), "charge: ") == [
        f"norman_knight charges okeanos over 10 hexes via {ROUTE}"]
    root = svg(state, B)
    [arrow] = [g for g in root.iter(f"{SVG}g") if g.get("class") == "charges"]
    assert title(arrow) == f"norman_knight charges okeanos over 10 hexes via {ROUTE}"
    line = arrow.find(f"{SVG}polyline")
    assert line.get("class") == "charge" and line.get("stroke") == "#b3261e"  # the Normans' red
    assert len(line.get("points").split()) == 11  # from the knight's head through the ten hexes
    assert "charge: norman_knight at okeanos (10 hexes)" in panel(root)
    play(state, "counter-charge with zahir")
    # the charges have ridden: the knight stands on his route, the counter-charger met him
    expected = f"norman_knight charges okeanos over 10 hexes via {ROUTE}; zahir counter-charges over 3 hexes via 9,5 8,6 7,6"
    assert notes(GAME.render(state, None), "charge: ") == [expected]
    root = svg(state)
    arrows = [g for g in root.iter(f"{SVG}g") if g.get("class") == "charges"]
    assert [a.find(f"{SVG}polyline").get("class") for a in arrows] == ["charge", "charge counter"]
    assert arrows[1].find(f"{SVG}polyline").get("stroke") == "#1f4fa0"  # the Byzantines' blue
    assert len(arrows[0].find(f"{SVG}polyline").get("points").split()) == 10  # the knight is on his route now
    assert "charge: norman_knight at okeanos (10 hexes)" in panel(root)
    assert "    counter-charged by zahir (3 hexes)" in panel(root)


def test_a_board_without_changes_or_charges_has_no_such_notes():
    state = position(knight(), foot("okeanos", B, (9, 6)))
    text = GAME.render(state, None)
    assert notes(text, "charge: ") == [] and notes(text, "changed: ") == []
    assert not [g for g in svg(state).iter(f"{SVG}g") if g.get("class") == "charges"]


@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=120, max_size=120))
def test_random_games_show_every_charge_of_the_turn_and_nothing_else(seed, picks):
    state = banneret.new_game("guiscard", seed=seed, registry=REG, scenario="Cavalry charge")
    for i, pick in enumerate(picks):
        if banneret.is_over(state):
            break
        player = banneret.pending(state).players[0]
        actions = banneret.legal_actions(state, player)
        eager = [a for a in actions if a.label.startswith(("charge", "counter-charge", "declare"))]
        banneret.apply(state, (eager or actions)[pick % len(eager or actions)])
        if i % 15:
            continue
        charges = list(state.data.charges.values())
        listed = notes(GAME.render(state, None), "charge: ")
        assert [line.split(" charges ")[0] for line in listed] == [c.rider for c in charges]
        assert [line.split(" charges ")[1].split(" over ")[0] for line in listed] == [c.target for c in charges]
        arrows = [g for g in svg(state, player).iter(f"{SVG}g") if g.get("class") == "charges"]
        assert len(arrows) == len(charges) + sum(bool(c.counter) for c in charges)
