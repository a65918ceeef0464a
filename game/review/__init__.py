"""Game review: error per move and per cube decision, a rating word, dice luck, the costliest mistakes.

``python -m game.review FILE.mat`` prints the review of any .mat file as JSON; the
screen calls :func:`review_match` (in a worker process, with a progress callback).
"""

from .judge import (
    RATINGS,
    Cancelled,
    CubeReview,
    MatchReview,
    Mistake,
    MoveReview,
    PlayerReview,
    Progress,
    count_steps,
    cube_view,
    rating,
    review_json,
    review_match,
    roll_values,
)

__all__ = [
    "RATINGS",
    "Cancelled",
    "CubeReview",
    "MatchReview",
    "Mistake",
    "MoveReview",
    "PlayerReview",
    "Progress",
    "count_steps",
    "cube_view",
    "rating",
    "review_json",
    "review_match",
    "roll_values",
]
