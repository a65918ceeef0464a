"""Speed benchmark: how long each level takes to choose a play, pure Python.

Positions come from games of the expert against itself (realistic positions)
plus random positions from the engine sampler; about a sixth of the rolls are
doubles. Prints median, 99th percentile and maximum per level, in ms.

Usage: ``python -m game.tools.bench_ai_speed --positions 300``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from game.ai import api
from game.ai.levels import LEVELS
from game.ai.net import default_network, use_weights
from game.engine import Position
from game.testing.sample import random_position


def sample_positions(n: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """Half from expert self-play games, half from the random sampler, each with a roll."""
    rng = random.Random(seed)
    out: list[tuple[Position, tuple[int, int]]] = []
    while len(out) < n // 2:
        pos = Position.start()
        for _ in range(200):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            out.append((pos, dice))
            play = api.choose_play(pos, dice, "expert")
            after = pos if play is None else play.position
            if after.my_off == 15:
                break
            pos = after.flip()
    out = out[: n // 2]
    while len(out) < n:
        out.append((random_position(rng), (rng.randint(1, 6), rng.randint(1, 6))))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="choice time per level")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--weights", type=Path, help="a weights file other than the shipped one")
    args = ap.parse_args(argv)
    if args.weights:
        use_weights(args.weights)
    figures: dict[str, dict[str, float]] = {}
    t0 = time.perf_counter()
    default_network()
    print(f"network load {1000 * (time.perf_counter() - t0):.0f} ms")
    cases = sample_positions(args.positions, args.seed)
    doubles = sum(1 for _, d in cases if d[0] == d[1])
    print(f"{len(cases)} positions, {doubles} with doubles")
    for level in LEVELS:
        times = []
        for k, (pos, dice) in enumerate(cases):
            t = time.perf_counter()
            api.choose_play(pos, dice, level, seed=k)
            times.append(1000.0 * (time.perf_counter() - t))
        times.sort()
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        figures[level] = {
            "median_ms": round(statistics.median(times), 2),
            "p99_ms": round(p99, 2),
            "max_ms": round(times[-1], 2),
        }
        print(
            f"{level:12s} median {statistics.median(times):6.2f} ms  "
            f"p99 {p99:7.2f} ms  max {times[-1]:7.2f} ms",
            flush=True,
        )
    if args.json:
        args.json.write_text(
            json.dumps({"positions": len(cases), "doubles": doubles, **figures}, indent=2) + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
