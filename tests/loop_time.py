"""A fake clock for the real-time loop (``game.ui.loop._run``): tests put it in place of the loop's
``time`` module and ``pygame.time``, so that the loop's sleeps and ``Clock.tick`` advance made-up time
and nothing waits on the wall clock."""

from __future__ import annotations

from typing import Any


class LoopTime:
    """``perf_counter``, ``monotonic``, ``sleep`` and ``Clock().tick(fps)`` on made-up seconds.

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

    def Clock(self) -> Any:  # mirrors pygame.time.Clock
        fake = self

        class _Clock:
            def tick(self, fps: float = 0) -> int:
                fake.ticked(fps)
                fake.advance(1.0 / (fps or 60))
                return 16

        return _Clock()
