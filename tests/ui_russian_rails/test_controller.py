"""Playing Russian Rails with the mouse: a drag from Moscow builds exactly the
dragged track, an illegal proposal shows its reason and builds nothing, the
cheapest-route suggestion is a legal proposal, and a move click previews the
path and its movement points before a second click moves the train."""
import pygame
import pytest

from game.crayon import actions as A
from tests.ui_russian_rails.helpers import drag, mouse, open_game, press_key, screen_of
from ui.russian_rails.panels import status_line


@pytest.fixture
def game(tmp_path):
    app, scene = open_game(tmp_path)
    scene.camera.zoom = 2.0  # the track drawn east of Moscow stays inside the (map-sized) board
    scene.camera.center = scene.controller.geom.pos(scene.state.board.cities["Moscow"].center)
    app.step()
    return app, scene


def east_of_moscow(state, n):
    """n+1 mileposts: a Moscow outer milepost, then n clear mileposts eastward."""
    start = state.board.cities["Moscow"].mileposts[1]
    return [(start[0] + k, start[1]) for k in range(n + 1)]


def test_drag_from_a_major_city_builds_the_dragged_track(game):
    app, scene = game
    st = scene.state
    seat = st.current_player()
    path = east_of_moscow(st, 4)
    drag(app, scene, path)
    ctl = scene.controller
    assert ctl.build.path == path
    assert ctl.build.quote.legal and ctl.build.quote.total == sum(
        st.rules.terrain_cost[st.board.mileposts[h]] + st.board.water.get(tuple(sorted((a, h))), 0)
        for a, h in zip(path, path[1:]))
    assert not st.track  # nothing is built before confirming
    press_key(app, pygame.K_RETURN)
    assert scene.session.actions[-1] == A.BuildTrack(tuple(path))
    assert {pair for pair, owner in scene.state.track.items() if owner == seat} == {
        tuple(sorted(p)) for p in zip(path, path[1:])}
    assert ctl.build.path == []


def test_dragging_back_undoes_the_last_step(game):
    app, scene = game
    path = east_of_moscow(scene.state, 3)
    drag(app, scene, path + [path[-2]])
    assert scene.controller.build.path == path[:-1]


def test_an_over_budget_proposal_shows_why_and_builds_nothing(game):
    app, scene = game
    st = scene.state
    path = east_of_moscow(st, 22)
    assert all(h in st.board.mileposts for h in path)
    scene.camera.zoom = 0.9  # the whole path on screen
    scene.camera.center = scene.controller.geom.pos(path[11])
    app.step()
    drag(app, scene, path)
    assert scene.controller.build.path == path
    q = scene.controller.build.quote
    assert not q.legal
    assert "the limit is 20M" in q.reason
    overlay = scene.controller.overlay_now()
    assert overlay.bad_segments and overlay.bad_segments[0][2] == q.reason
    press_key(app, pygame.K_RETURN)
    assert not scene.session.actions
    assert scene._banner is not None and "the limit is 20M" in scene._banner[0]


def test_red_area_refusal_is_shown_for_the_segment(game):
    app, scene = game
    moscow = scene.state.board.cities["Moscow"]
    ctl = scene.controller
    ctl.click_milepost(moscow.mileposts[1], 1)
    ctl.click_milepost(moscow.center, 1)
    q = ctl.build.quote
    assert q is not None and not q.legal and q.reason
    assert not any(s.builds and not s.reason for s in q.segments)


def test_cheapest_route_suggestion_is_a_legal_proposal(game):
    app, scene = game
    st = scene.state
    kazan = st.board.cities["Kazan"].center
    ctl = scene.controller
    ctl.hover = kazan
    press_key(app, pygame.K_r)
    assert ctl.build.suggested and ctl.build.path[-1] == kazan
    assert ctl.build.quote.legal
    assert ctl.build.quote.total == st.cheapest_route(kazan).cost


def test_route_to_a_major_city_you_can_start_from_says_to_drag_from_it(game):
    app, scene = game
    st = scene.state
    moscow = st.board.cities["Moscow"].center
    scene.controller.hover = moscow
    press_key(app, pygame.K_r)
    assert not scene.controller.build.path
    assert scene._banner[0] == ("Your track can start at Moscow: drag from it, or right-click "
                                "the milepost you want to reach.")


def play_to_operations(app, scene):
    """Human builds east from Moscow in the first building round; everyone
    else passes until the trains run."""
    human = scene.state.current_player()
    path = east_of_moscow(scene.state, 6)
    assert scene.submit(A.BuildTrack(tuple(path)))
    while scene.state.phase == "initial":
        assert scene.submit(A.EndTurn())
    while scene.state.current_player() != human:
        assert scene.submit(A.EndTurn())
    app.step()
    return path


def test_move_click_previews_then_moves(game):
    app, scene = game
    path = play_to_operations(app, scene)
    ctl = scene.controller
    assert ctl.mode() == "place"
    mouse(app, pygame.MOUSEMOTION, screen_of(scene, path[0]))
    mouse(app, pygame.MOUSEBUTTONDOWN, screen_of(scene, path[0]))
    mouse(app, pygame.MOUSEBUTTONUP, screen_of(scene, path[0]))
    seat = scene.state.current_player()
    assert scene.state.players[seat].position == path[0]
    assert ctl.mode() == "move"
    target = path[4]
    for _ in range(2):
        app.step()
    mouse(app, pygame.MOUSEMOTION, screen_of(scene, target))
    mouse(app, pygame.MOUSEBUTTONDOWN, screen_of(scene, target))
    mouse(app, pygame.MOUSEBUTTONUP, screen_of(scene, target))
    plan = ctl.move.plan
    assert plan is not None and plan.legal
    assert plan.path == tuple(path[:5]) and plan.points_used == 4 and plan.rent == 0
    assert scene.state.players[seat].position == path[0]  # only a preview so far
    mouse(app, pygame.MOUSEBUTTONDOWN, screen_of(scene, target))
    mouse(app, pygame.MOUSEBUTTONUP, screen_of(scene, target))
    assert scene.session.actions[-1] == A.Move(tuple(path[1:5]))
    assert scene.state.players[seat].position == target


def test_a_move_off_the_track_explains_itself(game):
    app, scene = game
    path = play_to_operations(app, scene)
    ctl = scene.controller
    ctl.click_milepost(path[0], 1)
    app.step()
    off = (path[3][0], path[3][1] + 3)
    ctl.click_milepost(off, 1)
    assert ctl.move.plan is not None and not ctl.move.plan.legal
    assert ctl.move.plan.reason
    n = len(scene.session.actions)
    press_key(app, pygame.K_RETURN)
    assert len(scene.session.actions) == n
    assert scene._banner[0] == ctl.move.plan.reason


def button(scene, label):
    return next(b for b in scene.controller.cursor.buttons if b.label == label)


def test_city_panel_picks_up_a_load(game):
    app, scene = game
    play_to_operations(app, scene)
    st = scene.state
    seat = st.current_player()
    moscow = st.board.cities["Moscow"]
    assert scene.submit(A.PlaceTrain(moscow.center))
    app.step()
    app.step()
    good = st.data.supplies["Moscow"][0]
    left = st.supply[good]
    b = button(scene, f"+ {good} ({left})")
    mouse(app, pygame.MOUSEMOTION, b.rect.center)
    mouse(app, pygame.MOUSEBUTTONDOWN, b.rect.center)
    mouse(app, pygame.MOUSEBUTTONUP, b.rect.center)
    assert scene.session.actions[-1] == A.PickUp(good)
    assert scene.state.players[seat].loads == [good]
    assert scene.state.supply[good] == left - 1


def test_upgrade_button_is_refused_with_its_reason_when_over_budget(game):
    app, scene = game
    st = scene.state
    path = east_of_moscow(st, 3)
    assert scene.submit(A.BuildTrack(tuple(path)))
    app.step()
    b = button(scene, "Fast Freight 20M")
    assert not b.enabled and "you may spend only" in b.tip


def test_hovering_a_demand_rings_its_cities_and_prices_the_route(game):
    app, scene = game
    st = scene.state
    ctl = scene.controller
    spot = ctl.cursor.hotspots[0]
    card, index = spot.key
    demand = st.card_demands(card)[index]
    mouse(app, pygame.MOUSEMOTION, spot.rect.center)
    assert ctl.hover_demand == (card, index)
    overlay = ctl.overlay_now()
    ringed = {h for h, _ in overlay.rings}
    assert st.board.cities[demand.city].center in ringed
    sources = [c for c in st.data.loads[demand.load].sources if c in st.board.cities]
    assert {st.board.cities[c].center for c in sources} <= ringed
    hint = ctl.current_hint()
    assert any(demand.city in line for line in hint.lines)
    assert overlay.paths  # the cheapest missing track is drawn


def test_move_mode_rings_the_reachable_mileposts(game):
    app, scene = game
    path = play_to_operations(app, scene)
    ctl = scene.controller
    ctl.click_milepost(path[0], 1)
    app.step()
    reach = set(ctl.reachable())
    speed = scene.state.moves_left
    assert set(path[1:1 + speed]) <= reach
    assert path[0] not in reach and len(reach) <= speed + 12  # along the track, plus Moscow's red area
    assert f"({speed} mileposts left)" in status_line(ctl)  # the train's speed, in the map's own unit


def test_engine_events_become_animations_and_an_event_banner(game):
    from game.crayon.events import EventDrawn, TrackBuilt, TrainMoved
    from ui.animation import AnimationQueue, DrawIn, MoveAlong

    app, scene = game
    ctl = scene.controller
    queue = AnimationQueue(1.0)
    path = tuple(east_of_moscow(scene.state, 3))
    ctl.animate([TrainMoved(0, "Ann", path), TrackBuilt(1, "Bob", tuple(zip(path, path[1:])), 3),
                 EventDrawn(0, "Ann", 140, "Heavy Snow", "Half-rate movement in the Urals.")], queue)
    kinds = [type(t) for t in queue._queue]
    assert kinds == [MoveAlong, DrawIn, DrawIn, DrawIn]
    assert queue._queue[0].points[0] == ctl.geom.pos(path[0]) and queue._queue[0].points[-1] == ctl.geom.pos(path[-1])
    assert ctl._moving_seat == 0  # the pawn is hidden while its token travels
    assert "Heavy Snow" in scene._banner[0]


def test_clicking_a_player_lists_their_demands(game):
    app, scene = game
    st = scene.state
    ctl = scene.controller
    other = 1 - st.current_player()
    row = next(b for b in ctl.cursor.buttons if b.label == st.name(other))
    mouse(app, pygame.MOUSEMOTION, row.rect.center)
    mouse(app, pygame.MOUSEBUTTONDOWN, row.rect.center)
    mouse(app, pygame.MOUSEBUTTONUP, row.rect.center)
    app.step()
    assert ctl.demands_seat() == other
    listed = {spot.key for spot in ctl.cursor.hotspots}
    assert listed == {(card, i) for card in st.players[other].hand for i in range(3)}


def test_a_disabled_button_explains_itself_on_hover(game):
    app, scene = game
    assert scene.submit(A.BuildTrack(tuple(east_of_moscow(scene.state, 3))))
    app.step()
    b = button(scene, "Fast Freight 20M")
    assert scene.controller.cursor.tip_at(b.rect.center) == b.tip
    assert "you may spend only" in b.tip


def test_the_panel_names_a_plain_milepost_by_the_nearest_city(game):
    app, scene = game
    st = scene.state
    moscow = st.board.cities["Moscow"]
    path = east_of_moscow(st, 4)
    assert st.place(moscow.center) == "Moscow"
    assert st.place(path[1]) == "1 milepost east of Moscow"  # counted from the city's edge
    assert st.place(path[4]) == "2 mileposts south-west of Gorky"  # the nearest city counts
