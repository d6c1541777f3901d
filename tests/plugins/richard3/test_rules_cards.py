"""Card phase (1.1), AP spending (1.2), the redeal (5.1) and the Plague and Treason events."""

from __future__ import annotations

import banneret
from banneret_richard3.cards import card_label, hand_ap, may_redeal, player_one, play_options, plague_targets
from banneret_richard3.state import tables
from r3_helpers import choose, data, do, give, labels, menu_labels, new, pending_kind, put, start_turn


def test_deal_gives_seven_each_and_sets_eleven_aside():
    """5.1: seven cards to each player, the other eleven unused; the 25 are all accounted for."""
    s = new(1)
    d = data(s)
    assert (len(d.hands["lancaster"]), len(d.hands["york"]), len(d.set_aside)) == (7, 7, 11)
    assert sorted(d.hands["lancaster"] + d.hands["york"] + d.set_aside) == sorted(tables().card_ids)


def test_s1_tie_goes_to_the_pretender():
    """S1: both play AP3 in the 1460 set-up (Lancaster KING): York is Player 1 and acts first."""
    s = new(2)
    start_turn(s, "action_ap3_1", "action_ap3_2")
    assert data(s).player1 == "york"
    assert pending_kind(s) == ("action-menu", ("york",))


def test_s2_event_beats_any_action_card():
    """S2: an event beats any action card, even at AP 0 against AP 4; between events the higher
    AP; two events of equal AP: the PRETENDER (York in 1460)."""
    d = data(new(3))
    t = tables()
    events = [c for c in t.card_ids if t.cards[c].event]
    actions = [c for c in t.card_ids if not t.cards[c].event]
    assert len(events) == 6 and len(actions) == 19
    for e in events:
        for a in actions:
            assert player_one(d, e, a) == "lancaster" and player_one(d, a, e) == "york"
    assert player_one(d, "event_plague", "action_ap4_1") == "lancaster"  # AP0 beats AP4
    # both events with AP 1 (Surprise, Force March): tie -> PRETENDER (York)
    assert player_one(d, "event_surprise", "event_force_march") == "york"
    # both events with AP 0 (Plague, Muster): tie -> PRETENDER again
    assert player_one(d, "event_muster", "event_plague") == "york"
    # higher event AP wins between events
    assert player_one(d, "event_piracy", "event_treason") == "lancaster"
    assert player_one(d, "event_treason", "event_muster") == "lancaster"  # AP1 over Muster's AP0
    # plain higher card
    assert player_one(d, "action_ap4_1", "action_ap2_1") == "lancaster"


def test_muster_is_ap0():
    """Errata: Muster's card is worth 0 AP (the old data gave it 1): it loses to any other
    event but Plague, ties with Plague (the PRETENDER wins) and adds nothing to a hand's
    value, which can bring a hand under the redeal limit."""
    s = new(3)
    d = data(s)
    assert tables().cards["event_muster"].ap == 0 and card_label("event_muster") == "Muster (AP0)"
    for e in ("event_surprise", "event_force_march", "event_treason", "event_piracy"):
        assert player_one(d, e, "event_muster") == "lancaster" and player_one(d, "event_muster", e) == "york"
    assert player_one(d, "event_muster", "event_plague") == d.pretender == "york"
    # 3+3+3+2+2+0+0 = 13: a redeal is allowed (with Muster at AP 1 the hand was worth 14)
    _hand(s, "york", ["action_ap2_1", "action_ap2_2", "action_ap3_1", "action_ap3_2", "action_ap3_3",
                      "event_plague", "event_muster"])
    assert hand_ap(d, "york") == 13 and may_redeal(d, "york") and "redeal hand" in labels(s, "york")


def test_card_choice_is_secret_until_both_have_played():
    """1.1: cards are chosen face-down; the opponent's view shows only that a card is chosen."""
    s = new(4)
    give(s, "lancaster", "action_ap4_1")
    for p in ("lancaster", "york"):
        do(s, p, "keep hand")
    do(s, "lancaster", "play AP4")
    york_view = banneret.view(s, "york")
    assert york_view["board"]["chosen"]["lancaster"] is True
    assert york_view["board"]["hands"]["lancaster"] == 7
    assert "AP4" not in " ".join(york_view["log"][-2:])
    assert banneret.view(s, "lancaster")["board"]["chosen"]["lancaster"] == "action_ap4_1"


def test_identical_cards_are_offered_once():
    """Cards of the same kind and AP are interchangeable: one action each, labels unique."""
    s = new(5)
    d = data(s)
    d.hands["york"], d.set_aside = (
        ["action_ap2_1", "action_ap2_2", "action_ap3_1", "action_ap3_2", "action_ap3_3", "event_plague", "event_muster"],
        [c for c in d.set_aside + d.hands["york"] if c not in
         ("action_ap2_1", "action_ap2_2", "action_ap3_1", "action_ap3_2", "action_ap3_3", "event_plague", "event_muster")],
    )
    # Plague and Muster are both AP 0 but different events: each is offered
    assert play_options(d, "york") == ["action_ap2_1", "action_ap3_1", "event_plague", "event_muster"]
    assert [tables().cards[c].ap for c in play_options(d, "york")] == [2, 3, 0, 0]


def test_s3_ap3_buys_exactly_three_actions():
    """S3 / 14.2.3: an AP3 card buys three actions (here three recruits); then the phase passes
    to Player 2 and nothing is carried over."""
    s = new(6)
    start_turn(s, "action_ap2_1", "action_ap3_1")
    choose(s, "york", "recruit norfolk in east_anglia")
    choose(s, "york", "recruit suffolk in east_anglia")
    assert data(s).ap["york"] == 1
    choose(s, "york", "recruit norwich_levy in east_anglia")
    assert data(s).ap["york"] == 0
    assert pending_kind(s) == ("action-menu", ("lancaster",))


def test_unspent_ap_are_lost():
    """1.1: using a card is optional; ending early discards the rest."""
    s = new(7)
    start_turn(s, "action_ap2_1", "action_ap4_1")
    choose(s, "york", "recruit norfolk in east_anglia")
    do(s, "york", "end actions")
    assert pending_kind(s) == ("action-menu", ("lancaster",))
    assert data(s).ap["york"] == 3  # left over, and never used again
    do(s, "lancaster", "end actions")
    assert data(s).turn == 2 and pending_kind(s)[0] == "card"
    assert data(s).ap == {"lancaster": 0, "york": 0}


def _hand(state, house, cards):
    """Make ``house``'s hand exactly ``cards``; the other cards fill the other hand and the
    set-aside pile."""
    d = data(state)
    other = "york" if house == "lancaster" else "lancaster"
    rest = [c for c in tables().card_ids if c not in cards]
    d.hands[house] = list(cards)
    d.hands[other] = [c for c in d.hands[other] if c in rest][:7]
    rest = [c for c in rest if c not in d.hands[other]]
    d.hands[other] += rest[: 7 - len(d.hands[other])]
    d.set_aside = [c for c in rest if c not in d.hands[other]]


LOW = ["action_ap2_1", "action_ap2_2", "action_ap2_3", "action_ap2_4", "event_plague", "event_surprise", "event_muster"]
# 2+2+2+2+0+1+0 = 9 AP (Plague and Muster are AP 0, Surprise AP 1)


def test_redeal_needs_thirteen_or_less():
    """5.1 / 14.2.4: 13 AP or less may be redealt; 14 (seven action cards) never."""
    s = new(8)
    _hand(s, "york", LOW)
    assert hand_ap(data(s), "york") == 9 and may_redeal(data(s), "york")
    assert "redeal hand" in labels(s, "york")
    _hand(s, "lancaster", ["action_ap2_1", "action_ap2_2", "action_ap2_3", "action_ap2_4", "action_ap2_5", "action_ap2_6", "action_ap3_1"])
    assert hand_ap(data(s), "lancaster") == 15
    assert labels(s, "lancaster") == ["keep hand"]


def test_s36_redeal_when_the_opponent_keeps():
    """S36 / A-10: the opponent keeps: the redeal draws from the 18 cards not in his hand; the
    redeal is used for the campaign and the other player's own redeal is not."""
    s = new(9)
    _hand(s, "york", LOW)
    kept = list(data(s).hands["lancaster"])
    do(s, "york", "redeal hand")
    do(s, "lancaster", "keep hand")
    assert pending_kind(s) == ("redeal-too", ("lancaster",))
    do(s, "lancaster", "keep hand")
    d = data(s)
    assert d.hands["lancaster"] == kept
    assert not set(d.hands["york"]) & set(kept)
    assert len(d.hands["york"]) == 7 and len(d.set_aside) == 11
    assert d.redeal_used == {"lancaster": False, "york": True}
    # York has used its redeal: it is not asked again; Lancaster may still use its own
    assert pending_kind(s) == ("redeal", ("lancaster",))


def test_redeal_too_reshuffles_everything():
    """A-10: if the opponent has his hand redealt too, all 25 cards are shuffled and both get 7."""
    s = new(10)
    _hand(s, "york", LOW)
    do(s, "york", "redeal hand")
    do(s, "lancaster", "keep hand")
    do(s, "lancaster", "redeal too")
    d = data(s)
    assert len(d.hands["lancaster"]) == len(d.hands["york"]) == 7
    assert sorted(d.hands["lancaster"] + d.hands["york"] + d.set_aside) == sorted(tables().card_ids)
    assert d.redeal_used == {"lancaster": False, "york": True}


def test_a_campaign_is_seven_cards_each():
    """14.2.1: one card per player per game turn, seven per campaign."""
    s = new(11)
    for _ in range(2):
        for p in banneret.pending(s).players:
            do(s, p, "keep hand")
        if banneret.pending(s).kind == "card":
            break
    d = data(s)
    for turn in range(1, 8):
        assert pending_kind(s)[0] == "card" and d.turn == turn
        assert len(d.hands["lancaster"]) == len(d.hands["york"]) == 8 - turn
        assert len(d.played) == 2 * (turn - 1)
        for p in ("lancaster", "york"):
            do(s, p, labels(s, p)[0])
        for p in (d.player1, "york" if d.player1 == "lancaster" else "lancaster"):
            if pending_kind(s)[0].startswith("action") and p in banneret.pending(s).players:
                do(s, p, "end actions")
    assert d.phase == "political" and len(d.played) == 14  # seven cards each, then politics


# --------------------------------------------------------------------------- events


def test_s35_plague_hits_every_block_in_an_enemy_city_area():
    """S35 / A-5 (occupied): York's Plague on Lancaster-held Middlesex (London): every block
    loses a step; a strength-1 block is eliminated (6.8)."""
    s = new(12)
    put(s, "oxford", "middlesex", 1)
    put(s, "beaumont", "middlesex", 2)
    start_turn(s, "action_ap2_1", "event_plague")
    assert data(s).player1 == "york"  # an event beats any action card
    assert "plague middlesex" in menu_labels(s, "york")
    assert "plague east_anglia" not in menu_labels(s, "york")  # vacant: not an enemy city
    before = data(s).steps["henry_vi"]
    do(s, "york", "plague middlesex")
    d = data(s)
    assert d.steps["henry_vi"] == before - 1
    assert d.steps["beaumont"] == 1
    assert d.loc["oxford"] == "dead"  # a rose noble dies for ever
    assert pending_kind(s) == ("action-menu", ("lancaster",))


def test_plague_colour_reading():
    """A-5 alternative (option plague_target=colour): a city of the enemy's colour, whoever
    holds it; all blocks present lose a step."""
    s = new(13, plague_target="colour")
    d = data(s)
    put(s, "norfolk", "east_anglia")
    # white (York) cities holding blocks: Norwich (York's Norfolk), London (Henry VI),
    # Salisbury (Wiltshire) -- Lancaster may plague its own blocks under this reading
    assert plague_targets(d, "lancaster", "colour") == ["east_anglia", "middlesex", "wilts"]
    assert plague_targets(d, "lancaster", "occupied") == ["east_anglia"]
    # red (Lancaster) cities: Bristol (Somerset), Coventry (Warwick), Newcastle (Northumbria)
    # and York (South Yorks) all stand empty in 1460
    assert plague_targets(d, "york", "colour") == []
    put(s, "clifford", "south_yorks")  # Lancaster's Clifford in the city of York
    put(s, "hastings", "warwick")  # York's Hastings in Coventry
    assert plague_targets(d, "york", "colour") == ["south_yorks", "warwick"]
    assert plague_targets(d, "york", "occupied") == ["middlesex", "south_yorks", "wilts"]


def test_treason_card_is_noted_for_the_battles():
    """5.1: playing Treason gives that player the pre-battle treachery roll this turn and one
    group move."""
    s = new(14)
    start_turn(s, "event_treason", "action_ap2_1")
    d = data(s)
    assert d.treason == "lancaster" and d.player1 == "lancaster"
    assert "land move from middlesex" in menu_labels(s, "lancaster")
    assert not any(l.startswith(("recruit", "sea move")) for l in menu_labels(s, "lancaster"))
    choose(s, "lancaster", "land move from middlesex")
    assert d.ap["lancaster"] == 0


def test_events_offer_only_their_own_action():
    """A-3: an event's AP serve only that event: Plague offers no moves or recruits."""
    s = new(15)
    start_turn(s, "event_plague", "action_ap2_1")
    assert all(l.startswith("plague") or l == "end actions" for l in menu_labels(s, "lancaster"))
