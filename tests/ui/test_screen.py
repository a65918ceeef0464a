"""What the player sees: known positions (GNU Backgammon IDs) rendered headless through the real
GameScene, then read back from the pixels only (``tests/helpers/screen_probe.py``): each point's checker
colour and count, the bar, the trays, the cube's value and side, the dice, the pip counts, the
CRAWFORD badge, the status line and the two dialogs.

The expected picture comes from the position itself, by the board's numbering (player 0, White,
counts its points as absolute points; player 1's point n is absolute 25 - n), not from the view.
The last tests break the drawing on purpose (colours swapped, a stack miscounted, the cube on the
wrong side, a die's face changed) and show that the reader notices.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.engine.flow import Double, GameState, MoveTo, Phase, Rules, apply
from game.engine.match import Match
from game.engine.matchid import state_from_ids
from game.i18n import tr, tr_message
from game.session.commands import Command
from game.ui import layout as L
from game.ui.app import App
from game.ui.board import view as board_view
from game.ui.layout import LAYOUT
from game.ui.play import board_paint, dialogs, panel
from game.ui.scenes.game import GameScene
from game.ui.text import READ_SIZE
from game.ui.widgets import label_ink
from tests.helpers.screen_probe import STATUS, ScreenReader, panel_box, panel_middle
from tests.helpers.ui_driver import (
    button_xy,
    click,
    close_screen,
    let_dialog_show,
    make_app,
    run_until,
    start_game,
)

CASES = {
    # White on roll with 5-2: 9 on its 6-point (a numeral), 2 on the bar, 1 off; Black: 4 on the bar,
    # 2 off, a blot on White's 24; money game, the cube at 2 on Black's side.
    "stacks_bar_tray": "wc8AAB7sPyAADA:EYEKAAAAAAAE",
    # Black to roll in the Crawford game of a 5-point match at 4-2: seven on Black's 6-point.
    "crawford": "eHcMIAD4czCAAA:8AmgAEAAEAAA",
    # The starting position, Black to move 6-4 in a 3-point match at 0-1.
    "opening": "4HPwATDgc/ABMA:cAlzAAAACAAA",
    # Bear-off race: White to move 3-3 (four dice), 9 and 10 checkers off, cube 4 on White's side.
    "bearoff": "4wAAwC0AAAAAAA:AoHtADAAKAAA",
}
PANEL_TEXT = L.PANEL_W - 12
"""The width the side panel fits its lines of text into."""
OFFER = "xOfgATDgc/ABMA:cBEAAAAAAAAE"
"""Black has doubled to 2 in a money game; White must answer."""

START = {
    1: ("black", 2),
    6: ("white", 5),
    8: ("white", 3),
    12: ("black", 5),
    13: ("white", 5),
    17: ("black", 3),
    19: ("black", 5),
    24: ("white", 2),
}
"""The opening set-up as the board shows it, written out by hand."""


@pytest.fixture()
def app() -> Iterator[App]:
    a = make_app()
    yield a
    LAYOUT.set_home("right")
    close_screen()


def show(app: App, gnubg: str, home: str = "right") -> tuple[GameScene, GameState, ScreenReader]:
    """Start a two-player game, put the state of ``PositionID:MatchID`` on the board and draw one frame."""
    LAYOUT.set_home(home)
    state = state_from_ids(*gnubg.split(":"))
    scene = start_game(app, mode="two", match_length=state.rules.match_length)
    match = Match(state.rules, score=state.score, games=1 if any(state.score) else 0)
    scene.resume(state, match)
    app.draw(0.0)
    return scene, state, read(app, scene)


def read(app: App, scene: GameScene) -> ScreenReader:
    return ScreenReader(app.screen, app.sprites, scene.view.static(scene.game.perspective))


def sides(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each player's checkers in their own numbering (index 24 = the bar)."""
    me, opp = state.position.me, state.position.opp
    return (me, opp) if state.turn == 0 else (opp, me)


def expected_board(state: GameState) -> dict[str, object]:
    white, black = sides(state)
    points: dict[int, tuple[str, int]] = {}
    for a in range(1, 25):
        if white[a - 1]:
            points[a] = ("white", white[a - 1])
        if black[24 - a]:
            points[a] = ("black", black[24 - a])
    return {
        "points": points,
        "bar": (white[24], black[24]),
        "off": (15 - sum(white), 15 - sum(black)),
    }


def pips(state: GameState) -> tuple[int, int]:
    mover, other = state.position.pips()
    return (mover, other) if state.turn == 0 else (other, mover)


# -- the board -------------------------------------------------------------------------------------


@pytest.mark.parametrize("home", ["right", "left"])
@pytest.mark.parametrize("name", list(CASES))
def test_every_checker_is_drawn_in_its_colour_and_number(app: App, name: str, home: str) -> None:
    _scene, state, screen = show(app, CASES[name], home)
    assert screen.board() == expected_board(state)


def test_the_opening_position_is_drawn_as_set_up(app: App) -> None:
    _scene, _state, screen = show(app, CASES["opening"])
    assert screen.board() == {"points": START, "bar": (0, 0), "off": (0, 0)}


@pytest.mark.parametrize("name", list(CASES))
def test_the_cube_shows_its_value_on_its_owners_side(app: App, name: str) -> None:
    _scene, state, screen = show(app, CASES[name])
    assert screen.cube() == (state.cube.value, state.cube.owner)


@pytest.mark.parametrize("name", list(CASES))
def test_the_dice_shown_are_the_movers_roll(app: App, name: str) -> None:
    _scene, state, screen = show(app, CASES[name])
    seen = screen.dice()
    if state.phase is not Phase.MOVING:
        assert seen == {0: [], 1: []}
        return
    assert state.dice is not None
    colour = ("white", "black")[state.turn]
    a, b = state.dice
    faces = [a] * 4 if a == b else [a, b]
    assert seen[state.turn] == [(colour, f, False) for f in faces]
    assert seen[1 - state.turn] == []


def test_a_used_die_is_dimmed(app: App) -> None:
    scene, state, _ = show(app, CASES["opening"])
    move = state.turn_state().legal_moves()[0]
    assert scene.do(MoveTo(move.src, move.dst)) is None
    scene.anim.skip(silent=True)
    app.draw(0.0)
    seen = read(app, scene).dice()[1]
    assert [(face, dim) for _, face, dim in seen] == [(6, move.die == 6), (4, move.die == 4)]


# -- the side panel and the status line --------------------------------------------------------------


@pytest.mark.parametrize("name", list(CASES))
def test_the_pip_counts_are_in_each_players_box(app: App, name: str) -> None:
    _scene, state, screen = show(app, CASES[name])
    grey = (190, 200, 220)
    for player, count in enumerate(pips(state)):
        box = panel_box(player)
        assert screen.find_text(tr("ui.pips", pips=count), panel.PIPS_SIZE, grey, box), (player, count)
        for wrong in (count - 1, count + 1, pips(state)[1 - player]):
            if wrong != count:
                found = screen.find_text(tr("ui.pips", pips=wrong), panel.PIPS_SIZE, grey, box)
                assert not found, (player, wrong)


@pytest.mark.parametrize("name", list(CASES))
def test_the_crawford_badge_is_drawn_only_in_the_crawford_game(app: App, name: str) -> None:
    _scene, state, screen = show(app, CASES[name])
    found = screen.find_text(tr("ui.crawford"), READ_SIZE, (255, 255, 255), panel_middle())
    assert (found is not None) == state.crawford


def test_a_one_point_match_shows_no_doubling_and_no_crawford(app: App) -> None:
    scene = start_game(app, mode="two", match_length=1)
    assert scene.state.crawford  # by the rules the first game of a 1-point match is the Crawford game
    app.draw(0.0)
    screen = read(app, scene)
    assert screen.find_text(tr("ui.no_cube"), READ_SIZE, (235, 235, 245), panel_middle(), L.PANEL_W - 40)
    assert not screen.find_text(tr("ui.crawford"), READ_SIZE, (255, 255, 255), panel_middle())
    assert screen.find_text(tr("ui.match_to", length=1), 26, (230, 230, 240), panel_middle(), PANEL_TEXT)


def test_the_status_line_says_who_moves_what(app: App) -> None:
    _scene, _state, screen = show(app, CASES["opening"])
    width = 1280 - 160
    assert screen.find_text("Black to move 6-4", 30, (255, 255, 255), STATUS, width)
    assert not screen.find_text("White to move 6-4", 30, (255, 255, 255), STATUS, width)
    assert not screen.find_text("Black to move 6-3", 30, (255, 255, 255), STATUS, width)


# -- the dialogs ---------------------------------------------------------------------------------------


def _button(scene: GameScene, label: str) -> pygame.Rect:
    return next(b.rect for b in scene.modal.buttons if b.label == label)


def test_the_cube_offer_says_who_doubles_and_what_each_answer_costs(app: App) -> None:
    scene, _state, screen = show(app, OFFER)
    white = (255, 255, 255)
    card = dialogs.offer_card()
    assert not card.colliderect(LAYOUT.board_rect())  # the offer stands beside the board, not over it
    # beside the cube, in two lines of large type rather than one of small
    assert screen.find_text("Black", READ_SIZE, white, card, card.width - 88)
    assert screen.find_text("doubles to 2", READ_SIZE, white, card, card.width - 88)
    assert screen.find_text("White: take or pass?", READ_SIZE, (255, 230, 120), card, card.width - 16)
    assert screen.find_text(tr("ui.session_score"), dialogs.SECONDARY, (170, 180, 200), card, card.width - 16)
    take, drop = _button(scene, tr("ui.take")), _button(scene, tr("ui.pass"))
    assert card.contains(take) and card.contains(drop)
    green = label_ink("green")
    assert screen.find_text(tr("ui.take"), dialogs.ANSWER_SIZE, green, take, take.width - 24)
    assert screen.find_text("Play for 2 pts", READ_SIZE, green, take, take.width - 24)
    assert screen.find_text(tr("ui.pass"), dialogs.ANSWER_SIZE, white, drop, drop.width - 24)
    assert screen.find_text("Lose 1 pt now", READ_SIZE, white, drop, drop.width - 24)
    assert not screen.find_text("Lose 2 pts now", READ_SIZE, white, drop, drop.width - 24)
    assert screen.cube() is None  # the cube is in the doubler's hand, in the dialog


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
@pytest.mark.parametrize("length", [5, 0])
def test_the_offer_card_says_the_match_as_large_as_its_other_small_text(lang: str, length: int) -> None:
    """A play test found "Match to 5" on the offer card tiny at 800x480 (18, about 11 pixels): it is
    drawn at the card's secondary size, that of the question and of what each answer means, clear of
    the lines above it and of the Take button, in every language, for a match and for money."""
    from game.ui.app import apply_language
    from game.ui.display import picture_rect
    from game.ui.lines import two_lines

    apply_language(lang)
    app = make_app()
    opening = state_from_ids(*CASES["opening"].split(":")).position
    offered = apply(GameState(phase=Phase.ROLL, position=opening, turn=1, rules=Rules(length)), Double())
    scene = start_game(app, mode="two", match_length=length)
    scene.resume(offered, Match(Rules(length)))
    app.draw(0.0)
    screen = read(app, scene)
    card, size = dialogs.offer_card(), dialogs.SECONDARY
    where = tr("ui.match_to", length=5) if length else tr("ui.session_score")
    match_line = screen.find_text(where, size, (170, 180, 200), card)
    assert match_line is not None and card.contains(match_line), where  # whole, at the secondary size
    asks = [tr_message(scene.game.say("ui.answer_double", 0)), tr("ui.answer_double_you")]
    question = next(r for r in (screen.find_text(a, size, (255, 230, 120), card) for a in asks) if r)
    take = next(b for b in scene.modal.buttons if b.label == tr("ui.take"))
    # the answers' meaning: the same size
    assert screen.find_text(take.sub, size, label_ink("green"), take.rect)
    assert size * picture_rect((800, 480), 0).width / L.W >= 16  # the floor: 16 pixels on an 800x480 screen
    # not crowded: the question, the match and the Take button one under the other, none over another
    # (rows of the floor a pitch apart: their line boxes, 31 high, overlap by 3; their letters do not)
    said = two_lines(tr_message(scene.game.say("ui.offers_double", 1, value=2)), READ_SIZE, card.width - 88)
    offer = [screen.find_text(line, READ_SIZE, (255, 255, 255), card, card.width - 88) for line in said]
    pitch = dialogs.ROW_PITCH
    assert all(r is not None and r.centery + pitch <= question.centery for r in offer), (
        said,
        offer,
        question,
    )
    assert question.centery + pitch <= match_line.centery and match_line.bottom < take.rect.top


def test_the_whole_board_and_both_scores_stay_in_view_while_a_double_is_answered(app: App) -> None:
    """Take or pass is judged from the position: the checkers on the bar most of all (a dialog over the
    middle of the board once hid them). White has two on the bar, Black one; every point, the bar, the
    trays and both pip counts read as the state says while the offer waits for its answer."""
    state = state_from_ids(*CASES["stacks_bar_tray"].split(":"))
    before = GameState(phase=Phase.ROLL, position=state.position, turn=state.turn, rules=Rules(5))
    offered = apply(before, Double())
    scene = start_game(app, mode="two", match_length=5)
    scene.resume(offered, Match(Rules(5)))
    app.draw(0.0)
    screen = read(app, scene)
    assert scene.state.phase is Phase.CUBE_OFFERED
    assert screen.board() == expected_board(offered)
    card = dialogs.offer_card()
    assert screen.find_text(
        tr("ui.match_to", length=5), dialogs.SECONDARY, (170, 180, 200), card, card.width - 16
    )
    pips = offered.board_for(0).pips()
    for player in (1, 0):
        box = panel_box(player)
        assert not box.colliderect(card)
        assert screen.find_text(tr("ui.pips", pips=pips[player]), panel.PIPS_SIZE, (190, 200, 220), box)


def test_the_game_over_dialog_names_the_winner_the_kind_and_the_score(app: App) -> None:
    scene, _state, _ = show(app, OFFER)
    let_dialog_show(app, scene)
    click(app, button_xy(scene, tr("ui.pass")))
    run_until(app, lambda: scene.state.phase is Phase.GAME_OVER, 1000)  # after the answer's undo window
    app.draw(0.0)
    screen = read(app, scene)
    board = LAYOUT.board_rect()
    gold = board_view.GOLD
    assert screen.find_text("Black wins", 44, gold, board, 620)
    assert not screen.find_text("White wins", 44, gold, board, 620)
    assert screen.find_text(tr("ui.win_pass"), 32, (255, 255, 255), board, 620)
    assert screen.find_text(tr("ui.point_won"), 40, (160, 255, 160), board)
    assert screen.find_text("White 0 : 1 Black", 30, (230, 230, 240), board, 620)


# -- the reader notices a broken picture ----------------------------------------------------------------


def test_swapped_checker_colours_are_seen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(board_view, "COLOURS", ("black", "white"))
    _scene, state, screen = show(app, CASES["opening"])
    seen = screen.board()["points"]
    swap = {"white": "black", "black": "white"}
    assert seen == {a: (swap[c], n) for a, (c, n) in START.items()}
    assert seen != expected_board(state)["points"]


def test_a_wrong_stack_numeral_is_seen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    real = board_view.BoardView._count_label

    def off_by_one(self, surface, player, n, xy):  # type: ignore[no-untyped-def]
        real(self, surface, player, n + 1, xy)

    monkeypatch.setattr(board_view.BoardView, "_count_label", off_by_one)
    _scene, state, screen = show(app, CASES["stacks_bar_tray"])
    board = screen.board()
    assert board["points"][6] == ("white", 10)  # nine drawn as "10"
    assert board["bar"] == (2, 5)  # four on the bar drawn as "5"
    assert board != expected_board(state)


def test_a_missing_checker_is_seen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stack of three drawn as two (the view hides one) reads as two."""
    real = board_paint.board_draw

    def one_hidden(t, alpha):  # type: ignore[no-untyped-def]
        d = real(t, alpha)
        d.hidden[("point", 8, 0)] = 1
        return d

    monkeypatch.setattr(board_paint, "board_draw", one_hidden)
    _scene, _state, screen = show(app, CASES["opening"])
    assert screen.board()["points"][8] == ("white", 2)


def test_the_cube_on_the_wrong_side_is_seen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    real = board_paint.board_draw

    def flipped(t, alpha):  # type: ignore[no-untyped-def]
        d = real(t, alpha)
        d.cube_owner = None if d.cube_owner is None else 1 - d.cube_owner
        return d

    monkeypatch.setattr(board_paint, "board_draw", flipped)
    _scene, state, screen = show(app, CASES["bearoff"])
    assert state.cube.owner == 0 and screen.cube() == (4, 1)


def test_a_wrong_die_face_is_seen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    real = board_paint.dice_draw

    def wrong(t):  # type: ignore[no-untyped-def]
        return [(7 - face, *rest) for face, *rest in real(t)]

    monkeypatch.setattr(board_paint, "dice_draw", wrong)
    _scene, _state, screen = show(app, CASES["opening"])
    assert screen.dice()[1] == [("black", 1, False), ("black", 3, False)]


def test_a_crawford_badge_on_the_wrong_game_is_seen(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The badge follows what the panel is told: claim Crawford in an ordinary game and it shows."""
    real = panel.paint

    def always(t, surface, ox, oy):  # type: ignore[no-untyped-def]
        import dataclasses

        state = t.game.state
        t.game.state = dataclasses.replace(state, crawford=True)
        try:
            real(t, surface, ox, oy)
        finally:
            t.game.state = state

    monkeypatch.setattr(panel, "paint", always)
    _scene, state, screen = show(app, CASES["opening"])
    assert not state.crawford
    assert screen.find_text(tr("ui.crawford"), READ_SIZE, (255, 255, 255), panel_middle())


def test_the_text_finder_tells_numbers_apart(app: App) -> None:
    """The match needs every glyph pixel and almost no stray ink: 167 is not 161, 107 or 16."""
    _scene, _state, screen = show(app, CASES["opening"])
    box = panel_box(0)
    grey = (190, 200, 220)
    assert screen.find_text("167 pips", panel.PIPS_SIZE, grey, box)
    for other in ("161 pips", "107 pips", "187 pips", "168 pips", "16 pips"):
        assert not screen.find_text(other, panel.PIPS_SIZE, grey, box), other


# -- the cube offer's card at its smallest: each line has room ------------------------------------------


def test_the_offer_cards_lines_clear_the_answer_buttons_and_their_focus_ring(app: App) -> None:
    """Found in a play test at 800x480: "Money session" touched the TAKE button's focus ring. The match
    line stands clear of the ring (the focus on TAKE), and the answer buttons' lines are found whole."""
    scene, _state, _screen = show(app, OFFER)
    let_dialog_show(app, scene)
    scene.command(Command.SELECT)  # the keyboard's first press shows the focus on TAKE
    app.draw(0.0)
    screen = read(app, scene)
    card = dialogs.offer_card()
    take = _button(scene, tr("ui.take"))
    assert scene.modal.focused() is not None and scene.modal.focused().rect == take
    where = screen.find_text(
        tr("ui.session_score"), dialogs.SECONDARY, (170, 180, 200), card, card.width - 16
    )
    ask = screen.find_text("White: take or pass?", dialogs.SECONDARY, (255, 230, 120), card, card.width - 16)
    assert where is not None and ask is not None
    ring = take.inflate(10, 10)
    assert ask.bottom <= where.top + 6 and where.bottom < ring.top, (ask, where, ring)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_the_answers_say_what_they_cost_with_room_to_spare(app: App, lang: str) -> None:
    """Found in a play test: "Give up now, lose 2 pts" filled the PASS button edge to edge (and the
    Finnish and Hungarian lines were squeezed to tiny type). Every cube up to 64, in every language:
    each answer's line fits its button at its full size (the reading size: 16 window pixels at 800x480)
    with 12 px to spare on each side (at 26 "Give up, lose 16 pts" and "Menetät 16 pistettä" did not)."""
    from game.ui.app import apply_language
    from game.ui.text import CACHE

    apply_language(lang)
    width = L.PANEL_W - 20 - 24 - 2 * 12  # the button, its text margin, the room to spare
    font = CACHE.font(dialogs.SECONDARY)
    for old in (1, 2, 4, 8, 16, 32):
        take = tr("ui.take_means", points=old * 2)
        drop = tr("ui.pass_means" if old == 1 else "ui.pass_means_pl", points=old)
        assert font.size(take)[0] <= width and font.size(drop)[0] <= width, (lang, take, drop)


@pytest.mark.parametrize("lang", ["en", "fi", "hu"])
def test_the_answers_letters_stay_inside_their_buttons_rims(lang: str) -> None:
    """Found in a real window at 800x480: "Play on for 2 pts" ran over the TAKE button's lower rim, its
    "y" and "p" through the rim's light line (and at 40 an accented HYVÄKSY had no room over its line).
    No pixel of either answer's letters (in the label's ink: dark on the green TAKE, white on the red PASS)
    lies on its button's rim, above or below, in any language, and both lines are there."""
    from game.ui.app import apply_language
    from game.ui.widgets import FACE_BOTTOM, FACE_TOP

    apply_language(lang)
    app = make_app()
    try:
        scene, _state, _screen = show(app, OFFER)
        answers = [b for b in scene.modal.buttons if b.sub]
        assert len(answers) == 2
        for b in answers:
            r = b.rect
            ink = label_ink(b.colour)
            inside = [
                (x, y)
                for x in range(r.x + 14, r.right - 14)
                for y in range(r.y, r.bottom)
                # the letters' own ink (white: not the rim's light line; dark: not the shadow under it)
                if max(abs(c - i) for c, i in zip(app.screen.get_at((x, y))[:3], ink, strict=True)) <= 10
            ]
            rows = {y - r.y for _, y in inside}
            assert rows, b.label  # the letters are there
            assert min(rows) >= FACE_TOP and max(rows) < r.height - FACE_BOTTOM, (
                b.label,
                b.sub,
                sorted(rows),
            )
    finally:
        apply_language("en")
        LAYOUT.set_home("right")
        close_screen()


def test_nothing_of_the_panel_peeks_out_between_the_top_players_box_and_the_offer_card(app: App) -> None:
    """Found in a real-window play test at 800x480: while a double waited for its answer, the tops of the
    panel's "Money session" (the row the card covers) showed above the card's gold frame. The card says
    the match itself; the strip between the top player's box and the card is bare panel."""
    show(app, OFFER)
    card = dialogs.offer_card()
    strip = pygame.Rect(card.x, panel_box(1).bottom + 1, card.width, card.top - panel_box(1).bottom - 1)
    light = [
        (x, y)
        for x in range(strip.left, strip.right)
        for y in range(strip.top, strip.bottom)
        if min(app.screen.get_at((x, y))[:3]) > 150
    ]
    assert not light, light[:5]
