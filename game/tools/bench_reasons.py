"""Speed benchmark of the reasons in words the screens show: the Hint's and the review's.

Why: the Hint's sentence (:func:`game.coach.hint_reason`) is worked out while the player looks at
the hint's arrows, beside the loop; the review works out a reason for every decision worse than
good (:func:`game.review.judge.move_reason`) in its worker thread, on top of its own judgement. Both
must stay small. Cases are contact positions of the committed checker-play benchmark set (a seeded
sample, as ``game.tools.bench_explain`` takes them); the hint is the expert's play, the review's
reason compares the beginner level's play with the expert's. Prints median, 90th percentile and
worst, wall clock and CPU time, and how often each Hint sentence was given.

Usage: ``python -m game.tools.bench_reasons --positions 200``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter

from game.ai import api
from game.ai.net import default_network
from game.coach import hint_reason
from game.engine import GameState, Phase, Rules
from game.review.judge import move_reason
from game.tools.bench_explain import contact_cases


def _summary(name: str, ms: list[float]) -> str:
    ordered = sorted(ms)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    median = statistics.median(ordered)
    return f"{name:30s} median {median:7.1f} ms  p90 {p90:7.1f} ms  worst {ordered[-1]:7.1f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="time the Hint's and the review's reasons in words")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=25)
    args = ap.parse_args(argv)
    default_network()
    cases = contact_cases(args.positions, args.seed)
    hint_wall: list[float] = []
    hint_cpu: list[float] = []
    review_wall: list[float] = []
    review_cpu: list[float] = []
    said: Counter[str] = Counter()
    for k, (pos, dice) in enumerate(cases):
        best = api.hint(pos, dice)
        beginner = api.choose_play(pos, dice, "beginner", seed=k)
        if best is None or beginner is None:
            continue
        w, c = time.perf_counter(), time.process_time()
        phrases = hint_reason(pos, dice, best.moves)
        hint_wall.append(1000 * (time.perf_counter() - w))
        hint_cpu.append(1000 * (time.process_time() - c))
        said[phrases[0].key] += 1
        if beginner.position == best.position:
            continue
        state = GameState(phase=Phase.MOVING, position=pos, turn=0, dice=dice, rules=Rules(0))
        w, c = time.perf_counter(), time.process_time()
        move_reason(state, beginner.moves, best.moves, 0.05)
        review_wall.append(1000 * (time.perf_counter() - w))
        review_cpu.append(1000 * (time.process_time() - c))
    print(f"{len(hint_wall)} positions (contact, from the checker benchmark set, seed {args.seed})")
    print(_summary("hint reason, wall", hint_wall))
    print(_summary("hint reason, CPU", hint_cpu))
    print(f"{len(review_wall)} plays of the beginner level that differ from the expert's")
    print(_summary("review reason, wall", review_wall))
    print(_summary("review reason, CPU", review_cpu))
    print("hint sentences:", ", ".join(f"{key} {n}" for key, n in said.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
