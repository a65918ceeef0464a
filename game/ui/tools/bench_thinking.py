"""How the computer's thinking touches the picture: the gaps between frames while it thinks, and how
long its decisions take, before (thinking in a thread of the screen's process, no time budget) and
after (in a worker process, the expert's cube decisions on :data:`game.ai.api.CUBE_BUDGET`).

Usage: ``.venv/bin/python -m game.ui.tools.bench_thinking [--seconds 60] [--positions 40] [--throttle]``.

1. Decision times: the expert's take and double on the contact positions among the first
   ``--positions`` of the cube benchmark's set (``game/tools/bench_cube_positions.txt``), each
   timed in CPU seconds of the thread that thinks, without and with the budget: median, 90th
   percentile and the longest, and how many answers the budget changed.
2. The demo at the expert level, headless, driven like the real loop (``--fps`` frames a second,
   each frame the fixed steps its time pays for, a draw and a present, then a sleep to the next
   frame), for ``--seconds`` each way, every way in a fresh process: frames presented, the
   longest gap between two frames, the longest and the 99th percentile while the computer thinks,
   and how long its decisions took as the loop saw them (median and longest).

``--throttle`` (Linux, cgroup v1's cpu controller writable, so root) holds the game's process to a
sixth of a core (``cpu.cfs_quota_us`` 1667 of ``cpu.cfs_period_us`` 10000: a Raspberry Pi 4 core
for this work) and its worker processes to two sixths in a second group, and removes both groups
at the end. Prints figures only; it asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CGROUP_CPU = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 10000
GAME_QUOTA_US = 1667
WORKERS_QUOTA_US = 3333
WAYS = {"before": ("thread", "none"), "after": ("worker", "budget")}
"""The two ways the demo is run: where the computer thinks, and whether its cube rollouts have a budget."""


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


# -- 1. decision times ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Timed:
    """A question that also says how many CPU seconds the thread answering it spent."""

    question: Callable[[], bool]

    def __call__(self) -> tuple[bool, float]:
        t0 = time.thread_time()
        answer = self.question()
        return answer, time.thread_time() - t0


def decision_times(count: int) -> None:
    """The expert's cube decisions in a worker process, as the game asks them (the worker plays its
    rollouts' trials itself), timed there."""
    from game.ai import api, parallel
    from game.ai.cubeful import CubeOwner
    from game.ai.requests import CubeQuestion, DoubleRequest, TakeRequest
    from game.tools.bench_cube import fixed_positions

    positions = [p for p in fixed_positions(count) if not p.is_race()]
    pool = parallel.WorkerPool(1)
    print(f"decision times: the expert's cube decisions on {len(positions)} contact positions, CPU ms")
    try:
        for kind in ("take", "double"):
            answers: list[list[bool]] = []
            for label, budget in (("no budget", None), (f"budget {api.CUBE_BUDGET:.2f} s", api.CUBE_BUDGET)):
                times: list[float] = []
                said: list[bool] = []
                for pos in positions:
                    if kind == "take":
                        cube = CubeQuestion(pos.flip(), 1, CubeOwner.CENTRE, 0, (0, 0), False)
                        question: Callable[[], bool] = TakeRequest(cube, "expert", budget)
                    else:
                        cube = CubeQuestion(pos, 1, CubeOwner.CENTRE, 0, (0, 0), False)
                        question = DoubleRequest(cube, "expert", budget)
                    thought = pool.think(Timed(question))
                    assert thought is not None, pool.failed
                    answer, cpu = thought.future.result()
                    said.append(answer)
                    times.append(cpu * 1000.0)
                answers.append(said)
                median, p90 = statistics.median(times), _pct(times, 0.9)
                print(
                    f"  {kind:6} {label:16} median {median:5.0f}  p90 {p90:5.0f}"
                    f"  longest {max(times):5.0f}  total {sum(times) / 1000.0:5.1f} s"
                )
            changed = sum(a != b for a, b in zip(*answers, strict=True))
            print(f"  {kind:6} answers the budget changed: {changed} of {len(positions)}")
    finally:
        pool.shutdown()


# -- 2. the demo ----------------------------------------------------------------------------------------


def _join(group: Path, pid: int) -> None:
    (group / "cgroup.procs").write_text(f"{pid}\n")


def _move_workers(group: Path, stop: threading.Event) -> None:
    """In the demo's process: put every worker process it starts into the workers' group."""
    moved: set[int] = set()
    while not stop.wait(0.1):
        for child in multiprocessing.active_children():
            if child.pid is not None and child.pid not in moved:
                try:
                    _join(group, child.pid)
                    moved.add(child.pid)
                except OSError:
                    pass  # already gone


def run_demo(way: str, seconds: float, fps: int, seed: int, groups: Path | None) -> dict[str, object]:
    """The demo driven like the real loop for ``seconds``; the figures as a dict."""
    import pygame

    from game.ai.jobs import Where
    from game.session import settings as st
    from game.ui import loop
    from game.ui.app import App, Launch
    from game.ui.scenes.game import GameScene

    stop = threading.Event()
    if groups is not None:
        _join(groups / "game", os.getpid())
        threading.Thread(target=_move_workers, args=(groups / "workers", stop), daemon=True).start()
    where, budget = WAYS[way]
    with tempfile.TemporaryDirectory() as data:
        from game.ai.levels import Level

        settings = st.Settings(level=Level.EXPERT, animation="normal", sound=False)
        app = App(settings, Launch(seed=seed, start="demo"), data_dir=data, threaded_ai=True)
        scene = app.initial_scene()
        assert isinstance(scene, GameScene)
        app.scenes.push(scene)
        opponent = scene.game.opponent
        opponent.where = Where.THREAD if where == "thread" else Where.WORKER
        if budget == "none":
            opponent.budget = None
        frames: list[tuple[float, bool]] = []
        decisions: list[tuple[str, float]] = []
        asked: tuple[str, float] | None = None
        budget_s = 1.0 / fps
        start = previous = time.perf_counter()
        acc = 0.0
        while (now := time.perf_counter()) - start < seconds:
            acc, drew = loop.frame(app, pygame.event.get(), now - previous, acc)
            previous = now
            pending = scene.game.pending
            if drew:
                app.display.present()
                frames.append((time.perf_counter(), pending is not None))
            if asked is None and pending is not None:
                asked = (pending, now)
            elif asked is not None and pending != asked[0]:
                decisions.append((asked[0], now - asked[1]))
                asked = (pending, now) if pending is not None else None
            rest = budget_s - (time.perf_counter() - now)
            if rest > 0:
                time.sleep(rest)
        games = scene.game.games
        app.quit()
    stop.set()
    pygame.quit()
    gaps = [(b - a, ta or tb) for (a, ta), (b, tb) in itertools.pairwise(frames)]
    thinking = [g * 1000.0 for g, t in gaps if t]
    by_kind: dict[str, list[float]] = {}
    for kind, took in decisions:
        by_kind.setdefault(kind, []).append(took * 1000.0)
    return {
        "way": way,
        "frames": len(frames),
        "games": games,
        "fps": len(frames) / seconds,
        "longest_gap_ms": max(g for g, _ in gaps) * 1000.0 if gaps else 0.0,
        "longest_thinking_gap_ms": max(thinking, default=0.0),
        "p99_thinking_gap_ms": _pct(thinking, 0.99),
        "thinking_frames": len(thinking),
        "decisions": {k: [len(v), statistics.median(v), max(v)] for k, v in sorted(by_kind.items())},
    }


def _make_groups() -> Path:
    root = CGROUP_CPU / f"backgammon-bench-{os.getpid()}"
    for name, quota in (("game", GAME_QUOTA_US), ("workers", WORKERS_QUOTA_US)):
        group = root / name
        group.mkdir(parents=True, exist_ok=True)
        (group / "cpu.cfs_period_us").write_text(f"{PERIOD_US}\n")
        (group / "cpu.cfs_quota_us").write_text(f"{quota}\n")
    return root


def _remove_groups(root: Path) -> None:
    """Back to the top group, then the groups away (a process still in one keeps it; it ends first)."""
    for name in ("game", "workers"):
        group = root / name
        for _ in range(50):
            pids = (group / "cgroup.procs").read_text().split()
            if not pids:
                break
            for pid in pids:
                with contextlib.suppress(OSError):
                    _join(CGROUP_CPU, int(pid))
            time.sleep(0.1)
        group.rmdir()
    root.rmdir()


def demo(args: argparse.Namespace) -> None:
    groups = _make_groups() if args.throttle else None
    held = " held to 1/6 of a core (workers 2/6)" if groups is not None else ", unthrottled"
    print(f"\nthe demo at the expert level, {args.seconds:.0f} s each way at {args.fps} fps{held}:")
    try:
        for way in WAYS:
            cmd = [sys.executable, "-m", "game.ui.tools.bench_thinking", "--one", way]
            cmd += ["--seconds", str(args.seconds), "--fps", str(args.fps), "--seed", str(args.seed)]
            if groups is not None:
                cmd += ["--groups", str(groups)]
            done = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                print(f"  {way}: failed\n{done.stderr}")
                continue
            r = json.loads(done.stdout.strip().splitlines()[-1])
            where, budget = WAYS[way]
            print(
                f"  {way} (thinking in a {where}, cube budget: {budget}): {r['frames']} frames "
                f"({r['fps']:.1f} a second), {r['games']} games; longest gap {r['longest_gap_ms']:.0f} ms; "
                f"while thinking ({r['thinking_frames']} gaps) longest "
                f"{r['longest_thinking_gap_ms']:.0f} ms, p99 {r['p99_thinking_gap_ms']:.0f} ms"
            )
            for kind, (n, median, longest) in r["decisions"].items():
                print(
                    f"    {kind:6} {n:4} decisions as the loop saw them: median {median:.0f} ms, "
                    f"longest {longest:.0f} ms"
                )
    finally:
        if groups is not None:
            _remove_groups(groups)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m game.ui.tools.bench_thinking", description=__doc__.split("\n")[0]
    )
    p.add_argument("--seconds", type=float, default=60.0, help="seconds of demo each way (default 60)")
    p.add_argument("--fps", type=int, default=60, help="the loop's frame cap (default 60)")
    p.add_argument("--seed", type=int, default=3, help="the demo's dice")
    p.add_argument("--positions", type=int, default=40, help="cube benchmark positions to time (0: none)")
    p.add_argument("--throttle", action="store_true", help="hold the demo to a Pi's share of a core (root)")
    p.add_argument("--one", choices=tuple(WAYS), help=argparse.SUPPRESS)
    p.add_argument("--groups", type=Path, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.one is not None:
        print(json.dumps(run_demo(args.one, args.seconds, args.fps, args.seed, args.groups)))
        return 0
    if args.positions:
        decision_times(args.positions)
    if args.seconds > 0:
        demo(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
