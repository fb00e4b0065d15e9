"""``bridgelaw score-event`` on a large session, against ``json.loads`` of the same file.

A matchpoint session is written as a results JSON file (spec ``event-results.md``): ``--tables``
tables play every board, pairs sit North-South 1..T and East-West T+1..2T, each board has a few
typical contracts; about 1 % of the results are weighted scores (12C1c), 0.5 % split scores
(12C1b) and 0.5 % artificial scores (12C2). Then, in alternating rounds:

* **json.loads**: read the file and parse it with the standard library (the baseline: the least
  any scorer must do with the file);
* **score-event**: the command itself, in this process (``bridgelaw.cli.main``), from the file to
  the printed ranking: reading and checking every result, scoring, ranking, printing;
* with ``--outputs``, **score-event --site --usebio --pbn** into a temporary folder.

Each round gives a ratio (command / json.loads), in wall-clock time and in processor time
(which other programs on a shared machine do not inflate); the medians of the rounds are
printed, with each side's best time. Before timing, the command's ``--json`` output is checked
against the reference scorer (:mod:`bridgelaw.tournament.reference`, exact fractions board by board)
on the same file: every matchpoint, percentage and ranking entry must be the same. With
``--memory`` the command also runs once in a child process and its peak resident memory is
printed.

Goals: plain ``ratio`` at most 10, with every output at most 40, and under 1 GiB at 1,000,000
results.

Run: ``.venv/bin/python benchmarks/scoring.py [--results 200000] [--outputs] [--memory]``
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from bridgelaw.cli import main as bridgelaw_main
from bridgelaw.formats.results_json import read_results_json
from bridgelaw.tournament.reference import score_tournament_reference

CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "5D", "6S", "3C", "2H", "4SX", "1NTX", "7NT"]


def make_tournament(results: int, tables: int, seed: int, scoring: str = "matchpoints") -> str:
    """A pairs session of ``results`` table results as results-JSON text."""
    rng = random.Random(seed)  # benchmark input only
    boards = max(1, -(-results // tables))
    lines: list[str] = []
    for board in range(1, boards + 1):
        typical = [(rng.choice(CONTRACTS), rng.choice("NESW")) for _ in range(4)]
        for table in range(1, tables + 1):
            if len(lines) == results:
                break
            entry: dict[str, Any] = {
                "board": board,
                "ns": str(table),
                "ew": str(tables + 1 + (table - 1 + board) % tables),
            }
            contract, declarer = rng.choice(typical)
            needed = 6 + int(contract[0])
            tricks = max(0, min(13, needed + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
            played = {"contract": contract, "declarer": declarer, "tricks": tricks}
            fewer = dict(played, tricks=max(0, tricks - 1))
            roll = rng.random()
            if roll < 0.005:
                entry["artificial"] = {"NS": "A+", "EW": "A-"}
            elif roll < 0.015:
                entry["weighted"] = [dict(played, weight="1/3"), dict(fewer, weight="2/3")]
            elif roll < 0.02:
                entry["split"] = {"NS": played, "EW": fewer}
            else:
                entry |= played
                entry["lead"] = rng.choice(["SA", "HK", "D2", "C10"])
            lines.append(json.dumps(entry))
    head = f'{{"event": "Benchmark pairs", "scoring": "{scoring}", "results": [\n'
    return head + ",\n".join(lines) + "\n]}\n"


def run_command(argv: list[str]) -> str:
    """``bridgelaw ARGV`` in this process; its standard output."""
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        status = bridgelaw_main(argv)
    if status != 0:
        raise SystemExit(f"bridgelaw {' '.join(argv)} exited with {status}")
    return captured.getvalue()


def timed(run: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and processor time of ``run()`` (the processor time does not count the time
    other programs on a shared machine take)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - start, time.process_time() - start_cpu


def check_against_reference(path: Path) -> float:
    """The command's ``--json`` output equals the reference scorer's; returns its time."""
    start = time.perf_counter()
    output = json.loads(run_command(["score-event", str(path), "--json"]))
    tournament = read_results_json(path.read_text(encoding="utf-8"), str(path)).tournament
    assert tournament is not None
    reference = score_tournament_reference(tournament).to_json()
    if output != reference:
        raise SystemExit("score-event disagrees with the reference scorer")
    return time.perf_counter() - start


_REPORT_PEAK = """
import sys
from bridgelaw.cli import main
status = main(sys.argv[1:])
with open("/proc/self/status", encoding="ascii") as status_file:
    peak = [line.split()[1] for line in status_file if line.startswith("VmHWM:")]
sys.stderr.write(f"peak-kib {peak[0]}\\n")
sys.exit(status)
"""


def peak_memory(argv: list[str]) -> float:
    """Peak resident memory (MiB) of ``bridgelaw ARGV`` run in a child process, as the child's
    own high-water mark (Linux ``/proc``: the figures of a forked child would count this
    process's memory too)."""
    if not Path("/proc/self/status").exists():
        return float("nan")
    done = subprocess.run(
        [sys.executable, "-c", _REPORT_PEAK, *argv],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    kib = [line.split()[1] for line in done.stderr.splitlines() if line.startswith("peak-kib ")]
    return int(kib[-1]) / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--results", type=int, default=200_000)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--scoring", default="matchpoints", choices=["matchpoints", "imps-datum", "cross-imps"]
    )
    parser.add_argument("--outputs", action="store_true", help="also --site --usebio --pbn")
    parser.add_argument("--memory", action="store_true", help="peak memory in a child process")
    parser.add_argument("--no-check", action="store_true", help="skip the reference check")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bridgelaw-bench-") as folder:
        path = Path(folder) / "session.json"
        path.write_text(
            make_tournament(args.results, args.tables, args.seed, args.scoring), encoding="utf-8"
        )
        size = path.stat().st_size / 2**20
        print(
            f"session: {args.results:,} results ({args.scoring}), {args.tables} tables, "
            f"{size:.1f} MiB of JSON"
        )
        if not args.no_check:
            took = check_against_reference(path)
            print(f"checked: score-event --json equals the reference scorer ({took:.1f} s)")

        plain = ["score-event", str(path)]
        outputs = [
            *plain,
            "--site",
            str(Path(folder) / "site"),
            "--usebio",
            str(Path(folder) / "out.xml"),
            "--pbn",
            str(Path(folder) / "out.pbn"),
        ]
        modes: dict[str, list[str]] = {"score-event": plain}
        if args.outputs:
            modes["score-event --site --usebio --pbn"] = outputs
        baseline: list[tuple[float, float]] = []
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in modes}
        for round_number in range(args.rounds):
            steps: list[tuple[str, Callable[[], object]]] = [
                ("json.loads", lambda: json.loads(path.read_text(encoding="utf-8")))
            ]
            steps += [(name, partial(run_command, command)) for name, command in modes.items()]
            if round_number % 2:
                steps.reverse()  # alternate the order: load weighs on every side alike
            for name, step in steps:
                elapsed = timed(step)
                (baseline if name == "json.loads" else times[name]).append(elapsed)

        print(f"json.loads (read and parse): best {min(t for t, _ in baseline):.2f} s")
        medians: dict[str, tuple[float, float]] = {}
        for name, spent in times.items():
            wall = [t / b for (t, _), (b, _) in zip(spent, baseline, strict=True)]
            cpu = [t / b for (_, t), (_, b) in zip(spent, baseline, strict=True)]
            medians[name] = (statistics.median(wall), statistics.median(cpu))
            walls = " ".join(f"{r:.1f}" for r in sorted(wall))
            cpus = " ".join(f"{r:.1f}" for r in sorted(cpu))
            best = min(t for t, _ in spent)
            print(f"{name}: best {best:.2f} s; ratios {walls}; processor-time ratios {cpus}")
        if args.memory:
            for name, command in modes.items():
                print(f"peak memory, {name}: {peak_memory(command):.0f} MiB")
        for name, (wall_median, cpu_median) in medians.items():
            label = "ratio" if name == "score-event" else "ratio-outputs"
            print(f"{label} {wall_median:.1f} (processor time: {cpu_median:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
