"""The optional variants (17), each a game option that is off unless every baron agrees
before the game: the pieces they share, and the variants' own procedures.

* 17.1 Game length is the option ``influence_per_baron`` (set-up reads it).
* 17.2 Truly Private Motions (``truly_private_motions``): the engine cannot judge a motion
  written freely, so a Private Motion may also put in force, or lift, one of the rule
  changes of :data:`MOTION_RULES` (those the rules name as examples). Each is a standing
  ``forbid`` effect that :func:`~banneret_warrior_knights.standing.in_force` reports like a
  Law, so the one rule it changes enforces it (a siege: ``battles.siege_allowed``; a single
  step: ``movement.legal_paths``).
* 17.3 Heir exchange (``heir_exchange``): each noble's heir is a token his baron holds
  (``WKData.heir`` says it lives, ``WKData.heir_holder`` who holds it when another baron
  does). At any moment a baron may give the heirs of his nobles to other barons, and give
  back or kill the heirs he holds (:func:`heir_actions`, offered beside the decision at
  hand); the Muster also asks him at the start of his returns step (:class:`ExchangeHeirs`).
  A noble who dies while another baron holds his heir waits off the board
  (``WKData.awaiting_heir``) until the heir comes home; a killed heir ends his line.
* 17.4 Player elimination (``player_elimination``): a baron whose Stronghold is captured is
  out (:func:`eliminate_on_capture`, called where a Stronghold falls); the barons still in
  play are ``WKData.barons``, so every rule that counts or asks the barons (thresholds 2N
  and N + 1, Fate's colours, turn orders, votes) leaves him out from then on.
* 17.5 Rule of Force (``rule_of_force``): only domination wins; the emptied Influence pool
  ends nothing (the Muster's end asks :func:`influence_ends_game`).

Beside the variants, :data:`READING_OPTIONS` are the readings of the rules where the original
rulebook and the digest part (the errata): the original's reading is each option's default,
the digest's the other choice. The one rule each changes reads it where it is applied.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, Sequence

import attrs

from banneret import OptionSpec, eliminated_last
from banneret.flow import Decision, Frame, end, end_game, var
from banneret.state import State
from banneret.types import Action, Outcome, Standing
from banneret_warrior_knights.battle_losses import disband, garrison_holder, lift_broken_sieges
from banneret_warrior_knights.cities import neutralise_city
from banneret_warrior_knights.data_model import Effect
from banneret_warrior_knights.state import SPECIAL_AREAS, WKData, owner_of, tables

__all__ = [
    "VARIANT_OPTIONS", "TRULY_PRIVATE_MOTIONS", "RULE_OF_FORCE", "MOTION_RULE", "MOTION_RULES", "MotionRule",
    "motion_rule_proposals", "motion_rule_label", "toggle_motion_rule", "HEIR_EXCHANGE", "ExchangeHeirs",
    "heir_actions", "exchange_heir", "heir_held_by", "variant_invariants", "PLAYER_ELIMINATION",
    "eliminate_on_capture", "eliminate_baron", "influence_ends_game",
    "READING_OPTIONS", "SIEGE_COMPLETION", "RETREAT_DESTINATION", "VICTORY_SKIP", "MERCENARY_RECIPIENTS",
]

TRULY_PRIVATE_MOTIONS = "truly_private_motions"
HEIR_EXCHANGE = "heir_exchange"
PLAYER_ELIMINATION = "player_elimination"
RULE_OF_FORCE = "rule_of_force"

VARIANT_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(TRULY_PRIVATE_MOTIONS, False,
               "Truly Private Motions: when on, a Private Motion may also propose to bring in or lift the rule "
               "'no sieges' or 'moves only along roads'; when off, only its usual purposes (17.2)"),
    OptionSpec(HEIR_EXCHANGE, False,
               "Heir exchange: when on, barons may give their nobles' heirs away, give back or kill those they "
               "hold, at any moment; a dead noble returns only if his heir is home (17.3)"),
    OptionSpec(PLAYER_ELIMINATION, False,
               "Player elimination: when on, a baron whose Stronghold is captured is out (nobles off the board, "
               "cities neutral, titles passed on); when off, he may rebuild it at the Muster (17.4)"),
    OptionSpec(RULE_OF_FORCE, False,
               "Rule of Force: when on, only holding more than half the unrazed Kingdom cities at a Muster wins; "
               "an empty influence pool ends nothing (17.5)"),
)
"""The variants' options (``plugin.WarriorKnights.info.options`` lists them)."""

SIEGE_COMPLETION = "siege_completion"
RETREAT_DESTINATION = "retreat_destination"
VICTORY_SKIP = "victory_skip"
MERCENARY_RECIPIENTS = "mercenary_recipients"

READING_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(SIEGE_COMPLETION, "next_round",
               "When a siege takes the city: 'next_round', declared again by the same baron the next round (later it "
               "starts anew); 'any_later_round', any later round while unbroken (11.5, AMB-27)",
               choices=("next_round", "any_later_round")),
    OptionSpec(RETREAT_DESTINATION, "no_city",
               "Where a beaten noble may retreat: 'no_city', only next door with no city and no enemy noble; "
               "'no_foreign_city', his own or a neutral city's area too (11.7, AMB-7)",
               choices=("no_city", "no_foreign_city")),
    OptionSpec(VICTORY_SKIP, "neither",
               "Victory in a battle is not counted: 'neither', only when neither side has a living noble; "
               "'either', when either side has none (11.2.2, AMB-6)",
               choices=("neither", "either")),
    OptionSpec(MERCENARY_RECIPIENTS, "any_city",
               "Who may take a hired mercenary on the board: 'any_city', a noble by any city or his Stronghold; "
               "'own_city', only by a city he holds or his Stronghold (9.4, AMB-33)",
               choices=("any_city", "own_city")),
)
"""The readings the errata leave to the players (Warrior Knights entries 1, 2, 4 and 5)."""


# --------------------------------------------------------------------------- 17.2


@attrs.frozen
class MotionRule:
    """A rule change a Truly Private Motion may put in force: what players read, and the
    standing effect that the rule it changes reads through ``standing.in_force``."""

    name: str
    effect: Effect


MOTION_RULE = "motion_rule"
"""The Private Motion purpose of 17.2: put a rule change in force, or lift it."""

MOTION_RULES: Mapping[str, MotionRule] = MappingProxyType({
    "no_sieges": MotionRule("no sieges", Effect("forbid", MappingProxyType({"action": "siege"}))),
    "roads_only": MotionRule("moves only along roads", Effect("forbid", MappingProxyType({"action": "off_road_move"}))),
})
"""17.2's menu: the examples the rules give of what a free motion may decide."""


def motion_rule_proposals(state: State) -> list[tuple[str, str]]:
    """What a Private Motion may propose besides its printed purposes (17.2): each rule
    change of :data:`MOTION_RULES`, to put in force or to lift; none without the variant."""
    if not state.options[TRULY_PRIVATE_MOTIONS]:
        return []
    return [(MOTION_RULE, rule) for rule in MOTION_RULES]


def motion_rule_label(data: WKData, rule: str) -> str:
    """``put the rule 'no sieges' in force`` or ``lift the rule 'no sieges'``."""
    name = MOTION_RULES[rule].name
    return f"lift the rule '{name}'" if rule in data.motion_rules else f"put the rule '{name}' in force"


def toggle_motion_rule(state: State, rule: str) -> None:
    """A Truly Private Motion passed (17.2): its rule change comes into force, or is lifted."""
    data: WKData = state.data
    name = MOTION_RULES[rule].name
    if rule in data.motion_rules:
        data.motion_rules.remove(rule)
        state.emit(f"the rule '{name}' is lifted", "assembly")
    else:
        data.motion_rules.append(rule)
        data.motion_rules.sort()
        state.emit(f"the rule '{name}' is in force", "assembly")


# --------------------------------------------------------------------------- 17.3


def heir_held_by(data: WKData, noble: str) -> str | None:
    """Who holds the noble's living heir (17.3): another baron, or his own; ``None``: he has none."""
    if not data.heir[noble]:
        return None
    return data.heir_holder.get(noble, data.baron_of_noble(noble))


def _noble_name(noble: str) -> str:
    return tables().data.nobles[noble].name


def heir_actions(data: WKData, baron: str) -> list[Action]:
    """17.3: what ``baron`` may do with the heirs he holds: give the heir of one of his own
    nobles to another baron, give another baron's heir back, or kill it."""
    menu: list[Action] = []
    for noble in sorted(data.heir):
        if heir_held_by(data, noble) != baron:
            continue
        own = data.baron_of_noble(noble)
        name = _noble_name(noble)
        if own == baron:
            menu += [Action(baron, f"give the heir of {name} to {other}", "give", (noble, other))
                     for other in data.barons if other != baron]
        else:
            menu += [Action(baron, f"give the heir of {name} back to {own}", "home", (noble, own)),
                     Action(baron, f"kill the heir of {name} ({own})", "kill", (noble, None))]
    return menu


def exchange_heir(state: State, action: Action) -> None:
    """Carry out one of :func:`heir_actions`."""
    data: WKData = state.data
    noble, other = action.args
    name = _noble_name(noble)
    if action.kind == "give":
        data.heir_holder[noble] = other
        state.emit(f"{action.player} gives the heir of {name} to {other}", "heirs")
    elif action.kind == "home":
        _heir_home(data, noble)
        state.emit(f"{action.player} gives the heir of {name} back to {other}", "heirs")
    else:
        data.heir[noble] = False
        data.heir_holder.pop(noble, None)
        state.emit(f"{action.player} kills the heir of {name}", "heirs")
        if noble in data.awaiting_heir:
            _line_ends(state, noble)


class ExchangeHeirs(Decision):
    """17.3: in his returns step of the Muster a baron may give the heirs of his nobles that
    he holds to other barons, give back the heirs of other barons' nobles that he holds, or
    kill them (the noble's death becomes permanent); then he finishes. (He may do the same
    at any other moment, beside the decision at hand: :func:`heir_actions` as actions
    outside the sequence of play.)"""

    rule = "17.3"
    kind = "heirs"
    prompt = "Give, give back or kill heirs, or finish"

    def start(self, state: State, frame: Frame) -> None:
        baron = var(state, "baron")
        frame["baron"] = baron
        for noble in state.data.nobles_of(baron):
            if noble in state.data.awaiting_heir and not state.data.heir[noble]:
                _line_ends(state, noble)  # an event took the heir he waited for
        if not state.options[HEIR_EXCHANGE] or not heir_actions(state.data, baron):
            end(state)

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def actions(self, state: State, frame: Frame, player: str) -> Sequence[Action]:
        return [*heir_actions(state.data, player), Action(player, "finish with the heirs", "finish")]

    def act(self, state: State, frame: Frame, action: Action) -> None:
        if action.kind == "finish":
            end(state)
            return
        exchange_heir(state, action)
        if not heir_actions(state.data, action.player):
            end(state)


def _heir_home(data: WKData, noble: str) -> None:
    """17.3: the noble's heir is back with his own baron; a dead noble waiting for it may return."""
    data.heir_holder.pop(noble, None)
    if noble in data.awaiting_heir:
        data.awaiting_heir.remove(noble)


def _line_ends(state: State, noble: str) -> None:
    """A dead noble's heir is dead too: he never returns, his army is disbanded (11.8, AMB-65)."""
    data: WKData = state.data
    data.awaiting_heir.remove(noble)
    disband(state, noble)
    data.heirless_dead.append(noble)
    data.heirless_dead.sort()
    state.emit(f"the line of {_noble_name(noble)} ends", "death")


def variant_invariants(data: WKData) -> list[str]:
    """Heirs are held by barons in play (17.3); a noble waiting for his heir is off the board
    and has one held by another baron."""
    broken = [f"the heir of {nb} is held by {b}, who is not in play" for nb, b in data.heir_holder.items()
              if data.heir[nb] and b not in data.barons]
    broken += [f"{nb} waits for an heir off the board wrongly" for nb in data.awaiting_heir
               if data.noble_area[nb] is not None or heir_held_by(data, nb) == data.baron_of_noble(nb)]
    return broken


# --------------------------------------------------------------------------- 17.4


def eliminate_on_capture(state: State, loser: str, dead: list[str]) -> bool:
    """11.6, 17.4: under player elimination the baron whose Stronghold was just captured is
    out instead of being spared for a city; his nobles among the battle's ``dead`` leave
    with him (no death procedure: nobody decides for him any more). Returns whether he is out."""
    if not state.options[PLAYER_ELIMINATION]:
        return False
    dead[:] = [nb for nb in dead if state.data.baron_of_noble(nb) != loser]
    eliminate_baron(state, loser)
    return True


def eliminate_baron(state: State, baron: str) -> None:
    """17.4, AMB-50: the baron leaves the game. His nobles leave the board with their
    Offices, his troops are disbanded (mercenaries to the deck), his cities turn neutral,
    his Charges are discarded; his action cards leave the spaces and special areas, his
    markers the mercenary track (which shrinks to N + 1 spaces for the barons left) and
    his stakes the expeditions (to the treasury); the heirs he holds go home (17.3). His
    titles pass to the baron with the most votes (not barred, if any is) or the most faith,
    ties by Fate; he leaves ``WKData.barons``. The last baron standing wins at once (the
    fallen stays listed there then: the game is over, and the rules know no table of one)."""
    data: WKData = state.data
    data.eliminated.append(baron)
    state.emit(f"{baron}'s stronghold has fallen: {baron} is out of the game", "elimination")
    for noble in data.nobles_of(baron):
        data.noble_area[noble] = None
        for flags in (data.at_sea, data.exhausted, data.awaiting_heir):
            if noble in flags:
                flags.remove(noble)
        office, data.office[noble] = data.office[noble], None
        if office is not None:
            data.agendas.discard([office])
        disband(state, noble)
        data.heir_holder.pop(noble, None)
    disband(state, garrison_holder(baron))
    for noble, holder in sorted(data.heir_holder.items()):
        if holder == baron:
            _heir_home(data, noble)
    for city, owner in sorted(data.city_owner.items()):
        if owner == baron:
            neutralise_city(data, city)
    lift_broken_sieges(data)
    data.agendas.discard(data.charges[baron])
    data.charges[baron].clear()
    _withdraw_cards(data, baron)
    _shrink_track(data, baron)
    for stakes in data.expedition_stakes.values():
        stakes.pop(baron, None)
    remaining = tuple(b for b in data.barons if b != baron)
    if len(remaining) == 1:  # the game ends on the table as it stands: no table of one baron
        (winner,) = remaining
        reason = f"{winner} is the last baron standing"
        state.emit(reason, "victory")
        standings = eliminated_last((Standing(winner, 1, data.influence[winner]),), data.eliminated, data.influence)
        end_game(state, Outcome((winner,), reason, standings, "influence"))
        return
    data.barons = remaining
    _pass_title(state, "chairman", data.votes, baron)
    _pass_title(state, "head_of_church", data.faith, baron)


def _withdraw_cards(data: WKData, baron: str) -> None:
    """His action cards on the action spaces and the special areas go back to his hand."""
    for pile in [*data.action_spaces, *(data.special_areas[a] for a in SPECIAL_AREAS)]:
        mine = [c for c in pile if owner_of(c) == baron]
        for card in mine:
            pile.remove(card)
        data.hand[baron] += mine
    data.hand[baron].sort()


def _shrink_track(data: WKData, baron: str) -> None:
    """His markers leave the track, which keeps N + 1 spaces for the N barons left: a marker
    on the space dropped moves to the highest free space."""
    track = [None if marker == baron else marker for marker in data.mercenary_track]
    dropped = track.pop()
    if dropped is not None:
        track[max(k for k, marker in enumerate(track) if marker is None)] = dropped
    data.mercenary_track = track


_TITLE_NAMES = {"chairman": "Chairman", "head_of_church": "Head of the Church"}


def _pass_title(state: State, title: str, amounts: dict[str, int], baron: str) -> None:
    """17.4: his title goes to the baron with most ``amounts`` (for the Chairman: among the
    barons not barred, if any), ties by Fate."""
    data: WKData = state.data
    if getattr(data, title) != baron:
        return
    candidates = list(data.barons)
    if title == "chairman" and any(not data.barred[b] for b in candidates):
        candidates = [b for b in candidates if not data.barred[b]]
    most = max(amounts[b] for b in candidates)
    tied = [b for b in candidates if amounts[b] == most]
    holder = tied[0] if len(tied) == 1 else state.rng.choice(tied)
    setattr(data, title, holder)
    state.emit(f"{holder} becomes {_TITLE_NAMES[title]}", "title")


# --------------------------------------------------------------------------- 17.5


def influence_ends_game(state: State) -> bool:
    """14, 17.5: the Muster in which the Influence pool emptied ends the game, except under
    Rule of Force."""
    return state.data.influence_pool == 0 and not state.options[RULE_OF_FORCE]
