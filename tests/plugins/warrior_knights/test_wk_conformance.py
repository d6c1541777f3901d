"""The core test kit run on Warrior Knights for 2, 3, 4 and 6 barons: random legal games
checked after every step (invariants, legal actions, the decision bound) and, every tenth
step, the costly checks (illegal actions, views that leak nothing hidden, secret planning and
voting, the board drawn from the view, clone independence); save and load, replay and undo
at samples; determinism and agents blind to hidden facts."""

from banneret.registry import registry_from
from banneret.testing import conformance_tests
from banneret_warrior_knights import plugin

REG = registry_from([plugin])

# 300 steps reach into the first action phase even with six barons (set-up and planning
# take about 140); the view and board checks every tenth step keep the four suites within CI time
for _players in (2, 3, 4, 6):
    _suite = conformance_tests("warrior_knights", registry=REG, players=_players, max_steps=300, sample_every=150,
                               check_every=10)
    (_name, _cls), = _suite.items()
    globals()[f"{_name}{_players}Barons"] = type(f"{_name}{_players}Barons", (_cls,), {"__module__": __name__})
del _players, _suite, _name, _cls
