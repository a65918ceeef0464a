"""The last taps that did nothing without a word (issue 25) now say why, in one short line.

A tap on a tray (the bear-off area) says whose tray it is, or what it takes to bear off into it:
the reason is the engine's (:meth:`Turn.bear_off_refusal`), the screen only words it. A right-click
(or a long press, the same intent) on an empty point or on the other side's checkers says what a tap
there says. Each test fails on the code before: the status line stayed as it was.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.engine.cube import Cube
from game.engine.flow import GameState, Phase
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.turn import Turn
from game.ui.app import App
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import click, close_screen, make_app, point_xy, right_click, start_game

START = Position.start()


def home(me_points: dict[int, int]) -> Position:
    """The player on roll with checkers on these own points (the rest borne off); the other side's
    fifteen at home, far from them."""
    me = [0] * 25
    for point, n in me_points.items():
        me[point - 1] = n
    opp = [0] * 25
    opp[0], opp[1], opp[2] = 5, 5, 5
    return Position(tuple(me), tuple(opp))


# -- the engine: may a checker come off now, and if not, why --------------------------------------


def test_the_engine_says_whether_a_checker_may_come_off_and_why_not() -> None:
    assert Turn(home({6: 3, 5: 2}), (6, 5)).bear_off_refusal() is None
    assert Turn(home({6: 3, 5: 2}), (3, 3)).bear_off_refusal() is None  # 6 to 3, then off: two dice
    refused = Turn(START, (3, 1)).bear_off_refusal()
    assert refused is not None and refused.code == "not_all_home"
    refused = Turn(home({6: 15}), (1, 1)).bear_off_refusal()  # four 1s take a checker from 6 to 2 only
    assert refused is not None and refused.code == "no_bear_off"
    done = Turn(home({6: 3, 5: 2}), (2, 1), moves=(Move(6, 4, 2), Move(5, 4, 1)))
    refused = done.bear_off_refusal()
    assert refused is not None and refused.code == "move_complete"


# -- the screen ----------------------------------------------------------------------------------


@pytest.fixture()
def app() -> Iterator[App]:
    a = make_app(speed="fast")
    yield a
    close_screen()


def moving(
    app: App, position: Position = START, dice: tuple[int, int] = (3, 1), mode: str = "computer"
) -> GameScene:
    scene = start_game(app, mode=mode, seed=5, match_length=0)
    scene.resume(GameState(Phase.MOVING, position, turn=0, dice=dice, cube=Cube()))
    return scene


def said(scene: GameScene) -> str:
    assert scene.flash_time > 0, "nothing was said"
    return scene.flash_text


def test_a_tap_on_ones_own_tray_before_all_are_home_says_what_it_is_for(app: App) -> None:
    scene = moving(app)
    click(app, point_xy(0, 0))
    assert said(scene) == i18n.tr("newcomer.tray_not_home")
    assert scene.state.moves == ()


def test_a_tap_on_ones_own_tray_when_a_checker_may_come_off_says_to_pick_one(app: App) -> None:
    scene = moving(app, home({6: 3, 5: 2}), (6, 5))
    click(app, point_xy(0, 0))
    assert said(scene) == i18n.tr("newcomer.tray_pick")
    assert scene.state.moves == ()


def test_a_tap_on_ones_own_tray_when_the_roll_takes_none_off_gives_the_engines_reason(app: App) -> None:
    scene = moving(app, home({6: 15}), (1, 1))
    click(app, point_xy(0, 0))
    assert said(scene) == i18n.tr("engine.no_bear_off")


@pytest.mark.parametrize("mode", ["computer", "two"])
def test_a_tap_on_the_other_sides_tray_says_whose_it_is(app: App, mode: str) -> None:
    scene = moving(app, mode=mode)
    click(app, point_xy(1, 0))
    assert said(scene) == i18n.tr("newcomer.tray_theirs")


def test_a_tap_on_the_other_sides_tray_with_a_checker_picked_says_whose_it_is(app: App) -> None:
    scene = moving(app)
    click(app, point_xy(0, 13))
    assert scene.hands.selected == 13
    click(app, point_xy(1, 0))
    assert said(scene) == i18n.tr("newcomer.tray_theirs") and scene.hands.selected is None


def test_a_right_click_on_an_empty_point_asks_for_one_of_your_checkers(app: App) -> None:
    scene = moving(app)
    right_click(app, point_xy(0, 2))
    assert said(scene) == i18n.tr("ui.no_checker_here")
    assert scene.state.moves == ()


@pytest.mark.parametrize(
    ("mode", "key"), [("computer", "newcomer.theirs_computer"), ("two", "newcomer.theirs_white")]
)
def test_a_right_click_on_the_other_sides_checker_says_whose_it_is(app: App, mode: str, key: str) -> None:
    scene = moving(app, mode=mode)
    right_click(app, point_xy(1, 6))
    assert said(scene) == i18n.tr(key)
    assert scene.state.moves == ()


def test_a_right_click_on_a_tray_says_what_a_tap_says(app: App) -> None:
    scene = moving(app)
    right_click(app, point_xy(0, 0))
    assert said(scene) == i18n.tr("newcomer.tray_not_home")


def test_a_right_click_on_ones_own_checker_still_moves_it_by_the_lower_die(app: App) -> None:
    scene = moving(app)
    right_click(app, point_xy(0, 6))
    assert scene.state.moves and scene.state.moves[0].src == 6 and scene.state.moves[0].die == 1
