"""Battle and city rules one at a time (22.1 statements 62, 69, 70, 74, 77; 22.2 SC-10, SC-11,
SC-19, SC-23), and random games steered into battles through the public API with the board
checked after every step (strength never negative, markers only on standing armies, a dead
noble off the board, sieges held by a noble in the area)."""

from __future__ import annotations

import random

import banneret
from hypothesis import example, given, settings
from hypothesis import strategies as st

from banneret_warrior_knights.battle_losses import best_casualty_discards, lift_broken_sieges
from banneret_warrior_knights.battles import (
    DEFENDER, Battle, battle_targets, casualty_places, fate_cards_for, target_strength,
)
from banneret_warrior_knights.cities import breach_city, city_strength
from banneret_warrior_knights.plugin import WarriorKnights
from banneret_warrior_knights.state import WKData, tables

from test_wk_battle_scenarios import clear_board, give, neutral_city, stack_fate, versatile_strategy_of
from wk_helpers import act, labels, new_game, set_up

T = tables()


def vecht_defended(fortified: bool = False, breaches: int = 0) -> tuple[WKData, Battle]:
    """Blue holds Vecht (300) with 200 troops under one noble; green assaults it."""
    state, _ = set_up(3, 5)
    data: WKData = state.data
    clear_board(data)
    neutral_city(data, "vecht")
    data.city_owner["vecht"] = "blue"
    if fortified:
        data.fortified.append("vecht")
    data.breaches["vecht"] = breaches
    give(data, "blue_star", "blue:soldier_100:1", "blue:soldier_50:1", "blue:soldier_50:2")
    data.noble_area["blue_star"] = T.data.board.cities["vecht"].area
    battle = Battle("green", False, area=data.noble_area["blue_star"], target=("city", "vecht"), defender="blue",
                    kind="assault", defenders=("blue_star",), commander={DEFENDER: "blue_star"})
    return data, battle


def test_assault_card_counts() -> None:
    """SC-10, 22.1 statement 62: 200 troops and a commander in Vecht draw 7; fortified 8;
    with a breach and unfortified 6."""
    assert fate_cards_for(*vecht_defended(), DEFENDER) == 7
    assert fate_cards_for(*vecht_defended(fortified=True), DEFENDER) == 8
    assert fate_cards_for(*vecht_defended(breaches=1), DEFENDER) == 6


def test_breach_capacity() -> None:
    """SC-11: breaches are offered while the walls have strength (three for Vecht), then
    only the armies take markers."""
    data, battle = vecht_defended()
    for _ in range(3):
        assert casualty_places(data, battle, DEFENDER) == ["blue_star", "breach"]
        breach_city(data, "vecht")
    assert city_strength(data, "vecht") == 0 and casualty_places(data, battle, DEFENDER) == ["blue_star"]
    assert target_strength(data, battle) == 0


def test_fortified_city_brought_to_zero() -> None:
    """SC-23, 22.1 statement 70: a fortified 300 city takes 4 breaches; at 0 it loses the
    fortification and one breach: 3 breaches, strength 0."""
    data, _ = vecht_defended(fortified=True)
    assert city_strength(data, "vecht") == 400
    for _ in range(4):
        breach_city(data, "vecht")
    assert "vecht" not in data.fortified and data.breaches["vecht"] == 3 and city_strength(data, "vecht") == 0


def test_casualty_discards_largest_total_not_above_the_markers() -> None:
    """AMB-26, 22.1 statement 77: 500 against {100, 100} takes both; 100 against {150} takes
    nothing; 200 against {50, 100, 150} offers the two sets worth 200."""
    assert best_casualty_discards(["english_100:1", "polish_100:1"], 5) == [("english_100:1", "polish_100:1")]
    assert best_casualty_discards(["english_150:1"], 1) == []
    options = best_casualty_discards(["english_50:1", "english_100:1", "english_150:1"], 2)
    assert sorted(sorted(T.troops[c].strength for c in o) for o in options) == [[50, 150]]
    options = best_casualty_discards(["english_50:1", "english_50:2", "polish_100:1", "english_150:1"], 2)
    assert sorted(sorted(T.troops[c].label for c in o) for o in options) == [
        ["English 150", "English 50"], ["English 50", "English 50", "Polish 100"]]


def test_stronghold_destroyed() -> None:
    """SC-19, 22.1 statement 74: blue's empty Stronghold at strength 0 falls to green's
    assault: green takes 7 of blue's 15 crowns and the city blue picks; the Stronghold
    leaves the board."""
    def arrange(data: WKData) -> None:
        clear_board(data)
        home = data.stronghold["blue"]
        data.stronghold_breaches["blue"] = T.data.barons["blue"].stronghold_strength // 100
        give(data, "green_star", "green:soldier_100:1")
        data.noble_area["green_star"] = home
        neutral_city(data, "vecht")
        neutral_city(data, "kovel")
        data.city_owner["vecht"] = data.city_owner["kovel"] = "blue"
        data.crowns["blue"] = 15

    state = versatile_strategy_of("green", 3, arrange)
    data: WKData = state.data
    crowns = data.crowns["green"]
    act(state, "green", "start a battle")
    act(state, "green", "assault")
    while banneret.pending(state).kind == "discard fate":
        act(state, "green", labels(state, "green")[-1])
    if banneret.pending(state).kind == "ability":
        act(state, "green", labels(state, "green")[0])
    assert labels(state, "blue") == ["hand over Kovel", "hand over Vecht"]
    act(state, "blue", "hand over Vecht")
    assert data.crowns["green"] == crowns + 7 and data.crowns["blue"] == 8
    assert data.stronghold["blue"] is None and data.stronghold_breaches["blue"] == 0
    assert data.city_owner["vecht"] == "green" and data.city_owner["kovel"] == "blue"
    act(state, "green", "keep Vecht")
    assert WarriorKnights().invariants(state) == []


def board_problems(data: WKData) -> list[str]:
    """What must hold between any two steps of a game with battles."""
    problems = []
    for city in data.city_owner:
        if city_strength(data, city) < 0 or data.breaches[city] < 0:
            problems.append(f"{city}'s walls are negative")
    for baron in data.barons:
        if T.data.barons[baron].stronghold_strength - 100 * data.stronghold_breaches[baron] < 0:
            problems.append(f"{baron}'s stronghold is below 0")
    for noble, markers in data.casualties.items():
        if markers < 0 or (markers and not data.army[noble]):
            problems.append(f"{noble} carries markers without an army")
    for noble in data.heirless_dead:
        if data.noble_area[noble] is not None or data.army[noble]:
            problems.append(f"{noble} died without an heir but is still there")
    board = T.data.board
    present = {(data.baron_of_noble(nb), a) for nb, a in data.noble_area.items() if a is not None and nb not in data.at_sea}
    for city, besieger in data.besieged.items():
        if (besieger, board.cities[city].area) not in present:
            problems.append(f"{city} is besieged by {besieger}, who has nobody there")
    return problems


def steered(actions: list[banneret.Action], rng: random.Random) -> banneret.Action:
    """A random legal action, but Versatile Strategy is planned and used for battles when it
    can be, so that random games fight."""
    eager = [a for a in actions if "Versatile Strategy" in a.label or a.label == "start a battle"]
    return rng.choice(eager) if eager and rng.random() < 0.8 else rng.choice(actions)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 3, 4, 6]))
@example(seed=2841243765, barons=4)  # deserters after a retreat left more markers than the army holds (AMB-51)
def test_random_battles_keep_the_board_sound(seed: int, barons: int) -> None:
    state = new_game(barons, seed)
    rng = random.Random(seed)
    game = WarriorKnights()
    while not banneret.is_over(state):
        player = rng.choice(banneret.pending(state).players)
        banneret.apply(state, steered(banneret.legal_actions(state, player), rng))
        assert board_problems(state.data) == [] and game.invariants(state) == []


def test_steered_games_fight() -> None:
    """The property above is not vacuous: over a few seeds, battles are fought, nobles fall."""
    texts: list[str] = []
    for seed in range(6):
        state = new_game(4, seed)
        rng = random.Random(seed)
        while not banneret.is_over(state):
            player = rng.choice(banneret.pending(state).players)
            banneret.apply(state, steered(banneret.legal_actions(state, player), rng))
        texts += [e.text for e in state.log]
    assert any(" attacks in " in t for t in texts)
    assert any("draws" in t and "Fate cards" in t for t in texts)


def test_truce_of_god_bars_field_battles_only() -> None:
    """A Law ``forbid battle_without_city`` leaves the attack on the city, not on the nobles
    standing outside their own city (AMB-64)."""
    data, _ = vecht_defended()
    data.city_owner["vecht"] = None
    area = data.noble_area["blue_star"]
    give(data, "green_star", "green:soldier_100:1")
    data.noble_area["green_star"] = area
    assert battle_targets(data, "green", area) == [("nobles", "blue"), ("city", "vecht")]
    data.laws.append(next(c for c in T.agenda_cards if c.startswith("truce_of_god")))
    assert battle_targets(data, "green", area) == [("city", "vecht")]


def test_standing_effects_change_the_draws() -> None:
    """``battle_draws`` adds cards in its kind of battle; ``commander_strength`` replaces the
    commander's 200 (a siege Law here changes nothing in an assault)."""
    data, battle = vecht_defended()
    marshal = next(c for c in T.agenda_cards if c.startswith("marshal"))
    data.charges["blue"].append(marshal)  # +1 card in field battles only
    assert fate_cards_for(data, battle, DEFENDER) == 7
    field = Battle("green", False, area=battle.area, target=("nobles", "blue"), defender="blue", kind="field",
                   defenders=("blue_star",), commander={DEFENDER: "blue_star"})
    assert fate_cards_for(data, field, DEFENDER) == 2 + 2 + 1
    data.laws.append(next(c for c in T.agenda_cards if c.startswith("limited_levies")))  # siege commander 100
    assert fate_cards_for(data, battle, DEFENDER) == 7


def test_a_siege_breaks_when_the_besiegers_leave() -> None:
    """SC-13 (b), AMB-28: with no noble of the besieging baron left in the area the siege
    marker goes (checked after every battle and death)."""
    data, _ = vecht_defended()
    area = data.noble_area["blue_star"]
    data.city_owner["vecht"] = None
    give(data, "green_star", "green:soldier_100:1")
    data.noble_area["green_star"] = area
    data.besieged["vecht"], data.siege_round["vecht"] = "green", 1
    lift_broken_sieges(data)
    assert data.besieged == {"vecht": "green"}
    data.at_sea.append("green_star")  # on the port icon: no longer besieging
    lift_broken_sieges(data)
    assert data.besieged == {} and data.siege_round == {}


def test_leave_to_attack_a_neutral_city() -> None:
    """11.3: with blue's noble in Frola's area, red's attack on Frola needs blue's leave; a
    refusal means no battle, and red's noble stays ready."""
    frola_area = T.data.board.cities["frola"].area

    def arrange(data: WKData) -> None:
        clear_board(data)
        neutral_city(data, "frola")
        give(data, "red_star", "red:soldier_100:1")
        give(data, "blue_star", "blue:soldier_100:1")
        data.noble_area["red_star"] = data.noble_area["blue_star"] = frola_area

    state = versatile_strategy_of("red", 3, arrange)
    act(state, "red", "start a battle")
    act(state, "red", "attack Frola (neutral)")
    assert labels(state, "blue") == ["allow the attack on Frola", "refuse the attack on Frola"]
    act(state, "blue", "refuse the attack on Frola")
    data: WKData = state.data
    assert "red_star" not in data.exhausted and data.city_owner["frola"] is None
    assert not any("Fate cards" in e.text for e in state.log)


def test_garrison_only_stronghold_falls_when_walls_and_garrison_are_spent() -> None:
    """11.6, AMB-30 (b): blue's Stronghold (breached to 0) is held by a garrison of loyal 50
    and English 100 with one marker; green's Deal puts the second marker on: the defence
    ends, the Stronghold goes; the garrison loses its English deserter, the markers go and
    the loyal 50 waits on the Stronghold card; blue has no city to hand over."""
    def arrange(data: WKData) -> None:
        clear_board(data)
        home = data.stronghold["blue"]
        data.stronghold_breaches["blue"] = T.data.barons["blue"].stronghold_strength // 100
        data.garrison["blue"] += ["blue:soldier_50:1", "english_100:1"]
        data.mercenaries.draw_pile.remove("english_100:1")
        data.garrison_casualties["blue"] = 1
        give(data, "green_star", "green:soldier_100:1")
        data.noble_area["green_star"] = home
        for city, owner in data.city_owner.items():
            if owner == "blue":
                data.city_owner[city] = None

    state = versatile_strategy_of("green", 3, arrange)
    data: WKData = state.data
    stack_fate(data, "f03", "f02", "f05", "f06")
    act(state, "green", "start a battle")
    act(state, "green", "assault")
    act(state, "green", "discard a +1 Victory")
    act(state, "green", "discard a +1 Victory")
    act(state, "green", "keep Deal 100")
    act(state, "green", "do not use Ernesto di Celadon's Deal 100")
    assert data.stronghold["blue"] is None and data.garrison["blue"] == ["blue:soldier_50:1"]
    assert "blue" not in data.garrison_casualties and "english_100:1" in data.mercenaries.draw_pile
    assert WarriorKnights().invariants(state) == []
