"""The match recorder on the game's event stream: every played game kept as a Jellyfish .mat file.

The App's events say what happened in the words of a match sheet (dice rolled, play
made, cube offered...), which is what :class:`game.record.MatchRecorder` takes: it
replays each entry through the rules on its own copy of the game, so a wiring
mistake shows as :attr:`~game.record.MatchRecorder.missed` (the rest of that game is
not recorded, logged, never raised: recording must not break a game).

The file (``<data dir>/records/YYYYmmdd-HHMMSS-<mode>.mat``) is rewritten
atomically after every play and cube action, so a finished match is kept and an
unfinished one survives a power cut; a resumed autosave continues the newest file
when that file reached the same point. The demo is never recorded.
"""

from __future__ import annotations

import logging
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from game.engine.dice import fingerprint
from game.engine.errors import RulesError
from game.engine.flow import (
    GameState,
    Phase,
)
from game.record import MatchRecord, MatchRecorder, RecordError, default_metadata, load_mat, save_mat
from game.record.dicecheck import FINGERPRINT_KEY, SECRET_KEY, reveal_secret
from game.session import events as ev
from game.session.modes import GameMode
from game.session.persist import SavedGame

log = logging.getLogger(__name__)

FOLDER = "records"


def record_names(mode: str, level: str, names: tuple[str, str] | None = None) -> tuple[str, str]:
    """The players' names in the file (plain ASCII: other programs read them); a tournament's names
    with their accents taken off (Ádám -> Adam)."""
    if names is not None:
        plain = tuple(plain_name(n) or f"Player {k + 1}" for k, n in enumerate(names))
        return plain[0], plain[1]
    if mode == GameMode.COMPUTER:
        return "Player", f"Computer-{level}"
    return "White", "Black"


def plain_name(name: str) -> str:
    """``name`` as a record file keeps it: plain ASCII, accents taken off (Dóra -> Dora)."""
    decomposed = unicodedata.normalize("NFKD", name)
    return " ".join("".join(c for c in decomposed if c.isascii() and c.isprintable()).split())


def _continues(recorder: MatchRecorder, state: GameState) -> bool:
    """``recorder`` (resumed from a record file) has every game of the match up to ``state``."""
    kept = recorder.record()
    if not kept.games:
        return False  # nothing of this match in that file: it belongs to another (or to nobody)
    if state.phase is Phase.GAME_OVER:
        last = kept.games[-1]
        return recorder.state is None and (last.score, last.result) == (state.score, state.result)
    return recorder.state is not None and kept.score == state.score


class RecordKeeper:
    """Listens to the game events, records the match, keeps its .mat file up to date."""

    def __init__(self, folder: Callable[[], Path], clock: Callable[[], float]) -> None:
        self.folder = folder
        self.clock = clock
        self.recorder: MatchRecorder | None = None
        self.path: Path | None = None
        self.mode = ""
        self.level = ""
        self.human: int | None = None
        self.writes = 0
        self.lost = 0
        """Events the recorder could not follow (the rest of that game is not recorded)."""

    # -- the listener ---------------------------------------------------------------------

    def __call__(self, event: ev.GameEvent) -> None:
        try:
            self._hear(event)
        except (RulesError, RecordError, ValueError, OSError) as exc:  # never let a record stop a game
            log.warning("match recorder: %s; this game is not recorded further", exc)
            self.recorder = None
            self.lost += 1

    def _hear(self, event: ev.GameEvent) -> None:
        game = event.game
        if isinstance(event, ev.GameStarted):
            if not game.mode.kept:
                self.recorder = None
                return
            if event.first or game.match.games == 0 or game.match_dice.per_game:
                self._new_match(game)  # an unlimited session: a record a game, each with its own secret
            if self.recorder is not None:  # None: a later game of a match whose start was not recorded
                self.recorder.game_started(game.state)
            return
        if isinstance(event, ev.GameResumed):
            self._resume(game)
            return
        recorder = self.recorder
        if recorder is None:
            return
        missed = recorder.missed
        if isinstance(event, ev.DiceRolled):
            recorder.dice_rolled(event.player, event.dice)
        elif isinstance(event, ev.PlayMade):
            recorder.play_made(event.player, event.moves)
        elif isinstance(event, ev.CubeOffered):
            recorder.cube_offered(event.player)
        elif isinstance(event, ev.CubeTaken):
            recorder.cube_taken(event.player)
        elif isinstance(event, ev.CubePassed):
            recorder.cube_passed(event.player)
        elif isinstance(event, ev.GameOver):
            recorder.game_over(event.result)
        elif isinstance(event, ev.MatchOver):
            # The match is over (its last game, or a clock): the secret goes into the record now.
            recorder.metadata = game.match_dice.apply_to(recorder.metadata, reveal=True)
            timer = game.timer
            if timer is not None and timer.lost_on_time is not None:  # said in the header: no move shows it
                loser = recorder.names[timer.lost_on_time]
                line = ("Clock", f"{loser} ran out of time and lost the match")
                if line not in recorder.metadata:  # once, even when the end is heard again after a cut
                    recorder.metadata += (line,)
            self.write()
            return
        self.lost += recorder.missed > missed
        if isinstance(event, (ev.PlayMade, ev.CubeOffered, ev.CubeTaken, ev.CubePassed, ev.GameOver)):
            # The dice's lines follow the match (a typed roll marks the record "entered by hand"); a
            # session's game reveals its own secret when it ends (the next game has a new one).
            reveal = isinstance(event, ev.GameOver) and game.match_dice.per_game
            recorder.metadata = game.match_dice.apply_to(recorder.metadata, reveal=reveal)
            self.write()

    def abandon_all(self, games: Sequence[ev.GameView], saved: SavedGame | None) -> None:
        """Games given up for good and the saved game about to be deleted: each unfinished match's
        secret goes into its record (:meth:`abandon`, :meth:`reveal_left`)."""
        for game in games:
            if not game.match.is_over:
                self.abandon(game)
        secret = saved.dice.get("secret") if saved is not None and saved.dice is not None else None
        if isinstance(secret, str):
            self.reveal_left(secret)

    def abandon(self, game: ev.GameView) -> None:
        """The game leaves the screen unfinished (the demo took over, a new game, the operator): its
        secret is revealed in the record now, so the rolls played so far can still be checked; the
        dice of the rest are never rolled."""
        recorder = self.recorder
        if recorder is None or not game.mode.kept or game.match_dice.secret is None:
            return
        recorder.metadata = game.match_dice.apply_to(recorder.metadata, reveal=True)
        self.write()

    def reveal_left(self, secret: str) -> bool:
        """A saved game is thrown away (a new game replaces it, the demo takes over, the operator
        deletes it): the record whose fingerprint is that secret's, and which does not show it yet,
        gets it now (issue 37), whether or not this run recorded it. True when one was written."""
        shown = fingerprint(secret)
        try:
            files = sorted((self.folder() / FOLDER).glob("*.mat"), key=lambda p: p.stat().st_mtime)
        except OSError:
            return False
        for path in reversed(files[-20:]):  # the newest few: a saved game's record is recent
            try:
                record = load_mat(path)
            except (RecordError, OSError):
                continue
            meta = dict((k.lower(), v) for k, v in record.metadata)
            if meta.get(FINGERPRINT_KEY.lower()) != shown:
                continue
            if meta.get(SECRET_KEY.lower()) is not None:
                return False
            try:
                save_mat(path, reveal_secret(record, secret))
            except OSError as exc:
                log.error("the dice secret of %s could not be written: %s", path.name, exc)
                return False
            return True
        return False

    def _new_match(self, game: ev.GameView) -> None:
        self.mode, self.level, self.human = game.mode, game.level, game.human
        names = record_names(game.mode, game.level, game.setup.names)
        now = self.clock()
        local = time.localtime(now)
        rules = game.state.rules
        meta = default_metadata(names, rules, time.strftime("%Y.%m.%d", local), time.strftime("%H.%M", local))
        meta = game.match_dice.apply_to(meta)  # the rule and the fingerprint, from the start
        self.recorder = MatchRecorder(rules, names, meta)
        stamp = time.strftime("%Y%m%d-%H%M%S", local)
        self.path = self._unique(f"{stamp}-{game.mode}")

    def carry_on(self, game: ev.GameView, so_far: MatchRecord) -> None:
        """Go on recording the match whose finished games ``so_far`` holds, in a file of its own: a
        tournament match moved to this board from another, whose games so far the desk sent. The
        next game this recorder hears start is the match's next game (see
        :func:`game.session.resume.carry_on`)."""
        self.mode, self.level, self.human = game.mode, game.level, game.human
        self.recorder = MatchRecorder.resume(so_far)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        self.path = self._unique(f"{stamp}-{game.mode}")
        self.write()

    def _unique(self, stem: str) -> Path:
        folder = self.folder() / FOLDER
        path = folder / f"{stem}.mat"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{stem}-{n}.mat"
        return path

    def _resume(self, game: ev.GameView) -> None:
        """A saved game is back on screen: continue the newest record if it reached the same point.

        The same point: the record's unfinished last game got as far as the saved game (or one roll
        less, see :meth:`MatchRecorder.resume`); or its games so far end where a saved new game starts
        (before its first play the record has nothing of that game); or its last finished game is the
        one whose end the saved game shows (left at the game-over card: its Review, and the match's
        next games, still need the record). A saved first game of a match that no record reaches
        starts a new record file from its start.
        """
        self.recorder = None
        if not game.mode.kept:
            return
        self.mode, self.level, self.human = game.mode, game.level, game.human
        state = game.state
        newest = self.newest()
        if newest is not None:
            try:
                record = load_mat(newest)
            except RecordError as exc:
                log.info("match recorder: the newest record %s does not continue (%s)", newest.name, exc)
            else:
                # The same kind of game (two players or the computer; not its level's name, which a
                # later version of the computer may spell differently) under the same rules.
                player = record_names(game.mode, game.level, game.setup.names)[0]
                if record.rules == state.rules and record.names[0] == player:
                    recorder = MatchRecorder.resume(record, state)
                    if _continues(recorder, state):
                        self.recorder, self.path = recorder, newest
                        if game.match.is_over:  # cut off between the match's end and its secret's write
                            recorder.metadata = game.match_dice.apply_to(recorder.metadata, reveal=True)
                            self.write()
                        return
        if state.score == (0, 0) and state.phase is not Phase.GAME_OVER:
            self._new_match(game)
            assert self.recorder is not None
            if self.recorder.begin(state):
                return
            self.recorder = self.path = None
        log.info("match recorder: a resumed game whose record is lost is not recorded")

    # -- the file --------------------------------------------------------------------------

    def write(self) -> bool:
        if self.recorder is None or self.path is None:
            return False
        record = self.recorder.record()
        if not record.games:
            return False
        try:
            save_mat(self.path, record)  # atomic: the old file or the new one, never half of one
        except OSError as exc:
            log.error("match record not written to %s: %s", self.path, exc)
            return False
        self.writes += 1
        return True

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


__all__ = ["FOLDER", "RecordKeeper", "plain_name", "record_names"]
