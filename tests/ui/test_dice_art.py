"""Both sides' dice read at a glance: pips against the body at 7:1 or more, fresh or spent."""

from __future__ import annotations

import pygame
import pytest

from game.ui.board import art
from game.ui.board.sprites import IMAGE_DIR
from game.ui.layout import DIE


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("colour", ["white", "black"])
@pytest.mark.parametrize("used", [False, True])
def test_the_pips_stand_out_from_the_body(colour: str, used: bool) -> None:
    suffix = "_used" if used else ""
    for sprite in (
        art.die_sprite(1, colour, used=used),
        pygame.image.load(str(IMAGE_DIR / f"die_{colour}_1{suffix}.png")),
    ):
        pip = sprite.get_at((DIE // 2, DIE // 2))  # the one pip of a 1
        body = sprite.get_at((DIE // 4, DIE * 3 // 4))  # where a 1 has no pip
        assert pip.a == 255 and body.a == 255  # opaque: the felt does not wash the pips out
        ratio = contrast(pip[:3], body[:3])
        assert ratio >= 7.0, f"{colour} {'used' if used else 'fresh'} die: {ratio:.1f}:1"


def test_a_spent_die_looks_different_from_a_fresh_one() -> None:
    for colour in ("white", "black"):
        fresh = art.DIE_COLOURS[(colour, False)][0]
        spent = art.DIE_COLOURS[(colour, True)][0]
        assert contrast(fresh, spent) > 1.4
