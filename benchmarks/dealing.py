"""Secure deals per second, beside Python's own shuffle doing the same work, in the same run.

Both sides produce the same thing: a validated :class:`~bridgelaw.cards.Deal` (four hands of 13
cards, every card once, checked by the ``Deal`` constructor as Law 6 wants).

* **secure dealer**: HMAC-SHA-256, rejection sampling, the deal number decoded into a ``Deal``
  (:meth:`bridgelaw.dealing.SecureDealer.deal`), over consecutive boards;
* **random.shuffle**: Python's Mersenne Twister shuffles a 52-card list, which is then dealt
  round the table into a ``Deal`` (:meth:`~bridgelaw.cards.Deal.from_dealt`). Fast, but not fit
  for dealing: its state can be recovered from its output.

The two are run in alternating rounds, so load on the machine weighs on both alike; each round
gives one ratio (secure / shuffle deals per second) and the median of the rounds is reported with
each side's best round. The last line is ``ratio <dealer/shuffle>`` (the median): the goal is at
least 0.33.

Run: ``.venv/bin/python benchmarks/dealing.py [DEALS] [ROUNDS]``
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from bridgelaw.cards import Deal, Seat
from bridgelaw.dealing import SecureDealer


def secure_deals(count: int, start: int) -> list[Deal]:
    dealer = SecureDealer(bytes(range(32)), "benchmark")
    return [dealer.deal(board) for board in range(start, start + count)]


def shuffled_deals(count: int, start: int) -> list[Deal]:
    cards = list(range(52))
    rng = random.Random(start)  # the comparison only: never used for real deals
    deals = []
    for _ in range(count):
        rng.shuffle(cards)
        deals.append(Deal.from_dealt(cards, Seat.NORTH))
    return deals


def timed(run: Callable[[int, int], list[Deal]], count: int, start: int) -> float:
    begin = time.perf_counter()
    deals = run(count, start)
    elapsed = time.perf_counter() - begin
    assert len(deals) == count and all(isinstance(d, Deal) for d in deals)
    return elapsed


def main(argv: list[str]) -> int:
    count = int(argv[1]) if len(argv) > 1 else 5_000
    rounds = int(argv[2]) if len(argv) > 2 else 9
    secure_times, shuffle_times = [], []
    for number in range(rounds):
        start = 1 + number * count  # new boards every round
        if number % 2:  # alternate which side goes first
            shuffle_times.append(timed(shuffled_deals, count, start))
            secure_times.append(timed(secure_deals, count, start))
        else:
            secure_times.append(timed(secure_deals, count, start))
            shuffle_times.append(timed(shuffled_deals, count, start))
    ratios = [s / d for d, s in zip(secure_times, shuffle_times, strict=True)]
    print(f"deals per round: {count:,}, rounds: {rounds} (alternating)")
    print(f"secure dealer              {count / min(secure_times):12,.0f} deals/s (best round)")
    print(f"random.shuffle + Deal      {count / min(shuffle_times):12,.0f} deals/s (best round)")
    print(f"round ratios: {' '.join(f'{r:.3f}' for r in sorted(ratios))}")
    print(f"ratio {statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
