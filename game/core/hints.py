"""Hints for practice: the move the hard computer player would make now for
the player to move, and one sentence saying what it does and why.

The sentence is made of the game's own log lines (the move, then the seat's
next move in the line the search liked best), turned from a report ("Player
1 built 4 track sections for 7M.") into advice ("Build 4 track sections for
7M"), the game's reason (what the move aims at or brings, when the search
chose it; the normal player's reason for its move, when the search rated
nothing above it) and the search's rating of the move against the next best
one. The lines come from the player's observation, so a hint never shows a
card the player could not see.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass, replace

from game import registry
from game.core.actions import Action
from game.core.engine import GameState
from game.core.errors import IllegalAction
from game.core.search_bot import HARD, HARD_ROLLOUTS, HINT_SECONDS, Budget, Decision, SearchBot

# Verbs of the games' log lines, as the advice starts them (others lose an "s": "places" -> "place").
VERBS = {"built": "build", "moved": "move", "delivered": "deliver", "picked": "pick", "dropped": "drop",
         "upgraded": "upgrade", "discarded": "discard", "paid": "pay", "bought": "buy", "borrowed": "borrow",
         "took": "take", "ended": "end", "chose": "choose", "founded": "found", "placed": "place",
         "passes": "pass", "boarded": "board", "declared": "declare"}
# A second verb of a log line, after "and" ("passes and scores 3 points"): advice says it plainly too.
LATER_VERB = re.compile(r"\band (scores|keeps|takes|gets|gains|pays|draws|returns)\b")


@dataclass(frozen=True)
class Hint:
    """The suggested move for `seat`, what to say about it, and the work behind it."""

    seat: int
    action: Action
    text: str
    decision: Decision


def find_hint(game_id: str, state: GameState, seed: int, seconds: float = HINT_SECONDS,
              cancel: threading.Event | None = None) -> Hint:
    """The hard player's move for the player to move in `state`, explained."""
    seat = state.current_player()
    assert seat is not None, "a finished game has no hint"
    bot = registry.make_bot(game_id, HARD, seed, Budget(seconds, HARD_ROLLOUTS))
    if cancel is not None:
        bot.cancel = cancel
    decision = bot.think(state)
    view = state.observation(seat, seed)
    decision = _with_chosen_why(bot, view, decision)
    return Hint(seat, decision.action, explain(view, decision, registry.score_unit(game_id), _why(bot, view, decision)),
                decision)


def _with_chosen_why(bot: SearchBot, view: GameState, decision: Decision) -> Decision:
    """The decision with the game's reason for its move (hooks with a
    ``chosen_why(view, seat, action, then)``: what the move brings, or the
    normal player's own reason), when the search chose the move -- rated
    it above the others, or above the normal player's move -- without
    saying what for. (The normal player's move rated level with others is
    `_why`'s.)"""
    said = getattr(bot.hooks, "chosen_why", None)
    if said is None or decision.reason or (decision.lead < 0.5 and decision.action == decision.normal):
        return decision
    return replace(decision, reason=str(said(view, view.current_player(), decision.action, decision.then)))


def _why(bot: SearchBot, view: GameState, decision: Decision) -> str:
    """The game's own reason for the normal player's move (hooks with a
    ``why(view, seat, action)``), when the search chose that move without
    a reason or a lead of its own to tell."""
    why = getattr(bot.hooks, "why", None)
    if why is None or decision.reason or decision.lead >= 0.5 or decision.action != decision.normal:
        return ""
    return str(why(view, view.current_player(), decision.action))


def explain(view: GameState, decision: Decision, unit: str, why: str = "") -> str:
    """"Deliver Oil to Lvov for 33M, then build 3 track sections for 5M:
    projected 4 points above the next best move." from the moves' own log
    lines: the decision's reason (what the move aims at, or the hooks' own
    judgement) before the search's rating (its projection of the game's
    end); `why`, the game's reason for the normal player's move, when the
    search rated no move above it. The seat's next
    move is said only when it is a choice: "then roll the dice" tells a
    player nothing."""
    seat = view.current_player()
    after = view.clone()
    first = _advice(after, decision.action)
    text = first
    if decision.then is not None and after.current_player() == seat and len(after.legal_actions()) > 1:
        then = _advice(after, decision.then)
        if then and then != first:
            text += ", then " + then[0].lower() + then[1:]
    if decision.lead >= 0.5:
        amount = int(decision.lead + 0.5)  # half up: a lead of 0.5 is "1", never "0"
        if amount == 1 and unit.endswith("s"):  # " points": "projected 1 point above"
            unit = unit[:-1]
        # "projected": the search's values project the game's end, which a move's own gain this turn may fall
        # far short of (a longer phrase took a Russian Railroads hint past its panel's 8 lines at 1280x720)
        rating = f"projected {amount}{unit} above the next best move"
        return f"{text}: {decision.reason}, {rating}." if decision.reason else f"{text}: {rating}."
    if decision.reason:
        return f"{text}: {decision.reason}."
    if why:
        return f"{text}: {why}."
    if decision.samples:
        return f"{text}: the look-ahead found no clearly better move."
    if len(view.legal_actions()) == 1:
        return f"{text}: it is the only move."
    return f"{text}: the plan the computer players follow here."


def _advice(state: GameState, action: Action) -> str:
    """What `action` does, said as advice (applied to `state`): the game's
    own words for it where it has them (``state.advice``), else its log
    lines, and where it happens when the game says it apart
    (``state.move_place``: a build's ends, which its log line leaves to the
    map)."""
    words = getattr(state, "advice", None)
    said = words(action) if words is not None else None
    where = getattr(state, "move_place", None)
    place = where(action) if where is not None else None
    try:
        events = state.apply(action)
    except IllegalAction:
        return ""
    if said:
        return str(said)
    lines = [e.text() for e in events if e.text()]
    done = imperative(lines[0]) if lines else _spoken(type(action).__name__)
    return f"{done} {place}" if place else done


def imperative(line: str) -> str:
    """A log line about a player turned into advice to that player."""
    words = line.rstrip(".").split()
    for i, word in enumerate(words):
        if word[:1].islower():
            verb = VERBS.get(word) or (word[:-1] if word.endswith("s") and not word.endswith("ss") else word)
            rest = " ".join([verb, *words[i + 1:]])
            rest = re.sub(r"\btheir\b", "your", rest)
            rest = LATER_VERB.sub(lambda m: "and " + m.group(1)[:-1], rest)
            return rest[0].upper() + rest[1:]
    return line.rstrip(".")


def _spoken(name: str) -> str:
    """"BuildTrack" -> "Build track"."""
    words = re.findall(r"[A-Z][a-z]*", name) or [name]
    return " ".join([words[0], *(w.lower() for w in words[1:])])
