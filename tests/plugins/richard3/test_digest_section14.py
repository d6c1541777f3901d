"""Digest section 14 items that no other test file pinned, played through the public API.

Each test names the section 14 item it pins (I = 14.1 invariant, statement numbers are
14.2, S = the scenario list of 14.4/14.5, D = a row of the 14.0 decision table in the order
the table gives them). The full map from every item to its tests is
docs/games/richard3-tests.md. Positions are built with r3_helpers and R3State; battles use
:class:`RiggedDice` so every roll is known in advance.
"""

from __future__ import annotations

import banneret
from banneret.agents import Seat
import pytest
from banneret import Rng
from banneret_richard3 import combat
from banneret_richard3.agent import make_agent
from banneret_richard3.battle import current, eliminate
from banneret_richard3.cards import player_one
from banneret_richard3.data_model import load_map
from banneret_richard3.movement import recruit_places, sea_destinations
from banneret_richard3.state import DEAD, DEFAULT_PARAMETERS, MINOR, OFFMAP, POOL, tables
from banneret_richard3.supply import supply_count
from r3_helpers import (
    choose, clear_map, data, do, labels, menu_labels, new, pending_kind, put, start_turn, touch,
)


class RiggedDice(Rng):
    """The game's generator with preset dice: ``dice()`` hands out the prepared values in
    order and fails the test if the game rolls more dice than prepared."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(0)
        self.values = list(values)
        self.rolled: list[list[int]] = []

    def dice(self, count: int, sides: int = 6) -> list[int]:
        if len(self.values) < count:
            raise AssertionError(f"the game rolled {count} dice; only {self.values} were prepared")
        out, self.values = self.values[:count], self.values[count:]
        self.rolled.append(out)
        return out


def _rig(state, values):
    state.rng = RiggedDice(values)
    return state.rng


def _move(state, player, origin, block, *path):
    """One land-move action: the group from ``origin`` (1 AP), ``block`` along ``path``."""
    choose(state, player, f"land move from {origin}")
    do(state, player, f"select {block}")
    do(state, player, f"move {block}: " + " -> ".join((origin,) + path))
    if banneret.pending(state).kind == "action-group":
        do(state, player, f"done moving from {origin}")


def _both_end_actions(state):
    d = data(state)
    for p in (d.player1, "york" if d.player1 == "lancaster" else "lancaster"):
        if pending_kind(state) == ("action-menu", (p,)):
            do(state, p, "end actions")


def _answer_political_turn(state, pick=lambda offered: offered[0]):
    while banneret.pending(state).kind in ("go-home", "exile-excess"):
        p = banneret.pending(state).players[0]
        do(state, p, pick(labels(state, p)))


def _set_hand(state, house, cards):
    """Make ``house``'s hand exactly ``cards``; the rest of the deck fills the other hand
    and the set-aside pile."""
    d = data(state)
    other = "york" if house == "lancaster" else "lancaster"
    rest = [c for c in tables().card_ids if c not in cards]
    d.hands[house] = list(cards)
    d.hands[other] = rest[:7]
    d.set_aside = rest[7:]


# --------------------------------------------------------------------------- 14.0


def test_d6_player_one_picks_the_battle_order_and_s29_no_king_until_supply():
    """D6: with two battles Player 1 (York) alone chooses which is fought first.
    S29 / statement 33: Henry VI dies in the first battle; in the second battle of the same
    phase Lancaster has no KING, so its senior heir there (Somerset) gets no King's treachery
    roll; at the supply phase Prince Edward enters and is crowned."""
    s = new(101)
    clear_map(s)
    put(s, "henry_vi", "middlesex", 1)
    put(s, "somerset", "leicester", 3)
    put(s, "duke_of_york", "ireland")
    put(s, "march", "kent", 4)
    put(s, "kent_y", "derby", 2)
    start_turn(s, "action_ap2_1", "action_ap4_1")
    _move(s, "york", "kent", "march", "middlesex")
    _move(s, "york", "derby", "kent_y", "leicester")
    do(s, "york", "end actions")
    do(s, "lancaster", "end actions")
    assert pending_kind(s) == ("battle-order", ("york",))
    assert labels(s, "york") == ["fight battle in leicester", "fight battle in middlesex"]
    assert labels(s, "lancaster") == []
    dice = _rig(s, [1, 6, 6, 6])
    do(s, "york", "fight battle in middlesex")
    assert pending_kind(s) == ("battle-turn", ("york",))
    do(s, "york", "fire: march")  # March A3 at 4: one hit kills Henry VI (1)
    d = data(s)
    assert dice.rolled == [[1, 6, 6, 6]]
    assert d.loc["henry_vi"] == DEAD and d.king_block is None and d.king == "lancaster"
    assert pending_kind(s) == ("regroup", ("york",))
    do(s, "york", "end regroup")
    # the second battle starts by itself: Somerset and Kent are both A2, the Defender first
    assert d.battle_area == "leicester" and pending_kind(s) == ("battle-turn", ("lancaster",))
    offered = labels(s, "lancaster")
    assert "fire: somerset" in offered and "charge somerset on kent_y" in offered
    assert not any(x.startswith("treachery") for x in offered)
    assert d.king_block is None
    # were Somerset already crowned, the roll would be offered: the test can fail
    crowned = s.clone()
    crowned.data.king_block = "somerset"
    assert "treachery somerset on kent_y" in [a.label for a in banneret.legal_actions(crowned, "lancaster")]
    # Somerset and Kent pass to the end; York's Kent must leave in round 4
    while d.battle_area == "leicester":
        offered = labels(s, banneret.pending(s).players[0])
        do(s, banneret.pending(s).players[0],
           next(x for x in offered if x.startswith(("pass", "retreat", "end regroup"))))
    assert pending_kind(s) == ("minor-entry", ("lancaster",))
    assert "enter prince_edward in cornwall" in labels(s, "lancaster")
    do(s, "lancaster", "enter prince_edward in cornwall")
    assert d.king_block == "prince_edward" and d.loc["prince_edward"] == "cornwall"


# --------------------------------------------------------------------------- 14.1


@pytest.mark.parametrize("breakage, words", [
    (lambda d: d.loc.__setitem__("ghost", POOL), "exactly the 63 blocks"),  # I1
    (lambda d: d.loc.__setitem__("devon", "isle_of_wight"), "not a playable area"),  # I6
    (lambda d: d.loc.__setitem__("devon", "english_channel"), "not a playable area"),  # I6
    (lambda d: d.place("warwick_y", DEAD) or d.place("warwick_l", "kent"), "died but a version"),  # I12
    (lambda d: d.down.add("oxford"), "face-down"),  # I13
    (lambda d: d.place("oxford", MINOR), "waits as a minor but is not an heir"),  # I8
    (lambda d: d.loc.__setitem__("devon", MINOR), "listed in"),  # I8: a minor left on the map
    (lambda d: setattr(d, "campaign", 4), "out of range"),  # I16
    (lambda d: setattr(d, "turn", 8), "out of range"),  # I16
])
def test_invariant_checker_reports_each_kind_of_breakage(breakage, words):
    """I1, I6, I12, I13, I16: the game's invariant check (run after every step of the
    conformance playouts) reports a state that breaks the invariant."""
    s = new(102)
    assert s.game.invariants(s) == []
    breakage(data(s))
    found = s.game.invariants(s)
    assert any(words in line for line in found), found


def test_i15_invariant_checker_reports_a_dirty_campaign_reset():
    """I15: right after a reset no levy/Bombard/Welsh/Rebel is on the map, nothing is
    face-down, each player holds seven cards."""
    s = new(103)
    d = data(s)
    d.campaign = 2  # a state that claims to be just after the first reset
    assert s.game.invariants(s) == []
    put(s, "york_levy", "north_yorks")
    assert any("york_levy is on the map after the campaign reset" in x for x in s.game.invariants(s))
    d.place("york_levy", POOL)
    d.down.add("york_levy")
    assert "face-down blocks remain after the campaign reset" in s.game.invariants(s)
    d.down.clear()
    d.set_aside.append(d.hands["york"].pop())
    assert "a player does not hold seven cards at the start of a campaign" in s.game.invariants(s)


@pytest.mark.parametrize("seed", range(3))
def test_playouts_keep_the_dead_dead_the_face_down_idle_and_minors_off_the_map(seed):
    """I12: once dead, a block never leaves DEAD and its other version never enters play.
    I13: a block face-down this campaign is not in any area, and is not moved or recruited.
    I8: a minor comes into play only through the supply phase's succession step (6.82).
    Heuristic agents on both sides (they fight, so blocks die and go face-down)."""
    s = banneret.new_game("richard3", seed=seed)
    agents = {h: make_agent("richard3", h, seed) for h in ("lancaster", "york")}
    t = tables()
    dead_seen = down_seen = minors_seen = 0
    while not banneret.is_over(s):
        before = s.data.clone()
        p = banneret.pending(s).players[0]
        events = [e.text for e in banneret.apply(s, agents[p].choose(Seat(s, p)))]
        d = s.data
        for b in t.block_ids:
            if before.loc[b] == DEAD:
                dead_seen += 1
                assert d.loc[b] == DEAD, b
                c = t.blocks[b].counterpart
                assert c is None or d.loc[c] in (OFFMAP, DEAD), (b, d.loc[c])
            if before.loc[b] == MINOR and d.loc[b] != MINOR:
                # only the supply phase's succession step brings a minor into play
                assert f"{b} comes of age and enters in {d.loc[b]}" in events, (b, events)
                minors_seen += 1
        if d.campaign == before.campaign:
            for b in before.down & d.down:
                down_seen += 1
                assert d.loc[b] == before.loc[b], b
                # (a block that moved or was recruited before it died stays in those records)
                assert b not in d.moved - before.moved and b not in d.recruited - before.recruited, b
                assert all(b not in d.at[a] for a in t.areas), b
    assert dead_seen and down_seen and minors_seen  # the playout really exercised them


# --------------------------------------------------------------------------- 14.2 cards


def test_statement2_tie_goes_to_the_pretender_whichever_house_that_is():
    """Statement 2: ties go to the PRETENDER, also when York holds the throne."""
    s = new(104)
    d = data(s)
    d.king, d.king_block, d.pretender_block = "york", "duke_of_york", "henry_vi"
    touch(s)
    assert player_one(d, "action_ap3_1", "action_ap3_2") == "lancaster"
    assert player_one(d, "event_surprise", "event_force_march") == "lancaster"  # both AP 1
    assert player_one(d, "event_muster", "event_plague") == "lancaster"  # both AP 0
    start_turn(s, "action_ap3_1", "action_ap3_2")
    assert d.player1 == "lancaster"
    assert pending_kind(s) == ("action-menu", ("lancaster",))


@pytest.mark.parametrize("hand, worth, may", [
    (["action_ap4_1", "action_ap3_1", "action_ap2_1", "action_ap2_2", "event_plague", "event_piracy",
      "event_muster"], 13, True),
    (["action_ap4_1", "action_ap4_2", "action_ap2_1", "action_ap2_2", "event_plague", "event_piracy",
      "event_muster"], 14, False),
])
def test_s36_statement4_redeal_limit_is_thirteen(hand, worth, may):
    """Statement 4 / S36: a hand worth 13 may be redealt, one worth 14 may not (Plague and
    Muster count 0, Piracy 2)."""
    from banneret_richard3.cards import hand_ap

    s = new(105)
    _set_hand(s, "york", hand)
    assert hand_ap(data(s), "york") == worth
    assert ("redeal hand" in labels(s, "york")) is may


# --------------------------------------------------------------------------- S3


@pytest.mark.parametrize("moves, recruits", [(3, 0), (2, 1), (1, 2), (0, 3)])
def test_s3_every_split_of_three_ap_and_no_fourth_action(moves, recruits):
    """S3: an AP3 card buys three moves, two moves and a recruit, one move and two recruits,
    or three recruits; after the third action the player can do nothing more."""
    s = new(106)
    clear_map(s)
    put(s, "henry_vi", "middlesex")
    put(s, "duke_of_york", "ireland")
    put(s, "warwick_y", "warwick")
    put(s, "kent_y", "kent")
    put(s, "salisbury_y", "north_yorks")
    start_turn(s, "action_ap2_1", "action_ap3_1")
    d = data(s)
    assert d.player1 == "york" and d.ap["york"] == 3
    for origin, block, dest in [("warwick", "warwick_y", "oxford"), ("kent", "kent_y", "sussex"),
                                ("north_yorks", "salisbury_y", "east_yorks")][:moves]:
        _move(s, "york", origin, block, dest)
        assert d.loc[block] == dest
    for label in ["recruit norfolk in east_anglia", "recruit suffolk in east_anglia",
                  "recruit hastings in leicester"][:recruits]:
        choose(s, "york", label)
    assert d.ap["york"] == 0
    assert pending_kind(s) == ("action-menu", ("lancaster",))
    assert banneret.legal_actions(s, "york") == ()
    with pytest.raises(banneret.NotYourTurnError):
        banneret.apply(s, banneret.Action("york", "end actions", "end"))
    assert len(d.moved) == moves and len(d.recruited) == recruits


# --------------------------------------------------------------------------- movement


def test_statement6_a_group_is_one_areas_blocks_moving_one_or_two_areas():
    """Statement 6: "land move from middlesex" offers only blocks standing in Middlesex, and
    no path longer than two areas; a Force March group reaches three areas, never four."""
    s = new(107)
    clear_map(s)
    put(s, "henry_vi", "middlesex")
    put(s, "oxford", "middlesex")
    put(s, "beaumont", "kent")
    put(s, "duke_of_york", "ireland")
    start_turn(s, "action_ap4_1", "action_ap2_1")
    choose(s, "lancaster", "land move from middlesex")
    assert labels(s, "lancaster") == ["select henry_vi", "select oxford", "done moving from middlesex"]
    do(s, "lancaster", "select oxford")
    lengths = {len(x.split(": ")[1].split(" -> ")) - 1 for x in labels(s, "lancaster")}
    assert lengths == {1, 2}

    s = new(108)
    clear_map(s)
    put(s, "henry_vi", "middlesex")
    put(s, "oxford", "middlesex")
    put(s, "duke_of_york", "ireland")
    start_turn(s, "event_force_march", "action_ap2_1")
    choose(s, "lancaster", "force march from middlesex")
    do(s, "lancaster", "select oxford")
    lengths = {len(x.split(": ")[1].split(" -> ")) - 1 for x in labels(s, "lancaster")}
    assert lengths == {1, 2, 3}


def test_statement9_a_block_that_sailed_does_not_also_march():
    """Statement 9: Warwick sails Calais -> Kent; a land move from Kent then offers only
    the block that was already there."""
    s = new(109)
    put(s, "kent_y", "kent")  # York's Kent, by hand, out of Calais
    start_turn(s, "action_ap2_1", "action_ap4_1")
    choose(s, "york", "sea move from calais")
    do(s, "york", "ship warwick_y")
    do(s, "york", "ship warwick_y: calais -> kent")
    do(s, "york", "done shipping")
    d = data(s)
    assert d.loc["warwick_y"] == "kent" and "warwick_y" in d.sea_moved
    choose(s, "york", "land move from kent")
    assert labels(s, "york") == ["select kent_y", "done moving from kent"]


def test_statement15_regroup_into_scotland_is_for_lancaster_only():
    """Statement 15: a regroup from Northumbria or Cumbria (Scotland's two land borders) may
    enter Scotland for Lancaster, never for York."""
    m = load_map()
    empty = lambda area: ()  # noqa: E731
    for area in ("northumbria", "cumbria"):
        assert "scotland" in combat.regroup_destinations(DEFAULT_PARAMETERS, m, area, "lancaster", houses_in=empty)
        assert "scotland" not in combat.regroup_destinations(DEFAULT_PARAMETERS, m, area, "york", houses_in=empty)


def test_s9_each_separating_area_ships_on_both_its_seas():
    """S9: Kent ships on the Channel and the North Sea, Scotland on the North and Irish Seas,
    Calais on the Channel and North Sea, France on the Channel and Irish Sea; never into the
    enemy's exile; nothing beyond those seas; never into an enemy or contested area without
    Piracy."""
    s = new(110)
    clear_map(s)
    d = data(s)
    t = tables()
    cases = {
        ("kent", "york"): ("english_channel", "north_sea"),
        ("scotland", "lancaster"): ("north_sea", "irish_sea"),
        ("calais", "york"): ("english_channel", "north_sea"),
        ("france", "lancaster"): ("english_channel", "irish_sea"),
    }
    for (origin, house), seas in cases.items():
        got = {dest for dest, _sea in sea_destinations(d, house, origin)}
        expected = {a for sea in seas for a in t.coasts[sea] if a != origin and t.exile_of[a] in (None, house)}
        assert got == expected, origin
    assert "chester" not in {x for x, _ in sea_destinations(d, "york", "kent")}  # Irish Sea only
    assert "east_anglia" not in {x for x, _ in sea_destinations(d, "lancaster", "france")}  # North Sea only
    # an enemy-held or contested landing is refused without Piracy
    put(s, "oxford", "kent")
    put(s, "beaumont", "sussex")
    put(s, "norfolk", "sussex")
    assert d.is_enemy("kent", "york") and d.is_contested("sussex")
    plain = {x for x, _ in sea_destinations(d, "york", "calais")}
    assert "kent" not in plain and "sussex" not in plain and "east_anglia" in plain
    assert {"kent", "sussex"} <= {x for x, _ in sea_destinations(d, "york", "calais", piracy=True)}


def test_s10_two_ports_two_blocks_each_and_two_plus_one():
    """S10: with 2 AP York ships two blocks to Kent and two to East Anglia (both major
    ports), or two to Kent and one to Rutland (on the North Sea, no major port); never a
    third destination."""
    s = new(111)
    start_turn(s, "action_ap2_1", "action_ap2_2")
    for first, second, port in (("warwick_y", "salisbury_y", "kent"), ("kent_y", "march", "east_anglia")):
        choose(s, "york", "sea move from calais")
        do(s, "york", f"ship {first}")
        do(s, "york", f"ship {first}: calais -> {port}")
        do(s, "york", f"also ship {second}: calais -> {port}")
    d = data(s)
    assert sorted(d.blocks_in("kent")) == ["salisbury_y", "warwick_y"]
    assert sorted(d.blocks_in("east_anglia")) == ["kent_y", "march"]
    assert pending_kind(s) == ("action-menu", ("lancaster",))

    s = new(112)
    start_turn(s, "action_ap2_1", "action_ap2_2")
    choose(s, "york", "sea move from calais")
    do(s, "york", "ship warwick_y")
    do(s, "york", "ship warwick_y: calais -> kent")
    do(s, "york", "also ship salisbury_y: calais -> kent")
    choose(s, "york", "sea move from calais")
    do(s, "york", "ship kent_y")
    do(s, "york", "ship kent_y: calais -> rutland")
    d = data(s)
    assert d.blocks_in("rutland") == ("kent_y",) and len(d.blocks_in("kent")) == 2
    assert "march" in d.blocks_in("calais")
    assert pending_kind(s) == ("action-menu", ("lancaster",))

    # one block to each of two ports uses both AP: no third destination
    s = new(113)
    start_turn(s, "action_ap2_1", "action_ap2_2")
    for block, port in (("warwick_y", "kent"), ("salisbury_y", "east_anglia")):
        choose(s, "york", "sea move from calais")
        do(s, "york", f"ship {block}")
        do(s, "york", f"ship {block}: calais -> {port}")
        do(s, "york", "done shipping")
    assert pending_kind(s) == ("action-menu", ("lancaster",)) and banneret.legal_actions(s, "york") == ()


def test_s10_no_second_block_from_a_coast_without_a_major_port():
    """S10 / statement 13: from Rutland (North Sea, no major port) to Kent (a major port) one
    block per AP."""
    s = new(114)
    assert not tables().major_port["rutland"] and tables().major_port["kent"]
    put(s, "warwick_y", "rutland")
    put(s, "salisbury_y", "rutland")
    start_turn(s, "action_ap2_1", "action_ap2_2")
    choose(s, "york", "sea move from rutland")
    do(s, "york", "ship warwick_y")
    do(s, "york", "ship warwick_y: rutland -> kent")
    assert pending_kind(s) == ("action-menu", ("york",)) and data(s).ap["york"] == 1
    assert data(s).loc["salisbury_y"] == "rutland"


def test_s17_three_groups_across_one_river_border_are_one_main_attack():
    """S17: one Lancaster block each in Middlesex, Gloucester and Oxford reach Sussex across
    the Oxford/Sussex river with three land moves; a fourth block may not cross that border;
    the Main Attack is Oxford and nobody waits in Reserve."""
    s = new(115)
    clear_map(s)
    put(s, "henry_vi", "cornwall")
    put(s, "beaumont", "middlesex")
    put(s, "devon", "gloucester")
    put(s, "oxford", "oxford")
    put(s, "clifford", "oxford")
    put(s, "duke_of_york", "ireland")
    put(s, "norfolk", "sussex")
    put(s, "arundel", "sussex")
    start_turn(s, "action_ap4_1", "action_ap2_1")
    _move(s, "lancaster", "middlesex", "beaumont", "oxford", "sussex")
    _move(s, "lancaster", "gloucester", "devon", "oxford", "sussex")
    choose(s, "lancaster", "land move from oxford")
    do(s, "lancaster", "select oxford")
    do(s, "lancaster", "move oxford: oxford -> sussex")
    d = data(s)
    assert d.crossed("lancaster", "oxford", "sussex") == 3
    do(s, "lancaster", "select clifford")
    offered = labels(s, "lancaster")
    assert "move clifford: oxford -> sussex" not in offered
    with pytest.raises(banneret.IllegalActionError):
        do(s, "lancaster", "move clifford: oxford -> sussex")
    do(s, "lancaster", "move clifford: oxford -> wilts")
    do(s, "lancaster", "end actions")
    assert d.main_attack[("sussex", "lancaster")] == "oxford"
    do(s, "york", "end actions")
    assert d.battle_area == "sussex"
    assert current(s).attacker == "lancaster" and current(s).reserves == ()
    assert set(current(s).to_act) == {"beaumont", "devon", "oxford", "norfolk", "arundel"}


# --------------------------------------------------------------------------- recruitment


def test_statement16_only_the_players_own_pool_is_offered():
    """Statement 16: every recruit offered to a player is one of his own pool blocks."""
    s = new(116)
    start_turn(s, "action_ap3_1", "action_ap3_2")
    d = data(s)
    for house in ("york", "lancaster"):
        if house == "lancaster":
            do(s, "york", "end actions")
        offered = [x for x in menu_labels(s, house) if x.startswith("recruit ")]
        blocks = {x.split()[1] for x in offered}
        assert blocks and all(d.house_of(b) == house and d.loc[b] == POOL for b in blocks), (house, blocks)
    assert "recruit buckingham_l in warwick" in menu_labels(s, "lancaster")


def test_statement17_no_recruit_into_a_contested_area():
    """Statement 17: York attacks Lancaster's Oxford in East Anglia; Norfolk, Suffolk and the
    Norwich levy may then not be recruited there (contested), while Arundel may in Sussex and
    Norfolk and Suffolk at their other shields."""
    s = new(117)
    put(s, "oxford", "east_anglia")
    put(s, "kent_y", "essex")
    start_turn(s, "action_ap2_1", "action_ap3_1")
    _move(s, "york", "essex", "kent_y", "east_anglia")
    d = data(s)
    assert d.is_contested("east_anglia")
    offered = menu_labels(s, "york")
    assert not any(x.endswith(" in east_anglia") for x in offered)
    assert "recruit arundel in sussex" in offered
    assert recruit_places(d, "norfolk") == ["caernarvon", "glamorgan"]
    assert recruit_places(d, "suffolk") == ["oxford"] and recruit_places(d, "norwich_levy") == []


# --------------------------------------------------------------------------- battle


def test_statement30_a_reserve_is_no_treachery_target_until_it_arrives():
    """Statement 30: the King may roll only against engaged enemy blocks: York's Kent, which
    came in by a second border (Reserve), is offered to Henry VI only from round 2."""
    s = new(118)
    clear_map(s)
    put(s, "henry_vi", "leicester")
    put(s, "duke_of_york", "ireland")
    put(s, "march", "derby")
    put(s, "kent_y", "rutland")
    start_turn(s, "action_ap2_1", "action_ap4_1")
    _move(s, "york", "derby", "march", "leicester")
    _move(s, "york", "rutland", "kent_y", "leicester")
    do(s, "york", "end actions")
    assert pending_kind(s) == ("main-attack", ("york",))
    do(s, "york", "main attack on leicester from derby")
    do(s, "lancaster", "end actions")
    assert current(s).reserves == ("kent_y",)
    do(s, "york", "pass: march")
    round1 = labels(s, "lancaster")
    assert "fire: henry_vi" in round1 and not any(x.startswith("treachery") for x in round1)
    do(s, "lancaster", "pass: henry_vi")
    assert current(s).round == 2 and current(s).reserves == ()
    do(s, "york", "pass: march")  # both A blocks of York act before Henry VI (B2)
    do(s, "york", "pass: kent_y")
    assert "treachery henry_vi on kent_y" in labels(s, "lancaster")


def test_statement14_a_block_that_sailed_in_regroups_over_land_only():
    """Statement 14: York's Warwick sails (no Piracy) to East Yorks, wins the battle there
    against Clifford and regroups: only the land neighbours North Yorks, Northumbria and South
    Yorks are offered, none of the rest of the North Sea coast (Lincoln, East Anglia...)."""
    s = new(124)
    clear_map(s)
    put(s, "henry_vi", "middlesex")
    put(s, "duke_of_york", "ireland")
    put(s, "warwick_y", "calais", 4)
    put(s, "clifford", "north_yorks", 3)
    start_turn(s, "action_ap2_1", "action_ap2_2")
    choose(s, "york", "sea move from calais")
    do(s, "york", "ship warwick_y")
    do(s, "york", "ship warwick_y: calais -> east_yorks")
    do(s, "york", "end actions")
    _move(s, "lancaster", "north_yorks", "clifford", "east_yorks")
    do(s, "lancaster", "end actions")
    d = data(s)
    assert d.battle_area == "east_yorks" and current(s).defender == "york"
    dice = _rig(s, [6, 6, 6, 1, 1, 1, 6])
    do(s, "lancaster", "fire: clifford")  # A2 attacker first: 3 misses
    do(s, "york", "fire: warwick_y")  # B2 at 4: 3 hits kill Clifford (3)
    assert dice.values == [] and d.loc["clifford"] == DEAD
    assert pending_kind(s) == ("regroup", ("york",))
    assert labels(s, "york") == ["regroup warwick_y -> north_yorks", "regroup warwick_y -> northumbria",
                                 "regroup warwick_y -> south_yorks", "end regroup"]


# --------------------------------------------------------------------------- 6.8 / supply


def test_statement33_one_minor_enters_per_heir_killed():
    """Statement 33: Henry VI and Exeter die in the same turn: at the start of the supply
    phase both Lancaster minors enter, Prince Edward first, each in a friendly or vacant crown
    area; the senior of them, Prince Edward, is KING."""
    s = new(119)
    start_turn(s, "action_ap2_1", "action_ap2_2")
    eliminate(s, "henry_vi", "falls")
    eliminate(s, "exeter_l", "falls")
    touch(s)
    d = data(s)
    assert d.heirs_killed["lancaster"] == 2 and d.king_block is None
    _both_end_actions(s)
    assert pending_kind(s) == ("minor-entry", ("lancaster",))
    assert all(x.startswith("enter prince_edward in ") for x in labels(s, "lancaster"))
    do(s, "lancaster", "enter prince_edward in middlesex")
    assert pending_kind(s) == ("minor-entry", ("lancaster",))
    assert "enter richmond in cornwall" in labels(s, "lancaster")
    do(s, "lancaster", "enter richmond in cornwall")
    assert d.loc["prince_edward"] == "middlesex" and d.loc["richmond"] == "cornwall"
    assert d.minors("lancaster") == [] and d.heirs_killed["lancaster"] == 0
    assert d.king_block == "prince_edward"
    assert d.steps["richmond"] == d.info("richmond").max_strength


def test_s34_the_last_heir_lost_to_supply_ends_the_game():
    """S34: York's last heir (the Duke of York at strength 1) is the block York reduces for
    Ireland's exile limit: the game ends at once, Lancaster wins."""
    s = new(120)
    clear_map(s)
    d = data(s)
    for h in ("march", "rutland", "clarence_y", "gloucester"):
        d.place(h, DEAD)
    put(s, "henry_vi", "middlesex")
    put(s, "duke_of_york", "ireland", 1)
    put(s, "warwick_y", "ireland")
    put(s, "kent_y", "ireland")
    assert d.heirs_alive("york") == 1 and supply_count(d, "ireland") == ["duke_of_york", "warwick_y", "kent_y"]
    start_turn(s, "action_ap2_1", "action_ap2_2")
    _both_end_actions(s)
    assert pending_kind(s) == ("supply", ("york",))
    do(s, "york", "reduce duke_of_york in ireland")
    assert banneret.is_over(s)
    assert banneret.outcome(s).winners == ("lancaster",)
    assert "all five york heirs" in banneret.outcome(s).reason


def test_s34_executing_the_last_heir_ends_the_game():
    """S34 / 9.1: York's only living heir identity is Clarence, serving Lancaster (option
    last_heir_defected=plays keeps the game going); Lancaster executes him in the supply
    phase and wins at once."""
    s = new(121, last_heir_defected="plays")
    clear_map(s)
    d = data(s)
    for h in ("duke_of_york", "march", "rutland", "gloucester"):
        d.place(h, DEAD)
    d.place("clarence_y", OFFMAP)
    d.pretender_block = None
    put(s, "henry_vi", "middlesex")
    put(s, "clarence_l", "rutland")
    assert d.heirs_alive("york") == 1
    start_turn(s, "action_ap2_1", "action_ap2_2")
    _both_end_actions(s)
    assert not banneret.is_over(s)
    assert pending_kind(s) == ("execution", ("lancaster",))
    do(s, "lancaster", "execute clarence_l")
    assert banneret.is_over(s)
    assert banneret.outcome(s).winners == ("lancaster",)
    assert "all five york heirs" in banneret.outcome(s).reason


# --------------------------------------------------------------------------- 8.0


def _play_last_turn(state, lancaster="action_ap2_1", york="action_ap2_2"):
    """Play game turn 7 of the campaign with no actions, into the political turn."""
    data(state).turn = 6
    start_turn(state, lancaster, york)
    _both_end_actions(state)


def test_statement36_the_pretender_goes_home_before_the_king():
    """Statement 36 (8.3 before 8.4): York's Hastings finds his only shield, Leicester, held
    by Lancaster's Oxford, so he goes to the pool, although Oxford then leaves Leicester for
    his own shield, Essex, in 8.4."""
    s = new(122)
    clear_map(s)
    put(s, "henry_vi", "middlesex")
    put(s, "duke_of_york", "ireland")
    put(s, "oxford", "leicester")
    put(s, "hastings", "sussex")
    _play_last_turn(s)
    d = data(s)
    assert d.king == "lancaster"  # 3 against 1: no usurpation
    assert d.loc["hastings"] == POOL and d.loc["oxford"] == "essex"
    assert pending_kind(s) == ("go-home", ("lancaster",))  # Henry VI has a choice
    _answer_political_turn(s)
    assert d.campaign == 2 and d.loc["hastings"] == POOL


def test_s30_s31_eliminated_blocks_across_the_campaign_reset():
    """S30 / S31 / I12 / I13 / statement 32: Norfolk (rose) and York's Warwick (Neville) die
    for ever, the Lancastrian Warwick never enters play; Stanley (two-version noble) and the
    Welsh lie face-down in the Lancaster pool, the French mercenary face-down in France: none
    can be recruited or moved this campaign; all three are back, face-up, in the next one,
    and each player has his redeal again."""
    s = new(123)
    put(s, "stanley_l", "chester")
    put(s, "welsh_mercenary", "powys")
    put(s, "french_mercenary", "sussex")
    put(s, "norfolk", "east_anglia")
    for b in ("norfolk", "warwick_y", "stanley_l", "welsh_mercenary", "french_mercenary"):
        eliminate(s, b)
    d = data(s)
    assert d.loc["norfolk"] == DEAD and d.loc["warwick_y"] == DEAD
    assert d.loc["french_mercenary"] == "france" and "french_mercenary" not in d.at["france"]
    assert supply_count(d, "france") == []
    d.turn = 6
    start_turn(s, "action_ap4_1", "action_ap2_1")
    offered = menu_labels(s, "lancaster")
    assert not any(x.startswith(("recruit stanley_l", "recruit welsh_mercenary")) for x in offered)
    assert "recruit buckingham_l in warwick" in offered
    assert not any(x.startswith("sea move from france") for x in offered)
    do(s, "lancaster", "end actions")
    do(s, "york", "end actions")
    _answer_political_turn(s)
    assert d.campaign == 2 and d.turn == 0
    assert d.loc["norfolk"] == DEAD and d.loc["warwick_y"] == DEAD and d.loc["warwick_l"] == OFFMAP
    assert d.down == set()
    assert "stanley_l" in d.pool("lancaster") and "welsh_mercenary" in d.pool("lancaster")
    assert d.at["france"] == ("french_mercenary",) and d.in_play("french_mercenary")
    assert d.redeal_used == {"lancaster": False, "york": False}
    assert s.game.invariants(s) == []
    start_turn(s, "action_ap4_1", "action_ap2_1")
    offered = menu_labels(s, "lancaster")
    # at his two shields, the Isle of Man and Lancaster
    assert [x for x in offered if x.startswith("recruit stanley_l ")] == [
        "recruit stanley_l in isle_of_man", "recruit stanley_l in lancaster"]
    assert any(x.startswith("recruit welsh_mercenary in ") for x in offered)
    assert "sea move from france" in offered
    do(s, "lancaster", "end actions")
    assert not any(x.startswith(("recruit norfolk", "recruit warwick")) for x in menu_labels(s, "york"))
