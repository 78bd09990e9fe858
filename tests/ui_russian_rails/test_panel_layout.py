"""The crayon screen's panel with six players at 1280×720 and 1920×1080, in
Russian Rails (tall map: two panel columns) and Lunar Rails (wide map: the
demand cards docked under it): the map fills the window's free side, no
area overlaps another, nothing is drawn outside the panel, every demand is
in view or reached with the wheel and with the scroll bar, and clicks on
the cards and buttons act."""
from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from game import registry
from game.core.engine import COMPUTER, Seat
from game.core.session import Session
from tests.ui.helpers import click, make_app, wheel
from tests.ui_russian_rails.helpers import mouse
from ui.game_scene import GameScene
from ui.games import computer_seats, controller_for, play_bot_moves

SIZES = [(1280, 720), (1920, 1080)]
GAMES = ["russian_rails", "lunar_rails"]
SENTINEL = (255, 0, 255)
LUNAR_RULES = ("solar_flare", "seismic", "strike", "cosmic_rays")  # Lunar Rails' event kinds


def open_six(tmp_path, game_id: str, size: tuple[int, int], moves: int = 0, players: int = 6, seed: int = 5,
             difficulty: str = "random", watch: bool = False, prepare=None):
    """A 6-player game (or `players`) after `moves` computer moves, one human
    seat: the player to move, or with `watch` the seat after it (a computer's
    turn is on the screen; `scene.state.current_player()` is that computer);
    `prepare` is given the state before the first frame."""
    engine = registry.engine(game_id)
    seats = computer_seats(engine, players, humans=0)
    session = Session(game_id, {}, seed, seats, engine=engine)
    play_bot_moves(session, moves, seed, difficulty)
    seat = session.state.current_player()
    if watch:
        seat = (seat + 1) % players
    session.seats[seat] = Seat("Ann", seats[seat].colour)
    if prepare is not None:
        prepare(session.state)
    app = make_app(tmp_path, size)
    scene = GameScene(app, session, controller_for(game_id),
                      bot_factory=lambda i, s: registry.make_bot(game_id, "normal", i))
    scene.bots_paused = True
    app.settings.animation_speed = "off"
    app.push(scene)
    app.step()
    app.step()
    return app, scene


def open_computer_turn(tmp_path, size: tuple[int, int], moves: int):
    app, scene = open_six(tmp_path, "russian_rails", size, moves, seed=1, difficulty="normal", watch=True)
    return app, scene, scene.state.current_player()


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """Every text drawn through the theme from now on."""
    from ui import theme

    texts: list[str] = []
    draw_text = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: (texts.append(text),
                                                                             draw_text(surface, text, *a, **k))[1])
    return texts


def areas(scene):
    return scene.controller.cursor.cursors


def visible_demands(scene) -> set[tuple[int, int]]:
    """Demand rows wholly inside their area's rect."""
    return {spot.key for cur in areas(scene).values() for spot in cur.hotspots if cur.rect.contains(spot.rect)}


def all_demands(scene) -> set[tuple[int, int]]:
    st = scene.state
    seat = scene.controller.demands_seat()
    return {(card, i) for card in st.players[seat].hand for i in range(3)}


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1920x1080"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_map_fills_the_free_side_of_the_window(tmp_path, game_id, size):
    app, scene = open_six(tmp_path, game_id, size)
    _x, _y, fw, fh = scene.controller.world_bounds()
    shown_w, shown_h = fw * scene.camera.zoom, fh * scene.camera.zoom
    board = scene.board_rect
    usable = 1 - 2 * scene.controller.fit_margin
    # the map is as large as its board allows, and the board is not wider or taller than the map needs
    assert shown_w >= board.width * usable - 2 or shown_h >= board.height * usable - 2
    if game_id == "russian_rails":  # a tall map: it takes the window's whole height, the panel the width left
        assert board.height == size[1] - scene.top_rect.height
        assert shown_w >= board.width * usable - 2
        assert scene.panel_rect.width >= size[0] * 0.4
    else:  # a wide map: the window's width but a narrow panel, the cards under the map
        assert scene.dock_rect.height > 0 and scene.dock_rect.top == board.bottom
        assert scene.panel_rect.width <= 440


@pytest.mark.parametrize("moves,players", [(0, 6), (150, 6), (0, 2)], ids=["start", "later", "two-players"])
@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1920x1080"])
@pytest.mark.parametrize("game_id", GAMES)
def test_no_area_overlaps_and_nothing_is_drawn_outside_the_panel(tmp_path, game_id, size, moves, players):
    app, scene = open_six(tmp_path, game_id, size, moves, players)
    rects = {name: cur.rect for name, cur in areas(scene).items()}
    rects["log"] = scene._log_rect()
    rects["board"] = scene.board_rect
    for (a, ra), (b, rb) in combinations(rects.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"
    window = pygame.Rect((0, 0), size)
    for name, r in rects.items():
        assert window.contains(r), name
        if name not in ("board", "dock"):
            assert scene.panel_rect.contains(r), name
    for name, cur in areas(scene).items():
        for b in cur.buttons:
            if cur.rect.colliderect(b.rect):  # a button in view is wholly in view, or scrolls
                assert cur.rect.contains(b.rect) or cur.overflow, (name, b.label)
    # drawn on a sentinel surface without the scene's clip, the panel stays inside its rect
    surface = pygame.Surface(size)
    surface.fill(SENTINEL)
    scene.controller.draw_panel(surface, scene.panel_rect)
    if scene.dock_rect.height:
        scene.controller.draw_dock(surface, scene.dock_rect)
    allowed = [scene.panel_rect, scene.dock_rect]
    for x in range(0, size[0], 4):
        for y in range(0, size[1], 4):
            if not any(r.collidepoint(x, y) for r in allowed):
                assert surface.get_at((x, y))[:3] == SENTINEL, (x, y)


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1920x1080"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_demand_is_in_view_or_reached_with_the_wheel(tmp_path, game_id, size):
    app, scene = open_six(tmp_path, game_id, size)
    wanted = all_demands(scene)
    seen = visible_demands(scene)
    for name, cur in list(areas(scene).items()):
        while True:
            before = scene.controller.scrolls.get(name, 0)
            wheel(app, cur.rect.center, -1)
            seen |= visible_demands(scene)
            cur = areas(scene)[name]
            if scene.controller.scrolls.get(name, 0) == before:
                break
        assert scene.controller.scrolls.get(name, 0) == cur.overflow  # the wheel stops at the end
    assert wanted <= seen


def test_a_scroll_bar_is_drawn_and_dragging_its_thumb_scrolls(tmp_path):
    def six_events(st) -> None:
        from game.crayon.player import ActiveEvent
        cards = [c for c, ec in st.data.events.items() if not ec.is_dual and ec.for_era("").kind in LUNAR_RULES]
        st.active[:] = [ActiveEvent(card, 0, None) for card in cards[:6]]

    app, scene = open_six(tmp_path, "lunar_rails", (1024, 600), 200, seed=3, prepare=six_events)
    cur = areas(scene)["main"]
    assert cur.overflow > 0  # the smallest window, the player's turn at a city, its upgrades, six players and
    # six events: it scrolls
    thumb = cur.thumb_rect()
    surface = pygame.display.get_surface()
    assert surface.get_at(thumb.center)[:3] != surface.get_at((cur.bar_rect().centerx, cur.bar_rect().bottom - 3))[:3]
    n = len(scene.session.actions)
    mouse(app, pygame.MOUSEMOTION, thumb.center)
    mouse(app, pygame.MOUSEBUTTONDOWN, thumb.center)
    mouse(app, pygame.MOUSEMOTION, (thumb.centerx, cur.bar_rect().bottom + 50))
    mouse(app, pygame.MOUSEBUTTONUP, (thumb.centerx, cur.bar_rect().bottom + 50))
    assert scene.controller.scrolls["main"] == areas(scene)["main"].overflow
    assert len(scene.session.actions) == n  # dragging the thumb is no move
    # the last player's row is now in view and acts on click
    last = scene.state.name(5)
    row = next(b for b in scene.controller.cursor.buttons if b.label == last)
    assert areas(scene)["main"].rect.contains(row.rect)
    click(app, row.rect.center)
    assert scene.controller.demands_seat() == 5


@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1920x1080"])
@pytest.mark.parametrize("game_id", GAMES)
def test_cards_and_buttons_act_on_click(tmp_path, game_id, size):
    app, scene = open_six(tmp_path, game_id, size)
    ctl = scene.controller
    spot = next(s for cur in areas(scene).values() for s in cur.hotspots if cur.rect.contains(s.rect))
    mouse(app, pygame.MOUSEMOTION, spot.rect.center)
    assert ctl.hover_demand == spot.key and ctl.current_hint() is not None
    n = len(scene.session.actions)
    end = next(b for b in ctl.cursor.buttons if b.label == "End turn")
    click(app, end.rect.center)
    assert len(scene.session.actions) == n + 1


@pytest.mark.parametrize("size,column", [((1920, 1080), "main"), ((1280, 720), "side")])
def test_the_tall_wide_panel_fills_its_first_column(tmp_path, monkeypatch, size, column):
    """At 1920x1080 the cards are drawn large and the train sits under the
    events (the first column's free height), so the players' column leaves
    the log more lines; at 1280x720 the train stays under the players."""
    from ui.russian_rails import demand_cards, panels

    seen = []
    train = panels._train
    monkeypatch.setattr(panels, "_train", lambda cur, ctl, *a: (seen.append(cur.rect.x), train(cur, ctl, *a)))
    app, scene = open_six(tmp_path, "russian_rails", size)
    assert seen and set(seen) == {areas(scene)[column].rect.x}
    cards = [spot.rect for spot in areas(scene)["main"].hotspots]
    look = demand_cards.HUGE if size == (1920, 1080) else demand_cards.NORMAL
    assert cards and {r.height for r in cards} == {look.row_h}


@pytest.mark.parametrize("moves", [10, 30, 300], ids=["building", "first-run", "late"])
@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1920x1080"])
def test_a_computer_turn_fills_the_first_column_with_what_it_does(tmp_path, drawn, size, moves):
    """On a computer's turn the first column's free height tells that
    player's turn (its train, its cards, its moves so far or its last turn):
    at 1920x1080 about 240 px were left empty under the train. The section
    takes only the room there is, so the column never scrolls."""
    from ui.russian_rails.turn_watch import turn_moves

    app, scene, acting = open_computer_turn(tmp_path, size, moves)
    assert scene.controller.mode() == "wait"
    main = areas(scene)["main"]
    assert main.overflow == 0
    st = scene.state
    assert f"{st.name(acting)}'s turn" in drawn
    title, lines = turn_moves(scene.session, acting)
    assert title and lines and all(e.seat == acting for e in scene.session.log if e.text in lines)
    if size == (1920, 1080):
        assert main.rect.height - main.content_height < 120  # was about 240 px empty
        assert title in drawn and any(text.startswith(lines[-1][:30]) for text in drawn)
        assert "Its demand cards:" in drawn


def test_the_turn_section_is_for_someone_elses_turn_only(tmp_path, drawn):
    """On the human's own turn the column keeps its controls and no turn section."""
    app, scene = open_six(tmp_path, "russian_rails", (1920, 1080), 30)
    assert scene.controller.mode() != "wait"
    st = scene.state
    own = st.name(st.current_player())
    assert not {f"{st.name(i)}'s turn" for i in range(6)} & set(drawn)
    assert not {"Its demand cards:", "This turn so far:", "Its last turn:"} & set(drawn)
    assert "End turn" in drawn and f"{own}'s demand cards" in drawn  # the human's own column was drawn


@pytest.mark.parametrize("moves,title", [(40, "This turn so far:"), (36, "Its last turn:")],
                         ids=["mid-turn", "before-its-first-move"])
def test_turn_moves_are_this_turns_or_else_the_last_turns(moves, title):
    """The lines since the acting seat's turn began; before it has moved,
    those of its last turn (ending with the move that ended it). Seed 1 with
    three players: after 40 moves the third seat is four moves into its turn,
    after 36 the second seat has just ended its turn and the third has not moved."""
    from game.crayon import actions as A
    from ui.russian_rails.turn_watch import turn_moves

    engine = registry.engine("russian_rails")
    session = Session("russian_rails", {}, 1, computer_seats(engine, 3, humans=0), engine=engine)
    play_bot_moves(session, moves, 1)
    seat = session.state.current_player()
    ends = [i for i, (action, who) in enumerate(zip(session.actions, session.actors))
            if who == seat and isinstance(action, (A.EndTurn, A.DiscardHand))]  # the seat's turns ended so far
    if title == "This turn so far:":
        assert session.actors[-1] == seat
        first, last = ends[-1] + 1, len(session.actions) - 1
    else:
        assert session.actors[-1] != seat
        first, last = ends[-2] + 1, ends[-1]
    expected = [e.text for e in session.log if e.seat == seat and first <= e.action_index <= last]
    assert len(expected) >= 3
    assert turn_moves(session, seat) == (title, expected)


def test_the_turn_section_leaves_out_the_cards_the_column_already_shows(tmp_path, drawn):
    """Picking the acting player in the list shows their cards at the top of
    the column: the turn section does not list them a second time."""
    app, scene, acting = open_computer_turn(tmp_path, (1920, 1080), 30)
    assert "Its demand cards:" in drawn
    scene.controller.show_demands_of(acting)
    drawn.clear()
    app.step()
    assert f"{scene.state.name(acting)}'s demand cards" in drawn and f"{scene.state.name(acting)}'s turn" in drawn
    assert "Its demand cards:" not in drawn


def test_a_turn_whose_moves_do_not_fit_says_how_many_it_made(tmp_path, drawn):
    """With room for the title and one line only, the section said
    "… and 2 earlier (see the game log)" under nothing: now it says how many
    moves the turn has made."""
    from ui.russian_rails.panel_kit import PanelCursor
    from ui.russian_rails.turn_watch import draw_turn_watch, turn_moves

    app, scene, acting = open_computer_turn(tmp_path, (1920, 1080), 30)
    title, lines = turn_moves(scene.session, acting)
    assert len(lines) >= 2
    surface = pygame.Surface((400, 1200))
    for height in range(40, 1200, 2):  # the lowest column that shows the moves' title
        drawn.clear()
        draw_turn_watch(PanelCursor(surface, pygame.Rect(0, 0, 400, height), (-1, -1)), scene.controller)
        if title in drawn:
            break
    assert title in drawn
    assert f"{len(lines)} moves (see the game log)" in drawn
    assert not [text for text in drawn if text.startswith("… and")]


def test_a_button_wider_than_the_panel_is_cut_to_it_and_says_its_label_when_pointed_at():
    from ui.russian_rails.panel_kit import PanelCursor

    cur = PanelCursor(pygame.Surface((320, 200)), pygame.Rect(0, 0, 320, 200), (-1, -1))
    label = "Run the Redstone (1 milepost west of Mare Serenitatis, on its own track)"
    cur.buttons_row([("End turn", lambda: None, True, "Finish your turn"), (label, lambda: None, True, "")])
    end, run = cur.buttons
    assert end.rect.y < run.rect.y  # no room beside End turn: a row of its own
    assert run.rect.width == cur.width and cur.rect.contains(run.rect)
    assert cur.tip_at(run.rect.center) == label and cur.tip_at(end.rect.center) == "Finish your turn"
