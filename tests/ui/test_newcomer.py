"""Nothing in a newcomer's way (issue 25): each fix driven by synthetic events, each failing without it.

Before the roll (the cube may be used, so the game waits for Roll or Double) a drag, a tap or a
double-click on one's own checker rolls, and a drag goes on holding the checker (or says why it
cannot move); any other touch says to roll first. A tap that does nothing says why (the other
side's checkers, an empty point, the computer's turn, beside the offer's buttons). TAKE and PASS
never stand where Done or Roll was, and a tapped answer can be undone before it counts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from game import i18n
from game.engine.cube import Cube
from game.engine.errors import IllegalAction
from game.engine.flow import Double, GameState, MoveTo, Phase, apply
from game.engine.position import Position
from game.session.commands import Command
from game.ui import layout as L
from game.ui.app import App
from game.ui.board.anim import STEP_SECONDS
from game.ui.play import dialogs, panel
from game.ui.play.action_row import ACTION_ROW
from game.ui.play.answer_window import ANSWER_WINDOW, undo_rect
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import (
    button_xy,
    click,
    close_screen,
    double_click,
    down,
    drag,
    let_dialog_show,
    make_app,
    motion,
    point_xy,
    run_until,
    start_game,
)

START = Position.start()
Roller = Callable[[GameScene, tuple[int, int]], None]


@pytest.fixture()
def app() -> Iterator[App]:
    a = make_app(speed="fast")
    yield a
    close_screen()


def scene_with(app: App, state: GameState, mode: str = "computer") -> GameScene:
    scene = start_game(app, mode=mode, seed=5, match_length=0)
    scene.resume(state)
    return scene


@pytest.fixture()
def next_roll(monkeypatch: pytest.MonkeyPatch) -> Roller:
    """Sets the dice the next rolls of a scene's match give."""

    def fix(scene: GameScene, dice: tuple[int, int]) -> None:
        monkeypatch.setattr(scene.game.match_dice, "roll", lambda: dice)

    return fix


def before_roll(app: App) -> GameScene:
    """The human's turn, the dice not rolled, the cube in the middle: the game waits for Roll or Double."""
    scene = scene_with(app, GameState(Phase.ROLL, START, turn=0, cube=Cube()))
    assert scene.state.can_double() is None and scene.game.waiting_for_human()
    return scene


# -- before the roll ------------------------------------------------------------------------------


def test_a_drag_before_rolling_rolls_and_the_checker_follows_the_hand(app: App, next_roll: Roller) -> None:
    scene = before_roll(app)
    next_roll(scene, (6, 5))
    drag(app, point_xy(0, 13), point_xy(0, 7))
    s = scene.state
    assert s.phase is Phase.MOVING and s.turn == 0 and s.dice == (6, 5)
    assert len(s.moves) == 1 and s.position.me[6] == 1  # the checker went from 13 to 7 (6 pips)


def test_a_drag_before_rolling_of_a_checker_that_cannot_move_says_why(app: App, next_roll: Roller) -> None:
    scene = before_roll(app)
    next_roll(scene, (1, 1))  # 13 -> 12 is Black's point: that checker cannot move with 1-1
    down(app, point_xy(0, 13))
    app.step()
    motion(app, point_xy(0, 11))
    app.step()
    assert scene.state.phase is Phase.MOVING and scene.hands.drag is None
    assert scene.flash_time > 0 and scene.flash_text == scene.hands.why_not(13) != ""


def test_a_double_click_before_rolling_rolls_and_shows_the_dice_first(app: App) -> None:
    scene = before_roll(app)
    double_click(app, point_xy(0, 13))
    assert scene.state.phase is Phase.MOVING and scene.state.turn == 0
    assert scene.state.moves == ()  # the second press did not play a checker the player never saw rolled


def test_a_tap_on_ones_own_checker_before_rolling_rolls(app: App) -> None:
    scene = before_roll(app)
    click(app, point_xy(0, 6))
    assert scene.state.phase is Phase.MOVING and scene.state.moves == ()


def test_a_touch_elsewhere_before_rolling_says_what_to_do(app: App) -> None:
    scene = before_roll(app)
    click(app, point_xy(0, 2))  # an empty point
    assert scene.state.phase is Phase.ROLL
    assert scene.flash_time > 0 and scene.flash_text == i18n.tr("newcomer.roll_first")
    assert panel.status(scene)[0] == i18n.tr("newcomer.roll_first")


# -- taps that did nothing say why ----------------------------------------------------------------


def test_a_tap_on_the_computers_checkers_says_whose_they_are(app: App) -> None:
    scene = scene_with(app, GameState(Phase.MOVING, START, turn=0, dice=(3, 1)))
    click(app, point_xy(1, 6))  # the computer's 6-point
    assert scene.flash_text == i18n.tr("newcomer.theirs_computer") and scene.flash_time > 0
    assert scene.state.moves == ()


def test_a_drag_of_the_other_players_checker_says_whose_turn_it_is(app: App) -> None:
    scene = scene_with(app, GameState(Phase.MOVING, START, turn=0, dice=(3, 1)), mode="two")
    drag(app, point_xy(1, 6), point_xy(1, 3))
    assert scene.flash_text == i18n.tr("newcomer.theirs_white")
    assert scene.state.moves == ()


def test_a_tap_on_an_empty_point_asks_for_one_of_your_checkers(app: App) -> None:
    scene = scene_with(app, GameState(Phase.MOVING, START, turn=0, dice=(3, 1)))
    click(app, point_xy(0, 2))
    assert scene.flash_text == i18n.tr("ui.no_checker_here") and scene.flash_time > 0


def test_a_tap_where_the_chosen_checker_cannot_go_gives_the_engines_reason(app: App) -> None:
    scene = scene_with(app, GameState(Phase.MOVING, START, turn=0, dice=(3, 1)))
    click(app, point_xy(0, 13))
    assert scene.hands.selected == 13
    before = scene.state
    click(app, point_xy(0, 12))  # one pip on, but Black holds that point with five checkers
    with pytest.raises(IllegalAction) as refused:
        apply(before, MoveTo(13, 12))
    assert scene.flash_time > 0 and scene.flash_text == i18n.tr_message(i18n.engine_refusal(refused.value))
    assert scene.state.moves == ()
    assert scene.hands.selected is None


def test_a_tap_during_the_computers_turn_says_to_wait(app: App) -> None:
    scene = scene_with(app, GameState(Phase.ROLL, START, turn=1, cube=Cube()))
    click(app, point_xy(0, 6))
    assert scene.flash_text == i18n.tr("ui.not_your_turn") and scene.flash_time > 0


# -- answering a double ---------------------------------------------------------------------------


def offered(app: App) -> GameScene:
    scene = scene_with(app, apply(GameState(Phase.ROLL, START, turn=1, cube=Cube()), Double()))
    let_dialog_show(app, scene)
    return scene


def test_take_and_pass_never_stand_where_done_or_roll_was(app: App) -> None:
    """The tap before a double is the player's Done (or Double): TAKE and PASS stand below their row
    (every layout and language: tests/ui/test_answer_spots.py)."""
    scene = offered(app)
    answers = [b.rect for b in scene.modal.buttons if b.label in (i18n.tr("ui.take"), i18n.tr("ui.pass"))]
    assert len(answers) == 2
    for rect in answers:
        assert not rect.colliderect(panel.DONE_BUTTON) and not rect.colliderect(ACTION_ROW)
        assert dialogs.offer_card().contains(rect)
    # and an answer's Undo stands where neither answer was: a quick second tap does not undo it
    assert not any(undo_rect().colliderect(rect) for rect in answers)


def test_an_answer_can_be_undone_before_it_counts(app: App) -> None:
    scene = offered(app)
    click(app, button_xy(scene, i18n.tr("ui.take")))
    assert scene.state.phase is Phase.CUBE_OFFERED and scene.answer_window.open
    assert [b.label for b in scene.modal.buttons] == [i18n.tr("newcomer.undo_answer")]
    assert panel.status(scene)[0] == i18n.tr("newcomer.took", value=2)  # the status line says it too
    assert scene.busy()  # the loop stays awake till the answer counts
    click(app, button_xy(scene, i18n.tr("newcomer.undo_answer")))
    assert not scene.answer_window.open and scene.state.phase is Phase.CUBE_OFFERED
    assert panel.status(scene)[0] != i18n.tr("newcomer.took", value=2)
    assert not scene.modal_ready  # the offer is back, and waits again before it takes a press
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("ui.pass")))
    assert scene.answer_window.open and scene.state.phase is Phase.CUBE_OFFERED
    steps = run_until(app, lambda: scene.state.phase is not Phase.CUBE_OFFERED, 2000)
    assert scene.state.phase is Phase.GAME_OVER and not scene.answer_window.open
    assert steps * STEP_SECONDS >= ANSWER_WINDOW - 0.05  # counted in fixed steps, not the wall clock


def test_a_quick_second_tap_on_take_neither_undoes_nor_answers_twice(app: App) -> None:
    scene = offered(app)
    take = button_xy(scene, i18n.tr("ui.take"))
    click(app, take)
    click(app, take)
    assert scene.answer_window.open and scene.answer_window.take is True
    run_until(app, lambda: scene.state.phase is not Phase.CUBE_OFFERED, 2000)
    assert scene.state.cube.value == 2 and scene.state.cube.owner == 0


def test_the_take_and_pass_keys_answer_at_once(app: App) -> None:
    scene = offered(app)
    scene.command(Command.TAKE)
    assert scene.state.phase is not Phase.CUBE_OFFERED and scene.state.cube.value == 2


def test_enter_goes_through_the_window_and_a_reset_forgets_it(app: App) -> None:
    scene = offered(app)
    scene.command(Command.SELECT)  # shows the focus (on TAKE)
    scene.command(Command.SELECT)  # presses it
    assert scene.answer_window.open and scene.answer_window.take is True
    assert scene.modal.focused() is None  # a third Enter shows the focus on Undo, it does not press it
    scene.command(Command.TAKE)  # the keys wait while an answer can be undone
    assert scene.state.phase is Phase.CUBE_OFFERED
    scene.resume(GameState(Phase.ROLL, START, turn=0, cube=Cube()))
    assert not scene.answer_window.open and scene.status_note == ""


def test_a_tap_beside_the_offer_says_to_answer_first(app: App) -> None:
    scene = offered(app)
    click(app, (L.BOARD_X + 200, L.MID_Y))
    assert scene.flash_text == i18n.tr("newcomer.answer_first") and scene.state.phase is Phase.CUBE_OFFERED


def test_the_offers_hint_is_not_a_tap_beside_its_buttons(app: App) -> None:
    """The Hint goes once its answer is there: the tap on it still landed on a button."""
    scene = offered(app)
    click(app, button_xy(scene, i18n.tr("ui.hint")))
    run_until(app, lambda: bool(scene.hints.cube_lines()), 2000)
    assert scene.flash_time == 0 or scene.flash_text != i18n.tr("newcomer.answer_first")


def test_an_answer_clears_a_line_flashed_before_it(app: App) -> None:
    scene = offered(app)
    click(app, (L.BOARD_X + 200, L.MID_Y))  # "answer first"
    click(app, button_xy(scene, i18n.tr("ui.pass")))
    assert panel.status(scene)[0] == i18n.tr("newcomer.passed")


def test_a_tap_while_the_computer_answers_ones_double_says_it_is_thinking(app: App) -> None:
    scene = scene_with(app, apply(GameState(Phase.ROLL, START, turn=0, cube=Cube()), Double()))
    click(app, point_xy(0, 6))
    assert scene.flash_text == i18n.tr("ui.thinking", name=i18n.tr("ui.player_computer"))
