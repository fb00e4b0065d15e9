"""The WBF continuous VP scale (2013), checked against hand computation and published values.

Hand computation: tau = 0.6180340, ln tau = -0.4812118, 1 - tau**3 = 0.7639320, the blitz
B = 15 * sqrt(N); V(I) = 10 + 10 * (1 - tau ** (3I/B)) / 0.7639320, to two decimals.
"""

import itertools
from fractions import Fraction

import pytest

from bridgelaw.scoring.vp import vp, vp_pair, wbf_vp_table


@pytest.mark.parametrize("boards", [8, 16, 32])
def test_a_draw_is_ten_all(boards: int) -> None:
    assert vp(0, boards) == 10
    assert vp_pair(0, boards) == (Fraction(10), Fraction(10))


# (boards, margin, winner's VP, the arithmetic)
HAND_VALUES = [
    (
        8,
        1,
        "10.44",
        "B = 42.4264; tau**(3/42.4264 = 0.070711) = 0.966546; 10 + 10*0.033454/0.763932 = 10.4379",
    ),
    (8, 5, "12.05", "x = 0.353553; tau**x = 0.843552; 10 + 10*0.156448/0.763932 = 12.0479"),
    (8, 20, "16.46", "x = 1.414214; tau**x = 0.506345; 10 + 10*0.493655/0.763932 = 16.4620"),
    (8, 42, "19.95", "x = 2.969848; tau**x = 0.239518; 19.9548"),
    (8, 43, "20.00", "43 > B = 42.43: the cap"),
    (8, 100, "20.00", "far beyond the blitz: still 20, never more"),
    (16, 1, "10.31", "B = 60; tau**0.05 = 0.976227; 10 + 10*0.023773/0.763932 = 10.3112"),
    (16, 7, "12.03", "tau**0.35 = 0.844995; 10 + 10*0.155005/0.763932 = 12.0290"),
    (16, 20, "15.00", "x = 1: (1 - tau)/(1 - tau**3) = 1/(1 + tau + tau**2) = 1/2 exactly"),
    (16, 60, "20.00", "the blitz itself: x = 3, 10 + 10 = 20"),
    (32, 1, "10.22", "B = 84.8528; tau**0.035355 = 0.983131; 10 + 10*0.016869/0.763932 = 10.2208"),
    (32, 10, "12.05", "10/sqrt(32) = 5/sqrt(8): the same x as 5 IMPs over 8 boards"),
    (32, 84, "19.95", "x = 2.969848 as for 42 IMPs over 8 boards: 19.9548"),
    (32, 85, "20.00", "85 > B = 84.85: the cap"),
]


@pytest.mark.parametrize(("boards", "margin", "expected", "why"), HAND_VALUES)
def test_hand_computed_values(boards: int, margin: int, expected: str, why: str) -> None:
    winner = Fraction(expected)
    assert vp(margin, boards) == winner, why
    assert vp(-margin, boards) == 20 - winner, why  # the loser gets the rest of 20


def test_monotonicity_correction_16_boards() -> None:
    # Rounded: V56 = 19.69, V57 = 19.77, V58 = 19.85, V59 = 19.92 (19.92475), V60 = 20.00.
    # Steps 0.08, 0.08, 0.07, 0.08: the last step grows, so V59 is raised to 19.93
    # (steps 0.08, 0.08, 0.08, 0.07).
    assert vp(59, 16) == Fraction("19.93")
    assert vp(58, 16) == Fraction("19.85")


def test_monotonicity_correction_8_boards() -> None:
    # V38 = 19.50, V39 = 19.62, V40 = 19.73 (19.73404), V41 = 19.85: steps 0.12, 0.11, 0.12.
    # The step 40 -> 41 grows, so V40 becomes 19.74 (steps 0.12, 0.12, 0.11).
    assert vp(40, 8) == Fraction("19.74")
    assert vp(41, 8) == Fraction("19.85")


@pytest.mark.parametrize("boards", [1, 4, 8, 12, 16, 20, 24, 28, 32, 48, 64])
def test_steps_never_grow_and_reach_twenty(boards: int) -> None:
    table = wbf_vp_table(boards)
    steps = [b - a for a, b in itertools.pairwise(table)]
    assert table[0] == 1000 and table[-1] == 2000
    assert all(s >= 0 for s in steps)
    assert all(later <= earlier for earlier, later in itertools.pairwise(steps))


def test_published_values() -> None:
    # 20 boards: 0, 1 and 2 IMPs give 10.00, 10.28, 10.55 (quoted by a Dutch club, Star, when it
    # adopted the WBF continuous scale in 2013).
    assert [vp(m, 20) for m in (0, 1, 2)] == [10, Fraction("10.28"), Fraction("10.55")]
    # 4 boards: the WBF table as quoted in a public repository (bridge scoring code citing the
    # WBF "VP scales" PDF): 10.61, 11.20, 11.76, 12.29, 12.80 ... 19.85 at 29, 20.00 at 30.
    assert [vp(m, 4) for m in (1, 2, 3, 4, 5, 29, 30)] == [
        Fraction(x) for x in ("10.61", "11.20", "11.76", "12.29", "12.80", "19.85", "20")
    ]


def test_fractional_margin_is_interpolated() -> None:
    # 14/3 IMPs over 8 boards: V4 = 11.67, V5 = 12.05; 11.67 + (2/3) * 0.38 = 11.9233 -> 11.92
    assert vp(Fraction(14, 3), 8) == Fraction("11.92")


def test_bad_board_count() -> None:
    with pytest.raises(ValueError):
        vp(3, 0)
