"""The expert's cube rollouts on worker processes (``game.ai.parallel``).

What matters: the answer does not depend on how many processes played the trials, down to the
last bit (a decision must not change with the machine), and nothing that goes wrong with the
workers changes it or stops the game.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from game.ai import api, net, parallel, rollout
from game.ai.cubeful import CubeInfo
from game.ai.net import Outputs
from game.engine import Play, Position
from tests.helpers.paths import ROOT
from tests.helpers.waiting import HANG_LIMIT

CONTACT = ("i3c2AAjYtg0CDA", "1jaMAxCZvQ0GAA", "tm2DAGDbbgcAIA")
"""Contact positions of the cube benchmark's set: a prime against a trapped checker, a
middle game, a closed board against a trapped checker."""

OTHER_WEIGHTS = ROOT / "assets" / "weights" / "training" / "td_distill.json"
"""A network that is not the shipped one (an experiment's export, committed and never rewritten)."""


@pytest.fixture(scope="module")
def pool() -> Iterator[parallel.WorkerPool]:
    workers = parallel.WorkerPool(2)
    yield workers
    workers.shutdown()


def _roll(pos: Position, runner: rollout.TrialRunner | None, **kw: object) -> rollout.RolloutEquities:
    return rollout.evaluate(
        pos,
        CubeInfo(),
        api._best_play,
        api.cube_outputs,
        trials=72,
        plies=8,
        runner=runner,
        **kw,  # type: ignore[arg-type]
    )


def test_chunks_cut_a_block_in_order() -> None:
    assert parallel.chunks(range(36, 72), 4) == [range(36, 45), range(45, 54), range(54, 63), range(63, 72)]
    assert parallel.chunks(range(0, 36), 5) == [
        range(0, 8),
        range(8, 15),
        range(15, 22),
        range(22, 29),
        range(29, 36),
    ]
    assert parallel.chunks(range(0, 3), 4) == [range(0, 1), range(1, 2), range(2, 3)]
    for parts in (1, 2, 3, 4, 7):
        cut = parallel.chunks(range(108, 144), parts)
        assert [t for part in cut for t in part] == list(range(108, 144))


@pytest.mark.parametrize("pid", CONTACT)
def test_workers_give_the_same_answer_to_the_last_bit(pool: parallel.WorkerPool, pid: str) -> None:
    pos = Position.from_id(pid)
    here = _roll(pos, None)
    there = _roll(pos, pool)
    assert there == here
    assert pool.failed is None


def test_the_early_stop_sees_the_same_trials(pool: parallel.WorkerPool) -> None:
    """The stop is asked after each block of 36 with the same sums, so it stops at the same trial."""
    pos = Position.from_id(CONTACT[1])
    seen: dict[str, list[int]] = {"here": [], "there": []}

    def stop_after_72(key: str) -> object:
        return lambda so_far: seen[key].append(so_far.trials) or so_far.trials >= 72

    here = rollout.evaluate(
        pos, CubeInfo(), api._best_play, api.cube_outputs, trials=144, plies=8, settled=stop_after_72("here")
    )
    there = rollout.evaluate(
        pos,
        CubeInfo(),
        api._best_play,
        api.cube_outputs,
        trials=144,
        plies=8,
        settled=stop_after_72("there"),  # type: ignore[arg-type]
        runner=pool,
    )
    assert here == there
    assert here.trials == 72
    assert seen["here"] == seen["there"] == [36, 72]


def test_workers_use_the_parents_network(pool: parallel.WorkerPool) -> None:
    """The benchmarks switch networks with ``use_weights``: the trials must follow."""
    pos = Position.from_id(CONTACT[0])
    shipped = _roll(pos, pool)
    original = net.WEIGHTS_PATH
    try:
        net.use_weights(OTHER_WEIGHTS)
        here = _roll(pos, None)
        there = _roll(pos, pool)
    finally:
        net.use_weights(original)
    assert there == here
    assert there != shipped  # the other network really played: the answers differ
    assert _roll(pos, pool) == shipped


def test_what_cannot_be_sent_is_played_here(pool: parallel.WorkerPool) -> None:
    pos = Position.from_id(CONTACT[2])

    def best(p: Position, plays: list[Play]) -> tuple[Play, Outputs]:
        return api._best_play(p, plays)

    job = rollout.RolloutJob(pos, CubeInfo(), best, api.cube_outputs, api.cube_outputs(pos), 8, 1)
    assert pool(job, range(36)) is None
    assert pool.failed is None  # nothing is wrong with the workers
    assert _roll(pos, pool, seed=5).trials == 72


class _Broken:
    """An executor whose workers died (what the operating system's OOM killer leaves behind), or
    that cannot start one (a process limit)."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def submit(self, *args: object) -> object:
        raise self.error

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


@pytest.mark.parametrize(
    "error", [BrokenProcessPool("a worker process died"), OSError(11, "Resource temporarily unavailable")]
)
def test_dead_workers_lose_nothing(caplog: pytest.LogCaptureFixture, error: Exception) -> None:
    broken = parallel.WorkerPool(2)
    broken._executor = _Broken(error)  # type: ignore[assignment]
    pos = Position.from_id(CONTACT[0])
    with caplog.at_level(logging.WARNING, logger="game.ai.parallel"):
        assert _roll(pos, broken) == _roll(pos, None)
    assert broken.failed is not None and type(error).__name__ in broken.failed
    assert "thinks in the game's process" in caplog.text
    # Not tried again: the next rollout plays here at once, and a question is answered here too.
    job = rollout.RolloutJob(pos, CubeInfo(), api._best_play, api.cube_outputs, api.cube_outputs(pos), 8, 1)
    assert broken(job, range(36)) is None
    assert broken.think(os.getpid) is None


def test_how_many_workers(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(parallel, "_pool", None)
    monkeypatch.setenv(parallel.WORKERS_ENV, "3")
    assert parallel.wanted_workers() == 3
    monkeypatch.setenv(parallel.WORKERS_ENV, "many")
    with caplog.at_level(logging.WARNING, logger="game.ai.parallel"):
        assert parallel.wanted_workers() == 1
    assert "is not a number" in caplog.text
    monkeypatch.setenv(parallel.WORKERS_ENV, "0")
    assert parallel.shared_pool() is None  # no worker: the computer thinks in the game's process
    monkeypatch.setenv(parallel.WORKERS_ENV, "1")
    pool = parallel.shared_pool()
    assert pool is not None and pool.workers == 1  # one worker thinks...
    assert parallel.trial_runner() is None  # ...and plays its rollouts' trials itself
    monkeypatch.delenv(parallel.WORKERS_ENV)
    assert 1 <= parallel.wanted_workers() <= parallel.MAX_WORKERS


def test_the_expert_answers_the_same_with_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """End to end: a take rolled out by the game's own pool gives the same equities as in one process."""
    pos = Position.from_id(CONTACT[1]).flip()
    info = CubeInfo()
    api._expert_cube.cache_clear()
    alone = api.cube_equities(pos.flip(), info, answering=True)
    monkeypatch.setenv(parallel.WORKERS_ENV, "2")
    monkeypatch.setattr(parallel, "_pool", None)
    api._expert_cube.cache_clear()
    try:
        parallel.warm()
        shared = parallel.trial_runner()
        assert shared is not None and shared.workers == 2
        assert api.cube_equities(pos.flip(), info, answering=True) == alone
        assert shared.failed is None
    finally:
        if parallel._pool is not None:
            parallel._pool.shutdown()
        api._expert_cube.cache_clear()


def test_workers_never_start_workers_of_their_own(pool: parallel.WorkerPool) -> None:
    """A script without the ``__main__`` guard is imported again in every worker; there it must
    play its trials alone instead of starting processes without end."""
    executor = pool._get()
    assert executor is not None
    assert executor.submit(parallel.wanted_workers).result() == 0
    assert parallel.wanted_workers() >= 1


def _niceness() -> int:
    import os

    return os.nice(0)


def test_workers_step_back_behind_the_screen(pool: parallel.WorkerPool) -> None:
    """The workers run at a lower priority than the game, so the screen keeps its frames."""
    import os

    executor = pool._get()
    assert executor is not None
    assert executor.submit(_niceness).result() >= min(19, os.nice(0) + parallel.WORKER_NICENESS)


ORPHAN_SCRIPT = """
import os, signal, tempfile, time
from game.ai import parallel

def meet(folder):
    # Each job waits until both have arrived, so two workers run them, however slow the machine.
    open(os.path.join(folder, str(os.getpid())), "w").close()
    while len(os.listdir(folder)) < 2:
        time.sleep(0.01)
    return os.getpid()

def main():
    executor = parallel.WorkerPool(2)._get()
    folder = tempfile.mkdtemp()
    pids = sorted({f.result() for f in [executor.submit(meet, folder) for _ in range(2)]})
    print(" ".join(map(str, pids)), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # no exit handler runs, as after the OOM killer

if __name__ == "__main__":
    main()
"""


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting for its new parent to reap it is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process states from /proc")
def test_workers_end_when_their_game_is_killed(tmp_path: Path) -> None:
    """A game killed outright runs no exit handler: its workers must notice and end by themselves."""
    import os
    import subprocess
    import sys
    import time

    script = tmp_path / "killed_game.py"
    script.write_text(ORPHAN_SCRIPT)
    root = ROOT
    out = tmp_path / "out.txt"
    with out.open("w") as sink:  # a file, not a pipe: workers left behind would hold a pipe open
        done = subprocess.run(
            [sys.executable, str(script)],
            cwd=root,
            env={**os.environ, "PYTHONPATH": str(root)},
            stdout=sink,
            stderr=subprocess.STDOUT,
            timeout=HANG_LIMIT,
        )
    pids = [int(word) for word in out.read_text().split()[:2] if word.isdigit()]
    assert done.returncode < 0 and len(pids) == 2, out.read_text()
    # They look every ORPHAN_CHECK_SECONDS; a busy machine may run them late, so the limit is a hang's.
    deadline = time.monotonic() + HANG_LIMIT
    while any(_running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(pid) for pid in pids)
