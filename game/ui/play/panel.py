"""The game screen's words and buttons: the status line, the side panel and the panel's buttons.

The side panel is painted into a cached surface and repainted only when what it
shows changes (pips, score, whose turn, the last play, the hint): most frames blit it.
"""

from __future__ import annotations

import pygame

from game.engine.flow import Phase
from game.engine.notation import format_play

from .. import layout as L
from ..board_view import GOLD, HINT
from ..text import draw_text, tr, tr_level
from ..widgets import Button
from .table import GameTable

Colour = tuple[int, int, int]


def build_buttons(t: GameTable) -> None:
    """The panel's buttons for the current phase (Menu always; Roll/Double, Done/Undo/Hint)."""
    game = t.game
    s = game.state
    b = t.buttons
    b.clear()
    b.add(Button(pygame.Rect(L.W - 128, 4, 120, 48), tr("menu"), t.open_menu, "grey", size=24))
    px = L.PANEL_X + 10
    pw = L.PANEL_W - 20
    if s.phase is Phase.ROLL and game.is_human(s.turn) and s.can_double() is None:
        b.add(Button(pygame.Rect(px, 300, pw, 100), tr("roll"), game.roll, "green", size=40))
        b.add(Button(pygame.Rect(px, 420, pw, 80), tr("double"), t.offer_double, "gold", size=32))
        if t.hints.cube is None and game.opponent.can_hint:  # what would the expert do with the cube?
            label = tr("hint_thinking") if t.hints.pending else tr("hint")
            b.add(Button(pygame.Rect(px, 512, pw, 58), label, t.ask_cube_hint, "grey", size=26))
    elif s.phase is Phase.MOVING and game.is_human(s.turn):
        colour = "green" if s.turn_state().is_complete else "grey"
        b.add(Button(pygame.Rect(px, 300, pw, 100), tr("done"), t.end_turn, colour, size=40))
        if s.moves:
            b.add(Button(pygame.Rect(px, 420, pw, 80), tr("undo"), t.undo, "blue", size=32))
        elif game.opponent.can_hint and s.turn_state().most > 0:
            # Hint and Undo share a place: a hint is for the turn's start, Undo exists only after a move.
            label = tr("hint_thinking") if t.hints.pending else tr("hint")
            hint = Button(pygame.Rect(px, 420, pw, 80), label, t.ask_hint, "gold", size=32)
            hint.enabled = t.hints.moves is None  # shown: greyed until the player moves
            b.add(hint)


def status(t: GameTable) -> tuple[str, Colour]:
    """The one line at the top: a flashed refusal, else whose turn it is and what to do."""
    if t.flash_time > 0 and t.flash_text:
        return t.flash_text, (255, 200, 60)
    game = t.game
    s = game.state
    name = game.name(s.turn)
    if s.phase is Phase.OPENING:
        return game.note or tr("opening_roll"), (255, 255, 255)
    if s.phase is Phase.ROLL:
        if not game.is_human(s.turn):
            return tr("thinking", name=name), (200, 220, 255)
        key = "to_roll" if s.can_double() is None else "to_roll_only"
        return game.say(key, s.turn), (255, 255, 255)
    if s.phase is Phase.CUBE_OFFERED:
        return game.say("answer_double", 1 - s.turn), (255, 230, 120)
    if s.phase is Phase.MOVING:
        turn = s.turn_state()
        assert s.dice is not None
        if turn.most == 0:
            key = "no_move_bar" if s.position.me[24] > 0 else "no_move"
            text = game.say(key, s.turn, a=s.dice[0], b=s.dice[1]) + ". " + tr("turn_passes")
            return text, (255, 160, 120)
        if game.note and not s.moves:
            return game.note, (255, 255, 255)
        if not game.is_human(s.turn):
            return tr("thinking", name=name), (200, 220, 255)
        if turn.is_complete:
            return game.say("move_complete", s.turn), (160, 255, 160)
        dice = "-".join(str(d) for d in s.dice)
        return game.say("to_move", s.turn, dice=dice), (255, 255, 255)
    assert s.result is not None
    return game.say("wins", s.result.winner), (255, 220, 100)


def draw_status(t: GameTable, surface: pygame.Surface) -> None:
    text, colour = status(t)
    if t.game.setup.mode == "demo":
        draw_text(surface, tr("demo_banner"), 18, (L.W - 140, 28), (150, 160, 180), anchor="midright")
        draw_text(surface, text, 28, (16, 28), colour, anchor="midleft", width=L.W - 480)
    else:
        draw_text(surface, text, 30, (16, 28), colour, anchor="midleft", width=L.W - 160)


def level_text(t: GameTable) -> str:
    """ "Computer: Intermediate" with the level's name in the player's language."""
    return tr("computer_level", level=tr_level(t.game.opponent.level))


def last_text(t: GameTable) -> str:
    """The previous turn in players' notation ("Black: 13/7 8/7"), for the side panel."""
    s = t.game.state
    if s.last_player is None or not s.last_play:
        return ""
    return tr("last_play", name=t.game.name(s.last_player), play=format_play(s.last_play))


def _active(t: GameTable) -> int | None:
    s = t.game.state
    if s.phase is Phase.CUBE_OFFERED:
        return 1 - s.turn
    return s.turn if s.phase in (Phase.ROLL, Phase.MOVING) else None


def _score(t: GameTable) -> tuple[int, int]:
    s = t.game.state
    return t.game.match.score if s.phase is Phase.GAME_OVER else s.score


def facts(t: GameTable) -> tuple[object, ...]:
    """Everything the side panel shows: when this changes, the cached panel is repainted."""
    game = t.game
    s = game.state
    return (
        s.board_for(0).pips(),
        _score(t),
        _active(t),
        s.rules.match_length,
        s.crawford,
        last_text(t),
        game.name(0),
        game.name(1),
        game.opponent.level,
        tr("computer_level", level=""),  # the language (cheap: the level's name is looked up when painting)
        game.opponent.is_placeholder,
        t.hints.moves,
        tuple(t.hints.cube_lines()),
    )


class Panel:
    """The side panel beside the board, cached."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: object = None

    def draw(self, t: GameTable, surface: pygame.Surface) -> None:
        now = facts(t)
        ox, oy = L.PANEL_X - 4, L.BOARD_Y
        if now != self.key or self.surface is None:
            static = t.view.static(t.game.perspective)
            area = pygame.Rect(ox, oy, L.W - ox, L.BOARD_H)
            self.surface = static.subsurface(area).copy()
            paint(t, self.surface, ox, oy)
            self.key = now
        surface.blit(self.surface, (ox, oy))


def player_box(player: int) -> pygame.Rect:
    """Where the panel shows ``player``'s name, pips and score (screen coordinates): player 1 at the
    top, player 0 at the bottom. The cube offer's card stands between the two."""
    y = L.BOARD_Y + 6 if player == 1 else L.BOARD_Y + L.BOARD_H - 126
    return pygame.Rect(L.PANEL_X + 6, y, L.PANEL_W - 12, 120)


def paint(t: GameTable, surface: pygame.Surface, ox: int, oy: int) -> None:
    game = t.game
    s = game.state
    pips = s.board_for(0).pips()
    score = _score(t)
    active = _active(t)
    x = L.PANEL_X + 6 - ox
    w = L.PANEL_W - 12
    for player in (1, 0):
        rect = player_box(player).move(-ox, -oy)
        on = active == player
        pygame.draw.rect(surface, (44, 54, 72) if on else (36, 42, 56), rect, border_radius=12)
        if on:
            pygame.draw.rect(surface, GOLD, rect, 4, border_radius=12)
        sprite = t.sprites.get(f"checker_{('white', 'black')[player]}")
        surface.blit(sprite, (rect.x + 12, rect.y + 14))
        white = (255, 255, 255)
        draw_text(
            surface, game.name(player), 28, (rect.x + 84, rect.y + 30), white, anchor="midleft", width=w - 170
        )
        pip_text = tr("pips", pips=pips[player])
        draw_text(surface, pip_text, 22, (rect.x + 84, rect.y + 66), (190, 200, 220), anchor="midleft")
        draw_text(surface, str(score[player]), 54, (rect.right - 18, rect.y + 52), GOLD, anchor="midright")
        if on:
            draw_text(surface, "▶", 24, (rect.x + 40, rect.y + 98), GOLD)
    mid_y = L.BOARD_Y + 150 - oy
    length = s.rules.match_length
    line = tr("match_to", length=length) if length else tr("session_score")
    draw_text(surface, line, 26, (x + w // 2, mid_y), (230, 230, 240), width=w)
    if length == 1:  # the cube is dead in a 1-point match: no game is "Crawford" there
        badge = pygame.Rect(x + w // 2 - 110, mid_y + 22, 220, 34)
        pygame.draw.rect(surface, (70, 78, 96), badge, border_radius=8)
        draw_text(surface, tr("no_cube"), 20, badge.center, (235, 235, 245), width=212)
    elif s.crawford:
        badge = pygame.Rect(x + w // 2 - 80, mid_y + 22, 160, 34)
        pygame.draw.rect(surface, (170, 40, 40), badge, border_radius=8)
        draw_text(surface, tr("crawford"), 22, badge.center, (255, 255, 255))
    last = last_text(t)
    if last:
        draw_text(surface, last, 20, (x + w // 2, mid_y + 112), (90, 200, 255), width=w)
    hint = t.hints.text()
    if hint:
        draw_text(surface, hint, 22, (x + w // 2, L.BOARD_Y + 480 - oy), HINT, width=w)
    if s.phase is Phase.ROLL:  # the cube advice stands where its Hint button was
        for i, line in enumerate(t.hints.cube_lines()):
            size = 22 if i == 0 else 18
            draw_text(surface, line, size, (x + w // 2, 524 + i * 25 - oy), HINT, width=w)
    if game.setup.mode != "two" and game.opponent.is_placeholder:
        draw_text(surface, tr("placeholder_ai"), 16, (x + w // 2, mid_y + 78), (170, 170, 190), width=w)
    elif game.setup.mode != "two":
        draw_text(surface, level_text(t), 18, (x + w // 2, mid_y + 78), (170, 170, 190), width=w)


__all__ = [
    "Panel",
    "build_buttons",
    "draw_status",
    "facts",
    "last_text",
    "level_text",
    "player_box",
    "status",
]
