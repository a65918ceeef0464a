"""One question to the computer, answered beside the screen's loop: the :class:`Job` the screen reads.

Why one type: the computer's play, its cube decisions, the Hint and the review are the same thing
to the screen: a question whose answer comes later, that may be withdrawn (:meth:`Job.cancel`
stops the thinking itself, see :mod:`game.ai.effort`), that may show how far it got, and that
may fail without taking the game down (the failure is logged with its traceback and kept as
:attr:`Job.error`; an expected one, a record that does not replay, is kept in its own words).
The loop reads :attr:`Job.done` each step and never waits.

A question is a picklable callable (a request of :mod:`game.ai.requests`, or the review's) and
:func:`start` runs it where it is told (:class:`Where`): in a worker process for the game, so
that the thinking never shares the interpreter lock with the loop; at once for the tests and the
headless screenshots, so that a seeded game replays identically; or in a thread of this process
where no worker can be had.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from enum import Enum
from typing import Generic, TypeVar

from . import effort, parallel

log = logging.getLogger(__name__)

T = TypeVar("T")

Question = Callable[[], T]


class Where(Enum):
    """Where a question is answered."""

    HERE = "here"
    """At once, in the calling thread: the answer is there when :func:`start` returns."""
    THREAD = "thread"
    """In a thread of this process: beside the loop, but sharing its interpreter lock."""
    WORKER = "worker"
    """In a worker process (:mod:`game.ai.parallel`); in a thread when no worker can be had."""


def _nothing() -> None:
    """Withdrawing a question that is already answered."""


class Job(Generic[T]):
    """A question being answered: read :attr:`done`, then :attr:`result` or :attr:`error`.

    :attr:`result` is None until the answer is in, and stays None when the question failed or was
    withdrawn; the answers themselves are never None.
    """

    def __init__(
        self,
        future: Future[T],
        what: str,
        *,
        withdraw: Callable[[], None] = _nothing,
        progress: Callable[[], tuple[int, int]] | None = None,
        steps: int = 0,
        expected: tuple[type[Exception], ...] = (),
    ) -> None:
        self.what = what
        """What was asked, for the log ("play", "take", "review" ...)."""
        self._future = future
        self._withdraw = withdraw
        self._progress = progress
        self._steps = steps
        self._expected = expected
        self._settled = False
        self._result: T | None = None
        self._error: str | None = None
        self._cancelled = False

    @property
    def done(self) -> bool:
        """The answer is in, or the question failed or was withdrawn (never waits)."""
        if not self._settled and self._future.done():
            self._settle()
        return self._settled

    @property
    def result(self) -> T | None:
        """The answer; None while it is not in, and for good when the question failed or was withdrawn."""
        return self._result if self.done else None

    @property
    def error(self) -> str | None:
        """Why the question has no answer: the thinking failed (its traceback is in the log)."""
        return self._error if self.done else None

    @property
    def cancelled(self) -> bool:
        """The question was withdrawn (:meth:`cancel`, or its thinking was told to stop)."""
        return self.done and self._cancelled

    def _settle(self) -> None:
        self._settled = True
        if self._future.cancelled():
            self._cancelled = True
            return
        exc = self._future.exception()
        if exc is None:
            self._result = self._future.result()
        elif isinstance(exc, effort.Cancelled):
            self._cancelled = True
        elif isinstance(exc, self._expected):
            self._error = str(exc)
            log.warning("the computer's %s could not be done: %s", self.what, exc)
        else:
            self._error = repr(exc)
            log.error("the computer's %s failed", self.what, exc_info=exc)

    def cancel(self) -> None:
        """Withdraw the question: its thinking stops at its next step and its worker is free; the
        answer, if it still comes, is dropped."""
        if self._settled:
            return
        self._cancelled = True
        self._settled = True
        self._withdraw()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job is done (tests and tools only; the screen reads :attr:`done`)."""
        if self._settled:
            return True
        try:
            self._future.exception(timeout)
        except CancelledError:
            pass
        except TimeoutError:
            return False
        return self.done

    @property
    def steps(self) -> tuple[int, int]:
        """(done, total) steps of the thinking as last reported (a long one, the review, reports)."""
        if self._progress is not None:
            done, total = self._progress()
            if total > 0:
                return done, total
        return 0, max(1, self._steps)

    @property
    def fraction(self) -> float:
        done, total = self.steps
        return min(1.0, done / max(1, total))


def _answer(
    future: Future[T], question: Question[T], stop: Callable[[], bool], report: effort.Report
) -> None:
    """Answer ``question`` into ``future``, whatever happens (a thread must leave nothing hanging)."""
    if not future.set_running_or_notify_cancel():
        return
    try:
        with effort.scope(stop, report):
            effort.check()
            value = question()
    except Exception as exc:  # kept for the job to log and show; nothing is lost or hidden
        future.set_exception(exc)
    else:
        future.set_result(value)


def start(
    question: Question[T],
    where: Where,
    *,
    what: str,
    steps: int = 0,
    expected: tuple[type[Exception], ...] = (),
) -> Job[T]:
    """Start answering ``question`` ``where`` told; ``steps`` is the progress's total until the
    thinking reports its own; ``expected`` failures are told in their own words, not as a bug."""
    if where is Where.WORKER:
        pool = parallel.shared_pool()
        thought = pool.think(question) if pool is not None else None
        if thought is not None:
            return Job(
                thought.future,
                what,
                withdraw=thought.withdraw,
                progress=thought.progress,
                steps=steps,
                expected=expected,
            )
        where = Where.THREAD  # no worker processes (none wanted, or they failed: the log says why)
    future: Future[T] = Future()
    stop = threading.Event()
    seen = [0, 0]

    def report(done: int, total: int) -> None:
        seen[0], seen[1] = done, total

    def progress() -> tuple[int, int]:
        return seen[0], seen[1]

    if where is Where.HERE:
        _answer(future, question, stop.is_set, report)
    else:
        thread = threading.Thread(
            target=_answer, args=(future, question, stop.is_set, report), name=f"ai-{what}", daemon=True
        )
        thread.start()
    return Job(future, what, withdraw=stop.set, progress=progress, steps=steps, expected=expected)


def warm(where: Where) -> None:
    """Get the worker processes ready before the first question (a no-op elsewhere): two, so that a
    question asked while a withdrawn one is still stopping finds a worker ready too."""
    if where is Where.WORKER:
        pool = parallel.shared_pool()
        if pool is not None:
            pool.warm(THINKERS)


THINKERS = 2
"""Workers started ahead by :func:`warm` (more start by themselves if ever needed)."""


__all__ = ["THINKERS", "Job", "Question", "Where", "start", "warm"]
