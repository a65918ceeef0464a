"""The GNU Backgammon calibration tool maps gnubg's move tuples onto the engine's plays.

GNU Backgammon itself is not needed (CI does not have it): its move tuples use the same
numbering as the engine's moves (points 1-24 in the mover's direction, 25 the bar, 0 off), so
every legal play written as such a tuple must map back to exactly that play.
"""

from __future__ import annotations

import random

import pytest

from game.engine import Position, legal_plays
from game.testing.sample import random_position
from game.tools import bench_gnubg_pubeval as tool


def _tuple(play_moves: object) -> tuple[int, ...]:
    return tuple(x for m in play_moves for x in (m.src, m.dst))  # type: ignore[attr-defined]


@pytest.mark.slow
def test_every_legal_play_written_as_a_gnubg_tuple_maps_back_to_itself() -> None:
    rng = random.Random(5)
    checked = hits = 0
    for _ in range(150):
        pos = random_position(rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        for play in legal_plays(pos, dice):
            move = _tuple(play.moves) + (0, 0)  # gnubg pads its tuple with zeros
            assert tool.apply_gnubg_move(pos, move) == (play.position.me, play.position.opp)
            assert tool.matching_play(pos, dice, move).position == play.position
            checked += 1
            hits += any(m.hit for m in play.moves)
    assert checked > 1000 and hits > 50  # hits and bear-offs were exercised, not only quiet moves


def test_a_move_the_position_cannot_make_is_refused() -> None:
    start = Position.start()
    with pytest.raises(ValueError, match="no checker"):
        tool.apply_gnubg_move(start, (3, 1))  # nothing on the 3-point
    with pytest.raises(ValueError, match="blocked"):
        tool.apply_gnubg_move(start, (24, 19))  # the opponent's 6-point holds five
    with pytest.raises(ValueError, match="not a legal play"):
        tool.matching_play(start, (3, 1), (13, 7))  # a 6 with 3-1


def test_without_gnubg_the_tool_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tool, "find_gnubg", lambda: None)
    assert tool.main(["--pairs", "1"]) == 2
    assert "not installed" in capsys.readouterr().err
