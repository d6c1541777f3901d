"""Guiscard's web board in a real browser (Chromium through Playwright, as ``test_browser``):
the panel beside the map wraps its long notes instead of running past its edge, on the
Siege-methods assault after fires have spread along the palisade. The screenshot is kept in
``test-artifacts/screenshots``."""

from __future__ import annotations

from banneret_guiscard.state import Flame

from test_browser import MISSING, browser, live, page, pytestmark, screenshot, wait_ready  # noqa: F401

if MISSING is None:
    from playwright.sync_api import expect


def test_the_siege_panel_after_fires_wraps_inside_the_panel(page, live):  # noqa: F811
    table = live.tables.create("guiscard", {"normans": "here", "byzantines": "random"}, seed=3,
                               scenario="Siege-methods assault")
    b = table.state.data
    for h in [(5, 9), (6, 9), (7, 9), (8, 9), (8, 8), (0, 8), (0, 9), (1, 9), (2, 9), (3, 9)]:
        b.structures[h] = ("destroyed", 3)  # burnt down (§10.2.5)
    for h in [(1, 6), (1, 7), (2, 4), (2, 5), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2), (10, 2), (11, 2), (11, 3)]:
        b.flames[h] = Flame("normans", 1)
    for h in [(9, 6), (9, 7), (10, 4), (10, 5)]:
        b.flames[h] = Flame("normans", 2)
    page.goto(f"{live.url}/play/{table.creator}")
    wait_ready(page)
    panel = page.locator("#board .gs-panel")
    expect(panel).to_contain_text("Destroyed palisade on 10 hexes")
    screenshot(page, "guiscard-siege-after-fires")
    size = panel.evaluate("e => [e.scrollWidth, e.clientWidth, e.scrollHeight, e.clientHeight]")
    assert size[0] <= size[1], f"the panel runs {size[0] - size[1]} px past its right edge"
    assert size[2] <= size[3], f"the panel's last {size[2] - size[3]} px are cut off"
    fires = page.locator("#board .gs-panel .panel", has_text="fire on 12 hexes")
    assert fires.evaluate("e => e.getBoundingClientRect().height") > 1.5 * page.locator("#board .gs-panel .panel").first.evaluate(
        "e => e.getBoundingClientRect().height")  # the long line wraps onto a second row
