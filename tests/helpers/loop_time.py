"""A fake clock for the real-time loop (``game.ui.loop._run``): tests put it in place of the loop's
``time`` module (:meth:`LoopTime.install`), so that the loop's sleeps (its idle polls, the
:class:`~game.ui.loop.Pacer`'s) advance made-up time and nothing waits on the wall clock."""

from __future__ import annotations

import pytest

from game.ui import loop


class LoopTime:
    """``perf_counter``, ``monotonic`` and ``sleep`` on made-up seconds.

    Subclasses watch the game in :meth:`advance` (and stop it there) and see each pass's rate in
    :meth:`ticked`."""

    def __init__(self) -> None:
        self.now = 0.0

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def ticked(self, fps: float) -> None:
        """A pass of the loop asked for ``fps`` passes a second (before the time moves on)."""

    def perf_counter(self) -> float:
        return self.now

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.advance(seconds)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """In place of the loop's ``time``, with no input coming; each pass's rate goes to :meth:`ticked`."""
        wait = loop.Pacer.wait
        fake = self

        def ticking(pacer: loop.Pacer, fps: int) -> None:
            fake.ticked(fps)
            wait(pacer, fps)

        monkeypatch.setattr(loop, "time", self)
        monkeypatch.setattr(loop.Pacer, "wait", ticking)
        monkeypatch.setattr(loop.pygame.event, "get", lambda *a, **k: [])
