"""Battle resolvers for Richard III (rules 6.0-6.91): plain functions of plain data.

Nothing here reads the running game or asks anybody anything. The battle procedure
(:mod:`banneret_richard3.battle`) gathers the facts (blocks, strengths, who defends, which
borders each side used) and calls these functions; tests call them directly with fixed dice.

Conventions

* A block is its printed record (:class:`banneret_richard3.data_model.Block`); strengths are
  plain ints; houses are ``"lancaster"`` / ``"york"`` (the Rebel fights for the Pretender, so
  callers pass the house it fights for, never ``"rebel"``).
* Dice are sequences of ints 1..6 drawn by the caller from the game's generator.
* Where the rules give the owner a choice (equally strong targets, order of same-letter
  blocks), the functions return the candidates and the caller asks.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Iterable, Mapping, NamedTuple, Sequence

from banneret_richard3.data_model import HOUSES, Block, GameMap
from banneret_richard3.state import BORDER_COLOURS, Parameters

__all__ = [
    "TREACHERY_CAP",
    "NEVILLE_LOYALTY_READINGS",
    "initiative",
    "order_key",
    "turn_key",
    "next_group",
    "count_hits",
    "strongest",
    "tie_matters",
    "apply_hits",
    "Volley",
    "allocate_volley",
    "usable_shield",
    "defence_bonus",
    "firepower",
    "senior_heir",
    "can_charge",
    "Charge",
    "resolve_charge",
    "TreacherySource",
    "treachery_source",
    "treachery_dice",
    "treachery_targets",
    "treachery_succeeds",
    "retreat_destinations",
    "must_retreat",
    "regroup_destinations",
    "Fate",
    "elimination_fate",
    "battle_over",
]

TREACHERY_CAP = 3  # 6.9: at most three rolls against one block in one battle
NEVILLE_LOYALTY_READINGS = ("it", "pl")  # 6.91 / digest A-1
_LETTERS = "ABCD"
_SENIORITY_NONE = 99


# ---------------------------------------------------------------------------- 6.2 order


def initiative(block: Block, round_no: int, entered_as_reserve: bool = False) -> str:
    """The initiative letter of ``block`` in battle round ``round_no`` (6.2).

    A Bombard is A3 in round 1 and D3 afterwards; it is never A3 when it entered the battle as
    a Reserve (it cannot act in round 1 then anyway, and acts as D3 from round 2).
    """
    if block.type == "bombard":
        return "A" if round_no == 1 and not entered_as_reserve else "D"
    return block.combat[0]


_KEY_BASE = {"A": 0, "B": 2, "C": 4, "D": 6}


def turn_key(block: Block, round_no: int, defending: bool, entered_as_reserve: bool = False) -> int:
    """:func:`order_key` as one int (letter, then Defender first) for the battle's hot loop."""
    if block.type == "bombard":
        base = 0 if round_no == 1 and not entered_as_reserve else 6
    else:
        base = _KEY_BASE[block.combat[0]]
    return base if defending else base + 1


def order_key(letter: str, defending: bool) -> tuple[int, int]:
    """Sort key of a battle turn: letter first (A..D), then the Defender before the Attacker."""
    return (_LETTERS.index(letter), 0 if defending else 1)


def next_group(waiting: Iterable[tuple[str, Any]]) -> tuple[str, ...]:
    """The blocks that act next (6.2): those sharing the smallest turn key among ``waiting``.

    ``waiting`` holds ``(block_id, key)`` for every block yet to act this round, the key being
    :func:`order_key` of its :func:`initiative` letter and side, or the same order as one int
    (:func:`turn_key`, what the battle uses). Within the group (same letter, same side) the
    owner chooses the order (digest D17), so all of them are returned, sorted by id. Empty
    input gives an empty tuple.
    """
    best: Any = None
    group: list[str] = []
    for block_id, key in waiting:
        if best is None or key < best:
            best = key
            group = [block_id]
        elif key == best:
            group.append(block_id)
    return tuple(sorted(group))


# ---------------------------------------------------------------------------- 6.4 hits


def count_hits(dice: Sequence[int], fire: int) -> int:
    """Hits of a volley: each die showing ``fire`` or less scores one hit (6.4)."""
    return sum(1 for d in dice if d <= fire)


def strongest(strengths: Mapping[str, int]) -> tuple[str, ...]:
    """The ids of the blocks with the highest current strength, sorted (6.4 ties: owner's choice)."""
    if not strengths:
        return ()
    top = max(strengths.values())
    return tuple(sorted(b for b, s in strengths.items() if s == top))


def tie_matters(hits: int, strength: int, tied: int) -> bool:
    """Is the owner's choice among ``tied`` equally strong blocks (each at ``strength``) real?
    Not when there is only one, nor when the hits eliminate all of them whatever the order."""
    return tied > 1 and hits < strength * tied


def apply_hits(strength: int, hits: int) -> tuple[int, int]:
    """Put ``hits`` on one block of ``strength``: ``(new strength, surplus hits)``; 0 = eliminated."""
    taken = min(strength, hits)
    return strength - taken, hits - taken


class Volley(NamedTuple):
    """Where one volley's hits went (6.4), as far as they could go without asking the owner."""

    taken: tuple[tuple[str, int], ...]  # (block id, hits taken), in the order they were put
    left: int  # hits still to put when ``tied`` is not empty
    tied: tuple[str, ...]  # equally strongest blocks the owner must choose among; () when done


def allocate_volley(hits: int, strengths: Mapping[str, int], chosen: str | None = None) -> Volley:
    """Distribute one block's hits (6.4) over the enemy blocks ``strengths`` (id -> strength).

    Every hit goes to the strongest block until it is eliminated; only the surplus moves on
    to the next strongest. Where several are equally strong and the order changes the result
    (:func:`tie_matters`), the owner chooses: the volley stops there and returns the tied
    blocks with the hits left; call again with the strengths then and ``chosen`` (one of the
    tied blocks) to go on. Where the order cannot matter, the first id takes the hits. Blocks
    not given (reserves not yet arrived) never take hits; hits beyond all blocks are lost.
    """
    left = dict(strengths)
    taken: list[tuple[str, int]] = []
    while hits > 0 and left:
        tied = strongest(left)
        if chosen is not None:
            if chosen not in tied:
                raise ValueError(f"{chosen!r} is not among the strongest blocks {tied}")
            target, chosen = chosen, None
        elif tie_matters(hits, left[tied[0]], len(tied)):
            return Volley(tuple(taken), hits, tied)
        else:
            target = tied[0]
        _new, surplus = apply_hits(left.pop(target), hits)
        taken.append((target, hits - surplus))
        hits = surplus
    return Volley(tuple(taken), 0, ())


# ---------------------------------------------------------------------------- 2.2-2.6 bonuses


def usable_shield(heir: Block, shield_house: str, shield_heir: str | None, dead: Collection[str]) -> bool:
    """May ``heir`` use a royal shield (2.2)? York heirs use any York royal shield; a Lancaster
    heir uses a general Lancaster royal shield, his own specific one, or another heir's specific
    shield once that heir is dead (``dead`` holds block ids of dead heirs)."""
    if heir.house != shield_house:
        return False
    return shield_heir is None or shield_heir == heir.id or shield_heir in dead


def _heir_shield_ids(heir: Block, area: str, game_map: GameMap, dead: Collection[str]) -> list[str]:
    """Ids of the shields in ``area`` that ``heir`` may use (own block shields count as ``own:<area>``)."""
    out = []
    for sid in game_map.royal_shields_in(area, heir.house):
        s = game_map.royal_shields[sid]
        if usable_shield(heir, s.house, s.heir, dead):
            out.append(sid)
    if area in heir.shields and not any(game_map.royal_shields[s].heir == heir.id for s in out):
        out.append(f"own:{heir.id}")
    return out


def defence_bonus(
    block: Block,
    area: str,
    *,
    defending: bool,
    game_map: GameMap,
    king_house: str | None = None,
    side_heirs: Sequence[Block] = (),
    dead: Collection[str] = (),
) -> int:
    """Firepower bonus of ``block`` in a battle in ``area`` (2.2-2.6, 3.21-3.24, 6.4).

    Only the Defender side gets bonuses. ``side_heirs`` are the heirs engaged on the block's
    side at the moment it fires (for the "most senior heir present" rule, digest A-24);
    ``king_house`` is the house holding the throne (crowns help only its heirs); ``dead``
    holds the ids of dead heirs (to open their specific royal shields).

    * noble (including a defected Clarence/Exeter, which is a noble): +1 on one of its shields;
    * church: +1 on its cathedral; levy: +1 on its city; Welsh mercenary: +1 anywhere in Wales;
    * heir: +1 for a usable shield if he is the most senior engaged heir of his side able to
      use that shield; +1 for a crown if his house is the King's and he is the most senior
      engaged heir of his side (so at most +2);
    * Bombard, other mercenaries, Rebel: nothing.
    """
    if not defending:
        return 0
    kind = block.type
    if kind == "noble":
        return 1 if area in block.shields else 0
    if kind == "church":
        return 1 if block.cathedral is not None and game_map.cathedrals[block.cathedral].area == area else 0
    if kind == "levy":
        return 1 if block.city is not None and game_map.cities[block.city].area == area else 0
    if kind == "mercenary":
        return 1 if block.id == "welsh_mercenary" and game_map.areas[area].region == "wales" else 0
    if kind != "heir":
        return 0
    heirs = list(side_heirs)
    if all(h.id != block.id for h in heirs):
        heirs.append(block)
    rank = block.heir_rank or _SENIORITY_NONE
    bonus = 0
    for sid in _heir_shield_ids(block, area, game_map, dead):
        rivals = [
            h for h in heirs
            if h.id != block.id and sid in _heir_shield_ids(h, area, game_map, dead)
        ]
        if all((h.heir_rank or _SENIORITY_NONE) > rank for h in rivals):
            bonus = 1
            break
    if king_house is not None and block.house == king_house and game_map.areas[area].crown:
        if all((h.heir_rank or _SENIORITY_NONE) > rank for h in heirs if h.id != block.id):
            bonus += 1
    return bonus


def firepower(block: Block, bonus: int = 0) -> int:
    """Effective firepower: the printed number plus the defensive bonus (a Bombard is x3 always)."""
    return int(block.combat[1:]) + bonus


# ---------------------------------------------------------------------------- 6.5 charges


def senior_heir(heirs: Iterable[Block]) -> Block | None:
    """The most senior (lowest rank) heir among ``heirs``, or None."""
    best: Block | None = None
    for h in heirs:
        if h.type == "heir" and (best is None or (h.heir_rank or _SENIORITY_NONE) < (best.heir_rank or _SENIORITY_NONE)):
            best = h
    return best


def can_charge(block: Block, engaged_side: Iterable[Block]) -> bool:
    """6.5: only the most senior heir engaged on his side (at the moment he acts) may charge."""
    if block.type != "heir":
        return False
    top = senior_heir(engaged_side)
    return top is not None and top.id == block.id


class Charge(NamedTuple):
    """Result of a heir charge: hits on the target (excess lost), then the counter-attack."""

    target_strength: int  # 0 = eliminated
    heir_strength: int  # after the counter-attack; 0 = eliminated
    hits: int  # hits scored by the heir (before capping at the target's strength)
    counter_hits: int  # hits scored by the surviving target (0 if it died)
    heir_dice: tuple[int, ...]
    counter_dice: tuple[int, ...]  # () if the target died


def resolve_charge(
    heir_strength: int,
    heir_fire: int,
    target_strength: int,
    target_fire: int,
    roll: Callable[[int], Sequence[int]],
) -> Charge:
    """6.5 with the digest's reading A-23: the heir rolls ``heir_strength`` dice at his effective
    firepower against one named block, excess hits lost; a surviving target at once rolls its
    remaining strength at its own effective firepower against the heir, excess lost.
    ``roll(n)`` draws ``n`` dice: first the heir's, then (only if the target survives) the
    target's."""
    heir_dice = _rolled(roll, heir_strength)
    hits = count_hits(heir_dice, heir_fire)
    left, _ = apply_hits(target_strength, hits)
    if left == 0:
        return Charge(0, heir_strength, hits, 0, heir_dice, ())
    counter_dice = _rolled(roll, left)
    counter = count_hits(counter_dice, target_fire)
    heir_left, _ = apply_hits(heir_strength, counter)
    return Charge(left, heir_left, hits, counter, heir_dice, counter_dice)


def _rolled(roll: Callable[[int], Sequence[int]], count: int) -> tuple[int, ...]:
    dice = tuple(roll(count))
    if len(dice) != count:
        raise ValueError(f"a roll of {count} dice gave {len(dice)}: {dice}")
    return dice


# ---------------------------------------------------------------------------- 6.9 treachery


class TreacherySource(NamedTuple):
    """Who may make a treachery roll: ``kind`` is ``king``, ``pretender``, ``warwick`` or
    ``treason`` (the event card); ``house`` is the side rolling."""

    kind: str
    house: str


def treachery_source(block: Block, house: str, king: str | None, pretender: str | None) -> str | None:
    """The roll ``block`` may make in its battle turn: ``king``, ``pretender``, ``warwick`` or None.

    ``king`` / ``pretender`` are the block ids holding those roles now (None in an interregnum).
    Warwick is whichever version is in play (digest A-57).
    """
    if king is not None and block.id == king:
        return "king"
    if pretender is not None and block.id == pretender:
        return "pretender"
    if block.identity == "warwick":
        return "warwick"
    return None


_WARWICK_IMMUNE = frozenset({"northumberland", "westmoreland"})  # 6.91
_WARWICK_KIN = frozenset({"kent", "salisbury"})  # 6.91: the small Warwick shield


def treachery_dice(target: Block, source: str, reading: str) -> int | None:
    """How many dice a treachery roll by ``source`` against ``target`` uses, or None if the
    roll is not allowed at all (6.9, 6.91).

    * Blocks without a loyalty rating (heirs other than Clarence/Exeter, rose nobles, levies,
      Bombards, mercenaries, Rebel) never defect.
    * Warwick may not roll against Northumberland or Westmoreland.
    * Kent and Salisbury: reading ``"it"`` (recommended): loyalty 2, but 1 when Warwick
      rolls (and 2 for the Treason card). Reading ``"pl"``: only Warwick may roll against
      them, at 2.
    """
    if target.loyalty is None:
        return None
    if source == "warwick" and target.identity in _WARWICK_IMMUNE:
        return None
    if target.identity in _WARWICK_KIN:
        if reading == "pl":
            return 2 if source == "warwick" else None
        return 1 if source == "warwick" else 2
    return target.loyalty


def treachery_targets(
    source: str,
    enemies: Iterable[Block],
    *,
    roles: Collection[str] = (),
    defected: Collection[str] = (),
    rolls_against: Mapping[str, int] | None = None,
    reading: str,
) -> list[str]:
    """Ids (sorted) of the engaged enemy blocks ``source`` may roll against (6.9, 9.1).

    ``roles`` holds the block ids that are King or Pretender now (Clarence and Exeter cannot
    defect while holding a role); ``defected`` holds identities that changed sides in this
    battle (never won back); ``rolls_against`` counts rolls already made per identity (cap 3).
    """
    counts = rolls_against or {}
    out = []
    for b in enemies:
        if b.id in roles or b.identity in defected:
            continue
        if counts.get(b.identity, 0) >= TREACHERY_CAP:
            continue
        if treachery_dice(b, source, reading) is None:
            continue
        out.append(b.id)
    return sorted(out)


def treachery_succeeds(dice: Sequence[int]) -> bool:
    """6.9: the block defects when every die (not the total) is even."""
    return all(d % 2 == 0 for d in dice)


# ---------------------------------------------------------------------------- 6.6 / 6.7 moves


def _open_neighbours(
    game_map: GameMap,
    area: str,
    house: str,
    houses_in: Callable[[str], Iterable[str]],
    crossed: Mapping[str, int] | None,
    rules: Parameters,
    banned: Collection[str] = (),
) -> list[str]:
    """Areas (sorted) next to ``area`` by a land border that are friendly or vacant for
    ``house`` (never enemy or contested, never the enemy's exile, 2.7), not in ``banned``,
    and whose border ``house`` has not yet crossed to its limit (``crossed``: per neighbour)."""
    out = []
    limits = rules.border_limits
    for dest in game_map.board.neighbours(area):
        exile_of = game_map.areas[dest].exile_of
        if exile_of is not None and exile_of != house:
            continue  # 2.7: never into the enemy's exile
        if dest in banned:
            continue
        if crossed and crossed.get(dest, 0) >= limits[BORDER_COLOURS.index(game_map.border_colour(area, dest) or "yellow")]:
            continue
        for h in houses_in(dest):  # inline, not a helper call: runs for every neighbour
            if h != house:
                break
        else:
            out.append(dest)
    return out


def retreat_destinations(
    rules: Parameters,
    game_map: GameMap,
    area: str,
    house: str,
    round_no: int,
    *,
    houses_in: Callable[[str], Iterable[str]],
    enemy_entries: Collection[str] = (),
    own_entries: Collection[str] = (),
    is_player2: bool = False,
    crossed_this_round: Mapping[str, int] | None = None,
) -> list[str]:
    """Areas (sorted) a block of ``house`` may retreat to from the battle in ``area`` (6.6),
    under the game's border limits ``rules``.

    * never in round 1;
    * one land border to an adjacent friendly or vacant area (not an enemy exile);
    * not across a border the enemy used to enter this battle (``enemy_entries``: the areas
      the enemy came from) -- unless both sides used it and ``house`` is Player 2;
    * border limits apply afresh in every battle round (digest A-19): ``crossed_this_round``
      counts this house's retreats per destination border in the current round.
    """
    if round_no <= 1:
        return []
    banned = [a for a in enemy_entries if a not in own_entries] if is_player2 else enemy_entries
    return _open_neighbours(game_map, area, house, houses_in, crossed_this_round, rules, banned)


def must_retreat(round_no: int, attacking: bool, rounds: int) -> bool:
    """6.2: in the last of the ``rounds`` battle rounds (4) the Attacker's blocks must retreat
    in their battle turns."""
    return round_no >= rounds and attacking


def regroup_destinations(
    rules: Parameters,
    game_map: GameMap,
    area: str,
    house: str,
    *,
    houses_in: Callable[[str], Iterable[str]],
    crossed_this_turn: Mapping[str, int] | None = None,
) -> list[str]:
    """Areas (sorted) a victorious block may regroup to (6.7): adjacent, friendly or vacant,
    within the border limits counted with the game turn's movement (digest A-20 reading):
    ``crossed_this_turn`` maps each neighbour to the crossings of that border by this house so
    far this turn (under the per-battle reading the caller passes this battle's regroups only)."""
    return _open_neighbours(game_map, area, house, houses_in, crossed_this_turn, rules)


# ---------------------------------------------------------------------------- 6.8 eliminations


class Fate(NamedTuple):
    """Where an eliminated block goes (6.8).

    ``where``: ``"dead"`` (permanently out of the game), ``"pool"`` (face-down in
    ``place``'s pool) or ``"home"`` (face-down in the exile area ``place``).
    ``heir_of``: the house that lost an heir (one minor enters for it at the next supply
    phase, 6.82), else None.
    """

    where: str
    place: str | None
    heir_of: str | None = None


_HEIR_IDENTITIES = {"clarence": "york", "exeter": "lancaster"}  # 9.1: heirs that can defect


def elimination_fate(block: Block, pretender_house: str) -> Fate:
    """6.81-6.85 (and 9.1): what becomes of ``block`` when it is eliminated.

    * heirs die for ever (6.82); so does a defected Clarence or Exeter, which counts as the
      death of his original house's heir (9.1);
    * rose nobles and the three Nevilles die for ever (6.83);
    * other nobles and church blocks go face-down to their owner's pool (6.83);
    * levies and Bombards face-down to their owner's pool (6.84);
    * mercenaries face-down in their home exile area; the Welsh to the Lancaster pool (6.84);
    * the Rebel face-down to the Pretender's pool (6.85).
    """
    kind = block.type
    if kind == "heir":
        return Fate("dead", None, block.house)
    if block.identity in _HEIR_IDENTITIES:
        return Fate("dead", None, _HEIR_IDENTITIES[block.identity])
    if kind == "noble":
        if block.rose or block.neville:
            return Fate("dead", None)
        return Fate("pool", block.house)
    if kind in ("church", "levy", "bombard"):
        return Fate("pool", block.house)
    if kind == "mercenary":
        if block.home is None:  # the Welsh
            return Fate("pool", "lancaster")
        return Fate("home", block.home)
    if kind == "rebel":
        return Fate("pool", pretender_house)
    raise ValueError(f"unknown block type {kind!r} for {block.id}")


# ---------------------------------------------------------------------------- end of battle


def battle_over(engaged: Mapping[str, int], waiting: Mapping[str, int]) -> tuple[bool, str | None]:
    """Digest A-56: the battle ends when a side has neither engaged blocks nor reserves still
    to arrive. ``engaged`` / ``waiting`` count blocks per house. Returns ``(over, winner)``;
    the winner is the side with blocks left (None if neither has any)."""
    alive = [h for h in HOUSES if engaged.get(h, 0) + waiting.get(h, 0) > 0]
    if len(alive) == 2:
        return False, None
    return True, (alive[0] if alive else None)
