"""The turn controller: one game on screen as the engine sees it, and the automatic steps around it.

It owns the match, the current :class:`GameState`, the dice generator and the computer
adapter. :meth:`GameController.do` is the only way the state changes: it calls
``flow.apply``, tells the screen (``on_change``, for the animations) and publishes the
game events the App's listeners hear. :meth:`step` runs the automatic parts by phase
(opening roll and its ties, the roll when doubling is impossible, "no legal move",
the computer's decisions, the next demo game), each after a short wait measured in
fixed steps. No pygame here and no rule: legality and reasons come from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game import i18n
from game.engine.errors import IllegalAction
from game.engine.flow import (
    Action,
    Double,
    EndTurn,
    GameState,
    OpeningRoll,
    Pass,
    Phase,
    PlayMoves,
    Roll,
    Rules,
    Take,
    Undo,
    apply,
)
from game.engine.match import Match
from game.session import events as ev
from game.session.match_dice import MatchDice
from game.session.match_timer import MatchTimer
from game.session.opponent import Opponent, moves_tuple
from game.ui.text import tr, tr_reason


@dataclass(frozen=True)
class GameSetup:
    """What the title screen chose: ``mode`` is "computer", "two" or "demo"."""

    mode: str = "computer"
    match_length: int = 5
    seed: int | None = None
    level: str | None = None
    # -- events (issue 27): verifiable dice, typed dice, the clock, a tournament's match ------------
    secret: str | None = None
    """The dice secret to roll from (the same dice again); None: a new one, or a seed's dice."""
    hand_dice: bool = False
    """The operator allows typing real dice in (see game.session.match_dice)."""
    clock: str | None = None
    """A match clock preset (two players only; see game.session.match_timer), None: no clock."""
    names: tuple[str, str] | None = None
    """The players' names (a tournament's); None: White and Black, or You and the computer."""
    tournament: str | None = None
    """The tournament match this game plays (its id), scored into the draw when it ends."""
    aids: bool = True
    """Hint, coach and pip count allowed (tournament rules can switch them off)."""

    @property
    def verifiable(self) -> bool:
        """Dice from a secret: a given one, or a new one for every match a person plays without a seed."""
        return self.secret is not None or (self.seed is None and self.mode != "demo")


ChangeHook = Callable[[GameState, GameState, Action, "tuple[int, int] | None"], None]


def _nothing(event: ev.GameEvent) -> None:
    """The publisher of a controller nobody listens to (a test's bare game)."""


class GameController:
    """Turn control for one match; the screen reads ``state`` and calls the actions."""

    def __init__(
        self,
        setup: GameSetup,
        *,
        threaded_ai: bool,
        publish: Callable[[ev.GameEvent], None] = _nothing,
        speed_factor: Callable[[], float] = lambda: 1.0,
    ) -> None:
        self.setup = setup
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
        self.seed = seed
        self.rng = random.Random(seed)
        self.humans: set[int] = {"computer": {0}, "two": {0, 1}, "demo": set()}.get(setup.mode, {0})
        self.opponent = Opponent(setup.level, threaded=threaded_ai, seed=seed)
        self.publish = publish
        self.speed_factor = speed_factor
        self.match = Match(Rules(match_length=setup.match_length))
        self.match_dice = MatchDice(self.rng, setup.secret, hand_allowed=setup.hand_dice)
        if setup.secret is None and setup.verifiable:
            self.match_dice = MatchDice.fresh(self.rng, verifiable=True, hand_allowed=setup.hand_dice)
        self.match_dice.new_game(1)
        self.timer: MatchTimer | None = None
        if setup.clock is not None and setup.mode == "two":
            self.timer = MatchTimer(setup.clock, setup.match_length)
        self.dice_wanted: str | None = None
        """ "opening" or "roll": a human rolls real dice and the screen asks for them (typed dice)."""
        self.state = self.match.new_game()
        self.note = ""
        """A sentence about the last automatic step (the opening roll), shown until the mover moves."""
        self.wait = 0.4
        self.pending: str | None = None
        self.recorded = False
        self.games = 0
        self.on_change: ChangeHook | None = None
        """Called after every accepted action with (old, new, action, drop): the screen animates it."""
        self.on_state: Callable[[], None] | None = None
        """Called after every change of state (accepted action, resume, next game)."""
        self.on_reset: Callable[[bool], None] | None = None
        """Called before a new game (False) or a resumed one (True) replaces the state: no animation."""
        self.on_flash: Callable[[str], None] = lambda text: None
        """A one-line message for the status line (the computer's take or pass)."""
        self._settle()

    # -- what listeners read (events.GameView) ------------------------------------------------

    @property
    def mode(self) -> str:
        return self.setup.mode

    @property
    def level(self) -> str:
        return self.opponent.level

    @property
    def human(self) -> int | None:
        return min(self.humans) if self.setup.mode == "computer" and self.humans else None

    def start(self) -> None:
        """Announce the first game (called once the screen showing it exists)."""
        self.publish(ev.GameStarted(self, first=True))

    # -- names and perspective -----------------------------------------------------------------

    def name(self, player: int) -> str:
        if self.setup.names is not None:
            return self.setup.names[player]
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
        """Whose side of the board is shown at the bottom (two players: the one who acts)."""
        s = self.state
        if self.setup.mode == "two" and s.phase is not Phase.OPENING:
            if s.phase is Phase.CUBE_OFFERED:
                return 1 - s.turn  # the player who must answer reads the board
            return s.turn
        return 0

    @property
    def can_hint(self) -> bool:
        """The expert's hint is offered: the computer can give one and the match's rules allow aids."""
        return self.setup.aids and self.opponent.can_hint

    @property
    def timed_out(self) -> bool:
        """A bank ran out: the match is over on time (the clock's rules), nothing more is played."""
        return self.timer is not None and self.timer.lost_on_time is not None

    def waiting_for_human(self) -> bool:
        s = self.state
        if self.timed_out:
            return False
        if self.dice_wanted is not None:
            return True
        return (
            (s.phase is Phase.ROLL and self.is_human(s.turn) and s.can_double() is None)
            or (s.phase is Phase.CUBE_OFFERED and self.is_human(1 - s.turn))
            or (s.phase is Phase.MOVING and self.is_human(s.turn) and s.turn_state().most > 0)
        )

    # -- the one way the state changes ------------------------------------------------------

    def do(self, action: Action, drop: tuple[int, int] | None = None) -> str | None:
        """Apply ``action`` through the engine; return the refusal reason (and change nothing) if any."""
        old = self.state
        if self.timed_out:
            return i18n.tr("clock.match_over")
        try:
            new = apply(old, action)
        except IllegalAction as exc:
            return tr_reason(str(exc))
        self.state = new
        if self.on_change is not None:
            self.on_change(old, new, action, drop)
        self._settle(old)
        self._announce(old, new, action)
        return None

    def _announce(self, old: GameState, new: GameState, action: Action) -> None:
        publish = self.publish
        if isinstance(action, OpeningRoll):
            publish(ev.DiceRolled(self, (action.die0, action.die1), None))
        elif isinstance(action, Roll):
            publish(ev.DiceRolled(self, action.dice, old.turn))
        elif isinstance(action, Double):
            publish(ev.CubeOffered(self, old.turn, old.cube))
        elif isinstance(action, Take):
            publish(ev.CubeTaken(self, 1 - old.turn))
        elif isinstance(action, Pass):
            publish(ev.CubePassed(self, 1 - old.turn))
        elif isinstance(action, EndTurn) or (
            new.phase is Phase.GAME_OVER and old.phase is Phase.MOVING and not isinstance(action, Undo)
        ):
            publish(ev.PlayMade(self, old.turn, new.last_play))
        if new.phase is Phase.GAME_OVER and old.phase is not Phase.GAME_OVER:
            assert new.result is not None
            publish(ev.GameOver(self, new.result))
            if self.match.is_over:
                publish(ev.MatchOver(self, new.result.winner))

    def _settle(self, old: GameState | None = None) -> None:
        """Bookkeeping after every change: the note, the wait before the next automatic step."""
        s = self.state
        self.pending = None
        self.opponent.cancel()
        if self.timer is not None:
            self.timer.follow(s)
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
        elif s.phase is Phase.MOVING and old is None:
            # A resumed turn (a saved game, a set-up): the opening's note no longer applies.
            self.note = ""
        elif s.phase is Phase.MOVING and old is not None and old.phase is Phase.ROLL:
            self.note = ""
            self.wait = 0.35 * f if not self.is_human(s.turn) else 0.0
            if s.turn_state().most == 0:
                self.wait = 2.2 * f + 0.6
        elif s.phase is Phase.ROLL:
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
        if self.on_state is not None:
            self.on_state()

    # -- the player's actions (each returns the engine's refusal, or None) ------------------------

    def roll(self) -> None:
        if self._by_hand(self.state.turn):
            self.dice_wanted = "roll"  # the screen asks for the real dice (or rolls here)
            return
        self.do(Roll(self.match_dice.roll()))

    def _by_hand(self, player: int | None) -> bool:
        """Real dice are typed in for this roll: the operator allows it and a person rolls."""
        humans = self.humans if player is None else self.humans & {player}
        return self.match_dice.hand_allowed and bool(humans)

    def enter_dice(self, dice: tuple[int, int]) -> str | None:
        """Real dice typed in for the roll the screen asked for; the engine's refusal if any."""
        wanted = self.dice_wanted
        if wanted is None:
            return None
        action: Action = OpeningRoll(*dice) if wanted == "opening" else Roll(dice)
        reason = self.do(action)
        if reason is None:
            self.match_dice.typed_in()
            # An opening tie is rolled again: the same keypad asks for the next opening roll.
            self.dice_wanted = "opening" if self.state.phase is Phase.OPENING else None
        return reason

    def roll_here(self) -> None:
        """The players asked for the dice to be rolled here after all (the secret's next roll)."""
        wanted, self.dice_wanted = self.dice_wanted, None
        if wanted == "opening":
            self.do(OpeningRoll(*self.match_dice.opening()))
        elif wanted == "roll":
            self.do(Roll(self.match_dice.roll()))

    def tick_clock(self, seconds: float) -> bool:
        """``seconds`` of the match clock (the screen's steps); True when its face changed. A bank that
        runs out ends the match (published as the match's end, won by the other player)."""
        timer = self.timer
        if timer is None or timer.lost_on_time is not None:
            return False
        changed = timer.tick(seconds)
        if timer.lost_on_time is not None:
            self.pending = None
            self.opponent.cancel()
            self.dice_wanted = None
            if self.on_state is not None:
                self.on_state()
            self.publish(ev.MatchOver(self, 1 - timer.lost_on_time))
            return True
        return changed

    def answer(self, take: bool) -> str | None:
        return self.do(Take() if take else Pass())

    # -- automatic steps ----------------------------------------------------------------------

    def step(self, dt: float) -> None:
        """One fixed step while the screen shows nothing moving: count the wait down, then act."""
        if self.wait > 0:
            self.wait -= dt
            if self.wait > 0:
                return
        self._auto()

    def _auto(self) -> None:
        s = self.state
        phase = s.phase
        if self.timed_out or self.dice_wanted is not None:
            return  # the match is over on time, or the screen waits for typed dice
        if phase is Phase.OPENING:
            if self._by_hand(None):
                self.dice_wanted = "opening"
                return
            self.do(OpeningRoll(*self.match_dice.opening()))
            return
        if phase is Phase.ROLL:
            if s.can_double() is not None:
                self.roll()
                return
            if self.is_human(s.turn):
                return
            answer = self._ask("double")
            if answer is None:
                return
            if answer:
                self.do(Double())
            else:
                self.roll()
            return
        if phase is Phase.CUBE_OFFERED:
            answerer = 1 - s.turn
            if self.is_human(answerer):
                return
            answer = self._ask("take")
            if answer is None:
                return
            self.on_flash(tr("computer_takes" if answer else "computer_passes", name=self.name(answerer)))
            self.answer(bool(answer))
            return
        if phase is Phase.MOVING:
            self._auto_move()
            return
        if phase is Phase.GAME_OVER and self.setup.mode == "demo":
            self.next_game()

    def _auto_move(self) -> None:
        s = self.state
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

    def _ask(self, kind: str) -> object | None:
        """Start or poll the computer's answer; None while it is still thinking."""
        if self.pending != kind or not self.opponent.in_flight:
            self.pending = kind
            self.opponent.request(kind, self.state)
        ready, answer = self.opponent.poll()
        if not ready:
            return None
        self.pending = None
        result: object = answer
        return result

    # -- whole games ---------------------------------------------------------------------------

    def resume(
        self, state: GameState, match: Match | None = None, dice: tuple[tuple[int, int], ...] = ()
    ) -> None:
        """Make ``state`` (a loaded game or a test set-up) the current game, announced as resumed."""
        if match is not None:
            self.match = match
        self.state = state
        if self.on_reset is not None:
            self.on_reset(True)
        self.recorded = state.phase is Phase.GAME_OVER
        self._settle()
        self.publish(ev.GameResumed(self, dice))

    def next_game(self, same_dice: bool = False) -> None:
        """The match's next game, or (the match over) a new match: new dice, or ``same_dice``: the
        same secret again, so the same rolls in the same places."""
        if self.match.is_over or self.timed_out:
            self.match = Match(self.match.rules)
            self.match_dice.new_match(same=same_dice)
            if self.timer is not None:
                self.timer = MatchTimer(self.timer.preset, self.match.rules.match_length)
        self.dice_wanted = None
        self.match_dice.new_game(self.match.games + 1)
        self.state = self.match.new_game()
        self.recorded = False
        if self.on_reset is not None:
            self.on_reset(False)
        self._settle()
        self.publish(ev.GameStarted(self, first=False))

    def close(self) -> None:
        """The game leaves the screen: stop the computer's worker."""
        self.opponent.close()


__all__ = ["GameController", "GameSetup"]
