"""How one run of the game starts: the command line's choices that are not settings (not saved).

Why a module of its own: the App, the command line and the tools all build one, and the App's
module is the screen's busiest; this is plain data.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Launch:
    """How this run starts (not saved, unlike :class:`~game.session.settings.Settings`)."""

    fullscreen: bool = False
    size: tuple[int, int] | None = None
    seed: int | None = None
    fps: int = 60
    frames: int | None = None
    screenshot: str | None = None
    bench_frames: int | None = None
    start: str = "title"
    """"title", "computer", "two", "demo", "tournament" or "desk"."""
    kiosk: bool = False
    present: str = "gpu"
    """``--present``: "gpu" (an accelerated renderer where one can be had) or "software"."""
    frame_log: str | None = None
    """``--frame-log``: a file for one JSON line per presented frame (:mod:`game.ui.loop`)."""
    debug: bool = False
    """A bug stops the game with its traceback instead of starting again from the title (the loop
    re-raises), and the log shows DEBUG lines: ``--debug`` or ``BACKGAMMON_DEBUG=1``."""

    @property
    def headless(self) -> bool:
        return self.frames is not None or self.bench_frames is not None
