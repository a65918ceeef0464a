"""Move notation: formatting as gnubg writes it, and parsing what players type."""

from __future__ import annotations

import random

import pytest

from game.engine.errors import NotationError
from game.engine.moves import Move, apply_move, legal_plays
from game.engine.notation import format_play, parse_journeys, parse_play
from game.engine.position import Position
from game.testing.sample import random_position


def side(points: dict[int, int]) -> tuple[int, ...]:
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] += n
    return tuple(counts)


def pos(me: dict[int, int], opp: dict[int, int]) -> Position:
    return Position(side(me), side(opp))


def result(start: Position, moves: tuple[Move, ...]) -> Position:
    for m in moves:
        start = apply_move(start, m)
    return start


@pytest.mark.parametrize(
    ("moves", "text"),
    [
        ((Move(24, 18, 6), Move(13, 11, 2)), "24/18 13/11"),
        ((Move(13, 11, 2), Move(24, 18, 6)), "24/18 13/11"),  # highest point first
        ((Move(25, 22, 3, True),), "bar/22*"),
        ((Move(6, 0, 6),), "6/off"),
        ((Move(8, 4, 4), Move(8, 4, 4)), "8/4(2)"),
        ((Move(24, 18, 6, True), Move(18, 13, 5)), "24/18*/13"),
        ((Move(24, 18, 6), Move(18, 13, 5)), "24/13"),
        ((Move(8, 6, 2), Move(8, 6, 2), Move(6, 4, 2), Move(6, 4, 2)), "8/4(2)"),
        ((Move(13, 11, 2), Move(13, 11, 2), Move(6, 4, 2), Move(6, 4, 2)), "13/11(2) 6/4(2)"),
        ((Move(25, 20, 5), Move(20, 16, 4, True)), "bar/16*"),
        ((Move(6, 2, 4), Move(2, 0, 2)), "6/off"),
        ((Move(5, 0, 5), Move(4, 0, 5), Move(3, 0, 5), Move(3, 0, 5)), "5/off 4/off 3/off(2)"),
        ((), ""),
    ],
)
def test_format(moves: tuple[Move, ...], text: str) -> None:
    assert format_play(moves) == text


@pytest.mark.parametrize(
    ("text", "position", "dice", "expected"),
    [
        ("24/18 13/11", Position.start(), (6, 2), "24/18 13/11"),
        ("13/11 24/18", Position.start(), (6, 2), "24/18 13/11"),
        ("24-18, 13-11", Position.start(), (6, 2), "24/18 13/11"),
        ("8/5 6/5", Position.start(), (3, 1), "8/5 6/5"),
        ("24/13", Position.start(), (6, 5), "24/13"),
        ("24/18/13", Position.start(), (6, 5), "24/13"),
        ("13/7(2) 24/18(2)", Position.start(), (6, 6), "24/18(2) 13/7(2)"),
        ("13/7 13/7 24/18 24/18", Position.start(), (6, 6), "24/18(2) 13/7(2)"),
        ("  24/18   13/11  ", Position.start(), (2, 6), "24/18 13/11"),
        # bar and hits, with and without the *
        ("bar/22* 6/3(3)", pos({25: 1, 6: 14}, {3: 1, 1: 14}), (3, 3), "bar/22* 6/3(3)"),
        ("b/22 6/1", pos({25: 1, 6: 14}, {3: 1, 6: 14}), (3, 5), "bar/22* 6/1"),
        ("BAR/22* 6/1", pos({25: 1, 6: 14}, {3: 1, 6: 14}), (3, 5), "bar/22* 6/1"),
        ("25/22* 6/1", pos({25: 1, 6: 14}, {3: 1, 6: 14}), (3, 5), "bar/22* 6/1"),
        ("6/1 bar/22*", pos({25: 1, 6: 14}, {3: 1, 6: 14}), (3, 5), "bar/22* 6/1"),  # any order typed
        # bearing off
        ("6/off 5/off", pos({6: 1, 5: 1, 1: 1}, {6: 15}), (6, 5), "6/off 5/off"),
        ("6/0 5/0", pos({6: 1, 5: 1, 1: 1}, {6: 15}), (6, 5), "6/off 5/off"),
        ("6/Off 5/O", pos({6: 1, 5: 1, 1: 1}, {6: 15}), (6, 5), "6/off 5/off"),
        # a hit passed over: 24/18*/13 written out
        ("24/18*/13", pos({24: 1, 6: 14}, {7: 1, 2: 14}), (6, 5), "24/18*/13"),
    ],
)
def test_parse(text: str, position: Position, dice: tuple[int, int], expected: str | None) -> None:
    moves = parse_play(text, position, dice)
    assert result(position, moves) in {p.position for p in legal_plays(position, dice)}
    assert format_play(moves) == (expected if expected is not None else format_play(moves))


def test_parse_prefers_the_route_the_text_shows() -> None:
    # 24/13 with 6-5: through 18 (a blot there would be hit) or through 19 (empty).
    position = pos({24: 1, 6: 14}, {7: 1, 2: 14})  # opponent's 7 = my 18: a blot
    plain = parse_play("24/13", position, (6, 5))
    assert not any(m.hit for m in plain)
    hitting = parse_play("24/18*/13", position, (6, 5))
    assert hitting[0].hit and hitting[0].dst == 18


@pytest.mark.parametrize(
    ("text", "position", "dice", "message"),
    [
        ("24/18", Position.start(), (6, 2), "whole move"),
        ("24/18 13/10", Position.start(), (6, 2), "not a legal move"),
        ("24/20 13/11", Position.start(), (6, 2), "not a legal move"),
        ("13/7", Position.start(), (6, 1), "whole move"),
        ("6/1 6/1", Position.start(), (5, 5), "not a legal move"),  # my 1 is held
        ("", Position.start(), (6, 2), "write your move"),
        ("hello", Position.start(), (6, 2), "cannot read"),
        ("24/30", Position.start(), (6, 2), "not a point"),
        ("18/24", Position.start(), (6, 2), "higher to lower"),
        ("24/18*", Position.start(), (6, 2), "whole move"),
        ("24*/18 13/11", Position.start(), (6, 2), "where a checker lands"),
        ("24/18(5)", Position.start(), (6, 6), "1 to 4"),
        ("off/3", Position.start(), (6, 2), "borne off"),
        ("6/bar", Position.start(), (6, 2), "bar"),
        ("*24/18", Position.start(), (6, 2), "not a point"),
        ("24//18", Position.start(), (6, 2), "from a point"),
        ("24/18 13/11", pos({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 12: 3}), (6, 5), "no move"),
    ],
)
def test_parse_refusals(text: str, position: Position, dice: tuple[int, int], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_play(text, position, dice)


def test_empty_text_when_nothing_can_move() -> None:
    closed = pos({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 12: 3})
    assert parse_play("", closed, (6, 5)) == ()


def test_parse_journeys_shape() -> None:
    assert parse_journeys("8/4(2)") == [(8, 4, False), (8, 4, False)]
    assert parse_journeys("24/18*/13") == [(24, 18, True), (18, 13, False)]
    assert parse_journeys("bar/22*") == [(25, 22, True)]
    with pytest.raises(NotationError):
        parse_journeys(None)  # type: ignore[arg-type]


def test_every_legal_play_round_trips_through_notation() -> None:
    """Format then parse gives back the same resulting position, for thousands of random plays."""
    rng = random.Random(2026)
    checked = 0
    for _ in range(600):
        position = random_position(rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, dice)
        for play in rng.sample(plays, min(4, len(plays))):
            text = format_play(play.moves)
            moves = parse_play(text, position, dice)
            assert result(position, moves) == play.position, (position.position_id(), dice, text)
            checked += 1
    assert checked > 1000
