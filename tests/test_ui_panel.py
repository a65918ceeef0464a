"""The side panel names the computer's level in the player's language (the settings screen's words)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui import i18n
from game.ui.arcade import apply_language
from game.ui.text import tr_level
from tests.ui_driver import make_app, start_game


@pytest.fixture()
def restore_language() -> Iterator[None]:
    yield
    apply_language("en")
    pygame.quit()


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
@pytest.mark.parametrize("level", ["beginner", "intermediate", "advanced", "expert"])
def test_panel_level_is_translated(restore_language: None, lang: str, level: str) -> None:
    apply_language(lang)
    app = make_app()
    scene = start_game(app, mode="computer", seed=2)
    scene.opponent.level = level
    name = i18n.translate(lang, f"level.{level}")
    assert i18n.has_key(lang, f"level.{level}")
    text = scene.level_text()
    assert name in text
    if lang != "en":
        assert level not in text.lower()  # not the raw machine name
    app.draw(0.0)  # the panel paints with it


def test_unknown_level_is_shown_as_it_is(restore_language: None) -> None:
    assert tr_level("grandmaster") == "grandmaster"
    assert tr_level("expert") == "Expert"
