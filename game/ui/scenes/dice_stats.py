"""The dice statistics on screen: how often each number and each double came up, and whether that
looks fair.

The numbers and the test behind the verdict are the session's (:mod:`game.session.dice_stats`);
this module draws them: the counts against what fair dice predict, the verdict, and a plain
explanation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import tr
from game.session.dice_stats import DiceStats, percent_text
from game.ui import layout as L
from game.ui.board.view import BG
from game.ui.lines import wrap
from game.ui.scene import ButtonScene, Host, button
from game.ui.text import CACHE, READ_SIZE, put_text

PANEL = (18, 40, 30)
"""The statistics panel's background."""
Translate = Callable[..., str]


def _font(size: int, bold: bool) -> pygame.font.Font:
    """The shipped font from the screen's shared cache (which is reset whenever pygame restarts)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return CACHE.font(size, bold)


def draw_panel(surface: pygame.Surface, area: Any, stats: DiceStats, tr: Translate) -> None:
    """Draw the statistics panel into ``area`` (a rect) of ``surface``; ``tr(key, **kw)`` gives the words."""
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
        return put_text(surface, surf, surf.get_rect(**{anchor: pos}))

    y = text(tr("fair.title"), 36, ink, (x0, y), bold=True).bottom + px(4)
    count_key = "fair.rolls.one" if stats.rolls == 1 else "fair.rolls.other"
    y = text(tr(count_key, n=stats.rolls), READ_SIZE, dim, (x0, y)).bottom + px(14)

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
                READ_SIZE,
                False,
            )
        )
        lines.append(
            (
                f"{tr('fair.doubles')}: " + tr("fair.chi_square", value=num(f"{chi2:.1f}"), df=df2),
                dim,
                READ_SIZE,
                False,
            )
        )
        if verdict == "odd" and p < 0.001:
            lines.append((tr("fair.verdict_rare", percent=num("0.1")), warn, 26, True))
        else:
            key = "fair.verdict_odd" if verdict == "odd" else "fair.verdict_ok"
            lines.append((tr(key, percent=num(percent_text(p))), warn if verdict == "odd" else ink, 26, True))
    lines.append((tr("fair.explain"), dim, READ_SIZE, False))
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
    label_h = CACHE.font(px(READ_SIZE), False).get_height()
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
            label = CACHE.render(str(count), px(READ_SIZE), ink, False)
            spot = label.get_rect(midbottom=(bx + (bar_w - px(12)) // 2, base - h - px(2)))
            pygame.draw.rect(surface, PANEL, spot.inflate(px(8), 0), border_radius=px(4))
            put_text(surface, label, spot)
            text(
                labels[i],
                READ_SIZE,
                ink,
                (bx + (bar_w - px(12)) // 2, base + px(4)),
                bold=True,
                anchor="midtop",
            )
        if stats.rolls:  # before any roll "expected 0.0" told a newcomer nothing (seen in a real window)
            text(
                f"{tr('fair.expected')} {num(f'{expected:.1f}')}",
                READ_SIZE,
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


class DiceStatsScene(ButtonScene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.buttons.add(button((L.W // 2 - 200, L.H - 86, 400, 70), tr("button.back"), self.close, "green"))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(BG)
        draw_panel(surface, pygame.Rect(40, 24, L.W - 80, L.H - 126), self.app.dice_stats, tr)
        self.buttons.draw(surface, self.app.sprites)


__all__ = ["PANEL", "DiceStatsScene", "draw_panel"]
