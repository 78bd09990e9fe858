"""The results table keeps every name and its detail whole when many seats
share a low window (six railroads at 1280x720 read "Computer 4 · com…")."""
from __future__ import annotations

import pytest

from game.core.engine import COMPUTER, Score, Seat
from game.core.session import Session
from tests.ui.fake_game import RaceController, RaceState, Step, bot_factory
from tests.ui.helpers import make_app
from ui import theme
from ui.game_scene import GameScene
from ui.scenes.results import ResultsScene


def _results_text(tmp_path, monkeypatch, size, seats):
    """Every (text, type size, rect) the results scene draws for a finished race."""
    session = Session("fake_race", {}, 3, seats, engine=RaceState)
    while not session.state.is_terminal():
        session.apply(Step(3))
    app = make_app(tmp_path, size)
    app.push(GameScene(app, session, RaceController, bot_factory=bot_factory))
    drawn: list[tuple[str, int, object]] = []
    real = theme.draw_text

    def record(surface, text, pos, size=16, *args, **kwargs):
        rect = real(surface, text, pos, size, *args, **kwargs)
        drawn.append((text, size, rect))
        return rect

    monkeypatch.setattr(theme, "draw_text", record)
    app.push(ResultsScene(app, session, app.top.controller, chart_in_background=False))
    app.step()
    return drawn


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_every_name_and_detail_is_drawn_whole(tmp_path, monkeypatch, size):
    seats = [Seat("Ann", "orange")] + [Seat(f"Computer {i}", "sky", COMPUTER, "normal") for i in range(2, 5)]
    drawn = [text for text, _, _ in _results_text(tmp_path, monkeypatch, size, seats)]
    for seat in seats[1:]:
        assert seat.name in drawn and "computer, normal" in drawn
    assert not any("…" in text for text in drawn)


def test_column_headers_start_with_a_capital(tmp_path, monkeypatch):
    """Russian Rails' score parts are "cash" and "major cities"; the table heads them "Cash", "Major cities"."""
    monkeypatch.setattr(RaceState, "scores", lambda self: [Score(5, {"cash": 5, "major cities": 0})])
    drawn = [text for text, _, _ in _results_text(tmp_path, monkeypatch, (1280, 720), [Seat("Ann", "orange")])]
    assert "Cash" in drawn and "Major cities" in drawn and "cash" not in drawn


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_six_players_names_and_details_keep_apart(tmp_path, monkeypatch, size):
    """With six seats at 1280x720 the table takes the height its rows need
    (the chart keeps the rest): each name and its detail on lines of their
    own, in type of 12 px or more, no line touching another row's."""
    seats = [Seat("Ann", "orange")] + [Seat(f"Computer {i}", "sky", COMPUTER, "normal") for i in range(2, 7)]
    drawn = _results_text(tmp_path, monkeypatch, size, seats)
    table = {s.name for s in seats} | {f"{s.name}  ★" for s in seats} | {"computer, normal", "no hints used"}
    name_x = min(rect.left for text, _, rect in drawn if text == "computer, normal")
    lines = [(size, rect) for text, size, rect in drawn if text in table and rect.left == name_x]
    assert len(lines) == 2 * len(seats)  # a name and a detail for each
    assert all(size >= 12 for size, _ in lines)
    tops = sorted(rect for _, rect in lines)
    for upper, lower in zip(tops, tops[1:]):
        assert upper.bottom <= lower.top
