"""The plugin registry: games found by hook, broken plugins reported without stopping the
others, agents, variants and observers collected."""

from __future__ import annotations

import importlib.metadata
import types

import attrs
import pytest

import banneret
from banneret import hookimpl
from banneret.errors import PluginError, UnknownGameError
from banneret.registry import GAME_GROUP, PLUGIN_GROUP, Registry, default_registry, registry_from

import more_toys
import toys


def _plugin(name: str, **hooks) -> types.SimpleNamespace:
    """A plugin object whose attributes are hook implementations."""
    return types.SimpleNamespace(__name__=name, **{k: hookimpl(v) for k, v in hooks.items()})


def test_games_are_sorted_by_id_and_found_by_id():
    reg = registry_from([toys, more_toys])
    assert list(reg.games()) == ["duel", "relay"]
    assert isinstance(reg.game("duel"), toys.Duel)
    assert [i.id for i in reg.infos()] == ["duel", "relay"]
    assert reg.broken == []


def test_unknown_game_names_the_installed_ones():
    reg = registry_from([toys, more_toys])
    with pytest.raises(UnknownGameError, match=r"no game called 'chess' is installed \(installed: duel, relay\)"):
        reg.game("chess")
    with pytest.raises(UnknownGameError, match=r"\(installed: none\)"):
        registry_from([]).game("duel")


class NotAGame:
    pass


class NoInfo(banneret.Game):
    pass


class NoScenario(toys.Duel):
    info = attrs.evolve(toys.Duel.info, id="no_scenario", scenarios=())


class TooManyPlayers(toys.Duel):
    info = attrs.evolve(toys.Duel.info, id="too_many", max_players=3)


class SecondDuel(toys.Duel):
    pass


@pytest.mark.parametrize(
    ("games", "error"),
    [
        ([NotAGame], "is not a banneret.Game subclass"),
        ([NoInfo], "NoInfo does not declare info = GameInfo"),
        ([NoScenario], "no_scenario declares no scenario"),
        ([TooManyPlayers], "too_many declares an impossible player range"),
        ([SecondDuel], "game id 'duel' is provided twice"),
    ],
)
def test_a_broken_game_plugin_is_reported_and_the_others_still_load(games, error):
    broken = _plugin("broken_pack", banneret_games=lambda: games)
    reg = registry_from([more_toys, toys, broken])
    assert "relay" in reg.games()
    assert len(reg.broken) == 1
    assert reg.broken[0].name == "broken_pack" and error in reg.broken[0].error


def test_a_plugin_with_an_unknown_hook_does_not_register():
    odd = _plugin("odd", banneret_gmaes=lambda: [])
    with pytest.raises(PluginError, match="does not register"):
        registry_from([odd])


def test_entry_points_load_one_by_one(monkeypatch):
    """A package whose entry point fails to import is reported; the others load."""
    found = {
        GAME_GROUP: [
            importlib.metadata.EntryPoint("toys", "toys", GAME_GROUP),
            importlib.metadata.EntryPoint("ghost", "no_such_module_for_banneret", GAME_GROUP),
        ],
        PLUGIN_GROUP: [],
    }
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: found[group])
    reg = Registry()
    assert list(reg.games()) == ["duel"]
    assert [b.name for b in reg.broken] == ["ghost"]
    assert reg.broken[0].error.startswith("ModuleNotFoundError")


def test_default_registry_is_loaded_once():
    assert default_registry() is default_registry()


def test_agents_include_random_and_the_plugins_own():
    def make(game_id, faction, seed):
        return banneret.RandomAgent(seed)

    extra = _plugin("bots", banneret_agents=lambda game_id: {"greedy": make} if game_id == "duel" else {})
    reg = registry_from([toys, extra])
    assert list(reg.agents("duel")) == ["greedy", "ismcts", "random"]
    assert list(reg.agents("relay")) == ["ismcts", "random"]


def test_variants_are_collected_per_game():
    low = banneret.Variant("duel", "short", "first to 2", lambda rules, options: rules.update(target=2))
    reg = registry_from([toys, _plugin("house", banneret_variants=lambda game_id: [low] if game_id == "duel" else [])])
    assert reg.variants("duel") == {"short": low}
    assert reg.variants("relay") == {}


def test_observers_are_noticed():
    assert not registry_from([toys]).has_observers()
    watcher = _plugin("watcher", banneret_game_ended=lambda state, outcome: None)
    assert registry_from([toys, watcher]).has_observers()


def test_register_invalidates_the_game_cache():
    reg = registry_from([toys])
    assert list(reg.games()) == ["duel"]
    reg.register(more_toys)
    assert list(reg.games()) == ["duel", "relay"]
