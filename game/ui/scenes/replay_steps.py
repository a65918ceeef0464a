"""The replay's steps: each entry of a recorded match with the state it was made in and the review's
verdicts on it (the checker play's and the cube decision's kept apart), and the cube shown at a step.

Pure data for the replay and the review's cards (no drawing): every state comes from replaying the
record through the engine (:func:`game.record.replay_game`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.ai.question import CubeAction
from game.coach.words import Phrase
from game.engine.cube import Cube
from game.engine.flow import GameState
from game.engine.moves import Move
from game.record import MatchRecord, Ply, PlyKind, final_state, ply_lines, replay_game

if TYPE_CHECKING:
    from game.review import MatchReview, Mistake


@dataclass(frozen=True)
class CubeVerdict:
    """The review's judgement of a cube decision made at a step."""

    action: CubeAction
    """What was done: double, no double, take or pass."""
    best: CubeAction
    """The better action (the same as ``action`` when the decision was right)."""
    error: float
    reason: tuple[Phrase, ...] = ()
    before_roll: bool = False
    """A "no double" judged at the roll that followed it (the step shows the roll)."""


@dataclass(frozen=True)
class Step:
    """One frame of the replay: the state an entry was made in (``ply`` None: the game's end)."""

    game: int
    """Index into the record's games."""
    state: GameState
    ply: Ply | None
    line: int
    better: tuple[Move, ...] = ()
    """The review's better play where this roll lost something."""
    error: float = 0.0
    """What the checker play of this step lost (a cube decision's loss is in ``cube``)."""
    reason: tuple[Phrase, ...] = ()
    """Why ``better`` is better, in words (where the play was worse than good)."""
    cube: CubeVerdict | None = None
    """The cube decision made at this step (a double, take or pass; at a roll, the "no double" before it)."""

    @property
    def cost(self) -> float:
        """The most that a decision of this step lost (the checker play's or the cube decision's)."""
        return max(self.error, self.cube.error if self.cube is not None else 0.0)


def dice_text(dice: tuple[int, int]) -> str:
    """A roll as players say it and the game screen shows it: the higher die first ("6-1")."""
    return f"{max(dice)}-{min(dice)}"


def states_of(record: MatchRecord, game_index: int) -> list[GameState]:
    """The state each entry of a game was made in, then the state after the last one."""
    game = record.games[game_index]
    states = [r.state for r in replay_game(record.rules, game)]
    states.append(final_state(record.rules, game))
    return states


def mistake_step(record: MatchRecord, mistake: Mistake) -> tuple[int, int]:
    """(game index, entry index) of a review's mistake (a "no double" is judged at the roll after it)."""
    for gi, game in enumerate(record.games):
        if game.number == mistake.game:
            return gi, min(mistake.ply, max(len(game.plies) - 1, 0))
    return 0, 0


def build_steps(record: MatchRecord, review: MatchReview | None) -> list[Step]:
    """Every entry of every game, then each game's end, with the review's verdicts where it has them.

    The checker play and the cube decision of a step are kept apart: a "no double" is judged at the
    roll after it, and merged into the roll's play it showed a missed double as a checker play whose
    "better" play was the one made."""
    plays: dict[tuple[int, int], tuple[tuple[Move, ...], float, tuple[Phrase, ...]]] = {}
    cubes: dict[tuple[int, int], CubeVerdict] = {}
    if review is not None:
        for p in review.players:
            for m in p.moves:
                plays[(m.game, m.ply)] = (tuple(m.best), m.error, m.reason)
            for c in p.cube:
                cubes[(c.game, c.ply)] = CubeVerdict(
                    c.action, c.best_action, c.error, c.reason, before_roll=c.action == CubeAction.NO_DOUBLE
                )
    steps: list[Step] = []
    for gi, game in enumerate(record.games):
        lines = ply_lines(game.plies)
        for k, (replayed, line) in enumerate(zip(replay_game(record.rules, game), lines, strict=True)):
            best, error, reason = plays.get((game.number, k), ((), 0.0, ()))
            cube = cubes.get((game.number, k))
            steps.append(Step(gi, replayed.state, replayed.ply, line, best, error, reason, cube))
        steps.append(Step(gi, final_state(record.rules, game), None, lines[-1] if lines else 0))
    return steps


def shown_cube(step: Step) -> tuple[Cube, bool]:
    """The cube as it was at ``step``, and whether it stands offered (in the middle at twice its value).

    A take or a pass is made in the state the double was offered in, whose cube is still the one
    before the double (a centred cube shows 64): the take's step shows the cube the taker now owns,
    the pass's the value that was offered and refused (the game ends with it). Every other step
    shows its state's cube.
    """
    s, ply = step.state, step.ply
    if ply is not None and ply.kind is PlyKind.TAKE:
        return s.cube.doubled(1 - s.turn), False
    return s.cube, ply is not None and ply.kind is PlyKind.PASS


__all__ = ["CubeVerdict", "Step", "build_steps", "dice_text", "mistake_step", "shown_cube", "states_of"]
