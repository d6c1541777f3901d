"""The optional variants (17): game length, Truly Private Motions, heir exchange, player
elimination and Rule of Force, each from an arranged position driven through the public
API; and random games with every variant on."""

from __future__ import annotations

import functools
import random
from typing import Callable

import banneret
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from banneret import Rng, State
from banneret.types import ENDED_BY_CAP, ENDED_BY_RULES
from banneret_warrior_knights import movement
from banneret_warrior_knights.data_model import validate_effect
from banneret_warrior_knights.state import WKData
from banneret_warrior_knights.muster import final_standings
from banneret_warrior_knights.state import tables
from banneret_warrior_knights.variants import MOTION_RULES, heir_held_by
from banneret.testing import check_ends_within_bound, check_invariants, check_views
from banneret.testing.conformance import check_board

import test_wk_assembly
from test_wk_assembly import ballot, fate_names, pending, pull, set_agendas, to_assembly
from test_wk_battle_scenarios import clear_board, give, monz_siege, neutral_city, versatile_strategy_of
from test_wk_movement import arranged, place, soldiers
from test_wk_effects import draw_event
from test_wk_muster import stack_fate, to_muster
from wk_neutral_helpers import fate_card, fate_on_top, in_action_phase, on_board_noble
from wk_economy_helpers import bare_game
from wk_helpers import REG, act, labels, new_game


T = tables()


def with_options(state: State, **options: object) -> State:
    """The arranged game plays under these options (set before anything reads them)."""
    state.options = {**state.options, **options}
    return state


# --------------------------------------------------------------------------- 17.1


def test_game_length_sets_the_pool_per_baron() -> None:
    """17.1: 8 influence a baron for a short game, 12 to 15 for a long one; 10 by default."""
    assert new_game(3, seed=1).data.influence_pool == 30
    assert new_game(3, seed=1, influence_per_baron=8).data.influence_pool == 24
    assert new_game(4, seed=1, influence_per_baron=15).data.influence_pool == 60


# --------------------------------------------------------------------------- 17.2


def test_motion_rules_are_standing_effects_of_the_vocabulary() -> None:
    for key, rule in MOTION_RULES.items():
        validate_effect(rule.effect, key)
        assert rule.effect.use == "standing"


def test_a_truly_private_motion_puts_a_rule_in_force_and_lifts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """17.2: with the variant the proposer may also propose the rules' two examples; voted
    through, 'no sieges' binds every baron; a later motion lifts it. Without the variant
    the menu is the four purposes of 9.3.5 (test_wk_assembly)."""
    monkeypatch.setattr(test_wk_assembly, "new_game", functools.partial(new_game, truly_private_motions=True))

    def arrange(data: WKData) -> None:
        data.chairman = "green"
        data.votes.update({"green": 2, "red": 0, "blue": 0})
        set_agendas(data, "private_motion:1", "private_motion:2")
        fate_names(data, "blue")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    assert labels(state, "blue") == [
        "propose to postpone the Assembly", "propose to put the rule 'no sieges' in force",
        "propose to put the rule 'moves only along roads' in force",
    ]
    act(state, "blue", "propose to put the rule 'no sieges' in force")
    for baron in data.barons:
        ballot(state, baron, (1 if baron == "green" else 0, None))
    act(state, "green", "declare 1 votes for Yes")
    assert data.motion_rules == ["no_sieges"]
    assert "the rule 'no sieges' is in force" in [e.text for e in state.log]
    assert state.game.view(state, "red")["motion_rules"] == ["no sieges"]
    # the second motion: its proposer may lift the rule; voted through, it is lifted
    assert pending(state)[0] == "propose"
    proposer = pending(state)[1][0]
    assert "propose to lift the rule 'no sieges'" in labels(state, proposer)
    act(state, proposer, "propose to lift the rule 'no sieges'")
    for baron in data.barons:
        ballot(state, baron, (1 if baron == "green" else 0, None))
    act(state, "green", "declare 1 votes for Yes")
    assert data.motion_rules == []
    assert state.game.invariants(state) == []


def test_no_sieges_leaves_only_the_assault() -> None:
    """17.2 'no sieges': where SC-13 offers assault or siege, only the assault remains (the
    next question is the attacker's discard); lifted, the siege is offered again."""
    state = monz_siege(("green:soldier_50:1",))
    state.data.motion_rules = ["no_sieges"]
    act(state, "green", "start a battle")
    assert banneret.pending(state).kind == "discard fate" and state.data.besieged == {}
    state = monz_siege(("green:soldier_50:1",))
    act(state, "green", "start a battle")
    assert labels(state, "green") == ["assault", "siege"]


def test_moves_only_along_roads_drops_the_steps_off_the_road() -> None:
    """17.2 'moves only along roads': from K-e1 the step to K-f1 (no road) goes; the steps and
    moves along the roads stay."""
    state = arranged("versatile_strategy")
    data: WKData = state.data
    place(data, "green_star", "k_e1", soldiers("green")[0])
    free = movement.legal_paths(data, "green_star")
    data.motion_rules = ["roads_only"]
    assert sorted(set(free) - set(movement.legal_paths(data, "green_star"))) == [("k_f1",)]
    assert ("k_d1",) in movement.legal_paths(data, "green_star") and ("k_e2", "k_e3") in movement.legal_paths(data, "green_star")


# --------------------------------------------------------------------------- 17.3


def _hostage_muster(chairman: str = "red") -> tuple[State, str]:
    """3 barons, heir exchange on: green's star noble is dead, off the board with a loyal
    100, and red holds his heir; the Muster's returns begin with ``chairman``."""
    state = with_options(bare_game(3, seed=1, chairman=chairman), heir_exchange=True)
    data: WKData = state.data
    noble = "green_star"
    data.army[noble] = ["green:soldier_100:1"]
    data.awaiting_heir.append(noble)
    data.heir_holder[noble] = "red"
    to_muster(state)
    return state, T.data.nobles[noble].name


def test_a_dead_noble_returns_only_once_his_heir_is_home() -> None:
    """17.3: red, first in the returns, holds green's heir: he may give it back or kill it,
    and give the heirs of his own nobles away; given back, green's noble returns in green's
    step of the same Muster."""
    state, name = _hostage_muster()
    data: WKData = state.data
    assert pending(state) == ("heirs", ("red",))
    offered = labels(state, "red")
    assert offered[-1] == "finish with the heirs" and len(offered) == 4 * 2 + 2 + 1
    assert {f"give the heir of {name} back to green", f"kill the heir of {name} (green)"} <= set(offered)
    red_noble = T.data.nobles["red_star"].name
    assert f"give the heir of {red_noble} to blue" in offered
    act(state, "red", f"give the heir of {name} back to green")
    assert data.awaiting_heir == [] and data.heir_holder == {}
    act(state, "red", "finish with the heirs")
    act(state, "blue", "finish with the heirs")
    act(state, "green", "finish with the heirs")
    act(state, "green", "finish moving troops")
    # his stronghold's area is his only return site: he is placed there without a question
    assert data.noble_area["green_star"] == data.stronghold["green"]
    assert f"green places {name} in {T.data.board.areas[data.stronghold['green']].name}" in [e.text for e in state.log]
    assert state.game.invariants(state) == []


def test_a_killed_heir_ends_the_line_of_a_dead_noble() -> None:
    """17.3, 11.8: red kills the heir he holds: green's dead noble never returns, his loyal
    soldiers leave the game; the noble is shown without an heir."""
    state, name = _hostage_muster()
    data: WKData = state.data
    act(state, "red", f"kill the heir of {name} (green)")
    assert data.heir["green_star"] is False and data.heirless_dead == ["green_star"]
    assert data.army["green_star"] == [] and data.awaiting_heir == []
    assert state.game.view(state, "blue")["nobles"]["green_star"]["line_ended"] is True
    assert state.game.invariants(state) == []


def test_an_heir_an_event_took_while_he_waited_ends_his_line_in_his_barons_step() -> None:
    state = with_options(bare_game(3, seed=1, chairman="red"), heir_exchange=True)
    data: WKData = state.data
    data.army["green_star"] = ["green:soldier_100:1"]
    data.awaiting_heir.append("green_star")
    data.heir_holder["green_star"] = "red"
    data.heir["green_star"] = False  # No Heir struck him while red held the heir
    to_muster(state)
    name = T.data.nobles["green_star"].name
    assert not any(name in label for label in labels(state, "red"))
    act(state, "red", "finish with the heirs")
    act(state, "blue", "finish with the heirs")
    assert data.heirless_dead == ["green_star"] and data.army["green_star"] == [] and data.awaiting_heir == []


def test_a_dead_noble_stays_off_the_board_while_another_baron_holds_his_heir() -> None:
    """17.3: red keeps green's heir: green is asked nothing about the dead noble (his army
    waits with him, to move no troops), and the Muster ends with the noble off the board."""
    state, name = _hostage_muster()
    data: WKData = state.data
    for baron in ("red", "blue", "green"):
        act(state, baron, "finish with the heirs")
    assert pending(state) == ("plan", ("green", "red", "blue"))
    assert data.noble_area["green_star"] is None and data.awaiting_heir == ["green_star"]
    assert state.game.view(state, "green")["nobles"]["green_star"]["heir_held_by"] == "red"


def test_a_baron_gives_an_heir_away_and_then_it_is_no_longer_his_to_give() -> None:
    state, _ = _hostage_muster()
    data: WKData = state.data
    red_noble = T.data.nobles["red_star"].name
    act(state, "red", f"give the heir of {red_noble} to blue")
    assert data.heir_holder == {"green_star": "red", "red_star": "blue"}
    assert not any(red_noble in label for label in labels(state, "red"))


def test_an_assassinated_noble_whose_heir_another_baron_holds_waits_for_it() -> None:
    """17.3 with the Assassin event (a death with an heir): red holds the heir of green's
    noble, so he waits off the board; then No Heir strikes him: the heir red held is dead
    (his line ends at green's next returns step, see ExchangeHeirs)."""
    state = with_options(in_action_phase(2, seed=8), heir_exchange=True)
    data: WKData = state.data
    data.faith.update({b: 0 for b in data.barons})
    green = on_board_noble(state, "green")
    data.heir_holder[green] = "red"
    fate_on_top(state, fate_card(noble=green))
    draw_event(state, "assassin", "red")
    assert data.noble_area[green] is None and data.heir[green] is True and data.awaiting_heir == [green]
    assert heir_held_by(data, green) == "red"
    fate_on_top(state, fate_card(noble=green))
    draw_event(state, "no_heir", "green")
    assert data.heir[green] is False and heir_held_by(data, green) is None


def test_without_the_variant_nobody_is_asked_about_heirs() -> None:
    state = bare_game(3, seed=1, chairman="red")
    to_muster(state)
    assert pending(state)[0] != "heirs" and not any(e.kind == "heirs" for e in state.log)


# --------------------------------------------------------------------------- 17.4


def _stronghold_falls(barons: int, loser: str = "blue", arrange_more: Callable[[WKData], None] | None = None) -> State:
    """SC-19's position (the loser's empty Stronghold at strength 0, green's noble in its
    area, the loser holding Vecht and Kovel, 15 crowns) under player elimination; green
    assaults and the Stronghold falls."""
    def arrange(data: WKData) -> None:
        clear_board(data)
        home = data.stronghold[loser]
        data.stronghold_breaches[loser] = T.data.barons[loser].stronghold_strength // 100
        give(data, "green_star", "green:soldier_100:1")
        data.noble_area["green_star"] = home
        neutral_city(data, "vecht")
        neutral_city(data, "kovel")
        data.city_owner["vecht"] = data.city_owner["kovel"] = loser
        data.crowns[loser] = 15
        if arrange_more is not None:
            arrange_more(data)

    state = with_options(versatile_strategy_of("green", barons, arrange), player_elimination=True)
    for label in ("start a battle", "assault"):
        act(state, "green", label)
    while (kind := banneret.pending(state).kind) in ("discard fate", "ability"):  # keep every card, use the ability
        act(state, "green", labels(state, "green")[-1 if kind == "discard fate" else 0])
    return state


def test_a_baron_whose_stronghold_falls_is_out() -> None:
    """17.4, AMB-50: blue's Stronghold falls: green still takes half his crowns, but no city
    is handed over: blue is out. His nobles leave the board (his mercenaries go back to the
    deck), his cities turn neutral, his Charge is discarded, his cards leave the special
    areas, his marker the track (now 3 spaces, red's marker from the dropped fourth moves to
    the third), his stake the expedition; the Chairman's title goes to the most votes (red),
    the Head of the Church's to the most faith (green). No decision goes to him again."""
    def arrange(data: WKData) -> None:
        data.chairman = data.head_of_church = "blue"
        data.votes.update({"green": 1, "red": 3, "blue": 5})
        data.faith.update({"green": 3, "red": 1, "blue": 5})
        give(data, "blue_star", "blue:soldier_100:1", "english_100:1")
        data.noble_area["blue_star"] = T.data.board.cities["monz"].area
        data.office["blue_star"] = pull(data, "admiral:1")
        data.charges["blue"].append(pull(data, "marshal:1"))
        taxed = next(c for c in data.hand["blue"] if ":levy_taxes:" in c)
        data.hand["blue"].remove(taxed)
        data.special_areas["taxation"].append(taxed)
        data.mercenary_track[:] = ["blue", None, None, "red"]
        expedition = next(iter(T.data.expeditions))
        data.expedition_space[expedition] = 1
        data.expedition_stakes[expedition] = {"blue": 2, "red": 1}

    state = _stronghold_falls(3, arrange_more=arrange)
    data: WKData = state.data
    assert data.barons == ("green", "red") and data.eliminated == ["blue"]
    assert state.game.eliminated(state) == ("blue",)
    assert (data.crowns["green"], data.crowns["blue"]) == (15 + 7, 8) and data.stronghold["blue"] is None
    assert data.city_owner["vecht"] is None and data.city_owner["kovel"] is None
    assert all(data.noble_area[nb] is None and not data.army[nb] for nb in data.nobles_of("blue"))
    assert data.office["blue_star"] is None and data.charges["blue"] == []
    assert {"admiral:1", "marshal:1"} <= set(data.agendas.discard_pile)
    assert data.special_areas["taxation"] == [] and len(data.hand["blue"]) == 12
    assert data.mercenary_track == [None, None, "red"]
    assert list(data.expedition_stakes.values()) == [{"red": 1}]
    assert (data.chairman, data.head_of_church) == ("red", "green")
    assert "blue" not in banneret.pending(state).players
    assert state.game.invariants(state) == []
    view = state.game.view(state, None)
    assert "blue" not in view["barons"] and view["eliminated"] == ["blue"]
    check_ends_within_bound(state)


def test_the_last_baron_standing_wins_and_the_fallen_rank_last() -> None:
    """17.4 with two barons: red's fall leaves green alone: green wins at once; red ranks
    second, below him."""
    state = _stronghold_falls(2, loser="red")
    result = banneret.outcome(state)
    assert result.winners == ("green",) and result.ended_by == ENDED_BY_RULES
    assert [(s.faction, s.rank) for s in result.standings] == [("green", 1), ("red", 2)]
    assert state.data.eliminated == ["red"] and state.game.invariants(state) == []
    assert "green is the last baron standing" in [e.text for e in state.log]
    check_ends_within_bound(state)
    check_views(state, Rng(0))
    check_board(state, Rng(0), REG)  # the final table draws and renders (a table of one baron would not)
    assert "Barons:" in state.game.render(state, "red")


def test_an_elimination_that_brings_an_area_to_its_threshold_plays_the_phase_at_the_cards_end() -> None:
    """AMB-50: with 3 barons Taxation holds 5 cards (green's and red's two Serve the Church
    each, blue's Levy Taxes), one short of 6. Blue's Stronghold falls to green's Versatile
    Strategy: blue is out, his card leaves the area, and with 2 barons its 4 cards are enough.
    The Taxation phase runs once the card is done, before the next card is revealed: red
    collects Frola's income, green (no city) nothing beyond blue's half crowns; every card of
    the area goes back to its owner."""
    def arrange(data: WKData) -> None:
        taxation = data.special_areas["taxation"]
        for baron, title in (("green", "serve_the_church"), ("red", "serve_the_church"), ("blue", "levy_taxes")):
            cards = [c for c in data.hand[baron] if f":{title}:" in c][: 1 if baron == "blue" else 2]
            for card in cards:
                data.hand[baron].remove(card)
            taxation += cards
        neutral_city(data, "frola")
        data.city_owner["frola"] = "red"
        data.crowns["red"] = 15

    state = _stronghold_falls(3, arrange_more=arrange)
    data: WKData = state.data
    log = [e.text for e in state.log]
    out = log.index("blue's stronghold has fallen: blue is out of the game")
    phase = log.index("taxation holds 4 cards: the taxation phase")
    assert out < phase < len(log) - 1 and "space 2" in log[-1] and "green" in log[-1]
    assert banneret.pending(state).kind == "card" and data.revealed is not None and ":levy_taxes:" in data.revealed
    assert data.crowns == {**data.crowns, "green": 15 + 7, "red": 15 + T.data.board.cities["frola"].income}
    assert data.special_areas["taxation"] == [] and len(data.hand["red"]) == 12 and len(data.hand["blue"]) == 12
    assert state.game.invariants(state) == []


def test_final_standings_rank_the_fallen_below_every_baron_still_in() -> None:
    state = bare_game(3, seed=2)
    data: WKData = state.data
    data.influence.update({"green": 1, "red": 1, "blue": 9})
    data.barons, data.eliminated = ("green", "red"), ["blue"]
    assert [(s.faction, s.rank, s.score) for s in final_standings(data)] == [("green", 1, 1), ("red", 1, 1), ("blue", 3, 9)]


# --------------------------------------------------------------------------- 17.5


def _empty_the_pool(rule_of_force: bool) -> State:
    """SC-22's position: N = 2, pool 3; green earns 2, red 3; no revolts."""
    state = with_options(bare_game(2, seed=5, chairman="green"), rule_of_force=rule_of_force)
    data: WKData = state.data
    data.influence_pool = 3
    cities = sorted(data.city_owner)
    data.city_owner.update({cities[0]: "green", cities[1]: "green", cities[2]: "red", cities[3]: "red", cities[4]: "red"})
    stack_fate(data, [False] * 5)
    to_muster(state)
    return state


def test_rule_of_force_an_empty_pool_ends_nothing() -> None:
    """17.5, statement 86: under Rule of Force the Muster that empties the pool is not the
    last; the next round's planning follows. Without it the game ends there."""
    state = _empty_the_pool(rule_of_force=True)
    data: WKData = state.data
    assert data.influence == {"green": 2, "red": 3} and data.influence_pool == 0
    assert not banneret.is_over(state)
    assert banneret.pending(state).kind == "plan" and data.round == 2
    assert not any("last round" in e.text for e in state.log)
    ended = _empty_the_pool(rule_of_force=False)
    assert banneret.outcome(ended).winners == ("red",)


def test_rule_of_force_domination_still_wins() -> None:
    """17.5: a baron holding more than half the unrazed Kingdom cities wins at the Muster."""
    state = with_options(bare_game(2, seed=5, chairman="green"), rule_of_force=True)
    data: WKData = state.data
    data.influence_pool = 0
    kingdom = sorted(data.unrazed_kingdom_cities())
    data.city_owner.update({c: "green" for c in kingdom[:len(kingdom) // 2 + 1]})
    to_muster(state)
    result = banneret.outcome(state)
    assert result.winners == ("green",) and result.ended_by == ENDED_BY_RULES


def test_rule_of_force_the_round_limit_still_stops_the_game() -> None:
    """17.5: the round limit (a safety cap, not a rule) still ends a game, nobody crowned."""
    state = with_options(bare_game(2, seed=5, chairman="green"), rule_of_force=True, round_limit=10)
    data: WKData = state.data
    data.influence_pool = 0
    data.round = 10  # the planning under way is the tenth round's
    to_muster(state)
    result = banneret.outcome(state)
    assert result.winners == () and result.ended_by == ENDED_BY_CAP and data.round == 10


# --------------------------------------------------------------------------- all variants at once

ALL_VARIANTS = {"truly_private_motions": True, "heir_exchange": True, "player_elimination": True,
                "rule_of_force": True, "round_limit": 10}


@settings(max_examples=8, deadline=None, derandomize=True)
@given(barons=st.integers(min_value=2, max_value=6), seed=st.integers(min_value=0, max_value=10_000))
@example(barons=4, seed=750)  # an elimination left Wages over the smaller threshold (AMB-50)
def test_random_games_with_every_variant_play_to_the_end(barons: int, seed: int) -> None:
    """Random legal games with every variant on, to the round limit or a victory: the
    invariants and the decision bound hold at every step (no decision for a baron out of the
    game), the views at samples, and the outcome ranks the barons out last."""
    state = new_game(barons, seed, **ALL_VARIANTS)
    rng = random.Random(seed)
    while not banneret.is_over(state):
        check_invariants(state)
        check_ends_within_bound(state)
        if state.step % 100 == 0:
            check_views(state, Rng(seed))
        now = banneret.pending(state)
        player = rng.choice(now.players)
        banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))
    check_invariants(state)
    check_ends_within_bound(state)
    check_views(state, Rng(seed))
    check_board(state, Rng(seed), REG)
    assert all(state.game.render(state, p) for p in (*state.factions, None))
    result = banneret.outcome(state)
    out = state.data.eliminated
    assert [s.faction for s in result.standings][len(result.standings) - len(out):] == out[::-1]
