"""The standing effects in force (9.3.3): Laws bind every baron, Charges bind the baron who
holds them, Offices the baron whose noble holds them; the rule changes of Truly Private
Motions (17.2) bind every baron, like Laws.

Every rule that a standing effect can change asks :func:`in_force` at the moment it applies
(Taxation asks for ``taxation_income``, a road move for ``road_toll``, ...), so an effect
has one implementation: the rule that reads it.
"""

from __future__ import annotations

import functools

from banneret_warrior_knights.data_model import Effect
from banneret_warrior_knights.state import WKData, tables
from banneret_warrior_knights.variants import MOTION_RULES

__all__ = ["in_force", "in_force_kinds", "agenda_effects", "forbidden", "forbidden_actions", "forbidden_of", "FORBIDS"]


def agenda_effects(card: str) -> tuple[Effect, ...]:
    """The effects printed on an agenda card id (one id per copy: ``"toll_roads:2"``)."""
    return tables().agenda_of[card].effects


@functools.cache
def carriers(kind: str) -> tuple[frozenset[str], frozenset[str]]:
    """The agenda cards and the rule changes (17.2) with an effect of ``kind`` (printed, read
    once)."""
    cards = frozenset(card for card, kinds in tables().agenda_effects_by_kind.items() if kind in kinds)
    return cards, frozenset(rule for rule, change in MOTION_RULES.items() if change.effect.kind == kind)


def in_force(data: WKData, kind: str, baron: str | None = None) -> list[tuple[str, Effect]]:
    """Every standing effect of ``kind`` that applies to ``baron`` (every Law; with a baron,
    also his Charges and his nobles' Offices), as ``(agenda card id, effect)`` pairs in a
    fixed order: Laws, Charges, Offices, then the rule changes Truly Private Motions made
    (17.2), each as ``(its key, effect)``."""
    cards, rules = carriers(kind)
    if (cards.isdisjoint(data.laws) and rules.isdisjoint(data.motion_rules)
            and (baron is None or cards.isdisjoint(data.charges[baron]) and cards.isdisjoint(data.office.values()))):
        return []  # the usual case: no card of that kind is in force (any noble's Office counted)
    by_kind = tables().agenda_effects_by_kind  # a few cards in force, each looked up once
    found: list[tuple[str, Effect]] = []
    for card in _cards_in_force(data, baron):
        found += by_kind[card].get(kind, ())
    for rule in data.motion_rules:
        if MOTION_RULES[rule].effect.kind == kind:
            found.append((rule, MOTION_RULES[rule].effect))
    return found


def in_force_kinds(data: WKData, kinds: tuple[str, ...], baron: str) -> dict[str, list[tuple[str, Effect]]]:
    """:func:`in_force` of each of ``kinds`` (kind -> its effects), the cards in force walked
    once: for a rule that reads several kinds at a time (a menu of moves reads four)."""
    by_kind = tables().agenda_effects_by_kind
    found: dict[str, list[tuple[str, Effect]]] = {}
    for kind in kinds:
        found[kind] = []
    for card in _cards_in_force(data, baron):
        for kind, pairs in by_kind[card].items():  # a card has a kind or two: fewer than asked
            if kind in found:
                found[kind] += pairs
    for rule in data.motion_rules:
        effect = MOTION_RULES[rule].effect
        if effect.kind in found:
            found[effect.kind].append((rule, effect))
    return found


def _cards_in_force(data: WKData, baron: str | None) -> list[str]:
    """The agenda cards whose effects bind ``baron``: Laws, then (with a baron) his Charges
    and his nobles' Offices."""
    if baron is None:
        return data.laws
    cards = data.laws + data.charges[baron]
    offices = data.office
    for noble in tables().nobles_of[baron]:
        if (office := offices[noble]) is not None:
            cards.append(office)
    return cards


FORBIDS = ("forbid", "exempt_from")
"""The kinds :func:`forbidden_actions` reads."""


def forbidden_actions(data: WKData, baron: str) -> set[str]:
    """The actions a standing ``forbid`` binds the baron to leave undone, less those an
    ``exempt_from`` of his lifts (asked once when several are checked together)."""
    return forbidden_of(in_force_kinds(data, FORBIDS, baron))


def forbidden_of(found: dict[str, list[tuple[str, Effect]]]) -> set[str]:
    """:func:`forbidden_actions` from the baron's effects of the kinds :data:`FORBIDS`."""
    if not found["forbid"]:  # the usual case: nothing forbidden
        return set()
    banned = {e.params["action"] for _, e in found["forbid"]}
    banned -= {e.params["action"] for _, e in found["exempt_from"]}
    return banned


def forbidden(data: WKData, action: str, baron: str) -> bool:
    """A standing ``forbid`` of ``action`` binds the baron and no ``exempt_from`` of his lifts it."""
    return action in forbidden_actions(data, baron)
