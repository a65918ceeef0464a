"""The pause menu (found in a play test: no keyboard focus when opened with Escape, an unlabelled
speed row, and "Resume game" over a finished game)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.engine.flow import Double, GameState, Pass, Phase, Rules, apply, new_game
from game.i18n import tr
from game.ui.app import App
from game.ui.input import Intent, IntentKind
from game.ui.scenes.menu import MenuScene
from tests.helpers.ui_driver import close_screen, make_app, start_game


@pytest.fixture()
def app(ui_reset: None) -> Iterator[App]:
    yield make_app()
    close_screen()


def test_escape_opens_the_menu_with_the_focus_on_resume_and_a_click_opens_it_without(app: App) -> None:
    scene = start_game(app, mode="two", seed=5)
    scene.handle(Intent(IntentKind.BACK))
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    focused = menu.buttons.focused()
    assert focused is not None and focused.label == tr("ui.resume")
    menu.close()
    scene.open_menu()  # the Menu button: a pointer, no focus ring until a key is pressed
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.buttons.focused() is None


def test_over_a_finished_game_the_first_button_goes_back_to_the_board(app: App) -> None:
    scene = start_game(app, mode="two", seed=5)
    before = GameState(phase=Phase.ROLL, position=new_game().position, turn=0, rules=Rules(0))
    scene.resume(apply(apply(before, Double()), Pass()))
    assert scene.state.phase is Phase.GAME_OVER
    scene.open_menu()
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    labels = [b.label for b in menu.buttons.buttons]
    assert i18n.tr("operator.resume") in labels and tr("ui.resume") not in labels
    app.draw(0.0)
