"""Tournaments for events: a knock-out draw with a consolation draw, or Swiss rounds; results,
what to play next, standings, saving after every change, and export to a folder (HTML, CSV, .mat).

Pure standard library plus the engine and the records: no pygame. The screens are built on
:class:`Tournament` (the logic), :class:`TournamentFile` (saving and loading) and
:func:`export_folder` (the USB stick).

This package is the one owner of a tournament's rules; the screens and the networked desk only
call it. What the director does: :meth:`Tournament.enter_result`, :meth:`Tournament.correct_result`,
:meth:`Tournament.clear_result`, :meth:`Tournament.withdraw`, :meth:`Tournament.reinstate`; each
takes ``by`` (who did it) for :attr:`Tournament.log` and bumps :attr:`Tournament.revision`. What to
play next: :meth:`Tournament.ready_matches` (a Swiss pairs its next round by itself as the last
result of a round comes in). A damaged file keeps what can be kept (:func:`salvage`).
"""

from .export import export_folder, html_page, matches_csv, standings_csv
from .model import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Change,
    ChangeKind,
    How,
    Player,
    Result,
    Standing,
    TMatch,
    Tournament,
    TournamentError,
)
from .salvage import Lost, LostKind, salvage
from .store import Loaded, TournamentFile
from .words import call_text, change_text, error_text

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Change",
    "ChangeKind",
    "How",
    "Loaded",
    "Lost",
    "LostKind",
    "Player",
    "Result",
    "Standing",
    "TMatch",
    "Tournament",
    "TournamentError",
    "TournamentFile",
    "call_text",
    "change_text",
    "error_text",
    "export_folder",
    "html_page",
    "matches_csv",
    "salvage",
    "standings_csv",
]
