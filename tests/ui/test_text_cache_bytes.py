"""The rendered-text cache is bounded by the bytes of its pixels as well as by its count.

Why: bounded by count alone (600 surfaces) it filled with long status lines in the attract soak and
held 18.75 MB of pixels. These tests check that the byte bound drops the least recently used first,
never loops or throws out everything for a surface larger than the whole bound, keeps the count
bound, and counts its bytes right through evictions and clears; that the fonts are bounded too; and
that the game's own bound holds a game screen's texts (none rendered again when it is drawn again).
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui.text import BYTE_LIMIT, CACHE, FONT_LIMIT, TextCache, surface_bytes
from tests.helpers.ui_driver import close_screen, make_app, settle, start_game

pytestmark = pytest.mark.usefixtures("ui_reset")


@pytest.fixture()
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    CACHE.reset()


def sized(cache: TextCache, texts: list[str], size: int = 24) -> int:
    """The bytes ``texts`` take rendered at ``size`` (rendered apart from ``cache``'s surfaces)."""
    return sum(surface_bytes(cache.font(size).render(t, True, (255, 255, 255))) for t in texts)


def held(cache: TextCache, text: str, surface: pygame.Surface, size: int = 24) -> bool:
    """Whether ``cache`` still holds ``surface`` for ``text``: asking again gives the same object and
    renders nothing (a text not held is rendered anew, a different surface)."""
    misses = cache.misses
    again = cache.render(text, size)
    return again is surface and cache.misses == misses


def test_the_byte_bound_drops_the_least_recently_used_first(fonts: None) -> None:
    texts = ["alpha", "bravo", "delta", "gamma"]  # the same height; widths close to each other
    probe = TextCache()
    room = sized(probe, texts[:3]) + sized(probe, ["w"])  # room for three, not four
    cache = TextCache(max_bytes=room)
    a, b, c = (cache.render(t, 24) for t in texts[:3])
    assert cache.bytes == sized(cache, texts[:3])
    assert held(cache, "alpha", a)  # alpha is now the most recently used; bravo the least
    d = cache.render("gamma", 24)
    assert cache.bytes <= room
    assert held(cache, "alpha", a) and held(cache, "delta", c) and held(cache, "gamma", d)
    assert not held(cache, "bravo", b)


def test_the_bytes_held_are_the_sum_of_the_surfaces_held_through_evictions(fonts: None) -> None:
    cache = TextCache(max_bytes=40_000)
    for n in range(200):
        cache.render(f"line {n} " + "x" * (n % 23), 24 + 2 * (n % 5))
        assert cache.bytes == sum(surface_bytes(s) for s in cache._surfaces.values())
        assert cache.bytes <= cache.max_bytes
    assert 0 < len(cache._surfaces) < 200


def test_a_surface_larger_than_the_whole_bound_is_drawn_but_not_kept(fonts: None) -> None:
    """It comes back rendered and the cache keeps what it had: keeping it would throw out every other
    surface and still leave the cache over its bound."""
    cache = TextCache(max_bytes=sized(TextCache(), ["one", "two"]) + 1)
    one, two = cache.render("one", 24), cache.render("two", 24)
    before = cache.bytes
    wide = "a line far too wide for the whole bound of this cache"
    big = cache.render(wide, 24)
    assert big.get_width() == cache.font(24).size(wide)[0] and surface_bytes(big) > cache.max_bytes
    assert cache.bytes == before
    assert held(cache, "one", one) and held(cache, "two", two)
    assert cache.render(wide, 24) is not big  # not kept: drawn anew when asked again


def test_the_count_bound_still_holds_under_a_roomy_byte_bound(fonts: None) -> None:
    cache = TextCache(limit=3, max_bytes=1 << 30)
    first = cache.render("first", 24)
    rest = [cache.render(t, 24) for t in ("second", "third", "fourth")]
    assert len(cache._surfaces) == 3
    assert cache.bytes == sized(cache, ["second", "third", "fourth"])
    assert not held(cache, "first", first)
    assert held(cache, "fourth", rest[2])


def test_clear_and_reset_forget_the_bytes(fonts: None) -> None:
    cache = TextCache()
    cache.render("some words", 24)
    cache.render("more words", 30)
    assert cache.bytes == sized(cache, ["some words"]) + sized(cache, ["more words"], 30)
    cache.clear()
    assert cache.bytes == 0
    cache.render("again", 24)
    assert cache.bytes == sized(cache, ["again"])
    cache.reset()
    assert cache.bytes == 0


def test_the_game_bound_keeps_a_game_screen_from_rendering_its_text_again() -> None:
    """A game screen drawn again with nothing changed takes every text from the cache, even after
    the cache was filled to its byte bound with other words (the soak's steady state)."""
    app = make_app()
    try:
        scene = start_game(app, mode="computer", seed=3)
        settle(app, scene)
        filler = 0
        while CACHE.bytes < BYTE_LIMIT - 200_000:  # other screens' words, all less recently used
            CACHE.render(f"an older screen's line of words, number {filler}", 28)
            filler += 1
        app.draw(0.0)
        app.draw(0.0)
        hits, misses = CACHE.hits, CACHE.misses
        scene.frame.key = None  # the cached layer forgotten: board, panel, status and buttons painted anew
        app.draw(0.0)
        assert CACHE.hits > hits  # the frame does ask for text
        assert CACHE.misses == misses
        assert CACHE.bytes <= BYTE_LIMIT
    finally:
        app.quit()
        close_screen()


def test_fonts_are_bounded_least_recently_used_first(fonts: None) -> None:
    cache = TextCache()
    sizes = range(10, 10 + FONT_LIMIT)
    opened = {size: cache.font(size) for size in sizes}
    assert cache.font(10) is opened[10]  # the oldest, now the most recently used; 11 the least
    cache.font(10 + FONT_LIMIT)
    assert len(cache._fonts) == FONT_LIMIT
    assert cache.font(10) is opened[10] and cache.font(12) is opened[12]
    assert cache.font(11) is not opened[11]  # dropped, opened again
