"""Dice, rolled with a ``random.Random`` the caller owns.

The engine never touches the global ``random`` module: the game, the tests and
the training loops each pass their own generator, so a seed reproduces a whole
game. ``randint(1, 6)`` includes both ends (a classic bug is ``randrange(1, 6)``,
which never rolls a 6).

:class:`SecretDice` is the other source: dice derived from a secret by a published
rule (HMAC-SHA256), so that anyone holding the revealed secret can check every roll
of a recorded match (see ``game.record.dicecheck``).
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import random
import re
import secrets
from collections.abc import Iterator

FACES = (1, 2, 3, 4, 5, 6)


def roll_die(rng: random.Random) -> int:
    """One die, 1..6 with equal chances."""
    return rng.randint(1, 6)


def roll(rng: random.Random) -> tuple[int, int]:
    """Two dice for a turn; equal numbers are a double (played four times)."""
    return rng.randint(1, 6), rng.randint(1, 6)


def roll_opening(rng: random.Random) -> tuple[int, int]:
    """One die for each player (player 0's, player 1's); a tie must be rolled again."""
    return rng.randint(1, 6), rng.randint(1, 6)


# ---------------------------------------------------------------------------------------------
# Dice anyone can verify (commit-reveal)

SECRET_DICE_RULE = "HMAC-SHA256 v1"
"""The name of the rule below, written into a record so a checker knows how its dice were made: the
cabinet's secret alone is the key (matches recorded before issue 37)."""
SHARED_DICE_RULE = "HMAC-SHA256 v2"
"""The rule with the players' contributions (issue 37, ``docs/dice.md``): the key of every roll is
:func:`shared_key` of the cabinet's secret and both players' contributions."""

_CONTRIBUTION = re.compile(r"^[0-9]{0,32}$")

_SECRET = re.compile(r"^[0-9a-f]{16,128}$")
_ACCEPT_BELOW = 252
"""The largest multiple of 6 in a byte: bytes 252..255 are skipped so every face is equally likely."""


def new_secret() -> str:
    """A fresh match secret: 32 lowercase hex digits (128 bits) from the operating system.

    Why not a ``random.Random``: its state is guessable from a 31-bit seed, and a
    guessed secret would let a player compute the dice from the fingerprint before the match.
    """
    return secrets.token_hex(16)


def check_secret(secret: str) -> str:
    """``secret`` if it is 16 to 128 lowercase hex digits; ``ValueError`` with a plain reason if not."""
    if not _SECRET.match(secret):
        raise ValueError("a dice secret is 16 to 128 lowercase hex digits (0-9, a-f)")
    return secret


def check_contribution(contribution: str) -> str:
    """``contribution`` if it is 0 to 32 decimal digits (empty: a computer's, or none given)."""
    if not _CONTRIBUTION.match(contribution):
        raise ValueError("a player's contribution is 0 to 32 decimal digits")
    return contribution


def shared_key(secret: str, first: str, second: str) -> str:
    """The key of the dice of rule v2: HMAC-SHA256 with the cabinet's secret (its ASCII hex) as the
    key, of the message ``"players <first> <second>"`` (player 0's contribution, then player 1's,
    each 0 to 32 digits, empty for the computer), written as 64 lowercase hex digits. The rolls are
    then drawn with it exactly as rule v1 draws them with the secret (:func:`secret_opening`,
    :func:`secret_roll`). Neither side chooses it: the secret was committed to (its fingerprint
    shown) before the players gave theirs, and the players never see the secret before the end."""
    message = f"players {check_contribution(first)} {check_contribution(second)}"
    return hmac.new(check_secret(secret).encode("ascii"), message.encode("ascii"), hashlib.sha256).hexdigest()


def full_fingerprint(secret: str) -> str:
    """SHA-256 of the secret's ASCII text, all 64 hex digits: the cabinet's commitment."""
    return hashlib.sha256(check_secret(secret).encode("ascii")).hexdigest()


def fingerprint(secret: str) -> str:
    """What the screen shows before the match: the first 10 hex digits of SHA-256 of the secret
    (its ASCII text), in two groups of five so it can be read aloud and written down."""
    digest = hashlib.sha256(check_secret(secret).encode("ascii")).hexdigest()
    return f"{digest[:5]} {digest[5:10]}"


def dice_from_bytes(blocks: Iterator[bytes]) -> tuple[int, int]:
    """Two dice from a stream of bytes by rejection sampling: a byte under 252 gives ``byte % 6 + 1``,
    a byte of 252 or more is skipped; the first two kept bytes are the two dice."""
    dice: list[int] = []
    for block in blocks:
        for byte in block:
            if byte < _ACCEPT_BELOW:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    return dice[0], dice[1]
    raise ValueError("the byte stream ended before two dice were drawn")


def _blocks(secret: str, message: str) -> Iterator[bytes]:
    """HMAC-SHA256(secret, message), then (in the 1-in-10^50 case that 32 bytes are not enough)
    HMAC-SHA256(secret, message + " #1"), " #2", ..."""
    key = check_secret(secret).encode("ascii")
    yield hmac.new(key, message.encode("ascii"), hashlib.sha256).digest()
    for k in itertools.count(1):
        yield hmac.new(key, f"{message} #{k}".encode("ascii"), hashlib.sha256).digest()


def secret_opening(secret: str, game: int, attempt: int) -> tuple[int, int]:
    """The ``attempt``-th (1, 2, ...) opening roll of game ``game`` (1, 2, ...): the first player's die,
    then the second's, from the message ``"game G opening A"``. A tie is rolled again with A + 1."""
    return dice_from_bytes(_blocks(secret, f"game {game} opening {attempt}"))


def secret_roll(secret: str, game: int, number: int) -> tuple[int, int]:
    """The ``number``-th (1, 2, ...) roll after the opening of game ``game``, from ``"game G roll R"``."""
    return dice_from_bytes(_blocks(secret, f"game {game} roll {number}"))


def secret_first_opening(secret: str, game: int) -> tuple[tuple[int, int], int]:
    """The opening roll game ``game`` starts with (ties rolled again) and how many attempts it took."""
    for attempt in itertools.count(1):
        dice = secret_opening(secret, game, attempt)
        if dice[0] != dice[1]:
            return dice, attempt
    raise AssertionError("unreachable")  # pragma: no cover


class SecretDice:
    """A match's dice drawn from a secret, for the game's controller in place of its ``random.Random``.

    Why: a player can check afterwards that the dice were not chosen. Before the match
    the screen shows :attr:`fingerprint`; after it the secret goes into the record, and
    ``python -m game.record --check-dice FILE.mat`` derives every roll again. The same
    secret gives the same dice again (a rematch, a lesson). A roll depends only on its
    place in the match (game number, roll number), so leaving a game and starting it
    again gives the same dice, not a new chance at better ones.

    Use: :meth:`new_game` with the match's game number (finished games + 1) when a game
    starts, :meth:`opening` for each opening roll (a tie: call it again), :meth:`roll` for
    each later roll. :attr:`game`, :attr:`openings` and :attr:`rolls` say where the
    sequence is; pass them back to the constructor to continue a saved game.
    """

    def __init__(
        self,
        secret: str,
        game: int = 1,
        openings: int = 0,
        rolls: int = 0,
        contributions: tuple[str, str] | None = None,
    ) -> None:
        self.secret = check_secret(secret)
        self.fingerprint = fingerprint(secret)
        self.contributions = contributions
        """Both players' contributions (rule v2: the dice come from both), or None (rule v1: the
        secret alone, as matches recorded before issue 37)."""
        self.key = secret if contributions is None else shared_key(secret, *contributions)
        """What the rolls are drawn with: the secret (v1) or :func:`shared_key` (v2)."""
        if game < 1 or openings < 0 or rolls < 0:
            raise ValueError("game counts from 1; openings and rolls from 0")
        self.game = game
        self.openings = openings
        """Opening rolls drawn in this game so far (ties included)."""
        self.rolls = rolls
        """Rolls after the opening drawn in this game so far."""

    def new_game(self, number: int) -> None:
        """Game ``number`` (1, 2, ...) of the match starts: its opening roll is next."""
        if number < 1:
            raise ValueError("games count from 1")
        self.game = number
        self.openings = 0
        self.rolls = 0

    def opening(self) -> tuple[int, int]:
        """The next opening roll: (first player's die, second player's die); equal dice are a tie."""
        self.openings += 1
        return secret_opening(self.key, self.game, self.openings)

    def roll(self) -> tuple[int, int]:
        """The next roll of the game after its opening."""
        self.rolls += 1
        return secret_roll(self.key, self.game, self.rolls)
