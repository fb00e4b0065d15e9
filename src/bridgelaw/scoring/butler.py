"""IMP pairs scoring (Law 78B applied across a field): Butler IMPs against a datum, cross-IMPs.

**Butler.** Every North-South score is IMPed against a datum for the board. The datum is chosen
by name:

* ``trimmed`` (the default): drop the single highest and lowest score, take the mean of the rest
  and round it to the nearest 10 points (halves away from zero). With fewer than three scores
  nothing is dropped.
* ``trimmed-exact``: the same mean without rounding.
* ``mean``: the mean of all scores, rounded to 10.
* ``median``: the middle score (the mean of the two middle ones), rounded to 10.

A weighted score (Law 12C1c) counts in the datum with its weighted mean, and is IMPed component
by component then weighted, as in teams.

**Cross-IMPs.** Every score is IMPed against every other score on the board (both weighted
component by component); the total and the average over the comparisons are reported.

>>> datum([620, 650, 620, 170, -100], "trimmed")
Fraction(470, 1)
>>> str(butler_imps(Points.single(620), datum([620, 650, 620, 170, -100])))
'4'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction

from bridgelaw.scoring.imps import imps
from bridgelaw.scoring.results import Points


class DatumMethod(StrEnum):
    """The named ways of choosing a Butler datum (see the module text)."""

    TRIMMED = "trimmed"
    TRIMMED_EXACT = "trimmed-exact"
    MEAN = "mean"
    MEDIAN = "median"


def round_to_ten(value: Fraction) -> Fraction:
    """The nearest multiple of 10, halves away from zero (415 -> 420, -415 -> -420)."""
    tens = abs(value) / 10
    rounded = math.floor(tens + Fraction(1, 2)) * 10
    return Fraction(rounded if value >= 0 else -rounded)


def datum(scores: Sequence[Fraction | int], method: DatumMethod | str = "trimmed") -> Fraction:
    """The datum of a board's NS scores by the named method."""
    method = DatumMethod(method)
    values = sorted(Fraction(s) for s in scores)
    if not values:
        raise ValueError("a datum needs at least one score")
    if method is DatumMethod.MEDIAN:
        middle = len(values) // 2
        centre = values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2
        return round_to_ten(centre)
    kept = values
    if method in (DatumMethod.TRIMMED, DatumMethod.TRIMMED_EXACT) and len(values) >= 3:
        kept = values[1:-1]  # drop the top and the bottom score
    mean = sum(kept, Fraction(0)) / len(kept)
    return mean if method is DatumMethod.TRIMMED_EXACT else round_to_ten(mean)


def butler_imps(score: Points, board_datum: Fraction) -> Fraction:
    """North-South's IMPs against the datum (Law 78B scale), weighted component by component."""
    # an unrounded datum can leave a fraction of a point; a float compares it exactly enough
    return sum((w * imps(float(s - board_datum)) for s, w in score.components), Fraction(0))


def cross_imps(score: Points, others: Sequence[Points]) -> Fraction:
    """North-South's total cross-IMPs: against each other score on the board, every pair of
    components IMPed and weighted."""
    total = Fraction(0)
    for other in others:
        for s, w in score.components:
            for t, v in other.components:
                total += w * v * imps(s - t)
    return total
