"""The player's hands on the board: intents (drag, taps, double-click, right-click, keys) to engine actions.

Drag and drop, tap-then-tap, double-click = the higher die, right-click or long press
= the lower die, Done or a tap on the dice = end of turn, Undo, keys. No rule is
decided here: which checkers may move, where to, and why not all come from the
engine's ``Turn``; this class only remembers what the hand is holding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game.engine.errors import IllegalAction
from game.engine.flow import MoveTo, Phase, Step, apply
from game.engine.turn import Turn
from game.i18n import Message, engine_refusal, tr, tr_message
from game.session.controller import GameController
from game.session.modes import GameMode
from game.ui import layout as L
from game.ui.board.anim import Animator, DiceRoll, abs_board
from game.ui.input import Intent, IntentKind
from game.ui.layout import LAYOUT, from_abs


@dataclass
class Drag:
    src: int
    pos: tuple[int, int]


class HandsHost(Protocol):
    """What the hands need of the game scene around them."""

    game: GameController
    anim: Animator
    dice: DiceRoll

    def flash(self, text: str | Message) -> None: ...
    def end_turn(self) -> None: ...
    def undo(self) -> None: ...
    def roll_dice(self) -> None: ...


class TurnInput:
    def __init__(self, host: HandsHost) -> None:
        self.host = host
        self.selected: int | None = None
        self.drag: Drag | None = None
        self._targets: dict[int, set[int]] = {}
        self._movable: set[int] = set()
        self._reasons: dict[int, str] = {}
        self._rolled_by_touch = False
        """The last intent rolled the dice by touching a checker: a double-click's second press,
        next, must not play the checker before the player has seen the dice."""

    @property
    def movable(self) -> set[int]:
        return self._movable

    def refresh(self) -> None:
        """After every change of state: forget the cached engine answers, drop a stale selection."""
        game = self.host.game
        s = game.state
        self._targets = {}
        self._reasons = {}
        self._movable = set()
        if s.phase is Phase.MOVING and game.is_human(s.turn):
            self._movable = s.turn_state().movable_points()
        if self.selected is not None and self.selected not in self._movable:
            self.selected = None
        if s.phase is Phase.ROLL:
            self.selected = None

    def cancel(self) -> None:
        self.selected = None
        self.drag = None

    # -- intents ------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        """An intent that no button took: the board's turn."""
        t = self.host
        if intent.kind == IntentKind.KEY:
            self._key(intent.key)
            return
        rolled, self._rolled_by_touch = self._rolled_by_touch, False
        if rolled and intent.kind == IntentKind.DOUBLE:
            return  # a double-click's second press: its first one rolled, the dice are to be seen first
        s = t.game.state
        touched = (
            intent.kind in (IntentKind.CLICK, IntentKind.DRAG_START) and LAYOUT.hit(intent.pos) is not None
        )
        if not t.game.is_human(s.turn):
            if t.game.setup.mode == GameMode.DEMO and intent.kind in (
                IntentKind.CLICK,
                IntentKind.DRAG_START,
            ):
                t.flash(tr("ui.demo_touch"))  # a visitor touching the demo wants to play: say how
            elif touched:
                t.flash(tr("ui.not_your_turn"))  # a tap that does nothing says why (issue 25)
            return
        if s.phase is Phase.ROLL:
            self._before_roll(intent)
            return
        if s.phase is not Phase.MOVING:
            answerer = 1 - s.turn
            if touched and s.phase is Phase.CUBE_OFFERED and not t.game.is_human(answerer):
                t.flash(tr("ui.thinking", name=tr_message(t.game.name(answerer))))  # it answers the double
            return
        if t.dice.tumbling:
            t.dice.t = DiceRoll.TUMBLE
        if (
            intent.kind
            in (
                IntentKind.CLICK,
                IntentKind.DOUBLE,
                IntentKind.RIGHT,
                IntentKind.LONG,
                IntentKind.DRAG_START,
                IntentKind.DROP,
            )
            and t.anim.busy
        ):
            t.anim.skip()
        kind = intent.kind
        if kind == IntentKind.DRAG_START:
            self._drag_start(intent.pos)
        elif kind == IntentKind.DRAG and self.drag is not None:
            self.drag.pos = intent.pos
        elif kind == IntentKind.DROP and self.drag is not None:
            self._drop(intent.pos)
        elif kind == IntentKind.CLICK:
            self._click(intent.pos)
        elif kind == IntentKind.DOUBLE:
            self._die_move(intent.pos, higher=True)
        elif kind in (IntentKind.RIGHT, IntentKind.LONG):
            self._die_move(intent.pos, higher=False)

    def _before_roll(self, intent: Intent) -> None:
        """The player's turn, the dice not rolled yet: the cube may be used, so the game waits.

        A tap on the dice rolls them. A hand reaching for one of the player's own checkers (a drag,
        a tap, a double-click, a long press) wants to play: a newcomer does not know that the dice
        come first, so the game rolls for it, and a drag goes on holding the checker (or says why
        that checker cannot move with these dice). Any other touch of the board says what to do. In a
        lesson the cube question is the step itself: a touch on a checker is no answer to it.
        """
        t = self.host
        hit = LAYOUT.hit(intent.pos)
        if hit is None or intent.kind not in (
            IntentKind.CLICK,
            IntentKind.DRAG_START,
            IntentKind.RIGHT,
            IntentKind.LONG,
        ):
            return  # off the board, or a double-click's second press: its first one answered
        lesson = t.game.setup.mode == GameMode.LEARN
        if hit[0] != "dice" and (lesson or self._own_src(hit) is None):
            t.flash(tr("newcomer.roll_first"))
            return
        t.roll_dice()
        if t.game.state.phase is not Phase.MOVING:
            return  # real dice to type in first (the keypad asks), a lesson's answer, or the coach asks
        self.refresh()
        if intent.kind is IntentKind.DRAG_START:
            self.handle(intent)  # the checker follows the hand, or the engine says why not
        else:
            self._rolled_by_touch = hit[0] != "dice"

    def _theirs(self, hit: L.Target | None) -> bool:
        """Whether ``hit`` is a point (or bar half) where the side not on turn has checkers."""
        if hit is None:
            return False
        s = self.host.game.state
        other = 1 - s.turn
        them = s.board_for(other).me
        if hit[0] == "point":
            return them[from_abs(other, hit[1]) - 1] > 0
        return hit[0] == "bar" and hit[1] == other and them[24] > 0

    def _say_theirs(self) -> None:
        """A touch on the other side's checkers: whose they are, and which ones to move."""
        game = self.host.game
        if game.setup.mode == GameMode.COMPUTER:
            self.host.flash(tr("newcomer.theirs_computer"))
        else:
            self.host.flash(tr("newcomer.theirs_white" if game.state.turn == 0 else "newcomer.theirs_black"))

    def _say_nothing_here(self, hit: L.Target | None) -> None:
        """A touch on the board where the player has no checker: whose checkers those are, or to pick
        one; on a tray, whose it is or what it takes to bear off into it."""
        if self._theirs(hit):
            self._say_theirs()
        elif hit is not None and hit[0] in ("point", "bar"):
            self.host.flash(tr("ui.no_checker_here"))
        elif hit is not None and hit[0] == "tray":
            self.host.flash(
                tray_answer(self.host.game.state.turn_state(), hit[1] == self.host.game.state.turn)
            )

    def _key(self, key: int) -> None:
        """Keys the key map does not name: U and Z also undo (the mapped keys arrive as ``nav``)."""
        t = self.host
        s = t.game.state
        if t.game.is_human(s.turn) and key in (pygame.K_u, pygame.K_z) and s.phase is Phase.MOVING:
            t.undo()

    # -- what is under the finger ----------------------------------------------------------------

    def _own_src(self, hit: L.Target | None) -> int | None:
        """The mover's point under a hit (25 = bar) when the mover has a checker there."""
        if hit is None:
            return None
        s = self.host.game.state
        me = s.position.me
        if hit[0] == "point":
            n = from_abs(s.turn, hit[1])
            return n if me[n - 1] > 0 else None
        if hit[0] == "bar" and me[24] > 0:
            return 25
        return None

    def _dst(self, hit: L.Target | None) -> int | None:
        if hit is None:
            return None
        p = self.host.game.state.turn
        if hit[0] == "point":
            return from_abs(p, hit[1])
        if hit[0] == "tray" and hit[1] == p:
            return 0
        return None

    def targets(self, src: int) -> set[int]:
        t = self._targets.get(src)
        if t is None:
            t = self.host.game.state.turn_state().targets(src)
            self._targets[src] = t
        return t

    def why_not(self, src: int) -> str:
        """The engine's reason a checker on ``src`` cannot move now, in the player's language."""
        reason = self._reasons.get(src)
        if reason is None:
            turn: Turn = self.host.game.state.turn_state()
            refused: IllegalAction | None = None
            for die in sorted(set(turn.remaining), reverse=True):
                refused = turn.refusal(src, die)
                if refused is not None:
                    break
            if turn.is_complete:
                refused = turn.refusal(src, turn.dice[0]) or refused
            reason = self._reasons[src] = tr_message(engine_refusal(refused)) if refused else ""
        return reason

    # -- gestures ------------------------------------------------------------------------------

    def _drag_start(self, pos: tuple[int, int]) -> None:
        hit = LAYOUT.hit(pos)
        src = self._own_src(hit)
        if src is None:
            self._say_nothing_here(hit)
            return
        if src not in self._movable:
            self.host.flash(self.why_not(src))
            return
        self.selected = None
        self.drag = Drag(src, pos)

    def _slide_back(self, src: int, pos: tuple[int, int]) -> None:
        s = self.host.game.state
        self.host.anim.add_return(abs_board(s.position, s.turn), s.turn, src, (float(pos[0]), float(pos[1])))

    def _drop(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        assert drag is not None
        self.drag = None
        dst = self._dst(LAYOUT.hit(pos))
        if dst is None or dst == drag.src:
            if dst is None:  # off the points (a play test saw it slide back without a word); back on
                # its own point is a change of mind and needs none
                self.host.flash(
                    tr("ui.drop_missed_tray" if 0 in self.targets(drag.src) else "ui.drop_missed")
                )
            self._slide_back(drag.src, pos)
            return
        reason = self.host.game.do(MoveTo(drag.src, dst), drop=pos)
        if reason is not None:
            self.host.flash(reason)
            self._slide_back(drag.src, pos)

    def _click(self, pos: tuple[int, int]) -> None:
        t = self.host
        hit = LAYOUT.hit(pos)
        if hit is not None and hit[0] == "dice":
            self.selected = None
            t.end_turn()
            return
        if self.selected is not None:
            dst = self._dst(hit)
            if dst is not None and dst in self.targets(self.selected):
                origin = self.selected
                self.selected = None
                reason = t.game.do(MoveTo(origin, dst))
                if reason:
                    t.flash(reason)
                return
        src = self._own_src(hit)
        if src is None:
            picked = self.selected
            to = self._dst(hit) if picked is not None else None
            if picked is not None and to is not None and to != picked:
                try:
                    apply(t.game.state, MoveTo(picked, to))
                except IllegalAction as exc:
                    t.flash(engine_refusal(exc))
            else:  # a tap that does nothing says why (the other side's tray too, a checker picked)
                self._say_nothing_here(hit)
            self.selected = None
            return
        if src == self.selected:
            self.selected = None
        elif src in self._movable:
            self.selected = src
        else:
            self.selected = None
            t.flash(self.why_not(src))

    def _die_move(self, pos: tuple[int, int], higher: bool) -> None:
        hit = LAYOUT.hit(pos)
        if hit is not None and hit[0] == "dice":
            return  # a double-click on the dice must not end the turn twice
        src = self._own_src(hit)
        if src is None:
            if higher:
                self._click(pos)
            else:  # a right-click or long press on nothing of the player's says why, as a tap does
                self._say_nothing_here(hit)
            return
        self.die_move_from(src, higher)

    def die_move_from(self, src: int, higher: bool) -> None:
        """Move the checker on ``src`` by the higher (or lower) die still to play."""
        turn = self.host.game.state.turn_state()
        if not turn.remaining or turn.is_complete:
            refused = turn.refusal(src, turn.dice[0])
            self.host.flash(engine_refusal(refused) if refused else tr("ui.must_finish"))
            return
        die = max(turn.remaining) if higher else min(turn.remaining)
        self.selected = None
        reason = self.host.game.do(Step(src, die))
        if reason is not None:
            self.host.flash(reason)


def tray_answer(turn: Turn, own: bool) -> str | Message:
    """What a tap on a tray with nothing to drop there says (issue 25: it said nothing): the other
    side's tray is theirs; on one's own, to pick a checker first when one may come off, else the
    engine's reason none may (all checkers home first, said as what the tray is for)."""
    if not own:
        return tr("newcomer.tray_theirs")
    refused = turn.bear_off_refusal()
    if refused is None:
        return tr("newcomer.tray_pick")
    if refused.code == "not_all_home":
        return tr("newcomer.tray_not_home")
    return engine_refusal(refused)


__all__ = ["Drag", "HandsHost", "TurnInput", "tray_answer"]
