"""The kiosk's idle reset in the real-time loop, with a fake clock.

Regression: the loop sleeps while nothing moves and runs no steps then, and the kiosk's idle
timer only advanced in steps, so a visitor who walked away from a still title screen or a
board waiting for their move left it there for ever: no "Still playing?", no return to the demo.
Tests that drive ``step`` directly could not see it; this one runs the real loop
(``game.ui.loop._run``) itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.session import settings as st
from game.session.kiosk import Mode
from game.ui import loop as app_module
from game.ui.app import App, Launch
from game.ui.scenes.title import TitleScene
from tests.helpers.loop_time import LoopTime
from tests.helpers.ui_driver import click


class FakeTime(LoopTime):
    """The loop's clock, stopping the game once the kiosk went back to the demo (or at ``limit``)."""

    def __init__(self, app: App, limit: float) -> None:
        super().__init__()
        self.app = app
        self.limit = limit
        self.modes: list[Mode] = []

    def advance(self, seconds: float) -> None:
        super().advance(seconds)
        kiosk = self.app.kiosk
        assert kiosk is not None
        if not self.modes or self.modes[-1] is not kiosk.mode:
            self.modes.append(kiosk.mode)
        if self.now > self.limit or (Mode.WARNING in self.modes and kiosk.mode is Mode.ATTRACT):
            self.app.running = False


pytestmark = pytest.mark.usefixtures("ui_reset")


def test_idle_title_in_real_time_warns_then_returns_to_the_demo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = st.Settings(idle_seconds=20, operator_code="2468")
    app = App(settings, Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    kiosk = app.kiosk
    assert kiosk is not None and kiosk.mode is Mode.ATTRACT
    click(app, (640, 500))  # a visitor wakes it...
    for _ in range(30):
        app.step()
    assert kiosk.mode is Mode.ACTIVE and isinstance(app.scenes.top, TitleScene)

    fake = FakeTime(app, limit=60.0)  # ...and walks away: 20 s idle + 10 s countdown < 60 s
    fake.install(monkeypatch)
    app.running = True
    app_module._run(app)

    assert Mode.WARNING in fake.modes, fake.modes
    assert kiosk.mode is Mode.ATTRACT, (fake.now, fake.modes)
    assert 29.0 <= fake.now <= 32.0, fake.now  # idle time + countdown, not later
