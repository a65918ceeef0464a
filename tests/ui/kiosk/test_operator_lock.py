"""Issue 37, the operator lock: no visitor can take a cabinet over.

The code is set on purpose (``--set-operator-code``), kept as a salted hash in a file of its own that
only the game's user reads, trivial codes are refused, wrong tries slow the keypad down (and are
logged with the time, and survive a restart), and no damage to the settings opens a code prompt.
"""

from __future__ import annotations

import json
import logging
import stat
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.session import operator_lock as ol
from game.session import settings as st
from game.session.kiosk import Cmd, Kiosk, KioskConfig, Mode
from game.ui.app import App, Launch
from game.ui.entry.keypad import KeypadScene
from game.ui.entry.new_code import ChooseCodeScene
from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.locked import LockedScene
from game.ui.kiosk.operator import OperatorScene
from tests.helpers.event_driver import open_operator, steps, type_code
from tests.helpers.ui_driver import click, press_button

pytestmark = pytest.mark.usefixtures("ui_reset")

CORNER = (20.0, 20.0)


def kiosk_app(tmp_path: Path, settings: st.Settings | None = None) -> App:
    app = App(
        settings or st.load_settings(tmp_path), Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False
    )
    app.scenes.push(app.initial_scene())
    return app


# -- damaged settings never open a code prompt ----------------------------------------------------------

DAMAGED_SETTINGS = [
    b"",
    b"{not json",
    b'{"version": 1, "settings": {"operator_code": 4711}}',  # a code written as a number
    b'{"version": 1, "settings": {"operator_code": ""}}',
    b'{"version": 99, "settings": {}}',
    b'{"version": 1, "settings": []}',
    b"\xff\xfe\x00garbage",
]


@pytest.mark.parametrize("raw", DAMAGED_SETTINGS)
@pytest.mark.parametrize("has_code", [True, False])
def test_a_damaged_or_hand_edited_settings_file_never_opens_a_code_prompt(
    tmp_path: Path, raw: bytes, has_code: bool
) -> None:
    if has_code:
        assert ol.write_code(tmp_path, "4711") is None
    (tmp_path / st.SETTINGS_FILE).write_bytes(raw)
    app = kiosk_app(tmp_path)
    top = app.scenes.top
    assert not isinstance(top, KeypadScene)  # no "Choose an operator code", for nobody
    assert isinstance(top, AttractScene if has_code else LockedScene)
    if has_code:  # and the code is the organiser's still
        click(app, (640, 360))
        open_operator(app, "4711")
        assert isinstance(app.scenes.top, OperatorScene)


@pytest.mark.parametrize(
    "damage", [b"", b"{}", b'{"version": 1, "kdf": "pbkdf2-sha256"}', b"4711", b'{"hash": "00"}']
)
def test_a_damaged_code_file_asks_for_the_operator_and_is_left_alone(tmp_path: Path, damage: bytes) -> None:
    (tmp_path / ol.CODE_FILE).write_bytes(damage)
    app = kiosk_app(tmp_path)
    top = app.scenes.top
    assert isinstance(top, LockedScene) and top.state is ol.CodeState.DAMAGED
    steps(app, 5)
    assert (tmp_path / ol.CODE_FILE).read_bytes() == damage  # evidence kept, nothing chosen anew


# -- the code file ----------------------------------------------------------------------------------------


def test_the_code_file_is_readable_by_the_games_user_only_and_holds_no_code(tmp_path: Path) -> None:
    old = __import__("os").umask(0)  # the most permissive umask: the file must still be private
    try:
        assert ol.write_code(tmp_path, "48163") is None
    finally:
        __import__("os").umask(old)
    path = tmp_path / ol.CODE_FILE
    mode = stat.S_IMODE(path.stat().st_mode)
    assert mode & 0o077 == 0, oct(mode)  # no bit for the group or other users
    text = path.read_text()
    assert "48163" not in text
    data = json.loads(text)
    assert data["kdf"] == "pbkdf2-sha256" and data["iterations"] >= 100_000 and len(data["salt"]) >= 32
    assert ol.CodeHash.from_dict(data).matches("48163") and not ol.CodeHash.from_dict(data).matches("48164")
    assert ol.write_code(tmp_path, "48163") is None
    assert json.loads(path.read_text())["salt"] != data["salt"]  # salted: the same code, another hash


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("123", ol.Weak.LENGTH),
        ("123456789", ol.Weak.LENGTH),
        ("12a4", ol.Weak.DIGITS),
        ("0000", ol.Weak.SAME),
        ("77777777", ol.Weak.SAME),
        ("1234", ol.Weak.RUN),
        ("9876", ol.Weak.RUN),
        ("7890", ol.Weak.RUN),
        ("1212", ol.Weak.PATTERN),
        ("123123", ol.Weak.PATTERN),
        ("2580", ol.Weak.COMMON),
        ("4711", None),
        ("90210", None),
        ("48163", None),
    ],
)
def test_trivial_codes_are_refused_with_their_reason(code: str, why: ol.Weak | None) -> None:
    assert ol.weakness(code) is why
    if why is not None:  # each reason has its words in every language
        for lang in ("en", "fi", "hu"):
            assert i18n.has_key(lang, f"lock.weak_{why.value}")


def test_the_operator_sees_why_a_new_code_is_refused_and_types_it_twice(tmp_path: Path) -> None:
    app = kiosk_app(tmp_path, st.Settings(operator_code="999"))
    click(app, (640, 360))
    open_operator(app, "999")
    press_button(app, i18n.tr("operator.settings"))
    press_button(app, "••••")
    pad = app.scenes.top
    assert isinstance(pad, ChooseCodeScene)
    type_code(app, "1111")
    assert pad.message == i18n.tr("lock.weak_same")
    type_code(app, "4816")
    assert pad.title_key == "kiosk.choose_again"
    type_code(app, "4817")
    assert pad.message == i18n.tr("kiosk.codes_differ") and not app.lock.verify("4816")
    type_code(app, "4816")
    type_code(app, "4816")
    assert app.scenes.top is not pad and app.lock.verify("4816")


# -- the slow-down ----------------------------------------------------------------------------------------


def open_pad(k: Kiosk) -> float:
    """The operator gesture on the pure machine; the seconds it took."""
    k.press(CORNER)
    k.update(k.config.hold_seconds + 0.01)
    k.release(CORNER)
    assert k.mode is Mode.CODE
    return k.config.hold_seconds + 0.01


def test_100_wrong_codes_take_longer_than_the_slow_down_promises() -> None:
    """A fake clock: the machine's own time, advanced a second at a time while the keypad waits."""
    k = Kiosk(KioskConfig(code="48163"), start=Mode.ACTIVE)
    elapsed = 0.0
    tries = 0
    guess = 0
    while tries < 100:
        if k.mode is not Mode.CODE:
            elapsed += open_pad(k)
        for d in f"{guess:05d}":
            k.digit(d)
        if not k.entered:  # the keypad waits: digits are not taken
            k.update(1.0)
            elapsed += 1.0
            continue
        assert not k.submit()
        tries += 1
        guess += 1
    promised = ol.least_seconds(100)
    assert promised >= 20 * 3600  # "longer than any event": the docstring's figure
    assert elapsed >= promised
    assert k.failures == 100


def test_the_slow_down_holds_at_its_longest_however_many_tries() -> None:
    """A week of guessing (a count in the thousands, kept on disk) must not overflow the wait."""
    assert [ol.wait_after(n) for n in (1, 2, 3, 4, 8, 9, 2000, 10**6)] == [0, 0, 30, 60, 900, 900, 900, 900]
    k = Kiosk(KioskConfig(code="48163"), start=Mode.ACTIVE)
    k.failures = 10**6 - 1
    open_pad(k)
    for d in "11111":
        k.digit(d)
    assert not k.submit() and k.wait_seconds == ol.LONGEST_WAIT


def test_a_wait_refuses_even_the_right_code_and_the_right_code_ends_the_count() -> None:
    k = Kiosk(KioskConfig(code="48163"), start=Mode.ACTIVE)
    open_pad(k)
    for _ in range(ol.FREE_TRIES):
        for d in "11111":
            k.digit(d)
        k.submit()
    assert k.wait_seconds == ol.FIRST_WAIT
    if k.mode is not Mode.CODE:
        open_pad(k)
    for d in "48163":
        k.digit(d)
    assert not k.submit() and k.mode is not Mode.OPERATOR
    k.update(ol.FIRST_WAIT)
    if k.mode is not Mode.CODE:
        open_pad(k)
    for d in "48163":
        k.digit(d)
    assert k.submit() and k.mode is Mode.OPERATOR and k.failures == 0


def test_enter_on_an_empty_keypad_is_not_a_wrong_try() -> None:
    k = Kiosk(KioskConfig(code="48163"), start=Mode.ACTIVE)
    open_pad(k)
    for _ in range(10):
        assert not k.submit()
    assert k.failures == 0 and Cmd.WRONG_CODE not in k.take()


def test_wrong_tries_are_logged_with_the_time_and_survive_a_restart(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert ol.write_code(tmp_path, "48163") is None
    app = kiosk_app(tmp_path)
    click(app, (640, 360))
    with caplog.at_level(logging.WARNING, logger="game.session.operator_lock"):
        for wrong in ("11112", "22223", "33334"):
            if not isinstance(app.scenes.top, KeypadScene):
                open_operator(app, wrong)
            else:
                type_code(app, wrong)
    lines = [r.getMessage() for r in caplog.records if "wrong try" in r.getMessage()]
    assert len(lines) == 3 and "wrong try 3 in a row at 20" in lines[-1]  # the date and time
    tries = tmp_path / ol.TRIES_FILE
    assert stat.S_IMODE(tries.stat().st_mode) & 0o077 == 0
    pygame.quit()
    again = kiosk_app(tmp_path)  # the plug pulled: the count and the wait are still there
    assert again.kiosk is not None and again.kiosk.failures == 3
    assert again.kiosk.wait_seconds == ol.FIRST_WAIT
    click(again, (640, 360))
    open_operator(again, "48163")
    assert not isinstance(again.scenes.top, OperatorScene)  # refused while it waits...
    keypad = again.scenes.top
    assert isinstance(keypad, KeypadScene)
    steps(again, ol.FIRST_WAIT + 1)
    if not isinstance(again.scenes.top, KeypadScene):
        open_operator(again, "48163")
    else:
        type_code(again, "48163")
    assert isinstance(again.scenes.top, OperatorScene)  # ...and let in after it
    assert not tries.exists()
