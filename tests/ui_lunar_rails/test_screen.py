"""Lunar Rails on the game screen: the crayon screen opens on the Moon, the
cheapest-route suggestion crosses to the far side through a Wrap Letter or
a pole and builds as proposed, the panels show the loco and the events."""
from __future__ import annotations

import pygame
import pytest

from game.core.engine import COMPUTER, Seat
from game.core.session import Session
from game.crayon import actions as A
from game.crayon.lunar_rails import ENGINE, make_bot
from tests.ui.helpers import make_app
from tests.ui_russian_rails.helpers import press_key
from ui.game_scene import GameScene
from ui.games import controller_for

SEED = 1
LAND = ("clear", "mountain", "alpine")


@pytest.fixture
def game(tmp_path):
    first = ENGINE.new_game({}, SEED, [Seat("A"), Seat("B")]).current_player()
    seats = [Seat("Bob", "sky", COMPUTER, "normal"), Seat("Bob", "sky", COMPUTER, "normal")]
    seats[first] = Seat("Ann", "orange")
    session = Session("lunar_rails", {}, SEED, seats, engine=ENGINE)
    app = make_app(tmp_path, (1600, 900))
    scene = GameScene(app, session, controller_for("lunar_rails"), bot_factory=lambda i, seat: make_bot("normal", i))
    scene.bots_paused = True
    app.settings.animation_speed = "off"
    app.push(scene)
    app.step()
    return app, scene


def _crossing(board):
    """A near-side Wrap Letter with open land beside it and beside its match:
    (a milepost before the land, the land, the letter, its match, far land)."""
    for w, wrap in sorted(board.wraps.items()):
        if board.region_of.get(w) != "Near Side":
            continue
        near = [n for n in board.neighbours(w) if n != wrap.partner and board.mileposts[n] in LAND]
        far = [n for n in board.neighbours(wrap.partner) if n != w and board.mileposts[n] in LAND]
        for m in near:
            before = [n for n in board.neighbours(m) if board.mileposts[n] in LAND]
            if before and far:
                return before[0], m, w, wrap.partner, far[0]
    raise AssertionError("the map has no plain wrap crossing")


def test_the_suggested_route_crosses_a_wrap_letter_and_builds(game):
    app, scene = game
    st = scene.state
    seat = st.current_player()
    before, m, w, partner, far = _crossing(st.board)
    st.track[tuple(sorted((before, m)))] = seat
    st._track_changed()
    st.major_starts_used = st.rules.major_city_starts  # the track must come from the network
    ctl = scene.controller
    ctl.suggest_route(far)
    assert ctl.build.path == [m, w, partner, far]
    assert ctl.build.quote.legal and ctl.build.quote.total == st.quote_build((m, w, partner, far), seat).total
    press_key(app, pygame.K_RETURN)
    assert scene.session.actions[-1] == A.BuildTrack((m, w, partner, far))
    assert scene.state.track[tuple(sorted((w, partner)))] == seat


def test_the_panel_names_the_loco_and_the_screen_draws(game):
    app, scene = game
    surface = pygame.display.get_surface()
    app.step()
    assert surface.get_size() == (1600, 900)
    assert scene.state.players[0].loco == "Von Braun"
