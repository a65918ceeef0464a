"""The desk's wire protocol: credentials from the join code, signed requests, and strict JSON schemas.

Why signatures and not a password in a header: the event's network is shared (guests' phones on the
same Wi-Fi), and plain HTTP can be read by anyone on it. Nothing secret crosses the wire in the
clear:

* the **join code** (shown on the desk's screen, typed on each board) is stretched into a join key
  with PBKDF2 (:func:`join_key`); a board proves it knows the code by an HMAC of its join request;
* each board's **key** is derived from the join key, the board's id and a random board nonce
  (:func:`board_key`): the desk and the board compute it on their own sides and it is never sent;
  the desk stores it, so changing the join code keeps joined boards and stops new joins;
* every request that changes anything carries the board's id, the time, a fresh random nonce and
  an HMAC-SHA256 of the method, the path, those and the body's SHA-256 (:func:`sign`); the desk
  refuses a wrong signature (forged), a time more than :data:`MAX_SKEW` seconds away, and a nonce
  it has seen (replayed);
* each match's **dice secret** goes to its board *sealed* with that board's key (:func:`seal`,
  :func:`unseal`): whoever reads the terms on the network cannot predict the match's rolls, and a
  board that did not get them (or holds another key) cannot open them. A match the director moves
  to another board is sealed again with the new board's key.

Why the seal is encrypt-then-MAC with HMAC-SHA256 and not a pad alone: the standard library has no
cipher, but HMAC-SHA256 used as a keystream (counter mode over a fresh 16-byte nonce, the board id
and the match id) is one; the pad alone would hide the secret, but a wrong key or a changed byte
would unseal into *another* secret without a word, and the board would roll dice nobody can check.
The MAC over the board, the match, the nonce and the sealed bytes makes any of those an error
(:class:`SealError`) instead. The two keys are derived from the board's key for these uses only, so
a seal never doubles as a request signature. The nonce is fresh at every sealing: the same secret
sent twice (the board asks again, the match moves) never gives the same bytes.

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

PROTOCOL = 2
"""2: a match's dice secret goes sealed (``sealed`` in the terms, see :func:`seal`); 1 sent it in
the clear (a board of protocol 1 is refused: it could not open the seal)."""
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


class SealError(ValueError):
    """A sealed dice secret that does not open with this board's key: sealed for another board or
    match, with another key (the board joined again), or changed on the way."""


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


MAX_SECRET = 64
"""The longest dice secret a seal carries (the desk's are 32 hex digits)."""


def _seal_keys(key: bytes) -> tuple[bytes, bytes]:
    """The keystream key and the MAC key of the seal, derived from a board's key for this use only."""
    return (
        hmac.new(key, b"seal pad", hashlib.sha256).digest(),
        hmac.new(key, b"seal mac", hashlib.sha256).digest(),
    )


def _pad(pad_key: bytes, board: str, match: str, nonce: str, size: int) -> bytes:
    blocks = (size + 31) // 32
    stream = b"".join(
        hmac.new(pad_key, f"seal {board} {match} {nonce} {i}".encode(), hashlib.sha256).digest()
        for i in range(blocks)
    )
    return stream[:size]


def _seal_mac(mac_key: bytes, board: str, match: str, nonce: str, box: bytes) -> str:
    message = f"seal\n{board}\n{match}\n{nonce}\n".encode() + box
    return hmac.new(mac_key, message, hashlib.sha256).hexdigest()


def seal(key: bytes, board: str, match: str, secret: str) -> dict[str, str]:
    """``secret`` sealed for ``board``'s match ``match`` with the board's ``key`` (the "sealed" schema):
    ``nonce`` (fresh, 32 hex digits), ``box`` (the secret XOR an HMAC-SHA256 keystream, hex) and
    ``mac`` (HMAC-SHA256 of the board, the match, the nonce and the box, with a second key)."""
    data = secret.encode()
    if not 0 < len(data) <= MAX_SECRET:
        raise ValueError("a dice secret is 1 to 64 characters")
    pad_key, mac_key = _seal_keys(key)
    nonce = secrets.token_hex(16)
    box = bytes(a ^ b for a, b in zip(data, _pad(pad_key, board, match, nonce, len(data)), strict=True))
    return {"nonce": nonce, "box": box.hex(), "mac": _seal_mac(mac_key, board, match, nonce, box)}


def unseal(key: bytes, board: str, match: str, sealed: object) -> str:
    """The dice secret :func:`seal` sealed for ``board``'s match ``match``; :class:`SealError` if
    ``sealed`` is not a seal, or does not open with ``key`` for this board and match (never a wrong
    secret)."""
    if not isinstance(sealed, dict):
        raise SealError("the match's dice secret is not sealed (a desk of another version?)")
    try:
        check("sealed", sealed)
    except ProtocolError as exc:
        raise SealError(f"the match's sealed dice secret is malformed: {exc}") from exc
    nonce, box = str(sealed["nonce"]), bytes.fromhex(str(sealed["box"]))
    pad_key, mac_key = _seal_keys(key)
    if not hmac.compare_digest(_seal_mac(mac_key, board, match, nonce, box), str(sealed["mac"])):
        raise SealError(
            "the match's dice secret does not open with this board's key: sealed for another board "
            "or match, or changed on the way (join the desk again)"
        )
    data = bytes(a ^ b for a, b in zip(box, _pad(pad_key, board, match, nonce, len(box)), strict=True))
    try:
        return data.decode()
    except UnicodeDecodeError as exc:  # only a desk that sealed garbage with the right key
        raise SealError("the match's sealed dice secret is not text") from exc


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
    BOX = "box"


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
    "sealed": {"nonce": (Field.NONCE, True), "box": (Field.BOX, True), "mac": (Field.HEX64, True)},
}
"""The schemas of request bodies, and of the sealed dice secret in a match's terms (``sealed``, checked
by the board that opens it)."""


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
    if kind is Field.BOX:  # a sealed secret: whole bytes in hex, 1 to MAX_SECRET of them
        return 0 < len(value) <= 2 * MAX_SECRET and len(value) % 2 == 0 and bool(HEX_RE.match(value))
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
    "SealError",
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
    "seal",
    "sign",
    "unseal",
    "verify",
]
