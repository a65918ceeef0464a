"""The screen's computer player gets its worker processes ready beside the loop (``Opponent``, ``jobs.warm``).

Why: the first question would otherwise wait for a worker process to start and load the network
(a second or more on a Raspberry Pi) while the player watches.
"""

from __future__ import annotations

import pytest

from game.ai import jobs, parallel
from game.ai.jobs import Where
from game.engine.flow import OpeningRoll, apply, new_game
from game.session.opponent import Opponent
from tests.helpers.waiting import HANG_LIMIT


class _Pool:
    """A worker pool that records what it is asked (no process is started)."""

    def __init__(self) -> None:
        self.warmed: list[int | None] = []

    def warm(self, workers: int | None = None) -> None:
        self.warmed.append(workers)

    def think(self, question: object) -> None:
        return None  # as a pool whose workers failed: the question is answered in a thread


def test_an_opponent_beside_the_loop_warms_its_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = _Pool()
    monkeypatch.setattr(parallel, "shared_pool", lambda: pool)
    Opponent("expert", where=Where.WORKER).close()
    assert pool.warmed == [jobs.THINKERS]


@pytest.mark.parametrize("where", [Where.HERE, Where.THREAD])
def test_an_opponent_in_this_process_starts_no_worker(monkeypatch: pytest.MonkeyPatch, where: Where) -> None:
    pool = _Pool()
    monkeypatch.setattr(parallel, "shared_pool", lambda: pool)
    Opponent("expert", where=where).close()
    assert pool.warmed == []  # tests and --frames answer at once and start nothing beside the loop


def test_workers_that_cannot_be_had_change_nothing_but_where(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "shared_pool", _Pool)
    state = apply(new_game(), OpeningRoll(3, 1))
    beside = Opponent("intermediate", where=Where.WORKER, seed=2)
    here = Opponent("intermediate", where=Where.HERE, seed=2)
    job = beside.play(state)
    assert job.wait(HANG_LIMIT)
    assert job.result is not None and job.result == here.play(state).result
