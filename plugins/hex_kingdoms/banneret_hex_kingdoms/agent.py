"""A heuristic computer player for hex_kingdoms (seat kind ``heuristic``).

The plan, recomputed at every decision from the public state:

* pick the provinces worth holding: those already held, then the one or two cheapest free
  ones near the capital (cost = the three lowest thresholds among hexes without foreign
  troops, plus the walk from the gate);
* every chosen hex wants its control threshold in pips (held provinces one pip more, as a
  cushion against plague);
* 3a splits each hex's surplus into dice sized for the nearest shortfalls;
* 3b scores the offered actions: completing a hex or a province, stepping a spare die
  toward a shortfall, marching fresh troops, a favourable assault, or a levy when the
  treasury is low; 3c spends each province's extra move the same way.

It reads the table from its seat (:class:`banneret.agents.Seat`): the game hides nothing,
so the seat's sample is a copy of the whole table. It draws ties from its own seeded
generator, never the game's.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Sequence

from banneret.agents import Seat
from banneret.flow import var
from banneret.rng import Rng
from banneret.state import State
from banneret.types import Action
from banneret_hex_kingdoms import rules as R
from banneret_hex_kingdoms.assault import base_advantage, capital_defence
from banneret_hex_kingdoms.genesis import PROVINCES
from banneret_hex_kingdoms.player_step import action_options, extra_move_options
from banneret_hex_kingdoms.sequence import deciding_kingdom
from banneret_hex_kingdoms.state import PART, STRENGTH, HKData

__all__ = ["HeuristicAgent", "make_agent"]


class Plan:
    """What kingdom ``k`` wants on each hex, and how far each hex is from a shortfall."""

    def __init__(self, d: HKData, k: int) -> None:
        self.d = d
        self.k = k
        board = d.board
        assert board is not None
        n = board.n
        self.pips = [sum(c & STRENGTH for c in d.stacks[h]) if d.owner[h] == k else 0 for h in range(n)]
        self.want = [0] * n
        gates = d.gates(k)
        home = _bfs(board.adj, list(gates), lambda h: True, n)
        for p in PROVINCES:
            if d.pctrl[p] == k:
                for h in board.province_hexes[p]:
                    if d.hctrl[h] == k:
                        self.want[h] = min(6, board.threshold[h] + 1)  # a cushion against plague
        # free provinces by cost; the one under way (most hexes held) keeps a bonus so plans
        # do not flap: it is read off the table, as the agent remembers nothing between decisions
        target = _under_way(d, k)
        options = []
        for p in PROVINCES:
            if d.pctrl[p] >= 0:
                continue
            hexes = [h for h in board.province_hexes[p] if d.owner[h] in (-1, k)]
            if len(hexes) < 3:
                continue
            hexes.sort(key=lambda h: (d.hctrl[h] != k, board.threshold[h], home[h]))
            pick = hexes[:3]
            missing = sum(max(0, board.threshold[h] - self.pips[h]) for h in pick)
            walk = min(home[h] for h in pick)
            bonus = (3 if p in (2, 12) else 0) + (4 if p == target else 0)
            options.append((missing + 2 * walk - bonus, p, pick))
            if sum(1 for h in pick if d.hctrl[h] == k) >= 2:  # keep what is half built
                for h in pick:
                    self.want[h] = max(self.want[h], board.threshold[h])
        options.sort()
        chosen = options[:1]
        self.targets = [p for _, p, _ in chosen]
        for _, p, pick in chosen:
            for h in pick:
                self.want[h] = max(self.want[h], board.threshold[h])
        self.need = [max(0, self.want[h] - self.pips[h]) for h in range(n)]
        owner = d.owner
        passable = lambda h: owner[h] in (-1, k)  # noqa: E731
        self.dist = _bfs(board.adj, [h for h in range(n) if self.need[h] > 0], passable, n)

    def spare(self, h: int) -> int:
        return self.pips[h] - self.want[h]


def _under_way(d: HKData, k: int) -> int:
    """The free province in which ``k`` has the most pips (0: none)."""
    board = d.board
    best, most = 0, 0
    for p in PROVINCES:
        if d.pctrl[p] < 0:
            pips = sum(c & STRENGTH for h in board.province_hexes[p] if d.owner[h] == k  # type: ignore[union-attr]
                       for c in d.stacks[h])
            if pips > most:
                best, most = p, pips
    return best


def _bfs(adj: Sequence[Sequence[int]], sources: list[int], passable, n: int) -> list[int]:  # type: ignore[no-untyped-def]
    far = 99
    dist = [far] * n
    q = deque()
    for s in sources:
        dist[s] = 0
        q.append(s)
    while q:
        h = q.popleft()
        for m in adj[h]:
            if dist[m] == far and passable(m):
                dist[m] = dist[h] + 1
                q.append(m)
    return dist


class HeuristicAgent:
    """Greedy province-builder; see the module docstring."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, seat: Seat) -> Action:
        # hex_kingdoms hides nothing, so a sample is a copy of the table as it stands
        state = seat.sample(self.rng)
        actions = seat.actions
        d: HKData = state.data
        kind = seat.pending.kind
        k = deciding_kingdom(state)
        if d.board is None or k < 0:
            return actions[0]
        handler = getattr(self, "_" + _KIND.get(kind, "first"), self._first)
        return handler(state, d, k, actions)

    # --- generic ----------------------------------------------------------------------------

    def _first(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        return actions[0]

    def _best(self, scored: list[tuple[float, Any]]) -> Any:
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s == top]
        return best[self.rng.below(len(best))]

    # --- 3a regroup ---------------------------------------------------------------------------

    def _regroup(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        plan = Plan(d, k)
        if actions[0].kind == "form":
            h = _frame_hex(state)
            wanted = _shape(plan, h)
            for a in actions:
                if a.args == wanted:
                    return a
            return actions[0]
        for a in actions:
            if a.kind == "regroup":
                h = a.args
                wanted = _shape(plan, h)
                current = tuple(sorted((c & STRENGTH for c in d.stacks[h]), reverse=True))
                if wanted != current and plan.spare(h) > 0:
                    return a
        return actions[-1]  # end regrouping

    # --- 3b one action ------------------------------------------------------------------------

    def _action(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        """Weigh every complete action (the whole menu the follow-up choices open), then
        take the first step of the best."""
        kind, _ = self._best(_scored_actions(state, d, k, Plan(d, k), actions[0].player))
        return next(a for a in actions if a.kind == kind)

    def _extra(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        plan = Plan(d, k)
        scored: list[tuple[float, object]] = [(_move_score(d, k, plan, *m), m) for m in extra_move_options(state)]
        scored.append((0.5, None))
        choice = self._best(scored)
        if choice is None:
            return actions[-1]  # end extra moves
        h, s, _ = choice  # type: ignore[misc]
        return next(a for a in actions if a.args == (h, s))

    def _follow(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        """A follow-up choice of a compound action: the complete actions are weighed again
        (the agent keeps nothing between decisions: ``banneret play`` makes a fresh one for
        each), those that agree with the parts already chosen kept, and the best one's next
        part taken."""
        kind = state.game.pending(state).kind
        plan = Plan(d, k)
        chosen = (var(state, "hex", None), var(state, "strength", None))
        if kind == "move-to" and var(state, "extra", False):
            # an extra move (3c): the army is chosen; weigh each destination offered
            options = [(_move_score(d, k, plan, *chosen, a.args), ("move", (*chosen, a.args))) for a in actions]
        else:
            options = _scored_actions(state, d, k, plan, actions[0].player)
        scored = []
        for score, (whole, args) in options:
            part = _part(kind, whole, args, chosen)
            if part is not None:
                scored.append((score, part))
        if scored:
            wanted = self._best(scored)
            for a in actions:
                if a.args == wanted or (kind == "march-to" and a.args[0] == wanted):
                    return a
        return actions[0]

    # --- assaults -----------------------------------------------------------------------------

    def _muster(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        """Join spare dice (those whose hex keeps its wanted pips); then attack."""
        plan = Plan(d, k)
        joins = [a for a in actions if a.kind == "join"]
        ready = actions[-1].kind == "attack"
        for a in joins:
            h, s = a.args
            if d.owner[h] != k:
                continue
            left = sum(c & STRENGTH for c in d.stacks[h] if not c & PART) - s
            if left >= plan.want[h]:
                return a
        if ready:
            return actions[-1]
        return joins[0]

    def _press(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        adv = var(state, "adv", 0)
        return actions[0] if adv >= 0 else actions[1]

    def _retreat(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        adv = var(state, "adv", 0)
        return actions[0] if adv >= 3 else actions[1]

    def _occupant(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        for a in actions:
            if a.args == k:
                return a
        return actions[0]

    # --- other decisions ------------------------------------------------------------------------

    def _landing(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        plan = Plan(d, k)
        scored: list[tuple[float, Action]] = []
        for a in actions:
            if a.kind == "land":
                scored.append((5 - plan.dist[a.args] + (3 if plan.need[a.args] else 0), a))
            elif a.kind == "capital":
                scored.append((1.0 if d.cap[k] < 7 else -2.0, a))
            else:
                scored.append((-5.0, a))
        return self._best(scored)

    def _make_room(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        return actions[0]

    def _income(self, state: State, d: HKData, k: int, actions: Sequence[Action]) -> Action:
        lead = d.suzerain[k]
        return actions[1] if lead >= 0 and d.cap[lead] < 9 else actions[0]


_KIND = {
    "regroup": "regroup",
    "action": "action",
    "extra-move": "extra",
    "march-to": "follow",
    "march-strength": "follow",
    "move-army": "follow",
    "move-to": "follow",
    "assault-target": "follow",
    "castle-site": "follow",
    "crusade": "follow",
    "muster": "muster",
    "press-on": "press",
    "retreat": "retreat",
    "occupant": "occupant",
    "landing": "landing",
    "make-room": "make_room",
    "income": "income",
}


def _scored_actions(state: State, d: HKData, k: int, plan: Plan, player: str) -> list[tuple[float, tuple[str, Any]]]:
    """Every complete 3b action with the agent's score for it."""
    total_need = sum(plan.need)
    scored: list[tuple[float, tuple[str, Any]]] = []
    cap = d.cap[k]
    spare_pips = sum(max(0, plan.spare(h)) for h in range(len(plan.pips)) if d.owner[h] == k)
    for option in action_options(state, player):
        kind, args = option
        if kind == "move":
            scored.append((_move_score(d, k, plan, *args), option))
        elif kind == "march":
            s, _ = args
            if s != min(6, cap):
                continue
            if cap >= 7:
                score = 12.0  # income would spill over the cap of 9
            elif total_need > spare_pips:
                score = 5.0 + s * 0.2 if cap >= 3 else 2.0
            else:
                score = 1.0
            scored.append((score, option))
        elif kind == "assault":
            scored.append((_assault_score(d, k, plan, args), option))
        elif kind == "levy":
            scored.append((3.0 if cap <= 2 else (1.0 if cap < 6 else 0.1), option))
        elif kind == "pass":
            scored.append((0.0, option))
        else:
            scored.append((-1.0, option))  # castles and crusades: not this agent's game
    return scored


# follow-up choice -> (the complete action it belongs to, its part of that action's args)
_FOLLOW_UPS: dict[str, tuple[str, Any]] = {
    "march-to": ("march", lambda args: args[1]),        # (strength, hex) -> hex
    "march-strength": ("march", lambda args: args[0]),  # -> strength
    "move-army": ("move", lambda args: args[:2]),       # (from, strength, to) -> (from, strength)
    "move-to": ("move", lambda args: args[2]),          # -> to
    "assault-target": ("assault", lambda args: args),
    "castle-site": ("castle", lambda args: args),
    "crusade": ("crusade", lambda args: args),
}


def _part(kind: str, whole: str, args: Any, chosen: tuple[Any, Any]) -> Any:
    """The part of complete action (``whole``, ``args``) that follow-up ``kind`` asks for,
    or None when that action is of another kind or disagrees with the parts chosen before
    (the frame's ``hex`` and ``strength``)."""
    belongs, part = _FOLLOW_UPS[kind]
    if whole != belongs:
        return None
    hex_, strength = chosen
    if kind == "march-strength" and args[1] != hex_:
        return None
    if kind == "move-to" and tuple(args[:2]) != (hex_, strength):
        return None
    return part(args)


def _frame_hex(state: State) -> int:
    return var(state, "hex", -1)


def _shape(plan: Plan, h: int) -> tuple[int, ...]:
    """The dice a hex should hold: its wanted pips as one die, the rest cut to fit the
    shortfalls of the target hexes (nearest first), any remainder in one more die."""
    total = plan.pips[h]
    keep = min(plan.want[h], total)
    parts = [keep] if keep > 0 else []
    rest = total - keep
    coords = plan.d.board.coords  # type: ignore[union-attr]
    from banneret.boards.hexgrid import distance

    needs = sorted((distance(coords[h], coords[t]), plan.need[t]) for t in range(len(plan.need)) if plan.need[t] > 0 and t != h)
    for _, need in needs:
        if rest <= 0 or len(parts) >= 3:
            break
        chunk = min(need, rest, 6)
        parts.append(chunk)
        rest -= chunk
    while rest > 0:
        if len(parts) < 4:
            chunk = min(rest, 6)
            parts.append(chunk)
            rest -= chunk
            continue
        # no room for another die: top up the existing ones
        i = min(range(len(parts)), key=lambda j: parts[j])
        if parts[i] >= 6:
            return tuple(R.partitions(total)[0])
        add = min(6 - parts[i], rest)
        parts[i] += add
        rest -= add
    return tuple(sorted(parts, reverse=True))


def _move_score(d: HKData, k: int, plan: Plan, h: int, s: int, t: int) -> float:
    if t == R.CAPITAL:
        return -1.0
    board = d.board
    assert board is not None
    left = plan.pips[h] - s
    if left < plan.want[h] and plan.pips[h] >= plan.want[h]:
        return -5.0  # would give up a hex we hold
    if plan.pips[h] < plan.want[h] and plan.need[h] > 0:
        return -3.0  # do not walk away from a shortfall being filled
    score = 0.0
    if plan.need[t] > 0:
        before = plan.pips[t]
        after = before + s
        score = 6.0 + min(s, plan.need[t])
        if before < board.threshold[t] <= after:
            score += 4.0
            p = board.province_of[t]
            held = sum(1 for x in board.province_hexes[p] if d.hctrl[x] == k)
            if held >= 2 and d.pctrl[p] != k:
                score += 8.0
        score -= max(0, s - plan.need[t]) * 0.3
    elif plan.dist[t] < plan.dist[h]:
        score = 3.0 + min(s, 6) / 6
    else:
        score = -0.5
    return score


def _assault_score(d: HKData, k: int, plan: Plan, target: int) -> float:
    mine = R.muster_hexes(d, k, target)
    att = sum(max(0, plan.spare(h)) for h in mine if d.owner[h] == k)
    if att <= 0:
        return -1.0
    if target < 0:
        e = -target - 1
        dfn = capital_defence(d.cap[e], d.arules.capital_bonus)
        adv = base_advantage(att, dfn) if att > dfn else -base_advantage(att, dfn)
        return 4.0 + adv if adv >= 1 else -1.0
    dfn = d.total(target)
    adv = base_advantage(att, dfn) if att > dfn else -base_advantage(att, dfn)
    if R.is_mountain(d, target):
        adv -= 1
    if d.castle[target] >= 0:
        adv -= 1
    if adv < 2:
        return -1.0
    p = target // 4 + 2
    if d.pctrl[p] == k or p in plan.targets:
        return 7.0 + adv
    return 0.5 if adv >= 4 else -1.0


def make_agent(game_id: str, faction: str, seed: int) -> HeuristicAgent:
    """Entry for ``banneret_agents``: one agent per seat, seeded by the engine."""
    return HeuristicAgent(seed)
