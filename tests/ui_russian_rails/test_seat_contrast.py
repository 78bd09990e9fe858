"""Crayon track must never pass for water: every seat colour Russian Rails
and Lunar Rails offer is measured (CIEDE2000) against every water colour of
both maps, and against the other seats."""
from itertools import combinations

import pytest

from game import registry
from ui import theme
from ui.colour_distance import delta_e, delta_e_lab
from ui.games import computer_seats
from ui.russian_rails.crayon_style import water_colours
from ui.russian_rails.lunar_look import LUNAR_STYLE, LUNAR_WATERS
from ui.russian_rails.render import RUSSIAN_STYLE

SEAT_WATER_MIN_DELTA_E = 25.0  # CIEDE2000: another colour at a glance, not a shade of the same
SEAT_SEAT_MIN_DELTA_E = 26.0  # two seats' track told apart (the old pink and magenta: 24.5, orange and yellow: 21.7)
WATERS = {
    "russian_rails": water_colours(RUSSIAN_STYLE),
    "lunar_rails": water_colours(LUNAR_STYLE) + LUNAR_WATERS,
}


def test_the_colour_difference_matches_the_published_ciede2000_examples():
    """Sharma, Wu & Dalal (2005), pairs 1, 7 and 25 of their test data."""
    assert delta_e_lab((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e_lab((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert delta_e_lab((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387)) == pytest.approx(1.2644, abs=1e-4)


@pytest.mark.parametrize("game_id", sorted(WATERS))
def test_no_seat_colour_is_confusable_with_water(game_id):
    palette = theme.seat_order(game_id)
    assert len(palette) >= registry.engine(game_id).max_players
    for key in palette:
        for water in WATERS[game_id]:
            d = delta_e(theme.SEAT_COLOURS[key], water)
            assert d >= SEAT_WATER_MIN_DELTA_E, f"{key} track vs water {water}: ΔE00 {d:.1f}"


@pytest.mark.parametrize("game_id", sorted(WATERS))
def test_the_seats_track_colours_are_told_apart(game_id):
    for a, b in combinations(theme.seat_order(game_id), 2):
        assert delta_e(theme.SEAT_COLOURS[a], theme.SEAT_COLOURS[b]) >= SEAT_SEAT_MIN_DELTA_E, (a, b)


def test_the_blue_seats_would_have_failed():
    """The check has teeth: Sky and Blue track beside Russia's rivers and seas."""
    russia = WATERS["russian_rails"]
    assert min(delta_e(theme.SEAT_COLOURS["sky"], w) for w in russia) < 10
    assert min(delta_e(theme.SEAT_COLOURS["blue"], w) for w in russia) < 10


def test_the_pink_and_magenta_seats_would_have_failed():
    """The play-test's complaint: Computer 3's pink and Computer 6's magenta
    track looked alike in a six-player game."""
    assert delta_e(theme.SEAT_COLOURS["purple"], theme.SEAT_COLOURS["magenta"]) < SEAT_SEAT_MIN_DELTA_E
    assert delta_e(theme.SEAT_COLOURS["orange"], theme.SEAT_COLOURS["yellow"]) < SEAT_SEAT_MIN_DELTA_E
    assert "purple" not in theme.seat_order("russian_rails")


@pytest.mark.parametrize("game_id", sorted(WATERS))
def test_new_seats_take_the_games_own_colours(game_id):
    seats = computer_seats(registry.engine(game_id), 6, humans=1)
    assert [s.colour for s in seats] == list(theme.seat_order(game_id))


def test_setup_offers_the_crayon_games_no_blue_seat(tmp_path):
    from tests.ui.helpers import make_app
    from ui.scenes.setup import SetupScene

    app = make_app(tmp_path)
    setup = SetupScene(app, "russian_railroads")
    setup._on_choice(("colour", 2), "sky")
    setup._on_choice(("colour", 0), "green")
    assert setup.seats[2].colour == "sky"
    setup._on_choice(("game", None), "russian_rails")
    colours = [s.colour for s in setup.seats[:6]]
    assert "sky" not in colours and "blue" not in colours
    assert sorted(colours) == sorted(theme.seat_order("russian_rails"))  # six seats, six different colours
    assert colours[0] == "green"  # a colour the game offers is kept


@pytest.mark.parametrize("key", theme.CRAYON_SEAT_ORDER)
def test_every_seat_name_reads_on_the_dark_log(key):
    """Names in the log are written in their seat's colour: a dark track
    colour (brown) is lightened until it reads on the panel, the others are
    kept as they are."""
    rgb = theme.on_dark(theme.SEAT_COLOURS[key])
    assert delta_e(rgb, theme.BG_DEEP) >= theme.LOG_MIN_DELTA_E, key
    if delta_e(theme.SEAT_COLOURS[key], theme.BG_DEEP) >= theme.LOG_MIN_DELTA_E:
        assert rgb == theme.SEAT_COLOURS[key]
    else:  # lightened, not replaced: still the seat's hue
        assert rgb != theme.SEAT_COLOURS[key] and max(rgb) - min(rgb) > 20
