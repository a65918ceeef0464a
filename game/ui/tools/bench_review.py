"""How long the review screen's review takes, and how the screen keeps up while it runs.

Usage: ``.venv/bin/python -m game.ui.tools.bench_review [--match 7] [--seed 1] [--fps 60]``.
Plays a computer-against-computer match (expert against intermediate, the self-play
tool's :func:`~game.tools.selfplay.play_match`), then reviews it three times: alone (at
once, with nothing else to do), and on the review screen driven like the real loop (one
update and one draw per frame at ``--fps``, sleeping out the rest of the frame), once with
the review in a thread of the screen's process (as it ran before) and once in a worker
process (as the game runs it). Prints the review times side by side, and for each screen run
the frames' update+draw time (median, p99, max) and the longest gap between two frames while
the review ran.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.ai import api, jobs
from game.ai.jobs import Where
from game.record import MatchRecord
from game.session import settings as st
from game.session.review_job import start_review
from game.tools.selfplay import play_match
from game.ui.app import App
from game.ui.scenes.review import ReviewScene


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def on_screen(record: MatchRecord, fps: int, worker: bool) -> tuple[float, list[float], float, int]:
    """(review seconds, per-frame update+draw ms, longest frame gap ms, frames) on the review screen,
    the review in a worker process (``worker``) or in a thread of this process. Each review starts
    from nothing remembered (the expert's cube answers are kept per process), so the two compare."""
    api._expert_cube.cache_clear()
    if worker:  # as in the game, where they start with the first game: ready before the clock starts
        jobs.warm(Where.WORKER)
        jobs.start(os.getpid, Where.WORKER, what="warm").wait()
    with tempfile.TemporaryDirectory() as data:
        app = App(st.Settings(animation="fast"), data_dir=data, threaded_ai=worker)
        scene = ReviewScene(app, record, record.names, "bench")
        app.scenes.reset(scene)
        budget = 1.0 / fps
        work: list[float] = []
        gaps: list[float] = []
        start = last = time.perf_counter()
        while not scene.job.done:
            t0 = time.perf_counter()
            gaps.append(t0 - last)
            last = t0
            app.step()
            app.draw()
            work.append((time.perf_counter() - t0) * 1000.0)
            rest = budget - (time.perf_counter() - t0)
            if rest > 0:
                time.sleep(rest)
        seconds = time.perf_counter() - start
        app.quit()
    pygame.quit()
    return seconds, work, max(gaps) * 1000.0, len(work)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ui.tools.bench_review", description=__doc__)
    parser.add_argument("--match", type=int, default=7, help="match length to play and review (default 7)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the self-play match")
    parser.add_argument("--fps", type=int, default=60, help="frame rate of the simulated loop")
    args = parser.parse_args(argv)
    record = play_match(("expert", "intermediate"), args.match, args.seed)
    plies = sum(len(g.plies) for g in record.games)
    print(f"match: {args.match} points, {len(record.games)} games, {plies} entries")
    api._expert_cube.cache_clear()
    t0 = time.perf_counter()
    alone = start_review(record, where=Where.HERE)
    alone_s = time.perf_counter() - t0
    assert alone.done and alone.result is not None, alone.error
    print(f"review alone: {alone_s:.1f} s")
    for worker in (False, True):
        seconds, work, gap, frames = on_screen(record, args.fps, worker)
        where = "a worker process" if worker else "a thread of the screen's process"
        print(f"on the review screen at {args.fps} fps, the review in {where}: {seconds:.1f} s")
        print(
            f"  frames while reviewing: {frames} ({frames / seconds:.1f} a second), "
            f"update+draw median {statistics.median(work):.1f} ms, "
            f"p99 {_pct(work, 0.99):.1f} ms, max {max(work):.1f} ms; longest gap between frames {gap:.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
