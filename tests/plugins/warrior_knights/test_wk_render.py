"""The terminal picture: areas with nobles, armies, strongholds and cities, each baron's
treasury and influence, the action spaces face down, the agendas; drawn from one seat's view,
so it never shows another baron's hand or planned titles."""

from __future__ import annotations

import random

from banneret_warrior_knights.state import WKData, owner_of, tables, title_of

from wk_helpers import new_game, play_until, set_up

T = tables()


def test_render_shows_the_table_from_one_seat() -> None:
    state, _ = set_up(3, seed=8)
    play_until(state, "card", random.Random(8))  # the first card of the action phase
    data: WKData = state.data
    text = state.game.render(state, "blue")
    for heading in ("Areas (", "Barons:", "Action spaces (face down):", "Current agendas:", "Mercenaries on display:"):
        assert heading in text
    assert "blue: 15 crowns, 0 influence" in text and "green: 15 crowns, 0 influence" in text
    assert f"green: 15 crowns, 0 influence, 0 votes, 0 faith; hand: {len(data.hand['green'])} cards" in text
    for noble, area in data.noble_area.items():
        if area is not None:
            assert T.data.nobles[noble].name in text
    for k, pile in enumerate(data.action_spaces):
        line = next(ln for ln in text.splitlines() if ln.startswith(f"  {k + 1}: "))
        assert line.startswith(f"  {k + 1}: {len(pile)} cards")
        own = sorted(T.card_titles[title_of(c)] for c in pile if owner_of(c) == "blue")
        assert (f"yours: {', '.join(own)}" in line) == bool(own)
    everything = state.game.render(state, None)
    assert "green: 15 crowns, 0 influence, 0 votes, 0 faith; hand: " + ", ".join(
        sorted(T.card_titles[title_of(c)] for c in data.hand["green"])) in everything


def test_render_during_setup_lists_troops_to_assign() -> None:
    fresh = new_game(2, seed=1)
    chairman = fresh.data.chairman
    line = next(ln for ln in fresh.game.render(fresh, chairman).splitlines() if "troops to assign:" in ln)
    assert line.count("loyal 50") == 3 and "loyal 100" in line and line.count(",") == 5
    state, _ = set_up(2, seed=1)
    assert "troops to assign" not in state.game.render(state, chairman)
