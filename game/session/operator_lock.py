"""The operator code of a cabinet: kept as a salted hash in a file of its own, set only on purpose,
and slow to guess.

Why each rule:

- **Its own file, readable by the game's user only** (``operator-code.json``, mode 0600): a damaged
  or hand-edited ``settings.json`` is repaired to defaults, and the code used to be one of those
  settings, so damage sent the next start back to "Choose an operator code" for the first visitor.
  The code file is read by nothing else and never repaired: a damaged or missing file locks the
  cabinet ("ask the operator"), it never asks for a new code.
- **A salted key-derivation hash** (PBKDF2-HMAC-SHA256 from :mod:`hashlib`, :data:`ITERATIONS`
  rounds, 16 random bytes of salt): a copy of the file does not give the code away at a glance, and
  trying every code against a copy costs each guess the same work as the cabinet's own check.
- **Set by a deliberate act**: ``--set-operator-code`` on the unit's command line (typed twice at a
  terminal, or two lines from an installer's pipe), or the operator menu's Settings. The touch screen
  of a fresh cabinet never offers to choose one: the first visitor to touch it used to become its
  operator (see :mod:`game.ui.kiosk.locked`).
- **Trivial codes refused, with the reason** (:func:`weakness`): one digit repeated, a run up or down,
  a repeated pattern, the old default and the commonest PINs are the first ones anyone tries.
- **Wrong tries slow the keypad down more and more** (:func:`wait_after`): the first
  :data:`FREE_TRIES` are free (a typo), then each wrong try doubles the wait from
  :data:`FIRST_WAIT` seconds up to :data:`LONGEST_WAIT`. The count is kept on disk
  (``operator-tries.json``, 0600, with the time of the last wrong try) so that pulling the plug does
  not start it again, and every wrong try is logged with the time. :func:`least_seconds` is the
  promise: 100 wrong codes take at least 83,730 s (23.3 hours), and the 4,935 tries that find a
  four-digit code half the time (9,871 four-digit codes are not refused as trivial) take 51 days.

No pygame here; the wall clock is only read through the ``clock`` a caller passes (for the log's time).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import itertools
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from game.session import persist

log = logging.getLogger(__name__)

CODE_FILE = "operator-code.json"
TRIES_FILE = "operator-tries.json"
NOTICES_FILE = "operator-notices.json"
CODE_VERSION = 1
KDF = "pbkdf2-sha256"
ITERATIONS = 120_000
"""PBKDF2 rounds: 0.04 s per typed code on the development machine (x86-64, measured with
``hashlib.pbkdf2_hmac`` alone; not measured on a Raspberry Pi, whose core is slower)."""
SALT_BYTES = 16
CODE_LENGTH = (4, 8)
"""Digits of an operator code. Four at least: with three, the 1,000 codes fall to the slow-down in days."""
FREE_TRIES = 3
FIRST_WAIT = 30.0
LONGEST_WAIT = 900.0
FILE_MODE = 0o600

COMMON_CODES = frozenset(
    {"2580", "1004", "2000", "2001", "6969", "1122", "1313", "1010", "0852", "1984", "2468", "1357"}
)
"""Codes people choose first beyond the patterns :func:`weakness` finds (a keypad's middle column
2580 was this game's old default code)."""


class Weak(Enum):
    """Why a code is refused; the message key is ``lock.weak_<value>``."""

    LENGTH = "length"
    DIGITS = "digits"
    SAME = "same"
    RUN = "run"
    PATTERN = "pattern"
    COMMON = "common"


def weakness(code: str) -> Weak | None:
    """None when ``code`` may be an operator code, else why not."""
    if not (code.isascii() and code.isdigit()):
        return Weak.DIGITS
    if not CODE_LENGTH[0] <= len(code) <= CODE_LENGTH[1]:
        return Weak.LENGTH
    if len(set(code)) == 1:
        return Weak.SAME
    steps = {(int(b) - int(a)) % 10 for a, b in itertools.pairwise(code)}
    if steps in ({1}, {9}):
        return Weak.RUN
    for period in range(2, len(code) // 2 + 1):
        if len(code) % period == 0 and code == code[:period] * (len(code) // period):
            return Weak.PATTERN
    if code in COMMON_CODES:
        return Weak.COMMON
    return None


def wait_after(failures: int) -> float:
    """Seconds the keypad refuses codes after the ``failures``-th wrong try in a row."""
    if failures < FREE_TRIES:
        return 0.0
    doublings = min(failures - FREE_TRIES, 32)  # no overflow after a week of tries: the longest wait
    return min(FIRST_WAIT * 2.0**doublings, LONGEST_WAIT)


def least_seconds(tries: int) -> float:
    """The shortest time in which ``tries`` wrong codes can be typed (the waits between them)."""
    return sum(wait_after(k) for k in range(1, tries))


# -- the code file ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CodeHash:
    """What the code file holds: the salt, the rounds and PBKDF2's result (never the code)."""

    salt: bytes
    iterations: int
    digest: bytes

    @classmethod
    def of(cls, code: str, iterations: int = ITERATIONS, salt: bytes | None = None) -> CodeHash:
        salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
        return cls(salt, iterations, _derive(code, salt, iterations))

    def matches(self, code: str) -> bool:
        if not code.isascii():
            return False
        return hmac.compare_digest(_derive(code, self.salt, self.iterations), self.digest)

    def to_dict(self) -> dict[str, object]:
        return {
            "version": CODE_VERSION,
            "kdf": KDF,
            "iterations": self.iterations,
            "salt": self.salt.hex(),
            "hash": self.digest.hex(),
        }

    @classmethod
    def from_dict(cls, data: object) -> CodeHash:
        """The hash :meth:`to_dict` wrote; ``ValueError`` saying what is wrong otherwise."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        if data.get("version") != CODE_VERSION or data.get("kdf") != KDF:
            raise ValueError(f"not version {CODE_VERSION} of {KDF}")
        rounds, salt, digest = data.get("iterations"), data.get("salt"), data.get("hash")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1000 <= rounds <= 10**8:
            raise ValueError("the rounds are not a sensible whole number")
        if not isinstance(salt, str) or not isinstance(digest, str):
            raise ValueError("the salt or the hash is not text")
        try:
            salt_b, digest_b = bytes.fromhex(salt), bytes.fromhex(digest)
        except ValueError as exc:
            raise ValueError("the salt or the hash is not hex") from exc
        if len(salt_b) < 8 or len(digest_b) != 32:
            raise ValueError("the salt or the hash has the wrong length")
        return cls(salt_b, rounds, digest_b)


def _derive(code: str, salt: bytes, iterations: int) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", code.encode("ascii"), salt, iterations)


class CodeState(Enum):
    SET = "set"
    MISSING = "missing"
    DAMAGED = "damaged"


def read_code(directory: Path) -> tuple[CodeState, CodeHash | None, str]:
    """The code file's state, its hash when it is usable, and (damaged) why not."""
    path = directory / CODE_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return CodeState.MISSING, None, ""
    except OSError as exc:
        return CodeState.DAMAGED, None, f"cannot be read: {exc.strerror or exc}"
    try:
        return CodeState.SET, CodeHash.from_dict(json.loads(raw.decode("utf-8"))), ""
    except (ValueError, UnicodeDecodeError) as exc:
        return CodeState.DAMAGED, None, str(exc)


def write_private(path: Path, data: object) -> str | None:
    """``data`` as JSON into ``path``, atomically, readable and writable by this user only (0600 from
    the moment it exists: no window in which another user could open it). None when saved, else the
    operating system's reason (a full disk, a read-only folder), logged."""
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    if persist.atomic_write_bytes(path, text.encode("utf-8"), FILE_MODE):
        return None
    return persist.last_error() or "not saved"


def write_code(directory: Path, code: str | CodeHash) -> str | None:
    """Save ``code``'s hash (see :func:`write_private`); the wrong tries start again from none."""
    hashed = CodeHash.of(code) if isinstance(code, str) else code
    problem = write_private(directory / CODE_FILE, hashed.to_dict())
    if problem is None:
        with contextlib.suppress(OSError):
            (directory / TRIES_FILE).unlink(missing_ok=True)
    return problem


def read_failures(directory: Path) -> int:
    """Wrong tries in a row kept from earlier runs (0 when none or unreadable: then the file is
    damaged, and a damaged count must not lock the operator out for ever)."""
    try:
        data = json.loads((directory / TRIES_FILE).read_text("utf-8"))
    except (OSError, ValueError):
        return 0
    n = data.get("failures") if isinstance(data, dict) else None
    return n if isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10**6 else 0


def read_notices(directory: Path) -> list[str]:
    """The operator's notices not yet read, kept over a restart (:data:`NOTICES_FILE`): a broken
    autosave found at a start is said at the next operator login, even when the cabinet was switched
    off in between. An unreadable file gives none (its problem is only logged)."""
    try:
        data = json.loads((directory / NOTICES_FILE).read_text("utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        log.warning("the operator's notices in %s cannot be read: %s", NOTICES_FILE, exc)
        return []
    items = data.get("notices") if isinstance(data, dict) else None
    return [n for n in items if isinstance(n, str)] if isinstance(items, list) else []


def write_notices(directory: Path, notices: list[str]) -> None:
    """Keep ``notices`` for the next start (none: the file goes). A disk that refuses is logged: the
    notices still stand on the operator's menu for this run."""
    path = directory / NOTICES_FILE
    if notices:
        write_private(path, {"version": 1, "notices": notices})
        return
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


class OperatorLock:
    """The cabinet's code as the App uses it: the file's hash, or a code given for this run only
    (``--operator-code``, the tests), and the wrong tries on disk."""

    def __init__(self, directory: Path, run_code: str = "", clock: Callable[[], float] = time.time) -> None:
        self.directory = directory
        self.run_code = run_code
        self.clock = clock
        self.state, self.hash, self.reason = read_code(directory)
        if self.state is CodeState.DAMAGED:
            log.error("the operator code file %s is damaged (%s): ask the operator", CODE_FILE, self.reason)
        self.failures = read_failures(directory)

    @property
    def usable(self) -> bool:
        """A code can open the operator menu (else the cabinet is locked until the organiser sets one)."""
        return bool(self.run_code) or self.hash is not None

    def verify(self, code: str) -> bool:
        if self.run_code and hmac.compare_digest(code.encode(), self.run_code.encode()):
            return True
        return self.hash is not None and bool(code) and self.hash.matches(code)

    def set_code(self, code: str) -> str | None:
        """Save a new code (None) or say why the disk refused (the code stays the old one)."""
        hashed = CodeHash.of(code)
        problem = write_code(self.directory, hashed)
        if problem is None:
            self.state, self.hash, self.reason = CodeState.SET, hashed, ""
            self.failures = 0
        return problem

    def record_failure(self, failures: int) -> None:
        """The ``failures``-th wrong try in a row: logged with the time, and kept on disk."""
        self.failures = failures
        when = time.strftime("%Y-%m-%d %H:%M:%S %Z", time.localtime(self.clock()))
        log.warning(
            "operator code: wrong try %d in a row at %s; the keypad waits %.0f s",
            failures,
            when,
            wait_after(failures),
        )
        write_private(self.directory / TRIES_FILE, {"version": 1, "failures": failures, "last": when})

    def record_success(self) -> None:
        if self.failures:
            log.info("operator code: right after %d wrong tries", self.failures)
            self.failures = 0
            with contextlib.suppress(OSError):
                (self.directory / TRIES_FILE).unlink(missing_ok=True)


__all__ = [
    "CODE_FILE",
    "CODE_LENGTH",
    "FREE_TRIES",
    "NOTICES_FILE",
    "TRIES_FILE",
    "CodeHash",
    "CodeState",
    "OperatorLock",
    "Weak",
    "least_seconds",
    "read_code",
    "read_notices",
    "wait_after",
    "weakness",
    "write_code",
    "write_notices",
    "write_private",
]
