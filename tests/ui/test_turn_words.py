"""Every turn says what happened (issue 36): the computer that cannot move is told so, and why, on the
status line and then in the last play's band; a die the whole play leaves unplayed says which and why;
the last play always says who moved, however long; the dice's fingerprint stands at the match's start
only, not each time a turn passes mid-game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.engine.flow import EndTurn, GameState, Phase, Roll, Rules, Step, apply
from game.engine.moves import Move
from game.engine.position import Position
from game.ui.app import App
from game.ui.play import panel
from game.ui.play.turn_words import unplayed_die
from game.ui.scenes.game import GameScene
from tests.helpers.ui_driver import close_screen, make_app, start_game

SHUT_OUT = Position.from_id("27YBBwCw58EDQA")
"""The player on roll has a checker on the bar and the other side holds all six points of its home."""


def counts(points: dict[int, int]) -> tuple[int, ...]:
    """A side's 25 counts from {point: checkers} (25: the bar)."""
    return tuple(points.get(i + 1, 0) for i in range(25))


def one_die_blocked(bar: int) -> Position:
    """On roll: ``bar`` checkers on the bar, the rest on point 1; the other side holds the player's
    points 20 and 14 (and 11 checkers on 17): with 6-5, bar/19 with the 6, then the 5 has no move."""
    me = counts({25: bar, 1: 15 - bar})
    opp = counts({5: 2, 11: 2, 8: 11})  # the other side's points 5, 11 and 8: the player's 20, 14 and 17
    return Position(me, opp)


@pytest.fixture
def app() -> Iterator[App]:
    made = make_app()
    yield made
    made.quit()
    close_screen()


def computer_game(app: App, state: GameState) -> GameScene:
    scene = start_game(app, mode="computer")
    scene.resume(state)
    return scene


def test_the_computer_that_cannot_move_says_so_and_why(app: App) -> None:
    rolled = apply(GameState(phase=Phase.ROLL, position=SHUT_OUT, turn=1, rules=Rules(5)), Roll((4, 2)))
    scene = computer_game(app, rolled)
    assert scene.state.turn_state().most == 0
    line = panel.status(scene)[0]
    assert line == i18n.tr("ui.no_move_bar_by_you", name=i18n.tr("ui.player_computer"), a=4, b=2)
    assert "your home points are closed" in line
    scene.game.do(EndTurn())  # the turn passes
    assert scene.state.last_player == 1 and scene.state.last_play == ()
    said = " ".join(panel.last_lines(scene, 2))
    assert said == i18n.tr("ui.last_no_move", name=i18n.tr("ui.player_computer"))
    assert panel.fingerprint_row(scene) is None  # the band says the pass: no fingerprint mid-game


def test_a_player_who_cannot_move_is_told_the_turn_passes(app: App) -> None:
    rolled = apply(GameState(phase=Phase.ROLL, position=SHUT_OUT, turn=0, rules=Rules(5)), Roll((4, 2)))
    scene = computer_game(app, rolled)
    assert panel.status(scene)[0] == (
        i18n.tr("ui.no_move_bar_you", a=4, b=2) + ". " + i18n.tr("ui.turn_passes")
    )
    scene.game.do(EndTurn())
    assert " ".join(panel.last_lines(scene, 2)) == i18n.tr("ui.last_no_move_you")


def test_the_fingerprint_stands_at_the_matchs_start_only(app: App) -> None:
    scene = start_game(app, mode="computer")
    assert scene.state.last_player is None
    assert panel.fingerprint_row(scene) == panel.last_row(scene)


@pytest.mark.parametrize(
    ("bar", "why"),
    [(1, i18n.Message("ui.why_closed")), (2, i18n.Message.of("ui.why_bar", point=20))],
)
def test_a_die_left_unplayed_says_which_and_why(app: App, bar: int, why: i18n.Message) -> None:
    rolled = apply(
        GameState(phase=Phase.ROLL, position=one_die_blocked(bar), turn=0, rules=Rules(5)), Roll((6, 5))
    )
    assert rolled.turn_state().most == 1  # only one die can be played: the 6, bar/19
    moved = apply(rolled, Step(25, 6))
    assert moved.turn_state().is_complete and moved.moves == (Move(25, 19, 6),)
    assert unplayed_die(moved) == (5, why)
    scene = computer_game(app, moved)
    line = panel.status(scene)[0]
    assert line == i18n.tr("ui.die_unplayed_you", die=5, why=i18n.tr_message(why))
    assert line.startswith("No move for the 5")


def test_a_whole_play_of_every_die_just_says_press_done(app: App) -> None:
    rolled = apply(
        GameState(phase=Phase.ROLL, position=Position.start(), turn=0, rules=Rules(5)), Roll((3, 1))
    )
    moved = apply(apply(rolled, Step(8, 3)), Step(6, 1))
    assert unplayed_die(moved) is None
    scene = computer_game(app, moved)
    assert panel.status(scene)[0] == i18n.tr("ui.move_complete_you")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_long_last_play_still_says_who_moved(app: App, lang: str) -> None:
    i18n.set_language(lang)
    rolled = apply(
        GameState(phase=Phase.ROLL, position=Position.start(), turn=1, rules=Rules(5)), Roll((6, 6))
    )
    played = rolled
    for src in (24, 24, 13, 13):
        played = apply(played, Step(src, 6))
    scene = computer_game(app, apply(played, EndTurn()))
    name = i18n.tr("ui.player_computer")
    for rows in (1, 2):
        lines = panel.last_lines(scene, rows)
        assert lines and name in lines[0], (lang, rows, lines)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_new_turn_line_fits_the_status_line_at_the_floor(app: App, lang: str) -> None:
    """At the floor size, inside the status line's room left of Menu (a Hungarian line once ran under it)."""
    from game.ui.text import CACHE, MIN_SIZE

    i18n.set_language(lang)
    try:
        computer = i18n.tr("ui.player_computer")
        lines = [
            i18n.tr("ui.no_move_by_you", name=computer, a=6, b=5),
            i18n.tr("ui.no_move_bar_by_you", name=computer, a=6, b=5),
        ]
        for why in (
            i18n.Message("ui.why_closed"),
            i18n.Message("ui.why_not_home"),
            i18n.Message.of("ui.why_bar", point=20),
        ):
            for key in ("ui.die_unplayed_you", "ui.die_unplayed_keys_you"):
                lines.append(i18n.translate_message(lang, i18n.Message.of(key, die=5, why=why, done="R")))
        room = panel.STATUS_RIGHT - panel.STATUS_LEFT
        font = CACHE.font(MIN_SIZE)
        for line in lines:
            assert font.size(line)[0] <= room, (lang, line, font.size(line)[0], room)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_pass_in_one_row_still_says_who_could_not_move(app: App, lang: str) -> None:
    """Under Roll and Double the last play has one row: "Edellinen: Tietokone …" said nothing."""
    i18n.set_language(lang)
    try:
        rolled = apply(GameState(phase=Phase.ROLL, position=SHUT_OUT, turn=1, rules=Rules(5)), Roll((4, 2)))
        scene = computer_game(app, apply(rolled, EndTurn()))
        (line,) = panel.last_lines(scene, 1)
        assert "…" not in line and i18n.tr("ui.player_computer") in line, (lang, line)
    finally:
        i18n.set_language("en")
