"""The match recorder on the game's event stream: every played game kept as a Jellyfish .mat file.

Why a shadow game: the recorder of :mod:`game.record` wants each engine transition
``(before, action, after)``, while the App's event stream says what happened in the
words of a match sheet (dice rolled, play made, cube offered...). The listener
turns each event back into the engine action it stands for, applies it to its own
copy of the game and hands the transition to the recorder; after every event its
copy must equal the screen's game, otherwise the rest of that game is not recorded
(logged, never raised: recording must not break a game).

The file (``<data dir>/records/YYYYmmdd-HHMMSS-<mode>.mat``) is rewritten
atomically after every play and cube action, so a finished match is kept and an
unfinished one survives a power cut; a resumed autosave continues the newest file
when that file reached the same point. The demo is never recorded.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from game.engine.errors import RulesError
from game.engine.flow import (
    Action,
    Double,
    EndTurn,
    GameState,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Take,
    apply,
)
from game.record import MatchRecord, MatchRecorder, RecordError, default_metadata, read_mat

from . import events as ev
from . import persist

log = logging.getLogger(__name__)

FOLDER = "records"


def record_names(mode: str, level: str) -> tuple[str, str]:
    """The players' names in the file (plain ASCII: other programs read them)."""
    if mode == "computer":
        return "Player", f"Computer-{level}"
    return "White", "Black"


def _same(a: GameState, b: GameState) -> bool:
    return (
        a.phase is b.phase
        and a.position == b.position
        and a.turn == b.turn
        and a.dice == b.dice
        and a.cube == b.cube
        and a.score == b.score
        and a.result == b.result
    )


def _fresh(state: GameState) -> bool:
    return state.phase is Phase.OPENING and state.opening is None


class RecordKeeper:
    """Listens to the game events, records the match, keeps its .mat file up to date."""

    def __init__(self, folder: Callable[[], Path], clock: Callable[[], float]) -> None:
        self.folder = folder
        self.clock = clock
        self.recorder: MatchRecorder | None = None
        self.path: Path | None = None
        self.shadow: GameState | None = None
        self.mode = ""
        self.level = ""
        self.human: int | None = None
        self.writes = 0
        self.lost = 0
        """Games (or rests of games) not recorded because the shadow lost step with the screen."""

    # -- the listener ---------------------------------------------------------------------

    def __call__(self, event: ev.GameEvent) -> None:
        try:
            self._hear(event)
        except (RulesError, RecordError, ValueError) as exc:
            log.warning("match recorder: %s; this game is not recorded further", exc)
            self.shadow = None
            self.lost += 1

    def _hear(self, event: ev.GameEvent) -> None:
        game = event.game
        if isinstance(event, ev.GameStarted):
            if game.mode == "demo":
                self.recorder = None
                return
            state = game.state
            if event.first or game.match.games == 0:
                self._new_match(game)
            elif self.recorder is None:
                return  # a later game of a match whose start was not recorded: a file could not be read
            self.shadow = state
            return
        if isinstance(event, ev.GameResumed):
            self._resume(game)
            return
        if self.recorder is None or self.shadow is None or isinstance(event, ev.SoundCue):
            return  # a sound cue can come mid-turn, while checkers moved one by one are not a play yet
        for action in self._actions(event):
            self._apply(action)
        if isinstance(event, ev.PlayMade) and self.shadow.phase is Phase.MOVING:
            self._apply(EndTurn())  # the last checker borne off ends the game without it
        if not _same(self.shadow, game.state):
            raise ValueError("the recorded game and the game on screen differ")
        if isinstance(event, (ev.PlayMade, ev.CubeOffered, ev.CubeTaken, ev.CubePassed, ev.GameOver)):
            self.write()

    def _apply(self, action: Action) -> None:
        assert self.recorder is not None and self.shadow is not None
        before = self.shadow
        after = apply(before, action)
        self.recorder.observe(before, action, after)
        self.shadow = after

    def _actions(self, event: ev.GameEvent) -> list[Action]:
        shadow = self.shadow
        assert shadow is not None
        if isinstance(event, ev.DiceRolled):
            if event.player is None:
                return [OpeningRoll(event.dice[0], event.dice[1])]
            return [Roll(event.dice)]
        if isinstance(event, ev.CubeOffered):
            return [Double()]
        if isinstance(event, ev.CubeTaken):
            return [Take()]
        if isinstance(event, ev.CubePassed):
            return [Pass()]
        if isinstance(event, ev.PlayMade) and shadow.phase is Phase.MOVING and event.moves:
            return [PlayMoves(event.moves)]
        return []

    def _new_match(self, game: ev.GameView) -> None:
        self.mode, self.level, self.human = game.mode, game.level, game.human
        names = record_names(game.mode, game.level)
        now = self.clock()
        local = time.localtime(now)
        rules = game.state.rules
        meta = default_metadata(names, rules, time.strftime("%Y.%m.%d", local), time.strftime("%H.%M", local))
        self.recorder = MatchRecorder(rules, names, meta)
        stamp = time.strftime("%Y%m%d-%H%M%S", local)
        self.path = self._unique(f"{stamp}-{game.mode}")

    def _unique(self, stem: str) -> Path:
        folder = self.folder() / FOLDER
        path = folder / f"{stem}.mat"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{stem}-{n}.mat"
        return path

    def _resume(self, game: ev.GameView) -> None:
        """A saved game is back on screen: continue the newest record if it reached the same point."""
        self.recorder = None
        self.shadow = None
        if game.mode == "demo":
            return
        self.mode, self.level, self.human = game.mode, game.level, game.human
        state = game.state
        newest = self.newest()
        if newest is not None:
            try:
                record = read_mat(newest.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, RecordError) as exc:
                log.info("match recorder: the newest record %s does not continue (%s)", newest.name, exc)
            else:
                recorder = MatchRecorder.resume(record, state)
                kept = recorder.record()
                unfinished = bool(kept.games) and kept.games[-1].result is None
                if (
                    (unfinished or _fresh(state))
                    and kept.score == state.score
                    and record.rules == state.rules
                ):
                    self.recorder, self.path, self.shadow = recorder, newest, state
                    return
        if _fresh(state) and state.score == (0, 0):
            self._new_match(game)
            self.shadow = state
            return
        log.info("match recorder: a resumed game whose record is lost is not recorded")

    # -- the file --------------------------------------------------------------------------

    def write(self) -> bool:
        if self.recorder is None or self.path is None:
            return False
        record = self.recorder.record()
        if not record.games:
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            log.error("no folder for match records: %s", exc)
            return False
        ok = persist.atomic_write_text(self.path, self.recorder.to_mat())
        self.writes += ok
        return ok

    def newest(self) -> Path | None:
        """The most recent record file (names sort by time), if any."""
        try:
            files = sorted((self.folder() / FOLDER).glob("*.mat"), key=lambda p: (p.stat().st_mtime, p.name))
        except OSError:
            return None
        return files[-1] if files else None

    # -- what the review reads ---------------------------------------------------------------

    def match_record(self) -> MatchRecord | None:
        """The match so far (finished games and the one in progress), or None when nothing is recorded."""
        if self.recorder is None:
            return None
        record = self.recorder.record()
        return record if record.games else None

    def last_game(self) -> MatchRecord | None:
        """The most recently finished game alone, as a record the review can read."""
        record = self.match_record()
        if record is None:
            return None
        finished = [g for g in record.games if g.result is not None]
        if not finished:
            return None
        return replace(record, games=(finished[-1],))


__all__ = ["FOLDER", "RecordKeeper", "record_names"]
