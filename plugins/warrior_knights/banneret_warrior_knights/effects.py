"""Card effects written as data (the effect vocabulary of ``data_model.EFFECT_KINDS``): one
handler per immediate kind, applied by events (8.2) and by Motions passed in the Assembly
(9.3). Standing kinds are read where their rule applies (:mod:`~banneret_warrior_knights.standing`).

Random targets come from the Fate deck (5): :func:`draw_targets` draws them all before
anything else happens, so that an event can be cancelled once its victims are known (8.2).
A handler does what needs no one's choice at once and returns the procedures still to run
(a baron's choice, a noble's death), which :class:`ApplyEffects` calls one after another.

``private_motion`` is the Assembly's (:mod:`~banneret_warrior_knights.assembly`): it puts a
proposal to the vote, which only the Assembly can run; :class:`ApplyEffects` refuses it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Sequence

from banneret.flow import Choice, FlowError, Frame, Procedure, call, end
from banneret.state import State
from banneret_warrior_knights import battles, cities, special_phases
from banneret_warrior_knights.titles import check_chairman, check_head_of_church
from banneret_warrior_knights.data_model import Effect, FateCard
from banneret_warrior_knights.battle_losses import holders_of, is_garrison, markers_of, set_markers, troops_of
from banneret_warrior_knights.muster import cities_by_owner, cities_of, mercenaries_leave
from banneret_warrior_knights.standing import in_force
from banneret_warrior_knights.state import WKData, clockwise_from, fate_draw, tables

__all__ = [
    "ApplyEffects", "BaronChoice", "ChooseCasualtyArmy", "HealArmy", "UpgradeOne", "TakeDisplayedMercenary", "PROCEDURES",
    "fate_until", "draw_targets", "shuffle_fate", "add_casualties", "describe_target",
]

Calls = tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]
"""Procedures still to run, each as its name and its frame variables (immutable, so they may
wait in a frame)."""


def _calls(*pending: tuple[type[Procedure], dict[str, Any]]) -> Calls:
    return tuple((proc.name, tuple(sorted(args.items()))) for proc, args in pending)


# --------------------------------------------------------------------------- 5 random targets


def fate_until(data: WKData, accept: Callable[[FateCard], bool]) -> FateCard | None:
    """Draw Fate cards until one gives a usable answer (5); each goes to the bottom. ``None``
    (nothing drawn) when no card of the deck could ever answer, e.g. the drawer controls no
    city."""
    fate = tables().fate
    if not any(accept(fate[c]) for c in data.fate.draw_pile):
        return None
    while not accept(card := fate[fate_draw(data)]):
        pass
    return card


def _on_board(data: WKData, noble: str) -> bool:
    return data.noble_area[noble] is not None


_TARGETS: dict[str, Callable[[WKData, str | None], Callable[[FateCard], bool]]] = {
    # who=fate_baron: a baron in play (colours not in the game are drawn again, 16.4)
    "fate_baron": lambda d, drawer: lambda c: c.baron in d.barons,
    "fate_city": lambda d, drawer: lambda c: c.city in d.city_owner,
    "fate_kingdom_city": lambda d, drawer: (lambda cities: lambda c: c.city in cities)(frozenset(d.unrazed_kingdom_cities())),
    "fate_city_of_drawer": lambda d, drawer: lambda c: d.city_owner.get(c.city) == drawer,
    "fate_noble": lambda d, drawer: lambda c: c.baron in d.barons,
    "fate_noble_of_drawer": lambda d, drawer: lambda c: c.baron == drawer,
    "fate_on_board_noble": lambda d, drawer: lambda c: c.baron in d.barons and _on_board(d, c.noble),
    "fate_on_board_noble_of_drawer": lambda d, drawer: lambda c: c.baron == drawer and _on_board(d, c.noble),
    "fate": lambda d, drawer: lambda c: True,
}
"""Each random parameter value -> which Fate cards answer it."""

_FIELD = {"fate_baron": "baron", "fate_city": "city", "fate_kingdom_city": "city", "fate_city_of_drawer": "city",
          "fate": "nationality"}
"""The Fate card field each random value reads (the noble values read ``noble``)."""


def _random_value(effect: Effect) -> str | None:
    for name in ("who", "city", "noble", "nationality"):
        value = effect.params.get(name)
        if isinstance(value, str) and value.startswith("fate"):
            return value
    return None


def draw_targets(data: WKData, effects: Sequence[Effect], drawer: str | None) -> tuple[str | None, ...]:
    """The random target of each effect (a baron, city, noble or nationality), drawn from the
    Fate deck in the effects' order; ``None`` for an effect without one, or when no card can
    answer (the effect then does nothing)."""
    targets: list[str | None] = []
    for effect in effects:
        value = _random_value(effect)
        card = None if value is None else fate_until(data, _TARGETS[value](data, drawer))
        targets.append(None if card is None else getattr(card, _FIELD.get(value or "", "noble")))
    return tuple(targets)


def describe_target(target: str | None) -> str:
    """A readable name of an effect's drawn target (for the log and for menus)."""
    t = tables()
    if target is None:
        return "nothing"
    if target in t.data.board.cities:
        return t.data.board.cities[target].name
    if target in t.data.nobles:
        return t.data.nobles[target].name
    if target in t.data.nationalities:
        return t.data.nationalities[target].name
    return target


# --------------------------------------------------------------------------- shared rules


def shuffle_fate(state: State) -> None:
    """Shuffle the Fate deck (8.6 and the effect ``shuffle_fate``)."""
    state.rng.shuffle(state.data.fate.draw_pile)


def add_casualties(data: WKData, noble: str, markers: int) -> bool:
    """Put casualty markers on a noble's army one by one, outside battle; returns True when
    the marker that brings markers x 100 to its strength kills him (22.1 statement 65: that
    marker is not placed)."""
    for _ in range(markers):
        if (data.casualties[noble] + 1) * 100 >= data.strength_of(data.army[noble]):
            return True
        data.casualties[noble] += 1
    return False


def _barons(data: WKData, who: str, ctx: "_Context") -> tuple[str, ...]:
    if who == "each_baron":
        return clockwise_from(data, data.chairman)
    baron = {"drawer": ctx.drawer, "chosen_baron": ctx.chosen_baron, "fate_baron": ctx.target}[who]
    return () if baron is None else (baron,)


class _Context(NamedTuple):
    """Who an effect reads: the drawer, the baron an agenda chose and its drawn target (a
    tuple: one is made for every effect applied)."""

    drawer: str | None
    chosen_baron: str | None
    target: str | None


def _plural(k: int, word: str) -> str:
    """``1 breach``, ``2 breaches``, ``3 casualty markers``."""
    return f"{k} {word}" if k == 1 else f"{k} {word}{'es' if word.endswith('ch') else 's'}"


def _name(noble: str) -> str:
    return tables().data.nobles[noble].name


def _army_name(holder: str) -> str:
    return "the stronghold garrison" if is_garrison(holder) else f"{_name(holder)}'s army"


def _city_name(city: str) -> str:
    return tables().data.board.cities[city].name


# --------------------------------------------------------------------------- the handlers

def _gain(state: State, effect: Effect, ctx: _Context) -> Calls:
    data: WKData = state.data
    resource, amount = effect.params["resource"], effect.params["amount"]
    for baron in _barons(data, effect.params["who"], ctx):
        if resource == "influence":
            data.influence_pool -= min(amount, data.influence_pool)  # the rest from the supply (6.5)
        getattr(data, resource)[baron] += amount
        state.emit(f"{baron} gains {amount} {resource}", "effect")
    return ()


def _lose(state: State, effect: Effect, ctx: _Context) -> Calls:
    data: WKData = state.data
    resource, amount = effect.params["resource"], effect.params["amount"]
    for baron in _barons(data, effect.params["who"], ctx):
        have = getattr(data, resource)[baron]
        lost = have // 2 if amount == "half" else have if amount == "all" else min(amount, have)
        getattr(data, resource)[baron] = have - lost
        if resource == "influence":
            data.influence_pool += lost
        state.emit(f"{baron} loses {lost} {resource}", "effect")
    return ()


def _pay_per(state: State, effect: Effect, ctx: _Context) -> Calls:
    data: WKData = state.data
    for baron in _barons(data, effect.params["who"], ctx):
        count = sum(_on_board(data, nb) for nb in data.nobles_of(baron))
        paid = min(effect.params["crowns"] * count, data.crowns[baron])
        data.crowns[baron] -= paid
        state.emit(f"{baron} pays {paid} crowns", "effect")
    return ()


def _casualties(state: State, effect: Effect, ctx: _Context) -> Calls:
    data: WKData = state.data
    markers = effect.params["markers"]
    if effect.params["armies"] == "chosen_army_of_drawer":
        return _calls((ChooseCasualtyArmy, {"baron": ctx.drawer, "markers": markers})) if ctx.drawer else ()
    dead = []
    for noble in sorted(data.at_sea):
        state.emit(f"{_name(noble)}'s army at sea takes {markers} casualty markers", "effect")
        if add_casualties(data, noble, markers):
            dead.append(noble)
    return _calls(*((battles.NobleDies, {"noble": nb}) for nb in dead))


def _desert(state: State, effect: Effect, ctx: _Context) -> Calls:
    """Each army discards one mercenary of the drawn nationality: the weakest, which is what
    its baron would give up."""
    data: WKData = state.data
    nationality = ctx.target
    barons = data.barons if effect.params["armies"] == "each_army" else (ctx.drawer,)
    t = tables()
    holders = [holder for baron in barons if baron is not None for holder in holders_of(data, baron)]
    for holder in holders:
        deserters = sorted((t.troops[c].strength, c) for c in troops_of(data, holder)
                           if t.troops[c].nationality == nationality)
        if deserters:
            card = deserters[0][1]
            mercenaries_leave(state, holder, [card])
            state.emit(f"a {t.troops[card].label} deserts", "effect")
    return ()


def _heal(state: State, effect: Effect, ctx: _Context) -> Calls:
    """A baron with nothing he could heal is not asked: his only option would be to heal
    no army (a heal changes only its own baron's crowns and markers, so the others' options
    stay as they are found here)."""
    data: WKData = state.data
    markers, price = effect.params["markers"], effect.params["crowns_per_marker"]
    return _calls(*((HealArmy, {"baron": b, "markers": markers, "price": price})
                    for b in _barons(data, effect.params["who"], ctx) if can_heal(data, b, price, markers)))


def _upgrade_defences(state: State, effect: Effect, ctx: _Context) -> Calls:
    """A baron with nothing to repair or fortify is not asked: his only option would be to
    upgrade nothing (an upgrade changes only its own baron's crowns and places, so the
    others' options stay as they are found here)."""
    data: WKData = state.data
    fortify, repair = effect.params["fortify_crowns"], effect.params["repair_crowns_per_breach"]
    owned = cities_by_owner(data)
    return _calls(*((UpgradeOne, {"baron": b, "fortify": fortify, "repair": repair})
                    for b in _barons(data, effect.params["who"], ctx)
                    if can_upgrade(data, b, fortify, repair, owned.get(b, ()))))


def _free_mercenary(state: State, effect: Effect, ctx: _Context) -> Calls:
    data: WKData = state.data
    limit = effect.params["max_strength"]
    barons = _barons(data, effect.params["who"], ctx)
    if effect.params["from"] == "display":
        return _calls(*((TakeDisplayedMercenary, {"baron": b, "max_strength": limit}) for b in barons))
    troops = tables().troops
    pending = []
    for baron in barons:
        deck = data.mercenaries
        found, passed = deck.draw_until(state.rng, lambda c: limit is None or troops[c].strength <= limit)
        del deck.discard_pile[len(deck.discard_pile) - len(passed):]  # the cards passed over are shuffled back
        deck.draw_pile.extend(passed)
        if found is not None:
            deck.draw_pile.append(found)  # until it is assigned (in one place at every decision)
        state.rng.shuffle(deck.draw_pile)
        if found is not None:
            state.emit(f"{baron} takes a free {troops[found].label}", "effect")
            pending.append((special_phases.AssignMercenary, {"baron": baron, "card": found}))
    return _calls(*pending)


def _neutralise_city(state: State, effect: Effect, ctx: _Context) -> Calls:
    city = ctx.target
    if city is not None and state.data.city_owner.get(city) is not None:
        cities.neutralise_city(state.data, city)
        state.emit(f"{_city_name(city)} turns neutral", "effect")
    return ()


def _raze_city(state: State, effect: Effect, ctx: _Context) -> Calls:
    """AMB-46: the nobles in the city's area die, not those on its port icon."""
    data: WKData = state.data
    city = ctx.target
    if city is None or city not in data.city_owner:
        return ()
    cities.raze_city(data, city)
    state.emit(f"{_city_name(city)} is razed", "effect")
    if not effect.params["kill_nobles"]:
        return ()
    area = tables().data.board.cities[city].area
    victims = sorted(nb for nb, a in data.noble_area.items() if a == area and nb not in data.at_sea)
    return _calls(*((battles.NobleDies, {"noble": nb}) for nb in victims))


def _breach(state: State, effect: Effect, ctx: _Context) -> Calls:
    """Breaches while the city has strength; at 0 a fortification is lost with one breach (12.2)."""
    data: WKData = state.data
    city = ctx.target
    if city is None or city not in data.city_owner:
        return ()
    for _ in range(effect.params["amount"]):
        if cities.city_strength(data, city) > 0:
            cities.breach_city(data, city)
    state.emit(f"{_city_name(city)} has {data.breaches[city]} breaches", "effect")
    return ()


def _remove_heir(state: State, effect: Effect, ctx: _Context) -> Calls:
    if ctx.target is not None:
        state.data.heir[ctx.target] = False
        state.emit(f"{_name(ctx.target)} has no heir any more", "effect")
    return ()


def _kill_noble(state: State, effect: Effect, ctx: _Context) -> Calls:
    noble = ctx.target
    if noble is None or not _on_board(state.data, noble):
        return ()
    if not effect.params["heir"]:
        state.data.heir[noble] = False
    return _calls((battles.NobleDies, {"noble": noble}))


def _award_title(state: State, effect: Effect, ctx: _Context) -> Calls:
    """The candidate with strictly most votes (faith) takes the title, as in 7.3 (7.4); on a
    tie for most with ``ties: random`` Fate picks among the tied candidates."""
    data: WKData = state.data
    title = effect.params["title"]
    if effect.params["only_from"] == "drawer" and getattr(data, title) != ctx.drawer:
        return ()
    named = {"drawer": (ctx.drawer,), "chosen_baron": (ctx.chosen_baron,),
             "every_baron": data.barons}[effect.params["candidates"]]
    candidates = tuple(b for b in named if b is not None)
    score = data.votes if title == "chairman" else data.faith
    best = max(score[b] for b in data.barons)
    tied = [b for b in candidates if score[b] == best and not (title == "chairman" and data.barred[b])]
    before = getattr(data, title)
    if effect.params["ties"] == "random" and len(tied) > 1 and sum(score[b] == best for b in data.barons) > 1:
        card = fate_until(data, lambda c: c.baron in tied)
        setattr(data, title, card.baron if card is not None else before)
    else:
        check = check_chairman if title == "chairman" else check_head_of_church
        for baron in candidates:
            check(data, baron)
    if getattr(data, title) != before:
        state.emit(f"{getattr(data, title)} becomes {title.replace('_', ' ')}", "title")
    return ()


def _shuffle_fate(state: State, effect: Effect, ctx: _Context) -> Calls:
    shuffle_fate(state)
    state.emit("the Fate deck is shuffled", "effect")
    return ()


def _lift_bans(state: State, effect: Effect, ctx: _Context) -> Calls:
    data: WKData = state.data
    for baron in data.barons:
        data.barred[baron] = False
    state.emit("every Assembly ban is lifted", "effect")
    return ()


HANDLERS: dict[str, Callable[[State, Effect, _Context], Calls]] = {
    "gain": _gain, "lose": _lose, "pay_per": _pay_per, "casualties": _casualties, "desert": _desert,
    "heal": _heal, "upgrade_defences": _upgrade_defences, "free_mercenary": _free_mercenary,
    "neutralise_city": _neutralise_city, "raze_city": _raze_city, "breach": _breach,
    "remove_heir": _remove_heir, "kill_noble": _kill_noble, "award_title": _award_title,
    "shuffle_fate": _shuffle_fate, "lift_bans": _lift_bans,
}
"""One handler per immediate effect kind but ``private_motion`` (the Assembly's)."""


class ApplyEffects(Procedure):
    """Apply immediate effects in order, called with frame variables ``effects`` (a tuple of
    :class:`~banneret_warrior_knights.data_model.Effect`), ``drawer`` (the baron who drew an
    event, or None), ``chosen_baron`` (the baron an agenda voted as Choose a Baron named,
    or None) and optionally ``targets`` (from :func:`draw_targets`, drawn before the event
    could be cancelled; drawn here when absent). Effects that need a baron's choice ask him."""

    rule = "8.2"

    def start(self, state: State, frame: Frame) -> None:
        local = frame.vars
        effects = local["effects"]
        for effect in effects:
            if effect.kind not in HANDLERS:
                raise FlowError(f"effect {effect.kind!r} is not applied here (private_motion is the Assembly's)")
        if "targets" not in local:
            local["targets"] = draw_targets(state.data, effects, local.get("drawer"))
        local["_k"] = -1
        local["_calls"] = ()
        self._next(state, frame)

    def _next(self, state: State, frame: Frame) -> None:
        """The next procedure still to run: the current effect's, else the next effects'
        handlers applied until one leaves a procedure to run."""
        local = frame.vars
        calls: Calls = local["_calls"]
        if not calls:
            effects, targets = local["effects"], local["targets"]
            drawer, chosen = local.get("drawer"), local.get("chosen_baron")
            k = local["_k"]
            while not calls:
                k += 1
                if k >= len(effects) or state.ended is not None:
                    end(state)
                    return
                calls = HANDLERS[effects[k].kind](state, effects[k], _Context(drawer, chosen, targets[k]))
            local["_k"] = k
        (proc, args), local["_calls"] = calls[0], calls[1:]
        call(state, proc, **dict(args))

    def resume(self, state: State, frame: Frame, result: object) -> None:
        self._next(state, frame)


# --------------------------------------------------------------------------- the choices


class BaronChoice(Choice):
    """A choice of the baron in frame variable ``baron`` (the caller resumes once it is
    carried out)."""

    def decider(self, state: State, frame: Frame) -> str:
        return frame["baron"]

    def resume(self, state: State, frame: Frame, result: object) -> None:
        end(state)


class ChooseCasualtyArmy(BaronChoice):
    """The drawer puts the casualty markers on one of his armies on the board."""

    rule = "8.2"
    kind = "casualties"
    prompt = "Choose the army that takes the casualties"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        data: WKData = state.data
        armies = tuple(nb for nb in data.nobles_of(frame["baron"]) if _on_board(data, nb))
        return armies or (None,)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return "no army on the board" if option is None else f"{_plural(frame['markers'], 'casualty marker')} on {_name(option)}'s army"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        if option is None:
            end(state)
            return
        state.emit(f"{_name(option)}'s army takes {frame['markers']} casualty markers", "effect")
        if add_casualties(state.data, option, frame["markers"]):
            call(state, battles.NobleDies, noble=option)
            return
        end(state)


def heal_options(data: WKData, baron: str, price: int, limit: int | str) -> list[Any]:
    """What :class:`HealArmy` offers: no heal (``None``), or ``(army, markers)``."""
    options: list[Any] = [None]
    for holder in holders_of(data, baron):
        markers = markers_of(data, holder)
        most = markers if limit == "all" else min(limit, markers)
        if price:
            most = min(most, data.crowns[baron] // price)
            options += [(holder, k) for k in range(1, most + 1)]
        elif most:
            options.append((holder, most))
    return options


def can_heal(data: WKData, baron: str, price: int, limit: int | str) -> bool:
    """Whether :func:`heal_options` offers more than no heal: an army or garrison of his with
    a marker, at least one marker allowed, and the crowns for one (stops at the first)."""
    if (limit != "all" and limit < 1) or (price and data.crowns[baron] < price):
        return False
    casualties = data.casualties  # holders_of: his nobles' armies, then his garrison
    for noble in data.nobles_of(baron):
        if casualties[noble]:
            return True
    return bool(data.garrison_casualties.get(baron, 0))


class HealArmy(BaronChoice):
    """The baron takes casualty markers off one of his armies, a noble's or his Stronghold
    garrison, at ``price`` crowns each (8.5, events): up to ``markers`` (``all``: every
    one); a free heal takes them all."""

    rule = "8.5"
    kind = "heal"
    prompt = "Heal one army, or none"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return heal_options(state.data, frame["baron"], frame["price"], frame["markers"])

    def label(self, state: State, frame: Frame, option: Any) -> str:
        if option is None:
            return "heal no army"
        holder, k = option
        return f"remove {_plural(k, 'casualty marker')} from {_army_name(holder)} for {_plural(k * frame['price'], 'crown')}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        if option is not None:
            holder, k = option
            data: WKData = state.data
            data.crowns[frame["baron"]] -= k * frame["price"]
            set_markers(data, holder, markers_of(data, holder) - k)
            state.emit(f"{frame['baron']} heals {k} casualty markers of {_army_name(holder)}", "effect")
        end(state)


def repair_price(data: WKData, baron: str, printed: int) -> int:
    """The price of repairing one breach: a ``repair_cost`` standing effect in force for the
    baron replaces a paid price (a free repair stays free)."""
    standing = in_force(data, "repair_cost", baron)
    if printed and standing:
        return min(e.params["crowns_per_breach"] for _, e in standing)
    return printed


def upgrade_options(data: WKData, baron: str, fortify: int, repair: int) -> list[Any]:
    """What :class:`UpgradeOne` offers: nothing (``None``), ``("repair", city or
    "stronghold", breaches)`` or ``("fortify", city, 0)``, at ``fortify`` crowns a
    fortification and ``repair`` a breach (before :func:`repair_price`)."""
    per_breach = repair_price(data, baron, repair)
    afford = data.crowns[baron] // per_breach if per_breach else 99
    options: list[Any] = [None]
    for city in sorted(c for c, owner in data.city_owner.items() if owner == baron and c not in data.besieged):
        options += [("repair", city, k) for k in range(1, min(data.breaches[city], afford) + 1)]
        if city not in data.fortified and data.crowns[baron] >= fortify:
            options.append(("fortify", city, 0))
    if data.stronghold[baron] is not None and baron not in data.besieged_strongholds:  # 11.5, 11.6
        options += [("repair", "stronghold", k) for k in range(1, min(data.stronghold_breaches[baron], afford) + 1)]
    return options


def can_upgrade(data: WKData, baron: str, fortify: int, repair: int, cities: Sequence[str] | None = None) -> bool:
    """Whether :func:`upgrade_options` offers more than nothing: an unbesieged city of his
    he can fortify, or a breach he can pay to repair in one or in his stronghold (stops at
    the first fortification; the repair price is asked only when there is a breach).
    ``cities``: his cities (:func:`cities_of`), when the caller has them."""
    crowns = data.crowns[baron]
    breached = False
    for city in cities_of(data, baron) if cities is None else cities:
        if city not in data.besieged:
            if city not in data.fortified and crowns >= fortify:
                return True
            breached = breached or data.breaches[city] > 0
    if data.stronghold[baron] is not None and baron not in data.besieged_strongholds:  # 11.5, 11.6
        breached = breached or data.stronghold_breaches[baron] > 0
    if not breached:
        return False
    per_breach = repair_price(data, baron, repair)
    return not per_breach or crowns >= per_breach


class UpgradeOne(BaronChoice):
    """The baron improves one place (8.4, AMB-19): repairs breaches of one of his cities or
    of his stronghold, or fortifies one of his unfortified cities; never a besieged city or
    Stronghold (11.5; 11.6: a Stronghold is besieged like a city)."""

    rule = "8.4"
    kind = "upgrade"
    prompt = "Repair or fortify one city, repair your stronghold, or do nothing"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        return upgrade_options(state.data, frame["baron"], frame["fortify"], frame["repair"])

    def label(self, state: State, frame: Frame, option: Any) -> str:
        if option is None:
            return "upgrade nothing"
        what, place, k = option
        name = "your stronghold" if place == "stronghold" else _city_name(place)
        if what == "fortify":
            return f"fortify {name} for {_plural(frame['fortify'], 'crown')}"
        return f"repair {_plural(k, 'breach')} of {name} for {_plural(k * repair_price(state.data, frame['baron'], frame['repair']), 'crown')}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        baron = frame["baron"]
        if option is not None:
            what, place, k = option
            if what == "fortify":
                data.crowns[baron] -= frame["fortify"]
                data.fortified.append(place)
                data.fortified.sort()
            else:
                data.crowns[baron] -= k * repair_price(data, baron, frame["repair"])
                if place == "stronghold":
                    data.stronghold_breaches[baron] -= k
                else:
                    data.breaches[place] -= k
            state.emit(f"{baron}: {self.label(state, frame, option).replace(' for ', ' paying ')}", "effect")
        end(state)


class TakeDisplayedMercenary(BaronChoice):
    """The baron takes one displayed mercenary free (up to ``max_strength``); the display is
    refilled and the card assigned as in a Draft (9.4)."""

    rule = "9.4"
    kind = "free_mercenary"
    prompt = "Take a displayed mercenary free"

    def options(self, state: State, frame: Frame) -> Sequence[Any]:
        troops, limit = tables().troops, frame["max_strength"]
        cards = sorted({troops[c].label: c for c in state.data.mercenary_display
                        if limit is None or troops[c].strength <= limit}.values())
        return cards or (None,)

    def label(self, state: State, frame: Frame, option: Any) -> str:
        return "no mercenary to take" if option is None else f"take the {tables().troops[option].label}"

    def choose(self, state: State, frame: Frame, option: Any) -> None:
        data: WKData = state.data
        if option is None:
            end(state)
            return
        state.emit(f"{frame['baron']} takes the {tables().troops[option].label} free", "effect")
        # the card leaves the display when it is assigned (it is in one place at every decision)
        call(state, special_phases.AssignMercenary, baron=frame["baron"], card=option)

    def resume(self, state: State, frame: Frame, result: object) -> None:
        data: WKData = state.data
        data.mercenary_display += data.mercenaries.draw(state.rng)  # the display is refilled
        end(state)


PROCEDURES: tuple[type[Procedure], ...] = (ApplyEffects, ChooseCasualtyArmy, HealArmy, UpgradeOne, TakeDisplayedMercenary)
"""The procedures of this module that are reached only by ``call``."""
