"""Law 78B: the international match point (IMP) scale.

>>> imps(250), imps(-450), imps(10), imps(4000)
(6, -10, 0, 24)
"""

from __future__ import annotations

from bisect import bisect_right

# Law 78B: the lower bound of the difference for each IMP from 1 to 24.
IMP_THRESHOLDS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def imps(difference: float) -> int:
    """IMPs for a difference in total points, with its sign.

    The scale's steps are written for multiples of ten; a difference between steps (from an
    averaged score) counts as reaching a step only when it reaches the step's lower bound.
    """
    magnitude = bisect_right(IMP_THRESHOLDS, abs(difference))
    return magnitude if difference >= 0 else -magnitude
