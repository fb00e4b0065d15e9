"""``bridgelaw analyse`` against endplay's own batch call, on the same deals in the same run.

The deals are drawn at random (a fixed seed) and written to a PBN file. The baseline is
endplay's ``calc_all_tables`` on those deals, already turned into endplay's ``Deal`` objects
(that conversion is not timed), 40 deals a call (DDS's limit with all five strains). The measured
side is the whole command, ``bridgelaw analyse DEALS --json -o OUT.pbn``: reading the file, the
tables, the par of every board, the JSON and the PBN written.

The machine is shared and its load changes over minutes, so the deals are cut into ``--slices``
files and the two sides take turns slice by slice (who goes first alternates); each side's time
is the sum over its slices. ``--rounds`` repeats the whole and keeps each side's best total.

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


def endplay_round(deals: list[EndplayDeal]) -> float:
    start = time.perf_counter()
    for i in range(0, len(deals), CHUNK):
        tables = calc_all_tables(deals[i : i + CHUNK])
        assert len(tables) == len(deals[i : i + CHUNK])
    return time.perf_counter() - start


def analyse_round(source: Path, output: Path) -> float:
    sink = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(sink):
        code = main(["analyse", str(source), "--json", "-o", str(output)])
    elapsed = time.perf_counter() - start
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
    best_endplay = best_analyse = float("inf")
    with tempfile.TemporaryDirectory() as tmp:
        sources = []
        for k, part in enumerate(slices):
            sources.append(Path(tmp) / f"deals-{k}.pbn")
            sources[-1].write_bytes(write_pbn_deals(part))
        theirs = [[EndplayDeal(b.deal.pbn()) for b in part] for part in slices]
        for round_ in range(1, args.rounds + 1):
            e_total = a_total = 0.0
            written = 0
            for k, source in enumerate(sources):
                output = Path(tmp) / f"out-{k}.pbn"
                if k % 2:
                    a_total += analyse_round(source, output)
                    e_total += endplay_round(theirs[k])
                else:
                    e_total += endplay_round(theirs[k])
                    a_total += analyse_round(source, output)
                written += output.read_text(encoding="utf-8").count("[DoubleDummyTricks")
            assert written == args.deals, f"{written} boards written, expected {args.deals}"
            best_endplay, best_analyse = min(best_endplay, e_total), min(best_analyse, a_total)
            print(f"round {round_}: endplay calc_all_tables {args.deals / e_total:.2f} deals/s, "
                  f"bridgelaw analyse {args.deals / a_total:.2f} deals/s", flush=True)  # fmt: skip
    endplay_rate, analyse_rate = args.deals / best_endplay, args.deals / best_analyse
    print(f"{args.deals} deals in {len(slices)} slices: endplay {endplay_rate:.2f} deals/s, "
          f"analyse {analyse_rate:.2f} deals/s (tables, par, JSON and PBN)")  # fmt: skip
    print(f"ratio {analyse_rate / endplay_rate:.3f}")


if __name__ == "__main__":
    main_bench()
