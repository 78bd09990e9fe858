"""The status line in the top bar stays whole and clear of the buttons."""
from __future__ import annotations

import pygame

from ui import theme
from ui.game_scene import STATUS_SMALL, draw_status

LONG = ("Move: click a milepost on the track (6 mileposts left), click it again or press Enter to go. "
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


def test_the_replay_closes_the_gap_of_its_hidden_buttons(tmp_path):
    from tests.ui_russian_rails.helpers import open_game
    from ui.scenes.replay import ReplayScene

    app, scene = open_game(tmp_path, (1280, 720))
    replay = ReplayScene(app, scene.session, type(scene.controller))
    app.push(replay)
    app.step()
    assert not replay.hint_button.visible  # a replay plays nothing, so it offers no hint
    shown = [replay.rules_button, replay.menu_button]
    lefts = [int(b.relative_rect.left) for b in shown]
    assert [b - a for a, b in zip(lefts, lefts[1:])] == [100] and lefts[-1] + 92 + 8 == 1280


def test_the_replay_step_bar_fits_a_narrow_board(tmp_path):
    """Russian Rails at 1280x720 leaves the board ~550 px: "« Round" and
    "‹ Back" fell off its left edge."""
    from tests.ui_russian_rails.helpers import open_game
    from ui.scenes.replay import ReplayScene

    app, scene = open_game(tmp_path, (1280, 720))
    replay = ReplayScene(app, scene.session, type(scene.controller))
    app.push(replay)
    app.step()
    bar = replay._bar_rect()
    buttons = [replay.round_back, replay.step_back, replay.step_next, replay.round_next]
    assert bar.width < 900
    assert all(bar.contains(pygame.Rect(b.relative_rect)) for b in buttons)
    assert replay.text_w >= theme.font(13, True).size("Replay: move 500 of 500 · round 12")[0]
