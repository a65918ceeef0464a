"""The director's word as the tournament's screens call it: one contract for the cabinet's own
tournament and for the networked desk.

Why a contract: correcting a result, taking one back and withdrawing or bringing back a player are the
tournament's rules (:class:`Tournament`); who keeps the tournament differs. On one cabinet it is a
file (``game.session.local_tournament.LocalTournament``); at the networked desk it is a database
shared with the boards, which must also follow the draw (``game.desk.director.DeskDirector``). The
screens (``game.ui.tournament``: correct, result, withdraw) take either, so there is one set of
screens and one set of rules.
"""

from __future__ import annotations

from typing import Protocol

from .model import TMatch, Tournament


class Director(Protocol):
    """What the screens do to a tournament; every method raises ``TournamentError`` (with its
    catalogue key) when refused, and then nothing changed."""

    @property
    def tournament(self) -> Tournament | None: ...

    def enter_typed(self, match_id: str, winner: int, score: tuple[int, int]) -> TMatch:
        """A match played elsewhere: ``winner`` is a player index, ``score`` in the match's order."""
        ...

    def correct(self, match_id: str, winner: int, score: tuple[int, int]) -> TMatch:
        """A finished match's result put right."""
        ...

    def clear(self, match_id: str) -> TMatch:
        """A finished match's result taken back: it is to be played again."""
        ...

    def withdraw(self, player: int) -> None: ...

    def reinstate(self, player: int) -> list[str]:
        """A withdrawal undone; the matches to be played again."""
        ...


__all__ = ["Director"]
