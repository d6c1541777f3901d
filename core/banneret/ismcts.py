"""A search agent for any game: single-observer Information Set Monte Carlo Tree Search.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG
4(2), 2012). The agent builds one tree over its seat's information sets. Each iteration

1. *determinizes*: draws a full state the seat cannot tell from the true one
   (:meth:`Seat.sample`, the plugin's ``resample_hidden``) and gives it a fresh generator,
   so dice and shuffles still to come are drawn anew in each world;
2. *selects* down the tree with UCB1, among the actions legal in this world only, counting
   for each action how often it was available (the availability counts of ISMCTS);
3. *expands* one new node, *rolls out* to the end of the game (or to ``depth`` decisions,
   scored by the game's ``banneret_evaluate`` hook) and *backpropagates* one reward per
   faction, so any number of players works.

With nothing hidden the sample is a plain copy and the search is plain UCT.

Simultaneous secret choices: a decision several players make at once is one tree node in
which every one of them selects from statistics of its own (decoupled UCT): no player's
choice depends on what the others chose in the same decision, so none sees the others'
secret. The node's child is keyed by all the labels chosen there. Chance and players who
change unpredictably need nothing special: a node keeps statistics per deciding player and
per action label, and each world simply shows who decides there.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any, Callable

import attrs

from banneret import engine
from banneret.errors import SeatError
from banneret.names import pick
from banneret.rng import Rng

if TYPE_CHECKING:
    from banneret.agents import Seat
    from banneret.state import State
    from banneret.types import Action, Outcome

__all__ = ["SearchSettings", "IsmctsAgent", "IsmctsFactory", "parse_settings", "rewards_of_outcome", "evaluate"]

ROLLOUTS = ("random", "heuristic")
PROBE_BUDGET: dict[str, Any] = {"iterations": 3, "time": None, "depth": 2}
HEURISTIC = "heuristic"


@attrs.frozen
class SearchSettings:
    """The knobs a user sets on a seat (``ismcts:iterations=400,c=0.5``).

    ``iterations`` and ``time`` (seconds) bound each decision; with both, whichever comes
    first stops the search (a time budget is not reproducible). ``c`` is the UCB1
    exploration constant; ``rollout`` plays the rest of each world ``random``-ly or with the
    game's ``heuristic`` agent; ``depth`` cuts a rollout off after that many decisions and
    scores the state with the game's evaluation hook. ``prior`` > 0 asks the game's
    ``heuristic`` agent for its choice and, when the most visited action is picked, counts
    ``prior`` times the iterations run as extra visits of that choice: the search plays
    another action only when it visited that one clearly more (a policy prior on the final
    choice; the search statistics themselves are untouched). ``bias`` > 0 guides the tree
    itself by the same agent (progressive bias): at every node each deciding player tries
    the heuristic's choice first, and its UCB1 value gets ``bias / (visits + 1)`` more, a
    pull that fades as the search gathers its own evidence. The choice is asked once per
    node, in the first world that reaches it (the heuristic sees only the player's view,
    which the worlds reaching a node mostly share; asking in every world costs three times
    as much). ``epsilon`` (with ``rollout=heuristic``) plays that share of the rollout's
    moves at random instead of asking the heuristic: cheaper per step, so a rollout can
    look further for the same time, and varied where the heuristic would always repeat
    itself. ``veto`` (a margin in reward, from 0) lets the heuristic's choice stand unless
    the search finds better: the heuristic's choice is tried first at the root, and the
    search's own choice is played only when its mean reward there beats the heuristic
    choice's by at least ``veto`` (so the search adds to the heuristic instead of replacing
    it; ``None``, the default, plays the search's choice)."""

    iterations: int | None = 200
    time: float | None = None
    c: float = 0.7
    rollout: str = "random"
    depth: int | None = None
    prior: float = 0.0
    bias: float = 0.0
    epsilon: float = 0.0
    veto: float | None = None


def _positive_int(name: str, text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise SeatError(f"ismcts {name}= takes a whole number, not {text!r}") from None
    if value < 1:
        raise SeatError(f"ismcts {name}= must be at least 1, not {value}")
    return value


def _nonnegative_float(name: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise SeatError(f"ismcts {name}= takes a number, not {text!r}") from None
    if not value >= 0 or math.isinf(value):
        raise SeatError(f"ismcts {name}= takes a finite number of at least 0, not {text!r}")
    return value


def _rollout(name: str, text: str) -> str:
    found = pick(text, ROLLOUTS)
    if found is None:
        raise SeatError(f"ismcts rollout= takes {' or '.join(ROLLOUTS)}, not {text!r}")
    return found


def _share(name: str, text: str) -> float:
    value = _nonnegative_float(name, text)
    if value > 1:
        raise SeatError(f"ismcts {name}= is a share of moves, from 0 to 1, not {text!r}")
    return value


def _positive_seconds(name: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value > 0 or math.isinf(value):
        raise SeatError(f"ismcts {name}= takes a number of seconds more than 0, not {text!r}")
    return value


_PARSERS: dict[str, Callable[[str, str], Any]] = {
    "iterations": _positive_int,
    "time": _positive_seconds,
    "c": _nonnegative_float,
    "rollout": _rollout,
    "depth": _positive_int,
    "prior": _nonnegative_float,
    "bias": _nonnegative_float,
    "epsilon": _share,
    "veto": _nonnegative_float,
}


def parse_settings(text: str) -> SearchSettings:
    """``"iterations=200,c=0.5"`` -> settings (names in any case, ``Iterations=200``); an
    unknown or malformed parameter is a :class:`~banneret.errors.SeatError` naming the
    allowed ones. A ``time`` alone drops the default iteration budget."""
    given: dict[str, Any] = {}
    allowed = ", ".join(f"{k}=" for k in _PARSERS)
    for item in filter(None, (part.strip() for part in text.split(","))):
        typed, sep, value = (s.strip() for s in item.partition("="))
        key = pick(typed, _PARSERS) or typed
        if key not in _PARSERS or not sep or not value:
            raise SeatError(f"ismcts takes parameters {allowed} (as ismcts:iterations=200,c=0.7), not {item!r}")
        if key in given:
            raise SeatError(f"ismcts parameter {key}= is given twice")
        given[key] = _PARSERS[key](key, value)
    if "time" in given:
        given.setdefault("iterations", None)
    if given.get("epsilon") and given.get("rollout") != HEURISTIC:
        raise SeatError("ismcts epsilon= mixes random moves into heuristic rollouts: give rollout=heuristic too")
    return SearchSettings(**given)


# --- rewards -------------------------------------------------------------------------------

def rewards_of_outcome(outcome: "Outcome | None", factions: tuple[str, ...]) -> dict[str, float]:
    """One reward in [0, 1] per faction: winners share 1, losers 0. Without winners (a draw,
    a game cut off) the standings decide: each faction scores the share of the others it
    ranks above, ties counting half; without standings every faction scores the same."""
    if outcome is not None and outcome.winners:
        share = 1.0 / len(outcome.winners)
        return {f: share if f in outcome.winners else 0.0 for f in factions}
    ranks = {s.faction: s.rank for s in outcome.standings} if outcome is not None else {}
    if len(factions) < 2 or any(f not in ranks for f in factions):
        return _equal(factions)
    others = len(factions) - 1
    return {
        f: sum(1.0 if ranks[f] < ranks[g] else 0.5 if ranks[f] == ranks[g] else 0.0
               for g in factions if g != f) / others
        for f in factions
    }


def _equal(factions: tuple[str, ...]) -> dict[str, float]:
    share = 1.0 / len(factions) if factions else 0.0
    return {f: share for f in factions}


def evaluate(state: "State") -> dict[str, float]:
    """The game's estimate of each faction's chances in ``state`` (the ``banneret_evaluate``
    hook), clamped to [0, 1]; the same for every faction when no plugin gives one."""
    hook = state.registry.pm.hook if state.registry is not None else None
    found = hook.banneret_evaluate(state=state) if hook is not None else None
    if not found:
        return _equal(state.factions)
    return {f: min(1.0, max(0.0, float(found.get(f, 0.0)))) for f in state.factions}


# --- the tree ------------------------------------------------------------------------------

def _mean(edges: dict[str, list[float]], label: str) -> float:
    """The mean reward of ``label`` in a node's ``edges``; -1 (below any reward) untried."""
    edge = edges.get(label)
    return edge[2] / edge[0] if edge is not None and edge[0] else -1.0


class _Node:
    """One information set of the searching seat. ``edges[player][label]`` holds
    ``[visits, availability, total reward of player]``; ``children`` are keyed by the
    labels chosen here (one per deciding player); ``favoured[player]`` is the heuristic's
    choice in the first world that asked for it (``bias``)."""

    __slots__ = ("edges", "children", "favoured")

    def __init__(self) -> None:
        self.edges: dict[str, dict[str, list[float]]] = {}
        self.children: dict[tuple[str, ...], _Node] = {}
        self.favoured: dict[str, str] = {}


class IsmctsAgent:
    """Searches its seat's information sets for ``settings``' budget, then plays the action
    of the root tried most often (ties: the first offered). Reproducible for a seed and an
    iteration budget."""

    def __init__(self, seed: int = 0, settings: SearchSettings = SearchSettings()) -> None:
        self.settings = settings
        self.rng = random.Random(seed)
        self.iterations_done = 0  # of the last decision, for reports
        self._guide: Any = None  # the game's heuristic agent, when prior or veto asks for it
        self._guided: str | None = None  # its choice in the last search

    def choose(self, seat: "Seat") -> "Action":
        actions = seat.actions
        if len(actions) == 1:
            self.iterations_done = 0
            return actions[0]
        root = self.search(seat)
        edges = root.edges.get(seat.player, {})
        visits = {a.label: edges.get(a.label, (0,))[0] for a in actions}
        guided = self._guided  # None: no iteration ran, or neither prior nor veto asked
        if self.settings.prior and guided is not None:
            visits[guided] += self.settings.prior * self.iterations_done
        best = max(actions, key=lambda a: visits[a.label])  # max keeps the first of ties
        veto = self.settings.veto
        if veto is not None and guided is not None and best.label != guided:
            if not _mean(edges, best.label) >= _mean(edges, guided) + veto:
                return next(a for a in actions if a.label == guided)
        return best

    def search(self, seat: "Seat") -> _Node:
        """Run the iterations from ``seat`` and return the root of the tree."""
        settings = self.settings
        root = _Node()
        rollout: Callable[["State"], dict[str, float]] | None = None
        favourite: Callable[["State", str], "Action"] | None = None
        sample_rng = Rng(self.rng.getrandbits(62))
        deadline = None if settings.time is None else time.perf_counter() + settings.time
        limit = settings.iterations
        guiding = bool(settings.prior) or settings.veto is not None
        self._guided = None
        done = 0
        while (limit is None or done < limit) and (deadline is None or time.perf_counter() < deadline):
            world = seat.sample(sample_rng)
            world.rng = Rng(self.rng.getrandbits(62))  # chance to come is unknown: draw it anew
            if rollout is None:
                rollout = self._rollout_policy(world)
                if guiding:
                    if self._guide is None:
                        self._guide = self._heuristic_factory(world)(world.game_id, seat.player, self.rng.getrandbits(62))
                    self._guided = self._guide.choose(seat).label
                    if settings.veto is not None:
                        root.favoured[seat.player] = self._guided  # its mean is what the search must beat
                if settings.bias:
                    favourite = self._heuristic_picker(world)
            self._iterate(root, world, rollout, favourite)
            done += 1
        self.iterations_done = done
        return root

    def _iterate(self, root: _Node, world: "State", rollout: Callable[["State"], dict[str, float]],
                 favourite: Callable[["State", str], "Action"] | None) -> None:
        path: list[tuple[_Node, list[tuple[str, str]]]] = []
        node = root
        while True:
            players = engine.pending(world).players
            if not players:
                break
            picks = []
            for player in players:
                actions = engine.legal_actions(world, player)
                favoured = node.favoured.get(player)
                if favoured is None and favourite is not None and len(actions) > 1:
                    favoured = node.favoured[player] = favourite(world, player).label
                picks.append((player, self._select(node, actions, player, favoured)))
            chosen: list[tuple[str, str]] = []
            for player, action in picks:
                if chosen and action not in engine.legal_actions(world, player):
                    continue  # the first choices resolved the decision differently in this world
                engine.apply(world, action)
                chosen.append((player, action.label))
            path.append((node, chosen))
            key = tuple(label for _, label in chosen)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
        rewards = rollout(world)
        for visited, chosen in path:
            for player, label in chosen:
                edge = visited.edges[player][label]
                edge[0] += 1
                edge[2] += rewards.get(player, 0.0)

    def _select(self, node: _Node, actions: tuple["Action", ...], player: str, favoured: str | None) -> "Action":
        """UCB1 over the actions available in this world, plus the progressive bias on the
        ``favoured`` label (the heuristic's choice, with ``bias``); an untried action first:
        the favoured one, else one at random."""
        edges = node.edges.get(player)
        if edges is None:
            edges = node.edges[player] = {}
        untried = []
        for action in actions:
            edge = edges.get(action.label)
            if edge is None:
                edge = edges[action.label] = [0, 0, 0.0]
            edge[1] += 1
            if edge[0] == 0:
                untried.append(action)
        for action in untried:
            if action.label == favoured:
                return action
        if untried:
            return untried[int(self.rng.random() * len(untried))]
        c = self.settings.c
        bias = self.settings.bias
        log = math.log
        best, best_value = actions[0], -1.0
        for action in actions:
            visits, available, total = edges[action.label]
            value = total / visits + c * math.sqrt(log(available) / visits)
            if action.label == favoured:
                value += bias / (visits + 1)
            if value > best_value:
                best, best_value = action, value
        return best

    # --- rollouts --------------------------------------------------------------------------

    def _rollout_policy(self, world: "State") -> Callable[["State"], dict[str, float]]:
        """Plays a world out and scores it; ``world`` (any sample) names the game."""
        depth = self.settings.depth
        epsilon = self.settings.epsilon
        random_ = self.rng.random

        def random_pick(world: "State", player: str) -> "Action":
            actions = engine.legal_actions(world, player)
            return actions[int(random_() * len(actions))]

        pick: Callable[["State", str], "Action"] = random_pick
        if self.settings.rollout == HEURISTIC:
            heuristic = pick = self._heuristic_picker(world)
            if epsilon:
                def mixed_pick(world: "State", player: str) -> "Action":
                    return random_pick(world, player) if random_() < epsilon else heuristic(world, player)

                pick = mixed_pick

        def play_out(world: "State") -> dict[str, float]:
            steps = 0
            while True:
                players = engine.pending(world).players
                if not players:
                    return rewards_of_outcome(engine.outcome(world), world.factions)
                if depth is not None and steps >= depth:
                    return evaluate(world)
                engine.apply(world, pick(world, players[0]))
                steps += 1

        return play_out

    @staticmethod
    def _heuristic_factory(state: "State") -> Callable[..., Any]:
        from banneret.registry import default_registry

        factories = (state.registry or default_registry()).agents(state.game_id)
        if HEURISTIC not in factories:
            raise SeatError(f"ismcts: rollout=heuristic and prior= play through the game's heuristic agent, "
                            f"and {state.game_id} has no heuristic agent")
        return factories[HEURISTIC]

    def _heuristic_picker(self, world: "State") -> Callable[["State", str], "Action"]:
        from banneret.agents import Seat

        game_id = world.game_id
        factory = self._heuristic_factory(world)
        seed = self.rng.getrandbits(62)
        agents: dict[str, Any] = {}

        def pick(world: "State", player: str) -> "Action":
            agent = agents.get(player)
            if agent is None:
                agent = agents[player] = factory(game_id, player, seed)
            return agent.choose(Seat(world, player))

        return pick


class IsmctsFactory:
    """The agent factory of ``ismcts`` (``factory(game_id, faction, seed)``); a seat written
    ``ismcts:iterations=400,c=0.5`` gets :meth:`configured` with the text after the colon."""

    def __init__(self, settings: SearchSettings = SearchSettings()) -> None:
        self.settings = settings

    def __call__(self, game_id: str, faction: str, seed: int) -> IsmctsAgent:
        return IsmctsAgent(seed, self.settings)

    def configured(self, params: str) -> "IsmctsFactory":
        return IsmctsFactory(parse_settings(params))

    @property
    def probe(self) -> "IsmctsFactory":
        """The same search at a budget small enough to run at every step of a conformance
        check (``agents``): every part (samples, tree, cut-off rollouts) still runs."""
        return IsmctsFactory(attrs.evolve(self.settings, **PROBE_BUDGET))
