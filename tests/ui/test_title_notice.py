"""A broken autosave is told on the title screen (nobody reads a cabinet's stderr), briefly and in the
player's language; never to a kiosk's next visitor, and never when nothing was wrong."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.flow import Rules
from game.engine.match import Match
from game.session import persist
from game.session import settings as st
from game.ui import layout as L
from game.ui.app import App, Launch
from game.ui.kiosk.attract import AttractScene
from game.ui.scene import INK
from game.ui.scenes.game import GameScene
from game.ui.scenes.howto import HowToScene
from game.ui.scenes.title import NOTICE_SECONDS, TitleScene
from tests.helpers.screen_probe import find_text, grab
from tests.helpers.ui_driver import click, close_screen

STEP = 1.0 / 120.0
TOP = pygame.Rect(0, 0, L.W, 100)
"""Where the notice stands: across the top, above the game's name."""

pytestmark = pytest.mark.usefixtures("ui_reset")


def make(tmp_path: Path, kiosk: bool = False, **values: object) -> App:
    if kiosk:
        values.setdefault("operator_code", "2468")  # chosen already: no first-start keypad
    app = App(st.Settings(**values), Launch(kiosk=kiosk), data_dir=tmp_path, threaded_ai=False)  # type: ignore[arg-type]
    app.scenes.push(app.initial_scene())
    return app


def break_the_save(folder: Path) -> None:
    (folder / persist.SAVE_FILE).write_text('{"version": 1, "kind": "backgammon-autos', encoding="utf-8")


def title(app: App) -> TitleScene:
    scene = app.scenes.top
    assert isinstance(scene, TitleScene)
    return scene


def headline_shown(app: App) -> bool:
    app.draw(0.0)
    return find_text(grab(app.screen), i18n.tr("saved.broken"), 26, INK, TOP) is not None


def press(app: App, label: str) -> None:
    for b in title(app).buttons.buttons:
        if b.label == label and b.visible:
            click(app, b.rect.center)
            return
    raise AssertionError(f"no button {label!r}")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_broken_save_is_told_on_the_title_in_the_players_language(tmp_path: Path, lang: str) -> None:
    break_the_save(tmp_path)
    app = make(tmp_path, language=lang)
    kept = list(tmp_path.glob(f"{persist.SAVE_FILE}.broken-*"))
    assert len(kept) == 1
    lines = title(app).notice_lines()
    assert lines == [
        i18n.translate(lang, "saved.broken"),
        i18n.translate(lang, "saved.broken_kept", file=kept[0].name),
    ]
    assert kept[0].name in lines[1]
    assert headline_shown(app)
    assert i18n.tr("menu.continue") not in [b.label for b in title(app).buttons.buttons]


def test_no_notice_without_a_save_or_with_a_good_one(tmp_path: Path) -> None:
    app = make(tmp_path)
    assert title(app).notice_lines() == []
    assert not headline_shown(app)
    app.quit()
    close_screen()

    match = Match(Rules(match_length=3))
    good = persist.SavedGame(match.new_game(), match, "two_players", "intermediate", None, (), 1_000.0)
    assert persist.save_game(good, tmp_path)
    again = make(tmp_path)
    assert again.saved is not None and title(again).notice_lines() == []
    assert not headline_shown(again)
    assert not list(tmp_path.glob("*.broken-*"))


def test_the_notice_goes_when_a_game_starts_and_does_not_come_back(tmp_path: Path) -> None:
    break_the_save(tmp_path)
    app = make(tmp_path)
    assert title(app).notice_lines()
    press(app, i18n.tr("ui.two_players"))  # the notice never takes the press
    assert isinstance(app.scenes.top, GameScene)
    app.to_title()
    assert title(app).notice_lines() == []
    assert not headline_shown(app)


def test_the_notice_goes_when_another_screen_opens(tmp_path: Path) -> None:
    break_the_save(tmp_path)
    app = make(tmp_path)
    scene = title(app)
    press(app, i18n.tr("ui.how_to_play"))
    assert isinstance(app.scenes.top, HowToScene)
    app.scenes.pop()
    assert app.scenes.top is scene and scene.notice_lines() == []


def test_choosing_on_the_title_keeps_the_notice_and_a_language_change_translates_it(tmp_path: Path) -> None:
    break_the_save(tmp_path)
    app = make(tmp_path)
    press(app, "5")
    press(app, "FI")
    assert title(app).notice_lines()[0] == i18n.translate("fi", "saved.broken")
    assert headline_shown(app)


def test_the_notice_goes_after_a_while_on_an_untouched_title(tmp_path: Path) -> None:
    break_the_save(tmp_path)
    app = make(tmp_path)
    for _ in range(round((NOTICE_SECONDS - 1) / STEP)):
        app.step(STEP)
    assert title(app).notice_lines()
    app.needs_draw = False
    for _ in range(round(2 / STEP)):
        app.step(STEP)
    assert title(app).notice_lines() == [] and app.needs_draw
    assert not headline_shown(app)


def test_the_notice_time_counts_while_the_loop_sleeps(tmp_path: Path) -> None:
    """The title never animates, so the loop sleeps on it: the sleeping time must count too."""
    break_the_save(tmp_path)
    app = make(tmp_path)
    assert not app.busy()  # the notice does not keep the loop drawing
    assert app.idle_tick(NOTICE_SECONDS / 2) is False
    assert title(app).notice_lines()
    app.needs_draw = False
    assert app.idle_tick(NOTICE_SECONDS / 2 + 0.1) is True  # wakes the loop to draw the title without it
    assert app.needs_draw and title(app).notice_lines() == []
    assert app.idle_tick(60.0) is False


def test_a_save_that_cannot_be_moved_aside_is_still_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    break_the_save(tmp_path)

    def refuse(src: object, dst: object) -> None:
        raise PermissionError("read-only file system")

    monkeypatch.setattr(persist.os, "replace", refuse)
    app = make(tmp_path)
    assert title(app).notice_lines() == [i18n.tr("saved.broken")]  # no file name: it was not moved
    assert headline_shown(app)


def test_kiosk_does_not_tell_the_next_visitor(tmp_path: Path) -> None:
    """The broken save belongs to an earlier visitor: it is set aside and logged, the title stays plain."""
    break_the_save(tmp_path)
    app = make(tmp_path, kiosk=True)
    assert isinstance(app.scenes.top, AttractScene)
    assert len(list(tmp_path.glob(f"{persist.SAVE_FILE}.broken-*"))) == 1
    click(app, (640, 360))  # wakes the demo: the title comes
    assert title(app).notice_lines() == []
    assert not headline_shown(app)


def break_the_settings(folder: Path) -> None:
    (folder / st.SETTINGS_FILE).write_text('{"version": 1, "settings": {"language": "f', encoding="utf-8")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_broken_settings_are_told_on_the_first_title_only(tmp_path: Path, lang: str) -> None:
    """Unreadable settings fall back to the defaults (the language too): the title says why, once."""
    from game.ui.cli import build

    break_the_settings(tmp_path)
    app = build(["--data-dir", str(tmp_path), "--lang", lang], threaded_ai=False)
    app.scenes.push(app.initial_scene())
    kept = list(tmp_path.glob(f"{st.SETTINGS_FILE}.broken-*"))
    assert len(kept) == 1
    assert title(app).notice_lines() == [
        i18n.translate(lang, "settings.broken"),
        i18n.translate(lang, "saved.broken_kept", file=kept[0].name),
    ]
    app.draw(0.0)
    assert find_text(grab(app.screen), i18n.tr("settings.broken"), 26, INK, TOP) is not None
    app.scenes.reset(app._title())  # a later title (after a game, say): nothing more to tell
    assert title(app).notice_lines() == []
    app.quit()
    close_screen()


def test_a_broken_save_and_broken_settings_are_both_told(tmp_path: Path) -> None:
    from game.ui.cli import build

    break_the_save(tmp_path)
    break_the_settings(tmp_path)
    app = build(["--data-dir", str(tmp_path)], threaded_ai=False)
    app.scenes.push(app.initial_scene())
    assert title(app).notice_lines() == [i18n.tr("saved.broken"), i18n.tr("settings.broken")]
    title(app).idle_tick(NOTICE_SECONDS + 1)
    assert title(app).notice_lines() == []
    app.quit()
    close_screen()


def test_broken_settings_are_not_told_to_a_kiosk_visitor(tmp_path: Path) -> None:
    from game.ui.cli import build

    break_the_settings(tmp_path)
    app = build(["--data-dir", str(tmp_path), "--kiosk", "--operator-code", "2468"], threaded_ai=False)
    assert isinstance(app.initial_scene(), AttractScene)
    assert app.broken_settings is None and app._title().notice_lines() == []
    app.quit()
    close_screen()
