"""The engine's error types.

Like python-chess, every error the rules raise is a ``ValueError``, so a caller
that only wants "was that allowed?" catches one type, and the message is
always a sentence a player can read.

Each error also carries a ``code`` (what went wrong, in one stable word) and the
``params`` a sentence about it needs. The English message is the engine's own (the
machine interface and the logs show it); a screen in another language looks the
code up in its catalogue instead (``engine.<code>``) and fills in the params, so no
screen ever has to read the English sentence back. A refusal (:class:`IllegalAction`)
always has a code the catalogues know.
"""

from __future__ import annotations

from collections.abc import Mapping


class RulesError(ValueError):
    """Base of every error the engine raises; the message is meant for a player."""

    def __init__(self, message: str, *, code: str, params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        """What went wrong, e.g. ``point_held``: the same whatever the message's wording."""
        self.params: dict[str, object] = dict(params or {})
        """The values the message names (numbers of points and dice; several dice as a tuple)."""

    def __reduce__(self) -> tuple[object, ...]:
        # The keyword-only code would be lost by ValueError's pickling (errors cross process pools).
        return (_rebuild, (type(self), str(self), self.code, self.params))


def _rebuild(kind: type[RulesError], message: str, code: str, params: dict[str, object]) -> RulesError:
    return kind(message, code=code, params=params)


class PositionError(RulesError):
    """A position that cannot occur, or a Position ID / Match ID that cannot be decoded."""


class IllegalAction(RulesError):
    """An action the rules do not allow in the current state of the game."""


class NotationError(RulesError):
    """A move written in a way that cannot be read."""
