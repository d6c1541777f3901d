"""Steps a phase no longer starts, or looks it no longer takes, change nothing the plain way
would have done.

* The Muster's returns (``muster.Returns``): a baron's step whose test in
  ``muster.RETURN_STEPS`` says "nothing to do" ends at once when started, changing nothing
  (data, random draws, log); ``muster.has_return_picks`` (stops at the first card) says
  what ``bool(return_picks)`` says.
* Wages (9.2): a baron is asked about his mercenaries only when he can pay one; so every
  "wages" menu offers a payment besides stopping.
* The Upgrade Defences card (8.4): a baron whose only option is to upgrade nothing is not
  asked; another baron's upgrade, whatever he picks, leaves his options as they were; and
  ``effects.can_upgrade`` (stops at the first fortification) says what
  ``len(upgrade_options) > 1`` says.
* The Draft (9.4): a marker whose baron can afford no displayed unit passes without a
  ``HireMercenary`` step; so every "hire" menu offers a unit besides passing.
* The returns step (13) keeps the groups that can move in its frame until a card moves: at
  every "returns" decision they are what ``return_picks`` gives then.
* ``special_phases.exempt_nobles`` reads the wage-exempt nobles' limits from a table
  (``exemption_limits``); the plain rule reads every ability of every noble.
* ``muster.cities_by_owner`` (one pass over the cities, for Taxation, Influence and revolts)
  gives every owner what ``cities_of`` gives him, and the income and Influence computed from
  it are those computed from ``cities_of``.
* ``battles._place_areas`` (a city or Stronghold to attack, no look at the nobles) says
  what the plain ``battle_targets`` says about cities and Strongholds; where it says no,
  ``battles._field_areas`` (one pass over the nobles) says what it says about field battles.

And the whole game: the same random choices played with the shortcuts and with the plain
procedures (every step started, as before) stay the same at every decision.

Random games through the public API, then shaken (random markers, sieges, off-board nobles,
city owners, agenda cards in force) so that the rare cases come up.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any, Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

import banneret
from banneret import State
from banneret.canonical import state_hash
from banneret.flow import Frame, call, end
from banneret_warrior_knights import effects, muster
from banneret_warrior_knights.battles import _field_areas, _place_areas, battle_targets
from banneret_warrior_knights.effects import UpgradeOne, can_upgrade, upgrade_options
from banneret_warrior_knights.muster import (
    RETURN_STEPS, cities_by_owner, cities_of, has_return_picks, influence_earned, return_picks,
)
from banneret_warrior_knights.data_model import Effect
from banneret_warrior_knights.special_phases import (
    DraftRecord, HireMercenary, MercenaryDraft, PayMercenaries, Wages, affordable_mercenaries, dismiss_unpaid,
    city_income, exempt_nobles, pay_loyal,
)
from banneret_warrior_knights.state import WKData, tables

from test_wk_speed_phases import shaken_game
from wk_helpers import new_game

T = tables()


def started_alone(state: State, step: str, **vars: object) -> State:
    """A copy of ``state`` in which ``step`` was started under a frame holding ``vars``
    (what the enclosing phase would hold); the copy's stack ends with that frame if the step
    ended at once."""
    copy = state.clone()
    holder = Frame("probe", dict(vars), True)
    frame = Frame(step, {}, True)
    copy.stack.extend([holder, frame])
    copy.game.flow.procedures[step].start(copy, frame)
    return copy


def without_probe(state: State) -> tuple[str, int, int]:
    """The state's hash with the probe's frames gone, its log length and random draws."""
    while state.stack and state.stack[-1].proc != "probe":
        state.stack.pop()
    state.stack.pop()
    state.flow_result = None
    return state_hash(state), len(state.log), state.rng.counter


def plain_exempt_nobles(data: WKData, baron: str) -> frozenset[str]:
    """Every ability of every noble of his read (AMB-23: printed strength up to the limit)."""
    return frozenset(nb for nb in data.nobles_of(baron) for e in T.data.nobles[nb].abilities
                     if e.kind == "wage_exemption" and data.strength_of(data.army[nb]) <= e.params["max_strength"])


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 3, 4, 6]), steps=st.integers(0, 600))
def test_skipped_steps_would_do_nothing(seed: int, barons: int, steps: int) -> None:
    state = shaken_game(seed, barons, steps)
    data: WKData = state.data
    before = state_hash(state), len(state.log), state.rng.counter
    owned = cities_by_owner(data)
    assert set(owned) <= {None, *data.barons}
    for owner in (None, *data.barons):
        assert owned.get(owner, []) == cities_of(data, owner)
    for baron in data.barons:
        mine = owned.get(baron, [])
        assert city_income(data, baron, mine) == city_income(data, baron)
        assert influence_earned(data, baron, mine) == influence_earned(data, baron)
        assert has_return_picks(data, baron) == bool(return_picks(data, baron))
        for step, due in RETURN_STEPS:
            if due(state, baron):
                continue
            copy = started_alone(state, step.name, baron=baron)
            assert copy.stack[-1].proc == "probe", (step.name, baron)
            assert copy.flow_result is not None
            assert without_probe(copy) == before, (step.name, baron)
        assert exempt_nobles(data, baron) == plain_exempt_nobles(data, baron)
        with_places = set()
        for area in T.data.board.areas:
            targets = battle_targets(data, baron, area)
            places = [t for t in targets if t[0] in ("city", "stronghold")]
            assert _place_areas(data, baron, {area}) == ({area} if places else set())
            if places:
                with_places.add(area)
            else:
                assert _field_areas(data, baron, {area}) == ({area} if targets else set())
        assert _place_areas(data, baron, set(T.data.board.areas)) == with_places


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 3, 4, 6]), steps=st.integers(0, 600),
       prices=st.sampled_from([(4, 2), (0, 0), (2, 0), (1, 1)]))
def test_an_upgrade_leaves_the_other_barons_options(seed: int, barons: int, steps: int, prices: tuple[int, int]) -> None:
    """Why a baron with nothing to upgrade can be passed over when the card begins: what the
    barons before him choose cannot give him an option (nor take one away from another)."""
    state = shaken_game(seed, barons, steps)
    data: WKData = state.data
    fortify, repair = prices
    found = {b: upgrade_options(data, b, fortify, repair) for b in data.barons}
    for baron in data.barons:
        assert can_upgrade(data, baron, fortify, repair) == (len(found[baron]) > 1)
    for baron in data.barons:
        for option in found[baron]:
            copy = state.clone()
            frame = Frame(UpgradeOne.name, {"baron": baron, "fortify": fortify, "repair": repair}, True)
            copy.stack.append(frame)
            UpgradeOne().choose(copy, frame, option)
            for other in data.barons:
                if other != baron:
                    assert upgrade_options(copy.data, other, fortify, repair) == found[other]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 4, 6]))
def test_wages_and_the_draft_ask_only_a_baron_who_can_pay(seed: int, barons: int) -> None:
    """And the returns step's menu, kept in its frame until a card moves, is the one
    ``return_picks`` gives at that decision."""
    rng = random.Random(seed)
    state = new_game(barons, seed=seed % 1000)
    asked = {"wages": 0, "hire": 0, "returns": 0}
    while not banneret.is_over(state) and min(asked.values()) < 5:
        now = banneret.pending(state)
        player = rng.choice(now.players)
        actions = banneret.legal_actions(state, player)
        if now.kind == "wages":
            assert [a.kind for a in actions].count("pay") >= 1
            assert actions[-1].kind == "stop"
            asked["wages"] += 1
        if now.kind == "hire":
            assert [a.args for a in actions][-1] is None and len(actions) >= 2
            asked["hire"] += 1
        if now.kind == "returns":
            frame = state.stack[-1]
            assert frame.vars["picks"] == tuple(return_picks(state.data, frame["baron"], frame["moved"]))
            asked["returns"] += 1
        banneret.apply(state, rng.choice(actions))
    assert banneret.is_over(state) or min(asked.values()) >= 5


# --------------------------------------------------------------------------- the plain way, in lockstep


def plain_wages_next(self: Wages, state: State, frame: Frame) -> None:
    """Wages as they were: every baron's PayMercenaries step is started."""
    order = frame["order"]
    if not order:
        end(state)
        return
    baron, frame["order"] = order[0], order[1:]
    call(state, PayMercenaries, record=pay_loyal(state, baron))


def plain_pay_start(self: PayMercenaries, state: State, frame: Frame) -> None:
    """The step dismisses the unpaid at once when he can pay none."""
    if not affordable_mercenaries(state.data, frame.record):
        dismiss_unpaid(state, frame.record)
        end(state)


def plain_next_marker(self: MercenaryDraft, state: State, frame: Frame) -> None:
    """Every marker starts a HireMercenary step."""
    data: WKData = state.data
    rec: DraftRecord = frame.record
    k = rec.space + 1
    while k < len(data.mercenary_track) and data.mercenary_track[k] is None:
        k += 1
    rec.space = k
    if k >= len(data.mercenary_track):
        self._finish(state)
        return
    rec.baron = data.mercenary_track[k] or ""
    frame["stage"] = "hire"
    call(state, HireMercenary, baron=rec.baron)


def plain_upgrade_defences(state: State, effect: Effect, ctx: Any) -> Any:
    """Every baron named gets an UpgradeOne step."""
    fortify, repair = effect.params["fortify_crowns"], effect.params["repair_crowns_per_breach"]
    return effects._calls(*((UpgradeOne, {"baron": b, "fortify": fortify, "repair": repair})
                            for b in effects._barons(state.data, effect.params["who"], ctx)))


@contextlib.contextmanager
def plain_rules() -> Iterator[None]:
    """The plain procedures in place of the shortcuts, for one step of a game."""
    saved = (muster.RETURN_STEPS, Wages._next, PayMercenaries.start, MercenaryDraft._next_marker,
             effects.HANDLERS["upgrade_defences"])
    muster.RETURN_STEPS = tuple((step, lambda state, baron: True) for step, _ in saved[0])
    Wages._next = plain_wages_next  # type: ignore[method-assign]
    PayMercenaries.start = plain_pay_start  # type: ignore[method-assign]
    MercenaryDraft._next_marker = plain_next_marker  # type: ignore[method-assign]
    effects.HANDLERS["upgrade_defences"] = plain_upgrade_defences
    try:
        yield
    finally:
        (muster.RETURN_STEPS, Wages._next, PayMercenaries.start, MercenaryDraft._next_marker,
         effects.HANDLERS["upgrade_defences"]) = saved


def seen(state: State) -> tuple[Any, ...]:
    """What the players see of a state and what decides its future, its stack aside."""
    return (banneret.pending(state), state.game.snapshot(state), [e.text for e in state.log], state.rng.state())


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 4, 6]))
def test_games_with_and_without_the_shortcuts_are_the_same(seed: int, barons: int) -> None:
    """The same random choices played with the shortcuts and with the plain procedures (every
    step started) give the same decisions, menus, data, log and random draws throughout."""
    rng = random.Random(seed)
    fast = new_game(barons, seed=seed % 1000)
    with plain_rules():
        plain = new_game(barons, seed=seed % 1000)
    while not banneret.is_over(fast):
        assert seen(fast) == seen(plain)
        now = banneret.pending(fast)
        player = rng.choice(now.players)
        menu = banneret.legal_actions(fast, player)
        with plain_rules():
            assert banneret.legal_actions(plain, player) == menu
        action = rng.choice(menu)
        banneret.apply(fast, action)
        with plain_rules():
            banneret.apply(plain, action)
    assert seen(fast) == seen(plain) and banneret.is_over(plain)
