"""Message catalogues: every word on screen in English, Finnish and Hungarian.

Why a module of its own: the screen code only ever names a *key*
(``tr("button.roll")``); the words live in ``assets/i18n/<lang>.json`` so a
translator never touches Python, and a test can check that all languages have
the same keys with the same ``{placeholders}`` and that the shipped font draws
every character they use.

Rules kept here:

* A key missing in the chosen language falls back to English, and a key missing
  everywhere shows the key itself; both log a warning once (never every frame)
  and never raise, because a kiosk must not crash on a translation slip.
* Plurals: English and Finnish change the noun after a number ("1 point",
  "2 points"), Hungarian does not. :func:`translate_n` picks ``key.one`` for 1
  and ``key.other`` otherwise, which is exactly the CLDR rule for all three.
* Hungarian puts "a" or "az" before a number depending on how it is spoken
  ("a 6", "az 5", "az 1."). A catalogue may write ``{n:az}`` (or ``{n:Az}`` at
  the start of a sentence) to get the number with its article.
* The session (no screen) speaks in :class:`Message` values, a key and its
  parameters; the screen translates them when it draws. The engine's refusals carry
  a code and parameters (their English sentence is the engine's own): :func:`engine_refusal`
  turns one into the message ``engine.<code>``.
"""

from __future__ import annotations

import json
import logging
import string
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeAlias

from game.assets import asset
from game.engine.errors import RulesError

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "fi", "hu")
"""Supported languages, in the order a language picker shows them."""
FALLBACK = "en"
CATALOGUE_DIR = asset("i18n")

_catalogues: dict[str, dict[str, str]] = {}
_warned: set[tuple[str, str]] = set()
_current = FALLBACK


def load_catalogue(lang: str, directory: Path | None = None) -> dict[str, str]:
    """Read one catalogue file; a missing or broken file gives an empty catalogue and a log line."""
    path = (directory or CATALOGUE_DIR) / f"{lang}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.warning("message catalogue %s could not be read: %s", path, exc)
        return {}
    if not isinstance(data, dict):
        log.warning("message catalogue %s is not a JSON object", path)
        return {}
    return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}


def catalogue(lang: str) -> dict[str, str]:
    """The (cached) catalogue of ``lang``; unknown languages get an empty one."""
    if lang not in _catalogues:
        _catalogues[lang] = load_catalogue(lang) if lang in LANGUAGES else {}
    return _catalogues[lang]


def reload() -> None:
    """Forget cached catalogues (tests, or an operator who edited a file)."""
    _catalogues.clear()
    _warned.clear()
    _FILLED.clear()


def _hungarian_article(value: object) -> str:
    """ "a" or "az" before a number as Hungarian speaks it: az 1, az 5, az 50, a 6, a 10, a 100."""
    digits = str(value).lstrip("-")
    if not digits.isdigit():
        return "a"
    n = int(digits)
    if digits[0] == "5":
        return "az"
    # egy (1), egyezer (1000), egymillió: "az"; tíz, tizen-, száz: "a".
    if digits[0] == "1" and len(digits) % 3 == 1 and n != 0:
        return "az"
    return "a"


class _Formatter(string.Formatter):
    """``str.format`` plus the ``az`` / ``Az`` spec for Hungarian articles."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in ("az", "Az"):
            article = _hungarian_article(value)
            if format_spec == "Az":
                article = article.capitalize()
            return f"{article} {value}"
        return str(super().format_field(value, format_spec))


_FORMATTER = _Formatter()


def placeholders(text: str) -> set[str]:
    """The placeholder names used in a catalogue text (format spec ignored)."""
    names: set[str] = set()
    for _, field, _, _ in string.Formatter().parse(text):
        if field is not None and field != "":
            names.add(field)
    return names


def _warn_once(lang: str, key: str, what: str) -> None:
    if (lang, key) not in _warned:
        _warned.add((lang, key))
        log.warning("i18n: %s (language %s, key %s)", what, lang, key)


_FILLED: dict[tuple[str, tuple[tuple[str, object], ...]], str] = {}
"""Catalogue texts already filled in, by the text and its values: the screen asks for the same few
sentences every frame (the side panel's facts, the status line), and :class:`string.Formatter` is
Python-level parsing (measured in the demo under Xvfb: the largest share of the panel's facts). Keyed
by the text itself, not the key, so a changed catalogue can never give an old sentence."""
_FILLED_MAX = 512
"""Entries kept before the memo starts again (numbers such as a clock's seconds make new ones)."""


def _format(lang: str, key: str, text: str, kw: Mapping[str, object]) -> str | None:
    if not kw and "{" not in text and "}" not in text:
        return text  # nothing to fill in ("{{" and "}}" still go through the formatter)
    values = tuple(kw.items())
    # Only text and whole numbers are remembered: 1, 1.0 and True are equal keys but say "1", "1.0"
    # and "True"; anything else is filled in every time.
    memo = (text, values) if all(type(v) is str or type(v) is int for _, v in values) else None
    done = _FILLED.get(memo) if memo is not None else None
    if done is not None:
        return done
    try:
        out = _FORMATTER.vformat(text, (), kw)
    except (KeyError, IndexError, ValueError, AttributeError) as exc:
        _warn_once(lang, key, f"text could not be filled in ({exc!r})")
        return None
    if memo is not None:
        if len(_FILLED) >= _FILLED_MAX:
            _FILLED.clear()
        _FILLED[memo] = out
    return out


def translate(lang: str, key: str, **kw: object) -> str:
    """The text of ``key`` in ``lang`` with ``kw`` filled in; English, then the key itself, as fallbacks."""
    for source in (lang, FALLBACK) if lang != FALLBACK else (FALLBACK,):
        text = catalogue(source).get(key)
        if text is None:
            _warn_once(source, key, "missing key")
            continue
        out = _format(source, key, text, kw)
        if out is not None:
            return out
    return key


def translate_n(lang: str, key: str, count: int, **kw: object) -> str:
    """A text that depends on a count: ``key.one`` when ``count`` is 1, else ``key.other``."""
    return translate(lang, f"{key}.{'one' if count == 1 else 'other'}", **kw)


def has_key(lang: str, key: str) -> bool:
    """True when ``lang``'s own catalogue has ``key`` (no fallback)."""
    return key in catalogue(lang)


# ---------------------------------------------------------------------------
# Messages: sentences not yet in any language.

Param: TypeAlias = "str | int | float | tuple[int, ...] | Message"
"""A value a message names: text and numbers as they are, several dice as a tuple (joined with the
language's "and"), or another message (a player's name) translated in the same language."""


@dataclass(frozen=True)
class Message:
    """A catalogue key and the values for its placeholders, translated only when it is drawn.

    Why: the game as a session (turn control, the computer, saving) has no screen and no
    language; it says *what* to tell the player, and the screen says it in the language chosen
    at that moment. Build one with :meth:`of`; ``params`` is kept as sorted pairs so that a
    message is a plain value (equal to its twin, usable as a key).
    """

    key: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Param) -> Message:
        return cls(key, tuple(sorted(params.items())))


def _joined(values: tuple[int, ...], lang: str) -> str:
    """Several dice as a language says them: commas between the first ones, "and" before the last
    ("4, 4, 4 and 4", never "4 and 4 and 4 and 4")."""
    parts = [str(v) for v in values]
    word = translate(lang, "word.and")
    if len(parts) <= 2:
        return f" {word} ".join(parts)
    return f"{', '.join(parts[:-1])} {word} {parts[-1]}"


def translate_message(lang: str, message: Message) -> str:
    """``message`` in ``lang`` (missing keys fall back as :func:`translate` does)."""
    values: dict[str, object] = {}
    for name, value in message.params:
        if isinstance(value, Message):
            values[name] = translate_message(lang, value)
        elif isinstance(value, tuple):
            values[name] = _joined(value, lang)
        else:
            values[name] = value
    return translate(lang, message.key, **values)


def engine_refusal(error: RulesError) -> Message:
    """What to tell a player about one of the engine's refusals: its code's key, ``engine.<code>``.

    A code the catalogues do not know (the engine grew a new refusal) becomes the general
    "that move is not allowed", logged once so a catalogue can catch up; the screen never shows a
    key or an English sentence in another language, and nothing raises.
    """
    key = f"engine.{error.code}"
    if not has_key(FALLBACK, key):
        _warn_once(FALLBACK, key, f"engine refusal without a catalogue key ({error})")
        return Message("engine.unknown")
    params: dict[str, Param] = {}
    for name, value in error.params.items():
        if isinstance(value, (str, int, float)) or (
            isinstance(value, tuple) and all(isinstance(v, int) for v in value)
        ):
            params[name] = value
        else:
            params[name] = str(value)
    return Message.of(key, **params)


# ---------------------------------------------------------------------------
# The current language, for screen code that just says tr("key").


def set_language(lang: str) -> None:
    """Switch every later :func:`tr` call to ``lang`` (unknown codes keep English, with a log line)."""
    global _current
    if lang not in LANGUAGES:
        log.warning("i18n: unknown language %r, using %s", lang, FALLBACK)
        lang = FALLBACK
    _current = lang


def get_language() -> str:
    """The language :func:`tr` uses now."""
    return _current


def tr(key: str, **kw: object) -> str:
    """``translate`` in the current language."""
    return translate(_current, key, **kw)


def tr_n(key: str, count: int, **kw: object) -> str:
    """``translate_n`` in the current language."""
    return translate_n(_current, key, count, **kw)


def tr_level(level: str) -> str:
    """A computer level's name in the current language ("Keskitaso" for "intermediate").

    The settings screen's ``level.<name>`` keys are the one source of these names, so the
    side panel and the settings always agree; an unknown level is shown as it is.
    """
    key = f"level.{level}"
    if has_key(_current, key) or has_key(FALLBACK, key):
        return tr(key)
    return level


def tr_message(message: Message) -> str:
    """``translate_message`` in the current language."""
    return translate_message(_current, message)


HOWTO_SECTIONS: tuple[str, ...] = (
    "goal",
    "board",
    "start",
    "move",
    "must",
    "hit",
    "bearoff",
    "cube",
    "win",
    "match",
    "help",
    "controls",
)
"""The how-to-play pages, in reading order: keys ``howto.<name>.title`` / ``.body``."""


# The characters a catalogue can put on screen (the screen checks its font draws them all).


def catalogue_characters(lang: str) -> set[str]:
    """Every character a catalogue's texts can put on screen (placeholders excluded)."""
    chars: set[str] = set()
    for text in catalogue(lang).values():
        for literal, _, _, _ in string.Formatter().parse(text):
            chars.update(literal)
    chars.update("0123456789-–/*%")  # what placeholders are filled with: numbers, moves, scores
    return {c for c in chars if c not in "\n\t"}
