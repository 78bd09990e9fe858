"""The replay viewer: opened from the results and Load screens, it steps
through a game move by move and by rounds, shows the board and log as they
were, and never plays a move."""
import pygame

from game import registry
from game.core.engine import Seat
from game.core.session import Session
from tests.ui.fake_game import Draw, RaceController, RaceState, Step, bot_factory
from tests.ui.helpers import click, click_element, key, make_app, register_fake_game
from ui.game_scene import GameScene
from ui.games import computer_seats, controller_for, play_bot_moves
from ui.russian_rails.panels import HIDDEN, cash_label, status_line
from ui.scenes.load import LoadScene
from ui.scenes.menu import MenuScene
from ui.scenes.replay import CACHE_EVERY, JUMP_WITHOUT_ROUNDS, ReplayScene, Timeline
from ui.scenes.results import ResultsScene

SEATS = [Seat("Ann", "orange"), Seat("Cy", "sky", "computer")]


def long_race(seed=5):
    """49 moves: both draw a card 19 times, then step until Ann wins."""
    session = Session("fake_race", {}, seed, SEATS, engine=RaceState)
    for _ in range(38):
        session.apply(Draw())
    while not session.state.is_terminal():
        session.apply(Step(2))
        if not session.state.is_terminal():
            session.apply(Step(1))
    return session


def replayed(session, k):
    state = session.engine.new_game(session.options, session.seed, session.seats)
    for action in session.actions[:k]:
        state.apply(action)
    return state.to_dict()


def finished_game(tmp_path):
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    session = long_race()
    scene = GameScene(app, session, RaceController, bot_factory=bot_factory)
    app.push(scene)
    app.step()
    assert isinstance(app.top, ResultsScene)
    return app, session


def test_results_replay_steps_by_move_and_jumps_read_only(tmp_path):
    app, session = finished_game(tmp_path)
    moves = len(session.actions)
    click_element(app, app.top.replay_button)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.move == 0 and replay.banner_text == f"Replay: move 0 of {moves}"
    assert not replay.step_back.is_enabled and not replay.round_back.is_enabled
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert replay.move == 2 and replay.state.to_dict() == replayed(session, 2)
    assert [e.text for e in replay.session.log] == [e.text for e in session.log if e.action_index < 2]
    click_element(app, replay.step_next)
    assert replay.move == 3
    key(app, pygame.K_PAGEDOWN)  # the fake race counts no rounds: ten moves on
    assert replay.move == 3 + JUMP_WITHOUT_ROUNDS
    key(app, pygame.K_END)
    assert replay.move == moves and replay.state.is_terminal()
    for k in (moves - 1, moves - 2):  # stepping back crosses the cached states
        key(app, pygame.K_LEFT)
        assert replay.move == k and replay.state.to_dict() == replayed(session, k)
        assert replay.session.log[-1] is [e for e in session.log if e.action_index < k][-1]
    click_element(app, replay.round_back)
    assert replay.move == moves - 2 - JUMP_WITHOUT_ROUNDS
    assert replay.state.to_dict() == replayed(session, replay.move)
    # read-only: a board click plays nothing, submit refuses, the game keeps its moves
    before = replay.state.to_dict()
    click(app, replay.camera.world_to_screen((20, 20)))
    assert not replay.submit(Step(1))
    assert replay.state.to_dict() == before and len(session.actions) == moves
    for _ in range(30):  # the computer players stay paused
        app.step()
    assert replay.state.to_dict() == before
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ResultsScene)


def test_replay_hides_nothing_and_asks_nobody_to_look_away(tmp_path):
    app = make_app(tmp_path)
    session = long_race()
    hot_seat = Session("fake_race", {}, 5, [Seat("Ann", "orange"), Seat("Bo", "sky")], engine=RaceState)
    for action in session.actions[:10]:
        hot_seat.apply(action)
    replay = ReplayScene(app, hot_seat, RaceController)
    app.push(replay)
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    assert app.top is replay and replay.reveal_all and replay.move == 5


def test_timeline_caches_states_and_finds_round_starts():
    session = long_race()
    timeline = Timeline(session)
    assert sorted(timeline._cache) == list(range(0, len(session.actions) + 1, CACHE_EVERY))
    timeline.rounds = [1, 1, 1, 2, 2, 3, 3, 3] + [3] * (len(timeline.rounds) - 8)
    timeline.has_rounds = True
    assert timeline.next_round_start(0) == 3 and timeline.next_round_start(3) == 5
    assert timeline.round_start(4) == 3 and timeline.round_start(3) == 0 and timeline.round_start(6) == 5
    assert timeline.next_round_start(5) == len(session.actions)


def test_load_screen_replays_the_selected_save_without_writing(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    session = long_race()
    path = app.paths.new_save_path("fake_race", "finale")
    session.save(path)
    load = LoadScene(app)
    app.push(load)
    app.step()
    assert not load.replay_button.is_enabled
    click(app, load.listing.item_list[0]["button_element"].rect.center)
    click_element(app, load.replay_button)
    replay = app.top
    assert isinstance(replay, ReplayScene) and replay.timeline.moves == len(session.actions)
    key(app, pygame.K_END)
    assert replay.state.to_dict() == session.state.to_dict()
    assert sorted(p.name for p in app.paths.saves_dir.iterdir()) == [path.name]
    key(app, pygame.K_ESCAPE)
    assert app.top is load


def test_replay_of_a_real_game_shows_every_players_cash_and_end_bonus(tmp_path):
    app = make_app(tmp_path)
    for game_id, moves in (("russian_rails", 60), ("russian_railroads", 40)):
        session = Session(game_id, {}, 11, computer_seats(registry.engine(game_id), 2, humans=2))
        play_bot_moves(session, moves, 11)
        replay = ReplayScene(app, session, controller_for(game_id), start=moves // 2)
        app.push(replay)
        app.step()
        key(app, pygame.K_RIGHT)
        assert replay.state.to_dict() == replayed(session, moves // 2 + 1)
        if game_id == "russian_rails":
            state = replay.state
            assert not state.cash_public and replay.controller.viewer() is None
            assert all(cash_label(state, replay.controller.viewer(), s) != HIDDEN for s in range(2))
        else:
            assert replay.controller.selection().reveal_all
        app.pop()


def test_russian_railroads_replay_says_whose_move_comes_not_that_a_computer_is_thinking(tmp_path):
    app = make_app(tmp_path)
    session = Session("russian_railroads", {}, 4, computer_seats(registry.engine("russian_railroads"), 3, humans=1))
    play_bot_moves(session, 30, 4)
    replay = ReplayScene(app, session, controller_for("russian_railroads"), start=12)
    app.push(replay)
    app.step()
    seen = []
    for _ in range(16):   # before computers' moves and a human's: never "A computer player is thinking…"
        name = session.seats[replay.state.current_player()].name
        replay.controller.refresh()
        prompt = replay.controller.choices.prompt   # the panel's "What to do"
        assert prompt == f"Replay: {name} moves next. Step with ← and →."
        seen.append(session.seats[replay.state.current_player()].is_computer)
        if set(seen) == {True, False}:
            break
        key(app, pygame.K_RIGHT)
    assert set(seen) == {True, False}


def test_crayon_replay_offers_no_hint_and_says_whose_move_comes(tmp_path):
    app = make_app(tmp_path)
    session = Session("russian_rails", {}, 3, computer_seats(registry.engine("russian_rails"), 3, humans=1))
    play_bot_moves(session, 20, 3)
    replay = ReplayScene(app, session, controller_for("russian_rails"), start=10)
    app.push(replay)
    app.step()
    assert not replay.hint_button.visible  # nothing is played in a replay
    key(app, pygame.K_h)
    app.step()
    assert replay.hint is None and replay._hint_job is None
    name = session.seats[replay.state.current_player()].name
    assert status_line(replay.controller) == f"Replay: {name} moves next. Step with ← and →."
