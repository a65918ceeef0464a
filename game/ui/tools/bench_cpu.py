"""The game's CPU on this machine, unthrottled: the demo over a minute, the title left alone, and with
``--before DIR`` another checkout's beside this one's, run in turns so that both see the same load.

Each figure is a real ``main.py`` process (SDL's dummy video driver: no X server, no GL, so the figure is
the game's own work) measured from ``/proc/PID/stat`` (every thread: the loop, sound, the computer's
thread; its worker processes are not in it) from a few seconds after it said it runs (``READY=1``).
The load average is printed with every figure: the machine may be shared.

Usage: ``.venv/bin/python -m game.ui.tools.bench_cpu [--seconds 60] [--idle-seconds 20] [--before DIR]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from game.ui.tools.bench_frames import ROOT, idle_cpu


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.ui.tools.bench_cpu", description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=60.0, help="seconds the demo is measured")
    p.add_argument("--idle-seconds", type=float, default=20.0, help="seconds the title is measured")
    p.add_argument("--before", type=Path, help="another checkout, measured before this one")
    a = p.parse_args(argv)
    if a.before is not None and not (a.before / "main.py").is_file():
        print(f"--before {a.before}: no main.py there (a checkout of the game is needed)")
        return 2
    trees = [("before", a.before.resolve()), ("after", ROOT)] if a.before is not None else [("this", ROOT)]
    print(f"load average at the start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for what, args, settle, seconds in (
        ("the demo", ["--start", "demo", "--seed", "1"], 4.0, a.seconds),
        ("the title, left alone", [], 2.0, a.idle_seconds),
    ):
        for name, root in trees:
            with tempfile.TemporaryDirectory() as data:
                share = idle_cpu([*args, "--data-dir", data], settle, seconds, root)
            load = os.getloadavg()[0]
            print(f"{what:22} {name:>6}: {share:6.2f}% of one core over {seconds:.0f} s (load {load:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
