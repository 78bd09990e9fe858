"""The legend of the goods icon outlines, drawn beside the demand cards."""
from __future__ import annotations

import pygame
import pytest

from tests.ui_russian_rails.helpers import open_game
from ui import theme
from ui.russian_rails.goods_icons import LEGEND, MIN_ICON, draw_legend, legend_width

WORDS = {word for _kind, word in LEGEND}


def test_the_legend_is_one_line_at_its_width_and_flows_in_a_narrow_column():
    pygame.init()
    surface = pygame.Surface((1200, 200))
    one_line = draw_legend(surface, (10, 10), legend_width())
    assert one_line.height == MIN_ICON and one_line.width == legend_width()
    flowed = draw_legend(surface, (10, 10), legend_width() // 2)
    assert flowed.height > MIN_ICON


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_game_screen_explains_every_outline(tmp_path, monkeypatch, size):
    drawn: list[str] = []
    real = theme.draw_text

    def record(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", record)
    app, scene = open_game(tmp_path, size)
    app.step()
    assert WORDS <= set(drawn)
