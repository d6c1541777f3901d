"""13 The assault as a sequence of decisions: the attacker musters its armies (13.1), then
wave follows wave (13.5-13.9) with the defender's retreat (13.10) or the attacker's choice
to press on (13.7), until the survivors occupy the hex or the assault ends. Each wave's
dice and losses are worked out by the resolver in :mod:`banneret_hex_kingdoms.assault`.
"""

from __future__ import annotations

from banneret.flow import Frame, Procedure, end, goto
from banneret.state import State
from banneret.types import Action
from banneret_hex_kingdoms import rules as R
from banneret_hex_kingdoms.assault import End, capital_defence, initial_advantage, resolve_wave
from banneret_hex_kingdoms.decisions import Decision, label_cache
from banneret_hex_kingdoms.rules import STACK
from banneret_hex_kingdoms.state import PART, STRENGTH, HKData

__all__ = ["Muster", "Occupy", "PressOn", "RetreatOrStand", "Wave", "Withdraw"]


def _target_name(d: HKData, t: int) -> str:
    return d.board.label(t) if t >= 0 else f"{d.names[-t - 1]}'s capital"


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
        cache = label_cache(d)
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
