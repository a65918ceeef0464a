"""What a listener reads of a game's set-up (``game.session.controller.GameSetup``), as a protocol of
its own so that the events, the saved terms and the controller need not import each other."""

from __future__ import annotations

from typing import Protocol

from game.session.modes import GameMode


class SetupView(Protocol):
    """The set-up's parts a listener reads: the kind of game, the players' names, the tournament match,
    whether the aids are allowed (events, issue 27)."""

    @property
    def mode(self) -> GameMode: ...

    @property
    def names(self) -> tuple[str, str] | None: ...

    @property
    def tournament(self) -> str | None: ...

    @property
    def aids(self) -> bool: ...


__all__ = ["SetupView"]
