"""The readings the errata leave to the players (Warrior Knights entries 1, 2, 4, 5) as game
options: each with the original's reading as default and the digest's as the other choice,
pinned by exact scenarios for both settings through the public API; and the options listed
by ``banneret info`` and kept by a save."""

from __future__ import annotations

import random
from pathlib import Path

import banneret
import pytest
from banneret.saves import load, save
from banneret.testing import check_ends_within_bound, check_invariants
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret_warrior_knights.plugin import WarriorKnights
from banneret_warrior_knights.state import WKData, tables

from test_wk_battle_scenarios import (
    FATE_BY, NOBLE, clear_board, death_example, free_areas, give, monz_siege, neutral_city, red_star_by_frola, sound,
    stack_fate, versatile_strategy_of,
)
from test_wk_economy import _draft_example
from wk_economy_helpers import plan
from wk_helpers import REG, act, labels, new_game

T = tables()
BOARD = T.data.board
READINGS = {
    "siege_completion": ("next_round", ("next_round", "any_later_round")),
    "retreat_destination": ("no_city", ("no_city", "no_foreign_city")),
    "victory_skip": ("neither", ("neither", "either")),
    "mercenary_recipients": ("any_city", ("any_city", "own_city")),
}


def battle_log(state: banneret.State) -> list[str]:
    return [e.text for e in state.log if e.kind == "battle"]


def test_the_readings_are_options_with_the_original_as_default() -> None:
    """Each reading is an option whose default is the original's; ``banneret info`` lists it."""
    specs = {spec.name: spec for spec in WarriorKnights.info.options}
    for name, (default, choices) in READINGS.items():
        assert (specs[name].default, specs[name].choices) == (default, choices)
    state = new_game(3)
    assert {name: state.options[name] for name in READINGS} == {n: d for n, (d, _) in READINGS.items()}
    with pytest.raises(banneret.BanneretError):
        new_game(3, victory_skip="hybrid")  # the digest's hybrid is in neither original text


def test_banneret_info_shows_the_readings(capsys: pytest.CaptureFixture[str]) -> None:
    from banneret.cli import main

    main(["info", "warrior_knights"])
    out = capsys.readouterr().out
    for name, (default, choices) in READINGS.items():
        assert f"{name} = {default} (choices: {', '.join(choices)})" in out


def test_the_readings_round_trip_in_a_save(tmp_path: Path) -> None:
    """A game under the digest's readings, saved after some random steps, loads with them."""
    others = {name: choices[1] for name, (_, choices) in READINGS.items()}
    state = new_game(3, seed=4, **others)
    rng = random.Random(4)
    for _ in range(150):
        player = rng.choice(banneret.pending(state).players)
        banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))
    save(state, tmp_path / "game.json")
    loaded = load(tmp_path / "game.json", registry=REG)
    assert {name: loaded.options[name] for name in READINGS} == others
    assert banneret.state_hash(loaded) == banneret.state_hash(state)


@settings(max_examples=4, deadline=None)
@given(barons=st.integers(min_value=2, max_value=6), seed=st.integers(min_value=0, max_value=10_000))
def test_random_games_under_the_digests_readings_keep_the_invariants(barons: int, seed: int) -> None:
    """Random legal games with every reading at the digest's choice, to the round limit or a
    victory: the invariants and the decision bound hold at every step."""
    others = {name: choices[1] for name, (_, choices) in READINGS.items()}
    state = new_game(barons, seed, round_limit=10, **others)
    rng = random.Random(seed)
    while not banneret.is_over(state):
        check_invariants(state)
        player = rng.choice(banneret.pending(state).players)
        banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))
    check_invariants(state)
    check_ends_within_bound(state)


# --------------------------------------------------------------------------- errata 1, 11.5


@pytest.mark.parametrize("reading, completes", [("next_round", False), ("any_later_round", True)])
def test_a_siege_declared_again_two_rounds_later(reading: str, completes: bool) -> None:
    """Green besieged Monz two rounds ago and declares the siege again, unbroken: the
    original lays it anew from this round; AMB-27's reading takes the city."""
    state = monz_siege(("green:soldier_50:1",), besieged_since=-1)
    state.options = {**state.options, "siege_completion": reading}
    data: WKData = state.data
    act(state, "green", "start a battle")
    act(state, "green", "siege")
    if completes:
        assert "the siege of Monz is complete" in battle_log(state)
        assert data.city_owner["monz"] == "green" and data.besieged == {} and data.siege_round == {}
        assert labels(state, "green") == ["keep Monz", "raze Monz for 3 crowns"]
    else:
        assert "green lays siege to Monz anew" in battle_log(state)
        assert data.city_owner["monz"] is None and data.besieged == {"monz": "green"}
        assert data.siege_round == {"monz": 1}
    sound(state)


@pytest.mark.parametrize("reading", ["next_round", "any_later_round"])
def test_a_siege_declared_again_the_next_round_completes_under_both(reading: str) -> None:
    state = monz_siege(("green:soldier_50:1",), besieged_since=0)
    state.options = {**state.options, "siege_completion": reading}
    act(state, "green", "start a battle")
    act(state, "green", "siege")
    assert state.data.city_owner["monz"] == "green"


# --------------------------------------------------------------------------- errata 2, 11.7


def ringed_by_cities(data: WKData) -> tuple[str, list[str]]:
    """A free area whose every passable neighbour holds a city; the first neighbour's city
    turns neutral, the second blue's, the others red's. Returns the area and the cities."""
    def exits(area: str) -> list[str]:
        return [n for n in BOARD.areas_map.neighbours(area) if BOARD.areas[n].region == "kingdom"
                and BOARD.passable(area, n)]

    area = next(a for a in free_areas(data) if len(exits(a)) >= 3
                and all(BOARD.city_in(n) is not None for n in exits(a)))
    cities = [BOARD.city_in(n).id for n in exits(area)]  # type: ignore[union-attr]
    for k, city in enumerate(cities):
        neutral_city(data, city)
        data.city_owner[city] = (None, "blue")[k] if k < 2 else "red"
    return area, cities


@pytest.mark.parametrize("reading", ["no_city", "no_foreign_city"])
def test_a_retreat_by_own_and_neutral_cities(reading: str) -> None:
    """Green's Triangle beats blue's Triangle 1-0 in an area whose neighbours all hold a
    city (one neutral, one blue's, the rest red's): the original leaves him no area, so he
    goes to his Stronghold, exhausted; AMB-7's reading offers the neutral city's area and
    his own city's, never red's."""
    ring: list[str] = []

    def arrange(data: WKData) -> None:
        clear_board(data)
        area, cities = ringed_by_cities(data)
        ring[:] = cities
        give(data, "green_triangle", "green:soldier_100:1", "green:soldier_50:1", "green:soldier_50:2")
        give(data, "blue_triangle", "blue:soldier_100:1")
        data.noble_area["green_triangle"] = data.noble_area["blue_triangle"] = area

    state = versatile_strategy_of("green", 3, arrange)
    state.options = {**state.options, "retreat_destination": reading}
    data: WKData = state.data
    victory, prevent = FATE_BY["victory"], FATE_BY["prevent"]
    stack_fate(data, victory[0], prevent[3], prevent[0], prevent[1], prevent[2], prevent[4], prevent[5])
    act(state, "green", "start a battle")
    act(state, "green", "discard a Prevent 100")
    act(state, "green", "discard a Prevent 100")
    act(state, "green", "keep Prevent 100, +1 Victory")
    act(state, "blue", "keep Prevent 100")
    assert "victory 1-0" in battle_log(state)
    if reading == "no_city":
        assert "Louis de Cyan retreats to his stronghold" in battle_log(state)
        assert data.noble_area["blue_triangle"] == data.stronghold["blue"] and "blue_triangle" in data.exhausted
    else:
        areas = [BOARD.areas[BOARD.cities[c].area].name for c in ring[:2]]
        assert sorted(labels(state, "blue")) == sorted(f"Louis de Cyan retreats to {a}" for a in areas)
        act(state, "blue", f"Louis de Cyan retreats to {areas[0]}")
        assert data.noble_area["blue_triangle"] == BOARD.cities[ring[0]].area
    sound(state)


# --------------------------------------------------------------------------- errata 4, AMB-6


def dead_defender_wins(reading: str) -> banneret.State:
    """Green's Triangle (200, no battle ability) attacks yellow's Jean'Luc (loyal 100,
    English 50, one casualty marker); green keeps Deal and Prevent, yellow a +1 Victory; the
    Deal kills Jean'Luc."""
    jean = NOBLE["Jean'Luc d'Ambre"]

    def arrange(data: WKData) -> None:
        clear_board(data)
        area = free_areas(data)[0]
        give(data, jean, "yellow:soldier_100:1", "english_50:1")
        data.casualties[jean] = 1
        give(data, "green_triangle", "green:soldier_100:1", "green:soldier_50:1", "green:soldier_50:2")
        data.noble_area[jean] = data.noble_area["green_triangle"] = area

    state = versatile_strategy_of("green", 6, arrange)
    state.options = {**state.options, "victory_skip": reading}
    deal, prevent, victory = FATE_BY["deal"], FATE_BY["prevent"], FATE_BY["victory"]
    stack_fate(state.data, deal[0], prevent[0], prevent[1], prevent[2], victory[0], prevent[3])
    act(state, "green", "start a battle")
    act(state, "green", "discard a Prevent 100")
    act(state, "green", "discard a Prevent 100")
    act(state, "green", "keep Deal 100, Prevent 100")
    act(state, "yellow", "discard a Prevent 100")
    act(state, "yellow", "keep +1 Victory")
    act(state, "yellow", "do not use Jean'Luc d'Ambre's Deal 100")
    return state


def test_the_main_text_counts_victory_while_one_side_has_a_living_noble() -> None:
    """Errata 4, the original's main text: green's Triangle still lives, so victory is
    counted: 0-1, and the attacker, though his enemy fell, retreats (here to his Stronghold:
    every neighbour of the area holds a city)."""
    state = dead_defender_wins("neither")
    data: WKData = state.data
    log = battle_log(state)
    assert log[log.index("Jean'Luc d'Ambre falls") + 1] == "victory 0-1"
    assert "PH-Green-Triangle retreats to his stronghold" in log
    assert data.noble_area["green_triangle"] == data.stronghold["green"]
    assert data.noble_area[NOBLE["Jean'Luc d'Ambre"]] is None
    sound(state)


def test_the_summary_sheet_skips_victory_when_one_side_has_no_living_noble() -> None:
    """Errata 4, the summary sheet (option ``victory_skip=either``): Jean'Luc fell, so no
    victory is counted and green's Triangle stays where he fought."""
    state = dead_defender_wins("either")
    data: WKData = state.data
    log = battle_log(state)
    assert log[log.index("Jean'Luc d'Ambre falls") + 1] == "no victory is counted"
    assert data.noble_area["green_triangle"] == free_areas(data)[0]
    sound(state)


def test_sc14_under_the_summary_sheet_counts_no_victory() -> None:
    """SC-14's battle under ``victory_skip=either``: Jean'Luc falls, no count (the main
    text's 1-1 is ``test_death_example_of_jean_luc_d_ambre``)."""
    state = death_example(heir=True, victory_skip="either")
    log = battle_log(state)
    assert log[log.index("Jean'Luc d'Ambre falls") + 1] == "no victory is counted"
    sound(state)


@pytest.mark.parametrize("reading, counted", [("neither", True), ("either", False)])
def test_a_neutral_city_is_taken_by_victory_only_under_the_main_text(reading: str, counted: bool) -> None:
    """Red's Star (loyal 100, 50, 50) assaults neutral Frola (200); red keeps Prevent, +1
    Victory and leaves his Star's Deal unused, Frola's two Prevents deal nothing: 1-0 takes Frola under the main text; the summary
    sheet skips the count (the city has no noble) and Frola stays neutral."""
    state = red_star_by_frola()
    state.options = {**state.options, "victory_skip": reading}
    data: WKData = state.data
    prevent, victory = FATE_BY["prevent"], FATE_BY["victory"]
    stack_fate(data, prevent[0], victory[0], prevent[1], prevent[2], prevent[3], prevent[4])
    act(state, "red", "start a battle")
    act(state, "red", "assault")
    act(state, "red", "discard a Prevent 100")
    act(state, "red", "discard a Prevent 100")
    act(state, "red", "keep Prevent 100, +1 Victory")
    act(state, "red", "do not use PH-Red-Star's Deal 100")
    if counted:
        assert "victory 1-0" in battle_log(state) and data.city_owner["frola"] == "red"
        act(state, "red", "keep Frola")
    else:
        assert "no victory is counted" in battle_log(state) and data.city_owner["frola"] is None
    sound(state)


# --------------------------------------------------------------------------- errata 5, 9.4, AMB-33


@pytest.mark.parametrize("reading, owner, offered", [
    ("any_city", None, True), ("any_city", "red", True), ("own_city", None, False), ("own_city", "red", False),
    ("own_city", "green", True),
])
def test_who_receives_a_hired_mercenary(reading: str, owner: str | None, offered: bool) -> None:
    """SC-4's Draft with Lorenzo by Kovel: the original lets a noble in any city's area take
    the unit (neutral, another baron's); AMB-33's reading only by a city of his own."""
    state = _draft_example()
    state.options = {**state.options, "mercenary_recipients": reading}
    state.data.city_owner["kovel"] = owner
    plan(state, {"green": [(1, "Draft Soldiers")]})
    act(state, "green", "a marker on track space 4")
    while (hirer := banneret.pending(state).players[0]) != "green":  # the earlier markers pass
        act(state, hirer, "pass: hire nothing")
    act(state, "green", "hire Romanian 50 for 1 crowns")
    assert ("Romanian 50 to Lorenzo von Linden" in labels(state, "green")) == offered
    assert labels(state, "green")[-1] == "Romanian 50 to the stronghold"
