"""The tests' kept answers (``tests/helpers/kept_answers.py``) give what thinking again would give.

Why: the review, replay and game-over screen tests play the same game and review it once a process,
then take the computer's answers from what was kept; a kept answer that differed from a fresh one
(a question keyed by less than its answer hangs on, an answer changed by its first reader) would
test another game than the one the screens show, and nobody would see it.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest

from game.ai.jobs import Where, start
from game.ai.requests import PlayRequest
from game.engine.position import Position
from game.record import read_mat
from game.review import review_match
from game.session.review_job import ReviewRequest
from game.ui.tools.review_screenshots import play_one_game
from game.ui.tools.screenshots import TAKE_MATCH
from tests.helpers import kept_answers
from tests.helpers.screens import new_app

calls: list[object] = []


def pieces(n: object) -> list[int]:
    """A question whose answer a reader could change (a list); counts how often it is thought out."""
    calls.append(n)
    return [1, 2, 3]


def ask(question: Any) -> Any:
    job = start(question, Where.HERE, what="test")
    assert job.done and job.error is None, job.error
    return job.result


def test_a_value_asked_again_gets_a_copy_of_the_first_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    kept: dict[Hashable, Any] = {}
    kept_answers.install(monkeypatch, kept)
    calls.clear()
    first = ask(functools.partial(pieces, 3))
    first.append(99)  # the first reader changes its answer
    assert ask(functools.partial(pieces, 3)) == [1, 2, 3]
    assert calls == [3]
    ask(functools.partial(pieces, 4))  # another question: thought out
    assert calls == [3, 4]
    play = PlayRequest(Position.start(), (3, 1), "expert")
    assert ask(play) == ask(PlayRequest(Position.start(), (3, 1), "expert")) == play()
    assert len(kept) == 3


def test_what_is_not_a_value_is_thought_out_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    kept: dict[Hashable, Any] = {}
    kept_answers.install(monkeypatch, kept)
    calls.clear()
    mutable: list[int] = [3]
    offset = [0]

    def shifted(n: int) -> list[int]:  # its answer hangs on more than its argument
        return pieces(n + offset[0])

    for _ in range(2):
        ask(functools.partial(pieces, mutable))  # a list among the arguments
        ask(lambda: pieces("lambda"))  # not a partial
        ask(functools.partial(shifted, 5))
        offset[0] += 1
    assert calls == [[3], "lambda", 5, [3], "lambda", 6]
    assert not kept


def test_a_kept_review_is_the_review_of_the_record_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The header (date, time) is left out of the review's key: the review reads the rules, names and
    games only, and the answer carries the record that was asked about."""
    kept: dict[Hashable, Any] = {}
    kept_answers.install(monkeypatch, kept)
    record = read_mat(TAKE_MATCH)
    later = dataclasses.replace(record, metadata=(("Date", "2026.12.07"), ("Time", "23.59")))
    ask(ReviewRequest(record))
    again = ask(ReviewRequest(later))
    assert kept_answers.key_of(ReviewRequest(later)) in kept and len(kept) == 1
    assert again == review_match(later)
    assert again.record is later


@pytest.mark.slow
def test_the_kept_game_is_the_game_played(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The seed-5 game the screen tests share: played again from the kept answers, it asks nothing new
    and ends the same, ply by ply."""
    kept: dict[Hashable, Any] = {}
    kept_answers.install(monkeypatch, kept)
    ends = []
    for run in ("thought", "kept"):
        app = new_app("en", tmp_path / run, kiosk=False)
        scene = play_one_game(app, 5)
        questions = len(kept)
        record = scene.finished_record()
        assert record is not None
        ends.append((scene.state, record.games, questions))
        app.quit()
    assert ends[0] == ends[1]
    assert ends[0][2] > 50  # the computer's plays and cube answers, the coach's judgements
