"""The commands a keyboard, a game controller or an arcade panel can give, and their default keys.

Why here and not beside the key handling: the settings validate the operator's key map against
this list, and the settings are part of the session, which never imports pygame. The screen
(:mod:`game.ui.controls`) turns these names into key codes.
"""

from __future__ import annotations

COMMANDS: tuple[str, ...] = (
    "up",
    "down",
    "left",
    "right",
    "select",
    "higher",
    "lower",
    "undo",
    "done",
    "double",
    "take",
    "pass",
    "hint",
    "menu",
)

DEFAULT_KEYS: dict[str, tuple[str, ...]] = {
    "up": ("up",),
    "down": ("down",),
    "left": ("left",),
    "right": ("right",),
    "select": ("return", "space", "enter"),
    "higher": (".",),
    "lower": (",",),
    "undo": ("backspace",),
    "done": ("r",),
    "double": ("d",),
    "take": ("t",),
    "pass": ("p",),
    "hint": ("h",),
    "menu": ("escape",),
}
"""Key names as ``pygame.key.name`` writes them ("enter" is the keypad's)."""

__all__ = ["COMMANDS", "DEFAULT_KEYS"]
