"""The review of a record as a job: answered beside the loop while the screen draws its progress.

Why a job: reviewing a game takes seconds (a match tens of seconds; several times that on a
Raspberry Pi), and the loop must keep drawing the progress and answer Back meanwhile. The review
is a question like the computer's play, so it is the same :class:`game.ai.jobs.Job`: a
:class:`ReviewRequest` answered in a worker process, its progress reported after every ply
(:func:`game.ai.effort.report`), and Back withdraws it: the worker stops after the ply it is on.
A record that does not replay is said on screen in the record's own words, without a traceback.

The reviewer is a parameter so tests can swap in a quick fake (the one place to change if the
review's interface changes); a fake cannot be sent to another process, so it runs in a thread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.ai import effort
from game.ai.jobs import Job, Where, start
from game.record import MatchRecord, RecordError

if TYPE_CHECKING:  # the review itself loads where it runs (in the worker)
    from game.review import MatchReview

Progress = Callable[[int, int], None]
Reviewer = Callable[[MatchRecord, Progress, Callable[[], bool]], "MatchReview"]


@dataclass(frozen=True)
class ReviewRequest:
    """The expert's judgement of every decision of ``record`` (:func:`game.review.review_match`)."""

    record: MatchRecord

    def __call__(self) -> MatchReview:
        return run_review(self.record, effort.report, effort.cancelled)


def run_review(record: MatchRecord, progress: Progress, cancel: Callable[[], bool]) -> MatchReview:
    """The real reviewer: the expert's judgement of every decision (:mod:`game.review`)."""
    from game.review import review_match

    return review_match(record, progress=progress, cancel=cancel)


@dataclass(frozen=True)
class _Fake:
    """A test's reviewer, asked with the job's progress and cancel."""

    reviewer: Reviewer
    record: MatchRecord

    def __call__(self) -> MatchReview:
        return self.reviewer(self.record, effort.report, effort.cancelled)


def start_review(
    record: MatchRecord, reviewer: Reviewer | None = None, *, where: Where = Where.WORKER
) -> Job[MatchReview]:
    """Start reviewing ``record`` ``where`` told (a fake ``reviewer`` runs in a thread instead of a
    worker); read the job's :attr:`~game.ai.jobs.Job.steps` for the progress."""
    steps = sum(len(game.plies) for game in record.games)
    if reviewer is None:
        return start(ReviewRequest(record), where, what="review", steps=steps, expected=(RecordError,))
    where = Where.THREAD if where is Where.WORKER else where
    return start(_Fake(reviewer, record), where, what="review", steps=steps, expected=(RecordError,))


__all__ = ["Progress", "ReviewRequest", "Reviewer", "run_review", "start_review"]
