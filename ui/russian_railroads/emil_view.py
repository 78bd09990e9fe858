"""Emil, the solo opponent, in the side column: his workers, his deck, the
engineers and locomotives he took and the space he blocked last. Where the
USA stocks board and the coal board share the column he is a bar of the
essentials; his tooltip (`emil_tip`) always says everything in words."""
from __future__ import annotations

from typing import Any

from game.russian_railroads.data import Data
from game.russian_railroads.spaces import space_label
from game.russian_railroads.state import EMIL
from ui.russian_railroads import geometry as g
from ui.russian_railroads import look
from ui.russian_railroads.pen import LABEL, Pen

LINE = LABEL + 4
GREY = (235, 235, 235)
BAR_HEAD_H = 32.0   # the bar's name band
BAR_PAWN_STEP = 22.0


def _last_blocked(state: Any) -> str:
    last = [pl for pl in state.placements if pl.seat == EMIL]
    return space_label(state, last[-1].space) if last else "nothing yet this round"


def _engineers(data: Data, emil: Any) -> str:
    return ", ".join(f"#{data.engineer_value(n)}" for n in emil.engineers) or "none"


def _rules(data: Data) -> tuple[str, str]:
    bonus = ", ".join(str(s) for s in data.emil_bonus_scores)
    return (f"Emil gets a worker when you reach {bonus} points.", "He passes when out of cards or workers.")


def _deck(emil: Any) -> str:
    return f"{len(emil.draw_pile)} cards left · {len(emil.discards)} used"


def emil_tip(data: Data, state: Any) -> str:
    """Everything the panel shows, in words (the bar's tooltip)."""
    emil = state.emil
    locos = ", ".join(f"#{n}" for n in emil.locos) or "none"
    passed = " He has passed." if emil.passed else ""
    return (f"Emil: {_deck(emil)}; workers {emil.workers_free} of {emil.workers}.{passed} "
            f"Last blocked: {_last_blocked(state)}. Engineers: {_engineers(data, emil)} (count for the majority). "
            f"Locomotives and factories taken: {locos}. " + " ".join(_rules(data)))


def draw_emil(pen: Pen, data: Data, state: Any, rect: g.WRect, bar: bool) -> None:
    """The whole panel in `rect`, or the bar when the stocks board needs the room (`bar`)."""
    if state.emil is None:
        return
    if bar:
        _draw_bar(pen, data, state, rect)
    else:
        _draw_panel(pen, data, state, rect)


def _frame(pen: Pen, rect: g.WRect, head: float) -> None:
    pen.rect(rect, (60, 60, 64), radius=10)
    pen.rect(rect, (150, 150, 156), width=3, radius=10)
    pen.rect((rect[0], rect[1], rect[2], head), look.EMIL_RGB, radius=10)


def _pawns(pen: Pen, emil: Any, x: float, cy: float, step: float, h: float) -> None:
    for i in range(emil.workers):
        c = (x + i * step, cy)
        if i < emil.workers_free:
            pen.pawn(c, h, look.EMIL_RGB, (240, 240, 240))
        else:
            pen.pawn_outline(c, h, (150, 150, 150))


def _draw_bar(pen: Pen, data: Data, state: Any, rect: g.WRect) -> None:
    """Name, deck, workers and engineers, and the space he blocked last (two lines at most)."""
    emil = state.emil
    x, y, w, _h = rect
    _frame(pen, rect, BAR_HEAD_H)
    mid = y + BAR_HEAD_H / 2
    name = "Emil" + (" (passed)" if emil.passed else "")
    pen.text(name, (x + 12, mid), LABEL + 2, (255, 255, 255), True, "midleft")
    short = f"{len(emil.draw_pile)} left · {len(emil.discards)} used"
    deck = next((d for d in (_deck(emil), short) if pen.fits(f"{name}   {d}", LABEL + 2, w - 24, True)), "")
    pen.text(deck, (x + w - 12, mid), LABEL, (255, 255, 255), False, "midright")
    row = y + BAR_HEAD_H + LINE / 2 + 2
    _pawns(pen, emil, x + 20, row, BAR_PAWN_STEP, 24)
    words_x = x + 20 + emil.workers * BAR_PAWN_STEP
    engineers = f"engineers: {_engineers(data, emil)}"
    if not pen.fits(engineers, LABEL, x + w - 12 - words_x):
        engineers = f"{len(emil.engineers)} engineers"
    pen.text(engineers, (words_x, row), LABEL, GREY, False, "midleft", max_width=x + w - 12 - words_x)
    top = row + LINE
    lines = pen.wrap(f"Last blocked: {_last_blocked(state)}", LABEL, w - 24)
    for i, line in enumerate(lines[:2]):
        more = " …" if i == 1 and len(lines) > 2 else ""  # the tooltip has the whole sentence
        pen.text(line + more, (x + 12, top + i * LINE), LABEL, (255, 226, 120), anchor="midleft", max_width=w - 24)


def _draw_panel(pen: Pen, data: Data, state: Any, rect: g.WRect) -> None:
    emil = state.emil
    x, y, w, h = rect
    _frame(pen, rect, 44)
    pen.text("Emil" + ("  (passed)" if emil.passed else ""), (x + 14, y + 22), 24, (255, 255, 255), True, "midleft")
    pen.text(_deck(emil), (x + 14, y + 64), LABEL, GREY, True, "midleft")
    pen.text(f"Workers {emil.workers_free} of {emil.workers}", (x + 14, y + 96), LABEL, GREY, True, "midleft")
    _pawns(pen, emil, x + 24, y + 132, 28, 30)
    locos = ", ".join(f"#{n}" for n in emil.locos) or "none"
    top = y + 176
    for text, ink in ((f"Last blocked: {_last_blocked(state)}", (255, 226, 120)),
                      (f"Engineers: {_engineers(data, emil)} (count for the majority)", GREY),
                      (f"Locomotives and factories taken: {locos}", GREY),
                      *((rule, (200, 200, 200)) for rule in _rules(data))):
        for line in pen.wrap(text, LABEL, w - 28):
            if top + LINE > y + h - 8:
                return
            pen.text(line, (x + 14, top), LABEL, ink, anchor="midleft")
            top += LINE
        top += 8
