"""Boards find desks by themselves (mDNS / DNS-SD, ``game.desk.discovery``): a desk announced on this
machine is found by a board browsing for it, for real, on loopback, and joined at the address found;
and where multicast is refused or the package is missing, nothing breaks and nothing waits: the board
says so and typing the address works. The tests keep to loopback (``BACKGAMMON_DESK_NETWORK``, set
for the whole suite in ``tests/conftest.py``): nothing they send leaves this machine."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from game.desk import discovery, service
from game.desk.board import BoardClient
from game.desk.discovery import Announcer, Finder
from game.i18n import tr
from game.session import settings as st
from game.ui.app import App, Launch
from game.ui.desk import BoardScene
from tests.helpers.ui_driver import click

NAMES = ["Anna", "Ben", "Cecil", "Dora"]
LOOPBACK = "127.0.0.1"


def _skip_if_the_os_refuses_multicast(*parts: Announcer | Finder) -> None:
    """The one reason to skip: the operating system refused the multicast socket (a container without
    multicast on loopback). A missing package or any other failure fails the test."""
    for part in parts:
        if isinstance(part.failure, OSError):
            pytest.skip(f"the OS refuses multicast on loopback here: {part.failure}")


def _wait(done: object, seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while (time.monotonic() < end and not callable(done)) or (callable(done) and not done()):
        if time.monotonic() > end:
            return
        time.sleep(0.05)


def test_a_board_finds_a_desk_announced_on_this_machine_and_joins_it_there(tmp_path: Path) -> None:
    desk = service.start(tmp_path / "desk", LOOPBACK, 0)
    desk.desk.create(NAMES, lengths=[1], name="Club night. Friday")
    announcer = desk.announce()
    finder = Finder(LOOPBACK)
    finder.start()

    # Other desks may be announced on this machine meanwhile (another test process's): only this
    # test's desk, known by its id, is looked for.
    def mine() -> list[discovery.FoundDesk]:
        return [f for f in finder.found() if f.desk == desk.desk.desk_id]

    try:
        _wait(lambda: bool(mine()) or finder.failure is not None or announcer.failure is not None)
        _skip_if_the_os_refuses_multicast(announcer, finder)
        assert announcer.problem == "" and finder.problem == ""
        found = mine()
        assert len(found) == 1, "the desk announced on loopback was not found within 15 s"
        assert found[0].url == desk.url.rstrip("/")
        assert found[0].event == "Club night. Friday"
        board = BoardClient(tmp_path / "b1", found[0].url, board="b1", name="1")
        assert board.join(desk.desk.join_code, found[0].desk).ok
        assert board.next_match() is not None
        service.stop()  # the desk says goodbye: it leaves the board's list
        _wait(lambda: not mine(), 10.0)
        assert mine() == []
    finally:
        finder.close()


@pytest.mark.parametrize(
    "failure",
    [OSError(1, "Operation not permitted"), ImportError("No module named 'zeroconf'")],
    ids=["multicast-refused", "no-package"],
)
def test_without_multicast_or_the_package_nothing_breaks_and_the_board_says_type_the_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: Exception
) -> None:
    def refuse(address: str | None) -> None:
        raise failure

    monkeypatch.setattr(discovery, "_zeroconf", refuse)
    desk = service.start(tmp_path / "desk", LOOPBACK, 0)
    desk.desk.create(NAMES, lengths=[1])
    announcer = desk.announce()
    finder = service.find_desks()
    _wait(lambda: finder.started.is_set() and announcer.failure is not None, 5.0)
    assert finder.found() == [] and finder.failure is failure and announcer.failure is failure
    assert finder.problem and announcer.problem
    app = App(st.Settings(operator_code="2468"), Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    board = BoardScene(app)
    app.scenes.push(board)
    assert board.search_words() == tr("desk.board.none_found")  # at once: no waiting for nothing
    app.draw(0.0)
    board.address, board.code, board.number = desk.url[len("http://") :], desk.desk.join_code, "1"
    board.join()  # typing the address still works
    _wait(lambda: board.link is not None and board.link.status.joined, 10.0)
    assert board.link is not None and board.link.status.joined


def test_the_join_screen_lists_the_desk_found_and_a_tap_fills_its_address(tmp_path: Path) -> None:
    desk = service.start(tmp_path / "desk", LOOPBACK, 0)
    desk.desk.create(NAMES, lengths=[1], name="Club night")
    announcer = desk.announce()
    app = App(st.Settings(operator_code="2468"), Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    app.step(1 / 60)
    assert app.kiosk is not None
    app.kiosk.mode = app.kiosk.mode.OPERATOR
    board = BoardScene(app)
    app.scenes.push(board)
    assert board.finder is not None
    label = tr("desk.board.found_desk", event="Club night", address=desk.url[len("http://") :].rstrip("/"))
    end = time.monotonic() + 15
    while time.monotonic() < end and not any(b.label == label for b in board.buttons.buttons):
        app.step(1 / 60)
        _skip_if_the_os_refuses_multicast(announcer, board.finder)
        time.sleep(0.02)
    app.draw(0.0)
    target = next(b for b in board.buttons.buttons if b.label == label)
    click(app, target.rect.center)
    app.step(1 / 60)
    assert board.address == desk.url[len("http://") :].rstrip("/")
    assert board.search_words() == tr("desk.board.found")
    board.code, board.number = desk.desk.join_code, "2"
    board.join()
    end = time.monotonic() + 10
    while time.monotonic() < end and not (board.link is not None and board.link.status.joined):
        app.step(1 / 60)
        time.sleep(0.02)
    assert board.link is not None and board.link.status.joined
    app.step(1 / 60)
    assert board.finder is None and service._finders == []  # joined: the search has ended
