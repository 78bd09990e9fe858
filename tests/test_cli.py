"""The command line: refuses unknown and not-built games with exit code 2,
simulates computer-only games as JSON lines, renders screenshots headless."""
import dataclasses
import json
import os
import subprocess
import sys

import pygame
import pytest

import main
from game import registry
from tests.ui.helpers import register_fake_game


@pytest.mark.parametrize("argv", [
    ["play", "monopoly"],
    ["simulate", "monopoly", "--players", "2"],
    ["screenshot", "monopoly", "--out", "x.png"],
    ["screenshot", "monopoly", "--scene", "menu", "--out", "x.png"],
])
def test_unknown_game_is_refused(argv, capsys):
    assert main.main(argv) == 2
    err = capsys.readouterr().err
    assert "unknown game 'monopoly'" in err and "russian_rails" in err


@pytest.mark.parametrize("argv", [
    ["play", "lunar_rails"],
    ["simulate", "lunar_rails", "--players", "2", "--games", "1"],
    ["screenshot", "lunar_rails", "--out", "x.png", "--moves", "3"],
])
def test_game_not_built_is_refused(argv, capsys, monkeypatch):
    monkeypatch.setitem(registry.GAMES, "lunar_rails",
                        dataclasses.replace(registry.GAMES["lunar_rails"], built=False))
    assert main.main(argv) == 2
    assert "Lunar Rails is coming soon" in capsys.readouterr().err


def test_simulate_prints_one_json_line_per_game(capsys, monkeypatch):
    register_fake_game(monkeypatch)
    assert main.main(["simulate", "fake_race", "--players", "2", "--games", "2", "--seed", "7"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["seed"] for line in lines] == [7, 8]
    for line in lines:
        # the step bot always steps 2: the first player reaches 12 on the 11th action
        assert line["winners"] == [0] and line["scores"] == [12, 10] and line["actions"] == 11
        assert line["finished"] is True and line["seconds"] >= 0
        assert line["parts"][0] == {"Squares": 12, "Cards": 0}


def test_simulate_refuses_a_bad_player_count(capsys, monkeypatch):
    register_fake_game(monkeypatch)
    assert main.main(["simulate", "fake_race", "--players", "9"]) == 2
    assert "Fake Race takes 1 to 4 players, not 9" in capsys.readouterr().err


@pytest.mark.parametrize("scene", ["menu", "setup", "settings", "load", "rules"])
def test_screenshot_of_menu_screens_even_when_game_not_built(scene, tmp_path, monkeypatch):
    monkeypatch.setitem(registry.GAMES, "lunar_rails",
                        dataclasses.replace(registry.GAMES["lunar_rails"], built=False))
    out = tmp_path / f"{scene}.png"
    assert main.main(["screenshot", "lunar_rails", "--scene", scene, "--size", "1280x720",
                      "--frames", "2", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


@pytest.mark.parametrize("scene", ["game", "results", "pass", "replay"])
def test_screenshot_of_a_game_after_bot_moves(scene, tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    out = tmp_path / "game.png"
    assert main.main(["screenshot", "fake_race", "--scene", scene, "--moves", "4", "--players", "2",
                      "--size", "1024x600", "--out", str(out)]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 600)


def test_play_starts_a_game_and_autosaves(capsys, monkeypatch, tmp_path):
    register_fake_game(monkeypatch)
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path))
    assert main.main(["--quit-after-frames", "2", "play", "fake_race", "--players", "2", "--seed", "5"]) == 0
    [save] = (tmp_path / "saves").glob("autosave-fake_race-*.yaml")
    assert "seed: 5" in save.read_text()


def test_play_with_a_damaged_save_explains_and_exits(capsys, monkeypatch, tmp_path):
    register_fake_game(monkeypatch)
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path))
    bad = tmp_path / "bad.yaml"
    bad.write_text("format_version: 99\ngame: fake_race\n")
    assert main.main(["--quit-after-frames", "1", "play", "fake_race", "--load", str(bad)]) == 2
    assert "newer Railtable (format 99)" in capsys.readouterr().err


def _shot(argv, capsys):
    code = main.main(["screenshot", "russian_rails", "--scene", "menu", "--size", "640x480", "--frames", "1"]
                     + argv)
    return code, capsys.readouterr()


@pytest.mark.parametrize("out, words", [
    ("", "--out needs a file name"),
    ("{tmp}", "is a folder; give a file name in it"),
    ("{tmp}/missing/shot.png", "missing is not a folder that exists"),
    ("{tmp}/file.txt/shot.png", "file.txt is not a folder that exists"),
    ("/proc/railtable-shot.png", "cannot be written"),
    ("{tmp}/shot.pdf", "--out must end in .png"),
])
def test_screenshot_refuses_an_output_it_cannot_write(out, words, tmp_path, capsys):
    (tmp_path / "file.txt").write_text("x")
    code, printed = _shot(["--out", out.format(tmp=tmp_path)], capsys)
    assert code == 2 and words in printed.err and "Traceback" not in printed.err
    assert printed.err.count("\n") == 1 and not (tmp_path / "shot.png").exists()


def test_screenshot_into_a_read_only_folder_is_refused(tmp_path, capsys):
    if os.geteuid() == 0:
        pytest.skip("root may write into a read-only folder")
    tmp_path.chmod(0o500)
    try:
        code, printed = _shot(["--out", str(tmp_path / "shot.png")], capsys)
    finally:
        tmp_path.chmod(0o700)
    assert code == 2 and "cannot be written (Permission denied)" in printed.err


@pytest.mark.parametrize("size", ["20000x20000", "7681x4320", "abc", "1920x", "100x100"])
def test_screenshot_size_is_capped(size, tmp_path, capsys):
    code, printed = _shot(["--out", str(tmp_path / "s.png"), "--size", size], capsys)
    assert code == 2
    assert f"--size must be WIDTHxHEIGHT from 320x240 to 7680x4320, not '{size}'" in printed.err


@pytest.mark.parametrize("frames", ["0", "601", "100000000"])
def test_screenshot_frames_are_capped(frames, tmp_path, capsys):
    code, printed = _shot(["--out", str(tmp_path / "s.png"), "--frames", frames], capsys)
    assert code == 2 and f"--frames must be 1 to 600, not {frames}" in printed.err


@pytest.mark.parametrize("kind", ["directory", "binary", "empty device", "endless device"])
def test_play_load_of_something_that_is_not_a_save(kind, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path))
    path = {"directory": str(tmp_path), "empty device": os.devnull, "endless device": "/dev/zero"}.get(kind)
    if path is None:
        path = str(tmp_path / "save.yaml")
        with open(path, "wb") as fh:
            fh.write(bytes(range(256)) * 8)
    assert main.main(["--quit-after-frames", "1", "play", "russian_rails", "--load", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith("railtable: ") and path in err and err.count("\n") == 1


@pytest.mark.parametrize("driver", ["nonexistent", "x11"])
def test_no_display_is_one_sentence_with_the_hint(driver):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SDL_VIDEODRIVER"] = driver
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, os.path.join(root, "main.py")], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("railtable: no display is available")
    assert "SDL_VIDEODRIVER=dummy" in done.stderr and done.stderr.count("\n") == 1


def test_a_results_screenshot_leaves_the_players_records_alone(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    monkeypatch.delenv("RAILTABLE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    out = tmp_path / "results.png"
    assert main.main(["screenshot", "fake_race", "--scene", "results", "--players", "2", "--size", "1024x600",
                      "--out", str(out)]) == 0
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == ["results.png"]
