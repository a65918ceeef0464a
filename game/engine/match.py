"""A match to N points (with the Crawford rule) or unlimited money play (game after game).

The match only keeps the score between games; each game is a
:class:`~game.engine.flow.GameState` started by :meth:`Match.new_game` and
finished by feeding its :class:`~game.engine.scoring.GameResult` to
:meth:`Match.record`. The Crawford game is the first game after a player
reaches match point minus one: nobody may double in it, and it happens once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import RulesError
from .flow import GameState, Rules, new_game
from .scoring import GameResult


@dataclass(frozen=True, slots=True)
class Match:
    """The score so far; ``rules.match_length`` 0 is money play (unlimited games)."""

    rules: Rules = field(default_factory=Rules)
    score: tuple[int, int] = (0, 0)
    games: int = 0
    crawford_used: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise RulesError("a match needs its rules", code="bad_match")
        if (
            not isinstance(self.score, tuple)
            or len(self.score) != 2
            or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in self.score)
        ):
            raise RulesError(
                f"a score is two whole numbers of 0 or more, not {self.score!r}", code="bad_match"
            )
        if not isinstance(self.games, int) or isinstance(self.games, bool) or self.games < 0:
            raise RulesError(f"the number of games played is 0 or more, not {self.games!r}", code="bad_match")
        length = self.rules.match_length
        if length:
            if sum(s >= length for s in self.score) > 1:
                raise RulesError("both players cannot have won the match", code="bad_match")
            if self.crawford_used and max(self.score) < length - 1:
                raise RulesError(
                    "the Crawford game cannot have been played before anyone reached match point",
                    code="bad_match",
                )
        elif self.crawford_used:
            raise RulesError("money play has no Crawford game", code="bad_match")
        if self.games == 0 and (any(self.score) or self.crawford_used):
            raise RulesError("no game has been played, so the score must be 0-0", code="bad_match")

    @property
    def is_match(self) -> bool:
        """True for a match to N points, False for money play."""
        return self.rules.is_match

    @property
    def is_over(self) -> bool:
        """True once a player has reached the match length (never in money play)."""
        length = self.rules.match_length
        return length > 0 and max(self.score) >= length

    @property
    def winner(self) -> int | None:
        """The player who won the match (None while it goes on, and always in money play)."""
        if not self.is_over:
            return None
        return 0 if self.score[0] >= self.rules.match_length else 1

    @property
    def next_is_crawford(self) -> bool:
        """True when the next game is the Crawford game (no doubling)."""
        length = self.rules.match_length
        return length > 0 and not self.crawford_used and not self.is_over and max(self.score) == length - 1

    def away(self, player: int) -> int:
        """Points ``player`` still needs to win the match (0 in money play)."""
        length = self.rules.match_length
        return max(0, length - self.score[player]) if length else 0

    def new_game(self) -> GameState:
        """The next game, waiting for its opening roll; the Crawford flag set when due."""
        if self.is_over:
            raise RulesError("the match is over", code="match_over")
        return new_game(self.rules, self.score, self.next_is_crawford)

    def record(self, result: GameResult) -> Match:
        """The match after a finished game; the points are taken as the game computed them."""
        if self.is_over:
            raise RulesError("the match is over: no more games can be recorded", code="match_over")
        if not isinstance(result, GameResult):
            raise RulesError(f"not a game result: {result!r}", code="bad_result")
        length = self.rules.match_length
        if length and result.points > length - self.score[result.winner]:
            raise RulesError(
                f"a game cannot score {result.points} points when the winner needs only "
                f"{length - self.score[result.winner]}",
                code="bad_result",
            )
        score = list(self.score)
        score[result.winner] += result.points
        return Match(
            rules=self.rules,
            score=(score[0], score[1]),
            games=self.games + 1,
            crawford_used=self.crawford_used or self.next_is_crawford,
        )
