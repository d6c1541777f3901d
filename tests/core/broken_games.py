"""Deliberately broken variants of the toy games, one bug each, for the test kit's own tests:
every check of ``banneret.testing`` must catch the bug it is meant for.

Each game is the toy "duel" (or "relay") with one realistic mistake a plugin author
could make. Registered together by ``banneret_games`` below.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs

from banneret.boards import BoardDrawing
from banneret import Action, Flow, Repeat, hookimpl

import more_toys
import toys


def _info(base: Any, game_id: str, **changes: Any) -> Any:
    return attrs.evolve(base, id=game_id, name=game_id.replace("_", " "), **changes)


def _duel_flow(bids: type = toys.SecretBids, next_round: type = toys.NextRound, until: Any = toys.game_over,
               challenge: type = toys.Challenge) -> Flow:
    return Flow(Repeat("round", [bids, next_round], until=until, rule="1"), extra=[challenge, toys.Skirmish])


@attrs.define
class NoteData(toys.DuelData):
    """Duel data with one more field the broken games write to."""

    note: Any = 0

    def clone(self) -> "NoteData":
        return NoteData(dict(self.score), dict(self.secret), list(self.revealed), self.round, self.winner, self.note)


class NoteDuel(toys.Duel):
    def setup(self, state) -> NoteData:
        base = super().setup(state)
        return NoteData(base.score, base.secret, base.revealed)


# --- 1. invariants: a won bid scores twice ---------------------------------------------------------

class GreedyBids(toys.SecretBids):
    def act(self, state, frame, action) -> None:
        before = dict(state.data.score)
        super().act(state, frame, action)
        for p, v in state.data.score.items():
            if v > before[p]:
                state.data.score[p] += 1  # the bug: the point is counted twice


class DoubleScore(toys.Duel):
    info = _info(toys.Duel.info, "double_score")
    flow = _duel_flow(bids=GreedyBids)


# --- 2. legal actions: duplicate labels; a dead end ------------------------------------------------

class SameLabelBids(toys.SecretBids):
    def actions(self, state, frame, player) -> list[Action]:
        return [Action(player, "bid", "bid", n) for n in (1, 2, 3)]  # the bug: one label for three bids


class DuplicateLabels(toys.Duel):
    info = _info(toys.Duel.info, "duplicate_labels")
    flow = _duel_flow(bids=SameLabelBids)


class ShyChallenge(toys.Challenge):
    name = "Challenge"  # replaces the toy's procedure of that name

    def actions(self, state, frame, player) -> list[Action]:
        if frame["stake"] >= 2:
            return []  # the bug: a big stake leaves the loser with nothing to choose
        return super().actions(state, frame, player)


class DeadEnd(toys.Duel):
    info = _info(toys.Duel.info, "dead_end")
    flow = _duel_flow(challenge=ShyChallenge)


# --- 3. refused actions change the state ------------------------------------------------------------

class CountingBids(toys.SecretBids):
    def actions(self, state, frame, player) -> list[Action]:
        state.data.note += 1  # the bug: listing the choices counts the offers in the state
        return super().actions(state, frame, player)


class MutatingLegal(NoteDuel):
    info = _info(toys.Duel.info, "mutating_legal")
    flow = _duel_flow(bids=CountingBids)


class MutatingView(NoteDuel):
    info = _info(toys.Duel.info, "mutating_view")

    def view(self, state, player) -> dict[str, Any]:
        state.data.note += 1  # the bug: looking counts as an event of the game
        return super().view(state, player)


# --- 4. saves: labels that are not stable -------------------------------------------------------------

_OFFERS = itertools.count()


class NumberedBids(toys.SecretBids):
    def actions(self, state, frame, player) -> list[Action]:
        serial = next(_OFFERS)  # the bug: a process-wide serial number in the label
        return [Action(player, f"bid {n} (offer {serial})", "bid", n) for n in (1, 2, 3)]


class UnstableLabels(toys.Duel):
    info = _info(toys.Duel.info, "unstable_labels")
    flow = _duel_flow(bids=NumberedBids)


# --- 5. replay: the global random ---------------------------------------------------------------------

class WeatherRound(toys.NextRound):
    def start(self, state, frame) -> None:
        state.data.note = random.getrandbits(32)  # the bug: the global random, not state.rng
        super().start(state, frame)


class GlobalRandom(NoteDuel):
    info = _info(toys.Duel.info, "global_random")
    flow = _duel_flow(next_round=WeatherRound)


# --- 6 and 10. clones that share a mutable part --------------------------------------------------------

@attrs.define
class SharingData(toys.DuelData):
    def clone(self) -> "SharingData":
        # the bug: the score dict is shared with the copy
        return SharingData(self.score, dict(self.secret), list(self.revealed), self.round, self.winner)


class SharedClone(toys.Duel):
    info = _info(toys.Duel.info, "shared_clone")

    def setup(self, state) -> SharingData:
        base = super().setup(state)
        return SharingData(base.score, base.secret, base.revealed)


class ListTurn(more_toys.Turn):
    """Relay's turn that keeps the moves made in a list frame variable (frame variables must
    be immutable: a clone copies the frame, not the list)."""

    def start(self, state, frame) -> None:
        super().start(state, frame)
        frame["made"] = []

    def act(self, state, frame, action) -> None:
        frame["made"].append(action.label)  # the bug: mutates a value shared by clones
        super().act(state, frame, action)


class MutableFrameVar(more_toys.Relay):
    info = _info(more_toys.Relay.info, "mutable_frame_var")
    flow = Flow(
        Repeat("round", [more_toys.ForEach("sides", over=lambda s: s.factions, var="player", steps=[ListTurn],
                                           stop=more_toys.relay_over)], until=more_toys.relay_over),
    )


# --- 7. views that leak ----------------------------------------------------------------------------------

class LeakyView(toys.Duel):
    info = _info(toys.Duel.info, "leaky_view")

    def view(self, state, player) -> dict[str, Any]:
        out = super().view(state, player)
        out["bids_placed"] = sum(state.data.secret.values())  # the bug: a total gives the bid away
        return out


class LoudBids(toys.SecretBids):
    def act(self, state, frame, action) -> None:
        state.emit(f"{action.player} reaches for {action.args} coins")  # the bug: a public log line
        super().act(state, frame, action)


class LeakyLog(toys.Duel):
    info = _info(toys.Duel.info, "leaky_log")
    flow = _duel_flow(bids=LoudBids)


class UnjsonView(toys.Duel):
    info = _info(toys.Duel.info, "unjson_view")

    def view(self, state, player) -> dict[str, Any]:
        out = super().view(state, player)
        out["factions"] = set(state.factions)  # the bug: a set is not JSON
        return out


# --- 8. the bound ---------------------------------------------------------------------------------------

class Endless(toys.Duel):
    info = _info(toys.Duel.info, "endless", max_decisions=50)
    flow = _duel_flow(until=lambda state: False)  # the bug: the round limit was forgotten


class LowBound(toys.Duel):
    info = _info(toys.Duel.info, "low_bound", max_decisions=4)  # the bug: the bound is too low


# --- 9. determinism: the order of a set of strings ---------------------------------------------------------

GROVES = {"ash", "birch", "cedar", "elm", "fir", "hazel", "oak", "pine", "rowan", "yew"}


class GroveRound(toys.NextRound):
    def start(self, state, frame) -> None:
        grove = next(iter(GROVES))  # the bug: the first of a set of strings
        state.data.note = grove
        state.emit(f"the duel moves to the {grove} grove")
        super().start(state, frame)


class SetOrder(NoteDuel):
    info = _info(toys.Duel.info, "set_order")
    flow = _duel_flow(next_round=GroveRound)


# --- a legal action that crashes ----------------------------------------------------------------------------

class BrittleChallenge(toys.Challenge):
    name = "Challenge"

    def act(self, state, frame, action) -> None:
        if action.kind == "challenge":
            state.data.score[frame["loser"]] += 1
            raise KeyError("second")  # the bug: crashes half-way through a legal action
        super().act(state, frame, action)


class CrashingApply(toys.Duel):
    info = _info(toys.Duel.info, "crashing_apply")
    flow = _duel_flow(challenge=BrittleChallenge)


# --- 12. a menu larger than declared ---------------------------------------------------------------

class WideMenu(toys.Duel):
    info = _info(toys.Duel.info, "wide_menu", max_actions=2)  # the bug: three bids are offered


# --- 13. a menu list kept between games -------------------------------------------------------------

_MENUS: dict[str, list[Action]] = {}


class KeptMenuBids(toys.SecretBids):
    def actions(self, state, frame, player) -> list[Action]:
        menu = _MENUS.get(player)
        if menu is None:
            menu = _MENUS[player] = super().actions(state, frame, player)
        return menu  # the bug: every game is handed the same list, so a change to it outlives the game


class SharedMenu(toys.Duel):
    info = _info(toys.Duel.info, "shared_menu")
    flow = _duel_flow(bids=KeptMenuBids)


# --- 14. an agent that peeks at the true state ------------------------------------------------------

class PeekingAgent(toys.Duel):
    info = _info(toys.Duel.info, "peeking_agent")


class Peeker:
    """Bids one more than the opponent's sealed bid, which it reads from the true state
    behind its seat (the bug: it decides from what its seat may not know)."""

    def choose(self, seat):
        secret = seat._state.data.secret
        theirs = max((v for p, v in secret.items() if p != seat.player), default=0)
        wanted = f"bid {min(3, theirs + 1)}"
        return next((a for a in seat.actions if a.label == wanted), seat.actions[0])


# --- 15. web boards that do not draw what they promise --------------------------------------------

class ScribbledBoard(toys.Duel):
    info = _info(toys.Duel.info, "scribbled_board")


class StaleBoard(toys.Duel):
    info = _info(toys.Duel.info, "stale_board")


class UnmarkedBoard(toys.Duel):
    info = _info(toys.Duel.info, "unmarked_board")


# --- free actions: an "early bid" outside the sequence of play is really the decision -------------

class EarlyBid(toys.Duel):
    """Offers a bid at any moment as an action outside the sequence of play: taking it
    ends its player's turn to decide, which such an action must never do."""

    info = _info(toys.Duel.info, "early_bid")

    def free_actions(self, state, player) -> list[Action]:
        waiting = state.stack and state.stack[-1].proc == "SecretBids" and player not in state.data.secret
        return [Action(player, "bid 2 at once", "early", 2)] if waiting else []

    def apply_free(self, state, action) -> None:
        state.data.secret[action.player] = action.args  # the bug: a decision taken outside its step


def _broken_board(context):
    if context.game_id not in ("scribbled_board", "stale_board", "unmarked_board"):
        return None
    drawing = toys.draw_duel(context)
    if context.game_id == "scribbled_board":  # the bug: a name written into the SVG unescaped
        return BoardDrawing(drawing.svg.replace("</svg>", "<text>north & south</text></svg>"), drawing.targets)
    if context.game_id == "stale_board":  # the bug: targets for a bid whatever is offered now
        return BoardDrawing(drawing.svg, {**drawing.targets, "bid 7": ("coin:bid 1",)})
    # unmarked_board; the bug: a target id the SVG never marks
    return BoardDrawing(drawing.svg, {label: ("hand",) for label in drawing.targets})


BROKEN = [
    DoubleScore, DuplicateLabels, DeadEnd, MutatingLegal, MutatingView, UnstableLabels, GlobalRandom,
    SharedClone, MutableFrameVar, LeakyView, LeakyLog, UnjsonView, Endless, LowBound, SetOrder, CrashingApply,
    WideMenu, SharedMenu, PeekingAgent, ScribbledBoard, StaleBoard, UnmarkedBoard, EarlyBid,
]


@hookimpl
def banneret_games():
    return BROKEN


@hookimpl
def banneret_board(context):
    return _broken_board(context)


@hookimpl
def banneret_agents(game_id):
    return {"peeker": lambda game, faction, seed: Peeker()} if game_id == "peeking_agent" else {}
