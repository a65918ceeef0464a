"""Thinking that can be told to stop, that says how far it got, and that keeps to a time budget.

Why: the computer thinks beside the screen's loop (in a worker process, see :mod:`game.ai.jobs`),
and a question can stop mattering while it is being answered: the player moved, left the game or
pressed Back on the review. The long parts of the thinking (a rollout's trials, a review's plies)
call :func:`check` between their steps, so a withdrawn question frees its worker within one step
instead of computing on for seconds. Whoever runs the thinking says, with :func:`scope`, how to
know that the question was withdrawn and where progress goes. Outside a scope (the bot, the
benchmarks, most tests) nothing is ever withdrawn and progress goes nowhere.

The scope is a context variable: it belongs to the thread (and the process) that set it, so a
worker thread's scope never leaks into the loop's thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


class Cancelled(Exception):
    """The question was withdrawn: the thinking stopped without an answer."""


Report = Callable[[int, int], None]
"""Where progress goes: ``report(done, total)``."""


def _never() -> bool:
    return False


def _nowhere(done: int, total: int) -> None:
    """Progress nobody reads."""


@dataclass(frozen=True)
class _Scope:
    cancelled: Callable[[], bool]
    report: Report


_scope: ContextVar[_Scope | None] = ContextVar("game.ai.effort.scope", default=None)


@contextmanager
def scope(cancelled: Callable[[], bool] = _never, report: Report = _nowhere) -> Iterator[None]:
    """Within this block, :func:`check` raises :class:`Cancelled` once ``cancelled()`` is true, and
    :func:`report` hands ``(done, total)`` to ``report``."""
    token = _scope.set(_Scope(cancelled, report))
    try:
        yield
    finally:
        _scope.reset(token)


def cancelled() -> bool:
    """Whether the question being answered here was withdrawn (never, outside a :func:`scope`)."""
    current = _scope.get()
    return current is not None and current.cancelled()


def check() -> None:
    """Stop here (raise :class:`Cancelled`) if the question was withdrawn."""
    if cancelled():
        raise Cancelled


def report(done: int, total: int) -> None:
    """``done`` of ``total`` steps of the thinking are behind us (a progress bar reads it)."""
    current = _scope.get()
    if current is not None:
        current.report(done, total)


class Deadline:
    """A budget of CPU seconds, counted on the calling thread from the moment it is made.

    Why CPU time and not the wall clock: the figure a budget is chosen by (a decision should take
    about a second on a Raspberry Pi's core, which does about a sixth of this machine's core's
    work) is work, and work is what the thread's CPU clock counts; the wall clock would also count
    the time other programs had the core, so a busy machine would give worse answers. CPU time
    spent in other processes (a rollout's trials played by :mod:`game.ai.parallel`) is not
    counted; the game's worker plays its trials itself.
    """

    def __init__(self, seconds: float, clock: Callable[[], float] = time.thread_time) -> None:
        self.seconds = seconds
        self.clock = clock
        self.start = clock()

    def spent(self) -> float:
        return self.clock() - self.start

    def passed(self) -> bool:
        """The budget is used up."""
        return self.spent() >= self.seconds


__all__ = ["Cancelled", "Deadline", "Report", "cancelled", "check", "report", "scope"]
