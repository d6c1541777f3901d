"""The conformance checks every game gets for free, and the suite that runs them.

Each ``check_*`` function looks at one property, raises :class:`AssertionError` with one
sentence naming the game, the seed and the step when it fails, and changes nothing it is
given (it works on clones). They can be used alone in any test. The suite plays random
games (see :mod:`banneret.testing.strategies`) and runs each check along the way::

    # tests/plugins/my_game/test_my_game_conformance.py
    from banneret.testing import conformance_tests

    globals().update(conformance_tests("my_game", max_steps=400))

or, to choose settings as class attributes::

    from banneret.testing import ConformanceSuite

    class TestMyGame(ConformanceSuite):
        game_id = "my_game"
        max_steps = 400

The number of random games per check comes from the hypothesis profile (``quick`` by
default, ``HYPOTHESIS_PROFILE=ci`` in CI). Save round trips and undo against replay run
every ``sample_every`` steps and at the end of the game; replay compares every step's hash
once, at the end; the checks that look at every view or clone the state run every
``check_every`` steps (default: each step; raise it for long games with slow steps).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from xml.etree import ElementTree
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence

import attrs
from hypothesis import given

from banneret import engine
from banneret.agents import Seat
from banneret.boards.drawing import BoardContext, BoardDrawing
from banneret.canonical import state_hash
from banneret.errors import (
    ActionError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    SaveError,
)
from banneret.registry import GAME_GROUP, PLUGIN_GROUP, Registry, default_registry
from banneret.rng import Rng
from banneret.saves import from_record, to_record
from banneret.session import Match
from banneret.state import State
from banneret.testing.strategies import PlayScript, Setup, legal_move, resolve_setup, scripts, walk
from banneret.types import ENDED_BY_CAP, ENDED_BY_RULES, Action, Outcome
from banneret.words import possessive

__all__ = [
    "CHECKS", "ConformanceConfig", "ConformanceSuite", "conformance_tests", "run_check",
    "run_conformance", "check_invariants", "check_legal_actions", "check_illegal_actions_refused",
    "check_save_round_trip", "check_replay", "check_undo_equals_replay", "check_views",
    "check_secret_choices", "check_ends_within_bound", "check_determinism",
    "check_clone_independence", "check_no_shared_sequences", "check_agents_blind", "trace", "setup_of",
]


def _where(state: State) -> str:
    return f"{state.game_id} seed={state.seed} step {state.step}"


def _fail(state: State, message: str) -> AssertionError:
    return AssertionError(f"{_where(state)}: {message}")


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON-like values first differ, as a readable path with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}/{key}: present in only one"
            if a[key] != b[key]:
                return _first_difference(a[key], b[key], f"{path}/{key}")
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path or '/'}: {a!r} != {b!r}"


def setup_of(state: State) -> Setup:
    """The set-up a state was started from (for replays)."""
    return Setup(state.game_id, state.seed, len(state.factions), state.scenario, dict(state.options))


def _replay(setup: Setup, record: Sequence[tuple[str, str]], registry: Registry | None) -> Iterable[State]:
    """Yield the replayed state after set-up and after each action (one moving object)."""
    state = setup.new_game(registry)
    yield state
    for i, (player, label) in enumerate(record, start=1):
        try:
            action = engine.find_action(state, player, label)
        except ActionError as exc:
            raise _fail(state, f"replaying step {i} fails: {exc} (are action labels stable?)") from None
        engine.apply(state, action)
        yield state


# --- 1. invariants ----------------------------------------------------------------------------

def check_invariants(state: State) -> None:
    """The plugin's own invariants (``Game.invariants``) hold."""
    broken = state.game.invariants(state)
    if not isinstance(broken, list):
        raise _fail(state, f"invariants() must return a list of sentences, not {type(broken).__name__}")
    if broken:
        raise _fail(state, "invariant broken: " + "; ".join(str(b) for b in broken))


# --- 2. legal actions ---------------------------------------------------------------------------

def check_legal_actions(state: State) -> None:
    """Pending players are unique factions in play; each has a non-empty list of unique
    actions with unique labels, all its own, and no more of them than the declared
    ``max_actions``; listing them changes nothing, and a clone lists the same actions."""
    now = engine.pending(state)
    players = now.players
    if not isinstance(players, tuple):
        raise _fail(state, f"pending().players must be a tuple, not {type(players).__name__}")
    if len(set(players)) != len(players):
        raise _fail(state, f"pending players repeat: {players}")
    strangers = [p for p in players if p not in state.factions]
    if strangers:
        raise _fail(state, f"pending players {strangers} are not factions in play {state.factions}")
    copy = engine.clone(state)
    before = state_hash(copy)
    largest = state.game.info.max_actions
    for player in players:
        actions = engine.legal_actions(state, player)
        if not actions:
            raise _fail(state, f"{player} must decide ({now.kind}) but has no legal action (a dead end)")
        if len(actions) > largest:
            raise _fail(state, f"{player} is offered {len(actions)} actions ({now.kind}), more than the declared max_actions={largest}")
        labels: set[str] = set()
        seen: set[Action] = set()
        for action in actions:
            if not isinstance(action, Action):
                raise _fail(state, f"legal_actions({player}) holds {action!r}, which is not a banneret.Action")
            if action.player != player:
                raise _fail(state, f"legal_actions({player}) offers {action.label!r} belonging to {action.player!r}")
            if not isinstance(action.label, str) or not action.label.strip():
                raise _fail(state, f"{player} is offered an action with an empty or non-text label: {action!r}")
            try:
                hash(action)
            except TypeError:
                raise _fail(state, f"action {action.label!r} of {player} is not hashable (args must be hashable)") from None
            if action in seen:
                raise _fail(state, f"{player} is offered the action {action.label!r} twice")
            if action.label in labels:
                raise _fail(state, f"{player} is offered two actions labelled {action.label!r}")
            seen.add(action)
            labels.add(action.label)
        fresh = engine.legal_actions(copy, player)
        if state_hash(copy) != before:
            raise _fail(state, f"listing the legal actions of {player} changed the state")
        if fresh != actions:
            raise _fail(
                state,
                f"a clone offers {player} different actions: {_first_difference([a.label for a in actions], [a.label for a in fresh])} "
                "(labels must not depend on identity, call counts or set order)",
            )
    if not players:
        for faction in state.factions:
            if engine.legal_actions(state, faction):
                raise _fail(state, f"the game is over but {faction} is still offered actions")


# --- 3. illegal actions -------------------------------------------------------------------------

def _made_up_label(taken: set[str]) -> str:
    label = "no such action (banneret.testing)"
    while label in taken:
        label += "!"
    return label


def _illegal_attempts(state: State, stale: Iterable[Action]) -> list[tuple[str, Any, type[ActionError]]]:
    now = engine.pending(state)
    attempts: list[tuple[str, Any, type[ActionError]]] = []
    some: Action | None = None
    if not now.players:
        for faction in state.factions:
            attempts.append((f"an action of {faction} after the game ended", Action(faction, "pass"), GameOverError))
    else:
        for player in now.players:
            legal = engine.legal_actions(state, player)
            labels = {a.label for a in legal}
            attempts.append((f"a made-up action of {player}", Action(player, _made_up_label(labels)), IllegalActionError))
            if legal:
                some = legal[0]
                tampered = some._replace(args=("tampered by banneret.testing",))
                if tampered not in legal:
                    attempts.append((f"{some.label!r} with altered args", tampered, IllegalActionError))
        waiting = [f for f in state.factions if f not in now.players]
        if some is not None and waiting:
            attempts.append((f"{some.label!r} claimed by {waiting[0]}, who is not deciding", some._replace(player=waiting[0]), NotYourTurnError))
        attempts.append(("an action of a player not in the game", Action("nobody (banneret.testing)", "pass"), NotYourTurnError))
        for old in stale:
            if old.player in now.players:
                if old not in engine.legal_actions(state, old.player):
                    attempts.append((f"{old.label!r} of {old.player} from an earlier step", old, IllegalActionError))
            elif old.player in state.factions:
                attempts.append((f"{old.label!r} of {old.player} from an earlier step", old, NotYourTurnError))
    attempts.append(("a plain tuple", tuple(some) if some is not None else (state.factions[0], "pass"), MalformedActionError))
    attempts.append(("a label as text", some.label if some is not None else "pass", MalformedActionError))
    attempts.append(("None", None, MalformedActionError))
    return attempts


def check_illegal_actions_refused(state: State, stale: Iterable[Action] = ()) -> None:
    """Illegal actions (a made-up label, altered args, another player's action, an action
    from an earlier step, after the game ended, or not an Action at all) are refused with the
    right :mod:`banneret.errors` class and a message, and leave the hash and every view as
    they were. Works on a clone with fresh caches, so a plugin whose ``pending``,
    ``legal_actions`` or ``view`` writes to the state is caught."""
    attempts = _illegal_attempts(state, stale)
    copy = engine.clone(state)
    before = state_hash(copy)
    watchers = (*copy.factions, None)
    views = {p: engine.view(copy, p) for p in watchers}
    if state_hash(copy) != before:
        raise _fail(state, "looking at the views changed the state (view() must only read)")
    for what, obj, expected in attempts:
        try:
            engine.apply(copy, obj)
        except ActionError as exc:
            if not isinstance(exc, expected):
                raise _fail(state, f"{what} was refused with {type(exc).__name__} ({exc}), expected {expected.__name__}") from None
            if not str(exc).strip():
                raise _fail(state, f"{what} was refused with an empty message") from None
        except Exception as exc:
            raise _fail(state, f"{what} raised {type(exc).__name__}: {exc}; expected {expected.__name__}") from exc
        else:
            raise _fail(state, f"{what} was accepted: {obj!r}")
        if state_hash(copy) != before:
            raise _fail(state, f"refusing {what} changed the state (does pending() or legal_actions() write to it?)")
    for p in watchers:
        seen = engine.view(copy, p)
        if seen != views[p]:
            raise _fail(state, f"refusing illegal actions changed the view of {p}: {_first_difference(views[p], seen)}")


# --- 4. save and load ---------------------------------------------------------------------------

def check_save_round_trip(state: State, hashes: Sequence[str] | None = None, registry: Registry | None = None) -> None:
    """``to_record``, JSON text, then ``from_record`` gives a state with
    the same hash and record. ``hashes`` (after set-up and after each step, as recorded by a
    walk) spare the replay ``to_record`` would otherwise do; loading checks them."""
    reg = registry or state.registry
    per_step = list(hashes[1:]) if hashes is not None else None
    if per_step is not None and len(per_step) != state.step:
        raise ValueError(f"{len(per_step) + 1} hashes given for a state at step {state.step}")
    try:
        record = to_record(state, per_step)
        text = json.dumps(record)
    except SaveError as exc:
        raise _fail(state, f"the game cannot be saved: {exc}") from None
    except (TypeError, ValueError) as exc:
        raise _fail(state, f"the save record is not JSON: {exc}") from None
    want = state_hash(state)
    for how, rec in (("through JSON text", json.loads(text)),):
        try:
            loaded = from_record(rec, registry=reg)
        except SaveError as exc:
            raise _fail(state, f"the save does not load back ({how}): {exc}") from None
        if state_hash(loaded) != want:
            raise _fail(state, f"the save loads back ({how}) to a different state")
        if loaded.record != state.record:
            raise _fail(state, f"the save loads back ({how}) with a different record")


# --- 4b. actions outside the sequence of play -----------------------------------------------------

def offers_free_actions(game: Any) -> bool:
    """Whether the game's rules class offers actions outside the sequence of play at all."""
    from banneret.game import Game

    return type(game).free_actions is not Game.free_actions


def check_free_actions(state: State, rng: Rng, registry: Registry | None = None, round_trip: bool = False) -> None:
    """One of the actions outside the sequence of play on offer now (any faction's, drawn
    with ``rng``), taken on a copy: the same players decide afterwards, each with legal
    actions, the invariants hold, also after one of the decision's actions drawn next, the
    original is untouched, and (``round_trip``) the copy saves and loads back. Nothing to do
    when none is offered."""
    offered = [a for f in state.factions for a in engine.free_actions(state, f)]
    if not offered:
        return
    labels = [(a.player, a.label) for a in offered]
    if len(set(labels)) != len(labels):
        raise _fail(state, f"free actions repeat a player's label: {labels}")
    action = offered[rng.below(len(offered))]
    before, want = engine.pending(state).players, state_hash(state)
    copy = state.clone()
    engine.apply(copy, action)
    if state_hash(state) != want:
        raise _fail(state, f"{possessive(action.player)} free action {action.label!r} on a copy changed the original")
    if engine.pending(copy).players != before:
        raise _fail(copy, f"{possessive(action.player)} free action {action.label!r} changed who decides "
                          f"({before} -> {engine.pending(copy).players})")
    check_legal_actions(copy)
    check_invariants(copy)
    # a menu left as it was before the action (not worked out again) shows when it is played
    player = before[rng.below(len(before))]
    menu = engine.legal_actions(copy, player)
    engine.apply(copy, menu[rng.below(len(menu))])
    check_invariants(copy)
    if round_trip:
        check_save_round_trip(copy, None, registry)


# --- 5. replay ------------------------------------------------------------------------------------

def check_replay(state: State, hashes: Sequence[str], registry: Registry | None = None) -> None:
    """Replaying the seed and the record reproduces ``hashes`` (after set-up and after
    every step, as recorded while playing) and the final hash."""
    if len(hashes) != state.step + 1:
        raise ValueError(f"{len(hashes)} hashes given for a state at step {state.step} (need one more than steps)")
    if hashes[-1] != state_hash(state):
        raise _fail(state, "the last recorded hash is not the state's hash")
    reg = registry or state.registry
    for i, replayed in enumerate(_replay(setup_of(state), state.record, reg)):
        got = state_hash(replayed)
        if got != hashes[i]:
            after = "set-up" if i == 0 else f"step {i} ({state.record[i - 1][0]}: {state.record[i - 1][1]!r})"
            raise _fail(
                state,
                f"replay from seed {state.seed} drifts after {after}: hash {got} instead of {hashes[i]} "
                "(does the game use the global random, a set's order, or state outside the State?)",
            )


# --- 6. undo --------------------------------------------------------------------------------------

def check_undo_equals_replay(match: Match, action: Action, replay: bool = True) -> bool:
    """Play ``action`` in ``match`` (a human seat); if undo is then offered, undo must give
    back the state before it (hash and record) and, with ``replay``, equal replaying the
    record without it; the action is then played again and must give the same state.
    Undo must not be offered after a die roll or a reveal. Returns whether undo was tested."""
    state = match.state
    before, record = state_hash(state), list(state.record)
    counter = state.rng.counter
    with legal_move(state, action):
        events = match.play(action)
    after = state_hash(match.state)
    if not match.can_undo(action.player):
        return False
    if match.state.rng.counter != counter:
        raise _fail(match.state, f"undo is offered after {action.label!r}, which drew from the generator")
    if any(e.reveal for e in events):
        raise _fail(match.state, f"undo is offered after {action.label!r}, which revealed hidden facts")
    match.undo(action.player)
    undone = match.state
    if state_hash(undone) != before or undone.record != record:
        raise _fail(undone, f"undoing {action.label!r} does not give back the state before it")
    if replay:
        replayed = None
        for replayed in _replay(setup_of(undone), record, match.registry):
            pass
        assert replayed is not None
        if state_hash(replayed) != before:
            raise _fail(undone, f"undoing {action.label!r} differs from replaying the record without it")
    with legal_move(match.state, action):
        match.play(engine.find_action(match.state, action.player, action.label))
    if state_hash(match.state) != after:
        raise _fail(match.state, f"playing {action.label!r} again after undoing it gives a different state")
    return True


# --- 7. views ---------------------------------------------------------------------------------------

def check_views(state: State, rng: Rng | None = None) -> None:
    """Every view (each faction's and the omniscient one) is JSON-serialisable, and for a
    game with hidden information each faction's whole view (board and log) is the same for
    the real state and a state whose facts hidden from it are resampled."""
    before = state_hash(state)
    views: dict[str | None, dict[str, Any]] = {}
    for p in (*state.factions, None):
        views[p] = engine.view(state, p)
        try:
            json.dumps(views[p], allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise _fail(state, f"the view of {p} is not JSON-serialisable: {exc}") from None
        if state_hash(state) != before:
            raise _fail(state, f"looking at the view of {p} changed the state (view() must only read)")
    rng = rng or Rng(state.seed * 7919 + state.step)
    for p in state.factions:
        other = state.game.resample_hidden(state, p, rng)
        if state_hash(state) != before:
            raise _fail(state, f"resample_hidden(..., {p!r}, ...) changed the real state (it must work on a clone)")
        if other is None:
            continue
        if other is state:
            raise _fail(state, "resample_hidden returned the real state; it must return a clone")
        # a resampled clone keeps the log, so the views are compared with the same log tail
        real, resampled = views[p], engine.view(other, p)
        if real != resampled:
            raise _fail(
                state,
                f"the view of {p} changes when facts hidden from {p} are resampled, so it leaks them: "
                f"{_first_difference(real, resampled)}",
            )


def check_secret_choices(state: State, max_children: int = 8) -> None:
    """In a simultaneous decision, what one player chooses must not show in the view (board
    or log) of another player who is still to choose."""
    now = engine.pending(state)
    if len(now.players) < 2:
        return
    for p in now.players:
        seen: dict[str, tuple[str, dict[str, Any]]] = {}
        for action in engine.legal_actions(state, p)[:max_children]:
            with legal_move(state, action):
                after = engine.child(state, action)
            still = engine.pending(after).players
            for q in now.players:
                if q == p or q not in still:
                    continue
                view = engine.view(after, q, log_tail=None)
                if q not in seen:
                    seen[q] = (action.label, view)
                elif seen[q][1] != view:
                    raise _fail(
                        state,
                        f"in the simultaneous decision {now.kind!r}, {q} can tell {possessive(p)} secret choice: the view after "
                        f"{seen[q][0]!r} and after {action.label!r} differ at {_first_difference(seen[q][1], view)}",
                    )


# --- 8. end and bound -----------------------------------------------------------------------------

def check_ends_within_bound(state: State) -> None:
    """A game over has taken at most ``info.max_decisions`` decisions and has an
    :class:`~banneret.Outcome` naming factions in play (those eliminated never winners and
    ranked below the rest); a game not over has not passed the bound and someone can move
    (no dead end), and no decision goes to an eliminated faction."""
    info = state.game.info
    out = state.game.eliminated(state)
    if set(out) - set(state.factions) or len(set(out)) != len(out):
        raise _fail(state, f"the eliminated factions {list(out)} are not distinct factions in play")
    if engine.is_over(state):
        if state.step > info.max_decisions:
            raise _fail(state, f"the game took {state.step} decisions, more than its declared max_decisions={info.max_decisions}")
        result = engine.outcome(state)
        if not isinstance(result, Outcome):
            raise _fail(state, f"the game is over but outcome() gives {result!r}, not an Outcome")
        if not set(result.winners) <= set(state.factions) or len(set(result.winners)) != len(result.winners):
            raise _fail(state, f"the outcome names winners {result.winners} that are not distinct factions in play")
        if not isinstance(result.reason, str) or not result.reason.strip():
            raise _fail(state, "the outcome gives no reason")
        _check_standings(state, result)
        _check_eliminated_last(state, result, out)
        return
    if state.step >= info.max_decisions:
        raise _fail(
            state,
            f"the game is not over after {state.step} decisions, its declared max_decisions={info.max_decisions} "
            "(an endless loop, or a bound too low)",
        )
    now = engine.pending(state)
    for p in now.players:
        if p in out:
            raise _fail(state, f"{p} must decide ({now.kind}) but is out of the game")
        if not engine.legal_actions(state, p):
            raise _fail(state, f"{p} must decide ({now.kind}) but has no legal action (a dead end)")


def _check_standings(state: State, result: Outcome) -> None:
    """Standings, when given, rank every faction in play once, best first, winners first."""
    if result.ended_by not in (ENDED_BY_RULES, ENDED_BY_CAP):
        raise _fail(state, f"the outcome's ended_by is {result.ended_by!r}, not {ENDED_BY_RULES!r} or {ENDED_BY_CAP!r}")
    if not result.standings:
        return
    factions = [s.faction for s in result.standings]
    if sorted(factions) != sorted(state.factions):
        raise _fail(state, f"the outcome ranks {factions}, not each faction in play {list(state.factions)} once")
    ranks = [s.rank for s in result.standings]
    if ranks[0] != 1 or any(b not in (a, i + 1) for i, (a, b) in enumerate(zip(ranks, ranks[1:]), start=1)):
        raise _fail(state, f"the outcome's ranks {ranks} do not run from 1 in order (equal ranks for ties)")
    if any(s.rank != 1 for s in result.standings if s.faction in result.winners):
        raise _fail(state, "a winner does not rank first in the outcome's standings")


def _check_eliminated_last(state: State, result: Outcome, out: Sequence[str]) -> None:
    """Eliminated factions win nothing and, when standings are given, rank below every
    faction still in the game."""
    if set(out) & set(result.winners):
        raise _fail(state, f"the outcome names eliminated factions {sorted(set(out) & set(result.winners))} among its winners")
    if not result.standings or not out:
        return
    worst_in = max((s.rank for s in result.standings if s.faction not in out), default=0)
    if any(s.rank <= worst_in for s in result.standings if s.faction in out):
        raise _fail(state, "the outcome ranks an eliminated faction level with or above a faction still in the game")


# --- 9. determinism ---------------------------------------------------------------------------------

def trace(setup: Setup, actions: Sequence[tuple[str, str]], registry: Registry | None = None) -> dict[str, Any]:
    """The hashes after each step, the whole omniscient log and the final omniscient view of
    a replay: what must be identical in every process."""
    hashes, state = [], None
    for state in _replay(setup, actions, registry):
        hashes.append(state_hash(state))
    assert state is not None
    return {
        "hashes": hashes,
        "log": [[e.kind, e.text, list(e.only) if e.only else None, e.public, e.reveal] for e in state.log],
        "view": json.loads(json.dumps(engine.view(state, None, log_tail=0))),
    }


def _module_root(module: ModuleType) -> str:
    path = Path(module.__file__ or "").resolve()
    if path.name == "__init__.py":
        path = path.parent
    for _ in module.__name__.split("."):
        path = path.parent
    return str(path)


def _registry_spec(registry: Registry | None) -> dict[str, Any]:
    """How a subprocess rebuilds ``registry``: entry points and/or plugin modules by name."""
    if registry is None:
        return {"entry_points": True, "modules": []}
    entry_points, modules = False, []
    for name, plugin in registry.pm.list_name_plugin():
        if name.startswith((GAME_GROUP + ":", PLUGIN_GROUP + ":")):
            entry_points = True
        elif isinstance(plugin, ModuleType) and getattr(plugin, "__file__", None):
            modules.append([plugin.__name__, _module_root(plugin)])
        else:
            raise ValueError(
                f"plugin {name!r} is not a module, so a subprocess cannot rebuild the registry; "
                "register modules, or run check_determinism with subprocess=False"
            )
    return {"entry_points": entry_points, "modules": modules}


def _subprocess_main() -> None:
    """Entry of the subprocess run by :func:`check_determinism` (spec on stdin, trace out)."""
    import importlib

    from banneret.registry import Registry as _Registry

    spec = json.loads(sys.stdin.read())
    reg_spec = spec["registry"]
    registry: Registry | None = None
    if reg_spec["modules"] or not reg_spec["entry_points"]:
        registry = _Registry(entry_points=reg_spec["entry_points"])
        for name, root in reg_spec["modules"]:
            if root not in sys.path:
                sys.path.insert(0, root)
            registry.register(importlib.import_module(name))
    setup = Setup(**spec["setup"])
    print(json.dumps(trace(setup, [tuple(a) for a in spec["actions"]], registry)))


def _subprocess_trace(setup: Setup, actions: Sequence[tuple[str, str]], registry: Registry | None, hash_seed: int) -> dict[str, Any]:
    spec = {
        "setup": {"game_id": setup.game_id, "seed": setup.seed, "players": setup.players,
                  "scenario": setup.scenario, "options": dict(setup.options)},
        "actions": [list(a) for a in actions],
        "registry": _registry_spec(registry),
    }
    env = dict(os.environ, PYTHONHASHSEED=str(hash_seed))
    code = "from banneret.testing.conformance import _subprocess_main; _subprocess_main()"
    done = subprocess.run(
        [sys.executable, "-c", code], input=json.dumps(spec), env=env, capture_output=True, text=True, timeout=300
    )
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no error output"]
        raise AssertionError(
            f"{setup.describe()}: the replay in a subprocess (PYTHONHASHSEED={hash_seed}) failed: {tail[0]}"
        )
    return json.loads(done.stdout)


def _compare_traces(setup: Setup, a: dict[str, Any], b: dict[str, Any], how: str) -> None:
    for i, (x, y) in enumerate(zip(a["hashes"], b["hashes"])):
        if x != y:
            raise AssertionError(f"{setup.describe()}: {how}, the state hash differs after step {i}")
    if len(a["hashes"]) != len(b["hashes"]):
        raise AssertionError(f"{setup.describe()}: {how}, the replays have different lengths")
    if a["log"] != b["log"]:
        raise AssertionError(f"{setup.describe()}: {how}, the log differs at {_first_difference(a['log'], b['log'])}")
    if a["view"] != b["view"]:
        raise AssertionError(f"{setup.describe()}: {how}, the final view differs at {_first_difference(a['view'], b['view'])}")


def check_determinism(
    setup: Setup,
    actions: Sequence[tuple[str, str]],
    registry: Registry | None = None,
    hash_seeds: Sequence[int] = (0, 1),
    subprocess: bool = True,
) -> None:
    """The same seed and actions give the same hashes, log and final view twice in this
    process and in a fresh process for each ``PYTHONHASHSEED`` in ``hash_seeds`` (so the
    order of a set of strings cannot decide anything)."""
    here = trace(setup, actions, registry)
    _compare_traces(setup, here, trace(setup, actions, registry), "replayed twice in one process")
    if not subprocess:
        return
    for seed in hash_seeds:
        _compare_traces(setup, here, _subprocess_trace(setup, actions, registry, seed),
                        f"replayed in a subprocess with PYTHONHASHSEED={seed}")


# --- 10. clones -----------------------------------------------------------------------------------

def check_clone_independence(state: State, action: Action | None = None) -> None:
    """A clone hashes like its original; applying ``action`` (legal now) to a clone leaves
    the original unchanged, and applying it to a state leaves an earlier clone unchanged."""
    before = state_hash(state)
    copy = engine.clone(state)
    if state_hash(copy) != before:
        raise _fail(state, "a clone hashes differently from its original")
    if action is None:
        return
    with legal_move(state, action):
        engine.apply(copy, action)
    if state_hash(state) != before:
        raise _fail(state, f"applying {action.label!r} to a clone changed the original (does clone() share a mutable part?)")
    moving = engine.clone(state)
    kept = engine.clone(moving)
    with legal_move(state, action):
        engine.apply(moving, action)
    if state_hash(kept) != before:
        raise _fail(state, f"applying {action.label!r} to a state changed a clone taken before (does clone() share a mutable part?)")


# --- 11. nothing shared between games -------------------------------------------------------------

def _final(setup: Setup, script: PlayScript, registry: Registry | None, max_steps: int) -> tuple[str, list[tuple[str, str]]]:
    last = None
    for last in walk(setup, script, registry, max_steps, hashes=False):
        pass
    assert last is not None
    return state_hash(last.state), list(last.state.record)


def _spoil(sequence: Any) -> None:
    """Reverse, then empty, a sequence handed out, if it can be changed at all."""
    for name in ("reverse", "clear"):
        change = getattr(sequence, name, None)
        if change is not None:
            change()


def check_no_shared_sequences(setup: Setup, script: PlayScript, registry: Registry | None = None, max_steps: int = 500) -> None:
    """Legal actions handed out are nobody else's: a game in which every sequence the engine
    returns is reversed and emptied, and every list the game's own ``legal_actions`` returns
    is reversed (once), leaves the next game (seed + 1, same script) playing to the same record and
    hash as before it. Catches a plugin cache or engine cache whose lists leak between games."""
    other = attrs.evolve(setup, seed=setup.seed + 1)
    before = _final(other, script, registry, max_steps)
    reversed_lists: dict[int, list[Action]] = {}  # each list once (twice would undo it); kept alive so ids stay unique
    for step in walk(setup, script, registry, max_steps, hashes=False):
        state = step.state
        if step.action is None:
            break
        for player in engine.pending(state).players:
            own = state.game.legal_actions(state, player)
            if isinstance(own, list) and id(own) not in reversed_lists:
                reversed_lists[id(own)] = own
                own.reverse()
            _spoil(engine.legal_actions(state, player))
    after = _final(other, script, registry, max_steps)
    if after != before:
        where = next((i for i, (a, b) in enumerate(zip(before[1], after[1])) if a != b), min(len(before[1]), len(after[1])))
        raise AssertionError(
            f"{other.describe()}: after another game changed the sequences it was handed, this game plays "
            f"differently from step {where} (a list kept by the engine or a cache leaks between games)"
        )


# --- 12. agents see what their seat may know -------------------------------------------------------

def check_agents_blind(state: State, rng: Rng | None = None, registry: Registry | None = None) -> None:
    """Every agent the game offers, freshly seeded, makes the same choice for a deciding
    seat when the facts hidden from that seat are resampled (``Game.resample_hidden``): an
    agent decides from what its seat may know. A factory with a ``probe`` attribute (a search
    agent) is checked through it: the same agent at a budget small enough for every step."""
    reg = registry or state.registry
    rng = rng or Rng(state.seed * 7919 + state.step)
    seed = state.seed * 31 + state.step
    for player in engine.pending(state).players:
        other = state.game.resample_hidden(state, player, rng)
        if other is None:
            continue
        for name, factory in reg.agents(state.game_id).items():
            factory = getattr(factory, "probe", factory)  # a search agent at a small budget
            real = factory(state.game_id, player, seed).choose(Seat(state, player))
            redrawn = factory(state.game_id, player, seed).choose(Seat(other, player))
            if real.label != redrawn.label:
                raise _fail(
                    state,
                    f"agent {name!r} of {player} chooses {real.label!r}, but {redrawn.label!r} when the facts hidden "
                    f"from {player} are resampled: it reads what its seat may not know",
                )


# --- 13. the web board ----------------------------------------------------------------------------

def check_board(state: State, rng: Rng | None = None, registry: Registry | None = None) -> None:
    """The game's web board (``banneret_board``, if it draws one), for each faction: one
    well-formed ``<svg>`` element; targets only for actions that faction may take now, each
    naming board things the SVG marks with ``data-target``; and the same drawing when the
    facts hidden from the faction are resampled, since a page must not show them."""
    reg = registry or state.registry or default_registry()
    deciding = engine.pending(state).players
    rng = rng or Rng(state.seed * 7919 + state.step)
    for player in state.factions:
        actions = engine.legal_actions(state, player) if player in deciding else ()
        drawing = draw_board(reg, state, player, actions)
        if drawing is None:
            return
        try:
            root = ElementTree.fromstring(drawing.svg)
        except ElementTree.ParseError as exc:
            raise _fail(state, f"the board drawn for {player} is not well-formed SVG: {exc}") from None
        if root.tag.rsplit("}", 1)[-1] != "svg":
            raise _fail(state, f"the board drawn for {player} is a <{root.tag}>, not an <svg>")
        marked = {e.get("data-target") for e in root.iter() if e.get("data-target") is not None}
        labels = {a.label for a in actions}
        for label, path in drawing.targets.items():
            if label not in labels:
                raise _fail(state, f"the board for {player} has targets for {label!r}, not an action {player} may take now")
            if not path or any(t not in marked for t in path):
                missing = [t for t in path if t not in marked] or ["(empty path)"]
                raise _fail(state, f"the board for {player} leads {label!r} through {missing}, not marked data-target")
        other = state.game.resample_hidden(state, player, rng)
        if other is not None:
            redrawn = draw_board(reg, other, player, engine.legal_actions(other, player) if player in deciding else ())
            if redrawn is None or redrawn.svg != drawing.svg:
                raise _fail(state, f"the board drawn for {player} changes when facts hidden from {player} are resampled")


def draw_board(registry: Registry, state: State, player: str | None, actions: Sequence[Action] = ()) -> "BoardDrawing | None":
    """The board the browser shows ``player`` (``None`` when the game draws none)."""
    view = engine.view(state, player, log_tail=0)
    return registry.board(BoardContext(state.game_id, player, view, tuple(actions)))


# --- the suite ------------------------------------------------------------------------------------

CHECKS: dict[str, str] = {
    "invariants": "the plugin's invariants hold after every step",
    "legal_actions": "legal actions exist, are unique, have unique labels and belong to their player",
    "illegal_actions": "illegal actions are refused with the right error and change nothing",
    "save_round_trip": "save and load (record and JSON text) give the same state",
    "replay": "replay from seed and actions reproduces every step's hash",
    "undo": "undo equals replaying the record without the undone action",
    "views": "views are JSON and do not change when hidden facts are resampled; secret choices stay secret",
    "bound": "games end (no dead end) within the declared max_decisions",
    "determinism": "same seed and actions give the same log and hashes, also under another PYTHONHASHSEED",
    "clone_independence": "applying to a clone leaves the original unchanged, and the reverse",
    "shared_sequences": "changing the legal actions handed out in one game changes nothing in the next",
    "agents": "the game's agents choose the same when facts hidden from their seat are resampled",
    "board": "the web board is well-formed SVG, its targets lead to legal actions, and it hides what the seat may not know",
    "free_actions": "actions outside the sequence of play keep who decides, leave legal actions and the invariants, and save",
}


@attrs.frozen
class ConformanceConfig:
    """What the suite plays and how often it runs the costly checks.

    ``max_steps`` caps each random game. Save round trips and undo-against-replay run at
    every ``sample_every``-th step and at the end (each replays the game so far). The
    per-step checks that look at every view or clone the state (illegal actions, views
    and secret choices, clone independence) run every ``check_every`` steps and at the end:
    raise it for a long game whose steps are slow. Invariants, legal actions and the bound
    are checked at every step.
    """

    game_id: str
    registry: Registry | None = None
    max_steps: int = 500
    options: Mapping[str, Any] = attrs.field(factory=dict)
    players: int | None = None
    scenario: str | None = None
    sample_every: int = 100
    check_every: int = 1
    max_children: int = 8
    hash_seeds: tuple[int, ...] = (0, 1)
    determinism_seed: int = 1
    max_drawn: int = 40

    def setup(self, script: PlayScript) -> Setup:
        return resolve_setup(self.game_id, script, self.registry, self.options, self.players, self.scenario)


def run_check(config: ConformanceConfig, name: str, script: PlayScript = PlayScript()) -> None:
    """Play ``script`` under ``config`` and run the check ``name`` (a key of :data:`CHECKS`)."""
    if name not in CHECKS:
        raise ValueError(f"no conformance check {name!r} (checks: {', '.join(CHECKS)})")
    setup = config.setup(script)
    reg = config.registry
    if name == "undo":
        _run_undo(config, setup, script)
        return
    if name == "shared_sequences":
        check_no_shared_sequences(setup, script, reg, config.max_steps)
        return
    if name == "determinism":
        final = None
        for final in walk(setup, script, reg, config.max_steps, hashes=False):
            pass
        assert final is not None
        check_determinism(setup, final.state.record, reg, config.hash_seeds)
        return
    if name == "free_actions" and not offers_free_actions((reg or default_registry()).game(config.game_id)):
        return  # the game offers none: nothing to play for
    stale: tuple[Action, ...] = ()
    every, often = max(1, config.sample_every), max(1, config.check_every)
    hashes = name in ("save_round_trip", "replay")
    for step in walk(setup, script, reg, config.max_steps, hashes=hashes):
        state, last = step.state, step.action is None
        sampled = last or step.index % every == 0
        checked = last or step.index % often == 0
        if name == "invariants":
            check_invariants(state)
        elif name == "legal_actions":
            check_legal_actions(state)
        elif name == "illegal_actions":
            if checked:
                check_illegal_actions_refused(state, stale)
                stale = tuple(a for p in engine.pending(state).players for a in engine.legal_actions(state, p)[:2])
        elif name == "clone_independence":
            if checked:
                check_clone_independence(state, step.action)
        elif name == "agents":
            if checked:
                check_agents_blind(state, Rng(state.seed + step.index), reg)
        elif name == "board":
            if checked:
                check_board(state, Rng(state.seed + step.index), reg)
        elif name == "free_actions":
            if checked:
                check_free_actions(state, Rng(state.seed + step.index), reg, round_trip=sampled)
        elif name == "views":
            if checked:
                check_views(state, Rng(state.seed + step.index))
                check_secret_choices(state, config.max_children)
        elif name == "save_round_trip":
            if sampled:
                check_save_round_trip(state, step.hashes, reg)
        elif name == "replay":
            if last:
                check_replay(state, step.hashes, reg)
        elif name == "bound":
            if last:
                check_ends_within_bound(state)


def _run_undo(config: ConformanceConfig, setup: Setup, script: PlayScript) -> None:
    state = setup.new_game(config.registry)
    state.seats = {f: "human" for f in state.factions}
    match = Match(state, config.registry or state.registry)
    chooser = script.chooser()
    every = max(1, config.sample_every)
    index = 0
    while index < config.max_steps and not match.is_over():
        action = chooser.choose(match.state)
        check_undo_equals_replay(match, action, replay=index % every == 0)
        index += 1


def _given_scripts(config: ConformanceConfig, name: str) -> Callable[[], None]:
    @given(script=scripts(config.max_drawn))
    def run(script: PlayScript) -> None:
        run_check(config, name, script)

    return run


def run_conformance(game_id: str, registry: Registry | None = None, checks: Iterable[str] | None = None, **settings: Any) -> None:
    """Run every check (or those named in ``checks``) on random games of ``game_id``, in one
    call: the number of games comes from the hypothesis profile; determinism runs once on a
    single seeded game. ``settings`` are :class:`ConformanceConfig` fields."""
    config = ConformanceConfig(game_id, registry, **settings)
    for name in checks or CHECKS:
        if name == "determinism":
            run_check(config, name, PlayScript(seed=config.determinism_seed, agent_seed=config.determinism_seed))
        else:
            _given_scripts(config, name)()


_SUITE_TESTS: dict[str, tuple[str, str]] = {
    "test_invariants": ("invariants", "The plugin's invariants hold after every step."),
    "test_legal_actions": ("legal_actions", "Legal actions exist for each pending player, unique, with unique labels."),
    "test_illegal_actions_refused": ("illegal_actions", "Illegal actions are refused with the right error and change nothing."),
    "test_save_round_trip": ("save_round_trip", "Saving and loading gives the same state."),
    "test_replay": ("replay", "Replay from seed and actions reproduces every step's hash."),
    "test_undo_equals_replay": ("undo", "Undo gives the state that replaying without the undone action gives."),
    "test_views_leak_nothing": ("views", "Views are JSON and do not change when hidden facts are resampled."),
    "test_games_end_within_bound": ("bound", "Random games reach the end or the step cap within max_decisions."),
    "test_clone_independence": ("clone_independence", "Applying to a clone leaves the original unchanged."),
    "test_no_shared_sequences": ("shared_sequences", "Changing handed-out legal actions changes nothing in the next game."),
    "test_agents_see_only_their_seat": ("agents", "Agents choose the same when hidden facts are resampled."),
    "test_board_drawn_from_the_view": ("board", "The web board is well-formed, leads to legal actions and hides what the seat may not know."),
    "test_free_actions": ("free_actions", "Actions outside the sequence of play keep who decides, the menus and the invariants."),
}


def _suite_test(cls: type, test_name: str, check: str, doc: str) -> Callable[..., None]:
    def test(self: "ConformanceSuite", script: PlayScript) -> None:
        self._check(check, script)

    test.__name__ = test_name
    test.__qualname__ = f"{cls.__qualname__}.{test_name}"
    test.__module__ = cls.__module__
    test.__doc__ = doc
    return given(script=scripts(getattr(cls, "max_drawn", 40)))(test)


class ConformanceSuite:
    """Subclass as ``TestSomething`` and set ``game_id`` (and any other
    :class:`ConformanceConfig` field as a class attribute); pytest collects one test per
    check (made for each subclass: ``test_invariants``, ``test_legal_actions``,
    ``test_illegal_actions_refused``, ``test_save_round_trip``, ``test_replay``,
    ``test_undo_equals_replay``, ``test_views_leak_nothing``,
    ``test_games_end_within_bound``, ``test_clone_independence``, ``test_no_shared_sequences``,
    ``test_agents_see_only_their_seat``, ``test_board_drawn_from_the_view``, ``test_free_actions``,
    ``test_determinism``). Set ``skip_checks`` to a tuple
    of check names to leave out, with a reason in a comment."""

    game_id: ClassVar[str] = ""
    registry: ClassVar[Registry | None] = None
    max_steps: ClassVar[int] = 500
    options: ClassVar[Mapping[str, Any]] = {}
    players: ClassVar[int | None] = None
    scenario: ClassVar[str | None] = None
    sample_every: ClassVar[int] = 100
    check_every: ClassVar[int] = 1
    max_children: ClassVar[int] = 8
    hash_seeds: ClassVar[tuple[int, ...]] = (0, 1)
    determinism_seed: ClassVar[int] = 1
    skip_checks: ClassVar[tuple[str, ...]] = ()

    max_drawn: ClassVar[int] = 40

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Each subclass gets its own hypothesis-driven test functions (one per check), so
        # hypothesis sees one test per game rather than one shared by all.
        super().__init_subclass__(**kwargs)
        for test_name, (check, doc) in _SUITE_TESTS.items():
            if test_name not in cls.__dict__:
                setattr(cls, test_name, _suite_test(cls, test_name, check, doc))

    def conformance_config(self) -> ConformanceConfig:
        if not self.game_id:
            raise TypeError(f"{type(self).__name__} must set game_id")
        return ConformanceConfig(
            self.game_id, self.registry, max_steps=self.max_steps, options=dict(self.options), players=self.players,
            scenario=self.scenario, sample_every=self.sample_every, check_every=self.check_every,
            max_children=self.max_children, hash_seeds=tuple(self.hash_seeds),
            determinism_seed=self.determinism_seed, max_drawn=self.max_drawn,
        )

    def _check(self, name: str, script: PlayScript) -> None:
        if name in self.skip_checks:
            import pytest

            pytest.skip(f"{self.game_id}: check {name!r} is skipped by the suite's skip_checks")
        run_check(self.conformance_config(), name, script)

    def test_determinism(self) -> None:
        """One seeded game replays identically here and under other PYTHONHASHSEED values."""
        seed = self.determinism_seed
        self._check("determinism", PlayScript(seed=seed, agent_seed=seed))


def conformance_tests(game_id: str, registry: Registry | None = None, **settings: Any) -> dict[str, type]:
    """A test class running every conformance check on ``game_id``, as a one-entry dict for
    ``globals().update(...)`` in a test module. ``settings``: class attributes of
    :class:`ConformanceSuite` (``max_steps``, ``options``, ``players``, ``skip_checks`` ...)."""
    unknown = set(settings) - {k for k in ConformanceSuite.__annotations__} - {"skip_checks"}
    if unknown:
        raise TypeError(f"unknown conformance settings: {', '.join(sorted(unknown))}")
    name = "TestConformance" + "".join(part.capitalize() for part in game_id.replace("-", "_").split("_"))
    attrs_ = {"game_id": game_id, "registry": registry, "__module__": sys._getframe(1).f_globals.get("__name__", __name__)}
    attrs_.update(settings)
    return {name: type(name, (ConformanceSuite,), attrs_)}
