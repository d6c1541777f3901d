"""The web server through its HTTP API: games set up, played, undone, saved, replayed,
reloaded after a restart; every bad request refused with a sentence and no change."""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest

import banneret
from banneret.web.app import MAX_BODY


def first_move(server, token, faction=None):
    page = server.page(token, faction)
    return page, page["actions"][0]["label"]


def stored_actions(server, table_id):
    with sqlite3.connect(server.path) as db:
        return db.execute("SELECT player, label FROM actions WHERE game_id = ? ORDER BY step", (table_id,)).fetchall()


# --- the launcher's API -------------------------------------------------------------------------

def test_catalog_lists_every_installed_game_with_its_set_up(server):
    games = {g["id"]: g for g in server.client.get("/api/catalog").json()["games"]}
    assert set(games) == {"guiscard", "hex_kingdoms", "richard3", "warrior_knights"}
    r3 = games["richard3"]
    assert [s["name"] for s in r3["scenarios"]] == ["wars-of-the-roses", "kingmaker", "richard-iii"]
    assert r3["seats_by_players"] == {"2": ["lancaster", "york"]}
    assert {"random", "heuristic"} <= set(r3["agents"])
    assert games["hex_kingdoms"]["seats_by_players"]["3"] == ["blue", "red", "green"]
    assert r3["coverage"]


def test_pages_and_scripts_are_served_with_a_strict_policy(server):
    for path in ("/", "/play/some-token", "/static/play.js", "/static/launcher.js", "/static/style.css"):
        answer = server.client.get(path)
        assert answer.status_code == 200, path
    page = server.client.get("/play/x")
    assert page.headers["referrer-policy"] == "no-referrer"  # the token in the address stays here
    assert "script-src" not in page.headers["content-security-policy"]  # default-src 'self': no inline script
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_a_game_against_the_computer_starts_at_the_persons_first_decision(server):
    token = server.new("hex_kingdoms", {"blue": "here", "red": "random", "green": "random"}, seed=4, players=3)
    page = server.page(token)
    assert page["you"] == "blue" and page["yours"] == ["blue"]
    assert page["pending"]["players"] == ["blue"] and page["actions"]
    assert page["seats"] == {"blue": "you", "red": "computer (random)", "green": "computer (random)"}
    assert page["may_save"] and page["may_replay"]  # nobody else plays: the creator may see all


def test_a_game_set_up_with_names_in_another_case_seats_each_faction_as_asked(server):
    token = server.new("Hex_Kingdoms", {"BLUE": "here", "Red": "random", "green": "Random"}, seed=4, players=3)
    page = server.page(token)
    assert page["you"] == "blue" and page["yours"] == ["blue"]
    assert page["seats"] == {"blue": "you", "red": "computer (random)", "green": "computer (random)"}


def test_playing_through_the_api_stores_each_move_with_the_computer_moves_after_it(server):
    token = server.new("richard3", {"lancaster": "here", "york": "heuristic"}, seed=2)
    table = server.table(token)
    for _ in range(12):
        page, label = first_move(server, token)
        answer = server.act(token, page["you"], label, page["step"])
        assert answer.status_code == 200, answer.text
        assert answer.json()["step"] == table.state.step
    assert stored_actions(server, table.id) == [tuple(a) for a in table.state.record]
    assert any(player == "york" for player, _ in table.state.record)  # the computer moved too


def test_a_restart_loses_no_game(server):
    token = server.new("richard3", {"lancaster": "here", "york": "random"}, seed=9)
    for _ in range(6):
        page, label = first_move(server, token)
        server.act(token, page["you"], label, page["step"])
    before = banneret.state_hash(server.table(token).state)
    server.restart()
    assert banneret.state_hash(server.table(token).state) == before
    page, label = first_move(server, token)
    assert server.act(token, page["you"], label, page["step"]).status_code == 200


def test_the_computer_goes_on_exactly_after_a_restart(server, tmp_path, registry):
    """A game restarted mid-way plays on as the game that was never interrupted."""
    seats = {"lancaster": "here", "york": "heuristic"}
    token = server.new("richard3", seats, seed=5)
    for _ in range(4):
        page, label = first_move(server, token)
        server.act(token, page["you"], label, page["step"])
    server.restart()
    for _ in range(4):
        page, label = first_move(server, token)
        server.act(token, page["you"], label, page["step"])
    restarted = server.table(token).state.record
    from conftest import Server
    other = Server(tmp_path / "other.sqlite3", registry)
    token = other.new("richard3", seats, seed=5)
    for _ in range(8):
        page, label = first_move(other, token)
        other.act(token, page["you"], label, page["step"])
    assert other.table(token).state.record == restarted


# --- undo ------------------------------------------------------------------------------------------

def test_undo_takes_back_the_move_in_the_game_and_in_the_database(server):
    """Lancaster and York play by their own links' pages until one may take a move back
    (a block moved with no die rolled since), then does."""
    creator = server.new("richard3", {"lancaster": "here", "york": "link"}, seed=1)
    tokens = {"lancaster": creator, "york": server.page(creator)["links"]["york"]}
    table = server.table(creator)
    for _ in range(80):
        faction = table.state.game.pending(table.state).players[0]
        page, label = first_move(server, tokens[faction], faction)
        after = server.act(tokens[faction], faction, label, page["step"]).json()
        if after["can_undo"]:
            break
    else:
        raise AssertionError("no move could be taken back in 80 steps")
    record = list(table.state.record)
    undone = server.client.post(f"/api/play/{tokens[faction]}/undo", json={"faction": faction})
    assert undone.status_code == 200
    assert undone.json()["step"] == page["step"]
    assert table.state.record == record[:-1]
    assert stored_actions(server, table.id) == [tuple(a) for a in record[:-1]]


def test_undo_with_nothing_to_take_back_is_refused_and_changes_nothing(server):
    token = server.new("richard3", {"lancaster": "here", "york": "random"}, seed=3)
    step = server.page(token)["step"]
    answer = server.client.post(f"/api/play/{token}/undo", json={"faction": "lancaster"})
    assert answer.status_code == 409
    assert "nothing to undo" in answer.json()["error"]
    assert server.page(token)["step"] == step


# --- refusals: each with a sentence, none changing anything -----------------------------------------

@pytest.fixture
def shared(server):
    """A Richard III game between two people: Lancaster in the creator's browser, York by link."""
    creator = server.new("richard3", {"lancaster": "here", "york": "link"}, seed=11)
    york = server.page(creator)["links"]["york"]
    return server, creator, york


def unchanged(server, token, table_id):
    table = server.table(token)
    return table.state.step, banneret.state_hash(table.state), stored_actions(server, table_id)


BAD_BODIES = [
    (b"not json", 400, "not valid JSON"),
    (b"[1, 2]", 400, "must be a JSON object"),
    (json.dumps({"faction": "york", "label": 3, "step": 0}).encode(), 400, "'label' is missing or not a text"),
    (json.dumps({"faction": "york", "label": "x", "step": "0"}).encode(), 400, "'step' is missing or not a whole number"),
    (json.dumps({"faction": "york", "label": "x", "step": True}).encode(), 400, "'step' is missing or not a whole number"),
    (json.dumps({"faction": "york", "label": "x" * (MAX_BODY + 10), "step": 0}).encode(), 413, "larger than 16 KiB"),
]


@pytest.mark.parametrize(("body", "status", "message"), BAD_BODIES)
def test_malformed_requests_are_refused(shared, body, status, message):
    server, creator, york = shared
    table_id = server.table(creator).id
    before = unchanged(server, creator, table_id)
    answer = server.client.post(f"/api/play/{york}/act", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == status
    assert message in answer.json()["error"]
    assert unchanged(server, creator, table_id) == before


def test_a_body_that_lies_about_its_length_is_still_cut_off(shared):
    server, creator, york = shared

    def stream():
        yield b'{"label": "'
        for _ in range(40):
            yield b"x" * 1024

    answer = server.client.post(f"/api/play/{york}/act", content=stream(), headers={"content-type": "application/json"})
    assert answer.status_code == 413


def test_unknown_and_forged_tokens_are_refused(shared):
    server, creator, york = shared
    for token in ("nope", york[:-1] + ("A" if york[-1] != "A" else "B"), "x" * 30, "é" * 24, "y" * 500):
        answer = server.client.get(f"/api/play/{token}")
        assert answer.status_code == 404
        assert "no game has this link" in answer.json()["error"]
    assert server.client.get("/api/nothing").status_code == 404
    assert server.client.get("/api/games").status_code == 405


def test_a_seat_cannot_act_for_another_or_out_of_turn_or_on_a_stale_page(shared):
    server, creator, york = shared
    table_id = server.table(creator).id
    page = server.page(york)
    before = unchanged(server, creator, table_id)
    lancaster_label = server.page(creator)["actions"][0]["label"]
    answer = server.act(york, "lancaster", lancaster_label, page["step"])
    assert answer.status_code == 403 and "does not play lancaster" in answer.json()["error"]
    answer = server.act(york, "york", page["actions"][0]["label"], page["step"] + 1)
    assert answer.status_code == 409 and "moved on" in answer.json()["error"]
    answer = server.act(york, "york", "fly to the moon", page["step"])
    assert answer.status_code == 422 and "fly to the moon" in answer.json()["error"]
    assert unchanged(server, creator, table_id) == before
    # both choose their cards at once in Richard III; once York has chosen, York waits
    assert server.act(york, "york", page["actions"][0]["label"], page["step"]).status_code == 200
    again = server.page(york)
    assert again["actions"] == [] and "york" not in again["pending"]["players"]
    answer = server.act(york, "york", page["actions"][0]["label"], again["step"])
    assert answer.status_code == 409 and "not york's decision" in answer.json()["error"]


def test_two_requests_for_one_decision_are_not_both_accepted(server):
    """Two pages of one seat send a move for the same decision at the same moment."""
    token = server.new("hex_kingdoms", {"blue": "here", "red": "random"}, seed=2, players=2)
    table = server.table(token)
    page = server.page(token)
    labels = [a["label"] for a in page["actions"][:2]]
    access = table.access(token)
    start = threading.Barrier(2)
    results = []

    def send(label):
        start.wait()
        try:
            table.act(access, page["you"], label, page["step"], server.store)
            results.append("accepted")
        except Exception as exc:  # the refusal
            results.append(getattr(exc, "status", exc))

    threads = [threading.Thread(target=send, args=(label,)) for label in labels]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(map(str, results)) == ["409", "accepted"]
    assert stored_actions(server, table.id) == [tuple(a) for a in table.state.record]


def test_a_step_stored_by_another_server_first_refuses_the_move_and_changes_nothing(server):
    token = server.new("richard3", {"lancaster": "here", "york": "random"}, seed=6)
    table = server.table(token)
    page, label = first_move(server, token)
    before = banneret.state_hash(table.state)
    server.store.append(table.id, len(table.state.record), [("lancaster", "written elsewhere")])
    answer = server.act(token, "lancaster", label, page["step"])
    assert answer.status_code == 409 and "stored first" in answer.json()["error"]
    assert banneret.state_hash(table.state) == before


def test_a_failing_database_write_accepts_nothing(server, monkeypatch):
    token = server.new("richard3", {"lancaster": "here", "york": "random"}, seed=6)
    table = server.table(token)
    page, label = first_move(server, token)
    before = banneret.state_hash(table.state), list(table.state.record)

    def broken(*args):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(server.store, "append", broken)
    with pytest.raises(sqlite3.OperationalError):
        table.act(table.access(token), "lancaster", label, page["step"], server.store)
    assert (banneret.state_hash(table.state), list(table.state.record)) == before


def test_new_games_with_bad_set_ups_are_refused(server):
    cases = [
        ({"game": "chess", "seats": {}}, 404, "no game 'chess'"),
        ({"game": "richard3", "seats": {"lancaster": "random", "york": "random"}}, 422, "at least one seat"),
        ({"game": "richard3", "seats": {"lancaster": "wizard"}}, 422, "wizard"),
        ({"game": "richard3", "seats": {"lancaster": "here"}, "scenario": "1066"}, 422, "no scenario '1066'"),
        ({"game": "richard3", "seats": {"lancaster": "here"}, "seed": "lots"}, 400, "'seed'"),
        ({"game": "richard3", "seats": ["here"]}, 400, "'seats'"),
    ]
    for body, status, message in cases:
        answer = server.client.post("/api/games", json=body)
        assert answer.status_code == status, body
        assert message in answer.json()["error"], body
    assert server.tables.tables == {}


# --- saves, imports and replays ---------------------------------------------------------------------

def test_a_save_downloads_and_loads_back_to_the_same_game(server):
    token = server.new("richard3", {"lancaster": "here", "york": "heuristic"}, seed=8)
    for _ in range(5):
        page, label = first_move(server, token)
        server.act(token, page["you"], label, page["step"])
    answer = server.client.get(f"/api/play/{token}/save")
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    record = answer.json()
    made = server.client.post("/api/import", json=record)
    assert made.status_code == 201
    copy = made.json()["play"].rsplit("/", 1)[1]
    assert banneret.state_hash(server.table(copy).state) == banneret.state_hash(server.table(token).state)
    assert server.page(copy)["seats"]["york"] == "computer (heuristic)"


def test_a_save_with_other_hashes_or_a_huge_seed_loads_as_in_the_terminal(server):
    """A save whose hashes no longer match loads with a note for its creator (as ``play
    --load`` does); a seed beyond 2**53 survives, in a save and typed on the launcher page."""
    seed = 123456789012345678901
    token = server.new("richard3", {"lancaster": "here", "york": "random"}, seed=str(seed))
    assert server.table(token).state.seed == seed
    for _ in range(3):
        page, label = first_move(server, token)
        server.act(token, page["you"], label, page["step"])
    record = server.client.get(f"/api/play/{token}/save").json()
    assert record["seed"] == seed
    record["actions"][1]["hash"] = "0" * 16  # as if edited, or written before a rule changed
    made = server.client.post("/api/import", content=json.dumps(record), headers={"content-type": "application/json"})
    assert made.status_code == 201, made.text
    copy = made.json()["play"].rsplit("/", 1)[1]
    assert server.table(copy).state.seed == seed
    assert banneret.state_hash(server.table(copy).state) == banneret.state_hash(server.table(token).state)
    assert "replays to other states than it recorded from step 2 on" in server.page(copy)["notice"]
    assert server.page(token)["notice"] is None
    answer = server.client.post("/api/games", json={"game": "richard3", "seats": {"lancaster": "here"}, "seed": "12.5"})
    assert answer.status_code == 400 and "'seed' is missing or not a whole number" in answer.json()["error"]


def test_broken_saves_are_refused(server):
    for body, message in [({"format": "something else"}, "not a Banneret save"), ([], "not a Banneret save")]:
        answer = server.client.post("/api/import", json=body)
        assert answer.status_code == 422 and message in answer.json()["error"]
    assert server.tables.tables == {}


def test_the_seed_and_record_stay_with_the_creator_until_the_game_ends(shared):
    server, creator, york = shared
    for token in (creator, york):
        for path in ("save", "replay?step=0"):
            answer = server.client.get(f"/api/play/{token}/{path}")
            assert answer.status_code == 403, (token, path)
            assert "seed" not in answer.text.lower() or "dice seed" in answer.text
    assert not server.page(creator)["may_save"]


def test_a_replay_steps_through_the_game_from_any_viewpoint(server):
    token = server.new("richard3", {"lancaster": "here", "york": "random"}, seed=12)
    for _ in range(6):
        page, label = first_move(server, token)
        server.act(token, page["you"], label, page["step"])
    steps = server.table(token).state.step
    for step in (0, 1, steps):
        for faction in ("lancaster", "york"):
            answer = server.client.get(f"/api/play/{token}/replay?step={step}&as={faction}")
            assert answer.status_code == 200
            shown = answer.json()
            assert shown["step"] == step and shown["steps"] == steps and shown["as"] == faction
    assert server.client.get(f"/api/play/{token}/replay?step={steps + 1}").status_code == 400
    assert server.client.get(f"/api/play/{token}/replay?step=-1").status_code == 400
    assert server.client.get(f"/api/play/{token}/replay?step=1&as=burgundy").status_code == 400


# --- hot-seat --------------------------------------------------------------------------------------

def test_hot_seat_pages_show_the_deciding_persons_view_only_when_asked(server):
    token = server.new("richard3", {"lancaster": "here", "york": "here"}, seed=3)
    page = server.page(token)
    assert page["yours"] == ["lancaster", "york"] and page["you"] == "lancaster"
    assert server.page(token, "york")["you"] == "york"
    answer = server.act(token, "lancaster", page["actions"][0]["label"], page["step"])
    after = answer.json()
    assert after["you"] == "lancaster" and after["deciding"] == ["york"]  # the page passes the screen


# --- whole games ----------------------------------------------------------------------------------

def play_to_the_end(server, tokens: dict[str, str], limit: int = 3000) -> int:
    """Each person chooses from their own page (the first action offered) until the end."""
    moves = 0
    while moves < limit:
        page = server.page(next(iter(tokens.values())))
        if page["over"]:
            return moves
        for faction in page["pending"]["players"]:
            if faction in tokens:
                mine = server.page(tokens[faction], faction)
                if mine["actions"]:
                    answer = server.act(tokens[faction], faction, mine["actions"][0]["label"], mine["step"])
                    assert answer.status_code == 200, answer.text
                    moves += 1
                break
    raise AssertionError(f"no end after {limit} moves")


@pytest.mark.parametrize("game", ["richard3", "hex_kingdoms"])
def test_a_whole_game_against_the_computer(server, game):
    options = {"max_turns": 20} if game == "hex_kingdoms" else {}
    factions = ("lancaster", "york") if game == "richard3" else ("blue", "red")
    token = server.new(game, {factions[0]: "here", factions[1]: "heuristic"}, seed=4, players=2, options=options)
    assert play_to_the_end(server, {factions[0]: token}) > 10
    page = server.page(token)
    assert page["over"] and page["outcome"]["reason"] and page["actions"] == []
    record = server.client.get(f"/api/play/{token}/save").json()
    assert len(record["actions"]) == server.table(token).state.step


def test_a_whole_richard3_game_between_two_people_by_their_links(server):
    creator = server.new("richard3", {"lancaster": "link", "york": "link"}, seed=5)
    links = server.page(creator)["links"]
    assert play_to_the_end(server, links) > 50
    for token in (*links.values(), creator):
        assert server.page(token)["over"]
    # once the game is over the creator may download it and replay it from either side
    assert server.client.get(f"/api/play/{creator}/save").status_code == 200
    assert server.client.get(f"/api/play/{creator}/replay?step=3&as=york").status_code == 200
    assert server.client.get(f"/api/play/{links['york']}/save").status_code == 403  # not the creator


def test_a_seat_not_deciding_hands_crowns_over_beside_the_decision(server):
    """Warrior Knights 15.2 through the API: the page of a baron who is not deciding lists his
    gifts (and nothing else); taking one is stored like any move; other labels stay refused."""
    token = server.new("warrior_knights", {"green": "here", "red": "here", "blue": "random"}, seed=1, players=3)
    table = server.table(token)
    deciding = server.page(token)["pending"]["players"]
    idle = next(f for f in ("green", "red") if f not in deciding)
    page = server.page(token, idle)
    assert page["actions"] == []
    gifts = [a["label"] for a in page["free_actions"]]
    assert gifts[0] == f"give 1 crown to {'red' if idle == 'green' else 'green'}" and len(gifts) == 2 * 15
    answer = server.act(token, idle, "give 1 crown to blue", page["step"])
    assert answer.status_code == 200, answer.text
    assert table.state.data.crowns[idle] == 14 and table.state.data.crowns["blue"] == 16
    assert stored_actions(server, table.id)[-1] == (idle, "give 1 crown to blue")
    answer = server.act(token, idle, "assign the card to the stronghold", table.state.step)
    assert answer.status_code == 409 and f"not {idle}'s decision" in answer.json()["error"]
    assert server.page(token, idle)["step"] == table.state.step
