"""An action in the wrong phase, an impossible board or a malformed action says what is wrong,
word for word (``game.engine.flow``); and what every transition carries over, checked fast. Found by
mutation testing."""

import base64
import dataclasses
import random
from collections.abc import Callable

import pytest

from game.engine.cube import Cube
from game.engine.errors import IllegalAction, PositionError
from game.engine.flow import (
    Double,
    EndTurn,
    GameState,
    MoveTo,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    Step,
    Take,
    Undo,
    apply,
    board_move,
    new_game,
)
from game.engine.match import Match
from game.engine.matchid import (
    GS_NONE,
    GS_PLAYING,
    MatchInfo,
    encode_match_id,
    match_info,
    state_from_ids,
)
from game.engine.moves import OFF, Move, apply_move, legal_plays, max_dice_playable, single_moves
from game.engine.notation import format_play, parse_play
from game.engine.position import Position
from game.engine.scoring import WinKind
from game.engine.serialize import (
    check_game_in_match,
    match_to_dict,
    state_from_dict,
    state_to_dict,
)
from game.engine.turn import Turn
from game.testing.reference import reference_plays
from game.testing.sample import random_position
from tests.helpers.engine_states import (
    MOVING,
    OFFERED,
    PASSED,
    ROLLING,
    START,
    WON,
    Case,
    refusal,
    side,
)

# -- an action in the wrong phase (flow) ----------------------------------------------------------

PHASES: dict[str, GameState] = {
    "opening": new_game(),
    "roll": ROLLING,
    "offered": OFFERED,
    "moving": MOVING,
    "over": PASSED,
}
ACTIONS: dict[str, object] = {
    "opening roll": OpeningRoll(3, 1),
    "roll": Roll((3, 1)),
    "double": Double(),
    "take": Take(),
    "pass": Pass(),
    "step": Step(13, 5),
    "move to": MoveTo(13, 8),
    "undo": Undo(),
    "end turn": EndTurn(),
    "play": PlayMoves(()),
}

# Every action each phase refuses, and what the player is told (the accepted ones are played in test_flow).
WRONG_PHASE: dict[tuple[str, str], str] = {
    ("opening", "roll"): "Roll for the opening first: each player rolls one die",
    ("opening", "double"): "Roll for the opening first: each player rolls one die",
    ("opening", "take"): "Roll for the opening first: each player rolls one die",
    ("opening", "pass"): "Roll for the opening first: each player rolls one die",
    ("opening", "step"): "Roll for the opening first: each player rolls one die",
    ("opening", "move to"): "Roll for the opening first: each player rolls one die",
    ("opening", "undo"): "Roll for the opening first: each player rolls one die",
    ("opening", "end turn"): "Roll for the opening first: each player rolls one die",
    ("opening", "play"): "Roll for the opening first: each player rolls one die",
    ("roll", "opening roll"): "The opening roll is over",
    ("roll", "take"): "There is no double to answer",
    ("roll", "pass"): "There is no double to answer",
    ("roll", "step"): "Roll the dice first",
    ("roll", "move to"): "Roll the dice first",
    ("roll", "undo"): "Roll the dice first",
    ("roll", "end turn"): "Roll the dice first",
    ("roll", "play"): "Roll the dice first",
    ("offered", "opening roll"): "Answer the double first: take or pass",
    ("offered", "roll"): "Answer the double first: take or pass",
    ("offered", "double"): "Answer the double first: take or pass",
    ("offered", "step"): "Answer the double first: take or pass",
    ("offered", "move to"): "Answer the double first: take or pass",
    ("offered", "undo"): "Answer the double first: take or pass",
    ("offered", "end turn"): "Answer the double first: take or pass",
    ("offered", "play"): "Answer the double first: take or pass",
    ("moving", "opening roll"): "The opening roll is over",
    ("moving", "roll"): "You have already rolled: move your checkers",
    ("moving", "double"): "You may double only at the start of your turn, before rolling",
    ("moving", "take"): "There is no double to answer",
    ("moving", "pass"): "There is no double to answer",
    ("moving", "end turn"): "Finish your move: you still have 5 to play",
    ("moving", "play"): "That play uses 1 die; you must play 2",
    ("over", "opening roll"): "The game is over",
    ("over", "roll"): "The game is over",
    ("over", "double"): "The game is over",
    ("over", "take"): "The game is over",
    ("over", "pass"): "The game is over",
    ("over", "step"): "The game is over",
    ("over", "move to"): "The game is over",
    ("over", "undo"): "The game is over",
    ("over", "end turn"): "The game is over",
    ("over", "play"): "The game is over",
}


@pytest.mark.parametrize(
    ("phase", "action"), sorted(WRONG_PHASE), ids=[f"{a} while {p}" for p, a in sorted(WRONG_PHASE)]
)
def test_an_action_in_the_wrong_phase_says_what_to_do_instead(phase: str, action: str) -> None:
    with pytest.raises(IllegalAction) as raised:
        apply(PHASES[phase], ACTIONS[action])  # type: ignore[arg-type]
    assert str(raised.value) == WRONG_PHASE[phase, action]


def _moving_with(move: Move) -> GameState:
    """A MOVING state built directly (as a caller could), claiming ``move`` was made from the start."""
    return GameState(phase=Phase.MOVING, position=Position.start(), dice=(5, 3), moves=(move,))


def _position_id_from_bits(bits: list[int]) -> str:
    """A Position ID made of raw key bits (low bit of byte 0 first), for IDs no position encodes to."""
    bits = bits + [0] * (80 - len(bits))
    key = bytes(sum(bits[8 * b + k] << k for k in range(8)) for b in range(10))
    return base64.b64encode(key).decode()[:14]


# The opponent's 15 checkers, then 24 empty points and 16 checkers on the bar for the player on roll,
# the last one in bit 79: no room is left for the 0 that would end the bar's count.
NO_END_ZERO = [1] * 15 + [0] * 25 + [0] * 24 + [1] * 16


def _stale_moves() -> GameState:
    """A MOVING state whose moves were replaced while the turn in progress was handed along."""
    return dataclasses.replace(MOVING, moves=())


POSITION_REFUSALS: list[Case] = [
    (
        "sixteen for the player on roll",
        lambda: Position(side({6: 16}), side({6: 15})),
        "the player on roll has 16 checkers on the board; a side has 15",
    ),
    (
        "sixteen for the opponent",
        lambda: Position(side({6: 15}), side({6: 16})),
        "the opponent has 16 checkers on the board; a side has 15",
    ),
    (
        "a negative count for the player on roll",
        lambda: Position(side({6: -1}), side({6: 15})),
        "the player on roll has a negative or non-integer checker count",
    ),
    (
        "a negative count for the opponent",
        lambda: Position(side({6: 15}), side({6: -1})),
        "the opponent has a negative or non-integer checker count",
    ),
    (
        "24 counts for the opponent",
        lambda: Position(side({6: 15}), side({6: 15})[:24]),
        "the opponent's checkers must be 25 counts (24 points and the bar)",
    ),
    (
        "both borne off",
        lambda: Position(side({}), side({})),
        "both players have borne off all their checkers",
    ),
    (
        "both on one point",
        lambda: Position(side({6: 15}), side({19: 15})),
        "both players have checkers on point 6",
    ),
]


@pytest.mark.parametrize(
    ("what", "make", "message"), POSITION_REFUSALS, ids=[c[0] for c in POSITION_REFUSALS]
)
def test_an_impossible_board_says_which_side_is_wrong(
    what: str, make: Callable[[], object], message: str
) -> None:
    assert refusal(make) == message, what


FLOW_REFUSALS: list[Case] = [
    ("not an action", lambda: apply(ROLLING, "roll"), "not a game action: 'roll'"),  # type: ignore[arg-type]
    (
        "step with text",
        lambda: apply(MOVING, Step("13", 5)),
        "a step is a point and a die, not Step(src='13', die=5)",
    ),  # type: ignore[arg-type]
    (
        "move to with text",
        lambda: apply(MOVING, MoveTo(13, "8")),
        "a move goes from a point to a point, not MoveTo(src=13, dst='8')",
    ),  # type: ignore[arg-type]
    (
        "move from past the bar",
        lambda: apply(MOVING, MoveTo(26, 21)),
        "Move from a point 1..24 or the bar, to a point 1..24 or off",
    ),
    (
        "move from 0",
        lambda: apply(MOVING, MoveTo(0, 0)),
        "Move from a point 1..24 or the bar, to a point 1..24 or off",
    ),
    (
        "move to past the 24-point",
        lambda: apply(MOVING, MoveTo(13, 25)),
        "Move from a point 1..24 or the bar, to a point 1..24 or off",
    ),
    (
        "move to below off",
        lambda: apply(MOVING, MoveTo(6, -1)),
        "Move from a point 1..24 or the bar, to a point 1..24 or off",
    ),
    (
        "play not a tuple",
        lambda: apply(MOVING, PlayMoves([Move(13, 8, 5)])),
        "a play is a tuple of moves, not [Move(src=13, dst=8, die=5, hit=False)]",
    ),  # type: ignore[arg-type]
    ("opening die of 7", lambda: apply(new_game(), OpeningRoll(7, 1)), "a die shows 1 to 6, not 7 and 1"),
    ("roll of one die", lambda: apply(ROLLING, Roll((3,))), "a roll is two dice, each 1 to 6, not (3,)"),  # type: ignore[arg-type]
    (
        "undo before moving",
        lambda: apply(apply(ROLLING, Roll((3, 1))), Undo()),
        "Nothing to undo: you have not moved yet this turn",
    ),
    (
        "crawford in money play",
        lambda: new_game(Rules(), (0, 0), crawford=True),
        "the Crawford rule belongs to matches, not money play",
    ),
    (
        "record after the match",
        lambda: Match(Rules(1), (1, 0), games=1).record(PASSED.result),
        "the match is over: no more games can be recorded",
    ),  # type: ignore[arg-type]
    (
        "a moving state built with a move from 26",
        lambda: _moving_with(Move(26, 21, 5)),
        "a move goes from a point (25 = bar) to a point (0 = off), not "
        "Move(src=26, dst=21, die=5, hit=False)",
    ),
    (
        "a moving state built with a move from 0",
        lambda: _moving_with(Move(0, -5, 5)),
        "a move goes from a point (25 = bar) to a point (0 = off), not Move(src=0, dst=-5, die=5, hit=False)",
    ),
    (
        "a moving state built with a move to 25",
        lambda: _moving_with(Move(24, 25, 5)),
        "a move goes from a point (25 = bar) to a point (0 = off), not "
        "Move(src=24, dst=25, die=5, hit=False)",
    ),
    (
        "a moving state built with a move that is not there",
        lambda: _moving_with(Move(13, 9, 4)),
        "the move 13/9 does not fit this position",
    ),
    (
        "play from past the bar",
        lambda: apply(MOVING, PlayMoves(((26, 21, 5),))),
        "You have no checker on point 26",
    ),  # type: ignore[arg-type]
    ("single moves with a die of 7", lambda: single_moves(START, 7), "a die shows 1 to 6, not 7"),
    ("single moves with a text die", lambda: single_moves(START, "3"), "a die shows 1 to 6, not '3'"),  # type: ignore[arg-type]
    ("match length as text", lambda: Rules(match_length="7"), "the match length is a whole number, not '7'"),  # type: ignore[arg-type]
    (
        "match length below 0",
        lambda: Rules(match_length=-1),
        "the match length is 0 (money play) or more, not -1",
    ),
    (
        "a turn in progress outside moving",
        lambda: GameState(phase=Phase.ROLL, position=START, turn_cache=MOVING.turn_cache),
        "only a turn being moved has a turn in progress",
    ),
    (
        "a moving state without dice",
        lambda: GameState(phase=Phase.MOVING, position=START),
        "a turn being moved needs its dice",
    ),
    (
        "a turn in progress with other moves",
        _stale_moves,
        "the turn in progress does not match the board, dice and moves",
    ),
    (
        "a Position ID without the last count's end",
        lambda: Position.from_id(_position_id_from_bits(NO_END_ZERO)),
        "not a valid Position ID (too many checkers): '/38AAAAAAAD//w'",
    ),
    ("play with a die not rolled", lambda: apply(MOVING, PlayMoves(((13, 9, 4),))), "You have no 4 to play"),  # type: ignore[arg-type]
    (
        "play after the last checker is off",
        lambda: apply(
            apply(GameState(phase=Phase.ROLL, position=Position(side({1: 1}), side({6: 15}))), Roll((2, 1))),
            PlayMoves(((1, 0, 2), (1, 0, 1))),
        ),
        "All your checkers are already off",
    ),  # type: ignore[arg-type]
    (
        "play the lower die when the higher one can be played",
        lambda: apply(
            apply(
                GameState(
                    phase=Phase.ROLL, position=Position(side({14: 1, 24: 1}), side({21: 2, 7: 2, 5: 2}))
                ),
                Roll((6, 4)),
            ),
            PlayMoves(((14, 10, 4),)),
        ),
        "You must play the higher die",
    ),  # type: ignore[arg-type]
    (
        "play with a list for a move",
        lambda: apply(MOVING, PlayMoves(([13, 8, 5],))),
        "not a move: [13, 8, 5]",
    ),  # type: ignore[arg-type]
    (
        "bear off past a checker on the point above",
        lambda: Turn(Position(side({4: 1, 3: 1}), side({6: 15})), (5, 2)).step(3, 5),
        "Bear off from your highest point first",
    ),
    (
        "play with a text source",
        lambda: apply(MOVING, PlayMoves((("13", 8, 5),))),
        "not a move: ('13', 8, 5)",
    ),  # type: ignore[arg-type]
    (
        "play with a text target",
        lambda: apply(MOVING, PlayMoves(((13, "8", 5),))),
        "not a move: (13, '8', 5)",
    ),  # type: ignore[arg-type]
    ("play with a text die", lambda: apply(MOVING, PlayMoves(((13, 8, "5"),))), "not a move: (13, 8, '5')"),  # type: ignore[arg-type]
    ("play with a short move", lambda: apply(MOVING, PlayMoves(((13, 8),))), "not a move: (13, 8)"),  # type: ignore[arg-type]
]


def test_doubling_while_moving_is_explained_before_it_is_tried() -> None:
    assert MOVING.can_double() == "You may double only at the start of your turn, before rolling"
    assert PASSED.can_double() == "The game is over"


@pytest.mark.parametrize(("what", "make", "message"), FLOW_REFUSALS, ids=[c[0] for c in FLOW_REFUSALS])
def test_a_malformed_action_says_what_is_wrong(what: str, make: Callable[[], object], message: str) -> None:
    assert refusal(make) == message, what


# == what every transition carries over; fast cross-checks ======================================
# No fast test followed a game's context (match rules, score, Crawford flag, cube, opening roll,
# last play) through every kind of transition, nor checked PlayMoves' own quick bookkeeping
# (board_move, _after) against the move generator except the slow soak tests. Everything here runs
# the engine at test time: data built at import time is built before a mutant is switched on.


def _context(state: GameState) -> tuple[object, ...]:
    return (state.rules, state.score, state.crawford, state.cube)


def test_a_crawford_game_keeps_its_context_through_every_kind_of_transition() -> None:
    """Opening tie, opening roll, steps, a drag, undo, end of turn, rolls and whole plays, to the end."""
    rules = Rules(match_length=5)
    state = new_game(rules, (4, 2), crawford=True)
    context = _context(state)
    state = apply(state, OpeningRoll(4, 4))
    assert state.phase is Phase.OPENING and state.opening == (4, 4) and _context(state) == context
    state = apply(state, OpeningRoll(2, 6))  # player 1 starts with 6-2
    assert (state.phase, state.turn, state.dice) == (Phase.MOVING, 1, (6, 2))
    assert state.opening == (2, 6) and _context(state) == context
    state = apply(state, Step(24, 6))
    state = apply(state, Undo())
    assert state.moves == () and state.opening == (2, 6) and _context(state) == context
    state = apply(state, MoveTo(13, 5))  # 13/7/5 with both dice
    assert len(state.moves) == 2 and _context(state) == context
    first_play = state.moves
    state = apply(state, EndTurn())
    assert (state.phase, state.turn, state.last_play, state.last_player) == (Phase.ROLL, 0, first_play, 1)
    assert state.opening == (2, 6) and _context(state) == context
    rng = random.Random(5)
    while state.phase is not Phase.GAME_OVER:
        assert state.phase is Phase.ROLL and _context(state) == context
        assert state.opening == (2, 6)
        mover = state.turn
        before = (state.last_play, state.last_player)
        assert before[1] == 1 - mover
        state = apply(state, Roll((rng.randint(1, 6), rng.randint(1, 6))))
        assert (state.last_play, state.last_player) == before
        assert _context(state) == context and state.opening == (2, 6)
        plays = legal_plays(state.position, state.dice or (1, 1))
        played = rng.choice(plays).moves if plays else ()
        state = apply(state, PlayMoves(played))
        assert _context(state) == context and state.opening == (2, 6)
        if state.phase is Phase.MOVING:
            assert (state.last_play, state.last_player) == before
            state = apply(state, EndTurn())
            assert (state.last_play, state.last_player) == (played, mover)
    assert _context(state) == context and state.opening == (2, 6)
    result = state.result
    assert result is not None and result.points == min(result.kind.value, 5 - (4, 2)[result.winner])
    assert state.position.my_off == 15  # the finished game is seen from the winner


def test_a_double_and_a_take_keep_the_opening_and_the_last_play() -> None:
    state = apply(
        apply(new_game(Rules(7), (1, 3)), OpeningRoll(3, 1)), PlayMoves((Move(8, 5, 3), Move(6, 5, 1)))
    )
    state = apply(state, EndTurn())
    offered = apply(state, Double())
    taken = apply(offered, Take())
    for after in (offered, taken):
        assert after.opening == (3, 1) and after.score == (1, 3) and after.rules == Rules(7)
        assert after.last_play == (Move(8, 5, 3), Move(6, 5, 1)) and after.last_player == 0
    assert taken.cube == Cube(2, 0) and taken.turn == 1


def test_a_doubled_cube_is_carried_through_rolls_and_turns() -> None:
    state = GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=Rules(7), score=(1, 3))
    state = apply(apply(state, Double()), Take())
    assert state.cube == Cube(2, 1) and (state.phase, state.turn) == (Phase.ROLL, 0)
    state = apply(state, Roll((3, 1)))
    assert state.cube == Cube(2, 1) and state.score == (1, 3) and state.rules == Rules(7)
    state = apply(state, PlayMoves((Move(8, 5, 3), Move(6, 5, 1))))
    state = apply(state, EndTurn())
    assert state.cube == Cube(2, 1) and state.score == (1, 3) and state.rules == Rules(7)
    assert state.can_double() is None  # player 1 owns the cube and is on roll


def test_the_opening_roll_starts_from_the_board_set_up_for_player_0() -> None:
    """``new_game(position=...)`` is seen from player 0: the winner of the opening roll sees it his way."""
    board = Position(side({24: 2, 13: 5, 8: 3, 6: 4, 5: 1}), side({24: 2, 13: 5, 8: 3, 6: 5}))
    tie = apply(new_game(position=board), OpeningRoll(2, 2))
    assert tie.turn == 0 and tie.position == board and tie.phase is Phase.OPENING
    zero_starts = apply(tie, OpeningRoll(6, 1))
    assert zero_starts.turn == 0 and zero_starts.position == board
    one_starts = apply(new_game(position=board), OpeningRoll(1, 6))
    assert one_starts.turn == 1 and one_starts.position == board.flip()
    assert zero_starts.board_for(1) == board.flip() and one_starts.board_for(0) == board


def test_a_bear_off_win_is_seen_from_the_winner() -> None:
    state = GameState(phase=Phase.ROLL, position=Position(side({1: 1}), side({6: 15})), turn=1)
    over = apply(apply(state, Roll((2, 1))), Step(1, 2))
    assert over.phase is Phase.GAME_OVER and over.turn == 1 and over.position.my_off == 15
    assert over.result is not None and over.result.kind is WinKind.GAMMON


def test_play_moves_books_hits_and_stacked_moves_as_the_rules_do() -> None:
    """Every legal play of a few boards with blots, bar checkers and bear-offs, fed back through
    ``PlayMoves`` one move at a time, lands on the play's board with the play's hits."""
    rng = random.Random(23)
    checked = 0
    for _ in range(30):
        position = random_position(rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, dice)
        state = apply(GameState(phase=Phase.ROLL, position=position), Roll(dice))
        for play in rng.sample(plays, min(4, len(plays))):
            raw = tuple((m.src, m.dst, m.die) for m in play.moves)
            after = apply(state, PlayMoves(raw))  # type: ignore[arg-type]
            board = after.position if after.phase is Phase.MOVING else after.board_for(0)
            assert board == play.position
            if after.phase is Phase.MOVING:
                assert after.moves == play.moves
            checked += 1
    assert checked > 60


def test_play_moves_refuses_a_checker_moved_twice_from_where_only_one_arrived() -> None:
    lone = GameState(phase=Phase.ROLL, position=Position(side({13: 1, 6: 14}), side({1: 15})))
    state = apply(lone, Roll((5, 5)))
    ok = apply(state, PlayMoves(((13, 8, 5), (8, 3, 5), (6, 1, 5), (6, 1, 5))))  # type: ignore[arg-type]
    assert ok.position.me[0] == 2
    refused = ((13, 8, 5), (8, 3, 5), (8, 3, 5), (6, 1, 5))
    try:
        apply(state, PlayMoves(refused))  # type: ignore[arg-type]
    except ValueError as exc:
        assert str(exc) == "You have no checker on point 8"
    else:
        raise AssertionError("a checker that is not there was moved")


def test_board_move_agrees_with_single_moves_on_the_moves_that_matter() -> None:
    """The fast sibling of test_flow's exhaustive cross-check: each die's landing point, its
    neighbours and off, from every point, on a few dozen boards."""
    rng = random.Random(29)
    for _ in range(40):
        position = random_position(rng)
        for die in range(1, 7):
            listed = {(m.src, m.dst): m for m in single_moves(position, die)}
            for src in range(1, 26):
                land = src - die
                for dst in {land - 1, land, land + 1, OFF}:
                    if 0 <= dst <= 24:
                        assert board_move(position, src, dst, die) == listed.get((src, dst)), (
                            position.position_id(),
                            src,
                            dst,
                            die,
                        )


def test_a_pass_ends_the_game_at_the_old_stake_seen_from_the_doubler() -> None:
    state = GameState(phase=Phase.ROLL, position=Position.start().flip(), turn=1, cube=Cube(2, 1))
    over = apply(apply(state, Double()), Pass())
    assert over.turn == 1 and over.position == Position.start().flip()
    assert over.result is not None and (over.result.points, over.result.cube) == (2, 2)


def test_apply_move_and_a_hit_on_the_bar_agree() -> None:
    pos = Position(side({25: 1, 6: 14}), side({22: 1, 6: 14}))  # the opponent's 22 is my 3
    move = next(m for m in single_moves(pos, 3) if m.src == 25)
    assert move == Move(25, 22, 3, False)
    hit = next(m for m in single_moves(Position(side({25: 1, 6: 14}), side({3: 1, 6: 14})), 3) if m.src == 25)
    assert hit.hit and apply_move(Position(side({25: 1, 6: 14}), side({3: 1, 6: 14})), hit).opp[24] == 1


# -- notation: how a typed journey is split, and how plays are written -----------------------------


def test_a_journey_goes_round_a_held_point() -> None:
    """24/13 with 6-5 when the opponent holds my 18 (his 7): the 5 first, through 19."""
    blocked = Position(side({24: 2, 13: 5, 8: 3, 6: 5}), side({7: 2, 13: 5, 8: 3, 5: 5}))
    assert parse_play("24/13", blocked, (6, 5)) == (Move(24, 19, 5), Move(19, 13, 6))


def test_a_journey_splits_with_the_higher_die_first_when_both_ways_are_open() -> None:
    """The same order as the drag rule (turn.py), so a typed move animates as a dragged one would."""
    both_open = Position(side({24: 2, 13: 5, 8: 3, 6: 5}), side({13: 5, 8: 3, 5: 5, 3: 2}))
    assert parse_play("24/13", both_open, (6, 5)) == (Move(24, 18, 6), Move(18, 13, 5))
    assert parse_play("24/13", both_open, (5, 6)) == (Move(24, 18, 6), Move(18, 13, 5))


def test_a_journey_repeated_four_times() -> None:
    assert parse_play("13/7(4)", Position.start(), (6, 6)) == (Move(13, 7, 6),) * 4


def test_plays_are_written_from_the_highest_start_then_the_highest_end() -> None:
    assert format_play((Move(13, 7, 6), Move(24, 18, 6), Move(18, 12, 6), Move(12, 6, 6))) == "24/6 13/7"
    assert format_play((Move(13, 8, 5), Move(13, 11, 2))) == "13/11 13/8"


# -- match and Match ID bounds ---------------------------------------------------------------------


def test_a_won_match_leaves_the_winner_no_points_away() -> None:
    won = Match(Rules(3), (4, 1), games=3, crawford_used=True)
    assert won.is_over and won.away(0) == 0 and won.away(1) == 2


def test_a_cube_on_64_can_be_restored_from_its_ids() -> None:
    state = state_from_ids(Position.start().position_id(), encode_match_id(MatchInfo(cube=64, cube_owner=1)))
    assert state.cube == Cube(64, 1) and state.phase is Phase.ROLL


def test_a_finished_game_saved_after_its_match_recorded_it() -> None:
    """Saved just after the result went into the match: the match score is the game's plus the points."""
    match = Match(Rules(7), (2, 3), games=3)
    over = apply(apply(match.new_game(), OpeningRoll(3, 1)), PlayMoves((Move(8, 5, 3), Move(6, 5, 1))))
    over = apply(apply(apply(over, EndTurn()), Double()), Pass())  # player 1 doubles, player 0 passes
    assert over.result is not None and over.result.winner == 1
    check_game_in_match(over, match)
    check_game_in_match(over, match.record(over.result))


def test_a_side_with_nothing_left_on_the_board_is_in_a_race_wherever_the_other_stands() -> None:
    """One side has borne everything off (the game is decided, but the board is still asked): no
    contact, even with the other side's checkers on its own 23- and 24-points."""
    assert Position(side({}), side({24: 1, 23: 1, 6: 3})).is_race()
    assert Position(side({24: 1, 23: 1, 6: 3}), side({})).is_race()
    assert not Position(side({24: 1, 6: 3}), side({24: 1, 6: 3})).is_race()


def test_a_finished_game_worth_less_than_its_kind_reads_back() -> None:
    """A gammon worth 1 (Jacoby, centred cube; or capped at the 1 point the winner needs) is read
    back as saved: the reader recomputes the points with the game's own rules and score."""
    bear_off = Position(side({1: 1}), side({6: 15}))
    for rules, score in ((Rules(jacoby=True), (0, 0)), (Rules(5), (0, 4))):
        state = GameState(phase=Phase.ROLL, position=bear_off, turn=1, rules=rules, score=score)
        over = apply(apply(state, Roll((2, 1))), Step(1, 2))
        assert over.result is not None and over.result.kind is WinKind.GAMMON and over.result.points == 1
        assert state_from_dict(state_to_dict(over)) == over


def test_the_autosave_format_as_written() -> None:
    """The files on disk outlive the version that wrote them: field names, order of the move fields
    and lower-case names are the format (version 1), not just whatever reads back."""
    assert state_to_dict(WON) == {
        "version": 1,
        "phase": "game_over",
        "position": "uO8DAAAAAAAAAA",
        "turn": 0,
        "dice": None,
        "moves": [],
        "cube": {"value": 1, "owner": None},
        "crawford": False,
        "rules": {"match_length": 0, "jacoby": False},
        "score": [0, 0],
        "opening": None,
        "result": {"winner": 0, "kind": "single", "cube": 1, "points": 1, "passed": False},
        "last_play": [[1, 0, 1, False], [6, 0, 6, False]],
        "last_player": 0,
    }
    moving = state_to_dict(MOVING)
    assert (moving["phase"], moving["dice"], moving["moves"], moving["opening"]) == (
        "moving",
        [5, 3],
        [[8, 5, 3, False]],
        [5, 3],
    )
    assert match_to_dict(Match(Rules(5, True), (4, 2), games=3, crawford_used=True)) == {
        "version": 1,
        "rules": {"match_length": 5, "jacoby": True},
        "score": [4, 2],
        "games": 3,
        "crawford_used": True,
    }


def test_when_only_the_lower_die_can_be_played_every_way_to_play_it_is_listed() -> None:
    """6-5 with the 6 blocked everywhere: 24/19 and 21/16 are both legal (one die each), and the
    search must keep both dead ends apart instead of remembering one."""
    pos = Position(side({24: 1, 21: 1}), side({7: 2, 10: 2, 12: 2, 15: 2, 2: 7}))
    plays = legal_plays(pos, (6, 5))
    assert sorted(p.moves for p in plays) == [(Move(21, 16, 5),), (Move(24, 19, 5),)]
    assert {p.position for p in plays} == reference_plays(pos, (6, 5))


def test_what_a_match_id_records_after_an_opening_tie_and_for_a_double_by_player_1() -> None:
    """After a tied opening roll the game has begun (gnubg's "playing"); a double offered by player 1
    leaves player 0 to act."""
    assert match_info(apply(new_game(), OpeningRoll(4, 4))).game_state == GS_PLAYING
    assert match_info(new_game()).game_state == GS_NONE
    offered = apply(GameState(phase=Phase.ROLL, position=Position.start(), turn=1), Double())
    info = match_info(offered)
    assert (info.player, info.turn, info.doubled) == (1, 0, True)


@pytest.mark.parametrize(
    "position",
    [
        Position(side({6: 2, 4: 1, 3: 1, 1: 2}), side({6: 5, 8: 3, 13: 5, 12: 2})),  # home, gaps above
        Position(side({7: 1, 3: 2, 2: 3}), side({6: 5, 8: 3, 13: 5, 24: 2})),  # one checker on the 7
        Position(side({25: 1, 13: 5, 6: 5}), side({3: 1, 4: 2, 6: 5, 8: 3, 13: 3})),  # bar, a blot on my 22
        Position(side({24: 2, 13: 5, 8: 3, 6: 5}), side({2: 1, 5: 1, 6: 4, 8: 3, 13: 4, 24: 2})),  # blots
    ],
    ids=["bearing off", "not all home", "entering", "blots"],
)
def test_board_move_agrees_with_single_moves_from_every_point_to_every_point(position: Position) -> None:
    """Hand-made boards for the corners of bearing off, entering and hitting, every src/dst/die."""
    for die in range(1, 7):
        listed = {(m.src, m.dst): m for m in single_moves(position, die)}
        for src in range(1, 27):
            for dst in range(0, 25):
                assert board_move(position, src, dst, die) == listed.get((src, dst)), (src, dst, die)


DOUBLES_BOARDS = [
    # checkers on the bar (one to four), entry points open, blotted or closed
    Position(side({25: 1, 13: 2, 6: 2}), side({3: 1, 5: 2, 6: 3, 13: 2})),
    Position(side({25: 2, 8: 2, 6: 3}), side({2: 1, 4: 2, 6: 2, 12: 3})),
    Position(side({25: 3, 24: 1, 6: 2}), side({2: 2, 3: 2, 5: 1, 8: 3})),
    Position(side({25: 4, 13: 1}), side({2: 2, 4: 1, 6: 2, 9: 3})),
    # bearing off: gaps above, one checker outside, the highest point empty
    Position(side({6: 1, 4: 2, 3: 1, 1: 3}), side({6: 3, 8: 2, 13: 2})),
    Position(side({5: 2, 2: 1}), side({6: 3, 8: 2, 13: 2})),
    Position(side({8: 1, 5: 2, 3: 1}), side({6: 3, 12: 2, 13: 2})),
    Position(side({3: 2, 2: 1, 1: 1}), side({1: 2, 19: 1, 13: 2})),
]


@pytest.mark.parametrize("index", range(len(DOUBLES_BOARDS)))
def test_doubles_from_the_bar_and_bearing_off_equal_the_reference(index: int) -> None:
    """Every double on boards with checkers on the bar or bearing off, against the slow reference
    (small boards, so the reference is quick): the same results, each once, each play consistent."""
    pos = DOUBLES_BOARDS[index]
    for d in range(1, 7):
        plays = legal_plays(pos, (d, d))
        results = [p.position for p in plays]
        assert len(set(results)) == len(results)
        assert set(results) == reference_plays(pos, (d, d)), (pos.position_id(), d)
        for play in plays:
            after = pos
            for move in play.moves:
                after = apply_move(after, move)
            assert after == play.position


def test_no_dice_left_means_none_playable() -> None:
    assert max_dice_playable(Position.start(), ()) == 0
    assert max_dice_playable(Position.start(), (6, 6, 6, 6)) == 4


def test_typed_journeys_are_played_highest_first_each_to_its_end() -> None:
    """The order the moves come back in is the order they are animated: the highest journey first,
    each checker to the end of its journey before the next one starts, whatever order they were typed in."""
    assert parse_play("13/11 24/18", Position.start(), (6, 2)) == (Move(24, 18, 6), Move(13, 11, 2))
    assert parse_play("13/5 24/16", Position.start(), (4, 4)) == (
        Move(24, 20, 4),
        Move(20, 16, 4),
        Move(13, 9, 4),
        Move(9, 5, 4),
    )


def test_a_finished_game_keeps_its_cube() -> None:
    state = GameState(phase=Phase.ROLL, position=Position(side({1: 1}), side({6: 15})), cube=Cube(2, 0))
    over = apply(apply(state, Roll((2, 1))), Step(1, 2))
    assert over.phase is Phase.GAME_OVER and over.cube == Cube(2, 0)
    assert over.result is not None and (over.result.cube, over.result.points) == (2, 4)


def test_a_short_play_counts_its_dice_in_words() -> None:
    """One die is "1 die", more are "dice"; the refusal's code and numbers say the same to a screen."""
    double = apply(GameState(phase=Phase.ROLL, position=Position.start()), Roll((1, 1)))
    with pytest.raises(IllegalAction) as raised:
        apply(double, PlayMoves((Move(8, 7, 1), Move(8, 7, 1))))
    assert str(raised.value) == "That play uses 2 dice; you must play 4"
    assert (raised.value.code, raised.value.params) == ("play_length", {"used": 2, "most": 4})
    single = apply(GameState(phase=Phase.ROLL, position=Position.start()), Roll((6, 5)))
    with pytest.raises(IllegalAction) as raised:
        apply(single, PlayMoves((Move(24, 18, 6),)))
    assert str(raised.value) == "That play uses 1 die; you must play 2"
    assert (raised.value.code, raised.value.params) == ("play_length", {"used": 1, "most": 2})


def test_an_error_keeps_its_code_and_params_across_processes() -> None:
    """Errors are pickled on their way out of a worker process; the code and params travel with them."""
    import pickle

    sent = IllegalAction(
        "You have no 3 to play (left: 6 and 2)", code="no_die", params={"die": 3, "left": (6, 2)}
    )
    back = pickle.loads(pickle.dumps(sent))
    assert type(back) is IllegalAction and str(back) == str(sent)
    assert (back.code, back.params) == ("no_die", {"die": 3, "left": (6, 2)})
    other = pickle.loads(pickle.dumps(PositionError("not a Position ID", code="bad_position_id")))
    assert type(other) is PositionError and (other.code, other.params) == ("bad_position_id", {})
