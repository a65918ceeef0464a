"""The game on screen: the engine's GameState driven through ``flow.apply``, shown on the board.

Structure:
- :class:`GameScene` owns the match, the current :class:`GameState`, the dice
  generator, the animations and the computer adapter. ``do(action)`` is the only
  way the state changes: it calls ``flow.apply`` and turns the difference into
  animations; a refused action returns the engine's reason, shown in one line.
- ``update`` runs the automatic parts by phase (opening roll and ties, auto-roll
  when doubling is impossible, "no legal move" then the turn passes, the
  computer's decisions, the game-over bookkeeping), each after the animations
  settle and a short timer measured in fixed steps.
- Input handling (``handle``) maps intents to engine actions: drag and drop,
  tap-then-tap, double-click = higher die, right-click / long press = lower die,
  Done / tap on the dice = end turn, Undo. No rule is decided here: legality,
  targets and reasons all come from the engine's ``Turn``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.dice import roll
from game.engine.errors import IllegalAction
from game.engine.flow import (
    Action,
    Double,
    EndTurn,
    GameState,
    MoveTo,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    Step,
    Take,
    Undo,
    apply,
    roll_for,
)
from game.engine.match import Match
from game.engine.moves import Move, apply_move
from game.engine.position import Position
from game.engine.scoring import WinKind, game_points
from game.engine.turn import Turn

from . import layout as L
from .anim import Animator, Board, DiceRoll, Flight, Place, landing_sound, place_of, top_xy
from .board_view import GOLD, HINT, BoardDraw, BoardView
from .input import Intent
from .layout import LAYOUT, from_abs
from .opponent import Opponent, moves_tuple
from .scene import Scene
from .text import draw_text, tr, tr_level, tr_reason
from .widgets import Button, ButtonGroup

FLASH_TIME = 3.5


@dataclass(frozen=True)
class GameSetup:
    """What the title screen chose: ``mode`` is "computer", "two" or "demo"."""

    mode: str = "computer"
    match_length: int = 5
    seed: int | None = None
    level: str | None = None


@dataclass
class Drag:
    src: int
    pos: tuple[int, int]


def abs_board(pos: Position, player: int) -> Board:
    """A position seen from ``player`` as both sides in their own direction (player 0 first)."""
    return (pos.me, pos.opp) if player == 0 else (pos.opp, pos.me)


class GameScene(Scene):
    def __init__(self, app: object, setup: GameSetup) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.setup = setup
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
        self.seed = seed
        self.rng = random.Random(seed)
        self.humans: set[int] = {"computer": {0}, "two": {0, 1}, "demo": set()}.get(setup.mode, {0})
        self.opponent = Opponent(setup.level, threaded=self.app.threaded_ai, seed=seed)
        self.view = BoardView(self.app.sprites)
        self.anim = Animator(speed=self.app.speed)
        self.dice = DiceRoll(rng=random.Random(seed ^ 0x5EED))
        self.buttons = ButtonGroup()
        self.modal = ButtonGroup()
        self.match = Match(Rules(match_length=setup.match_length))
        self.state = self.match.new_game()
        self.shown_dice: tuple[int, ...] = ()
        self.selected: int | None = None
        self.drag: Drag | None = None
        self.flash_text = ""
        self.flash_time = 0.0
        self.note = ""
        self.wait = 0.4
        self.pending: str | None = None
        self.recorded = False
        self.games = 0
        self._targets: dict[int, set[int]] = {}
        self._movable: set[int] = set()
        self._reasons: dict[int, str] = {}
        self._panel: pygame.Surface | None = None
        self._panel_key: object = None
        self._frame: pygame.Surface | None = None
        self._frame_key: object = None
        self.hint_moves: tuple[Move, ...] | None = None
        """The expert's play shown as arrows (from the turn's start), until the player moves or undoes."""
        self.hint_pending = False
        self.sound: Callable[[str], None] | None = None
        """Called with "land", "hit" or "bearoff" when a checker's flight lands (the arcade layer's audio)."""
        self._on_state()

    # -- names and perspective -----------------------------------------------------------------

    def name(self, player: int) -> str:
        if self.setup.mode == "computer":
            if player == 0:
                return tr("player_you")
            return tr("player_random") if self.opponent.is_placeholder else tr("player_computer")
        return tr("player_white") if player == 0 else tr("player_black")

    def say(self, key: str, player: int, **kw: object) -> str:
        """A sentence about ``player``: "You win" for the human against the computer, else "White wins"."""
        if self.setup.mode == "computer" and player == 0:
            return tr(key + "_you", **kw)
        return tr(key, name=self.name(player), **kw)

    def is_human(self, player: int) -> bool:
        return player in self.humans

    @property
    def perspective(self) -> int:
        if self.setup.mode == "two" and self.state.phase is not Phase.OPENING:
            if self.state.phase is Phase.CUBE_OFFERED:
                return 1 - self.state.turn  # the player who must answer reads the board
            return self.state.turn
        return 0

    def speed_factor(self) -> float:
        return self.anim.factor()

    # -- the one way the state changes ------------------------------------------------------

    def do(self, action: Action, drop: tuple[int, int] | None = None) -> str | None:
        """Apply ``action`` through the engine; return the refusal reason (and change nothing) if any."""
        old = self.state
        try:
            new = apply(old, action)
        except IllegalAction as exc:
            return tr_reason(str(exc))
        self.state = new
        self._animate(old, new, action, drop)
        self._on_state(old)
        return None

    def _animate(self, old: GameState, new: GameState, action: Action, drop: tuple[int, int] | None) -> None:
        if isinstance(action, OpeningRoll):
            self.dice.roll((action.die0, action.die1), (0, 1))
            return
        if isinstance(action, Roll):
            self.dice.roll(action.dice, (new.turn, new.turn))
            return
        mover = old.turn
        if isinstance(action, Undo):
            move = old.moves[-1]
            before = abs_board(old.position, mover)
            after = abs_board(new.position, mover)
            self.anim.add_move(before, after, mover, move.dst, move.src, False, sound=False)
            if move.hit:
                seg = self.anim.queue[-1]
                other = 1 - mover
                place: Place = ("point", L.to_abs(mover, move.dst), 0)
                start = top_xy(before, ("bar", other, 0))
                seg.flights.append(Flight(other, start, top_xy(after, place), place, 0.0, seg.duration))
            return
        if not isinstance(action, (Step, MoveTo, PlayMoves)):
            return
        made = new.moves if new.phase is Phase.MOVING else new.last_play
        added = made[len(old.moves) :]
        if not added:
            return
        pos = old.position
        if drop is not None:
            end = pos
            for move in added:
                end = apply_move(end, move)
            self.anim.add_move(
                abs_board(pos, mover),
                abs_board(end, mover),
                mover,
                added[0].src,
                added[-1].dst,
                False,
                start=(float(drop[0]), float(drop[1])),
            )
            seg = self.anim.queue[-1]
            seg.flights[0].sound = landing_sound(any(m.hit for m in added), added[-1].dst)
            other = 1 - mover
            after = abs_board(end, mover)
            bar: Place = ("bar", other, 0)
            for i, move in enumerate(m for m in added if m.hit):
                start = LAYOUT.checker_center(L.to_abs(mover, move.dst), 0, 1)
                t0 = 0.05 + 0.1 * i
                seg.flights.append(Flight(other, start, top_xy(after, bar), bar, t0, t0 + 0.3))
                seg.duration = max(seg.duration, t0 + 0.3)
            return
        for move in added:
            nxt = apply_move(pos, move)
            self.anim.add_move(
                abs_board(pos, mover), abs_board(nxt, mover), mover, move.src, move.dst, move.hit
            )
            pos = nxt

    def _on_state(self, old: GameState | None = None) -> None:
        """Bookkeeping after every change: caches, buttons, messages and the next automatic step."""
        s = self.state
        self._targets = {}
        self._reasons = {}
        self._movable = set()
        self.pending = None
        self.opponent.cancel()
        self.clear_hint()
        if s.phase is Phase.MOVING and self.is_human(s.turn):
            self._movable = s.turn_state().movable_points()
        if self.selected is not None and self.selected not in self._movable:
            self.selected = None
        f = self.speed_factor()
        if s.phase is Phase.OPENING:
            if s.opening is not None:
                self.note = tr("opening_tie", die=s.opening[0])
                self.wait = 1.3
            else:
                self.note = tr("opening_roll")
                self.wait = 0.6
        elif s.phase is Phase.MOVING and old is not None and old.phase is Phase.OPENING:
            assert s.dice is not None
            self.note = self.say("opening_won", s.turn, a=s.dice[0], b=s.dice[1])
            self.wait = 0.5 * f
        elif s.phase is Phase.MOVING and old is not None and old.phase is Phase.ROLL:
            self.note = ""
            self.wait = 0.35 * f if not self.is_human(s.turn) else 0.0
            if s.turn_state().most == 0:
                self.wait = 2.2 * f + 0.6
        elif s.phase is Phase.ROLL:
            self.selected = None
            self.note = ""
            self.wait = (0.25 if self.is_human(s.turn) else 0.45) * f
        elif s.phase is Phase.CUBE_OFFERED:
            self.note = self.say("offers_double", s.turn, value=s.cube.value * 2)
            self.wait = 0.6 * f
        elif s.phase is Phase.GAME_OVER and not self.recorded:
            assert s.result is not None
            self.match = self.match.record(s.result)
            self.recorded = True
            self.games += 1
            self.wait = 5.0
        self._rebuild_buttons()

    # -- automatic steps ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.anim.speed = self.app.speed
        self.anim.update(dt)
        if self.anim.sounds:
            sounds = self.anim.take_sounds()
            if self.sound is not None:
                for name in sounds:
                    self.sound(name)
        self.dice.update(dt)
        if self.flash_time > 0:
            self.flash_time = max(0.0, self.flash_time - dt)
        if self.hint_pending:
            self._poll_hint()
        if self.anim.busy or self.dice.tumbling:
            return
        if self.wait > 0:
            self.wait -= dt
            if self.wait > 0:
                return
        self._auto()

    def _auto(self) -> None:
        s = self.state
        phase = s.phase
        if phase is Phase.OPENING:
            self.do(roll_for(s, self.rng))
            return
        if phase is Phase.ROLL:
            if self.is_human(s.turn):
                if s.can_double() is not None:
                    self._roll()
                return
            if s.can_double() is not None:
                self._roll()
                return
            answer = self._ask("double")
            if answer is None:
                return
            if answer:
                self.do(Double())
            else:
                self._roll()
            return
        if phase is Phase.CUBE_OFFERED:
            answerer = 1 - s.turn
            if self.is_human(answerer):
                return
            answer = self._ask("take")
            if answer is None:
                return
            self.flash(tr("computer_takes" if answer else "computer_passes", name=self.name(answerer)))
            self.do(Take() if answer else Pass())
            return
        if phase is Phase.MOVING:
            turn = s.turn_state()
            if turn.most == 0:
                self.do(EndTurn())
                return
            if self.is_human(s.turn):
                return
            if turn.is_complete:
                self.do(EndTurn())
                return
            moves = self._ask("play")
            if moves is None:
                return
            reason = self.do(PlayMoves(moves_tuple(moves)))
            if reason is not None:  # an AI bug must not stall the game: fall back to a random play
                self.opponent.ai = None
                self.pending = None
            self.wait = 0.45 * self.speed_factor()
            return
        if phase is Phase.GAME_OVER and self.setup.mode == "demo":
            self.next_game()

    def _ask(self, kind: str) -> object | None:
        """Start or poll the computer's answer; None while it is still thinking."""
        if self.pending != kind or not self.opponent.in_flight:
            self.pending = kind
            self.opponent.request(kind, self.state)
        ready, answer = self.opponent.poll()
        if not ready:
            return None
        self.pending = None
        return answer  # type: ignore[no-any-return]

    def _roll(self) -> None:
        self.do(Roll(roll(self.rng)))

    def resume(self, state: GameState, match: Match | None = None) -> None:
        """Show ``state`` (a loaded game or a test set-up) as the current game, without animation."""
        if match is not None:
            self.match = match
        self.state = state
        self.recorded = state.phase is Phase.GAME_OVER
        self.anim.skip(silent=True)
        self.anim.take_sounds()
        self.selected = None
        self.drag = None
        if state.dice is not None:
            self.dice.show(state.dice, (state.turn, state.turn))
        self._on_state()

    def next_game(self) -> None:
        if self.match.is_over:
            self.match = Match(self.match.rules)
        self.state = self.match.new_game()
        self.recorded = False
        self.anim.skip(silent=True)
        self.anim.take_sounds()
        self.dice = DiceRoll(rng=self.dice.rng)
        self._on_state()

    def busy(self) -> bool:
        s = self.state
        if self.anim.busy or self.dice.tumbling or self.flash_time > 0 or self.drag is not None:
            return True
        if self.pending is not None or self.hint_pending:
            return True
        if s.phase is Phase.GAME_OVER:
            return self.setup.mode == "demo"
        waiting_for_human = (
            (s.phase is Phase.ROLL and self.is_human(s.turn) and s.can_double() is None)
            or (s.phase is Phase.CUBE_OFFERED and self.is_human(1 - s.turn))
            or (s.phase is Phase.MOVING and self.is_human(s.turn) and s.turn_state().most > 0)
        )
        return not waiting_for_human

    def flash(self, text: str) -> None:
        self.flash_text = text
        self.flash_time = FLASH_TIME

    # -- buttons ------------------------------------------------------------------------------

    def _rebuild_buttons(self) -> None:
        s = self.state
        b = self.buttons
        b.clear()
        self.modal.clear()
        b.add(Button(pygame.Rect(L.W - 128, 4, 120, 48), tr("menu"), self.open_menu, "grey", size=24))
        px = L.PANEL_X + 10
        pw = L.PANEL_W - 20
        if s.phase is Phase.ROLL and self.is_human(s.turn) and s.can_double() is None:
            b.add(Button(pygame.Rect(px, 300, pw, 100), tr("roll"), self._roll, "green", size=40))
            b.add(Button(pygame.Rect(px, 420, pw, 80), tr("double"), self.offer_double, "gold", size=32))
        elif s.phase is Phase.MOVING and self.is_human(s.turn):
            complete = s.turn_state().is_complete
            b.add(
                Button(
                    pygame.Rect(px, 300, pw, 100),
                    tr("done"),
                    self.end_turn,
                    "green" if complete else "grey",
                    size=40,
                )
            )
            if s.moves:
                b.add(Button(pygame.Rect(px, 420, pw, 80), tr("undo"), self.undo, "blue", size=32))
            elif self.opponent.can_hint and s.turn_state().most > 0:
                # Hint and Undo share a place: a hint is for the turn's start, Undo exists only after a move.
                label = tr("hint_thinking") if self.hint_pending else tr("hint")
                hint = Button(pygame.Rect(px, 420, pw, 80), label, self.ask_hint, "gold", size=32)
                hint.enabled = self.hint_moves is None  # shown: greyed until the player moves
                b.add(hint)
        elif s.phase is Phase.CUBE_OFFERED and self.is_human(1 - s.turn):
            old = s.cube.value
            lose = game_points(
                WinKind.SINGLE,
                s.cube,
                match_length=s.rules.match_length,
                jacoby=s.rules.jacoby,
                winner_score=s.score[s.turn],
            )
            cx = L.BOARD_X + L.BOARD_W // 2
            y = L.MID_Y - 30
            self.modal.add(
                Button(
                    pygame.Rect(cx - 320, y, 300, 140),
                    tr("take"),
                    lambda: self._answer(True),
                    "green",
                    sub=tr("take_means", points=old * 2),
                    size=48,
                )
            )
            self.modal.add(
                Button(
                    pygame.Rect(cx + 20, y, 300, 140),
                    tr("pass"),
                    lambda: self._answer(False),
                    "red",
                    sub=tr("pass_means" if lose == 1 else "pass_means_pl", points=lose),
                    size=48,
                )
            )
        elif s.phase is Phase.GAME_OVER:
            cx = L.BOARD_X + L.BOARD_W // 2
            label = tr("new_match") if self.match.is_over else tr("next_game")
            self.modal.add(
                Button(pygame.Rect(cx - 290, L.MID_Y + 80, 280, 90), label, self.next_game, "green", size=34)
            )
            self.modal.add(
                Button(
                    pygame.Rect(cx + 10, L.MID_Y + 80, 280, 90),
                    tr("to_title"),
                    self.to_title,
                    "grey",
                    size=28,
                )
            )

    # -- hint ---------------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """Ask the expert for the human's roll, from the turn's start position (in a worker thread)."""
        s = self.state
        if s.phase is not Phase.MOVING or not self.is_human(s.turn) or not self.opponent.can_hint:
            return
        if self.hint_pending or self.hint_moves is not None or s.moves:
            return  # a hint is for the turn's start: after a move the Hint button is not offered
        turn = s.turn_state()
        self.hint_pending = True
        self.opponent.request_hint(turn.start, turn.dice)
        self._poll_hint()
        self._rebuild_buttons()

    def _poll_hint(self) -> None:
        ready, moves = self.opponent.poll_hint()
        if not ready:
            return
        self.hint_pending = False
        self.opponent.cancel_hint()
        if moves:
            self.hint_moves = moves
        else:
            self.flash(tr("no_hint"))
        self._rebuild_buttons()

    def clear_hint(self) -> None:
        self.hint_moves = None
        self.hint_pending = False
        self.opponent.cancel_hint()

    def hint_arrows(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Screen arrows for the hint, each from a checker's place to where it lands, in play order.

        Computed through the same layout as the checkers (``top_xy``), so a mirrored board
        gets mirrored arrows without any code of its own.
        """
        moves = self.hint_moves
        s = self.state
        if not moves or s.phase is not Phase.MOVING:
            return []
        p = s.turn
        pos = s.turn_state().start
        out: list[tuple[tuple[float, float], tuple[float, float]]] = []
        for move in moves:
            nxt = apply_move(pos, move)
            a = top_xy(abs_board(pos, p), place_of(p, move.src))
            b = top_xy(abs_board(nxt, p), place_of(p, move.dst))
            out.append((a, b))
            pos = nxt
        return out

    def hint_text(self) -> str:
        if not self.hint_moves:
            return ""
        try:
            from game.engine.notation import format_play
        except ImportError:
            return ""
        return tr("hint_play", play=format_play(self.hint_moves))

    def _answer(self, take: bool) -> None:
        self.do(Take() if take else Pass())

    def offer_double(self) -> None:
        reason = self.do(Double())
        if reason:
            self.flash(reason)

    def end_turn(self) -> None:
        reason = self.do(EndTurn())
        if reason:
            self.flash(reason)
        else:
            # A refusal flashed during this turn is about a move that is over now: it must not
            # stay up over the next player's (or the computer's) turn.
            self.flash_time = 0.0

    def undo(self) -> None:
        self.anim.skip()
        reason = self.do(Undo())
        if reason:
            self.flash(reason)

    def open_menu(self) -> None:
        from .title import MenuScene

        self.app.scenes.push(MenuScene(self.app))

    def to_title(self) -> None:
        from .title import TitleScene

        self.opponent.close()
        self.app.scenes.reset(TitleScene(self.app))

    def exit(self) -> None:
        self.drag = None
        self.app.input.cancel()

    # -- input --------------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.open_menu()
            return
        if self.modal.buttons:
            self.modal.handle(intent)
            if self.buttons.buttons[0].hit(intent.pos):
                self.buttons.handle(intent)
            return
        if self.drag is None and self.buttons.handle(intent):
            return
        if intent.kind == "key":
            self._key(intent.key)
            return
        s = self.state
        if not self.is_human(s.turn):
            if intent.kind == "drag_start":
                self.flash(tr("not_your_turn"))
            return
        if s.phase is Phase.ROLL:
            hit = LAYOUT.hit(intent.pos)
            if intent.kind == "click" and hit is not None and hit[0] == "dice":
                self._roll()
            return
        if s.phase is not Phase.MOVING:
            return
        if self.dice.tumbling:
            self.dice.t = DiceRoll.TUMBLE
        if intent.kind in ("click", "double", "right", "long", "drag_start", "drop") and self.anim.busy:
            self.anim.skip()
        kind = intent.kind
        if kind == "drag_start":
            self._drag_start(intent.pos)
        elif kind == "drag" and self.drag is not None:
            self.drag.pos = intent.pos
        elif kind == "drop" and self.drag is not None:
            self._drop(intent.pos)
        elif kind == "click":
            self._click(intent.pos)
        elif kind == "double":
            self._die_move(intent.pos, higher=True)
        elif kind in ("right", "long"):
            self._die_move(intent.pos, higher=False)

    def _key(self, key: int) -> None:
        s = self.state
        if not self.is_human(s.turn):
            return
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if s.phase is Phase.ROLL:
                self._roll()
            elif s.phase is Phase.MOVING:
                self.end_turn()
        elif key in (pygame.K_BACKSPACE, pygame.K_u, pygame.K_z) and s.phase is Phase.MOVING:
            self.undo()
        elif key == pygame.K_d and s.phase is Phase.ROLL:
            self.offer_double()
        elif key == pygame.K_h and s.phase is Phase.MOVING:
            self.ask_hint()

    def _own_src(self, hit: L.Target | None) -> int | None:
        """The mover's point under a hit (25 = bar) when the mover has a checker there."""
        if hit is None:
            return None
        me = self.state.position.me
        p = self.state.turn
        if hit[0] == "point":
            n = from_abs(p, hit[1])
            return n if me[n - 1] > 0 else None
        if hit[0] == "bar" and me[24] > 0:
            return 25
        return None

    def _dst(self, hit: L.Target | None) -> int | None:
        if hit is None:
            return None
        p = self.state.turn
        if hit[0] == "point":
            return from_abs(p, hit[1])
        if hit[0] == "tray" and hit[1] == p:
            return 0
        return None

    def targets(self, src: int) -> set[int]:
        t = self._targets.get(src)
        if t is None:
            t = self.state.turn_state().targets(src)
            self._targets[src] = t
        return t

    def why_not(self, src: int) -> str:
        """The engine's reason a checker on ``src`` cannot move now."""
        reason = self._reasons.get(src)
        if reason is None:
            turn: Turn = self.state.turn_state()
            reason = ""
            for die in sorted(set(turn.remaining), reverse=True):
                r = turn.explain(src, die)
                if r is not None:
                    reason = r
                    break
            if turn.is_complete:
                reason = turn.explain(src, turn.dice[0]) or reason
            self._reasons[src] = tr_reason(reason) if reason else ""
            reason = self._reasons[src]
        return reason

    def _drag_start(self, pos: tuple[int, int]) -> None:
        hit = LAYOUT.hit(pos)
        src = self._own_src(hit)
        if src is None:
            if hit is not None and hit[0] in ("point", "bar"):
                self.flash(tr("no_checker_here"))
            return
        if src not in self._movable:
            self.flash(self.why_not(src))
            return
        self.selected = None
        self.drag = Drag(src, pos)

    def _drop(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        assert drag is not None
        self.drag = None
        dst = self._dst(LAYOUT.hit(pos))
        if dst is None or dst == drag.src:
            self.anim.add_return(
                abs_board(self.state.position, self.state.turn),
                self.state.turn,
                drag.src,
                (float(pos[0]), float(pos[1])),
            )
            return
        reason = self.do(MoveTo(drag.src, dst), drop=pos)
        if reason is not None:
            self.flash(reason)
            self.anim.add_return(
                abs_board(self.state.position, self.state.turn),
                self.state.turn,
                drag.src,
                (float(pos[0]), float(pos[1])),
            )

    def _click(self, pos: tuple[int, int]) -> None:
        hit = LAYOUT.hit(pos)
        if hit is not None and hit[0] == "dice":
            self.selected = None
            self.end_turn()
            return
        if self.selected is not None:
            dst = self._dst(hit)
            if dst is not None and dst in self.targets(self.selected):
                origin = self.selected
                self.selected = None
                reason = self.do(MoveTo(origin, dst))
                if reason:
                    self.flash(reason)
                return
        src = self._own_src(hit)
        if src is None:
            if self.selected is not None and hit is not None:
                to = self._dst(hit)
                if to is not None and to != self.selected:
                    try:
                        apply(self.state, MoveTo(self.selected, to))
                    except IllegalAction as exc:
                        self.flash(tr_reason(str(exc)))
            self.selected = None
            return
        if src == self.selected:
            self.selected = None
        elif src in self._movable:
            self.selected = src
        else:
            self.selected = None
            self.flash(self.why_not(src))

    def _die_move(self, pos: tuple[int, int], higher: bool) -> None:
        hit = LAYOUT.hit(pos)
        if hit is not None and hit[0] == "dice":
            return  # a double-click on the dice must not end the turn twice
        src = self._own_src(hit)
        if src is None:
            if higher:
                self._click(pos)
            return
        turn = self.state.turn_state()
        if not turn.remaining or turn.is_complete:
            self.flash(tr_reason(turn.explain(src, turn.dice[0]) or tr("must_finish")))
            return
        die = max(turn.remaining) if higher else min(turn.remaining)
        self.selected = None
        reason = self.do(Step(src, die))
        if reason is not None:
            self.flash(reason)

    # -- drawing -------------------------------------------------------------------------------

    def _dice_draw(self) -> list[tuple[int, int, bool, tuple[float, float], int]]:
        s = self.state
        d = self.dice
        out: list[tuple[int, int, bool, tuple[float, float], int]] = []
        if not d.values:
            return out
        if s.phase in (Phase.ROLL, Phase.CUBE_OFFERED, Phase.GAME_OVER):
            return out
        opening = d.owner == (0, 1)
        if opening:
            for i, (value, owner) in enumerate(zip(d.values, d.owner, strict=True)):
                face = d.faces[i] if d.tumbling else value
                cx, cy = LAYOUT.die_center(owner, 1, 0)
                off = d.offsets[i] if d.tumbling else (0.0, 0.0)
                dim = False
                if s.phase is Phase.MOVING and not d.tumbling:
                    dim = self._die_used(value, i)
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
                out.append((value, owner, self._die_used(value, i), (cx, cy), 0))
        return out

    def _die_used(self, value: int, index: int) -> bool:
        """Dim the dice already played: the engine's ``remaining`` says which are left."""
        s = self.state
        if s.phase is not Phase.MOVING:
            return False
        turn = s.turn_state()
        if turn.most == 0:
            return True
        dice = self.dice.values
        if len(dice) == 2 and dice[0] == dice[1]:
            return index >= len(turn.remaining)
        used = list(turn.used_dice)
        # the first die showing ``value`` is used first
        earlier = sum(1 for j in range(index) if dice[j] == value)
        return used.count(value) > earlier

    def board_draw(self, alpha: float) -> BoardDraw:
        s = self.state
        seg, t = self.anim.current(alpha * 1.0 / 120.0)
        board = seg.board if seg is not None else abs_board(s.position, s.turn)
        d = BoardDraw(board=board, perspective=self.perspective, mover=s.turn)
        if seg is not None:
            for f in seg.flights:
                if t < f.t1:
                    d.hidden[f.dest] = d.hidden.get(f.dest, 0) + 1
                    d.flights.append((f.player, f.pos(t), f.side and t >= f.t1 - 0.05))
        p = s.turn
        if s.phase is Phase.MOVING and self.is_human(p) and seg is None:
            src = self.drag.src if self.drag is not None else self.selected
            if src is not None:
                d.targets = {place_of(p, t_) for t_ in self.targets(src)}
            if self.drag is not None:
                place = place_of(p, self.drag.src)
                d.hidden[place] = d.hidden.get(place, 0) + 1
                d.drag = (p, (float(self.drag.pos[0]), float(self.drag.pos[1])))
            elif self.selected is not None:
                d.selected = place_of(p, self.selected)
            else:
                d.movable = {place_of(p, m) for m in self._movable}
        if s.last_player is not None and (s.phase is not Phase.MOVING or not s.moves) and seg is None:
            lp = s.last_player
            d.last = [(place_of(lp, m.src), place_of(lp, m.dst)) for m in s.last_play]
        if seg is None and self.hint_moves:
            d.arrows = self.hint_arrows()
        d.cube_value = s.cube.value
        d.cube_owner = s.cube.owner
        d.cube_visible = s.phase is not Phase.CUBE_OFFERED
        d.dice = self._dice_draw()
        return d

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """One cached full-screen layer (board, panel, status, buttons, dialogs) plus what moves.

        The layer is rebuilt only when something it shows changes (a state change, a
        finished flight, a pressed button, a new message), so a normal frame is one
        opaque blit plus the dice and the flying or dragged checkers.
        """
        d = self.board_draw(alpha)
        s = self.state
        overlay = s.phase is Phase.CUBE_OFFERED or (s.phase is Phase.GAME_OVER and not self.anim.busy)
        key = (
            d.layer_key(),
            self._panel_facts(),
            self._status(),
            tuple((b.label, b.colour, b.pressed, b.enabled, b.rect.topleft) for b in self.buttons.buttons),
            tuple((b.label, b.pressed) for b in self.modal.buttons) if overlay else (),
            overlay,
            s.phase,
            self.match.score,
        )
        if key != self._frame_key or self._frame is None:
            if self._frame is None:
                self._frame = pygame.Surface((L.W, L.H)).convert()
            self._paint_frame(self._frame, d, overlay)
            self._frame_key = key
        surface.blit(self._frame, (0, 0))
        self.view.draw_moving(surface, d)

    def _paint_frame(self, surface: pygame.Surface, d: BoardDraw, overlay: bool) -> None:
        self.view.draw_board(surface, d)
        s = self.state
        if s.phase is Phase.ROLL and self.is_human(s.turn) and s.can_double() is None:
            r = LAYOUT.dice_rect(s.turn, 2)
            for i in range(2):
                sprite = self.app.sprites.variant(f"die_{('white', 'black')[s.turn]}_{5 + i}", "dim")
                surface.blit(sprite, sprite.get_rect(center=LAYOUT.die_center(s.turn, 2, i)))
            draw_text(surface, tr("roll"), 30, (r.centerx, r.centery), GOLD, shadow=True)
        self._draw_panel(surface)
        self._draw_status(surface)
        self.buttons.draw(surface, self.app.sprites)
        if overlay and s.phase is Phase.CUBE_OFFERED:
            self._draw_cube_offer(surface)
        elif overlay:
            self._draw_game_over(surface)

    def _status(self) -> tuple[str, tuple[int, int, int]]:
        if self.flash_time > 0 and self.flash_text:
            return self.flash_text, (255, 200, 60)
        s = self.state
        name = self.name(s.turn)
        if s.phase is Phase.OPENING:
            return self.note or tr("opening_roll"), (255, 255, 255)
        if s.phase is Phase.ROLL:
            if not self.is_human(s.turn):
                return tr("thinking", name=name), (200, 220, 255)
            key = "to_roll" if s.can_double() is None else "to_roll_only"
            return self.say(key, s.turn), (255, 255, 255)
        if s.phase is Phase.CUBE_OFFERED:
            return self.say("answer_double", 1 - s.turn), (255, 230, 120)
        if s.phase is Phase.MOVING:
            turn = s.turn_state()
            assert s.dice is not None
            if turn.most == 0:
                bar = s.position.me[24] > 0
                key = "no_move_bar" if bar else "no_move"
                return self.say(key, s.turn, a=s.dice[0], b=s.dice[1]) + ". " + tr("turn_passes"), (
                    255,
                    160,
                    120,
                )
            if self.note and not s.moves:
                return self.note, (255, 255, 255)
            if not self.is_human(s.turn):
                return tr("thinking", name=name), (200, 220, 255)
            if turn.is_complete:
                return self.say("move_complete", s.turn), (160, 255, 160)
            dice = "-".join(str(d) for d in s.dice)
            return self.say("to_move", s.turn, dice=dice), (255, 255, 255)
        assert s.result is not None
        return self.say("wins", s.result.winner), (255, 220, 100)

    def _draw_status(self, surface: pygame.Surface) -> None:
        text, colour = self._status()
        if self.setup.mode == "demo":
            draw_text(surface, tr("demo_banner"), 18, (L.W - 140, 28), (150, 160, 180), anchor="midright")
            draw_text(surface, text, 28, (16, 28), colour, anchor="midleft", width=L.W - 480)
        else:
            draw_text(surface, text, 30, (16, 28), colour, anchor="midleft", width=L.W - 160)

    def _panel_facts(self) -> tuple[object, ...]:
        s = self.state
        score = self.match.score if s.phase is Phase.GAME_OVER else s.score
        active = s.turn if s.phase in (Phase.ROLL, Phase.MOVING) else None
        if s.phase is Phase.CUBE_OFFERED:
            active = 1 - s.turn
        return (
            s.board_for(0).pips(),
            score,
            active,
            s.rules.match_length,
            s.crawford,
            self.last_text(),
            self.name(0),
            self.name(1),
            self.opponent.level,
            tr(
                "computer_level", level=""
            ),  # the language (cheap: the level's name is looked up when painting)
            self.opponent.is_placeholder,
            self.hint_moves,
        )

    def level_text(self) -> str:
        """ "Computer: Intermediate" with the level's name in the player's language."""
        return tr("computer_level", level=tr_level(self.opponent.level))

    def last_text(self) -> str:
        """The previous turn in players' notation ("Black: 13/7 8/7"), for the side panel."""
        s = self.state
        if s.last_player is None or not s.last_play:
            return ""
        try:
            from game.engine.notation import format_play
        except ImportError:
            return ""
        return tr("last_play", name=self.name(s.last_player), play=format_play(s.last_play))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The side panel is cached: it changes only when pips, score or the turn change."""
        facts = self._panel_facts()
        ox, oy = L.PANEL_X - 4, L.BOARD_Y
        if facts != self._panel_key or self._panel is None:
            static = self.view.static(self.perspective)
            area = pygame.Rect(ox, oy, L.W - ox, L.BOARD_H)
            self._panel = static.subsurface(area).copy()
            self._paint_panel(self._panel, ox, oy)
            self._panel_key = facts
        surface.blit(self._panel, (ox, oy))

    def _paint_panel(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        s = self.state
        s_ = self.state
        pips = s_.board_for(0).pips()
        score = self.match.score if s_.phase is Phase.GAME_OVER else s_.score
        active = s_.turn if s_.phase in (Phase.ROLL, Phase.MOVING) else None
        if s_.phase is Phase.CUBE_OFFERED:
            active = 1 - s_.turn
        x = L.PANEL_X + 6 - ox
        w = L.PANEL_W - 12
        for player, y in ((1, L.BOARD_Y + 6 - oy), (0, L.BOARD_Y + L.BOARD_H - 126 - oy)):
            rect = pygame.Rect(x, y, w, 120)
            on = active == player
            pygame.draw.rect(surface, (44, 54, 72) if on else (36, 42, 56), rect, border_radius=12)
            if on:
                pygame.draw.rect(surface, GOLD, rect, 4, border_radius=12)
            sprite = self.app.sprites.get(f"checker_{('white', 'black')[player]}")
            surface.blit(sprite, (rect.x + 12, rect.y + 14))
            draw_text(
                surface,
                self.name(player),
                28,
                (rect.x + 84, rect.y + 30),
                (255, 255, 255),
                anchor="midleft",
                width=w - 170,
            )
            draw_text(
                surface,
                tr("pips", pips=pips[player]),
                22,
                (rect.x + 84, rect.y + 66),
                (190, 200, 220),
                anchor="midleft",
            )
            draw_text(
                surface, str(score[player]), 54, (rect.right - 18, rect.y + 52), GOLD, anchor="midright"
            )
            if on:
                draw_text(surface, "▶", 24, (rect.x + 40, rect.y + 98), GOLD)
        mid_y = L.BOARD_Y + 150 - oy
        length = s.rules.match_length
        line = tr("match_to", length=length) if length else tr("session_score")
        draw_text(surface, line, 26, (x + w // 2, mid_y), (230, 230, 240), width=w)
        if s.crawford:
            badge = pygame.Rect(x + w // 2 - 80, mid_y + 22, 160, 34)
            pygame.draw.rect(surface, (170, 40, 40), badge, border_radius=8)
            draw_text(surface, tr("crawford"), 22, badge.center, (255, 255, 255))
        last = self.last_text()
        if last:
            draw_text(surface, last, 20, (x + w // 2, mid_y + 112), (90, 200, 255), width=w)
        hint = self.hint_text()
        if hint:
            draw_text(surface, hint, 22, (x + w // 2, L.BOARD_Y + 480 - oy), HINT, width=w)
        if self.setup.mode != "two" and self.opponent.is_placeholder:
            draw_text(surface, tr("placeholder_ai"), 16, (x + w // 2, mid_y + 78), (170, 170, 190), width=w)
        elif self.setup.mode != "two":
            draw_text(
                surface,
                self.level_text(),
                18,
                (x + w // 2, mid_y + 78),
                (170, 170, 190),
                width=w,
            )

    def _dim_board(self, surface: pygame.Surface) -> None:
        shade = self.view.glow("box", (L.BOARD_W, L.BOARD_H), (0, 0, 0, 150))
        surface.blit(shade, (L.BOARD_X, L.BOARD_Y))

    def _draw_cube_offer(self, surface: pygame.Surface) -> None:
        s = self.state
        self._dim_board(surface)
        cx = L.BOARD_X + L.BOARD_W // 2
        box = pygame.Rect(cx - 350, L.MID_Y - 190, 700, 360)
        pygame.draw.rect(surface, (30, 36, 50), box, border_radius=18)
        pygame.draw.rect(surface, GOLD, box, 4, border_radius=18)
        self.view.draw_cube(surface, s.cube.value * 2, (box.x + 70, box.y + 70))
        draw_text(
            surface,
            self.say("offers_double", s.turn, value=s.cube.value * 2),
            36,
            (cx + 30, box.y + 56),
            (255, 255, 255),
            width=560,
        )
        answerer = 1 - s.turn
        if self.is_human(answerer):
            draw_text(
                surface,
                self.say("answer_double", answerer),
                28,
                (cx + 30, box.y + 106),
                (255, 230, 120),
                width=560,
            )
            self.modal.draw(surface, self.app.sprites)
        else:
            draw_text(
                surface, tr("thinking", name=self.name(answerer)), 28, (cx, box.y + 200), (200, 220, 255)
            )

    def _draw_game_over(self, surface: pygame.Surface) -> None:
        s = self.state
        r = s.result
        assert r is not None
        self._dim_board(surface)
        cx = L.BOARD_X + L.BOARD_W // 2
        box = pygame.Rect(cx - 330, L.MID_Y - 210, 660, 400)
        pygame.draw.rect(surface, (30, 36, 50), box, border_radius=18)
        pygame.draw.rect(surface, GOLD, box, 4, border_radius=18)
        title = self.say("match_over" if self.match.is_over else "wins", r.winner)
        draw_text(surface, title, 44, (cx, box.y + 50), GOLD, width=620)
        kind = {
            WinKind.SINGLE: "win_single",
            WinKind.GAMMON: "win_gammon",
            WinKind.BACKGAMMON: "win_backgammon",
        }
        how = tr("win_pass") if r.passed else tr(kind[r.kind])
        draw_text(surface, how, 32, (cx, box.y + 104), (255, 255, 255), width=620)
        pts = tr("point_won") if r.points == 1 else tr("points_won", points=r.points)
        draw_text(surface, pts, 40, (cx, box.y + 154), (160, 255, 160))
        sc = self.match.score
        line = f"{self.name(0)} {sc[0]} : {sc[1]} {self.name(1)}"
        draw_text(surface, line, 30, (cx, box.y + 206), (230, 230, 240), width=620)
        if s.rules.match_length:
            draw_text(
                surface, tr("match_to", length=s.rules.match_length), 22, (cx, box.y + 244), (170, 180, 200)
            )
        self.modal.draw(surface, self.app.sprites)


__all__ = ["Drag", "GameScene", "GameSetup", "Move", "abs_board"]
