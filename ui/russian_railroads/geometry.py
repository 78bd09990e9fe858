"""Where everything sits on the table, in world units.

The table is one world: the action board top-left, the focused player's
board (large) below it, and a column of compact boards for everybody else on
the right. A compact board is the same drawing at half scale, so a `Frame`
(origin + scale) is all that differs between a large and a compact board.
Numbers here are layout only; the rules live in game/russian_railroads.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.russian_railroads.data import Boulder, Data

WRect = tuple[float, float, float, float]

# The whole table --------------------------------------------------------------
AB_X, AB_Y, AB_W, AB_H = 0.0, 0.0, 1200.0, 640.0          # action board
PB_W, PB_H = 1200.0, 436.0                                 # one player board at scale 1
FOCUS_X, FOCUS_Y = 0.0, AB_H + 20.0                        # the large player board
SIDE_X = AB_W + 24.0                                       # the column of compact boards
SIDE_SCALE = 0.3                                           # thumbnails: a click opens one full size
SIDE_LABEL_H = 34.0                                        # name/score bar above a compact board
SIDE_GAP = 16.0
SIDE_W = PB_W * SIDE_SCALE
SIDE_STEP = SIDE_LABEL_H + PB_H * SIDE_SCALE + SIDE_GAP
TABLE_W = SIDE_X + SIDE_W
TABLE_H = FOCUS_Y + PB_H

# Player board, local coordinates (scale 1) ---------------------------------------
HEADER_H = 40.0
LOCO_COL_W = 150.0
SPACE_W = 54.0
RAIL_X = LOCO_COL_W + 10.0
RAIL_H = 58.0
DOUBLER_Y = HEADER_H + 2.0
DOUBLER_H = 30.0
RAILS_Y = DOUBLER_Y + DOUBLER_H + 4.0                      # the first railroad row
RAIL_STEP = RAIL_H + 12.0
MAX_RAILROADS = 3                                          # rows a player board has room for
MAX_LENGTH = 15                                            # spaces a railroad row has room for
IND_Y = RAILS_Y + (MAX_RAILROADS - 1) * RAIL_STEP + RAIL_H + 16.0
IND_H = 56.0
IND_SPACE_W = 50.0
IND_X = RAIL_X
LOWER_Y = IND_Y + IND_H + 10.0                              # engineers, ? tokens, bonus cards
RIGHT_X = RAIL_X + MAX_LENGTH * SPACE_W + 14.0                      # supplies column
RIGHT_W = PB_W - RIGHT_X - 8.0


@dataclass(frozen=True)
class Frame:
    """A player board placed on the table: world = origin + local * scale."""

    x: float
    y: float
    scale: float = 1.0

    def pt(self, lx: float, ly: float) -> tuple[float, float]:
        return (self.x + lx * self.scale, self.y + ly * self.scale)

    def rect(self, r: WRect) -> WRect:
        return (self.x + r[0] * self.scale, self.y + r[1] * self.scale, r[2] * self.scale, r[3] * self.scale)

    def s(self, n: float) -> float:
        return n * self.scale

    def local(self, wx: float, wy: float) -> tuple[float, float]:
        return ((wx - self.x) / self.scale, (wy - self.y) / self.scale)

    @property
    def bounds(self) -> WRect:
        return (self.x, self.y, PB_W * self.scale, PB_H * self.scale)


def focus_frame() -> Frame:
    return Frame(FOCUS_X, FOCUS_Y, 1.0)


def side_frame(slot: int) -> Frame:
    return Frame(SIDE_X, slot * SIDE_STEP + SIDE_LABEL_H, SIDE_SCALE)


def side_slot_rect(slot: int, bars: bool = False) -> WRect:
    """A compact board with its name bar, or the name bar alone (the click area that opens it)."""
    if bars:
        return (SIDE_X, slot * SIDE_BAR_STEP, SIDE_W, SIDE_LABEL_H - 2)
    return (SIDE_X, slot * SIDE_STEP, SIDE_W, SIDE_STEP - SIDE_GAP)


def table_bounds(n_side: int, coal: bool = False, stocks: bool = False) -> WRect:
    """The world rect worth showing on fit: the side column only when used
    (the coal board or the stocks board lies in it, under the compact boards
    or Emil's panel; with both, the stocks board lies above the coal board)."""
    if n_side <= 0 and not coal and not stocks:
        return (0.0, 0.0, AB_W, TABLE_H)
    return (0.0, 0.0, TABLE_W, max(TABLE_H, n_side * SIDE_STEP - SIDE_GAP))


# Player-board pieces (local) -------------------------------------------------------

def rail_y(data: Data, rail: str) -> float:
    """The top of a railroad's row: rows follow the board's railroad order."""
    return RAILS_Y + data.railroad_ids.index(rail) * RAIL_STEP


def space_rect(data: Data, rail: str, index: int) -> WRect:
    """Space `index` (1-based) of a railroad."""
    return (RAIL_X + (index - 1) * SPACE_W, rail_y(data, rail), SPACE_W - 4.0, RAIL_H)


def branch_cell(data: Data, rail: str, index: int, row: int) -> WRect:
    """Beyond a switch each space holds two half-height cells, one per branch (row 0 top, 1 bottom)."""
    x, y, w, h = space_rect(data, rail, index)
    half = (h - 2.0) / 2
    return (x, y + row * (half + 2.0), w, half)


def income_rect(i: int) -> WRect:
    """A player's income markers: chips in the lower-left corner, under the locomotive column (3 a row)."""
    return (8.0 + (i % 3) * 48.0, LOWER_Y + 22.0 + (i // 3) * 28.0, 44.0, 24.0)


def rail_rect(data: Data, rail: str) -> WRect:
    return (RAIL_X, rail_y(data, rail), data.railroad(rail).length * SPACE_W - 4.0, RAIL_H)


def loco_slot_rect(data: Data, rail: str, slot: int) -> WRect:
    """Locomotive slot(s) left of a railroad under its name, side by side when it holds two."""
    y = rail_y(data, rail) + 22.0
    if data.railroad(rail).loco_slots > 1:
        return (6.0 + slot * 72.0, y, 66.0, 36.0)
    return (6.0, y, 96.0, 36.0)


SPECIAL_DY = 9.0  # a circled space's icon: its centre this far above the space's foot


def track_inner(r: WRect) -> WRect:
    """Where a track piece lies in a railroad space: under the space's number."""
    return (r[0] + 3, r[1] + 21, r[2] - 6, 20)


def doubler_slot_center(data: Data, i: int) -> tuple[float, float]:
    """Doubler slot above main-railroad space i (1..its doubler spaces)."""
    r = space_rect(data, data.main_railroad, i)
    return (r[0] + r[2] / 2, DOUBLER_Y + DOUBLER_H / 2)


def industry_rect(pos: int, row: int = -1) -> WRect:
    """Industry track position 0..15; on a board with two industry tracks (USA) each has a half-height
    row: `row` 1 the top track, 0 the bottom one (-1: the one full-height track)."""
    if row < 0:
        return (IND_X + pos * IND_SPACE_W, IND_Y, IND_SPACE_W - 4.0, IND_H)
    half = (IND_H - 2.0) / 2
    return (IND_X + pos * IND_SPACE_W, IND_Y + (0 if row == 1 else half + 2.0), IND_SPACE_W - 4.0, half)


def marker_row(data: Data, marker: int) -> int:
    """The industry row a marker moves in (see industry_rect)."""
    if data.usa is None:
        return -1
    return 1 if marker == 1 else 0


def gap_rect(data: Data, pos: int) -> WRect:
    """The factory gap at industry position `pos` (the bottom row on the USA board)."""
    return industry_rect(pos, 0 if data.usa is not None else -1)


def boulder_rect(data: Data, b: Boulder) -> WRect:
    """Where a boulder lies: its railroad space, or its industry space (top or bottom row)."""
    if b.railroad:
        return space_rect(data, b.railroad, b.space)
    return industry_rect(b.space, 1 if b.industry == "top" else 0)


def side_doubler_center(data: Data, rail: str, i: int) -> tuple[float, float]:
    """USA: doubler space i (1..3) of a Transcontinental line, in its space's top-right corner."""
    r = space_rect(data, rail, i)
    return (r[0] + r[2] - 11.0, r[1] + 11.0)


def meeting_rect(data: Data) -> WRect:
    """USA: the dashed space where the two Transcontinental lines meet, right of the longer line's end."""
    assert data.usa is not None
    roads = data.usa.spike_roads
    x = RAIL_X + max(data.railroad(r).length for r in roads) * SPACE_W + 116.0
    top = min(rail_y(data, r) for r in roads)
    bottom = max(rail_y(data, r) for r in roads) + RAIL_H
    return (x, top + 8.0, 170.0, bottom - top - 16.0)


def engineer_rect(i: int) -> WRect:
    """Hired engineers lie in a row under the industry track."""
    return (RAIL_X + i * 112.0, LOWER_Y, 106.0, PB_H - LOWER_Y - 6.0)


def foundry_rect(i: int) -> WRect:
    """A player's open foundries lie right-aligned in the row under the industry track."""
    return (RIGHT_X - 8.0 - (i + 1) * FOUNDRY_STEP, LOWER_Y, FOUNDRY_STEP - 6.0, PB_H - LOWER_Y - 6.0)


FOUNDRY_STEP = 104.0
MAX_FOUNDRIES_SHOWN = 4


def boilerman_spot(r: WRect) -> tuple[float, float]:
    """Where a boilerman stands beside a locomotive slot or factory (its top-right corner)."""
    return (r[0] + r[2] - 4.0, r[1] + 6.0)


def right_rect() -> WRect:
    return (RIGHT_X, HEADER_H + 4.0, RIGHT_W, PB_H - HEADER_H - 12.0)


# Action board (world coordinates; the board sits at the origin) ---------------------
TO_TRACK_Y, TO_TRACK_H = 34.0, 46.0          # turn-order track (positions 1..4)
TO_X, TO_POS_W = 12.0, 62.0
ENG_Y, ENG_H = 10.0, 140.0                    # engineer strip
ENG_X = 300.0
# the round counter's chip, right of the "Turn order" title (which ends near x 130) so the two read apart;
# wide enough for "Last round 5/5" in plain LABEL type
ROUND_CHIP: WRect = (ENG_X - 162.0, 4.0, 154.0, 27.0)
ROW_B_Y = 160.0
SUPPLY_Y = 500.0                              # locomotive piles, ? cards, End Bonus pile

TRACK_COLS = ("black", "gray", "brown", "natural", "white")
TRACK_COL_X, TRACK_COL_W = 12.0, 120.0
TRACK_ROWS = {  # the two spaces of each colour column: (first row, second row)
    "black": ("T-BLK3", "T-BLK2"), "gray": ("T-GRY3", "T-GRY2"), "brown": ("T-BRN1", "T-BRN2"),
    "natural": ("T-NAT1", "T-NAT2"), "white": ("T-WHT1", "T-WHT2"),
}
COLUMN_SPACES = {  # right-hand columns, top to bottom
    "locomotive": ("L-1", "L-2", "L-3"),
    "industry": ("I-1", "I-2", "I-1B"),
    "auxiliary": ("A-DBL", "A-2R", "A-TMP"),
}
COLUMN_X = {"locomotive": 630.0, "industry": 816.0, "auxiliary": 1002.0}
COLUMN_W = 186.0
COLUMN_SPACE_H = 100.0
COLUMN_TITLES = {"locomotive": "Locomotives", "industry": "Industry", "auxiliary": "Auxiliary"}


def _action_space_rects() -> dict[str, WRect]:
    rects: dict[str, WRect] = {}
    width = TRACK_COL_W * len(TRACK_COLS) - 8.0
    rects["T-ANY"] = (TRACK_COL_X, ROW_B_Y + 22.0, width, 58.0)
    for i, colour in enumerate(TRACK_COLS):
        x = TRACK_COL_X + i * TRACK_COL_W
        top, bottom = TRACK_ROWS[colour]
        rects[top] = (x, ROW_B_Y + 86.0, TRACK_COL_W - 8.0, 98.0)
        rects[bottom] = (x, ROW_B_Y + 190.0, TRACK_COL_W - 8.0, 98.0)
    rects["T-BOTTOM"] = (TRACK_COL_X, ROW_B_Y + 294.0, width, 36.0)
    for col, ids in COLUMN_SPACES.items():
        for j, sid in enumerate(ids):
            rects[sid] = (COLUMN_X[col], ROW_B_Y + 22.0 + j * (COLUMN_SPACE_H + 4.0), COLUMN_W - 8.0,
                          COLUMN_SPACE_H)
    rects["TO-1"] = (TO_X, TO_TRACK_Y + TO_TRACK_H + 6.0, TO_POS_W - 4.0, 62.0)
    rects["TO-2"] = (TO_X + TO_POS_W, TO_TRACK_Y + TO_TRACK_H + 6.0, TO_POS_W - 4.0, 62.0)
    rects["LAST"] = (TO_X, TO_TRACK_Y + TO_TRACK_H + 6.0, 2 * TO_POS_W - 4.0, 62.0)
    return rects


ACTION_SPACE_RECTS = _action_space_rects()

ENG_SLOT_W = {"dark": 84.0, "public": 176.0, "hire": 116.0}


def engineer_slot_rects(public_slots: tuple[int, ...], hire_slot: int, n_slots: int = 7) -> list[WRect]:
    """The engineer strip left to right: dark (future) slots are narrow and
    upright, public (light side) slots wide, the hiring slot last."""
    rects: list[WRect] = []
    x = ENG_X
    for i in range(n_slots):
        kind = "hire" if i == hire_slot else ("public" if i in public_slots else "dark")
        w = ENG_SLOT_W[kind]
        rects.append((x, ENG_Y, w - 8.0, ENG_H))
        x += w
    return rects


def to_position_rect(pos: int) -> WRect:
    """Turn-order track position pos (1-based)."""
    return (TO_X + (pos - 1) * TO_POS_W, TO_TRACK_Y, TO_POS_W - 4.0, TO_TRACK_H)


def loco_pile_rect(number: int) -> WRect:
    """Supply piles #2..#9 (and returned factories after them)."""
    return (12.0 + (number - 2) * 64.0, SUPPLY_Y + 26.0, 58.0, 44.0)


def pile_factory_rect(number: int) -> WRect:
    """Under a pile: the factory on its tiles' back, showing what the factory does."""
    x, y, w, h = loco_pile_rect(number)
    return (x, y + h + 4.0, w, 32.0)


RETURNED_STEP = 34.0  # returned factories: small tiles, three to a row


def returned_factories_rect() -> WRect:
    return (12.0 + 8 * 64.0 + 6.0, SUPPLY_Y + 30.0, 3 * RETURNED_STEP, 2 * RETURNED_STEP)


def returned_factory_rect(i: int) -> WRect:
    x, y, _w, _h = returned_factories_rect()
    return (x + (i % 3) * RETURNED_STEP, y + (i // 3) * RETURNED_STEP, RETURNED_STEP - 4.0, RETURNED_STEP - 4.0)


Q_CARDS_X = 640.0   # where the ? cards may begin; they end beside the End Bonus pile
Q_CARDS_ONE_ROW = 5  # up to this many ? cards lie in one row; the modules' extra cards make two rows
Q_CARDS_H = 108.0


def q_card_rect(i: int, count: int = 5) -> WRect:
    """? card i of `count`, right-aligned to the End Bonus pile; more than
    Q_CARDS_ONE_ROW cards lie in two rows of low, wide cards (picture beside
    the words), so each card stays wide enough for its words."""
    end = end_bonus_pile_rect()[0] - 6.0
    if count <= Q_CARDS_ONE_ROW:
        step = min(86.0, (end - Q_CARDS_X) / max(1, count))
        return (end - (count - i) * step, SUPPLY_Y + 26.0, step - 6.0, Q_CARDS_H)
    per_row = -(-count // 2)
    row, col = divmod(i, per_row)
    in_row = per_row if row == 0 else count - per_row
    step = (end - Q_CARDS_X) / per_row
    h = (Q_CARDS_H - 6.0) / 2
    return (end - (in_row - col) * step, SUPPLY_Y + 26.0 + row * (h + 6.0), step - 6.0, h)


def end_bonus_pile_rect() -> WRect:
    return (AB_W - 4.0 - 70.0, SUPPLY_Y + 26.0, 70.0, 108.0)


def engineer_tile_rect(slot_rect: WRect, kind: str) -> WRect:
    """Where the engineer tile lies inside its strip slot."""
    x, y, w, h = slot_rect
    if kind == "public":
        return (x + 8, y + 38, w - 16, h - 62)
    if kind == "hire":
        return (x + 6, y + 62, w - 12, h - 84)
    return (x + 5, y + 8, w - 10, h - 34)


def engineer_cost_centres(slot_rect: WRect, kind: str) -> list[tuple[float, float]]:
    x, y, w, _h = slot_rect
    if kind == "hire":
        return [(x + w / 2, y + 42)]
    return [(x + 18, y + 20)]


# The coal board (Coal module): under the compact boards of the side column ---------------
# (the table keeps its size, so its words keep their size: four players leave three compact boards)
COAL_X, COAL_W = SIDE_X, SIDE_W
COAL_Y = 616.0                                             # under three compact boards, or Emil's panel in solo
COAL_H = TABLE_H - COAL_Y
COAL_SPACE_X, COAL_SPACE_W = COAL_X + 10.0, 200.0          # the spaces: a column on the left
COAL_SPACE_Y, COAL_SPACE_H = COAL_Y + 32.0, 96.0
FOUNDRY_X = COAL_SPACE_X + COAL_SPACE_W + 8.0              # face-up foundries: a column on the right
FOUNDRY_NOTE_Y = COAL_SPACE_Y + 3 * COAL_SPACE_H + 2 * 8.0 + 16.0   # "Foundries: 2 coal..." under both


def coal_board_rect() -> WRect:
    return (COAL_X, COAL_Y, COAL_W, COAL_H)


def coal_space_rects(mode: str) -> dict[str, WRect]:
    """The coal board's spaces on the side for this player count, top to bottom: three boxes
    (3-4 players), or the combined box's two halves (framed) over the boilerman space (2 players, solo)."""
    ids = ("C-COAL", "C-FOUNDRY", "C-BOILER") if mode in ("3p", "4p") else ("C-COAL2", "C-FOUNDRY2", "C-BOILER")
    return {sid: (COAL_SPACE_X, COAL_SPACE_Y + i * (COAL_SPACE_H + 8.0), COAL_SPACE_W, COAL_SPACE_H)
            for i, sid in enumerate(ids)}


def combined_space_rect() -> WRect:
    """The frame around the two halves of the 2-player combined coal space."""
    return (COAL_SPACE_X - 4.0, COAL_SPACE_Y - 4.0, COAL_SPACE_W + 8.0, 2 * COAL_SPACE_H + 16.0)


def foundry_display_rect(i: int) -> WRect:
    """Face-up foundry i beside the coal spaces."""
    return (FOUNDRY_X, COAL_SPACE_Y + i * 148.0, 126.0, 140.0)


# The stocks board (USA): in the side column under the compact boards; with the Coal board (which keeps its
# place) above it, the other players then shown as name bars only and Emil's panel as a bar ------------------
STOCK_LEVEL_H = 38.0
STOCKS_GAP = 10.0                                          # between the stocks board and the coal board under it
SIDE_BAR_STEP = SIDE_LABEL_H + 8.0                         # a name bar without its compact board
COLUMN, ABOVE_COAL = "column", "above_coal"


def stocks_place(coal: bool) -> str:
    """Where the stocks board lies: with the coal board the column has room for both only when what is
    above them shrinks to bars (the others' name bars, or Emil's bar in solo)."""
    return ABOVE_COAL if coal else COLUMN


def side_bars(coal: bool, stocks: bool) -> bool:
    """What lies at the top of the side column is bars only (the others' name bars, a click still opens a
    board; Emil's bar in solo, his details in its tooltip): the stocks board needs the room."""
    return stocks and stocks_place(coal) == ABOVE_COAL


# Emil (solo): his panel at the top of the side column, or his bar above the stocks board -------------------
EMIL_H = 600.0
EMIL_BAR_H = 3 * SIDE_BAR_STEP - STOCKS_GAP   # as tall as three name bars less the gap above the stocks board


def emil_rect(bar: bool) -> WRect:
    return (SIDE_X, 0.0, SIDE_W, EMIL_BAR_H if bar else EMIL_H)


def stocks_rect(where: str) -> WRect:
    h = TABLE_H - COAL_Y
    return (COAL_X, COAL_Y - h - STOCKS_GAP if where == ABOVE_COAL else COAL_Y, SIDE_W, h)


def stock_level_rect(where: str, level: int, levels: int) -> WRect:
    """One level's row, the top level first (level 0 = the bottom)."""
    x, y, w, _h = stocks_rect(where)
    return (x + 8.0, y + 34.0 + (levels - level) * STOCK_LEVEL_H, w - 16.0, STOCK_LEVEL_H - 4.0)


def dividend_slot_rect(where: str, level: int, levels: int) -> WRect:
    """Where a level's dividend token lies (its white star)."""
    x, y, _w, h = stock_level_rect(where, level, levels)
    return (x + 34.0, y + 3.0, 166.0, h - 6.0)


def stock_marker_center(where: str, level: int, levels: int, i: int) -> tuple[float, float]:
    """The i-th stock price marker from the left on a level."""
    x, y, _w, h = stock_level_rect(where, level, levels)
    return (x + 220.0 + i * 34.0, y + h / 2)


def dividend_display_rect(where: str, levels: int, i: int) -> WRect:
    """Dividend token i still displayed beside the board: two columns under the levels."""
    x, y, _w, _h = stock_level_rect(where, 0, levels)
    return (x + (i % 2) * 172.0, y + STOCK_LEVEL_H + 20.0 + (i // 2) * 30.0, 166.0, 26.0)


def foundry_pile_rect() -> WRect:
    return (COAL_SPACE_X, FOUNDRY_NOTE_Y + 16.0, COAL_W - 20.0, 80.0)
