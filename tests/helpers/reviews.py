"""Made-up review results for the leaderboard and its keypad."""

from __future__ import annotations

from game.review import PlayerReview


def player_review(unforced: int, rate_points: float) -> PlayerReview:
    """A review of one player whose every unforced move lost ``rate_points`` (no cube decisions)."""
    from game.engine.flow import new_game
    from game.review import MoveReview

    state = new_game()
    moves = tuple(
        MoveReview(1, k + 1, k, 0, (3, 1), state, (), (), -rate_points, 0.0, False, 0.0)
        for k in range(unforced)
    )
    return PlayerReview(0, "Player", moves, (), ())


NAMES = ("Alice", "Bob")
"""The players of the hand-written match (:data:`tests.helpers.matches.HAND_MATCH`)."""
