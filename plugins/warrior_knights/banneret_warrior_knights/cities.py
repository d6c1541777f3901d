"""Cities (12): control, fortification, razing; the strength a city adds in battle. Plain
functions on the game's data, used by battles, revolts and card effects alike."""

from __future__ import annotations

from banneret_warrior_knights.state import WKData, tables

__all__ = ["neutralise_city", "raze_city", "city_strength", "take_city"]

FORTIFIED_STRENGTH = 100
"""What a fortification adds to a defending city (12.2)."""
BREACH_STRENGTH = 100
"""What one breach takes off (11.4)."""


def city_strength(data: WKData, city: str) -> int:
    """A city's strength now: printed, +100 fortified, -100 a breach, never below 0."""
    base = tables().data.board.cities[city].strength + (FORTIFIED_STRENGTH if city in data.fortified else 0)
    return max(0, base - BREACH_STRENGTH * data.breaches[city])


def neutralise_city(data: WKData, city: str) -> None:
    """The city loses its controller (a revolt, a card): its fortification goes with the
    control marker, its breaches stay (12.2); a siege of it ends."""
    data.city_owner[city] = None
    if city in data.fortified:
        data.fortified.remove(city)
    data.besieged.pop(city, None)


def take_city(data: WKData, city: str, baron: str) -> None:
    """``baron`` takes control of the city (12.1): a fortification stays with the city, and
    so do its breaches; a siege of it ends."""
    data.city_owner[city] = baron
    data.besieged.pop(city, None)


def raze_city(data: WKData, city: str) -> None:
    """The city is razed for good (12.3): figure, control, fortification and breaches go;
    it no longer counts among the Kingdom's unrazed cities."""
    del data.city_owner[city]
    data.razed.append(city)
    data.razed.sort()
    if city in data.fortified:
        data.fortified.remove(city)
    data.besieged.pop(city, None)
    data.breaches[city] = 0
