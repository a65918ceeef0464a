"""Plays written in the reader's numbers (game/ui/reading.py): the numbers the board's labels show."""

from __future__ import annotations

import random
import re

import pytest

from game.engine.moves import BAR_POINT, OFF, Move, legal_plays
from game.engine.notation import format_play
from game.testing.sample import random_position
from game.ui.layout import from_abs, to_abs
from game.ui.reading import in_reader_numbers, play_text, reader_point


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("17/11*", "8/14*"),  # the play test's example: the computer's 17/11* under the human's labels
        ("bar/22* 13/11(2)", "bar/3* 12/14(2)"),
        ("6/off 5/off", "19/off 20/off"),
        ("24/18*/13", "1/7*/12"),
        ("8/4(2) 6/2(2)", "17/21(2) 19/23(2)"),
        ("", ""),
    ],
)
def test_another_players_play_is_renumbered_and_nothing_else_changes(text: str, expected: str) -> None:
    assert in_reader_numbers(text, 1, 0) == expected
    assert in_reader_numbers(text, 0, 1) == expected
    assert in_reader_numbers(text, 1, 1) == text  # the reader's own play is his own notation


def test_every_number_names_the_point_the_reader_sees_under_it() -> None:
    """For random positions and plays of either player, each point of the written play, read with the
    reader's labels (the board's ``from_abs``), is the board point the checker really left or reached."""
    rng = random.Random(25)
    checked = 0
    for _ in range(150):
        pos = random_position(rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        if not plays:
            continue
        moves = rng.choice(plays).moves
        for mover in (0, 1):
            for reader in (0, 1):
                written = play_text(moves, mover, reader)
                assert written.replace("*", "").count("/") >= 1
                # the mover's own points of the play, in the notation's order, as board points
                mover_points = [
                    to_abs(mover, int(n)) for n in re.findall(r"(?<![(\d])\d+", format_play(moves))
                ]
                read = [int(n) for n in re.findall(r"(?<![(\d])\d+", written)]
                assert [to_abs(reader, n) for n in read] == mover_points
                assert [from_abs(reader, a) for a in mover_points] == read
                checked += 1
    assert checked > 400


def test_reader_point_is_the_same_board_point() -> None:
    for point in range(1, 25):
        for mover in (0, 1):
            for reader in (0, 1):
                assert to_abs(reader, reader_point(point, mover, reader)) == to_abs(mover, point)


def test_bar_and_off_stay_words() -> None:
    moves = (Move(BAR_POINT, 22, 3, True), Move(6, OFF, 6, False))
    assert play_text(moves, 1, 0) == "bar/3* 19/off"
    assert play_text(moves, 0, 0) == format_play(moves)
