"""The terminal picture as a board to play from: every area an action names is listed under
its region with what stands there; the borders moves follow; each baron's treasury and
holdings; the action spaces and the card being resolved; the special areas; the mercenary
track and display; the agendas and laws."""

from __future__ import annotations

import random
import re

import banneret

from banneret_warrior_knights.state import tables

from test_wk_board import arranged
from wk_helpers import new_game

T = tables()
BOARD = T.data.board


def section(text: str, heading: str) -> list[str]:
    """The lines under ``heading`` up to the next blank line."""
    lines = text.splitlines()
    start = lines.index(heading) + 1
    end = lines.index("", start) if "" in lines[start:] else len(lines)
    return lines[start:end]


AREAS = "Areas (city [holder; strength/income]; noble strength (troops); borders and roads: type map):"


def area_rows(areas: list[str]) -> dict[str, int]:
    """Area name -> the index of its line: its own, or its region's ``empty:`` line."""
    rows: dict[str, int] = {}
    for i, line in enumerate(areas):
        if line.startswith("    empty: "):
            rows.update((name.removesuffix(" (port)"), i) for name in line[len("    empty: "):].split(", "))
        elif m := re.match(r"    ([^:(]+?)(?: \(port\))?: ", line):
            rows[m.group(1)] = i
    return rows


def test_every_area_an_action_names_has_a_line_under_its_region() -> None:
    """Random set-up and planning: an area a label names ("stronghold in K-c3", "... to K-b4")
    has a line of its own, or is named on its region's line of empty areas, under its
    Kingdom row or Overseas."""
    state = new_game(4, seed=6)
    rng = random.Random(6)
    checked = 0
    names = {a.name for a in BOARD.areas.values()}
    while not banneret.is_over(state) and banneret.pending(state).kind != "plan":
        player = banneret.pending(state).players[0]
        areas = section(state.game.render(state, player), AREAS)
        by_name = area_rows(areas)
        assert set(by_name) == names
        for action in banneret.legal_actions(state, player):
            named = re.search(r"(?:in|to) (\S+)$", action.label)
            if named and named.group(1) in names:
                area = next(a for a in BOARD.areas.values() if a.name == named.group(1))
                heading = next(ln for ln in reversed(areas[:by_name[area.name]]) if not ln.startswith("    "))
                assert heading == (f"  Kingdom, row {area.row}:" if area.region == "kingdom" else "  Overseas:")
                checked += 1
        banneret.apply(state, random.Random(rng.random()).choice(banneret.legal_actions(state, player)))
    assert checked > 50


def test_the_picture_shows_what_stands_in_each_area_and_the_table() -> None:
    state, data = arranged()
    cities = sorted(data.city_owner)
    noble = data.exhausted[0]
    law = data.laws[0]
    text = state.game.render(state, "blue")
    areas = section(text, AREAS)
    city = BOARD.cities[cities[0]]
    line = next(ln for ln in areas if ln.startswith(f"    {BOARD.areas[city.area].name}"))
    assert f"{city.name} [green; {city.strength}/{city.income}; fortified; breaches 2; besieged by red]" in line
    for razed in data.razed:
        assert any(f"{BOARD.cities[razed].name} (razed)" in ln for ln in areas)
    line = next(ln for ln in areas if ln.startswith(f"    {BOARD.areas[data.noble_area[noble]].name}"))
    assert f"green {T.data.nobles[noble].name} {data.strength_of(data.army[noble])} (" in line and "exhausted)" in line
    for baron in data.barons:
        where = BOARD.areas[data.stronghold[baron]].name
        line = next(ln for ln in areas if ln.startswith(f"    {where}"))
        assert f"{baron} stronghold {T.data.barons[baron].stronghold_strength} (garrison " in line
    barons = section(text, "Barons:")
    assert f"  {data.chairman}: " in next(ln for ln in barons if ln.endswith("Chairman") or "; Chairman" in ln)
    assert any(ln.startswith(f"  blue: {data.crowns['blue']} crowns") for ln in barons)
    green_nobles = next(ln for ln in barons[barons.index(next(b for b in barons if b.startswith("  green:"))):]
                        if ln.startswith("    nobles: "))
    for nb in data.nobles_of("green"):
        assert T.data.nobles[nb].name in green_nobles
    revealed = banneret.view(state, "blue")["board"]["revealed"]
    waiting = ", ".join(b + " (you)" * (b == "blue") for b in banneret.pending(state).players)
    assert text.splitlines()[1:3] == [f"Waiting for: {waiting}", f"Card being resolved: {revealed}"]
    special = section(text, f"Special areas (the phase comes at {2 * len(data.barons)} cards):")
    assert special == ["  Taxation 0/6: -", "  Wages 1/6: red Levy Taxes", "  Assembly 0/6: -"]
    assert "Mercenary track: 1 (7 crowns): -; 2 (6 crowns): blue; 3 (5 crowns): -" in text
    assert f"Laws in force: {T.agenda_titles[law]}" in text
    current = next(ln for ln in text.splitlines() if ln.startswith("Current agendas: "))
    for card in data.current_agendas:
        assert f"{T.agenda_titles[card]} ({T.agenda_of[card].kind.replace('_', ' ')})" in current
    assert "Borders:" not in text  # fixed: the map command shows them
    borders = section(state.game.command(state, "blue", "map", ""), "Borders:")
    assert len([ln for ln in borders if ln.startswith("  road ")]) == len(BOARD.roads)
    assert borders[1].count("(bridge)") == len(BOARD.bridges)
