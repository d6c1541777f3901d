"""The variants' state on both boards (the web board and the terminal picture), from the
seat's view: the rules Private Motions put in force (17.2), heirs held by other barons and
nobles waiting for them (17.3), eliminated barons (17.4)."""

from __future__ import annotations

from xml.etree import ElementTree

from banneret_warrior_knights.state import WKData, tables

from test_wk_board import draw, targets_of, texts, tip
from test_wk_board_terminal import section
from test_wk_variants import _hostage_muster, _stronghold_falls
from wk_helpers import act, new_game

T = tables()


def baron_lines(text: str, baron: str) -> list[str]:
    """A baron's lines under "Barons:" in the terminal picture."""
    lines = section(text, "Barons:")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"  {baron}: "))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].startswith("    ")), len(lines))
    return lines[start:end]


def test_heirs_held_by_other_barons_and_a_noble_waiting_for_his_are_shown() -> None:
    """17.3: red holds green's heir, green's star noble is dead and waits for it; red gives
    his own star noble's heir to blue."""
    state, green_name = _hostage_muster()
    red_name = T.data.nobles["red_star"].name
    act(state, "red", f"give the heir of {red_name} to blue")
    for seat in ("red", "green", None):
        text = state.game.render(state, seat)
        assert f"{green_name} dead, awaiting his heir from red" in baron_lines(text, "green")[2]
        assert f", heir held by blue" in baron_lines(text, "red")[2]
    svg = draw(state, "green").svg
    words = texts(svg)
    assert "dead, awaiting his heir from red" in words
    assert sum(w.endswith(", heir held by blue") for w in words) == 1
    [red_star] = targets_of(svg)["noble:red_star"]
    assert "heir held by blue" in tip(red_star)
    [green_star] = targets_of(svg)["noble:green_star"]
    assert "heir held by" not in tip(green_star)  # his panel line says whom he waits for


def test_the_rules_private_motions_made_are_listed_under_the_laws() -> None:
    """17.2: a rule in force is written under the laws on both boards; none, no heading."""
    state = new_game(3, seed=2, truly_private_motions=True)
    assert "Rules the Assembly made" not in texts(draw(state).svg)
    data: WKData = state.data
    data.motion_rules = ["no_sieges", "roads_only"]
    words = texts(draw(state).svg)
    at = words.index("Rules the Assembly made")
    assert words[at + 1:at + 3] == ["no sieges", "moves only along roads"]
    assert "Rules the Assembly made: no sieges, moves only along roads" in state.game.render(state, "red").splitlines()


def test_an_eliminated_baron_is_named_on_both_boards_and_has_no_panel() -> None:
    """17.4: blue's Stronghold falls: he is out; both boards say so, and his nobles are no
    longer drawn."""
    state = _stronghold_falls(3)
    name = T.data.barons["blue"].name
    for seat in ("green", "red"):
        svg = draw(state, seat).svg
        assert f"Blue \u2013 {name}: eliminated, Stronghold captured" in texts(svg)
        assert not any(target.startswith("noble:blue") for target in targets_of(svg))
        assert "  Eliminated: blue (Stronghold captured)" in section(state.game.render(state, seat), "Barons:")
    assert not any("Eliminated" in line for line in state.game.render(new_game(3, seed=2), "red").splitlines())
    ElementTree.fromstring(draw(state, "green").svg)  # still well-formed
