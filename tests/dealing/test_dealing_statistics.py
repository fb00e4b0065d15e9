"""Statistics of the secure dealer (Law 6: every card equally likely to go to every player).

A fixed key makes the test stable: the same 20,000 deals every run. The bounds are the 0.1% tails
of the chi-square distribution, by the Wilson-Hilferty approximation (computed here, not taken
from the code under test). Probabilities of hand shapes are counted combinatorially below.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import permutations
from math import comb, sqrt

from bridgelaw.cards import suit_length
from bridgelaw.dealing.dealer import SecureDealer

DEALS = 20_000
Z_999 = 3.090232  # the standard normal's 99.9% point


def chi2_quantile(df: int, z: float) -> float:
    """Wilson-Hilferty: chi2(df) is close to df * (1 - 2/(9 df) + z sqrt(2/(9 df)))^3."""
    a = 2 / (9 * df)
    return float(df * (1 - a + z * sqrt(a)) ** 3)


DEALER = SecureDealer(bytes.fromhex("5eed" * 16), "statistics test")
HANDS = [DEALER.deal(board).hands for board in range(1, DEALS + 1)]


def test_each_card_goes_to_each_seat_a_quarter_of_the_time() -> None:
    counts = [[0] * 4 for _ in range(52)]
    for hands in HANDS:
        for seat, hand in enumerate(hands):
            for card in range(52):
                if hand >> card & 1:
                    counts[card][seat] += 1
    expected = DEALS / 4
    pearson = sum((o - expected) ** 2 / expected for row in counts for o in row)
    # Each deal gives each seat exactly 13 cards, so the cells of one deal are not independent:
    # working out the covariance of the 208 cells gives Pearson's sum -> (52/51) chi2(51 * 3).
    # (Its mean is 208 * 3/4 = 156 = 52/51 * 153.) Two-sided: a dealer that spreads cards too
    # evenly (a round robin, say) is as wrong as a lopsided one.
    statistic = pearson * 51 / 52
    df = 51 * 3
    assert chi2_quantile(df, -Z_999) < statistic < chi2_quantile(df, Z_999), statistic
    # and plainly: every card within 5 standard deviations of a quarter in every seat
    sigma = sqrt(DEALS * 0.25 * 0.75)
    assert all(abs(o - expected) < 5 * sigma for row in counts for o in row)


def _shape_probabilities() -> dict[tuple[int, ...], float]:
    """P(shape) = (ways to give the lengths to the four suits) * prod C(13, l) / C(52, 13)."""
    out: dict[tuple[int, ...], float] = {}
    for a in range(14):
        for b in range(a + 1):
            for c in range(b + 1):
                d = 13 - a - b - c
                if not 0 <= d <= c:
                    continue
                shape = (a, b, c, d)
                arrangements = len(set(permutations(shape)))
                hands = arrangements * comb(13, a) * comb(13, b) * comb(13, c) * comb(13, d)
                out[shape] = hands / comb(52, 13)
    return out


def test_hand_shapes_match_their_combinatorial_probabilities() -> None:
    probabilities = _shape_probabilities()
    assert len(probabilities) == 39  # the 39 hand patterns
    assert abs(sum(probabilities.values()) - 1) < 1e-12
    assert abs(probabilities[(4, 4, 3, 2)] - 0.2155) < 1e-4  # the textbook 21.55%
    # North's hands only: one hand a deal, so the observations are independent.
    shapes = Counter(
        tuple(sorted((suit_length(hands[0], s) for s in range(4)), reverse=True)) for hands in HANDS
    )
    observed: Counter[object] = Counter()
    expected: defaultdict[object, float] = defaultdict(float)
    for shape, p in probabilities.items():
        key: object = shape if p * DEALS >= 5 else "rare"  # pool the rare shapes
        observed[key] += shapes.get(shape, 0)
        expected[key] += p * DEALS
    statistic = sum((observed[k] - expected[k]) ** 2 / expected[k] for k in expected)
    df = len(expected) - 1
    assert df >= 15
    assert statistic < chi2_quantile(df, Z_999), (statistic, df)
