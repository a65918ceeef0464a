"""Board and checker sets ("looks"): the colours of the board and the shapes that tell what colour tells.

Why sets, and why these: one man in twelve does not tell red from green, some players need stronger
contrast, and the classic board is what most people expect. Every set keeps the rule of WCAG 1.4.11
(non-text contrast): each checker stands out from each point at 3:1 or more, and a lit target's
outline from the felt too. Those figures are measured from the rendered board, not from these
numbers (``tests/ui/test_looks.py``, ``python -m game.ui.tools.contrast``): a checker's shading
and a translucent glow change what the eye gets.

Why the points are mid-tones in every set: a white checker and a black one must both stand out
from the same point, which is only possible for a point whose luminance lies between theirs with
room on both sides (at most 4.6:1 each way for pure white and pure black checkers). The classic
board's cream and dark red points gave 1.2:1 for a white checker on cream and 2.4:1 for a black
one on red; its points are now caramel and brick red.

The dice lie on the felt, so each die stands out from the felt at 3:1 too, by its body or by its rim:
the dark dice carry a light rim in every set (without it, measured: 2.5:1 on the classic felt, 1.7:1
on the black one, 1.5:1 on the slate one).

What colour tells is also told by shape, in every set (so the sets differ only in how they look):
a lit target is striped and outlined and its landing spot has a ring with four ticks (a gun-sight);
a checker that may move has a thin ring; the picked-up checker a thick double ring; the last
play a dashed ring where a checker landed and a hollow dot where one left. The colour-blind set
adds a mark on every checker (a dot on the light ones, a cross on the dark ones) so that the two
sides are told apart even in grey.

Pure data (no pygame): :mod:`game.ui.board.art` draws the sprites from it and
:mod:`game.ui.board.view` the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Look:
    """One board and checker set."""

    name: str
    checkers: dict[str, tuple[Colour, Colour, Colour]]
    """Per side ("white", "black"): base, rim (darker), highlight."""
    edge: dict[str, Colour]
    """Per side: the checker's outermost line."""
    marks: dict[str, str]
    """Per side: the mark in the middle of each checker: "" (none), "dot" or "cross"."""
    mark_colour: dict[str, Colour]
    points: dict[str, Colour]
    """"light" and "dark" points."""
    felt: Colour
    wood: tuple[Colour, Colour, Colour, Colour, Colour]
    """The frame's wood: base, the two shades of its waves, the two ends of its grain lines."""
    bar: Colour
    tray: Colour
    numbers: Colour
    """The point numbers' colour (on the frame)."""
    target: Colour
    """Lit targets: the stripes and outline on the point, the landing ring."""
    movable: Colour
    """The thin ring on a checker that may move."""
    selected: Colour
    """The picked-up checker's ring."""
    last: Colour
    """The last play's dashed rings and hollow dots."""
    speckle: int = 10
    """The felt's speckle (how much a pixel may differ from ``felt``; 0 for a flat felt)."""
    die_rim: dict[str, Colour] = field(default_factory=dict)
    """Per side: a light rim round the dice of a side whose dark body would melt into the felt (the
    dark dice on black felt were seen hard to find in a real window); a side not named keeps the
    die's own thin dark edge."""


CLASSIC = Look(
    name="classic",
    checkers={
        "white": ((240, 233, 214), (164, 150, 122), (255, 255, 250)),
        "black": ((34, 32, 40), (10, 10, 14), (120, 120, 140)),
    },
    edge={"white": (98, 90, 73), "black": (6, 6, 8)},
    marks={"white": "", "black": ""},
    mark_colour={"white": (0, 0, 0), "black": (0, 0, 0)},
    points={"light": (160, 112, 62), "dark": (208, 60, 56)},
    felt=(22, 96, 62),
    wood=((120, 72, 36), (104, 60, 28), (142, 88, 46), (84, 46, 20), (160, 104, 58)),
    bar=(70, 40, 16),
    tray=(14, 60, 40),
    numbers=(255, 236, 200),
    target=(150, 255, 110),
    movable=(150, 255, 150),
    selected=(255, 204, 64),
    last=(90, 200, 255),
    die_rim={"black": (190, 184, 172)},
)
"""The board the game always had, its points moved to mid-tones (see the module's docstring)."""

CONTRAST = Look(
    name="contrast",
    checkers={
        "white": ((255, 255, 255), (205, 205, 205), (255, 255, 255)),
        "black": ((0, 0, 0), (0, 0, 0), (70, 70, 70)),
    },
    edge={"white": (0, 0, 0), "black": (255, 255, 255)},
    marks={"white": "", "black": ""},
    mark_colour={"white": (0, 0, 0), "black": (255, 255, 255)},
    points={"light": (214, 96, 0), "dark": (40, 104, 255)},
    felt=(0, 0, 0),
    wood=((58, 58, 58), (44, 44, 44), (72, 72, 72), (36, 36, 36), (84, 84, 84)),
    bar=(30, 30, 30),
    tray=(24, 24, 24),
    numbers=(255, 255, 255),
    target=(255, 240, 0),
    movable=(255, 255, 255),
    selected=(255, 240, 0),
    last=(0, 255, 255),
    speckle=0,
    die_rim={"black": (255, 255, 255)},
)
"""Pure white and pure black checkers on orange and blue points, on black felt."""

COLOURBLIND = Look(
    name="colourblind",
    checkers={
        "white": ((242, 240, 234), (176, 172, 162), (255, 255, 255)),
        "black": ((28, 28, 34), (8, 8, 10), (110, 110, 124)),
    },
    edge={"white": (70, 70, 76), "black": (0, 0, 0)},
    marks={"white": "dot", "black": "cross"},
    mark_colour={"white": (40, 40, 48), "black": (236, 236, 240)},
    points={"light": (188, 104, 28), "dark": (70, 122, 206)},
    felt=(44, 50, 64),
    wood=((92, 80, 70), (76, 66, 58), (108, 96, 84), (62, 54, 48), (120, 108, 96)),
    bar=(58, 50, 44),
    tray=(66, 72, 88),
    numbers=(245, 245, 245),
    target=(255, 226, 60),
    movable=(255, 255, 255),
    selected=(255, 226, 60),
    last=(120, 220, 255),
    die_rim={"black": (220, 220, 226)},
)
"""Orange and blue points (the pair most colour-blind eyes still tell apart) on slate felt; the
checkers differ in brightness and carry a mark: a dot on the light ones, a cross on the dark ones."""

LOOKS: dict[str, Look] = {look.name: look for look in (CLASSIC, CONTRAST, COLOURBLIND)}
LOOK_NAMES: tuple[str, ...] = tuple(LOOKS)


def look(name: str) -> Look:
    """The set called ``name`` (the classic one for a name no set has)."""
    return LOOKS.get(name, CLASSIC)


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: tuple[int, int, int] | tuple[int, ...]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white)."""
    r, g, b = rgb[0], rgb[1], rgb[2]
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


def contrast(a: float, b: float) -> float:
    """WCAG 2 contrast ratio of two relative luminances (1 .. 21)."""
    high, low = max(a, b), min(a, b)
    return (high + 0.05) / (low + 0.05)


__all__ = [
    "CLASSIC",
    "COLOURBLIND",
    "CONTRAST",
    "LOOKS",
    "LOOK_NAMES",
    "Look",
    "contrast",
    "look",
    "luminance",
]
