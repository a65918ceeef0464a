"""The one place the tournament reaches the message catalogues (every word a player sees is there)."""

from __future__ import annotations

from game.i18n import translate, translate_n

from .core import TMatch, Tournament, TournamentError


def call_text(t: Tournament, m: TMatch, lang: str | None = None) -> str:
    """What the caller reads out for a ready match: "Anna v Ben, 5 points"."""
    a, b = (
        t.players[p].name if p is not None else translate(lang or t.lang, "tourney.to_come")
        for p in m.players
    )
    return translate_n(lang or t.lang, "tourney.call", m.length, a=a, b=b, points=m.length)


def error_text(error: TournamentError, lang: str) -> str:
    """A refused request in the operator's language."""
    return translate(lang, error.key, **error.params)


__all__ = ["call_text", "error_text", "translate", "translate_n"]
