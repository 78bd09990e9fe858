"""What a move brings its player, said in a few words: the "why" of a
Russian Railroads hint whose move the look-ahead chose: rated above the
others, or above the normal player's move.

The rating alone ("projected 22 points above the next best move") tells
a learner how much the hard player likes a move, not what for. This
module plays the move on a copy of the player's view, finishes that
player's turn choice by choice, each by the normal player's judgement of
its result (the advancements, locomotive or factory a placement brings),
and compares the player's board before and after: what it scores more at
each scoring left, else what it gained besides (points at once, an extra
worker, an engineer, a factory, a ? token, a colour unlocked, a longer
locomotive reach, doublers, roubles), else what its track prepares.
"""
from __future__ import annotations

from typing import Iterator

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.words import counted
from game.russian_railroads import bots
from game.russian_railroads import tracks as T
from game.russian_railroads.actions import ChooseEndBonus, ChooseToken
from game.russian_railroads.engine import RussianRailroads
from game.russian_railroads.evaluate import scorings_left
from game.russian_railroads.scoring import board_value, end_bonus_points
from game.russian_railroads.state import PlayerState

FINISH_STEPS = 12  # at most this many of the seat's own follow-up choices are played


def gains(view: RussianRailroads, seat: int, action: Action, then: Action | None = None) -> str:
    """What `action` (then `then`, the seat's next choice in the search's
    line, when the move brought that choice) brings the seat, its turn finished choice by choice as the normal
    player judges a result, in one clause (the hint's banner holds a few
    lines): what the board scores more at each scoring left ("the Kiev
    scores 4 points more at each of the 3 scorings left"), else the first
    thing gained ("it brings an extra worker for the rest of the game"),
    else what its track prepares; "" when nothing shows."""
    after = _played(view, seat, action, then)
    if after is None:
        return ""
    before_p, after_p = view.players[seat], after.players[seat]
    changed = _changed(view, before_p, after_p)
    score = _score_words(view, changed)
    if score:
        return score
    said = [action] if then is None else [action, then]
    first = next(_things(view, after, seat, {name for name, _ in changed}, said), None)
    return f"it brings {first}" if first else _progress(view, before_p, after_p)


def _played(view: RussianRailroads, seat: int, action: Action, then: Action | None) -> RussianRailroads | None:
    """A copy of `view` after the move and the choices it brings the seat
    (`then` among them when it is one: a next placement or a pass is a move
    of its own); None if the move is refused."""
    probe = view.clone()
    try:
        probe.apply(action)
        if then is not None and probe.tasks and probe.current_player() == seat:
            probe.apply(then)
    except IllegalAction:
        return None
    for _ in range(FINISH_STEPS):  # each choice by its own result: a hint may not wait for plans
        if not probe.tasks or probe.current_player() != seat:
            break
        probe.apply(bots._greedy_choice(probe, seat, bots._candidates(probe.legal_actions())))
    return probe


def _changed(view: RussianRailroads, before: PlayerState, after: PlayerState) -> list[tuple[str, int]]:
    """The score parts (railroads, industry) a scoring now gives differently, and by how much."""
    was, now = board_value(view.data, before).parts, board_value(view.data, after).parts
    return [(name, now[name] - was.get(name, 0)) for name in now if now[name] != was.get(name, 0)]


def _score_words(view: RussianRailroads, changed: list[tuple[str, int]]) -> str:
    """"the Kiev scores 4 points more at each of the 3 scorings left", or
    "the board ..." when more than one part changes."""
    total = sum(gain for _, gain in changed)
    if total <= 0:
        return ""
    left = scorings_left(view)
    when = "at the last scoring" if left <= 1 else f"at each of the {left} scorings left"
    whose = _part(changed[0][0]) if len(changed) == 1 else "the board"
    return f"{whose} scores {counted(total, 'point')} more {when}"


def _part(name: str) -> str:
    """A score part as a sentence names it: "the Kiev", "the industry"."""
    return f"the {name[0].lower()}{name[1:]}" if name == "Industry" else f"the {name}"


def _things(view: RussianRailroads, played: RussianRailroads, seat: int, scored: set[str],
            said: list[Action]) -> Iterator[str]:
    """What the seat gained besides a board scoring more, the most telling
    first (a hint says the first: the rest is never worked out): a longer
    locomotive reach only where it does not score already (`scored`), a ?
    token only when the moves said (`said`) do not name it themselves;
    points scored at once unless a round's scoring came between."""
    d = view.data
    before, after = view.players[seat], played.players[seat]
    if after.score > before.score and (played.round, played.phase) == (view.round, view.phase):
        yield f"{counted(after.score - before.score, 'point')} now"
    workers = after.workers + after.black_worker - before.workers - before.black_worker
    if workers > 0:
        yield ("an extra worker for the rest of the game" if workers == 1
               else f"{workers} extra workers for the rest of the game")
    yield from (f"engineer {n} (an action of your own each round)"
                for n in after.engineers if n not in before.engineers)
    yield from (f"factory {n} on the industry track" for n in after.factories[len(before.factories):])
    named = {a.token for a in said if isinstance(a, ChooseToken)}
    yield from (f"the ? token \"{d.q_tokens[t].name}\"" for t in after.tokens_used[len(before.tokens_used):]
                if t not in named)
    unlocked = [c for c in T.unlocked_colours(d, after) if c not in T.unlocked_colours(d, before)]
    yield from (f"the {colour} tracks" for colour in unlocked)
    for road in d.railroads:
        was, now = T.reach(before, road.id), T.reach(after, road.id)
        if now > was and road.name not in scored:
            yield f"locomotive reach {now} on the {road.name} (was {was})"
    doublers = T.doubler_total(after) - T.doubler_total(before)
    if doublers > 0:
        yield counted(doublers, "doubler")
    if len(after.end_bonus) > len(before.end_bonus):
        yield _end_bonus(view, after, said)
    roubles = after.roubles - before.roubles
    if roubles > 0:
        yield counted(roubles, "rouble")
    temps = after.temps_free - before.temps_free
    if temps > 0:
        yield f"{counted(temps, 'temporary worker')} for this round"


def _end_bonus(view: RussianRailroads, after: PlayerState, said: list[Action]) -> str:
    """An End Bonus card gained: what the one the move keeps scores as the
    board stands (the engineer card: a place in the engineer majority), or
    "an End Bonus card" when another choice brought it."""
    kept = next((a.card for a in said if isinstance(a, ChooseEndBonus) and a.card), "")
    if not kept:
        return "an End Bonus card"
    if kept == "engineer":
        return "one more engineer in the engineer majority"
    return f"{counted(end_bonus_points(view.data, after, kept), 'point')} at the game's end as your board stands"


def _progress(view: RussianRailroads, before: PlayerState, after: PlayerState) -> str:
    """What a track advancement that scores nothing yet prepares: room for
    the tracks behind a black one, or track a locomotive will reach."""
    d = view.data
    for road in d.railroads:
        was, now = before.tracks[road.id], after.tracks[road.id]
        if now[0] > was[0]:
            return f"it makes room on the {road.name} for the tracks behind the black"
        if any(n > w for n, w in zip(now[1:], was[1:])):
            return f"it lays track on the {road.name} that scores once the locomotives reach it"
    return ""
