"""A saved game put back as it was: its set-up, and the dice and the clock it had reached.

Why apart from the App: the App builds the screen; what a resumed match must get back (the same
secret at the same place, so the same dice; the clock's banks; the names and the tournament match)
is the session's business, and a test checks it without a window.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from typing import Any

from game.session.controller import GameController, GameSetup
from game.session.match_dice import MatchDice
from game.session.match_timer import MatchTimer
from game.session.modes import GameMode
from game.session.persist import SavedGame
from game.session.terms import check_terms

log = logging.getLogger(__name__)


def with_terms(setup: GameSetup, data: Mapping[str, Any] | None) -> GameSetup:
    """``setup`` with the saved terms put back (``ValueError`` when they are not terms)."""
    if data is None:
        return setup
    check_terms(data)
    names = data.get("names")
    return dataclasses.replace(
        setup,
        names=None if names is None else (str(names[0]), str(names[1])),
        tournament=data.get("tournament"),
        aids=bool(data.get("aids", True)),
    )


def resumed_setup(saved: SavedGame, seed: int | None) -> GameSetup:
    """The set-up of ``saved``: its kind of game, length and level, its terms, typed dice and clock
    preset; ``seed`` is this run's (``--seed``)."""
    setup = GameSetup(
        mode=GameMode.from_saved(saved.mode),
        match_length=saved.match.rules.match_length,
        seed=seed,
        level=saved.level,
    )
    try:
        setup = with_terms(setup, saved.terms)
    except ValueError as exc:  # persist checked it; a hand-made SavedGame may still be wrong
        log.warning("resumed game: its terms are not kept (%s)", exc)
    hand = bool(saved.dice.get("hand_allowed", False)) if saved.dice else False
    preset = saved.clock.get("preset") if saved.clock else None
    return dataclasses.replace(setup, hand_dice=hand, clock=preset if isinstance(preset, str) else None)


def restore_match_parts(game: GameController, saved: SavedGame) -> None:
    """The saved dice (same secret, same place) and clock, in place of the new ones the controller made.

    A save without dice (older than them) goes on with the controller's own; a damaged part is logged
    and replaced by a fresh one: the game itself is never lost over it.
    """
    if saved.dice is not None:
        try:
            game.match_dice = MatchDice.from_dict(saved.dice, game.rng)
        except ValueError as exc:
            log.warning("resumed game: its dice could not be continued (%s)", exc)
    if saved.clock is not None and game.setup.mode == GameMode.TWO:
        try:
            game.timer = MatchTimer.from_dict(saved.clock)
        except ValueError as exc:
            log.warning("resumed game: its clock could not be continued (%s)", exc)


__all__ = ["restore_match_parts", "resumed_setup"]
