"""Plays written in the numbers the board shows the person reading them.

Why: each player numbers the points from his own side (his point 1 is the last of his home board,
the other player's point 24), and standard notation writes a play in the mover's numbers. A
newcomer only knows the numbers printed along the board in front of him, so "Computer 17/11*"
for a move the labels show as 8 to 14 reads as nonsense. Every play the screens write goes
through :func:`play_text`, given who moved and who reads: the labels of the board and the words
beside it then always agree.

Who reads: against the computer, the human; in a two-player game, the player whose side is shown
at the bottom (the one on roll, or the one answering a double, as the game screen turns the
labels); in the replay and the review, the player the review is for, for the whole replay, so
that the labels do not turn over under him at every half-move.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.coach.words import Phrase
from game.engine.moves import Move
from game.engine.notation import format_play
from game.i18n import tr

_POINT = re.compile(r"(?<![(\d])\d+")
"""A point number in standard notation: digits not inside a count such as ``(2)``."""


def reader_point(point: int, mover: int, reader: int) -> int:
    """The mover's point ``point`` (1..24) in the reader's numbers: the same point of the board."""
    return point if mover == reader else 25 - point


def in_reader_numbers(text: str, mover: int, reader: int) -> str:
    """A play written in the mover's numbers (standard notation), rewritten in the reader's: every
    point ``n`` becomes ``25 - n``; "bar", "off", hits and counts stay as they are."""
    if mover == reader:
        return text
    return _POINT.sub(lambda m: str(reader_point(int(m.group()), mover, reader)), text)


_WORDS = re.compile(r"\b(bar|off)\b")
"""The notation's two words: the bar and borne off."""


def in_language(text: str) -> str:
    """A play in standard notation with its words ("bar", "off") in the player's language (issue 36:
    "6/off" stayed English in Finnish and Hungarian move lines); English as it is."""
    return _WORDS.sub(lambda m: tr(f"notation.{m.group()}"), text)


def play_text(moves: Sequence[Move], mover: int, reader: int) -> str:
    """``moves`` (a play of ``mover``) in standard notation, in the numbers of ``reader``'s board
    labels and the words of the player's language ("" for an empty play). The journeys keep the
    notation's order (the mover's farthest checker first)."""
    return in_language(in_reader_numbers(format_play(tuple(moves)), mover, reader))


MOVE_PARAMS = frozenset({"best"})
"""The coach's sentence parameters that are plays in standard notation."""
POINT_PARAMS = frozenset({"point"})
"""The coach's sentence parameters that are point numbers."""


def reader_phrases(phrases: tuple[Phrase, ...], mover: int, reader: int) -> tuple[Phrase, ...]:
    """The coach's sentences about ``mover``'s decision with their plays and point numbers in
    ``reader``'s numbers (counts such as shots or pips stay as they are), and their plays' words
    ("bar", "off") in the player's language, as :func:`play_text` writes them (issue 36: "bar/23" stayed
    English in the Finnish and Hungarian reasons). The words still speak to the mover ("your play"):
    the screens put his name before them when someone else reads them."""
    out: list[Phrase] = []
    for phrase in phrases:
        params = dict(phrase.params)
        for name, value in phrase.params.items():
            if name in MOVE_PARAMS and isinstance(value, str):
                params[name] = in_language(in_reader_numbers(value, mover, reader))
            elif name in POINT_PARAMS and isinstance(value, int):
                params[name] = reader_point(value, mover, reader)
        out.append(Phrase(phrase.key, params, phrase.count))
    return tuple(out)


__all__ = ["MOVE_PARAMS", "POINT_PARAMS", "in_reader_numbers", "play_text", "reader_phrases", "reader_point"]
