"""The real-time loop's drawing decision, driven with made-up frame times (no clock).

Regression: the loop used to skip the frame in which a scene stopped being busy, so
the screen kept showing tumbling dice, or "Computer is thinking...", until the
player moved the mouse.
"""

from __future__ import annotations

from game.ui import loop
from game.ui.app import STEP
from tests.ui_driver import make_app, start_game


def test_the_frame_in_which_the_scene_goes_idle_is_drawn() -> None:
    app = make_app()
    scene = start_game(app, mode="two", seed=3)
    drawn_states: list[bool] = []
    original_draw = app.draw

    def spy(alpha: float = 0.0) -> None:
        drawn_states.append(scene.dice.tumbling)
        original_draw(alpha)

    app.draw = spy  # type: ignore[method-assign]
    acc = 0.0
    went_idle = False
    for _ in range(2000):
        busy_before = app.busy()
        acc, drew = loop.frame(app, [], 1 / 60, acc)
        if busy_before and not app.busy():
            went_idle = True
            assert drew, "the last frame of an animation must be drawn"
            assert drawn_states[-1] is False, "the frame drawn must show the dice settled"
            break
    assert went_idle, "the opening roll never settled"
    # Idle afterwards: nothing changes, nothing is drawn.
    acc, drew = loop.frame(app, [], 1 / 60, acc)
    assert not drew


def test_frame_time_is_clamped_and_catch_up_capped() -> None:
    app = make_app()
    start_game(app, mode="two", seed=3)
    acc, _ = loop.frame(app, [], 10.0, 0.0)  # a 10 s stall (a dragged window, a slow disk)
    assert 0.0 <= acc < STEP
