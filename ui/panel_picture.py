"""The side panel's picture, kept between frames.

Drawing the side panel (buttons, demand cards, players, the log) costs a few
milliseconds, yet it changes only when the game, the player's proposal, a
hover, a scroll or the window does. The scene paints it into an off-screen
copy of the window, at the same coordinates, so the pixels are those of
drawing it straight onto the screen; each frame then copies the regions,
and paints again only when the key of what the panel shows has changed.
"""
from __future__ import annotations

from typing import Callable, Hashable, Sequence

import pygame


class PanelPicture:
    """Regions of the window painted off-screen and copied each frame."""

    def __init__(self) -> None:
        self._pic: pygame.Surface | None = None
        self._key: Hashable = None
        self.paints = 0  # how often the regions were painted (tests count it)

    @property
    def picture(self) -> pygame.Surface | None:
        """The kept picture (window-sized; only the regions are kept up to date)."""
        return self._pic

    def forget(self) -> None:
        """Paint again on the next frame (something outside the key changed)."""
        self._key = None

    def draw(self, surface: pygame.Surface, regions: Sequence[pygame.Rect], key: Callable[[], Hashable],
             paint: Callable[[pygame.Surface], None]) -> None:
        """Copy `regions` of the kept picture onto `surface`, painting them
        first with `paint` when `key()` differs from the picture's. A key of
        None paints straight onto `surface` every frame. When painting
        changes what the key reads (a scroll clamped to the new content, a
        column grown), the next frame paints once more, as a fresh drawing
        would show it."""
        wanted = key()
        if wanted is None:
            paint(surface)
            return
        if self._pic is None or self._pic.get_size() != surface.get_size():
            self._pic = pygame.Surface(surface.get_size(), 0, surface)
            self._key = None
        if wanted != self._key:
            paint(self._pic)
            self.paints += 1
            self._key = wanted if key() == wanted else None
        for region in regions:
            surface.blit(self._pic, region, region)
