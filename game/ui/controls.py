"""Play without a pointer: the keyboard map, game controllers, and moving a focus between things on screen.

Keys and controller buttons become ``nav`` intents carrying a command (``up``,
``select``, ``higher``, ``undo``, ``done`` ...), the same for every device, so a scene
handles "select" once whether it came from Enter, a controller's A button or an
arcade encoder that presents itself as a keyboard. The operator can remap keys
(``Settings.keys``); Escape always means Menu, so a broken map never locks anyone in.

Focus: :func:`nearest` picks, among places on screen, the closest one in a
direction; buttons, checkers and points all use it, so the cursor moves where the
eye expects on any layout (home board left or right).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from types import ModuleType

import pygame

from game.session.commands import COMMANDS, DEFAULT_KEYS, Command

DIRECTIONS: dict[Command, tuple[int, int]] = {
    Command.UP: (0, -1),
    Command.DOWN: (0, 1),
    Command.LEFT: (-1, 0),
    Command.RIGHT: (1, 0),
}

CONTROLLER_BUTTONS: dict[int, Command] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: Command.UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Command.DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Command.LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Command.RIGHT,
    pygame.CONTROLLER_BUTTON_A: Command.SELECT,
    pygame.CONTROLLER_BUTTON_B: Command.UNDO,
    pygame.CONTROLLER_BUTTON_X: Command.HIGHER,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Command.LOWER,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Command.HIGHER,
    pygame.CONTROLLER_BUTTON_Y: Command.HINT,
    pygame.CONTROLLER_BUTTON_START: Command.DONE,
    pygame.CONTROLLER_BUTTON_BACK: Command.MENU,
}
STICK_ON = 0.55
"""A stick pushed this far (of full travel) is one step in its direction..."""
STICK_OFF = 0.3
"""...and must come back inside this before it steps again."""
_AXIS_MAX = 32767.0


def key_codes(names: Iterable[str]) -> tuple[int, ...]:
    """The key codes of ``names``; a name pygame does not know is left out."""
    codes = []
    with warnings.catch_warnings():
        # Names of keys are fixed by SDL: before pygame.init() the lookup is just as right, but warns.
        warnings.simplefilter("ignore")
        for name in names:
            try:
                codes.append(pygame.key.key_code(name))
            except ValueError:
                continue
    return tuple(codes)


def keymap(overrides: Mapping[str, str] | None = None) -> dict[int, Command]:
    """Key code -> command: the defaults, with each overridden command's keys replaced by the one given.

    Escape stays Menu whatever the map says (the way out of every screen).
    """
    names = dict(DEFAULT_KEYS)
    for word, name in (overrides or {}).items():
        if word in names and key_codes([name]):
            names[Command(word)] = (name,)
    out: dict[int, Command] = {}
    for command in COMMANDS:
        for code in key_codes(names[command]):
            out.setdefault(code, command)
    out[pygame.K_ESCAPE] = Command.MENU
    return out


def key_label(command: Command, overrides: Mapping[str, str] | None = None) -> str:
    """The key a command is on, as people write it ("R", "Enter"), for the settings screen and help."""
    names = (overrides or {}).get(command)
    name = names if names else DEFAULT_KEYS[command][0]
    return name.title() if len(name) > 1 else name.upper()


class Sticks:
    """Turns analogue stick travel into single direction steps (with hysteresis, per axis)."""

    def __init__(self) -> None:
        self._held: dict[tuple[int, int], int] = {}

    def motion(self, instance: int, axis: int, value: int) -> Command | None:
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return None
        amount = value / _AXIS_MAX
        key = (instance, axis)
        held = self._held.get(key, 0)
        if held and abs(amount) < STICK_OFF:
            self._held[key] = 0
            return None
        if held or abs(amount) < STICK_ON:
            return None
        sign = 1 if amount > 0 else -1
        self._held[key] = sign
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            return Command.RIGHT if sign > 0 else Command.LEFT
        return Command.DOWN if sign > 0 else Command.UP


class Gamepads:
    """Opens every game controller SDL maps, plugged in before the start or after it."""

    def __init__(self) -> None:
        self.open: dict[int, object] = {}
        self._module: ModuleType | None = None
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._module = controller
        except (ImportError, pygame.error):
            self._module = None

    def added(self, device_index: int) -> None:
        module = self._module
        if module is None:
            return
        try:
            pad = getattr(module, "Controller")(device_index)  # noqa: B009 - not in the stubs
        except (pygame.error, ValueError, IndexError):
            return
        self.open[device_index] = pad


def nearest(
    origin: tuple[float, float], places: Sequence[tuple[float, float]], direction: Command
) -> int | None:
    """The index of the place closest to ``origin`` in ``direction``, or None when nothing lies that way.

    Distance along the direction counts once, distance across it twice: the cursor
    prefers what is straight ahead to what is near but off to the side.
    """
    dx, dy = DIRECTIONS[direction]
    best: tuple[float, int] | None = None
    for i, (x, y) in enumerate(places):
        ax, ay = x - origin[0], y - origin[1]
        along = ax * dx + ay * dy
        if along <= 1:
            continue
        across = abs(ax * dy) + abs(ay * dx)
        score = along + 2 * across
        if best is None or score < best[0]:
            best = (score, i)
    return None if best is None else best[1]


__all__ = [
    "COMMANDS",
    "CONTROLLER_BUTTONS",
    "DEFAULT_KEYS",
    "DIRECTIONS",
    "Gamepads",
    "Sticks",
    "key_codes",
    "key_label",
    "keymap",
    "nearest",
]
