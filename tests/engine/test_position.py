"""Positions: set-up, validation, flip, pips, race, and GNU Backgammon Position IDs.

The ID tests use an encoder written here from gnubg's published description
(bit-packed run lengths, little-endian, base64 without padding) with a
different technique from the engine's, plus the external known IDs: the start
position and the twelve pubeval test vectors shipped in ``assets/weights/pubeval.json``.
"""

from __future__ import annotations

import base64
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.errors import PositionError, RulesError
from game.engine.position import Position
from game.testing.sample import random_position
from tests.helpers.paths import ROOT

PUBEVAL = ROOT / "assets" / "weights" / "pubeval.json"
START_ID = "4HPwATDgc/ABMA"


def side(points: dict[int, int], bar: int = 0) -> tuple[int, ...]:
    """A side's 25 counts from {own point: count}, in that side's own numbering."""
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] = n
    counts[24] = bar
    return tuple(counts)


def reference_id(pos: Position) -> str:
    """gnubg's Position ID, built as one integer: for each side (opponent first, then the
    player on roll), for each of its 25 slots, ``count`` one-bits then a zero-bit."""
    key = 0
    bit = 0
    for counts in (pos.opp, pos.me):
        for n in counts:
            key |= ((1 << n) - 1) << bit
            bit += n + 1
    return base64.b64encode(key.to_bytes(10, "little")).decode()[:14]


positions = st.integers(0, 2**32 - 1).map(lambda seed: random_position(random.Random(seed)))


# --------------------------------------------------------------------------- set-up and validation


def test_start_layout_pips_and_id() -> None:
    start = Position.start()
    layout = side({24: 2, 13: 5, 8: 3, 6: 5})
    assert start.me == start.opp == layout
    assert start.pips() == (167, 167)
    assert start.my_off == start.opp_off == 0
    assert start.position_id() == START_ID == str(start)
    assert Position.from_id(START_ID) == start
    assert reference_id(start) == START_ID
    # The opponent's 24-point is the mover's 1-point: two opposing checkers stand there.
    assert start.opponent_on(1) == 2 and start.opponent_on(12) == 5
    assert start.opponent_on(17) == 3 and start.opponent_on(19) == 5
    assert not start.is_race()


BAD_POSITIONS = [
    ("16 checkers", side({6: 6, 8: 3, 13: 5, 24: 2}), side({6: 5}), "16 checkers"),
    ("17 checkers for the opponent", side({6: 5}), side({6: 7, 8: 3, 13: 5, 24: 2}), "17 checkers"),
    ("both on one point", side({6: 2}), side({19: 2}), "both players have checkers on point 6"),
    ("negative count", side({6: -1}), side({6: 2}), "negative"),
    ("too short", (0,) * 24, side({6: 2}), "25 counts"),
    ("a list, not a tuple", [0] * 25, side({6: 2}), "25 counts"),
    ("float count", (1.0,) + (0,) * 24, side({6: 2}), "non-integer"),
    ("bool count", (True,) + (0,) * 24, side({6: 2}), "non-integer"),
    ("everybody off", side({}), side({}), "both players have borne off"),
]


@pytest.mark.parametrize(("name", "me", "opp", "reason"), BAD_POSITIONS, ids=[b[0] for b in BAD_POSITIONS])
def test_impossible_positions_are_refused_with_a_reason(
    name: str, me: object, opp: object, reason: str
) -> None:
    with pytest.raises(PositionError, match=reason):
        Position(me, opp)  # type: ignore[arg-type]


def test_errors_are_value_errors() -> None:
    assert issubclass(PositionError, RulesError) and issubclass(RulesError, ValueError)


def test_positions_are_immutable_and_hashable() -> None:
    start = Position.start()
    with pytest.raises(AttributeError):
        start.me = side({})  # type: ignore[misc]
    assert len({start, Position.from_id(START_ID), start.flip()}) == 1


def test_flip_pips_offs_and_opponent_on() -> None:
    pos = Position(side({1: 3, 5: 2}, bar=1), side({19: 4, 3: 1}))
    assert pos.my_off == 9 and pos.opp_off == 10
    assert pos.pips() == (3 + 10 + 25, 76 + 3)
    assert pos.opponent_on(6) == 4 and pos.opponent_on(22) == 1 and pos.opponent_on(5) == 0
    flipped = pos.flip()
    assert flipped.me == pos.opp and flipped.opp == pos.me
    assert flipped.pips() == (79, 38)


RACES = [
    ("start", Position.start(), False),
    ("passed each other", Position(side({1: 5, 8: 5}), side({2: 4, 4: 5, 6: 6})), True),
    ("one checker still behind", Position(side({1: 5, 20: 1}), side({2: 4, 4: 5, 6: 6})), False),
    ("a checker on the bar", Position(side({1: 5}, bar=1), side({2: 4})), False),
    ("opponent's bar", Position(side({1: 5}), side({2: 4}, bar=1)), False),
    ("just passed each other", Position(side({12: 1}), side({12: 1})), True),
    ("touching is contact", Position(side({12: 1}), side({14: 1})), False),
]


@pytest.mark.parametrize(("name", "pos", "race"), RACES, ids=[r[0] for r in RACES])
def test_is_race(name: str, pos: Position, race: bool) -> None:
    assert pos.is_race() is race
    assert pos.flip().is_race() is race


# --------------------------------------------------------------------------- Position IDs


def pubeval_ids() -> list[str]:
    data = json.loads(PUBEVAL.read_text())
    return [case["position"] for case in data["test_vectors"]["cases"]]


def test_the_twelve_pubeval_ids_decode_and_reencode() -> None:
    ids = pubeval_ids()
    assert len(ids) == 12
    for position_id in ids:
        pos = Position.from_id(position_id)
        assert pos.position_id() == position_id
        assert reference_id(pos) == position_id
        assert sum(pos.me) <= 15 and sum(pos.opp) <= 15


def test_id_orientation_the_player_on_roll_is_encoded_second() -> None:
    """Only the mover has borne off: the ID's first 25 runs (the opponent's) hold 15 checkers."""
    pos = Position(side({1: 1}), side({6: 15}))
    key = int.from_bytes(base64.b64decode(pos.position_id() + "=="), "little")
    # The opponent's fifteen checkers on its own 6-point: 5 zero bits (points 1..5), then 15 ones.
    assert key & ((1 << 21) - 1) == ((1 << 15) - 1) << 5
    assert Position.from_id(pos.position_id()) == pos


BAD_IDS = [
    ("empty", ""),
    ("too short", "4HPwATDgc/ABM"),
    ("too long", "4HPwATDgc/ABMAA"),
    ("bad character", "4HPwATDgc/AB!A"),
    ("all ones: too many checkers", "//////////////"),
    ("padding inside", "4HPwATDg=/ABMA"),
]


@pytest.mark.parametrize(("name", "text"), BAD_IDS, ids=[b[0] for b in BAD_IDS])
def test_invalid_ids_raise_position_error(name: str, text: str) -> None:
    with pytest.raises(PositionError):
        Position.from_id(text)


def _id_from_runs(opp: list[int], me: list[int]) -> str:
    """An ID string from raw run lengths, able to express impossible positions."""
    key = 0
    bit = 0
    for counts in (opp, me):
        for n in counts:
            key |= ((1 << n) - 1) << bit
            bit += n + 1
    return base64.b64encode(key.to_bytes(10, "little")).decode()[:14]


def test_ids_of_impossible_positions_raise_position_error() -> None:
    sixteen = [0] * 5 + [16] + [0] * 19
    with pytest.raises(PositionError, match="16 checkers"):
        Position.from_id(_id_from_runs([0] * 5 + [14] + [0] * 19, sixteen))
    shared = [0] * 5 + [2] + [0] * 19  # mover's 6-point and the opponent's 19-point... facing each other
    with pytest.raises(PositionError, match="both players"):
        Position.from_id(_id_from_runs([0] * 18 + [2] + [0] * 6, shared))
    with pytest.raises(PositionError):
        Position.from_id(123)  # type: ignore[arg-type]
    with pytest.raises(PositionError):
        Position.from_id(None)  # type: ignore[arg-type]


def test_one_bits_after_both_sides_are_refused() -> None:
    """Two checkers a side use 54 of the 80 bits; a one-bit after them is not an ID."""
    good = Position(side({6: 2}), side({6: 2})).position_id()
    key = int.from_bytes(base64.b64decode(good + "=="), "little")
    bad = base64.b64encode((key | 1 << 70).to_bytes(10, "little")).decode()[:14]
    assert Position.from_id(good) == Position(side({6: 2}), side({6: 2}))
    with pytest.raises(PositionError, match="trailing"):
        Position.from_id(bad)


@settings(max_examples=300, deadline=None)
@given(positions)
def test_id_round_trip_and_independent_encoder(pos: Position) -> None:
    position_id = pos.position_id()
    assert len(position_id) == 14
    assert position_id == reference_id(pos)
    assert Position.from_id(position_id) == pos


@settings(max_examples=300, deadline=None)
@given(positions)
def test_flip_twice_is_identity(pos: Position) -> None:
    assert pos.flip().flip() == pos
    assert pos.flip().pips() == pos.pips()[::-1]
    assert (pos.flip().my_off, pos.flip().opp_off) == (pos.opp_off, pos.my_off)
    assert pos.flip().is_race() == pos.is_race()


@settings(max_examples=300, deadline=None)
@given(positions)
def test_sampled_positions_are_valid(pos: Position) -> None:
    for counts in (pos.me, pos.opp):
        assert len(counts) == 25 and 1 <= sum(counts) <= 15 and min(counts) >= 0
    assert not any(pos.me[i] and pos.opp[23 - i] for i in range(24))


@pytest.mark.parametrize("text", ["4HPwATDgc/ABMB", "4HPwATDgc/ABMP", "4HPwATDgc/ABMI"])
def test_position_id_with_unused_low_bits_set_is_rejected(text: str) -> None:
    """The 14th character carries 4 bits beyond the 80-bit key: gnubg leaves them 0."""
    with pytest.raises(PositionError, match="unused bits"):
        Position.from_id(text)
