"""Cube life (Janowski's ``x``) measured on the project's own cubeful rollouts.

Why: the expert's cube decisions interpolate between a dead and a fully live cube
with the cube efficiency ``x`` (:data:`game.ai.cube.CONTACT_X`). The value used so
far (0.68) is the one published for GNU Backgammon's evaluator, not measured for
this project's. This tool measures it the only way the project allows: against its
own cubeful rollouts, never against another program's answers.

Reference: each contact position of the cube benchmark's committed set
(``bench_cube_positions.txt``) is rolled out to the end of the game
(:func:`game.tools.bench_cube.rollout_reference` with no truncation): the
network's cubeless checker play, both cube states (centred; doubled and taken)
along the same dice, each side doubling, taking and passing by 0-ply Janowski.
Results are cached by Position ID in ``.cache/tune_cube_life/`` (ignored by git),
so a run can be stopped and resumed.

Fit: for each ``x`` of a grid the expert's one-roll-ahead cube equities are
computed with that ``x`` and scored against the rollouts: the equity the
decisions lose (double and take, thousandths per decision, as in
``bench_cube``) and the mean error of the no-double and double/take equities.

Thresholds (``--thresholds``): the same rollouts also judge how clearly the expert's own short
rollout must disagree with its lookahead before it overrules it (``api.ROLLOUT_Z_TAKE`` and
``api.ROLLOUT_Z_DOUBLE``): each position's lookahead and 72-trial rollout are computed once, then
each threshold of ``--z-grid`` is applied and its decisions scored against the long rollouts.

Usage: ``python -m game.tools.tune_cube_life --positions 200 --trials 144 [--thresholds]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from game.ai import api, cubeful, parallel, rollout
from game.ai import cube as cubemod
from game.engine import Position
from game.tools import bench_cube
from game.tools.bench_cube import Reference

CACHE = bench_cube.ROOT / ".cache" / "tune_cube_life"
FULL_GAME = 1000
"""Plies: more than any game lasts, so the rollouts are never truncated."""


def rollouts(positions: list[Position], trials: int, seed: int) -> list[Reference]:
    """Untruncated cubeful rollouts of ``positions``, cached by Position ID (resumable)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"rollouts-t{trials}-s{seed}.json"
    cache: dict[str, list[float]] = json.loads(path.read_text()) if path.exists() else {}
    t0 = time.perf_counter()
    for k, pos in enumerate(positions):
        pid = pos.position_id()
        if pid in cache:
            continue
        # The rollout seeds each position by its index; keep that index the position's place in the set.
        (ref,) = bench_cube.rollout_reference([pos], trials, FULL_GAME, seed * 7919 + k)
        cache[pid] = [ref.nd, ref.dt, ref.dp]
        path.write_text(json.dumps(cache))
        if (k + 1) % 10 == 0:
            print(f"  rollouts: {k + 1}/{len(positions)}, {time.perf_counter() - t0:.0f} s", flush=True)
    return [Reference(*cache[p.position_id()]) for p in positions]


def score(x: float, positions: list[Position], refs: list[Reference]) -> dict[str, float]:
    """The expert's cube decisions with cube life ``x`` against the rollouts."""
    saved = cubemod.CONTACT_X
    cubemod.CONTACT_X = x
    try:
        lost_double = lost_take = 0.0
        err_nd: list[float] = []
        err_dt: list[float] = []
        for pos, ref in zip(positions, refs, strict=True):
            eq = api.cube_lookahead(pos, cubeful.CubeInfo())
            lost, given = bench_cube.decision_losses(ref, eq.should_double, eq.should_take)
            lost_double += lost
            lost_take += given
            err_nd.append(eq.no_double - ref.nd)
            err_dt.append(eq.double_take - ref.dt)
    finally:
        cubemod.CONTACT_X = saved
    n = len(positions)
    return {
        "x": x,
        "lost_per_double_decision": round(1000.0 * lost_double / n, 2),
        "lost_per_take_decision": round(1000.0 * lost_take / n, 2),
        "mean_error_no_double": round(statistics.fmean(err_nd), 4),
        "mean_error_double_take": round(statistics.fmean(err_dt), 4),
    }


def threshold_rows(
    positions: list[Position], refs: list[Reference], grid: list[float]
) -> list[dict[str, float]]:
    """Loss per double and per take decision for each overrule threshold (standard errors) in ``grid``.

    The expert's rule as in :func:`game.ai.api._expert_cube`, without the early stop (every rollout
    runs its full trials): the take follows the rollout when it answers otherwise by more than the
    threshold; so does the double where the expert rolls it out (the lookahead doubles, or calls
    the position too good).
    """
    judged = []
    info = cubeful.CubeInfo()
    for pos in positions:
        ahead = api.cube_lookahead(pos, info)
        rolled = rollout.evaluate(
            pos,
            info,
            api._best_play,
            api.cube_outputs,
            trials=api.ROLLOUT_TRIALS,
            plies=api.ROLLOUT_PLIES,
            runner=parallel.trial_runner(),
        )
        judged.append((ahead, rolled, api._rolls_out(pos, info, ahead, False)))
    rows = []
    for z in grid:
        lost_double = lost_take = 0.0
        for (ahead, rolled, checks_double), ref in zip(judged, refs, strict=True):
            overruled_take = api._overrules(rolled, ahead, True, z)
            takes = rolled.should_take if overruled_take else ahead.should_take
            overruled_double = checks_double and api._overrules(rolled, ahead, False, z)
            doubles = rolled.should_double if overruled_double else ahead.should_double
            lost, given = bench_cube.decision_losses(ref, doubles, takes)
            lost_double += lost
            lost_take += given
        n = len(positions)
        rows.append(
            {
                "z": z,
                "lost_per_double_decision": round(1000.0 * lost_double / n, 2),
                "lost_per_take_decision": round(1000.0 * lost_take / n, 2),
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="measure the cube life x on the project's own cubeful rollouts")
    ap.add_argument("--positions", type=int, default=200, help="contact positions from the benchmark set")
    ap.add_argument("--trials", type=int, default=144, help="rollout games per position")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument(
        "--grid", type=float, nargs="+", default=[0.5, 0.55, 0.6, 0.65, 0.68, 0.7, 0.75, 0.8, 0.9]
    )
    ap.add_argument(
        "--thresholds",
        action="store_true",
        help="score the rollout's overrule thresholds (--z-grid) instead of the cube life",
    )
    ap.add_argument(
        "--z-grid", type=float, nargs="+", default=[0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 99.0]
    )
    ap.add_argument("--json", type=Path, help="also write the figures here")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.trials < 1 or not all(0.0 <= x <= 1.0 for x in args.grid):
        ap.error("--positions and --trials must be at least 1, and x between 0 and 1")
    contact = [p for p in bench_cube.fixed_positions(600) if not p.is_race()]
    if args.positions > len(contact):
        ap.error(f"the benchmark set has {len(contact)} contact positions")
    positions = contact[: args.positions]
    refs = rollouts(positions, args.trials, args.seed)
    if args.thresholds:
        zrows = threshold_rows(positions, refs, args.z_grid)
        print(f"{len(positions)} contact positions, {args.trials} untruncated cubeful rollout games each")
        print("     z   lost/double  lost/take")
        for r in zrows:
            print(f"{r['z']:6.2f}  {r['lost_per_double_decision']:10.2f}  {r['lost_per_take_decision']:9.2f}")
        if args.json:
            args.json.write_text(json.dumps(zrows, indent=2) + "\n")
        return 0
    rows = [score(x, positions, refs) for x in args.grid]
    print(f"{len(positions)} contact positions, {args.trials} untruncated cubeful rollout games each")
    print("    x   lost/double  lost/take  error nd  error d/t")
    for r in rows:
        print(
            f"{r['x']:5.2f}  {r['lost_per_double_decision']:10.2f}  {r['lost_per_take_decision']:9.2f}"
            f"  {r['mean_error_no_double']:+8.4f}  {r['mean_error_double_take']:+8.4f}"
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
