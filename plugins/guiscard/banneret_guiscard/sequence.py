"""The sequence of play (§2.1), declared as nested procedures: :data:`FLOW`.

::

    guiscard
      2.1  game turn (repeated until the scenario's turn limit)
        2.1  player phase, side A then side B:
               2.1  PhaseStart       the side's MP and infiltration rolls start afresh
               5    OffensiveFire    step 1: pick a shooter -> AimShot (weapon and target)
                                       -> Shot -> HoldCover (a doorway's or corner's cover
                                       under crossfire, 8.3.5, 8.3.6)
                                       -> Retreats -> PlaceRider (an unhorsed rider's
                                       hex, 6.8), Retreat (the owner picks each path)
               10.3 SiegeFire        step 1 goes on: burning arrows, or an engine -> AimEngine
               7.2  Charges          step 2: pick a rider and a target -> ChargeRoute (hex by
                                       hex, then declare) -> CounterCharge, the other
                                       player's window
               7.2  ChargeMoves      step 3 begins: each charge rides its route (a MoveStep
                                       limited to it), a counter-charger first
               10.4 HaulEngines      then the engines are hauled, one at a time
               2.1  Movement         step 3: pick a character, then
                                       -> MoveStep (each next hex, or stop)
                                          -> UnderFire after each hex: the DefensiveFire
                                             window -> Volley (name shooters) -> FireVolley
                                       -> PushHorse or PlaceHorses -> PutDown
                                     or bodies to clear -> ClearWith -> ClearTo
                                     or hoplites form up -> FormMembers (one at a time)
                                       -> FormUp (the facing, 7.3)
                                     or a formation moves -> BlockStep (a hex, a wheel,
                                       or halt) -> BlockWheel (a wheel's hexes, one at a
                                       time) -> BlockUnderFire: DefensiveFire at each
                                       member that entered a hex
               7.2  ChargeCombats    step 4 begins: each charge that arrived, a combat of its
                                       own -> Resolve
               6    Combat           step 4: pick a defender -> Engage (name attackers, more
                                       defenders) -> Declared -> AvoidCombat, the defender's
                                       window (7.4) -> Resolve -> Victim, PlaceRider (6.8),
                                       Retreats, Advance
                                       -> AdvanceStep; or push a ladder over -> PushOver
                                       -> FallenLadder -> FallPlace (10.1.6); or fight
                                       across a ladder's top -> Declared ... -> AdvanceOver
                                       (10.1.3)
               10.2 FireWork         step 4 ends: set fires, put them out -> Retreats
               2.1  Recovery         step 5: stunned characters of the side stand up (A-04)
        10.2 Burning            fires burn, wound, destroy and spread -> Retreats
        2.1  EndOfTurn          the turn count; the game ends after the scenario's last turn
"""

from __future__ import annotations

import attrs

from banneret.flow import Flow, ForEach, Frame, Procedure, Repeat, call, end, goto, var
from banneret.state import State
from banneret.words import possessive
from banneret_guiscard.avoid import AvoidCombat
from banneret_guiscard.charges import ChargeCombats, ChargeMoves, ChargeRoute, Charges, CounterCharge
from banneret_guiscard.engines import AimEngine, HaulEngines, SiegeFire
from banneret_guiscard.fire import AimShot, DefensiveFire, FireVolley, HoldCover, OffensiveFire, Shot, UnderFire, Volley
from banneret_guiscard.flames import Burning, FireWork
from banneret_guiscard.ladders import FallenLadder, FallPlace, PushOver
from banneret_guiscard.hoplites import BlockStep, BlockUnderFire, BlockWheel, FormMembers, FormUp
from banneret_guiscard.melee import Advance, AdvanceOver, AdvanceStep, Combat, Declared, Engage, Resolve, Victim
from banneret_guiscard.movement import ClearTo, ClearWith, Movement, MoveStep, PlaceHorses, PushHorse, PutDown
from banneret_guiscard.results import PlaceRider
from banneret_guiscard.retreat import Retreat, Retreats
from banneret_guiscard.state import Battle

__all__ = ["FLOW", "game_over", "turn_played", "PhaseStart", "MovementStep", "Recovery", "EndOfTurn"]


def game_over(state: State) -> bool:
    """The scenario's last turn is over (§2, P-22)."""
    b: Battle = state.data
    return b.turn > b.tables.scenario.turns


def turn_played(b: Battle) -> int:
    """The game turn being played, or once the game is over its last (§2): the end of each
    turn moves the counter on (:class:`EndOfTurn`), past the scenario's last turn at the end,
    which is how :func:`game_over` knows; a finished game has played the scenario's turns."""
    return min(b.turn, b.tables.scenario.turns)


def _sides(state: State) -> tuple[str, ...]:
    return state.data.tables.sides


class PhaseStart(Procedure):
    """A player phase begins: nobody of the phasing side has moved or been tested yet."""

    rule = "2.1"

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        b.side = var(state, "side")
        for pid, mp in b.spent.items():  # what the side that just played moved (§5.1, A-09)
            b.moved_in[pid] = (b.phase, mp)
        b.phase += 1
        b.step = 0
        b.spent.clear()
        b.left.clear()
        b.done.clear()
        b.infiltration_rolls.clear()
        state.emit(f"turn {b.turn}: {possessive(b.side)} player phase", "phase")
        end(state)


class MovementStep(Procedure):
    """Step 3: the declared charges ride first (§7.2, A-16), the engines are hauled (§10.4.2),
    then movement (§4)."""

    rule = "2.1"

    def start(self, state: State, frame: Frame) -> None:
        state.data.step = 3
        call(state, ChargeMoves)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        if "hauled" not in frame.vars:
            frame["hauled"] = True
            call(state, HaulEngines)
        else:
            goto(state, Movement)  # its end ends this step


class Recovery(Procedure):
    """Step 5: the side's stunned characters stand up, those stunned before this player phase
    began (A-04: the first own phase that begins after the stun)."""

    rule = "2.1"

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        b.step = 5
        for pid in sorted(b.stunned_in):
            piece = b.pieces[pid]
            if piece.side == b.side and b.stunned_in[pid] < b.phase:
                del b.stunned_in[pid]
                b.pieces[pid] = attrs.evolve(piece, health="healthy")
                state.emit(f"{pid} recovers from being stunned", "recover")
        end(state)


class EndOfTurn(Procedure):
    """The game turn ends; after the scenario's last one the game is over."""

    rule = "2.1"

    def start(self, state: State, frame: Frame) -> None:
        b: Battle = state.data
        b.turn += 1
        b.step = 0
        b.busy.clear()
        b.no_catch.clear()
        b.volleys.clear()
        b.closed_targets.clear()
        b.defensive_target = ""
        b.charges.clear()
        end(state)


FLOW = Flow(
    Repeat("game turn", [
        ForEach("player phase", over=_sides, var="side", rule="2.1", steps=[
            PhaseStart,          # 2.1
            OffensiveFire,       # 2.1 step 1, §5
            SiegeFire,           # 2.1 step 1, §10.3-§10.5
            Charges,             # 2.1 step 2, §7.2
            MovementStep,        # 2.1 step 3, §7.2, §4
            ChargeCombats,       # 2.1 step 4, §7.2.3
            Combat,              # 2.1 step 4, §6
            FireWork,            # 2.1 step 4, §10.2.1, §10.2.3
            Recovery,            # 2.1 step 5
        ]),
        Burning,                 # §10.2.2, §10.2.4, §10.2.5 at the end of the game turn
        EndOfTurn,               # 2.1
    ], until=game_over, rule="2.1"),
    # reached only by call or goto from the steps above
    extra=[ChargeRoute, CounterCharge,     # 7.2 declaring a charge, the counter-charge window
           ChargeMoves,                    # 7.2 the charges ride
           HaulEngines,                    # 10.4.2 hauling the stone thrower
           Movement, MoveStep, PutDown,    # 4 the move of one character, 4.2.4 carrying
           PlaceHorses, PushHorse,         # 4.4.3 led horses, a horse pushed aside
           ClearWith, ClearTo,             # 4.2.3 clearing bodies
           FormMembers, FormUp,            # 7.3.1 the members and the facing of a formation formed up
           BlockStep, BlockWheel,          # 7.3.1 a formation moving as one piece, wheeling about a member
           BlockUnderFire,                 # 5.3 a moving formation fired on
           AimShot, Shot, HoldCover,       # 5.4 one shot, 8.3.5-8.3.6 the crossfire choice
           AimEngine,                      # 10.4, 10.5 an engine's shot
           UnderFire, DefensiveFire,       # 5.3 the window after each hex entered
           Volley, FireVolley,             # 5.3 naming the shooters, then the shots
           Retreats, Retreat,              # 5.4.4, 6.5 retreats
           PlaceRider,                     # 6.8 the owner places an unhorsed rider
           Engage, Declared, AvoidCombat,  # 6.2 one combat declared, 7.4 the defender may avoid it
           Resolve, Victim,                # 6 the combat, its result
           Advance, AdvanceStep,           # 6.6 advance after combat
           AdvanceOver,                    # 10.1.3 a climber's advance over the palisade
           PushOver, FallenLadder, FallPlace],  # 10.1.6 pushing a ladder over
)
