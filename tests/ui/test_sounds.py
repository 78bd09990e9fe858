"""Sounds: each kind of move has its own, made by code, at the chosen volume."""
from __future__ import annotations

import pytest

from game.core.events import Event
from ui import sounds
from ui.settings import Settings


def _event(name: str) -> Event:
    return type(name, (Event,), {})()


@pytest.mark.parametrize("names, sound", [
    (["TrackBuilt"], "track"), (["WorkerPlaced"], "worker"), (["TrainMoved"], "train"),
    (["DiceRolled", "RailBuilt"], "dice"), (["TrainMoved", "Delivered"], "delivery"),
    (["RoublesTaken"], "coins"), (["Delivered", "GameOver"], "end"), (["Note"], "move"), ([], "move"),
])
def test_a_move_sounds_like_its_most_telling_event(names, sound):
    assert sounds.sound_for([_event(n) for n in names]) == sound


def test_every_sound_is_made_distinct_and_within_16_bits():
    made = {name: sounds.samples(name) for name in sounds.SOUND_NAMES}
    assert len(set(made.values())) == len(made)
    for name, data in made.items():
        assert 0.05 * sounds.RATE * 2 <= len(data) <= 3 * sounds.RATE * 2, name
    assert sounds.samples("track") == sounds.samples("track")  # the same every run
    assert len(sounds.samples("dice", channels=2)) == 2 * len(made["dice"])


def test_volume_is_kept_in_settings_and_bad_values_ignored():
    assert Settings.from_dict({"volume": 40}).volume == 40
    assert Settings.from_dict({"volume": 400}).volume == Settings().volume
    assert Settings.from_dict({"volume": True}).volume == Settings().volume


def test_sounds_are_kept_on_disk_and_a_damaged_entry_is_made_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("RAILTABLE_HOME", str(tmp_path))
    made = sounds.cached_samples("coins")
    assert made == sounds.samples("coins")
    entries = list((tmp_path / "cache").glob("sound-*.json"))
    assert len(entries) == 1
    entries[0].write_text('"not base64 at all!"', encoding="utf-8")
    assert sounds.cached_samples("coins") == made
    entries[0].write_text("42", encoding="utf-8")
    assert sounds.cached_samples("coins") == made


def test_a_machine_without_audio_is_asked_once_not_at_every_new_sound(tmp_path, monkeypatch):
    """A failed try to open the mixer stalls the window about 0.1 s; the first moves of a game play
    several new sounds, so the app tries once and then stays silent."""
    import pygame

    from tests.ui.helpers import make_app

    app = make_app(tmp_path)
    tries = []

    def no_device(*args: object) -> None:
        tries.append(args)
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    for name in sounds.SOUND_NAMES:
        app.play_sound(name)
        app.play_sound(name)
    assert len(tries) == 1
    assert all(app._sounds[name] is None for name in sounds.SOUND_NAMES)


def test_with_audio_each_sound_is_made_once_and_played_at_the_chosen_volume(tmp_path, monkeypatch):
    import pygame

    from tests.ui.helpers import make_app

    app = make_app(tmp_path)
    app.settings.volume = 40
    pygame.mixer.quit()
    app.play_sound("track")
    made = app._sounds["track"]
    assert made is not None and pygame.mixer.get_init() is not None
    app.play_sound("track")
    assert app._sounds["track"] is made
    assert made.get_volume() == pytest.approx(0.4, abs=0.01)
