"""The real-time loop around an :class:`~game.ui.app.App` (Nystrom's Game Loop).

Real time accumulates; the game advances in fixed steps of ``STEP`` seconds (frame
time clamped, catch-up capped so a stall never snowballs); the frame is drawn with
the fraction left over for smooth motion. When no scene is busy and no input came,
the loop stops drawing and sleeps in short polls. Also the two headless runs:
``--frames`` (fixed steps, then a screenshot) and ``--bench-frames`` (timed frames).
"""

from __future__ import annotations

import time

import pygame

from game.ui.app import STEP, App
from game.ui.ready import notify_ready

MAX_FRAME = 0.25
MAX_STEPS = 10
IDLE_POLL = 0.02


def run(app: App) -> int:
    """Play until the App stops; a bug in a scene starts again from the title (see ``App.recover``).

    After the first pass of the loop it says ``READY=1`` to whoever asked (see :mod:`game.ui.ready`).
    """
    while app.running:
        try:
            return _run(app)
        except Exception as exc:
            app.recover(exc)
    return 0


def _run(app: App) -> int:
    clock = pygame.time.Clock()
    previous = time.perf_counter()
    acc = 0.0
    idle = False
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
            app.display.present()  # scale, letterbox, turn, flip
        idle = not app.busy() and not events
        if not announced:
            announced = True
            notify_ready()
        if not idle:
            clock.tick(app.launch.fps)
    return 0


def frame(app: App, events: list[pygame.event.Event], frame_time: float, acc: float) -> tuple[float, bool]:
    """One pass of the loop without the clock: handle ``events``, run the fixed steps that
    ``frame_time`` pays for, draw if anything may have changed.

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
    if was_busy or app.busy() or events or app.needs_draw:
        app.draw(acc / STEP)
        app.needs_draw = False
        return acc, True
    return acc, False


def run_frames(app: App, frames: int, screenshot: str | None) -> int:
    """Headless: ``frames`` fixed steps as fast as possible, then save the frame."""
    for _ in range(frames):
        for event in pygame.event.get():
            app.handle_event(app.display.map_event(event))
        app.step(STEP)
        if not app.running:
            break
    app.draw(0.0)
    app.display.present()
    if screenshot:
        pygame.image.save(app.screen, screenshot)
    return 0


def bench(app: App, frames: int) -> tuple[list[float], list[float], list[float], list[float]]:
    """Time ``frames`` frames of 1/60 s each (two fixed steps) plus a draw, in milliseconds.

    Returns (wall-clock times, this thread's CPU times) of update + draw, then the same two of
    putting the frame on the screen (:meth:`~game.ui.display.Display.present`), apart because
    they depend on the screen's size, not the game. On a shared machine the wall clock also
    counts time the scheduler gave to other processes (and, under X11, the X server's work).
    """
    wall: list[float] = []
    cpu: list[float] = []
    present: list[float] = []
    present_cpu: list[float] = []
    per_frame = max(1, round((1.0 / 60.0) / STEP))
    for _ in range(frames):
        pygame.event.pump()
        c0 = time.thread_time()
        t0 = time.perf_counter()
        for _ in range(per_frame):
            app.step(STEP)
        app.draw(0.0)
        wall.append((time.perf_counter() - t0) * 1000.0)
        cpu.append((time.thread_time() - c0) * 1000.0)
        c0, t0 = time.thread_time(), time.perf_counter()
        app.display.present()
        present.append((time.perf_counter() - t0) * 1000.0)
        present_cpu.append((time.thread_time() - c0) * 1000.0)
    return wall, cpu, present, present_cpu


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


__all__ = ["IDLE_POLL", "MAX_FRAME", "MAX_STEPS", "bench", "frame", "percentile", "run", "run_frames"]
