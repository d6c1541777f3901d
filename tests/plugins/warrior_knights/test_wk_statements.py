"""The testable statements of rules 22.1 checked over random games through the public API,
for the statements that no invariant (``WarriorKnights.invariants``) and no other property
test covers: what one step changes, read from the state before and after it and from the log
events it adds, and the order of the whole log at the end. The statement numbers are in the
checks' messages; ``docs/games/warrior_knights.md`` maps every statement to its tests."""

from __future__ import annotations

import random
import re
from typing import Any

import banneret
from banneret.types import Event
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret_warrior_knights.baron_cards import track_cost
from banneret_warrior_knights.battles import battle_areas, battle_targets, retreat_areas
from banneret_warrior_knights.state import SPECIAL_AREAS, WKData, owner_of, tables, title_of

from test_wk_battle_scenarios import clear_board, give
from wk_helpers import new_game, set_up

T = tables()
REVEAL = re.compile(r"space (\d): ")
AREA_PHASE = re.compile(r"(taxation|wages|assembly) holds (\d+) cards")
NOBLE = {n.name: n.id for n in T.data.nobles.values()}
ALLOCATE = re.compile(r"the card goes to (taxation|wages|assembly) \((\d+) there\)")


def trigger(data: WKData) -> int:
    return T.data.per_barons[len(data.barons)].special_phase_cards


def loyal_in_play(data: WKData, baron: str) -> int:
    cards = [c for nb in data.nobles_of(baron) for c in data.army[nb]] + data.garrison[baron] + data.unassigned[baron]
    return sum(T.troops[c].nationality is None for c in cards)


def levy_areas(data: WKData, baron: str) -> int | None:
    """22.1 #22 read from the board: the areas holding a noble of his, port icons left out
    (``None`` while a noble of his on the board holds an Office: one may add to the levy)."""
    on_board = [nb for nb in data.nobles_of(baron) if data.noble_area[nb] is not None]
    if any(data.office[nb] for nb in on_board):
        return None
    return len({data.noble_area[nb] for nb in on_board if nb not in data.at_sea})


class Snapshot:
    """What a step may change that the statements speak of (copies, not the live lists)."""

    def __init__(self, state: banneret.State) -> None:
        data: WKData = state.data
        self.log = len(state.log)
        self.pending = banneret.pending(state).kind
        self.crowns = dict(data.crowns)
        self.votes = dict(data.votes)
        self.faith = dict(data.faith)
        self.chairman = data.chairman
        self.head = data.head_of_church
        self.barred = dict(data.barred)
        self.track = list(data.mercenary_track)
        self.exhausted = set(data.exhausted)
        self.razed = set(data.razed)
        self.heirless = set(data.heirless_dead)
        self.loyal = {b: loyal_in_play(data, b) for b in data.barons}
        self.areas = {a: list(data.special_areas[a]) for a in SPECIAL_AREAS}
        self.face_down = [c for pile in data.action_spaces for c in pile] + ([data.revealed] if data.revealed else [])
        self.levy = {b: levy_areas(data, b) for b in data.barons}
        self.mercenaries = len(data.mercenaries)


class Watcher:
    """Checks each step of one game against the statements; ``since`` keeps, for the card
    being resolved, the log index where its resolution began (its use may take many steps)."""

    def __init__(self, state: banneret.State) -> None:
        self.state = state
        self.since: dict[str, int] = {}
        self.running: set[str] = set()  # the special areas whose phase is under way

    def step(self, before: Snapshot, action: banneret.Action) -> None:
        state, data = self.state, self.state.data
        events = state.log[before.log:]
        texts = [e.text for e in events]
        self.running |= {m.group(1) for t in texts if (m := AREA_PHASE.search(t))}
        phases = set(self.running)
        drafted = any("the Mercenary Draft" in t for t in texts)
        # nothing but the card's use, its allocation and the next baron card: no phase, no
        # neutral card, no Muster changed a treasury in this step
        quiet = not any(e.kind == "phase" or (e.kind == "reveal" and "neutral card" in e.text) for e in events)
        if data.revealed is not None and data.revealed not in self.since:
            self.since[data.revealed] = before.log
        self._allocation(before, phases)
        self._card_uses(before, action, quiet, drafted)
        n = len(data.barons)
        if banneret.pending(state).kind == "card":  # 18, 19, 20: a card waits for its owner
            assert all(len(data.special_areas[a]) < trigger(data) for a in SPECIAL_AREAS), "18"
            assert None in data.mercenary_track, "19: a card is resolved while the track is full"
        for area, cards in before.areas.items():  # 17, 41: an area empties only by its phase
            now = data.special_areas[area]
            if len(now) < len(cards):
                assert now == [] and area in phases, f"17: {area} lost cards without its phase"
                assert all(c in data.hand[owner_of(c)] for c in cards), f"41: {area}'s cards are not home"
                self.running.discard(area)
        if drafted and all(m is None for m in data.mercenary_track):  # 4, 19: after the Draft
            assert len(data.mercenary_display) == n + 1 or len(data.mercenaries) == 0, "4"
        for nb in before.exhausted:  # 29: an exhausted noble never moves
            name = f"{data.baron_of_noble(nb)} {T.data.nobles[nb].name} moves from "
            assert not any(e.kind == "move" and e.text.startswith(name) for e in events), f"29: {nb} moved"
        if banneret.pending(state).kind == "battle armies":  # 29, 60, 68: who may attack
            for label in banneret.legal_actions(state, banneret.pending(state).players[0]):
                names = label.label.removeprefix("fight with ").split(", ")
                nobles = [NOBLE[name] for name in names]
                assert len({data.noble_area[nb] for nb in nobles}) == 1, "68: armies from two areas"
                assert not set(nobles) & (set(data.exhausted) | set(data.at_sea)), "29, 60: an exhausted or sailing attacker"
        assert before.razed <= set(data.razed), "80: a razed city came back"
        for b in data.barons:  # 78: loyal soldiers leave play only with a noble dying heirless
            if loyal_in_play(data, b) < before.loyal[b]:
                assert set(data.heirless_dead) - before.heirless, f"78: {b} lost loyal soldiers"

    def _allocation(self, before: Snapshot, phases: set[str]) -> None:
        """14, 15, 27: where each card that left the spaces this step went, by its title; a
        card on an area whose phase ran this step is back in its owner's hand."""
        data: WKData = self.state.data
        face_down = {c for pile in data.action_spaces for c in pile} | {data.revealed}
        for card in before.face_down:
            if card in face_down:
                continue
            start = self.since.pop(card, before.log)
            owner, title = owner_of(card), title_of(card)
            if owner is None:
                assert card in data.neutral_pool, f"14: neutral {card} did not go back"
                continue
            places = {"versatile_strategy": {"hand"}, "levy_taxes": {"taxation"}, "draft_soldiers": {"wages"},
                      "rally_support": {"assembly"}, "serve_the_church": set(SPECIAL_AREAS)}.get(title)
            if places is None:  # Mobilize Forces: Assembly only after a battle (declined or moved only: Wages)
                fought = any(e.kind in ("battle", "city") and e.text.startswith(f"{owner} ")
                             for e in self.state.log[start:])
                places = {"wages", "assembly"} if fought else {"wages"}
            where = next(a for a in SPECIAL_AREAS if card in data.special_areas[a]) if card not in data.hand[owner] else "hand"
            if where == "hand" and places != {"hand"}:
                assert places & phases, f"14: {card} went home though {places} did not run"
            else:
                assert where in places, f"14/15: {card} went to {where}, not {places}"

    def _card_uses(self, before: Snapshot, action: banneret.Action, quiet: bool, drafted: bool) -> None:
        """22-26: what the baron cards' uses give (the resources when nothing else happened in
        the same step)."""
        data: WKData = self.state.data
        b, label = action.player, action.label
        if label.startswith("levy taxes: ") and before.levy[b] is not None:  # 22
            assert label == f"levy taxes: {before.levy[b]} crowns", "22"
            assert not quiet or data.crowns[b] == before.crowns[b] + before.levy[b], "22"
        elif label == "use Rally Support" and quiet:  # 23
            assert data.votes[b] == before.votes[b] + 2, "23"
            most = all(data.votes[b] > data.votes[o] for o in data.barons if o != b)
            assert data.chairman == (b if most and not before.barred[b] else before.chairman), "23"
        elif label == "use Serve the Church":  # 24
            assert not quiet or data.faith[b] == before.faith[b] + 1, "24"
            most = all(data.faith[b] > data.faith[o] for o in data.barons if o != b)
            assert data.head_of_church == (b if most else before.head), "24"
        elif m := re.fullmatch(r"a marker on track space (\d+)", label):  # 25
            k = int(m.group(1))
            assert k <= len(data.barons) + 1 and before.track[k - 1] is None, "25"
            assert not quiet or (data.crowns[b], data.mercenary_track[k - 1]) == (before.crowns[b], b), "25"
        elif m := re.fullmatch(r"buy track space (\d+) for (\d+) crowns", label):  # 26
            k, cost = int(m.group(1)), int(m.group(2))
            assert k <= len(data.barons) and before.track[k - 1] is None and cost == track_cost(k - 1), "26"
            assert not quiet or drafted or data.crowns[b] == before.crowns[b] - cost, "26"


def check_log_order(log: list[Event], n: int) -> None:
    """Statements read from the whole log: 13 (spaces revealed in order within a round), 17
    (the 2N-th card on an area, and only it, is followed by that area's phase), 21 (on a
    double trigger every Wages payment comes before the first hire) and 83 (the Muster's
    steps in order)."""
    space, round_events = 0, []
    for i, e in enumerate(log):
        if e.kind == "round":
            space = 0
        if e.kind == "reveal" and (m := REVEAL.match(e.text)):
            assert int(m.group(1)) >= space, "13: a later space was revealed first"
            space = int(m.group(1))
        if e.kind == "allocate" and (m := ALLOCATE.search(e.text)):
            area, count = m.group(1), int(m.group(2))
            assert count <= 2 * n, "17"
            nxt = next((x for x in log[i + 1:] if x.kind in ("phase", "reveal", "allocate", "round")), None)
            fired = nxt is not None and (p := AREA_PHASE.search(nxt.text)) is not None and p.group(1) == area
            assert fired == (count == 2 * n), f"17: {area} with {count} cards"
        round_events.append(e)
        if e.kind == "reveal":
            texts = [x.text for x in round_events]
            if any("wages holds" in t for t in texts) and any("the Mercenary Draft" in t for t in texts):
                hires = [k for k, x in enumerate(round_events) if x.kind == "draft"]
                pays = [k for k, x in enumerate(round_events) if x.kind == "wages"]
                assert not hires or not pays or max(pays) < min(hires), "21: a hire before a Wages payment"
            round_events = []
    muster: list[str] | None = None  # 83: in each Muster, Influence, then revolts, then the returns
    for e in log:
        if e.kind == "round":
            muster = None
        elif e.kind == "phase" and e.text.endswith("the Muster"):
            muster = []
        elif muster is not None and e.kind in ("influence", "revolt", "muster", "stronghold"):
            muster.append("muster" if e.kind == "stronghold" else e.kind)
            order = [k for k in ("influence", "revolt", "muster") if k in muster]
            assert sorted(muster, key=order.index) == muster, f"83: the Muster's steps came as {muster}"


def play_checked(barons: int, seed: int) -> dict[str, Any]:
    """Play one random game, checking every step; returns what it went through (so that the
    test can show it was not vacuous)."""
    state = new_game(barons, seed, round_limit=10)
    watcher = Watcher(state)
    rng = random.Random(seed)
    labels: list[str] = []
    while not banneret.is_over(state):
        player = rng.choice(banneret.pending(state).players)
        actions = banneret.legal_actions(state, player)
        eager = [a for a in actions if a.label.startswith(("use ", "levy", "a marker", "buy track", "start a battle"))]
        action = rng.choice(eager if eager and rng.random() < 0.7 else actions)
        before = Snapshot(state)
        banneret.apply(state, action)
        labels.append(action.label)
        watcher.step(before, action)
        broken = state.game.invariants(state)
        assert broken == [], broken
    check_log_order(list(state.log), len(state.data.barons))
    return {"labels": labels, "log": [e.text for e in state.log]}


@settings(max_examples=8, deadline=None)
@given(barons=st.sampled_from([2, 3, 4, 5, 6]), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_statements(barons: int, seed: int) -> None:
    """22.1 statements 4, 13-15, 17-27, 29, 41, 60, 68, 78, 80, 83 after every step of random
    games, and the invariants (the statements that hold between any two steps) through whole
    games, not only the conformance suite's first 300 steps."""
    play_checked(barons, seed)


def test_the_statement_checks_are_not_vacuous() -> None:
    """Over a few seeds (at most twelve) the checked uses, phases and the Draft all happen."""
    uses = ("fight with ", "levy taxes: ", "use Rally Support", "use Serve the Church", "a marker on track space",
            "buy track space")
    phases = ("taxation holds", "wages holds", "assembly holds", "the Mercenary Draft", " influence (", " places ")
    labels: list[str] = []
    log: list[str] = []
    for seed in range(12):
        seen = play_checked(4, seed)
        labels += seen["labels"]
        log += seen["log"]
        unseen = [u for u in uses if not any(label.startswith(u) for label in labels)]
        unseen += [p for p in phases if not any(p in line for line in log)]
        if not unseen:
            break
    assert unseen == []


def test_a_noble_at_sea_neither_attacks_nor_is_attacked() -> None:
    """22.1 #60, 11.1: a noble on the port icon of an area gives his baron no battle there and
    is no target; back on the land of the area he is one."""
    state, _ = set_up(3, 5)
    data: WKData = state.data
    clear_board(data)
    port = next(a for a, rec in T.data.board.areas.items() if rec.port and rec.region == "kingdom"
                and T.data.board.city_in(a) is None and a not in data.stronghold.values())
    give(data, "green_star", "green:soldier_100:1")
    give(data, "blue_star", "blue:soldier_100:1")
    data.noble_area["green_star"] = data.noble_area["blue_star"] = port
    data.at_sea[:] = ["blue_star"]
    assert battle_targets(data, "green", port) == [] and battle_areas(state, "green") == []
    data.at_sea[:] = ["green_star"]
    assert battle_targets(data, "blue", port) == [] and battle_areas(state, "green") == []
    data.at_sea[:] = []
    assert battle_targets(data, "green", port) == [("nobles", "blue")] and battle_areas(state, "green") == [port]


def test_a_noble_retreats_only_to_a_free_adjacent_kingdom_area() -> None:
    """22.1 #76 as the original has it (errata 2, over AMB-7): the retreat areas are the
    passable Kingdom neighbours holding no city (even a neutral one) and no other baron's noble
    or Stronghold; from overseas there are none."""
    state, _ = set_up(3, 5)
    data: WKData = state.data
    clear_board(data)
    board = T.data.board

    def exits(area: str) -> list[str]:
        return sorted(n for n in board.areas_map.neighbours(area) if board.areas[n].region == "kingdom"
                      and board.passable(area, n) and n not in data.stronghold.values())

    cities = {board.cities[c].area for c in data.city_owner}
    here = next(a for a in sorted(board.areas) if board.areas[a].region == "kingdom"
                and set(exits(a)) - cities and set(exits(a)) & cities)
    give(data, "green_star", "green:soldier_100:1")
    data.noble_area["green_star"] = here
    free = [n for n in exits(here) if n not in cities]
    assert retreat_areas(state, "green_star") == free
    give(data, "blue_star", "blue:soldier_100:1")
    data.noble_area["blue_star"] = free[0]
    assert retreat_areas(state, "green_star") == free[1:]
    overseas = next(a for a, rec in board.areas.items() if rec.region != "kingdom")
    data.noble_area["green_star"] = overseas
    assert retreat_areas(state, "green_star") == []
