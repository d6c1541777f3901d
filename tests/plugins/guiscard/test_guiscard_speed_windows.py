"""Session 14's fast paths beside their plain reference versions (issue 14, Performance):
the defensive-fire window's menu without a second search of the shots, and the siege
methods' menus, which return at once on a map where nothing burns or may burn. Random games
through the public API, compared at every decision."""

from __future__ import annotations

import banneret
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.flow import Window
from banneret_guiscard.data_model import load_data
from banneret_guiscard.engines import arrow_shots
from banneret_guiscard.fire import DefensiveFire, fire_cover, may_fire, usable_weapons
from banneret_guiscard.flames import burnable, work_scan, workers
from banneret_guiscard.state import Battle, tables_for
from banneret.boards.hexgrid import distance
from test_guiscard_speed import _random_game

SCENARIOS = ("Open skirmish", "Cavalry charge", "Village fight", "Castle assault", "Siege-methods assault", "Mixed")


def _windows_checked(scenario: str, seed: int) -> int:
    """Play a random game; at every defensive-fire decision, compare the window's menu with
    the plain window's (:meth:`Window.actions`: the responses searched again, then the pass).
    How many windows were compared."""
    compared = 0
    for state in _random_game(scenario, seed, 3000):
        if banneret.pending(state).kind != DefensiveFire.kind:
            continue
        proc, frame = state.game.flow.active(state)
        if not isinstance(proc, DefensiveFire):
            continue
        player = banneret.pending(state).players[0]
        offered = banneret.legal_actions(state, player)
        assert list(offered) == Window.actions(proc, state, frame, player)
        assert [a.label for a in offered] == [f"fire at {frame['mover']}", "no defensive fire"]
        compared += 1
    return compared


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_the_defensive_fire_window_offers_what_its_responses_give(scenario, seed):
    """At every defensive-fire window a random game reaches, the fire and the pass offered
    are those the plain window offers: the shot search run again (§5.3)."""
    _windows_checked(scenario, seed)


def test_random_games_open_defensive_fire_windows():
    """The check above is not empty: Open skirmish's random games reach the window."""
    assert sum(_windows_checked("Open skirmish", seed) for seed in range(3)) > 10


def _plain_arrows(b: Battle, side: str) -> list[tuple[str, str, tuple[int, int]]]:
    """``engines.arrow_shots`` by the rules alone: every archer that may fire, every bow, every
    hex of the map that may burn or holds naphtha, not its own side's engine (§10.3)."""
    bows = b.tables.data.siege.arrow_weapons
    own = {e.hex for e in b.engines.values() if e.side == side}
    hexes = sorted(h for h in b.tables.terrain if (burnable(b, h) or h in b.naphtha) and h not in own)
    return [(p.id, w.id, h) for p in sorted(b.pieces.values(), key=lambda p: p.id) if p.side == side and may_fire(b, p)
            for w in usable_weapons(b, p) if w.id in bows
            for h in hexes if w.band_at(distance(p.hex, h)) == "short" and fire_cover(b, p, w, h) is not None]


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(("Open skirmish", "Castle assault", "Siege-methods assault")), st.integers(0, 10_000))
def test_the_siege_menus_are_the_plain_scans(scenario, seed):
    """At every decision of a random game the fire work and burning arrows offered are those
    of the plain scans of every character and hex: nothing at all on the Downs, where nothing
    burns (§10.2, §10.3)."""
    offered = 0
    for state in _random_game(scenario, seed, 400):
        b: Battle = state.data
        assert workers(b) == work_scan(b)
        for side in b.tables.sides:
            assert arrow_shots(b, side) == _plain_arrows(b, side)
            offered += len(arrow_shots(b, side))
    if scenario == "Open skirmish":
        assert offered == 0


def test_the_maps_wooden_hexes_and_the_rosters_hoplites():
    """The tables name the hexes whose terrain burns or holds a tent (none on the Downs, the
    palisade, gate and platforms on the Keep, the jetty and tents on the Lagoon) and the
    roster's hoplites (§7.3, by their unit code)."""
    data = load_data()
    downs, keep = tables_for("open_skirmish"), tables_for("castle_assault")
    assert downs.wooden == ()
    assert keep.wooden and all(keep.terrain[h].burns for h in keep.wooden)
    assert set(keep.wooden) == {h for h, t in keep.terrain.items() if t.burns}
    lagoon = tables_for("sally_on_the_camp")  # the jetty burns, and so do the camp's tents here
    tents = {h for h, t in lagoon.terrain.items() if t.tent is not None}
    jetty = {h for h, t in lagoon.terrain.items() if t.burns}
    assert len(tents) == 12 and jetty and set(lagoon.wooden) == tents | jetty
    codes = data.tactics.hoplites.codes
    assert downs.hoplites == {c.id for c in data.roster.values() if c.code in codes}
    assert len(downs.hoplites) == 12 and "okeanos" in downs.hoplites
    assert not downs.hoplites & {p.counter for p in downs.scenario.forces}  # Open skirmish has none


def test_a_moved_piece_keeps_every_other_field():
    """``Piece.moved`` is ``attrs.evolve`` of the hex and facing: every other field is kept
    (a field added to ``Piece`` and forgotten there fails here)."""
    import attrs
    from banneret_guiscard.state import Piece

    rider = Piece("okeanos", "byzantines", "wounded", True, (3, 4), 2, "leon")
    moved = rider.moved((4, 4), 1)
    assert moved == attrs.evolve(rider, hex=(4, 4), facing=1)
    assert moved.footprint == attrs.evolve(rider, hex=(4, 4), facing=1).footprint != rider.footprint
    assert {f.name: getattr(moved, f.name) for f in attrs.fields(Piece)} == {
        "id": "okeanos", "side": "byzantines", "health": "wounded", "mounted": True, "hex": (4, 4), "facing": 1,
        "horse": "leon", "floor": 0, "footprint": moved.footprint}
