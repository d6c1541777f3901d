"""The political turn (8.0-8.5)."""

from __future__ import annotations

import banneret
from banneret_richard3.politics import home_options, support
from banneret_richard3.state import tables
from banneret_richard3.supply import EXILE_LIMIT, supply_count
from r3_helpers import clear_map, data, do, labels, new, pending_kind, put, start_turn


def _last_turn(state, lancaster="action_ap2_1", york="action_ap2_2"):
    """Play game turn 7 without actions; the game then runs the political turn to its first
    decision."""
    data(state).turn = 6
    start_turn(state, lancaster, york)
    d = data(state)
    for p in (d.player1, "york" if d.player1 == "lancaster" else "lancaster"):
        do(state, p, "end actions")


def _answer_all(state, choose=lambda labels: labels[0]):
    """Answer every going-home / exile question with ``choose`` until the next campaign's
    redeal question (or the end)."""
    while banneret.pending(state).kind in ("go-home", "exile-excess"):
        p = banneret.pending(state).players[0]
        do(state, p, choose(labels(state, p)))


def test_s28_support_counts_nobles_church_heirs_and_london():
    """S28 / 8.2: nobles, church and heirs on the map count one each; exile, the Isle of Man
    and pools count nothing; holding Middlesex counts one; levies, Bombards, mercenaries and
    the Rebel count nothing."""
    s = new(60)
    clear_map(s)
    d = data(s)
    put(s, "henry_vi", "middlesex")  # heir + London = 2
    put(s, "oxford", "essex")  # noble
    put(s, "york_church_l", "north_yorks")  # church
    put(s, "york_levy", "north_yorks")  # levy: 0
    put(s, "lancaster_bombard", "middlesex")  # 0
    put(s, "french_mercenary", "sussex")  # 0
    put(s, "stanley_l", "isle_of_man")  # Isle of Man: 0
    put(s, "somerset", "france")  # exile: 0
    assert support(d, "lancaster") == 4
    put(s, "duke_of_york", "ireland")
    put(s, "rebel", "kent")  # the Rebel fights for York but adds nothing
    put(s, "norfolk", "east_anglia")
    assert support(d, "york") == 1


def test_s27_ties_go_to_the_king():
    """S27: 7 against 7: no usurpation."""
    s = new(61)
    clear_map(s)
    for b, a in (("henry_vi", "sussex"), ("somerset", "wilts"), ("exeter_l", "wilts"), ("devon", "wilts"),
                 ("pembroke", "dorset"), ("wiltshire", "dorset"), ("oxford", "dorset")):
        put(s, b, a)
    for b, a in (("duke_of_york", "leicester"), ("march", "leicester"), ("rutland", "leicester"),
                 ("arundel", "leicester"), ("essex", "rutland"), ("norfolk", "east_anglia"), ("suffolk", "east_anglia")):
        put(s, b, a)
    d = data(s)
    assert (support(d, "lancaster"), support(d, "york")) == (7, 7)
    _last_turn(s, "action_ap2_1", "action_ap2_2")
    assert d.phase == "political" and d.king == "lancaster"
    assert any("no usurpation: york 7 against lancaster 7" in line for line in banneret.view(s, "york")["log"])


def test_s27_usurpation_and_the_former_king_goes_home():
    """S27: 8 against 7: York's senior heir becomes KING; Lancaster is PRETENDER and its heirs
    go into exile (8.3)."""
    s = new(62)
    clear_map(s)
    for b, a in (("henry_vi", "sussex"), ("somerset", "wilts"), ("exeter_l", "wilts"), ("devon", "wilts"),
                 ("pembroke", "dorset"), ("wiltshire", "dorset"), ("oxford", "dorset")):
        put(s, b, a)
    for b, a in (("duke_of_york", "leicester"), ("march", "leicester"), ("rutland", "leicester"),
                 ("arundel", "leicester"), ("essex", "rutland"), ("hastings", "rutland"),
                 ("norfolk", "east_anglia"), ("suffolk", "east_anglia")):
        put(s, b, a)
    _last_turn(s)
    d = data(s)
    assert d.king == "york" and d.king_block == "duke_of_york" and d.pretender_block == "henry_vi"
    assert any("usurpation" in line for line in banneret.view(s, "lancaster")["log"])
    # 8.3 first: the new Pretender (Lancaster) sends its heirs into exile
    assert pending_kind(s) == ("go-home", ("lancaster",))
    assert labels(s, "lancaster") == ["send henry_vi home to france", "send henry_vi home to scotland"]
    _answer_all(s)
    for h in ("henry_vi", "somerset", "exeter_l"):
        assert d.loc[h] in ("france", "scotland")
    assert d.loc["devon"] == "cornwall" and d.loc["oxford"] == "essex"
    assert d.phase == "card" and d.campaign == 2


def test_s32_levies_disband_and_campaign_reset():
    """S32 / 8.1 / 8.5: levies, Bombards and the Welsh go to the pools, mercenaries go home,
    the Rebel leaves the map and joins the PRETENDER's pool; all blocks regain full strength;
    face-down blocks stand up; seven new cards each."""
    s = new(63)
    put(s, "york_levy", "north_yorks")
    put(s, "lancaster_bombard", "middlesex")
    put(s, "welsh_mercenary", "powys")
    put(s, "french_mercenary", "sussex")
    put(s, "rebel", "kent")
    put(s, "oxford", "essex", 1)
    d = data(s)
    from banneret_richard3.battle import eliminate

    eliminate(s, "shrewsbury_l") if d.loc["shrewsbury_l"] in d.at else None
    put(s, "buckingham_l", "warwick")
    eliminate(s, "buckingham_l")  # face-down in the Lancaster pool until the reset
    assert "buckingham_l" in d.down
    _last_turn(s)
    _answer_all(s)
    for b in ("york_levy", "lancaster_bombard", "welsh_mercenary", "rebel"):
        assert d.loc[b] == "pool"
    assert d.loc["french_mercenary"] == "france"
    assert d.house_of("rebel") == d.pretender == "york"
    assert "rebel" in d.pool("york")
    assert d.down == set() and "buckingham_l" in d.pool("lancaster")
    assert d.steps["oxford"] == d.info("oxford").max_strength
    assert len(d.hands["lancaster"]) == len(d.hands["york"]) == 7
    assert (d.campaign, d.turn) == (2, 0)
    assert s.game.invariants(s) == []


def test_nobles_go_home_unless_the_enemy_holds_the_shield():
    """8.3 / 8.4 / A-32: a noble returns to any of its shield areas not held by the enemy
    alone (a contested area still counts), else to the pool; church blocks to their
    cathedral."""
    s = new(64)
    d = data(s)
    put(s, "norfolk", "sussex")  # shields Caernarvon, East Anglia, Glamorgan: all vacant
    assert home_options(d, "norfolk") == ["caernarvon", "east_anglia", "glamorgan"]
    put(s, "oxford", "east_anglia")  # Lancaster alone holds East Anglia
    assert home_options(d, "norfolk") == ["caernarvon", "glamorgan"]
    put(s, "beaumont", "caernarvon")
    put(s, "devon", "glamorgan")
    assert home_options(d, "norfolk") == ["pool"]
    put(s, "herbert", "glamorgan")  # York contests Glamorgan: it counts again
    assert home_options(d, "norfolk") == ["glamorgan"]
    put(s, "canterbury_church_y", "sussex")
    assert home_options(d, "canterbury_church_y") == ["kent"]


def test_neville_homes():
    """Erratum 4, Warwick's return to Calais (8.3 NOTE, A-31): a shield in an exile area serves
    only the house whose exile it is. The Yorkist Warwick goes home to Calais like to any
    shield, however full Calais is (7.2 trims it later); the Lancastrian Warwick never can."""
    s = new(65)
    d = data(s)
    # 1460: Calais holds March and the three Nevilles (4 = its limit) plus its mercenaries
    assert len(supply_count(d, "calais")) == EXILE_LIMIT["calais"]
    put(s, "warwick_y", "sussex")
    put(s, "york_levy", "calais")  # Calais now over its limit: Warwick may still go there
    assert home_options(d, "warwick_y") == ["calais", "glamorgan", "warwick"]
    put(s, "warwick_l", "sussex")
    assert home_options(d, "warwick_l") == ["glamorgan", "warwick"]
    put(s, "herbert", "glamorgan")
    put(s, "hastings", "warwick")  # York holds both mainland shields: the pool, never Calais
    assert home_options(d, "warwick_l") == ["pool"]
    assert home_options(d, "warwick_y") == ["calais", "glamorgan", "warwick"]


def test_salisbury_and_kent_go_to_calais_only_when_shut_out_and_calais_has_room():
    """8.3 NOTE (erratum 4): a Yorkist Salisbury or Kent shut out of all their own shields
    goes to Calais if it has room, else to the pool; a Lancastrian one never goes to Calais."""
    s = new(66)
    d = data(s)
    put(s, "salisbury_y", "sussex")
    put(s, "kent_y", "sussex")
    put(s, "york_levy", "calais")  # Calais: March, Warwick, the levy and Rutland
    put(s, "rutland", "calais")
    assert len(supply_count(d, "calais")) == EXILE_LIMIT["calais"]
    # Clifford (Lancaster) holds North Yorks from 1460; East Yorks is vacant
    assert d.loc["clifford"] == "north_yorks"
    assert home_options(d, "salisbury_y") == ["east_yorks"]
    assert home_options(d, "kent_y") == ["east_yorks"]
    put(s, "northumberland_l", "east_yorks")  # shut out of every shield, Calais full
    assert home_options(d, "salisbury_y") == ["pool"]
    assert home_options(d, "kent_y") == ["pool"]
    put(s, "rutland", "ireland")  # room in Calais again
    assert home_options(d, "salisbury_y") == ["calais"]
    assert home_options(d, "kent_y") == ["calais"]
    put(s, "salisbury_l", "sussex")
    put(s, "arundel", "north_yorks")
    put(s, "norfolk", "east_yorks")
    put(s, "northumberland_l", "pool")
    put(s, "clifford", "pool")  # York alone holds both Yorkshire shields
    assert home_options(d, "salisbury_l") == ["pool"]


def test_clarence_as_enemy_noble_goes_to_a_vacant_york_shield():
    """9.1: a Lancastrian Clarence goes home to any vacant area with a York shield, else the
    pool."""
    s = new(66)
    d = data(s)
    d.place("clarence_y", "offmap")
    put(s, "clarence_l", "sussex")
    shields = sorted({x.area for x in tables().royal_shields["york"]})
    assert home_options(d, "clarence_l") == shields
    for a in shields:
        put(s, "norfolk" if a == shields[0] else ("suffolk" if a == shields[1] else "essex"), a)
    assert home_options(d, "clarence_l") == ["pool"]


def test_exiles_stay_in_exile():
    """8.4 NOTE: blocks already in exile do not go home."""
    s = new(67)
    _last_turn(s)
    _answer_all(s)
    d = data(s)
    assert d.loc["duke_of_york"] == "ireland" and d.loc["march"] == "calais" and d.loc["warwick_y"] == "calais"


def test_s25_excess_exiles_go_to_the_pool_at_the_reset():
    """S25 / 7.2: still over the limit at the reset: one exile (owner's choice) to the pool."""
    s = new(68)
    put(s, "irish_mercenary", "isle_of_man")
    put(s, "march", "ireland")
    _last_turn(s)
    # supply costs one of them a step first
    if banneret.pending(s).kind == "supply":
        do(s, "york", "reduce rutland in ireland")
    while banneret.pending(s).kind == "go-home":
        p = banneret.pending(s).players[0]
        do(s, p, labels(s, p)[0])
    assert pending_kind(s) == ("exile-excess", ("york",))
    assert labels(s, "york") == ["send duke_of_york from ireland to pool", "send rutland from ireland to pool",
                                 "send march from ireland to pool"]
    do(s, "york", "send rutland from ireland to pool")
    d = data(s)
    assert d.loc["rutland"] == "pool" and d.campaign == 2
