"""The review and the replay for everyone: how the game went in words, the reason beside every mistake,
the better cube action named, and everything written for one reader (his labels, his numbers)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.coach.words import Phrase, render
from game.i18n import tr
from game.record import MatchRecord, PlyKind, read_mat
from game.review import CubeReview, MatchReview, MoveReview, PlayerReview, review_match
from game.review.judge import _worst
from game.session import settings as st
from game.session.controller import GameSetup
from game.ui import layout as L
from game.ui.app import App, Launch, apply_language
from game.ui.reading import play_text
from game.ui.scenes import replay as replay_module
from game.ui.scenes import review as review_module
from game.ui.scenes.game import GameScene
from game.ui.scenes.replay import NBSP, REASON_BAND, ReplayScene
from game.ui.scenes.review import ReviewScene, summary
from game.ui.scenes.review_words import per_decision, reason_text
from game.ui.text import CACHE, READ_SIZE
from tests.helpers.matches import HAND_MATCH
from tests.helpers.text_spy import spy_on_text

NAMES = ("Alice", "Bob")
LONG_REASON = (
    Phrase("coach.make.anchor", {"best": "bar/22* 13/11(2) 6/1*", "point": 21}),
    Phrase("coach.gammon_lose", {"best": "bar/22* 13/11(2) 6/1*", "best_pct": 12, "played_pct": 31}),
)
"""Two of the longest sentences the coach says, with a long play in each."""


@pytest.fixture(autouse=True)
def _reset(ui_reset: None) -> Iterator[None]:
    yield


def spy_on_ink(monkeypatch: pytest.MonkeyPatch, module: object) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
    """Every text ``module`` draws from now on: (text, its rect, the rect of its letters' ink). Lines
    are set closer than their rects' height (which includes the font's leading): that their letters
    never touch is what a reader sees."""
    drawn: list[tuple[str, pygame.Rect, pygame.Rect]] = []
    real = module.draw_text  # type: ignore[attr-defined]

    def spy(surface: pygame.Surface, text: str, size: int, *args: object, **kw: object) -> pygame.Rect:
        rect: pygame.Rect = real(surface, text, size, *args, **kw)
        width = kw.get("width", args[3] if len(args) > 3 else None)
        fitted = CACHE.fit_size(text, size, width) if isinstance(width, int) else size
        ink = CACHE.font(fitted).render(text, True, (255, 255, 255)).get_bounding_rect()
        drawn.append((text, rect, ink.move(rect.topleft)))
        return rect

    monkeypatch.setattr(module, "draw_text", spy)
    return drawn


@pytest.fixture(scope="module")
def hand() -> tuple[MatchRecord, MatchReview]:
    record = read_mat(HAND_MATCH)
    return record, review_match(record)


def _app(tmp_path: Path) -> App:
    settings = st.Settings(animation="fast", language=i18n.get_language())
    return App(settings, Launch(), data_dir=tmp_path, threaded_ai=False)


def _review_scene(
    tmp_path: Path, record: MatchRecord, review: MatchReview, seat: int | None
) -> tuple[App, ReviewScene]:
    app = _app(tmp_path)
    app.scenes.reset(GameScene(app, GameSetup(mode="two", match_length=3, seed=1)))
    scene = ReviewScene(app, record, NAMES, "Review", seat=seat, reviewer=lambda r, p, c: review)
    app.scenes.push(scene)
    assert scene.job.wait(5.0)
    app.step()
    return app, scene


def _move(game: int, line: int, error: float, forced: bool = False, player: int = 0) -> MoveReview:
    record = read_mat(HAND_MATCH)
    from game.record import replay_game

    replayed = next(r for r in replay_game(record.rules, record.games[1]) if r.ply.kind is PlyKind.ROLL)
    s = replayed.state
    assert s.dice is not None
    return MoveReview(game, line, line - 1, player, s.dice, s, replayed.ply.moves, replayed.ply.moves,
                      -error, 0.0, forced, 0.0)  # fmt: skip


def _player(moves: list[MoveReview], cubes: list[CubeReview] | None = None) -> PlayerReview:
    cube = cubes or []
    return PlayerReview(0, "Alice", tuple(moves), tuple(cube), _worst(moves, cube))


# ---------------------------------------------------------------------------------------------
# How the game went, in words


def test_the_summary_counts_each_grade_and_names_the_biggest_mistake() -> None:
    apply_language("en")
    p = _player([_move(1, 1, 0.0), _move(1, 2, 0.01), _move(1, 3, 0.03), _move(1, 4, 0.05),
                 _move(1, 5, 0.5), _move(1, 6, 0.0, forced=True)])  # fmt: skip
    assert p.decisions == 5  # the forced play is no decision
    assert p.grade_counts() == {"good": 2, "inaccurate": 1, "mistake": 1, "blunder": 1}
    text = summary(p).replace(NBSP, " ")
    assert text == "5 decisions: 2 good, 1 inaccurate, 1 mistake, 1 blunder. Biggest mistake: move 5."
    assert summary(p, games=2).replace(NBSP, " ").endswith("Biggest mistake: game 1, move 5.")


def test_grades_with_no_decision_are_left_out_and_a_good_game_has_no_biggest_mistake() -> None:
    apply_language("en")
    good = _player([_move(1, 1, 0.0), _move(1, 2, 0.001)])
    assert summary(good).replace(NBSP, " ") == "2 decisions: 2 good."
    assert good.biggest is None and good.worst  # a 0.001 play is listed, but it is no mistake
    one = _player([_move(1, 1, 0.1)])
    assert summary(one).replace(NBSP, " ") == "1 decision: 1 blunder. Biggest mistake: move 1."
    forced = _player([_move(1, 1, 0.0, forced=True)])
    assert summary(forced) == tr("review.summary_none")


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_the_words_stand_above_the_figures_inside_each_box(
    lang: str, tmp_path: Path, hand: tuple[MatchRecord, MatchReview], monkeypatch: pytest.MonkeyPatch
) -> None:
    apply_language(lang)
    record, review = hand
    app, scene = _review_scene(tmp_path, record, review, seat=None)
    drawn = spy_on_ink(monkeypatch, review_module)
    scene.draw(app.screen, 0.0)
    for p in review.players:
        box = scene._box(p.player)
        inside = [(text, rect, ink) for text, rect, ink in drawn if box.contains(rect)]
        words = scene.words(p, box.w - 24)
        assert words and words[0].startswith(str(p.decisions))
        word_inks = [ink for text, _, ink in inside if text in words]
        rate_text = tr("review.error_rate", rate=per_decision(p.error_rate))
        rate = next(ink for text, _, ink in inside if text == rate_text)
        assert len(word_inks) == len(words) and max(r.bottom for r in word_inks) < rate.top
        for (ta, _, a), (tb, _, b) in itertools.combinations(inside, 2):
            assert not a.inflate(0, 2).colliderect(b), (lang, ta, tb)


# ---------------------------------------------------------------------------------------------
# The cards: a reason beside the numbers, each inside its card at 800x480


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_every_card_holds_its_grade_plays_and_reason_inside_it(
    lang: str, tmp_path: Path, hand: tuple[MatchRecord, MatchReview], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the longest reasons the coach gives, in every language: all of a card's lines stand inside
    the card (so inside the 800x480 screen the 1280x720 frame is scaled to), none over another, at the
    floor size; the reason takes two lines at most, its main sentence alone where both do not fit."""
    apply_language(lang)
    record, review = hand
    players = tuple(
        dataclasses.replace(p, worst=tuple(dataclasses.replace(m, reason=LONG_REASON) for m in p.worst))
        for p in review.players
    )
    shown = dataclasses.replace(review, players=(players[0], players[1]))
    app, scene = _review_scene(tmp_path, record, shown, seat=None)
    drawn = spy_on_ink(monkeypatch, review_module)
    screen = pygame.Rect(0, 0, L.W, L.H)
    checked = 0
    for player in (0, 1):
        scene.selected = player
        drawn.clear()
        scene.draw(app.screen, 0.0)
        for i, m in enumerate(shown.players[player].worst):
            card = scene._card(i)
            assert screen.contains(card) and card.bottom < min(b.rect.top for b in scene.buttons.buttons)
            inside = [(text, rect, ink) for text, rect, ink in drawn if card.colliderect(rect)]
            for text, rect, _ in inside:
                assert card.contains(rect), (lang, text, rect, card)
                assert rect.height >= READ_SIZE, text  # never drawn below 16 window pixels
            for (ta, _, a), (tb, _, b) in itertools.combinations(inside, 2):
                assert not a.inflate(0, 2).colliderect(b), (lang, ta, tb)
            reason = scene.reason_lines(m, review_module.TEXT_W)
            assert 1 <= len(reason) <= 2
            said = [reason_text(r, player, player, ("", "")) for r in (LONG_REASON, LONG_REASON[:1])]
            assert " ".join(reason) in said
            assert all(line in [t for t, _, _ in inside] for line in reason)
            checked += 1
    assert checked >= 3


def test_the_other_players_reason_is_said_to_him_by_name_in_the_readers_numbers(
    tmp_path: Path, hand: tuple[MatchRecord, MatchReview]
) -> None:
    """The coach's sentences speak to the one who decided ("your play leaves a blot"): on the cards of
    the computer's mistakes, read by the human, they carry the computer's name, and their plays and
    points are in the human's numbers, as the board's labels show them."""
    apply_language("en")
    record, review = hand
    reason = (
        Phrase("coach.give.home", {"best": "13/11 6/4", "point": 4}),
        Phrase("coach.shots.safe", {"blots": 1, "shots": 11, "best": "13/11 6/4"}, count=1),
    )
    players = tuple(
        dataclasses.replace(p, worst=tuple(dataclasses.replace(m, reason=reason) for m in p.worst))
        for p in review.players
    )
    shown = dataclasses.replace(review, players=(players[0], players[1]))
    _, scene = _review_scene(tmp_path, record, shown, seat=0)  # Alice plays the computer (Bob)
    scene.selected = 1
    assert scene.reader == 0  # the human still reads the computer's mistakes
    m = shown.players[1].worst[0]
    text = " ".join(scene.reason_lines(m, 2000))
    assert text == (
        "Bob: Your play gives up point 21 in your home board; the expert's move (12/14 19/21) keeps it."
        " Your play leaves a blot that 11 of 36 rolls hit; the expert's move (12/14 19/21) leaves no shot."
    )
    own = " ".join(scene.reason_lines(shown.players[0].worst[0], 2000))
    assert own == render(reason, "en")  # the reader's own: as the coach says it, his numbers


def test_a_cube_mistakes_card_names_the_better_action(
    tmp_path: Path, hand: tuple[MatchRecord, MatchReview], monkeypatch: pytest.MonkeyPatch
) -> None:
    apply_language("en")
    record, review = hand
    app, scene = _review_scene(tmp_path, record, review, seat=None)
    scene.selected = 1
    drawn = spy_on_text(monkeypatch, review_module)
    scene.draw(app.screen, 0.0)
    cube = [(i, m) for i, m in enumerate(review.players[1].worst) if m.kind == "take"]
    assert cube
    for i, m in cube:
        card = scene._card(i)
        texts = [text for text, rect in drawn if card.contains(rect)]
        better = tr("review.action." + m.better.replace(" ", "_"))
        assert any(text.startswith("Better " + better) for text in texts), texts


def test_cards_are_written_for_the_reader_and_open_his_replay(
    tmp_path: Path, hand: tuple[MatchRecord, MatchReview]
) -> None:
    """Between two players the cards are the selected player's, in his numbers, and the replay a card
    opens (its board: the cards have none since issue 36) is his too: a take or a pass, drawn on the
    doubler's position, is numbered from his side (a play test saw the take/pass boards numbered from
    the doubler's side). Against the computer the human reads every card, the computer's plays in his
    numbers."""
    apply_language("en")
    record, review = hand
    bob = review.players[1].worst
    take = next(i for i, m in enumerate(bob) if m.kind == "take")
    for seat, reader in ((None, 1), (0, 0)):
        app, scene = _review_scene(tmp_path, record, review, seat=seat)
        scene.selected = 1
        scene.draw(app.screen, 0.0)
        assert scene.reader == reader
        scene.open_mistake(take)
        replay = app.scenes.top
        assert isinstance(replay, ReplayScene) and replay.reader == reader
        step = replay.steps[replay.index]
        assert step.ply is not None and step.ply.player == 1 and step.state.turn == 0  # the doubler's
    moves = [m for m in bob if m.kind == "move"]
    for m in moves:
        assert review_module.describe(m, "made", scene.reader) == play_text(m.made_moves, 1, 0)


# ---------------------------------------------------------------------------------------------
# The replay


def _missed_double(review: MatchReview, record: MatchRecord) -> tuple[MatchReview, MoveReview]:
    """``review`` with Alice's first unforced play judged right but the "no double" before it a blunder:
    what a missed double looks like to the replay."""
    alice = review.players[0]
    m = next(m for m in alice.moves if not m.forced)
    right = dataclasses.replace(m, best=m.played, equity_best=m.equity_played, reason=())
    why = (Phrase("review.why.missed_double_take"),)
    cube = CubeReview(
        m.game, m.line, m.ply, 0, "double", "no double", "double", m.state, 0.4, 0.55, 1.0, 0.15, why
    )
    moves = tuple(right if x is m else x for x in alice.moves)
    players = (dataclasses.replace(alice, moves=moves, cube=(*alice.cube, cube)), review.players[1])
    return dataclasses.replace(review, players=players), right


def test_a_missed_double_names_the_double_not_the_play_made(
    tmp_path: Path, hand: tuple[MatchRecord, MatchReview]
) -> None:
    """A play test saw a missed double in the replay as a checker play whose "better" play was the one
    made, and the double never named. The roll's step now says the cube decision's grade and
    "Better: double before rolling", and nothing about its play, which was right."""
    apply_language("en")
    record, review = hand
    shown, right = _missed_double(review, record)
    app = _app(tmp_path)
    replay = ReplayScene(app, record, NAMES, shown)
    app.scenes.reset(replay)
    index = next(i for i, s in enumerate(replay.steps) if s.cube is not None and s.cube.before_roll)
    step = replay.steps[index]
    assert step.ply is not None and step.ply.kind is PlyKind.ROLL and step.ply.moves == right.played
    assert step.cube is not None and step.error == 0.0
    lines = [text for text, _ in replay.verdict_lines(step)]
    assert lines == ["Blunder: cost 0.150", "Better: double before rolling"]
    made = play_text(right.played, 0, 0)
    assert not any(made in text for text in lines)
    assert index in replay.mistakes()
    assert render(replay.reason(step), "en") == tr("review.why.missed_double_take")


def test_the_reason_stands_across_the_top_of_the_replay(
    tmp_path: Path, hand: tuple[MatchRecord, MatchReview], monkeypatch: pytest.MonkeyPatch
) -> None:
    apply_language("en")
    record, review = hand
    shown, _ = _missed_double(review, record)
    drawn = spy_on_text(monkeypatch, replay_module)
    app = _app(tmp_path)
    for reader in (0, 1):
        replay = ReplayScene(app, record, NAMES, shown, reader=reader)
        app.scenes.reset(replay)
        index = next(i for i, s in enumerate(replay.steps) if s.cube is not None and s.cube.before_roll)
        replay.go(index)
        drawn.clear()
        replay.draw(app.screen, 0.0)
        top = [(text, rect) for text, rect in drawn if rect.bottom <= L.BOARD_Y]
        said = tr("review.why.missed_double_take")
        expected = said if reader == 0 else f"Alice: {said}"  # Alice's decision, read by Bob: her name
        assert " ".join(t for t, _ in top) == expected
        assert all(REASON_BAND.contains(rect) for _, rect in top)
        assert tr("replay.title") not in [t for t, _ in top]
        replay.go(0)  # a step without a verdict: the title
        drawn.clear()
        replay.draw(app.screen, 0.0)
        assert [t for t, rect in drawn if rect.bottom <= L.BOARD_Y] == [tr("replay.title")]


def _number_bands(surface: pygame.Surface) -> bytes:
    """The pixels of the point numbers: the band above or below each of the 24 points (the cube and the
    trays beside them change from step to step, the numbers must not). Below the bottom points only the
    band's lower half: the shadow of a checker on the edge of a point reaches into its upper rows."""
    out = b""
    for a in range(1, 25):
        r = L.LAYOUT.point_rect(a)
        band = pygame.Rect(r.x, r.bottom + L.NUM_BAND // 2, r.w, L.NUM_BAND // 2)
        if a > 12:
            band = pygame.Rect(r.x, r.top - L.NUM_BAND, r.w, L.NUM_BAND)
        out += pygame.image.tobytes(surface.subsurface(band), "RGB")
    return out


def test_the_replays_labels_do_not_turn_over_between_half_moves(
    tmp_path: Path, hand: tuple[MatchRecord, MatchReview]
) -> None:
    """A play test saw the replay turn the labels over at every half-move. They are now the reader's at
    every step, and each player's plays are written in those numbers."""
    record, review = hand
    app = _app(tmp_path)
    bands: dict[int, set[bytes]] = {}
    for reader in (0, 1):
        replay = ReplayScene(app, record, NAMES, review, reader=reader)
        app.scenes.reset(replay)
        turns = set()
        found: set[bytes] = set()
        for index, step in enumerate(replay.steps):
            replay.go(index)
            found.add(_number_bands(replay._board(step)))
            turns.add(step.state.turn)
            ply = step.ply
            if ply is not None and ply.kind is PlyKind.ROLL and ply.moves:
                assert play_text(ply.moves, ply.player, reader) in replay.describe(step)
        assert turns == {0, 1}  # both players moved, and the labels stayed
        assert len(found) == 1
        bands[reader] = found
    assert bands[0] != bands[1]  # the check can tell the two sides' labels apart


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_the_line_over_the_cards_says_whose_they_are_within_the_screen(
    lang: str, tmp_path: Path, hand: tuple[MatchRecord, MatchReview], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen at 800x480 in Hungarian: "A legdrágább hibák: Számítógép (koppints a visszajátszáshoz)" ran
    into the arrows' legend (now the replay's, beside the whole board). The line names whose mistakes they
    are and stays inside the cards' width."""
    apply_language(lang)
    record, review = hand
    app = _app(tmp_path)
    app.scenes.reset(GameScene(app, GameSetup(mode="two", match_length=3, seed=1)))
    names = (tr("player.you"), tr("player.computer"))
    scene = ReviewScene(app, record, names, "Review", seat=0, reviewer=lambda r, p, c: review)
    app.scenes.push(scene)
    assert scene.job.wait(5.0)
    app.step()
    drawn = spy_on_ink(monkeypatch, review_module)
    for player in (0, 1):
        scene.selected = player
        drawn.clear()
        scene.draw(app.screen, 0.0)
        row = [
            (text, ink) for text, rect, ink in drawn if rect.collidepoint(rect.centerx, review_module.HEAD_Y)
        ]
        assert len(row) == 1 and names[player] in row[0][0], row
        assert row[0][1].x >= 40 and row[0][1].right <= L.W - 40, row


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
@pytest.mark.parametrize("large", [False, True])
def test_every_line_of_the_boxes_and_cards_stands_clear_of_the_frames_and_of_each_other(
    lang: str,
    large: bool,
    tmp_path: Path,
    hand: tuple[MatchRecord, MatchReview],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seen in a real window at 800x480: the box's last line ("Dice luck ...") sat on the box's frame,
    and under larger text the boxes' and the cards' lines ran into each other. Every line's letters now
    stand 4 pixels or more inside the frame of the box or card they are in (the frame is 4 thick),
    and no two touch, at both text sizes."""
    from game.ui.text import LARGE_SCALE

    apply_language(lang)
    record, review = hand
    app, scene = _review_scene(tmp_path, record, review, seat=None)
    CACHE.set_scale(LARGE_SCALE if large else 1.0)
    try:
        drawn = spy_on_ink(monkeypatch, review_module)
        scene.draw(app.screen, 0.0)
        frames = [scene._box(p) for p in (0, 1)] + [
            scene._card(i) for i in range(len(review.players[0].worst))
        ]
        for frame in frames:
            inner = frame.inflate(-8, -8)
            inside = [(t, ink) for t, _, ink in drawn if frame.colliderect(ink) and frame.x <= ink.centerx]
            assert inside, frame
            for text, ink in inside:
                assert inner.contains(ink), (lang, large, text, ink, frame)
            for (ta, a), (tb, b) in itertools.combinations(inside, 2):
                assert not a.colliderect(b), (lang, large, ta, tb)
    finally:
        CACHE.set_scale(1.0)
