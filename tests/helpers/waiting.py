"""Waiting in tests without guessing the machine's speed.

Why: a test that waits a fixed time guesses how fast the machine is. On a busy two-core machine a
game sent SIGTERM two seconds after its start was still starting, and the signal killed it before it
could end cleanly. So a test waits for a sign: a game process says ``READY=1`` after the first pass of
its loop (its first frame drawn, its SIGTERM handler in place) to the socket named by ``NOTIFY_SOCKET``,
as it would to systemd (see ``game/ui/ready.py``), and :func:`running_game` listens; a worker thread
sets an event or finishes its future. Every such wait ends the moment the sign comes; its limit,
:data:`HANG_LIMIT`, is there only so that a hang fails the test instead of blocking the suite.
"""

from __future__ import annotations

import selectors
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HANG_LIMIT = 600.0
"""Seconds after which a wait for a sign (a game's ``READY=1``, its exit, a worker's answer) fails the
test. Not a guess of how long the work takes: the wait ends the moment the sign comes."""


def readable(source: int | socket.socket, wait: float) -> bool:
    """Whether ``source`` has something to read within ``wait`` seconds.

    A selector (epoll on Linux), not ``select.select``, which fails outright on a descriptor numbered
    1024 or more, as a long test run can reach.
    """
    with selectors.DefaultSelector() as selector:
        selector.register(source, selectors.EVENT_READ)
        return bool(selector.select(wait))


def _said_ready(sock: socket.socket, wait: float) -> bool:
    return readable(sock, wait) and b"READY=1" in sock.recv(4096).split(b"\n")


def _wait_ready(sock: socket.socket, proc: subprocess.Popen[str]) -> None:
    start = time.monotonic()
    while time.monotonic() - start < HANG_LIMIT:
        if _said_ready(sock, 0.5):
            return
        if proc.poll() is not None:
            if _said_ready(sock, 0.0):  # said it, then ended at once
                return
            _, err = proc.communicate()
            raise AssertionError(f"the game ended (exit {proc.returncode}) before it said READY=1:\n{err}")
    raise AssertionError(f"the game neither said READY=1 nor ended in {HANG_LIMIT:.0f} s")


@contextmanager
def running_game(
    args: Sequence[str], *, cwd: Path, env: Mapping[str, str], **popen: Any
) -> Iterator[subprocess.Popen[str]]:
    """``python ARGS`` started in ``cwd``, handed over once it has said ``READY=1``; killed on the way
    out if the test left it running. ``popen`` goes to :class:`subprocess.Popen` (pipes, ...)."""
    folder = Path(tempfile.mkdtemp(prefix="bg-"))  # short: a socket's path has room for ~100 bytes
    address = str(folder / "notify")
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.bind(address)
            with subprocess.Popen(
                [sys.executable, *args], cwd=cwd, env={**env, "NOTIFY_SOCKET": address}, text=True, **popen
            ) as proc:
                try:
                    _wait_ready(sock, proc)
                    yield proc
                finally:
                    if proc.poll() is None:
                        proc.kill()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
