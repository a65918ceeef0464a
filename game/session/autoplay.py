"""Fewer needless taps: the plays the game may make for a player by itself (two settings, both off).

Forced plays: when the rules leave one play (the engine's ``legal_plays`` lists each distinct result
once, so one entry is one choice), the game makes it after a short pause. Equal bear-offs: in a
bear-off without contact (every checker of the player in their home board, nobody able to hit),
when every legal play leaves the player exactly the same chances, the choice cannot matter, and the
game makes one of them.

"The same chances", exactly: without contact each side's race is independent of the other's, so a
play's result is summed up by two distributions from the project's one-sided bear-off table (how
many rolls the player needs to bear off everything, and to bear off a first checker, which is what
saving a gammon needs). Two plays whose results have both distributions equal win, win gammons and
lose gammons equally often against any opponent, with the cube or without. Near the end of a bear-off
that is common: with two checkers left on low points every roll takes both off, wherever they stand.
(The table is one-sided and exact to 1/65535 per entry; it rounds two different results to the same
only where they differ by less than that.)

No pygame and no rule of its own: legality comes from the engine, chances from ``game.ai.bearoff``.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai import bearoff
from game.engine.flow import GameState, Phase
from game.engine.moves import Move, Play, legal_plays
from game.session import settings as st


def _fresh_turn_plays(state: GameState) -> list[Play] | None:
    """The legal plays of a turn nobody has touched yet; None for any other moment."""
    if state.phase is not Phase.MOVING or state.dice is None or state.moves:
        return None
    plays = legal_plays(state.position, state.dice)
    if not plays or not plays[0].moves:
        return None  # nothing to play: the game already passes such a turn by itself
    return plays


def forced_play(state: GameState) -> tuple[Move, ...] | None:
    """The play, when the rules leave exactly one for the roll; else None."""
    plays = _fresh_turn_plays(state)
    if plays is None or len(plays) != 1:
        return None
    return plays[0].moves


def _chances(play: Play, db: bearoff.Database) -> tuple[bearoff.Dist, bearoff.Dist] | None:
    side = bearoff.home_side(play.position.me)
    if side is None:
        return None
    return db.finish(side), db.first_off(side)


def equal_bearoff(state: GameState, db: bearoff.Database | None = None) -> tuple[Move, ...] | None:
    """In a bear-off without contact, a play when every legal play leaves the same chances; else None."""
    pos = state.position
    if state.phase is not Phase.MOVING or not pos.is_race() or bearoff.home_side(pos.me) is None:
        return None
    plays = _fresh_turn_plays(state)
    if plays is None:
        return None
    table = db or bearoff.default_db()
    first = _chances(plays[0], table)
    if first is None or any(_chances(play, table) != first for play in plays[1:]):
        return None
    return plays[0].moves


def choose(state: GameState, forced: bool, bear_off: bool) -> tuple[Move, ...] | None:
    """The play to make by itself for the player on turn, as the two settings allow; else None."""
    if forced:
        play = forced_play(state)
        if play is not None:
            return play
    if bear_off:
        return equal_bearoff(state)
    return None


class AutoPlay:
    """The controller's hook: reads the settings each time (they may change during a game)."""

    def __init__(self, settings: Callable[[], st.Settings]) -> None:
        self.settings = settings

    def __call__(self, state: GameState) -> tuple[Move, ...] | None:
        s = self.settings()
        if not (s.auto_forced or s.auto_bearoff):
            return None
        return choose(state, s.auto_forced, s.auto_bearoff)


__all__ = ["AutoPlay", "choose", "equal_bearoff", "forced_play"]
