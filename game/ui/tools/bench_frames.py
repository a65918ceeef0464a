"""Measure the screen's speed figures on this machine and print them.

- frame time: ``main.py --bench-frames N`` (a demo game, update + draw per frame);
- start to first frame: wall time of ``main.py --frames 1`` from process start to exit (an upper bound);
- idle CPU: a real ``main.py`` process (dummy video driver) waiting on the title screen, then on a
  two-player board waiting for a move, measured from ``/proc/PID/stat`` over 10 s, from a few seconds
  after the game said it runs (``READY=1``, see ``game/ui/ready.py``), so a slow start is not counted.

Usage: ``.venv/bin/python -m game.ui.tools.bench_frames [--frames N] [--idle-seconds S]``.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.tools import CHECKOUT

ROOT = CHECKOUT
PY = sys.executable
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime + stime


def started(args: list[str], root: Path = ROOT) -> subprocess.Popen[bytes]:
    """``main.py ARGS`` of the checkout at ``root``, returned once it has said ``READY=1`` (its loop
    runs, the first frame drawn)."""
    with (
        tempfile.TemporaryDirectory(prefix="bg-") as folder,
        socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock,
    ):
        address = os.path.join(folder, "notify")
        sock.bind(address)
        env = {**ENV, "NOTIFY_SOCKET": address, "PYTHONPATH": str(root)}
        proc = subprocess.Popen([PY, "main.py", *args], cwd=root, env=env)
        sock.settimeout(600.0)  # a hung start fails the run instead of blocking it
        sock.recv(64)
    return proc


def idle_cpu(args: list[str], settle: float, seconds: float, root: Path = ROOT) -> float:
    """CPU share of a game left alone: measured ``settle`` seconds after it runs (animations done)."""
    proc = started(args, root)
    try:
        time.sleep(settle)
        c0, t0 = cpu_seconds(proc.pid), time.monotonic()
        time.sleep(seconds)
        c1, t1 = cpu_seconds(proc.pid), time.monotonic()
        return 100.0 * (c1 - c0) / (t1 - t0)
    finally:
        proc.terminate()
        code = proc.wait(timeout=10)
        if code != 0:
            print(f"warning: main.py exited with {code} after SIGTERM")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m game.ui.tools.bench_frames",
        description="Frame time, start-up time and idle CPU of the game, measured on this machine.",
    )
    p.add_argument("--frames", type=int, default=3000, help="demo frames to time")
    p.add_argument("--idle-seconds", type=float, default=10.0, help="seconds of idle CPU measurement")
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as cache:
        # As installed, Python keeps compiled bytecode; this environment may forbid writing it
        # (PYTHONDONTWRITEBYTECODE), which adds the compile time of every module to each start.
        warm = {k: v for k, v in ENV.items() if k != "PYTHONDONTWRITEBYTECODE"}
        warm["PYTHONPYCACHEPREFIX"] = cache
        for label, env in (("bytecode cached", warm), ("as this shell runs it", ENV)):
            subprocess.run([PY, "main.py", "--frames", "1"], cwd=ROOT, env=env, check=True)
            starts = []
            for _ in range(3):
                t0 = time.perf_counter()
                subprocess.run([PY, "main.py", "--frames", "1"], cwd=ROOT, env=env, check=True)
                starts.append(time.perf_counter() - t0)
            first = statistics.median(starts) * 1000
            print(f"start to first frame, process start to exit, {label} (median of 3): {first:.0f} ms")
    title = idle_cpu([], 2.0, a.idle_seconds)
    print(f"idle CPU on the title screen: {title:.2f}% of one core over {a.idle_seconds:.0f} s")
    board = idle_cpu(["--start", "two", "--seed", "1"], 5.0, a.idle_seconds)
    print(f"idle CPU on a still board: {board:.2f}% of one core over {a.idle_seconds:.0f} s")
    out = (
        subprocess.run(
            [PY, "main.py", "--bench-frames", str(a.frames), "--seed", "1"],
            cwd=ROOT,
            env=ENV,
            check=True,
            capture_output=True,
            text=True,
        )
        .stdout.strip()
        .splitlines()
    )
    load = os.getloadavg()
    print(f"load average during the run: {load[0]:.2f} on {os.cpu_count()} cores")
    for line in out:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
