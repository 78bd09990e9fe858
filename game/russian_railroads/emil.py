"""Emil, the solo opponent (Solo Variant of the online rules).

Each turn Emil draws cards from his deck until one shows a space he can
block: he needs enough workers, the space must be free, and "Emil only blocks
spaces that you can use": the player must be able to perform the space now
(its colour unlocked, room for a doubler, an engineer whose action the player
could do...). He places his workers (roubles
for the 2-tracks and hiring spaces come from the supply) and does nothing
else, except that he takes locomotives (the lowest factory when the piles are
empty) and engineers, which count for the majority. No card he can use, or
no worker left, and he passes. The deck is reshuffled every round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.events import Event
from game.russian_railroads.events import EmilAction, ExtraWorker
from game.russian_railroads.spaces import effects_refusal, occupant, space_effects, space_label
from game.russian_railroads.state import EMIL, Placement

if TYPE_CHECKING:
    from game.russian_railroads.engine import RussianRailroads


def reshuffle(st: "RussianRailroads") -> None:
    emil = st.emil
    assert emil is not None
    emil.draw_pile = list(st.data.emil_cards)
    emil.discards = []
    st.rng.shuffle(emil.draw_pile)


def card_refusal(st: "RussianRailroads", space_id: str) -> str | None:
    """Why Emil cannot block the space on a drawn card (he then draws again)."""
    emil = st.emil
    assert emil is not None
    sp = st.data.space(space_id)
    if sp.cost.any + sp.cost.worker > emil.workers_free:
        return "not enough workers"
    if occupant(st, space_id) is not None:
        return "occupied"
    if sp.group and any(st.data.space(pl.space).group == sp.group for pl in st.placements
                        if pl.space in st.data.space_by_id):
        return "occupied"
    if effects_refusal(st, 0, space_effects(st, space_id)) is not None:
        return "the player could not use it"
    if sp.id == "E-HIRE" and not st.strip[st.data.hire_slot]:
        return "no engineer"
    if sp.area == "engineer" and sp.engineer_slot is not None and not st.strip[sp.engineer_slot]:
        return "no engineer"
    if sp.cost.rouble > st.roubles_supply:
        return "no rouble"
    return None


def emil_turn(st: "RussianRailroads", events: list[Event]) -> None:
    emil = st.emil
    assert emil is not None
    if emil.passed:
        return
    discarded: list[str] = []
    while emil.workers_free > 0 and emil.draw_pile:
        card = emil.draw_pile.pop()
        if card_refusal(st, card) is None:
            took = _block(st, card)
            emil.discards.extend(discarded + [card])
            events.append(EmilAction(card, space_label(st, card), tuple(discarded), took))
            return
        discarded.append(card)
    emil.discards.extend(discarded)
    emil.passed = True
    events.append(EmilAction("", "", tuple(discarded), ""))


def _block(st: "RussianRailroads", space_id: str) -> str:
    """Place Emil's workers; take the locomotives/engineer the space gives him."""
    emil = st.emil
    assert emil is not None
    sp = st.data.space(space_id)
    workers = sp.cost.any + sp.cost.worker   # the coal card: one worker, never a coin, and no coal
    emil.workers_free -= workers
    st.roubles_supply -= sp.cost.rouble
    st.placements.append(Placement(space_id, EMIL, workers=workers, roubles=sp.cost.rouble))
    took = []
    if sp.id == "E-HIRE":
        number = st.strip[st.data.hire_slot]
        st.strip[st.data.hire_slot] = 0
        emil.engineers.append(number)
        took.append(f"engineer {number}")
    for e in sp.effects:
        if e.kind in ("loco_or_factory", "loco", "factory"):
            number = _take_loco(st)
            if number:
                emil.locos.append(number)
                took.append(f"locomotive #{number}")
    return " and ".join(took)


def _take_loco(st: "RussianRailroads") -> int:
    number = st.lowest_pile()
    if number:
        steelworks = st.take_from_pile(number)
        if steelworks and st.board is not None:
            st.board.steelworks_box.append(steelworks)   # ESTIMATED: Emil takes no steelworks; it leaves the game
        return number
    locos = [n for n in st.returned_factories if n in st.data.loco_copies]   # never the coal factory
    if locos:
        number = min(locos)
        st.returned_factories.remove(number)
        return number
    return 0


def check_bonus_workers(st: "RussianRailroads", events: list[Event]) -> None:
    """Emil gains a worker when the player reaches 50 and again at 150 points."""
    emil = st.emil
    assert emil is not None
    score = st.players[0].score
    while emil.bonus_workers_given < len(st.data.emil_bonus_scores) and \
            score >= st.data.emil_bonus_scores[emil.bonus_workers_given]:
        threshold = st.data.emil_bonus_scores[emil.bonus_workers_given]
        emil.bonus_workers_given += 1
        emil.workers += 1
        emil.workers_free += 1
        events.append(ExtraWorker(EMIL, f"the player reached {threshold} points"))
