"""A game being played by seated players: the object the terminal, a web page or a test
drives. It adds what a table needs on top of the engine: computer seats that move on
their own, undo, and saving.

Undo follows one rule: a player may take back their own choices as long as nothing
happened in between that they could learn from or that cannot be repeated — no die
roll or shuffle, no reveal, no other player's decision, no action outside the sequence of
play (:func:`banneret.engine.free_actions`: everyone sees it). In a step where several players
work through their own secret sequences at once (:class:`banneret.flow.Parallel`), each has
an undo window of their own until they confirm: the others' secret choices in between do not
close it, since nobody learns anything from them.

Undoing restores an exact copy taken before the first move still open to undo and plays
again every later move but the one taken back, so it equals replaying the record without
that move (the test kit checks it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from banneret import engine
from banneret.agents import Seat, agent_seed
from banneret.errors import NotYourTurnError, SeatError, UndoError
from banneret.flow import in_secret_step
from banneret.registry import Registry, default_registry
from banneret.saves import load, save
from banneret.state import State
from banneret.types import Action, Event

__all__ = ["Match"]


class Match:
    """A state plus its seats' agents and an undo window."""

    def __init__(self, state: State, registry: Registry | None = None) -> None:
        self.state = state
        self.registry = registry or state.registry or default_registry()
        # computer seats: the agent factory of each; an agent is made for each decision (see agent)
        self.computers: dict[str, Any] = {}
        factories = self.registry.agents(state.game_id)
        for faction, kind in state.seats.items():
            if kind == "human":
                continue
            if kind not in factories:
                raise SeatError(f"unknown kind of player {kind!r} for {faction}")
            self.computers[faction] = factories[kind]
        # per player, the record positions of their moves still open to undo
        self._windows: dict[str, list[int]] = {}
        self._anchor: State | None = None  # a copy from before the oldest move still open to undo
        self._anchor_step = 0
        self._undone_all = False  # the windows were emptied by undo itself, not closed by chance

    @classmethod
    def start(
        cls,
        game_id: str,
        seed: int = 0,
        seats: Mapping[str, str] | None = None,
        options: Mapping[str, Any] | None = None,
        scenario: str | None = None,
        players: int | None = None,
        registry: Registry | None = None,
    ) -> "Match":
        reg = registry or default_registry()
        state = engine.new_game(game_id, seed, seats, options, scenario, players, registry=reg)
        return cls(state, reg)

    @classmethod
    def load(cls, path: str | Path, registry: Registry | None = None, seats: Mapping[str, str] | None = None) -> "Match":
        reg = registry or default_registry()
        state = load(path, reg)
        if seats:
            state.seats = engine.resolve_seats(reg, state.game_id, state.factions, seats, base=state.seats)
        return cls(state, reg)

    # --- who is to play ----------------------------------------------------------------

    def waiting_humans(self) -> list[str]:
        """Human-seated factions that must decide now."""
        return [p for p in engine.pending(self.state).players if p not in self.computers]

    def is_over(self) -> bool:
        return engine.is_over(self.state)

    # --- moving ------------------------------------------------------------------------

    def play(self, action: Action) -> list[Event]:
        """Apply a human's action, keeping the undo windows up to date."""
        if action.player in self.computers:
            raise NotYourTurnError(f"{action.player} is played by the computer ({self.state.seats[action.player]})")
        state = self.state
        before = state.clone()
        position = len(state.record)
        counter = state.rng.counter
        secret = in_secret_step(state)
        player = action.player
        free = not engine.in_decision(state, action)
        events = engine.apply(state, action)
        deciding = engine.pending(state).players
        if free or state.rng.counter != counter or any(e.reveal for e in events):
            # an action outside the sequence of play is seen by all (crowns handed over)
            self._close_windows()
            return events
        for other in list(self._windows):
            # another player's open decision closes this one's window, unless both work on
            # their own secret sequences; so does the end of one's own turn to decide
            if other not in deciding or (not secret and other != player):
                del self._windows[other]
        if player in deciding and (secret or deciding == (player,)):
            if not self._windows:
                self._anchor, self._anchor_step = before, position
            self._windows.setdefault(player, []).append(position)
        else:  # a move that may not be taken back closes the player's own window too
            self._windows.pop(player, None)
            if not self._windows:
                self._anchor = None
        self._undone_all = False
        return events

    def _close_windows(self) -> None:
        self._windows = {}
        self._anchor = None

    def play_label(self, player: str, label: str) -> list[Event]:
        return self.play(engine.find_action(self.state, player, label))

    def advance(
        self, on_move: Callable[[str, Action, list[Event]], None] | None = None, max_moves: int = 1_000_000
    ) -> int:
        """Let computer seats move until a human must decide or the game ends; returns the
        number of moves made."""
        moves = 0
        while moves < max_moves:
            players = engine.pending(self.state).players
            if not players:
                break
            computer = [p for p in players if p in self.computers]
            if not computer:
                break
            player = computer[0]
            action = self.agent(player).choose(Seat(self.state, player))
            events = engine.apply(self.state, action)
            self._close_windows()
            moves += 1
            if on_move is not None:
                on_move(player, action, events)
        return moves

    def agent(self, faction: str) -> Any:
        """The computer player of ``faction`` for the decision at hand, seeded from the game's
        seed, the faction and the step: a game loaded from a save goes on exactly as the
        game that was saved would have, whatever the agents did before."""
        state = self.state
        return self.computers[faction](state.game_id, faction, agent_seed(state.seed, faction, state.step))

    # --- undo and saving --------------------------------------------------------------------

    def can_undo(self, player: str | None = None) -> bool:
        if player is None:
            return bool(self._windows)
        return bool(self._windows.get(player))

    def undo(self, player: str | None = None) -> None:
        """Take back the last action of ``player`` (default: the one player who may undo)."""
        if player is None and len(self._windows) > 1:
            raise UndoError(f"several players may undo ({', '.join(sorted(self._windows))}): name the player")
        if not self.can_undo(player):
            if not self.state.step:
                why = "no move has been made"
            elif player is not None and all(p != player for p, _ in self.state.record):
                why = f"{player} has no move in the game to take back"
            elif self._undone_all:
                why = "every move since the last die roll, reveal or other player's decision is already taken back"
            else:
                why = "a die roll, a reveal or another player's decision came in between"
            raise UndoError(f"nothing to undo: {why}")
        who = player if player is not None else next(iter(self._windows))
        position = self._windows[who][-1]
        assert self._anchor is not None
        rebuilt = self._anchor.clone()
        for index, (p, label) in enumerate(self.state.record[self._anchor_step:], self._anchor_step):
            if index != position:
                engine.apply(rebuilt, engine.find_action(rebuilt, p, label))
        rebuilt.observers = self.state.observers
        self.state = rebuilt
        self._windows[who].pop()
        for moves in self._windows.values():
            moves[:] = [i - 1 if i > position else i for i in moves]
        self._windows = {p: moves for p, moves in self._windows.items() if moves}
        if not self._windows:
            self._anchor = None
            self._undone_all = True

    def save(self, path: str | Path) -> None:
        save(self.state, path)
