"""Saved games: the canonical record (setup + actions), with a state hash after each step.

A save file is JSON, never pickle: loading it replays the actions from the seed, so the
state it gives is exactly what was played, and a save written before a rule fix can be
migrated by replaying it (:func:`migrate`). Every way a file can be wrong (not JSON, not
ours, a newer format, an unknown game, an action that no longer applies) is one
:class:`~banneret.errors.SaveError` with one clear sentence.

A save written by another version of the game, or whose hashes no longer match because the
rules or the state's identity changed, still loads with :func:`load` as long as every
action replays: :func:`load` then issues one :class:`SaveNotice` (a warning, shown as one
line by the ``banneret`` command) instead of failing. :func:`from_record` stays strict
unless given a ``notice`` callback: the test kit uses it to check exact round trips.
"""

from __future__ import annotations

import contextlib
import json
import warnings
from pathlib import Path
from typing import Any, Callable, Iterator

import attrs

from banneret.canonical import state_hash
from banneret.engine import apply, find_action, is_over, new_game, pending
from banneret.errors import BanneretError, SaveError
from banneret.registry import Registry, default_registry
from banneret.state import State
from banneret.words import possessive

__all__ = [
    "FORMAT", "FORMAT_VERSION", "SaveNotice", "Migration", "to_record", "from_record", "save", "load",
    "replay_steps", "migrate_record", "migrate", "check_writable",
]

FORMAT = "banneret-save"
FORMAT_VERSION = 1
MAX_BYTES = 64 * 1024 * 1024


def to_record(state: State, hashes: list[str] | None = None) -> dict[str, Any]:
    """The save record of ``state``; ``hashes`` (one per step) are computed by replay if
    not given."""
    if hashes is None:
        hashes = [h for _, h in replay_steps(setup_of(state), state.record, state.registry)]
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


def setup_of(state: State) -> dict[str, Any]:
    """What a new game needs to start as ``state`` did (replaying its record then gives
    ``state`` back)."""
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


class SaveNotice(UserWarning):
    """A save loaded, but was written by another game version or replays to other hashes."""


def _new_state(setup: dict[str, Any], registry: Registry) -> State:
    if registry.games().get(setup["game"]) is None:
        raise SaveError(f"this save is for the game {setup['game']!r}, which is not installed")
    try:
        return new_game(
            setup["game"], seed=setup["seed"], seats=setup["seats"], options=setup["options"],
            scenario=setup["scenario"], players=setup["players"], registry=registry, observe=False,
        )
    except BanneretError as exc:
        raise SaveError(f"the save's set-up is not accepted: {exc}") from None


def _replay(state: State, actions: list[tuple[str, str]]) -> Iterator[int]:
    """Apply the saved actions in turn, yielding each step's number once it is applied; an
    action that no longer replays is a SaveError naming its step, player, label and why."""
    for i, (player, label) in enumerate(actions, start=1):
        if is_over(state):
            raise SaveError(f"step {i} of the save does not replay: {player} cannot {label!r} now: the game is already over")
        try:
            action = find_action(state, player, label)
        except BanneretError:
            waiting = pending(state).players
            why = "it is not a legal action" if player in waiting else f"it is {possessive(', '.join(waiting))} decision"
            raise SaveError(f"step {i} of the save does not replay: {player} cannot {label!r} now: {why}") from None
        apply(state, action)
        yield i


def from_record(
    record: Any, registry: Registry | None = None, check_hashes: bool = True,
    notice: Callable[[str], None] | None = None,
) -> State:
    """Validate a save record and replay it into a state.

    A hash that differs from the saved one is a SaveError, unless ``notice`` is given: then
    a save that replays (written by another game version, or before the rules or the
    state's identity changed) loads, and ``notice`` receives one sentence saying so."""
    reg = registry or default_registry()
    setup, actions, hashes, final = _validate(record)
    state = _new_state(setup, reg)
    saved_version = record.get("game_version")
    drift: str | None = None  # where the replay first differs from the saved hashes
    for i in _replay(state, actions):
        expected = hashes[i - 1]
        if check_hashes and drift is None and expected is not None and state_hash(state) != expected:
            drift = f"from step {i} on"
            if notice is None:
                raise SaveError(
                    f"step {i} of the save replays to a different state than was saved "
                    f"(the file was edited, or the rules changed since version {saved_version})"
                )
    if check_hashes and drift is None and final is not None and state_hash(state) != final:
        drift = "at its end"
        if notice is None:
            raise SaveError("the saved game replays to a different final state than was saved")
    current = state.game.info.version
    if notice is not None and saved_version == current and drift is not None:
        notice(
            f"this save replays to other states than it recorded {drift}, under the same version of "
            f"{state.game_id} ({current}): the file was edited, or the rules changed without a new version; "
            "banneret migrate FILE records the states it gives now"
        )
    elif notice is not None and (drift is not None or saved_version != current):
        written = f"{state.game_id} {saved_version}" if isinstance(saved_version, str) else "an unknown version"
        how = f"replays to other states {drift}" if drift is not None else "replays the same"
        notice(
            f"this save was written by {written} and {how} under {state.game_id} {current}; "
            "banneret migrate FILE brings it up to date"
        )
    # observers see the game go on from here, not the replay of moves already made
    state.observers = reg.pm.hook if reg.has_observers() else None
    return state


_KIND_WORDS: dict[type, str] = {str: "a text", int: "a whole number", dict: "an object"}
"""How a save file's field types are named in its error messages."""


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
            raise SaveError(f"the save file's {name!r} is missing or not {_KIND_WORDS[kind]}")
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


def _temporary(path: str | Path) -> tuple[Path, Path]:
    """The file a save goes to and the temporary file written first beside it; a folder is
    no place for a save (its temporary file would land beside the folder)."""
    target = Path(path)
    if target.is_dir():
        raise SaveError(f"cannot write {target}: it is a folder")
    return target, target.with_name(target.name + ".tmp")


def _write(record: dict[str, Any], path: str | Path) -> None:
    """Write a record whole, then rename it into place: never half a file, and no
    temporary file left behind when writing fails."""
    target, tmp = _temporary(path)
    try:
        tmp.write_text(json.dumps(record, indent=1), encoding="utf-8")
        tmp.replace(target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise SaveError(f"cannot write {target}: {exc.strerror or exc}") from None


def check_writable(path: str | Path) -> None:
    """Raise SaveError now if a save to ``path`` could not be written (checked by writing and
    removing the temporary file a save writes first), so a player learns it before the game,
    not after it."""
    target, tmp = _temporary(path)
    try:
        tmp.write_text("", encoding="utf-8")
        tmp.unlink()
    except OSError as exc:
        raise SaveError(f"cannot write {target}: {exc.strerror or exc}") from None


def _read(path: str | Path) -> Any:
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
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise SaveError(f"{target} is not valid JSON (truncated or damaged?)") from None


def save(state: State, path: str | Path) -> None:
    """Write ``state`` as a save file (written whole, then renamed: never half a file)."""
    _write(to_record(state), path)


def _warn(text: str) -> None:
    warnings.warn(text, SaveNotice, stacklevel=5)  # points at the caller of load()


def load(path: str | Path, registry: Registry | None = None, notice: Callable[[str], None] = _warn) -> State:
    """Read and replay a save file. One written by another game version, or whose hashes
    no longer match, loads when every action still replays: ``notice`` (default: a
    :class:`SaveNotice` warning) gets one line naming the file."""
    return from_record(_read(path), registry, notice=lambda text: notice(f"{path}: {text}"))


@attrs.frozen
class Migration:
    """What :func:`migrate_record` did: the rewritten record and how it differs."""

    record: dict[str, Any]
    steps: int
    old_version: str | None
    new_version: str
    first_changed: int | None
    """The first step whose hash changed (``None``: every hash was already current)."""

    def summary(self) -> str:
        """One line for people."""
        game = self.record["game"]
        steps = f"{self.steps} step{'' if self.steps == 1 else 's'} replayed"
        versions = f"{game} {self.old_version} -> {self.new_version}" if self.old_version != self.new_version else f"{game} {self.new_version}"
        if self.first_changed is None:
            return f"{steps} ({versions}); every hash was already current"
        return f"{steps} ({versions}); hashes rewritten from step {self.first_changed} on"


def migrate_record(record: Any, registry: Registry | None = None) -> Migration:
    """Replay a save record under the current rules and rebuild it with fresh hashes and
    the current game version. A step that no longer replays is a SaveError naming the step,
    its player, its action and why; the record is then left as it was."""
    reg = registry or default_registry()
    setup, actions, hashes, final = _validate(record)
    state = _new_state(setup, reg)
    fresh = [state_hash(state) for _ in _replay(state, actions)]
    changed = [i for i, (old, new) in enumerate(zip(hashes, fresh), start=1) if old != new]
    if not changed and final != state_hash(state):
        changed = [len(actions)]
    old_version = record.get("game_version")
    return Migration(
        to_record(state, fresh), len(actions), old_version if isinstance(old_version, str) else None,
        state.game.info.version, changed[0] if changed else None,
    )


def migrate(path: str | Path, out: str | Path | None = None, registry: Registry | None = None) -> Migration:
    """Migrate the save file ``path`` (see :func:`migrate_record`) and write it to ``out``
    (default: over ``path``). Nothing is written when a step does not replay."""
    migration = migrate_record(_read(path), registry)
    _write(migration.record, out if out is not None else path)
    return migration
