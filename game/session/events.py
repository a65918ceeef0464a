"""Game events: what happened in a game, published once, heard by every listener on the App;
and the App's standing listeners for autosave and sound.

Why a stream instead of hooks on the game scene: autosave, sound, the dice statistics and
the match recorder each need to hear what a game did, and none of them should have to reach
into the scene or wrap its methods. The game's controller publishes an event right after the
engine accepted an action; listeners registered on the App's :class:`EventBus` get it in the
order they registered, synchronously, on the loop's thread.

Every event carries ``game``, the :class:`GameView` it came from, so a listener can
read the state after the event (to save it) or the kind of game (the demo is silent
and never saved). Events are plain frozen values; a listener must not change the game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from game.engine.cube import Cube
from game.engine.flow import GameState
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.scoring import GameResult
from game.session import persist
from game.session.modes import GameMode
from game.session.setup_view import SetupView
from game.session.terms import terms_of

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from game.session.match_dice import MatchDice
    from game.session.match_timer import MatchTimer


class GameView(Protocol):
    """What a listener may read of the game that published an event."""

    @property
    def state(self) -> GameState: ...

    @property
    def match(self) -> Match: ...

    @property
    def mode(self) -> GameMode:
        """What kind of game it is."""
        ...

    @property
    def level(self) -> str: ...

    @property
    def human(self) -> int | None:
        """The human's seat against the computer, else None."""
        ...

    # -- events (issue 27): the dice's source, the match clock, the names and the tournament --------

    @property
    def setup(self) -> SetupView: ...

    @property
    def match_dice(self) -> MatchDice: ...

    @property
    def timer(self) -> MatchTimer | None: ...


@dataclass(frozen=True)
class GameStarted:
    """A new game of the match is at its opening roll (``first``: the first game this screen shows)."""

    game: GameView
    first: bool


@dataclass(frozen=True)
class GameResumed:
    """A saved game (or a test's set-up) is shown as it was; ``dice`` is its dice history."""

    game: GameView
    dice: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class DiceRolled:
    """``player`` rolled ``dice`` (the opening roll: one die each, ``player`` is None)."""

    game: GameView
    dice: tuple[int, int]
    player: int | None


@dataclass(frozen=True)
class PlayMade:
    """``player`` ended the turn with ``moves`` (empty when nothing could be played)."""

    game: GameView
    player: int
    moves: tuple[Move, ...]


@dataclass(frozen=True)
class CubeOffered:
    game: GameView
    player: int
    cube: Cube
    """The cube before the double."""


@dataclass(frozen=True)
class CubeTaken:
    game: GameView
    player: int
    """The player who took."""


@dataclass(frozen=True)
class CubePassed:
    game: GameView
    player: int
    """The player who passed (and so lost the game)."""


@dataclass(frozen=True)
class GameOver:
    game: GameView
    result: GameResult


@dataclass(frozen=True)
class MatchOver:
    """The last game of a match ended (published after its :class:`GameOver`)."""

    game: GameView
    winner: int


@dataclass(frozen=True)
class ClockRan:
    """The match clock ran a few seconds more since it was saved (see game.session.match_timer):
    worth saving, so a power cut in a long think does not give the time back."""

    game: GameView


@dataclass(frozen=True)
class SoundCue:
    """A sound the screen times itself: a checker landing ("land", "hit", "bearoff") or the win."""

    game: GameView
    name: str


GameEvent = (
    GameStarted
    | GameResumed
    | DiceRolled
    | PlayMade
    | CubeOffered
    | CubeTaken
    | CubePassed
    | GameOver
    | MatchOver
    | ClockRan
    | SoundCue
)

Listener = Callable[[GameEvent], None]


class EventBus:
    """Listeners in registration order. A listener that fails is logged with its traceback and the
    others still hear the event: a broken sound must not stop the autosave, nor the game."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        if listener not in self._listeners:
            self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def publish(self, event: GameEvent) -> None:
        for listener in tuple(self._listeners):
            try:
                listener(event)
            except Exception:  # one listener's bug is logged; the next listener still hears the event
                log.exception("listener %r failed on %s", listener, type(event).__name__)


# ---------------------------------------------------------------------------------------------
# The App's standing listeners: autosave and sound (the dice statistics count in
# game.session.dice_stats). Each is a small object with one ``__call__(event)``. The demo
# (computer against computer, all day on a cabinet) is never saved and never heard.


CUE_SOUNDS: dict[type, str] = {CubeOffered: "double", CubeTaken: "take", CubePassed: "pass"}


class Autosave:
    """Saves the game after every roll, completed turn and cube action, so pulling the plug loses nothing.

    The roll is saved the moment it is made: a game resumed after leaving (or pulling the plug)
    goes on with the same dice, so nobody can throw away a bad roll -- or double after seeing it --
    by leaving to the title and continuing. Also keeps the game's dice history (saved with it: the
    statistics of a resumed game go on).
    """

    def __init__(self, folder: Callable[[], Path], clock: Callable[[], float]) -> None:
        self.folder = folder
        self.clock = clock
        self.history: list[tuple[int, int]] = []
        self.saves = 0
        self.failing = False
        """The last save failed (a read-only or full disk)."""
        self.on_failed: Callable[[bool], None] = lambda first: None
        """Called at every failed save, with True for the first of a run of failures: the screen says
        it then and keeps saying it while they go on (a full disk is not fixed by saying it once)."""

    def __call__(self, event: GameEvent) -> None:
        if isinstance(event, GameStarted):
            self.history = []
            if not event.first:  # the next game of a match: its start is worth keeping
                self.save(event.game)
        elif isinstance(event, GameResumed):
            self.history = list(event.dice)
        elif isinstance(event, DiceRolled):
            self.history.append(event.dice)
            self.save(event.game)
        elif isinstance(event, (PlayMade, CubeOffered, CubeTaken, CubePassed, GameOver, ClockRan)):
            self.save(event.game)
        elif isinstance(event, MatchOver) and event.game.timer is not None:
            self.save(event.game)  # a match lost on time: the clock's end is kept too

    def save(self, game: GameView) -> bool:
        if not game.mode.kept:
            return False
        saved = persist.SavedGame(
            state=game.state,
            match=game.match,
            mode=game.mode.saved,
            level=game.level,
            human=game.human,
            dice_history=tuple(self.history),
            saved_at=self.clock(),
            dice=game.match_dice.to_dict(),
            clock=None if game.timer is None else game.timer.to_dict(),
            terms=terms_of(game.setup),
        )
        if game.timer is not None:
            game.timer.saved()
        ok = persist.save_game(saved, self.folder())
        self.saves += ok
        if not ok:
            self.on_failed(not self.failing)
        self.failing = not ok
        return ok


class SoundPlayer(Protocol):
    """What :class:`Sounds` needs of the screen's audio: play a named sound (or stay quiet)."""

    def play(self, name: str) -> None: ...


class Sounds:
    """The sound of each event: dice, cube actions, and the cues the screen times (landings, the win)."""

    def __init__(self, audio: Callable[[], SoundPlayer]) -> None:
        self.audio = audio

    def __call__(self, event: GameEvent) -> None:
        if isinstance(event, (GameStarted, GameResumed)) or event.game.mode == GameMode.DEMO:
            return
        if isinstance(event, DiceRolled):
            self.audio().play("dice")
        elif isinstance(event, SoundCue):
            self.audio().play(event.name)
        elif type(event) in CUE_SOUNDS:
            self.audio().play(CUE_SOUNDS[type(event)])


__all__ = [
    "Autosave",
    "ClockRan",
    "CubeOffered",
    "CubePassed",
    "CubeTaken",
    "DiceRolled",
    "EventBus",
    "GameEvent",
    "GameOver",
    "GameResumed",
    "GameStarted",
    "GameView",
    "Listener",
    "MatchOver",
    "PlayMade",
    "SetupView",
    "SoundCue",
    "SoundPlayer",
    "Sounds",
]
