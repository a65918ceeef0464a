"""The director's word at the desk's own screen: the networked desk as the tournament's screens call it.

Why an adapter and not the screens calling :class:`~game.desk.desk.Desk`: the tournament's screens
(correct a result, take it back, withdraw a player or bring one back; ``game.ui.tournament``) already
work on one cabinet through :class:`game.tournament.director.Director`. Given this object, the same
screens change the desk's tournament: each change goes through the desk (one database transaction
with its audit line, the boards following the draw), never past it. The desk answers in the
network's terms (``ProtocolError``); the screens get the tournament's refusal with its catalogue key.
"""

from __future__ import annotations

from collections.abc import Callable

from game.tournament import TMatch, Tournament, TournamentError

from . import protocol as pr
from .desk import Desk


class DeskDirector:
    """See the module docstring; the log names the changes "director"."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    @property
    def tournament(self) -> Tournament | None:
        return self.desk.tournament

    def _match(self, match_id: str) -> TMatch:
        t = self.desk.tournament
        if t is None:
            raise TournamentError("tourney.error.none", "there is no tournament")
        return t.match(match_id)

    def _place(self, match_id: str, player: int) -> int:
        """The desk takes the winner's place in the match (0 or 1), the screens a player index."""
        m = self._match(match_id)
        if player not in m.players:
            raise TournamentError("tourney.error.not_in_match", "the winner must be one of the two players")
        return m.players.index(player)

    @staticmethod
    def _ask(change: Callable[[], object]) -> None:
        try:
            change()
        except pr.ProtocolError as exc:
            if isinstance(exc.__cause__, TournamentError):
                raise exc.__cause__ from None
            raise TournamentError("desk.refused", str(exc), why=str(exc)) from exc

    def enter_typed(self, match_id: str, winner: int, score: tuple[int, int]) -> TMatch:
        place = self._place(match_id, winner)
        self._ask(lambda: self.desk.correct(match_id, place, score))
        return self._match(match_id)

    def correct(self, match_id: str, winner: int, score: tuple[int, int]) -> TMatch:
        place = self._place(match_id, winner)
        self._ask(lambda: self.desk.correct(match_id, place, score))
        return self._match(match_id)

    def clear(self, match_id: str) -> TMatch:
        self._ask(lambda: self.desk.clear(match_id))
        return self._match(match_id)

    def withdraw(self, player: int) -> None:
        self._ask(lambda: self.desk.withdraw(player))

    def reinstate(self, player: int) -> list[str]:
        again: list[str] = []
        self._ask(lambda: again.extend(self.desk.reinstate(player)))
        return again


__all__ = ["DeskDirector"]
