"""The Coal module: coal, foundries and boilermen.

Coal comes from spaces with the coal wagon (the coal board, the Mining
engineer, the 4-coal token, the coal card and starting bonus). It pays for
the coal-paid boilerman space and for using your foundries, "in addition to a
regular action ... before or after you place a worker ... several on the same
turn", never after passing, while relocating or during scoring. So with the
module a turn in which you placed does not end by itself while a coal action
is still possible: you end it with EndTurn (engine.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.events import Event
from game.russian_railroads.actions import SpendCoal, UseFoundry
from game.russian_railroads.data import Effect
from game.russian_railroads.events import CoalTaken, FoundryUsed, SpaceUsedWithCoal, who
from game.russian_railroads.spaces import occupant, sentence, space_label
from game.russian_railroads.state import CoalHoldings, CoalTable, Placement

if TYPE_CHECKING:
    from game.russian_railroads.engine import RussianRailroads


def set_up(st: "RussianRailroads") -> None:
    """Coal for everyone, the foundries shuffled face down, two face up."""
    rules = st.data.coal
    assert rules is not None
    pile = list(rules.foundries)
    st.rng.shuffle(pile)
    display = [pile.pop() for _ in range(min(rules.face_up, len(pile)))]
    st.coal = CoalTable(rules.supply - rules.start_coal * st.num_players, pile, display)
    for p in st.players:
        p.coal = CoalHoldings(rules.start_coal, loco_boilers={rid: [False] * len(v) for rid, v in p.locos.items()})


def holdings(st: "RussianRailroads", seat: int) -> CoalHoldings:
    held = st.players[seat].coal
    assert held is not None
    return held


def table(st: "RussianRailroads") -> CoalTable:
    assert st.coal is not None
    return st.coal


# Gaining ---------------------------------------------------------------------------------

def take_coal(st: "RussianRailroads", seat: int, count: int, events: list[Event]) -> None:
    """Coal from the general supply into the personal supply (as much as is left)."""
    n = min(count, table(st).supply)
    if n > 0:
        table(st).supply -= n
        holdings(st, seat).coal += n
        events.append(CoalTaken(seat, n))


def boilerman_targets(st: "RussianRailroads", seat: int) -> list[str]:
    """Pieces a boilerman may join: locomotives and factories without one."""
    p = st.players[seat]
    held = holdings(st, seat)
    out = [f"loco:{rid}:{i}" for rid in st.data.railroad_ids
           for i, on in enumerate(held.loco_boilers.get(rid, [])) if not on and i < len(p.locos[rid])]
    out += [f"factory:{i}" for i, on in enumerate(held.factory_boilers) if not on]
    return out


def place_boilerman(st: "RussianRailroads", seat: int, piece: str) -> None:
    held = holdings(st, seat)
    kind, *where = piece.split(":")
    if kind == "loco":
        held.loco_boilers[where[0]][int(where[1])] = True
    else:
        held.factory_boilers[int(where[0])] = True


# Free actions: the coal-paid space and the foundries ------------------------------------------

def free_actions(st: "RussianRailroads", seat: int) -> list[Action]:
    """The coal actions `seat` can take now (its own turn, not passed, nothing pending)."""
    if st.coal is None or st.phase != "actions" or st.tasks or seat != st.active or st.players[seat].passed:
        return []
    out: list[Action] = [SpendCoal(sp.id) for sp in coal_spaces(st) if coal_space_refusal(st, seat, sp.id) is None]
    out += [UseFoundry(f) for f in holdings(st, seat).foundries if foundry_refusal(st, seat, f) is None]
    return out


def coal_spaces(st: "RussianRailroads") -> list:
    return [sp for sp in st.data.spaces if sp.cost.coal and st.mode in sp.modes]


def coal_space_refusal(st: "RussianRailroads", seat: int, space_id: str) -> str | None:
    sp = st.data.space_by_id.get(space_id)
    if sp is None or not sp.cost.coal or st.mode not in sp.modes:
        return f"There is no coal-paid space called {space_id}."
    holder = occupant(st, space_id)
    if holder is not None:
        return f"The boilerman space is already occupied by {who(holder, st.names)} this round."
    if holdings(st, seat).coal < sp.cost.coal:
        return f"{sentence(space_label(st, space_id))} needs {sp.cost.coal} coal."
    if not table(st).pile:
        return "No face-down foundry is left to become a boilerman."
    if not boilerman_targets(st, seat):
        return "Every locomotive and factory of yours already has a boilerman."
    return None


def foundry_refusal(st: "RussianRailroads", seat: int, foundry: str) -> str | None:
    held = holdings(st, seat)
    need = st.data.coal.foundry_coal if st.data.coal else 0
    if foundry not in held.foundries:
        return "That foundry is not one of your open foundries."
    if foundry in held.used:
        return "You already used that foundry this round."
    if held.coal < need:
        return f"Using a foundry needs {need} coal; you have {held.coal}."
    return None


def apply_free(st: "RussianRailroads", action: Action, events: list[Event]) -> None:
    """SpendCoal or UseFoundry, checked; IllegalAction leaves the state untouched."""
    from game.russian_railroads import effects   # effects uses this module: imported here, not at the top

    seat = st.active
    if st.coal is None:
        raise IllegalAction("no_coal", "This game is played without the Coal module.")
    if st.phase != "actions" or st.players[seat].passed:
        raise IllegalAction("not_now", "Coal actions are only for your own turn, before you pass.")
    if isinstance(action, SpendCoal):
        reason = coal_space_refusal(st, seat, action.space)
        if reason:
            raise IllegalAction("coal_space", reason)
        sp = st.data.space(action.space)
        holdings(st, seat).coal -= sp.cost.coal
        st.coal.on_spaces += sp.cost.coal
        st.placements.append(Placement(action.space, seat))
        events.append(SpaceUsedWithCoal(seat, action.space, sp.cost.coal))
        effects.gain(st, seat, sp.effects, events, mandatory=True, source="the boilerman space",
                     depth=effects.deepest(st) + 1)
        return
    assert isinstance(action, UseFoundry)
    reason = foundry_refusal(st, seat, action.foundry)
    if reason:
        raise IllegalAction("foundry", reason)
    rules = st.data.coal
    assert rules is not None
    held = holdings(st, seat)
    held.coal -= rules.foundry_coal
    held.used.append(action.foundry)
    foundry = rules.foundries[action.foundry]
    events.append(FoundryUsed(seat, foundry.id, foundry.name))
    depth = effects.deepest(st) + 1
    source = f"the foundry ({foundry.name})"
    effects.add_task(st, seat, Effect("close_foundry"), False, source, depth, origin=foundry.id)
    effects.gain(st, seat, foundry.effects, events, mandatory=False, source=source, depth=depth + 1)


def end_of_round(st: "RussianRailroads") -> None:
    """After scoring: coal on the coal-paid spaces and on used foundries goes back."""
    if st.coal is None or st.data.coal is None:
        return
    st.coal.supply += st.coal.on_spaces
    st.coal.on_spaces = 0
    for p in st.players:
        assert p.coal is not None
        st.coal.supply += st.data.coal.foundry_coal * len(p.coal.used)
        p.coal.used = []
