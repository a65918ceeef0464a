"""Fewer needless taps: forced plays and equal bear-offs made by themselves, only when the rules leave
one choice (settings, both off by default).

The rule checks compare with the engine itself over many positions (random games and every small
bear-off); the screen tests drive a two-player game with fixed steps and no input.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from game.ai import bearoff
from game.engine.flow import (
    EndTurn,
    GameState,
    MoveTo,
    OpeningRoll,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    apply,
    new_game,
)
from game.engine.moves import legal_plays
from game.engine.position import Position
from game.session import settings as st
from game.session.autoplay import AutoPlay, choose, equal_bearoff, forced_play
from game.ui.app import App
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import close_screen, drag, point_xy, start_game


def side(points: dict[int, int]) -> tuple[int, ...]:
    out = [0] * 25
    for point, n in points.items():
        out[point - 1] = n
    return tuple(out)


OPP_HOME = side({6: 5, 5: 5, 4: 5})
"""The opponent's checkers all in their home board: no contact."""


def moving(pos: Position, dice: tuple[int, int]) -> GameState:
    return GameState(phase=Phase.MOVING, position=pos, turn=0, dice=dice, rules=Rules(0))


def random_states(seed: int, games: int) -> Iterator[GameState]:
    """Every fresh turn (dice rolled, nothing moved) of ``games`` random games."""
    rng = random.Random(seed)
    for _ in range(games):
        s = new_game(Rules(0))
        while s.phase is Phase.OPENING:  # a tie rolls again
            s = apply(s, OpeningRoll(rng.randint(1, 6), rng.randint(1, 6)))
        for _ in range(400):
            if s.phase is Phase.ROLL:
                s = apply(s, Roll((rng.randint(1, 6), rng.randint(1, 6))))
            elif s.phase is Phase.MOVING:
                yield s
                assert s.dice is not None
                plays = legal_plays(s.position, s.dice)
                if plays and plays[0].moves:
                    s = apply(s, PlayMoves(rng.choice(plays).moves))
                if s.phase is Phase.MOVING:
                    s = apply(s, EndTurn())
            else:
                break


def test_a_forced_play_is_found_exactly_when_the_engine_lists_one_play() -> None:
    seen = {True: 0, False: 0}
    for s in random_states(5, 12):
        assert s.dice is not None
        plays = legal_plays(s.position, s.dice)
        one = len(plays) == 1 and bool(plays[0].moves)
        found = forced_play(s)
        assert (found is not None) == one
        if one:
            assert found == plays[0].moves
        seen[one] += 1
    assert seen[True] > 5 and seen[False] > 100  # the games met both cases


def test_no_forced_play_once_a_checker_was_moved() -> None:
    pos = Position(side({2: 3, 1: 2}), OPP_HOME)
    s = moving(pos, (6, 5))
    play = forced_play(s)
    assert play is not None and len(play) == 2
    assert forced_play(apply(s, MoveTo(play[0].src, play[0].dst))) is None


def chances(pos: Position) -> tuple[bearoff.Dist, bearoff.Dist]:
    table = bearoff.default_db()
    home = bearoff.home_side(pos.me)
    assert home is not None
    return table.finish(home), table.first_off(home)


def small_bearoffs() -> Iterator[GameState]:
    """Every way to leave one to four checkers in the home board, with every roll, against a
    no-contact opponent."""
    rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    for n in range(1, 5):
        for points in itertools.combinations_with_replacement(range(1, 7), n):
            counts: dict[int, int] = {}
            for p in points:
                counts[p] = counts.get(p, 0) + 1
            for dice in rolls:
                yield moving(Position(side(counts), OPP_HOME), dice)


def test_an_equal_bear_off_is_found_exactly_when_every_play_leaves_the_same_chances() -> None:
    """Checked against the bear-off table for every small bear-off: a play is made by itself exactly
    when all legal plays leave the same chances; and that is more than the forced plays (two checkers
    left on the 1 and the 4 with 2-1: bear one off, or bring both to the 1 — either way they both come
    off next roll)."""
    more_than_forced = 0
    for s in small_bearoffs():
        assert s.dice is not None
        plays = legal_plays(s.position, s.dice)
        equal = bool(plays[0].moves) and len({chances(p.position) for p in plays}) == 1
        found = equal_bearoff(s)
        assert (found is not None) == equal, (s.position, s.dice)
        if found is not None:
            assert found in [p.moves for p in plays]
            more_than_forced += len(plays) > 1
    assert more_than_forced > 50
    example = moving(Position(side({4: 1, 1: 1}), OPP_HOME), (2, 1))
    assert len(legal_plays(example.position, (2, 1))) == 2 and equal_bearoff(example) is not None


def test_plays_that_differ_are_left_to_the_player() -> None:
    """Checkers on the 4 and two on the 1 with 2-1: bearing one off leaves two that always come off
    next roll, bringing the 4 down leaves three: the player chooses."""
    s = moving(Position(side({4: 1, 1: 2}), OPP_HOME), (2, 1))
    assert len(legal_plays(s.position, (2, 1))) > 1
    assert equal_bearoff(s) is None and forced_play(s) is None


def test_no_bear_off_is_made_while_there_is_contact() -> None:
    """The same checkers with an opposing checker still behind them (it may be hit): not a race."""
    contact = side({6: 4, 5: 5, 4: 5, 22: 1})  # one opposing checker still on the mover's 3-point
    s = moving(Position(side({4: 1, 1: 1}), contact), (2, 1))
    assert not s.position.is_race()
    assert equal_bearoff(s) is None


def test_the_settings_choose_what_is_made() -> None:
    forced = moving(Position(side({2: 3, 1: 2}), OPP_HOME), (6, 5))
    equal = moving(Position(side({4: 1, 1: 1}), OPP_HOME), (2, 1))
    assert choose(forced, forced=False, bear_off=False) is None
    assert choose(forced, forced=True, bear_off=False) is not None
    assert choose(equal, forced=True, bear_off=False) is None  # two plays: not forced
    assert choose(equal, forced=False, bear_off=True) is not None
    settings = st.Settings()
    assert settings.auto_forced is False and settings.auto_bearoff is False
    assert AutoPlay(lambda: settings)(forced) is None


# -- on the screen ---------------------------------------------------------------------------------


@pytest.fixture()
def app() -> Iterator[App]:
    a = App(st.Settings(animation="fast"), threaded_ai=False)
    yield a
    close_screen()


def at_roll(app: App, me: dict[int, int], on: bool) -> GameScene:
    """A two-player game where White is about to roll in ``me``; the setting for forced plays ``on``."""
    app.apply_settings(st.with_value(app.settings, "auto_forced", on), save=False)
    scene = start_game(app, mode="two")
    before = GameState(phase=Phase.ROLL, position=Position(side(me), OPP_HOME), turn=0, rules=Rules(0))
    scene.resume(before)
    return scene


def run(app: App, steps: int) -> None:
    for _ in range(steps):
        app.step()


def test_a_forced_play_is_made_and_the_turn_passes_without_a_tap(app: App) -> None:
    scene = at_roll(app, {2: 3, 1: 2}, on=True)
    scene.do(Roll((6, 5)))
    assert len(legal_plays(scene.state.position, (6, 5))) == 1
    run(app, 30)  # the roll is seen first: nothing moved yet
    assert scene.state.phase is Phase.MOVING and not scene.state.moves
    run(app, 600)
    assert scene.state.turn == 1 and scene.state.position.opp == side({2: 1, 1: 2})


def test_without_the_setting_the_forced_play_waits_for_the_player(app: App) -> None:
    scene = at_roll(app, {2: 3, 1: 2}, on=False)
    scene.do(Roll((6, 5)))
    run(app, 1200)
    assert scene.state.phase is Phase.MOVING and scene.state.turn == 0 and not scene.state.moves


def test_a_roll_with_a_choice_waits_for_the_player_even_with_the_settings_on(app: App) -> None:
    app.apply_settings(st.with_value(app.settings, "auto_bearoff", True), save=False)
    scene = at_roll(app, {4: 1, 1: 2}, on=True)
    scene.do(Roll((2, 1)))
    run(app, 1200)
    assert scene.state.phase is Phase.MOVING and scene.state.turn == 0 and not scene.state.moves


def test_an_equal_bear_off_is_made_with_its_setting(app: App) -> None:
    """Checkers on the 4 and the 1 with 2-1: two plays, equal; made by itself (forced plays off)."""
    app.apply_settings(st.with_value(app.settings, "auto_bearoff", True), save=False)
    scene = at_roll(app, {4: 1, 1: 1}, on=False)
    scene.do(Roll((2, 1)))
    assert len(legal_plays(scene.state.position, (2, 1))) == 2
    run(app, 600)
    assert scene.state.turn == 1
    assert scene.state.position.opp in (side({2: 1}), side({1: 2}))


def test_a_player_who_moves_during_the_pause_keeps_the_turn(app: App) -> None:
    """The player moved a checker before the game did: the game leaves the rest of the turn alone."""
    scene = at_roll(app, {2: 3, 1: 2}, on=True)
    scene.do(Roll((6, 5)))
    run(app, 80)  # the dice have settled; the pause is not over
    assert not scene.state.moves
    drag(app, point_xy(0, 2), point_xy(0, 0))
    run(app, 600)
    assert scene.state.turn == 0 and len(scene.state.moves) == 1
