"""A visitor who cannot see the screen turns the spoken mode on by holding the screen still.

Driven as a hand drives it: a synthetic press, fixed steps for the time held, a release. The speech
program is a fake that writes down what it was given (the game itself only hands the sentence over).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.session import settings as st
from game.session.speech import Speaker
from game.ui.access import HOLD_SECONDS
from game.ui.app import STEP, App, Launch
from game.ui.kiosk.attract import AttractScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.title import TitleScene
from tests.helpers.access import EMPTY, FAKE
from tests.helpers.ui_driver import close_screen, down, motion, start_game, up


@pytest.fixture()
def closing() -> Iterator[list[App]]:
    apps: list[App] = []
    yield apps
    for app in apps:
        app.speech.close()
    close_screen()


def make(tmp_path: Path, closing: list[App], kiosk: bool = False) -> App:
    script = tmp_path / "fake_espeak.py"
    script.write_text(FAKE, encoding="utf-8")
    data = tmp_path / "data"
    app = App(st.Settings(animation="fast"), Launch(kiosk=kiosk), data_dir=data, threaded_ai=False)
    app.speech = Speaker(program=[sys.executable, str(script), str(tmp_path / "said.jsonl")])
    app.speech.configure(app.settings.speech, app.settings.language)
    closing.append(app)
    return app


"""A spot of the title with no button (between the level buttons and the bottom edge)."""


def hold(app: App, pos: tuple[int, int], seconds: float, wander: int = 0) -> None:
    """Press at ``pos``, keep it there ``seconds`` (fixed steps; ``wander`` pixels of drift on the way),
    then lift."""
    down(app, pos)
    steps = round(seconds / STEP)
    for i in range(steps):
        if wander:
            motion(app, (pos[0] + wander * i // steps, pos[1]))
        app.step()
    up(app, pos)
    app.step()


def play_button(scene: TitleScene) -> tuple[int, int]:
    b = next(b for b in scene.buttons.buttons if b.label == i18n.tr("ui.vs_computer"))
    return b.rect.center


def test_a_hold_on_the_title_turns_the_spoken_mode_on_and_says_what_to_do(
    tmp_path: Path, closing: list[App]
) -> None:
    app = make(tmp_path, closing)
    scene = TitleScene(app)
    app.scenes.reset(scene)
    app.step()
    down(app, EMPTY)
    app.step()
    assert app.busy(), "the loop must keep stepping while a hold is counted (it sleeps without input)"
    up(app, EMPTY)
    app.step()
    assert not app.busy()
    hold(app, play_button(scene), HOLD_SECONDS + 0.1)  # over a button: the lift must not press it
    assert app.settings.speech
    assert app.scenes.top is scene, "the finger lifting after the hold pressed the button under it"
    assert app.speech.said == [i18n.tr("access.speech_held_on")]
    assert st.load_settings(app.data_dir).speech, "off a cabinet the choice is saved"
    hold(app, EMPTY, HOLD_SECONDS + 0.1)  # the same hold turns it off
    assert not app.settings.speech
    assert not st.load_settings(app.data_dir).speech


def test_a_short_hold_or_a_moving_finger_changes_nothing(tmp_path: Path, closing: list[App]) -> None:
    app = make(tmp_path, closing)
    app.scenes.reset(TitleScene(app))
    app.step()
    hold(app, EMPTY, HOLD_SECONDS - 0.2)
    assert not app.settings.speech
    hold(app, (400, 700), HOLD_SECONDS + 0.5, wander=200)  # a drag, not a hold
    assert not app.settings.speech
    assert app.speech.said == []


def test_a_hold_in_a_game_is_not_the_spoken_modes(tmp_path: Path, closing: list[App]) -> None:
    """On the board a press held still is a checker's long press; the spoken mode is left alone."""
    app = make(tmp_path, closing)
    start_game(app, mode="two")
    assert isinstance(app.scenes.top, GameScene)
    hold(app, (640, 60), HOLD_SECONDS + 0.5)
    assert not app.settings.speech


def test_on_a_cabinet_the_demos_first_touch_held_turns_it_on_for_the_visit(
    tmp_path: Path, closing: list[App]
) -> None:
    """The demo's first touch wakes the title (the cabinet swallows it) and the same hold goes on
    there; the spoken mode is the visitor's, for the visit: the demo puts the operator's back."""
    app = make(tmp_path, closing, kiosk=True)
    app.settings = st.with_value(app.settings, "operator_code", "2580")
    app.go_attract()
    assert isinstance(app.scenes.top, AttractScene)
    down(app, (640, 400))
    app.step()
    assert isinstance(app.scenes.top, TitleScene)
    assert app.busy(), "the title does not move and the touch was swallowed: only the hold keeps it awake"
    for _ in range(round(HOLD_SECONDS / STEP)):
        app.step()
    up(app, (640, 400))
    app.step()
    assert app.settings.speech
    assert app.speech.said == [i18n.tr("access.speech_held_on")]
    assert not st.load_settings(app.data_dir).speech, "a visitor's choice is not saved"
    app.go_attract()
    assert not app.settings.speech


def test_the_operator_corner_hold_opens_the_keypad_and_not_the_spoken_mode(
    tmp_path: Path, closing: list[App]
) -> None:
    """The operator's corner hold (3 s) brings the keypad up first: the hold then counts for nothing."""
    app = make(tmp_path, closing, kiosk=True)
    app.settings = st.with_value(app.settings, "operator_code", "2580")
    app.apply_settings(app.settings, save=False)
    app.go_attract()
    app.step()
    hold(app, (20, 20), HOLD_SECONDS + 1.0)
    assert not app.settings.speech
    assert type(app.scenes.top).__name__ == "KeypadScene"
    pygame.event.clear()
