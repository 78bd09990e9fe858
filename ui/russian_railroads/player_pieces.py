"""The pieces on one player board: tracks (real and virtual), locomotives and
their reach, doublers, factories, industry markers, engineers, ? tokens and
the personal supply. Drawn every frame over the cached blank board."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from game.russian_railroads.data import Data
from game.russian_railroads.scoring import space_colour
from game.russian_railroads.state import PlayerState
from game.russian_railroads.tracks import reach, road_length, road_specials
from ui import theme
from ui.russian_railroads import board_art, usa_art
from ui.russian_railroads import geometry as g
from ui.russian_railroads import look
from ui.russian_railroads.parts import Part, draw_parts, part
from ui.russian_railroads.pen import LABEL, Pen

QTOKEN_R = 19.0
VALUE_X = 432  # the board value's words start right of the score (which ends at 420)
TOKEN_GLYPHS = {"tracks4": "4T", "industry5": "5I", "marker2": "M2", "doublers3": "3D", "revaluation": "Rv",
                "kiev_medal": "Md", "card": "C", "coal4": "4K", "coins4": "4₽", "dsp": "P", "golden_spike": "GS"}
TOKEN_FILLS = {"tracks4": (60, 110, 150), "industry5": (120, 70, 150), "marker2": (150, 90, 170),
               "doublers3": (180, 60, 50), "revaluation": (200, 140, 40), "kiev_medal": (180, 150, 40),
               "card": (60, 120, 70), "coal4": (50, 46, 46), "coins4": (170, 130, 30), "dsp": (40, 90, 120),
               "golden_spike": (190, 150, 40)}
FACTORY_WORDS = {1: "engineer sum", 2: "loco/factory", 3: "re-use", 4: "2 doublers", 5: "1 industry",
                 6: "1 rouble", 7: "2 tracks", 8: "best 2 locos", 9: "End Bonus", 10: "coal: 2+2/coal black"}


@dataclass(frozen=True)
class BoardInfo:
    """What the board needs beyond the PlayerState: who and how it scores."""

    seat: int
    name: str
    colour: tuple[int, int, int]
    score: int
    value: int
    is_turn: bool
    focused: bool
    borrowed: tuple[tuple[int, tuple[int, int, int]], ...] = ()  # own engineers another player (Olga) uses
    # this round: (number, that player's colour)
    show_end_bonus: bool = False


def virtual_rgb(colour: str) -> tuple[int, int, int]:
    """An empty space behind a track scores as that colour: a paler fill."""
    c = look.TRACK_RGB[colour]
    r, g, b = (int(v * 0.55 + 244 * 0.45) for v in c)
    return (r, g, b)


# The board's regions (board-local): a move repaints only those whose pieces changed (see parts.py).
DOUBLERS = (0.0, g.DOUBLER_Y, g.RIGHT_X, g.DOUBLER_H)         # then a row per railroad (`_row`)
LOWER = (0.0, g.IND_Y, g.RIGHT_X, g.PB_H - g.IND_Y)           # industry, engineers, income markers
EDGE = 14.0  # the outline's strips: its width and corner radius fit inside
RIGHT_FIELDS = ("workers", "workers_free", "temps_free", "black_worker", "black_free", "roubles", "tokens_used",
                "end_bonus", "start_bonus")
LOWER_ONLY = ("factories", "industry", "engineers", "engineers_used")
LOWER_FIELDS = LOWER_ONLY + ("claimed", "board")
ROAD_OWN = ("tracks", "locos", "doublers")  # a railroad's row reads only its own tracks and locomotives
HEADER_FIELDS = ("passed", "turn_card", "revaluation", "score_parts")


def draw_player(pen: Pen, data: Data, f: g.Frame, p: PlayerState, info: BoardInfo) -> None:
    draw_parts(pen, player_parts(data, f, p, info))


def player_parts(data: Data, f: g.Frame, p: PlayerState, info: BoardInfo) -> list[Part]:
    """The board's pieces by region, in drawing order, each keyed on what it
    shows (a railroad row also on every field the other regions alone do
    not read, so a field no key names still repaints it)."""
    d = p.to_dict()

    def pick(names: tuple[str, ...]) -> str:
        return repr([d.get(n) for n in names])

    rest = repr({k: v for k, v in d.items() if k not in RIGHT_FIELDS + HEADER_FIELDS + LOWER_ONLY + ROAD_OWN})
    header = (0.0, 0.0, g.PB_W, g.HEADER_H)
    head_rects = [f.rect(header)] + ([] if info.focused else [(f.x, f.y - g.SIDE_LABEL_H, g.PB_W * f.scale,
                                                               g.SIDE_LABEL_H)])
    parts = [
        part(("header", pick(HEADER_FIELDS), info), partial(_header, data=data, f=f, p=p, info=info), *head_rects),
        part(("doublers", p.doublers), partial(_doublers, data=data, f=f, p=p), f.rect(DOUBLERS)),
        *(part(("rail", road.id, repr(p.tracks.get(road.id)), repr(p.locos.get(road.id)), rest),
               partial(_railroad, data=data, f=f, p=p, rid=road.id), f.rect(_row(data, road.id)))
          for road in data.railroads),
        part(("lower", pick(LOWER_FIELDS), info.colour, info.borrowed),
             partial(_lower, data=data, f=f, p=p, info=info), f.rect(LOWER)),
        part(("right", pick(RIGHT_FIELDS), info.colour, info.show_end_bonus),
             partial(_supplies, data=data, f=f, p=p, info=info), f.rect(g.right_rect())),
    ]
    whole = f.rect((0.0, g.HEADER_H, g.PB_W, g.PB_H - g.HEADER_H))
    if p.coal is not None:
        parts.append(part(("coal", pick(("coal",))), partial(_coal, data=data, f=f, p=p), whole))
    if p.board is not None:
        parts.append(part(("income", repr(d.get("board"))), partial(_income, data=data, f=f, p=p), f.rect(LOWER)))
    if data.usa is not None:
        parts.append(part(("usa", pick(("board", "claimed"))), partial(usa_art.draw_player_pieces, data=data, f=f,
                                                                        p=p), whole))
    w, h = g.PB_W, g.PB_H
    outline = partial(_outline, f=f, colour=info.colour, is_turn=info.is_turn)
    for strip in ((0.0, 0.0, w, EDGE), (0.0, h - EDGE, w, EDGE), (0.0, 0.0, EDGE, h), (w - EDGE, 0.0, EDGE, h)):
        parts.append(part(("outline", info.colour, info.is_turn), outline, f.rect(strip)))
    return parts


def _row(data: Data, rid: str) -> g.WRect:
    """A railroad's row with its locomotives, reach dots and medal (and a station name above an extension)."""
    return (0.0, g.rail_y(data, rid) - 10.0, g.RIGHT_X, g.RAIL_STEP + 10.0)


def _lower(pen: Pen, data: Data, f: g.Frame, p: PlayerState, info: BoardInfo) -> None:
    _industry(pen, data, f, p, info)
    _engineers(pen, data, f, p, info)


def _outline(pen: Pen, f: g.Frame, colour: tuple[int, int, int], is_turn: bool) -> None:
    """The board's edge in the player's colour, bolder on their turn."""
    pen.rect(f.rect((0, 0, g.PB_W, g.PB_H)), colour, width=f.s(5 if is_turn else 3), radius=f.s(12))


def draw_name_bar(pen: Pen, bar: g.WRect, p: PlayerState, info: BoardInfo) -> None:
    """A player's name and score (+ board value) on a bar in their colour: above a compact board, or
    alone in the side column when the stocks and coal boards need its room (a click opens the board)."""
    ink = theme.text_on(info.colour)
    name = ("▶ " if info.is_turn else "") + info.name + ("  (passed)" if p.passed else "")
    pen.rect(bar, info.colour, radius=6)
    if info.is_turn:
        pen.rect(bar, look.USABLE, width=3, radius=6)
    score = f"{info.score} (+{info.value})"
    pen.text(score, (bar[0] + bar[2] - 8, bar[1] + bar[3] / 2), LABEL + 1, ink, True, "midright")
    room = bar[2] - 28 - (LABEL + 1) * 0.62 * len(score)
    if p.passed and not pen.fits(name, LABEL + 1, room, True):
        name = name.replace("  (passed)", " ✓")  # the glance panel under the column says "Passed this round"
    pen.text(name, (bar[0] + 8, bar[1] + bar[3] / 2), LABEL + 1, ink, True, "midleft", max_width=room)


def _header(pen: Pen, data: Data, f: g.Frame, p: PlayerState, info: BoardInfo) -> None:
    pen.rect(f.rect((0, 0, g.PB_W, g.HEADER_H)), info.colour, radius=f.s(12))
    pen.rect(f.rect((0, g.HEADER_H - 12, g.PB_W, 12)), info.colour)
    ink = theme.text_on(info.colour)
    cy = g.HEADER_H / 2
    name = ("▶ " if info.is_turn else "") + info.name + ("  (passed)" if p.passed else "")
    if not info.focused:  # compact boards carry a readable name bar above them
        draw_name_bar(pen, (f.x, f.y - g.SIDE_LABEL_H, g.PB_W * f.scale, g.SIDE_LABEL_H - 2), p, info)
        return
    pen.text(name, f.pt(14, cy), f.s(22), ink, True, "midleft", max_width=f.s(300))
    pen.text(f"{info.score} pts", f.pt(420, cy), f.s(22), ink, True, "midright")
    values = data.track_values["revaluation" if p.revaluation else "base"]
    x = g.RIGHT_X - 10
    for colour in reversed(data.colours):
        pen.text(str(values[colour]), f.pt(x, cy), f.s(LABEL), ink, True, "midright")
        pen.track_tile(f.pt(x - 30, cy), f.s(20), look.TRACK_RGB[colour])
        x -= 54
    per = "Revalued:" if p.revaluation else "Per space:"
    value = f"board value +{info.value}"
    # measured in bold though the value is drawn plain: the check errs on the side of room to spare
    if not pen.fits(f"{value}   {per}", f.s(LABEL), f.s(x + 12 - VALUE_X), True):
        value = f"value +{info.value}"  # a two- or three-digit value leaves no room for the word "board"
    pen.text(value, f.pt(VALUE_X, cy), f.s(LABEL), ink, False, "midleft")
    pen.text(per, f.pt(x + 12, cy), f.s(LABEL), ink, True, "midright")
    if p.turn_card:
        pen.badge(f.pt(g.PB_W - 104, cy), f"{look.ordinal(p.turn_card)} · pass +{data.pass_points[p.turn_card]}",
                  f.s(LABEL), (40, 34, 28))


def _railroad(pen: Pen, data: Data, f: g.Frame, p: PlayerState, rid: str) -> None:
    road = data.railroad(rid)
    r_reach = reach(p, rid)
    pos = p.tracks[rid]
    real = {pos[ci]: colour for ci, colour in enumerate(data.colours) if pos[ci] > 0}
    _extensions(pen, data, f, p, rid)
    length = road_length(data, p, road)
    for i in range(1, length + 1):
        sr = g.space_rect(data, rid, i)
        inner = g.track_inner(sr)
        colour = space_colour(data, p, rid, i)
        if i in real:
            pen.track_tile(f.pt(inner[0] + inner[2] / 2, inner[1] + inner[3] / 2), f.s(inner[2]),
                           look.TRACK_RGB[real[i]])
        elif colour:
            pen.rect(f.rect(inner), virtual_rgb(colour), radius=f.s(3))
        if i > r_reach:
            pen.veil(f.rect(sr), (60, 50, 40, 70))
        else:
            pen.circle(f.pt(sr[0] + sr[2] / 2, sr[1] + sr[3] + 3), f.s(3.2), look.REACH)
    _branch_veil(pen, data, f, p, rid)
    if 0 < r_reach:
        last = g.space_rect(data, rid, min(r_reach, length))
        first = g.space_rect(data, rid, 1)
        pen.line(f.pt(first[0] + 4, first[1] + first[3] + 3), f.pt(last[0] + last[2] - 4, last[1] + last[3] + 3),
                 look.REACH, f.s(1.5))
    for s, number in enumerate(p.locos[rid]):
        lr = g.loco_slot_rect(data, rid, s)
        pen.loco(f.rect(lr), number)
    _claimed_marks(pen, data, f, p, rid)


def _extensions(pen: Pen, data: Data, f: g.Frame, p: PlayerState, rid: str) -> None:
    """Placed railroad extensions: the tile over its dashed area, with its special spaces."""
    road = data.railroad(rid)
    if p.board is None:
        return
    for area in road.areas:
        tile = p.board.extensions.get(area.id)
        if not tile:
            continue
        specials = {s.space: s for s in data.extensions[tile].specials}
        for k in range(area.length):
            r = g.space_rect(data, rid, area.space + k)
            pen.rect(f.rect(r), (236, 226, 196), radius=f.s(5))
            pen.rect(f.rect(r), look.SPECIAL_RING, width=f.s(1.5), radius=f.s(5))
            if k + 1 in specials:
                board_art.paint_special_icon(pen, specials[k + 1], f.pt(r[0] + r[2] / 2, r[1] + r[3] - g.SPECIAL_DY),
                                             f.s(9))
        board_art.paint_station(pen, f, g.space_rect(data, rid, area.space), area.station, area.length)


def _branch_veil(pen: Pen, data: Data, f: g.Frame, p: PlayerState, rid: str) -> None:
    """Once a branch is chosen, the other one is greyed out and the chosen one outlined."""
    road = data.railroad(rid)
    if not road.switch_after or p.board is None or not p.board.branch:
        return
    for row, branch in enumerate(road.branches[:2]):
        for i in range(road.switch_after + 1, branch.length + 1):
            cell = f.rect(g.branch_cell(data, rid, i, row))
            if branch.id == p.board.branch:
                pen.rect(cell, look.REACH, width=f.s(2), radius=f.s(4))
            else:
                pen.veil(cell, (60, 50, 40, 150))


def _income(pen: Pen, data: Data, f: g.Frame, p: PlayerState) -> None:
    """Income markers beside the board: face up (usable this round) or face down (used)."""
    assert p.board is not None
    if p.board.income:
        pen.text("Income", f.pt(8, g.income_rect(0)[1] - 11), f.s(LABEL), look.INK, True, "midleft")
    for i, mid in enumerate(p.board.income):
        r = f.rect(g.income_rect(i))
        if i in p.board.income_used:
            pen.rect(r, (90, 80, 70), radius=f.s(5))
            pen.glyph("used", (r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(13), (220, 210, 190))
        else:
            pen.rect(r, (70, 130, 90), radius=f.s(5))
            pen.glyph(INCOME_GLYPHS.get(mid, "inc"), (r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(13), (255, 255, 255))


INCOME_GLYPHS = {"inc_coin": "1₽", "inc_industry": "1 ind", "inc_any": "1 T", "inc_black_gray": "B+G",
                 "inc_gray_brown": "G+Br"}


def _claimed_marks(pen: Pen, data: Data, f: g.Frame, p: PlayerState, rid: str) -> None:
    road = data.railroad(rid)
    for sp in road_specials(data, p, road):
        if sp.id in p.claimed:
            if road.switch_after and sp.space > road.switch_after:
                row = next(i for i, b in enumerate(road.branches) if any(s.id == sp.id for s in b.specials))
                cell = g.branch_cell(data, rid, sp.space, row)
                c = f.pt(cell[0] + cell[2] - 12, cell[1] + cell[3] / 2 + 3)
                pen.circle(c, f.s(8), (40, 150, 60))
                pen.glyph("✓", c, f.s(11), (255, 255, 255))
                continue
            r = g.space_rect(data, rid, sp.space)
            c = f.pt(r[0] + r[2] / 2, r[1] + r[3] - g.SPECIAL_DY)
            if sp.effect == "q_token":
                pen.qtoken(c, f.s(11), (40, 150, 60), "✓")
            else:
                pen.circle(c, f.s(11), (40, 150, 60))
                pen.glyph("✓", c, f.s(14), (255, 255, 255))
    medal = next((sp for sp in road_specials(data, p, road) if sp.effect == "medal"), None)
    if medal is not None and p.kiev_medal:
        r = g.space_rect(data, rid, medal.space)
        pen.circle(f.pt(r[0] + r[2] / 2, r[1] + r[3] + 8), f.s(8), (230, 190, 60))
        pen.circle(f.pt(r[0] + r[2] / 2, r[1] + r[3] + 8), f.s(8), (60, 40, 0), f.s(1.5))


def _doublers(pen: Pen, data: Data, f: g.Frame, p: PlayerState) -> None:
    """Doublers above the main railroad (those of the USA board's other lines: usa_art)."""
    room = data.railroad(data.main_railroad).doubler_spaces
    for i in range(1, min(p.doublers, room) + 1):
        pen.doubler(f.pt(*g.doubler_slot_center(data, i)), f.s(12))
    if p.doublers > room:
        c = g.doubler_slot_center(data, room)
        pen.text(f"+{p.doublers - room}", f.pt(c[0] + 20, c[1]), f.s(LABEL), look.SPECIAL_RING, True, "midleft")


def _industry(pen: Pen, data: Data, f: g.Frame, p: PlayerState, info: BoardInfo) -> None:
    two_rows = data.usa is not None
    for pos, sp in enumerate(data.industry):
        if sp.kind == "gap" and sp.factory <= len(p.factories):
            number = p.factories[sp.factory - 1]
            r = g.gap_rect(data, pos)
            if number in (data.usa.steelworks if data.usa else ()):
                pen.rect(f.rect(r), usa_art.STEEL, radius=f.s(5))
                pen.text("SW", f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(LABEL), (240, 244, 248), True)
                continue
            pen.factory(f.rect(r), number)
            if not two_rows:
                board_art.paint_effects(pen, data.factories.get(number, ()),
                                        f.pt(r[0] + r[2] / 2, r[1] + r[3] * 0.8), f.s(18), max_width=f.s(r[2] - 6))
        if sp.kind == "q" and "industry_q" in p.claimed:
            r = g.gap_rect(data, pos)
            pen.qtoken(f.pt(r[0] + r[2] / 2, r[1] + r[3] / 2), f.s(11 if two_rows else 14), (40, 150, 60), "✓")
    rows = [g.marker_row(data, m) for m in range(len(p.industry))]
    for m, (x, y, rad) in enumerate(industry_markers(p.industry, rows)):
        c = f.pt(x, y)
        pen.circle(c, f.s(rad), info.colour)
        pen.circle(c, f.s(rad), look.INK, f.s(2))
        pen.glyph(str(m + 1), c, f.s(rad * 1.2), theme.text_on(info.colour))


def industry_markers(positions: list[int], rows: list[int] | None = None) -> list[tuple[float, float, float]]:
    """Each industry marker's centre and radius (board-local): markers
    sharing a space of one track stand side by side, smaller when three must
    fit; `rows` gives each marker's track (see geometry.industry_rect)."""
    rows = rows or [-1] * len(positions)
    out = []
    for m, pos in enumerate(positions):
        r = g.industry_rect(pos, rows[m])
        here = [k for k, other in enumerate(positions) if other == pos and rows[k] == rows[m]]
        rad = min(9.0 if rows[m] >= 0 else 11.0, (r[2] - 4) / (2 * len(here)))
        bottom = 9 if rows[m] >= 0 else 10
        out.append((r[0] + r[2] / 2 + (here.index(m) - (len(here) - 1) / 2) * 2 * rad, r[1] + r[3] - bottom, rad))
    return out


def _engineers(pen: Pen, data: Data, f: g.Frame, p: PlayerState, info: BoardInfo) -> None:
    if not p.engineers:
        pen.text("Hired engineers appear here (private action spaces)", f.pt(g.RAIL_X, g.LOWER_Y + 36),
                 f.s(LABEL), look.INK_DIM, anchor="midleft")
        return
    for i, number in enumerate(p.engineers):
        r = g.engineer_rect(i)
        draw_engineer_tile(pen, data, f.rect(r), number, f.scale)
        user = info.colour if number in p.engineers_used else dict(info.borrowed).get(number)
        if user is not None:  # taken this round: by its owner, or by an opponent through Olga
            pen.veil(f.rect(r), (40, 30, 20, 120))
            pen.pawn(f.pt(r[0] + r[2] - 16, r[1] + 20), f.s(24), user)


def draw_engineer_tile(pen: Pen, data: Data, r: g.WRect, number: int, scale: float) -> None:
    """An engineer, light side: number and action icons."""
    pen.rect(r, look.AREA_FILL["engineer"], radius=6 * scale)
    pen.rect(r, look.INK_DIM, width=1.5 * scale, radius=6 * scale)
    eng = data.engineers.get(number)
    pen.text(f"#{eng.value if eng else number}", (r[0] + 6 * scale, r[1] + 2 * scale), LABEL * scale, look.INK,
             True, "topleft")
    if eng:
        board_art.paint_effects(pen, eng.effects, (r[0] + r[2] / 2, r[1] + r[3] * 0.64), min(22 * scale, r[2] / 4.6),
                                max_width=r[2] - 8 * scale)


def _supplies(pen: Pen, data: Data, f: g.Frame, p: PlayerState, info: BoardInfo) -> None:
    x0, y0, w, _h = g.right_rect()
    pen.text("Workers", f.pt(x0 + 8, y0 + 12), f.s(LABEL), look.INK, True, "midleft")
    pen.text(f"{p.workers_free} of {p.workers}", f.pt(x0 + w - 8, y0 + 12), f.s(LABEL), look.INK, True, "midright")
    for i in range(p.workers):
        c = f.pt(x0 + 18 + (i % 8) * 24, y0 + 40 + (i // 8) * 30)
        if i < p.workers_free:
            pen.pawn(c, f.s(26), info.colour)
        else:
            pen.pawn_outline(c, f.s(26), look.INK_DIM)
    y = y0 + 72
    extras = []
    if p.temps_free:
        extras += [look.TEMP_RGB] * p.temps_free
    if p.black_worker:
        extras.append(look.BLACK_WORKER if p.black_free else look.INK_DIM)
    for i, colour in enumerate(extras):
        pen.pawn(f.pt(x0 + 18 + i * 24, y), f.s(26), colour)
    y = y0 + 100
    pen.text("Roubles", f.pt(x0 + 8, y), f.s(LABEL), look.INK, True, "midleft")
    for i in range(p.roubles):
        pen.coin(f.pt(x0 + 110 + (i % 6) * 16, y + (i // 6) * 18), f.s(8.5))
    if not p.roubles:
        pen.text("none", f.pt(x0 + 104, y), f.s(LABEL), look.INK_DIM, anchor="midleft")
    pen.text("? tokens in hand", f.pt(x0 + 8, y0 + 150), f.s(LABEL), look.INK, True, "midleft")
    for i, tid in enumerate(t for t in data.q_tokens if t not in p.tokens_used):
        pen.qtoken(f.pt(*qtoken_center(i, len(data.q_tokens))), f.s(QTOKEN_R), TOKEN_FILLS.get(tid, (60, 120, 70)),
                   TOKEN_GLYPHS.get(tid, "?"))
    _bonus_cards(pen, data, f, p, info)


def _bonus_cards(pen: Pen, data: Data, f: g.Frame, p: PlayerState, info: BoardInfo) -> None:
    """End Bonus cards (names when they may be shown) and the starting bonus,
    wrapped to the supply column; whatever has no room left is counted."""
    x0, y0, w, _h = g.right_rect()
    y = y0 + 256
    pen.text("End Bonus", f.pt(x0 + 8, y), f.s(LABEL), look.INK, True, "midleft")
    count = f"{len(p.end_bonus)} face down" if p.end_bonus else "none yet"
    lines: list[tuple[str, tuple[int, int, int]]] = []
    if info.show_end_bonus and p.end_bonus:
        for card in p.end_bonus:
            named = data.end_bonus_cards.get(card)
            lines += [("· " + t if i == 0 else "  " + t, look.INK)
                      for i, t in enumerate(pen.wrap(named.name if named else card, f.s(LABEL), f.s(w - 16)))]
    else:
        lines.append((count, look.INK_DIM))
    if p.start_bonus:
        named = data.starting_bonuses.get(p.start_bonus)
        lines += [(t, look.INK_DIM) for t in pen.wrap(f"Start: {named.name if named else p.start_bonus}",
                                                      f.s(LABEL), f.s(w - 16))]
    room = int((g.PB_H - 10 - (y + 12)) // 21)
    if len(lines) > room:
        lines = lines[:room - 1] + [(f"{len(p.end_bonus)} cards: point here for all", look.INK_DIM)]
    for j, (text, ink) in enumerate(lines):
        pen.text(text, f.pt(x0 + 8, y + 24 + j * 21), f.s(LABEL), ink, anchor="midleft")


def qtoken_center(i: int, total: int = 7) -> tuple[float, float]:
    """Local centre of the i-th ? token still in hand: two rows in the supply
    column (five a row when the modules bring more than 8 tokens)."""
    x0, y0, _w, _h = g.right_rect()
    per_row, step = (4, 48.0) if total <= 8 else (5, 40.0)
    return (x0 + 30 + (i % per_row) * step, y0 + 180 + (i // per_row) * 46)


# The Coal module ----------------------------------------------------------------------------

def _coal(pen: Pen, data: Data, f: g.Frame, p: PlayerState) -> None:
    """Coal in the supply column, open foundries in the lower row, boilermen
    beside their locomotives and factories."""
    held = p.coal
    assert held is not None
    x0, y0, w, _h = g.right_rect()
    y = y0 + 124
    pen.text("Coal", f.pt(x0 + 8, y), f.s(LABEL), look.INK, True, "midleft")
    for i in range(min(held.coal, 6)):
        pen.coal(f.pt(x0 + 104 + i * 15, y), f.s(6.5))
    label = "none" if not held.coal else (f"{held.coal}" if held.coal > 6 else "")
    if label:
        pen.text(label, f.pt(x0 + w - 8, y), f.s(LABEL), look.INK_DIM, True, "midright")
    for i, fid in enumerate(held.foundries[:g.MAX_FOUNDRIES_SHOWN]):
        r = f.rect(g.foundry_rect(i))
        draw_foundry(pen, data, r, fid, fid in held.used, f.scale)
    if len(held.foundries) > g.MAX_FOUNDRIES_SHOWN:
        r = g.foundry_rect(g.MAX_FOUNDRIES_SHOWN - 1)
        pen.badge(f.pt(r[0] + 10, r[1] + 10), f"+{len(held.foundries) - g.MAX_FOUNDRIES_SHOWN}", f.s(LABEL),
                  (120, 60, 48))
    for rid, boilers in held.loco_boilers.items():
        for slot, on in enumerate(boilers):
            if on:
                pen.boilerman(f.pt(*g.boilerman_spot(g.loco_slot_rect(data, rid, slot))), f.s(20))
    gaps = [i for i, sp in enumerate(data.industry) if sp.kind == "gap"]
    for slot, on in enumerate(held.factory_boilers):
        if on and slot < len(gaps):
            pen.boilerman(f.pt(*g.boilerman_spot(g.gap_rect(data, gaps[slot]))), f.s(20))


def draw_foundry(pen: Pen, data: Data, r: g.WRect, foundry: str, used: bool, scale: float) -> None:
    """A foundry tile: its actions as icons, a short name; veiled with 2 coal once used this round."""
    rules = data.coal
    assert rules is not None
    named = rules.foundries[foundry]
    pen.foundry(r, used)
    icons_y = r[1] + min(r[3] * 0.42, (r[3] - 44 * scale) / 2)   # above two lines of words, on a low tile too
    board_art.paint_effects(pen, named.effects, (r[0] + r[2] / 2, icons_y), min(20 * scale, r[2] / 4.4),
                            max_width=r[2] - 8 * scale)
    for j, line in enumerate(pen.wrap(FOUNDRY_WORDS.get(foundry, named.name), LABEL * scale, r[2] - 6 * scale)[:2]):
        pen.text(line, (r[0] + r[2] / 2, r[1] + r[3] - 34 * scale + j * 21 * scale), LABEL * scale,
                 (250, 236, 220), False, max_width=r[2] - 4 * scale)
    if used:
        pen.veil(r, (30, 20, 16, 120))
        for i in range(rules.foundry_coal):
            pen.coal((r[0] + r[2] / 2 + (i - 0.5) * 18 * scale, r[1] + 14 * scale), 7 * scale)


# Short names for foundry tiles (the tooltip gives the full text).
FOUNDRY_WORDS = {"f_black_any_coin": "black+any+coin", "f_coins": "2 coins", "f_industry_doubler": "2 ind.+doubler",
                 "f_any_doubler": "any+doubler", "f_black_industry_doubler": "blk+ind.+dbl",
                 "f_industry_loco_points": "ind.+best loco", "f_black_build": "black+build",
                 "f_any_loco_points": "any+best loco", "f_any2": "2 any", "f_black2_industry": "2 black+ind.",
                 "f_black2_factory": "2 black+factory", "f_reuse": "reuse a space"}
