"""Checking that a recorded match's dice came from its revealed secret (commit-reveal dice).

How a match with verifiable dice is recorded (header lines of the .mat, which every
reader, GNU Backgammon's included, takes as comments)::

    ; [Dice "HMAC-SHA256 v1"]              from the start: the rule the dice follow
    ; [DiceFingerprint "5947d 7c33d"]      from the start: what the screen showed before the match
    ; [DiceSecret "00112233..."]           added when the match is over: the secret itself

Since issue 37 the players add their own part (rule ``HMAC-SHA256 v2``, ``docs/dice.md``)::

    ; [Dice "HMAC-SHA256 v2"]
    ; [DiceFingerprint "5947d 7c33d"]
    ; [DiceContributions "041203880731,"]   player 0's digits, a comma, player 1's ("" : the computer)
    ; [DiceSecret "00112233..."]

and every roll is drawn as below with ``shared_key(secret, c0, c1)`` in place of the secret.

A match played with real dice typed in by hand says ``; [Dice "entered by hand"]``
instead, and the check reports that there is nothing to check rather than a failure.

The rule itself is :mod:`game.engine.dice` (``secret_opening``, ``secret_roll``): game G's
opening rolls come from ``"game G opening 1"``, ``"game G opening 2"``, ... until the dice
differ (ties are not written in a .mat, so only the first unequal one is compared, with
the higher die's owner moving first); its later rolls from ``"game G roll 1"``, ``"game G
roll 2"``, ... in the order they are written. The two dice of a roll are compared in either
order (programs write the larger first or not).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from game.engine.dice import (
    SECRET_DICE_RULE,
    SHARED_DICE_RULE,
    check_contribution,
    check_secret,
    fingerprint,
    secret_first_opening,
    secret_roll,
    shared_key,
)

from .mat import ply_lines
from .model import MatchRecord, PlyKind

DICE_KEY = "Dice"
"""The header key naming where the dice came from: :data:`SECRET_DICE_RULE` or :data:`HAND_DICE`."""
FINGERPRINT_KEY = "DiceFingerprint"
SECRET_KEY = "DiceSecret"
CONTRIBUTIONS_KEY = "DiceContributions"
HAND_DICE = "entered by hand"

Metadata = tuple[tuple[str, str], ...]


def secret_dice_metadata(secret: str, contributions: tuple[str, str] | None = None) -> Metadata:
    """The header lines of a match about to be played with dice from ``secret`` (the secret itself
    is not among them: it is revealed with :func:`with_secret` when the match is over), with the
    players' ``contributions`` once given (rule v2)."""
    if contributions is None:
        return ((DICE_KEY, SECRET_DICE_RULE), (FINGERPRINT_KEY, fingerprint(secret)))
    return (
        (DICE_KEY, SHARED_DICE_RULE),
        (FINGERPRINT_KEY, fingerprint(secret)),
        (CONTRIBUTIONS_KEY, ",".join(contributions)),
    )


def contributions_of(metadata: Metadata) -> tuple[str, str] | None:
    """The players' contributions a record's header carries (rule v2), or None (rule v1, or not
    given yet); ``ValueError`` if the line is there but not two contributions of digits."""
    if _get(metadata, DICE_KEY) != SHARED_DICE_RULE:
        return None
    given = _get(metadata, CONTRIBUTIONS_KEY)
    if given is None:
        return None
    parts = given.split(",")
    if len(parts) != 2:
        raise ValueError("a player's contribution is missing")
    return check_contribution(parts[0]), check_contribution(parts[1])


def hand_dice_metadata() -> Metadata:
    """The header line of a match whose dice were rolled on a table and typed in."""
    return ((DICE_KEY, HAND_DICE),)


def _get(metadata: Metadata, key: str) -> str | None:
    found = [value for k, value in metadata if k.lower() == key.lower()]
    return found[-1] if found else None


def with_secret(metadata: Metadata, secret: str) -> Metadata:
    """``metadata`` with the secret revealed (replacing an earlier one); ``ValueError`` if the secret
    is not the one whose fingerprint the header already carries."""
    shown = _get(metadata, FINGERPRINT_KEY)
    if shown is not None and shown != fingerprint(secret):
        raise ValueError("this secret does not match the fingerprint shown before the match")
    kept = tuple((k, v) for k, v in metadata if k.lower() != SECRET_KEY.lower())
    if _get(kept, DICE_KEY) is None:
        kept += ((DICE_KEY, SECRET_DICE_RULE),)
    return (*kept, (SECRET_KEY, secret))


def reveal_secret(record: MatchRecord, secret: str) -> MatchRecord:
    """``record`` with its dice secret written into its header (see :func:`with_secret`)."""
    return replace(record, metadata=with_secret(record.metadata, secret))


class DiceVerdict(Enum):
    """What the dice check found."""

    VERIFIED = "verified"
    """Every roll is the one the secret gives."""
    MISMATCH = "mismatch"
    """A roll (or the secret itself) does not match: :attr:`DiceCheck.message` names the game and move."""
    BY_HAND = "by hand"
    """The dice were rolled on a table and typed in: nothing to check."""
    UNREVEALED = "unrevealed"
    """The match uses secret dice but its secret is not in the file yet (the match is not over)."""
    NOT_MARKED = "not marked"
    """The file says nothing about its dice (another program's match, or an ordinary game)."""


@dataclass(frozen=True, slots=True)
class DiceCheck:
    """The check's verdict, a sentence for a person, and where it went wrong (0 when not known)."""

    verdict: DiceVerdict
    message: str
    rolls: int = 0
    """Rolls compared (openings included)."""
    game: int = 0
    move: int = 0
    """The number of the .mat move line (``N)``) of the wrong roll."""
    line: int = 0
    """The line of the file, when the record was read from one."""

    @property
    def ok(self) -> bool:
        return self.verdict is DiceVerdict.VERIFIED


def _pair(dice: tuple[int, int]) -> str:
    return f"{dice[0]}-{dice[1]}"


def check_dice(record: MatchRecord) -> DiceCheck:
    """Derive every roll of ``record`` from its revealed secret and compare (see the module docstring)."""
    rule = _get(record.metadata, DICE_KEY)
    secret = _get(record.metadata, SECRET_KEY)
    if rule is not None and rule.lower() == HAND_DICE:
        return DiceCheck(DiceVerdict.BY_HAND, "The dice were entered by hand: there is nothing to check.")
    if rule is None and secret is None:
        return DiceCheck(DiceVerdict.NOT_MARKED, "This record does not say how its dice were made.")
    if rule is not None and rule not in (SECRET_DICE_RULE, SHARED_DICE_RULE):
        known = f"{SECRET_DICE_RULE!r} and {SHARED_DICE_RULE!r}"
        return DiceCheck(DiceVerdict.MISMATCH, f"Unknown dice rule {rule!r} (this program knows {known}).")
    if secret is None:
        return DiceCheck(
            DiceVerdict.UNREVEALED, "The dice secret is not revealed yet: the match is not over."
        )
    try:
        check_secret(secret)
    except ValueError as exc:
        return DiceCheck(DiceVerdict.MISMATCH, f"The dice secret is not valid: {exc}.")
    shown = _get(record.metadata, FINGERPRINT_KEY)
    if shown is not None and shown != fingerprint(secret):
        return DiceCheck(
            DiceVerdict.MISMATCH,
            f"The secret's fingerprint is {fingerprint(secret)}, not {shown} as shown before the match.",
        )
    key = secret
    if rule == SHARED_DICE_RULE:
        try:
            parts = contributions_of(record.metadata)
            if parts is None:
                raise ValueError("a player's contribution is missing")
            key = shared_key(secret, *parts)
        except ValueError as exc:
            return DiceCheck(DiceVerdict.MISMATCH, f"The players' contributions are not valid: {exc}.")
    checked = 0
    for game in record.games:
        rolls_seen = 0
        lines = ply_lines(game.plies)
        for ply, move in zip(game.plies, lines, strict=True):
            if ply.kind is not PlyKind.ROLL or ply.dice is None:
                continue
            if rolls_seen == 0:
                dice, _ = secret_first_opening(key, game.number)
                starter = 0 if dice[0] > dice[1] else 1
                good = ply.player == starter and sorted(ply.dice) == sorted(dice)
                what = f"the opening roll ({record.names[starter]} starts with {_pair(dice)})"
            else:
                dice = secret_roll(key, game.number, rolls_seen)
                good = sorted(ply.dice) == sorted(dice)
                what = _pair(dice)
            rolls_seen += 1
            checked += 1
            if not good:
                where = f"game {game.number}, move {move}" + (f" (line {ply.line})" if ply.line else "")
                who = record.names[ply.player]
                return DiceCheck(
                    DiceVerdict.MISMATCH,
                    f"{where}: {who} rolled {_pair(ply.dice)}, but the secret gives {what}.",
                    checked,
                    game.number,
                    move,
                    ply.line,
                )
    games = len(record.games)
    return DiceCheck(
        DiceVerdict.VERIFIED,
        f"All {checked} rolls of {games} game{'s' if games != 1 else ''} came from the secret.",
        checked,
    )


__all__ = [
    "CONTRIBUTIONS_KEY",
    "DICE_KEY",
    "FINGERPRINT_KEY",
    "HAND_DICE",
    "SECRET_KEY",
    "DiceCheck",
    "DiceVerdict",
    "check_dice",
    "contributions_of",
    "hand_dice_metadata",
    "reveal_secret",
    "secret_dice_metadata",
    "with_secret",
]
