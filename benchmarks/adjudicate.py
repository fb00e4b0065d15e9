"""Law 70 adjudication speed: claims with 8 or fewer tricks left, against DDS in the same run.

Random deals are played at random (legal cards only, the strict play) until ``--tricks`` or fewer
tricks remain, sometimes stopping inside a trick; a random player of the side on lead (or the
side to play) then claims them all, without a statement and with "drawing trumps". Each claim
is adjudicated (``Law70Adjudicator(double_dummy=False)``: the search alone) and, as the baseline,
the same position is solved by DDS (``solve_board``, the double-dummy value). The target is a
p99 under one second per adjudication.

The search as first written (``ReferenceSearch`` in ``tests/adjudicate_reference.py``, its
value alone) runs on
the same claims in the same run, and its tricks are checked equal to the ruling's; the two
are compared by the p99 of the wall clock and by the processor time summed over all claims (the
wall clock drifts with other work on a shared machine, the processor time much less).

Each call is timed twice: processor time (``time.process_time``, this process only, so it
barely moves when other programs load the machine) and wall time (``time.perf_counter``, what a
director waits, which grows with the load). Printed: for the adjudication, the reference search
and DDS, the count, p50, p99 and max of both; how many searches gave up
(``AdjudicationTooLong``); the machine's load average at the start and the end; the
processor-time and p99 ratios of the reference to the adjudication (above 1: faster than before);
and last ``ratio p99 <adjudication/DDS>`` in processor and wall time. The run checks its
results: each ruling's tricks equal the reference's, and never exceed DDS's double-dummy value.
"""

from __future__ import annotations

import argparse
import os
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
    # with the show-outs of the play so far (70E1), which both searches use
    return PlayPosition.of(play, declarer)


def percentile(times: list[float], p: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


class Timer:
    """Processor time and wall time of each call, kept side by side."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def __enter__(self) -> Timer:
        self._wall = time.perf_counter()
        self._cpu = time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu.append(time.process_time() - self._cpu)
        self.wall.append(time.perf_counter() - self._wall)

    def line(self) -> str:
        return f"{self.name}: {len(self.cpu)} claims, " + "; ".join(
            f"{kind} p50 {percentile(t, 0.5) * 1000:.1f} ms, p99 {percentile(t, 0.99) * 1000:.1f} "
            f"ms, max {max(t) * 1000:.1f} ms"
            for kind, t in (("cpu", self.cpu), ("wall", self.wall))
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--tricks", type=int, default=8)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    adjudicator = Law70Adjudicator(double_dummy=False)
    ours = Timer("adjudication")
    before = Timer("reference search (before)")
    dds = Timer("DDS solve_board")
    gave_up = 0
    load = os.getloadavg()[0]
    for _ in range(args.positions):
        position = random_position(rng, args.tricks)
        claimer = Seat((int(position.next_to_play) + 2 * rng.randrange(2)) & 3)
        results = []
        claimer_all = position.remaining  # he claims every trick left
        for statement in ("", "drawing trumps"):
            with ours:
                try:
                    ruling = adjudicator.adjudicate(position, claimer, claimer_all, statement)
                    results.append(ruling.tricks)
                except AdjudicationTooLong:
                    gave_up += 1
                    ruling = None
            with before:
                old = reference_tricks(position, claimer, parse_statement(statement))
            assert ruling is None or ruling.tricks == min(old, position.remaining)
        with dds:
            dd = dd_tricks(position, claimer)
        assert all(0 <= tricks <= dd for tricks in results)
    for timer in (ours, before, dds):
        print(timer.line())
    print(f"gave up (more than a million positions): {gave_up}")
    print(
        f"machine load (1-minute average, {os.cpu_count()} processors): {load:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end"
    )
    total = sum(before.cpu) / sum(ours.cpu)
    print(f"reference/adjudication processor time, all claims {total:.2f}")
    print(
        "reference/adjudication p99 "
        f"cpu {percentile(before.cpu, 0.99) / percentile(ours.cpu, 0.99):.2f}, "
        f"wall {percentile(before.wall, 0.99) / percentile(ours.wall, 0.99):.2f}"
    )
    print(
        "ratio p99 <adjudication/DDS> "
        f"cpu {percentile(ours.cpu, 0.99) / percentile(dds.cpu, 0.99):.2f}, "
        f"wall {percentile(ours.wall, 0.99) / percentile(dds.wall, 0.99):.2f}"
    )


if __name__ == "__main__":
    main()
