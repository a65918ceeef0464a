"""Dice fairness: how often each number and each double came up this session, against chance.

Why: "the dice are rigged" is the most common complaint about backgammon
programs. The honest answer is to show the counts next to what fair dice
predict, with a standard test of how surprising the difference is:

* each number: every die is 1..6 with probability 1/6, so the six face counts
  over ``2 * rolls`` dice get a chi-square test with 5 degrees of freedom;
* each double: a roll is the double ``d-d`` with probability 1/36, and not a
  double with probability 30/36; seven categories, 6 degrees of freedom.

The p-value is the chance that fair dice are at least this uneven, computed
with the regularised upper incomplete gamma function (pure ``math``). The
verdict uses the smaller of the two p-values with a Bonferroni factor of 2 and
calls a spread unusual below 1 %, so a fair session is flagged about once in a
hundred sessions, as the text says.

Computation is pure; :func:`draw_panel` is the only pygame part.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

MIN_ROLLS = 30
"""Below this many rolls the test says nothing useful; the panel says so instead of a verdict."""
ALPHA = 0.01
PANEL = (18, 40, 30)
"""The statistics panel's background."""


@dataclass(frozen=True)
class DiceStats:
    """Counts for one session; immutable, :meth:`add` returns the updated value."""

    faces: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    doubles: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    rolls: int = 0

    def add(self, a: int, b: int) -> DiceStats:
        """The statistics with one more roll of two dice (an opening roll counts too: both dice are fair)."""
        for d in (a, b):
            if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
                raise ValueError(f"a die shows 1 to 6, not {d!r}")
        faces = list(self.faces)
        faces[a - 1] += 1
        faces[b - 1] += 1
        doubles = list(self.doubles)
        if a == b:
            doubles[a - 1] += 1
        return DiceStats(tuple(faces), tuple(doubles), self.rolls + 1)

    @classmethod
    def from_rolls(cls, rolls: Iterable[tuple[int, int]]) -> DiceStats:
        stats = cls()
        for a, b in rolls:
            stats = stats.add(a, b)
        return stats

    @property
    def face_expected(self) -> float:
        return 2 * self.rolls / 6

    @property
    def double_expected(self) -> float:
        return self.rolls / 36

    def face_test(self) -> tuple[float, int, float]:
        """(chi-square, degrees of freedom, p-value) for the six numbers."""
        e = self.face_expected
        if e <= 0:
            return 0.0, 5, 1.0
        chi = sum((o - e) ** 2 / e for o in self.faces)
        return chi, 5, chi_square_p(chi, 5)

    def double_test(self) -> tuple[float, int, float]:
        """(chi-square, degrees of freedom, p-value) for the six doubles plus "not a double"."""
        if self.rolls <= 0:
            return 0.0, 6, 1.0
        e = self.double_expected
        non = self.rolls - sum(self.doubles)
        e_non = self.rolls * 30 / 36
        chi = sum((o - e) ** 2 / e for o in self.doubles) + (non - e_non) ** 2 / e_non
        return chi, 6, chi_square_p(chi, 6)

    def verdict(self) -> tuple[str, float]:
        """("too_few" | "ok" | "odd", p) where p is the adjusted p-value shown to players."""
        if self.rolls < MIN_ROLLS:
            return "too_few", 1.0
        p = min(1.0, 2 * min(self.face_test()[2], self.double_test()[2]))
        return ("odd" if p < ALPHA else "ok"), p


def _gamma_q(a: float, x: float) -> float:
    """Regularised upper incomplete gamma Q(a, x) (series below a + 1, continued fraction above)."""
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(500):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - gln))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - gln) * h)


def chi_square_p(chi: float, df: int) -> float:
    """P(X >= chi) for a chi-square variable with ``df`` degrees of freedom."""
    return _gamma_q(df / 2, chi / 2)


def percent_text(p: float) -> str:
    """A probability as players read it: whole percent, or one decimal below 1 %, never "0"."""
    pct = p * 100
    if pct >= 1:
        return str(round(pct))
    if pct >= 0.1:
        return f"{pct:.1f}"
    return "< 0.1"


# ---------------------------------------------------------------------------------------------
# Drawing

Translate = Callable[..., str]


def _font(size: int, bold: bool) -> pygame.font.Font:
    """The shipped font from the screen's shared cache (which is reset whenever pygame restarts)."""
    from game.ui.text import CACHE

    if not pygame.font.get_init():
        pygame.font.init()
    return CACHE.font(size, bold)


def draw_panel(surface: pygame.Surface, area: Any, stats: DiceStats, tr: Translate) -> None:
    """Draw the statistics panel into ``area`` (a rect) of ``surface``; ``tr(key, **kw)`` gives the words."""
    from game.ui.lines import wrap
    from game.ui.text import CACHE, MIN_SIZE  # the screen's shared cache, as _font

    rect = pygame.Rect(area)
    point = tr("number.decimal")

    def num(text: str) -> str:
        return text.replace(".", point) if point in (",", ".") else text

    scale = max(0.5, min(rect.w / 1000, rect.h / 600))

    def px(v: float) -> int:
        return max(1, round(v * scale))

    ink, dim, accent, warn = (245, 240, 225), (170, 175, 160), (240, 190, 60), (240, 110, 90)
    pygame.draw.rect(surface, PANEL, rect, border_radius=px(18))
    pygame.draw.rect(surface, (90, 130, 100), rect, width=px(3), border_radius=px(18))
    pad = px(24)
    x0, y = rect.x + pad, rect.y + pad

    def text(
        s: str,
        size: int,
        colour: tuple[int, int, int],
        pos: tuple[int, int],
        bold: bool = False,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        surf = CACHE.render(s, px(size), colour, bold)
        r = surf.get_rect(**{anchor: pos})
        surface.blit(surf, r)
        return r

    y = text(tr("fair.title"), 36, ink, (x0, y), bold=True).bottom + px(4)
    count_key = "fair.rolls.one" if stats.rolls == 1 else "fair.rolls.other"
    y = text(tr(count_key, n=stats.rolls), 24, dim, (x0, y)).bottom + px(14)

    verdict, p = stats.verdict()
    lines: list[tuple[str, tuple[int, int, int], int, bool]] = []
    if verdict == "too_few":
        lines.append((tr("fair.too_few"), ink, 26, True))
    else:
        chi, df, _ = stats.face_test()
        chi2, df2, _ = stats.double_test()
        lines.append(
            (
                f"{tr('fair.faces')}: " + tr("fair.chi_square", value=num(f"{chi:.1f}"), df=df),
                dim,
                MIN_SIZE,
                False,
            )
        )
        lines.append(
            (
                f"{tr('fair.doubles')}: " + tr("fair.chi_square", value=num(f"{chi2:.1f}"), df=df2),
                dim,
                MIN_SIZE,
                False,
            )
        )
        if verdict == "odd" and p < 0.001:
            lines.append((tr("fair.verdict_rare", percent=num("0.1")), warn, 26, True))
        else:
            key = "fair.verdict_odd" if verdict == "odd" else "fair.verdict_ok"
            lines.append((tr(key, percent=num(percent_text(p))), warn if verdict == "odd" else ink, 26, True))
    lines.append((tr("fair.explain"), dim, MIN_SIZE, False))
    width = rect.w - 2 * pad
    rows = [(size, bold) for s, _, size, bold in lines for _ in wrap(s, _font(px(size), bold), width)]
    # The words below the charts need this much; the charts give up height for them (two-line verdicts
    # in Finnish and Hungarian pushed the explanation's last line off the panel at 800x480).
    words_h = sum(_font(px(size), bold).get_height() + px(2) for size, bold in rows) + px(6) * len(lines)
    chart_h = max(px(80), min(px(200), rect.bottom - px(8) - y - px(80) - words_h))
    gap = px(30)
    chart_w = (rect.w - 2 * pad - gap) // 2
    # The tallest bar's count stands just under the chart's heading; under larger text both grow, so
    # the chart starts lower by as much as they would overlap (and is that much shorter).
    head_h = CACHE.font(px(26), True).get_height()
    label_h = CACHE.font(px(MIN_SIZE), False).get_height()
    top = y + px(40)
    clash = (y + head_h + px(2)) - (top + round(chart_h * (1 - 1 / 1.15)) - px(2) - label_h)
    if clash > 0:
        top += clash
        chart_h -= clash
    for col, (title_key, counts, expected, labels) in enumerate(
        (
            ("fair.faces", stats.faces, stats.face_expected, [str(i) for i in range(1, 7)]),
            ("fair.doubles", stats.doubles, stats.double_expected, [f"{i}-{i}" for i in range(1, 7)]),
        )
    ):
        cx = x0 + col * (chart_w + gap)
        text(tr(title_key), 26, accent, (cx, y), bold=True)
        base = top + chart_h
        peak = max([*counts, expected, 1.0]) * 1.15
        bar_w = chart_w // 6
        ey = base - round(chart_h * expected / peak)
        bars = [(cx + i * bar_w + px(6), round(chart_h * count / peak)) for i, count in enumerate(counts)]
        for bx, h in bars:
            pygame.draw.rect(surface, (70, 150, 210), (bx, base - h, bar_w - px(12), h), border_radius=px(4))
        for dx in range(0, chart_w, px(14)):  # dashed line: what fair dice predict
            pygame.draw.line(surface, accent, (cx + dx, ey), (cx + min(dx + px(8), chart_w), ey), px(3))
        for i, (count, (bx, h)) in enumerate(zip(counts, bars, strict=True)):
            # Each count over the line on a backing of the panel's colour: a count near the expected
            # value stood right on the dashed line ("52" struck through, a play test found it unreadable).
            label = CACHE.render(str(count), px(MIN_SIZE), ink, False)
            spot = label.get_rect(midbottom=(bx + (bar_w - px(12)) // 2, base - h - px(2)))
            pygame.draw.rect(surface, PANEL, spot.inflate(px(8), 0), border_radius=px(4))
            surface.blit(label, spot)
            text(
                labels[i],
                MIN_SIZE,
                ink,
                (bx + (bar_w - px(12)) // 2, base + px(4)),
                bold=True,
                anchor="midtop",
            )
        text(
            f"{tr('fair.expected')} {num(f'{expected:.1f}')}",
            MIN_SIZE,
            accent,
            (cx + chart_w, y + px(6)),
            anchor="topright",
        )
    y = top + chart_h + px(40)

    for s, colour, size, bold in lines:
        for line in wrap(s, _font(px(size), bold), width):
            if y + px(size) > rect.bottom - px(8):
                return
            y = text(line, size, colour, (x0, y), bold=bold).bottom + px(2)
        y += px(6)
