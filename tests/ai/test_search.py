"""The expert's one-roll lookahead: exact where the answer is known, bounded, deterministic."""

from __future__ import annotations

import random

import pytest

from game.ai import api, bearoff, search
from game.ai.net import default_network, equity
from game.engine import Move, Play, Position, legal_plays
from game.testing.sample import random_position


def _side(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 25
    for i, n in points.items():
        side[i] = n
    return tuple(side)


def _play_to(pos: Position) -> Play:
    """A stand-in play whose result is ``pos`` (the lookahead reads only the position)."""
    return Play(moves=(Move(6, 5, 1, False),), position=pos)


def test_opponent_bearing_off_its_last_checker_with_every_roll_is_a_sure_loss() -> None:
    # The mover (after its play) still has 15 checkers out; the opponent has one checker on its
    # 1-point: every roll takes it off, a gammon for the opponent (the mover has none off).
    after = Position(_side({5: 5, 7: 5, 12: 5}), _side({0: 1}))
    got = search.lookahead(default_network(), _play_to(after))
    assert got.equity == pytest.approx(-2.0)


def test_opponent_closed_out_cannot_move_so_the_mover_rolls_again() -> None:
    # Six points closed and an opponent checker on the bar: none of its 21 rolls can enter.
    after = Position(_side({0: 2, 1: 2, 2: 2, 3: 3, 4: 3, 5: 3}), _side({24: 1, 5: 14}))
    for a in range(1, 7):
        for b in range(1, 7):
            assert legal_plays(after.flip(), (a, b)) == []
    got = search.lookahead(default_network(), _play_to(after))
    assert got.equity == pytest.approx(equity(default_network().evaluate(after)))
    assert got.replies == 0


def test_refine_picks_a_close_candidate_and_never_a_far_one() -> None:
    rng = random.Random(4)
    net = default_network()
    checked = 0
    while checked < 40:
        pos = random_position(rng)
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        if len(plays) < 3 or any(p.position.my_off == 15 for p in plays):
            continue
        scores = api.play_equities(pos, plays)
        k = search.refine(net, plays, scores)
        ranked = sorted(scores, reverse=True)
        assert scores[k] >= ranked[0] - search.MARGIN
        assert scores[k] >= ranked[min(search.CANDIDATES, len(ranked)) - 1]
        checked += 1


def test_budget_stops_the_search_and_falls_back_to_the_network_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = Position.start()
    plays = legal_plays(pos, (2, 1))
    net = default_network()
    calls: list[Play] = []
    real = search.lookahead

    def counting(n: object, play: Play, replies_kept: int | None = search.REPLIES) -> search.Searched:
        calls.append(play)
        return real(net, play)

    monkeypatch.setattr(search, "lookahead", counting)
    # Equal 0-ply scores put the first CANDIDATES plays in range.
    scores = [0.0] * len(plays)
    search.refine(net, plays, scores)
    assert len(calls) == search.CANDIDATES
    # A budget of one reply position ends the search after the first candidate: the 0-ply best stands.
    calls.clear()
    monkeypatch.setattr(search, "BUDGET", 1)
    assert search.refine(net, plays, scores) == 0
    assert len(calls) == 1


def test_expert_choice_is_deterministic_and_legal() -> None:
    rng = random.Random(8)
    for _ in range(25):
        pos = random_position(rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        first = api.choose_play(pos, dice, "expert")
        again = api.choose_play(pos, dice, "expert", seed=99)  # the seed only matters for noise
        assert first == again
        plays = legal_plays(pos, dice)
        assert (first is None) == (not plays)
        if first is not None:
            assert first in plays


def test_judging_every_reply_never_values_a_play_higher_than_the_screened_lookahead() -> None:
    # The opponent's best over all its replies is at least its best over pubeval's few: the full
    # one-roll value is the screened one or lower, and lower wherever the screen missed the best reply.
    rng = random.Random(12)
    net = default_network()
    lower = 0
    for _ in range(12):
        pos = random_position(rng)
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        if not plays or bearoff.is_bearoff(pos):
            continue
        screened = search.lookahead(net, plays[0])
        full = search.lookahead(net, plays[0], None)
        assert full.equity <= screened.equity + 1e-12
        assert full.replies == screened.replies  # the same reply positions are generated
        lower += full.equity < screened.equity - 1e-9
    assert lower > 0
