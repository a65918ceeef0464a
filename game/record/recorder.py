"""The match recorder: a listener the game feeds with every action it applies.

Why a listener on engine transitions: the screen, the self-play tool and the tests
all drive a game through :func:`game.engine.apply`; whatever feeds the recorder the
triple ``(state before, action, state after)`` of each applied action gets the same
record, and the recorder needs no knowledge of how a turn was entered (drags, clicks,
undo: only the finished play is kept).

Interface (all the screen needs)::

    recorder = MatchRecorder(rules, names=("Anna", "Computer"))
    ...  # for every action the game applies, after apply() succeeded:
    recorder.observe(before, action, after)
    recorder.record()   # the MatchRecord so far (the game in progress included, unfinished)
    recorder.to_mat()   # the same as Jellyfish .mat text (game.record.mat.write_mat)

A new game starts when an action is applied to a game still waiting for its first
opening roll; an unfinished game left for a new one is dropped (abandoned games are
not part of a match sheet). Actions of a game the recorder did not see start (the
screen resumed an autosave without :meth:`MatchRecorder.resume`) are ignored and
counted in :attr:`MatchRecorder.missed`, never raised: recording must not break a game.
"""

from __future__ import annotations

import logging

from game.engine import (
    Action,
    Double,
    GameResult,
    GameState,
    Pass,
    Phase,
    Rules,
    Take,
)

from .model import GameRecord, MatchRecord, Ply, PlyKind, final_state

log = logging.getLogger(__name__)


def _same_point(a: GameState, b: GameState) -> bool:
    """The same moment of the same game (the fields a record determines; not how moves were ordered)."""
    return (
        a.phase is b.phase
        and a.position == b.position
        and a.turn == b.turn
        and a.cube == b.cube
        and a.score == b.score
        and a.crawford == b.crawford
        and a.dice == b.dice
        and a.moves == b.moves
    )


class MatchRecorder:
    """Collects the plies of every game of one match or session (see the module docstring)."""

    def __init__(
        self,
        rules: Rules,
        names: tuple[str, str] = ("Player 1", "Player 2"),
        metadata: tuple[tuple[str, str], ...] | None = None,
    ) -> None:
        """``metadata``: the file's header lines (None: :func:`~game.record.mat.default_metadata`)."""
        from .mat import default_metadata

        self.rules = rules
        self.names = names
        self.metadata = default_metadata(names, rules) if metadata is None else metadata
        self.missed = 0
        """Actions ignored because the recorder was not following their game."""
        self._games: list[GameRecord] = []
        self._plies: list[Ply] = []
        self._start: GameState | None = None
        self._last: GameState | None = None
        self._result: GameResult | None = None

    # -- the listener ---------------------------------------------------------------------------

    def observe(self, before: GameState, action: Action, after: GameState) -> None:
        """Record what ``action`` did; call it after every successful ``apply(before, action)``."""
        if before.phase is Phase.OPENING and before.opening is None:
            self._begin(before)
        elif self._last is None or not _same_point(before, self._last):
            self.missed += 1
            if self._last is not None:
                log.warning("recorder lost track of the game; the rest of this game is not recorded")
                self._drop_current()
            return
        self._last = after
        ply = self._ply_of(before, action, after)
        if ply is not None:
            self._plies.append(ply)
        if after.phase is Phase.GAME_OVER and after.result is not None:
            self._finish(after.result)

    def _ply_of(self, before: GameState, action: Action, after: GameState) -> Ply | None:
        if isinstance(action, Double):
            return Ply(before.turn, PlyKind.DOUBLE, cube=2 * before.cube.value)
        if isinstance(action, Take):
            return Ply(1 - before.turn, PlyKind.TAKE)
        if isinstance(action, Pass):
            return Ply(1 - before.turn, PlyKind.PASS)
        if before.phase is Phase.MOVING and after.phase is not Phase.MOVING:
            # The turn is complete: EndTurn, or the last checker borne off.
            moves = after.last_play if after.phase is Phase.GAME_OVER else before.turn_state().moves
            assert before.dice is not None  # a turn being moved has its dice
            return Ply(before.turn, PlyKind.ROLL, dice=before.dice, moves=moves)
        return None

    def _begin(self, state: GameState) -> None:
        self._drop_current()
        self._start = state
        self._last = state

    def _drop_current(self) -> None:
        if self._start is not None and self._plies:
            log.info("an unfinished game was left; it is not kept in the record")
        self._start = None
        self._last = None
        self._plies = []
        self._result = None

    def _finish(self, result: GameResult) -> None:
        assert self._start is not None
        self._games.append(self._game(result))
        self._start = None
        self._plies = []
        self._result = None

    def _game(self, result: GameResult | None) -> GameRecord:
        assert self._start is not None
        return GameRecord(
            number=len(self._games) + 1,
            score=self._start.score,
            crawford=self._start.crawford,
            plies=tuple(self._plies),
            result=result,
        )

    # -- reading it -----------------------------------------------------------------------------

    def record(self) -> MatchRecord:
        """The record so far: every finished game, then the one in progress (unfinished) if it has plies."""
        games = list(self._games)
        if self._start is not None and self._plies:
            games.append(self._game(None))
        return MatchRecord(self.rules, self.names, tuple(games), self.metadata)

    def to_mat(self) -> str:
        """The record so far as Jellyfish .mat text."""
        from .mat import write_mat

        return write_mat(self.record())

    # -- resuming -------------------------------------------------------------------------------

    @classmethod
    def resume(cls, record: MatchRecord, state: GameState | None = None) -> MatchRecorder:
        """A recorder that continues ``record`` (read back from its .mat after a restart).

        ``state`` is the restored game: if it is the point the record's unfinished last
        game reached, recording goes on from there; otherwise that game is dropped and
        the recorder waits for the next new game.
        """
        recorder = cls(record.rules, record.names, record.metadata)
        games = list(record.games)
        last = games[-1] if games else None
        if last is not None and last.result is None:
            games.pop()
            if state is not None:
                reached = final_state(record.rules, last)
                if _same_point(reached, state):
                    recorder._start = GameState(
                        phase=Phase.OPENING,
                        position=reached.position.start(),
                        rules=record.rules,
                        score=last.score,
                        crawford=last.crawford,
                    )
                    recorder._plies = list(last.plies)
                    recorder._last = state
        recorder._games = games
        return recorder
