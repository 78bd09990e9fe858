"""Random clicks, drags and keys on a live game against a computer player:
the screen never raises, and every action that got through was legal."""
import random

import pygame

from tests.ui_russian_rails.helpers import open_game

STEPS = 70
KEYS = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_b, pygame.K_m, pygame.K_r]


def test_random_input_never_breaks_the_game(tmp_path):
    app, scene = open_game(tmp_path, (1280, 720), difficulty="random")
    scene.bots_paused = False
    rng = random.Random(11)
    board, panel = scene.board_rect, scene.panel_rect
    for step in range(STEPS):
        roll = rng.random()
        if roll < 0.45:
            pos = (rng.randrange(board.left, board.right), rng.randrange(board.top, board.bottom))
            button = 3 if rng.random() < 0.15 else 1
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
            app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
            if rng.random() < 0.3:  # a short drag
                pos = (pos[0] + rng.randint(-60, 60), pos[1] + rng.randint(-60, 60))
                app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
            app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])
        elif roll < 0.75 and scene.controller.cursor is not None and scene.controller.cursor.buttons:
            b = rng.choice(scene.controller.cursor.buttons)
            app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1)])
            app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1)])
        elif roll < 0.9:
            k = rng.choice(KEYS)
            app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])
        else:
            pos = (rng.randrange(panel.left, panel.right), rng.randrange(panel.top, panel.bottom))
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        while app.top is not scene:  # confirm dialogs and the like: back to the board
            app.pop()
        if scene._job is not None:
            scene._job.thread.join(2)
        app.step()
    st = scene.state
    assert len(scene.session.actions) >= 5  # the game moved on
    total = sum(p.cash for p in st.players) + st.bank
    assert total == st.rules.bank_start  # no money appeared or vanished
