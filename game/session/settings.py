"""Player and operator settings: typed, validated, saved as versioned JSON, overridden by flags.

Why so defensive: the settings file lives on a cabinet's SD card and may be
edited by hand, copied from another version, or cut short by a power loss. A
bad value must never stop the game, so each field is checked on its own: a
wrong one falls back to its default with a log line and the others are kept.
The file is then rewritten with the repaired settings (the original kept aside
as ``settings.json.broken-<time>``), so the same warnings do not come back at
every start and nothing the organiser wrote is lost.
Command-line flags win over the file (an operator can try a value without
saving it), and are validated by ``argparse`` so a typo there is a clear usage
error at start-up, not a crash later.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from game.ai.levels import DEFAULT_LEVEL, LEVELS, Level
from game.i18n import LANGUAGES
from game.session import operator_lock, persist
from game.session.commands import COMMANDS

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1

SOUND_CHOICES: tuple[bool, ...] = (True, False)
ANIMATION_SPEEDS: tuple[str, ...] = ("slow", "normal", "fast")
MATCH_LENGTHS: tuple[int, ...] = (0, 1, 3, 5, 7)
"""0 is unlimited money play with a running score."""
DIRECTIONS: tuple[str, ...] = ("home-right", "home-left")
CORNERS: tuple[str, ...] = ("top-left", "top-right", "bottom-left", "bottom-right")
VOLUME_STEPS: tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 1.0)
IDLE_CHOICES: tuple[int, ...] = (30, 60, 90, 120, 180, 300)
"""The idle times the settings screen offers; the file and flags accept any value in range."""
IDLE_RANGE = (10, 3600)
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
"""Clockwise turns of the whole picture (game.ui.display.ROTATIONS, kept free of pygame here)."""
CODE_LENGTH = (3, 8)
"""Digits of a code given for one run (``--operator-code``); a saved code has 4 to 8 and is not
trivial (``operator_lock.weakness``)."""
BOARD_SETS: tuple[str, ...] = ("classic", "contrast", "colourblind")
"""The board and checker sets (game.ui.board.looks.LOOK_NAMES, kept free of pygame here)."""
COACH_MODES: tuple[str, ...] = ("auto", "off", "blunders", "mistakes")
"""The coach during play (see game.session.coach.coach_level, the one rule that reads it)."""
ACCESS_FIELDS: tuple[str, ...] = (
    "board_set",
    "large_text",
    "animation",
    "reduced_motion",
    "auto_forced",
    "auto_bearoff",
    "speech",
)
"""The settings that make the game easier to see, hear and play (issue 28), in the order the
Accessibility screen shows them: the speed beside the reduced motion. On a cabinet a visitor may
change them for their visit unless the operator locked them (``access_open``)."""


@dataclass(frozen=True)
class Settings:
    """Every setting with its default; instances are always valid (see :func:`from_dict`)."""

    language: str = "en"
    sound: bool = True
    volume: float = 0.75
    animation: str = "normal"
    level: Level = DEFAULT_LEVEL
    match_length: int = 0
    direction: str = "home-right"
    idle_seconds: int = 90
    operator_corner: str = "top-left"
    operator_code: str = ""
    """A code for this run only (``--operator-code``, the tests), never saved here: the cabinet's own
    code is a salted hash in a file of its own (:mod:`game.session.operator_lock`), so damage to this
    file cannot reset it. An ``operator_code`` an older version wrote here is moved into that file
    once (when it has none) and dropped from this one."""
    operator_hold: float = 3.0
    """Seconds of pressing in the operator corner before the code pad appears."""
    keys: tuple[tuple[str, str], ...] = ()
    """The operator's key map: (command, key name) pairs that replace the default keys of those commands."""
    rotation: int = 0
    """Clockwise turn of the picture for a screen mounted sideways or upside down (``--rotate``
    wins for one run)."""
    table: bool = False
    """A cocktail table: two players face to face, the picture turned to the far player while they act."""
    learn_offered: bool = False
    """Learn to play was offered on the title to a player who had not played yet (it is offered once)."""
    board_set: str = "classic"
    """The board and checker set: classic, high contrast, or colour-blind (marked checkers)."""
    large_text: bool = False
    """Text a size larger wherever the screen has room for it."""
    reduced_motion: bool = False
    """No tumbling dice, checkers placed without sliding, no pulsing."""
    auto_forced: bool = False
    """A play that is the only legal one is made by itself after a short pause."""
    auto_bearoff: bool = False
    """A bear-off without contact whose plays are all equal is made by itself."""
    speech: bool = False
    """Spoken mode: the game says what happens, what is under the cursor and the focused button."""
    access_open: bool = True
    """Kiosk: visitors may change the accessibility settings for their visit (the operator may lock them)."""
    hand_dice: bool = False
    """Events that roll real dice: players may type their dice in (a keypad when rolling); such a match
    is recorded as "entered by hand". Off by default: the screen rolls dice anyone can check."""
    coach: str = "auto"
    """The coach's card before a costly decision counts: "auto" (big mistakes against the beginner
    and intermediate levels, in the first game after Learn to play and for kiosk visitors, else off),
    "off", "blunders" or "mistakes" (every game with a human, two-player games included)."""


DEFAULTS = Settings()


def _choice(options: tuple[Any, ...]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        for option in options:
            # a word of a type (a StrEnum) matches its string; otherwise the types must agree (True != 1)
            same = isinstance(value, str) if isinstance(option, str) else type(value) is type(option)
            if value == option and same:
                return option
        raise ValueError(f"{value!r} is not one of {', '.join(map(str, options))}")

    return check


def _number(low: float, high: float, integer: bool) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{value!r} is not a number")
        if integer and (isinstance(value, float) and not value.is_integer()):
            raise ValueError(f"{value!r} is not a whole number")
        if not math.isfinite(value) or not low <= value <= high:
            raise ValueError(f"{value!r} is outside {low:g}..{high:g}")
        return int(value) if integer else float(value)

    return check


def _code(value: Any) -> str:
    if value == "":
        return ""  # none chosen yet: the kiosk asks for one
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        raise ValueError(f"{value!r} is not a string of digits")
    if not CODE_LENGTH[0] <= len(value) <= CODE_LENGTH[1]:
        raise ValueError(f"the code has {CODE_LENGTH[0]} to {CODE_LENGTH[1]} digits, not {len(value)}")
    return value


def _keys(value: Any) -> tuple[tuple[str, str], ...]:
    pairs = value.items() if isinstance(value, Mapping) else value
    if not isinstance(pairs, (list, tuple)) and not isinstance(value, Mapping):
        raise ValueError(f"{value!r} is not a list of (command, key) pairs")
    out: dict[str, str] = {}
    for pair in pairs:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2 or not all(isinstance(x, str) for x in pair):
            raise ValueError(f"{pair!r} is not a (command, key) pair")
        command, name = pair
        if command not in COMMANDS:
            raise ValueError(f"{command!r} is not a command ({', '.join(COMMANDS)})")
        if not 0 < len(name) <= 20:
            raise ValueError(f"{name!r} is not a key name")
        out[command] = name
    return tuple(sorted(out.items()))


VALIDATORS: Mapping[str, Callable[[Any], Any]] = {
    "language": _choice(LANGUAGES),
    "sound": _choice(SOUND_CHOICES),
    "volume": _number(0.0, 1.0, integer=False),
    "animation": _choice(ANIMATION_SPEEDS),
    "level": _choice(LEVELS),
    "match_length": _choice(MATCH_LENGTHS),
    "direction": _choice(DIRECTIONS),
    "idle_seconds": _number(*IDLE_RANGE, integer=True),
    "operator_corner": _choice(CORNERS),
    "operator_code": _code,
    "operator_hold": _number(0.5, 30.0, integer=False),
    "keys": _keys,
    "rotation": _choice(ROTATIONS),
    "table": _choice(SOUND_CHOICES),
    "learn_offered": _choice(SOUND_CHOICES),
    "board_set": _choice(BOARD_SETS),
    "large_text": _choice(SOUND_CHOICES),
    "reduced_motion": _choice(SOUND_CHOICES),
    "auto_forced": _choice(SOUND_CHOICES),
    "auto_bearoff": _choice(SOUND_CHOICES),
    "speech": _choice(SOUND_CHOICES),
    "access_open": _choice(SOUND_CHOICES),
    "hand_dice": _choice(SOUND_CHOICES),
    "coach": _choice(COACH_MODES),
}

OPTIONS: Mapping[str, tuple[Any, ...]] = {
    "language": LANGUAGES,
    "sound": SOUND_CHOICES,
    "volume": VOLUME_STEPS,
    "animation": ANIMATION_SPEEDS,
    "level": LEVELS,
    "match_length": MATCH_LENGTHS,
    "direction": DIRECTIONS,
    "idle_seconds": IDLE_CHOICES,
    "operator_corner": CORNERS,
    "rotation": ROTATIONS,
    "table": (False, True),
    "board_set": BOARD_SETS,
    "large_text": (False, True),
    "reduced_motion": (False, True),
    "auto_forced": (False, True),
    "auto_bearoff": (False, True),
    "speech": (False, True),
    "access_open": (True, False),
    "hand_dice": (False, True),
    "coach": COACH_MODES,
}
"""The values a settings screen cycles through, per field (the code is typed on a keypad instead)."""


def to_dict(settings: Settings) -> dict[str, Any]:
    """The versioned JSON form (without the run's operator code: see :attr:`Settings.operator_code`)."""
    values = dataclasses.asdict(settings)
    del values["operator_code"]
    return {"version": SETTINGS_VERSION, "settings": values}


def from_dict(values: Mapping[str, Any]) -> Settings:
    """Settings from a plain mapping of field values: each bad or unknown value is logged and skipped."""
    return _checked(values)[0]


def _checked(values: Mapping[str, Any]) -> tuple[Settings, list[str]]:
    """:func:`from_dict`, and the names of the values it had to skip (bad or unknown)."""
    good: dict[str, Any] = {}
    skipped: list[str] = []
    names = {f.name for f in fields(Settings)}
    for name, value in values.items():
        if name not in names:
            log.warning("settings: unknown setting %r ignored", name)
            skipped.append(str(name))
            continue
        try:
            good[name] = VALIDATORS[name](value)
        except ValueError as exc:
            log.warning("settings: %s: %s; using the default %r", name, exc, getattr(DEFAULTS, name))
            skipped.append(name)
    return Settings(**good), skipped


def with_value(settings: Settings, name: str, value: Any) -> Settings:
    """A copy with one field changed, validated; ValueError with the reason if the value is bad."""
    if name not in VALIDATORS:
        raise ValueError(f"no setting called {name!r}")
    return dataclasses.replace(settings, **{name: VALIDATORS[name](value)})


def next_option(settings: Settings, name: str, step: int = 1) -> Settings:
    """The setting ``name`` moved to the next (or previous) value a settings screen offers."""
    options = OPTIONS[name]
    current = getattr(settings, name)
    index = options.index(current) if current in options else -1
    if index < 0:  # a value from the file or a flag that the screen does not list: start at an end
        index = -1 if step > 0 else len(options)
    return dataclasses.replace(settings, **{name: options[(index + step) % len(options)]})


def load_settings(directory: str | os.PathLike[str] | None = None) -> Settings:
    """The saved settings, or the defaults (a broken file is moved aside and logged).

    A file with some bad or unknown values gives the good ones and the defaults for the rest,
    and is repaired once (see :func:`repair_file`).
    """
    return load_settings_checked(directory)[0]


def load_settings_checked(
    directory: str | os.PathLike[str] | None = None,
) -> tuple[Settings, persist.BrokenSave | None]:
    """:func:`load_settings`, and the file when it could not be read at all and was put aside (the
    title says so: a player who finds the language and the level back at their defaults should
    know why)."""
    path = persist.data_dir(directory) / SETTINGS_FILE
    try:
        data = persist.read_versioned(path, SETTINGS_VERSION)
    except FileNotFoundError:
        return Settings(), None
    except persist.BrokenFile as exc:
        return Settings(), persist.BrokenSave(path, persist.quarantine(path, str(exc)), str(exc))
    values = data.get("settings")
    if not isinstance(values, dict):
        log.warning("settings: %s has no settings object; using the defaults", path)
        settings, problem = Settings(), "no settings object"
    else:
        settings, skipped = _checked(values)
        problem = f"bad or unknown values: {', '.join(skipped)}" if skipped else ""
        if settings.operator_code and _migrate_code(path.parent, settings.operator_code):
            problem = problem or "the operator code moved to its own file"
        settings = dataclasses.replace(settings, operator_code="")
    if problem:
        repair_file(path, settings, problem)
    return settings, None


def _migrate_code(folder: Path, code: str) -> bool:
    """An older version's plain-text code, put into the code file when that has none (True: done,
    so the settings file can drop it)."""
    state = operator_lock.read_code(folder)[0]
    if state is not operator_lock.CodeState.MISSING:
        return state is operator_lock.CodeState.SET
    if operator_lock.write_code(folder, code) is not None:
        return False
    log.warning("settings: the operator code moved to %s (a salted hash)", operator_lock.CODE_FILE)
    return True


def repair_file(path: os.PathLike[str] | str, settings: Settings, reason: str) -> bool:
    """Replace a settings file that had bad values by ``settings`` (what was read, repaired).

    The original is copied aside first (``settings.json.broken-<time>``, like a broken save), so an
    organiser's hand edit is never lost; without that copy the file is left alone. False (logged)
    when the disk refused: the game still runs, with the repaired settings for this run.
    """
    file = Path(path)
    if persist.keep_copy(file, reason) is None:
        return False
    if not persist.atomic_write_json(file, to_dict(settings)):
        return False
    log.warning("settings: %s rewritten with the bad values replaced by defaults", file.name)
    return True


def save_settings(settings: Settings, directory: str | os.PathLike[str] | None = None) -> bool:
    """Write the settings atomically; False (logged) if the disk refused."""
    return persist.atomic_write_json(persist.data_dir(directory) / SETTINGS_FILE, to_dict(settings))


class Stored:
    """What ``settings.json`` holds, apart from the settings this run plays with.

    The flags override the saved settings for this run only: a change saved later (a language
    tapped on the title) writes the file's own values for the flagged settings, not the flags'
    (a play test's one run with ``--rotate 90`` left every later run sideways). A flagged setting
    the player changes is the player's: saved as chosen from then on.
    """

    def __init__(self, stored: Settings, run: Settings) -> None:
        self.stored = stored
        self.flags = {
            f.name: getattr(run, f.name)
            for f in fields(Settings)
            if getattr(run, f.name) != getattr(stored, f.name)
        }

    def to_save(self, settings: Settings) -> Settings:
        """What to write when the run's settings become ``settings``."""
        for name in [n for n, value in self.flags.items() if getattr(settings, n) != value]:
            del self.flags[name]
        self.stored = dataclasses.replace(settings, **{n: getattr(self.stored, n) for n in self.flags})
        return self.stored


# ---------------------------------------------------------------------------------------------
# Command-line flags


def _volume_arg(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"volume is a number from 0 to 1, not {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"volume is a number from 0 to 1, not {text!r}")
    return value


def _idle_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"idle time is whole seconds, not {text!r}") from None
    if not IDLE_RANGE[0] <= value <= IDLE_RANGE[1]:
        raise argparse.ArgumentTypeError(
            f"idle time is {IDLE_RANGE[0]} to {IDLE_RANGE[1]} seconds, not {value}"
        )
    return value


def _code_arg(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError(
            "operator code: give the digits (to set the saved code, use --set-operator-code)"
        )
    try:
        return _code(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"operator code: {exc}") from None


def _hold_arg(text: str) -> float:
    try:
        return float(VALIDATORS["operator_hold"](float(text)))
    except ValueError:
        raise argparse.ArgumentTypeError(f"hold time is 0.5 to 30 seconds, not {text!r}") from None


def add_arguments(parser: argparse.ArgumentParser, skip: set[str] | frozenset[str] = frozenset()) -> None:
    """Add one flag per setting; each defaults to None, meaning "keep what the file says".

    Flags in ``skip``, or that ``parser`` already has, are left out: the app keeps its own meaning for them.
    """
    group = parser.add_argument_group("settings (override the saved settings for this run)")
    taken = set(parser._option_string_actions) | set(skip)

    def add(*flags: str, **kw: Any) -> None:
        if not taken.intersection(flags):
            group.add_argument(*flags, **kw)

    add("--lang", choices=LANGUAGES, default=None, help="language of the screen")
    add("--sound", dest="sound", action="store_const", const=True, default=None, help="play sound effects")
    add("--no-sound", dest="sound", action="store_const", const=False, help="play silently")
    add("--volume", type=_volume_arg, default=None, help="sound volume 0..1")
    add("--speed", choices=ANIMATION_SPEEDS, default=None, help="animation speed")
    add("--level", choices=LEVELS, default=None, help="the computer's level")
    add(
        "--match-length",
        type=int,
        choices=MATCH_LENGTHS,
        default=None,
        help="points to win (0 = unlimited games: money play)",
    )
    add("--home", choices=("left", "right"), default=None, help="draw the home board on this side")
    add("--idle", type=_idle_arg, default=None, help="seconds without input before the demo")
    add("--operator-corner", choices=CORNERS, default=None, help="corner to hold for the operator menu")
    add(
        "--operator-code",
        type=_code_arg,
        default=None,
        help="digits that open the operator menu, for this run only (tests, a one-off: never saved, not "
        "checked for trivial codes, and seen by every user in the process list; the cabinet's own code "
        "is set with --set-operator-code)",
    )
    add("--operator-hold", type=_hold_arg, default=None, help="seconds to press the corner")
    add(
        "--rotate",
        type=int,
        choices=ROTATIONS,
        default=None,
        help="turn the picture clockwise by 90, 180 or 270 degrees (a screen mounted sideways)",
    )
    add(
        "--table",
        dest="table",
        action="store_const",
        const=True,
        default=None,
        help="cocktail table: two players face to face, the picture turns to the far player",
    )
    add("--no-table", dest="table", action="store_const", const=False, help="an upright screen (the default)")
    add(
        "--hand-dice",
        dest="hand_dice",
        action="store_const",
        const=True,
        default=None,
        help="players may type in real dice rolled on the table (recorded as entered by hand)",
    )
    add(
        "--no-hand-dice",
        dest="hand_dice",
        action="store_const",
        const=False,
        help="the screen rolls (default)",
    )
    add(
        "--coach",
        choices=COACH_MODES,
        default=None,
        help="stop a player's big mistakes (blunders) or all mistakes before they count, or never "
        "(off); auto: big ones against the beginner and intermediate levels and in kiosk mode",
    )


_FLAG_FIELDS: Mapping[str, str] = {
    "lang": "language",
    "sound": "sound",
    "volume": "volume",
    "speed": "animation",
    "level": "level",
    "match_length": "match_length",
    "home": "direction",
    "idle": "idle_seconds",
    "operator_corner": "operator_corner",
    "operator_code": "operator_code",
    "operator_hold": "operator_hold",
    "rotate": "rotation",
    "table": "table",
    "hand_dice": "hand_dice",
    "coach": "coach",
}


def apply_arguments(settings: Settings, args: argparse.Namespace) -> Settings:
    """``settings`` with every flag that was given on the command line put over it."""
    changes: dict[str, Any] = {}
    for flag, name in _FLAG_FIELDS.items():
        value = getattr(args, flag, None)
        if value is None:
            continue
        if flag == "home":
            value = f"home-{value}"
        changes[name] = VALIDATORS[name](value)
    return dataclasses.replace(settings, **changes)
