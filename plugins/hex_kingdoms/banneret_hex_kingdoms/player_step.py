"""11 The player step, each kingdom in seat order: regroup within hexes (11.1), one action
(11.2: the kind first, then one or two small choices to complete a march, move, assault,
castle or crusade), then one extra move per province held (11.3). An assault goes on in
:mod:`banneret_hex_kingdoms.assault_flow`.

:func:`action_options` and :func:`extra_move_options` list the complete actions at once,
for agents that weigh them.
"""

from __future__ import annotations

from typing import Any, Sequence

from banneret.flow import Frame, call, end, goto, var
from banneret.state import State
from banneret.types import Action
from banneret_hex_kingdoms import rules as R
from banneret_hex_kingdoms.assault_flow import Muster
from banneret_hex_kingdoms.decisions import Choice, Decision, cached_action, label_cache
from banneret_hex_kingdoms.rules import CAP_MAX, STACK
from banneret_hex_kingdoms.state import PART, SPENT, STRENGTH, HKData

__all__ = [
    "AssaultTarget", "CastlePayment", "CastleSite", "Choice", "Crusade", "ExtraMoves", "MarchStrength",
    "MarchTo", "MoveArmy", "MoveTo", "OneAction", "Regroup", "action_options", "extra_move_options",
    "move_armies",
]


# --- 11.1 regroup -----------------------------------------------------------------------------


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


# every arrangement of a hex's dice -> the other arrangements of its pips (strongest first),
# built once for all 1..4 dice of 1..6
_OTHER_FORMS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {
    p: tuple(q for q in R.partitions(total) if q != p) for total in range(1, 25) for p in R.partitions(total)
}


def _other_forms(current: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every arrangement of these dice's pips but the current one (strongest first)."""
    return _OTHER_FORMS[current]


def _forms(d: HKData, k: int, h: int) -> tuple[tuple[int, ...], ...]:
    stack = d.stacks[h]
    out = _other_forms(tuple(sorted((c & STRENGTH for c in stack), reverse=True)))
    cap = d.rules.max_armies_per_kingdom
    if cap > 0:
        room = cap - d.army_count(k) + len(stack)
        out = tuple(p for p in out if len(p) <= room)
    return out


def _form_action(cache: dict[Any, Any], player: str, p: tuple[int, ...]) -> Action:
    a = cache.get((player, "form", p))
    return a if a is not None else cached_action(cache, player, "form", p, "form " + "+".join(map(str, p)))


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
        d.regrouped = False
        frame.vars["done"] = ()
        frame.vars["hex"] = -1
        # regrouping moves no army, so the hexes on offer only shrink as they are used
        cands = tuple(_regroup_hexes(d, k, ()))
        frame.vars["cands"] = cands
        if not cands:
            end(state)

    def actions(self, state: State, frame: Frame, player: str) -> Sequence[Action]:
        d = state.data
        h = frame.vars["hex"]
        if h >= 0:
            if d.rules.max_armies_per_kingdom > 0:
                cache = label_cache(d)
                return [_form_action(cache, player, p) for p in _forms(d, d.acting, h)]
            current = tuple(sorted((c & STRENGTH for c in d.stacks[h]), reverse=True))
            # the menu of one arrangement, a tuple kept in the map's label cache
            cache = label_cache(d)
            menu = cache.get((player, "form-menu", current))
            if menu is None:
                menu = cache[(player, "form-menu", current)] = tuple(_form_action(cache, player, p) for p in _other_forms(current))
            return menu
        names = d.board.name
        cache = label_cache(d)
        out = []
        for x in frame.vars["cands"]:
            a = cache.get((player, "regroup", x))
            out.append(a if a is not None else cached_action(cache, player, "regroup", x, "regroup " + names[x]))
        out.append(_top(d, player, "done", "end regrouping"))
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
        d.regrouped = True
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


# --- 11.2 one action, and the army moves that 11.3 shares -------------------------------------


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
    if d.rules.levy_allows_regroup or not d.regrouped:
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
    grants = var(state, "grants")
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
def _top(d: HKData, player: str, kind: str, label: str = "") -> Action:
    """The argument-free actions (the kinds of 3b action, the ends of 3a and 3c): built
    once per player and map."""
    cache = label_cache(d)
    key = (player, "top", kind, label)
    a = cache.get(key)
    if a is None:
        a = cache[key] = Action(player, label or _TOP_LABEL.get(kind, kind), kind)
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
        if d.rules.levy_allows_regroup or not d.regrouped:
            out.append(_top(d, player, "levy"))
        # 11.2.2 March
        if R.can_march(d, k):
            out.append(_top(d, player, "march"))
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
            out.append(_top(d, player, "move"))
        # 11.2.4 Assault
        if _any_assault(d, k):
            out.append(_top(d, player, "assault"))
        # 11.2.5 Castle, capital walls (C-19)
        if can_build:
            out.append(_top(d, player, "castle"))
        if value >= cost and not d.walls[k]:
            out.append(_top(d, player, "walls"))
        # 11.2.6 Crusade (C-24: not after the crusade is won)
        if not d.crusade_won and value >= d.num["crusade_min"]:
            out.append(_top(d, player, "crusade"))
        if d.rules.allow_pass or len(out) == 0:
            out.append(_top(d, player, "pass"))  # C-44
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


class MarchTo(Choice):
    """11.2.2 March, first choice: the gate hex or castle the new army marches to."""

    rule = "11.2.2"
    kind = "march-to"
    prompt = "March to which hex?"

    def options(self, state: State, frame: Frame) -> list[Any]:
        d = state.data
        return R.march_destinations(d, d.acting)

    def label(self, state: State, frame: Frame, arg: Any) -> str:
        d = state.data
        return f"march to {d.board.name[arg[0]]}"  # type: ignore[union-attr]

    def choose(self, state: State, frame: Frame, arg: Any) -> None:
        h, top = arg
        goto(state, MarchStrength, hex=h, top=top)


class MarchStrength(Choice):
    """11.2.2 March, second choice: the new army's strength, taken from the capital."""

    rule = "11.2.2"
    kind = "march-strength"
    prompt = "How strong an army?"

    def options(self, state: State, frame: Frame) -> list[Any]:
        return list(range(1, frame.vars["top"] + 1))

    def label(self, state: State, frame: Frame, arg: Any) -> str:
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

    def options(self, state: State, frame: Frame) -> list[Any]:
        d = state.data
        return move_armies(d, d.acting, range(d.board.n), False)  # type: ignore[union-attr]

    def label(self, state: State, frame: Frame, arg: Any) -> str:
        d = state.data
        return f"move {arg[1]} from {d.board.name[arg[0]]}"  # type: ignore[union-attr]

    def choose(self, state: State, frame: Frame, arg: Any) -> None:
        goto(state, MoveTo, hex=arg[0], strength=arg[1], extra=False)


class MoveTo(Choice):
    """11.2.3 / 11.3, second choice: where the army steps (an adjacent hex, or from a
    gate hex into its own capital)."""

    rule = "11.2.3"
    kind = "move-to"
    prompt = "Move where?"

    def options(self, state: State, frame: Frame) -> list[Any]:
        d = state.data
        return R.move_options(d, d.acting, frame.vars["hex"])

    def label(self, state: State, frame: Frame, arg: Any) -> str:
        d = state.data
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


class AssaultTarget(Choice):
    """11.2.4 Assault, first choice: the enemy hex or capital (13.1); the armies follow."""

    rule = "11.2.4"
    kind = "assault-target"
    prompt = "Assault what?"

    def options(self, state: State, frame: Frame) -> list[Any]:
        d = state.data
        return R.assault_targets(d, d.acting)

    def label(self, state: State, frame: Frame, arg: Any) -> str:
        d = state.data
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

    def options(self, state: State, frame: Frame) -> list[Any]:
        d = state.data
        return R.castle_options(d, d.acting)

    def label(self, state: State, frame: Frame, arg: Any) -> str:
        d = state.data
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

    def options(self, state: State, frame: Frame) -> list[Any]:
        d = state.data
        return list(_crusade_sizes(d, d.acting))

    def label(self, state: State, frame: Frame, arg: Any) -> str:
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


# --- 11.3 extra moves -------------------------------------------------------------------------


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
        cache = label_cache(d)
        names = d.board.name
        out = []
        for arg in self._armies(d, frame):
            a = cache.get((player, "extra", arg))
            out.append(a if a is not None else cached_action(cache, player, "extra", arg, f"extra move {arg[1]} from {names[arg[0]]}"))
        out.append(_top(d, player, "done", "end extra moves"))
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
