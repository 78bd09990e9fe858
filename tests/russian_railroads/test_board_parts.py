"""The bots' value remembers each board's parts (what the railroads and industry score and
promise): a remembered value must be the one worked out afresh, whatever the board, the
expansions or the round, or the computer players would judge a board by another one's worth."""
from __future__ import annotations

from typing import Callable

import pytest

from game.russian_railroads import evaluate as E
from game.russian_railroads import tracks as T
from game.russian_railroads.bots import RandomBot
from game.russian_railroads.data import Data
from game.russian_railroads.state import PlayerState

from tests.russian_railroads.helpers import new_game

GAMES = [
    (4, {}, 11),
    (1, {}, 12),
    (3, {"board": "germany", "new_components": True}, 13),
    (4, {"board": "usa", "coal": True, "dsp": True}, 14),
    (2, {"coal": True, "dsp": True, "new_components": True}, 15),
]


@pytest.mark.parametrize("players, options, seed", GAMES)
def test_a_remembered_board_is_worth_what_it_is_worth_afresh(players: int, options: dict, seed: int) -> None:
    st = new_game(players, seed, options)
    bots = [RandomBot(seed + i) for i in range(players)]
    E._BOARD_PARTS.clear()
    checked = hits = 0
    while not st.is_terminal():
        later = max(0, E.scorings_left(st) - 1)
        w = E.weights(st)
        for p in st.players:
            boards = E._BOARD_PARTS.get(id(st.data), (st.data, {}))[1]
            hits += (id(w), later, E.board_key(p)) in boards
            assert E._board_parts(st.data, p, later, w) == E.board_parts(st.data, p, later, w)
            checked += 1
        seat = st.current_player()
        assert seat is not None
        st.apply(bots[seat].choose(st))
    assert hits >= checked // 4, "boards come again (or this test would check little)"


def _industry(d: Data, p: PlayerState) -> None:
    p.industry[0] = (p.industry[0] + 1) % len(T.industry_track(d, 0))


def _loco(d: Data, p: PlayerState) -> None:
    rid = next(r for r, locos in p.locos.items() if locos)
    p.locos[rid][0] += 1


def _claimed(d: Data, p: PlayerState) -> None:
    specials = [sp.id for road in d.railroads for sp in road.specials if sp.effect in ("extra_worker", "q_token")]
    p.claimed = [] if p.claimed else specials


def _boiler(d: Data, p: PlayerState) -> None:
    assert p.coal is not None
    rid = next(r for r, locos in p.locos.items() if locos)
    p.coal.loco_boilers[rid] = [not b for b in p.coal.loco_boilers.get(rid, [False])]


def _spike(d: Data, p: PlayerState) -> None:
    assert p.board is not None
    p.board.golden_spike = not p.board.golden_spike


def _usa_doublers(d: Data, p: PlayerState) -> None:
    assert p.board is not None
    p.board.doublers = {rid: n + 2 for rid, n in p.board.doublers.items()} or {d.railroads[1].id: 2}


def _german(d: Data, p: PlayerState) -> None:
    p.german_revaluation = not p.german_revaluation


def _branch(d: Data, p: PlayerState) -> None:
    assert p.board is not None
    p.board.branch = "" if p.board.branch else d.railroads[0].branches[1].id


def _tiles(d: Data, p: PlayerState) -> None:
    assert p.board is not None
    areas = [area.id for road in d.railroads for area in road.areas]
    p.board.extensions = {} if p.board.extensions else dict(zip(areas, d.extensions))


# One change to each thing of a board the remembered parts are keyed by (tracks change in every game).
CHANGES: dict[str, Callable[[Data, PlayerState], None]] = {
    "kiev_medal": lambda d, p: setattr(p, "kiev_medal", not p.kiev_medal),
    "revaluation": lambda d, p: setattr(p, "revaluation", not p.revaluation),
    "doublers": lambda d, p: setattr(p, "doublers", (p.doublers + 3) % 9),
    "tokens": lambda d, p: setattr(p, "tokens_used", [] if p.tokens_used else list(d.q_tokens)),
    "industry": _industry, "locomotive": _loco, "claimed": _claimed,
}
# Each game: its players, options, seed and the changes to its expansion's own things.
BOARD_GAMES = [(3, {}, 21, {}), (3, {"coal": True}, 22, {"boiler": _boiler}),
               (2, {"board": "usa"}, 23, {"spike": _spike, "doublers above": _usa_doublers}),
               (2, {"board": "germany"}, 24, {"branch": _branch, "tiles": _tiles}),
               (2, {"new_components": True}, 25, {"German revaluation": _german})]


@pytest.mark.parametrize("players, options, seed, extra", BOARD_GAMES)
def test_a_board_changed_in_one_thing_is_not_taken_for_the_one_remembered(
        players: int, options: dict, seed: int, extra: dict) -> None:
    changes = CHANGES | extra
    st = new_game(players, seed, options)
    bots = [RandomBot(seed + i) for i in range(players)]
    d = st.data
    mattered = dict.fromkeys(changes, 0)
    while not st.is_terminal():
        later = max(0, E.scorings_left(st) - 1)
        w = E.weights(st)
        for p in st.players:
            E._board_parts(d, p, later, w)
            for name, change in changes.items():
                other = p.clone()
                change(d, other)
                fresh = E.board_parts(d, other, later, w)
                assert E._board_parts(d, other, later, w) == fresh, name
                mattered[name] += fresh != E.board_parts(d, p, later, w)
        seat = st.current_player()
        assert seat is not None
        st.apply(bots[seat].choose(st))
    required = set(extra) if options else set(changes)   # (the base game's things are all there in it)
    assert all(mattered[name] for name in required), f"each change made a difference somewhere: {mattered}"


def test_the_remembered_boards_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(E, "BOARD_PARTS_KEPT", 5)
    E._BOARD_PARTS.clear()
    for seed, options in enumerate(({}, {"coal": True}, {"dsp": True}, {"board": "usa"}, {"board": "germany"})):
        st = new_game(2, seed, options)
        bot = RandomBot(seed)
        while not st.is_terminal():
            st.apply(bot.choose(st))
            for seat in range(2):
                E.evaluate(st, seat)
            assert len(E._BOARD_PARTS[id(st.data)][1]) <= 5
        assert len(E._BOARD_PARTS) <= E.DATA_KEPT


def test_weights_changed_in_place_are_weighed_from_then_on() -> None:
    """bench.rr_tune changes solo's weights in place between candidates, in one process."""
    from bench import rr_tune

    st = new_game(1, 4)
    bot = RandomBot(4)
    while st.round < 3:
        st.apply(bot.choose(st))
    before = rr_tune.current()
    try:
        E.evaluate(st, 0)
        rr_tune.apply({**before, "unlock:natural": before["unlock:natural"] * 3, "room": before["room"] * 2})
        remembered = E.evaluate(st, 0)
        E._BOARD_PARTS.clear()
        assert remembered == E.evaluate(st, 0)
    finally:
        rr_tune.apply(before)
