"""The commands a keyboard, a game controller or an arcade panel can give, and their default keys.

Why here and not beside the key handling: the settings validate the operator's key map against
this list, and the settings are part of the session, which never imports pygame. The screen
(:mod:`game.ui.controls`) turns these names into key codes.
"""

from __future__ import annotations

from enum import StrEnum


class Command(StrEnum):
    """A command; its value is the name the settings file's key map stores."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    SELECT = "select"
    HIGHER = "higher"
    LOWER = "lower"
    UNDO = "undo"
    DONE = "done"
    DOUBLE = "double"
    TAKE = "take"
    PASS = "pass"
    HINT = "hint"
    MENU = "menu"


COMMANDS: tuple[Command, ...] = tuple(Command)

DEFAULT_KEYS: dict[Command, tuple[str, ...]] = {
    Command.UP: ("up",),
    Command.DOWN: ("down",),
    Command.LEFT: ("left",),
    Command.RIGHT: ("right",),
    Command.SELECT: ("return", "space", "enter"),
    Command.HIGHER: (".",),
    Command.LOWER: (",",),
    Command.UNDO: ("backspace",),
    Command.DONE: ("r",),
    Command.DOUBLE: ("d",),
    Command.TAKE: ("t",),
    Command.PASS: ("p",),
    Command.HINT: ("h",),
    Command.MENU: ("escape",),
}
"""Key names as ``pygame.key.name`` writes them ("enter" is the keypad's)."""

__all__ = ["COMMANDS", "DEFAULT_KEYS", "Command"]
