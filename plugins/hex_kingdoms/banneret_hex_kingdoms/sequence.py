"""The sequence of play (rules section 7), declared as nested procedures: :data:`FLOW`.

::

    hex kingdoms
      5.1  PlaceTiles           (only when the players lay the tiles)
      5.2  Capitals             roll 2d6 for a province, choose an outer edge
      7    game turn (repeated until an Emperor is crowned or the turn limit)
        7    TurnStart
        8    Plague             plague roll, losses, barons' revolt in 2 and 12
        9    CrusaderKingdom    king election (once), one crusader ship  -> Landing -> MakeRoom
        10   IncomeDestinations suzerains route their vassals' income
        10   Income
        11   player steps, each kingdom in seat order:
               11.1 Regroup     merge/split/shift pips within hexes
               11.2 OneAction   levy, march, move, assault, castle, crusade or pass
                                  -> Muster -> Wave -> RetreatOrStand -> Withdraw
                                                    -> PressOn -> Occupy
                                  -> CastlePayment
               11.3 ExtraMoves  one move per controlled province
        16   EndOfTurn          victory check

The procedures themselves are kept by rules section:

=================  ======  ==============================================================
module             rules   procedures
=================  ======  ==============================================================
``setup_phase``    5       PlaceTiles, Capitals
``game_turn``      7-10    TurnStart, Plague, CrusaderKingdom, Landing, MakeRoom,
                           IncomeDestinations, Income
``player_step``    11      Regroup, OneAction and the choices that complete an action,
                           CastlePayment, ExtraMoves
``assault_flow``   13      Muster, Wave, RetreatOrStand, Withdraw, PressOn, Occupy
``end_of_turn``    16      EndOfTurn
``decisions``      15.2    the Decision base every one of them shares
=================  ======  ==============================================================
"""

from __future__ import annotations

from banneret.flow import Flow, ForEach, Repeat, Steps
from banneret.state import State
from banneret_hex_kingdoms.assault_flow import Muster, Occupy, PressOn, RetreatOrStand, Wave, Withdraw
from banneret_hex_kingdoms.decisions import Decision
from banneret_hex_kingdoms.end_of_turn import EndOfTurn
from banneret_hex_kingdoms.game_turn import (
    CrusaderKingdom,
    Income,
    IncomeDestinations,
    Landing,
    MakeRoom,
    Plague,
    TurnStart,
)
from banneret_hex_kingdoms.player_step import (
    AssaultTarget,
    CastlePayment,
    CastleSite,
    Crusade,
    ExtraMoves,
    MarchStrength,
    MarchTo,
    MoveArmy,
    MoveTo,
    OneAction,
    Regroup,
)
from banneret_hex_kingdoms.setup_phase import Capitals, PlaceTiles

__all__ = ["FLOW", "deciding_kingdom"]


def _game_over(state: State) -> bool:
    return bool(state.data.finished)


def _seat_order(state: State) -> tuple[int, ...]:
    return state.data.seats


FLOW = Flow(
    Steps("hex kingdoms", [
        PlaceTiles,                     # 5.1 genesis
        Capitals,                       # 5.2 capitals
        Repeat("game turn", [
            TurnStart,                  # 7
            Plague,                     # 8 plague and revolt
            CrusaderKingdom,            # 9 crusader kingdom
            IncomeDestinations,         # 10 income
            Income,                     # 10
            ForEach("player steps", over=_seat_order, var="kingdom", rule="11", steps=[
                Regroup,                # 11.1 regroup
                OneAction,              # 11.2 one action
                ExtraMoves,             # 11.3 extra moves
            ]),
            EndOfTurn,                  # 16 victory
        ], until=_game_over, rule="7"),
    ], rule="5"),
    # reached only by call or goto from the steps above
    extra=[
        Landing, MakeRoom,                                            # 9.3 the crusader ship
        MarchTo, MarchStrength, MoveArmy, MoveTo,                     # 11.2.2 march, 11.2.3 move
        AssaultTarget, CastleSite, Crusade,                           # 11.2.4-11.2.6
        Muster, Wave, RetreatOrStand, Withdraw, PressOn, Occupy,      # 13 the assault
        CastlePayment,                                                # 11.2.5 castle
    ],
)


def deciding_kingdom(state: State) -> int:
    """The kingdom on whose behalf the pending decision is taken (for agents and views)."""
    active = FLOW.active(state)
    if active is None:
        return -1
    proc, frame = active
    assert isinstance(proc, Decision), f"{proc.name} waits for a decision but is no Decision"
    return proc.who(state, frame)
