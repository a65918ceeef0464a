"""The turn controller: one game on screen as the engine sees it, and the automatic steps around it.

It owns the match, the current :class:`GameState`, the dice generator and the computer
adapter. :meth:`GameController.do` is the only way the state changes: it calls
``flow.apply``, tells the screen (:class:`ScreenHooks`, given when the controller is built)
and publishes the game events the App's listeners hear. :meth:`step` runs the automatic parts
by phase (opening roll and its ties, the roll when doubling is impossible, "no legal move",
the computer's decisions, the next demo game), each after a short wait measured in
fixed steps. The computer's decisions are jobs (:mod:`game.ai.jobs`) read at each step and
withdrawn when the state changes under them. No pygame here, no rule and no words: legality and
reasons come from the engine, and what the player is told (names, notes, refusals) is a
:class:`~game.i18n.Message` that the screen says in the language of the moment.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.jobs import Job, Where
from game.ai.question import Decision
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
from game.engine.moves import Move, legal_plays
from game.i18n import Message, Param, engine_refusal
from game.session import events as ev
from game.session.match_dice import MatchDice
from game.session.match_timer import MatchTimer
from game.session.modes import GameMode
from game.session.opponent import Opponent

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameSetup:
    """What the title screen chose."""

    mode: GameMode = GameMode.COMPUTER
    match_length: int = 5
    seed: int | None = None
    level: str | None = None
    coach: bool = False
    """The coach watches this game (the first game after Learn to play): read by the coach's card."""
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
    shared_dice: bool = False
    """The players add their part to the dice before the first roll (issue 37, rule v2 of
    ``docs/dice.md``): a visitor's first touch, a tournament player's typed digits. Off for a
    bare controller (tests) and the demo: their dice come from the secret or the seed alone."""

    def __post_init__(self) -> None:
        # A word from a test, a tool or a saved file becomes the type; an unknown word is an error here,
        # not a game against the computer later.
        object.__setattr__(self, "mode", GameMode(self.mode))

    @property
    def verifiable(self) -> bool:
        """Dice from a secret: a given one, or a new one for every match a person plays without a seed."""
        return self.secret is not None or (self.seed is None and self.mode != GameMode.DEMO)


ChangeHook = Callable[[GameState, GameState, Action, "tuple[int, int] | None"], None]

AUTO_PAUSE = 0.9
"""Seconds (at normal speed) a play the game makes for a player waits, so the roll is seen first."""


def _nothing(event: ev.GameEvent) -> None:
    """The publisher of a controller nobody listens to (a test's bare game)."""


def _no_change(old: GameState, new: GameState, action: Action, drop: tuple[int, int] | None) -> None:
    """A bare controller (a test's) shows nothing."""


def _no_state() -> None:
    """A bare controller has no screen to refresh."""


def _no_reset(resumed: bool) -> None:
    """A bare controller has no animation to drop."""


def _no_flash(message: Message) -> None:
    """A bare controller has no status line."""


@dataclass(frozen=True)
class ScreenHooks:
    """What the screen showing the game is told, given when the controller is built. A new
    controller tells it nothing: the screen reads the first state once it is ready."""

    on_change: ChangeHook = _no_change
    """After every accepted action with (old, new, action, drop): the screen animates it."""
    on_state: Callable[[], None] = _no_state
    """After every change of state (accepted action, resume, next game)."""
    on_reset: Callable[[bool], None] = _no_reset
    """Before a new game (False) or a resumed one (True) replaces the state: no animation."""
    on_flash: Callable[[Message], None] = _no_flash
    """A one-line message for the status line (the computer's take or pass)."""


class GameController:
    """Turn control for one match; the screen reads ``state`` and calls the actions."""

    def __init__(
        self,
        setup: GameSetup,
        *,
        thinking: Where,
        publish: Callable[[ev.GameEvent], None] = _nothing,
        speed_factor: Callable[[], float] = lambda: 1.0,
        hooks: ScreenHooks | None = None,
    ) -> None:
        """``thinking``: where the computer answers (:attr:`Where.WORKER` beside the screen's loop,
        :attr:`Where.HERE` at once for tests and ``--frames``)."""
        self.setup = setup
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
        self.seed = seed
        self.rng = random.Random(seed)
        self.humans: set[int] = set(setup.mode.humans)
        self.opponent = Opponent(setup.level, where=thinking, seed=seed)
        self.publish = publish
        self.hooks = hooks if hooks is not None else ScreenHooks()
        self.speed_factor = speed_factor
        self.face_to_face: Callable[[], bool] = lambda: False
        """Two players at a cocktail table (the screen's ``table`` setting): the picture turns to
        whoever acts, and the board's numbers with it. Asked each time: the setting may change."""
        self.match = Match(Rules(match_length=setup.match_length))
        shared = setup.shared_dice and setup.mode != GameMode.DEMO and not setup.hand_dice  # typed: no key
        per_game = shared and setup.match_length == 0  # a session: each game's secret shown at its end
        self.match_dice = MatchDice(
            self.rng, setup.secret, hand_allowed=setup.hand_dice, shared=shared, per_game=per_game
        )
        if setup.secret is None and setup.verifiable:
            self.match_dice = MatchDice.fresh(
                self.rng, verifiable=True, hand_allowed=setup.hand_dice, shared=shared, per_game=per_game
            )
        self.match_dice.new_game(1)
        self.timer: MatchTimer | None = None
        if setup.clock is not None and setup.mode == GameMode.TWO:
            self.timer = MatchTimer(setup.clock, setup.match_length)
        self.dice_wanted: str | None = None
        """ "opening" or "roll": a human rolls real dice and the screen asks for them (typed dice)."""
        self.state = self.match.new_game()
        self.note: Message | None = None
        """A sentence about the last automatic step (the opening roll), shown until the mover moves."""
        self.wait = 0.4
        self.recorded = False
        self.games = 0
        self._double: Job[bool] | None = None
        self._take: Job[bool] | None = None
        self._play: Job[tuple[Move, ...]] | None = None
        """The computer's question being answered (at most one of the three at a time)."""
        self.auto_play: Callable[[GameState], tuple[Move, ...] | None] | None = None
        """For a human's fresh turn, a play the game may make by itself (forced plays, equal bear-offs:
        two settings, see ``game.session.autoplay``); None: never."""
        self.auto_moves: tuple[Move, ...] | None = None
        """The play to make by itself once the pause is over."""
        self.auto_made = False
        """This turn's play was made by itself: the turn ends by itself too."""
        self._settle(tell=False)

    # -- what listeners read (events.GameView) ------------------------------------------------

    @property
    def mode(self) -> GameMode:
        return self.setup.mode

    @property
    def level(self) -> str:
        return self.opponent.level

    @property
    def human(self) -> int | None:
        return min(self.humans) if self.setup.mode == GameMode.COMPUTER and self.humans else None

    def start(self) -> None:
        """Announce the first game (called once the screen showing it exists)."""
        self.publish(ev.GameStarted(self, first=True))

    # -- names and perspective -----------------------------------------------------------------

    def name(self, player: int) -> Message:
        if self.setup.names is not None:  # a tournament's players
            return Message.of("player.named", name=self.setup.names[player])
        if self.setup.mode == GameMode.COMPUTER:
            if player == 0:
                return Message("ui.player_you")
            return Message("ui.player_computer")
        return Message("ui.player_white" if player == 0 else "ui.player_black")

    def say(self, key: str, player: int, **kw: Param) -> Message:
        """A sentence about ``player``: "You win" (``key`` + ``_you``) for the human against the
        computer, else "White wins" (``key`` with the player's name)."""
        if self.setup.mode == GameMode.COMPUTER and player == 0:
            return Message.of(key + "_you", **kw)
        return Message.of(key, name=self.name(player), **kw)

    def is_human(self, player: int) -> bool:
        return player in self.humans

    def awaited(self) -> int | None:
        """The player whose contribution to the dice the opening roll waits for, or None."""
        if self.state.phase is not Phase.OPENING:
            return None
        return self.match_dice.awaiting(frozenset(self.humans))

    def contribute(self, player: int, digits: str) -> None:
        """``player``'s part of the dice (rule v2): the opening roll follows once every human's is in."""
        self.match_dice.contribute(player, digits)
        self.hooks.on_state()

    @property
    def perspective(self) -> int:
        """Whose numbers the board and every written play use: White's (the side at the bottom) for a
        whole two-player game, as against the computer the human's (issue 36: they turned every turn,
        and the other player's move was written in them, "Last: White 1/3 12/17"). Face to face the
        picture turns to the one who acts, so the numbers follow them."""
        s = self.state
        if self.setup.mode == GameMode.TWO and self.face_to_face() and s.phase is not Phase.OPENING:
            if s.phase is Phase.CUBE_OFFERED:
                return 1 - s.turn  # the player who must answer reads the board
            return s.turn
        return 0

    @property
    def can_hint(self) -> bool:
        """The expert's hint is offered: the match's rules allow aids (a tournament's may not)."""
        return self.setup.aids

    @property
    def timed_out(self) -> bool:
        """A bank ran out: the match is over on time (the clock's rules), nothing more is played."""
        return self.timer is not None and self.timer.lost_on_time is not None

    def waiting_for_human(self) -> bool:
        s = self.state
        if self.timed_out:
            return False
        if self.dice_wanted is not None or self.awaited() is not None:
            return True  # typed dice, or a player's part of the dice before the first roll
        return (
            (s.phase is Phase.ROLL and self.is_human(s.turn) and s.can_double() is None)
            or (s.phase is Phase.CUBE_OFFERED and self.is_human(1 - s.turn))
            or (
                s.phase is Phase.MOVING
                and self.is_human(s.turn)
                and s.turn_state().most > 0
                and self.auto_moves is None
                and not self.auto_made
            )
        )

    # -- the one way the state changes ------------------------------------------------------

    def do(self, action: Action, drop: tuple[int, int] | None = None) -> Message | None:
        """Apply ``action`` through the engine; return the refusal (and change nothing) if any."""
        old = self.state
        if self.timed_out:
            return Message("clock.match_over")
        try:
            new = apply(old, action)
        except IllegalAction as exc:
            return engine_refusal(exc)
        self.state = new
        self.hooks.on_change(old, new, action, drop)
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

    def _settle(self, old: GameState | None = None, *, tell: bool = True) -> None:
        """Bookkeeping after every change: the note, the wait before the next automatic step; the
        computer's question about the state before is withdrawn. ``tell``: tell the screen."""
        s = self.state
        self._withdraw()
        if self.timer is not None:
            self.timer.follow(s)
        f = self.speed_factor()
        if s.phase is not Phase.MOVING or (old is not None and old.phase is not Phase.MOVING):
            self.auto_moves, self.auto_made = None, False  # a new turn (or none): nothing pending
        if s.phase is Phase.OPENING:
            if s.opening is not None:
                self.note = Message.of("ui.opening_tie", die=s.opening[0])
                self.wait = 1.3
            else:
                self.note = Message("ui.opening_roll")
                self.wait = 0.6
        elif s.phase is Phase.MOVING and old is not None and old.phase is Phase.OPENING:
            assert s.dice is not None
            self.note = self.say("ui.opening_won", s.turn, a=s.dice[0], b=s.dice[1])
            self.wait = 0.5 * f
        elif s.phase is Phase.MOVING and old is None:
            # A resumed turn (a saved game, a set-up): the opening's note no longer applies.
            self.note = None
        elif s.phase is Phase.MOVING and old is not None and old.phase is Phase.ROLL:
            self.note = None
            self.wait = 0.35 * f if not self.is_human(s.turn) else 0.0
            if s.turn_state().most == 0:
                self.wait = 2.2 * f + 0.6
        elif s.phase is Phase.ROLL:
            self.note = None
            self.wait = (0.25 if self.is_human(s.turn) else 0.45) * f
        elif s.phase is Phase.CUBE_OFFERED:
            self.note = self.say("ui.offers_double", s.turn, value=s.cube.value * 2)
            self.wait = 0.6 * f
        elif s.phase is Phase.GAME_OVER and not self.recorded:
            assert s.result is not None
            self.match = self.match.record(s.result)
            self.recorded = True
            self.games += 1
            self.wait = 5.0
        if s.phase is Phase.MOVING and old is not None and old.phase is not Phase.MOVING:
            self._offer_auto_play(f)
        if tell:
            self.hooks.on_state()

    def _offer_auto_play(self, f: float) -> None:
        """A human's new turn: if the settings let the game make this play, it waits a moment first."""
        s = self.state
        if self.auto_play is None or not self.is_human(s.turn):
            return
        self.auto_moves = self.auto_play(s)
        if self.auto_moves is not None:
            self.wait = max(self.wait, AUTO_PAUSE * f)

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

    def enter_dice(self, dice: tuple[int, int]) -> Message | None:
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
            self._withdraw()
            self.dice_wanted = None
            self.hooks.on_state()
            self.publish(ev.MatchOver(self, 1 - timer.lost_on_time))
            return True
        if timer.save_due:  # a long think: keep the clock on disk so a power cut gives no time back
            timer.saved()
            self.publish(ev.ClockRan(self))
        return changed

    def answer(self, take: bool) -> Message | None:
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
            who = self.awaited()
            if who is not None:  # the first roll waits for the players' contributions (the screen takes them)
                note = self.say("ui.opening_tap", who)
                if note != self.note:
                    self.note = note
                    self.hooks.on_state()
                return
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
            if self._double is None:
                self._double = self.opponent.double(s)
            doubles = _decided(self._double, failed=False)
            if doubles is None:
                return
            self._double = None
            if doubles:
                self.do(Double())
            else:
                self.roll()
            return
        if phase is Phase.CUBE_OFFERED:
            answerer = 1 - s.turn
            if self.is_human(answerer):
                return
            if self._take is None:
                self._take = self.opponent.take(s)
            takes = _decided(self._take, failed=True)
            if takes is None:
                return
            self._take = None
            self.hooks.on_flash(
                Message.of("ui.computer_takes" if takes else "ui.computer_passes", name=self.name(answerer))
            )
            self.answer(takes)
            return
        if phase is Phase.MOVING:
            self._auto_move()
            return
        if phase is Phase.GAME_OVER and self.setup.mode == GameMode.DEMO:
            self.next_game()

    def _auto_move(self) -> None:
        s = self.state
        turn = s.turn_state()
        if turn.most == 0:
            self.do(EndTurn())
            return
        if self.is_human(s.turn):
            self._auto_human()
            return
        if turn.is_complete:
            self.do(EndTurn())
            return
        if self._play is None:
            self._play = self.opponent.play(s)
        job = self._play
        if not job.done:
            return
        self._play = None
        moves = job.result
        reason = self.do(PlayMoves(moves)) if moves is not None else job.error
        if reason is not None:
            # An AI bug must not stall the game: the log has it loudly, and the first legal play
            # (the engine's) keeps the game going.
            log.error(
                "the computer's play %s was not played (%s): the first legal play instead", moves, reason
            )
            plays = legal_plays(s.position, turn.dice)
            self.do(PlayMoves(plays[0].moves if plays else ()))
        self.wait = 0.45 * self.speed_factor()

    @property
    def pending(self) -> Decision | None:
        """What the computer is thinking about now: a double, a take, a checker play, or None."""
        jobs = ((Decision.DOUBLE, self._double), (Decision.TAKE, self._take), (Decision.MOVE, self._play))
        for kind, job in jobs:
            if job is not None:
                return kind
        return None

    def _withdraw(self) -> None:
        """The state changed: the computer's question about the old one no longer matters."""
        for job in (self._double, self._take, self._play):
            if job is not None:
                job.cancel()
        self._double = self._take = None
        self._play = None

    def _auto_human(self) -> None:
        """The play the game makes for a human (see :attr:`auto_play`), and then the end of that turn.
        A player who moved a checker during the pause has taken the turn back: nothing is done."""
        s = self.state
        moves, self.auto_moves = self.auto_moves, None
        if moves is not None and not s.moves:
            if self.do(PlayMoves(moves)) is None:
                self.auto_made = True
                self.wait = 0.4 * self.speed_factor()
            return
        if self.auto_made and s.turn_state().is_complete:
            self.auto_made = False
            self.do(EndTurn())

    # -- whole games ---------------------------------------------------------------------------

    def resume(
        self, state: GameState, match: Match | None = None, dice: tuple[tuple[int, int], ...] = ()
    ) -> None:
        """Make ``state`` (a loaded game or a test set-up) the current game, announced as resumed."""
        if match is not None:
            self.match = match
        self.state = state
        self.hooks.on_reset(True)
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
        self.hooks.on_reset(False)
        self._settle()
        self.publish(ev.GameStarted(self, first=False))

    def close(self) -> None:
        """The game leaves the screen: withdraw the computer's questions (its workers stay ready)."""
        self._withdraw()
        self.opponent.close()


def _decided(job: Job[bool], failed: bool) -> bool | None:
    """The computer's yes or no once it is in (None while it thinks); ``failed`` when the thinking
    failed (the job logged why): the game goes on rather than wait for an answer that never comes."""
    if not job.done:
        return None
    return job.result if job.result is not None else failed


__all__ = ["GameController", "GameSetup", "ScreenHooks"]
