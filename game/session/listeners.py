"""The App's standing listeners on the game events: autosave, sound and dice statistics.

Each is a small object with one ``__call__(event)``; the App registers them on its
:class:`~game.session.events.EventBus` when it starts. The demo (computer against computer,
all day on a cabinet) is never saved, never heard and never counted.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.session import events as ev
from game.session import persist
from game.session.terms import terms_of
from game.ui.audio import Audio
from game.ui.fairness import DiceStats

MODE_TO_SAVE = {"computer": "computer", "two": "two_players", "demo": "demo"}
SAVE_TO_MODE = {v: k for k, v in MODE_TO_SAVE.items()}

CUE_SOUNDS: dict[type, str] = {ev.CubeOffered: "double", ev.CubeTaken: "take", ev.CubePassed: "pass"}


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

    def __call__(self, event: ev.GameEvent) -> None:
        if isinstance(event, ev.GameStarted):
            self.history = []
            if not event.first:  # the next game of a match: its start is worth keeping
                self.save(event.game)
        elif isinstance(event, ev.GameResumed):
            self.history = list(event.dice)
        elif isinstance(event, ev.DiceRolled):
            self.history.append(event.dice)
            self.save(event.game)
        elif isinstance(event, (ev.PlayMade, ev.CubeOffered, ev.CubeTaken, ev.CubePassed, ev.GameOver)):
            self.save(event.game)
        elif isinstance(event, ev.MatchOver) and event.game.timer is not None:
            self.save(event.game)  # a match lost on time: the clock's end is kept too

    def save(self, game: ev.GameView) -> bool:
        if game.mode == "demo":
            return False
        saved = persist.SavedGame(
            state=game.state,
            match=game.match,
            mode=MODE_TO_SAVE.get(game.mode, "computer"),
            level=game.level,
            human=game.human,
            dice_history=tuple(self.history),
            saved_at=self.clock(),
            dice=game.match_dice.to_dict(),
            clock=None if game.timer is None else game.timer.to_dict(),
            terms=terms_of(game.setup),
        )
        ok = persist.save_game(saved, self.folder())
        self.saves += ok
        if not ok:
            self.on_failed(not self.failing)
        self.failing = not ok
        return ok


class Sounds:
    """The sound of each event: dice, cube actions, and the cues the screen times (landings, the win)."""

    def __init__(self, audio: Callable[[], Audio]) -> None:
        self.audio = audio

    def __call__(self, event: ev.GameEvent) -> None:
        if isinstance(event, (ev.GameStarted, ev.GameResumed)) or event.game.mode == "demo":
            return
        if isinstance(event, ev.DiceRolled):
            self.audio().play("dice")
        elif isinstance(event, ev.SoundCue):
            self.audio().play(event.name)
        elif type(event) in CUE_SOUNDS:
            self.audio().play(CUE_SOUNDS[type(event)])


class DiceCounter:
    """Counts every roll of a played game (the demo's are not the visitors') for the dice statistics."""

    def __init__(self, get: Callable[[], DiceStats], put: Callable[[DiceStats], None]) -> None:
        self.get = get
        self.put = put

    def __call__(self, event: ev.GameEvent) -> None:
        if isinstance(event, (ev.GameStarted,)) or event.game.mode == "demo":
            return
        if isinstance(event, ev.DiceRolled):
            self.put(self.get().add(*event.dice))
        elif isinstance(event, ev.GameResumed):
            stats = self.get()
            for a, b in event.dice:
                stats = stats.add(a, b)
            self.put(stats)


__all__ = ["SAVE_TO_MODE", "Autosave", "DiceCounter", "Sounds"]
