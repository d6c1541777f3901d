"""Movement in random games through the public API (22.1 statements 28, 56, 57, 59): every
move the log reports crosses only passable borders (checked against the board's own lists of
mountains, rivers and bridges, not the engine's helper), a road move stays on one road for at
most three areas, a sea move starts in a port and ends on a port icon; no noble moves twice
in a round, and every noble that moved is exhausted by the end of the round's actions."""

from __future__ import annotations

import random
from collections import Counter

import banneret
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret_warrior_knights.state import WKData, tables

from wk_helpers import new_game

T = tables()
BOARD = T.data.board
BY_NAME = {a.name: a.id for a in BOARD.areas.values()}
PAIRS = {frozenset((b.a, b.b)) for b in BOARD.borders}
BLOCKED = {frozenset((b.a, b.b)) for b in BOARD.mountains} | (
    {frozenset((b.a, b.b)) for b in BOARD.rivers} - {frozenset((b.a, b.b)) for b in BOARD.bridges})
ROAD_STEPS = [{frozenset(pair) for pair in zip(r.areas, r.areas[1:])} for r in BOARD.roads.values()]
PASSIVE = ("end the card", "decline the card", "go on", "make no move")


def play_moving(state: banneret.State, rng: random.Random, rounds: int = 2) -> list[tuple[int, str, str, str, tuple[str, ...]]]:
    """Random play for ``rounds`` rounds (or to the end), choosing moves more often than
    stopping or declining. Returns each move the log reports with its round; checks, while the
    round's actions go on, that every noble moved by an earlier card is exhausted (or off the
    board): the Muster refreshes them all."""
    data: WKData = state.data
    moves: list[tuple[int, str, str, str, tuple[str, ...]]] = []
    cards = 0  # cards revealed so far in the game
    while not banneret.is_over(state) and data.round <= rounds:
        player = rng.choice(banneret.pending(state).players)
        actions = banneret.legal_actions(state, player)
        active = [a for a in actions if a.label not in PASSIVE]
        seen = len(state.log)
        banneret.apply(state, rng.choice(active if active and rng.random() < 0.85 else actions))
        for event in state.log[seen:]:
            if event.kind == "reveal":
                cards += 1
            moves += [(data.round, *move, cards) for move in moves_in(state, [event])]
        if data.phase == "actions":
            earlier = {noble for r, noble, *_, card in moves if r == data.round and card < cards}
            assert all(nb in data.exhausted for nb in earlier if data.noble_area[nb] is not None)
    return [move[:-1] for move in moves]


def moves_in(state: banneret.State, events: list) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(noble, origin, how, areas entered) for every move these log events report."""
    data: WKData = state.data
    found = []
    for event in events:
        if event.kind != "move" or " moves from " not in event.text:
            continue
        noble = next(nb for b in data.barons for nb in data.nobles_of(b)
                     if event.text.startswith(f"{b} {T.data.nobles[nb].name} moves from "))
        rest = event.text.split(" moves from ", 1)[1]
        origin = next(name for name in BY_NAME if rest.startswith(name + " "))
        rest = rest[len(origin) + 1:]
        if rest.startswith("by sea to "):
            found.append((noble, BY_NAME[origin], "sea", (BY_NAME[rest[len("by sea to "):]],)))
        elif rest.startswith("by road to "):
            last, via = rest[len("by road to "):].split(" via ")
            found.append((noble, BY_NAME[origin], "road", (*(BY_NAME[a] for a in via.split(", ")), BY_NAME[last])))
        else:
            found.append((noble, BY_NAME[origin], "land", (BY_NAME[rest[len("to "):]],)))
    return found


@settings(max_examples=6, deadline=None)
@given(barons=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_random_moves_keep_to_the_rules(barons: int, seed: int) -> None:
    state = new_game(barons, seed)
    moves = play_moving(state, random.Random(seed))
    data: WKData = state.data
    for _, noble, origin, how, areas in moves:
        if how == "sea":
            assert BOARD.areas[origin].port and BOARD.areas[areas[0]].port and areas[0] != origin
            continue
        steps = [frozenset(p) for p in zip((origin, *areas), areas)]
        assert all(s in PAIRS and s not in BLOCKED for s in steps), (origin, areas)
        assert len(areas) <= (3 if how == "road" else 1)  # no law lengthens road moves in these games
        if how == "road":
            assert any(set(steps) <= road for road in ROAD_STEPS), (origin, areas)
    assert max(Counter((r, noble) for r, noble, *_ in moves).values(), default=0) <= 1  # once a round
    assert all(nb in data.exhausted for nb in data.at_sea)


def test_random_play_moves_at_all() -> None:
    """The property above is not vacuous: these seeds' games report moves by land, road and sea."""
    hows: Counter[str] = Counter()
    for seed in range(6):
        state = new_game(4, seed)
        hows.update(how for *_, how, _ in play_moving(state, random.Random(seed)))
    assert hows["land"] and hows["road"] and hows["sea"], hows
