"""Playing in a terminal: the launcher, the game loop for human seats, and replays.

Everything here talks through two functions: ``ask(prompt) -> str`` (default: the built-in
``input``, which raises ``EOFError`` when input ends) and ``out(text)`` (default: ``print``).
A test scripts a game by replacing ``input``.

What a human sees is always filtered for that human: the board is the plugin's
``render(state, player)``, events are shown as ``event.text_for(player)``. Moves of
computer seats are shown only through their events, never by their action labels (a label
may name a secret choice: the card played, the block moved).
"""

from __future__ import annotations

import builtins
import secrets
import shlex
import signal
import sys
import threading
from typing import Any, Callable, Iterable, Sequence

from banneret import engine
from banneret.engine import HUMAN, VARIANT_OPTION
from banneret.errors import BanneretError, OptionError, SaveError, UndoError, shorten_quoted
from banneret.game import GameInfo
from banneret.names import pick
from banneret.registry import Registry
from banneret.saves import load
from banneret.session import Match
from banneret.state import State
from banneret.types import Action, Event, Outcome

__all__ = [
    "TerminalGame", "default_seats", "describe_outcome", "launcher", "replay",
    "new_seed",
]

Ask = Callable[[str], str]
Out = Callable[[str], None]

PREFERRED_AGENT = "heuristic"
LOG_LINES = 20
RESUME_EVENTS = 12  # events shown when a saved game is resumed

COMMANDS_HELP = """\
Commands:
  NUMBER        play the action with that number
  LABEL         play the action with that label (any case, when that names one action)
  undo          take back your last choice (while nothing happened in between)
  save FILE     save the game (resume it with: banneret play --load FILE)
  board         show the board and the choices again
  free          list what you may do beside this decision, at any moment (in Warrior Knights:
                hand crowns to another baron); type one's label to do it
  log           show the last events you may read
  help          show this help
  quit          leave the game (it is not saved by itself)"""


class _Stopped(Exception):
    """The terminal closed or the process was asked to stop, while a game was on."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stopped(signum: int, frame: Any) -> None:
    raise _Stopped(signum)


_STOP_SIGNALS = tuple(s for s in (getattr(signal, "SIGHUP", None), signal.SIGTERM) if s is not None)


CLEAR_SCREEN = "\033[2J\033[H"
"""The terminal's clear-screen and cursor-home sequence (ANSI), written only to a terminal:
piped into a file or another program it would be noise."""


def _ask(prompt: str) -> str:
    return builtins.input(prompt)  # looked up at call time, so tests can replace it


def new_seed() -> int:
    """A fresh seed for a game the player did not give one for (it is printed, so the
    game can be played again)."""
    return secrets.randbelow(1_000_000)


def _numbers(count: int) -> str:
    """The numbers of a menu of ``count`` entries: ``1`` or ``1-12``."""
    return "1" if count == 1 else f"1-{count}"


def default_seats(registry: Registry, game_id: str, factions: Sequence[str]) -> dict[str, str]:
    """The first faction human; the others the game's ``heuristic`` agent if a plugin
    offers one, else ``random``."""
    computer = PREFERRED_AGENT if PREFERRED_AGENT in registry.agents(game_id) else "random"
    return {f: (HUMAN if i == 0 else computer) for i, f in enumerate(factions)}


def describe_outcome(result: Outcome | None) -> str:
    if result is None:
        return "The game ended without a result."
    if not result.winners:
        who = "A draw"
    elif len(result.winners) == 1:
        who = f"{result.winners[0]} won"
    else:
        who = f"{', '.join(result.winners[:-1])} and {result.winners[-1]} won"
    return f"Game over: {who} ({result.reason})." if result.reason else f"Game over: {who}."


def _visible(event: Event, viewers: Sequence[str]) -> str | None:
    """What every one of ``viewers`` may read (no viewers: the omniscient text)."""
    if event.only is None or all(v in event.only for v in viewers):
        return event.text
    return event.public


class _Quit(Exception):
    pass


class _Serve(Exception):
    """The launcher was asked to start the web server and play in the browser."""


class _Resume(Exception):
    """The launcher was asked to resume a saved game instead of setting up a new one."""

    def __init__(self, match: Match) -> None:
        super().__init__(match)
        self.match = match


class TerminalGame:
    """Runs a :class:`~banneret.session.Match` at the terminal until it ends or the
    player leaves.

    Each decision screen is the board, then what happened since the last decision (the
    events every human seat may read, oldest first, just above the prompt so it stays on
    screen), then the prompt and the numbered actions.
    """

    def __init__(self, match: Match, ask: Ask | None = None, out: Out = print, save_to: str | None = None) -> None:
        self.match = match
        self.save_to = save_to
        self.ask = ask or _ask
        self.out = out
        self.humans = [f for f in match.state.factions if f not in match.computers]
        # several people at one screen in a game with hidden facts: between two people's
        # decisions the screen is cleared and the next one presses Enter (hot seat)
        self._hot_seat = len(self.humans) > 1 and match.state.game.info.hidden_information
        self._shown_to: str | None = None
        # news since the last decision screen: (player, text); text None stands for a
        # computer move nobody could read anything of, until a later event of that player
        self._news: list[tuple[str | None, str | None]] = []

    @property
    def state(self) -> State:
        return self.match.state

    def run(self) -> int:
        """Play to the end; returns an exit code (0 also when the player quits). With
        ``save_to``, the game is saved there however the session ends, also when the
        terminal closes (SIGHUP) or the process is asked to stop (SIGTERM): then the exit
        code is 128 + the signal's number, as a shell reports it."""
        previous: dict[int, Any] = {}
        if self.save_to is not None and threading.current_thread() is threading.main_thread():
            for sig in _STOP_SIGNALS:
                previous[sig] = signal.signal(sig, _stopped)
        try:
            return self._run()
        except _Stopped as stop:
            self.out(f"\nStopped by {signal.Signals(stop.signum).name}.")
            return 128 + stop.signum
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            if self.save_to is not None:
                self.match.save(self.save_to)
                self.out(f"Saved to {self.save_to}.")

    def _run(self) -> int:
        state = self.state
        info = state.game.info
        seats = ", ".join(f"{f} {k}" for f, k in state.seats.items())
        self.out(f"{info.name}, scenario {state.scenario}, seed {state.seed}. Seats: {seats}.")
        if state.step == 0:
            self._note(None, state.log)
        else:
            self.out(f"Resuming at step {state.step} (type log to see more of what happened).")
            self._note(None, state.log[-RESUME_EVENTS:])
        try:
            while True:
                self.match.advance(on_move=self._on_move)
                if self.match.is_over():
                    break
                waiting = self.match.waiting_humans()
                if not waiting:  # nobody can move: report rather than spin
                    self._flush()
                    self.out("No seat can move; leaving the game.")
                    return 1
                self._decide(waiting[0], several=len(waiting) > 1 or len(self.humans) > 1)
        except _Quit:
            self.out("Left the game." if self.state.step else "Left the game before the first move.")
            return 0
        except EOFError:
            self.out("\nInput ended: leaving the game.")
            return 0
        self._flush()
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.out("")
        self.out(self.state.game.render(self.state, viewer))
        self.out(describe_outcome(engine.outcome(self.state)))
        return 0

    # --- showing ------------------------------------------------------------------------

    def _note(self, player: str | None, events: Iterable[Event]) -> None:
        """Keep the events every human seat may read for the next screen."""
        texts = [t for e in events if (t := _visible(e, self.humans)) is not None]
        if player is not None and player in self.match.computers:
            if texts:  # the move is seen: an earlier "has chosen" of this seat says nothing more
                self._news = [n for n in self._news if n != (player, None)]
            elif (player, None) not in self._news:
                self._news.append((player, None))
        self._news.extend((player, t) for t in texts)

    def _flush(self) -> None:
        for player, text in self._news:
            self.out(f"  · {text if text is not None else f'{player} has chosen.'}")
        self._news = []

    def _on_move(self, player: str, action: Action, events: list[Event]) -> None:
        self._note(player, events)

    def _board(self, player: str) -> None:
        self.out(self.state.game.render(self.state, player))

    def _menu(self, player: str, actions: Sequence[Action]) -> None:
        now = engine.pending(self.state)
        self.out(f"{player}: {now.prompt or now.kind}")
        for i, action in enumerate(actions, start=1):
            self.out(f"  {i:>3}. {action.label}")
        free = engine.free_actions(self.state, player)
        if free:
            self.out(f"  (and {len(free)} actions beside this decision: type free to list them)")

    def _log(self, player: str) -> None:
        lines = [t for e in self.state.log if (t := e.text_for(player)) is not None]
        if not lines:
            self.out("The log is empty.")
        for text in lines[-LOG_LINES:]:
            self.out(f"  · {text}")

    # --- one human decision -------------------------------------------------------------------

    def _decide(self, player: str, several: bool) -> None:
        state = self.state
        if self._hot_seat and player != self._shown_to:
            if sys.stdout.isatty():
                self.out(CLEAR_SCREEN)
            self.ask(f"Pass the screen to {player}, then press Enter. ")
            self._shown_to = player
        self.out("")
        if several:
            self.out(f"=== {player} to decide (others, look away) ===")
        self._board(player)
        if self._news:
            self.out("Since the last decision:")
            self._flush()
        actions = engine.legal_actions(state, player)
        self._menu(player, actions)
        while True:
            line = self.ask(f"{player}> ").strip()
            if not line:
                continue
            action = self._parse(line, actions) or self._parse_label(line, engine.free_actions(state, player))
            if action is not None:
                self._note(player, self.match.play(action))
                return
            word, _, rest = line.partition(" ")
            word = word.lower()
            rest = rest.strip()
            if word == "quit" and not rest:
                raise _Quit
            if word == "help" and not rest:
                self.out(COMMANDS_HELP)
                for help_line in state.game.commands.values():
                    self.out(f"  {help_line}")
            elif word == "board" and not rest:
                self._board(player)
                self._menu(player, actions)
            elif word == "log" and not rest:
                self._log(player)
            elif word == "free" and not rest:
                free = engine.free_actions(state, player)
                if not free:
                    self.out("Nothing to do beside this decision now.")
                for action in free:
                    self.out(f"  {action.label}")
            elif word == "undo" and not rest:
                try:
                    self.match.undo(player)
                except UndoError as exc:
                    self.out(f"Cannot undo: {exc}.")
                    continue
                self.out("Undone.")
                return
            elif word == "save":
                if len(rest) > 1 and rest[0] == rest[-1] and rest[0] in "'\"":
                    rest = rest[1:-1].strip()  # save "my game.json": the quotes are not the name
                if not rest:
                    self.out("save needs a file name, for example: save mygame.json")
                    continue
                try:
                    self.match.save(rest)
                except SaveError as exc:
                    self.out(f"Not saved: {exc}.")
                    continue
                self.out(f"Saved to {rest}.")
            elif word in state.game.commands:
                self.out(state.game.command(state, player, word, rest))
            elif line.isdigit():
                self.out(f"no action {line}: choose {_numbers(len(actions))}, or type help")
            else:
                self.out(shorten_quoted(f"no action or command {line!r}: choose {_numbers(len(actions))}, "
                                        "type an action's label, or type help"))

    @classmethod
    def _parse(cls, line: str, actions: Sequence[Action]) -> Action | None:
        if line.isdigit():
            n = int(line)
            return actions[n - 1] if 1 <= n <= len(actions) else None
        return cls._parse_label(line, actions)

    @staticmethod
    def _parse_label(line: str, actions: Sequence[Action]) -> Action | None:
        """The action with exactly this label, else the one with it up to case."""
        for action in actions:
            if action.label == line:
                return action
        folded = [a for a in actions if a.label.casefold() == line.casefold()]
        return folded[0] if len(folded) == 1 else None


# --- the launcher ----------------------------------------------------------------------------

def _pick(
    ask: Ask, out: Out, prompt: str, names: Sequence[str], default: int = 0,
    other: Callable[[str], bool] | None = None, other_hint: str = "",
) -> int:
    """Ask for one of ``names`` by number or name; empty input takes the default, ``quit``
    leaves the launcher. ``other`` sees any other line first and returns True when the line
    was its own (it has answered it; the question is asked again)."""
    while True:
        line = ask(f"{prompt} [{default + 1}. {names[default]}]: ").strip()
        if not line:
            return default
        if line.isdigit() and 1 <= int(line) <= len(names):
            return int(line) - 1
        name = pick(line, names)
        if name is not None:
            return names.index(name)
        _check_quit(line)
        if other is not None and other(line):
            continue
        out(shorten_quoted(f"no choice {line!r}: choose {_numbers(len(names))}, type a name{other_hint}, or quit"))


def _check_quit(line: str) -> None:
    """``quit`` (any case) leaves the launcher at any question."""
    if line.casefold() == "quit":
        raise _Quit


def launcher(registry: Registry, ask: Ask | None = None, out: Out = print, seed: int | None = None) -> int:
    """The interactive launcher: choose a game and its set-up (or a saved game), seat the
    players, play."""
    ask = ask or _ask
    try:
        return _launch(registry, ask, out, seed)
    except _Quit:
        out("Goodbye.")
        return 0
    except EOFError:
        out("\nInput ended: goodbye.")
        return 0


def _launch(registry: Registry, ask: Ask, out: Out, seed: int | None) -> int:
    infos = registry.infos()
    for broken in registry.broken:
        out(f"(plugin {broken.name} did not load: {broken.error})")
    if not infos:
        out("No games are installed.")
        return 1
    out("Banneret: choose a game.")
    for i, info in enumerate(infos, start=1):
        plural = "s" if info.max_players > 1 else ""
        out(f"  {i}. {info.name} ({info.id}), {info.players_text} player{plural}: {info.description}")
        out(f"     {info.rules_summary}")
    out("(or load FILE to resume a saved game; web to play in the browser; quit to leave)")

    def load_saved(line: str) -> bool:
        if line.strip() == "web":
            raise _Serve()
        word, _, path = line.partition(" ")
        path = path.strip()
        if word != "load":
            return False
        if not path:
            out("load needs a file name, for example: load mygame.json")
            return True
        try:
            match = Match.load(path, registry)
        except SaveError as exc:  # unreadable, damaged, foreign: the file is left alone
            out(str(exc))
            return True
        raise _Resume(match)

    try:
        info = infos[_pick(ask, out, "Game", [i.id for i in infos], other=load_saved, other_hint=", load FILE, web")]
    except _Resume as resume:
        return TerminalGame(resume.match, ask, out).run()
    except _Serve:
        from banneret.web.server import serve  # the web stack loads only when asked for

        return serve(registry, port=0, open_browser=True, out=out)
    game_id = info.id

    scenario = info.scenarios[0].name
    if len(info.scenarios) > 1:
        out("Scenarios:")
        for i, sc in enumerate(info.scenarios, start=1):
            out(f"  {i}. {sc.name}: {sc.description}")
        scenario = info.scenarios[_pick(ask, out, "Scenario", [s.name for s in info.scenarios])].name

    players = info.max_players
    if info.min_players != info.max_players:
        players = _ask_players(ask, out, info)

    while True:
        options = _ask_options(registry, info, ask, out)
        try:  # the game may refuse a set-up each option alone allows (a value out of its range)
            factions = engine.new_game(game_id, 0, None, options, scenario, players, registry=registry).factions
            break
        except BanneretError as exc:
            out(f"{exc}: choose the options again")

    kinds = [HUMAN, *registry.agents(game_id)]
    seats = default_seats(registry, game_id, factions)
    out(f"Seats (one of: {', '.join(kinds)}).")
    for faction in factions:
        seats[faction] = kinds[_pick(ask, out, f"  {faction}", kinds, kinds.index(seats[faction]))]

    game_seed = new_seed() if seed is None else seed
    match = Match.start(game_id, game_seed, seats, options, scenario, players, registry=registry)
    again = play_command(info, game_seed, players, scenario, options, seats, default_seats(registry, game_id, factions))
    out(f"Seed {game_seed} (play this game again with: {again}).")
    return TerminalGame(match, ask, out).run()


def play_command(info: GameInfo, seed: int, players: int, scenario: str, options: dict[str, Any],
                 seats: dict[str, str], default: dict[str, str]) -> str:
    """The ``banneret play`` line that starts this very game again: the seed, and whatever
    differs from what ``play`` takes by default (players, scenario, options, seats)."""
    words = ["banneret", "play", info.id, "--seed", str(seed)]
    if players != info.max_players:
        words += ["--players", str(players)]
    if scenario != info.scenarios[0].name:
        words += ["--scenario", scenario]
    for key, value in options.items():
        words += ["--option", f"{key}={value}"]
    for faction, kind in seats.items():
        if kind != default.get(faction):
            words += ["--seat", f"{faction}={kind}"]
    return shlex.join(words)


def _ask_players(ask: Ask, out: Out, info: GameInfo) -> int:
    """The number of players, typed as a number (a menu position would read 2 as the second
    choice, three players); empty input takes the most the game allows."""
    counts = range(info.min_players, info.max_players + 1)
    while True:
        line = ask(f"Number of players ({', '.join(map(str, counts))}) [{info.max_players}]: ").strip()
        if not line:
            return info.max_players
        _check_quit(line)
        if line.isdigit() and int(line) in counts:
            return int(line)
        out(f"type a number from {info.min_players} to {info.max_players}, or quit")


def _ask_options(registry: Registry, info: GameInfo, ask: Ask, out: Out) -> dict[str, Any]:
    variants = registry.variants(info.id)
    if not info.options and not variants:
        return {}
    out("Options (change with KEY=VALUE, one per line; empty line to go on):")
    for spec in info.options:
        choices = f" (choices: {', '.join(str(c) for c in spec.choices)})" if spec.choices else ""
        out(f"  {spec.name} = {spec.shown_default}{choices}: {spec.help}")
    for name, variant in variants.items():
        out(f"  {VARIANT_OPTION}={name}: {variant.description}")
    chosen: dict[str, Any] = {}
    while True:
        line = ask("Option: ").strip()
        if not line:
            return chosen
        _check_quit(line)
        key, sep, value = line.partition("=")
        try:
            if not sep:
                raise OptionError(f"write KEY=VALUE, not {line!r}")
            [(key, value)] = engine.named_options(info, {key.strip(): value.strip()}).items()
            if key == VARIANT_OPTION:  # the variants' names as the plugins spell them
                value = ",".join(v.name for v in engine.resolve_variants(registry, info.id, value))
            else:
                info.option(key).parse(value)
        except OptionError as exc:
            out(str(exc))
            continue
        chosen[key] = value


# --- replays ----------------------------------------------------------------------------------

def replay(
    path: str,
    registry: Registry,
    viewer: str | None = None,
    step: bool = False,
    ask: Ask | None = None,
    out: Out = print,
) -> int:
    """Show a saved game action by action from ``viewer``'s seat (``None``: everything).

    Other factions' actions in a game with hidden information are shown as "``red`` made a
    secret choice", then the events ``viewer`` may read. With ``step``, wait for Enter between actions.
    """
    ask = ask or _ask
    saved = load(path, registry)  # checks the whole file and its hashes first
    if viewer is not None:
        viewer = engine.seat_faction(saved.game_id, saved.factions, viewer)
    state = engine.new_game(
        saved.game_id, saved.seed, saved.seats, saved.options, saved.scenario, len(saved.factions), registry=registry
    )
    hidden = state.game.info.hidden_information
    viewers = [] if viewer is None else [viewer]
    who = "all factions (omniscient)" if viewer is None else viewer
    out(f"Replay of {state.game.info.name}, scenario {state.scenario}, seed {state.seed}: "
        f"{len(saved.record)} actions, as seen by {who}.")
    _show_events(state.log, viewers, out)
    for i, (player, label) in enumerate(saved.record, start=1):
        if step:
            try:
                answer = ask(f"[Enter: action {i} of {len(saved.record)}; q to stop] ")
            except EOFError:
                step = False
            else:
                if answer.strip().lower() in ("q", "quit"):
                    out(f"Replay stopped after {i - 1} of {len(saved.record)} actions.")
                    return 0
        events = engine.apply(state, engine.find_action(state, player, label))
        if viewer is None or viewer == player or not hidden:
            out(f"{i}. {player}: {label}")
        else:  # the label may name what only the player knows; the events say what shows
            out(f"{i}. {player} made a secret choice")
        _show_events(events, viewers, out)
    out(state.game.render(state, viewer))
    if engine.is_over(state):
        out(describe_outcome(engine.outcome(state)))
    else:
        out(f"The game continues (step {state.step}); resume it with: banneret play --load {path}")
    return 0


def _show_events(events: Iterable[Event], viewers: Sequence[str], out: Out) -> None:
    for event in events:
        text = _visible(event, viewers)
        if text is not None:
            out(f"   · {text}")
