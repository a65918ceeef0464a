"""Computer-against-computer matches written as Jellyfish .mat files, and the records' round-trip check.

``python -m game.tools.selfplay --match 7 --levels expert intermediate --seed 1 --out m.mat``
plays a 7-point match (``--match 0 --games 10``: money play of 10 games) with the
cube (each level's own double/take decisions from :mod:`game.ai.api`) and writes it.

``python -m game.tools.selfplay --roundtrip 1000 --seed 1`` plays seeded matches and
money play of mixed lengths and levels until 1,000 games are played, writes each as .mat
text, reads it back through :func:`game.record.read_mat` and compares every ply and
result; it prints what the games covered (cube actions, Crawford games, gammons,
backgammons) and the number of mismatches.

The games are driven through :func:`game.engine.apply` and recorded by the same
:class:`~game.record.MatchRecorder` listener the screen uses.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from game.ai.api import choose_play, should_double, should_take
from game.ai.levels import LEVELS
from game.ai.question import CubeQuestion
from game.engine import (
    Action,
    Double,
    EndTurn,
    GameState,
    Match,
    Move,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    Take,
    WinKind,
    apply,
    roll,
    roll_for,
)
from game.record import MatchRecord, MatchRecorder, PlyKind, default_metadata, read_mat, write_mat

Listener = Callable[[GameState, Action, GameState], None]


def computer_action(state: GameState, levels: tuple[str, str], rng: random.Random, seed: int) -> Action:
    """What the computer at ``levels[player]`` does next, dice rolled with ``rng``."""
    phase = state.phase
    if phase is Phase.OPENING:
        return roll_for(state, rng)
    if phase is Phase.ROLL:
        me = state.turn
        question = CubeQuestion.from_state(state, answering=False)
        if state.can_double() is None and should_double(question, levels[me]):
            return Double()
        return Roll(roll(rng))
    if phase is Phase.CUBE_OFFERED:
        taker = 1 - state.turn
        take = should_take(CubeQuestion.from_state(state, answering=True), levels[taker])
        return Take() if take else Pass()
    if phase is Phase.MOVING:
        if state.turn_state().is_complete:
            return EndTurn()
        assert state.dice is not None
        play = choose_play(state.position, state.dice, levels[state.turn], seed=seed)
        return PlayMoves(() if play is None else play.moves)
    raise ValueError("the game is over")


def play_match(
    levels: tuple[str, str],
    match_length: int,
    seed: int,
    *,
    games: int = 10,
    names: tuple[str, str] | None = None,
    date: str | None = None,
    listener: Listener | None = None,
    jacoby: bool = False,
) -> MatchRecord:
    """Play a match to ``match_length`` (0: money play of ``games`` games) and return its record."""
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    rules = Rules(match_length=match_length, jacoby=jacoby and not match_length)
    names = names or (levels[0], levels[1])
    recorder = MatchRecorder(rules, names, default_metadata(names, rules, date))
    rng = random.Random(seed)
    match = Match(rules)
    played = 0
    while not match.is_over and (match_length or played < games):
        state = match.new_game()
        ai_seed = seed * 1_000 + played
        while state.phase is not Phase.GAME_OVER:
            action = computer_action(state, levels, rng, ai_seed)
            after = apply(state, action)
            recorder.observe(state, action, after)
            if listener is not None:
                listener(state, action, after)
            state = after
        assert state.result is not None
        match = match.record(state.result)
        played += 1
    return recorder.record()


def _hops(moves: tuple[Move, ...]) -> list[tuple[int, int, bool]]:
    return sorted((m.src, m.dst, m.hit) for m in moves)


def differences(original: MatchRecord, read_back: MatchRecord) -> list[str]:
    """Where ``read_back`` differs from ``original``.

    A play is compared as its checker hops (from, to, hit): which die bore a checker
    off from below its number is not written in a .mat (either die may, when both can).
    """
    out: list[str] = []
    if original.rules != read_back.rules or original.names != read_back.names:
        out.append("rules or names differ")
    if len(original.games) != len(read_back.games):
        return [*out, f"{len(original.games)} games written, {len(read_back.games)} read"]
    for a, b in zip(original.games, read_back.games, strict=True):
        where = f"game {a.number}"
        if (a.score, a.crawford, a.result, a.resigned) != (b.score, b.crawford, b.result, b.resigned):
            out.append(f"{where}: score, Crawford flag or result differ")
        if len(a.plies) != len(b.plies):
            out.append(f"{where}: {len(a.plies)} plies written, {len(b.plies)} read")
            continue
        for k, (p, q) in enumerate(zip(a.plies, b.plies, strict=True), start=1):
            same = (p.player, p.kind, p.dice, p.cube) == (q.player, q.kind, q.dice, q.cube)
            if not same or _hops(p.moves) != _hops(q.moves):
                out.append(f"{where}, ply {k}: {p} read back as {q}")
    return out


PAIRS = (
    ("expert", "intermediate"),
    ("beginner", "advanced"),
    ("intermediate", "beginner"),
    ("beginner", "beginner"),
    ("advanced", "expert"),
)
LENGTHS = (7, 3, 0, 5, 1, 9)


def roundtrip(total_games: int, seed: int, progress: bool = True) -> int:
    """Play and check records until ``total_games`` games; print the figures; 0 if every one matched."""
    counts: Counter[str] = Counter()
    failures: list[str] = []
    started = time.perf_counter()
    k = 0
    while counts["games"] < total_games:
        length = LENGTHS[k % len(LENGTHS)]
        levels = PAIRS[k % len(PAIRS)]
        record = play_match(levels, length, seed * 100_003 + k, games=5, jacoby=k % 2 == 0)
        k += 1
        counts["matches" if length else "money play"] += 1
        text = write_mat(record)
        try:
            back = read_mat(text)
        except ValueError as exc:
            failures.append(f"record {k} (seed {seed * 100_003 + k - 1}): {exc}")
            continue
        failures.extend(f"record {k}: {d}" for d in differences(record, back))
        for game in record.games:
            counts["games"] += 1
            counts["crawford games"] += game.crawford
            counts["plies"] += len(game.plies)
            for ply in game.plies:
                if ply.kind is not PlyKind.ROLL:
                    counts[
                        {PlyKind.DOUBLE: "doubles", PlyKind.TAKE: "takes", PlyKind.PASS: "drops"}[ply.kind]
                    ] += 1
            if game.result is not None and not game.result.passed:
                if game.result.kind is WinKind.GAMMON:
                    counts["gammons"] += 1
                elif game.result.kind is WinKind.BACKGAMMON:
                    counts["backgammons"] += 1
        if progress:
            print(f"  {counts['games']} games, {len(failures)} mismatches", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    keys = ("games", "matches", "money play", "plies", "doubles", "takes", "drops", "crawford games")
    print("round trip: " + ", ".join(f"{key} {counts[key]}" for key in keys))
    print(f"round trip: gammons {counts['gammons']}, backgammons {counts['backgammons']}")
    print(f"round trip: mismatches {len(failures)}; {elapsed:.0f} s")
    for failure in failures[:20]:
        print("  " + failure)
    return 0 if not failures else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m game.tools.selfplay",
        description="Play a computer-against-computer match with the cube and write it as a .mat file.",
    )
    ap.add_argument("--match", type=int, default=7, help="match length in points; 0 = money play")
    ap.add_argument("--games", type=int, default=10, help="games of money play (--match 0)")
    ap.add_argument("--jacoby", action="store_true", help="money play with the Jacoby rule")
    ap.add_argument("--levels", nargs=2, default=["expert", "intermediate"], choices=LEVELS, metavar="LEVEL")
    ap.add_argument("--names", nargs=2, metavar="NAME", help="player names in the file (default: the levels)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the dice and the levels' choices")
    ap.add_argument("--out", type=Path, help="the .mat file to write")
    ap.add_argument("--date", help="EventDate for the file header, yyyy.mm.dd (default: none)")
    ap.add_argument(
        "--roundtrip", type=int, metavar="GAMES", help="check write/read round trips over GAMES games"
    )
    args = ap.parse_args(argv)
    if args.roundtrip:
        return roundtrip(args.roundtrip, args.seed)
    if args.out is None:
        ap.error("--out FILE.mat is required (or --roundtrip GAMES)")
    if args.match < 0 or args.games < 1:
        ap.error("--match is 0 or more and --games at least 1")
    names = tuple(args.names) if args.names else None
    record = play_match(
        (args.levels[0], args.levels[1]),
        args.match,
        args.seed,
        games=args.games,
        names=names,
        date=args.date,
        jacoby=args.jacoby,
    )
    try:
        args.out.write_text(write_mat(record), encoding="utf-8")
    except OSError as exc:
        print(f"{args.out}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return 1
    s = record.score
    print(f"{args.out}: {len(record.games)} games, {record.names[0]} {s[0]} - {record.names[1]} {s[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
