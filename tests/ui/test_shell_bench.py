"""bench runs end to end on a tiny fake game (figures are printed, not checked)."""
from bench.__main__ import game_figures, percentile
from tests.ui.helpers import register_fake_game


def test_percentile_picks_from_sorted_values():
    values = [5.0, 1.0, 3.0, 2.0, 4.0]
    assert percentile(values, 50) == 3.0 and percentile(values, 99) == 5.0 and percentile(values, 0) == 1.0


def test_game_figures_print_every_row(capsys, monkeypatch):
    register_fake_game(monkeypatch)
    game_figures("fake_race", frames=3, difficulty="random")
    out = capsys.readouterr().out
    for row in ("full simulated game", "computer decision median / max", "frame median / p99 @ 1920x1080",
                "one full-screen blit (floor)", "save / load (replays the log)"):
        assert row in out
    assert "(16 moves)" in out  # 3 step bots: the first reaches square 12 on move 16
    assert "13 moves" in out  # the busy screen is shown after 85 % of the game
