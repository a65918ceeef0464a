"""Strength benchmark: cubeless money games against pubeval with duplicate dice.

Each dice stream is played twice with the seats swapped; a pair's average is
one sample, and the 95% interval is over pairs. Prints one line per level and,
with ``--json``, writes the figures to a file.

Usage: ``python -m game.tools.bench_pubeval --pairs 1000 --levels expert advanced``
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from game.ai import api, pubeval
from game.ai.duel import Chooser, duel
from game.ai.levels import LEVELS
from game.ai.net import use_weights
from game.engine import Play, Position


def level_chooser(level: str, lookahead: bool | None = None) -> Chooser:
    """A duel chooser playing ``level``, with the game's seed as the level's noise seed."""

    def choose(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
        return api.choose_play(pos, dice, level, seed=seed, lookahead=lookahead)

    return choose


def pub_chooser(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
    return pubeval.choose(pos, dice)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="cubeless duplicate-dice games against pubeval")
    ap.add_argument("--pairs", type=int, default=500, help="dice streams per level (games = 2 x pairs)")
    ap.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--weights", type=Path, help="a weights file other than the shipped one")
    ap.add_argument(
        "--lookahead",
        choices=("auto", "on", "off"),
        default="auto",
        help="one-roll lookahead: the level's own setting (expert: on), or forced on/off",
    )
    ap.add_argument("--first-pair", type=int, default=0, help="skip this many dice streams (to split a run)")
    args = ap.parse_args(argv)
    if args.weights:
        use_weights(args.weights)
    lookahead = {"auto": None, "on": True, "off": False}[args.lookahead]
    figures = {}
    for level in args.levels:
        t0 = time.time()
        r = duel(
            level_chooser(level, lookahead), pub_chooser, args.pairs, seed=args.seed, first=args.first_pair
        )
        dt = time.time() - t0
        figures[level] = {
            "ppg": round(r.ppg, 4),
            "ci95": [round(r.low, 4), round(r.high, 4)],
            "games": r.games,
            "win_rate": round(r.wins / r.games, 4),
            "seconds": round(dt, 1),
            "first_pair": args.first_pair,
            "pair_samples": list(r.samples),
        }
        print(
            f"{level:12s} {r.ppg:+.3f} ppg  95% CI [{r.low:+.3f}, {r.high:+.3f}]  "
            f"wins {r.wins}/{r.games}  ({dt:.0f} s)",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
