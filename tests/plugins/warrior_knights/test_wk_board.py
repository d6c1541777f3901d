"""Warrior Knights' web board (banneret_warrior_knights.board): what the SVG shows from one
seat's view, and which board thing each action is clicked through."""

from __future__ import annotations

import random
import re
from xml.etree import ElementTree

import banneret
from banneret.boards import BoardContext, BoardDrawing
from banneret.rng import Rng
from banneret.types import Action
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret_warrior_knights.board import BARON_FILL
from banneret_warrior_knights.plugin import banneret_board
from banneret_warrior_knights.state import WKData, tables

from wk_helpers import new_game, play_until, set_up

T = tables()
BOARD = T.data.board
AREA_BY_NAME = {a.name: a.id for a in BOARD.areas.values()}
NOBLE_BY_NAME = {n.name: n.id for n in T.data.nobles.values()}
SVG = "{http://www.w3.org/2000/svg}"


def draw(state: banneret.State, player: str | None = None) -> BoardDrawing:
    """The board the deciding seat (or ``player``) sees now, with its actions."""
    player = player or banneret.pending(state).players[0]
    actions = tuple(banneret.legal_actions(state, player)) if player in banneret.pending(state).players else ()
    drawing = banneret_board(BoardContext("warrior_knights", player, banneret.view(state, player, log_tail=0), actions))
    assert drawing is not None
    return drawing


def targets_of(svg: str) -> dict[str, list[ElementTree.Element]]:
    """Every element marked ``data-target``, by target id."""
    out: dict[str, list[ElementTree.Element]] = {}
    for e in ElementTree.fromstring(svg).iter():
        if e.get("data-target"):
            out.setdefault(e.get("data-target"), []).append(e)  # type: ignore[arg-type]
    return out


def tip(element: ElementTree.Element) -> str:
    title = element.find(f"{SVG}title")
    return "" if title is None else title.text or ""


def texts(svg: str) -> list[str]:
    return ["".join(e.itertext()) for e in ElementTree.fromstring(svg).iter(f"{SVG}text")]


def expected_path(action: Action) -> tuple[str, ...] | None:
    """The click path an action's label promises, read from the label alone (the board reads
    the action's arguments): the oracle of the property test."""
    label = action.label
    if m := re.fullmatch(r"stronghold in (.+)", label):
        return (f"area:{AREA_BY_NAME[m.group(1)]}",)
    if (m := re.fullmatch(r"(?:place|move) (.+)", label)) and m.group(1) in NOBLE_BY_NAME:
        return (f"noble:{NOBLE_BY_NAME[m.group(1)]}",)
    if m := re.fullmatch(r".+ to the stronghold", label):
        return (f"stronghold:{action.player}",)
    if (m := re.fullmatch(r"move (.+) into .+", label)) and m.group(1) in NOBLE_BY_NAME:
        return (f"noble:{NOBLE_BY_NAME[m.group(1)]}",)
    if (m := re.fullmatch(r".+ (?:to|into) (.+)", label)) and m.group(1) in AREA_BY_NAME:
        return (f"area:{AREA_BY_NAME[m.group(1)]}",)
    if (m := re.fullmatch(r".+ to (.+)", label)) and m.group(1) in NOBLE_BY_NAME:
        return (f"noble:{NOBLE_BY_NAME[m.group(1)]}",)
    if m := re.fullmatch(r"space (\d): .+", label):
        return (f"space:{int(m.group(1)) - 1}",)
    if m := re.fullmatch(r"put the card on (taxation|wages|assembly)", label):
        return (f"special:{m.group(1)}",)
    if m := re.fullmatch(r"(?:a marker on|buy) track space (\d+)(?: for \d+ crowns)?", label):
        return (f"track:{int(m.group(1)) - 1}",)
    return None


def check_targets(state: banneret.State) -> set[str]:
    """Every action of the deciding seat has exactly the path its label promises, and every
    target id is marked in the SVG. Returns the kinds of path seen."""
    player = banneret.pending(state).players[0]
    drawing = draw(state, player)
    marked = targets_of(drawing.svg)
    seen = set()
    names = {**{f"area:{a}": n for n, a in AREA_BY_NAME.items()}, **{f"noble:{nb}": n for n, nb in NOBLE_BY_NAME.items()}}
    for action in banneret.legal_actions(state, player):
        want = expected_path(action)
        got = drawing.targets.get(action.label)
        if want is None and got is not None:  # a decision the oracle does not read: the clicked
            assert names[got[0]] in action.label, action  # area or noble is the one it names
            want = got
        assert got == want, action
        if want is not None:
            assert all(t in marked for t in want), (action, want)
            seen.add(want[0].split(":")[0])
    assert set(drawing.targets) <= {a.label for a in banneret.legal_actions(state, player)}
    return seen


@settings(max_examples=5, deadline=None)
@given(barons=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_every_action_with_a_place_on_the_board_is_clicked_where_its_label_says(barons: int, seed: int) -> None:
    """Random games through set-up, planning and the first action cards: strongholds and
    noble placements by area, troop cards by noble or stronghold, planning by action space,
    allocation by special area, track markers by track space; nothing else has a path."""
    state = new_game(barons, seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(220):
        if banneret.is_over(state):
            break
        seen |= check_targets(state)
        player = rng.choice(banneret.pending(state).players)
        banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))
    assert {"area", "noble", "stronghold", "space"} <= seen


def test_a_clicked_area_or_noble_selects_the_set_up_choice() -> None:
    """During set-up the stronghold sites are areas, the nobles to place are nobles, and
    their destinations areas again."""
    state = new_game(3, seed=4)
    rng = random.Random(4)
    play_until(state, "stronghold", rng)
    drawing = draw(state)
    sites = {a for a in drawing.targets.values()}
    assert sites and all(p[0].startswith("area:") for p in sites)
    play_until(state, "place noble", rng)
    player = banneret.pending(state).players[0]
    paths = set(draw(state, player).targets.values())
    assert paths and all(p[0].startswith(("noble:", "area:")) for p in paths)


def arranged() -> tuple[banneret.State, WKData]:
    """A 3-baron game in its first action phase, with a city for each mark the board shows, an
    exhausted noble, a noble at sea, cards in the special areas, markers on the track, and a
    law in force."""
    state, _ = set_up(3, seed=8)
    play_until(state, "card", random.Random(8))
    data: WKData = state.data
    cities = sorted(data.city_owner)
    data.city_owner[cities[0]] = "green"
    data.fortified.append(cities[0])
    data.breaches[cities[0]] = 2
    data.besieged[cities[0]] = "red"
    green = [nb for nb in data.nobles_of("green") if data.noble_area[nb] is not None]
    data.exhausted[:] = [green[0]]
    port = next(a for a, rec in BOARD.areas.items() if rec.port and rec.region == "kingdom")
    data.noble_area[green[-1]] = port
    data.at_sea[:] = [green[-1]]
    data.special_areas["wages"] = ["red:levy_taxes:1"]
    data.mercenary_track[1] = "blue"
    data.laws[:] = [next(c for c in T.agenda_cards if T.agenda_of[c].kind == "law")]
    return state, data


def test_the_map_shows_cities_strongholds_and_nobles_as_they_stand() -> None:
    state, data = arranged()
    drawing = draw(state, "blue")
    marked = targets_of(drawing.svg)
    cities = sorted(data.city_owner)
    city = next(g for g in ElementTree.fromstring(drawing.svg).iter(f"{SVG}g")
                if g.get("class") == "city" and tip(g).startswith(BOARD.cities[cities[0]].name + ":"))
    assert "green" in tip(city) and "fortified" in tip(city) and "2 breaches" in tip(city) and "besieged by red" in tip(city)
    assert any(r.get("fill") == BARON_FILL["green"] for r in city.iter(f"{SVG}rect"))
    for razed in data.razed:
        assert f"\u2716 {BOARD.cities[razed].name} (razed)" in texts(drawing.svg)
    green = [nb for nb in data.nobles_of("green") if data.noble_area[nb] is not None]
    tired = marked[f"noble:{green[0]}"]
    assert len(tired) == 2  # on the map and in his baron's panel
    assert all(e.get("opacity") == "0.5" and "exhausted" in tip(e) for e in tired)
    sailing = marked[f"noble:{green[-1]}"][0]
    assert "at sea" in tip(sailing) and "\u2693" in "".join(sailing.itertext())
    assert f"in {BOARD.areas[data.noble_area[green[-1]]].name}" in tip(sailing)
    for baron in data.barons:
        (stronghold, *_) = marked[f"stronghold:{baron}"]
        assert f"{baron}'s stronghold" in tip(stronghold)
    # every noble is drawn: on the map where he stands, in his baron's panel always
    for nb in (n for baron in data.barons for n in data.nobles_of(baron)):
        assert len(marked[f"noble:{nb}"]) == (2 if data.noble_area[nb] is not None else 1)
    # the static map: one line per river, bridge and mountain border, and the legend
    titles = [tip(e) for e in ElementTree.fromstring(drawing.svg).iter() if e.tag in (f"{SVG}line", f"{SVG}polyline")]
    assert titles.count("river") == len(BOARD.rivers) and titles.count("bridge") == len(BOARD.bridges)
    assert titles.count("mountains: no crossing") == len(BOARD.mountains)
    assert set(f"area:{a}" for a in BOARD.areas) <= set(marked)
    words = " ".join(texts(drawing.svg))
    for name in ("Legend", "river", "bridge", "mountains (impassable)", "road", "neutral city", *BARON_FILL):
        assert name in words


def test_the_panels_show_the_table() -> None:
    state, data = arranged()
    drawing = draw(state, "blue")
    words = texts(drawing.svg)
    revealed = banneret.view(state, "blue")["board"]["revealed"]
    assert f"Card being resolved: {revealed}" in words
    for k, pile in enumerate(data.action_spaces):
        assert any(w.startswith(f"{k + 1}: {len(pile)} cards") for w in words)
    marked = targets_of(drawing.svg)
    assert "red Levy Taxes" in "".join(marked["special:wages"][0].itertext())
    assert [c.get("fill") for c in marked["track:1"][0].iter(f"{SVG}circle")] == [BARON_FILL["blue"]]
    assert not list(marked["track:0"][0].iter(f"{SVG}circle"))
    assert T.agenda_titles[data.laws[0]] in words
    for card in data.current_agendas:
        assert any(w.startswith(f"\u2022 {T.agenda_titles[card]} (") for w in words)
    for baron in data.barons:
        line = f"{data.crowns[baron]} crowns \u00b7 {data.influence[baron]} influence \u00b7 {data.votes[baron]} votes"
        assert any(w.startswith(line) for w in words)
    assert any(w.startswith(f"Influence pool: {data.influence_pool}") for w in words)
    assert any(f"Chairman: {data.chairman}" in w for w in words)


def test_the_board_shows_a_seat_its_own_cards_and_nothing_hidden() -> None:
    """Blue sees his hand and planned titles; other hands are counts: resampling what blue
    cannot see leaves his board unchanged, while green's board names green's hand."""
    state, data = arranged()
    blue = draw(state, "blue").svg
    other = state.game.resample_hidden(state, "blue", Rng(5))
    assert draw(other, "blue").svg == blue
    words = " ".join(texts(blue))
    assert f"hand: {len(data.hand['green'])} cards" in words
    green_hand = ", ".join(sorted(T.card_titles[c.split(':')[1]] for c in data.hand["green"]))
    assert green_hand[:40] in " ".join(texts(draw(state, "green").svg))


def test_track_spaces_and_special_areas_are_clicked_for_the_cards_that_use_them() -> None:
    """Versatile Strategy buys a track space: each space it may buy is its target; Serve the
    Church goes to a special area of its owner's choice: each area is its target."""
    state, _ = set_up(2, seed=3)
    for baron in state.data.barons:
        for label in ("space 1: Versatile Strategy", "space 1: no more cards", "space 2: Serve the Church",
                      "space 2: no more cards", "space 3: no more cards", "confirm the plan"):
            banneret.apply(state, banneret.find_action(state, baron, label))
    rng = random.Random(3)
    play_until(state, "card", rng)
    owner = banneret.pending(state).players[0]
    targets = draw(state, owner).targets
    buys = {k: p for k, p in targets.items() if k.startswith("buy track space")}
    assert buys and all(p == (f"track:{int(k.split()[3]) - 1}",) for k, p in buys.items())
    banneret.apply(state, banneret.find_action(state, owner, "take 2 crowns"))
    play_until(state, "allocate", rng)
    owner = banneret.pending(state).players[0]
    assert draw(state, owner).targets == {f"put the card on {a}": (f"special:{a}",)
                                          for a in ("taxation", "wages", "assembly")}
    assert check_targets(state) == {"special"}
