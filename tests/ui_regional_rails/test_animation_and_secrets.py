"""Dice rolled by the engine are shown with their real values; secrets stay
with their owner in hot-seat play."""
import pygame

from game.regional_rails import actions as A
from game.regional_rails.events import DiceRolled
from ui.animation import AnimationQueue
from ui.camera import Camera
from ui.regional_rails.dialogs import Dice
from ui.regional_rails.dice import DiceRoll, Roll
from ui.regional_rails.panel import panel_model

from tests.ui_regional_rails.helpers import advance, scene, session


def _my_build(s):
    return s.phase == "build" and s.current_player() == 0


def test_income_dice_become_one_roll_tween_with_the_logged_values(tmp_path):
    sess = session(seed=21)
    advance(sess, _my_build)
    _, sc = scene(tmp_path, sess)
    events = sess.apply(A.EndPhase())
    rolled = [e for e in events if isinstance(e, DiceRolled)]
    assert [e.purpose for e in rolled] == ["loan availability", "investment"]
    queue = AnimationQueue(1.0)
    sc.controller.animate(events, queue)
    tweens = [t for t in queue._queue if isinstance(t, DiceRoll)]
    assert len(tweens) == 1
    assert [r.dice for r in tweens[0].rolls] == [e.dice for e in rolled]
    assert [r.total for r in tweens[0].rolls] == [e.total for e in rolled]
    logged = " ".join(entry.text for entry in sess.log[-4:])
    for e in rolled:
        assert f"= {e.total} ({e.purpose})" in logged
    sc.controller.invalidate()
    sc.controller.refresh()
    dice_rows = sc.controller._dialog.of_type(Dice)
    assert [d.values for d in dice_rows] == [list(e.dice) for e in rolled]


def test_dice_tween_tumbles_then_lands_and_finishes():
    surf = pygame.Surface((800, 600))
    cam = Camera(pygame.Rect(0, 0, 800, 600))
    tween = DiceRoll("P1 rolls", [Roll("Event:", (4,), 2)])
    tween.draw(surf, cam)
    tumbling = pygame.image.tobytes(surf, "RGB")
    queue = AnimationQueue(1.0)
    queue.push(tween)
    queue.update(5.0)
    assert not queue.busy
    surf.fill((0, 0, 0))
    tween.elapsed = tween.duration - 0.01
    tween.draw(surf, cam)
    assert pygame.image.tobytes(surf, "RGB") != tumbling


def test_hot_seat_panel_shows_only_the_current_players_secrets(tmp_path):
    sess = session(seed=22, humans=2)
    advance(sess, lambda s: s.phase == "build" and s.current_player() == 1)
    _, sc = scene(tmp_path, sess)
    ctl = sc.controller
    assert ctl.viewer() == 1
    st = sess.state
    model = panel_model(st, ctl.viewer(), st.is_terminal(), None, 0, None)
    mine = sorted(k for c in st.companies if c.owner == 1 for k in c.developments)
    assert model.hand == mine
    for row in model.rows:
        owner = next(c.owner for c in st.companies if c.name == row.name)
        assert (row.vp == "VP hidden") == (owner != 1)


def test_hot_seat_turn_change_hides_the_screen_and_switches_the_viewer(tmp_path):
    from ui.scenes.pass_screen import PassScene

    sess = session(seed=23, humans=2)
    advance(sess, lambda s: s.phase == "upgrade" and s.current_player() == 0)
    a, sc = scene(tmp_path, sess)
    while isinstance(a.top, PassScene):
        a.pop()
        a.step()
    assert sc.controller.viewer() == 0
    sc.controller.submit(A.EndPhase())
    advance(sess, lambda s: s.current_player() == 1)
    a.step()
    a.step()
    assert isinstance(a.top, PassScene)
    assert sc.controller.viewer() == 1
