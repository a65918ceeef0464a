"""The match clock of a two-player match on screen: :class:`game.session.clock.MatchClock` driven by
the game's changes of state and by the screen's time steps.

Why a keeper around the clock: the clock's rules are the clock module's (simple delay, whose clock
runs when, a bank at zero loses the match); what is left is when to tell it. The game's controller
calls :meth:`MatchTimer.follow` after every change of state, the screen passes the time of each
fixed step (and, while the loop sleeps, the real time that passed) to :meth:`MatchTimer.tick`, and
:attr:`MatchTimer.lost_on_time` ends the match. No pygame, no wall clock.

Pausing as the rules say: the clock runs only for the player on roll (or the doubled player while
they decide), never during the opening roll or between games; the screen stops passing time while
its menu (the operator's pause) or the kiosk's "Still playing?" is over the board.

Saving the running clock (a power cut must not hand time back): the autosave writes the game at every
roll, play and cube action, but a player may think for minutes in between. The timer counts the clock
time that ran since it was last saved (:attr:`MatchTimer.unsaved`); once :data:`SAVE_EVERY` seconds
have run, :attr:`MatchTimer.save_due` asks for a save (the controller publishes
``game.session.events.ClockRan`` and the autosave writes the game, clock and all). A match resumed
after ``kill -9`` or a power cut so gives back at most :data:`SAVE_EVERY` seconds of one player's
thinking. What we chose as fair: the time the machine was off is never charged (nobody could play
then, as a referee stops the clock for a broken table), and no wall-clock time is read to guess it
(a cabinet without a clock battery boots with a wrong date).
"""

from __future__ import annotations

from typing import Any

from game.engine import GameState
from game.session.clock import PRESETS, MatchClock

DEFAULT_PRESET = "usbgf"
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)
SAVE_EVERY = 5.0
"""Seconds of running clock between saves: the most a power cut can give back (a small file every few
seconds, and only while a clocked match's clock runs)."""


class MatchTimer:
    """One match's clock. ``preset`` names :data:`game.session.clock.PRESETS`."""

    def __init__(self, preset: str, match_length: int, score: tuple[int, int] = (0, 0)) -> None:
        if preset not in PRESETS:
            raise ValueError(f"no clock preset {preset!r} ({', '.join(PRESETS)})")
        self.preset = preset
        self.clock = MatchClock(PRESETS[preset], max(1, match_length), score)
        self.unsaved = 0.0
        """Seconds the clock ran since it was last saved (:meth:`saved`)."""

    @property
    def lost_on_time(self) -> int | None:
        """The player whose bank ran out (that player has lost the match), or None."""
        return self.clock.lost_on_time

    def follow(self, state: GameState) -> None:
        """Run the clock of the player the rules name in ``state`` (call after every change)."""
        self.clock.follow(state)

    def tick(self, seconds: float) -> bool:
        """``seconds`` pass; True when what the clock face shows changed (a redraw is due)."""
        before = (self.clock.shown(0), self.clock.shown(1), self.clock.running)
        c = self.clock
        if c.running is not None and not c.paused and c.lost_on_time is None:
            self.unsaved += seconds
        self.clock.tick(seconds)
        return (self.clock.shown(0), self.clock.shown(1), self.clock.running) != before

    def shown(self, player: int) -> tuple[int, int]:
        """(delay seconds, bank seconds) as the clock face shows them (rounded up)."""
        return self.clock.shown(player)

    @property
    def running(self) -> int | None:
        return self.clock.running

    @property
    def save_due(self) -> bool:
        """The clock ran :data:`SAVE_EVERY` seconds or more since it was last saved."""
        return self.unsaved >= SAVE_EVERY

    def saved(self) -> None:
        """The clock as it is now is on disk (or is about to be): count afresh."""
        self.unsaved = 0.0

    # -- saving -----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "clock": self.clock.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> MatchTimer:
        """The timer :meth:`to_dict` saved; ``ValueError`` otherwise."""
        if not isinstance(data, dict) or not isinstance(data.get("preset"), str):
            raise ValueError("not a saved match clock")
        timer = cls(data["preset"], 1)
        clock = data.get("clock")
        if not isinstance(clock, dict):
            raise ValueError("not a saved match clock")
        timer.clock = MatchClock.from_dict(clock)
        return timer


def clock_text(seconds: int) -> str:
    """A bank as a clock face shows it: ``14:00``, ``0:09``; an hour or more as ``1:02:03``."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


__all__ = ["DEFAULT_PRESET", "PRESET_NAMES", "SAVE_EVERY", "MatchTimer", "clock_text"]
