"""Declared, nested sequences of play.

A game's sequence of play is a tree of *procedures*: the whole game, a campaign, a game
turn, a phase, a player's step, a battle, a battle round. The running game keeps a stack
of :class:`Frame` objects (one per active procedure, with its local variables); a
procedure can ``call`` a sub-procedure, ``goto`` a sibling, or ``end`` and hand a result
back to its caller — the shape Rally the Troops uses for its block games.

Two kinds of procedure:

* automatic ones do their work in :meth:`Procedure.start` and end at once (income, plague);
* decision points answer :meth:`Procedure.pending` and :meth:`Procedure.actions` and move
  on in :meth:`Procedure.act`.

Combinators (:class:`Steps`, :class:`Repeat`, :class:`ForEach`) let a plugin write its
sequence of play as one readable declaration::

    flow = Flow(
        Repeat("game turn", rule="7", until=game_is_over, steps=[
            Plague, Crusade, Income,
            ForEach("player steps", over=kingdoms_in_order, var="kingdom",
                    steps=[Regroup, OneAction, ExtraMoves]),
            EndOfTurn,
        ])
    )

Frame variables are looked up from the innermost frame outwards, so a step inside
``ForEach(var="kingdom")`` reads ``flow.var(state, "kingdom")``. Keep frame variables
immutable (ints, strings, tuples): a clone copies the frame dictionaries, not their values.

The primitives beyond call/goto/end, each documented where it is defined:

* :class:`Decision` and :class:`Choice` -- a procedure that waits for one player, and one
  small step of a compound move whose options are computed when it starts;
* a frame's *record* -- typed, mutable state that belongs to one procedure (a battle's
  losses so far), cloned and hashed with the frame and gone when the procedure ends
  (:func:`call` with ``record=``, :func:`record` to find it from a nested step);
* :class:`SubGame` -- a procedure tree that any flow can call with its inputs as arguments
  and whose result comes back to the caller, working on its own record, never on
  ``state.data``;
* :class:`Parallel` -- several players each work through their own secret sequence at the
  same time, with their own undo, and the step resolves when all have confirmed;
* :class:`Window` -- an interrupt window: at a declared point other players may respond
  or pass, and the procedure that opened it only learns whether anyone responded;
* :func:`end_game` -- the game ends now (a sudden victory, a concession).
"""

from __future__ import annotations

import re

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Sequence, TypeVar

import attrs

from banneret.types import GAME_OVER, Action, Outcome, Pending

if TYPE_CHECKING:
    from banneret.state import State

__all__ = [
    "Frame", "Procedure", "Decision", "Choice", "Steps", "Repeat", "ForEach", "Parallel", "Window",
    "SubGame", "Flow", "FlowError", "call", "goto", "end", "var", "record", "end_game", "secret_of",
    "in_secret_step",
]

R = TypeVar("R")
_new_tuple = tuple.__new__


class FlowError(RuntimeError):
    """A plugin's flow is inconsistent (a programming error, not bad user input)."""


class Frame:
    """One active procedure, its local variables and, optionally, its record.

    ``record`` is state that belongs to the procedure (an attrs instance, or any object with
    a ``clone()`` method): it is copied with the frame, part of the state hash, and gone when
    the procedure ends.
    """

    __slots__ = ("proc", "vars", "started", "record")

    def __init__(self, proc: str, vars: dict[str, Any], started: bool = False, record: Any = None) -> None:
        self.proc = proc
        self.vars = vars
        self.started = started
        self.record = record

    def copy(self) -> "Frame":
        rec = self.record
        return Frame(self.proc, self.vars.copy(), self.started, None if rec is None else clone_record(rec))

    def __getitem__(self, name: str) -> Any:
        return self.vars[name]

    def __setitem__(self, name: str, value: Any) -> None:
        self.vars[name] = value

    def __repr__(self) -> str:
        return f"Frame({self.proc!r}, {self.vars!r})"


class Procedure:
    """One step of a sequence of play. Subclass it; instances are stateless.

    ``name`` identifies it in the flow (default: the class name); ``rule`` is the rulebook
    section it implements, shown by ``banneret info`` and in the docs.
    """

    name: ClassVar[str] = ""
    rule: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("name"):
            cls.name = cls.__name__

    def start(self, state: "State", frame: Frame) -> None:
        """Called when the procedure becomes active. Automatic procedures end here."""

    def pending(self, state: "State", frame: Frame) -> Pending:
        raise FlowError(f"procedure {self.name} is waiting but declares no decision")

    def actions(self, state: "State", frame: Frame, player: str) -> Sequence[Action]:
        return []

    def act(self, state: "State", frame: Frame, action: Action) -> None:
        raise FlowError(f"procedure {self.name} received an action but does not take any")

    def resume(self, state: "State", frame: Frame, result: Any) -> None:
        """A sub-procedure ended with ``result``. Default: end this one with the same result."""
        end(state, result)

    def children(self) -> Sequence[type["Procedure"] | "Procedure"]:
        return ()

    def reopen(self, state: "State", frame: Frame) -> None:
        """Work out again what this waiting procedure offers, after an action taken outside
        the sequence of play changed the position (:meth:`banneret.game.Game.free_actions`).
        Default: nothing to do, for procedures that build their menus when asked."""

    def describe(self) -> str:
        """``[rule] Name — `` and the docstring's first sentence (its first paragraph when it
        has no full stop), for listings of the sequence of play."""
        paragraph = (type(self).__doc__ or "").strip().split("\n\n")[0]
        text = _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1], " ".join(paragraph.split())).replace("``", "")
        end = text.find(". ")
        head = text if end < 0 else text[: end + 1]
        rule = f"[{self.rule}] " if self.rule else ""
        return f"{rule}{self.name}" + (f" — {head}" if head and head != self.name else "")


_ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")
"""A cross-reference in a docstring (``:class:`~pkg.mod.Name```), read as its last name."""


class Decision(Procedure):
    """A procedure that waits for one player's choice.

    Subclasses say who decides (:meth:`decider`), what kind of decision it is (``kind``, for
    agents and user interfaces) and how to ask (``prompt``), then implement :meth:`actions`
    and :meth:`act`.
    """

    kind: ClassVar[str] = ""
    prompt: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.kind:
            cls.kind = cls.name

    def decider(self, state: "State", frame: Frame) -> str:
        """The player who must decide now."""
        raise NotImplementedError(f"{self.name} does not say who decides")

    def pending(self, state: "State", frame: Frame) -> Pending:
        return _new_tuple(Pending, ((self.decider(state, frame),), self.kind, self.prompt))  # Pending(...) minus a call


class Choice(Decision):
    """One small step of a compound move: pick one of the options computed when the step
    starts (a block, then its destination). The options are kept in the frame, so nothing
    changes until the choice is made; a step with a single possibility is taken at once,
    without asking, unless ``ask_single`` is set."""

    ask_single: ClassVar[bool] = False

    def options(self, state: "State", frame: Frame) -> Sequence[Any]:
        """The possibilities, each a hashable value that becomes the action's ``args``."""
        raise NotImplementedError

    def label(self, state: "State", frame: Frame, option: Any) -> str:
        """The text that names ``option`` (unique among this step's options)."""
        raise NotImplementedError

    def choose(self, state: "State", frame: Frame, option: Any) -> None:
        """Carry out the chosen option (and call, goto or end)."""
        raise NotImplementedError

    def action(self, state: "State", frame: Frame, player: str, option: Any) -> Action:
        """The action offering ``option`` (override to reuse prebuilt actions)."""
        return _new_tuple(Action, (player, self.label(state, frame, option), self.kind, option))  # Action(...) minus a call

    def start(self, state: "State", frame: Frame) -> None:
        self.start_with(state, frame, self.options(state, frame))

    def start_with(self, state: "State", frame: Frame, options: Sequence[Any]) -> None:
        """:meth:`start` with the options already worked out (for a subclass whose ``start``
        finds them another way): none is an error, a single one is taken at once unless
        ``ask_single``, else they are kept in the frame for the decision."""
        opts = tuple(options)
        if not opts:
            raise FlowError(f"{self.name} has no options: the flow should not have called it")
        if len(opts) == 1 and not self.ask_single:
            self.choose(state, frame, opts[0])
        else:
            frame.vars["options"] = opts

    def actions(self, state: "State", frame: Frame, player: str) -> Sequence[Action]:
        return [self.action(state, frame, player, o) for o in frame.vars["options"]]

    def act(self, state: "State", frame: Frame, action: Action) -> None:
        self.choose(state, frame, action.args)

    def reopen(self, state: "State", frame: Frame) -> None:
        """The options kept when the step started are worked out again from the new position
        (a waiting step keeps waiting, even with one option left)."""
        opts = tuple(self.options(state, frame))
        if not opts:
            raise FlowError(f"{self.name} has no options left: an action outside the sequence of play "
                            "must not take away every possibility of the decision at hand")
        frame.vars["options"] = opts


def clone_record(rec: Any) -> Any:
    """A copy of a procedure's record sharing nothing mutable.

    A record with a ``clone()`` method copies itself. Otherwise it must be an attrs class
    whose fields hold immutable values, attrs records, or flat lists, dicts and sets of
    immutable values: those containers are copied one level deep."""
    own = getattr(rec, "clone", None)
    if own is not None:
        return own()
    cls = type(rec)
    if not attrs.has(cls):
        raise FlowError(f"a frame record must be an attrs instance or have clone(), not {cls.__name__}")
    new = object.__new__(cls)
    for f in attrs.fields(cls):
        value = getattr(rec, f.name)
        kind = type(value)
        if kind is list or kind is dict or kind is set:
            value = value.copy()
        elif attrs.has(kind):
            value = clone_record(value)
        object.__setattr__(new, f.name, value)
    return new


# --- flow operations, called by procedures ------------------------------------------------

def call(state: "State", proc: "str | type[Procedure]", *, record: Any = None, **vars: Any) -> None:
    """Start ``proc`` as a sub-procedure; the caller resumes when it ends. ``record`` is the
    procedure's own state, if it keeps any (see :class:`Frame`)."""
    if state.ended is not None:
        return  # the game ended in the caller's step: nothing more is started
    name = proc if isinstance(proc, str) else proc.name
    state.stack.append(Frame(name, vars, False, record))


def goto(state: "State", proc: "str | type[Procedure]", *, record: Any = None, **vars: Any) -> None:
    """Replace the current procedure by ``proc`` (same caller)."""
    if state.ended is not None:
        return
    name = proc if isinstance(proc, str) else proc.name
    state.stack[-1] = Frame(name, vars, False, record)


def end(state: "State", result: Any = None) -> None:
    """End the current procedure and hand ``result`` to its caller's ``resume``."""
    if state.ended is not None:
        return  # the game ended in this step: every procedure is gone already
    state.stack.pop()
    state.flow_result = _NO_RESULT if result is None else (result,)


_NO_RESULT = (None,)  # the usual result, boxed once: ``flow_result`` None means "nothing ended"


def var(state: "State", name: str, default: Any = KeyError) -> Any:
    """The nearest frame variable called ``name``, searching from the innermost frame out
    (inside a :class:`Parallel` branch, the branch's frames first, then the enclosing ones)."""
    for frame in reversed(state.stack):
        if name in frame.vars:
            return frame.vars[name]
    if state.outer is not None:
        for frame in reversed(state.outer):
            if name in frame.vars:
                return frame.vars[name]
    if default is KeyError:
        raise FlowError(f"no frame variable {name!r} in {[f.proc for f in state.stack]}")
    return default


def record(state: "State", kind: type[R]) -> R:
    """The record of type ``kind`` of the nearest enclosing procedure that keeps one (a
    battle round reads its battle's record this way)."""
    for stack in (state.stack, state.outer or ()):
        for frame in reversed(stack):
            if isinstance(frame.record, kind):
                return frame.record
    raise FlowError(f"no procedure with a {kind.__name__} record in {[f.proc for f in state.stack]}")


def end_game(state: "State", outcome: Outcome) -> None:
    """The game ends now, with ``outcome`` (a sudden victory, a concession): every active
    procedure is dropped, nobody decides any more, and :meth:`Game.outcome` reports
    ``outcome``. Any procedure, or a rule function deep inside one, may call it; what the
    procedure then does to the flow (``call``, ``goto``, ``end``) is ignored, so it need
    not check. Changes to the game's data after the call still happen: return at once."""
    if state.outer is not None:
        raise FlowError("end_game inside a Parallel branch: a secret sequence cannot end the game")
    state.ended = outcome
    state.stack.clear()  # in place: the flow's driver holds this list
    state.flow_result = None


# --- combinators -------------------------------------------------------------------------

class Steps(Procedure):
    """Run child procedures one after the other, then end."""

    def __init__(self, name: str, steps: Iterable[type[Procedure] | Procedure], rule: str = "") -> None:
        self.name = name  # type: ignore[misc]
        self.rule = rule  # type: ignore[misc]
        self.steps = tuple(steps)
        self._names: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"[{self.rule}] {self.name}" if self.rule else self.name

    def children(self) -> Sequence[type[Procedure] | Procedure]:
        return self.steps

    def start(self, state: "State", frame: Frame) -> None:
        frame.vars["_i"] = 0
        state.stack.append(Frame(self._names[0], {}))

    def resume(self, state: "State", frame: Frame, result: Any) -> None:
        i = frame.vars["_i"] + 1
        if i < len(self._names):
            frame.vars["_i"] = i
            state.stack.append(Frame(self._names[i], {}))
        else:
            end(state)


class Repeat(Steps):
    """Run the steps again and again until ``until(state)`` holds (checked before each pass
    and after each step, so a game that ends mid-turn stops at once)."""

    def __init__(
        self,
        name: str,
        steps: Iterable[type[Procedure] | Procedure],
        until: Callable[["State"], bool],
        rule: str = "",
        counter: str | None = None,
    ) -> None:
        super().__init__(name, steps, rule)
        self.until = until
        self.counter = counter

    def start(self, state: "State", frame: Frame) -> None:
        if self.until(state):
            end(state)
            return
        frame.vars["_i"] = 0
        if self.counter:
            frame.vars[self.counter] = 1
        state.stack.append(Frame(self._names[0], {}))

    def resume(self, state: "State", frame: Frame, result: Any) -> None:
        if self.until(state):
            end(state)
            return
        i = frame.vars["_i"] + 1
        if i >= len(self._names):
            i = 0
            if self.counter:
                frame.vars[self.counter] += 1
        frame.vars["_i"] = i
        state.stack.append(Frame(self._names[i], {}))


class ForEach(Steps):
    """Run the steps once for each item of ``over(state)`` (computed when the loop starts),
    with the item in frame variable ``var``. ``skip(state, item)`` can pass over an item
    at its turn (a kingdom eliminated meanwhile)."""

    def __init__(
        self,
        name: str,
        over: Callable[["State"], Sequence[Any]],
        var: str,
        steps: Iterable[type[Procedure] | Procedure],
        rule: str = "",
        skip: Callable[["State", Any], bool] | None = None,
        stop: Callable[["State"], bool] | None = None,
    ) -> None:
        super().__init__(name, steps, rule)
        self.over = over
        self.var_name = var
        self.skip = skip
        self.stop = stop

    def start(self, state: "State", frame: Frame) -> None:
        frame.vars["_items"] = tuple(self.over(state))
        frame.vars["_k"] = -1
        self._next_item(state, frame)

    def _next_item(self, state: "State", frame: Frame) -> None:
        items = frame.vars["_items"]
        k = frame.vars["_k"] + 1
        while k < len(items) and self.skip is not None and self.skip(state, items[k]):
            k += 1
        if k >= len(items) or (self.stop is not None and self.stop(state)):
            end(state)
            return
        frame.vars["_k"] = k
        frame.vars[self.var_name] = items[k]
        frame.vars["_i"] = 0
        state.stack.append(Frame(self._names[0], {}))

    def resume(self, state: "State", frame: Frame, result: Any) -> None:
        i = frame.vars["_i"] + 1
        if i < len(self._names) and not (self.stop is not None and self.stop(state)):
            frame.vars["_i"] = i
            state.stack.append(Frame(self._names[i], {}))
        else:
            self._next_item(state, frame)


# --- several players at once: secret sequences -------------------------------------------

@attrs.define
class Branches:
    """A :class:`Parallel` step's record: each deciding player's own stack of frames, and
    the result each handed back on confirming."""

    frames: dict[str, list[Frame]]
    results: dict[str, Any]

    def clone(self) -> "Branches":
        return Branches({p: [f.copy() for f in fs] for p, fs in self.frames.items()}, dict(self.results))


class Parallel(Procedure):
    """Several players each work through their *own* sequence of secret choices at the same
    time (Warrior Knights' planning, a sealed bid split over several motions).

    Each player of ``players(state)`` runs ``branch`` (with frame variable ``player``) on a
    stack of frames of their own: their decisions can be several steps long, with calls and
    gotos, and the player confirms by ending the branch's root procedure with a result. While
    anyone is still deciding, the pending decision names every such player; each applies
    actions in any order. When the last one confirms, ``resolve(state, results)`` receives
    every player's result and the step ends.

    The branch is secret and must be undoable on its own, so its procedures keep what the
    player chooses in their frames and records, never in ``state.data``, and roll no dice
    (a :class:`FlowError` says so). Log events emitted inside a branch are shown only to its
    player. :func:`secret_of` gives a player's branch record to the game's view (shown to
    that player only) and to its resampling of hidden facts.
    """

    def __init__(
        self,
        name: str,
        branch: type[Procedure] | Procedure,
        players: Callable[["State"], Sequence[str]],
        resolve: Callable[["State", dict[str, Any]], None],
        kind: str = "secret",
        prompt: str = "",
        rule: str = "",
    ) -> None:
        self.name = name  # type: ignore[misc]
        self.rule = rule  # type: ignore[misc]
        self.branch = branch
        self.players = players
        self.resolve = resolve
        self.kind = kind
        self.prompt = prompt
        self._branch_name = ""  # set when the flow registers the branch

    def describe(self) -> str:
        return f"[{self.rule}] {self.name} (each player in secret)" if self.rule else f"{self.name} (each player in secret)"

    def children(self) -> Sequence[type[Procedure] | Procedure]:
        return (self.branch,)

    def start(self, state: "State", frame: Frame) -> None:
        if state.outer is not None:  # then entering a branch below need not check it again
            raise FlowError(f"{self.name}: a Parallel step cannot run inside another one's branch")
        players = tuple(self.players(state))
        frame.vars["players"] = players
        frame.record = Branches({p: [Frame(self._branch_name, {"player": p})] for p in players}, {})
        for p in players:
            self._run(state, frame, p, None)
        self._resolve_if_done(state, frame)

    def pending(self, state: "State", frame: Frame) -> Pending:
        done = frame.record.results
        return _new_tuple(Pending, (tuple([p for p in frame.vars["players"] if p not in done]), self.kind, self.prompt))

    def actions(self, state: "State", frame: Frame, player: str) -> Sequence[Action]:
        rec: Branches = frame.record
        if player in rec.results or player not in rec.frames:
            return []
        flow = state.game.flow
        assert flow is not None  # a Parallel step runs in a flow
        outer = state.stack  # enter the branch
        state.stack, state.outer, state.secret_to = rec.frames[player], outer, player
        try:
            top = state.stack[-1]  # the branch runs until its player confirms: never empty here
            return flow.procedures[top.proc].actions(state, top, player)
        finally:
            state.stack, state.outer, state.secret_to = outer, None, None  # leave the branch

    def act(self, state: "State", frame: Frame, action: Action) -> None:
        self._run(state, frame, action.player, action)
        if len(frame.record.results) == len(frame.vars["players"]):  # the last one confirmed
            self._resolve_if_done(state, frame)

    def reopen(self, state: "State", frame: Frame) -> None:
        """Each player still deciding has the step his branch waits at reopened."""
        rec: Branches = frame.record
        flow = state.game.flow
        assert flow is not None  # a Parallel step runs in a flow
        for player in frame.vars["players"]:
            if player in rec.results:
                continue
            outer = state.stack  # enter the branch
            state.stack, state.outer, state.secret_to = rec.frames[player], outer, player
            try:
                flow.reopen(state)
            finally:
                state.stack, state.outer, state.secret_to = outer, None, None  # leave the branch

    def _run(self, state: "State", frame: Frame, player: str, action: Action | None) -> None:
        """Run ``player``'s branch to its next decision (applying ``action`` first)."""
        rec: Branches = frame.record
        counter = state.rng.counter
        flow = state.game.flow
        assert flow is not None  # a Parallel step runs in a flow
        outer = state.stack  # enter the branch
        state.stack, state.outer, state.secret_to = rec.frames[player], outer, player
        try:
            if action is None:
                flow.settle(state)
            else:
                flow.act(state, action)
            if not state.stack:  # the branch's root ended: the player has confirmed
                boxed = state.flow_result or _NO_RESULT
                state.flow_result = None
                rec.results[player] = boxed[0]
        finally:
            state.stack, state.outer, state.secret_to = outer, None, None  # leave the branch
        if state.rng.counter != counter:
            raise FlowError(f"{self.name}: a secret branch rolled dice or shuffled; do it before or after")

    def _resolve_if_done(self, state: "State", frame: Frame) -> None:
        rec: Branches = frame.record
        if len(rec.results) < len(frame.vars["players"]):
            return
        results = {p: rec.results[p] for p in frame.vars["players"]}
        state.emit(f"{self.name}: every choice is revealed", "reveal", reveal=True)
        self.resolve(state, results)
        if state.stack and state.stack[-1] is frame and state.flow_result is None:
            end(state)


def in_secret_step(state: "State") -> bool:
    """Whether the pending decision belongs to a :class:`Parallel` step (each player's
    choices there are secret and undoable on their own)."""
    return bool(state.stack) and isinstance(state.stack[-1].record, Branches)


def secret_of(state: "State", player: str) -> Any:
    """``player``'s secret choices in the innermost running :class:`Parallel` step: the record
    of their branch's root procedure while they decide, the result they handed back once they
    have confirmed; ``None`` when no such step is running or ``player`` takes no part.

    For the game's view (show it to ``player`` only) and its resampling of hidden facts."""
    stack = state.outer if state.outer is not None else state.stack
    for frame in reversed(stack):
        rec = frame.record
        if isinstance(rec, Branches):
            frames = rec.frames.get(player)
            if player in rec.results:
                return rec.results[player]
            return frames[0].record if frames else None
    return None


# --- interrupt windows ----------------------------------------------------------------------

class Window(Procedure):
    """An interrupt window: at a declared point of another player's procedure, the players of
    :meth:`responders` are asked in turn whether to respond (defensive fire during an enemy
    move, a counter-charge, cancelling an event with faith) or to pass.

    The procedure that reaches the point just calls the window; the window asks, applies a
    response through :meth:`respond` (which may call sub-procedures of its own), and hands
    back only ``True`` if somebody responded, ``False`` if all passed -- never who. By default
    the first response closes the window; with ``each_may_respond`` every responder is asked.
    A responder with no possible response is not asked.
    """

    kind: ClassVar[str] = "respond"
    prompt: ClassVar[str] = ""
    pass_label: ClassVar[str] = "pass"
    each_may_respond: ClassVar[bool] = False

    def responders(self, state: "State", frame: Frame) -> Sequence[str]:
        """Who may respond, in the order they are asked (computed when the window opens)."""
        raise NotImplementedError

    def responses(self, state: "State", frame: Frame, player: str) -> Sequence[Action]:
        """``player``'s possible responses now (the pass is added by the window)."""
        raise NotImplementedError

    def respond(self, state: "State", frame: Frame, action: Action) -> None:
        """Carry out a response (may ``call`` a sub-procedure; the window resumes after it)."""
        raise NotImplementedError

    def start(self, state: "State", frame: Frame) -> None:
        frame.vars["_who"] = tuple(self.responders(state, frame))
        frame.vars["_n"] = -1
        frame.vars["_answered"] = False
        self._ask_next(state, frame)

    def _ask_next(self, state: "State", frame: Frame) -> None:
        who = frame.vars["_who"]
        n = frame.vars["_n"] + 1
        while n < len(who) and not self.responses(state, frame, who[n]):
            n += 1
        if n >= len(who):
            end(state, frame.vars["_answered"])
            return
        frame.vars["_n"] = n

    def pending(self, state: "State", frame: Frame) -> Pending:
        return Pending((frame.vars["_who"][frame.vars["_n"]],), self.kind, self.prompt or self.name)

    def actions(self, state: "State", frame: Frame, player: str) -> Sequence[Action]:
        return [*self.responses(state, frame, player), Action(player, self.pass_label, "pass")]

    def act(self, state: "State", frame: Frame, action: Action) -> None:
        if action.kind == "pass" and action.label == self.pass_label:
            self._ask_next(state, frame)
            return
        frame.vars["_answered"] = True
        self.respond(state, frame, action)
        if state.stack[-1] is frame and state.flow_result is None:
            self._after_response(state, frame)

    def resume(self, state: "State", frame: Frame, result: Any) -> None:
        self._after_response(state, frame)

    def _after_response(self, state: "State", frame: Frame) -> None:
        if self.each_may_respond:
            self._ask_next(state, frame)
        else:
            end(state, True)


# --- sub-games -------------------------------------------------------------------------------

class SubGame:
    """A procedure tree that more than one flow calls: a tactical battle fought in an open
    skirmish, on a siege day or in a campaign encounter.

    A parent flow lists the sub-game among its ``extra`` procedures and starts it with
    :meth:`call`, passing its inputs (frame variables and the sub-game's record); the
    sub-game's procedures work on that record (found with :func:`record`), never on the
    parent game's ``state.data``, and the entry procedure ends with the result that the
    caller's ``resume`` receives."""

    def __init__(self, name: str, entry: type[Procedure], procedures: Iterable[type[Procedure] | Procedure] = ()) -> None:
        self.name = name
        self.entry = entry
        self.procedures: tuple[type[Procedure] | Procedure, ...] = (entry, *procedures)

    def call(self, state: "State", record: Any = None, **inputs: Any) -> None:
        """Start the sub-game from the current procedure, which resumes with its result."""
        call(state, self.entry, record=record, **inputs)

    def __repr__(self) -> str:
        return f"SubGame({self.name!r})"


# --- the flow of one game ------------------------------------------------------------------

class Flow:
    """A game's declared sequence of play, plus the procedures it may call (battles, ...).

    ``root`` is the top procedure; ``extra`` lists procedures only reached by ``call``, and
    the :class:`SubGame` trees the game calls.
    """

    def __init__(
        self, root: Procedure | type[Procedure], extra: Iterable[type[Procedure] | Procedure | SubGame] = ()
    ) -> None:
        self.procedures: dict[str, Procedure] = {}
        self.root = self._register(root)
        for item in extra:
            if isinstance(item, SubGame):
                for proc in item.procedures:
                    self._register(proc)
            else:
                self._register(item)

    def _register(self, proc: Procedure | type[Procedure]) -> str:
        inst = proc() if isinstance(proc, type) else proc
        known = self.procedures.get(inst.name)
        if known is not None:
            # the same procedure class may be listed twice; two different combinator
            # instances, or two classes, may not share a name
            if known is inst or (isinstance(proc, type) and type(known) is proc):
                return inst.name
            raise FlowError(f"two procedures are called {inst.name!r}")
        self.procedures[inst.name] = inst
        names = tuple(self._register(child) for child in inst.children())
        if isinstance(inst, Steps):
            if not names:
                raise FlowError(f"{inst.name} has no steps")
            inst._names = names
        elif isinstance(inst, Parallel):
            inst._branch_name = names[0]
        return inst.name

    def describe(self) -> list[str]:
        """The declared sequence as indented lines (what ``banneret info`` prints)."""
        lines: list[str] = []

        def walk(name: str, depth: int) -> None:
            proc = self.procedures[name]
            lines.append("  " * depth + proc.describe())
            for child in proc.children():
                child_name = child.name if isinstance(child, Procedure) else child.name
                walk(child_name, depth + 1)

        walk(self.root, 0)
        called = [n for n in self.procedures if not _reachable(self, self.root, n)]
        for name in called:  # each under the called procedure that calls it, not again on its own
            if not any(other != name and _reachable(self, other, name) and not _reachable(self, name, other)
                       for other in called):
                walk(name, 0)
        return lines

    # --- driving -------------------------------------------------------------------------

    def begin(self, state: "State") -> None:
        state.stack = [Frame(self.root, {})]
        self.settle(state)

    def settle(self, state: "State") -> None:
        """Run automatic procedures until one waits for a decision or the flow is done."""
        procs = self.procedures
        stack = state.stack
        while True:
            if state.flow_result is not None:
                if not stack:
                    if state.outer is None:
                        state.flow_result = None  # the game's flow is done
                    return  # else a Parallel branch is done: its runner takes the result
                (result,) = state.flow_result
                state.flow_result = None
                top = stack[-1]
                procs[top.proc].resume(state, top, result)
                continue
            if not stack:
                return
            top = stack[-1]
            if not top.started:
                top.started = True
                procs[top.proc].start(state, top)
                continue
            return

    def pending(self, state: "State") -> Pending:
        if not state.stack:
            return GAME_OVER
        top = state.stack[-1]
        return self.procedures[top.proc].pending(state, top)

    def actions(self, state: "State", player: str) -> Sequence[Action]:
        if not state.stack:
            return ()
        top = state.stack[-1]
        return self.procedures[top.proc].actions(state, top, player)

    def act(self, state: "State", action: Action) -> None:
        top = state.stack[-1]
        self.procedures[top.proc].act(state, top, action)
        stack = state.stack
        if state.flow_result is not None or (stack and not stack[-1].started):
            self.settle(state)  # something ended, or was called: run on to the next decision

    def reopen(self, state: "State") -> None:
        """Reopen the procedure waiting for a decision (:meth:`Procedure.reopen`)."""
        if state.stack:
            top = state.stack[-1]
            self.procedures[top.proc].reopen(state, top)

    def current(self, state: "State") -> list[str]:
        """Names of the active procedures, outermost first (for renderers and logs)."""
        return [f.proc for f in state.stack]

    def active(self, state: "State") -> tuple[Procedure, Frame] | None:
        """The procedure waiting for a decision and its frame (for views and renderers that
        show what the decision is about); ``None`` when the game is over."""
        if not state.stack:
            return None
        top = state.stack[-1]
        return self.procedures[top.proc], top


def _reachable(flow: Flow, root: str, target: str) -> bool:
    if root == target:
        return True
    return any(
        _reachable(flow, c.name, target) for c in flow.procedures[root].children()
    )
