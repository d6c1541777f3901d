"""Random games of Placeholder 1 played through the public API, checked after every step
against what §1 and §4 guarantee: riders on two adjacent hexes of the map, no two living
characters in a hex between moves, MP never over the allowance, each enemy rolling at most
once a phase, dead characters never moving, stunned characters never moving."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import banneret
from banneret.boards.hexgrid import distance
from banneret.registry import registry_from
from banneret.testing import Setup, scripts, walk
from banneret_guiscard import plugin
from banneret_guiscard.state import Battle

REG = registry_from([plugin])
GAME = REG.game("guiscard")


def _moving(state: banneret.State) -> bool:
    return GAME.view(state, None)["moving"] is not None


@settings(max_examples=15, deadline=None)
@given(scripts(max_drawn=60), st.sampled_from(["per_phase", "per_mover"]))
def test_random_games_keep_the_movement_rules(script, limit):
    setup = Setup("guiscard", script.seed, 2, "Placeholder 1", {"infiltration_limit": limit})
    dead: dict[str, tuple[int, int]] = {}
    stunned: dict[str, tuple[int, int]] = {}
    last = None
    for step in walk(setup, script, REG, max_steps=20_000, hashes=False):
        state, b = step.state, step.state.data
        assert isinstance(b, Battle)
        assert GAME.invariants(state) == []
        board = b.tables.terrain
        for pid, p in b.pieces.items():
            hexes = p.hexes()
            assert all(h in board for h in hexes)
            if p.mounted:
                assert len(hexes) == 2 and distance(*hexes) == 1
            if pid in dead:
                assert p.hex == dead[pid] and not p.alive, f"{pid} moved or rose after death"
            elif not p.alive:
                dead[pid] = p.hex
            if p.health == "stunned" and stunned.get(pid, p.hex) != p.hex:
                assert False, f"{pid} moved while stunned"
        stunned = {q: x.hex for q, x in b.pieces.items() if x.health == "stunned"}
        for pid, left in b.left.items():
            assert 0 <= left <= b.ma(b.pieces[pid])
        if not _moving(state):
            held = [h for p in b.pieces.values() if p.alive for h in p.hexes()]
            assert len(held) == len(set(held))
        if limit == "per_phase":
            enemies = [e for e, _ in b.infiltration_rolls]
            assert len(enemies) == len(set(enemies))
        if step.action is not None and step.action.kind == "move-step" and step.action.args[0] == "step":
            mover = GAME.view(state, None)["moving"]
            assert step.action.args[3] <= b.left[mover]
        last = step
    assert last is not None and banneret.is_over(last.state)
    assert banneret.outcome(last.state).standings
