"""Where a match's dice come from: a secret anyone can check afterwards, a seeded generator, or real
dice rolled on the table and typed in.

Why each:

- **secret** (every match a person plays, unless a seed is asked for): the rolls are drawn from a
  fresh secret by the published rule of :class:`game.engine.dice.SecretDice`. The screen shows the
  secret's fingerprint before the match and the secret after it, the record carries both, and
  ``python -m game.record --check-dice FILE.mat`` derives every roll again: "the dice cheat", the
  complaint every backgammon program hears, can be answered by anyone. The same secret gives the
  same dice again ("The same dice again" on the match-over dialog).
- **seeded** (``--seed``, the tests, the demo): a ``random.Random`` the seed reproduces; nothing to
  show or check.
- **by hand**, allowed by the operator for events that roll real dice: a player's roll is typed on a
  dice keypad; a match with one typed roll is recorded as ``; [Dice "entered by hand"]`` (the check
  then says there is nothing to check rather than failing).

A roll depends only on its place in the match (game number, roll number), so the autosave keeps the
secret and the place (:meth:`MatchDice.to_dict`), and a resumed game goes on with the same dice.
No pygame here, no wall clock; the secret comes from the operating system (``secrets``).
"""

from __future__ import annotations

import random
from typing import Any

from game.engine.dice import (
    SecretDice,
    check_contribution,
    check_secret,
    new_secret,
    roll,
    roll_opening,
)
from game.record.dicecheck import (
    CONTRIBUTIONS_KEY,
    DICE_KEY,
    FINGERPRINT_KEY,
    SECRET_KEY,
    Metadata,
    hand_dice_metadata,
    secret_dice_metadata,
    with_secret,
)

DICE_KEYS = {DICE_KEY.lower(), FINGERPRINT_KEY.lower(), SECRET_KEY.lower(), CONTRIBUTIONS_KEY.lower()}


class MatchDice:
    """The dice of one match (and of the matches that follow it on the same screen)."""

    def __init__(
        self,
        rng: random.Random,
        secret: str | None = None,
        *,
        hand_allowed: bool = False,
        shared: bool = False,
        per_game: bool = False,
    ) -> None:
        self.rng = rng
        self.secret_dice: SecretDice | None = SecretDice(secret) if secret is not None else None
        self.shared = shared
        """The players add their own part before the first roll (rule v2, issue 37): the dice come from
        the cabinet's secret and both contributions, so neither side chose them."""
        self.per_game = per_game
        """An unlimited session: every game has its own secret, revealed when that game ends."""
        self.given: list[str | None] = [None, None]
        """Each player's contribution once given ("" for the computer), None while awaited."""
        self.hand_allowed = hand_allowed
        """The operator allows typing real dice in (a setting, off by default)."""
        self.typed = False
        """A roll of this match was typed in by hand: the record says so, there is nothing to check."""

    @classmethod
    def fresh(
        cls,
        rng: random.Random,
        *,
        verifiable: bool,
        hand_allowed: bool = False,
        shared: bool = False,
        per_game: bool = False,
    ) -> MatchDice:
        """Dice for a new match: from a new secret when ``verifiable``, else from ``rng``."""
        secret = new_secret() if verifiable else None
        return cls(rng, secret, hand_allowed=hand_allowed, shared=shared, per_game=per_game)

    # -- the players' contributions (rule v2) ---------------------------------------------------

    def awaiting(self, humans: set[int] | frozenset[int]) -> int | None:
        """The player whose contribution the first roll waits for (player 0 first), or None. The
        computer's is empty and never awaited; seeded, typed or v1 dice await nothing."""
        if not self.shared or self.secret_dice is None or self.typed:
            return None
        for player in (0, 1):
            if self.given[player] is None:
                if player in humans:
                    return player
                self.given[player] = ""  # the computer adds none
        self._seal()
        return None

    def contribute(self, player: int, digits: str) -> None:
        """``player``'s contribution (0 to 32 digits); the dice take it once both are in."""
        if self.given[player] is None:
            self.given[player] = check_contribution(digits)

    def take_contributions(self, parts: tuple[str, str]) -> None:
        """Both players' contributions as given before (a match taken up again from its record on
        another board): the dice roll with them at once, and nobody is asked again."""
        self.given = [check_contribution(parts[0]), check_contribution(parts[1])]
        self._seal()

    def _seal(self) -> None:
        sd = self.secret_dice
        c0, c1 = self.given
        if sd is None or c0 is None or c1 is None or sd.contributions == (c0, c1):
            return
        self.secret_dice = SecretDice(sd.secret, sd.game, sd.openings, sd.rolls, (c0, c1))

    @property
    def contributions(self) -> tuple[str, str] | None:
        return None if self.secret_dice is None else self.secret_dice.contributions

    # -- what the screen and the record show ----------------------------------------------------

    @property
    def secret(self) -> str | None:
        return None if self.secret_dice is None else self.secret_dice.secret

    @property
    def fingerprint(self) -> str | None:
        """What the screen shows before and during the match (None: seeded dice, nothing to show)."""
        return None if self.secret_dice is None else self.secret_dice.fingerprint

    def metadata(self, reveal: bool = False) -> Metadata:
        """The record's header lines about the dice now: the rule and the fingerprint, with the secret
        once ``reveal`` (the match is over); "entered by hand" once a roll was typed; none when seeded."""
        if self.typed:
            return hand_dice_metadata()
        secret = self.secret
        if secret is None:
            return ()
        shown = secret_dice_metadata(secret, self.contributions)
        return with_secret(shown, secret) if reveal else shown

    def apply_to(self, metadata: Metadata, reveal: bool = False) -> Metadata:
        """``metadata`` with its dice lines replaced by :meth:`metadata` (the others kept in order)."""
        kept = tuple((k, v) for k, v in metadata if k.lower() not in DICE_KEYS)
        return kept + self.metadata(reveal)

    # -- rolling --------------------------------------------------------------------------------

    def new_game(self, number: int) -> None:
        """Game ``number`` (finished games of the match + 1) starts: its opening roll is next (an
        unlimited session's game: with a new secret and new contributions, the last one revealed)."""
        if self.per_game and number > 1 and self.secret_dice is not None:
            self.new_match()
            return
        if self.secret_dice is not None:
            self.secret_dice.new_game(number)

    def new_match(self, same: bool = False) -> None:
        """The next match: a new secret (seeded dice go on) and new contributions, or ``same``: the
        same secret and contributions again, so the same dice in the same places (a rematch)."""
        self.typed = False
        sd = self.secret_dice
        if sd is not None:
            if same:
                self.secret_dice = SecretDice(sd.secret, contributions=sd.contributions)
            else:
                self.secret_dice = SecretDice(new_secret())
                self.given = [None, None]

    def opening(self) -> tuple[int, int]:
        """The next opening roll: (player 0's die, player 1's die); equal dice are rolled again."""
        if self.secret_dice is not None:
            return self.secret_dice.opening()
        return roll_opening(self.rng)

    def roll(self) -> tuple[int, int]:
        """The next roll after the opening."""
        if self.secret_dice is not None:
            return self.secret_dice.roll()
        return roll(self.rng)

    def typed_in(self) -> None:
        """A roll was typed in by hand (see :attr:`typed`)."""
        self.typed = True

    # -- saving ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Everything the autosave needs to go on with the same dice. The secret is in it until the
        match is over: the autosave is written readable by the game's user only (0600), so no other
        user of the machine can compute the rolls to come from it."""
        sd = self.secret_dice
        return {
            "secret": None if sd is None else sd.secret,
            "game": 1 if sd is None else sd.game,
            "openings": 0 if sd is None else sd.openings,
            "rolls": 0 if sd is None else sd.rolls,
            "hand_allowed": self.hand_allowed,
            "typed": self.typed,
            "shared": self.shared,
            "per_game": self.per_game,
            "given": list(self.given),
        }

    @classmethod
    def from_dict(cls, data: Any, rng: random.Random) -> MatchDice:
        """The dice :meth:`to_dict` saved; ``ValueError`` saying what is wrong otherwise."""
        if not isinstance(data, dict):
            raise ValueError("the dice are not a JSON object")
        try:
            secret = data["secret"]
            numbers = [data["game"], data["openings"], data["rolls"]]
            flags = [data["hand_allowed"], data["typed"]]
        except KeyError as exc:
            raise ValueError(f"the dice lack {exc}") from exc
        if any(not isinstance(n, int) or isinstance(n, bool) for n in numbers):
            raise ValueError("the dice's place in the match is not whole numbers")
        if any(not isinstance(f, bool) for f in flags):
            raise ValueError("the dice's flags are not true or false")
        # Saves from before issue 37 have no contributions: their dice go on by rule v1.
        shared, per_game, given = data.get("shared", False), data.get("per_game", False), data.get("given")
        if not isinstance(shared, bool) or not isinstance(per_game, bool):
            raise ValueError("the dice's flags are not true or false")
        dice = cls(rng, None, hand_allowed=flags[0], shared=shared, per_game=per_game)
        dice.typed = flags[1]
        if given is not None:
            if not isinstance(given, list) or len(given) != 2:
                raise ValueError("the players' contributions are not a pair")
            for c in given:
                if c is not None and (not isinstance(c, str) or not c.isascii()):
                    raise ValueError("a player's contribution is not digits")
            dice.given = [None if c is None else check_contribution(c) for c in given]
        if secret is not None:
            if not isinstance(secret, str):
                raise ValueError("the dice secret is not text")
            check_secret(secret)
            dice.secret_dice = SecretDice(secret, *numbers)  # ValueError for a negative place
            dice._seal()
        return dice


__all__ = ["MatchDice"]
