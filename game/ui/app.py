"""The application: command line, window, fixed-timestep loop, scene stack.

The loop (Nystrom's Game Loop): real time accumulates; the game advances in
fixed steps of ``STEP`` seconds (frame time clamped, catch-up capped so a stall
never snowballs); the frame is drawn with the fraction left over for smooth
motion. Timers advance by the step only, never by reading the clock, so a test
drives the whole game with :meth:`App.step`. When no scene is busy and no input
came, the loop stops drawing and sleeps in ``pygame.event.wait``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import statistics
import sys
import time
import traceback
import warnings
from dataclasses import dataclass
from types import FrameType

import pygame

from .input import InputMapper, Intent
from .layout import H, W
from .scene import Scene, SceneStack
from .sprites import Sprites
from .text import CACHE

STEP = 1.0 / 120.0
MAX_FRAME = 0.25
MAX_STEPS = 10
IDLE_POLL = 0.02
SPEEDS = ("slow", "normal", "fast")


@dataclass
class Options:
    fullscreen: bool = False
    size: tuple[int, int] | None = None
    seed: int | None = None
    fps: int = 60
    frames: int | None = None
    screenshot: str | None = None
    demo: bool = False
    bench_frames: int | None = None
    speed: str = "normal"
    match_length: int = 5
    mode: str | None = None


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if not (160 <= w <= 10000 and 120 <= h <= 10000):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is out of range")
    return (w, h)


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if n <= 0:
        raise argparse.ArgumentTypeError(f"expected a number above 0, not {n}")
    return n


def parse_args(argv: list[str]) -> Options:
    p = argparse.ArgumentParser(prog="main.py", description="Backgammon: play, watch or benchmark.")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--fullscreen", action="store_true", help="full screen, letterboxed")
    g.add_argument("--windowed", action="store_true", help="in a window (the default)")
    p.add_argument("--size", type=_size, help="window size, e.g. 1920x1080")
    p.add_argument("--seed", type=int, help="seed the dice (reproducible games)")
    p.add_argument("--fps", type=_positive, default=60, help="frame rate cap (default 60)")
    p.add_argument("--frames", type=_positive, help="run N fixed steps without waiting, then exit")
    p.add_argument("--screenshot", help="with --frames: save the last frame to this PNG")
    p.add_argument("--demo", action="store_true", help="start a computer-against-computer game")
    p.add_argument("--bench-frames", type=_positive, help="time N demo frames, print the figures")
    p.add_argument("--speed", choices=SPEEDS, default="normal", help="animation speed")
    p.add_argument(
        "--start",
        choices=("title", "computer", "two", "demo"),
        default="title",
        help="skip the title screen and start this kind of game",
    )
    p.add_argument("--match", type=int, choices=(0, 1, 3, 5, 7), default=5, help="match length (0 = session)")
    # The kiosk and settings flags are taken out of argv by ``split_arcade_args`` before this parser
    # runs; they are declared here too so that ``--help`` lists every flag the program accepts.
    from .arcade import add_arcade_arguments

    add_arcade_arguments(p)
    a = p.parse_args(argv)
    return Options(
        fullscreen=a.fullscreen,
        size=a.size,
        seed=a.seed,
        fps=a.fps,
        frames=a.frames,
        screenshot=a.screenshot,
        demo=a.demo,
        bench_frames=a.bench_frames,
        speed=a.speed,
        match_length=a.match,
        mode=None if a.start == "title" else a.start,
    )


class App:
    """Owns the window, the sprites, the scene stack and the input mapper."""

    def __init__(self, options: Options, *, threaded_ai: bool = True) -> None:
        self.options = options
        self.threaded_ai = threaded_ai
        pygame.display.init()
        pygame.font.init()
        CACHE.reset()
        flags = pygame.SCALED
        if options.fullscreen:
            flags |= pygame.FULLSCREEN
        else:
            flags |= pygame.RESIZABLE
        pygame.display.set_caption("Backgammon")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no fast renderer" under the dummy video driver
            self.screen = pygame.display.set_mode((W, H), flags)
        if options.size and not options.fullscreen:
            # if this fails the window keeps its automatic size; the game still scales to it
            with contextlib.suppress(pygame.error, AttributeError), warnings.catch_warnings():
                warnings.simplefilter("ignore")  # from_display_module is marked for a later API
                pygame.Window.from_display_module().size = options.size
        self.sprites = Sprites()
        self.scenes = SceneStack()
        self.input = InputMapper()
        self.running = True
        self.speed = options.speed
        self.time = 0.0
        """Game time in seconds, advanced only by fixed steps."""
        self.needs_draw = True
        self.errors = 0

    # -- the parts a test drives ------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED, pygame.WINDOWSHOWN):
            self.needs_draw = True
            return
        for intent in self.input.feed(event):
            self.dispatch(intent)

    def dispatch(self, intent: Intent) -> None:
        self.needs_draw = True
        top = self.scenes.top
        if top is not None:
            top.handle(intent)

    def step(self, dt: float = STEP) -> None:
        """One fixed update step."""
        self.time += dt
        for intent in self.input.update(dt):
            self.dispatch(intent)
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        if not self.scenes.scenes:
            self.running = False

    def draw(self, alpha: float = 0.0) -> None:
        self.scenes.draw(self.screen, alpha)

    def busy(self) -> bool:
        top = self.scenes.top
        return self.input.busy or (top is not None and top.busy())

    def quit(self) -> None:
        self.running = False

    # -- real-time loop -----------------------------------------------------------------------

    def recover(self, exc: BaseException) -> None:
        """A bug in a scene must not take the cabinet down: log it and start again from the title."""
        traceback.print_exception(exc, file=sys.stderr)
        self.errors += 1
        if self.errors > 20:
            raise SystemExit(1) from exc
        from .title import TitleScene

        self.input.cancel()
        self.scenes.reset(TitleScene(self))
        self.needs_draw = True

    def run(self) -> int:
        while self.running:
            try:
                return self._run()
            except Exception as exc:
                self.recover(exc)
        return 0

    def _run(self) -> int:
        clock = pygame.time.Clock()
        previous = time.perf_counter()
        acc = 0.0
        idle = False
        while self.running:
            if idle:
                # Sleep between short polls: SDL's own wait polls every millisecond on the
                # dummy and KMS/DRM drivers, which would cost a Raspberry Pi several percent.
                events = pygame.event.get()
                while not events and self.running:
                    time.sleep(IDLE_POLL)
                    now = time.perf_counter()
                    if self.idle_tick(now - previous):
                        break  # a timer that runs while nothing moves has something to show
                    previous = now
                    events = pygame.event.get()
                previous = time.perf_counter()
            else:
                events = pygame.event.get()
            now = time.perf_counter()
            frame_time = now - previous
            previous = now
            acc, drew = self.frame(events, frame_time, acc)
            if drew:
                pygame.display.flip()
            idle = not self.busy() and not events
            if not idle:
                clock.tick(self.options.fps)
        return 0

    def idle_tick(self, seconds: float) -> bool:
        """Real time that passed while the loop slept (no steps run then); True wakes the loop.

        The plain game has no clock that runs while nothing moves; the kiosk layer does
        (its idle timer must count while a visitor has walked away from a still screen).
        """
        return False

    def frame(self, events: list[pygame.event.Event], frame_time: float, acc: float) -> tuple[float, bool]:
        """One pass of the real-time loop without the clock: handle ``events``, run the fixed
        steps that ``frame_time`` pays for, draw if anything may have changed.

        Returns the new accumulator and whether a frame was drawn (the caller flips it).
        Kept apart from :meth:`_run` so tests can drive it with made-up frame times.
        """
        for event in events:
            self.handle_event(event)
        acc += min(frame_time, MAX_FRAME)
        # A scene that stops being busy during these steps (dice settled, the computer's
        # checkers landed) still owes the screen its final frame.
        was_busy = self.busy()
        steps = 0
        while acc >= STEP and steps < MAX_STEPS:
            self.step(STEP)
            acc -= STEP
            steps += 1
        if steps == MAX_STEPS:
            acc = 0.0
        if was_busy or self.busy() or events or self.needs_draw:
            self.draw(acc / STEP)
            self.needs_draw = False
            return acc, True
        return acc, False

    def run_frames(self, frames: int, screenshot: str | None) -> int:
        """Headless helper: ``frames`` fixed steps as fast as possible, then save the frame."""
        for _ in range(frames):
            for event in pygame.event.get():
                self.handle_event(event)
            self.step(STEP)
            if not self.running:
                break
        self.draw(0.0)
        pygame.display.flip()
        if screenshot:
            pygame.image.save(self.screen, screenshot)
        return 0

    def bench(self, frames: int) -> tuple[list[float], list[float]]:
        """Time ``frames`` frames of 1/60 s each (two fixed steps) plus a draw, in milliseconds.

        Returns (wall-clock times, this thread's CPU times): on a shared machine the
        wall clock also counts time the scheduler gave to other processes.
        """
        wall: list[float] = []
        cpu: list[float] = []
        per_frame = max(1, round((1.0 / 60.0) / STEP))
        for _ in range(frames):
            pygame.event.pump()
            c0 = time.thread_time()
            t0 = time.perf_counter()
            for _ in range(per_frame):
                self.step(STEP)
            self.draw(0.0)
            wall.append((time.perf_counter() - t0) * 1000.0)
            cpu.append((time.thread_time() - c0) * 1000.0)
            pygame.display.flip()
        return wall, cpu


def initial_scene(app: App) -> Scene:
    from .game_scene import GameScene, GameSetup
    from .title import TitleScene

    if app.options.demo or app.options.bench_frames or app.options.mode == "demo":
        return GameScene(app, GameSetup(mode="demo", match_length=0, seed=app.options.seed))
    if app.options.mode in ("computer", "two"):
        setup = GameSetup(mode=app.options.mode, match_length=app.options.match_length, seed=app.options.seed)
        return GameScene(app, setup)
    return TitleScene(app)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def main(argv: list[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .arcade import make_app, split_arcade_args  # kiosk, settings, autosave, sound, languages

    try:
        arcade_args, argv = split_arcade_args(argv)
        options = parse_args(argv)
    except SystemExit as exc:  # argparse already printed the reason
        return int(exc.code or 0)
    if options.frames is not None or options.bench_frames is not None:
        os.environ.setdefault("SDL_VIDEODRIVER", os.environ.get("SDL_VIDEODRIVER", "dummy"))
    headless = options.frames is not None or options.bench_frames is not None
    app = make_app(options, arcade_args, threaded_ai=not headless or options.bench_frames is not None)

    def on_term(signum: int, frame: FrameType | None) -> None:
        app.quit()

    signal.signal(signal.SIGTERM, on_term)
    try:
        app.scenes.push(app.initial_scene())
        if options.bench_frames is not None:
            times, cpu = app.bench(options.bench_frames)
            print(
                f"cpu time of the loop thread: median {statistics.median(cpu):.3f} ms, "
                f"p99 {percentile(cpu, 0.99):.3f} ms"
            )
            print(
                f"frames: {len(times)}, median {statistics.median(times):.3f} ms, "
                f"p99 {percentile(times, 0.99):.3f} ms"
            )
            return 0
        if options.frames is not None:
            return app.run_frames(options.frames, options.screenshot)
        return app.run()
    except KeyboardInterrupt:
        return 0
    finally:
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
