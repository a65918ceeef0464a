"""The desk's database: one SQLite file in WAL mode, every acknowledged change in one transaction.

Why SQLite: it is in the standard library, it is the most tested storage engine there is, and its
transactions are atomic and durable across a crash or a power cut when the write-ahead log is synced
at each commit (``journal_mode=WAL`` with ``synchronous=FULL``). The desk answers a board only after
the commit returns, so whatever a board was told is kept survives a ``kill -9`` or a pulled plug.

Tables: ``meta`` (the desk's settings and the tournament itself as JSON, without its records),
``boards`` (joined boards and their keys), ``assignments`` (which board plays which match),
``reports`` (every report id taken, for idempotence), ``games`` (each match's last reported record,
from which a moved match resumes), ``banks`` (the match clock's banks at that report, when the board
ran a clock), ``records`` (finished matches' .mat texts), ``secrets`` (each
match's dice secret), ``nonces`` (signed requests already seen) and ``audit`` (who changed what).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS boards (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL, removed INTEGER NOT NULL DEFAULT 0,
    joined REAL NOT NULL);
CREATE TABLE IF NOT EXISTS assignments (match TEXT PRIMARY KEY, board TEXT NOT NULL, since REAL NOT NULL);
CREATE TABLE IF NOT EXISTS reports (
    board TEXT NOT NULL, report_id TEXT NOT NULL, match TEXT NOT NULL, kind TEXT NOT NULL,
    digest TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (board, report_id));
CREATE TABLE IF NOT EXISTS games (
    match TEXT PRIMARY KEY, game INTEGER NOT NULL, score0 INTEGER NOT NULL, score1 INTEGER NOT NULL,
    mat TEXT NOT NULL, board TEXT NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS records (match TEXT PRIMARY KEY, mat TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS banks (match TEXT PRIMARY KEY, bank0 INTEGER NOT NULL, bank1 INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS secrets (match TEXT PRIMARY KEY, secret TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS nonces (nonce TEXT PRIMARY KEY, stamp INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT, at REAL NOT NULL, who TEXT NOT NULL, what TEXT NOT NULL);
"""


def private(path: Path) -> None:
    """The database readable by the desk's user only, made so before SQLite opens it (its ``-wal``
    and ``-shm`` files take the database's mode): it holds each match's dice secret while the match
    is played, and the boards' keys, so another user of the machine must not read it (issue 37)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    os.chmod(path, 0o600)  # a database made before this rule, or under a permissive umask


class Store:
    """The open database; :meth:`transaction` is the only way to change it."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        private(path)
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.conn.executescript(SCHEMA)
        self.lock = threading.RLock()
        """Held around every read and transaction: one connection serves every thread in turn."""

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on any exception, which then propagates)."""
        with self.lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            self.conn.execute("COMMIT")

    def get(self, key: str) -> str | None:
        with self.lock:
            row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        with self.lock:
            return [tuple(r) for r in self.conn.execute(sql, params).fetchall()]

    def close(self) -> None:
        with self.lock:
            self.conn.close()


def put(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))


__all__ = ["SCHEMA", "Store", "put"]
