"""The real-time loop's drawing decision, driven with made-up frame times (no clock).

Regression: the loop used to skip the frame in which a scene stopped being busy, so
the screen kept showing tumbling dice, or "Computer is thinking...", until the
player moved the mouse.
"""

from __future__ import annotations

import logging

import pygame
import pytest

from game.session.commands import Command
from game.ui import loop
from game.ui.app import STEP, recover
from game.ui.scene import Scene
from game.ui.scenes.title import TitleScene
from tests.helpers.ui_driver import make_app, start_game


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


class Counting:
    """Just what ``loop.frame`` uses of an App: it counts the fixed steps it is asked to run."""

    def __init__(self) -> None:
        self.steps: list[float] = []
        self.draws: list[float] = []
        self.needs_draw = False

    def handle_event(self, event: object) -> None:
        pass

    def busy(self) -> bool:
        return False

    def step(self, dt: float = STEP) -> None:
        self.steps.append(dt)

    def draw(self, alpha: float = 0.0) -> None:
        self.draws.append(alpha)


def steps_for(frame_time: float, acc: float = 0.0) -> tuple[int, float]:
    app = Counting()
    acc, _ = loop.frame(app, [], frame_time, acc)  # type: ignore[arg-type]
    assert all(dt == STEP for dt in app.steps)
    return len(app.steps), acc


@pytest.mark.parametrize("frames", [1, 2, 5, 9])
def test_a_frame_runs_the_fixed_steps_its_time_pays_for(frames: int) -> None:
    n, acc = steps_for(frames * STEP + STEP / 2)
    assert n == frames and acc == pytest.approx(STEP / 2)


def test_the_remainder_carries_to_the_next_frame() -> None:
    n, acc = steps_for(STEP * 0.6)
    assert n == 0 and acc == pytest.approx(STEP * 0.6)
    n, acc = steps_for(STEP * 0.6, acc)
    assert n == 1 and acc == pytest.approx(STEP * 0.2)


def test_a_stall_runs_at_most_max_steps_and_drops_the_backlog() -> None:
    """A 10 s stall (a dragged window, a slow disk): ten steps, not 1,200, and no debt left over."""
    assert loop.MAX_STEPS == 10
    n, acc = steps_for(10.0)
    assert (n, acc) == (loop.MAX_STEPS, 0.0)
    n, acc = steps_for(0.0, acc)
    assert n == 0  # the next frame does not pay off the stall
    n, acc = steps_for((loop.MAX_STEPS + 0.5) * STEP)  # just over the cap: capped, the half step dropped
    assert (n, acc) == (loop.MAX_STEPS, 0.0)


def test_the_clamp_never_cuts_a_paid_step_and_no_frame_runs_past_the_cap() -> None:
    """Every frame time up to the clamp pays in full while it is under the cap, and none past it.

    ``MAX_FRAME`` (0.25 s) is longer than ``MAX_STEPS`` steps (10/120 s): the cap always bites
    first, so within one frame the clamp only shows in that a longer time never runs more steps.
    A clamp set below the cap's time would run fewer steps than paid for and fails here.
    """
    assert loop.MAX_FRAME >= loop.MAX_STEPS * STEP
    for k in range(loop.MAX_STEPS + 1):
        assert steps_for(k * STEP + STEP / 4)[0] == k
    for t in (loop.MAX_FRAME, loop.MAX_FRAME * 4, 3600.0, float("inf")):
        assert steps_for(t) == (loop.MAX_STEPS, 0.0)


def test_a_real_stall_in_a_game_runs_ten_steps() -> None:
    app = make_app()
    start_game(app, mode="two", seed=3)
    ran: list[float] = []
    real = app.step

    def count(dt: float = STEP) -> None:
        ran.append(dt)
        real(dt)

    app.step = count  # type: ignore[method-assign]
    acc, drew = loop.frame(app, [], 10.0, 0.0)
    assert len(ran) == loop.MAX_STEPS and acc == 0.0 and drew


@pytest.mark.parametrize("dialog", ["cube offer", "game over"])
def test_a_dialog_takes_presses_after_its_guard_even_when_the_loop_sleeps(dialog: str) -> None:
    """Found in a real window: the loop stops stepping once nothing is busy, and the dialog's guard
    against hurried presses (``MODAL_GUARD``, counted in steps) never ran out, so Take, Pass, Next game
    and Review ignored taps and Enter on a still screen. The dialog keeps the loop awake until it
    takes presses; then a press, handed over in a frame of no time after the sleep, works."""
    import pygame

    from game.engine.flow import Double, GameState, Phase, Rules, new_game
    from game.engine.match import Match

    app = make_app()
    scene = start_game(app, mode="two", seed=3)
    scene.resume(GameState(phase=Phase.ROLL, position=new_game().position, rules=Rules(5)), Match(Rules(5)))
    scene.do(Double())
    if dialog == "game over":
        scene.command(Command.PASS)
    phase = scene.state.phase
    acc = 0.0
    for _ in range(2000):  # the real loop: frames while anything is busy, then it sleeps
        if not app.busy():
            break
        acc, _ = loop.frame(app, [], 1 / 60, acc)
    assert not app.busy() and scene.modal_ready
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    for _ in range(2):  # the first Enter shows the focus, the second presses its button
        acc, _ = loop.frame(app, [enter], 0.0, acc)
    for _ in range(2000):  # a take counts after its undo window, which keeps the loop awake meanwhile
        if scene.state.phase is not phase or not app.busy():
            break
        acc, _ = loop.frame(app, [], 1 / 60, acc)
    assert scene.state.phase is not phase


class _Broken(Scene):
    """A scene with a bug: it raises the first time it is drawn."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        raise RuntimeError("a bug in a scene")


def test_a_bug_in_a_scene_is_logged_and_the_game_starts_again_from_the_title(
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = make_app()
    app.scenes.reset(_Broken(app))
    with caplog.at_level(logging.ERROR, logger="game.ui.app"):
        try:
            app.draw()
        except RuntimeError as exc:
            recover(app, exc)
    assert isinstance(app.scenes.top, TitleScene) and app.errors == 1
    [record] = caplog.records
    assert record.exc_info is not None and str(record.exc_info[1]) == "a bug in a scene"


def test_the_debug_switch_makes_the_loop_re_raise() -> None:
    app = make_app()
    app.launch.debug = True
    app.scenes.reset(_Broken(app))
    with pytest.raises(RuntimeError, match="a bug in a scene"):
        loop.run(app)  # the first frame draws the broken scene: no recovery, the traceback stands
    assert app.errors == 0
