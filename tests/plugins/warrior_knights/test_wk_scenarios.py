"""The scenario tests of rules 22.2 that no other test file pins (SC-3, SC-25, SC-26, the
last sentence of SC-19) and the exact battle outcomes of 22.1 statements 66 and 76, through
the public API on arranged rounds where the rule is a decision and on the battle's own
functions where it is a count. ``docs/games/warrior_knights.md`` maps every SC-xx to its
test."""

from __future__ import annotations

import banneret

from banneret_warrior_knights.baron_cards import track_cost
from banneret_warrior_knights.battles import ATTACKER, DEFENDER, Battle, fate_cards_for, minimum_discards
from banneret_warrior_knights.state import WKData, tables

from test_wk_actions import arrange, card, in_action_phase
from test_wk_battle_scenarios import (
    FATE_BY, clear_board, free_areas, give, monz_siege, neutral_city, sound, stack_fate,
    versatile_strategy_of,
)
from wk_helpers import act, labels, set_up

T = tables()


def log_of(state: banneret.State) -> list[str]:
    return banneret.view(state, None, log_tail=None)["log"]


def test_sc3_draft_soldiers_fills_the_track_and_the_draft_runs() -> None:
    """SC-3: N = 4, markers on spaces 1-4; blue's Draft Soldiers puts his free marker on
    space 5, the last one: the Draft runs at once, hires in track order, and ends with the
    track empty and 5 units on display; the card lies on Wages (the only card there)."""
    state = in_action_phase(barons=4, seed=3)
    data: WKData = state.data
    assert "blue" in data.barons
    others = [b for b in data.barons if b != "blue"]
    data.mercenary_track[:] = [others[0], others[1], others[2], others[0], None]
    draft = card(data, "blue", "draft_soldiers")
    crowns = data.crowns["blue"]
    arrange(state, [draft])
    assert labels(state, "blue") == ["a marker on track space 5", "decline the card"]
    act(state, "blue", "a marker on track space 5")
    assert data.crowns["blue"] == crowns  # free of charge (22.1 #25)
    assert any("the mercenary track is full" in line for line in log_of(state))
    assert data.special_areas["wages"] == [draft]
    hirers = []
    while banneret.pending(state).kind == "hire":  # everybody passes: the markers go in track order
        now = banneret.pending(state)
        hirers.append(now.players[0])
        act(state, now.players[0], "pass: hire nothing")
    assert hirers == [others[0], others[1], others[2], others[0], "blue"]
    assert data.mercenary_track == [None] * 5 and len(data.mercenary_display) == 5
    assert data.special_areas["wages"] == [draft]


def test_sc25_versatile_strategy_buys_spaces_1_to_n_and_filling_the_track_starts_the_draft() -> None:
    """SC-25: N = 3; Versatile Strategy offers track spaces 1 to 3 (space 3 at 5 crowns),
    never space 4; buying the last free space fills the track: the Draft runs at once and the
    card is back in its owner's hand."""
    state = in_action_phase(barons=3, seed=2)
    data: WKData = state.data
    green, red, blue = data.barons
    data.crowns[green] = 20
    arrange(state, [card(data, green, "versatile_strategy")])
    assert track_cost(2) == 5
    buys = [label for label in labels(state, green) if label.startswith("buy track space")]
    assert buys == [f"buy track space {k} for {track_cost(k - 1)} crowns" for k in (1, 2, 3)]

    state = in_action_phase(barons=3, seed=2)
    data = state.data
    data.crowns[green] = 20
    vs = card(data, green, "versatile_strategy")
    data.mercenary_track[:] = [red, blue, None, red]  # space 4 taken by a Draft Soldiers
    arrange(state, [vs])
    assert [label for label in labels(state, green) if label.startswith("buy track space")] == [
        "buy track space 3 for 5 crowns"]
    act(state, green, "buy track space 3 for 5 crowns")
    assert data.crowns[green] == 15
    assert any("the mercenary track is full" in line for line in log_of(state))
    assert banneret.pending(state).kind == "hire" and banneret.pending(state).players == (red,)
    assert vs in data.hand[green] and all(vs not in cards for cards in data.special_areas.values())


def test_sc26_keep_one_rule() -> None:
    """SC-26, 22.1 #62-63: a side with a commander and 50 troops draws 0 + 2 cards and must
    discard only 1 (keeps 1); with 150 troops it draws 3 and discards 2; a neutral city of
    300 (no commander) draws 3 and discards none."""
    state, _ = set_up(3, 5)
    data: WKData = state.data
    clear_board(data)
    neutral_city(data, "vecht")
    area = T.data.board.cities["vecht"].area
    data.noble_area["green_star"] = area

    def attack(*troops: str) -> tuple[int, int, int, int]:
        data.army["green_star"] = []
        give(data, "green_star", *troops)
        battle = Battle("green", False, area=area, target=("city", "vecht"), kind="assault",
                        attackers=("green_star",), commander={ATTACKER: "green_star", DEFENDER: None})
        battle.drawn = {side: fate_cards_for(data, battle, side) for side in (ATTACKER, DEFENDER)}
        return (battle.drawn[ATTACKER], minimum_discards(data, battle, ATTACKER),
                battle.drawn[DEFENDER], minimum_discards(data, battle, DEFENDER))

    assert T.data.board.cities["vecht"].strength == 300
    assert attack("green:soldier_50:1") == (2, 1, 3, 0)
    assert attack("green:soldier_100:1", "green:soldier_50:1") == (3, 2, 3, 0)


def field_battle(lead: int, where: str, stronghold: str = "free") -> WKData:
    """Green's PH-Green-Triangle (200, no battle ability) attacks blue's Louis de Cyan (loyal
    100) with Versatile Strategy: green keeps ``lead`` +1 Victory cards (with a lead of 1, and a
    Prevent), blue a Prevent: no casualties, victory ``lead``-0. ``where``: ``kingdom`` (a free area),
    ``cornered`` (every area Louis could retreat to holds a red noble) or ``overseas``. Blue's
    Stronghold is ``free``, ``off`` the board or ``besieged`` by a red noble."""
    area = ""

    def arrange(data: WKData) -> None:
        nonlocal area
        clear_board(data)
        board = T.data.board
        if where == "overseas":
            area = next(a for a, rec in board.areas.items() if rec.region != "kingdom")
            city = board.city_in(area)
            if city is not None:
                neutral_city(data, city.id)
        else:
            area = free_areas(data)[0]
        if where == "cornered":
            area = min(free_areas(data), key=lambda a: len(retreat_areas_of(a)))
            exits = retreat_areas_of(area)
            reds = data.nobles_of("red")
            assert len(exits) <= len(reds)
            for noble, exit_area, soldier in zip(reds, exits, T.soldiers["red"]):
                give(data, noble, soldier)
                data.noble_area[noble] = exit_area
        give(data, "green_triangle", "green:soldier_100:1", "green:soldier_50:1", "green:soldier_50:2")
        give(data, "blue_triangle", "blue:soldier_100:1")
        data.noble_area["green_triangle"] = data.noble_area["blue_triangle"] = area
        if stronghold == "off":
            data.stronghold["blue"] = None
        elif stronghold == "besieged":
            besieger = next(nb for nb in data.nobles_of("red") if data.noble_area[nb] is None)
            give(data, besieger, next(s for s in T.soldiers["red"] if not any(s in a for a in data.army.values())))
            data.noble_area[besieger] = data.stronghold["blue"]
            data.besieged_strongholds["blue"] = "red"
            data.siege_round["stronghold:blue"] = data.round

    def retreat_areas_of(area: str) -> list[str]:
        board = T.data.board
        return [n for n in board.areas_map.neighbours(area) if board.areas[n].region == "kingdom" and board.passable(area, n)]

    state = versatile_strategy_of("green", 3, arrange)
    data: WKData = state.data
    victory, prevent = FATE_BY["victory"], FATE_BY["prevent"]
    stack_fate(data, victory[0], victory[1] if lead == 2 else prevent[3], prevent[0], prevent[1],
               prevent[2], prevent[4], prevent[5])
    act(state, "green", "start a battle")
    if "attack blue's nobles" in labels(state, "green"):
        act(state, "green", "attack blue's nobles")
    act(state, "green", "discard a Prevent 100")
    act(state, "green", "discard a Prevent 100")
    act(state, "green", "keep +1 Victory, +1 Victory" if lead == 2 else "keep Prevent 100, +1 Victory")
    act(state, "blue", "keep Prevent 100")  # its first two discards were its only choice
    assert f"victory {lead}-0" in log_of(state)
    sound(state)
    return data


def test_a_lead_of_two_kills_every_noble_of_the_loser() -> None:
    """22.1 #66: victory 2-0 in a field battle: Louis dies (no retreat is asked); his heir
    keeps his loyal soldiers off the board (#78)."""
    data = field_battle(lead=2, where="kingdom")
    assert data.noble_area["blue_triangle"] is None and data.heir["blue_triangle"]
    assert data.army["blue_triangle"] == ["blue:soldier_100:1"] and data.heirless_dead == []


def test_a_retreat_with_nowhere_to_go() -> None:
    """22.1 #76, SC-19's last sentence: victory 1-0; overseas Louis cannot retreat and dies;
    cornered in the Kingdom he goes to his Stronghold, exhausted; with his Stronghold off the
    board, or besieged, he dies."""
    data = field_battle(lead=1, where="overseas")
    assert data.noble_area["blue_triangle"] is None and data.heir["blue_triangle"]
    data = field_battle(lead=1, where="cornered")
    assert data.noble_area["blue_triangle"] == data.stronghold["blue"] is not None
    assert "blue_triangle" in data.exhausted
    data = field_battle(lead=1, where="cornered", stronghold="off")
    assert data.noble_area["blue_triangle"] is None and data.heir["blue_triangle"]
    data = field_battle(lead=1, where="cornered", stronghold="besieged")
    assert data.besieged_strongholds["blue"] == "red"
    assert data.noble_area["blue_triangle"] is None and data.heir["blue_triangle"]


def test_a_siege_declared_again_two_rounds_later_begins_anew() -> None:
    """22.1 #73 as the original has it (errata 1, over AMB-27): only a declaration in the round
    after the siege began completes it; one made later lays the siege anew from this round."""
    state = monz_siege(("green:soldier_50:1",), besieged_since=-1)
    data: WKData = state.data
    assert data.round == 1
    act(state, "green", "start a battle")
    act(state, "green", "siege")
    assert data.city_owner["monz"] is None and data.besieged == {"monz": "green"} and data.siege_round == {"monz": 1}
    assert "green lays siege to Monz anew" in log_of(state)
    sound(state)
