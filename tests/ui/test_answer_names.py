"""An answer to a double that can still be undone says who answered (issue 36): "You take" against the
computer, "Black takes" between two players, where "You" said neither."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.engine.cube import Cube
from game.engine.flow import Double, GameState, Phase, apply
from game.engine.position import Position
from game.ui.app import App
from game.ui.play import panel
from tests.helpers.ui_driver import button_xy, click, close_screen, let_dialog_show, make_app, start_game


@pytest.fixture
def app() -> Iterator[App]:
    made = make_app()
    yield made
    made.quit()
    close_screen()


@pytest.mark.parametrize(("mode", "take"), [("two", True), ("two", False), ("computer", True)])
def test_the_answer_says_who(app: App, mode: str, take: bool) -> None:
    doubler = 0 if mode == "two" else 1  # between two players White doubles Black; the computer doubles you
    scene = start_game(app, mode=mode, seed=5, match_length=0)
    scene.resume(apply(GameState(Phase.ROLL, Position.start(), turn=doubler, cube=Cube()), Double()))
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("ui.take" if take else "ui.pass")))
    assert scene.answer_window.open
    said = panel.status(scene)[0]
    if mode == "computer":
        assert said == i18n.tr("newcomer.took", value=2)
    elif take:
        assert said == i18n.tr("newcomer.took_by", name=i18n.tr("ui.player_black"), value=2)
    else:
        assert said == i18n.tr("newcomer.passed_by", name=i18n.tr("ui.player_black"))
    assert mode == "computer" or not said.startswith("You")
