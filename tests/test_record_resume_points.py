"""The recorder carries on from any saved point (issue 35): a save one roll ahead of its record with a
move half played (the match clock's own save), a save behind its record (the record is written first:
a cut between the two leaves the record ahead, even past the end of a game), and never reopens a
finished game for a save that is not inside it."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine import Action, GameState, Match, Phase, PlayMoves, Rules, apply
from game.engine.flow import EndTurn, Step
from game.record import MatchRecord, MatchRecorder
from game.tools.selfplay import computer_action

LEVELS = ("beginner", "beginner")


@dataclass(frozen=True)
class Point:
    before: GameState
    action: Action
    after: GameState
    record: MatchRecord
    """The record as it stood before ``action``."""


def played(seed: int) -> tuple[MatchRecord, list[Point]]:
    """A 3-point match by the computer: its record, and every action on the way."""
    rules = Rules(match_length=3)
    recorder = MatchRecorder(rules, ("Anna", "Ben"))
    rng = random.Random(seed)
    match = Match(rules)
    points: list[Point] = []
    while not match.is_over:
        state = match.new_game()
        while state.phase is not Phase.GAME_OVER:
            action = computer_action(state, LEVELS, rng, seed)
            after = apply(state, action)
            points.append(Point(state, action, after, recorder.record()))
            recorder.observe(state, action, after)
            state = after
        assert state.result is not None
        match = match.record(state.result)
    return recorder.record(), points


def finish(recorder: MatchRecorder, points: list[Point]) -> MatchRecord:
    for p in points:
        recorder.observe(p.before, p.action, p.after)
    return recorder.record()


def test_a_save_behind_its_record_is_carried_on_from_every_point() -> None:
    """The record one action ahead of the save (written first, then the cut): taken back and played
    again, the record comes out whole, whatever the action was (a roll, a play, a double, a take or a
    pass, the play that ended a game)."""
    whole, points = played(2)
    assert any(p.after.phase is Phase.GAME_OVER for p in points[:-1])  # more than one game
    kinds = set()
    for k, p in enumerate(points[:-1]):
        if p.before.phase is Phase.OPENING and not p.record.games:
            continue  # nothing of the match is in any record yet: a new record starts
        ahead = points[k + 1].record
        recorder = MatchRecorder.resume(ahead, p.before)
        assert finish(recorder, points[k:]) == whole, (k, p.action)
        kinds.add(type(p.action).__name__)
    assert {"Double", "Take", "Pass", "PlayMoves", "Roll", "EndTurn"} <= kinds


def test_a_half_played_move_is_carried_on() -> None:
    whole, points = played(4)
    tried = 0
    for k, p in enumerate(points):
        if not (isinstance(p.action, PlayMoves) and len(p.action.moves) >= 2 and not p.before.moves):
            continue
        first, *rest = p.action.moves
        half = apply(p.before, Step(first.src, first.die))  # the clock's save keeps this
        recorder = MatchRecorder.resume(p.record, half)
        assert recorder.state is not None, k
        state = half
        for move in rest:
            after = apply(state, Step(move.src, move.die))
            recorder.observe(state, Step(move.src, move.die), after)
            state = after
        later = points[k + 1 :]
        if state.phase is Phase.MOVING:
            assert later and isinstance(later[0].action, EndTurn)
        assert finish(recorder, later) == whole, k
        tried += 1
    assert tried >= 5


def test_a_finished_game_is_not_reopened_for_a_save_outside_it() -> None:
    """Another match's new game at 0-0 is not inside the last game of a record that ended 3-x."""
    whole, _points = played(5)
    other = played(6)[1][0].after  # another match, just after its opening roll
    recorder = MatchRecorder.resume(whole, other)
    assert recorder.record() == whole and recorder.state is None
