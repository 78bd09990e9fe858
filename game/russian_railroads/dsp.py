"""The DSP mini expansion: Ludmilla's Starting Bonus cards going round, Olga
on a foreign engineer, Dimitrij's gray track, the double-sided ? token with
the public ? tokens (an engineer not chosen at setup, doubled industry steps,
the ? factory, the freight car).

Choices are tasks (see tasks.py); this module lists their step actions and
applies them. Ludmilla's cards go round one player at a time: each pick is a
task of the player choosing, whose advantage comes "at once", before the next
player picks.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.core.actions import Action
from game.core.events import Event
from game.russian_railroads import tracks as T
from game.russian_railroads.actions import (ChooseToken, GrayUp, OWN_ENGINEER_PREFIX, PickBonus, PickEngineer,
                                            PlaceFreightCar)
from game.russian_railroads.data import ANY, Effect
from game.russian_railroads.effects import add_points, add_task, advance_track, deepest, gain
from game.russian_railroads.events import (BonusPicked, EngineerBorrowed, EngineerHired, FreightCarPlaced,
                                           TokenTaken)
from game.russian_railroads.scoring import ACTION_POINTS
from game.russian_railroads.spaces import foreign_engineers, usable_foreign_engineers
from game.russian_railroads.state import DspHoldings, DspTable, Placement, Task

if TYPE_CHECKING:
    from game.russian_railroads.engine import RussianRailroads


def set_up(st: "RussianRailroads") -> None:
    """The public ? tokens beside the board; the engineers left in the box are the spares."""
    rules = st.data.dsp
    assert rules is not None
    st.dsp = DspTable(list(rules.public_tokens), sorted(st.engineer_box))
    for p in st.players:
        p.dsp = DspHoldings()


def table(st: "RussianRailroads") -> DspTable:
    assert st.dsp is not None
    return st.dsp


def _public_tokens(st: "RussianRailroads", seat: int) -> list[str]:
    """Public tokens a player could take now (the freight car needs locomotives reaching 3)."""
    rules = st.data.dsp
    assert rules is not None
    p = st.players[seat]
    return [tok for tok in table(st).public_tokens
            if tok != "pub_freight_car" or T.roads_reaching(st.data, p, rules.freight_reach)]


def token_offered(st: "RussianRailroads", seat: int, token: str) -> bool:
    """The double-sided token is only worth taking while a public token is left for it."""
    return token != "dsp" or st.dsp is None or bool(_public_tokens(st, seat))


def options(st: "RussianRailroads", t: Task) -> list[Action]:
    """The step actions of a DSP task now."""
    rules = st.data.dsp
    assert rules is not None
    p = st.players[t.seat]
    out: list[Action] = []
    if t.kind == "bonus_pick":
        out += [PickBonus(t.id, c) for c in table(st).bonus_cards] + [PickBonus(t.id, "")]
        return out
    if t.kind == "foreign_engineer":
        numbers = usable_foreign_engineers(st, t.seat) if t.mandatory else foreign_engineers(st, t.seat)
        return [PickEngineer(t.id, n) for n in numbers]
    if t.kind == "spare_engineer":
        return [PickEngineer(t.id, n) for n in table(st).spare_engineers]
    if t.kind == "gray_behind_black":
        return [GrayUp(t.id, rid) for rid in T.gray_room(st.data, p)]
    if t.kind == "public_token":
        return [ChooseToken(t.id, tok) for tok in _public_tokens(st, t.seat)]
    if t.kind == "freight_car":
        return [PlaceFreightCar(t.id, rid) for rid in T.roads_reaching(st.data, p, rules.freight_reach)]
    return []


def _pick_bonus(st: "RussianRailroads", t: Task, a: PickBonus, events: list[Event]) -> None:
    """Take a card (its advantage at once) or the points; then the next player in turn order picks."""
    rules = st.data.dsp
    assert rules is not None
    dsp = table(st)
    st.tasks.remove(t)
    if a.bonus:
        dsp.bonus_cards.remove(a.bonus)
        card = rules.bonus_cards[a.bonus]
        events.append(BonusPicked(t.seat, card.name))
    else:
        events.append(BonusPicked(t.seat, f"{rules.points_instead} points"))
        add_points(st, t.seat, ACTION_POINTS, rules.points_instead, events, "")
    if dsp.bonus_queue:
        add_task(st, dsp.bonus_queue.pop(0), Effect("bonus_pick"), True, t.source, t.depth)
    else:
        dsp.bonus_cards = []   # the cards go back to the box until Ludmilla is used again
    if a.bonus:
        gain(st, t.seat, card.effects, events, mandatory=False, source=f"Ludmilla's card ({card.name})",
             depth=deepest(st) + 1)


def _pick_engineer(st: "RussianRailroads", t: Task, a: PickEngineer, events: list[Event]) -> None:
    st.tasks.remove(t)
    d = st.data
    if t.kind == "spare_engineer":
        table(st).spare_engineers.remove(a.number)
        st.engineer_box.remove(a.number)
        st.players[t.seat].engineers.append(a.number)
        events.append(EngineerHired(t.seat, a.number))
        return
    st.placements.append(Placement(f"{OWN_ENGINEER_PREFIX}{a.number}", t.seat))   # Olga's second worker
    eng = d.engineers[a.number]
    events.append(EngineerBorrowed(t.seat, eng.label))
    gain(st, t.seat, eng.effects, events, mandatory=t.mandatory, source=f"Olga on {eng.label}",
         depth=deepest(st) + 1)


def _gray_up(st: "RussianRailroads", t: Task, a: GrayUp, events: list[Event]) -> None:
    """Dimitrij: space by space, so every special space passed is awarded."""
    st.tasks.remove(t)
    pos = st.players[t.seat].tracks[a.railroad]
    while pos[1] < pos[0] - 1:
        advance_track(st, t.seat, a.railroad, "gray", events, t.depth)


def _public_token(st: "RussianRailroads", t: Task, a: ChooseToken, events: list[Event]) -> None:
    rules = st.data.dsp
    assert rules is not None
    st.tasks.remove(t)
    table(st).public_tokens.remove(a.token)
    held = st.players[t.seat].dsp
    assert held is not None
    held.public_token = a.token
    token = rules.public_tokens[a.token]
    events.append(TokenTaken(t.seat, a.token, token.name))
    gain(st, t.seat, token.effects, events, mandatory=False, source=f"the public ? token ({token.name})",
         depth=deepest(st) + 1)


def _freight_car(st: "RussianRailroads", t: Task, a: PlaceFreightCar, events: list[Event]) -> None:
    st.tasks.remove(t)
    held = st.players[t.seat].dsp
    assert held is not None
    held.freight_car = a.railroad
    events.append(FreightCarPlaced(t.seat, st.data.railroad(a.railroad).name))


def queue_freight(st: "RussianRailroads") -> bool:
    """"The freight car is activated each round before the scoring takes place. The player then gets
    two steps with any rails on the track with the freight car." True when someone has steps to make."""
    rules = st.data.dsp
    if rules is None:
        return False
    for seat in st.order:
        held = st.players[seat].dsp
        if held is not None and held.freight_car:
            task = add_task(st, seat, Effect("track", rules.freight_advancements, ANY), False, "the freight car", 0)
            task.origin = held.freight_car
    return bool(st.tasks)


HANDLERS: dict[type[Action], Callable[..., None]] = {
    PickBonus: _pick_bonus, PickEngineer: _pick_engineer, GrayUp: _gray_up, PlaceFreightCar: _freight_car}
PUBLIC_TOKEN = _public_token
