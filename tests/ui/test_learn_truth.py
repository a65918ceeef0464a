"""Learn to play says only true things (issue 36): every right play of every step, in every order a
learner can make it, played with the ordinary controls and judged with a confirmation whose facts
(the step's ``says``) hold for that very play; the first step says how to move; a refusal leaves the
card once a move is made; the cube stands on the board when the card says black doubles; every game
button the card tells the learner to press does what the step wants."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.flow import EndTurn, GameState, Phase, apply
from game.engine.flow import Step as StepAction
from game.engine.moves import Move
from game.session import settings as st
from game.session.commands import Command
from game.session.lessons import Step, false_facts, load_lessons, parse_step, right_orders
from game.ui.app import App
from game.ui.input import Intent, IntentKind
from game.ui.play.board_paint import board_draw
from game.ui.scenes.learn import LearnScene
from game.ui.tools.learn_screenshots import Driver, first_timer_seconds, point_xy

pytestmark = pytest.mark.usefixtures("ui_reset")

STEPS = load_lessons()
INDEX = {s.id: i for i, s in enumerate(STEPS)}
MOVE_STEPS = [s for s in STEPS if s.kind == "move"]


def open_step(tmp_path: Path, step: str, lang: str = "en") -> tuple[LearnScene, Driver]:
    app = App(st.Settings(language=lang, animation="fast"), data_dir=tmp_path, threaded_ai=False)
    scene = LearnScene(app, start=INDEX[step])
    app.scenes.reset(scene)
    hands = Driver(app)
    hands.step(2)
    return scene, hands


def play_die(hands: Driver, scene: LearnScene, move: Move) -> None:
    """One checker by one chosen die: a double-click plays the higher die left, a right-click the lower."""
    hands.still(scene)
    remaining = scene.state.turn_state().remaining
    x, y = point_xy(move.src)
    if move.die == max(remaining):
        hands.event(pygame.MOUSEBUTTONDOWN, (x, y), button=1, clicks=1, touch=False)
        hands.event(pygame.MOUSEBUTTONUP, (x, y), button=1, touch=False)
        hands.step()
        hands.event(pygame.MOUSEBUTTONDOWN, (x, y), button=1, clicks=2, touch=False)
        hands.event(pygame.MOUSEBUTTONUP, (x, y), button=1, touch=False)
    else:
        hands.event(pygame.MOUSEBUTTONDOWN, (x, y), button=3, clicks=1, touch=False)
        hands.event(pygame.MOUSEBUTTONUP, (x, y), button=3, touch=False)
    hands.step()


@pytest.mark.parametrize("step", MOVE_STEPS, ids=[s.id for s in MOVE_STEPS])
def test_every_right_play_in_every_order_gets_a_true_confirmation(tmp_path: Path, step: Step) -> None:
    orders = right_orders(step)
    assert orders, step.id
    for n, order in enumerate(orders):
        scene, hands = open_step(tmp_path / str(n), step.id)
        for move in order:
            play_die(hands, scene, move)
        if not order:  # nothing can move: Done
            hands.perform(scene)
        hands.judged(scene)
        assert scene.feedback == i18n.tr(step.key("right")), (step.id, order)
        played = tuple(scene.state.moves) if scene.state.phase is Phase.MOVING else order
        assert played == order, (step.id, order)  # the play made is the one meant, die by die
        assert false_facts(step, order, scene.state) == [], (step.id, order)
        scene.app.quit()


@pytest.mark.parametrize("step", [s for s in STEPS if s.kind != "move"], ids=lambda s: s.id)
def test_every_right_answer_gets_a_true_confirmation(tmp_path: Path, step: Step) -> None:
    for answer in range(len(step.accept)):
        scene, hands = open_step(tmp_path / str(answer), step.id)
        hands.perform(scene, answer)
        hands.judged(scene)
        assert scene.feedback == i18n.tr(step.key("right"))
        assert false_facts(step, (), scene.state) == [], step.id


def test_the_judge_of_facts_catches_a_confirmation_false_for_one_order() -> None:
    """The old "Use both dice" step's confirmation said the 6 had to go first; 6/1 played with the 5
    first and then 13/7 is right too, so that step saying ``higher_first`` is false for that order."""
    both = parse_step(
        {
            "id": "both_dice",
            "kind": "move",
            "position": "eO8DABjcvQcEAA",
            "dice": [6, 5],
            "accept": ["13/7 6/1"],
            "says": ["both_dice", "refused_first:135"],
        },
        0,
    )
    claimed = replace(both, says=(*both.says, "higher_first"))
    orders = right_orders(both)
    assert any(o[0].die == 5 for o in orders)  # 6/1 with the 5 first is one of the right orders
    assert any(false_facts(claimed, o, _after(both, o)) == ["higher_first"] for o in orders)
    assert all(false_facts(both, o, _after(both, o)) == [] for o in orders)


def _after(step: Step, order: tuple[Move, ...]) -> GameState:
    """The game after ``order``, played through the engine (die by die, then the turn ends)."""
    state = step.start()
    for move in order:
        state = apply(state, StepAction(move.src, move.die))
    return apply(state, EndTurn()) if state.phase is Phase.MOVING else state


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_first_step_says_how_to_move(tmp_path: Path, lang: str) -> None:
    scene, _hands = open_step(tmp_path, "move", lang)
    assert scene.index == 0
    text = " ".join(scene.card_text()[0])
    assert " ".join(i18n.translate(lang, "learn.how").split()) in text
    scene.handle(Intent(IntentKind.NAV, command=Command.RIGHT))  # a key: the keyboard cursor shows
    assert scene.cursor.engaged
    text = " ".join(scene.card_text()[0])
    assert " ".join(i18n.translate(lang, "learn.how_keys").split()) in text
    scene.show(INDEX["point"])
    assert i18n.translate(lang, "learn.how") not in scene.instruction()


def test_a_refusal_leaves_the_card_once_a_move_is_made(tmp_path: Path) -> None:
    scene, hands = open_step(tmp_path, "enter")
    hands.drag(point_xy(13), point_xy(7))  # the checker on the bar comes in first: refused
    hands.step(3)
    assert scene.feedback_kind == "refused" and scene.feedback
    hands.move(scene, 25, 22)  # a move the engine takes
    hands.step(2)
    assert scene.state.moves and scene.feedback == "" and scene.feedback_kind == ""


def test_black_doubles_and_the_cube_is_on_the_board(tmp_path: Path) -> None:
    scene, hands = open_step(tmp_path, "take")
    assert scene.state.phase is Phase.CUBE_OFFERED
    d = board_draw(scene, 0.0)
    assert d.cube_visible and d.cube_value == 2 and d.cube_owner is None  # offered: 2, in the middle
    hands.perform(scene)
    hands.judged(scene)
    d = board_draw(scene, 0.0)
    assert d.cube_visible and d.cube_value == 2 and d.cube_owner == 0  # taken: the learner's


BUTTON_WORDS = {
    "roll": ("button.roll", "ui.roll"),
    "double": ("button.double", "ui.double"),
    "take": ("button.take", "ui.take"),
    "pass": ("button.pass", "ui.pass"),
    "done": ("button.done",),
    "undo": ("button.undo",),
}


def usable(step: Step, button: str) -> bool:
    """Whether pressing ``button`` in ``step`` does what the step asks (never the hint or a refusal)."""
    if button in ("roll", "double", "take", "pass"):
        return step.kind != "move" and button in step.accept
    return step.kind == "move"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_button_the_card_names_does_what_the_step_wants(lang: str) -> None:
    for step in STEPS:
        parts = ("do",) if step.forced else ("do", "hint")
        for part in parts:
            text = i18n.translate(lang, step.key(part)).casefold()
            for button, keys in BUTTON_WORDS.items():
                for key in keys:
                    word = i18n.translate(lang, key).casefold()
                    if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text):
                        assert usable(step, button), (lang, step.id, part, word)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_first_timer_who_makes_no_mistake_is_done_in_two_minutes(lang: str) -> None:
    seconds, parts = first_timer_seconds(lang)
    assert seconds <= 120, (lang, parts)
