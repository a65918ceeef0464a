"""The game screen's words and buttons: the status line, the side panel and the panel's buttons.

The side panel is painted into a cached surface and repainted only when what it
shows changes (pips, score, whose turn, the last play, the hint): most frames blit it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.flow import Phase
from game.engine.position import BAR
from game.i18n import catalogue, get_language, tr, tr_level, tr_message
from game.session.modes import GameMode
from game.ui import layout as L
from game.ui.board.view import GOLD, HINT
from game.ui.lines import first_fitting, fit_lines
from game.ui.play import match_terms, turn_words
from game.ui.play.action_row import ACTION_ROW, DOUBLE_SIZE, ROLL_SIZE, roll_and_double
from game.ui.play.advice import draw_advice
from game.ui.play.host import GameHost
from game.ui.play.turn_words import passed_text
from game.ui.reading import play_text
from game.ui.text import CACHE, READ_SIZE, draw_text
from game.ui.widgets import Button


def last_play(table: GameHost) -> str:
    """The previous turn's play in players' notation, written in the numbers of the board's labels
    (:mod:`game.ui.reading`): the computer's "17/11*" reads "8/14*" under the human's labels."""
    s = table.game.state
    if s.last_player is None or not s.last_play:
        return ""
    return play_text(s.last_play, s.last_player, table.game.perspective)


def last_text(table: GameHost) -> str:
    """The previous turn in players' notation ("Last: Black 13/7 8/7"), for the side panel; a turn
    that could not move says so ("Last: Computer could not move")."""
    s = table.game.state
    if s.last_player is None:
        return ""
    if not s.last_play:
        return passed_text(table.game, s.last_player)
    return tr("ui.last_play", name=tr_message(table.game.name(s.last_player)), play=last_play(table))


def active(table: GameHost) -> int | None:
    s = table.game.state
    if s.phase is Phase.CUBE_OFFERED:
        return 1 - s.turn
    return s.turn if s.phase in (Phase.ROLL, Phase.MOVING) else None


def shown_score(table: GameHost) -> tuple[int, int]:
    s = table.game.state
    return table.game.match.score if s.phase is Phase.GAME_OVER else s.score


@dataclass(frozen=True)
class PanelFacts:
    """What the side panel shows that follows from the game's state, the board's perspective, the
    game's set-up and the language alone: part of the picture's key (:func:`facts`)."""

    pips: tuple[int, int]
    acting: int | None
    """The player the panel marks as acting (the one who answers a double), None when nobody acts."""
    match_length: int
    crawford: bool
    last_line: str
    """The previous turn in words, in the reader's numbers."""
    names: tuple[str, str]
    language_mark: str
    """A word of the current language (the level's name is looked up when painting)."""
    offered: bool
    cube: tuple[int, int | None]


_REMEMBERED: list[tuple[tuple[object, ...], PanelFacts]] = []
"""The last :func:`state_facts`: what they were computed from, and they."""


def state_facts(table: GameHost) -> PanelFacts:
    """The panel's facts for the state, remembered for the state, the board's perspective, the game's
    set-up and the language's catalogue.

    Why: the panel's facts are part of the layer's key, computed every drawn frame, and writing out
    the last play and the pip counts was most of that key's cost (docs/benchmarks.md, "The side
    panel's facts"). The state is a frozen :class:`~game.engine.flow.GameState`, replaced on every
    change, so being the same object means the same facts; compared by identity, as a new state may
    equal an old one.
    """
    game = table.game
    s = game.state
    given = (s, game.perspective, game.setup, catalogue(get_language()))  # a reloaded catalogue is new
    if _REMEMBERED:
        was, remembered = _REMEMBERED[0]
        if all(a is b for a, b in zip(was, given, strict=True)):
            return remembered
    now = PanelFacts(
        pips=s.board_for(0).pips(),
        acting=active(table),
        match_length=s.rules.match_length,
        crawford=s.crawford,
        last_line=last_text(table),
        names=(tr_message(game.name(0)), tr_message(game.name(1))),
        language_mark=tr("ui.computer_level", level=""),
        offered=s.phase is Phase.CUBE_OFFERED,
        cube=(s.cube.value, s.cube.owner),
    )
    _REMEMBERED[:] = [(given, now)]
    return now


Colour = tuple[int, int, int]


MENU_BUTTON = pygame.Rect(L.W - 144, 4, 136, 48)
"""Wide enough for "Valikko" at :data:`~game.ui.text.READ_SIZE` (16 window pixels at 800x480)."""
"""Menu, always: the top right corner, in the status strip above the panel."""
DONE_BUTTON = ACTION_ROW.copy()
UNDO_BUTTON = pygame.Rect(L.PANEL_X + 10, 420, L.PANEL_W - 20, 80)
"""While moving: Done where Roll and Double stood, Undo (or Hint, at the turn's start) under it."""

ROW_H = 28
"""A line at the floor size (:data:`READ_SIZE`, 16 window pixels at 800x480): the height of the panel's
rows of words (its capitals' tops to its descenders are 24 at that size, 4 between two rows)."""
_ROW_X, _ROW_W = L.PANEL_X + 6, L.PANEL_W - 12
MATCH_ROW = pygame.Rect(_ROW_X, L.BOARD_Y + 128, _ROW_W, 31)
BADGE_ROW = pygame.Rect(_ROW_X, MATCH_ROW.bottom + 1, _ROW_W, ROW_H)
LEVEL_ROW = pygame.Rect(_ROW_X, BADGE_ROW.bottom + 1, _ROW_W, ROW_H)
LAST_ROW = pygame.Rect(_ROW_X, LEVEL_ROW.bottom + 1, _ROW_W, ROW_H)
"""The panel's rows between the top player's box and the buttons (screen coordinates), one band each,
so that no line can run into another in any phase: "Match to N"; the CRAWFORD (or NO DOUBLING) badge;
the computer's level; the last play. These are the rows of a game with a badge; without one (most
games), the level and the last play move up a row (:func:`level_row`, :func:`last_band`). The last
play has two rows in every phase: with a badge, while the player's Done stands under :data:`LAST_ROW`,
the level gives way to it. A line too wide for its band is shortened (:func:`last_lines`), never drawn
over its neighbour nor below the floor."""
HINT_ROWS = pygame.Rect(_ROW_X, UNDO_BUTTON.bottom + 12, _ROW_W, 2 * ROW_H)
"""The expert's play (Hint): two rows under Undo/Hint, above the bottom player's box."""


def buttons(table: GameHost) -> list[Button]:
    """The panel's buttons for the current phase (Menu always, first; Roll/Double, Done/Undo/Hint)."""
    game = table.game
    s = game.state
    b = [Button(MENU_BUTTON.copy(), tr("ui.menu"), table.open_menu, "grey", size=READ_SIZE)]
    if game.timed_out:
        return b  # the match is over on time: its dialog has the buttons
    px = L.PANEL_X + 10
    pw = L.PANEL_W - 20
    if s.phase is Phase.ROLL and game.is_human(s.turn) and s.can_double() is None:
        roll, double = roll_and_double()  # side by side: the cube advice, in words, has the room under them
        b.append(Button(roll, tr("ui.roll"), table.roll_dice, "green", size=ROLL_SIZE))
        b.append(Button(double, tr("ui.double"), table.offer_double, "gold", size=DOUBLE_SIZE))
        if table.hints.cube is None and game.can_hint:  # what would the expert do with the cube?
            label = tr("ui.hint_thinking") if table.hints.pending else tr("ui.hint")
            top = advice_area().centery - 28
            b.append(Button(pygame.Rect(px, top, pw, 56), label, table.ask_cube_hint, "grey", size=READ_SIZE))
    elif s.phase is Phase.MOVING and game.is_human(s.turn):
        colour = "green" if s.turn_state().is_complete else "grey"
        b.append(Button(DONE_BUTTON.copy(), tr("ui.done"), table.end_turn, colour, size=40))
        if s.moves:
            b.append(Button(UNDO_BUTTON.copy(), tr("ui.undo"), table.undo, "blue", size=32))
        elif game.can_hint and s.turn_state().most > 0:
            # Hint and Undo share a place: a hint is for the turn's start, Undo exists only after a move.
            label = tr("ui.hint_thinking") if table.hints.pending else tr("ui.hint")
            hint = Button(UNDO_BUTTON.copy(), label, table.ask_hint, "gold", size=32)
            hint.enabled = table.hints.moves is None  # shown: greyed until the player moves
            b.append(hint)
    return b


def status(table: GameHost) -> tuple[str, Colour]:
    """The one line at the top: a flashed refusal, else whose turn it is and what to do."""
    if table.flash_time > 0 and table.flash_text:
        return table.flash_text, (255, 200, 60)
    if table.status_note:  # something holds the game (the coach's card, an answer to undo) and says what
        return table.status_note, (255, 200, 60)
    game = table.game
    s = game.state
    name = tr_message(game.name(s.turn))
    timer = game.timer
    if game.timed_out and timer is not None and timer.lost_on_time is not None:
        loser = tr_message(game.name(timer.lost_on_time))
        return tr("clock.ran_out", name=loser), (255, 170, 150)
    if s.phase is Phase.OPENING:
        return tr_message(game.note) if game.note else tr("ui.opening_roll"), (255, 255, 255)
    if s.phase is Phase.ROLL:
        if not game.is_human(s.turn):
            return tr("ui.thinking", name=name), (200, 220, 255)
        return turn_words.roll_line(game, s, table.keys), (255, 255, 255)
    if s.phase is Phase.CUBE_OFFERED:
        return tr_message(game.say("ui.answer_double", 1 - s.turn)), (255, 230, 120)
    if s.phase is Phase.MOVING:
        turn = s.turn_state()
        assert s.dice is not None
        if turn.most == 0:
            return turn_words.cannot_move(game, s), (255, 160, 120)
        why = table.hints.why_text()
        if why and game.is_human(s.turn):  # the hint's arrows stand on the board: the line says why
            return why, HINT  # that play is good, the opening roll's note too (issue 36: the note won)
        if game.note and not s.moves:
            return tr_message(game.note), (255, 255, 255)
        if not game.is_human(s.turn):
            return tr("ui.thinking", name=name), (200, 220, 255)
        if turn.is_complete:
            return turn_words.complete_line(game, s, table.keys), (160, 255, 160)
        dice = "-".join(str(d) for d in sorted(s.dice, reverse=True))  # the usual way: "6-1", not "1-6"
        line = tr_message(game.say("ui.to_move", s.turn, dice=dice))
        if turn.position.me[BAR]:  # the rule a newcomer meets first on the bar: said before a refusal
            line = tr("ui.then", first=line, then=tr("engine.enter_first"))
        return line, (255, 255, 255)
    assert s.result is not None
    return tr_message(game.say("ui.wins", s.result.winner)), (255, 220, 100)


STATUS_LEFT, STATUS_RIGHT = 16, MENU_BUTTON.left - 12
"""The status line's room: from the left edge to the Menu button (with a gap)."""
BANNER_GAP = 32
"""Between the status and the demo's banner."""


def draw_status(table: GameHost, surface: pygame.Surface) -> list[pygame.Rect]:
    """The status line; in the demo, the banner at its right while the status fits the room left of
    it. A flashed line ("This is a demo. To play: ...") or a status too wide for that room takes the
    whole line and the banner gives way: they never touch. Returns the rects drawn."""
    text, colour = status(table)
    y = L.STATUS_H // 2
    # A button of the strip besides Menu (the doubled player's Hint) takes the line's right end.
    strip = [b.rect.left for b in table.modal.buttons if b.visible and b.rect.bottom <= L.STATUS_H]
    right = min([STATUS_RIGHT, *(left - 12 for left in strip)])
    room = right - STATUS_LEFT
    banner, banner_colour = "", (150, 160, 180)
    if table.game.setup.mode == GameMode.DEMO:
        banner = tr("ui.demo_banner")
    elif table.terms.save_failing:  # saves keep failing: said at the right end until one succeeds
        banner, banner_colour = tr("saved.failing"), (255, 120, 110)
    if banner:
        left = room - CACHE.font(READ_SIZE).size(banner)[0] - BANNER_GAP
        flashing = table.flash_time > 0 and bool(table.flash_text)
        fits = CACHE.font(CACHE.fit_size(text, 28, left, min_size=READ_SIZE)).size(text)[0] <= left
        at = (STATUS_LEFT, y)
        if fits and not flashing:
            shown = draw_text(surface, banner, READ_SIZE, (right, y), banner_colour, anchor="midright")
            return [shown, draw_text(surface, text, 28, at, colour, anchor="midleft", width=left)]
        return [draw_text(surface, text, 28, at, colour, anchor="midleft", width=room)]
    width = min(room, L.W - 160)
    return [draw_text(surface, text, 30, (STATUS_LEFT, y), colour, anchor="midleft", width=width)]


def level_text(table: GameHost) -> str:
    """ "Computer: Intermediate" with the level's name in the player's language; the level's name alone
    where that is too wide for the panel at the floor size (the box above says it is the computer)."""
    level = tr_level(table.game.opponent.level)
    return first_fitting([tr("ui.computer_level", level=level), level], READ_SIZE, L.PANEL_W - 12)


def has_badge(table: GameHost) -> bool:
    """The panel shows the CRAWFORD or NO DOUBLING badge (in :data:`BADGE_ROW`)."""
    s = table.game.state
    return s.rules.match_length == 1 or s.crawford


def _two_rows(table: GameHost, top: int) -> pygame.Rect:
    """Two rows from ``top``, or one where a button of the panel stands in the second."""
    two = pygame.Rect(_ROW_X, top, _ROW_W, 2 * ROW_H)
    if any(b.visible and b.rect.colliderect(two) for b in table.buttons.buttons):
        return pygame.Rect(_ROW_X, top, _ROW_W, ROW_H)
    return two


def level_row(table: GameHost) -> pygame.Rect | None:
    """The computer's level's row (screen coordinates; two players: the dice's fingerprint's): the
    badge's row in a game without one (the last play gets the room), else :data:`LEVEL_ROW` while the
    last play still has two rows under it; None while Done stands there in a Crawford game or a
    1-point match: the last play takes the level's row (which says who moved and what, at the floor:
    one row cut "Tietokone palkki/22* 24/21* ..." to "Tietokone ...")."""
    if not has_badge(table):
        return BADGE_ROW.copy()
    if _two_rows(table, LAST_ROW.y).height == ROW_H:
        return None
    return LEVEL_ROW.copy()


def last_band(table: GameHost) -> pygame.Rect:
    """The last play's band (screen coordinates): two rows under the level's (or the badge's, when the
    level gives way), one only were a button of the panel to stand in the second. Two rows hold "Last:
    Computer 17/18 17/22" whole at the floor in every language, and the longest plays with who made
    them ("Tietokone palkki/3*" over "1/4* 12/15* 19/22*")."""
    above = level_row(table) or BADGE_ROW
    return _two_rows(table, above.bottom + 1)


def last_row(table: GameHost) -> pygame.Rect:
    """The first row of the last play's band (:func:`last_band`; screen coordinates)."""
    band = last_band(table)
    return pygame.Rect(band.x, band.y, band.w, ROW_H)


def last_lines(table: GameHost, rows: int) -> list[str]:
    """The last play in at most ``rows`` lines of the panel's width at the floor size: "Last: White
    bar/22* 13/11(2) 6/1*" whole if it fits, else without "Last:", else who and the play's first
    moves and "…": who moved is never left out (issue 36: "17/20* 17/22" alone said nobody)."""
    s = table.game.state
    if s.last_player is None:
        return []
    if not s.last_play:  # a turn that could not move: said whole, or short ("Computer: no move")
        short = tr("ui.no_move_short", name=tr_message(table.game.name(s.last_player)))
        return fit_lines([last_text(table), short], rows, _ROW_W, READ_SIZE)
    play = last_play(table)
    name = tr_message(table.game.name(s.last_player))
    return fit_lines([last_text(table), f"{name} {play}"], rows, _ROW_W, READ_SIZE)


def hint_lines(table: GameHost) -> list[str]:
    """The expert's play in the two rows of :data:`HINT_ROWS`: "Expert: 13/11 6/1*", else the play."""
    text = table.hints.text()
    if not text or not table.hints.moves:
        return []
    return fit_lines([text, table.hints.play()], 2, _ROW_W, READ_SIZE)


def facts(table: GameHost) -> tuple[object, ...]:
    """Everything the side panel shows: when this changes, the cached panel is repainted."""
    return (
        state_facts(table),
        shown_score(table),
        tuple(last_band(table)),
        table.game.opponent.level,
        table.hints.moves,
        tuple(table.hints.cube_lines()),
        table.view.style(),
        match_terms.facts(table),
    )


class Panel:
    """The side panel beside the board, cached."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: object = None

    def draw(self, table: GameHost, surface: pygame.Surface) -> None:
        now = facts(table)
        ox, oy = L.PANEL_X - 4, L.BOARD_Y
        if now != self.key or self.surface is None:
            static = table.view.static(table.game.perspective)
            area = pygame.Rect(ox, oy, L.W - ox, L.BOARD_H)
            self.surface = static.subsurface(area).copy()
            paint(table, self.surface, ox, oy)
            self.key = now
        surface.blit(self.surface, (ox, oy))


def player_box(player: int) -> pygame.Rect:
    """Where the panel shows ``player``'s name, pips and score (screen coordinates): player 1 at the
    top, player 0 at the bottom. The cube offer's card stands between the two."""
    y = L.BOARD_Y + 6 if player == 1 else L.BOARD_Y + L.BOARD_H - 126
    return pygame.Rect(L.PANEL_X + 6, y, L.PANEL_W - 12, 120)


def advice_area() -> pygame.Rect:
    """Where the cube advice stands before the roll (screen coordinates): under Roll and Double, above
    "You"."""
    top = ACTION_ROW.bottom + 4
    return pygame.Rect(L.PANEL_X + 6, top, L.PANEL_W - 12, player_box(0).top - 4 - top)


NAME_SIZE = 28
PIPS_SIZE = READ_SIZE
SCORE_SIZE = 54


def paint_player(
    surface: pygame.Surface, rect: pygame.Rect, name: str, pips: str, score: int, on: bool
) -> dict[str, pygame.Rect]:
    """A player's box's words (the checker beside them is the caller's): the name and the pips at the
    top, right of the checker, the score big in the lower right corner, level with the turn's ▶.

    Why the score has a row of its own: beside the name it left the name a third of the box, so with
    two digits "Computer" touched the score and with three the two overlapped. Below the pips it has the
    width of the box whatever its length, and the name and the pips keep their size in every language.
    Returns the rect of each text drawn (in ``surface`` coordinates), by name: "name", "pips", "score"
    and "turn".
    """
    left = rect.x + 84
    row = rect.right - 14 - left
    drawn = {
        "name": draw_text(surface, name, NAME_SIZE, (left, rect.y + 19), (255, 255, 255), "midleft", row),
        "pips": draw_text(surface, pips, PIPS_SIZE, (left, rect.y + 50), (190, 200, 220), "midleft", row),
        "score": draw_text(surface, str(score), SCORE_SIZE, (rect.right - 18, rect.y + 88), GOLD, "midright"),
    }
    if on:
        drawn["turn"] = draw_text(surface, "▶", READ_SIZE, (rect.x + 40, rect.y + 98), GOLD)
    return drawn


def fingerprint_row(table: GameHost) -> pygame.Rect | None:
    """Where the dice's fingerprint stands now (screen coordinates; None: not shown): in the level row
    for two players, else in the last play's band at each game's start, before its first turn (an
    unlimited session's game, and a new match after "Play again", commit to a secret of their own:
    its fingerprint must be seen before the player's touch rolls). A turn that could not move
    mid-game says so in that band (issue 36: the fingerprint came back there each time the computer
    could not move, meaning nothing to a visitor)."""
    s = table.game.state
    if table.game.setup.mode == "two":
        return level_row(table)  # None: no room now (it was seen before the game's first roll)
    if s.last_player is None and s.phase is not Phase.CUBE_OFFERED:
        return last_row(table)
    return None


def paint(table: GameHost, surface: pygame.Surface, ox: int, oy: int) -> None:
    game = table.game
    s = game.state
    pips = s.board_for(0).pips()
    score = shown_score(table)
    acting = active(table)
    w = L.PANEL_W - 12
    boxes: dict[int, pygame.Rect] = {}
    for player in (1, 0):
        rect = player_box(player).move(-ox, -oy)
        boxes[player] = rect
        on = acting == player
        pygame.draw.rect(surface, (44, 54, 72) if on else (36, 42, 56), rect, border_radius=12)
        if on:
            pygame.draw.rect(surface, GOLD, rect, 4, border_radius=12)
        sprite = table.sprites.get(f"checker_{('white', 'black')[player]}")
        surface.blit(sprite, (rect.x + 12, rect.y + 14))
        name = tr_message(game.name(player))
        shown = tr("ui.pips", pips=pips[player]) if game.setup.aids else ""  # tournament rules: no pips
        paint_player(surface, rect, name, shown, score[player], on)
        if s.cube.owner == player and s.phase is not Phase.CUBE_OFFERED:
            # Who owns the cube is told by where it stands on the bar; here it is told again, with its
            # value, in the owner's own box (a player who does not follow the bar sees it by the name).
            cube = table.sprites.variant(f"cube_{min(s.cube.value, 64)}", "small")
            surface.blit(cube, cube.get_rect(midleft=(rect.x + 80, rect.y + 90)))
    # The clocks in the players' boxes (after the cube), the dice's fingerprint in its row if any.
    row = fingerprint_row(table)
    match_terms.paint(table, surface, boxes, row.move(-ox, -oy) if row is not None else None)
    length = s.rules.match_length
    line = tr("ui.match_to", length=length) if length else tr("ui.session_score")
    if s.phase is not Phase.CUBE_OFFERED:  # the offer's card covers the row but for its glyphs' tops
        size = CACHE.row_size(READ_SIZE, MATCH_ROW.h)
        draw_text(surface, line, size, MATCH_ROW.move(-ox, -oy).center, (230, 230, 240), width=w)
    if length == 1:  # the cube is dead in a 1-point match: no game is "Crawford" there
        badge = BADGE_ROW.move(-ox, -oy).inflate(-20, 0)
        pygame.draw.rect(surface, (70, 78, 96), badge, border_radius=8)
        draw_text(surface, tr("ui.no_cube"), READ_SIZE, badge.center, (235, 235, 245), width=badge.w - 8)
    elif s.crawford:
        badge = BADGE_ROW.move(-ox, -oy)
        badge = pygame.Rect(badge.centerx - 90, badge.y, 180, badge.h)
        pygame.draw.rect(surface, (170, 40, 40), badge, border_radius=8)
        draw_text(surface, tr("ui.crawford"), READ_SIZE, badge.center, (255, 255, 255), width=badge.w - 8)
    if game.setup.mode != GameMode.TWO:
        level = level_text(table)
        size = CACHE.row_size(READ_SIZE, ROW_H)
        row = level_row(table)
        if row is not None:
            draw_text(surface, level, size, row.move(-ox, -oy).center, (170, 170, 190), width=w)
    band = last_band(table)
    last = last_lines(table, band.height // ROW_H)
    paint_lines(surface, last, band.move(-ox, -oy), (90, 200, 255), middle=True)
    paint_lines(surface, hint_lines(table), HINT_ROWS.move(-ox, -oy), HINT)
    if s.phase is Phase.ROLL:  # the cube advice stands where its Hint button was
        draw_advice(surface, table.hints.cube_lines(), advice_area().move(-ox, -oy))


def paint_lines(
    surface: pygame.Surface, lines: list[str], band: pygame.Rect, colour: Colour, middle: bool = False
) -> None:
    """``lines`` (already fitted to ``band``: see :func:`fit_lines`) at the floor size, a row each from
    the top of ``band`` (``middle``: the rows in the band's middle), centred across it. The last play
    stands in the middle of its two rows when it needs one: apart from the level above it, which
    belongs to the computer's box, and from the button under it."""
    top = band.centery - len(lines) * ROW_H // 2 if middle else band.top
    for i, row in enumerate(lines):
        centre = (band.centerx, top + ROW_H // 2 + i * ROW_H)
        draw_text(surface, row, CACHE.row_size(READ_SIZE, ROW_H), centre, colour, width=band.width)


__all__ = [
    "Panel",
    "PanelFacts",
    "advice_area",
    "buttons",
    "draw_status",
    "facts",
    "fingerprint_row",
    "has_badge",
    "hint_lines",
    "last_band",
    "last_lines",
    "last_row",
    "last_text",
    "level_row",
    "level_text",
    "paint_player",
    "player_box",
    "state_facts",
    "status",
]
