"""The optional variants (17): game length, Truly Private Motions, heir exchange, player
elimination and Rule of Force, each from an arranged position driven through the public
API; and random games with every variant on."""

from __future__ import annotations

import banneret
from banneret import State
from banneret.types import ENDED_BY_CAP, ENDED_BY_RULES
from banneret_warrior_knights.state import WKData

from test_wk_muster import stack_fate, to_muster
from wk_economy_helpers import bare_game
from wk_helpers import act, labels, new_game


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
