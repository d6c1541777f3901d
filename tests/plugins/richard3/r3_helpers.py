"""Helpers for Richard III rule tests: start a game, arrange blocks and cards, act by label."""

from __future__ import annotations

from typing import Any, Mapping

import banneret
from banneret.agents import Seat
from banneret_richard3.state import OFFMAP, POOL, R3State, tables


def new(seed: int = 0, **options: Any) -> banneret.State:
    """A 1460 game waiting at the redeal question of campaign 1."""
    return banneret.new_game("richard3", seed=seed, options=options)


def play_out(state: banneret.State, agents: Mapping[str, Any]) -> list[banneret.Action]:
    """Let ``agents`` (faction -> agent) play ``state`` to its end, within the game's declared
    decision bound; the actions played, in order."""
    played = []
    while not banneret.is_over(state):
        player = banneret.pending(state).players[0]
        action = agents[player].choose(Seat(state, player))
        banneret.apply(state, action)
        played.append(action)
        assert len(played) < state.game.info.max_decisions
    return played


def data(state: banneret.State) -> R3State:
    return state.data


def labels(state: banneret.State, player: str) -> list[str]:
    return [a.label for a in banneret.legal_actions(state, player)]


def do(state: banneret.State, player: str, label: str) -> list[banneret.Event]:
    return banneret.apply(state, banneret.find_action(state, player, label))


def give(state: banneret.State, house: str, card: str) -> None:
    """Put ``card`` into ``house``'s hand, swapping it with a card from that hand."""
    d = data(state)
    if card in d.hands[house]:
        return
    for where in (d.set_aside, d.hands["lancaster"], d.hands["york"]):
        if card in where:
            out = next(c for c in d.hands[house] if c != card)
            where[where.index(card)] = out
            d.hands[house][d.hands[house].index(out)] = card
            return
    raise AssertionError(f"card {card} not found")


def clear_map(state: banneret.State) -> None:
    """Send every block on the map or in exile to its owner's pool (or off-map if an heir or
    an exile mercenary), leaving an empty board to arrange."""
    d = data(state)
    t = tables()
    for b in t.block_ids:
        if d.loc[b] in d.at:
            info = t.blocks[b]
            d.place(b, OFFMAP if info.type in ("heir", "mercenary") and b != "welsh_mercenary" else POOL)


def put(state: banneret.State, block: str, area: str, strength: int | None = None) -> None:
    d = data(state)
    d.place(block, area)
    if strength is not None:
        d.steps[block] = strength


def start_turn(state: banneret.State, lancaster: str = "action_ap3_1", york: str = "action_ap3_2") -> None:
    """From the redeal question (or a card phase): both keep their hands and play the named
    cards; the game then waits for Player 1's actions."""
    d = data(state)
    give(state, "lancaster", lancaster)
    give(state, "york", york)
    pend = banneret.pending(state)
    while pend.kind in ("redeal", "redeal-too"):
        for p in pend.players:
            do(state, p, "keep hand")
        pend = banneret.pending(state)
    assert pend.kind == "card", pend
    from banneret_richard3.cards import card_label

    do(state, "lancaster", f"play {card_label(lancaster)}")
    do(state, "york", f"play {card_label(york)}")
    assert {h: card_label(c) for h, c in d.cards.items()} == {"lancaster": card_label(lancaster), "york": card_label(york)}


def end_actions(state: banneret.State, player: str) -> None:
    do(state, player, "end actions")


def pending_kind(state: banneret.State) -> tuple[str, tuple[str, ...]]:
    p = banneret.pending(state)
    return p.kind, p.players


def touch(state: banneret.State) -> None:
    """Forget the engine's cached decision after a test changed the state by hand."""
    state._legal_step = -1


def menu_labels(state: banneret.State, player: str) -> list[str]:
    """The action menu with each kind of action expanded into its second step ("land move"
    into "land move from essex", ..., "recruit" into "recruit norfolk in east_anglia", ...);
    choices with no second step (end actions, plague, muster) as they are."""
    out = []
    for a in banneret.legal_actions(state, player):
        if a.kind == "pick":
            child = banneret.child(state, a)
            out.extend(x.label for x in banneret.legal_actions(child, player))
        else:
            out.append(a.label)
    return out


def choose(state: banneret.State, player: str, label: str) -> list[banneret.Event]:
    """Take a choice of the action menu by its full label: the kind of action first (the
    one whose second step offers ``label``), then ``label`` itself."""
    for a in banneret.legal_actions(state, player):
        if a.kind == "pick":
            child = banneret.child(state, a)
            if any(x.label == label for x in banneret.legal_actions(child, player)):
                banneret.apply(state, a)
                return do(state, player, label)
    return do(state, player, label)
