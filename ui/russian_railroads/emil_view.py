"""Emil, the solo opponent, in the side column: his workers, his deck, the
engineers and locomotives he took and the space he blocked last."""
from __future__ import annotations

from typing import Any

from game.russian_railroads.data import Data
from game.russian_railroads.spaces import space_label
from game.russian_railroads.state import EMIL
from ui.russian_railroads import geometry as g
from ui.russian_railroads import look
from ui.russian_railroads.pen import LABEL, Pen

EMIL_H = 600.0
LINE = LABEL + 4
GREY = (235, 235, 235)


def draw_emil(pen: Pen, data: Data, frame: g.Frame, state: Any) -> None:
    emil = state.emil
    if emil is None:
        return
    x, y = frame.x, 0.0
    w = g.SIDE_W
    pen.rect((x, y, w, EMIL_H), (60, 60, 64), radius=10)
    pen.rect((x, y, w, EMIL_H), (150, 150, 156), width=3, radius=10)
    pen.rect((x, y, w, 44), look.EMIL_RGB, radius=10)
    pen.text("Emil" + ("  (passed)" if emil.passed else ""), (x + 14, y + 22), 24, (255, 255, 255), True, "midleft")
    pen.text(f"{len(emil.draw_pile)} cards left · {len(emil.discards)} used", (x + 14, y + 64), LABEL, GREY,
             True, "midleft")
    pen.text(f"Workers {emil.workers_free} of {emil.workers}", (x + 14, y + 96), LABEL, GREY, True, "midleft")
    for i in range(emil.workers):
        c = (x + 24 + i * 28, y + 132)
        if i < emil.workers_free:
            pen.pawn(c, 30, look.EMIL_RGB, (240, 240, 240))
        else:
            pen.pawn_outline(c, 30, (150, 150, 150))
    last = [pl for pl in state.placements if pl.seat == EMIL]
    what = space_label(state, last[-1].space) if last else "nothing yet this round"
    engineers = ", ".join(f"#{data.engineer_value(n)}" for n in emil.engineers) or "none"
    locos = ", ".join(f"#{n}" for n in emil.locos) or "none"
    bonus = ", ".join(str(s) for s in data.emil_bonus_scores)
    top = y + 176
    for text, ink in ((f"Last blocked: {what}", (255, 226, 120)),
                      (f"Engineers: {engineers} (count for the majority)", GREY),
                      (f"Locomotives and factories taken: {locos}", GREY),
                      (f"Emil gets a worker when you reach {bonus} points.", (200, 200, 200)),
                      ("He passes when out of cards or workers.", (200, 200, 200))):
        for line in pen.wrap(text, LABEL, w - 28):
            if top + LINE > y + EMIL_H - 8:
                return
            pen.text(line, (x + 14, top), LABEL, ink, anchor="midleft")
            top += LINE
        top += 8
