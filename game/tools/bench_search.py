"""Lookahead benchmark: how much each setting of the expert's search loses to the full one-roll value.

Why: games against pubeval need thousands of games to resolve a change of a few
hundredths of a point, while the search's settings (how many close plays are
searched, how many of the opponent's replies the network judges after
pubeval's screen) can be judged directly, position by position. The reference
is the full one-roll value of the same network: every reply of the opponent
judged by the network, for the ``--ref-candidates`` best 0-ply plays within
``--ref-margin``. For each setting, the play ``search.refine`` picks is valued
by that reference and its shortfall from the reference's best is the loss
(thousandths of a point a decision). It measures only how closely a setting
approaches the full lookahead of the same network, not the network's own
errors. The choice time of each setting is measured as well (CPU time).

Positions come from games of the expert against pubeval on seeded dice (both
players' turns), keeping those the expert searches: a choice of plays, not a
bear-off, no winning play.

Usage: ``python -m game.tools.bench_search --positions 200 --settings 4,0.16,3 4,0.16,all 6,0.25,6``
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from game.ai import api, bearoff, pubeval, search
from game.ai.duel import dice_stream
from game.ai.net import default_network, use_weights
from game.engine import Play, Position, legal_plays


@dataclass(frozen=True, slots=True)
class Setting:
    """A search setting: candidates, margin, replies judged per roll (None: all)."""

    candidates: int
    margin: float
    replies: int | None

    @property
    def name(self) -> str:
        return f"{self.candidates},{self.margin:g},{'all' if self.replies is None else self.replies}"


def parse_setting(text: str) -> Setting:
    """``"4,0.16,3"`` or ``"4,0.16,all"`` -> Setting (argparse type: raises ArgumentTypeError)."""
    parts = text.split(",")
    try:
        if len(parts) != 3:
            raise ValueError
        c = int(parts[0])
        m = float(parts[1])
        r = None if parts[2] == "all" else int(parts[2])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a setting is CANDIDATES,MARGIN,REPLIES such as 4,0.16,3 or 4,0.16,all, not {text!r}"
        ) from None
    if c < 1 or not m >= 0.0 or (r is not None and r < 1):
        raise argparse.ArgumentTypeError(f"{text!r}: candidates and replies at least 1, margin >= 0")
    return Setting(c, m, r)


def positions(n: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """``n`` positions the expert searches, from expert-vs-pubeval games on seeded dice."""
    out: list[tuple[Position, tuple[int, int]]] = []
    g = 0
    while len(out) < n:
        rolls = dice_stream(seed * 7919 + g)
        g += 1
        pos = Position.start()
        for turn, dice in enumerate(rolls):
            plays = legal_plays(pos, dice)
            if (
                len(plays) > 1
                and not bearoff.is_bearoff(pos)
                and not any(p.position.my_off == 15 for p in plays)
            ):
                out.append((pos, dice))
            play = api.choose_play(pos, dice, "expert") if turn % 2 == 0 else pubeval.choose(pos, dice)
            after = pos if play is None else play.position
            if after.my_off == 15:
                break
            pos = after.flip()
    return out[:n]


def candidate_plays(pos: Position, dice: tuple[int, int]) -> tuple[list[Play], list[float]]:
    """The plays the expert considers (screened as ``api.choose_play`` does) and their 0-ply equities."""
    plays = legal_plays(pos, dice)
    if len(plays) > api.SCREEN_ABOVE:
        plays = api._screen(pos, plays)
    return plays, api.play_equities(pos, plays)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="lookahead settings against the full one-roll value")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--settings",
        nargs="+",
        type=parse_setting,
        default=[parse_setting(s) for s in ("4,0.16,3", "4,0.16,all", "6,0.25,3", "6,0.25,6", "3,0.1,3")],
        help="CANDIDATES,MARGIN,REPLIES (REPLIES may be 'all'); the first default is the shipped one",
    )
    ap.add_argument("--ref-candidates", type=int, default=8)
    ap.add_argument("--ref-margin", type=float, default=0.40)
    ap.add_argument("--weights", type=Path, help="a weights file other than the shipped one")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.ref_candidates < 2 or not args.ref_margin >= 0.0:
        ap.error("--positions at least 1, --ref-candidates at least 2, --ref-margin >= 0")
    if args.weights:
        use_weights(args.weights)
    net = default_network()
    cases = positions(args.positions, args.seed)
    losses: dict[str, list[float]] = {s.name: [] for s in args.settings}
    times: dict[str, list[float]] = {s.name: [] for s in args.settings}
    zero_ply: list[float] = []
    t0 = time.process_time()
    for pos, dice in cases:
        plays, scores = candidate_plays(pos, dice)
        order = sorted(range(len(plays)), key=scores.__getitem__, reverse=True)
        full: dict[int, float] = {}

        def value(k: int, plays: list[Play] = plays, full: dict[int, float] = full) -> float:
            if k not in full:
                full[k] = search.lookahead(net, plays[k], None).equity
            return full[k]

        top = scores[order[0]]
        ref = [k for k in order[: args.ref_candidates] if scores[k] >= top - args.ref_margin]
        best = max(value(k) for k in ref)
        zero_ply.append(best - value(order[0]))
        for s in args.settings:
            t = time.process_time()
            k = search.refine(
                net, plays, scores, candidates=s.candidates, margin=s.margin, replies_kept=s.replies
            )
            times[s.name].append(1000.0 * (time.process_time() - t))
            losses[s.name].append(best - value(k))
    elapsed = time.process_time() - t0
    figures: dict[str, object] = {
        "positions": len(cases),
        "seed": args.seed,
        "reference": f"full one-roll value, {args.ref_candidates} candidates within {args.ref_margin}",
        "cpu_seconds": round(elapsed, 1),
    }

    def line(name: str, xs: list[float], ms: list[float] | None) -> None:
        mean = statistics.fmean(xs)
        half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
        wrong = sum(1 for x in xs if x > 1e-9)
        row: dict[str, object] = {
            "loss_mppt": round(1000 * mean, 3),
            "ci95_mppt": round(1000 * half, 3),
            "other_play": wrong,
        }
        timing = ""
        if ms:
            row["median_ms"] = round(statistics.median(ms), 2)
            row["max_ms"] = round(max(ms), 2)
            timing = f"  search median {row['median_ms']:6.2f} ms  max {row['max_ms']:7.2f} ms"
        figures[name] = row
        print(
            f"{name:14s} loss {1000 * mean:6.2f} +- {1000 * half:5.2f} thousandths/decision  "
            f"other play {wrong:4d}/{len(xs)}{timing}",
            flush=True,
        )

    print(f"{len(cases)} positions, reference: full one-roll value ({elapsed:.0f} s CPU)")
    line("0-ply", zero_ply, None)
    for s in args.settings:
        line(s.name, losses[s.name], times[s.name])
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
