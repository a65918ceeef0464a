"""The game flow: phases, the opening roll, the cube, moving, ending the turn, ending the game."""

from __future__ import annotations

import pytest

from game.engine.cube import Cube
from game.engine.errors import IllegalAction
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
    new_game,
)
from game.engine.moves import Move, legal_plays
from game.engine.position import Position
from game.engine.scoring import WinKind


def side(points: dict[int, int]) -> tuple[int, ...]:
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] += n
    return tuple(counts)


def pos(me: dict[int, int], opp: dict[int, int]) -> Position:
    """A position from the mover's own point numbers and the opponent's own ones (25 = bar)."""
    return Position(side(me), side(opp))


def rolling(position: Position, turn: int = 0, cube: Cube | None = None, **kw: object) -> GameState:
    """A state in the ROLL phase with ``position`` seen from ``turn``."""
    return GameState(phase=Phase.ROLL, position=position, turn=turn, cube=cube or Cube(), **kw)  # type: ignore[arg-type]


def after_opening(d0: int = 3, d1: int = 1) -> GameState:
    return apply(new_game(), OpeningRoll(d0, d1))


# -- opening ---------------------------------------------------------------------------------


@pytest.mark.parametrize("die", range(1, 7))
def test_opening_tie_is_rolled_again(die: int) -> None:
    state = apply(new_game(), OpeningRoll(die, die))
    assert state.phase is Phase.OPENING
    assert state.opening == (die, die)
    assert state.dice is None


@pytest.mark.parametrize(
    ("d0", "d1", "first", "dice"),
    [(6, 1, 0, (6, 1)), (1, 6, 1, (6, 1)), (3, 5, 1, (5, 3)), (2, 1, 0, (2, 1)), (4, 5, 1, (5, 4))],
)
def test_opening_winner_plays_both_numbers(d0: int, d1: int, first: int, dice: tuple[int, int]) -> None:
    state = apply(new_game(), OpeningRoll(d0, d1))
    assert state.phase is Phase.MOVING
    assert state.turn == first
    assert state.dice == dice
    assert state.dice[0] != state.dice[1]  # the first play is never a double
    assert state.opening == (d0, d1)
    assert state.position == Position.start()


def test_opening_refuses_bad_dice_and_other_actions() -> None:
    for bad in [OpeningRoll(0, 3), OpeningRoll(7, 1), OpeningRoll(True, 2)]:
        with pytest.raises(IllegalAction):
            apply(new_game(), bad)
    for action in [Roll((3, 1)), Double(), Take(), Pass(), Step(8, 3), EndTurn(), Undo()]:
        with pytest.raises(IllegalAction, match="opening"):
            apply(new_game(), action)


# -- doubling -------------------------------------------------------------------------------


def test_double_only_before_rolling() -> None:
    state = rolling(Position.start())
    assert Double in state.legal_actions()
    offered = apply(state, Double())
    assert offered.phase is Phase.CUBE_OFFERED and offered.turn == 0 and offered.answering == 1
    moving = apply(state, Roll((3, 1)))
    assert Double not in moving.legal_actions()
    with pytest.raises(IllegalAction, match="before rolling"):
        apply(moving, Double())
    with pytest.raises(IllegalAction, match="take or pass"):
        apply(offered, Roll((3, 1)))


@pytest.mark.parametrize(
    ("cube", "turn", "crawford", "allowed"),
    [
        (Cube(), 0, False, True),
        (Cube(), 1, False, True),
        (Cube(2, 1), 1, False, True),
        (Cube(2, 1), 0, False, False),
        (Cube(64, 0), 0, False, False),
        (Cube(), 0, True, False),
    ],
)
def test_double_needs_owner_or_centre(cube: Cube, turn: int, crawford: bool, allowed: bool) -> None:
    state = GameState(
        phase=Phase.ROLL,
        position=Position.start(),
        turn=turn,
        cube=cube,
        crawford=crawford,
        rules=Rules(match_length=5) if crawford else Rules(),
    )
    assert (Double in state.legal_actions()) == allowed
    if allowed:
        assert apply(state, Double()).phase is Phase.CUBE_OFFERED
    else:
        with pytest.raises(IllegalAction):
            apply(state, Double())


@pytest.mark.parametrize(("value", "doubler"), [(1, 0), (1, 1), (2, 0), (8, 1), (32, 0)])
def test_take_doubles_and_gives_ownership(value: int, doubler: int) -> None:
    cube = Cube() if value == 1 else Cube(value, doubler)
    state = apply(apply(rolling(Position.start(), turn=doubler, cube=cube), Double()), Take())
    assert state.phase is Phase.ROLL
    assert state.turn == doubler  # the doubler rolls next
    assert state.cube == Cube(value * 2, 1 - doubler)
    # the taker now owns it: the doubler may not redouble
    assert Double not in state.legal_actions()


@pytest.mark.parametrize(("value", "doubler"), [(1, 0), (1, 1), (2, 1), (16, 0)])
def test_pass_scores_the_stake_before_the_double(value: int, doubler: int) -> None:
    cube = Cube() if value == 1 else Cube(value, doubler)
    state = apply(apply(rolling(Position.start(), turn=doubler, cube=cube), Double()), Pass())
    assert state.phase is Phase.GAME_OVER
    assert state.result is not None
    assert state.result.winner == doubler and state.turn == doubler
    assert state.result.points == value and state.result.cube == value
    assert state.result.kind is WinKind.SINGLE and state.result.passed
    assert state.legal_actions() == frozenset()


def test_pass_in_a_match_is_capped() -> None:
    state = GameState(
        phase=Phase.ROLL,
        position=Position.start(),
        turn=1,
        cube=Cube(4, 1),
        rules=Rules(match_length=7),
        score=(0, 5),
    )
    over = apply(apply(state, Double()), Pass())
    assert over.result is not None and over.result.points == 2


def test_redouble_cycle_up_to_64() -> None:
    state = rolling(Position.start())
    for expected in [2, 4, 8, 16, 32, 64]:
        state = apply(apply(state, Double()), Take())
        assert state.cube.value == expected
        # hand the turn to the taker (the owner) by playing a turn
        # the taker (the owner) plays a turn, then the cube goes back the other way
        state = _finish(apply(state, Roll((2, 1))))
        assert Double in state.legal_actions() or state.cube.value == 64
    assert state.cube.value == 64
    with pytest.raises(IllegalAction, match="64"):
        apply(state, Double())


def _finish(state: GameState) -> GameState:
    plays = legal_plays(state.position, state.dice or (1, 1))
    return apply(apply(state, PlayMoves(plays[0].moves if plays else ())), EndTurn())


# -- moving ---------------------------------------------------------------------------------


def test_end_turn_refused_before_the_play_is_complete() -> None:
    state = after_opening(3, 1)
    assert EndTurn not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Finish your move"):
        apply(state, EndTurn())
    state = apply(state, Step(8, 3))
    with pytest.raises(IllegalAction, match="Finish your move: you still have 1"):
        apply(state, EndTurn())
    state = apply(state, Step(6, 1))
    assert EndTurn in state.legal_actions()
    done = apply(state, EndTurn())
    assert done.phase is Phase.ROLL and done.turn == 1
    assert done.last_player == 0 and [m[:2] for m in done.last_play] == [(8, 5), (6, 5)]
    assert done.position == state.position.flip()
    assert done.board_for(0) == state.position


def test_turn_with_no_legal_play_can_be_ended() -> None:
    # mover on the bar against a closed board: nothing can be played
    closed = pos({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    state = apply(rolling(closed), Roll((6, 5)))
    assert state.phase is Phase.MOVING
    assert state.turn_state().most == 0 and state.turn_state().is_complete
    assert EndTurn in state.legal_actions()
    done = apply(state, EndTurn())
    assert done.phase is Phase.ROLL and done.turn == 1 and done.last_play == ()
    assert done.position == closed.flip()
    # PlayMoves with nothing is the same thing for the computer
    assert apply(apply(state, PlayMoves(())), EndTurn()) == done


def test_undo_takes_back_moves_of_this_turn_only() -> None:
    state = after_opening(6, 5)
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        apply(state, Undo())
    moved = apply(state, Step(24, 6))
    back = apply(moved, Undo())
    assert back.position == state.position and back.moves == ()
    assert back == state


def test_move_to_uses_both_dice() -> None:
    state = after_opening(6, 5)
    moved = apply(state, MoveTo(24, 13))
    assert moved.turn_state().is_complete
    assert [(m.src, m.dst) for m in moved.moves] == [(24, 18), (18, 13)]


def test_steps_refused_with_reasons() -> None:
    state = after_opening(6, 5)
    with pytest.raises(IllegalAction, match="no checker"):
        apply(state, Step(20, 6))
    with pytest.raises(IllegalAction, match="no 4"):
        apply(state, Step(8, 4))
    with pytest.raises(IllegalAction, match="held by your opponent"):
        apply(state, Step(6, 5))  # my 1 point is the opponent's 24: two checkers there
    with pytest.raises(IllegalAction):
        apply(state, Roll((1, 2)))


def test_play_moves_accepts_every_legal_play_and_refuses_short_ones() -> None:
    state = after_opening(6, 5)
    for play in legal_plays(state.position, (6, 5)):
        after = apply(state, PlayMoves(play.moves))
        assert after.position == play.position and after.turn_state().is_complete
    with pytest.raises(IllegalAction, match="must play 2"):
        apply(state, PlayMoves((Move(24, 18, 6),)))
    with pytest.raises(IllegalAction):
        apply(state, PlayMoves((Move(24, 18, 6), Move(24, 18, 6))))
    with pytest.raises(IllegalAction):
        apply(state, PlayMoves((Move(24, 20, 4),)))


def test_play_moves_enforces_the_higher_die() -> None:
    # Only one die can be played; both could be on their own: the higher (6) must be played.
    # one checker on 24; the opponent holds my 16 (his 9): 24/18 or 24/22, never both
    position = pos({24: 1}, {9: 2, 6: 13})
    state = apply(rolling(position), Roll((6, 2)))
    plays = legal_plays(position, (6, 2))
    assert all(p.moves[0].die == 6 for p in plays)
    for play in plays:
        apply(state, PlayMoves(play.moves))
    with pytest.raises(IllegalAction, match="higher die"):
        apply(state, PlayMoves((Move(24, 22, 2),)))


def test_bearing_off_the_fifteenth_checker_ends_the_game() -> None:
    position = pos({1: 1}, {19: 1, 6: 14})
    state = apply(rolling(position, turn=1), Roll((6, 5)))
    over = apply(state, Step(1, 6))
    assert over.phase is Phase.GAME_OVER and over.turn == 1
    assert over.result is not None
    assert over.result.winner == 1 and over.result.kind is WinKind.BACKGAMMON and over.result.points == 3
    assert over.last_player == 1 and over.last_play[0][:2] == (1, 0)
    for action in [EndTurn(), Undo(), Roll((1, 1)), Double(), Step(1, 5)]:
        with pytest.raises(IllegalAction, match="over"):
            apply(over, action)


@pytest.mark.parametrize(
    ("loser", "kind", "cube", "points"),
    [
        ({6: 1}, WinKind.SINGLE, Cube(), 1),
        ({6: 15}, WinKind.GAMMON, Cube(), 2),
        ({6: 14, 25: 1}, WinKind.BACKGAMMON, Cube(), 3),
        ({6: 14, 20: 1}, WinKind.BACKGAMMON, Cube(2, 0), 6),
        ({6: 15}, WinKind.GAMMON, Cube(4, 1), 8),
    ],
)
def test_final_bear_off_scores(loser: dict[int, int], kind: WinKind, cube: Cube, points: int) -> None:
    state = apply(rolling(pos({2: 1, 1: 1}, loser), cube=cube), Roll((2, 1)))
    over = apply(state, PlayMoves((Move(2, 0, 2), Move(1, 0, 1))))
    assert over.result is not None
    assert (over.result.kind, over.result.points, over.result.cube) == (kind, points, cube.value)


@pytest.mark.parametrize(
    ("rules", "score", "cube", "points"),
    [
        (Rules(), (0, 0), Cube(), 2),  # money, no Jacoby: gammon counts
        (Rules(jacoby=True), (0, 0), Cube(), 1),  # Jacoby: centred -> single
        (Rules(jacoby=True), (0, 0), Cube(2, 1), 4),  # Jacoby: doubled -> gammon counts
        (Rules(match_length=5, jacoby=True), (0, 0), Cube(), 2),  # no Jacoby in matches
        (Rules(match_length=5), (4, 0), Cube(), 1),  # capped at the point needed
        (Rules(match_length=5), (2, 4), Cube(2, 0), 3),
    ],
)
def test_jacoby_and_match_cap(rules: Rules, score: tuple[int, int], cube: Cube, points: int) -> None:
    state = GameState(phase=Phase.ROLL, position=pos({1: 1}, {6: 15}), cube=cube, rules=rules, score=score)
    over = apply(apply(state, Roll((3, 2))), Step(1, 3))
    assert over.result is not None and over.result.points == points


def test_state_is_immutable_and_apply_is_pure() -> None:
    state = after_opening(4, 2)
    before = (state.position, state.moves, state.phase)
    apply(state, Step(8, 4))
    assert (state.position, state.moves, state.phase) == before
    with pytest.raises(AttributeError):
        state.turn = 1  # type: ignore[misc]


def test_moving_state_rebuilt_from_fields_equals_original() -> None:
    """A MOVING state built without its cached Turn (e.g. from a save) reconstructs it."""
    state = apply(apply(after_opening(6, 4), Step(24, 6)), Step(18, 4))
    rebuilt = GameState(
        phase=state.phase,
        position=state.position,
        turn=state.turn,
        dice=state.dice,
        moves=state.moves,
        opening=state.opening,
    )
    assert rebuilt == state
    assert rebuilt.turn_state().start == Position.start()
    assert rebuilt.turn_state().is_complete


def test_play_moves_accepts_the_lower_die_when_it_gives_the_same_result() -> None:
    """Last checker on the 1-point with 6-2: either die bears it off; the result is the same play."""
    state = apply(rolling(pos({1: 1}, {6: 15})), Roll((6, 2)))
    over = apply(state, PlayMoves((Move(1, 0, 2),)))
    assert over.phase is Phase.GAME_OVER and over.result is not None and over.result.kind is WinKind.GAMMON


def test_board_move_agrees_with_single_moves() -> None:
    """``board_move`` (the fast check behind PlayMoves) accepts exactly what ``single_moves`` lists."""
    import random as _random

    from game.engine.flow import board_move
    from game.engine.moves import single_moves
    from game.testing.sample import random_position

    rng = _random.Random(11)
    for _ in range(400):
        position = random_position(rng)
        for die in range(1, 7):
            listed = {(m.src, m.dst): m for m in single_moves(position, die)}
            for src in range(1, 26):
                for dst in range(0, 25):
                    got = board_move(position, src, dst, die)
                    assert got == listed.get((src, dst)), (position.position_id(), src, dst, die)


def test_a_stale_turn_in_progress_is_refused() -> None:
    """dataclasses.replace() with a new board but the old turn would desynchronise the game: refused."""
    import dataclasses

    from game.engine.errors import RulesError

    state = apply(after_opening(6, 5), Step(24, 6))
    with pytest.raises(RulesError, match="does not match"):
        dataclasses.replace(state, position=state.position.flip())
    with pytest.raises(RulesError, match="does not match"):
        dataclasses.replace(state, dice=(4, 4))
    with pytest.raises(RulesError, match="only a turn being moved"):
        dataclasses.replace(state, phase=Phase.ROLL, dice=None)
    # replacing something unrelated keeps the turn
    assert dataclasses.replace(state, score=(1, 1)).turn_state() is state.turn_state()


def test_legal_actions_per_phase() -> None:
    assert new_game().legal_actions() == frozenset({OpeningRoll})
    state = after_opening(6, 5)
    assert state.legal_actions() == frozenset({Step, MoveTo, PlayMoves})
    state = apply(state, Step(24, 6))
    assert state.legal_actions() == frozenset({Step, MoveTo, PlayMoves, Undo})
    state = apply(state, Step(18, 5))
    assert state.legal_actions() == frozenset({EndTurn, PlayMoves, Undo})
    rolled = apply(state, EndTurn())
    assert rolled.legal_actions() == frozenset({Roll, Double})
    assert apply(rolled, Double()).legal_actions() == frozenset({Take, Pass})


def test_roll_for_matches_the_phase() -> None:
    import random as _random

    from game.engine.flow import roll_for

    rng = _random.Random(1)
    assert isinstance(roll_for(new_game(), rng), OpeningRoll)
    assert isinstance(roll_for(rolling(Position.start()), rng), Roll)
    # playing the opening with roll_for always ends in MOVING with a non-double
    for seed in range(200):
        rng = _random.Random(seed)
        state = new_game()
        while state.phase is Phase.OPENING:
            state = apply(state, roll_for(state, rng))
        assert state.dice is not None and state.dice[0] > state.dice[1]


def test_bad_action_values_are_refused_cleanly() -> None:
    state = after_opening(6, 5)
    for action in [Step("8", 6), Step(8, None), MoveTo(30, 1), MoveTo(8, -1), PlayMoves("24/18")]:  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            apply(state, action)
    with pytest.raises(IllegalAction):
        apply(state, PlayMoves(((24, "18", 6),)))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        apply(state, "EndTurn")  # type: ignore[arg-type]
    rolling_state = rolling(Position.start())
    for dice in [(0, 1), (1, 7), (1,), (1, 2, 3), [3, 1], (True, 2)]:
        with pytest.raises(IllegalAction):
            apply(rolling_state, Roll(dice))  # type: ignore[arg-type]
