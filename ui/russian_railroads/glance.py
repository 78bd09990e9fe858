"""The other players at a glance: under the column of compact boards (when
no coal board lies there), each opponent's supplies and progress in words at
a readable size, so a player need not open a thumbnail to see who has passed,
how far their black tracks run or how many workers they have left."""
from __future__ import annotations

from typing import Any, Sequence

from game.core.words import counted
from game.russian_railroads.data import Data
from ui.russian_railroads import geometry as g
from ui.russian_railroads import look
from ui.russian_railroads.pen import Pen

TEXT = 20.0       # world units: 12 px at the fitted 1280x720 table
LINE = 26.0
PAD = 12.0
MIN_H = 120.0     # below this the column has no room for the panel


def glance_rect(n_side: int) -> g.WRect | None:
    """The free part of the side column under `n_side` compact boards."""
    top = n_side * g.SIDE_STEP
    h = g.TABLE_H - top
    return (g.SIDE_X, top, g.SIDE_W, h) if h >= MIN_H else None


def _whole(words: str) -> str:
    """Words a line must not break between ("St. Petersburg 2", "7 ? tokens")."""
    return words.replace(" ", "\u00a0")


def lines_for(data: Data, p: Any) -> list[str]:
    """One opponent's state in short sentences."""
    black = [_whole(f"{rr.name} {p.tracks[rr.id][0]}") for rr in data.railroads if rr.id in p.tracks]
    tokens = len([t for t in data.q_tokens if t not in p.tokens_used])
    engineers = len(p.engineers)
    out = [f"Workers {p.workers_free} of {p.workers} · roubles {p.roubles}",
           "Black track: " + (", ".join(black) if black else "none"),
           f"Industry {max(p.industry)} · {counted(engineers, 'engineer')} · "
           + _whole(counted(tokens, "? token"))]
    if p.passed:
        out.append("Passed this round")
    return out


def draw_glance(pen: Pen, data: Data, rect: g.WRect, seats: Sequence[int], players: Sequence[Any],
                names: Sequence[str], colours: Sequence[tuple[int, int, int]]) -> None:
    x, y, w, h = rect
    pen.rect(rect, look.PAPER, radius=10)
    pen.rect(rect, look.PAPER_DARK, width=3, radius=10)
    pen.text("The others at a glance", (x + PAD, y + PAD + TEXT / 2), TEXT, look.INK, True, "midleft")
    cy = y + PAD + LINE + 6
    for seat in seats:
        if cy + LINE > y + h:
            break
        pen.circle((x + PAD + 7, cy + TEXT / 2), 7, colours[seat])
        pen.text(names[seat], (x + PAD + 20, cy + TEXT / 2), TEXT, look.INK, True, "midleft")
        cy += LINE
        for line in lines_for(data, players[seat]):
            for part in pen.wrap(line, TEXT, w - 2 * PAD - 10):
                if cy + LINE > y + h:
                    return
                pen.text(part, (x + PAD + 10, cy + TEXT / 2), TEXT, look.INK, False, "midleft")
                cy += LINE
        cy += 8
