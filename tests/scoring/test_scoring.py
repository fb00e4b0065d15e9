"""Law 77 (the scoring table) and Law 78B (the IMP scale).

Expected values are worked out from the table of Law 77 term by term in the comments, never
from the code under test.
"""

import pytest

from bridgelaw.calls import PASSED_OUT, Contract
from bridgelaw.scoring import contract_score, imps, trick_score, undertrick_penalty

# (contract, tricks, vulnerable, expected score for declarer's side, how the law gives it)
LAW77_CASES = [
    ("1NT", 7, False, 90, "40 + part score 50"),
    ("3NT", 10, False, 430, "100 + game 300 + overtrick 30"),
    ("4C", 10, False, 130, "80 is a part score: 80 + 50"),
    ("5C", 11, False, 400, "100 + 300"),
    ("6D", 12, False, 920, "120 + 300 + small slam 500"),
    ("3NT", 9, True, 600, "100 + 500"),
    ("4H", 11, True, 650, "120 + 500 + 30"),
    ("7S", 13, True, 2210, "210 + 500 + grand slam 1500"),
    ("2SX", 8, True, 670, "doubled 120 is game: 120 + 500 + 50 for the double"),
    ("2SX", 8, False, 470, "120 + 300 + 50"),
    ("1CX", 8, False, 240, "40 + 50 + 50 + doubled overtrick 100"),
    ("1NTXX", 8, False, 760, "160 + 300 + 100 for the redouble + 200 redoubled overtrick"),
    ("6S", 12, True, 1430, "180 + 500 + 750"),
    ("7NT", 13, False, 1520, "220 + 300 + 1000"),
    ("6HX", 12, True, 1660, "360 + 500 + 750 + 50"),
    ("7CXX", 13, True, 2660, "560 + 500 + 1500 + 100"),
    ("2NT", 8, True, 120, "70 + 50"),
    ("2NTX", 8, True, 690, "140 + 500 + 50"),
    ("3CX", 9, True, 670, "120 + 500 + 50"),
    ("1SXX", 7, True, 720, "120 + 500 + 100"),
    ("1SXX", 8, True, 1120, "720 + vulnerable redoubled overtrick 400"),
    ("4HX", 10, True, 790, "240 + 500 + 50"),
    ("4HX", 11, True, 990, "790 + vulnerable doubled overtrick 200"),
    ("2C", 10, True, 130, "40 + 50 + 2 overtricks of 20"),
    ("1D", 7, False, 70, "20 + 50"),
    ("4S", 10, False, 420, "120 + 300"),
    ("5DX", 11, False, 550, "200 + 300 + 50"),
    ("5DXX", 12, True, 1400, "400 + 500 + 100 + 400"),
    # undertricks
    ("4SX", 7, False, -500, "not vulnerable doubled: 100 + 200 + 200"),
    ("4SX", 6, False, -800, "+ 300 for the 4th"),
    ("4SX", 6, True, -1100, "vulnerable doubled: 200 + 300 * 3"),
    ("3NTXX", 7, True, -1000, "vulnerable redoubled: 400 + 600"),
    ("3NTXX", 7, False, -600, "not vulnerable redoubled: 200 + 400"),
    ("2H", 5, True, -300, "vulnerable undoubled: 100 * 3"),
    ("5DX", 6, False, -1100, "100 + 200 + 200 + 300 + 300"),
    ("7NTXX", 0, True, -7600, "400 + 600 * 12"),
    ("7NTXX", 0, False, -7000, "200 + 400 + 400 + 600 * 10"),
    ("1NTX", 0, True, -2000, "200 + 300 * 6"),
    ("3HX", 8, True, -200, "one down doubled vulnerable"),
    ("3HX", 8, False, -100, "one down doubled not vulnerable"),
    ("6NT", 11, True, -100, "one down vulnerable"),
    ("6NT", 11, False, -50, "one down not vulnerable"),
    ("1C", 0, False, -350, "7 down, 50 each"),
]


@pytest.mark.parametrize(("contract", "tricks", "vul", "expected", "why"), LAW77_CASES)
def test_law77_table(contract: str, tricks: int, vul: bool, expected: int, why: str) -> None:
    assert contract_score(Contract.parse(contract), tricks, vul) == expected, why


def test_6ntxx_arithmetic_spelled_out() -> None:
    # 6NT redoubled: (40 + 5*30) * 4 = 760 trick points; game 300, slam 500, redouble 100
    assert contract_score(Contract.parse("6NTXX"), 12, False) == 760 + 300 + 500 + 100


def test_passed_out_scores_zero() -> None:
    assert contract_score(PASSED_OUT, 0, True) == 0  # Law 22B, Law 77


@pytest.mark.parametrize(
    ("contract", "points"),
    [("1C", 20), ("1H", 30), ("1NT", 40), ("3NT", 100), ("4C", 80), ("5D", 100), ("2HX", 120),
     ("1NTXX", 160), ("7NT", 220), ("7CXX", 560)],
)  # fmt: skip
def test_trick_score(contract: str, points: int) -> None:
    assert trick_score(Contract.parse(contract)) == points


@pytest.mark.parametrize(
    ("k", "nv_x", "nv_xx", "v_x", "v_xx"),
    [(1, 100, 200, 200, 400), (2, 300, 600, 500, 1000), (3, 500, 1000, 800, 1600),
     (4, 800, 1600, 1100, 2200), (5, 1100, 2200, 1400, 2800), (13, 3500, 7000, 3800, 7600)],
)  # fmt: skip
def test_undertrick_penalties(k: int, nv_x: int, nv_xx: int, v_x: int, v_xx: int) -> None:
    assert undertrick_penalty(k, 0, False) == 50 * k
    assert undertrick_penalty(k, 0, True) == 100 * k
    assert undertrick_penalty(k, 1, False) == nv_x
    assert undertrick_penalty(k, 2, False) == nv_xx
    assert undertrick_penalty(k, 1, True) == v_x
    assert undertrick_penalty(k, 2, True) == v_xx


def test_tricks_out_of_range() -> None:
    with pytest.raises(ValueError):
        contract_score(Contract.parse("1C"), 14, False)


# Law 78B: the last difference of each step and the first of the next, both signs.
IMP_BOUNDARIES = [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4), (160, 4),
    (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8), (360, 8), (370, 9),
    (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12), (740, 12), (750, 13),
    (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15), (1300, 16), (1490, 16),
    (1500, 17), (1740, 17), (1750, 18), (1990, 18), (2000, 19), (2240, 19), (2250, 20),
    (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22), (3500, 23), (3990, 23),
    (4000, 24), (7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("difference", "expected"), IMP_BOUNDARIES)
def test_law78b_imp_scale_both_signs(difference: int, expected: int) -> None:
    assert imps(difference) == expected
    assert imps(-difference) == -expected


def test_law78b_between_steps() -> None:
    # an averaged difference below a step's lower bound stays on the step below
    assert imps(19.5) == 0
    assert imps(-425) == -9
    assert imps(430.0) == 10


@pytest.mark.parametrize(
    ("ours", "theirs", "expected"),
    [(620, -620, 0), (420, -170, 6), (1430, -680, 13), (500, -420, 2), (1660, -1430, 6),
     (2000, -110, 18), (7600, -2220, 24)],
)  # fmt: skip
def test_imps_of_match_boards(ours: int, theirs: int, expected: int) -> None:
    assert imps(ours + theirs) == expected
