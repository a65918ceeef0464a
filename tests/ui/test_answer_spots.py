"""TAKE and PASS (issue 25) and the doubled player's Hint (issue 36) never stand where the tap before them
landed, in every layout the game has.

The tap just before an offer is the doubler's Double (two players at one screen: the other answers on
the same screen) or the answerer's own Done (the computer doubles next); Roll stood where Done stands.
A quick second tap, or a late one, on that spot must not answer the double. The rectangles are taken
from the scene's own buttons in each phase, in every language, with and without larger text, with the
home board on either side, and mapped into every window the game is shown in (the cabinet's 800x480,
1024x600, a full-HD screen, screens turned a quarter or half way) the way the display maps them.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Iterator

import pygame
import pytest

from game import i18n
from game.engine.cube import Cube
from game.engine.flow import Double, GameState, Phase, apply
from game.engine.position import Position
from game.session import settings as st
from game.session.controller import GameSetup
from game.ui.app import App
from game.ui.play import dialogs, panel
from game.ui.play.advice import advice_rows
from game.ui.play.panel import advice_area
from game.ui.scenes.game import GameScene
from game.ui.text import CACHE, READ_SIZE
from tests.helpers.ui_driver import close_screen, let_dialog_show
from tests.helpers.window_rects import gap, window_rect

START = Position.start()
WINDOWS: tuple[tuple[tuple[int, int], int], ...] = (
    ((800, 480), 0),
    ((1024, 600), 0),
    ((1280, 720), 0),
    ((1920, 1080), 0),
    ((480, 800), 90),
    ((600, 1024), 270),
    ((1080, 1920), 90),
    ((800, 480), 180),
)
"""Window sizes and turns of the picture: the cabinets, desktops, portrait and upside-down screens."""
LEAST_GAP = 8
"""Window pixels between an answer and the spot tapped before it, at the least (a finger's slip at
800x480, where the logical picture is drawn at 0.625)."""


@pytest.fixture()
def make() -> Iterator[type[App]]:
    yield App
    close_screen()


def scene_in(app: App, mode: str, state: GameState) -> GameScene:
    scene = GameScene(app, GameSetup(mode=mode, match_length=5, seed=3))
    app.scenes.reset(scene)
    scene.resume(state)
    return scene


def labelled(scene: GameScene, *keys: str) -> list[pygame.Rect]:
    """The rectangles of the visible buttons of ``scene`` with these labels, one per key."""
    rects = []
    for key in keys:
        found = [
            b.rect.copy()
            for b in scene.buttons.buttons + scene.modal.buttons
            if b.visible and b.label == i18n.tr(key)
        ]
        assert len(found) == 1, (key, [b.label for b in scene.buttons.buttons + scene.modal.buttons])
        rects += found
    return rects


def spots(app: App, mode: str) -> tuple[dict[str, pygame.Rect], list[pygame.Rect]]:
    """The spots a tap before an offer lands on (Roll, Double, Done) and the offer's TAKE, PASS and the
    doubled player's Hint (issue 36: it stood where Double had been tapped, and a quick second tap asked
    for a hint)."""
    before: dict[str, pygame.Rect] = {}
    scene = scene_in(app, mode, GameState(Phase.ROLL, START, turn=0, cube=Cube()))
    before["roll"], before["double"] = labelled(scene, "ui.roll", "ui.double")
    scene = scene_in(app, mode, GameState(Phase.MOVING, START, turn=0, dice=(3, 1), cube=Cube()))
    (before["done"],) = labelled(scene, "ui.done")
    doubler = 0 if mode == "two" else 1  # against the computer, it doubles after the human's Done
    scene = scene_in(app, mode, apply(GameState(Phase.ROLL, START, turn=doubler, cube=Cube()), Double()))
    let_dialog_show(app, scene)
    return before, labelled(scene, "ui.take", "ui.pass", "ui.hint")


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_take_pass_and_hint_never_stand_where_the_tap_before_them_landed(
    make: type[App], lang: str, large: bool
) -> None:
    for direction in st.DIRECTIONS:
        settings = st.Settings(animation="fast", language=lang, large_text=large, direction=direction)
        app = make(settings, threaded_ai=False)
        for mode in ("two", "computer"):
            before, answers = spots(app, mode)
            for window, turn in WINDOWS:
                for name, spot in before.items():
                    for answer in answers:
                        shown, tapped = window_rect(answer, window, turn), window_rect(spot, window, turn)
                        where = (lang, large, direction, mode, window, turn, name)
                        assert not shown.colliderect(tapped), where
                        assert gap(shown, tapped) >= LEAST_GAP, (where, gap(shown, tapped))


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_cube_advice_before_the_roll_still_fits(make: type[App], lang: str, large: bool) -> None:
    """Under Roll and Double the advice keeps its words whole at the floor size or larger (as drawn,
    16 window pixels at 800x480; under larger text a row gives up its extra size first): the verdict
    (in one row or after "Expert:") and the chances; in English its three numbers too, a row each
    (in Finnish and Hungarian their names are wider than the panel at the floor: they give way)."""
    make(st.Settings(animation="fast", language=lang, large_text=large), threaded_ai=False)
    area = advice_area()
    for verdict in ("ui.cube_hint_double", "ui.cube_hint_no_double", "ui.cube_hint_too_good"):
        chances = i18n.tr("ui.cube_hint_chances", win="62%", gammon="14%")
        numbers = i18n.tr("ui.cube_hint_equities", nd="+0.61", dt="+0.83", dp="+1.00")
        rows = advice_rows([i18n.tr(verdict), chances, numbers], area.width - 8, area.height)
        texts = " ".join(text for text, _, _ in rows)
        assert min(CACHE.px(size) for _, size, _ in rows) >= READ_SIZE, rows  # as drawn
        assert texts.startswith(i18n.tr(verdict)) and chances in texts, (lang, large, rows)
        if lang == "en" and not large:
            assert all(part in texts for part in numbers.split(" · ")), rows


def test_roll_and_double_share_one_row_with_roll_never_narrow(make: type[App]) -> None:
    """Double beside Roll, not under it: Done then stands across both, and nothing of theirs lies
    lower, where the offer's answers come (and Roll keeps a width a thumb finds)."""
    for lang in i18n.LANGUAGES:
        app = make(st.Settings(animation="fast", language=lang), threaded_ai=False)
        before, answers = spots(app, "two")
        assert before["roll"].y == before["double"].y == before["done"].y, lang
        assert before["done"].contains(before["roll"]) and before["done"].contains(before["double"]), lang
        assert before["roll"].w >= 120 and not before["roll"].colliderect(before["double"]), lang
        take, pass_, hint = answers
        assert dialogs.offer_card().contains(take) and dialogs.offer_card().contains(pass_), lang
        assert hint == dialogs.answer_hint_rect(), lang  # in the strip at the top, beside the question
        # what a newcomer reads first stays in view above the row: the last play (and whose turn, in
        # the status line above the board)
        assert panel.LAST_ROW.bottom <= before["roll"].top and panel.LAST_ROW.top >= panel.BADGE_ROW.bottom
