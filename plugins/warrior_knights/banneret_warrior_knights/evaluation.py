"""How well each baron stands (the ``banneret_evaluate`` hook, and the heuristic agent's
yardstick).

A baron's *worth* adds up what wins the game (14): influence already taken, the cities that
will bring more at every Muster and count towards domination (Kingdom cities weigh more:
they also vote and make up the majority), and the means to take more: the strength of his
armies, crowns, votes and faith. Nobles standing in an area with a city they do not hold
are worth a little more when they are strong enough to take it, so that marching towards a
city already counts. A destroyed stronghold costs its influence at the next Muster.

Each baron's chances are a softmax of worth over the table. The weights are hand-set (there
is no fitted model yet: the game's data is placeholder).
"""

from __future__ import annotations

import math

from banneret_warrior_knights.cities import city_strength
from banneret_warrior_knights.state import WKData, tables

__all__ = ["worth", "chances", "WEIGHTS"]

WEIGHTS: dict[str, float] = {
    "influence": 1.0,
    "kingdom_city": 2.0,
    "overseas_city": 1.0,
    "strength_per_100": 0.25,
    "crown": 0.08,
    "vote": 0.1,
    "faith": 0.2,
    "no_stronghold": -3.0,
    "threat": 0.5,
}
TEMPERATURE = 3.0
"""Worth points for odds of e to 1 between two barons."""


def worth(data: WKData, baron: str) -> float:
    """The baron's standing in worth points (see the module)."""
    t = tables()
    board = t.data.board
    w = WEIGHTS
    value = w["influence"] * data.influence[baron] + w["crown"] * data.crowns[baron]
    value += w["vote"] * data.votes[baron] + w["faith"] * data.faith[baron]
    for city, owner in data.city_owner.items():
        if owner == baron:
            kingdom = board.areas[board.cities[city].area].region == "kingdom"
            value += w["kingdom_city"] if kingdom else w["overseas_city"]
    strength = data.strength_of(data.garrison[baron])
    for noble in data.nobles_of(baron):
        army = data.strength_of(data.army[noble])
        strength += army
        area = data.noble_area[noble]
        if area is None or noble in data.at_sea:
            continue
        city = board.city_in(area)
        if city is not None and city.id in data.city_owner and data.city_owner[city.id] != baron:
            value += w["threat"] * min(1.0, (army + 200) / (city_strength(data, city.id) + 300))
    value += w["strength_per_100"] * strength / 100
    if data.stronghold[baron] is None and data.phase != "setup":
        value += w["no_stronghold"]
    return value


def chances(data: WKData) -> dict[str, float]:
    """Each baron's chances: a softmax of worth (they sum to 1)."""
    worths = {b: worth(data, b) for b in data.barons}
    top = max(worths.values())
    weights = {b: math.exp((v - top) / TEMPERATURE) for b, v in worths.items()}
    total = sum(weights.values())
    return {b: v / total for b, v in weights.items()}
