"""The coach: checkable facts about a play, and why the expert's play is better, in words.

Pure: the standard library, the rules engine, the computer player and the message catalogues;
no pygame (the coach card on screen calls it, as does ``python -m game.bot``'s ``explain``).
"""

from .facts import CubeFacts, PlayFacts, cube_facts, play_facts, point_kind, shots
from .verdict import BLUNDER, EQUAL, MISTAKE, Explanation, choose_reason, explain
from .words import Phrase, render, render_all

__all__ = [
    "BLUNDER",
    "EQUAL",
    "MISTAKE",
    "CubeFacts",
    "Explanation",
    "Phrase",
    "PlayFacts",
    "choose_reason",
    "cube_facts",
    "explain",
    "play_facts",
    "point_kind",
    "render",
    "render_all",
    "shots",
]
