"""For scale: GNU Backgammon's own player against pubeval (or against ours), on the strength benchmark's dice.

Why: the expert's goal is a figure against pubeval (``bench_pubeval``), and what such a figure
means depends on the dice, the opponent's implementation and the game rules of the duel. This tool
measures a strong reference program on exactly the same duel -- the same dice streams, the same
pubeval, the same move generator and scoring -- so that "+0.55" and "+0.65" can be read against what
a world-class evaluator scores there. GNU Backgammon is a measuring stick only: nothing of it is
used by the game, copied, trained or tuned on, and the test suite does not need it.

How: the tool starts ``gnubg -t -q -p`` on a small driver script that imports this module inside
GNU Backgammon's embedded Python (the engine is pure standard library, so it runs there) and plays
:func:`game.ai.duel.duel` with a chooser that asks ``gnubg.findbestmove`` (cubeless money, no noise,
``--plies`` deep) and maps its answer back onto one of the engine's legal plays; a move that maps
to none stops the run.

``--opponent net`` or ``expert`` puts our own player (the network ``--weights``) in pubeval's place:
the head-to-head figure of issue 38, GNU Backgammon's points a game against ours (negate it for ours).

Usage: ``python -m game.tools.bench_gnubg_pubeval --pairs 750 --plies 0 --json out.json``
(``apt-get install gnubg``; 750 pairs at 0 plies took 375 s on this machine).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.ai import pubeval
from game.ai.duel import Chooser, duel
from game.engine import Play, Position, legal_plays
from game.tools import CHECKOUT
from game.tools.bench_cube import find_gnubg

ROOT = CHECKOUT
PARAMS_ENV = "BENCH_GNUBG_PARAMS"
"""The driver finds its parameters (a JSON file) through this environment variable."""

Side = tuple[int, ...]


def apply_gnubg_move(pos: Position, move: Sequence[int]) -> tuple[Side, Side]:
    """The sides (mover's, opponent's) after GNU Backgammon's move tuple, played from ``pos``.

    The tuple lists (from, to) pairs in the mover's direction: points 1-24, 25 the bar, 0 borne
    off, a (0, 0) pair or the tuple's end closing it. A checker landing on a lone opposing checker
    sends it to the bar. Raises ``ValueError`` for a move the position cannot make.
    """
    me = list(pos.me)
    opp = list(pos.opp)
    for k in range(0, len(move) - 1, 2):
        src, dst = move[k], move[k + 1]
        if src == 0 and dst == 0:
            break
        i = 24 if src == 25 else src - 1
        if not 0 <= i <= 24 or me[i] == 0:
            raise ValueError(f"no checker to move from {src} in {pos.position_id()}")
        me[i] -= 1
        if dst > 0:
            j = 23 - (dst - 1)  # the same point in the opponent's numbering
            if opp[j] == 1:
                opp[j] = 0
                opp[24] += 1
            elif opp[j] > 1:
                raise ValueError(f"point {dst} is blocked in {pos.position_id()}")
            me[dst - 1] += 1
    return tuple(me), tuple(opp)


def matching_play(pos: Position, dice: tuple[int, int], move: Sequence[int]) -> Play:
    """The engine's legal play that leaves the position GNU Backgammon's move leaves."""
    target = apply_gnubg_move(pos, move)
    for play in legal_plays(pos, dice):
        if (play.position.me, play.position.opp) == target:
            return play
    raise ValueError(f"gnubg's move {tuple(move)} with {dice} is not a legal play in {pos.position_id()}")


def run_inside_gnubg(params: dict[str, Any]) -> dict[str, Any]:
    """Play the duel; only callable inside GNU Backgammon's embedded Python."""
    import gnubg  # exists only inside GNU Backgammon (pyproject's mypy settings know)

    # Cubeless, ``plies`` deep, deterministic, default pruning, no noise; a money cube of 1 that the
    # mover owns (a centred cube with the Jacoby rule would set the gammon price to 0).
    context = gnubg.evalcontext(0, int(params["plies"]), 1, 1, 0.0)
    cube = gnubg.cubeinfo(1, 0, 0, 0, (0, 0), 0, 0)
    asked = 0

    def choose(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
        nonlocal asked
        plays = legal_plays(pos, dice)
        if len(plays) <= 1:
            return plays[0] if plays else None
        asked += 1
        move = gnubg.findbestmove((list(pos.opp), list(pos.me)), cube, context, tuple(dice))
        return matching_play(pos, dice, move)

    def pub(pos: Position, dice: tuple[int, int], seed: int) -> Play | None:
        return pubeval.choose(pos, dice)

    other: Chooser = pub
    opponent = str(params.get("opponent", "pubeval"))
    if opponent != "pubeval":  # our own player, on the network named (pure Python: it runs in here)
        from game.ai.net import use_weights
        from game.tools.bench_pubeval import level_chooser

        use_weights(Path(params["weights"]))
        other = level_chooser("expert", False if opponent == "net" else None)
    t0 = time.time()
    r = duel(choose, other, int(params["pairs"]), seed=int(params["seed"]), first=int(params["first_pair"]))
    return {
        "player": f"GNU Backgammon findbestmove, {params['plies']}-ply cubeless",
        "opponent": opponent if opponent == "pubeval" else f"{opponent} on {Path(params['weights']).name}",
        "ppg": round(r.ppg, 4),
        "ci95": [round(r.low, 4), round(r.high, 4)],
        "games": r.games,
        "win_rate": round(r.wins / r.games, 4),
        "seconds": round(time.time() - t0, 1),
        "first_pair": int(params["first_pair"]),
        "gnubg_asked": asked,
        "pair_samples": list(r.samples),
    }


DRIVER = """\
import json, os, sys
sys.path.insert(0, {root!r})
from game.tools import bench_gnubg_pubeval as tool
path = os.environ[{env!r}]
params = json.loads(open(path).read())
result = tool.run_inside_gnubg(params)
open(params["out"], "w").write(json.dumps(result))
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description="GNU Backgammon against pubeval on bench_pubeval's dice (for scale)"
    )
    ap.add_argument("--pairs", type=int, default=750, help="dice streams (games = 2 x pairs)")
    ap.add_argument("--first-pair", type=int, default=0, help="skip this many dice streams (to split a run)")
    ap.add_argument("--plies", type=int, default=0, choices=(0, 1, 2), help="GNU Backgammon's search depth")
    ap.add_argument("--seed", type=int, default=2026, help="the dice seed (bench_pubeval's default)")
    ap.add_argument("--json", type=Path, help="also write the figures here (with each pair's result)")
    ap.add_argument(
        "--opponent",
        choices=("pubeval", "net", "expert"),
        default="pubeval",
        help="GNU Backgammon's opponent: pubeval, or our network alone or the expert (head to head)",
    )
    ap.add_argument("--weights", type=Path, default=ROOT / "assets" / "weights" / "td_net.json")
    args = ap.parse_args(argv)
    if args.pairs < 1 or args.first_pair < 0:
        ap.error("--pairs must be at least 1 and --first-pair at least 0")
    gnubg = find_gnubg()
    if gnubg is None:
        print("GNU Backgammon is not installed (apt-get install gnubg): nothing to measure", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-gnubg-") as tmp:
        driver = Path(tmp) / "driver.py"
        driver.write_text(DRIVER.format(root=str(ROOT), env=PARAMS_ENV))
        params = Path(tmp) / "params.json"
        out = Path(tmp) / "out.json"
        params.write_text(
            json.dumps(
                {
                    "pairs": args.pairs,
                    "first_pair": args.first_pair,
                    "plies": args.plies,
                    "seed": args.seed,
                    "opponent": args.opponent,
                    "weights": str(args.weights.resolve()),
                    "out": str(out),
                }
            )
        )
        run = subprocess.run(
            [gnubg, "-t", "-q", "-p", str(driver)],
            env={**os.environ, PARAMS_ENV: str(params)},
            capture_output=True,
            text=True,
        )
        if not out.exists():
            print(
                f"GNU Backgammon's run failed:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}", file=sys.stderr
            )
            return 1
        result = json.loads(out.read_text())
    print(
        f"gnubg {args.plies}-ply against {result['opponent']}: {result['ppg']:+.3f} ppg  "
        f"95% CI [{result['ci95'][0]:+.3f}, "
        f"{result['ci95'][1]:+.3f}]  {result['games']} games  ({result['seconds']:.0f} s)",
        flush=True,
    )
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
