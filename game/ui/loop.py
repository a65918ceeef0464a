"""The real-time loop around an :class:`~game.ui.app.App` (Nystrom's Game Loop).

Real time accumulates; the game advances in fixed steps of ``STEP`` seconds (frame
time clamped, catch-up capped so a stall never snowballs); the frame is drawn with
the fraction left over for smooth motion. When no scene is busy and no input came,
the loop stops drawing and sleeps in short polls; while a scene is busy but its picture
stands still (its picture key unchanged: the computer thinking), the loop steps without
drawing, after a few such passes at :data:`STILL_FPS`. A drawn frame whose picture is the one
already on screen is not presented (:meth:`~game.ui.display.Display.present`). Also the two
headless runs: ``--frames`` (fixed steps, then a screenshot) and ``--bench-frames`` (timed
frames), and ``--frame-log`` (one JSON line per presented frame, for measuring on any machine).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import TextIO

import pygame

from game.ui.app import STEP, App, activity, recover
from game.ui.ready import notify_ready

MAX_FRAME = 0.25
MAX_STEPS = 10
IDLE_POLL = 0.02
STILL_PASSES = 6
STILL_FPS = 30
"""A busy scene whose picture stood still for ``STILL_PASSES`` passes in a row (the computer thinking,
a pause between its moves, a standing message) is stepped at ``STILL_FPS`` until its picture changes
or input comes. Why: each such pass costs the loop CPU (polling the events, the fixed steps, the
picture key; its caches are cold after every sleep) and draws nothing, and where presenting is slow
they outnumber the presented frames (docs/benchmarks.md, "The loop"). Input waits at most 1/30 s
then, the first frame of what moves next at most as long; motion itself runs at ``fps`` (tumbling
dice change their picture every 70 ms, about 4 passes: 6 standing passes are 100 ms)."""


FLUSH_SECONDS = 1.0
"""How often the frame log's file is flushed (:class:`FrameLog`)."""
_JSON_BOOL = {True: "true", False: "false"}


class Pacer:
    """Holds the loop to a number of passes a second: sleeps until the pass is due, and does not sleep
    at all when the pass ran late.

    Why not ``pygame.time.Clock.tick``: it sleeps (``SDL_Delay``) even when the pass is already late,
    a sleep and a wake-up on a cold cache for nothing; and a late pass is the rule where presenting
    is slow (a software renderer at 4K). Each pass is due one period after the one before was due,
    not after it woke: a sleep wakes late (by milliseconds when the CPU is rationed, as on a Pi held
    to its share), and counting from the waking lost passes every second (``bench_pi``; the figures
    are in docs/benchmarks.md, "The loop"). A pass a little
    late keeps the beat (the next one waits less); after one later than a whole period the count
    starts again from its end, so the loop never hurries to make up for a stall.
    """

    def __init__(self) -> None:
        self._due: float | None = None

    def wait(self, fps: int) -> None:
        """Sleep until ``1/fps`` seconds after the previous pass was due, if that is still to come."""
        now = time.perf_counter()
        period = 1.0 / fps
        due = now if self._due is None else self._due + period
        if due > now:
            time.sleep(due - now)
        elif now - due >= period:
            due = now  # a pass later than a whole period: start counting again from here
        self._due = due


def pace(fps: int, still: int) -> int:
    """The passes a second for the next pass, after ``still`` busy passes in a row drew nothing."""
    return min(fps, STILL_FPS) if still >= STILL_PASSES else fps


class FrameLog:
    """``--frame-log``: one JSON line per presented frame, written as it happens.

    ``{"t": monotonic seconds, "cpu": the loop thread's CPU seconds so far, "present_ms": time spent
    presenting this frame, "thinking": the computer is working, "moving": something is animating}``.
    ``cpu`` is ``time.thread_time()``: the loop thread's own, so the computer's thread or worker
    processes never count in it. Also counts the drawn frames that were not presented (the picture
    unchanged), told by :meth:`summary` at the end.

    Why the line is formatted by hand and the file flushed once a second (:data:`FLUSH_SECONDS`), not
    per line: ``json.dumps`` and a write per line cost the loop measurably per presented frame (cold
    caches after each sleep), inflating the very figure the log is for. A reader tailing the file
    sees each line within a second; the rest is written at the end.
    """

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.presented = 0
        self.unchanged = 0
        self.undrawn = 0
        """Passes of the loop that stepped without drawing (busy, its picture key unchanged)."""
        self.passes = 0
        self.longest_pass_gap = 0.0
        self.longest_thinking_gap = 0.0
        self.longest_moving_gap = 0.0
        """Seconds between two passes of the loop, the longest; and the longest while the computer
        thinks, and while something moves (a pass ending then: jank a player sees). A pass is when
        the screen can react (input, a move to show): with frames drawn only when the picture
        changes, the gaps between presented frames no longer tell that."""
        self._last_pass: float | None = None
        self._flushed = time.monotonic()

    def frame(self, app: App, presented: bool, present_seconds: float) -> None:
        if not presented:
            self.unchanged += 1
            return
        self.presented += 1
        thinking, moving = activity(app)
        now = time.monotonic()
        cpu, ms = time.thread_time(), present_seconds * 1000.0
        self.out.write(
            f'{{"t": {now:.6f}, "cpu": {cpu:.6f}, "present_ms": {ms:.4f}, '
            f'"thinking": {_JSON_BOOL[thinking]}, "moving": {_JSON_BOOL[moving]}}}\n'
        )
        if now - self._flushed >= FLUSH_SECONDS:
            self.out.flush()
            self._flushed = now

    def passed(self, app: App, now: float) -> None:
        """One pass of the loop ended at ``now`` (``time.perf_counter``; sleeps while idle count)."""
        self.passes += 1
        if self._last_pass is not None:
            gap = now - self._last_pass
            self.longest_pass_gap = max(self.longest_pass_gap, gap)
            if gap > min(self.longest_thinking_gap, self.longest_moving_gap):  # asked only when it matters
                thinking, moving = activity(app)
                if thinking and gap > self.longest_thinking_gap:
                    self.longest_thinking_gap = gap
                if moving and gap > self.longest_moving_gap:
                    self.longest_moving_gap = gap
        self._last_pass = now

    def summary(self) -> str:
        drawn = self.presented + self.unchanged
        share = 100.0 * self.unchanged / drawn if drawn else 0.0
        return (
            f"frame log: {drawn} frames drawn, {self.presented} presented, "
            f"{self.unchanged} unchanged and not presented ({share:.1f}%); "
            f"{self.undrawn} passes not drawn (the picture key unchanged)\n"
            f"frame log passes: {self.passes}, longest gap between passes "
            f"{self.longest_pass_gap * 1000.0:.1f} ms, while the computer thinks "
            f"{self.longest_thinking_gap * 1000.0:.1f} ms, while something moves "
            f"{self.longest_moving_gap * 1000.0:.1f} ms"
        )


def present(app: App, log: FrameLog | None) -> bool:
    """Present the drawn frame (skipped when unchanged) and log it; returns whether it was shown."""
    t0 = time.perf_counter()
    shown = app.display.present(hint=app.scenes.dirty)
    if log is not None:
        log.frame(app, shown, time.perf_counter() - t0)
    return shown


def run(app: App) -> int:
    """Play until the App stops; a bug in a scene starts again from the title (see
    :func:`~game.ui.app.recover`), or, with the debug switch (``--debug``), stops the game with its
    traceback.

    After the first pass of the loop it says ``READY=1`` to whoever asked (see :mod:`game.ui.ready`).
    """
    path = app.launch.frame_log
    out = open(path, "w", encoding="utf-8") if path else None  # noqa: SIM115
    log = FrameLog(out) if out is not None else None
    try:
        while app.running:
            try:
                return _run(app, log)
            except Exception as exc:
                if app.launch.debug:
                    raise
                recover(app, exc)
        return 0
    finally:
        if out is not None and log is not None:
            out.close()
            print(log.summary(), file=sys.stderr)


def _run(app: App, log: FrameLog | None = None) -> int:
    pacer = Pacer()
    previous = time.perf_counter()
    acc = 0.0
    idle = False
    still = 0
    announced = False
    while app.running:
        if idle:
            # Sleep between short polls: SDL's own wait polls every millisecond on the
            # dummy and KMS/DRM drivers, which would cost a Raspberry Pi several percent.
            events = pygame.event.get()
            while not events and app.running:
                time.sleep(IDLE_POLL)
                now = time.perf_counter()
                if app.idle_tick(now - previous):
                    break  # a timer that runs while nothing moves has something to show
                previous = now
                events = pygame.event.get()
            previous = time.perf_counter()
        else:
            events = pygame.event.get()
        now = time.perf_counter()
        frame_time = now - previous
        previous = now
        acc, drew = frame(app, events, frame_time, acc)
        if drew:
            present(app, log)  # scale, letterbox, turn, show: unless the picture is unchanged
        elif log is not None and not idle:
            log.undrawn += 1
        if log is not None:
            log.passed(app, time.perf_counter())
        idle = not app.busy() and not events
        still = 0 if drew or events or idle else still + 1
        if not announced:
            announced = True
            notify_ready()
        if not idle:
            pacer.wait(pace(app.launch.fps, still))
    return 0


def picture_key(app: App) -> object | None:
    """A cheap value equal to the last drawn frame's exactly when drawing now would paint the same
    picture; ``None``: cannot tell (draw). The loop draws a busy frame only when it changed: the
    scenes' keys (:meth:`~game.ui.scene.Scene.draw_key`), the kiosk's operator ring, and
    which way the picture faces."""
    scenes = app.scenes.picture_key()
    if scenes is None:
        return None
    hold = app.kiosk.hold_progress if app.kiosk is not None else 0.0
    return (scenes, app.far_side_acts(), hold if hold > 0.2 else 0.0)


def frame(app: App, events: list[pygame.event.Event], frame_time: float, acc: float) -> tuple[float, bool]:
    """One pass of the loop without the clock: handle ``events``, run the fixed steps that
    ``frame_time`` pays for, draw if anything may have changed: after input, when asked
    (``app.needs_draw``), or while busy when the picture key (:func:`picture_key`) changed.

    Returns the new accumulator and whether a frame was drawn (the caller flips it).
    Kept apart from :func:`_run` so tests can drive it with made-up frame times.
    """
    for event in events:
        app.handle_event(app.display.map_event(event))  # window -> logical position
    acc += min(frame_time, MAX_FRAME)
    # A scene that stops being busy during these steps (dice settled, the computer's
    # checkers landed) still owes the screen its final frame.
    was_busy = app.busy()
    steps = 0
    while acc >= STEP and steps < MAX_STEPS:
        app.step(STEP)
        acc -= STEP
        steps += 1
    if steps == MAX_STEPS:
        acc = 0.0
    if events or app.needs_draw:
        key = picture_key(app)
    elif was_busy or app.busy():
        # Busy but perhaps standing still (the computer thinking, a pause between its moves): draw
        # only if the picture would differ from the one drawn last (the scenes' picture keys).
        key = picture_key(app)
        if key is not None and key == app.drawn_key:
            return acc, False
    else:
        return acc, False
    app.draw(acc / STEP)
    app.needs_draw = False
    app.drawn_key = key
    return acc, True


def run_frames(app: App, frames: int, screenshot: str | None) -> int:
    """Headless: ``frames`` fixed steps as fast as possible, then save the frame."""
    for _ in range(frames):
        for event in pygame.event.get():
            app.handle_event(app.display.map_event(event))
        app.step(STEP)
        if not app.running:
            break
    app.draw(0.0)
    path = app.launch.frame_log
    if path:
        with open(path, "w", encoding="utf-8") as out:
            present(app, FrameLog(out))
    else:
        app.display.present()
    if screenshot:
        pygame.image.save(app.screen, screenshot)
    return 0


@dataclass
class Bench:
    """``--bench-frames``' figures: per frame in milliseconds (``present``: presented frames only),
    and the loop thread's and the whole process's CPU seconds over the run, presenting included."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    present: list[float] = field(default_factory=list)
    present_cpu: list[float] = field(default_factory=list)
    thread_cpu: float = 0.0
    process_cpu: float = 0.0


def bench(app: App, frames: int) -> Bench:
    """Time ``frames`` frames of 1/60 s each (two fixed steps) plus a draw, in milliseconds.

    ``wall`` and ``cpu`` are update + draw; ``present`` and ``present_cpu`` putting a changed frame on
    the screen (:meth:`~game.ui.display.Display.present`), apart because they depend on the screen's
    size, not the game. On a shared machine the wall clock also counts time the scheduler gave to
    other processes (and, under X11, the X server's work); ``process_cpu`` counts the computer's
    thread and the GL driver's threads too.
    """
    b = Bench()
    per_frame = max(1, round((1.0 / 60.0) / STEP))
    thread0, process0 = time.thread_time(), time.process_time()
    for _ in range(frames):
        pygame.event.pump()
        c0 = time.thread_time()
        t0 = time.perf_counter()
        for _ in range(per_frame):
            app.step(STEP)
        app.draw(0.0)
        b.wall.append((time.perf_counter() - t0) * 1000.0)
        b.cpu.append((time.thread_time() - c0) * 1000.0)
        c0, t0 = time.thread_time(), time.perf_counter()
        if app.display.present():
            b.present.append((time.perf_counter() - t0) * 1000.0)
            b.present_cpu.append((time.thread_time() - c0) * 1000.0)
    b.thread_cpu = time.thread_time() - thread0
    b.process_cpu = time.process_time() - process0
    return b


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


__all__ = [
    "IDLE_POLL",
    "MAX_FRAME",
    "MAX_STEPS",
    "STILL_FPS",
    "STILL_PASSES",
    "Bench",
    "FrameLog",
    "Pacer",
    "bench",
    "frame",
    "pace",
    "percentile",
    "picture_key",
    "present",
    "run",
    "run_frames",
]
