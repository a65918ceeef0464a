"""Speed benchmark of the coach: how long :func:`game.coach.explain` takes per play.

Why: the coach card calls it while the player is still at the board, so it must answer in a
blink. Cases are contact positions of the committed checker-play benchmark set (from self-play,
each with at least two different plays), a seeded sample; the play explained is the beginner
level's choice for the roll, a newcomer's kind of play (it is the expert's own play in about a
third of the cases, which the coach answers sooner). Prints median, 90th percentile and worst,
wall clock and CPU time, for ``explain`` and, for comparison, for the expert's choice alone
(:func:`game.ai.api.hint`), which ``explain`` includes. Also prints how often each reason was given.

Usage: ``python -m game.tools.bench_explain --positions 200``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from game.ai import api
from game.ai.net import default_network
from game.coach import explain
from game.engine import Position, format_play

CASES = Path(__file__).resolve().parent / "bench_checker_positions.txt"


def contact_cases(n: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """A seeded sample of ``n`` contact positions with their rolls from the committed set."""
    cases: list[tuple[Position, tuple[int, int]]] = []
    for line in CASES.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            pid, roll = line.split()
            pos = Position.from_id(pid)
            if not pos.is_race():
                cases.append((pos, (int(roll[0]), int(roll[1]))))
    return random.Random(seed).sample(cases, min(n, len(cases)))


def _summary(name: str, ms: list[float]) -> str:
    ordered = sorted(ms)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    median = statistics.median(ordered)
    return f"{name:28s} median {median:7.1f} ms  p90 {p90:7.1f} ms  worst {ordered[-1]:7.1f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="time the coach's explain() per play")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=25)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    default_network()
    print(f"network load {1000 * (time.perf_counter() - t0):.0f} ms")
    cases = contact_cases(args.positions, args.seed)
    moves = []
    for k, (pos, dice) in enumerate(cases):
        play = api.choose_play(pos, dice, "beginner", seed=k)
        moves.append(format_play(play.moves) if play else "")
    wall: list[float] = []
    cpu: list[float] = []
    hint_wall: list[float] = []
    hint_cpu: list[float] = []
    reasons: Counter[str] = Counter()
    same = 0
    for (pos, dice), move in zip(cases, moves, strict=True):
        w, c = time.perf_counter(), time.process_time()
        api.hint(pos, dice)
        hint_wall.append(1000.0 * (time.perf_counter() - w))
        hint_cpu.append(1000.0 * (time.process_time() - c))
        w, c = time.perf_counter(), time.process_time()
        verdict = explain(pos, dice, move)
        wall.append(1000.0 * (time.perf_counter() - w))
        cpu.append(1000.0 * (time.process_time() - c))
        same += verdict.played == verdict.best
        reasons.update(p.key for p in verdict.reason)
    print(f"{len(cases)} contact positions (seed {args.seed}); the played move was the expert's in {same}")
    print(_summary("explain, wall clock", wall))
    print(_summary("explain, CPU time", cpu))
    print(_summary("expert's choice alone, wall", hint_wall))
    print(_summary("expert's choice alone, CPU", hint_cpu))
    print("reasons given:", ", ".join(f"{k} {n}" for k, n in reasons.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
