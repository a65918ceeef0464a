"""The tournament desk: the one tournament of this cabinet, its file, the matches played here scoring
themselves into the draw, and the export to a folder. No pygame; the screens are game.ui.tournament.

Why a desk between the screens and :mod:`game.tournament`: the tournament is the event's whole
record and must survive anything the cabinet meets. Every change is saved at once (atomically, by
:class:`game.tournament.TournamentFile`); a disk that refuses is said, never a crash
(:attr:`LocalTournament.problem`), and the change stays in memory so the next save may still take it.
A match played here is scored when its last game ends (or a clock runs out), with its .mat text, by
the desk listening to the game's events like the autosave does; a match resumed after a power cut
at its end is scored then if it was not yet. The tournament is read from its file then if no screen
read it yet (a match that comes back by itself after a crash never opened the draw: it used to end
unscored, silently), and what happened is said (:attr:`LocalTournament.on_scored`).

A damaged file is not "no tournament": what could be kept of it is loaded and the screens say what
was lost (:attr:`LocalTournament.damage`); a save the disk refuses is another trouble (:class:`Trouble`).

House rules (saved with the tournament, see ``Tournament.house``): the match clock's preset (on by
default in a tournament: the organiser can switch it off) and whether the aids are allowed (off by
default: common tournament rules allow no aids but the score).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from enum import Enum
from pathlib import Path

from game.i18n import Message, translate
from game.record import MatchRecord, write_mat
from game.session import events as ev
from game.session.match_timer import DEFAULT_PRESET, PRESET_NAMES
from game.tournament import Loaded, TMatch, Tournament, TournamentError, TournamentFile, export_folder
from game.tournament.model import Format, How

log = logging.getLogger(__name__)

FILE = "tournament.json"
EXPORT_FOLDER = "export"
NO_CLOCK = "off"
CLOCK_CHOICES: tuple[str, ...] = (*PRESET_NAMES, NO_CLOCK)
OPERATOR = "operator"
"""Who the log names for a change made at this cabinet's screen."""
CABINET = "cabinet"
"""Who the log names for a match played and scored on this cabinet."""


class Trouble(Enum):
    """What the screens must tell the organiser about the tournament's file."""

    NONE = "none"
    NOT_SAVED = "not_saved"
    """The last save was refused (a full or read-only disk): the change is in memory only."""
    DAMAGED = "damaged"
    """The file was damaged when read: see :attr:`LocalTournament.damage` for what was kept."""


def result_words(tournament: Tournament, m: TMatch) -> dict[str, str | int]:
    """The placeholders of a result sentence: "{a} {x} – {y} {b}" (a score lost with a damaged file: -)."""
    a, b = (tournament.players[p].name if p is not None else "?" for p in m.players)
    x, y = m.score if m.score is not None else ("-", "-")
    return {"a": a, "b": b, "x": x, "y": y}


class LocalTournament:
    """The cabinet's tournament (at most one at a time), saved in the data folder as ``tournament.json``."""

    def __init__(self, folder: Callable[[], Path], record: Callable[[], MatchRecord | None]) -> None:
        self.folder = folder
        self.record = record
        """The record of the match just played here (the App's match recorder), kept as .mat text."""
        self.tournament: Tournament | None = None
        self.problem = ""
        """The last save or load problem, in the log's words ("" when all is well)."""
        self.trouble = Trouble.NONE
        """What the screens say about the file (the kind of :attr:`problem`)."""
        self.damage: Loaded | None = None
        """The damaged file read this run: what was kept (its tournament), lost, and where it was put."""
        self.damage_shown = False
        """The organiser has seen :attr:`damage` (the draw shows it once, when it first opens)."""
        self.loaded = False
        self.on_scored: Callable[[Message], None] | None = None
        """Told what became of a match played here when it ended: scored, or why not (the game screen
        says it)."""

    # -- the file ------------------------------------------------------------------------------

    @property
    def path(self) -> Path:
        return self.folder() / FILE

    def load(self) -> Tournament | None:
        """The saved tournament (once per run; a damaged file is set aside and said in :attr:`problem`)."""
        if self.loaded:
            return self.tournament
        self.loaded = True
        found = TournamentFile(self.path).load()
        if found.reason:
            self.problem = found.reason
            self.trouble = Trouble.DAMAGED
            self.damage = found
            log.warning("tournament: %s", found.reason)
        self.tournament = found.tournament
        if self.tournament is not None:
            self.tournament.on_change = self._save
        return self.tournament

    def _save(self, tournament: Tournament) -> None:
        try:
            TournamentFile(self.path).save(tournament)
        except OSError as exc:
            self.problem = f"the tournament could not be saved: {exc}"
            self.trouble = Trouble.NOT_SAVED
            log.error("tournament: %s", self.problem)
            return
        if self.trouble is Trouble.NOT_SAVED or self.damage_shown:
            self.problem, self.trouble = "", Trouble.NONE

    def save(self) -> bool:
        """Save now (after a change the tournament does not see: its house rules); False if refused."""
        if self.tournament is not None:
            self._save(self.tournament)
        return self.trouble is not Trouble.NOT_SAVED

    def create(
        self,
        names: list[str],
        fmt: Format,
        lengths: list[int],
        *,
        clock: str = DEFAULT_PRESET,
        aids: bool = False,
        lang: str = "en",
        name: str = "",
        rounds: int | None = None,
    ) -> Tournament:
        """A new tournament (``TournamentError`` for bad input, nothing changed); a finished or
        abandoned one before it is kept beside as ``tournament-<date>.json``."""
        if clock not in CLOCK_CHOICES:
            raise ValueError(f"unknown clock {clock!r}")
        title = name or translate(lang, "tourney.default_name", date=time.strftime("%Y-%m-%d"))
        t = Tournament.create(title, names, fmt, lengths, lang=lang, rounds=rounds)
        t.house = {"clock": clock, "aids": aids}
        self.load()
        self._set_old_aside()
        self.damage, self.damage_shown = None, False
        self.problem, self.trouble = "", Trouble.NONE
        self.tournament = t
        t.on_change = self._save
        self._save(t)
        return t

    def _set_old_aside(self) -> None:
        if self.tournament is None or not self.path.exists():
            return
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"tournament-{stamp}.json")
        try:
            self.path.replace(target)
        except OSError as exc:
            log.error("tournament: the old one could not be set aside: %s", exc)

    # -- house rules ---------------------------------------------------------------------------

    def clock(self) -> str | None:
        """The clock preset of matches played here (None: no clock)."""
        t = self.tournament
        value = t.house.get("clock", DEFAULT_PRESET) if t is not None else DEFAULT_PRESET
        return None if value == NO_CLOCK or value not in PRESET_NAMES else str(value)

    def aids(self) -> bool:
        t = self.tournament
        return bool(t.house.get("aids", False)) if t is not None else True

    def set_house(self, key: str, value: object) -> None:
        if self.tournament is not None:
            self.tournament.house[key] = value
            self.save()

    # -- results -------------------------------------------------------------------------------

    def enter_typed(self, match_id: str, winner: int, score: tuple[int, int]) -> TMatch:
        """A match played on another board: ``TournamentError`` (with its catalogue key) if refused."""
        t = self._need()
        return t.enter_result(match_id, winner, score, how="typed", by=OPERATOR)

    def correct(self, match_id: str, winner: int, score: tuple[int, int]) -> TMatch:
        """The organiser puts a finished match's result right (see ``Tournament.correct_result``)."""
        m = self._need().match(match_id)
        # a match played here keeps its record when only its score is put right; else it is typed in
        how: How = "played" if m.how == "played" and m.winner == winner else "typed"
        return self._need().correct_result(match_id, winner, score, how=how, by=OPERATOR)

    def clear(self, match_id: str) -> TMatch:
        """The organiser takes a result back: the match is to be played again."""
        return self._need().clear_result(match_id, by=OPERATOR)

    def withdraw(self, player: int) -> None:
        self._need().withdraw(player, by=OPERATOR)

    def reinstate(self, player: int) -> list[str]:
        """The organiser undoes a withdrawal; the matches to be played again."""
        return self._need().reinstate(player, by=OPERATOR)

    def export(self, folder: Path, lang: str | None = None) -> list[Path]:
        """The page, the tables and the recorded matches into ``folder`` (``OSError`` if refused)."""
        folder.mkdir(parents=True, exist_ok=True)
        return export_folder(self._need(), folder, lang)

    @staticmethod
    def drive_mounted(folder: Path, *own: Path) -> bool:
        """Whether ``folder`` (typed by the organiser: a USB stick's) is on a drive of its own, not on
        the cabinet's own disk. Why: with no stick in, ``/media/usb`` is an empty folder of the root
        disk, and the export "succeeded" there, out of the organiser's reach. The deepest folder of
        the path that exists must be on another device than the root folder ``/`` and than each of
        ``own`` (the data folder: a cabinet whose ``/var`` is a partition of its own)."""
        existing = folder
        while not existing.exists() and existing != existing.parent:
            existing = existing.parent
        try:
            device = existing.stat().st_dev
            return all(device != p.stat().st_dev for p in (Path(existing.anchor or "/"), *own) if p.exists())
        except OSError:
            return False

    def default_export(self) -> Path:
        return self.folder() / EXPORT_FOLDER

    def _need(self) -> Tournament:
        if self.tournament is None:
            raise TournamentError("tourney.error.none", "there is no tournament")
        return self.tournament

    # -- the listener: a match played here scores itself --------------------------------------

    def mat_text(self) -> str | None:
        record = self.record()
        return None if record is None else write_mat(record)

    def __call__(self, event: ev.GameEvent) -> None:
        if isinstance(event, ev.MatchOver):
            self._score(event.game, event.winner)
        elif isinstance(event, ev.GameResumed):
            game = event.game
            timer = game.timer
            if timer is not None and timer.lost_on_time is not None:
                self._score(game, 1 - timer.lost_on_time)
            elif game.match.is_over and game.match.winner is not None:
                self._score(game, game.match.winner)

    def _score(self, game: ev.GameView, winner: int) -> None:
        match_id = game.setup.tournament
        if match_id is None:
            return
        t = self.load()  # a match resumed by itself after a crash: no screen has read the file yet
        if t is None:
            log.error("tournament: match %s ended but there is no tournament to score it in", match_id)
            self._tell(Message.of("tourney.not_scored", id=match_id))
            return
        try:
            m = t.match(match_id)
        except TournamentError:
            log.warning("tournament: match %s is not in this tournament; not scored", match_id)
            self._tell(Message.of("tourney.not_scored", id=match_id))
            return
        if not m.ready:
            if m.how == "played":  # scored already (the match resumed at its end after a crash)
                self._tell(Message.of("tourney.scored", **result_words(t, m)))
            else:  # entered by hand meanwhile: the director decides
                log.warning("tournament: match %s already has a result (%s); not scored again", m.id, m.how)
                self._tell(Message.of("tourney.scored_other", **result_words(t, m)))
            return
        player = m.players[winner]
        assert player is not None
        timer = game.timer
        on_time = timer is not None and timer.lost_on_time is not None
        score = game.match.score
        try:
            t.enter_result(
                match_id,
                player,
                (score[0], score[1]),
                how="time" if on_time else "played",
                mat=self.mat_text(),
                by=CABINET,
            )
        except TournamentError as exc:
            log.error("tournament: match %s not scored: %s", match_id, exc)
            self._tell(Message.of("tourney.not_scored", id=match_id))
            return
        log.info("tournament: match %s scored %s", match_id, score)
        self._tell(Message.of("tourney.scored", **result_words(t, m)))

    def _tell(self, message: Message) -> None:
        if self.on_scored is not None:
            self.on_scored(message)


__all__ = [
    "CABINET",
    "CLOCK_CHOICES",
    "EXPORT_FOLDER",
    "FILE",
    "NO_CLOCK",
    "OPERATOR",
    "LocalTournament",
    "Trouble",
    "result_words",
]
