"""The game says READY=1 (systemd's readiness message) once its loop runs, so that whoever started it
(a supervisor, a test) waits for that instead of guessing how long a start takes."""

from __future__ import annotations

import logging
import os
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui import loop
from game.ui.ready import notify_ready
from game.ui.scenes.title import TitleScene
from tests.helpers.ui_driver import close_screen, make_app


@pytest.fixture()
def listener() -> Iterator[tuple[socket.socket, str]]:
    """A datagram socket like systemd's, and its address; waits for nothing (the tests read at once)."""
    folder = Path(tempfile.mkdtemp(prefix="bg-"))  # a socket's path must be short
    address = str(folder / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(address)
        sock.setblocking(False)
        yield sock, address
    os.unlink(address)
    folder.rmdir()


def _received(sock: socket.socket) -> list[bytes]:
    out = []
    while True:
        try:
            out.append(sock.recv(4096))
        except BlockingIOError:
            return out


def test_without_a_socket_nothing_is_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert notify_ready() is False


def test_ready_is_said_once_and_not_passed_on(
    listener: tuple[socket.socket, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sock, address = listener
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    assert notify_ready() is True
    assert "NOTIFY_SOCKET" not in os.environ  # the computer's worker processes must not speak for the game
    assert notify_ready() is False
    assert _received(sock) == [b"READY=1"]


def test_an_abstract_address_is_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"backgammon-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.setblocking(False)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        assert notify_ready() is True
        assert _received(sock) == [b"READY=1"]


def test_nobody_listening_is_logged_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "gone"))
    with caplog.at_level(logging.WARNING, logger="game.ui.ready"):
        assert notify_ready() is False
    assert "READY=1" in caplog.text and "gone" in caplog.text


def test_the_loop_says_ready_after_its_first_pass(
    listener: tuple[socket.socket, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sock, address = listener
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    app = make_app()
    try:
        app.scenes.reset(TitleScene(app))
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # the first pass handles it and stops
        assert loop.run(app) == 0 and not app.running
    finally:
        close_screen()
    assert _received(sock) == [b"READY=1"]
