"""The web pages in a real browser: Debian's Chromium driven by Playwright.

A real server (uvicorn, in a thread, over a fresh database) serves each test. The tests set
up games from the launcher, play by clicking on the board, open two seats in two browser
contexts, undo, reload, download a save and load it again. Screenshots of each game's board
are kept in ``test-artifacts/screenshots`` (look at them: a board a person cannot read is a
failure even when every test passes).

Where Chromium or Playwright is missing the tests skip, except under CI (``CI`` set), where
they fail: CI always runs them (``.ci/run`` installs Chromium).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
import time
from pathlib import Path

import pytest

from banneret import default_registry
from banneret.web.app import create_app
from banneret.web.server import bind
from banneret.web.store import Store
from banneret.web.tables import Tables

CHROMIUM = os.environ.get("BANNERET_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
CHROMIUM_FLAGS = [  # this machine's network is closed: no background connections
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt install chromium, or set BANNERET_CHROMIUM)"
    return None


MISSING = _missing()
if MISSING and os.environ.get("CI"):
    raise RuntimeError(f"CI runs the browser tests, but: {MISSING}")
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


class LiveServer:
    """``banneret serve`` in a thread: the application over a database file."""

    def __init__(self, path: Path) -> None:
        import uvicorn

        self.registry = default_registry()
        self.store = Store(path)
        self.tables = Tables(self.store, self.registry)
        sock = bind("127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        config = uvicorn.Config(create_app(self.tables, self.registry), log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.store.close()


if MISSING is None:
    from playwright.sync_api import expect


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path / "games.sqlite3")
    yield server
    server.stop()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 950}, accept_downloads=True)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda exc: errors.append(str(exc)))
    yield opened
    context.close()
    assert not errors, f"the page's script failed: {errors}"


def screenshot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


# --- driving a game page ----------------------------------------------------------------------------

def step_of(page) -> int:
    text = page.locator("#status").text_content() or ""
    found = re.search(r"step (\d+)", text)
    return int(found.group(1)) if found else -1


def wait_ready(page) -> None:
    """Wait until the page shows a decision, a wait or the end."""
    expect(page.locator("#prompt")).not_to_have_text("")


def wait_step_leaves(page, step: int) -> None:
    expect(page.locator("#status")).not_to_contain_text(f"step {step} ")


def wait_step(page, step: int) -> None:
    expect(page.locator("#status")).to_contain_text(f"step {step} ")


def start_game(page, live: LiveServer, game: str, seats: dict[str, str], options: dict[str, str] | None = None,
               seed: int = 1, players: int | None = None) -> None:
    page.goto(live.url + "/")
    card = page.locator(f".card[data-game={game}]")
    card.wait_for()
    if players is not None:
        card.locator("select[name=players]").select_option(str(players))
    for faction, kind in seats.items():
        card.locator(f"select[name='seat:{faction}']").select_option(kind)
    for name, value in (options or {}).items():
        card.locator(".options summary").click()
        field = card.locator(f"[name='option:{name}']")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    card.locator("input[name=seed]").fill(str(seed))
    card.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)


def click(locator) -> None:
    """A mouse click on a board thing; an event on it if something drawn above takes the click."""
    try:
        locator.click(timeout=1500)
    except Exception:
        locator.dispatch_event("click", timeout=1500)


def sent(page, before: int) -> bool:
    """Whether the page has sent a move (it is waiting for the answer, or has it)."""
    return page.evaluate("() => document.body.classList.contains('busy')") or step_of(page) != before


def move_by_board(page) -> bool:
    """Make one move by clicking on the board (choosing among the offered buttons when
    several actions share the clicked path). False if the board offers nothing."""
    before = step_of(page)
    nexts = page.locator("#board [data-target].bn-next")
    if nexts.count() == 0:
        return False
    for _ in range(8):
        if sent(page, before):
            break
        if nexts.count():
            click(nexts.first)
        elif page.locator("#choices .choice").count():
            page.locator("#choices .choice").first.click()
        else:
            break
    wait_step_leaves(page, before)
    wait_ready(page)
    return True


def move_by_list(page, prefer: tuple[str, ...] = ()) -> None:
    """Choose from the list: the first action whose label starts with one of ``prefer``,
    else the first."""
    before = step_of(page)
    buttons = page.locator("#actions .action")
    labels = buttons.all_text_contents()
    index = next((i for word in prefer for i, label in enumerate(labels) if label.startswith(word)), 0)
    buttons.nth(index).click()
    wait_step_leaves(page, before)
    wait_ready(page)


def is_over(page) -> bool:
    return "game over" in (page.locator("#status").text_content() or "")


def my_turn(page) -> bool:
    return page.locator("#actions .action").count() > 0


# --- the tests ----------------------------------------------------------------------------------------

def test_the_launcher_lists_every_game_with_its_set_up(page, live):
    page.goto(live.url + "/")
    page.locator(".card").first.wait_for()
    names = page.locator(".card .name").all_text_contents()
    assert names == ["Guiscard", "Hex Kingdoms", "Richard III: The Wars of the Roses", "Warrior Knights"]
    r3 = page.locator(".card[data-game=richard3]")
    assert "2 players" in r3.locator(".players").text_content()
    assert r3.locator("select[name=scenario] option").count() == 3
    assert r3.locator("select[name='seat:york'] option").all_text_contents()[:2] == [
        "a person in this browser", "a person with their own link"]
    screenshot(page, "launcher")


def test_a_whole_hex_kingdoms_game_against_the_computer_by_clicking_on_the_board(page, live):
    """Blue places its capital on the board, then each turn picks "march" from the list
    or "move" (choices with no place on the map) and moves its armies by clicking them and their
    destinations, until the game ends."""
    start_game(page, live, "hex_kingdoms", {"blue": "here", "red": "heuristic", "green": "heuristic", "yellow": "heuristic"},
               options={"max_turns": "16"}, seed=3, players=4)
    screenshot(page, "hex_kingdoms-opening")
    board_moves = list_moves = 0
    for _ in range(400):
        if is_over(page):
            break
        assert my_turn(page), page.locator("#prompt").text_content()
        if move_by_board(page):
            board_moves += 1
            if board_moves == 8:
                screenshot(page, "hex_kingdoms-midgame")
        else:
            move_by_list(page, prefer=("move", "march", "levy"))
            list_moves += 1
    assert is_over(page), "the game did not end within 400 moves"
    assert board_moves >= 10, f"{board_moves} moves on the board, {list_moves} from the list"
    assert "won" in page.locator("#prompt").text_content() or "ended" in page.locator("#prompt").text_content()
    screenshot(page, "hex_kingdoms-end")


BATTLE_KINDS = ("battle-order", "battle-turn", "take-hits", "main-attack", "regroup")


def test_a_richard3_battle_by_clicking(page, live):
    start_game(page, live, "richard3", {"lancaster": "here", "york": "heuristic"}, seed=5)
    screenshot(page, "richard3-opening")
    table = next(iter(live.tables.tables.values()))
    battle_clicks = 0
    for _ in range(600):
        assert not is_over(page)
        kind = table.state.game.pending(table.state).kind
        in_battle = kind in BATTLE_KINDS
        if in_battle and battle_clicks == 0:
            screenshot(page, "richard3-battle")
        if move_by_board(page):
            battle_clicks += in_battle
        else:
            move_by_list(page)
        if battle_clicks >= 3:
            break
    assert battle_clicks >= 3, "no battle was fought by clicking on the board"


def test_two_seats_in_two_browsers_see_only_their_own_view(browser, live):
    lancaster = browser.new_context().new_page()
    start_game(lancaster, live, "richard3", {"lancaster": "here", "york": "link"}, seed=7)
    link = lancaster.locator("#seats a").get_attribute("href")
    assert link and "/play/" in link
    york = browser.new_context().new_page()
    york.goto(link)
    wait_ready(york)
    assert "you play york" in york.locator("#title").text_content()
    assert "you play lancaster" in lancaster.locator("#title").text_content()
    table = next(iter(live.tables.tables.values()))
    import banneret
    lancaster_view = banneret.view(table.state, "lancaster")["board"]["areas"]
    hidden = {b["block"] for stack in lancaster_view.values() for b in stack if "block" in b and b["house"] == "lancaster"}
    # a block shown on the board is a target "block:ID" (names alone can be areas' too)
    york_html = york.content()
    assert not [b for b in hidden if f"block:{b}" in york_html]
    assert [b for b in hidden if f"block:{b}" in lancaster.content()]  # Lancaster sees its own blocks
    york_view = banneret.view(table.state, "york")["board"]["areas"]
    assert [b["block"] for stack in york_view.values() for b in stack if "block" in b and f"block:{b['block']}" in york_html]
    screenshot(york, "richard3-york-seat")
    # York chooses a card; Lancaster's page hears of it live and still hides York's choice
    move_by_list(york)
    wait_step(lancaster, 1)
    york.context.close()
    lancaster.context.close()


def test_hot_seat_hides_the_board_between_two_people(page, live):
    start_game(page, live, "richard3", {"lancaster": "here", "york": "here"}, seed=2)
    assert "you play lancaster" in page.locator("#title").text_content()
    page.locator("#actions .action").first.click()
    page.locator("#pass").wait_for(state="visible")
    assert "Pass the screen to york" in page.locator("#pass-text").text_content()
    assert page.locator("#board").inner_html() == ""  # nothing of Lancaster's left on screen
    page.locator("#pass-ok").click()
    expect(page.locator("#title")).to_contain_text("you play york")


def test_undo_reload_save_and_load(page, live, tmp_path):
    start_game(page, live, "richard3", {"lancaster": "here", "york": "heuristic"}, seed=1)
    table = next(iter(live.tables.tables.values()))
    for _ in range(200):  # play until a move may be taken back
        if page.locator("#undo").is_visible():
            break
        move_by_list(page)
    assert page.locator("#undo").is_visible()
    before = step_of(page)
    page.locator("#undo").click()
    wait_step(page, before - 1)
    assert table.state.step == before - 1
    move_by_list(page)
    step = step_of(page)
    page.reload()
    wait_ready(page)
    assert step_of(page) == step  # a reload shows the same game
    with page.expect_download() as download:
        page.locator("#save").click()
    path = tmp_path / "saved.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert len(record["actions"]) == step
    page.goto(live.url + "/")
    page.locator("#load-file").set_input_files(str(path))
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    assert step_of(page) == step
    assert len(live.tables.tables) == 2


def test_a_replay_steps_back_and_forth_and_switches_viewpoint(page, live):
    start_game(page, live, "richard3", {"lancaster": "here", "york": "heuristic"}, seed=3)
    for _ in range(6):
        move_by_list(page)
    now = step_of(page)
    page.locator("#replay").click()
    expect(page.locator("#r-step")).to_have_text(f"step {now} of {now}")
    page.locator("#r-first").click()
    expect(page.locator("#r-step")).to_have_text(f"step 0 of {now}")
    page.locator("#r-next").click()
    expect(page.locator("#r-step")).to_have_text(f"step 1 of {now}")
    lancaster_board = page.locator("#board").inner_html()
    assert "block:warwick_y" not in lancaster_board  # York's Warwick is face down to Lancaster
    page.locator("#r-as").select_option("york")
    expect(page.locator('#board [data-target="block:warwick_y"]')).to_have_count(1)  # face up to York
    assert "block:warwick_y" in page.locator("#board").inner_html()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#r-step")).to_have_text(f"step 2 of {now}")
    screenshot(page, "richard3-replay-as-york")
    page.locator("#r-exit").click()
    expect(page.locator("#replay-bar")).to_be_hidden()
    assert step_of(page) == now


def test_a_baron_hands_crowns_over_from_beside_the_decision(page, live):
    """Warrior Knights 15.2: the "Beside the decision" box lists the gifts; one picked and
    done is played, logged, and the decision waits as before."""
    start_game(page, live, "warrior_knights", {"green": "here", "red": "random", "blue": "random"}, seed=1, players=3)
    table = next(iter(live.tables.tables.values()))
    free = page.locator("#free")
    expect(free).to_be_visible()
    free.locator("summary").click()
    page.locator("#free-list").select_option("give 2 crowns to red")
    before = step_of(page)
    crowns = dict(table.state.data.crowns)
    page.locator("#free-do").click()
    wait_step_leaves(page, before)
    wait_ready(page)
    assert table.state.record[before] == ("green", "give 2 crowns to red")
    assert table.state.data.crowns["green"] == crowns["green"] - 2
    expect(page.locator("#log")).to_contain_text("green gives red 2 crowns")
    screenshot(page, "warrior-knights-gift")
