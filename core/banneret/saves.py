"""Saved games: the canonical record (setup + actions), with a state hash after each step.

A save file is JSON, never pickle: loading it replays the actions from the seed, so the
state it gives is exactly what was played, and a save written before a rule fix can be
migrated by replaying it. Every way a file can be wrong (not JSON, not ours, a newer
format, an unknown game, an action that no longer applies, a drifting hash) is one
:class:`~banneret.errors.SaveError` with one clear sentence.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from banneret.canonical import state_hash
from banneret.engine import apply, find_action, new_game
from banneret.errors import BanneretError, SaveError
from banneret.registry import Registry, default_registry
from banneret.state import State

__all__ = ["FORMAT", "FORMAT_VERSION", "to_record", "from_record", "save", "load", "replay_steps"]

FORMAT = "banneret-save"
FORMAT_VERSION = 1
MAX_BYTES = 64 * 1024 * 1024


def to_record(state: State, hashes: list[str] | None = None) -> dict[str, Any]:
    """The save record of ``state``; ``hashes`` (one per step) are computed by replay if
    not given."""
    if hashes is None:
        hashes = [h for _, h in replay_steps(_setup_of(state), state.record, state.registry)]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": state.game_id,
        "game_version": state.game.info.version,
        "scenario": state.scenario,
        "options": dict(state.options),
        "players": len(state.factions),
        "seed": state.seed,
        "seats": dict(state.seats),
        "actions": [
            {"player": player, "action": label, "hash": h}
            for (player, label), h in zip(state.record, hashes)
        ],
        "final_hash": state_hash(state),
    }


def _setup_of(state: State) -> dict[str, Any]:
    return {
        "game": state.game_id,
        "scenario": state.scenario,
        "options": dict(state.options),
        "players": len(state.factions),
        "seed": state.seed,
        "seats": dict(state.seats),
    }


def replay_steps(setup: dict[str, Any], actions: list[tuple[str, str]], registry: Registry | None = None):
    """Yield ``(state, hash)`` after each action replayed from ``setup`` (the state is
    shared and moves on: clone it to keep one)."""
    state = new_game(
        setup["game"], seed=setup["seed"], seats=setup.get("seats"), options=setup.get("options"),
        scenario=setup.get("scenario"), players=setup.get("players"), registry=registry, observe=False,
    )
    for player, label in actions:
        apply(state, find_action(state, player, label))
        yield state, state_hash(state)


def from_record(record: Any, registry: Registry | None = None, check_hashes: bool = True) -> State:
    """Validate a save record and replay it into a state."""
    reg = registry or default_registry()
    setup, actions, hashes, final = _validate(record)
    game = reg.games().get(setup["game"])
    if game is None:
        raise SaveError(f"this save is for the game {setup['game']!r}, which is not installed")
    try:
        state = new_game(
            setup["game"], seed=setup["seed"], seats=setup["seats"], options=setup["options"],
            scenario=setup["scenario"], players=setup["players"], registry=reg, observe=False,
        )
    except BanneretError as exc:
        raise SaveError(f"the save's set-up is not accepted: {exc}") from None
    for i, ((player, label), expected) in enumerate(zip(actions, hashes), start=1):
        try:
            apply(state, find_action(state, player, label))
        except BanneretError as exc:
            raise SaveError(f"step {i} of the save does not replay: {exc}") from None
        if check_hashes and expected is not None and state_hash(state) != expected:
            raise SaveError(
                f"step {i} of the save replays to a different state than was saved "
                f"(the file was edited, or the rules changed since version {record.get('game_version')})"
            )
    if check_hashes and final is not None and state_hash(state) != final:
        raise SaveError("the saved game replays to a different final state than was saved")
    # observers see the game go on from here, not the replay of moves already made
    state.observers = reg.pm.hook if reg.has_observers() else None
    return state


def _validate(record: Any) -> tuple[dict[str, Any], list[tuple[str, str]], list[str | None], str | None]:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise SaveError("this is not a Banneret save file")
    version = record.get("format_version")
    if not isinstance(version, int):
        raise SaveError("the save file has no format version")
    if version > FORMAT_VERSION:
        raise SaveError(f"the save file is format {version}; this Banneret reads format {FORMAT_VERSION} and older")
    fields = {"game": str, "scenario": str, "options": dict, "players": int, "seed": int, "seats": dict}
    setup: dict[str, Any] = {}
    for name, kind in fields.items():
        value = record.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SaveError(f"the save file's {name!r} is missing or not a {kind.__name__}")
        setup[name] = value
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in setup["seats"].items()):
        raise SaveError("the save file's seats must map factions to player kinds")
    raw = record.get("actions")
    if not isinstance(raw, list):
        raise SaveError("the save file has no list of actions")
    actions: list[tuple[str, str]] = []
    hashes: list[str | None] = []
    for i, item in enumerate(raw, start=1):
        if not (isinstance(item, dict) and isinstance(item.get("player"), str) and isinstance(item.get("action"), str)):
            raise SaveError(f"action {i} of the save file is malformed")
        h = item.get("hash")
        if h is not None and not isinstance(h, str):
            raise SaveError(f"action {i} of the save file has a malformed hash")
        actions.append((item["player"], item["action"]))
        hashes.append(h)
    final = record.get("final_hash")
    if final is not None and not isinstance(final, str):
        raise SaveError("the save file's final hash is malformed")
    return setup, actions, hashes, final


def save(state: State, path: str | Path) -> None:
    """Write ``state`` as a save file (written whole, then renamed: never half a file)."""
    target = Path(path)
    text = json.dumps(to_record(state), indent=1)
    tmp = target.with_name(target.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    except OSError as exc:
        raise SaveError(f"cannot write {target}: {exc.strerror or exc}") from None


def load(path: str | Path, registry: Registry | None = None) -> State:
    """Read and replay a save file."""
    target = Path(path)
    try:
        if target.stat().st_size > MAX_BYTES:
            raise SaveError(f"{target} is too large to be a save file")
        text = target.read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(f"cannot read {target}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{target} is not a text file") from None
    try:
        record = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise SaveError(f"{target} is not valid JSON (truncated or damaged?)") from None
    return from_record(record, registry)
