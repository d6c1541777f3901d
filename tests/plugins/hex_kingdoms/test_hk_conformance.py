"""The engine's conformance checks on hex_kingdoms, plus random playouts under every
rule option with the game's own invariants (20.1) checked after each step."""

from __future__ import annotations

import banneret
import pytest
from banneret.agents import RandomAgent, Seat
from banneret.testing import conformance_tests

globals().update(conformance_tests("hex_kingdoms", max_steps=250))

VARIANTS = [
    {"special_hex_assignment": "swapped"},
    {"gold_mountain_is_mountain": False},
    {"genesis_placement": "players"},
    {"capital_model": "cell"},
    {"capital_min_gate_distance": 1},
    {"hex_control": "single_army"},
    {"advantage_mode": "recompute"},
    {"advantage_clamp": False},
    {"terrain_shift_mode": "reduce_attacker_only"},
    {"capital_tie_loss": 2},
    {"natural_one_blocks_capture": False},
    {"retreat_range": "adjacent"},
    {"retreat_to_empty_controlled_province_hex": False},
    {"levy_allows_regroup": False},
    {"allow_pass": False},
    {"crusade_threshold_strict": False},
    {"crusade_share_rounding": "floor"},
    {"crusade_runoff": "fresh_roll_only"},
    {"crusader_capital_option": "always"},
    {"revolt_on_every_plague": False},
    {"vassal_decisions": "delegate"},
    {"vassal_income_split": "per_province"},
    {"homage_trigger": "move_assault"},
    {"max_armies_per_kingdom": 6},
    {"map": "reference"},
]


def play(options: dict, seed: int, steps: int = 1500, players: int = 4, agent: str = "random") -> banneret.State:  # type: ignore[type-arg]
    st = banneret.new_game("hex_kingdoms", seed=seed, options={"max_turns": 40, **options}, players=players)
    agents = {}
    for i, f in enumerate(st.factions):
        if agent == "heuristic" and i == 0:
            from banneret_hex_kingdoms.agent import HeuristicAgent

            agents[f] = HeuristicAgent(seed)
        else:
            agents[f] = RandomAgent(seed * 10 + i)
    for _ in range(steps):
        if banneret.is_over(st):
            break
        p = banneret.pending(st).players[0]
        banneret.apply(st, agents[p].choose(Seat(st, p)))
        bad = st.game.invariants(st)
        assert not bad, f"seed {seed} step {st.step}: {bad}"
    return st


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_variant_playouts_keep_invariants(options: dict) -> None:  # type: ignore[type-arg]
    """Every option plays random games without breaking an invariant or reaching a dead end."""
    play(options, 1, steps=500)


@pytest.mark.parametrize("players", [2, 3])
def test_fewer_kingdoms(players: int) -> None:
    st = play({}, 3, players=players)
    assert st.data.nk == players


def test_heuristic_games_keep_invariants() -> None:
    """The heuristic agent's games go further (assaults, vassals, crusades) and stay legal."""
    play({"max_turns": 80}, 4, steps=2500, agent="heuristic")


def test_same_seed_same_game() -> None:
    a = play({}, 9, steps=300)
    b = play({}, 9, steps=300)
    assert banneret.state_hash(a) == banneret.state_hash(b)
    assert [e.text for e in a.log] == [e.text for e in b.log]


def test_turn_limit_ends_unresolved() -> None:
    st = banneret.new_game("hex_kingdoms", seed=2, options={"max_turns": 3})
    agent = RandomAgent(2)
    while not banneret.is_over(st):
        p = banneret.pending(st).players[0]
        banneret.apply(st, agent.choose(Seat(st, p)))
    out = banneret.outcome(st)
    assert st.data.turn == 3 and out.winners == () and out.reason.startswith("turn limit reached")


def test_bad_option_is_refused() -> None:
    with pytest.raises(banneret.OptionError):
        banneret.new_game("hex_kingdoms", seed=1, options={"hex_control": "majority"})
    with pytest.raises(banneret.OptionError):
        banneret.new_game("hex_kingdoms", seed=1, options={"nonsense": 1})


def test_view_and_render() -> None:
    st = play({}, 6, steps=200)
    v = banneret.view(st, "blue")
    assert v["board"]["kingdoms"]["blue"]["capital"] == st.data.cap[0]
    assert len(v["board"]["hexes"]) == 44
    text = st.game.render(st, "blue")
    assert "blue (B): capital" in text and "r=" in text


def test_labels_name_the_hexes_of_this_map() -> None:
    """Built actions are reused per map: a second game's labels name its own hexes."""
    play({}, 11, steps=400)
    st = banneret.new_game("hex_kingdoms", seed=12, options={"max_turns": 40})
    agent = RandomAgent(12)
    checked = 0
    for _ in range(600):
        if banneret.is_over(st):
            break
        p = banneret.pending(st).players[0]
        actions = banneret.legal_actions(st, p)
        names = st.data.board.name if st.data.board else ()
        for a in actions:
            if a.kind in ("move-army", "extra", "march-to"):
                assert a.label.endswith(" from " + names[a.args[0]]) or a.label == "march to " + names[a.args[0]], a
                checked += 1
            elif a.kind == "move-to" and a.args >= 0:
                assert a.label == "to " + names[a.args], a
                checked += 1
        banneret.apply(st, agent.choose(Seat(st, p)))
    assert checked > 50
