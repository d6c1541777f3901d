"""Land movement (5.2), border limits (5.21), pinning (5.22), sea movement (5.3, 5.31),
recruitment (5.4), the moving events and the Main Attack declaration (6.3)."""

from __future__ import annotations

import banneret
import pytest
from banneret_richard3.movement import can_sea_move, land_paths, recruit_places, sea_destinations
from banneret_richard3.state import border_key, tables
from r3_helpers import choose, clear_map, data, do, labels, menu_labels, new, pending_kind, put, start_turn


def _paths(state, player, block):
    return [l for l in labels(state, player) if l.startswith(f"move {block}:")]


# --------------------------------------------------------------------------- 5.21


def test_s4_yellow_border_takes_four_then_detour():
    """S4: five Lancaster blocks in Middlesex: four cross to Oxford directly; the fifth only via
    Leicester or Sussex. Middlesex-Oxford is yellow on the map: a limit of four."""
    s = new(20)
    assert tables().colour[border_key("middlesex", "oxford")] == "yellow"
    for b in ("oxford", "beaumont", "clifford", "devon"):
        put(s, b, "middlesex")
    start_turn(s, "action_ap4_1", "action_ap3_1")
    choose(s, "lancaster", "land move from middlesex")
    for b in ("henry_vi", "oxford", "beaumont", "clifford"):
        do(s, "lancaster", f"select {b}")
        do(s, "lancaster", f"move {b}: middlesex -> oxford")
    do(s, "lancaster", "select devon")
    paths = _paths(s, "lancaster", "devon")
    assert "move devon: middlesex -> oxford" not in paths
    assert "move devon: middlesex -> leicester -> oxford" in paths
    assert "move devon: middlesex -> sussex -> oxford" in paths
    with pytest.raises(banneret.IllegalActionError):
        do(s, "lancaster", "move devon: middlesex -> oxford")
    do(s, "lancaster", "move devon: middlesex -> sussex -> oxford")
    assert data(s).count_in("oxford", "lancaster") == 5


def test_s5_river_border_takes_three_more_via_essex():
    """S5: six blocks in East Anglia: three straight to Rutland across the river, three more
    via Essex in the same action."""
    s = new(21)
    six = ("norfolk", "suffolk", "norwich_levy", "essex", "hastings", "arundel")
    for b in six:
        put(s, b, "east_anglia")
    put(s, "oxford", "middlesex")  # Essex and Rutland vacant
    start_turn(s, "action_ap3_1", "action_ap3_2")
    choose(s, "york", "land move from east_anglia")
    for b in six[:3]:
        do(s, "york", f"select {b}")
        do(s, "york", f"move {b}: east_anglia -> rutland")
    for b in six[3:]:
        do(s, "york", f"select {b}")
        assert f"move {b}: east_anglia -> rutland" not in _paths(s, "york", b)
        do(s, "york", f"move {b}: east_anglia -> essex -> rutland")
    assert data(s).count_in("rutland", "york") == 6


def test_s6_red_border_stops_and_allows_two_per_player():
    """S6: crossing a red border ends the move; each player may send two blocks across it.
    Pembroke-Powys is red on the map; Powys is vacant in 1460."""
    s = new(22)
    assert tables().colour[border_key("pembroke", "powys")] == "red"
    for b in ("devon", "wiltshire"):
        put(s, b, "pembroke")  # with the Earl of Pembroke, three Lancaster blocks in Pembroke
    start_turn(s, "action_ap4_1", "action_ap3_1")
    choose(s, "lancaster", "land move from pembroke")
    do(s, "lancaster", "select devon")
    paths = _paths(s, "lancaster", "devon")
    assert "move devon: pembroke -> powys" in paths
    assert not any(p.startswith("move devon: pembroke -> powys ->") for p in paths)  # red: stop
    assert "move devon: pembroke -> glamorgan -> powys" in paths  # yellow then blue: no stop
    do(s, "lancaster", "move devon: pembroke -> powys")
    do(s, "lancaster", "select wiltshire")
    do(s, "lancaster", "move wiltshire: pembroke -> powys")
    do(s, "lancaster", "select pembroke")
    assert "move pembroke: pembroke -> powys" not in _paths(s, "lancaster", "pembroke")
    with pytest.raises(banneret.IllegalActionError):
        do(s, "lancaster", "move pembroke: pembroke -> powys")
    # York's own allowance across the same border is untouched
    d = data(s)
    assert d.crossed("lancaster", "pembroke", "powys") == 2 and d.crossed("york", "powys", "pembroke") == 0


def test_border_limits_count_per_player():
    """5.21: the limit per player and turn is 4 on a yellow border (Middlesex-Oxford), 3 on a
    blue one (East Anglia-Rutland) and 2 on a red one (Pembroke-Powys); one player's crossings
    leave the other's allowance untouched."""
    s = new(23)
    clear_map(s)
    d = data(s)
    t = tables()
    for a, b, colour, limit in (("middlesex", "oxford", "yellow", 4), ("east_anglia", "rutland", "blue", 3),
                                ("pembroke", "powys", "red", 2)):
        assert t.colour[border_key(a, b)] == colour
        key = border_key(a, b)
        d.crossings[("lancaster", *key)] = limit - 1
        assert (b,) in land_paths(d, "lancaster", a, rules=s.rules)
        d.crossings[("lancaster", *key)] = limit
        assert (b,) not in land_paths(d, "lancaster", a, rules=s.rules)
        assert (b,) in land_paths(d, "york", a, rules=s.rules)
        d.crossings[("york", *key)] = limit
        assert (b,) not in land_paths(d, "york", a, rules=s.rules)


# --------------------------------------------------------------------------- 5.22


def test_s7_pinning_in_chester():
    """S7: five Lancaster blocks in Chester; York attacks with three from Derby (Main Attack)
    and one from Warwick. Lancaster may move only two of them, never across the Derby or
    Warwick borders."""
    s = new(24)
    clear_map(s)
    put(s, "henry_vi", "middlesex")
    put(s, "duke_of_york", "ireland")
    for b in ("shrewsbury_l", "stanley_l", "devon", "oxford", "beaumont"):
        put(s, b, "chester")
    for b in ("norfolk", "suffolk", "essex"):
        put(s, b, "derby")
    put(s, "hastings", "warwick")
    start_turn(s, "action_ap2_1", "action_ap3_1")
    choose(s, "york", "land move from derby")
    for b in ("norfolk", "suffolk", "essex"):
        do(s, "york", f"select {b}")
        do(s, "york", f"move {b}: derby -> chester")
    choose(s, "york", "land move from warwick")
    do(s, "york", "select hastings")
    do(s, "york", "move hastings: warwick -> chester")
    do(s, "york", "end actions")
    assert pending_kind(s) == ("main-attack", ("york",))
    assert labels(s, "york") == ["main attack on chester from derby", "main attack on chester from warwick"]
    do(s, "york", "main attack on chester from derby")
    d = data(s)
    assert d.main_attack[("chester", "york")] == "derby" and d.defender["chester"] == "lancaster"
    assert d.pin_left == {"chester": 2}
    choose(s, "lancaster", "land move from chester")
    do(s, "lancaster", "select devon")
    paths = _paths(s, "lancaster", "devon")
    assert paths and not any(p.startswith(("move devon: chester -> derby", "move devon: chester -> warwick")) for p in paths)
    assert {p.split(": ")[1].split(" -> ")[1] for p in paths} == {"caernarvon", "hereford", "lancaster", "powys"}
    do(s, "lancaster", "move devon: chester -> powys")
    do(s, "lancaster", "select oxford")
    do(s, "lancaster", "move oxford: chester -> lancaster")
    # the group closes: the other three are pinned
    assert pending_kind(s) == ("action-menu", ("lancaster",))
    assert "land move from chester" not in menu_labels(s, "lancaster")
    assert d.count_in("chester", "lancaster") == 3


# --------------------------------------------------------------------------- 5.2 / 5.3 exits


def test_s8_exit_routes_and_force_march():
    """S8: no land border Glamorgan-Somerset, East Yorks-Lincoln, Kent-Essex; Glamorgan to
    Somerset is three areas: a normal move cannot, a Force March can."""
    s = new(25)
    clear_map(s)
    d = data(s)
    for a, b in (("glamorgan", "somerset"), ("east_yorks", "lincoln"), ("kent", "essex")):
        assert (b,) not in land_paths(d, "lancaster", a, rules=s.rules)
    assert not any(p[-1] == "somerset" for p in land_paths(d, "lancaster", "glamorgan", 2, rules=s.rules))
    assert ("hereford", "gloucester", "somerset") in land_paths(d, "lancaster", "glamorgan", 3, rules=s.rules)


def test_s8_s9_sea_zones():
    """S8/S9: no sea moves to Hereford, Gloucester, South Yorks; Middlesex is a port; each area
    ships on its own seas; Ireland only on the Irish Sea."""
    s = new(26)
    clear_map(s)
    d = data(s)
    everywhere: set[str] = set()
    for origin in ("cornwall", "kent", "calais", "france", "ireland", "middlesex", "scotland"):
        house = "york" if origin in ("calais", "ireland") else "lancaster"
        dests = {x for x, _ in sea_destinations(d, house, origin)}
        assert not dests & {"hereford", "gloucester", "south_yorks"}
        everywhere |= dests
    assert "middlesex" in {x for x, _ in sea_destinations(d, "york", "calais")}
    t = tables()
    for inland in ("hereford", "gloucester", "south_yorks"):  # no sea at all, either way
        assert t.seas[inland] == () and sea_destinations(d, "lancaster", inland) == []
    irish = {x for x, _ in sea_destinations(d, "york", "ireland")}
    assert irish == {a for a in t.coasts["irish_sea"] if a != "ireland" and t.exile_of[a] in (None, "york")}
    cornwall = {x for x, _ in sea_destinations(d, "lancaster", "cornwall")}
    expected = {a for sea in ("english_channel", "irish_sea") for a in t.coasts[sea]
                if a != "cornwall" and t.exile_of[a] in (None, "lancaster")}
    assert cornwall == expected
    assert "calais" not in cornwall and "ireland" not in cornwall  # enemy exiles


def test_s9_no_sea_move_into_enemy_areas_without_piracy():
    """S9 / 5.3: sea moves go to friendly or vacant areas only; Piracy may attack."""
    s = new(27)
    d = data(s)
    # Lancaster holds Middlesex (Henry VI): York may not ship there normally, may with Piracy
    assert "middlesex" not in {x for x, _ in sea_destinations(d, "york", "calais")}
    assert "middlesex" in {x for x, _ in sea_destinations(d, "york", "calais", piracy=True)}


def test_blocks_that_never_sea_move():
    """5.3 / A-21: Scots, Welsh, Rebel and levies never ship; the Bombard neither unless the
    option allows it."""
    d = data(new(28))
    for b in ("scots_mercenary", "welsh_mercenary", "rebel", "london_levy", "york_levy"):
        assert not can_sea_move(d, b)
    assert not can_sea_move(d, "york_bombard")
    assert can_sea_move(d, "york_bombard", bombard_sea=True)
    assert can_sea_move(d, "french_mercenary") and can_sea_move(d, "warwick_y")


def test_s10_port_to_port():
    """S10: 2 AP move four York blocks from Calais to Kent (two major ports); a second block
    may follow only to the same port; a non-port landing takes one block per AP."""
    s = new(29)
    start_turn(s, "action_ap2_1", "action_ap2_2")
    for first, second in (("warwick_y", "salisbury_y"), ("kent_y", "march")):
        choose(s, "york", "sea move from calais")
        do(s, "york", f"ship {first}")
        do(s, "york", f"ship {first}: calais -> kent")
        also = [l for l in labels(s, "york") if l.startswith("also ship")]
        assert also and all(l.endswith("calais -> kent") for l in also)
        do(s, "york", f"also ship {second}: calais -> kent")
    assert data(s).count_in("kent", "york") == 4
    assert pending_kind(s) == ("action-menu", ("lancaster",))


def test_s10_non_port_landing_costs_one_ap_per_block():
    """5.31: Rutland is on the North Sea with Calais but has no major port: one block per AP."""
    s = new(30)
    assert not tables().major_port["rutland"] and "north_sea" in tables().seas["rutland"]
    start_turn(s, "action_ap2_1", "action_ap2_2")
    choose(s, "york", "sea move from calais")
    do(s, "york", "ship warwick_y")
    do(s, "york", "ship warwick_y: calais -> rutland")  # vacant, coastal, not a major port
    assert pending_kind(s) == ("action-menu", ("york",))
    assert data(s).ap["york"] == 1


def test_piracy_attacks_one_block_per_ap():
    """Piracy: the AP are sea moves, attacks allowed, no port-to-port bonus."""
    s = new(31)
    start_turn(s, "action_ap2_1", "event_piracy")
    assert data(s).ap["york"] == 2
    choose(s, "york", "sea move from calais")
    do(s, "york", "ship warwick_y")
    do(s, "york", "ship warwick_y: calais -> middlesex")
    d = data(s)
    assert d.is_contested("middlesex") and d.defender["middlesex"] == "lancaster"
    assert d.entries["middlesex"] == (("warwick_y", "sea:north_sea"),)
    assert pending_kind(s) == ("action-menu", ("york",))  # no second block for the same AP
    assert not any(l.startswith(("recruit", "land move")) for l in menu_labels(s, "york"))


# --------------------------------------------------------------------------- events


def test_surprise_raises_border_limits_by_one():
    """Surprise: one group; every border limit +1: three blocks cross the red Pembroke-Powys
    border (not a fourth), and it is still a stop."""
    s = new(32)
    for b in ("devon", "wiltshire", "oxford"):
        put(s, b, "pembroke")  # with the Earl of Pembroke, four Lancaster blocks in Pembroke
    start_turn(s, "event_surprise", "action_ap3_1")
    choose(s, "lancaster", "surprise move from pembroke")
    for b in ("devon", "pembroke", "wiltshire"):
        do(s, "lancaster", f"select {b}")
        assert not any(p.startswith(f"move {b}: pembroke -> powys ->") for p in _paths(s, "lancaster", b))
        do(s, "lancaster", f"move {b}: pembroke -> powys")
    do(s, "lancaster", "select oxford")
    assert "move oxford: pembroke -> powys" not in _paths(s, "lancaster", "oxford")
    assert data(s).crossed("lancaster", "pembroke", "powys") == 3
    assert data(s).ap["lancaster"] == 0


def test_muster_moves_only_into_the_muster_area():
    """Muster (A-8): name a friendly or vacant area; blocks from anywhere make normal moves
    that end there."""
    s = new(33)
    put(s, "oxford", "sussex")
    start_turn(s, "event_muster", "action_ap3_1")
    assert "muster at middlesex" in menu_labels(s, "lancaster")
    do(s, "lancaster", "muster at middlesex")
    sel = [l for l in labels(s, "lancaster") if l.startswith("select")]
    assert "select oxford" in sel and "select henry_vi" not in sel
    do(s, "lancaster", "select oxford")
    assert all(l.endswith("-> middlesex") for l in labels(s, "lancaster"))
    do(s, "lancaster", "move oxford: sussex -> middlesex")
    assert data(s).loc["oxford"] == "middlesex"


def test_force_march_reaches_three_areas():
    s = new(34)
    clear_map(s)
    put(s, "henry_vi", "middlesex")
    put(s, "duke_of_york", "ireland")
    put(s, "herbert", "glamorgan")
    start_turn(s, "action_ap2_1", "event_force_march")
    choose(s, "york", "force march from glamorgan")
    do(s, "york", "select herbert")
    assert "move herbert: glamorgan -> hereford -> gloucester -> somerset" in labels(s, "york")
    do(s, "york", "move herbert: glamorgan -> hereford -> gloucester -> somerset")
    assert data(s).loc["herbert"] == "somerset"


# --------------------------------------------------------------------------- 5.4


def test_s11_recruiting_several_blocks_in_one_area():
    """S11: Northumbria holds Northumberland's shield and Newcastle: Lancaster recruits both with 2 AP;
    East Anglia: York recruits Norfolk, Suffolk and the Norwich levy with 3 AP; recruits do not
    move that turn."""
    s = new(35)
    start_turn(s, "action_ap3_3", "action_ap3_1")
    for b in ("norfolk", "suffolk", "norwich_levy"):
        choose(s, "york", f"recruit {b} in east_anglia")
    choose(s, "lancaster", "recruit northumberland_l in northumbria")
    choose(s, "lancaster", "recruit newcastle_levy in northumbria")
    d = data(s)
    assert d.ap["lancaster"] == 1 and not any(l.startswith("land move") for l in menu_labels(s, "lancaster"))
    assert d.blocks_in("east_anglia") == ("norfolk", "suffolk", "norwich_levy")
    assert d.blocks_in("northumbria") == ("northumberland_l", "newcastle_levy")
    assert {"norfolk", "northumberland_l"} <= d.recruited
    assert all(d.steps[b] == d.info(b).max_strength for b in d.recruited)


def test_recruits_come_after_all_moves():
    """1.2 / A-49: once a player recruits, he makes no more moves this turn."""
    s = new(36)
    start_turn(s, "action_ap4_1", "action_ap2_1")
    choose(s, "lancaster", "recruit york_levy in south_yorks")  # the city of York, vacant
    assert not any(l.startswith(("land move", "sea move")) for l in menu_labels(s, "lancaster"))


def test_recruitment_places():
    """5.4: Bombard in a friendly city only; Rebel in a vacant non-exile area; Welsh in a
    vacant or friendly Welsh area; church at its cathedral; nothing into enemy areas."""
    s = new(37)
    d = data(s)
    # Lancaster holds London (Henry VI, Middlesex) and Salisbury (Wiltshire, Wilts); Bristol,
    # Coventry, Newcastle and the city of York (South Yorks) are vacant, Norwich too
    assert recruit_places(d, "lancaster_bombard") == ["middlesex", "wilts"]
    assert recruit_places(d, "york_bombard") == []  # York holds no city area
    rebel = recruit_places(d, "rebel")
    assert "middlesex" not in rebel and "calais" not in rebel and "sussex" in rebel
    assert recruit_places(d, "welsh_mercenary") == ["caernarvon", "glamorgan", "pembroke", "powys"]
    assert recruit_places(d, "canterbury_church_y") == ["kent"]
    assert recruit_places(d, "london_levy") == []  # Middlesex is Lancaster's
    assert recruit_places(d, "irish_mercenary") == [] and recruit_places(d, "duke_of_york") == []
    put(s, "clifford", "south_yorks")  # now Lancaster holds the city of York too
    assert recruit_places(d, "lancaster_bombard") == ["middlesex", "south_yorks", "wilts"]
    assert "south_yorks" not in recruit_places(d, "rebel")


# --------------------------------------------------------------------------- 6.3 entries


def test_s12_whole_game_turn():
    """S12 (the rulebook's game-turn example)."""
    s = new(38)
    start_turn(s, "action_ap3_1", "action_ap3_2")
    assert data(s).player1 == "york"
    choose(s, "york", "sea move from calais")
    do(s, "york", "ship warwick_y")
    do(s, "york", "ship warwick_y: calais -> east_anglia")
    do(s, "york", "also ship salisbury_y: calais -> east_anglia")
    choose(s, "york", "recruit norfolk in east_anglia")
    choose(s, "york", "recruit norwich_levy in east_anglia")
    d = data(s)
    assert d.ap["york"] == 0
    assert sorted(d.blocks_in("calais")) == ["burgundian_mercenary", "calais_mercenary", "kent_y", "march"]
    choose(s, "lancaster", "land move from essex")
    do(s, "lancaster", "select oxford")
    # York holds East Anglia: a move may end there (an attack) but never pass through
    assert "move oxford: essex -> east_anglia" in labels(s, "lancaster")
    assert not any(l.startswith("move oxford: essex -> east_anglia ->") for l in labels(s, "lancaster"))
    do(s, "lancaster", "move oxford: essex -> middlesex")
    choose(s, "lancaster", "land move from lincoln")
    do(s, "lancaster", "select beaumont")
    assert [l for l in labels(s, "lancaster") if l.endswith("-> middlesex")] == [
        "move beaumont: lincoln -> leicester -> middlesex"]
    do(s, "lancaster", "move beaumont: lincoln -> leicester -> middlesex")
    choose(s, "lancaster", "recruit lancaster_bombard in middlesex")
    # no battle, no supply loss: the next card phase
    assert pending_kind(s) == ("card", ("lancaster", "york"))
    assert sorted(d.blocks_in("middlesex")) == ["beaumont", "henry_vi", "lancaster_bombard", "oxford"]
    assert len(d.blocks_in("east_anglia")) == 4
    assert all(d.steps[b] == d.info(b).max_strength for b in d.blocks_in("middlesex") + d.blocks_in("east_anglia"))


def test_first_occupant_defends_a_vacant_area():
    """A-55: Player 1 enters a vacant area first; Player 2's blocks entering it attack."""
    s = new(39)
    put(s, "norfolk", "rutland")
    start_turn(s, "action_ap3_1", "action_ap3_2")
    choose(s, "york", "land move from rutland")
    do(s, "york", "select norfolk")
    do(s, "york", "move norfolk: rutland -> leicester")
    do(s, "york", "end actions")
    choose(s, "lancaster", "land move from middlesex")
    do(s, "lancaster", "select henry_vi")
    do(s, "lancaster", "move henry_vi: middlesex -> leicester")
    d = data(s)
    assert d.defender["leicester"] == "york"
    assert d.entries["leicester"] == (("norfolk", "rutland"), ("henry_vi", "middlesex"))


def test_attack_across_at_most_three_borders():
    """6.3 / 14.2.10: an attacker uses at most three borders into one area; Player 2's
    reinforcements at most two."""
    s = new(40)
    clear_map(s)
    d = data(s)
    put(s, "norfolk", "leicester")
    d.defender["leicester"] = "york"
    for blk, came in (("oxford", "derby"), ("beaumont", "lincoln"), ("clifford", "rutland")):
        put(s, blk, "leicester")
        d.entries["leicester"] = d.entries.get("leicester", ()) + ((blk, came),)
    assert not any(p[-1] == "leicester" for p in land_paths(d, "lancaster", "middlesex", rules=s.rules))  # a 4th border
    assert ("leicester",) in land_paths(d, "lancaster", "derby", rules=s.rules)  # a border already used
    d.entries["leicester"] = d.entries["leicester"][:2]
    assert ("leicester",) in land_paths(d, "lancaster", "middlesex", rules=s.rules)  # a 3rd border
    # York, Player 2 defending Leicester, reinforces across two borders at most
    for blk, came in (("hastings", "derby"), ("essex", "lincoln")):
        put(s, blk, "leicester")
        d.entries["leicester"] += ((blk, came),)
    assert ("leicester",) not in land_paths(d, "york", "middlesex", rules=s.rules)
    assert ("leicester",) in land_paths(d, "york", "derby", rules=s.rules)


def test_scotland_is_open_to_lancaster_only():
    """2.72 / 14.2.15: Lancaster may enter Scotland by land; York never."""
    s = new(41)
    clear_map(s)
    d = data(s)
    for border in ("northumbria", "cumbria"):  # Scotland's two land borders
        assert ("scotland",) in land_paths(d, "lancaster", border, rules=s.rules)
        assert not any("scotland" in p for p in land_paths(d, "york", border, rules=s.rules))


def test_a_moved_block_moves_no_more():
    """5.2 / 14.2.9: a block moves once per turn (land or sea)."""
    s = new(42)
    put(s, "oxford", "middlesex")
    start_turn(s, "action_ap4_1", "action_ap3_1")
    choose(s, "lancaster", "land move from middlesex")
    do(s, "lancaster", "select oxford")
    do(s, "lancaster", "move oxford: middlesex -> kent")
    do(s, "lancaster", "done moving from middlesex")
    assert "land move from kent" not in menu_labels(s, "lancaster")
    assert "sea move from kent" not in menu_labels(s, "lancaster")


def test_face_down_blocks_are_not_recruited():
    """14.2.16 / 6.83: a block eliminated this campaign lies face-down in the pool and is not
    offered for recruitment until the reset."""
    from banneret_richard3.battle import eliminate

    s = new(43)
    put(s, "norfolk", "east_anglia")
    put(s, "canterbury_church_y", "kent")
    eliminate(s, "canterbury_church_y")  # a church block: face-down to York's pool
    d = data(s)
    assert d.loc["canterbury_church_y"] == "pool" and "canterbury_church_y" in d.down
    start_turn(s, "action_ap2_1", "action_ap3_1")
    assert not any(l.startswith("recruit canterbury_church_y") for l in menu_labels(s, "york"))
    assert "recruit suffolk in east_anglia" in menu_labels(s, "york")


def test_action_menu_offers_the_kind_first_then_the_place():
    """5.0: the menu offers each kind of action that has at least one choice; choosing the kind
    costs nothing, the area or block that follows costs 1 AP; after a recruit only recruits
    remain (A-49)."""
    s = new(6)
    start_turn(s, "action_ap2_1", "action_ap3_1")
    assert labels(s, "york") == ["sea move", "recruit", "end actions"]  # all of York is in exile
    do(s, "york", "recruit")
    assert pending_kind(s) == ("action-pick", ("york",)) and data(s).ap["york"] == 3
    offered = labels(s, "york")
    # York's pool in register order, each at its friendly or vacant shields, cathedral or city;
    # Essex, London and Salisbury are Lancaster's, York holds no city for the Bombard
    assert [l for l in offered if not l.startswith("recruit rebel in ")] == [
        "recruit norfolk in caernarvon", "recruit norfolk in east_anglia", "recruit norfolk in glamorgan",
        "recruit suffolk in east_anglia", "recruit suffolk in oxford", "recruit arundel in sussex",
        "recruit worcester in rutland", "recruit hastings in leicester", "recruit herbert in glamorgan",
        "recruit canterbury_church_y in kent", "recruit norwich_levy in east_anglia",
    ]
    # the Rebel: the 29 areas outside exile less the 8 Lancaster holds in 1460
    assert len(offered) == 32 and sum(l.startswith("recruit rebel in ") for l in offered) == 21
    do(s, "york", "recruit norfolk in east_anglia")
    assert pending_kind(s) == ("action-menu", ("york",)) and data(s).ap["york"] == 2
    assert labels(s, "york") == ["recruit", "end actions"]


# --------------------------------------------------------------------------- the procedures


def _step(state: banneret.State) -> tuple[str, str]:
    """The procedure waiting for the decision, with its rule number."""
    proc, _frame = state.game.flow.active(state)
    return proc.name, proc.rule


def test_each_step_of_an_action_is_its_own_procedure():
    """5.0: the menu calls a procedure per kind of action, each with its rule: a land move
    (5.2: origin, a block at a time, its path 5.21), a sea move (5.3: origin, block, landing;
    5.31 a second block between major ports), a recruit (5.4); back at the menu after each."""
    s = new(29)
    put(s, "oxford", "sussex")
    start_turn(s, "action_ap2_1", "action_ap3_2")
    assert _step(s) == ("Actions", "5.0")
    do(s, "york", "sea move")
    assert _step(s) == ("SeaMove", "5.3") and banneret.pending(s).prompt == "Move by sea from which area?"
    do(s, "york", "sea move from calais")
    assert _step(s) == ("ShipBlock", "5.3") and banneret.pending(s).prompt == "Ship blocks from calais"
    do(s, "york", "ship warwick_y")
    assert _step(s) == ("ShipTo", "5.3")
    do(s, "york", "ship warwick_y: calais -> kent")
    assert _step(s) == ("AlsoShip", "5.31")
    do(s, "york", "done shipping")
    assert _step(s) == ("Actions", "5.0") and data(s).ap["york"] == 2
    do(s, "york", "recruit")
    assert _step(s) == ("Recruit", "5.4") and banneret.pending(s).prompt == "Recruit which block, and where?"
    do(s, "york", "recruit norfolk in east_anglia")
    assert _step(s) == ("Actions", "5.0") and labels(s, "york") == ["recruit", "end actions"]
    do(s, "york", "end actions")
    do(s, "lancaster", "land move")
    assert _step(s) == ("LandMove", "5.2")
    do(s, "lancaster", "land move from sussex")
    assert _step(s) == ("LandGroup", "5.2") and banneret.pending(s).prompt == "Move blocks from sussex"
    do(s, "lancaster", "select oxford")
    assert _step(s) == ("LandPath", "5.21") and banneret.pending(s).kind == "action-group"
    do(s, "lancaster", "move oxford: sussex -> kent")
    assert _step(s) == ("Actions", "5.0")  # the only block has moved: the group is done
    assert data(s).ap["lancaster"] == 1 and data(s).defender["kent"] == "york"


def test_muster_is_a_procedure_of_its_own():
    """5.1 Muster (A-8): the menu calls Muster, which calls MusterPath for each block's path."""
    s = new(33)
    put(s, "oxford", "sussex")
    start_turn(s, "event_muster", "action_ap3_1")
    do(s, "lancaster", "muster at middlesex")
    assert _step(s) == ("Muster", "5.1") and banneret.pending(s).prompt == "Muster blocks at middlesex"
    do(s, "lancaster", "select oxford")
    assert _step(s) == ("MusterPath", "5.1") and banneret.pending(s).kind == "action-muster"
    do(s, "lancaster", "move oxford: sussex -> middlesex")
    assert _step(s) == ("Muster", "5.1")
    do(s, "lancaster", "done mustering at middlesex")
    assert data(s).event_area is None and banneret.pending(s).players == ("york",)
