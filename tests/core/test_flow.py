"""The declared flow: combinators run their steps in order, procedures call and resume
with results, end early, goto a sibling, read variables from enclosing frames, and the
declaration describes itself."""

from __future__ import annotations

import pytest

from banneret import Action, Flow, ForEach, Frame, Game, GameInfo, Pending, Procedure, Repeat, Scenario, State, Steps
from banneret.flow import FlowError, call, end, goto, var
from banneret.types import GAME_OVER


class Trace:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.count = 0

    def clone(self) -> "Trace":
        new = Trace()
        new.lines, new.count = list(self.lines), self.count
        return new


class Bare(Game):
    info = GameInfo("bare", "Bare", "1", "", "", ("a", "b"), 2, 2, (Scenario("test", ""),))


def run(flow: Flow, count: int = 0) -> State:
    state = State(Bare(), 0, "test", {}, {}, ("a", "b"))
    state.data = Trace()
    state.data.count = count
    flow.begin(state)
    return state


def log(state: State, line: str) -> None:
    state.data.lines.append(line)


class A(Procedure):
    """First step."""

    rule = "1.1"

    def start(self, state, frame):
        log(state, "A")
        end(state)


class B(Procedure):
    def start(self, state, frame):
        log(state, "B")
        end(state)


class C(Procedure):
    def start(self, state, frame):
        log(state, "C")
        end(state)


class Tick(Procedure):
    def start(self, state, frame):
        state.data.count += 1
        log(state, f"tick {state.data.count} pass {var(state, 'pass', None)}")
        end(state)


def test_steps_run_in_order_then_the_flow_ends():
    flow = Flow(Steps("turn", [A, B, C]))
    state = run(flow)
    assert state.data.lines == ["A", "B", "C"]
    assert state.stack == [] and flow.pending(state) == GAME_OVER
    assert flow.actions(state, "a") == ()


def test_nested_steps():
    flow = Flow(Steps("game", [A, Steps("phase", [B, C]), A]))
    assert run(flow).data.lines == ["A", "B", "C", "A"]


def test_repeat_counts_passes_until_done():
    flow = Flow(Repeat("turns", [Tick, B], until=lambda s: s.data.count >= 3, counter="pass"))
    assert run(flow).data.lines == ["tick 1 pass 1", "B", "tick 2 pass 2", "B", "tick 3 pass 3"]


def test_repeat_checks_before_the_first_pass():
    flow = Flow(Repeat("turns", [Tick], until=lambda s: True))
    assert run(flow).data.lines == []


def test_repeat_stops_mid_pass_when_the_game_ends():
    flow = Flow(Repeat("turns", [Tick, B, C], until=lambda s: s.data.count >= 1))
    assert run(flow).data.lines == ["tick 1 pass None"]


class Item(Procedure):
    def start(self, state, frame):
        log(state, f"item {var(state, 'side')}")
        end(state)


def test_foreach_binds_each_item_and_skips():
    flow = Flow(ForEach("sides", over=lambda s: ("x", "y", "z"), var="side", steps=[Item, B],
                        skip=lambda s, item: item == "y"))
    assert run(flow).data.lines == ["item x", "B", "item z", "B"]


def test_foreach_stop_ends_the_loop_at_once():
    class Count(Procedure):
        name = "Count"

        def start(self, state, frame):
            state.data.count += 1
            log(state, f"count {var(state, 'side')}")
            end(state)

    flow = Flow(ForEach("sides", over=lambda s: ("x", "y", "z"), var="side", steps=[Count, B],
                        stop=lambda s: s.data.count >= 2))
    assert run(flow).data.lines == ["count x", "B", "count y"]


def test_foreach_fixes_its_items_when_it_starts():
    class Grow(Procedure):
        def start(self, state, frame):
            state.data.count += 1
            log(state, f"{var(state, 'n')}")
            end(state)

    flow = Flow(ForEach("loop", over=lambda s: tuple(range(s.data.count + 2)), var="n", steps=[Grow]))
    assert run(flow).data.lines == ["0", "1"]


class Battle(Procedure):
    """A battle: calls a round and records its result."""

    rule = "9"

    def start(self, state, frame):
        frame["side"] = "battle"
        call(state, Round, attacker="x")

    def resume(self, state, frame, result):
        log(state, f"battle got {result!r}")
        end(state, f"battle:{result}")


class Round(Procedure):
    """One round that may end early."""

    def start(self, state, frame):
        log(state, f"round side={var(state, 'side')} attacker={var(state, 'attacker')} depth={len(state.stack)}")
        if state.data.count == 0:
            end(state, "early")  # early exit before any decision
            return
        frame["blows"] = 0

    def pending(self, state, frame):
        return Pending(("a",), "blow", "Strike or stop")

    def actions(self, state, frame, player):
        return [Action(player, "strike", "strike"), Action(player, "stop", "stop")]

    def act(self, state, frame, action):
        if action.kind == "stop":
            end(state, f"after {frame['blows']} blows")
        else:
            frame["blows"] += 1


class Campaign(Procedure):
    def start(self, state, frame):
        frame["side"] = "campaign"
        call(state, Battle)

    def resume(self, state, frame, result):
        log(state, f"campaign got {result!r}")
        end(state)


def test_call_and_resume_pass_results_up_and_vars_are_read_innermost_first():
    flow = Flow(Campaign, extra=[Battle, Round])
    state = run(flow)
    assert state.data.lines == [
        "round side=battle attacker=x depth=3",
        "battle got 'early'",
        "campaign got 'battle:early'",
    ]
    assert flow.pending(state) == GAME_OVER


def test_a_called_procedure_waits_for_decisions_then_resumes_its_caller():
    flow = Flow(Campaign, extra=[Battle, Round])
    state = run(flow, count=1)
    assert flow.current(state) == ["Campaign", "Battle", "Round"]
    assert flow.pending(state) == Pending(("a",), "blow", "Strike or stop")
    flow.act(state, Action("a", "strike", "strike"))
    flow.act(state, Action("a", "strike", "strike"))
    assert state.stack[-1]["blows"] == 2
    flow.act(state, Action("a", "stop", "stop"))
    assert state.data.lines[1:] == ["battle got 'after 2 blows'", "campaign got 'battle:after 2 blows'"]
    assert state.stack == []


class Jump(Procedure):
    def start(self, state, frame):
        log(state, "jump")
        goto(state, Landing, where="there")


class Landing(Procedure):
    def start(self, state, frame):
        log(state, f"landed {frame['where']} depth={len(state.stack)}")
        end(state, "landed")


class Caller(Procedure):
    def start(self, state, frame):
        call(state, Jump)

    def resume(self, state, frame, result):
        log(state, f"caller got {result!r}")
        end(state)


def test_goto_replaces_the_procedure_under_the_same_caller():
    flow = Flow(Caller, extra=[Jump, Landing])
    assert run(flow).data.lines == ["jump", "landed there depth=2", "caller got 'landed'"]


def test_var_missing_names_the_stack_or_gives_the_default():
    flow = Flow(Campaign, extra=[Battle, Round])
    state = run(flow, count=1)
    assert var(state, "nothing", 7) == 7
    assert var(state, "side") == "battle"
    with pytest.raises(FlowError, match=r"no frame variable 'nothing' in \['Campaign', 'Battle', 'Round'\]"):
        var(state, "nothing")


def test_frames_copy_their_variables():
    frame = Frame("p", {"n": 1})
    copy = frame.copy()
    copy["n"] = 2
    assert frame["n"] == 1 and copy["n"] == 2 and repr(frame) == "Frame('p', {'n': 1})"


def test_describe_lists_the_declared_sequence_then_called_procedures():
    flow = Flow(
        Repeat("game turn", [A, Steps("phase", [B], rule="3"), Campaign], until=lambda s: True, rule="2"),
        extra=[Battle, Round],
    )
    assert flow.describe() == [
        "[2] game turn",
        "  [1.1] A — First step.",
        "  [3] phase",
        "    B",
        "  Campaign",
        "[9] Battle — A battle: calls a round and records its result.",
        "Round — One round that may end early.",
    ]


def test_a_called_procedure_is_listed_once_under_its_caller_and_cross_references_read_as_names():
    class Ballot(Procedure):
        """Each voter casts a :class:`~banneret.flow.Decision` of :data:`VOTES` (9.3)."""

    class Session(Procedure):
        """The session calls :func:`ballot`."""

        def children(self):
            return (Ballot,)

    flow = Flow(Steps("turn", [A], rule="1"), extra=[Ballot, Session])
    assert flow.describe()[-2:] == ["Session — The session calls ballot.", "  Ballot — Each voter casts a Decision of VOTES (9.3)."]
    assert sum("Ballot" in line for line in flow.describe()) == 1


def test_a_description_is_the_docstrings_whole_first_sentence():
    """A first sentence wrapped over two lines is shown whole, without reST quotes; the
    next sentence and paragraph are not."""

    class Wrapped(Procedure):
        """Step 3b: at most one action, chosen from a menu that is much longer than one
        docstring line (11.2). Then more detail.

        A second paragraph."""

        rule = "11.2"

    class NoStop(Procedure):
        """Press ``end`` to stop: the last
        line has no full stop"""

    assert Wrapped().describe() == ("[11.2] Wrapped — Step 3b: at most one action, chosen from a menu that "
                                    "is much longer than one docstring line (11.2).")
    assert NoStop().describe() == "NoStop — Press end to stop: the last line has no full stop"


def test_procedure_names_default_to_the_class_name():
    assert (A.name, Battle.name, Round.rule) == ("A", "Battle", "")


def test_two_procedures_with_one_name_are_refused():
    class Other(Procedure):
        name = "A"

    with pytest.raises(FlowError, match="two procedures are called 'A'"):
        Flow(Steps("s", [A, Other]))


def test_steps_need_steps():
    with pytest.raises(FlowError, match="empty has no steps"):
        Flow(Steps("empty", []))


def test_a_procedure_that_waits_without_a_decision_is_a_flow_error():
    class Stuck(Procedure):
        pass

    flow = Flow(Stuck)
    state = run(flow)
    with pytest.raises(FlowError, match="procedure Stuck is waiting but declares no decision"):
        flow.pending(state)
    with pytest.raises(FlowError, match="procedure Stuck received an action but does not take any"):
        flow.act(state, Action("a", "x"))


def test_two_combinators_with_one_name_are_refused():
    with pytest.raises(FlowError, match="two procedures are called 'phase'"):
        Flow(Steps("game", [Steps("phase", [A]), Steps("phase", [B])]))
