"""The core test kit run on Warrior Knights (set-up and planning) for 2, 3, 4 and 6 barons:
random legal games checked after every step (invariants, legal and illegal actions, save and
load, replay, undo, views that leak nothing hidden, secret planning, the decision bound,
determinism, clone independence, agents blind to hidden facts)."""

from banneret.registry import registry_from
from banneret.testing import conformance_tests
from banneret_warrior_knights import plugin

REG = registry_from([plugin])

# the game ends after the first planning for now (the action phase is not built), so every
# check runs on finished games; no check needs skipping
for _players in (2, 3, 4, 6):
    _suite = conformance_tests("warrior_knights", registry=REG, players=_players, max_steps=200, sample_every=100)
    (_name, _cls), = _suite.items()
    globals()[f"{_name}{_players}Barons"] = type(f"{_name}{_players}Barons", (_cls,), {"__module__": __name__})
del _players, _suite, _name, _cls
