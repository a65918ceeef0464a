"""Benchmark the fast legal-play generator against the slow reference, in one run.

Why a script and not a timed test: timings depend on the machine and its load,
so the figures are printed for a person to read (the issue's goal: the fast
generator's total at most a third of the reference's, and no single call over
5 ms), while the tests only check correctness.

The positions come from :func:`game.testing.sample.random_position` with a fixed
seed; about 45% of the rolls are doubles, where naive generators explode. The
turn API's ``legal_moves()`` and ``paths()`` (called by the user interface on
each drag) are timed too, on a subset.

Usage: ``python -m game.tools.bench_movegen [--count N] [--seed S] [--turn-count M]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.engine.moves import legal_plays
from game.engine.position import Position
from game.engine.turn import Turn
from game.testing.reference import reference_plays
from game.testing.sample import random_position

Case = tuple[Position, tuple[int, int]]


def make_cases(count: int, seed: int) -> list[Case]:
    """Seeded positions and rolls; every third roll is forced to be a double."""
    rng = random.Random(seed)
    cases: list[Case] = []
    for n in range(count):
        pos = random_position(rng)
        if n % 3 == 0:
            d = rng.randint(1, 6)
            dice = (d, d)
        else:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        cases.append((pos, dice))
    return cases


def summary(name: str, times: list[float]) -> str:
    """One line: median, 99th percentile, maximum and total, in milliseconds."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"{name:<16} median {statistics.median(ordered) * 1e3:8.3f} ms   p99 {p99 * 1e3:8.3f} ms   "
        f"max {ordered[-1] * 1e3:8.3f} ms   total {sum(ordered):8.3f} s"
    )


class Timings:
    """Per-call times in seconds, in case order."""

    def __init__(self) -> None:
        self.fast: list[float] = []  # wall time of the first legal_plays call
        self.fast_best: list[float] = []  # best wall time of REPEATS calls
        self.fast_cpu: list[float] = []  # CPU time of the first call
        self.slow: list[float] = []  # wall time of the reference_plays call


REPEATS = 3


def bench_generators(cases: list[Case]) -> Timings:
    """Time each legal_plays and reference_plays call; stop on any disagreement.

    The first legal_plays call of each case gives the headline wall time. On a
    shared machine a call can be preempted, so its CPU time (process_time) and
    the best wall time of three calls are kept too: they tell a slow call from
    a call that waited for the processor.
    """
    out = Timings()
    clock = time.perf_counter
    cpu = time.process_time
    for pos, dice in cases:
        c0 = cpu()
        t0 = clock()
        plays = legal_plays(pos, dice)
        t1 = clock()
        c1 = cpu()
        best = t1 - t0
        for _ in range(REPEATS - 1):
            r0 = clock()
            legal_plays(pos, dice)
            best = min(best, clock() - r0)
        t2 = clock()
        expected = reference_plays(pos, dice)
        t3 = clock()
        out.fast.append(t1 - t0)
        out.fast_best.append(best)
        out.fast_cpu.append(c1 - c0)
        out.slow.append(t3 - t2)
        if {p.position for p in plays} != expected or len(plays) != len(expected):
            raise SystemExit(f"MISMATCH at {pos.position_id()} dice {dice}: fast and reference differ")
    return out


def bench_turn(cases: list[Case]) -> tuple[list[float], list[float], list[float]]:
    """Time Turn construction, Turn.legal_moves() and Turn.paths(src) for each movable point."""
    build: list[float] = []
    moves: list[float] = []
    paths: list[float] = []
    clock = time.perf_counter
    for pos, dice in cases:
        t0 = clock()
        turn = Turn(pos, dice)
        t1 = clock()
        legal = turn.legal_moves()
        t2 = clock()
        build.append(t1 - t0)
        moves.append(t2 - t1)
        for src in sorted({m.src for m in legal}):
            t3 = clock()
            turn.paths(src)
            paths.append(clock() - t3)
    return build, moves, paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=10_000, help="positions and rolls (default 10000)")
    parser.add_argument("--seed", type=int, default=20261130, help="random seed")
    parser.add_argument("--turn-count", type=int, default=2_000, help="cases for the Turn API timing")
    args = parser.parse_args()

    cases = make_cases(args.count, args.seed)
    doubles = sum(1 for _, (a, b) in cases if a == b)
    t = bench_generators(cases)
    print(f"{len(cases)} positions and rolls (seed {args.seed}, {doubles} doubles); fast == reference on all")
    print(summary("legal_plays", t.fast))
    print(summary("  CPU time", t.fast_cpu))
    print(summary(f"  best of {REPEATS}", t.fast_best))
    print(summary("reference_plays", t.slow))
    ratio = sum(t.fast) / sum(t.slow)
    print(f"ratio of totals fast/reference: {ratio:.4f} (1/{1 / ratio:.1f}); goal <= 1/3")
    over = [sum(1 for x in times if x > 0.005) for times in (t.fast, t.fast_cpu, t.fast_best)]
    print(f"fast calls over 5 ms: {over[0]} wall, {over[1]} CPU, {over[2]} best of {REPEATS}; goal 0")
    print("5 slowest fast calls by CPU time (wall, CPU, best wall, results):")
    slowest = sorted(range(len(cases)), key=lambda n: t.fast_cpu[n], reverse=True)[:5]
    for n in slowest:
        pos, dice = cases[n]
        print(
            f"  {t.fast[n] * 1e3:7.3f} {t.fast_cpu[n] * 1e3:7.3f} {t.fast_best[n] * 1e3:7.3f} ms"
            f"  {len(legal_plays(pos, dice)):5d}  {pos.position_id()}  dice {dice[0]}-{dice[1]}"
        )
    print("5 slowest fast calls by wall time (wall, CPU, best wall):")
    for n in sorted(range(len(cases)), key=lambda n: t.fast[n], reverse=True)[:5]:
        pos, dice = cases[n]
        print(
            f"  {t.fast[n] * 1e3:7.3f} {t.fast_cpu[n] * 1e3:7.3f} {t.fast_best[n] * 1e3:7.3f} ms"
            f"  {pos.position_id()}  dice {dice[0]}-{dice[1]}"
        )

    turn_cases = cases[: args.turn_count]
    build, moves, paths = bench_turn(turn_cases)
    print(f"Turn API on {len(turn_cases)} of the cases ({len(paths)} paths() calls):")
    print(summary("Turn(...)", build))
    print(summary("legal_moves()", moves))
    print(summary("paths(src)", paths))


if __name__ == "__main__":
    main()
