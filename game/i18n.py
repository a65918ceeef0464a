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
* The engine speaks English (it is pure rules code). :func:`engine_message_key`
  maps each of its exact sentences, parameterised ones by pattern, to a key, so
  :func:`translate_engine` can show the refusal reason in the player's language.
"""

from __future__ import annotations

import json
import logging
import re
import string
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from game.assets import asset

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


def _format(lang: str, key: str, text: str, kw: Mapping[str, object]) -> str | None:
    try:
        return _FORMATTER.vformat(text, (), kw)
    except (KeyError, IndexError, ValueError, AttributeError) as exc:
        _warn_once(lang, key, f"text could not be filled in ({exc!r})")
        return None


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
# The engine's English sentences -> keys.

_Converter = Callable[[str, Callable[[str], str]], str]


def _same(value: str, _word: Callable[[str], str]) -> str:
    return value


def _dice_list(value: str, word: Callable[[str], str]) -> str:
    """ "6 and 3" (the engine's join) re-joined with the language's own "and": commas between the
    first ones, "and" before the last ("4, 4, 4 and 4", not "4 and 4 and 4 and 4")."""
    parts = [p.strip() for p in value.split(" and ")]
    if len(parts) <= 2:
        return f" {word('word.and')} ".join(parts)
    return f"{', '.join(parts[:-1])} {word('word.and')} {parts[-1]}"


_ENGINE_TABLE: tuple[tuple[re.Pattern[str], str, Mapping[str, _Converter]], ...] = tuple(
    (re.compile(pattern + r"\Z"), key, conv)
    for pattern, key, conv in (
        (r"Your move is complete: press Done", "engine.move_complete", {}),
        (
            r"You have no (?P<die>\d) to play \(left: (?P<left>\d(?: and \d)*)\)",
            "engine.no_die",
            {"left": _dice_list},
        ),
        (r"Enter your checker from the bar first", "engine.enter_first", {}),
        (r"You have no checker on the bar", "engine.no_checker_bar", {}),
        (r"You have no checker on point (?P<point>\d+)", "engine.no_checker_point", {}),
        (r"Point (?P<point>\d+) is held by your opponent", "engine.point_held", {}),
        (r"All your checkers must be home before bearing off", "engine.not_all_home", {}),
        (r"Bear off from your highest point first", "engine.bear_off_highest", {}),
        (r"You must play the higher die", "engine.higher_die", {}),
        (
            r"That would leave your (?P<die>\d) unplayable: you must use both dice",
            "engine.leaves_die",
            {},
        ),
        (
            r"That would leave a (?P<die>\d) unplayable: you must play as many dice as you can",
            "engine.leaves_double",
            {},
        ),
        (r"Checkers move toward your home board \(lower point numbers\)", "engine.direction", {}),
        (
            r"No combination of your dice moves a checker from point (?P<src>\d+) to point (?P<dst>\d+)",
            "engine.no_path.point_point",
            {},
        ),
        (
            r"No combination of your dice moves a checker from point (?P<src>\d+) to off",
            "engine.no_path.point_off",
            {},
        ),
        (
            r"No combination of your dice moves a checker from the bar to point (?P<dst>\d+)",
            "engine.no_path.bar_point",
            {},
        ),
        (r"No combination of your dice moves a checker from the bar to off", "engine.no_path.bar_off", {}),
        # game/engine/flow.py and cube.py
        (r"No turn is being played: roll the dice first", "engine.no_turn", {}),
        (r"The game is over", "engine.game_over", {}),
        (r"You may double only at the start of your turn, before rolling", "engine.double_timing", {}),
        (r"Roll for the opening first: each player rolls one die", "engine.opening_first", {}),
        (r"Answer the double first: take or pass", "engine.answer_double", {}),
        (r"There is no double to answer", "engine.no_double", {}),
        (r"The opening roll is over", "engine.opening_over", {}),
        (r"Roll the dice first", "engine.roll_first", {}),
        (r"You have already rolled: move your checkers", "engine.already_rolled", {}),
        (r"Nothing to undo: you have not moved yet this turn", "engine.nothing_to_undo", {}),
        (
            r"Finish your move: you still have (?P<left>\d(?: and \d)*) to play",
            "engine.finish_move",
            {"left": _dice_list},
        ),
        (r"You have no (?P<die>\d) to play", "engine.no_die_short", {}),
        (r"All your checkers are already off", "engine.all_off", {}),
        (
            r"The move (?P<src>\d+)/(?P<dst>\d+) is not possible with a (?P<die>\d)",
            "engine.move_impossible",
            {},
        ),
        (r"That play uses (?P<used>\d) (?:die|dice); you must play (?P<most>\d)", "engine.play_length", {}),
        (r"Move from a point 1\.\.24 or the bar, to a point 1\.\.24 or off", "engine.move_range", {}),
        (r"No doubling in the Crawford game", "engine.crawford", {}),
        (r"The cube is already at (?P<value>\d+), the highest stake", "engine.cube_max", {}),
        (r"Only the owner of the cube may redouble: your opponent owns it", "engine.cube_owner", {}),
    )
)


def engine_message_key(message: str) -> tuple[str, dict[str, str]] | None:
    """The catalogue key and raw parameters for one of the engine's sentences, or None if unknown."""
    text = message.strip()
    for pattern, key, _ in _ENGINE_TABLE:
        m = pattern.match(text)
        if m:
            return key, m.groupdict()
    return None


def translate_engine(lang: str, message: str) -> str:
    """An engine refusal reason in ``lang``.

    An unknown sentence (the engine grew a new one) is shown as it is in
    English, which is still a useful reason, and logged once so the table can be
    extended; the screen never goes blank and nothing raises.
    """
    found = engine_message_key(message)
    if found is None:
        _warn_once(lang, message, "engine message without a catalogue key")
        return message
    key, params = found
    conv = next(c for p, k, c in _ENGINE_TABLE if k == key)

    def word(k: str) -> str:
        return translate(lang, k)

    values: dict[str, object] = {}
    for name, raw in params.items():
        fixed = conv.get(name, _same)(raw, word)
        values[name] = int(fixed) if fixed.isdigit() else fixed
    return translate(lang, key, **values)


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


def tr_engine(message: str) -> str:
    """``translate_engine`` in the current language."""
    return translate_engine(_current, message)


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
