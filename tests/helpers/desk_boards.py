"""A desk on loopback and boards that play their matches through the outbox, for the desk's tests."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.desk.board import BoardClient
from game.desk.desk import Desk
from game.desk.play import MatchPlay
from game.desk.server import DeskServer, serve

NAMES = ["Anna", "Ben", "Cecil", "Dora", "Eve", "Fay", "Gus", "Hal"]
CODE = "CORE2345"


@contextlib.contextmanager
def running(
    folder: Path, create: bool = True, lengths: tuple[int, ...] = (3,), dice_seed: str = "fuzz-2"
) -> Iterator[tuple[Desk, DeskServer, str]]:
    """A desk of :data:`NAMES` on loopback (``dice_seed`` "": fresh dice secrets), its server and URL."""
    desk = Desk(folder)
    if create:
        desk.create(NAMES, lengths=list(lengths), date="2026.12.07", dice_seed=dice_seed)
        desk.change_code(CODE)
    server = serve(desk)
    try:
        yield desk, server, f"http://127.0.0.1:{server.port}"
    finally:
        server.shutdown()
        server.server_close()
        desk.close()


def joined(tmp: Path, url: str, desk: Desk, board: str) -> BoardClient:
    client = BoardClient(tmp / board, url, board=board, name=board[1:])
    assert client.join(CODE, desk.desk_id).ok
    return client


def game_report(
    terms: dict[str, Any], so_far: str | None = None, parts: tuple[str, str] | None = None
) -> dict[str, Any]:
    """The report of the next game of the match ``terms`` after ``so_far``, played by the computer
    (``parts``: the players' digits for the dice given at its start, as on a board where people play)."""
    names = (str(terms["names"][0]), str(terms["names"][1]))
    play = MatchPlay(
        terms["match"], names, terms["length"], terms["secret"], date=terms["date"], so_far=so_far
    )
    if parts is not None and so_far is None:
        play.dice.take_contributions(parts)
    play.play_game()
    return play.report()


def play_out(client: BoardClient) -> dict[str, Any]:
    """Play the board's match to its end through the outbox; the last report."""
    terms = client.next_match()
    assert terms is not None
    so_far = terms["so_far"] or None
    while True:
        report = game_report(terms, so_far)
        client.queue(report)
        assert client.flush() == 0
        so_far = report["mat"]
        if report["kind"] == "result":
            return report
