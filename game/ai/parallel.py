"""Cube rollouts on several cores: the trials of a block run in worker processes.

Why: a rollout is the expert's slowest thinking. A take that is close all the way plays 288
trial games, about 2.2 s of CPU on the development machine and, by the same 6-10 times, an
estimated 13-22 s on a Raspberry Pi, which has four cores. Its trials are independent
(each rolls its own dice, :func:`game.ai.rollout.evaluate`), so a block of 36 is split among
the workers and the parent sums their results in trial order: the answer is the same to the
last bit with one process or four. And the trials then run outside the game's process, so
the screen's loop does not share the interpreter lock with them while the computer thinks.

Workers are started with "spawn" (a fresh interpreter: nothing of pygame, the screen's
threads or a half-held lock is inherited), once, on first use or by :func:`warm`. Each loads
the same weights file as the parent (the benchmarks switch networks with
``net.use_weights``, so the path goes with every task).

Whatever goes wrong with the workers (no process can start, one is killed, the callables
cannot be sent), the block is played in this process instead and the answer is the same;
after a failure the pool is not tried again, and one line on stderr says why. The number
of workers: the environment variable ``BACKGAMMON_AI_WORKERS`` (1 plays everything in this
process), else the cores this process may use, at most :data:`MAX_WORKERS`.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import pickle
import sys
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

from . import net, rollout

WORKERS_ENV = "BACKGAMMON_AI_WORKERS"
MAX_WORKERS = 4
"""A Raspberry Pi 4 or 5 has four cores; more workers than trials per worker pays nothing."""


def wanted_workers() -> int:
    """How many processes should play a rollout's trials (1: this one alone).

    Always 1 inside a worker or any other child process: a script without the
    ``if __name__ == "__main__"`` guard is imported again by each worker it starts, and its
    workers must not start workers of their own.
    """
    if multiprocessing.parent_process() is not None:
        return 1
    raw = os.environ.get(WORKERS_ENV, "").strip()
    if raw:
        try:
            return max(1, min(int(raw), 16))
        except ValueError:
            why = f"{WORKERS_ENV}={raw!r} is not a number"
            print(f"{why}: the computer thinks in one process", file=sys.stderr)
            return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_WORKERS))


def _play(job: rollout.RolloutJob, start: int, stop: int, weights: str) -> list[rollout.TrialResult]:
    """In a worker: trials ``start`` to ``stop`` of the rollout ``job``, with the parent's network."""
    if str(net.WEIGHTS_PATH) != weights:
        net.use_weights(Path(weights))
    return rollout.play_trials(job, range(start, stop))


WORKER_NICENESS = 5
"""How much lower the workers' priority is than the game's: on a cabinet they use the cores the screen
does not need, and where they compete with it for a core, the screen wins and keeps its frame rate."""


def _lower_priority() -> None:
    """Step back behind the game's process (where the system allows it)."""
    with contextlib.suppress(AttributeError, OSError):  # no nice() here: the workers share as equals
        os.nice(WORKER_NICENESS)


ORPHAN_CHECK_SECONDS = 1.0
"""How often a worker looks whether the game that started it is still there."""


def _exit_with_parent(parent: int, every: float = ORPHAN_CHECK_SECONDS) -> None:
    """In a worker's watch thread: end the worker once the process that started it is gone.

    Why: a game that quits, or is stopped with SIGTERM, shuts its workers down itself, but one
    killed outright (SIGKILL, the out-of-memory killer, a crash in SDL) runs no exit handler, and
    its workers would sit idle, about 45 MB each, until the machine restarts. Without a parent the
    worker is adopted by another process, so its parent's id changes.
    """
    while True:
        time.sleep(every)
        if os.getppid() != parent:
            os._exit(0)


def _start_worker() -> None:
    """In a new worker: a lower priority, and a watch that ends it with its parent."""
    _lower_priority()
    parent = multiprocessing.parent_process()
    pid = parent.pid if parent is not None and parent.pid is not None else os.getppid()
    threading.Thread(target=_exit_with_parent, args=(pid,), name="orphan-watch", daemon=True).start()


def _ready() -> int:
    """In a worker: load the network (and with it the AI's modules) before the first rollout needs it."""
    net.default_network()
    return os.getpid()


def chunks(block: range, parts: int) -> list[range]:
    """``block`` cut into at most ``parts`` consecutive ranges of nearly equal length."""
    parts = max(1, min(parts, len(block)))
    size, extra = divmod(len(block), parts)
    out = []
    start = block.start
    for k in range(parts):
        stop = start + size + (1 if k < extra else 0)
        out.append(range(start, stop))
        start = stop
    return out


class TrialPool:
    """Plays blocks of rollout trials in worker processes (a :data:`game.ai.rollout.TrialRunner`)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        self._failed: str | None = None
        self._lock = threading.Lock()

    @property
    def failed(self) -> str | None:
        """Why the workers are no longer used, or None."""
        return self._failed

    def _get(self) -> ProcessPoolExecutor | None:
        with self._lock:
            if self._failed is not None:
                return None
            if self._executor is None:
                try:
                    self._executor = ProcessPoolExecutor(
                        max_workers=self.workers,
                        mp_context=multiprocessing.get_context("spawn"),
                        initializer=_start_worker,
                    )
                except (OSError, ValueError, ImportError, NotImplementedError) as exc:
                    # NotImplementedError: no working semaphores (a container without /dev/shm).
                    self._fail(f"cannot start worker processes ({exc})")
                    return None
            return self._executor

    def _fail(self, why: str) -> None:
        """Stop using the workers from now on (called with the lock held or from a failed call)."""
        if self._failed is None:
            self._failed = why
            print(f"computer player: {why}; it thinks in one process from now on", file=sys.stderr)
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def warm(self) -> None:
        """Start the workers and load the network in each, without waiting (the first take is then
        as quick as the others)."""
        executor = self._get()
        if executor is None:
            return
        try:
            for _ in range(self.workers):
                executor.submit(_ready)
        except RuntimeError:  # the interpreter is shutting down
            pass
        except Exception as exc:  # a process could not be started (the system's limits)
            with self._lock:
                self._fail(f"cannot start worker processes ({type(exc).__name__}: {exc})")

    def __call__(self, job: rollout.RolloutJob, block: range) -> list[rollout.TrialResult] | None:
        """The trials of ``block`` in order, or None when they should be played in this process."""
        if self.workers < 2 or len(block) < 2:
            return None
        try:
            pickle.dumps((job.best_play, job.leaf_eval))
        except (pickle.PicklingError, AttributeError, TypeError):
            return None  # a closure or lambda (tests, tools): this process plays it, nothing is wrong
        executor = self._get()
        if executor is None:
            return None
        weights = str(net.WEIGHTS_PATH)
        try:
            futures: list[Future[list[rollout.TrialResult]]] = [
                executor.submit(_play, job, part.start, part.stop, weights)
                for part in chunks(block, self.workers)
            ]
            results: list[rollout.TrialResult] = []
            for future in futures:
                results.extend(future.result())
            return results
        except Exception as exc:
            # A worker died (BrokenProcessPool), none could be started (OSError), the interpreter is
            # shutting down (RuntimeError), or the trials themselves failed: play the block here,
            # where the same failure, if it is the trials', is raised as it would be without workers.
            with self._lock:
                self._fail(f"worker processes failed ({type(exc).__name__}: {exc})")
            return None

    def shutdown(self) -> None:
        """Let the workers go (at exit: a running block is not waited for)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


_pool: TrialPool | None = None
_pool_lock = threading.Lock()


def trial_runner() -> TrialPool | None:
    """The shared pool when more than one process should play the trials, else None."""
    global _pool
    with _pool_lock:
        if _pool is None:
            workers = wanted_workers()
            if workers < 2:
                return None
            _pool = TrialPool(workers)
            atexit.register(_pool.shutdown)
        return _pool if _pool.failed is None else None


def warm() -> None:
    """Start the shared pool's workers now, in the background (the game calls it when a game
    against the expert begins)."""
    pool = trial_runner()
    if pool is not None:
        pool.warm()
