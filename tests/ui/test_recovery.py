"""An error no code expected (a bug of ours) in a frame does not close the window: the report goes
to a file, the game screen closes with its autosave written, the menu says so, and Continue goes on
from the last move. The same again at once is raised."""
import pytest

from game.core.engine import Seat
from game.core.session import Session
from tests.ui.fake_game import RaceController, RaceState, Step, bot_factory
from tests.ui.helpers import make_app, register_fake_game
from ui.game_scene import GameScene
from ui.scenes.launch import load_session
from ui.scenes.menu import MenuScene


def _game(app, tmp_path, with_menu=True, autosave=True):
    if with_menu:
        app.push(MenuScene(app))
    path = str(tmp_path / "saves" / "autosave-fake_race.yaml") if autosave else None
    session = Session("fake_race", {}, 3, [Seat("Ann", "orange"), Seat("Cy", "sky", "computer")],
                      engine=RaceState, autosave_path=path)
    scene = GameScene(app, session, RaceController, bot_factory=bot_factory)
    scene.bots_paused = True  # the moves are the test's
    app.push(scene)
    app.frame(1 / 60)
    return scene


def _break_once(monkeypatch, cls, message):
    real = cls.draw
    calls = []

    def draw(self, surface):
        if not calls:
            calls.append(1)
            raise RuntimeError(message)
        real(self, surface)

    monkeypatch.setattr(cls, "draw", draw)


def test_an_unexpected_error_in_a_game_leads_to_the_menu_with_the_game_saved(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app = make_app(tmp_path)
    scene = _game(app, tmp_path)
    scene.submit(Step(1))
    scene.submit(Step(2))
    _break_once(monkeypatch, GameScene, "a drawing bug")
    app.frame(1 / 60)
    menu = app.top
    assert isinstance(menu, MenuScene) and len(app.scenes) == 1 and app.running
    said = menu.error.text_block.html_text
    assert "did not expect" in said and "Continue goes on from its last move" in said
    assert str(app.paths.crash_report_file) in said
    report = app.paths.crash_report_file.read_text(encoding="utf-8")
    assert "RuntimeError: a drawing bug" in report and "draw" in report
    resumed = load_session(app, menu.autosave)
    assert resumed.actions == scene.session.actions and resumed.state.pos == scene.state.pos
    app.frame(1 / 60)  # the menu goes on
    assert app.top is menu


def test_a_game_opened_from_the_command_line_gets_a_menu_to_come_back_to(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    scene = _game(app, tmp_path, with_menu=False)
    scene.submit(Step(1))
    _break_once(monkeypatch, GameScene, "a drawing bug")
    app.frame(1 / 60)
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1
    assert app.top.autosave is not None and app.top.continue_button.is_enabled


def test_the_same_failing_again_at_once_is_raised_not_apologised_for_in_a_loop(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    app.frame(1 / 60)

    def broken(self, surface):
        raise RuntimeError("the menu cannot draw")

    monkeypatch.setattr(MenuScene, "draw", broken)
    app.frame(1 / 60)  # the first time: reported and told
    assert "the menu cannot draw" in app.paths.crash_report_file.read_text(encoding="utf-8")
    with pytest.raises(RuntimeError, match="the menu cannot draw"):
        app.frame(1 / 60)


def test_a_report_that_cannot_be_written_still_leaves_the_player_a_menu(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    _game(app, tmp_path)
    app.paths.crash_report_file.mkdir(parents=True)  # a folder where the file should be
    _break_once(monkeypatch, GameScene, "a drawing bug")
    app.frame(1 / 60)
    assert isinstance(app.top, MenuScene)
    assert "did not expect" in app.top.error.text_block.html_text
    assert "bug report" not in app.top.error.text_block.html_text


def test_a_game_without_autosave_is_said_to_be_lost_not_safe(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    scene = _game(app, tmp_path, autosave=False)  # the saves folder could not be written
    scene.submit(Step(1))
    _break_once(monkeypatch, GameScene, "a drawing bug")
    app.frame(1 / 60)
    said = app.top.error.text_block.html_text
    assert "had no autosave" in said and "Continue goes on" not in said
