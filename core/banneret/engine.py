"""The one protocol every client uses: start a game, ask who decides and what they may do,
apply a choice, and look at the game from a player's seat.

``apply`` changes the state in place, like OpenSpiel's ``apply_action``; use
:func:`clone` (or :func:`child`) to keep the state before the move. An action is checked
against the legal actions before anything changes, so a refused action leaves the state
exactly as it was.
"""

from __future__ import annotations

from typing import Any, Mapping

from banneret.canonical import state_hash
from banneret.errors import (
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    OptionError,
    SeatError,
)
from banneret.game import GameInfo
from banneret.hookspecs import StepContext
from banneret.names import pick
from banneret.registry import Registry, default_registry
from banneret.state import State
from banneret.types import Action, Event, Outcome, Pending
from banneret.words import possessive

__all__ = [
    "new_game", "pending", "legal_actions", "apply", "child", "clone", "view",
    "outcome", "is_over", "state_hash", "find_action", "free_actions", "in_decision", "resolve_seats", "log_for", "VARIANT_OPTION",
    "HUMAN", "named_options", "resolve_variants", "seat_faction",
]

VARIANT_OPTION = "variant"
"""Reserved option naming house-rule variants (comma-separated) offered by plugins."""

HUMAN = "human"
"""The kind of player of a seat a person plays."""


def new_game(
    game_id: str,
    seed: int = 0,
    seats: Mapping[str, str] | None = None,
    options: Mapping[str, Any] | None = None,
    scenario: str | None = None,
    players: int | None = None,
    registry: Registry | None = None,
    observe: bool = True,
) -> State:
    """Set up a new game and run it to its first decision.

    ``seats`` maps factions to the kind of player seated there (``human``, ``random`` or an
    agent the game's plugins offer); unnamed factions get ``human``. ``players`` picks the
    number of factions for games that allow several; default the game's maximum.
    ``observe=False`` keeps observer plugins out (replaying a saved game).
    """
    reg = registry or default_registry()
    game = reg.game(game_id)
    info = game.info
    given = named_options(info, options or {})
    variant_text = given.pop(VARIANT_OPTION, "")
    resolved = info.resolve_options(given)
    variants = resolve_variants(reg, info.id, variant_text)
    if variants:
        resolved[VARIANT_OPTION] = ",".join(v.name for v in variants)
    count = info.max_players if players is None else players
    if not isinstance(count, int) or not info.min_players <= count <= info.max_players:
        raise OptionError(
            f"{info.id} is played by {info.players_text} players, not {players!r}"
        )
    sc = info.scenario(scenario)
    factions = tuple(game.factions(count, resolved))
    rules = dict(game.rule_parameters())
    for variant in variants:
        variant.adjust(rules, resolved)
    state = State(game, seed, sc.name, resolved, rules, factions)
    state.seats = resolve_seats(reg, info.id, factions, seats)
    state.registry = reg
    state.observers = reg.pm.hook if observe and reg.has_observers() else None
    state.data = game.setup(state)
    game.start(state)
    if state.observers is not None:
        state.observers.banneret_game_started(state=state)
    return state


def named_options(info: GameInfo, given: Mapping[str, Any]) -> dict[str, Any]:
    """``given`` with each option's name, and a value typed as one of its word choices, as
    the game declares them (``Map=Reference`` -> ``map=reference``: see
    :func:`~banneret.names.pick`). A name no option reads as is kept for
    :meth:`~banneret.game.GameInfo.option` to refuse with the list of options."""
    out: dict[str, Any] = {}
    specs = {spec.name: spec for spec in info.options}
    for typed, value in given.items():
        name = pick(typed, [*specs, VARIANT_OPTION]) or typed
        spec = specs.get(name)
        if spec is not None and spec.choices is not None and isinstance(value, str):
            value = pick(value.strip(), spec.choices) or value
        if name in out and out[name] != value:
            raise OptionError(f"option {name} is given twice ({out[name]} and {value}): give it once")
        out[name] = value
    return out


def resolve_variants(reg: Registry, game_id: str, text: Any) -> list[Any]:
    """The house-rule variants named in ``text`` (comma-separated, any case)."""
    if not text:
        return []
    if not isinstance(text, str):
        raise OptionError(f"option variant takes variant names separated by commas, not {text!r}")
    offered = reg.variants(game_id)
    out = []
    for typed in (n.strip() for n in text.split(",")):
        if not typed:
            raise OptionError(f"option variant takes variant names separated by commas, not {text!r}")
        name = pick(typed, offered)
        if name is None:
            known = ", ".join(offered) or "none installed"
            raise OptionError(f"{game_id} has no house-rule variant {typed!r} (variants: {known})")
        if offered[name] in out:  # applied twice, a variant that adds to a rule would add twice
            raise OptionError(f"the house-rule variant {name} is named twice: name it once")
        out.append(offered[name])
    return out


def seat_faction(game_id: str, factions: tuple[str, ...], typed: str) -> str:
    """The faction in play called ``typed`` (any case); a :class:`~banneret.errors.SeatError`
    naming the factions in play when none is."""
    found = pick(typed, factions)
    if found is None:
        raise SeatError(f"{game_id} has no faction {typed!r} in play (factions: {', '.join(factions)})")
    return found


def resolve_seats(
    reg: Registry, game_id: str, factions: tuple[str, ...], seats: Mapping[str, str] | None,
    base: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Who sits at each faction: what ``seats`` names, else what ``base`` has (the seats of
    a saved game, or the default ones: factions and kinds as the game names them), else
    ``human``. In ``seats`` factions and kinds may be typed in any case
    (``York=Heuristic``); the result names them as the game does.

    Raises :class:`~banneret.errors.SeatError` for a faction not in play, one seated twice
    or an unknown kind."""
    out = {f: (base or {}).get(f, HUMAN) for f in factions}
    if not seats:
        return out
    agents = reg.agents(game_id)  # also knows agents with parameters (``ismcts:iterations=200``)
    given: dict[str, str] = {}
    for typed, kind in seats.items():
        faction = seat_faction(game_id, factions, typed)
        kind = pick(kind, (HUMAN,)) or agents.named(kind)
        if kind != HUMAN and kind not in agents:
            known = ", ".join(sorted({HUMAN, *agents}))
            raise SeatError(f"unknown kind of player {kind!r} for {faction} (choose from: {known})")
        if given.get(faction, kind) != kind:
            raise SeatError(f"{faction} is seated twice ({given[faction]} and {kind}): seat it once")
        given[faction] = out[faction] = kind
    return out


def pending(state: State) -> Pending:
    """Who must decide now, and what kind of decision it is (cached until the next apply)."""
    if state._legal_step != state.step:
        state._legal_step = state.step
        state._legal = {}
        state._pending = state.game.pending(state)
    return state._pending


def is_over(state: State) -> bool:
    return not pending(state).players


def outcome(state: State) -> Outcome | None:
    """The result if the game has ended by its rules, else ``None``."""
    if pending(state).players:
        return None
    return state.game.outcome(state)


def legal_actions(state: State, player: str | None = None) -> tuple[Action, ...]:
    """The actions ``player`` may choose now (default: the only player who must decide).

    A tuple, cached until the next :func:`apply`: a caller can keep or pass it on, and
    nothing it does can change the menus of this game or of any other. (The plugin may
    return a list; the engine keeps only its own tuple copy.)
    """
    now = state._pending if state._legal_step == state.step else pending(state)
    if player is None:
        players = now.players
        if len(players) != 1:
            if not players:
                return ()
            raise NotYourTurnError(
                f"several players decide at once ({', '.join(players)}): name the player"
            )
        player = players[0]
    found = state._legal.get(player)
    if found is None:
        found = tuple(state.game.legal_actions(state, player)) if player in now.players else ()
        state._legal[player] = found
    return found


def free_actions(state: State, player: str) -> tuple[Action, ...]:
    """What ``player`` may do now outside the sequence of play, whoever is deciding
    (:meth:`banneret.game.Game.free_actions`; nothing once the game is over or for a faction
    out of it). :func:`apply` takes them like any action. Worked out on each call: they are
    asked for by people, not by the playing loop."""
    game = state.game
    if player not in state.factions or not pending(state).players or player in game.eliminated(state):
        return ()
    return tuple(game.free_actions(state, player))


def find_action(state: State, player: str, label: str) -> Action:
    """The legal action of ``player`` with this label, or else the free action (how saves
    and terminals name moves)."""
    for action in legal_actions(state, player):
        if action.label == label:
            return action
    for action in free_actions(state, player):
        if action.label == label:
            return action
    raise IllegalActionError(f"{player} cannot {label!r} now")


def apply(state: State, action: Action) -> list[Event]:
    """Apply a legal action in place and return the events it produced.

    Raises a subclass of :class:`~banneret.errors.ActionError` (state untouched) when the
    action is malformed, not this player's to make, or not legal now.
    """
    if not isinstance(action, Action):
        raise MalformedActionError(
            f"expected a banneret.Action from legal_actions(), not {type(action).__name__}"
        )
    player = action.player
    # the usual case: the action comes from this step's cached list (membership tries
    # identity first); a player who may not decide has an empty list there, if any
    legal = state._legal.get(player) if state._legal_step == state.step else None
    free = False
    if legal is None or action not in legal:
        free = _check_legal(state, action)
    log = state.log
    start = len(log)
    if free:  # outside the sequence of play: then the waiting decision is worked out again
        state.game.apply_free(state, action)
        state.game.reopen(state)
    else:
        state.game.apply(state, action)
    state.step += 1
    state.record.append((player, action.label))
    events = log[start:]
    hook = state.observers
    if hook is not None:
        hook.banneret_action_applied(context=StepContext(state, action, events))
        if not pending(state).players:
            result = state.game.outcome(state)
            if result is not None:
                hook.banneret_game_ended(state=state, outcome=result)
    return events


def in_decision(state: State, action: Action) -> bool:
    """Whether ``action`` is one of the choices of the decision at hand (else, if legal at
    all, it is one of its player's :func:`free_actions`)."""
    return action.player in pending(state).players and action in legal_actions(state, action.player)


def _check_legal(state: State, action: Action) -> bool:
    """Raise the error that says why ``action`` may not be applied now; else return whether
    it is one of the player's :func:`free_actions` rather than a choice of the decision."""
    now = pending(state)
    if not now.players:
        raise GameOverError("the game is over; no more actions are accepted")
    if in_decision(state, action):
        return False
    if action in free_actions(state, action.player):
        return True
    if action.player not in now.players:
        raise NotYourTurnError(
            f"it is not {possessive(action.player)} decision now (waiting for {', '.join(now.players)})"
        )
    raise IllegalActionError(f"{action.player} cannot {action.label!r} now ({now.kind})")


def clone(state: State) -> State:
    """An independent copy of the state."""
    return state.clone()


def child(state: State, action: Action) -> State:
    """A copy of the state with ``action`` applied; the original is unchanged."""
    new = state.clone()
    apply(new, action)
    return new


def view(state: State, player: str | None, log_tail: int | None = 30) -> dict[str, Any]:
    """What ``player`` may know now, as JSON-ready data (``None``: the omniscient view).

    Hidden facts are filtered here, by the engine and the plugin, never by a client. The
    pending decision's prompt is shown to the players who must decide only: it may name
    their hidden pieces ("choose where Exeter goes home").
    """
    now = pending(state)
    result = outcome(state)
    return {
        "game": state.game_id,
        "scenario": state.scenario,
        "step": state.step,
        "turn": state.game.turn(state),
        "you": player,
        "factions": list(state.factions),
        # the prompt speaks to the deciding players and may name their hidden pieces
        "pending": {"players": list(now.players), "kind": now.kind,
                    "prompt": now.prompt if player is None or player in now.players else ""},
        "over": not now.players,
        "outcome": None if result is None else result.as_dict(),
        "board": state.game.view(state, player),
        "log": log_for(state, player, log_tail),
    }


def log_for(state: State, player: str | None, tail: int | None = None) -> list[str]:
    """The texts ``player`` may read of the last ``tail`` log entries (``None``: all of them;
    ``player`` None: the omniscient log)."""
    entries = state.log if tail is None else state.log[len(state.log) - tail:] if tail > 0 else []
    return [t for e in entries if (t := e.text_for(player)) is not None]
