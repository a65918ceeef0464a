"""Game events: what happened in a game, published once, heard by every listener on the App.

Why a stream instead of hooks on the game scene: autosave, sound, dice statistics
(and the match recorder and review that come next) each need to hear what a game
did, and none of them should have to reach into the scene or wrap its methods.
The game's controller publishes an event right after the engine accepted an
action; listeners registered on the App's :class:`EventBus` get it in the order
they registered, synchronously, on the loop's thread.

Every event carries ``game``, the :class:`GameView` it came from, so a listener can
read the state after the event (to save it) or the kind of game (the demo is silent
and never saved). Events are plain frozen values; a listener must not change the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.engine.cube import Cube
from game.engine.flow import GameState
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.scoring import GameResult

if TYPE_CHECKING:
    from game.session.match_dice import MatchDice
    from game.session.match_timer import MatchTimer


class SetupView(Protocol):
    """What a listener reads of a game's set-up (``game.session.controller.GameSetup``)."""

    @property
    def mode(self) -> str: ...

    @property
    def names(self) -> tuple[str, str] | None: ...

    @property
    def tournament(self) -> str | None: ...

    @property
    def aids(self) -> bool: ...


class GameView(Protocol):
    """What a listener may read of the game that published an event."""

    @property
    def state(self) -> GameState: ...

    @property
    def match(self) -> Match: ...

    @property
    def mode(self) -> str:
        """ "computer", "two" or "demo"."""
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
    | SoundCue
)

Listener = Callable[[GameEvent], None]


class EventBus:
    """Listeners in registration order; a failing listener is logged by the App, never skipped silently."""

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
            listener(event)


__all__ = [
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
]
