"""The game screen's two dialogs over a dimmed board: the cube offer and the end of a game.

Each has its buttons in the scene's ``modal`` group (Take / Pass with what each is
worth; Next game or New match / To title), built when the phase begins.
"""

from __future__ import annotations

import pygame

from game.engine.flow import Phase
from game.engine.scoring import WinKind, game_points

from .. import i18n
from .. import layout as L
from ..board_view import GOLD, HINT
from ..text import draw_text, tr
from ..widgets import Button
from .table import GameTable

WIN_KEYS = {WinKind.SINGLE: "win_single", WinKind.GAMMON: "win_gammon", WinKind.BACKGAMMON: "win_backgammon"}


def build_modal(t: GameTable) -> None:
    """The dialog's buttons for the current phase (none outside a cube offer to a human and game over)."""
    game = t.game
    s = game.state
    t.modal.clear()
    cx = L.BOARD_X + L.BOARD_W // 2
    if s.phase is Phase.CUBE_OFFERED and game.is_human(1 - s.turn):
        old = s.cube.value
        rules = s.rules
        lose = game_points(
            WinKind.SINGLE,
            s.cube,
            match_length=rules.match_length,
            jacoby=rules.jacoby,
            winner_score=s.score[s.turn],
        )
        y = L.MID_Y - 30
        take_sub = tr("take_means", points=old * 2)
        pass_sub = tr("pass_means" if lose == 1 else "pass_means_pl", points=lose)
        t.modal.add(
            Button(
                pygame.Rect(cx - 320, y, 300, 140),
                tr("take"),
                lambda: t.answer(True),
                "green",
                sub=take_sub,
                size=48,
            )
        )
        t.modal.add(
            Button(
                pygame.Rect(cx + 20, y, 300, 140),
                tr("pass"),
                lambda: t.answer(False),
                "red",
                sub=pass_sub,
                size=48,
            )
        )
        if t.hints.cube is None and game.opponent.can_hint:
            label = tr("hint_thinking") if t.hints.pending else tr("hint")
            t.modal.add(
                Button(pygame.Rect(cx - 110, y + 148, 220, 48), label, t.ask_cube_hint, "grey", size=24)
            )
    elif s.phase is Phase.GAME_OVER:
        label = tr("new_match") if game.match.is_over else tr("next_game")
        y = L.MID_Y + 80
        if game.mode == "demo":
            t.modal.add(Button(pygame.Rect(cx - 290, y, 280, 90), label, t.next_game, "green", size=34))
            t.modal.add(Button(pygame.Rect(cx + 10, y, 280, 90), tr("to_title"), t.to_title, "grey", size=28))
            return
        t.modal.add(Button(pygame.Rect(cx - 315, y, 210, 90), label, t.next_game, "green", size=30))
        review = i18n.tr("review.button")
        t.modal.add(Button(pygame.Rect(cx - 95, y, 190, 90), review, t.open_review, "gold", size=30))
        t.modal.add(Button(pygame.Rect(cx + 105, y, 210, 90), tr("to_title"), t.to_title, "grey", size=26))


def _dim_board(t: GameTable, surface: pygame.Surface) -> None:
    shade = t.view.glow("box", (L.BOARD_W, L.BOARD_H), (0, 0, 0, 150))
    surface.blit(shade, (L.BOARD_X, L.BOARD_Y))


def _frame(surface: pygame.Surface, box: pygame.Rect) -> None:
    pygame.draw.rect(surface, (30, 36, 50), box, border_radius=18)
    pygame.draw.rect(surface, GOLD, box, 4, border_radius=18)


def draw_cube_offer(t: GameTable, surface: pygame.Surface) -> None:
    game = t.game
    s = game.state
    _dim_board(t, surface)
    cx = L.BOARD_X + L.BOARD_W // 2
    box = pygame.Rect(cx - 350, L.MID_Y - 190, 700, 360)
    _frame(surface, box)
    t.view.draw_cube(surface, s.cube.value * 2, (box.x + 70, box.y + 70))
    offer = game.say("offers_double", s.turn, value=s.cube.value * 2)
    draw_text(surface, offer, 36, (cx + 30, box.y + 56), (255, 255, 255), width=560)
    answerer = 1 - s.turn
    if game.is_human(answerer):
        ask = game.say("answer_double", answerer)
        draw_text(surface, ask, 28, (cx + 30, box.y + 106), (255, 230, 120), width=560)
        t.modal.draw(surface, t.sprites)
        lines = t.hints.cube_lines()
        if lines:  # the expert's take or pass, under the buttons, with its numbers
            draw_text(surface, lines[0], 24, (cx, box.y + 316), HINT, width=660)
            draw_text(surface, f"{lines[1]} · {lines[2]}", 18, (cx, box.y + 342), HINT, width=660)
    else:
        draw_text(surface, tr("thinking", name=game.name(answerer)), 28, (cx, box.y + 200), (200, 220, 255))


def draw_game_over(t: GameTable, surface: pygame.Surface) -> None:
    game = t.game
    s = game.state
    r = s.result
    assert r is not None
    _dim_board(t, surface)
    cx = L.BOARD_X + L.BOARD_W // 2
    box = pygame.Rect(cx - 330, L.MID_Y - 210, 660, 400)
    _frame(surface, box)
    title = game.say("match_over" if game.match.is_over else "wins", r.winner)
    draw_text(surface, title, 44, (cx, box.y + 50), GOLD, width=620)
    how = tr("win_pass") if r.passed else tr(WIN_KEYS[r.kind])
    draw_text(surface, how, 32, (cx, box.y + 104), (255, 255, 255), width=620)
    pts = tr("point_won") if r.points == 1 else tr("points_won", points=r.points)
    draw_text(surface, pts, 40, (cx, box.y + 154), (160, 255, 160))
    sc = game.match.score
    line = f"{game.name(0)} {sc[0]} : {sc[1]} {game.name(1)}"
    draw_text(surface, line, 30, (cx, box.y + 206), (230, 230, 240), width=620)
    if s.rules.match_length:
        draw_text(
            surface, tr("match_to", length=s.rules.match_length), 22, (cx, box.y + 244), (170, 180, 200)
        )
    t.modal.draw(surface, t.sprites)


__all__ = ["build_modal", "draw_cube_offer", "draw_game_over"]
