"""Banneret: an engine for historical board games and wargames, with games as plugins.

The protocol every client uses::

    import banneret

    state = banneret.new_game("hex_kingdoms", seed=1)
    while not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        action = banneret.legal_actions(state, player)[0]
        banneret.apply(state, action)
    print(banneret.outcome(state))
"""

from banneret.agents import Agent, RandomAgent, Seat
from banneret.canonical import state_hash
from banneret.engine import (
    apply,
    child,
    clone,
    find_action,
    free_actions,
    is_over,
    legal_actions,
    new_game,
    outcome,
    pending,
    view,
)
from banneret.errors import (
    ActionError,
    BanneretError,
    DataError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    OptionError,
    PluginError,
    SaveError,
    SeatError,
    UndoError,
    UnknownGameError,
)
from banneret.flow import Flow, ForEach, Frame, Procedure, Repeat, Steps
from banneret.game import Game, GameInfo, OptionSpec, Scenario
from banneret.gamedata import cloned, copied, gamedata, nested, shared, static
from banneret.hookspecs import StepContext, Variant, hookimpl
from banneret.registry import Registry, default_registry
from banneret.rng import Rng
from banneret.saves import SaveNotice, load, migrate, save
from banneret.session import Match
from banneret.state import State
from banneret.types import Action, Event, Outcome, Pending, Standing, eliminated_last

__version__ = "0.1.0"

__all__ = [
    "Action", "ActionError", "Agent", "BanneretError", "DataError", "Event", "Flow", "ForEach",
    "Frame", "Game", "GameInfo", "GameOverError", "IllegalActionError", "MalformedActionError",
    "Match", "NotYourTurnError", "OptionError", "OptionSpec", "Outcome", "Pending",
    "PluginError", "Procedure", "RandomAgent", "Registry", "Repeat", "Rng", "SaveError",
    "SaveNotice", "Scenario", "Seat", "SeatError", "Standing", "State", "StepContext", "Steps",
    "UndoError", "UnknownGameError", "Variant", "apply", "child", "clone", "cloned", "copied",
    "default_registry", "eliminated_last", "find_action", "free_actions", "gamedata", "hookimpl", "is_over", "legal_actions",
    "load", "migrate", "nested", "new_game", "outcome", "pending", "save", "shared",
    "state_hash", "static", "view", "__version__",
]
