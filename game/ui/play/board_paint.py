"""What the board shows this frame, and the cached full-screen layer under what moves.

:func:`board_draw` collects the facts a frame shows (checkers, flights, lit targets,
the last play, hint arrows, the cube, the dice) into a :class:`BoardDraw`;
:class:`Frame` paints board, panel, status, buttons and dialogs into one cached
surface, rebuilt only when one of those facts changes, so a normal frame is one
opaque blit plus the dice and the flying or dragged checkers. When only checkers' counts
changed (a checker took off or landed), the layer is repainted only around the places whose
stacks changed (:func:`counts_changed`).
"""

from __future__ import annotations

from typing import cast

import pygame

from game.engine import move_chains
from game.engine.flow import Phase
from game.i18n import tr
from game.ui import layout as L
from game.ui.board.anim import STEP_SECONDS, Place, abs_board, place_of
from game.ui.board.view import GOLD, BoardDraw, LayerKey, place_box
from game.ui.geometry import joined_boxes
from game.ui.layout import LAYOUT, from_abs
from game.ui.play import dialogs, panel
from game.ui.play.host import GameHost
from game.ui.text import draw_text

DieDraw = tuple[int, int, bool, tuple[float, float], int]
Sprite = tuple[pygame.Surface, pygame.Rect]
"""A sprite and where it is painted (:meth:`~game.ui.board.view.BoardView.moving`)."""

PLACE_MARGIN = 12
"""Pixels around a place's box that its stack's drawing may reach: a checker's shadow, the selection's
double ring (CHECKER + 12 across), the landing sight."""


def _stacks(layer: LayerKey) -> dict[Place, tuple[int, ...]]:
    """Each place's checkers in a layer (:meth:`BoardDraw.layer_key`): both sides' counts on a point,
    one side's on the bar or in its tray, and those hidden under a flight landing there."""
    _, board, hidden_items = layer
    hidden = dict(hidden_items)
    out: dict[Place, tuple[int, ...]] = {}
    for a in range(1, 25):
        place = ("point", a, 0)
        out[place] = (board[0][from_abs(0, a) - 1], board[1][from_abs(1, a) - 1], hidden.get(place, 0))
    for player in (0, 1):
        bar, tray = ("bar", player, 0), ("tray", player, 0)
        out[bar] = (board[player][24], hidden.get(bar, 0))
        out[tray] = (sum(board[player]), hidden.get(tray, 0))
    return out


def counts_changed(old: LayerKey, new: LayerKey) -> list[pygame.Rect]:
    """The boxes (:func:`~game.ui.board.view.place_box`, with :data:`PLACE_MARGIN`) of the points, bar
    halves and trays whose stacks differ between two layers: a checker left, landed or is hidden
    under its flight.

    Why it is enough to repaint there when nothing else in the layer changed: everything drawn for a
    place (its checkers, their count, its rings and sight) stands in its box, and marks elsewhere
    (arrows, the cube, the dialogs) do not depend on the counts. The repaint inside these boxes is
    the whole layer's painting clipped to them, so its pixels are the ones a whole repaint gives
    (tests/ui/test_partial.py compares every frame of whole games).
    """
    was, now = _stacks(old), _stacks(new)
    grow = 2 * PLACE_MARGIN
    return [place_box(place).inflate(grow, grow) for place, stack in now.items() if was[place] != stack]


def die_used(table: GameHost, value: int, index: int) -> bool:
    """Dim the dice already played: the engine's ``remaining`` says which are left."""
    s = table.game.state
    if s.phase is not Phase.MOVING:
        return False
    turn = s.turn_state()
    if turn.most == 0:
        return True
    dice = table.dice.values
    if len(dice) == 2 and dice[0] == dice[1]:
        return index >= len(turn.remaining)
    used = list(turn.used_dice)
    # the first die showing ``value`` is used first
    earlier = sum(1 for j in range(index) if dice[j] == value)
    return used.count(value) > earlier


def dice_draw(table: GameHost) -> list[DieDraw]:
    s = table.game.state
    d = table.dice
    out: list[DieDraw] = []
    if not d.values or s.phase in (Phase.ROLL, Phase.CUBE_OFFERED, Phase.GAME_OVER):
        return out
    if d.owner == (0, 1):  # the opening roll: one die each
        for i, (value, owner) in enumerate(zip(d.values, d.owner, strict=True)):
            face = d.faces[i] if d.tumbling else value
            cx, cy = LAYOUT.die_center(owner, 1, 0)
            off = d.offsets[i] if d.tumbling else (0.0, 0.0)
            dim = s.phase is Phase.MOVING and not d.tumbling and die_used(table, value, i)
            out.append((face, owner, dim, (cx + off[0], cy + off[1]), d.angles[i] if d.tumbling else 0))
        return out
    owner = d.owner[0]
    values = d.values
    if len(values) == 2 and values[0] == values[1] and not d.tumbling:
        values = values * 2
    for i, value in enumerate(values):
        cx, cy = LAYOUT.die_center(owner, len(values), i)
        if d.tumbling:
            off = d.offsets[i]
            out.append((d.faces[i], owner, False, (cx + off[0], cy + off[1]), d.angles[i]))
        else:
            out.append((value, owner, die_used(table, value, i), (cx, cy), 0))
    return out


def board_draw(table: GameHost, alpha: float) -> BoardDraw:
    game = table.game
    hands = table.hands
    s = game.state
    seg, at = table.anim.current(alpha * STEP_SECONDS)
    board = seg.board if seg is not None else abs_board(s.position, s.turn)
    d = BoardDraw(board=board, perspective=game.perspective, mover=s.turn, style=table.view.style())
    if seg is not None:
        for f in seg.flights:
            if at < f.t1:
                d.hidden[f.dest] = d.hidden.get(f.dest, 0) + 1
                d.flights.append((f.player, f.pos(at), f.side and at >= f.t1 - 0.05))
    p = s.turn
    if s.phase is Phase.MOVING and game.is_human(p) and seg is None:
        drag = hands.drag
        src = drag.src if drag is not None else hands.selected
        if src is not None:
            d.targets = {place_of(p, t_) for t_ in hands.targets(src)}
        if drag is not None:
            place = place_of(p, drag.src)
            d.hidden[place] = d.hidden.get(place, 0) + 1
            d.drag = (p, (float(drag.pos[0]), float(drag.pos[1])))
        elif hands.selected is not None:
            d.selected = place_of(p, hands.selected)
        else:
            d.movable = {place_of(p, m) for m in hands.movable}
    if s.last_player is not None and (s.phase is not Phase.MOVING or not s.moves) and seg is None:
        lp = s.last_player
        # Where each checker started and stopped: a checker that moved on (13/8 8/6) only passed the
        # point between, and ringing its top checker marked one that had not moved.
        d.last = [(place_of(lp, c[0].src), place_of(lp, c[-1].dst)) for c in move_chains(s.last_play)]
    if seg is None and table.hints.moves:
        d.arrows = table.hints.arrows()
    offered = s.phase is Phase.CUBE_OFFERED
    shown = offered and table.offered_cube_on_board  # the offer's card shows it otherwise
    d.cube_value = s.cube.value * 2 if shown else s.cube.value
    d.cube_owner = None if shown else s.cube.owner
    d.cube_visible = shown or not offered
    d.dice = dice_draw(table)
    return d


ROLL_GAP = 12
"""Between the dimmed dice and their "Roll" label, and the label and the half's edge."""


def roll_prompt(table: GameHost) -> bool:
    """The dimmed dice and "Roll" where a player's dice will fall: a player to roll who cannot double."""
    s = table.game.state
    return s.phase is Phase.ROLL and table.game.is_human(s.turn) and s.can_double() is None


class Frame:
    """The cached full-screen layer: board, panel, status, buttons, dialogs; and what moves over it."""

    partial_layers = True
    """Repaint the layer only where checkers' counts changed, when nothing else did (tests compare
    with False: every change repaints the whole layer)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: tuple[object, ...] | None = None
        """What the layer shows: :meth:`BoardDraw.layer_key` first, then the panel's and the rest."""
        self.panel = panel.Panel()
        self.painted: list[Sprite] | None = None
        """What moves (dice, flying checkers) as painted over the layer on ``target`` last time, while
        nothing else has been painted over it since (None: not known; the next frame is whole)."""
        self.target: pygame.Surface | None = None

    def keep(self, clean: bool) -> bool:
        """After a frame: ``clean`` False when something else was painted over it (the cursor, the
        attract mode's call), so that the next frame is painted whole. Returns ``clean``."""
        if not clean:
            self.painted = None
        return clean

    def draw(
        self, table: GameHost, surface: pygame.Surface, alpha: float, kept: bool = False
    ) -> list[pygame.Rect] | None:
        """Paint the frame; where it painted when only what moves did, else None (whole).

        ``kept``: the caller knows ``surface`` still holds exactly the frame painted last (nothing
        else drew on it since). Then, when the layer is unchanged, only where dice and flying checkers
        changed is painted again (:meth:`_repaint`): a checker's flight repaints a few thousand pixels
        instead of the whole 1280x720 frame, and the display compares and uploads only there.
        Measured in the demo under Xvfb at 1080p: drawing 0.88 -> 0.52 ms a frame, comparing
        0.40 -> 0.16 ms. Dice standing still are left alone: repainting them unchanged made the
        comparer look through up to 240 unchanged rows a frame (four dice of a double) at 4K.
        """
        d = board_draw(table, alpha)
        s = table.game.state
        over = (
            (s.phase is Phase.GAME_OVER or table.game.timed_out)
            and not table.anim.busy
            and not table.dialog_hidden
        )
        overlay = (s.phase is Phase.CUBE_OFFERED and not table.game.timed_out) or over
        key = (
            d.layer_key(),
            panel.facts(table),
            panel.status(table),
            tuple((b.label, b.colour, b.pressed, b.enabled, b.rect.topleft) for b in table.buttons.buttons),
            tuple((b.label, b.pressed) for b in table.modal.buttons) if overlay else (),
            (table.buttons.focus, table.modal.focus),
            tuple(table.hints.cube_lines()) if overlay else (),
            overlay,
            roll_prompt(table),  # not the phase itself: the computer's roll changed it and nothing shown
            table.game.match.score,
        )
        before = self.painted if kept and surface is self.target else None
        places: list[pygame.Rect] = []
        if key != self.key or self.surface is None:
            counts = self._counts_only(key)
            if self.surface is None:
                self.surface = pygame.Surface((L.W, L.H)).convert()
            if counts is None:
                self._paint(table, self.surface, d, overlay)
                before = None
            elif counts:
                self.surface.set_clip(counts[0].unionall(counts[1:]))
                try:
                    self._paint(table, self.surface, d, overlay)
                finally:
                    self.surface.set_clip(None)
                places = counts
            self.key = key
        moving = table.view.moving(d)
        self.painted, self.target = moving, surface
        if before is None:
            surface.blit(self.surface, (0, 0))
            for sprite, where in moving:
                surface.blit(sprite, where)
            return None
        return self._repaint(surface, self.surface, before, moving, places)

    @staticmethod
    def _repaint(
        surface: pygame.Surface,
        layer: pygame.Surface,
        before: list[Sprite],
        moving: list[Sprite],
        places: list[pygame.Rect],
    ) -> list[pygame.Rect]:
        """Over the frame painted last: the layer and what moves painted again only in the boxes where a
        sprite left, arrived or changed, or the layer changed (``places``); returns those boxes.

        The boxes are joined so none overlap, and each is painted clipped to itself: a sprite's
        translucent edge is blended once, as in a whole frame (tests/ui/test_partial.py compares every
        frame of whole games with frames painted whole). Outside the boxes nothing differs from the
        frame before: the same layer under the same sprites in the same places."""

        def kept(item: Sprite, among: list[Sprite]) -> bool:
            return any(item[0] is sprite and item[1] == where for sprite, where in among)

        changed = [item[1] for item in before if not kept(item, moving)]
        changed += [item[1] for item in moving if not kept(item, before)]
        boxes = joined_boxes(changed + places, (L.W, L.H))
        for box in boxes:
            surface.set_clip(box)
            surface.blit(layer, box, box)
            for sprite, where in moving:
                if where.colliderect(box):
                    surface.blit(sprite, where)
        surface.set_clip(None)
        return boxes

    def _counts_only(self, key: tuple[object, ...]) -> list[pygame.Rect] | None:
        """When only checkers' counts changed since the layer was painted, where (see
        :func:`counts_changed`); None: the layer is painted whole. ``key[0]`` is the board's
        :meth:`~BoardDraw.layer_key`, whose first part is its marks."""
        old = self.key
        if not self.partial_layers or old is None or self.surface is None:
            return None
        layer, old_layer = cast(LayerKey, key[0]), cast(LayerKey, old[0])
        if key[1:] != old[1:] or layer[0] != old_layer[0]:
            return None
        return counts_changed(old_layer, layer)

    def _paint(self, table: GameHost, surface: pygame.Surface, d: BoardDraw, overlay: bool) -> None:
        table.view.draw_board(surface, d)
        game = table.game
        s = game.state
        if roll_prompt(table):
            r = LAYOUT.dice_rect(s.turn, 2)
            for i in range(2):
                sprite = table.sprites.variant(f"die_{('white', 'black')[s.turn]}_{5 + i}", "dim")
                surface.blit(sprite, sprite.get_rect(center=LAYOUT.die_center(s.turn, 2, i)))
            # Beside the dice, never over their pips (issue 36: "Roll", "Heitä", "Dobás" hid them).
            room = LAYOUT.half_rect(s.turn).right - r.right - 2 * ROLL_GAP
            draw_text(
                surface,
                tr("ui.roll"),
                30,
                (r.right + ROLL_GAP, r.centery),
                GOLD,
                "midleft",
                room,
                shadow=True,
            )
        self.panel.draw(table, surface)
        panel.draw_status(table, surface)
        table.buttons.draw(surface, table.sprites)
        if overlay and s.phase is Phase.CUBE_OFFERED and not game.timed_out:
            dialogs.draw_cube_offer(table, surface)
        elif overlay:
            dialogs.draw_game_over(table, surface)


__all__ = ["Frame", "board_draw", "counts_changed", "dice_draw", "die_used", "roll_prompt"]
