"""Raw pygame events become intents; scenes never look at raw mouse buttons.

Why a separate layer: the same gesture arrives from a mouse, a touchscreen (SDL
also sends mouse events made from touches, with ``event.touch`` True) or a test.
Only mouse events are read (finger events are ignored), so a touch acts exactly
once. Timers here advance by the fixed update step, never by the clock, so a long
press is testable.

Intents:
- ``down``: a press started (buttons light up); ``click``: released without moving;
- ``double``: the second press of a double-click (``event.clicks >= 2``, pygame-ce 2.5.7+);
  its first press already produced a harmless ``click``; the release is swallowed;
- ``right``: a right-button press; ``long``: a touch held still for ``LONG_PRESS`` seconds;
- ``drag_start`` (pos = where the press began), ``drag``, ``drop``;
- ``nav`` with ``command`` set (``up`` ... ``select``, ``higher``, ``undo``, ``done``: see
  :mod:`game.ui.controls`) from a mapped key or a game controller, ``key`` set for a key;
- ``key`` for any other key; ``back`` for Menu: Escape, the Android back button, a controller's Back;
- ``text`` with ``text`` set: what the keys typed, only while a screen that takes text is on top.
Presses outside the logical screen (in the letterbox bars) are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame

from game.session.commands import Command
from game.ui import controls
from game.ui.layout import H, W

DRAG_THRESHOLD = 10.0
LONG_PRESS = 0.55


class IntentKind(Enum):
    """What a gesture or key meant (the module's docstring says when each comes). Not a string: an
    intent is never stored or sent, and a comparison with a bare word is a type error."""

    DOWN = "down"
    CLICK = "click"
    DOUBLE = "double"
    RIGHT = "right"
    LONG = "long"
    DRAG_START = "drag_start"
    DRAG = "drag"
    DROP = "drop"
    NAV = "nav"
    KEY = "key"
    BACK = "back"
    TEXT = "text"


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    pos: tuple[int, int] = (0, 0)
    key: int = 0
    touch: bool = False
    command: Command | None = None
    text: str = ""
    """A ``text`` intent's characters (``á`` typed on a Hungarian keyboard): see ``wants_text``."""


def _inside(pos: tuple[int, int]) -> bool:
    return 0 <= pos[0] < W and 0 <= pos[1] < H


class InputMapper:
    """Turns a stream of pygame events (plus fixed-step time) into :class:`Intent` values."""

    def __init__(self) -> None:
        self.pressed = False
        self.press_pos = (0, 0)
        self.press_touch = False
        self.press_time = 0.0
        self.dragging = False
        self.swallow_release = False
        self.keys: dict[int, Command] = controls.keymap()
        """Key code -> command (the operator's map; :meth:`App.apply_settings` sets it)."""
        self.sticks = controls.Sticks()
        self.gamepads: controls.Gamepads | None = None
        """Opened on the first controller event (SDL's controller subsystem is not needed before)."""
        self.wants_text = False
        """A screen that takes typed text is on top: the characters keys type come as ``text`` intents
        (SDL's text input: accented letters, a layout's own keys); other screens never see them."""

    @property
    def busy(self) -> bool:
        """A press is in progress (a long press may fire): keep the loop stepping."""
        return self.pressed

    def feed(self, event: pygame.event.Event) -> list[Intent]:
        t = event.type
        if t == pygame.MOUSEBUTTONDOWN:
            return self._down(event)
        if t == pygame.MOUSEBUTTONUP:
            return self._up(event)
        if t == pygame.MOUSEMOTION:
            return self._motion(event)
        if t == pygame.KEYDOWN:
            command = self.keys.get(event.key)
            if command == Command.MENU or event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
                return [Intent(IntentKind.BACK, key=event.key)]
            if command:
                return [Intent(IntentKind.NAV, key=event.key, command=command)]
            return [Intent(IntentKind.KEY, key=event.key)]
        if t == pygame.TEXTINPUT:
            return [Intent(IntentKind.TEXT, text=str(event.text))] if self.wants_text else []
        if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION, pygame.CONTROLLERDEVICEADDED):
            return self._controller(event)
        return []

    def _controller(self, event: pygame.event.Event) -> list[Intent]:
        t = event.type
        if t == pygame.CONTROLLERDEVICEADDED:
            if self.gamepads is None:
                self.gamepads = controls.Gamepads()
            self.gamepads.added(int(getattr(event, "device_index", 0)))
            return []
        if t == pygame.CONTROLLERBUTTONDOWN:
            command = controls.CONTROLLER_BUTTONS.get(int(getattr(event, "button", -1)))
        else:
            instance = int(getattr(event, "instance_id", 0))
            command = self.sticks.motion(
                instance, int(getattr(event, "axis", -1)), int(getattr(event, "value", 0))
            )
        if command is None:
            return []
        if command == Command.MENU:
            return [Intent(IntentKind.BACK)]
        return [Intent(IntentKind.NAV, command=command)]

    def _down(self, event: pygame.event.Event) -> list[Intent]:
        pos = (int(event.pos[0]), int(event.pos[1]))
        touch = bool(getattr(event, "touch", False))
        if not _inside(pos):
            return []
        button = getattr(event, "button", 1)
        if button == 3:
            return [Intent(IntentKind.RIGHT, pos, touch=touch)]
        if button != 1:
            return []
        clicks = int(getattr(event, "clicks", 1) or 1)
        if clicks >= 2 and not self.pressed:
            self.pressed = False
            self.swallow_release = True
            return [Intent(IntentKind.DOUBLE, pos, touch=touch)]
        self.pressed = True
        self.press_pos = pos
        self.press_touch = touch
        self.press_time = 0.0
        self.dragging = False
        self.swallow_release = False
        return [Intent(IntentKind.DOWN, pos, touch=touch)]

    def _motion(self, event: pygame.event.Event) -> list[Intent]:
        pos = (int(event.pos[0]), int(event.pos[1]))
        pos = (min(max(pos[0], 0), W - 1), min(max(pos[1], 0), H - 1))
        if not self.pressed:
            return []
        if self.dragging:
            return [Intent(IntentKind.DRAG, pos, touch=self.press_touch)]
        dx = pos[0] - self.press_pos[0]
        dy = pos[1] - self.press_pos[1]
        if dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD:
            self.dragging = True
            return [
                Intent(IntentKind.DRAG_START, self.press_pos, touch=self.press_touch),
                Intent(IntentKind.DRAG, pos, touch=self.press_touch),
            ]
        return []

    def _up(self, event: pygame.event.Event) -> list[Intent]:
        if getattr(event, "button", 1) != 1:
            return []
        pos = (int(event.pos[0]), int(event.pos[1]))
        if self.swallow_release:
            self.swallow_release = False
            self.pressed = False
            return []
        if not self.pressed:
            return []
        self.pressed = False
        if self.dragging:
            self.dragging = False
            clamped = (min(max(pos[0], 0), W - 1), min(max(pos[1], 0), H - 1))
            return [Intent(IntentKind.DROP, clamped, touch=self.press_touch)]
        return [Intent(IntentKind.CLICK, self.press_pos, touch=self.press_touch)]

    def update(self, dt: float) -> list[Intent]:
        """Advance the long-press timer by one fixed step."""
        if not self.pressed or self.dragging or not self.press_touch:
            return []
        self.press_time += dt
        if self.press_time >= LONG_PRESS:
            self.pressed = False
            return [Intent(IntentKind.LONG, self.press_pos, touch=True)]
        return []

    def cancel(self) -> None:
        """Forget a press in progress (a scene changed under the finger)."""
        self.pressed = False
        self.dragging = False
        self.swallow_release = False
