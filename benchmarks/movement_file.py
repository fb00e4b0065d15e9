"""Reading a movement file, beside ``json.loads`` of the same text, in the same run.

Two files: a club's (a 13-table Howell, 25 rounds, written by the project) and the largest the
reader takes (399 rounds of 200 tables, every pair a new name, ``meet: all``: a hostile file at
the caps). Each round times :func:`bridgelaw.formats.movement_file.read_movement_file` (the
line-tracking decoder, the values, the schedule's checks) and ``json.loads`` alternately, so that
load on the machine weighs on both alike, and the median of the rounds' ratios is printed with
each side's best time. A valid file is read once (the C decoder, then the checks); a file with a
problem twice (again with the line-tracking decoder, for the lines), as the hostile one is. The
last line is the club file's ratio: the goal is at most 40. The hostile file shows the work stays
linear in its size: its ratio is of the same order (about 50, for two passes), its time about
10 seconds.

Run: ``.venv/bin/python benchmarks/movement_file.py [ROUNDS]``
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from bridgelaw.formats.movement_file import read_movement_file, write_movement_file
from bridgelaw.tournament.movements import howell


def hostile() -> str:
    rounds = [
        {"round": r, "tables": [{"table": t, "ns": f"n{r}.{t}", "ew": f"e{r}.{t}", "set": 1}
                                for t in range(1, 201)]}
        for r in range(1, 400)
    ]  # fmt: skip
    return json.dumps({"kind": "x", "meet": "all", "copies": 200, "sets": {"1": [1]},
                       "schedule": rounds}, indent=1)  # fmt: skip


def measure(name: str, text: str, rounds: int) -> float:
    ratios, ours, theirs = [], [], []
    for _ in range(rounds):
        start = time.perf_counter()
        read = read_movement_file(text)
        middle = time.perf_counter()
        json.loads(text)
        end = time.perf_counter()
        ours.append(middle - start)
        theirs.append(end - middle)
        ratios.append((middle - start) / (end - middle))
    found = "valid" if read.movement is not None else f"{len(read.problems)} problems"
    ratio = statistics.median(ratios)
    print(f"{name}: {len(text):,} characters ({found}); read {min(ours) * 1000:.1f} ms, "
          f"json.loads {min(theirs) * 1000:.1f} ms; ratio {ratio:.1f}")  # fmt: skip
    return ratio


def main(argv: list[str]) -> int:
    rounds = int(argv[1]) if len(argv) > 1 else 5
    club = measure("13-table Howell", write_movement_file(howell(13, 2)), rounds)
    largest = measure("399 rounds x 200 tables", hostile(), max(1, rounds // 2))
    print(f"largest file / club file ratio: {largest / club:.1f}")
    print(f"ratio {club:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
