"""A match clock with simple delay, as tournament backgammon uses it, driven by explicit time steps.

The rules (after the U.S. Backgammon Clock Rules, simple delay, March 2013):

- Each player has a **bank** of reserve time: by default 2 minutes per point of the
  match, less 1 minute per point already scored by either player when the clock starts
  in the middle of a match (a 7-point match: 14 minutes each).
- Each time a player's clock starts, that player first gets a **delay** (12 seconds):
  time spent within the delay costs nothing; only the time beyond it comes off the bank.
  An unused part of the delay is not saved up.
- The clock runs for the player **on roll** (rolling and moving). When that player
  doubles, their clock stops and the **doubled player's** clock runs while they decide
  (with their own delay); after a take, the doubler's clock runs again for the roll.
- Both clocks are stopped during the opening roll and between games.
- A player whose bank runs out **loses the match** (:attr:`MatchClock.lost_on_time`),
  whatever the score; the clock then stays stopped.

No wall clock is read here: the caller passes the elapsed seconds to :meth:`MatchClock.tick`
(the screen's fixed step), so a test drives a whole match to the tenth of a second.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine import GameState, Phase


@dataclass(frozen=True, slots=True)
class ClockSettings:
    """How much time each player gets (all in seconds)."""

    bank_per_point: float = 120.0
    """Reserve time per point of the match length."""
    delay: float = 12.0
    """Free time each time a player's clock starts, used before the bank."""
    less_per_point_scored: float = 60.0
    """Taken off the bank for every point either player already has when the clock is set."""

    def __post_init__(self) -> None:
        if self.bank_per_point <= 0 or self.delay < 0 or self.less_per_point_scored < 0:
            raise ValueError("the bank per point must be above 0; the delay and the reduction 0 or more")

    def bank_for(self, match_length: int, score: tuple[int, int] = (0, 0)) -> float:
        """Each player's bank for a match of ``match_length`` starting (or clocked from) ``score``;
        never less than one point's worth, so a clock set late in a long match is still playable."""
        if match_length < 1:
            raise ValueError("a clock needs a match length of 1 point or more")
        bank = self.bank_per_point * match_length - self.less_per_point_scored * (score[0] + score[1])
        return max(bank, self.bank_per_point)


PRESETS: dict[str, ClockSettings] = {
    "usbgf": ClockSettings(120.0, 12.0, 60.0),
    "usbgf-doubles": ClockSettings(150.0, 18.0, 75.0),
    "unified-standard": ClockSettings(360.0, 0.0, 180.0),
    "quick": ClockSettings(60.0, 8.0, 30.0),
}
"""Common settings by name.

- ``usbgf``: U.S. Backgammon clock rules for singles, 2 min a point, 12 s delay (the default).
- ``usbgf-doubles``: the same rules for teams, 2.5 min a point, 18 s delay.
- ``unified-standard``: the Unified Tournament Clock Rules for a clock without delay, 6 min a point.
- ``quick``: half the USBGF bank and an 8 s delay, a house setting for demonstration events
  (not a federation's rule).
"""


class MatchClock:
    """Two banks and one running delay; who runs is set by :meth:`run` or :meth:`follow`.

    A typical screen loop::

        clock = MatchClock(PRESETS["usbgf"], match_length=7)
        ...
        clock.follow(controller.state)     # after every change of the game state
        clock.tick(dt)                     # every fixed step
        if clock.lost_on_time is not None: # that player loses the match
            ...
    """

    def __init__(
        self,
        settings: ClockSettings | None = None,
        match_length: int = 1,
        score: tuple[int, int] = (0, 0),
    ) -> None:
        self.settings = settings or PRESETS["usbgf"]
        bank = self.settings.bank_for(match_length, score)
        self.banks: list[float] = [bank, bank]
        """Seconds of reserve left for each player."""
        self.running: int | None = None
        """The player whose clock runs (None: both stopped)."""
        self.delay_left = 0.0
        """Seconds of the running player's delay not yet used."""
        self.paused = False
        """Stopped by the operator (a dispute, a die off the table); :meth:`resume` goes on as before."""
        self.lost_on_time: int | None = None
        """The player whose bank ran out: that player has lost the match."""

    # -- who runs ------------------------------------------------------------------------------

    def run(self, player: int | None) -> None:
        """Start ``player``'s clock with a fresh delay, or stop both (None). Running the clock that
        already runs changes nothing (the delay is not renewed within one turn)."""
        if self.lost_on_time is not None or player == self.running:
            return
        if player is not None and player not in (0, 1):
            raise ValueError("a player is 0 or 1")
        self.running = player
        self.delay_left = self.settings.delay if player is not None else 0.0

    @staticmethod
    def runner_for(state: GameState) -> int | None:
        """Whose clock runs in ``state``: the player on roll, the doubled player while a double waits
        for an answer, nobody during the opening roll or after the game."""
        if state.phase in (Phase.ROLL, Phase.MOVING):
            return state.turn
        if state.phase is Phase.CUBE_OFFERED:
            return 1 - state.turn
        return None

    def follow(self, state: GameState) -> None:
        """Run the clock :meth:`runner_for` ``state`` names (call it after every change of state)."""
        self.run(self.runner_for(state))

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False

    # -- time ----------------------------------------------------------------------------------

    def tick(self, seconds: float) -> int | None:
        """``seconds`` pass: the delay is used first, then the bank. The player who ran out, if one did."""
        if seconds < 0:
            raise ValueError("time does not run backwards")
        player = self.running
        if player is None or self.paused or self.lost_on_time is not None:
            return None
        free = min(self.delay_left, seconds)
        self.delay_left -= free
        self.banks[player] -= seconds - free
        if self.banks[player] <= 0:
            self.banks[player] = 0.0
            self.lost_on_time = player
            self.running = None
            self.delay_left = 0.0
            return player
        return None

    @property
    def winner_on_time(self) -> int | None:
        """The player who wins the match because the other's bank ran out."""
        return None if self.lost_on_time is None else 1 - self.lost_on_time

    def shown(self, player: int) -> tuple[int, int]:
        """(delay seconds, bank seconds) as a clock face shows them, rounded up: a bank showing 0 is
        out. The delay is the running player's; the other shows the full delay waiting for them."""
        delay = self.delay_left if player == self.running else self.settings.delay
        return _ceil(delay), _ceil(self.banks[player])

    # -- saving --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        s = self.settings
        return {
            "settings": [s.bank_per_point, s.delay, s.less_per_point_scored],
            "banks": list(self.banks),
            "running": self.running,
            "delay_left": self.delay_left,
            "paused": self.paused,
            "lost_on_time": self.lost_on_time,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchClock:
        """The clock :meth:`to_dict` saved; ``ValueError`` if the data is not one."""
        try:
            per_point, delay, less = (float(x) for x in data["settings"])
            clock = cls(ClockSettings(per_point, delay, less))
            banks = [float(b) for b in data["banks"]]
            running, lost = data["running"], data["lost_on_time"]
            if len(banks) != 2 or min(banks) < 0 or running not in (None, 0, 1) or lost not in (None, 0, 1):
                raise ValueError("banks, running or lost_on_time out of range")
            clock.banks = banks
            clock.running = running
            clock.delay_left = min(max(float(data["delay_left"]), 0.0), delay)
            clock.paused = bool(data["paused"])
            clock.lost_on_time = lost
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a saved clock: {exc}") from exc
        return clock


def _ceil(seconds: float) -> int:
    whole = int(seconds)
    return whole + (1 if seconds > whole + 1e-9 else 0)


__all__ = ["PRESETS", "ClockSettings", "MatchClock"]
