"""The computer's levels, weakest first: the one list the settings, the title, the machine interface
and the computer itself use. The values are the words settings files and the machine interface carry."""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"
    EXPERT = "expert"


LEVELS: tuple[Level, ...] = tuple(Level)
"""Weakest first."""

DEFAULT_LEVEL = Level.INTERMEDIATE

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Level"]
