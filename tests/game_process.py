"""Start the game as a process and go on once it says it runs: ``READY=1`` (see ``game/ui/ready.py``).

Why: a test that waits a fixed time for a process guesses the machine's speed. On a busy two-core
machine a game sent SIGTERM two seconds after its start was still starting, and the signal killed it
before it could end cleanly. The game says ``READY=1`` after the first pass of its loop (the first
frame drawn, its SIGTERM handler in place) to the socket named by ``NOTIFY_SOCKET``, as it would to
systemd; the test listens on that socket.
"""

from __future__ import annotations

import select
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
"""Seconds after which a game that has neither said ``READY=1`` nor ended fails the test. Not a guess
of how long a start takes (the wait ends the moment the game speaks): only so that a game hung before
its first frame fails instead of blocking the suite."""


def _said_ready(sock: socket.socket, wait: float) -> bool:
    readable, _, _ = select.select([sock], [], [], wait)
    return bool(readable) and b"READY=1" in sock.recv(4096).split(b"\n")


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
