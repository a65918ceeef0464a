"""Pubeval reproduces Tesauro's scores on the shared test vectors and plays legally."""

from __future__ import annotations

import json
import random

import pytest

from game.ai import pubeval
from game.engine import Position, legal_plays
from game.testing.sample import random_position

CASES = json.loads(pubeval.WEIGHTS_PATH.read_text(encoding="utf-8"))["test_vectors"]["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["position"] for c in CASES])
def test_vector_scores(case: dict[str, object]) -> None:
    pos = Position.from_id(str(case["position"]))
    assert pubeval.score(pos, bool(case["race"])) == pytest.approx(float(str(case["score"])), abs=1e-6)


def test_fast_score_equals_score() -> None:
    rng = random.Random(5)
    for _ in range(300):
        pos = random_position(rng)
        for race in (False, True):
            assert pubeval.fast_score(pos, race) == pytest.approx(pubeval.score(pos, race), abs=1e-9)


def test_twelve_vectors_present() -> None:
    assert len(CASES) == 12


def test_choice_is_legal_and_prefers_the_win() -> None:
    rng = random.Random(7)
    for _ in range(200):
        pos = random_position(rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        got = pubeval.choose(pos, dice)
        if not plays:
            assert got is None
            continue
        assert got in plays
        if any(p.position.my_off == 15 for p in plays):
            assert got.position.my_off == 15
    # Random positions almost never offer a win beside a play that is not one, so one that does:
    # a checker on the 3-point and one on the 2-point, 3-2 to play (3/off 2/off, or 3/1 2/off).
    pos = Position((0, 1, 1) + (0,) * 22, (0,) * 5 + (15,) + (0,) * 19)
    assert sorted(p.position.my_off for p in legal_plays(pos, (3, 2))) == [14, 15]
    got = pubeval.choose(pos, (3, 2))
    assert got is not None and got.position.my_off == 15
