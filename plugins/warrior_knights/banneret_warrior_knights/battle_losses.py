"""What an army loses when its noble dies (11.8) or retreats (11.7), and a destroyed
Stronghold's garrison (11.6, AMB-30): deserters, mercenaries discarded for casualty markers;
the death of a noble and his heir (11.9).

A *holder* of troops is a noble id or ``stronghold:<baron>`` (:func:`garrison_holder`, the
garrison): the one name of a place troop cards lie, used by every rule that moves or loses
them (set-up, moves, Wages, the Draft, the Muster, events), so the same steps serve an army
and a garrison.
"""

from __future__ import annotations

import itertools
from typing import Any, Sequence

from banneret.flow import Choice, Frame, Procedure, call, end
from banneret.state import State
from banneret_warrior_knights.cities import lift_siege
from banneret_warrior_knights.state import WKData, fate_draw, tables

__all__ = [
    "Deserters", "CasualtyDiscards", "NobleDies", "garrison_holder", "is_garrison", "holders_of", "troops_of",
    "markers_of", "set_markers", "holder_baron", "holder_name", "return_mercenaries", "disband",
    "best_casualty_discards", "lift_broken_sieges", "PROCEDURES",
]

_GARRISON = "stronghold:"
_GARRISON_LEN = len(_GARRISON)


def garrison_holder(baron: str) -> str:
    """The holder name of the baron's Stronghold garrison."""
    return _GARRISON + baron


def _garrison_of(holder: str) -> str | None:
    return holder[_GARRISON_LEN:] if holder.startswith(_GARRISON) else None


def is_garrison(holder: object) -> bool:
    """Whether ``holder`` (an action's argument, say) names a Stronghold garrison."""
    return isinstance(holder, str) and holder.startswith(_GARRISON)


def holders_of(data: WKData, baron: str) -> tuple[str, ...]:
    """Every holder of the baron's troops: his nobles (data order), then his garrison."""
    return (*data.nobles_of(baron), garrison_holder(baron))


def troops_of(data: WKData, holder: str) -> list[str]:
    """The troop cards of a noble's army or of a garrison (the engine's list: do not keep it)."""
    if holder.startswith(_GARRISON):  # _garrison_of written out: asked more than once a decision
        return data.garrison[holder[_GARRISON_LEN:]]
    return data.army[holder]


def markers_of(data: WKData, holder: str) -> int:
    if holder.startswith(_GARRISON):
        return data.garrison_casualties.get(holder[_GARRISON_LEN:], 0)
    return data.casualties[holder]


def set_markers(data: WKData, holder: str, markers: int) -> None:
    baron = _garrison_of(holder)
    if baron is None:
        data.casualties[holder] = markers
    elif markers:
        data.garrison_casualties[baron] = markers
    else:
        data.garrison_casualties.pop(baron, None)


def holder_baron(data: WKData, holder: str) -> str:
    baron = _garrison_of(holder)
    return baron if baron is not None else data.baron_of_noble(holder)


def holder_name(holder: str) -> str:
    """What the holder's baron reads: ``the stronghold`` or the noble's name."""
    return "the stronghold" if holder.startswith(_GARRISON) else tables().data.nobles[holder].name


def return_mercenaries(state: State, cards: Sequence[str]) -> None:
    """Every mercenary card that leaves a baron goes the one way the rules give: shuffled back
    into the Mercenary deck's draw pile, whether it deserts (11.7, 11.8, the desertion
    events of 8.2), is discarded for casualties (11.8), dies with an heirless noble (11.9,
    AMB-65) or goes unpaid (9.2). The caller has taken the cards from their holder."""
    if not cards:
        return
    pile = state.data.mercenaries.draw_pile
    pile.extend(cards)
    state.rng.shuffle(pile)


def _owned_name(data: WKData, holder: str) -> str:
    """The holder named for every player's log: ``green's stronghold`` or the noble."""
    return f"{holder_baron(data, holder)}'s stronghold" if is_garrison(holder) else holder_name(holder)


def disband(state: State, holder: str) -> None:
    """The army or garrison is gone for good (an heirless death, 11.8; a baron out of the
    game, 17.4): its mercenaries are shuffled into the deck, its loyal soldiers leave the
    game, its casualty markers come off."""
    return_mercenaries(state, _mercenaries(state.data, holder))
    troops_of(state.data, holder).clear()
    set_markers(state.data, holder, 0)


def _mercenaries(data: WKData, holder: str) -> list[str]:
    t = tables()
    return [c for c in troops_of(data, holder) if t.troops[c].nationality is not None]


def _distinct(cards: Sequence[str]) -> list[str]:
    """One card of each label (cards of one label are alike to the player)."""
    t = tables()
    seen: dict[str, str] = {}
    for card in sorted(cards):
        seen.setdefault(t.troops[card].label, card)
    return [seen[label] for label in sorted(seen)]


class HolderChoice(Choice):
    """A choice of the baron whose army or garrison loses troops (frame variable ``holder``)."""

    def decider(self, state: State, frame: Frame) -> str:
        return holder_baron(state.data, frame["holder"])


class Deserters(HolderChoice):
    """A Fate card names a nationality; the baron discards one mercenary of it from the
    army, if it has any (11.7 step 1, 11.8 step 1). Frame variable ``holder``."""

    rule = "11.8"
    kind = "deserter"
    prompt = "Choose the deserting mercenary"

    def start(self, state: State, frame: Frame) -> None:
        data: WKData = state.data
        if not troops_of(data, frame["holder"]):
            end(state)  # an empty garrison has nobody to desert
            return
        nationality = tables().fate[fate_draw(data)].nationality
        frame["nationality"] = nationality
        name = tables().data.nationalities[nationality].name
        if not any(tables().troops[c].nationality == nationality for c in troops_of(data, frame["holder"])):
            state.emit(f"deserters: {name}, none with {_owned_name(data, frame['holder'])}", "battle")
            end(state)
            return
        super().start(state, frame)

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        t = tables()
        own = [c for c in troops_of(state.data, frame["holder"]) if t.troops[c].nationality == frame["nationality"]]
        return _distinct(own)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return f"{tables().troops[option].label} deserts"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        troops_of(state.data, frame["holder"]).remove(option)
        return_mercenaries(state, [option])
        state.emit(f"{tables().troops[option].label} deserts {_owned_name(state.data, frame['holder'])}", "battle")
        end(state)


def best_casualty_discards(mercenaries: Sequence[str], markers: int) -> list[tuple[str, ...]]:
    """The sets of mercenary cards the baron may discard for ``markers`` casualty markers:
    the largest total strength not above 100 per marker (11.8 step 2, AMB-26), one set per
    distinct choice of labels."""
    t = tables()
    by_label: dict[str, list[str]] = {}
    for card in sorted(mercenaries):
        by_label.setdefault(t.troops[card].label, []).append(card)
    labels = sorted(by_label)
    limit = 100 * markers
    best = 0
    found: list[tuple[str, ...]] = []
    for counts in itertools.product(*(range(len(by_label[lb]) + 1) for lb in labels)):
        total = sum(k * t.troops[by_label[lb][0]].strength for k, lb in zip(counts, labels))
        if total > limit or total < best:
            continue
        if total > best:
            best, found = total, []
        found.append(tuple(c for k, lb in zip(counts, labels) for c in by_label[lb][:k]))
    return found if best > 0 else []


class CasualtyDiscards(HolderChoice):
    """Mercenaries worth 100 strength per casualty marker leave the army, never more than
    the markers; loyal soldiers never; then the markers go (11.8 step 2, AMB-26). Frame
    variable ``holder``."""

    rule = "11.8"
    kind = "casualty discard"
    prompt = "Choose the mercenaries lost to casualties"

    def start(self, state: State, frame: Frame) -> None:
        discards = self.options(state, frame)
        if not discards:
            set_markers(state.data, frame["holder"], 0)
            end(state)
            return
        self.start_with(state, frame, discards)

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        data: WKData = state.data
        return best_casualty_discards(_mercenaries(data, frame["holder"]), markers_of(data, frame["holder"]))

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return "discard " + ", ".join(tables().troops[c].label for c in option)

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        troops = troops_of(data, frame["holder"])
        for card in option:
            troops.remove(card)
        return_mercenaries(state, option)
        set_markers(data, frame["holder"], 0)
        state.emit(f"{_owned_name(data, frame['holder'])} loses {', '.join(tables().troops[c].label for c in option)} "
                   "to casualties", "battle")
        end(state)


def lift_broken_sieges(data: WKData) -> list[str]:
    """A siege breaks when the besieging baron has no noble left in the area, port icons
    aside (11.5, AMB-28); call after anything that moves or kills nobles. Returns what was
    freed, as names to log (a city's name, or "BARON's stronghold")."""
    if not (data.besieged or data.besieged_strongholds):  # no siege anywhere: the usual case
        return []
    board, nobles_of = tables().data.board, tables().nobles_of
    area_of, at_sea = data.noble_area, data.at_sea

    def present(besieger: str, area: str | None) -> bool:  # a noble of his there, not at sea
        return any(area_of[nb] == area and nb not in at_sea for nb in nobles_of[besieger])

    freed: list[str] = []
    for city, besieger in sorted(data.besieged.items()):
        if not present(besieger, board.cities[city].area):
            lift_siege(data, city)
            freed.append(board.cities[city].name)
    for baron, besieger in sorted(data.besieged_strongholds.items()):
        if not present(besieger, data.stronghold[baron]):
            del data.besieged_strongholds[baron]
            data.siege_round.pop(garrison_holder(baron), None)
            freed.append(f"{baron}'s stronghold")
    return freed


class NobleDies(Procedure):
    """A noble dies (11.8), called with frame variable ``noble``: deserters, casualties paid
    in mercenaries, his Office discarded, and his heir (11.9) keeps what is left; without an
    heir his mercenaries go back to the deck, his loyal soldiers leave the game and he never
    returns (AMB-65)."""

    rule = "11.8"

    def start(self, state: State, frame: Frame) -> None:
        frame["step"] = 0
        call(state, Deserters, holder=frame["noble"])

    def resume(self, state: State, frame: Frame, result: object) -> None:
        if frame["step"] == 0:
            frame["step"] = 1
            call(state, CasualtyDiscards, holder=frame["noble"])
            return
        data: WKData = state.data
        noble = frame["noble"]
        name = tables().data.nobles[noble].name
        data.noble_area[noble] = None
        for flags in (data.at_sea, data.exhausted):
            if noble in flags:
                flags.remove(noble)
        office, data.office[noble] = data.office[noble], None
        if office is not None:
            data.agendas.discard([office])
        if data.heir[noble] and noble in data.heir_holder:  # 17.3: another baron holds his heir
            data.awaiting_heir.append(noble)
            data.awaiting_heir.sort()
            state.emit(f"{name} dies; his heir, held by {data.heir_holder[noble]}, keeps his army", "death")
        elif data.heir[noble]:
            state.emit(f"{name} dies; his heir keeps {data.strength_of(data.army[noble])} strength", "death")
        else:
            disband(state, noble)
            data.heirless_dead.append(noble)
            data.heirless_dead.sort()
            state.emit(f"{name} dies without an heir: his line ends", "death")
        lift_broken_sieges(data)
        end(state)


PROCEDURES: tuple[type[Procedure], ...] = (Deserters, CasualtyDiscards, NobleDies)
"""The procedures of this module that are reached only by ``call``."""

