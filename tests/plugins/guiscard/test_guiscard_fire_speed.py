"""The fire and melee menus' fast paths beside their plain reference versions: random games
through the public API, the menus compared at every decision with the rules asked of every
character (issue 14, Performance): who stands where (``Battle.living_index``), the contact
test, the shot test without the cover (``may_shoot_at`` against ``fire_cover``), the fire
menus, the combat menu and the burning arrows' targets."""

from __future__ import annotations

import banneret
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret_guiscard.engines import arrow_targets
from banneret_guiscard.fire import (
    defensive_shots, defensive_weapons, engaged, fire_cover, may_fire, may_shoot_at, offensive_shooters, targets,
    usable_weapons,
)
from banneret_guiscard.flames import burnable
from banneret_guiscard.melee import HORSE, may_attack
from banneret_guiscard.results import can_attack
from banneret_guiscard.state import Battle, Piece
from test_guiscard_speed import _random_game

SCENARIOS = ("Open skirmish", "Cavalry charge", "Village fight", "Castle assault", "Siege-methods assault", "Mixed")


def _enemy_hexes(b: Battle, side: str) -> list:
    return [h for p in sorted(b.enemies_of(side), key=lambda p: p.id) if p.alive for h in p.hexes()]


def _plain_shots(b: Battle, shooter: Piece, weapons, enemies) -> list[tuple]:
    """Every aim at a hex of ``enemies`` that :func:`fire_cover` allows, in the menus' order:
    (weapon, hex), with the target's floor when it is not the shooter's (a shot through an
    opening of the upper storey, §8, §9.3.3)."""
    aims = [(h, p.floor) for p in enemies for h in p.hexes()]
    return [(w.id, h) if floor == shooter.floor else (w.id, h, floor) for w in weapons for h, floor in aims
            if fire_cover(b, shooter, w, h, floor=None if floor == shooter.floor else floor) is not None]


def _living_enemies(b: Battle, side: str) -> list[Piece]:
    return [p for p in sorted(b.enemies_of(side), key=lambda p: p.id) if p.alive]


@settings(max_examples=4, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_who_stands_where_and_the_contact_test_are_the_plain_scans(scenario, seed):
    """At every decision: the index of who stands where holds, per hex, the living characters
    ``living_at`` finds, in its order; the contact test read from it (§5.2) is the plain test
    of every enemy's attack on every hex of the character."""
    for state in _random_game(scenario, seed, 200):
        b: Battle = state.data
        index = b.living_index()
        anyone = {h for p in b.pieces.values() for h in p.hexes()}  # elsewhere living_at finds nobody
        assert index == {h: tuple(b.living_at(h)) for h in anyone if any(b.living_at(h))}
        for piece in b.pieces.values():
            plain = any(can_attack(b, e, h) for e in b.enemies_of(piece.side) for h in piece.hexes())
            assert engaged(b, piece) == engaged(b, piece, index) == plain


@settings(max_examples=4, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_the_shot_test_is_fire_cover(scenario, seed):
    """At every decision, for every living character, weapon it may use and hex of a living
    enemy: the menus' shot test allows the shot exactly when ``fire_cover`` gives a cover
    (§5.5: the line, the cover, characters in the way and firing over them, the engines)."""
    compared = allowed = 0
    for state in _random_game(scenario, seed, 200):
        b: Battle = state.data
        index = b.living_index()
        for shooter in b.pieces.values():
            if not shooter.alive:
                continue
            for weapon in usable_weapons(b, shooter):
                for h in _enemy_hexes(b, shooter.side):
                    expected = fire_cover(b, shooter, weapon, h) is not None
                    assert may_shoot_at(b, shooter, weapon, h) == may_shoot_at(b, shooter, weapon, h, index) == expected
                    compared += 1
                    allowed += expected
    assert compared and allowed


@settings(max_examples=4, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_the_fire_menus_are_the_plain_rules(scenario, seed):
    """At every decision: the offensive-fire menu names exactly the characters of the phasing
    side that may fire at some enemy hex (§5, §5.2), each one's targets are every (weapon, hex)
    ``fire_cover`` allows (§5.4, §5.5), and for every character that could be moving, the
    defensive shots against it are every eligible enemy's allowed shot (§5.3)."""
    for state in _random_game(scenario, seed, 200):
        b: Battle = state.data
        phasing = b.side
        plain_shooters = []
        for p in sorted(b.pieces.values(), key=lambda p: p.id):
            if p.side != phasing:
                continue
            plain = _plain_shots(b, p, usable_weapons(b, p), _living_enemies(b, p.side))
            assert targets(b, p) == plain
            if may_fire(b, p) and plain:
                plain_shooters.append(p.id)
        assert offensive_shooters(b, phasing) == plain_shooters
        for mover in b.pieces.values():
            if mover.side != phasing or not mover.alive:
                continue
            plain_defence = [(s.id, *aim) for s in sorted(b.enemies_of(phasing), key=lambda p: p.id)
                             for aim in _plain_shots(b, s, defensive_weapons(b, s), [mover])]
            assert defensive_shots(b, mover) == plain_defence


def _combat_menus_checked(scenario: str, seed: int) -> int:
    """Play a whole random game, checking every combat menu against the plain rule; how many."""
    menus = 0
    for state in _random_game(scenario, seed, 2000):
        if banneret.pending(state).kind != "combat":
            continue
        b: Battle = state.data
        player = banneret.pending(state).players[0]
        offered = [a.args[1] for a in banneret.legal_actions(state, player) if a.args[0] == "attack"]
        everyone = [*sorted(b.pieces), *(HORSE + owner for owner in sorted(b.horses))]
        assert offered == [t for t in everyone if any(may_attack(b, p, t) for p in b.pieces.values())]
        menus += 1
    return menus


@settings(max_examples=4, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_the_combat_menu_offers_every_plain_attack(scenario, seed):
    """At every combat decision the characters and loose horses offered to attack are those
    some character may attack by the plain rule, asked of everyone (§6, §6.7, §6.8)."""
    _combat_menus_checked(scenario, seed)


def test_random_games_offer_combat_menus():
    """The check above is not empty: random games do reach combat menus."""
    assert sum(_combat_menus_checked("Cavalry charge", seed) for seed in range(3)) > 0


@settings(max_examples=4, deadline=None)
@given(st.sampled_from(("Castle assault", "Siege-methods assault", "Open skirmish")), st.integers(0, 10_000))
def test_burning_arrows_look_at_every_hex_that_may_burn(scenario, seed):
    """At every decision the hexes a burning arrow may set alight are those of the whole map
    that may burn or hold naphtha (§10.3, §10.5.3): engines, palisade, gate and platforms, as
    they are hauled, burn and are destroyed."""
    found = 0
    for state in _random_game(scenario, seed, 300):
        b: Battle = state.data
        plain = sorted(h for h in b.tables.terrain if burnable(b, h) or h in b.naphtha)
        assert arrow_targets(b) == plain
        found += len(plain)
    assert found or scenario == "Open skirmish"
