"""``banneret serve``: the web server on this machine, its games kept in SQLite."""

from __future__ import annotations

import os
import socket
import sys
import webbrowser
from pathlib import Path
from typing import Callable

import uvicorn

from banneret.registry import Registry
from banneret.web.app import create_app
from banneret.web.store import Store
from banneret.web.tables import Tables

__all__ = ["default_database", "serve", "LOCAL_HOSTS"]

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def default_database() -> Path:
    """Where the server keeps its games unless told otherwise: the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "banneret" / "games.sqlite3"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket (port 0: any free port), bound before the address is printed so
    the printed address is the real one."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def serve(registry: Registry, host: str = "127.0.0.1", port: int = 8000, database: str | Path | None = None,
          open_browser: bool = False, out: Callable[[str], None] = print) -> int:
    """Serve until interrupted. Games survive a restart: they are reloaded from ``database``."""
    path = Path(database) if database is not None else default_database()
    store = Store(path)
    out(f"Loading the games kept in {path} ...")  # each is replayed from its moves: a few seconds for many
    tables = Tables(store, registry)
    try:
        sock = bind(host, port)
    except OSError as exc:
        print(f"banneret: error: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    shown_host = f"[{host}]" if ":" in host else host
    address = f"http://{shown_host}:{sock.getsockname()[1]}/"
    out(f"Banneret is serving at {address}  (press Ctrl-C to stop)")
    out(f"{len(tables.tables)} games loaded.")
    for problem in tables.unloadable:
        out(f"note: a stored game did not load and stays on disk: {problem}")
    if host not in LOCAL_HOSTS:
        out(f"warning: listening on {host}: other machines that can reach this one can open the launcher "
            "and start games here. Each seat is protected only by its link, so share links privately.")
    if open_browser:
        webbrowser.open(address)
    server = uvicorn.Server(uvicorn.Config(create_app(tables, registry), log_level="warning", lifespan="off"))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C is how a server is stopped: uvicorn has shut down cleanly
        pass
    finally:
        store.close()
    out("Banneret stopped serving; the games are kept.")
    return 0
