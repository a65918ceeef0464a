"""The command line: one parser for every flag, one Settings value, and ``main``.

Each flag has one meaning and one path: a flag that names a setting (``--level``,
``--speed``, ``--match``, ``--lang`` ...) is put over the saved settings for this
run (defaults, then the file, then the flags); the others say how this run starts
(:class:`~game.ui.app.Launch`: window, seed, headless runs, kiosk mode).
"""

from __future__ import annotations

import argparse
import getpass
import logging
import os
import signal
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from game.ai import parallel
from game.session import operator_lock, persist
from game.session import settings as st
from game.ui import loop as ui_loop
from game.ui.app import App, Launch
from game.ui.display import PRESENT_PATHS, screen_problem


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


log = logging.getLogger(__name__)


def _out_file(text: str) -> str:
    """A file the run will write (``--screenshot``, ``--frame-log``): its folder must exist now, so a
    typo is a usage error at start-up (exit 2), not a traceback after the run."""
    folder = Path(text).expanduser().parent
    if not text or Path(text).is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file name")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {str(folder)!r} does not exist")
    return text


def parser(prog: str = "main.py") -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description="Backgammon: play, watch or benchmark.")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--fullscreen", action="store_true", help="full screen, letterboxed")
    g.add_argument("--windowed", action="store_true", help="in a window (the default)")
    p.add_argument("--size", type=_size, help="window size, e.g. 1920x1080")
    p.add_argument("--seed", type=int, help="seed the dice (reproducible games)")
    p.add_argument("--fps", type=_positive, default=60, help="frame rate cap (default 60)")
    p.add_argument("--frames", type=_positive, help="run N fixed steps without waiting, then exit")
    p.add_argument("--screenshot", type=_out_file, help="with --frames: save the last frame to this PNG")
    p.add_argument("--bench-frames", type=_positive, help="time N demo frames, print the figures")
    p.add_argument(
        "--start",
        choices=("title", "computer", "two", "demo", "tournament", "desk"),
        default="title",
        help="skip the title screen and start this kind of game (tournament: the tournament's screen, "
        "for an organiser at a laptop; desk: the tournament desk on the network, to be the desk or join "
        "one as a board)",
    )
    p.add_argument(
        "--demo", action="store_true", help="start a computer-against-computer game (--start demo)"
    )
    p.add_argument(
        "--present",
        choices=PRESENT_PATHS,
        default="gpu",
        help="gpu: the GPU scales the picture where an accelerated renderer exists (default); "
        "software: the CPU does",
    )
    p.add_argument(
        "--frame-log", metavar="FILE", type=_out_file, help="write one JSON line per presented frame to FILE"
    )
    p.add_argument("--kiosk", action="store_true", help="event cabinet: attract mode, idle reset, no Quit")
    p.add_argument("--data-dir", default=None, help="folder for settings and the autosave")
    p.add_argument(
        "--set-operator-code",
        "--reset-operator-code",
        dest="set_operator_code",
        action="store_true",
        help="set the cabinet's operator code (a new cabinet, a forgotten code) and stop: typed twice "
        "at the terminal (or two lines on standard input); trivial codes are refused",
    )
    p.add_argument(
        "--debug",
        action="store_true",
        help=f"a bug stops the game with its traceback instead of restarting at the title; log DEBUG "
        f"lines too (also {DEBUG_ENV}=1)",
    )
    p.add_argument(
        "--match",
        "--match-length",
        dest="match_length",
        type=int,
        choices=st.MATCH_LENGTHS,
        default=None,
        help="points to win (0 = unlimited games: money play)",
    )
    st.add_arguments(p)
    return p


DEBUG_ENV = "BACKGAMMON_DEBUG"


def debug_wanted(flag: bool) -> bool:
    """The debug switch: ``--debug``, or ``BACKGAMMON_DEBUG`` set to anything but empty or 0."""
    return flag or os.environ.get(DEBUG_ENV, "").strip() not in ("", "0")


def configure_logging(debug: bool) -> None:
    """Logging, once, at start: INFO and above to stderr, which is the journal under systemd (why the
    sound is off, a broken save moved aside, the computer's workers); DEBUG too with the switch."""
    logging.basicConfig(
        level=logging.DEBUG if debug else logging.INFO,
        format="%(levelname)s %(name)s: %(message)s",
    )


def parse_args(argv: list[str], prog: str = "main.py") -> tuple[Launch, argparse.Namespace]:
    """The run's :class:`Launch` and the parsed flags (the settings' flags go to ``st.apply_arguments``)."""
    a = parser(prog).parse_args(argv)
    launch = Launch(
        fullscreen=a.fullscreen or (a.kiosk and a.size is None),
        size=a.size,
        seed=a.seed,
        fps=a.fps,
        frames=a.frames,
        screenshot=a.screenshot,
        bench_frames=a.bench_frames,
        start="demo" if a.demo else a.start,
        kiosk=a.kiosk,
        present=a.present,
        frame_log=a.frame_log,
        debug=debug_wanted(a.debug),
    )
    return launch, a


def _has_screen() -> bool:
    """A desktop session or a video driver named for a screen: ``--bench-frames`` then times the real
    window (presenting included) instead of the dummy driver's."""
    if any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY")):
        return True
    return os.environ.get("SDL_VIDEODRIVER", "dummy").lower() not in ("", "dummy", "offscreen")


def set_operator_code(folder: Path, ask: Callable[[str], str] | None = None) -> int:
    """``--set-operator-code``: the deliberate act that gives a cabinet its operator code (see
    :mod:`game.session.operator_lock` for why the touch screen never offers it). Typed twice, at the
    terminal without echo (``getpass``) or as two lines from an installer's pipe; a trivial code is
    refused with the reason. Exit 0 when saved, 2 for a refused code, 1 when the disk refused."""
    if ask is None:
        ask = getpass.getpass if sys.stdin.isatty() else _line
    low, high = operator_lock.CODE_LENGTH
    try:
        first = ask(f"New operator code ({low} to {high} digits): ").strip()
        second = ask("The same code again: ").strip()
    except (EOFError, KeyboardInterrupt):
        print("\nNo code set.", file=sys.stderr)
        return 2
    weak = operator_lock.weakness(first)
    if weak is not None:
        print(f"Not set: {WEAK_REASONS[weak].format(low=low, high=high)}", file=sys.stderr)
        return 2
    if first != second:
        print("Not set: the two codes were not the same.", file=sys.stderr)
        return 2
    problem = operator_lock.write_code(folder, first)
    if problem is not None:
        print(f"The operator code could not be saved in {folder}: {problem}.", file=sys.stderr)
        return 1
    print(
        f"The operator code is set ({folder / operator_lock.CODE_FILE}, readable by this user only).",
        file=sys.stderr,
    )
    return 0


def _line(prompt: str) -> str:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line


WEAK_REASONS = {
    operator_lock.Weak.DIGITS: "a code is digits only.",
    operator_lock.Weak.LENGTH: "a code has {low} to {high} digits.",
    operator_lock.Weak.SAME: "one digit repeated is the first code anyone tries.",
    operator_lock.Weak.RUN: "a run of digits up or down (1234, 9876) is among the first codes anyone tries.",
    operator_lock.Weak.PATTERN: "a repeated pattern (1212, 123123) is among the first codes anyone tries.",
    operator_lock.Weak.COMMON: "this is one of the commonest codes (or the game's old default).",
}
"""The terminal's reasons (English: the terminal is the organiser's, not a visitor's screen)."""


def build(argv: list[str], *, threaded_ai: bool | None = None, prog: str = "main.py") -> App:
    """The App for ``argv``: settings from the defaults, then the data folder's file, then the flags.

    ``prog`` is how the game was started (``main.py``, ``backgammon``, ``python -m game``), for ``--help``.
    """
    launch, args = parse_args(argv, prog)
    folder = persist.data_dir(args.data_dir)
    if launch.kiosk and args.operator_code:  # said in the journal, where the cabinet's builder looks
        log.warning(
            "--operator-code is for tests and a one-off run: every user of this machine sees it in the "
            "process list, and it is not checked for trivial codes; give the cabinet its own code with "
            "--set-operator-code"
        )
    stored, broken = st.load_settings_checked(folder)
    settings = st.apply_arguments(stored, args)
    if launch.frames is not None or (launch.bench_frames is not None and not _has_screen()):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    problem = screen_problem(launch.headless)
    if problem:  # no silent black screen: SDL fell back to a driver that shows nothing
        print(problem, file=sys.stderr)
        raise SystemExit(2)
    if threaded_ai is None:
        threaded_ai = not launch.headless or launch.bench_frames is not None
    return App(
        settings, launch, data_dir=folder, threaded_ai=threaded_ai, stored=stored, broken_settings=broken
    )


def _print_bench(app: App, b: ui_loop.Bench) -> None:
    percentile = ui_loop.percentile
    print(app.display.describe())
    median, p99 = statistics.median(b.cpu), percentile(b.cpu, 0.99)
    print(f"cpu time of the loop thread: median {median:.3f} ms, p99 {p99:.3f} ms")
    size = "x".join(map(str, app.display.window_size()))
    if b.present:
        median, p99 = statistics.median(b.present), percentile(b.present, 0.99)
        cmedian, cp99 = statistics.median(b.present_cpu), percentile(b.present_cpu, 0.99)
        print(
            f"present {size} ({app.display.path} path), presented frames only: median {median:.3f} ms, "
            f"p99 {p99:.3f} ms; cpu time median {cmedian:.3f} ms, p99 {cp99:.3f} ms"
        )
    shown = len(b.present)
    frames = len(b.wall)
    print(f"presented {shown} of {frames} frames ({frames - shown} unchanged, not presented)")
    if shown:
        thread, process = b.thread_cpu / shown * 1000, b.process_cpu / shown * 1000
        print(
            "cpu per presented frame, presenting included: "
            f"loop thread {thread:.3f} ms, whole process {process:.3f} ms"
        )
    median, p99 = statistics.median(b.wall), percentile(b.wall, 0.99)
    print(f"frames: {frames}, median {median:.3f} ms, p99 {p99:.3f} ms")


def main(argv: list[str], prog: str = "main.py") -> int:
    import pygame

    from game.ui import loop

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    configure_logging(debug_wanted(False))  # before the settings are read: their warnings are logged
    try:
        args = parse_args(argv, prog)[1]
        if args.set_operator_code:
            return set_operator_code(persist.data_dir(args.data_dir))
        app = build(argv, prog=prog)
    except SystemExit as exc:  # argparse already printed the reason
        return int(exc.code or 0)
    launch = app.launch
    if launch.debug:
        logging.getLogger().setLevel(logging.DEBUG)

    def on_term(signum: int, frame: FrameType | None) -> None:
        app.quit()

    signal.signal(signal.SIGTERM, on_term)
    try:
        app.scenes.push(app.initial_scene())
        if launch.bench_frames is not None:
            _print_bench(app, loop.bench(app, launch.bench_frames))
            return 0
        if launch.frames is not None:
            return loop.run_frames(app, launch.frames, launch.screenshot)
        return loop.run(app)
    except KeyboardInterrupt:
        return 0
    finally:
        parallel.shutdown()  # a review left running must not hold the exit up
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
