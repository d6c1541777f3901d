"""The games a web server hosts: each at a table with its seats, its links and its lock.

Everything a page may learn passes through :meth:`Table.page`, :meth:`Table.replay` and
:meth:`Table.save_record`, which build it from the views of the factions the page's token
plays, never from the state itself. Every action goes through the engine's legality check,
under the table's lock, and is stored before it is answered.

Who a token belongs to:

- the creator's token plays every seat set up as "a person in this browser" (one seat
  against the computer, or hot-seat with several); the creator also gets the other seats'
  links, and the seed and full record only when nobody else plays (or the game is over);
- a seat link's token plays that one seat and sees only its view.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
from typing import Any, Mapping

import attrs

from banneret import engine
from banneret.boards.drawing import BoardContext
from banneret.errors import BanneretError, UndoError
from banneret.names import pick
from banneret.registry import Registry
from banneret.saves import FORMAT, FORMAT_VERSION, from_record, setup_of, to_record
from banneret.session import Match
from banneret.types import Action
from banneret.web.store import SeatRow, Store, StoredGame
from banneret.words import possessive

__all__ = ["WebError", "Access", "Table", "Tables", "SEAT_HERE", "SEAT_LINK"]

SEAT_HERE = "here"
"""A seat played by a person in the creator's browser."""
SEAT_LINK = "link"
"""A seat played by a person with their own link."""

LOG_LINES = 200
"""How many log entries a page shows."""


class WebError(Exception):
    """A refused request: an HTTP status and a sentence for the person who sent it."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@attrs.frozen
class Access:
    """What a token may do: play ``factions`` (in this order), and, for the creator, see
    the other seats' links."""

    factions: tuple[str, ...]
    creator: bool


def new_token() -> str:
    return secrets.token_urlsafe(18)


class Table:
    """One game: its match, seats, tokens and lock."""

    def __init__(self, table_id: str, match: Match, creator: str, seats: Mapping[str, SeatRow]) -> None:
        self.id = table_id
        self.match = match
        self.creator = creator
        self.seats = dict(seats)
        self.lock = threading.Lock()
        self.setup = setup_of(match.state)
        self.notice: str | None = None
        """What loading its save file said (another game version, other hashes), for its creator."""

    @property
    def state(self) -> Any:
        return self.match.state

    def access(self, token: str) -> Access | None:
        if secrets.compare_digest(token, self.creator):
            return Access(tuple(f for f in self.state.factions if self.seats[f].owner == "creator"), True)
        for faction, seat in self.seats.items():
            if seat.token is not None and secrets.compare_digest(token, seat.token):
                return Access((faction,), False)
        return None

    def shared(self) -> bool:
        """Whether a person with their own link plays here."""
        return any(seat.owner == SEAT_LINK for seat in self.seats.values())

    def sees_everything(self, access: Access) -> bool:
        """The seed and the full record go to the creator only, and only when nobody else
        plays or the game is over."""
        return access.creator and (not self.shared() or engine.is_over(self.state))

    # --- what a page shows ------------------------------------------------------------------

    @staticmethod
    def shown_faction(access: Access, wanted: str | None, deciding: list[str]) -> str | None:
        """The faction whose view a page shows: the one asked for if the token plays it,
        else the first of its factions to decide now, else its first faction."""
        if wanted is not None:
            if wanted not in access.factions:
                raise WebError(403, f"this link does not play {wanted}")
            return wanted
        if deciding:
            return deciding[0]
        return access.factions[0] if access.factions else None

    def deciding(self, access: Access) -> list[str]:
        now = engine.pending(self.state).players
        return [f for f in access.factions if f in now and f not in self.match.computers]

    def page(self, access: Access, wanted: str | None, registry: Registry) -> dict[str, Any]:
        """Everything a page shows, from the view of the faction it shows."""
        state = self.state
        deciding = self.deciding(access)
        faction = self.shown_faction(access, wanted, deciding)
        actions = engine.legal_actions(state, faction) if faction in deciding else ()
        if faction is None:  # a creator who plays no seat: engine.view(None) would show everything
            now, result = engine.pending(state), engine.outcome(state)
            view = {"turn": state.game.turn(state), "log": [], "over": not now.players,
                    "pending": {"players": list(now.players), "kind": now.kind, "prompt": ""},
                    "outcome": None if result is None else result.as_dict()}
        else:
            view = engine.view(state, faction, log_tail=LOG_LINES)
        info = state.game.info
        page: dict[str, Any] = {
            "table": self.id,
            "game": {"id": info.id, "name": info.name, "scenario": state.scenario},
            "you": faction,
            "yours": list(access.factions),
            "creator": access.creator,
            "seats": {f: self._seat_text(f, access) for f in state.factions},
            "step": state.step,
            "turn": view["turn"],
            "pending": view["pending"],
            "deciding": deciding,
            "actions": [{"label": a.label, "kind": a.kind} for a in actions],
            # what this seat may do beside the decision, at any moment (Warrior Knights: gifts)
            "free_actions": [{"label": a.label, "kind": a.kind} for a in self.free_actions(faction)],
            "board": self._board(registry, state, faction, view, actions) if faction is not None else {
                "text": "You play no seat in this game: send each person the link of their seat (beside the seats)."},
            "log": view["log"],
            "over": view["over"],
            "outcome": view["outcome"],
            "notice": self.notice if access.creator else None,
            "can_undo": faction is not None and self.match.can_undo(faction),
            "may_save": self.sees_everything(access),
            "may_replay": self.sees_everything(access),
        }
        if access.creator:
            page["links"] = {f: s.token for f, s in self.seats.items() if s.owner == SEAT_LINK}
        return page

    def free_actions(self, faction: str | None) -> tuple[Action, ...]:
        """The actions outside the sequence of play of a seat a person plays here."""
        if faction is None or faction in self.match.computers:
            return ()
        return engine.free_actions(self.state, faction)

    def _seat_text(self, faction: str, access: Access) -> str:
        seat = self.seats[faction]
        if faction in access.factions:
            return "you"
        if seat.owner == "computer":
            return f"computer ({self.state.seats[faction]})"
        return "a person with their own link" if seat.owner == SEAT_LINK else "a person in the creator's browser"

    @staticmethod
    def _board(registry: Registry, state: Any, faction: str | None, view: dict[str, Any], actions: Any) -> dict[str, Any]:
        drawing = registry.board(BoardContext(state.game_id, faction, view, tuple(actions)))
        if drawing is None:
            return {"text": state.game.render(state, faction)}
        return {"svg": drawing.svg, "targets": {label: list(path) for label, path in drawing.targets.items()}}

    # --- changing the game --------------------------------------------------------------------

    def act(self, access: Access, faction: str, label: str, step: int, store: Store) -> None:
        """Play ``label`` for ``faction`` if it is still the decision the page saw (``step``),
        then let the computer seats move; all of it is stored in one transaction, and
        nothing changes when anything is refused."""
        if faction not in access.factions:
            raise WebError(403, f"this link does not play {faction}")
        with self.lock:
            state = self.state
            if step != state.step:
                raise WebError(409, "the game has moved on since this page was drawn; it shows the new position now")
            if engine.is_over(state):
                raise WebError(409, "the game is over")
            if faction not in engine.pending(state).players and all(a.label != label for a in self.free_actions(faction)):
                raise WebError(409, f"it is not {possessive(faction)} decision now")
            try:
                action = engine.find_action(state, faction, label)
            except BanneretError as exc:
                raise WebError(422, str(exc)) from None
            kept = len(state.record)
            before = self.match.state.clone()
            try:
                self.match.play(action)
                self.match.advance()
                store.append(self.id, kept, self.match.state.record[kept:])
            except sqlite3.IntegrityError:
                self.match = Match(before, self.match.registry)  # nothing accepted, nothing changed
                raise WebError(409, "another move for this decision was stored first; the page shows it now") from None
            except BaseException:
                self.match = Match(before, self.match.registry)
                raise

    def undo(self, access: Access, faction: str, store: Store) -> None:
        if faction not in access.factions:
            raise WebError(403, f"this link does not play {faction}")
        with self.lock:
            before = self.state.clone()
            old = list(before.record)
            try:
                self.match.undo(faction)
            except UndoError as exc:
                raise WebError(409, str(exc)) from None
            new = self.state.record
            kept = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
            try:
                store.rewrite(self.id, kept, new[kept:])
            except BaseException:
                self.match = Match(before, self.match.registry)  # the undo did not happen
                raise

    # --- saves and replays -------------------------------------------------------------------

    def save_record(self, access: Access) -> dict[str, Any]:
        if not self.sees_everything(access):
            raise WebError(403, "a save holds the dice seed and every hidden choice: only the game's creator may "
                                "download it, once the game is over or when nobody else plays in it")
        with self.lock:
            return to_record(self.state)

    def replay(self, access: Access, step: int, faction: str | None, registry: Registry) -> dict[str, Any]:
        """The position after ``step`` actions from ``faction``'s viewpoint (any faction, for
        a token that may see everything)."""
        if not self.sees_everything(access):
            raise WebError(403, "a replay shows every side's hidden pieces: it opens for the game's creator once "
                                "the game is over, or when nobody else plays in it")
        with self.lock:
            record = list(self.state.record)
        if not 0 <= step <= len(record):
            raise WebError(400, f"step must be from 0 to {len(record)}")
        if faction is not None and faction not in self.state.factions:
            raise WebError(400, f"no faction {faction!r} in this game")
        setup = self.setup
        state = engine.new_game(setup["game"], seed=setup["seed"], seats=setup["seats"], options=setup["options"],
                                scenario=setup["scenario"], players=setup["players"], registry=registry, observe=False)
        for player, label in record[:step]:
            engine.apply(state, engine.find_action(state, player, label))
        view = engine.view(state, faction, log_tail=LOG_LINES)
        last = None
        if step and faction in (None, record[step - 1][0]):  # another side's move shows only as its log
            last = {"player": record[step - 1][0], "label": record[step - 1][1]}
        return {
            "step": step,
            "steps": len(record),
            "as": faction,
            "factions": list(state.factions),
            "last": last,
            "pending": view["pending"],
            "board": self._board(registry, state, faction, view, ()),
            "log": view["log"],
        }


class Tables:
    """Every table of a server, kept in memory and in the store."""

    def __init__(self, store: Store, registry: Registry) -> None:
        self.store = store
        self.registry = registry
        self.tables: dict[str, Table] = {}
        self._by_token: dict[str, Table] = {}  # every creator's and seat's token
        self.unloadable: list[str] = []
        self._lock = threading.Lock()
        for stored in store.games():
            try:
                self._add(self._rebuild(stored))
            except BanneretError as exc:  # a game whose plugin changed or went away stays on disk
                self.unloadable.append(f"{stored.id}: {exc}")

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self._by_token[table.creator] = table
        for seat in table.seats.values():
            if seat.token is not None:
                self._by_token[seat.token] = table

    def _rebuild(self, stored: StoredGame) -> Table:
        record = {
            "format": FORMAT, "format_version": FORMAT_VERSION, **stored.setup,
            "actions": [{"player": p, "action": label} for p, label in stored.actions],
        }
        state = from_record(record, self.registry, check_hashes=False)
        return Table(stored.id, Match(state, self.registry), stored.creator, {s.faction: s for s in stored.seats})

    def find(self, token: str) -> tuple[Table, Access]:
        table = self._by_token.get(token) if isinstance(token, str) and token.isascii() else None
        access = table.access(token) if table is not None else None
        if table is None or access is None:
            raise WebError(404, "no game has this link (mistyped, or made by another server?)")
        return table, access

    def create(self, game_id: str, seats: Mapping[str, str], seed: int | None = None, scenario: str | None = None,
               players: int | None = None, options: Mapping[str, Any] | None = None) -> Table:
        """A new game: ``seats`` gives each faction "here", "link" or a computer player's
        kind (a faction left out is played here)."""
        if pick(game_id, self.registry.games()) is None:
            raise WebError(404, f"no game {game_id!r} is installed")
        engine_seats = {f: (engine.HUMAN if kind in (SEAT_HERE, SEAT_LINK) else kind) for f, kind in seats.items()}
        try:
            match = Match.start(game_id, seed=secrets.randbelow(2**31) if seed is None else seed, seats=engine_seats,
                                options=options, scenario=scenario, players=players, registry=self.registry)
        except BanneretError as exc:
            raise WebError(422, str(exc)) from None
        state = match.state  # the seats by the factions' own names (the engine took them in any case)
        seats = {engine.seat_faction(state.game_id, state.factions, f): kind for f, kind in seats.items()}
        rows = {}
        for faction in state.factions:
            kind = seats.get(faction, SEAT_HERE)
            owner = {SEAT_HERE: "creator", SEAT_LINK: SEAT_LINK}.get(kind, "computer")
            rows[faction] = SeatRow(faction, owner, new_token() if owner == SEAT_LINK else None)
        if all(row.owner == "computer" for row in rows.values()):
            raise WebError(422, "at least one seat must be played by a person")
        return self._open(match, rows, advance=True)

    def import_save(self, record: Any) -> Table:
        """A game from a save file, every human seat played in this browser. A save that
        replays but was written by another game version, or to other hashes, loads as in
        the terminal, and its page says so (:attr:`Table.notice`)."""
        notes: list[str] = []
        try:
            state = from_record(record, self.registry, notice=notes.append)
        except BanneretError as exc:
            raise WebError(422, f"this save cannot be loaded: {exc}") from None
        except (TypeError, ValueError, KeyError) as exc:
            raise WebError(422, f"this save cannot be loaded: {type(exc).__name__}") from None
        match = Match(state, self.registry)
        rows = {f: SeatRow(f, "creator" if f not in match.computers else "computer", None) for f in state.factions}
        if all(row.owner == "computer" for row in rows.values()):
            raise WebError(422, "this save has no seat played by a person")
        table = self._open(match, rows, advance=False)
        table.notice = notes[0] if notes else None
        return table

    def _open(self, match: Match, rows: dict[str, SeatRow], advance: bool) -> Table:
        if advance:
            match.advance()
        table_id, creator = secrets.token_hex(6), new_token()
        table = Table(table_id, match, creator, rows)
        with self._lock:
            self.store.create(table_id, table.setup, creator, list(rows.values()), match.state.record)
            self._add(table)
        return table
