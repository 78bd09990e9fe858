"""The application: window, clock, settings, paths and the scene stack.

One frame (`step`) = route events to the top scene, update it, then draw from
the topmost opaque scene upward (dialog-like overlay scenes show the scene
below). Tests drive `step` with synthetic events under SDL_VIDEODRIVER=dummy.
"""
from __future__ import annotations

import time
import traceback
from typing import Iterable

import pygame

from game.core.atomic import write_text_atomic
from ui import sounds
from ui.paths import Paths
from ui.scene import Scene
from ui.scenes.tile_art import window_icon
from ui.settings import Settings

FPS = 60
MAX_DT = 0.1  # a long stall (window drag, breakpoint) never jumps animations far
MIN_WINDOW = (1024, 600)  # every screen is laid out for at least this much room
EVENT_ROUNDS = 4  # rounds of widget-generated events handled within one frame
RECOVERY_FRAMES = 120  # an error this soon after a recovery (the menu itself failing) ends the app


class App:
    def __init__(self, size: tuple[int, int] | None = None, paths: Paths | None = None,
                 settings: Settings | None = None) -> None:
        pygame.display.init()  # the mixer starts only when a sound first plays
        pygame.font.init()
        self.paths = paths or Paths.default()
        self.paths.remove_stale_temp_files()  # left by saves interrupted in an earlier run
        self.settings = settings or Settings.load(self.paths.settings_file)
        pygame.display.set_caption("Railtable")
        pygame.display.set_icon(window_icon())
        self.windowed_size = size or self.settings.window_pixels
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.fullscreen = False
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.frames = 0
        self._recovered_at: int | None = None  # the frame of the last recovery (see `frame`)
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}  # made the first time each plays
        self._mixer_tried = False  # opening the mixer is tried once (see open_mixer)
        pygame.key.set_repeat(300, 35)
        if size is None and self.settings.fullscreen:  # a size given (tests, screenshots) means a window
            self.toggle_fullscreen()

    # Scene stack ---------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.on_exit()
        if self.top is not None:
            self.top.on_enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def back_to_menu(self) -> None:
        """Leave whatever is open for the main menu (a fresh one if none is below)."""
        from ui.scenes.menu import MenuScene

        self.close_to_menu()
        if self.top is None:
            self.push(MenuScene(self))

    def close_to_menu(self) -> None:
        """Close every scene above the main menu, or every scene when no menu
        is open (a game started from the command line: its menu is made
        when the player leaves the game, not before its first frame)."""
        from ui.scenes.menu import MenuScene

        while self.scenes and not isinstance(self.top, MenuScene):
            self.scenes.pop().on_exit()
        if self.top is not None:
            self.top.on_enter()

    # Window --------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        try:
            if self.fullscreen:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            else:
                self.windowed_size = self.screen.get_size()
                desktop = pygame.display.get_desktop_sizes()[0]
                self.screen = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
        except pygame.error:
            return
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        try:
            self.settings.save(self.paths.settings_file)
        except OSError:
            pass  # the window still switches; the choice is just not remembered
        self._resized()

    def set_window_size(self, size: tuple[int, int]) -> None:
        self.windowed_size = size
        if not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._resized()

    def _resized(self) -> None:
        screen = pygame.display.get_surface()
        assert screen is not None, "the window is open"
        self.screen = screen
        size = self.screen.get_size()
        if not self.fullscreen and (size[0] < MIN_WINDOW[0] or size[1] < MIN_WINDOW[1]):
            size = (max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1]))
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        for scene in self.scenes:
            scene.on_resize(size)

    # Sound ---------------------------------------------------------------------

    def play_sound(self, name: str) -> None:
        """One of the game's sounds (ui.sounds) at the chosen volume; silent if
        sound is off or the machine has no audio."""
        if not self.sound_on():
            return
        if name not in self._sounds:
            self._sounds[name] = _make_sound(name) if self.open_mixer() else None
        sound = self._sounds[name]
        if sound is not None:
            sound.set_volume(self.settings.volume / 100)
            sound.play()

    def sound_on(self) -> bool:
        """Whether the player wants sound (on, and a volume above nothing)."""
        return self.settings.sound and self.settings.volume > 0

    def open_mixer(self) -> bool:
        """Whether the mixer is open, trying once: on a machine without an audio device a failed
        try stalls the window about 0.1 s, and trying again for each new sound stalled the first
        moves of a game that long each time. A game opens it as it starts (if sound is on), so
        the stall, where there is one, falls on that change of screen and not on a move."""
        if not self._mixer_tried:
            self._mixer_tried = True
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(sounds.RATE, -16, 1)
            except pygame.error:
                pass
        return pygame.mixer.get_init() is not None

    # Frame loop ----------------------------------------------------------------

    def step(self, events: Iterable[pygame.event.Event] | None = None, dt: float | None = None) -> None:
        """One frame. Events queued by pygame (and pygame_gui) are handled
        first, then the given synthetic ones."""
        batch = [*pygame.event.get(), *(events or [])]
        for _ in range(EVENT_ROUNDS):
            for event in batch:
                self._dispatch(event)
            # pygame_gui answers a click with events of its own (button pressed,
            # then selection made, then drop-down changed): handle them this frame.
            batch = pygame.event.get()
            if not batch:
                break
        else:
            for event in batch:
                pygame.event.post(event)
        dt = min(MAX_DT, 1 / FPS if dt is None else dt)
        top = self.top
        if top is None:
            self.running = False
            return
        top.update(dt)
        for _ in range(EVENT_ROUNDS):  # a scene opened during update gets its widgets laid out first
            if self.top is top or self.top is None:
                break
            top = self.top
            top.update(0.0)
        self._draw()
        self.frames += 1

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.top is not None:
            self.top.handle_event(event)

    def _draw(self) -> None:
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self.screen)

    def run(self) -> None:
        while self.running and self.scenes:
            self.frame(self.clock.tick(FPS) / 1000)
        for scene in reversed(self.scenes):
            scene.on_exit()
        pygame.quit()

    def frame(self, dt: float) -> None:
        """One frame of the window's loop. An error no code expected (a bug of ours) must not close
        the window and leave the player wondering: its report is written to a file, every screen
        above the menu closes (a game writes its autosave as it closes) and the menu says that
        Continue goes on from the last move. The same again at once (the menu itself failing)
        is raised: a loop of apologies helps no one."""
        try:
            self.step(dt=dt)
        except Exception as exc:
            if self._recovered_at is not None and self.frames - self._recovered_at < RECOVERY_FRAMES:
                raise
            self._recover(exc)
        pygame.display.flip()

    def _recover(self, exc: Exception) -> None:
        from ui.scenes.menu import MenuScene

        self._recovered_at = self.frames
        report = self._write_crash_report(exc)
        lost = any(scene.holds_unsaved_game() for scene in self.scenes)
        self.back_to_menu()
        menu = self.top
        assert isinstance(menu, MenuScene)
        game = ("The game on screen had no autosave (its folder could not be written), so it could not "
                "be kept." if lost else "A game in progress is safe: Continue goes on from its last move.")
        where = f" What happened is written in {report}; please attach it to a bug report." if report else ""
        menu.tell(f"Railtable met an error it did not expect and closed that screen. {game}{where}",
                  "Something went wrong")

    def _write_crash_report(self, exc: Exception) -> str | None:
        """The error's traceback in the crash report file (the path, or None if it cannot be written)."""
        path = self.paths.crash_report_file
        text = f"Railtable, {time.strftime('%Y-%m-%d %H:%M:%S')}\n" + "".join(traceback.format_exception(exc))
        try:
            write_text_atomic(path, text)
        except OSError:
            return None
        return str(path)


def _make_sound(name: str) -> pygame.mixer.Sound | None:
    """One sound of ui.sounds, made the first time it plays: making them all
    at the first move stalled that frame by a fifth of a second."""
    settings = pygame.mixer.get_init()
    if settings is None or name not in sounds.RECIPES:
        return None
    try:
        return pygame.mixer.Sound(buffer=sounds.cached_samples(name, settings[2]))
    except pygame.error:
        return None
