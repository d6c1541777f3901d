"""Couriers: a press-your-luck race with a sealed bid, for two to four players.

The worked example of docs/plugin-guide.md. The rules are our own and fit on a card:

1. Set-up. Every courier stands at stage 0 of the road with ``coins`` coins (in the
   ``handicap`` scenario each later seat starts one stage further on).
2. A round.
   2.1 Relay horse. All couriers bid 0 or more of their coins at once, in secret. The
       bids are revealed together; a single highest bidder pays and rides the relay
       horse this round (its rests move ``horse_bonus`` stages more). A tie: nobody pays.
   2.2 Rides, one courier after the other in seat order. "Ride on" rolls a die: a face
       of ``bust_face`` or less throws the rider and this ride's distance is lost;
       otherwise the face is added to the ride. "Rest" (after at least one roll) moves
       the courier by the ride's distance.
   2.3 Stages. A courier who rests on a marked stage of the road (data/road.json)
       meets its effect: an inn gives coins, a ford sends back, a relay post sends on,
       a toll takes coins. A courier moved by an effect meets no further stage.
3. The end. The first courier to reach the end of the road wins at once. After
   ``max_rounds`` rounds the courier furthest along wins; a tie for furthest is a draw.
"""

from __future__ import annotations

from typing import Any

import attrs

from banneret import (
    Action,
    Flow,
    ForEach,
    Game,
    GameInfo,
    OptionSpec,
    Outcome,
    Pending,
    Procedure,
    Repeat,
    Scenario,
    Variant,
    hookimpl,
)
from banneret.data import load_records
from banneret.flow import call, end, var
from banneret.gamedata import copied, gamedata, shared
from banneret.rng import Rng
from banneret.types import Standing

GAME_ID = "couriers"
FACTIONS = ("red", "blue", "green", "gold")
EFFECTS = ("inn", "ford", "post", "toll")


# --- data: the road's marked stages ----------------------------------------------------

@attrs.frozen
class Stage:
    """A marked stage of the road and what happens to a courier who rests there."""

    stage: int
    name: str
    effect: str = attrs.field(validator=attrs.validators.in_(EFFECTS))
    amount: int
    source: str  # "component", "rulebook" or "placeholder"


ROAD: dict[int, Stage] = {
    s.stage: s for s in load_records("banneret_couriers.data", "road.json", Stage, key="stage")
}


# --- the game's own state ----------------------------------------------------------------

@gamedata
class Race:
    """Everything about a race in progress that is not the engine's (rng, log, flow)."""

    pos: dict[str, int] = copied()
    coins: dict[str, int] = copied()
    bids: dict[str, int] = copied(factory=dict)  # sealed bids, until all are in
    horse: str | None = shared(default=None)  # who rides the relay horse this round
    round: int = shared(default=1)
    arrived: str | None = shared(default=None)


# --- the sequence of play ----------------------------------------------------------------

class RelayAuction(Procedure):
    """All couriers bid for the relay horse at once, in secret."""

    rule = "2.1"

    def start(self, state, frame) -> None:
        state.data.horse = None
        if not state.options["relay_horse"]:
            end(state)

    def pending(self, state, frame) -> Pending:
        waiting = tuple(f for f in state.factions if f not in state.data.bids)
        return Pending(waiting, "bid", "Bid coins for the relay horse, in secret")

    def actions(self, state, frame, player) -> list[Action]:
        return [Action(player, f"bid {n}", "bid", n) for n in range(state.data.coins[player] + 1)]

    def act(self, state, frame, action) -> None:
        race = state.data
        race.bids[action.player] = action.args
        state.emit(
            f"{action.player} bids {action.args}", "bid",
            only=(action.player,), public=f"{action.player} seals a bid",
        )
        if len(race.bids) < len(state.factions):
            return  # still waiting for the others
        bids, race.bids = race.bids, {}
        shown = ", ".join(f"{f} {bids[f]}" for f in state.factions)
        state.emit(f"bids revealed: {shown}", "reveal", reveal=True)
        best = max(bids.values())
        top = [f for f in state.factions if bids[f] == best]
        if best > 0 and len(top) == 1:
            race.horse = top[0]
            race.coins[top[0]] -= best
            state.emit(f"{top[0]} pays {best} and takes the relay horse", "horse")
        end(state)


class Ride(Procedure):
    """The courier rides on, a die at a time, until they rest or are thrown."""

    rule = "2.2"

    def start(self, state, frame) -> None:
        frame["courier"] = var(state, "courier")
        frame["ride"] = 0

    def pending(self, state, frame) -> Pending:
        return Pending((frame["courier"],), "ride", "Ride on, or rest")

    def actions(self, state, frame, player) -> list[Action]:
        ride_on = Action(player, "ride on", "ride")
        if frame["ride"] == 0:
            return [ride_on]  # at least one roll per ride
        return [ride_on, Action(player, "rest", "rest")]

    def act(self, state, frame, action) -> None:
        race, courier = state.data, frame["courier"]
        length = state.options["length"]
        if action.kind == "ride":
            face = state.rng.die(6)
            if face <= state.rules["bust_face"]:
                state.emit(f"{courier} rolls {face} and is thrown; the ride is lost", "thrown")
                end(state)
                return
            frame["ride"] += face
            state.emit(f"{courier} rolls {face} (ride {frame['ride']})", "roll")
            if race.pos[courier] + frame["ride"] < length:
                return  # the same courier decides again
        distance = frame["ride"]
        if race.horse == courier:
            distance += state.rules["horse_bonus"]
        race.pos[courier] = min(length, race.pos[courier] + distance)
        state.emit(f"{courier} rests at stage {race.pos[courier]}", "move")
        if race.pos[courier] == length:
            arrive(state, courier)
            end(state)
        elif race.pos[courier] in ROAD:
            call(state, StageEffect, stage=race.pos[courier])  # 2.3; our resume() ends us
        else:
            end(state)


class StageEffect(Procedure):
    """A marked stage acts on the courier who rested there (no decision)."""

    rule = "2.3"

    def start(self, state, frame) -> None:
        race, courier = state.data, var(state, "courier")
        stage = ROAD[frame["stage"]]
        if stage.effect == "inn":
            race.coins[courier] += stage.amount
        elif stage.effect == "toll":
            race.coins[courier] -= min(stage.amount, race.coins[courier])
        else:
            step = stage.amount if stage.effect == "post" else -stage.amount
            race.pos[courier] = max(0, min(state.options["length"], race.pos[courier] + step))
        state.emit(f"{stage.name} ({stage.effect}): {courier} at stage {race.pos[courier]}, "
                   f"{race.coins[courier]} coins", "stage")
        if race.pos[courier] == state.options["length"]:
            arrive(state, courier)
        end(state)


class EndOfRound(Procedure):
    rule = "2"

    def start(self, state, frame) -> None:
        state.data.round += 1
        end(state)


def arrive(state, courier: str) -> None:
    state.data.arrived = courier
    state.emit(f"{courier} reaches the end of the road", "arrived")


def race_over(state) -> bool:
    race = state.data
    return race.arrived is not None or race.round > state.rules["max_rounds"]


def someone_arrived(state) -> bool:
    return state.data.arrived is not None


def seat_order(state) -> tuple[str, ...]:
    return state.factions


# --- the game --------------------------------------------------------------------------

class Couriers(Game):
    info = GameInfo(
        id=GAME_ID,
        name="Couriers",
        version="1",
        description="Couriers race along a road, bidding in secret for a relay horse.",
        rules_summary="Bid for the horse, then roll on or rest; a low roll loses the ride.",
        factions=FACTIONS,
        min_players=2,
        max_players=4,
        scenarios=(
            Scenario("open", "every courier starts at the city gate"),
            Scenario("handicap", "each later seat starts one stage further on"),
        ),
        options=(
            OptionSpec("length", 20, "stages from the city gate to the border", choices=(12, 20, 30)),
            OptionSpec("relay_horse", True, "bid for a relay horse each round"),
        ),
        # 15 rounds x (4 bids + 4 rides of at most 30 roll-ons and a rest), rounded up
        max_decisions=2_000,
        # a bid of 0 up to all coins: 8 at most at the start (rich_patrons) + 2 a round from an
        # inn over 15 rounds = 38 coins, so 39 bids
        max_actions=39,
        hidden_information=True,
        coverage="complete: the rules in the module docstring",
    )
    flow = Flow(
        Repeat("round", rule="2", until=race_over, steps=[
            RelayAuction,
            ForEach("rides", over=seat_order, var="courier", stop=someone_arrived, steps=[Ride]),
            EndOfRound,
        ]),
        extra=[StageEffect],
    )

    def rule_parameters(self) -> dict[str, Any]:
        return {"coins": 4, "bust_face": 1, "horse_bonus": 3, "max_rounds": 15}

    def setup(self, state) -> Race:
        head_start = state.scenario == "handicap"
        return Race(
            pos={f: (i if head_start else 0) for i, f in enumerate(state.factions)},
            coins={f: state.rules["coins"] for f in state.factions},
        )

    def outcome(self, state) -> Outcome:
        race = state.data
        pos = race.pos
        # every courier ranked by how far it got (equal stages, equal ranks)
        standings = tuple(
            Standing(f, 1 + sum(pos[g] > pos[f] for g in state.factions), pos[f])
            for f in sorted(state.factions, key=lambda f: -pos[f])
        )
        if race.arrived is not None:
            winners, reason = (race.arrived,), "reached the end of the road"
        else:
            top = tuple(s.faction for s in standings if s.rank == 1)
            winners = top if len(top) == 1 else ()
            reason = "furthest along when the rounds ran out" if winners else "a tie for furthest when the rounds ran out"
        return Outcome(winners, reason, standings, "stages along the road")

    def turn(self, state) -> int:
        return state.data.round

    def view(self, state, player) -> dict[str, Any]:
        race = state.data
        return {
            "length": state.options["length"],
            "round": race.round,
            "max_rounds": state.rules["max_rounds"],
            "pos": dict(race.pos),
            "coins": dict(race.coins),
            # a sealed bid is shown only to the courier who made it
            "bids": {f: (b if player in (None, f) else "sealed") for f, b in sorted(race.bids.items())},
            "horse": race.horse,
            "horse_bonus": state.rules["horse_bonus"],
            "ride": var(state, "ride", 0),
        }

    def render(self, state, player) -> str:
        race, length = state.data, state.options["length"]
        lines = [f"Round {race.round} of {state.rules['max_rounds']}"
                 f"   relay horse: {race.horse or 'none'}   ride so far: {var(state, 'ride', 0)}"]
        for f in state.factions:
            track = "".join("*" if s in ROAD else "." for s in range(length + 1))
            at = race.pos[f]
            lines.append(f"{f:>6} {track[:at]}@{track[at + 1:]} {at:>2}/{length}  coins {race.coins[f]}")
        return "\n".join(lines)

    def invariants(self, state) -> list[str]:
        race, length = state.data, state.options["length"]
        broken = []
        for f in state.factions:
            if not 0 <= race.pos[f] <= length:
                broken.append(f"{f} is at stage {race.pos[f]}, off a road of {length}")
            if race.coins[f] < 0:
                broken.append(f"{f} has {race.coins[f]} coins")
            if race.bids.get(f, 0) > race.coins[f]:
                broken.append(f"{f} bid more coins than it has")
        if race.arrived is not None and race.pos[race.arrived] != length:
            broken.append(f"{race.arrived} arrived but is not at the end of the road")
        return broken

    def resample_hidden(self, state, player, rng):
        new = state.clone()
        for f in new.data.bids:
            if f != player:
                new.data.bids[f] = rng.below(new.data.coins[f] + 1)
        return new


# --- a computer player -------------------------------------------------------------------

class SteadyCourier:
    """Bids a coin when it can spare one and rests once the ride is worth 8 stages.

    It is handed its seat (a :class:`banneret.agents.Seat`): its own view, as a person at
    the table would see it, and its legal actions. It draws from its own generator (the
    game's generator belongs to the game record)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, seat):
        board, player = seat.view["board"], seat.player
        labels = {a.label: a for a in seat.actions}
        if "bid 0" in labels:
            spare = board["coins"][player] >= 2 and self.rng.below(2) == 0
            return labels["bid 1" if spare else "bid 0"]
        goal = min(8, board["length"] - board["pos"][player])
        if "rest" in labels and board["ride"] >= goal:
            return labels["rest"]
        return labels["ride on"]


def make_steady(game_id: str, faction: str, seed: int) -> SteadyCourier:
    return SteadyCourier(seed)


# --- hooks: how Banneret finds all of the above ----------------------------------------------

@hookimpl
def banneret_games():
    return [Couriers]


@hookimpl
def banneret_agents(game_id):
    return {"steady": make_steady} if game_id == GAME_ID else {}


@hookimpl
def banneret_board(context):
    if context.game_id != GAME_ID:
        return None
    from banneret_couriers.board import draw_board  # imported here: the board reads ROAD from this module

    return draw_board(context)


def _muddy(rules: dict[str, Any], options) -> None:
    rules["bust_face"] = 2


def _patrons(rules: dict[str, Any], options) -> None:
    rules["coins"] = 8


@hookimpl
def banneret_variants(game_id):
    if game_id != GAME_ID:
        return []
    return [
        Variant(GAME_ID, "muddy_roads", "a roll of 1 or 2 throws the rider", _muddy),
        Variant(GAME_ID, "rich_patrons", "couriers start with 8 coins", _patrons),
    ]
