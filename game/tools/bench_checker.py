"""Checker-play benchmark: the equity each level gives up per move, against a reference analysis.

Why: points a game against pubeval measure strength with a wide interval and
say nothing of where a level goes wrong; the loss per move on a fixed set of
positions is the figure a strong player would quote, and two networks can be
compared on the same positions in a minute.

Positions: the fixed set in ``bench_checker_positions.txt`` beside this file
(Position ID and dice per line, the mover on roll), drawn once by
:func:`sample_positions` (``--sample``): positions and rolls from games the
expert's network plays against itself at 0-ply on seeded dice, kept when the
roll has at least two different plays and the position is not a bear-off (the
bear-off table plays those exactly), at most one every three plies of a game,
each (position, roll) once.

Reference: GNU Backgammon's ``hint`` (2-ply, cubeless money equities), run only
as a measuring stick when ``gnubg`` is installed; its answers are cached in
``.cache/bench_checker/`` (ignored by git). Nothing in the project is tuned or
trained on it. Every legal play is listed by gnubg (its weaker ones at 0-ply
after its move filter); a play's loss is the best listed equity minus the
chosen play's, in thousandths of a point.

Usage: ``python -m game.tools.bench_checker --positions 500 --levels expert advanced``
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from game.ai import api, bearoff
from game.ai.levels import LEVELS
from game.ai.net import use_weights
from game.engine import Position, legal_plays
from game.engine.errors import RulesError
from game.engine.matchid import MatchInfo, encode_match_id
from game.engine.moves import apply_move
from game.engine.notation import parse_play
from game.tools._walk import walk_game
from game.tools.bench_cube import ROOT, find_gnubg

CACHE = ROOT / ".cache" / "bench_checker"
POSITIONS = Path(__file__).with_name("bench_checker_positions.txt")
Case = tuple[Position, tuple[int, int]]

MONEY = encode_match_id(MatchInfo(cube=1, cube_owner=None, player=0, turn=0, jacoby=False))
"""A money game, cube centred, player 0 on roll: the state each case is analysed in."""
_HINT = re.compile(r"^\s*\d+\.\s+(?:Cubeful|Cubeless)\s+\d+-ply\s+(.+?)\s+Eq\.:\s+([+-]?\d+\.\d+)")


def sample_positions(count: int, seed: int) -> list[Case]:
    """Non-trivial (position, dice) cases from 0-ply self-play (see the module docstring)."""
    rng = random.Random(seed)
    out: list[Case] = []
    seen: set[Case] = set()
    while len(out) < count:
        last = -10
        for ply, pos, dice in walk_game(rng):
            fresh = (pos, dice) not in seen and (pos, dice[::-1]) not in seen
            if fresh and ply - last >= 3 and not bearoff.is_bearoff(pos) and len(legal_plays(pos, dice)) >= 2:
                out.append((pos, dice))
                seen.add((pos, dice))
                last = ply
                if len(out) >= count:
                    break
    return out


def write_positions(cases: list[Case], seed: int, path: Path) -> None:
    lines = [
        "# Checker-play benchmark cases (Position ID of the mover, dice); drawn by\n",
        f"# python -m game.tools.bench_checker --sample --seed {seed} --positions {len(cases)}"
        f" --write-positions {path.name}\n",
    ]
    lines += [f"{p.position_id()} {a}{b}\n" for p, (a, b) in cases]
    path.write_text("".join(lines))


def fixed_positions(count: int, path: Path = POSITIONS) -> list[Case]:
    """The first ``count`` cases of the committed set."""
    cases: list[Case] = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        pid, dice = line.split()
        cases.append((Position.from_id(pid), (int(dice[0]), int(dice[1]))))
    if count > len(cases):
        raise ValueError(f"{path.name} holds {len(cases)} cases, not {count}: use --sample")
    return cases[:count]


def _key(case: Case) -> str:
    pos, (a, b) = case
    return f"{pos.position_id()} {a}{b}"


def parse_hint(text: str, case: Case) -> dict[str, float]:
    """gnubg's hint listing -> {Position ID after the play: cubeless equity for the mover}."""
    pos, dice = case
    found: dict[str, float] = {}
    for line in text.splitlines():
        m = _HINT.match(line)
        if not m:
            continue
        try:
            moves = parse_play(m.group(1), pos, dice)
        except (RulesError, ValueError):
            continue
        after = pos
        for mv in moves:
            after = apply_move(after, mv)
        found.setdefault(after.position_id(), float(m.group(2)))
    return found


def split_hints(text: str) -> list[str]:
    """gnubg's output -> one block per ``hint`` (each listing starts at its move number 1)."""
    blocks: list[list[str]] = []
    for line in text.splitlines():
        m = _HINT.match(line)
        if m and line.strip().startswith("1."):
            blocks.append([])
        if m and blocks:
            blocks[-1].append(line)
    return ["\n".join(b) for b in blocks]


def gnubg_reference(cases: list[Case], gnubg: str) -> list[dict[str, float]]:
    """gnubg's 2-ply cubeless equity of every play of each case (cached)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    cache_file = CACHE / "gnubg-2ply-cubeless.json"
    cache: dict[str, dict[str, float]] = json.loads(cache_file.read_text()) if cache_file.exists() else {}
    todo = [c for c in cases if _key(c) not in cache]
    batch = 25
    for start in range(0, len(todo), batch):
        chunk = todo[start : start + batch]
        script = [
            "set jacoby off",
            "set player 0 human",
            "set player 1 human",
            "new session",
            "set evaluation chequerplay evaluation plies 2",
            "set evaluation chequerplay evaluation cubeful off",
        ]
        for pos, (a, b) in chunk:
            script += [
                f"set matchid {MONEY}",
                f"set board {pos.position_id()}",
                f"set dice {a} {b}",
                "hint 9999",
            ]
        run = subprocess.run(
            [gnubg, "-t", "-q"], input="\n".join(script) + "\n", capture_output=True, text=True, timeout=1800
        )
        blocks = split_hints(run.stdout)
        if len(blocks) != len(chunk):
            raise RuntimeError(f"gnubg answered {len(blocks)} hints for {len(chunk)} positions")
        for case, block in zip(chunk, blocks, strict=True):
            found = parse_hint(block, case)
            if len(found) != len({p.position for p in legal_plays(*case)}):
                raise RuntimeError(
                    f"gnubg's hint for {_key(case)} lists {len(found)} plays: {block[-400:]!r}"
                )
            cache[_key(case)] = found
        cache_file.write_text(json.dumps(cache))
        print(f"  gnubg: {min(start + batch, len(todo))}/{len(todo)} new cases", flush=True)
    return [cache[_key(c)] for c in cases]


def score_level(
    level: str, cases: list[Case], refs: list[dict[str, float]], lookahead: bool | None = None
) -> dict[str, object]:
    """Thousandths lost per move, how many moves lost anything, the worst, and each case's loss.

    ``lookahead`` forces the expert's one-roll lookahead on or off (None: the level's own setting).
    The per-case losses (``losses``, in stored order) let two runs on the same cases be paired.
    """
    losses: list[float] = []
    t0 = time.process_time()
    for case, ref in zip(cases, refs, strict=True):
        pos, dice = case
        play = api.choose_play(pos, dice, level, lookahead=lookahead)
        assert play is not None
        losses.append(max(ref.values()) - ref[play.position.position_id()])
    n = len(cases)
    return {
        "cases": n,
        "lost_per_move": round(1000.0 * statistics.fmean(losses), 2),
        "wrong_moves": sum(1 for x in losses if x > 0.0),
        "blunders": sum(1 for x in losses if x >= 0.08),
        "worst": round(max(losses), 3),
        "cpu_seconds": round(time.process_time() - t0, 1),
        "losses": [round(x, 6) for x in losses],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="checker-play error per move against a reference analysis")
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--levels", nargs="+", default=["expert"], choices=LEVELS)
    ap.add_argument("--seed", type=int, default=2028)
    ap.add_argument(
        "--sample", action="store_true", help="draw new cases from play instead of the committed set"
    )
    ap.add_argument("--write-positions", type=Path, help="save the cases used to this file")
    ap.add_argument("--json", type=Path, help="also write the figures here (with each case's loss)")
    ap.add_argument("--weights", type=Path, help="a weights file other than the shipped one")
    ap.add_argument(
        "--lookahead",
        choices=("auto", "on", "off"),
        default="auto",
        help="one-roll lookahead: the level's own setting (expert: on), or forced on/off",
    )
    args = ap.parse_args(argv)
    if args.positions < 1:
        ap.error("--positions must be at least 1")
    if args.weights:
        try:
            use_weights(args.weights)
        except ValueError as exc:
            ap.error(str(exc))
    lookahead = {"auto": None, "on": True, "off": False}[args.lookahead]
    gnubg = find_gnubg()
    if args.sample:
        cases = sample_positions(args.positions, args.seed)
    else:
        try:
            cases = fixed_positions(args.positions)
        except (OSError, ValueError) as exc:
            ap.error(str(exc))
    if args.write_positions:
        write_positions(cases, args.seed, args.write_positions)
    if not gnubg:
        ap.error("the reference is GNU Backgammon's analysis: apt-get install gnubg (a measuring stick only)")
    refs = gnubg_reference(cases, gnubg)
    print(f"{len(cases)} cases; reference: GNU Backgammon 2-ply cubeless hint (measuring stick only)")
    figures: dict[str, object] = {}
    for level in args.levels:
        r = score_level(level, cases, refs, lookahead)
        figures[level] = r
        print(
            f"{level:12s} lost per move {r['lost_per_move']:6.2f} thousandths  moves that lose: "
            f"{r['wrong_moves']}  blunders (>= 0.080): {r['blunders']}  worst {r['worst']:.3f}"
            f"  ({r['cpu_seconds']} s)",
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
