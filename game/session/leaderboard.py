"""Today's leaderboard for events: the lowest error rates of visitors' games against the computer.

Kept with the autosave's care (:mod:`game.session.persist`): one versioned JSON file
written atomically; a bad entry is skipped alone (the others stay on the board), a file
that is no board at all is moved aside and the board starts empty, so a bad file never
stops the cabinet; either is told to the operator (:attr:`Leaderboard.problems`).

Why a minimum of decisions: an error rate over two or three moves says nothing
(a game lost to an early double would top the board with 0.0); a game needs
:data:`MIN_DECISIONS` decisions of the visitor (unforced moves and cube actions)
to be ranked. "Today" is the cabinet's local calendar day; older entries are kept
in the file (up to :data:`KEEP`) but not shown.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.session import persist

log = logging.getLogger(__name__)

FILE = "leaderboard.json"
VERSION = 1
KIND = "backgammon-leaderboard"
TOP = 10
KEEP = 2000
MIN_DECISIONS = 5
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Entry:
    """One visitor's game: three initials, the error rate (thousandths of a point per decision)."""

    initials: str
    error_rate: float
    decisions: int
    day: str
    """The local date ``YYYY-MM-DD`` the game was played."""
    at: float
    """Wall-clock seconds when it was entered (earlier wins a tie)."""
    level: str
    won: bool

    def key(self) -> tuple[float, int, float]:
        return (round(self.error_rate, 1), -self.decisions, self.at)


def valid_initials(text: str) -> bool:
    return 1 <= len(text) <= 3 and all(c in LETTERS for c in text)


def day_of(now: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(now))


def entry_from_dict(data: object) -> Entry:
    """An :class:`Entry` from its JSON form; :class:`persist.BrokenFile` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise persist.BrokenFile(f"an entry is not an object: {data!r}")
    try:
        initials, rate, decisions = data["initials"], data["error_rate"], data["decisions"]
        day, at, level, won = data["day"], data["at"], data["level"], data["won"]
    except KeyError as exc:
        raise persist.BrokenFile(f"an entry misses {exc}") from exc
    if not isinstance(initials, str) or not valid_initials(initials):
        raise persist.BrokenFile(f"initials are one to three letters A-Z, not {initials!r}")
    for name, value in (("error rate", rate), ("time", at)):
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
            raise persist.BrokenFile(f"the {name} is not a number: {value!r}")
    if rate < 0:
        raise persist.BrokenFile(f"a negative error rate: {rate!r}")
    if not isinstance(decisions, int) or isinstance(decisions, bool) or decisions < 0:
        raise persist.BrokenFile(f"the number of decisions is not a count: {decisions!r}")
    if not isinstance(day, str) or len(day) != 10:
        raise persist.BrokenFile(f"the day is not YYYY-MM-DD: {day!r}")
    if not isinstance(level, str) or not isinstance(won, bool):
        raise persist.BrokenFile("the level is not a name or 'won' is not true/false")
    return Entry(initials, float(rate), decisions, day, float(at), level, won)


class Leaderboard:
    """The entries on disk and in memory; every change is saved at once."""

    def __init__(self, folder: Callable[[], Path], clock: Callable[[], float]) -> None:
        self.folder = folder
        self.clock = clock
        self.entries: list[Entry] = []
        self.problems: list[str] = []
        """What went wrong reading or writing the board, for the operator (the App takes them)."""
        self.load()

    @property
    def path(self) -> Path:
        return self.folder() / FILE

    def load(self) -> None:
        """Read the file; a missing one is an empty board. A bad entry costs only itself (skipped, and
        said in :attr:`problems`); a file that is no board at all is moved aside and the board starts
        empty. The operator sees :attr:`problems` on the operator menu."""
        path = self.path
        self.entries = []
        try:
            data = persist.read_versioned(path, VERSION)
            if data.get("kind") != KIND:
                raise persist.BrokenFile(f"not a leaderboard (kind {data.get('kind')!r})")
            raw = data.get("entries")
            if not isinstance(raw, list):
                raise persist.BrokenFile("the entries are not a list")
        except FileNotFoundError:
            return
        except persist.BrokenFile as exc:
            persist.quarantine(path, str(exc), self.clock())
            self.problems.append(f"{FILE}: {exc}")
            return
        except Exception as exc:  # the last line of defence: the board must never stop the cabinet
            persist.quarantine(path, f"unexpected error while reading: {exc!r}", self.clock())
            self.problems.append(f"{FILE}: {exc!r}")
            return
        skipped: list[str] = []
        for item in raw:
            try:
                self.entries.append(entry_from_dict(item))
            except persist.BrokenFile as exc:
                skipped.append(str(exc))
        if skipped:
            log.warning("%s: %d bad entries skipped: %s", path, len(skipped), "; ".join(skipped))
            entries = "1 bad entry" if len(skipped) == 1 else f"{len(skipped)} bad entries"
            self.problems.append(f"{FILE}: {entries} left out, the others kept ({skipped[0]})")
            if persist.keep_copy(path, "bad entries") is not None:
                self.save()  # the good ones, so the same entries are not reported at every start

    def save(self) -> bool:
        data: dict[str, Any] = {
            "version": VERSION,
            "kind": KIND,
            "entries": [asdict(e) for e in self.entries[-KEEP:]],
        }
        if persist.atomic_write_json(self.path, data):
            return True
        self.problems.append(f"{FILE}: {persist.last_error()}")
        return False

    def today(self, limit: int = TOP) -> list[Entry]:
        """Today's best entries, lowest error rate first."""
        day = day_of(self.clock())
        return sorted((e for e in self.entries if e.day == day), key=Entry.key)[:limit]

    def qualifies(self, error_rate: float, decisions: int) -> bool:
        """Whether a game this long with this rate earns a place in today's top ten."""
        if decisions < MIN_DECISIONS or not math.isfinite(error_rate):
            return False
        top = self.today()
        return len(top) < TOP or round(error_rate, 1) < round(top[-1].error_rate, 1)

    def add(self, initials: str, error_rate: float, decisions: int, level: str, won: bool) -> Entry:
        """Put a game on today's board (and on disk); the new entry."""
        if not valid_initials(initials):
            raise ValueError(f"initials are one to three letters A-Z, not {initials!r}")
        now = self.clock()
        entry = Entry(initials, round(error_rate, 1), decisions, day_of(now), now, level, won)
        self.entries.append(entry)
        if len(self.entries) > KEEP:
            self.entries = self.entries[-KEEP:]
        self.save()
        return entry

    def rank(self, entry: Entry) -> int | None:
        """1-based place of ``entry`` on today's board, None when it is not in the top ten."""
        top = self.today()
        return top.index(entry) + 1 if entry in top else None

    def clear(self) -> bool:
        """The operator's "Clear leaderboard": every entry goes (the file is kept, empty)."""
        self.entries = []
        return self.save()


__all__ = [
    "FILE",
    "LETTERS",
    "MIN_DECISIONS",
    "TOP",
    "Entry",
    "Leaderboard",
    "day_of",
    "valid_initials",
]
