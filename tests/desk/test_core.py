"""The desk in one process over loopback: joining with the code, reports counted once, the board's
outbox, the director's word (move, correct, withdraw and reinstate, remove a board, change the code),
everything kept across a restart, and a failed transaction leaving memory as the disk has it."""

from __future__ import annotations

import json
import sqlite3
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from game.desk import protocol as pr
from game.desk.board import BoardClient, Offline
from game.desk.desk import scored
from game.record import check_match, read_mat
from tests.helpers.desk_boards import CODE, game_report, joined, play_out, running


def test_a_wrong_code_joins_nobody_and_a_changed_code_keeps_joined_boards(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        stranger = BoardClient(tmp_path / "x", url, board="x1")
        answer = stranger.join("WRONG234", desk.desk_id)
        assert answer.status == 403 and answer.data["error"] == "wrong_code"
        b1 = joined(tmp_path, url, desk, "b1")
        desk.change_code("NEWC2345")
        assert b1.next_match() is not None  # joined before: still in
        late = BoardClient(tmp_path / "b2", url, board="b2")
        assert late.join(CODE, desk.desk_id).data["error"] == "wrong_code"
        assert late.join("newc-2345", desk.desk_id).ok  # typed in small letters with a dash


def test_a_report_sent_twice_counts_once_and_a_reused_id_is_refused(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        terms = b1.next_match()
        assert terms is not None
        report = game_report(terms)
        first = b1.post("/api/report", report)
        again = b1.post("/api/report", report)  # the ack was lost: sent again, freshly signed
        assert first.ok and not first.data["duplicate"]
        assert again.ok and again.data["duplicate"]
        changed = b1.post("/api/report", {**report, "score": [0, 0]})
        assert changed.status == 409 and changed.data["error"] == "report_conflict"
        reports = desk.store.rows("SELECT count(*) FROM reports")
        assert reports == [(1,)]


def test_the_outbox_keeps_reports_while_the_desk_is_away_and_sends_them_in_order(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _server, url):
        b1 = joined(tmp_path, url, desk, "b1")
        terms = b1.next_match()
        assert terms is not None
    # the desk is gone: the board plays on and keeps its reports
    report = game_report(terms)
    b1.queue(report)
    with pytest.raises(Offline):
        b1.flush()
    assert len(b1.pending()) == 1
    with running(tmp_path / "desk", create=False) as (desk, _server, url):
        b1.desk_url = url
        assert b1.flush() == 0
        assert desk.live[terms["match"]][0] == 1


def test_a_moved_match_resumes_from_the_last_report_and_the_old_board_is_refused(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        b1, b2 = joined(tmp_path, url, desk, "b1"), joined(tmp_path, url, desk, "b2")
        terms = b1.next_match()
        assert terms is not None
        b1.queue(game_report(terms))
        b1.flush()
        desk.move(terms["match"], "b2")
        moved = b2.next_match()
        assert moved is not None and moved["match"] == terms["match"]
        assert moved["so_far"] and "Game 1" in moved["so_far"]
        late = game_report(terms, moved["so_far"])
        b1.queue(late)
        b1.flush()  # the old board's report goes to refused/, with the reason
        assert b1.refused_matches() == {terms["match"]}
        last = play_out(b2)
        assert desk.tournament is not None
        assert desk.tournament.match(terms["match"]).done
        assert desk.record(terms["match"]) == last["mat"]


def test_the_director_corrects_withdraws_reinstates_and_removes(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        last = play_out(b1)
        t = desk.tournament
        assert t is not None
        m = t.match(last["match"])
        loser_place = 1 - int(last["winner"])
        desk.correct(m.id, loser_place, (0, 3) if loser_place == 1 else (3, 0))
        assert m.winner == m.players[loser_place]
        desk.withdraw(0)
        assert t.players[0].withdrawn
        desk.reinstate(0)
        assert not t.players[0].withdrawn
        desk.remove_board("b1")
        assert b1.post("/api/next", {"protocol": 1}).data["error"] == "unknown_board"
        audit = [what for _, who, what in desk.audit() if who == pr.DIRECTOR]
        assert any("result set by the director" in a for a in audit)
        assert any("board b1 removed" in a for a in audit)


def test_everything_acknowledged_is_there_after_a_restart(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        last = play_out(b1)
        before = json.loads(desk.snapshot()[1])
    with running(tmp_path / "desk", create=False) as (desk, _, url):
        after = json.loads(desk.snapshot()[1])
        assert after["matches"] == before["matches"] and after["standings"] == before["standings"]
        assert desk.record(last["match"]) == last["mat"]
        b1.desk_url = url
        assert b1.next_match() is not None  # its key survived too


def test_a_failed_transaction_leaves_memory_as_the_disk_has_it(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        terms = b1.next_match()
        assert terms is not None
        report = game_report(terms)
        desk.store.conn.execute(
            "CREATE TRIGGER fail BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'disk'); END"
        )
        with pytest.raises(sqlite3.IntegrityError):
            desk.report("b1", report, "0" * 32)
        assert terms["match"] not in desk.live
        desk.store.conn.execute("DROP TRIGGER fail")
        assert b1.post("/api/report", report).ok


def test_the_phone_page_and_state_read_without_a_credential_and_304_when_unchanged(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (_desk, _, url):
        with urllib.request.urlopen(url + "/?lang=fi") as r:
            page = r.read().decode()
        assert "Seuraava ottelusi" in page and "textContent" in page and "innerHTML" not in page
        with urllib.request.urlopen(url + "/api/state") as r:
            tag = r.headers["ETag"]
            state = json.loads(r.read())
        assert [s["name"] for s in state["standings"]][:1] and "secret" not in json.dumps(state)
        request = urllib.request.Request(url + "/api/state", headers={"If-None-Match": tag})
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(request)
        assert caught.value.code == 304


def test_the_whole_event_goes_into_one_archive_with_every_record(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        last = play_out(b1)
        archive = desk.export_archive(tmp_path / "out" / "event.zip")
    with zipfile.ZipFile(archive) as z:
        names = z.namelist()
        mats = [n for n in names if n.endswith(".mat")]
        assert len(mats) == 1 and z.read(mats[0]).decode() == last["mat"]
        assert "desk-audit.csv" in names and any(n.endswith("-standings.csv") for n in names)
        assert "won by" in z.read("desk-audit.csv").decode()


def test_a_board_whose_clock_is_hours_off_takes_the_desks_time(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        skewed = BoardClient(tmp_path / "b1", url, board="b1", clock=lambda: time.time() - 7200)
        assert skewed.join(CODE, desk.desk_id).status == 401  # its own clock: refused as stale
        skewed.desk_id()  # the desk's health line sets the board's clock
        assert abs(skewed.now() - time.time()) < 5
        assert skewed.join(CODE, desk.desk_id).ok
        assert skewed.next_match() is not None


def test_the_desks_score_keeping_of_a_read_record_is_the_whole_replays(tmp_path: Path) -> None:
    """The desk keeps the score of a report's record from the reader's results alone
    (:func:`game.desk.desk.scored`): for every record of a match, finished games or not, it equals
    :func:`game.record.check_match`'s full replay."""
    with running(tmp_path / "desk", lengths=(5,)) as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        terms = b1.next_match()
        assert terms is not None
        so_far: str | None = None
        seen = 0
        while True:
            report = game_report(terms, so_far)
            so_far = str(report["mat"])
            for text in (so_far, so_far.rsplit(" Game ", 1)[0]):  # also cut before its last game
                record = read_mat(text)
                assert scored(record) == check_match(record)
                seen += 1
            if report["kind"] == "result":
                break
        assert seen >= 4


def test_no_desk_or_board_file_another_user_can_read_holds_a_dice_secret(tmp_path: Path) -> None:
    """Issue 37: the desk's database keeps each match's dice secret while the match is played (and
    the boards' keys); a board keeps its match's terms. Neither may be readable by another user."""
    import os
    import stat

    old = os.umask(0o022)  # the usual umask: files another user can read unless made private
    try:
        with running(tmp_path / "desk") as (desk, _, url):
            b1 = joined(tmp_path, url, desk, "b1")
            terms = b1.next_match()
            assert terms is not None and terms["secret"]
            secret = str(terms["secret"]).encode()
            desk.store.get("desk_id")  # the database and its log are written by now
            files = [p for p in tmp_path.rglob("*") if p.is_file()]
            assert any(p.name.startswith("desk.sqlite") for p in files)
            for path in files:
                if stat.S_IMODE(path.stat().st_mode) & 0o044:
                    assert secret not in path.read_bytes(), path
                    assert not path.name.startswith("desk.sqlite"), path
    finally:
        os.umask(old)


def test_an_answer_cut_off_midway_is_offline_not_a_crash() -> None:
    """The whole suite's process test: a board's link was cut while the desk's answer came in, and
    ``http.client.IncompleteRead`` (not an ``OSError``) killed the board process."""
    import socket
    import threading

    from game.desk.board import Offline, http_post

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]

    def answer_half() -> None:
        conn, _ = server.accept()
        conn.recv(65536)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 29\r\n\r\n")
        conn.close()  # the body never comes

    thread = threading.Thread(target=answer_half)
    thread.start()
    try:
        with pytest.raises(Offline):
            http_post(f"http://127.0.0.1:{port}/api/report", b"{}", {}, timeout=5.0)
    finally:
        thread.join(5.0)
        server.close()
