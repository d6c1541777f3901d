"""The standing effects in force (9.3.3): Laws bind every baron, Charges bind the baron who
holds them, Offices the baron whose noble holds them.

Every rule that a standing effect can change asks :func:`in_force` at the moment it applies
(Taxation asks for ``taxation_income``, a road move for ``road_toll``, ...), so an effect
has one implementation: the rule that reads it.
"""

from __future__ import annotations

from banneret_warrior_knights.data_model import Effect
from banneret_warrior_knights.state import WKData, tables

__all__ = ["in_force", "agenda_effects"]


def agenda_effects(card: str) -> tuple[Effect, ...]:
    """The effects printed on an agenda card id (one id per copy: ``"toll_roads:2"``)."""
    return tables().agenda_of[card].effects


def in_force(data: WKData, kind: str, baron: str | None = None) -> list[tuple[str, Effect]]:
    """Every standing effect of ``kind`` that applies to ``baron`` (every Law; with a baron,
    also his Charges and his nobles' Offices), as ``(agenda card id, effect)`` pairs in a
    fixed order: Laws, Charges, Offices."""
    agendas = tables().agenda_of
    found = [(card, e) for card in data.laws for e in agendas[card].effects if e.kind == kind]
    if baron is not None:
        found += [(card, e) for card in data.charges[baron] for e in agendas[card].effects if e.kind == kind]
        offices = data.office
        found += [(card, e) for nb in data.nobles_of(baron) if (card := offices[nb]) is not None
                  for e in agendas[card].effects if e.kind == kind]
    return found
