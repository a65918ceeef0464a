"""The "Roll" label beside the dimmed dice, never over their pips (issue 36: "Roll", "Heitä" and
"Dobás" were drawn across them), in every language and both board directions."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game import i18n
from game.engine.flow import GameState, Phase, Rules
from game.engine.position import Position
from game.ui import layout as L
from game.ui.app import App
from game.ui.play import board_paint
from game.ui.play.board_paint import roll_prompt
from tests.helpers.text_spy import spy_on_text
from tests.helpers.ui_driver import close_screen, make_app, start_game


@pytest.fixture
def app() -> Iterator[App]:
    made = make_app()
    yield made
    made.quit()
    L.LAYOUT.set_home("right")
    close_screen()


@pytest.mark.parametrize("home", ["right", "left"])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_roll_label_stands_clear_of_the_dice(
    app: App, monkeypatch: pytest.MonkeyPatch, lang: str, home: str
) -> None:
    i18n.set_language(lang)
    L.LAYOUT.set_home(home)
    scene = start_game(app, mode="computer")
    scene.resume(GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=Rules(5)))
    assert roll_prompt(scene)
    drawn = spy_on_text(monkeypatch, board_paint)
    scene.frame.key = None
    scene.draw(pygame.Surface((L.W, L.H)), 0.0)
    label = next(rect for text, rect in drawn if text == i18n.tr("ui.roll"))
    dice = L.LAYOUT.dice_rect(0, 2)
    assert not label.colliderect(dice), (lang, home, label, dice)
    assert L.LAYOUT.half_rect(0).contains(label), (lang, home, label)
