"""A review running in a worker thread while the screen keeps drawing: progress, result, cancel.

Why a thread: reviewing a game takes seconds (a match tens of seconds; several times
that on a Raspberry Pi), and the loop must keep drawing the progress and answer Back
meanwhile. The review itself (:func:`game.review.review_match`) only reads the
shared network; the scene polls :attr:`ReviewJob.done` each step and never waits.
The reviewer is a parameter so tests can swap in a quick fake (the one place to
change if the review's interface changes).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.record import MatchRecord, RecordError

if TYPE_CHECKING:  # the review (and the computer player under it) loads when a review is opened
    from game.review import MatchReview

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
Reviewer = Callable[[MatchRecord, Progress, Callable[[], bool]], "MatchReview"]


def run_review(record: MatchRecord, progress: Progress, cancel: Callable[[], bool]) -> MatchReview:
    """The real reviewer: the expert's judgement of every decision (:mod:`game.review`)."""
    from game.review import review_match

    return review_match(record, progress=progress, cancel=cancel)


class ReviewJob:
    """One review in its own daemon thread; read :attr:`progress`, :attr:`result`, :attr:`error`."""

    def __init__(
        self, record: MatchRecord, reviewer: Reviewer | None = None, *, threaded: bool = True
    ) -> None:
        self.record = record
        self.total = max(1, sum(len(game.plies) for game in record.games))
        self.done_steps = 0
        self.result: MatchReview | None = None
        self.error: str | None = None
        self._cancel = threading.Event()
        self._finished = threading.Event()
        self._reviewer = reviewer if reviewer is not None else run_review
        if threaded:
            self._thread: threading.Thread | None = threading.Thread(
                target=self._run, name="review", daemon=True
            )
            self._thread.start()
        else:
            self._thread = None
            self._run()

    def _progress(self, done: int, total: int) -> None:
        self.done_steps, self.total = done, max(1, total)

    def _run(self) -> None:
        from game.review import Cancelled

        try:
            self.result = self._reviewer(self.record, self._progress, self._cancel.is_set)
        except Cancelled:
            pass
        except RecordError as exc:
            self.error = str(exc)
        except Exception as exc:  # a review bug must not take the screen down: say it, log it
            log.exception("the review failed")
            self.error = repr(exc)
        finally:
            self._finished.set()

    @property
    def fraction(self) -> float:
        return min(1.0, self.done_steps / self.total)

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def cancel(self) -> None:
        """Ask the worker to stop at its next step (it checks after every ply); never waits."""
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the review ends (tests and tools only; the screen polls :attr:`done`)."""
        return self._finished.wait(timeout)


__all__ = ["ReviewJob", "Reviewer", "run_review"]
