"""The coach's card during play, driven by synthetic events at the fixed step (headless).

A coached player's blunder brings "Are you sure?" up before the play counts; the expert's own play
passes without a card; Keep my move, Take it back and Show me the better move do what they say; the
coach asks once per decision and, after a kept mistake, lets the next small ones pass; cube actions
(a take that should be a pass, a pass that should be a take, a double too early) are held the same
way; the card fits the 1280x720 picture (and so 800x480, which is that picture scaled); the coach
is off where the one rule says so (two players, tournament rules, the player's "off").
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.ai import api
from game.ai.jobs import Where
from game.ai.question import CubeAction, Decision
from game.coach import render
from game.coach.examples import A_LITTLE_AHEAD, BEHIND, FAR_AHEAD, WELL_AHEAD
from game.coach.scale import BLUNDER
from game.coach.words import render_phrase
from game.engine import format_play
from game.engine.cube import Cube
from game.engine.flow import Double, GameState, Phase, PlayMoves, apply
from game.engine.moves import Play, legal_plays
from game.engine.position import Position
from game.session import coach as sc
from game.session import settings as st
from game.session.commands import Command
from game.session.controller import GameSetup
from game.ui import layout as L
from game.ui.app import App
from game.ui.play import coach_layout, panel
from game.ui.play.action_row import ACTION_ROW
from game.ui.scenes.game import GameScene
from game.ui.scenes.settings import SettingsScene
from game.ui.text import CACHE, READ_SIZE
from game.ui.widgets import PAD, fits
from tests.helpers.ui_driver import (
    button_xy,
    click,
    close_screen,
    let_dialog_show,
    make_app,
    point_xy,
    run_until,
    start_game,
)

START = Position.start()


@pytest.fixture()
def app() -> Iterator[App]:
    a = make_app(speed="fast", coach="blunders")
    yield a
    close_screen()


def moving(dice: tuple[int, int], pos: Position = START) -> GameState:
    return GameState(Phase.MOVING, pos, turn=0, dice=dice)


def game_vs_computer(app: App, state: GameState) -> GameScene:
    scene = GameScene(app, GameSetup(mode="computer", match_length=0, seed=3))
    app.scenes.reset(scene)
    scene.resume(state)
    return scene


def ranked(dice: tuple[int, int]) -> tuple[sc.RollStudy, list[Play]]:
    """The study of ``dice`` from the start and its plays, the worst first."""
    study = sc.study_roll(START, dice)
    plays = sorted(legal_plays(START, dice), key=lambda p: -(study.loss(p.position) or 0.0))
    return study, plays


def play_and_press_done(app: App, scene: GameScene, play: Play) -> None:
    assert scene.do(PlayMoves(play.moves)) is None
    click(app, button_xy(scene, i18n.tr("ui.done")))


def card_labels(scene: GameScene) -> list[str]:
    return [b.label for b in scene.modal.buttons]


PLAY_LABELS = [i18n.tr("coach.card.back"), i18n.tr("coach.card.show"), i18n.tr("coach.card.keep")]


def test_a_blunder_brings_the_card_up_before_the_play_counts(app: App) -> None:
    study, plays = ranked((6, 4))
    worst = plays[0]
    scene = game_vs_computer(app, moving((6, 4)))
    play_and_press_done(app, scene, worst)
    verdict = scene.coach.verdict
    assert verdict is not None and verdict.loss >= BLUNDER
    assert scene.state.phase is Phase.MOVING and scene.state.turn == 0  # not counted yet
    assert card_labels(scene) == PLAY_LABELS
    text = scene.coach.reason_text()
    # In words, without the notation of the expert's move: no arrows stand beside the card (issue 36)
    assert text and text == render_phrase(verdict.reason, "en", notation=False)
    assert format_play(verdict.better_moves) in render((verdict.reason,), "en")
    assert format_play(verdict.better_moves) not in text and "the expert's move" in text
    assert study.best is not None and verdict.better_moves == study.best.moves
    assert scene.coach.delays and scene.coach.delays[-1] >= 0.0
    assert panel.status(scene)[0] == i18n.tr("coach.card.status")  # the line says it does not count yet
    app.draw(0.0)  # the card draws


def test_the_experts_own_play_passes_without_a_card(app: App) -> None:
    best = api.hint(START, (6, 4))
    assert best is not None
    scene = game_vs_computer(app, moving((6, 4)))
    play_and_press_done(app, scene, best)
    assert scene.coach.verdict is None and not scene.coach.holding
    assert scene.state.last_player == 0 and scene.state.last_play == best.moves  # the turn ended


def test_keep_my_move_lets_it_count_and_the_next_small_mistakes_pass(app: App) -> None:
    _, plays = ranked((6, 4))
    scene = game_vs_computer(app, moving((6, 4)))
    play_and_press_done(app, scene, plays[0])
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("coach.card.keep")))
    assert scene.coach.verdict is None and scene.status_note == ""
    assert scene.state.last_player == 0 and scene.state.last_play == plays[0].moves  # it counted
    assert scene.coach.coach.quiet == sc.QUIET_DECISIONS
    # The next decision: a blunder smaller than the quiet floor passes without a card.
    study, plays = ranked((6, 1))
    small = next(p for p in plays if BLUNDER <= (study.loss(p.position) or 0.0) < sc.QUIET_FLOOR)
    scene.resume(moving((6, 1)))
    play_and_press_done(app, scene, small)
    assert scene.coach.verdict is None
    assert scene.state.last_player == 0 and scene.state.last_play == small.moves


def test_take_it_back_undoes_the_play_and_the_coach_asks_once(app: App) -> None:
    _, plays = ranked((6, 4))
    scene = game_vs_computer(app, moving((6, 4)))
    play_and_press_done(app, scene, plays[0])
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("coach.card.back")))
    assert scene.coach.verdict is None and not scene.modal.buttons
    assert scene.state.phase is Phase.MOVING and scene.state.moves == ()  # back at the turn's start
    play_and_press_done(app, scene, plays[0])  # the same play again: it is the player's choice now
    assert scene.coach.verdict is None
    assert scene.state.last_player == 0 and scene.state.last_play == plays[0].moves


def test_show_me_takes_it_back_and_draws_the_experts_play_as_arrows(app: App) -> None:
    study, plays = ranked((6, 4))
    scene = game_vs_computer(app, moving((6, 4)))
    play_and_press_done(app, scene, plays[0])
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("coach.card.show")))
    assert scene.state.moves == ()
    assert study.best is not None and scene.hints.moves == study.best.moves
    assert scene.hints.arrows()  # drawn as the Hint draws them
    assert scene.flash_text == i18n.tr("coach.card.shown")


def test_a_tap_beside_the_card_says_what_it_waits_for_and_moves_nothing(app: App) -> None:
    _, plays = ranked((6, 4))
    scene = game_vs_computer(app, moving((6, 4)))
    play_and_press_done(app, scene, plays[0])
    let_dialog_show(app, scene)
    moves = scene.state.moves
    click(app, (L.BOARD_X + 200, L.MID_Y))
    assert scene.flash_text == i18n.tr("coach.card.choose") and scene.coach.verdict is not None
    assert scene.state.moves == moves


def test_the_card_waits_for_its_guard_before_a_press_counts(app: App) -> None:
    _, plays = ranked((6, 4))
    scene = game_vs_computer(app, moving((6, 4)))
    play_and_press_done(app, scene, plays[0])
    click(app, button_xy(scene, i18n.tr("coach.card.keep")))  # a hurried second tap
    assert scene.coach.verdict is not None and scene.state.phase is Phase.MOVING


@pytest.mark.parametrize(
    ("setting", "mode", "level", "asked", "aids", "coached"),
    [
        ("auto", "two", None, False, True, False),  # two players: off unless switched on
        ("blunders", "two", None, False, True, True),
        ("auto", "computer", "beginner", False, True, True),
        ("auto", "computer", "expert", False, True, False),
        ("auto", "computer", "expert", True, True, True),  # Learn to play's first game
        ("off", "computer", "beginner", True, True, False),  # the player's "off" wins
        ("mistakes", "computer", "beginner", False, False, False),  # tournament rules: no aids
    ],
)
def test_the_game_follows_the_one_rule(
    setting: str, mode: str, level: str | None, asked: bool, aids: bool, coached: bool
) -> None:
    app = make_app(speed="fast", coach=setting)
    try:
        _, plays = ranked((6, 4))
        setup = GameSetup(mode=mode, match_length=0, seed=3, level=level, coach=asked, aids=aids)
        scene = GameScene(app, setup)
        app.scenes.reset(scene)
        scene.resume(moving((6, 4)))
        play_and_press_done(app, scene, plays[0])
        assert scene.coach.on is coached
        assert (scene.coach.verdict is not None) is coached
        assert (scene.state.last_player == 0) is not coached  # else the play counted at once
    finally:
        close_screen()


def test_a_cabinets_coach_studies_the_roll_in_a_worker_while_the_player_moves() -> None:
    app = make_app(speed="fast", coach="blunders")
    try:
        scene = start_game(app, mode="computer", seed=3, match_length=0)
        scene.coach.where = Where.WORKER  # as on a cabinet (the scene asks there when its AI is threaded)
        _, plays = ranked((6, 4))
        scene.resume(moving((6, 4)))
        roll = scene.coach.roll
        assert roll is not None and roll.study_job is not None  # started when the dice landed
        assert roll.study_job.wait(120)
        app.step()  # the study's answer is merged at the next step
        assert roll.study.valued and not roll.study.explained
        assert scene.do(PlayMoves(plays[0].moves)) is None
        app.step()  # the play is complete: its reason is worked out before Done
        assert roll.explaining is not None and roll.explaining[0] == plays[0].position
        assert roll.explaining[1].wait(120)
        app.step()
        assert plays[0].position in roll.study.explained
        click(app, button_xy(scene, i18n.tr("ui.done")))
        assert scene.coach.verdict is not None  # a look-up: no wait at Done
    finally:
        close_screen()


def test_done_before_the_study_is_back_is_answered_by_a_small_job() -> None:
    """The player presses Done the moment the dice land: the play made alone is judged (a second
    job), the same card as from the whole study, and the study is withdrawn."""
    app = make_app(speed="fast", coach="blunders")
    try:
        scene = start_game(app, mode="computer", seed=3, match_length=0)
        scene.coach.where = Where.WORKER
        study, plays = ranked((6, 4))
        scene.resume(moving((6, 4)))
        roll = scene.coach.roll
        assert roll is not None and roll.study_job is not None
        play_and_press_done(app, scene, plays[0])
        assert roll.explaining is not None and roll.explaining[0] == plays[0].position
        assert scene.coach.busy and roll.explaining[1].wait(120)
        app.step()
        verdict = scene.coach.verdict
        assert not scene.coach.busy and verdict is not None
        assert verdict == sc.play_verdict(study, plays[0].position, plays[0].moves, sc.Coach("blunders"))
        assert roll.study_job is None  # merged, or withdrawn once the judgement answered
    finally:
        close_screen()


# -- cube actions -------------------------------------------------------------------------------


def offered_to_human(pos_of_doubler: Position) -> GameState:
    return apply(GameState(Phase.ROLL, pos_of_doubler, turn=1, cube=Cube()), Double())


def test_a_take_that_should_be_a_pass_is_held_and_keep_takes_it(app: App) -> None:
    scene = game_vs_computer(app, offered_to_human(FAR_AHEAD))
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("ui.take")))
    verdict = scene.coach.verdict
    assert verdict is not None and verdict.kind == Decision.TAKE and verdict.action == CubeAction.TAKE
    assert verdict.better_action == CubeAction.PASS
    assert card_labels(scene)[2] == i18n.tr("coach.card.keep_cube")
    assert scene.state.phase is Phase.CUBE_OFFERED
    assert panel.status(scene)[0] == i18n.tr("coach.card.status_cube")
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("coach.card.keep_cube")))
    run_until(app, lambda: scene.state.phase is not Phase.CUBE_OFFERED, 2000)
    assert scene.state.cube == Cube(2, 0)


def test_choose_again_brings_the_offer_back_and_asks_once(app: App) -> None:
    scene = game_vs_computer(app, offered_to_human(A_LITTLE_AHEAD))
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("ui.pass")))
    assert scene.coach.verdict is not None and scene.coach.verdict.action == CubeAction.PASS
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("coach.card.back_cube")))
    assert scene.coach.verdict is None and i18n.tr("ui.take") in card_labels(scene)
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("ui.pass")))  # asked once: this pass goes through
    assert scene.coach.verdict is None
    run_until(app, lambda: scene.state.phase is Phase.GAME_OVER, 2000)


def test_show_me_the_better_choice_shows_the_cube_advice(app: App) -> None:
    scene = game_vs_computer(app, offered_to_human(A_LITTLE_AHEAD))
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("ui.pass")))
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("coach.card.show_cube")))
    assert scene.hints.cube is not None and scene.hints.cube.response == "take"
    assert scene.hints.cube_lines()
    assert scene.state.phase is Phase.CUBE_OFFERED  # nothing answered yet


def test_a_double_too_early_is_held(app: App) -> None:
    scene = game_vs_computer(app, GameState(Phase.ROLL, BEHIND, turn=0, cube=Cube()))
    click(app, button_xy(scene, i18n.tr("ui.double")))
    assert scene.coach.verdict is not None and scene.coach.verdict.action == CubeAction.DOUBLE
    assert scene.state.phase is Phase.ROLL
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("coach.card.keep_cube")))
    assert scene.state.phase is Phase.CUBE_OFFERED


def test_rolling_where_doubling_was_better_is_held_before_the_dice_fall(app: App) -> None:
    """Issue 36: a missed double is raised as a checker blunder is, at Roll, in plain words."""
    scene = game_vs_computer(app, GameState(Phase.ROLL, WELL_AHEAD, turn=0, cube=Cube()))
    click(app, button_xy(scene, i18n.tr("ui.roll")))
    verdict = scene.coach.verdict
    assert verdict is not None and verdict.kind == Decision.DOUBLE
    assert verdict.action == CubeAction.NO_DOUBLE and verdict.better_action == CubeAction.DOUBLE
    assert verdict.reason.key == "coach.cube.missed_take"
    assert scene.coach.reason_text().startswith("You could double here")
    assert scene.state.phase is Phase.ROLL and scene.state.dice is None  # nothing rolled yet
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("coach.card.back_cube")))  # choose again: and double
    assert scene.coach.verdict is None and scene.state.phase is Phase.ROLL
    click(app, button_xy(scene, i18n.tr("ui.double")))  # asked once: the double goes through
    assert scene.state.phase is Phase.CUBE_OFFERED


def test_keep_my_choice_on_a_missed_double_rolls(app: App) -> None:
    scene = game_vs_computer(app, GameState(Phase.ROLL, WELL_AHEAD, turn=0, cube=Cube()))
    scene.command(Command.DONE)  # the key that rolls
    assert scene.coach.verdict is not None and scene.coach.verdict.action == CubeAction.NO_DOUBLE
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("coach.card.keep_cube")))
    assert scene.coach.verdict is None and scene.state.dice is not None


def test_a_checker_touched_before_the_roll_asks_the_coach_first(app: App) -> None:
    """A newcomer reaching for a checker has the dice rolled for him: not when the coach asks."""
    scene = game_vs_computer(app, GameState(Phase.ROLL, WELL_AHEAD, turn=0, cube=Cube()))
    click(app, point_xy(0, 6))
    assert scene.coach.verdict is not None and scene.state.phase is Phase.ROLL


def test_a_roll_where_no_double_is_right_or_allowed_goes_through(app: App) -> None:
    for state in (
        GameState(Phase.ROLL, BEHIND, turn=0, cube=Cube()),  # no double is right
        GameState(Phase.ROLL, WELL_AHEAD, turn=0, cube=Cube(2, 1)),  # the computer owns the cube
    ):
        scene = game_vs_computer(app, state)
        scene.command(Command.DONE)
        assert scene.coach.verdict is None and scene.state.dice is not None


def test_a_cabinets_coach_asks_about_the_cube_when_the_turn_starts() -> None:
    """Beside the loop the advice is asked as the turn starts, so Roll is a look-up."""
    app = make_app(speed="fast", coach="blunders")
    try:
        scene = start_game(app, mode="computer", seed=3, match_length=0)
        scene.coach.where = Where.WORKER
        scene.resume(GameState(Phase.ROLL, WELL_AHEAD, turn=0, cube=Cube()))
        job = scene.coach.cube_job
        assert job is not None and job.wait(120)
        scene.command(Command.DONE)
        assert scene.coach.verdict is not None and scene.coach.verdict.action == CubeAction.NO_DOUBLE
    finally:
        close_screen()


def test_the_right_take_passes_without_a_card(app: App) -> None:
    scene = game_vs_computer(app, offered_to_human(A_LITTLE_AHEAD))
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("ui.take")))
    assert scene.coach.verdict is None and scene.answer_window.take is True  # no card: its Undo window
    run_until(app, lambda: scene.state.phase is not Phase.CUBE_OFFERED, 2000)
    assert scene.state.cube == Cube(2, 0)


def test_a_kept_answer_still_waits_its_undo_window(app: App) -> None:
    """The coach asks first; a take kept on its card is then a tapped answer like any other."""
    scene = game_vs_computer(app, offered_to_human(FAR_AHEAD))
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("ui.take")))
    let_dialog_show(app, scene)
    click(app, button_xy(scene, i18n.tr("coach.card.keep_cube")))
    assert scene.coach.verdict is None and scene.answer_window.take is True
    assert scene.state.phase is Phase.CUBE_OFFERED and scene.status_note != ""


def test_the_take_key_asks_the_coach_then_counts_at_once(app: App) -> None:
    scene = game_vs_computer(app, offered_to_human(FAR_AHEAD))
    let_dialog_show(app, scene)
    scene.command(Command.TAKE)
    assert scene.coach.verdict is not None and scene.coach.verdict.action == CubeAction.TAKE
    let_dialog_show(app, scene)
    scene.command(Command.TAKE)  # the same key again: yes, I am sure
    assert not scene.answer_window.open and scene.state.cube == Cube(2, 0)


# -- it fits --------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_card_fits_the_panel_and_its_reason_is_whole(lang: str) -> None:
    """The longest reasons the coach gives fit the card at the floor size (16 window pixels at 800x480),
    above its buttons."""
    pygame.init()
    try:
        i18n.set_language(lang)
        card = coach_layout.card_rect()
        assert card.left >= L.PANEL_X and card.right <= L.W and card.top >= L.STATUS_H
        assert card.bottom <= L.H
        rects = coach_layout.button_rects()
        assert all(card.contains(r) for r in rects)
        assert all(not a.colliderect(b) for a in rects for b in rects if a is not b)
        room = coach_layout.reason_room()
        width = coach_layout.text_width()
        longest = 0
        for key, text in i18n.catalogue(lang).items():
            if key.startswith("coach.") and not key.startswith("coach.hint.") and "{" in text:
                filled = text
                for name in i18n.placeholders(text):
                    value = "24/18 13/11 8/5(2)" if name == "best" else "20"
                    filled = filled.replace("{" + name + "}", value)
                lines, size, pitch = coach_layout.reason_layout(filled, width)
                assert size == coach_layout.REASON_SIZE == READ_SIZE
                longest = max(longest, len(lines))
                assert all(CACHE.font(READ_SIZE).size(line)[0] <= width for line in lines), filled
                assert len(lines) * pitch <= room, (lang, key, len(lines))
        assert longest >= 3  # the longest reasons need several rows: the room is really tested
        for key in ("keep", "back", "show", "keep_cube", "back_cube", "show_cube"):
            label = i18n.tr("coach.card." + key)
            assert fits(label, READ_SIZE, rects[0].width - PAD, lines=2), label
        for rect in rects:  # clear of where the tap that brought the card up landed
            assert not rect.colliderect(ACTION_ROW)  # Roll and Double, then Done, stand in that row
    finally:
        i18n.set_language("en")
        close_screen()


# -- keys and a controller ----------------------------------------------------------------------------


def test_the_same_cube_key_again_keeps_the_answer(app: App) -> None:
    scene = game_vs_computer(app, offered_to_human(FAR_AHEAD))
    let_dialog_show(app, scene)
    scene.command(Command.TAKE)
    assert scene.coach.verdict is not None and scene.state.phase is Phase.CUBE_OFFERED
    scene.command(Command.TAKE)  # too soon: the card's guard
    assert scene.coach.verdict is not None
    let_dialog_show(app, scene)
    scene.command(Command.PASS)  # the other key is no answer to "Are you sure?"
    assert scene.coach.verdict is not None
    scene.command(Command.TAKE)
    assert scene.coach.verdict is None and scene.state.cube == Cube(2, 0)


def test_done_on_the_card_shows_the_focus_then_takes_the_play_back(app: App) -> None:
    _, plays = ranked((6, 4))
    scene = game_vs_computer(app, moving((6, 4)))
    assert scene.do(PlayMoves(plays[0].moves)) is None
    scene.command(Command.DONE)
    assert scene.coach.verdict is not None
    let_dialog_show(app, scene)
    scene.command(Command.DONE)
    focused = scene.modal.focused()
    assert focused is not None and focused.label == i18n.tr("coach.card.back")
    scene.command(Command.DONE)
    assert scene.coach.verdict is None and scene.state.moves == ()


def test_a_new_game_clears_the_card(app: App) -> None:
    _, plays = ranked((6, 4))
    scene = game_vs_computer(app, moving((6, 4)))
    play_and_press_done(app, scene, plays[0])
    assert scene.coach.verdict is not None
    scene.next_game()
    assert scene.coach.verdict is None and not scene.coach.holding and scene.status_note == ""


# -- the settings screens ---------------------------------------------------------------------------


def test_the_settings_screen_has_a_coach_row_that_steps_through_the_modes_and_saves(tmp_path: Path) -> None:
    app = App(st.Settings(animation="fast"), data_dir=tmp_path, threaded_ai=False)
    try:
        scene = SettingsScene(app)
        app.scenes.push(scene)
        names = [name for name, _, _ in scene.rows()]
        assert "coach" in names
        row = scene.buttons.buttons[names.index("coach")]
        assert row.label == i18n.tr("coach.mode.auto")
        seen = []
        for _ in sc.MODES:
            click(app, row.rect.center)
            row = scene.buttons.buttons[names.index("coach")]
            seen.append(app.settings.coach)
            assert row.label == i18n.tr(f"coach.mode.{app.settings.coach}")
        assert seen == ["off", "blunders", "mistakes", "auto"]
        assert st.load_settings(tmp_path).coach == "auto"
        click(app, row.rect.center)
        assert st.load_settings(tmp_path).coach == "off"  # saved at once, as every row is
    finally:
        close_screen()


@pytest.mark.parametrize("operator", [False, True])
def test_the_settings_rows_stay_on_screen_and_clear_of_back(tmp_path: Path, operator: bool) -> None:
    """The operator's screen has 13 rows with the coach's: three columns, none under Back."""
    app = App(st.Settings(animation="fast"), data_dir=tmp_path, threaded_ai=False)
    try:
        scene = SettingsScene(app, operator=operator)
        rows = scene.buttons.buttons[: len(scene.fields())]
        back = next(b for b in scene.buttons.buttons if b.label == i18n.tr("button.back"))
        screen = pygame.Rect(0, 0, L.W, L.H)
        for b in rows:
            assert screen.contains(b.rect) and not b.rect.colliderect(back.rect), b.label
        assert all(not a.rect.colliderect(b.rect) for a in rows for b in rows if a is not b)
    finally:
        close_screen()
