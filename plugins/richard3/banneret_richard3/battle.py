"""Battles of Richard III (rules 6.0-6.91 and the digest's consolidated algorithm 6.x).

The game flow fights one battle with ``call(state, "Battle", area=area_id)``; the battle ends
with ``end(state, winner)`` where ``winner`` is the victorious house or None. The procedures
reached from it are listed in :data:`BATTLE_PROCEDURES` (pass them to ``Flow(extra=...)``)::

    Battle            6.1   reveal, pre-battle Treason roll, rounds 1-4, regroup, stand up
      TreasonRoll     5.1   the Treason card's roll before round 1 (event sidebar, A-4)
      BattleRound     6.2   one round: every engaged block has one battle turn, in order
        BattleHits    6.4   the owner picks which of equally strongest blocks takes the hits
      Regroup         6.7   the winner's blocks may step into adjacent friendly/vacant areas

A battle turn is one atomic choice naming the block, so the owner also picks the order of
his same-letter blocks (digest D17): ``fire: warwick_y``, ``pass: warwick_y``,
``retreat warwick_y -> kent``, ``charge march on exeter_l``, ``treachery warwick_y on
stanley_l``. The battle's own bookkeeping is the ``Battle`` frame's record, a
:class:`BattleRecord`: the nested procedures find it with ``record(state, BattleRecord)``,
views and other modules with :func:`current`; it is gone when the battle ends. The one
battle fact that outlives a battle, the Treason roll of the game turn (A-4), is
:attr:`R3State.treason_rolled`. The rules are the pure functions of
:mod:`banneret_richard3.combat`.

Outside battles the game uses :func:`eliminate` (6.8, e.g. for supply losses and Plague) and
:func:`lose_step`.

Options read (declared by the game's GameInfo; the first value is the default):

* ``neville_loyalty``: ``"it"`` (Kent/Salisbury loyalty 2, 1 against Warwick) | ``"pl"``
  (only Warwick may roll against them, at 2) -- 6.91, A-1.
* ``treason_rolls``: ``"once"`` (one Treason roll in one battle of the turn, as the original
  rulebooks say) | ``"per_battle"`` (one before each battle of the turn) -- A-4.
* ``pretender_succession``: ``"immediate"`` (:func:`eliminate` names a dead Pretender's
  successor at once) | ``"supply"`` (at the next supply phase) -- 3.21, A-29.
* ``regroup_limits``: ``"turn"`` (regroups count with the game turn's crossings) |
  ``"battle"`` (a fresh allowance per battle) -- 6.7, A-20.
"""

from __future__ import annotations

from typing import Any, Iterator

from banneret import Action, Frame, Pending, Procedure, State
from banneret.flow import FlowError, call, end, record
from banneret.gamedata import copied, gamedata, shared

from banneret_richard3 import combat
from banneret_richard3.state import DEAD, OFFMAP, POOL, R3State, house_map, other, parameters, tables
from banneret_richard3.victory import check_defected_last_heir, victory

__all__ = [
    "BattleRecord",
    "current",
    "Battle",
    "TreasonRoll",
    "BattleRound",
    "BattleHits",
    "Regroup",
    "BATTLE_PROCEDURES",
    "eliminate",
    "lose_step",
    "effective_fire",
]


# ---------------------------------------------------------------------------- the record


@gamedata
class BattleRecord:
    """The bookkeeping of the battle being fought: the ``Battle`` frame's record, cloned with
    it, part of the state's identity, gone when the battle ends (built by :func:`_setup`)."""

    area: str = shared()
    """The contested area fought over."""
    attacker: str = shared()
    """The attacking house (6.1); a round-1 wipe-out of the Defender swaps the roles (6.3)."""
    defender: str = shared()
    """The defending house: the one that occupied the area first (A-55), or after a swap (6.3)."""
    reserves: tuple[str, ...] = shared()
    """Blocks waiting in Reserve: they arrive at the start of round 2 (6.3); defectors join here (6.9)."""
    was_reserve: tuple[str, ...] = shared()
    """The blocks that started the battle in Reserve (they act after the others of their letter, 6.2)."""
    entered: dict[str, tuple[str, ...]] = copied()
    """House -> the areas its blocks entered the battle area from this game turn (6.6 retreats)."""
    pirates: tuple[tuple[str, str], ...] = shared()
    """(block, sea) for each Piracy sea attacker: it retreats and regroups by that sea (A-7)."""
    round: int = shared(default=0)
    """The round being fought, 1-4 (6.2); 0 before round 1."""
    to_act: tuple[str, ...] = shared(default=())
    """Blocks yet to have their battle turn this round (6.2)."""
    group: tuple[str, ...] = shared(default=())
    """The blocks whose battle turn waits for their owner (same letter, 6.2)."""
    land: tuple[str, ...] = shared(default=())
    """The land retreats open to :attr:`group`'s house, fixed while the turn waits (6.6)."""
    retreats: tuple[tuple[str, str], ...] = shared(default=())
    """(house, destination) of each land retreat this round (border limits, 6.6)."""
    used: tuple[str, ...] = shared(default=())
    """Treachery rolls spent in this battle, as ``house:source`` (one per source, 6.9)."""
    rolled_on: tuple[str, ...] = shared(default=())
    """The identity rolled against by each treachery roll of this battle (the cap of 6.9)."""
    defected: tuple[str, ...] = shared(default=())
    """Identities that changed sides in this battle (6.9)."""
    swapped: bool = shared(default=False)
    """Whether a round-1 wipe-out swapped Attacker and Defender (6.3)."""
    deployed: tuple[str, ...] = shared(default=())
    """Reserves deployed at once by that wipe-out: idle until round 2 (6.3)."""
    regrouped: tuple[str, ...] = shared(default=())
    """Blocks that have regrouped (each at most once, 6.7)."""
    regrouped_to: tuple[str, ...] = shared(default=())
    """The destination of each land regroup: the allowance when regroups count per battle (A-20)."""


def current(state: State) -> BattleRecord | None:
    """The record of the battle being fought, or None between battles (for views, other
    modules and tests; the battle's own procedures use ``record(state, BattleRecord)``)."""
    if state.data.battle_area is None:
        return None
    try:
        return record(state, BattleRecord)
    except FlowError:  # the game ended inside the battle and the flow dropped it
        return None


# ---------------------------------------------------------------------------- helpers


def _split(d: R3State, b: BattleRecord) -> dict[str, list[str]]:
    """Each house's blocks in the battle that are not waiting in Reserve (one pass)."""
    reserves = b.reserves
    house_of = house_map(d.king)
    out: dict[str, list[str]] = {"lancaster": [], "york": []}
    for x in d.at[b.area]:
        if x not in reserves:
            out[house_of[x]].append(x)
    return out


def _engaged(d: R3State, b: BattleRecord, house: str) -> list[str]:
    """``house``'s blocks in the battle that are not waiting in Reserve."""
    return _split(d, b)[house]


def _dead_ids(d: R3State) -> set[str]:
    """Heir blocks whose identity is dead (opens their specific royal shields, 2.2)."""
    t = tables()
    out = set()
    for shields in t.royal_shields.values():
        for s in shields:
            if s.heir is None:
                continue
            heir = t.blocks[s.heir]
            if d.loc[s.heir] == DEAD or (heir.counterpart is not None and d.loc[heir.counterpart] == DEAD):
                out.add(s.heir)
    return out


def effective_fire(d: R3State, b: BattleRecord, block: str) -> int:
    """Firepower of ``block`` in battle ``b`` now: printed number plus its defensive bonus
    (2.2-2.6, 6.4)."""
    t = tables()
    info = t.blocks[block]
    house = d.house_of(block)
    if house != b.defender:
        return combat.firepower(info)
    heirs: list[Any] = []
    dead: set[str] = set()
    if info.type == "heir":
        heirs = [t.blocks[x] for x in _engaged(d, b, house) if t.blocks[x].type == "heir"]
        dead = _dead_ids(d)
    bonus = combat.defence_bonus(
        info, b.area, defending=True, game_map=t.map, king_house=d.king,
        side_heirs=heirs, dead=dead,
    )
    return combat.firepower(info, bonus)


def _houses_in(d: R3State):
    """``area -> houses present`` for the pure resolvers (an iterator, may repeat)."""
    house_of = house_map(d.king).__getitem__
    at = d.at

    def houses(area: str) -> Iterator[str]:
        return map(house_of, at[area])  # read once: no tuple needed

    return houses


# ---------------------------------------------------------------------------- 6.8


def eliminate(state: State, block: str, why: str = "eliminated") -> combat.Fate:
    """Remove ``block`` from play by rule 6.8 and do the succession bookkeeping (6.81, 6.82, 9.0).

    Usable outside battle (supply losses 7.1, Plague). Heirs (and a defected Clarence/Exeter)
    die for ever and count one minor to enter at the next supply phase; the King's or
    Pretender's death empties that role until the supply phase names a successor; killing a
    house's last heir ends the game (``winner`` / ``reason`` are set).
    """
    d: R3State = state.data
    t = tables()
    info = t.blocks[block]
    fate = combat.elimination_fate(info, d.pretender)
    owner = d.house_of(block)
    # a block fighting in a battle stands revealed; outside battle only heirs (kept by the
    # enemy as a record, 6.82) are named to the opponent
    public = block in d.revealed or fate.heir_of is not None
    d.revealed.discard(block)
    if fate.where == "dead":
        d.place(block, DEAD)
    elif fate.where == "pool":
        d.place(block, POOL)
        d.down.add(block)
    else:  # a mercenary face-down at home (6.84): located there, but not in play
        d.place(block, POOL)
        d.loc[block] = fate.place  # type: ignore[assignment]
        d.down.add(block)
    where = {"dead": "is dead", "pool": "goes face-down to the pool", "home": f"goes face-down to {fate.place}"}
    text = f"{info.name} {why} and {where[fate.where]}"
    if public:
        state.emit(text, "battle")
    else:
        state.emit(text, "battle", only=(owner,), public=f"a {owner} block is eliminated")
    if fate.heir_of is not None:
        d.heirs_killed[fate.heir_of] = d.heirs_killed.get(fate.heir_of, 0) + 1
        if block == d.king_block:
            d.king_block = None
            state.emit("The KING is dead", "crown")
        if block == d.pretender_block:
            d.pretender_block = None
            state.emit("The PRETENDER is dead", "crown")
            if state.options["pretender_succession"] == "immediate":  # A-29 (the originals' reading)
                d.pretender_block = d.senior_heir(d.pretender)
                if d.pretender_block is not None:
                    state.emit(f"{d.pretender_block} is now the {d.pretender} PRETENDER", "crown")
        if state.ended is None and d.heirs_alive(fate.heir_of) == 0:
            winner = other(fate.heir_of)
            victory(state, winner, f"all five {fate.heir_of} heirs are dead (9.0)")
        check_defected_last_heir(state)
    fought = current(state)
    if fought is not None:
        _forget(fought, block)
    return fate


def lose_step(state: State, block: str, steps: int = 1, why: str = "loses its last step") -> bool:
    """Reduce ``block`` by ``steps``; at 0 it is eliminated by 6.8. Returns True if eliminated."""
    d: R3State = state.data
    left = d.steps[block] - steps
    if left <= 0:
        eliminate(state, block, why)
        return True
    d.steps[block] = left
    return False


def _forget(b: BattleRecord, block: str) -> None:
    """Drop ``block`` from the battle's waiting lists."""
    if block in b.to_act:
        b.to_act = tuple(x for x in b.to_act if x != block)
    if block in b.reserves:
        b.reserves = tuple(x for x in b.reserves if x != block)


# ---------------------------------------------------------------------------- set-up


def _setup(state: State, area: str) -> BattleRecord:
    """The record of a battle in ``area`` as it starts (6.1, 6.3): who attacks and defends,
    the Reserves, the borders each side came by, the Piracy sea attackers."""
    d: R3State = state.data
    blocks = d.at[area]
    defender = d.defender.get(area)
    if defender is None:  # fall back: the house whose block arrived first
        defender = d.house_of(blocks[0])
    entries = d.entries.get(area, ())
    came: dict[str, str] = {}
    for blk, src in entries:
        came[blk] = src
    reserves = _reserves(d, area, defender, came)
    if not any(d.house_of(x) == defender and x not in reserves for x in blocks):
        # Player 2 emptied the area he defended and sent other blocks in: they entered an
        # area held by the enemy alone, so they attack it and Player 1 defends.
        defender = other(defender)
        reserves = _reserves(d, area, defender, came)
    attacker = other(defender)
    reserved = tuple(sorted(reserves))
    enter: dict[str, set[str]] = {"lancaster": set(), "york": set()}
    pirates = []
    for blk, src in entries:
        house = d.house_of(blk)
        if src.startswith("sea:"):
            # only an attack may come from the sea (Piracy); a defender that sailed in
            # earlier this turn retreats by land like any other
            if blk in blocks and house == attacker:
                pirates.append((blk, src[4:]))
        else:
            enter[house].add(src)
    d.battle_area = area
    return BattleRecord(
        area=area,
        attacker=attacker,
        defender=defender,
        reserves=reserved,
        was_reserve=reserved,
        entered={house: tuple(sorted(came_from)) for house, came_from in enter.items()},
        pirates=tuple(sorted(pirates)),
    )


def _reserves(d: R3State, area: str, defender: str, came: dict[str, str]) -> list[str]:
    """6.3: attackers that entered by a border other than the Main Attack, and Player 2's
    blocks that entered a battle Player 1 started, wait in Reserve until round 2."""
    attacker = other(defender)
    blocks = d.at[area]
    main = d.main_attack.get((area, attacker))
    if main is None:
        firsts = [came[blk] for blk in blocks if blk in came and d.house_of(blk) == attacker]
        main = firsts[0] if firsts else None
    defender_is_p2 = d.player1 is not None and defender != d.player1
    out = []
    for blk in blocks:
        if d.house_of(blk) == attacker:
            if blk in came and came[blk] != main:
                out.append(blk)
        elif defender_is_p2 and blk in came:
            out.append(blk)
    return out


def _check_wipeout(state: State, b: BattleRecord) -> None:
    """6.3 exception: the Defender's engaged blocks all gone in round 1 (or before it, A-4):
    its Reserves deploy at once and it becomes the Attacker for the rest of the battle."""
    d: R3State = state.data
    if b.round > 1 or b.swapped:
        return
    defender = b.defender
    if _engaged(d, b, defender):
        return
    waiting = tuple(x for x in b.reserves if d.house_of(x) == defender)
    if not waiting:
        return
    b.reserves = tuple(x for x in b.reserves if x not in waiting)
    b.deployed = waiting  # they cannot act before round 2
    b.attacker, b.defender = defender, b.attacker
    b.swapped = True
    names = ", ".join(tables().blocks[x].name for x in waiting)
    state.emit(
        f"{defender}'s defenders are wiped out in round 1: its reserves ({names}) deploy at once; "
        f"{b.defender} now defends the area",
        "battle",
    )


def _outcome(d: R3State, b: BattleRecord) -> tuple[bool, str | None]:
    """:func:`combat.battle_over` (A-56) for the battle now: ``(over, winner)``, counting each
    side's engaged blocks and its reserves (they stand in the area too)."""
    reserves = b.reserves
    house_of = house_map(d.king)
    engaged = {"lancaster": 0, "york": 0}
    waiting = {"lancaster": 0, "york": 0}
    for x in d.at[b.area]:
        (waiting if x in reserves else engaged)[house_of[x]] += 1
    return combat.battle_over(engaged, waiting)


# ---------------------------------------------------------------------------- Battle


class Battle(Procedure):
    """One battle: reveal, Treason roll, up to four rounds, regroup, stand blocks up."""

    name = "Battle"
    rule = "6.1"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        area = frame.vars["area"]
        if not d.is_contested(area):  # nothing to fight (defensive: the flow asks only for contested areas)
            if area in d.battles:
                d.battles.remove(area)
            end(state, d.occupant(area))
            return
        b = frame.record = _setup(state, area)
        t = tables()
        shown = []
        for blk in d.at[area]:
            d.revealed.add(blk)
            tag = " (reserve)" if blk in b.reserves else ""
            shown.append(f"{t.blocks[blk].name} {d.house_of(blk)} {d.steps[blk]}{tag}")
        state.emit(
            f"Battle in {t.area[area].name}: {b.attacker} attacks {b.defender}; " + ", ".join(shown),
            "battle",
            reveal=True,
        )
        frame.vars["stage"] = "treason"
        if _treason_available(state, b):
            call(state, TreasonRoll)
            return
        self._next(state, frame)

    def _next(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        b: BattleRecord = frame.record
        over, winner = _outcome(d, b)
        if over:
            self._finish(state, frame, winner)
            return
        if b.round >= parameters(state).battle_rounds:  # 6.2: the Attacker has left or died
            defender = b.defender
            self._finish(state, frame, defender if d.blocks_in(b.area, defender) else None)
            return
        b.round += 1
        call(state, BattleRound, round=b.round)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        if frame.vars.get("stage") == "regroup":
            self._done(state, frame, frame.vars["winner"])
            return
        self._next(state, frame)

    def _finish(self, state: State, frame: Frame, winner: str | None) -> None:
        d: R3State = state.data
        b: BattleRecord = frame.record
        area = b.area
        if winner is not None:
            state.emit(f"{winner} wins the battle in {tables().area[area].name}", "battle")
        else:
            state.emit(f"the battle in {tables().area[area].name} ends with no victor", "battle")
        frame.vars["winner"] = winner
        if winner is not None and d.blocks_in(area, winner) and _regroup_options(state, b, winner):
            frame.vars["stage"] = "regroup"
            call(state, Regroup, house=winner)
            return
        self._done(state, frame, winner)

    def _done(self, state: State, frame: Frame, winner: str | None) -> None:
        """Stand the blocks up and end the battle: its record goes with its frame."""
        d: R3State = state.data
        area = frame.record.area
        d.revealed.clear()  # 6.1: stand the blocks upright again
        state.emit(f"the blocks in {tables().area[area].name} stand up again", "battle")
        d.battle_area = None
        if area in d.battles:
            d.battles.remove(area)
        end(state, winner)


# ---------------------------------------------------------------------------- Treason


def _treason_available(state: State, b: BattleRecord) -> bool:
    d: R3State = state.data
    house = d.treason
    if house is None:
        return False
    if state.options["treason_rolls"] == "once" and d.treason_rolled:
        return False
    if not d.blocks_in(b.area, house):
        return False
    return bool(_treason_targets(state, b, house))


def _treason_targets(state: State, b: BattleRecord, house: str) -> list[str]:
    d: R3State = state.data
    t = tables()
    enemies = [t.blocks[x] for x in _engaged(d, b, other(house))]
    return combat.treachery_targets(
        "treason", enemies, roles=_roles(d), defected=b.defected,
        rolls_against=_roll_counts(b), reading=state.options["neville_loyalty"],
    )


def _roles(d: R3State) -> tuple[str, ...]:
    return tuple(x for x in (d.king_block, d.pretender_block) if x is not None)


def _roll_counts(b: BattleRecord) -> dict[str, int]:
    out: dict[str, int] = {}
    for ident in b.rolled_on:
        out[ident] = out.get(ident, 0) + 1
    return out


class TreasonRoll(Procedure):
    """The Treason card's treachery roll before round 1 (event sidebar; A-4)."""

    name = "TreasonRoll"
    rule = "5.1"

    def pending(self, state: State, frame: Frame) -> Pending:
        return Pending((state.data.treason,), "treason", "Treason: make a treachery roll before the battle?")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        b = record(state, BattleRecord)
        out = [Action(player, f"treason on {x}", "treason", x) for x in _treason_targets(state, b, player)]
        out.append(Action(player, "no treason roll", "no-treason"))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d: R3State = state.data
        if action.kind == "treason":
            b = record(state, BattleRecord)
            d.treason_rolled = True
            _treachery(state, b, action.player, "treason", action.args)
            _check_wipeout(state, b)
        end(state)


# ---------------------------------------------------------------------------- treachery


def _treachery(state: State, b: BattleRecord, house: str, source: str, target: str) -> bool:
    """Roll against ``target``; on success its other version joins ``house``'s Reserve (6.9)."""
    d: R3State = state.data
    t = tables()
    info = t.blocks[target]
    n = combat.treachery_dice(info, source, state.options["neville_loyalty"])
    assert n is not None
    dice = state.rng.dice(n, 6)
    b.used = b.used + (f"{house}:{source}",)
    b.rolled_on = b.rolled_on + (info.identity,)
    ok = combat.treachery_succeeds(dice)
    state.emit(
        f"{house} ({source}) treachery roll on {info.name}: {dice} -> " + ("defects!" if ok else "stays loyal"),
        "battle",
    )
    if not ok:
        return False
    turncoat = info.counterpart
    assert turncoat is not None
    area = d.loc[target]
    strength = d.steps[target]
    _forget(b, target)
    d.revealed.discard(target)
    d.place(target, OFFMAP)
    d.place(turncoat, area)
    d.steps[turncoat] = strength
    d.revealed.add(turncoat)
    b.reserves = tuple(sorted(b.reserves + (turncoat,)))
    b.defected = b.defected + (info.identity,)
    state.emit(f"{t.blocks[turncoat].name} joins {house}'s reserve at strength {strength}", "battle", reveal=True)
    check_defected_last_heir(state)
    return True


# ---------------------------------------------------------------------------- retreats


def _retreats(state: State, b: BattleRecord, block: str, land: list[str] | None = None) -> list[str]:
    """Where ``block`` may retreat now (6.6; Piracy attackers A-7); ``land`` is the house's
    land retreats when already computed."""
    d: R3State = state.data
    house = d.house_of(block)
    if b.round <= 1:
        return []
    if b.pirates:
        for blk, sea in b.pirates:
            if blk == block:
                return _sea_moves(d, b, sea, house)
    return _land_retreats(state, b, house) if land is None else land


def _sea_moves(d: R3State, b: BattleRecord, sea: str, house: str) -> list[str]:
    """Friendly or vacant coastal areas of ``sea`` other than the battle area (A-7)."""
    t = tables()
    area = b.area
    return [
        a for a in t.coasts[sea]
        if a != area and t.exile_of[a] in (None, house) and d.houses_in(a) <= {house}
    ]


def _land_retreats(state: State, b: BattleRecord, house: str) -> list[str]:
    """Land retreats open to ``house``'s blocks now (6.6): the same for all its blocks."""
    d: R3State = state.data
    rnd = b.round
    if rnd <= 1:
        return []
    area = b.area
    t = tables()
    crossed: dict[str, int] = {}
    for h, dest in b.retreats:
        if h == house:
            crossed[dest] = crossed.get(dest, 0) + 1
    return combat.retreat_destinations(
        parameters(state), t.map, area, house, rnd,
        houses_in=_houses_in(d),
        enemy_entries=b.entered[other(house)],
        own_entries=b.entered[house],
        is_player2=d.player1 is not None and house != d.player1,
        crossed_this_round=crossed,
    )


# ---------------------------------------------------------------------------- BattleRound


def _group(d: R3State, b: BattleRecord) -> tuple[str, ...]:
    """The blocks whose battle turn comes next (6.2): :func:`combat.next_group` of the blocks
    yet to act, keyed by :func:`combat.turn_key` (the int form of the initiative order)."""
    defender = b.defender
    rnd = b.round
    was_reserve = b.was_reserve
    blocks = tables().blocks
    house_of = house_map(d.king)
    key = combat.turn_key
    return combat.next_group(
        (x, key(blocks[x], rnd, house_of[x] == defender, x in was_reserve)) for x in b.to_act
    )


def _source(d: R3State, b: BattleRecord, block: str) -> str | None:
    """The treachery roll ``block`` may still make in this battle (6.9), or None."""
    src = combat.treachery_source(tables().blocks[block], d.house_of(block), d.king_block, d.pretender_block)
    if src is None or f"{d.house_of(block)}:{src}" in b.used:
        return None
    return src


def _turn_actions(
    state: State, b: BattleRecord, block: str, player: str, enemies: list[str], own: list[str], land: list[str]
) -> list[Action]:
    """The choices of ``block`` in its battle turn (6.2, 6.5, 6.6, 6.9); ``enemies`` / ``own``
    are the engaged blocks of each side, ``land`` the land retreats open to the block's house."""
    d: R3State = state.data
    house = d.house_of(block)
    if combat.must_retreat(b.round, house == b.attacker, parameters(state).battle_rounds):
        return [Action(player, f"retreat {block} -> {a}", "retreat", (block, a)) for a in _retreats(state, b, block, land)]
    out: list[Action] = []
    if enemies:
        out.append(Action(player, f"fire: {block}", "fire", block))
    out.append(Action(player, f"pass: {block}", "pass", block))
    for a in _retreats(state, b, block, land):
        out.append(Action(player, f"retreat {block} -> {a}", "retreat", (block, a)))
    if enemies:
        blocks = tables().blocks
        info = blocks[block]
        if info.type == "heir" and combat.can_charge(info, [blocks[x] for x in own]):
            for e in sorted(enemies):
                out.append(Action(player, f"charge {block} on {e}", "charge", (block, e)))
        if info.type == "heir" or info.identity == "warwick":
            src = _source(d, b, block)
            if src is not None:
                targets = combat.treachery_targets(
                    src, [blocks[x] for x in enemies], roles=_roles(d), defected=b.defected,
                    rolls_against=_roll_counts(b), reading=state.options["neville_loyalty"],
                )
                for e in targets:
                    out.append(Action(player, f"treachery {block} on {e}", "treachery", (block, e, src)))
    return out


def _needs_decision(state: State, b: BattleRecord, block: str, enemies: bool, land: list[str]) -> bool | None:
    """True if ``block``'s turn offers a real choice; False if it can only pass; None if it
    must retreat and cannot (it is eliminated, 6.6)."""
    d: R3State = state.data
    if combat.must_retreat(b.round, d.house_of(block) == b.attacker, parameters(state).battle_rounds):
        return True if _retreats(state, b, block, land) else None
    if enemies:
        return True
    return bool(_retreats(state, b, block, land))


class BattleRound(Procedure):
    """One battle round (6.2): each block in turn fires, passes, retreats, charges or rolls."""

    name = "BattleRound"
    rule = "6.2"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        b = record(state, BattleRecord)
        rnd = frame.vars["round"]
        if rnd >= 2 and b.reserves:
            names = ", ".join(tables().blocks[x].name for x in b.reserves)
            state.emit(f"round {rnd}: reserves arrive ({names})", "battle")
            b.reserves = ()
        else:
            state.emit(f"round {rnd}", "battle")
        b.retreats = ()
        area = b.area
        early = b.deployed if rnd == 1 else ()
        b.to_act = tuple(sorted(x for x in d.at[area] if x not in b.reserves and x not in early))
        self._advance(state, frame, b)  # which first checks for a round-1 wipe-out (6.3)

    def _advance(self, state: State, frame: Frame, b: BattleRecord) -> None:
        """Run automatic turns until a player must decide, the round ends or the battle ends."""
        d: R3State = state.data
        while True:
            if state.ended is not None:
                return  # 9.0: a death in this battle ended the game
            _check_wipeout(state, b)
            if _outcome(d, b)[0]:
                end(state, "over")
                return
            if not b.to_act:
                # 6.2: after round 4 no Attacker block may stay; late defectors must leave too
                if b.round >= parameters(state).battle_rounds and not frame.vars.get("late"):
                    late = tuple(sorted(d.blocks_in(b.area, b.attacker)))
                    frame.vars["late"] = True
                    if late:
                        b.reserves = tuple(x for x in b.reserves if x not in late)
                        b.to_act = late
                        continue
                end(state, None)
                return
            group = _group(d, b)
            decide = False
            house = d.house_of(group[0])
            enemies = bool(_split(d, b)[other(house)])
            land = _land_retreats(state, b, house) if b.round > 1 else []
            for blk in group:
                need = _needs_decision(state, b, blk, enemies, land)
                if need is None:
                    eliminate(state, blk, "must retreat but cannot")
                    decide = False
                    break
                if need:
                    decide = True
            else:
                if decide:
                    b.group = group
                    b.land = tuple(land)  # unchanged until the decision is made
                    return
                for blk in group:  # nothing to do but pass
                    b.to_act = tuple(x for x in b.to_act if x != blk)
                continue

    def pending(self, state: State, frame: Frame) -> Pending:
        d: R3State = state.data
        group = record(state, BattleRecord).group
        owner = d.house_of(group[0])
        return Pending((owner,), "battle-turn", f"battle round {frame['round']}: battle turn of {', '.join(group)}")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        d: R3State = state.data
        b = record(state, BattleRecord)
        group = b.group
        house = d.house_of(group[0])
        sides = _split(d, b)
        land = list(b.land)
        out: list[Action] = []
        for blk in group:
            out.extend(_turn_actions(state, b, blk, player, sides[other(house)], sides[house], land))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d: R3State = state.data
        b = record(state, BattleRecord)
        kind = action.kind
        block = action.args if kind in ("fire", "pass") else action.args[0]
        b.to_act = tuple(x for x in b.to_act if x != block)
        t = tables()
        name = t.blocks[block].name
        if kind == "pass":
            state.emit(f"{name} passes", "battle")
        elif kind == "retreat":
            dest = action.args[1]
            d.place(block, dest)
            d.revealed.discard(block)
            if not any(x == block for x, _ in b.pirates):  # sea retreats use no land border
                b.retreats = b.retreats + ((d.house_of(block), dest),)
            state.emit(f"{name} retreats to {t.area[dest].name}", "battle")
        elif kind == "fire":
            fire = effective_fire(d, b, block)
            dice = state.rng.dice(d.steps[block], 6)
            hits = combat.count_hits(dice, fire)
            state.emit(f"{name} fires {dice} at {fire}: {hits} hit(s)", "battle")
            if hits:
                target = other(d.house_of(block))
                volley = _volley(state, b, target, hits)
                if volley.tied:
                    call(state, BattleHits, house=target, hits=volley.left, tied=volley.tied)
                    return
        elif kind == "charge":
            _charge(state, b, block, action.args[1])
        elif kind == "treachery":
            _treachery(state, b, d.house_of(block), action.args[2], action.args[1])
        self._advance(state, frame, b)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        self._advance(state, frame, record(state, BattleRecord))


# ---------------------------------------------------------------------------- hits


def _volley(state: State, b: BattleRecord, target_house: str, hits: int, chosen: str | None = None) -> combat.Volley:
    """Put ``hits`` on ``target_house``'s engaged blocks by :func:`combat.allocate_volley`
    (6.4), ``chosen`` being the owner's pick among tied blocks; the result's ``tied`` is not
    empty when the owner must choose (again) among equally strong blocks."""
    d: R3State = state.data
    strengths = {x: d.steps[x] for x in _engaged(d, b, target_house)}
    volley = combat.allocate_volley(hits, strengths, chosen)
    for block, taken in volley.taken:
        _hit(state, block, taken)
    return volley


def _hit(state: State, block: str, hits: int) -> None:
    """Put ``hits`` (at most its strength) on one block."""
    d: R3State = state.data
    new = d.steps[block] - hits
    if new == 0:
        eliminate(state, block, f"takes {hits} hit(s)")
    else:
        d.steps[block] = new
        state.emit(f"{tables().blocks[block].name} takes {hits} hit(s), strength {new}", "battle")


class BattleHits(Procedure):
    """The owner picks which of his equally strongest blocks absorbs the hits (6.4)."""

    name = "BattleHits"
    rule = "6.4"

    def pending(self, state: State, frame: Frame) -> Pending:
        return Pending((frame.vars["house"],), "take-hits", f"{frame['hits']} hit(s): which block takes them?")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        return [Action(player, f"take hits: {x}", "take-hits", x) for x in frame.vars["tied"]]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        volley = _volley(state, record(state, BattleRecord), frame.vars["house"], frame.vars["hits"], action.args)
        if volley.tied:
            frame.vars["hits"] = volley.left
            frame.vars["tied"] = volley.tied
            return
        end(state)


# ---------------------------------------------------------------------------- charge


def _charge(state: State, b: BattleRecord, heir: str, target: str) -> None:
    """6.5 (A-23) by :func:`combat.resolve_charge`: the heir's volley all on ``target``, excess
    lost; a survivor strikes back."""
    d: R3State = state.data
    t = tables()
    heir_fire = effective_fire(d, b, heir)
    target_fire = effective_fire(d, b, target)
    result = combat.resolve_charge(d.steps[heir], heir_fire, d.steps[target], target_fire, state.rng.dice)
    heir_name, target_name = t.blocks[heir].name, t.blocks[target].name
    state.emit(f"{heir_name} charges {target_name}: {list(result.heir_dice)} at {heir_fire}: {result.hits} hit(s)", "battle")
    if result.target_strength == 0:
        eliminate(state, target, "is cut down by the charge")
        return
    d.steps[target] = result.target_strength
    state.emit(
        f"{target_name} (strength {result.target_strength}) strikes back: {list(result.counter_dice)} at "
        f"{target_fire}: {result.counter_hits} hit(s)",
        "battle",
    )
    if result.heir_strength == 0:
        eliminate(state, heir, "falls in the charge")
    else:
        d.steps[heir] = result.heir_strength


# ---------------------------------------------------------------------------- Regroup


def _regroup_crossed(state: State, b: BattleRecord, house: str) -> dict[str, int]:
    """Crossings from the battle area that count against ``house``'s regroups, per
    destination: this battle's regroups, or the game turn's moves too (6.7, A-20)."""
    d: R3State = state.data
    area = b.area
    if state.options["regroup_limits"] == "battle":
        out: dict[str, int] = {}
        for dest in b.regrouped_to:
            out[dest] = out.get(dest, 0) + 1
        return out
    # one pass over the turn's few crossings (keys: house, area_a, area_b) is cheaper than
    # looking up every border of the area
    out = {}
    for (h, a, z), n in d.crossings.items():
        if h == house:
            if a == area:
                out[z] = n
            elif z == area:
                out[a] = n
    return out


def _regroup_land(state: State, b: BattleRecord, house: str) -> list[str]:
    """Land regroup destinations of ``house`` now (6.7); Piracy attackers use :func:`_sea_moves` (A-7)."""
    d: R3State = state.data
    crossed = _regroup_crossed(state, b, house)
    return combat.regroup_destinations(
        parameters(state), tables().map, b.area, house, houses_in=_houses_in(d), crossed_this_turn=crossed,
    )


def _regroup_options(state: State, b: BattleRecord, house: str) -> list[tuple[str, str]]:
    d: R3State = state.data
    land: list[str] | None = None
    pirates = dict(b.pirates)
    out = []
    for blk in sorted(d.blocks_in(b.area, house)):
        if blk in b.regrouped:
            continue
        if blk in pirates:
            dests = _sea_moves(d, b, pirates[blk], house)
        else:
            if land is None:
                land = _regroup_land(state, b, house)
            dests = land
        for dest in dests:
            out.append((blk, dest))
    return out


class Regroup(Procedure):
    """6.7: the winner's blocks (reserves included) may move to adjacent friendly or vacant
    areas, within border limits; each block at most once; ``end regroup`` stops."""

    name = "Regroup"
    rule = "6.7"

    def pending(self, state: State, frame: Frame) -> Pending:
        return Pending((frame.vars["house"],), "regroup", "Regroup victorious blocks?")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        out = [Action(player, f"regroup {blk} -> {dest}", "regroup", (blk, dest)) for blk, dest in _regroup_options(state, record(state, BattleRecord), player)]
        out.append(Action(player, "end regroup", "end-regroup"))
        return out

    def act(self, state: State, frame: Frame, action: Action) -> None:
        d: R3State = state.data
        b = record(state, BattleRecord)
        if action.kind == "end-regroup":
            end(state)
            return
        blk, dest = action.args
        area = b.area
        house = frame.vars["house"]
        d.place(blk, dest)
        d.revealed.discard(blk)
        b.regrouped = b.regrouped + (blk,)
        if not any(x == blk for x, _ in b.pirates):
            b.regrouped_to = b.regrouped_to + (dest,)
            d.cross(house, area, dest)
        state.emit(f"{tables().blocks[blk].name} regroups to {tables().area[dest].name}", "battle")
        if not _regroup_options(state, b, house):
            end(state)


BATTLE_PROCEDURES = [Battle, TreasonRoll, BattleRound, BattleHits, Regroup]
