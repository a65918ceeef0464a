"""The match clock, driven by fixed steps: delay before bank, the bank running out, cube pauses, saving."""

from __future__ import annotations

import json

import pytest

from game.engine import (
    Double,
    EndTurn,
    OpeningRoll,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    Take,
    apply,
    legal_plays,
    new_game,
)
from game.session.clock import PRESETS, ClockSettings, MatchClock

STEP = 0.25  # exact in binary: sums of steps are exact


def run_for(clock: MatchClock, seconds: float) -> int | None:
    flagged = None
    for _ in range(round(seconds / STEP)):
        flagged = clock.tick(STEP) if flagged is None else flagged
    return flagged


def test_bank_is_two_minutes_a_point_less_one_a_point_scored() -> None:
    usbgf = PRESETS["usbgf"]
    assert usbgf.bank_for(7) == 14 * 60
    assert usbgf.bank_for(7, (2, 3)) == 9 * 60
    assert usbgf.bank_for(7, (6, 6)) == 2 * 60
    assert MatchClock(usbgf, 5).banks == [600.0, 600.0]
    assert PRESETS["usbgf-doubles"].bank_for(5) == 750 and PRESETS["usbgf-doubles"].delay == 18
    with pytest.raises(ValueError):
        usbgf.bank_for(0)
    with pytest.raises(ValueError):
        ClockSettings(bank_per_point=0)


def test_the_delay_is_used_before_the_bank_and_renewed_each_turn() -> None:
    clock = MatchClock(PRESETS["usbgf"], 3)  # 360 s each
    clock.run(0)
    run_for(clock, 10)
    assert clock.banks == [360, 360] and clock.delay_left == 2
    run_for(clock, 5)  # 2 s of delay left, 3 s from the bank
    assert clock.banks == [357, 360]
    assert clock.shown(0) == (0, 357) and clock.shown(1) == (12, 360)
    clock.run(1)
    run_for(clock, 12)
    assert clock.banks == [357, 360]
    clock.run(0)  # a new turn: a fresh delay, the unused part was not saved
    assert clock.delay_left == 12
    run_for(clock, 12.5)
    assert clock.banks == [356.5, 360]
    clock.run(0)  # the same clock again within a turn: the delay is not renewed
    run_for(clock, 1)
    assert clock.banks == [355.5, 360]


def test_nothing_runs_when_stopped_or_paused() -> None:
    clock = MatchClock(PRESETS["usbgf"], 1)
    run_for(clock, 100)
    assert clock.banks == [120, 120]
    clock.run(1)
    run_for(clock, 12)
    clock.pause()
    run_for(clock, 100)
    clock.resume()
    run_for(clock, 1)
    assert clock.banks == [120, 119]
    with pytest.raises(ValueError):
        clock.tick(-1)


def test_a_bank_running_out_loses_the_match_and_stops_the_clock() -> None:
    clock = MatchClock(ClockSettings(bank_per_point=30, delay=12), 1)
    clock.run(1)
    assert run_for(clock, 41.75) is None and clock.banks[1] == 0.25
    assert clock.tick(STEP) == 1
    assert clock.lost_on_time == 1 and clock.winner_on_time == 0 and clock.running is None
    assert clock.banks[1] == 0 and clock.shown(1)[1] == 0
    clock.run(0)  # nothing restarts a finished clock
    assert clock.running is None and clock.tick(10) is None and clock.banks[0] == 30


def test_an_overshooting_step_empties_the_bank_to_zero() -> None:
    clock = MatchClock(ClockSettings(bank_per_point=30, delay=0), 1)
    clock.run(0)
    assert clock.tick(31) == 0 and clock.banks[0] == 0


def test_following_the_game_runs_the_player_on_roll_and_the_doubled_player_on_a_cube() -> None:
    clock = MatchClock(PRESETS["usbgf"], 5)
    state = new_game(Rules(match_length=5))
    clock.follow(state)
    assert clock.running is None  # the opening roll: both stopped
    state = apply(state, OpeningRoll(5, 2))  # player 0 won the opening and moves
    clock.follow(state)
    assert clock.running == 0
    run_for(clock, 20)
    assert clock.banks == [592, 600]
    assert state.dice is not None
    state = apply(state, PlayMoves(legal_plays(state.position, state.dice)[0].moves))
    state = apply(state, EndTurn()) if state.phase is Phase.MOVING else state
    clock.follow(state)
    assert clock.running == 1 and clock.delay_left == 12
    state = apply(state, Double())  # player 1 doubles: player 1's clock stops, player 0 decides
    clock.follow(state)
    assert clock.running == 0 and clock.delay_left == 12
    run_for(clock, 30)
    assert clock.banks == [574, 600]  # the decision is on the doubled player's own clock
    state = apply(state, Take())
    clock.follow(state)
    assert clock.running == 1 and clock.delay_left == 12  # back to the doubler, a fresh delay
    state = apply(state, Roll((3, 1)))
    clock.follow(state)
    assert clock.running == 1 and clock.delay_left == 12  # rolling does not renew the delay


def test_the_clock_survives_a_save() -> None:
    clock = MatchClock(PRESETS["quick"], 3, (1, 0))
    clock.run(1)
    run_for(clock, 20)
    clock.pause()
    back = MatchClock.from_dict(json.loads(json.dumps(clock.to_dict())))
    assert back.to_dict() == clock.to_dict()
    for broken in [
        {},
        {"settings": [1, 2]},
        {**clock.to_dict(), "running": 2},
        {**clock.to_dict(), "banks": [1]},
    ]:
        with pytest.raises(ValueError):
            MatchClock.from_dict(broken)
