"""IMP pairs: the Butler datum variants, Butler IMPs and cross-IMPs (Law 78B over a field)."""

from fractions import Fraction

import pytest

from bridgelaw.scoring.butler import butler_imps, cross_imps, datum, round_to_ten
from bridgelaw.scoring.results import Points

F = Fraction
SCORES = [620, 650, 620, 170, -100]


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        ("trimmed", 470),  # drop 650 and -100: (620 + 620 + 170) / 3 = 470
        ("trimmed-exact", 470),
        ("mean", 390),  # 1960 / 5 = 392 -> 390
        ("median", 620),  # sorted -100, 170, 620, 620, 650
    ],
)
def test_datum_methods(method: str, expected: int) -> None:
    assert datum(SCORES, method) == expected


def test_datum_rounding_to_ten() -> None:
    # trimmed mean of 420, 400, 430 (dropping 100 and 500): 1250/3 = 416.67 -> 420; exact keeps it
    assert datum([100, 420, 400, 430, 500], "trimmed") == 420
    assert datum([100, 420, 400, 430, 500], "trimmed-exact") == F(1250, 3)
    assert round_to_ten(F(415)) == 420 and round_to_ten(F(-415)) == -420  # halves away from 0
    assert round_to_ten(F(414)) == 410


def test_small_fields_are_not_trimmed() -> None:
    assert datum([420], "trimmed") == 420
    assert datum([420, -50], "trimmed") == 190  # (420 - 50) / 2 = 185 -> 190


def test_butler_imps() -> None:
    board_datum = datum(SCORES)  # 470
    assert butler_imps(Points.single(620), board_datum) == 4  # +150 -> 4
    assert butler_imps(Points.single(650), board_datum) == 5  # +180 -> 5
    assert butler_imps(Points.single(-100), board_datum) == -11  # -570 -> -11
    # weighted: 1/2 of 620 (+4) and 1/2 of 170 (-300 -> -7): -3/2
    assert butler_imps(Points.weighted([(620, F(1, 2)), (170, F(1, 2))]), board_datum) == F(-3, 2)


def test_cross_imps() -> None:
    a, b, c = Points.single(420), Points.single(170), Points.single(-50)
    assert cross_imps(a, [b, c]) == 16  # IMP(250) = 6, IMP(470) = 10
    assert cross_imps(b, [a, c]) == 0  # -6 + IMP(220) = 6
    assert cross_imps(c, [a, b]) == -16
