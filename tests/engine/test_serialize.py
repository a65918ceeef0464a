"""Autosave format: every state round-trips; every broken save raises RulesError with a reason."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cube import Cube
from game.engine.errors import PositionError, RulesError
from game.engine.flow import (
    Double,
    EndTurn,
    GameState,
    Pass,
    Phase,
    PlayMoves,
    Rules,
    Step,
    Take,
    apply,
    new_game,
    roll_for,
)
from game.engine.match import Match
from game.engine.moves import legal_plays
from game.engine.position import Position
from game.engine.serialize import (
    check_game_in_match,
    match_from_dict,
    match_to_dict,
    state_from_dict,
    state_to_dict,
)


def sample_states(seed: int, games: int = 12) -> list[GameState]:
    """States from real games: every phase, cubes, hits, half-played turns, finished games."""
    rng = random.Random(seed)
    states: list[GameState] = []
    match = Match(Rules(match_length=rng.choice([0, 5, 7]), jacoby=rng.random() < 0.5))
    for _ in range(games):
        if match.is_over:
            match = Match(Rules(match_length=rng.choice([0, 3, 5])))
        state = match.new_game()
        while True:
            states.append(state)
            if state.phase is Phase.GAME_OVER:
                break
            if state.phase is Phase.ROLL and Double in state.legal_actions() and rng.random() < 0.1:
                state = apply(state, Double())
            elif state.phase is Phase.CUBE_OFFERED:
                state = apply(state, Take() if rng.random() < 0.8 else Pass())
            elif state.phase is Phase.MOVING:
                turn = state.turn_state()
                if not turn.is_complete and rng.random() < 0.3:
                    move = rng.choice(turn.legal_moves())
                    state = apply(state, Step(move.src, move.die))
                    continue
                if not turn.moves:
                    plays = legal_plays(state.position, turn.dice)
                    state = apply(state, PlayMoves(rng.choice(plays).moves if plays else ()))
                elif not turn.is_complete:
                    move = rng.choice(turn.legal_moves())
                    state = apply(state, Step(move.src, move.die))
                    continue
                if state.phase is Phase.MOVING:
                    state = apply(state, EndTurn())
            else:
                state = apply(state, roll_for(state, rng))
        assert state.result is not None
        match = match.record(state.result)
    return states


STATES = sample_states(7)


def test_sample_covers_every_phase() -> None:
    phases = {s.phase for s in STATES}
    assert phases == set(Phase)
    assert any(s.moves for s in STATES) and any(s.cube.value > 1 for s in STATES)


def test_every_state_round_trips_through_json() -> None:
    for state in STATES:
        data = state_to_dict(state)
        text = json.dumps(data)
        back = state_from_dict(json.loads(text))
        assert back == state
        assert back.position == state.position and back.moves == state.moves
        if state.phase is Phase.MOVING:
            assert back.turn_state().remaining == state.turn_state().remaining
            assert back.turn_state().most == state.turn_state().most
            assert back.legal_actions() == state.legal_actions()


def test_match_round_trips() -> None:
    match = Match(Rules(match_length=5))
    for m in [
        match,
        Match(Rules(match_length=5), (4, 2), games=3, crawford_used=True),
        Match(Rules(jacoby=True)),
    ]:
        assert match_from_dict(json.loads(json.dumps(match_to_dict(m)))) == m


def _moving_dict() -> dict[str, Any]:
    state = next(s for s in STATES if s.phase is Phase.MOVING and s.moves)
    return state_to_dict(state)


def _set(data: dict[str, Any], path: str, value: object) -> dict[str, Any]:
    data = copy.deepcopy(data)
    target: Any = data
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    if isinstance(target, list):
        target[int(last)] = value
    elif value is _DELETE:
        del target[last]
    else:
        target[last] = value
    return data


_DELETE = object()

START = state_to_dict(new_game())
ROLLING = state_to_dict(GameState(phase=Phase.ROLL, position=Position.start(), turn=1))
OVER = state_to_dict(next(s for s in STATES if s.phase is Phase.GAME_OVER and not s.result.passed))  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("base", "path", "value", "reason"),
    [
        (START, "version", 99, "version"),
        (START, "phase", "dancing", "unknown phase"),
        (START, "position", "not-an-id", "Position ID"),
        (START, "position", 12, "Position ID"),
        (START, "position", "4HPwATDgc/ABM", "14 characters"),
        (ROLLING, "turn", 2, "0 to 1"),
        (ROLLING, "turn", True, "whole number"),
        (ROLLING, "dice", [3, 1], "no dice"),
        (ROLLING, "cube.value", 3, "cube"),
        (ROLLING, "cube.value", 128, "cube"),
        (ROLLING, "cube.owner", 5, "owner"),
        (ROLLING, "cube.owner", 0, "nobody can own"),
        (ROLLING, "score", [1], "pair"),
        (ROLLING, "score", [-1, 0], "0 or more"),
        (ROLLING, "rules.match_length", -3, "match length"),
        (ROLLING, "rules.jacoby", "yes", "true or false"),
        (ROLLING, "crawford", True, "money play"),
        (ROLLING, "result", {"winner": 0}, "still being played"),
        (ROLLING, "last_play", [[8, 5, 3, False]], "no player"),
        (ROLLING, "last_play", [[8, 4, 3, False]], "not a move of 3"),
        (ROLLING, "last_play", [[9, 0, 6, False]], "cannot bear off"),
        (ROLLING, "surprise", 1, "unknown fields"),
        (ROLLING, "cube", _DELETE, "missing cube"),
        (START, "opening", [3, 1], "not a tie"),
        (START, "opening", [0, 0], "1 to 6"),
        (START, "opening", [7, 7], "1 to 6"),
        (START, "position", "sHPMATDgc/ADIA", "starting position"),
    ],
)
def test_broken_saves_are_refused(base: dict[str, Any], path: str, value: object, reason: str) -> None:
    with pytest.raises(RulesError, match=reason):
        state_from_dict(_set(base, path, value))


def test_broken_turns_are_refused() -> None:
    moving = _moving_dict()
    with pytest.raises(RulesError, match="1 to 6"):
        state_from_dict(_set(moving, "dice", [7, 1]))
    with pytest.raises(RulesError):
        state_from_dict(_set(moving, "dice", None))
    with pytest.raises(RulesError):
        state_from_dict(_set(moving, "moves.0", [1, 0, 1, False]))
    with pytest.raises(RulesError):
        state_from_dict(_set(moving, "moves.0.3", not moving["moves"][0][3]))  # hit flag wrong
    with pytest.raises(RulesError):
        state_from_dict(_set(moving, "moves", moving["moves"] * 3))


def test_broken_results_are_refused() -> None:
    with pytest.raises(RulesError, match="worth"):
        state_from_dict(
            _set(OVER, "result.points", OVER["result"]["points"] + 1 if OVER["result"]["points"] < 3 else 1)
        )
    with pytest.raises(RulesError):
        state_from_dict(_set(OVER, "result.kind", "triple"))
    with pytest.raises(RulesError):
        state_from_dict(_set(OVER, "result.winner", 1 - OVER["result"]["winner"]))
    with pytest.raises(RulesError):
        state_from_dict(_set(OVER, "result", None))
    with pytest.raises(RulesError):
        state_from_dict(_set(OVER, "phase", "roll"))


def test_sixteen_checkers_and_shared_points_are_refused() -> None:
    sixteen = Position.start().position_id()
    # build an ID with 16 checkers for the mover by hand: one extra on the 6-point
    me = list(Position.start().me)
    me[5] += 1
    bits: list[int] = []
    for side in (Position.start().opp, tuple(me)):
        for count in side:
            bits.extend([1] * count + [0])
    bits.extend([0] * (80 - len(bits)))
    import base64

    key = bytes(sum(bits[8 * b + k] << k for k in range(8)) for b in range(10))
    bad = base64.b64encode(key).decode()[:14]
    assert bad != sixteen
    with pytest.raises(PositionError):
        state_from_dict(_set(ROLLING, "position", bad))


def test_broken_matches_are_refused() -> None:
    good = match_to_dict(Match(Rules(match_length=5), (4, 1), games=3, crawford_used=True))
    for path, value in [
        ("score", [6, 6]),
        ("games", -1),
        ("crawford_used", "no"),
        ("rules.match_length", "five"),
        ("version", 0),
        ("score", [1, 0]),  # Crawford used before anyone reached match point
    ]:
        with pytest.raises(RulesError):
            match_from_dict(_set(good, path, value))
    for bad in [None, [], "match", 3]:
        with pytest.raises(RulesError):
            match_from_dict(bad)
        with pytest.raises(RulesError):
            state_from_dict(bad)


def test_game_in_match_check() -> None:
    match = Match(Rules(match_length=5), (4, 1), games=3)
    game = match.new_game()
    check_game_in_match(game, match)
    with pytest.raises(RulesError, match="Crawford"):
        check_game_in_match(new_game(Rules(match_length=5), (4, 1)), match)
    with pytest.raises(RulesError, match="score"):
        check_game_in_match(new_game(Rules(match_length=5), (0, 0)), match)
    with pytest.raises(RulesError, match="rules"):
        check_game_in_match(new_game(Rules(match_length=7), (4, 1)), match)
    # a finished game may be saved before or after the match recorded it
    fresh = Match(Rules(match_length=5))
    over = apply(
        apply(GameState(phase=Phase.ROLL, position=Position.start(), rules=fresh.rules), Double()), Pass()
    )
    assert over.result is not None
    check_game_in_match(over, fresh)
    check_game_in_match(over, fresh.record(over.result))
    with pytest.raises(RulesError, match="score"):
        check_game_in_match(over, Match(Rules(match_length=5), (0, 3), games=1))


JSONish = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.text(max_size=16),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    index=st.integers(0, len(STATES) - 1),
    key=st.sampled_from(sorted(state_to_dict(new_game()))),
    value=JSONish,
)
def test_fuzzed_saves_never_crash_or_load_impossible_states(index: int, key: str, value: object) -> None:
    """Any field replaced by any JSON value: a clear RulesError, or a state that re-saves identically."""
    data = state_to_dict(STATES[index])
    data[key] = value
    try:
        state = state_from_dict(data)
    except RulesError as exc:
        assert str(exc)
        return
    again = state_to_dict(state)
    assert state_from_dict(again) == state


def test_cube_owner_must_be_doubler_when_offered() -> None:
    offered = state_to_dict(
        GameState(phase=Phase.CUBE_OFFERED, position=Position.start(), turn=0, cube=Cube(2, 0))
    )
    state_from_dict(offered)
    with pytest.raises(RulesError, match="owner"):
        state_from_dict(_set(offered, "cube.owner", 1))
