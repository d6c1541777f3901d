"""Victory (9.0), Clarence and Exeter (9.1), and the state invariants of digest 14.1,
including those that compare two states (4: no step is ever added within a campaign; 9: the
crown changes hands only by usurpation)."""

from __future__ import annotations

import banneret
import pytest
from banneret import Rng
from banneret_richard3.battle import eliminate
from banneret_richard3.politics import support
from banneret_richard3.state import DEAD, MINOR, OFFMAP, POOL
from r3_helpers import data, do, new, pending_kind, put, start_turn, touch


def test_s34_instant_victory_when_the_fifth_heir_dies():
    """S34 / 9.0: killing the last of a house's five heirs ends the game at once."""
    s = new(70)
    d = data(s)
    d.place("clarence_y", "dead")
    d.place("gloucester", "dead")
    start_turn(s, "action_ap2_1", "action_ap2_2")
    eliminate(s, "duke_of_york")
    eliminate(s, "march")
    touch(s)
    assert not banneret.is_over(s)
    eliminate(s, "rutland")
    touch(s)
    assert banneret.is_over(s)
    assert banneret.outcome(s).winners == ("lancaster",)
    assert "all five york heirs" in banneret.outcome(s).reason
    with pytest.raises(banneret.GameOverError):
        banneret.apply(s, banneret.Action("york", "end actions", "end"))


def test_a_minor_is_alive():
    """A-59: a minor heir not yet in play keeps the house alive."""
    s = new(71)
    d = data(s)
    d.place("gloucester", "dead")
    for h in ("duke_of_york", "march", "rutland"):
        eliminate(s, h)
    touch(s)
    assert d.heirs_alive("york") == 1 and not banneret.is_over(s)


def test_the_king_after_the_third_campaign_wins():
    """9.0: after the third campaign the political turn stops after usurpation; the KING
    wins."""
    s = new(72)
    d = data(s)
    d.campaign = 3
    d.turn = 6
    start_turn(s, "action_ap2_1", "action_ap2_2")
    do(s, "york", "end actions")
    do(s, "lancaster", "end actions")
    assert banneret.is_over(s)
    assert banneret.outcome(s).winners == ("lancaster",)
    assert d.loc["henry_vi"] == "middlesex"  # 8.3 / 8.4 are not played


def test_defected_clarence_counts_as_a_noble_not_an_heir():
    """S33 / 9.1 / 14.2.40: a defected Clarence is a Lancaster noble for usurpation and no
    longer a York heir; no York minor replaces him while he lives."""
    s = new(73)
    d = data(s)
    d.place("clarence_y", "offmap")
    before = support(d, "lancaster")
    put(s, "clarence_l", "sussex")
    assert support(d, "lancaster") == before + 1
    assert "clarence_y" not in d.heirs("york") and "clarence_l" not in d.heirs("lancaster")
    assert d.heirs_killed["york"] == 0
    assert d.heirs_alive("york") == 5


def test_a27_house_whose_last_heir_defected():
    """A-27 edge: when York's last heir in its service dies and its only surviving heir serves
    Lancaster, York loses at once (default), or plays on with last_heir_defected=plays."""
    for option, over in (("loses", True), ("plays", False)):
        s = new(74, last_heir_defected=option)
        d = data(s)
        d.place("clarence_y", "offmap")
        put(s, "clarence_l", "sussex")
        put(s, "gloucester", "kent")
        for h in ("duke_of_york", "march", "rutland"):
            d.place(h, "dead")
        touch(s)
        eliminate(s, "gloucester", "falls")  # the check follows every heir's death and defection
        assert banneret.is_over(s) is over
        if over:
            assert banneret.outcome(s).winners == ("lancaster",)
            assert "fights for lancaster (A-27)" in banneret.outcome(s).reason


def _plague_on_york_last_heir_in_service(duke_of_york_at: str) -> banneret.State:
    """1460, after defections: March and Rutland are dead, Clarence serves Lancaster (in
    Sussex), Gloucester is York's PRETENDER in East Anglia (Norwich) at strength 1 and the
    Duke of York is at ``duke_of_york_at``. Lancaster plays Plague on East Anglia: Gloucester
    dies, and the A-27 check runs."""
    s = new(77)
    d = data(s)
    for h in ("march", "rutland"):
        d.place(h, DEAD)
    d.place("clarence_y", OFFMAP)
    put(s, "clarence_l", "sussex")
    put(s, "gloucester", "east_anglia", 1)
    d.place("duke_of_york", duke_of_york_at)
    d.pretender_block = "gloucester"
    touch(s)
    start_turn(s, "event_plague", "action_ap2_1")
    assert d.player1 == "lancaster"
    do(s, "lancaster", "plague east_anglia")
    assert d.loc["gloucester"] == DEAD
    return s


@pytest.mark.parametrize("duke_of_york_at", [POOL, "ireland", MINOR, "kent"])
def test_a27_a_loyal_heir_anywhere_keeps_the_house_in(duke_of_york_at):
    """Errata (a rare wrong defeat): once Clarence has defected, York's last heir in play dies
    while the Duke of York is alive in York's pool; he is still York's, so York plays on. The
    check used to ask only for heirs in play or minors, and ended the game here with the Duke
    in the pool. The same holds with him in exile, a minor or on the map."""
    s = _plague_on_york_last_heir_in_service(duke_of_york_at)
    d = data(s)
    assert not banneret.is_over(s)
    assert d.loyal_heirs_alive("york") and d.heirs_alive("york") == 2  # the Duke and Clarence
    assert pending_kind(s) == ("action-menu", ("york",))  # York, Player 2, acts next
    if duke_of_york_at == POOL:
        assert d.heirs("york") == [] and d.minors("york") == []  # what the old check looked at


def test_a27_the_only_surviving_heir_fights_for_the_enemy():
    """A-27: with the Duke of York dead too, Gloucester's death leaves York one heir, Clarence,
    and he fights for Lancaster: York loses at once."""
    s = _plague_on_york_last_heir_in_service(DEAD)
    d = data(s)
    assert not d.loyal_heirs_alive("york") and d.heirs_alive("york") == 1
    assert banneret.is_over(s)
    assert banneret.outcome(s).winners == ("lancaster",)
    assert banneret.outcome(s).reason == "york's only surviving heir fights for lancaster (A-27)"


# --------------------------------------------------------------------------- invariants


def test_invariants_hold_at_the_start():
    s = new(75)
    assert s.game.invariants(s) == []


@pytest.mark.parametrize("breakage, words", [
    (lambda d: d.place("norfolk", "france"), "exile area of the enemy"),
    (lambda d: d.steps.__setitem__("henry_vi", 9), "strength 9"),
    (lambda d: d.place("exeter_y", "cornwall"), "both versions of exeter"),
    (lambda d: d.place("irish_mercenary", "pool"), "is in a pool"),
    (lambda d: d.hands["york"].pop(), "25-card deck"),
    (lambda d: d.place("norfolk", "kent") or d.place("oxford", "kent"), "contested areas"),
])
def test_broken_states_are_reported(breakage, words):
    """Each 14.1 invariant the game checks reports a broken state in one sentence."""
    s = new(76)
    breakage(data(s))
    found = s.game.invariants(s)
    assert any(words in line for line in found), found


def test_the_rebel_may_walk_into_exile_but_never_serves_the_king(monkeypatch):
    """Invariant 11 is about allegiance: a Rebel that marched into Scotland is legal, a Rebel
    counted for the KING's house is not."""
    s = new(77)
    put(s, "rebel", "scotland")
    assert not [line for line in s.game.invariants(s) if "Rebel" in line]
    import banneret_richard3.state as r3state

    king = data(s).king
    serving_the_king = {**r3state.house_map(king), "rebel": king}
    monkeypatch.setattr(r3state.R3State, "house_of", lambda self, block: serving_the_king[block])
    assert "the Rebel fights for the KING" in s.game.invariants(s)


def _random_game(seed):
    """Yield (state before, state after) along a random game."""
    s = banneret.new_game("richard3", seed=seed)
    rng = Rng(seed * 7 + 1)
    while not banneret.is_over(s):
        before = s.clone()
        p = banneret.pending(s)
        player = p.players[rng.below(len(p.players))]
        acts = banneret.legal_actions(s, player)
        banneret.apply(s, acts[rng.below(len(acts))])
        yield before, s


@pytest.mark.parametrize("seed", range(6))
def test_playout_invariants_between_steps(seed):
    """14.1.4: within a campaign no block regains a step (except on recruitment); 14.1.9: the
    crown changes only in the political turn; 14.1.16: at most 21 game turns; every step keeps
    the single-state invariants."""
    steps = 0
    for before, after in _random_game(seed):
        a, b = before.data, after.data
        steps += 1
        assert after.game.invariants(after) == []
        if a.campaign == b.campaign:
            for blk, n in b.steps.items():
                if b.in_play(blk) and a.in_play(blk) and blk not in b.recruited:
                    assert n <= a.steps[blk], (blk, a.steps[blk], n)
        if a.king != b.king:
            assert b.phase == "political" or after.ended is not None
        assert b.campaign <= 3 and b.turn <= 7
    assert steps < after.game.info.max_decisions
