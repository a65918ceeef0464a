"""Every word of a move line in the player's language (issue 36: "off" stayed English in Finnish and
Hungarian move lines); the numbers are the reader's as before."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine.moves import Move
from game.ui.reading import play_text

BEAR_OFF = (Move(6, 0, 6), Move(2, 0, 2))
ENTER = (Move(25, 22, 3, True),)


@pytest.mark.parametrize(
    ("lang", "off", "bar"), [("en", "off", "bar"), ("fi", "pois", "palkki"), ("hu", "le", "sáv")]
)
def test_the_notations_words_are_the_players(lang: str, off: str, bar: str) -> None:
    i18n.set_language(lang)
    try:
        assert play_text(BEAR_OFF, 0, 0) == f"6/{off} 2/{off}"
        assert play_text(ENTER, 1, 0) == f"{bar}/3*"  # the other side's move, in the reader's numbers
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_answers_time_line_is_not_called_the_bar(lang: str) -> None:
    """ "It counts when the bar runs out": the bar is a part of the board; one word, one thing."""
    bar = i18n.translate(lang, "notation.bar").casefold()
    assert bar not in i18n.translate(lang, "newcomer.counts_soon").casefold()
