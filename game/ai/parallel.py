"""The computer's worker processes: where it thinks, and where a cube rollout's trials are played.

Why processes: the screen's loop must never wait for the computer. A thread of the game's own
process would share the interpreter lock with the loop (measured at a sixth of a core, the
frames stalled for 170-340 ms while the computer thought); a worker process shares nothing with
it. So every question the game asks (a play, a double, a take, a hint, a review, see
:mod:`game.ai.jobs`) is answered by a worker, and the answer comes back to be collected.

Two kinds of work run on the one pool. :meth:`WorkerPool.think` runs one question, cancellable:
the parent writes the question's ticket into a shared array, and the worker's thinking, which
asks :func:`game.ai.effort.check` between its steps, stops at the next step and is free for the
next question; progress comes back through a second shared array. :meth:`WorkerPool.__call__`
plays a block of a rollout's trials (the bot and the benchmarks, which think in their own
process): a take that is close all the way plays 288 trial games, about 2.2 s of CPU here, and
its trials are independent (each rolls its own dice, :func:`game.ai.rollout.evaluate`), so a
block of 36 is split among the workers and the parent sums their results in trial order: the
answer is the same to the last bit with one process or four. A worker never starts workers of
its own: the game's thinking worker plays its trials itself.

Workers are started with "spawn" (a fresh interpreter: nothing of pygame, the screen's
threads or a half-held lock is inherited), on first use or by :func:`warm`, at a lower priority
than the game, and each ends by itself when the game that started it is gone. Each loads the
same weights file as the parent (the benchmarks switch networks with ``net.use_weights``, so
the path goes with every task).

Whatever goes wrong with the workers (no process can start, one is killed, a task cannot be
sent), trials are played in this process instead and the answer is the same, and a question is
answered by a thread of this process (:mod:`game.ai.jobs`); after a failure the pool is not tried
again, and the log says why. The number of workers: the environment variable
``BACKGAMMON_AI_WORKERS`` (0: no worker at all, the computer thinks in the game's process), else
the cores this process may use, at most :data:`MAX_WORKERS`; a rollout's trials are shared only
with two or more.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import itertools
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from ctypes import c_int32
from pathlib import Path
from typing import Generic, TypeVar

from . import effort, net, rollout

log = logging.getLogger(__name__)

T = TypeVar("T")

WORKERS_ENV = "BACKGAMMON_AI_WORKERS"
MAX_WORKERS = 4
"""A Raspberry Pi 4 or 5 has four cores; more workers than trials per worker pays nothing."""


def wanted_workers() -> int:
    """How many worker processes the computer should have (0: it thinks in this process alone).

    Always 0 inside a worker or any other child process: a script without the
    ``if __name__ == "__main__"`` guard is imported again by each worker it starts, and its
    workers must not start workers of their own.
    """
    if multiprocessing.parent_process() is not None:
        return 0
    raw = os.environ.get(WORKERS_ENV, "").strip()
    if raw:
        try:
            return max(0, min(int(raw), 16))
        except ValueError:
            log.warning("%s=%r is not a number: the computer uses one worker process", WORKERS_ENV, raw)
            return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_WORKERS))


def _play(job: rollout.RolloutJob, start: int, stop: int, weights: str) -> list[rollout.TrialResult]:
    """In a worker: trials ``start`` to ``stop`` of the rollout ``job``, with the parent's network."""
    _follow(weights)
    return rollout.play_trials(job, range(start, stop))


def _follow(weights: str) -> None:
    """In a worker: use the network the parent uses."""
    if str(net.WEIGHTS_PATH) != weights:
        net.use_weights(Path(weights))


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


SLOTS = 1024
"""Places in the shared arrays: question ``ticket`` uses place ``ticket % SLOTS``. A place is used
again only a thousand questions later, long after its question was answered or withdrawn. The
arrays hold 32-bit numbers, which even a 32-bit Raspberry Pi reads and writes in one piece."""

_cancelled: ctypes.Array[c_int32] | None = None
"""In a worker: the tickets of withdrawn questions, by place (the parent writes them)."""
_progress: ctypes.Array[c_int32] | None = None
"""In a worker: (done, total) of each question's thinking, by place (the parent reads them)."""


def _start_worker(
    cancelled: ctypes.Array[c_int32] | None = None, progress: ctypes.Array[c_int32] | None = None
) -> None:
    """In a new worker: a lower priority, a watch that ends it with its parent, the shared arrays."""
    global _cancelled, _progress
    _cancelled, _progress = cancelled, progress
    _lower_priority()
    parent = multiprocessing.parent_process()
    pid = parent.pid if parent is not None and parent.pid is not None else os.getppid()
    threading.Thread(target=_exit_with_parent, args=(pid,), name="orphan-watch", daemon=True).start()


def _ready() -> int:
    """In a worker: load the network (and with it the AI's modules) before the first question needs it."""
    net.default_network()
    return os.getpid()


def _think(place: int, ticket: int, weights: str, question: Callable[[], T]) -> T:
    """In a worker: answer ``question`` until it is answered or its ticket is withdrawn."""
    _follow(weights)
    cancelled, progress = _cancelled, _progress

    def withdrawn() -> bool:
        return cancelled is not None and cancelled[place] == ticket

    def report(done: int, total: int) -> None:
        if progress is not None:
            progress[2 * place], progress[2 * place + 1] = done, total

    with effort.scope(withdrawn, report):
        effort.check()  # withdrawn while it waited for a free worker
        return question()


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


class _Shared:
    """The arrays the parent and its workers share: withdrawn tickets and progress, by place."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.cancelled: ctypes.Array[c_int32] = context.RawArray(c_int32, SLOTS)
        self.progress: ctypes.Array[c_int32] = context.RawArray(c_int32, 2 * SLOTS)


class Thought(Generic[T]):
    """A question handed to a worker: its future, and the parent's side of its shared places."""

    def __init__(self, shared: _Shared, place: int, ticket: int, future: Future[T]) -> None:
        self.shared = shared
        self.place = place
        self.ticket = ticket
        self.future = future

    def withdraw(self) -> None:
        """Stop the thinking: at once if it has not started, else at its next step."""
        self.future.cancel()
        self.shared.cancelled[self.place] = self.ticket

    def progress(self) -> tuple[int, int]:
        """(done, total) as the worker last reported it."""
        progress = self.shared.progress
        return progress[2 * self.place], progress[2 * self.place + 1]


class WorkerPool:
    """The computer's worker processes: questions (:meth:`think`) and blocks of a rollout's trials
    (a :data:`game.ai.rollout.TrialRunner`)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        self._failed: str | None = None
        self._lock = threading.Lock()
        self._tickets = itertools.count(1)
        self._open: list[tuple[Callable[[], bool], Callable[[], None]]] = []
        """(done, withdraw) of each question handed out and maybe not yet answered."""
        self._shared: _Shared | None = None

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
                    if self._shared is None:
                        self._shared = _Shared()
                    self._executor = ProcessPoolExecutor(
                        max_workers=self.workers,
                        mp_context=multiprocessing.get_context("spawn"),
                        initializer=_start_worker,
                        initargs=(self._shared.cancelled, self._shared.progress),
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
            log.warning("computer player: %s; it thinks in the game's process from now on", why)
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def warm(self, workers: int | None = None) -> None:
        """Start ``workers`` workers (all by default) and load the network in each, without waiting
        (the first question is then answered as quickly as the next)."""
        executor = self._get()
        if executor is None:
            return
        try:
            for _ in range(self.workers if workers is None else min(workers, self.workers)):
                executor.submit(_ready)
        except RuntimeError:  # the interpreter is shutting down
            pass
        except Exception as exc:  # a process could not be started (the system's limits)
            with self._lock:
                self._fail(f"cannot start worker processes ({type(exc).__name__}: {exc})")

    def think(self, question: Callable[[], T]) -> Thought[T] | None:
        """Hand ``question`` (picklable: a request of :mod:`game.ai.requests`) to a worker; None when
        the workers cannot be used (the caller thinks in this process)."""
        executor = self._get()
        shared = self._shared
        if executor is None or shared is None:
            return None
        ticket = next(self._tickets)
        place = ticket % SLOTS
        shared.cancelled[place] = 0
        shared.progress[2 * place] = shared.progress[2 * place + 1] = 0
        try:
            future = executor.submit(_think, place, ticket, str(net.WEIGHTS_PATH), question)
        except Exception as exc:  # a worker died (BrokenProcessPool), none could start, or shutting down
            with self._lock:
                self._fail(f"worker processes failed ({type(exc).__name__}: {exc})")
            return None
        thought = Thought(shared, place, ticket, future)
        with self._lock:
            self._open = [(done, withdraw) for done, withdraw in self._open if not done()]
            self._open.append((future.done, thought.withdraw))
        return thought

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
        """Let the workers go: every question still being answered is withdrawn (its worker stops at
        its next step), so that nothing is left to wait for. Why: the interpreter's exit waits for
        a worker's running task (a review can have tens of seconds left), before any exit handler."""
        with self._lock:
            executor, self._executor = self._executor, None
            open_questions, self._open = self._open, []
        for done, withdraw in open_questions:
            if not done():
                withdraw()
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


_pool: WorkerPool | None = None
_pool_lock = threading.Lock()


def shared_pool() -> WorkerPool | None:
    """The process's one pool (made on first use), or None: no workers wanted, or they failed."""
    global _pool
    with _pool_lock:
        if _pool is None:
            workers = wanted_workers()
            if workers < 1:
                return None
            _pool = WorkerPool(workers)
            atexit.register(_pool.shutdown)
        return _pool if _pool.failed is None else None


def trial_runner() -> WorkerPool | None:
    """The shared pool when more than one process should play a rollout's trials, else None."""
    pool = shared_pool()
    return pool if pool is not None and pool.workers >= 2 else None


def shutdown() -> None:
    """The game ends: withdraw the shared pool's questions and let its workers go (see
    :meth:`WorkerPool.shutdown`; the game calls it before it exits)."""
    with _pool_lock:
        pool = _pool
    if pool is not None:
        pool.shutdown()


def warm() -> None:
    """Start the shared pool's workers now, in the background (before a rollout in this process)."""
    pool = trial_runner()
    if pool is not None:
        pool.warm()
