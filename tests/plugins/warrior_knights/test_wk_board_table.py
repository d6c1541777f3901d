"""The table beyond the map on both boards (the web board and the terminal picture): a battle
under way, the expeditions, the Assembly's secret ballot and its counting, whose decision it
is; and that none of it shows a seat what it may not see."""

from __future__ import annotations

import random
from xml.etree import ElementTree

import banneret
from banneret import State

from banneret_warrior_knights.battles import SYMBOLS, Battle
from banneret_warrior_knights.movement import Orders
from banneret_warrior_knights.board import BARON_FILL, BOX_W, geometry
from banneret_warrior_knights.state import WKData, owner_of, tables

from test_wk_board import SVG, arranged, draw, texts, tip
from wk_helpers import act, labels, new_game, play_until

T = tables()
BOARD = T.data.board


def reach(kind: str, barons: int = 4) -> State:
    """The first seeded random game that comes to a decision of ``kind``."""
    for seed in range(60):
        state = new_game(barons, seed)
        play_until(state, kind, random.Random(seed))
        if not banneret.is_over(state):
            return state
    raise AssertionError(f"no game reached {kind!r}")


def battle_frame(state: State) -> tuple[Battle, dict]:
    frame = next(f for f in reversed(state.stack) if isinstance(f.record, Battle))
    return frame.record, frame.vars


def words(state: State, player: str) -> str:
    """The board's texts, one a line."""
    return "\n".join(texts(draw(state, player).svg))


def flat(state: State, player: str) -> str:
    """The board's texts joined by spaces (a wrapped line reads whole again)."""
    return " ".join(texts(draw(state, player).svg))


def symbols_text(cards: tuple[str, ...]) -> str:
    return ", ".join(sorted(SYMBOLS[T.fate[c].battle] for c in cards))


def test_a_battle_under_way_shows_each_side_and_its_cards_only_to_their_baron() -> None:
    """While a side discards, its baron reads his Fate cards; every other seat reads a count,
    and his board does not change when those cards are others. The battle's area is framed
    on the map; the terminal says the same."""
    state = reach("discard fate")
    battle, frame_vars = battle_frame(state)
    assert not frame_vars.get("revealed")
    side = next(s for s in ("attacker", "defender") if battle.baron(s) == banneret.pending(state).players[0])
    baron = battle.baron(side)
    assert baron is not None
    own = flat(state, baron)
    area = BOARD.areas[battle.area].name
    assert f"\u2694 Battle in {area}" in own
    assert f"Fate: {symbols_text(battle.cards[side])}" in own
    other = next(b for b in state.data.barons if b != baron)
    seen = draw(state, other).svg
    assert f"Fate: {len(battle.cards[side])} cards face down" in " ".join(texts(seen))
    swapped = state.clone()
    hidden, _ = battle_frame(swapped)
    count, current = len(battle.cards[side]), symbols_text(battle.cards[side])
    hidden.cards[side] = next(pick for symbol in SYMBOLS
                              if len(pick := tuple(c for c in T.fate if T.fate[c].battle == symbol)[:count]) == count
                              and symbols_text(pick) != current)
    assert draw(swapped, other).svg == seen
    assert draw(swapped, baron).svg != draw(state, baron).svg
    mark = next(g for g in ElementTree.fromstring(seen).iter(f"{SVG}g") if g.get("class") == "battle-mark")
    x, _ = geometry().boxes[battle.area]
    assert tip(mark) == f"battle under way in {area}"
    assert [int(r.get("x")) for r in mark.iter(f"{SVG}rect")] == [x - 4]
    assert [int(r.get("width")) for r in mark.iter(f"{SVG}rect")] == [BOX_W + 8]
    text = state.game.render(state, other)
    assert f"Battle in {area}" in text and f"Fate: {len(battle.cards[side])} cards face down" in text
    assert f"Fate: {symbols_text(battle.cards[side])}" in state.game.render(state, baron)


def test_revealed_fate_cards_show_to_every_seat() -> None:
    """Once both sides reveal (11.2.1 step 4), every seat reads both sides' cards."""
    for seed in range(60):
        state = new_game(4, seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if banneret.is_over(state):
                break
            frame = next((f for f in state.stack if isinstance(f.record, Battle)), None)
            if frame is not None and frame.vars.get("revealed") and any(frame.record.cards.values()):
                battle = frame.record
                outsider = next((b for b in state.data.barons if b not in (battle.attacker, battle.defender)), None)
                if outsider is None:
                    break
                seen = flat(state, outsider)
                for side in ("attacker", "defender"):
                    if battle.cards[side]:
                        assert f"Fate: {symbols_text(battle.cards[side])}" in seen
                return
            player = rng.choice(banneret.pending(state).players)
            banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))
    raise AssertionError("no battle came to its reveal")


def test_the_expeditions_show_their_ships_stakes_and_blessing() -> None:
    state, data = arranged()
    data.expedition_space["ceylon"] = 2
    data.expedition_stakes["ceylon"] = {"red": 3, "blue": 1}
    data.expedition_blessed[:] = ["ceylon"]
    svg = draw(state, "blue").svg
    groups = {tip(g).split(":")[0]: g for g in ElementTree.fromstring(svg).iter(f"{SVG}g")
              if g.get("class") == "expedition"}
    assert set(groups) == {"Ceylon", "Spice Islands", "China"}
    assert tip(groups["Ceylon"]) == "Ceylon: on space 2; stakes red 3, blue 1; blessed"
    assert tip(groups["China"]) == "China: in port; stakes none"
    ceylon = ["".join(e.itertext()) for e in groups["Ceylon"].iter(f"{SVG}text")]
    assert ceylon[0] == "Ceylon \u271d" and "red: 3 crowns" in ceylon and "blue: 1 crowns" in ceylon
    assert len(list(groups["Ceylon"].iter(f"{SVG}path"))) == 1  # one ship
    assert not list(groups["China"].iter(f"{SVG}path"))
    text = state.game.render(state, "blue")
    assert "Expeditions: Ceylon on space 2 (stakes red 3, blue 1) blessed; Spice Islands in port; China in port" in text


def test_the_expedition_being_funded_is_marked() -> None:
    state = reach("stake", barons=3)
    funded = banneret.view(state, None)["board"]["expedition_funded"]
    name = T.data.expeditions[funded].name
    assert all(label.endswith(f"on {name}") for label in labels(state, banneret.pending(state).players[0]))
    svg = draw(state).svg
    group = next(g for g in ElementTree.fromstring(svg).iter(f"{SVG}g")
                 if g.get("class") == "expedition" and tip(g).startswith(name))
    assert tip(group).startswith(f"{name}: being funded")
    assert f"{name} being funded" in state.game.render(state, "green")


def test_the_ballot_shows_a_seat_its_own_votes_and_only_who_has_confirmed() -> None:
    """9.3.1: a voter sees his own ballot as he fills it in; the others see only that he is
    still choosing, then that he has confirmed, never his votes."""
    state = reach("vote")
    voter, watcher = banneret.pending(state).players[:2]
    before = draw(state, watcher).svg
    add = next(label for label in labels(state, voter) if ": add 1 " in label)
    act(state, voter, add)
    agenda = add.split(": add")[0]
    assert f"Your ballot (not confirmed yet): {agenda}: 1" in words(state, voter)
    assert draw(state, watcher).svg == before
    assert f"{voter} choosing" in words(state, watcher)
    while voter in banneret.pending(state).players:
        act(state, voter, next(label for label in labels(state, voter) if "commit" in label or "confirm" in label
                               or " for " in label))
    if banneret.pending(state).kind == "vote":
        seen = words(state, watcher)
        assert f"{voter} confirmed" in seen and f"{agenda}: 1" not in seen
        assert f"ballot: Your ballot (confirmed): {agenda}: 1" in state.game.render(state, voter)


def test_the_agenda_being_counted_shows_the_votes_committed_and_the_sides() -> None:
    state = reach("declare")
    data: WKData = state.data
    seen = words(state, data.barons[0])
    assert f"Counting: {banneret.view(state, None)['board']['assembly']['voting']}" in seen
    for baron, n in data.committed.items():
        assert any(line.startswith(f"{baron}: {n} votes") for line in seen.splitlines())
    text = state.game.render(state, data.barons[0])
    assert "counting " in text and "Assembly: Attending: " in text


def test_the_barons_who_must_decide_are_marked() -> None:
    """The baron panels carry "to decide" exactly for the barons the game waits for."""
    for kind in ("plan", "card"):
        state = reach(kind, barons=3)
        svg = draw(state, "green").svg
        marked = [t for t in texts(svg) if t.endswith("to decide")]
        assert len(marked) == len(banneret.pending(state).players)


def test_face_down_cards_sieged_strongholds_casualties_and_ended_lines() -> None:
    """Each action space shows one card back per card in its owner's colour; a besieged
    stronghold is outlined in the besieger's colour with its garrison's casualties; a wounded
    army reads "strength−markers"; a noble dead without an heir is marked so in his panel.
    The terminal picture says the same in words."""
    state, data = arranged()
    data.besieged_strongholds["red"] = "blue"
    data.garrison_casualties["red"] = 1
    wounded = next(nb for nb in data.nobles_of("green") if data.noble_area[nb] is not None)
    data.casualties[wounded] = 1
    dead = data.nobles_of("blue")[0]
    data.noble_area[dead], data.army[dead] = None, []
    data.heirless_dead.append(dead)
    svg = draw(state, "blue").svg
    root = ElementTree.fromstring(svg)
    by_target: dict[str, list[ElementTree.Element]] = {}
    for e in root.iter():
        if e.get("data-target"):
            by_target.setdefault(e.get("data-target"), []).append(e)  # type: ignore[arg-type]
    fills = {v: k for k, v in BARON_FILL.items()}
    for k, pile in enumerate(data.action_spaces):
        backs = [fills.get(r.get("fill"), "neutral") for r in by_target[f"space:{k}"][0].iter(f"{SVG}rect")
                 if r.get("width") == "9"]
        owners = [owner_of(c) or "neutral" for c in pile]
        assert sorted(backs) == sorted(owners)
    for stronghold in by_target["stronghold:red"]:
        assert "besieged by blue" in tip(stronghold) and "garrison casualties 100" in tip(stronghold)
        outline = [r for r in stronghold.iter(f"{SVG}rect") if r.get("stroke-dasharray")]
        assert [r.get("stroke") for r in outline] == [BARON_FILL["blue"]]
    strength = data.strength_of(data.army[wounded])
    for bar in by_target[f"noble:{wounded}"]:
        assert "".join(bar.itertext()).endswith(f"{strength}\u2212100")
    assert "dead, no heir" in texts(svg)
    text = state.game.render(state, "blue")
    assert "red stronghold 400 (garrison " in text and "garrison casualties 100; besieged by blue)" in text
    assert f"{T.data.nobles[dead].name} dead, no heir" in text
    assert "casualties 100" in next(line for line in text.splitlines() if T.data.nobles[wounded].name in line)


def test_mobilize_forces_shows_its_area_and_the_nobles_moved() -> None:
    """7.5: while Mobilize Forces moves nobles, its area has a dashed frame on the map and
    the status (and the terminal) name it, with the nobles moved so far."""
    state = reach("mobilize")
    orders = next(f.record for f in reversed(state.stack) if isinstance(f.record, Orders))
    moved = next(nb for nb in T.data.nobles if T.data.nobles[nb].baron == banneret.pending(state).players[0])
    orders.moved[:] = [moved]
    area = BOARD.areas[orders.area].name
    line = f"Mobilizing into {area}; moved: {T.data.nobles[moved].name}"
    player = banneret.pending(state).players[0]
    svg = draw(state, player).svg
    assert line in texts(svg)
    frame = next(r for r in ElementTree.fromstring(svg).iter(f"{SVG}rect") if r.get("class") == "mobilize-mark")
    assert int(frame.get("x")) == geometry().boxes[orders.area][0] - 4  # type: ignore[arg-type]
    assert tip(frame) == f"Mobilize Forces moves nobles into {area}"
    assert line in state.game.render(state, player).splitlines()


def test_a_stronghold_not_yet_placed_reads_so() -> None:
    state = new_game(3, seed=2)
    words_seen = texts(draw(state).svg)
    assert words_seen.count("not on the board") == 3 and not any(w.startswith("in not") for w in words_seen)
