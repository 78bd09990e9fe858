"""Side-panel wording that carries rules: hidden cash, load buttons, tooltips."""
import pytest

from game.core.engine import Seat
from game.crayon import actions as A
from game.crayon.russian_rails import ENGINE
from ui.russian_rails.panels import HIDDEN, cash_label, milepost_tip


@pytest.fixture
def state():
    return ENGINE.new_game({}, 3, [Seat("Ann", "orange"), Seat("Bob", "sky"), Seat("Cy", "green")])


def test_cash_is_hidden_from_other_players_until_it_is_public(state):
    assert cash_label(state, 0, 0) == "60M"
    assert cash_label(state, 0, 1) == HIDDEN
    assert cash_label(state, None, 1) == "60M"  # only computers at the table: nothing to hide
    state.cash_public = True  # what the Rail Tax event does
    assert cash_label(state, 0, 1) == "60M"


def test_tooltips_name_the_terrain_and_its_cost(state):
    board = state.board
    moscow = board.cities["Moscow"]
    tip = milepost_tip(state, moscow.center)
    assert tip.startswith("Moscow (major city") and "5M" in tip
    for goods in moscow.goods:
        assert goods in tip
    mountain = next(h for h, t in board.mileposts.items() if t == "mountain")
    assert milepost_tip(state, mountain) == f"Mountain milepost in {board.region_of[mountain]}: 2M to build to."


def test_a_placed_train_is_named_in_the_tooltip(state):
    seat = state.current_player()
    state.apply(A.PlaceTrain(state.board.cities["Kazan"].center))
    assert f"Train here: {state.name(seat)}." in milepost_tip(state, state.board.cities["Kazan"].center)


def test_the_tooltip_names_whose_track_reaches_a_milepost(state):
    seat = state.current_player()
    start = state.board.cities["Moscow"].mileposts[1]
    path = tuple((start[0] + k, start[1]) for k in range(3))
    assert "Track here" not in milepost_tip(state, path[1])
    state.apply(A.BuildTrack(path))
    assert milepost_tip(state, path[1]).endswith(f" Track here: {state.name(seat)}.")


def test_weather_and_flood_events_are_marked_on_the_map(state):
    from ui.russian_rails.crayon_overlay import Overlay
    from ui.russian_rails.panels import FLOOD_LINE, WEATHER_RING, event_marks

    cards = state.data.events
    snow = next(n for n, c in cards.items() if not c.is_dual and c.spec.kind == "weather")
    flood = next(n for n, c in cards.items() if not c.is_dual and c.spec.kind == "flood")
    state.resolve_event(snow, state.current_player())
    state.resolve_event(flood, state.current_player())
    ov = Overlay()
    event_marks(state, ov)
    assert ov.zones == [(tuple(state.weather_mileposts()), WEATHER_RING)] and ov.zones[0][0]
    assert {name for name, _ in ov.rivers} == set(cards[flood].spec.get("rivers"))
    assert all(colour == FLOOD_LINE for _, colour in ov.rivers)
