"""Animation queue: tweens play in order (or together), finish, skip, speed."""
import pygame

from ui.animation import AnimationQueue, DrawIn, FloatText, MoveAlong, Pulse, point_along
from ui.camera import Camera


def _draw(q):
    surf = pygame.Surface((200, 200))
    q.draw(surf, Camera(pygame.Rect(0, 0, 200, 200)))
    return surf


def test_sequence_finishes_in_total_duration():
    q = AnimationQueue()
    q.push(MoveAlong([(0, 0), (50, 0), (50, 50)], duration=0.5))
    q.push(DrawIn([(0, 0), (100, 100)], duration=0.25))
    q.push(Pulse((10, 10), duration=0.25))
    steps = 0
    while q.busy:
        q.update(0.0625)
        _draw(q)
        steps += 1
    assert steps == 16  # 1.0 s of tweens at 62.5 ms per frame


def test_parallel_tweens_play_together_and_skip_clears():
    q = AnimationQueue()
    q.push(FloatText((0, 0), "+5", duration=0.5))
    q.push(FloatText((0, 0), "+3", duration=0.5, parallel=True))
    q.update(0.5)
    assert not q.busy
    q.push(Pulse((0, 0), duration=5))
    q.push(Pulse((0, 0), duration=5))
    q.update(1)
    assert len(q) == 2
    q.skip()
    assert not q.busy


def test_speed_scales_time_and_zero_disables():
    q = AnimationQueue(speed=2.0)
    q.push(Pulse((0, 0), duration=1.0))
    q.update(0.5)
    assert not q.busy
    off = AnimationQueue(speed=0.0)
    off.push(Pulse((0, 0)))
    assert not off.busy


def test_move_along_draws_token_at_path_point():
    assert point_along([(0, 0), (10, 0), (10, 10)], 0.75) == (10, 5)
    q = AnimationQueue()
    q.push(MoveAlong([(-100, -100), (-100, -100)], colour=(255, 0, 0), radius=10, duration=1))
    surf = _draw(q)
    assert surf.get_at((0, 0))[:3] == (255, 0, 0)  # world (-100,-100) is the screen's top-left
