"""The turn API the user interface drives: refusals in player words, drags, undo, no soft-locks.

The decisive property is the last one: completing turns step by step through
``Turn.legal_moves()`` reaches exactly the positions ``legal_plays`` lists, so
the screen can neither refuse a legal play nor allow an illegal one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.errors import IllegalAction, RulesError
from game.engine.moves import BAR_POINT, OFF, Move, legal_plays
from game.engine.position import Position
from game.engine.turn import Turn
from game.testing.sample import random_position


def build(
    me: Mapping[int, int], opp: Mapping[int, int] | None = None, *, me_bar: int = 0, opp_bar: int = 0
) -> Position:
    """A position from {point: count} dicts, both in the MOVER's point numbers (1..24)."""
    mine = [0] * 25
    theirs = [0] * 25
    for point, count in me.items():
        mine[point - 1] = count
    for point, count in (opp or {}).items():
        theirs[24 - point] = count
    mine[24] = me_bar
    theirs[24] = opp_bar
    return Position(tuple(mine), tuple(theirs))


START = Position.start()
TRAP = build({11: 1, 8: 1}, {3: 2})  # 6-5: 11/5 would leave the 5 unplayable
TRAP_SIX = build({12: 1, 9: 1}, {1: 2, 3: 2})  # 6-5: 12/7 would leave the 6 unplayable
HIGHER = build({14: 1, 24: 1}, {4: 2, 18: 2, 20: 2})  # 6-4: either die, not both
ON_BAR = build({13: 1}, {1: 2}, me_bar=1)
BEAR_OFF = build({6: 1, 2: 1}, {20: 2})
STRAGGLER = build({7: 1, 2: 1}, {20: 2})
BLOCKED = build({10: 1, 20: 1}, {7: 2, 16: 3})

# --------------------------------------------------------------------------- refusal reasons

REFUSALS = [
    ("bar first", ON_BAR, (6, 5), 13, 6, "Enter your checker from the bar first"),
    ("held point", BLOCKED, (3, 1), 10, 3, "Point 7 is held by your opponent"),
    (
        "held entry point",
        build({13: 1}, {20: 2}, me_bar=1),
        (6, 5),
        BAR_POINT,
        5,
        "Point 20 is held by your opponent",
    ),
    ("whole turn, the 5", TRAP, (6, 5), 11, 6, "That would leave your 5 unplayable: you must use both dice"),
    (
        "whole turn, the 6",
        TRAP_SIX,
        (6, 5),
        12,
        5,
        "That would leave your 6 unplayable: you must use both dice",
    ),
    ("higher die", HIGHER, (6, 4), 14, 4, "You must play the higher die"),
    ("higher die, dice low first", HIGHER, (4, 6), 14, 4, "You must play the higher die"),
    ("overshoot from a lower point", BEAR_OFF, (5, 4), 2, 5, "Bear off from your highest point first"),
    ("overshoot with the 4 too", BEAR_OFF, (5, 4), 2, 4, "Bear off from your highest point first"),
    ("not all home", STRAGGLER, (6, 2), 2, 2, "All your checkers must be home before bearing off"),
    ("no such die", START, (6, 5), 13, 3, "You have no 3 to play (left: 6 and 5)"),
    ("no checker there", START, (6, 5), 9, 6, "You have no checker on point 9"),
    ("no checker on the bar", START, (6, 5), BAR_POINT, 6, "You have no checker on the bar"),
]


@pytest.mark.parametrize(
    ("name", "pos", "dice", "src", "die", "reason"), REFUSALS, ids=[r[0] for r in REFUSALS]
)
def test_refusal_reasons(
    name: str, pos: Position, dice: tuple[int, int], src: int, die: int, reason: str
) -> None:
    turn = Turn(pos, dice)
    assert turn.explain(src, die) == reason
    with pytest.raises(IllegalAction) as raised:
        turn.step(src, die)
    assert str(raised.value) == reason
    assert isinstance(raised.value, RulesError) and isinstance(raised.value, ValueError)
    assert Move(src, max(src - die, 0), die, False) not in turn.legal_moves()


ACCEPTED = [
    ("the trap's good first moves", TRAP, (6, 5), [(8, 6), (11, 5)]),
    ("the 6-trap's good first moves", TRAP_SIX, (6, 5), [(12, 6), (9, 5)]),
    ("higher die", HIGHER, (6, 4), [(14, 6)]),
    ("entering", ON_BAR, (6, 5), [(BAR_POINT, 6), (BAR_POINT, 5)]),
    ("exact bear-off and moving down", BEAR_OFF, (5, 4), [(6, 5), (6, 4)]),
    ("coming home", STRAGGLER, (6, 2), [(7, 6), (7, 2)]),
]


@pytest.mark.parametrize(("name", "pos", "dice", "steps"), ACCEPTED, ids=[a[0] for a in ACCEPTED])
def test_accepted_first_steps_are_exactly_the_legal_moves(
    name: str, pos: Position, dice: tuple[int, int], steps: list[tuple[int, int]]
) -> None:
    turn = Turn(pos, dice)
    assert {(m.src, m.die) for m in turn.legal_moves()} == set(steps)
    for src, die in steps:
        assert turn.explain(src, die) is None
        assert turn.step(src, die).moves[-1].src == src
    assert turn.movable_points() == {src for src, _ in steps}


def test_after_a_complete_move_the_turn_says_press_done() -> None:
    turn = Turn(TRAP, (6, 5)).step(8, 6).step(11, 5)
    assert turn.is_complete and turn.remaining == ()
    assert turn.explain(6, 5) == "Your move is complete: press Done"
    with pytest.raises(IllegalAction, match="press Done"):
        turn.move_to(6, 1)


# --------------------------------------------------------------------------- soft-locks


def test_second_die_unplayable_completes_the_turn() -> None:
    """After the higher die, the 4 cannot be played: the turn must be finishable, not stuck."""
    turn = Turn(HIGHER, (6, 4)).step(14, 6)
    assert turn.remaining == (4,)
    assert turn.is_complete and turn.legal_moves() == []


def test_no_legal_move_at_all_is_complete_from_the_start() -> None:
    turn = Turn(build({14: 1, 24: 1}, {8: 2, 10: 2, 18: 2, 20: 2}), (6, 4))
    assert turn.most == 0 and turn.is_complete and turn.legal_moves() == []
    assert turn.movable_points() == set()


def test_partial_entering_completes_the_turn() -> None:
    turn = Turn(build({13: 1}, {20: 2}, me_bar=2), (6, 5))
    assert turn.most == 1
    assert turn.explain(13, 5) == "Enter your checker from the bar first"
    turn = turn.step(BAR_POINT, 6)
    assert turn.is_complete and turn.remaining == (5,)


def test_after_entering_the_other_die_must_be_played() -> None:
    turn = Turn(ON_BAR, (6, 5)).step(BAR_POINT, 6)
    assert not turn.is_complete
    assert {(m.src, m.dst) for m in turn.legal_moves()} == {(19, 14), (13, 8)}


@pytest.mark.parametrize(("block", "most"), [(12, 3), (14, 2), (16, 1), (18, 0)])
def test_doubles_turn_completes_after_as_many_moves_as_possible(block: int, most: int) -> None:
    turn = Turn(build({20: 1, 24: 1}, {22: 2, block: 2}), (2, 2))
    assert turn.most == most
    for _ in range(most):
        assert not turn.is_complete
        turn = turn.step(turn.legal_moves()[0].src, 2)
    assert turn.is_complete and len(turn.remaining) == 4 - most and turn.legal_moves() == []


# --------------------------------------------------------------------------- move_to: the drag rule


def test_single_die_drag() -> None:
    turn = Turn(START, (6, 5)).move_to(13, 7)
    assert turn.moves == (Move(13, 7, 6, False),)
    assert turn.remaining == (5,)


def test_two_dice_drag_plays_the_higher_die_first() -> None:
    turn = Turn(START, (6, 5)).move_to(24, 13)
    assert turn.moves == (Move(24, 18, 6, False), Move(18, 13, 5, False))
    assert turn.is_complete


def test_two_dice_drag_goes_around_a_closed_landing_point() -> None:
    pos = build({10: 1, 24: 1}, {7: 2, 21: 2, 23: 2})
    assert Turn(pos, (3, 1)).move_to(10, 6).moves == (Move(10, 9, 1, False), Move(9, 6, 3, False))


def test_drag_that_hits_in_passing() -> None:
    """The higher die first lands on the blot on 7: the drag hits it on the way."""
    pos = build({10: 1, 24: 1}, {7: 1, 21: 2, 23: 2})
    turn = Turn(pos, (3, 1)).move_to(10, 6)
    assert turn.moves == (Move(10, 7, 3, True), Move(7, 6, 1, False))
    assert turn.position.opp[24] == 1
    # Step by step the player can still go round without hitting.
    quiet = Turn(pos, (3, 1)).step(10, 1).step(9, 3)
    assert quiet.position.opp[24] == 0 and quiet.is_complete


def test_doubles_drag_uses_as_many_moves_as_the_distance_needs() -> None:
    turn = Turn(build({20: 2}, {1: 2}), (2, 2)).move_to(20, 14)
    assert turn.moves == (Move(20, 18, 2, False), Move(18, 16, 2, False), Move(16, 14, 2, False))
    assert turn.remaining == (2,)
    assert Turn(build({20: 2}, {1: 2}), (2, 2)).targets(20) == {18, 16, 14, 12}


def test_drag_from_the_bar_enters_then_moves() -> None:
    turn = Turn(ON_BAR, (6, 5)).move_to(BAR_POINT, 14)
    assert turn.moves == (Move(BAR_POINT, 19, 6, False), Move(19, 14, 5, False))


def test_bear_off_by_drag_uses_the_exact_die_or_the_smallest_that_is_enough() -> None:
    exact = Turn(build({6: 1, 4: 1}, {19: 3}), (6, 4))
    assert exact.move_to(4, OFF).moves == (Move(4, OFF, 4, False),)
    assert exact.move_to(6, OFF).moves == (Move(6, OFF, 6, False),)
    smallest = Turn(build({3: 1, 1: 1}, {20: 2}), (5, 4))
    assert smallest.move_to(3, OFF).moves == (Move(3, OFF, 4, False),)


def test_bear_off_by_drag_with_two_dice() -> None:
    """8/off with 6-2: both ways use two dice and eight pips, so the higher die goes first."""
    turn = Turn(build({8: 1, 2: 3}, {20: 2}), (6, 2)).move_to(8, OFF)
    assert turn.moves == (Move(8, 2, 6, False), Move(2, OFF, 2, False))


DRAG_REFUSALS = [
    ("backwards", START, (6, 5), 13, 14, "Checkers move toward your home board (lower point numbers)"),
    ("onto a held point", BLOCKED, (3, 1), 10, 7, "Point 7 is held by your opponent"),
    ("whole-turn trap", TRAP, (6, 5), 11, 5, "That would leave your 5 unplayable: you must use both dice"),
    ("lower die when only one", HIGHER, (6, 4), 14, 10, "You must play the higher die"),
    (
        "off with a straggler out",
        STRAGGLER,
        (6, 2),
        2,
        OFF,
        "All your checkers must be home before bearing off",
    ),
    ("off from a lower point", BEAR_OFF, (5, 4), 2, OFF, "Bear off from your highest point first"),
    ("bar first", ON_BAR, (6, 5), 13, 7, "Enter your checker from the bar first"),
    ("too far", START, (2, 1), 13, 6, "No combination of your dice moves a checker from point 13 to point 6"),
]


@pytest.mark.parametrize(
    ("name", "pos", "dice", "src", "dst", "reason"), DRAG_REFUSALS, ids=[d[0] for d in DRAG_REFUSALS]
)
def test_drag_refusals(
    name: str, pos: Position, dice: tuple[int, int], src: int, dst: int, reason: str
) -> None:
    turn = Turn(pos, dice)
    assert dst not in turn.targets(src)
    with pytest.raises(IllegalAction) as raised:
        turn.move_to(src, dst)
    assert str(raised.value) == reason


# --------------------------------------------------------------------------- undo


def test_undo_takes_back_one_move_at_a_time() -> None:
    first = Turn(START, (6, 5))
    second = first.step(24, 6)
    third = second.step(18, 5)
    assert third.is_complete
    assert third.undo() == second and third.undo().position == second.position
    assert third.undo().remaining == (5,)
    assert third.undo().undo() == first and first.undo() == first
    assert third.undo().undo().position == START
    # A multi-die drag is undone move by move.
    dragged = first.move_to(24, 13)
    assert dragged.undo() == second


# --------------------------------------------------------------------------- whole turns == legal_plays


def reachable(turn: Turn) -> set[Position]:
    """Every position a player can end the turn in, clicking legal steps until complete."""
    ends: set[Position] = set()
    seen: set[tuple[Position, tuple[int, ...]]] = set()
    frontier = [turn]
    while frontier:
        current = frontier.pop()
        key = (current.position, tuple(sorted(current.remaining)))
        if key in seen:
            continue
        seen.add(key)
        moves = current.legal_moves()
        if current.is_complete:
            assert moves == [], "a complete turn still offers moves"
            ends.add(current.position)
            continue
        assert moves, "soft-lock: the turn is not complete but nothing can be moved"
        for move in moves:
            frontier.append(current.step(move.src, move.die))
    return ends


def check_turn_matches_legal_plays(pos: Position, dice: tuple[int, int]) -> None:
    plays = legal_plays(pos, dice)
    turn = Turn(pos, dice)
    expected = {p.position for p in plays} or {pos}
    assert reachable(turn) == expected, f"{pos.position_id()} dice {dice}"
    assert turn.most == (len(plays[0].moves) if plays else 0)


def test_turns_reach_exactly_the_legal_plays_on_seeded_positions() -> None:
    rng = random.Random(2026)
    for n in range(150):
        pos = random_position(rng)
        d = rng.randint(1, 6)
        dice = (d, d) if n % 4 == 0 else (rng.randint(1, 6), rng.randint(1, 6))
        check_turn_matches_legal_plays(pos, dice)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.tuples(st.integers(1, 6), st.integers(1, 6)))
def test_turns_reach_exactly_the_legal_plays(seed: int, dice: tuple[int, int]) -> None:
    check_turn_matches_legal_plays(random_position(random.Random(seed)), dice)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.tuples(st.integers(1, 6), st.integers(1, 6)))
def test_every_drag_target_leads_to_a_legal_play(seed: int, dice: tuple[int, int]) -> None:
    """paths()/move_to() only offer drops after which the turn can still be completed legally."""
    pos = random_position(random.Random(seed))
    legal = {p.position for p in legal_plays(pos, dice)} or {pos}
    turn = Turn(pos, dice)
    for src in turn.movable_points():
        paths = turn.paths(src)
        assert set(paths) == turn.targets(src)
        for dst, steps in paths.items():
            moved = turn.move_to(src, dst)
            assert moved.moves == steps and steps[-1].dst == dst
            # Fewest dice: no shorter path reaches dst.
            assert all(len(other) >= len(steps) for d2, other in paths.items() if d2 == dst)
            assert reachable(moved) <= legal
