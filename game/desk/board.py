"""A board's side of the desk: joining with the code, an on-disk outbox, and playing on offline.

Why an outbox on disk: a report is the event's record of a game that was played. The board writes
it to its own disk (atomically, flushed) *before* trying to send it, and deletes it only when the
desk has acknowledged it, so neither the desk being away, the network being cut nor the board being
switched off loses it; the report id makes a report sent twice count once. Meanwhile the board plays
on: the match it has is played to its end offline, and its reports go when the desk answers again.

A report the desk refuses for good (the match was moved to another board, or the director decided
it) is moved to ``refused/`` with the desk's reason, never retried and never lost.

Files in the board's folder: ``board.json`` (its id, name, desk address, key), ``current.json``
(the match it plays: the desk's terms, its dice secret sealed as sent, and the record so far),
``outbox/`` and ``refused/``.
No pygame; the board's screen (and the test's computer players) drive :class:`BoardClient`.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import os
import secrets
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.tournament.store import write_atomically

from . import protocol as pr

log = logging.getLogger(__name__)

TIMEOUT = 5.0


class Offline(Exception):
    """The desk did not answer (network cut, desk down); the board carries on and tries again."""


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    data: dict[str, Any]

    @property
    def ok(self) -> bool:
        return self.status == 200 and bool(self.data.get("ok"))


def http_post(url: str, body: bytes, headers: dict[str, str], timeout: float = TIMEOUT) -> Answer:
    """POST ``body`` to ``url``; the desk's JSON answer (errors too), or :class:`Offline`."""
    request = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": "application/json", **headers}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return Answer(response.status, json.loads(response.read() or b"{}"))
    except urllib.error.HTTPError as exc:
        try:
            data = json.loads(exc.read() or b"{}")
        except ValueError:
            data = {}
        if exc.code >= 500:
            raise Offline(f"the desk answered {exc.code}") from exc
        return Answer(exc.code, data if isinstance(data, dict) else {})
    except (OSError, ValueError, http.client.HTTPException) as exc:  # a link cut mid-answer: IncompleteRead
        raise Offline(str(exc)) from exc


class BoardClient:
    """One board's link to the desk (see the module docstring)."""

    def __init__(
        self,
        folder: Path,
        desk_url: str,
        *,
        board: str | None = None,
        name: str = "",
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.folder = folder
        self.clock = clock
        self.outbox = folder / "outbox"
        self.refused = folder / "refused"
        self.outbox.mkdir(parents=True, exist_ok=True)
        self.refused.mkdir(parents=True, exist_ok=True)
        saved = self._read(folder / "board.json") or {}
        self.board: str = board or str(saved.get("board") or f"b{secrets.token_hex(4)}")
        self.name: str = name or str(saved.get("name") or self.board)
        self.desk_url = desk_url.rstrip("/")
        self.key: bytes | None = (
            bytes.fromhex(saved["key"]) if saved.get("key") and saved.get("board") == self.board else None
        )
        self.offset = 0.0
        """Seconds to add to this board's clock to get the desk's (see :meth:`now`)."""
        self.last_error = ""
        """The desk's last refusal or the network's last failure, for the board's screen and the log."""

    # -- files ------------------------------------------------------------------------------------

    @staticmethod
    def _read(path: Path) -> dict[str, Any] | None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            log.error("board: %s is damaged (%s); set aside", path, exc)
            os.replace(path, path.with_suffix(".damaged"))
            return None
        return data if isinstance(data, dict) else None

    def _save(self) -> None:
        assert self.key is not None
        data = {"board": self.board, "name": self.name, "desk": self.desk_url, "key": self.key.hex()}
        write_atomically(self.folder / "board.json", json.dumps(data) + "\n")

    @property
    def joined(self) -> bool:
        return self.key is not None

    # -- joining ------------------------------------------------------------------------------------

    def join(self, code: str, desk_id: str) -> Answer:
        """Join the desk ``desk_id`` (from its health line or discovery) with the join ``code``."""
        jkey = pr.join_key(code, desk_id)
        board_nonce = secrets.token_hex(16)
        body = pr.encode(
            {
                "board": self.board,
                "board_nonce": board_nonce,
                "name": self.name,
                "protocol": pr.PROTOCOL,
                "stamp": self.now(),
            }
        )
        answer = http_post(self.desk_url + "/api/join", body, {"X-Proof": pr.join_proof(jkey, body)})
        if answer.ok:
            self.key = pr.board_key(jkey, self.board, board_nonce)
            self._save()
        else:
            self.last_error = str(answer.data.get("message", answer.status))
        return answer

    def desk_id(self) -> str:
        """The desk's id, asked from its health line (:class:`Offline` if it does not answer); the
        board's clock is set by the desk's on the way (:meth:`now`)."""
        try:
            sent = self.clock()
            with urllib.request.urlopen(self.desk_url + "/api/health", timeout=TIMEOUT) as r:
                data = json.loads(r.read())
            back = self.clock()
            desk_time = float(data["time"])
        except (OSError, ValueError, KeyError, TypeError, http.client.HTTPException) as exc:
            raise Offline(str(exc)) from exc
        self.offset = desk_time - (sent + back) / 2
        return str(data["desk"])

    def now(self) -> int:
        """The time for a request's signature, on the desk's clock: a cabinet at an event often has no
        network time (a Raspberry Pi has no clock of its own), and the desk refuses requests more than
        ``MAX_SKEW`` seconds from its own time."""
        return int(self.clock() + self.offset)

    # -- signed requests ----------------------------------------------------------------------------

    def post(self, path: str, data: dict[str, Any]) -> Answer:
        if self.key is None:
            raise Offline("this board has not joined a desk")
        body = pr.encode(data)
        signed = pr.sign(self.key, "POST", path, self.board, self.now(), body)
        return http_post(self.desk_url + path, body, signed.headers())

    def next_match(self) -> dict[str, Any] | None:
        """The desk's terms for this board's match with its dice secret opened (``secret``, in memory
        only: what is kept on disk is the terms as sent, sealed), or None (wait, or the tournament is
        over); :class:`protocol.SealError` if the secret does not open with this board's key."""
        answer = self.post("/api/next", {"protocol": pr.PROTOCOL})
        if not answer.ok:
            self.last_error = str(answer.data.get("message", answer.status))
            return None
        assignment = answer.data.get("assignment")
        if not isinstance(assignment, dict):
            return None
        return {**assignment, "secret": self.secret(assignment)}

    def secret(self, terms: dict[str, Any]) -> str:
        """The dice secret of the match ``terms`` (as the desk sent them: ``sealed`` with this board's
        key, see :func:`protocol.seal`); :class:`protocol.SealError` if it does not open (sealed for
        another board or with another key, or changed on the way): never a wrong secret."""
        if self.key is None:
            raise pr.SealError("this board has not joined a desk")
        return pr.unseal(self.key, self.board, str(terms.get("match")), terms.get("sealed"))

    # -- the outbox ---------------------------------------------------------------------------------

    def queue(self, report: dict[str, Any]) -> Path:
        """Keep ``report`` on disk (checked against the schema first) until the desk acknowledges it."""
        pr.check("report", report)
        number = max((int(p.name.split("-", 1)[0]) for p in self.outbox.glob("*.json")), default=0) + 1
        path = self.outbox / f"{number:06d}-{report['report_id']}.json"
        write_atomically(path, json.dumps(report) + "\n")
        return path

    def pending(self) -> list[Path]:
        return sorted(self.outbox.glob("*.json"))

    def flush(self) -> int:
        """Send the outbox in order; returns how many are left (:class:`Offline` stops at the first)."""
        for path in self.pending():
            report = self._read(path)
            if report is None:
                continue
            answer = self.post("/api/report", report)
            if answer.ok:
                path.unlink()
                continue
            reason = str(answer.data.get("error", answer.status))
            self.last_error = str(answer.data.get("message", reason))
            if reason == "stale":
                with contextlib.suppress(Offline):
                    self.desk_id()  # the clocks drifted apart: the desk's time again, then retry
            if reason in ("replayed", "stale", "busy"):
                raise Offline(self.last_error)  # try again with a fresh signature later
            log.warning("board %s: the desk refused report %s: %s", self.board, path.name, self.last_error)
            report["refused"] = reason
            write_atomically(self.refused / path.name, json.dumps(report) + "\n")
            path.unlink()
        return len(self.pending())

    def refused_matches(self) -> set[str]:
        """Matches some report of which the desk refused for good (moved elsewhere or decided)."""
        found: set[str] = set()
        for path in self.refused.glob("*.json"):
            data = self._read(path)
            if data is not None:
                found.add(str(data.get("match")))
        return found

    # -- the match in hand --------------------------------------------------------------------------

    def current(self) -> dict[str, Any] | None:
        return self._read(self.folder / "current.json")

    def keep_current(self, terms: dict[str, Any] | None) -> None:
        path = self.folder / "current.json"
        if terms is None:
            path.unlink(missing_ok=True)
        else:
            write_atomically(path, json.dumps(terms) + "\n")


def report_id(match: str, game: int, kind: pr.ReportKind) -> str:
    """A report's id: the same report of the same game always has the same id (idempotence)."""
    return f"{match}_{kind.value}_{game}"


__all__ = ["Answer", "BoardClient", "Offline", "http_post", "report_id"]
