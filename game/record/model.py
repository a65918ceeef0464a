"""What a recorded match is: its games, each a list of plies (one player's roll and play, or a cube action).

Why plies and not the engine's raw actions: a record keeps what a match sheet keeps
(who rolled what and played what, who doubled, took or dropped), not how a hand
dragged the checkers (Step, MoveTo, Undo). :func:`replay_game` turns the plies back
into engine actions, so every record is checked by the rules when it is replayed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum

from game.engine import (
    Double,
    EndTurn,
    GameResult,
    GameState,
    Match,
    Move,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    RulesError,
    Take,
    apply,
    new_game,
)


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``line`` is the line of the .mat file (0: unknown)."""

    def __init__(self, message: str, line: int = 0) -> None:
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}" if line else message)


class PlyKind(Enum):
    """What one player did on one turn of the record."""

    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    PASS = "pass"


@dataclass(frozen=True, slots=True)
class Ply:
    """One entry of a match sheet: a roll and its play (``moves`` empty: no legal move), or a cube action.

    ``cube`` is the value offered by a DOUBLE (2, 4, ...). ``line`` is where a reader found it
    (0 when recorded live); it is not part of equality, so a record read back equals the original.
    """

    player: int
    kind: PlyKind
    dice: tuple[int, int] | None = None
    moves: tuple[Move, ...] = ()
    cube: int = 0
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game: the score before it, whether it was the Crawford game, its plies and its result.

    ``result`` is None while the game is unfinished. ``resigned`` marks a result that a file
    states without the game being played out (another program's resignation).
    """

    number: int
    score: tuple[int, int]
    crawford: bool
    plies: tuple[Ply, ...]
    result: GameResult | None = None
    resigned: bool = False

    @property
    def finished(self) -> bool:
        return self.result is not None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match (``rules.match_length`` > 0) or money play (0), game by game."""

    rules: Rules
    names: tuple[str, str] = ("Player 1", "Player 2")
    games: tuple[GameRecord, ...] = ()
    metadata: tuple[tuple[str, str], ...] = ()
    """``; [Key "value"]`` lines of the file header, in order (date, site, ...)."""

    @property
    def score(self) -> tuple[int, int]:
        """The score after the finished games."""
        score = [0, 0]
        for game in self.games:
            if game.result is not None:
                score[game.result.winner] += game.result.points
        return score[0], score[1]

    @property
    def winner(self) -> int | None:
        """The match's winner once someone reached the length (None in money play or while it goes on)."""
        length = self.rules.match_length
        if not length:
            return None
        s = self.score
        if max(s) < length:
            return None
        return 0 if s[0] >= length else 1


@dataclass(frozen=True, slots=True)
class Replayed:
    """A ply with the state it was made in (for a ROLL: the dice rolled, nothing moved yet) and the
    state after it: what a replay steps through, forward and back."""

    ply: Ply
    state: GameState
    after: GameState


def opening_action(ply: Ply) -> OpeningRoll:
    """The opening roll that lets ``ply.player`` move first with ``ply.dice`` (the higher die is his)."""
    if ply.dice is None:
        raise RecordError("the first turn of a game must be a roll", ply.line)
    a, b = ply.dice
    if a == b:
        raise RecordError(f"the opening roll cannot be a double ({a}{b})", ply.line)
    high, low = max(a, b), min(a, b)
    return OpeningRoll(high, low) if ply.player == 0 else OpeningRoll(low, high)


def expected_player(state: GameState) -> int | None:
    """Who acts next in ``state`` (None at the opening, where either player may move first)."""
    if state.phase is Phase.OPENING or state.phase is Phase.GAME_OVER:
        return None
    if state.phase is Phase.CUBE_OFFERED:
        return 1 - state.turn
    return state.turn


def apply_ply(state: GameState, ply: Ply) -> tuple[GameState, GameState]:
    """(the state the ply is made in, the state after it); :class:`RecordError` if the rules refuse it."""
    try:
        if state.phase is Phase.GAME_OVER:
            raise RecordError("the game is already over", ply.line)
        who = expected_player(state)
        if who is not None and who != ply.player:
            raise RecordError(f"it is player {who + 1}'s turn, not player {ply.player + 1}'s", ply.line)
        if ply.kind is PlyKind.ROLL:
            if ply.dice is None:
                raise RecordError("a roll needs its dice", ply.line)
            if state.phase is Phase.OPENING:
                rolled = apply(state, opening_action(ply))
            else:
                rolled = apply(state, Roll(ply.dice))
            after = apply(rolled, PlayMoves(ply.moves))
            if after.phase is Phase.MOVING:
                after = apply(after, EndTurn())
            return rolled, after
        if ply.kind is PlyKind.DOUBLE:
            if state.phase is Phase.ROLL and ply.cube != 2 * state.cube.value:
                raise RecordError(
                    f"a double of a cube on {state.cube.value} offers {2 * state.cube.value}, not {ply.cube}",
                    ply.line,
                )
            return state, apply(state, Double())
        if ply.kind is PlyKind.TAKE:
            return state, apply(state, Take())
        return state, apply(state, Pass())
    except RecordError:
        raise
    except RulesError as exc:
        raise RecordError(str(exc), ply.line) from exc


def replay_game(rules: Rules, game: GameRecord) -> Iterator[Replayed]:
    """Each ply of ``game`` with the states it was made in and led to, checked by the engine as it goes.

    ``list(replay_game(...))`` is a replay: step k shows ``steps[k].state`` (the dice of a
    roll, or the cube offered) then ``steps[k].after``; IDs for other programs come from
    :func:`game.engine.matchid.gnubg_id` of either state.
    """
    state = new_game(rules, game.score, game.crawford)
    for ply in game.plies:
        made_in, state = apply_ply(state, ply)
        yield Replayed(ply, made_in, state)


def final_state(rules: Rules, game: GameRecord) -> GameState:
    """The state after the last ply of ``game``."""
    state = new_game(rules, game.score, game.crawford)
    for ply in game.plies:
        state = apply_ply(state, ply)[1]
    return state


def check_match(record: MatchRecord) -> Match:
    """Replay every game through the engine and the match's score keeping; the match at the end.

    Checks that each game starts at the score the games before it reached, that the
    Crawford flag is where the rules put it, and that each played-out result is what
    the rules give. Raises :class:`RecordError`.
    """
    match = Match(record.rules)
    for game in record.games:
        if match.is_over:
            raise RecordError(f"game {game.number} comes after the match was over")
        if game.score != match.score:
            raise RecordError(
                f"game {game.number} starts at {game.score[0]}-{game.score[1]}, "
                f"but the games before it reach {match.score[0]}-{match.score[1]}"
            )
        if game.crawford != match.next_is_crawford:
            raise RecordError(f"game {game.number}'s Crawford flag is not where the rules put it")
        state = final_state(record.rules, game)
        if game.result is None:
            break
        if not game.resigned and state.result != game.result:
            raise RecordError(f"game {game.number}'s result is not what its moves give")
        try:
            match = match.record(game.result)
        except RulesError as exc:
            raise RecordError(f"game {game.number}: {exc}") from exc
    return match
