"""Issue 37 meets issue 35: a match's dice secret never crosses the desk's plain HTTP in the clear.

The desk seals it in the match's terms with the key the board and the desk derive on their own sides
(``protocol.seal``); the board opens it (``BoardClient.secret``); a wrong key, another board, another
match or a changed byte is an error, never other dice."""

from __future__ import annotations

import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from game.desk import protocol as pr
from game.desk.robot import Robot
from game.desk.server import DeskHandler
from game.record import check_dice, read_mat
from tests.helpers.desk_boards import CODE, game_report, joined, play_out, running

SECRET = "00112233445566778899aabbccddeeff"


def test_a_sealed_secret_opens_only_with_its_key_board_and_match() -> None:
    key, other = os.urandom(32), os.urandom(32)
    sealed = pr.seal(key, "b1", "R1-1", SECRET)
    assert pr.check("sealed", sealed) is sealed
    assert SECRET not in str(sealed) and SECRET.encode().hex() not in str(sealed)
    assert pr.unseal(key, "b1", "R1-1", sealed) == SECRET
    again = pr.seal(key, "b1", "R1-1", SECRET)
    assert again["nonce"] != sealed["nonce"] and again["box"] != sealed["box"]  # fresh every time
    wrong: list[tuple[bytes, str, str, Any]] = [
        (other, "b1", "R1-1", sealed),  # another key (the board joined again, or a stranger)
        (key, "b2", "R1-1", sealed),  # sealed for another board
        (key, "b1", "R1-2", sealed),  # sealed for another match
        (key, "b1", "R1-1", {**sealed, "box": f"{int(sealed['box'][:2], 16) ^ 1:02x}" + sealed["box"][2:]}),
        (key, "b1", "R1-1", {**sealed, "nonce": again["nonce"]}),
        (key, "b1", "R1-1", {**sealed, "extra": "1"}),
        (key, "b1", "R1-1", {k: v for k, v in sealed.items() if k != "mac"}),
        (key, "b1", "R1-1", {**sealed, "box": "zz"}),
        (key, "b1", "R1-1", None),  # a desk of protocol 1 sent the secret itself
        (key, "b1", "R1-1", SECRET),
    ]
    for args in wrong:
        with pytest.raises(pr.SealError):
            pr.unseal(*args)


def test_no_answer_of_the_desk_holds_a_dice_secret_and_a_moved_match_is_sealed_for_its_new_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bodies: list[bytes] = []
    send = DeskHandler._send

    def capture(self: DeskHandler, status: int, body: bytes, ctype: str, extra: Any = None) -> None:
        bodies.append(body)
        send(self, status, body, ctype, extra)

    monkeypatch.setattr(DeskHandler, "_send", capture)
    with running(tmp_path / "desk") as (desk, _, url):  # its first match lasts past game 1
        b1, b2, b3 = (joined(tmp_path, url, desk, b) for b in ("b1", "b2", "b3"))
        terms = b1.next_match()
        assert terms is not None and b2.next_match() is not None
        again = b1.next_match()  # asked again: the same secret, sealed afresh
        assert again is not None and again["secret"] == terms["secret"]
        assert again["sealed"] != terms["sealed"]
        b1.queue(game_report(terms))
        assert b1.flush() == 0
        desk.move(terms["match"], "b3")
        moved = b3.next_match()
        assert moved is not None and moved["match"] == terms["match"] and moved["so_far"]
        assert moved["secret"] == terms["secret"]  # the match goes on with the same dice
        with pytest.raises(pr.SealError):
            b1.secret(moved)  # the old board cannot open what was sealed for the new one
        for path in ("/", "/api/state", "/api/health"):
            with urllib.request.urlopen(url + path, timeout=5) as r:
                r.read()
        live = [str(s) for (s,) in desk.store.rows("SELECT secret FROM secrets")]
        assert len(live) == 2 and terms["secret"] in live
        assert sum(b'"assignment"' in b for b in bodies) == 4 and len(bodies) == 11
        for body in bodies:
            for secret in live:
                assert secret.encode() not in body and secret.encode().hex().encode() not in body
        last = play_out(b3)  # the new board plays it to its end: the revealed secret checks every roll
        record = read_mat(str(last["mat"]))
        assert check_dice(record).ok and terms["secret"] in str(last["mat"])


def test_a_board_whose_key_does_not_open_the_seal_says_so_and_plays_nothing(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        terms = b1.next_match()
        assert terms is not None
        held = {k: v for k, v in terms.items() if k != "secret"}  # as the board keeps it on disk
        b1.keep_current(held)
        assert terms["secret"] not in (tmp_path / "b1" / "current.json").read_text()
        b1.key = os.urandom(32)  # another key than the desk sealed with
        with pytest.raises(pr.SealError, match="does not open"):
            b1.secret(held)
        b1.desk_url = "http://127.0.0.1:9"  # offline: the robot plays on with the match it holds
        robot = Robot(b1, CODE)
        assert robot.step() is False
        assert not b1.pending() and "does not open" in b1.last_error


def test_a_board_of_protocol_1_is_refused_a_match(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        answer = b1.post("/api/next", {"protocol": 1})
        assert answer.status == 400 and answer.data["error"] == "protocol"
        assert desk.assigned == {}
