"""Unattended operation as a pure state machine: attract mode, idle reset, the operator's lock.

Why a separate, pygame-free machine: these rules decide whether a cabinet at
an event can be left alone all day (a visitor must never reach Quit, a game
left behind must give way to the demo), so they are tested on their own with a
fixed time step and synthetic touches, and the app only forwards events and
obeys the commands this machine emits.

Modes and what moves between them::

    ATTRACT --first press--> ACTIVE (that press is swallowed: it only wakes the title)
    ACTIVE  --idle_seconds without input--> WARNING ("Still playing?", warning_seconds countdown)
    WARNING --any press--> ACTIVE (swallowed)      WARNING --countdown over--> ATTRACT
    any     --press held hold_seconds in the operator corner--> CODE (keypad)
    CODE    --right code--> OPERATOR     CODE --wrong code--> CODE (cleared; after max_attempts: back)
            (from the third wrong try in a row the keypad takes no digits for a while, longer after
            each: ``operator_lock.wait_after``; the count of wrong tries survives the keypad closing)
    CODE / OPERATOR --no input for code_timeout / idle_seconds--> back / ATTRACT
    OPERATOR --close--> the mode before the gesture (ATTRACT stays ATTRACT)
    SETUP   --end_setup--> ATTRACT or ACTIVE (the organiser chose the operator code; nothing else runs)

There is no default operator code: an empty code opens nothing (a code printed in the source
would let in anyone who reads it), and the first kiosk start asks the organiser to choose one
(SETUP: no idle reset, no gesture, every press goes to the screen).

Time only advances through :meth:`Kiosk.update`; nothing reads a clock.
"""

from __future__ import annotations

import hmac
import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from game.session.operator_lock import wait_after
from game.session.settings import Settings


class Mode(Enum):
    ATTRACT = "attract"
    ACTIVE = "active"
    WARNING = "warning"
    CODE = "code"
    OPERATOR = "operator"
    SETUP = "setup"


class Cmd(Enum):
    """What the app must do; emitted in order, collected by :meth:`Kiosk.update` / :meth:`Kiosk.take`."""

    WAKE = "wake"
    """Leave attract mode for the title screen."""
    WARN = "warn"
    """Show the "Still playing?" countdown over the current screen."""
    UNWARN = "unwarn"
    """Somebody is still there: hide the countdown, carry on."""
    ATTRACT = "attract"
    """Drop whatever is on screen (the autosave stays, if young enough) and start the demo."""
    KEYPAD = "keypad"
    """Show the operator code keypad."""
    WRONG_CODE = "wrong_code"
    CLOSE_KEYPAD = "close_keypad"
    OPERATOR = "operator"
    """Open the operator menu (settings, quit)."""
    CLOSE_OPERATOR = "close_operator"


CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")


@dataclass(frozen=True)
class KioskConfig:
    idle_seconds: float = 90.0
    warning_seconds: float = 10.0
    hold_seconds: float = 3.0
    corner: str = "top-left"
    corner_size: int = 110
    """Side of the square, in logical pixels, where the operator presses."""
    code: str = ""
    """An operator code compared as it is (tests, ``--operator-code``); empty: none."""
    check: Callable[[str], bool] | None = None
    """The cabinet's check of a typed code (``OperatorLock.verify``: the code file's hash), tried
    after :attr:`code`."""
    screen: tuple[int, int] = (1280, 720)
    code_timeout: float = 30.0
    max_attempts: int = 3
    max_code_length: int = 8

    def __post_init__(self) -> None:
        if self.corner not in CORNERS:
            raise ValueError(f"the operator corner is one of {', '.join(CORNERS)}, not {self.corner!r}")
        if self.code and not (self.code.isascii() and self.code.isdigit()):
            raise ValueError("the operator code is digits only")
        for name in ("idle_seconds", "warning_seconds", "hold_seconds", "code_timeout"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"{name} must be a positive number of seconds, not {value!r}")

    def in_corner(self, pos: tuple[float, float]) -> bool:
        """True when ``pos`` (logical pixels) is in the operator corner.

        A position beyond the picture (on a letterbox bar, where the logical coordinates go below
        0 or past the width or height) next to the corner counts too: a finger pushed into the
        corner of an 800x480 screen lands on its 15-pixel bar.
        """
        x, y = pos
        w, h = self.screen
        s = self.corner_size
        horizontal = x < s if self.corner.endswith("left") else x >= w - s
        vertical = y < s if self.corner.startswith("top") else y >= h - s
        return horizontal and vertical


def kiosk_config(
    settings: Settings, screen: tuple[int, int], check: Callable[[str], bool] | None = None
) -> KioskConfig:
    """The kiosk's rules as the operator set them, for a picture ``screen`` logical pixels large;
    ``check``: the code file's test of a typed code."""
    return KioskConfig(
        idle_seconds=float(settings.idle_seconds),
        corner=settings.operator_corner,
        code=settings.operator_code,
        check=check,
        hold_seconds=settings.operator_hold,
        screen=screen,
    )


class Kiosk:
    """The machine. Feed it presses, releases, motion, other activity and time; read its commands."""

    def __init__(self, config: KioskConfig | None = None, start: Mode = Mode.ATTRACT) -> None:
        self.config = config or KioskConfig()
        self.mode = start
        self.idle = 0.0
        """Seconds since the last input (in ACTIVE, CODE and OPERATOR)."""
        self.warning_left = 0.0
        self.entered = ""
        """The digits typed on the keypad so far (the screen shows them as dots)."""
        self.attempts = 0
        self.failures = 0
        """Wrong codes in a row (kept over keypads and, through the app, over restarts)."""
        self.wait_left = 0.0
        """Seconds before the keypad takes a code again (see ``operator_lock.wait_after``)."""
        self._before_gesture = Mode.ACTIVE
        self.quiet = False
        """A tournament match is on screen: no idle reset (its players may think as long as their
        clocks allow; the operator ends an abandoned match from the operator menu)."""
        self._hold: float | None = None
        self._swallow_release = False
        self._out: list[Cmd] = []

    # -- reading ---------------------------------------------------------------------------

    def take(self) -> list[Cmd]:
        """The commands emitted since the last call, oldest first."""
        out, self._out = self._out, []
        return out

    @property
    def seconds_left(self) -> int:
        """The countdown as the screen shows it: whole seconds, rounded up."""
        return max(0, math.ceil(self.warning_left - 1e-9))

    @property
    def hold_progress(self) -> float:
        """0..1 while a press in the operator corner is being held (for a subtle progress ring)."""
        if self._hold is None:
            return 0.0
        return min(1.0, self._hold / self.config.hold_seconds)

    # -- input -----------------------------------------------------------------------------

    def press(self, pos: tuple[float, float]) -> bool:
        """A finger or button went down at ``pos``; True when the app must not pass it on."""
        self.idle = 0.0
        quiet = (Mode.CODE, Mode.OPERATOR, Mode.SETUP)
        self._hold = 0.0 if self.config.in_corner(pos) and self.mode not in quiet else None
        if self.mode is Mode.ATTRACT:
            self.mode = Mode.ACTIVE
            self._out.append(Cmd.WAKE)
            self._swallow_release = True
            return True
        if self.mode is Mode.WARNING:
            self.mode = Mode.ACTIVE
            self.warning_left = 0.0
            self._out.append(Cmd.UNWARN)
            self._swallow_release = True
            return True
        return False

    def release(self, pos: tuple[float, float]) -> bool:
        """The finger or button came up; True when the app must not pass it on."""
        del pos
        self._hold = None
        swallow = self._swallow_release
        self._swallow_release = False
        return swallow

    def motion(self, pos: tuple[float, float], pressed: bool) -> bool:
        """The pointer moved; a drag out of the corner cancels the gesture. True = do not pass on."""
        if pressed:
            self.idle = 0.0
        if self._hold is not None and not self.config.in_corner(pos):
            self._hold = None
        return pressed and self._swallow_release

    def key(self) -> bool:
        """A key or controller button: an arcade cabinet's stick and buttons are visitors' hands too.

        It wakes the demo and answers the countdown like a touch (True: swallowed), else it is activity.
        """
        if self.mode is Mode.ATTRACT:
            self.idle = 0.0
            self.mode = Mode.ACTIVE
            self._out.append(Cmd.WAKE)
            return True
        return self.activity()

    # -- the first start: choosing the operator code -----------------------------------------

    def begin_setup(self) -> None:
        """The organiser is choosing the operator code: nothing times out, no gesture, no demo."""
        self.mode = Mode.SETUP
        self.idle = self.warning_left = 0.0
        self._hold = None

    def end_setup(self, mode: Mode = Mode.ATTRACT) -> None:
        """The code is chosen: on to the demo (or ACTIVE, a resumed game)."""
        if self.mode is Mode.SETUP:
            self.mode = mode
            self.idle = 0.0

    def activity(self) -> bool:
        """Any other input (a key, the wheel): resets the idle timer like a press; True = swallowed."""
        if self.mode is Mode.ATTRACT:
            self.idle = 0.0
            return False  # a key press in the demo does not wake it: a cabinet has no keyboard visitors use
        if self.mode is Mode.WARNING:
            self.mode = Mode.ACTIVE
            self.warning_left = 0.0
            self._out.append(Cmd.UNWARN)
            self.idle = 0.0
            return True
        self.idle = 0.0
        return False

    # -- keypad and operator menu ----------------------------------------------------------

    @property
    def wait_seconds(self) -> int:
        """The slow-down as the keypad shows it: whole seconds, rounded up (0: codes are taken)."""
        return max(0, math.ceil(self.wait_left - 1e-9))

    def check_code(self, code: str) -> bool | None:
        """Whether ``code`` is the operator's, counting a wrong one towards the slow-down; None when
        nothing was tried (an empty code, or the keypad is still waiting)."""
        if not code or self.wait_left > 0:
            return None
        cfg = self.config
        right = bool(cfg.code) and hmac.compare_digest(code.encode(), cfg.code.encode())
        if not right and cfg.check is not None:
            right = cfg.check(code)
        if right:
            self.failures = 0
            return True
        self.failures += 1
        self.wait_left = wait_after(self.failures)
        return False

    def digit(self, d: int | str) -> None:
        """A keypad digit (CODE mode only, and not while the keypad waits; ignored otherwise)."""
        if self.mode is not Mode.CODE or self.wait_left > 0:
            return
        self.idle = 0.0
        text = str(d)
        if len(text) == 1 and text.isdigit() and len(self.entered) < self.config.max_code_length:
            self.entered += text

    def backspace(self) -> None:
        if self.mode is Mode.CODE:
            self.idle = 0.0
            self.entered = self.entered[:-1]

    def submit(self) -> bool:
        """Check the typed code; True when it opened the operator menu."""
        if self.mode is not Mode.CODE:
            return False
        self.idle = 0.0
        verdict = self.check_code(self.entered)
        if verdict is None:  # Enter on an empty keypad, or while it waits: not a try
            self.entered = ""
            return False
        if verdict:
            self.entered = ""
            self.attempts = 0
            self.mode = Mode.OPERATOR
            self._out.append(Cmd.OPERATOR)
            return True
        self.entered = ""
        self.attempts += 1
        self._out.append(Cmd.WRONG_CODE)
        if self.attempts >= self.config.max_attempts:
            self._leave_code()
        return False

    def cancel(self) -> None:
        """Close the keypad (CODE) or the operator menu (OPERATOR) and return to where the gesture began."""
        if self.mode is Mode.CODE:
            self._leave_code()
        elif self.mode is Mode.OPERATOR:
            self.mode = self._before_gesture
            self.idle = 0.0
            self._out.append(Cmd.CLOSE_OPERATOR)

    def reset_to_attract(self) -> None:
        """The app went to attract mode on its own (operator chose "back to the demo")."""
        self.mode = Mode.ATTRACT
        self.idle = self.warning_left = 0.0
        self.entered = ""
        self._hold = None

    def _leave_code(self) -> None:
        self.entered = ""
        self.attempts = 0
        self.mode = self._before_gesture
        self.idle = 0.0
        self._out.append(Cmd.CLOSE_KEYPAD)

    # -- time ------------------------------------------------------------------------------

    def update(self, dt: float) -> list[Cmd]:
        """Advance by ``dt`` seconds (the app's fixed step) and return the commands to obey."""
        if dt > 0:
            self._tick(dt)
        return self.take()

    def _tick(self, dt: float) -> None:
        cfg = self.config
        self.wait_left = max(0.0, self.wait_left - dt)
        if self._hold is not None:
            self._hold += dt
            if self._hold >= cfg.hold_seconds:
                self._hold = None
                self._before_gesture = self.mode if self.mode is not Mode.WARNING else Mode.ACTIVE
                self.mode = Mode.CODE
                self.entered = ""
                self.attempts = 0
                self.idle = 0.0
                self._swallow_release = True
                self._out.append(Cmd.KEYPAD)
                return
        if self.mode in (Mode.ATTRACT, Mode.SETUP):
            return
        if self.mode is Mode.WARNING:
            self.warning_left -= dt
            if self.warning_left <= 0:
                self.warning_left = 0.0
                self.mode = Mode.ATTRACT
                self.idle = 0.0
                self._out.append(Cmd.ATTRACT)
            return
        if self._hold is not None:
            return  # a finger is down: somebody is here
        self.idle += dt
        if self.mode is Mode.ACTIVE and self.idle >= cfg.idle_seconds and not self.quiet:
            self.mode = Mode.WARNING
            self.warning_left = cfg.warning_seconds
            self._out.append(Cmd.WARN)
        elif self.mode is Mode.CODE and self.idle >= cfg.code_timeout:
            self._leave_code()
        elif self.mode is Mode.OPERATOR and self.idle >= cfg.idle_seconds:
            # An operator who walked away must not leave Quit within a visitor's reach.
            self.mode = Mode.ATTRACT
            self.idle = 0.0
            self._out.append(Cmd.CLOSE_OPERATOR)
            self._out.append(Cmd.ATTRACT)
