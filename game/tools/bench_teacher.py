"""The evaluator's figures side by side: loss per move against a teacher's 2ply ranking, and more.

Why: the issue's goals are all measured against today's network on the same cases and dice; one
command prints them for two weights files so a candidate is judged before it ships.

Reference set (``REFERENCE``, committed, compressed, under the training folder the wheel leaves
out): decisions from games none of the training data came from (their own seeds, and every
training row whose board before the play is a reference decision is dropped by the trainer), each
legal play ranked by Open Sage at its 2ply (GNU Backgammon's 1-ply; cubeless money, no Jacoby
rule; its move filter keeps 5 plays within 0.08 for 2ply, the rest at its plain network). Built once
by ``--build`` with ``bgsage`` installed (the ``train`` extra); measuring needs only the game.

Figures (each with its 95% interval, and the candidate minus today's network paired on the same
cases or dice):

* ``loss``: thousandths of a point lost per decision on the reference set by the network alone
  (0-ply) and by the expert (its one-roll lookahead), and the share of blunders (more than 0.08);
* ``pubeval``: cubeless points a game against pubeval over duplicate dice (``--pairs``), the
  expert and the network alone, and with ``--levels`` every level;
* ``speed``: the expert's choice time on ``bench_ai_speed``'s positions, median and 99th percentile
  (run it under a CPU quota for the Raspberry Pi's budget: see ``assets/weights/README.md``).

Each run measures one network (``--weights``, named ``--name new`` or ``old``) and may write its raw
figures (``--json``); ``--report`` merges such files and prints every figure side by side, so long
runs split over processes (``--first-case``/``--cases``, ``--first-pair``/``--pairs``) and resume.

Usage: ``python -m game.tools.bench_teacher --weights NEW.json --loss --pubeval expert net --pairs 1000
--json new.json``, the same with ``--weights assets/weights/td_net.json --name old --json old.json``,
then ``python -m game.tools.bench_teacher --report new.json old.json``
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from game.ai import api, bearoff, parallel
from game.ai.duel import duel
from game.ai.net import use_weights
from game.ai.question import CubeQuestion
from game.coach.scale import BLUNDER
from game.engine import Play, Position, legal_plays
from game.tools import CHECKOUT
from game.tools.bench_pubeval import level_chooser, pub_chooser

ROOT = CHECKOUT
TRAINING = ROOT / "assets" / "weights" / "training"
REFERENCE = TRAINING / "reference_2ply.txt.gz"
SHIPPED = ROOT / "assets" / "weights" / "td_net.json"

Case = tuple[Position, tuple[int, int], dict[Position, float]]


def read_reference(path: Path = REFERENCE) -> list[Case]:
    """The committed decisions: (position, dice, {position after each play: teacher's equity})."""
    cases: list[Case] = []
    with gzip.open(path, "rt", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            head, _, rest = line.partition("|")
            pid, dice = head.split()
            eqs: dict[Position, float] = {}
            for item in rest.split():
                after, eq = item.split(":")
                eqs[Position.from_id(after)] = float(eq)
            cases.append((Position.from_id(pid), (int(dice[0]), int(dice[1])), eqs))
    return cases


def board_key(pos: Position) -> bytes:
    """The board before the play as the training chunks store it (Open Sage's layout, int8)."""
    from game.tools.teacher_data import board_of

    return bytes(v & 0xFF for v in board_of(pos))


def trained_boards(patterns: list[str]) -> set[bytes]:
    """Every board before a play in the training chunks matching ``patterns`` (needs numpy)."""
    import numpy as np

    from game.tools.teacher_data import DATA

    out: set[bytes] = set()
    for path in sorted({p for pattern in patterns for p in DATA.glob(pattern)}):
        with np.load(path) as z:
            pre = np.ascontiguousarray(z["pre"])
        out.update(pre[i].tobytes() for i in range(len(pre)))
    return out


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% interval."""
    if not values:
        return 0.0, 0.0
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, 0.0
    return m, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def losses(cases: list[Case], choose: Callable[[Position, tuple[int, int]], Play | None]) -> list[float]:
    """Equity lost on each case by ``choose`` (a play the reference does not list counts as its worst)."""
    out: list[float] = []
    for pos, dice, eqs in cases:
        play = choose(pos, dice)
        best = max(eqs.values())
        got = eqs.get(play.position, min(eqs.values())) if play is not None else best
        out.append(best - got)
    return out


def _fmt(values: list[float], scale: float = 1000.0) -> str:
    m, h = mean_ci(values)
    return f"{m * scale:6.2f} +- {h * scale:4.2f}"


def score_loss(cases: list[Case], weights: Path, expert: bool = True) -> dict[str, list[float]]:
    use_weights(weights)
    out = {"net": losses(cases, lambda p, d: api.choose_play(p, d, "expert", lookahead=False))}
    if expert:
        out["expert"] = losses(cases, lambda p, d: api.choose_play(p, d, "expert"))
    return out


CGROUP = Path("/sys/fs/cgroup/cpu")


@contextmanager
def cpu_quota(share: float) -> Iterator[None]:
    """Hold this process to ``share`` of one core (a cgroup v1 CPU quota; needs root), then release it.

    Why: a Raspberry Pi 4 core does about a sixth of this machine's core's work, so the game's time
    goals are checked with the process held to a sixth of a core and timed by the wall clock.
    """
    group = CGROUP / f"bench_teacher_{os.getpid()}"
    group.mkdir()
    try:
        (group / "cpu.cfs_period_us").write_text("10000")
        (group / "cpu.cfs_quota_us").write_text(str(round(10000 * share)))
        (group / "cgroup.procs").write_text(str(os.getpid()))
        yield
    finally:
        # Every process of the group back out first: the expert's rollout workers, started inside
        # it (and held to the same quota, as a Pi's one core would hold them), are still alive.
        for _ in range(50):
            for pid in (group / "cgroup.procs").read_text().split():
                with contextlib.suppress(OSError):  # a worker that ended meanwhile
                    (CGROUP / "cgroup.procs").write_text(pid)
            try:
                group.rmdir()
                break
            except OSError:  # a worker not yet reaped: it leaves the group when it is
                time.sleep(0.1)
        else:
            print(f"note: could not remove {group}; rmdir it once its processes ended", file=sys.stderr)


def score_speed(
    weights: Path, cases: list[tuple[Position, tuple[int, int]]], clock: Callable[[], float]
) -> list[float]:
    use_weights(weights)
    api.choose_play(*cases[0], "expert")  # load the tables outside the timing
    times: list[float] = []
    for pos, dice in cases:
        t0 = clock()
        api.choose_play(pos, dice, "expert")
        times.append((clock() - t0) * 1000.0)
    return times


def score_cube_speed(
    weights: Path, positions: list[Position], clock: Callable[[], float], share: float = 1.0
) -> list[float]:
    """The expert's double and take decisions as the game asks them (money, its CPU budget).

    As in the game, the rollout's trials are played by the thinking thread itself (the game's
    worker process has no workers of its own; :func:`main` says so before any pool is made), so the
    budget bounds all of the rollout's work.
    ``share``: the part of a core the process is held to. The budget counts CPU seconds, and a
    Raspberry Pi's CPU second does about a sixth of the work of one here; held to a sixth of a
    core here, a CPU second is still a whole one's work, so the budget is scaled by the share to
    buy the work it buys on a Pi (without it a quota'd run spends six times the Pi's work on the
    rollout).
    """
    use_weights(weights)
    budget = api.CUBE_BUDGET * share
    times: list[float] = []
    for pos in positions:
        t0 = clock()
        api.should_double(CubeQuestion(pos), "expert", budget=budget)
        times.append((clock() - t0) * 1000.0)
        t0 = clock()
        api.should_take(CubeQuestion(pos.flip()), "expert", budget=budget)
        times.append((clock() - t0) * 1000.0)
    return times


def _quantile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def build_reference(count: int, seed: int, path: Path) -> None:
    """Sample decisions from the game's own play and the teacher's, rank every play at 2ply."""
    from bgsage.batch import batch_checker_play

    from game.tools import teacher_data as td

    rng = random.Random(seed)
    teacher = td.Teacher()
    picked: list[tuple[Position, tuple[int, int]]] = []
    seen: set[tuple[Position, tuple[int, int]]] = set()

    def keep(pos: Position, dice: tuple[int, int], plays: list[Play], chosen: Play) -> None:
        key = (pos, (min(dice), max(dice)))
        fresh = len(picked) < count and key not in seen and not bearoff.is_bearoff(pos)
        if fresh and rng.random() < 0.25 and len({p.position for p in plays}) >= 2:
            seen.add(key)
            picked.append(key)

    game = 0
    while len(picked) < count:
        game += 1
        if game % 4 == 3:  # the teacher's own play (a quarter of the games), half from sampler positions
            chooser = td._teacher_chooser(teacher, rng.choice((0.0, 0.03, 0.06)), rng)
            start = td._random_start(rng) if game % 8 == 7 else None
            td.play_game(rng, (chooser, chooser), keep, start=start)
        else:  # the game's levels, as they meet people
            gs = rng.randrange(1 << 30)
            one = td._level_chooser(rng.choice(td.LEVELS), gs, False)
            two = td._level_chooser(rng.choice(td.LEVELS), gs + 1, rng.random() < 0.2)
            td.play_game(rng, (one, two), keep)
    results = batch_checker_play(
        [
            {"board": td.board_of(p), "die1": d[0], "die2": d[1], "cube_value": 1, "cube_owner": "centered"}
            for p, d in picked
        ],
        eval_level="2ply",
        jacoby=False,
        n_threads=1,
    )
    lines = [
        f"# {len(picked)} checker-play decisions ranked by Open Sage (bgsage {td._version()}, MPL-2.0) "
        "at its 2ply, cubeless money, no Jacoby\n",
        f"# built by: python -m game.tools.bench_teacher --build {count} --seed {seed}\n",
        "# PositionID dice | after:equity ... (after: the position after the play, mover's side)\n",
    ]
    for (pos, dice), res in zip(picked, results, strict=True):
        by_board = {tuple(m.board): m.cubeless_equity for m in res.moves}
        items = []
        for play in legal_plays(pos, dice):
            b = tuple(td.board_of(play.position))
            if play.position.my_off == 15:
                from game.ai.duel import game_points

                eq = float(game_points(play.position))
            elif b in by_board:
                eq = by_board[b]
            else:
                raise RuntimeError(f"the teacher did not list a play of {pos.position_id()} {dice}")
            items.append(f"{play.position.position_id()}:{eq:.5f}")
        items = sorted(set(items))
        lines.append(f"{pos.position_id()} {dice[0]}{dice[1]} | {' '.join(items)}\n")
    with gzip.open(path, "wt", encoding="ascii") as fh:
        fh.writelines(lines)
    print(f"wrote {len(picked)} decisions to {path}")


Results = dict[str, list[float]]
"""Raw figures by key ``part/what/net`` (``loss/expert/new``, ``pubeval/beginner/old``, ...)."""


def report(results: Results) -> None:
    """Print every figure with its 95% interval, and new minus old where both were measured alike."""
    parts = {
        "loss": ("thousandths lost a decision on the 2ply reference set", 1000.0),
        "pubeval": ("points a game against pubeval, duplicate dice", 1.0),
        "speed": ("choice time, ms", 1.0),
    }
    for part, (title, scale) in parts.items():
        whats = sorted({k.split("/")[1] for k in results if k.startswith(part + "/")})
        if not whats:
            continue
        print(title)
        for what in whats:
            new = results.get(f"{part}/{what}/new", [])
            old = results.get(f"{part}/{what}/old", [])
            for name, vals in (("new", new), ("old", old)):
                if not vals:
                    continue
                if part == "speed":
                    print(
                        f"  {what:12s} {name}: median {statistics.median(vals):.1f}  "
                        f"p99 {_quantile(vals, 0.99):.1f}  max {max(vals):.1f}  ({len(vals)})"
                    )
                    continue
                extra = f"  blunders {sum(v > BLUNDER for v in vals)}/{len(vals)}" if part == "loss" else ""
                print(f"  {what:12s} {name}: {_fmt(vals, scale)}  (n {len(vals)}){extra}")
            if part != "speed" and new and len(new) == len(old):
                diff = [a - b for a, b in zip(new, old, strict=True)]
                print(f"  {what:12s} new - old: {_fmt(diff, scale)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weights", type=Path, default=SHIPPED, help="the network to measure")
    ap.add_argument("--name", default="new", help="its name in the results: new (candidate) or old")
    ap.add_argument("--reference", type=Path, default=REFERENCE)
    ap.add_argument("--loss", action="store_true", help="loss per decision on the reference set")
    ap.add_argument(
        "--unseen",
        nargs="+",
        default=None,
        help="training chunk globs (under the teacher data folder): drop the cases whose board is in them",
    )
    ap.add_argument("--net-only", action="store_true", help="the loss of the network alone only")
    ap.add_argument("--first-case", type=int, default=0)
    ap.add_argument("--cases", type=int, default=0, help="reference cases from --first-case (0: all)")
    ap.add_argument("--pubeval", nargs="*", default=None, help="levels vs pubeval (net: 0-ply)")
    ap.add_argument("--pairs", type=int, default=500, help="duplicate dice streams per level")
    ap.add_argument("--first-pair", type=int, default=0, help="skip this many dice streams (to split a run)")
    ap.add_argument("--speed", type=int, default=0, help="positions for the expert's choice time (0: skip)")
    ap.add_argument("--cube-speed", type=int, default=0, help="positions for cube decision times (0: skip)")
    ap.add_argument(
        "--pi", action="store_true", help="time under a sixth of a core (cgroup; root), wall clock"
    )
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", type=Path, help="write the raw figures here (for --report)")
    ap.add_argument("--report", type=Path, nargs="+", help="merge these --json files and print the figures")
    ap.add_argument("--build", type=int, default=0, help="build the reference set of N decisions (bgsage)")
    args = ap.parse_args(argv)
    if args.cube_speed:  # the rollout's trials in the thinking thread, as in the game's worker
        os.environ[parallel.WORKERS_ENV] = "1"
    if args.build:
        build_reference(args.build, args.seed, args.reference)
        return 0
    if args.report:
        merged: Results = {}
        for path in args.report:
            for key, vals in json.loads(path.read_text()).items():
                merged.setdefault(key, []).extend(vals)
        report(merged)
        return 0
    name = args.name
    results: Results = {}
    if args.loss:
        cases = read_reference(args.reference)[args.first_case :]
        if args.cases:
            cases = cases[: args.cases]
        if args.unseen:
            seen = trained_boards(args.unseen)
            before = len(cases)
            cases = [c for c in cases if board_key(c[0]) not in seen]
            print(f"{before - len(cases)} of {before} cases were in the training data: left out")
        for kind, vals in score_loss(cases, args.weights, not args.net_only).items():
            results[f"loss/{kind}/{name}"] = vals
    if args.pubeval is not None:
        for level in args.pubeval or ["expert", "net"]:
            look = False if level == "net" else None
            real = "expert" if level == "net" else level
            use_weights(args.weights)
            chooser = level_chooser(real, look)
            key = f"pubeval/{level}/{name}"
            results[key] = []
            # Ten pairs at a time, the raw figures saved after each: a run stopped early keeps its pairs.
            for first in range(args.first_pair, args.first_pair + args.pairs, 10):
                count = min(10, args.first_pair + args.pairs - first)
                res = duel(chooser, pub_chooser, count, seed=args.seed, first=first)
                results[key] += list(res.samples)
                if args.json:
                    args.json.write_text(json.dumps(results))
    clock = time.perf_counter if args.pi else time.process_time
    tag = "pi" if args.pi else "cpu"
    if args.speed:
        from game.tools.bench_ai_speed import sample_positions

        use_weights(SHIPPED)
        speed_cases = sample_positions(args.speed, args.seed)
        if args.pi:
            with cpu_quota(1 / 6):
                results[f"speed/move-{tag}/{name}"] = score_speed(args.weights, speed_cases, clock)
        else:
            results[f"speed/move-{tag}/{name}"] = score_speed(args.weights, speed_cases, clock)
    if args.cube_speed:
        from game.tools.bench_cube import fixed_positions

        cube_cases = [p for p in fixed_positions(600) if not p.is_race()][: args.cube_speed]
        if args.pi:
            with cpu_quota(1 / 6):
                results[f"speed/cube-{tag}/{name}"] = score_cube_speed(args.weights, cube_cases, clock, 1 / 6)
        else:
            results[f"speed/cube-{tag}/{name}"] = score_cube_speed(args.weights, cube_cases, clock)
    if args.json:
        args.json.write_text(json.dumps(results))
    report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
