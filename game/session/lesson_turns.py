"""Learn to play's turns: a turn controller with nothing automatic, and what the App hears of it.

Why in the session: it is the game's own controller with the lesson's rules of play (the learner
rolls when the step says, no computer moves, nothing is saved), and it needs no screen; the
lesson's card (:mod:`game.ui.play.lesson`) and scene (:mod:`game.ui.scenes.learn`) drive it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.jobs import Where
from game.i18n import Message, Param
from game.session import events as ev
from game.session.controller import GameController, GameSetup, ScreenHooks


class LessonController(GameController):
    """The turn controller of a lesson: the engine's rules and the screen's hooks, nothing automatic.

    No opening roll, no computer, no "no legal move" pass after a wait: a step waits for the learner.
    Every way to roll (the button, a tap on the dice, a key) is a decision the lesson judges
    (``on_roll``). The learner is "You" and the other side "Black", as against the computer.
    """

    def __init__(
        self,
        setup: GameSetup,
        *,
        publish: Callable[[ev.GameEvent], None],
        speed_factor: Callable[[], float],
        on_roll: Callable[[], None],
        hooks: ScreenHooks,
    ) -> None:
        super().__init__(setup, thinking=Where.HERE, publish=publish, speed_factor=speed_factor, hooks=hooks)
        self.on_roll = on_roll

    def step(self, dt: float) -> None:
        """Nothing happens by itself in a lesson."""

    def roll(self) -> None:
        self.on_roll()

    def roll_dice(self) -> None:
        """Roll for real (a step that accepts rolling)."""
        super().roll()

    @property
    def human(self) -> int | None:
        return 0

    def name(self, player: int) -> Message:
        return Message("ui.player_you" if player == 0 else "ui.player_black")

    def say(self, key: str, player: int, **kw: Param) -> Message:
        if player == 0:
            return Message.of(key + "_you", **kw)
        return Message.of(key, name=self.name(player), **kw)


def lesson_sound(event: ev.GameEvent) -> ev.SoundCue | None:
    """What the App's listeners hear of a lesson: only its sounds (dice, cube, landings), never a game
    to save, record or count in the dice statistics."""
    if isinstance(event, ev.SoundCue):
        return event
    name = {ev.DiceRolled: "dice", ev.CubeOffered: "double", ev.CubeTaken: "take", ev.CubePassed: "pass"}
    sound = name.get(type(event))
    return ev.SoundCue(event.game, sound) if sound is not None else None


__all__ = ["LessonController", "lesson_sound"]
