"""A Russian Railroads hint whose move the look-ahead chose says what
the move brings, not only the rating: what the board scores more at each
scoring left, else the first thing gained, else what its track prepares."""
from __future__ import annotations

import dataclasses

from game.core import hints
from game.core.search_bot import Decision, SearchBot
from game.russian_railroads.actions import Advance, Place
from game.russian_railroads.effects import advance_track
from game.russian_railroads.gains import gains
from tests.russian_railroads.helpers import DATA, ready


def walk(st, seat: int, rid: str, colour: str, to: int) -> None:
    """Move the seat's `colour` track on `rid` up to space `to` (the specials on the way taken)."""
    ci = DATA.colour_index(colour)
    while st.players[seat].tracks[rid][ci] < to:
        advance_track(st, seat, rid, colour, [], 0)


def bottom_then(st, rid: str, colour: str) -> tuple[Place, Advance]:
    """The always-open space (1 black or gray advancement) and the advancement it is spent on."""
    place = Place("T-BOTTOM", workers=1)
    probe = st.clone()
    probe.apply(place)
    advance = next(a for a in probe.legal_actions()
                   if isinstance(a, Advance) and (a.railroad, a.colour) == (rid, colour))
    return place, advance


def test_a_track_that_scores_at_once_is_said_with_the_scorings_left():
    st = ready(4)
    seat = st.current_player()
    walk(st, seat, "ts", "black", 3)  # gray unlocked (space 2); the #1 locomotive reaches space 1
    place, gray = bottom_then(st, "ts", "gray")
    assert st.round == 1 and st.rounds == 7
    # space 1 scored black (0) and now gray (1 point), at all 7 scorings
    assert gains(st, seat, place, gray) == "the Trans-Siberian scores 1 point more at each of the 7 scorings left"


def test_an_extra_worker_is_said_when_the_board_scores_no_more():
    st = ready(4)
    seat = st.current_player()
    walk(st, seat, "kiev", "black", 6)
    place, black = bottom_then(st, "kiev", "black")
    assert gains(st, seat, place, black) == "it brings an extra worker for the rest of the game"


def test_a_colour_unlocked_is_said():
    st = ready(4)
    seat = st.current_player()
    place, black = bottom_then(st, "ts", "black")
    assert gains(st, seat, place, black) == "it brings the gray tracks"


def test_a_black_track_that_scores_nothing_yet_makes_room():
    st = ready(4)
    seat = st.current_player()
    place, black = bottom_then(st, "kiev", "black")
    assert gains(st, seat, place, black) == "it makes room on the Kiev for the tracks behind the black"


def test_roubles_are_said_and_a_refused_move_says_nothing():
    st = ready(4)
    seat = st.current_player()
    assert gains(st, seat, Place("A-2R", workers=1)) == "it brings 2 roubles"
    assert gains(st, seat, Place("A-2R", workers=9)) == ""
    assert st.players[seat].roubles == ready(4).players[seat].roubles  # the view is never changed


def test_a_rated_hint_says_what_its_move_brings_before_the_rating(monkeypatch):
    st = ready(4)
    seat = st.current_player()
    place, black = bottom_then(st, "kiev", "black")

    def rated(bot, state):
        return Decision(place, gain=3.0, lead=5.2, then=black, rollouts=12, samples=12, normal=place)

    monkeypatch.setattr(SearchBot, "think", rated)
    hint = hints.find_hint("russian_railroads", st, 9, seconds=0.1)
    assert hint.decision.reason == "it makes room on the Kiev for the tracks behind the black"
    assert hint.text == (f"Place 1 worker on the 1 black or gray advancement space, then advance the black track "
                         f"on the Kiev to space 2: it makes room on the Kiev for the tracks behind the black, "
                         f"projected 5 points above the next best move.")
    level = dataclasses.replace(rated(None, st), lead=0.2)  # the normal player's move, level with another
    monkeypatch.setattr(SearchBot, "think", lambda bot, state: level)
    assert hints.find_hint("russian_railroads", st, 9, seconds=0.1).decision.reason == ""
    chosen = dataclasses.replace(level, normal=Place("A-2R", workers=1))  # chosen over the normal player's move
    monkeypatch.setattr(SearchBot, "think", lambda bot, state: chosen)
    assert hints.find_hint("russian_railroads", st, 9, seconds=0.1).text.endswith(
        "Kiev to space 2: it makes room on the Kiev for the tracks behind the black.")


def test_an_end_bonus_hint_names_the_card_and_what_it_scores(monkeypatch):
    """The player looking through the pile is told which card to keep (the
    log line hides it from the others) and what it scores as things stand."""
    from game.russian_railroads.actions import ChooseEndBonus
    from game.russian_railroads.data import Effect
    from game.russian_railroads.effects import add_task

    st = ready(4)
    seat = st.current_player()
    add_task(st, seat, Effect("end_bonus"), True, "test", 0)
    keep = ChooseEndBonus(st.tasks[-1].id, "locomotives")
    assert keep in st.legal_actions()
    # the seat's one locomotive, the #1 on the Trans-Siberian: "Sum of your locomotive numbers" scores 1
    assert gains(st, seat, keep) == "it brings 1 point at the game's end as your board stands"
    assert gains(st, seat, ChooseEndBonus(st.tasks[-1].id, "engineer")) == \
        "it brings one more engineer in the engineer majority"
    monkeypatch.setattr(SearchBot, "think", lambda bot, state: Decision(
        keep, gain=2.0, lead=2.0, then=None, rollouts=12, samples=12, normal=keep))
    assert hints.find_hint("russian_railroads", st, 9, seconds=0.1).text == (
        'Keep the End Bonus card "Sum of your locomotive numbers": it brings 1 point at the game\'s end as your '
        "board stands, projected 2 points above the next best move.")
