"""The level ladder with the cube: each level against the next one up, money games, duplicate dice.

Why: the levels are measured against pubeval without a cube (``bench_pubeval``),
but a player meets them with the cube, where a level's cube mistakes cost as
much as its checker play. Here two levels play each other as the game plays them
(:func:`game.tools.selfplay.play_match`: each level's own double, take and play),
money, no Jacoby rule. Each seed's dice are played twice with the seats swapped;
the upper level's average over the two games is one sample, and the interval is
over samples (95%, normal).

Usage: ``python -m game.tools.bench_ladder --pairs 400``
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from game.ai.levels import LEVELS
from game.engine import WinKind
from game.tools.selfplay import play_match

STEPS = tuple(itertools.pairwise(LEVELS))
"""(lower, upper) for each rung: beginner-intermediate, intermediate-advanced, advanced-expert."""


def upper_points(lower: str, upper: str, seed: int) -> tuple[float, Counter[str]]:
    """The upper level's points over the two games of one seed (seats swapped), and what happened."""
    total = 0.0
    seen: Counter[str] = Counter()
    for levels, upper_seat in (((lower, upper), 1), ((upper, lower), 0)):
        record = play_match(levels, 0, seed, games=1)
        (game,) = record.games
        assert game.result is not None
        r = game.result
        total += r.points if r.winner == upper_seat else -r.points
        seen["doubled games"] += r.cube > 1
        seen["passed doubles"] += r.passed
        seen["gammons"] += r.kind is not WinKind.SINGLE and not r.passed
    return total / 2.0, seen


def rung(lower: str, upper: str, pairs: int, first: int) -> dict[str, object]:
    samples: list[float] = []
    seen: Counter[str] = Counter()
    t0 = time.perf_counter()
    for k in range(first, first + pairs):
        points, what = upper_points(lower, upper, 90_001 + k)
        samples.append(points)
        seen.update(what)
    mean = statistics.fmean(samples)
    half = 1.96 * statistics.stdev(samples) / math.sqrt(len(samples)) if len(samples) > 1 else float("inf")
    return {
        "lower": lower,
        "upper": upper,
        "pairs": pairs,
        "games": 2 * pairs,
        "upper_ppg": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "doubled_games": seen["doubled games"],
        "passed_doubles": seen["passed doubles"],
        "gammons": seen["gammons"],
        "seconds": round(time.perf_counter() - t0, 1),
        "samples": samples,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="each level against the next one up, with the cube (money)")
    ap.add_argument("--pairs", type=int, default=400, help="dice streams per rung, each played twice")
    ap.add_argument("--first-pair", type=int, default=0, help="start at this dice stream (to split a run)")
    ap.add_argument("--rungs", nargs="+", choices=[f"{a}-{b}" for a, b in STEPS], help="default: all three")
    ap.add_argument("--json", type=Path, help="also write the figures (with each pair's sample) here")
    args = ap.parse_args(argv)
    if args.pairs < 2 or args.first_pair < 0:
        ap.error("--pairs must be at least 2 and --first-pair at least 0")
    chosen = [(a, b) for a, b in STEPS if not args.rungs or f"{a}-{b}" in args.rungs]
    out = []
    for lower, upper in chosen:
        r = rung(lower, upper, args.pairs, args.first_pair)
        out.append(r)
        ci = r["ci95"]
        assert isinstance(ci, list)
        lo, hi = ci
        print(
            f"{upper:12s} vs {lower:12s} {r['upper_ppg']:+.3f} points a game [{lo:+.3f}, {hi:+.3f}] over "
            f"{r['games']} games; doubled {r['doubled_games']}, doubles passed {r['passed_doubles']},"
            f" gammons {r['gammons']}"
            f" ({r['seconds']} s)",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
