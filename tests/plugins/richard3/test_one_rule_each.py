"""One implementation per rule (issue 9, point 4), and nothing shared between games (point 3).

* Where play keeps a fast form of a rule, random games check it against the plain reference
  beside it: the two-area land walk (5.2, 5.21), the battle's turn order (6.2) and the action
  menu's quick "is there a land / sea move, a recruit?" scans (5.0).
* The rule parameters reach the rules: a house-rule variant that widens a border limit
  changes which moves are legal.
* A game plays the same whatever games ran before it in the same process.
"""

from __future__ import annotations

import random
import subprocess
import sys
import types

import pytest
from hypothesis import given, settings, strategies as st

import banneret
from banneret import Variant, flow, hookimpl
from banneret.errors import OptionError
from banneret.registry import registry_from
from banneret_richard3 import battle, combat, movement, supply
from banneret_richard3 import plugin as r3plugin
from banneret_richard3.state import DEFAULT_PARAMETERS, Parameters, tables
from r3_helpers import data, do, put, start_turn


def _random_game(seed: int, options: dict | None = None, registry=None):
    """Yield the state at every decision of a seeded random game, then play on."""
    state = banneret.new_game("richard3", seed=seed, options=options or {}, registry=registry)
    rnd = random.Random(seed)
    while banneret.pending(state).players:
        yield state
        player = banneret.pending(state).players[0]
        actions = banneret.legal_actions(state, player)
        banneret.apply(state, actions[rnd.randrange(len(actions))])


# --------------------------------------------------------------------------- 5.2 land walk


def _check_land_walks(state: banneret.State, house: str) -> None:
    d = data(state)
    t = tables()
    for origin in t.areas:
        if not any(d.house_of(b) == house for b in d.at[origin]):
            continue
        banned = movement._banned(d, origin, house)
        for steps in (1, 2):
            for bonus in (0, 1):
                fast = movement.land_paths(d, house, origin, steps, bonus, banned, rules=state.rules)
                plain = movement.land_paths_reference(d, house, origin, steps, bonus, banned, rules=state.rules)
                assert fast == plain, (origin, steps, bonus)
                assert movement.land_paths(d, house, origin, steps, bonus, banned, rules=state.rules, first=True) == plain[:1]
        for target in {p[-1] for p in plain}:
            fast = movement.land_paths(d, house, origin, 2, 0, banned, target, rules=state.rules)
            assert fast == movement.land_paths_reference(d, house, origin, 2, 0, banned, target, rules=state.rules)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_fast_land_walk_agrees_with_the_plain_walk(seed: int) -> None:
    checked = 0
    for state in _random_game(seed):
        now = banneret.pending(state)
        if now.kind in ("action-menu", "action-group"):
            _check_land_walks(state, now.players[0])
            checked += 1
    assert checked > 0


# --------------------------------------------------------------------------- 6.2 turn order


def _reference_group(d, b: battle.BattleRecord) -> tuple[str, ...]:
    """The next battle turn by the printed letters (initiative, order_key), block by block."""
    blocks = tables().blocks
    return combat.next_group(
        (x, combat.order_key(combat.initiative(blocks[x], b.round, x in b.was_reserve),
                             d.house_of(x) == b.defender))
        for x in b.to_act
    )


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_battle_turn_order_agrees_with_the_initiative_letters(seed: int) -> None:
    turns = 0
    for game in range(seed, seed + 10):  # a random game may see no battle: play on until one did
        for state in _random_game(game):
            if banneret.pending(state).kind == "battle-turn":
                d = data(state)
                b = battle.current(state)
                assert b is not None
                assert b.group == _reference_group(d, b) == battle._group(d, b)
                turns += 1
        if turns:
            break
    assert turns > 0


# --------------------------------------------------------------------------- 5.0 menu scans


def _check_menu(state: banneret.State, house: str) -> None:
    """Each kind the menu offers (or not) agrees with the full list of its next step."""
    d = data(state)
    event = d.card_event(house)
    if event in ("plague", "muster"):
        return
    bombard_sea = state.options["bombard_sea_moves"]
    recruiting = flow.var(state, "recruiting")  # the Actions frame, at its menu
    land = event in movement._LAND_EVENTS and bool(movement._land_actions(d, house, event))
    sea = event in movement._SEA_EVENTS and bool(movement._sea_actions(d, house, event == "piracy", bombard_sea))
    recruit = event is None and bool(movement._recruit_actions(d, house))
    kinds = {a.args for a in banneret.legal_actions(state, house) if a.kind == "pick"}
    assert kinds == {k for k, on in (("land", land and not recruiting), ("sea", sea and not recruiting),
                                     ("recruit", recruit)) if on}


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), options=st.sampled_from([{}, {"bombard_sea_moves": True}]))
def test_the_menus_quick_scans_agree_with_the_full_lists(seed: int, options: dict[str, bool]) -> None:
    menus = 0
    for state in _random_game(seed, options):
        now = banneret.pending(state)
        if now.kind == "action-menu":
            _check_menu(state, now.players[0])
            menus += 1
    assert menus > 0


# --------------------------------------------------------------------------- parameters


WIDE_RED = Variant("richard3", "wide_red_borders", "three blocks per player across a red border",
                   lambda rules, options: rules.update(red_border_limit=3))
HOUSE_RULES = types.SimpleNamespace(
    __name__="r3_house_rules",
    banneret_variants=hookimpl(lambda game_id: [WIDE_RED] if game_id == "richard3" else []),
)
REGISTRY = registry_from([r3plugin, HOUSE_RULES])


def _third_block_across_the_red_border(options: dict) -> list[str]:
    """S6's board: two Lancaster blocks cross Pembroke-Powys (red); what may the third do?"""
    s = banneret.new_game("richard3", seed=22, options=options, registry=REGISTRY)
    for block in ("devon", "wiltshire"):
        put(s, block, "pembroke")  # with the Earl of Pembroke, three Lancaster blocks in Pembroke
    start_turn(s, "action_ap4_1", "action_ap3_1")
    do(s, "lancaster", "land move")
    do(s, "lancaster", "land move from pembroke")
    for block in ("devon", "wiltshire"):
        do(s, "lancaster", f"select {block}")
        do(s, "lancaster", f"move {block}: pembroke -> powys")
    do(s, "lancaster", "select pembroke")
    return [a.label for a in banneret.legal_actions(s, "lancaster")]


def test_a_house_rule_on_a_border_limit_changes_the_legal_moves() -> None:
    assert "move pembroke: pembroke -> powys" not in _third_block_across_the_red_border({})
    assert "move pembroke: pembroke -> powys" in _third_block_across_the_red_border({"variant": "wide_red_borders"})


def test_a_house_rule_on_the_supply_limit_reaches_the_supply_phase() -> None:
    """Five blocks in a plain area lose a step to supply (7.1), unless a variant lets an area
    without a city feed five; the view shows the game's limit."""
    big = Variant("richard3", "big_armies", "five blocks in every area", lambda rules, options: rules.update(supply_limit=5))
    plugin = types.SimpleNamespace(__name__="r3_big_armies", banneret_variants=hookimpl(lambda game_id: [big]))
    reg = registry_from([r3plugin, plugin])
    for options, lost in (({}, 1), ({"variant": "big_armies"}, 0)):
        s = banneret.new_game("richard3", seed=50, options=options, registry=reg)
        for block in ("devon", "pembroke", "oxford", "beaumont", "wiltshire"):
            put(s, block, "sussex")
        assert banneret.view(s, None)["board"]["supply_limits"]["sussex"] == 5 - lost
        assert supply.excess(data(s), "sussex", s.rules) == lost


def test_the_game_declares_its_parameters_and_reads_them_typed() -> None:
    game = REGISTRY.game("richard3")
    assert game.rule_parameters() == {
        "yellow_border_limit": 4, "blue_border_limit": 3, "red_border_limit": 2,
        "battle_rounds": 4, "supply_limit": 4, "city_supply_limit": 5,
    }
    state = banneret.new_game("richard3", seed=1, registry=REGISTRY, options={"variant": "wide_red_borders"})
    assert isinstance(state.rules, Parameters)
    assert state.rules.border_limit("red") == 3 and state.rules["red_border_limit"] == 3
    assert state.clone().rules is state.rules
    assert banneret.new_game("richard3", seed=1, registry=REGISTRY).rules == DEFAULT_PARAMETERS


def test_a_variant_that_breaks_a_parameter_is_refused() -> None:
    bad = Variant("richard3", "no_borders", "", lambda rules, options: rules.update(red_border_limit=0))
    typo = Variant("richard3", "typo", "", lambda rules, options: rules.update(red_limit=3))
    plugin = types.SimpleNamespace(
        __name__="r3_bad_rules", banneret_variants=hookimpl(lambda game_id: [bad, typo]),
    )
    reg = registry_from([r3plugin, plugin])
    with pytest.raises(OptionError, match="red_border_limit"):
        banneret.new_game("richard3", seed=1, registry=reg, options={"variant": "no_borders"})
    with pytest.raises(OptionError, match="red_limit"):
        banneret.new_game("richard3", seed=1, registry=reg, options={"variant": "typo"})


# --------------------------------------------------------------------------- independence


def _final_hash(seed: int, options: dict | None = None) -> str:
    state = None
    for state in _random_game(seed, options):
        pass
    assert state is not None
    return banneret.state_hash(state)


_FIRST_GAME = """
import sys
sys.path.insert(0, {tests!r})
from test_one_rule_each import _final_hash
print(_final_hash({seed}))
"""


def test_a_game_plays_the_same_whatever_ran_before_it() -> None:
    """The final hash of a seeded random game, as the first game of a fresh interpreter and
    after other games (other options, a house rule) in this one."""
    seed = 4242
    tests = str(__import__("pathlib").Path(__file__).parent)
    first = subprocess.run(
        [sys.executable, "-c", _FIRST_GAME.format(tests=tests, seed=seed)],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    for other_seed, options in ((1, {}), (2, {"bombard_sea_moves": True}), (3, {"variant": "wide_red_borders"})):
        for _ in _random_game(other_seed, options, REGISTRY):
            pass
    assert _final_hash(seed) == first
