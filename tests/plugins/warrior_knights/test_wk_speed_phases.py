"""The fast paths of the special phases, effects and the Muster agree with the plain rules.

* ``effects.can_heal`` (stops at the first army) says what ``len(heal_options) > 1`` says.
* ``muster.giving_holders`` (his nobles walked once) names the holders for which the plain
  ``troop_holders`` names a receiver, in ``holders_of`` order; ``muster.shut_areas`` (his
  besieged places' areas, found once) holds a noble of his exactly when the plain
  ``besieged_inside`` says he is shut inside; so ``special_phases.mercenary_sites``, which
  reads it, names the recipients the plain look at ``besieged_inside`` names.
* ``muster.dominating_baron`` (the cities counted in one pass) names the baron the plain
  count per baron names.
* ``muster.returning_nobles`` (one pass) names the off-board nobles with troops;
  ``effects.can_upgrade`` given the baron's cities from ``cities_by_owner`` says what it
  says when it finds them itself; ``battle_losses.lift_broken_sieges`` (each besieger's
  nobles looked at) frees what the plain look at every noble frees.
* ``assembly.excluded`` says what ``in_force(..., "assembly_exclusion", ...)`` says (its
  shortcut, no card or rule change of that kind in force anywhere, is ``in_force``'s own now).
* the stake menu is prebuilt (``neutral.stake_actions``) and the Draft's menus ask the
  baron's discount once: each is the menu the plain ``Choice.action`` builds.
* ``special_phases.wage_bill`` prices every card he holds as ``wage_of`` does (the printed
  wage read directly when no ``wage_change`` is in force) and lists his mercenaries and his
  loyal soldiers as the plain walk over his holders does; ``WageBill.pricer`` (the bill's
  costs read directly when no discount is left) prices every card as ``WageBill.cost``;
  ``pay_loyal`` pays and frees what the plain loop over ``cost`` and ``pay`` does.
* the Draft's menus (``HireMercenary``, ``BlockHire``) start with the units and the pricing
  the Draft found when it looked whether the baron can hire: at every such decision they are
  the units ``_display_choices`` and ``draft_pricing`` give then.

Random games through the public API, then random markers, crowns, sieges, off-board nobles
and agenda cards put in force, so that the rare cases come up.
"""

from __future__ import annotations

import random
import types

from hypothesis import given, settings
from hypothesis import strategies as st

import banneret
from banneret import State
from banneret.flow import Choice
from banneret.canonical import state_hash
from banneret_warrior_knights.battle_losses import holders_of, lift_broken_sieges, set_markers, troops_of
from banneret_warrior_knights.cities import lift_siege
from banneret_warrior_knights.assembly import excluded
from banneret_warrior_knights.effects import can_heal, can_upgrade, heal_options
from banneret_warrior_knights.cities import besieged_inside
from banneret_warrior_knights.muster import (
    cities_by_owner, cities_of, dominating_baron, giving_holders, kingdom_cities, off_board, returning_nobles,
    shut_areas, troop_holders,
)
from banneret_warrior_knights.battle_losses import garrison_holder
from banneret_warrior_knights.neutral import Stake
from banneret_warrior_knights.special_phases import (
    BlockHire, HireMercenary, WageBill, _display_choices, draft_pricing, exempt_nobles, mercenary_sites, pay_loyal,
    wage_bill, wage_of,
)
from banneret_warrior_knights.variants import MERCENARY_RECIPIENTS
from banneret_warrior_knights.standing import in_force
from banneret_warrior_knights.state import WKData, tables

from test_wk_speed_tables import play_random, put_agendas_in_force
from wk_helpers import new_game

T = tables()


def shake(data: WKData, rng: random.Random) -> None:
    """Random casualty markers, crowns, sieges, dead and off-board nobles and city owners."""
    areas = sorted(T.data.board.areas)
    for baron in data.barons:
        data.crowns[baron] = rng.randint(0, 6)
        for holder in holders_of(data, baron):
            set_markers(data, holder, rng.choice([0, 0, 0, 1, 2]))
        for noble in data.nobles_of(baron):
            roll = rng.random()
            if roll < 0.2:
                data.noble_area[noble] = None
            elif roll < 0.4:
                data.noble_area[noble] = rng.choice(areas)
    dead = [nb for nb, area in data.noble_area.items() if area is None]
    data.heirless_dead[:] = sorted(rng.sample(dead, rng.randint(0, len(dead))))
    data.awaiting_heir[:] = sorted(nb for nb in dead if nb not in data.heirless_dead and rng.random() < 0.3)
    owners = [None, *data.barons]
    for city in sorted(data.city_owner):
        if rng.random() < 0.3:
            data.city_owner[city] = rng.choice(owners)
    for city, owner in sorted(data.city_owner.items()):
        if owner is not None and rng.random() < 0.2:
            data.besieged[city] = rng.choice(data.barons)
    for baron in data.barons:
        if data.stronghold[baron] is not None and rng.random() < 0.2:
            data.besieged_strongholds[baron] = rng.choice(data.barons)


def shaken_game(seed: int, barons: int, steps: int) -> State:
    """A random game played ``steps`` steps, then shaken, with agenda cards in force half the time."""
    rng = random.Random(seed)
    state = new_game(barons, seed=seed % 1000)
    play_random(state, rng, steps)
    shake(state.data, rng)
    if rng.random() < 0.5:
        put_agendas_in_force(state.data, rng)
    return state


def plain_mercenary_sites(state: State, baron: str) -> list[str]:
    """9.4 with ``besieged_inside`` asked of each noble."""
    data: WKData = state.data
    cities = cities_of(data, baron) if state.options[MERCENARY_RECIPIENTS] == "own_city" else data.city_owner
    areas = {T.data.board.cities[c].area for c in cities}
    if data.stronghold[baron] is not None:
        areas.add(data.stronghold[baron])
    off = off_board(data, baron)
    sites = [nb for nb in data.nobles_of(baron) if nb in off or (
        data.noble_area[nb] in areas and nb not in data.at_sea and not besieged_inside(data, nb))]
    return [*sites, garrison_holder(baron)]


def plain_lift_broken_sieges(data: WKData) -> list[str]:
    """11.5, AMB-28 with every noble on the board looked at once."""
    if not (data.besieged or data.besieged_strongholds):
        return []
    board = T.data.board
    present = {(data.baron_of_noble(nb), area) for nb, area in data.noble_area.items()
               if area is not None and nb not in data.at_sea}
    freed: list[str] = []
    for city, besieger in sorted(data.besieged.items()):
        if (besieger, board.cities[city].area) not in present:
            lift_siege(data, city)
            freed.append(board.cities[city].name)
    for baron, besieger in sorted(data.besieged_strongholds.items()):
        if (besieger, data.stronghold[baron]) not in present:
            del data.besieged_strongholds[baron]
            data.siege_round.pop(garrison_holder(baron), None)
            freed.append(f"{baron}'s stronghold")
    return freed


def plain_dominating_baron(data: WKData) -> str | None:
    kingdom = kingdom_cities()
    unrazed = sum(1 for c in data.city_owner if c in kingdom)
    for baron in data.barons:
        held = sum(1 for c, owner in data.city_owner.items() if owner == baron and c in kingdom)
        if 2 * held > unrazed:
            return baron
    return None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 3, 4, 6]), steps=st.integers(0, 600))
def test_fast_paths_agree_with_plain_rules(seed: int, barons: int, steps: int) -> None:
    """Every baron of a shaken random game, every heal price and limit."""
    state = shaken_game(seed, barons, steps)
    data: WKData = state.data
    assert dominating_baron(data) == plain_dominating_baron(data)
    rng = random.Random(seed)
    for sea in (False, True):  # and again with random nobles at sea (on a port icon, 11.1)
        if sea:
            on_board = sorted(nb for nb, area in data.noble_area.items() if area is not None)
            data.at_sea[:] = sorted(rng.sample(on_board, rng.randint(0, len(on_board))))
        fast, plain = state.clone(), state.clone()
        assert lift_broken_sieges(fast.data) == plain_lift_broken_sieges(plain.data)
        assert state_hash(fast) == state_hash(plain)
    for baron in data.barons:  # one noble of his shut inside a besieged city of his, when he has both
        mine = [c for c, owner in sorted(data.city_owner.items()) if owner == baron]
        nobles = [nb for nb in data.nobles_of(baron) if data.noble_area[nb] is not None]
        if mine and nobles and rng.random() < 0.5:
            city = rng.choice(mine)
            data.besieged[city] = rng.choice(data.barons)
            data.noble_area[rng.choice(nobles)] = T.data.board.cities[city].area
    owned = cities_by_owner(data)
    for baron in data.barons:
        assert excluded(data, baron) == bool(in_force(data, "assembly_exclusion", baron))
        assert returning_nobles(data, baron) == [nb for nb in off_board(data, baron) if data.army[nb]]
        for fortify, repair in ((4, 2), (0, 0), (2, 0), (9, 1)):
            given = can_upgrade(data, baron, fortify, repair, owned.get(baron, ()))
            assert given == can_upgrade(data, baron, fortify, repair)
        for price in (0, 1, 2, 3):
            for limit in (0, 1, 2, "all"):
                assert can_heal(data, baron, price, limit) == (len(heal_options(data, baron, price, limit)) > 1)
        assert giving_holders(data, baron) == [h for h in holders_of(data, baron) if troop_holders(data, baron, h)]
        for noble in data.nobles_of(baron):
            if data.noble_area[noble] is not None:
                assert (data.noble_area[noble] in shut_areas(data, baron)) == besieged_inside(data, noble)
        assert mercenary_sites(state, baron) == plain_mercenary_sites(state, baron)
        bill = wage_bill(state.clone(), baron)
        exempt = exempt_nobles(data, baron)
        changes = in_force(data, "wage_change", baron)
        held = [(h, c) for h in holders_of(data, baron) for c in troops_of(data, h)]
        assert bill.costs == {c: wage_of(data, baron, c, h in exempt, changes) for h, c in held}
        assert bill.costs == {c: wage_of(data, baron, c, h in exempt) for h, c in held}
        assert bill.mercenaries == [(h, c) for h, c in held if T.troops[c].nationality is not None]
        assert bill.loyal == [c for h, c in held if T.troops[c].nationality is None]
        assert_pricer_is_cost(bill)
        fast, plain = state.clone(), state.clone()
        paid = pay_loyal(fast, baron)
        assert (paid.paid, paid.discounts, fast.data.crowns) == plain_pay_loyal(plain, baron)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 4, 6]), steps=st.integers(0, 600),
       law=st.booleans())
def test_wages_with_a_discount_price_and_pay_as_the_plain_loop(seed: int, barons: int, steps: int, law: bool) -> None:
    """Every baron holds the per-phase wage discount (and, with ``law``, every mercenary
    costs 1 more): the pricer still prices as ``cost``, and ``pay_loyal`` pays as the plain
    loop, the discount used up card by card."""
    state = shaken_game(seed, barons, steps)
    data: WKData = state.data
    data.laws[:] = ["higher_wages:1"] if law else []
    for baron in data.barons:
        data.charges[baron] = ["master_of_the_mint:1"]
        data.crowns[baron] = random.Random(seed).randint(0, 12)
    for baron in data.barons:
        bill = wage_bill(state.clone(), baron)
        assert bill.discounts or not any(bill.costs.values())
        assert_pricer_is_cost(bill)
        fast, plain = state.clone(), state.clone()
        paid = pay_loyal(fast, baron)
        assert (paid.paid, paid.discounts, fast.data.crowns) == plain_pay_loyal(plain, baron)


def assert_pricer_is_cost(bill: WageBill) -> None:
    """Every card priced alike by ``pricer`` and ``cost``, and again after each payment
    (the discounts used up)."""
    purse = types.SimpleNamespace(crowns={bill.baron: 99})
    for card in list(bill.costs):
        assert {c: bill.pricer()(c) for c in bill.costs} == {c: bill.cost(c) for c in bill.costs}
        bill.pay(purse, card)  # type: ignore[arg-type]


def plain_pay_loyal(state: State, baron: str) -> tuple[list[str], dict[str, int], dict[str, int]]:
    """9.2 as written before the pricer: every card priced by ``cost`` and paid by ``pay``.
    Returns the mercenaries counted as paid, the discounts left and everybody's crowns."""
    data: WKData = state.data
    bill = wage_bill(state, baron)
    loyal = sorted([(bill.cost(c), c) for c in bill.costs if T.troops[c].nationality is None])
    for _, card in loyal:
        if bill.cost(card) > data.crowns[baron]:
            break
        bill.pay(data, card)
    free = [card for _, card in bill.mercenaries if bill.cost(card) == 0]
    return free, bill.discounts, data.crowns


MENUS = {"stake": Stake, "hire": HireMercenary, "block hire": BlockHire}
"""The decisions whose menus are prebuilt (stakes) or priced once (the Draft)."""


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 4, 6]))
def test_prebuilt_and_priced_menus_are_the_plain_ones(seed: int, barons: int) -> None:
    """The stake menu (``neutral.stake_actions``) and the Draft's menus (the discount asked
    once) are the actions the plain ``Choice.action`` builds from each option's label."""
    rng = random.Random(seed)
    state = new_game(barons, seed=seed % 1000)
    checked = {kind: 0 for kind in MENUS}
    while not banneret.is_over(state) and min(checked["stake"], checked["hire"]) < 3:
        now = banneret.pending(state)
        player = rng.choice(now.players)
        actions = banneret.legal_actions(state, player)
        if now.kind in MENUS:
            frame = state.stack[-1]
            plain = [Choice.action(MENUS[now.kind](), state, frame, player, o) for o in frame.vars["options"]]
            assert list(actions) == plain
            if now.kind != "stake":  # the units and pricing the Draft handed on are those of now
                assert frame["pricing"] == draft_pricing(state, frame["baron"])
                units = _display_choices(state, frame["baron"], frame.vars.get("nationality"))
                assert frame.vars["options"] == (*units, None)
            checked[now.kind] += 1
        banneret.apply(state, rng.choice(actions))
    assert banneret.is_over(state) or min(checked["stake"], checked["hire"]) >= 3
