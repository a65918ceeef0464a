"""The kinds of game: against the computer, two players, the demo, and Learn to play's lessons.

Why a type: the word crosses the title, the controller, the autosave, the records, the coach and the
screens, and a misspelled word once quietly became a game against the computer. The values are the
words the title and the command line use; the autosave file has its own older spelling for two players
("two_players"), kept by :attr:`GameMode.saved` so that saved games still load.
"""

from __future__ import annotations

from enum import StrEnum


class GameMode(StrEnum):
    COMPUTER = "computer"
    TWO = "two"
    DEMO = "demo"
    LEARN = "learn"
    """A lesson of Learn to play: fixed dice, a human against a scripted side, never kept."""

    @property
    def humans(self) -> frozenset[int]:
        """The players the screen's people play (player 0 against the computer and in a lesson)."""
        match self:
            case GameMode.COMPUTER | GameMode.LEARN:
                return frozenset({0})
            case GameMode.TWO:
                return frozenset({0, 1})
            case GameMode.DEMO:
                return frozenset()

    @property
    def kept(self) -> bool:
        """Saved, recorded and counted in the dice statistics: a game people play for real (a lesson's
        dice are fixed and the demo plays all day)."""
        match self:
            case GameMode.COMPUTER | GameMode.TWO:
                return True
            case GameMode.DEMO | GameMode.LEARN:
                return False

    @property
    def saved(self) -> str:
        """The word the autosave file stores (only a kept game is saved)."""
        return "two_players" if self == GameMode.TWO else self.value

    @classmethod
    def from_saved(cls, word: str) -> GameMode:
        """The mode an autosave file names; ValueError for any other word (a lesson is never saved;
        the demo is not saved either, but files that name it still load)."""
        for mode in cls:
            if mode != GameMode.LEARN and mode.saved == word:
                return mode
        raise ValueError(f"unknown mode {word!r}")


SAVED_MODES: tuple[str, ...] = tuple(m.saved for m in GameMode if m != GameMode.LEARN)
"""Every word an autosave file may name."""

__all__ = ["SAVED_MODES", "GameMode"]
