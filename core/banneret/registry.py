"""Finding games and other plugins: the pluggy plugin manager and the entry points.

Each entry point is loaded on its own, so one broken package is reported with its error
while every other game keeps working.
"""

from __future__ import annotations

import importlib.metadata
from typing import TYPE_CHECKING, Any, Iterable, cast

import attrs
import pluggy

from banneret import hookspecs
from banneret.errors import PluginError, UnknownGameError
from banneret.game import Game, GameInfo
from banneret.names import pick

if TYPE_CHECKING:
    from banneret.agents import AgentKinds
    from banneret.boards.drawing import BoardContext, BoardDrawing

__all__ = ["GAME_GROUP", "PLUGIN_GROUP", "BrokenPlugin", "Registry", "default_registry"]

GAME_GROUP = "banneret.games"
PLUGIN_GROUP = "banneret.plugins"


@attrs.frozen
class BrokenPlugin:
    """A plugin that could not be loaded or did not declare itself correctly."""

    name: str
    error: str


class Registry:
    """The installed games, agents, variants and observers.

    ``Registry()`` loads the entry points; ``Registry(entry_points=False)`` starts empty,
    for tests that register toy games with :meth:`register`.
    """

    def __init__(self, entry_points: bool = True) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.broken: list[BrokenPlugin] = []
        self._games: dict[str, Game] | None = None
        if entry_points:
            for group in (GAME_GROUP, PLUGIN_GROUP):
                self._load_group(group)

    def _load_group(self, group: str) -> None:
        for ep in sorted(importlib.metadata.entry_points(group=group), key=lambda e: e.name):
            try:
                plugin = ep.load()
                self.pm.register(plugin, name=f"{group}:{ep.name}")
                self.pm.check_pending()
            except Exception as exc:  # a broken third-party package must not stop the others
                self._unregister(f"{group}:{ep.name}")
                self.broken.append(BrokenPlugin(ep.name, f"{type(exc).__name__}: {exc}"))

    def _unregister(self, name: str) -> None:
        plugin = self.pm.get_plugin(name)
        if plugin is not None:
            self.pm.unregister(plugin)

    def register(self, plugin: Any, name: str | None = None) -> None:
        """Register a plugin object or module (tests and embedding applications)."""
        try:
            self.pm.register(plugin, name=name)
            self.pm.check_pending()
        except Exception as exc:
            raise PluginError(f"plugin {name or plugin!r} does not register: {exc}") from exc
        self._games = None

    # --- games ---------------------------------------------------------------------------

    def _collect_games(self) -> dict[str, Game]:
        games: dict[str, Game] = {}
        for impl in self.pm.hook.banneret_games.get_hookimpls():
            try:
                classes = cast("Iterable[type[Game]]", impl.function() or ())
                for cls in classes:
                    game = _instantiate(cls)
                    if game.info.id in games:
                        raise PluginError(f"game id {game.info.id!r} is provided twice")
                    games[game.info.id] = game
            except Exception as exc:
                found = BrokenPlugin(impl.plugin_name.split(":")[-1], f"{type(exc).__name__}: {exc}")
                if found not in self.broken:  # games are collected again after each register()
                    self.broken.append(found)
        return dict(sorted(games.items()))

    def games(self) -> dict[str, Game]:
        """Installed games by id, sorted."""
        if self._games is None:
            self._games = self._collect_games()
        return self._games

    def game(self, game_id: str) -> Game:
        """The game with this id, typed in any case (``Richard3``, ``HEX-KINGDOMS``: see
        :func:`~banneret.names.pick`); its ``info.id`` is the id as the game declares it."""
        games = self.games()
        found = pick(game_id, games)
        if found is None:
            known = ", ".join(games) or "none"
            raise UnknownGameError(f"no game called {game_id!r} is installed (installed: {known})")
        return games[found]

    def infos(self) -> list[GameInfo]:
        return [g.info for g in self.games().values()]

    # --- agents, variants, observers ------------------------------------------------------

    def agents(self, game_id: str) -> "AgentKinds":
        """The agents ``game_id`` offers by name, sorted; looking up ``NAME:PARAMS`` gives an
        agent configured on its seat (see :class:`~banneret.agents.AgentKinds`)."""
        from banneret.agents import AgentKinds, builtin_agents

        out: dict[str, hookspecs.AgentFactory] = dict(builtin_agents())
        for found in self.pm.hook.banneret_agents(game_id=game_id):
            out.update(found or {})
        return AgentKinds(sorted(out.items()))

    def variants(self, game_id: str) -> dict[str, hookspecs.Variant]:
        out: dict[str, hookspecs.Variant] = {}
        for found in self.pm.hook.banneret_variants(game_id=game_id):
            for variant in found or ():
                out[variant.name] = variant
        return dict(sorted(out.items()))

    def board(self, context: "BoardContext") -> "BoardDrawing | None":
        """The game's web board for ``context``, or ``None`` when it draws none."""
        drawing: BoardDrawing | None = self.pm.hook.banneret_board(context=context)
        return drawing

    def has_observers(self) -> bool:
        hook = self.pm.hook
        return bool(
            hook.banneret_action_applied.get_hookimpls()
            or hook.banneret_game_started.get_hookimpls()
            or hook.banneret_game_ended.get_hookimpls()
        )


def _instantiate(cls: Any) -> Game:
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise PluginError(f"{cls!r} is not a banneret.Game subclass")
    info = getattr(cls, "info", None)
    if not isinstance(info, GameInfo):
        raise PluginError(f"{cls.__name__} does not declare info = GameInfo(...)")
    if not info.scenarios:
        raise PluginError(f"{info.id} declares no scenario")
    if not 1 <= info.min_players <= info.max_players <= len(info.factions):
        raise PluginError(f"{info.id} declares an impossible player range")
    return cls()


_default: Registry | None = None


def default_registry() -> Registry:
    """The registry of installed plugins, loaded once per process."""
    global _default
    if _default is None:
        _default = Registry()
    return _default


def registry_from(plugins: Iterable[Any]) -> Registry:
    """An empty registry with only ``plugins`` registered (tests, examples)."""
    reg = Registry(entry_points=False)
    for plugin in plugins:
        reg.register(plugin)
    return reg
