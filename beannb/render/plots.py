"""Plots drawn without matplotlib: SVG a page shows as it is (the browser-only build has no
matplotlib). Pure functions from numbers to an SVG string.
"""
from __future__ import annotations

from html import escape
from typing import Sequence

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1")


def _fmt(x: float, decimal: str) -> str:
    return f"{x:.2f}".replace(".", decimal)


def bars_svg(labels: Sequence[str], means: Sequence[float], halves: Sequence[float], title: str = "",
             unit: str = "", decimal: str = ".", width: int = 520) -> str:
    """Horizontal bars with 95 % interval whiskers, one per label; negative values go left of 0.

    >>> '<svg' in bars_svg(["a", "b"], [1.0, -0.5], [0.2, 0.3], "t")
    True
    """
    n = len(labels)
    row, top, left, right = 26, 28 if title else 8, 150, 70
    height = top + row * n + 24
    lo = min([0.0] + [m - h for m, h in zip(means, halves)])
    hi = max([0.0] + [m + h for m, h in zip(means, halves)])
    if hi - lo < 1e-9:
        hi = lo + 1.0
    span = width - left - right

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * span

    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' class='beannb-plot' role='img' width='{width}' height='{height}' "
             f"viewBox='0 0 {width} {height}' font-family='sans-serif' font-size='12'>"]
    if title:
        parts.append(f"<title>{escape(title)}</title><text x='{left}' y='16' font-weight='bold'>{escape(title)}</text>")
    zero = x(0.0)
    for i, (lab, m, h) in enumerate(zip(labels, means, halves)):
        y = top + i * row
        a, b = sorted((zero, x(m)))
        colour = PALETTE[i % len(PALETTE)]
        parts.append(f"<text x='{left - 6}' y='{y + 16}' text-anchor='end'>{escape(lab)}</text>")
        parts.append(f"<rect x='{a:.1f}' y='{y + 4}' width='{max(b - a, 1):.1f}' height='{row - 8}' fill='{colour}'>"
                     f"<title>{escape(lab)}: {_fmt(m, decimal)} ± {_fmt(h, decimal)} {escape(unit)}</title></rect>")
        if h > 0:
            l, r = x(m - h), x(m + h)
            mid = y + row / 2
            parts.append(f"<path d='M{l:.1f},{mid} H{r:.1f} M{l:.1f},{mid - 5} V{mid + 5} M{r:.1f},{mid - 5} V{mid + 5}' "
                         f"stroke='#222' fill='none'/>")
        parts.append(f"<text x='{max(x(m + h), a, b) + 4:.1f}' y='{y + 16}'>{_fmt(m, decimal)}</text>")
    base = top + row * n
    parts.append(f"<line x1='{zero:.1f}' y1='{top}' x2='{zero:.1f}' y2='{base}' stroke='#888'/>")
    parts.append(f"<line x1='{left}' y1='{base}' x2='{left + span}' y2='{base}' stroke='#888'/>")
    for v in sorted({lo, 0.0, hi}):
        parts.append(f"<text x='{x(v):.1f}' y='{base + 16}' text-anchor='middle' fill='#555'>{_fmt(v, decimal)}</text>")
    if unit:
        parts.append(f"<text x='{left + span}' y='{base + 16}' text-anchor='start' dx='24' fill='#555'>{escape(unit)}</text>")
    parts.append("</svg>")
    return "".join(parts)
