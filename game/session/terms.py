"""What a match was set up with beyond its length and level, kept in the autosave: the players' names,
the tournament match it plays and whether the aids (hint, coach, pip count) are allowed.

Why in the save: a tournament match cut off by a power cut must come back as the same match (the
same names on screen, scored into the same place of the draw, still without the hint). The dice and
the clock keep their own parts of the save (game.session.match_dice, game.session.match_timer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.session.setup_view import SetupView

MAX_NAME = 40


def terms_of(setup: SetupView) -> dict[str, Any] | None:
    """The terms of ``setup`` as JSON, or None for an ordinary game (nothing to keep)."""
    if setup.names is None and setup.tournament is None and setup.aids:
        return None
    return {
        "names": None if setup.names is None else list(setup.names),
        "tournament": setup.tournament,
        "aids": setup.aids,
    }


def check_terms(data: Mapping[str, Any]) -> None:
    """``ValueError`` saying what is wrong when ``data`` is not terms :func:`terms_of` wrote."""
    names = data.get("names")
    if names is not None and (
        not isinstance(names, list)
        or len(names) != 2
        or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME for n in names)
    ):
        raise ValueError("the players' names are not two short texts")
    match = data.get("tournament")
    if match is not None and (not isinstance(match, str) or not 0 < len(match) <= 16):
        raise ValueError("the tournament match is not an id")
    if not isinstance(data.get("aids", True), bool):
        raise ValueError("the aids are not true or false")


__all__ = ["check_terms", "terms_of"]
