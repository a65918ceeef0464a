"""Fixtures the screen's tests share."""

from __future__ import annotations

import pytest

from game.record import read_mat
from game.record.model import MatchRecord
from game.review import MatchReview, review_match
from tests.helpers.matches import HAND_MATCH


@pytest.fixture(scope="module")
def hand() -> tuple[MatchRecord, MatchReview]:
    """The hand-written match and its review (worked out once a module)."""
    record = read_mat(HAND_MATCH)
    return record, review_match(record)
