"""Learn to play on screen, driven by synthetic events at the fixed step: a right play and its
confirmation, a refused move with the engine's reason, a legal other play with the hint and a second
try, the cube steps, skip, again, back, the whole run to "Play your first game", the ways in (the
title's button, its one-time offer, the kiosk's), and that a lesson is never saved, recorded or counted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.engine.flow import Phase
from game.session import persist
from game.session import settings as st
from game.session.commands import Command
from game.session.lessons import load_lessons, parse_step
from game.ui.app import App, Launch
from game.ui.input import Intent, IntentKind
from game.ui.layout import LAYOUT
from game.ui.play import lesson as learn_mod
from game.ui.play.lesson import INNER_W
from game.ui.scenes.game import GameScene
from game.ui.scenes.learn import LearnScene
from game.ui.scenes.title import TitleScene
from game.ui.text import CACHE, MIN_SIZE, READ_SIZE, TextCache
from game.ui.tools.learn_screenshots import Driver, point_xy
from game.ui.widgets import PAD, fits
from tests.helpers.ui_driver import close_screen

pytestmark = pytest.mark.usefixtures("ui_reset")

STEPS = load_lessons()
INDEX = {s.id: i for i, s in enumerate(STEPS)}


def open_lessons(tmp_path: Path, step: str = "move", lang: str = "en") -> tuple[App, LearnScene, Driver]:
    app = App(st.Settings(language=lang, animation="fast"), data_dir=tmp_path, threaded_ai=False)
    scene = LearnScene(app, start=INDEX[step])
    app.scenes.reset(scene)
    hands = Driver(app)
    hands.step(2)
    return app, scene, hands


def test_a_right_play_is_confirmed_and_next_goes_on(tmp_path: Path) -> None:
    _app, scene, hands = open_lessons(tmp_path)
    assert scene.outcome == "" and scene.step.lit == (13,)
    hands.drag(point_xy(24), point_xy(13))  # one checker, both dice: 24/18/13
    hands.judged(scene)
    assert scene.feedback == i18n.tr("learn.move.right") and scene.feedback_kind == "right"
    assert [b.colour for b in scene.lesson_buttons.buttons] == ["blue", "green"]  # Next lights up
    assert len(scene.buttons.buttons) == 1  # Done and Undo have gone: the step is over
    hands.drag(point_xy(13), point_xy(7))  # the board no longer takes moves
    hands.step(5)
    assert scene.outcome == "right" and scene.state.moves
    hands.next(scene)
    assert scene.step.id == "point" and scene.outcome == "" and scene.feedback == ""


def test_a_refused_move_gets_the_engines_reason_and_a_second_try(tmp_path: Path) -> None:
    _app, scene, hands = open_lessons(tmp_path, "enter", lang="fi")
    start = scene.state.position
    hands.drag(point_xy(13), point_xy(7))  # a checker on the bar comes in first
    hands.step(3)
    reason = i18n.translate_message("fi", i18n.Message.of("engine.enter_first"))
    assert scene.flash_text == reason and scene.flash_time > 0  # the status line, as in a game
    assert scene.feedback == reason and scene.feedback_kind == "refused"  # and in the card
    assert scene.status_line()[0] == reason
    assert scene.state.position == start and not scene.state.moves and scene.outcome == ""
    hands.perform(scene)  # the second try: bar/22 24/18
    hands.judged(scene)
    assert scene.feedback == i18n.translate("fi", "learn.enter.right")


def test_a_legal_play_that_is_not_the_lessons_gets_the_hint_and_goes_back(tmp_path: Path) -> None:
    _app, scene, hands = open_lessons(tmp_path, "hit")
    start = scene.state.position
    hands.drag(point_xy(13), point_xy(9))  # 13/9 13/11: legal, and no hit
    hands.move(scene, 13, 11)
    hands.until(lambda: scene.outcome == "hint")
    assert scene.feedback == i18n.tr("learn.hit.hint") and scene.feedback_kind == "hint"
    hands.until(lambda: scene.take_back_in is None and not scene.anim.busy)
    assert scene.state.position == start and not scene.state.moves  # slid back for another try
    assert scene.feedback == i18n.tr("learn.hit.hint")  # the hint stays up while they try again
    hands.perform(scene)  # 8/4* 6/4
    hands.judged(scene)
    assert scene.state.position.opp[24] == 1  # the black blot is on the bar


def test_the_higher_and_lower_die_gestures_play_the_lesson(tmp_path: Path) -> None:
    """Double-click = the higher die, right-click = the lower die: 8/5 with the 3, 6/5 with the 1."""
    _app, scene, hands = open_lessons(tmp_path, "point")
    x, y = point_xy(8)
    hands.event(pygame.MOUSEBUTTONDOWN, (x, y), button=1, clicks=1, touch=False)
    hands.event(pygame.MOUSEBUTTONUP, (x, y), button=1, touch=False)
    hands.step()
    hands.event(pygame.MOUSEBUTTONDOWN, (x, y), button=1, clicks=2, touch=False)
    hands.event(pygame.MOUSEBUTTONUP, (x, y), button=1, touch=False)
    hands.step()
    hands.still(scene)
    x, y = point_xy(6)
    hands.event(pygame.MOUSEBUTTONDOWN, (x, y), button=3, clicks=1, touch=False)
    hands.event(pygame.MOUSEBUTTONUP, (x, y), button=3, touch=False)
    hands.step()
    hands.judged(scene)
    assert scene.feedback == i18n.tr("learn.point.right")


def test_tap_then_tap_and_the_keyboard_play_too(tmp_path: Path) -> None:
    _app, scene, hands = open_lessons(tmp_path, "bear_off")
    hands.press(point_xy(5))  # tap the checker, then the tray
    hands.press(point_xy(0))
    hands.still(scene)
    assert scene.state.position.my_off == STEPS[INDEX["bear_off"]].position.my_off + 1
    scene.handle(Intent(IntentKind.NAV, command=Command.RIGHT))  # the keyboard cursor shows ...
    for _ in range(4):
        if scene.cursor.point == 2:
            break
        scene.handle(Intent(IntentKind.NAV, command=Command.RIGHT))
    scene.handle(Intent(IntentKind.NAV, command=Command.SELECT))  # ... picks up the checker on 2 ...
    assert scene.hands.selected == 2
    scene.handle(Intent(IntentKind.NAV, command=Command.SELECT))  # ... and plays it to its one target: off
    hands.judged(scene)
    scene.handle(Intent(IntentKind.NAV, command=Command.SELECT))  # Enter on a finished step: Next
    assert scene.step.id == "take"


def test_a_step_where_nothing_can_move_is_done_with_done(tmp_path: Path) -> None:
    """A step may light Done (a checker shut out on the bar); the shipped lessons leave it to the game,
    which says why nothing moves, so the step is made here."""
    shut_out = parse_step(
        {
            "id": "shut_out",
            "kind": "move",
            "position": "27YBBwCw58EDQA",
            "dice": [4, 2],
            "accept": [""],
            "button": "done",
            "says": ["no_move"],
        },
        0,
    )
    app = App(st.Settings(animation="fast"), data_dir=tmp_path, threaded_ai=False)
    scene = LearnScene(app, steps=[shut_out])
    app.scenes.reset(scene)
    hands = Driver(app)
    hands.step(2)
    assert scene.state.turn_state().most == 0
    button = scene.lit_button()
    assert button is not None and button.action == scene.end_turn  # Done is lit
    hands.drag(point_xy(25), point_xy(22))  # trying anyway: the game says why nothing moves
    hands.step(2)
    assert scene.feedback and scene.outcome == ""
    hands.perform(scene)
    assert scene.outcome == "right"


def test_answering_a_double(tmp_path: Path) -> None:
    _app, scene, hands = open_lessons(tmp_path, "take")
    assert scene.state.phase is Phase.CUBE_OFFERED
    hands.until(lambda: scene.modal_ready)
    _take, pass_ = scene.modal.buttons
    hands.press(pass_.rect.center)  # legal, but not the lesson's: the hint, and the double still stands
    assert scene.outcome == "hint" and scene.feedback == i18n.tr("learn.take.hint")
    assert scene.state.phase is Phase.CUBE_OFFERED
    scene.command(Command.TAKE)  # the T key
    assert scene.outcome == "right"
    assert scene.state.cube.value == 2 and scene.state.cube.owner == 0  # the cube is the learner's


def test_offering_a_double(tmp_path: Path) -> None:
    _app, scene, hands = open_lessons(tmp_path, "double")
    assert scene.state.phase is Phase.ROLL
    hands.press(point_dice())  # a tap on the dice rolls in a game: here, the hint
    assert scene.outcome == "hint" and scene.feedback == i18n.tr("learn.double.hint")
    assert scene.state.phase is Phase.ROLL
    hands.perform(scene)  # Double: black passes
    assert scene.outcome == "right"
    result = scene.state.result
    assert result is not None and result.winner == 0 and result.passed and result.points == 1


def point_dice() -> tuple[int, int]:
    x, y = LAYOUT.dice_hit_rect(0).center
    return x, y


def test_skip_again_and_back(tmp_path: Path) -> None:
    app, scene, hands = open_lessons(tmp_path)
    hands.next(scene)  # Next on an unfinished step skips it
    assert scene.step.id == "point"
    hands.perform(scene)
    hands.judged(scene)
    hands.press(scene.lesson_buttons.buttons[0].rect.center)  # Again
    assert scene.step.id == "point" and scene.outcome == "" and not scene.state.moves
    hands.press(scene.buttons.buttons[0].rect.center)  # Back
    assert isinstance(app.scenes.top, TitleScene)


def test_the_hint_key_gives_the_steps_hint(tmp_path: Path) -> None:
    _app, scene, _hands = open_lessons(tmp_path, "doubles")
    scene.pulse = 0.0
    scene.handle(
        Intent(IntentKind.NAV, command=Command.HINT)
    )  # H, a controller's Y: never the expert's play here
    assert scene.feedback == i18n.tr("learn.doubles.hint") and scene.pulse > 0
    assert scene.hints.moves is None


def test_a_broken_lessons_file_leaves_the_title_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from game.session import lessons

    bad = tmp_path / "lessons.json"
    bad.write_text(
        '{"version": 1, "steps": [{"id": "x", "kind": "move", "position": "nope"}]}', encoding="utf-8"
    )
    monkeypatch.setattr(lessons, "LESSONS_FILE", bad)
    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    title = TitleScene(app)
    app.scenes.reset(title)
    title.learn()
    assert app.scenes.top is title and "bad position" in caplog.text


def test_escape_leaves(tmp_path: Path) -> None:
    app, scene, _hands = open_lessons(tmp_path)
    scene.handle(Intent(IntentKind.BACK))
    assert isinstance(app.scenes.top, TitleScene)


def test_a_straight_run_ends_with_the_first_game_and_leaves_no_trace(tmp_path: Path) -> None:
    app, scene, hands = open_lessons(tmp_path)
    stats = app.dice_stats
    for _ in STEPS:
        hands.perform(scene)
        hands.judged(scene)
        hands.next(scene)
    assert scene.finished
    assert not (tmp_path / persist.SAVE_FILE).exists()  # nothing saved ...
    assert not list((tmp_path / "records").glob("*.mat")) if (tmp_path / "records").exists() else True
    assert app.dice_stats == stats  # ... and the lessons' dice are not the game's dice statistics
    first = scene.finish_buttons.buttons[0]
    assert first.label == i18n.tr("learn.play_first")
    hands.press(first.rect.center)
    game = app.scenes.top
    assert isinstance(game, GameScene) and not isinstance(game, LearnScene)
    setup = game.game.setup
    assert setup.mode == "computer" and setup.level == "beginner" and setup.coach


def test_every_steps_words_fit_its_card_in_every_language(tmp_path: Path) -> None:
    """The instruction and the longest answer (the hint, the confirmation) together, at the floor or
    above, every line inside the card's width."""
    for lang in i18n.LANGUAGES:
        app, scene, _hands = open_lessons(tmp_path / lang, lang=lang)
        for i, step in enumerate(scene.steps):
            scene.show(i)
            if not step.forced:  # the hint: the step's buttons still stand under the words
                scene.outcome, scene.feedback = "hint", i18n.tr(step.key("hint"))
                check_card(scene, lang, step.id)
            scene.judge_answer(step.accept[0]) if step.kind != "move" else scene._right()
            check_card(scene, lang, step.id)
        app.quit()
        close_screen()


def check_card(scene: LearnScene, lang: str, name: str) -> None:
    title = i18n.tr(scene.step.key("title"))
    assert CACHE.font(learn_mod.STEP_SIZE).size(title)[0] <= INNER_W, (lang, title)
    lines, answer, size = scene.card_text()
    assert lines and answer and CACHE.px(size) >= READ_SIZE, (lang, name, scene.feedback)
    font = CACHE.font(size)
    assert all(font.size(line)[0] <= INNER_W for line in lines + answer), (lang, name)


def test_the_title_button_opens_the_lessons(tmp_path: Path) -> None:
    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    title = TitleScene(app)
    app.scenes.reset(title)
    hands = Driver(app)
    learn = next(b for b in title.buttons.buttons if b.label == i18n.tr("learn.button"))
    hands.press(learn.rect.center)
    assert isinstance(app.scenes.top, LearnScene) and app.scenes.top.index == 0


def test_a_newcomer_is_offered_the_lessons_once(tmp_path: Path) -> None:
    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    title = app.scenes.top
    assert isinstance(title, TitleScene) and title.offer_up
    assert not st.load_settings(tmp_path).learn_offered  # not yet: the player has not left the title
    offer = next(b for b in title.buttons.buttons if b.label == i18n.tr("learn.offer.yes"))
    Driver(app).press(offer.rect.center)
    assert isinstance(app.scenes.top, LearnScene)
    assert st.load_settings(tmp_path).learn_offered  # remembered as the title went
    app.to_title()
    again = app.scenes.top
    assert isinstance(again, TitleScene) and not again.offer_up
    app.quit()
    close_screen()
    later = App(st.load_settings(tmp_path), data_dir=tmp_path, threaded_ai=False)
    later.scenes.push(later.initial_scene())
    assert isinstance(later.scenes.top, TitleScene) and not later.scenes.top.offer_up


def test_the_offer_is_made_whatever_the_player_chooses(tmp_path: Path) -> None:
    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    title = app.scenes.top
    assert isinstance(title, TitleScene) and title.offer_up
    play = next(b for b in title.buttons.buttons if b.label == i18n.tr("ui.two_players"))
    Driver(app).press(play.rect.center)
    assert isinstance(app.scenes.top, GameScene) and st.load_settings(tmp_path).learn_offered
    app.to_title()
    again = app.scenes.top
    assert isinstance(again, TitleScene) and not again.offer_up


def test_a_player_who_has_played_is_not_offered(tmp_path: Path) -> None:
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "20250101-120000-computer.mat").write_text("", encoding="utf-8")
    app = App(st.Settings(), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    title = app.scenes.top
    assert isinstance(title, TitleScene) and not title.offer_up
    assert i18n.tr("learn.button") in [b.label for b in title.buttons.buttons]  # the button stays


def test_a_kiosk_visitor_is_offered_the_lessons_at_the_first_touch(tmp_path: Path) -> None:
    settings = st.Settings(operator_code="1357")  # an organiser has set the code (else it is asked first)
    app = App(settings, Launch(kiosk=True), data_dir=tmp_path, threaded_ai=False)
    app.scenes.push(app.initial_scene())
    hands = Driver(app)
    hands.press((640, 360))  # wakes the demo
    title = app.scenes.top
    assert isinstance(title, TitleScene) and title.offer_up
    offer = next(b for b in title.buttons.buttons if b.label == i18n.tr("learn.offer.yes"))
    hands.press(offer.rect.center)
    assert isinstance(app.scenes.top, LearnScene)
    assert not st.load_settings(tmp_path).learn_offered  # a cabinet offers every visitor


def test_the_lesson_module_names_its_layout() -> None:
    assert learn_mod.CARD.right <= 1280 and learn_mod.LESSON_ROW.bottom <= learn_mod.CARD.bottom


def test_every_step_is_drawn_at_the_floor_or_above_and_inside_its_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every line the lessons draw (card, buttons, status line, the title's offer, the closing card), in
    every state of every step and in every language: at least :data:`MIN_SIZE`, and never wider than
    the room it was given."""
    drawn: set[tuple[str, int]] = set()
    overflow: set[tuple[str, int, int]] = set()
    render, fit = TextCache.render, TextCache.fit

    def recording_render(self: TextCache, text: str, size: int, *rest: Any, **kw: Any) -> pygame.Surface:
        if text.strip():
            drawn.add((text, size))
        return render(self, text, size, *rest, **kw)

    def checking_fit(
        self: TextCache, text: str, size: int, width: int, *rest: Any, **kw: Any
    ) -> pygame.Surface:
        surface = fit(self, text, size, width, *rest, **kw)
        if surface.get_width() > width:
            overflow.add((text, width, surface.get_width()))
        return surface

    monkeypatch.setattr(TextCache, "render", recording_render)
    monkeypatch.setattr(TextCache, "fit", checking_fit)
    for lang in i18n.LANGUAGES:
        app = App(st.Settings(language=lang, animation="fast"), data_dir=tmp_path / lang, threaded_ai=False)
        app.scenes.push(app.initial_scene())  # the title with its offer
        app.draw(0.0)
        scene = LearnScene(app)
        app.scenes.reset(scene)
        hands = Driver(app)
        for step in scene.steps:
            app.draw(0.0)
            if not step.forced:
                scene.ask_hint()
                app.draw(0.0)
            hands.perform(scene)
            hands.judged(scene)
            app.draw(0.0)
            for b in scene.buttons.buttons + scene.lesson_buttons.buttons:
                assert fits(b.label, b.size, b.rect.w - PAD, b.lines), (lang, step.id, b.label)
            hands.next(scene)
        app.draw(0.0)
        app.quit()
        close_screen()
    small = sorted((text, size) for text, size in drawn if size < MIN_SIZE and not text.isdigit())
    assert small == [] and overflow == set()
