"""Legal plays, one table per rule (moving, hitting and entering, bearing off), plus Hypothesis properties.

Positions are written as ``{point: count}`` dicts in the mover's point numbers
(the opponent's checkers too, so "opp={5: 2}" means the opponent holds the
mover's 5-point); expected plays are written as players write them. The moves
of an expected play are applied by :func:`after`, a few lines of board
arithmetic that share nothing with the engine, and the test compares the SET of
resulting positions: two move orders that reach one position are one play.
The bugs common in open backgammon projects each have a case here (see the names): per-die checks
without the whole-turn rule, bear-off overshoot wrong either way, a second die that cannot be played,
16 or 17 checkers a side.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.errors import RulesError
from game.engine.moves import (
    BAR_POINT,
    OFF,
    Move,
    apply_move,
    check_dice,
    dice_to_play,
    legal_plays,
    max_dice_playable,
    single_moves,
)
from game.engine.position import Position
from game.testing.reference import reference_plays
from game.testing.sample import random_position

# --------------------------------------------------------------------------- helpers


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


def after(pos: Position, play: str) -> Position:
    """Apply moves written like ``"bar/20* 13/7 6/off"`` with plain board arithmetic.

    Each token is one checker moved by one die. A ``*`` must be written exactly
    when the move hits a blot, so the tables double as documentation.
    """
    me = list(pos.me)
    opp = list(pos.opp)
    for token in play.split():
        marked = token.endswith("*")
        src_text, dst_text = token.rstrip("*").split("/")
        src = 24 if src_text == "bar" else int(src_text) - 1
        assert me[src] > 0, f"{play}: no checker on {src_text}"
        me[src] -= 1
        if dst_text == "off":
            assert not marked, token
            continue
        dst = int(dst_text)
        facing = 24 - dst
        assert opp[facing] < 2, f"{play}: point {dst} is held"
        assert (opp[facing] == 1) == marked, f"{play}: {token} hit marker is wrong"
        if opp[facing] == 1:
            opp[facing] = 0
            opp[24] += 1
        me[dst - 1] += 1
    return Position(tuple(me), tuple(opp))


def results(pos: Position, dice: tuple[int, int]) -> set[Position]:
    """The distinct positions legal_plays reaches; also asserts that none is listed twice."""
    plays = legal_plays(pos, dice)
    found = {p.position for p in plays}
    assert len(found) == len(plays), "a resulting position is listed twice"
    return found


@dataclass(frozen=True)
class Case:
    """One table row: a position, a roll, every legal play (as written), the dice each play uses."""

    name: str
    pos: Position
    dice: tuple[int, int]
    plays: frozenset[str]
    used: int

    def __str__(self) -> str:
        return self.name


def case(name: str, pos: Position, dice: tuple[int, int], used: int, *plays: str) -> Case:
    return Case(name, pos, dice, frozenset(plays), used)


def check(c: Case) -> None:
    """The engine's plays reach exactly the expected positions, each with ``used`` moves."""
    expected = {after(c.pos, p) for p in c.plays}
    assert len(expected) == len(c.plays), "the table itself lists one result twice"
    assert results(c.pos, c.dice) == expected
    for play in legal_plays(c.pos, c.dice):
        assert len(play.moves) == c.used
    # The slow reference generator agrees on every table row too.
    assert reference_plays(c.pos, c.dice) == expected


def ids(cases: list[Case]) -> list[str]:
    return [c.name for c in cases]


# --------------------------------------------------------------------------- set-up

START = Position.start()


def test_start_position_is_2_5_3_5_for_both_sides() -> None:
    layout = {24: 2, 13: 5, 8: 3, 6: 5}
    assert build(layout, {25 - p: n for p, n in layout.items()}) == START
    assert sum(START.me) == sum(START.opp) == 15
    assert START.my_off == START.opp_off == 0
    assert START.pips() == (167, 167)
    assert START.flip() == START
    assert START.position_id() == "4HPwATDgc/ABMA"


@pytest.mark.parametrize("extra", [1, 2])
def test_sixteen_or_seventeen_checkers_are_rejected(extra: int) -> None:
    """The seed 000 slip (six on the 6-point) would make 16; the engine refuses it."""
    with pytest.raises(RulesError, match=f"{15 + extra} checkers"):
        build({24: 2, 13: 5, 8: 3, 6: 5 + extra}, {1: 2})
    with pytest.raises(RulesError, match=f"{15 + extra} checkers"):
        build({6: 1}, {24: 2, 13: 5 + extra, 8: 3, 6: 5})


# --------------------------------------------------------------------------- moving

MOVING = [
    case(
        "each die moves one checker, either order",
        build({10: 1, 20: 1}, {1: 2}),
        (3, 1),
        2,
        "10/7 7/6",
        "10/7 20/19",
        "10/9 20/17",
        "20/17 17/16",
    ),
    case(
        "a point held by two or more is closed",
        build({10: 1, 20: 1}, {7: 2, 16: 3}),
        (3, 1),
        2,
        "20/17 10/9",
        "10/9 9/6",
    ),
    case(
        "one checker takes both dice through the open landing point",
        build({10: 1, 24: 1}, {7: 2, 21: 2, 23: 2}),
        (3, 1),
        2,
        "10/9 9/6",
    ),
    case(
        "one checker may not take both dice when both landing points are closed",
        build({10: 1, 24: 1}, {7: 2, 9: 2, 21: 2, 23: 2}),
        (3, 1),
        0,
    ),
    case(
        "doubles: four moves of one checker",
        build({20: 1, 24: 1}, {22: 2}),
        (2, 2),
        4,
        "20/18 18/16 16/14 14/12",
    ),
    case(
        "doubles: four moves shared by two checkers",
        build({20: 2}, {1: 2}),
        (2, 2),
        4,
        "20/18 18/16 16/14 14/12",
        "20/18 18/16 16/14 20/18",
        "20/18 18/16 20/18 18/16",
    ),
    case(
        "doubles: four moves by one to four checkers",
        build({20: 4}, {1: 2}),
        (1, 1),
        4,
        "20/19 19/18 18/17 17/16",
        "20/19 19/18 18/17 20/19",
        "20/19 19/18 20/19 19/18",
        "20/19 19/18 20/19 20/19",
        "20/19 20/19 20/19 20/19",
    ),
    case(
        "6-6: a checker runs 24 points and comes home to bear off with the last 6",
        build({24: 1}, {1: 2}),
        (6, 6),
        4,
        "24/18 18/12 12/6 6/off",
    ),
    case(
        "whole-turn rule: 11/5 would leave the 5 unplayable, so only 11/6 8/2",
        build({11: 1, 8: 1}, {3: 2}),
        (6, 5),
        2,
        "11/6 8/2",
    ),
    case(
        "either die but not both: the higher one",
        build({14: 1, 24: 1}, {4: 2, 18: 2, 20: 2}),
        (6, 4),
        1,
        "14/8",
    ),
    case(
        "either die but not both, dice given low first: still the higher",
        build({14: 1, 24: 1}, {4: 2, 18: 2, 20: 2}),
        (4, 6),
        1,
        "14/8",
    ),
    case(
        "only the lower die can be played: that one",
        build({14: 1, 24: 1}, {4: 2, 8: 2, 18: 2, 20: 2}),
        (6, 4),
        1,
        "14/10",
    ),
    case(
        "only the higher die can be played: that one",
        build({14: 1, 24: 1}, {4: 2, 10: 2, 18: 2, 20: 2}),
        (6, 4),
        1,
        "14/8",
    ),
    case(
        "no die can be played: the turn is lost",
        build({14: 1, 24: 1}, {8: 2, 10: 2, 18: 2, 20: 2}),
        (6, 4),
        0,
    ),
]


@pytest.mark.parametrize("c", MOVING, ids=ids(MOVING))
def test_moving(c: Case) -> None:
    check(c)


@pytest.mark.parametrize(
    ("block", "used", "play"),
    [
        (12, 3, "20/18 18/16 16/14"),
        (14, 2, "20/18 18/16"),
        (16, 1, "20/18"),
        (18, 0, ""),
    ],
)
def test_doubles_play_as_many_of_the_four_moves_as_possible(block: int, used: int, play: str) -> None:
    """A double is played 1, 2, 3 times (or not at all) when a closed point stops the only mover."""
    pos = build({20: 1, 24: 1}, {22: 2, block: 2})
    check(case(f"2-2 blocked at {block}", pos, (2, 2), used, *([play] if play else [])))
    assert max_dice_playable(pos, (2, 2, 2, 2)) == used


ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]


@pytest.mark.parametrize("dice", ROLLS, ids=[f"{a}-{b}" for a, b in ROLLS])
def test_every_roll_from_the_start_is_fully_playable(dice: tuple[int, int]) -> None:
    """Sixes (and every other number) are playable: a generator that drops 6s fails here."""
    plays = legal_plays(START, dice)
    a, b = dice
    assert plays
    assert all(len(p.moves) == (4 if a == b else 2) for p in plays)
    assert {p.position for p in plays} == reference_plays(START, dice)
    used = {m.die for p in plays for m in p.moves}
    assert used == {a, b}
    if 6 in dice:
        sixes = {(m.src, m.dst) for p in plays for m in p.moves if m.die == 6}
        assert {(24, 18), (13, 7), (8, 2)} <= sixes


def test_start_6_5_includes_the_lovers_leap_and_13_7_13_8() -> None:
    found = results(START, (6, 5))
    assert after(START, "24/18 18/13") in found
    assert after(START, "13/7 13/8") in found
    assert after(START, "24/18 13/8") in found
    assert after(START, "8/2 8/3") in found
    # 6/1 is not: the opponent holds the mover's 1-point (the opponent's 24-point).
    assert all(m.dst != 1 for p in legal_plays(START, (6, 5)) for m in p.moves)
    assert len(found) == len(reference_plays(START, (6, 5)))


# --------------------------------------------------------------------------- hitting, the bar, entering

BAR = [
    case(
        "a checker landing on a blot hits it; hitting in passing is its own result",
        build({10: 1, 24: 1}, {7: 1, 21: 2, 23: 2}),
        (3, 1),
        2,
        "10/7* 7/6",
        "10/9 9/6",
    ),
    case(
        "nothing else moves until every bar checker has entered",
        build({13: 1}, {1: 2}, me_bar=2),
        (6, 5),
        2,
        "bar/19 bar/20",
    ),
    case(
        "a die n enters on point 25 - n, hitting a blot there",
        build({13: 1}, {19: 2, 20: 1}, me_bar=1),
        (6, 5),
        2,
        "bar/20* 20/14",
        "bar/20* 13/7",
    ),
    case(
        "after the last bar checker enters, the other die must be played",
        build({13: 1}, {1: 2}, me_bar=1),
        (6, 5),
        2,
        "bar/19 19/14",
        "bar/19 13/8",
        "bar/20 13/7",
    ),
    case(
        "only one of two bar checkers can enter: the rest of the turn is lost",
        build({13: 1}, {20: 2}, me_bar=2),
        (6, 5),
        1,
        "bar/19",
    ),
    case(
        "no bar checker can enter: the turn is lost, whatever else could move",
        build({13: 1}, {19: 2, 20: 2}, me_bar=1),
        (6, 5),
        0,
    ),
    case(
        "a double with the entry point closed: the turn is lost", build({13: 1}, {20: 2}, me_bar=1), (5, 5), 0
    ),
    case(
        "three enter on a double, the fourth move is played",
        build({13: 1}, {1: 2}, me_bar=3),
        (4, 4),
        4,
        "bar/21 bar/21 bar/21 21/17",
        "bar/21 bar/21 bar/21 13/9",
    ),
    case(
        "entering on a double, then the entered checker runs on",
        build({}, {1: 2}, me_bar=1),
        (3, 3),
        4,
        "bar/22 22/19 19/16 16/13",
    ),
]


@pytest.mark.parametrize("c", BAR, ids=ids(BAR))
def test_hitting_the_bar_entering(c: Case) -> None:
    check(c)


def test_a_hit_checker_goes_to_the_opponents_bar() -> None:
    pos = build({10: 1, 24: 1}, {7: 1, 21: 2, 23: 2})
    hit = after(pos, "10/7* 7/6")
    assert hit.opp[24] == 1 and hit.opponent_on(7) == 0
    play = next(p for p in legal_plays(pos, (3, 1)) if p.position == hit)
    assert [m.hit for m in play.moves] == [True, False]
    assert play.moves[0] == Move(10, 7, 3, True)


# --------------------------------------------------------------------------- bearing off

BEAR_OFF = [
    case(
        "no bearing off while a checker is outside; it may come home and bear off in one turn",
        build({7: 1, 2: 1}, {20: 2}),
        (6, 2),
        2,
        "7/1 2/off",
        "7/5 5/off",
    ),
    case(
        "a die n bears off from point n (exact)",
        build({6: 1, 4: 1}, {19: 3}),
        (6, 4),
        2,
        "6/off 4/off",
        "6/2 4/off",
    ),
    case(
        "point n empty: move from a higher point; none higher: bear off the highest",
        build({6: 1, 2: 1}, {20: 2}),
        (5, 4),
        2,
        "6/1 2/off",
        "6/2 2/off",
    ),
    case(
        "bearing off is not obligatory while another move with that die exists",
        build({6: 1, 5: 1}, {20: 2}),
        (5, 1),
        2,
        "5/off 6/5",
        "6/1 5/4",
    ),
    case(
        "a 6 bears off from the highest point when the 6-point is empty",
        build({5: 2}, {20: 2}),
        (6, 3),
        2,
        "5/off 5/2",
    ),
    case(
        "overshoot on a double: highest point each time, then nothing left",
        build({3: 2, 1: 1}, {20: 2}),
        (6, 6),
        3,
        "3/off 3/off 1/off",
    ),
    case(
        "a checker hit during bear-off must enter; the others may not bear off",
        build({2: 5}, {20: 2}, me_bar=1),
        (6, 5),
        2,
        "bar/19 19/14",
    ),
    case(
        "bear-off resumes once the straggler is home again",
        build({8: 1, 2: 3}, {20: 2}),
        (6, 2),
        2,
        "8/2 2/off",
    ),
    case(
        "hitting in the home board during bear-off, or bearing off instead",
        build({6: 1, 4: 1}, {2: 1}),
        (4, 2),
        2,
        "6/2* 4/2",
        "6/2* 2/off",
        "4/off 6/4",
    ),
]


@pytest.mark.parametrize("c", BEAR_OFF, ids=ids(BEAR_OFF))
def test_bearing_off(c: Case) -> None:
    check(c)


# Rows written as GNU Backgammon Position IDs (mover on roll), as other backgammon programs show them;
# each also names its layout so a reader can check the ID decodes to it.
BY_ID = [
    ("MAAAEAQAAAAAAA", build({7: 1, 2: 1}, {20: 2}), (6, 2), 2, ("7/1 2/off", "7/5 5/off")),
    ("AABgAEQAAAAAAA", build({11: 1, 8: 1}, {3: 2}), (6, 5), 2, ("11/6 8/2",)),
    ("MAAAEAIAAAAAAA", build({6: 1, 2: 1}, {20: 2}), (5, 4), 2, ("6/1 2/off", "6/2 2/off")),
]


@pytest.mark.parametrize("row", BY_ID, ids=[row[0] for row in BY_ID])
def test_rows_written_as_position_ids(
    row: tuple[str, Position, tuple[int, int], int, tuple[str, ...]],
) -> None:
    position_id, layout, dice, used, plays = row
    pos = Position.from_id(position_id)
    assert pos == layout
    check(case(position_id, pos, dice, used, *plays))


# --------------------------------------------------------------------------- dice and small API


def test_dice_to_play_and_check_dice() -> None:
    assert dice_to_play((5, 5)) == (5, 5, 5, 5)
    assert dice_to_play((6, 1)) == (6, 1)
    assert check_dice((6, 6)) == (6, 6)
    for bad in [(0, 3), (7, 1), (3,), (1, 2, 3), (True, 2), (2.0, 3)]:
        with pytest.raises(RulesError):
            legal_plays(START, bad)  # type: ignore[arg-type]


def test_single_moves_lists_bar_first_and_overshoot_only_from_the_highest() -> None:
    assert single_moves(build({13: 1}, {1: 2}, me_bar=1), 6) == [Move(BAR_POINT, 19, 6, False)]
    assert single_moves(build({5: 1, 2: 1}, {20: 2}), 6) == [Move(5, OFF, 6, False)]
    assert single_moves(build({5: 1, 2: 1}, {20: 2}), 2) == [Move(5, 3, 2, False), Move(2, OFF, 2, False)]
    assert apply_move(build({5: 1, 2: 1}, {20: 2}), Move(5, OFF, 6, False)) == build({2: 1}, {20: 2})


# --------------------------------------------------------------------------- properties


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any valid position: contact, bear-off, stragglers, bar checkers, borne-off checkers."""
    regions = {
        "anywhere": list(range(25)),
        "board": list(range(24)),
        "home": list(range(6)),
        "near home": list(range(9)),
    }
    my_region = regions[draw(st.sampled_from(sorted(regions)))]
    my_count = 15 if draw(st.booleans()) else draw(st.integers(1, 15))
    mine = [0] * 25
    for i in draw(st.lists(st.sampled_from(my_region), min_size=my_count, max_size=my_count)):
        mine[i] += 1
    free = [j for j in regions[draw(st.sampled_from(sorted(regions)))] if j == 24 or not mine[23 - j]] or [24]
    theirs = [0] * 25
    opp_count = draw(st.integers(1, 15))  # 0 would mean the game is already over
    for j in draw(st.lists(st.sampled_from(free), min_size=opp_count, max_size=opp_count)):
        theirs[j] += 1
    return Position(tuple(mine), tuple(theirs))


def seeded_positions() -> st.SearchStrategy[Position]:
    """The engine's own sampler, driven by a Hypothesis-drawn seed (so failures shrink to a seed)."""
    return st.integers(0, 2**32 - 1).map(lambda seed: random_position(random.Random(seed)))


any_position = st.one_of(positions(), seeded_positions())
dice_rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))


def brute_most(pos: Position, dice: tuple[int, ...]) -> int:
    """Most dice playable, by trying every move of every remaining die (memoised, slow, obvious)."""
    memo: dict[tuple[Position, tuple[int, ...]], int] = {}

    def most(p: Position, left: tuple[int, ...]) -> int:
        key = (p, left)
        if key not in memo:
            best = 0
            for n, die in enumerate(left):
                rest = left[:n] + left[n + 1 :]
                for move in single_moves(p, die):
                    best = max(best, 1 + most(apply_move(p, move), rest))
            memo[key] = best
        return memo[key]

    return most(pos, dice)


@settings(max_examples=150, deadline=None)
@given(any_position, dice_rolls)
def test_every_play_keeps_fifteen_checkers_a_side(pos: Position, dice: tuple[int, int]) -> None:
    for play in legal_plays(pos, dice):
        after_play = play.position
        Position(after_play.me, after_play.opp)  # still a valid position: re-validates
        offs = sum(1 for m in play.moves if m.dst == OFF)
        assert sum(after_play.me) + after_play.my_off == 15
        assert after_play.my_off == pos.my_off + offs
        assert sum(after_play.opp) == sum(pos.opp)  # a hit checker goes to the bar, not away
        assert after_play.opp[24] == pos.opp[24] + sum(m.hit for m in play.moves)


@settings(max_examples=150, deadline=None)
@given(any_position, dice_rolls)
def test_pips_fall_by_exactly_the_dice_used_except_when_bearing_off(
    pos: Position, dice: tuple[int, int]
) -> None:
    my_pips, opp_pips = pos.pips()
    for play in legal_plays(pos, dice):
        new_mine, new_theirs = play.position.pips()
        used = sum(m.die for m in play.moves)
        if all(m.dst != OFF for m in play.moves):
            assert my_pips - new_mine == used
        else:
            assert my_pips - new_mine == sum(m.src - m.dst for m in play.moves) <= used
            assert all(m.src <= m.die for m in play.moves if m.dst == OFF)
        # Each hit sends a checker from the mover's point p (the opponent's 25 - p) to its bar: +p pips.
        assert new_theirs - opp_pips == sum(m.dst for m in play.moves if m.hit)


@settings(max_examples=150, deadline=None)
@given(any_position, dice_rolls)
def test_no_play_uses_fewer_dice_than_the_most_possible(pos: Position, dice: tuple[int, int]) -> None:
    plays = legal_plays(pos, dice)
    most = brute_most(pos, dice_to_play(dice))
    assert max_dice_playable(pos, dice_to_play(dice)) == most
    assert all(len(p.moves) == most for p in plays)
    assert (most == 0) == (not plays)
    a, b = dice
    if most == 1 and a != b and single_moves(pos, max(a, b)):
        assert all(p.moves[0].die == max(a, b) for p in plays)


@settings(max_examples=150, deadline=None)
@given(any_position, dice_rolls)
def test_plays_replay_move_by_move_and_are_distinct(pos: Position, dice: tuple[int, int]) -> None:
    plays = legal_plays(pos, dice)
    assert len({p.position for p in plays}) == len(plays)
    for play in plays:
        current = pos
        left = list(dice_to_play(dice))
        for move in play.moves:
            assert move in single_moves(current, move.die)
            left.remove(move.die)
            current = apply_move(current, move)
        assert current == play.position


def test_the_shared_move_table_names_every_move_correctly() -> None:
    """The search takes its Move objects from one table built at import; rebuilt here and checked
    entry by entry against the board's numbering (25 = bar, 0 = off), so a wrong source,
    destination, die or hit flag in any entry fails (the search tests only see the entries
    their positions happen to reach)."""
    from game.engine import moves as moves_module

    table = moves_module._move_table()
    assert table == moves_module._MOVES
    assert len(table) == 7 and table[0] == ()
    for die in range(1, 7):
        row = table[die]
        assert len(row) == 50
        for i in range(25):
            src = 25 if i == 24 else i + 1
            dst = src - die if src - die > 0 else 0
            assert row[2 * i] == Move(src, dst, die, False), (die, i)
            assert row[2 * i + 1] == Move(src, dst, die, dst != 0), (die, i)
