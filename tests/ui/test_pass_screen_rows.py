""""While you were away" on the pass screen: long entries wrap, the newest stay."""
from __future__ import annotations

import pygame

from ui import theme
from ui.scenes.pass_screen import AWAY_INDENT, away_rows

LONG = ("Player 1 drew event 218: Solar Flares. Solar flares over the eastern half! A train caught "
        "outside a city there at the end of its owner's turn loses one turn and one load.")


def test_a_long_entry_wraps_whole_within_the_width():
    pygame.font.init()
    rows = away_rows(["Ann moved 3 mileposts.", LONG], 700, 10)
    assert rows[0] == (0, "Ann moved 3 mileposts.") and len(rows) >= 3
    assert " ".join(text for _x, text in rows[1:]) == LONG
    assert all(theme.font(16).size(text)[0] + x <= 700 for x, text in rows)
    assert {x for x, _text in rows[2:]} == {AWAY_INDENT}


def test_when_room_runs_short_the_oldest_entries_give_way():
    pygame.font.init()
    entries = [f"Move {k}." for k in range(12)]
    rows = away_rows(entries, 700, 5)
    assert [text for _x, text in rows] == [f"Move {k}." for k in range(7, 12)]
