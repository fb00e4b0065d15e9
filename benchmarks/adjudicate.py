"""Law 70 adjudication speed: claims with 8 or fewer tricks left, against DDS in the same run.

Random deals are played at random (legal cards only, the strict play) until ``--tricks`` or fewer
tricks remain, sometimes stopping inside a trick; a random player of the side on lead (or the
side to play) then claims them all, without a statement and with "drawing trumps". Each claim
is adjudicated (``Law70Adjudicator(double_dummy=False)``: the search alone) and, as the baseline,
the same position is solved by DDS (``solve_board``, the double-dummy value). The target of
issue 13 is a p99 under one second per adjudication.

The search as first written (``ReferenceSearch`` in ``tests/adjudicate_reference.py``, its
value alone) runs on
the same claims in the same run, and its tricks are checked equal to the ruling's; the two
are compared by the p99 of the wall clock and by the processor time summed over all claims (the
wall clock drifts with other work on a shared machine, the processor time much less).

Printed: the count, p50, p99 and max of the adjudication times, the same for the reference
search and for DDS, how many searches gave up (``AdjudicationTooLong``), the processor-time and
p99 ratios of the reference to the adjudication (above 1: faster than before), and last
``ratio p99 <adjudication/DDS>``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from bridgelaw.analysis.adjudicate import AdjudicationTooLong, Law70Adjudicator
from bridgelaw.analysis.positions import dd_tricks
from bridgelaw.analysis.statements import parse_statement
from bridgelaw.cards import Deal, Seat, Strain
from bridgelaw.play import Play
from bridgelaw.table.position import PlayPosition

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the test oracle, in tests/
from tests.adjudicate_reference import reference_tricks


def random_position(rng: random.Random, tricks_left: int) -> PlayPosition:
    deck = list(range(52))
    rng.shuffle(deck)
    deal = Deal.from_dealt(deck, Seat.NORTH)
    declarer = Seat(rng.randrange(4))
    trump = Strain(rng.randrange(5))
    play = Play(deal, declarer=declarer, trump=trump)
    stop = (13 - tricks_left) * 4 + rng.choice((0, 0, 1, 2, 3))
    for _ in range(stop):
        play.push(rng.choice(list(play.legal_cards())))
    return PlayPosition.of(play, declarer)


def percentile(times: list[float], p: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--tricks", type=int, default=8)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    adjudicator = Law70Adjudicator(double_dummy=False)
    ours: list[float] = []
    dds: list[float] = []
    before: list[float] = []
    cpu_ours = cpu_before = 0.0
    gave_up = 0
    for _ in range(args.positions):
        position = random_position(rng, args.tricks)
        claimer = Seat((int(position.next_to_play) + 2 * rng.randrange(2)) & 3)
        results = []
        for statement in ("", "drawing trumps"):
            start = time.perf_counter()
            cpu = time.process_time()
            try:
                ruling = adjudicator.adjudicate(position, claimer, position.remaining, statement)
                results.append(ruling.tricks)
            except AdjudicationTooLong:
                gave_up += 1
                ruling = None
            ours.append(time.perf_counter() - start)
            cpu_ours += time.process_time() - cpu
            start = time.perf_counter()
            cpu = time.process_time()
            old = reference_tricks(position, claimer, parse_statement(statement))
            before.append(time.perf_counter() - start)
            cpu_before += time.process_time() - cpu
            assert ruling is None or ruling.tricks == min(old, position.remaining)
        start = time.perf_counter()
        dd = dd_tricks(position, claimer)
        dds.append(time.perf_counter() - start)
        assert all(0 <= tricks <= dd for tricks in results)
    for name, times in (
        ("adjudication", ours),
        ("reference search (before)", before),
        ("DDS solve_board", dds),
    ):
        print(
            f"{name}: {len(times)} claims, p50 {percentile(times, 0.5) * 1000:.1f} ms, "
            f"p99 {percentile(times, 0.99) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms"
        )
    print(f"gave up (more than a million positions): {gave_up}")
    print(f"reference/adjudication processor time, all claims {cpu_before / cpu_ours:.2f}")
    print(f"reference/adjudication p99 {percentile(before, 0.99) / percentile(ours, 0.99):.2f}")
    print(f"ratio p99 {percentile(ours, 0.99) / percentile(dds, 0.99):.2f}")


if __name__ == "__main__":
    main()
