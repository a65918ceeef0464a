"""Board positions, always seen from the side of the player on roll.

Layout (the same as GNU Backgammon's ``anBoard``): each side has a tuple of 25
counts. Index ``i`` in 0..23 is that side's own point ``i + 1`` (index 0 is its
ace point, the last point of its home board); index 24 is its bar. Borne-off
checkers are not stored: they are ``15 - sum(side)``.

The opponent's own point ``q`` is the mover's point ``25 - q``, so the mover's
index ``i`` faces the opponent's index ``23 - i``. Storing both sides in their
own direction means move generation knows one direction only, and the turn
passes by swapping the two tuples (:meth:`Position.flip`).
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass

from .errors import PositionError

CHECKERS = 15
BAR = 24
"""Index of the bar in a side's tuple."""

_START_SIDE: tuple[int, ...] = tuple({5: 5, 7: 3, 12: 5, 23: 2}.get(i, 0) for i in range(25))


@dataclass(frozen=True, slots=True)
class Position:
    """An immutable, hashable position from the point of view of the player on roll.

    ``me`` are the checkers of the player on roll, ``opp`` the opponent's, each in
    its own direction (see the module docstring).
    """

    me: tuple[int, ...]
    opp: tuple[int, ...]

    def __post_init__(self) -> None:
        validate(self.me, self.opp)

    @staticmethod
    def start() -> Position:
        """The opening set-up: 2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6."""
        return START

    def flip(self) -> Position:
        """The same position seen from the other player (the turn passes)."""
        return _trusted(self.opp, self.me)

    @property
    def my_off(self) -> int:
        """Checkers the player on roll has borne off."""
        return CHECKERS - sum(self.me)

    @property
    def opp_off(self) -> int:
        """Checkers the opponent has borne off."""
        return CHECKERS - sum(self.opp)

    def pips(self) -> tuple[int, int]:
        """Pip counts (player on roll, opponent); a checker on the bar counts 25."""
        return pip_count(self.me), pip_count(self.opp)

    def opponent_on(self, point: int) -> int:
        """How many opposing checkers stand on the mover's ``point`` (1..24)."""
        return self.opp[24 - point]

    def is_race(self) -> bool:
        """True when contact is over: every checker of one side has passed every one of the other."""
        return is_race(self.me, self.opp)

    def position_id(self) -> str:
        """The GNU Backgammon Position ID of this position, as gnubg shows it with this player on roll."""
        return encode_position_id(self)

    @staticmethod
    def from_id(position_id: str) -> Position:
        """Decode a GNU Backgammon Position ID (raises :class:`PositionError`)."""
        return decode_position_id(position_id)

    def __str__(self) -> str:
        return self.position_id()


_NEW = object.__new__
# The slot descriptors set a frozen dataclass's fields directly: move generation
# builds hundreds of positions per call, and this skips two attribute lookups each.
_SET_ME: Callable[[Position, tuple[int, ...]], None] = Position.__dict__["me"].__set__
_SET_OPP: Callable[[Position, tuple[int, ...]], None] = Position.__dict__["opp"].__set__


def _trusted(me: tuple[int, ...], opp: tuple[int, ...]) -> Position:
    """Build a Position without validation; only for positions derived from valid ones."""
    pos = _NEW(Position)
    _SET_ME(pos, me)
    _SET_OPP(pos, opp)
    return pos


def validate(me: tuple[int, ...], opp: tuple[int, ...]) -> None:
    """Raise :class:`PositionError` with a readable reason if the position cannot occur."""
    for name, side in (("player on roll", me), ("opponent", opp)):
        if not isinstance(side, tuple) or len(side) != 25:
            raise PositionError(
                f"the {name}'s checkers must be 25 counts (24 points and the bar)", code="bad_position"
            )
        for count in side:
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise PositionError(
                    f"the {name} has a negative or non-integer checker count", code="bad_position"
                )
        total = sum(side)
        if total > CHECKERS:
            raise PositionError(
                f"the {name} has {total} checkers on the board; a side has 15", code="bad_position"
            )
    for i in range(24):
        if me[i] and opp[23 - i]:
            raise PositionError(f"both players have checkers on point {i + 1}", code="bad_position")
    if sum(me) == 0 and sum(opp) == 0:
        raise PositionError("both players have borne off all their checkers", code="bad_position")


def pip_count(side: tuple[int, ...]) -> int:
    """Pips a side needs to bear off everything: a checker on index ``i`` needs ``i + 1``."""
    return sum((i + 1) * n for i, n in enumerate(side))


def is_race(me: tuple[int, ...], opp: tuple[int, ...]) -> bool:
    """No more contact: nobody on the bar and the mover's rearmost checker is past the opponent's."""
    if me[BAR] or opp[BAR]:
        return False
    my_back = max((i for i in range(24) if me[i]), default=-1)
    opp_back = max((i for i in range(24) if opp[i]), default=-1)
    # The opponent's index j is the mover's index 23 - j; contact exists while some
    # opposing checker stands on a mover index below the mover's rearmost checker.
    return my_back < 0 or opp_back < 0 or 23 - opp_back > my_back


START = _trusted(_START_SIDE, _START_SIDE)


def _key_bits(pos: Position) -> list[int]:
    bits: list[int] = []
    for side in (pos.opp, pos.me):
        for count in side:
            bits.extend([1] * count)
            bits.append(0)
    bits.extend([0] * (80 - len(bits)))
    return bits


def encode_position_id(pos: Position) -> str:
    """Encode as GNU Backgammon does: 80 bits, bytes little-endian bit order, base64 without padding.

    gnubg's key lists the opponent's 25 counts first and the player on roll's
    second (its ``anBoard[0]`` then ``anBoard[1]``), whatever its manual's prose
    suggests; the pubeval test vectors in ``shared/data`` confirm this order.
    """
    bits = _key_bits(pos)
    key = bytes(sum(bits[8 * b + k] << k for k in range(8)) for b in range(10))
    return base64.b64encode(key).decode("ascii")[:14]


def decode_position_id(position_id: str) -> Position:
    """Decode a 14-character Position ID; a malformed one raises :class:`PositionError`."""
    if not isinstance(position_id, str):
        raise PositionError("a Position ID must be a string of 14 characters", code="bad_position_id")
    text = position_id.strip()
    if len(text) != 14:
        raise PositionError(
            f"a Position ID has 14 characters, not {len(text)}: {text!r}", code="bad_position_id"
        )
    try:
        key = base64.b64decode(text + "==", validate=True)
    except ValueError as exc:
        raise PositionError(f"not a Position ID (bad characters): {text!r}", code="bad_position_id") from exc
    # 14 characters carry 84 bits; the key has 80, so the last character's low 4 bits must be 0.
    if base64.b64decode("AAA" + text[-1])[-1] & 0x0F:
        raise PositionError(f"not a valid Position ID (unused bits set): {text!r}", code="bad_position_id")
    bits = [(key[b] >> k) & 1 for b in range(10) for k in range(8)]
    sides: list[list[int]] = [[], []]
    idx = 0
    for side in sides:
        while len(side) < 25:
            count = 0
            while idx < 80 and bits[idx] == 1:
                count += 1
                idx += 1
            if idx >= 80:
                raise PositionError(
                    f"not a valid Position ID (too many checkers): {text!r}", code="bad_position_id"
                )
            idx += 1
            side.append(count)
    if any(bits[idx:]):
        raise PositionError(f"not a valid Position ID (trailing bits): {text!r}", code="bad_position_id")
    return Position(tuple(sides[1]), tuple(sides[0]))
