"""Message catalogues: complete in every language, drawable with the shipped font, the engine's refusals
and the session's messages said in every language."""

from __future__ import annotations

import ast
import logging
import random
from collections.abc import Iterator

import pytest

from game import i18n
from game.engine import flow
from game.engine.errors import IllegalAction
from game.engine.moves import BAR_POINT, OFF
from game.engine.position import Position
from game.engine.turn import Turn
from game.testing.sample import random_position
from game.ui import text as ui_text
from tests.helpers.paths import ROOT


@pytest.fixture(autouse=True)
def _fresh_catalogues() -> Iterator[None]:
    """Fresh catalogues before each test and after it: some tests put small stand-in catalogues in
    the cache, and the next test in the same worker (random order) must read the real files."""
    i18n.reload()
    i18n.set_language("en")
    yield
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


def _engine_refusals() -> list[IllegalAction]:
    """Every refusal the engine's Turn gives over many random positions and rolls."""
    rng = random.Random(7)
    found: dict[str, IllegalAction] = {}
    sources = [BAR_POINT, *range(1, 25)]
    for _ in range(50):
        pos = random_position(rng)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turn = Turn(pos, dice)
        for step in range(3):
            for src in sources:
                for die in range(1, 7):
                    refusal = turn.refusal(src, die)
                    if refusal is not None:
                        assert str(refusal) == turn.explain(src, die)
                        found[str(refusal)] = refusal
                for dst in (OFF, *range(1, 25)) if step == 0 else ():
                    try:
                        turn.move_to(src, dst)
                    except IllegalAction as exc:
                        found[str(exc)] = exc
            legal = turn.legal_moves()
            if not legal or step == 2:
                break
            move = rng.choice(legal)
            turn = turn.step(move.src, move.die)
    return list(found.values())


def _said_in_every_language(refusals: list[IllegalAction]) -> set[str]:
    """The codes of ``refusals``; each is checked to read as a whole sentence in every language."""
    for refusal in refusals:
        message = i18n.engine_refusal(refusal)
        assert message.key == f"engine.{refusal.code}", refusal
        for lang in i18n.LANGUAGES:
            assert i18n.has_key(lang, message.key), (lang, message.key)
            out = i18n.translate_message(lang, message)
            assert "{" not in out and not out.startswith("engine."), (lang, refusal, out)
            if lang != "en":
                assert out != str(refusal), (lang, refusal)
    return {refusal.code for refusal in refusals}


def test_every_engine_refusal_has_a_key_in_every_language() -> None:
    codes = _said_in_every_language(_engine_refusals())
    # The random walk reaches most kinds of refusal; the catalogue is checked to be used, not just present.
    assert len(codes) >= 10, codes


ERRORS = {"RulesError", "PositionError", "IllegalAction", "NotationError"}


def code_problems(source: str, where: str) -> tuple[list[str], set[str]]:
    """What is wrong with the engine's errors built in ``source``, and the refusal keys it uses.

    Every error must name a literal ``code``; every refusal (IllegalAction) must have the key
    ``engine.<code>`` in all three catalogues and be raised with exactly the params that key's text
    has placeholders for (a literal dict, or none)."""
    english = i18n.catalogue("en")
    problems: list[str] = []
    keys: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERRORS):
            continue
        at = f"{where}:{node.lineno}"
        code = next((k.value for k in node.keywords if k.arg == "code"), None)
        if not (isinstance(code, ast.Constant) and isinstance(code.value, str) and code.value):
            problems.append(f"{at}: no literal code")
            continue
        if node.func.id != "IllegalAction":
            continue
        key = f"engine.{code.value}"
        keys.add(key)
        missing = [lang for lang in i18n.LANGUAGES if not i18n.has_key(lang, key)]
        if missing:
            problems.append(f"{at}: {key} missing in {missing}")
            continue
        params = next((k.value for k in node.keywords if k.arg == "params"), None)
        if params is not None and not isinstance(params, ast.Dict):
            problems.append(f"{at}: params not a literal dict")
            continue
        given = {k.value for k in params.keys if isinstance(k, ast.Constant)} if params is not None else set()
        if given != i18n.placeholders(english[key]):
            problems.append(f"{at}: params {sorted(given)} for {key}")
    return problems, keys


def test_every_error_the_engine_raises_has_a_code_and_every_refusal_a_key_with_its_params() -> None:
    """Read from the source, so a refusal no game reaches is checked too."""
    problems: list[str] = []
    keys: set[str] = set()
    files = sorted((ROOT / "game" / "engine").rglob("*.py"))
    for path in files:
        found, used = code_problems(path.read_text(), path.name)
        problems += found
        keys |= used
    assert problems == []
    assert {"engine.point_held", "engine.no_die", "engine.crawford", "engine.game_over"} <= keys
    assert len(keys) >= 30


def test_the_code_check_finds_what_it_looks_for() -> None:
    probe = (
        'IllegalAction("a", code="point_held", params={"point": 3})\n'
        'RulesError("b")\n'
        'IllegalAction("c", code="no_such_refusal")\n'
        'IllegalAction("d", code="point_held")\n'
        'IllegalAction("e", code="no_die", params=values)\n'
        'PositionError("f", code="bad_position")\n'
    )
    problems, keys = code_problems(probe, "probe")
    assert problems == [
        "probe:2: no literal code",
        "probe:3: engine.no_such_refusal missing in ['en', 'fi', 'hu']",
        "probe:4: params [] for engine.point_held",
        "probe:5: params not a literal dict",
    ]
    assert keys == {"engine.point_held", "engine.no_such_refusal", "engine.no_die"}


def _refusal(english: str, code: str, **params: object) -> IllegalAction:
    return IllegalAction(english, code=code, params=params)


@pytest.mark.parametrize(
    ("refusal", "lang", "expected"),
    [
        (
            _refusal("Point 5 is held by your opponent", "point_held", point=5),
            "fi",
            "Vastustaja hallitsee kiilaa 5",
        ),
        (
            _refusal("You have no 4 to play (left: 6 and 3)", "no_die", die=4, left=(6, 3)),
            "fi",
            "Noppaa 4 ei ole enää pelattavana (jäljellä: 6 ja 3)",
        ),
        (
            _refusal("You have no 4 to play (left: 6 and 3)", "no_die", die=4, left=(6, 3)),
            "hu",
            "Nincs kijátszható 4 értékű kockád (maradt: 6 és 3)",
        ),
        (
            _refusal("You have no checker on the bar", "no_checker_bar"),
            "en",
            "You have no checker on the bar",
        ),
        (
            _refusal("That would leave your 6 unplayable: you must use both dice", "leaves_die", die=6),
            "fi",
            "Silloin noppaa 6 ei voisi enää pelata: sinun on käytettävä molemmat nopat",
        ),
        (
            _refusal("That would leave your 5 unplayable: you must use both dice", "leaves_die", die=5),
            "hu",
            "Így az 5 értékű kockát nem tudnád kijátszani: mindkét kockát fel kell használnod",
        ),
        (
            _refusal(
                "That would leave a 3 unplayable: you must play as many dice as you can",
                "leaves_double",
                die=3,
            ),
            "en",
            "That would leave a 3 unplayable: you must play as many dice as you can",
        ),
        (
            _refusal(
                "No combination of your dice moves a checker from point 1 to point 13",
                "no_path.point_point",
                src=1,
                dst=13,
            ),
            "hu",
            "A kockáiddal nem jutsz el az 1. mezőről a 13. mezőre",
        ),
        (
            _refusal(
                "No combination of your dice moves a checker from point 9 to off", "no_path.point_off", src=9
            ),
            "en",
            "No combination of your dice moves a checker from point 9 off the board",
        ),
        # Doubles left: commas, then "and" before the last (a play test read "4 and 4 and 4 and 4").
        (
            _refusal(
                "Finish your move: you still have 4 and 4 and 4 and 4 to play",
                "finish_move",
                left=(4, 4, 4, 4),
            ),
            "en",
            "@4, 4, 4 and 4",
        ),
        (
            _refusal("Finish your move: you still have 4 and 4 and 4 to play", "finish_move", left=(4, 4, 4)),
            "fi",
            "@4, 4 ja 4",
        ),
        (
            _refusal("Finish your move: you still have 6 and 3 to play", "finish_move", left=(6, 3)),
            "hu",
            "@6 és 3",
        ),
    ],
    ids=lambda v: v.code if isinstance(v, IllegalAction) else str(v)[:12],
)
def test_engine_refusal_examples(refusal: IllegalAction, lang: str, expected: str) -> None:
    said = i18n.translate_message(lang, i18n.engine_refusal(refusal))
    if expected.startswith("@"):  # only this part of the sentence is checked
        assert expected[1:] in said
    else:
        assert said == expected


def test_the_examples_are_what_the_engine_raises() -> None:
    """The examples' codes and params are the engine's own: the same refusals, from real turns."""
    start = Position.start()
    assert (lambda r: (str(r), r.code, r.params))(Turn(start, (6, 3)).refusal(13, 4)) == (
        "You have no 4 to play (left: 6 and 3)",
        "no_die",
        {"die": 4, "left": (6, 3)},
    )
    held = Turn(start, (6, 5)).refusal(6, 5)  # 6/1: two of the opponent's checkers stand on point 1
    assert held is not None and (held.code, held.params) == ("point_held", {"point": 1})
    doubles = flow.apply(flow.apply(flow.new_game(), flow.OpeningRoll(6, 1)), flow.Step(13, 6))
    with pytest.raises(IllegalAction) as raised:
        flow.apply(doubles, flow.EndTurn())
    assert (raised.value.code, raised.value.params) == ("finish_move", {"left": (1,)})
    with pytest.raises(IllegalAction) as raised:
        Turn(start, (2, 1)).move_to(13, 6)
    assert raised.value.code == "no_path.point_point" and raised.value.params == {"src": 13, "dst": 6}


def test_a_refusal_without_a_key_is_said_in_general_words(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        message = i18n.engine_refusal(_refusal("A brand new reason", "brand_new"))
    assert message == i18n.Message("engine.unknown")
    assert i18n.translate_message("fi", message) == "Tuo siirto ei ole sallittu"
    assert any("brand_new" in r.getMessage() for r in caplog.records)


def test_a_message_is_translated_when_it_is_said() -> None:
    """The session's words: a key, numbers, and another message (a name) inside, in any language."""
    wins = i18n.Message.of("ui.wins", name=i18n.Message("ui.player_white"))
    assert i18n.translate_message("en", wins) == "White wins"
    assert i18n.translate_message("fi", wins) == i18n.translate(
        "fi", "ui.wins", name=i18n.translate("fi", "ui.player_white")
    )
    assert wins == i18n.Message.of("ui.wins", name=i18n.Message("ui.player_white")) and hash(wins)
    i18n.set_language("hu")
    assert i18n.tr_message(i18n.Message.of("ui.opening_tie", die=3)) == i18n.translate(
        "hu", "ui.opening_tie", die=3
    )


def test_howto_sections_exist_and_are_substantial() -> None:
    for lang in i18n.LANGUAGES:
        total = 0
        for name in i18n.HOWTO_SECTIONS:
            assert i18n.has_key(lang, f"howto.{name}.title")
            body = i18n.translate(lang, f"howto.{name}.body")
            assert len(body) > 150, (lang, name)
            total += len(body)
        assert total > 2500, lang


def _flow_refusals() -> list[IllegalAction]:
    """Refusals of the game flow: every action kind tried in every phase of random games."""
    from game.engine.cube import Cube, double_refusal

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
    found: dict[str, IllegalAction] = {}
    for game in range(6):
        state = flow.new_game(flow.Rules(match_length=5 if game % 2 else 0))
        for _ in range(400):
            for probe in probes:
                try:
                    flow.apply(state, probe)
                except IllegalAction as exc:
                    found[str(exc)] = exc
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
    for refusal in (
        double_refusal(Cube(64, 0), 0, False),
        double_refusal(Cube(2, 1), 0, False),
        double_refusal(Cube(), 0, True),
    ):
        assert refusal is not None
        found[str(refusal)] = refusal
    return list(found.values())


def test_every_flow_refusal_has_a_key() -> None:
    codes = _said_in_every_language(_flow_refusals())
    assert {
        "game_over",
        "opening_first",
        "roll_first",
        "crawford",
        "cube_owner",
        "cube_max",
        "nothing_to_undo",
    } <= codes, codes


def test_symbols_drawn_outside_the_catalogues_have_glyphs() -> None:
    # The keypad's backspace, code dots, the title's unlimited games' sign, the turn marker; the
    # replay's step buttons, the review's minus sign and separator.
    for font in (ui_text.REGULAR_FONT, ui_text.BOLD_FONT):
        assert ui_text.missing_glyphs(font, set("⌫•∞▶–…«‹›»−·")) == set()


# -- the memo of filled-in texts (issue 26: the side panel asks for the same sentences every frame) --


def test_a_filled_in_text_is_remembered_and_equal_to_the_formatter_s() -> None:
    i18n._FILLED.clear()
    first = i18n.translate("en", "ui.to_move", name="White", dice="6-1")
    assert len(i18n._FILLED) == 1
    assert i18n.translate("en", "ui.to_move", name="White", dice="6-1") == first
    text = i18n.catalogue("en")["ui.to_move"]
    assert first == text.format(name="White", dice="6-1")


def test_equal_but_different_values_are_never_mixed_up() -> None:
    """1, 1.0 and True are equal dictionary keys; each must still be said as itself."""
    i18n._FILLED.clear()
    i18n._catalogues["en"] = {"t.n": "n={n}"}
    assert i18n.translate("en", "t.n", n=1) == "n=1"
    assert i18n.translate("en", "t.n", n=1.0) == "n=1.0"
    assert i18n.translate("en", "t.n", n=True) == "n=True"
    assert i18n.translate("en", "t.n", n=1) == "n=1"


def test_a_changed_catalogue_text_is_never_answered_from_the_memo() -> None:
    i18n._catalogues["en"] = {"t.x": "old {v}"}
    assert i18n.translate("en", "t.x", v="a") == "old a"
    i18n._catalogues["en"] = {"t.x": "new {v}"}
    assert i18n.translate("en", "t.x", v="a") == "new a"


def test_the_memo_starts_again_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_FILLED_MAX", 5)
    i18n._FILLED.clear()
    i18n._catalogues["en"] = {"t.n": "n={n}"}
    for n in range(12):
        assert i18n.translate("en", "t.n", n=n) == f"n={n}"
        assert len(i18n._FILLED) <= 5


def test_hungarian_articles_are_remembered_per_number() -> None:
    i18n._catalogues["hu"] = {"t.a": "{n:Az} kocka"}
    assert [i18n.translate("hu", "t.a", n=n) for n in (5, 6, 5, 1)] == [
        "Az 5 kocka",
        "A 6 kocka",
        "Az 5 kocka",
        "Az 1 kocka",
    ]
