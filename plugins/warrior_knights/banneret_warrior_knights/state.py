"""The game's own data (``state.data``) and the static tables every rule reads.

Representation, chosen for cheap cloning and plain canonical encoding:

* barons are their colours (the faction ids), in clockwise seat order (``WKData.barons``);
* every physical card is a string id: a baron's action card ``"green:levy_taxes:1"``, a
  neutral card ``"fund_expeditions:2"``, a loyal soldier ``"green:soldier_50:3"``, a
  mercenary ``"english_100:4"``; the other decks hold the ids of their data records, one id
  per copy (``"arson:1"``). :data:`TABLES` says what each id is;
* what belongs to a baron or a noble is kept in dicts keyed by baron or noble id, one dict
  per attribute (every field declared once, :mod:`banneret.gamedata`);
* decks are the core's :class:`~banneret.decks.Deck`, top card last. The Fate deck never
  discards: a used Fate card goes to the bottom of the draw pile (5), index 0.
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Mapping

import attrs

from banneret.decks import Deck
from banneret.gamedata import cloned, copied, gamedata, nested, shared
from banneret_warrior_knights.data_model import AgendaCard, Effect, EventCard, FateCard, GameData, load_data

__all__ = [
    "SPACES", "SPECIAL_AREAS", "Tables", "TroopCard", "WKData", "tables", "title_of", "owner_of",
    "fate_draw", "clockwise_from",
]

SPACES = 3
"""The three action spaces (6.1), indexed 0..2 and shown as 1..3."""
SPECIAL_AREAS = ("taxation", "wages", "assembly")
"""The special-phase areas (6.4), in the board's order."""


@attrs.frozen
class TroopCard:
    """One troop card: a loyal soldier (``nationality`` None) or a mercenary."""

    id: str
    strength: int
    wage: int
    nationality: str | None
    label: str
    """What a player reads: ``loyal 50``, ``English 150``."""


@attrs.frozen
class Tables:
    """Everything fixed for every game, derived once from the data files: the physical
    cards of each deck and what each card id stands for. Immutable, so it may be shared."""

    data: GameData
    troops: Mapping[str, TroopCard]
    """Every loyal soldier and mercenary card by id."""
    mercenary_cards: tuple[str, ...]
    """The 66 Mercenary cards, in data order."""
    baron_cards: Mapping[str, tuple[str, ...]]
    """Each baron's 12 action cards, sorted."""
    neutral_cards: tuple[str, ...]
    """The 8 neutral action cards."""
    soldiers: Mapping[str, tuple[str, ...]]
    """Each baron's loyal soldier cards, strongest first."""
    card_titles: Mapping[str, str]
    """Action card title id (``levy_taxes``) -> its printed title."""
    allocation: Mapping[str, tuple[str, ...]]
    """Baron card title id -> the special areas it may go to after use (6.3; none: back to
    the hand)."""
    event_cards: tuple[str, ...]
    agenda_cards: tuple[str, ...]
    fate_cards: tuple[str, ...]
    fate: Mapping[str, FateCard]
    """Fate card id -> its record."""
    agenda_titles: Mapping[str, str]
    """Agenda card id (one per copy) -> its title."""
    agenda_of: Mapping[str, AgendaCard]
    """Agenda card id (one per copy) -> its record."""
    agenda_effects_by_kind: Mapping[str, Mapping[str, tuple[tuple[str, Effect], ...]]]
    """Agenda card id -> effect kind -> ``(card id, effect)`` for its effects of that kind,
    in printed order: what ``standing.in_force`` reports of each card in force, looked up
    instead of sought in the card's list at every question."""
    event_of: Mapping[str, EventCard]
    """Event card id (one per copy) -> its record."""
    nobles_of: Mapping[str, tuple[str, ...]]
    """Each baron's four nobles, in data order."""
    baron_of_noble: Mapping[str, str]
    """Noble id -> his baron."""
    action_card_title: Mapping[str, str]
    """Action card id (baron or neutral) -> its title id (:func:`title_of`)."""
    action_card_owner: Mapping[str, str | None]
    """Action card id -> the baron owning it, ``None`` for a neutral card (:func:`owner_of`)."""

    event_colours: Mapping[str, str]
    """Event card id -> the colour of its back (public for the deck's top card, AMB-13)."""
    troop_strength: Mapping[str, int]
    """Troop card id -> its printed strength (``troops[c].strength``, read without the
    record: armies are summed at every wage bill and every Fate draw of a battle)."""


def _copies(record_id: str, copies: int) -> list[str]:
    return [f"{record_id}:{i}" for i in range(1, copies + 1)]


def _effects_by_kind(card: str, effects: tuple[Effect, ...]) -> Mapping[str, tuple[tuple[str, Effect], ...]]:
    kinds = dict.fromkeys(e.kind for e in effects)
    return MappingProxyType({kind: tuple((card, e) for e in effects if e.kind == kind) for kind in kinds})


@functools.cache
def tables() -> Tables:
    """The one :class:`Tables` (built on first use; immutable)."""
    data = load_data()
    troops: dict[str, TroopCard] = {}
    soldiers: dict[str, tuple[str, ...]] = {}
    for baron in data.barons:
        own: list[str] = []
        for rec in sorted(data.soldiers, key=lambda s: -s.strength):
            for card in _copies(f"{baron}:{rec.id}", rec.copies_per_baron):
                troops[card] = TroopCard(card, rec.strength, rec.wage, None, f"loyal {rec.strength}")
                own.append(card)
        soldiers[baron] = tuple(own)
    mercenaries: list[str] = []
    for rec in data.mercenaries:
        for card in _copies(rec.id, rec.copies):
            name = data.nationalities[rec.nationality].name
            troops[card] = TroopCard(card, rec.strength, rec.wage, rec.nationality, f"{name} {rec.strength}")
            mercenaries.append(card)
    baron_cards = {
        baron: tuple(sorted(c for rec in data.baron_cards for c in _copies(f"{baron}:{rec.id}", rec.copies_per_baron)))
        for baron in data.barons
    }
    action_cards = (*(c for own in baron_cards.values() for c in own),
                    *(c for rec in data.neutral_cards for c in _copies(rec.id, rec.copies)))
    return Tables(
        data=data,
        troops=MappingProxyType(troops),
        mercenary_cards=tuple(mercenaries),
        baron_cards=MappingProxyType(baron_cards),
        neutral_cards=tuple(c for rec in data.neutral_cards for c in _copies(rec.id, rec.copies)),
        soldiers=MappingProxyType(soldiers),
        card_titles=MappingProxyType({
            **{rec.id: rec.title for rec in data.baron_cards},
            **{rec.id: rec.title for rec in data.neutral_cards},
        }),
        allocation=MappingProxyType({rec.id: tuple(rec.allocation) for rec in data.baron_cards}),
        event_cards=tuple(c for rec in data.events for c in _copies(rec.id, rec.copies)),
        event_colours=MappingProxyType(
            {c: rec.colour for rec in data.events for c in _copies(rec.id, rec.copies)}
        ),
        agenda_cards=tuple(c for rec in data.agendas for c in _copies(rec.id, rec.copies)),
        fate_cards=tuple(rec.id for rec in data.fate),
        fate=MappingProxyType({rec.id: rec for rec in data.fate}),
        agenda_titles=MappingProxyType(
            {c: rec.title for rec in data.agendas for c in _copies(rec.id, rec.copies)}
        ),
        agenda_of=MappingProxyType({c: rec for rec in data.agendas for c in _copies(rec.id, rec.copies)}),
        agenda_effects_by_kind=MappingProxyType({
            c: _effects_by_kind(c, rec.effects) for rec in data.agendas for c in _copies(rec.id, rec.copies)
        }),
        event_of=MappingProxyType({c: rec for rec in data.events for c in _copies(rec.id, rec.copies)}),
        nobles_of=MappingProxyType({
            baron: tuple(n.id for n in data.nobles.values() if n.baron == baron) for baron in data.barons
        }),
        baron_of_noble=MappingProxyType({n.id: n.baron for n in data.nobles.values()}),
        action_card_title=MappingProxyType({card: _title(card) for card in action_cards}),
        action_card_owner=MappingProxyType({card: _owner(card) for card in action_cards}),
        troop_strength=MappingProxyType({card: rec.strength for card, rec in troops.items()}),
    )


def title_of(card: str) -> str:
    """The title id of an action card id: ``"green:levy_taxes:1"`` -> ``"levy_taxes"``,
    ``"fund_expeditions:2"`` -> ``"fund_expeditions"``."""
    return tables().action_card_title[card]


def owner_of(card: str) -> str | None:
    """The baron owning an action card (``None`` for a neutral card)."""
    return tables().action_card_owner[card]


def _title(card: str) -> str:
    """:func:`title_of`, read from the id itself (to build the table)."""
    return card.split(":")[-2]


def _owner(card: str) -> str | None:
    """:func:`owner_of`, read from the id itself (to build the table)."""
    parts = card.split(":")
    return parts[0] if len(parts) == 3 else None


@gamedata
class WKData:
    """Everything that changes during a game of Warrior Knights, with how each field copies
    (clone, equality and the state hash derive from it). Field names follow the digest's
    state model (2.2) where they can."""

    barons: tuple[str, ...] = shared()
    """The barons in play, in clockwise seat order."""

    # --- each baron (keyed by colour) ---------------------------------------------------
    crowns: dict[str, int] = copied()
    influence: dict[str, int] = copied()
    votes: dict[str, int] = copied()
    faith: dict[str, int] = copied()
    hand: dict[str, list[str]] = nested()
    """Action cards available to plan with (6.1.3), sorted."""
    charges: dict[str, list[str]] = nested()
    """Agenda cards of kind charge held (at most 3; 9.3)."""
    barred: dict[str, bool] = copied()
    """Banned from the Assembly (9.3.7)."""
    stronghold: dict[str, str | None] = copied()
    """The area of the baron's stronghold token (``None``: not placed yet, or destroyed)."""
    garrison: dict[str, list[str]] = nested()
    """Troop cards under the stronghold card."""
    stronghold_breaches: dict[str, int] = copied()
    unassigned: dict[str, list[str]] = nested()
    """Troop cards the baron holds but has not yet put under a noble or his stronghold
    (only during set-up, 4.1 step 8), strongest first."""

    # --- each noble (keyed by noble id) -------------------------------------------------
    noble_area: dict[str, str | None] = copied()
    """Where the noble's figure stands (``None``: off the board)."""
    at_sea: list[str] = copied()
    """Nobles standing on the port icon of their area (10.2), sorted."""
    army: dict[str, list[str]] = nested()
    """Troop cards under the noble card."""
    casualties: dict[str, int] = copied()
    """Casualty markers on the noble's army, in units of 100."""
    exhausted: list[str] = copied()
    """Nobles whose card shows the exhausted side (15.1), sorted."""
    heir: dict[str, bool] = copied()
    office: dict[str, str | None] = copied()
    """The Office (an agenda card) the noble holds, if any."""

    # --- each city (keyed by city id) ---------------------------------------------------
    city_owner: dict[str, str | None] = copied()
    """The controlling baron (``None``: neutral) of every unrazed city."""
    razed: list[str] = copied()
    """Razed cities, sorted; a razed city has no entry in ``city_owner``."""
    fortified: list[str] = copied()
    besieged: dict[str, str] = copied()
    """Besieged city -> the besieging baron."""
    breaches: dict[str, int] = copied()

    # --- decks and displays -------------------------------------------------------------
    fate: Deck = cloned()
    """The Fate deck; used cards go to the bottom (5), so its discard pile stays empty."""
    events: Deck = cloned()
    agendas: Deck = cloned()
    mercenaries: Deck = cloned()
    mercenary_display: list[str] = copied()
    """The N + 1 face-up Mercenary cards (4.1 step 9)."""
    mercenary_track: list[str | None] = copied()
    """Spaces 1..N+1: the baron whose marker is there (9.4)."""
    current_agendas: list[str] = copied()
    laws: list[str] = copied()
    neutral_pool: list[str] = copied()
    """Neutral action cards on no action space (during a round: the two set aside), sorted."""

    # --- the table ----------------------------------------------------------------------
    influence_pool: int = shared()
    chairman: str = shared()
    head_of_church: str = shared()
    action_spaces: list[list[str]] = nested()
    """The three face-down piles (6.1), top card last."""
    special_areas: dict[str, list[str]] = nested()
    """Cards allocated to Taxation, Wages and the Assembly (6.3)."""
    round: int = shared(default=0)
    phase: str = shared(default="setup")
    """``setup``, ``planning``, ``actions`` or ``muster`` (the step of the round under way)."""
    revealed: str | None = shared(default=None)
    """The action card face up being resolved (6.2), until it is allocated (6.3)."""

    # Each rules module below declares its own fields in its own block, every one with a
    # default (``copied(factory=dict)``, ``shared(default=...)``) so set-up need not know them.

    # --- movement (movement.py, section 10) ----------------------------------------------

    # --- battles, sieges and cities (battles.py, sections 11-12) --------------------------
    siege_round: dict[str, int] = copied(factory=dict)
    """Besieged city (or ``stronghold:<baron>``) -> the round its siege began (11.5)."""
    besieged_strongholds: dict[str, str] = copied(factory=dict)
    """Baron whose Stronghold is besieged -> the besieging baron (11.5, 11.6)."""
    garrison_casualties: dict[str, int] = copied(factory=dict)
    """Casualty markers on a baron's Stronghold garrison, in units of 100 (11.6; absent: 0)."""
    heirless_dead: list[str] = copied(factory=list)
    """Nobles dead without an heir: out of the game for good (11.9, AMB-65), sorted."""

    # --- neutral cards, events and expeditions (neutral.py, effects.py, section 8) --------
    event_drawn: str | None = shared(default=None)
    """The Event card drawn and being resolved (8.2), face up until it is discarded."""
    expedition_space: dict[str, int] = copied(factory=dict)
    """Each expedition under way -> the space of its marker (1-3); absent: not under way."""
    expedition_stakes: dict[str, dict[str, int]] = nested(factory=dict)
    """Each expedition under way -> the crowns each funder staked (8.3; stakes of 0 left out)."""
    expedition_blessed: list[str] = copied(factory=list)
    """Expeditions under way carrying the Head of the Church's blessing, sorted."""

    # --- Taxation, Wages, the Mercenary Draft (special_phases.py, 9.1, 9.2, 9.4) ----------

    # --- the Assembly (assembly.py, 9.3) --------------------------------------------------
    attending: tuple[str, ...] = shared(default=())
    """The barons attending the Assembly under way (9.3.1 step 1; empty between Assemblies)."""
    acting_chairman: str | None = shared(default=None)
    """The baron the Chairman named to preside when he cannot vote (9.3.1 step 2)."""
    proposal: tuple[str, str | None] | None = shared(default=None)
    """The Private Motion being voted: its purpose and target (a baron or an agenda card)."""
    ballots: dict[str, tuple[tuple[str, int, str | None], ...]] = copied(factory=dict)
    """Revealed ballots not yet counted: agenda -> (baron, votes, side written or None)."""
    voting: str | None = shared(default=None)
    """The agenda being counted."""
    committed: dict[str, int] = copied(factory=dict)
    """The votes each baron spent on the agenda being counted (public once revealed)."""
    declared: dict[str, str] = copied(factory=dict)
    """What each baron's committed votes support: ``yes``, ``no`` or a baron."""


    # --- the Muster and victory (muster.py, 6.5, 13, 14) ----------------------------------

    # --- the optional variants (variants.py, 17) -------------------------------------------
    motion_rules: list[str] = copied(factory=list)
    """17.2: the rule changes Truly Private Motions put in force (keys of
    ``variants.MOTION_RULES``), sorted; they bind every baron, like Laws."""
    heir_holder: dict[str, str] = copied(factory=dict)
    """17.3: a noble whose living heir another baron holds -> that baron (absent: his own
    baron holds it, or he has no heir)."""
    awaiting_heir: list[str] = copied(factory=list)
    """17.3: dead nobles who come back only once their own baron holds their living heir, sorted."""
    eliminated: list[str] = copied(factory=list)
    """17.4: the barons out of the game, in the order they went out (no longer in ``barons``,
    but for the one whose fall ends the game)."""

    # --- reading helpers ------------------------------------------------------------------

    def nobles_of(self, baron: str) -> tuple[str, ...]:
        return tables().nobles_of[baron]

    def baron_of_noble(self, noble: str) -> str:
        return tables().baron_of_noble[noble]

    def strength_of(self, cards: list[str]) -> int:
        return sum(map(tables().troop_strength.__getitem__, cards))

    def unrazed_kingdom_cities(self) -> list[str]:
        board = tables().data.board
        return [c for c in board.kingdom_cities() if c in self.city_owner]


def clockwise_from(data: WKData, first: str) -> tuple[str, ...]:
    """Every baron once, clockwise (seat order), starting with ``first``."""
    i = data.barons.index(first)
    return data.barons[i:] + data.barons[:i]


def fate_draw(data: WKData) -> str:
    """Draw the top Fate card; it goes at once to the bottom of the deck (5). Returns its id."""
    pile = data.fate.draw_pile
    card = pile.pop()
    pile.insert(0, card)
    return card
