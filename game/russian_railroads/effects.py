"""What effects do: placing on a space, gaining its effects, moving tracks
and awarding special spaces.

An effect with no choice (doublers, roubles, points...) happens at once; one
with a choice becomes a Task in state.tasks (see tasks.py), resolved by one
action per step. Tasks from board spaces, public engineers and ? cards are
mandatory (the space had to be performable in full); those from own
engineers, factories and ? tokens are optional and may be skipped.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.core.events import Event, Message
from game.core.words import counted
from game.russian_railroads import coal
from game.russian_railroads import tracks as T
from game.russian_railroads.actions import OWN_ENGINEER_PREFIX, Place, own_engineer_number
from game.russian_railroads.data import ANY, Effect
from game.russian_railroads.emil import check_bonus_workers
from game.russian_railroads.scoring import ACTION_POINTS
from game.russian_railroads.events import (DoublerPlaced, EngineerHired, ExtraWorker, PointsScored, RoublesTaken,
                                           StartBonusTaken,
                                           TempWorkersTaken, TrackAdvanced, TracksGained, WorkerPlaced, who)
from game.russian_railroads.spaces import space_effects, space_label, swap_source
from game.russian_railroads.state import Placement, Task

if TYPE_CHECKING:
    from game.russian_railroads.engine import RussianRailroads


# What the four-actions ? card lets you do once more.
REPEATABLE = {"doubler": Effect("doubler", 1), "industry": Effect("industry", 1),
              "black": Effect("track", 1, ("black",))}
# Effects that leave a choice to the player (the others happen at once).
TASK_KINDS = {"track", "industry", "loco_or_factory", "loco", "factory", "reuse", "q_card", "end_bonus",
              "card_loco", "repeat_one", "foundry", "reuse_two", "coal_factory_use", "factory_ability",
              "foreign_engineer", "gray_behind_black", "public_token", "spare_engineer", "freight_car", "stock"}


# Special spaces awarded once, when first reached (the others score in every round).
ONCE_SPECIALS = ("extra_worker", "q_token", "gain", "industry_marker", "income", "boulder", "stock")
MOST_MARKERS = 3   # "making it possible to have 3 industry markers on your industry track"


def deepest(st: "RussianRailroads") -> int:
    return max((t.depth for t in st.tasks), default=-1)


def occupy(st: "RussianRailroads", seat: int, place: Place, events: list[Event], relocated: bool = False) -> None:
    """Put the payment on the space and gain its effects (already validated)."""
    p = st.players[seat]
    p.workers_free -= place.workers
    p.temps_free -= place.temps
    p.roubles -= place.roubles
    if place.black:
        p.black_free = False
    events.append(WorkerPlaced(seat, place.space, place.workers, place.temps, place.roubles, place.black,
                               space_label(st, place.space)))
    if place.space.startswith("TO-") and not place.workers:
        _exchange_for_own_worker(st, seat, place, events)
    else:
        st.placements.append(Placement(place.space, seat, place.workers, place.temps, place.roubles, place.black,
                                       relocated))
    own = place.space.startswith(OWN_ENGINEER_PREFIX)
    if own:
        p.engineers_used.append(own_engineer_number(place.space) or 0)
    eff = space_effects(st, place.space)
    gain(st, seat, eff, events, mandatory=not own, source=space_label(st, place.space), depth=0)
    if place.black and any(e.kind == "track" and e.colours != ANY and "black" in e.colours for e in eff):
        gain(st, seat, (Effect("track", 1, ("black",)),), events, mandatory=False,
             source="the black worker", depth=0)
    st.turn_done = True


def _exchange_for_own_worker(st: "RussianRailroads", seat: int, place: Place, events: list[Event]) -> None:
    """A substitute on a turn-order space swaps with an own-colour worker placed elsewhere."""
    source = swap_source(st, seat)
    assert source is not None
    at = next(i for i, pl in enumerate(st.placements) if pl is source)
    st.placements[at] = dataclasses.replace(source, workers=source.workers - 1, temps=source.temps + place.temps,
                                            roubles=source.roubles + place.roubles, black=source.black + place.black)
    st.placements.append(Placement(place.space, seat, workers=1))
    events.append(Message(f"{who(seat, st.names)} exchanges it for an own-colour worker from "
                          f"{space_label(st, source.space)}."))


def gain(st: "RussianRailroads", seat: int, eff: tuple[Effect, ...], events: list[Event], mandatory: bool,
         source: str, depth: int) -> None:
    """Apply the immediate effects now; queue the rest as tasks."""
    for e in eff:
        if e.kind in TASK_KINDS:
            add_task(st, seat, e, mandatory, source, depth)
            if e.kind == "industry" and _doubles_industry(st, seat, source):
                add_task(st, seat, e, False, f"{source}, doubled", depth)
        elif e.kind == "q_factory":
            assert st.data.dsp is not None   # the tile must go somewhere: always possible, never skipped
            add_task(st, seat, Effect("factory"), True, source, depth, number=st.data.dsp.q_factory)
        elif e.kind == "ludmilla":
            _start_ludmilla(st, seat, source, depth)
        elif e.kind == "coal_factory":
            assert st.data.coal is not None
            add_task(st, seat, Effect("factory"), mandatory, source, depth, number=st.data.coal.coal_factory)
        elif e.kind == "doubler" and sum(1 for road in st.data.railroads if road.doubler_spaces) > 1:
            add_task(st, seat, e, mandatory, source, depth)   # USA: the player chooses the railroad
        elif e.kind == "boilerman":
            assert st.coal is not None
            st.coal.pile.pop()   # the top face-down foundry, boilerman side up
            add_task(st, seat, e, mandatory, source, depth)
        else:
            _immediate(st, seat, e, events, source)


def _doubles_industry(st: "RussianRailroads", seat: int, source: str) -> bool:
    """The DSP public token: "the player may double his industry steps ... He may not double industry
    steps received by ? tokens and ? cards" (the doubled half may be left out: an optional task)."""
    held = st.players[seat].dsp
    return held is not None and held.industry_double and "? token" not in source and "? card" not in source


def _start_ludmilla(st: "RussianRailroads", seat: int, source: str, depth: int) -> None:
    """Ludmilla: the user takes the Starting Bonus cards and chooses first; the rest go round in turn order."""
    rules = st.data.dsp
    assert rules is not None and st.dsp is not None
    st.dsp.bonus_cards = list(rules.bonus_cards)
    i = st.order.index(seat)
    st.dsp.bonus_queue = [st.order[(i + k) % len(st.order)] for k in range(1, len(st.order))]
    add_task(st, seat, Effect("bonus_pick"), True, source, depth)


def add_task(st: "RussianRailroads", seat: int, e: Effect, mandatory: bool, source: str, depth: int,
             number: int = 0, origin: str = "") -> Task:
    kind = {"q_card": "card", "repeat_one": "repeat"}.get(e.kind, e.kind)
    colours = ANY if e.colours == ANY else list(e.colours)
    task = Task(st.next_task, seat, kind, e.count, colours, mandatory, depth, source, number, origin)
    st.next_task += 1
    st.tasks.append(task)
    return task


def add_points(st: "RussianRailroads", seat: int, part: str, points: int, events: list[Event], reason: str) -> None:
    if points <= 0:
        return
    st.players[seat].add_points(part, points)
    if reason:
        events.append(PointsScored(seat, points, reason))
    if st.emil is not None:
        check_bonus_workers(st, events)


def _immediate(st: "RussianRailroads", seat: int, e: Effect, events: list[Event], source: str) -> None:
    d = st.data
    p = st.players[seat]
    k = e.kind
    if k == "doubler":
        n = min(e.count, st.doubler_room(seat))
        if n > 0:
            p.doublers += n
            st.doubler_supply -= n
            events.append(DoublerPlaced(seat, n, p.doublers, d.railroad(d.main_railroad).name))
    elif k == "roubles":
        n = min(e.count, st.roubles_supply)
        p.roubles += n
        st.roubles_supply -= n
        if n:
            events.append(RoublesTaken(seat, n))
    elif k == "temp_workers":
        p.temps_free += st.temps_board
        st.temps_board = 0
        events.append(TempWorkersTaken(seat))
    elif k == "points":
        add_points(st, seat, ACTION_POINTS, e.count, events, source)
    elif k == "hire":
        number = st.strip[d.hire_slot]
        st.strip[d.hire_slot] = 0
        p.engineers.append(number)
        events.append(EngineerHired(seat, number))
    elif k == "engineer_sum":
        add_points(st, seat, ACTION_POINTS, max(0, sum(d.engineer_value(n) for n in p.engineers)), events,
                   "factory #1: sum of engineers")
    elif k == "best_two_locos":
        best = sorted(T.all_loco_values(p), reverse=True)[:2]
        add_points(st, seat, ACTION_POINTS, sum(best), events, "factory #8: two best locomotives")
    elif k == "best_loco":
        add_points(st, seat, ACTION_POINTS, max(T.all_loco_values(p), default=0), events,
                   f"{source}: highest locomotive")
    elif k == "coal":
        coal.take_coal(st, seat, e.count, events)
    elif k == "german_revaluation":
        p.german_revaluation = True
    elif k == "random_start_bonuses":
        for bonus in st.rng.sample(list(d.starting_bonuses), min(e.count, len(d.starting_bonuses))):
            named = d.starting_bonuses[bonus]
            events.append(StartBonusTaken(seat, named.id, named.name))
            gain(st, seat, named.effects, events, mandatory=False, source=f"{source}: {named.name}",
                 depth=deepest(st) + 1)
    elif k == "industry_double":
        assert p.dsp is not None
        p.dsp.industry_double = True
    elif k == "q_factory_use":
        if "q_factory" not in p.claimed:   # "may not be used again when reaching it with another marker"
            p.claimed.append("q_factory")
            for _ in range(e.count):
                add_task(st, seat, Effect("token"), True, source, deepest(st) + 1)
    elif k == "second_marker":
        if len(p.industry) < MOST_MARKERS:
            p.industry.append(0)
    elif k == "revaluation":
        p.revaluation = True
    elif k == "golden_spike":
        assert p.board is not None
        p.board.golden_spike = True
    elif k == "kiev_medal":
        p.kiev_medal = True
    elif k == "black_worker":
        p.black_worker = True
        p.black_free = True
        events.append(ExtraWorker(seat, "the black worker"))
    elif k == "card_engineer":
        p.engineers.append(d.card_engineer)
        p.roubles += 1
        events.append(EngineerHired(seat, d.card_engineer))
        events.append(RoublesTaken(seat, 1))


def describe(t: Task) -> str:
    """A short phrase for a pending task (UI prompt, log)."""
    if t.kind == "track":
        what = "track" if t.colours == ANY else "/".join(t.colours)
        return f"{counted(t.count, what + ' advancement')} from {t.source}"
    names = {"industry": counted(t.count, "industry advancement"),
             "loco_or_factory": "build a locomotive or a factory", "loco": "build a locomotive",
             "factory": "build a factory", "move_loco": f"move the displaced #{t.number} locomotive",
             "card_loco": "place the #9 locomotive", "token": "choose a ? token", "card": "choose a ? card",
             "end_bonus": "choose an End Bonus card or 10 points", "reuse": "re-use a one-worker space",
             "repeat": "choose doubler, industry or black once more", "foundry": "take a face-up foundry",
             "boilerman": "place a boilerman beside a locomotive or factory",
             "close_foundry": "close the foundry into a boilerman (or keep it)",
             "reuse_two": "re-use a space holding 1 or 2 of your workers",
             "coal_factory_use": "spend coal at the coal factory",
             "factory_ability": "use the ability of one of your factories",
             "bonus_pick": "choose a Starting Bonus card or 3 points",
             "foreign_engineer": "use an opponent's vacant engineer",
             "gray_behind_black": "move a gray track up behind its black track",
             "public_token": "choose a public ? token",
             "spare_engineer": "take an engineer not chosen at setup",
             "freight_car": "put the freight car behind locomotives reaching 3 or more",
             "branch": "choose the branch at the switch (binding for every colour)",
             "extension": "choose a railroad extension for the station",
             "income": "take an income marker",
             "dividend": "choose the dividend token of your new stock level",
             "boulder": "remove a boulder (10 points)",
             "doubler": f"place {counted(t.count, 'doubler')} above a railroad of your choice",
             "stock": "raise your stock price", "payout": "receive a payout"}
    return f"{names.get(t.kind, t.kind)} from {t.source}"


def advance_track(st: "RussianRailroads", seat: int, rid: str, colour: str, events: list[Event], depth: int) -> None:
    """Move one track one space and award what it reaches."""
    d = st.data
    p = st.players[seat]
    ci = d.colour_index(colour)
    p.tracks[rid][ci] += 1
    new = p.tracks[rid][ci]
    road = d.railroad(rid)
    events.append(TrackAdvanced(seat, rid, colour, new, road.name))
    if colour == "black":
        if rid == d.main_railroad:
            unlock_colours(st, seat, events)
        if new == T.road_length(d, p, road):
            add_points(st, seat, "Termini", road.terminus_points, events, f"{road.name} terminus")
            _check_meeting(st, seat, events)
        if road.switch_after and new == road.switch_after + 1 and p.board is not None and not p.board.branch:
            add_task(st, seat, Effect("branch"), True, f"the {road.name} switch", deepest(st) + 1)
        for area in road.areas:
            if new == area.space and p.board is not None and area.id not in p.board.extensions:
                add_task(st, seat, Effect("extension"), True, f"{area.station} on the {road.name}",
                         deepest(st) + 1, origin=area.id)
    check_specials(st, seat, events)


def _check_meeting(st: "RussianRailroads", seat: int, events: list[Event]) -> None:
    """USA: both Transcontinental ends completed -> the dashed meeting space's points, once."""
    rules = st.data.usa
    p = st.players[seat]
    if rules is None or "spike_meet" in p.claimed:
        return
    if all(T.railroad_done(st.data, st.data.railroad(rid), p) for rid in rules.spike_roads):
        p.claimed.append("spike_meet")
        add_points(st, seat, "Termini", rules.meet_points, events, "the meeting of the Transcontinental lines")


def unlock_colours(st: "RussianRailroads", seat: int, events: list[Event]) -> None:
    """Colours gained where the main railroad's black track stands now (at the threshold itself; a
    branch chosen at the switch may set its own thresholds)."""
    d = st.data
    p = st.players[seat]
    road = d.railroad(d.main_railroad)
    black = p.tracks[road.id][0]
    for gained in d.colours[1:]:
        if black != T.unlock_threshold(d, p, gained) or black > T.road_length(d, p, road):
            continue
        count = d.tracks_per_player(gained)
        st.track_supply[gained] -= count
        events.append(TracksGained(seat, gained, count))
        if gained == "white":
            add_task(st, seat, Effect("track", d.white_bonus_advancements, ("white",)), False,
                     f"{road.name} space {black}", deepest(st) + 1)


def check_specials(st: "RussianRailroads", seat: int, events: list[Event]) -> None:
    """Award the once-only special spaces (extra workers, ? spaces) now reached."""
    d = st.data
    p = st.players[seat]
    for road in d.railroads:
        r = T.reach(p, road.id)
        for sp in T.road_specials(d, p, road):
            if sp.effect not in ONCE_SPECIALS or sp.id in p.claimed:
                continue
            if p.tracks[road.id][d.colour_index(sp.track)] < sp.space or (sp.loco and r < sp.space):
                continue
            p.claimed.append(sp.id)
            where = f"{road.name} space {sp.space}"
            if sp.effect == "extra_worker":
                p.workers += 1
                p.workers_free += 1
                events.append(ExtraWorker(seat, where))
            elif sp.effect == "q_token" and len(p.tokens_used) < len(d.q_tokens):
                add_task(st, seat, Effect("token"), True, where, deepest(st) + 1)
            elif sp.effect == "gain":
                gain(st, seat, sp.effects, events, mandatory=False, source=where, depth=deepest(st) + 1)
            elif sp.effect == "industry_marker" and len(p.industry) < MOST_MARKERS:
                p.industry.append(0)
                events.append(Message(f"{who(seat, st.names)} takes an additional industry marker ({where})."))
            elif sp.effect == "income" and st.board is not None and st.board.income:
                add_task(st, seat, Effect("income"), True, where, deepest(st) + 1)
            elif sp.effect == "boulder" and p.board is not None and st.data.usa is not None \
                    and len(p.board.boulders) < len(st.data.usa.boulders):
                add_task(st, seat, Effect("boulder"), True, where, deepest(st) + 1)
            elif sp.effect == "stock":
                add_task(st, seat, Effect("stock"), True, where, deepest(st) + 1)
