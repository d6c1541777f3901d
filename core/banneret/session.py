"""A game being played by seated players: the object the terminal, a web page or a test
drives. It adds what a table needs on top of the engine: computer seats that move on
their own, undo, and saving.

Undo follows one rule: a player may take back their own choices as long as nothing
happened in between that they could learn from or that cannot be repeated — no die
roll or shuffle, no reveal, no other player's decision. Undoing restores an exact copy
taken before the move, which equals replaying the record to that point (the test kit
checks it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from banneret import engine
from banneret.agents import Seat, agent_seed
from banneret.errors import NotYourTurnError, SeatError, UndoError
from banneret.registry import Registry, default_registry
from banneret.saves import load, save
from banneret.state import State
from banneret.types import Action, Event

__all__ = ["Match"]


class Match:
    """A state plus its seats' agents and an undo window."""

    def __init__(self, state: State, registry: Registry | None = None, agent_salt: int = 0) -> None:
        self.state = state
        self.registry = registry or state.registry or default_registry()
        self.agents: dict[str, Any] = {}
        factories = self.registry.agents(state.game_id)
        for faction, kind in state.seats.items():
            if kind == "human":
                continue
            if kind not in factories:
                raise SeatError(f"unknown kind of player {kind!r} for {faction}")
            self.agents[faction] = factories[kind](state.game_id, faction, agent_seed(state.seed, faction, agent_salt))
        self._undo: list[State] = []
        self._undo_player: str | None = None
        self._undone_all = False  # the window was emptied by undo itself, not closed by chance

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
            state.seats = engine.resolve_seats(reg, state.game_id, state.factions, {**state.seats, **seats})
        return cls(state, reg)

    # --- who is to play ----------------------------------------------------------------

    def waiting_humans(self) -> list[str]:
        """Human-seated factions that must decide now."""
        return [p for p in engine.pending(self.state).players if p not in self.agents]

    def is_over(self) -> bool:
        return engine.is_over(self.state)

    # --- moving ------------------------------------------------------------------------

    def play(self, action: Action) -> list[Event]:
        """Apply a human's action, keeping the undo window up to date."""
        if action.player in self.agents:
            raise NotYourTurnError(f"{action.player} is played by the computer ({self.state.seats[action.player]})")
        before = self.state.clone()
        counter = self.state.rng.counter
        events = engine.apply(self.state, action)
        if self._undo_player != action.player:
            self._undo = []
        self._undo_player = action.player
        self._undo.append(before)
        self._undone_all = False
        still_deciding = engine.pending(self.state).players == (action.player,)
        if self.state.rng.counter != counter or any(e.reveal for e in events) or not still_deciding:
            self._undo = []
            self._undo_player = None
        return events

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
            computer = [p for p in players if p in self.agents]
            if not computer:
                break
            player = computer[0]
            action = self.agents[player].choose(Seat(self.state, player))
            events = engine.apply(self.state, action)
            self._undo = []
            self._undo_player = None
            moves += 1
            if on_move is not None:
                on_move(player, action, events)
        return moves

    # --- undo and saving --------------------------------------------------------------------

    def can_undo(self, player: str | None = None) -> bool:
        return bool(self._undo) and (player is None or player == self._undo_player)

    def undo(self, player: str | None = None) -> None:
        """Take back the last action of the player still deciding."""
        if not self.can_undo(player):
            if not self.state.step:
                why = "no move has been made"
            elif self._undone_all:
                why = "every move since the last die roll, reveal or other player's decision is already taken back"
            else:
                why = "a die roll, a reveal or another player's decision came in between"
            raise UndoError(f"nothing to undo: {why}")
        observers = self.state.observers
        self.state = self._undo.pop()
        self.state.observers = observers
        if not self._undo:
            self._undo_player = None
            self._undone_all = True

    def save(self, path: str | Path) -> None:
        save(self.state, path)
