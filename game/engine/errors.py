"""The engine's error types.

Like python-chess, every error the rules raise is a ``ValueError``, so a caller
that only wants "was that allowed?" catches one type, and the message is
always a sentence a player can read.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the engine raises; the message is meant for a player."""


class PositionError(RulesError):
    """A position that cannot occur, or a Position ID / Match ID that cannot be decoded."""


class IllegalAction(RulesError):
    """An action the rules do not allow in the current state of the game."""


class NotationError(RulesError):
    """A move written in a way that cannot be read."""
