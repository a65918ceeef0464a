"""The project's own sprites, drawn with pygame primitives.

``game/ui/tools/make_assets.py`` calls these and saves PNGs into ``assets/images``; the
game loads the PNGs (see :mod:`game.ui.board.sprites`) and falls back to drawing them
here if a file is missing, so a broken install still shows a playable board.
A fixed ``random.Random`` seeds the wood grain and felt, so regenerating is stable.
"""

from __future__ import annotations

import math
import random

import pygame

from game.ui.board.looks import CLASSIC, Look
from game.ui.layout import CHECKER, CUBE, DIE, PH, PW, SLICE_H, TRAY_W

Colour = tuple[int, int, int]

LOOK_SPRITES: tuple[str, ...] = (
    "wood",
    "felt",
    "point_light",
    "point_dark",
    "checker_white",
    "checker_black",
    "side_white",
    "side_black",
)
"""The sprites a board and checker set (:mod:`game.ui.board.looks`) changes, besides the dice (their
rim, see :func:`in_look`); the cube and the buttons are the same in every set."""


def _lerp(a: Colour, b: Colour, t: float) -> Colour:
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


def wood_tile(size: int = 256, seed: int = 7, look: Look = CLASSIC) -> pygame.Surface:
    """Warm wood with grain lines; tiles horizontally and vertically well enough at frame widths."""
    rng = random.Random(seed)
    base, dark, light, grain_dark, grain_light = look.wood
    surf = pygame.Surface((size, size))
    surf.fill(base)
    for y in range(size):
        wave = math.sin(y / 9.0) * 0.5 + math.sin(y / 23.0) * 0.5
        shade = _lerp(dark, light, 0.5 + 0.5 * wave)
        pygame.draw.line(surf, shade, (0, y), (size, y))
    for _ in range(70):
        y = rng.randrange(size)
        length = rng.randrange(40, size)
        x = rng.randrange(size)
        col = _lerp(grain_dark, grain_light, rng.random())
        pygame.draw.line(surf, col, (x, y), (x + length, y + rng.choice((-1, 0, 1))), 1)
        if x + length > size:
            pygame.draw.line(surf, col, (x - size, y), (x + length - size, y), 1)
    return surf


def felt_tile(size: int = 128, seed: int = 11, look: Look = CLASSIC) -> pygame.Surface:
    """Baize with a fine speckle so large areas do not look flat (a flat felt where the set has none)."""
    rng = random.Random(seed)
    felt = look.felt
    surf = pygame.Surface((size, size))
    surf.fill(felt)
    if look.speckle:
        for _ in range(size * size // 6):
            x, y = rng.randrange(size), rng.randrange(size)
            d = rng.randint(-look.speckle, look.speckle)
            r, g, b = felt
            surf.set_at((x, y), (max(0, r + d // 2), min(255, max(0, g + d)), max(0, b + d // 2)))
    return surf


def point_sprite(kind: str, w: int = PW, h: int = PH, look: Look = CLASSIC) -> pygame.Surface:
    """A triangle pointing up (flipped at run time for the top half), with a lighter centre line."""
    base = look.points[kind]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    tip = (w / 2, 6)
    pygame.draw.polygon(surf, _lerp(base, (0, 0, 0), 0.35), [(0, h), (w, h), tip])
    pygame.draw.polygon(surf, base, [(3, h), (w - 3, h), (w / 2, 10)])
    light = _lerp(base, (255, 255, 255), 0.18)
    pygame.draw.polygon(surf, light, [(w / 2 - 6, h), (w / 2 + 6, h), (w / 2, 14)])
    return surf


def checker_sprite(colour: str, d: int = CHECKER, look: Look = CLASSIC) -> pygame.Surface:
    """A checker seen from above with depth: drop shadow, bevelled rim, groove, a shine and the set's
    mark (a dot or a cross, drawn over the shine so that it reads whole)."""
    base, rim, high = look.checkers[colour]
    pad = 4
    surf = pygame.Surface((d + pad, d + pad), pygame.SRCALPHA)
    c = (d / 2, d / 2)
    r = d / 2
    pygame.draw.circle(surf, (0, 0, 0, 90), (c[0] + 3, c[1] + 4), r)
    pygame.draw.circle(surf, rim, c, r)
    steps = 14
    for i in range(steps):
        t = i / (steps - 1)
        pygame.draw.circle(
            surf, _lerp(_lerp(base, rim, 0.45), base, t), (c[0] - t * 2, c[1] - t * 2), r - 3 - t * 4
        )
    groove = _lerp(base, rim, 0.55)
    pygame.draw.circle(surf, groove, c, r * 0.62, 3)
    pygame.draw.circle(surf, _lerp(base, high, 0.3), (c[0] - 1, c[1] - 1), r * 0.62 - 3, 1)
    shine = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.ellipse(shine, (*high, 110), (r * 0.45, r * 0.28, r * 0.7, r * 0.38))
    surf.blit(shine, (0, 0))
    pygame.draw.circle(surf, look.edge[colour], c, r, 2)
    _mark(surf, look.marks[colour], look.mark_colour[colour], c, r)
    return surf


def _mark(surf: pygame.Surface, mark: str, colour: Colour, c: tuple[float, float], r: float) -> None:
    """A checker's mark: a filled dot or a cross, a third of the checker wide (seen from two metres)."""
    if mark == "dot":
        pygame.draw.circle(surf, colour, c, r * 0.26)
    elif mark == "cross":
        arm = r * 0.3
        width = max(3, round(r * 0.16))
        pygame.draw.line(surf, colour, (c[0] - arm, c[1] - arm), (c[0] + arm, c[1] + arm), width)
        pygame.draw.line(surf, colour, (c[0] - arm, c[1] + arm), (c[0] + arm, c[1] - arm), width)


def checker_side_sprite(
    colour: str, w: int = TRAY_W - 14, h: int = SLICE_H - 1, look: Look = CLASSIC
) -> pygame.Surface:
    """A borne-off checker lying in the tray, seen edge-on."""
    base, rim, high = look.checkers[colour]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, rim, (0, 0, w, h), border_radius=h // 2)
    pygame.draw.rect(surf, base, (2, 2, w - 4, h - 5), border_radius=h // 2)
    pygame.draw.line(surf, _lerp(base, high, 0.6), (6, 3), (w - 7, 3), 2)
    pygame.draw.rect(surf, look.edge[colour], (0, 0, w, h), 1, border_radius=h // 2)
    return surf


PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


RIM = 4
"""The width of a dark die's light rim (:attr:`Look.die_rim`), in logical pixels: 2.5 pixels on an
800x480 screen."""

DIE_COLOURS: dict[tuple[str, bool], tuple[Colour, Colour, Colour]] = {
    ("white", False): ((250, 246, 236), (170, 160, 140), (24, 24, 30)),
    ("black", False): ((54, 50, 60), (16, 16, 20), (250, 244, 230)),
    ("white", True): ((172, 168, 160), (118, 112, 102), (16, 16, 20)),
    ("black", True): ((22, 21, 26), (6, 6, 8), (198, 194, 184)),
}
"""(body, edge, pips) per player colour and used state. A used die is greyed but its pips keep a
contrast of 7:1 or more against its body (WCAG's figure for small text): the roll must read from
two metres on a 7-inch screen whether or not its dice are spent. (A used die used to be the fresh
one multiplied to 41% and made translucent: the dark side's read mid-grey on near-black, 3:1.)"""


def die_sprite(
    face: int, colour: str, size: int = DIE, used: bool = False, look: Look = CLASSIC
) -> pygame.Surface:
    """A die in the player's colour: rounded body, bevel, shadowed pips; ``used``: spent this turn.
    A side that has a rim in ``look`` (:attr:`Look.die_rim`) gets a light rim round its dark body, the
    same fresh or spent (what tells a spent die is its body), so that the die stands out from the felt."""
    body, edge, pip = DIE_COLOURS[(colour, used)]
    rim = look.die_rim.get(colour)
    pad = 4
    inset = 2 if rim is None else RIM
    surf = pygame.Surface((size + pad, size + pad), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 100), (3, 4, size, size), border_radius=size // 6)
    pygame.draw.rect(surf, edge if rim is None else rim, (0, 0, size, size), border_radius=size // 6)
    pygame.draw.rect(
        surf, body, (inset, inset, size - 2 * inset - 1, size - 2 * inset - 1), border_radius=size // 6
    )
    shine = 0.2 if used else 0.5  # a spent die is matte
    top = max(4, inset + 2)
    pygame.draw.rect(
        surf,
        _lerp(body, (255, 255, 255), shine),
        (top + 1, top, size - 2 * top - 6, size // 3),
        border_radius=size // 8,
    )
    lower = (inset + 2, size // 4, size - 2 * inset - 5, size - size // 4 - inset - 4)
    pygame.draw.rect(surf, body, lower, border_radius=size // 6)
    pr = size * 0.085
    for fx, fy in PIPS[face]:
        pygame.draw.circle(surf, _lerp(pip, body, 0.5), (fx * size + 1, fy * size + 1), pr)
        pygame.draw.circle(surf, pip, (fx * size, fy * size), pr)
    return surf


def cube_sprite(value: int, size: int = CUBE) -> pygame.Surface:
    """The doubling cube showing ``value`` (a centred cube at 1 shows 64, as on a real board)."""
    font = pygame.font.Font(_font_path(), int(size * (0.56 if value < 10 else 0.46)))
    pad = 4
    surf = pygame.Surface((size + pad, size + pad), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 110), (3, 4, size, size), border_radius=8)
    pygame.draw.rect(surf, (40, 30, 10), (0, 0, size, size), border_radius=8)
    pygame.draw.rect(surf, (255, 214, 64), (3, 3, size - 6, size - 6), border_radius=7)
    pygame.draw.rect(surf, (255, 236, 140), (6, 5, size - 12, size // 3), border_radius=6)
    pygame.draw.rect(surf, (255, 214, 64), (6, size // 4, size - 12, size - size // 4 - 8), border_radius=6)
    label = font.render(str(64 if value == 1 else value), True, (40, 24, 0))
    surf.blit(label, label.get_rect(center=(size / 2, size / 2 + 1)))
    return surf


def button_sprite(colour: Colour, size: int = 96) -> pygame.Surface:
    """A rounded, bevelled button face; scaled by nine-slicing so corners stay round at any size."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = 22
    dark = _lerp(colour, (0, 0, 0), 0.45)
    pygame.draw.rect(surf, (0, 0, 0, 120), (0, 5, size, size - 5), border_radius=radius)
    pygame.draw.rect(surf, dark, (0, 0, size, size - 5), border_radius=radius)
    for i in range(size - 14):
        t = i / (size - 15)
        col = _lerp(_lerp(colour, (255, 255, 255), 0.25), _lerp(colour, (0, 0, 0), 0.12), t)
        pygame.draw.line(surf, col, (4, 4 + i), (size - 5, 4 + i))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (4, 4, size - 8, size - 14), border_radius=radius - 4)
    face = surf.copy()
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(out, (0, 0, 0, 120), (0, 5, size, size - 5), border_radius=radius)
    pygame.draw.rect(out, dark, (0, 0, size, size - 5), border_radius=radius)
    out.blit(face, (0, 0))
    pygame.draw.rect(out, _lerp(colour, (255, 255, 255), 0.55), (4, 4, size - 8, size - 14), 2, radius - 4)
    return out


BUTTON_COLOURS: dict[str, Colour] = {
    "green": (40, 170, 80),
    "red": (176, 40, 40),
    "blue": (30, 88, 168),
    "grey": (74, 78, 88),
    "gold": (220, 160, 30),
}
"""The button faces. Red, blue and grey carry white labels, green and gold dark ones
(:data:`game.ui.widgets.LABEL_INK`): each label at least 4.5:1 (WCAG AA) against the middle of its face,
which is what a label covers (``tests/ui/test_readability.py``). Red, blue and grey were lighter, and
white on green and gold read at 2.2-3.1:1."""


def _font_path() -> str | None:
    from game.ui.text import BOLD_FONT

    return str(BOLD_FONT) if BOLD_FONT.exists() else None


def in_look(name: str) -> bool:
    """Whether the sprite ``name`` changes with the board set: :data:`LOOK_SPRITES` and the dice."""
    return name in LOOK_SPRITES or name.startswith("die_")


def look_sprite(name: str, look: Look) -> pygame.Surface:
    """One of :data:`LOOK_SPRITES` (or a die) drawn in the colours of ``look``."""
    if name == "wood":
        return wood_tile(look=look)
    if name == "felt":
        return felt_tile(look=look)
    kind, _, which = name.partition("_")
    if kind == "point":
        return point_sprite(which, look=look)
    if kind == "checker":
        return checker_sprite(which, look=look)
    if kind == "side":
        return checker_side_sprite(which, look=look)
    if kind == "die":
        colour, face, *used = which.split("_")
        return die_sprite(int(face), colour, used=bool(used), look=look)
    raise ValueError(f"{name!r} is not a sprite of a board set")


def all_sprites() -> dict[str, pygame.Surface]:
    """Every sprite by file stem, as ``game/ui/tools/make_assets.py`` writes them (the classic set)."""
    out: dict[str, pygame.Surface] = {name: look_sprite(name, CLASSIC) for name in LOOK_SPRITES}
    for colour in ("white", "black"):
        for face in range(1, 7):
            out[f"die_{colour}_{face}"] = die_sprite(face, colour)
            out[f"die_{colour}_{face}_used"] = die_sprite(face, colour, used=True)
    for value in (1, 2, 4, 8, 16, 32, 64):
        out[f"cube_{value}"] = cube_sprite(value)
    for name, rgb in BUTTON_COLOURS.items():
        out[f"button_{name}"] = button_sprite(rgb)
    return out
