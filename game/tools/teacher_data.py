"""Training positions labelled by a stronger teacher, Open Sage (``bgsage``; training time only).

Why: self-play TD training of the project's network has plateaued; supervised training on the
judgement of a stronger player is the published route past it. The teacher is Open Sage's plain
network ("1ply" in its numbering, GNU Backgammon's 0-ply), given the board before the play as well
as after (its networks are chosen by the game plan of the board before the play), cubeless money
(no Jacoby rule). Nothing of Open Sage is shipped: only the numbers it computes train our own
network. ``bgsage`` is in the ``train`` extra only (x86_64); the game never imports this module.

Positions (``--source``), each decision recorded with its played play and up to ``--alternatives``
other legal plays of the same roll (so the network sees the plays it must rank, not only good ones):

* ``levels``: the game's own play: both sides a level drawn per game (beginner, intermediate,
  advanced, the expert at 0-ply; one game in ten the expert with its lookahead; one in ten a level
  against pubeval), so the beginner's odd positions are in;
* ``teacher``: the teacher plays itself, with noise on its equities drawn per game (0 to 0.12),
  from the opening or (half the games) from a random position of the engine's sampler played on
  (back games, primes, crashed boards, bear-offs with contact);
* ``disagree``: our network (``--weights``) plays itself at 0-ply; only the decisions where the
  teacher's best play is not ours are kept (the loop GNU Backgammon's networks were trained with),
  each with the teacher's best play beside ours (chunks made before that, seed 3, have ours only).
* ``deep``: decisions already recorded (the chunks matching ``--from``), labelled again by the
  teacher's 2ply (a one-roll search on its plain network): every play that survives its filter
  (up to five within 0.08 of the best), each with its 2ply outputs, the best marked as played.
  Why: the plain network's ranking is as far as labels of the plain network can take ours, and on
  the 2ply reference ours is already close to it (figures: ``assets/weights/README.md``, "Deeper
  labels"), so what is to gain past it must come from deeper labels. ``--games`` counts decisions
  here, ``--chunk`` decisions per chunk; the decisions of the reference set are never picked.

Output: one ``.npz`` chunk per ``--chunk`` games under ``--out`` (a folder), named by source and seed;
an existing chunk is skipped, so a stopped run resumes where it stopped with the same command. Chunk
``k`` of seed ``S`` plays with ``random.Random(S * 100003 + k)``: every chunk is reproducible alone.
Arrays: ``pre`` and ``post`` (n x 26 int8, Open Sage's board from the mover's side: index 1..24 the
mover's points, the opponent's checkers negative; 25 the mover's bar, 0 the opponent's bar, both
as positive counts), ``probs``
(n x 5 float32, the teacher's outputs for the MOVER after the play), ``group`` (decision number),
``played`` (bool), ``dice`` (n x 2).

Usage: ``python -m game.tools.teacher_data --source levels --games 4000 --seed 1``
"""

from __future__ import annotations

import argparse
import gzip
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from game.ai import api, bearoff, pubeval
from game.ai.net import Network, equity, load
from game.engine import Play, Position, legal_plays
from game.testing.sample import random_position

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "assets" / "weights" / "training" / "teacher"
REFERENCE = DATA.parent / "reference_2ply.txt.gz"
"""The held-out decisions ranked at the teacher's 2ply (``bench_teacher --build``): never trained on."""
LEVELS = ("beginner", "intermediate", "advanced", "expert")

Board = list[int]


def board_of(pos: Position) -> Board:
    """Open Sage's 26-entry board of ``pos`` from the side of its player on roll."""
    b = [0] * 26
    for i in range(24):
        b[i + 1] = pos.me[i] - pos.opp[23 - i]
    b[25] = pos.me[24]
    b[0] = pos.opp[24]
    return b


def rows_of_post(post: np.ndarray) -> np.ndarray:
    """From post-move boards (n x 26, mover's side) to our rows (n x 50) of the side now on roll."""
    post = post.astype(np.int64)
    n = post.shape[0]
    rows = np.zeros((n, 50), dtype=np.int64)
    # The side on roll is the mover's opponent: its point j + 1 is the mover's point 24 - j.
    rows[:, 0:24] = np.maximum(-post[:, 24:0:-1], 0)
    rows[:, 24] = post[:, 0]
    rows[:, 25:49] = np.maximum(post[:, 1:25], 0)
    rows[:, 49] = post[:, 25]
    return rows


def invert(probs: np.ndarray) -> np.ndarray:
    """Outputs of the mover -> outputs of the side on roll after the play (and back)."""
    return np.stack([1.0 - probs[:, 0], probs[:, 3], probs[:, 4], probs[:, 1], probs[:, 2]], axis=1)


class Teacher:
    """Open Sage's plain network (and optionally its 2ply), cubeless, with the pre-move board."""

    def __init__(self, plies: int = 1) -> None:
        import bgbot_cpp
        import bgsage

        w = bgsage.default_weights()
        self.version = str(getattr(bgsage, "__version__", "")) or _version()
        self.plies = plies
        self.one = bgbot_cpp.create_strategy(w.strategy_type, w.weight_paths_list, w.hidden_sizes_list)
        self.strategy = self.one
        if plies > 1:
            self.strategy = bgbot_cpp.create_multipy(
                w.strategy_type,
                w.weight_paths_list,
                w.hidden_sizes_list,
                n_plies=plies,
                filter_max_moves=5,
                filter_threshold=0.08,
                parallel_evaluate=False,
                parallel_threads=0,
            )

    def post(self, post: Board, pre: Board) -> list[float]:
        """Outputs for the mover after its play (``post``) from ``pre``."""
        return list(self.strategy.evaluate_board(post, pre)["probs"])


def _version() -> str:
    from importlib.metadata import version

    return version("bgsage")


class Recorder:
    """Collects decisions and labels them."""

    def __init__(self, teacher: Teacher, alternatives: int, rng: random.Random) -> None:
        self.teacher = teacher
        self.alternatives = alternatives
        self.rng = rng
        self.pre: list[Board] = []
        self.post: list[Board] = []
        self.probs: list[list[float]] = []
        self.group: list[int] = []
        self.played: list[bool] = []
        self.dice: list[tuple[int, int]] = []
        self.decisions = 0

    def record(
        self, pos: Position, dice: tuple[int, int], plays: list[Play], chosen: Play, also: Play | None = None
    ) -> None:
        """One decision: the chosen play, ``also`` (the teacher's best where ours differs, so the two
        are ranked side by side) and a few other plays of the same roll, labelled."""
        if bearoff.is_bearoff(pos) or len(plays) < 2:
            return
        kept = [chosen] if also is None or also.position == chosen.position else [chosen, also]
        others = [p for p in plays if all(p.position != k.position for k in kept) and p.position.my_off < 15]
        picks = self.rng.sample(others, min(self.alternatives, len(others)))
        pre = board_of(pos)
        for k, play in enumerate([*kept, *picks]):
            after = play.position
            if after.my_off == 15:
                continue
            post = board_of(after)
            self.add(pre, post, self.teacher.post(post, pre), k == 0, dice)
        self.decisions += 1

    def add(self, pre: Board, post: Board, probs: list[float], played: bool, dice: tuple[int, int]) -> None:
        """One labelled play of the decision being recorded (its number: ``decisions``)."""
        self.pre.append(pre)
        self.post.append(post)
        self.probs.append(probs)
        self.group.append(self.decisions)
        self.played.append(played)
        self.dice.append(dice)

    def save(self, path: Path, meta: dict[str, Any]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(
            tmp,
            pre=np.array(self.pre, dtype=np.int8).reshape(-1, 26),
            post=np.array(self.post, dtype=np.int8).reshape(-1, 26),
            probs=np.array(self.probs, dtype=np.float32).reshape(-1, 5),
            group=np.array(self.group, dtype=np.int32),
            played=np.array(self.played, dtype=bool),
            dice=np.array(self.dice, dtype=np.int8).reshape(-1, 2),
            meta=np.array(repr(meta)),
        )
        tmp.rename(path)


Chooser = Callable[[Position, tuple[int, int], list[Play]], Play]


def _level_chooser(level: str, seed: int, lookahead: bool) -> Chooser:
    def choose(pos: Position, dice: tuple[int, int], plays: list[Play]) -> Play:
        play = api.choose_play(pos, dice, level, seed=seed, lookahead=lookahead)
        assert play is not None
        return play

    return choose


def _pubeval_chooser(pos: Position, dice: tuple[int, int], plays: list[Play]) -> Play:
    play = pubeval.choose(pos, dice)
    assert play is not None
    return play


def _teacher_chooser(teacher: Teacher, noise: float, rng: random.Random) -> Chooser:
    def choose(pos: Position, dice: tuple[int, int], plays: list[Play]) -> Play:
        pre = board_of(pos)
        scores = [equity(teacher.one.evaluate_board(board_of(p.position), pre)["probs"]) for p in plays]
        if noise > 0.0:
            scores = [s + rng.gauss(0.0, noise) for s in scores]
        return plays[max(range(len(plays)), key=scores.__getitem__)]

    return choose


def _net_chooser(net: Network) -> Chooser:
    def choose(pos: Position, dice: tuple[int, int], plays: list[Play]) -> Play:
        outs = bearoff.play_outputs(plays) if bearoff.is_bearoff(pos) else net.play_outputs(pos, plays)
        return plays[max(range(len(plays)), key=lambda k: equity(outs[k]))]

    return choose


def _where_ours_differs(
    teacher: Teacher, rec: Recorder, rng: random.Random
) -> Callable[[Position, tuple[int, int], list[Play], Play], None]:
    """A recorder of the decisions where the teacher's best play is not the one made, with the
    teacher's best beside it."""

    def record(pos: Position, dice: tuple[int, int], plays: list[Play], chosen: Play) -> None:
        best = _teacher_chooser(teacher, 0.0, rng)(pos, dice, plays)
        if best.position != chosen.position:
            rec.record(pos, dice, plays, chosen, also=best)

    return record


def play_game(
    rng: random.Random,
    sides: tuple[Chooser, Chooser],
    rec: Callable[[Position, tuple[int, int], list[Play], Play], None],
    start: Position | None = None,
    max_plies: int = 300,
) -> None:
    """One game (or its rest from ``start``), every decision offered to the recorder."""
    pos = start or Position.start()
    turn = 0
    for ply in range(max_plies):
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if start is not None or ply or dice[0] != dice[1]:
                break
        plays = legal_plays(pos, dice)
        if not plays:
            pos = pos.flip()
            turn ^= 1
            continue
        wins = [p for p in plays if p.position.my_off == 15]
        if wins:
            return
        chosen = plays[0] if len(plays) == 1 else sides[turn](pos, dice, plays)
        if len(plays) > 1:
            rec(pos, dice, plays, chosen)
        pos = chosen.position.flip()
        turn ^= 1


def _random_start(rng: random.Random) -> Position:
    """A sampler position with all 30 checkers still on the board or close to it (no finished sides)."""
    while True:
        pos = random_position(rng)
        if pos.my_off < 8 and pos.opp_off < 8 and not bearoff.is_bearoff(pos):
            return pos


def reference_pre_boards(path: Path = REFERENCE) -> set[bytes]:
    """The boards before the play of every reference decision (Open Sage's layout, int8 bytes)."""
    out: set[bytes] = set()
    if not path.exists():
        return out
    with gzip.open(path, "rt", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            pos = Position.from_id(line.split()[0])
            out.add(np.array(board_of(pos), dtype=np.int8).tobytes())
    return out


def deep_decisions(
    patterns: list[str], seed: int, folder: Path = DATA
) -> list[tuple[bytes, tuple[int, int]]]:
    """Every recorded decision (board before the play, dice) of the chunks matching ``patterns``,
    each once, the reference set's left out, in an order fixed by ``seed``."""
    held = reference_pre_boards()
    seen: set[tuple[bytes, tuple[int, int]]] = set()
    out: list[tuple[bytes, tuple[int, int]]] = []
    for path in sorted({p for pattern in patterns for p in folder.glob(pattern)}):
        if path.name.startswith("deep"):
            continue
        with np.load(path, allow_pickle=False) as z:
            pre = np.ascontiguousarray(z["pre"])
            dice = z["dice"]
        for i in range(len(pre)):
            key = (pre[i].tobytes(), (int(min(dice[i])), int(max(dice[i]))))
            if key[0] not in held and key not in seen:
                seen.add(key)
                out.append(key)
    random.Random(seed).shuffle(out)
    return out


def run_deep_chunk(decisions: list[tuple[bytes, tuple[int, int]]], plies: int) -> Recorder:
    """The teacher's ``plies`` ranking of each decision: every play it searched that deep, labelled."""
    from bgsage.batch import batch_checker_play

    rec = Recorder(Teacher(), 0, random.Random(0))
    boards = [list(np.frombuffer(b, dtype=np.int8).astype(int)) for b, _ in decisions]
    results = batch_checker_play(
        [
            {"board": board, "die1": d[0], "die2": d[1], "cube_value": 1, "cube_owner": "centered"}
            for board, (_, d) in zip(boards, decisions, strict=True)
        ],
        eval_level=f"{plies}ply",
        jacoby=False,
        n_threads=1,
    )
    for board, (_, dice), res in zip(boards, decisions, results, strict=True):
        deep = [m for m in res.moves if m.eval_level == f"{plies}-ply" and any(v > 0 for v in m.board[1:])]
        if not deep:
            continue
        best = max(range(len(deep)), key=lambda k: deep[k].cubeless_equity)
        for k, move in enumerate(deep):
            p = move.probs
            probs = [p.win, p.gammon_win, p.backgammon_win, p.gammon_loss, p.backgammon_loss]
            rec.add(board, list(move.board), probs, k == best, dice)
        rec.decisions += 1
    return rec


def run_chunk(source: str, seed: int, k: int, games: int, args: argparse.Namespace) -> Recorder:
    rng = random.Random(seed * 100003 + k)
    teacher = Teacher()
    rec = Recorder(teacher, args.alternatives, rng)
    net = load(args.weights) if args.weights else None
    for g in range(games):
        game_seed = rng.randrange(1 << 30)
        if source == "levels":
            r = rng.random()
            if r < 0.1:
                sides: tuple[Chooser, Chooser] = (
                    _level_chooser("expert", game_seed, True),
                    _level_chooser(rng.choice(LEVELS), game_seed + 1, False),
                )
            elif r < 0.2:
                sides = (_level_chooser(rng.choice(LEVELS), game_seed, False), _pubeval_chooser)
            else:
                sides = (
                    _level_chooser(rng.choice(LEVELS), game_seed, False),
                    _level_chooser(rng.choice(LEVELS), game_seed + 1, False),
                )
            if g % 2:
                sides = (sides[1], sides[0])
            play_game(rng, sides, rec.record)
        elif source == "teacher":
            noise = rng.choice((0.0, 0.02, 0.05, 0.08, 0.12))
            chooser = _teacher_chooser(teacher, noise, rng)
            start = _random_start(rng) if g % 2 else None
            play_game(rng, (chooser, chooser), rec.record, start=start)
        elif source == "disagree":
            assert net is not None
            ours = _net_chooser(net)

            start = _random_start(rng) if g % 3 == 2 else None
            play_game(rng, (ours, ours), _where_ours_differs(teacher, rec, rng), start=start)
        else:
            raise ValueError(f"unknown source {source!r}")
    return rec


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", choices=("levels", "teacher", "disagree", "deep"), required=True)
    ap.add_argument("--games", type=int, default=2000, help="games in all (whole chunks)")
    ap.add_argument("--chunk", type=int, default=100, help="games per saved chunk")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--alternatives", type=int, default=3, help="other plays recorded per decision")
    ap.add_argument("--weights", type=Path, default=None, help="our network (source disagree)")
    ap.add_argument("--out", type=Path, default=DATA)
    ap.add_argument("--from", dest="patterns", nargs="+", default=["*.npz"], help="chunks to relabel (deep)")
    ap.add_argument("--plies", type=int, default=2, help="the teacher's depth (deep)")
    ap.add_argument("--first-chunk", type=int, default=0, help="start at this chunk (a second process)")
    args = ap.parse_args(argv)
    if args.games < 1 or args.chunk < 1 or args.alternatives < 0:
        ap.error("--games and --chunk must be at least 1, --alternatives at least 0")
    if args.source == "disagree" and args.weights is None:
        ap.error("--source disagree needs --weights")
    chunks = (args.games + args.chunk - 1) // args.chunk
    tag = args.source if args.weights is None else f"{args.source}-{args.weights.stem}"
    if args.source == "deep":
        tag = f"deep{args.plies}"
        decisions = deep_decisions(args.patterns, args.seed, args.out)
    for k in range(args.first_chunk, chunks):
        path = args.out / f"{tag}-s{args.seed}-c{k:04d}.npz"
        if path.exists():
            continue
        t0 = time.time()
        if args.source == "deep":
            rec = run_deep_chunk(decisions[k * args.chunk : (k + 1) * args.chunk], args.plies)
        else:
            rec = run_chunk(args.source, args.seed, k, args.chunk, args)
        depth = args.plies if args.source == "deep" else 1
        meta = {
            "source": args.source,
            "seed": args.seed,
            "chunk": k,
            "games": args.chunk,
            "alternatives": args.alternatives,
            "weights": str(args.weights) if args.weights else None,
            "teacher": f"bgsage {_version()} {depth}ply, pre-move board, cubeless",
            "from": args.patterns if args.source == "deep" else None,
        }
        rec.save(path, meta)
        print(
            f"{path.name}: {rec.decisions} decisions, {len(rec.post)} positions, {time.time() - t0:.0f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
