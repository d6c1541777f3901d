"""A heuristic computer player for Richard III.

It judges only from what its seat may know (:class:`banneret.agents.Seat`): the seat's view
(its own blocks with identities and strengths, enemy blocks as counts per area unless
revealed in a battle), the printed data of the game (map, block register, cards) and its
own legal actions. Where it looks one choice ahead (the kind of action, then its best area
or block) or needs its own blocks' entry borders, it plays on the seat's sample: a state
whose facts hidden from it are redrawn, never the true one.

Plan in a few lines: recruit nobles and church blocks (they count for usurpation, 8.2), bring
heirs and nobles out of exile onto the map, take London, attack only where its blocks clearly
outnumber the enemy's, defend the crown areas, use treachery rolls, and otherwise keep blocks
within supply limits. Each decision scores the offered actions and takes the best (ties by
its own generator).

As the PRETENDER in the scenario's last campaign it runs a race for the usurpation count that
ends the game (8.2): it recruits only supporters, spares a defected enemy heir, keeps its
supporters out of exile and the Isle of Man, keeps one in London, stands in the homes where
the enemy would recruit its pooled supporters, attacks areas by what winning them is worth
for the count (enemy blocks, our blocked homes, London, an enemy heir last seen there in the
public log) and marches idle armies toward the KING's last public place or London.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any, Callable

import banneret
from banneret import Action, Rng
from banneret.agents import Seat
from banneret.state import State

from banneret_richard3.politics import NO_USURPATION_AREAS, SUPPORT_TYPES
from banneret_richard3.state import tables

__all__ = ["HeuristicAgent", "make_agent", "VALUE"]

VALUE = {"heir": 6.0, "noble": 4.0, "church": 4.0, "mercenary": 2.0, "levy": 2.0, "bombard": 2.0, "rebel": 2.5}
HIDDEN_STRENGTH = 2.5  # what an unseen enemy block is assumed to be worth
LONDON = "middlesex"


class _Seen:
    """What the player sees of the board, digested once per decision."""

    def __init__(self, board: dict[str, Any], me: str, scenario: str, log: Callable[[], list[str]]) -> None:
        self.me = me
        self.own: dict[str, list[tuple[str, int]]] = {}
        self.enemy_n: dict[str, int] = {}
        self.enemy_str: dict[str, float] = {}
        self.known: dict[str, int] = {}  # enemy blocks revealed in the battle being fought
        for area, blocks in board["areas"].items():
            for b in blocks:
                if "block" in b and b["house"] != me:
                    self.known[b["block"]] = b["strength"]
                if b["house"] == me:
                    self.own.setdefault(area, []).append((b["block"], b["strength"]))
                else:
                    self.enemy_n[area] = self.enemy_n.get(area, 0) + 1
                    self.enemy_str[area] = self.enemy_str.get(area, 0.0) + (
                        b["strength"] if "strength" in b else HIDDEN_STRENGTH)
        self.king = board["king"]
        # the scenario's last campaign ends with the usurpation count that decides the game (8.2)
        self.last_campaign = board["campaign"] == board["last_campaign"]
        # the PRETENDER then must out-count the KING: it attacks at even odds instead of
        # waiting for a clear edge
        self.race = self.last_campaign and me != self.king
        self.odds, self.margin = (1.0, 0.0) if self.race else (1.4, 1.0)
        t = tables()
        # the race's stakes: areas that keep our pool's supporters from being recruited
        self.blocked_homes = Counter(
            home for b in board["pools"][me]["face_up"] if self.race for home in _homes(b)
            if self.enemy_n.get(home))
        # homes of the enemy supporters that started the scenario in its pool (public set-up)
        # and where it could still recruit them: our block there stops it (5.4)
        self.deniable = Counter(
            home for b in (_enemy_pool_supporters(scenario, me) if self.race else ())
            for home in _homes(b) if not self.enemy_n.get(home))
        self._log = log
        setup = t.scenarios[scenario]
        self.king_block: str | None = board["king_block"]  # None while the throne is empty (6.81)
        self._king_start = (setup.locations[self.king_block]
                            if self.king_block and board["campaign"] == setup.first_campaign else None)
        self.phase = board["phase"]
        self.turn: int = board["turn"]
        self.battle_area: str | None = board["battle_area"]
        self.supply_limit = board["supply_limits"].__getitem__  # 7.1, 7.2: area -> limit

    @functools.cached_property
    def king_at(self) -> str | None:
        """The enemy KING's last public place (read from the log only when asked)."""
        if self.king_block is None:
            return None
        return _king_last_seen(self._log(), self.king, self.king_block, self._king_start)

    def approach(self, origin: str, dest: str) -> float:
        """In the race, how much nearer ``dest`` is than ``origin`` to the enemy KING's last
        known place, else to London: armies far from both would sit out the count."""
        if not self.race:
            return 0.0
        goal = self.king_at or LONDON
        hops = _hops()
        far = len(hops)
        return float(hops[origin].get(goal, far) - hops[dest].get(goal, far)) if goal in hops[dest] else 0.0

    def stakes(self, area: str) -> float:
        """In the race, what winning ``area`` is worth for the count: every enemy block there
        may be a noble to kill, an enemy-held home keeps our supporters in the pool, London
        is a point for whoever holds it at the end, more pressing as the end nears, and the
        KING is an heir (9.0: in Richard III the last)."""
        if not self.race:
            return 0.0
        london = 2.0 + self.turn / 2 if area == LONDON else 0.0
        king = 8.0 if self.enemy_n.get(area) and area == self.king_at else 0.0  # an heir, a supporter, maybe the last
        return 1.5 * self.enemy_n.get(area, 0) + 2.0 * self.blocked_homes[area] + london + king

    def own_str(self, area: str) -> float:
        return float(sum(s for _, s in self.own.get(area, ())))

    def own_n(self, area: str) -> int:
        return len(self.own.get(area, ()))

    def threat(self, area: str) -> float:
        """Enemy strength next door that exceeds ours here."""
        t = tables()
        near = max((self.enemy_str.get(n, 0.0) for n in t.neighbours[area]), default=0.0)
        return max(0.0, near - self.own_str(area))


def _value(block: str) -> float:
    return VALUE[tables().blocks[block].type]


def _supporter(block: str) -> bool:
    """Counts in the usurpation check when on the map (8.2)."""
    return tables().blocks[block].type in SUPPORT_TYPES


def _counts_for_usurpation(area: str) -> bool:
    """On the map, outside exile and the Isle of Man (8.2)."""
    return tables().exile_of[area] is None and area not in NO_USURPATION_AREAS


def _king_last_seen(log: list[str], king: str, king_block: str, start: str | None) -> str | None:
    """Where the enemy KING stands as far as the public log tells: his place in the
    scenario's set-up or the announcement of a new KING (6.81), then every retreat or
    regroup that names him; lost once any of his house's blocks leaves that area unseen."""
    t = tables()
    name = t.blocks[king_block].name
    area_id = {t.area[a].name: a for a in t.areas}
    where = start
    for line in log:
        if line.startswith(f"the new {king} KING stands in "):
            where = line.rsplit(" ", 1)[1]
        elif line == "The KING is dead":
            where = None
        elif line.startswith(f"{name} retreats to ") or line.startswith(f"{name} regroups to "):
            where = area_id.get(line.split(" to ", 1)[1])
        elif where is not None and line.startswith((f"{king} moves a block: {where} ", f"{king} ships a block: {where} ")):
            where = None
    return where


def _enemy_pool_supporters(scenario: str, me: str) -> list[str]:
    """The enemy's supporters in its pool at the scenario's start (printed set-up)."""
    return [b for h, pool in tables().scenarios[scenario].pools.items() if h != me for b in pool if _supporter(b)]


@functools.cache
def _hops() -> dict[str, dict[str, int]]:
    """Land borders between any two areas (absent: no land route), from the printed map;
    built once."""
    t = tables()
    out: dict[str, dict[str, int]] = {}
    for start in t.areas:
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for a in frontier:
                for n in t.neighbours[a]:
                    if n not in dist:
                        dist[n] = dist[a] + 1
                        nxt.append(n)
            frontier = nxt
        out[start] = dist
    return out


def _homes(block: str) -> tuple[str, ...]:
    """Where a supporter in the pool is recruited (5.4): a noble's shields, a church block's
    cathedral."""
    t = tables()
    info = t.blocks[block]
    if info.type == "noble":
        return info.shields
    if info.cathedral is not None:  # exactly the church blocks (data_model)
        return (t.cathedral_area[info.cathedral],)
    return ()


class _Sample:
    """A state the seat cannot tell from the true one, drawn at most once per decision."""

    def __init__(self, seat: Seat | None, rng: Rng, state: State | None = None) -> None:
        self.seat, self.rng, self._state = seat, rng, state

    def state(self) -> State:
        if self._state is None:
            assert self.seat is not None
            self._state = self.seat.sample(self.rng)
        return self._state


class HeuristicAgent:
    """Scores every offered action and plays the best one."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)  # ties
        self.sampler = Rng(seed + 1)  # the samples it looks ahead on: apart, so ties never depend on them

    def choose(self, seat: Seat) -> Action:
        actions = seat.actions
        if len(actions) == 1:
            return actions[0]
        v = seat.view
        seen = _Seen(v["board"], seat.player, v["scenario"], seat.log)
        kind = v["pending"]["kind"]
        scorer = getattr(self, "_" + kind.replace("-", "_"), None)
        sample = _Sample(seat, self.sampler)
        best: list[Action] = []
        top = float("-inf")
        for a in actions:
            s = scorer(sample, seen, a) if scorer else 0.0
            if s > top + 1e-9:
                top, best = s, [a]
            elif abs(s - top) <= 1e-9:
                best.append(a)
        return best[self.rng.below(len(best))]

    # --- cards -------------------------------------------------------------------------
    def _redeal(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        return 1.0 if a.kind == "redeal" else 0.0

    def _redeal_too(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        return 1.0 if a.kind == "keep" else 0.0

    def _card(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        card = tables().cards[a.args]
        if card.event is None:
            return float(card.ap)
        return {"piracy": 1.5, "plague": 1.2, "force_march": 1.0, "surprise": 1.0, "treason": 1.0, "muster": 0.8}[card.event]

    # --- actions -----------------------------------------------------------------------
    def _action_menu(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        t = tables()
        if a.kind == "end":
            return 1.0
        if a.kind == "pick":  # a kind of action: worth its best area or block (its own choices)
            child = _Sample(None, self.sampler, banneret.child(sample.state(), a))
            return max(self._action_menu(child, seen, x) for x in banneret.legal_actions(child.state(), a.player))
        if a.kind == "plague":
            return 1.5 + seen.enemy_n.get(a.args, 0)
        if a.kind == "recruit":
            block, area = a.args
            score = 2.0 + _value(block)
            if seen.race:  # only nobles, church blocks and heirs count at the end (8.2)
                score += (3.0 if _supporter(block) else -2.0) + 1.5 * seen.deniable[area]
            if seen.own_n(area) + 1 > seen.supply_limit(area):
                score -= 6.0
            score -= 0.5 * seen.threat(area)
            if area == LONDON:
                score += 1.0
            return score
        if a.kind == "sea":
            origin = a.args
            movers = [b for b, _ in seen.own.get(origin, ()) if t.blocks[b].type in ("heir", "noble", "church")]
            if t.exile_of[origin] is not None and movers:
                # onto the map: they count for usurpation (8.2); in the race the later the
                # more urgent, and at once from an exile over its limit (7.2)
                crowded = len(movers) if seen.own_n(origin) > seen.supply_limit(origin) else 0
                return 5.5 + (seen.turn + crowded if seen.race else 0)
            return 0.5
        if a.kind in ("group", "muster"):
            return self._group_value(seen, a.args) if a.kind == "group" else self._muster_value(seen, a.args)
        return 0.0

    _action_pick = _action_menu  # the area or block after the kind of action

    def _targets(self, seen: _Seen, origin: str) -> list[tuple[float, str]]:
        """Enemy areas within two areas of ``origin`` we can beat, best first."""
        t = tables()
        force = seen.own_str(origin)
        out = []
        for n in t.neighbours[origin]:
            for m in (n,) + t.neighbours[n]:
                e = seen.enemy_str.get(m, 0.0)
                if e and m != origin and force >= seen.odds * e + seen.margin:
                    out.append((force - e + (3 if m == LONDON else 0) + seen.stakes(m), m))
        out.sort(reverse=True)
        return out

    def _group_value(self, seen: _Seen, origin: str) -> float:
        targets = self._targets(seen, origin)
        if targets:
            return 4.0 + min(targets[0][0], 6.0) / 2
        t = tables()
        if LONDON in t.neighbours[origin] and not seen.enemy_n.get(LONDON) and not seen.own_n(LONDON):
            return 3.0
        score = 2.5 if seen.own_n(origin) > seen.supply_limit(origin) else 0.4
        if max((seen.approach(origin, n) for n in t.neighbours[origin]), default=0.0) > 0:
            # in the race, nearer the KING or London: the more supporters, the more it matters
            score = max(score, 2.0 + 0.6 * sum(1 for b, _ in seen.own[origin] if _supporter(b)))
        return score

    def _muster_value(self, seen: _Seen, area: str) -> float:
        """Muster gathers blocks in one friendly area: best where London or the race is won."""
        if not seen.last_campaign:
            return 1.2
        return 1.2 + (4.0 if area == LONDON else 0.0) + sum(seen.stakes(n) for n in tables().neighbours[area]) / 4

    def _action_group(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        if a.kind == "select":  # worth its best path: a selected block must move
            child = banneret.child(sample.state(), a)
            return max(self._path_value(seen, x) for x in banneret.legal_actions(child, a.player))
        if a.kind == "done":
            return 0.5
        return self._path_value(seen, a)

    def _path_value(self, seen: _Seen, a: Action) -> float:
        path = a.args
        dest = path[-1]
        origin = a.label.split(": ", 1)[1].split(" -> ", 1)[0]
        block = a.label[len("move "):].split(":", 1)[0]
        strength = dict(seen.own.get(origin, ())).get(block, 2)
        if (seen.last_campaign and origin == LONDON and _supporter(block) and not seen.enemy_n.get(LONDON)
                and sum(1 for b, _ in seen.own[LONDON] if _supporter(b)) == 1):
            return -6.0  # London's last supporter: levies disband before the final count (8.1, 8.2)
        e = seen.enemy_str.get(dest, 0.0)
        if e:
            mine = seen.own_str(dest) + seen.own_str(origin)
            if mine >= seen.odds * e + seen.margin:
                return 6.0 + (2 if dest == LONDON else 0) + 0.5 * seen.stakes(dest) - 0.1 * len(path)
            return -4.0
        score = 1.0 - 0.1 * len(path) + 2.0 * seen.deniable[dest] + 0.8 * seen.approach(origin, dest)
        if seen.own_n(origin) == 1:
            score -= 2.0 * seen.deniable[origin]  # the enemy could recruit there again
        if seen.last_campaign and _supporter(block) and not _counts_for_usurpation(dest):
            score -= 4.0  # it would not count in the final usurpation check (8.2)
        if dest == LONDON:
            score += 4.0
        if tables().crown[dest] and tables().blocks[block].type == "heir":
            score += 1.0
        if block in () or dest in tables().blocks[block].shields:
            score += 0.5
        if seen.own_n(dest) + 1 > seen.supply_limit(dest):
            score -= 5.0
        score -= 0.5 * max(0.0, max((seen.enemy_str.get(n, 0.0) for n in tables().neighbours[dest]), default=0.0)
                            - seen.own_str(dest) - strength)
        return score

    def _action_muster(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        if a.kind == "select":
            return 2.0
        if a.kind == "done":
            return 1.0
        return 1.0 - 0.1 * len(a.args)

    def _action_sea(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        t = tables()
        if a.kind in ("select", "ship2"):
            return 2.0 + _value(a.args) + (1 if a.kind == "ship2" else 0)
        if a.kind == "done":
            return 1.0
        dest, sea = a.args
        e = seen.enemy_str.get(dest, 0.0)
        if e:  # Piracy attack
            return 4.0 if seen.own_str(dest) >= e + 2 else -3.0
        score = 2.0 + 0.5 * seen.own_n(dest) - 0.4 * seen.threat(dest)
        if t.exile_of[dest] is not None:
            score -= 3.0
        if seen.last_campaign and not _counts_for_usurpation(dest):
            score -= 4.0  # its supporters would not count in the final usurpation check (8.2)
        score += 2.0 * seen.deniable[dest]
        if dest == LONDON:
            score += 4.0
        if t.major_port[dest]:
            score += 0.5
        if seen.own_n(dest) + 1 > seen.supply_limit(dest):
            score -= 5.0
        return score

    def _main_attack(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        area, came = a.args
        mine = [b for b, _ in seen.own.get(area, ())]  # the entries of its own blocks, which it made
        return float(sum(1 for b, cf in sample.state().data.entries.get(area, ()) if cf == came and b in mine))

    # --- battles -----------------------------------------------------------------------
    def _battle_turn(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        area = seen.battle_area
        mine = seen.own_str(area) if area else 0.0
        theirs = seen.enemy_str.get(area, 0.0) if area else 0.0
        if a.kind == "treachery":
            target = a.args[1]
            loyalty = tables().blocks[target].loyalty or 3
            return 2.5 + 4.0 * (0.5 ** loyalty) * seen.known.get(target, 2)
        if a.kind == "fire":
            return 3.0
        if a.kind == "charge":
            return 1.0
        if a.kind == "retreat":
            block, dest = a.args
            want = 4.5 if mine < 0.6 * theirs else -1.0
            if seen.last_campaign and _supporter(block) and not _counts_for_usurpation(dest):
                want -= 1.0  # safe there, but out of the final count (8.2)
            return want + 0.1 * seen.own_n(dest)
        return 0.0  # pass

    def _take_hits(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        return -_value(a.args)

    def _treason(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        return 2.0 if a.kind == "treason" else 0.0

    def _regroup(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        if a.kind == "end-regroup":
            return 1.0
        blk, dest = a.args
        area = seen.battle_area
        if area and seen.own_n(area) > seen.supply_limit(area) and not seen.enemy_n.get(dest):
            return 2.0 + 0.1 * seen.own_n(dest)
        return 0.0

    def _battle_order(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        return seen.own_str(a.args) - seen.enemy_str.get(a.args, 0.0)

    # --- supply and politics ----------------------------------------------------------
    def _supply(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        strength = dict(sum(seen.own.values(), [])).get(a.args, 1)
        return (3.0 if strength > 1 else 0.0) - 0.3 * _value(a.args)

    def _minor_entry(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        return seen.own_n(a.args) - 0.5 * seen.threat(a.args)

    def _execution(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        """A defected enemy heir is one of our nobles in the usurpation count (8.2): in the
        last campaign sparing him keeps that point; before it, executing him weakens the
        enemy's line."""
        return 1.0 if (a.kind == "execute") != seen.last_campaign else 0.0

    def _go_home(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        dest = a.args
        if dest == "pool":
            return -5.0
        if dest in tables().exile_of and tables().exile_of[dest] is not None:
            return 1.0 - seen.own_n(dest)
        return seen.own_n(dest) + (3.0 if dest == LONDON else 0.0) - 0.5 * seen.threat(dest)

    def _exile_excess(self, sample: _Sample, seen: _Seen, a: Action) -> float:
        return -_value(a.args)


def make_agent(game_id: str, faction: str, seed: int) -> HeuristicAgent:
    """The agent factory registered through ``banneret_agents``."""
    return HeuristicAgent(seed)
