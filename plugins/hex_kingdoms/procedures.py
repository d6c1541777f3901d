"""The sequence of play (rules section 7), declared as nested procedures.

::

    hex kingdoms
      5.1  PlaceTiles           (only when the players lay the tiles)
      5.2  Capitals             roll 2d6 for a province, choose an outer edge
      7    game turn (repeated until an Emperor is crowned or the turn limit)
        7    TurnStart
        8    Plague             plague roll, losses, barons' revolt in 2 and 12
        9    CrusaderKingdom    king election (once), one crusader ship  -> Landing -> MakeRoom
        10   IncomeDestinations suzerains route their vassals' income
        10   Income
        11   player steps, each kingdom in seat order:
               11.1 Regroup     merge/split/shift pips within hexes
               11.2 OneAction   levy, march, move, assault, castle, crusade or pass
                                  -> Muster -> Wave -> RetreatOrStand -> Withdraw
                                                    -> PressOn -> Occupy
                                  -> CastlePayment
               11.3 ExtraMoves  one move per controlled province
        16   EndOfTurn          victory check

A vassal's decisions are answered by its suzerain's player (C-40) unless the
``vassal_decisions`` option delegates them. Every decision is one small choice.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from banneret.flow import Flow, ForEach, Frame, Procedure, Repeat, Steps, call, end, goto, var
from banneret.state import State
from banneret.types import Action, Pending
from banneret_hex_kingdoms import rules as R
from banneret_hex_kingdoms.assault import End, capital_defence, initial_advantage, resolve_wave
from banneret_hex_kingdoms.genesis import (
    DIRECTION_NAMES,
    Board,
    Placement,
    capital_options,
    placement_candidates,
    random_layout,
    required_touch,
    roll_capital_province,
)
from banneret_hex_kingdoms.state import PART, SPENT, STRENGTH, HKData
from banneret_hex_kingdoms.tables import tables

__all__ = ["FLOW", "controller", "deciding_kingdom"]

T = tables()
CAP_MAX = T.n("capital_max")
STACK = T.n("stack_limit")


def controller(d: HKData, k: int) -> str:
    """The player who answers kingdom ``k``'s decisions (15.2, C-40)."""
    s = d.suzerain[k]
    if s < 0 or d.rules.vassal_decisions == "delegate":
        return d.names[k]
    return d.names[s]


def deciding_kingdom(state: State) -> int:
    """The kingdom on whose behalf the pending decision is taken (for agents and views)."""
    if not state.stack:
        return -1
    top = state.stack[-1]
    return FLOW.procedures[top.proc].who(state, top)  # type: ignore[attr-defined]


class Decision(Procedure):
    """A procedure that waits for one kingdom's choice; ``who`` names the kingdom."""

    kind = ""
    prompt = ""

    def who(self, state: State, frame: Frame) -> int:
        return state.data.acting

    def pending(self, state: State, frame: Frame) -> Pending:
        d = state.data
        k = self.who(state, frame)
        s = d.suzerain[k]
        player = d.names[k] if s < 0 or d.rules.vassal_decisions == "delegate" else d.names[s]  # controller()
        p = _PENDING.get((self.name, player))
        if p is None:
            p = _PENDING[(self.name, player)] = Pending((player,), self.kind, self.prompt)
        return p


_PENDING: dict[tuple[str, str], Pending] = {}
"""The decisions' fixed ``Pending`` values, one per procedure and player."""


# --- 5 set-up ---------------------------------------------------------------------------------


class PlaceTiles(Decision):
    """Players lay the province tiles in seat order (5.1 with genesis_placement = players)."""

    rule = "5.1"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        if d.board is not None:
            end(state)

    kind = "tile"
    prompt = "Lay the next province tile"

    def who(self, state: State, frame: Frame) -> int:
        d = state.data
        return d.seats[(len(d.layout) - 1) % d.nk]

    def _cands(self, d: HKData) -> list[tuple[Any, int, int]]:
        placed = {h for p in d.layout for h in p.hexes}
        i = len(d.layout)
        cands = placement_candidates(placed, required_touch(i))
        if not cands:
            cands = placement_candidates(placed, 3)  # C-15
        return cands

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        n = d.tile_order[len(d.layout)]
        return [
            Action(player, f"lay tile {n} at ({a[0]},{a[1]}) turned {rot}", "tile", (a, rot, touch))
            for a, rot, touch in self._cands(d)
        ]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        anchor, rot, touch = action.args
        d.layout.append(Placement(d.tile_order[len(d.layout)], anchor, rot, touch))
        if len(d.layout) == len(d.tile_order):
            _set_board(d, d.layout)
            state.emit("the Old Continent is complete")
            end(state)


def _set_board(d: HKData, layout: list[Placement]) -> None:
    d.layout = list(layout)
    d.set_board(Board(layout, swap_specials=d.rules.special_hex_assignment == "swapped"))


class Capitals(Decision):
    """Each kingdom in seat order rolls 2d6 for its province and picks an outer edge (5.2)."""

    rule = "5.2"

    def start(self, state: State, frame: Frame) -> None:
        frame.vars["i"] = 0
        self._next(state, frame)

    def _opts(self, d: HKData, province: int) -> list[Any]:
        taken = [c for c in d.capital if c is not None]
        return capital_options(d.board, province, taken, model=d.rules.capital_model,
                               min_gate_distance=d.rules.capital_min_gate_distance)

    def _next(self, state: State, frame: Frame) -> None:
        d = state.data
        while frame.vars["i"] < d.nk:
            k = d.seats[frame.vars["i"]]
            taken = [c for c in d.capital if c is not None]
            province, rolls = roll_capital_province(
                state.rng, d.board, taken, model=d.rules.capital_model,
                min_gate_distance=d.rules.capital_min_gate_distance)
            if province is None:  # C-18: no province can take it: a new map
                state.emit("no province can take a capital: the map is built again")
                _set_board(d, random_layout(state.rng))
                d.capital = [None] * d.nk
                frame.vars["i"] = 0
                continue
            state.emit(f"{d.names[k]} rolls {', '.join(map(str, rolls))}: capital in province {province}")
            opts = self._opts(d, province)
            if len(opts) == 1:
                self._place(state, k, opts[0])
                frame.vars["i"] += 1
                continue
            frame.vars["province"] = province
            return
        end(state)

    def _place(self, state: State, k: int, cap: Any) -> None:
        d = state.data
        d.capital[k] = cap
        state.emit(f"{d.names[k]} raises its capital by {' '.join(d.board.name[g] for g in cap.gates)}")

    kind = "capital"
    prompt = "Choose your capital's edge"

    def who(self, state: State, frame: Frame) -> int:
        return state.data.seats[frame.vars["i"]]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        out = []
        for c in self._opts(d, frame.vars["province"]):
            if c.direction is not None:
                label = f"capital at {d.board.name[c.gates[0]]} {DIRECTION_NAMES[c.direction]}"
            else:
                label = f"capital in cell ({c.cell[0]},{c.cell[1]})"
            out.append(Action(player, label, "capital", c))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        self._place(state, d.seats[frame.vars["i"]], action.args)
        frame.vars["i"] += 1
        self._next(state, frame)


# --- 7 the game turn --------------------------------------------------------------------------


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
        cache = _label_cache(d)
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


# --- 11 the player step -------------------------------------------------------------------------


def _regroup_hexes(d: HKData, k: int, done: tuple[int, ...]) -> list[int]:
    """Own hexes, not yet regrouped, whose pips allow another arrangement: 2 to 22 pips
    (one pip, or 23 and 24 pips in four dice, can only be laid out one way)."""
    stacks = d.stacks
    out = []
    for h, o in enumerate(d.owner):
        if o == k and h not in done:
            pips = 0
            for c in stacks[h]:
                pips += c & STRENGTH
            if 1 < pips < 23:
                out.append(h)
    if d.rules.max_armies_per_kingdom > 0:
        out = [h for h in out if _forms(d, k, h)]
    return out


@cache
def _other_forms(current: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every arrangement of these dice's pips but the current one (strongest first)."""
    return tuple(p for p in R.partitions(sum(current)) if p != current)


def _forms(d: HKData, k: int, h: int) -> tuple[tuple[int, ...], ...]:
    stack = d.stacks[h]
    out = _other_forms(tuple(sorted((c & STRENGTH for c in stack), reverse=True)))
    cap = d.rules.max_armies_per_kingdom
    if cap > 0:
        room = cap - d.army_count(k) + len(stack)
        out = tuple(p for p in out if len(p) <= room)
    return out


_FORM_ACTIONS: dict[tuple[str, tuple[int, ...]], Action] = {}
_FORM_MENUS: dict[tuple[str, tuple[int, ...]], list[Action]] = {}  # (player, dice) -> menu


def _form_action(player: str, p: tuple[int, ...]) -> Action:
    a = _FORM_ACTIONS.get((player, p))
    if a is None:
        a = _FORM_ACTIONS[(player, p)] = Action(player, "form " + "+".join(map(str, p)), "form", p)
    return a


class Regroup(Decision):
    """Step 3a: merge, split or shift pips among one's armies on the same hex (11.1)."""

    rule = "11.1"
    kind = "regroup"
    prompt = "Regroup armies within hexes (3a)"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        k = var(state, "kingdom")
        d.acting = k
        d.levied = False
        frame.vars["done"] = ()
        frame.vars["hex"] = -1
        # regrouping moves no army, so the hexes on offer only shrink as they are used
        cands = tuple(_regroup_hexes(d, k, ()))
        frame.vars["cands"] = cands
        if not cands:
            end(state)

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        h = frame.vars["hex"]
        if h >= 0:
            if d.rules.max_armies_per_kingdom > 0:
                return [_form_action(player, p) for p in _forms(d, d.acting, h)]
            current = tuple(sorted((c & STRENGTH for c in d.stacks[h]), reverse=True))
            menu = _FORM_MENUS.get((player, current))
            if menu is None:
                menu = _FORM_MENUS[(player, current)] = [_form_action(player, p) for p in _other_forms(current)]
            return menu
        names = d.board.name
        cache = _label_cache(d)
        out = []
        for x in frame.vars["cands"]:
            a = cache.get((player, "regroup", x))
            out.append(a if a is not None else _cached(cache, player, "regroup", x, "regroup " + names[x]))
        out.append(_top(player, "done", "end regrouping"))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        k = d.acting
        kind = action.kind
        if kind == "regroup":
            frame.vars["hex"] = action.args
            return
        if kind == "done":
            end(state)
            return
        h = frame.vars["hex"]
        spent = SPENT if any(c & SPENT for c in d.stacks[h]) else 0
        d.put(h, k, tuple(s | spent for s in action.args))
        frame.vars["done"] = frame.vars["done"] + (h,)
        frame.vars["hex"] = -1
        cands = tuple(x for x in frame.vars["cands"] if x != h)
        if d.rules.max_armies_per_kingdom > 0:  # C-05: a cap can close other hexes' options
            cands = tuple(x for x in cands if _forms(d, k, x))
        frame.vars["cands"] = cands
        if d.conquests:
            R.settle_conquests(d, "regroup", state.emit)
        if not cands:
            end(state)


def _move(d: HKData, k: int, h: int, s: int, t: int, extra: bool) -> None:
    """One army of strength ``s`` steps from ``h`` to ``t`` (or into its capital)."""
    stack = list(d.stacks[h])
    if extra:
        code = next(c for c in stack if c == s)  # an unspent army
    else:
        code = next((c for c in stack if c == s | SPENT), None) or next(c for c in stack if c & STRENGTH == s)
    stack.remove(code)
    d.put(h, k, tuple(stack))
    if t == R.CAPITAL:
        d.cap[k] = min(CAP_MAX, d.cap[k] + s)
    else:
        R.add_armies(d, t, k, (s | SPENT,))


def _label_cache(d: HKData) -> dict[Any, Action]:
    return d.board.actions  # type: ignore[union-attr,return-value]


def _cached(cache: dict[Any, Any], player: str, kind: str, args: Any, label: str) -> Action:
    """Actions are immutable and their labels a function of the map and their arguments:
    built once per map (``Board.actions``), reused."""
    a = Action(player, label, kind, args)
    cache[(player, kind, args)] = a
    return a


def _movable(d: HKData, k: int, h: int) -> bool:
    """Whether an army of ``k`` on ``h`` has somewhere to step (11.2.3)."""
    owner = d.owner
    stacks = d.stacks
    for n in d.board.adj[h]:  # type: ignore[union-attr]
        o = owner[n]
        if o == -1 or (o == k and len(stacks[n]) < STACK):
            return True
    return h in d.gates(k)


def move_armies(d: HKData, k: int, hexes: Any, extra: bool) -> list[tuple[int, int]]:
    """(hex, strength) of every army of ``k`` on ``hexes`` that may move: one per distinct
    strength on a hex; for 3c only armies not yet spent (C-45)."""
    owner = d.owner
    stacks = d.stacks
    out = []
    for h in hexes:
        if owner[h] != k:
            continue
        stack = stacks[h]
        if extra:
            strengths = sorted({c for c in stack if not c & (SPENT | PART)})
            if not strengths:
                continue
        elif len(stack) == 1:
            strengths = [stack[0] & STRENGTH]
        else:
            strengths = sorted({c & STRENGTH for c in stack})
        if _movable(d, k, h):
            out.extend((h, s) for s in strengths)
    return out


def _extra_hexes(d: HKData, grants: tuple[int, ...]) -> list[int]:
    hexes = d.board.province_hexes  # type: ignore[union-attr]
    return [h for p in grants for h in hexes[p]]


def action_options(state: State, player: str) -> list[tuple[str, Any]]:
    """Every complete 3b action of the acting kingdom as (kind, args), in a fixed order:
    the whole menu that :class:`OneAction` and its follow-up choices offer step by step
    (for agents that weigh complete actions). Move args are (from, strength, to)."""
    d = state.data
    k = d.acting
    out: list[tuple[str, Any]] = []
    if d.rules.levy_allows_regroup or not _regrouped(state):
        out.append(("levy", ()))
    out.extend(("march", sh) for sh in R.march_options(d, k))
    for h, s in move_armies(d, k, range(d.board.n), False):
        out.extend(("move", (h, s, t)) for t in R.move_options(d, k, h))
    out.extend(("assault", t) for t in R.assault_targets(d, k))
    out.extend(("castle", h) for h in R.castle_options(d, k))
    if d.cap[k] >= d.num["castle_cost"] and not d.walls[k]:
        out.append(("walls", ()))
    if not d.crusade_won:
        out.extend(("crusade", s) for s in _crusade_sizes(d, k))
    if d.rules.allow_pass or not out:
        out.append(("pass", ()))
    return out


def extra_move_options(state: State) -> list[tuple[int, int, int]]:
    """Every complete extra move (from, strength, to) open now in 3c (for agents)."""
    d = state.data
    k = d.acting
    grants = state.stack[-1].vars["grants"]
    return [(h, s, t) for h, s in move_armies(d, k, _extra_hexes(d, grants), True) for t in R.move_options(d, k, h)]


def _crusade_sizes(d: HKData, k: int) -> range:
    return range(d.num["crusade_min"], min(d.num["crusade_max"], d.cap[k]) + 1)


def _any_assault(d: HKData, k: int) -> bool:
    """Whether :func:`rules.assault_targets` would name any target (13.1), cheaply."""
    sz = d.suzerain
    if sz[k] < 0 and k not in sz:
        owner = d.owner
        adj = d.board.adj  # type: ignore[union-attr]
        for h, o in enumerate(owner):
            if o == k:
                for t in adj[h]:
                    e = owner[t]
                    if e >= 0 and e != k and (e if sz[e] < 0 else sz[e]) != k:
                        return True
        for e in range(d.nk):
            if e != k and d.leader(e) != k and d.capital[e] is not None and any(owner[g] == k for g in d.gates(e)):
                return True
        return False
    return bool(R.assault_targets(d, k))


_TOP_LABEL = {"walls": "walls for the capital"}  # else the label is the kind
_TOP_ACTIONS: dict[tuple[str, str, str], Action] = {}


def _top(player: str, kind: str, label: str = "") -> Action:
    """The argument-free actions (the kinds of 3b action, the ends of 3a and 3c): built
    once per player."""
    a = _TOP_ACTIONS.get((player, kind, label))
    if a is None:
        a = _TOP_ACTIONS[(player, kind, label)] = Action(player, label or _TOP_LABEL.get(kind, kind), kind)
    return a


class OneAction(Decision):
    """Step 3b: at most one action (11.2). First the kind of action; the march, move,
    assault, castle and crusade are then completed by one or two small choices."""

    rule = "11.2"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        if d.acted[d.acting]:
            state.emit(f"{d.names[d.acting]}'s action was spent in a joint assault")
            end(state)

    kind = "action"
    prompt = "Choose one action (3b)"

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        k = d.acting
        value = d.cap[k]
        out: list[Action] = []
        # 11.2.1 Levy (A-08: not after regrouping when levy_allows_regroup is off)
        if d.rules.levy_allows_regroup or not _regrouped(state):
            out.append(_top(player, "levy"))
        # 11.2.2 March
        if R.can_march(d, k):
            out.append(_top(player, "march"))
        # one pass over the own hexes: 11.2.3 Army move, 11.2.5 Castle
        owner = d.owner
        stacks = d.stacks
        castle = d.castle
        adj = d.board.adj
        cost = d.num["castle_cost"]
        can_move = can_build = False
        for h, o in enumerate(owner):
            if o != k:
                continue
            if not can_move:
                for n in adj[h]:
                    x = owner[n]
                    if x == -1 or (x == k and len(stacks[n]) < STACK):
                        can_move = True
                        break
            if not can_build and castle[h] < 0:
                pips = 0
                for c in stacks[h]:
                    pips += c & STRENGTH
                can_build = pips >= cost
            if can_move and can_build:
                break
        if not can_move:
            can_move = any(owner[g] == k for g in d.gates(k))  # into the capital
        if can_move:
            out.append(_top(player, "move"))
        # 11.2.4 Assault
        if _any_assault(d, k):
            out.append(_top(player, "assault"))
        # 11.2.5 Castle, capital walls (C-19)
        if can_build:
            out.append(_top(player, "castle"))
        if value >= cost and not d.walls[k]:
            out.append(_top(player, "walls"))
        # 11.2.6 Crusade (C-24: not after the crusade is won)
        if not d.crusade_won and value >= d.num["crusade_min"]:
            out.append(_top(player, "crusade"))
        if d.rules.allow_pass or len(out) == 0:
            out.append(_top(player, "pass"))  # C-44
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        k = d.acting
        kind = action.kind
        d.acted[k] = True
        name = d.names[k]
        if kind == "levy":
            before = d.cap[k]
            d.cap[k] = min(CAP_MAX, before + d.num["levy"])
            d.levied = True
            state.emit(f"{name} levies: capital {before} -> {d.cap[k]}")
        elif kind == "march":
            goto(state, MarchTo)
            return
        elif kind == "move":
            goto(state, MoveArmy)
            return
        elif kind == "assault":
            goto(state, AssaultTarget)
            return
        elif kind == "castle":
            goto(state, CastleSite)
            return
        elif kind == "walls":
            d.cap[k] -= d.num["castle_cost"]
            d.walls[k] = True
            state.emit(f"{name} builds walls round its capital")
        elif kind == "crusade":
            goto(state, Crusade)
            return
        else:
            state.emit(f"{name} takes no action")
        end(state)


def _regrouped(state: State) -> bool:
    for f in reversed(state.stack):
        if f.proc == "Regroup":
            return bool(f.vars.get("done"))
    return False


class Choice(Decision):
    """One small step of a compound action. Its options are computed from the state and
    the frame; a step with a single possibility is taken at once, without asking."""

    def options(self, d: HKData, frame: Frame) -> list[Any]:
        raise NotImplementedError

    def label(self, d: HKData, frame: Frame, arg: Any) -> str:
        raise NotImplementedError

    def choose(self, state: State, frame: Frame, arg: Any) -> None:
        raise NotImplementedError

    def start(self, state: State, frame: Frame) -> None:
        opts = tuple(self.options(state.data, frame))
        if len(opts) == 1:
            self.choose(state, frame, opts[0])
        else:
            frame.vars["options"] = opts  # nothing changes until the choice is made

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        kind = self.kind
        cache = _label_cache(d)
        out = []
        for arg in frame.vars["options"]:
            a = cache.get((player, kind, arg))
            out.append(a if a is not None else _cached(cache, player, kind, arg, self.label(d, frame, arg)))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        self.choose(state, frame, action.args)


class MarchTo(Choice):
    """11.2.2 March, first choice: the gate hex or castle the new army marches to."""

    rule = "11.2.2"
    kind = "march-to"
    prompt = "March to which hex?"

    def options(self, d: HKData, frame: Frame) -> list[Any]:
        return R.march_destinations(d, d.acting)

    def label(self, d: HKData, frame: Frame, arg: Any) -> str:
        return f"march to {d.board.name[arg[0]]}"  # type: ignore[union-attr]

    def choose(self, state: State, frame: Frame, arg: Any) -> None:
        h, top = arg
        goto(state, MarchStrength, hex=h, top=top)


class MarchStrength(Choice):
    """11.2.2 March, second choice: the new army's strength, taken from the capital."""

    rule = "11.2.2"
    kind = "march-strength"
    prompt = "How strong an army?"

    def options(self, d: HKData, frame: Frame) -> list[Any]:
        return list(range(1, frame.vars["top"] + 1))

    def label(self, d: HKData, frame: Frame, arg: Any) -> str:
        return f"march {arg}"

    def choose(self, state: State, frame: Frame, arg: Any) -> None:
        d = state.data
        k = d.acting
        h = frame.vars["hex"]
        d.cap[k] -= arg
        R.add_armies(d, h, k, (arg | SPENT,))
        state.emit(f"{d.names[k]} marches [{arg}] out to {d.board.label(h)}")
        R.settle_conquests(d, "march", state.emit)
        end(state)


class MoveArmy(Choice):
    """11.2.3 Army move, first choice: which army (by hex and strength)."""

    rule = "11.2.3"
    kind = "move-army"
    prompt = "Move which army?"

    def options(self, d: HKData, frame: Frame) -> list[Any]:
        return move_armies(d, d.acting, range(d.board.n), False)  # type: ignore[union-attr]

    def label(self, d: HKData, frame: Frame, arg: Any) -> str:
        return f"move {arg[1]} from {d.board.name[arg[0]]}"  # type: ignore[union-attr]

    def choose(self, state: State, frame: Frame, arg: Any) -> None:
        goto(state, MoveTo, hex=arg[0], strength=arg[1], extra=False)


class MoveTo(Choice):
    """11.2.3 / 11.3, second choice: where the army steps (an adjacent hex, or from a
    gate hex into its own capital)."""

    rule = "11.2.3"
    kind = "move-to"
    prompt = "Move where?"

    def options(self, d: HKData, frame: Frame) -> list[Any]:
        return R.move_options(d, d.acting, frame.vars["hex"])

    def label(self, d: HKData, frame: Frame, arg: Any) -> str:
        return "into the capital" if arg == R.CAPITAL else f"to {d.board.name[arg]}"  # type: ignore[union-attr]

    def choose(self, state: State, frame: Frame, arg: Any) -> None:
        d = state.data
        k = d.acting
        h, s, extra = frame.vars["hex"], frame.vars["strength"], frame.vars["extra"]
        _move(d, k, h, s, arg, extra=extra)
        where = "capital" if arg < 0 else d.board.label(arg)
        state.emit(f"{d.names[k]} {'extra move' if extra else 'moves'} [{s}] {d.board.name[h]} > {where}")
        R.settle_conquests(d, "move", state.emit)
        end(state)


def _target_name(d: HKData, t: int) -> str:
    return d.board.label(t) if t >= 0 else f"{d.names[-t - 1]}'s capital"


class AssaultTarget(Choice):
    """11.2.4 Assault, first choice: the enemy hex or capital (13.1); the armies follow."""

    rule = "11.2.4"
    kind = "assault-target"
    prompt = "Assault what?"

    def options(self, d: HKData, frame: Frame) -> list[Any]:
        return R.assault_targets(d, d.acting)

    def label(self, d: HKData, frame: Frame, arg: Any) -> str:
        return f"assault {d.board.name[arg]}" if arg >= 0 else f"assault {d.names[-arg - 1]}'s capital"  # type: ignore[union-attr]

    def choose(self, state: State, frame: Frame, arg: Any) -> None:
        d = state.data
        k = d.acting
        goto(state, Muster, target=arg, hexes=R.muster_hexes(d, k, arg), by=k)


class CastleSite(Choice):
    """11.2.5 Castle, first choice: the hex (holding at least 6 of one's pips)."""

    rule = "11.2.5"
    kind = "castle-site"
    prompt = "Build the castle where?"

    def options(self, d: HKData, frame: Frame) -> list[Any]:
        return R.castle_options(d, d.acting)

    def label(self, d: HKData, frame: Frame, arg: Any) -> str:
        return f"castle on {d.board.name[arg]}"  # type: ignore[union-attr]

    def choose(self, state: State, frame: Frame, arg: Any) -> None:
        d = state.data
        options = R.payment_options(tuple(c & STRENGTH for c in d.stacks[arg]), d.num["castle_cost"])
        if len(options) > 1:
            goto(state, CastlePayment, hex=arg)
            return
        _build_castle(state, d.acting, arg, options[0])
        end(state)


class Crusade(Choice):
    """11.2.6 Crusade: how many capital points (6 to 9) go to the Holy Land."""

    rule = "11.2.6"
    kind = "crusade"
    prompt = "Send how many to the crusade?"

    def options(self, d: HKData, frame: Frame) -> list[Any]:
        return list(_crusade_sizes(d, d.acting))

    def label(self, d: HKData, frame: Frame, arg: Any) -> str:
        return f"crusade {arg}"

    def choose(self, state: State, frame: Frame, arg: Any) -> None:
        d = state.data
        k = d.acting
        d.cap[k] -= arg
        d.crusade[k] += arg
        d.crusade_total += arg
        state.emit(f"{d.names[k]} sends {arg} to the crusade (total {d.crusade_total})")
        goal = d.num["crusade_goal"]
        won = d.crusade_total > goal if d.rules.crusade_threshold_strict else d.crusade_total >= goal
        if won:
            d.crusade_won = True
            state.emit("the crusade triumphs: the Crusader Kingdom is founded")
        end(state)


def _build_castle(state: State, k: int, h: int, keep: tuple[int, ...]) -> None:
    d = state.data
    spent = SPENT if any(c & SPENT for c in d.stacks[h]) else 0
    d.put(h, k, tuple(s | spent for s in keep))
    d.castle[h] = k
    state.emit(f"{d.names[k]} builds a castle on {d.board.label(h)}")


class CastlePayment(Decision):
    """The builder chooses which dice pay the castle's 6 pips (C-31)."""

    rule = "11.2.5"

    kind = "castle-payment"
    prompt = "Which dice remain after paying 6?"

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        h = frame.vars["hex"]
        opts = R.payment_options(tuple(c & STRENGTH for c in d.stacks[h]), d.num["castle_cost"])
        return [Action(player, "keep " + ("+".join(map(str, o)) or "nothing"), "pay", o) for o in opts]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        _build_castle(state, state.data.acting, frame.vars["hex"], action.args)
        end(state)


class ExtraMoves(Decision):
    """Step 3c: one extra move per province controlled when 3c begins (11.3, C-45):
    pick an army (or stop), then its destination."""

    rule = "11.3"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        k = d.acting
        if d.levied:  # 11.2.1: a Levy forbids every extra move
            self._done(state)
            return
        frame.vars["grants"] = tuple(d.provinces_of(k))
        if not self._armies(d, frame):
            self._done(state)

    def _done(self, state: State) -> None:
        state.data.acting = -1
        end(state)

    def _armies(self, d: HKData, frame: Frame) -> list[tuple[int, int]]:
        return move_armies(d, d.acting, _extra_hexes(d, frame.vars["grants"]), True)

    kind = "extra-move"
    prompt = "Extra moves, one per province (3c)"

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        cache = _label_cache(d)
        names = d.board.name
        out = []
        for arg in self._armies(d, frame):
            a = cache.get((player, "extra", arg))
            out.append(a if a is not None else _cached(cache, player, "extra", arg, f"extra move {arg[1]} from {names[arg[0]]}"))
        out.append(_top(player, "done", "end extra moves"))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        if action.kind == "done":
            self._done(state)
            return
        h, s = action.args
        grants = list(frame.vars["grants"])
        grants.remove(h // 4 + 2)
        frame.vars["grants"] = tuple(grants)
        call(state, MoveTo, hex=h, strength=s, extra=True)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        if not self._armies(state.data, frame):
            self._done(state)


# --- 13 the assault -------------------------------------------------------------------------------


class Muster(Decision):
    """The attacker picks the armies (its own and free bloc partners') adjacent to the
    target, one at a time; they are fixed for every wave (13.1, 15.4)."""

    rule = "13.1"

    kind = "muster"
    prompt = "Choose the assaulting armies"

    def who(self, state: State, frame: Frame) -> int:
        return frame.vars["by"]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        names = d.board.name
        cache = _label_cache(d)
        by = frame.vars["by"]
        out = []
        ready = False
        for h in frame.vars["hexes"]:
            stack = d.stacks[h]
            if any(c & PART for c in stack):
                ready = True
            for s in sorted({c & STRENGTH for c in stack if not c & PART}):
                o = d.owner[h]
                a = cache.get((player, "join", (h, s, o, by)))
                if a is None:
                    who = "" if o == by else f"{d.names[o]} "
                    a = Action(player, f"join {who}{s} from {names[h]}", "join", (h, s))
                    cache[(player, "join", (h, s, o, by))] = a
                out.append(a)
        if ready:
            out.append(Action(player, "launch the assault", "attack"))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        if action.kind == "join":
            h, s = action.args
            stack = list(d.stacks[h])
            i = next(i for i, c in enumerate(stack) if c & STRENGTH == s and not c & PART)
            stack[i] |= PART
            d.stacks[h] = tuple(stack)  # control depends on pips only: no refresh needed
            return
        t = frame.vars["target"]
        hexes = tuple(h for h in frame.vars["hexes"] if any(c & PART for c in d.stacks[h]))
        att = sum(c & STRENGTH for h in hexes for c in d.stacks[h] if c & PART)
        if t >= 0:
            dfn = d.total(t)
            adv = initial_advantage(att, dfn, mountain=R.is_mountain(d, t), castle=d.castle[t] >= 0,
                                    rules=d.arules)
        else:
            e = -t - 1
            dfn = capital_defence(d.cap[e], d.arules.capital_bonus)
            adv = initial_advantage(att, dfn, castle=d.walls[e], rules=d.arules)
        for x in {d.owner[h] for h in hexes}:
            d.acted[x] = True  # C-41: a joint assault spends every participant's action
        state.emit(f"{d.names[frame.vars['by']]} assaults {_target_name(d, t)}: {att} against {dfn}, advantage {adv:+d}")
        goto(state, Wave, target=t, hexes=hexes, by=frame.vars["by"], adv=adv, mom=0, wave=1)


class Wave(Procedure):
    """One wave: both roll a d6, the favoured side adds the advantage, losses, momentum,
    then the end-of-wave sequence (13.5-13.7, 13.9)."""

    rule = "13.5"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        v = frame.vars
        t, hexes = v["target"], v["hexes"]
        a = state.rng.die(6)
        dd = state.rng.die(6)
        attackers = [c & STRENGTH for h in hexes for c in d.stacks[h] if c & PART]
        if t >= 0:
            e = d.owner[t]
            defenders = [c & STRENGTH for c in d.stacks[t]]
            capital = None
            castle = d.castle[t] >= 0
            mountain = R.is_mountain(d, t)
        else:
            e = -t - 1
            defenders = []
            capital = d.cap[e]
            castle = d.walls[e]
            mountain = False
        res = resolve_wave(attackers, defenders, v["adv"], a, dd, capital=capital, momentum=v["mom"],
                           mountain=mountain, castle=castle, rules=d.arules)
        # write the losses back, attackers in the order read
        new = iter(res.attackers)
        for h in hexes:
            stack = d.stacks[h]
            if not any(c & PART for c in stack):
                continue
            out = []
            for c in stack:
                if c & PART:
                    s = next(new)
                    if s > 0:
                        out.append(s | (c & ~STRENGTH))
                else:
                    out.append(c)
            d.put(h, d.owner[h], tuple(out))
        if t >= 0:
            d.put(t, e, tuple(s for s in res.defenders if s > 0))
        else:
            d.cap[e] = res.capital
        state.emit(
            f"wave {v['wave']}: attacker {a} ({res.ra}) against defender {dd} ({res.rd}): "
            f"{res.winner.name.lower()} ; attackers {list(res.surviving_attackers)}, "
            + (f"defenders {list(res.surviving_defenders)}" if t >= 0 else f"capital {res.capital}"),
            "wave",
        )
        v["adv"], v["mom"] = res.advantage, res.momentum
        v["defender"] = e
        if res.end is End.OPEN:
            v["wave"] += 1
            if t >= 0:
                dests = R.retreat_destinations(d, t, e)
                if R.room(d, dests) >= len(d.stacks[t]):
                    goto(state, RetreatOrStand, dests=tuple(dests), **v)
                    return
            goto(state, PressOn, **v)
            return
        if res.end is End.OCCUPIED:
            goto(state, Occupy, castle_kept=False, **v)
            return
        if res.end is End.CAPTURED:
            R.capture(d, e, v["by"], hexes, state.emit)
        else:
            state.emit({End.BROKEN_OFF: "the assault breaks off (a natural 1)",
                        End.FAILED: "the assault fails: no attacker is left",
                        End.EMPTIED: "both sides are wiped out; the hex stands empty"}[res.end])
        R.finish_assault(d, hexes)
        R.settle_conquests(d, "assault", state.emit)
        end(state)


class RetreatOrStand(Decision):
    """After a wave the defender may withdraw every army from the hex (13.10, C-38)."""

    rule = "13.10"

    kind = "retreat"
    prompt = "Retreat from the hex, or stand?"

    def who(self, state: State, frame: Frame) -> int:
        return frame.vars["defender"]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        return [Action(player, "retreat", "retreat"), Action(player, "stand", "stand")]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        v = dict(frame.vars)
        if action.kind == "retreat":
            d = state.data
            t = v["target"]
            d.stacks[t] = tuple(sorted(d.stacks[t], key=lambda c: -(c & STRENGTH)))
            state.emit(f"{d.names[v['defender']]} withdraws from {d.board.label(t)}")
            goto(state, Withdraw, **v)
        else:
            v.pop("dests")
            goto(state, PressOn, **v)


class Withdraw(Decision):
    """Each retreating army goes to a hex of the defender's choice (13.10)."""

    rule = "13.10"

    kind = "retreat-to"
    prompt = "Where does this army go?"

    def who(self, state: State, frame: Frame) -> int:
        return frame.vars["defender"]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        e = frame.vars["defender"]
        s = d.stacks[frame.vars["target"]][0] & STRENGTH
        names = d.board.name
        return [Action(player, f"retreat {s} to {names[h]}", "to", h)
                for h in frame.vars["dests"] if d.owner[h] in (-1, e) and len(d.stacks[h]) < STACK]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        v = frame.vars
        t, e, h = v["target"], v["defender"], action.args
        stack = d.stacks[t]
        d.put(t, e, stack[1:])
        R.add_armies(d, h, e, (stack[0],))
        R.settle_conquests(d, "retreat", state.emit)
        if not d.stacks[t]:
            w = dict(v)
            w.pop("dests")
            goto(state, Occupy, castle_kept=True, **w)


class PressOn(Decision):
    """The attacker launches another wave with the same armies or calls the assault off (13.7)."""

    rule = "13.7"

    kind = "press-on"
    prompt = "Another wave, or call it off?"

    def who(self, state: State, frame: Frame) -> int:
        return frame.vars["by"]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        return [Action(player, "next wave", "wave"), Action(player, "call off the assault", "stop")]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d = state.data
        if action.kind == "wave":
            goto(state, Wave, **frame.vars)
            return
        state.emit("the assault is called off")
        R.finish_assault(d, frame.vars["hexes"])
        end(state)


class Occupy(Decision):
    """The surviving attackers move into the emptied hex; in a joint assault the bloc's
    leader names the one kingdom that moves in (13.7 step 3, 15.4, C-41)."""

    rule = "13.7"

    def _kingdoms(self, d: HKData, hexes: tuple[int, ...]) -> list[int]:
        return sorted({d.owner[h] for h in hexes if any(c & PART for c in d.stacks[h])})

    def start(self, state: State, frame: Frame) -> None:
        ks = self._kingdoms(state.data, frame.vars["hexes"])
        if len(ks) == 1:
            self._occupy(state, frame, ks[0])

    def _occupy(self, state: State, frame: Frame, k: int) -> None:
        d = state.data
        v = frame.vars
        R.occupy(d, v["target"], k, v["hexes"], v["castle_kept"], state.emit)
        R.finish_assault(d, v["hexes"])
        R.settle_conquests(d, "assault", state.emit)
        end(state)

    kind = "occupant"
    prompt = "Which kingdom moves in?"

    def who(self, state: State, frame: Frame) -> int:
        return state.data.leader(frame.vars["by"])

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d = state.data
        return [Action(player, f"{d.names[k]} moves in", "occupant", k)
                for k in self._kingdoms(d, frame.vars["hexes"])]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        self._occupy(state, frame, action.args)


# --- 16 end of turn ----------------------------------------------------------------------------


class EndOfTurn(Procedure):
    """Phase 4: an Emperor is crowned if a bloc holds two provinces more than all others."""

    rule = "16"

    def start(self, state: State, frame: Frame) -> None:
        d = state.data
        w = R.victory(d)
        if w >= 0:
            d.winner = w
            d.finished = "emperor"
            state.emit(f"{d.names[w]} is crowned Emperor!", "victory")
        elif d.rules.max_turns and d.turn >= d.rules.max_turns:
            d.finished = "turn limit"
            state.emit(f"turn limit {d.rules.max_turns} reached without an Emperor", "victory")
        end(state)


def _game_over(state: State) -> bool:
    return bool(state.data.finished)


def _seat_order(state: State) -> tuple[int, ...]:
    return state.data.seats


FLOW = Flow(
    Steps("hex kingdoms", [
        PlaceTiles,
        Capitals,
        Repeat("game turn", [
            TurnStart,
            Plague,
            CrusaderKingdom,
            IncomeDestinations,
            Income,
            ForEach("player steps", over=_seat_order, var="kingdom",
                    steps=[Regroup, OneAction, ExtraMoves], rule="11"),
            EndOfTurn,
        ], until=_game_over, rule="7"),
    ], rule="5"),
    extra=[Landing, MakeRoom, MarchTo, MarchStrength, MoveArmy, MoveTo, AssaultTarget, CastleSite, Crusade,
           Muster, Wave, RetreatOrStand, Withdraw, PressOn, Occupy, CastlePayment],
)
