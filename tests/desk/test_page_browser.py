"""A real browser (headless Chromium, driven over its DevTools protocol on loopback) opens the desk's
phone page, shows a board's live score, and follows the board's next report by itself within a few
seconds (the page polls every ``POLL_SECONDS``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.desk.page import POLL_SECONDS
from game.tools.desk_page_browser import follow

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("chromium") is None, reason="Chromium is not installed"),
]


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)])
def test_the_phone_page_follows_a_reported_game(tmp_path: Path, size: tuple[int, int]) -> None:
    took = follow(tmp_path, "chromium", size)
    assert took < POLL_SECONDS + 2.0
    assert (tmp_path / f"follow-before-{size[0]}x{size[1]}.png").stat().st_size > 5000
    assert (tmp_path / f"follow-after-{size[0]}x{size[1]}.png").stat().st_size > 5000
