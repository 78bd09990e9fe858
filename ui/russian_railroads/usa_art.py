"""The USA board of American Railroads on the table: the Transcontinental
lines' doubler spaces, the dashed meeting space with the Golden Spike, the
boulders, the coin spaces' Done markers, the two industry tracks (player
board), the stocks board with its levels, dividend tokens and stock price
markers, and the steelworks beside their locomotive piles (shared).

Art (printed) and pieces (state) are separate functions, like the rest of the
table: art is cached, pieces are drawn over it."""
from __future__ import annotations

import math
from typing import Any

from game.russian_railroads.data import Data
from game.russian_railroads.state import PlayerState
from ui import theme
from ui.russian_railroads import geometry as g
from ui.russian_railroads import look
from ui.russian_railroads.pen import LABEL, TITLE, Pen

STEEL = (110, 120, 132)
BOULDER = (128, 112, 96)
STOCK_FILL = (40, 110, 70)
STOCK_PAPER = (232, 238, 226)


# Printed art -----------------------------------------------------------------------------------

def paint_board_art(pen: Pen, data: Data, f: g.Frame) -> None:
    """The USA parts of a blank player board: doubler spaces above the Transcontinental lines and the
    dashed meeting space."""
    rules = data.usa
    assert rules is not None
    for road in data.railroads:
        if road.id == data.main_railroad:
            continue
        for i in range(1, road.doubler_spaces + 1):
            c = f.pt(*g.side_doubler_center(data, road.id, i))
            pen.circle(c, f.s(9), look.PAPER_DARK)
            _dashed_circle(pen, c, f.s(9))
    r = g.meeting_rect(data)
    pen.dashed_rect(f.rect(r), look.SPECIAL_RING, f.s(2), max(3.0, f.s(r[2]) / 16))
    pen.text(f"meet +{rules.meet_points}", f.pt(r[0] + r[2] / 2, r[1] + 14), f.s(LABEL), look.SPECIAL_RING, True)
    pen.text(f"spike +{rules.spike_points}/end", f.pt(r[0] + r[2] / 2, r[1] + r[3] - 14), f.s(LABEL), look.INK_DIM,
             False, max_width=f.s(r[2] - 6))


def paint_industry_art(pen: Pen, data: Data, f: g.Frame) -> None:
    """Two half-height industry rows: the top track (it passes gaps: its spaces over them) above the bottom
    one (the base game's)."""
    rules = data.usa
    assert rules is not None
    pen.text("Industry", f.pt(g.RAIL_X - 8, g.IND_Y + g.IND_H / 2), f.s(LABEL), look.INK, True, "midright")
    for row, spaces in ((1, rules.top_industry), (0, data.industry)):
        for pos, sp in enumerate(spaces):
            r = g.industry_rect(pos, row)
            if sp.kind == "gap":
                pen.rect(f.rect(r), look.PAPER_DARK, radius=f.s(4))
                pen.rect(f.rect(r), (150, 110, 170), width=f.s(2), radius=f.s(4))
                pen.text(f"F{sp.factory}", f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(LABEL), (120, 80, 140), True)
                continue
            fill = (226, 214, 236) if sp.kind == "over" else look.AREA_FILL["industry"]
            pen.rect(f.rect(r), fill, radius=f.s(4))
            pen.rect(f.rect(r), (150, 110, 170), width=f.s(1.2), radius=f.s(4))
            if sp.kind == "q":
                pen.qtoken(f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(11))
            else:
                pen.text(str(sp.value), f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(LABEL), look.INK, True)
    for b in rules.boulders:   # the white outline of the space a boulder lies on
        if b.industry:
            r = g.boulder_rect(data, b)
            pen.rect(f.rect(r), (255, 255, 255), width=f.s(2.5), radius=f.s(4))


def paint_stocks_board(pen: Pen, data: Data, where: str) -> None:
    """The stocks board: its levels (a white star for each level's dividend token) and the end bonus."""
    rules = data.usa
    assert rules is not None
    x, y, w, h = g.stocks_rect(where)
    pen.rect((x - 6, y - 6, w + 12, h + 12), look.BOARD_EDGE, radius=18)
    pen.rect((x, y, w, h), STOCK_FILL, radius=14)
    points = " / ".join(str(p) for p in rules.end_points)
    pen.text("Stocks", (x + 12, y + 16), TITLE, look.BOARD_INK, True, "midleft")
    pen.text(f"end: {points}", (x + w - 12, y + 16), LABEL, look.BOARD_INK, False, "midright")
    for level in range(rules.levels, -1, -1):
        r = g.stock_level_rect(where, level, rules.levels)
        pen.rect(r, STOCK_PAPER if level else (200, 210, 196), radius=6)
        pen.text(str(level), (r[0] + 16, r[1] + r[3] / 2), LABEL, look.INK, True)
        if level:
            slot = g.dividend_slot_rect(where, level, rules.levels)
            pen.rect(slot, (250, 250, 246), radius=5)
            pen.star((slot[0] + 14, slot[1] + slot[3] / 2), 8, "", (255, 255, 255))
    first = g.dividend_display_rect(where, rules.levels, 0)
    pen.text("Dividend tokens left", (first[0] + 2, first[1] - 10), LABEL, look.BOARD_INK, False, "midleft")


def _dashed_circle(pen: Pen, c: tuple[float, float], r: float) -> None:
    for k in range(8):
        a0, a1 = k * math.pi / 4, k * math.pi / 4 + math.pi / 8
        pen.line((c[0] + r * math.cos(a0), c[1] + r * math.sin(a0)), (c[0] + r * math.cos(a1), c[1] + r * math.sin(a1)),
                 look.INK_DIM, max(1.0, r * 0.15))


# Pieces ------------------------------------------------------------------------------------------

def draw_player_pieces(pen: Pen, data: Data, f: g.Frame, p: PlayerState) -> None:
    """Doublers over the Transcontinental lines, boulders still lying, coin spaces' Done markers and the
    Golden Spike in the meeting space."""
    rules = data.usa
    held = p.board
    assert rules is not None and held is not None
    for rid, count in held.doublers.items():
        for i in range(1, count + 1):
            pen.doubler(f.pt(*g.side_doubler_center(data, rid, i)), f.s(9))
    for b in rules.boulders:
        if b.id in held.boulders:
            continue
        r = g.boulder_rect(data, b)
        boulder(pen, f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(min(r[3], r[2]) * 0.46), b.label)
    for road in data.railroads:
        for sp in road.specials:
            if sp.effect == "coin" and sp.id in p.claimed:
                r = g.space_rect(data, road.id, sp.space)
                c = f.pt(r[0] + r[2] - 12, r[1] + 12)
                pen.circle(c, f.s(9), (40, 40, 44))
                pen.glyph("✓", c, f.s(12), (255, 255, 255))
    r = g.meeting_rect(data)
    if held.golden_spike:
        c = f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2)
        pen.rect((c[0] - f.s(72), c[1] - f.s(14), f.s(144), f.s(28)), (214, 176, 60), radius=f.s(6))
        pen.text("Golden Spike", c, f.s(LABEL), (60, 40, 0), True, max_width=f.s(140))
    if "spike_meet" in p.claimed:
        pen.rect(f.rect(r), (40, 150, 60), width=f.s(3), radius=f.s(6))


def boulder(pen: Pen, c: tuple[float, float], r: float, label: str) -> None:
    """An octagonal boulder token with its number."""
    pts = [(c[0] + r * math.cos(math.pi / 8 + k * math.pi / 4), c[1] + r * math.sin(math.pi / 8 + k * math.pi / 4))
           for k in range(8)]
    pen.polygon(pts, BOULDER)
    pen.polygon(pts, (60, 50, 40), max(1.0, r * 0.1))
    pen.glyph(label, c, r * 0.95, (255, 250, 240))


def draw_stocks_pieces(pen: Pen, data: Data, state: Any, sel: Any, where: str) -> None:
    """Stock price markers left to right on their levels, dividend tokens on their levels and those still
    displayed, and the steelworks still beside the piles."""
    rules = data.usa
    board = state.board
    assert rules is not None and board is not None
    for level, row in enumerate(board.stock_rows):
        token = board.level_tokens[level] if level < len(board.level_tokens) else ""
        if token:
            slot = g.dividend_slot_rect(where, level, rules.levels)
            dividend_chip(pen, slot, rules.dividends[token].name)
        for i, seat in enumerate(row):
            c = g.stock_marker_center(where, level, rules.levels, i)
            colour = sel.colours[seat] if seat < len(sel.colours) else (200, 200, 200)
            pen.circle(c, 13, colour)
            pen.circle(c, 13, look.INK, 2)
            pen.glyph(str(seat + 1), c, 14, theme.text_on(colour))
    for i, token in enumerate(board.dividends):
        dividend_chip(pen, g.dividend_display_rect(where, rules.levels, i), rules.dividends[token].name)
    x, y, w, h = g.stocks_rect(where)
    left = " ".join(f"#{rules.steelworks[n]}" for n in board.steelworks) or "all taken"
    pen.text(f"Steelworks: {left}", (x + 12, y + h - 16), LABEL, look.BOARD_INK, False,
             "midleft", max_width=w - 20)


def dividend_chip(pen: Pen, r: g.WRect, name: str) -> None:
    pen.rect(r, (246, 232, 180), radius=5)
    pen.rect(r, (150, 120, 50), width=1.5, radius=5)
    # plain type: "climb + payout" in bold would not fit its chip at 11 px under the replay bar
    pen.text(name, (r[0] + r[2] / 2, r[1] + r[3] / 2), LABEL, look.INK, False, max_width=r[2] - 6)


def draw_pile_steelworks(pen: Pen, data: Data, state: Any) -> None:
    """A steel-grey tag on each locomotive pile that still has its steelworks beside it."""
    rules = data.usa
    assert rules is not None and state.board is not None  # drawn only on the USA board (see _steelworks_parts)
    for number in state.board.steelworks:
        x, y, w, _h = g.loco_pile_rect(rules.steelworks[number])
        pen.rect((x + 2, y + 2, 18, 14), STEEL, radius=3)
        pen.rect((x + 2, y + 2, 18, 14), (40, 44, 50), width=1.2, radius=3)
