"""Which action spaces a player may use, why not, and how they may pay.

Board actions and public engineers must be performable in full to be chosen
(the Yucata clarification agreed with the authors); own engineers may be
used partly, so they only need to be unused this round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.words import counted
from game.russian_railroads.actions import OWN_ENGINEER_PREFIX, Place, own_engineer_number
from game.russian_railroads.data import ActionSpace, Cost, Effect
from game.russian_railroads.events import who
from game.russian_railroads.state import Placement
from game.russian_railroads.tracks import (capacity, colour_unlocked, gray_room, industry_capacity, parts_feasible,
                                           unlock_threshold)

if TYPE_CHECKING:
    from game.russian_railroads.engine import RussianRailroads

OWN_ENGINEER_COST = Cost(any=1)
COAL_SPACE_LABELS = {"coal": "the 1 coal space", "foundry": "the foundry and 1 coal space",
                     "boilerman": "the boilerman space (2 coal)"}


def space_label(st: "RussianRailroads", space_id: str) -> str:
    """A readable name: 'the 3 black advancements space', 'your engineer 7'..."""
    if space_id.startswith(OWN_ENGINEER_PREFIX):
        return f"own engineer {space_id[len(OWN_ENGINEER_PREFIX):]}"
    sp = st.data.space(space_id)
    if sp.area == "engineer" and sp.engineer_slot is not None:
        number = st.strip[sp.engineer_slot]
        if sp.id == "E-HIRE":
            return f"the hiring space (engineer {number})" if number else "the hiring space"
        return f"the public engineer {number}" if number else "the empty public engineer space"
    if sp.area == "turn_order":
        if sp.last_round_only:
            return "the Last Round space (3 industry advancements)"
        return f"turn-order space {sp.position}"
    if sp.area == "coal":
        return COAL_SPACE_LABELS.get(sp.effects[0].kind, sp.id) if sp.effects else sp.id
    return st.data.effects_labels[sp.id]


def sentence(text: str) -> str:
    """Upper-case the first letter only (str.capitalize would lower the rest)."""
    return text[:1].upper() + text[1:]


def space_cost(st: "RussianRailroads", space_id: str) -> Cost:
    """What a space costs; an engineer with a cost of its own (new components) sets it, own or public."""
    if space_id.startswith(OWN_ENGINEER_PREFIX):
        eng = st.data.engineers[int(space_id[len(OWN_ENGINEER_PREFIX):])]
        return eng.cost or OWN_ENGINEER_COST
    sp = st.data.space(space_id)
    if sp.area == "engineer" and sp.id != "E-HIRE" and sp.engineer_slot is not None:
        public = st.data.engineers.get(st.strip[sp.engineer_slot])
        if public is not None and public.cost is not None:
            return public.cost
    return sp.cost


def space_effects(st: "RussianRailroads", space_id: str) -> tuple[Effect, ...]:
    """What using a space gives (public/own engineers: that engineer's action)."""
    if space_id.startswith(OWN_ENGINEER_PREFIX):
        return st.data.engineers[own_engineer_number(space_id) or 0].effects
    sp = st.data.space(space_id)
    if sp.area == "engineer" and sp.id != "E-HIRE":
        number = st.strip[sp.engineer_slot] if sp.engineer_slot is not None else 0
        return st.data.engineers[number].effects if number else ()
    return sp.effects


def board_spaces(st: "RussianRailroads") -> list[ActionSpace]:
    """The spaces printed on this game's board side (mode), in board order."""
    return [sp for sp in st.data.spaces if st.mode in sp.modes]


def occupant(st: "RussianRailroads", space_id: str) -> int | None:
    for pl in st.placements:
        if pl.space == space_id:
            return pl.seat
    return None


def availability_refusal(st: "RussianRailroads", seat: int, space_id: str) -> str | None:
    """Why the space cannot be taken at all this round (ignoring payment and effects)."""
    if space_id.startswith(OWN_ENGINEER_PREFIX):
        number = own_engineer_number(space_id)
        p = st.players[seat]
        if number is None:
            return f"There is no action space called {space_id}."
        if number not in p.engineers:
            return f"You have not hired engineer {number}."
        if number in p.engineers_used:
            return f"You already used your engineer {number} this round."
        holder = occupant(st, space_id)
        if holder is not None:
            return f"Olga put {who(holder, st.names)}'s worker on your engineer {number} this round."
        return None
    if space_id not in st.data.space_by_id:
        return f"There is no action space called {space_id}."
    sp = st.data.space(space_id)
    if st.mode not in sp.modes:
        if st.mode == "solo" and sp.id == "A-2R":
            return "The 2 roubles space is covered by a blockade in the solo game."
        if st.mode == "solo" and sp.area == "turn_order":
            return "The turn order serves no purpose in the solo game."
        return f"{sentence(space_label(st, space_id))} is blocked on this side of the board."
    if sp.cost.coal:
        return (f"{sentence(space_label(st, space_id))} is paid with coal, beside your normal action: "
                "use it with your coal.")
    last = st.is_last_round()
    if sp.not_last_round and last:
        return "The Last Round marker covers the turn-order spaces in the last round."
    if sp.last_round_only and not last:
        return "The Last Round space only opens in the last round."
    if not sp.shared:
        holder = occupant(st, space_id)
        if holder is not None:
            return f"{sentence(space_label(st, space_id))} is already occupied by {who(holder)}."
    if sp.group:
        for pl in st.placements:
            other = st.data.space_by_id.get(pl.space)
            if other is not None and other.group == sp.group:
                return (f"The combined coal space was already used this round by {who(pl.seat)} "
                        f"({space_label(st, pl.space)}).")
    if sp.area == "engineer" and sp.engineer_slot is not None and not st.strip[sp.engineer_slot]:
        return "There is no engineer on this space this round."
    if sp.area == "turn_order" and not sp.last_round_only:
        return _turn_order_refusal(st, seat, sp)
    return None


def _turn_order_refusal(st: "RussianRailroads", seat: int, sp: ActionSpace) -> str | None:
    position = st.order.index(seat) + 1
    if position == sp.position and st.num_players > 2:
        return "You may not use the turn-order space under your current position."
    for other in board_spaces(st):
        if other.area == "turn_order" and other.id != sp.id and occupant(st, other.id) == seat:
            return "You may not occupy both turn-order spaces."
    return None


def effects_refusal(st: "RussianRailroads", seat: int, effects: tuple[Effect, ...]) -> str | None:
    """Why these effects cannot all be performed in full now (None if they can)."""
    data = st.data
    p = st.players[seat]
    track_parts = []
    locked = None   # a colour not owned yet: only fine if a black advancement of the same action unlocks it
    for e in effects:
        if e.kind == "track":
            if locked is None and e.colours != "any" and not any(colour_unlocked(data, p, c) for c in e.colours):
                colour = e.colours[0]
                main = data.railroad(data.main_railroad).name
                locked = (f"You have no {colour} track yet: the {main} black track must reach space "
                          f"{unlock_threshold(data, p, colour)} first.")
            track_parts.append((e.colours, e.count))
        elif e.kind == "industry":
            if industry_capacity(data, p) < e.count:
                return (f"Your industry marker cannot advance {counted(e.count, 'space')}: "
                        "build a factory to fill the next gap first.")
        elif e.kind == "doubler":
            if st.doubler_room(seat) < e.count:
                return (f"There is no room for a doubler above your {data.railroad(data.main_railroad).name} "
                        "(or none is left in the supply).")
        elif e.kind == "roubles" and st.roubles_supply < e.count:
            return "There are not enough roubles left in the supply."
        elif e.kind == "temp_workers" and st.temps_board < e.count:
            return "The temporary workers are not available."
        elif e.kind == "hire" and not st.strip[data.hire_slot]:
            return "There is no engineer left to hire this round."
        elif e.kind == "loco_or_factory" and not st.loco_available() and not st.returned_factories:
            return "There are no locomotives or factories left to build."
        elif e.kind == "loco" and not st.loco_available():
            return "There are no locomotives left to build."
        elif e.kind == "factory":
            needed = 2 if any(x.kind == "loco" for x in effects) else 1
            if st.locos_in_piles() + len(st.returned_factories) < needed:
                return "There are not enough locomotives and factories left to build both."
        elif e.kind == "reuse" and not st.reusable_spaces(seat):
            return "You have used no one-worker action space this round that could be used again."
        elif e.kind == "coal" and st.coal is not None and st.coal.supply < e.count:
            return "There is not enough coal left in the supply."
        elif e.kind == "foundry" and st.coal is not None and not st.coal.display:
            return "No face-up foundry is left to take."
        elif e.kind == "factory_ability" and not p.factories:
            return "You have no factory whose ability you could use."
        elif e.kind == "foreign_engineer" and not usable_foreign_engineers(st, seat):
            return "No opponent has a vacant engineer whose action you could do now."
        elif e.kind == "gray_behind_black" and not gray_room(data, p):
            return "None of your gray tracks has room to move up behind its black track."
    if track_parts:
        if len(track_parts) == 1:
            if locked:
                return locked
            colours, count = track_parts[0]
            have = capacity(data, p, colours)
            if have < count:
                what = "track" if colours == "any" else " or ".join(colours) + " track"
                return (f"Your {what} cannot advance {counted(count, 'space')} "
                        f"(only {have} possible).")
        elif not parts_feasible(data, p, track_parts):
            return locked or "Your tracks cannot make all of these advancements."
    return None


def swap_source(st: "RussianRailroads", seat: int) -> Placement | None:
    """The latest space holding one of `seat`'s own-colour workers (turn-order
    spaces aside): a temporary worker, black worker or rouble put on a
    turn-order space is exchanged with that worker."""
    for pl in reversed(st.placements):
        if pl.seat == seat and pl.workers and not pl.space.startswith("TO-"):
            return pl
    return None


def payments(st: "RussianRailroads", seat: int, cost: Cost) -> list[tuple[int, int, int, int]]:
    """Every way to pay: (own workers, temporary workers, roubles, black worker)."""
    p = st.players[seat]
    if cost.own:
        return _own_payments(st, seat, cost)
    if p.roubles < cost.rouble:
        return []
    free_w = p.workers_free
    free_r = p.roubles - cost.rouble
    black = 1 if p.black_free else 0
    slots = cost.any + cost.worker   # worker slots must not be paid with roubles
    out = []
    for b in range(min(black, slots) + 1):
        for t in range(min(p.temps_free, slots - b) + 1):
            for w in range(min(free_w, slots - b - t) + 1):
                r = slots - b - t - w
                if r <= free_r and r <= cost.any:
                    out.append((w, t, r + cost.rouble, b))
    return out


def _own_payments(st: "RussianRailroads", seat: int, cost: Cost) -> list[tuple[int, int, int, int]]:
    """Turn-order spaces: an own-colour worker, or a substitute exchanged at once."""
    p = st.players[seat]
    out = [(cost.own, 0, 0, 0)] if p.workers_free >= cost.own else []
    if cost.own == 1 and swap_source(st, seat) is not None:
        out += [pay for pay, have in (((0, 1, 0, 0), p.temps_free), ((0, 0, 1, 0), p.roubles),
                                      ((0, 0, 0, 1), p.black_free)) if have]
    return out


def payment_refusal(st: "RussianRailroads", seat: int, cost: Cost, place: Place) -> str | None:
    """Why this payment is wrong for this cost; None if it is fine."""
    p = st.players[seat]
    if min(place.workers, place.temps, place.roubles, place.black) < 0 or place.black > 1:
        return "That payment is not possible."
    if place.workers > p.workers_free:
        return f"You have only {counted(p.workers_free, 'worker')} left."
    if place.temps > p.temps_free:
        return "You do not have that many temporary workers."
    if place.roubles > p.roubles:
        return f"You have only {counted(p.roubles, 'rouble')}."
    if place.black and not p.black_free:
        return "You do not have the black worker available."
    if cost.own and (place.workers, place.temps, place.roubles, place.black) not in _own_payments(st, seat, cost):
        return "The turn-order spaces need a worker of your own colour."
    if place.roubles < cost.rouble:
        return "This space needs a rouble: a worker cannot replace it."
    if cost.worker and place.roubles - cost.rouble > cost.any:
        return "This space needs a worker: a rouble cannot replace it."
    total = place.workers + place.temps + place.roubles + place.black
    if total != cost.total:
        return f"This space needs exactly {counted(cost.total, 'worker')} or roubles, not {total}."
    return None


def affordable_refusal(st: "RussianRailroads", seat: int, cost: Cost) -> str | None:
    """Why the player cannot pay this cost in any way."""
    if payments(st, seat, cost):
        return None
    p = st.players[seat]
    if cost.own:
        return "The turn-order spaces need a worker of your own colour, and you have none left."
    if cost.rouble and p.roubles < cost.rouble:
        return "This space needs a rouble, and you have none."
    if cost.worker and p.workers_free + p.temps_free + (1 if p.black_free else 0) < cost.worker:
        return "This space needs a worker (a rouble cannot replace it), and you have none left."
    return (f"This space needs {cost.total} workers or roubles; you have only "
            f"{p.workers_free + p.temps_free + p.roubles + (1 if p.black_free else 0)}.")


def space_refusal(st: "RussianRailroads", seat: int, space_id: str) -> str | None:
    """The reason sentence why `seat` cannot use `space_id` now, or None."""
    reason = availability_refusal(st, seat, space_id)
    if reason:
        return reason
    reason = affordable_refusal(st, seat, space_cost(st, space_id))
    if reason:
        return reason
    if space_id.startswith(OWN_ENGINEER_PREFIX):
        return None
    sp = st.data.space(space_id)
    effects = space_effects(st, space_id)
    if sp.area == "engineer" and sp.id != "E-HIRE" and not effects:
        return "There is no engineer on this space this round."
    return effects_refusal(st, seat, effects)


def relocation_spaces(st: "RussianRailroads", seat: int) -> list[str]:
    """Free spaces needing exactly one worker (own engineers included) that the
    relocated turn-order worker may go to and perform in full."""
    out = []
    for sp in board_spaces(st):
        if space_cost(st, sp.id) != Cost(any=1) or sp.area == "turn_order":
            continue
        eff = space_effects(st, sp.id)
        if sp.area == "engineer" and not eff:
            continue
        if availability_refusal(st, seat, sp.id) is None and effects_refusal(st, seat, eff) is None:
            out.append(sp.id)
    for number in st.players[seat].engineers:
        space = f"{OWN_ENGINEER_PREFIX}{number}"
        if space_cost(st, space) == Cost(any=1) and availability_refusal(st, seat, space) is None:
            out.append(space)
    return out



def foreign_engineers(st: "RussianRailroads", seat: int) -> list[int]:
    """Olga: the opponents' (and Emil's) hired engineers still vacant this
    round, Olga herself aside."""
    owned = [n for i, p in enumerate(st.players) if i != seat for n in p.engineers if n not in p.engineers_used]
    owned += st.emil.engineers if st.emil is not None else []
    return [n for n in owned if occupant(st, f"{OWN_ENGINEER_PREFIX}{n}") is None
            and not any(e.kind == "foreign_engineer" for e in st.data.engineers[n].effects)]


def usable_foreign_engineers(st: "RussianRailroads", seat: int) -> list[int]:
    """Foreign vacant engineers whose action `seat` could do in full now."""
    return [n for n in foreign_engineers(st, seat) if effects_refusal(st, seat, st.data.engineers[n].effects) is None]
