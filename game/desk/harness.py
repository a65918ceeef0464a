"""Processes for the desk's proofs: a desk and computer-played boards started as separate programs on
loopback, a cuttable link between a board and the desk, and the event's outcome read back.

Used by the multi-process test (``tests/test_desk_processes.py``) and the load benchmark
(``python -m game.tools.bench_desk``). Only loopback addresses are used.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .desk import DB_FILE

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def get_json(url: str, timeout: float = 3.0) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        data = json.loads(r.read())
    assert isinstance(data, dict)
    return data


def python() -> list[str]:
    return [sys.executable, "-m", "game.desk"]


class DeskProcess:
    """``python -m game.desk serve`` on a fixed loopback port, restartable on the same folder."""

    def __init__(
        self, folder: Path, port: int, create: list[str] | None = None, log: Path | None = None
    ) -> None:
        self.folder = folder
        self.port = port
        self.create = create or []
        self.log = log or folder.with_suffix(".log")
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://{HOST}:{port}"
        folder.parent.mkdir(parents=True, exist_ok=True)

    def start(self, first: bool) -> None:
        args = [*python(), "serve", "--folder", str(self.folder), "--port", str(self.port)]
        if first:
            args += self.create
        out = self.log.open("ab")
        self.proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=_env())
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError):
                get_json(self.url + "/api/health", 1.0)
                return
            if self.proc.poll() is not None:
                raise RuntimeError(f"the desk exited with {self.proc.returncode}; see {self.log}")
            time.sleep(0.1)
        raise RuntimeError("the desk did not start")

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def state(self) -> dict[str, Any]:
        return get_json(self.url + "/api/state")

    def join_code(self) -> str:
        return str(outcome_meta(self.folder)["join_code"])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONUNBUFFERED"] = "1"
    return env


class BoardProcess:
    """``python -m game.desk board``: a board whose matches the computer plays."""

    def __init__(self, folder: Path, desk_url: str, code: str, board: str, pace: float) -> None:
        self.folder = folder
        args = [*python(), "board", "--folder", str(folder), "--desk", desk_url, "--code", code]
        args += ["--board", board, "--name", board.lstrip("b"), "--pace", str(pace)]
        folder.mkdir(parents=True, exist_ok=True)
        self.log = folder.with_suffix(".log")
        self.proc = subprocess.Popen(args, stdout=self.log.open("ab"), stderr=subprocess.STDOUT, env=_env())
        self.board = board

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Link:
    """A TCP forwarder on loopback between one board and the desk; :meth:`cut` stops it (connections
    refused and open ones dropped, as when a cable is pulled), :meth:`restore` brings it back."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.port = free_port()
        self.listener: socket.socket | None = None
        self.conns: list[socket.socket] = []
        self.lock = threading.Lock()
        self.restore()

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def restore(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((HOST, self.port))
        listener.listen(64)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        with self.lock:
            if self.listener is not None:
                with contextlib.suppress(OSError):
                    self.listener.shutdown(socket.SHUT_RDWR)
                self.listener.close()
                self.listener = None
            for c in self.conns:
                with contextlib.suppress(OSError):
                    c.close()
            self.conns.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection((HOST, self.target), timeout=5)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                dst.sendall(data)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                dst.shutdown(socket.SHUT_WR)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an event ended with: the standings, each match's result and record."""

    standings: list[tuple[int, str, int, int]]
    results: dict[str, tuple[str | None, tuple[int, int] | None, str | None]]
    records: dict[str, str]
    winner: str | None


def outcome_meta(folder: Path) -> dict[str, str]:
    with contextlib.closing(sqlite3.connect(folder / DB_FILE)) as db:
        return {str(k): str(v) for k, v in db.execute("SELECT key, value FROM meta")}


def outcome(folder: Path, state: dict[str, Any]) -> Outcome:
    """The event's outcome from the desk's public state and its database (records)."""
    with contextlib.closing(sqlite3.connect(folder / DB_FILE)) as db:
        records = {str(m): str(t) for m, t in db.execute("SELECT match, mat FROM records")}
    return Outcome(
        [(s["rank"], s["name"], s["wins"], s["losses"]) for s in state["standings"]],
        {m["id"]: (m["winner"], tuple(m["score"]) if m["how"] else None, m["how"]) for m in state["matches"]},
        records,
        state["tournament"]["winner"],
    )


def wait_for(check: Any, timeout: float, step: float = 0.2) -> Any:
    """Poll ``check()`` until it returns something true (returned) or ``timeout`` (``TimeoutError``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, ValueError):
            found = check()
            if found:
                return found
        time.sleep(step)
    raise TimeoutError("gave up waiting")


__all__ = [
    "BoardProcess",
    "DeskProcess",
    "Link",
    "Outcome",
    "free_port",
    "get_json",
    "outcome",
    "outcome_meta",
    "wait_for",
]
