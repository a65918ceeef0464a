"""``python -m game.review FILE.mat``: the review of a match file as JSON on standard output.

Exit status 0, 1 when the file cannot be read or is not a valid match (``FILE:LINE:
reason`` on standard error), 2 for bad arguments. ``--timing`` adds the time the
review took on standard error (the benchmark figure for the screen's progress bar).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from game.record.store import read_for_command

from .judge import count_steps, review_match


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m game.review",
        description="Review a .mat match file: error per move and per cube decision (thousandths of a point, "
        "judged by the expert level with its lookahead), rating, luck, the three costliest mistakes.",
    )
    ap.add_argument("file", type=Path, help="the .mat file")
    ap.add_argument("--timing", action="store_true", help="print the review's duration on standard error")
    ap.add_argument("--brief", action="store_true", help="leave out the per-move and per-cube lists")
    ap.add_argument("--game", type=int, action="append", metavar="N", help="review only game N (repeatable)")
    args = ap.parse_args(argv)
    record = read_for_command(args.file)
    if record is None:
        return 1
    started = time.perf_counter()
    review = review_match(record, games=args.game)
    elapsed = time.perf_counter() - started
    data = review.to_json(brief=args.brief)
    print(json.dumps(data, indent=2))
    if args.timing:
        plies = count_steps(record, args.game)
        reviewed = len(args.game) if args.game else len(record.games)
        print(
            f"reviewed {reviewed} games, {plies} plies in {elapsed:.1f} s "
            f"({1000.0 * elapsed / max(plies, 1):.0f} ms per ply)",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
