"""Headless smoke tests of every shell screen, driven by synthetic clicks and
keys through App.step()."""
import pygame
import pytest
import yaml

from game.core.engine import Seat
from game.core.session import Session
from tests.ui.fake_game import RaceState
from tests.ui.helpers import click, click_element, key, make_app, register_fake_game
from ui.scenes.load import LoadScene
from ui.scenes.menu import MenuScene
from ui.scenes.pass_screen import PassScene
from ui.scenes.rules import RulesScene, markdown_to_html
from ui.scenes.settings_scene import SettingsScene
from ui.scenes.setup import SetupScene
from ui.game_scene import GameScene
from ui.settings import Settings


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    app.step()
    return app


def test_menu_shows_four_tiles_and_opens_each_screen(app):
    menu = app.top
    assert len(menu._tile_buttons) == 8  # Play + Rules per game
    assert not menu.continue_button.is_enabled  # no autosave yet
    for button, scene_type in ((menu.settings_button, SettingsScene), (menu.load_button, LoadScene),
                               (menu.rules_button, RulesScene)):
        click_element(app, button)
        assert type(app.top) is scene_type
        key(app, pygame.K_ESCAPE)
        assert app.top is menu
    click_element(app, menu.quit_button)
    assert not app.running


def test_menu_rules_button_of_a_tile_opens_that_game(app):
    rules = [b for b, (kind, gid) in app.top._tile_buttons.items() if kind == "rules" and gid == "lunar_rails"]
    click_element(app, rules[0])
    assert isinstance(app.top, RulesScene) and app.top.game_id == "lunar_rails"


def test_rules_reader_switches_game_and_shows_note_when_missing(app, tmp_path, monkeypatch):
    import ui.scenes.rules as rules

    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "lunar_rails.md").write_text("# Lunar\n\nBuild **track**.\n- one\n", encoding="utf-8")
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path / "rules")
    app.push(RulesScene(app, "russian_rails"))
    app.step()
    assert "has not been written yet" in app.top.text.html_text
    item = [i for i in app.top.listing.item_list if i["text"] == "Lunar Rails"][0]
    click(app, item["button_element"].rect.center)
    assert app.top.game_id == "lunar_rails"
    assert "<b>track</b>" in app.top.text.html_text and "• one" in app.top.text.html_text


def test_markdown_conversion_escapes_and_formats():
    html = markdown_to_html("## Turn order\nFirst *you*\nthen <them>.\n\n1. Build")
    assert "<b>Turn order</b>" in html and "<i>you</i>" in html and "&lt;them&gt;" in html
    assert "First <i>you</i> then" in html and "1. Build" in html


def test_settings_change_persists_to_home(app, tmp_path):
    app.push(SettingsScene(app))
    app.step()
    scene = app.top
    click_element(app, scene.sound)
    assert app.settings.sound is False
    click_element(app, scene.speed)  # open the drop-down, then pick "Fast"
    fast = [b for b in scene.speed.current_state.options_selection_list.item_list if b["text"] == "Fast"][0]
    click(app, fast["button_element"].rect.center)
    assert app.settings.animation_speed == "fast"
    saved = yaml.safe_load((tmp_path / "config" / "settings.yaml").read_text())
    assert saved["sound"] is False and saved["animation_speed"] == "fast"
    assert Settings.load(tmp_path / "config" / "settings.yaml").animation_factor == 2.0


def test_damaged_settings_file_gives_defaults(tmp_path):
    path = tmp_path / "settings.yaml"
    path.write_text("animation_speed: [1, 2\n")
    assert Settings.load(path) == Settings()
    path.write_text("animation_speed: warp\nsound: 3\nwindow_size: 10x10\n")
    assert Settings.load(path) == Settings()


def test_setup_starts_fake_game_with_chosen_seats(app, tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app.push(SetupScene(app, "fake_race"))
    app.step()
    setup = app.top
    assert setup.count == 3 and setup.engine is RaceState
    name_entry = [e for e, r in setup._widget_roles.items() if r == ("name", 0)][0]
    click_element(app, name_entry)
    key(app, pygame.K_a, pygame.KMOD_CTRL)  # select all, then type over it
    for ch in "Zoe":
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    app.step()
    assert setup.seats[0].name == "Zoe"
    click_element(app, setup.seed_entry)
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    for ch in "4x2":  # the seed field takes digits only
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    assert setup.seed() == 42
    click_element(app, setup.start_button, frames=1)
    game = app.top
    assert isinstance(game, GameScene)
    assert [type(s) for s in app.scenes] == [MenuScene, GameScene]
    assert game.session.seed == 42 and [s.name for s in game.session.seats][0] == "Zoe"
    assert [s.kind for s in game.session.seats] == ["human", "computer", "computer"]
    assert len(list((tmp_path / "saves").glob("autosave-fake_race-*.yaml"))) == 1


def test_setup_colour_pick_swaps_instead_of_duplicating(app, monkeypatch):
    register_fake_game(monkeypatch)
    setup = SetupScene(app, "fake_race")
    setup._on_choice(("colour", 0), "sky")
    assert [s.colour for s in setup.seats[:2]] == ["sky", "orange"]
    setup._on_choice(("kind", 1), "human")
    assert setup.seats[1].name == "Player 2"
    setup._on_choice(("count", None), "1")
    assert len(setup.chosen_seats()) == 1


def test_load_scene_loads_a_save_and_reports_damage(app, tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    saves = tmp_path / "saves"
    saves.mkdir()
    good = Session("fake_race", {}, 5, [Seat("Ann", "orange"), Seat("Bob", "sky")], engine=RaceState)
    good.apply(good.state.legal_actions()[0])
    good.save(saves / "fake_race-1.yaml")
    (saves / "fake_race-2.yaml").write_text("format_version: 1\ngame: fake_race\nseed: [\n")
    app.push(LoadScene(app))
    app.step()
    scene = app.top
    damaged = [i for i in scene.listing.item_list if i["object_id"].endswith("fake_race-2.yaml")][0]
    click(app, damaged["button_element"].rect.center)
    click_element(app, scene.load_button)
    assert app.top is scene
    assert scene.error is not None and "is damaged: it is not valid YAML" in scene.error.text_block.html_text
    click_element(app, scene.error.dismiss_button)
    assert not scene.error.alive()
    app.step()
    ok = [i for i in scene.listing.item_list if i["object_id"].endswith("fake_race-1.yaml")][0]
    click(app, ok["button_element"].rect.center)
    click_element(app, scene.load_button, frames=1)
    game = app.scenes[1]
    assert isinstance(game, GameScene) and game.session.state.pos == [1, 0]
    assert isinstance(app.top, PassScene) and app.top.player_name == "Bob"  # two humans, hidden cards


def test_continue_opens_last_autosave(tmp_path, monkeypatch):
    register_fake_game(monkeypatch)
    app = make_app(tmp_path)
    s = Session("fake_race", {}, 9, [Seat("Ann", "orange"), Seat("Bob", "sky", "computer")], engine=RaceState,
                autosave_path=str(tmp_path / "saves" / "autosave-fake_race.yaml"))
    s.apply(s.state.legal_actions()[2])
    app.push(MenuScene(app))
    app.step()
    assert app.top.continue_button.is_enabled
    key(app, pygame.K_RETURN, frames=0)  # Enter continues
    game = app.top
    assert isinstance(game, GameScene) and game.session.state.pos == [3, 0]
    for _ in range(200):  # the computer (Bob) moves a moment later, off the frame loop
        app.step()
        if game.session.state.pos[1]:
            break
        game._job and game._job.thread.join(1)
    assert game.session.state.pos == [3, 2]


def test_every_screen_survives_resizing(app, monkeypatch):
    register_fake_game(monkeypatch)
    for scene in (SetupScene(app, "fake_race"), SettingsScene(app), LoadScene(app), RulesScene(app)):
        app.push(scene)
        app.step()
        app.set_window_size((1920, 1080))
        app.step()
        assert app.screen.get_size() == (1920, 1080)
        app.set_window_size((1280, 720))
        app.step()
        app.pop()


def test_f11_toggles_fullscreen_and_back(app):
    size = app.screen.get_size()
    key(app, pygame.K_F11)
    assert app.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.screen.get_size() == size


def test_window_never_shrinks_below_the_minimum(app):
    app.set_window_size((600, 400))
    app.step()
    assert app.screen.get_size() == (1024, 600)


def test_low_drop_downs_open_upward_inside_the_window(app, monkeypatch):
    register_fake_game(monkeypatch)
    app.push(SetupScene(app, "fake_race"))
    app.step()
    setup = app.top
    setup._on_choice(("count", None), "4")
    app.step()
    low = [e for e, r in setup._widget_roles.items() if r[0] == "option" and r[1].key == "mood"][0]
    assert low.rect.bottom > 0.6 * 720
    click_element(app, low)
    listing = low.current_state.options_selection_list
    assert listing.rect.bottom <= low.rect.top + 2 and listing.rect.top >= 0
    high = [e for e, r in setup._widget_roles.items() if r == ("colour", 0)][0]
    click_element(app, high)
    assert high.current_state.options_selection_list.rect.top >= high.rect.bottom - 2


def test_rules_reader_pages_with_keys(app, tmp_path, monkeypatch):
    import ui.scenes.rules as rules

    (tmp_path / "rules").mkdir()
    long_text = "# Long\n\n" + "\n\n".join(f"Paragraph {i} of a long rulebook." for i in range(200))
    (tmp_path / "rules" / "lunar_rails.md").write_text(long_text, encoding="utf-8")
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path / "rules")
    app.push(RulesScene(app, "lunar_rails"))
    app.step()
    bar = app.top.text.scroll_bar
    assert bar is not None and bar.start_percentage == 0
    key(app, pygame.K_PAGEDOWN)
    assert bar.start_percentage > 0
    key(app, pygame.K_END)
    assert bar.start_percentage == pytest.approx(1 - bar.visible_percentage, abs=0.02)
    key(app, pygame.K_HOME)
    assert bar.start_percentage == 0


def test_setup_with_a_damaged_map_explains_instead_of_crashing(app, monkeypatch):
    from game.core.errors import MapError

    register_fake_game(monkeypatch)

    def broken(*args, **kwargs):
        raise MapError("maps/fake/fake.tmx: the map is not valid XML (line 3)")

    monkeypatch.setattr(RaceState, "new_game", classmethod(broken))
    app.push(SetupScene(app, "fake_race"))
    app.step()
    setup = app.top
    click_element(app, setup.start_button, frames=1)
    assert app.top is setup
    assert "the map is not valid XML (line 3)" in setup.error.text_block.html_text


def test_results_headers_are_never_cut():
    """Play-test: "Trans-Si…", "St. Petersb…" at 1280x720. Every header of the
    Russian Railroads breakdown fits a 1280 px table's column whole, 11 px or more."""
    import pygame

    from ui import theme
    from ui.scenes.results import header_lines
    pygame.font.init()
    width = int((1200 - min(230, 1200 // 6) - 40) / 10) - 6
    for key in ("Trans-Siberian", "St. Petersburg", "Engineers & factories", "Engineer majority", "End Bonus"):
        size, lines = header_lines(key, width)
        assert size >= 11 and len(lines) <= 3
        assert "".join(lines).replace("-", "").replace(" ", "") == key.replace("-", "").replace(" ", "")
        assert all(theme.font(size, True).size(line)[0] <= width for line in lines)


def test_setup_pages_options_that_do_not_fit_and_explains_the_one_pointed_at(tmp_path):
    """Lunar Rails' sixteen options ran off a 1280x720 window, and options had no
    explanation a newcomer could read: now they come a page at a time and the
    option under the mouse is explained."""
    import pygame

    from game import registry
    from tests.ui.helpers import make_app
    from ui.scenes.setup import SetupScene
    app = make_app(tmp_path)
    scene = SetupScene(app, "lunar_rails")
    app.push(scene)
    app.step()
    seen: list[str] = []
    for _ in range(scene._page_count):
        seen += [spec.key for _rect, spec in scene._option_rects]
        assert all(rect.bottom <= scene._content().bottom for rect, _spec in scene._option_rects)
        button = next(el for el, role in scene._widget_roles.items() if role == ("page", 1))
        click_element(app, button)
    assert seen == [spec.key for spec in registry.engine("lunar_rails").option_specs]
    rect, spec = scene._option_rects[0]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.hovered_option() is spec and spec.help


def test_six_seats_in_a_low_window_leave_the_options_room(tmp_path):
    """Six seats at 1280x720 took so much height that Lunar Rails' options
    came two to a page (8 pages): the seats' rows are compact there (their
    widgets still apart), and the options take 5 pages."""
    from tests.ui.helpers import make_app
    app = make_app(tmp_path, (1280, 720))
    scene = SetupScene(app, "lunar_rails")
    app.push(scene)
    scene.count = 6
    scene._build()
    app.step()
    rows = sorted((el.relative_rect for el, role in scene._widget_roles.items() if role[0] == "name"),
                  key=lambda r: r.top)
    assert len(rows) == 6 and all(a.bottom + 8 <= b.top for a, b in zip(rows, rows[1:]))
    assert all(r.height >= 30 for r in rows)
    assert scene._page_count <= 5
    scene.count = 3  # few seats keep the roomy rows
    scene._build()
    rows = sorted((el.relative_rect for el, role in scene._widget_roles.items() if role[0] == "name"),
                  key=lambda r: r.top)
    assert rows[1].top - rows[0].top == 50
