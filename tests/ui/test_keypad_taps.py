"""Quick taps on the same key of a keypad (and on a setting's value): each tap is one digit, letter or step.

A play test at 800x480 tapped "1" four times for the operator code 1111 and saw one dot: SDL counts
quick presses on the same spot as a double-click (``clicks`` 2, 3, ...), also for touches, and a
button ignores a double-click so that Done or Next game is never pressed twice. On a keypad a
quick second tap is a second key press.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.session import settings as st
from game.session.kiosk import Mode
from game.ui.app import App, Launch
from game.ui.entry.initials import InitialsScene
from game.ui.entry.keypad import KeypadScene
from game.ui.kiosk.leaderboard import offer_entry
from game.ui.kiosk.operator import OperatorScene
from game.ui.scene import ButtonScene
from game.ui.scenes.settings import SettingsScene
from tests.helpers.reviews import player_review
from tests.helpers.ui_driver import down, up

STEP = 1.0 / 120.0
CORNER = (20, 20)

pytestmark = pytest.mark.usefixtures("ui_reset")


def _quick_taps(app: App, label: str, times: int) -> None:
    """``times`` quick taps on the button labelled ``label``, as SDL numbers them (clicks 1, 2, 3...)."""
    scene = app.scenes.top
    assert isinstance(scene, ButtonScene)
    button = next(b for b in scene.buttons.buttons if b.label == label and b.visible)
    for n in range(1, times + 1):
        down(app, button.rect.center, clicks=n, touch=True)
        up(app, button.rect.center, touch=True)
        app.step(STEP)


def test_quick_taps_on_one_digit_each_count_and_open_the_menu(tmp_path: Path) -> None:
    app = App(st.Settings(operator_code="1111"), Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    down(app, CORNER)
    for _ in range(round(3.2 / STEP)):
        app.step(STEP)
    up(app, CORNER)
    app.step(STEP)
    keypad = app.scenes.top
    assert isinstance(keypad, KeypadScene)
    _quick_taps(app, "1", 4)
    assert keypad.entered == "1111"
    _quick_taps(app, "⌫", 2)  # quick taps on the erase key erase one digit each
    assert keypad.entered == "11"
    _quick_taps(app, "1", 2)
    _quick_taps(app, "OK", 2)  # a quick second tap on OK does not press it again (nor anything else)
    assert isinstance(app.scenes.top, OperatorScene)
    assert sum(isinstance(s, OperatorScene) for s in app.scenes.scenes) == 1


def test_a_code_set_in_the_settings_takes_quick_taps_too(tmp_path: Path) -> None:
    got: list[str] = []

    def take(code: str) -> str | None:
        got.append(code)
        return None

    app = App(st.Settings(), Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.ACTIVE  # the operator, in the settings
    app.scenes.push(KeypadScene(app, "settings.operator_code", take))
    _quick_taps(app, "7", 3)
    _quick_taps(app, "0", 2)
    _quick_taps(app, "OK", 1)
    assert got == ["77700"]


def _initials(tmp_path: Path) -> tuple[App, InitialsScene]:
    """A kiosk whose visitor just made today's board: the initials keypad is on top."""
    app = App(st.Settings(), Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.ACTIVE
    assert offer_entry(app, player_review(12, 0.004), "beginner", won=True)
    scene = app.scenes.top
    assert isinstance(scene, InitialsScene)
    return app, scene


def test_quick_taps_on_one_letter_spell_a_double_letter(tmp_path: Path) -> None:
    app, scene = _initials(tmp_path)
    _quick_taps(app, "L", 2)
    assert scene.text == "LL"
    _quick_taps(app, "⌫", 2)
    assert scene.text == ""
    _quick_taps(app, "A", 1)
    _quick_taps(app, "N", 2)
    assert scene.text == "ANN"
    app.draw()


def test_the_initials_ok_is_greyed_until_a_letter_is_in(tmp_path: Path) -> None:
    """A play test tapped the green OK with no letter and nothing happened, as if the screen hung."""
    app, scene = _initials(tmp_path)
    ok = next(b for b in scene.buttons.buttons if b.label == "OK")
    assert not ok.enabled
    _quick_taps(app, "Q", 1)
    assert ok.enabled
    _quick_taps(app, "⌫", 1)
    assert not ok.enabled and app.scenes.top is scene
    down(app, ok.rect.center, touch=True)
    up(app, ok.rect.center, touch=True)
    app.step(STEP)
    assert app.scenes.top is scene and scene.text == ""
    app.draw()


def test_quick_taps_on_a_setting_step_it_once_each(tmp_path: Path) -> None:
    """The operator tapped Idle time three times quickly (300 s) and it showed 30 s, one step."""
    settings = st.Settings(idle_seconds=300, operator_code="2468")
    app = App(settings, Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    assert app.kiosk is not None
    app.kiosk.mode = Mode.OPERATOR
    scene = SettingsScene(app, operator=True)
    app.scenes.push(scene)
    _quick_taps(app, scene.value_text("idle_seconds"), 3)
    assert scene.values.idle_seconds == 90
    _quick_taps(app, "••••", 2)  # the code opens its keypad once
    assert sum(isinstance(s, KeypadScene) for s in app.scenes.scenes) == 1
