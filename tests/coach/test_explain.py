"""The coach's verdict: the loss by the expert's own judgement, the stop, and the reason in words."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from game import i18n
from game.ai import api
from game.coach import BLUNDER, INACCURATE, choose_reason, explain, play_facts, render
from game.coach.facts import PlayFacts
from game.coach.verdict import candidates, value_of
from game.coach.words import Phrase, render_all, render_phrase
from game.engine import Position, format_play, legal_plays
from game.engine.errors import RulesError
from game.review.judge import _Analyser
from game.testing.sample import random_position
from tests.helpers.coach_cases import bench_cases
from tests.helpers.paths import ROOT

START = Position.start()


# ---------------------------------------------------------------------------------------------
# The verdict


def test_an_opening_blunder_is_explained_by_its_shots() -> None:
    e = explain(START, (3, 1), "24/23 13/10")
    assert e.best.move == "8/5 6/5" == format_play(api.hint(START, (3, 1)).moves)  # type: ignore[union-attr]
    assert e.played.blots == (24, 23, 10) and e.best.blots == ()
    assert e.best.made == (5,)
    assert e.loss > BLUNDER and e.stop
    assert e.reason[0] == Phrase(
        "coach.shots.safe", {"blots": 3, "shots": e.played.shots, "best": "8/5 6/5"}, count=3
    )
    assert (
        e.text("en")
        == f"Your play leaves 3 blots that {e.played.shots} of 36 rolls hit; the expert's move (8/5 6/5)"
        " leaves no shot."
    )
    texts = render_all(e.reason)
    assert set(texts) == {"en", "fi", "hu"}
    for text in texts.values():
        assert "8/5 6/5" in text and str(e.played.shots) in text and "{" not in text


def test_the_loss_is_the_reviews_value_of_each_play() -> None:
    analyser = _Analyser()
    for pos, dice in bench_cases(4, 3):
        plays = legal_plays(pos, dice)
        played = random.Random(pos.position_id()).choice(plays)
        e = explain(pos, dice, played.moves)
        scores = api.play_equities(pos, [played])
        assert e.equity_played == pytest.approx(analyser.after(played, scores[0]), abs=1e-9)
        assert e.loss == pytest.approx(max(0.0, e.equity_best - e.equity_played))
        assert e.stop == (e.loss >= BLUNDER)


def test_the_experts_own_play_is_never_a_mistake() -> None:
    rng = random.Random(99)
    cases = bench_cases(14, 11)
    while len(cases) < 20:  # and a few odd positions from the sampler (bear-offs, the bar)
        pos = random_position(rng)
        if pos.my_off < 15 and pos.opp_off < 15:
            cases.append((pos, (rng.randint(1, 6), rng.randint(1, 6))))
    for pos, dice in cases:
        best = api.hint(pos, dice)
        e = explain(pos, dice, format_play(best.moves) if best else "")
        assert e.loss == 0.0 and not e.stop, (pos.position_id(), dice)
        assert e.reason[0].key in ("coach.best", "coach.forced", "coach.no_move")
        assert e.played == e.best


def test_a_forced_play_and_a_roll_that_cannot_be_played() -> None:
    closed = [0] * 25
    for i in range(6):
        closed[i] = 2  # the opponent's home board, closed
    on_bar = Position((0,) * 12 + (5,) + (0,) * 11 + (1,), tuple(closed))
    e = explain(on_bar, (6, 5), "")
    assert e.reason == (Phrase("coach.no_move"),) and e.loss == 0.0 and e.played.move == ""
    one = Position.from_id(Position.start().position_id())
    plays = legal_plays(one, (6, 6))
    assert len(plays) > 1
    race = Position((1,) + (0,) * 24, (1,) + (0,) * 24)
    assert len(legal_plays(race, (2, 1))) == 1
    forced = explain(race, (2, 1), "1/off")
    assert forced.reason == (Phrase("coach.forced"),)


@pytest.mark.parametrize(
    ("move", "fragment"),
    [("24/21 13/12", "not a legal move"), ("8/5", "whole move"), ("", "write your move"), ("x", "read")],
)
def test_illegal_or_unreadable_moves_are_refused(move: str, fragment: str) -> None:
    with pytest.raises(RulesError, match=fragment):
        explain(START, (3, 1), move)


def test_bad_dice_are_refused() -> None:
    with pytest.raises(RulesError, match="1 to 6"):
        explain(START, (7, 1), "24/17")


def test_the_scale_is_the_projects() -> None:
    """The coach's stop is the blunder of the one scale (tests/coach/test_scale.py checks the rest)."""
    bench = (ROOT / "game" / "tools" / "bench_checker.py").read_text()
    assert f"x >= {BLUNDER}" in bench


def test_a_play_worth_the_same_by_value_is_called_as_good(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.coach.verdict.value_of", lambda pos, play: 0.25)
    e = explain(START, (3, 1), "24/23 13/10")
    assert e.loss == 0.0 and not e.stop
    assert e.reason == (Phrase("coach.equal", {"best": "8/5 6/5"}),)
    assert value_of(START, legal_plays(START, (3, 1))[0]) != 0.25  # the patch was local to explain


# ---------------------------------------------------------------------------------------------
# Choosing the reason from facts


def base() -> PlayFacts:
    """Facts of a quiet play: no blots, nothing hit, nothing made."""
    pos = Position.start()
    play = next(p for p in legal_plays(pos, (6, 5)) if format_play(p.moves) == "24/13")
    return replace(
        play_facts(pos, (6, 5), play, chances=(0.5, 0.1, 0.1)),
        blots=(),
        shots=0,
        back=1,
        escaped=0,
        made=(),
        given_up=(),
    )


def reason_keys(played: PlayFacts, best: PlayFacts, loss: float = 0.1) -> list[str]:
    return [p.key for p in choose_reason(played, replace(best, move="BEST"), loss)]


def test_each_fact_can_be_the_reason() -> None:
    b = base()
    assert reason_keys(replace(b, blots=(9,), shots=11), b) == ["coach.shots.safe"]
    assert reason_keys(replace(b, blots=(9, 4), shots=20), replace(b, blots=(9,), shots=11)) == [
        "coach.shots.fewer"
    ]
    assert reason_keys(replace(b, could_hit=True), replace(b, could_hit=True, hits=1)) == ["coach.hit.missed"]
    assert reason_keys(replace(b, hits=1), replace(b, hits=2)) == ["coach.hit.more"]
    for point, kind in ((5, "golden"), (7, "bar"), (4, "home"), (20, "anchor"), (9, "outfield")):
        assert reason_keys(b, replace(b, made=(point,))) == [f"coach.make.{kind}"]
        assert reason_keys(replace(b, given_up=(point,)), b) == [f"coach.give.{kind}"]
    assert reason_keys(replace(b, prime=2), replace(b, prime=5, prime_top=8)) == ["coach.prime"]
    on_bar = replace(b, opponent_on_bar=1, home_points=3)
    assert reason_keys(on_bar, replace(on_bar, home_points=5)) == ["coach.closed"]
    assert reason_keys(b, replace(b, escaped=1)) == ["coach.escape"]
    assert reason_keys(replace(b, escaped=1), replace(b, escaped=2)) == ["coach.escape_more"]
    assert reason_keys(b, replace(b, borne_off=2)) == ["coach.off"]
    race = replace(b, race=True, back=0)
    assert reason_keys(replace(race, wasted=5), replace(race, wasted=2)) == ["coach.waste"]
    assert reason_keys(replace(race, wasted=5), race) == ["coach.waste.none"]
    ahead = replace(b, race=True, pips_after=(100, 120))
    assert reason_keys(b, ahead) == ["coach.race"]
    assert reason_keys(b, replace(b, win_gammon=0.2)) == ["coach.gammon_win"]
    assert reason_keys(b, replace(b, lose_gammon=0.02)) == ["coach.gammon_lose"]
    assert reason_keys(b, replace(b, win=0.6)) == ["coach.win"]
    assert reason_keys(b, b) == ["coach.generic"]


def test_the_reason_favours_the_expert_and_never_names_the_played_moves_strengths() -> None:
    b = base()
    # The played play hits and makes a point, the expert's does neither: no sentence praises the
    # expert for those, so the reason falls back to the generic one.
    played = replace(b, hits=1, made=(5,), prime=3)
    assert reason_keys(played, b) == ["coach.generic"]
    assert candidates(played, b) == []


def test_two_sentences_when_two_different_things_matter_one_when_one_dominates() -> None:
    b = base()
    played = replace(b, blots=(9, 4), shots=27, home_points=3, opponent_on_bar=2)
    best = replace(b, home_points=5, opponent_on_bar=2)
    assert reason_keys(played, best) == ["coach.shots.safe", "coach.closed"]
    played = replace(b, blots=(9, 4), shots=30)
    best = replace(b, made=(9,))  # 0.04 against 0.42: not worth a second sentence
    assert reason_keys(played, best) == ["coach.shots.safe"]
    # Two facts of one family (points) give one sentence, the larger.
    assert reason_keys(b, replace(b, made=(5, 9))) == ["coach.make.golden"]


def test_a_fact_of_the_board_leads_and_the_gammon_figures_follow() -> None:
    """Issue 36: "loses a gammon more often: in 18% of games, against 14%" opened a reason where the
    play also left a blot: the blot and its shots, which the player sees, come first."""
    b = base()
    played = replace(b, blots=(9,), shots=11, lose_gammon=0.5)
    best = replace(b, lose_gammon=0.0)
    assert candidates(played, replace(best, move="BEST"))[0][2].key == "coach.gammon_lose"
    assert reason_keys(played, best) == ["coach.shots.safe", "coach.gammon_lose"]
    assert reason_keys(b, replace(b, win_gammon=0.2)) == ["coach.gammon_win"]  # alone: the figures


def test_a_small_loss_is_called_a_good_play_first() -> None:
    b = base()
    keys = reason_keys(replace(b, blots=(9,), shots=11), b, loss=INACCURATE / 2)
    assert keys == ["coach.close", "coach.shots.safe"]
    assert reason_keys(b, b, loss=INACCURATE / 2) == ["coach.close"]  # not followed by the generic sentence


# ---------------------------------------------------------------------------------------------
# The words

COACH_KEYS = {
    "coach.best", "coach.equal", "coach.forced", "coach.no_move", "coach.close", "coach.generic",
    "coach.shots.safe.one", "coach.shots.safe.other", "coach.shots.fewer.one", "coach.shots.fewer.other",
    "coach.hit.missed.one", "coach.hit.missed.other", "coach.hit.more",
    "coach.make.golden", "coach.make.bar", "coach.make.home", "coach.make.anchor", "coach.make.outfield",
    "coach.give.golden", "coach.give.bar", "coach.give.home", "coach.give.anchor", "coach.give.outfield",
    "coach.prime", "coach.closed", "coach.escape.one", "coach.escape.other", "coach.escape_more",
    "coach.off.one", "coach.off.other", "coach.waste", "coach.waste.none", "coach.race",
    "coach.gammon_win", "coach.gammon_lose", "coach.win",
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_every_coach_key_is_in_every_catalogue(lang: str) -> None:
    data = json.loads((ROOT / "assets" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    card = ("coach.hint.", "coach.card.", "coach.cube.", "coach.mode.")
    reasons = {k for k in data if k.startswith("coach.") and not k.startswith(card)}
    # the Hint's: tests/coach/test_hint_reason.py; the card's: tests/ui/test_coach_card.py
    assert reasons == COACH_KEYS


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_every_reason_reads_whole_without_its_notation(lang: str) -> None:
    """Issue 36: the coach's card has no arrows beside it, so it names the expert's move in words
    ("the expert's move keeps it"), never as "24/23 13/9": every sentence names the play after a noun,
    in brackets, and reads whole without them."""
    data = json.loads((ROOT / "assets" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    for key in COACH_KEYS:
        assert data[key].count("{best}") == data[key].count(" ({best})"), (lang, key)
        base_key = key.removesuffix(".one").removesuffix(".other")
        count = 1 if key.endswith(".one") else 2 if key.endswith(".other") else None
        params: dict[str, int | str] = {"best": "13/9 24/23", "point": 5}
        for name in ("shots", "blots", "best_shots", "hits", "played_hits", "length", "played_length"):
            params[name] = 3
        for name in ("home", "played_home", "n", "played_n", "wasted", "best_wasted", "best_pct"):
            params[name] = 3
        params["played_pct"] = 4
        text = render_phrase(Phrase(base_key, params, count=count), lang, notation=False)
        assert "13/9" not in text and "()" not in text and "  " not in text and " ." not in text, text
        whole = render_phrase(Phrase(base_key, params, count=count), lang)
        assert "13/9 24/23" in whole or "{best}" not in data[key]


def test_every_reason_the_rules_can_give_renders_in_every_language() -> None:
    b = base()
    variants = [
        (replace(b, blots=(9,), shots=11), b),
        (replace(b, blots=(9, 4), shots=20), replace(b, blots=(3,), shots=1)),
        (replace(b, blots=(9, 4), shots=20), b),
        (replace(b, blots=(9,), shots=11), replace(b, blots=(3,), shots=1)),
        (b, replace(b, hits=1, could_hit=True)),
        (b, replace(b, hits=2, could_hit=True)),
        (replace(b, hits=1), replace(b, hits=3)),
        *[(b, replace(b, made=(p,))) for p in (5, 7, 3, 21, 11)],
        *[(replace(b, given_up=(p,)), b) for p in (5, 7, 1, 24, 13)],
        (replace(b, prime=1), replace(b, prime=4)),
        (replace(b, opponent_on_bar=1, home_points=2), replace(b, opponent_on_bar=1, home_points=6)),
        (b, replace(b, escaped=1)),
        (b, replace(b, escaped=2)),
        (replace(b, escaped=1), replace(b, escaped=2)),
        (b, replace(b, borne_off=1)),
        (replace(b, borne_off=1), replace(b, borne_off=2)),
        (replace(b, race=True, wasted=4), replace(b, race=True, wasted=1)),
        (replace(b, race=True, wasted=4), replace(b, race=True, wasted=0)),
        (b, replace(b, race=True, pips_after=(80, 90))),
        (b, replace(b, win_gammon=0.3)),
        (replace(b, lose_gammon=0.3), b),
        (b, replace(b, win=0.7)),
        (b, b),
    ]
    seen: set[str] = set()
    for played, best in variants:
        for loss in (0.1, 0.01):
            phrases = choose_reason(played, replace(best, move="13/8 6/5"), loss)
            for lang in i18n.LANGUAGES:
                text = render(phrases, lang)
                assert "13/8 6/5" in text and "{" not in text and "coach." not in text, (lang, text)
            seen.update(
                p.key if p.count is None else f"{p.key}.{'one' if p.count == 1 else 'other'}" for p in phrases
            )
    seen.update(("coach.best", "coach.equal", "coach.forced", "coach.no_move"))
    assert seen == COACH_KEYS
