"""The Assembly (9.3): votes received, Private Motions first, the Chairman's order, secret
simultaneous votes with the Chairman breaking ties, Motions, Laws, Charges and Offices,
refusals and the ban, two-player written voting (16.3).

::

    Assembly                    9.3.1 step 1: votes received; then, one thing at a time:
      NameActingChairman        step 2: the Chairman cannot vote: he names who presides
      ProposeMotion             step 3, 9.3.5: a Private Motion's proposer (by Fate) proposes
      OrderAgendas              step 4: the presiding baron orders the other agendas
      ballot                    step 5a-b: every voter at once, in secret (a Parallel branch
        CastBallot              each): votes committed to the agenda (two barons: to every
                                agenda in order, with the side, 16.3); undo until confirmed
      agenda                    step 5c-e, one agenda:
        DeclareVotes            the committed votes are spent; sides declared clockwise
                                from the presiding baron
        SettleTie               the presiding baron breaks a tie
        ApplyResult             9.3.2-9.3.3: the agenda takes effect or is discarded;
          TakeAgenda            the baron chosen accepts (where his Office goes, which old
                                Charge he drops) or refuses it (9.3.6: banned)
                                step 6: new agendas revealed

What is public lies in :class:`~banneret_warrior_knights.state.WKData` (who attends, the
agenda being counted, the revealed ballots, the declared sides); what a voter commits stays
in his branch of the ``ballot`` step until everyone has confirmed.

Readings: a choose-a-baron agenda (Motion, Charge, Office) targets the baron chosen, who may
refuse it (9.3.6; banned unless he is barred already, AMB-42); Yes/No agendas target nobody;
the Private Motions are voted in the order they lie, before the Chairman orders the rest;
committed votes are spent when the agenda is counted, so a baron barred meanwhile keeps the
votes he wrote for the agendas left (16.3); when nobody may vote the agendas stay current.
"""

from __future__ import annotations

import itertools
from typing import Any, Sequence

import attrs

from banneret.flow import Choice, Decision, Frame, Parallel, Procedure, Steps, call, end, record, secret_of, var
from banneret.rng import Rng
from banneret.state import State
from banneret.types import Action
from banneret_warrior_knights.effects import ApplyEffects
from banneret_warrior_knights.titles import ban
from banneret_warrior_knights.setup import fate_until
from banneret_warrior_knights.standing import in_force
from banneret_warrior_knights.state import WKData, clockwise_from, tables
from banneret_warrior_knights.variants import MOTION_RULE, motion_rule_label, motion_rule_proposals, toggle_motion_rule

__all__ = [
    "Assembly", "PROCEDURES", "votes_received", "can_vote", "presiding", "vote_kind", "agenda_label",
    "Ballot", "Cast", "ballot_view", "assembly_view", "redraw_ballot", "agenda_invariants", "MAX_CHARGES",
]

MAX_CHARGES = 3
"""A baron holds at most three Charges (9.3.3)."""
YES, NO = "yes", "no"
PURPOSES = {
    "lift_ban": "lift the ban of {}",
    "remove_card": "remove {}",
    "postpone_assembly": "postpone the Assembly",
    "revive_discard": "vote on {} from the discard pile",
}
"""The four purposes of a Private Motion (9.3.5) and how a proposal reads."""


# --------------------------------------------------------------------------- who votes


def excluded(data: WKData, baron: str) -> bool:
    """A standing effect keeps the baron out of the Assembly (a Charge, AMB-41)."""
    return bool(in_force(data, "assembly_exclusion", baron))


def can_vote(data: WKData, baron: str) -> bool:
    """The baron attends the Assembly under way and has not been barred or excluded since
    it began (9.3.6: a baron barred storms out; a lifted ban counts from the next Assembly)."""
    return baron in data.attending and not data.barred[baron] and not excluded(data, baron)


def voters(data: WKData) -> tuple[str, ...]:
    return tuple(b for b in data.barons if can_vote(data, b))


def presiding(data: WKData) -> str | None:
    """Who chairs the Assembly now: the Chairman if he may vote, else the acting Chairman he
    named (9.3.1 step 2); ``None`` when one must be named."""
    for baron in (data.chairman, data.acting_chairman):
        if baron is not None and can_vote(data, baron):
            return baron
    return None


def kingdom_cities_of(data: WKData, baron: str) -> int:
    """Kingdom cities the baron controls, besieged ones included (AMB-22)."""
    return sum(1 for c in tables().data.board.kingdom_cities() if data.city_owner.get(c) == baron)


def votes_received(data: WKData, baron: str) -> int:
    """9.3.1 step 1: 1 vote and 1 per Kingdom city controlled, plus the votes his standing
    effects grant at each Assembly."""
    bonus = sum(e.params["amount"] for _, e in in_force(data, "assembly_income", baron) if e.params["resource"] == "votes")
    return 1 + kingdom_cities_of(data, baron) + bonus


# --------------------------------------------------------------------------- agendas


def _kind(card: str) -> str:
    return tables().agenda_of[card].kind


def _title(card: str) -> str:
    return tables().agenda_titles[card]


def revived(data: WKData, agenda: str) -> str | None:
    """The discarded agenda a Private Motion being voted would revive (AMB-39)."""
    if _kind(agenda) == "private_motion" and data.proposal is not None and data.proposal[0] == "revive_discard":
        return data.proposal[1]
    return None


def vote_kind(data: WKData, agenda: str) -> str:
    """``yes_no`` or ``choose_baron``: a Private Motion's proposal is a Yes/No question, unless
    it revives an agenda, which is voted its own way (AMB-39)."""
    card = revived(data, agenda)
    if card is not None:
        return tables().agenda_of[card].vote
    return "yes_no" if _kind(agenda) == "private_motion" else tables().agenda_of[agenda].vote


def _target_label(data: WKData, purpose: str, target: str | None) -> str:
    if purpose == "lift_ban":
        return str(target)
    if target is None:
        return ""
    if target in data.laws:
        return f"the Law {_title(target)}"
    for baron in data.barons:
        if target in data.charges[baron]:
            return f"{baron}'s Charge {_title(target)}"
    if target in data.office.values():  # one look before the walk: most targets are no Office
        noble = next(nb for nb, office in data.office.items() if office == target)
        return f"the Office {_title(target)} of {tables().data.nobles[noble].name}"
    return _title(target)


def proposal_label(data: WKData, purpose: str, target: str | None) -> str:
    if purpose == MOTION_RULE:  # 17.2
        return motion_rule_label(data, target)  # type: ignore[arg-type]
    return PURPOSES[purpose].format(_target_label(data, purpose, target))


def agenda_label(data: WKData, agenda: str) -> str:
    """What a baron reads for an agenda: its title; a Private Motion with its proposal."""
    if _kind(agenda) == "private_motion" and data.proposal is not None:
        return f"{_title(agenda)} ({proposal_label(data, *data.proposal)})"
    return _title(agenda)


def side_label(side: str) -> str:
    return {YES: "Yes", NO: "No"}.get(side, side)


def sides(data: WKData, agenda: str) -> tuple[str, ...]:
    """What committed votes may support: Yes or No, or any baron (AMB-38: oneself, an absent
    or a barred baron included)."""
    return (YES, NO) if vote_kind(data, agenda) == "yes_no" else data.barons


def discard_agenda(data: WKData, card: str) -> None:
    """The card goes to the Agenda discard pile, from wherever it is."""
    _take(data, card)
    data.agendas.discard([card])


def _take(data: WKData, card: str) -> None:
    """Take the card from where it lies: current agendas, discard pile, Laws, Charges, Offices."""
    for pile in (data.current_agendas, data.agendas.discard_pile, data.laws, *data.charges.values()):
        if card in pile:
            pile.remove(card)
            return
    for noble, office in data.office.items():
        if office == card:
            data.office[noble] = None
            return


# --------------------------------------------------------------------------- the Assembly


@attrs.define
class AssemblyRecord:
    """The Assembly's own progress: the agendas ordered and still to vote, the revealed
    ballots still to count, and whether a Private Motion postponed it."""

    queue: list[str] = attrs.Factory(list)
    ordered: bool = False
    to_count: list[str] = attrs.Factory(list)
    postponed: bool = False


class Assembly(Procedure):
    """The barons vote on the current agendas (9.3)."""

    rule = "9.3"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        frame.record = AssemblyRecord()
        data.attending = tuple(b for b in data.barons if not data.barred[b] and not excluded(data, b))
        for baron in data.attending:  # 9.3.1 step 1
            data.votes[baron] += votes_received(data, baron)
            for _, effect in in_force(data, "assembly_income", baron):
                if effect.params["resource"] != "votes":
                    getattr(data, effect.params["resource"])[baron] += effect.params["amount"]
        received = ", ".join(f"{b} {data.votes[b]}" for b in data.attending) or "nobody attends"
        state.emit(f"the Assembly: votes now {received}", "assembly")
        self._next(state, frame)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        data: WKData = state.data
        if isinstance(result, tuple) and result[0] == "proposed":  # a Private Motion goes to the vote
            self._ballot(state, frame, (result[1],))
            return
        if data.voting is not None:  # an agenda has been counted and applied
            data.voting = None
            data.committed.clear()
            data.declared.clear()
            data.proposal = None
        self._next(state, frame)

    def _next(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        rec: AssemblyRecord = frame.record
        chair = presiding(data)  # one who presides may vote: nobody else asked then
        if rec.postponed or (chair is None and not any(can_vote(data, b) for b in data.barons)):
            self._close(state, "postponed" if rec.postponed else "nobody may vote")
            return
        if chair is None:
            call(state, NameActingChairman)
            return
        if rec.to_count:
            call(state, AGENDA, record=AgendaVote(rec.to_count.pop(0)))
            return
        private = [c for c in data.current_agendas if _kind(c) == "private_motion"]
        if private:  # 9.3.1 step 3
            proposer = fate_until(data, lambda c: c.baron in data.barons).baron
            state.emit(f"Fate names {proposer} to propose the {_title(private[0])}", "assembly")
            call(state, ProposeMotion, agenda=private[0], proposer=proposer)
            return
        if not rec.ordered and data.current_agendas:  # step 4
            rec.ordered = True
            call(state, OrderAgendas)
            return
        if rec.queue:
            if len(data.barons) == 2:  # 16.3: every agenda written at once
                batch, rec.queue = tuple(rec.queue), []
            else:
                batch = (rec.queue.pop(0),)
            self._ballot(state, frame, batch)
            return
        self._close(state, "")

    def _ballot(self, state: State, frame: Frame, batch: tuple[str, ...]) -> None:
        frame.record.to_count = list(batch)
        call(state, BALLOT, batch=batch)

    def _close(self, state: State, why: str) -> None:
        """Step 6 (AMB-40 when postponed): the current agendas are refilled to three."""
        data: WKData = state.data
        data.attending = ()
        data.acting_chairman = None
        data.ballots.clear()  # ballots of agendas nobody may vote on any more stay uncounted
        missing = state.rules["agendas_revealed"] - len(data.current_agendas)
        if missing > 0:
            data.current_agendas.extend(data.agendas.draw(state.rng, missing))
        titles = ", ".join(_title(c) for c in data.current_agendas)
        state.emit(f"the Assembly ends{f' ({why})' if why else ''}; agendas now: {titles}", "assembly")
        end(state)


class NameActingChairman(Choice):
    """The Chairman cannot vote in this Assembly: he names a baron who may to preside."""

    rule = "9.3.1"
    kind = "acting_chairman"
    prompt = "Name the acting Chairman of this Assembly"

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.chairman

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return voters(state.data)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"{option} acts as Chairman"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        state.data.acting_chairman = option
        state.emit(f"{option} acts as Chairman", "assembly")
        end(state)


def proposals(data: WKData, purposes: Sequence[str]) -> list[tuple[str, str | None]]:
    """What a Private Motion may propose (9.3.5): lifting a ban, removing a card in play,
    postponing, reviving a discarded agenda (not a Private Motion); one per distinct label."""
    found: list[tuple[str, str | None]] = []
    if "lift_ban" in purposes:
        found += [("lift_ban", b) for b in data.barons if data.barred[b]]
    if "remove_card" in purposes:
        in_play = [*data.laws, *(c for b in data.barons for c in data.charges[b])]
        in_play += [o for nb, o in data.office.items() if o is not None]
        found += [("remove_card", c) for c in in_play]
    if "postpone_assembly" in purposes:
        found.append(("postpone_assembly", None))
    if "revive_discard" in purposes:
        found += [("revive_discard", c) for c in data.agendas.discard_pile if _kind(c) != "private_motion"]
    unique: dict[str, tuple[str, str | None]] = {}
    for purpose, target in found:
        unique.setdefault(proposal_label(data, purpose, target), (purpose, target))
    return list(unique.values())


class ProposeMotion(Choice):
    """The proposer Fate named chooses what the Private Motion proposes (9.3.5)."""

    rule = "9.3.5"
    kind = "propose"
    prompt = "Choose what the Private Motion proposes"

    def decider(self, state: State, frame: Frame) -> str:
        return frame["proposer"]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        (effect,) = [e for e in tables().agenda_of[frame["agenda"]].effects if e.kind == "private_motion"]
        return proposals(state.data, effect.params["purposes"]) + motion_rule_proposals(state)  # 17.2

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"propose to {proposal_label(state.data, *option)}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        data.proposal = option
        state.emit(f"{frame['proposer']} proposes to {proposal_label(data, *option)}", "assembly")
        end(state, ("proposed", frame["agenda"]))


def _orders(data: WKData) -> list[tuple[str, ...]]:
    unique: dict[tuple[str, ...], tuple[str, ...]] = {}
    for order in itertools.permutations(data.current_agendas):
        unique.setdefault(tuple(_title(c) for c in order), order)
    return list(unique.values())


class OrderAgendas(Choice):
    """The presiding baron sets the order of the agendas left (9.3.1 step 4)."""

    rule = "9.3.1"
    kind = "order"
    prompt = "Set the order of the agendas"

    def decider(self, state: State, frame: Frame) -> str:
        return presiding(state.data)  # type: ignore[return-value]  # the Assembly names one first

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return _orders(state.data)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return "order: " + ", then ".join(_title(c) for c in option)

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        record(state, AssemblyRecord).queue = list(option)
        state.emit("the agendas are voted in this order: " + ", ".join(_title(c) for c in option), "assembly")
        end(state)


# --------------------------------------------------------------------------- the secret ballot


@attrs.define
class Ballot:
    """A voter's ballot while he fills it in (his branch's own record): the votes put on each
    agenda of the batch, the sides written (two barons only), the agenda being filled."""

    batch: tuple[str, ...]
    written: bool
    amounts: tuple[int, ...]
    sides: tuple[str | None, ...]
    k: int = 0
    siding: bool = False
    """The amount for agenda ``k`` is set; its side is to be written."""


@attrs.frozen
class Cast:
    """A confirmed ballot: (agenda, votes, side or None) for each agenda of the batch."""

    entries: tuple[tuple[str, int, str | None], ...]


class CastBallot(Decision):
    """Put votes in your closed hand for the agenda, one or three at a time, then commit them
    (with two barons: write the votes and the side for every agenda in order); then confirm.
    Until you confirm you may undo."""

    rule = "9.3.1"
    kind = "vote"
    prompt = "Commit your votes in secret, then confirm"

    def start(self, state: State, frame: Frame) -> None:
        batch = var(state, "batch")
        frame.record = Ballot(batch, len(state.data.barons) == 2, (0,) * len(batch), (None,) * len(batch))

    def decider(self, state: State, frame: Frame) -> str:
        return frame["player"]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        data: WKData = state.data
        ballot: Ballot = frame.record
        if ballot.k == len(ballot.batch):
            return [Action(player, "confirm the ballot", "confirm")]
        agenda = ballot.batch[ballot.k]
        name = agenda_label(data, agenda)
        n = ballot.amounts[ballot.k]
        if ballot.siding:
            return [Action(player, f"{name}: {n} votes for {side_label(s)}", "side", s) for s in sides(data, agenda)]
        left = data.votes[player] - sum(ballot.amounts)
        menu = [Action(player, f"{name}: add {a} (to {n + a})", "add", a) for a in (1, 3) if a <= left]
        menu.append(Action(player, f"{name}: commit {n} votes", "commit"))
        return menu

    def act(self, state: State, frame: Frame, action: Action) -> None:
        ballot: Ballot = frame.record
        k = ballot.k
        if action.kind == "confirm":
            end(state, Cast(tuple(zip(ballot.batch, ballot.amounts, ballot.sides))))
        elif action.kind == "add":
            ballot.amounts = ballot.amounts[:k] + (ballot.amounts[k] + action.args,) + ballot.amounts[k + 1:]
        elif action.kind == "commit" and ballot.written and ballot.amounts[k]:
            ballot.siding = True
        else:
            if action.kind == "side":
                ballot.sides = ballot.sides[:k] + (action.args,) + ballot.sides[k + 1:]
            ballot.siding = False
            ballot.k = k + 1


def _ballot_voters(state: State) -> tuple[str, ...]:
    """Who fills in a ballot: the barons who may vote and own votes."""
    data: WKData = state.data
    return tuple(b for b in voters(data) if data.votes[b] > 0)


def reveal_ballots(state: State, results: dict[str, Cast]) -> None:
    """Step 5b: every hand opens at once; the ballots wait to be counted agenda by agenda."""
    data: WKData = state.data
    for agenda in var(state, "batch"):
        data.ballots[agenda] = tuple(
            (b, n, side) for b in data.barons if b in results
            for a, n, side in results[b].entries if a == agenda
        )
        shown = ", ".join(f"{b} {n}" + (f" for {side_label(s)}" if s and n else "") for b, n, s in data.ballots[agenda])
        state.emit(f"{agenda_label(data, agenda)}: {shown or 'no votes'}", "assembly")


BALLOT = Parallel("ballot", CastBallot, players=_ballot_voters, resolve=reveal_ballots,
                  kind="vote", prompt=CastBallot.prompt, rule="9.3.1")


# --------------------------------------------------------------------------- counting one agenda


@attrs.define
class AgendaVote:
    """The agenda being counted and, once known, its outcome: ``yes``, ``no`` or a baron."""

    agenda: str
    outcome: str | None = None


class DeclareVotes(Decision):
    """Step 5c: the revealed votes are spent; each baron who committed any says, clockwise
    from the presiding baron, what they support (written already with two barons)."""

    rule = "9.3.1"
    kind = "declare"
    prompt = "Declare what your committed votes support"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        agenda = record(state, AgendaVote).agenda
        data.voting = agenda
        for baron, n, side in data.ballots.pop(agenda, ()):
            if not can_vote(data, baron):
                continue  # barred since he wrote it: the votes stay his (16.3)
            n = min(n, data.votes[baron])
            data.votes[baron] -= n  # spent, whichever side they support (AMB-37)
            data.committed[baron] = n
            if side is not None and n:
                data.declared[baron] = side
        frame.vars["sides"] = sides(data, agenda)
        frame.vars["who"] = tuple(b for b in clockwise_from(data, presiding(data) or data.chairman)
                                  if data.committed.get(b) and b not in data.declared)
        frame.vars["n"] = 0
        self._ask(state, frame)

    def _ask(self, state: State, frame: Frame) -> None:
        if frame["n"] >= len(frame["who"]):
            end(state)

    def decider(self, state: State, frame: Frame) -> str:
        return frame["who"][frame["n"]]

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        n = state.data.committed[player]
        return [Action(player, f"declare {n} votes for {side_label(s)}", "declare", s) for s in frame["sides"]]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        data: WKData = state.data
        data.declared[action.player] = action.args
        state.emit(f"{action.player}'s {data.committed[action.player]} votes: {side_label(action.args)}", "assembly")
        frame.vars["n"] += 1
        self._ask(state, frame)


def totals(data: WKData) -> dict[str, int]:
    """Votes declared for each side of the agenda being counted (every side listed)."""
    counts = {side: 0 for side in sides(data, data.voting)}  # type: ignore[arg-type]
    for baron, side in data.declared.items():
        counts[side] += data.committed[baron]
    return counts


class SettleTie(Choice):
    """Step 5d, 9.3.2: the side with the most votes wins; on a tie the presiding baron
    chooses freely among the tied sides (AMB-38: among every baron if nobody voted)."""

    rule = "9.3.2"
    kind = "tie"
    prompt = "Break the tie"

    def decider(self, state: State, frame: Frame) -> str:
        return presiding(state.data) or state.data.chairman

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        counts = totals(state.data)
        most = max(counts.values())
        return tuple(side for side, n in counts.items() if n == most)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"the tie goes to {side_label(option)}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        record(state, AgendaVote).outcome = option
        counts = ", ".join(f"{side_label(s)} {n}" for s, n in totals(data).items() if n)
        state.emit(f"{agenda_label(data, data.voting)}: {side_label(option)} ({counts or 'no votes'})", "assembly")  # type: ignore[arg-type]
        end(state)


class ApplyResult(Procedure):
    """Step 5e, 9.3.3: a Law goes beside the board, a Motion takes effect and is discarded,
    a Charge or an Office goes to the baron chosen, who may refuse it; a Private Motion does
    what it proposed; an agenda voted down is discarded."""

    rule = "9.3.3"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        vote = record(state, AgendaVote)
        card, outcome = vote.agenda, vote.outcome
        if _kind(card) == "private_motion":
            purpose, target = data.proposal  # type: ignore[misc]
            discard_agenda(data, card)
            if purpose == "revive_discard":
                card = target  # voted in its own right (AMB-39)
            elif outcome == YES:
                self._proposal(state, purpose, target)
                end(state)
                return
            else:
                end(state)
                return
        rec = tables().agenda_of[card]
        if outcome == NO:
            discard_agenda(data, card)
        elif rec.vote == "choose_baron":
            call(state, TakeAgenda, card=card, baron=outcome)
            return
        elif rec.kind == "law":
            _take(data, card)
            data.laws.append(card)
            state.emit(f"the Law {_title(card)} is in force", "assembly")
        else:
            discard_agenda(data, card)
            call(state, ApplyEffects, effects=rec.effects, drawer=None, chosen_baron=None)
            return
        end(state)

    def _proposal(self, state: State, purpose: str, target: str | None) -> None:
        data: WKData = state.data
        if purpose == "lift_ban":
            data.barred[target] = False  # type: ignore[index]  # from the next Assembly (9.3.7)
            state.emit(f"{target}'s ban is lifted from the next Assembly", "assembly")
        elif purpose == "remove_card":
            state.emit(f"{_target_label(data, purpose, target)} is removed", "assembly")
            discard_agenda(data, target)  # type: ignore[arg-type]  # never refusable (9.3.6)
        elif purpose == MOTION_RULE:
            toggle_motion_rule(state, target)  # type: ignore[arg-type]  # 17.2
        else:
            record(state, AssemblyRecord).postponed = True  # AMB-40


class TakeAgenda(Choice):
    """The baron an agenda chose takes it or refuses it (9.3.6): an Office goes to one of
    his nobles (replacing the one there), a fourth Charge sends one of his three old ones to
    the discard pile; refusing bars him, unless he is barred already (AMB-42)."""

    rule = "9.3.6"
    kind = "take_agenda"
    prompt = "Take the agenda the Assembly gave you, or refuse it"
    ask_single = True

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        data: WKData = state.data
        card, baron = frame["card"], frame["baron"]
        kind = _kind(card)
        if kind == "office":
            # 11.8, 22.1 #49: a noble dead without an heir is out of the game and holds no Office
            taking: list[Any] = [("office", nb) for nb in data.nobles_of(baron) if nb not in data.heirless_dead]
        elif kind == "charge" and len(data.charges[baron]) >= MAX_CHARGES:
            taking = [("charge", old) for old in data.charges[baron]]
        else:
            taking = [("take", None)]
        return (*taking, ("refuse", None))

    def label(self, state: State, frame: Frame, option: Any) -> str:
        what, arg = option
        title = _title(frame["card"])
        if what == "office":
            return f"{title} to {tables().data.nobles[arg].name}"
        if what == "charge":
            return f"take {title}, discarding {_title(arg)}"
        return f"take {title}" if what == "take" else f"refuse {title}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        card, baron = frame["card"], frame["baron"]
        what, arg = option
        kind = _kind(card)
        if what == "refuse":
            state.emit(f"{baron} refuses {_title(card)}", "assembly")
            discard_agenda(data, card)
            ban(state, baron)
            end(state)
            return
        _take(data, card)
        if kind == "office":
            old = data.office[arg]
            if old is not None:
                data.agendas.discard([old])  # one Office a noble (9.3.3)
            data.office[arg] = card
            state.emit(f"{baron}'s {tables().data.nobles[arg].name} holds the Office {_title(card)}", "assembly")
        elif kind == "charge":
            if what == "charge":
                discard_agenda(data, arg)
            data.charges[baron].append(card)
            state.emit(f"{baron} holds the Charge {_title(card)}", "assembly")
        else:
            data.agendas.discard([card])
            state.emit(f"{_title(card)} goes to {baron}", "assembly")
            call(state, ApplyEffects, effects=tables().agenda_of[card].effects, drawer=None, chosen_baron=baron)
            return
        end(state)


AGENDA = Steps("agenda", [DeclareVotes, SettleTie, ApplyResult], rule="9.3.1")
"""One agenda counted and applied (called with its :class:`AgendaVote` as the record)."""


# --------------------------------------------------------------------------- views and checks


def ballot_view(secret: Any) -> dict[str, Any] | None:
    """A voter's own ballot (``None`` outside a ballot): the votes on each agenda so far."""
    if isinstance(secret, Ballot):
        entries = zip(secret.batch, secret.amounts, secret.sides)
    elif isinstance(secret, Cast):
        entries = iter(secret.entries)
    else:
        return None
    return {"votes": [[_title(a), n, s] for a, n, s in entries], "confirmed": isinstance(secret, Cast)}


def assembly_view(data: WKData) -> dict[str, Any]:
    """What every baron sees of the Assembly: who attends and presides, the agenda being
    counted, the ballots once revealed, the sides declared, the Agenda discard pile."""
    return {
        "attending": list(data.attending),
        "acting_chairman": data.acting_chairman,
        "voting": None if data.voting is None else agenda_label(data, data.voting),
        "proposal": None if data.proposal is None else proposal_label(data, *data.proposal),
        "ballots": {_title(a) + f" ({a})": [list(e) for e in entries] for a, entries in sorted(data.ballots.items())},
        "committed": dict(data.committed),
        "declared": dict(data.declared),
        "agenda_discards": list(data.agendas.discard_pile),
    }


def redraw_ballot(state: State, baron: str, rng: Rng) -> bool:
    """Resampling for another player: ``baron``'s ballot as far as the others can tell (not
    begun while he fills it in; random votes within his total once confirmed). Returns
    whether ``baron`` is in a ballot at all."""
    secret = secret_of(state, baron)
    if isinstance(secret, Ballot):
        secret.amounts, secret.sides = (0,) * len(secret.batch), (None,) * len(secret.batch)
        secret.k, secret.siding = 0, False
        return True
    if not isinstance(secret, Cast):
        return False
    data: WKData = state.data
    left = data.votes[baron]
    entries = []
    for agenda, _, side in secret.entries:
        n = rng.randint(0, left)
        left -= n
        entries.append((agenda, n, None if side is None else rng.choice(sides(data, agenda))))
    for frame in state.stack:
        results = getattr(frame.record, "results", None)
        if isinstance(results, dict) and results.get(baron) is secret:
            results[baron] = Cast(tuple(entries))
    return True


def agenda_invariants(data: WKData) -> list[str]:
    """Each of the 45 Agenda cards lies in exactly one place; nobody holds over 3 Charges."""
    places = [*data.agendas.draw_pile, *data.agendas.discard_pile, *data.current_agendas, *data.laws]
    places += [c for b in data.barons for c in data.charges[b]]
    places += [o for o in data.office.values() if o is not None]
    broken = [f"{b} holds {len(data.charges[b])} Charges" for b in data.barons if len(data.charges[b]) > MAX_CHARGES]
    if sorted(places) != sorted(tables().agenda_cards):
        broken.append("the Agenda cards are not the 45, each in one place")
    return broken


PROCEDURES: tuple[type[Procedure] | Procedure, ...] = (
    NameActingChairman, ProposeMotion, OrderAgendas, BALLOT, AGENDA, TakeAgenda,
)
"""The procedures of this module that are reached only by ``call``, besides the Assembly."""
