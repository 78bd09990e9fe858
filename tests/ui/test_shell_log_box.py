"""The game log box: names keep their colours, long lines wrap, a new line
is wrapped alone however long the log, and a reader scrolled up keeps their place."""
import pygame
import pytest

from ui import log_box
from ui.log_box import LogBox, parse_runs, wrap_runs


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


def test_names_keep_their_colour_and_weight():
    runs = parse_runs("<font color='#ff8000'><b>Ann</b></font> built 3 track sections &amp; paid 5M.")
    assert runs[0] == ("Ann", (255, 128, 0), True)
    assert runs[1][0] == " built 3 track sections & paid 5M." and not runs[1][2]


def test_long_lines_wrap_at_word_boundaries_within_the_width():
    rows = wrap_runs(parse_runs("word " * 40), 200)
    assert len(rows) > 3
    texts = ["".join(r[0] for r in row) for row in rows]
    assert all(t.strip() and not t.endswith(" ") for t in texts)
    assert " ".join(t.strip() for t in texts) == ("word " * 40).strip()


def test_a_new_line_is_wrapped_alone_however_long_the_log(monkeypatch):
    box = LogBox(pygame.Rect(0, 0, 300, 200))
    lines = [f"Line {i} of the game." for i in range(1500)]
    box.sync(lines)
    assert box.visible_text()[-1] == "Line 1499 of the game."
    wrapped = []
    monkeypatch.setattr(log_box, "wrap_runs", lambda runs, width: wrapped.append(runs) or [tuple(runs)])
    lines.append("Round 9 ends.")
    box.sync(lines)
    assert len(wrapped) == 1 and box.visible_text()[-1] == "Round 9 ends."


def test_scrolled_up_reader_keeps_their_place_and_undo_rewrites_the_tail():
    box = LogBox(pygame.Rect(0, 0, 300, 120))
    lines = [f"Line {i}." for i in range(50)]
    box.sync(lines)
    box.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2), (10, 10))
    shown = box.visible_text()
    assert "Line 49." not in shown
    lines.append("Line 50.")
    box.sync(lines)
    assert box.visible_text() == shown
    box.scroll_by(-1000)  # back to the newest line
    del lines[-3:]
    lines.append("Undone and replayed.")
    box.sync(lines)
    assert box.visible_text()[-2:] == ["Line 47.", "Undone and replayed."]


def test_every_line_stays_reachable_by_scrolling():
    box = LogBox(pygame.Rect(0, 0, 300, 120))
    box.sync([f"Line {i}." for i in range(1200)])
    box.scroll_by(10_000)
    assert box.visible_text()[0] == "Line 0."


def test_the_kept_rows_give_the_pixels_of_the_box_drawn_anew():
    """The box keeps its rows' picture and, when a line comes, shifts it and
    draws only the new rows: after lines added one at a time, long lines,
    a scroll up and back, and an undo, it shows exactly what a new box drawn
    from the same lines shows."""
    rect = pygame.Rect(10, 20, 300, 170)
    box = LogBox(rect)
    lines = []

    def same() -> bool:
        fresh = LogBox(rect)
        fresh.sync(lines)
        fresh.scroll_by(box.key()[1])
        a, b = pygame.Surface((400, 240)), pygame.Surface((400, 240))
        for surf, which in ((a, box), (b, fresh)):
            surf.fill((60, 50, 40))
            which.draw(surf)
        return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")

    for i in range(25):
        lines.append(f"<font color='#ff8000'><b>Ann</b></font> moved {i} milepost(s)." + " and on" * (i % 4) * 5)
        box.sync(lines)
        assert same(), i
    box.scroll_by(4)
    assert same()
    box.scroll_by(-2)
    assert same()
    box.scroll_by(-10)
    del lines[-3:]
    lines.append("Undone.")
    box.sync(lines)
    assert same()
    assert box.visible_text()[-1] == "Undone."
