"""The accessibility settings: saved, remembered at the next start, checked when read, in every language,
and on a cabinet open to visitors for their visit only, unless the operator locked them.

Driven as a player drives them: taps on the Accessibility screen's buttons (synthetic mouse events).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.session import settings as st
from game.ui.app import App, Launch
from game.ui.board.looks import LOOKS
from game.ui.scenes.settings import AccessScene, SettingsScene
from game.ui.scenes.title import TitleScene
from game.ui.text import CACHE, LARGE_SCALE
from tests.helpers.ui_driver import click, close_screen, visible_labels

NEW = ("board_set", "large_text", "reduced_motion", "auto_forced", "auto_bearoff", "speech", "access_open")
CHOSEN = {
    "board_set": "colourblind",
    "large_text": True,
    "reduced_motion": True,
    "auto_forced": True,
    "auto_bearoff": True,
    "speech": True,
}


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def start(data: Path, kiosk: bool = False, settings: st.Settings | None = None) -> App:
    settings = settings if settings is not None else st.load_settings(data)
    app = App(settings, Launch(kiosk=kiosk), data_dir=data, threaded_ai=False)
    if app.kiosk is not None:
        app.kiosk.mode = app.kiosk.mode.ACTIVE
    return app


@pytest.fixture()
def closing() -> Iterator[list[App]]:
    apps: list[App] = []
    yield apps
    close_screen()


def tap_row(app: App, scene: AccessScene, name: str) -> None:
    """Tap the value button of the setting ``name`` on the screen (a row's button is under its name)."""
    index = [row[0] for row in scene.rows()].index(name)
    click(app, scene.buttons.buttons[index].rect.center)


def choose(app: App, scene: AccessScene, name: str, value: object) -> None:
    for _ in range(len(st.OPTIONS[name]) + 1):
        if getattr(app.settings, name) == value:
            return
        tap_row(app, scene, name)
    raise AssertionError(f"{name} never showed {value!r}")


def test_the_new_settings_are_off_by_default_and_checked_when_read() -> None:
    s = st.Settings()
    assert (s.board_set, s.large_text, s.reduced_motion, s.auto_forced, s.auto_bearoff, s.speech) == (
        "classic",
        False,
        False,
        False,
        False,
        False,
    )
    assert s.access_open is True
    assert set(st.BOARD_SETS) == set(LOOKS)
    bad = st.from_dict({"board_set": "neon", "large_text": "yes", "speech": 1, "reduced_motion": True})
    assert bad.board_set == "classic" and bad.large_text is False and bad.speech is False
    assert bad.reduced_motion is True


def test_chosen_on_the_screen_saved_and_remembered_at_the_next_start(data: Path, closing: list[App]) -> None:
    app = start(data)
    closing.append(app)
    scene = AccessScene(app)
    app.scenes.push(scene)
    for name, value in CHOSEN.items():
        choose(app, scene, name, value)
    saved = json.loads((data / st.SETTINGS_FILE).read_text(encoding="utf-8"))["settings"]
    assert {name: saved[name] for name in CHOSEN} == CHOSEN
    close_screen()
    again = start(data)
    closing.append(again)
    assert {name: getattr(again.settings, name) for name in CHOSEN} == CHOSEN
    assert again.sprites.look is LOOKS["colourblind"]
    assert CACHE.scale == LARGE_SCALE
    assert again.speech.enabled


def test_the_settings_screen_opens_the_accessibility_screen(data: Path, closing: list[App]) -> None:
    app = start(data)
    closing.append(app)
    settings = SettingsScene(app)
    app.scenes.push(settings)
    click(app, next(b for b in settings.buttons.buttons if b.label == i18n.tr("settings.access")).rect.center)
    top = app.scenes.top
    assert isinstance(top, AccessScene) and not top.operator
    assert [row[0] for row in top.rows()] == list(st.ACCESS_FIELDS)
    assert "access_open" not in top.fields()  # the operator's


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_row_is_named_and_valued_in_every_language(data: Path, closing: list[App], lang: str) -> None:
    app = start(data, settings=st.Settings(language=lang))
    closing.append(app)
    scene = AccessScene(app, operator=True)
    assert set(scene.fields()) == set(st.ACCESS_FIELDS) | {"access_open"}
    for name in scene.fields():
        for value in st.OPTIONS[name]:
            scene.values = st.with_value(scene.values, name, value)
            assert not scene.label(name).startswith(("access.", "settings."))
            assert not scene.value_text(name).startswith(("look.", "access.", "speed.", "value."))


def test_a_visitor_changes_them_for_the_visit_only(data: Path, closing: list[App]) -> None:
    """On a cabinet the title offers the Accessibility screen; a visitor's choices are not saved, and
    the operator's come back when the cabinet returns to its demo."""
    app = start(data, kiosk=True)
    closing.append(app)
    title = TitleScene(app)
    app.scenes.reset(title)
    assert i18n.tr("settings.access") in visible_labels(title)
    click(app, next(b for b in title.buttons.buttons if b.label == i18n.tr("settings.access")).rect.center)
    scene = app.scenes.top
    assert isinstance(scene, AccessScene) and scene.visitor
    choose(app, scene, "large_text", True)
    choose(app, scene, "board_set", "contrast")
    assert app.settings.large_text and CACHE.scale == LARGE_SCALE
    assert not (data / st.SETTINGS_FILE).exists() or not st.load_settings(data).large_text
    app.go_attract()
    assert not app.settings.large_text and app.settings.board_set == "classic"
    assert CACHE.scale == 1.0 and app.sprites.look is LOOKS["classic"]


def test_the_operator_can_lock_them(data: Path, closing: list[App]) -> None:
    """The operator's Accessibility screen has one more row; turned off, the title has no such button,
    and what the operator chose there holds for every visitor."""
    app = start(data, kiosk=True)
    closing.append(app)
    scene = AccessScene(app, operator=True)
    app.scenes.push(scene)
    choose(app, scene, "large_text", True)
    choose(app, scene, "access_open", False)
    assert st.load_settings(data).access_open is False and st.load_settings(data).large_text is True
    title = TitleScene(app)
    app.scenes.reset(title)
    assert i18n.tr("settings.access") not in visible_labels(title)
    app.go_attract()
    assert app.settings.large_text  # the operator's own choice is not a visitor's: it stays


def test_a_visitors_choices_are_never_saved_with_the_operators(data: Path, closing: list[App]) -> None:
    """The operator changes the idle time while a visitor's larger text is on: the file gets the new
    idle time and the operator's text size; after the visit the idle time stays, the text size goes."""
    app = start(data, kiosk=True)
    closing.append(app)
    visit = AccessScene(app, visitor=True)
    app.scenes.push(visit)
    choose(app, visit, "large_text", True)
    app.apply_settings(st.with_value(app.settings, "idle_seconds", 180), save=True)  # the operator's screen
    saved = st.load_settings(data)
    assert saved.idle_seconds == 180 and saved.large_text is False
    app.go_attract()
    assert app.settings.idle_seconds == 180 and app.settings.large_text is False
