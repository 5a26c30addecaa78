"""Small statistics used by every benchmark."""
from __future__ import annotations

import math


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def whole_percent(share: float) -> str:
    """A share as a whole percent short enough for a narrow box: '97%'; never '100%' short of all, nor '0%' above none."""
    if 0 < share < 0.01:
        return "<1%"
    if 0.99 < share < 1:
        return "99%"
    return f"{share:.0%}"


def percent_words(share: float) -> str:
    """A share as a whole percent for a sentence: '42%'; 'over 99%' short of all and 'under 1%' above none, so a
    sentence says 100% or 0% only when that is exact."""
    if 0 < share < 0.01:
        return "under 1%"
    if 0.99 < share < 1:
        return "over 99%"
    return f"{share:.0%}"
