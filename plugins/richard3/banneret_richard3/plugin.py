"""Richard III: The Wars of the Roses (Columbia Games, rules 1.02) as a Banneret game.

Two players, Lancaster and York, fight up to three campaigns of seven game turns for the crown
of England with wooden blocks whose identity and strength the opponent cannot see. The
sequence of play is declared below as the rulebook gives it; each rules section lives in its
own module (cards, movement, battle, supply, politics).
"""

from __future__ import annotations

from typing import Any

from banneret import (
    Action, Flow, ForEach, Frame, Game, GameInfo, OptionSpec, Pending, Procedure, Repeat, Rng,
    Scenario, State, Steps, hookimpl,
)
from banneret.boards import BoardContext, BoardDrawing
from banneret.flow import call, end

from banneret_richard3.battle import BATTLE_PROCEDURES, BattleRecord, current, effective_fire
from banneret_richard3.cards import CardPhase, DealCards, Redeal, card_label
from banneret_richard3.movement import (
    Actions, AlsoShip, LandGroup, LandMove, LandPath, MainAttack, Muster, MusterPath, Recruit, SeaMove, ShipBlock, ShipTo,
)
from banneret_richard3.politics import (
    CampaignReset, KingHome, LeviesDisband, PretenderHome, Usurpation, campaign_over, game_over,
)
from banneret_richard3.scenarios import free_henry_vi
from banneret_richard3.evaluation import chances
from banneret_richard3.render import render_view
from banneret_richard3.state import (
    BORDER_COLOURS, DEAD, DEFAULT_PARAMETERS, HOUSES, MINOR, OFF_BOARD, OFFMAP, POOL, PRISONER, R3State, initial_state, other,
    parameters, parameters_from, tables,
)
from banneret_richard3.supply import EndGameTurn, Execution, SupplyLimits, Succession, supply_limit

__all__ = ["RichardIII", "BattlePhase", "banneret_games", "banneret_agents", "banneret_board"]


# --------------------------------------------------------------------------- 1.3 / 6.1


class BattlePhase(Procedure):
    """Every contested area is fought, one at a time, in the order Player 1 picks (1.3, 6.1)."""

    rule = "6.1"

    def start(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        d.phase = "battle"
        d.battles = d.contested_areas()
        self._next(state, frame)

    def _next(self, state: State, frame: Frame) -> None:
        d: R3State = state.data
        d.battles = [a for a in d.battles if d.is_contested(a)]
        if not d.battles:
            end(state)
            return
        if len(d.battles) == 1:
            self._fight(state, d.battles[0])

    def _fight(self, state: State, area: str) -> None:
        d: R3State = state.data
        d.battles.remove(area)
        call(state, "Battle", area=area)

    def pending(self, state: State, frame: Frame) -> Pending:
        d: R3State = state.data
        return Pending((d.player1,), "battle-order", "Choose the next battle")

    def actions(self, state: State, frame: Frame, player: str) -> list[Action]:
        return [Action(player, f"fight battle in {a}", "battle", a) for a in state.data.battles]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        self._fight(state, action.args)

    def resume(self, state: State, frame: Frame, result: Any) -> None:
        free_henry_vi(state)
        self._next(state, frame)


def _action_order(state: State) -> tuple[str, ...]:
    """1.2: Player 1 acts first, then Player 2."""
    p1 = state.data.player1
    return (p1, other(p1))


# --------------------------------------------------------------------------- the game


OPTIONS = (
    OptionSpec("neville_loyalty", "it", "How loyal Kent and Salisbury are: 'it' = loyalty 2, but 1 when Warwick "
               "rolls against them; 'pl' = only Warwick may roll to turn them, at 2. (rule 6.91, reading A-1)",
               choices=("it", "pl")),
    OptionSpec("treason_rolls", "once", "What the Treason card gives: 'once' = one treachery roll in one battle of "
               "the turn, as both original rulebooks say; 'per_battle' = one in each battle. (reading A-4)",
               choices=("once", "per_battle")),
    OptionSpec("regroup_limits", "turn", "What counts against border limits when regrouping after a battle: "
               "'turn' = the game turn's moves across that border too; 'battle' = only that battle's regroups. "
               "(rule 6.7, reading A-20)",
               choices=("turn", "battle")),
    OptionSpec("plague_target", "occupied", "Which area the Plague card may strike: 'occupied' = one with a city "
               "held by the enemy alone; 'colour' = any occupied area with a city of the enemy's colour. "
               "(reading A-5)", choices=("occupied", "colour")),
    OptionSpec("pretender_succession", "immediate", "When a dead Pretender is replaced by his senior heir: "
               "'immediate' = at once, as in the original rules; 'supply' = at the next supply phase. "
               "(rule 3.21, reading A-29)", choices=("immediate", "supply")),
    OptionSpec("bombard_sea_moves", False, "When on, Bombards may move by sea; when off (the default) they may "
               "not, being levies. (reading A-21)"),
    OptionSpec("last_heir_defected", "loses", "A house whose only surviving heir serves the enemy: 'loses' = it "
               "loses at once; 'plays' = it plays on until that heir is killed. (reading A-27)",
               choices=("loses", "plays")),
)


class RichardIII(Game):
    """Richard III: The Wars of the Roses."""

    info = GameInfo(
        id="richard3",
        name="Richard III: The Wars of the Roses",
        version="2",  # 1.02's rules on the real map and blocks (1: the placeholder data)
        description="Lancaster and York fight for the English crown with hidden blocks, 1460-1485 "
                    "(three scenarios on the real map).",
        rules_summary=(
            "Each game turn both play a card in secret: the higher card moves first. Move blocks by land "
            "and sea, recruit from your pool, fight battles with dice, keep within supply limits. After "
            "each campaign the Pretender usurps the throne with more nobles and heirs on the map. "
            "Kill all five enemy heirs, or be King after the scenario's last campaign."
        ),
        factions=HOUSES,
        min_players=2,
        max_players=2,
        scenarios=(
            Scenario("wars-of-the-roses", "1460, campaigns 1-3: Henry VI on the throne, the Duke of York in exile"),
            Scenario("kingmaker", "1470, campaign 2 only: Edward IV (March) is King; Warwick and Clarence have "
                     "joined Lancaster in France; Henry VI is York's prisoner in London"),
            Scenario("richard-iii", "1483, campaign 3 only: Richard III (Gloucester) is King; Henry Tudor "
                     "(Richmond), the last Lancastrian heir, waits in France"),
        ),
        options=OPTIONS,
        max_decisions=60_000,
        # The longest menus: a selected block's land paths, at most 122 (the simple paths of up
        # to three areas, Force March's reach, from Warwick, the best-connected area of this
        # map); recruits, at most 97 (every recruitable block's places); a block's battle turn,
        # fire, pass, its retreats and a charge or treachery per engaged enemy block; regroup,
        # a move per own block and destination. Largest seen in 1,500 random games: 114
        # (paths), 38 (recruits), 36 (battle turn), 25 (regroup).
        max_actions=200,
        hidden_information=True,
        coverage="rules 1.02 in full (1.0-9.1) on the real map, blocks and cards; the three published "
                 "scenarios: docs/games/richard3.md",
    )
    flow = Flow(
        Repeat("campaign", rule="1.0", until=game_over, steps=[
            DealCards,
            Redeal,
            Repeat("game turn", rule="1.0", until=campaign_over, steps=[
                CardPhase,
                ForEach("action phase", rule="1.2", over=_action_order, var="house", steps=[Actions, MainAttack]),
                BattlePhase,
                Steps("supply phase", rule="7.0", steps=[Succession, SupplyLimits, Execution, EndGameTurn]),
            ]),
            Steps("political turn", rule="8.0", steps=[
                LeviesDisband, Usurpation, PretenderHome, KingHome, CampaignReset,
            ]),
        ]),
        # reached only by call or goto from the steps above
        extra=[
            LandMove, LandGroup, LandPath,          # 5.2 land moves (5.21 border limits)
            SeaMove, ShipBlock, ShipTo, AlsoShip,   # 5.3 sea moves (5.31 major ports)
            Recruit,                                # 5.4 recruitment
            Muster, MusterPath,                     # 5.1 the Muster card
            *BATTLE_PROCEDURES,                     # 6 battles
        ],
    )

    # --- set-up ------------------------------------------------------------------------
    def rule_parameters(self) -> dict[str, Any]:
        """The numbers a house rule may change (border limits, battle rounds, supply limits):
        the defaults of :class:`~banneret_richard3.state.Parameters`."""
        return dict(DEFAULT_PARAMETERS)

    def setup(self, state: State) -> R3State:
        state.rules = parameters_from(state.rules)  # typed and frozen, once per game
        return initial_state(state.scenario)

    def turn(self, state: State) -> int:
        """The game turns played in the scenario so far (7 a campaign, 1.2), counted from its first
        campaign: Kingmaker and Richard III, a single campaign each, play turns 1-7."""
        d: R3State = state.data
        return (d.campaign - tables().scenarios[state.scenario].first_campaign) * 7 + d.turn

    # --- views -------------------------------------------------------------------------
    def view(self, state: State, player: str | None) -> dict[str, Any]:
        d: R3State = state.data
        t = tables()
        rules = parameters(state)

        def sees(block: str) -> bool:
            return player is None or block in d.revealed or d.house_of(block) == player

        areas: dict[str, list[dict[str, Any]]] = {}
        for a in t.areas:
            if not d.at[a]:
                continue
            # visible blocks by id, then hidden ones by house: the order reveals nothing
            seen = sorted(b for b in d.at[a] if sees(b))
            hidden = sorted(d.house_of(b) for b in d.at[a] if not sees(b))
            areas[a] = [{"house": d.house_of(b), "block": b, "strength": d.steps[b]} for b in seen]
            areas[a] += [{"house": h} for h in hidden]
        pools: dict[str, Any] = {}
        for h in HOUSES:
            up = d.pool(h)
            down = [b for b in t.block_ids if b in d.down and _owner_of_down(d, b) == h]
            if player is None or player == h:
                pools[h] = {"face_up": up, "face_down": down}
            else:
                pools[h] = {"face_up": len(up), "face_down": len(down)}
        hands = {h: (list(d.hands[h]) if player in (None, h) else len(d.hands[h])) for h in HOUSES}
        chosen = {h: (d.chosen.get(h) if player in (None, h) else (h in d.chosen)) for h in HOUSES}
        dead = sorted(b for b in t.block_ids if d.loc[b] == DEAD)
        dead_public = [b for b in dead if t.blocks[b].type == "heir" or b in ("clarence_l", "exeter_y")]
        return {
            "campaign": d.campaign,
            "last_campaign": d.last_campaign,
            "prisoner": "henry_vi" if d.loc["henry_vi"] == PRISONER else None,
            "turn": d.turn,
            "phase": d.phase,
            "king": d.king,
            "pretender": d.pretender,
            "king_block": d.king_block,
            "pretender_block": d.pretender_block,
            "player1": d.player1,
            "cards": {h: card_label(c) for h, c in sorted(d.cards.items())},
            "ap": dict(d.ap),
            "hands": hands,
            "chosen": chosen,
            "redeal_used": dict(d.redeal_used),
            "areas": areas,
            "supply_limits": {a: supply_limit(a, rules) for a in t.areas},  # 7.1, 7.2
            "border_limits": dict(zip(BORDER_COLOURS, rules.border_limits)),  # 5.21
            "pools": pools,
            "minors": {h: d.minors(h) for h in HOUSES},
            "dead": dead if player is None else dead_public + [b for b in dead if b not in dead_public and t.blocks[b].house == player],
            "dead_count": {h: sum(1 for b in dead if t.blocks[b].house == h) for h in HOUSES},
            "battles": list(d.battles),
            "battle_area": d.battle_area,
            "main_attack": {f"{a}/{h}": cf for (a, h), cf in sorted(d.main_attack.items())},
            "moved": sorted(b for b in d.moved | d.recruited if player is None or d.house_of(b) == player),
            "battle": _battle_view(d, current(state), sees, rules.battle_rounds),
            "winner": None if state.ended is None else state.ended.winners[0],
        }

    def render(self, state: State, player: str | None) -> str:
        """The board as text for ``player``, made from ``view(state, player)`` alone (see
        :mod:`banneret_richard3.render`)."""
        return render_view(self.view(state, player), player, self.pending(state).players)

    # --- invariants (digest 14.1) -------------------------------------------------------
    def invariants(self, state: State) -> list[str]:
        return check_invariants(state)

    # --- hidden information -------------------------------------------------------------
    def resample_hidden(self, state: State, player: str, rng: Rng) -> State:
        """Redraw what ``player`` cannot see: the opponent's hand (and face-down card) from the
        cards ``player`` has not seen played, and which of the opponent's hidden blocks stands
        where (see :func:`_redraw_blocks`). The redraw depends on what ``player`` knows only."""
        new = state.clone()
        d: R3State = new.data
        opp = other(player)
        # a face-down card stays in its hand until revealed, so the hand already holds it
        unseen = sorted(d.hands[opp] + d.set_aside)  # sorted: the redraw depends on what ``player`` knows only
        rng.shuffle(unseen)
        n = len(d.hands[opp])
        d.hands[opp] = unseen[:n]
        rest = unseen[n:]
        if opp in d.chosen:
            d.chosen[opp] = d.hands[opp][0]
        d.set_aside = rest
        _redraw_blocks(d, opp, rng)
        return new


def _redraw_blocks(d: R3State, house: str, rng: Rng) -> None:
    """Deal ``house``'s hidden blocks anew among their places, each to a place a block of its
    own type held with the same history this game turn (unmoved, moved by land, by sea, or
    recruited: the other house saw that much), taking over that place's entries (6.3). Heirs,
    the KING and the PRETENDER included: their names are public, their places are not. Blocks
    face-down, revealed, captive or in the battle being fought keep their places."""
    t = tables()
    groups: dict[tuple[str, str], list[str]] = {}
    for b in t.block_ids:
        where = d.loc[b]
        if (d.house_of(b) != house or where not in d.at or where == d.battle_area
                or b in d.down or b in d.revealed):
            continue
        status = ("recruited" if b in d.recruited else "sea" if b in d.sea_moved
                  else "land" if b in d.moved else "still")
        groups.setdefault((t.blocks[b].type, status), []).append(b)
    if not groups:
        return
    entered: dict[str, list[tuple[str, int]]] = {}  # block -> its (area, index) in entries
    for area, found in d.entries.items():
        for i, (b, _) in enumerate(found):
            entered.setdefault(b, []).append((area, i))
    entries = {a: list(v) for a, v in d.entries.items()}
    for key in sorted(groups):
        blocks = groups[key]  # register order
        # the places with their histories, in an order that does not depend on who held them
        slots = sorted((d.loc[b], tuple(entered.get(b, ()))) for b in blocks)
        rng.shuffle(slots)
        for b in blocks:
            d.place(b, OFFMAP)
        for b, (area, history) in zip(blocks, slots):
            d.place(b, area)
            for where, i in history:
                entries[where][i] = (b, entries[where][i][1])
    d.entries = {a: tuple(v) for a, v in entries.items()}


def _battle_view(d: R3State, b: BattleRecord | None, sees: Any, rounds: int) -> dict[str, Any] | None:
    """The battle ``b`` being fought as the viewer sees it (None between battles): its round
    (of ``rounds``), sides and reserves (blocks revealed by the battle by name, strength and
    firepower; any others only counted)."""
    if b is None:
        return None
    reserves = set(b.reserves)
    sides: dict[str, list[dict[str, Any]]] = {h: [] for h in HOUSES}
    hidden: list[str] = []
    for x in sorted(d.at[b.area]):
        if sees(x):
            sides[d.house_of(x)].append({
                "block": x, "strength": d.steps[x], "fire": effective_fire(d, b, x), "reserve": x in reserves,
            })
        else:
            hidden.append(d.house_of(x))
    for h in sorted(hidden):
        sides[h].append({"house": h})
    return {
        "area": b.area,
        "round": b.round,
        "rounds": rounds,
        "attacker": b.attacker,
        "defender": b.defender,
        "sides": sides,
    }


def _owner_of_down(d: R3State, block: str) -> str:
    return d.house_of(block)


def check_invariants(state: State) -> list[str]:
    """Digest 14.1 invariants 1-16 that can be read from one state (4 and 9 compare two states
    and are tested along playouts)."""
    d: R3State = state.data
    t = tables()
    bad: list[str] = []
    # 1. 63 blocks: 31 red, 31 white, 1 black
    if len(d.loc) != 63 or sorted(d.loc) != sorted(t.block_ids):
        bad.append("the game does not hold exactly the 63 blocks")
    # bookkeeping: loc and at agree
    for a in t.areas:
        for b in d.at[a]:
            if d.loc[b] != a:
                bad.append(f"{b} is listed in {a} but located at {d.loc[b]}")
    for b in t.block_ids:
        where = d.loc[b]
        if where in OFF_BOARD:
            continue
        if where not in t.area:  # 6. never in a sea or an unused island
            bad.append(f"{b} is at {where}, which is not a playable area")
            continue
        if b not in d.at[where] and b not in d.down:
            bad.append(f"{b} is located in {where} but not listed there")
        info = t.blocks[b]
        if b not in d.down:
            # 3. strength within 1..max
            if not 1 <= d.steps[b] <= info.max_strength:
                bad.append(f"{b} has strength {d.steps[b]} outside 1-{info.max_strength}")
            # 5. never in the other house's exile
            ex = t.exile_of[where]
            if ex is not None and ex != d.house_of(b):
                bad.append(f"{b} stands in {where}, an exile area of the enemy")
        elif info.type != "mercenary" or where != info.home:
            bad.append(f"{b} is face-down at {where}, which is not its home")
    # 2. / 12. one version of a two-version identity at most in play; the dead stay dead
    for b in t.block_ids:
        c = t.blocks[b].counterpart
        if c is None or b > c:
            continue
        live = [x for x in (b, c) if d.loc[x] not in (OFFMAP, DEAD, MINOR)]
        if len(live) > 1:
            bad.append(f"both versions of {t.blocks[b].identity} are in play")
        if DEAD in (d.loc[b], d.loc[c]) and live:
            bad.append(f"{t.blocks[b].identity} died but a version of it is in play")
    # 7. nothing contested at the start of a card phase or during the supply phase
    if d.phase in ("card", "supply") and d.contested_areas():
        bad.append(f"contested areas during the {d.phase} phase: {d.contested_areas()}")
    # 8. minors are never on the map: a minor's loc is MINOR, off the board, so the loc/at
    # check above keeps it out of every area; and only heirs ever wait as minors
    for b in t.block_ids:
        if d.loc[b] == MINOR and t.blocks[b].type != "heir":
            bad.append(f"{b} waits as a minor but is not an heir")
    # 10. cards: hands, played and set-aside cards partition the deck
    cards = sorted(d.hands["lancaster"] + d.hands["york"] + d.set_aside + d.played)
    if d.phase != "setup" and cards != sorted(t.card_ids):
        bad.append("hands, played cards and set-aside cards do not make up the 25-card deck")
    if d.phase == "card" and d.turn >= 1 and not d.cards:
        for h in HOUSES:
            if len(d.hands[h]) != 8 - d.turn:
                bad.append(f"{h} holds {len(d.hands[h])} cards in game turn {d.turn}")
    # 11. the Rebel belongs to the PRETENDER (3.26). It is recruited outside exile and never
    # goes by sea, but nothing stops a land move into an exile area, so that is not checked.
    if d.house_of("rebel") != d.pretender:
        bad.append("the Rebel fights for the KING")
    # 13. face-down blocks are out of play
    for b in sorted(d.down):
        if d.loc[b] in d.at and b in d.at[d.loc[b]]:
            bad.append(f"{b} is face-down but stands in play")
    # 14. mercenaries other than the Welsh are never in a pool
    for b in t.block_ids:
        info = t.blocks[b]
        if info.type == "mercenary" and info.home is not None and d.loc[b] == POOL:
            bad.append(f"{b} is in a pool")
    # 15. just after a campaign reset
    if d.turn == 0 and d.campaign > 1 and d.phase == "card":
        for a in t.areas:
            for b in d.at[a]:
                if t.blocks[b].type in ("levy", "bombard", "rebel") or b == "welsh_mercenary":
                    bad.append(f"{b} is on the map after the campaign reset")
        if d.down:
            bad.append("face-down blocks remain after the campaign reset")
        if any(len(d.hands[h]) != 7 for h in HOUSES):
            bad.append("a player does not hold seven cards at the start of a campaign")
    # 16. at most 3 campaigns (the scenario's last at most) of 7 game turns
    if not 1 <= d.campaign <= d.last_campaign <= 3 or not 0 <= d.turn <= 7:
        bad.append(f"campaign {d.campaign}, turn {d.turn} is out of range")
    return bad


# --------------------------------------------------------------------------- hooks


@hookimpl
def banneret_games() -> list[type[Game]]:
    return [RichardIII]


@hookimpl
def banneret_agents(game_id: str) -> dict[str, Any]:
    if game_id != "richard3":
        return {}
    from banneret_richard3.agent import make_agent

    return {"heuristic": make_agent}


@hookimpl
def banneret_board(context: BoardContext) -> BoardDrawing | None:
    """The web board: the map, blocks and panels as the seat's view shows them (see
    :mod:`banneret_richard3.board`)."""
    if context.game_id != "richard3":
        return None
    from banneret_richard3.board import board_drawing

    return board_drawing(context)


@hookimpl
def banneret_evaluate(state: State) -> dict[str, float] | None:
    """A search agent's estimate of each house's chances: a logistic model of the throne, the
    usurpation count, the heirs and the strength on the map (:mod:`banneret_richard3.evaluation`)."""
    if state.game_id != "richard3":
        return None
    return chances(state.data)
