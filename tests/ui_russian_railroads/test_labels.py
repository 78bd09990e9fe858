"""Every word on the Russian Railroads table is readable at the default
window: at 1280x720 with four players, fitted, each label is drawn at 11 px
or more, none is cut short, and no two labels overlap. Text is recorded by
wrapping the one text-drawing helper (`Pen.text`) while a frame is drawn."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.russian_railroads.data import load
from tests.ui_russian_railroads.helpers import built, make_scene, skip_draft
from ui import theme
from ui.russian_railroads import geometry as g
from ui.russian_railroads import render
from ui.russian_railroads.pen import LABEL, MIN_TEXT_PX, Pen, View
from ui.russian_railroads.player_pieces import FOUNDRY_WORDS, draw_foundry
from ui.scenes.replay import ReplayScene

MIN_PX = 11


def _record(monkeypatch: Any) -> list[dict[str, Any]]:
    """Wrap Pen.text: note each drawn label's size, whether it fits, and its world rect."""
    seen: list[dict[str, Any]] = []
    original = Pen.text

    def text(self: Pen, text: str, pos, size, colour=theme.TEXT, bold=False, anchor="center", max_width=None):
        px = round(size * self.view.scale)
        if text and px >= MIN_TEXT_PX:   # smaller is not drawn (thumbnail detail)
            w, h = theme.font(px, bold).size(text)
            room = None if max_width is None else max(8, self.view.len(max_width))
            r = pygame.Rect(0, 0, w, h)
            setattr(r, anchor, self.view.pt(pos))
            x0, y0 = self.view.to_world(r.topleft)
            x1, y1 = self.view.to_world(r.bottomright)
            seen.append({"text": text, "px": px, "fits": room is None or w <= room,
                         "world": (x0, y0, x1 - x0, y1 - y0)})
        original(self, text, pos, size, colour, bold, anchor, max_width)

    monkeypatch.setattr(Pen, "text", text)
    return seen


def _overlap(a: tuple, b: tuple) -> bool:
    """Two label boxes overlap by more than a sliver (font boxes carry some air)."""
    dx = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    dy = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return dx > 2 and dy > 4


def _labels_at(tmp_path, monkeypatch, moves: int, seed: int, options: dict[str, Any] | None = None,
               players: int = 4, replay: bool = False) -> list[dict[str, Any]]:
    built(monkeypatch)
    app, scene = make_scene(tmp_path, players, seed, moves=moves, options=options)
    if replay:   # the replay viewer: the same table over its step bar
        scene = ReplayScene(app, scene.session, type(scene.controller), start=moves)
        app.push(scene)
        app.step()
    assert not scene.state.is_terminal()   # the table, not the results
    if not moves:
        skip_draft(scene.session)
    scene.anim.skip()
    monkeypatch.setattr(render, "_CACHE", render.ArtCache())   # every layer is painted in the recorded frame
    seen = _record(monkeypatch)
    app.step()
    return seen


def _covered(a: str, b: str) -> bool:
    """In the last round the Last Round space is laid, opaque, over the printed turn-order spaces; a
    steelworks (USA) built in a factory gap is laid, opaque, over the gap's printed "F1".."F5"."""
    if "SW" in (a, b) and any(s[:1] == "F" and s[1:].isdigit() for s in (a, b)):
        return True
    return "last round" in (a, b) and {a, b} & {"1st", "2nd", "3rd", "4th"} != set()


MODULES = [{"coal": True}, {"new_components": True}, {"dsp": True},
           {"coal": True, "new_components": True, "dsp": True}]


@pytest.mark.parametrize("moves,seed,options,players", [(0, 2, {}, 4), (60, 3, {}, 4), (160, 5, {}, 4)]
                         + [(60, 7 + i, opts, 4) for i, opts in enumerate(MODULES)]
                         + [(40, 12, {"coal": True}, 2), (30, 13, {"coal": True}, 1)]
                         + [(m, 20 + m, {"board": "germany"}, 4) for m in (0, 120, 250)]
                         + [(200, 21, {"board": "germany", "dsp": True, "coal": True}, 4)]
                         # a USA solo game ends by move 46-60 with these seeds: its cases stop in round 5
                         + [(0, 14, {"board": "usa"}, 4), (150, 15, {"board": "usa"}, 4), (40, 15, {"board": "usa"}, 1),
                            (100, 18, {"board": "usa", "dsp": True, "new_components": True}, 2)]
                         + [(m, 30 + m, {"board": "usa", "coal": True}, n) for m, n in ((0, 4), (120, 4), (60, 2))]
                         + [(0, 40, {"board": "usa", "coal": True}, 1), (30, 41, {"board": "usa", "coal": True}, 1),
                            (45, 44, {"board": "usa", "coal": True}, 1), (40, 41, {"board": "usa", **MODULES[-1]}, 1),
                            (60, 43, {"board": "germany", "coal": True}, 1)])
@pytest.mark.parametrize("replay", [False, True], ids=["game", "replay"])
def test_every_label_at_1280x720_is_11px_and_fits(tmp_path, monkeypatch, moves, seed, options,
                                                   players, replay):
    """The base game, then the modules (board russia): the coal board and more ? cards keep the table's
    size; with 2 players and solo the coal board has the combined space (and Emil's panel above it);
    then the Germany board (its branches, extension areas and stations), early, mid-game and late; the USA
    board: its stocks board lies under the compact boards (with the coal board, above it and the others
    are name bars, or Emil a bar in solo), its two industry rows keep 11 px. The replay viewer shows the
    same table above its step bar, and keeps every label 11 px too."""
    seen = _labels_at(tmp_path, monkeypatch, moves, seed, options, players, replay)
    assert len(seen) > 40   # the action board and the large player board are labelled
    if options.get("coal"):
        assert {"1 coal", "Foundries: 2 coal, once a round"} <= {s["text"] for s in seen}
    small = sorted({(s["text"], s["px"]) for s in seen if s["px"] < MIN_PX})
    assert not small, f"labels under {MIN_PX} px: {small}"
    cut = sorted({s["text"] for s in seen if not s["fits"]})
    assert not cut, f"labels cut short: {cut}"
    # a label painted again over a piece in the same place (a station over its placed extension) is one label
    unique = list({(s["text"], tuple(round(v) for v in s["world"])): s for s in seen}.values())
    clashes = [(a["text"], b["text"]) for i, a in enumerate(unique) for b in unique[i + 1:]
               if _overlap(a["world"], b["world"]) and not _covered(a["text"], b["text"])]
    assert not clashes, f"labels overlapping: {clashes}"


@pytest.mark.parametrize("scale", [0.58, 0.6, 0.9])
def test_every_foundry_names_itself_whole_on_its_tiles(monkeypatch, scale):
    """A foundry tile's short words (on the coal board's display and on a player board) fit its tile in at
    most two lines at the fitted table of 1280x720 (labels 11 px) and 1920x1080: a name with no space
    ("black+any+coin") breaks after a "+", none loses a line."""
    data = load(coal=True)
    assert data.coal is not None
    seen = _record(monkeypatch)
    pen = Pen(pygame.Surface((400, 400)), View((0.0, 0.0), scale, (0, 0)))
    for rect in (g.foundry_display_rect(0), g.foundry_rect(0)):
        for fid, named in data.coal.foundries.items():
            del seen[:]
            draw_foundry(pen, data, rect, fid, False, 1.0)
            words = [s for s in seen if s["px"] == round(LABEL * scale)]
            assert all(s["fits"] for s in words), (fid, rect, words)
            assert "".join(s["text"] for s in words).replace(" ", "") == \
                FOUNDRY_WORDS.get(fid, named.name).replace(" ", ""), (fid, rect)


def test_the_round_stands_apart_from_turn_order(tmp_path, monkeypatch):
    """"Turn order" and "Last round 5/5" (the replay, USA solo in its last round) do not read as one
    phrase: the round lies whole on its own chip, which starts right of the title's box."""
    seen = _labels_at(tmp_path, monkeypatch, 40, 41, {"board": "usa", **MODULES[-1]}, 1, replay=True)
    title = next(s["world"] for s in seen if s["text"] == "Turn order")
    rnd = next(s["world"] for s in seen if s["text"] == "Last round 5/5")
    x, y, w, h = g.ROUND_CHIP
    assert title[0] + title[2] < x
    assert x <= rnd[0] and rnd[0] + rnd[2] <= x + w and y <= rnd[1] + rnd[3] / 2 <= y + h
