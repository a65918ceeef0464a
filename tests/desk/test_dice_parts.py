"""The players' digits for the dice (rule v2 of ``docs/dice.md``) in desk matches: given on a board
where people play, they go to the desk in every game report's record and come back with a moved
match's terms (``so_far``), so a match taken up on another board rolls the same dice; the computer
adds none (its matches roll by the secret alone)."""

from __future__ import annotations

from pathlib import Path

from game.desk.play import MatchPlay
from game.desk.robot import Robot
from game.record import check_dice, read_mat
from tests.helpers.desk_boards import CODE, game_report, joined, running

PARTS = ("4711", "4712")


def test_a_match_begun_with_the_players_digits_goes_on_with_them_on_another_board(tmp_path: Path) -> None:
    with running(tmp_path / "desk", lengths=(5,)) as (desk, _, url):
        b1, b2 = joined(tmp_path, url, desk, "b1"), joined(tmp_path, url, desk, "b2")
        terms = b1.next_match()
        assert terms is not None
        names = (str(terms["names"][0]), str(terms["names"][1]))
        whole = MatchPlay(terms["match"], names, 5, terms["secret"], date=terms["date"])
        whole.dice.take_contributions(PARTS)  # where it began, people gave their digits
        while not whole.over:
            whole.play_game()
        first = game_report(terms, None, PARTS)
        assert first["kind"] == "game" and '[DiceContributions "4711,4712"]' in first["mat"]
        b1.queue(first)
        assert b1.flush() == 0
        desk.move(terms["match"], "b2")  # a board the computer plays
        robot = Robot(b2, CODE)
        t = desk.tournament
        assert t is not None
        for _ in range(30):
            if t.match(terms["match"]).done:
                break
            robot.step()
        record = desk.record(terms["match"])
        assert record is not None and record == whole.mat()  # the same games: the same dice
        assert '[DiceContributions "4711,4712"]' in record and check_dice(read_mat(record)).ok


def test_the_computer_adds_no_digits(tmp_path: Path) -> None:
    with running(tmp_path / "desk", lengths=(1,)) as (desk, _, url):
        b1 = joined(tmp_path, url, desk, "b1")
        robot = Robot(b1, CODE)
        assert robot.step()
        record = desk.record("R1-1")
        assert record is not None and "DiceContributions" not in record and check_dice(read_mat(record)).ok
