"""The questions the computer decides, typed: a decision's kind, a cube question, the cube actions.

:class:`Decision` is what kind of decision a player makes (a checker play, a double or not, a take
or a pass), and :class:`CubeAction` the cube actions that answer a cube decision: the review, the
coach, the Hint and the machine interface use these words, so that a misspelt one is a type error.
Both are ``StrEnum``: their values are the spellings the review's JSON and the machine interface
carry, unchanged.

The computer's cube functions (:func:`game.ai.api.should_double`, ``should_take``, ``cube_advice``,
``may_double``) take one :class:`CubeQuestion`; the game builds it from its state with
:meth:`CubeQuestion.from_state`, so no caller turns the engine's owner or score around by hand.
It is plain frozen data, so that a question pickles to a worker process (:mod:`game.ai.requests`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.engine.flow import GameState
from game.engine.position import Position

from .cubeful import CubeInfo, CubeOwner


class Decision(StrEnum):
    """What kind of decision a player makes. The values are the review JSON's ``"kind"`` and
    ``"decision"``."""

    MOVE = "move"
    """A checker play (the review's word; the coach's and the computer's "play" before)."""
    DOUBLE = "double"
    """The player on roll's cube decision: double or not."""
    TAKE = "take"
    """The answer to a double: take or pass."""


class CubeAction(StrEnum):
    """A cube action: what a player did or the expert would do. The values are the spellings of the
    review's JSON (``"action"``, ``"best"``, ``"played"``) and of the machine interface's advice."""

    DOUBLE = "double"
    NO_DOUBLE = "no double"
    TOO_GOOD = "too good"
    """No double: the opponent should pass, but playing on for the gammon is worth more."""
    NOT_ALLOWED = "no double: not allowed"
    """No double because the rules or a dead cube leave nothing to decide (the Hint before a roll)."""
    TAKE = "take"
    PASS = "pass"

    @property
    def decision(self) -> Decision:
        """The decision this action answers."""
        match self:
            case CubeAction.DOUBLE | CubeAction.NO_DOUBLE | CubeAction.TOO_GOOD | CubeAction.NOT_ALLOWED:
                return Decision.DOUBLE
            case CubeAction.TAKE | CubeAction.PASS:
                return Decision.TAKE


@dataclass(frozen=True)
class CubeQuestion:
    """A cube decision seen by the player deciding: the player on roll before a roll (who may
    double), or the one answering a double (who takes or passes). The defaults are a money game
    with the cube in the centre."""

    position: Position
    """Seen by the player deciding (when answering: the taker, who is not on roll)."""
    cube_value: int = 1
    """The cube before any double asked about."""
    cube_owner: CubeOwner = CubeOwner.CENTRE
    """Seen by the player deciding."""
    match_length: int = 0
    """0 for money."""
    score: tuple[int, int] = (0, 0)
    """(the decider's, the other's)."""
    crawford: bool = False

    @classmethod
    def from_state(cls, state: GameState, answering: bool) -> CubeQuestion:
        """The cube decision in ``state`` seen by the player deciding: the player on roll (who may
        double) or, ``answering``, the one who must take or pass."""
        decider = 1 - state.turn if answering else state.turn
        score = state.score if decider == 0 else (state.score[1], state.score[0])
        board = state.position.flip() if answering else state.position
        owner = CubeOwner.of(state.cube.owner, decider)
        return cls(board, state.cube.value, owner, state.rules.match_length, score, state.crawford)

    def cube_info(self) -> CubeInfo:
        """The cube and the match of this question, without the position."""
        score = (self.score[0], self.score[1])
        return CubeInfo(self.cube_value, CubeOwner(self.cube_owner), self.match_length, score, self.crawford)


__all__ = ["CubeAction", "CubeQuestion", "Decision"]
