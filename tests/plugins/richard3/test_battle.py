"""The battle procedure (6.0-6.91) driven through the engine's flow with fixed dice.

Each test builds a board by hand (who stands where, who entered from where, who is Player 1),
fights the battles in ``battles`` with a tiny flow that only calls ``Battle``, and checks the
exact outcome. Dice come from :class:`FixedDice`, which hands out preset results in order and
fails the test if the battle rolls more or fewer dice than the rules say.
"""

from __future__ import annotations

from typing import Any

import pytest

from banneret import Flow, Game, GameInfo, Pending, Procedure, Scenario
from banneret.flow import call
from banneret.state import State

from banneret_richard3.battle import BATTLE_PROCEDURES, BattleRecord, current, eliminate, lose_step
from banneret_richard3.plugin import RichardIII
from banneret_richard3.state import DEAD, DEFAULT_PARAMETERS, OFFMAP, POOL, R3State, initial_state, tables


class FixedDice:
    """Stand-in for the state's generator: preset dice, in order."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)
        self.rolled: list[list[int]] = []

    def dice(self, count: int, sides: int = 6) -> list[int]:
        if len(self.values) < count:
            raise AssertionError(f"the battle rolled {count} more dice; only {self.values} were prepared")
        out, self.values = self.values[:count], self.values[count:]
        self.rolled.append(out)
        return out


class FightBattles(Procedure):
    """Test root: fight every battle in ``data.battles`` in order, recording the winners."""

    name = "FightBattles"

    def start(self, state: Any, frame: Any) -> None:
        frame["results"] = ()
        self._next(state, frame)

    def _next(self, state: Any, frame: Any) -> None:
        d = state.data
        if d.battles and state.ended is None:
            call(state, "Battle", area=d.battles[0])
        else:
            frame["done"] = True

    def resume(self, state: Any, frame: Any, result: Any) -> None:
        frame["results"] = frame["results"] + (result,)
        self._next(state, frame)

    def pending(self, state: Any, frame: Any) -> Pending:
        return Pending((), "done", "all battles fought")


class BattleGame(Game):
    info = GameInfo(
        id="r3-battle-test", name="battles", version="0", description="", rules_summary="",
        factions=("lancaster", "york"), min_players=2, max_players=2,
        scenarios=(Scenario("test", ""),),
    )
    flow = Flow(FightBattles, extra=BATTLE_PROCEDURES)


def make_board(
    placement: dict[str, list[str]],
    *,
    defender: dict[str, str] | None = None,
    entries: dict[str, list[tuple[str, str]]] | None = None,
    main: dict[tuple[str, str], str] | None = None,
    player1: str = "york",
    steps: dict[str, int] | None = None,
    king_block: str | None = "henry_vi",
    pretender_block: str | None = "duke_of_york",
) -> R3State:
    """A game state with only the given blocks on the map (the rest in their pool or off-map)."""
    d = initial_state()
    t = tables()
    for blk in t.block_ids:
        if d.loc[blk] not in (POOL, OFFMAP, "minor"):
            d.place(blk, POOL)
    for area, blocks in placement.items():
        for blk in blocks:
            d.place(blk, area)
    for blk, s in (steps or {}).items():
        d.steps[blk] = s
    d.defender = dict(defender or {})
    d.entries = {a: tuple(v) for a, v in (entries or {}).items()}
    d.main_attack = dict(main or {})
    d.player1 = player1
    d.king_block = king_block
    d.pretender_block = pretender_block
    d.battles = [a for a in sorted(d.defender)]
    return d


def start(data: R3State, dice: list[int], options: dict[str, Any] | None = None, rng: Any = None) -> State:
    game = BattleGame()
    state = State(game, 1, "test", RichardIII.info.resolve_options(options or {}), DEFAULT_PARAMETERS,
                  ("lancaster", "york"))
    state.rng = FixedDice(dice) if rng is None else rng  # type: ignore[assignment]
    state.data = data
    game.start(state)
    return state


def labels(state: State) -> list[str]:
    who = state.game.pending(state).players
    assert len(who) == 1
    return [a.label for a in state.game.legal_actions(state, who[0])]


def do(state: State, label: str) -> None:
    who = state.game.pending(state).players
    assert len(who) == 1, who
    for a in state.game.legal_actions(state, who[0]):
        if a.label == label:
            state.game.apply(state, a)
            state.step += 1
            return
    raise AssertionError(f"{label!r} is not offered to {who[0]}; offered: {labels(state)}")


def decider(state: State) -> str:
    return state.game.pending(state).players[0]


def over(state: State) -> bool:
    return not state.stack or bool(state.stack[0].vars.get("done"))  # the game ended, or every battle is fought


def results(state: State) -> tuple[Any, ...]:
    return state.stack[0]["results"]


def group(state: State) -> tuple[str, ...]:
    return fight(state).group


def fight(state: State) -> BattleRecord:
    """The record of the battle being fought (one must be)."""
    record = current(state)
    assert record is not None, "no battle is being fought"
    return record


def texts(state: State) -> list[str]:
    return [e.text for e in state.log]


def pass_all(state: State, until_round: int) -> None:
    """Everybody passes until round ``until_round`` starts (or the battle ends)."""
    while not over(state) and getattr(current(state), "round", 0) < until_round:
        offered = labels(state)
        passes = [x for x in offered if x.startswith("pass: ")]
        assert passes, offered
        do(state, passes[0])


# ---------------------------------------------------------------------------- 6.1 / 6.2


def s13_board() -> R3State:
    return make_board(
        {"oxford": ["rivers_l", "herbert", "clarence_y"]},
        defender={"oxford": "lancaster"},
        entries={"oxford": [("herbert", "wilts"), ("clarence_y", "wilts")]},
        main={("oxford", "york"): "wilts"},
    )


def test_s13_turn_order_every_round():
    """S13: Herbert (A2) and Clarence (B2) attack Rivers (B2): Herbert, Rivers, Clarence."""
    state = start(s13_board(), [6] * 60)
    seen = []
    while not over(state) and fight(state).round <= 3:
        (blk,) = group(state)
        seen.append((fight(state).round, blk))
        do(state, f"pass: {blk}")
    assert seen == [(r, b) for r in (1, 2, 3) for b in ("herbert", "rivers_l", "clarence_y")]


def test_battle_reveals_its_blocks_and_stands_them_up_after():
    """6.1: blocks in the battle are revealed to both players, stood up when it ends."""
    state = start(s13_board(), [6] * 60)
    assert state.data.revealed == {"rivers_l", "herbert", "clarence_y"}
    reveal = [e for e in state.log if e.reveal]
    assert len(reveal) == 1 and "Lord Rivers lancaster 2" in reveal[0].text and reveal[0].only is None
    pass_all(state, 4)
    # round 4: the attackers must retreat; Rivers passes
    do(state, "retreat herbert -> wilts")
    do(state, "pass: rivers_l")
    do(state, "retreat clarence_y -> wilts")
    assert labels(state)[-1] == "end regroup"
    do(state, "end regroup")
    assert over(state)
    assert results(state) == ("lancaster",)
    assert state.data.revealed == set()
    assert current(state) is None and state.data.battle_area is None and state.data.battles == []


def test_s14_bombard_acts_first_in_round_one_then_after_c_blocks():
    """S14: a defending Bombard (A3 in round 1, D3 later) and attacking A and C blocks."""
    d = make_board(
        {"middlesex": ["york_bombard", "clifford", "york_levy"]},
        defender={"middlesex": "york"},
        entries={"middlesex": [("clifford", "oxford"), ("york_levy", "oxford")]},
        main={("middlesex", "lancaster"): "oxford"},
        player1="lancaster",
    )
    assert tables().blocks["york_bombard"].combat == "D3"  # printed D3; A3 in round 1 is the rule
    state = start(d, [6] * 80)
    order = {1: [], 2: []}
    while fight(state).round <= 2:
        (blk,) = group(state)
        order[fight(state).round].append(blk)
        do(state, f"pass: {blk}")
    assert order[1] == ["york_bombard", "clifford", "york_levy"]
    assert order[2] == ["clifford", "york_levy", "york_bombard"]


def test_s14_bombard_arriving_as_reserve_first_acts_in_round_two_as_d3():
    d = make_board(
        {"sussex": ["oxford", "lancaster_bombard", "norfolk"]},
        defender={"sussex": "york"},
        entries={"sussex": [("oxford", "middlesex"), ("lancaster_bombard", "kent")]},
        main={("sussex", "lancaster"): "middlesex"},
        player1="lancaster",
    )
    state = start(d, [6] * 80)
    assert fight(state).reserves == ("lancaster_bombard",)
    r1 = []
    while fight(state).round == 1:
        (blk,) = group(state)
        r1.append(blk)
        do(state, f"pass: {blk}")
    assert r1 == ["oxford", "norfolk"]  # Oxford A2 (attacker) before Norfolk B2 (defender)
    r2 = []
    while fight(state).round == 2:
        (blk,) = group(state)
        r2.append(blk)
        do(state, f"pass: {blk}")
    assert r2 == ["oxford", "norfolk", "lancaster_bombard"]


# ---------------------------------------------------------------------------- 6.3 reserves


def s16_board() -> R3State:
    # York: 4 blocks from Kent (Main Attack) and 2 from Wilts attack Lancaster in Sussex.
    # Warwick (4) is brought down to 3 so that he and March tie as the strongest; Salisbury
    # and Kent stand at 2.
    kent = ["warwick_y", "salisbury_y", "kent_y", "march"]
    wilts = ["norfolk", "suffolk"]
    return make_board(
        {"sussex": ["oxford", "beaumont"] + kent + wilts},
        defender={"sussex": "lancaster"},
        entries={"sussex": [(b, "kent") for b in kent] + [(b, "wilts") for b in wilts]},
        main={("sussex", "york"): "kent"},
        steps={"warwick_y": 3, "salisbury_y": 2, "kent_y": 2},
    )


def _changed(value: Any) -> Any:
    """A different value of the same kind (for the record's fields)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "_x"
    if isinstance(value, tuple):
        return value + ("x",)
    return {**value, "x": ()}


def test_the_battle_record_lives_and_dies_with_the_battle_frame():
    """The battle's bookkeeping is the Battle frame's record: copied with the frame, seen by
    the state hash in every field, and gone when the battle ends."""
    import attrs

    from banneret import clone, state_hash
    from banneret.rng import Rng

    state = start(s16_board(), [], rng=Rng(5))
    b = fight(state)
    assert [f.proc for f in state.stack if f.record is not None] == ["Battle"]
    before = state_hash(state)
    for field in attrs.fields(BattleRecord):
        copy = clone(state)
        assert fight(copy) == b and fight(copy) is not b
        setattr(fight(copy), field.name, _changed(getattr(b, field.name)))
        assert state_hash(copy) != before, field.name
        assert fight(state) == b and state_hash(state) == before  # the original is untouched
    moves = 0
    while not over(state):
        who = state.game.pending(state).players[0]
        state.game.apply(state, state.game.legal_actions(state, who)[0])
        moves += 1
        assert moves < 100
    assert current(state) is None and all(f.record is None for f in state.stack)
    assert not hasattr(state.data, "battle")


def test_s16_reserves_neither_act_nor_take_hits_in_round_one():
    state = start(s16_board(), [])
    b = fight(state)
    assert b.reserves == ("norfolk", "suffolk")
    assert set(b.to_act) == {"oxford", "beaumont", "warwick_y", "salisbury_y", "kent_y", "march"}
    # Oxford (A2, defender) first, then the attacking A blocks, then the B blocks
    assert group(state) == ("oxford",)
    # Oxford (strength 3, A2) rolls 1,1,6: 2 hits on the strongest ENGAGED York block
    state.rng.values = [1, 1, 6]
    do(state, "fire: oxford")
    # Warwick and March (3) tie; York picks; the reserves (Norfolk 4) are not candidates
    assert labels(state) == ["take hits: march", "take hits: warwick_y"]
    do(state, "take hits: warwick_y")
    assert state.data.steps["warwick_y"] == 1
    assert state.data.steps["march"] == 3
    assert state.data.steps["norfolk"] == 4 and state.data.steps["suffolk"] == 3
    assert state.data.steps["salisbury_y"] == 2 and state.data.steps["kent_y"] == 2
    assert group(state) == ("kent_y", "march")
    do(state, "pass: kent_y")
    do(state, "pass: march")
    assert group(state) == ("beaumont",)
    do(state, "pass: beaumont")
    for blk in ("salisbury_y", "warwick_y"):
        assert blk in group(state)
        do(state, f"pass: {blk}")
    # round 2: the Wilts blocks arrive and take normal turns
    assert fight(state).round == 2 and fight(state).reserves == ()
    assert "round 2: reserves arrive (Duke of Norfolk, Duke of Suffolk)" in texts(state)
    assert set(fight(state).to_act) >= {"norfolk", "suffolk"}


def test_s17_one_border_means_no_reserves():
    """S17: three blocks across the Oxford/Sussex border are all the Main Attack."""
    d = make_board(
        {"sussex": ["norfolk", "suffolk", "oxford", "beaumont", "clifford"]},
        defender={"sussex": "york"},
        entries={"sussex": [("oxford", "oxford"), ("beaumont", "oxford"), ("clifford", "oxford")]},
        main={("sussex", "lancaster"): "oxford"},
        player1="lancaster",
    )
    state = start(d, [])
    assert fight(state).reserves == ()
    assert fight(state).attacker == "lancaster"


def s18_board() -> R3State:
    # York (Player 1) attacks Essex from Rutland (3, Main) and Middlesex (2); Lancaster
    # (Player 2) defends with 2 and moves 3 in from East Anglia. Essex's fourth neighbour,
    # Leicester, holds a York block (Hastings), so only York may retreat there.
    rutland = ["herbert", "march", "warwick_y"]
    middlesex = ["essex", "suffolk"]
    east_anglia = ["buckingham_l", "northumberland_l", "stanley_l"]
    return make_board(
        {"essex": ["wiltshire", "beaumont"] + rutland + middlesex + east_anglia, "leicester": ["hastings"]},
        defender={"essex": "lancaster"},
        entries={"essex": [(b, "rutland") for b in rutland] + [(b, "middlesex") for b in middlesex]
                 + [(b, "east_anglia") for b in east_anglia]},
        main={("essex", "york"): "rutland"},
        player1="york",
        steps={"beaumont": 2, "stanley_l": 3},
    )


def test_s18_player_two_reinforcements_are_reserves_and_retreat_limits():
    state = start(s18_board(), [6] * 200)
    b = fight(state)
    assert b.reserves == ("buckingham_l", "essex", "northumberland_l", "stanley_l", "suffolk")
    assert set(b.to_act) == {"herbert", "march", "warwick_y", "wiltshire", "beaumont"}
    pass_all(state, 2)
    assert fight(state).reserves == ()
    assert len(fight(state).to_act) == 10
    # round 2: York's A blocks first; they may not retreat across the East Anglia border
    assert group(state) == ("herbert", "march")
    york = [x for x in labels(state) if x.startswith("retreat herbert")]
    assert york == ["retreat herbert -> leicester", "retreat herbert -> middlesex", "retreat herbert -> rutland"]
    do(state, "pass: herbert")
    do(state, "pass: march")
    # Lancaster's B blocks: only back to East Anglia
    assert group(state) == ("beaumont", "buckingham_l", "northumberland_l", "stanley_l", "wiltshire")
    lanc = sorted({x.split(" -> ")[1] for x in labels(state) if x.startswith("retreat ")})
    assert lanc == ["east_anglia"]


def test_s19_round_one_wipe_out_swaps_roles():
    """S19 / statements 24-25: the Defender's engaged blocks all die in round 1."""
    state = start(s18_board(), [])
    assert group(state) == ("herbert", "march")
    state.rng.values = [1, 1, 1]  # March A3 at strength 3: 3 hits on Wiltshire (3)
    do(state, "fire: march")
    assert state.data.loc["wiltshire"] == DEAD  # rose noble
    state.rng.values = [1, 1, 6]  # Herbert A2 at 3: 2 hits on Beaumont (2)
    do(state, "fire: herbert")
    b = fight(state)
    assert state.data.loc["beaumont"] == DEAD
    # Lancaster's reserves deploy at once; York now defends, Lancaster attacks
    assert b.swapped and b.defender == "york" and b.attacker == "lancaster"
    assert b.reserves == ("essex", "suffolk")
    assert b.to_act == ("warwick_y",)
    # Warwick (not yet acted) may hit the deployed blocks: tie 4/4 (Stanley is at 3) -> Lancaster picks
    state.rng.values = [1, 1, 6, 6]
    do(state, "fire: warwick_y")
    assert decider(state) == "lancaster"
    assert labels(state) == ["take hits: buckingham_l", "take hits: northumberland_l"]
    do(state, "take hits: northumberland_l")
    assert state.data.steps["northumberland_l"] == 2 and state.data.steps["buckingham_l"] == 4
    # the deployed blocks did not act in round 1: round 2 begins; York (defender) first in B
    assert fight(state).round == 2
    assert group(state) == ("herbert", "march")
    do(state, "pass: herbert")
    do(state, "pass: march")
    assert group(state) == ("essex", "suffolk", "warwick_y")
    # the Earl of Essex now defends his own shield: B1 -> B2
    state.rng.values = [2, 2, 3]
    do(state, "fire: essex")
    assert "Earl of Essex fires [2, 2, 3] at 2: 2 hit(s)" in texts(state)
    pass_all(state, 4)
    # round 4: Lancaster, now the Attacker, must retreat (only back to East Anglia)
    while fight(state).round == 4 and decider(state) == "york":
        do(state, [x for x in labels(state) if x.startswith("pass: ")][0])
    assert decider(state) == "lancaster"
    assert all(x.startswith("retreat ") and x.endswith("-> east_anglia") for x in labels(state))


def test_a16_attacker_main_wiped_out_reserves_still_come():
    """A-16: the Attacker's engaged blocks all gone in round 1: its reserves arrive in round 2."""
    d = make_board(
        {"sussex": ["norfolk", "wiltshire", "beaumont"]},
        defender={"sussex": "york"},
        entries={"sussex": [("wiltshire", "middlesex"), ("beaumont", "kent")]},
        main={("sussex", "lancaster"): "middlesex"},
        player1="lancaster",
    )
    state = start(d, [1, 1, 1, 6])  # Norfolk B2 at 4: 3 hits, Wiltshire (3) dies
    do(state, "fire: norfolk")
    assert state.data.loc["wiltshire"] == DEAD
    # nothing left to do in round 1 (the Lancaster engaged side is empty): round 2 begins
    assert not over(state)
    assert fight(state).round == 2
    assert "beaumont" in fight(state).to_act


# ---------------------------------------------------------------------------- 6.4 hits


def test_s15_tie_owner_chooses_and_surplus_moves_on():
    d = make_board(
        {"leicester": ["beaumont", "clifford", "stanley_y"]},
        defender={"leicester": "lancaster"},
        entries={"leicester": [("stanley_y", "derby")]},
        main={("leicester", "york"): "derby"},
        steps={"beaumont": 2, "clifford": 2, "stanley_y": 3},
    )
    state = start(d, [])
    assert group(state) == ("clifford",)  # A2 defender
    do(state, "pass: clifford")
    assert group(state) == ("beaumont",)  # B2 defender before the B2 attacker
    do(state, "pass: beaumont")
    assert group(state) == ("stanley_y",)
    state.rng.values = [1, 2, 5]
    do(state, "fire: stanley_y")
    assert state.rng.rolled[-1] == [1, 2, 5]  # exactly strength-many dice
    assert decider(state) == "lancaster"
    assert labels(state) == ["take hits: beaumont", "take hits: clifford"]
    do(state, "take hits: beaumont")
    assert state.data.loc["beaumont"] == DEAD
    assert state.data.steps["clifford"] == 2


def test_s15_three_hits_on_the_strongest_only():
    d = make_board(
        {"leicester": ["wiltshire", "clifford", "beaumont", "stanley_y"]},
        defender={"leicester": "lancaster"},
        entries={"leicester": [("stanley_y", "derby")]},
        main={("leicester", "york"): "derby"},
        steps={"wiltshire": 3, "clifford": 1, "beaumont": 2, "stanley_y": 4},
    )
    state = start(d, [])
    for blk in ("clifford", "beaumont", "wiltshire"):
        do(state, f"pass: {blk}")
    state.rng.values = [1, 2, 2, 1]
    do(state, "fire: stanley_y")
    assert state.data.loc["wiltshire"] == DEAD
    assert state.data.steps["beaumont"] == 1 and state.data.steps["clifford"] == 1


# ---------------------------------------------------------------------------- 6.5 charge


def test_heir_charge_and_counter_attack_with_defensive_bonus():
    """6.5: March (A3, 3) charges Warwick (Lancastrian B3, defending his shield: B4)."""
    d = make_board(
        {"warwick": ["warwick_l", "march", "herbert"]},
        defender={"warwick": "lancaster"},
        entries={"warwick": [("march", "oxford"), ("herbert", "oxford")]},
        main={("warwick", "york"): "oxford"},
        king_block="henry_vi",
    )
    state = start(d, [])
    assert group(state) == ("herbert", "march")
    assert "charge march on warwick_l" in labels(state)
    assert not any(x.startswith("charge herbert") for x in labels(state))
    state.rng.values = [1, 2, 6, 4, 6]
    do(state, "charge march on warwick_l")
    assert state.data.steps["warwick_l"] == 2
    assert state.data.steps["march"] == 2  # counter: 2 dice at 4 (shield bonus): the 4 hits
    assert state.rng.rolled == [[1, 2, 6], [4, 6]]


def test_heir_charge_kills_no_counter():
    d = make_board(
        {"warwick": ["wiltshire", "march"]},
        defender={"warwick": "lancaster"},
        entries={"warwick": [("march", "oxford")]},
        main={("warwick", "york"): "oxford"},
    )
    state = start(d, [1, 1, 1])  # March A3 at 3: 3 hits kill Wiltshire (3)
    do(state, "charge march on wiltshire")
    assert state.data.loc["wiltshire"] == DEAD
    assert state.rng.rolled == [[1, 1, 1]]
    assert decider(state) == "york" and labels(state)[-1] == "end regroup"
    do(state, "end regroup")
    assert over(state) and results(state) == ("york",)


# ---------------------------------------------------------------------------- 6.6 retreats


def test_round_one_offers_no_retreat_round_two_does():
    state = start(s13_board(), [6] * 60)
    assert not any(x.startswith("retreat") for x in labels(state))
    pass_all(state, 2)
    assert any(x.startswith("retreat herbert") for x in labels(state))


def test_retreat_border_limit_applies_per_round():
    """6.6 (A-19): a red border takes two retreating blocks per round, afresh each round.
    Northumbria/Scotland is red; York holds Northumbria's other neighbours (Cumbria, East Yorks)."""
    d = make_board(
        {"northumbria": ["northumberland_l", "westmoreland_l", "stanley_l", "salisbury_y"],
         "cumbria": ["norfolk"], "east_yorks": ["suffolk"]},
        defender={"northumbria": "lancaster"},
        entries={"northumbria": [("salisbury_y", "north_yorks")]},
        main={("northumbria", "york"): "north_yorks"},
    )
    state = start(d, [6] * 60)
    pass_all(state, 2)
    assert group(state) == ("northumberland_l", "stanley_l", "westmoreland_l")
    assert "retreat stanley_l -> north_yorks" not in labels(state)  # York came that way
    do(state, "retreat northumberland_l -> scotland")
    do(state, "retreat westmoreland_l -> scotland")
    assert labels(state) == ["fire: stanley_l", "pass: stanley_l"]
    do(state, "pass: stanley_l")
    do(state, "pass: salisbury_y")
    assert fight(state).round == 3
    assert "retreat stanley_l -> scotland" in labels(state)


def test_player_two_may_retreat_across_a_border_both_used():
    """6.6: both players entered Leicester across the Derby border: only Player 2 may use it."""
    d = make_board(
        {"leicester": ["herbert", "clifford"]},
        defender={"leicester": "york"},
        entries={"leicester": [("herbert", "derby"), ("clifford", "derby")]},
        main={("leicester", "lancaster"): "derby"},
        player1="york",
    )
    state = start(d, [6] * 40)
    pass_all(state, 2)
    assert group(state) == ("herbert",)
    assert "retreat herbert -> derby" not in labels(state)
    do(state, "pass: herbert")
    assert "retreat clifford -> derby" in labels(state)


def test_piracy_attacker_retreats_by_sea_to_the_same_sea():
    """A-7: a block that attacked from the sea under Piracy retreats to a friendly/vacant
    coastal area of that sea, not by land."""
    d = make_board(
        {"sussex": ["oxford", "warwick_y"], "kent": ["norfolk"], "dorset": ["beaumont"]},
        defender={"sussex": "lancaster"},
        entries={"sussex": [("warwick_y", "sea:english_channel")]},
        main={("sussex", "york"): "sea:english_channel"},
    )
    state = start(d, [6] * 40)
    pass_all(state, 2)
    do(state, "pass: oxford")
    got = sorted(x.split(" -> ")[1] for x in labels(state) if x.startswith("retreat warwick_y"))
    t = tables()
    expected = sorted(
        a for a in t.coasts["english_channel"]
        if a not in ("sussex", "dorset") and t.exile_of[a] in (None, "york")
    )
    assert got == expected and "kent" in got and "dorset" not in got and "middlesex" not in got


# ---------------------------------------------------------------------------- round 4


def test_s20_round_four_attackers_retreat_or_die_after_earlier_defenders_fire():
    """S20: March (A, attacker) has no retreat: eliminated at his turn; Beaumont (B, defender)
    fires on Warwick (B, attacker) before Warwick's turn, then Warwick dies too. Kent borders
    only Middlesex and Sussex, both Lancastrian."""
    d = make_board(
        {"kent": ["beaumont", "march", "warwick_y"], "middlesex": ["henry_vi"], "sussex": ["wiltshire"]},
        defender={"kent": "lancaster"},
        entries={"kent": [("march", "sussex"), ("warwick_y", "sussex")]},
        main={("kent", "york"): "sussex"},
    )
    state = start(d, [6] * 60)
    pass_all(state, 4)
    # March's turn came first: no legal retreat (Middlesex and Sussex are enemy) -> eliminated
    assert state.data.loc["march"] == DEAD
    assert state.data.heirs_killed["york"] == 1
    assert group(state) == ("beaumont",)
    state.rng.values = [1, 6, 6]
    do(state, "fire: beaumont")
    assert state.data.steps["warwick_y"] == 3
    assert state.data.loc["warwick_y"] == DEAD  # then its own turn: must retreat, cannot
    do(state, "end regroup")
    assert over(state) and results(state) == ("lancaster",)


def test_round_four_attacker_only_retreats():
    """A-51: in round 4 an attacking block may only retreat."""
    state = start(s13_board(), [6] * 60)
    pass_all(state, 4)
    assert all(x.startswith("retreat herbert -> ") for x in labels(state))


# ---------------------------------------------------------------------------- 6.9


def s21_board(**kw) -> R3State:
    """York holds the throne: its KING (Duke of York) and Norfolk defend Leicester against the
    Lancastrian PRETENDER (Henry VI) and the Lancastrian Northumberland (loyalty 2)."""
    d = make_board(
        {"leicester": ["duke_of_york", "norfolk", "henry_vi", "northumberland_l"]},
        defender={"leicester": "york"},
        entries={"leicester": [("henry_vi", "derby"), ("northumberland_l", "derby")]},
        main={("leicester", "lancaster"): "derby"},
        steps={"northumberland_l": 3},
        king_block="duke_of_york",
        pretender_block="henry_vi",
        **kw,
    )
    d.king = "york"
    return d


def test_s21_king_wins_over_northumberland():
    state = start(s21_board(), [])
    assert group(state) == ("duke_of_york", "norfolk")
    assert "treachery duke_of_york on northumberland_l" in labels(state)
    state.rng.values = [2, 4]
    do(state, "treachery duke_of_york on northumberland_l")
    d = state.data
    assert state.rng.rolled == [[2, 4]]  # loyalty 2: two dice, both even
    assert d.loc["northumberland_l"] == OFFMAP
    assert d.loc["northumberland_y"] == "leicester" and d.steps["northumberland_y"] == 3
    assert fight(state).reserves == ("northumberland_y",)
    assert "northumberland_y" in d.revealed
    do(state, "pass: norfolk")
    assert group(state) == ("henry_vi",)
    assert not any(x.startswith("treachery") for x in labels(state))  # Pretender: no target
    do(state, "pass: henry_vi")
    # round 2: the defector fights; the King may not roll again; Lancaster may not win it back
    assert fight(state).round == 2 and "northumberland_y" in fight(state).to_act
    assert group(state) == ("duke_of_york", "norfolk", "northumberland_y")
    assert not any(x.startswith("treachery") for x in labels(state))
    for blk in group(state):
        do(state, f"pass: {blk}")
    assert not any(x.startswith("treachery") for x in labels(state))


def test_s21_failed_roll_uses_up_the_king():
    state = start(s21_board(), [])
    state.rng.values = [2, 3]
    do(state, "treachery duke_of_york on northumberland_l")
    assert state.data.loc["northumberland_l"] == "leicester"
    assert "york:king" in fight(state).used
    do(state, "pass: norfolk")
    do(state, "pass: henry_vi")
    do(state, "pass: northumberland_l")
    assert fight(state).round == 2 and group(state) == ("duke_of_york", "norfolk")
    assert not any(x.startswith("treachery duke_of_york") for x in labels(state))


def test_s22_warwick_rolls_one_die_on_kent_never_on_northumberland():
    d = make_board(
        {"derby": ["kent_l", "northumberland_l", "warwick_y"]},
        defender={"derby": "lancaster"},
        entries={"derby": [("warwick_y", "chester")]},
        main={("derby", "york"): "chester"},
    )
    state = start(d, [6] * 10)
    do(state, "pass: kent_l")
    do(state, "pass: northumberland_l")
    treach = [x for x in labels(state) if x.startswith("treachery")]
    assert treach == ["treachery warwick_y on kent_l"]
    state.rng.values = [4]
    do(state, "treachery warwick_y on kent_l")
    assert state.rng.rolled[-1] == [4]
    assert state.data.loc["kent_y"] == "derby"


def test_s22_pl_reading_only_warwick_targets_kent_at_two():
    d = make_board(
        {"derby": ["kent_l", "duke_of_york", "warwick_y"]},
        defender={"derby": "lancaster"},
        entries={"derby": [("warwick_y", "chester"), ("duke_of_york", "chester")]},
        main={("derby", "york"): "chester"},
    )
    state = start(d, [6] * 10, options={"neville_loyalty": "pl"})
    assert group(state) == ("kent_l",)  # A2 defender
    do(state, "pass: kent_l")
    assert group(state) == ("duke_of_york", "warwick_y")
    # the Pretender may not roll against Kent; Warwick may, at loyalty 2
    assert [x for x in labels(state) if x.startswith("treachery")] == ["treachery warwick_y on kent_l"]
    state.rng.values = [2, 4]
    do(state, "treachery warwick_y on kent_l")
    assert state.rng.rolled[-1] == [2, 4]


def test_s23_each_source_once_and_three_rolls_at_most():
    """S23: Treason card, Pretender and Warwick each roll once against Stanley; no fourth."""
    d = make_board(
        {"leicester": ["stanley_l", "oxford", "duke_of_york", "warwick_y"]},
        defender={"leicester": "lancaster"},
        entries={"leicester": [("duke_of_york", "derby"), ("warwick_y", "derby")]},
        main={("leicester", "york"): "derby"},
    )
    d.treason = "york"
    state = start(d, [])
    assert decider(state) == "york"
    assert labels(state) == ["treason on stanley_l", "no treason roll"]
    state.rng.values = [1]
    do(state, "treason on stanley_l")
    do(state, "pass: oxford")  # A2 defender
    do(state, "pass: stanley_l")
    assert group(state) == ("duke_of_york", "warwick_y")
    state.rng.values = [3]
    do(state, "treachery duke_of_york on stanley_l")
    state.rng.values = [5]
    do(state, "treachery warwick_y on stanley_l")
    assert fight(state).rolled_on == ("stanley", "stanley", "stanley")
    assert state.rng.rolled == [[1], [3], [5]]  # Stanley is loyalty 1: one die each
    assert fight(state).round == 2
    do(state, "pass: oxford")
    do(state, "pass: stanley_l")
    assert group(state) == ("duke_of_york", "warwick_y")
    assert not any(x.startswith("treachery") for x in labels(state))


def test_treason_roll_before_battle_can_empty_the_defence():
    """A-4: a pre-battle defection that leaves the Defender with nothing ends the battle."""
    d = make_board(
        {"leicester": ["stanley_l", "duke_of_york"]},
        defender={"leicester": "lancaster"},
        entries={"leicester": [("duke_of_york", "derby")]},
        main={("leicester", "york"): "derby"},
    )
    d.treason = "york"
    state = start(d, [2])
    do(state, "treason on stanley_l")
    assert state.data.loc["stanley_y"] == "leicester"
    assert labels(state)[-1] == "end regroup"  # York won at once and may regroup
    do(state, "end regroup")
    assert results(state) == ("york",)


def treason_two_battles() -> R3State:
    """York plays Treason and attacks Lancaster in Essex and in Leicester in one game turn
    (Essex is fought first); Rivers and Stanley (loyalty 1) are the targets."""
    d = make_board(
        {"leicester": ["stanley_l", "oxford", "duke_of_york"], "essex": ["rivers_l", "beaumont", "march"]},
        defender={"leicester": "lancaster", "essex": "lancaster"},
        entries={"leicester": [("duke_of_york", "derby")], "essex": [("march", "rutland")]},
        main={("leicester", "york"): "derby", ("essex", "york"): "rutland"},
    )
    d.treason = "york"
    return d


def finish_battle_in(state: State, area: str) -> None:
    """Everybody passes (attackers retreat in round 4) until the battle in ``area`` is over."""
    pass_all(state, 4)
    while getattr(current(state), "area", None) == area:
        do(state, [x for x in labels(state) if x.startswith(("retreat", "pass", "end regroup"))][0])


@pytest.mark.parametrize("options", [{}, {"treason_rolls": "once"}])
def test_treason_rolls_once_a_turn_by_default(options):
    """A-4 (default 'once'): the Treason card gives one roll in ONE battle of the turn; a
    battle where York declined does not use it up."""
    state = start(treason_two_battles(), [1] + [6] * 100, options=options)
    assert state.options["treason_rolls"] == "once"
    assert fight(state).area == "essex"
    assert labels(state) == ["treason on rivers_l", "no treason roll"]
    do(state, "treason on rivers_l")
    assert state.rng.rolled == [[1]] and state.data.loc["rivers_l"] == "essex"  # odd: no defection
    finish_battle_in(state, "essex")
    assert fight(state).area == "leicester"
    assert state.data.treason_rolled  # the game turn remembers the roll
    assert not any(x.startswith("treason") for x in labels(state))
    assert state.game.pending(state).kind == "battle-turn"
    # declining in the first battle keeps the roll for the second
    state = start(treason_two_battles(), [6] * 100, options=options)
    do(state, "no treason roll")
    finish_battle_in(state, "essex")
    assert not state.data.treason_rolled
    assert labels(state) == ["treason on stanley_l", "no treason roll"]
    do(state, "treason on stanley_l")
    assert state.data.loc["stanley_y"] == "leicester"


def test_treason_per_battle_option_rolls_in_each_battle():
    """A-4, option 'per_battle': one Treason roll before each battle of the turn."""
    state = start(treason_two_battles(), [1, 6] + [6] * 100, options={"treason_rolls": "per_battle"})
    assert fight(state).area == "essex"
    do(state, "treason on rivers_l")
    finish_battle_in(state, "essex")
    assert fight(state).area == "leicester"
    assert labels(state) == ["treason on stanley_l", "no treason roll"]
    do(state, "treason on stanley_l")
    assert state.rng.rolled == [[1], [6]]
    assert state.data.loc["rivers_l"] == "essex"  # the first roll (odd) failed
    assert state.data.loc["stanley_y"] == "leicester" and state.data.loc["stanley_l"] == OFFMAP


def test_s33_clarence_defects_to_lancaster():
    d = make_board(
        {"hereford": ["henry_vi", "oxford", "clarence_y"]},
        defender={"hereford": "lancaster"},
        entries={"hereford": [("clarence_y", "glamorgan")]},
        main={("hereford", "york"): "glamorgan"},
        steps={"clarence_y": 2},
    )
    state = start(d, [2])  # Clarence is loyalty 1: one die
    do(state, "pass: oxford")  # A2 defender first
    assert group(state) == ("henry_vi",)
    do(state, "treachery henry_vi on clarence_y")
    assert state.rng.rolled == [[2]]
    data = state.data
    assert data.loc["clarence_l"] == "hereford" and data.steps["clarence_l"] == 2
    assert data.loc["clarence_y"] == OFFMAP
    assert data.heirs_killed["york"] == 0
    assert "clarence_y" not in data.heirs("york")
    # later killed: counts as York's heir killed (9.1)
    eliminate(state, "clarence_l")
    assert data.loc["clarence_l"] == DEAD and data.heirs_killed["york"] == 1


def test_s33_no_roll_on_clarence_while_pretender():
    d = make_board(
        {"hereford": ["henry_vi", "oxford", "clarence_y"]},
        defender={"hereford": "lancaster"},
        entries={"hereford": [("clarence_y", "glamorgan")]},
        main={("hereford", "york"): "glamorgan"},
        pretender_block="clarence_y",
    )
    state = start(d, [6] * 30)
    assert not any(x.startswith("treachery") for x in labels(state))


# ---------------------------------------------------------------------------- 6.8


def test_s29_the_king_is_dead():
    d = make_board(
        {"middlesex": ["henry_vi", "somerset", "march"]},
        defender={"middlesex": "lancaster"},
        entries={"middlesex": [("march", "kent")]},
        main={("middlesex", "york"): "kent"},
        steps={"henry_vi": 3, "somerset": 2},
    )
    state = start(d, [1, 1, 1])
    # Somerset (A2) defends first; he may not charge while the senior Henry VI is engaged
    assert labels(state) == ["fire: somerset", "pass: somerset"]
    do(state, "pass: somerset")
    do(state, "fire: march")  # March A3 at 3: 3 hits on Henry VI (3)
    data = state.data
    assert data.loc["henry_vi"] == DEAD
    assert data.king_block is None and data.heirs_killed["lancaster"] == 1
    assert "The KING is dead" in texts(state)
    assert state.ended is None
    # no King treachery now; Somerset (now senior heir present) may charge
    assert any(x.startswith("charge somerset") for x in labels(state))


def pretender_battle() -> R3State:
    """The York PRETENDER (Duke of York, B3, at strength 1) defends Oxford against Rivers;
    March (next in the York succession) and Rutland wait in Ireland."""
    d = make_board(
        {"oxford": ["duke_of_york", "rivers_l"], "ireland": ["march", "rutland"]},
        defender={"oxford": "york"},
        entries={"oxford": [("rivers_l", "wilts")]},
        main={("oxford", "lancaster"): "wilts"},
        steps={"duke_of_york": 1},
    )
    assert d.pretender == "york" and d.pretender_block == "duke_of_york"
    return d


@pytest.mark.parametrize("options", [{}, {"pretender_succession": "immediate"}])
def test_dead_pretender_is_replaced_at_once_by_default(options):
    """A-29 (default 'immediate'): the moment the PRETENDER dies in battle, the senior York
    heir in play becomes PRETENDER."""
    state = start(pretender_battle(), [], options=options)
    assert state.options["pretender_succession"] == "immediate"
    do(state, "pass: duke_of_york")
    state.rng.values = [1, 6]  # Rivers B2 at 2: one hit kills the Duke (1)
    do(state, "fire: rivers_l")
    d = state.data
    assert d.loc["duke_of_york"] == DEAD and d.heirs_killed["york"] == 1
    assert d.pretender_block == "march"
    assert texts(state)[-4:] == [
        "Duke of York takes 1 hit(s) and is dead", "The PRETENDER is dead",
        "march is now the york PRETENDER", "lancaster wins the battle in Oxford",
    ]


def test_dead_pretender_waits_for_the_supply_phase_with_supply_option():
    """A-29, option 'supply': no PRETENDER until the supply phase names the senior heir."""
    from banneret_richard3.supply import crown

    state = start(pretender_battle(), [], options={"pretender_succession": "supply"})
    do(state, "pass: duke_of_york")
    state.rng.values = [1, 6]
    do(state, "fire: rivers_l")
    d = state.data
    assert d.loc["duke_of_york"] == DEAD and "The PRETENDER is dead" in texts(state)
    assert d.pretender_block is None
    assert texts(state)[-3:] == [
        "Duke of York takes 1 hit(s) and is dead", "The PRETENDER is dead", "lancaster wins the battle in Oxford",
    ]
    while not over(state):
        do(state, labels(state)[-1])
    assert d.pretender_block is None  # still none after the battle
    crown(state)  # the supply phase's succession step (6.81)
    assert d.pretender_block == "march"
    assert texts(state)[-1] == "march is now the york PRETENDER"


def test_s30_s31_where_eliminated_blocks_go():
    d = make_board({"middlesex": ["stanley_l", "french_mercenary", "welsh_mercenary", "norfolk", "rebel", "london_levy"]})
    state = start(d, [])
    for blk in ("stanley_l", "french_mercenary", "welsh_mercenary", "norfolk", "rebel", "london_levy"):
        eliminate(state, blk)
    data = state.data
    assert data.loc["stanley_l"] == POOL and "stanley_l" in data.down
    assert data.loc["norfolk"] == DEAD and "norfolk" not in data.down
    assert data.loc["french_mercenary"] == "france" and "french_mercenary" in data.down
    assert "french_mercenary" not in data.at["france"] and not data.in_play("french_mercenary")
    assert data.loc["welsh_mercenary"] == POOL and "welsh_mercenary" in data.pool("lancaster", face_up=False)
    assert data.loc["rebel"] == POOL and "rebel" in data.pool("york", face_up=False)
    assert "rebel" not in data.pool("york")  # face-down: not recruitable this campaign
    assert data.loc["london_levy"] == POOL and "london_levy" in data.down
    assert data.at["middlesex"] == ()


def test_lose_step_outside_battle():
    """Plague / supply: one step lost; at strength 1 the block is eliminated by 6.8."""
    d = make_board({"east_anglia": ["norfolk", "norwich_levy"]}, steps={"norfolk": 2, "norwich_levy": 1})
    state = start(d, [])
    assert lose_step(state, "norfolk") is False and state.data.steps["norfolk"] == 1
    assert lose_step(state, "norwich_levy") is True and state.data.loc["norwich_levy"] == POOL


def test_s34_last_heir_killed_ends_the_game():
    d = make_board(
        {"middlesex": ["henry_vi", "march"]},
        defender={"middlesex": "lancaster"},
        entries={"middlesex": [("march", "kent")]},
        main={("middlesex", "york"): "kent"},
        steps={"march": 2},
    )
    for h in ("duke_of_york", "rutland", "clarence_y", "gloucester"):
        d.place(h, DEAD)
    d.pretender_block = "march"
    state = start(d, [6, 6])
    do(state, "pass: march")
    state.rng.values = [3, 3, 6, 6]
    do(state, "fire: henry_vi")  # Henry B2 + the crown of Middlesex: B3; 2 hits kill March (2)
    assert "Henry VI fires [3, 3, 6, 6] at 3: 2 hit(s)" in texts(state)
    assert state.ended.winners == ("lancaster",)
    assert over(state)
    assert current(state) is None


# ---------------------------------------------------------------------------- 6.7 regroup


def test_regroup_within_the_turns_border_limits():
    """6.7 (A-20): Rivers wins; Oxford/Sussex is blue (3) and Lancaster crossed it 3 times."""
    d = s13_board()
    d.place("oxford", "oxford")
    d.crossings[("lancaster", "oxford", "sussex")] = 3
    state = start(d, [6] * 100)
    pass_all(state, 4)
    do(state, "pass: oxford")  # the Earl of Oxford (A2) defends first
    do(state, "retreat herbert -> wilts")
    do(state, "pass: rivers_l")
    do(state, "retreat clarence_y -> wilts")
    offered = labels(state)
    assert decider(state) == "lancaster"
    assert "regroup oxford -> sussex" not in offered
    assert "regroup oxford -> leicester" in offered and "regroup rivers_l -> wilts" not in offered
    do(state, "regroup oxford -> leicester")
    assert state.data.crossed("lancaster", "oxford", "leicester") == 1
    assert not any(x.startswith("regroup oxford") for x in labels(state))
    do(state, "end regroup")
    assert results(state) == ("lancaster",)
    assert state.data.at["leicester"] == ("oxford",)


def test_regroup_battle_reading_ignores_movement_crossings():
    d = s13_board()
    d.crossings[("lancaster", "oxford", "sussex")] = 3
    state = start(d, [6] * 100, options={"regroup_limits": "battle"})
    pass_all(state, 4)
    do(state, "retreat herbert -> wilts")
    do(state, "pass: rivers_l")
    do(state, "retreat clarence_y -> wilts")
    assert "regroup rivers_l -> sussex" in labels(state)


# ---------------------------------------------------------------------------- random battles


def random_battle(seed: int) -> R3State:
    """A random battle: random blocks on each side, random entry borders, a real generator."""
    from banneret.rng import Rng

    rng = Rng(seed)
    t = tables()
    land = [a for a in t.areas if t.exile_of[a] is None and t.neighbours[a]]
    area = rng.choice(land)
    used: set[str] = set()
    sides: dict[str, list[str]] = {}
    for house in ("lancaster", "york"):
        pool = [b for b in t.block_ids if t.blocks[b].house in (house, "rebel" if house == "york" else "-")]
        rng.shuffle(pool)
        picked = []
        size = rng.randint(1, 6)
        for b in pool:
            ident = t.blocks[b].identity
            if ident in used:
                continue
            used.add(ident)
            picked.append(b)
            if len(picked) == size:
                break
        sides[house] = picked
    attacker = rng.choice(["lancaster", "york"])
    defender = "york" if attacker == "lancaster" else "lancaster"
    borders = list(t.neighbours[area])
    entries = []
    for b in sides[attacker]:
        entries.append((b, rng.choice(borders[:3])))
    player1 = rng.choice(["lancaster", "york"])
    if defender != player1 and len(sides[defender]) > 1 and rng.below(2):
        for b in sides[defender][1:]:
            entries.append((b, rng.choice(borders[:2])))
    steps = {b: rng.randint(1, t.blocks[b].max_strength) for b in sides["lancaster"] + sides["york"]}
    others = {}
    for n in borders:
        if rng.below(3) == 0:
            others[n] = [b for b in t.block_ids if b not in used and t.blocks[b].house == rng.choice(["lancaster", "york"])][:1]
            used.update(t.blocks[x].identity for x in others[n])
    d = make_board(
        {area: sides[defender] + sides[attacker], **others},
        defender={area: defender},
        entries={area: entries},
        main={(area, attacker): entries[0][1]},
        player1=player1,
        steps=steps,
    )
    d.treason = rng.choice([None, "lancaster", "york"])
    return d


@pytest.mark.parametrize("seed", range(150))
def test_random_battles_end_cleanly(seed):
    """Random legal play: every battle ends within its bound and leaves a clean board."""
    from banneret.rng import Rng

    d = random_battle(seed)
    total = {b for a in tables().areas for b in d.at[a]}
    state = start(d, [], rng=Rng(seed + 1000))
    (area,) = d.defender
    moves = 0
    rounds = 0
    attacker = None
    while not over(state):
        rounds = max(rounds, getattr(current(state), "round", 0))
        attacker = getattr(current(state), "attacker", attacker)
        who = state.game.pending(state).players[0]
        acts = state.game.legal_actions(state, who)
        assert acts and len({a.label for a in acts}) == len(acts)
        act = acts[Rng(seed * 7919 + moves).below(len(acts))]
        state.game.apply(state, act)
        state.step += 1
        moves += 1
        assert moves < 200
        for b in d.revealed:
            assert d.loc[b] == area
    assert not d.is_contested(area)
    assert rounds <= 4  # statement 21
    assert current(state) is None and d.revealed == set() and d.battle_area is None
    for a in tables().areas:
        for b in d.at[a]:
            assert d.loc[b] == a and d.steps[b] >= 1 and b not in d.down
    (winner,) = results(state)
    if winner is not None:
        assert d.occupant(area) in (winner, None)
    if rounds == 4 and winner != attacker:
        assert not d.blocks_in(area, attacker)  # statement 21: the Attacker has left
    now = {b for a in tables().areas for b in d.at[a]}
    for b in total - now:
        gone = d.loc[b]
        turncoat = tables().blocks[b].counterpart
        assert gone in (DEAD, POOL, OFFMAP) or b in d.down, (b, gone)
        if gone == OFFMAP:
            assert turncoat is not None and d.loc[turncoat] != OFFMAP


def test_elimination_outside_battle_names_only_heirs_to_the_opponent():
    """Hidden information: a block lost to supply or Plague is named to its owner only."""
    d = make_board({"east_anglia": ["norfolk"], "middlesex": ["henry_vi"]}, steps={"norfolk": 1})
    state = start(d, [])
    eliminate(state, "norfolk")
    event = state.log[-1]
    assert event.text_for("york") == "Duke of Norfolk eliminated and is dead"
    assert event.text_for("lancaster") == "a york block is eliminated"
    eliminate(state, "henry_vi")
    assert any(e.text_for("york") == "Henry VI eliminated and is dead" for e in state.log)


def test_battle_in_an_area_no_longer_contested_ends_at_once():
    d = make_board({"essex": ["oxford"]}, defender={"essex": "lancaster"})
    state = start(d, [])
    assert over(state) and results(state) == ("lancaster",)


def test_no_tie_question_when_every_tied_block_dies_anyway():
    """6.4: four hits on two strength-2 blocks kill both whatever the owner chooses."""
    d = make_board(
        {"leicester": ["wiltshire", "clifford", "beaumont", "stanley_y"]},
        defender={"leicester": "lancaster"},
        entries={"leicester": [("stanley_y", "derby")]},
        main={("leicester", "york"): "derby"},
        steps={"wiltshire": 2, "clifford": 2, "beaumont": 1, "stanley_y": 4},
    )
    state = start(d, [])
    for blk in ("clifford", "beaumont", "wiltshire"):
        do(state, f"pass: {blk}")
    state.rng.values = [1, 1, 2, 2]
    do(state, "fire: stanley_y")
    data = state.data
    assert data.loc["wiltshire"] == DEAD and data.loc["clifford"] == DEAD
    assert data.loc["beaumont"] == "leicester" and data.steps["beaumont"] == 1
    # no "take hits" question was asked: round 2 begins with Beaumont's turn
    assert state.game.pending(state).kind == "battle-turn" and group(state) == ("beaumont",)
    assert fight(state).round == 2


def test_s24_crown_and_shield_in_battle():
    """S24 in a battle: beside King Henry VI, Exeter (A1) gets his own shield in Cornwall but
    not the crown (Henry is the senior heir): A2; Henry (B2) gets the crown's +1: B3; the
    attacking March gets nothing."""
    d = make_board(
        {"cornwall": ["henry_vi", "exeter_l", "march"]},
        defender={"cornwall": "lancaster"},
        entries={"cornwall": [("march", "dorset")]},
        main={("cornwall", "york"): "dorset"},
        steps={"henry_vi": 2, "exeter_l": 3, "march": 3},
    )
    state = start(d, [])
    assert group(state) == ("exeter_l",)
    state.rng.values = [2, 3, 4]
    do(state, "fire: exeter_l")
    assert "Duke of Exeter fires [2, 3, 4] at 2: 1 hit(s)" in texts(state)
    state.rng.values = [4, 6]
    do(state, "fire: march")
    assert "Earl of March fires [4, 6] at 3: 0 hit(s)" in texts(state)
    state.rng.values = [3, 5]
    do(state, "fire: henry_vi")
    assert "Henry VI fires [3, 5] at 3: 1 hit(s)" in texts(state)


def defending_fire(area: str, block: str, dice: list[int], king: str = "lancaster") -> str:
    """The fire line of ``block`` defending ``area`` alone against one passive attacker."""
    t = tables()
    enemy = "hastings" if t.blocks[block].house == "lancaster" else "devon"
    via = t.neighbours[area][0]
    d = make_board(
        {area: [block, enemy]},
        defender={area: t.blocks[block].house},
        entries={area: [(enemy, via)]},
        main={(area, t.blocks[enemy].house): via},
        steps={block: len(dice)},
    )
    d.king = king
    state = start(d, [])
    while group(state) != (block,):
        do(state, f"pass: {group(state)[0]}")
    state.rng.values = list(dice)
    before = len(state.log)
    do(state, f"fire: {block}")
    (line,) = [e.text for e in state.log[before:] if " fires " in e.text]
    return line


def test_s24_exeter_alone_defends_cornwall_at_a3():
    """The rulebook's example: Exeter (A1) defends Cornwall, his own shield (+1) and a crown
    area (+1, Lancaster holding the throne and Exeter the senior heir engaged): A3."""
    assert defending_fire("cornwall", "exeter_l", [3, 3, 4]) == "Duke of Exeter fires [3, 3, 4] at 3: 2 hit(s)"
    # with York on the throne the crown does not help him: his shield alone, A2
    assert defending_fire("cornwall", "exeter_l", [2, 3, 4], king="york") == "Duke of Exeter fires [2, 3, 4] at 2: 1 hit(s)"


@pytest.mark.parametrize(
    ("area", "block", "king", "fire"),
    [
        # a Lancaster heir on a royal shield of no particular heir (not crown areas)
        ("lancaster", "somerset", "york", 3),
        ("lincoln", "prince_edward", "york", 2),
        ("lincoln", "somerset", "lancaster", 3),
        # York heirs on the York royal shields
        ("south_yorks", "gloucester", "lancaster", 4),
        ("hereford", "march", "lancaster", 4),
        ("rutland", "rutland", "lancaster", 2),
        # the King's heir on a York shield in a crown area: shield and crown
        ("south_yorks", "march", "york", 5),
        # a noble on each of his shields
        ("caernarvon", "norfolk", "lancaster", 3),
        ("east_anglia", "norfolk", "lancaster", 3),
        ("glamorgan", "norfolk", "lancaster", 3),
        ("northumbria", "northumberland_l", "lancaster", 4),
        # levies on their cities
        ("south_yorks", "york_levy", "lancaster", 4),
        ("warwick", "coventry_levy", "lancaster", 3),
        ("middlesex", "london_levy", "lancaster", 4),
        # no bonus off their shields and cities
        ("essex", "norfolk", "lancaster", 2),
        ("lincoln", "march", "lancaster", 3),
        ("leicester", "coventry_levy", "lancaster", 2),
    ],
)
def test_crowns_and_shields_in_battle(area, block, king, fire):
    """2.2-2.4, 3.2x: a defender's firepower on the real map: printed rating + shield/city
    (+ crown for the King's senior heir)."""
    dice = [fire, fire + 1 if fire < 6 else 6]
    hits = 1 if fire < 6 else 2
    name = tables().blocks[block].name
    assert defending_fire(area, block, dice, king=king) == f"{name} fires {dice} at {fire}: {hits} hit(s)"


def test_a_defender_that_sailed_in_retreats_by_land():
    """A block that reached a vacant area by an ordinary sea move and was then attacked
    is no pirate: it retreats over land borders (not across the enemy's)."""
    d = make_board(
        {"sussex": ["warwick_y", "oxford"]},
        defender={"sussex": "york"},
        entries={"sussex": [("warwick_y", "sea:english_channel"), ("oxford", "middlesex")]},
        main={("sussex", "lancaster"): "middlesex"},
        player1="york",
    )
    state = start(d, [6] * 30)
    assert fight(state).pirates == ()
    pass_all(state, 2)
    do(state, "pass: oxford")  # the attacking Earl of Oxford (A2) acts first
    got = sorted(x.split(" -> ")[1] for x in labels(state) if x.startswith("retreat warwick_y"))
    assert got == ["dorset", "kent", "oxford", "wilts"]


def test_the_game_ends_inside_the_battle_that_kills_the_last_heir():
    """9.0: the game stops the moment the fifth heir dies (flow.end_game): no more news after
    the victory (no 'no victor' line, no standing up, no regroup); the battle's record is
    gone with its frame, and the board shows where the game ended."""
    d = make_board(
        {"oxford": ["duke_of_york", "rivers_l"]},
        defender={"oxford": "york"},
        entries={"oxford": [("rivers_l", "wilts")]},
        main={("oxford", "lancaster"): "wilts"},
        steps={"duke_of_york": 1},
    )
    for heir in ("march", "rutland", "clarence_y", "gloucester"):
        d.place(heir, DEAD)
    state = start(d, [1] * 30)
    while state.ended is None:
        who = decider(state)
        do(state, "fire: rivers_l" if who == "lancaster" else "pass: duke_of_york")
    assert state.ended.winners == ("lancaster",)
    assert state.log[-1].text.startswith("lancaster wins")
    assert current(state) is None and state.data.battle_area == "oxford"
    assert state.game.pending(state).players == () and state.stack == []
