"""Desks found on the event's network by themselves: DNS-SD over multicast DNS (mDNS), the way
printers and media players are found.

The desk announces a service of type :data:`SERVICE_TYPE` with its address, port, id and event name
(:class:`Announcer`); a board's join screen browses for that type and lists what answers
(:class:`Finder`); typing the address works as before and always will.

Why ``zeroconf`` (python-zeroconf, LGPL-2.1-or-later, with its one dependency ``ifaddr``): it is pure Python
(compiled speed-ups are optional; wheels exist for the Raspberry Pi's ARM) and implements what a small
own version would get wrong on some network: probing and name conflicts (two desks at one venue),
several interfaces, answers cached and expired, goodbyes. It is optional (the ``desk`` extra): without
it, or when the network refuses multicast (a guest Wi-Fi that isolates clients, a machine without a
network), nothing crashes and nothing waits: :attr:`Finder.problem` / :attr:`Announcer.problem` say
why, and the board's screen says "no desk found, type its address".

Every call into zeroconf runs in a thread of its own (starting one probes the network for about two
seconds), and every failure of it is caught and logged: multicast is a convenience, never a way to
stop the game.

``BACKGAMMON_DESK_NETWORK`` (an address of this machine) keeps the desk's server, its announcement and
a board's search on one network interface (a laptop on the venue's Wi-Fi and the event's network;
the tests, on loopback). No pygame here.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import protocol as pr

if TYPE_CHECKING:
    from zeroconf import Zeroconf

log = logging.getLogger(__name__)

SERVICE_TYPE = pr.SERVICE_TYPE
NETWORK_ENV = "BACKGAMMON_DESK_NETWORK"


def network() -> str | None:
    """The one interface address the desk's network is kept to (``BACKGAMMON_DESK_NETWORK``), or None
    for every network of this machine."""
    return os.environ.get(NETWORK_ENV) or None


def _zeroconf(address: str | None) -> Zeroconf:
    """A zeroconf instance on ``address``'s interface (None: all), IPv4. ``ImportError`` without the
    package; ``OSError`` (or zeroconf's own errors) when the system refuses multicast."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    interfaces: Any = [address] if address else InterfaceChoice.All
    return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


def _why(exc: BaseException) -> str:
    if isinstance(exc, ImportError):
        return "the zeroconf package is not installed"
    return f"{type(exc).__name__}: {exc}"[:200]


@dataclass(frozen=True, slots=True)
class FoundDesk:
    """A desk that answered: its event's name, its address for the board (``http://A.B.C.D:PORT``) and id."""

    event: str
    url: str
    desk: str

    @property
    def address(self) -> str:
        """What a person would type: "192.168.1.20:8470"."""
        return self.url[len("http://") :]


class Announcer:
    """The desk's announcement on the network, from :meth:`start` until :meth:`close`."""

    def __init__(self, desk_id: str, event: str, address: str, port: int, interface: str | None) -> None:
        self.desk_id = desk_id
        self.event = event
        self.address = address
        self.port = port
        self.interface = interface
        self.problem = ""
        """Why the desk could not be announced ("" when it is, or not yet tried)."""
        self.failure: BaseException | None = None
        self.announced = threading.Event()
        self._lock = threading.Lock()
        self._zc: Zeroconf | None = None
        self._info: Any = None
        self._closed = False

    def start(self) -> None:
        threading.Thread(target=self._run, name="desk-announce", daemon=True).start()

    def _run(self) -> None:
        try:
            from zeroconf import ServiceInfo

            instance = " ".join(self.event.replace(".", " ").split())[:40] or "Backgammon"
            info = ServiceInfo(
                SERVICE_TYPE,
                f"{instance} {self.desk_id[:4]}.{SERVICE_TYPE}",
                port=self.port,
                addresses=[socket.inet_aton(self.address)],
                properties={"desk": self.desk_id, "event": self.event[:100], "protocol": str(pr.PROTOCOL)},
                server=f"backgammon-desk-{self.desk_id[:8]}.local.",
            )
            zc = _zeroconf(self.interface)
            with self._lock:
                if self._closed:
                    zc.close()
                    return
                self._zc, self._info = zc, info
            zc.register_service(info, allow_name_change=True)
            self.announced.set()
            log.info("desk: announced as %s on %s:%s", info.name, self.address, self.port)
        except Exception as exc:  # multicast refused, no network, no package: the address still works
            self.problem, self.failure = _why(exc), exc
            log.warning("desk: not announced on the network (%s); boards type the address", self.problem)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zc, info = self._zc, self._info
            self._zc = None
        if zc is None:
            return
        try:
            if self.announced.is_set():
                zc.unregister_service(info)
            zc.close()
        except Exception as exc:  # the network went away meanwhile
            log.warning("desk: the announcement did not close cleanly: %s", _why(exc))


class Finder:
    """A board's search for desks, from :meth:`start` until :meth:`close`: :meth:`found` lists the
    desks that answered; :attr:`problem` says why none can (multicast refused, no package)."""

    def __init__(self, interface: str | None = None) -> None:
        self.interface = interface
        self.problem = ""
        self.failure: BaseException | None = None
        self.started = threading.Event()
        self._found: dict[str, FoundDesk] = {}
        self._lock = threading.Lock()
        self._zc: Zeroconf | None = None
        self._browser: Any = None
        self._closed = False

    def start(self) -> None:
        threading.Thread(target=self._run, name="desk-find", daemon=True).start()

    def _run(self) -> None:
        try:
            from zeroconf import ServiceBrowser

            zc = _zeroconf(self.interface)
            with self._lock:
                if self._closed:
                    zc.close()
                    return
                self._zc = zc
            self._browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[self._changed])
        except Exception as exc:
            self.problem, self.failure = _why(exc), exc
            log.warning("board: cannot look for desks on the network (%s)", self.problem)
        finally:
            self.started.set()

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: Any) -> None:
        """zeroconf's browser thread: a desk appeared, changed or left."""
        from zeroconf import IPVersion, ServiceStateChange

        try:
            if state_change is ServiceStateChange.Removed:
                with self._lock:
                    self._found.pop(name, None)
                return
            info = zeroconf.get_service_info(service_type, name, timeout=3000)
            if info is None:
                return
            addresses = info.parsed_addresses(IPVersion.V4Only)
            props = {
                k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
                for k, v in info.properties.items()
            }
            if not addresses or not info.port or props.get("protocol") != str(pr.PROTOCOL):
                return
            desk = FoundDesk(
                props.get("event", "") or name, f"http://{addresses[0]}:{info.port}", props.get("desk", "")
            )
            with self._lock:
                if not self._closed:
                    self._found[name] = desk
        except Exception as exc:  # one odd answer costs only itself
            log.warning("board: a desk's answer could not be read: %s", _why(exc))

    def found(self) -> list[FoundDesk]:
        with self._lock:
            return sorted(self._found.values(), key=lambda d: (d.event, d.url))

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zc, browser = self._zc, self._browser
            self._zc = self._browser = None
        try:
            if browser is not None:
                browser.cancel()
            if zc is not None:
                zc.close()
        except Exception as exc:
            log.warning("board: the search for desks did not close cleanly: %s", _why(exc))


__all__ = ["NETWORK_ENV", "SERVICE_TYPE", "Announcer", "Finder", "FoundDesk", "network"]
