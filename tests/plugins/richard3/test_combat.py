"""The pure battle resolvers of Richard III (rules 6.0-6.91), with fixed dice.

Statement numbers refer to the digest's list of testable rule statements (battle part);
scenario numbers (S13...) to its scenario tests. Block and map values are the real component
data of the plugin's data files.
"""

from __future__ import annotations

import attrs
import pytest

from banneret_richard3 import combat
from banneret_richard3.data_model import load_blocks, load_map
from banneret_richard3.state import DEFAULT_PARAMETERS as P

B = load_blocks()
M = load_map()


def keyed(waiting):
    """(block, letter, defending) -> the (block, turn key) pairs next_group takes."""
    return [(b, combat.order_key(letter, defending)) for b, letter, defending in waiting]


def blk(block_id: str, **changes):
    """A block record, optionally with printed values changed for the test."""
    return attrs.evolve(B[block_id], **changes) if changes else B[block_id]


# ---------------------------------------------------------------------------- 6.2 order


class TestInitiative:
    def test_printed_letter(self):
        assert combat.initiative(B["herbert"], 1) == "A"
        assert combat.initiative(B["rivers_l"], 3) == "B"
        assert combat.initiative(B["london_levy"], 2) == "C"

    def test_bombard_a3_in_round_one_then_d3(self):
        """Statement 20: a Bombard is A3 in round 1, D3 from round 2 (its printed rating is D3)."""
        assert B["york_bombard"].combat == B["lancaster_bombard"].combat == "D3"
        bombard = B["york_bombard"]
        assert combat.initiative(bombard, 1) == "A"
        for rnd in (2, 3, 4):
            assert combat.initiative(bombard, rnd) == "D"
        assert combat.firepower(bombard) == 3

    def test_bombard_entering_as_reserve_is_never_a3(self):
        assert combat.initiative(B["lancaster_bombard"], 1, entered_as_reserve=True) == "D"
        assert combat.initiative(B["lancaster_bombard"], 2, entered_as_reserve=True) == "D"

    def test_order_key_letter_then_defender_first(self):
        """Statement 19: A < B < C < D; within a letter the Defender acts first."""
        keys = [combat.order_key(l, dfd) for l in "ABCD" for dfd in (True, False)]
        assert keys == sorted(keys)
        assert combat.order_key("A", False) < combat.order_key("B", True)

    def test_s13_battle_example_order(self):
        """S13: Herbert (A2) and Clarence (B2) attack Rivers (B2): Herbert, Rivers, Clarence."""
        waiting = keyed([("clarence_y", "B", False), ("rivers_l", "B", True), ("herbert", "A", False)])
        seen = []
        while waiting:
            group = combat.next_group(waiting)
            assert len(group) == 1
            seen.append(group[0])
            waiting = [w for w in waiting if w[0] != group[0]]
        assert seen == ["herbert", "rivers_l", "clarence_y"]

    def test_same_letter_same_side_is_a_group(self):
        waiting = keyed([("b", "B", True), ("a", "B", True), ("c", "B", False), ("d", "C", True)])
        assert combat.next_group(waiting) == ("a", "b")
        assert combat.next_group([]) == ()

    def test_s14_bombard_order(self):
        """S14: a defending Bombard acts first in round 1 and after every C block later."""
        def order(rnd):
            waiting = keyed([
                ("york_bombard", combat.initiative(B["york_bombard"], rnd), True),
                ("herbert", "A", False),
                ("london_levy", "C", False),
            ])
            out = []
            while waiting:
                g = combat.next_group(waiting)
                out.extend(g)
                waiting = [w for w in waiting if w[0] not in g]
            return out

        assert order(1) == ["york_bombard", "herbert", "london_levy"]
        for rnd in (2, 3, 4):
            assert order(rnd) == ["herbert", "london_levy", "york_bombard"]


# ---------------------------------------------------------------------------- 6.4 hits


class TestHits:
    def test_s15_stanley_rolls_three_dice_hits_on_one_and_two(self):
        """S15 / statement 22: Stanley B2 at strength 3: each 1 or 2 is a hit."""
        assert combat.count_hits([1, 2, 3], 2) == 2
        assert combat.count_hits([3, 4, 6], 2) == 0
        assert combat.count_hits([2, 2, 1], 2) == 3
        assert combat.count_hits([3, 3, 3], 3) == 3

    def test_s15_three_hits_all_on_strength_three(self):
        """S15: enemies at 2, 3 and 1: three hits eliminate the strength-3 block only."""
        assert combat.allocate_volley(3, {"x2": 2, "x3": 3, "x1": 1}) == combat.Volley((("x3", 3),), 0, ())

    def test_s15_fourth_hit_spills_to_next_strongest(self):
        out = combat.allocate_volley(4, {"x2": 2, "x3": 3, "x1": 1})
        assert out.taken == (("x3", 3), ("x2", 1))

    def test_s15_owner_breaks_ties(self):
        """S15: two strength-2 blocks: the volley stops for their owner's pick, then the third
        hit goes to the other."""
        asked = combat.allocate_volley(3, {"a": 2, "b": 2})
        assert asked == combat.Volley((), 3, ("a", "b"))
        assert combat.allocate_volley(3, {"a": 2, "b": 2}, "b") == combat.Volley((("b", 2), ("a", 1)), 0, ())

    def test_a_tie_that_cannot_matter_is_not_asked(self):
        """Four hits on two strength-2 blocks kill both whatever the order: no question."""
        assert combat.allocate_volley(4, {"b": 2, "a": 2}) == combat.Volley((("a", 2), ("b", 2)), 0, ())

    def test_a_second_tie_after_the_first_pick_is_asked_again(self):
        out = combat.allocate_volley(5, {"a": 2, "b": 2, "c": 1, "d": 1}, "a")
        assert out == combat.Volley((("a", 2), ("b", 2)), 1, ("c", "d"))

    def test_volley_never_exceeds_the_blocks(self):
        assert combat.allocate_volley(9, {"a": 2, "b": 1}).taken == (("a", 2), ("b", 1))
        assert combat.allocate_volley(0, {"a": 2}).taken == ()
        assert combat.allocate_volley(2, {}).taken == ()

    def test_pick_must_be_a_tied_block(self):
        with pytest.raises(ValueError):
            combat.allocate_volley(1, {"a": 2, "b": 2, "c": 1}, "c")

    def test_tie_matters_only_when_the_order_changes_the_result(self):
        assert combat.tie_matters(1, 2, 2)  # which one is hurt
        assert combat.tie_matters(3, 2, 2)  # which one dies
        assert not combat.tie_matters(4, 2, 2)  # both die anyway
        assert not combat.tie_matters(1, 2, 1)

    def test_strongest_and_apply_hits(self):
        assert combat.strongest({"a": 1, "b": 3, "c": 3}) == ("b", "c")
        assert combat.strongest({}) == ()
        assert combat.apply_hits(3, 2) == (1, 0)
        assert combat.apply_hits(2, 5) == (0, 3)


# ---------------------------------------------------------------------------- bonuses


def bonus(block_id, area, defending=True, king="lancaster", heirs=(), dead=(), **changes):
    return combat.defence_bonus(
        blk(block_id, **changes), area, defending=defending, game_map=M, king_house=king,
        side_heirs=[B[h] for h in heirs], dead=dead,
    )


class TestDefensiveBonus:
    """Statement 28 and the table of 6.4."""

    def test_noble_on_own_shield(self):
        for area in ("caernarvon", "east_anglia", "glamorgan"):  # Norfolk's three shields
            assert bonus("norfolk", area) == 1
        assert bonus("norfolk", "essex") == 0
        assert bonus("northumberland_l", "northumbria") == 1
        assert bonus("northumberland_l", "north_yorks") == 0

    def test_attackers_never_get_bonuses(self):
        assert bonus("norfolk", "east_anglia", defending=False) == 0
        assert bonus("henry_vi", "middlesex", defending=False) == 0
        assert bonus("exeter_l", "cornwall", defending=False, heirs=["exeter_l"]) == 0

    def test_noble_with_two_shields(self):
        assert bonus("stanley_y", "isle_of_man") == 1
        assert bonus("stanley_y", "lancaster") == 1
        assert bonus("stanley_y", "chester") == 0

    def test_defected_clarence_is_a_noble_on_york_shields(self):
        area = B["clarence_l"].shields[0]
        assert bonus("clarence_l", area) == 1

    def test_church_on_its_cathedral_only(self):
        """3.23 / A-12: the cathedral, not a city (Canterbury is no city)."""
        canterbury_area = M.cathedrals["canterbury"].area
        assert bonus("canterbury_church_y", canterbury_area) == 1
        assert bonus("canterbury_church_y", "middlesex") == 0

    def test_levy_on_its_city(self):
        assert bonus("london_levy", "middlesex") == 1
        assert bonus("newcastle_levy", "northumbria") == 1
        assert bonus("york_levy", "south_yorks") == 1
        assert bonus("coventry_levy", "warwick") == 1
        assert bonus("london_levy", "northumbria") == 0
        assert bonus("coventry_levy", "leicester") == 0

    def test_welsh_anywhere_in_wales(self):
        """2.6: Welsh A2 -> A3 in any of the four Welsh areas."""
        for area in ("pembroke", "caernarvon", "powys", "glamorgan"):
            assert bonus("welsh_mercenary", area) == 1
            assert combat.firepower(B["welsh_mercenary"], bonus("welsh_mercenary", area)) == 3
        assert bonus("welsh_mercenary", "chester") == 0

    def test_no_bonus_for_bombard_other_mercenaries_rebel(self):
        assert bonus("york_bombard", "middlesex") == 0
        assert bonus("french_mercenary", "pembroke") == 0
        assert bonus("rebel", "kent") == 0

    def test_s24_exeter_with_henry_in_cornwall(self):
        """S24: Henry VI (King) and Exeter (A1) defend Cornwall (Exeter's shield + crown):
        Exeter fires A2 (own shield; the crown is Henry's, the senior heir); Henry gets +1
        (crown) but not Exeter's shield."""
        heirs = ["henry_vi", "exeter_l"]
        assert B["exeter_l"].combat == "A1"
        assert bonus("exeter_l", "cornwall", heirs=heirs) == 1
        assert combat.firepower(B["exeter_l"], bonus("exeter_l", "cornwall", heirs=heirs)) == 2
        assert bonus("henry_vi", "cornwall", heirs=heirs) == 1

    def test_s24_exeter_alone_defends_cornwall_at_a3(self):
        """The rulebook's example: Exeter (A1) defending Cornwall alone, Lancaster the King:
        +1 for his own shield, +1 for the crown area -> A3."""
        assert B["exeter_l"].combat == "A1" and M.areas["cornwall"].crown
        assert bonus("exeter_l", "cornwall", heirs=["exeter_l"]) == 2
        assert combat.firepower(B["exeter_l"], bonus("exeter_l", "cornwall", heirs=["exeter_l"])) == 3
        assert combat.initiative(B["exeter_l"], 1) == "A"

    def test_s24_pretender_heirs_never_get_crowns(self):
        assert bonus("exeter_l", "cornwall", king="york", heirs=["exeter_l"]) == 1
        assert bonus("henry_vi", "cornwall", king="york", heirs=["henry_vi", "exeter_l"]) == 0

    def test_specific_shield_opens_when_its_heir_is_dead(self):
        """2.2: Dorset is Somerset's; any Lancaster heir may use it once Somerset is dead."""
        assert bonus("henry_vi", "dorset", heirs=["henry_vi"]) == 0
        assert bonus("henry_vi", "dorset", heirs=["henry_vi"], dead={"somerset"}) == 1
        assert bonus("somerset", "dorset", heirs=["henry_vi", "somerset"]) == 1

    def test_only_the_senior_heir_gets_a_shared_shield(self):
        """2.2: two heirs defending a shield both may use: only the senior gets it (A-24)."""
        area = M.royal_shields["york_hereford"].area
        assert area == "hereford" and not M.areas[area].crown
        heirs = ["march", "rutland"]
        assert bonus("march", area, king="york", heirs=heirs) == 1
        assert bonus("rutland", area, king="york", heirs=heirs) == 0
        assert bonus("rutland", area, king="york", heirs=["rutland"]) == 1
        # South Yorks is a York shield in a crown area: the senior heir of the King's house
        # gets both (+2), the junior neither
        assert bonus("march", "south_yorks", king="york", heirs=heirs) == 2
        assert bonus("rutland", "south_yorks", king="york", heirs=heirs) == 0

    def test_general_royal_shield_for_any_lancaster_heir(self):
        for area in ("lancaster", "lincoln"):  # the two Lancaster shields of no particular heir
            assert M.royal_shields[f"lancaster_{area}"].heir is None
            assert bonus("somerset", area, king="york", heirs=["somerset"]) == 1
            assert bonus("prince_edward", area, king="york", heirs=["prince_edward"]) == 1
            assert bonus("somerset", area, king="york", heirs=["somerset", "henry_vi"]) == 0
            assert bonus("march", area, king="york", heirs=["march"]) == 0

    def test_york_heirs_use_any_york_royal_shield_not_lancaster_ones(self):
        for area in ("south_yorks", "hereford", "rutland"):
            assert M.royal_shields[f"york_{area}"].house == "york"
            assert bonus("gloucester", area, king="lancaster", heirs=["gloucester"]) == 1
        for area in ("lancaster", "lincoln"):
            assert bonus("gloucester", area, king="lancaster", heirs=["gloucester"]) == 0
        assert bonus("gloucester", "dorset", king="lancaster", heirs=["gloucester"], dead={"somerset"}) == 0

    def test_crown_and_shield_give_at_most_two(self):
        """2.3: the senior royal heir on a usable shield and a crown: +2, never more."""
        for a in M.areas.values():
            for h in ("henry_vi", "exeter_l", "somerset", "richmond", "prince_edward"):
                assert bonus(h, a.id, heirs=[h], dead={"somerset", "exeter_l", "richmond"}) <= 2

    def test_usable_shield(self):
        assert combat.usable_shield(B["march"], "york", None, ())
        assert not combat.usable_shield(B["march"], "lancaster", None, ())
        assert combat.usable_shield(B["exeter_l"], "lancaster", "exeter_l", ())
        assert not combat.usable_shield(B["henry_vi"], "lancaster", "exeter_l", ())
        assert combat.usable_shield(B["henry_vi"], "lancaster", "exeter_l", {"exeter_l"})


# ---------------------------------------------------------------------------- 6.5 charge


class TestCharge:
    def test_only_the_senior_engaged_heir(self):
        """Statement 29."""
        side = [B["march"], B["rutland"], B["warwick_y"]]
        assert combat.can_charge(B["march"], side)
        assert not combat.can_charge(B["rutland"], side)
        assert not combat.can_charge(B["warwick_y"], side)
        assert combat.can_charge(B["rutland"], [B["rutland"], B["warwick_y"]])

    def test_excess_hits_are_lost_and_no_counter_when_target_dies(self):
        result = combat.resolve_charge(4, 3, 2, 2, rolls([1, 2, 3, 1]))
        assert result == combat.Charge(0, 4, hits=4, counter_hits=0, heir_dice=(1, 2, 3, 1), counter_dice=())

    def test_survivor_strikes_back_with_remaining_strength(self):
        """The target (3) takes 1 hit, then rolls 2 dice at its firepower against the heir."""
        result = combat.resolve_charge(3, 3, 3, 2, rolls([1, 5, 6], [2, 1]))
        assert result == combat.Charge(2, 1, hits=1, counter_hits=2, heir_dice=(1, 5, 6), counter_dice=(2, 1))

    def test_counter_attack_excess_lost(self):
        result = combat.resolve_charge(1, 3, 4, 6, rolls([6], [1, 1, 1, 1]))
        assert (result.target_strength, result.heir_strength, result.hits, result.counter_hits) == (4, 0, 0, 4)

    def test_dice_counts_checked(self):
        with pytest.raises(ValueError):
            combat.resolve_charge(3, 3, 3, 2, rolls([1, 2]))
        with pytest.raises(ValueError):
            combat.resolve_charge(3, 3, 3, 2, rolls([6, 6, 6], [1]))


def rolls(*throws):
    """A ``roll(n)`` giving the prepared throws in turn (whatever ``n``: the resolver checks)."""
    left = list(throws)
    return lambda n: left.pop(0)


# ---------------------------------------------------------------------------- 6.9 treachery


class TestTreachery:
    def test_s21_king_on_northumberland_rolls_two_dice(self):
        """S21: loyalty 2 (the Lancastrian Northumberland) -> 2 dice; defects iff both even.
        The Yorkist version is loyalty 1: one die."""
        assert combat.treachery_dice(B["northumberland_l"], "king", "it") == 2
        assert combat.treachery_dice(B["northumberland_y"], "king", "it") == 1
        assert combat.treachery_succeeds([2, 4])
        assert combat.treachery_succeeds([6, 6])
        assert not combat.treachery_succeeds([2, 3])
        assert not combat.treachery_succeeds([1, 1])  # the total (2) is even, the dice are not

    def test_rivers_loyalty_differs_by_side(self):
        """3.13: Rivers is loyalty 1 as a Lancastrian, 2 as a Yorkist."""
        assert combat.treachery_dice(B["rivers_l"], "pretender", "it") == 1
        assert combat.treachery_dice(B["rivers_y"], "king", "it") == 2

    def test_s22_warwick_and_his_kin(self):
        """S22 (reading "it"): Warwick rolls 1 die against Kent/Salisbury; others 2."""
        for kin in ("kent_l", "salisbury_l", "kent_y", "salisbury_y"):
            assert combat.treachery_dice(B[kin], "warwick", "it") == 1
            assert combat.treachery_dice(B[kin], "king", "it") == 2
            assert combat.treachery_dice(B[kin], "pretender", "it") == 2
            assert combat.treachery_dice(B[kin], "treason", "it") == 2

    def test_neville_loyalty_pl_reading(self):
        """6.91 PL wording: loyalty 2 only when Warwick rolls (nobody else may roll)."""
        assert combat.treachery_dice(B["kent_y"], "warwick", "pl") == 2
        assert combat.treachery_dice(B["kent_y"], "king", "pl") is None
        assert combat.treachery_dice(B["northumberland_l"], "king", "pl") == 2
        assert combat.treachery_dice(B["northumberland_y"], "king", "pl") == 1

    def test_s22_warwick_never_on_northumberland_or_westmoreland(self):
        for target in ("northumberland_l", "northumberland_y", "westmoreland_l", "westmoreland_y"):
            assert combat.treachery_dice(B[target], "warwick", "it") is None
            assert combat.treachery_dice(B[target], "king", "it") == B[target].loyalty

    def test_blocks_without_loyalty_never_defect(self):
        for target in ("henry_vi", "march", "norfolk", "london_levy", "york_bombard", "irish_mercenary", "rebel"):
            assert combat.treachery_dice(B[target], "king", "it") is None

    def test_clarence_and_exeter_can_defect_unless_king_or_pretender(self):
        """9.1 / S33."""
        enemies = [B["clarence_y"], B["march"]]
        assert combat.treachery_targets("king", enemies, reading="it") == ["clarence_y"]
        assert combat.treachery_targets("king", enemies, roles=("clarence_y",), reading="it") == []

    def test_s23_three_roll_cap_and_no_winning_back(self):
        enemies = [B["stanley_y"], B["rivers_y"]]
        assert combat.treachery_targets("warwick", enemies, rolls_against={"stanley": 2}, reading="it") == ["rivers_y", "stanley_y"]
        assert combat.treachery_targets("warwick", enemies, rolls_against={"stanley": 3}, reading="it") == ["rivers_y"]
        assert combat.treachery_targets("king", enemies, defected=("rivers",), reading="it") == ["stanley_y"]

    def test_sources(self):
        assert combat.treachery_source(B["henry_vi"], "lancaster", "henry_vi", "duke_of_york") == "king"
        assert combat.treachery_source(B["duke_of_york"], "york", "henry_vi", "duke_of_york") == "pretender"
        assert combat.treachery_source(B["warwick_l"], "lancaster", "henry_vi", "duke_of_york") == "warwick"
        assert combat.treachery_source(B["march"], "york", "henry_vi", "duke_of_york") is None
        # interregnum: the dead King's house has no King
        assert combat.treachery_source(B["prince_edward"], "lancaster", None, "duke_of_york") is None

    def test_probabilities(self):
        """6.9: loyalty 1 -> 1/2, 2 -> 1/4, 3 -> 1/8 (all dice even)."""
        import itertools

        for n, expected in ((1, 3), (2, 9), (3, 27)):
            wins = sum(combat.treachery_succeeds(r) for r in itertools.product(range(1, 7), repeat=n))
            assert wins == expected


# ---------------------------------------------------------------------------- 6.6 / 6.7


def houses(occupied):
    return lambda area: occupied.get(area, set())


class TestRetreat:
    def test_never_in_round_one(self):
        """Statement 21."""
        assert combat.retreat_destinations(P, M, "essex", "york", 1, houses_in=houses({})) == []

    def test_friendly_or_vacant_adjacent_only(self):
        """Essex borders Leicester (vacant here), Middlesex, East Anglia and Rutland."""
        occ = {"middlesex": {"york"}, "east_anglia": {"lancaster"}, "rutland": {"york", "lancaster"}}
        assert combat.retreat_destinations(P, M, "essex", "york", 2, houses_in=houses(occ)) == ["leicester", "middlesex"]
        assert combat.retreat_destinations(P, M, "essex", "lancaster", 2, houses_in=houses(occ)) == ["east_anglia", "leicester"]

    def test_s18_not_across_borders_the_enemy_used(self):
        """S18: York entered Essex from Rutland and Middlesex, Lancaster from East Anglia."""
        york_in = ("middlesex", "rutland")
        lanc_in = ("east_anglia",)
        got_l = combat.retreat_destinations(
            P, M, "essex", "lancaster", 2, houses_in=houses({}), enemy_entries=york_in, own_entries=lanc_in, is_player2=True)
        assert got_l == ["east_anglia", "leicester"]
        got_y = combat.retreat_destinations(
            P, M, "essex", "york", 2, houses_in=houses({}), enemy_entries=lanc_in, own_entries=york_in)
        assert got_y == ["leicester", "middlesex", "rutland"]

    def test_shared_border_only_player_two(self):
        """6.6: both entered across the same border: only Player 2 may retreat across it."""
        kw = dict(houses_in=houses({}), enemy_entries=("middlesex",), own_entries=("middlesex",))
        assert "middlesex" in combat.retreat_destinations(P, M, "essex", "york", 2, is_player2=True, **kw)
        assert "middlesex" not in combat.retreat_destinations(P, M, "essex", "york", 2, is_player2=False, **kw)

    def test_border_limits_per_round(self):
        """6.6: border limits apply per battle round (A-19): a blue border takes 3."""
        kw = dict(houses_in=houses({}))
        assert "kent" in combat.retreat_destinations(P, M, "middlesex", "york", 2, crossed_this_round={"kent": 2}, **kw)
        assert "kent" not in combat.retreat_destinations(P, M, "middlesex", "york", 2, crossed_this_round={"kent": 3}, **kw)
        assert "essex" in combat.retreat_destinations(P, M, "middlesex", "york", 2, crossed_this_round={"essex": 3}, **kw)
        assert "essex" not in combat.retreat_destinations(P, M, "middlesex", "york", 2, crossed_this_round={"essex": 4}, **kw)

    def test_scotland_for_lancaster_only(self):
        """2.72 / statement 15: Northumbria borders Scotland (red)."""
        got_l = combat.retreat_destinations(P, M, "northumbria", "lancaster", 2, houses_in=houses({}))
        assert got_l == ["cumbria", "east_yorks", "north_yorks", "scotland"]
        got_y = combat.retreat_destinations(P, M, "northumbria", "york", 2, houses_in=houses({}))
        assert got_y == ["cumbria", "east_yorks", "north_yorks"]

    def test_round_four_attackers_must_retreat(self):
        assert combat.must_retreat(4, attacking=True, rounds=4)
        assert not combat.must_retreat(4, attacking=False, rounds=4)
        assert not combat.must_retreat(3, attacking=True, rounds=4)
        assert combat.must_retreat(3, attacking=True, rounds=3)


class TestRegroup:
    def test_adjacent_friendly_or_vacant_within_turn_limits(self):
        """6.7 (A-20): limits count with the game turn's crossings."""
        occ = {"east_anglia": {"lancaster"}, "rutland": {"york", "lancaster"}}
        got = combat.regroup_destinations(P, M, "essex", "york", houses_in=houses(occ))
        assert got == ["leicester", "middlesex"]
        # Middlesex is across a yellow border (4), Leicester a blue one (3)
        got = combat.regroup_destinations(
            P, M, "essex", "york", houses_in=houses({}), crossed_this_turn={"middlesex": 4, "leicester": 2})
        assert got == ["east_anglia", "leicester", "rutland"]
        got = combat.regroup_destinations(
            P, M, "essex", "york", houses_in=houses({}), crossed_this_turn={"middlesex": 3, "leicester": 3})
        assert got == ["east_anglia", "middlesex", "rutland"]


# ---------------------------------------------------------------------------- 6.8


class TestEliminationFate:
    """Statement 32, S30, S31."""

    def test_heirs_die_for_ever(self):
        assert combat.elimination_fate(B["henry_vi"], "york") == combat.Fate("dead", None, "lancaster")
        assert combat.elimination_fate(B["march"], "york") == combat.Fate("dead", None, "york")

    def test_defected_clarence_and_exeter_die_as_their_houses_heirs(self):
        assert combat.elimination_fate(B["clarence_l"], "york") == combat.Fate("dead", None, "york")
        assert combat.elimination_fate(B["exeter_y"], "york") == combat.Fate("dead", None, "lancaster")

    def test_rose_nobles_and_nevilles_die_for_ever(self):
        for b in ("norfolk", "clifford", "warwick_y", "warwick_l", "kent_y", "salisbury_l"):
            assert combat.elimination_fate(B[b], "york") == combat.Fate("dead", None)

    def test_other_nobles_and_church_to_owner_pool(self):
        assert combat.elimination_fate(B["stanley_y"], "york") == combat.Fate("pool", "york")
        assert combat.elimination_fate(B["stanley_l"], "york") == combat.Fate("pool", "lancaster")
        assert combat.elimination_fate(B["york_church_l"], "york") == combat.Fate("pool", "lancaster")

    def test_levies_and_bombards_to_owner_pool(self):
        assert combat.elimination_fate(B["london_levy"], "york") == combat.Fate("pool", "york")
        assert combat.elimination_fate(B["lancaster_bombard"], "york") == combat.Fate("pool", "lancaster")

    def test_mercenaries_home_welsh_to_lancaster_pool(self):
        assert combat.elimination_fate(B["french_mercenary"], "york") == combat.Fate("home", "france")
        assert combat.elimination_fate(B["burgundian_mercenary"], "york") == combat.Fate("home", "calais")
        assert combat.elimination_fate(B["irish_mercenary"], "york") == combat.Fate("home", "ireland")
        assert combat.elimination_fate(B["welsh_mercenary"], "york") == combat.Fate("pool", "lancaster")

    def test_rebel_to_the_pretender_pool(self):
        assert combat.elimination_fate(B["rebel"], "york") == combat.Fate("pool", "york")
        assert combat.elimination_fate(B["rebel"], "lancaster") == combat.Fate("pool", "lancaster")


class TestBattleOver:
    def test_a56(self):
        assert combat.battle_over({"york": 1, "lancaster": 1}, {}) == (False, None)
        assert combat.battle_over({"york": 0, "lancaster": 2}, {"york": 1}) == (False, None)
        assert combat.battle_over({"york": 0, "lancaster": 2}, {"york": 0}) == (True, "lancaster")
        assert combat.battle_over({"york": 0, "lancaster": 0}, {}) == (True, None)


def test_turn_key_agrees_with_order_key():
    """The battle's int key sorts exactly like (letter, Defender first)."""
    for rnd in (1, 2, 4):
        items = [
            (b, dfd, res)
            for b in ("herbert", "rivers_l", "london_levy", "york_bombard")
            for dfd in (True, False)
            for res in (True, False)
        ]
        for x in items:
            for y in items:
                kx = combat.turn_key(B[x[0]], rnd, x[1], x[2])
                ky = combat.turn_key(B[y[0]], rnd, y[1], y[2])
                ox = combat.order_key(combat.initiative(B[x[0]], rnd, x[2]), x[1])
                oy = combat.order_key(combat.initiative(B[y[0]], rnd, y[2]), y[1])
                assert (kx < ky) == (ox < oy) and (kx == ky) == (ox == oy)
    assert combat.turn_key(B["york_bombard"], 1, True) == 0
    assert combat.turn_key(B["york_bombard"], 2, False) == 7
