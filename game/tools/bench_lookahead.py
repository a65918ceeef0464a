"""Why the one-roll lookahead stopped paying: the same search with the teacher's judgement at its leaves.

Why: on networks trained on the teacher's 2ply labels the expert's lookahead costs instead of
gaining, while the teacher's own plain network gains about four thousandths a decision from the very
same search. This tool splits the difference into its two parts on the unseen reference decisions:
who picks the opponent's reply (our network or the teacher) and who values the position after it.
It also prints our network's error against the teacher on such positions (after the teacher's best
reply to each of the teacher's three best plays), where the lookahead needs the network most.

Needs ``bgsage`` (the ``train`` extra) for the teacher; the game never imports this module.

Usage: ``python -m game.tools.bench_lookahead --weights NET.json [NET2.json ...] --cases 600``
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from game.ai import bearoff, search
from game.ai.net import Network, equity, load
from game.engine import Play, Position, legal_plays
from game.tools.bench_teacher import Case, board_key, losses, mean_ci, read_reference, trained_boards

UNSEEN = ["levels-s1-c000[0-4].npz", "teacher-s2-c00[01]?.npz", "teacher-s2-c002[0-7].npz"]
"""The chunks the shipped network trained on: reference decisions from them are left out."""

Value = Callable[[Position, Play], float]
"""The mover's cubeless equity after ``play`` from ``pre`` (a play's own position, mover's view)."""
Pick = Callable[[Position, list[Play]], int]
"""Index of the play the side on roll in ``pre`` makes among ``plays``."""
Stuck = Callable[[Position], float]
"""The mover's equity when the opponent cannot move after the play (its position, mover's view)."""


def _equities(net: Network, pre: Position, plays: list[Play]) -> list[float]:
    """The mover's equity after each play, as the game judges it (the bear-off table where it holds)."""
    outs = bearoff.play_outputs(plays) if bearoff.is_bearoff(pre) else net.play_outputs(pre, plays)
    return [equity(o) for o in outs]


def net_value(net: Network) -> Value:
    return lambda pre, play: _equities(net, pre, [play])[0]


def net_pick(net: Network) -> Pick:
    def pick(pre: Position, plays: list[Play]) -> int:
        scores = _equities(net, pre, plays)
        return max(range(len(plays)), key=scores.__getitem__)

    return pick


def net_stuck(net: Network) -> Stuck:
    return lambda after: equity(net.evaluate(after))  # the mover is on roll again in ``after``


def value_pick(value: Value) -> Pick:
    def pick(pre: Position, plays: list[Play]) -> int:
        return max(range(len(plays)), key=lambda k: value(pre, plays[k]))

    return pick


def one_roll(play: Play, pick: Pick, value: Value, stuck: Stuck) -> float:
    """The mover's equity after ``play`` averaged over the opponent's 21 rolls: each roll's reply
    chosen by ``pick``, the position after it valued by ``value`` (``stuck`` where there is none)."""
    after = play.position
    opp = after.flip()
    total = 0.0
    for a, b, weight in search.ROLLS:
        replies = legal_plays(opp, (a, b))
        if not replies:
            total += weight * stuck(after)
            continue
        total -= weight * value(opp, replies[pick(opp, replies)])
    return total / 36.0


def chooser(
    zero: Value, pick: Pick, value: Value, stuck: Stuck, lookahead: bool
) -> Callable[[Position, tuple[int, int]], Play | None]:
    """The 0-ply choice by ``zero``, or the lookahead's among its four best within 0.16 (as the game's)."""

    def choose(pos: Position, dice: tuple[int, int]) -> Play | None:
        plays = legal_plays(pos, dice)
        if not plays:
            return None
        scores = [zero(pos, p) for p in plays]
        order = sorted(range(len(plays)), key=scores.__getitem__, reverse=True)
        close = [k for k in order[: search.CANDIDATES] if scores[k] >= scores[order[0]] - search.MARGIN]
        if not lookahead or len(close) < 2:
            return plays[order[0]]
        return plays[max(close, key=lambda k: one_roll(plays[k], pick, value, stuck))]

    return choose


def leaves(cases: Sequence[Case], value: Value) -> list[tuple[Position, Play, float]]:
    """Positions after the best reply (by ``value``) to each of the three best plays (by ``value``)."""
    out: list[tuple[Position, Play, float]] = []
    for pos, dice, _ in cases:
        plays = sorted(legal_plays(pos, dice), key=lambda p: value(pos, p), reverse=True)[:3]
        for play in plays:
            opp = play.position.flip()
            if bearoff.is_bearoff(opp):
                continue
            for a, b, _w in search.ROLLS:
                replies = legal_plays(opp, (a, b))
                if replies:
                    scored = [(value(opp, r), r) for r in replies]
                    best_v, best = max(scored, key=lambda s: s[0])
                    out.append((opp, best, best_v))
    return out


def _line(name: str, values: list[float], base: list[float] | None = None) -> str:
    m, h = mean_ci(values)
    text = f"{name}: {m * 1000:.2f} +- {h * 1000:.2f}"
    if base is not None:
        dm, dh = mean_ci([a - b for a, b in zip(values, base, strict=True)])
        text += f" (paired {dm * 1000:+.2f} +- {dh * 1000:.2f})"
    return text


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weights", type=Path, nargs="+", required=True, help="our networks to split")
    ap.add_argument("--cases", type=int, default=600, help="unseen reference decisions (the first N)")
    args = ap.parse_args(argv)
    from game.tools.teacher_data import Teacher, board_of

    seen = trained_boards(UNSEEN)
    cases = [c for c in read_reference() if board_key(c[0]) not in seen][: args.cases]
    judge = Teacher()

    def teacher(pre: Position, play: Play) -> float:
        return equity(judge.post(board_of(play.position), board_of(pre)))

    def teacher_stuck(after: Position) -> float:  # the opponent stays put: the mover rolls again
        board = board_of(after.flip())
        return -equity(judge.post(board, board))

    t_pick = value_pick(teacher)
    t_alone = losses(cases, chooser(teacher, t_pick, teacher, teacher_stuck, False))
    print(_line("teacher's plain network alone", t_alone), flush=True)
    t_look = losses(cases, chooser(teacher, t_pick, teacher, teacher_stuck, True))
    print(_line("  with the lookahead", t_look, t_alone), flush=True)
    sample = leaves(cases, teacher)
    for path in args.weights:
        net = load(path)
        ours, pick, stuck = net_value(net), net_pick(net), net_stuck(net)
        alone = losses(cases, chooser(ours, pick, ours, stuck, False))
        print(_line(f"{path.name} alone", alone), flush=True)
        for name, p, v, s in (
            ("our replies, our leaves", pick, ours, stuck),
            ("our replies, the teacher's leaves", pick, teacher, teacher_stuck),
            ("the teacher's replies, our leaves", t_pick, ours, stuck),
        ):
            print(
                _line(f"  lookahead, {name}", losses(cases, chooser(ours, p, v, s, True)), alone), flush=True
            )
        errors = [ours(pre, reply) - want for pre, reply, want in sample]
        rmse = statistics.fmean(e * e for e in errors) ** 0.5
        mean = statistics.fmean(errors)
        print(
            f"  error against the teacher on {len(errors)} leaves: mean {mean:+.4f}, rms {rmse:.4f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
