"""The kiosk state machine, driven with a fixed step and synthetic touches (no clock, no pygame)."""

from __future__ import annotations

import pytest

from game.session.kiosk import Cmd, Kiosk, KioskConfig, Mode

STEP = 1.0 / 120.0
MIDDLE = (640.0, 360.0)
CORNER = (20.0, 20.0)


def run(k: Kiosk, seconds: float) -> list[Cmd]:
    out: list[Cmd] = []
    for _ in range(round(seconds / STEP)):
        out += k.update(STEP)
    return out


def tap(k: Kiosk, pos: tuple[float, float] = MIDDLE) -> tuple[bool, bool]:
    return k.press(pos), k.release(pos)


def test_first_touch_in_attract_only_wakes() -> None:
    k = Kiosk()
    assert k.mode is Mode.ATTRACT
    assert run(k, 600) == []  # the demo runs forever without input
    assert tap(k) == (True, True)  # both halves of the touch are kept from the title screen
    assert k.take() == [Cmd.WAKE] and k.mode is Mode.ACTIVE
    assert tap(k) == (False, False)  # the next touch is the player's
    assert k.take() == []


def test_idle_warning_then_attract() -> None:
    k = Kiosk(KioskConfig(idle_seconds=90, warning_seconds=10), start=Mode.ACTIVE)
    assert run(k, 89.9) == []
    assert run(k, 0.2) == [Cmd.WARN]
    assert k.mode is Mode.WARNING and k.seconds_left == 10
    run(k, 4.5)
    assert k.seconds_left == 6
    assert run(k, 5.2) == []
    assert run(k, 0.4) == [Cmd.ATTRACT]
    assert k.mode is Mode.ATTRACT


def test_input_resets_the_idle_timer() -> None:
    k = Kiosk(KioskConfig(idle_seconds=90), start=Mode.ACTIVE)
    for _ in range(5):
        assert run(k, 60) == []
        tap(k)
    k.motion(MIDDLE, pressed=True)  # a slow drag counts as presence
    assert run(k, 89) == []
    k.activity()  # a key
    assert run(k, 89) == []
    assert run(k, 1.5) == [Cmd.WARN]


def test_hover_without_a_press_is_not_presence() -> None:
    k = Kiosk(KioskConfig(idle_seconds=30), start=Mode.ACTIVE)
    run(k, 29)
    k.motion(MIDDLE, pressed=False)
    assert run(k, 1.5) == [Cmd.WARN]


def test_touch_during_warning_keeps_the_game() -> None:
    k = Kiosk(KioskConfig(idle_seconds=30), start=Mode.ACTIVE)
    assert run(k, 31) == [Cmd.WARN]
    assert tap(k) == (True, True)  # dismissing the warning must not also move a checker
    assert k.take() == [Cmd.UNWARN] and k.mode is Mode.ACTIVE
    assert run(k, 29) == []
    assert run(k, 2) == [Cmd.WARN]


def test_operator_gesture_and_right_code_open_the_menu() -> None:
    k = Kiosk(KioskConfig(code="2580", hold_seconds=3), start=Mode.ACTIVE)
    assert k.press(CORNER) is False
    assert run(k, 2.9) == []
    assert 0.9 < k.hold_progress < 1
    assert run(k, 0.2) == [Cmd.KEYPAD]
    assert k.mode is Mode.CODE
    assert k.release(CORNER) is True
    for d in "2580":
        k.digit(d)
    assert k.entered == "2580"
    assert k.submit() is True
    assert k.take() == [Cmd.OPERATOR] and k.mode is Mode.OPERATOR
    k.cancel()
    assert k.take() == [Cmd.CLOSE_OPERATOR] and k.mode is Mode.ACTIVE


def test_wrong_code_does_not_open() -> None:
    k = Kiosk(KioskConfig(code="2580", max_attempts=3), start=Mode.ACTIVE)
    k.press(CORNER)
    run(k, 3.1)
    k.release(CORNER)
    k.take()
    for attempt in range(3):
        for d in "1234":
            k.digit(d)
        assert k.submit() is False
        assert k.mode is (Mode.CODE if attempt < 2 else Mode.ACTIVE)
        assert k.entered == ""
    assert k.take() == [Cmd.WRONG_CODE, Cmd.WRONG_CODE, Cmd.WRONG_CODE, Cmd.CLOSE_KEYPAD]
    assert k.submit() is False  # no keypad any more: nothing happens
    assert k.take() == []


def test_code_prefix_and_extension_do_not_open() -> None:
    k = Kiosk(KioskConfig(code="2580"), start=Mode.ACTIVE)
    k.press(CORNER)
    run(k, 3.1)
    for d in "258":
        k.digit(d)
    assert k.submit() is False
    for d in "25801":
        k.digit(d)
    assert k.submit() is False
    k.digit("x")  # not a digit: ignored
    k.digit(25)  # not one digit: ignored
    for d in "2589":
        k.digit(d)
    k.backspace()
    k.digit(0)
    assert k.entered == "2580"
    assert k.submit() is True


def test_short_press_or_drag_out_of_the_corner_is_no_gesture() -> None:
    k = Kiosk(KioskConfig(hold_seconds=3), start=Mode.ACTIVE)
    k.press(CORNER)
    run(k, 2.0)
    k.release(CORNER)
    assert run(k, 5) == []
    k.press(CORNER)
    run(k, 1.0)
    k.motion((400.0, 300.0), pressed=True)
    assert run(k, 5) == []
    k.press(MIDDLE)
    assert run(k, 10) == []
    assert k.mode is Mode.ACTIVE


@pytest.mark.parametrize(
    ("corner", "inside", "outside"),
    [
        ("top-left", (5, 5), (1275, 5)),
        ("top-right", (1275, 5), (5, 5)),
        ("bottom-left", (5, 715), (5, 5)),
        ("bottom-right", (1275, 715), (640, 715)),
    ],
)
def test_configured_corner(corner: str, inside: tuple[float, float], outside: tuple[float, float]) -> None:
    k = Kiosk(KioskConfig(corner=corner), start=Mode.ACTIVE)
    k.press(outside)
    assert run(k, 4) == []
    k.release(outside)
    k.press(inside)
    assert run(k, 4) == [Cmd.KEYPAD]


def test_gesture_from_attract_mode() -> None:
    k = Kiosk()
    assert k.press(CORNER) is True
    assert k.take() == [Cmd.WAKE]
    assert run(k, 3.1) == [Cmd.KEYPAD]
    k.cancel()
    assert k.take() == [Cmd.CLOSE_KEYPAD]
    assert k.mode is Mode.ACTIVE


def test_keypad_times_out() -> None:
    k = Kiosk(KioskConfig(code_timeout=30), start=Mode.ACTIVE)
    k.press(CORNER)
    run(k, 3.1)
    k.release(CORNER)
    k.take()
    k.digit(1)
    assert run(k, 29) == []
    assert run(k, 2) == [Cmd.CLOSE_KEYPAD]
    assert k.mode is Mode.ACTIVE and k.entered == ""


def test_forgotten_operator_menu_closes_into_attract() -> None:
    k = Kiosk(KioskConfig(idle_seconds=60, code="111"), start=Mode.ACTIVE)
    k.press(CORNER)
    run(k, 3.1)
    k.release(CORNER)
    for d in "111":
        k.digit(d)
    k.submit()
    k.take()
    assert run(k, 59) == []
    assert run(k, 2) == [Cmd.CLOSE_OPERATOR, Cmd.ATTRACT]
    assert k.mode is Mode.ATTRACT


def test_no_warning_while_keypad_or_menu_is_open() -> None:
    k = Kiosk(KioskConfig(idle_seconds=20, code_timeout=100), start=Mode.ACTIVE)
    k.press(CORNER)
    run(k, 3.1)
    k.release(CORNER)
    k.take()
    assert Cmd.WARN not in run(k, 50)


def test_bad_config_is_refused() -> None:
    with pytest.raises(ValueError):
        KioskConfig(corner="centre")
    with pytest.raises(ValueError):
        KioskConfig(code="12a")
    with pytest.raises(ValueError):
        KioskConfig(idle_seconds=0)


@pytest.mark.parametrize(
    ("corner", "pos"),
    [
        ("top-left", (5.0, -17.0)),
        ("top-right", (1275.0, -17.0)),
        ("bottom-left", (5.0, 735.0)),
        ("bottom-right", (1275.0, 735.0)),
    ],
)
def test_a_hold_on_the_black_bar_beside_the_corner_opens_the_keypad(
    corner: str, pos: tuple[float, float]
) -> None:
    """An 800x480 screen shows the 16:9 picture between black bars of 15 pixels: a finger pushed into
    the screen's corner lands on a bar, at logical (5, -17) at the top left. A play test held it there
    3.4 s and nothing happened; the corner of the screen is the operator corner too."""
    k = Kiosk(KioskConfig(corner=corner, hold_seconds=3), start=Mode.ACTIVE)
    assert k.press(pos) is False
    assert run(k, 3.1) == [Cmd.KEYPAD]


def test_a_hold_on_the_bar_away_from_the_corner_does_nothing() -> None:
    k = Kiosk(KioskConfig(hold_seconds=3), start=Mode.ACTIVE)
    k.press((640.0, -17.0))
    assert run(k, 3.1) == []
    k.release((640.0, -17.0))
    k.press((5.0, -17.0))
    k.motion((300.0, -17.0), pressed=True)  # slid out of the corner along the bar
    assert run(k, 3.1) == []


def test_no_code_chosen_opens_nothing() -> None:
    """No default code: with none chosen, no typed code (not even nothing) opens the menu."""
    k = Kiosk(KioskConfig(), start=Mode.ACTIVE)
    assert k.config.code == ""
    for attempt in ("", "2580", "0000"):
        k.press(CORNER)
        run(k, 3.1)
        k.release(CORNER)
        assert k.mode is Mode.CODE
        for d in attempt:
            k.digit(d)
        assert not k.submit()
        assert k.mode is not Mode.OPERATOR
        k.cancel()


def test_setup_mode_waits_for_the_organiser() -> None:
    """Choosing the first code: nothing times out, the corner opens no keypad, presses pass on;
    ending it goes to the demo (or on with a resumed game)."""
    k = Kiosk(KioskConfig(idle_seconds=30), start=Mode.ATTRACT)
    k.begin_setup()
    assert not k.press(CORNER)
    assert run(k, 600) == []
    assert not k.release(CORNER)
    assert k.mode is Mode.SETUP
    assert not k.key()
    k.end_setup()
    assert k.mode is Mode.ATTRACT
    k.begin_setup()
    k.end_setup(Mode.ACTIVE)
    assert k.mode is Mode.ACTIVE
    assert Cmd.WARN in run(k, 31)
