"""Every key that does nothing says why, and the line names the keys to a keyboard player (issue 36):
D mid-move, T or P with no double on the table, H after the turn's first move; once the player uses
keys, "Press Done (R) or Enter" and "roll (R) or double (D)" instead of the taps alone."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game import i18n
from game.engine.flow import GameState, Phase, Roll, Rules, Step, apply
from game.engine.position import Position
from game.ui.app import App
from game.ui.play import panel
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import close_screen, make_app, start_game


@pytest.fixture
def app() -> Iterator[App]:
    made = make_app()
    yield made
    made.quit()
    close_screen()


def key(app: App, code: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def game_at(app: App, state: GameState) -> GameScene:
    scene = start_game(app, mode="computer")
    scene.resume(state)
    app.step()
    return scene


def rolled(dice: tuple[int, int] = (3, 1)) -> GameState:
    return apply(GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=Rules(5)), Roll(dice))


def test_d_mid_move_says_when_a_double_may_be_offered(app: App) -> None:
    scene = game_at(app, rolled())
    key(app, pygame.K_d)
    assert scene.flash_time > 0
    assert scene.flash_text == i18n.translate_message("en", i18n.Message("engine.double_timing"))


@pytest.mark.parametrize("code", [pygame.K_t, pygame.K_p])
def test_take_or_pass_with_no_double_says_so(app: App, code: int) -> None:
    scene = game_at(app, rolled())
    key(app, code)
    assert scene.flash_text == i18n.translate_message("en", i18n.Message("engine.no_double"))


def test_h_after_the_first_move_says_a_hint_is_for_the_turns_start(app: App) -> None:
    scene = game_at(app, apply(rolled(), Step(8, 3)))
    assert scene.game.can_hint
    key(app, pygame.K_h)
    assert scene.flash_text == i18n.tr("ui.hint_after_move")


def test_the_line_names_the_keys_to_a_keyboard_player(app: App) -> None:
    scene = game_at(app, apply(apply(rolled(), Step(8, 3)), Step(6, 1)))
    assert panel.status(scene)[0] == i18n.tr("ui.move_complete_you")  # by touch: the taps
    key(app, pygame.K_LEFT)  # a key: the player plays by keys now
    assert scene.cursor.engaged
    assert (
        panel.status(scene)[0] == i18n.tr("ui.move_complete_keys_you", done="R") == "Press Done (R) or Enter"
    )
    before = game_at(app, GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=Rules(5)))
    key(app, pygame.K_LEFT)
    assert before.cursor.engaged
    assert panel.status(before)[0] == "Your turn: roll (R) or double (D)"


def test_hungarian_undo_is_not_back() -> None:
    assert i18n.translate("hu", "ui.undo") != i18n.translate("hu", "button.back")
    assert i18n.translate("hu", "button.undo") == i18n.translate("hu", "ui.undo") == "Visszavonás"


def test_the_hints_reason_stands_over_the_opening_rolls_note(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.engine.flow import OpeningRoll, new_game

    scene = game_at(app, new_game())
    scene.game.resume(apply(new_game(), OpeningRoll(4, 1)))  # the note: "You start with 4-1"
    scene.game.note = scene.game.say("ui.opening_won", 0, a=4, b=1)
    assert panel.status(scene)[0] == i18n.tr_message(scene.game.note)
    monkeypatch.setattr(scene.hints, "why_text", lambda: "Makes your 5 point")
    assert panel.status(scene)[0] == "Makes your 5 point"
