"""Check the race evaluations against the project's own rollouts on races from play.

Races: the first no-contact position (not yet a bear-off) of games the
network plays against itself on seeded dice. Each is rolled out cubeless:
``--trials`` games, the 36 first rolls in equal numbers (stratified), both
sides playing the network's 0-ply choice (the bear-off table once a bear-off
is reached), each game stopped at the first bear-off and valued there by the
table (exact, one-sided). Prints the mean absolute error, against the
rollout's win chance and cubeless equity, of: the race model (:mod:`game.ai.race`),
the network alone, and the older Keith-count normal model.

Usage: ``python -m game.tools.check_race --positions 200 --trials 72``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from game.ai import api, bearoff, cube, race
from game.ai.net import Outputs, default_network, equity
from game.engine import Position


def races_from_play(count: int, seed: int) -> list[Position]:
    """The first no-contact, not-yet-bear-off position of each of ``count`` self-play games."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.start()
        for _ in range(400):
            if pos.is_race():
                if not bearoff.is_bearoff(pos):
                    out.append(pos)
                break
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            play = api.choose_play(pos, dice, "expert", lookahead=False)
            after = pos if play is None else play.position
            if after.my_off == 15:
                break
            pos = after.flip()
    return out


def rollout(pos: Position, trials: int, seed: int) -> tuple[Outputs, float]:
    """Mean cubeless outputs of ``trials`` games from ``pos`` (see the module docstring), and the
    standard error of the win chance."""
    rng = random.Random(seed)
    sums = [0.0] * 5
    wins: list[float] = []
    first_rolls = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    for t in range(trials):
        cur = pos
        flipped = False  # True when ``cur`` is seen by the opponent of the root's player on roll
        dice = first_rolls[t % 36]
        while True:
            if bearoff.is_bearoff(cur):
                o = bearoff.outputs(cur)
                break
            play = api.choose_play(cur, dice, "expert", lookahead=False)
            after = cur if play is None else play.position
            if after.my_off == 15:
                o = (1.0, float(after.opp_off == 0), 0.0, 0.0, 0.0)
                break
            cur = after.flip()
            flipped = not flipped
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        if flipped:
            o = (1.0 - o[0], o[3], o[4], o[1], o[2])
        for k in range(5):
            sums[k] += o[k]
        wins.append(o[0])
    se = statistics.stdev(wins) / trials**0.5 if trials > 1 else 0.0
    return (sums[0] / trials, sums[1] / trials, sums[2] / trials, sums[3] / trials, sums[4] / trials), se


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="race evaluations against the project's own rollouts")
    ap.add_argument("--positions", type=int, default=200, help="races from play")
    ap.add_argument("--trials", type=int, default=72, help="rollout games per race (a multiple of 36)")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    if args.positions < 1 or args.trials < 1:
        ap.error("--positions and --trials must be at least 1")
    t0 = time.perf_counter()
    positions = races_from_play(args.positions, args.seed)
    models = {
        "race model": race.outputs,
        "network": default_network().evaluate,
        "Keith normal": cube.race_outputs,
    }
    errors: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in models}
    ses: list[float] = []
    for k, pos in enumerate(positions):
        ref, se = rollout(pos, args.trials, args.seed * 7919 + k)
        ses.append(se)
        for name, model in models.items():
            o = model(pos)
            errors[name][0].append(abs(o[0] - ref[0]))
            errors[name][1].append(abs(equity(o) - equity(ref)))
        if (k + 1) % 25 == 0:
            print(
                f"  {k + 1}/{len(positions)} races rolled out, {time.perf_counter() - t0:.0f} s", flush=True
            )
    pips = [sum(p.pips()) / 2 for p in positions]
    print(
        f"{len(positions)} races from play (mean pip count {statistics.mean(pips):.0f}), "
        f"{args.trials} rollout games each, {time.perf_counter() - t0:.0f} s; "
        f"rollout standard error of the win chance: mean {statistics.mean(ses):.4f}"
    )
    for name, (win_err, eq_err) in errors.items():
        print(
            f"{name:14s} win chance: mean abs error {statistics.mean(win_err):.4f} (max {max(win_err):.3f});"
            f"  equity: mean abs error {statistics.mean(eq_err):.4f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
