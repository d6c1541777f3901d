"""The web server's games on disk: an embedded SQLite database.

A game is its set-up, its seats (each with its link's token) and its actions in order, as
Rally the Troops keeps its replay table. The server writes each accepted action, with the
computer moves it triggers, in the transaction that accepts it, so a crash or a restart
loses nothing: on start every game is rebuilt by replaying its actions.

The primary key (game, step) means a step can be written once: two requests racing for one
decision cannot both be stored.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterator, Sequence

import attrs

__all__ = ["Store", "StoredGame", "SeatRow"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,          -- JSON: game, scenario, options, players, seed, seats
    creator TEXT NOT NULL UNIQUE, -- the creator's token
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    faction TEXT NOT NULL,
    owner TEXT NOT NULL,          -- 'creator' (played in the creator's browser), 'link' or 'computer'
    token TEXT UNIQUE,            -- a link seat's own token
    PRIMARY KEY (game_id, faction)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    step INTEGER NOT NULL,        -- 1 for the first action
    player TEXT NOT NULL,
    label TEXT NOT NULL,
    PRIMARY KEY (game_id, step)
);
"""


@attrs.frozen
class SeatRow:
    faction: str
    owner: str
    token: str | None


@attrs.frozen
class StoredGame:
    id: str
    setup: dict[str, Any]
    creator: str
    seats: tuple[SeatRow, ...]
    actions: tuple[tuple[str, str], ...]


class Store:
    """The database of one server. Thread-safe: one connection, one lock."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA foreign_keys = ON")
            if self.path != ":memory:":
                # WAL with synchronous=NORMAL: a committed move survives a crash or a kill of
                # the server (only a power cut may lose the last moments), without an fsync per move
                self._db.execute("PRAGMA journal_mode = WAL")
                self._db.execute("PRAGMA synchronous = NORMAL")
            self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _transaction(self, work: Any) -> Any:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                result = work(self._db)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return result

    def create(self, game_id: str, setup: dict[str, Any], creator: str, seats: Sequence[SeatRow],
               actions: Sequence[tuple[str, str]] = ()) -> None:
        """Store a new game (an imported one comes with its actions), all or nothing."""
        def work(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO games VALUES (?, ?, ?, ?)", (game_id, json.dumps(setup), creator, time.time()))
            db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?)",
                           [(game_id, s.faction, s.owner, s.token) for s in seats])
            self._insert(db, game_id, 0, actions)
        self._transaction(work)

    def append(self, game_id: str, after: int, new: Sequence[tuple[str, str]]) -> None:
        """Store ``new`` as the actions after the first ``after``, in one transaction: an
        accepted move and the computer moves after it. Raises ``sqlite3.IntegrityError``,
        storing nothing, if another request already stored one of these steps."""
        self._transaction(lambda db: self._insert(db, game_id, after, new))

    def rewrite(self, game_id: str, kept: int, new: Sequence[tuple[str, str]]) -> None:
        """Keep the first ``kept`` actions and replace the rest with ``new`` (an undo)."""
        def work(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM actions WHERE game_id = ? AND step > ?", (game_id, kept))
            self._insert(db, game_id, kept, new)
        self._transaction(work)

    @staticmethod
    def _insert(db: sqlite3.Connection, game_id: str, after: int, new: Sequence[tuple[str, str]]) -> None:
        db.executemany("INSERT INTO actions VALUES (?, ?, ?, ?)",
                       [(game_id, i, p, label) for i, (p, label) in enumerate(new, start=after + 1)])

    def games(self) -> Iterator[StoredGame]:
        """Every stored game, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT id, setup, creator FROM games ORDER BY created, id").fetchall()
            seats = self._db.execute("SELECT game_id, faction, owner, token FROM seats").fetchall()
            actions = self._db.execute("SELECT game_id, player, label FROM actions ORDER BY game_id, step").fetchall()
        by_game_seats: dict[str, list[SeatRow]] = {}
        for game_id, faction, owner, token in seats:
            by_game_seats.setdefault(game_id, []).append(SeatRow(faction, owner, token))
        by_game_actions: dict[str, list[tuple[str, str]]] = {}
        for game_id, player, label in actions:
            by_game_actions.setdefault(game_id, []).append((player, label))
        for game_id, setup, creator in rows:
            yield StoredGame(game_id, json.loads(setup), creator, tuple(by_game_seats.get(game_id, ())),
                             tuple(by_game_actions.get(game_id, ())))

    def delete(self, game_id: str) -> None:
        self._transaction(lambda db: db.execute("DELETE FROM games WHERE id = ?", (game_id,)))
