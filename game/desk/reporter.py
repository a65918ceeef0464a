"""A board where people play: each game of the desk's match that ends becomes a report in the outbox.

Listens to the game's events like the cabinet's own tournament desk does (``game.session.local_tournament``):
when a game of the match the desk gave this board ends, its record so far (the App's match recorder)
goes into the board's outbox as a game report and is sent; when the match ends, the result waits for
the loser's confirmation on the board (:attr:`BoardReporter.confirm`, which the board's screen sets:
a dialog) and then goes the same way. No pygame; the sending is :class:`game.desk.service.BoardLink`'s.

The match is played as a plain two-player match with the players' names (``GameSetup.tournament`` is
left empty, so the cabinet's own tournament, if it has one, never scores it) and the desk's dice
secret (``GameSetup.secret``, opened from the terms' ``sealed`` with the board's key by the board's
screen: the terms this reporter holds carry it sealed only): the dice anyone can check are the desk's.

A game report of a clocked match carries the banks left (``banks``): should the director move the
match to another board, it goes on there with them.

While the match is played, every roll, play, cube action and the clock's own few-second ticks give
the desk a sign of life with the match clock (``BoardLink.live``): the desk's screen shows the clocks
and calls a silent board late.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game.record import MatchRecord, RecordError, check_match, write_mat
from game.session import events as ev

from . import protocol as pr
from .board import report_id
from .service import BoardLink

log = logging.getLogger(__name__)


class BoardReporter:
    """See the module docstring. ``record``: the App's match recorder's record so far."""

    def __init__(self, record: Callable[[], MatchRecord | None]) -> None:
        self.record = record
        self.link: BoardLink | None = None
        self.terms: dict[str, Any] | None = None
        """The desk's terms of the match being played here (None: no desk match on this board)."""
        self.confirm: Callable[[], None] = self.confirmed
        """Asks the loser to confirm :attr:`pending` (the board's screen sets a dialog here), which then
        calls :meth:`confirmed`; by default the result goes at once."""
        self.pending: tuple[str, str, dict[str, Any]] | None = None
        """The result waiting for the loser's confirmation: the winner's name, the score, the report."""
        self.sent: list[dict[str, Any]] = []

    def play(self, link: BoardLink, terms: dict[str, Any]) -> None:
        """The next games played on this screen are the desk's match ``terms``."""
        self.link, self.terms = link, terms

    def __call__(self, event: ev.GameEvent) -> None:
        if self.terms is None or self.link is None:
            return
        names = event.game.setup.names
        if names is None or list(names) != list(self.terms["names"]):
            return  # another game on this screen (the desk's match was left)
        if isinstance(event, ev.GameOver | ev.MatchOver):
            self._report(isinstance(event, ev.MatchOver), event.game)
        if isinstance(event, ev.MatchOver):
            self.link.live(None)
        elif not isinstance(event, ev.SoundCue):
            self.link.live(self.beat(event.game))

    def beat(self, game: ev.GameView) -> dict[str, Any]:
        """The "live" body for the desk: the match, and the clock's banks and whose runs if it has one."""
        assert self.terms is not None
        body: dict[str, Any] = {"match": str(self.terms["match"])}
        timer = game.timer
        if timer is not None:
            body["banks"] = [timer.shown(0)[1], timer.shown(1)[1]]
            if timer.running is not None:
                body["running"] = timer.running
        return body

    def _report(self, match_over: bool, game: ev.GameView) -> None:
        assert self.terms is not None and self.link is not None
        record = self.record()
        if record is None:
            log.error("board: the match's record is lost; nothing to report")
            return
        finished = MatchRecord(
            record.rules, record.names, tuple(g for g in record.games if g.finished), record.metadata
        )
        try:
            played = check_match(finished)
        except RecordError as exc:
            log.error("board: the record does not replay (%s); not reported", exc)
            return
        if played.is_over != match_over:
            return  # the last game: its report is the result, made when the match ends
        kind = pr.ReportKind.RESULT if match_over else pr.ReportKind.GAME
        report: dict[str, Any] = {
            "report_id": report_id(str(self.terms["match"]), played.games, kind),
            "match": str(self.terms["match"]),
            "kind": kind.value,
            "game": played.games,
            "score": list(played.score),
            "mat": write_mat(finished),
        }
        if game.timer is not None and not match_over:  # the banks go on with the match if it moves
            report["banks"] = [game.timer.shown(0)[1], game.timer.shown(1)[1]]
        if match_over:
            report["winner"] = played.winner
        if match_over:
            assert played.winner is not None
            winner = str(self.terms["names"][played.winner])  # as typed (the record keeps plain ASCII)
            self.pending = (winner, f"{played.score[0]}-{played.score[1]}", report)
            self.confirm()
        else:
            self._send(report)

    def confirmed(self) -> None:
        """The loser confirmed the result waiting: it goes to the outbox and the desk."""
        if self.pending is not None:
            self._send(self.pending[2])
            self.pending = None
            self.terms = None

    def _send(self, report: dict[str, Any]) -> None:
        assert self.link is not None
        self.link.client.queue(report)
        self.sent.append(report)
        self.link.refresh(soon=True)


__all__ = ["BoardReporter"]
