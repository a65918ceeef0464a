"""The game flow: one pure transition function over an immutable game state.

``apply(state, action)`` returns the next :class:`GameState` or raises
:class:`~game.engine.errors.IllegalAction` with a sentence a player can read.
Dice values travel inside the actions (the caller rolls with
:func:`game.engine.dice.roll`), so ``apply`` is deterministic and a recorded
list of actions replays a game exactly.

Phases and the only edges between them::

    OPENING --OpeningRoll(tie)--> OPENING
    OPENING --OpeningRoll--> MOVING          (higher die moves first, plays both dice)
    ROLL --Roll--> MOVING
    ROLL --Double--> CUBE_OFFERED            (turn stays with the doubler)
    CUBE_OFFERED --Take--> ROLL              (doubler rolls next; cube x2, owned by the taker)
    CUBE_OFFERED --Pass--> GAME_OVER         (doubler wins the stake before the double)
    MOVING --Step/MoveTo/Undo/PlayMoves--> MOVING
    MOVING --Step/MoveTo/PlayMoves--> GAME_OVER   (the 15th checker borne off)
    MOVING --EndTurn--> ROLL                 (the other player; the UI auto-rolls if he cannot double)

``position`` is always seen from ``turn``; in MOVING it is the board after the
moves made so far. In GAME_OVER ``turn`` is the winner.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import TypeAlias

from .cube import Cube, double_refusal
from .dice import roll, roll_opening
from .errors import IllegalAction, RulesError
from .moves import BAR_POINT, OFF, Move, check_dice, single_moves
from .position import BAR, CHECKERS, Position, _trusted
from .scoring import GameResult, WinKind, game_points, win_kind
from .turn import Turn


class Phase(Enum):
    """Where the game is: who must do what next."""

    OPENING = "opening"
    ROLL = "roll"
    CUBE_OFFERED = "cube_offered"
    MOVING = "moving"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Rules:
    """What kind of contest this game is part of: ``match_length`` 0 is money play."""

    match_length: int = 0
    jacoby: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.match_length, int) or isinstance(self.match_length, bool):
            raise RulesError(
                f"the match length is a whole number, not {self.match_length!r}", code="bad_rules"
            )
        if self.match_length < 0:
            raise RulesError(
                f"the match length is 0 (money play) or more, not {self.match_length}", code="bad_rules"
            )
        if not isinstance(self.jacoby, bool):
            raise RulesError(f"the Jacoby option is on or off, not {self.jacoby!r}", code="bad_rules")

    @property
    def is_match(self) -> bool:
        """True for a match to ``match_length`` points, False for unlimited money play."""
        return self.match_length > 0


# ---------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class OpeningRoll:
    """One die for each player (``die0`` is player 0's); equal dice are rolled again."""

    die0: int
    die1: int


@dataclass(frozen=True, slots=True)
class Roll:
    """The player on turn rolls ``dice`` (rolled by the caller)."""

    dice: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Double:
    """The player on turn offers a double before rolling."""


@dataclass(frozen=True, slots=True)
class Take:
    """The player who was offered a double accepts it."""


@dataclass(frozen=True, slots=True)
class Pass:
    """The player who was offered a double declines it and loses the game at the old stake."""


@dataclass(frozen=True, slots=True)
class Step:
    """Move one checker from ``src`` (25 = bar) by ``die``."""

    src: int
    die: int


@dataclass(frozen=True, slots=True)
class MoveTo:
    """Move one checker from ``src`` to ``dst`` (0 = off), by one die or several."""

    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last move of this turn."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Finish the turn (only when the play is complete)."""


@dataclass(frozen=True, slots=True)
class PlayMoves:
    """Play the rest of the turn at once (the computer's way): must complete a legal play."""

    moves: tuple[Move, ...]


Action: TypeAlias = OpeningRoll | Roll | Double | Take | Pass | Step | MoveTo | Undo | EndTurn | PlayMoves
ACTION_TYPES: tuple[type[Action], ...] = (
    OpeningRoll,
    Roll,
    Double,
    Take,
    Pass,
    Step,
    MoveTo,
    Undo,
    EndTurn,
    PlayMoves,
)

ALLOWED_EDGES: frozenset[tuple[Phase, Phase]] = frozenset(
    {
        (Phase.OPENING, Phase.OPENING),
        (Phase.OPENING, Phase.MOVING),
        (Phase.ROLL, Phase.MOVING),
        (Phase.ROLL, Phase.CUBE_OFFERED),
        (Phase.CUBE_OFFERED, Phase.ROLL),
        (Phase.CUBE_OFFERED, Phase.GAME_OVER),
        (Phase.MOVING, Phase.MOVING),
        (Phase.MOVING, Phase.GAME_OVER),
        (Phase.MOVING, Phase.ROLL),
    }
)
"""Every phase change ``apply`` can make (documented above; the random-game test checks it)."""


# ---------------------------------------------------------------------------------------------
# State


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about one game in progress; immutable, so history and undo are free.

    ``turn`` is whose turn it is (in CUBE_OFFERED: the player who doubled, the other
    must answer; in GAME_OVER: the winner). ``position`` is seen from ``turn``.
    ``score`` is the match's or money play's score before this game.
    """

    phase: Phase
    position: Position
    turn: int = 0
    dice: tuple[int, int] | None = None
    moves: tuple[Move, ...] = ()
    cube: Cube = field(default_factory=Cube)
    crawford: bool = False
    rules: Rules = field(default_factory=Rules)
    score: tuple[int, int] = (0, 0)
    opening: tuple[int, int] | None = None
    result: GameResult | None = None
    last_play: tuple[Move, ...] = ()
    last_player: int | None = None
    turn_cache: Turn | None = field(default=None, compare=False, repr=False)
    """The :class:`Turn` behind ``moves`` in MOVING (built once, handed along; not part of equality)."""

    def __post_init__(self) -> None:
        cached = self.turn_cache
        if self.phase is not Phase.MOVING:
            if cached is not None:
                raise RulesError("only a turn being moved has a turn in progress", code="bad_state")
            return
        if self.dice is None:
            raise RulesError("a turn being moved needs its dice", code="bad_state")
        if cached is None:
            start = self.position
            for move in reversed(self.moves):
                start = unapply_move(start, move)
            object.__setattr__(self, "turn_cache", Turn(start, self.dice, self.moves))
        elif (
            (cached.position is not self.position and cached.position != self.position)
            or (cached.moves is not self.moves and cached.moves != self.moves)
            or cached.dice != self.dice
        ):
            # e.g. dataclasses.replace() changed the board but handed the old turn along
            raise RulesError(
                "the turn in progress does not match the board, dice and moves", code="bad_state"
            )

    # -- derived views -----------------------------------------------------------------------

    def turn_state(self) -> Turn:
        """The turn in progress (MOVING only): legal steps, targets, refusal reasons."""
        if self.turn_cache is None:
            raise IllegalAction("No turn is being played: roll the dice first", code="no_turn")
        return self.turn_cache

    def board_for(self, player: int) -> Position:
        """The position seen from ``player`` (0 or 1)."""
        return self.position if player == self.turn else self.position.flip()

    def can_double(self) -> str | None:
        """None if the player on turn may double now, else why not (in player words)."""
        refusal = self.double_refusal()
        return None if refusal is None else str(refusal)

    def double_refusal(self) -> IllegalAction | None:
        """:meth:`can_double` as the error to raise or to show (its code says it in any language)."""
        if self.phase is not Phase.ROLL:
            if self.phase is Phase.GAME_OVER:
                return IllegalAction("The game is over", code="game_over")
            return IllegalAction(
                "You may double only at the start of your turn, before rolling", code="double_timing"
            )
        return double_refusal(self.cube, self.turn, self.crawford)

    def legal_actions(self) -> frozenset[type[Action]]:
        """The kinds of action that ``apply`` may accept now (a given Step may still be refused)."""
        if self.phase is Phase.OPENING:
            return frozenset({OpeningRoll})
        if self.phase is Phase.ROLL:
            return frozenset({Roll, Double}) if self.can_double() is None else frozenset({Roll})
        if self.phase is Phase.CUBE_OFFERED:
            return frozenset({Take, Pass})
        if self.phase is Phase.MOVING:
            turn = self.turn_state()
            kinds: set[type[Action]] = {PlayMoves}
            if turn.is_complete:
                kinds.add(EndTurn)
            else:
                kinds.update({Step, MoveTo})
            if self.moves:
                kinds.add(Undo)
            return frozenset(kinds)
        return frozenset()

    @property
    def answering(self) -> int | None:
        """The player who must take or pass (CUBE_OFFERED only)."""
        return 1 - self.turn if self.phase is Phase.CUBE_OFFERED else None

    @property
    def winner(self) -> int | None:
        """The winner once the game is over."""
        return self.result.winner if self.result is not None else None


def unapply_move(pos: Position, move: Move) -> Position:
    """The position before ``move`` (which must have been played on it): moves carry their hit."""
    me = list(pos.me)
    opp = list(pos.opp)
    src = 24 if move.src == BAR_POINT else move.src - 1
    if not 0 <= src <= 24 or not 0 <= move.dst <= 24:
        raise RulesError(
            f"a move goes from a point (25 = bar) to a point (0 = off), not {move!r}", code="bad_move"
        )
    me[src] += 1
    if move.dst != OFF:
        t = move.dst - 1
        if me[t] == 0:
            raise RulesError(f"the move {move.src}/{move.dst} does not fit this position", code="bad_move")
        me[t] -= 1
        if move.hit:
            if opp[24] == 0 or opp[23 - t]:
                raise RulesError(
                    f"the hit in {move.src}/{move.dst}* does not fit this position", code="bad_move"
                )
            opp[24] -= 1
            opp[23 - t] = 1
    return Position(tuple(me), tuple(opp))


def new_game(
    rules: Rules = Rules(),
    score: tuple[int, int] = (0, 0),
    crawford: bool = False,
    *,
    position: Position | None = None,
) -> GameState:
    """A game waiting for its opening roll. ``position`` (seen from player 0) is for tests and set-ups."""
    if crawford and not rules.is_match:
        raise RulesError(
            "the Crawford rule belongs to matches, not money play",
            code="crawford_in_session",  # the code's stored spelling
        )
    return GameState(
        phase=Phase.OPENING,
        position=Position.start() if position is None else position,
        turn=0,
        crawford=crawford,
        rules=rules,
        score=score,
    )


def roll_for(state: GameState, rng: random.Random) -> OpeningRoll | Roll:
    """The dice action the current phase asks for (opening or ordinary roll), rolled with ``rng``."""
    if state.phase is Phase.OPENING:
        return OpeningRoll(*roll_opening(rng))
    return Roll(roll(rng))


# ---------------------------------------------------------------------------------------------
# Transition


def _wrong_phase(state: GameState, action: object) -> IllegalAction:
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return IllegalAction("The game is over", code="game_over")
    if phase is Phase.OPENING:
        return IllegalAction("Roll for the opening first: each player rolls one die", code="opening_first")
    if phase is Phase.CUBE_OFFERED:
        return IllegalAction("Answer the double first: take or pass", code="answer_double")
    if isinstance(action, (Take, Pass)):
        return IllegalAction("There is no double to answer", code="no_double")
    if isinstance(action, OpeningRoll):
        return IllegalAction("The opening roll is over", code="opening_over")
    if phase is Phase.ROLL:
        return IllegalAction("Roll the dice first", code="roll_first")
    if isinstance(action, Roll):
        return IllegalAction("You have already rolled: move your checkers", code="already_rolled")
    if isinstance(action, Double):
        return IllegalAction(
            "You may double only at the start of your turn, before rolling", code="double_timing"
        )
    return IllegalAction(f"That action is not possible now: {action!r}", code="bad_action")


def _is_die(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``, or :class:`IllegalAction` saying why it is not allowed."""
    phase = state.phase
    if phase is Phase.MOVING:
        if isinstance(action, Step):
            return _apply_step(state, action)
        if isinstance(action, MoveTo):
            return _apply_move_to(state, action)
        if isinstance(action, Undo):
            turn = state.turn_state()
            if not turn.moves:
                raise IllegalAction(
                    "Nothing to undo: you have not moved yet this turn", code="nothing_to_undo"
                )
            return _moving(state, turn.undo())
        if isinstance(action, EndTurn):
            return _apply_end_turn(state)
        if isinstance(action, PlayMoves):
            return _apply_play_moves(state, action)
    elif phase is Phase.ROLL:
        if isinstance(action, Roll):
            return _apply_roll(state, action)
        if isinstance(action, Double):
            refusal = state.double_refusal()
            if refusal is not None:
                raise refusal
            return GameState(
                phase=Phase.CUBE_OFFERED,
                position=state.position,
                turn=state.turn,
                cube=state.cube,
                crawford=state.crawford,
                rules=state.rules,
                score=state.score,
                opening=state.opening,
                last_play=state.last_play,
                last_player=state.last_player,
            )
    elif phase is Phase.CUBE_OFFERED:
        if isinstance(action, Take):
            return GameState(
                phase=Phase.ROLL,
                position=state.position,
                turn=state.turn,
                cube=state.cube.doubled(1 - state.turn),
                crawford=state.crawford,
                rules=state.rules,
                score=state.score,
                opening=state.opening,
                last_play=state.last_play,
                last_player=state.last_player,
            )
        if isinstance(action, Pass):
            winner = state.turn
            points = game_points(
                WinKind.SINGLE,
                state.cube,
                match_length=state.rules.match_length,
                jacoby=state.rules.jacoby,
                winner_score=state.score[winner],
            )
            result = GameResult(winner, WinKind.SINGLE, state.cube.value, points, passed=True)
            return _over(state, state.position, winner, result, state.last_play, state.last_player)
    elif phase is Phase.OPENING and isinstance(action, OpeningRoll):
        return _apply_opening(state, action)
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction(f"not a game action: {action!r}", code="bad_action")
    raise _wrong_phase(state, action)


def _apply_opening(state: GameState, action: OpeningRoll) -> GameState:
    d0, d1 = action.die0, action.die1
    if not (_is_die(d0) and _is_die(d1)):
        raise IllegalAction(f"a die shows 1 to 6, not {d0!r} and {d1!r}", code="bad_dice")
    if d0 == d1:
        return GameState(
            phase=Phase.OPENING,
            position=state.position,
            turn=state.turn,
            cube=state.cube,
            crawford=state.crawford,
            rules=state.rules,
            score=state.score,
            opening=(d0, d1),
        )
    first = 0 if d0 > d1 else 1
    dice = (d0, d1) if first == 0 else (d1, d0)
    position = state.board_for(first)
    turn = Turn(position, dice)
    return GameState(
        phase=Phase.MOVING,
        position=position,
        turn=first,
        dice=dice,
        cube=state.cube,
        crawford=state.crawford,
        rules=state.rules,
        score=state.score,
        opening=(d0, d1),
        turn_cache=turn,
    )


def _apply_roll(state: GameState, action: Roll) -> GameState:
    dice = action.dice
    if not isinstance(dice, tuple) or len(dice) != 2 or not all(_is_die(d) for d in dice):
        raise IllegalAction(f"a roll is two dice, each 1 to 6, not {dice!r}", code="bad_dice")
    turn = Turn(state.position, dice)
    return GameState(
        phase=Phase.MOVING,
        position=state.position,
        turn=state.turn,
        dice=dice,
        cube=state.cube,
        crawford=state.crawford,
        rules=state.rules,
        score=state.score,
        opening=state.opening,
        last_play=state.last_play,
        last_player=state.last_player,
        turn_cache=turn,
    )


def _moving(state: GameState, turn: Turn) -> GameState:
    """The state after a change of the turn in progress; ends the game on the 15th checker off."""
    position = turn.position
    if position.my_off == CHECKERS:
        winner = state.turn
        kind = win_kind(position)
        points = game_points(
            kind,
            state.cube,
            match_length=state.rules.match_length,
            jacoby=state.rules.jacoby,
            winner_score=state.score[winner],
        )
        result = GameResult(winner, kind, state.cube.value, points)
        return _over(state, position, winner, result, turn.moves, winner)
    return GameState(
        phase=Phase.MOVING,
        position=position,
        turn=state.turn,
        dice=state.dice,
        moves=turn.moves,
        cube=state.cube,
        crawford=state.crawford,
        rules=state.rules,
        score=state.score,
        opening=state.opening,
        last_play=state.last_play,
        last_player=state.last_player,
        turn_cache=turn,
    )


def _over(
    state: GameState,
    position: Position,
    winner: int,
    result: GameResult,
    last_play: tuple[Move, ...],
    last_player: int | None,
) -> GameState:
    return GameState(
        phase=Phase.GAME_OVER,
        position=position if winner == state.turn else position.flip(),
        turn=winner,
        cube=state.cube,
        crawford=state.crawford,
        rules=state.rules,
        score=state.score,
        opening=state.opening,
        result=result,
        last_play=last_play,
        last_player=last_player,
    )


def _apply_step(state: GameState, action: Step) -> GameState:
    if not (_is_int(action.src) and _is_int(action.die)):
        raise IllegalAction(f"a step is a point and a die, not {action!r}", code="bad_move")
    return _moving(state, state.turn_state().step(action.src, action.die))


def _apply_move_to(state: GameState, action: MoveTo) -> GameState:
    if not (_is_int(action.src) and _is_int(action.dst)):
        raise IllegalAction(f"a move goes from a point to a point, not {action!r}", code="bad_move")
    if not (1 <= action.src <= 25 and 0 <= action.dst <= 24):
        raise IllegalAction("Move from a point 1..24 or the bar, to a point 1..24 or off", code="move_range")
    return _moving(state, state.turn_state().move_to(action.src, action.dst))


def _apply_end_turn(state: GameState) -> GameState:
    turn = state.turn_state()
    if not turn.is_complete:
        left = tuple(sorted(turn.remaining, reverse=True))
        raise IllegalAction(
            f"Finish your move: you still have {' and '.join(map(str, left))} to play",
            code="finish_move",
            params={"left": left},
        )
    return GameState(
        phase=Phase.ROLL,
        position=turn.position.flip(),
        turn=1 - state.turn,
        cube=state.cube,
        crawford=state.crawford,
        rules=state.rules,
        score=state.score,
        opening=state.opening,
        last_play=turn.moves,
        last_player=state.turn,
    )


def _apply_play_moves(state: GameState, action: PlayMoves) -> GameState:
    """Check a whole play without generating every legal play.

    A sequence of moves the board allows, one per die, is a legal play exactly
    when it uses as many dice as the roll allows (``Turn.most``, computed once
    at the roll) and, when only one of two different dice can be played, the
    higher one whenever the higher one can be played at all.
    """
    moves = action.moves
    if not isinstance(moves, tuple):
        raise IllegalAction(f"a play is a tuple of moves, not {moves!r}", code="bad_move")
    turn = state.turn_state()
    position = turn.position
    remaining = list(turn.remaining)
    played: list[Move] = []
    for raw in moves:
        if not isinstance(raw, tuple) or len(raw) < 3:
            raise IllegalAction(f"not a move: {raw!r}", code="bad_move")
        src, dst, die = raw[0], raw[1], raw[2]
        if type(src) is not int or type(dst) is not int or type(die) is not int:
            raise IllegalAction(f"not a move: {raw!r}", code="bad_move")
        if die not in remaining:
            raise IllegalAction(f"You have no {die} to play", code="no_die_short", params={"die": die})
        if position.my_off == CHECKERS:
            raise IllegalAction("All your checkers are already off", code="all_off")
        move = board_move(position, src, dst, die)
        if move is None:
            refusal = Turn(turn.start, turn.dice, turn.moves + tuple(played), turn.most).refusal(src, die)
            raise refusal or IllegalAction(
                f"The move {src}/{dst} is not possible with a {die}",
                code="move_impossible",
                params={"src": src, "dst": dst, "die": die},
            )
        position = _after(position, move)
        remaining.remove(die)
        played.append(move)
    total = turn.moves + tuple(played)
    if position.my_off != CHECKERS and len(total) < turn.most:
        used = len(total)
        raise IllegalAction(
            f"That play uses {used} {'die' if used == 1 else 'dice'}; you must play {turn.most}",
            code="play_length",
            params={"used": used, "most": turn.most},
        )
    a, b = check_dice(turn.dice)
    higher = max(a, b)
    if turn.most == 1 and a != b and total and total[0].die != higher:
        # Only one die can be played: it must be the higher one whenever that one can be
        # played. The same result counts (bearing off the same checker with either die).
        results = [_after(turn.start, m) for m in single_moves(turn.start, higher)]
        if results and position not in results:
            raise IllegalAction("You must play the higher die", code="higher_die")
    return _moving(state, Turn(turn.start, turn.dice, total, turn.most))


def board_move(pos: Position, src: int, dst: int, die: int) -> Move | None:
    """The move ``src``/``dst`` with ``die`` if the board allows it (as :func:`single_moves` would list it).

    A direct check of one move, so that checking a whole play costs a few lookups
    instead of listing every move of every die; tests compare it with ``single_moves``.
    """
    me = pos.me
    opp = pos.opp
    if me[BAR]:
        if src != BAR_POINT:
            return None
        t = BAR - die
        j = 23 - t
        if dst != t + 1 or opp[j] >= 2:
            return None
        return Move(src, dst, die, opp[j] == 1)
    i = src - 1
    if not 0 <= i <= 23 or me[i] == 0:
        return None
    t = i - die
    if t >= 0:
        j = 23 - t
        if dst != t + 1 or opp[j] >= 2:
            return None
        return Move(src, dst, die, opp[j] == 1)
    if dst != OFF or any(me[6:BAR]):
        return None
    if t < -1 and any(me[i + 1 : BAR]):
        return None
    return Move(src, OFF, die, False)


def _after(pos: Position, move: Move) -> Position:
    me = list(pos.me)
    opp = list(pos.opp)
    src = 24 if move.src == BAR_POINT else move.src - 1
    me[src] -= 1
    if move.dst != OFF:
        t = move.dst - 1
        me[t] += 1
        if move.hit:
            opp[23 - t] = 0
            opp[24] += 1
    return _trusted(tuple(me), tuple(opp))
