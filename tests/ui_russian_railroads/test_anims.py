"""Round scoring plays step by step through the animation queue: a title per
railroad, then every player's points for it together, in rulebook order."""
from __future__ import annotations

from game.russian_railroads import events as E
from ui.animation import AnimationQueue
from ui.russian_railroads import anims
from ui.russian_railroads import geometry as g


def test_round_scoring_is_shown_railroad_by_railroad():
    events = []
    for seat in (0, 1):  # the engine reports player by player
        for part, pts in (("ts", 12), ("stp", 0), ("kiev", 3), ("industry", 5)):
            events.append(E.RoundScored(seat, 2, part, pts + seat, "detail"))
    queue = AnimationQueue()
    frames = {0: g.focus_frame(), 1: g.side_frame(0)}
    anims.animate(events, queue, "2p", frames, lambda s: (200, 100, 50))
    shown = [(tw.text, tw.parallel) for tw in queue._queue]
    assert shown == [
        ("Round 2 scoring: Trans-Siberian", False), ("+12 Trans-Siberian", True), ("+13 Trans-Siberian", True),
        ("Round 2 scoring: St. Petersburg", False), ("+0 St. Petersburg", True), ("+1 St. Petersburg", True),
        ("Round 2 scoring: Kiev", False), ("+3 Kiev", True), ("+4 Kiev", True),
        ("Round 2 scoring: Industry", False), ("+5 Industry", True), ("+6 Industry", True),
    ]
    # the first group plays alone: the next title waits until its players' points have risen
    queue.update(anims.SCORING_STEP * 0.5)
    assert len(queue) == 12
    queue.update(anims.SCORING_STEP * 0.6)
    assert len(queue) == 9 and queue._queue[0].text == "Round 2 scoring: St. Petersburg"


def test_placements_pulse_where_they_happened():
    queue = AnimationQueue()
    anims.animate([E.WorkerPlaced(0, "T-BLK3", 2, 0, 0, 0, "the 3 black space")], queue, "4p",
                  {0: g.focus_frame()}, lambda s: (10, 20, 30))
    assert len(queue) == 1 and queue._queue[0].colour == (10, 20, 30)
