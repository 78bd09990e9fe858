"""Russian Railroads from the command line: --option KEY=VALUE chooses the
setup; a refused option or damaged data file is one sentence, exit code 2."""
from __future__ import annotations

import json
import shutil

import pytest

import main
from game.russian_railroads import data as rr_data


def test_simulate_with_an_option_plays_to_the_end(capsys):
    assert main.main(["simulate", "russian_railroads", "--players", "2", "--games", "1", "--seed", "3",
                      "--difficulty", "random", "--option", "board=russia"]) == 0
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert line["finished"] is True and "Trans-Siberian" in line["parts"][0]


@pytest.mark.parametrize("option, words", [
    ("board=atlantis", "--option board must be one of russia"),
    ("speed=fast", "is not KEY=VALUE for an option of Russian Railroads (board"),
    ("board", "is not KEY=VALUE"),
])
def test_a_refused_option_is_one_sentence_and_exit_code_2(capsys, option, words):
    assert main.main(["simulate", "russian_railroads", "--players", "2", "--option", option]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["simulate", "russian_railroads", "--players", "2"],
    ["screenshot", "russian_railroads", "--out", "{tmp}/x.png", "--size", "640x360"],
    ["--quit-after-frames", "1", "play", "russian_railroads", "--players", "2", "--seed", "1"],
])
def test_a_damaged_data_file_is_one_sentence_and_exit_code_2(argv, tmp_path, monkeypatch, capsys):
    copy = tmp_path / "rr"
    shutil.copytree(rr_data.DATA_DIR, copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    monkeypatch.setattr(rr_data, "DATA_DIR", str(copy))
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path))
    board = copy / "boards" / "russia.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("length: 9", "length: nine", 1), encoding="utf-8")
    assert main.main([a.replace("{tmp}", str(tmp_path)) for a in argv]) == 2
    err = capsys.readouterr().err
    assert "russia.yaml, railroads[1].length: must be a whole number" in err and "Traceback" not in err
