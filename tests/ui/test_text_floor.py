"""Every text on the main screens is drawn at least at the readable floor (:data:`text.MIN_SIZE`) and
fits the width it was given, in every language.

Why: the game draws at 1280x720 and the cabinets show that picture scaled to 800x480, where a size
of 20 is 12.5 screen pixels; play tests could not read such lines ("Match to 5", "Computer: ...",
the review's error rates) at arm's length. The screens are built headless the way the screenshot
tools build them, and every size asked of the shared text cache while a screen is set up and drawn
is recorded: one line below the floor fails the test, naming the screen, the language and the text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.i18n import LANGUAGES
from game.ui import layout as L
from game.ui.app import App
from game.ui.text import CACHE, MIN_SIZE, TextCache
from tests.helpers import kept_answers
from tests.helpers.screens import SCREENS, SLOW, new_app

pytestmark = pytest.mark.usefixtures("ui_reset")


@dataclass
class Recorder:
    """The (text, size) of every line the text cache renders, and every line it could not fit."""

    drawn: set[tuple[str, int]] = field(default_factory=set)
    overflow: set[tuple[str, int, int]] = field(default_factory=set)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    rec = Recorder()
    render, fit = TextCache.render, TextCache.fit

    def recording_render(
        self: TextCache,
        text: str,
        size: int,
        colour: tuple[int, int, int] = (255, 255, 255),
        bold: bool = True,
    ) -> pygame.Surface:
        if text.strip():
            rec.drawn.add((text, self.px(size)))  # the size drawn (larger than asked under larger text)
        return render(self, text, size, colour, bold)

    def checking_fit(
        self: TextCache, text: str, size: int, width: int, *rest: Any, **kw: Any
    ) -> pygame.Surface:
        surf = fit(self, text, size, width, *rest, **kw)
        if surf.get_width() > width:
            rec.overflow.add((text, width, surf.get_width()))
        return surf

    monkeypatch.setattr(TextCache, "render", recording_render)
    monkeypatch.setattr(TextCache, "fit", checking_fit)
    yield rec


def small_lines(
    lang: str,
    setup: Callable[[App], None],
    rec: Recorder,
    data: Path,
    kiosk: bool = True,
    large: bool = False,
) -> list[tuple[str, int]]:
    """The lines drawn below the floor while ``setup`` builds its screen and the app draws it."""
    app = new_app(lang, data, kiosk, large)
    try:
        setup(app)
        app.draw(0.0)
    finally:
        L.LAYOUT.set_home("right")
    return sorted((text, size) for text, size in rec.drawn if size < MIN_SIZE)


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_text_is_at_least_the_floor(
    recorder: Recorder, tmp_path: Path, screen: str, lang: str, large: bool
) -> None:
    """No line of the screen is drawn below :data:`MIN_SIZE`, and none runs past the width it fits in,
    with normal and with larger text (which may give up its extra size to fit, never more)."""
    small = small_lines(lang, SCREENS[screen], recorder, tmp_path, large=large)
    assert not small, f"{screen} ({lang}): below the floor of {MIN_SIZE}: {small}"
    assert not recorder.overflow, f"{screen} ({lang}): wider than its room: {sorted(recorder.overflow)}"


@pytest.mark.slow
@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("screen", sorted(SLOW))
def test_the_review_texts_are_at_least_the_floor(
    recorder: Recorder, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, screen: str, lang: str, large: bool
) -> None:
    """The same for the review of a played game and the replay of its costliest mistake."""
    kept_answers.install(monkeypatch)  # the game and its review thought out once a process
    small = small_lines(lang, SLOW[screen], recorder, tmp_path, kiosk=False, large=large)
    assert not small, f"{screen} ({lang}): below the floor of {MIN_SIZE}: {small}"
    assert not recorder.overflow, f"{screen} ({lang}): wider than its room: {sorted(recorder.overflow)}"


def test_the_floor_is_readable_at_800x480() -> None:
    """The floor's capitals are at least 10.5 screen pixels tall on an 800x480 screen (2 mm on a 7-inch
    panel: about 16 minutes of arc at a touchscreen's 45 cm, the least ISO 9241-3 asks for)."""
    pygame.font.init()
    scale = 800 / L.W
    letter = CACHE.font(MIN_SIZE).render("H", True, (255, 255, 255)).get_bounding_rect()
    assert letter.height * scale >= 10.5, (letter.height, scale)
