"""The coach's sentences: message keys with their parameters, and their rendering in a language.

Why keys and not text: the reason is decided once, from facts, and shown in whatever language
the player picked (the bot answers all three at once). The words live in the catalogues
(``coach.*`` keys of ``assets/i18n/{en,fi,hu}.json``); this is the coach's ONE import of the
catalogue module, so moving that module means changing one line here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import LANGUAGES, translate, translate_n

Param = int | str


@dataclass(frozen=True, slots=True)
class Phrase:
    """One sentence: a catalogue key and its parameters. With ``count`` set, the key is a plural
    pair (``key.one`` / ``key.other``) chosen by it, as :func:`translate_n` does."""

    key: str
    params: dict[str, Param] = field(default_factory=dict)
    count: int | None = None

    def keys(self) -> tuple[str, ...]:
        """The catalogue keys this phrase may use (both plural forms for a counted one)."""
        if self.count is None:
            return (self.key,)
        return (f"{self.key}.one", f"{self.key}.other")

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"key": self.key, "params": dict(self.params)}
        if self.count is not None:
            out["count"] = self.count
        return out


def render_phrase(phrase: Phrase, lang: str) -> str:
    """One phrase in ``lang``."""
    if phrase.count is None:
        return translate(lang, phrase.key, **phrase.params)
    return translate_n(lang, phrase.key, phrase.count, **phrase.params)


def render(phrases: tuple[Phrase, ...], lang: str) -> str:
    """The sentences of a reason in ``lang``, one after the other."""
    return " ".join(render_phrase(p, lang) for p in phrases)


def render_all(phrases: tuple[Phrase, ...]) -> dict[str, str]:
    """The reason in every language the game speaks."""
    return {lang: render(phrases, lang) for lang in LANGUAGES}
