"""The running game of Richard III: where every block is, its strength, the crown, the cards.

:class:`R3State` is ``state.data`` of a Richard III game. It holds plain ints, strings,
tuples, dicts and sets only; each field declares how it copies, so :meth:`R3State.clone`
(a handful of dict copies), equality and the state hash derive from the declaration.
Static facts of the map and the blocks (neighbours, border colours, seas, shields) are in
:class:`Tables`, built once per process from :mod:`banneret_richard3.data_model` and shared
by every game.

Vocabulary
----------
* A *house* is ``"lancaster"`` or ``"york"``. The Rebel block belongs to the house that is
  PRETENDER at the moment (3.26): :meth:`R3State.house_of` answers it.
* A block's *location* (``loc``) is a map or exile area id, or one of :data:`POOL`,
  :data:`MINOR` (heir not yet in play, 4.5), :data:`OFFMAP` (the version of a two-version
  block that is not in play, 4.6) and :data:`DEAD` (permanently eliminated, 6.8). A pool
  block belongs to its owner's pool (the Rebel: the Pretender's pool).
* ``down`` holds blocks eliminated this campaign that come back at the reset (8.5):
  face-down in the pool, or a mercenary face-down in its home exile area (6.84). A block in
  ``down`` is not in play: it is not in ``at``, cannot be recruited, moved or counted.
* *In play* = on the map or in exile, face-up (``loc`` is an area).

What the battle module reads (contract with ``battle.py``)
----------------------------------------------------------
* :attr:`R3State.defender` -- per contested area, the house that occupied it first (A-55).
* :attr:`R3State.entries` -- per area, every ``(block, came_from)`` that entered it this game
  turn, in order; ``came_from`` is the neighbouring area crossed from (land moves: the border
  is the pair area/came_from) or ``"sea:<sea id>"`` for a Piracy sea attack. Sea moves into
  friendly or vacant areas are recorded too, with ``came_from = "sea:<sea id>"``.
* :attr:`R3State.main_attack` -- per attacked area and attacking house, the declared Main
  Attack border (a ``came_from`` value), declared at the end of that house's action phase
  (6.3, A-61). Attacking blocks whose entry is another border are Reserves; Player 2's blocks
  entering a battle where Player 2 is the defender are Reserves.
* :attr:`R3State.moved` -- blocks that moved (land or sea) this game turn.
* :attr:`R3State.player1`, :attr:`R3State.king`, :meth:`R3State.pretender`,
  :attr:`R3State.king_block`, :attr:`R3State.pretender_block`, :attr:`R3State.treason`.
* :attr:`R3State.crossings` -- land crossings per (house, border) this game turn (5.21), for
  regroups counted with the turn's movement (6.7, A-20).
* :attr:`R3State.battle_area` -- the area of the battle being fought; the battle's own
  bookkeeping is the ``Battle`` procedure's record (``battle.BattleRecord``), gone when it ends.
* :attr:`R3State.treason_rolled` -- whether the Treason card's roll was made this game turn
  (A-4): the one battle fact that outlives a battle.
* :attr:`R3State.revealed` -- blocks face-up now; the battle reveals its blocks and empties it.
* :attr:`R3State.heirs_killed` -- incremented by eliminations of heirs (6.82): each is one minor
  to enter at the start of the next supply phase (``battle.eliminate`` does the 6.8 work for
  every module).
"""

from __future__ import annotations

import functools
import operator
from typing import Any, Iterable, Iterator, Mapping

import attrs

from banneret.errors import OptionError
from banneret.gamedata import copied, gamedata, nested, shared
from banneret.state import State

from banneret_richard3.data_model import (
    DEFAULT_SCENARIO, Block, GameMap, Setup, load_blocks, load_cards, load_map, load_scenarios, succession_of,
)

__all__ = [
    "HOUSES", "POOL", "MINOR", "OFFMAP", "DEAD", "PRISONER", "BORDER_COLOURS", "Parameters", "DEFAULT_PARAMETERS", "parameters", "parameters_from",
    "Tables", "tables", "other", "border_key", "house_map", "R3State", "initial_state",
]

HOUSES = ("lancaster", "york")
POOL = "pool"
MINOR = "minor"
OFFMAP = "offmap"
DEAD = "dead"
PRISONER = "prisoner"
"""Kingmaker's captive Henry VI (:mod:`banneret_richard3.politics`): held in London, out of play."""
OFF_BOARD = frozenset({POOL, MINOR, OFFMAP, DEAD, PRISONER})


# 5.21: the border colours, in the order of :attr:`Parameters.border_limits`
BORDER_COLOURS: tuple[str, ...] = ("yellow", "blue", "red")


@attrs.frozen
class Parameters(Mapping[str, int]):
    """The numbers of the rules that a house rule may change, typed and frozen.

    ``RichardIII.rule_parameters()`` declares them (as a dict of these defaults); house-rule
    variants change that dict before set-up, and set-up replaces ``state.rules`` by this
    object, built once per game. Every rule reads its numbers from ``state.rules``, never from
    a literal; clones share it. It is also a read-only mapping of the same names.
    """

    yellow_border_limit: int = 4  # 5.21: blocks per player across one border per game turn
    blue_border_limit: int = 3  # 5.21 (river)
    red_border_limit: int = 2  # 5.21 (red borders also stop a move)
    battle_rounds: int = 4  # 6.2
    supply_limit: int = 4  # 7.1: blocks an area without a city supplies
    city_supply_limit: int = 5  # 7.1: an area with a city
    border_limits: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The three border limits in :data:`BORDER_COLOURS` order (for the movement tables)."""

    def __attrs_post_init__(self) -> None:
        for name in _PARAMETER_NAMES:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"rule parameter {name} must be a positive whole number, not {value!r}")
        limits = (self.yellow_border_limit, self.blue_border_limit, self.red_border_limit)
        object.__setattr__(self, "border_limits", limits)

    def border_limit(self, colour: str) -> int:
        """Blocks per player that may cross a border of ``colour`` in a game turn (5.21)."""
        return self.border_limits[BORDER_COLOURS.index(colour)]

    # read-only mapping of the declared names (what ``rule_parameters`` returns)
    def __getitem__(self, name: str) -> int:
        if name not in _PARAMETER_NAMES:
            raise KeyError(name)
        return getattr(self, name)  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[str]:
        return iter(_PARAMETER_NAMES)

    def __len__(self) -> int:
        return len(_PARAMETER_NAMES)


_PARAMETER_NAMES: tuple[str, ...] = tuple(f.name for f in attrs.fields(Parameters) if f.init)
DEFAULT_PARAMETERS = Parameters()


def parameters(state: State) -> Parameters:
    """The game's rule parameters: ``state.rules``, which set-up made a :class:`Parameters`."""
    rules = state.rules
    if not isinstance(rules, Parameters):
        raise TypeError(f"state.rules of a Richard III game must be Parameters, not {type(rules).__name__}")
    return rules


def parameters_from(rules: Mapping[str, Any]) -> Parameters:
    """The game's :class:`Parameters` from the engine's rule dict (the declared defaults as
    house-rule variants left them); a name not declared or a bad value is an OptionError."""
    unknown = sorted(set(rules) - set(_PARAMETER_NAMES))
    if unknown:
        raise OptionError(f"richard3 has no rule parameter {', '.join(unknown)} (parameters: {', '.join(_PARAMETER_NAMES)})")
    try:
        return Parameters(**rules)
    except ValueError as err:
        raise OptionError(str(err)) from None


def house_map(king: str) -> dict[str, str]:
    """Block id -> the house it fights for while ``king``'s house holds the throne (the Rebel
    serves the PRETENDER, 3.26): a table of :class:`Tables`, shared by every game; read only."""
    return tables().house_under[king]


def other(house: str) -> str:
    """The other house."""
    return "york" if house == "lancaster" else "lancaster"


def border_key(a: str, b: str) -> tuple[str, str]:
    """The canonical name of the border between areas ``a`` and ``b`` (sorted pair)."""
    return (a, b) if a < b else (b, a)


class Tables:
    """Static facts of the map and the blocks, as plain dicts for the hot paths."""

    def __init__(self, game_map: GameMap, blocks: Mapping[str, Block], cards: Iterable[Any]) -> None:
        self.map = game_map
        self.blocks = blocks
        self.block_ids: tuple[str, ...] = tuple(blocks)
        self.areas: tuple[str, ...] = tuple(sorted(game_map.areas))
        # R3State.at -> the tuple of each area's blocks, in area order (one C call)
        self.at_of = operator.itemgetter(*self.areas)
        self.area = game_map.areas
        self.neighbours: dict[str, tuple[str, ...]] = {a: tuple(game_map.board.neighbours(a)) for a in self.areas}
        self.colour: dict[tuple[str, str], str] = {
            border_key(b.a, b.b): b.colour for b in game_map.borders
        }
        self.seas: dict[str, tuple[str, ...]] = {a: game_map.areas[a].seas for a in self.areas}
        self.coasts: dict[str, tuple[str, ...]] = {s: tuple(game_map.coasts(s)) for s in game_map.seas}
        self.exile_of: dict[str, str | None] = {a: game_map.areas[a].exile_of for a in self.areas}
        self.exiles: dict[str, tuple[str, ...]] = {h: tuple(game_map.exiles_of(h)) for h in HOUSES}
        self.major_port: dict[str, bool] = {a: game_map.areas[a].major_port for a in self.areas}
        self.crown: dict[str, bool] = {a: game_map.areas[a].crown for a in self.areas}
        self.crown_areas: tuple[str, ...] = tuple(a for a in self.areas if self.crown[a])
        self.region: dict[str, str] = {a: game_map.areas[a].region for a in self.areas}
        self.welsh: tuple[str, ...] = tuple(a for a in self.areas if self.region[a] == "wales")
        self.cities: dict[str, tuple[str, ...]] = {a: tuple(game_map.cities_in(a)) for a in self.areas}
        self.city_area: dict[str, str] = {c.id: c.area for c in game_map.cities.values()}
        self.cathedral_area: dict[str, str] = {c.id: c.area for c in game_map.cathedrals.values()}
        self.royal_shields: dict[str, tuple[Any, ...]] = {
            h: tuple(s for s in game_map.royal_shields.values() if s.house == h) for h in HOUSES
        }
        self.cards = {c.id: c for c in cards}
        self.card_ids: tuple[str, ...] = tuple(self.cards)
        self.succession: dict[str, tuple[str, ...]] = dict(succession_of(blocks))
        self.version: dict[tuple[str, str], str] = {}  # (identity, house) -> block id
        for b in blocks.values():
            if b.house in HOUSES:
                self.version[(b.identity, b.house)] = b.id
        self.scenarios: Mapping[str, Setup] = load_scenarios()
        # king's house -> {block id -> the house it fights for} (the Rebel: the Pretender, 3.26);
        # plain dicts for the hot paths: read only
        self.house_under: dict[str, dict[str, str]] = {}
        for king in HOUSES:
            pretender = other(king)
            self.house_under[king] = {b.id: (pretender if b.house == "rebel" else b.house) for b in blocks.values()}


@functools.cache
def tables() -> Tables:
    """The shared static tables (built once per process)."""
    return Tables(load_map(), load_blocks(), load_cards())


@gamedata
class R3State:
    """All mutable facts of one Richard III game (``state.data``), with how each field copies
    (see :mod:`banneret.gamedata`): clone, equality and the state hash derive from it."""

    # --- time --------------------------------------------------------------------------
    campaign: int = shared()
    """Campaign 1-3 (1.0)."""
    last_campaign: int = shared()
    """The scenario's last campaign: 3, or the single campaign of Kingmaker (2) and Richard III (3)."""
    turn: int = shared()
    """Game turn within the campaign, 1-7; 0 before the first card phase of a campaign."""
    political: bool = shared()
    """True while the political turn (8.0) is being resolved."""
    phase: str = shared()
    """The phase being played: "setup", "card", "action", "battle", "supply", "political"."""

    # --- the crown (3.21, 8.2) -----------------------------------------------------------
    king: str = shared()
    """The house holding the throne; changes only in usurpation (8.2)."""
    king_block: str | None = shared()
    """The KING's block; None from his death until the start of the next supply phase (6.81)."""
    pretender_block: str | None = shared()
    """The PRETENDER's block; None from his death until a successor is named (A-29)."""

    # --- blocks --------------------------------------------------------------------------
    loc: dict[str, str] = copied()
    """Every block id -> area id, or POOL / MINOR / OFFMAP / DEAD."""
    at: dict[str, tuple[str, ...]] = copied()
    """Area id -> the blocks in it, in order of arrival (every area has an entry)."""
    steps: dict[str, int] = copied()
    """Every block id -> current strength (3.11); blocks out of play keep their last value."""
    down: set[str] = copied()
    """Blocks eliminated this campaign (face-down in a pool or at a mercenary's home)."""
    revealed: set[str] = copied()
    """Blocks face-up now (in the battle being fought); otherwise owners alone know them."""
    heirs_killed: dict[str, int] = copied()
    """Per house: heirs killed (or executed) whose replacement minor has not entered yet."""

    # --- cards (1.1, 5.1) ---------------------------------------------------------------
    hands: dict[str, list[str]] = nested()
    """Card ids in each player's hand."""
    chosen: dict[str, str] = copied()
    """Cards chosen face-down this card phase, not yet revealed (secret)."""
    cards: dict[str, str] = copied()
    """Cards revealed this game turn (house -> card id)."""
    set_aside: list[str] = copied()
    """The cards not dealt this campaign."""
    played: list[str] = copied()
    """Cards played (revealed) so far this campaign, in order."""
    redeal_used: dict[str, bool] = copied()
    """Whether each player has called his once-per-campaign redeal (5.1)."""
    player1: str | None = shared()
    """Player 1 of this game turn (1.1)."""

    # --- this game turn's movement ------------------------------------------------------
    ap: dict[str, int] = copied()
    """Action points left to each player in this action phase (1.2)."""
    moved: set[str] = copied()
    """Blocks that moved (land or sea) this game turn (5.2)."""
    sea_moved: set[str] = copied()
    """Blocks that moved by sea this game turn (5.3)."""
    recruited: set[str] = copied()
    """Blocks recruited this game turn (5.4): they may not move."""
    crossings: dict[tuple[str, str, str], int] = copied()
    """(house, area_a, area_b) with area_a < area_b -> land crossings this game turn (5.21)."""
    entries: dict[str, tuple[tuple[str, str], ...]] = copied()
    """Area -> ((block, came_from), ...) entered this game turn (see module docstring)."""
    defender: dict[str, str] = copied()
    """Contested area -> house that occupied it first this game turn (A-55)."""
    main_attack: dict[tuple[str, str], str] = copied()
    """(area, attacking house) -> declared Main Attack border (a came_from value) (6.3)."""
    pin_left: dict[str, int] = copied()
    """Area -> how many more of Player 2's defending blocks may still leave it (5.22)."""
    treason: str | None = shared()
    """The house that played Treason this game turn (5.1), else None."""
    event_area: str | None = shared()
    """The area named by this turn's Muster card, while it is being used."""

    # --- battle -------------------------------------------------------------------------
    battles: list[str] = copied()
    """Battle areas still to be fought this battle phase (Player 1 picks the order)."""
    battle_area: str | None = shared()
    """The area of the battle being fought."""
    treason_rolled: bool = shared()
    """Whether the Treason card's treachery roll was made in a battle this game turn (5.1):
    with the ``treason_rolls: once`` reading (A-4) no other battle of the turn may make it."""

    # --- end of game --------------------------------------------------------------------

    # --- the crown ----------------------------------------------------------------------
    @property
    def pretender(self) -> str:
        """The house that is PRETENDER."""
        return "york" if self.king == "lancaster" else "lancaster"

    # --- blocks -------------------------------------------------------------------------
    def house_of(self, block: str) -> str:
        """The house a block fights for (the Rebel: the current PRETENDER, 3.26)."""
        return tables().house_under[self.king][block]

    def info(self, block: str) -> Block:
        """The printed data of a block."""
        return tables().blocks[block]

    def in_play(self, block: str) -> bool:
        """On the map or in exile, face-up."""
        return self.loc[block] not in OFF_BOARD and block not in self.down

    def blocks_in(self, area: str, house: str | None = None) -> tuple[str, ...]:
        """Blocks in ``area`` (of ``house`` if given), in order of arrival."""
        found = self.at[area]
        if house is None or not found:
            return found
        hm = tables().house_under[self.king]
        return tuple([b for b in found if hm[b] == house])

    def count_in(self, area: str, house: str) -> int:
        hm = tables().house_under[self.king]
        n = 0
        for b in self.at[area]:
            if hm[b] == house:
                n += 1
        return n

    def houses_in(self, area: str) -> set[str]:
        hm = tables().house_under[self.king]
        return {hm[b] for b in self.at[area]}

    def is_contested(self, area: str) -> bool:
        """Blocks of both houses in ``area`` (2.1)."""
        found = self.at[area]
        if len(found) < 2:
            return False
        hm = tables().house_under[self.king]
        first = hm[found[0]]
        for b in found:
            if hm[b] != first:
                return True
        return False

    def occupant(self, area: str) -> str | None:
        """The house alone in ``area``; None if vacant or contested."""
        found = self.at[area]
        if not found:
            return None
        hm = tables().house_under[self.king]
        first = hm[found[0]]
        for b in found:
            if hm[b] != first:
                return None
        return first

    def is_enemy(self, area: str, house: str) -> bool:
        """Occupied by the other house only (2.1)."""
        occ = self.occupant(area)
        return occ is not None and occ != house

    def pool(self, house: str, face_up: bool = True) -> list[str]:
        """Blocks in ``house``'s pool (face-up ones only by default), in block-register order."""
        loc = self.loc
        hm = tables().house_under[self.king]
        if face_up:
            down = self.down
            return [b for b in tables().block_ids if loc[b] == POOL and hm[b] == house and b not in down]
        return [b for b in tables().block_ids if loc[b] == POOL and hm[b] == house]

    def contested_areas(self) -> list[str]:
        t = tables()
        hm = tables().house_under[self.king]
        out = []
        for a, found in zip(t.areas, t.at_of(self.at)):
            if len(found) > 1:
                first = hm[found[0]]
                for b in found:
                    if hm[b] != first:
                        out.append(a)
                        break
        return out

    def place(self, block: str, where: str) -> None:
        """Move ``block`` to an area or an off-board location, keeping ``at`` in step."""
        old = self.loc[block]
        if old not in OFF_BOARD:
            self.at[old] = tuple(b for b in self.at[old] if b != block)
        self.loc[block] = where
        if where not in OFF_BOARD:
            self.at[where] = self.at[where] + (block,)

    # --- heirs --------------------------------------------------------------------------
    def heirs(self, house: str) -> list[str]:
        """``house``'s heirs in play (map or exile), senior first; a defected Clarence/Exeter
        is not an heir of either side (9.1)."""
        return [b for b in tables().succession[house] if self.in_play(b)]

    def senior_heir(self, house: str) -> str | None:
        """The most senior heir of ``house`` in play (or Kingmaker's captive Henry VI, who is
        PRETENDER though he cannot act)."""
        loc = self.loc
        down = self.down
        for b in tables().succession[house]:
            if (loc[b] not in OFF_BOARD or loc[b] == PRISONER) and b not in down:
                return b
        return None

    def minors(self, house: str) -> list[str]:
        return [b for b in tables().succession[house] if self.loc[b] == MINOR]

    def loyal_heirs_alive(self, house: str) -> bool:
        """Whether an heir of ``house`` still serves it anywhere: in play, in its pool, as a
        minor or as a captive (A-27: a defected heir serves the enemy, so he is not one)."""
        loc = self.loc
        return any(loc[b] not in (DEAD, OFFMAP) for b in tables().succession[house])

    def heirs_alive(self, house: str) -> int:
        """Heir identities of ``house`` not yet dead (in play, minor, or defected) (A-27 a)."""
        t = tables()
        n = 0
        for b in t.succession[house]:
            other_version = t.version.get((t.blocks[b].identity, other(house)))
            if self.loc[b] != DEAD and (other_version is None or self.loc[other_version] != DEAD):
                n += 1
        return n

    # --- cards --------------------------------------------------------------------------
    def card_event(self, house: str) -> str | None:
        card = self.cards.get(house)
        return None if card is None else tables().cards[card].event

    # --- borders ------------------------------------------------------------------------
    def crossed(self, house: str, a: str, b: str) -> int:
        """Land crossings by ``house`` of the border a-b this game turn."""
        k = border_key(a, b)
        return self.crossings.get((house, k[0], k[1]), 0)

    def cross(self, house: str, a: str, b: str) -> None:
        k = border_key(a, b)
        key = (house, k[0], k[1])
        self.crossings[key] = self.crossings.get(key, 0) + 1

    def record_entry(self, block: str, area: str, came_from: str, house: str) -> None:
        """Note that ``block`` entered ``area`` from ``came_from``; set the defender if the
        entry makes the area contested."""
        if area not in self.defender:
            hm = tables().house_under[self.king]
            enemy_only = False  # other blocks there, none of them ``house``'s
            for b in self.at[area]:
                if b != block:
                    if hm[b] == house:
                        enemy_only = False
                        break
                    enemy_only = True
            if enemy_only:
                self.defender[area] = other(house)
        self.entries[area] = self.entries.get(area, ()) + ((block, came_from),)

    def new_game_turn(self) -> None:
        """Clear the per-game-turn records (start of a card phase)."""
        self.cards = {}
        self.chosen = {}
        self.player1 = None
        self.ap = dict.fromkeys(HOUSES, 0)
        self.moved = set()
        self.sea_moved = set()
        self.recruited = set()
        self.crossings = {}
        self.entries = {}
        self.defender = {}
        self.main_attack = {}
        self.pin_left = {}
        self.treason = None
        self.event_area = None
        self.battles = []
        self.battle_area = None
        self.treason_rolled = False


def initial_state(scenario: str = DEFAULT_SCENARIO) -> R3State:
    """A scenario's set-up (4.0-4.6 for 1460): blocks deployed at full strength, no cards dealt
    yet. In Kingmaker Henry VI starts as York's prisoner in London."""
    t = tables()
    setup = t.scenarios[scenario]
    loc = dict(setup.locations)
    at: dict[str, tuple[str, ...]] = {a: () for a in t.areas}
    for area, blocks in setup.on_map.items():
        at[area] = tuple(blocks)
    if setup.henry_vi_prisoner:
        at[loc["henry_vi"]] = tuple(b for b in at[loc["henry_vi"]] if b != "henry_vi")
        loc["henry_vi"] = PRISONER
    steps = {b: t.blocks[b].max_strength for b in t.block_ids}
    first_alive = {h: next(b for b in setup.succession[h] if loc[b] not in (MINOR, OFFMAP, DEAD)) for h in HOUSES}
    return R3State(
        campaign=setup.first_campaign, last_campaign=setup.last_campaign, turn=0, political=False, phase="setup",
        king=setup.king, king_block=first_alive[setup.king], pretender_block=first_alive[setup.pretender],
        loc=loc, at=at, steps=steps, down=set(), revealed=set(), heirs_killed={h: 0 for h in HOUSES},
        hands={h: [] for h in HOUSES}, chosen={}, cards={}, set_aside=list(t.card_ids), played=[],
        redeal_used={h: False for h in HOUSES}, player1=None,
        ap={h: 0 for h in HOUSES}, moved=set(), sea_moved=set(), recruited=set(), crossings={},
        entries={}, defender={}, main_attack={}, pin_left={}, treason=None, event_area=None,
        battles=[], battle_area=None, treason_rolled=False,
    )
