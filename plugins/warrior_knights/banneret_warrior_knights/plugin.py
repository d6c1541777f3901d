"""Warrior Knights (Fantasy Flight Games, 2006 edition) as a Banneret game: so far the
set-up for 2 to 6 barons and the round's planning phase (see ``docs/games/warrior_knights.md``).

The sequence of play is declared in :mod:`~banneret_warrior_knights.sequence`, set-up in
:mod:`~banneret_warrior_knights.setup`, the game's data in :mod:`~banneret_warrior_knights.state`.
Hidden from the other barons: each baron's hand, his planned cards (while he plans and, on
the spaces, which of his cards lie where), the neutral cards dealt and set aside, the order of
every pile and deck (only the colour of the Event deck's top card shows, AMB-13).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from banneret import Action, Game, GameInfo, OptionSpec, Rng, Scenario, State, hookimpl
from banneret.boards import BoardContext, BoardDrawing
from banneret.flow import Branches, secret_of, var
from banneret_warrior_knights import assembly
from banneret_warrior_knights.bargaining import GIVE, gift_actions, give_crowns
from banneret_warrior_knights.board import (
    ballot_lines, battle_after_lines, battle_heading, battle_side_lines, counting_lines, expedition_state,
    eliminated_line, moves_lines, noble_status, revealed_lines, session_lines,
)
from banneret_warrior_knights.battles import ATTACKER, DEFENDER, SYMBOLS, Battle, side_troops, symbols, target_strength
from banneret_warrior_knights.cities import city_strength
from banneret_warrior_knights.evaluation import chances
from banneret_warrior_knights.movement import Orders
from banneret_warrior_knights.sequence import FLOW, Plan
from banneret_warrior_knights.setup import initial_data
from banneret_warrior_knights.state import SPACES, SPECIAL_AREAS, WKData, owner_of, tables, title_of
from banneret_warrior_knights.variants import (
    HEIR_EXCHANGE, MOTION_RULES, READING_OPTIONS, VARIANT_OPTIONS, ExchangeHeirs, exchange_heir, heir_actions,
    variant_invariants,
)

__all__ = ["GAME_ID", "WarriorKnights", "banneret_games", "banneret_agents", "banneret_evaluate", "banneret_board"]

GAME_ID = "warrior_knights"
FACTIONS = tuple(tables().data.barons)  # the barons' colours, clockwise around the table


SETUP_DECISIONS = 90
"""Set-up with 6 barons: 6 troop cards a baron (36), 6 strongholds, 24 nobles x 2 choices (48)."""

ROUND_DECISIONS: dict[str, int] = {
    # planning 7 x 6 = 42; per baron card its use and its allocation, 2 x 36 = 72
    "planning and the cards (6.1-6.3)": 42 + 72,
    # at most 3 area phases (36 cards, 12 trigger one), each at most 72 decisions (Wages: one
    # per mercenary paid, 66 cards, + one stop per baron); the Draft, per marker placed (24
    # cards can place one) a hire and an assignment, 48
    "Taxation, Wages, the Draft (9.1, 9.2, 9.4)": 3 * 72 + 48,
    # a revolt per city (24), per troop card (24 loyal + 66 mercenaries) a pick and a recipient
    # (180), per baron a finish, a stronghold and 4 placements (36)
    "the Muster (6.5, 13)": 24 + 180 + 36,
    # six neutral cards, each at most 9 (Fund Expeditions: launch, 6 stakes, blessing;
    # Important Event: the drawer, 6 faith pledges, the effect's choice, a mercenary's place)
    "neutral cards (8)": 54,
    # 12 battles (at most 2 Versatile Strategy and 2 Mobilize Forces a baron), each at most
    # ~100 (area, target, 5 permissions, armies, type, 2 commanders, discards and casualty
    # markers bounded by the 24 Fate cards + 2 keeps + 2 abilities each, 4 retreats x 2,
    # 8 deaths x 2, razes and a ransom)
    "battles (11)": 1200,
    # per baron at most 2 Mobilize Forces and 2 Versatile Strategy; a move is the noble or step
    # (1), the path (1), a passage asked of each other baron (5), "go on" at up to 4 places (4),
    # up to 16 troop cards taken (16): 27; a refused passage costs at most 7 and refuses one
    # of the 14 areas a road move passes for the rest of the card: Mobilize Forces at most
    # 4 x 27 + 14 x 7 + 1 = 207, a Versatile Strategy move 27 + 14 x 7 + 1 = 126
    "movement (10, 7.5, 7.6)": 6 * 2 * (207 + 126),
    # at most 3 Assemblies, each at most 3 acting Chairmen, 3 proposals, 1 order and per agenda
    # (3) a commit, a side and a confirm per voter, a declaration per voter, a tie and an
    # acceptance (3N + 2 = 20): 3 x (7 + 60) = 201; one "add" per vote token committed, at most
    # every vote of the round: 6 a baron from cards, per Assembly 1 a baron, 18 Kingdom cities
    # and 1 Office: 36 + 3 x 25 = 111
    "the Assembly (9.3)": 201 + 111,
    # heir exchange (17.3, a variant): in each baron's step of the Muster each of the 24 heirs
    # moves at most once, then he finishes: 6 x (24 + 1)
    "heir exchange (17.3)": 6 * 25,
}
"""The most decisions one round can take with 6 barons, by part (``GameInfo.max_decisions``)."""


class WarriorKnights(Game):
    info = GameInfo(
        id=GAME_ID,
        name="Warrior Knights",
        version="0",
        description="Barons fight for an empty throne with armies, money, votes and faith.",
        rules_summary=("Plan action cards in secret on three spaces, then carry them out; Taxation, Wages and the "
                       "Mercenary Draft when their cards or markers are in; at each Muster Influence for cities, "
                       "revolts and returning nobles. A baron holding more than half the Kingdom's cities wins at "
                       "a Muster; otherwise, when the Influence pool runs dry, the most Influence."),
        factions=FACTIONS,
        min_players=2,
        max_players=6,
        scenarios=(Scenario("standard", "the set-up of the rules for 2 to 6 barons"),),
        options=(
            OptionSpec("influence_per_baron", 10, "Game length: influence tokens in the pool per baron, 10 as the "
                       "rules set it, 8 for a shorter game, 12 to 15 for a longer one (17.1)",
                       choices=(8, 10, 12, 13, 14, 15)),
            # the optional variants (17.2-17.5, variants.py): each off unless every baron agrees
            *VARIANT_OPTIONS,
            # readings where the original and the digest part (errata; variants.py)
            *READING_OPTIONS,
            OptionSpec("round_limit", 40, "safety cap, not a rule: the game stops after this many rounds, nobody crowned",
                       choices=(10, 20, 30, 40)),
        ),
        max_decisions=SETUP_DECISIONS + 40 * sum(ROUND_DECISIONS.values()),  # round_limit is at most 40
        # the longest menu is Mobilize Forces' area: each of the 42 areas of the board (36 Kingdom,
        # 6 overseas) or declining the card; with heir exchange (17.3) a baron's heirs menu: his 4
        # heirs to each of 5 barons (20), the other 20 heirs he may hold to give back or kill (40),
        # and finishing: 61
        max_actions=61,
        hidden_information=True,
        coverage=("set-up (4, 16.1-16.2), planning (6.1), the action phase (6.2-6.4), the baron cards (7), the "
                  "neutral cards and events (8), Taxation, Wages, the Assembly and the Mercenary Draft (9), "
                  "movement (10), battles (11), cities (12), the Muster (6.5, 13), the end of the game (14) and the "
                  "optional variants (17); bargaining is free talk (15.2)"),
    )
    commands = {"map": "map           the borders (mountains, rivers, bridges), roads and sea lanes"}
    flow = FLOW

    def rule_parameters(self) -> dict[str, Any]:
        setup = tables().data.setup
        return {
            "starting_crowns": setup.starting_crowns,  # 4.1 step 7
            "agendas_revealed": setup.agendas_revealed,  # 4.1 step 10
            "cards_per_space": 2,  # 6.1.1
            "neutral_per_space": 2,  # 6.1.4
        }

    def setup(self, state: State) -> WKData:
        return initial_data(state)

    def turn(self, state: State) -> int:
        return state.data.round

    def eliminated(self, state: State) -> tuple[str, ...]:
        """The barons out of the game (17.4, player elimination), in the order they went out."""
        return tuple(state.data.eliminated)

    # --- at any moment: crowns handed over (15.2), heirs given, given back or killed (17.3) --

    def free_actions(self, state: State, player: str) -> list[Action]:
        actions = gift_actions(state.data, player)
        if state.options[HEIR_EXCHANGE] and player in state.data.barons and not _exchanging_heirs(state, player):
            actions += heir_actions(state.data, player)
        return actions

    def apply_free(self, state: State, action: Action) -> None:
        if action.kind == GIVE:
            give_crowns(state, action)
        else:
            exchange_heir(state, action)

    # --- what each baron may know --------------------------------------------------------

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        data: WKData = state.data
        t = tables()
        board = t.data.board
        titles = t.card_titles

        def sees(baron: str) -> bool:
            return player is None or player == baron

        def cards(ids: list[str]) -> list[str]:
            return sorted(titles[title_of(c)] for c in ids)

        def troops(ids: list[str]) -> list[str]:
            return sorted(t.troops[c].label for c in ids)

        barons = {
            b: {
                "crowns": data.crowns[b], "influence": data.influence[b], "votes": data.votes[b], "faith": data.faith[b],
                "hand": cards(data.hand[b]) if sees(b) else None, "hand_size": len(data.hand[b]),
                "charges": list(data.charges[b]), "barred": data.barred[b],
                "stronghold": data.stronghold[b], "garrison": troops(data.garrison[b]),
                "stronghold_breaches": data.stronghold_breaches[b], "unassigned": troops(data.unassigned[b]),
                # battles (battles.py): the garrison's casualty markers, a siege of the stronghold
                "garrison_casualties": data.garrison_casualties.get(b, 0),
                "stronghold_besieged_by": data.besieged_strongholds.get(b),
                "planning": _plan_view(secret_of(state, b)) if sees(b) else None,
                "ballot": assembly.ballot_view(secret_of(state, b)) if sees(b) else None,
            }
            for b in data.barons
        }
        nobles = {
            nb: {
                "baron": b, "name": t.data.nobles[nb].name, "shape": t.data.nobles[nb].shape,
                "area": data.noble_area[nb], "at_sea": nb in data.at_sea, "troops": troops(data.army[nb]),
                "strength": data.strength_of(data.army[nb]), "casualties": data.casualties[nb],
                "exhausted": nb in data.exhausted, "heir": data.heir[nb], "office": data.office[nb],
                "line_ended": nb in data.heirless_dead,  # battles.py: died without an heir
                # heir exchange (17.3, variants.py): who holds his heir if another baron does
                "heir_held_by": data.heir_holder.get(nb) if data.heir[nb] else None,
                "awaiting_heir": nb in data.awaiting_heir,
            }
            for b in data.barons for nb in data.nobles_of(b)
        }
        cities = {
            c: {
                "name": rec.name, "area": rec.area, "razed": c in data.razed, "owner": data.city_owner.get(c),
                "fortified": c in data.fortified, "besieged_by": data.besieged.get(c), "breaches": data.breaches[c],
                "siege_round": data.siege_round.get(c),
            }
            for c, rec in sorted(board.cities.items())
        }
        spaces = []
        for pile in data.action_spaces:
            by_baron = {b: sum(owner_of(c) == b for c in pile) for b in data.barons}
            spaces.append({
                "cards": len(pile),
                "by_baron": by_baron,
                "neutral": sum(owner_of(c) is None for c in pile),
                # a baron knows which of his cards lie on a space, never the pile's order
                "yours": cards([c for c in pile if player is not None and owner_of(c) == player]),
                "order": [titles[title_of(c)] for c in pile] if player is None else None,
            })
        events = data.events.draw_pile
        return {
            "round": data.round, "phase": data.phase,
            "revealed": None if data.revealed is None else f"{owner_of(data.revealed) or 'neutral'} {titles[title_of(data.revealed)]}",
            "chairman": data.chairman, "head_of_church": data.head_of_church,
            "influence_pool": data.influence_pool,
            "barons": barons, "nobles": nobles, "cities": cities,
            "action_spaces": spaces,
            "neutral_set_aside": len(data.neutral_pool),
            "special_areas": {a: [f"{owner_of(c)} {titles[title_of(c)]}" for c in data.special_areas[a]] for a in SPECIAL_AREAS},
            "decks": {
                "fate": len(data.fate), "events": len(events), "agendas": len(data.agendas),
                "mercenaries": len(data.mercenaries),
                "event_top_colour": t.event_colours[events[-1]] if events else None,
                "event_discards": list(data.events.discard_pile),
            },
            "mercenary_display": troops(data.mercenary_display),
            "mercenary_track": list(data.mercenary_track),
            "current_agendas": list(data.current_agendas),
            "laws": list(data.laws),
            "motion_rules": [MOTION_RULES[r].name for r in data.motion_rules],  # 17.2 (variants.py)
            "eliminated": list(data.eliminated),  # 17.4
            # neutral cards (neutral.py): the event being resolved and the expeditions, all public
            "event_drawn": None if data.event_drawn is None else t.event_of[data.event_drawn].title,
            "expeditions": {
                e: {"space": data.expedition_space.get(e), "stakes": dict(data.expedition_stakes.get(e, {})),
                    "blessed": e in data.expedition_blessed}
                for e in t.data.expeditions
            },
            "expedition_funded": var(state, "launched", None),  # being staked on and blessed (8.3)
            "battle": _battle_view(state, player),
            "moves": _moves_view(state),
            "assembly": assembly.assembly_view(data),
        }

    def render(self, state: State, player: str | None) -> str:
        now = self.pending(state)
        return render_view(self.view(state, player), player, now.players, now.kind)

    def command(self, state: State, player: str, name: str, argument: str) -> str:
        """``map``: the board's fixed features, which every move follows (not reprinted at every
        decision)."""
        return "\n".join(["Borders:", *_border_lines()])

    def resample_hidden(self, state: State, player: str, rng: Rng) -> State:
        """Redraw what ``player`` cannot see from what he knows only: the decks' order (the
        Event deck keeps the colour of its top card), the other barons' cards between hand and
        spaces (each keeps his count per space), the neutral cards dealt and set aside, the
        order of every pile, and the other barons' planning (not yet begun while they plan;
        a random plan from their hand once they have confirmed) and Assembly ballots (the
        same way, :func:`~banneret_warrior_knights.assembly.redraw_ballot`)."""
        new = state.clone()
        data: WKData = new.data
        for deck in (data.fate, data.agendas, data.mercenaries):
            deck.draw_pile.sort()
            rng.shuffle(deck.draw_pile)
        _redraw_events(data, rng)
        for baron in data.barons:
            if baron != player:
                _redraw_cards(data, rng, lambda c, b=baron: owner_of(c) == b, data.hand[baron])
        _redraw_cards(data, rng, lambda c: owner_of(c) is None, data.neutral_pool)
        for pile in data.action_spaces:
            pile.sort()
            rng.shuffle(pile)
        for baron in data.barons:
            if baron != player:
                if not assembly.redraw_ballot(new, baron, rng):
                    _redraw_plan(new, baron, rng)
        return new

    def invariants(self, state: State) -> list[str]:
        data: WKData = state.data
        t = tables()
        broken: list[str] = []
        on_spaces = [c for pile in data.action_spaces for c in pile]
        if data.revealed is not None:
            on_spaces.append(data.revealed)
        for b in data.barons:
            held = data.hand[b] + [c for c in on_spaces if owner_of(c) == b]
            held += [c for a in SPECIAL_AREAS for c in data.special_areas[a] if owner_of(c) == b]
            if sorted(held) != sorted(t.baron_cards[b]):
                broken.append(f"{b}'s action cards are not his twelve, each in one place")
            for resource in ("crowns", "influence", "votes", "faith"):
                if getattr(data, resource)[b] < 0:
                    broken.append(f"{b} has {getattr(data, resource)[b]} {resource}")
            for k, pile in enumerate(data.action_spaces):
                if sum(owner_of(c) == b for c in pile) > state.rules["cards_per_space"]:
                    broken.append(f"{b} has more than {state.rules['cards_per_space']} cards on space {k + 1}")
        neutral = data.neutral_pool + [c for c in on_spaces if owner_of(c) is None]
        if sorted(neutral) != sorted(t.neutral_cards):
            broken.append("the neutral cards are not the eight, each in one place")
        troops = [c for b in data.barons for c in data.unassigned[b] + data.garrison[b]]
        troops += [c for nb in data.army for c in data.army[nb]]
        merc = data.mercenaries.draw_pile + data.mercenaries.discard_pile + data.mercenary_display
        merc += [c for c in troops if t.troops[c].nationality is not None]
        if sorted(merc) != sorted(t.mercenary_cards):
            broken.append("the mercenary cards are not the 66, each in one place")
        for nb, area in data.noble_area.items():
            if area is not None and not data.army[nb]:
                broken.append(f"{nb} stands on the board without troops")
        # battles (battles.py): markers only on armies, and no marker beyond the one that brings
        # an army to its strength (it has fallen then, and dies when its battle's casualties end)
        for nb, markers in data.casualties.items():
            if markers and (not data.army[nb] or (data.noble_area[nb] is not None
                                                  and 100 * (markers - 1) >= data.strength_of(data.army[nb]))):
                broken.append(f"{nb} carries {markers} casualty markers his army cannot hold")
        for c in data.city_owner:
            if 100 * data.breaches[c] > t.data.board.cities[c].strength + 100 * (c in data.fortified):
                broken.append(f"{c} has more breaches than its strength")
        # events and expeditions (neutral.py)
        events = data.events.draw_pile + data.events.discard_pile + ([data.event_drawn] if data.event_drawn else [])
        if sorted(events) != sorted(t.event_cards):
            broken.append("the event cards are not the 36, each in one place")
        for e, stakes in data.expedition_stakes.items():
            if not all(0 < k <= t.data.expeditions[e].max_stake for k in stakes.values()):
                broken.append(f"a stake on {e} is not 1 to {t.data.expeditions[e].max_stake} crowns")
        if data.chairman not in data.barons or data.head_of_church not in data.barons:
            broken.append("a title is held by a baron not in play")
        broken += assembly.agenda_invariants(data)
        broken += variant_invariants(data)
        broken += _statement_invariants(state)
        return broken


def _statement_invariants(state: State) -> list[str]:
    """The testable statements of rules 22.1 that hold between any two steps (the numbers in
    the messages), beside the card and resource checks above."""
    data: WKData = state.data
    t = tables()
    board = t.data.board
    broken: list[str] = []
    # 17: the phase runs at 2 x barons cards and empties the area; a baron's elimination (17.4)
    # lowers the threshold, and the phase it brings due runs at the end of the card under way
    trigger = t.data.per_barons[len(set(data.barons) | set(data.eliminated))].special_phase_cards
    for area in SPECIAL_AREAS:
        if len(data.special_areas[area]) > trigger:
            broken.append(f"17: {area} holds {len(data.special_areas[area])} cards")
    if sorted(data.fate.draw_pile) != sorted(t.fate_cards) or data.fate.discard_pile:  # 39
        broken.append("39: the Fate deck does not hold its 24 cards")
    if any(not 1 <= space <= 3 for space in data.expedition_space.values()):  # 33, 34
        broken.append("33: an expedition is off spaces 1 to 3")
    for city in data.razed:  # 80: a razed city is never controlled, fortified or besieged
        if city in data.city_owner or city in data.fortified or city in data.besieged:
            broken.append(f"80: razed {city} is still held, fortified or besieged")
    for city in data.fortified:  # 81, 70: fortified only while controlled and above strength 0
        if data.city_owner.get(city) is None or city_strength(data, city) == 0:
            broken.append(f"81: {city} is fortified while neutral or at strength 0")
    for noble in data.at_sea:  # 59: on a port icon, exhausted, until the Muster
        area = data.noble_area[noble]
        if area is None or not board.areas[area].port or noble not in data.exhausted:
            broken.append(f"59: {noble} is at sea off a port icon or ready")
    if data.phase == "planning" and (data.exhausted or data.at_sea):  # 84: the Muster refreshed everyone
        broken.append("84: a noble is exhausted or at sea after the Muster")
    if data.barred[data.chairman] and not all(data.barred.values()):  # 52
        broken.append("52: the Chairman is barred")
    for noble in data.heirless_dead:  # 49: a dead noble holds no Office
        if data.office[noble] is not None:
            broken.append(f"49: {noble} died and holds an Office")
    for baron in data.barons:  # 88: troops never change baron; a loyal soldier is in one place
        loyal = [c for nb in data.nobles_of(baron) for c in data.army[nb]] + data.garrison[baron] + data.unassigned[baron]
        loyal = [c for c in loyal if t.troops[c].nationality is None]
        if len(set(loyal)) != len(loyal) or not set(loyal) <= set(t.soldiers[baron]):
            broken.append(f"88: {baron}'s loyal soldiers are not his own, each in one place")
    return broken


def render_view(view: dict[str, Any], player: str | None = None, waiting: Collection[str] = (),
                kind: str = "") -> str:
    """The terminal picture of a view, a board to play from: every area by region (the
    Kingdom row by row, then overseas) with its city, strongholds and nobles; the card and
    the event being resolved and the battle under way; the borders, roads and sea lanes moves
    follow; each baron's treasury, titles, stronghold and nobles; the action spaces (face
    down); the special areas; the mercenary track and display; the expeditions; the
    Assembly (agendas; in session: attendance, ``player``'s own ballot and which voters are
    still choosing, the ballots revealed, the votes counted) and the laws. ``waiting``: the
    barons the game waits for, ``kind`` their decision's kind. The words are the web
    board's (:mod:`~banneret_warrior_knights.board`)."""
    t = tables()
    lines = [
        f"Warrior Knights - round {view['round']} ({view['phase']}); Chairman {view['chairman']}, "
        f"Head of the Church {view['head_of_church']}; influence pool {view['influence_pool']}",
        *([f"Waiting for: {', '.join(b + (' (you)' if b == player else '') for b in waiting)}"] if waiting else []),
        *([f"Card being resolved: {view['revealed']}"] if view["revealed"] else []),
        *moves_lines(view),
        *([f"Event being resolved: {view['event_drawn']}"] if view["event_drawn"] else []),
        *_battle_lines(view),
        "",
        "Areas (city [holder; strength/income]; noble strength (troops); borders and roads: type map):",
        *_area_lines(view),
        "",
        "Barons:",
    ]
    for baron, b in view["barons"].items():
        hand = ", ".join(b["hand"]) if b["hand"] is not None else f"{b['hand_size']} cards"
        titles = [name for name, holder in (("Chairman", view["chairman"]), ("Head of the Church", view["head_of_church"]))
                  if holder == baron]
        lines.append(
            f"  {baron}: {b['crowns']} crowns, {b['influence']} influence, {b['votes']} votes, {b['faith']} faith; hand: {hand}"
            + (f"; {', '.join(titles)}" if titles else "")
        )
        where = t.data.board.areas[b["stronghold"]].name if b["stronghold"] else "not on the board"
        lines.append(f"    stronghold: {where} ({_stronghold_state(b)})")
        nobles = [n for n in view["nobles"].values() if n["baron"] == baron]
        lines.append("    nobles: " + "; ".join(
            f"{n['name']}{' ' + str(n['strength']) if n['area'] else ''} "
            + noble_status(n, t.data.board.areas[n["area"]].name if n["area"] else None) for n in nobles))
        if b["charges"]:
            lines.append(f"    charges: {', '.join(t.agenda_titles[c] for c in b['charges'])}")
        if b["barred"]:
            lines.append("    barred from the Assembly")
        if b["unassigned"]:
            lines.append(f"    troops to assign: {', '.join(b['unassigned'])}")
        if b["planning"] is not None:
            lines.append("    planning: " + "; ".join(f"space {k + 1}: {', '.join(s) or '-'}" for k, s in enumerate(b["planning"])))
    if view["eliminated"]:
        lines.append(f"  {eliminated_line(view)}")
    lines += ["", "Action spaces (face down):"]
    for k, space in enumerate(view["action_spaces"]):
        counts = ", ".join(f"{b} {n}" for b, n in space["by_baron"].items() if n)
        yours = f"; yours: {', '.join(space['yours'])}" if space["yours"] else ""
        lines.append(f"  {k + 1}: {space['cards']} cards ({counts or 'no baron cards'}; neutral {space['neutral']}){yours}")
    trigger = t.data.per_barons[len(view["barons"])].special_phase_cards
    lines += ["", f"Special areas (the phase comes at {trigger} cards):"]
    for area, cards in view["special_areas"].items():
        lines.append(f"  {area.capitalize()} {len(cards)}/{trigger}: {', '.join(cards) or '-'}")
    costs = [space.cost for space in t.data.mercenary_track]
    track = "; ".join(f"{k + 1} ({'not for sale' if costs[k] is None else f'{costs[k]} crowns'}): {marker or '-'}"
                      for k, marker in enumerate(view["mercenary_track"]))
    decks = view["decks"]
    top = f" ({decks['event_top_colour']} on top)" if decks["event_top_colour"] else ""
    current = ", ".join(f"{t.agenda_titles[c]} ({t.agenda_of[c].kind.replace('_', ' ')})" for c in view["current_agendas"])
    expeditions = "; ".join(
        f"{t.data.expeditions[e].name} {expedition_state(view, e)}"
        + (f" (stakes {', '.join(f'{b} {n}' for b, n in info['stakes'].items())})" if info["stakes"] else "")
        + (" blessed" if info["blessed"] else "") for e, info in view["expeditions"].items())
    lines += [
        "",
        f"Mercenary track: {track}",
        f"Mercenaries on display: {', '.join(view['mercenary_display']) or 'none'}",
        f"Decks: Fate {decks['fate']}, Events {decks['events']}{top}, Agendas {decks['agendas']}, "
        f"Mercenaries {decks['mercenaries']}",
        f"Expeditions: {expeditions}",
        f"Current agendas: {current or 'none'}",
        *_assembly_lines(view, player, waiting if kind == "vote" else ()),
        f"Laws in force: {', '.join(t.agenda_titles[c] for c in view['laws']) or 'none'}",
        *([f"Rules the Assembly made: {', '.join(view['motion_rules'])}"] if view["motion_rules"] else []),
    ]
    return "\n".join(lines)


def _battle_lines(view: dict[str, Any]) -> list[str]:
    """The battle under way: where and what, each side, what it has done so far."""
    if view["battle"] is None:
        return []
    sides = [f"  {' | '.join(battle_side_lines(view, side))}" for side in ("attacker", "defender")]
    return [battle_heading(view), *sides, *(f"  {line}" for line in battle_after_lines(view))]


def _assembly_lines(view: dict[str, Any], player: str | None, choosing: Collection[str]) -> list[str]:
    """The Assembly in session: attendance, the ballot, the ballots revealed, the counting."""
    lines = [f"Assembly: {line}" for line in session_lines(view)]
    lines += [f"  ballot: {line}" for line in ballot_lines(view, player, choosing)]
    lines += [f"  {line}" for line in revealed_lines(view)]
    if view["assembly"]["voting"]:
        lines.append(f"  counting {view['assembly']['voting']}: " + "; ".join(text for _, text in counting_lines(view)))
    return lines


def _area_lines(view: dict[str, Any]) -> list[str]:
    """One line per area with something on it, grouped by region (the Kingdom row by row), and
    the region's empty areas on one line."""
    board = tables().data.board
    here: dict[str, list[str]] = {a: [] for a in board.areas}
    for city_id, city in view["cities"].items():
        if city["razed"]:
            here[city["area"]].append(f"{city['name']} (razed)")
            continue
        rec = board.cities[city_id]
        marks = [m for m, on in (("fortified", city["fortified"]), (f"breaches {city['breaches']}", city["breaches"]),
                                 (f"besieged by {city['besieged_by']}", city["besieged_by"])) if on]
        here[city["area"]].append(f"{city['name']} [{'; '.join([city['owner'] or 'neutral', f'{rec.strength}/{rec.income}', *marks])}]")
    for baron, b in view["barons"].items():
        if b["stronghold"] is not None:
            strength = tables().data.barons[baron].stronghold_strength
            here[b["stronghold"]].append(f"{baron} stronghold {strength} ({_stronghold_state(b)})")
    for noble in view["nobles"].values():
        if noble["area"] is not None:
            state = (f", casualties {noble['casualties'] * 100}" if noble["casualties"] else "") + (
                ", exhausted" if noble["exhausted"] else "")
            sea = " at sea" if noble["at_sea"] else ""
            here[noble["area"]].append(
                f"{noble['baron']} {noble['name']}{sea} {noble['strength']} ({', '.join(noble['troops'])}{state})"
            )
    groups: dict[str, tuple[list[str], list[str]]] = {}  # heading -> (lines, empty areas), in order
    order = list(board.areas)  # overseas areas in the data's order
    for area in sorted(board.areas.values(), key=lambda a: (a.region != "kingdom", a.row or 0, a.column or 0, order.index(a.id))):
        group = f"  Kingdom, row {area.row}:" if area.region == "kingdom" else "  Overseas:"
        shown, empty = groups.setdefault(group, ([], []))
        port = " (port)" if area.port else ""
        if here[area.id]:
            shown.append(f"    {area.name}{port}: " + "; ".join(here[area.id]))
        else:
            empty.append(f"{area.name}{port}")
    lines: list[str] = []
    for group, (shown, empty) in groups.items():
        lines += [group, *shown, *([f"    empty: {', '.join(empty)}"] if empty else [])]
    return lines


def _stronghold_state(baron: dict[str, Any]) -> str:
    """A stronghold's garrison, breaches, garrison casualties and besieger."""
    marks = [f"garrison {', '.join(baron['garrison']) or 'none'}"]
    marks += [f"{baron['stronghold_breaches']} breaches"] * bool(baron["stronghold_breaches"])
    marks += [f"garrison casualties {baron['garrison_casualties'] * 100}"] * bool(baron["garrison_casualties"])
    marks += [f"besieged by {baron['stronghold_besieged_by']}"] * bool(baron["stronghold_besieged_by"])
    return "; ".join(marks)


def _border_lines() -> list[str]:
    """The borders that change a move (mountains, rivers and their bridges), the roads and
    the sea lanes, by area name."""
    board = tables().data.board
    name = {a: rec.name for a, rec in board.areas.items()}
    bridges = {frozenset((b.a, b.b)) for b in board.bridges}
    rivers = ", ".join(f"{name[r.a]}|{name[r.b]}" + (" (bridge)" if frozenset((r.a, r.b)) in bridges else "")
                       for r in board.rivers)
    return [
        f"  mountains (no crossing): {', '.join(f'{name[m.a]}|{name[m.b]}' for m in board.mountains) or 'none'}",
        f"  rivers (crossed only at a bridge): {rivers or 'none'}",
        *(f"  road {r.id.replace('_', ' ')}: {'-'.join(name[a] for a in r.areas)}" for r in board.roads.values()),
        *(f"  sea lane {lane.name}: {', '.join(name[p] for p in lane.ports)}" for lane in board.sea_lanes.values()),
    ]


def _plan_view(secret: Any) -> list[list[str]] | None:
    """A baron's own planning as titles per space (``None`` outside planning)."""
    if not isinstance(secret, (Plan, tuple)):
        return None
    spaces = secret.spaces if isinstance(secret, Plan) else secret
    titles = tables().card_titles
    return [sorted(titles[title_of(c)] for c in cards) for cards in spaces]


def _moves_view(state: State) -> dict[str, Any] | None:
    """The moves of the card being resolved (10, 7.5, 7.6; its ``Orders`` record): Mobilize
    Forces' area, the nobles moved so far, the areas whose passage was refused. ``None``
    when no card is moving nobles."""
    orders = next((f.record for f in reversed(state.stack) if isinstance(f.record, Orders)), None)
    if orders is None:
        return None
    return {"area": orders.area, "moved": list(orders.moved), "refused": list(orders.refused)}


def _battle_view(state: State, player: str | None) -> dict[str, Any] | None:
    """The battle being fought (11), as ``player`` may see it (``None`` outside a battle):
    where, what is attacked, the armies, commanders, troops and walls, the Fate cards each
    side holds (a count; what they are only to the side's own baron until both reveal,
    11.2.1), the casualties still to place, the dead, the retreating and the cities taken."""
    frame = next((f for f in reversed(state.stack) if isinstance(f.record, Battle)), None)
    if frame is None:
        return None
    battle: Battle = frame.record
    data: WKData = state.data
    revealed = bool(frame.vars.get("revealed"))

    def side(name: str) -> dict[str, Any]:
        baron = battle.baron(name)
        cards = battle.cards.get(name, ())
        shown = revealed or player is None or player == baron
        return {
            "baron": baron, "nobles": list(battle.nobles(name)), "commander": battle.commander.get(name),
            "troops": side_troops(data, battle, name), "fate_cards": len(cards),
            "fate": sorted(SYMBOLS[s] for s in symbols(cards)) if shown else None,
            "discarded": battle.discarded.get(name, 0), "hits": battle.hits.get(name, 0),
        }

    return {
        "area": battle.area or None, "kind": battle.kind, "target": list(battle.target) if battle.target[0] else None,
        "walls": target_strength(data, battle), "garrison": battle.garrison, "revealed": revealed,
        "attacker": side(ATTACKER), "defender": side(DEFENDER),
        "dead": list(battle.dead), "retreating": list(battle.retreating), "captured": list(battle.captured),
    }


def _redraw_events(data: WKData, rng: Rng) -> None:
    """Shuffle the Event deck, keeping a card of the top card's (public) colour on top."""
    pile = data.events.draw_pile
    if not pile:
        return
    colours = tables().event_colours
    top = colours[pile[-1]]
    pile.sort()
    rng.shuffle(pile)
    i = max(i for i, c in enumerate(pile) if colours[c] == top)
    pile[i], pile[-1] = pile[-1], pile[i]


def _redraw_cards(data: WKData, rng: Rng, mine: Any, rest: list[str]) -> None:
    """Deal the cards ``mine`` selects anew: as many on each space as before, the others
    into ``rest`` (a hand or the neutral pool, kept sorted)."""
    counts = [sum(1 for c in pile if mine(c)) for pile in data.action_spaces]
    pool = sorted(rest + [c for pile in data.action_spaces for c in pile if mine(c)])
    rng.shuffle(pool)
    for k, pile in enumerate(data.action_spaces):
        pile[:] = [c for c in pile if not mine(c)] + pool[:counts[k]]
        del pool[:counts[k]]
    rest[:] = sorted(pool)


def _redraw_plan(state: State, baron: str, rng: Rng) -> None:
    """Another baron's planning, as far as ``player`` can tell: not begun while he plans; a
    random plan from his hand once he has confirmed."""
    secret = secret_of(state, baron)
    if secret is None:
        return
    if isinstance(secret, Plan):
        secret.spaces, secret.space = Plan().spaces, 0
        return
    hand = sorted(state.data.hand[baron])
    rng.shuffle(hand)
    per = state.rules["cards_per_space"]
    plan = tuple(tuple(hand[k * per:(k + 1) * per]) for k in range(SPACES))
    for frame in state.stack:
        if isinstance(frame.record, Branches) and baron in frame.record.results:
            frame.record.results[baron] = plan


def _exchanging_heirs(state: State, baron: str) -> bool:
    """Whether the decision at hand is the baron's own heir step of the Muster (17.3), whose
    menu already holds what he may do with heirs."""
    active = FLOW.active(state)
    return active is not None and isinstance(active[0], ExchangeHeirs) and active[1]["baron"] == baron


@hookimpl
def banneret_games() -> list[type[Game]]:
    return [WarriorKnights]


@hookimpl
def banneret_agents(game_id: str) -> dict[str, Any]:
    if game_id != GAME_ID:
        return {}
    from banneret_warrior_knights.agent import make_agent

    return {"heuristic": make_agent}


@hookimpl
def banneret_evaluate(state: State) -> dict[str, float] | None:
    """A search agent's estimate of each baron's chances: a softmax of worth (cities,
    influence, armies, treasury; :mod:`banneret_warrior_knights.evaluation`)."""
    if state.game_id != GAME_ID:
        return None
    return chances(state.data)


@hookimpl
def banneret_board(context: BoardContext) -> BoardDrawing | None:
    """The web board: the map, the armies and the table as the seat's view shows them (see
    :mod:`banneret_warrior_knights.board`)."""
    if context.game_id != GAME_ID:
        return None
    from banneret_warrior_knights.board import board_drawing

    return board_drawing(context)
