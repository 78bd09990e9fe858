"""The round clock: turns, passing, turn order, relocation, round scoring,
the end-of-round reset and the final scoring."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.errors import IllegalAction
from game.core.events import Event
from game.russian_railroads import board_rules, coal, dsp, effects, usa
from game.russian_railroads.actions import Place, Relocate
from game.russian_railroads.emil import emil_turn, reshuffle
from game.russian_railroads.events import (FinalBonus, GameEnded, Passed, RoundEnded, RoundScored, RoundStarted,
                                           TurnOrderChanged, WorkerRelocated)
from game.russian_railroads.scoring import (end_bonus_points, majority_counts, majority_awards, railroad_score)
from game.russian_railroads.spaces import board_spaces, occupant, relocation_spaces, space_label
from game.russian_railroads.tracks import industry_points

if TYPE_CHECKING:
    from game.russian_railroads.engine import RussianRailroads


def begin_round(st: "RussianRailroads", events: list[Event]) -> None:
    st.round += 1
    st.phase = "actions"
    st.active = st.order[0]
    events.append(RoundStarted(st.round, st.round == st.rounds))
    if st.emil is not None:
        reshuffle(st)
        emil_turn(st, events)


def pass_turn(st: "RussianRailroads", events: list[Event]) -> None:
    seat = st.active
    p = st.players[seat]
    p.passed = True
    points = st.data.pass_points.get(p.turn_card, 0) if st.mode != "solo" else 0
    events.append(Passed(seat, points))
    effects.add_points(st, seat, "Passing", points, events, "")
    st.turn_done = True


def next_turn(st: "RussianRailroads", events: list[Event]) -> None:
    """Hand the turn on after a placement or a pass (Emil plays in between in solo)."""
    if st.emil is not None:
        if st.players[0].passed:
            end_round(st, events)
        elif not st.emil.passed:
            emil_turn(st, events)
        return
    if all(p.passed for p in st.players):
        end_round(st, events)
        return
    i = st.order.index(st.active)
    for step in range(1, st.num_players + 1):
        seat = st.order[(i + step) % st.num_players]
        if not st.players[seat].passed:
            st.active = seat
            return


def new_turn_order(st: "RussianRailroads") -> list[int]:
    """The next round's order from the turn-order spaces.

    A player on space 1 goes first, one on space 2 second; the other pawns
    keep their order, shifted right. If only space 2 is taken and its owner
    was already first, nothing changes.
    """
    claims = {}
    for sp in board_spaces(st):
        if sp.area == "turn_order" and not sp.last_round_only:
            holder = occupant(st, sp.id)
            if holder is not None and holder >= 0:
                claims[sp.position] = holder
    if not claims:
        return list(st.order)
    rest = [s for s in st.order if s not in claims.values()]
    if 1 in claims and 2 in claims:
        return [claims[1], claims[2]] + rest
    if 1 in claims:
        return [claims[1]] + rest
    second = claims[2]
    if st.order[0] == second:
        return list(st.order)
    return rest[:1] + [second] + rest[1:]


def end_round(st: "RussianRailroads", events: list[Event]) -> None:
    """Everyone passed: reorganise the turn order, then relocation, then scoring."""
    queue = []
    if st.mode != "solo" and not st.is_last_round():
        st.order = new_turn_order(st)
        events.append(TurnOrderChanged(tuple(st.order)))
        for position in (2, 1):
            for sp in board_spaces(st):
                if sp.area == "turn_order" and sp.position == position and not sp.last_round_only:
                    holder = occupant(st, sp.id)
                    if holder is not None and holder >= 0:
                        queue.append(holder)
    st.relocation_queue = queue
    if queue:
        st.phase = "relocate"
    else:
        after_relocation(st, events)


def relocate(st: "RussianRailroads", action: Relocate, events: list[Event]) -> None:
    seat = st.relocation_queue[0]
    if action.space and action.space not in relocation_spaces(st, seat):
        raise IllegalAction("bad_relocation", "The turn-order worker may only move to a free space that needs "
                                              "exactly one worker (or one of your unused engineers).")
    st.relocation_queue.pop(0)
    if not action.space:
        events.append(WorkerRelocated(seat, "", ""))
        return
    origin = next(pl for pl in st.placements if pl.seat == seat and pl.space.startswith("TO-"))
    st.placements.remove(origin)
    st.players[seat].workers_free += 1
    events.append(WorkerRelocated(seat, action.space, space_label(st, action.space)))
    effects.occupy(st, seat, Place(action.space, workers=1), events, relocated=True)
    st.turn_done = False


def after_relocation(st: "RussianRailroads", events: list[Event]) -> None:
    """Before the scoring the freight cars move (DSP): a phase of its own while their steps are chosen."""
    if dsp.queue_freight(st):
        st.phase = "freight"
        return
    score_and_continue(st, events)


def score_and_continue(st: "RussianRailroads", events: list[Event]) -> None:
    score_round(st, events)
    events.append(RoundEnded(st.round))
    if st.round >= st.rounds:
        final_scoring(st, events)
        return
    reset_round(st)
    begin_round(st, events)


def score_round(st: "RussianRailroads", events: list[Event]) -> None:
    """Each player scores the three railroads and the industry track, in turn order."""
    for seat in st.order:
        p = st.players[seat]
        for road in st.data.railroads:
            result = railroad_score(st.data, p, road.id)
            events.append(RoundScored(seat, st.round, road.id, result.total, result.detail(), road.name))
            effects.add_points(st, seat, road.name, result.total, events, "")
        industry = industry_points(st.data, p)
        events.append(RoundScored(seat, st.round, "industry", industry,
                                  "markers on " + ", ".join(str(m) for m in p.industry)))
        effects.add_points(st, seat, "Industry", industry, events, "")


def reset_round(st: "RussianRailroads") -> None:
    """Workers, roubles and temporary workers go back; engineers move right."""
    d = st.data
    for pl in st.placements:
        st.roubles_supply += pl.roubles
    st.placements = []
    coal.end_of_round(st)
    board_rules.end_of_round(st)
    st.temps_board = d.supplies["temp_workers"]
    for position, seat in enumerate(st.order):
        p = st.players[seat]
        p.workers_free = p.workers
        p.temps_free = 0
        p.black_free = p.black_worker
        p.engineers_used = []
        p.passed = False
        p.turn_card = position + 1 if st.mode != "solo" else 0
    if st.strip[d.hire_slot]:
        st.engineer_box.append(st.strip[d.hire_slot])
    st.strip = [0] + st.strip[:-1]
    if st.emil is not None:
        st.emil.workers_free = st.emil.workers
        st.emil.passed = False


def final_scoring(st: "RussianRailroads", events: list[Event]) -> None:
    """End Bonus cards, then the engineer majority (Emil competes in solo)."""
    d = st.data
    for seat, p in enumerate(st.players):
        for card in p.end_bonus:
            points = end_bonus_points(d, p, card)
            if points:
                events.append(FinalBonus(seat, points, f"the End Bonus card \"{d.end_bonus_cards[card].name}\""))
                p.add_points("End Bonus", points)
    if d.usa is not None:
        for seat, points in usa.final_bonus(st):
            events.append(FinalBonus(seat, points, "the stock price"))
            st.players[seat].add_points(usa.STOCKS, points)
    counts = majority_counts(st.data, st.players, st.emil.engineers if st.emil is not None else None)
    awards = majority_awards(d, counts)
    for seat, p in enumerate(st.players):
        if awards[seat]:
            events.append(FinalBonus(seat, awards[seat], f"engineer majority ({counts[seat][0]} engineers)"))
            p.add_points("Engineer majority", awards[seat])
    st.phase = "over"
    events.append(GameEnded(tuple(p.score for p in st.players), tuple(st.winners())))

