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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Sequence

from banneret.types import GAME_OVER, Action, Pending

if TYPE_CHECKING:
    from banneret.state import State

__all__ = ["Frame", "Procedure", "Steps", "Repeat", "ForEach", "Flow", "FlowError"]


class FlowError(RuntimeError):
    """A plugin's flow is inconsistent (a programming error, not bad user input)."""


class Frame:
    """One active procedure and its local variables."""

    __slots__ = ("proc", "vars", "started")

    def __init__(self, proc: str, vars: dict[str, Any], started: bool = False) -> None:
        self.proc = proc
        self.vars = vars
        self.started = started

    def copy(self) -> "Frame":
        return Frame(self.proc, self.vars.copy(), self.started)

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

    def actions(self, state: "State", frame: Frame, player: str) -> list[Action]:
        return []

    def act(self, state: "State", frame: Frame, action: Action) -> None:
        raise FlowError(f"procedure {self.name} received an action but does not take any")

    def resume(self, state: "State", frame: Frame, result: Any) -> None:
        """A sub-procedure ended with ``result``. Default: end this one with the same result."""
        end(state, result)

    def children(self) -> Sequence[type["Procedure"] | "Procedure"]:
        return ()

    def describe(self) -> str:
        doc = (type(self).__doc__ or "").strip().splitlines()
        head = doc[0] if doc else ""
        rule = f"[{self.rule}] " if self.rule else ""
        return f"{rule}{self.name}" + (f" — {head}" if head and head != self.name else "")


# --- flow operations, called by procedures ------------------------------------------------

def call(state: "State", proc: "str | type[Procedure]", **vars: Any) -> None:
    """Start ``proc`` as a sub-procedure; the caller resumes when it ends."""
    name = proc if isinstance(proc, str) else proc.name
    state.stack.append(Frame(name, vars))


def goto(state: "State", proc: "str | type[Procedure]", **vars: Any) -> None:
    """Replace the current procedure by ``proc`` (same caller)."""
    name = proc if isinstance(proc, str) else proc.name
    state.stack[-1] = Frame(name, vars)


def end(state: "State", result: Any = None) -> None:
    """End the current procedure and hand ``result`` to its caller's ``resume``."""
    state.stack.pop()
    state.flow_result = _NO_RESULT if result is None else (result,)


_NO_RESULT = (None,)  # the usual result, boxed once: ``flow_result`` None means "nothing ended"


def var(state: "State", name: str, default: Any = KeyError) -> Any:
    """The nearest frame variable called ``name``, searching from the innermost frame out."""
    for frame in reversed(state.stack):
        if name in frame.vars:
            return frame.vars[name]
    if default is KeyError:
        raise FlowError(f"no frame variable {name!r} in {[f.proc for f in state.stack]}")
    return default


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


# --- the flow of one game ------------------------------------------------------------------

class Flow:
    """A game's declared sequence of play, plus the procedures it may call (battles, ...).

    ``root`` is the top procedure; ``extra`` lists procedures only reached by ``call``.
    """

    def __init__(self, root: Procedure | type[Procedure], extra: Iterable[type[Procedure] | Procedure] = ()) -> None:
        self.procedures: dict[str, Procedure] = {}
        self.root = self._register(root)
        for proc in extra:
            self._register(proc)

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
        for name in called:
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
                (result,) = state.flow_result
                state.flow_result = None
                if not stack:
                    return
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

    def actions(self, state: "State", player: str) -> list[Action]:
        if not state.stack:
            return []
        top = state.stack[-1]
        return self.procedures[top.proc].actions(state, top, player)

    def act(self, state: "State", action: Action) -> None:
        top = state.stack[-1]
        self.procedures[top.proc].act(state, top, action)
        if state.flow_result is not None or not state.stack[-1].started:
            self.settle(state)  # something ended, or was called: run on to the next decision

    def current(self, state: "State") -> list[str]:
        """Names of the active procedures, outermost first (for renderers and logs)."""
        return [f.proc for f in state.stack]


def _reachable(flow: Flow, root: str, target: str) -> bool:
    if root == target:
        return True
    return any(
        _reachable(flow, c.name, target) for c in flow.procedures[root].children()
    )
