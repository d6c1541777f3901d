"""hex_kingdoms as a Banneret game: metadata, set-up, views, the terminal picture, invariants.

Registered through the ``banneret.games`` entry point ``banneret_hex_kingdoms.plugin``.
The sequence of play is declared in :mod:`banneret_hex_kingdoms.sequence` (its procedures
in one module per rules section), the rules in :mod:`banneret_hex_kingdoms.rules`, the
assault resolver in :mod:`banneret_hex_kingdoms.assault`.
"""

from __future__ import annotations

from typing import Any

from banneret import Game, GameInfo, Outcome, Scenario, hookimpl
from banneret.boards import BoardContext, BoardDrawing
from banneret.state import State
from banneret.types import ENDED_BY_CAP, Standing
from banneret_hex_kingdoms.board import draw_board
from banneret_hex_kingdoms.genesis import (
    DIRECTION_NAMES,
    PROVINCES,
    Placement,
    placement_candidates,
    random_layout,
    reference_board,
)
from banneret_hex_kingdoms.options import OPTIONS, PARAMETERS, rules_from_options
from banneret_hex_kingdoms.sequence import FLOW, deciding_kingdom
from banneret_hex_kingdoms.setup_phase import _set_board
from banneret_hex_kingdoms.state import PART, SPENT, STRENGTH, HKData
from banneret_hex_kingdoms.tables import tables

__all__ = ["HexKingdoms", "banneret_games", "banneret_agents", "banneret_board"]

T = tables()
FACTIONS = tuple(k.id for k in T.kingdoms)
SCORE_NAME = "provinces held by the bloc"


class HexKingdoms(Game):
    """Four kingdoms on a randomly assembled map of hex provinces race to be crowned Emperor."""

    info = GameInfo(
        id="hex_kingdoms",
        name="Hex Kingdoms",
        version="1.0",
        description=(
            "Four kingdoms on a map assembled at random from eleven four-hex provinces. "
            "Armies are d6s, capitals d10s; plague, a crusade, castles, vassals and wave "
            "assaults. Hold two provinces more than everyone else together to be crowned Emperor."
        ),
        rules_summary=(
            "Each turn: plague (2d6), crusader ship, income (+2 per connected province, +3 for "
            "2 and 12, capital at most 9), then each kingdom regroups, takes one action (levy, "
            "march, move, assault, castle, crusade) and one extra move per province it holds. "
            "Victory at the end of a turn with at least five provinces held."
        ),
        factions=FACTIONS,
        min_players=2,
        max_players=4,
        scenarios=(Scenario("standard", "a fresh random map, capitals at 9, no armies (C-02)"),),
        options=OPTIONS,
        max_decisions=400_000,  # 200 turns x at most ~1,950 decisions a turn (3c extra moves take two choices each)
        # The longest menus list armies: a move (3b), an extra move (3c) or an assault's muster
        # offers one action per distinct die strength on a hex, at most 4 dice on each of the
        # 44 hexes (176), plus one closing action (end, launch the assault). The others are
        # shorter: hexes to regroup, march to or land on (at most 44 and one more), a hex's
        # arrangements of its pips (at most 17), crusade sizes. Largest seen in 240 random
        # games of 2-4 kingdoms: 69 (which army moves).
        max_actions=177,
        hidden_information=False,
        coverage="every rule of the digest; see docs/games/hex_kingdoms.md",
    )
    flow = FLOW

    def rule_parameters(self) -> dict[str, Any]:
        return {name: T.n(name) for name in PARAMETERS}

    # --- set-up (5) -----------------------------------------------------------------------

    def setup(self, state: State) -> HKData:
        rules = rules_from_options(state.options)
        nk = len(state.factions)
        d = HKData(rules, nk, tuple(state.factions), {n: state.rules[n] for n in PARAMETERS})
        # C-04: a random seat order, fixed for the game
        seats = list(range(nk))
        state.rng.shuffle(seats)
        d.seats = tuple(seats)
        swap = rules.special_hex_assignment == "swapped"
        if rules.map == "reference":
            board = reference_board(swap_specials=swap)
            d.layout = list(board.layout)
            d.set_board(board)
        elif rules.genesis_placement == "players":
            order = list(PROVINCES)
            state.rng.shuffle(order)
            d.tile_order = tuple(order)
            anchor, rot, _ = state.rng.choice(placement_candidates(set(), 0))
            d.layout = [Placement(order[0], anchor, rot, 0)]
        else:
            _set_board(d, random_layout(state.rng))
        state.emit(f"seat order: {', '.join(d.names[k] for k in d.seats)}")
        return d

    # --- reading the state ----------------------------------------------------------------

    def turn(self, state: State) -> int:
        return state.data.turn

    def outcome(self, state: State) -> Outcome | None:
        """The Emperor ranks first and every other kingdom second (16); at the turn limit
        (``max_turns``, C-43) the free kingdoms rank in the C-43 order and vassals share the
        place after them. The score is the provinces held by the kingdom's bloc, the count
        victory and the C-43 ranking are decided by."""
        d = state.data
        if d.winner >= 0:
            standings = tuple(Standing(d.names[k], 1 if k == d.winner else 2, d.bloc_provinces(d.leader(k)))
                              for k in [d.winner, *(x for x in d.seats if x != d.winner)])
            return Outcome((d.names[d.winner],), f"{d.names[d.winner]} is crowned Emperor", standings, SCORE_NAME)
        if d.finished:
            ranking = ranking_of(d)
            vassals = [k for k in d.seats if k not in ranking]
            standings = tuple(Standing(d.names[k], i + 1, d.bloc_provinces(k)) for i, k in enumerate(ranking))
            standings += tuple(Standing(d.names[k], len(ranking) + 1, d.bloc_provinces(d.leader(k))) for k in vassals)
            reason = "turn limit reached without an Emperor; ranking " + ", ".join(d.names[k] for k in ranking)
            return Outcome((), reason, standings, SCORE_NAME, ENDED_BY_CAP)
        return None

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        """Everything is public in hex_kingdoms: every player sees the whole table."""
        d = state.data
        board = d.board
        out: dict[str, Any] = {
            "turn": d.turn,
            "seat_order": [d.names[k] for k in d.seats],
            "acting": d.names[d.acting] if d.acting >= 0 else None,
            "deciding_for": _name(d, deciding_kingdom(state)),
            "kingdoms": {
                d.names[k]: {
                    "capital": d.cap[k],
                    "walls": d.walls[k],
                    "gates": [list(board.coords[g]) for g in d.gates(k)] if board else [],
                    "capital_cell": list(d.capital[k].cell) if d.capital[k] is not None else None,
                    "suzerain": _name(d, d.suzerain[k]),
                    "crusade_points": d.crusade[k],
                    "provinces": d.provinces_of(k) if board else [],
                    "ever_controlled": [p for p in PROVINCES if (d.ever[k] >> p) & 1],
                }
                for k in range(d.nk)
            },
            "crusade": {"total": d.crusade_total, "won": d.crusade_won, "king": _name(d, d.king)},
            "last_plague": d.last_plague,
            "winner": _name(d, d.winner),
        }
        if board is None:
            out["tiles_laid"] = [[p.province, list(p.anchor), p.rot] for p in d.layout]
            return out
        out["hexes"] = [
            {
                "hex": list(board.coords[h]),
                "province": board.province_of[h],
                "terrain": board.terrain[h],
                "owner": _name(d, d.owner[h]),
                "armies": [c & STRENGTH for c in d.stacks[h]],
                "castle": _name(d, d.castle[h]) if d.castle[h] >= 0 else None,
                "controller": _name(d, d.hctrl[h]),
                "coast": [DIRECTION_NAMES[x] for x in board.external_dirs[h]],
            }
            for h in range(board.n)
        ]
        out["provinces"] = {str(p): _name(d, d.pctrl[p]) for p in PROVINCES}
        return out

    def render(self, state: State, player: str | None) -> str:
        return render_board(state.data)

    def invariants(self, state: State) -> list[str]:
        return check_invariants(state.data)


def _name(d: HKData, k: int) -> str | None:
    return d.names[k] if k >= 0 else None


def ranking_of(d: HKData) -> list[int]:
    """C-43: free kingdoms by bloc provinces, then bloc capital total, then seat order."""
    free = [k for k in d.seats if d.free(k)]
    return sorted(free, key=lambda k: (-d.bloc_provinces(k), -sum(d.cap[x] for x in d.bloc(k)), d.seats.index(k)))


# --- the terminal picture ----------------------------------------------------------------------


def render_board(d: HKData) -> str:
    """The map as rows of hexes, each cell ``q:`` (its column, so ``(q,r)`` in a move can be
    found: the row says ``r``) then province, terrain, castle or gate mark, owner and army
    pips; a legend; each kingdom's capital, provinces and crusade."""
    board = d.board
    if board is None:
        return "tiles laid: " + ", ".join(str(p.province) for p in d.layout)
    letters = {k: T.kingdoms[i].letter for i, k in enumerate(range(d.nk))}
    gate_of = {}
    for k in range(d.nk):
        for g in d.gates(k):
            gate_of[g] = letters[k]
    qs = [q for q, _ in board.coords]
    rs = [r for _, r in board.coords]
    qmin = min(q + r / 2 for q, r in board.coords)
    lines = [f"Turn {d.turn}   seat order: {' '.join(d.names[k] for k in d.seats)}"]
    for r in range(min(rs), max(rs) + 1):
        row = []
        col = 0.0
        for q in range(min(qs), max(qs) + 1):
            h = board.index.get((q, r))
            if h is None:
                continue
            x = (q + r / 2 - qmin) * 2
            pad = int(round(x * _CELL_WIDTH / 2)) - int(round(col * _CELL_WIDTH / 2))
            row.append(" " * max(pad, 0))
            col = x + 2
            cell = f"{q:>2}:{board.province_of[h]:>2}{_T[board.terrain[h]]}"
            who = letters[d.owner[h]] if d.owner[h] >= 0 else "."
            pips = "".join(str(c & STRENGTH) for c in d.stacks[h])
            mark = "#" if d.castle[h] >= 0 else ("*" if h in gate_of else " ")
            row.append(f"{cell}{mark}{who}{pips:<{_CELL_WIDTH - 9}}")
        lines.append(f"r={r:>2} " + "".join(row))
    lines.append("legend: q:province+terrain (Pl plain, Ma marsh, Fo forest, Ca cave, Mo mountain, "
                 "GM gold mountain, FP fertile plain), # castle, * capital gate, owner letter, army pips")
    lines.append("a kingdom holds a province while it controls 3 of its 4 hexes")
    for k in range(d.nk):
        status = "free" if d.free(k) else f"vassal of {d.names[d.suzerain[k]]}"
        gates = " ".join(board.name[g] for g in d.gates(k))
        where = f" at {gates}" if gates else " (not placed yet)"
        held = ", ".join(str(p) for p in d.provinces_of(k)) or "none"
        lines.append(
            f"{d.names[k]:>6} ({letters[k]}): capital {d.cap[k]}{' walled' if d.walls[k] else ''}{where}; "
            f"provinces held: {held}; crusade {d.crusade[k]}; {status}"
        )
    if d.crusade_won:
        lines.append(f"Crusader king: {d.names[d.king] if d.king >= 0 else 'to be elected'}")
    return "\n".join(lines)


_CELL_WIDTH = 13  # characters per hex cell (two steps of x)
_T = {"PLAIN": "Pl", "MARSH": "Ma", "FOREST": "Fo", "CAVE": "Ca", "MOUNTAIN": "Mo",
      "GOLD_MOUNTAIN": "GM", "FERTILE_PLAIN": "FP"}


# --- 20.1 invariants ---------------------------------------------------------------------------


def check_invariants(d: HKData) -> list[str]:
    """The digest's invariants (20.1) that a single state can show; one sentence per breach."""
    bad: list[str] = []
    board = d.board
    if board is None:
        return bad
    if board.n != 44 or sorted(set(board.province_of)) != list(PROVINCES):
        bad.append("the map does not have 44 hexes in provinces 2..12 (20.1.10)")
    if not board.is_connected():
        bad.append("the map is not connected (20.1.10)")
    terrains = list(board.terrain)
    if terrains.count("GOLD_MOUNTAIN") != 1 or terrains.count("FERTILE_PLAIN") != 1:
        bad.append("there must be exactly one gold-mountains and one fertile-plain hex (20.1.11)")
    for h in range(board.n):
        stack = d.stacks[h]
        o = d.owner[h]
        if bool(stack) != (o >= 0):
            bad.append(f"hex {board.label(h)}: owner and armies disagree (20.1.1)")
        if len(stack) > 4:
            bad.append(f"hex {board.label(h)} holds {len(stack)} armies (20.1.2)")
        for c in stack:
            if not 1 <= c & STRENGTH <= 6 or c & ~(STRENGTH | SPENT | PART):
                bad.append(f"hex {board.label(h)}: army code {c} is not a strength 1..6 (20.1.3)")
        if any(c & PART for c in stack) and d.acting < 0:
            pass  # assaults only run during a player step; PART marks are cleared afterwards
        if d.hctrl[h] != d.hex_controller(h):
            bad.append(f"hex {board.label(h)}: cached control is stale (20.1.5, 20.1.7)")
    for p in PROVINCES:
        if d.pctrl[p] != d.province_controller(p):
            bad.append(f"province {p}: cached control is stale (20.1.6, 20.1.7)")
        if d.pctrl[p] >= 0 and not (d.ever[d.pctrl[p]] >> p) & 1 and not d.conquests:
            bad.append(f"province {p}: controlled but not recorded as ever controlled (C-12)")
    for k in range(d.nk):
        if not 0 <= d.cap[k] <= 9:
            bad.append(f"{d.names[k]}'s capital value {d.cap[k]} is outside 0..9 (20.1.4)")
        if k not in d.owner and any(d.pctrl[p] == k for p in PROVINCES):
            bad.append(f"{d.names[k]} controls a province without armies (20.1.8)")
        s = d.suzerain[k]
        if s == k or (s >= 0 and d.suzerain[s] >= 0):
            bad.append(f"{d.names[k]}'s suzerain is not a free kingdom (20.1.16)")
    caps = [c for c in d.capital if c is not None]
    if len(caps) == d.nk:
        from banneret.boards.hexgrid import distance

        for i, a in enumerate(caps):
            for g in a.gates:
                if not board.coastal[g] or board.province_of[g] != a.province and d.rules.capital_model == "edge":
                    bad.append(f"capital gate {board.label(g)} is not a coastal hex of its province (20.1.13)")
            for b in caps[i + 1:]:
                for g in a.gates:
                    for h in b.gates:
                        if distance(board.coords[g], board.coords[h]) < d.rules.capital_min_gate_distance:
                            bad.append("two capitals' gates are too close (20.1.13)")
    if d.crusade_total != sum(d.crusade):
        bad.append("the crusade total is not the sum of the kingdoms' points (20.1.14)")
    if d.king >= 0 and not d.crusade_won:
        bad.append("a crusader king without a won crusade (20.1.15)")
    return bad


# --- plugin hooks ----------------------------------------------------------------------------


@hookimpl
def banneret_games() -> list[type[Game]]:
    return [HexKingdoms]


@hookimpl
def banneret_agents(game_id: str) -> dict[str, Any]:
    if game_id != "hex_kingdoms":
        return {}
    from banneret_hex_kingdoms.agent import make_agent

    return {"heuristic": make_agent}


@hookimpl
def banneret_evaluate(state: State) -> dict[str, float] | None:
    """A search agent's estimate of each kingdom's chances: the share of the provinces held
    that its bloc holds (the count the Emperor is crowned on, 16, and the turn-limit ranking
    sorts by, C-43); a vassal, who cannot be crowned, scores 0; equal shares before any
    province is held."""
    if state.game_id != "hex_kingdoms":
        return None
    d: HKData = state.data
    held = {k: d.bloc_provinces(k) if d.free(k) else 0 for k in d.seats}
    total = sum(held.values())
    if not total:
        return {d.names[k]: 1.0 / len(d.seats) for k in d.seats}
    return {d.names[k]: held[k] / total for k in d.seats}


@hookimpl
def banneret_board(context: BoardContext) -> BoardDrawing | None:
    """The map in the browser (:mod:`banneret_hex_kingdoms.board`)."""
    if context.game_id != "hex_kingdoms":
        return None
    return draw_board(context)
