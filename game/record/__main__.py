"""``python -m game.record FILE.mat``: read a match file, replay it through the rules, print a summary.

Exit status 0 when the file is a valid match or money play, 1 with ``FILE:LINE: reason``
on standard error when it is not (or cannot be read), 2 for bad arguments.

``python -m game.record --check-dice FILE.mat`` checks that every roll came from the
dice secret the file reveals (:mod:`game.record.dicecheck`): exit 0 when every roll
matches, 1 naming the game and move of the first roll that does not (or a broken file),
3 when there is nothing to check (dice entered by hand, the secret not revealed yet, or
a file that does not say how its dice were made).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.engine import WinKind

from .dicecheck import DiceVerdict, check_dice
from .model import GameRecord, MatchRecord, PlyKind
from .store import read_for_command


def _game_line(record: MatchRecord, game: GameRecord) -> str:
    rolls = sum(1 for p in game.plies if p.kind is PlyKind.ROLL)
    doubles = [p.cube for p in game.plies if p.kind is PlyKind.DOUBLE]
    crawford = ", Crawford" if game.crawford else ""
    head = f"Game {game.number} ({game.score[0]}-{game.score[1]}{crawford}): {rolls} rolls"
    if doubles:
        head += f", doubled to {doubles[-1]}"
    result = game.result
    if result is None:
        return head + ", unfinished"
    how = (
        "by a drop"
        if result.passed
        else "by resignation"
        if game.resigned
        else {
            WinKind.SINGLE: "single",
            WinKind.GAMMON: "gammon",
            WinKind.BACKGAMMON: "backgammon",
        }[result.kind]
    )
    points = f"{result.points} point{'s' if result.points != 1 else ''}"
    return f"{head}, {record.names[result.winner]} wins {points} ({how})"


def summary(record: MatchRecord) -> list[str]:
    """Readable lines describing the record."""
    length = record.rules.match_length
    kind = f"{length} point match" if length else "money play"
    lines = [f"{kind}: {record.names[0]} against {record.names[1]}, {len(record.games)} game(s)"]
    lines.extend(_game_line(record, game) for game in record.games)
    score = record.score
    final = f"Score: {record.names[0]} {score[0]}, {record.names[1]} {score[1]}"
    if record.winner is not None:
        final += f"; {record.names[record.winner]} wins the match"
    lines.append(final)
    return lines


def as_json(record: MatchRecord) -> dict[str, object]:
    """The summary as plain data (``--json``)."""
    return {
        "match_length": record.rules.match_length,
        "names": list(record.names),
        "score": list(record.score),
        "winner": record.winner,
        "games": [
            {
                "number": g.number,
                "score": list(g.score),
                "crawford": g.crawford,
                "plies": len(g.plies),
                "winner": None if g.result is None else g.result.winner,
                "points": None if g.result is None else g.result.points,
                "kind": None if g.result is None else g.result.kind.name.lower(),
                "cube": None if g.result is None else g.result.cube,
                "dropped": bool(g.result and g.result.passed),
                "resigned": g.resigned,
            }
            for g in record.games
        ],
    }


NOTHING_TO_CHECK = 3
"""``--check-dice``'s exit status when the file's dice cannot be checked (by hand, secret not revealed)."""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m game.record",
        description="Read a Jellyfish .mat match file, replay it through the rules and print a summary.",
    )
    ap.add_argument("file", type=Path, help="the .mat file")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument(
        "--check-dice",
        action="store_true",
        help="check that every roll came from the dice secret the file reveals "
        "(exit 0: all match, 1: a roll does not, 3: nothing to check)",
    )
    args = ap.parse_args(argv)
    record = read_for_command(args.file)
    if record is None:
        return 1
    if args.check_dice:
        verdict = check_dice(record)
        print(f"{args.file}: {verdict.message}", file=sys.stdout if verdict.ok else sys.stderr)
        if verdict.verdict is DiceVerdict.VERIFIED:
            return 0
        return 1 if verdict.verdict is DiceVerdict.MISMATCH else NOTHING_TO_CHECK
    if args.json:
        print(json.dumps(as_json(record), indent=2))
    else:
        print("\n".join(summary(record)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
