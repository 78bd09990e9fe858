"""From the menu, a damaged data file of a real game is explained in a dialog
(file and key) when the game is started, and the app stays on Setup."""
from __future__ import annotations

import os
import shutil

import pytest

from game.crayon.russian_rails import engine as russian
from game.crayon.state import CrayonState
from game.regional_rails import data
from tests.ui.helpers import click_element, make_app
from ui.scenes.setup import SetupScene


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


def _start(app, game_id: str) -> SetupScene:
    app.push(SetupScene(app, game_id))
    app.step()
    setup = app.top
    click_element(app, setup.start_button, frames=1)
    assert app.top is setup
    return setup


def test_a_damaged_regional_rules_file_is_a_dialog(app, tmp_path, monkeypatch):
    text = open(data.RULES_FILE, encoding="utf-8").read().replace("side_cap: 3", "side_cap: -3", 1)
    (tmp_path / "rules.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(data, "RULES_FILE", str(tmp_path / "rules.yaml"))
    data.rules.cache_clear()
    try:
        setup = _start(app, "regional_rails")
    finally:
        data.rules.cache_clear()
    assert "rules.yaml, build.side_cap: is -3, but must be at least 1" in setup.error.text_block.html_text


def test_a_damaged_russian_card_file_is_a_dialog(app, tmp_path, monkeypatch):
    for name in os.listdir(russian.MAP_DIR):
        shutil.copy(os.path.join(russian.MAP_DIR, name), tmp_path / name)
    (tmp_path / "loads.yaml").write_bytes(b"loads:\n  - {name: Oil\xff, chips: 4}\n")
    monkeypatch.setattr(russian, "MAP_DIR", str(tmp_path))
    monkeypatch.setattr(CrayonState, "_contents", {})
    setup = _start(app, "russian_rails")
    assert "loads.yaml: byte 21 is not UTF-8 text" in setup.error.text_block.html_text


def test_a_game_whose_engine_cannot_be_imported_is_a_dialog_from_the_menu(app, monkeypatch):
    """An engine may read its data at import: a damaged file there is explained too."""
    from game import registry
    from game.core.errors import MapError
    from ui.scenes.menu import MenuScene

    real = registry.engine

    def engine(game_id):
        if game_id == "regional_rails":
            raise MapError("game/regional_rails/rules.yaml: the file is empty")
        return real(game_id)

    monkeypatch.setattr(registry, "engine", engine)
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    tile = next(b for b, (kind, game) in menu._tile_buttons.items() if (kind, game) == ("play", "regional_rails"))
    click_element(app, tile, frames=1)
    assert app.top is menu and "rules.yaml: the file is empty" in menu.error.text_block.html_text
    app.push(SetupScene(app, "russian_rails"))
    setup = app.top
    setup._on_choice(("game", None), "regional_rails")
    assert setup.game_id == "russian_rails" and "the file is empty" in setup.error.text_block.html_text
