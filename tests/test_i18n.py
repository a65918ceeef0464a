"""Message catalogues: complete in every language, drawable with the shipped font, engine reasons mapped."""

from __future__ import annotations

import logging
import random

import pytest

from game import i18n
from game.engine.errors import IllegalAction
from game.engine.moves import BAR_POINT, OFF
from game.engine.sample import random_position
from game.engine.turn import Turn
from game.ui import text as ui_text


@pytest.fixture(autouse=True)
def _fresh_catalogues() -> None:
    i18n.reload()
    i18n.set_language("en")


def test_every_key_in_every_language_with_the_same_placeholders() -> None:
    en = i18n.catalogue("en")
    assert len(en) > 150
    for lang in i18n.LANGUAGES:
        cat = i18n.catalogue(lang)
        assert set(cat) == set(en), f"{lang}: missing {set(en) - set(cat)}, extra {set(cat) - set(en)}"
        for key, text in cat.items():
            assert i18n.placeholders(text) == i18n.placeholders(en[key]), (lang, key, text)


def test_every_text_formats_with_numbers_in_its_language() -> None:
    for lang in i18n.LANGUAGES:
        for key, text in i18n.catalogue(lang).items():
            kw = {name: 5 for name in i18n.placeholders(text)}
            out = i18n.translate(lang, key, **kw)
            assert "{" not in out and "}" not in out, (lang, key, out)
            assert out.strip() == out and out, (lang, key)


def test_plural_keys_come_in_pairs() -> None:
    keys = set(i18n.catalogue("en"))
    for key in keys:
        if key.endswith(".one"):
            assert key[:-4] + ".other" in keys
        if key.endswith(".other"):
            assert key[:-6] + ".one" in keys


@pytest.mark.parametrize("font", [ui_text.REGULAR_FONT, ui_text.BOLD_FONT], ids=lambda p: p.name)
def test_shipped_font_has_every_glyph(font: object) -> None:
    assert ui_text.REGULAR_FONT.exists() and ui_text.BOLD_FONT.exists()
    assert (ui_text.FONT_DIR / "LICENSE-DejaVu.txt").exists()
    for lang in i18n.LANGUAGES:
        chars = i18n.catalogue_characters(lang)
        assert ui_text.missing_glyphs(font, chars) == set(), lang  # type: ignore[arg-type]


def test_the_glyph_check_can_fail() -> None:
    # A private-use character and a CJK ideograph: DejaVu Sans has neither.
    assert ui_text.missing_glyphs(ui_text.REGULAR_FONT, {"a", "\ue000", "\u4e00"}) == {"\ue000", "\u4e00"}


def test_catalogues_use_their_special_letters() -> None:
    fi = i18n.catalogue_characters("fi")
    hu = i18n.catalogue_characters("hu")
    assert {"ä", "ö"} <= fi
    assert {"á", "é", "í", "ó", "ö", "ő", "ú", "ü", "ű"} <= hu


def test_missing_key_falls_back_to_english_and_warns_once(caplog: pytest.LogCaptureFixture) -> None:
    i18n._catalogues["fi"] = {"button.roll": "Heitä"}
    i18n._catalogues["en"] = {"button.roll": "Roll", "button.done": "Done"}
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert i18n.translate("fi", "button.roll") == "Heitä"
        assert i18n.translate("fi", "button.done") == "Done"
        assert i18n.translate("fi", "button.done") == "Done"
        assert i18n.translate("fi", "no.such.key") == "no.such.key"
    missing = [r for r in caplog.records if "button.done" in r.getMessage()]
    assert len(missing) == 1


def test_missing_placeholder_value_does_not_raise(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        out = i18n.translate("fi", "board.pips")
    assert out == "board.pips"  # neither language could fill {n}: the key is shown, nothing raises
    assert any("could not be filled" in r.getMessage() for r in caplog.records)


def test_unknown_language_falls_back() -> None:
    i18n.set_language("xx")
    assert i18n.get_language() == "en"
    assert i18n.tr("button.roll") == "Roll"
    i18n.set_language("hu")
    assert i18n.tr("button.roll") == "Dobás"


def test_plural_choice() -> None:
    assert i18n.translate_n("en", "gameover.points", 1, points=1) == "1 point"
    assert i18n.translate_n("en", "gameover.points", 2, points=2) == "2 points"
    assert i18n.translate_n("fi", "gameover.points", 1, points=1) == "1 piste"
    assert i18n.translate_n("fi", "gameover.points", 3, points=3) == "3 pistettä"
    assert i18n.translate_n("hu", "gameover.points", 3, points=3) == "3 pont"


@pytest.mark.parametrize(
    ("n", "article"),
    [
        (1, "az"),
        (2, "a"),
        (5, "az"),
        (6, "a"),
        (10, "a"),
        (11, "a"),
        (15, "a"),
        (19, "a"),
        (20, "a"),
        (24, "a"),
        (50, "az"),
        (100, "a"),
        (1000, "az"),
        (500, "az"),
    ],
)
def test_hungarian_article(n: int, article: str) -> None:
    assert i18n._hungarian_article(n) == article


def test_hungarian_article_in_a_sentence() -> None:
    assert i18n.translate("hu", "engine.point_held", point=5) == "Az 5. mezőt az ellenfeled tartja"
    assert i18n.translate("hu", "engine.point_held", point=7) == "A 7. mezőt az ellenfeled tartja"


def _engine_messages() -> set[str]:
    """Every refusal reason the engine's Turn gives over many random positions and rolls."""
    rng = random.Random(7)
    found: set[str] = set()
    sources = [BAR_POINT, *range(1, 25)]
    for _ in range(50):
        pos = random_position(rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turn = Turn(pos, dice)
        for step in range(3):
            for src in sources:
                for die in range(1, 7):
                    reason = turn.explain(src, die)
                    if reason:
                        found.add(reason)
                for dst in (OFF, *range(1, 25)) if step == 0 else ():
                    try:
                        turn.move_to(src, dst)
                    except IllegalAction as exc:
                        found.add(str(exc))
            legal = turn.legal_moves()
            if not legal or step == 2:
                break
            move = rng.choice(legal)
            turn = turn.step(move.src, move.die)
    return found


def test_every_engine_refusal_has_a_key_in_every_language() -> None:
    messages = _engine_messages()
    keys = {i18n.engine_message_key(m)[0] for m in messages if i18n.engine_message_key(m)}
    unmapped = {m for m in messages if i18n.engine_message_key(m) is None}
    assert unmapped == set()
    # The random walk reaches most kinds of refusal; the table is checked to be used, not just present.
    assert len(keys) >= 10, keys
    for message in messages:
        for lang in ("fi", "hu"):
            out = i18n.translate_engine(lang, message)
            assert out != message and "{" not in out, (lang, message, out)


@pytest.mark.parametrize(
    ("message", "lang", "expected"),
    [
        ("Point 5 is held by your opponent", "fi", "Vastustaja hallitsee kiilaa 5"),
        (
            "You have no 4 to play (left: 6 and 3)",
            "fi",
            "Noppaa 4 ei ole enää pelattavana (jäljellä: 6 ja 3)",
        ),
        ("You have no 4 to play (left: 6 and 3)", "hu", "Nincs kijátszható 4 értékű kockád (maradt: 6 és 3)"),
        ("You have no checker on the bar", "en", "You have no checker on the bar"),
        (
            "That would leave your 6 unplayable: you must use both dice",
            "fi",
            "Silloin noppaa 6 ei voisi enää pelata: sinun on käytettävä molemmat nopat",
        ),
        (
            "That would leave your 5 unplayable: you must use both dice",
            "hu",
            "Így az 5 értékű kockát nem tudnád kijátszani: mindkét kockát fel kell használnod",
        ),
        (
            "That would leave a 3 unplayable: you must play as many dice as you can",
            "en",
            "That would leave a 3 unplayable: you must play as many dice as you can",
        ),
        (
            "No combination of your dice moves a checker from point 1 to point 13",
            "hu",
            "A kockáiddal nem jutsz el az 1. mezőről a 13. mezőre",
        ),
        (
            "No combination of your dice moves a checker from point 9 to off",
            "en",
            "No combination of your dice moves a checker from point 9 off the board",
        ),
        # Doubles left: commas, then "and" before the last (a play test read "4 and 4 and 4 and 4").
        ("Finish your move: you still have 4 and 4 and 4 and 4 to play", "en", "@4, 4, 4 and 4"),
        ("Finish your move: you still have 4 and 4 and 4 to play", "fi", "@4, 4 ja 4"),
        ("Finish your move: you still have 6 and 3 to play", "hu", "@6 és 3"),
    ],
)
def test_engine_message_examples(message: str, lang: str, expected: str) -> None:
    if expected.startswith("@"):  # only this part of the sentence is checked
        assert expected[1:] in i18n.translate_engine(lang, message)
    else:
        assert i18n.translate_engine(lang, message) == expected


def test_unknown_engine_message_is_shown_as_is(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert i18n.translate_engine("fi", "A brand new reason") == "A brand new reason"
    assert caplog.records


def test_howto_sections_exist_and_are_substantial() -> None:
    for lang in i18n.LANGUAGES:
        total = 0
        for name in i18n.HOWTO_SECTIONS:
            assert i18n.has_key(lang, f"howto.{name}.title")
            body = i18n.translate(lang, f"howto.{name}.body")
            assert len(body) > 150, (lang, name)
            total += len(body)
        assert total > 2500, lang


def _flow_messages() -> set[str]:
    """Player-facing refusals of the game flow: every action kind tried in every phase of random games."""
    from game.engine import flow
    from game.engine.cube import Cube, can_double

    rng = random.Random(11)
    probes: list[flow.Action] = [
        flow.OpeningRoll(3, 5),
        flow.Roll((2, 4)),
        flow.Double(),
        flow.Take(),
        flow.Pass(),
        flow.Undo(),
        flow.EndTurn(),
        flow.Step(13, 6),
        flow.MoveTo(30, 3),
        flow.PlayMoves(()),
    ]
    found: set[str] = set()
    for game in range(6):
        state = flow.new_game(flow.Rules(match_length=5 if game % 2 else 0))
        for _ in range(400):
            for probe in probes:
                try:
                    flow.apply(state, probe)
                except IllegalAction as exc:
                    found.add(str(exc))
            if state.phase is flow.Phase.GAME_OVER:
                break
            if state.phase is flow.Phase.MOVING:
                turn = state.turn_state()
                legal = turn.legal_moves()
                if turn.is_complete or not legal:
                    state = flow.apply(state, flow.EndTurn())
                else:
                    move = rng.choice(legal)
                    state = flow.apply(state, flow.Step(move.src, move.die))
            elif state.phase is flow.Phase.ROLL and state.can_double() is None and rng.random() < 0.1:
                state = flow.apply(state, flow.Double())
            elif state.phase is flow.Phase.CUBE_OFFERED:
                state = flow.apply(state, flow.Take() if rng.random() < 0.8 else flow.Pass())
            else:
                state = flow.apply(state, flow.roll_for(state, rng))
    for reason in (
        can_double(Cube(64, 0), 0, False),
        can_double(Cube(2, 1), 0, False),
        can_double(Cube(), 0, True),
    ):
        assert reason is not None
        found.add(reason)
    # Sentences starting in lower case (or quoting a repr) are programming errors, not shown to players.
    return {m for m in found if m[:1].isupper() and "(" not in m.split(":")[-1] and "=" not in m}


def test_every_flow_refusal_has_a_key() -> None:
    messages = _flow_messages()
    unmapped = {m for m in messages if i18n.engine_message_key(m) is None}
    assert unmapped == set()
    keys = {i18n.engine_message_key(m)[0] for m in messages}  # type: ignore[index]
    assert {
        "engine.game_over",
        "engine.opening_first",
        "engine.roll_first",
        "engine.crawford",
        "engine.cube_owner",
        "engine.cube_max",
        "engine.nothing_to_undo",
    } <= keys, keys
    for message in messages:
        for lang in ("fi", "hu"):
            out = i18n.translate_engine(lang, message)
            assert out != message and "{" not in out, (lang, message, out)


def test_symbols_drawn_outside_the_catalogues_have_glyphs() -> None:
    # The keypad's backspace, code dots, the title's endless-session sign, the turn marker; the
    # replay's step buttons, the review's minus sign and separator.
    for font in (ui_text.REGULAR_FONT, ui_text.BOLD_FONT):
        assert ui_text.missing_glyphs(font, set("⌫•∞▶–…«‹›»−·")) == set()
