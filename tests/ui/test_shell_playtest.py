"""Play-test fixes of the game screen, driven through App.step with
synthetic events: controller widgets get their button presses, tooltips
follow the mouse and the state, a resize keeps the player's view, log lines
about nobody carry no name, controllers can colour extra names."""
import pygame
import pygame_gui

from game.core.engine import Seat
from game.core.session import LogEntry, Session
from tests.ui.fake_game import RaceController, RaceState, bot_factory
from tests.ui.helpers import click, make_app
from ui import widgets
from ui.game_scene import GameScene


class ButtonController(RaceController):
    """A controller with a pygame_gui button of its own and a tooltip that
    names the square the runner stands on."""

    def __init__(self, scene):
        super().__init__(scene)
        self.pressed = []
        self.go = widgets.button(scene.ui, (20, 80, 120, 40), "Step 2")

    def handle_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.go:
            self.pressed.append(self.scene.submit(self.scene.state.legal_actions()[1]))
            return True
        return False

    def on_hover(self, world_pos):
        return f"Runner on square {self.scene.state.pos[0]}"

    def log_names(self):
        return {"The Red Line": (255, 0, 0)}


def open_scene(tmp_path, controller=ButtonController, seats=None):
    app = make_app(tmp_path)
    session = Session("fake_race", {}, 3, seats or [Seat("Ann", "orange")], engine=RaceState)
    scene = GameScene(app, session, controller, bot_factory=bot_factory)
    app.push(scene)
    app.step()
    return app, scene


def motion(app, pos, buttons=(0, 0, 0)):
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)])


def test_a_controller_button_press_reaches_the_controller(tmp_path):
    app, scene = open_scene(tmp_path)
    click(app, scene.controller.go.rect.center)
    assert scene.controller.pressed == [True] and scene.state.pos == [2]


def test_tooltip_follows_the_state_after_a_click_without_moving(tmp_path):
    app, scene = open_scene(tmp_path)
    spot = scene.camera.world_to_screen((30, 20))
    motion(app, (int(spot[0]), int(spot[1])))
    assert scene._tooltip == "Runner on square 0"
    click(app, spot)  # steps one square; the mouse does not move afterwards
    assert scene.state.pos == [1] and scene._tooltip == "Runner on square 1"


def test_no_tooltip_while_a_button_is_held_and_it_follows_a_consumed_drag(tmp_path):
    class Dragger(ButtonController):
        def handle_event(self, event):  # takes every board motion, like a track drag
            return event.type == pygame.MOUSEMOTION and event.buttons[0] == 1

        def on_hover(self, world_pos):
            return f"x={round(world_pos[0] / 10) * 10}"

    app, scene = open_scene(tmp_path, Dragger)
    a = scene.camera.world_to_screen((30, 20))
    b = scene.camera.world_to_screen((200, 20))
    motion(app, (int(a[0]), int(a[1])))
    assert scene._tooltip == "x=30"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(a[0]), int(a[1])), button=3)])
    motion(app, (int(b[0]), int(b[1])), buttons=(1, 0, 0))
    assert scene._tooltip is None
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(b[0]), int(b[1])), button=3)])
    motion(app, (int(b[0]), int(b[1])))
    assert scene._tooltip == "x=200"


def test_resize_keeps_the_players_zoom_and_centre(tmp_path):
    app, scene = open_scene(tmp_path)
    cam = scene.camera
    fitted = cam.zoom
    cam.zoom_at(2.0, scene.board_rect.center)
    cam.pan_screen(-100, 0)
    centre, ratio = cam.center, cam.zoom / fitted
    app.set_window_size((1920, 1080))
    app.step()
    new_fit = cam.fit_zoom(scene.controller.world_bounds())
    assert cam.center == centre and abs(cam.zoom / new_fit - ratio) < 1e-9
    assert new_fit != fitted  # the window really changed the fitted zoom


def test_log_colours_the_controllers_extra_names(tmp_path):
    app, scene = open_scene(tmp_path)
    html = scene._entry_html(LogEntry(0, 0, "Ann pays The Red Line <2>."))
    assert html == ("<font color='#e69f00'><b>Ann</b></font> pays "
                    "<font color='#ff0000'><b>The Red Line</b></font> &lt;2&gt;.")
    assert scene._entry_html(LogEntry(0, 0, "Annual fair.")) == "Annual fair."  # whole names only


def test_save_asks_for_a_name_and_the_load_screen_shows_and_deletes_it(tmp_path, monkeypatch):
    from tests.ui.helpers import click_element, key, register_fake_game
    from ui.scenes.load import LoadScene

    register_fake_game(monkeypatch)
    app, scene = open_scene(tmp_path)
    scene.submit(scene.state.legal_actions()[0])
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    dialog = scene._save_dialog
    assert dialog is not None and dialog.name().startswith("Fake Race ")
    key(app, pygame.K_ESCAPE)  # cancel: nothing written, the game goes on
    assert scene._save_dialog is None and not scene._dialogs
    assert not list((tmp_path / "saves").glob("fake_race-*.yaml"))
    click_element(app, scene.save_button)
    scene._save_dialog.entry.set_text("Before the bridge / v2")
    key(app, pygame.K_RETURN)  # Enter in the name field saves
    saved = tmp_path / "saves" / "fake_race-Before_the_bridge_v2.yaml"
    assert saved.exists() and scene._save_dialog is None
    assert scene._banner[0] == "Saved as Before the bridge v2"

    app.push(LoadScene(app))
    app.step()
    load = app.top
    item = next(i for i in load.listing.item_list if i["object_id"] == str(saved))
    assert item["text"].startswith("Fake Race · Before the bridge v2 · ")
    assert not load.delete_button.is_enabled
    click(app, item["button_element"].rect.center)
    click_element(app, load.delete_button)
    assert saved.exists()  # asks first
    click_element(app, load.confirm_delete.confirm_button)
    assert not saved.exists() and all(i["object_id"] != str(saved) for i in load.listing.item_list)


def test_rules_list_items_wrap_with_a_hanging_indent():
    import re

    from ui import theme
    from ui.scenes.rules import NBSP, TEXT_SIZE, markdown_to_html

    item = "- **The table.** " + " ".join(["word"] * 60) + " **bold end**"
    html = markdown_to_html(item, wrap_width=400)
    lines = html.removesuffix("<br>").split("<br>")
    assert len(lines) > 3
    f = theme.font(TEXT_SIZE, bold=True)  # bold is the widest face: a safe bound
    for line in lines:
        plain = re.sub(r"<[^>]+>", "", line).replace("&nbsp;", NBSP)
        assert f.size(plain.rstrip())[0] <= 400
    first_text = theme.font(TEXT_SIZE).size(NBSP * 2 + "• ")[0]
    for line in lines[1:]:  # continuation lines start under the text, not under the bullet
        pad = len(re.match(r"(?:&nbsp;)*", line).group(0)) // len("&nbsp;")
        assert abs(pad * theme.font(TEXT_SIZE).size(NBSP)[0] - first_text) <= 5
    assert "<b>The table.</b>" in lines[0] and lines[-1].endswith("<b>bold end</b>")
    assert markdown_to_html(item).count("<br>") == 1  # without a width the box wraps it


def test_a_solo_game_ends_with_the_score_not_a_win_over_nobody(tmp_path):
    from ui.scenes.results import ResultsScene, winners_text

    app, scene = open_scene(tmp_path)
    while not scene.state.is_terminal():
        scene.submit(scene.state.legal_actions()[2])
    scene.anim.skip()
    app.step()
    assert isinstance(app.top, ResultsScene)
    total = scene.state.scores()[0].total
    assert winners_text(scene.session) == f"Ann finishes with {total} points"


def test_setup_checkbox_beside_a_drop_down_lines_up_with_its_box(tmp_path):
    from pygame_gui.elements import UICheckBox, UIDropDownMenu

    from ui.scenes.setup import SetupScene

    app = make_app(tmp_path)
    setup = SetupScene(app, "regional_rails")
    app.push(setup)
    app.step()
    options = [(w, r[1]) for w, r in setup._widget_roles.items() if r[0] == "option"]
    specs = [s for _, s in options]
    row_of = {s.key: specs.index(s) // 2 for s in setup.engine.option_specs}
    rows: dict[int, list] = {}
    for w, s in options:
        rows.setdefault(row_of[s.key], []).append(w)
    mixed = [ws for ws in rows.values() if {type(w) for w in ws} == {UICheckBox, UIDropDownMenu}]
    assert mixed  # Regional Rails has a drop-down and a checkbox side by side
    for ws in mixed:
        box = next(w for w in ws if isinstance(w, UICheckBox))
        menu = next(w for w in ws if isinstance(w, UIDropDownMenu))
        assert abs(box.rect.centery - menu.rect.centery) <= 3


def test_f11_and_the_settings_checkbox_switch_full_screen_and_remember_it(tmp_path):
    from tests.ui.helpers import click_element, key
    from ui.paths import Paths
    from ui.scenes.settings_scene import SettingsScene
    from ui.settings import Settings

    app = make_app(tmp_path)
    scene = SettingsScene(app)
    app.push(scene)
    app.step()
    key(app, pygame.K_F11)
    if not app.fullscreen:  # a video driver without full screen: nothing to check
        return
    assert Settings.load(app.paths.settings_file).fullscreen is True
    scene = app.top  # rebuilt for the new size
    assert scene.fullscreen.is_checked
    click_element(app, scene.fullscreen)  # unticking it goes back to the window
    assert not app.fullscreen and app.screen.get_size() == (1280, 720)
    assert Settings.load(app.paths.settings_file).fullscreen is False
    key(app, pygame.K_F11)
    paths = Paths(tmp_path / "config", tmp_path / "saves")
    reopened = type(app)(paths=paths, settings=Settings.load(paths.settings_file))
    assert reopened.fullscreen  # the next start opens full screen


def test_results_chart_axis_uses_round_numbers():
    from ui.scenes.results import nice_ticks

    assert nice_ticks(0, 501) == [0, 200, 400, 600]
    assert nice_ticks(0, 80) == [0, 20, 40, 60, 80]
    assert nice_ticks(-7, 12) == [-10, -5, 0, 5, 10, 15]
    assert nice_ticks(0, 0) == [0, 0.25, 0.5, 0.75, 1.0]


def test_setup_in_the_smallest_window_shows_a_whole_seed(tmp_path):
    from ui import theme
    from ui.scenes.setup import SetupScene

    app = make_app(tmp_path, (1024, 600))
    setup = SetupScene(app, "regional_rails")
    app.push(setup)
    app.step()
    digits = theme.font(16).size("9999999999")[0]
    assert setup.seed_entry.rect.width - 16 >= digits
    count = next(w for w, r in setup._widget_roles.items() if r[0] == "count")
    assert count.rect.right < setup.seed_entry.rect.left


def test_a_controller_widget_event_reaches_the_controller_even_if_a_widget_claims_it(tmp_path, monkeypatch):
    app, scene = open_scene(tmp_path)
    monkeypatch.setattr(scene.ui, "process_events", lambda event: True)  # e.g. a window eating events
    app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.controller.go)])
    assert scene.controller.pressed == [True]
    scene.confirm("Leave?", lambda: None)  # a shell dialog is modal: the board's widgets wait
    app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.controller.go)])
    assert scene.controller.pressed == [True]


def test_setup_shows_a_choice_in_words_and_keeps_the_engines_value(tmp_path):
    from pygame_gui.elements import UIDropDownMenu

    from ui.scenes.setup import SetupScene

    app = make_app(tmp_path)
    setup = SetupScene(app, "russian_railroads")
    app.push(setup)
    app.step()
    board = next((w, spec) for w, (kind, spec) in setup._widget_roles.items()
                 if kind == "option" and spec.key == "board")
    menu, spec = board
    assert isinstance(menu, UIDropDownMenu)
    assert menu.selected_option[0] == "Russia"  # not the raw "russia"
    assert [words for words, _value in menu.options_list] == ["Russia", "Germany", "USA"]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                         {"ui_element": menu, "text": "Germany", "selected_option_id": "germany"}))
    app.step()
    assert setup.options["board"] == "germany"
