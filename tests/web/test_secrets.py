"""What a seat's page may learn: nothing hidden from that seat, in any answer or message.

Two proofs. Directly: York's pages, move answers, undo answers and live messages never name
a Lancaster block that York's view hides. Generally: York's page is the same when every fact
hidden from York is redrawn (the game's own resampling), so it cannot depend on them.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import banneret
from banneret.session import Match
from banneret.web.store import SeatRow
from banneret.web.tables import Table


def hidden_from(state, faction: str, other: str) -> set[str]:
    """``other``'s blocks on the map whose identity ``faction``'s view does not show."""
    theirs = banneret.view(state, other)["board"]["areas"]
    blocks = {b["block"] for stack in theirs.values() for b in stack if b.get("house") == other and "block" in b}
    seen = json.dumps(banneret.view(state, faction))
    return {b for b in blocks if f'"{b}"' not in seen}


def assert_hides(text: str, hidden: set[str], where: str) -> None:
    leaked = sorted(b for b in hidden if b in text)
    assert not leaked, f"{where} names hidden Lancaster blocks {leaked}"


def test_york_never_sees_lancasters_hidden_blocks(server):
    creator = server.new("richard3", {"lancaster": "here", "york": "link"}, seed=21)
    york = server.page(creator)["links"]["york"]
    tokens = {"lancaster": creator, "york": york}
    table = server.table(creator)
    hidden_at_start = hidden_from(table.state, "york", "lancaster")
    # the 1460 deployment shows York no Lancaster block; those whose id is also an area's
    # (Pembroke, Oxford, ...) or the king's (Henry VI) cannot be told apart here
    assert len(hidden_at_start) >= 7
    html = server.client.get(f"/play/{york}").text
    assert_hides(html, hidden_at_start, "the page's HTML")
    undone, pick = 0, random.Random(4)
    with server.client.websocket_connect(f"/api/play/{york}/live") as live:
        assert json.loads(live.receive_text()) == {"step": 0}
        for _ in range(100):
            state = table.state
            hidden = hidden_from(state, "york", "lancaster")
            assert_hides(json.dumps(server.page(york)), hidden, "York's page")
            faction = state.game.pending(state).players[-1]
            page = server.page(tokens[faction], faction)
            answer = server.act(tokens[faction], faction, pick.choice(page["actions"])["label"], page["step"])
            assert answer.status_code == 200
            if faction == "york":
                assert_hides(answer.text, hidden_from(table.state, "york", "lancaster"), "York's move answer")
                if answer.json()["can_undo"]:
                    back = server.client.post(f"/api/play/{york}/undo", json={"faction": "york"})
                    assert back.status_code == 200
                    assert_hides(back.text, hidden_from(table.state, "york", "lancaster"), "York's undo answer")
                    undone += 1
            assert set(json.loads(live.receive_text())) == {"step"}  # live messages carry the step only
    assert undone, "the game gave York no move to take back"
    # reconnect and reload
    with server.client.websocket_connect(f"/api/play/{york}/live") as live:
        assert json.loads(live.receive_text()) == {"step": table.state.step}
    assert_hides(json.dumps(server.page(york)), hidden_from(table.state, "york", "lancaster"), "York's page after reload")
    server.restart()
    table = server.table(creator)
    assert_hides(json.dumps(server.page(york)), hidden_from(table.state, "york", "lancaster"), "York's page after a restart")


def page_for(state, faction, registry):
    table = Table("t", Match(state.clone(), registry), "creator-token",
                  {f: SeatRow(f, "link", f"token-{f}") for f in state.factions})
    page = table.page(table.access(f"token-{faction}"), None, registry)
    return json.dumps(page, sort_keys=True)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150), game=st.sampled_from(["richard3", "hex_kingdoms"]))
def test_a_page_is_the_same_whatever_the_facts_hidden_from_its_seat(registry, seed, steps, game):
    state = banneret.new_game(game, seed=seed, registry=registry)
    rng = banneret.Rng(seed)
    agent = banneret.RandomAgent(seed)
    for _ in range(steps):
        if banneret.is_over(state):
            break
        player = banneret.pending(state).players[0]
        banneret.apply(state, agent.choose(banneret.Seat(state, player)))
    for faction in state.factions:
        other = state.game.resample_hidden(state, faction, rng)
        if other is None:
            continue
        assert page_for(state, faction, registry) == page_for(other, faction, registry)


def test_a_creator_who_plays_no_seat_sees_no_board_and_no_log(server):
    """Setting up a game for two other people must not give the creator the whole state."""
    creator = server.new("richard3", {"lancaster": "link", "york": "link"}, seed=3)
    page = server.page(creator)
    assert page["you"] is None and page["yours"] == []
    assert page["board"] == {"text": "You play no seat in this game: send each person the link of their seat (beside the seats)."}
    assert page["log"] == [] and page["actions"] == [] and page["pending"]["prompt"] == ""
    assert set(page["links"]) == {"lancaster", "york"}
    assert not page["may_save"] and not page["may_replay"]


def test_a_live_channel_with_a_forged_token_is_closed(server):
    from starlette.websockets import WebSocketDisconnect

    server.new("richard3", {"lancaster": "here", "york": "random"}, seed=3)
    try:
        with server.client.websocket_connect("/api/play/forged-token-1234/live") as live:
            live.receive_text()
    except WebSocketDisconnect as closed:
        assert closed.code == 4404
    else:
        raise AssertionError("the channel stayed open")
