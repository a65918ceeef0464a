"""The real-time loop slows to ``STILL_FPS`` while a busy picture stands still (issue 26), and the frame
log reaches its file at least once a second.

The loop (``game.ui.loop._run``) runs with a fake clock, as in tests/ui/kiosk/test_realtime.py: each
pass records the rate asked of the loop's :class:`~game.ui.loop.Pacer`, which sleeps on the fake time.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ui import loop
from game.ui.app import App
from game.ui.scenes.game import GameScene
from tests.helpers.loop_time import LoopTime
from tests.helpers.ui_driver import make_app, start_game

pytestmark = pytest.mark.usefixtures("ui_reset")


class PassClock(LoopTime):
    """The loop's clock, recording each pass's rate, stopping the game at ``limit``."""

    def __init__(self, app: App, scene: GameScene, limit: float) -> None:
        super().__init__()
        self.app, self.scene, self.limit = app, scene, limit
        self.passes: list[tuple[float, int, bool]] = []
        """(time, the rate asked for the pass, whether the flash line stood then)."""

    def advance(self, seconds: float) -> None:
        super().advance(seconds)
        if self.now > self.limit:
            self.app.running = False

    def ticked(self, fps: float) -> None:
        self.passes.append((self.now, int(fps), self.scene.flash_time > 0))


def test_a_standing_picture_is_stepped_at_the_still_rate_and_motion_at_the_full_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = make_app()
    scene = start_game(app, mode="two", seed=3)
    for _ in range(600):  # whatever the start shows settles: the board waits for White's roll
        app.step()
    assert not app.busy()
    fake = PassClock(app, scene, limit=6.0)
    fake.install(monkeypatch)
    scene.flash("A line that stands for three seconds", seconds=3.0)  # busy, nothing moves
    app.running = True
    loop._run(app)

    standing = [fps for _, fps, flashing in fake.passes if flashing]
    assert standing[: loop.STILL_PASSES] == [60] * loop.STILL_PASSES  # a pause of a pass or two: full rate
    assert set(standing[loop.STILL_PASSES + 1 :]) == {loop.STILL_FPS}
    # three seconds of a standing line cost about 90 passes, not 180
    assert len(standing) <= 3.0 * loop.STILL_FPS + loop.STILL_PASSES + 2
    assert not app.running and fake.now > 3.0


def test_motion_keeps_the_full_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tumbling dice: their picture changes every few steps, never three passes standing, so the loop
    never slows while they roll."""
    app = make_app(speed="normal")
    scene = start_game(app, mode="two", seed=3)
    for _ in range(600):
        app.step()
    scene.dice.roll((3, 5), (0, 0))
    assert scene.dice.tumbling
    fake = PassClock(app, scene, limit=0.3)
    fake.install(monkeypatch)
    app.running = True
    loop._run(app)
    assert scene.dice.tumbling  # still rolling when the fake clock stopped the loop
    assert len(fake.passes) >= 15 and {fps for _, fps, _ in fake.passes} == {60}


def test_the_pace_after_standing_passes() -> None:
    assert [loop.pace(60, n) for n in range(8)] == [60, 60, 60, 60, 60, 60, 30, 30]
    assert loop.pace(24, 10) == 24  # a lower --fps stays as it is


def test_the_frame_log_reaches_its_file_within_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    start_game(app, mode="two", seed=3)
    path = tmp_path / "frames.jsonl"
    now = [100.0]
    monkeypatch.setattr(loop.time, "monotonic", lambda: now[0])
    with path.open("w", encoding="utf-8") as out:
        log = loop.FrameLog(out)
        app.needs_draw = True
        app.draw(0.0)
        log.frame(app, True, 0.001)
        assert path.read_text() == ""  # buffered: the loop does not write per frame
        now[0] += loop.FLUSH_SECONDS
        log.frame(app, True, 0.002)
        lines = path.read_text().splitlines()
    assert len(lines) == 2
    assert [json.loads(line)["present_ms"] for line in lines] == [1.0, 2.0]


def test_the_pacer_sleeps_out_the_rest_of_a_pass_and_never_after_a_late_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slept: list[float] = []

    class Time(LoopTime):
        def sleep(self, seconds: float) -> None:
            slept.append(round(seconds, 6))
            super().sleep(seconds)

    fake = Time()
    monkeypatch.setattr(loop, "time", fake)
    pacer = loop.Pacer()
    pacer.wait(50)  # the first pass: nothing to wait for
    fake.advance(0.005)  # a pass of 5 ms at 50 a second: 15 ms left
    pacer.wait(50)
    assert slept == [0.015] and fake.now == pytest.approx(0.02)
    fake.advance(0.025)  # a pass 5 ms late: no sleep, and the beat is kept (the next waits less)
    pacer.wait(50)
    assert slept == [0.015]
    fake.advance(0.001)
    pacer.wait(50)
    assert slept == [0.015, 0.014]
    fake.advance(0.050)  # later than a whole period (slow presenting): no sleep at all
    pacer.wait(50)
    fake.advance(0.001)  # and the next is paced from the late pass's end, not made up for
    pacer.wait(50)
    assert slept == [0.015, 0.014, 0.019]


def test_the_pacer_keeps_the_rate_though_every_sleep_wakes_late(monkeypatch: pytest.MonkeyPatch) -> None:
    class Late(LoopTime):
        def sleep(self, seconds: float) -> None:
            super().sleep(seconds + 0.001)  # a millisecond late every time (a rationed CPU wakes later)

    fake = Late()
    monkeypatch.setattr(loop, "time", fake)
    pacer = loop.Pacer()
    for _ in range(61):
        pacer.wait(60)
    assert fake.now == pytest.approx(1.001)  # 60 passes in a second, not 60 in 1.06 s
