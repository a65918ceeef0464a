"""A tournament match played by the computer on a board, one game at a time, with the desk's dice.

Why here and not the screen's controller: a board without players (the tests, the load benchmark,
a demonstration) plays its matches without pygame. Each game is a pure function of the match's dice
secret, its game number, the score it starts at and the computer's level, so a match cut off after
any reported game and taken up again on another board (from the desk's last report) plays exactly
the games it would have played undisturbed, and its record is the same.

The dice are the desk's verifiable dice (:class:`game.engine.dice.SecretDice`): a roll depends only
on its place in the match, and the record carries the secret at the end, so anyone can check them.
The computer adds no digits of its own (rule v1, the secret alone); a match that began on a board
where people played and gave theirs (rule v2) goes on here with them, read from the record so far.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

from game.ai.api import choose_play as _choose_play
from game.ai.api import should_double, should_take
from game.ai.question import CubeQuestion
from game.engine import (
    Action,
    Double,
    EndTurn,
    GameState,
    Match,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    Take,
    apply,
)
from game.engine.dice import SecretDice
from game.record import MatchRecord, MatchRecorder, check_match, default_metadata, read_mat, write_mat
from game.record.dicecheck import contributions_of
from game.session.match_dice import MatchDice

from . import protocol as pr
from .board import report_id


def game_seed(match_id: str, number: int) -> int:
    """The computer's seed for game ``number`` of match ``match_id`` (the same on every board)."""
    digest = hashlib.sha256(f"{match_id} game {number}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _action(state: GameState, dice: SecretDice, level: str, seed: int) -> Action:
    if state.phase is Phase.OPENING:
        a, b = dice.opening()
        return OpeningRoll(a, b)
    if state.phase is Phase.ROLL:
        question = CubeQuestion.from_state(state, answering=False)
        if state.can_double() is None and should_double(question, level):
            return Double()
        return Roll(dice.roll())
    if state.phase is Phase.CUBE_OFFERED:
        if should_take(CubeQuestion.from_state(state, answering=True), level):
            return Take()
        return Pass()
    if state.turn_state().is_complete:
        return EndTurn()
    assert state.dice is not None
    play = _choose_play(state.position, state.dice, level, seed=seed)
    return PlayMoves(() if play is None else play.moves)


class MatchPlay:
    """One tournament match in progress on a board: :meth:`play_game` plays the next game.

    ``so_far``: the .mat text of the games already reported (from the desk, or this board's own
    outbox after a restart); the match carries on after them.
    """

    def __init__(
        self,
        match_id: str,
        names: tuple[str, str],
        length: int,
        secret: str,
        *,
        level: str = "beginner",
        date: str | None = None,
        so_far: str | None = None,
    ) -> None:
        self.match_id = match_id
        self.level = level
        self.secret = secret
        self.rules = Rules(match_length=length)
        self.dice = MatchDice(random.Random(0), secret)
        record = read_mat(so_far) if so_far else None
        if record is not None:
            if record.rules != self.rules or record.names != names:
                raise ValueError("the record so far is of another match")
            parts = contributions_of(record.metadata)  # players' digits given where it began
            if parts is not None:
                self.dice.take_contributions(parts)
        metadata = self.dice.apply_to(default_metadata(names, self.rules, date))
        if record is not None:
            finished = tuple(g for g in record.games if g.result is not None)
            record = MatchRecord(record.rules, record.names, finished, metadata)
            self.match = check_match(record)
            self.recorder = MatchRecorder.resume(record)
        else:
            self.match = Match(self.rules)
            self.recorder = MatchRecorder(self.rules, names, metadata)

    @property
    def over(self) -> bool:
        return self.match.is_over

    @property
    def score(self) -> tuple[int, int]:
        return self.match.score

    @property
    def games(self) -> int:
        return self.match.games

    @property
    def winner(self) -> int | None:
        """0 or 1 (the place in ``names``) once the match is over."""
        return self.match.winner

    def play_game(self, each: Callable[[GameState], None] | None = None) -> None:
        """Play the next game to its end (``each`` sees every state, for a screen or a test)."""
        if self.match.is_over:
            raise ValueError("the match is over")
        number = self.match.games + 1
        secret_dice = SecretDice(self.secret, contributions=self.dice.contributions)
        secret_dice.new_game(number)
        seed = game_seed(self.match_id, number)
        state = self.match.new_game()
        while state.phase is not Phase.GAME_OVER:
            action = _action(state, secret_dice, self.level, seed)
            after = apply(state, action)
            self.recorder.observe(state, action, after)
            state = after
            if each is not None:
                each(state)
        assert state.result is not None
        self.match = self.match.record(state.result)

    def report(self) -> dict[str, Any]:
        """The report a board sends of the game just played: the game's, or the match's result once it
        is over (its id makes a report sent twice count once)."""
        kind = pr.ReportKind.RESULT if self.over else pr.ReportKind.GAME
        report: dict[str, Any] = {
            "report_id": report_id(self.match_id, self.games, kind),
            "match": self.match_id,
            "kind": kind.value,
            "game": self.games,
            "score": list(self.score),
            "mat": self.mat(),
        }
        if self.over:
            report["winner"] = self.winner
        return report

    def mat(self) -> str:
        """The record so far as .mat text; the dice secret is revealed once the match is over."""
        record = self.recorder.record()
        metadata = self.dice.apply_to(record.metadata, reveal=self.match.is_over)
        return write_mat(MatchRecord(record.rules, record.names, record.games, metadata))


__all__ = ["MatchPlay", "game_seed"]
