"""Victory points: the WBF continuous scale of 2013 (Law 78D lets the organiser choose it).

The WBF Scoring Panel's technical report (Bavin, Bethe, Bramley, Buchen) defines the scale for a
match of ``N`` boards by an exponential curve: with tau = (sqrt 5 - 1) / 2 and the blitz margin
``B = 15 * sqrt(N)`` IMPs, a margin of ``I`` IMPs is worth

    V(I) = 10 + 10 * (1 - tau ** (3 * I / B)) / (1 - tau ** 3)

to the winner, capped at 20, and ``20 - V`` to the loser. The values are published to two decimals
for every whole IMP margin. Rounding can make one step larger than the step before it, which the
scale forbids (each extra IMP must be worth no more than the one before), so the published tables
raise such a value by 0.01 until the steps never grow. This module builds the table the same way,
in whole hundredths, so nothing depends on binary fractions after the one rounding.

A fractional margin (from weighted scores, Law 12C1c) is not covered by the published tables; here
it is interpolated linearly between the two whole margins around it and rounded to hundredths
(an engine choice, documented in docs/scoring.md).

>>> str(vp(0, 16)), str(vp(60, 16)), str(vp(-7, 16))
('10', '20', '797/100')
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from bridgelaw.inputs import fraction

_TAU = (math.sqrt(5.0) - 1.0) / 2.0
_CENTS_MAX = 2000

MAX_BOARDS = 1000
"""The longest match the scale is built for here. Published tables stop far below (WBF tournaments
play matches of 8 to 32 boards, knockouts up to 96); the table for 1,000 boards has 475 steps,
and a typing slip like ``--boards 1000000000`` must not build 474,342 of them."""


def parse_margin(text: str) -> Fraction | None:
    """An IMP margin as the user writes it: ``12``, ``-7``, ``4.5``, ``14/3``; ``None`` when it
    is not one (``1e999999999`` is refused rather than computed).

    >>> parse_margin("14/3"), parse_margin("-4.5"), parse_margin("1e999999999")
    (Fraction(14, 3), Fraction(-9, 2), None)
    """
    return fraction(text)


@lru_cache(maxsize=256)
def wbf_vp_table(boards: int) -> tuple[int, ...]:
    """The winner's VP in hundredths for margins 0, 1, 2 ... up to the first margin worth 20."""
    if not 1 <= boards <= MAX_BOARDS:
        raise ValueError(f"a match has 1 to {MAX_BOARDS} boards, not {boards}")
    blitz = 15.0 * math.sqrt(boards)
    denominator = 1.0 - _TAU**3
    cents: list[int] = []
    for margin in range(math.ceil(blitz) + 1):
        value = 10.0 + 10.0 * (1.0 - _TAU ** (3.0 * margin / blitz)) / denominator
        # two decimals, halves rounded up; never beyond the cap of 20 (no VP below 0 for the loser)
        cents.append(min(_CENTS_MAX, math.floor(value * 100.0 + 0.5)))
    # The monotonicity correction: no step may be larger than the step before it.
    changed = True
    while changed:
        changed = False
        for i in range(1, len(cents) - 1):
            if cents[i + 1] - cents[i] > cents[i] - cents[i - 1]:
                cents[i] += 1
                changed = True
    while len(cents) > 1 and cents[-2] == _CENTS_MAX:
        cents.pop()
    return tuple(cents)


def vp(margin: Fraction | int, boards: int) -> Fraction:
    """The VPs of a side that won by ``margin`` IMPs (negative when it lost), 0 to 20."""
    table = wbf_vp_table(boards)
    size = abs(Fraction(margin))
    whole = math.floor(size)
    if whole >= len(table) - 1:
        cents = Fraction(table[-1])
    else:
        low, high = table[whole], table[whole + 1]
        cents = low + (high - low) * (size - whole)
        cents = Fraction(math.floor(cents + Fraction(1, 2)))  # to hundredths, halves up
    winner = cents / 100
    return winner if margin >= 0 else 20 - winner


def vp_pair(margin: Fraction | int, boards: int) -> tuple[Fraction, Fraction]:
    """Both sides' VPs for a match the first side won by ``margin`` IMPs; they sum to 20."""
    first = vp(margin, boards)
    return first, 20 - first
