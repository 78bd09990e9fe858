"""Pending decisions (state.tasks): what each one offers now, and the step
actions that resolve them one click at a time.

Only the deepest tasks can be acted on: a factory reached, a ? token or a
displaced locomotive interrupts what the player was doing. End Bonus choices
wait until everything else is done. A task nothing can be done for is
dropped; a step that is the only choice is played automatically.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.events import Event
from game.russian_railroads import tracks as T
from game.russian_railroads import board_rules, coal, dsp, usa
from game.russian_railroads.actions import (Advance, BuildFactory, BuildLoco, ChooseBranch, ChooseCard,
                                            ChooseDividend, ChooseEndBonus, ChooseExtension, ChooseIncome,
                                            PlaceDoubler, RemoveBoulder,
                                            ChooseToken, CloseFoundry, FeedCoalFactory, MoveIndustry, MoveLoco,
                                            GrayUp, PickBonus, PickEngineer, PlaceBoilerman, PlaceFreightCar, Repeat,
                                            Reuse, Skip, TakeFoundry, UseFactory)
from game.russian_railroads.data import ANY, Effect, Railroad
from game.russian_railroads.effects import (REPEATABLE, add_points, add_task, advance_track, check_specials, deepest,
                                            describe, gain)
from game.russian_railroads.events import (BoilermanPlaced, CardTaken, CoalFactoryFed, EndBonusTaken, FactoryBuilt,
                                           FactoryUsed, FoundryClosed, FoundryTaken, IndustryAdvanced,
                                           LocomotivePlaced, LocomotiveToFactory, SpaceReused, TaskSkipped,
                                           TokenTaken)
from game.russian_railroads.scoring import ACTION_POINTS
from game.russian_railroads.spaces import effects_refusal, space_effects, space_label
from game.russian_railroads.state import Task

if TYPE_CHECKING:
    from game.russian_railroads.engine import RussianRailroads


def _loco_choices(st: "RussianRailroads", seat: int, number: int, exclude: str = "") -> list[tuple[str, int]]:
    """Where a locomotive of actual number `number` can go; ("", 0) = nowhere, it becomes a factory."""
    slots = T.loco_slots_for(st.data, st.players[seat], number, exclude)
    return slots or [("", 0)]


def _factory_choices(st: "RussianRailroads", t: Task) -> list[tuple[int, int]]:
    """(source, slot) pairs; a task with a number builds that one factory (the coal factory)."""
    p = st.players[t.seat]
    if t.number:
        sources = [t.number]
    else:
        sources = ([0] if st.loco_available() else []) + sorted(set(st.returned_factories))
    slots = [len(p.factories)] if len(p.factories) < st.data.factory_slots else list(range(st.data.factory_slots))
    if not t.number and len(p.factories) < st.data.factory_slots:
        slots += usa.steelworks_slots(st, t.seat)
    return [(src, slot) for src in sources for slot in slots]


def _other_mandatory_parts(st: "RussianRailroads", task: Task) -> list[tuple[list[str] | str, int]]:
    return [(t.colours, t.count) for t in st.tasks
            if t.kind == "track" and t.mandatory and t.id != task.id and t.seat == task.seat]


def _track_options(st: "RussianRailroads", t: Task) -> list[Action]:
    d = st.data
    colours = d.colours if t.colours == ANY else t.colours
    others = _other_mandatory_parts(st, t) if t.mandatory else []
    return [Advance(t.id, road.id, colour) for road in d.railroads for colour in colours
            if _advance_offered(st, t, road, colour, others)]


def _advance_offered(st: "RussianRailroads", t: Task, road: Railroad, colour: str,
                     others: list[tuple[list[str] | str, int]]) -> bool:
    """Whether the track task `t` offers advancing `colour` on `road` (`others`: the seat's other
    mandatory track parts, which the step must leave possible)."""
    if t.origin and road.id != t.origin:   # the freight car's steps stay on its railroad
        return False
    d = st.data
    p = st.players[t.seat]
    if colour not in road.colours or not T.can_advance(d, p, road.id, colour):
        return False
    if not others:
        return True
    ci = d.colour_index(colour)
    p.tracks[road.id][ci] += 1
    ok = T.parts_feasible(d, p, others + [(t.colours, t.count - 1)])
    p.tracks[road.id][ci] -= 1
    return ok


def _offered(st: "RussianRailroads", t: Task, action: Action) -> bool:
    """``action in task_options(st, t)``, an advancement checked alone (every track step the bots
    weigh is checked here)."""
    if t.kind != "track" or not isinstance(action, Advance):
        return action in task_options(st, t)
    d = st.data
    road = d.railroad_by_id.get(action.railroad)
    if action.task != t.id or road is None or (t.colours != ANY and action.colour not in t.colours):
        return False
    return _advance_offered(st, t, road, action.colour, _other_mandatory_parts(st, t) if t.mandatory else [])


def card_refusal(st: "RussianRailroads", seat: int, card: str) -> str | None:
    """? cards must be performable in full to be chosen."""
    if card not in st.q_cards:
        return f"The ? card {card!r} is not available."
    if card == "four_actions":
        return _four_actions_refusal(st, seat)
    if card == "factory":
        return _factory_card_refusal(st, seat)
    if card == "gr_revaluation" and st.players[seat].revaluation:
        return "You may not combine the German revaluation with the Revaluation token you placed."
    return None


def _four_actions_refusal(st: "RussianRailroads", seat: int) -> str | None:
    """Doubler, industry and black once each, then one of them a second time."""
    once = tuple(REPEATABLE.values())
    reason = effects_refusal(st, seat, once)
    if reason:
        return reason
    if all(effects_refusal(st, seat, (Effect(e.kind, 2, e.colours),)) for e in once):
        return "You could not do the doubler, the industry or the black advancement a second time."
    return None


def _factory_card_refusal(st: "RussianRailroads", seat: int) -> str | None:
    """A factory, then 2 industry advancements (the new factory may open the next gap)."""
    if not st.loco_available() and not st.returned_factories:
        return "There are no factories left to build."
    p = st.players[seat]
    after = p.clone()
    if len(after.factories) < st.data.factory_slots:
        after.factories.append(0)
    if T.industry_capacity(st.data, after) < 2:
        return "Your industry marker could not make the 2 advancements of this card, even with the new factory."
    return None


def task_options(st: "RussianRailroads", t: Task) -> list[Action]:
    """The step actions that resolve (part of) a task now (Skip not included)."""
    d = st.data
    p = st.players[t.seat]
    k = t.kind
    if k == "track":
        return _track_options(st, t)
    if k == "industry":
        return [MoveIndustry(t.id, m) for m in range(len(p.industry)) if T.can_move_marker(d, p, m)]
    out: list[Action] = []
    if k in ("loco_or_factory", "loco") and st.loco_available():
        out += [BuildLoco(t.id, r, s) for r, s in _loco_choices(st, t.seat, st.lowest_pile())]
    if k == "card_loco":
        out += [BuildLoco(t.id, r, s) for r, s in _loco_choices(st, t.seat, t.number)]
    if k in ("loco_or_factory", "factory"):
        out += [BuildFactory(t.id, src, slot) for src, slot in _factory_choices(st, t)]
    if k == "move_loco":
        out += [MoveLoco(t.id, r, s) for r, s in _loco_choices(st, t.seat, t.number + t.boiler, t.origin)]
    if k == "token":
        out += [ChooseToken(t.id, tok) for tok in d.q_tokens if tok not in p.tokens_used
                and not (tok == "revaluation" and p.german_revaluation)   # the two may not be combined
                and dsp.token_offered(st, t.seat, tok)]
    if k == "factory_ability":
        out += [UseFactory(t.id, slot) for slot in range(len(p.factories))]
    if k == "card":
        out += [ChooseCard(t.id, c) for c in st.q_cards if card_refusal(st, t.seat, c) is None]
    if k == "end_bonus":
        out += [ChooseEndBonus(t.id, c) for c in sorted(set(st.end_bonus_pile))] + [ChooseEndBonus(t.id, "")]
    if k == "reuse":
        out += [Reuse(t.id, s) for s in st.reusable_spaces(t.seat)]
    if k == "repeat":
        out += [Repeat(t.id, w) for w, e in REPEATABLE.items() if effects_refusal(st, t.seat, (e,)) is None]
    if k == "reuse_two":
        out += [Reuse(t.id, s) for s in st.reusable_spaces(t.seat, most_workers=2)]
    if k in _COAL_OPTIONS:
        out += _COAL_OPTIONS[k](st, t)
    if k in DSP_KINDS:
        out += dsp.options(st, t)
    if k in board_rules.KINDS:
        out += board_rules.options(st, t)
    if k in usa.KINDS:
        out += usa.options(st, t)
    return out


DSP_KINDS = frozenset({"bonus_pick", "foreign_engineer", "spare_engineer", "gray_behind_black", "public_token",
                       "freight_car"})


def _coal_factory_options(st: "RussianRailroads", t: Task) -> list[Action]:
    rules = st.data.coal
    assert rules is not None
    have = coal.holdings(st, t.seat).coal
    return [FeedCoalFactory(t.id, n) for n in range(min(rules.max_coal, have) + 1)]


_COAL_OPTIONS: dict[str, Callable[["RussianRailroads", Task], list[Action]]] = {
    "foundry": lambda st, t: [TakeFoundry(t.id, f) for f in coal.table(st).display],
    "boilerman": lambda st, t: [PlaceBoilerman(t.id, piece) for piece in coal.boilerman_targets(st, t.seat)],
    "close_foundry": lambda st, t: [CloseFoundry(t.id)] if coal.boilerman_targets(st, t.seat) else [],
    "coal_factory_use": _coal_factory_options,
}


def task_actions(st: "RussianRailroads") -> list[Action]:
    actionable = st.actionable_tasks()
    return _with_skips(actionable, [task_options(st, t) for t in actionable])


def _with_skips(actionable: list[Task], options: list[list[Action]]) -> list[Action]:
    """The tasks' step actions in order, each optional task that has some followed by its Skip."""
    out: list[Action] = []
    for t, opts in zip(actionable, options):
        out += opts
        if opts and not t.mandatory:
            out.append(Skip(t.id))
    return out


def settle_tasks(st: "RussianRailroads", events: list[Event]) -> bool:
    """Drop tasks nothing can be done for; auto-play a step when it is the only
    choice. True when something changed (call again)."""
    if usa.settle(st, events):
        return True
    actionable = st.actionable_tasks()
    options = [task_options(st, t) for t in actionable]
    if not any(options):
        for t in actionable:
            st.tasks.remove(t)
            if t.kind == "boilerman" and st.coal is not None:
                st.coal.lost += 1   # nothing to put it beside: the tile leaves the game
            if t.kind not in ("token", "card", "move_loco", "close_foundry", "income"):
                events.append(TaskSkipped(t.seat, f"{describe(t)} (no longer possible)"))
        return True
    acts = _with_skips(actionable, options)
    if len(acts) == 1:
        apply_task_action(st, acts[0], events)
        return True
    return False


def _task(st: "RussianRailroads", task_id: int) -> Task:
    for t in st.actionable_tasks():
        if t.id == task_id:
            return t
    for t in st.tasks:
        if t.id == task_id:
            raise IllegalAction("task_waiting", f"First finish: {describe(st.actionable_tasks()[0])}.")
    raise IllegalAction("no_task", "That choice belongs to nothing you are doing now.")


def _use(st: "RussianRailroads", t: Task) -> None:
    t.count -= 1
    if t.count <= 0:
        st.tasks.remove(t)


def apply_task_action(st: "RussianRailroads", action: Action, events: list[Event]) -> None:
    task_id = getattr(action, "task", None)
    if task_id is None:
        raise IllegalAction("task_waiting", f"First finish: {describe(st.actionable_tasks()[0])}.")
    t = _task(st, task_id)
    if isinstance(action, Skip):
        if t.mandatory:
            raise IllegalAction("mandatory", f"You must complete this action: {describe(t)}.")
        if not task_options(st, t):
            raise IllegalAction("nothing_to_skip", f"Nothing can be done yet for: {describe(t)}; "
                                                   "it is dropped by itself if it stays impossible.")
        st.tasks.remove(t)
        if t.kind == "factory" and usa.is_steelworks(st, t.number):
            usa.to_box(st, t.number)   # "you may place it back in the box"
        events.append(TaskSkipped(t.seat, describe(t)))
        return
    if not _offered(st, t, action):
        raise IllegalAction("bad_step", _step_refusal(st, t, action))
    if t.kind == "public_token" and isinstance(action, ChooseToken):
        dsp.PUBLIC_TOKEN(st, t, action, events)
        return
    handler = _HANDLERS[type(action)]
    handler(st, t, action, events)


def _step_refusal(st: "RussianRailroads", t: Task, action: Action) -> str:
    d = st.data
    p = st.players[t.seat]
    if isinstance(action, Advance):
        if t.kind != "track":
            return f"Now you must {describe(t)}."
        if action.railroad not in d.railroad_by_id or action.colour not in d.colours:
            return "There is no such railroad or track colour."
        if t.colours != ANY and action.colour not in t.colours:
            return f"This action advances {' or '.join(t.colours)} track, not {action.colour}."
        reason = T.refusal_to_advance(d, p, action.railroad, action.colour)
        return reason or "That advancement would make the rest of this action impossible."
    if isinstance(action, MoveIndustry):
        return ("That industry marker cannot advance: a gap needs a factory first, a boulder lies ahead, or the "
                "other marker is there.")
    if isinstance(action, (BuildLoco, MoveLoco)):
        return ("A locomotive may only go to an empty place or replace a lower-numbered locomotive"
                " (a displaced one must go to another railroad).")
    if isinstance(action, BuildFactory):
        return "Factories fill the slots from left to right; with all 5 full, choose one to replace."
    if isinstance(action, ChooseToken):
        return f"You do not have the ? token {action.token!r} any more."
    if isinstance(action, ChooseCard):
        return card_refusal(st, t.seat, action.card) or "That ? card cannot be performed in full now."
    if isinstance(action, ChooseEndBonus):
        return "That End Bonus card is not in the pile."
    if isinstance(action, Reuse):
        return "You can only re-use a one-worker space you occupied this round with exactly 1 worker or rouble."
    if isinstance(action, Repeat):
        return "You cannot do that action once more."
    if isinstance(action, TakeFoundry):
        return "That foundry is not face up beside the board."
    if isinstance(action, PlaceBoilerman):
        return "A boilerman goes beside one of your locomotives or factories that has none yet."
    if isinstance(action, CloseFoundry):
        return "Closing needs a locomotive or factory of yours without a boilerman for it."
    if isinstance(action, FeedCoalFactory):
        return "The coal factory takes 0 to 3 of the coal you have."
    if isinstance(action, UseFactory):
        return "Choose one of your own factories."
    if isinstance(action, PickBonus):
        return "That Starting Bonus card is not among those going round."
    if isinstance(action, PickEngineer):
        return ("Olga may only use an opponent's vacant engineer whose action you can do; the public token only "
                "an engineer not chosen at setup.")
    if isinstance(action, GrayUp):
        return "That gray track has no room to move up behind its black track."
    if isinstance(action, PlaceFreightCar):
        return "The freight car goes behind locomotives reaching 3 spaces or more."
    if isinstance(action, ChooseBranch):
        return "Choose one of the branches after the switch."
    if isinstance(action, ChooseExtension):
        return "Choose one of the extension tiles still available that fits this station's area."
    if isinstance(action, ChooseIncome):
        return "That income marker is no longer in the supply."
    if isinstance(action, ChooseDividend):
        return "Choose one of the dividend tokens still displayed beside the stocks board."
    if isinstance(action, RemoveBoulder):
        return "That boulder is no longer on your board."
    if isinstance(action, PlaceDoubler):
        return "That railroad has no free doubler space left (or the supply is empty)."
    return f"Now you must {describe(t)}."


def _advance(st: "RussianRailroads", t: Task, a: Advance, events: list[Event]) -> None:
    _use(st, t)
    advance_track(st, t.seat, a.railroad, a.colour, events, t.depth)


def _industry(st: "RussianRailroads", t: Task, a: MoveIndustry, events: list[Event]) -> None:
    d = st.data
    p = st.players[t.seat]
    _use(st, t)
    p.industry[a.marker] += 1
    new = p.industry[a.marker]
    events.append(IndustryAdvanced(t.seat, a.marker, new))
    space = T.industry_track(d, a.marker)[new]
    factory = T.factory_at(d, p, new, a.marker)
    if factory:
        events.append(FactoryUsed(t.seat, factory))
        _factory_arrival(st, t.seat, factory, space.factory - 1, events)
    elif space.kind == "q" and "industry_q" not in p.claimed:
        p.claimed.append("industry_q")
        if len(p.tokens_used) < len(d.q_tokens):
            add_task(st, t.seat, Effect("token"), True, "the industry ? space", deepest(st) + 1)


def _factory_arrival(st: "RussianRailroads", seat: int, factory: int, slot: int, events: list[Event]) -> None:
    """A marker reached a factory: its ability, improved by a boilerman beside it
    (once more; a point-scoring factory only 1 point more)."""
    d = st.data
    p = st.players[seat]
    eff = d.factories[factory]
    boiler = p.coal is not None and slot < len(p.coal.factory_boilers) and p.coal.factory_boilers[slot]
    rules = d.coal
    if boiler and d.dsp is not None and factory == d.dsp.q_factory:   # "an additional stoker: an extra ?"
        eff = (Effect("q_factory_use", eff[0].count + d.dsp.q_factory_boiler_tokens),)
    elif boiler and rules is not None and factory not in rules.point_factories:
        eff = eff + eff
    gain(st, seat, eff, events, mandatory=False, source=f"factory #{factory}", depth=deepest(st) + 1)
    if boiler and rules is not None and factory in rules.point_factories:
        add_points(st, seat, ACTION_POINTS, rules.boilerman_points, events, f"the boilerman at factory #{factory}")


def _put_loco(st: "RussianRailroads", seat: int, number: int, rid: str, slot: int, events: list[Event],
              boiler: bool = False) -> None:
    """Put locomotive `number` (with its boilerman, if any) on `rid`; a lower one
    it replaces must move on."""
    p = st.players[seat]
    if not rid:
        st.returned_factories.append(number)
        if boiler and st.coal is not None:
            st.coal.lost += 1   # returned to the supply: the boilerman is removed from the game
        events.append(LocomotiveToFactory(seat, number))
        return
    here = p.locos[rid]
    boilers = p.coal.loco_boilers.setdefault(rid, []) if p.coal is not None else None
    replaced, replaced_boiler = 0, False
    if slot < len(here):
        replaced = here[slot]
        here[slot] = number
        if boilers is not None:
            replaced_boiler, boilers[slot] = boilers[slot], boiler
    else:
        here.append(number)
        if boilers is not None:
            boilers.append(boiler)
    events.append(LocomotivePlaced(seat, number, rid, replaced, st.data.railroad(rid).name))
    if replaced:
        task = add_task(st, seat, Effect("move_loco"), True, f"the {st.data.railroad(rid).name}",
                        deepest(st) + 1, number=replaced, origin=rid)
        task.boiler = replaced_boiler
    check_specials(st, seat, events)


def _take_from_pile(st: "RussianRailroads", seat: int, events: list[Event]) -> int:
    number = st.lowest_pile()
    steelworks = st.take_from_pile(number)
    if steelworks:
        usa.steelworks_taken(st, seat, steelworks, events)
    return number


def _build_loco(st: "RussianRailroads", t: Task, a: BuildLoco, events: list[Event]) -> None:
    st.tasks.remove(t)
    number = t.number if t.kind == "card_loco" else _take_from_pile(st, t.seat, events)
    _put_loco(st, t.seat, number, a.railroad, a.slot, events)


def _move_loco(st: "RussianRailroads", t: Task, a: MoveLoco, events: list[Event]) -> None:
    st.tasks.remove(t)
    _put_loco(st, t.seat, t.number, a.railroad, a.slot, events, t.boiler)


def _build_factory(st: "RussianRailroads", t: Task, a: BuildFactory, events: list[Event]) -> None:
    st.tasks.remove(t)
    p = st.players[t.seat]
    if t.number:
        number = t.number
    elif a.source == 0:
        number = _take_from_pile(st, t.seat, events)
    else:
        st.returned_factories.remove(a.source)
        number = a.source
    replaced = 0
    boilers = p.coal.factory_boilers if p.coal is not None else None
    if a.slot < len(p.factories):
        replaced = p.factories[a.slot]
        p.factories[a.slot] = number
        if usa.is_steelworks(st, replaced):
            usa.to_box(st, replaced)   # "The steelworks is placed back in the box."
        else:
            st.returned_factories.append(replaced)
        if boilers is not None and boilers[a.slot]:
            boilers[a.slot] = False
            assert st.coal is not None
            st.coal.lost += 1   # returned with its factory: the boilerman is removed from the game
    else:
        p.factories.append(number)
        if boilers is not None:
            boilers.append(False)
    events.append(FactoryBuilt(t.seat, number, a.slot, replaced))


def _token(st: "RussianRailroads", t: Task, a: ChooseToken, events: list[Event]) -> None:
    st.tasks.remove(t)
    p = st.players[t.seat]
    token = st.data.q_tokens[a.token]
    p.tokens_used.append(a.token)
    events.append(TokenTaken(t.seat, a.token, token.name))
    gain(st, t.seat, token.effects, events, mandatory=False, source=f"the ? token ({token.name})",
         depth=deepest(st) + 1)


def _card(st: "RussianRailroads", t: Task, a: ChooseCard, events: list[Event]) -> None:
    st.tasks.remove(t)
    card = st.data.q_cards[a.card]
    st.q_cards.remove(a.card)
    events.append(CardTaken(t.seat, a.card, card.name))
    depth = deepest(st) + 1
    for e in card.effects:
        if e.kind == "card_loco":
            add_task(st, t.seat, e, True, f"the ? card ({card.name})", depth, number=st.data.card_loco)
        else:
            gain(st, t.seat, (e,), events, mandatory=True, source=f"the ? card ({card.name})", depth=depth)


def _end_bonus(st: "RussianRailroads", t: Task, a: ChooseEndBonus, events: list[Event]) -> None:
    st.tasks.remove(t)
    if a.card:
        st.end_bonus_pile.remove(a.card)
        st.players[t.seat].end_bonus.append(a.card)
        events.append(EndBonusTaken(t.seat, True))
    else:
        events.append(EndBonusTaken(t.seat, False))
        add_points(st, t.seat, "End Bonus", st.data.end_bonus_points, events, "")


def _reuse(st: "RussianRailroads", t: Task, a: Reuse, events: list[Event]) -> None:
    st.tasks.remove(t)
    events.append(SpaceReused(t.seat, a.space, space_label(st, a.space)))
    gain(st, t.seat, space_effects(st, a.space), events, mandatory=False,
         source=f"{space_label(st, a.space)} again", depth=deepest(st) + 1)


def _repeat(st: "RussianRailroads", t: Task, a: Repeat, events: list[Event]) -> None:
    st.tasks.remove(t)
    gain(st, t.seat, (REPEATABLE[a.what],), events, mandatory=True, source="the four-actions ? card",
         depth=deepest(st) + 1)


def _take_foundry(st: "RussianRailroads", t: Task, a: TakeFoundry, events: list[Event]) -> None:
    st.tasks.remove(t)
    table = coal.table(st)
    table.display.remove(a.foundry)
    if table.pile:
        table.display.append(table.pile.pop())
    coal.holdings(st, t.seat).foundries.append(a.foundry)
    assert st.data.coal is not None
    events.append(FoundryTaken(t.seat, a.foundry, st.data.coal.foundries[a.foundry].name))


def _close_foundry(st: "RussianRailroads", t: Task, a: CloseFoundry, events: list[Event]) -> None:
    """Flip the foundry just used into a boilerman; its coal goes back at once."""
    st.tasks.remove(t)
    held = coal.holdings(st, t.seat)
    rules = st.data.coal
    assert rules is not None
    held.foundries.remove(t.origin)
    held.used.remove(t.origin)
    coal.table(st).supply += rules.foundry_coal
    events.append(FoundryClosed(t.seat, t.origin, rules.foundries[t.origin].name))
    add_task(st, t.seat, Effect("boilerman"), True, "the closed foundry", t.depth)


def _boilerman(st: "RussianRailroads", t: Task, a: PlaceBoilerman, events: list[Event]) -> None:
    st.tasks.remove(t)
    coal.place_boilerman(st, t.seat, a.piece)
    events.append(BoilermanPlaced(t.seat, a.piece, piece_label(st, t.seat, a.piece)))
    check_specials(st, t.seat, events)   # a longer reach may reach a special space now


def piece_label(st: "RussianRailroads", seat: int, piece: str) -> str:
    """'the #4 locomotive on the Kiev' / 'factory #7' for a boilerman target."""
    p = st.players[seat]
    kind, *where = piece.split(":")
    if kind == "loco":
        return f"the #{p.locos[where[0]][int(where[1])]} locomotive on the {st.data.railroad(where[0]).name}"
    return f"factory #{p.factories[int(where[0])]}"


def _use_factory(st: "RussianRailroads", t: Task, a: UseFactory, events: list[Event]) -> None:
    """Engineer -10: a factory's ability "as though you had just moved an industry marker there"."""
    st.tasks.remove(t)
    factory = st.players[t.seat].factories[a.slot]
    events.append(FactoryUsed(t.seat, factory))
    _factory_arrival(st, t.seat, factory, a.slot, events)


def _feed_coal_factory(st: "RussianRailroads", t: Task, a: FeedCoalFactory, events: list[Event]) -> None:
    st.tasks.remove(t)
    rules = st.data.coal
    assert rules is not None
    coal.holdings(st, t.seat).coal -= a.coal
    coal.table(st).supply += a.coal
    black = rules.coal_factory_black + rules.black_per_coal * a.coal
    events.append(CoalFactoryFed(t.seat, a.coal, black))
    gain(st, t.seat, (Effect("track", black, ("black",)),), events, mandatory=False, source="the coal factory",
         depth=t.depth)


_HANDLERS: dict[type[Action], Callable[..., None]] = {Advance: _advance, MoveIndustry: _industry, BuildLoco: _build_loco, MoveLoco: _move_loco,
             BuildFactory: _build_factory, ChooseToken: _token, ChooseCard: _card, ChooseEndBonus: _end_bonus,
             Reuse: _reuse, Repeat: _repeat, TakeFoundry: _take_foundry, CloseFoundry: _close_foundry,
             PlaceBoilerman: _boilerman, FeedCoalFactory: _feed_coal_factory, UseFactory: _use_factory,
             **dsp.HANDLERS, **board_rules.HANDLERS, **usa.HANDLERS}
