"""Learn to play's card on a finger-sized screen: its buttons big enough to hit, and Take and Pass
never where a tap of the lesson landed before them.

Every rectangle is taken from the scene's own buttons as a learner walks the steps with the ordinary
controls (each step at its start, with its hint, once done; the closing card), in every language, with
and without larger text, and mapped into the windows the game is shown in (the cabinet's 800x480,
full HD, screens turned a quarter or half way) the way the display maps them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.flow import Phase
from game.session import settings as st
from game.session.lessons import load_lessons
from game.ui import layout as L
from game.ui.app import App
from game.ui.board.view import BG
from game.ui.play import lesson
from game.ui.scenes.learn import LearnScene
from game.ui.tools.learn_screenshots import Driver, point_xy
from game.ui.widgets import Button
from tests.helpers.ui_driver import close_screen
from tests.helpers.window_rects import gap, window_rect

WINDOWS: tuple[tuple[tuple[int, int], int], ...] = (
    ((800, 480), 0),
    ((1920, 1080), 0),
    ((480, 800), 90),
    ((800, 480), 180),
    ((1080, 1920), 270),
)
FINGER = 44
"""Window pixels a button needs at the least, high and wide: the game's own buttons at 800x480."""
LEAST_GAP = 8
"""Window pixels between an answer and a spot tapped before it, at the least (as on the game's panel)."""


@pytest.fixture()
def closing() -> Iterator[list[App]]:
    apps: list[App] = []
    yield apps
    for app in apps:
        app.quit()
    close_screen()


def card_buttons(scene: LearnScene) -> list[Button]:
    """The buttons the learner taps on the card as it stands (not Back: the game's Menu, in the status
    line), and those of the closing card."""
    groups = (scene.buttons.buttons[1:], scene.modal.buttons, scene.lesson_buttons.buttons)
    found = [b for group in groups for b in group if b.visible]
    return found + [b for b in scene.finish_buttons.buttons if b.visible]


def walk(app: App) -> Iterator[LearnScene]:
    """A learner's straight run: yields the scene at each state worth a look."""
    scene = LearnScene(app)
    app.scenes.reset(scene)
    hands = Driver(app)
    hands.step(2)
    for step in scene.steps:
        hands.still(scene)
        if step.kind == "answer":
            hands.until(lambda: scene.modal_ready)
        yield scene
        if not step.forced:
            scene.ask_hint()
            yield scene
        hands.perform(scene)
        hands.still(scene)
        yield scene  # the play made: Undo beside Done, or already judged
        hands.judged(scene)
        yield scene
        hands.next(scene)
    assert scene.finished
    yield scene


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_button_of_the_lessons_is_finger_sized_in_every_window(
    tmp_path: Path, closing: list[App], lang: str, large: bool
) -> None:
    app = App(
        st.Settings(language=lang, animation="fast", large_text=large), data_dir=tmp_path, threaded_ai=False
    )
    closing.append(app)
    seen = 0
    for scene in walk(app):
        for b in card_buttons(scene):
            seen += 1
            for window, turn in WINDOWS:
                shown = window_rect(b.rect, window, turn)
                where = (lang, large, scene.step.id, b.label, window, turn, shown.size)
                assert min(shown.w, shown.h) >= FINGER, where
    assert seen > 40


def spots_before_an_offer(scene: LearnScene) -> list[pygame.Rect]:
    """Where a tap of the lesson lands: Again and Next (the taps that bring an offer up), Back, and
    every place the game's own buttons stand in any step (Roll, Double, Done, Undo)."""
    rects = [b.rect.copy() for b in scene.lesson_buttons.buttons + scene.buttons.buttons]
    return rects + [lesson.ACTION_ROW.copy()]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_take_and_pass_never_stand_where_a_tap_of_the_lesson_landed(
    tmp_path: Path, closing: list[App], lang: str
) -> None:
    for direction in st.DIRECTIONS:
        settings = st.Settings(language=lang, animation="fast", direction=direction)
        app = App(settings, data_dir=tmp_path / direction, threaded_ai=False)
        closing.append(app)
        spots: list[pygame.Rect] = []
        answers: list[pygame.Rect] = []
        for scene in walk(app):
            if scene.finished:
                break
            spots += spots_before_an_offer(scene)
            if scene.state.phase is Phase.CUBE_OFFERED and scene.modal.buttons:
                answers += [b.rect.copy() for b in scene.modal.buttons[:2]]
        assert len(answers) >= 4, "the answer step shows Take and Pass (at its start and with its hint)"
        for window, turn in WINDOWS:
            for answer in answers:
                shown = window_rect(answer, window, turn)
                for spot in spots:
                    tapped = window_rect(spot, window, turn)
                    where = (lang, direction, window, turn, answer, spot)
                    assert not shown.colliderect(tapped), where
                    assert gap(shown, tapped) >= LEAST_GAP, (where, gap(shown, tapped))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_nothing_of_the_games_status_line_peeks_out_beside_back(
    tmp_path: Path, closing: list[App], lang: str
) -> None:
    """The lesson draws its own status line over the game's; Back (wider than Menu in Finnish and
    Hungarian) left the end of a long refusal showing between the two (a play test saw "at" beside
    "Takaisin"). Between the lesson's line and Back there is nothing but the background."""
    app = App(st.Settings(language=lang, animation="fast"), data_dir=tmp_path, threaded_ai=False)
    closing.append(app)
    scene = LearnScene(app, start=next(i for i, s in enumerate(load_lessons()) if s.id == "enter"))
    app.scenes.reset(scene)
    hands = Driver(app)
    hands.still(scene)
    hands.drag(point_xy(13), point_xy(8))  # the checker on the bar comes in first: refused
    hands.step(3)
    assert scene.feedback_kind == "refused" and scene.flash_time > 0
    surface = pygame.Surface((L.W, L.H))
    scene.draw(surface, 0.0)
    back = scene.buttons.buttons[0].rect
    strip = pygame.Rect(back.x - 16, 0, 16, L.STATUS_H)
    colours = {
        tuple(surface.get_at((x, y)))[:3] for x in range(strip.left, strip.right) for y in range(strip.h)
    }
    assert colours == {BG}, (lang, colours)
