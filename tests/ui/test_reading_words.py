"""Every word of a move line in the player's language (issue 36: "off" stayed English in Finnish and
Hungarian move lines); the numbers are the reader's as before."""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.coach.words import Phrase
from game.engine.moves import Move
from game.ui.reading import play_text
from game.ui.scenes.review_words import reason_text

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


ENGLISH = re.compile(r"\b(bar|off|move|play|point|points|blot|blots|hit|hits|rolls?|the|your|expert)\b", re.I)
"""English words a Finnish or Hungarian reason or move line must not carry (the notation's two words and
the coach's commonest)."""
WITH_PLAYS = "bar/23* 24/22 6/off"
"""A play as the coach writes it into a reason (``best``), with both of the notation's words."""


def reasons() -> list[Phrase]:
    """Every sentence of the coach that names a play, its other figures filled in."""
    out: list[Phrase] = []
    for key, text in sorted(i18n.catalogue("en").items()):
        if not key.startswith("coach.") or "{best}" not in text:
            continue
        params: dict[str, int | str] = {name: 7 for name in re.findall(r"{(\w+)", text)}
        params["best"] = WITH_PLAYS
        for plural in (".one", ".other"):
            if key.endswith(plural):
                out.append(Phrase(key.removesuffix(plural), params, count=1 if plural == ".one" else 2))
                break
        else:
            out.append(Phrase(key, params))
    return out


@pytest.mark.parametrize("lang", ["fi", "hu"])
def test_no_english_word_in_a_finnish_or_hungarian_reason(lang: str) -> None:
    """Issue 36: "bar" stayed English in the Finnish and Hungarian review reasons (the coach writes the
    expert's play into its sentence in standard notation). Every reason that names a play, as the review
    and the replay show it, the reader's own and the other player's, carries no English word."""
    phrases = reasons()
    assert len(phrases) >= 20  # every sentence that names a play (33 catalogue texts)
    i18n.set_language(lang)
    try:
        for phrase in phrases:
            for mover, reader in ((0, 0), (1, 0)):
                text = reason_text((phrase,), mover, reader, ("Anna", "Bob"))
                assert not ENGLISH.search(text), (phrase.key, text)
                assert translated_play(mover, reader) in text, (phrase.key, text)
        lines = [play_text(BEAR_OFF, 0, 0), play_text(ENTER, 1, 0), play_text(ENTER + BEAR_OFF, 0, 1)]
        assert not any(ENGLISH.search(line) for line in lines), lines
    finally:
        i18n.set_language("en")


def translated_play(mover: int, reader: int) -> str:
    bar, off = i18n.tr("notation.bar"), i18n.tr("notation.off")
    return f"{bar}/23* 24/22 6/{off}" if mover == reader else f"{bar}/2* 1/3 19/{off}"


def test_the_english_reason_keeps_the_notation() -> None:
    """The measure itself: in English the same reasons say "bar" and "off", so the test above can fail."""
    text = reason_text(tuple(reasons()[:1]), 0, 0, ("Anna", "Bob"))
    assert ENGLISH.search(text) and WITH_PLAYS in text, text
