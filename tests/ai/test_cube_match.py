"""Match-play cube decisions: take points from the match equity table, Crawford and post-Crawford.

The positions are bear-offs, where the one-sided table gives the win chance
exactly and gammons cannot happen (both sides have borne off checkers), so the
expert's answers can be checked against the dead-cube take points the table
implies. A margin of a few percent covers what a live cube (recube value) and
the one-roll lookahead legitimately move.
"""

from __future__ import annotations

from functools import cache

import pytest

from game.ai import api, bearoff
from game.ai.cubeful import CubeOwner
from game.ai.met import match_equity, take_point
from game.ai.question import CubeQuestion
from game.engine import Position


def _pos(me: tuple[int, ...], opp: tuple[int, ...]) -> Position:
    return Position(tuple(me) + (0,) * 19, tuple(opp) + (0,) * 19)


@cache
def _candidates() -> list[tuple[float, Position]]:
    """Bear-off positions with checkers already off on both sides (no gammons), by win chance."""
    sides = [
        s for s in bearoff.all_sides() if 3 <= sum(s) <= 6 and sum((i + 1) * c for i, c in enumerate(s)) <= 24
    ]
    out = []
    for me in sides[::7]:
        for opp in sides[::11]:
            pos = _pos(me, opp)
            out.append((bearoff.outputs(pos)[0], pos))
    return sorted(out, key=lambda t: t[0])


def with_chance(p: float) -> Position:
    """A gammonless bear-off where the player on roll wins with a chance close to ``p``."""
    best = min(_candidates(), key=lambda t: abs(t[0] - p))
    assert abs(best[0] - p) < 0.01
    return best[1]


# (taker's away, doubler's away, post-Crawford, take point from the table), worked by hand:
# 2a2a: a pass leaves the taker 2-away against the Crawford game (0.32264); a take plays for the match.
# 3a2a: pass -> 3-away v 1-away Crawford (0.24924); take: win -> 1-away v 2-away (0.67736), lose -> 0.
# 2a3a: pass -> 2a2a (0.5); take: win -> match, lose -> 2-away v 1-away Crawford (0.32264).
# Post-Crawford, leader 1-away v trailer 2-away: pass -> 1a1a (0.5), take -> one game: the free drop, 50%.
TABLE = [
    (2, 2, False, 0.32264),
    (3, 2, False, 0.24924 / 0.67736),
    (2, 3, False, (0.5 - 0.32264) / (1 - 0.32264)),
    (5, 3, False, None),
    (3, 5, False, None),
    (4, 4, False, None),
    (1, 2, True, 0.5),
    (1, 4, True, None),
    (15, 15, False, None),
]


@pytest.mark.parametrize(("taker", "doubler", "post", "by_hand"), TABLE)
def test_take_points_from_the_table(taker: int, doubler: int, post: bool, by_hand: float | None) -> None:
    tp = take_point(taker, doubler, post_crawford=post)
    if by_hand is not None:
        assert tp == pytest.approx(by_hand, abs=1e-4)
    assert 0.0 < tp < 0.55
    # The formula itself: at the take point a take and a pass are worth the same.
    drop = match_equity(taker, doubler - 1, post_crawford=post)
    win = match_equity(taker - 2, doubler, post_crawford=post)
    lose = match_equity(taker, doubler - 2, post_crawford=post)
    assert tp * win + (1 - tp) * lose == pytest.approx(drop, abs=1e-9)


@pytest.mark.parametrize(("taker", "doubler", "post"), [(t, d, p) for t, d, p, _ in TABLE])
def test_the_expert_takes_above_the_take_point_and_passes_below(taker: int, doubler: int, post: bool) -> None:
    length = max(taker, doubler) + 2
    score = (length - taker, length - doubler)  # the taker's score first
    tp = take_point(taker, doubler, post_crawford=post)
    # The doubler on roll wins with 1 - (taker's chance). Below the dead-cube point the margin is
    # wider: the taker's own recube is worth a few percent, lowering the real point; most of all at
    # 3a2a, where the taker's redouble to 4 covers exactly the 3 points it needs (the recube vig).
    below = 0.14 if (taker, doubler) == (3, 2) else 0.08
    for margin, want in ((0.06, True), (-below, False)):
        chance = tp + margin
        if not 0.02 < chance < 0.98:
            continue
        doubler_view = with_chance(1.0 - chance)
        taker_view = doubler_view.flip()
        got = api.should_take(CubeQuestion(taker_view, 1, CubeOwner.CENTRE, length, score), "expert")
        assert got == want, f"{taker}a{doubler}a: taker's chance {chance:.2f}, take point {tp:.3f}"
        advice = api.cube_advice(CubeQuestion(taker_view, 1, CubeOwner.CENTRE, length, score), answering=True)
        assert advice.action == ("take" if want else "pass")
        assert advice.win == pytest.approx(chance, abs=0.06)


def test_post_crawford_trailer_doubles_at_once() -> None:
    # Trailer 4-away, leader 1-away, after the Crawford game: doubling costs the trailer nothing
    # (the leader's gammons do not count) and the cube is worth more to it, even as the underdog.
    for p in (0.3, 0.5, 0.7):
        pos = with_chance(p)
        assert api.should_double(CubeQuestion(pos, 1, CubeOwner.CENTRE, 5, (1, 4)), "expert"), p
    assert api.should_double(CubeQuestion(Position.start(), 1, CubeOwner.CENTRE, 5, (1, 4)), "expert")
    # The same score in the Crawford game itself: nobody may double.
    crawford = CubeQuestion(Position.start(), 1, CubeOwner.CENTRE, 5, (1, 4), True)
    assert not api.should_double(crawford, "expert")
    advice = api.cube_advice(crawford)
    assert advice.action == "no double: not allowed"


def test_the_leader_takes_free_drops_right() -> None:
    # Trailer 2-away doubles the leader (1-away) post-Crawford: a pass makes it 1-away/1-away (50%),
    # so the leader takes exactly when it is the favourite in this game.
    for p_trailer, want in ((0.42, True), (0.58, False)):
        leader_view = with_chance(p_trailer).flip()
        assert api.should_take(CubeQuestion(leader_view, 1, CubeOwner.CENTRE, 5, (4, 3)), "expert") == want


def test_no_double_with_a_dead_cube() -> None:
    pos = with_chance(0.85)
    # 2-away with the cube on 2 in my hands: a win already takes the match.
    assert not api.should_double(CubeQuestion(pos, 2, CubeOwner.ME, 5, (3, 1)), "expert")
    assert api.cube_advice(CubeQuestion(pos, 2, CubeOwner.ME, 5, (3, 1))).action == "no double: not allowed"
    # 1-away leader post-Crawford: never.
    assert not api.should_double(CubeQuestion(pos, 1, CubeOwner.CENTRE, 5, (4, 2)), "expert")
    # The same position at money is a double (and a pass): the cube there is alive.
    assert api.should_double(CubeQuestion(pos), "expert")
