"""7-10 The game turn up to the player steps: the turn's start (7), plague (8), the
Crusader Kingdom with its ship and landing (9), and income with the suzerains' choice of
where each vassal's goes (10)."""

from __future__ import annotations

from typing import Any

from banneret.flow import Frame, Procedure, call, end, goto
from banneret.state import State
from banneret.types import Action, Pending
from banneret_hex_kingdoms import rules as R
from banneret_hex_kingdoms.decisions import Decision, label_cache
from banneret_hex_kingdoms.rules import CAP_MAX, STACK
from banneret_hex_kingdoms.state import SPENT, STRENGTH

__all__ = ["CrusaderKingdom", "Income", "IncomeDestinations", "Landing", "MakeRoom", "Plague", "TurnStart"]


class TurnStart(Procedure):
    """A new game turn: fresh actions and extra-move eligibility for everyone."""

    rule = "7"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        d.turn += 1
        for h, stack in enumerate(d.stacks):
            if stack and any(c & SPENT for c in stack):
                d.stacks[h] = tuple(c & STRENGTH for c in stack)
        d.acted = [False] * d.nk
        state.emit(f"--- turn {d.turn} ---", "turn")
        end(state)


class Plague(Procedure):
    """Phase 1a: 2d6 names a province; controlled provinces suffer (barons revolt in 2/12)."""

    rule = "8"

    def start(self, state: State, frame: Frame) -> None:
        R.plague(state.data, state.rng, state.emit)
        end(state)


class CrusaderKingdom(Procedure):
    """Phase 1b: once the crusade is won, elect the king once, then one ship every turn."""

    rule = "9"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        if not d.crusade_won:
            end(state)
            return
        if d.king < 0:
            R.election(d, state.rng, state.emit)  # 9.2
            if d.king < 0:
                end(state)
                return
        s = R.ship_strength(state.rng, d.num["ship_min"])  # 9.3, C-22
        king = d.king
        hexes = R.landing_hexes(d, king) if d.can_create(king) else []
        if not hexes and not R.capital_landing(d, king):
            state.emit(f"a crusader ship [{s}] finds no landing and is lost")
            end(state)
            return
        state.emit(f"a crusader ship brings knights of strength {s} for {d.names[king]}")
        call(state, Landing, strength=s, hexes=tuple(hexes))

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        end(state)


class Landing(Decision):
    """The crusader king picks a landing hex, its own capital, or sends the ship away (C-27)."""

    rule = "9.3"

    kind = "landing"
    prompt = "Land the crusaders"

    def who(self, state: State, frame: Frame) -> int:
        return state.data.king

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        s = frame.vars["strength"]
        names = d.board.name
        cache = label_cache(d)
        out = []
        for h in frame.vars["hexes"]:
            a = cache.get((player, "land", (h, s)))
            if a is None:
                a = cache[(player, "land", (h, s))] = Action(player, f"land {s} on {names[h]}", "land", h)
            out.append(a)
        if R.capital_landing(d, d.king):
            out.append(Action(player, f"reinforce the capital with {s}", "capital"))
        out.append(Action(player, "send the ship away", "decline"))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        s = frame.vars["strength"]
        king = d.king
        if action.kind == "capital":
            before = d.cap[king]
            d.cap[king] = min(CAP_MAX, before + s)
            state.emit(f"crusaders reinforce {d.names[king]}'s capital: {before} -> {d.cap[king]}")
        elif action.kind == "land":
            h = action.args
            if len(d.stacks[h]) >= STACK:
                goto(state, MakeRoom, strength=s, hex=h)
                return
            R.add_armies(d, h, king, (s,))
            state.emit(f"crusaders [{s}] land on {d.board.label(h)}")
            R.settle_conquests(d, "landing", state.emit)
        else:
            state.emit("the crusader ship is sent away")
        end(state)


class MakeRoom(Decision):
    """The landing hex is full: the king removes one of its armies there (9.3)."""

    rule = "9.3"

    kind = "make-room"
    prompt = "Remove an army to make room"

    def who(self, state: State, frame: Frame) -> int:
        return state.data.king

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        strengths = sorted({c & STRENGTH for c in d.stacks[frame.vars["hex"]]})
        return [Action(player, f"remove {s}", "drop", s) for s in strengths]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        h, s = frame.vars["hex"], frame.vars["strength"]
        stack = list(d.stacks[h])
        stack.remove(next(c for c in stack if c & STRENGTH == action.args))
        d.put(h, d.king, tuple(stack) + (s,))
        state.emit(f"{d.names[d.king]} dismisses a [{action.args}]; crusaders [{s}] land on {d.board.label(h)}")
        R.settle_conquests(d, "landing", state.emit)
        end(state)


class IncomeDestinations(Decision):
    """Suzerains choose where each vassal's income goes (10, C-29)."""

    rule = "10"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        d.income_to = [-1] * len(d.income_to)
        todo = []
        for v in d.seats:
            if d.free(v):
                continue
            provs = d.provinces_of(v)
            if not provs:
                continue
            if d.rules.vassal_income_split == "per_vassal":
                todo.append((v, 0))
            else:
                todo.extend((v, p) for p in provs)
        if not todo:
            end(state)
            return
        frame.vars["todo"] = tuple(todo)

    def who(self, state: State, frame: Frame) -> int:
        return frame.vars["todo"][0][0]

    def pending(self, state: State, frame: Frame) -> Pending:
        d = state.data
        v = frame.vars["todo"][0][0]
        return Pending((d.names[d.suzerain[v]],), "income", "Where does the vassal's income go?")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        v, p = frame.vars["todo"][0]
        what = f"province {p}" if p else d.names[v]
        return [
            Action(player, f"income of {what} to {d.names[v]}'s capital", "income", v),
            Action(player, f"income of {what} to {d.names[d.suzerain[v]]}'s capital", "income", d.suzerain[v]),
        ]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        todo = frame.vars["todo"]
        v, p = todo[0]
        for q in ([p] if p else d.provinces_of(v)):
            d.income_to[q] = action.args
        if len(todo) == 1:
            end(state)
        else:
            frame.vars["todo"] = todo[1:]


class Income(Procedure):
    """Phase 2: +2 per connected province (+3 for 2 and 12) into the capital, at most 9."""

    rule = "10"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        dest = {p: k for p, k in enumerate(d.income_to) if k >= 0}
        R.income(d, dest, state.emit)
        end(state)
