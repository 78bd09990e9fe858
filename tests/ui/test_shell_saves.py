"""Saves and autosaves in the app (issue 10 "Saves and autosaves", issue 11
defect 3): any autosave failure is a banner that keeps the last good file,
an unwritable saves folder never stops a game from starting, leftover
temporary files are cleaned, a new game never overwrites another game's
autosave, and a save cut short or edited asks before loading."""
import errno
import os
import time

import pygame
import pytest
import yaml

import main
from game.core import atomic
from game.core.engine import Seat
from game.core.session import Session
from tests.ui.fake_game import RaceController, RaceState, Step, bot_factory
from tests.ui.helpers import click, click_element, key, make_app, register_fake_game
from ui.game_scene import GameScene
from ui.paths import MAX_AUTOSAVES, Paths
from ui.scenes import launch
from ui.scenes.load import LoadScene
from ui.scenes.menu import MenuScene
from ui.scenes.results import ResultsScene

SEATS = [Seat("Ann", "orange"), Seat("Bob", "sky", "computer")]
SOLO = [Seat("Ann", "orange")]


def menu_app(tmp_path):
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    app.step()
    return app


def autosaves(tmp_path):
    return sorted((tmp_path / "saves").glob("autosave-*.yaml"))


def deep_list(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


def test_any_autosave_failure_shows_a_banner_keeps_the_last_good_file_and_retries(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app = menu_app(tmp_path)
    session = launch.start_game(app, "fake_race", {}, 3, SOLO, engine=RaceState)
    scene = app.top
    scene.submit(Step(1))
    scene.flush_autosave()
    [path] = autosaves(tmp_path)
    good = path.read_text()
    session.options["deep"] = deep_list(5000)  # what the issue found: a RecursionError while writing
    scene.submit(Step(2))
    scene.flush_autosave()
    app.step()
    assert scene._banner[0].startswith("Autosave failed:")
    assert path.read_text() == good  # the last good autosave is kept
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # Ctrl+S after the failure does not crash
    click_element(app, scene._save_dialog.save_button)
    assert scene._banner[0].startswith("Could not save the game:")
    del session.options["deep"]
    scene.submit(Step(1))  # the next move retries
    scene.flush_autosave()
    app.step()
    assert [a["squares"] for a in yaml.safe_load(path.read_text())["actions"]] == [1, 2, 1]


def test_an_autosave_write_error_of_any_kind_is_reported_not_fatal(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app = menu_app(tmp_path)
    launch.start_game(app, "fake_race", {}, 3, SOLO, engine=RaceState)
    scene = app.top

    def broken(path, text):
        raise ValueError("the disk said something odd")

    monkeypatch.setattr(launch, "write_text_atomic", broken)
    scene.submit(Step(1))
    scene.flush_autosave()
    app.step()
    assert scene._banner[0] == "Autosave failed: the disk said something odd"
    monkeypatch.undo()
    register_fake_game(monkeypatch)
    scene.submit(Step(1))
    scene.flush_autosave()
    assert len(yaml.safe_load(autosaves(tmp_path)[0].read_text())["actions"]) == 2


def full_disk(path, text):
    raise OSError(errno.ENOSPC, "No space left on device", str(path))


@pytest.mark.parametrize("fault", ["under_a_file", "full_disk"])
def test_new_game_starts_with_autosave_off_when_the_saves_folder_cannot_be_written(tmp_path, monkeypatch, fault):
    register_fake_game(monkeypatch)
    if fault == "under_a_file":
        (tmp_path / "blocker").write_text("a file, not a folder")
        app = make_app(tmp_path / "blocker")
        words = "Not a directory"
    else:
        app = make_app(tmp_path)
        monkeypatch.setattr(atomic.os, "fsync", lambda fd: full_disk("x", ""))
        words = "No space left on device"
    app.push(MenuScene(app))
    app.step()
    launch.start_game(app, "fake_race", {}, 3, SOLO, engine=RaceState)
    scene = app.top
    assert isinstance(scene, GameScene)
    assert scene._banner[0].startswith("Autosave is off: ") and words in scene._banner[0]
    scene.submit(Step(1))  # the game goes on
    app.step()
    assert scene.state.pos == [1]
    monkeypatch.undo()
    register_fake_game(monkeypatch)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # Save offers another folder
    dialog = scene._save_dialog
    assert dialog.folder() == str(app.paths.saves_dir)
    dialog.folder_entry.set_text(str(elsewhere))
    click_element(app, dialog.save_button)
    [saved] = elsewhere.glob("fake_race-*.yaml")
    assert Session.load(saved, engine_for=lambda gid: RaceState).state == scene.state
    assert scene._banner[0] == f"Saved as {saved}"


def test_play_again_and_the_command_line_start_even_when_saves_cannot_be_written(tmp_path, monkeypatch, capsys):
    register_fake_game(monkeypatch)
    (tmp_path / "blocker").write_text("")
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path / "blocker"))
    assert main.main(["--quit-after-frames", "2", "play", "fake_race", "--players", "1", "--seed", "5"]) == 0
    app = make_app(tmp_path / "blocker")
    app.push(MenuScene(app))
    session = Session("fake_race", {}, 3, SOLO, engine=RaceState)
    while not session.state.is_terminal():
        session.apply(Step(3))
    app.push(GameScene(app, session, RaceController, bot_factory=bot_factory))
    results = ResultsScene(app, session, app.top.controller)
    app.push(results)
    app.step()
    click_element(app, results.again_button, frames=1)
    assert isinstance(app.top, GameScene) and app.top.session is not session
    assert app.top._banner[0].startswith("Autosave is off: Not a directory")


def test_leftover_temporary_files_are_removed_on_start(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    old = saves / ".autosave-russian_rails.yaml.k2j3h4.tmp"
    fresh = saves / ".autosave-regional_rails.yaml.a8b7c6.tmp"
    keep = saves / "notes.tmp"
    for p in (old, fresh, keep):
        p.write_text("half a save")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    os.utime(keep, (an_hour_ago, an_hour_ago))
    make_app(tmp_path)
    assert not old.exists()
    assert fresh.exists()  # may be another window writing right now
    assert keep.exists()  # not ours


def test_a_new_game_never_overwrites_the_autosave_of_a_game_in_progress(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app = menu_app(tmp_path)
    launch.start_game(app, "fake_race", {}, 3, SEATS, engine=RaceState)
    first_path = app.top._autosave.path
    app.top.submit(Step(2))
    app.top.flush_autosave()
    app.back_to_menu()
    time.sleep(0.01)
    launch.start_game(app, "fake_race", {}, 4, [Seat("Cy", "orange"), Seat("Di", "sky")], engine=RaceState)
    app.top.flush_autosave()
    assert len(autosaves(tmp_path)) == 2
    kept = Session.load(first_path, engine_for=lambda g: RaceState)
    assert kept.seed == 3 and len(kept.actions) == 1


def test_load_lists_each_game_in_progress_and_continue_resumes_the_newest(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app = menu_app(tmp_path)
    paths = app.paths
    older = Session("fake_race", {}, 3, SEATS, engine=RaceState,
                    autosave_path=str(paths.new_autosave_path("fake_race")))
    older.apply(Step(2))
    newer = Session("fake_race", {}, 4, [Seat("Cy", "orange"), Seat("Di", "sky")], engine=RaceState,
                    autosave_path=str(paths.new_autosave_path("fake_race")))
    newer.apply(Step(1))
    newer.apply(Step(3))
    past = time.time() - 100
    os.utime(older.autosave_path, (past, past))
    load = LoadScene(app)
    app.push(load)
    app.step()
    labels = [item["text"] for item in load.listing.item_list]
    assert len(labels) == 2
    assert labels[0].startswith("Fake Race · Autosave · ") and labels[0].endswith(" · 2 moves · Cy, Di")
    assert labels[1].endswith(" · 1 moves · Ann, Bob")
    key(app, pygame.K_ESCAPE)
    app.top.on_enter()
    key(app, pygame.K_RETURN, frames=0)  # Continue
    game = app.scenes[1]  # under the pass screen: both players are people
    assert isinstance(game, GameScene) and game.session.seed == 4 and game.session.state.pos == [1, 3]
    game.submit(Step(1))
    game.flush_autosave()
    resumed = Session.load(newer.autosave_path, engine_for=lambda g: RaceState)
    assert len(resumed.actions) == 3  # the autosave it came from goes on being written
    assert len(autosaves(tmp_path)) == 2


def test_autosaves_are_bounded_finished_games_first(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    paths = Paths(tmp_path / "config", tmp_path / "saves")
    made = []
    for i in range(MAX_AUTOSAVES + 2):
        s = Session("fake_race", {}, i, SOLO, engine=RaceState, autosave_path=str(paths.new_autosave_path("fake_race")))
        s.apply(Step(1))
        if i == 5:
            while not s.state.is_terminal():
                s.apply(Step(3))
        stamp = time.time() - 1000 + i
        os.utime(s.autosave_path, (stamp, stamp))
        made.append(s.autosave_path)
    paths.prune_autosaves()
    left = {str(p) for p in paths.autosaves()}
    assert len(left) == MAX_AUTOSAVES
    assert made[5] not in left and made[0] not in left  # the finished game's, then the oldest
    assert made[1] in left and made[-1] in left
    assert paths.latest_autosave() == paths.autosaves()[0]


def test_a_save_changed_by_hand_asks_before_loading(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app = menu_app(tmp_path)
    s = Session("fake_race", {}, 5, SEATS, engine=RaceState)
    s.apply(Step(2))
    s.apply(Step(1))
    saves = tmp_path / "saves"
    saves.mkdir(exist_ok=True)
    path = saves / "fake_race-mine.yaml"
    s.save(path)
    path.write_text(path.read_text().replace("squares: 1", "squares: 3"))
    load = LoadScene(app)
    app.push(load)
    app.step()
    click(app, load.listing.item_list[0]["button_element"].rect.center)
    click_element(app, load.load_button)
    assert app.top is load
    assert "its checksum does not match its contents" in load.error.confirmation_text.html_text
    click_element(app, load.error.confirm_button, frames=1)
    game = app.scenes[1]
    assert isinstance(game, GameScene) and game.session.state.pos == [2, 3]


def test_play_refuses_a_save_of_another_game(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path))
    from game import registry
    from ui.games import computer_seats

    engine = registry.engine("russian_rails")
    s = Session("russian_rails", {}, 5, computer_seats(engine, 2, humans=1), engine=engine)
    path = tmp_path / "rr.yaml"
    s.save(path)
    assert main.main(["--quit-after-frames", "1", "play", "regional_rails", "--load", str(path)]) == 2
    assert f"{path} is a save of Russian Rails, not of Regional Rails." in capsys.readouterr().err


def test_play_loads_an_edited_save_only_when_trusted(tmp_path, monkeypatch, capsys):
    register_fake_game(monkeypatch)
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path))
    s = Session("fake_race", {}, 5, SEATS, engine=RaceState)
    s.apply(Step(2))
    path = tmp_path / "mine.yaml"
    s.save(path)
    path.write_text(path.read_text().replace("seed: 5", "seed: 6"))
    argv = ["--quit-after-frames", "1", "play", "fake_race", "--load", str(path)]
    assert main.main(argv) == 2
    assert "(add --trust-edited to load it anyway)" in capsys.readouterr().err
    assert main.main(argv + ["--trust-edited"]) == 0


@pytest.mark.parametrize("target", ["/dev/zero", "folder"])
def test_play_load_of_a_device_or_folder_is_a_sentence(tmp_path, monkeypatch, capsys, target):
    register_fake_game(monkeypatch)
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path))
    if target == "folder" or not os.path.exists(target):
        target = str(tmp_path)
    assert main.main(["--quit-after-frames", "1", "play", "fake_race", "--load", target]) == 2
    assert "is not a save file (it is a folder or a device)" in capsys.readouterr().err


def test_continue_of_an_autosave_changed_by_hand_asks_first(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app = make_app(tmp_path)
    s = Session("fake_race", {}, 5, SEATS, engine=RaceState,
                autosave_path=str(app.paths.new_autosave_path("fake_race")))
    s.apply(Step(2))
    path = app.paths.autosaves()[0]
    path.write_text(path.read_text().replace("squares: 2", "squares: 3"))
    app.push(MenuScene(app))
    app.step()
    menu = app.top
    click_element(app, menu.continue_button)
    assert app.top is menu and "cut short or edited" not in menu.error.confirmation_text.html_text
    assert "its checksum does not match its contents" in menu.error.confirmation_text.html_text
    click_element(app, menu.error.confirm_button, frames=1)
    game = app.scenes[1]
    assert isinstance(game, GameScene) and game.session.state.pos == [3, 0]
