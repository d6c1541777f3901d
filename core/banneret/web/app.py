"""The web server: a Starlette application over :class:`~banneret.web.tables.Tables`.

Pages are static files (HTML, one script, one style sheet); the script asks the JSON API
for what to show. A page's token is in its address (``/play/TOKEN``). Live updates go
over a WebSocket that only ever says "the game is at step N": each page then asks for its
own view, so nothing hidden can travel on the shared channel.

API (every answer is JSON; a refusal is ``{"error": sentence}`` with a 4xx status and
changes nothing):

- ``GET /api/catalog``: the installed games, their seats, scenarios, options and players
- ``POST /api/games``: a new game, ``{game, seats: {faction: "here"|"link"|agent}, seed?,
  scenario?, players?, options?}`` -> ``{play: address}``
- ``POST /api/import``: a save file's JSON -> ``{play: address}``
- ``GET /api/play/TOKEN[?as=FACTION]``: the page of a seat
- ``POST /api/play/TOKEN/act``: ``{faction, label, step}``; ``POST .../undo``: ``{faction}``
- ``GET /api/play/TOKEN/save``, ``GET /api/play/TOKEN/replay?step=N[&as=FACTION]``
- ``WS /api/play/TOKEN/live``
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any, Awaitable, Callable

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from banneret.cli import game_details
from banneret.registry import Registry
from banneret.web.tables import Table, Tables, WebError

__all__ = ["create_app", "MAX_BODY", "MAX_SAVE"]

MAX_BODY = 16 * 1024
"""The largest request body the server reads for a move, an undo or a new game."""
MAX_SAVE = 8 * 1024 * 1024
"""The largest save file it imports."""

STATIC = resources.files("banneret.web") / "static"

SECURITY_HEADERS = {
    # the token is in the address: never hand it on to another site
    "Referrer-Policy": "no-referrer",
    # no inline script, no other origin: a drawn board cannot run code
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
                               "object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={**SECURITY_HEADERS, **(headers or {})})


async def _body(request: Request, limit: int) -> Any:
    """The request's JSON body, refused when larger than ``limit`` bytes (counted as it
    arrives, whatever Content-Length claims) or not JSON."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise WebError(413, f"the request is larger than {limit // 1024} KiB")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise WebError(413, f"the request is larger than {limit // 1024} KiB")
        chunks.append(chunk)
    try:
        return json.loads(b"".join(chunks))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise WebError(400, "the request is not valid JSON") from None


def _field(body: Any, name: str, kind: type, required: bool = True) -> Any:
    if not isinstance(body, dict):
        raise WebError(400, "the request must be a JSON object")
    value = body.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        words = {str: "a text", int: "a whole number", dict: "an object"}[kind]
        raise WebError(400, f"the request's {name!r} is missing or not {words}")
    return value


def _seed(body: Any) -> int | None:
    """The seed of a new game: a whole number, or its digits as text (a page's JavaScript
    numbers lose the last digits of a seed beyond 2**53)."""
    value = body.get("seed") if isinstance(body, dict) else None
    if isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,60}", value.strip()):
        return int(value)
    return _field(body, "seed", int, required=False)


class Hub:
    """The live pages of each table, told the new step after each change."""

    def __init__(self) -> None:
        self.pages: dict[str, set[WebSocket]] = {}

    async def tell(self, table: Table) -> None:
        message = json.dumps({"step": table.state.step})
        for socket in list(self.pages.get(table.id, ())):
            try:
                await socket.send_text(message)
            except Exception:  # a page that went away
                self.pages[table.id].discard(socket)


def create_app(tables: Tables, registry: Registry) -> Starlette:
    """The application serving ``tables``."""
    hub = Hub()

    def endpoint(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def guarded(request: Request) -> Response:
            try:
                return await handler(request)
            except WebError as exc:
                return _json({"error": exc.message}, exc.status)
        return guarded

    def table_of(request: Request) -> tuple[Table, Any]:
        return tables.find(request.path_params["token"])

    async def page_file(name: str) -> Response:
        return FileResponse(str(STATIC / name), headers=SECURITY_HEADERS)

    async def home(request: Request) -> Response:
        return await page_file("index.html")

    async def play_page(request: Request) -> Response:
        return await page_file("play.html")

    @endpoint
    async def catalog(request: Request) -> Response:
        games = []
        for game_id, game in sorted(registry.games().items()):
            details = game_details(registry, game_id)
            defaults = game.info.resolve_options(None)
            details["seats_by_players"] = {
                n: list(game.factions(n, defaults)) for n in range(game.info.min_players, game.info.max_players + 1)
            }
            games.append(details)
        return _json({"games": games, "unloadable": tables.unloadable})

    @endpoint
    async def new_game(request: Request) -> Response:
        body = await _body(request, MAX_BODY)
        game_id = _field(body, "game", str)
        seats = _field(body, "seats", dict)
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in seats.items()):
            raise WebError(400, "the request's seats must map factions to 'here', 'link' or a computer player")
        options = _field(body, "options", dict, required=False)
        table = await anyio.to_thread.run_sync(lambda: tables.create(
            game_id, seats, seed=_seed(body),
            scenario=_field(body, "scenario", str, required=False),
            players=_field(body, "players", int, required=False), options=options,
        ))
        return _json({"play": f"/play/{table.creator}"}, 201)

    @endpoint
    async def import_save(request: Request) -> Response:
        record = await _body(request, MAX_SAVE)
        table = await anyio.to_thread.run_sync(lambda: tables.import_save(record))
        return _json({"play": f"/play/{table.creator}"}, 201)

    @endpoint
    async def page(request: Request) -> Response:
        table, access = table_of(request)
        wanted = request.query_params.get("as")
        return _json(await anyio.to_thread.run_sync(lambda: table.page(access, wanted, registry)))

    async def change(request: Request, make: Callable[[Table, Any, str, Any], None]) -> Response:
        """A move or an undo by one of the token's factions: made, told to the table's
        other pages, and answered with the page after it."""
        table, access = table_of(request)
        body = await _body(request, MAX_BODY)
        faction = _field(body, "faction", str)
        await anyio.to_thread.run_sync(lambda: make(table, access, faction, body))
        await hub.tell(table)
        return _json(await anyio.to_thread.run_sync(lambda: table.page(access, faction, registry)))

    @endpoint
    async def act(request: Request) -> Response:
        return await change(request, lambda table, access, faction, body: table.act(
            access, faction, _field(body, "label", str), _field(body, "step", int), tables.store))

    @endpoint
    async def undo(request: Request) -> Response:
        return await change(request, lambda table, access, faction, body: table.undo(access, faction, tables.store))

    @endpoint
    async def save(request: Request) -> Response:
        table, access = table_of(request)
        record = table.save_record(access)
        name = f"{record['game']}-{table.id}-step{len(record['actions'])}.json"
        return _json(record, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @endpoint
    async def replay(request: Request) -> Response:
        table, access = table_of(request)
        raw = request.query_params.get("step", "0")
        if not raw.isdigit():
            raise WebError(400, "step must be a whole number")
        wanted = request.query_params.get("as")
        return _json(await anyio.to_thread.run_sync(lambda: table.replay(access, int(raw), wanted, registry)))

    async def live(socket: WebSocket) -> None:
        try:
            table, _ = tables.find(socket.path_params["token"])
        except WebError:
            await socket.close(code=4404)
            return
        await socket.accept()
        hub.pages.setdefault(table.id, set()).add(socket)
        try:
            await socket.send_text(json.dumps({"step": table.state.step}))
            while True:
                await socket.receive_text()  # pages say nothing; this waits for the close
        except WebSocketDisconnect:
            pass
        finally:
            hub.pages.get(table.id, set()).discard(socket)

    async def not_found(request: Request, exc: Exception) -> Response:
        return _json({"error": f"nothing here: {request.url.path}"}, 404)

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return _json({"error": f"{request.method} is not accepted here"}, 405)

    routes = [
        Route("/", home),
        Route("/play/{token}", play_page),
        Route("/api/catalog", catalog),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/import", import_save, methods=["POST"]),
        Route("/api/play/{token}", page),
        Route("/api/play/{token}/act", act, methods=["POST"]),
        Route("/api/play/{token}/undo", undo, methods=["POST"]),
        Route("/api/play/{token}/save", save),
        Route("/api/play/{token}/replay", replay),
        WebSocketRoute("/api/play/{token}/live", live),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={404: not_found, 405: not_allowed})
