"""The director's word as the desk's screen gives it (``DeskDirector``, the tournament's own rules),
with the boards following the draw; and the room as the desk's screen sees it: each board's match
clock from its signs of life, how long its match has played, and what is late."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from game.desk import protocol as pr
from game.desk import service
from game.desk.board import BoardClient
from game.desk.desk import LATE_AFTER, MINUTES_PER_POINT, Desk
from game.desk.director import DeskDirector
from game.desk.server import serve
from game.tournament import TournamentError
from tests.helpers.desk_boards import game_report, joined, play_out, running


def _rows(desk: Desk, table: str, match: str) -> int:
    return len(desk.store.rows(f"SELECT * FROM {table} WHERE match = ?", (match,)))


def test_a_correction_upstream_takes_the_changed_match_off_its_board_with_its_games(tmp_path: Path) -> None:
    # Round two is 7 points long, so that its first game cannot end it (at 3 the dice of this seed
    # gave a match-winning first game once the computer played with the teacher-trained network).
    with running(tmp_path / "desk", lengths=(1, 7)) as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        first = play_out(b1)  # R1-1
        play_out(b1)  # R1-2
        desk.move("R2-1", "b1")
        terms = b1.next_match()
        assert terms is not None and terms["match"] == "R2-1"
        report = game_report(terms)
        b1.queue(report)
        assert b1.flush() == 0 and _rows(desk, "games", "R2-1") == 1
        t = desk.tournament
        assert t is not None
        r11 = t.match(first["match"])
        loser = r11.players[1 - int(first["winner"])]
        assert loser is not None
        director = DeskDirector(desk)
        director.correct(r11.id, loser, (1, 0) if r11.players[0] == loser else (0, 1))
        assert r11.winner == loser and loser in t.match("R2-1").players  # the draw follows
        assert "R2-1" not in desk.assigned and "R2-1" not in desk.live  # off its board, games forgotten
        assert all(_rows(desk, table, "R2-1") == 0 for table in ("games", "secrets", "reports"))
        assert t.log[-1].by == pr.DIRECTOR
        assert any(who == pr.DIRECTOR and "R1-1" in what for _, who, what in desk.audit())
        b1.queue(game_report(terms, report["mat"]))  # the old players' next game: not this match now
        b1.flush()
        assert (b1.refused / sorted(p.name for p in b1.refused.iterdir())[0]).exists()


def test_a_result_taken_back_is_played_again_with_fresh_dice_and_its_report_ids_free(tmp_path: Path) -> None:
    with running(tmp_path / "desk", lengths=(1,), dice_seed="") as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        last = play_out(b1)
        old_secret = desk.store.rows("SELECT secret FROM secrets WHERE match = ?", (last["match"],))[0][0]
        DeskDirector(desk).clear(last["match"])
        t = desk.tournament
        assert t is not None and t.match(last["match"]).ready and desk.record(last["match"]) is None
        terms = b1.next_match()
        assert terms is not None and terms["match"] == last["match"]
        assert terms["secret"] != old_secret  # the old dice were shown with the result
        again = game_report(terms)
        assert again["report_id"] == last["report_id"]  # the same id counts as a new report now
        b1.queue(again)
        assert b1.flush() == 0 and t.match(last["match"]).done


def test_a_refusal_reaches_the_screen_as_the_tournaments_own_words_and_changes_nothing(
    tmp_path: Path,
) -> None:
    with running(tmp_path / "desk", lengths=(1,)) as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        for _ in range(3):
            play_out(b1)  # R1-1, R1-2, R1-3
        desk.move("R2-1", "b1")
        play_out(b1)  # R2-1 has a result built on R1-1
        t = desk.tournament
        assert t is not None
        m = t.match("R1-1")
        loser = m.opponent(m.winner) if m.winner is not None else None
        assert loser is not None
        before = desk.audit()
        with pytest.raises(TournamentError) as refused:
            DeskDirector(desk).correct("R1-1", loser, (1, 0) if m.players[0] == loser else (0, 1))
        assert refused.value.key == "tourney.error.built_on"
        assert desk.audit() == before and desk.tournament is not None
        assert desk.tournament.match("R1-1").winner != loser


def test_a_withdrawal_takes_the_match_off_its_board_and_bringing_the_player_back_replays_it(
    tmp_path: Path,
) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        terms = b1.next_match()
        assert terms is not None
        t = desk.tournament
        assert t is not None
        player = t.players.index(next(p for p in t.players if p.name == terms["names"][0]))
        director = DeskDirector(desk)
        director.withdraw(player)
        assert terms["match"] not in desk.assigned and t.match(terms["match"]).how == "withdrawal"
        assert director.reinstate(player) == [terms["match"]]
        again = b1.next_match()
        assert again is not None and again["match"] == terms["match"]
        whos = [who for _, who, what in desk.audit() if "withdrawn" in what or "back in" in what]
        assert whos == [pr.DIRECTOR, pr.DIRECTOR]
        assert [c.by for c in t.log[-2:]] == [pr.DIRECTOR, pr.DIRECTOR]


class FakeClock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def test_the_desks_screen_sees_each_boards_clock_how_long_it_played_and_what_is_late(tmp_path: Path) -> None:
    clock = FakeClock()
    desk = Desk(tmp_path / "desk", clock=clock)
    desk.create(["Anna", "Ben", "Cecil", "Dora"], lengths=[3], dice_seed="x")
    desk.change_code("LIVE2345")
    server = serve(desk)
    url = f"http://127.0.0.1:{server.port}"
    try:
        b1 = BoardClient(tmp_path / "b1", url, board="b1", name="1")
        b1.offset = clock.now - time.time()
        assert b1.join("LIVE2345", desk.desk_id).ok
        terms = b1.next_match()
        assert terms is not None
        match = terms["match"]
        assert b1.post("/api/live", {"match": match, "banks": [600, 540], "running": 1}).ok
        clock.now += 30
        board = desk.state(floor=True)["boards"][0]
        assert board["clock"] == [600, 510] and board["running"] == 1  # the running clock counts down
        assert board["playing"] == 30 and board["late"] is None
        assert "clock" not in desk.state()["boards"][0]  # the phones' snapshot keeps to the tournament
        wrong = b1.post("/api/live", {"match": "R1-2", "banks": [1, 1]})
        assert wrong.status == 409 and wrong.data["error"] == "not_yours"
        bad = b1.post("/api/live", {"match": match, "banks": [1, 1], "running": 2})
        assert bad.status == 400
        clock.now += LATE_AFTER + 1
        board = desk.state(floor=True)["boards"][0]
        assert board["late"] == "silent" and board["silent"] >= LATE_AFTER
        b1.offset = clock.now - time.time()
        assert b1.post("/api/live", {"match": match}).ok  # a sign of life without a clock
        board = desk.state(floor=True)["boards"][0]
        assert board["late"] is None and board["clock"] is None
        clock.now += MINUTES_PER_POINT * 60 * 3
        b1.offset = clock.now - time.time()
        assert b1.post("/api/live", {"match": match}).ok
        assert desk.state(floor=True)["boards"][0]["late"] == "slow"
        with sqlite3.connect(tmp_path / "desk" / "desk.sqlite") as db:  # shown, never kept
            assert db.execute("SELECT COUNT(*) FROM audit WHERE what LIKE '%live%'").fetchone()[0] == 0
    finally:
        server.shutdown()
        server.server_close()
        desk.close()


def test_a_board_link_sends_signs_of_life_by_itself_until_it_is_closed(tmp_path: Path) -> None:
    with running(tmp_path / "desk") as (desk, _, url):
        link = service.new_board_link(tmp_path / "b1", url, "b1", "1")
        link.join(desk.join_code)
        for _ in range(200):
            if link.status.joined and not link.status.busy:
                break
            time.sleep(0.02)
        assert link.client.next_match() is not None
        match = next(iter(desk.assigned))
        link.live({"match": match, "banks": [300, 300], "running": 0})
        for _ in range(200):
            if match in desk.clocks:
                break
            time.sleep(0.02)
        assert desk.clocks[match].banks == (300, 300) and desk.clocks[match].running == 0
        service.forget_board_link()
        assert link.closed.is_set()
        assert link.beater is not None
        link.beater.join(timeout=service.BEAT_GAP + 2)
        assert not link.beater.is_alive()
