"""The coach: checkable facts about a play, and why the expert's play is better, in words.

Pure: the standard library, the rules engine, the computer player and the message catalogues;
no pygame (the coach card on screen calls it, as does ``python -m game.bot``'s ``explain``).

The one scale of how good a decision was (:mod:`.scale`) and the sentences' rendering
(:mod:`.words`) load at once; the facts and the verdict, which need the computer player, load
when first asked for. So a screen can grade a decision and show a reason the review worked out
without loading the computer player at start-up (the game screen loads it when it is needed).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .scale import BLUNDER, EQUAL, GRADES, INACCURATE, MISTAKE, Grade, grade
from .words import Phrase, render, render_all

if TYPE_CHECKING:
    from .facts import CubeFacts, PlayFacts, cube_facts, play_facts, point_kind, shots
    from .hint import hint_reason
    from .verdict import Explanation, choose_reason, explain

_LAZY = {
    "CubeFacts": ".facts",
    "PlayFacts": ".facts",
    "cube_facts": ".facts",
    "play_facts": ".facts",
    "point_kind": ".facts",
    "shots": ".facts",
    "Explanation": ".verdict",
    "choose_reason": ".verdict",
    "explain": ".verdict",
    "hint_reason": ".hint",
}


def __getattr__(name: str) -> Any:
    """The facts' and the verdict's names, imported on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "BLUNDER",
    "EQUAL",
    "GRADES",
    "INACCURATE",
    "MISTAKE",
    "CubeFacts",
    "Explanation",
    "Grade",
    "Phrase",
    "PlayFacts",
    "choose_reason",
    "cube_facts",
    "explain",
    "grade",
    "hint_reason",
    "play_facts",
    "point_kind",
    "render",
    "render_all",
    "shots",
]
