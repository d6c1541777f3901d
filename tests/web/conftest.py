"""A web server over a fresh SQLite file per test, driven through Starlette's test client."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from banneret import default_registry
from banneret.web.app import create_app
from banneret.web.store import Store
from banneret.web.tables import Tables


class Server:
    """One server: its tables, its HTTP client, and a way to restart it on the same file."""

    def __init__(self, path, registry) -> None:
        self.path, self.registry = path, registry
        self.start()

    def start(self) -> None:
        self.store = Store(self.path)
        self.tables = Tables(self.store, self.registry)
        self.client = TestClient(create_app(self.tables, self.registry))

    def restart(self) -> None:
        self.store.close()
        self.start()

    def new(self, game: str, seats: dict[str, str], **setup) -> str:
        """A new game's creator token."""
        answer = self.client.post("/api/games", json={"game": game, "seats": seats, **setup})
        assert answer.status_code == 201, answer.text
        return answer.json()["play"].rsplit("/", 1)[1]

    def page(self, token: str, faction: str | None = None) -> dict:
        answer = self.client.get(f"/api/play/{token}" + (f"?as={faction}" if faction else ""))
        assert answer.status_code == 200, answer.text
        return answer.json()

    def act(self, token: str, faction: str, label: str, step: int):
        return self.client.post(f"/api/play/{token}/act", json={"faction": faction, "label": label, "step": step})

    def table(self, token: str):
        return self.tables.find(token)[0]


@pytest.fixture(scope="session")
def registry():
    return default_registry()


@pytest.fixture
def server(tmp_path, registry):
    made = Server(tmp_path / "games.sqlite3", registry)
    yield made
    made.store.close()
