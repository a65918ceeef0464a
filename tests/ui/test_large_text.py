"""Larger text (a setting): every size a fifth larger where the screen has room, never smaller than normal.

The text-fit tests (``tests/ui/test_text_floor.py``) run every screen in three languages with larger text
too: no line below the floor, none wider than its room. These tests check that the setting does make
the text larger, and that rows of words fixed between others keep their gaps.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.session import settings as st
from game.ui.app import App
from game.ui.scenes.settings import SettingsScene
from game.ui.text import CACHE, LARGE_CAP, LARGE_SCALE, MIN_SIZE, TextCache
from game.ui.tools import screenshots as shots
from tests.helpers.ui_driver import close_screen


@pytest.fixture()
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    CACHE.reset()


def test_the_sizes_grow_by_a_fifth_up_to_the_cap(fonts: None) -> None:
    cache = TextCache()
    assert [cache.px(s) for s in (20, 24, 30, 44, 60)] == [20, 24, 30, 44, 60]
    cache.set_scale(LARGE_SCALE)
    assert cache.px(24) == 29 and cache.px(MIN_SIZE) == 31 and cache.px(30) == 36
    assert cache.px(LARGE_CAP) == LARGE_CAP and cache.px(84) == 84
    sizes = [cache.px(s) for s in range(10, 90)]
    assert sizes == sorted(sizes) and all(cache.px(s) >= s for s in range(10, 90))
    assert cache.px(cache.floor(MIN_SIZE)) >= MIN_SIZE > cache.px(cache.floor(MIN_SIZE) - 1)


def test_a_line_too_wide_gives_up_its_extra_size_but_never_the_floor(fonts: None) -> None:
    """A line that fits its width at the normal size is drawn at it (or larger), never below it."""
    text = "Yhdentekevä kotiutus: tee puolestani"
    width = CACHE.font(MIN_SIZE).size(text)[0] + 2
    normal = CACHE.fit(text, MIN_SIZE, width)
    CACHE.set_scale(LARGE_SCALE)
    large = CACHE.fit(text, MIN_SIZE, width)
    assert large.get_width() <= width and large.get_height() >= normal.get_height()
    roomy = CACHE.fit(text, MIN_SIZE, width * 2)
    assert roomy.get_height() > normal.get_height()


def test_rows_of_words_keep_their_gaps(fonts: None) -> None:
    """Under normal text a row keeps its size; under larger text it grows only while 4 px stay between
    one line's descenders and the next line's capitals."""
    for size, pitch in ((24, 28), (24, 25), (26, 31), (28, 27)):
        assert CACHE.row_size(size, pitch) == size
    CACHE.set_scale(LARGE_SCALE)
    grown = CACHE.row_size(MIN_SIZE, 31)
    assert CACHE.px(grown) > MIN_SIZE
    assert CACHE.ink_height(grown) <= 31 - 4
    assert CACHE.px(CACHE.row_size(MIN_SIZE, 28)) == MIN_SIZE  # no room to grow: the floor, never less
    assert CACHE.px(CACHE.row_size(28, 27)) >= 28  # never below what normal text draws


def drawn_sizes(monkeypatch: pytest.MonkeyPatch, large: bool, setup: str, data: Path) -> list[int]:
    """The pixel size of every line drawn while a screen is set up and drawn."""
    sizes: list[int] = []
    render = TextCache.render

    def recording(self: TextCache, text: str, size: int, *rest: object, **kw: object) -> pygame.Surface:
        if text.strip():
            sizes.append(self.px(size))
        return render(self, text, size, *rest, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(TextCache, "render", recording)
    app = App(st.Settings(animation="fast", large_text=large), data_dir=data, threaded_ai=False)
    try:
        if setup == "settings":
            app.scenes.push(SettingsScene(app))
        else:
            shots.SHOTS[setup](app)
        sizes.clear()
        CACHE.clear()
        app.draw(0.0)
    finally:
        close_screen()
        monkeypatch.setattr(TextCache, "render", render)
    return sizes


@pytest.mark.parametrize("screen", ["settings", "title", "opening"])
def test_larger_text_is_larger(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, screen: str) -> None:
    """The median line of the screen is drawn larger with the setting than without it."""
    normal = drawn_sizes(monkeypatch, False, screen, tmp_path)
    large = drawn_sizes(monkeypatch, True, screen, tmp_path)
    assert normal and large
    assert statistics.median(large) >= statistics.median(normal) + 2, (normal, large)
    assert min(large) >= MIN_SIZE


def test_the_setting_reaches_the_text_cache(tmp_path: Path) -> None:
    app = App(st.Settings(animation="fast"), data_dir=tmp_path, threaded_ai=False)
    try:
        assert CACHE.scale == 1.0
        app.apply_settings(st.with_value(app.settings, "large_text", True), save=False)
        assert CACHE.scale == LARGE_SCALE and app.needs_draw
        app.apply_settings(st.with_value(app.settings, "large_text", False), save=False)
        assert CACHE.scale == 1.0
    finally:
        close_screen()
