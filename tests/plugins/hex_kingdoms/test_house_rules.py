"""The house-rule plugin: its variants reach the rules through the engine's variant hook,
change play, and survive a save."""

from __future__ import annotations

import pytest

import banneret
from banneret.errors import OptionError
from banneret.saves import from_record, to_record
from banneret.agents import Seat
from banneret_hex_kingdoms import house_rules
from banneret_hex_kingdoms.rules import victory


def _game(variant: str | None = None) -> banneret.State:
    options = {"map": "reference"}
    if variant:
        options["variant"] = variant
    return banneret.new_game("hex_kingdoms", seed=5, options=options)


def test_the_house_rules_plugin_is_discovered_through_its_entry_point():
    registry = banneret.default_registry()
    assert sorted(registry.variants("hex_kingdoms")) == ["narrow_victory", "rich_provinces", "short_crusade"]
    assert registry.variants("richard3") == {}
    assert not [b for b in registry.broken if b.name == "hex_kingdoms_house_rules"]


def test_short_crusade_lowers_the_goal_and_only_for_that_game():
    assert _game().data.num["crusade_goal"] == 100
    state = _game("short_crusade")
    assert state.rules["crusade_goal"] == 60
    assert state.data.num["crusade_goal"] == 60
    assert state.options["variant"] == "short_crusade"


def test_two_variants_combine():
    state = _game("short_crusade,rich_provinces")
    assert (state.data.num["crusade_goal"], state.data.num["province_income"], state.data.num["special_province_income"]) == (60, 3, 4)


def _hold(state: banneret.State, own: int, others: int) -> None:
    """Kingdom 0 controls ``own`` provinces, kingdom 1 ``others``, the rest nobody."""
    d = state.data
    for i, p in enumerate(range(2, 13)):
        d.pctrl[p] = 0 if i < own else 1 if i < own + others else -1


def test_narrow_victory_crowns_an_emperor_one_province_ahead():
    plain, narrow = _game(), _game("narrow_victory")
    for state in (plain, narrow):
        _hold(state, own=3, others=2)  # 3 against 2: a margin of one, five provinces held
    assert victory(plain.data) == -1
    assert victory(narrow.data) == 0


def test_an_unknown_variant_is_refused_by_name():
    with pytest.raises(OptionError, match="no house-rule variant 'long_winter'.*narrow_victory"):
        _game("long_winter")


def test_a_saved_game_replays_under_its_house_rules():
    state = _game("short_crusade")
    agent = banneret.RandomAgent(1)
    for _ in range(60):
        player = banneret.pending(state).players[0]
        banneret.apply(state, agent.choose(Seat(state, player)))
    again = from_record(to_record(state))
    assert again.data.num["crusade_goal"] == 60
    assert banneret.state_hash(again) == banneret.state_hash(state)


def test_variants_change_parameters_the_game_declares():
    declared = set(banneret.default_registry().game("hex_kingdoms").rule_parameters())
    probe: dict = {name: 1000 for name in declared}
    for variant in house_rules.VARIANTS:
        before = dict(probe)
        variant.adjust(probe, {})
        assert set(probe) == declared, variant.name
        assert probe != before, variant.name
