"""``bridgelaw analyse`` against endplay's own batch call, on the same deals in the same run.

The deals are drawn at random (a fixed seed) and written to a PBN file. The baseline is
endplay's ``calc_all_tables`` on those deals, already turned into endplay's ``Deal`` objects
(that conversion is not timed), 40 deals a call (DDS's limit with all five strains). The measured
side is the whole command, ``bridgelaw analyse DEALS --json -o OUT.pbn``: reading the file, the
tables, the par of every board, the JSON and the PBN written.

The machine is shared and its load changes over minutes, so the deals are cut into ``--slices``
files and the two sides take turns slice by slice (who goes first alternates); each side's time
is the sum over its slices. ``--rounds`` repeats the whole and keeps each side's best total.
Processor time (every thread of the process) is printed beside the wall clock: it hardly moves
with the machine's load, so it shows the overhead of ``analyse`` over the bare call even when
other work on the machine makes the wall-clock ratio drift.

The last line printed is ``ratio <analyse/endplay deals per second>``: 1.0 is as fast as calling
DDS through endplay directly; the aim is at least 0.9.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import tempfile
import time
from pathlib import Path

from endplay.dds import calc_all_tables
from endplay.types import Deal as EndplayDeal

from bridgelaw.boards import Board
from bridgelaw.cards import Deal
from bridgelaw.cli import main
from bridgelaw.formats.deal_files import write_pbn_deals

CHUNK = 40


def make_boards(count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)  # benchmark input only
    boards = []
    for number in range(1, count + 1):
        holders = [i % 4 for i in range(52)]
        rng.shuffle(holders)
        boards.append(Board.numbered(number, Deal.from_holders(holders)))
    return boards


def endplay_round(deals: list[EndplayDeal]) -> tuple[float, float]:
    """Wall time and processor time (every thread of the process, DDS's included)."""
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(0, len(deals), CHUNK):
        tables = calc_all_tables(deals[i : i + CHUNK])
        assert len(tables) == len(deals[i : i + CHUNK])
    return time.perf_counter() - start, time.process_time() - cpu


def analyse_round(source: Path, output: Path) -> tuple[float, float]:
    sink = io.StringIO()
    start, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(sink):
        code = main(["analyse", str(source), "--json", "-o", str(output)])
    elapsed = time.perf_counter() - start, time.process_time() - cpu
    assert code == 0, "analyse failed"
    return elapsed


def main_bench() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--slices", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    boards = make_boards(args.deals, args.seed)
    size = -(-args.deals // args.slices)
    slices = [boards[i : i + size] for i in range(0, len(boards), size)]
    best_endplay = best_analyse = (float("inf"), float("inf"))
    with tempfile.TemporaryDirectory() as tmp:
        sources = []
        for k, part in enumerate(slices):
            sources.append(Path(tmp) / f"deals-{k}.pbn")
            sources[-1].write_bytes(write_pbn_deals(part))
        theirs = [[EndplayDeal(b.deal.pbn()) for b in part] for part in slices]
        for round_ in range(1, args.rounds + 1):
            e_total, a_total = [0.0, 0.0], [0.0, 0.0]
            written = 0
            for k, source in enumerate(sources):
                output = Path(tmp) / f"out-{k}.pbn"
                for side in ("analyse", "endplay") if k % 2 else ("endplay", "analyse"):
                    if side == "endplay":
                        wall, cpu = endplay_round(theirs[k])
                        e_total = [e_total[0] + wall, e_total[1] + cpu]
                    else:
                        wall, cpu = analyse_round(source, output)
                        a_total = [a_total[0] + wall, a_total[1] + cpu]
                written += output.read_text(encoding="utf-8").count("[DoubleDummyTricks")
            assert written == args.deals, f"{written} boards written, expected {args.deals}"
            best_endplay = (min(best_endplay[0], e_total[0]), min(best_endplay[1], e_total[1]))
            best_analyse = (min(best_analyse[0], a_total[0]), min(best_analyse[1], a_total[1]))
            print(f"round {round_}: endplay calc_all_tables {args.deals / e_total[0]:.2f} "
                  f"deals/s, bridgelaw analyse {args.deals / a_total[0]:.2f} deals/s",
                  flush=True)  # fmt: skip
    n = args.deals
    print(
        f"{n} deals in {len(slices)} slices, wall clock: endplay {n / best_endplay[0]:.2f} "
        f"deals/s, analyse {n / best_analyse[0]:.2f} deals/s (tables, par, JSON and PBN)"
    )
    print(
        f"processor time: endplay {n / best_endplay[1]:.2f} deals per CPU-second, analyse "
        f"{n / best_analyse[1]:.2f}; ratio {best_endplay[1] / best_analyse[1]:.3f}"
    )
    print(f"ratio {best_endplay[0] / best_analyse[0]:.3f}")


if __name__ == "__main__":
    main_bench()
