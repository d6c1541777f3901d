"""Guiscard combat tactics (§7) with exact outcomes: on the Downs (the "Cavalry charge" map)
charges and their conditions (§7.2.1), counter-charges (§7.2.2, the rulebook's example as
S-08), the combat bonuses and the role reversal (§7.2.3, S-07, A-15), the charge's move and
combat in steps 3 and 4 (A-16); random games with charges keeping the §7.2 invariants; on
the Test Field, avoiding combat (§7.4, A-20)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import banneret
from banneret.boards.hexgrid import straight_direction
from banneret.flow import Frame
from banneret_guiscard.charges import (
    Charges, charge_complete, charge_steps, charge_strengths, charge_targets, counter_routes, group_shift, meeting_position,
    rider_sees,
)
from banneret_guiscard.fire import OffensiveFire
from banneret_guiscard.melee import combat_column
from banneret_guiscard.state import Battle, Charge, Piece

from test_guiscard_melee import melee
from test_guiscard_movement import REG, force_dice, foot, labels, play, rider

N, B = "normans", "byzantines"
STRAIGHT_EAST = tuple(((q, 6), 0) for q in range(-1, 9))
"""The ten hexes of a charge due east along row 6, from a knight with its head on -2,6."""


def position(*pieces: Piece) -> banneret.State:
    """The Normans' phase on the Downs with exactly these characters, offensive fire passed."""
    state = banneret.new_game("guiscard", seed=0, registry=REG, scenario="Cavalry charge")
    first = Charges if banneret.pending(state).kind == "charges" else OffensiveFire   # where the game waits
    b = state.data
    b.pieces = {p.id: p for p in pieces}
    b.horses = {}
    state.stack[-1] = Frame(first.name, {})
    REG.game("guiscard").flow.settle(state)
    if banneret.pending(state).kind == "offensive-fire":
        play(state, "end offensive fire")
    return state


def declare(state: banneret.State, rider_id: str, target: str, route: tuple[tuple[int, int], ...]) -> None:
    """Declare a charge hex by hex (a last single choice is taken at once)."""
    play(state, f"charge with {rider_id} at {target}")
    for h in route:
        if banneret.pending(state).kind == "charge-route":
            play(state, f"charge via {h[0]},{h[1]}")
    if banneret.pending(state).kind == "charge-route":
        play(state, f"declare the charge ({len(route)} hexes)")


def end_charges(state: banneret.State) -> None:
    """End step 2 if a declaration is still open (with nothing left to declare it ends alone)."""
    if banneret.pending(state).kind == "charges":
        play(state, "end charges")


def log(state: banneret.State, *kinds: str) -> list[str]:
    return [e.text for e in state.log if e.kind in kinds]


def knight() -> Piece:
    return rider("norman_knight", N, (-2, 6), 0)


# --------------------------------------------------------------------------- §7.2.1 who may charge whom, and how


def test_a_charge_needs_the_target_in_front_and_in_sight_where_only_riders_block():
    # okeanos straight ahead at 10 hexes; samir behind the knight; a rider on the line hides yani
    state = position(knight(), foot("okeanos", B, (9, 6)), foot("samir", B, (-4, 6)))
    b = state.data
    assert charge_targets(b, b.pieces["norman_knight"]) == ["okeanos"]
    state = position(knight(), foot("okeanos", B, (9, 6)), foot("milo", N, (3, 6)))
    assert rider_sees(state.data, state.data.pieces["norman_knight"], (9, 6))           # foot never blocks
    state = position(knight(), foot("okeanos", B, (9, 6)), rider("roger", N, (4, 6), 0))
    assert not rider_sees(state.data, state.data.pieces["norman_knight"], (9, 6))       # a rider does
    assert charge_targets(state.data, state.data.pieces["norman_knight"]) == []


def test_a_charge_moves_at_least_six_hexes_the_last_four_straight_at_the_target():
    near = position(knight(), foot("okeanos", B, (4, 6)))
    assert not charge_complete(near.data, "norman_knight", "okeanos", STRAIGHT_EAST[:5])  # 5 hexes straight at it
    near = position(knight(), foot("okeanos", B, (5, 6)))
    assert charge_complete(near.data, "norman_knight", "okeanos", STRAIGHT_EAST[:6])      # 6 will do
    state = position(knight(), foot("okeanos", B, (9, 6)))
    b = state.data
    assert charge_complete(b, "norman_knight", "okeanos", STRAIGHT_EAST)
    assert not charge_complete(b, "norman_knight", "okeanos", STRAIGHT_EAST[:-1])        # not at the target
    bent = (*STRAIGHT_EAST[:7], ((6, 5), 1), ((7, 5), 0), ((8, 5), 0))                   # ends beside, not at it
    assert not charge_complete(b, "norman_knight", "okeanos", bent)


def test_a_charge_route_takes_front_steps_only_and_only_those_that_can_still_arrive():
    state = position(knight(), foot("okeanos", B, (9, 6)))
    b = state.data
    first = charge_steps(b, "norman_knight", "okeanos", ())
    assert set(first) <= {((-1, 6), 0), ((-1, 5), 1), ((-2, 7), 5)}                      # the three front hexes
    assert ((-1, 6), 0) in first
    # with only straight hexes left to reach the target, only the straight step stays open
    assert charge_steps(b, "norman_knight", "okeanos", STRAIGHT_EAST[:7]) == [((6, 6), 0)]


def test_a_declared_charge_is_logged_and_its_target_is_taken_for_the_turn():
    state = position(knight(), rider("roger", N, (-2, 8), 0), foot("okeanos", B, (9, 6)))
    declare(state, "norman_knight", "okeanos", tuple(h for h, _ in STRAIGHT_EAST))
    assert log(state, "charge") == [
        "norman_knight charges okeanos over 10 hexes, via -1,6 0,6 1,6 2,6 3,6 4,6 5,6 6,6 7,6 8,6"]
    b = state.data
    assert b.charges["norman_knight"].route == STRAIGHT_EAST
    assert "okeanos" not in charge_targets(b, b.pieces["roger"])                         # one charge per object
    assert not any(label.startswith("charge with norman_knight") for label in labels(state))


# --------------------------------------------------------------------------- §7.2.2 counter-charges (S-08)


def test_s08_counter_charge_geometry():
    state = position(knight(), foot("okeanos", B, (9, 6)), rider("zahir", B, (10, 5), 3),
                     rider("jemal", B, (4, 9), 0))
    b = state.data
    charge = Charge("norman_knight", "okeanos", STRAIGHT_EAST, b.phase)
    routes = counter_routes(b, charge)
    assert list(routes) == ["zahir"]                        # jemal faces away: the knight is not in its front
    assert len(routes["zahir"]) <= 10 // 2 and routes["zahir"][-1] == meeting_position(b, charge) == ((7, 6), 3)
    declare(state, "norman_knight", "okeanos", tuple(h for h, _ in STRAIGHT_EAST))
    assert labels(state) == ["counter-charge with zahir", "no counter-charge"]
    play(state, "counter-charge with zahir")
    end_charges(state)
    # step 3: zahir rides to the last two hexes of the route, the knight to the two before
    assert log(state, "charge")[-2:] == ["zahir counter-charges norman_knight over 3 hexes, via 9,5 8,6 7,6",
                                         "zahir meets norman_knight on 7,6"]
    assert b.pieces["zahir"].hexes() == ((7, 6), (8, 6))
    assert b.pieces["norman_knight"].hexes() == ((6, 6), (5, 6))


def test_a_counter_charger_moves_at_most_half_the_charge():
    eight = STRAIGHT_EAST[2:]                                   # an 8-hex charge: 4 hexes at most
    state = position(rider("norman_knight", N, (0, 6), 0), foot("okeanos", B, (9, 6)), rider("zahir", B, (12, 5), 3))
    b = state.data
    assert counter_routes(b, Charge("norman_knight", "okeanos", eight, b.phase)) == {}     # 5 hexes needed
    state = position(rider("norman_knight", N, (0, 6), 0), foot("okeanos", B, (9, 6)), rider("zahir", B, (11, 5), 3))
    b = state.data
    assert len(counter_routes(b, Charge("norman_knight", "okeanos", eight, b.phase))["zahir"]) == 4


def test_a_charged_rider_facing_the_charge_may_meet_it_two_hexes_up_its_route():
    state = position(rider("norman_knight", N, (-1, 6), 0), rider("arab_cavalryman", B, (8, 6), 3))
    declare(state, "norman_knight", "arab_cavalryman", tuple((q, 6) for q in range(0, 8)))
    play(state, "counter-charge with arab_cavalryman")
    assert state.data.charges["norman_knight"].counter_route == (((7, 6), 3), ((6, 6), 3))
    assert "arab_cavalryman meets norman_knight on 6,6" in log(state, "charge")


def test_no_defensive_fire_at_a_charge_once_countered():
    def charge(counter: bool) -> list[str]:
        state = position(knight(), foot("okeanos", B, (9, 6)), rider("zahir", B, (10, 5), 3),
                         foot("stephanos", B, (4, 8)))
        declare(state, "norman_knight", "okeanos", tuple(h for h, _ in STRAIGHT_EAST))
        play(state, "counter-charge with zahir" if counter else "no counter-charge")
        end_charges(state)
        return [banneret.pending(state).kind]
    assert charge(counter=False) == ["defensive-fire"]          # stephanos may shoot at the rider going by
    assert charge(counter=True) != ["defensive-fire"]


# --------------------------------------------------------------------------- §7.2.3 effect on combat (S-07)


def test_s07_charge_and_counter_charge_bonuses():
    state = position(rider("norman_knight", N, (-1, 6), 0), rider("arab_cavalryman", B, (8, 6), 3))
    b = state.data
    route = tuple(((q, 6), 0) for q in range(0, 8))
    assert charge_strengths(b, Charge("norman_knight", "arab_cavalryman", route, b.phase)) == (
        "norman_knight", "arab_cavalryman", 14)                                             # 28 + 14 = 42
    declare(state, "norman_knight", "arab_cavalryman", tuple(h for h, _ in route))
    play(state, "counter-charge with arab_cavalryman")        # step 2 ends, the charge rides and strikes
    # 42 against 9 + 4 = 13: the roles stay (13 is not above 42); a combat of its own
    assert log(state, "melee")[0].startswith("norman_knight attack arab_cavalryman: difference 29,")
    assert state.data.attacked_in["norman_knight"] == state.data.phase


def test_a_charge_without_counter_strikes_its_target_with_half_again_its_attack():
    state = position(knight(), foot("okeanos", B, (9, 6)))
    declare(state, "norman_knight", "okeanos", tuple(h for h, _ in STRAIGHT_EAST))   # then it rides and strikes
    assert log(state, "melee")[0].startswith("norman_knight attack okeanos: difference 35,")   # 42 - 7
    assert "attack norman_knight" not in " ".join(labels(state))


def test_the_counter_charger_strikes_when_its_grown_defence_is_greater():
    state = position(rider("abbas", N, (-1, 6), 0, "wounded"), rider("argyris", B, (8, 6), 3))
    b = state.data
    route = tuple(((q, 6), 0) for q in range(0, 8))
    # abbas wounded: attack 7 + 3 = 10; argyris defence 14 + 7 = 21 > 10: argyris attacks, 26 + 13
    assert charge_strengths(b, Charge("abbas", "argyris", route, b.phase, "argyris")) == ("argyris", "abbas", 13)
    declare(state, "abbas", "argyris", tuple(h for h, _ in route))
    play(state, "counter-charge with argyris")
    assert "argyris's defence outweighs abbas's charge: argyris attacks" in log(state, "charge")
    assert log(state, "melee")[0].startswith("argyris attack abbas: difference 35,")         # 39 - 4


# --------------------------------------------------------------------------- invariants in random games


def charge_problems(b: Battle) -> list[str]:
    """The §7.2 invariants on this turn's declared charges (Part VI 53-55)."""
    rules = b.tables.data.tactics
    out = []
    objects = [c.target for c in b.charges.values()] + [c.rider for c in b.charges.values() if c.counter]
    if len(objects) != len(set(objects)):
        out.append(f"a character is the object of two charges: {objects}")
    for c in b.charges.values():
        hexes = [h for h, _ in c.route]
        if (len(hexes) < rules.charge_min_hexes
                or straight_direction(hexes[-rules.charge_straight_hexes:]) != c.route[-1][1]):
            out.append(f"{c.rider}'s route is no charge: {c.route}")
        if c.counter and (len(c.counter_route) > len(c.route) // 2
                          or c.counter_route[-1] != (c.route[-2][0], (c.route[-1][1] + 3) % 6)):
            out.append(f"{c.counter}'s counter-charge does not meet {c.rider}: {c.counter_route}")
    return out


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**16), picks=st.lists(st.integers(0, 10**6), min_size=150, max_size=150))
def test_random_games_with_charges_keep_the_charge_invariants(seed, picks):
    state = banneret.new_game("guiscard", seed=seed, registry=REG, scenario="Cavalry charge")
    game = REG.game("guiscard")
    for pick in picks:
        if banneret.is_over(state):
            break
        player = banneret.pending(state).players[0]
        actions = banneret.legal_actions(state, player)
        eager = [a for a in actions if a.label.startswith(("charge", "counter-charge", "declare"))]
        action = (eager or actions)[pick % len(eager or actions)] if pick % 4 else actions[pick % len(actions)]
        banneret.apply(state, action)
        assert game.invariants(state) == []
        assert charge_problems(state.data) == []


# --------------------------------------------------------------------------- §7.4 avoiding combat


def test_a_faster_defender_on_foot_slips_one_empty_hex_away_and_the_attack_is_spent():
    state = melee(foot("robert", N, (8, 5)), foot("karim", B, (9, 5)), foot("milo", N, (10, 6)))  # MA 6 against 8
    play(state, "attack karim")
    assert banneret.pending(state).players == (B,)
    assert labels(state) == ["avoid via 8,6", "avoid via 9,4", "avoid via 9,6", "avoid via 10,4", "avoid via 10,5",
                             "stand and fight"]                   # 10,6 holds milo: nobody is pushed
    play(state, "avoid via 10,4")                                  # next to no enemy: no test
    b = state.data
    assert b.pieces["karim"].hex == (10, 4) and log(state, "infiltration") == []
    assert log(state, "melee") == ["karim avoids the attack of robert: avoid via 10,4"]
    assert b.attacked_in["robert"] == b.phase


def test_slipping_away_next_to_an_enemy_is_tested_for_infiltration():
    state = melee(foot("robert", N, (8, 5)), foot("karim", B, (9, 5)))
    play(state, "attack karim")
    force_dice(state, 9)
    play(state, "avoid via 8,6")                                   # next to robert
    assert [text.split(":")[0] for text in log(state, "infiltration")] == ["robert tests karim's infiltration"]


def test_a_faster_rider_draws_back_two_hexes_straight():
    state = melee(foot("milo", N, (8, 5)), rider("alexio", B, (9, 5), 3))                         # MA 8 against 15
    play(state, "attack alexio")
    assert labels(state) == ["avoid via 10,5 11,5", "stand and fight"]
    play(state, "avoid via 10,5 11,5")
    assert state.data.pieces["alexio"].hexes() == ((11, 5), (12, 5))


def test_no_avoiding_an_attacker_as_fast_nor_when_stunned():
    state = melee(foot("milo", N, (8, 5)), foot("karim", B, (9, 5)))                               # MA 8 and 8
    force_dice(state, 6)
    play(state, "attack karim")
    assert banneret.pending(state).kind != "avoid-combat" and log(state, "melee")[0].startswith("milo attack karim")
    state = melee(foot("robert", N, (8, 5)), foot("karim", B, (9, 5), "stunned"))
    force_dice(state, 6)
    play(state, "attack karim")
    assert log(state, "melee")[0].startswith("robert attack karim")


# --------------------------------------------------------------------------- §7.2.4-§7.2.5 group charges


def group_of(*riders: tuple[str, tuple[int, int], str]) -> Battle:
    """This phase's charges ending due east on the given hexes, each at a foot target."""
    targets = ("okeanos", "nikolaos", "argyros", "samir")
    state = position(*(rider(rid, N, end, 0) for rid, end, _ in riders),
                     *(foot(t, B, (end[0] + 1, end[1])) for t, (_, end, _) in zip(targets, riders)))
    b = state.data
    for (rid, end, target), t in zip(riders, targets):
        route = tuple(((end[0] - i, end[1]), 0) for i in range(5, -1, -1))
        b.charges[rid] = Charge(rid, target or t, route, b.phase)
    return b


def test_three_norman_knights_side_by_side_charge_as_a_group():
    b = group_of(("robert", (7, 0), ""), ("arthur", (7, 1), ""), ("drogon", (6, 2), ""))
    assert [group_shift(b, b.charges[r]) for r in ("robert", "arthur", "drogon")] == [1, 1, 1]
    b = group_of(("robert", (7, 0), ""), ("arthur", (7, 1), ""))                          # two are no group
    assert group_shift(b, b.charges["robert"]) == 0
    b = group_of(("robert", (7, 0), ""), ("ruggiero", (7, 1), ""), ("drogon", (6, 2), ""))  # a Lombard breaks it
    assert group_shift(b, b.charges["robert"]) == 0
    b = group_of(("robert", (7, 0), ""), ("arthur", (7, 1), ""), ("drogon", (3, 4), ""))    # not side by side
    assert group_shift(b, b.charges["robert"]) == 0


def test_a_group_charge_shifts_the_combat_one_column_right():
    state = position(foot("milo", N, (1, 1)), foot("karim", B, (2, 1)))
    _, plain = combat_column(state, ("milo",), ("karim",))
    _, grouped = combat_column(state, ("milo",), ("karim",), shift=1)
    assert grouped == plain + 1
