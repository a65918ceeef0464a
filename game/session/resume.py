"""A saved game put back as it was: its set-up, and the dice and the clock it had reached; and a
match taken up from another board's record (:func:`carry_on`).

Why apart from the App: the App builds the screen; what a resumed match must get back (the same
secret at the same place, so the same dice; the clock's banks; the names and the tournament match)
is the session's business, and a test checks it without a window.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from typing import Any

from game.record import MatchRecord, RecordError, check_match
from game.record.dicecheck import contributions_of
from game.session.controller import GameController, GameSetup
from game.session.match_dice import MatchDice
from game.session.match_timer import MatchTimer
from game.session.modes import GameMode
from game.session.persist import SavedGame
from game.session.recording import RecordKeeper, record_names
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


def carry_on(
    game: GameController, keeper: RecordKeeper, so_far: MatchRecord, banks: tuple[int, int] | None = None
) -> None:
    """Take up the match ``so_far`` reached on another board (a tournament desk's last report of a
    match it moved here: its finished games) as ``game``'s match, which must be that match at its start.

    What carries over: the score and the Crawford game (the rules' score keeping of the record's
    results, checked by replaying it), the dice (the game's secret is the match's, so its next game
    rolls from that game's place, with the players' contributions the record carries if they gave
    some: the same dice it would have had on the first board, and nobody is asked again), the record
    (``keeper`` goes on from its games, so the match's record stays whole) and the clock: a clocked
    match's banks (``banks``, the seconds each player had left when the last game ended, if the board
    said; else the rules' banks for the score). The cube needs nothing: every game starts centred.
    ``RecordError`` (nothing changed) when the record is not of this match: other rules or names, or
    a match already over.
    """
    finished = MatchRecord(
        so_far.rules, so_far.names, tuple(g for g in so_far.games if g.finished), so_far.metadata
    )
    match = check_match(finished)
    names = record_names(game.mode, game.level, game.setup.names)
    if finished.rules != game.match.rules or finished.names != names:
        raise RecordError("the record so far is of other players or another match")
    if match.is_over:
        raise RecordError("the record so far ends the match: there is nothing left to play")
    try:
        parts = contributions_of(finished.metadata)
    except ValueError as exc:
        raise RecordError(f"the record's dice contributions: {exc}") from exc
    if game.timer is not None:
        timer = MatchTimer(game.timer.preset, match.rules.match_length, match.score)
        if banks is not None:
            timer.clock.banks = [float(banks[0]), float(banks[1])]
        game.timer = timer
    if parts is not None:  # the players' digits given on the first board: the same dice go on here
        game.match_dice.take_contributions(parts)
    keeper.carry_on(game, finished)
    game.match = match
    game.next_game()


__all__ = ["carry_on", "restore_match_parts", "resumed_setup"]
