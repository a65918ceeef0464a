"""The desk's wire protocol: credentials from the join code, signed requests, and strict JSON schemas.

Why signatures and not a password in a header: the event's network is shared (guests' phones on the
same Wi-Fi), and plain HTTP can be read by anyone on it. Nothing secret crosses the wire:

* the **join code** (shown on the desk's screen, typed on each board) is stretched into a join key
  with PBKDF2 (:func:`join_key`); a board proves it knows the code by an HMAC of its join request;
* each board's **key** is derived from the join key, the board's id and a random board nonce
  (:func:`board_key`): the desk and the board compute it on their own sides and it is never sent;
  the desk stores it, so changing the join code keeps joined boards and stops new joins;
* every request that changes anything carries the board's id, the time, a fresh random nonce and
  an HMAC-SHA256 of the method, the path, those and the body's SHA-256 (:func:`sign`); the desk
  refuses a wrong signature (forged), a time more than :data:`MAX_SKEW` seconds away, and a nonce
  it has seen (replayed).

The director's own actions from another process use the same scheme with the id ``director`` and
a key kept in the desk's data folder (only the desk's machine can read it).

Every request body is JSON checked against a small schema (:func:`check`): exact keys, types and
bounds, or :class:`ProtocolError` with what is wrong. No pygame, no network here.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

PROTOCOL = 1
MAX_BODY = 512 * 1024
"""The largest request body the desk reads (a .mat record of a long match is well under 100 kB)."""
MAX_MAT = 400 * 1024
MAX_SKEW = 300
"""Seconds a signed request's time may differ from the desk's clock (boards' clocks drift)."""
PBKDF2_ROUNDS = 20_000
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join code letters: no 0/O, 1/I to mix up when typed from the desk's screen."""
CODE_LENGTH = 8
DIRECTOR = "director"
SERVICE_TYPE = "_backgammon-desk._tcp.local."
"""The DNS-SD service type desks announce (see :mod:`game.desk.discovery`)."""

ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MATCH_RE = re.compile(r"^[A-Z][0-9]{1,2}-[0-9]{1,2}$")
HEX_RE = re.compile(r"^[0-9a-f]+$")


class ProtocolError(ValueError):
    """A request the desk refuses: HTTP ``status``, a stable ``code`` for programs and a message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        self.status = status
        self.code = code
        super().__init__(message)


class ReportKind(Enum):
    """What a board reports about its match."""

    GAME = "game"
    """A game ended: the score after it and the record so far."""
    RESULT = "result"
    """The match ended (confirmed by the loser on the board): the winner, the score, the whole record."""


LIVE_EVERY = 20.0
"""Seconds between a playing board's signs of life (``/api/live``) when nothing else is sent: well
under the desk's :data:`game.desk.desk.LATE_AFTER`, so a board where people think is never called late."""


# -- the join code and keys --------------------------------------------------------------------------


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """The code as the desk compares it: capitals, without spaces or dashes (people type it both ways)."""
    return "".join(code.split()).replace("-", "").upper()


def join_key(code: str, salt: str) -> bytes:
    """The key a join code stands for (``salt``: the desk's id, so two desks' keys differ)."""
    return hashlib.pbkdf2_hmac("sha256", normal_code(code).encode(), salt.encode(), PBKDF2_ROUNDS)


def board_key(key: bytes, board: str, board_nonce: str) -> bytes:
    return hmac.new(key, f"board {board} {board_nonce}".encode(), hashlib.sha256).digest()


def join_proof(key: bytes, body: bytes) -> str:
    return hmac.new(key, b"join\n" + body, hashlib.sha256).hexdigest()


def body_digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def signature(key: bytes, method: str, path: str, board: str, stamp: int, nonce: str, body: bytes) -> str:
    message = f"{method}\n{path}\n{board}\n{stamp}\n{nonce}\n{body_digest(body)}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


@dataclass(frozen=True, slots=True)
class Signed:
    """The headers of a signed request."""

    board: str
    stamp: int
    nonce: str
    sig: str

    def headers(self) -> dict[str, str]:
        return {"X-Board": self.board, "X-Time": str(self.stamp), "X-Nonce": self.nonce, "X-Sig": self.sig}


def sign(key: bytes, method: str, path: str, board: str, stamp: int, body: bytes) -> Signed:
    nonce = secrets.token_hex(16)
    return Signed(board, stamp, nonce, signature(key, method, path, board, stamp, nonce, body))


def read_signed(headers: Mapping[str, str | None]) -> Signed:
    """The signature headers of a request, checked for form only (:class:`ProtocolError` otherwise)."""
    board = headers.get("X-Board")
    stamp = headers.get("X-Time")
    nonce = headers.get("X-Nonce")
    sig = headers.get("X-Sig")
    if board is None or stamp is None or nonce is None or sig is None:
        raise ProtocolError(401, "unsigned", "this request changes the tournament and must be signed")
    if not ID_RE.match(board):
        raise ProtocolError(401, "bad_board", "the board id is not a short name")
    if not stamp.isdigit() or len(stamp) > 12:
        raise ProtocolError(401, "bad_time", "the request's time is not a whole number of seconds")
    if len(nonce) != 32 or not HEX_RE.match(nonce):
        raise ProtocolError(401, "bad_nonce", "the request's nonce is not 32 hex digits")
    if len(sig) != 64 or not HEX_RE.match(sig):
        raise ProtocolError(401, "bad_signature", "the signature is not 64 hex digits")
    return Signed(board, int(stamp), nonce, sig)


def verify(key: bytes, method: str, path: str, signed: Signed, body: bytes, now: float) -> None:
    if abs(now - signed.stamp) > MAX_SKEW:
        raise ProtocolError(401, "stale", "the request's time is too far from the desk's clock")
    want = signature(key, method, path, signed.board, signed.stamp, signed.nonce, body)
    if not hmac.compare_digest(want, signed.sig):
        raise ProtocolError(401, "forged", "the signature does not match: wrong key or altered request")


# -- JSON bodies -------------------------------------------------------------------------------------


def parse_json(body: bytes) -> dict[str, Any]:
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ProtocolError(400, "bad_json", f"the body is not JSON: {exc}") from exc
    except RecursionError as exc:
        raise ProtocolError(400, "bad_json", "the body's JSON is nested too deep") from exc
    if not isinstance(data, dict):
        raise ProtocolError(400, "bad_json", "the body is not a JSON object")
    return data


class Field(Enum):
    """The kinds of value a schema allows."""

    ID = "id"
    MATCH = "match"
    NONCE = "nonce"
    HEX64 = "hex64"
    NAME = "name"
    INT = "int"
    SCORE = "score"
    KIND = "kind"
    MAT = "mat"
    BOOL = "bool"
    CODE = "code"
    BANKS = "banks"


SCHEMAS: dict[str, dict[str, tuple[Field, bool]]] = {
    "join": {
        "board": (Field.ID, True),
        "board_nonce": (Field.NONCE, True),
        "name": (Field.NAME, True),
        "protocol": (Field.INT, True),
        "stamp": (Field.INT, True),
    },
    "next": {"protocol": (Field.INT, True)},
    "report": {
        "report_id": (Field.ID, True),
        "match": (Field.MATCH, True),
        "kind": (Field.KIND, True),
        "game": (Field.INT, True),
        "score": (Field.SCORE, True),
        "winner": (Field.INT, False),
        "mat": (Field.MAT, True),
        "banks": (Field.BANKS, False),
    },
    "correct": {"match": (Field.MATCH, True), "winner": (Field.INT, True), "score": (Field.SCORE, True)},
    "live": {"match": (Field.MATCH, True), "banks": (Field.BANKS, False), "running": (Field.INT, False)},
    "clear": {"match": (Field.MATCH, True)},
    "move": {"match": (Field.MATCH, True), "board": (Field.ID, True)},
    "withdraw": {"player": (Field.INT, True)},
    "reinstate": {"player": (Field.INT, True)},
    "remove": {"board": (Field.ID, True)},
    "code": {"code": (Field.CODE, True)},
}


def _ok(kind: Field, value: object) -> bool:
    if kind is Field.INT:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**10
    if kind is Field.BOOL:
        return isinstance(value, bool)
    if kind is Field.SCORE:
        return (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 99 for v in value)
        )
    if kind is Field.BANKS:  # two clocks' banks in seconds (a day at most)
        return (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 86_400 for v in value)
        )
    if not isinstance(value, str):
        return False
    if kind is Field.ID:
        return bool(ID_RE.match(value))
    if kind is Field.MATCH:
        return bool(MATCH_RE.match(value))
    if kind is Field.NONCE:
        return len(value) == 32 and bool(HEX_RE.match(value))
    if kind is Field.HEX64:
        return len(value) == 64 and bool(HEX_RE.match(value))
    if kind is Field.NAME:
        return 0 < len(value) <= 40 and value.isprintable()
    if kind is Field.KIND:
        return value in {k.value for k in ReportKind}
    if kind is Field.CODE:
        code = normal_code(value)
        return len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code)
    return len(value) <= MAX_MAT  # Field.MAT


def check(schema: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` if it has exactly the schema's keys with allowed values; :class:`ProtocolError` otherwise."""
    fields = SCHEMAS[schema]
    extra = sorted(set(data) - set(fields))
    if extra:
        raise ProtocolError(400, "bad_field", f"unknown field {extra[0][:40]!r}")
    for key, (kind, required) in fields.items():
        if key not in data:
            if required:
                raise ProtocolError(400, "missing_field", f"the field {key!r} is missing")
            continue
        if not _ok(kind, data[key]):
            raise ProtocolError(400, "bad_value", f"the field {key!r} is not a valid {kind.value}")
    return data


def encode(data: Mapping[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


__all__ = [
    "CODE_ALPHABET",
    "DIRECTOR",
    "MAX_BODY",
    "MAX_SKEW",
    "PROTOCOL",
    "SERVICE_TYPE",
    "Field",
    "ProtocolError",
    "ReportKind",
    "Signed",
    "board_key",
    "check",
    "encode",
    "join_key",
    "join_proof",
    "new_join_code",
    "normal_code",
    "parse_json",
    "read_signed",
    "sign",
    "verify",
]
