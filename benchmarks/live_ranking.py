"""The live ranking: latency from an accepted result to the updated ranking.

A 30-table Howell of 27 boards (``howell(30, 3, rounds=9)``: 60 pairs, 9 rounds of 3 boards,
every board played 30 times, 810 results) is played round by round; in each round the tables'
results arrive in a random order, and about 2 % of the arrivals are the Director's corrections
of a result already in (the old result removed, a new one put). Results are typical contracts
of each board, with about 1 % weighted scores (12C1c), 0.5 % split scores (12C1b) and 0.5 %
artificial scores (12C2, so that 12C2c moves with every board those pairs play).

For every arrival the benchmark times:

* **live**: ``LiveScorer.put`` (a correction: ``remove`` then ``put``) and then
  ``LiveScorer.to_json()`` -- the updated ranking and travellers, as the server would publish;
* **rescore** (the baseline, every ``--every``-th arrival): ``score_tournament`` on the results in
  force at that moment, from scratch, and its ``to_json()`` -- what publishing costs without the
  live scorer. At those arrivals both JSON outputs must be identical (``json.dumps``).

It prints p50, p99 and the largest time of each, in wall-clock time and in processor time (which
other programs on a shared machine do not inflate), the ratios rescore / live in processor time,
and the goal: live p99 under 50 ms (wall-clock). Every arrival is timed, the first round
too (the board counts, and so Neuberg's factoring and the top of every board, change most then).

    .venv/bin/python benchmarks/live_ranking.py [--sessions 3] [--every 5] [--scoring matchpoints]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import replace
from fractions import Fraction
from typing import Any

from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.scoring.results import Artificial, Played, Points, ResultLine, table_points
from bridgelaw.tournament.live import LiveScorer
from bridgelaw.tournament.movements import howell
from bridgelaw.tournament.session import TournamentInput, score_tournament

CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "5D", "6S", "3C", "2H", "4SX", "1NTX"]
GOAL_P99 = 0.050  # seconds: the goal for the live ranking


def table_result(rng: random.Random, board: int, typical: list[tuple[str, str]]) -> Played:
    text, declarer = rng.choice(typical)
    contract = Contract.parse(text)
    tricks = max(0, min(13, 6 + int(text[0]) + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
    return Played(contract, Seat.parse(declarer), tricks, rng.choice(["SA", "HK", "D2"]))


def points(board: int, played: Played) -> int:
    return table_points(board, played.contract, played.declarer, played.tricks)


def result(
    rng: random.Random, board: int, ns: str, ew: str, r: int, t: int, typical: list[Any]
) -> ResultLine:
    """One table's result on one board, in the forms and proportions of the module text."""
    return replace(form(rng, board, ns, ew, typical), round=r, table=t)


def form(rng: random.Random, board: int, ns: str, ew: str, typical: list[Any]) -> ResultLine:
    roll = rng.random()
    played = table_result(rng, board, typical)
    if roll < 0.005:
        return ResultLine(board, ns, ew, Artificial("A+"), Artificial("A-"))
    if roll < 0.015:
        other = table_result(rng, board, typical)
        weighted = Points.weighted(
            [(points(board, played), Fraction(1, 3)), (points(board, other), Fraction(2, 3))]
        )
        return ResultLine(board, ns, ew, weighted, weighted)
    if roll < 0.02:
        other = table_result(rng, board, typical)
        ns_side, ew_side = Points.single(points(board, played)), Points.single(points(board, other))
        return ResultLine(board, ns, ew, ns_side, ew_side, ns_played=played, ew_played=other)
    side = Points.single(points(board, played))
    return ResultLine(board, ns, ew, side, side, played=played)


def arrivals(seed: int) -> list[tuple[int | None, int, ResultLine]]:
    """The session's arrivals in order: (key removed first or ``None``, key put, result)."""
    rng = random.Random(seed)  # benchmark input only
    movement = howell(30, 3, rounds=9)
    typical = {
        b: [(rng.choice(CONTRACTS), rng.choice("NESW")) for _ in range(4)] for b in range(1, 28)
    }
    out: list[tuple[int | None, int, ResultLine]] = []
    in_force: dict[int, tuple[int, str, str, int, int]] = {}
    key = 0
    for r in range(1, movement.rounds + 1):
        round_slots = [
            (b, s.ns, s.ew, s.round, s.table)
            for s in movement.seatings
            if s.round == r
            for b in s.boards
        ]
        rng.shuffle(round_slots)
        for slot in round_slots:
            if in_force and rng.random() < 0.02:  # the Director corrects an earlier result
                old = rng.choice(sorted(in_force))
                board, ns, ew, rr, t = in_force.pop(old)
                key += 1
                in_force[key] = (board, ns, ew, rr, t)
                out.append((old, key, result(rng, board, ns, ew, rr, t, typical[board])))
            key += 1
            in_force[key] = slot
            board, ns, ew, rr, t = slot
            out.append((None, key, result(rng, board, ns, ew, rr, t, typical[board])))
    return out


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--every", type=int, default=5, help="rescore from scratch every N")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--scoring", default="matchpoints", choices=["matchpoints", "imps-datum", "cross-imps"]
    )
    args = parser.parse_args(argv)

    # (wall-clock, processor) seconds; processor time is not inflated by other programs
    live_times: list[tuple[float, float]] = []
    rescore_times: list[tuple[float, float]] = []
    paired: list[tuple[float, float]] = []
    checked = 0
    for session in range(args.sessions):
        arrived = arrivals(args.seed + session)
        live = LiveScorer(TournamentInput("Live Howell", args.scoring, []))
        for step, (old, key, line) in enumerate(arrived):
            start, start_cpu = time.perf_counter(), time.process_time()
            if old is not None:
                live.remove(old)
            live.put(key, line)
            data = live.to_json()
            took = (time.perf_counter() - start, time.process_time() - start_cpu)
            live_times.append(took)
            if step % args.every == 0 or step == len(arrived) - 1:
                start, start_cpu = time.perf_counter(), time.process_time()
                reference = score_tournament(live.tournament()).to_json()
                rescored = (time.perf_counter() - start, time.process_time() - start_cpu)
                rescore_times.append(rescored)
                paired.append((rescored[1], took[1]))
                if json.dumps(data) != json.dumps(reference):
                    raise SystemExit(f"session {session}, arrival {step}: live != score_tournament")
                checked += 1
        print(
            f"session {session + 1}: {len(arrived)} arrivals "
            f"({sum(old is not None for old, _, _ in arrived)} corrections), "
            f"{len(live)} results in force at the end"
        )
    print(f"checked: live to_json() == score_tournament(...).to_json() at {checked} arrivals")
    for name, times in (
        ("live put + to_json", live_times),
        ("rescore from scratch", rescore_times),
    ):
        for clock, index in (("wall-clock", 0), ("processor", 1)):
            spent = [t[index] for t in times]
            print(
                f"{name}, {clock}: {len(spent)} timed; p50 {percentile(spent, 0.5) * 1e3:.2f} ms, "
                f"p99 {percentile(spent, 0.99) * 1e3:.2f} ms, max {max(spent) * 1e3:.2f} ms"
            )
    ratios = [rescored / took for rescored, took in paired]
    live_cpu = [t[1] for t in live_times]
    rescore_cpu = [t[1] for t in rescore_times]
    print(
        f"ratio rescore / live (processor time) at the same arrivals: median "
        f"{statistics.median(ratios):.1f}; of the p50s "
        f"{percentile(rescore_cpu, 0.5) / percentile(live_cpu, 0.5):.1f}, of the p99s "
        f"{percentile(rescore_cpu, 0.99) / percentile(live_cpu, 0.99):.1f}"
    )
    live_times_wall = [t[0] for t in live_times]
    p99 = percentile(live_times_wall, 0.99)
    verdict = "met" if p99 < GOAL_P99 else "NOT met"
    print(
        f"goal (live p99 under {GOAL_P99 * 1e3:.0f} ms, wall-clock): {verdict} ({p99 * 1e3:.2f} ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
