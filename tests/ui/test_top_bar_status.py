"""The status line in the top bar stays whole and clear of the buttons."""
from __future__ import annotations

import pygame

from ui import theme
from ui.game_scene import STATUS_SMALL, draw_status

LONG = ("Move: click a milepost on the track (6 points left), click it again or press Enter to go. "
        "B = build.")


def test_a_short_status_is_one_line():
    pygame.init()
    [rect] = draw_status(pygame.Surface((800, 56)), "Waiting for Bob…", 10, 400)
    assert rect.right <= 410


def test_a_long_status_wraps_into_two_smaller_lines_within_its_width():
    pygame.init()
    rects = draw_status(pygame.Surface((800, 56)), LONG, 10, 400)
    assert len(rects) == 2
    assert all(r.left == 10 and r.right <= 410 and r.height >= STATUS_SMALL for r in rects)
    assert rects[0].bottom <= rects[1].top and rects[1].bottom <= 56
    assert " ".join(theme.wrap_text(LONG, STATUS_SMALL, 400)).endswith("B = build.")


def test_the_status_stops_before_the_leftmost_button(tmp_path, monkeypatch):
    from tests.ui_russian_rails.helpers import open_game

    app, scene = open_game(tmp_path, (1280, 720))
    spots: list[pygame.Rect] = []
    real = theme.draw_text

    def record(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        if text and LONG.startswith(text.rstrip("…")[:20]):
            spots.append(rect)
        return rect

    monkeypatch.setattr(theme, "draw_text", record)
    monkeypatch.setattr(scene, "status_text", lambda: LONG)
    app.step()
    assert spots and all(r.right <= scene.hint_button.relative_rect.left for r in spots)
