"""The title screen's buttons: the buttons that sit together show their labels at one size, whole,
in every language, and readable on the smallest screens the game is shown on."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.flow import Rules, new_game
from game.engine.match import Match
from game.i18n import tr, tr_level
from game.session import persist
from game.session import settings as st
from game.session.commands import Command
from game.ui import layout as L
from game.ui.app import App
from game.ui.display import picture_rect, turned_size
from game.ui.input import IntentKind
from game.ui.scenes.title import TitleScene
from game.ui.text import CACHE, MIN_SIZE
from game.ui.widgets import Button, fits, label_ink
from tests.helpers.screen_probe import ScreenReader
from tests.helpers.ui_driver import click

pytestmark = pytest.mark.usefixtures("ui_reset")

SCREENS = (((800, 480), 0), ((1024, 600), 0), ((1920, 1080), 0), ((480, 800), 90))
"""The screens the title is checked for: (size, the game's turn); a portrait 480x800 is turned."""
SMALLEST_PX = MIN_SIZE * 800 / L.W
"""The least height in screen pixels of a button's type: the floor, 15 on an 800x480 screen."""


def title_with_a_saved_game(tmp_path: Path) -> tuple[App, TitleScene]:
    app = App(st.Settings(animation="fast"), data_dir=tmp_path, threaded_ai=False)
    rules = Rules(5)
    app.saved = persist.SavedGame(
        new_game(rules, (0, 0), False), Match(rules), "computer", "expert", 0, (), 0.0
    )
    scene = TitleScene(app)
    app.scenes.reset(scene)
    app.step()
    return app, scene


def groups() -> dict[str, list[str]]:
    """The title's groups of buttons that sit together, by their labels in the current language."""
    return {
        "ways to play": [tr("ui.vs_computer"), tr("ui.two_players")],
        "demo and how to play": [tr("ui.demo"), tr("ui.how_to_play")],
        "levels": [tr_level(level) for level in st.LEVELS],
        "side": [i18n.tr("menu.continue"), i18n.tr("menu.settings"), i18n.tr("operator.fairness")]
        + [lang.upper() for lang in i18n.LANGUAGES],
    }


def choose_language(app: App, scene: TitleScene, lang: str) -> None:
    """Tap the language's button, as a player would."""
    target = next(b for b in scene.buttons.buttons if b.label == lang.upper())
    click(app, target.rect.center)
    app.step()
    assert i18n.get_language() == lang


def test_every_group_of_title_buttons_shows_its_labels_at_one_size_whole(tmp_path: Path) -> None:
    """A play test saw "Continue saved game" ("A mentett játék folytatása") smaller than its neighbours'
    labels, and "Intermediate" smaller than "Expert": each group is now drawn at one size, every label
    whole (in two lines where its button allows it), in English, Finnish and Hungarian."""
    app, scene = title_with_a_saved_game(tmp_path)
    for lang in ("en", "fi", "hu"):
        if lang != "en":
            choose_language(app, scene, lang)
        app.draw(0.0)
        screen = ScreenReader(app.screen, app.sprites)
        by_label = {b.label: b for b in scene.buttons.buttons}
        for name, labels in groups().items():
            group: list[Button] = [by_label[label] for label in labels]
            sizes = {b.size for b in group}
            assert len(sizes) == 1, (lang, name, [(b.label, b.size) for b in group])
            for b in group:
                lines = b.label_lines()
                assert len(lines) <= b.lines and " ".join(lines) == b.label
                for line in lines:
                    assert CACHE.font(b.size).size(line)[0] <= b.rect.width - 24, (lang, line)
                    # and on the screen: drawn at the group's size inside its button, not shrunk
                    found = screen.find_text(line, b.size, label_ink(b.colour), b.rect)
                    assert found is not None and b.rect.contains(found), (lang, name, line, b.size)
        continue_, settings = by_label[i18n.tr("menu.continue")], by_label[i18n.tr("menu.settings")]
        assert continue_.size == settings.size >= 26  # the play test's complaint, at the side's full size
        levels = [by_label[tr_level(level)] for level in st.LEVELS]
        assert levels[0].size >= 22
        shown = [b.rect for b in scene.buttons.buttons if b.visible]
        assert all(pygame.Rect(0, 0, L.W, L.H).contains(r) for r in shown)
        for a, b in itertools.combinations(shown, 2):
            assert not a.colliderect(b), (lang, a, b)


@pytest.mark.parametrize(("screen", "turn"), SCREENS)
def test_the_title_buttons_type_is_readable_on_every_screen(
    tmp_path: Path, screen: tuple[int, int], turn: int
) -> None:
    """The 1280x720 picture is scaled to the screen: the smallest button type of the title, in any of
    the three languages, is at least :data:`SMALLEST_PX` screen pixels on each screen (portrait: turned)."""
    scale = picture_rect(screen, turn).width / turned_size(turn)[0]
    app, scene = title_with_a_saved_game(tmp_path)
    for lang in ("en", "fi", "hu"):
        if lang != "en":
            choose_language(app, scene, lang)
        shown = [b for b in scene.buttons.buttons if b.label != tr("ui.quit")]  # Quit: a corner of its own
        for b in shown:  # drawn at its size, not shrunk to fit (the size the player sees)
            assert fits(b.label, b.size, b.rect.width - 24, b.lines), (lang, b.label)
        smallest = min(b.size for b in shown)
        assert smallest * scale >= SMALLEST_PX, (lang, smallest, scale)


def test_continue_the_first_way_to_play_and_settings_stand_in_one_row(tmp_path: Path) -> None:
    """Seen in a real window: Continue (84 tall at 196), Play the computer (84 at 190) and Settings (72 at
    196) side by side at three heights, no edge in line. The three share their top and bottom edges."""
    _app, scene = title_with_a_saved_game(tmp_path)
    by_label = {b.label: b.rect for b in scene.buttons.buttons}
    row = [
        by_label[i18n.tr("menu.continue")],
        by_label[tr("ui.vs_computer")],
        by_label[i18n.tr("menu.settings")],
    ]
    assert {(r.top, r.bottom) for r in row} == {(row[1].top, row[1].bottom)}, row
    assert row[0].right < row[1].left and row[1].right < row[2].left  # side by side, apart


def test_enter_on_the_title_does_not_throw_away_a_saved_game(tmp_path: Path) -> None:
    """Found in a real-window keyboard play test: Enter on the title (an arcade encoder's A) started a
    game against the computer at once, and a new game deletes the saved one: a two-player game left
    for later was gone with one key and no word. The focus ring stands from the start (issue 36): with
    a saved game on Continue, so Enter continues it; without one, Enter still plays the computer."""
    from game.ui.input import Intent
    from game.ui.scenes.game import GameScene

    app, scene = title_with_a_saved_game(tmp_path)
    assert persist.save_game(app.saved, tmp_path) if app.saved else False
    focused = scene.buttons.focused()
    assert focused is not None and focused.label == i18n.tr("menu.continue")
    scene.handle(Intent(IntentKind.NAV, command=Command.SELECT))
    app.step()
    top = app.scenes.top
    assert isinstance(top, GameScene) and top.game.mode == "computer" and top.game.opponent.level == "expert"
    fresh = App(st.Settings(animation="fast"), data_dir=tmp_path / "none", threaded_ai=False)
    plain = TitleScene(fresh)
    fresh.scenes.reset(plain)
    plain.handle(Intent(IntentKind.NAV, command=Command.SELECT))
    fresh.step()
    assert isinstance(fresh.scenes.top, GameScene)


@pytest.mark.parametrize("board_set", st.BOARD_SETS)
def test_the_title_triangles_take_the_board_sets_point_colours(tmp_path: Path, board_set: str) -> None:
    """Seen in a real window: the high-contrast set's title kept the old cream and dark red triangles
    above orange and blue points. The triangles along the top and bottom edges are drawn in the chosen
    set's two point colours, alternately, read back from the drawn frame."""
    from game.ui.board.looks import look

    app = App(st.Settings(animation="fast", board_set=board_set), data_dir=tmp_path, threaded_ai=False)
    app.scenes.reset(TitleScene(app))
    app.step()
    app.draw(0.0)
    points = look(board_set).points
    for k, kind in enumerate(("light", "dark", "light", "dark")):
        x = k * 80 + 40
        assert tuple(app.screen.get_at((x, 8)))[:3] == points[kind], (board_set, x, "top")
        assert tuple(app.screen.get_at((x, L.H - 4)))[:3] == points[kind], (board_set, x, "bottom")
