"""Sharpen the evaluator on its own one-roll lookahead (numpy; training only).

Why: the expert plays the network's 0-ply choice refined by a one-roll
lookahead, and the lookahead alone is worth about +0.16 points a game against
pubeval: the network is not consistent with itself one roll later. Here each
training position's target is the network's own expectation over all 21 rolls
of the side on roll, each roll played by its best 0-ply play (every legal play
evaluated, none screened), with exact values where they are known: a play that
bears off the last checker, and every bear-off from the one-sided table
(:mod:`game.ai.bearoff`). Training the network toward that average ("expected"
TD(0), a distillation of the one-roll lookahead) removes the per-roll noise of
plain TD(0) and pulls the 0-ply evaluation toward the lookahead's.

Positions come from self-play: ``--parallel`` games advance together, each
taking the best play for the roll it actually rolls (already evaluated for the
target). Starts from a TD checkpoint or the shipped weights and keeps its own
resumable checkpoint (weights, positions trained, the random state); exports
to a file other than the shipped one, to be measured before it ships.

Usage: ``python -m game.tools.train_distill --positions 600000``
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

# One BLAS thread, as in train_td (set before numpy is first imported).
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

from game.ai import bearoff  # noqa: E402
from game.ai.net import load as load_pure  # noqa: E402
from game.engine import Play, Position, legal_plays  # noqa: E402
from game.tools import train_td as td  # noqa: E402

ROOT = td.ROOT
TRAINING = ROOT / "assets" / "weights" / "training"
ROLLS = bearoff.ROLLS


def net_from_json(path: Path) -> td.Net:
    """A trainer network holding the weights of a shipped ``td-net-v1`` file (float32 values)."""
    pure = load_pure(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    n_in = int(doc["inputs"])
    net = td.Net(pure.hidden, np.random.default_rng(0), n_in)

    def floats(key: str) -> Any:
        return np.frombuffer(base64.b64decode(doc[key]), dtype="<f4").astype(np.float64)

    net.w1 = floats("w1").reshape(n_in, pure.hidden).copy()
    net.b1 = floats("b1").copy()
    net.w2 = floats("w2").reshape(td.N_OUT, pure.hidden).T.copy()
    net.b2 = floats("b2").copy()
    return net


class Game:
    """One self-play game in flight: the position of the side on roll."""

    def __init__(self) -> None:
        self.pos = Position.start()
        self.opening = True


def _roll(rng: random.Random, opening: bool) -> tuple[int, int]:
    return td.opening(rng) if opening else td.roll(rng)


def _mover(o: Any) -> Any:
    """Outputs of the side that has just played, from the outputs of the opponent now on roll."""
    return np.array([1.0 - o[0], o[3], o[4], o[1], o[2]])


def step(net: td.Net, games: list[Game], rng: random.Random, alpha: float) -> tuple[int, float]:
    """One expected-TD update over every game's position, then each game plays its actual roll.

    Returns (games finished, mean squared difference between targets and outputs before the update).
    """
    rows: list[tuple[int, ...]] = []
    # Per game, per roll: (weight, dice, kind, payload). Kinds: "rows" -> (start, end, plays) of the
    # plays' rows; "exact" -> (outputs for the mover, play); "pass" -> the row of the passed position.
    plans: list[list[tuple[int, tuple[int, int], str, Any]]] = []
    for g in games:
        pos = g.pos
        plan: list[tuple[int, tuple[int, int], str, Any]] = []
        table = bearoff.is_bearoff(pos)
        for a, b, w in ROLLS:
            if g.opening and a == b:
                continue  # the opening roll is never a double
            plays = legal_plays(pos, (a, b))
            if not plays:
                plan.append((w, (a, b), "pass", len(rows)))
                rows.append(pos.opp + pos.me)  # the opponent is on roll in the same position
                continue
            wins = [p for p in plays if p.position.my_off == 15]
            if wins:
                best = max(wins, key=lambda p: td.points_of(p.position))
                plan.append((w, (a, b), "exact", (td.result_of(best.position), best)))
                continue
            if table:
                outs = np.array(bearoff.play_outputs(plays))
                k = int(np.argmax(td.equity(outs)))
                plan.append((w, (a, b), "exact", (outs[k], plays[k])))
                continue
            start = len(rows)
            rows.extend(p.position.opp + p.position.me for p in plays)
            plan.append((w, (a, b), "rows", (start, len(rows), plays)))
        plans.append(plan)
    o_all = np.zeros((0, td.N_OUT))
    if rows:
        _, o_all = net.forward(td.encode_rows(np.array(rows, dtype=np.int64), net.n_in))
    eq = td.equity(o_all)
    x_cur = td.encode_rows(np.array([g.pos.me + g.pos.opp for g in games], dtype=np.int64), net.n_in)
    targets = np.zeros((len(games), td.N_OUT))
    done = 0
    for k, plan in enumerate(plans):
        g = games[k]
        dice = _roll(rng, g.opening)
        actual = (min(dice), max(dice))
        total_w = 0
        chosen: Play | None = None
        for w, roll, kind, payload in plan:
            total_w += w
            if kind == "pass":
                targets[k] += w * _mover(o_all[payload])
                continue
            if kind == "exact":
                out, play = payload
            else:
                s, e, plays = payload
                j = s + int(np.argmin(eq[s:e]))
                out, play = _mover(o_all[j]), plays[j - s]
            targets[k] += w * out
            if roll == actual:
                chosen = play
        targets[k] /= total_w
        if bearoff.is_bearoff(g.pos):
            targets[k] = np.array(bearoff.outputs(g.pos))
        g.opening = False
        if chosen is None:
            g.pos = g.pos.flip()
        elif chosen.position.my_off == 15:
            games[k] = Game()
            done += 1
        else:
            g.pos = chosen.position.flip()
    _, out_now = net.forward(x_cur)
    err = float(np.mean((targets - out_now) ** 2))
    td.batch_update(net, x_cur, targets, alpha)
    return done, err


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=600_000, help="total positions to train on")
    ap.add_argument(
        "--start",
        type=Path,
        default=TRAINING / "td0_338k.json",
        help="weights to start from when there is no checkpoint yet",
    )
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--alpha", type=float, default=0.01)
    ap.add_argument("--parallel", type=int, default=32, help="games advanced together (one numpy batch)")
    ap.add_argument("--checkpoint", type=Path, default=TRAINING / "distill")
    ap.add_argument("--export", type=Path, default=TRAINING / "td_distill.json")
    ap.add_argument("--every", type=int, default=20_000, help="positions between checkpoints and exports")
    ap.add_argument("--log", type=Path, default=TRAINING / "distill_log.jsonl")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.parallel < 1 or args.every < 1 or not args.alpha > 0.0:
        ap.error("--positions, --parallel, --every must be at least 1 and --alpha positive")
    rng = random.Random(args.seed)
    if args.checkpoint.with_suffix(".npz").exists():
        net = td.Net(1, np.random.default_rng(0), td.N_BASE)
        state = td.load_checkpoint(net, args.checkpoint)
        assert state is not None
        net.hidden = int(net.w1.shape[1])
        trained = int(state["positions"])
        rng.setstate(td.from_state(state["rng"]))
        print(f"resumed at {trained} positions", flush=True)
    else:
        try:
            net = net_from_json(args.start)
            if net.n_in not in (td.N_BASE, td.N_IN):
                raise ValueError(f"{net.n_in} inputs; this trainer encodes {td.N_BASE} or {td.N_IN}")
        except (ValueError, KeyError, OSError) as exc:
            print(f"cannot start from {args.start}: {exc}", file=sys.stderr)
            return 2
        trained = 0
    args.log.parent.mkdir(parents=True, exist_ok=True)
    games = [Game() for _ in range(args.parallel)]
    finished = 0
    errs: list[float] = []
    t0 = time.time()
    p0 = trained
    due = (trained // args.every + 1) * args.every

    def save() -> None:
        td.save_checkpoint(
            net,
            args.checkpoint,
            {"positions": trained, "rng": td.to_state(rng), "alpha": args.alpha, "start": str(args.start)},
        )
        td.export(
            net, args.export, {"distilled_positions": trained, "alpha": args.alpha, "start": args.start.name}
        )

    while trained < args.positions:
        done, err = step(net, games, rng, args.alpha)
        finished += done
        errs.append(err)
        trained += len(games)
        if trained >= due:
            due += args.every
            save()
            rate = (trained - p0) / max(time.time() - t0, 1e-9) * 3600.0
            entry = {
                "positions": trained,
                "games_finished": finished,
                "alpha": args.alpha,
                "mse": round(sum(errs) / len(errs), 6),
                "positions_per_hour": round(rate),
            }
            errs = []
            print(json.dumps(entry), flush=True)
            with args.log.open("a") as fh:
                fh.write(json.dumps(entry) + "\n")
    save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
