"""Click-to-new-board time in a real browser, for each bundled game (run by hand).

Starts ``banneret serve``'s application in a thread over a fresh database, opens Debian's
Chromium through Playwright, sets up a game against the computer and plays it by clicking
on the board (choosing from the list what has no place on it). For every move, the page itself
records the time from the last click (on the board, or on a button) to the first animation frame after the new board is in the document (the request,
the engine's legality check, the computer players' replies, the store's transaction, the
board's drawing, and the browser's parsing of the SVG), and the script prints the median,
p95 and maximum.

    .venv/bin/python benchmarks/web_clicks.py [--moves 60] [--game richard3] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))

from test_browser import CHROMIUM, CHROMIUM_FLAGS, LiveServer, is_over, move_by_board, move_by_list, start_game  # noqa: E402

SEATS = {
    "hex_kingdoms": ({"blue": "here", "red": "heuristic", "green": "heuristic", "yellow": "heuristic"}, {"max_turns": "30"}, 4),
    "richard3": ({"lancaster": "here", "york": "heuristic"}, {}, None),
}

# Recorded in the page: the moment of each click, and the frame after the next change of the
# board.
PROBE = """() => {
  window.__clicks = [];
  let clicked = null;
  // the last click before a new board: on the board, or on a button offering the actions
  // that share the clicked path
  document.addEventListener('click', () => { clicked = performance.now(); }, true);
  new MutationObserver(() => {
    if (clicked === null) return;
    const start = clicked;
    clicked = null;
    requestAnimationFrame(() => window.__clicks.push(performance.now() - start));
  }).observe(document.querySelector('#board'), { childList: true });
}"""


def measure(browser, live: LiveServer, game: str, moves: int, seed: int) -> list[float]:
    context = browser.new_context(viewport={"width": 1400, "height": 950}, bypass_csp=True)  # for the probe only
    page = context.new_page()
    seats, options, players = SEATS[game]
    start_game(page, live, game, seats, options=options, seed=seed, players=players)
    page.evaluate(PROBE)
    made = 0
    while made < moves and not is_over(page):
        if move_by_board(page):
            made += 1
        else:  # a choice with no place on the board (in hex_kingdoms: move, march or levy)
            move_by_list(page, prefer=("move", "march", "levy"))
    times = page.evaluate("() => window.__clicks")
    context.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60, help="moves made by clicking on the board in each game")
    parser.add_argument("--game", choices=sorted(SEATS), action="append", help="only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        live = LiveServer(Path(folder) / "games.sqlite3")
        try:
            for game in args.game or sorted(SEATS):
                times = sorted(measure(browser, live, game, args.moves, args.seed))
                if not times:
                    print(f"{game}: no move was made")
                    continue
                p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
                print(f"{game}: {len(times)} moves ({args.moves} on the board, the rest from the list); click to new board "
                      f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms")
        finally:
            live.stop()
            browser.close()


if __name__ == "__main__":
    main()
