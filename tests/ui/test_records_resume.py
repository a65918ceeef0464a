"""A game left to the title and continued is still recorded, whatever moment it was left at.

Found in a play test: a game left right after its opening roll and continued from the title was not
recorded (its Review said so, and the rest of the match went unrecorded too). The record is written
after every play and cube action, so a game left before its first play had no record to continue.
Each test here leaves a game the way a player does (Escape, "Leave to title", then Continue on the
title), plays on, and finds the whole game (and the games after it) in the record file and for the
review.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.flow import Double, OpeningRoll, Pass, Phase, Roll, Take
from game.i18n import tr
from game.record import PlyKind, check_match, read_mat
from game.ui.app import App
from game.ui.play import panel
from game.ui.scene import ButtonScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.title import TitleScene
from tests.helpers.records_play import (
    play_human_against_computer,
    play_out,
    play_out_turns,
    record_app,
    record_files,
    restart_and_continue,
    start_recorded,
)
from tests.helpers.ui_driver import click, close_screen, let_dialog_show, run_until


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield
    close_screen()


def _press(app: App, scene: ButtonScene, label: str) -> None:
    target = next(b for b in scene.buttons.buttons if b.label == label and b.visible)
    click(app, target.rect.center)


def _leave_and_continue(app: App) -> GameScene:
    """Escape, "Leave to title", then Continue on the title: what a player does."""
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step()
    menu = app.scenes.top
    assert isinstance(menu, ButtonScene) and not isinstance(menu, GameScene)
    _press(app, menu, tr("ui.to_title"))
    title = app.scenes.top
    assert isinstance(title, TitleScene)
    _press(app, title, i18n.tr("menu.continue"))
    resumed = app.scenes.top
    assert isinstance(resumed, GameScene)
    return resumed


def _recorded(tmp_path: Path, app: App, scene: GameScene, games: int) -> None:
    """The file holds ``games`` games, the last one finished as on the screen and reviewable."""
    assert scene.state.phase is Phase.GAME_OVER
    assert scene.finished_record() is not None  # the game-over dialog offers Review
    (path,) = record_files(tmp_path)
    record = read_mat(path.read_text(encoding="utf-8"))
    assert len(record.games) == games, [g.result for g in record.games]
    assert record.games[-1].result == scene.state.result
    assert check_match(record).score == scene.match.score
    assert app.records.lost == 0


def test_a_game_left_right_after_its_opening_roll_is_recorded(tmp_path: Path) -> None:
    """The play test's case: Leave to title right after the opening roll, Continue, play on."""
    app = record_app(tmp_path)
    scene = start_recorded(app, length=3)
    assert scene.do(OpeningRoll(5, 2)) is None
    resumed = _leave_and_continue(app)
    assert resumed.state.phase is Phase.MOVING and resumed.state.dice == (5, 2)
    rng = random.Random(8)
    play_out(app, resumed, rng)
    _recorded(tmp_path, app, resumed, 1)
    record = read_mat(record_files(tmp_path)[0].read_text(encoding="utf-8"))
    first = record.games[0].plies[0]
    assert (first.player, first.kind, first.dice) == (0, PlyKind.ROLL, (5, 2))
    resumed.next_game()  # and the rest of the match is recorded too
    play_out(app, resumed, rng)
    _recorded(tmp_path, app, resumed, 2)


def test_a_game_cut_off_right_after_its_opening_roll_is_recorded(tmp_path: Path) -> None:
    """The same after a restart (closed, or the power cut), the opening won by the second player."""
    app = record_app(tmp_path)
    scene = start_recorded(app, length=3)
    assert scene.do(OpeningRoll(1, 6)) is None
    app, resumed = restart_and_continue(tmp_path, app)
    play_out(app, resumed, random.Random(5))
    _recorded(tmp_path, app, resumed, 1)
    first = read_mat(record_files(tmp_path)[0].read_text(encoding="utf-8")).games[0].plies[0]
    assert (first.player, first.dice) == (1, (6, 1))


def test_a_game_left_during_the_opening_roll_animation_is_recorded(tmp_path: Path) -> None:
    """The game rolls the opening itself; left while its dice still tumble (or after a tie)."""
    app = record_app(tmp_path)
    scene = start_recorded(app, length=3, seed=21)
    run_until(app, lambda: scene.state.opening is not None, draw_every=0)
    assert scene.busy()  # the dice are still rolling on the screen
    resumed = _leave_and_continue(app)
    play_out(app, resumed, random.Random(3))
    _recorded(tmp_path, app, resumed, 1)


def test_a_game_left_after_a_tied_opening_roll_is_recorded(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    scene = start_recorded(app, length=3)
    assert scene.do(OpeningRoll(4, 4)) is None and scene.state.phase is Phase.OPENING
    resumed = _leave_and_continue(app)
    play_out(app, resumed, random.Random(3))  # the game rolls the opening again itself
    _recorded(tmp_path, app, resumed, 1)


def _second_game(tmp_path: Path) -> tuple[App, GameScene, random.Random]:
    """A 7-point match whose first game is played out and whose second waits for its opening roll."""
    app = record_app(tmp_path)
    scene = start_recorded(app, length=7)
    rng = random.Random(6)
    play_out(app, scene, rng)
    scene.next_game()
    assert scene.state.phase is Phase.OPENING and scene.match.games == 1
    return app, scene, rng


def test_a_later_game_left_before_its_opening_roll_is_recorded(tmp_path: Path) -> None:
    app, _scene, rng = _second_game(tmp_path)
    resumed = _leave_and_continue(app)
    assert resumed.state.phase is Phase.OPENING
    play_out(app, resumed, rng)
    _recorded(tmp_path, app, resumed, 2)


def test_a_later_game_left_after_its_opening_roll_is_recorded(tmp_path: Path) -> None:
    app, scene, rng = _second_game(tmp_path)
    assert scene.do(OpeningRoll(3, 6)) is None
    app, resumed = restart_and_continue(tmp_path, app)
    play_out(app, resumed, rng)
    _recorded(tmp_path, app, resumed, 2)
    resumed.next_game()
    play_out(app, resumed, rng)
    _recorded(tmp_path, app, resumed, 3)


def test_a_new_match_on_the_same_screen_left_before_its_first_roll_has_its_own_record(tmp_path: Path) -> None:
    """After a match is over, Next game starts a new match (saved at its opening roll)."""
    app = record_app(tmp_path)
    scene = start_recorded(app, length=1)
    rng = random.Random(2)
    play_out(app, scene, rng)
    assert scene.match.is_over
    (old,) = record_files(tmp_path)
    first = old.read_text(encoding="utf-8")
    scene.next_game()
    assert scene.match.games == 0
    resumed = _leave_and_continue(app)
    play_out(app, resumed, rng)
    assert resumed.finished_record() is not None
    (new,) = set(record_files(tmp_path)) - {old}
    assert old.read_text(encoding="utf-8") == first  # the first match's file is left as it was
    (game,) = read_mat(new.read_text(encoding="utf-8")).games
    assert game.result == resumed.state.result and app.records.lost == 0


def _to_a_double(scene: GameScene, rng: random.Random) -> None:
    assert scene.do(OpeningRoll(5, 2)) is None
    play_out_turns(scene, rng, 3)
    assert scene.state.phase is Phase.ROLL and scene.state.can_double() is None
    assert scene.do(Double()) is None


def test_a_game_left_during_a_cube_offer_is_recorded(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    scene = start_recorded(app, length=5)
    rng = random.Random(9)
    _to_a_double(scene, rng)
    resumed = _leave_and_continue(app)
    assert resumed.state.phase is Phase.CUBE_OFFERED
    let_dialog_show(app, resumed)
    resumed.answer(True)
    play_out(app, resumed, rng)
    _recorded(tmp_path, app, resumed, 1)
    kinds = [p.kind for p in read_mat(record_files(tmp_path)[0].read_text(encoding="utf-8")).games[0].plies]
    assert PlyKind.DOUBLE in kinds and PlyKind.TAKE in kinds


def test_a_game_left_after_a_pass_keeps_its_review(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    scene = start_recorded(app, length=5)
    _to_a_double(scene, random.Random(9))
    assert scene.do(Pass()) is None
    resumed = _leave_and_continue(app)
    _recorded(tmp_path, app, resumed, 1)
    assert resumed.state.result is not None and resumed.state.result.passed


def test_a_game_left_after_a_take_is_recorded(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    scene = start_recorded(app, length=5)
    rng = random.Random(9)
    _to_a_double(scene, rng)
    assert scene.do(Take()) is None and scene.state.phase is Phase.ROLL
    resumed = _leave_and_continue(app)
    assert resumed.state.cube.value == 2
    assert resumed.do(Roll((6, 5))) is None
    play_out(app, resumed, rng)
    _recorded(tmp_path, app, resumed, 1)


def test_a_game_left_at_its_game_over_card_keeps_its_review_and_the_match_goes_on(tmp_path: Path) -> None:
    """Left right after the game-over card appeared: Continue shows the card again, its Review finds
    the game, and the next game of the match is recorded."""
    app = record_app(tmp_path)
    scene = start_recorded(app, length=5)
    rng = random.Random(9)
    play_out(app, scene, rng)
    let_dialog_show(app, scene)
    resumed = _leave_and_continue(app)
    assert resumed.state.phase is Phase.GAME_OVER
    _recorded(tmp_path, app, resumed, 1)
    resumed.next_game()
    play_out(app, resumed, rng)
    _recorded(tmp_path, app, resumed, 2)


def test_against_the_computer_a_game_left_after_the_opening_roll_is_recorded(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    scene = start_recorded(app, mode="computer", length=3, seed=11)
    assert scene.do(OpeningRoll(2, 5)) is None  # the computer moves first
    app, resumed = restart_and_continue(tmp_path, app)
    play_human_against_computer(app, resumed, random.Random(2))
    _recorded(tmp_path, app, resumed, 1)
    record = read_mat(record_files(tmp_path)[0].read_text(encoding="utf-8"))
    assert record.names[1].startswith("Computer")


@pytest.mark.parametrize("damage", ["garbage", "deleted"])
def test_a_game_whose_record_is_lost_says_so_when_continued(tmp_path: Path, damage: str) -> None:
    """Where the record cannot be continued (its file broken or deleted while the game was away), the
    continued game says so on its status line at once instead of only at Review; it plays on."""
    app = record_app(tmp_path)
    scene = start_recorded(app, length=3)
    rng = random.Random(8)
    assert scene.do(OpeningRoll(5, 2)) is None
    play_out_turns(scene, rng, 4)
    (path,) = record_files(tmp_path)
    if damage == "garbage":
        path.write_bytes(b"\x00\xffnot a match file\n 1) 99: 8/5\n")
    else:
        path.unlink()
    resumed = _leave_and_continue(app)
    notice = i18n.tr("review.not_continued")
    assert resumed.flash_text == notice and panel.status(resumed)[0] == notice
    app.draw(0.0)
    play_out(app, resumed, rng)
    assert resumed.finished_record() is None
    resumed.open_review()
    assert resumed.flash_text == i18n.tr("review.no_record") and app.scenes.top is resumed


def test_a_game_continued_with_its_record_says_nothing_about_it(tmp_path: Path) -> None:
    app = record_app(tmp_path)
    scene = start_recorded(app, length=3)
    assert scene.do(OpeningRoll(5, 2)) is None
    play_out_turns(scene, random.Random(8), 4)
    resumed = _leave_and_continue(app)
    assert resumed.flash_text != i18n.tr("review.not_continued")
