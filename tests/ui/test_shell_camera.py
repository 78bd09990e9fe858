"""Camera: screen↔world round trips, zoom about a point, fit, pan."""
import pygame
from hypothesis import given, strategies as st

from ui.camera import Camera

coords = st.floats(-5000, 5000, allow_nan=False)


@given(coords, coords, st.floats(0.05, 8.0), coords, coords)
def test_round_trip_screen_world(x, y, zoom, cx, cy):
    cam = Camera(pygame.Rect(10, 50, 800, 600), zoom=zoom, center=(cx, cy))
    sx, sy = cam.world_to_screen((x, y))
    wx, wy = cam.screen_to_world((sx, sy))
    assert abs(wx - x) < 1e-6 * max(1, abs(x)) and abs(wy - y) < 1e-6 * max(1, abs(y))


def test_zoom_at_keeps_point_under_cursor_and_clamps():
    cam = Camera(pygame.Rect(0, 0, 800, 600), zoom=1.0, center=(100, 100))
    anchor = (200, 150)
    before = cam.screen_to_world(anchor)
    cam.zoom_at(2.5, anchor)
    after = cam.screen_to_world(anchor)
    assert cam.zoom == 2.5
    assert abs(before[0] - after[0]) < 1e-9 and abs(before[1] - after[1]) < 1e-9
    cam.zoom_at(1000, anchor)
    assert cam.zoom == cam.max_zoom


def test_fit_shows_whole_rect_centred():
    cam = Camera(pygame.Rect(0, 56, 1500, 1024))
    cam.fit((-200, 0, 4000, 1000))
    x, y, w, h = cam.visible_world_rect()
    assert x <= -200 and y <= 0 and x + w >= 3800 and y + h >= 1000
    assert cam.world_to_screen((1800, 500)) == (750.0, 56 + 512.0)


def test_pan_moves_world_with_mouse_and_scale():
    cam = Camera(pygame.Rect(0, 0, 400, 400), zoom=2.0)
    p = cam.world_to_screen((10, 10))
    cam.pan_screen(30, -20)
    q = cam.world_to_screen((10, 10))
    assert (q[0] - p[0], q[1] - p[1]) == (30, -20)
    assert cam.scale(5) == 10
    cam.set_viewport(pygame.Rect(0, 0, 200, 100))
    assert cam.viewport.size == (200, 100)
