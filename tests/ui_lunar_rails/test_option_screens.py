"""Lunar Rails' Challenge options on the game screen: a human seller answers
a track offer in its dialog, a buyer puts an offer together by clicking
track, a warehouse is placed by clicking a mare milepost, the second train
is run with T."""
from __future__ import annotations

import pygame

from game.core.engine import COMPUTER, Seat
from game.core.hexgrid import pair_key
from game.core.session import Session
from game.crayon import actions as A
from game.crayon.lunar_rails import ENGINE, make_bot
from game.crayon.lunar_rails import actions as LA
from tests.ui.helpers import click_element, key, make_app
from tests.ui_russian_rails.helpers import motion, panel_is_fresh
from ui import theme
from ui.game_scene import GameScene
from ui.games import controller_for

OPTIONS = {"track_trading": True, "private_warehousing": True, "additional_trains": "two_trains"}


def open_game(tmp_path, human: int):
    seats = [Seat("Ann", "orange"), Seat("Bob", "sky")]
    other = 1 - human
    seats[other] = Seat(seats[other].name, seats[other].colour, COMPUTER, "normal")
    session = Session("lunar_rails", OPTIONS, 1, seats, engine=ENGINE)
    app = make_app(tmp_path, (1280, 720))
    scene = GameScene(app, session, controller_for("lunar_rails"), bot_factory=lambda i, seat: make_bot("normal", i))
    scene.bots_paused = True
    app.settings.animation_speed = "off"
    app.push(scene)
    for _ in range(2):  # each player picks the second train
        assert scene.submit(LA.ChooseTrain("Redstone"))
    app.step()
    return app, scene


def build_first(scene, seat):
    """`seat` builds its first section out of a Major City (the other ends its building turn)."""
    while scene.state.current_player() != seat:
        assert scene.submit(A.EndTurn())
    b = next(a for a in scene.state.legal_actions() if isinstance(a, A.BuildTrack))
    assert scene.submit(b)
    return pair_key(*b.path)


def test_a_human_seller_accepts_in_the_dialog(tmp_path):
    app, scene = open_game(tmp_path, human=1)
    section = build_first(scene, 1)
    assert scene.submit(A.EndTurn())
    while scene.state.current_player() != 0:
        assert scene.submit(A.EndTurn())
    assert scene.submit(LA.OfferTrack(1, (section,), (), 5))
    app.step()
    dialog = scene.controller.dialog
    assert dialog is not None and "Ann wants 1 section of your track" in dialog.get_container().elements[0].html_text
    a, b = section
    named = scene.state.place(b if a in scene.state.board.city_at else a)
    assert " of " in named and named in dialog.get_container().elements[0].html_text  # words, no coordinates
    assert str(a) not in dialog.get_container().elements[0].html_text
    click_element(app, dialog.accept_button)
    assert scene.session.actions[-1] == LA.AnswerOffer(True)
    assert scene.state.track[section] == 0 and scene.controller.dialog is None


def test_a_buyer_clicks_sections_and_sends_the_offer(tmp_path):
    app, scene = open_game(tmp_path, human=0)
    section = build_first(scene, 1)
    while scene.state.current_player() != 0:
        assert scene.submit(A.EndTurn())
    ctl = scene.controller
    ctl.start_pick("offer")
    a, b = (ctl.geom.pos(h) for h in section)
    ctl.on_click(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), 1)
    assert ctl.picks.take == [section] and ctl.picks.seller == 1
    ctl.change_price(5)
    ctl.change_price(1)
    ctl.send_offer()
    assert scene.session.actions[-1] == LA.OfferTrack(1, (section,), (), 6)
    assert scene.state.pending[0].kind == "track_offer"


def test_a_warehouse_is_placed_by_clicking_a_mare_milepost(tmp_path):
    app, scene = open_game(tmp_path, human=0)
    while scene.state.current_player() != 0:
        assert scene.submit(A.EndTurn())
    st = scene.state
    mare = next(h for h, t in sorted(st.board.mileposts.items()) if t == "clear" and not st.warehouse_refusal(0, h))
    ctl = scene.controller
    ctl.start_pick("warehouse")
    ctl.click_milepost(mare, 1)
    assert scene.session.actions[-1] == LA.BuildWarehouse(mare)
    assert scene.state.lunar.warehouses[0].milepost == mare and not ctl.picks.what
    app.step()
    assert any(sq[0] == mare for sq in ctl.overlay_now().squares)


def test_t_runs_the_other_train(tmp_path):
    app, scene = open_game(tmp_path, human=0)
    while scene.state.current_player() != 0:
        assert scene.submit(A.EndTurn())
    key(app, pygame.K_t)
    assert scene.session.actions[-1] == LA.SwitchTrain()
    assert scene.state.players[0].loco == "Redstone"


def test_the_train_panel_shows_both_trains(tmp_path, monkeypatch):
    app, scene = open_game(tmp_path, human=0)
    drawn: list[str] = []
    real = theme.draw_text

    def record(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", record)
    scene.controller.show_demands_of(0)
    app.step()
    assert "Ann's trains" in drawn
    assert {"Von Braun", "Redstone", "parked · loads: none"} <= set(drawn)


def test_the_kept_panel_and_card_dock_follow_the_offer_and_the_mouse(tmp_path):
    """The panel's picture is kept between frames: an offer being put
    together, a price changed and a demand pointed at in the card dock each
    show at once, exactly as the panel drawn anew."""
    app, scene = open_game(tmp_path, human=0)
    section = build_first(scene, 1)
    while scene.state.current_player() != 0:
        assert scene.submit(A.EndTurn())
    ctl = scene.controller
    assert scene.dock_rect.height and panel_is_fresh(app, scene)
    ctl.start_pick("offer")
    assert panel_is_fresh(app, scene)
    a, b = (ctl.geom.pos(h) for h in section)
    ctl.on_click(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), 1)
    assert panel_is_fresh(app, scene)
    ctl.change_price(5)
    assert panel_is_fresh(app, scene)
    spot = next(s for s in ctl.cursor.hotspots if scene.dock_rect.collidepoint(s.rect.center))
    motion(app, spot.rect.center)
    assert ctl.hover_demand == spot.key and panel_is_fresh(app, scene)


def to_operations(scene, seat):
    """Play on (ending building turns, placing trains in the first city) to `seat`'s running turn."""
    while scene.state.current_player() != seat or scene.state.phase != "operate" \
            or scene.state.players[seat].position is None:
        st = scene.state
        if st.phase == "operate" and st.players[st.current_player()].position is None:
            assert scene.submit(next(a for a in st.legal_actions() if isinstance(a, A.PlaceTrain)))
        else:
            assert scene.submit(A.EndTurn())


def in_view(scene, label):
    """The panel button `label`, checked to lie whole inside its panel area as drawn (no scrolling)."""
    view = scene.controller.cursor
    for cur in view.cursors.values():
        for b in cur.buttons:
            if b.label == label:
                assert cur.rect.contains(b.rect), f"{label} is below the fold"
                return b
    raise AssertionError(f"no {label} button")


def test_at_1280x720_the_offer_and_the_trains_need_no_scrolling(tmp_path):
    app, scene = open_game(tmp_path, human=0)
    section = build_first(scene, 1)
    to_operations(scene, 0)
    ctl = scene.controller
    app.step()
    assert scene.size == (1280, 720) and ctl.mode() == "move"
    for label in ("End turn", "Run the Redstone (not placed)", "Buy track…", "Redstone 10M", "Atlas 20M",
                  "Soyuz 20M"):
        in_view(scene, label)
    ctl.start_pick("offer")
    a, b = (ctl.geom.pos(h) for h in section)
    ctl.on_click(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), 1)
    app.step()
    in_view(scene, "+5M")
    send = in_view(scene, "Send offer")
    assert send.enabled
    send.action()
    assert scene.session.actions[-1] == LA.OfferTrack(1, (section,), (), 0)


def test_a_human_seller_counters_and_the_computer_buyer_answers(tmp_path):
    app, scene = open_game(tmp_path, human=1)
    section = build_first(scene, 1)
    to_operations(scene, 0)
    assert scene.submit(LA.OfferTrack(1, (section,), (), 1))
    app.step()
    dialog = scene.controller.dialog
    assert "4 counter-offer(s) left" in dialog.get_container().elements[0].html_text
    click_element(app, dialog.counter_button)
    ctl = scene.controller
    assert ctl.dialog is None and ctl.picks.what == "counter" and ctl.picks.give == [section]
    ctl.change_price(5)
    app.step()
    in_view(scene, "Send counter-offer").action()
    assert scene.session.actions[-1] == LA.CounterOffer((section,), (), 6)
    assert scene.state.current_player() == 0 and not ctl.picks.what
    bot = make_bot("normal", 0)
    answer = bot.decide(scene.state)
    assert answer in (LA.AnswerOffer(True), LA.AnswerOffer(False)) or \
        (isinstance(answer, LA.CounterOffer) and not scene.state.counter_refusal(answer))


def test_back_from_a_counter_offer_shows_the_offer_again(tmp_path):
    app, scene = open_game(tmp_path, human=1)
    section = build_first(scene, 1)
    to_operations(scene, 0)
    assert scene.submit(LA.OfferTrack(1, (section,), (), 1))
    app.step()
    click_element(app, scene.controller.dialog.counter_button)
    app.step()
    in_view(scene, "Back (Esc)").action()
    app.step()
    assert scene.controller.dialog is not None and scene.controller.picks.what == ""


def test_a_human_warehouse_owner_is_asked(tmp_path):
    from game.crayon.lunar_rails.extras import Warehouse
    app, scene = open_game(tmp_path, human=1)
    to_operations(scene, 0)
    st = scene.state
    here = st.players[0].position
    st.lunar.warehouses[1] = Warehouse(here, ["Beer"])  # a warehouse where Ann's train stands (test set-up)
    st.supply["Beer"] -= 1
    assert scene.submit(LA.WarehouseTrade(1, "Beer"))
    app.step()
    assert scene.controller.mode() == "decide"
    in_view(scene, "Yes, sell Beer for 5M").action()
    assert scene.session.actions[-1] == LA.AnswerTrade(True)
    assert scene.state.players[0].loads == ["Beer"] and scene.state.players[1].cash == 65
