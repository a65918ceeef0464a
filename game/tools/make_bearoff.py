"""Build the one-sided bear-off database into ``assets/bearoff/onesided.bin.xz``.

Pure Python, deterministic (the same bytes every run): every home-board side of
up to 15 checkers, its distribution of the number of rolls to bear off (each
roll played to minimise the expected number of rolls) and, for sides with all
15 checkers, the distribution of the rolls to bear off the first checker.
See :mod:`game.ai.bearoff` for the format and how the game uses it.

Usage: ``python -m game.tools.make_bearoff [--out FILE]``
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.ai import bearoff


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="build the one-sided bear-off database (about a minute)")
    ap.add_argument(
        "--out", type=Path, default=bearoff.DB_PATH, help="output file (default: the shipped one)"
    )
    args = ap.parse_args(argv)
    t0 = time.perf_counter()

    def progress(done: int, total: int) -> None:
        print(f"  {done}/{total} positions, {time.perf_counter() - t0:.0f} s", flush=True)

    dists, first = bearoff.build(progress)
    built = time.perf_counter() - t0
    size = bearoff.write(args.out, dists, first)
    raw = len(bearoff.encode(dists, first))
    print(
        f"{len(dists)} positions, {len(first)} first-off rows: built in {built:.1f} s, "
        f"{raw} bytes raw, {size} bytes compressed -> {args.out}"
    )
    t1 = time.perf_counter()
    db = bearoff.load(args.out)
    print(
        f"load check {1000 * (time.perf_counter() - t1):.0f} ms; mean rolls, 15 on the 6-point: "
        f"{db.mean((0, 0, 0, 0, 0, 15)):.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
