"""The desk and the board as the game's screens run them: in background threads of the game's process.

Why here: the screens (``game.ui.desk``) must never wait on the network or a disk, and must not know
HTTP. :class:`DeskService` runs the desk's server (started from the operator menu, kept while the
game runs); :class:`BoardLink` does a board's network work (join, ask the next match, send the
outbox) in a thread and keeps what the screen shows (:attr:`BoardLink.status`).
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.tournament import Tournament

from . import protocol as pr
from .board import BoardClient, Offline
from .desk import Desk
from .discovery import Announcer, Finder, network
from .server import DeskServer, serve

PORT = 8470
"""The desk's port when none is typed with the address."""


def own_address() -> str:
    """This machine's address on its network as others reach it (no packet is sent: connecting a UDP
    socket only picks the route); loopback when there is no network."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        return str(s.getsockname()[0])
    return "127.0.0.1"


class DeskService:
    """The desk of this machine: its database under ``folder``, its server on ``host``:``port``."""

    def __init__(self, folder: Path, host: str = "0.0.0.0", port: int = PORT) -> None:
        self.desk = Desk(folder)
        self.server: DeskServer = serve(self.desk, host, port)
        self.host = host
        shown = own_address() if host == "0.0.0.0" else host
        self.address = shown
        self.url = f"http://{shown}:{self.server.port}/"
        self.announcer: Announcer | None = None

    def announce(self) -> Announcer:
        """Announce this desk on the network (mDNS / DNS-SD, in the background; once): on the
        interface it serves, or every one when it serves all (``BACKGAMMON_DESK_NETWORK`` keeps it to
        one). Boards find it by itself; a failure is only logged and shown (``Announcer.problem``)."""
        if self.announcer is None:
            t = self.desk.tournament
            interface = network() if self.host == "0.0.0.0" else self.host
            self.announcer = Announcer(
                self.desk.desk_id, t.name if t is not None else "", self.address, self.server.port, interface
            )
            self.announcer.start()
        return self.announcer

    def adopt(self, tournament: Tournament) -> None:
        """Run ``t`` (the cabinet's tournament, not begun) at this desk: its players in its order (the
        same draw), its format, lengths and house rules."""
        self.desk.create(
            [p.name for p in tournament.players],
            tournament.format,
            list(tournament.lengths),
            name=tournament.name,
            consolation=tournament.consolation,
            rounds=tournament.rounds if tournament.format == "swiss" else None,
            house=dict(tournament.house),
        )

    def stop(self) -> None:
        if self.announcer is not None:  # its goodbye takes a moment on the network: not the screen's
            threading.Thread(target=self.announcer.close, name="desk-goodbye", daemon=True).start()
        self.server.shutdown()
        self.server.server_close()
        self.desk.close()


_running: list[DeskService] = []


def running() -> DeskService | None:
    return _running[0] if _running else None


def start(folder: Path, host: str = "0.0.0.0", port: int = PORT) -> DeskService:
    """The desk of this game (started once; ``OSError`` if the port is taken)."""
    if not _running:
        _running.append(DeskService(folder, host, port))
    return _running[0]


def stop() -> None:
    if _running:
        _running.pop().stop()


_finders: list[Finder] = []


def find_desks() -> Finder:
    """This game's search for desks on the network (started once, in the background, until
    :func:`stop_finding`): the board's join screen lists what it finds."""
    if not _finders:
        _finders.append(Finder(network()))
        _finders[0].start()
    return _finders[0]


def stop_finding() -> None:
    if _finders:
        _finders.pop().close()


def desk_url(typed: str) -> str:
    """The desk's address as typed at a board ("192.168.1.20", "desk.local:8470", or a whole URL)."""
    text = typed.strip().rstrip("/")
    if not text.startswith("http://"):
        text = "http://" + text
    host = text[len("http://") :]
    if ":" not in host.rsplit("]", 1)[-1]:
        text += f":{PORT}"
    return text


@dataclass(slots=True)
class BoardStatus:
    """What the board's screen shows."""

    joined: bool = False
    busy: bool = False
    error: str = ""
    match: dict[str, Any] | None = None
    waiting: int = 0
    finished: bool = False


class BoardLink:
    """A board's network work in a thread (see the module docstring)."""

    def __init__(self, folder: Path, url: str, board: str, name: str) -> None:
        self.client = BoardClient(folder, url, board=board, name=name)
        self.status = BoardStatus(joined=self.client.joined, waiting=len(self.client.pending()))
        self.lock = threading.Lock()
        self.again = False
        self.synced = False
        self.beat: tuple[dict[str, Any], float] | None = None
        """The last sign of life of the match played here (the "live" body) and when it was true
        (monotonic); None while no match is played."""
        self.wake = threading.Event()
        self.closed = threading.Event()
        self.beater: threading.Thread | None = None
        self.beats_sent = 0

    def _run(self, work: Any, soon: bool = False) -> None:
        with self.lock:
            if self.status.busy:
                self.again = self.again or soon  # a report was queued meanwhile: go again after this
                return
            self.status.busy = True

        def go() -> None:
            try:
                work()
                self.status.error = ""
            except Offline as exc:
                self.status.error = str(exc) or "offline"
            finally:
                self.status.waiting = len(self.client.pending())
                with self.lock:
                    self.status.busy = False
                    again, self.again = self.again, False
                if again:
                    self.refresh()

        threading.Thread(target=go, name="board-link", daemon=True).start()

    def join(self, code: str) -> None:
        def work() -> None:
            answer = self.client.join(code, self.client.desk_id())
            self.status.joined = answer.ok
            if not answer.ok:
                raise Offline(str(answer.data.get("message", answer.status)))

        self._run(work)

    def refresh(self, soon: bool = False) -> None:
        """Send the outbox and ask the desk for this board's match (``soon``: a report was just queued,
        so if a call is under way, another follows it)."""

        def work() -> None:
            if not self.synced:
                self.client.desk_id()  # the desk's clock, for the signatures
                self.synced = True
            with contextlib.suppress(Offline):
                self.client.flush()
            answer = self.client.post("/api/next", {"protocol": pr.PROTOCOL})
            if not answer.ok:
                raise Offline(str(answer.data.get("message", answer.status)))
            terms = answer.data.get("assignment")
            self.status.match = terms if isinstance(terms, dict) else None
            self.status.finished = bool(answer.data.get("finished"))

        self._run(work, soon)

    def live(self, beat: dict[str, Any] | None) -> None:
        """The match played here as it is now (``beat``: the "live" body, with the match clock if one
        runs), for the desk's screen: sent at once by a thread of its own (never in the way of the
        reports, never waited for), then again every ``protocol.LIVE_EVERY`` seconds while nothing
        newer comes, so a board where people think is not called silent. None: no match here now."""
        with self.lock:
            self.beat = None if beat is None else (dict(beat), time.monotonic())
        if beat is None or self.closed.is_set():
            return
        self.wake.set()
        if self.beater is None:
            self.beater = threading.Thread(target=self._beats, name="board-live", daemon=True)
            self.beater.start()

    def _beats(self) -> None:
        while not self.closed.is_set():
            self.wake.wait(pr.LIVE_EVERY)
            self.wake.clear()
            with self.lock:
                beat = self.beat
            if self.closed.is_set() or beat is None or not self.status.joined:
                continue
            body, at = beat
            running, banks = body.get("running"), body.get("banks")
            if running in (0, 1) and isinstance(banks, list):  # the running clock, counted down since
                banks = list(banks)
                banks[running] = max(0, banks[running] - int(time.monotonic() - at))
                body = {**body, "banks": banks}
            with contextlib.suppress(Offline):
                if self.client.post("/api/live", body).ok:
                    self.beats_sent += 1
            self.closed.wait(BEAT_GAP)  # a burst of moves gives one sign of life, not one each

    def close(self) -> None:
        """This link is no longer the game's: its thread of signs of life ends."""
        self.closed.set()
        self.wake.set()


BEAT_GAP = 2.0
"""Seconds at least between two signs of life (a burst of moves and rolls gives one)."""


_boards: list[BoardLink] = []


def board_link() -> BoardLink | None:
    """This game's link to a desk, once a board joined (kept while the game runs)."""
    return _boards[0] if _boards else None


def forget_board_link() -> None:
    """This game no longer a board of any desk (its outbox stays on disk for the next link)."""
    for link in _boards:
        link.close()
    _boards.clear()


def new_board_link(folder: Path, url: str, board: str, name: str) -> BoardLink:
    forget_board_link()
    _boards.append(BoardLink(folder, url, board, name))
    return _boards[0]


__all__ = [
    "BEAT_GAP",
    "PORT",
    "BoardLink",
    "BoardStatus",
    "DeskService",
    "desk_url",
    "find_desks",
    "forget_board_link",
    "own_address",
    "running",
    "start",
    "stop",
    "stop_finding",
]
