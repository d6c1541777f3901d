"""The Assembly (9.3, 16.3): driven through the public API from a Rally Support card that
fills the Assembly area."""

from __future__ import annotations

import random
from typing import Callable

import banneret
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret import State
from banneret.testing import check_secret_choices, check_views
from banneret_warrior_knights.state import WKData, owner_of, tables, title_of

from wk_helpers import act, labels, new_game, play_until

T = tables()


def agenda(card_id: str, copy: int = 1) -> str:
    return f"{card_id}:{copy}"


def to_assembly(barons: int, seed: int = 1, arrange: Callable[[WKData], None] | None = None, use: bool = False) -> State:
    """A game at its first Assembly: every baron plans one Rally Support on space 1; the first
    one revealed is declined (``use``: used) and goes to an Assembly area holding 2N - 1 cards
    already, after ``arrange`` has set the table."""
    state = new_game(barons, seed)
    play_until(state, "plan", random.Random(seed))
    data: WKData = state.data
    for b in data.barons:
        act(state, b, "space 1: Rally Support")
        act(state, b, "space 1: no more cards")
        act(state, b, "space 2: no more cards")
        act(state, b, "space 3: no more cards")
        act(state, b, "confirm the plan")
    play_until(state, "card", random.Random(seed))
    assert title_of(data.revealed) == "rally_support"
    filler = [c for b in data.barons for c in data.hand[b] if title_of(c) == "serve_the_church"][: 2 * barons - 1]
    for c in filler:
        data.hand[owner_of(c)].remove(c)
    data.special_areas["assembly"] = filler
    if arrange is not None:
        arrange(data)
    act(state, owner_of(data.revealed), "use Rally Support" if use else "decline the card")
    return state


def pull(data: WKData, card: str) -> str:
    """Take an Agenda card from wherever it lies, for arranging a table by hand."""
    for pile in (data.agendas.draw_pile, data.agendas.discard_pile, data.current_agendas, data.laws,
                 *data.charges.values()):
        if card in pile:
            pile.remove(card)
    for noble, office in data.office.items():
        if office == card:
            data.office[noble] = None
    return card


def set_agendas(data: WKData, *cards: str) -> None:
    """The current agendas become ``cards``; the ones there before go back into the deck."""
    for old in list(data.current_agendas):
        data.agendas.draw_pile.insert(0, pull(data, old))
    data.current_agendas[:] = [pull(data, c) for c in cards]


def ballot(state: State, baron: str, *votes: tuple[int, str | None]) -> None:
    """``baron`` fills in his ballot: for each agenda of the batch, its votes (and, with two
    barons, the side), then confirms."""
    for n, side in votes:
        for step in [3] * (n // 3) + [1] * (n % 3):
            act(state, baron, next(label for label in labels(state, baron) if f": add {step} (" in label))
        act(state, baron, next(label for label in labels(state, baron) if label.endswith(f": commit {n} votes")))
        if side is not None and n:
            act(state, baron, next(label for label in labels(state, baron) if label.endswith(f" votes for {side}")))
    act(state, baron, "confirm the ballot")


def pending(state: State) -> tuple[str, tuple[str, ...]]:
    now = banneret.pending(state)
    return now.kind, now.players


def assert_whole(state: State) -> None:
    assert state.game.invariants(state) == []


def trigger(state: State, arrange: Callable[[WKData], None] | None = None) -> None:
    """Play to the next baron card decision; fill the Assembly area to 2N - 1 from the
    hands, let ``arrange`` set the table, and decline the card (a Rally Support), the 2N-th."""
    data: WKData = state.data
    play_until(state, "card", random.Random(0))
    assert title_of(data.revealed) == "rally_support"
    n = 2 * len(data.barons) - 1 - len(data.special_areas["assembly"])
    filler = [c for b in data.barons for c in data.hand[b] if title_of(c) == "serve_the_church"][:n]
    for c in filler:
        data.hand[owner_of(c)].remove(c)
    data.special_areas["assembly"].extend(filler)
    if arrange is not None:
        arrange(data)
    act(state, owner_of(data.revealed), "decline the card")


def fate_names(data: WKData, baron: str) -> None:
    """The next Fate card drawn names ``baron``."""
    pile = data.fate.draw_pile
    card = next(c for c in pile if T.fate[c].baron == baron)
    pile.remove(card)
    pile.append(card)


# --------------------------------------------------------------------------- 9.3.1 step 1


def test_votes_received_on_arrival() -> None:
    """22.1 statement 45: 1 vote and 1 per Kingdom city controlled, a besieged one too
    (AMB-22), an overseas one not; a barred baron and one a Charge excludes get none and
    do not vote (9.3.7, AMB-41); an Office's and a Charge's Assembly income are paid."""
    def arrange(data: WKData) -> None:
        g, r, b, k = data.barons
        first, second = data.unrazed_kingdom_cities()[:2]
        data.city_owner[first] = data.city_owner[second] = data.city_owner["cadiz"] = g
        data.besieged[second] = r
        data.barred[r] = True
        data.charges[b].append(pull(data, "royal_envoy:1"))
        data.office[T.nobles_of[k][0]] = pull(data, "chancellor:1")
        data.charges[k].append(pull(data, "protector_of_the_faith:1"))
        data.votes.update({g: 2, r: 5, b: 1, k: 0})
        data.faith.update({g: 0, r: 0, b: 0, k: 0})
        data.chairman = g
        set_agendas(data, "tithe:1")

    state = to_assembly(4, arrange=arrange)
    data: WKData = state.data
    g, r, b, k = data.barons
    assert data.attending == (g, k)
    assert data.votes == {g: 2 + 3, r: 5, b: 1, k: 0 + 1 + 1}
    assert data.faith == {g: 0, r: 0, b: 0, k: 1}
    assert pending(state) == ("vote", (g, k))  # one agenda: no order to set
    assert_whole(state)


def test_rally_support_fills_the_area_and_the_assembly_runs_before_the_next_card() -> None:
    """SC-2: N = 4, seven cards on the Assembly area; a Rally Support gives 2 votes, makes its
    owner Chairman with strictly most votes, and goes there as the eighth: the Assembly runs
    (its owner presiding) before the next card of the space is revealed."""
    owner: list[str] = []

    def arrange(data: WKData) -> None:
        owner.append(owner_of(data.revealed))
        data.votes.update({b: 1 for b in data.barons})
        data.chairman = next(b for b in data.barons if b != owner[0])
        set_agendas(data, "income_tax:1", "road_tolls:1")

    state = to_assembly(4, arrange=arrange, use=True)
    data: WKData = state.data
    assert data.chairman == owner[0]
    assert data.votes == {b: 1 + 1 + (2 if b == owner[0] else 0) for b in data.barons}
    assert len(data.special_areas["assembly"]) == 8 and data.revealed is None  # no card revealed
    assert pending(state) == ("order", (owner[0],))
    while data.attending:
        now = banneret.pending(state)
        act(state, now.players[0], labels(state, now.players[0])[-1])
    assert data.special_areas["assembly"] == []  # the eight cards went back to their owners


# --------------------------------------------------------------------------- 9.3.1 step 5, 9.3.2


def test_committed_votes_are_spent_and_declared_clockwise_from_the_chairman() -> None:
    """22.1 statements 46, 47 and 51: every committed vote is spent whichever side it
    supports; sides are declared clockwise from the Chairman by the barons who committed
    any; a Yes/No agenda with more Yes passes without a tie-break; afterwards three new
    agendas are current."""
    def arrange(data: WKData) -> None:
        data.votes.update({"green": 4, "red": 2, "blue": 3})
        data.chairman = "red"
        set_agendas(data, "income_tax:1")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    old = set(data.current_agendas)
    assert data.votes == {"green": 5, "red": 3, "blue": 4}
    ballot(state, "green", (3, None))
    ballot(state, "red", (1, None))
    ballot(state, "blue", (0, None))
    assert data.votes == {"green": 2, "red": 2, "blue": 4}
    assert pending(state) == ("declare", ("red",))  # the Chairman first; blue committed none
    assert labels(state, "red") == ["declare 1 votes for Yes", "declare 1 votes for No"]
    act(state, "red", "declare 1 votes for No")
    assert pending(state) == ("declare", ("green",))
    act(state, "green", "declare 3 votes for Yes")
    assert data.laws == ["income_tax:1"]
    assert len(data.current_agendas) == 3 and not old & set(data.current_agendas)
    assert data.attending == () and banneret.pending(state).kind == "card"
    assert data.votes == {"green": 2, "red": 2, "blue": 4}
    assert_whole(state)


def test_the_chairman_breaks_a_tie_freely() -> None:
    """22.1 statement 47, 9.3.1 step 5d: Yes = No goes to the Chairman, who may rule against
    his own votes; the agenda voted down is discarded."""
    def arrange(data: WKData) -> None:
        data.votes.update({"green": 1, "red": 1, "blue": 0})
        data.chairman = "green"
        set_agendas(data, "road_tolls:1")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    ballot(state, "green", (2, None))
    ballot(state, "red", (2, None))
    ballot(state, "blue", (0, None))
    act(state, "green", "declare 2 votes for Yes")
    act(state, "red", "declare 2 votes for No")
    assert pending(state) == ("tie", ("green",))
    assert labels(state, "green") == ["the tie goes to Yes", "the tie goes to No"]
    act(state, "green", "the tie goes to No")
    assert data.laws == [] and data.agendas.discard_pile == ["road_tolls:1"]
    assert_whole(state)


def test_a_fourth_charge_replaces_an_old_one() -> None:
    """22.1 statement 48, SC-24, AMB-38: with no votes committed every baron is tied and the
    Chairman chooses; a baron holding three Charges keeps the new one and discards one of
    his three old ones."""
    def arrange(data: WKData) -> None:
        data.chairman = "red"
        data.charges["green"] += [pull(data, c) for c in ("concession_salt:1", "marshal:1", "keeper_of_companies:1")]
        set_agendas(data, "master_of_the_mint:1")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    for baron in data.barons:
        ballot(state, baron, (0, None))
    assert labels(state, "red") == [f"the tie goes to {b}" for b in data.barons]
    act(state, "red", "the tie goes to green")
    assert labels(state, "green") == [
        "take PH-Master of the Mint, discarding PH-Concession (Salt)",
        "take PH-Master of the Mint, discarding PH-Marshal",
        "take PH-Master of the Mint, discarding PH-Keeper of Companies",
        "refuse PH-Master of the Mint",
    ]
    act(state, "green", "take PH-Master of the Mint, discarding PH-Marshal")
    assert data.charges["green"] == ["concession_salt:1", "keeper_of_companies:1", "master_of_the_mint:1"]
    assert data.agendas.discard_pile == ["marshal:1"]
    assert not data.barred["green"]
    assert_whole(state)


def test_a_barred_baron_refuses_a_charge_without_consequence() -> None:
    """SC-24, 9.3.3: a barred baron may be voted a Charge (AMB-38) and refuse it; nothing more
    happens to him (AMB-42)."""
    def arrange(data: WKData) -> None:
        data.chairman = "red"
        data.barred["green"] = True
        data.votes.update({"green": 7, "red": 1, "blue": 0})
        set_agendas(data, "marshal:1")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    assert pending(state) == ("vote", ("red", "blue"))  # green casts none (statement 53)
    ballot(state, "red", (2, None))
    ballot(state, "blue", (0, None))
    act(state, "red", "declare 2 votes for green")
    act(state, "green", "refuse PH-Marshal")
    assert data.barred == {"green": True, "red": False, "blue": False}
    assert data.chairman == "red" and data.votes["green"] == 7
    assert data.charges["green"] == [] and data.agendas.discard_pile == ["marshal:1"]
    assert_whole(state)


def test_an_office_replaces_the_one_the_noble_held() -> None:
    """22.1 statement 49, 9.3.3: the baron chosen gives the Office to one of his nobles; the
    Office that noble held is discarded."""
    def arrange(data: WKData) -> None:
        data.chairman = "green"
        data.office[T.nobles_of["red"][1]] = pull(data, "castellan:1")
        data.votes.update({"green": 0, "red": 2, "blue": 0})
        set_agendas(data, "constable:1")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    for baron in data.barons:
        ballot(state, baron, (1, None))
    act(state, "green", "declare 1 votes for blue")
    act(state, "red", "declare 1 votes for red")
    act(state, "blue", "declare 1 votes for red")
    names = [T.data.nobles[nb].name for nb in T.nobles_of["red"]]
    assert labels(state, "red") == [f"PH-Constable to {name}" for name in names] + ["refuse PH-Constable"]
    act(state, "red", f"PH-Constable to {names[1]}")
    assert data.office[T.nobles_of["red"][1]] == "constable:1"
    assert data.agendas.discard_pile == ["castellan:1"]
    assert_whole(state)


# --------------------------------------------------------------------------- 9.3.6-9.3.7


def test_a_chairman_who_refuses_is_barred_at_once_and_loses_the_title() -> None:
    """22.1 statement 52, 9.3.6-9.3.7: the Chairman refuses the Motion that chose him: he is
    barred at once, casts no votes on the agendas left, and the title goes to the baron with
    the most votes who is not barred (drawn among the tied)."""
    def arrange(data: WKData) -> None:
        g, r, b, k = data.barons
        data.chairman = g
        data.votes.update({g: 9, r: 2, b: 4, k: 4})
        set_agendas(data, "censure:1", "tithe:1")

    state = to_assembly(4, arrange=arrange)
    data: WKData = state.data
    g, r, b, k = data.barons
    act(state, g, "order: PH-Censure, then PH-Tithe")
    for baron in data.barons:
        ballot(state, baron, (0, None))
    act(state, g, f"the tie goes to {g}")
    assert labels(state, g) == ["take PH-Censure", "refuse PH-Censure"]
    act(state, g, "refuse PH-Censure")
    assert data.barred[g] and data.chairman in (b, k)
    assert data.votes == {g: 10, r: 3, b: 5, k: 5}
    assert pending(state) == ("vote", (r, b, k))
    assert_whole(state)


def test_a_baron_excluded_by_a_charge_names_an_acting_chairman() -> None:
    """9.3.1 step 2, AMB-41: a Chairman a Charge keeps out names one of the barons who vote
    to preside: the acting Chairman orders the agendas."""
    def arrange(data: WKData) -> None:
        data.chairman = "green"
        data.charges["green"].append(pull(data, "royal_envoy:1"))
        set_agendas(data, "tithe:1", "road_tolls:1")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    assert pending(state) == ("acting_chairman", ("green",))
    assert labels(state, "green") == ["red acts as Chairman", "blue acts as Chairman"]
    act(state, "green", "blue acts as Chairman")
    assert pending(state) == ("order", ("blue",))
    assert data.chairman == "green" and data.acting_chairman == "blue"


# --------------------------------------------------------------------------- 9.3.5 Private Motions


def test_a_private_motion_is_voted_first_and_may_postpone_the_assembly() -> None:
    """22.1 statement 50, 9.3.5, AMB-40: the Private Motion is voted before the Chairman sets
    any order; with nothing else to propose its proposer can only postpone; postponed, the
    Assembly ends at once: the motion is discarded, the other agendas stay current and a new
    one fills the third place."""
    def arrange(data: WKData) -> None:
        data.chairman = "green"
        data.votes.update({"green": 1, "red": 0, "blue": 0})
        set_agendas(data, "marshal:1", "private_motion:1", "income_tax:1")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    assert pending(state)[0] == "vote"
    assert labels(state, "green")[0] == "PH-Private Motion (postpone the Assembly): add 1 (to 1)"
    ballot(state, "green", (2, None))
    ballot(state, "red", (1, None))
    ballot(state, "blue", (0, None))
    act(state, "green", "declare 2 votes for Yes")
    act(state, "red", "declare 1 votes for No")
    assert data.current_agendas[:2] == ["marshal:1", "income_tax:1"] and len(data.current_agendas) == 3
    assert data.agendas.discard_pile == ["private_motion:1"]
    assert data.attending == () and data.laws == []
    assert_whole(state)


def test_a_lifted_ban_counts_from_the_next_assembly() -> None:
    """22.1 statement 53, 9.3.7: the proposer Fate names may propose to lift a ban; passed,
    the ban is lifted, yet the baron casts no votes in this Assembly; at the next one he
    receives votes and votes."""
    def arrange(data: WKData) -> None:
        data.chairman = "green"
        data.barred["red"] = True
        data.votes.update({"green": 2, "red": 4, "blue": 0})
        set_agendas(data, "private_motion:1", "tithe:1")
        fate_names(data, "blue")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    assert pending(state) == ("propose", ("blue",))
    assert labels(state, "blue") == ["propose to lift the ban of red", "propose to postpone the Assembly"]
    act(state, "blue", "propose to lift the ban of red")
    assert pending(state) == ("vote", ("green", "blue"))
    ballot(state, "green", (1, None))
    ballot(state, "blue", (0, None))
    act(state, "green", "declare 1 votes for Yes")
    assert not data.barred["red"]
    assert pending(state) == ("vote", ("green", "blue"))  # the Tithe: red still out
    ballot(state, "green", (0, None))
    ballot(state, "blue", (0, None))
    act(state, "green", "the tie goes to red")
    act(state, "red", "take PH-Tithe")
    assert data.votes["red"] == 4
    trigger(state, lambda d: set_agendas(d, "road_tolls:1"))
    assert data.attending == ("green", "red", "blue") and data.votes["red"] == 5
    assert pending(state) == ("vote", ("green", "red", "blue"))
    assert_whole(state)


def test_a_private_motion_may_vote_on_a_discarded_agenda() -> None:
    """9.3.5, AMB-39: a revived agenda is voted in place of the Private Motion, its own way
    (Yes/No for a Law); passed, it leaves the discard pile for good. Private Motions in the
    discard pile cannot be revived."""
    def arrange(data: WKData) -> None:
        data.chairman = "green"
        data.votes.update({"green": 0, "red": 0, "blue": 0})
        data.agendas.discard([pull(data, c) for c in ("income_tax:2", "royal_grant:1", "private_motion:2")])
        set_agendas(data, "private_motion:1")
        fate_names(data, "red")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    assert labels(state, "red") == [
        "propose to postpone the Assembly",
        "propose to vote on PH-Income Tax from the discard pile",
        "propose to vote on PH-Royal Grant from the discard pile",
    ]
    act(state, "red", "propose to vote on PH-Income Tax from the discard pile")
    for baron in data.barons:
        ballot(state, baron, (1, None))
    for baron in ("green", "red", "blue"):
        act(state, baron, f"declare 1 votes for {'No' if baron == 'blue' else 'Yes'}")
    assert data.laws == ["income_tax:2"]
    assert data.agendas.discard_pile == ["royal_grant:1", "private_motion:2", "private_motion:1"]
    assert_whole(state)


def test_a_private_motion_may_remove_a_charge_which_cannot_be_refused() -> None:
    """9.3.5-9.3.6: removing a Charge in play, once passed, is not the holder's to refuse."""
    def arrange(data: WKData) -> None:
        data.chairman = "green"
        data.charges["blue"].append(pull(data, "marshal:1"))
        data.votes.update({"green": 0, "red": 0, "blue": 0})
        set_agendas(data, "private_motion:1")
        fate_names(data, "green")

    state = to_assembly(3, arrange=arrange)
    data: WKData = state.data
    act(state, "green", "propose to remove blue's Charge PH-Marshal")
    for baron in data.barons:
        ballot(state, baron, (0, None))
    act(state, "green", "the tie goes to Yes")
    assert data.charges["blue"] == [] and data.agendas.discard_pile == ["private_motion:1", "marshal:1"]
    assert not data.barred["blue"] and data.attending == ()
    assert_whole(state)


# --------------------------------------------------------------------------- 16.3


def test_two_barons_write_votes_and_sides_for_every_agenda_at_once() -> None:
    """16.3, AMB-48: after the Chairman's order each baron writes, in secret, his votes and
    their side for every agenda; the ballots open together, nobody declares, each agenda is
    counted in order and its votes spent."""
    def arrange(data: WKData) -> None:
        data.chairman = "green"
        data.votes.update({"green": 2, "red": 1})
        set_agendas(data, "income_tax:1", "royal_grant:1")

    state = to_assembly(2, arrange=arrange)
    data: WKData = state.data
    act(state, "green", "order: PH-Income Tax, then PH-Royal Grant")
    assert pending(state) == ("vote", ("green", "red"))
    ballot(state, "green", (2, "Yes"), (1, "green"))
    ballot(state, "red", (1, "No"), (1, "red"))
    assert data.laws == ["income_tax:1"]
    assert pending(state) == ("tie", ("green",))  # the Royal Grant: 1 vote each
    assert labels(state, "green") == ["the tie goes to green", "the tie goes to red"]
    act(state, "green", "the tie goes to red")
    act(state, "red", "take PH-Royal Grant")
    assert data.votes == {"green": 0, "red": 0}
    assert_whole(state)



def test_written_votes_of_a_baron_barred_meanwhile_stay_his() -> None:
    """16.3 with 9.3.6-9.3.7: a baron barred by an earlier result casts none of the votes he
    wrote for the agendas left, and keeps them; when nobody may vote any more, the agendas
    not voted stay current; with every baron barred the Chairman keeps the title."""
    def arrange(data: WKData) -> None:
        data.chairman = "green"
        data.votes.update({"green": 2, "red": 1})
        set_agendas(data, "censure:1", "censure:2", "tithe:1")

    state = to_assembly(2, arrange=arrange)
    data: WKData = state.data
    assert labels(state, "green") == [
        "order: PH-Censure, then PH-Censure, then PH-Tithe",
        "order: PH-Censure, then PH-Tithe, then PH-Censure",
        "order: PH-Tithe, then PH-Censure, then PH-Censure",
    ]
    act(state, "green", "order: PH-Censure, then PH-Censure, then PH-Tithe")
    ballot(state, "green", (1, "green"), (1, "red"), (1, "green"))
    ballot(state, "red", (0, None), (0, None), (2, "red"))
    act(state, "green", "refuse PH-Censure")
    assert data.barred["green"] and data.chairman == "red"
    assert pending(state) == ("tie", ("red",))  # green's vote for red is not cast
    act(state, "red", "the tie goes to red")
    act(state, "red", "refuse PH-Censure")
    assert data.barred == {"green": True, "red": True} and data.chairman == "red"
    assert data.votes == {"green": 2, "red": 2}
    assert data.current_agendas[0] == "tithe:1" and len(data.current_agendas) == 3
    assert data.attending == () and data.ballots == {}
    assert_whole(state)


# --------------------------------------------------------------------------- random Assemblies


@settings(max_examples=8, deadline=None)
@given(n=st.sampled_from([2, 3, 4, 6]), seed=st.integers(0, 2**16), votes=st.lists(st.integers(0, 7), min_size=6, max_size=6),
       private=st.booleans())
def test_random_assemblies_never_overspend_nor_show_a_ballot_early(n: int, seed: int, votes: list[int], private: bool) -> None:
    """Random Assemblies through the public API: no baron's votes ever go negative, every
    Agenda card stays in one place, and while a ballot is open what one voter puts in it
    shows neither in the view nor in the log of another voter (the core's secret-choice and
    resampling checks); every Assembly ends with nothing left half-counted."""
    def arrange(data: WKData) -> None:
        data.votes.update(zip(data.barons, votes))
        if private:
            set_agendas(data, "private_motion:1", *[c for c in data.current_agendas if c != "private_motion:1"][:2])

    state = to_assembly(n, seed, arrange)
    data: WKData = state.data
    rng = random.Random(seed)
    ballots_checked = 0
    while data.attending:
        assert min(data.votes.values()) >= 0
        assert_whole(state)
        now = banneret.pending(state)
        if now.kind == "vote" and len(now.players) > 1 and ballots_checked < 3:
            check_secret_choices(state)
            check_views(state)
            ballots_checked += 1
        player = rng.choice(now.players)
        banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))
    assert min(data.votes.values()) >= 0
    assert data.voting is None and data.ballots == {} and data.committed == {} and data.declared == {}
    assert len(data.current_agendas) == 3
    assert_whole(state)


def test_a_ballot_stays_hidden_until_everyone_has_confirmed() -> None:
    """9.3.1 step 5a-b: while red fills in his ballot, blue's view and log are the same as
    before; red sees his own ballot; once every hand opens, everyone sees the votes spent."""
    def arrange(data: WKData) -> None:
        data.chairman = "green"
        data.votes.update({"green": 3, "red": 3, "blue": 3})
        set_agendas(data, "income_tax:1")

    state = to_assembly(3, arrange=arrange)

    def blue_sees() -> dict[str, object]:
        return {k: v for k, v in banneret.view(state, "blue", log_tail=None).items() if k != "step"}

    before = blue_sees()
    act(state, "red", "PH-Income Tax: add 3 (to 3)")
    act(state, "red", "PH-Income Tax: commit 3 votes")
    assert blue_sees() == before
    assert banneret.view(state, "red")["board"]["barons"]["red"]["ballot"] == {
        "votes": [["PH-Income Tax", 3, None]], "confirmed": False}
    act(state, "red", "confirm the ballot")
    assert banneret.view(state, "green")["board"]["barons"]["red"]["ballot"] is None
    ballot(state, "green", (1, None))
    ballot(state, "blue", (0, None))
    seen = banneret.view(state, "blue")["board"]["assembly"]
    assert seen["committed"] == {"green": 1, "red": 3, "blue": 0} and seen["voting"] == "PH-Income Tax"
