"""The desk on the event's network: HTTP with the standard library's ``ThreadingHTTPServer``.

The standard library's documentation warns that ``http.server`` "is not recommended for production"
and "only implements basic security checks". What the desk adds, because the event's Wi-Fi is shared:

* **Nothing changes without a signature** (:mod:`game.desk.protocol`): ``GET`` only reads (the phone
  page, the public state, a health line); every ``POST`` but the join is signed by a joined board or
  the director, within :data:`~game.desk.protocol.MAX_SKEW` seconds, with a nonce never seen before.
* **Bounded**: a body needs a ``Content-Length`` of at most :data:`~game.desk.protocol.MAX_BODY`
  bytes, read within :data:`READ_SECONDS`; every socket read times out after :data:`SOCKET_TIMEOUT`
  seconds (a slow sender is dropped); the request line and headers keep the standard library's limits
  (65,536 bytes a line, 100 headers); at most :data:`MAX_THREADS` requests are served at once and
  :data:`QUEUE` wait; more get ``503`` at once.
* **Strict**: exact paths, methods and JSON schemas; anything else gets a JSON error with a code and a
  plain message, and a line in the log with the sender's address. A handler's own failure is a ``500``
  for that request only; the tournament is changed only by committed transactions (:mod:`.desk`).
* **Only the local network**: the desk listens on the address it is given (the tests use loopback).

Every answer carries a ``Server-Timing`` header (the W3C header browsers' developer tools show):
``queue`` (milliseconds from the connection being accepted to a worker taking it), ``work`` (from
then to the answer's headers) and ``cpu`` (the worker thread's own CPU time for it). The load
benchmark (:mod:`game.tools.bench_desk`) sets them against the time its clients measure, so that a
slow answer is put down to the desk or to whoever measured it.

HTTP keeps one connection per request (``Connection: close``), so an idle connection holds no thread.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from . import page
from . import protocol as pr
from .desk import Desk

log = logging.getLogger(__name__)

SOCKET_TIMEOUT = 5.0
READ_SECONDS = 10.0
MAX_THREADS = 24
QUEUE = 256

DIRECTOR_ACTIONS = ("move", "withdraw", "reinstate", "correct", "clear", "remove", "code")


class DeskHandler(BaseHTTPRequestHandler):
    server: DeskServer
    timeout = SOCKET_TIMEOUT
    protocol_version = "HTTP/1.0"
    default_request_version = "HTTP/1.0"
    """Even a refused request line gets a status line (the standard library answers HTTP/0.9 without)."""
    server_version = "BackgammonDesk/1"
    sys_version = ""

    # -- answering --------------------------------------------------------------------------------

    def log_message(self, format: str, *args: Any) -> None:
        if log.isEnabledFor(logging.DEBUG):
            log.debug("desk http %s: %s", self.client_address[0], format % args)

    def _send(self, status: int, body: bytes, ctype: str, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        timing = getattr(self.server.timing, "start", None)
        if timing is not None:
            accepted, started, cpu = timing
            now = time.perf_counter()
            self.send_header(
                "Server-Timing",
                f"queue;dur={1000 * (started - accepted):.1f}, work;dur={1000 * (now - started):.1f}, "
                f"cpu;dur={1000 * (time.thread_time() - cpu):.1f}",
            )
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: dict[str, Any]) -> None:
        self._send(status, pr.encode(data), "application/json; charset=utf-8")

    def _error(self, exc: pr.ProtocolError) -> None:
        log.warning(
            "desk refused %s %s from %s: %s (%s)",
            self.command,
            getattr(self, "path", "")[:80],
            self.client_address[0],
            exc.code,
            exc,
        )
        self.server.refused += 1
        self._json(exc.status, {"ok": False, "error": exc.code, "message": str(exc)})

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The standard library's own refusals (bad request line, too long headers) as JSON too."""
        self.close_connection = True
        with contextlib.suppress(OSError):
            self._error(pr.ProtocolError(code, "bad_http", message or "bad request"))

    # -- reading ----------------------------------------------------------------------------------

    def _body(self) -> bytes:
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit() or len(length) > 9:
            raise pr.ProtocolError(411, "no_length", "a request body needs a Content-Length")
        size = int(length)
        if size > pr.MAX_BODY:
            raise pr.ProtocolError(413, "too_large", f"a request body is at most {pr.MAX_BODY} bytes")
        deadline = time.monotonic() + READ_SECONDS
        chunks: list[bytes] = []
        left = size
        while left:
            if time.monotonic() > deadline:
                raise pr.ProtocolError(408, "too_slow", "the body came too slowly")
            chunk = self.rfile.read(min(left, 65536))
            if not chunk:
                raise pr.ProtocolError(400, "short_body", "the body is shorter than its Content-Length")
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def _headers(self) -> dict[str, str | None]:
        return {k: self.headers.get(k) for k in ("X-Board", "X-Time", "X-Nonce", "X-Sig", "X-Proof")}

    # -- methods ----------------------------------------------------------------------------------

    def do_GET(self) -> None:
        try:
            self._get()
        except pr.ProtocolError as exc:
            self._error(exc)
        except Exception:
            log.exception("desk: GET %s failed", self.path[:80])
            self._json(500, {"ok": False, "error": "internal", "message": "the desk failed to answer"})

    do_HEAD = do_GET

    def _get(self) -> None:
        path, _, query = self.path.partition("?")
        desk = self.server.desk
        if path in ("/", "/index.html"):
            lang = (
                query[5:7] if query.startswith("lang=") else desk.tournament.lang if desk.tournament else "en"
            )
            self._send(200, page.page(lang), "text/html; charset=utf-8")
        elif path == "/api/state":
            version, body = desk.snapshot()
            tag = f'"{desk.desk_id}-{version}"'
            if self.headers.get("If-None-Match") == tag:
                self._send(304, b"", "application/json", {"ETag": tag})
            else:
                self._send(200, body, "application/json; charset=utf-8", {"ETag": tag})
        elif path == "/api/health":
            t = desk.tournament
            self._json(
                200,
                {
                    "ok": True,
                    "desk": desk.desk_id,
                    "protocol": pr.PROTOCOL,
                    "event": t.name if t else "",
                    "time": round(desk.clock(), 3),
                },
            )
        else:
            raise pr.ProtocolError(404, "not_found", "there is nothing at this address")

    def do_POST(self) -> None:
        try:
            self._post()
        except pr.ProtocolError as exc:
            self._error(exc)
        except TimeoutError:
            self.close_connection = True
            log.warning("desk: %s timed out", self.client_address[0])
        except Exception:
            log.exception("desk: POST %s failed", self.path[:80])
            self._json(500, {"ok": False, "error": "internal", "message": "the desk failed to answer"})

    def _post(self) -> None:
        path = self.path
        desk = self.server.desk
        known = path in ("/api/join", "/api/next", "/api/report", "/api/live") or (
            path.startswith("/api/director/") and path.rsplit("/", 1)[1] in DIRECTOR_ACTIONS
        )
        if not known:
            raise pr.ProtocolError(404, "not_found", "there is nothing at this address")
        body = self._body()
        if path == "/api/join":
            proof = self.headers.get("X-Proof") or ""
            if len(proof) != 64 or not pr.HEX_RE.match(proof):
                raise pr.ProtocolError(403, "wrong_code", "the join request carries no proof of the code")
            data = pr.check("join", pr.parse_json(body))
            self._json(200, desk.join(data, body, proof))
            return
        signed = desk.authenticate("POST", path, self._headers(), body)
        if path == "/api/next":
            data = pr.check("next", pr.parse_json(body))
            self._require_board(signed)
            if data["protocol"] != pr.PROTOCOL:  # a board of protocol 1 could not open the sealed secret
                raise pr.ProtocolError(400, "protocol", f"this desk speaks protocol {pr.PROTOCOL}")
            self._json(200, desk.next_for(signed.board, signed.nonce))
        elif path == "/api/report":
            data = pr.check("report", pr.parse_json(body))
            self._require_board(signed)
            self._json(200, desk.report(signed.board, data, signed.nonce))
        elif path == "/api/live":
            data = pr.check("live", pr.parse_json(body))
            self._require_board(signed)
            self._json(200, desk.live_from(signed.board, data))
        else:
            if signed.board != pr.DIRECTOR:
                raise pr.ProtocolError(403, "not_director", "only the director can do this")
            self._director(path.rsplit("/", 1)[1], pr.parse_json(body), signed.nonce)

    @staticmethod
    def _require_board(signed: pr.Signed) -> None:
        if signed.board == pr.DIRECTOR:
            raise pr.ProtocolError(403, "not_board", "the director does not play matches")

    def _director(self, action: str, raw: dict[str, Any], nonce: str) -> None:
        desk = self.server.desk
        data = pr.check(action, raw)
        if action == "move":
            desk.move(data["match"], data["board"], nonce)
        elif action == "withdraw":
            desk.withdraw(data["player"], nonce)
        elif action == "reinstate":
            desk.reinstate(data["player"], nonce)
        elif action == "correct":
            desk.correct(data["match"], data["winner"], (data["score"][0], data["score"][1]), nonce)
        elif action == "clear":
            desk.clear(data["match"], nonce)
        elif action == "remove":
            desk.remove_board(data["board"], nonce)
        else:
            desk.change_code(data["code"], nonce)
        self._json(200, {"ok": True})

    # every other method is refused plainly
    def _not_allowed(self) -> None:
        self._error(pr.ProtocolError(405, "method", "only GET and POST are served"))

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _not_allowed


class DeskServer(ThreadingHTTPServer):
    """The desk's HTTP server (see the module docstring); ``serve_forever`` in a thread of its own.

    Why a fixed pool of :data:`MAX_THREADS` worker threads instead of the standard library's thread per
    request: on a Raspberry Pi's budget, starting a thread for each of the phones' polls costs as much
    as answering it, and a pool bounds the threads a flood of connections can make. A connection that
    finds :data:`QUEUE` others waiting is answered ``503`` at once.
    """

    daemon_threads = True
    request_queue_size = 128

    def __init__(self, desk: Desk, address: tuple[str, int]) -> None:
        self.desk = desk
        self.refused = 0
        self.waiting: queue.Queue[tuple[Any, Any, float] | None] = queue.Queue(QUEUE)
        self.timing = threading.local()
        """Each worker's request: (accepted, started, thread CPU at the start), for ``Server-Timing``."""
        super().__init__(address, DeskHandler)
        self.workers = [
            threading.Thread(target=self._work, name=f"desk-worker-{k}", daemon=True)
            for k in range(MAX_THREADS)
        ]
        for w in self.workers:
            w.start()

    def process_request(self, request: Any, client_address: Any) -> None:
        try:
            self.waiting.put_nowait((request, client_address, time.perf_counter()))
        except queue.Full:
            with contextlib.suppress(OSError):
                request.sendall(
                    b"HTTP/1.0 503 Busy\r\nContent-Type: application/json\r\nContent-Length: 57\r\n\r\n"
                    b'{"ok":false,"error":"busy","message":"try again shortly"}'
                )
            self.shutdown_request(request)

    def _work(self) -> None:
        while True:
            item = self.waiting.get()
            if item is None:
                return
            request, address, accepted = item
            self.timing.start = (accepted, time.perf_counter(), time.thread_time())
            try:
                self.finish_request(request, address)
            except Exception:
                self.handle_error(request, address)
            finally:
                self.shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        log.exception("desk: the connection from %s failed", client_address)

    def server_close(self) -> None:
        super().server_close()
        for _ in self.workers:
            with contextlib.suppress(queue.Full):
                self.waiting.put_nowait(None)

    @property
    def port(self) -> int:
        return int(self.server_address[1])


def serve(desk: Desk, host: str = "127.0.0.1", port: int = 0) -> DeskServer:
    """A started server (in a daemon thread); ``server.shutdown()`` stops it."""
    server = DeskServer(desk, (host, port))
    threading.Thread(target=server.serve_forever, name="desk-http", daemon=True).start()
    return server


__all__ = ["MAX_THREADS", "DeskHandler", "DeskServer", "serve"]
