"""Cities (12): control, fortification, razing; the strength a city adds in battle. Plain
functions on the game's data, used by battles, revolts and card effects alike."""

from __future__ import annotations

from banneret_warrior_knights.state import WKData, tables

__all__ = [
    "neutralise_city", "raze_city", "city_strength", "take_city", "breach_city", "raze_income", "lift_siege",
    "besieged_inside",
]

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
    lift_siege(data, city)


def take_city(data: WKData, city: str, baron: str) -> None:
    """``baron`` takes control of the city (12.1): a fortification stays with the city, and
    so do its breaches; a siege of it ends."""
    data.city_owner[city] = baron
    lift_siege(data, city)


def raze_city(data: WKData, city: str) -> None:
    """The city is razed for good (12.3): figure, control, fortification and breaches go;
    it no longer counts among the Kingdom's unrazed cities."""
    del data.city_owner[city]
    data.razed.append(city)
    data.razed.sort()
    if city in data.fortified:
        data.fortified.remove(city)
    lift_siege(data, city)
    data.breaches[city] = 0


def besieged_inside(data: WKData, noble: str) -> bool:
    """The noble is inside a besieged place of his own baron (11.5, AMB-29): in the area of
    his city under siege, or of his Stronghold under siege (11.6: a Stronghold is besieged
    like a city). Such a noble may not leave, nor give or receive troops at the Muster or a
    Draft."""
    area = data.noble_area[noble]
    if area is None or not (data.besieged or data.besieged_strongholds):  # no siege anywhere: the usual case
        return False
    baron = data.baron_of_noble(noble)
    if data.stronghold[baron] == area and baron in data.besieged_strongholds:
        return True
    city = tables().data.board.city_in(area)
    return city is not None and city.id in data.besieged and data.city_owner.get(city.id) == baron


def lift_siege(data: WKData, city: str) -> None:
    """The siege marker leaves the city (11.5): captured, neutralised, razed or broken."""
    data.besieged.pop(city, None)
    data.siege_round.pop(city, None)


def breach_city(data: WKData, city: str) -> None:
    """One breach on the city (11.4); a fortified city brought to 0 loses its fortification
    and one breach, so its strength stays 0 (12.2)."""
    data.breaches[city] += 1
    if city in data.fortified and city_strength(data, city) == 0:
        data.fortified.remove(city)
        data.breaches[city] -= 1


def raze_income(city: str) -> int:
    """What razing the city pays: three times its printed income (12.3; AMB-20: the
    fortification's +1 is Taxation revenue, not income)."""
    return 3 * tables().data.board.cities[city].income
