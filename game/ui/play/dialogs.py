"""The game screen's two dialogs: the cube offer beside the board, the end of a game over it.

Each has its buttons (Take / Pass with what each is worth; Next game or New match / To title),
made by :func:`modal_buttons` when the phase begins for the scene's ``modal`` group.

Why the cube offer stands in the side panel and not over the board: take or pass is
decided by looking at the whole position (checkers on the bar, in the middle of the
board, most of all), so the offer leaves the board in full view and covers only the
panel's middle, between the two players' pips and scores, which it keeps in view too.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.engine.flow import Phase
from game.engine.scoring import WinKind, game_points
from game.session.modes import GameMode
from game.ui import layout as L
from game.ui.board.view import GOLD
from game.ui.lines import two_lines
from game.ui.play import match_terms
from game.ui.play.advice import draw_advice
from game.ui.play.host import GameHost
from game.ui.play.panel import MENU_BUTTON, player_box
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import FACE_BOTTOM, FACE_TOP, PAD, SUB_GAP, Button, row_widths

WIN_KEYS = {
    WinKind.SINGLE: "ui.win_single",
    WinKind.GAMMON: "ui.win_gammon",
    WinKind.BACKGAMMON: "ui.win_backgammon",
}


def modal_buttons(table: GameHost) -> list[Button]:
    """The dialog's buttons for the current phase (none outside a cube offer to a human and game over)."""
    game = table.game
    s = game.state
    modal: list[Button] = []
    if s.phase is Phase.CUBE_OFFERED and game.is_human(1 - s.turn):
        card = offer_card()
        old = s.cube.value
        rules = s.rules
        lose = game_points(
            WinKind.SINGLE,
            s.cube,
            match_length=rules.match_length,
            jacoby=rules.jacoby,
            winner_score=s.score[s.turn],
        )
        take_sub = i18n.tr("ui.take_means", points=old * 2)
        pass_sub = i18n.tr("ui.pass_means" if lose == 1 else "ui.pass_means_pl", points=lose)
        x, w = card.x + 10, card.width - 20
        take, drop = i18n.tr("ui.take"), i18n.tr("ui.pass")
        sub_size = CACHE.row_size(SECONDARY, ROW_PITCH)
        size = answer_size((take, drop), sub_size)
        modal.append(
            Button(
                pygame.Rect(x, card.y + TAKE_Y, w, ANSWER_H),
                take,
                lambda: table.choose_answer(True),
                "green",
                sub=take_sub,
                size=size,
                sub_size=sub_size,
            )
        )
        modal.append(
            Button(
                pygame.Rect(x, card.y + PASS_Y, w, ANSWER_H),
                drop,
                lambda: table.choose_answer(False),
                "red",
                sub=pass_sub,
                size=size,
                sub_size=sub_size,
            )
        )
        if table.hints.cube is None and game.can_hint:
            label = i18n.tr("ui.hint_thinking") if table.hints.pending else i18n.tr("ui.hint")
            modal.append(Button(answer_hint_rect(), label, table.ask_cube_hint, "grey", size=READ_SIZE))
    elif s.phase is Phase.GAME_OVER or game.timed_out:
        buttons = game_over_buttons(table)
        size, rects = button_row([label for label, _, _ in buttons], BUTTON_SIZE[len(buttons)])
        for (label, action, colour), rect in zip(buttons, rects, strict=True):
            modal.append(Button(rect, label, action, colour, size=size))
    return modal


def game_over_buttons(table: GameHost) -> list[tuple[str, Callable[[], None], str]]:
    """The game-over dialog's buttons, left to right: label, action, colour (a demo has no Review)."""
    game = table.game
    over = game.match.is_over or game.timed_out
    label = i18n.tr("ui.new_match") if over else i18n.tr("ui.next_game")
    review = (
        []
        if game.mode == GameMode.DEMO or game.timed_out
        else [(i18n.tr("review.button"), table.open_review, "gold")]
    )
    check: list[tuple[str, Callable[[], None], str]] = []
    if match_terms.revealed(table):  # the whole commitment, the secret, the players' parts, a QR code
        check = [(i18n.tr("dice.check"), table.check_dice, "blue")]
    if over and game.setup.tournament is not None:  # scored into the draw already: back to it
        return [(i18n.tr("tourney.back"), table.terms.back_to_tournament, "green"), *check, *review]
    first = [(label, table.next_game, "green"), *check]
    return [*first, *review, (i18n.tr("ui.to_title"), table.to_title, "grey")]


BUTTON_SIZE = {1: 34, 2: 34, 3: 30, 4: 26}
"""The game-over buttons' text size, when every label fits at it (else one size smaller for all)."""
BUTTON_H, BUTTON_GAP, BUTTON_AIR = 90, 16, 40
"""A button's height, the gap between two, and its width beyond its label (24 is the button's own)."""
GAME_OVER_W = 660
ROOM = L.BOARD_W - 80
ROOM_FOUR = L.BOARD_W - 12
"""The widest row of game-over buttons (the dialog grows to hold it): the board's width less a margin."""


def button_row(labels: list[str], largest: int) -> tuple[int, list[pygame.Rect]]:
    """One text size for a row of buttons, the largest up to ``largest`` at which every label fits its
    button whole, and the buttons, centred under the board's middle (a play test saw "Leave to title"
    shrunk to fit a button its neighbours' labels fitted; in Hungarian it is the longest of three)."""
    # Four buttons (a match over with dice to replay): the board's whole width, and faces that hug
    # their words (narrower faces, not words under the floor size).
    room, air = (ROOM, BUTTON_AIR) if len(labels) < 4 else (ROOM_FOUR, 28)
    size, widths = row_widths(labels, largest, room, gap=BUTTON_GAP, air=air, least=150)
    total = sum(widths) + BUTTON_GAP * (len(labels) - 1)
    x = L.BOARD_X + L.BOARD_W // 2 - total // 2
    rects = []
    for w in widths:
        rects.append(pygame.Rect(x, L.MID_Y + 80, w, BUTTON_H))
        x += w + BUTTON_GAP
    return size, rects


def game_over_box(table: GameHost) -> pygame.Rect:
    """The game-over dialog: 660 wide, wider when its buttons need the room."""
    row = [b.rect for b in table.modal.buttons] or [pygame.Rect(0, 0, 0, 0)]
    width = max(GAME_OVER_W, row[-1].right - row[0].x + 2 * 24, match_terms.secret_width(table) + 2 * 24)
    cx = L.BOARD_X + L.BOARD_W // 2
    return pygame.Rect(cx - width // 2, L.MID_Y - 210, width, 400)


def _dim_board(table: GameHost, surface: pygame.Surface) -> None:
    shade = table.view.glow("box", (L.BOARD_W, L.BOARD_H), (0, 0, 0, 150))
    surface.blit(shade, (L.BOARD_X, L.BOARD_Y))


def _frame(surface: pygame.Surface, box: pygame.Rect) -> None:
    pygame.draw.rect(surface, (30, 36, 50), box, border_radius=18)
    pygame.draw.rect(surface, GOLD, box, 4, border_radius=18)


# The offer card's rows, from its top (logical pixels): the offer, the question and the match (or
# money), the Hint button or the advice, then the answers, each with its text in one line. Every line
# at the floor (READ_SIZE, 16 window pixels at 800x480) in rows of ROW_PITCH.
#
# Why the answers stand at the card's foot: a double comes just after the player pressed Done (or
# Roll), and a play test saw TAKE come up where that tap had landed: a quick second tap took a
# double by accident (issue 25). TAKE and PASS now stand below the row of Roll and Double, where
# Done stands too (:mod:`game.ui.play.action_row`), the Hint and its advice above them, where a stray
# tap costs nothing (tests/ui/test_answer_spots.py checks it in every window, turn and language).
ROW_PITCH = 28
"""Between two rows of the card's words at the floor: 4 pixels between one row's descenders and the
next row's capitals."""
OFFER_Y = 34
"""The offer's middle ("Black doubles to 2", beside the cube, in one row or two)."""
ASK_Y = OFFER_Y + 2 * ROW_PITCH - 14
WHERE_Y = ASK_Y + ROW_PITCH
ADVICE_Y = WHERE_Y + 12
TAKE_Y = 208
SECONDARY = READ_SIZE
"""The card's secondary type: the question, the match (a play test found "Match to 5" at 18 tiny at
800x480, about 11 pixels) and, on the answers, what each means: the floor."""
ANSWER_H = 78
ANSWER_SIZE = 32
"""TAKE and PASS (their lines at :data:`SECONDARY`): at 40 the line under them ran over the button's
lower rim at 800x480; over a line at the floor an accented answer (HYVÄKSY) fits between the rims at 32."""
PASS_Y = 292


def answer_size(labels: tuple[str, str], sub_size: int) -> int:
    """The size of TAKE and PASS: :data:`ANSWER_SIZE`, or less where a label over its line at
    ``sub_size`` would not fit between the button's rims (under larger text: ELFOGADOM at 38 ran into
    the top rim), never under the floor."""
    room = ANSWER_H - FACE_TOP - FACE_BOTTOM
    line = CACHE.font(sub_size).get_height() - CACHE.cap_top(sub_size)

    def block(size: int) -> int:
        blank = min(min(CACHE.ink_top(label, size) for label in labels), CACHE.cap_top(size))
        return CACHE.font(size).get_ascent() - blank + SUB_GAP + line

    size, least = ANSWER_SIZE, CACHE.floor(READ_SIZE)
    while size > least and block(size) > room:
        size -= 1
    return size


def answer_hint_rect() -> pygame.Rect:
    """The doubled player's Hint: in the strip at the top, left of Menu, beside the question it helps
    with ("White: take or pass?"). In the card it stood where the Double tap (two players) or Done
    (the computer doubles next) had just landed, so a quick second tap asked for a hint (issue 36); up
    here it is as far from that tap as the screen allows, as TAKE and PASS are below it. As wide as its
    longer label ("Thinking..." while the expert works) needs at the floor."""
    font = CACHE.font(READ_SIZE)
    words = max(font.size(i18n.tr(key))[0] for key in ("ui.hint", "ui.hint_thinking"))
    width = max(MENU_BUTTON.w, words + PAD)
    return pygame.Rect(MENU_BUTTON.left - 8 - width, MENU_BUTTON.top, width, MENU_BUTTON.h)


def advice_rect() -> pygame.Rect:
    """Where the offer card shows the expert's take or pass (the Hint's answer): above the answers."""
    card = offer_card()
    return pygame.Rect(card.x + 8, card.y + ADVICE_Y, card.width - 16, TAKE_Y - 10 - ADVICE_Y)


def offer_card() -> pygame.Rect:
    """The cube offer's place: the side panel between the two players' boxes (pips and scores)."""
    top = player_box(1).bottom + 10
    bottom = player_box(0).top - 10
    return pygame.Rect(L.PANEL_X, top, L.PANEL_W, bottom - top)


def draw_cube_offer(table: GameHost, surface: pygame.Surface) -> None:
    game = table.game
    s = game.state
    card = offer_card()
    _frame(surface, card)
    table.view.draw_cube(surface, s.cube.value * 2, (card.x + 40, card.y + 34))
    text_w = card.width - 88  # right of the cube, clear of the frame
    text_x = card.x + 76 + text_w // 2
    offer = two_lines(
        i18n.tr_message(game.say("ui.offers_double", s.turn, value=s.cube.value * 2)), READ_SIZE, text_w
    )
    row = CACHE.row_size(READ_SIZE, ROW_PITCH)  # under larger text, as large as the rows allow
    for i, line in enumerate(offer):
        y = card.y + OFFER_Y + (i - (len(offer) - 1) / 2) * ROW_PITCH
        draw_text(surface, line, row, (text_x, round(y)), (255, 255, 255), width=text_w)
    cx = card.centerx
    width = card.width - 16  # 6 clear of the frame each side: "Ottelu 11 pisteeseen" at the floor
    length = s.rules.match_length
    where = i18n.tr("ui.match_to", length=length) if length else i18n.tr("ui.session_score")
    draw_text(surface, where, row, (cx, card.y + WHERE_Y), (170, 180, 200), width=width)
    answerer = 1 - s.turn
    if game.is_human(answerer):
        ask = i18n.tr_message(game.say("ui.answer_double", answerer))
        if CACHE.font(SECONDARY).size(ask)[0] > width:  # "White: take or pass?" too long: the offer says who
            ask = i18n.tr("ui.answer_double_you")
        draw_text(surface, ask, row, (cx, card.y + ASK_Y), (255, 230, 120), width=width)
        table.modal.draw(surface, table.sprites)
        # The expert's take or pass, above the answers, with its numbers (where the Hint button was).
        draw_advice(surface, table.hints.cube_lines(), advice_rect())
    else:
        thinking = i18n.tr("ui.thinking", name=i18n.tr_message(game.name(answerer)))
        middle = card.y + (TAKE_Y + card.height) // 2  # where the answer buttons would stand
        draw_text(surface, thinking, READ_SIZE, (cx, middle), (200, 220, 255), width=card.width - 20)


LOSS = (255, 140, 120)
"""The colour of points lost (the points won are green)."""


def points_line(table: GameHost) -> tuple[str, tuple[int, int, int]]:
    """What the game was worth, for the person at the screen: "+2 pts" in green for a win, and for the
    human who lost to the computer "−2 pts" in red (a play test saw a lost game shown as "+2 pts" in
    green: the winner's points, read by the loser as his). Between two players the points are the
    winner's, whose name stands above them."""
    r = table.game.state.result
    assert r is not None
    human = table.game.human
    if human is not None and r.winner != human:
        return i18n.tr_n("gameover.lost", r.points, points=r.points), LOSS
    won = i18n.tr("ui.point_won") if r.points == 1 else i18n.tr("ui.points_won", points=r.points)
    return won, (160, 255, 160)


def draw_game_over(table: GameHost, surface: pygame.Surface) -> None:
    game = table.game
    if game.timed_out:
        draw_time_over(table, surface)
        return
    s = game.state
    r = s.result
    assert r is not None
    _dim_board(table, surface)
    box = game_over_box(table)
    cx, width = box.centerx, box.width - 40
    _frame(surface, box)
    title = i18n.tr_message(game.say("ui.match_over" if game.match.is_over else "ui.wins", r.winner))
    draw_text(surface, title, 44, (cx, box.y + 50), GOLD, width=width)
    how = i18n.tr("ui.win_pass") if r.passed else i18n.tr(WIN_KEYS[r.kind])
    draw_text(surface, how, 32, (cx, box.y + 100), (255, 255, 255), width=width)
    pts, colour = points_line(table)
    draw_text(surface, pts, 40, (cx, box.y + 146), colour)
    sc = game.match.score
    line = f"{i18n.tr_message(game.name(0))} {sc[0]} : {sc[1]} {i18n.tr_message(game.name(1))}"
    draw_text(surface, line, 30, (cx, box.y + 192), (230, 230, 240), width=width)
    if s.rules.match_length:  # closer together than before: the dice secret under it touched the buttons
        where = i18n.tr("ui.match_to", length=s.rules.match_length)
        draw_text(surface, where, 26, (cx, box.y + 228), (170, 180, 200), width=width)
    match_terms.draw_secret(table, surface, box)
    table.modal.draw(surface, table.sprites)


def draw_time_over(table: GameHost, surface: pygame.Surface) -> None:
    """A bank ran out: the other player wins the match, whatever the score (the clock's rules)."""
    game = table.game
    timer = game.timer
    assert timer is not None and timer.lost_on_time is not None
    loser = timer.lost_on_time
    _dim_board(table, surface)
    box = game_over_box(table)
    cx, width = box.centerx, box.width - 40
    _frame(surface, box)
    title = i18n.tr_message(game.say("ui.match_over", 1 - loser))
    draw_text(surface, title, 44, (cx, box.y + 50), GOLD, width=width)
    why = i18n.tr("clock.ran_out", name=i18n.tr_message(game.name(loser)))
    draw_text(surface, why, 32, (cx, box.y + 110), (255, 170, 150), width=width)
    rule = i18n.tr("clock.rule")
    draw_text(surface, rule, READ_SIZE, (cx, box.y + 156), (220, 220, 230), width=width)
    sc = game.match.score
    line = f"{i18n.tr_message(game.name(0))} {sc[0]} : {sc[1]} {i18n.tr_message(game.name(1))}"
    draw_text(surface, line, 30, (cx, box.y + 206), (230, 230, 240), width=width)
    match_terms.draw_secret(table, surface, box)
    table.modal.draw(surface, table.sprites)


__all__ = [
    "advice_rect",
    "button_row",
    "draw_cube_offer",
    "draw_game_over",
    "game_over_box",
    "game_over_buttons",
    "modal_buttons",
    "offer_card",
    "points_line",
]
