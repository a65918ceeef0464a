"""Record files in the data folder: written whole or not at all, read back with a reason on failure.

Why atomic: the screen rewrites a match's file after every turn and a cabinet may lose
power at any moment; a half-written file would lose the whole match. The text goes to
a temporary file in the same folder, is flushed to disk, then renamed over the old one
(the rename is atomic on the file systems the game runs on).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .mat import read_mat, write_mat
from .model import MatchRecord, RecordError


def save_mat(path: Path, record: MatchRecord) -> None:
    """Write ``record`` to ``path`` as .mat text, atomically; raises ``OSError`` if the disk refuses."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(write_mat(record))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_mat(path: Path) -> MatchRecord:
    """Read a .mat file; :class:`RecordError` (with the line, when the text is at fault) if it cannot be."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return read_mat(text)


def read_for_command(path: Path) -> MatchRecord | None:
    """A .mat file read for a command line: the record, or None after one line on stderr saying
    where and why (``FILE:LINE: reason``), so every command reports a bad file the same way."""
    import sys

    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        print(f"{path}: cannot read: {exc.strerror or exc}", file=sys.stderr)
        return None
    try:
        return read_mat(text)
    except RecordError as exc:
        where = f"{path}:{exc.line}" if exc.line else str(path)
        print(f"{where}: {exc.reason}", file=sys.stderr)
        return None
