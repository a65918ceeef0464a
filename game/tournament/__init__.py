"""Tournaments for events: a knock-out draw with a consolation draw, or Swiss rounds; results,
what to play next, standings, saving after every change, and export to a folder (HTML, CSV, .mat).

Pure standard library plus the engine and the records: no pygame. The screens are built on
:class:`Tournament` (the logic), :class:`TournamentFile` (saving and loading) and
:func:`export_folder` (the USB stick).
"""

from .core import MAX_PLAYERS, MIN_PLAYERS, Player, Standing, TMatch, Tournament, TournamentError
from .export import export_folder, html_page, matches_csv, standings_csv
from .store import Loaded, TournamentFile
from .words import call_text, error_text

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Loaded",
    "Player",
    "Standing",
    "TMatch",
    "Tournament",
    "TournamentError",
    "TournamentFile",
    "call_text",
    "error_text",
    "export_folder",
    "html_page",
    "matches_csv",
    "standings_csv",
]
