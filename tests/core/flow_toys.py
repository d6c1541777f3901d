"""Toy games for the flow's second-edition primitives, small enough to check by hand:

* ``cache`` -- three players each hide two tokens on four spots in secret, several steps
  each with their own undo, confirm in any order (:class:`~banneret.flow.Parallel`); a spot
  chosen by one player alone scores; six points in one reveal win at once
  (:func:`~banneret.flow.end_game`).
* ``caravan`` -- the active player drives a caravan three stages; before each stage the
  other players may ambush it or pass (:class:`~banneret.flow.Window`); the driver may
  concede (:func:`~banneret.flow.end_game`).
* ``border`` and ``siege`` -- two different games (different ``state.data`` types) that
  both fight their battles with the same :data:`MELEE` sub-game
  (:class:`~banneret.flow.SubGame`), whose state is the battle procedure's own record.
"""

from __future__ import annotations

from typing import Any

import attrs

from banneret import Action, Flow, Game, GameInfo, Outcome, Procedure, Repeat, Scenario, hookimpl
from banneret.flow import Choice, Decision, Parallel, SubGame, Window, call, end, end_game, record, secret_of

# --- cache: parallel secret sequences ---------------------------------------------------------

HIDERS = ("amber", "jade", "onyx")
SPOTS = (1, 2, 3, 4)
ROUNDS = 3
SUDDEN_WIN = 4


@attrs.define
class CacheData:
    score: dict[str, int]
    revealed: list[dict[str, tuple[int, ...]]]
    round: int = 0

    def clone(self) -> "CacheData":
        return CacheData(dict(self.score), [dict(r) for r in self.revealed], self.round)


@attrs.define
class Hidden:
    """One player's tokens hidden so far this round (the branch's own record)."""

    spots: tuple[int, ...] = ()


class HideTokens(Decision):
    """C1: hide two tokens on different spots, one at a time, then confirm."""

    rule = "C1"
    kind = "hide"
    prompt = "Hide two tokens, then confirm"

    def start(self, state, frame) -> None:
        frame.record = Hidden()

    def decider(self, state, frame) -> str:
        return frame["player"]

    def actions(self, state, frame, player) -> list[Action]:
        spots = frame.record.spots
        if len(spots) == 2:
            return [Action(player, "confirm", "confirm")]
        return [Action(player, f"hide at {s}", "hide", s) for s in SPOTS if s not in spots]

    def act(self, state, frame, action) -> None:
        if action.kind == "confirm":
            end(state, frame.record.spots)
            return
        frame.record.spots += (action.args,)
        state.emit(f"{action.player} hides a token at {action.args}")


def reveal_tokens(state, results: dict[str, tuple[int, ...]]) -> None:
    """C2: every spot chosen by one player alone scores 1 for that player."""
    d: CacheData = state.data
    d.revealed.append(dict(results))
    for p, spots in results.items():
        alone = sum(1 for s in spots if not any(s in results[q] for q in results if q != p))
        d.score[p] += alone
        state.emit(f"{p} showed {spots} and scores {alone}")
    leaders = [p for p in state.factions if d.score[p] >= SUDDEN_WIN]
    if leaders:
        end_game(state, Outcome((leaders[0],), f"{leaders[0]} reached {SUDDEN_WIN} points"))


class NextCacheRound(Procedure):
    def start(self, state, frame) -> None:
        state.data.round += 1
        end(state)


class Cache(Game):
    info = GameInfo(
        id="cache",
        name="Cache",
        version="1",
        description="Three players hide two tokens each in secret; lonely tokens score.",
        rules_summary="Hide two tokens on four spots; a spot nobody else chose scores.",
        factions=HIDERS,
        min_players=2,
        max_players=3,
        scenarios=(Scenario("standard", "three rounds"),),
        max_decisions=ROUNDS * len(HIDERS) * 3,
        hidden_information=True,
    )
    flow = Flow(
        Repeat("round", [
            Parallel("hide", HideTokens, players=lambda s: s.factions, resolve=reveal_tokens, rule="C1"),
            NextCacheRound,
        ], until=lambda s: s.data.round >= ROUNDS, rule="C"),
    )

    def setup(self, state) -> CacheData:
        return CacheData({p: 0 for p in state.factions}, [])

    def outcome(self, state) -> Outcome | None:
        if state.ended is not None:
            return state.ended
        d = state.data
        best = max(d.score.values())
        top = tuple(p for p in state.factions if d.score[p] == best)
        return Outcome(top if len(top) == 1 else (), f"most points ({best})")

    def turn(self, state) -> int:
        return state.data.round

    def view(self, state, player) -> dict[str, Any]:
        d = state.data
        out: dict[str, Any] = {"score": dict(d.score), "revealed": [dict(r) for r in d.revealed], "round": d.round}
        if player is None:
            out["hidden"] = {p: _spots(secret_of(state, p)) for p in state.factions}
        else:
            out["hidden"] = {player: _spots(secret_of(state, player))}
        return out

    def resample_hidden(self, state, player, rng):
        new = state.clone()
        for p in new.factions:
            mine = secret_of(new, p)
            if p == player or mine is None:
                continue
            count = len(_spots(mine))
            spots = tuple(rng.sample(SPOTS, count))
            if isinstance(mine, Hidden):
                mine.spots = spots
            else:  # confirmed: the result is a tuple kept by the Parallel step
                _replace_result(new, p, spots)
        return new


def _spots(secret: Any) -> list[int]:
    if secret is None:
        return []
    return list(secret.spots if isinstance(secret, Hidden) else secret)


def _replace_result(state, player: str, spots: tuple[int, ...]) -> None:
    from banneret.flow import Branches

    for frame in state.stack:
        if isinstance(frame.record, Branches) and player in frame.record.results:
            frame.record.results[player] = spots


# --- caravan: interrupt windows and concession ------------------------------------------------

TRADERS = ("gold", "silk", "salt")
STAGES = 3


@attrs.define
class CaravanData:
    ambushes: dict[str, int]  # ambush tokens left
    loot: dict[str, int]
    delivered: dict[str, int]
    stage: int = 0
    driver: str = ""

    def clone(self) -> "CaravanData":
        return CaravanData(dict(self.ambushes), dict(self.loot), dict(self.delivered), self.stage, self.driver)


class Ambush(Window):
    """K2: before a stage, the other players, in seat order after the driver, may spend an
    ambush token to take one bale; the first ambush ends the window."""

    rule = "K2"
    kind = "ambush"
    prompt = "Ambush the caravan?"

    def responders(self, state, frame) -> list[str]:
        f = state.factions
        i = f.index(state.data.driver)
        return [f[(i + k) % len(f)] for k in range(1, len(f))]

    def responses(self, state, frame, player) -> list[Action]:
        if state.data.ambushes[player] <= 0:
            return []
        return [Action(player, "ambush", "ambush")]

    def respond(self, state, frame, action) -> None:
        d = state.data
        d.ambushes[action.player] -= 1
        d.loot[action.player] += 1
        state.emit(f"{action.player} ambushes the caravan")


class Drive(Decision):
    """K1: the driver drives the caravan stage by stage (an ambush window before each), or
    concedes the game."""

    rule = "K1"
    kind = "drive"
    prompt = "Drive on or concede"

    def start(self, state, frame) -> None:
        frame["ambushed"] = 0

    def decider(self, state, frame) -> str:
        return state.data.driver

    def actions(self, state, frame, player) -> list[Action]:
        return [Action(player, "drive on", "drive"), Action(player, "concede", "concede")]

    def act(self, state, frame, action) -> None:
        if action.kind == "concede":
            others = tuple(p for p in state.factions if p != action.player)
            end_game(state, Outcome(others, f"{action.player} conceded"))
            return
        call(state, Ambush)

    def resume(self, state, frame, result) -> None:
        d = state.data
        frame["ambushed"] += bool(result)  # the window says only whether somebody ambushed
        d.stage += 1
        if d.stage >= STAGES:
            d.delivered[d.driver] += STAGES - frame["ambushed"]
            state.emit(f"{d.driver} delivers {STAGES - frame['ambushed']} bales")
            i = state.factions.index(d.driver)
            d.driver = state.factions[(i + 1) % len(state.factions)]
            d.stage = 0
            end(state)


class Caravan(Game):
    info = GameInfo(
        id="caravan",
        name="Caravan",
        version="1",
        description="Drive a caravan past your rivals' ambushes.",
        rules_summary="Three stages a trip; rivals may ambush before each.",
        factions=TRADERS,
        min_players=3,
        max_players=3,
        scenarios=(Scenario("standard", "one trip each"),),
        max_decisions=len(TRADERS) * STAGES * (1 + len(TRADERS)),
    )
    flow = Flow(Repeat("trips", [Drive], until=lambda s: sum(s.data.delivered.values()) + sum(s.data.loot.values()) >= 9
                       or s.data.driver == s.factions[0] and any(s.data.delivered.values()), rule="K"),
                extra=[Ambush])

    def setup(self, state) -> CaravanData:
        f = state.factions
        return CaravanData({p: 1 for p in f}, {p: 0 for p in f}, {p: 0 for p in f}, 0, f[0])

    def outcome(self, state) -> Outcome | None:
        if state.ended is not None:
            return state.ended
        d = state.data
        points = {p: d.delivered[p] + d.loot[p] for p in state.factions}
        best = max(points.values())
        top = tuple(p for p in state.factions if points[p] == best)
        return Outcome(top if len(top) == 1 else (), f"most bales ({best})")

    def view(self, state, player) -> dict[str, Any]:
        return attrs.asdict(state.data)


# --- melee: one sub-game, two parent games -----------------------------------------------------

@attrs.define
class MeleeRecord:
    """The melee's own state: the two sides' strength; the attacker presses or withdraws."""

    attacker: str
    defender: str
    strength: dict[str, int]
    rounds: int = 0


class Melee(Decision):
    """M1: each round the attacker presses (a die: 1-3 the attacker loses a point, 4-6 the
    defender does) or withdraws; the side left with no strength loses."""

    rule = "M1"
    kind = "melee"
    prompt = "Press or withdraw"

    def decider(self, state, frame) -> str:
        return record(state, MeleeRecord).attacker

    def actions(self, state, frame, player) -> list[Action]:
        return [Action(player, "press", "press"), Action(player, "withdraw", "withdraw")]

    def act(self, state, frame, action) -> None:
        m = record(state, MeleeRecord)
        if action.kind == "withdraw":
            end(state, m.defender)
            return
        call(state, MeleeBlow)

    def resume(self, state, frame, result) -> None:
        m = frame.record
        for side in (m.attacker, m.defender):
            if m.strength[side] <= 0:
                end(state, m.defender if side == m.attacker else m.attacker)
                return


class MeleeBlow(Procedure):
    """M1.1: one blow, a die."""

    rule = "M1.1"

    def start(self, state, frame) -> None:
        m = record(state, MeleeRecord)
        m.rounds += 1
        roll = state.rng.die(6)
        loser = m.attacker if roll <= 3 else m.defender
        m.strength[loser] -= 1
        state.emit(f"melee blow {roll}: {loser} loses a point")
        end(state)


MELEE = SubGame("melee", Melee, [MeleeBlow])


@attrs.define
class BorderData:
    provinces: dict[str, int]
    battles: int = 0

    def clone(self) -> "BorderData":
        return BorderData(dict(self.provinces), self.battles)


class Raid(Decision):
    """B1: the raider attacks a border province of the other player (a melee at strength 2
    each) or holds; the melee's winner takes a province from the loser."""

    rule = "B1"
    kind = "raid"

    def decider(self, state, frame) -> str:
        return state.factions[state.data.battles % 2]

    def actions(self, state, frame, player) -> list[Action]:
        return [Action(player, "raid", "raid"), Action(player, "hold", "hold")]

    def act(self, state, frame, action) -> None:
        d = state.data
        d.battles += 1
        if action.kind == "hold":
            end(state)
            return
        foe = next(p for p in state.factions if p != action.player)
        MELEE.call(state, record=MeleeRecord(action.player, foe, {action.player: 2, foe: 2}))

    def resume(self, state, frame, result) -> None:
        d = state.data
        loser = next(p for p in state.factions if p != result)
        if d.provinces[loser] > 0:
            d.provinces[loser] -= 1
            d.provinces[result] += 1
        end(state)


class Border(Game):
    info = GameInfo(
        id="border",
        name="Border",
        version="1",
        description="Two lords raid each other's border provinces.",
        rules_summary="Raid or hold; melees decide.",
        factions=("east", "west"),
        min_players=2,
        max_players=2,
        scenarios=(Scenario("standard", "six raids"),),
        max_decisions=6 * 20,
    )
    flow = Flow(Repeat("raids", [Raid], until=lambda s: s.data.battles >= 6, rule="B"), extra=[MELEE])

    def setup(self, state) -> BorderData:
        return BorderData({p: 3 for p in state.factions})

    def outcome(self, state) -> Outcome | None:
        d = state.data
        best = max(d.provinces.values())
        top = tuple(p for p in state.factions if d.provinces[p] == best)
        return Outcome(top if len(top) == 1 else (), "most provinces")

    def view(self, state, player) -> dict[str, Any]:
        return {"provinces": dict(state.data.provinces), "battles": state.data.battles}


@attrs.define
class SiegeData:
    walls: int
    garrison: int
    day: int = 0

    def clone(self) -> "SiegeData":
        return SiegeData(self.walls, self.garrison, self.day)


class SiegeDay(Choice):
    """S1: the besieger storms (a melee: besieger strength 3 against the garrison) or waits
    (the walls crumble by one); a lost storm costs the besieger nothing but a day."""

    rule = "S1"
    kind = "siege-day"

    def decider(self, state, frame) -> str:
        return "besieger"

    def options(self, state, frame) -> list[str]:
        return ["storm", "wait"] if state.data.walls > 0 else ["storm"]

    def label(self, state, frame, option) -> str:
        return option

    def choose(self, state, frame, option) -> None:
        d = state.data
        d.day += 1
        if option == "wait":
            d.walls -= 1
            end(state)
            return
        MELEE.call(state, record=MeleeRecord("besieger", "garrison", {"besieger": 3, "garrison": d.garrison + d.walls}))

    def resume(self, state, frame, result) -> None:
        if result == "besieger":
            state.data.garrison = 0
        end(state)


class Siege(Game):
    info = GameInfo(
        id="siege",
        name="Siege",
        version="1",
        description="A besieger against a walled garrison, day by day.",
        rules_summary="Storm or wait; five days.",
        factions=("besieger", "garrison"),
        min_players=2,
        max_players=2,
        scenarios=(Scenario("standard", "five days"),),
        max_decisions=5 * 20,
    )
    flow = Flow(Repeat("days", [SiegeDay], until=lambda s: s.data.day >= 5 or s.data.garrison == 0, rule="S"),
                extra=[MELEE])

    def setup(self, state) -> SiegeData:
        return SiegeData(walls=2, garrison=2)

    def outcome(self, state) -> Outcome | None:
        won = "besieger" if state.data.garrison == 0 else "garrison"
        return Outcome((won,), "the castle fell" if won == "besieger" else "the castle held")

    def view(self, state, player) -> dict[str, Any]:
        return attrs.asdict(state.data)


@hookimpl
def banneret_games():
    return [Cache, Caravan, Border, Siege]
