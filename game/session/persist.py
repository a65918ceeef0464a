"""Saving to disk so a power cut never loses a game: atomic, versioned JSON, never pickle.

Why each step of :func:`atomic_write_json` is there: the text goes to a
temporary file in the *same* directory (so the final rename never crosses file
systems), is flushed and fsync'ed (the bytes are on the medium before the name
points at them), then ``os.replace`` swaps it in atomically, and the directory
is fsync'ed so the rename itself survives a power cut. A reader therefore sees
either the old file or the new one, never half of one.

Reading is the mirror image: anything that is not exactly what this version
wrote (truncated, not JSON, another version, or a game the engine rejects as
impossible) is moved aside with a timestamp suffix, the reason is logged, and
the caller gets None, so a bad file can be examined later but never crashes
the game. :func:`load_game_checked` also says what was set aside, so the title
screen can tell the player (a cabinet's stderr is read by nobody). A file that
is only partly wrong and gets repaired in place (the settings) is first copied
aside by :func:`keep_copy`. Nothing here raises on bad data or a failing disk.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.errors import RulesError
from game.engine.flow import GameState, Phase
from game.engine.match import Match
from game.session.modes import SAVED_MODES

log = logging.getLogger(__name__)

ORG = "backgammon-arcade"
APP = "backgammon"
DATA_DIR_ENV = "BACKGAMMON_DATA_DIR"
"""Set this to keep saves and settings somewhere else (tests, or several cabinets on one account)."""
SAVE_FILE = "autosave.json"
SAVE_VERSION = 1
MODES: tuple[str, ...] = SAVED_MODES
"""What a saved game was: one player against the computer, two players on one screen, or the demo."""


class BrokenFile(ValueError):
    """A file on disk that is not what this version of the game writes; the message says why."""


def platform_data_dir() -> Path | None:
    """The per-user data folder SDL's ``SDL_GetPrefPath`` names, worked out without SDL.

    The session layer imports no pygame; the rule is SDL's own, so that saves made by earlier versions
    (which asked pygame) are found where they were: ``%APPDATA%/ORG/APP`` on Windows,
    ``~/Library/Application Support/ORG/APP`` on macOS, ``$XDG_DATA_HOME/ORG/APP`` or
    ``~/.local/share/ORG/APP`` elsewhere. None when no home folder is known.
    """
    if sys.platform == "win32":
        base = os.environ.get("APPDATA")
        return Path(base) / ORG / APP if base else None
    home = os.environ.get("HOME")
    if sys.platform == "darwin":
        return Path(home) / "Library" / "Application Support" / ORG / APP if home else None
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg) / ORG / APP
    return Path(home) / ".local" / "share" / ORG / APP if home else None


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The per-user folder for saves and settings, created if needed.

    Order: the explicit ``override``, then ``$BACKGAMMON_DATA_DIR``, then
    the platform's usual place (:func:`platform_data_dir`, for example
    ``~/.local/share/backgammon-arcade/backgammon/`` on Linux), then the
    current directory if even that fails (a read-only home must not stop play).
    """
    chosen: Path | None = None
    if override is not None:
        chosen = Path(override)
    elif os.environ.get(DATA_DIR_ENV):
        chosen = Path(os.environ[DATA_DIR_ENV])
    else:
        chosen = platform_data_dir()
        if chosen is None:
            log.warning("no per-user data folder (no home folder known); using the current directory")
            chosen = Path.cwd()
    try:
        chosen.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        log.warning("cannot create the data folder %s: %s", chosen, exc)
    return chosen


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable; some platforms cannot open a directory, which is then skipped."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


fsync_dir = _fsync_dir
"""Make a rename in ``directory`` durable (for other modules' atomic writes)."""


def atomic_write_json(path: Path, data: Any, mode: int = 0o644) -> bool:
    """Write ``data`` as JSON to ``path`` atomically; False (and a log line) if the disk refused."""
    try:
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        log.error("not saved, the data is not JSON: %s", exc)
        return False
    return atomic_write_text(path, text + "\n", mode)


def atomic_write_text(path: Path, text: str, mode: int = 0o644) -> bool:
    """Write ``text`` (UTF-8) to ``path`` atomically; False (and a log line) if the disk refused."""
    return atomic_write_bytes(path, text.encode("utf-8"), mode)


_LAST_ERROR: list[OSError] = []


def last_error() -> str:
    """The operating system's reason for the last write that failed (a full disk, a read-only
    folder), for a message on screen; "" when none failed."""
    if not _LAST_ERROR:
        return ""
    exc = _LAST_ERROR[-1]
    return exc.strerror or str(exc)


def atomic_write_bytes(path: Path, data: bytes, mode: int = 0o644) -> bool:
    """Write ``data`` to ``path`` atomically; False (and a log line, and :func:`last_error`) if the
    disk refused."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()  # a left-over temporary file keeps its old mode: start afresh
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        with os.fdopen(fd, "wb") as handle:
            if mode & 0o077 == 0:
                os.fchmod(handle.fileno(), mode)  # private whatever the umask (the autosave's secret)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        _fsync_dir(path.parent)
        return True
    except OSError as exc:
        log.error("could not save %s: %s", path, exc)
        _LAST_ERROR[:] = [exc]
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return False


def _aside_name(path: Path, now: float | None) -> Path:
    """A free ``<name>.broken-YYYYmmdd-HHMMSS`` (``-2``, ``-3``... within one second) next to ``path``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    return target


def quarantine(path: Path, reason: str, now: float | None = None) -> Path | None:
    """Move a bad file aside as ``<name>.broken-YYYYmmdd-HHMMSS`` (kept for a look later); log why."""
    target = _aside_name(path, now)
    try:
        os.replace(path, target)
    except OSError as exc:
        log.error("%s is unusable (%s) and could not be moved aside: %s", path, reason, exc)
        return None
    log.warning("%s is unusable (%s); moved aside to %s", path, reason, target.name)
    return target


def keep_copy(path: Path, reason: str, now: float | None = None) -> Path | None:
    """Copy a file that is about to be repaired in place aside, named as :func:`quarantine` names it.

    The original stays where it is, so a disk that refuses the copy (None, logged) loses nothing:
    the caller then leaves the original alone too.
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        log.error("%s (%s) could not be read to keep a copy: %s", path, reason, exc)
        return None
    target = _aside_name(path, now)
    # Readable by the game's user only: a settings file an older version wrote holds the operator
    # code in plain text, and the copy must not keep it open to every user of the machine.
    if not atomic_write_bytes(target, raw, 0o600):
        log.error("%s has problems (%s) and no copy could be kept; it is left as it is", path, reason)
        return None
    log.warning("%s has problems (%s); the original is kept as %s", path, reason, target.name)
    return target


def read_versioned(path: Path, version: int) -> dict[str, Any]:
    """The JSON object in ``path`` written by ``version``; :class:`BrokenFile` saying why otherwise.

    ``FileNotFoundError`` passes through: a missing file is normal, not broken.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise BrokenFile(f"cannot be read: {exc}") from exc
    if not raw.strip():
        raise BrokenFile("the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise BrokenFile(f"not UTF-8 text: {exc}") from exc
    except ValueError as exc:
        raise BrokenFile(f"not JSON (truncated?): {exc}") from exc
    if not isinstance(data, dict):
        raise BrokenFile("not a JSON object")
    found = data.get("version")
    if found != version:
        raise BrokenFile(f"written by save format version {found!r}, this game reads version {version}")
    return data


# ---------------------------------------------------------------------------------------------
# The autosave record


@dataclass(frozen=True)
class SavedGame:
    """Everything needed to continue a game exactly where it stopped."""

    state: GameState
    match: Match
    mode: str
    """One of :data:`MODES`."""
    level: str
    """The computer's level name (kept also for two players, so the settings are restored)."""
    human: int | None
    """Against the computer: the player number (0/1) at the screen; None otherwise."""
    dice_history: tuple[tuple[int, int], ...]
    """Every roll of this game in order (opening rolls as (player 0's die, player 1's die))."""
    saved_at: float
    """Wall-clock seconds since the epoch when saved (the UI layer passes it in)."""
    dice: Mapping[str, Any] | None = None
    """Where the match's dice come from and how far they got (game.session.match_dice.MatchDice.to_dict);
    None in saves older than it (such a game goes on with ordinary dice)."""
    clock: Mapping[str, Any] | None = None
    """The match clock (game.session.match_timer.MatchTimer.to_dict), or None: no clock."""
    terms: Mapping[str, Any] | None = None
    """What else the match was set up with (names, tournament match, aids, typed dice): see
    game.session.terms; None: an ordinary game."""


OPTIONAL = ("dice", "clock", "terms")
"""Fields a save may leave out (older saves); when present each is a JSON object, checked by its owner."""


def _int_pair(value: object, what: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2):
        raise BrokenFile(f"{what} is not a pair of dice: {value!r}")
    a, b = value
    for d in (a, b):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise BrokenFile(f"{what} has a die that is not 1 to 6: {value!r}")
    return a, b


def game_to_dict(game: SavedGame) -> dict[str, Any]:
    """The JSON form of a :class:`SavedGame` (versioned)."""
    from game.engine.serialize import match_to_dict, state_to_dict

    return {
        "version": SAVE_VERSION,
        "kind": "backgammon-autosave",
        "state": state_to_dict(game.state),
        "match": match_to_dict(game.match),
        "mode": game.mode,
        "level": game.level,
        "human": game.human,
        "dice_history": [list(pair) for pair in game.dice_history],
        "saved_at": game.saved_at,
        **{name: dict(value) for name in OPTIONAL if (value := getattr(game, name)) is not None},
    }


def game_from_dict(data: Mapping[str, Any]) -> SavedGame:
    """A :class:`SavedGame` from its JSON form; :class:`BrokenFile` with the reason if anything is off."""
    from game.engine.serialize import check_game_in_match, match_from_dict, state_from_dict

    if data.get("version") != SAVE_VERSION:
        raise BrokenFile(f"save format version {data.get('version')!r}, expected {SAVE_VERSION}")
    if data.get("kind") != "backgammon-autosave":
        raise BrokenFile(f"not an autosave (kind {data.get('kind')!r})")
    missing = {"state", "match", "mode", "level", "human", "dice_history", "saved_at"} - set(data)
    if missing:
        raise BrokenFile(f"missing fields: {', '.join(sorted(missing))}")
    try:
        state = state_from_dict(data["state"])
        match = match_from_dict(data["match"])
    except (RulesError, ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        raise BrokenFile(f"the game itself is impossible: {exc}") from exc
    mode = data["mode"]
    if mode not in MODES:
        raise BrokenFile(f"unknown mode {mode!r}")
    level = data["level"]
    if not isinstance(level, str) or not level:
        raise BrokenFile(f"the computer level is not a name: {level!r}")
    human = data["human"]
    if mode == "computer":
        if human not in (0, 1) or isinstance(human, bool):
            raise BrokenFile(f"a game against the computer needs the human player 0 or 1, not {human!r}")
    elif human is not None:
        raise BrokenFile(f"only a game against the computer has a human player, not {human!r}")
    history = data["dice_history"]
    if not isinstance(history, list):
        raise BrokenFile("the dice history is not a list")
    dice = tuple(_int_pair(pair, f"roll {i + 1}") for i, pair in enumerate(history))
    saved_at = data["saved_at"]
    if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool) or not math.isfinite(saved_at):
        raise BrokenFile(f"the save time is not a number: {saved_at!r}")
    try:
        check_game_in_match(state, match)
    except RulesError as exc:
        raise BrokenFile(f"the game does not belong to the saved match: {exc}") from exc
    moving = state.phase is Phase.MOVING and state.dice is not None
    if moving and (not dice or sorted(dice[-1]) != sorted(state.dice or ())):
        raise BrokenFile("the dice being played are not the last roll in the dice history")
    extra: dict[str, Mapping[str, Any] | None] = {}
    for name in OPTIONAL:
        value = data.get(name)
        if value is not None and not isinstance(value, dict):
            raise BrokenFile(f"the {name} field is not a JSON object")
        extra[name] = value
    _check_extras(extra)
    return SavedGame(
        state,
        match,
        mode,
        level,
        human if mode == "computer" else None,
        dice,
        float(saved_at),
        dice=extra["dice"],
        clock=extra["clock"],
        terms=extra["terms"],
    )


def _check_extras(extra: Mapping[str, Mapping[str, Any] | None]) -> None:
    """The dice, the clock and the terms are each what their owner wrote, or the save is broken."""
    import random

    from game.session.match_dice import MatchDice
    from game.session.match_timer import MatchTimer
    from game.session.terms import check_terms

    try:
        if extra["dice"] is not None:
            MatchDice.from_dict(extra["dice"], random.Random(0))
        if extra["clock"] is not None:
            MatchTimer.from_dict(extra["clock"])
        if extra["terms"] is not None:
            check_terms(extra["terms"])
    except (ValueError, TypeError) as exc:
        raise BrokenFile(f"the match's dice, clock or terms are damaged: {exc}") from exc


def save_game(game: SavedGame, directory: str | os.PathLike[str] | None = None) -> bool:
    """Write the autosave atomically; False (logged) if it could not be written."""
    try:
        data = game_to_dict(game)
    except Exception as exc:  # an autosave problem must never stop the game being played
        log.error("autosave skipped, the game could not be written out: %r", exc)
        return False
    # Readable by the game's user only: until the match is over it holds the dice secret, from which
    # anyone could compute the rolls to come (issue 37).
    return atomic_write_json(data_dir(directory) / SAVE_FILE, data, 0o600)


@dataclass(frozen=True)
class BrokenSave:
    """An autosave that could not be read, found by one :func:`load_game_checked` call."""

    path: Path
    """Where the save was."""
    moved_to: Path | None
    """Where it was put aside; None when even that failed (a read-only disk): it is still at ``path``."""
    reason: str


@dataclass(frozen=True)
class LoadedGame:
    """What :func:`load_game_checked` found: the game to continue, and a broken save it set aside."""

    game: SavedGame | None
    broken: BrokenSave | None = None


def load_game_checked(
    directory: str | os.PathLike[str] | None = None,
    *,
    now: float | None = None,
    max_age: float | None = None,
) -> LoadedGame:
    """The autosave (see :func:`load_game`), and whether it was broken and moved aside by this call.

    The title screen uses ``broken`` to tell the player why there is nothing to continue.
    """
    path = data_dir(directory) / SAVE_FILE
    try:
        data = read_versioned(path, SAVE_VERSION)
        game = game_from_dict(data)
    except FileNotFoundError:
        return LoadedGame(None)
    except BrokenFile as exc:
        return LoadedGame(None, BrokenSave(path, quarantine(path, str(exc), now), str(exc)))
    except Exception as exc:  # the last line of defence: a save file must never stop the game
        reason = f"unexpected error while reading: {exc!r}"
        return LoadedGame(None, BrokenSave(path, quarantine(path, reason, now), reason))
    if max_age is not None and now is not None:
        age = now - game.saved_at
        if age > max_age:
            log.info("autosave is %.0f s old (limit %.0f s): starting fresh", age, max_age)
            clear_game(directory)
            return LoadedGame(None)
    return LoadedGame(game)


def load_game(
    directory: str | os.PathLike[str] | None = None,
    *,
    now: float | None = None,
    max_age: float | None = None,
) -> SavedGame | None:
    """The autosave, or None when there is none, it is broken (moved aside) or too old (deleted).

    ``max_age`` (seconds, with ``now``) is the kiosk rule: a game left longer
    than the idle time belongs to somebody who walked away. A save time in the
    future (a Raspberry Pi without a clock battery boots with an old clock) is
    treated as fresh rather than thrown away.
    """
    return load_game_checked(directory, now=now, max_age=max_age).game


def clear_game(directory: str | os.PathLike[str] | None = None) -> None:
    """Delete the autosave (a finished game, or an operator's request)."""
    path = data_dir(directory) / SAVE_FILE
    try:
        path.unlink(missing_ok=True)
        _fsync_dir(path.parent)
    except OSError as exc:
        log.error("could not delete %s: %s", path, exc)
