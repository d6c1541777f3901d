"""Random sequences of requests, good and bad, from both seats of a game: after each one the
database holds exactly the game in memory, a refused request changed nothing, and a
restarted server carries on the same game."""

from __future__ import annotations

import sqlite3

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import banneret
from conftest import Server

REQUESTS = st.lists(
    st.tuples(
        st.sampled_from(["move", "move", "move", "stale", "wrong-seat", "nonsense", "undo", "restart"]),
        st.integers(0, 10_000),
    ),
    min_size=1, max_size=40,
)


def stored(server: Server, table_id: str) -> list[tuple[str, str]]:
    with sqlite3.connect(server.path) as db:
        return db.execute("SELECT player, label FROM actions WHERE game_id = ? ORDER BY step", (table_id,)).fetchall()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(requests=REQUESTS, seed=st.integers(0, 1000), game=st.sampled_from(["richard3", "hex_kingdoms"]))
def test_the_database_always_holds_the_game_in_memory(tmp_path_factory, registry, requests, seed, game):
    server = Server(tmp_path_factory.mktemp("db") / "games.sqlite3", registry)
    try:
        factions = banneret.new_game(game, seed=seed, players=2 if game == "hex_kingdoms" else None).factions
        seats = {factions[0]: "here", factions[1]: "link"}
        creator = server.new(game, seats, seed=seed, players=2 if game == "hex_kingdoms" else None)
        tokens = {factions[0]: creator, factions[1]: server.page(creator)["links"][factions[1]]}
        for kind, pick in requests:
            table = server.table(creator)
            before = (banneret.state_hash(table.state), list(table.state.record))
            deciding = list(banneret.pending(table.state).players)
            if kind == "restart":
                server.restart()
            elif not deciding:
                break
            else:
                faction = deciding[pick % len(deciding)]
                page = server.page(tokens[faction], faction)
                label = page["actions"][pick % len(page["actions"])]["label"]
                other = next(f for f in factions if f != faction)
                answer = {
                    "move": lambda: server.act(tokens[faction], faction, label, page["step"]),
                    "stale": lambda: server.act(tokens[faction], faction, label, page["step"] - 1),
                    "wrong-seat": lambda: server.act(tokens[other], faction, label, page["step"]),
                    "nonsense": lambda: server.act(tokens[faction], faction, label + " at once", page["step"]),
                    "undo": lambda: server.client.post(f"/api/play/{tokens[faction]}/undo", json={"faction": faction}),
                }[kind]()
                if answer.status_code != 200:
                    assert 400 <= answer.status_code < 500 and answer.json()["error"]
                    table = server.table(creator)
                    assert (banneret.state_hash(table.state), list(table.state.record)) == before
                else:
                    assert kind in ("move", "undo")
            table = server.table(creator)
            assert stored(server, table.id) == [tuple(a) for a in table.state.record]
        record = list(server.table(creator).state.record)
        server.restart()
        assert server.table(creator).state.record == record
    finally:
        server.store.close()
