"""Secure deals per second, beside Python's own shuffle of a 52-card list, in the same run.

The secure dealer (HMAC-SHA-256, rejection sampling, deal-number decoding into a ``Deal``) is
timed over consecutive boards; the comparison is ``random.shuffle`` of a list of 52 cards (Python's
Mersenne Twister: fast, but not fit for dealing, since its state can be recovered from its
output). Each is timed a few times and the best run is kept. The last line is
``ratio <dealer/shuffle>``: the goal is at least 0.33.

Run: ``.venv/bin/python benchmarks/dealing.py [DEALS]``
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from bridgelaw.dealing import SecureDealer


def best_rate(run: Callable[[int], None], count: int, repeats: int = 5) -> float:
    """Operations per second of ``run(count)``, best of ``repeats`` runs."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run(count)
        best = min(best, time.perf_counter() - start)
    return count / best


def secure_deals(count: int) -> None:
    dealer = SecureDealer(bytes(range(32)), "benchmark")
    for board in range(1, count + 1):
        dealer.deal(board)


def shuffles(count: int) -> None:
    cards = list(range(52))
    rng = random.Random(2024)  # the comparison only: never used for real deals
    for _ in range(count):
        rng.shuffle(cards)


def main(argv: list[str]) -> int:
    count = int(argv[1]) if len(argv) > 1 else 20_000
    dealer_rate = best_rate(secure_deals, count)
    shuffle_rate = best_rate(shuffles, count)
    print(f"secure dealer   {dealer_rate:12,.0f} deals/s")
    print(f"random.shuffle  {shuffle_rate:12,.0f} shuffles/s")
    print(f"ratio {dealer_rate / shuffle_rate:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
