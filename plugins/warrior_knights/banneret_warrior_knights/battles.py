"""Battles (11) and what they do to cities (12): field battles, assaults, sieges, attacking a
stronghold, retreats; capture, fortification lost, razing. The death of a noble and what an
army loses are in :mod:`~banneret_warrior_knights.battle_losses`.

:class:`DeclareBattle` runs one battle as a list of steps over its record
(:class:`Battle`); every choice the rules give a baron is a :class:`~banneret.flow.Choice`
offered to him:

    area (Versatile Strategy) -> target -> permissions (11.3) -> armies -> assault or siege
    siege: declare, or complete a siege begun in an earlier round (11.5)
    field battle / assault: commanders -> Fate draws (attacker first, AMB-55) -> discards
        -> reveal and extra draws -> abilities -> casualties (attacker places first)
        -> victory (skipped as the option victory_skip reads AMB-6) -> retreats -> capture,
        raze, a Stronghold's ransom -> deaths -> broken sieges -> the attackers exhausted
        (Versatile Strategy)
"""

from __future__ import annotations

import functools
import itertools
from typing import Any, Callable, Sequence

import attrs

from banneret.flow import Choice, Frame, Procedure, call, end, record
from banneret.state import State
from banneret_warrior_knights.battle_losses import (
    PROCEDURES as LOSS_PROCEDURES, CasualtyDiscards, Deserters, NobleDies, garrison_holder, lift_broken_sieges,
    markers_of, set_markers,
)
from banneret_warrior_knights.muster import army_shrank
from banneret_warrior_knights.cities import breach_city, city_strength, raze_city, raze_income, take_city
from banneret_warrior_knights.standing import forbidden, in_force
from banneret_warrior_knights.variants import RETREAT_DESTINATION, SIEGE_COMPLETION, VICTORY_SKIP, eliminate_on_capture
from banneret_warrior_knights.state import WKData, clockwise_from, fate_draw, tables

__all__ = [
    "Battle", "DeclareBattle", "NobleDies", "battle_areas", "has_battle_area", "battle_possible_in", "battle_targets", "commander_bonus",
    "fate_cards_for",
    "siege_allowed", "retreat_areas", "army_strength", "PROCEDURES",
]

COMMANDER_BONUS = 100 * 2
"""What a commander adds to his side's strength (11.2.1): two Fate cards, two discards."""
ATTACKER, DEFENDER = "attacker", "defender"
SYMBOLS = {"deal": "Deal 100", "prevent": "Prevent 100", "victory": "+1 Victory", "draw": "Draw 1 Fate"}
"""The battle field of a Fate card (3.4.5) as a player reads it."""


# --------------------------------------------------------------------------- who fights where


def nobles_in(data: WKData, area: str) -> list[str]:
    """Nobles standing in the area, not on its port icon (nobles at sea neither attack nor
    are attacked, 11.1), in board order."""
    return [nb for nb, a in data.noble_area.items() if a == area and nb not in data.at_sea]


def army_strength(data: WKData, holder_troops: list[str], markers: int) -> int:
    """An army's fighting strength: its troops less 100 per casualty marker, never below 0."""
    return max(0, data.strength_of(holder_troops) - 100 * markers)


def _field_forbidden(data: WKData, baron: str) -> bool:
    """A standing ``forbid battle_without_city`` (a Law, or one of his) bars field battles for
    the baron unless one of his ``exempt_from`` effects lifts it."""
    return forbidden(data, "battle_without_city", baron)


def battle_targets(data: WKData, baron: str, area: str) -> list[tuple[str, str]]:
    """What the baron may attack in the area (11.1): ``("nobles", b)`` a field battle on
    another baron's nobles outside their own city or Stronghold (AMB-64); ``("city", c)`` a
    city he does not hold, with its owner's nobles inside; ``("stronghold", b)`` another
    baron's Stronghold, with his nobles there inside (AMB-31)."""
    return _targets(data, baron, area, {data.baron_of_noble(nb) for nb in nobles_in(data, area)})


def _targets(data: WKData, baron: str, area: str, present: set[str]) -> list[tuple[str, str]]:
    """:func:`battle_targets` given the barons with nobles in the area (not at sea)."""
    city = tables().data.board.city_in(area)
    city_id = city.id if city is not None and city.id in data.city_owner else None
    targets: list[tuple[str, str]] = []
    field_forbidden: bool | None = None  # asked once, and only if a field battle is possible
    for other in sorted(present - {baron}):
        inside = (city_id is not None and data.city_owner[city_id] == other) or data.stronghold[other] == area
        if not inside:
            if field_forbidden is None:
                field_forbidden = _field_forbidden(data, baron)
            if not field_forbidden:
                targets.append(("nobles", other))
    if city_id is not None and data.city_owner[city_id] != baron:
        targets.append(("city", city_id))
    targets += [("stronghold", b) for b in data.barons if b != baron and data.stronghold[b] == area]
    return targets


def ready_nobles(data: WKData, baron: str, area: str) -> list[str]:
    return [nb for nb in nobles_in(data, area) if data.baron_of_noble(nb) == baron and nb not in data.exhausted]


def battle_areas(state: State, baron: str) -> list[str]:
    """Areas where the baron has a ready noble and something to attack (11.1), sorted."""
    data: WKData = state.data
    ready = _ready_areas(data, baron)
    if not ready:
        return []
    found = _place_areas(data, baron, ready)
    rest = ready - found  # the nobles are looked at only where no place is a target
    if rest:
        found |= _field_areas(data, baron, rest)
    return sorted(found)


def has_battle_area(state: State, baron: str) -> bool:
    """Whether :func:`battle_areas` names any area (the nobles are looked at only when no
    city or Stronghold is a target)."""
    data: WKData = state.data
    ready = _ready_areas(data, baron)
    return bool(ready) and bool(_place_areas(data, baron, ready) or _field_areas(data, baron, ready))


def battle_possible_in(state: State, baron: str, area: str) -> bool:
    """Whether :func:`battle_areas` names ``area`` (asked of one area: Mobilize Forces'
    own)."""
    data: WKData = state.data
    area_of, exhausted, at_sea = data.noble_area, data.exhausted, data.at_sea
    for nb in tables().nobles_of[baron]:  # a ready noble of his there (_ready_areas, one area)
        if area_of[nb] == area and nb not in exhausted and nb not in at_sea:
            break
    else:
        return False
    one = {area}
    return bool(_place_areas(data, baron, one) or _field_areas(data, baron, one))


def _place_areas(data: WKData, baron: str, areas: set[str]) -> set[str]:
    """Those of ``areas`` where :func:`_targets` names a city or a Stronghold (11.1): an
    unrazed city he does not hold, another baron's Stronghold; no look at the nobles."""
    city_at, owner, stronghold = tables().data.board.city_at, data.city_owner, data.stronghold
    others = {stronghold[b] for b in data.barons if b != baron}
    found: set[str] = set()
    for area in areas:
        city = city_at[area]
        if area in others or (city is not None and city.id in owner and owner[city.id] != baron):
            found.add(area)
    return found


def _field_areas(data: WKData, baron: str, areas: set[str]) -> set[str]:
    """Those of ``areas`` (none with a city or Stronghold he may attack) where :func:`_targets`
    names a field battle: another baron's noble stands there, not at sea, and no standing
    effect bars the battle. No city or Stronghold of another baron is there, so nobody's
    nobles are inside one (AMB-64): one pass over the nobles, the ban asked once."""
    area_of, rivals = data.noble_area, rival_nobles(baron, data.barons)
    there = areas.intersection(map(area_of.__getitem__, rivals))  # another baron's noble, at sea or not
    if not there:  # the usual case, found without a walk in Python
        return set()
    at_sea = data.at_sea
    found = {area for noble in rivals if (area := area_of[noble]) in there and noble not in at_sea}
    return found if found and not _field_forbidden(data, baron) else set()


@functools.cache
def rival_nobles(baron: str, barons: tuple[str, ...]) -> tuple[str, ...]:
    """The nobles of every baron of ``barons`` but ``baron`` (printed, read once a seating)."""
    nobles_of = tables().nobles_of
    return tuple(nb for other in barons if other != baron for nb in nobles_of[other])


def _ready_areas(data: WKData, baron: str) -> set[str]:
    """The areas of the baron's ready nobles (on the board, not at sea, not exhausted)."""
    area_of, exhausted, at_sea = data.noble_area, data.exhausted, data.at_sea
    return {a for nb in tables().nobles_of[baron] if (a := area_of[nb]) is not None
            and nb not in exhausted and nb not in at_sea}


def commander_bonus(data: WKData, baron: str, kind: str) -> int:
    """What the baron's commander adds in a battle of ``kind``: 200, unless a standing
    ``commander_strength`` for that kind sets it (the lowest such wins)."""
    set_to = [e.params["strength"] for _, e in in_force(data, "commander_strength", baron) if e.params["battle"] == kind]
    return min(set_to, default=COMMANDER_BONUS)


def extra_draws(data: WKData, baron: str | None, kind: str) -> int:
    """Extra Fate cards a standing ``battle_draws`` gives the baron in a battle of ``kind``."""
    if baron is None:
        return 0
    return sum(e.params["cards"] for _, e in in_force(data, "battle_draws", baron) if e.params["battle"] == kind)


# --------------------------------------------------------------------------- the battle record


@attrs.define
class Battle:
    """One battle being fought (the record of :class:`DeclareBattle`). Sides are
    ``attacker`` and ``defender``; dicts are keyed by side and hold immutable values."""

    attacker: str
    mobilize: bool
    area: str = ""
    target: tuple[str, str] = ("", "")
    defender: str | None = None
    """The defending baron (``None``: a neutral city)."""
    kind: str = "field"
    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    garrison: bool = False
    """The defender's Stronghold garrison fights (its Stronghold is attacked)."""
    refused: bool = False
    commander: dict[str, str | None] = attrs.field(factory=dict)
    ability_ready: dict[str, bool] = attrs.field(factory=dict)
    """The commander was ready when the battle began: only then his ability works."""
    cards: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    drawn: dict[str, int] = attrs.field(factory=dict)
    discarded: dict[str, int] = attrs.field(factory=dict)
    kept: dict[str, bool] = attrs.field(factory=dict)
    """The side has finished discarding."""
    ability_used: dict[str, bool] = attrs.field(factory=dict)
    hits: dict[str, int] = attrs.field(factory=dict)
    """Casualty markers (100 each) the side still has to place."""
    dead: list[str] = attrs.field(factory=list)
    retreating: list[str] = attrs.field(factory=list)
    captured: list[str] = attrs.field(factory=list)
    """Cities the attacker gained by this battle, still to keep or raze."""
    stronghold_taken: bool = False

    def baron(self, side: str) -> str | None:
        return self.attacker if side == ATTACKER else self.defender

    def nobles(self, side: str) -> tuple[str, ...]:
        return self.attackers if side == ATTACKER else self.defenders

    def living(self, side: str) -> list[str]:
        return [nb for nb in self.nobles(side) if nb not in self.dead]

    @property
    def city(self) -> str | None:
        return self.target[1] if self.target[0] == "city" else None

    @property
    def stronghold(self) -> str | None:
        return self.target[1] if self.target[0] == "stronghold" else None


def target_strength(data: WKData, battle: Battle) -> int:
    """The attacked city's or Stronghold's strength now (11.4, 11.6); 0 in a field battle."""
    if battle.city is not None:
        return city_strength(data, battle.city)
    if battle.stronghold is not None:
        baron = battle.stronghold
        return max(0, tables().data.barons[baron].stronghold_strength - 100 * data.stronghold_breaches[baron])
    return 0


def garrison_alive(data: WKData, battle: Battle) -> bool:
    if not battle.garrison:
        return False
    holder = garrison_holder(battle.defender or "")
    return 100 * markers_of(data, holder) < data.strength_of(data.garrison[battle.defender or ""])


def side_troops(data: WKData, battle: Battle, side: str) -> int:
    """The side's troops now (markers subtract 100 each), the garrison included."""
    total = sum(army_strength(data, data.army[nb], data.casualties[nb]) for nb in battle.living(side))
    if side == DEFENDER and battle.garrison:
        holder = garrison_holder(battle.defender or "")
        total += army_strength(data, data.garrison[battle.defender or ""], markers_of(data, holder))
    return total


def fate_cards_for(data: WKData, battle: Battle, side: str) -> int:
    """Fate cards the side draws (11.2.1 step 2, 11.4): one per full 100 of troops (and of the
    attacked city or Stronghold for the defender), plus the commander's bonus, plus standing
    ``battle_draws``."""
    strength = side_troops(data, battle, side)
    if side == DEFENDER:
        strength += target_strength(data, battle)
    baron = battle.baron(side)
    if battle.commander.get(side) is not None and baron is not None:
        strength += commander_bonus(data, baron, battle.kind)
    return strength // 100 + extra_draws(data, baron, battle.kind)


def siege_allowed(data: WKData, battle: Battle) -> bool:
    """11.5: the attacker's troops and commander exceed the defender's troops, the city's
    (or Stronghold's) strength and his commander if he has a noble there; a siege another
    baron holds on it is not joined; a standing ``forbid siege`` (17.2) bars every siege."""
    if forbidden(data, "siege", battle.attacker):
        return False
    key = battle.city or garrison_holder(battle.stronghold or "")
    besieger = data.besieged.get(key) if battle.city else data.besieged_strongholds.get(battle.stronghold or "")
    if besieger not in (None, battle.attacker):
        return False
    attack = side_troops(data, battle, ATTACKER) + commander_bonus(data, battle.attacker, "siege")
    defence = side_troops(data, battle, DEFENDER) + target_strength(data, battle)
    if battle.defenders and battle.defender is not None:
        defence += commander_bonus(data, battle.defender, "siege")
    return attack > defence


def retreat_areas(state: State, noble: str) -> list[str]:
    """Where a retreating noble may go (11.7): an area one legal land step away holding no
    noble or Stronghold of another baron, and no city (errata 2, the original; the option
    ``retreat_destination`` = ``no_foreign_city`` reads AMB-7: no other baron's city). Sorted;
    none from overseas."""
    data: WKData = state.data
    board = tables().data.board
    here = data.noble_area[noble]
    baron = data.baron_of_noble(noble)
    if here is None or board.areas[here].region != "kingdom":
        return []
    foreign_nobles = {a for nb, a in data.noble_area.items() if a is not None and data.baron_of_noble(nb) != baron}
    own_or_neutral_open = state.options[RETREAT_DESTINATION] == "no_foreign_city"
    cities = {board.cities[c].area for c, owner in data.city_owner.items()
              if not own_or_neutral_open or owner not in (None, baron)}
    foreign_strongholds = {a for b, a in data.stronghold.items() if b != baron and a is not None}
    blocked = foreign_nobles | cities | foreign_strongholds
    return sorted(a for a in board.areas_map.neighbours(here)
                  if board.areas[a].region == "kingdom" and board.passable(here, a) and a not in blocked)


# --------------------------------------------------------------------------- the choices


def _battle(state: State) -> Battle:
    return record(state, Battle)


def _area_name(area: str) -> str:
    return tables().data.board.areas[area].name


def _noble_name(noble: str) -> str:
    return tables().data.nobles[noble].name


class BattleArea(Choice):
    """Versatile Strategy: the area of the battle, among those with a ready noble and an
    opponent (11.1)."""

    rule = "11.1"
    kind = "battle area"
    prompt = "Choose where to fight"

    def decider(self, state: State, frame: Frame) -> str:
        return _battle(state).attacker

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return battle_areas(state, _battle(state).attacker)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"battle in {_area_name(option)}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        _battle(state).area = option
        end(state)


class BattleTarget(Choice):
    """The attacker names his opponent (11.1): another baron's nobles, a city, a
    Stronghold."""

    rule = "11.1"
    kind = "battle target"
    prompt = "Choose whom to attack"

    def decider(self, state: State, frame: Frame) -> str:
        return _battle(state).attacker

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        battle = _battle(state)
        return battle_targets(state.data, battle.attacker, battle.area)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        what, who = option
        if what == "nobles":
            return f"attack {who}'s nobles"
        if what == "stronghold":
            return f"attack {who}'s stronghold"
        owner = state.data.city_owner[who]
        return f"attack {tables().data.board.cities[who].name} ({owner or 'neutral'})"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        battle = _battle(state)
        battle.target = option
        what, who = option
        battle.defender = data.city_owner[who] if what == "city" else who
        here = nobles_in(data, battle.area)
        battle.defenders = tuple(nb for nb in here if battle.defender is not None
                                 and data.baron_of_noble(nb) == battle.defender)
        battle.garrison = what == "stronghold" and bool(data.garrison[who])
        state.emit(f"{battle.attacker} attacks in {_area_name(battle.area)}: {self.label(state, frame, option)[7:]}",
                   "battle")
        end(state)


def permission_askers(data: WKData, battle: Battle) -> list[str]:
    """11.3: attacking a city needs the leave of every other baron with armies in the area
    besides the attacker and the city's owner."""
    if battle.city is None:
        return []
    present = {data.baron_of_noble(nb) for nb in nobles_in(data, battle.area)}
    return [b for b in clockwise_from(data, battle.attacker) if b in present and b not in (battle.attacker, battle.defender)]


class Permission(Choice):
    """A baron with armies in the area allows the attack on the city, or refuses it (11.3).
    Frame variable ``asked``."""

    rule = "11.3"
    kind = "permission"
    prompt = "Allow the attack on the city?"

    def decider(self, state: State, frame: Frame) -> str:
        return frame["asked"]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return (True, False)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        city = tables().data.board.cities[_battle(state).city or ""].name
        return f"{'allow' if option else 'refuse'} the attack on {city}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        if not option:
            _battle(state).refused = True
            state.emit(f"{frame['asked']} refuses the attack", "battle")
        end(state)


class BattleArmies(Choice):
    """The attacker commits some of his ready nobles' armies in the area (11.1)."""

    rule = "11.1"
    kind = "battle armies"
    prompt = "Choose the armies that fight"

    def decider(self, state: State, frame: Frame) -> str:
        return _battle(state).attacker

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        battle = _battle(state)
        ready = ready_nobles(state.data, battle.attacker, battle.area)
        return [combo for k in range(len(ready), 0, -1) for combo in itertools.combinations(ready, k)]

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return "fight with " + ", ".join(_noble_name(nb) for nb in option)

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        _battle(state).attackers = option
        end(state)


class BattleType(Choice):
    """Against a city or a Stronghold the attacker chooses assault or siege; a siege only
    when his strength exceeds the defence (11.3, 11.5)."""

    rule = "11.5"
    kind = "battle type"
    prompt = "Assault or siege?"

    def decider(self, state: State, frame: Frame) -> str:
        return _battle(state).attacker

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        battle = _battle(state)
        return ("assault", "siege") if siege_allowed(state.data, battle) else ("assault",)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return option

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        _battle(state).kind = option
        end(state)


class SideChoice(Choice):
    """A choice of one side's baron in the battle (frame variable ``side``)."""

    def decider(self, state: State, frame: Frame) -> str:
        return _battle(state).baron(frame["side"]) or ""


class Commander(SideChoice):
    """A side with several nobles names its commander, the attacker first (11.2.1 step 1).
    Frame variable ``side``."""

    rule = "11.2.1"
    kind = "commander"
    prompt = "Name your commander"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return _battle(state).nobles(frame["side"])

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"{_noble_name(option)} commands"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        battle = _battle(state)
        battle.commander[frame["side"]] = option
        battle.ability_ready[frame["side"]] = option not in state.data.exhausted
        state.emit(f"{_noble_name(option)} commands the {frame['side']}", "battle")
        end(state)


def symbols(cards: Sequence[str]) -> list[str]:
    fate = tables().fate
    return [fate[c].battle for c in cards]


def _hand_text(cards: Sequence[str]) -> str:
    return ", ".join(SYMBOLS[s] for s in sorted(symbols(cards))) or "nothing"


def minimum_discards(data: WKData, battle: Battle, side: str) -> int:
    """11.2.1 step 3: as many cards as the commander's bonus gave, but one may be kept."""
    baron = battle.baron(side)
    if battle.commander.get(side) is None or baron is None:
        return 0
    return min(commander_bonus(data, baron, battle.kind) // 100, max(0, battle.drawn[side] - 1))


class DiscardFate(SideChoice):
    """The side discards its Fate cards one at a time, at least the commander's two (one may
    be kept), more if it likes (11.2.1 step 3); its cards are secret until revealed. Frame
    variable ``side``."""

    rule = "11.2.1"
    kind = "discard fate"
    prompt = "Discard Fate cards"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        battle = _battle(state)
        side = frame["side"]
        options: list[Any] = sorted(set(symbols(battle.cards[side])))
        if battle.discarded[side] >= minimum_discards(state.data, battle, side):
            options.append("keep")
        return options

    def label(self, state: State, frame: Frame, option: Any) -> str:
        if option == "keep":
            return f"keep {_hand_text(_battle(state).cards[frame['side']])}"
        return f"discard a {SYMBOLS[option]}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        battle = _battle(state)
        side = frame["side"]
        if option == "keep":
            battle.kept[side] = True
        else:
            cards = list(battle.cards[side])
            cards.remove(next(c for c in cards if tables().fate[c].battle == option))
            battle.cards[side] = tuple(cards)
            battle.discarded[side] += 1  # it lies at the bottom of the deck already (5)
            battle.kept[side] = not cards
        end(state)


def _ability(battle: Battle, side: str) -> str | None:
    """The battle symbol the side's commander may add: only a commander who was ready."""
    commander = battle.commander.get(side)
    if commander is None or not battle.ability_ready.get(side):
        return None
    for effect in tables().data.nobles[commander].abilities:
        if effect.kind == "battle_symbol":
            return str(effect.params["symbol"])
    return None


class UseAbility(SideChoice):
    """The side's commander may add his Deal or Prevent (11.2.2 step 2). Frame variable
    ``side``."""

    rule = "11.2.2"
    kind = "ability"
    prompt = "Use your commander's ability?"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return (True, False)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        battle = _battle(state)
        side = frame["side"]
        text = f"{_noble_name(battle.commander[side] or '')}'s {SYMBOLS[_ability(battle, side) or '']}"
        return f"use {text}" if option else f"do not use {text}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        _battle(state).ability_used[frame["side"]] = option
        end(state)


def casualty_places(data: WKData, battle: Battle, side: str) -> list[str]:
    """Where the side may put its next casualty marker (11.2.2 step 3): a living army of the
    battle, the garrison, or (the defender in an assault) a breach while the city or
    Stronghold has strength."""
    places = [nb for nb in battle.living(side) if 100 * data.casualties[nb] < data.strength_of(data.army[nb])]
    if side == DEFENDER:
        if garrison_alive(data, battle):
            places.append("garrison")
        if battle.kind == "assault" and target_strength(data, battle) > 0:
            places.append("breach")
    return places


class PlaceCasualty(SideChoice):
    """The side puts one casualty marker on one of its armies, or a breach on its city
    (11.2.2 step 3, 11.4); an army whose markers reach its strength loses its noble.
    Frame variable ``side``."""

    rule = "11.2.2"
    kind = "casualty"
    prompt = "Place a casualty marker"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return casualty_places(state.data, _battle(state), frame["side"])

    def label(self, state: State, frame: Frame, option: Any) -> str:
        if option == "breach":
            return "a breach in the walls"
        if option == "garrison":
            return "a marker on the garrison"
        return f"a marker on {_noble_name(option)}'s army"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        battle = _battle(state)
        battle.hits[frame["side"]] -= 1
        if option == "breach":
            if battle.city is not None:
                breach_city(data, battle.city)
            else:
                data.stronghold_breaches[battle.stronghold or ""] += 1
        elif option == "garrison":
            holder = garrison_holder(battle.defender or "")
            set_markers(data, holder, markers_of(data, holder) + 1)
        else:
            data.casualties[option] += 1
            if 100 * data.casualties[option] >= data.strength_of(data.army[option]):
                battle.dead.append(option)
                state.emit(f"{_noble_name(option)} falls", "battle")
        end(state)


class RetreatTo(Choice):
    """The retreating noble's baron chooses where he goes (11.7 step 2); with nowhere to go
    he is exhausted in his Stronghold, or dies if it is besieged, gone or the one just lost,
    or if he fought overseas. Frame variable ``noble``."""

    rule = "11.7"
    kind = "retreat"
    prompt = "Choose where the noble retreats"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        noble = frame["noble"]
        areas = retreat_areas(state, noble)
        if areas:
            self.start_with(state, frame, areas)  # the options, found once
            return
        baron = data.baron_of_noble(noble)
        home = data.stronghold[baron]
        overseas = tables().data.board.areas[data.noble_area[noble] or ""].region != "kingdom"
        lost_home = _battle(state).stronghold == baron  # retreating from his own Stronghold's fall
        if home is None or baron in data.besieged_strongholds or overseas or lost_home:
            _battle(state).dead.append(noble)
            state.emit(f"{_noble_name(noble)} has nowhere to retreat and dies", "battle")
        else:
            data.noble_area[noble] = home
            if noble not in data.exhausted:
                data.exhausted.append(noble)
                data.exhausted.sort()
            state.emit(f"{_noble_name(noble)} retreats to his stronghold", "battle")
        end(state)

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.baron_of_noble(frame["noble"])

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return retreat_areas(state, frame["noble"])

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"{_noble_name(frame['noble'])} retreats to {_area_name(option)}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        state.data.noble_area[frame["noble"]] = option
        state.emit(self.label(state, frame, option), "battle")
        end(state)


class RazeOrKeep(Choice):
    """Right after gaining a city its new owner may raze it for three times its income
    (12.3). Frame variable ``city``."""

    rule = "12.3"
    kind = "raze"
    prompt = "Keep the city or raze it?"

    def decider(self, state: State, frame: Frame) -> str:
        return state.data.city_owner[frame["city"]] or ""

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return (False, True)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        name = tables().data.board.cities[frame["city"]].name
        return f"raze {name} for {raze_income(frame['city'])} crowns" if option else f"keep {name}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        city = frame["city"]
        if option:
            baron = data.city_owner[city] or ""
            data.crowns[baron] += raze_income(city)
            raze_city(data, city)
            state.emit(f"{baron} razes {tables().data.board.cities[city].name}", "city")
        end(state)


class Ransom(Choice):
    """The loser of his Stronghold hands one of his cities, his choice, to the victor
    (11.6). Frame variables ``loser`` and ``victor``."""

    rule = "11.6"
    kind = "ransom city"
    prompt = "Choose the city you hand over"

    def start(self, state: State, frame: Frame) -> None:
        cities = self.options(state, frame)
        if not cities:
            end(state)
            return
        self.start_with(state, frame, cities)

    def decider(self, state: State, frame: Frame) -> str:
        return frame["loser"]

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return sorted(c for c, owner in state.data.city_owner.items() if owner == frame["loser"])

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"hand over {tables().data.board.cities[option].name}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        take_city(state.data, option, frame["victor"])
        _battle(state).captured.append(option)
        state.emit(f"{frame['loser']} hands {tables().data.board.cities[option].name} to {frame['victor']}", "city")
        end(state)


# --------------------------------------------------------------------------- the battle's steps

Step = Callable[[State, Battle, Frame], bool]
"""One step of a battle: True when it called a sub-procedure (the battle resumes at the
same step, which runs again until it has nothing left to ask)."""


def _choose_area(state: State, battle: Battle, frame: Frame) -> bool:
    if battle.area:
        return False
    call(state, BattleArea)
    return True


def _choose_target(state: State, battle: Battle, frame: Frame) -> bool:
    if battle.target != ("", ""):
        return False
    call(state, BattleTarget)
    return True


def _ask_permissions(state: State, battle: Battle, frame: Frame) -> bool:
    asked = frame.vars.setdefault("asked", 0)
    askers = permission_askers(state.data, battle)
    if battle.refused or asked >= len(askers):
        return False
    frame["asked"] = asked + 1
    call(state, Permission, asked=askers[asked])
    return True


def _choose_armies(state: State, battle: Battle, frame: Frame) -> bool:
    if battle.attackers or battle.refused:
        return False
    call(state, BattleArmies)
    return True


def _choose_type(state: State, battle: Battle, frame: Frame) -> bool:
    if battle.refused or battle.target[0] == "nobles" or battle.kind != "field":
        return False
    call(state, BattleType)
    return True


def _fights(battle: Battle) -> bool:
    return not battle.refused and battle.kind in ("field", "assault")


def _siege(state: State, battle: Battle, frame: Frame) -> bool:
    """11.5: declare the siege, or complete one declared in the round before, unbroken."""
    if battle.refused or battle.kind != "siege" or frame.vars.get("sieged"):
        return False
    frame["sieged"] = True
    data: WKData = state.data
    key = battle.city or garrison_holder(battle.stronghold or "")
    besieger = data.besieged.get(key) if battle.city else data.besieged_strongholds.get(battle.stronghold or "")
    name = tables().data.board.cities[battle.city].name if battle.city else f"{battle.stronghold}'s stronghold"
    # 11.5, errata 1: the original completes the siege when declared again in the round after
    # the one it began in, and lays it anew when declared later; the option any_later_round
    # (AMB-27) completes it in any later round
    any_later = state.options[SIEGE_COMPLETION] == "any_later_round"
    if besieger == battle.attacker and (data.siege_round[key] == data.round - 1
                                        or any_later and data.siege_round[key] < data.round):
        state.emit(f"the siege of {name} is complete", "battle")
        battle.dead += [nb for nb in battle.defenders if nb not in battle.dead]
        return _capture(state, battle)
    if besieger == battle.attacker and data.siege_round[key] < data.round:
        data.siege_round[key] = data.round
        state.emit(f"{battle.attacker} lays siege to {name} anew", "battle")
    if besieger is None:
        if battle.city:
            data.besieged[battle.city] = battle.attacker
        else:
            data.besieged_strongholds[battle.stronghold or ""] = battle.attacker
        data.siege_round[key] = data.round
        state.emit(f"{battle.attacker} lays siege to {name}", "battle")
    return False


def _commanders(state: State, battle: Battle, frame: Frame) -> bool:
    if not _fights(battle):
        return False
    for side in (ATTACKER, DEFENDER):
        if side in battle.commander:
            continue
        nobles = battle.nobles(side)
        if len(nobles) > 1:
            call(state, Commander, side=side)
            return True
        battle.commander[side] = nobles[0] if nobles else None
        battle.ability_ready[side] = bool(nobles) and nobles[0] not in state.data.exhausted
    return False


def _draw(state: State, battle: Battle, frame: Frame) -> bool:
    """Both sides draw, the attacker first (AMB-55); a side never holds more cards than the
    deck has (the cards cycle to its bottom as they are drawn)."""
    if not _fights(battle) or battle.cards:
        return False
    data: WKData = state.data
    for side in (ATTACKER, DEFENDER):
        room = len(data.fate) - sum(len(c) for c in battle.cards.values())
        count = min(fate_cards_for(data, battle, side), room)
        battle.cards[side] = tuple(fate_draw(data) for _ in range(count))
        battle.drawn[side] = count
        battle.discarded[side] = 0
        battle.kept[side] = battle.commander.get(side) is None  # no commander, no discards
        state.emit(f"the {side} draws {count} Fate cards", "battle")
    return False


def _discard(state: State, battle: Battle, frame: Frame) -> bool:
    if not _fights(battle):
        return False
    for side in (ATTACKER, DEFENDER):
        if not battle.kept[side]:
            if not battle.cards[side]:
                battle.kept[side] = True
                continue
            call(state, DiscardFate, side=side)
            return True
    return False


def _reveal(state: State, battle: Battle, frame: Frame) -> bool:
    """11.2.1 step 4 and 11.2.2 step 1: cards shown; each Draw 1 Fate draws another, in a
    chain, the attacker's first."""
    if not _fights(battle) or frame.vars.get("revealed"):
        return False
    frame["revealed"] = True
    data: WKData = state.data
    for side in (ATTACKER, DEFENDER):
        owed = symbols(battle.cards[side]).count("draw")
        while owed and sum(len(c) for c in battle.cards.values()) < len(data.fate):
            card = fate_draw(data)
            battle.cards[side] += (card,)
            owed += (tables().fate[card].battle == "draw") - 1
        cards = battle.cards[side]
        state.emit(f"the {side} reveals {_hand_text(cards)}", "battle")
    return False


def _abilities(state: State, battle: Battle, frame: Frame) -> bool:
    if not _fights(battle):
        return False
    for side in (ATTACKER, DEFENDER):
        if side not in battle.ability_used:
            if _ability(battle, side) in ("deal", "prevent"):
                call(state, UseAbility, side=side)
                return True
            battle.ability_used[side] = False
    return False


def _count(battle: Battle, side: str, symbol: str) -> int:
    """The side's symbols of a kind: its cards, plus its commander's Deal or Prevent if he
    chose to use it, or his +1 Victory while he lives (11.2.2, 3.4.7)."""
    ability = _ability(battle, side)
    if symbol == "victory":
        added = ability == "victory" and battle.commander[side] not in battle.dead
    else:
        added = bool(battle.ability_used.get(side)) and ability == symbol
    return symbols(battle.cards[side]).count(symbol) + int(added)


def _casualties(state: State, battle: Battle, frame: Frame) -> bool:
    """11.2.2 steps 2-3: the totals, then the markers, the attacker's first (the defender
    may wait); what no army or wall can take is lost."""
    if not _fights(battle):
        return False
    if not battle.hits:
        for side, other in ((ATTACKER, DEFENDER), (DEFENDER, ATTACKER)):
            battle.hits[side] = max(0, _count(battle, other, "deal") - _count(battle, side, "prevent"))
            state.emit(f"the {side} takes {100 * battle.hits[side]} casualties", "battle")
    for side in (ATTACKER, DEFENDER):
        if battle.hits[side] > 0:
            if casualty_places(state.data, battle, side):
                call(state, PlaceCasualty, side=side)
                return True
            battle.hits[side] = 0
    return False


def victory_skipped(state: State, battle: Battle) -> bool:
    """11.2.2 steps 3-4, errata 4 (AMB-6): the original's main text skips the count only
    when neither side has a living noble; the option ``victory_skip`` = ``either`` (its
    summary sheet) whenever one side has none."""
    alive = (bool(battle.living(ATTACKER)), bool(battle.living(DEFENDER)))
    return not all(alive) if state.options[VICTORY_SKIP] == "either" else not any(alive)


def _victory(state: State, battle: Battle, frame: Frame) -> bool:
    """11.2.2 step 4, 11.4: a city or Stronghold without living defenders and at strength 0
    falls at once; otherwise victory is counted unless :func:`victory_skipped`: full victory
    kills, partial victory routs; a won assault captures (if an attacker lives, AMB-63)."""
    if not _fights(battle) or frame.vars.get("counted"):
        return False
    frame["counted"] = True
    data: WKData = state.data
    attackers_alive = bool(battle.living(ATTACKER))
    walls = battle.city is not None or battle.stronghold is not None
    if walls and attackers_alive and not battle.living(DEFENDER) and not garrison_alive(data, battle) \
            and target_strength(data, battle) == 0:
        state.emit("the defence is broken", "battle")
        return _capture(state, battle)
    if victory_skipped(state, battle):
        state.emit("no victory is counted", "battle")
        return False
    points = {side: _count(battle, side, "victory") for side in (ATTACKER, DEFENDER)}
    lead = points[ATTACKER] - points[DEFENDER]
    state.emit(f"victory {points[ATTACKER]}-{points[DEFENDER]}", "battle")
    if lead == 0:
        return False
    loser = DEFENDER if lead > 0 else ATTACKER
    if abs(lead) >= 2:
        battle.dead += battle.living(loser)
    else:
        battle.retreating += battle.living(loser)
    if loser == DEFENDER and walls:
        return _capture(state, battle)
    return False


def _capture(state: State, battle: Battle) -> bool:
    """The attacker takes the city (11.4, 12.1) or destroys the Stronghold (11.6), if one of
    his nobles lives (AMB-63)."""
    if not battle.living(ATTACKER):
        return False
    data: WKData = state.data
    if battle.city is not None:
        take_city(data, battle.city, battle.attacker)
        battle.captured.append(battle.city)
        state.emit(f"{battle.attacker} takes {tables().data.board.cities[battle.city].name}", "city")
        return False
    battle.stronghold_taken = True
    return False


def _retreat(state: State, battle: Battle, frame: Frame) -> bool:
    """11.7: one deserter draw per retreating army, then the move."""
    if not battle.retreating:
        return False
    noble = battle.retreating[0]
    if not frame.vars.get("deserted"):
        frame["deserted"] = True
        call(state, Deserters, holder=noble)
        return True
    frame["deserted"] = False
    battle.retreating.pop(0)
    army_shrank(state.data, noble)  # a deserter gone: markers it can no longer carry come off (AMB-51)
    if not state.data.army[noble]:  # his last troops deserted: he left the board, alive (AMB-51)
        state.emit(f"{tables().data.nobles[noble].name} has no troops left and leaves the board", "battle")
        return _retreat(state, battle, frame)
    call(state, RetreatTo, noble=noble)
    return True


def _stronghold(state: State, battle: Battle, frame: Frame) -> bool:
    """11.6: the Stronghold is removed; the victor takes half the loser's crowns and a city
    of the loser's choice; the garrison loses deserters and casualties and waits on the
    Stronghold card (AMB-30)."""
    if not battle.stronghold_taken:
        return False
    data: WKData = state.data
    loser = battle.stronghold or ""
    holder = garrison_holder(loser)
    step = frame.vars.get("ransom", 0)
    frame["ransom"] = step + 1
    if step == 0:
        half = data.crowns[loser] // 2
        data.crowns[loser] -= half
        data.crowns[battle.attacker] += half
        data.stronghold[loser] = None
        data.stronghold_breaches[loser] = 0
        data.besieged_strongholds.pop(loser, None)
        data.siege_round.pop(holder, None)
        state.emit(f"{battle.attacker} destroys {loser}'s stronghold and takes {half} crowns", "battle")
        if eliminate_on_capture(state, loser, battle.dead):  # 17.4: he is out instead
            battle.stronghold_taken = False
            return state.ended is not None  # the last baron standing has won: stop here
        call(state, Deserters, holder=holder)
    elif step == 1:
        call(state, CasualtyDiscards, holder=holder)
    elif step == 2:
        call(state, Ransom, loser=loser, victor=battle.attacker)
    else:
        battle.stronghold_taken = False
        return False
    return True


def _raze(state: State, battle: Battle, frame: Frame) -> bool:
    if not battle.captured:
        return False
    city = battle.captured.pop(0)
    call(state, RazeOrKeep, city=city)
    return True


def _deaths(state: State, battle: Battle, frame: Frame) -> bool:
    """11.2.2 step 5: each baron resolves his nobles' deaths, the attacker's first."""
    done = frame.vars.setdefault("buried", 0)
    order = [nb for nb in battle.attackers if nb in battle.dead] + [nb for nb in battle.defenders if nb in battle.dead]
    if done >= len(order):
        return False
    frame["buried"] = done + 1
    call(state, NobleDies, noble=order[done])
    return True


def _finish(state: State, battle: Battle, frame: Frame) -> bool:
    """Sieges whose besiegers are gone break (AMB-28); Versatile Strategy exhausts the
    attackers itself, Mobilize Forces at the card's end (7.5, 7.6)."""
    data: WKData = state.data
    lift_broken_sieges(data)
    if not battle.mobilize and not battle.refused:
        for noble in battle.attackers:
            if data.noble_area[noble] is not None and noble not in data.exhausted:
                data.exhausted.append(noble)
        data.exhausted.sort()
    return False


STEPS: tuple[Step, ...] = (
    _choose_area, _choose_target, _ask_permissions, _choose_armies, _choose_type, _siege,
    _commanders, _draw, _discard, _reveal, _abilities, _casualties, _victory,
    _retreat, _stronghold, _raze, _deaths, _finish,
)


class DeclareBattle(Procedure):
    """The baron starts a battle (11.1), called with frame variables ``baron`` and
    ``mobilize`` (True from Mobilize Forces, whose ``area`` is chosen already). Ends with
    the attacking nobles when a battle was fought (None when a baron refused it, 11.3)."""

    rule = "11.1"

    def start(self, state: State, frame: Frame) -> None:
        battle = Battle(frame["baron"], frame["mobilize"], area=frame.vars.get("area") or "")
        call(state, FightBattle, record=battle)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        end(state, result)


class FightBattle(Procedure):
    """The steps of one battle over its record (:data:`STEPS`)."""

    rule = "11"

    def start(self, state: State, frame: Frame) -> None:
        frame["step"] = 0
        self._advance(state, frame)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        self._advance(state, frame)

    def _advance(self, state: State, frame: Frame) -> None:
        battle: Battle = frame.record
        step = frame["step"]  # no step reads it: kept in a local, stored when one asks
        while step < len(STEPS):
            if STEPS[step](state, battle, frame):
                frame["step"] = step
                return
            step += 1
        end(state, None if battle.refused else battle.attackers)


PROCEDURES: tuple[type[Procedure], ...] = (
    DeclareBattle, FightBattle, BattleArea, BattleTarget, Permission, BattleArmies, BattleType, Commander,
    DiscardFate, UseAbility, PlaceCasualty, RetreatTo, RazeOrKeep, Ransom, *LOSS_PROCEDURES,
)
"""The procedures of this module (and of battle_losses) that are reached only by ``call``."""

