"""How to play reads at one size on every page, larger under larger text, and every page fits.

Seen in a real window at 800x480: the body's size jumped from page to page (each page of two sections
shrank its own text to fit), and under larger text the long pages were drawn no larger than without it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.session import settings as st
from game.ui import layout as L
from game.ui.app import App
from game.ui.scenes import howto
from game.ui.text import CACHE, LARGE_SCALE, MIN_SIZE
from tests.helpers.ui_driver import double_click

pytestmark = pytest.mark.usefixtures("ui_reset")


@pytest.fixture()
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    CACHE.set_scale(1.0)
    i18n.set_language("en")
    CACHE.clear()


def pages_in(lang: str, scale: float) -> tuple[int, list[list[tuple[str, list[str]]]]]:
    i18n.set_language(lang)
    CACHE.set_scale(scale)
    CACHE.clear()
    return howto.paginate()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("scale", [1.0, LARGE_SCALE])
def test_every_section_once_in_order_and_every_page_fits_above_the_buttons(
    fonts: None, lang: str, scale: float
) -> None:
    size, pages = pages_in(lang, scale)
    assert [name for page in pages for name, _ in page] == list(i18n.HOWTO_SECTIONS)
    font = CACHE.font(size, False)
    for page in pages:
        bottom = howto.TOP + sum(howto.section_height(len(lines), size) for _, lines in page)
        assert bottom <= L.H - 100, f"{lang}: page {[n for n, _ in page]} runs into the buttons"
        for _, lines in page:
            assert all(font.size(line)[0] <= L.W - 120 for line in lines)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_larger_text_draws_the_pages_larger_in_more_pages(fonts: None, lang: str) -> None:
    """One size for the whole text (each page used to pick its own), and larger text really larger:
    the body at least a fifth larger in pixels, on as many pages as it takes."""
    normal, normal_pages = pages_in(lang, 1.0)
    normal_px = CACHE.px(normal)
    large, large_pages = pages_in(lang, LARGE_SCALE)
    assert normal_px > MIN_SIZE, "the body is readable from a distance, above the floor"
    assert CACHE.px(large) >= normal_px * 1.15
    assert len(large_pages) >= len(normal_pages)


def test_the_old_two_sections_a_page_would_not_fit_at_one_size(fonts: None) -> None:
    """The measure fails the old pages: two sections a page at the size every page reads at now runs
    past the buttons on some page, under larger text."""
    size, _ = pages_in("en", LARGE_SCALE)
    font = CACHE.font(size, False)
    sections = i18n.HOWTO_SECTIONS
    heights = [
        howto.section_height(len(howto.wrap(i18n.tr(f"howto.{name}.body"), font, L.W - 120)), size)
        for name in sections
    ]
    pairs = [heights[i] + heights[i + 1] for i in range(0, len(heights) - 1, 2)]
    assert max(pairs) > howto.ROOM


def test_two_quick_taps_on_next_turn_two_pages(tmp_path: Path) -> None:
    """Seen in a real window: the second of two quick taps on Next came as a double-click, which
    buttons ignore, and the page stayed. Next and Previous turn a page a tap, however quick."""
    app = App(st.Settings(animation="fast"), data_dir=tmp_path, threaded_ai=False)
    scene = howto.HowToScene(app)
    app.scenes.reset(scene)
    app.step()

    def at(label: str) -> tuple[int, int]:
        return next(b for b in scene.buttons.buttons if b.label == label and b.visible).rect.center

    double_click(app, at(i18n.tr("button.next_page")))
    assert scene.page == 2
    double_click(app, at(i18n.tr("button.prev_page")))
    assert scene.page == 0
