"""Law 78A matchpoints: ties, weighted frequencies (commentary D.4), Neuberg, the numpy kernel."""

import random
from fractions import Fraction

import numpy as np
import pytest

from bridgelaw.scoring.matchpoints import (
    bulk_matchpoints,
    matchpoints_reference,
    neuberg,
)

F = Fraction


def one(score: int) -> list[tuple[int, Fraction | int]]:
    return [(score, 1)]


def test_e94_seven_scores_with_ties() -> None:
    # catalog E.14: board 13, top 12. +650 beats 6 -> 12; each +620 beats 3 (+200, +170, -100)
    # and ties 2: 2*3 + 2 = 8; +200 beats 2 -> 4; +170 beats 1 -> 2; -100 -> 0.
    scores = [620, 650, 620, 170, -100, 620, 200]
    mps = matchpoints_reference([one(s) for s in scores])
    assert mps == [8, 12, 8, 2, 0, 8, 4]
    assert sum(mps) == 7 * 6  # 42: every comparison hands out 2 matchpoints


def test_all_equal_is_average() -> None:
    # four tables +420: each ties 3 -> 3 of 6
    assert matchpoints_reference([one(420)] * 4) == [3, 3, 3, 3]


def test_single_result_scores_nothing_before_factoring() -> None:
    assert matchpoints_reference([one(-1100)]) == [0]  # top 2*(1-1) = 0


def test_commentary_d4_weighted_pairs_exactly() -> None:
    # Pair A: 1/3 of 3NT= (+400), 1/3 of 3NT-1 (-50), 1/6 of 4S= (+420), 1/6 of 4S-1 (-50).
    # Others: 4 x +420, 2 x +400, +170, +150, 3 x -50. Frequencies: +420: 4 1/6, +400: 2 1/3,
    # +170: 1, +150: 1, -50: 3 1/2 (12 in all, top 22).
    pair_a = [(400, F(1, 3)), (-50, F(1, 3)), (420, F(1, 6)), (-50, F(1, 6))]
    field = [pair_a] + [one(420)] * 4 + [one(400)] * 2 + [one(170), one(150)] + [one(-50)] * 3
    mps = matchpoints_reference(field)
    # +420: 2*(2 1/3 + 1 + 1 + 3 1/2) + (4 1/6 - 1) = 15 2/3 + 3 1/6 = 18 5/6
    assert mps[1] == F(113, 6)
    # +400: 2*(1 + 1 + 3 1/2) + (2 1/3 - 1) = 11 + 1 1/3 = 12 1/3
    assert mps[5] == F(37, 3)
    assert mps[7] == 9  # +170: 2*(1 + 3 1/2)
    assert mps[8] == 7  # +150: 2*3 1/2
    assert mps[9] == F(5, 2)  # -50: 0 + (3 1/2 - 1)
    # Pair A: 1/6*18 5/6 + 1/3*12 1/3 + (1/3 + 1/6)*2 1/2 = 113/36 + 37/9 + 5/4 = 8 1/2
    assert mps[0] == F(17, 2)
    assert sum(mps) == 12 * 11  # 132, the commentary's check


@pytest.mark.parametrize(
    ("mp", "results", "expected", "factored"),
    [
        (F(4), 3, 4, F(17, 3)),  # (4 + 1) * 4/3 - 1
        (F(2), 3, 4, F(3)),  # (2 + 1) * 4/3 - 1 = 3: the middle of 3 stays the middle of top 6
        (F(0), 3, 4, F(1, 3)),  # (0 + 1) * 4/3 - 1
        (F(0), 1, 5, F(4)),  # a single result: (0 + 1) * 5 - 1 = 4, half of the top 8
        (F(7), 5, 5, F(7)),  # a full board is not factored
    ],
)
def test_neuberg(mp: Fraction, results: int, expected: int, factored: Fraction) -> None:
    assert neuberg(mp, results, expected) == factored


def _random_field(rng: random.Random, boards: int) -> list[list[list[tuple[int, Fraction]]]]:
    field = []
    for _ in range(boards):
        entries = []
        for _ in range(rng.randint(1, 9)):
            if rng.random() < 0.2:
                k = rng.choice([2, 3, 6])
                cuts = sorted(rng.sample(range(1, k), rng.randint(1, k - 1)))
                parts = [b - a for a, b in zip([0, *cuts], [*cuts, k], strict=True)]
                entries.append([(rng.choice([-100, -50, 110, 140, 425]), F(p, k)) for p in parts])
            else:
                entries.append([(rng.choice([-100, -50, 110, 140, 420, 450, 3]), F(1))])
        field.append(entries)
    return field


@pytest.mark.parametrize("dense_limit", [1 << 23, 0])  # the frequency table, then the sort
@pytest.mark.parametrize("seed", range(5))
def test_bulk_kernel_equals_reference(seed: int, dense_limit: int) -> None:
    rng = random.Random(seed)
    field = _random_field(rng, 30)
    board, score, weight, owner, expected = [], [], [], [], []
    line = 0
    for b, entries in enumerate(field):
        expected.extend(matchpoints_reference(entries))
        for entry in entries:
            for s, w in entry:
                board.append(b * 7)  # any board numbers
                score.append(s)
                weight.append(int(w * 6))
                owner.append(line)
            line += 1
    units = bulk_matchpoints(
        np.array(board),
        np.array(score),
        np.array(weight),
        np.array(owner),
        line,
        6,
        dense_limit,
    )
    assert [F(int(u), 36) for u in units] == expected
