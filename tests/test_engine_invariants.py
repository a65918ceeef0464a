"""What every transition of the game flow must carry over, and the fast checks agreeing with the rules.

Mutation testing showed that no fast test followed a game's context (match rules, score, Crawford
flag, cube, opening roll, last play) through every kind of transition, nor checked ``PlayMoves``'
own quick board bookkeeping (``board_move``, ``_after``) against the move generator except in the
slow soak tests. Every check here runs the engine at test time (data built at import time would
not see a mutant).
"""

from __future__ import annotations

import random

from game.engine.cube import Cube
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
from game.engine.matchid import MatchInfo, encode_match_id, state_from_ids
from game.engine.moves import OFF, Move, apply_move, legal_plays, single_moves
from game.engine.notation import format_play, parse_play
from game.engine.position import Position
from game.engine.sample import random_position
from game.engine.scoring import WinKind
from game.engine.serialize import check_game_in_match


def side(points: dict[int, int]) -> tuple[int, ...]:
    """A side's 25 counts from {own point: count}; point 25 is the bar."""
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] = n
    return tuple(counts)


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
    assert parse_play("24/13", Position.start(), (6, 5)) == (Move(24, 18, 6), Move(18, 13, 5))
    assert parse_play("24/13", Position.start(), (5, 6)) == (Move(24, 18, 6), Move(18, 13, 5))


def test_a_journey_repeated_four_times() -> None:
    assert parse_play("13/7(4)", Position.start(), (6, 6)) == (Move(13, 7, 6),) * 4


def test_plays_are_written_from_the_highest_start_then_the_highest_end() -> None:
    assert format_play((Move(13, 9, 4), Move(24, 20, 4), Move(20, 16, 4), Move(16, 12, 4))) == "24/12 13/9"
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
