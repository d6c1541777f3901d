"""The action phase (6.2-6.4) and the baron cards that move no army (7.1-7.4, 7.6), through the
public API on arranged rounds: the cards to reveal are laid on space 2 in a chosen order
while the phase waits on space 1, so each test knows exactly what comes next."""

from __future__ import annotations

import random

import banneret
import pytest

from banneret_warrior_knights.state import WKData, owner_of, tables, title_of

from wk_helpers import act, labels, play_until, set_up

T = tables()


def in_action_phase(barons: int = 2, seed: int = 1) -> banneret.State:
    """A game waiting on the first baron card of its first action phase: every baron planned
    one Versatile Strategy on space 1 and nothing else."""
    state, _ = set_up(barons, seed)
    for baron in state.data.barons:
        act(state, baron, "space 1: Versatile Strategy")
        act(state, baron, "space 1: no more cards")
        act(state, baron, "space 2: no more cards")
        act(state, baron, "space 3: no more cards")
        act(state, baron, "confirm the plan")
    play_until(state, "card", random.Random(seed))
    return state


def card(data: WKData, baron: str, title: str) -> str:
    """A copy of ``title`` from the baron's hand."""
    return next(c for c in data.hand[baron] if title_of(c) == title)


def arrange(state: banneret.State, cards: list[str]) -> None:
    """Take every card still face down back (to its owner's hand or the neutral pool), lay
    ``cards`` on space 2 to be revealed in that order, and decline the card waiting on space 1
    (a Versatile Strategy, back to its owner's hand)."""
    data: WKData = state.data
    for pile in data.action_spaces:
        for c in pile:
            (data.hand[owner_of(c)] if owner_of(c) else data.neutral_pool).append(c)
        pile.clear()
    for c in cards:
        (data.hand[owner_of(c)] if owner_of(c) else data.neutral_pool).remove(c)
    data.action_spaces[1] = list(reversed(cards))  # the top card is the last
    for hand in data.hand.values():
        hand.sort()
    data.neutral_pool.sort()
    assert title_of(data.revealed) == "versatile_strategy"
    act(state, owner_of(data.revealed), "decline the card")


def test_levy_taxes_pays_a_crown_per_area_with_a_noble_not_at_sea() -> None:
    """7.1: two nobles in one area count once; a noble on a port icon counts nothing."""
    state = in_action_phase()
    data: WKData = state.data
    green = data.barons[0]
    nobles = data.nobles_of(green)
    areas = list(T.data.board.areas)
    for nb, area in zip(nobles, [areas[0], areas[0], areas[5], areas[9]]):
        data.noble_area[nb] = area
        data.army[nb] = data.army[nb] or [T.soldiers[green][-1]]
    data.at_sea = sorted([nobles[3]])
    levy = card(data, green, "levy_taxes")
    arrange(state, [levy])
    crowns = data.crowns[green]
    assert labels(state, green) == ["levy taxes: 2 crowns", "decline the card"]
    act(state, green, "levy taxes: 2 crowns")
    assert data.crowns[green] == crowns + 2
    assert levy in data.special_areas["taxation"]


def test_rally_support_makes_chairman_only_with_strictly_most_votes() -> None:
    """7.3: 2 votes; a tie keeps the Chairman; strictly most takes the title."""
    state = in_action_phase()
    data: WKData = state.data
    green, red = data.barons
    data.chairman = red
    data.votes[red] = 4
    first, second = [c for c in data.hand[green] if title_of(c) == "rally_support"]
    arrange(state, [first, second])
    act(state, green, "use Rally Support")
    assert (data.votes[green], data.chairman) == (2, red)
    data.votes[green] = 2
    data.votes[red] = 3
    act(state, green, "use Rally Support")
    assert (data.votes[green], data.chairman) == (4, green)
    assert data.special_areas["assembly"] == [first, second]


def test_a_barred_baron_never_becomes_chairman() -> None:
    """7.3 with 9.3.7."""
    state = in_action_phase()
    data: WKData = state.data
    green, red = data.barons
    data.chairman = red
    data.barred[green] = True
    arrange(state, [card(data, green, "rally_support")])
    act(state, green, "use Rally Support")
    assert data.votes[green] == 2 and data.chairman == red


def test_serve_the_church_example() -> None:
    """6.3 example: 1 faith, no strict majority so the Head stays; the owner puts the card on
    Taxation, the third card there, which triggers nothing with 4 barons (8 needed)."""
    state = in_action_phase(barons=4, seed=3)
    data: WKData = state.data
    baron = data.barons[1]
    head = next(b for b in data.barons if b != baron)
    data.head_of_church = head
    data.faith[head] = 2
    data.faith[baron] = 1
    others = [c for b in data.barons if b != baron for c in data.hand[b] if title_of(c) == "levy_taxes"][:2]
    for c in others:
        data.hand[owner_of(c)].remove(c)
    data.special_areas["taxation"] = list(others)
    serve = card(data, baron, "serve_the_church")
    arrange(state, [serve])
    act(state, baron, "use Serve the Church")
    assert data.faith[baron] == 2 and data.head_of_church == head
    assert labels(state, baron) == ["put the card on taxation", "put the card on wages", "put the card on assembly"]
    act(state, baron, "put the card on taxation")
    assert data.special_areas["taxation"] == others + [serve]


def test_the_card_that_fills_an_area_triggers_its_phase_and_the_cards_go_home() -> None:
    """6.4: with 2 barons the fourth card on Taxation triggers it; afterwards every card on
    Taxation is back in its owner's hand."""
    state = in_action_phase()
    data: WKData = state.data
    green, red = data.barons
    waiting = [card(data, red, "levy_taxes"), card(data, green, "serve_the_church")]
    for c in waiting:
        data.hand[owner_of(c)].remove(c)
    data.special_areas["taxation"] = list(waiting)
    first, second = [c for c in data.hand[green] if title_of(c) == "levy_taxes"]
    arrange(state, [first, second])
    act(state, green, labels(state, green)[0])
    assert len(data.special_areas["taxation"]) == 3
    act(state, green, labels(state, green)[0])
    assert data.special_areas["taxation"] == []
    for c in waiting + [first, second]:
        assert c in data.hand[owner_of(c)]
    assert any("taxation holds 4 cards" in line for line in banneret.view(state, None, log_tail=None)["log"])


def test_draft_soldiers_fills_the_track_and_wages_comes_before_the_draft() -> None:
    """7.2, 6.4 (AMB-4): a free marker on the last free space fills the track; the card also
    fills Wages, which is played first, then the Draft."""
    state = in_action_phase()
    data: WKData = state.data
    green, red = data.barons
    data.mercenary_track[:] = [red, None, green]
    waiting = [card(data, red, "draft_soldiers"), card(data, red, "mobilize_forces"), card(data, green, "mobilize_forces")]
    for c in waiting:
        data.hand[owner_of(c)].remove(c)
    data.special_areas["wages"] = list(waiting)
    arrange(state, [card(data, green, "draft_soldiers")])
    assert labels(state, green) == ["a marker on track space 2", "decline the card"]
    act(state, green, "a marker on track space 2")

    def log() -> list[str]:
        return banneret.view(state, None, log_tail=None)["log"]

    while not any("the mercenary track is full" in line for line in log()):  # Wages asks who pays what
        now = banneret.pending(state)
        assert now.kind != "card", "the Draft never came"
        act(state, now.players[0], labels(state, now.players[0])[0])
    log = log()
    wages = next(i for i, line in enumerate(log) if "wages holds 4 cards" in line)
    draft = next(i for i, line in enumerate(log) if "the mercenary track is full" in line)
    assert wages < draft
    assert data.special_areas["wages"] == []  # Wages is over: its cards went home


def test_a_declined_card_is_still_allocated() -> None:
    """7: declining still allocates; a declined Mobilize Forces goes to Wages (AMB-14)."""
    state = in_action_phase()
    data: WKData = state.data
    green = data.barons[0]
    mobilize = card(data, green, "mobilize_forces")
    draft = card(data, green, "draft_soldiers")
    arrange(state, [mobilize, draft])
    act(state, green, "decline the card")
    assert data.special_areas["wages"] == [mobilize]
    act(state, green, "decline the card")
    assert data.special_areas["wages"] == [mobilize, draft]
    assert data.mercenary_track == [None] * 3


@pytest.mark.parametrize(("use", "crowns", "votes"), [("take 2 crowns", 2, 0), ("take 1 vote (no Chairman check)", 0, 1)])
def test_versatile_strategy_crowns_or_a_vote_then_back_to_hand(use: str, crowns: int, votes: int) -> None:
    """7.6: +2 crowns or +1 vote (no Chairman check, AMB-15); the card returns to the hand."""
    state = in_action_phase()
    data: WKData = state.data
    green, red = data.barons
    data.chairman = red
    vs = card(data, green, "versatile_strategy")
    arrange(state, [vs])
    before = (data.crowns[green], data.votes[green])
    act(state, green, use)
    assert (data.crowns[green], data.votes[green]) == (before[0] + crowns, before[1] + votes)
    assert data.chairman == red and vs in data.hand[green]
    assert all(vs not in cards for cards in data.special_areas.values())


def test_versatile_strategy_buys_a_track_space_up_to_n_it_can_pay() -> None:
    """7.6: only free spaces numbered at most N (never N + 1), at their printed cost, and only
    if the baron can pay; buying the last free space starts the Draft."""
    state = in_action_phase()
    data: WKData = state.data
    green, red = data.barons
    cost = {s.space: s.cost for s in T.data.mercenary_track}
    data.crowns[green] = cost[2]
    data.mercenary_track[:] = [None, None, red]
    arrange(state, [card(data, green, "versatile_strategy")])
    menu = labels(state, green)
    assert f"buy track space 2 for {cost[2]} crowns" in menu
    assert not any("track space 3" in label for label in menu)
    assert (f"buy track space 1 for {cost[1]} crowns" in menu) == (cost[1] <= cost[2])
    act(state, green, f"buy track space 2 for {cost[2]} crowns")
    assert data.crowns[green] == 0
    assert data.mercenary_track == [None, green, red]


def test_neutral_cards_go_back_to_the_neutral_cards() -> None:
    """6.3: a neutral card rejoins the neutral cards for the next round."""
    state = in_action_phase()
    data: WKData = state.data
    uncertain = next(c for c in T.neutral_cards if title_of(c) == "uncertain_times")
    green = data.barons[0]
    arrange(state, [uncertain, card(data, green, "levy_taxes")])
    assert uncertain in data.neutral_pool
    assert title_of(data.revealed) == "levy_taxes"
