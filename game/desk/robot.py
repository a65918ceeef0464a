"""A board whose matches the computer plays: the loop of a board without players.

Used by the multi-process test, the load benchmark and demonstrations; a real board's screen does
the same steps with people at the table (:mod:`game.ui.desk`). One step (:meth:`Robot.step`):
send what the outbox holds, make sure of the match in hand (the desk's word wins when it answers;
offline, the board goes on with the match it has), play one game, keep its report, and at the end
of the match keep the result (in a real board, after the loser confirmed it).
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from . import protocol as pr
from .board import BoardClient, Offline
from .play import MatchPlay

log = logging.getLogger(__name__)


class Robot:
    """See the module docstring. ``code``: the join code typed at this board."""

    def __init__(self, client: BoardClient, code: str, *, level: str = "beginner") -> None:
        self.client = client
        self.code = code
        self.level = level
        self.synced = False
        self.finished = False
        """The desk said the tournament is over and nothing is left to send."""

    def _join(self) -> None:
        if not self.client.joined or not self.synced:
            self.client.desk_id()  # the desk's clock, for the signatures
            self.synced = True
        if not self.client.joined:
            answer = self.client.join(self.code, self.client.desk_id())
            if not answer.ok:
                raise Offline(f"the desk refused the join: {answer.data.get('message')}")

    def _terms(self) -> dict[str, Any] | None:
        """The match to play now; the desk decides when it answers."""
        held = self.client.current()
        try:
            self._join()
            answer = self.client.post("/api/next", {"protocol": pr.PROTOCOL})
        except Offline:
            return held  # play on with the match in hand
        if not answer.ok:
            self.client.last_error = str(answer.data.get("message", answer.status))
            return held if answer.status >= 500 else None
        terms = answer.data.get("assignment")
        if not isinstance(terms, dict):
            if held is not None:
                log.info("board %s: match %s was taken from this board", self.client.board, held.get("match"))
                self.client.keep_current(None)
            self.finished = bool(answer.data.get("finished")) and not self.client.pending()
            return None
        if held is not None and held.get("match") == terms["match"]:
            return held  # this board's own record is at least as far as the desk's
        self.client.keep_current(terms)
        return terms

    def step(self) -> bool:
        """One step; False when there was nothing to play (the caller waits a little)."""
        with contextlib.suppress(Offline):
            self.client.flush()
        terms = self._terms()
        if terms is None:
            return False
        try:
            secret = self.client.secret(terms)
        except pr.SealError as exc:  # not this board's to play: the desk's word is waited for
            self.client.last_error = str(exc)
            log.error("board %s: match %s: %s", self.client.board, terms.get("match"), exc)
            return False
        names = (str(terms["names"][0]), str(terms["names"][1]))
        play = MatchPlay(
            str(terms["match"]),
            names,
            int(terms["length"]),
            secret,
            level=self.level,
            date=str(terms["date"]) or None,
            so_far=str(terms.get("so_far") or "") or None,
        )
        if not play.over:
            play.play_game()
        report = play.report()
        self.client.queue(report)
        if play.over:
            self.client.keep_current(None)
        else:
            self.client.keep_current({**terms, "so_far": report["mat"]})
        with contextlib.suppress(Offline):
            self.client.flush()
        return True

    def run(self, pace: float = 0.0, idle: float = 0.5, sleep: Callable[[float], None] = time.sleep) -> None:
        """Step until the tournament is over and every report is acknowledged."""
        while not self.finished:
            played = self.step()
            sleep(pace if played else idle)


__all__ = ["Robot"]
