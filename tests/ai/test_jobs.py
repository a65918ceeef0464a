"""The computer's questions as jobs (``game.ai.jobs``): answered in worker processes, withdrawn for real.

What matters: the game's thinking runs outside the screen's process; a withdrawn question stops
its work (not just its answer) so the worker is free for the next one; a failure is logged with its
traceback and never raised into the loop; nothing here waits on the wall clock except for a worker
process itself, with generous limits.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest

from game.ai import api, effort, parallel
from game.ai.jobs import Job, Where, start
from game.ai.requests import CubeQuestion, PlayRequest, TakeRequest
from game.engine.position import Position
from game.record import RecordError
from game.review import MatchReview
from game.session.review_job import ReviewRequest
from game.tools.selfplay import play_match
from tests.helpers.paths import ROOT


@pytest.fixture(scope="module")
def pool() -> Iterator[parallel.WorkerPool]:
    workers = parallel.WorkerPool(1)  # one worker: the next question can only run once it is free
    yield workers
    workers.shutdown()


def _done(job: Job[object]) -> bool:
    """The job's own end, waited for with a limit a loaded machine never reaches (a worker's time)."""
    return job.wait(120.0)


# -- in a worker process ---------------------------------------------------------------------------------


def test_a_question_is_answered_in_another_process(pool: parallel.WorkerPool) -> None:
    thought = pool.think(os.getpid)
    assert thought is not None
    assert thought.future.result(timeout=120) != os.getpid()


def test_the_games_requests_answer_the_same_in_a_worker(pool: parallel.WorkerPool) -> None:
    """A play and a take sent to a worker: the same answers as at once, to the last move."""
    pos = Position.from_id("4HPwATDgc/ABMA")
    play = PlayRequest(pos, (6, 5), "expert")
    take = TakeRequest(CubeQuestion(pos, 1, "centre", 0, (0, 0), False), "expert", budget=None)
    for request in (play, take):
        thought = pool.think(request)
        assert thought is not None
        assert thought.future.result(timeout=120) == request()


def test_a_withdrawn_review_stops_and_its_worker_is_free_for_the_next_question(
    pool: parallel.WorkerPool,
) -> None:
    """The worker reports each reviewed ply; withdrawn after the first, it stops at the next step
    (the review does not run on to its end), and the next question is answered by the same worker."""
    thought, total = _review_running(pool)
    assert total > 40  # a review of many seconds: time enough to withdraw it half-way
    thought.withdraw()
    assert isinstance(thought.future.exception(timeout=120), effort.Cancelled)
    done, reported = thought.progress()
    assert reported == total and done < total  # it stopped where it was, short of the end
    nxt = pool.think(os.getpid)
    assert nxt is not None and nxt.future.result(timeout=120) > 0


def _review_running(pool: parallel.WorkerPool) -> tuple[parallel.Thought[MatchReview], int]:
    """A long review handed to ``pool``, once its worker has reported its first ply."""
    record = play_match(("beginner", "beginner"), 3, 7)
    total = sum(len(game.plies) for game in record.games)
    thought = pool.think(ReviewRequest(record))
    assert thought is not None
    first = threading.Event()
    for _ in range(12000):  # the worker's first ply: polled, since it is another process's work
        if thought.progress()[0] >= 1 or thought.future.done():
            first.set()
            break
        first.wait(0.01)
    assert first.is_set() and not thought.future.done(), thought.progress()
    return thought, total


def test_shutting_the_pool_down_withdraws_what_is_running() -> None:
    """The game's exit waits for a worker's running task: ``shutdown`` withdraws it first, so a
    review left running (tens of seconds on a Pi) stops at its next ply instead of holding the exit."""
    own = parallel.WorkerPool(1)
    try:
        thought, total = _review_running(own)
    finally:
        own.shutdown()
    assert isinstance(thought.future.exception(timeout=120), effort.Cancelled)
    assert thought.progress()[0] < total


def test_start_falls_back_to_a_thread_without_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """No worker wanted (``BACKGAMMON_AI_WORKERS=0``) or none can start: the question is answered
    beside the loop in a thread, the same answer."""
    monkeypatch.setattr(parallel, "shared_pool", lambda: None)
    request = PlayRequest(Position.from_id("4HPwATDgc/ABMA"), (3, 1), "intermediate", seed=4)
    job = start(request, Where.WORKER, what="play")
    assert _done(job) and job.result == request()


# -- the job itself --------------------------------------------------------------------------------------


def _until_withdrawn(started: threading.Event) -> str:
    """A question that would think forever, checking between its steps."""
    started.set()
    while True:
        effort.check()
        started.wait(0.001)


def test_cancel_stops_a_thread_at_its_next_step() -> None:
    started = threading.Event()
    job = start(lambda: _until_withdrawn(started), Where.THREAD, what="test")
    assert started.wait(60.0) and not job.done
    job.cancel()
    assert job.done and job.cancelled and job.result is None and job.error is None
    assert job._future.exception(timeout=60.0).__class__ is effort.Cancelled  # the thread really stopped


def test_here_answers_at_once_with_its_progress() -> None:
    def counted() -> int:
        for step in range(1, 5):
            effort.report(step, 4)
        return 42

    job = start(counted, Where.HERE, what="test", steps=9)
    assert job.done and job.result == 42 and job.steps == (4, 4) and job.fraction == 1.0
    waiting: Job[int] = Job(Future(), "test", steps=9)
    assert not waiting.done and waiting.steps == (0, 9) and waiting.fraction == 0.0


def test_a_failure_is_logged_with_its_traceback_and_kept(caplog: pytest.LogCaptureFixture) -> None:
    def broken() -> int:
        raise RuntimeError("no network")

    with caplog.at_level(logging.ERROR, logger="game.ai.jobs"):
        job = start(broken, Where.HERE, what="play")
        assert job.done
    assert job.result is None and job.error is not None and "no network" in job.error
    [record] = caplog.records
    assert "play" in record.getMessage() and record.exc_info is not None


def test_an_expected_failure_is_said_in_its_own_words(caplog: pytest.LogCaptureFixture) -> None:
    def unreadable() -> int:
        raise RecordError("line 3: not a move")

    with caplog.at_level(logging.WARNING, logger="game.ai.jobs"):
        job = start(unreadable, Where.HERE, what="review", expected=(RecordError,))
        assert job.done
    assert job.error == "line 3: not a move"
    assert [r.exc_info for r in caplog.records] == [None]  # a bad record is not a bug: no traceback


def test_a_cancelled_job_drops_an_answer_that_comes_after_all() -> None:
    future: Future[int] = Future()
    withdrawn: list[int] = []
    job = Job(future, "test", withdraw=lambda: withdrawn.append(1))
    job.cancel()
    future.set_result(7)
    assert job.done and job.cancelled and job.result is None and withdrawn == [1]
    job.cancel()
    assert withdrawn == [1]  # once


# -- no placeholder ----------------------------------------------------------------------------------------


def test_a_broken_ai_stops_the_game_loudly_instead_of_playing_on(tmp_path: Path) -> None:
    """The computer's adapter imports the AI like any module: with a syntax error in ``api.py`` the
    import fails and says where; no random mover takes the computer's place (one once did, silently)."""
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    api_file = tmp_path / "game" / "ai" / "api.py"
    api_file.write_text(api_file.read_text() + "\ndef half_written(:\n")
    done = subprocess.run(
        [sys.executable, "-c", "import game.session.opponent"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0
    assert "SyntaxError" in done.stderr and "api.py" in done.stderr, done.stderr


def test_the_opponent_levels_are_the_ais() -> None:
    from game.session.opponent import LEVELS, Opponent

    assert LEVELS == api.LEVELS
    assert Opponent("expert").level == "expert" and Opponent("nonsense").level == "intermediate"
