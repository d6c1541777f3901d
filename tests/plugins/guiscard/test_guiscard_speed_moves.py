"""The movement step's shortcuts beside the plain rules (issue 14, Performance), at every
decision of random games: who tests a mover's infiltration, asked only of the enemies next to
its hex, is who the plain test of every enemy finds (§4.3, §6.7); the bodies the movement
menu offers to clear, asked only where two movers on foot stand near, are those the plain
test of every hex with bodies finds (§4.2.3)."""

from __future__ import annotations

import banneret
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.agents import agent_seed
from banneret_guiscard import hoplites, ladders
from banneret_guiscard.movement import body_loads, clearer_pairs, infiltration_testers, movable
from banneret_guiscard.results import can_attack
from banneret_guiscard.state import Battle, Piece


def _plain_testers(b: Battle, mover: Piece, per_mover: bool) -> list[Piece]:
    """:func:`infiltration_testers` asking every enemy (§4.3, A-05, A-07, §7.3.3)."""
    used = b.infiltration_rolls
    return [e for e in sorted(b.enemies_of(mover.side), key=lambda p: p.id)
            if can_attack(b, e, mover.hex) and not (b.ladders and ladders.carrying(b, e.id))
            and hoplites.tests_mover(b, e, mover) and (e.id, mover.id) not in used
            and (per_mover or not any(x == e.id for x, _ in used))]


@settings(max_examples=4, deadline=None)
@given(st.sampled_from(("Open skirmish", "Village fight", "Mixed", "Castle assault")), st.integers(0, 10_000))
def test_infiltration_testers_movers_and_clearing_are_the_plain_scans(scenario, seed):
    """At every decision, for every living character as a mover, under both readings of the
    limit: the testers are those the plain scan of every enemy finds; who may still move is
    the plain scan with the hoplites' halt asked of everyone (§4, §7.3.1); at every movement
    decision the bodies offered to clear are those of every hex with bodies that a pair may
    clear (§4.2.3)."""
    assert _movement_checks(scenario, seed)[0]


def test_random_games_offer_bodies_to_clear():
    """The check above is not empty: random games do reach movement menus with bodies to clear."""
    assert any(_movement_checks("Open skirmish", seed)[1] for seed in range(4))


def _movement_checks(scenario: str, seed: int) -> tuple[int, int]:
    """Play 300 decisions of a random game checking the above: (movers checked, movement
    menus offering bodies to clear)."""
    state = banneret.new_game("guiscard", seed=seed, scenario=scenario)
    agents = {f: banneret.RandomAgent(agent_seed(seed, f)) for f in state.factions}
    checked = clears = 0
    for _ in range(300):
        pending = banneret.pending(state)
        if not pending.players:
            break
        b: Battle = state.data
        for mover in b.pieces.values():
            if mover.alive:
                for per_mover in (False, True):
                    assert infiltration_testers(b, mover, per_mover) == _plain_testers(b, mover, per_mover)
                    checked += 1
        assert movable(b, b.side) == sorted(
            p.id for p in b.pieces.values() if p.side == b.side and p.able and p.id not in b.done
            and p.id not in b.busy and not hoplites.halted(b, p.id))
        if pending.kind == "movement":
            offered = [o[1] for o in state.stack[-1].vars["options"] if o[0] == "clear"]
            assert offered == [h for h in sorted(b.bodies) if body_loads(b, h) and clearer_pairs(b, b.side, h)]
            clears += bool(offered)
        banneret.apply(state, agents[pending.players[0]].choose(banneret.Seat(state, pending.players[0])))
    return checked, clears
