"""Play in the browser: ``banneret serve``.

- :mod:`banneret.web.store`: the games on disk (SQLite), each action stored as it is accepted;
- :mod:`banneret.web.tables`: the games in play, their seats, tokens and what each page may see;
- :mod:`banneret.web.app`: the Starlette application (pages, JSON API, live updates);
- :mod:`banneret.web.server`: the command that runs it with uvicorn.

Boards are drawn by each game's ``banneret_board`` hook (:mod:`banneret.boards.drawing`).
"""
