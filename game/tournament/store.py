"""The tournament's file: the whole tournament as JSON, rewritten after every change, atomically.

Why atomic: an event runs for hours on a machine someone may unplug. The JSON goes to a
temporary file in the same folder, is flushed to disk (fsync), then renamed over the old
file, and the folder itself is flushed so the rename survives a power cut: the file on
disk is always a whole tournament, the one before the change or the one after it.

A file that cannot be read back (cut short by a disk fault, edited by hand) is never
a crash. What can be kept of it is kept (:func:`game.tournament.salvage.salvage`: one bad
field costs that field, not the event) and saved in its place; the damaged file itself is
kept beside as ``NAME.broken-N.json``, and :meth:`TournamentFile.load` says both, so the
operator knows what was lost and can hand the file to someone who can mend it.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .model import Tournament
from .salvage import Lost, salvage


@dataclass(frozen=True, slots=True)
class Loaded:
    """What :meth:`TournamentFile.load` found: the tournament (None: nothing could be kept, or there
    was simply no file), and for a damaged file the reason, where the damaged file was put, and what
    of it was lost (``lost`` empty with ``reason`` set and a tournament: the file needed no repair
    but could not be read strictly, which does not happen; see :attr:`damaged`)."""

    tournament: Tournament | None
    reason: str | None = None
    set_aside: Path | None = None
    lost: tuple[Lost, ...] = ()

    @property
    def damaged(self) -> bool:
        """The file was damaged (whether or not something of it was kept)."""
        return self.reason is not None


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that the file is always either the old or the new text."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:  # the rename itself reaches the disk only when the folder is flushed
        folder = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder)
    except OSError:
        pass  # some file systems (and Windows) cannot flush a folder; the rename is still atomic
    finally:
        os.close(folder)


class TournamentFile:
    """One tournament's JSON file. :meth:`attach` makes every change of the tournament save it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def save(self, tournament: Tournament) -> None:
        """Write the whole tournament (``OSError`` if the disk refuses; the old file is then intact)."""
        text = json.dumps(tournament.to_dict(), ensure_ascii=False, indent=1, sort_keys=True)
        write_atomically(self.path, text + "\n")

    def attach(self, tournament: Tournament) -> Tournament:
        """Save ``tournament`` now and after every change from here on; returns it."""
        tournament.on_change = self.save
        self.save(tournament)
        return tournament

    def load(self) -> Loaded:
        """The saved tournament, attached to this file; a broken file is set aside (see the module)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Loaded(None)
        except (OSError, UnicodeDecodeError) as exc:
            return self._set_aside(f"the file cannot be read: {exc}")
        try:
            data = json.loads(text)
        except ValueError as exc:  # json.JSONDecodeError is a ValueError
            return self._set_aside(f"the file is damaged ({exc})")
        try:
            if not isinstance(data, dict):
                raise ValueError("the file does not hold a tournament")
            tournament = Tournament.from_dict(data)
        except ValueError as exc:
            return self._salvaged(data, f"the file is damaged ({exc})")
        tournament.on_change = self.save
        return Loaded(tournament)

    def _salvaged(self, data: object, reason: str) -> Loaded:
        """Keep what can be kept of ``data`` (saved in the file's place), the damaged file beside it."""
        try:
            tournament, lost = salvage(data)
        except ValueError as exc:
            return self._set_aside(f"{reason}; nothing could be kept ({exc})")
        aside = self._set_aside(reason)
        if aside.set_aside is None:  # the damaged file stays where it is: do not write over it
            return Loaded(tournament, aside.reason, None, tuple(lost))
        tournament.on_change = self.save
        try:
            self.save(tournament)
        except OSError as exc:
            return Loaded(
                tournament,
                f"{aside.reason}; what was kept could not be saved: {exc}",
                aside.set_aside,
                tuple(lost),
            )
        kept = f"{aside.reason}; kept all but: {', '.join(map(str, lost)) or 'nothing lost'}"
        return Loaded(tournament, kept, aside.set_aside, tuple(lost))

    def _set_aside(self, reason: str) -> Loaded:
        for n in range(1, 1000):
            target = self.path.with_name(f"{self.path.stem}.broken-{n}{self.path.suffix}")
            if not target.exists():
                break
        try:
            os.replace(self.path, target)
        except OSError as exc:
            return Loaded(None, f"{reason}; it could not be moved aside either: {exc}", None)
        return Loaded(None, f"{reason}; it was kept as {target.name}", target)


__all__ = ["Loaded", "TournamentFile", "write_atomically"]
