"""The checker-play benchmark's own parts: its committed cases, reading an analysis, scoring a level.

Nothing here runs GNU Backgammon: the listing below is written by hand in the layout its ``hint``
prints, with made-up equities.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Position, legal_plays
from game.tools import bench_checker

START = Position.start()
LISTING = """\
    1. Cubeless 2-ply   8/5 6/5                      Eq.: +0.160
       0.551 0.170 0.007 - 0.449 0.124 0.005
    2. Cubeless 0-ply   24/23 13/10                  Eq.: -0.010 (-0.170)
    3. Cubeless 0-ply   24/20                        Eq.: -0.020 (-0.180)
 some other line gnubg prints
    1. Cubeless 2-ply   24/13                        Eq.: +0.050
    2. Cubeless 2-ply   24/18 13/8                   Eq.: +0.030 (-0.020)
"""


def test_split_and_parse_a_listing() -> None:
    first, second = bench_checker.split_hints(LISTING)
    found = bench_checker.parse_hint(first, (START, (3, 1)))
    by_move = {p.position.position_id(): p for p in legal_plays(START, (3, 1))}
    assert set(found) <= set(by_move)
    assert sorted(found.values(), reverse=True) == [0.16, -0.01, -0.02]
    best = max(found, key=found.__getitem__)
    assert [(m.src, m.dst) for m in by_move[best].moves] in ([(8, 5), (6, 5)], [(6, 5), (8, 5)])
    assert len(bench_checker.parse_hint(second, (START, (6, 5)))) == 2


def test_score_counts_the_loss_of_the_chosen_play() -> None:
    case = (START, (3, 1))
    plays = legal_plays(*case)
    ref = {p.position.position_id(): -0.3 for p in plays}
    # Whatever the level picks, make it the second best by 0.05 and check the figure follows.
    from game.ai import api

    chosen = api.choose_play(START, (3, 1), "expert")
    assert chosen is not None
    ref[chosen.position.position_id()] = 0.10
    other = next(p for p in plays if p.position != chosen.position)
    ref[other.position.position_id()] = 0.15
    figures = bench_checker.score_level("expert", [case], [ref])
    assert figures["lost_per_move"] == pytest.approx(50.0)
    assert figures["wrong_moves"] == 1 and figures["blunders"] == 0


def test_the_committed_cases(tmp_path: Path) -> None:
    cases = bench_checker.fixed_positions(500)
    assert len({bench_checker._key(c) for c in cases}) == 500
    for pos, dice in cases[:50]:
        assert len({p.position for p in legal_plays(pos, dice)}) >= 2
    with pytest.raises(ValueError, match="use --sample"):
        bench_checker.fixed_positions(501)
    path = tmp_path / "cases.txt"
    bench_checker.write_positions(cases[:3], 1, path)
    assert bench_checker.fixed_positions(3, path) == cases[:3]


def test_lookahead_off_scores_the_network_alone_and_keeps_each_loss() -> None:
    from game.ai import api

    case = (START, (6, 4))
    plays = legal_plays(*case)
    scores = api.play_equities(START, plays)
    zero_ply = plays[max(range(len(plays)), key=scores.__getitem__)]
    ref = {p.position.position_id(): 0.0 for p in plays}
    ref[zero_ply.position.position_id()] = -0.2  # the network's own choice is the only one that loses
    off = bench_checker.score_level("expert", [case], [ref], lookahead=False)
    assert off["losses"] == [pytest.approx(0.2)]
    assert off["wrong_moves"] == 1
