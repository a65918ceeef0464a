"""The phone page in a real browser following a change: headless Chromium driven over its DevTools
protocol (a WebSocket, spoken here with the standard library only), on loopback.

``python -m game.tools.desk_page_browser OUT_DIR [--chromium chromium] [--size 360x740]``

Starts a desk mid-round (as :mod:`game.tools.desk_page_shots`), opens the page in Chromium, waits until
it shows board 3's live score, then has board 3 report its next game and measures how long the page
takes to show the new score by itself (the page polls every few seconds). Saves a screenshot before and
after and prints the time.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import secrets
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from game.desk.board import BoardClient
from game.desk.desk import Desk
from game.desk.harness import free_port, wait_for
from game.desk.server import serve
from game.tools.desk_page_shots import play, sample_desk


class DevTools:
    """A minimal WebSocket client (RFC 6455: text frames, client masking) for one DevTools target."""

    def __init__(self, ws_url: str) -> None:
        rest = ws_url[len("ws://") :]
        hostport, path = rest.split("/", 1)
        host, port = hostport.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=20)
        key = base64.b64encode(secrets.token_bytes(16)).decode()
        request = (
            f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise OSError("the browser closed the connection")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise OSError(f"no WebSocket: {head[:80]!r}")
        self.next_id = 0

    def _send(self, text: str) -> None:
        data = text.encode()
        mask = secrets.token_bytes(4)
        n = len(data)
        header = bytes([0x81])
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        masked = bytes(b ^ mask[k % 4] for k, b in enumerate(data))
        self.sock.sendall(header + mask + masked)

    def _exact(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise OSError("the browser closed the connection")
            out += chunk
        return out

    def _receive(self) -> str:
        parts = b""
        while True:
            first, second = self._exact(2)
            n = second & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exact(8))[0]
            parts += self._exact(n)
            if first & 0x80:
                return parts.decode()

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        self._send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self._receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise OSError(str(message["error"]))
                result = message.get("result", {})
                return result if isinstance(result, dict) else {}

    def text(self, element: str) -> str:
        found = self.call("Runtime.evaluate", expression=f"document.getElementById('{element}').textContent")
        return str(found.get("result", {}).get("value", ""))

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


def _page_target(port: int) -> dict[str, Any] | None:
    """The browser's page target (its DevTools WebSocket address), once it is up."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2) as r:
        listing = json.loads(r.read())
    pages = [t for t in listing if isinstance(t, dict) and t.get("type") == "page"]
    return pages[0] if pages else None


def live_score(desk: Desk, board: str) -> str:
    """The score of the match board ``board`` (its name) plays, as the page writes it ("1 - 0")."""
    playing = [m for m in desk.state()["matches"] if m["board"] == board]
    if not playing:
        raise RuntimeError(f"board {board} plays no match: its first game ended it")
    s0, s1 = playing[0]["score"]
    return f"{s0} - {s1}"


def follow(out: Path, chromium: str = "chromium", size: tuple[int, int] = (360, 740)) -> float:
    """Seconds the page took to show a reported game by itself (see the module docstring)."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="desk_browser") as tmp:
        desk, _ = sample_desk(Path(tmp))
        server = serve(desk)
        url = f"http://127.0.0.1:{server.port}"
        clients = []
        for k, games in ((1, None), (2, None), (3, 1)):
            client = BoardClient(Path(tmp) / f"b{k}", url, board=f"b{k}", name=str(k))
            assert client.join("SHOT2345", desk.desk_id).ok
            play(client, games)
            clients.append(client)
        port = free_port()
        browser = subprocess.Popen(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                f"--remote-debugging-port={port}",
                "--remote-debugging-address=127.0.0.1",
                f"--user-data-dir={tmp}/profile",
                f"--window-size={size[0]},{size[1]}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ},
        )
        tools: DevTools | None = None
        try:
            page = wait_for(lambda: _page_target(port), 30)
            tools = DevTools(page["webSocketDebuggerUrl"])
            tools.call("Page.enable")
            tools.call(
                "Emulation.setDeviceMetricsOverride",
                width=size[0],
                height=size[1],
                deviceScaleFactor=1,
                mobile=size[0] < 600,
            )
            tools.call("Page.navigate", url=f"{url}/#Dora")
            live = live_score(desk, "3")
            wait_for(lambda: live in tools.text("playing") if tools else False, 30, 0.1)
            before = tools.text("playing")
            tools.screenshot(out / f"follow-before-{size[0]}x{size[1]}.png")
            play(clients[2], 1)  # board 3 reports its next game
            reported = time.monotonic()
            wait_for(lambda: tools.text("playing") != before if tools else False, 30, 0.05)
            took = time.monotonic() - reported
            tools.screenshot(out / f"follow-after-{size[0]}x{size[1]}.png")
        finally:
            if tools is not None:
                tools.close()
            browser.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                browser.wait(10)
            server.shutdown()
            server.server_close()
            desk.close()
    return took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.desk_page_browser", description=__doc__.split("\n")[0]
    )
    parser.add_argument("out", type=Path)
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--size", default="360x740")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    took = follow(args.out, args.chromium, (width, height))
    print(f"the page showed the new score {took:.2f} s after the board's report")
    return 0


if __name__ == "__main__":
    sys.exit(main())
