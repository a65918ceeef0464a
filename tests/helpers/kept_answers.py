"""The computer's answers kept for a test process: a question asked again gets the first answer again.

Why: about thirty-five screen tests (the review, the replay of a mistake, a kiosk visitor's game-over
card, the end of a kiosk game) first play the same whole game against the computer (seed 5), and most
then review it. The game, the coach, the recorder and the review screen are the product's own and run
every time; what costs is the thinking: the computer's plays and cube decisions, the coach's judgement
of each of the human's plays, the review of the record. Every such question is a value (a frozen
request of :mod:`game.ai.requests`, the review's :class:`~game.session.review_job.ReviewRequest`, or a
``functools.partial`` of a module's function over positions, dice and moves) whose answer depends on
it alone, so the process's first answer is kept and given again, a deep copy each time (no test's
change to it reaches another). A question that is not such a value (a test's fake reviewer, a lambda)
is answered as always. The first test of a process still thinks, and is what shows the thinking works.
(The expert's cube decisions during play are bounded by CPU time, so two processes may answer a close
one differently, as two runs always could; within a process the first answer stands.)

The seam is :func:`game.ai.jobs._answer`, the one place where every question is answered (at once or
in a thread; these tests' apps think in their own process). Nothing is written anywhere.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from enum import Enum
from types import FunctionType
from typing import Any

import pytest

from game.ai import effort, jobs
from game.session.review_job import ReviewRequest

KEPT: dict[Hashable, Any] = {}
"""This process's answers, by question."""


def is_value(thing: object) -> bool:
    """``thing`` is equal to another only with the same contents, which never change: a number, a
    word, an enum member, None, a tuple of values, a frozen dataclass of values (a position, a move,
    a record)."""
    if thing is None or isinstance(thing, (bool, int, float, str, Enum)):
        return True
    if isinstance(thing, (tuple, frozenset)):
        return all(is_value(part) for part in thing)
    if dataclasses.is_dataclass(thing) and not isinstance(thing, type):
        frozen = type(thing).__dataclass_params__.frozen  # type: ignore[attr-defined]
        return bool(frozen) and all(is_value(getattr(thing, f.name)) for f in dataclasses.fields(thing))
    return False


def key_of(question: Callable[[], Any]) -> Hashable | None:
    """The value that names ``question``'s answer; None: not a value, answer it as always."""
    if isinstance(question, functools.partial):
        if not isinstance(question.func, FunctionType) or question.func.__closure__:
            return None  # a method or a closure: its answer may hang on more than its arguments
        key: Hashable = (question.func, question.args, tuple(sorted(question.keywords.items())))
        parts: tuple[object, ...] = (question.args, tuple(question.keywords.values()))
    elif isinstance(question, ReviewRequest):
        record = question.record  # its header (the date, the time to the minute) is not reviewed
        parts = (record.rules, record.names, record.games)
        key = (ReviewRequest, *parts)
    elif type(question).__module__ == "game.ai.requests":
        key, parts = question, (question,)
    else:
        return None
    return key if is_value(parts) else None


def as_asked(question: Callable[[], Any], answer: Any) -> Any:
    """The kept ``answer`` given for ``question``: a review carries the record it was asked about
    (:func:`game.review.review_match` reads its rules, names and games, never its header)."""
    if isinstance(question, ReviewRequest):
        return dataclasses.replace(answer, record=question.record)
    return answer


def install(monkeypatch: pytest.MonkeyPatch, kept: dict[Hashable, Any] = KEPT) -> None:
    """Answer the questions of this test from ``kept`` (and keep the new ones there)."""
    answer = jobs._answer

    def kept_answer(
        future: Future[Any], question: Callable[[], Any], stop: Callable[[], bool], report: effort.Report
    ) -> None:
        key = key_of(question)
        if key is None:
            answer(future, question, stop, report)
            return
        if key in kept:
            if future.set_running_or_notify_cancel():
                future.set_result(as_asked(question, copy.deepcopy(kept[key])))
            return

        def keeping() -> Any:
            value = question()
            kept[key] = copy.deepcopy(value)
            return value

        answer(future, keeping, stop, report)

    monkeypatch.setattr(jobs, "_answer", kept_answer)
