"""10,000 random games played through ``apply`` only, with every invariant checked after every action.

The games are seeded, so a failure names a reproducible game. Three ways of moving are mixed, so
that each input path of the flow is soaked:

- most games (``walk``): a random legal play built move by move from the board's single moves, sent
  as one ``PlayMoves`` (a random walk that falls short of the dice the roll demands is sent too, and
  must be refused);
- some games (``plays``): a random element of ``legal_plays``, sent as ``PlayMoves``;
- some games (``steps``): the user-interface path, ``Step``/``MoveTo``/``Undo`` through the turn API,
  with each finished turn checked against ``legal_plays``.

Cubes are offered, taken and passed at random; games are grouped into runs of money play (with and
without the Jacoby option) and matches of random lengths, so match capping and the Crawford rule
are exercised. Checked after each action: 15 checkers a side (board, bar and off), no point shared
by both sides, pips that fall by exactly the dice used (less only when bearing off) and rise for the
opponent by exactly the hit checkers' distance, only documented phase changes, turn and cube rules,
and at the end a valid :class:`GameResult` that matches an independent recomputation.
"""

from __future__ import annotations

import json
import operator
import random

import pytest

from game.engine.cube import MAX_CUBE, Cube
from game.engine.errors import IllegalAction
from game.engine.flow import (
    ALLOWED_EDGES,
    Action,
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
    roll_for,
)
from game.engine.match import Match
from game.engine.matchid import decode_match_id, encode_match_id, match_info
from game.engine.moves import Move, apply_move, legal_plays, single_moves
from game.engine.position import Position
from game.engine.scoring import GameResult, WinKind
from game.engine.serialize import state_from_dict, state_to_dict

GAMES = 10_000
SEED = 20261130


def _pips(side: tuple[int, ...]) -> int:
    return sum(map(operator.mul, _WEIGHTS, side))


_WEIGHTS = tuple(range(1, 26))


def check_position(pos: Position) -> None:
    """15 checkers a side counting the borne-off ones, no negative counts, no shared point."""
    me, opp = pos.me, pos.opp
    assert len(me) == len(opp) == 25 and min(me) >= 0 and min(opp) >= 0
    # borne-off checkers are 15 minus the checkers on the board and the bar: never negative
    assert sum(me) <= 15 and sum(opp) <= 15
    # min(a, b) > 0 exactly when both sides stand on one point (the mover's i is the opponent's 23 - i)
    assert not any(map(min, me[:24], opp[23::-1])), pos.position_id()


def check_moves_effect(before: Position, after: Position, moves: tuple[Move, ...]) -> None:
    """Pips fall by exactly the dice used (bear-offs by the checker's distance, never more than the die)."""
    expected_drop = 0
    opp_rise = 0
    for m in moves:
        if m.dst == 0:
            assert m.src <= m.die, f"bore off from {m.src} with a {m.die}"
            expected_drop += m.src
        else:
            assert m.src - m.dst == m.die
            expected_drop += m.die
        if m.hit:
            opp_rise += m.dst
    assert _pips(before.me) - _pips(after.me) == expected_drop
    assert _pips(after.opp) - _pips(before.opp) == opp_rise
    assert after.my_off - before.my_off == sum(1 for m in moves if m.dst == 0)
    assert after.opp_off == before.opp_off
    assert after.opp[24] - before.opp[24] == sum(1 for m in moves if m.hit)


def expected_result(state: GameState, final: GameState) -> None:
    """The result recomputed independently of the engine's scoring code."""
    result = final.result
    assert isinstance(result, GameResult)
    assert final.turn == result.winner and final.dice is None
    rules = state.rules
    if result.passed:
        assert state.phase is Phase.CUBE_OFFERED and result.winner == state.turn
        assert result.kind is WinKind.SINGLE and result.cube == state.cube.value
        raw = state.cube.value
    else:
        won = final.position
        assert won.my_off == 15 and won.opp_off < 15
        if won.opp_off > 0:
            kind = WinKind.SINGLE
        elif won.opp[24] or any(won.opp[24 - p] for p in range(1, 7)):
            kind = WinKind.BACKGAMMON
        else:
            kind = WinKind.GAMMON
        assert result.kind is kind and result.cube == final.cube.value
        mult = {WinKind.SINGLE: 1, WinKind.GAMMON: 2, WinKind.BACKGAMMON: 3}[kind]
        if rules.match_length == 0 and rules.jacoby and final.cube.owner is None:
            mult = 1
        raw = final.cube.value * mult
    if rules.match_length:
        assert result.points == min(raw, rules.match_length - state.score[result.winner])
    else:
        assert result.points == raw


def check_transition(old: GameState, action: Action, new: GameState) -> None:
    assert (old.phase, new.phase) in ALLOWED_EDGES, f"{old.phase} -> {new.phase} by {action}"
    if new.position is not old.position:
        check_position(new.position)
    assert new.rules == old.rules and new.score == old.score and new.crawford == old.crawford
    assert new.cube.value <= MAX_CUBE
    if new.phase is Phase.GAME_OVER:
        expected_result(old, new)
        return
    assert new.result is None
    if old.phase is Phase.OPENING:
        assert isinstance(action, OpeningRoll)
        if new.phase is Phase.OPENING:
            assert action.die0 == action.die1
        else:
            assert action.die0 != action.die1
            assert new.turn == (0 if action.die0 > action.die1 else 1)
            assert new.dice is not None and new.dice[0] > new.dice[1]
            assert new.position == Position.start()
    elif old.phase is Phase.ROLL and new.phase is Phase.MOVING:
        assert isinstance(action, Roll) and new.dice == action.dice and new.turn == old.turn
        assert new.position == old.position and new.moves == ()
    elif new.phase is Phase.CUBE_OFFERED:
        assert isinstance(action, Double) and new.turn == old.turn and new.cube == old.cube
        assert not old.crawford
        assert old.cube.owner in (None, old.turn) and old.cube.value < MAX_CUBE
    elif old.phase is Phase.CUBE_OFFERED:
        assert isinstance(action, Take) and new.turn == old.turn
        assert new.cube == Cube(old.cube.value * 2, 1 - old.turn)
    elif new.phase is Phase.ROLL:
        assert isinstance(action, EndTurn) and new.turn == 1 - old.turn
        assert old.turn_state().is_complete
        assert new.position == old.position.flip()
        assert new.last_play == old.moves and new.last_player == old.turn
        assert new.cube == old.cube
    else:  # MOVING -> MOVING
        assert new.turn == old.turn and new.dice == old.dice and new.cube == old.cube
        if isinstance(action, Undo):
            assert new.moves == old.moves[:-1]
            check_moves_effect(new.position, old.position, old.moves[-1:])
        else:
            assert new.moves[: len(old.moves)] == old.moves
            check_moves_effect(old.position, new.position, new.moves[len(old.moves) :])


def random_walk(state: GameState, rng: random.Random, rearmost: float) -> tuple[Move, ...]:
    """Random single moves while any die can be played: usually a legal play, sometimes a short one."""
    turn = state.turn_state()
    pos = turn.position
    remaining = list(turn.remaining)
    moves: list[Move] = []
    while remaining and pos.my_off < 15:
        dice = sorted(set(remaining))
        rng.shuffle(dice)
        for die in dice:
            options = single_moves(pos, die)
            if options:
                break
        else:
            break
        # Some moves run the rearmost checker (``options[0]``): pure random play makes very long
        # games of endless hitting; this keeps the soak affordable while still hitting a lot.
        move = options[0] if rng.random() < rearmost else rng.choice(options)
        pos = apply_move(pos, move)
        moves.append(move)
        remaining.remove(die)
    return tuple(moves)


def play_walk(state: GameState, rng: random.Random, act: ActFn, rearmost: float) -> GameState:
    for _ in range(20):
        moves = random_walk(state, rng, rearmost)
        try:
            after = apply(state, PlayMoves(moves))
        except IllegalAction:
            # Only a walk that used fewer dice than required (or the lower die) may be refused.
            turn = state.turn_state()
            a, b = turn.dice
            assert len(moves) < turn.most or (turn.most == 1 and a != b and moves[0].die == min(a, b))
            continue
        if rng.random() < 0.03:
            # PlayMoves checks moves one by one; now and then compare with the full generator.
            turn = state.turn_state()
            results = {p.position for p in legal_plays(turn.start, turn.dice)} or {turn.start}
            assert (after.position if after.turn == state.turn else after.position.flip()) in results
        return act(state, PlayMoves(moves), after)
    plays = legal_plays(state.position, state.turn_state().dice)
    return act(state, PlayMoves(rng.choice(plays).moves if plays else ()))


def play_legal(state: GameState, rng: random.Random, act: ActFn) -> GameState:
    plays = legal_plays(state.position, state.turn_state().dice)
    for play in rng.sample(plays, min(2, len(plays))):
        after = apply(state, PlayMoves(play.moves))
        assert after.position == play.position or after.phase is Phase.GAME_OVER
    return act(state, PlayMoves(rng.choice(plays).moves if plays else ()))


def play_steps(state: GameState, rng: random.Random, act: ActFn) -> GameState:
    """The user-interface path: steps, drags, take-backs, and refused steps that change nothing."""
    turn = state.turn_state()
    results = {p.position for p in legal_plays(turn.start, turn.dice)} or {turn.start}
    undos = 0
    while state.phase is Phase.MOVING:
        turn = state.turn_state()
        if turn.is_complete:
            assert turn.position in results, "the turn API finished a play legal_plays does not know"
            if turn.moves and undos < 3 and rng.random() < 0.1:
                undos += 1
                state = act(state, Undo())
                continue
            return state
        # a random, probably refused step: refusals must leave everything as it was
        src, die = rng.randint(1, 25), rng.randint(1, 6)
        try:
            after = apply(state, Step(src, die))
        except IllegalAction as exc:
            assert str(exc) and state.turn_state() is turn
            assert turn.explain(src, die) is not None
        else:
            state = act(state, Step(src, die), after)
            continue
        r = rng.random()
        if turn.moves and undos < 3 and r < 0.1:
            undos += 1
            state = act(state, Undo())
        elif r < 0.4:
            src = rng.choice(sorted(turn.movable_points()))
            dst = rng.choice(sorted(turn.targets(src)))
            state = act(state, MoveTo(src, dst))
        else:
            move = rng.choice(turn.legal_moves())
            state = act(state, Step(move.src, move.die))
    return state


class ActFn:
    """Applies an action, checks the transition, counts actions."""

    def __init__(self) -> None:
        self.actions = 0

    def __call__(self, state: GameState, action: Action, after: GameState | None = None) -> GameState:
        new = apply(state, action) if after is None else after
        check_transition(state, action, new)
        self.actions += 1
        if self.actions % 997 == 0:
            # now and then: the autosave format and the Match ID carry this exact state
            assert state_from_dict(json.loads(json.dumps(state_to_dict(new)))) == new
            info = match_info(new)
            assert decode_match_id(encode_match_id(info)) == info
        return new


def play_game(state: GameState, rng: random.Random, mode: str, act: ActFn) -> GameState:
    double_p = rng.choice([0.0, 0.03, 0.2])
    take_p = rng.choice([0.5, 0.9])
    crawford_seen = state.crawford
    rearmost = rng.choice([0.5, 0.8, 0.95])
    for _ in range(10_000):
        phase = state.phase
        if phase is Phase.GAME_OVER:
            return state
        if phase is Phase.OPENING:
            state = act(state, roll_for(state, rng))
        elif phase is Phase.ROLL:
            if Double in state.legal_actions() and rng.random() < double_p:
                state = act(state, Double())
            else:
                if crawford_seen:
                    assert Double not in state.legal_actions()
                state = act(state, roll_for(state, rng))
        elif phase is Phase.CUBE_OFFERED:
            state = act(state, Take() if rng.random() < take_p else Pass())
        elif phase is Phase.MOVING:
            if mode == "walk":
                state = play_walk(state, rng, act, rearmost)
            elif mode == "plays":
                state = play_legal(state, rng, act)
            else:
                state = play_steps(state, rng, act)
            if state.phase is Phase.MOVING:
                state = act(state, EndTurn())
    raise AssertionError("a game did not end after 10,000 actions")


@pytest.mark.slow
def test_ten_thousand_random_games() -> None:
    rng = random.Random(SEED)
    act = ActFn()
    match = Match(Rules())
    finished_matches = 0
    kinds: dict[WinKind, int] = dict.fromkeys(WinKind, 0)
    passes = 0
    crawford_games = 0
    max_cube = 1
    for game_no in range(GAMES):
        if match.is_over or (match.rules.match_length == 0 and rng.random() < 0.05) or game_no == 0:
            if match.is_over:
                finished_matches += 1
                assert match.winner in (0, 1)
            length = rng.choice([0, 0, 1, 3, 5, 7, 11])
            match = Match(Rules(match_length=length, jacoby=rng.random() < 0.5))
        game = match.new_game()
        crawford_games += game.crawford
        r = rng.random()
        mode = "walk" if r < 0.945 else "plays" if r < 0.985 else "steps"
        final = play_game(game, rng, mode, act)
        assert final.phase is Phase.GAME_OVER and final.result is not None
        result = final.result
        kinds[result.kind] += 1
        passes += result.passed
        max_cube = max(max_cube, result.cube)
        before = match.score
        match = match.record(result)
        assert match.score[result.winner] == before[result.winner] + result.points
        assert match.score[1 - result.winner] == before[1 - result.winner]
        if match.rules.match_length:
            assert max(match.score) <= match.rules.match_length
    # The soak must actually have covered the interesting cases.
    assert all(kinds[k] > 0 for k in WinKind), kinds
    assert passes > 0 and crawford_games > 0 and finished_matches > 0
    assert max_cube == MAX_CUBE
    assert act.actions > GAMES * 100
