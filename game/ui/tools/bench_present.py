"""Measure presenting on this machine: the CPU path against the GPU path, side by side, and print it.

For each screen size an X server (Xvfb, no window manager, as a kiosk's ``xinit``) is started, and
the full-screen demo (``main.py --start demo --fullscreen --frame-log``) runs on it for a while on
each path (``--present software``, then ``--present gpu``). From the frame log and ``/proc``:

- the loop thread's CPU per presented frame, presenting included (the log's ``cpu``, which is
  ``time.thread_time()``: the computer's thread and the GL driver's threads are not in it);
- the median time spent presenting a frame, and presented frames per second;
- the share of drawn frames not presented because the picture had not changed;
- the whole process's CPU (``/proc/PID/stat``, every thread: under Xvfb that includes Mesa's
  llvmpipe threads, the work a real GPU does), as a share of one core.

Usage: ``.venv/bin/python -m game.ui.tools.bench_present [--seconds S] [--sizes 800x480,1920x1080]
[--paths gpu] [--before DIR] [--rounds N]``. ``--before`` names another checkout of the game (an older
commit, e.g. ``git archive COMMIT | tar -x -C DIR``): its demo runs too, right before this one's on the
same X server, and the table shows the two side by side, so that a change is measured under the same
load. ``--rounds N`` runs each pair N times, the order swapped every other round (the second of two
runs in a row may find warmer caches), and ends with each tree's median and range: on a shared
machine one run's figure moves by 0.2 ms or more from one run to the next.
Needs ``Xvfb`` (``apt-get install xvfb``); Mesa's llvmpipe gives it OpenGL for the GPU path.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from game.tools import CHECKOUT

ROOT = CHECKOUT
PY = sys.executable
SIZES = ((800, 480), (1920, 1080), (3840, 2160))
PATHS = ("software", "gpu")


@dataclass
class Run:
    """One path at one size: what the frame log and /proc say."""

    display_line: str
    presented: int
    seconds: float
    thread_ms_per_frame: float
    present_ms_median: float
    unchanged_share: float
    process_core_share: float


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def free_display() -> str:
    taken = {int(p.name[2:-5]) for p in Path("/tmp").glob(".X*-lock") if p.name[2:-5].isdigit()}
    return f":{random.choice([n for n in range(300, 900) if n not in taken])}"


def start_x(size: tuple[int, int]) -> tuple[subprocess.Popen[bytes], str]:
    display = free_display()
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp", "-noreset"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    socket = Path(f"/tmp/.X11-unix/X{display[1:]}")
    for _ in range(100):
        if socket.exists():
            break
        time.sleep(0.05)
    time.sleep(0.3)
    return server, display


def run_demo(display: str, path: str, seconds: float, settle: float, root: Path = ROOT) -> Run:
    """The demo of the checkout at ``root`` on ``display``, presenting by ``path``."""
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "frames.jsonl"
        env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        env["PYTHONPATH"] = str(root)
        env.pop("SDL_VIDEODRIVER", None)
        env.pop("WAYLAND_DISPLAY", None)
        args = ["--start", "demo", "--fullscreen", "--seed", "1", "--present", path, "--data-dir", tmp]
        proc = subprocess.Popen(
            [PY, "main.py", *args, "--frame-log", str(log)],
            cwd=root,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            time.sleep(settle)  # start-up and the first frames are not the steady state
            t_start = time.monotonic()
            c0 = cpu_seconds(proc.pid)
            time.sleep(seconds)
            c1 = cpu_seconds(proc.pid)
            t_end = time.monotonic()
        finally:
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=30)
        entries = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    window = [e for e in entries if t_start <= e["t"] <= t_end]
    if len(window) < 2:
        raise SystemExit(f"{path}: only {len(window)} frames presented; its log:\n{err}")
    told = next((line for line in err.splitlines() if line.startswith("display:")), "display: ?")
    summary = next((line for line in err.splitlines() if line.startswith("frame log:")), "")
    unchanged = 0.0
    if summary:
        words = summary.split()
        drawn, shown = int(words[2]), int(words[5])
        unchanged = (drawn - shown) / drawn if drawn else 0.0
    span = window[-1]["t"] - window[0]["t"]
    return Run(
        display_line=told,
        presented=len(window),
        seconds=span,
        thread_ms_per_frame=(window[-1]["cpu"] - window[0]["cpu"]) / (len(window) - 1) * 1000.0,
        present_ms_median=statistics.median(e["present_ms"] for e in window),
        unchanged_share=unchanged,
        process_core_share=(c1 - c0) / (t_end - t_start),
    )


def _size(text: str) -> tuple[int, int]:
    w, h = (int(v) for v in text.lower().split("x"))
    return (w, h)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m game.ui.tools.bench_present",
        description="The full-screen demo on the CPU and the GPU path under Xvfb, side by side.",
    )
    p.add_argument("--seconds", type=float, default=20.0, help="seconds measured per path and size")
    p.add_argument("--settle", type=float, default=4.0, help="seconds left out at the start of each run")
    p.add_argument(
        "--sizes",
        default=",".join(f"{w}x{h}" for w, h in SIZES),
        help="screen sizes, comma separated (default 800x480,1920x1080,3840x2160)",
    )
    p.add_argument("--paths", default=",".join(PATHS), help="present paths (default software,gpu)")
    p.add_argument("--before", type=Path, help="another checkout, measured before this one at each step")
    p.add_argument("--rounds", type=int, default=1, help="runs of each tree, in turns (default 1)")
    a = p.parse_args(argv)
    if shutil.which("Xvfb") is None:
        print("needs Xvfb (apt-get install xvfb)")
        return 2
    if a.before is not None and not (a.before / "main.py").is_file():
        print(f"--before {a.before}: no main.py there (a checkout of the game is needed)")
        return 2
    sizes = [_size(s) for s in a.sizes.split(",")]
    trees = [("before", a.before.resolve()), ("after", ROOT)] if a.before is not None else [("this", ROOT)]
    load = os.getloadavg()
    print(f"load average before: {load[0]:.2f} on {os.cpu_count()} cores; {a.seconds:.0f} s per run")
    rows: list[tuple[str, str, str, Run, float]] = []
    for size in sizes:
        server, display = start_x(size)
        try:
            for path in a.paths.split(","):
                for turn in range(max(1, a.rounds)):
                    for name, root in trees if turn % 2 == 0 else trees[::-1]:
                        run = run_demo(display, path, a.seconds, a.settle, root)
                        rows.append((f"{size[0]}x{size[1]}", path, name, run, os.getloadavg()[0]))
                        print(name, run.display_line)
        finally:
            server.terminate()
            server.wait(timeout=10)
    print()
    print(
        f"{'screen':>10} {'path':>9} {'tree':>7} {'loop CPU/frame':>15} {'present med':>12} {'frames/s':>9} "
        f"{'unchanged':>10} {'process CPU':>12} {'load':>5}"
    )
    for size_text, path, name, r, load1 in rows:
        rate, unchanged = r.presented / r.seconds, 100 * r.unchanged_share
        process = 100 * r.process_core_share
        print(
            f"{size_text:>10} {path:>9} {name:>7} {r.thread_ms_per_frame:>12.2f} ms "
            f"{r.present_ms_median:>9.2f} ms {rate:>9.1f} {unchanged:>9.1f}% {process:>10.1f}% {load1:>5.2f}"
        )
    if a.rounds > 1:
        print(f"\nloop CPU per presented frame over {a.rounds} rounds: median (lowest-highest)")
        for key in dict.fromkeys((size_text, path, name) for size_text, path, name, _, _ in rows):
            figures = [r.thread_ms_per_frame for s_, p_, n_, r, _ in rows if (s_, p_, n_) == key]
            print(
                f"{key[0]:>10} {key[1]:>9} {key[2]:>7} {statistics.median(figures):>8.2f} ms "
                f"({min(figures):.2f}-{max(figures):.2f})"
            )
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
