"""The review tests' two played matches, and the 7-point match that GNU Backgammon imports in
``tests/record/test_record_gnubg.py``, committed (``tests/data/review_matches.json``) instead of played
at test time: the expert against itself (a 1-point match, seed 21), against the beginner (3 points,
seed 23) and against the intermediate level (7 points, seed 11: its cube rollouts made it the
costliest fast test of its folder).

Why: playing them cost seconds of CPU in every test process that reviewed them (figures:
docs/benchmarks.md, "The expert's tests, cut"). They are data to
review, not what the tests check (self-play has its own tests). Keyed by the shipped weights like
``tests/data/cube_levels.json``: after new weights, ``python -m tests.helpers.review_matches`` plays
and writes them again, and until then they are played at test time. A test checks that the expert
still plays the committed match's first plays (``tests/review/test_review.py``).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from game.ai import net
from game.record import MatchRecord, read_mat, write_mat
from game.review import MatchReview, review_match
from game.tools.selfplay import play_match
from tests.helpers.paths import ROOT

RECORDS = ROOT / "tests" / "data" / "review_matches.json"

MATCHES: dict[str, tuple[tuple[str, str], int, int]] = {
    "expert_pair": (("expert", "expert"), 1, 21),
    # Seed 23: a match in which the expert bears off (with the teacher-trained network, 22's did not).
    "expert_beginner": (("expert", "beginner"), 3, 23),
    "expert_intermediate": (("expert", "intermediate"), 7, 11),
}
"""Each match's players, length and seed (``play_match``'s arguments)."""


def weights_digest() -> str:
    return hashlib.sha256(Path(str(net.WEIGHTS_PATH)).read_bytes()).hexdigest()


def committed() -> dict[str, str] | None:
    """The committed records' .mat texts, or None when they were played with other weights."""
    if not RECORDS.exists():
        return None
    data = json.loads(RECORDS.read_text(encoding="utf-8"))
    return data["records"] if data["weights_sha256"] == weights_digest() else None


@cache
def record(name: str) -> MatchRecord:
    """The match ``name`` of :data:`MATCHES`: committed, or played now when the weights changed."""
    texts = committed()
    if texts is not None:
        return read_mat(texts[name])
    levels, length, seed = MATCHES[name]
    return play_match(levels, length, seed=seed)


@cache
def review(name: str) -> MatchReview:
    """The review of the match ``name``, worked out once a test process: a module-scoped fixture is
    worked out again whenever pytest-xdist tears it down between two batches of the module's tests.
    A review is frozen and deterministic (``test_the_same_record_gives_the_same_numbers``), so
    sharing it is safe."""
    return review_match(record(name))


def write_records() -> None:
    records = {name: write_mat(play_match(levels, n, seed=s)) for name, (levels, n, s) in MATCHES.items()}
    data = {"weights_sha256": weights_digest(), "records": records}
    RECORDS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_records()
