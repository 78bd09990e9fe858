"""bench runs end to end on a tiny fake game (figures are printed, never checked)."""
from bench.__main__ import game_figures
from bench.report import frames_row, percentile
from tests.ui.helpers import register_fake_game


def test_percentile_picks_from_sorted_values():
    values = [5.0, 1.0, 3.0, 2.0, 4.0]
    assert percentile(values, 50) == 3.0 and percentile(values, 99) == 5.0 and percentile(values, 0) == 1.0


def test_a_figure_is_marked_against_its_target(capsys):
    assert frames_row("fast", [0.002] * 10) and not frames_row("slow", [0.002] * 98 + [0.02, 0.03])
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("✓") and out[1].endswith("✗") and "< 8 / < 16 ms" in out[1]


def test_game_figures_print_every_row(capsys, monkeypatch):
    register_fake_game(monkeypatch)
    game_figures("fake_race", quick=True)
    out = capsys.readouterr().out
    for row in ("late board", "computer decisions, first", "save / load", "idle", "hover over the board",
                "drag pan, fitted view", "continuous zoom in and out", "drag pan at the closest zoom",
                "first frame after a move", "a hint shown", "a log line added (log of 1,000",
                "while a computer player thinks",
                "memory sweep"):
        assert row in out, row
