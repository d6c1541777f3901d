"""The precomputed tables the hot paths read agree with the plain rules they stand for.

* ``standing.in_force`` looks each card in force up in ``Tables.agenda_effects_by_kind``,
  and answers none at once when no card or rule change carrying the kind
  (``standing.carriers``) is in force; a plain scan of every printed effect of the Laws, the
  baron's Charges and his nobles' Offices (and the rule changes of 17.2) must give the same
  pairs in the same order.
* ``movement.legal_paths`` looks the moves up in ``movement.move_table``; the plain walk
  along the roads (``movement.moves_from``) under the standing effects asked one by one
  (``road_toll``, ``road_limit``, ``forbidden``) must give the same paths, and so must
  ``legal_paths`` with the baron's ``allowance`` computed once for a whole menu.
* ``standing.in_force_kinds`` (several kinds, the cards in force walked once) gives what
  ``in_force`` gives for each kind; ``movement.allowance`` reads its four kinds that way, and
  equals each effect read on its own (``forbidden``, ``road_toll``, ``road_limit``), also when
  none binds (``UNBOUND``).
* ``battles.battle_areas`` looks at the nobles (one pass) only where no place is a target; the plain
  reference asks ``battle_targets`` (which walks the nobles for its area) of each area of a
  ready noble. ``has_battle_area`` and ``movement.has_movable_noble`` (which tries the least
  moves, one step along a road, before the standing effects) stop at the first
  area or noble and must agree with the full lists, ``battle_possible_in`` (one area) with
  ``battle_areas``; ``movement.mobilize_areas`` (the move table's own tuples, not copied)
  with the areas ``legal_paths`` and ``battle_areas`` give. ``movement.may_serve`` (the move
  table's ends when no passage was refused) answers as ``paths_for`` does.
* The prebuilt actions of every baron card's menu (declining it, each use with a fixed
  label: Mobilize Forces' areas, Versatile Strategy's uses, the track spaces) are the actions
  the plain ``Choice.action`` would build from the labels.
* A card's moves keep the allowance they began with (``movement.Orders.allowed``): it is the
  baron's allowance at every step of them.
* ``movement.mobilize_step_actions`` holds the actions of Mobilize Forces' step (each noble,
  the battle, the end, for each area) that ``Choice.action`` would build.
* ``actions.card_reveals`` holds the log line, the resolving procedure and the owner of each card
  turned up on each space.
* ``Tables.troop_strength`` is each troop card's printed strength (``WKData.strength_of``).
* The planning menu, put together from ``sequence.plan_menu``, offers one card of each title
  left in the hand with the label ``space k: Title`` and the ``no more cards`` step; planning a
  card logs the prebuilt line ``baron plans Title for space k``, to the baron alone.

Random games through the public API, with random agenda cards then put in force.
"""

from __future__ import annotations

import random

import banneret
from hypothesis import given, settings
from hypothesis import strategies as st

from banneret.flow import Choice, Frame, record
from banneret_warrior_knights import baron_cards, battles, movement
from banneret_warrior_knights.actions import RESOLVERS, card_reveals
from banneret_warrior_knights.card_play import DECLINE, card_actions
from banneret_warrior_knights.data_model import EFFECT_KINDS
from banneret_warrior_knights.standing import forbidden, in_force, in_force_kinds
from banneret_warrior_knights.state import SPACES, WKData, owner_of, tables, title_of
from banneret_warrior_knights.variants import MOTION_RULES

from wk_helpers import new_game

T = tables()


def plain_in_force(data: WKData, kind: str, baron: str | None) -> list[tuple[str, object]]:
    """The reference: every printed effect of every card in force, scanned in order."""
    cards = list(data.laws)
    if baron is not None:
        cards += data.charges[baron]
        cards += [data.office[nb] for nb in data.nobles_of(baron) if data.office[nb] is not None]
    found = [(card, e) for card in cards for e in T.agenda_of[card].effects if e.kind == kind]
    return found + [(rule, MOTION_RULES[rule].effect) for rule in data.motion_rules
                    if MOTION_RULES[rule].effect.kind == kind]


def play_random(state: banneret.State, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        now = banneret.pending(state)
        if not now.players:
            return
        player = rng.choice(now.players)
        banneret.apply(state, rng.choice(banneret.legal_actions(state, player)))


def put_agendas_in_force(data: WKData, rng: random.Random) -> None:
    """Random Laws, Charges and Offices (any agenda card, whatever its kind: the table must
    answer for every card) and rule changes."""
    agendas = list(T.agenda_cards)
    data.laws[:] = rng.sample(agendas, rng.randint(0, 4))
    for baron in data.barons:
        data.charges[baron] = rng.sample(agendas, rng.randint(0, 3))
        for noble in data.nobles_of(baron):
            data.office[noble] = rng.choice([None, None, *agendas])
    data.motion_rules[:] = sorted(rng.sample(sorted(MOTION_RULES), rng.randint(0, len(MOTION_RULES))))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 3, 4, 6]), steps=st.integers(0, 400))
def test_tables_agree_with_plain_rules(seed: int, barons: int, steps: int) -> None:
    rng = random.Random(seed)
    state = new_game(barons, seed=seed % 1000)
    play_random(state, rng, steps)
    data: WKData = state.data
    put_agendas_in_force(data, rng)
    for kind in EFFECT_KINDS:
        assert in_force(data, kind) == plain_in_force(data, kind, None)
        for baron in data.barons:
            assert in_force(data, kind, baron) == plain_in_force(data, kind, baron)
    areas = sorted(T.data.board.areas)
    for baron in data.barons:
        data.crowns[baron] = rng.randint(0, 3)  # a road toll may be unaffordable
        allowed = movement.allowance(data, baron)
        assert allowed == movement.Allowance(  # each effect read on its own (UNBOUND when none binds)
            not forbidden(data, "off_road_move", baron), movement.road_toll(data, baron),
            movement.road_limit(data, baron), not forbidden(data, "sea_travel", baron))
        for noble in data.nobles_of(baron):
            refused = rng.sample(areas, rng.choice([0, 0, 1, 3]))
            assert movement.legal_paths(data, noble, refused, allowed) == movement.legal_paths(data, noble, refused)
            assert movement.legal_paths(data, noble, refused) == plain_paths(data, noble, refused)
            for area in (None, rng.choice(areas), *{p[-1] for p in plain_paths(data, noble, [])}):
                orders = movement.Orders(area=area, refused=refused)
                assert movement.may_serve(data, noble, orders, allowed) == bool(movement.paths_for(data, noble, orders))
    kinds = sorted(EFFECT_KINDS)
    for baron in data.barons:
        asked = tuple(rng.sample(kinds, rng.randint(1, 5)))
        assert in_force_kinds(data, asked, baron) == {kind: in_force(data, kind, baron) for kind in asked}
        ready = {data.noble_area[nb] for nb in data.nobles_of(baron) if data.noble_area[nb] is not None
                 and nb not in data.exhausted and nb not in data.at_sea}
        attackable = sorted(a for a in ready if battles.battle_targets(data, baron, a))
        assert battles.battle_areas(state, baron) == attackable
        assert battles.has_battle_area(state, baron) == bool(attackable)
        assert [a for a in areas if battles.battle_possible_in(state, baron, a)] == attackable
        movable = [nb for nb in data.nobles_of(baron) if movement.legal_paths(data, nb)]
        assert movement.movable_nobles(state, baron) == movable
        assert movement.has_movable_noble(state, baron) == bool(movable)
        destinations = {p[-1] for nb in data.nobles_of(baron) for p in movement.legal_paths(data, nb)}
        assert movement.mobilize_areas(state, baron) == sorted(destinations | set(attackable))


def plain_paths(data: WKData, noble: str, refused: list[str]) -> list[tuple[str, ...]]:
    """The reference: the roads walked for this noble, the standing effects asked one by one."""
    here = data.noble_area[noble]
    if here is None or not movement.is_ready(data, noble) or movement.shut_in(data, noble):
        return []
    baron = data.baron_of_noble(noble)
    paths = movement.moves_from(
        here, not forbidden(data, "off_road_move", baron), movement.road_toll(data, baron) <= data.crowns[baron],
        movement.road_limit(data, baron), not forbidden(data, "sea_travel", baron))
    return [p for p in paths if not set(p[:-1]) & set(refused)]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 4, 6]))
def test_planning_menu_offers_one_card_per_title(seed: int, barons: int) -> None:
    rng = random.Random(seed)
    state = new_game(barons, seed=seed % 1000)
    while not banneret.is_over(state):
        now = banneret.pending(state)
        player = rng.choice(now.players)
        actions = banneret.legal_actions(state, player)
        if now.kind == "plan" and actions[0].kind == "plan":
            space = actions[-1].label.split(":")[0]
            assert actions[-1].label == f"{space}: no more cards" and actions[-1].kind == "next"
            offered = actions[:-1]
            titles = [title_of(a.args) for a in offered]
            assert len(titles) == len(set(titles))
            assert all(a.label == f"{space}: {T.card_titles[title_of(a.args)]}" and a.player == player
                       and a.args in state.data.hand[player] for a in offered)
            chosen = offered[0]
            banneret.apply(state, chosen)  # the secret log line, prebuilt too
            assert state.log[-1].text == f"{player} plans {T.card_titles[title_of(chosen.args)]} for {space}"
            assert state.log[-1].only == (player,)
            return
        banneret.apply(state, rng.choice(actions))
    raise AssertionError("no planning menu with cards was reached")


def test_prebuilt_card_actions_are_the_plain_ones() -> None:
    """Every baron card's prebuilt actions (declining and each use with a fixed label) are
    the ones the plain Choice.action builds, in every state a label could read."""
    state = new_game(4, seed=1)
    for card in (baron_cards.DraftSoldiers(), baron_cards.RallySupport(), baron_cards.ServeTheChurch(),
                 baron_cards.VersatileStrategy(), movement.MobilizeForces(), baron_cards.LevyTaxes()):
        for baron in T.baron_cards:
            frame = Frame(card.name, {"baron": baron})
            state.stack.append(frame)
            for option in (*card.fixed_uses(), DECLINE):
                plain = Choice.action(card, state, frame, baron, option)
                assert card.action(state, frame, baron, option) == plain
                assert (baron, option) in card_actions(card)
            frame.vars["options"] = (*card.fixed_uses(), DECLINE)
            assert card.actions(state, frame, baron) == [Choice.action(card, state, frame, baron, o)
                                                         for o in frame.vars["options"]]
            state.stack.pop()
    assert card_actions(baron_cards.LevyTaxes()).keys() == {(b, DECLINE) for b in T.baron_cards}
    mobilize = movement.MobilizeForces()
    for area in T.data.board.areas:
        assert mobilize.action(state, Frame("MobilizeForces", {}), "green", area) == (
            "green", f"mobilize into {T.data.board.areas[area].name}", "card", area)

def test_troop_strengths_are_the_printed_ones() -> None:
    """``Tables.troop_strength`` holds every troop card's printed strength, so an army's
    ``strength_of`` is the sum of its cards' records."""
    assert T.troop_strength.keys() == T.troops.keys()
    assert all(T.troop_strength[c] == rec.strength for c, rec in T.troops.items())
    state = new_game(4, seed=3)
    agent = banneret.RandomAgent(3)
    summed = 0
    while banneret.pending(state).players and state.step < 600:
        data = state.data
        for troops in (*data.army.values(), *data.garrison.values()):
            assert data.strength_of(troops) == sum(T.troops[c].strength for c in troops)
            summed += bool(troops)
        banneret.apply(state, agent.choose(banneret.Seat(state, banneret.pending(state).players[0])))
    assert summed > 0


def test_card_reveals_name_the_space_the_owner_the_title_and_the_resolver() -> None:
    """``actions.card_reveals`` holds, for every action card turned up on every space, the
    log line as the plain formatting writes it, the procedure of its title and its owner."""
    reveals = card_reveals()
    assert len(reveals) == SPACES * len(T.action_card_owner)
    for (space, card), (line, resolver, owner) in reveals.items():
        assert owner == owner_of(card)
        who = f"{owner} " if owner else "neutral card "
        assert line == f"space {space + 1}: {who}{T.card_titles[title_of(card)]}"
        assert resolver is RESOLVERS[title_of(card)]
    assert reveals[0, "fund_expeditions:1"] == (
        "space 1: neutral card Fund Expeditions", RESOLVERS["fund_expeditions"], None)


def test_prebuilt_mobilize_step_actions_are_the_plain_ones() -> None:
    """Every prebuilt action of Mobilize Forces' step (each noble of the baron, the battle,
    the end, for every area) is the one ``Choice.action`` builds from the step's label."""
    step = movement.Mobilize()
    prebuilt = movement.mobilize_step_actions()
    state = new_game(4, seed=2)
    for baron, nobles in T.nobles_of.items():
        for area in T.data.board.areas:
            orders = movement.Orders(area=area)
            state.stack.append(Frame("MobilizeForces", {"baron": baron}, True))
            frame = Frame(step.name, {"options": (*nobles, movement.BATTLE, movement.FINISH)}, True, orders)
            state.stack.append(frame)
            plain = [Choice.action(step, state, frame, baron, o) for o in frame.vars["options"]]
            assert step.actions(state, frame, baron) == plain
            assert all(prebuilt[baron, area, o] is a for o, a in zip(frame.vars["options"], step.actions(state, frame, baron)))
            del state.stack[-2:]
    assert prebuilt["green", "k_a1", movement.BATTLE].label == "start a battle in K-a1"


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), barons=st.sampled_from([2, 4, 6]))
def test_a_cards_moves_keep_the_allowance_they_began_with(seed: int, barons: int) -> None:
    """The allowance a card's moves keep in their ``Orders`` (asked once when they begin) is
    the baron's allowance at every step of them, standing effects in force or not."""
    rng = random.Random(seed)
    state = new_game(barons, seed=seed % 1000)
    put_agendas_in_force(state.data, rng)
    steps = 0
    while not banneret.is_over(state) and state.step < 3000:
        now = banneret.pending(state)
        if now.kind in ("mobilize", "noble", "move"):
            orders = record(state, movement.Orders)
            assert orders.allowed == movement.allowance(state.data, now.players[0])
            steps += 1
        banneret.apply(state, rng.choice(banneret.legal_actions(state, rng.choice(now.players))))
    assert steps > 0
