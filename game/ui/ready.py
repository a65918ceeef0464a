"""Tells whoever started the game that it is up: systemd's readiness message, ``READY=1``.

Why: a supervisor or a test that starts the game as a process must know when it is running (its
first frame is on the screen and SIGTERM ends it cleanly). Waiting a fixed time instead breaks on a
slow or busy machine: a test that sent SIGTERM two seconds after the start killed a game that was still
starting. The protocol is systemd's (``sd_notify``): one datagram ``READY=1`` to the Unix socket named
by ``NOTIFY_SOCKET``. Without that variable nothing is sent; systemd sets it only for a unit of
``Type=notify`` (the example unit is ``Type=simple`` and does not need it).
"""

from __future__ import annotations

import logging
import os
import socket

log = logging.getLogger(__name__)


def notify_ready() -> bool:
    """Send ``READY=1`` once; returns whether it was sent.

    The variable is removed on the way, as ``sd_notify`` does when asked: processes the game starts
    later (the computer's workers) must not speak for it, and a second call sends nothing.
    """
    address = os.environ.pop("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):  # Linux's abstract namespace, written with a leading @
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.connect(address)
            sock.sendall(b"READY=1")
    except OSError as exc:  # nobody listening any more: the game runs on regardless
        log.warning("could not say READY=1 to %s: %s", address.replace("\0", "@"), exc)
        return False
    return True
