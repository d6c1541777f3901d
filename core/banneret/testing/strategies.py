"""Hypothesis strategies that play random legal games through the public API.

A random game is described by a :class:`PlayScript`: plain numbers that pick the seed,
the number of players, the scenario and each choice. The first choices are drawn by
hypothesis (so a failing game shrinks towards short games and first-listed actions); after
them a seeded :class:`banneret.rng.Rng` carries on, so a long game costs hypothesis only a
few dozen numbers. The script does not depend on the game: the same numbers are resolved
against any game's player range, scenarios and actions when it is played::

    from hypothesis import given
    from banneret.testing import playthroughs

    @given(playthroughs("duel", max_steps=100))
    def test_scores_never_negative(game):
        assert min(game.state.data.score.values()) >= 0
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator, Mapping

import attrs
from hypothesis import strategies as st

from banneret import engine
from banneret.canonical import state_hash
from banneret.errors import ActionError
from banneret.registry import Registry, default_registry
from banneret.rng import Rng
from banneret.state import State
from banneret.types import Action

__all__ = [
    "PlayScript", "Setup", "Step", "Playthrough", "scripts", "playthroughs", "states",
    "resolve_setup", "walk", "play", "legal_move",
]

SEED_MAX = 2**32 - 1


@attrs.frozen
class PlayScript:
    """The numbers that decide one random game (independent of the game they are played in).

    ``choices[i]`` picks the player (among those pending) and the action at step ``i``;
    after the drawn choices a :class:`~banneret.rng.Rng` seeded with ``agent_seed`` picks.
    """

    seed: int = 0
    players_pick: int = 0
    scenario_pick: int = 0
    choices: tuple[int, ...] = ()
    agent_seed: int = 0

    def chooser(self) -> "Chooser":
        return Chooser(self)


class Chooser:
    """Turns a script into choices: ``choose(state)`` names the next action to play."""

    __slots__ = ("script", "rng", "i")

    def __init__(self, script: PlayScript) -> None:
        self.script = script
        self.rng = Rng(script.agent_seed)
        self.i = 0

    def choose(self, state: State) -> Action:
        players = engine.pending(state).players
        if not players:
            raise ValueError("the game is over: there is nothing to choose")
        if self.i < len(self.script.choices):
            pick = self.script.choices[self.i]
            player = players[pick % len(players)]
            actions = engine.legal_actions(state, player)
            if not actions:
                raise AssertionError(
                    f"{state.game_id} seed={state.seed} step {state.step}: {player} must decide ({engine.pending(state).kind}) "
                    "but has no legal action"
                )
            action = actions[(pick // len(players)) % len(actions)]
        else:
            player = players[self.rng.below(len(players))] if len(players) > 1 else players[0]
            actions = engine.legal_actions(state, player)
            if not actions:
                raise AssertionError(
                    f"{state.game_id} seed={state.seed} step {state.step}: {player} must decide ({engine.pending(state).kind}) "
                    "but has no legal action"
                )
            action = actions[self.rng.below(len(actions))]
        self.i += 1
        return action


@attrs.frozen
class Setup:
    """Everything :func:`banneret.new_game` needs besides the registry."""

    game_id: str
    seed: int
    players: int
    scenario: str
    options: Mapping[str, Any] = attrs.field(factory=dict)

    def new_game(self, registry: Registry | None = None) -> State:
        return engine.new_game(
            self.game_id, seed=self.seed, options=dict(self.options), scenario=self.scenario,
            players=self.players, registry=registry,
        )

    def describe(self) -> str:
        opts = "".join(f" {k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game_id} seed={self.seed} players={self.players} scenario={self.scenario}{opts}"


def resolve_setup(
    game_id: str,
    script: PlayScript,
    registry: Registry | None = None,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    scenario: str | None = None,
) -> Setup:
    """The concrete set-up a script picks for ``game_id`` (fixed arguments win over picks)."""
    info = (registry or default_registry()).game(game_id).info
    if players is None:
        span = info.max_players - info.min_players + 1
        players = info.min_players + script.players_pick % span
    if scenario is None:
        scenario = info.scenarios[script.scenario_pick % len(info.scenarios)].name
    return Setup(game_id, script.seed, players, scenario, dict(options or {}))


def scripts(
    max_drawn: int = 40,
    seed: int | None = None,
) -> st.SearchStrategy[PlayScript]:
    """Random :class:`PlayScript` values; ``max_drawn`` bounds the choices hypothesis draws
    (the rest of the game is played by a seeded generator); ``seed`` fixes the game seed."""
    return st.builds(
        PlayScript,
        seed=st.just(seed) if seed is not None else st.integers(0, SEED_MAX),
        players_pick=st.integers(0, 7),
        scenario_pick=st.integers(0, 7),
        choices=st.lists(st.integers(0, 2**16 - 1), max_size=max_drawn).map(tuple),
        agent_seed=st.integers(0, SEED_MAX),
    )


@contextmanager
def legal_move(state: State, action: Action) -> Iterator[None]:
    """Turn any error raised while applying a legal action into one AssertionError that
    names the game, the seed, the step and the action."""
    where = f"{state.game_id} seed={state.seed} step {state.step}"
    try:
        yield
    except ActionError as exc:
        raise AssertionError(f"{where}: the legal action {action.label!r} of {action.player} was refused: {exc}") from exc
    except AssertionError:
        raise
    except Exception as exc:
        raise AssertionError(
            f"{where}: applying the legal action {action.label!r} of {action.player} raised {type(exc).__name__}: {exc}"
        ) from exc


@attrs.define
class Step:
    """One decision point of a walked game: ``state`` before ``action`` is applied
    (``action`` is ``None`` at the last point: the game is over or the step cap reached).

    ``state`` is the live state, moved on when the walk resumes: clone it to keep it.
    """

    state: State
    action: Action | None
    index: int
    hashes: list[str]
    """State hashes so far: ``hashes[0]`` after set-up, ``hashes[k]`` after step ``k``."""


def walk(
    setup: Setup,
    script: PlayScript,
    registry: Registry | None = None,
    max_steps: int = 1000,
    hashes: bool = True,
) -> Iterator[Step]:
    """Play ``script`` in a new game, yielding each decision point before its action is
    applied, and the final point (game over or ``max_steps`` reached) with ``action=None``.
    With ``hashes=False`` the state hashes are not recorded (``Step.hashes`` stays empty):
    hashing every step is a good part of a walk's cost in a big game."""
    state = setup.new_game(registry)
    chooser = script.chooser()
    record_hashes = hashes
    hashes_so_far = [state_hash(state)] if record_hashes else []
    index = 0
    while True:
        if index >= max_steps or engine.is_over(state):
            yield Step(state, None, index, hashes_so_far)
            return
        action = chooser.choose(state)
        yield Step(state, action, index, hashes_so_far)
        with legal_move(state, action):
            engine.apply(state, action)
        if record_hashes:
            hashes_so_far.append(state_hash(state))
        index += 1


@attrs.define
class Playthrough:
    """A random game played to its end or to the step cap."""

    setup: Setup
    script: PlayScript
    state: State
    hashes: list[str]

    @property
    def actions(self) -> list[tuple[str, str]]:
        """The record: ``(player, label)`` per step."""
        return list(self.state.record)

    @property
    def over(self) -> bool:
        return engine.is_over(self.state)

    def __repr__(self) -> str:
        return f"Playthrough({self.setup.describe()}, steps={self.state.step}, over={self.over}, script={self.script!r})"


def play(
    game_id: str,
    script: PlayScript,
    registry: Registry | None = None,
    max_steps: int = 1000,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    scenario: str | None = None,
) -> Playthrough:
    """Play ``script`` to the end (or ``max_steps``) and return the game."""
    setup = resolve_setup(game_id, script, registry, options, players, scenario)
    last = None
    for last in walk(setup, script, registry, max_steps):
        pass
    assert last is not None
    return Playthrough(setup, script, last.state, last.hashes)


def playthroughs(
    game_id: str,
    registry: Registry | None = None,
    max_steps: int = 1000,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    scenario: str | None = None,
    max_drawn: int = 40,
) -> st.SearchStrategy[Playthrough]:
    """Random legal games of ``game_id``, played to the end or to ``max_steps`` decisions."""
    return scripts(max_drawn).map(
        lambda s: play(game_id, s, registry, max_steps, options, players, scenario)
    )


def states(
    game_id: str,
    registry: Registry | None = None,
    max_steps: int = 200,
    options: Mapping[str, Any] | None = None,
    players: int | None = None,
    scenario: str | None = None,
    max_drawn: int = 40,
) -> st.SearchStrategy[State]:
    """States at a random point of a random legal game (at most ``max_steps`` in)."""

    @st.composite
    def build(draw: st.DrawFn) -> State:
        script = draw(scripts(max_drawn))
        stop = draw(st.integers(0, max_steps))
        return play(game_id, script, registry, stop, options, players, scenario).state

    return build()
