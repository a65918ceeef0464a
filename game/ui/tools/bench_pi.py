"""The full-screen demo held to a Raspberry Pi's share of this machine (issue 26): frames, gaps, CPU.

For each screen size an X server (Xvfb) is started and the demo (``main.py --start demo --fullscreen
--present gpu --frame-log``) runs on it; once its window is open, the game's process is put into a
cgroup v1 CPU group holding it to a sixth of one core (``cpu.cfs_quota_us`` 1667 of
``cpu.cfs_period_us`` 10000: about what one Raspberry Pi 4 core gives this work), its worker processes
(the computer's thinking) into a second group at two sixths (3334), and Mesa's ``llvmpipe`` threads
back out into the top group: they do on this machine's CPU what a Pi's GPU does, so they must not eat
the game's quota. A watcher moves workers and GL threads that start later too. The groups are removed
at the end, also after an error or Ctrl-C.

Printed per size (and per checkout with ``--before DIR``, run right before this one on the same
server, so that both see the same load):

- frames a second while something moves (a checker flying, dice rolling; still frames are not drawn
  at all): per stretch of motion of at least 10 frames, the median and the lowest of the stretches;
- the longest gap between two presented frames while something moves (a play's short pauses, where
  nothing moves for 40 ms or more, count in it), and between two passes of the loop ending while
  something moves (from the frame log's summary; ``n/a`` from an older checkout);
- the longest gap between two passes of the loop while the computer thinks (when the screen could not
  react; from the frame log's summary, which an older checkout may not write: then ``n/a``);
- the loop thread's CPU per presented frame, presenting included; and while something moves, the
  median loop CPU between two frames and the median wall time of presenting one (under Xvfb the wait
  for llvmpipe and the X server, which bounds the frame rate here whatever the game does).

Usage: ``.venv/bin/python -m game.ui.tools.bench_pi [--seconds 60] [--sizes 1920x1080,800x480]
[--before DIR] [--no-throttle]``. Needs ``Xvfb``, and root with cgroup v1's cpu controller at
``/sys/fs/cgroup/cpu`` for the throttle (it says so and stops when either is missing; ``--no-throttle``
runs the same unthrottled).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from game.ui.tools.bench_present import ROOT, start_x

CGROUP_CPU = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 10000
GAME_QUOTA_US = 1667
WORKERS_QUOTA_US = 3334
SIZES = ((1920, 1080), (800, 480))
MIN_STRETCH = 10
"""Frames a stretch of motion needs to count for the frame rate (a shorter one says little)."""


@dataclass
class Result:
    fps_median: float
    fps_lowest: float
    stretches: int
    longest_moving_gap_ms: float
    longest_thinking_pass_gap_ms: float | None
    longest_moving_pass_gap_ms: float | None
    loop_ms_per_frame: float
    presented: int
    moving_present_ms: float
    """Median wall time of presenting a frame while something moves: under Xvfb mostly the wait for
    llvmpipe and the X server (out of the quota, as a GPU would be), not the game's own work."""
    moving_loop_ms: float
    """Median loop-thread CPU between two presented frames while something moves (within the quota)."""


def throttle_problem() -> str | None:
    """Why the throttle cannot be set up here (None: it can)."""
    if not (CGROUP_CPU / "cpu.cfs_quota_us").exists():
        return f"no cgroup v1 cpu controller at {CGROUP_CPU} (cgroup v2 only, or not mounted)"
    if not os.access(CGROUP_CPU, os.W_OK):
        return f"{CGROUP_CPU} is not writable (run as root)"
    return None


class Groups:
    """The two CPU groups, the watcher that fills them, and their removal."""

    def __init__(self, game_pid: int) -> None:
        self.root = CGROUP_CPU / f"backgammon-pi-{os.getpid()}"
        self.game_pid = game_pid
        self.moved_workers: set[int] = set()
        self.freed_threads: set[int] = set()
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch, daemon=True)
        for name, quota in (("game", GAME_QUOTA_US), ("workers", WORKERS_QUOTA_US)):
            group = self.root / name
            group.mkdir(parents=True, exist_ok=True)
            (group / "cpu.cfs_period_us").write_text(f"{PERIOD_US}\n")
            (group / "cpu.cfs_quota_us").write_text(f"{quota}\n")

    def start(self) -> None:
        (self.root / "game" / "cgroup.procs").write_text(f"{self.game_pid}\n")
        self._sweep()
        self._watcher.start()

    def _sweep(self) -> None:
        """Workers into theirs; llvmpipe threads (the GPU's work) out of the game's group."""
        for tid in _threads(self.game_pid):
            name = _read(Path(f"/proc/{self.game_pid}/task/{tid}/comm"))
            if name.startswith("llvmpipe") and tid not in self.freed_threads:
                with contextlib.suppress(OSError):
                    (CGROUP_CPU / "tasks").write_text(f"{tid}\n")
                    self.freed_threads.add(tid)
        for pid in _descendants(self.game_pid):
            if pid not in self.moved_workers:
                with contextlib.suppress(OSError):
                    (self.root / "workers" / "cgroup.procs").write_text(f"{pid}\n")
                    self.moved_workers.add(pid)

    def _watch(self) -> None:
        while not self._stop.wait(0.1):
            self._sweep()

    def remove(self) -> None:
        """Everyone back to the top group, then the groups away (a group with a task in it stays)."""
        self._stop.set()
        if self._watcher.is_alive():
            self._watcher.join(timeout=2)
        for name in ("game", "workers"):
            group = self.root / name
            for _ in range(50):
                if not group.exists():
                    break
                pids = _read(group / "cgroup.procs").split()
                if not pids:
                    break
                for pid in pids:
                    with contextlib.suppress(OSError):
                        (CGROUP_CPU / "cgroup.procs").write_text(f"{pid}\n")
                time.sleep(0.1)
            with contextlib.suppress(OSError):
                group.rmdir()
        with contextlib.suppress(OSError):
            self.root.rmdir()


def _read(path: Path) -> str:
    try:
        return path.read_text().strip()
    except OSError:
        return ""


def _threads(pid: int) -> list[int]:
    with contextlib.suppress(OSError):
        return [int(t.name) for t in Path(f"/proc/{pid}/task").iterdir()]
    return []


def _descendants(pid: int) -> list[int]:
    out: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        for tid in _threads(parent):
            for child in _read(Path(f"/proc/{parent}/task/{tid}/children")).split():
                out.append(int(child))
                todo.append(int(child))
    return out


def figures(entries: list[dict[str, float]], summary: str) -> Result:
    """The frame log's presented frames and its summary line, as the module docstring says."""
    stretches: list[list[float]] = []
    current: list[float] = []
    for e in entries:
        if e["moving"]:
            current.append(e["t"])
        elif current:
            stretches.append(current)
            current = []
    if current:
        stretches.append(current)
    rates = [(len(s) - 1) / (s[-1] - s[0]) for s in stretches if len(s) >= MIN_STRETCH and s[-1] > s[0]]
    gaps = [b - a for s in stretches for a, b in itertools.pairwise(s)]
    pairs = [(a, b) for a, b in itertools.pairwise(entries) if a["moving"] and b["moving"]]
    moving_cpu = [(b["cpu"] - a["cpu"]) * 1000.0 for a, b in pairs]
    found = re.search(r"while the computer thinks ([0-9.]+) ms", summary)
    moving_pass = re.search(r"while something moves ([0-9.]+) ms", summary)
    cpu = (entries[-1]["cpu"] - entries[0]["cpu"]) / max(1, len(entries) - 1) * 1000.0
    return Result(
        fps_median=statistics.median(rates) if rates else 0.0,
        fps_lowest=min(rates, default=0.0),
        stretches=len(rates),
        longest_moving_gap_ms=max(gaps, default=0.0) * 1000.0,
        longest_thinking_pass_gap_ms=float(found.group(1)) if found else None,
        longest_moving_pass_gap_ms=float(moving_pass.group(1)) if moving_pass else None,
        loop_ms_per_frame=cpu,
        presented=len(entries),
        moving_present_ms=statistics.median(b["present_ms"] for _, b in pairs) if pairs else 0.0,
        moving_loop_ms=statistics.median(moving_cpu) if moving_cpu else 0.0,
    )


def run_demo(display: str, root: Path, seconds: float, settle: float, throttle: bool) -> Result:
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "frames.jsonl"
        env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        env["PYTHONPATH"] = str(root)
        env.pop("SDL_VIDEODRIVER", None)
        env.pop("WAYLAND_DISPLAY", None)
        args = ["--start", "demo", "--fullscreen", "--seed", "1", "--present", "gpu", "--data-dir", tmp]
        proc = subprocess.Popen(
            [sys.executable, "main.py", *args, "--frame-log", str(log)],
            cwd=root,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        groups: Groups | None = None
        try:
            time.sleep(settle)  # the window and the GL threads are up; the first frames are not measured
            if throttle:
                groups = Groups(proc.pid)
                groups.start()
            t_start = time.monotonic()
            time.sleep(seconds)
            t_end = time.monotonic()
        finally:
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=60)
            if groups is not None:
                groups.remove()
        entries = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    window = [e for e in entries if t_start <= e["t"] <= t_end]
    if len(window) < 2:
        raise SystemExit(f"only {len(window)} frames presented; the game's log:\n{err}")
    summary = " ".join(line for line in err.splitlines() if line.startswith("frame log"))
    if groups is not None:
        print(
            f"  throttled: {len(groups.moved_workers)} worker processes; "
            f"{len(groups.freed_threads)} GL threads moved out"
        )
    return figures(window, summary)


def _size(text: str) -> tuple[int, int]:
    w, h = (int(v) for v in text.lower().split("x"))
    return (w, h)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.ui.tools.bench_pi", description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=60.0, help="seconds measured per run")
    p.add_argument("--settle", type=float, default=5.0, help="seconds before the throttle and the measuring")
    p.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES), help="screen sizes")
    p.add_argument("--before", type=Path, help="another checkout, measured before this one at each size")
    p.add_argument("--no-throttle", action="store_true", help="run unthrottled (no cgroups needed)")
    a = p.parse_args(argv)
    if shutil.which("Xvfb") is None:
        print("needs Xvfb (apt-get install xvfb)")
        return 2
    throttle = not a.no_throttle
    problem = throttle_problem() if throttle else None
    if problem is not None:
        print(f"cannot hold the game to a Pi's share: {problem}. (--no-throttle measures unthrottled.)")
        return 2
    if a.before is not None and not (a.before / "main.py").is_file():
        print(f"--before {a.before}: no main.py there (a checkout of the game is needed)")
        return 2
    trees = [("before", a.before.resolve()), ("after", ROOT)] if a.before is not None else [("this", ROOT)]
    quota = f"game {GAME_QUOTA_US}/{PERIOD_US} us, workers {WORKERS_QUOTA_US}/{PERIOD_US} us"
    print(
        f"load average before: {os.getloadavg()[0]:.2f}; "
        f"{'throttled: ' + quota if throttle else 'unthrottled'}"
    )
    rows: list[tuple[str, str, Result, float]] = []
    for size in [_size(s) for s in a.sizes.split(",")]:
        server, display = start_x(size)
        try:
            for name, root in trees:
                print(f"{size[0]}x{size[1]} {name} ...", flush=True)
                result = run_demo(display, root, a.seconds, a.settle, throttle)
                rows.append((f"{size[0]}x{size[1]}", name, result, os.getloadavg()[0]))
        finally:
            server.terminate()
            server.wait(timeout=10)
    print()
    print(
        f"{'screen':>10} {'tree':>7} {'fps median':>10} {'fps lowest':>10} {'stretches':>9} "
        f"{'gap moving':>11} {'pass gap':>9} {'gap thinking':>13} {'loop CPU/frame':>15} "
        f"{'moving: CPU':>12} {'present':>8} {'load':>5}"
    )
    for size_text, name, r, load in rows:
        thinking = (
            "n/a" if r.longest_thinking_pass_gap_ms is None else f"{r.longest_thinking_pass_gap_ms:.0f} ms"
        )
        moving = "n/a" if r.longest_moving_pass_gap_ms is None else f"{r.longest_moving_pass_gap_ms:.0f} ms"
        print(
            f"{size_text:>10} {name:>7} {r.fps_median:>10.1f} {r.fps_lowest:>10.1f} {r.stretches:>9} "
            f"{r.longest_moving_gap_ms:>8.0f} ms {moving:>9} {thinking:>13} {r.loop_ms_per_frame:>12.2f} ms "
            f"{r.moving_loop_ms:>9.2f} ms {r.moving_present_ms:>5.1f} ms {load:>5.2f}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
