"""The rules of backgammon, pure standard-library Python.

No pygame, no clock, no global random: callers pass a ``random.Random``.
Everything here is an immutable value; every rule of the game lives here.
"""

from .errors import IllegalAction, NotationError, PositionError, RulesError
from .moves import BAR_POINT, OFF, Move, Play, legal_plays, max_dice_playable, single_moves
from .position import Position
from .turn import Turn

__all__ = [
    "BAR_POINT",
    "OFF",
    "IllegalAction",
    "Move",
    "NotationError",
    "Play",
    "Position",
    "PositionError",
    "RulesError",
    "Turn",
    "legal_plays",
    "max_dice_playable",
    "single_moves",
]
