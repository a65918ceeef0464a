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


NOTATION_PARAMS = frozenset({"best"})
"""The parameters that are plays in notation. Every sentence names such a play after a noun in
brackets ("the expert's move (8/5 6/5)"), so that it reads whole without them."""


def render_phrase(phrase: Phrase, lang: str, notation: bool = True) -> str:
    """One phrase in ``lang``; without the plays' ``notation`` where no arrows stand beside the
    words (the coach's card during play: a newcomer reads "the expert's move", the arrows come
    with "Show me")."""
    params = dict(phrase.params)
    if not notation:
        params.update(dict.fromkeys(NOTATION_PARAMS & params.keys(), "\0"))
    if phrase.count is None:
        text = translate(lang, phrase.key, **params)
    else:
        text = translate_n(lang, phrase.key, phrase.count, **params)
    return text if notation else text.replace(" (\0)", "").replace("\0", "")


def render(phrases: tuple[Phrase, ...], lang: str) -> str:
    """The sentences of a reason in ``lang``, one after the other."""
    return " ".join(render_phrase(p, lang) for p in phrases)


def render_all(phrases: tuple[Phrase, ...]) -> dict[str, str]:
    """The reason in every language the game speaks."""
    return {lang: render(phrases, lang) for lang in LANGUAGES}
