"""``bridgelaw score-event`` as users run it: a whole process, against a process that only parses
the same JSON file.

It measures the command as a process, not in this process as ``benchmarks/scoring.py`` does:
the interpreter's start, the imports, reading, checking, scoring, ranking and every output
written. For each shape of session (the matchpoint sessions
of ``benchmarks/scoring.py``: 1 % weighted, 0.5 % split and 0.5 % artificial scores):

* ``club``: 30 tables, 27 boards (810 results);
* ``congress``: 150 tables, 60 boards (9,000 results);
* ``issue``: 500 tables, 400 boards (200,000 results, the shape the goal below was set on);

three processes run in alternating order, several rounds:

* **parse** (the baseline): ``python -c "import json,sys; json.load(open(sys.argv[1]))"``;
* **plain**: ``python -m bridgelaw score-event FILE --json``;
* **outputs**: ``python -m bridgelaw score-event FILE --json --site DIR --usebio FILE --pbn
  FILE`` (every output).

Printed for each shape: each side's best wall-clock time and best processor time (user +
system, of the child alone: other programs on the shared machine do not inflate it), and the
ratios of the bests (command / parse) in both. The load average is printed before and after.
Goal: on the ``issue`` shape, plain at most 10 and every output at most 40.

Before timing, each shape's outputs are checked: the ``--json`` text is exactly
``json.dumps(score_tournament(...).to_json(), ensure_ascii=False)`` made in this process (the
dictionaries of :meth:`TournamentResults.to_json`, not the command's streamed text), the USEBIO
parses as XML with one ``TRAVELLER_LINE`` per result, the PBN has a ``ScoreTable`` per board
and the site a page per board and per pair.

Run: ``.venv/bin/python benchmarks/score_event_process.py [--shapes club,congress,issue]
[--rounds 3]``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from scoring import make_tournament

from bridgelaw.formats.results_json import read_results_json
from bridgelaw.tournament.session import score_tournament

SHAPES = {"club": (30, 27), "congress": (150, 60), "issue": (500, 400)}
"""Shape name -> (tables, boards): every table plays every board."""

PARSE = "import json,sys; json.load(open(sys.argv[1]))"


@dataclass
class Timing:
    wall: float
    cpu: float


def run(argv: list[str], stdout: Path | None = None) -> Timing:
    """Run ``argv`` as a child process; its wall-clock and processor time (user + system of
    that child only, from ``wait4``). A non-zero exit stops the benchmark."""
    out = open(stdout, "wb") if stdout is not None else subprocess.DEVNULL  # noqa: SIM115
    try:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=out, stderr=subprocess.PIPE)
        assert child.stderr is not None
        errors = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
    finally:
        if stdout is not None:
            out.close()  # type: ignore[union-attr]
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {child.returncode}: {errors.decode()[-2000:]}")
    return Timing(wall, usage.ru_utime + usage.ru_stime)


def commands(path: Path, folder: Path) -> dict[str, list[str]]:
    bridgelaw = [sys.executable, "-m", "bridgelaw", "score-event", str(path), "--json"]
    outputs = ["--site", str(folder / "site"), "--usebio", str(folder / "out.xml")]
    outputs += ["--pbn", str(folder / "out.pbn")]
    return {
        "parse": [sys.executable, "-c", PARSE, str(path)],
        "plain": bridgelaw,
        "outputs": bridgelaw + outputs,
    }


def check(path: Path, folder: Path, argv: dict[str, list[str]], results: int) -> None:
    """The outputs of both commands, as described in the module text."""
    outcome = read_results_json(path.read_text(encoding="utf-8"), str(path))
    assert outcome.tournament is not None, outcome.problems[:3]
    scored = score_tournament(outcome.tournament)
    expected = json.dumps(scored.to_json(), ensure_ascii=False) + "\n"
    for name in ("plain", "outputs"):
        printed = folder / f"{name}.json"
        run(argv[name], stdout=printed)
        if printed.read_text(encoding="utf-8") != expected:
            raise SystemExit(f"{name}: the --json text is not json.dumps of to_json()")
    lines = ET.parse(folder / "out.xml").getroot().iter("TRAVELLER_LINE")
    if sum(1 for _ in lines) != results:
        raise SystemExit("the USEBIO file does not hold every result")
    pbn = (folder / "out.pbn").read_text(encoding="utf-8")
    if pbn.count("[ScoreTable ") != len(scored.boards):
        raise SystemExit("the PBN file does not have a ScoreTable per board")
    pairs = {r.pair for r in scored.ranking}
    pages = len(list((folder / "site").rglob("*.html")))
    if pages != 1 + len(scored.boards) + len(pairs):
        raise SystemExit(f"the site has {pages} pages, not one per board and per pair")


def measure(shape: str, rounds: int, seed: int) -> dict[str, float]:
    tables, boards = SHAPES[shape]
    results = tables * boards
    with tempfile.TemporaryDirectory(prefix="bridgelaw-process-") as name:
        folder = Path(name)
        path = folder / "session.json"
        path.write_text(make_tournament(results, tables, seed), encoding="utf-8")
        size = path.stat().st_size / 2**20
        print(f"== {shape}: {tables} tables x {boards} boards, {results:,} results, "
              f"{size:.1f} MiB of JSON")  # fmt: skip
        argv = commands(path, folder)
        check(path, folder, argv, results)
        print("checked: --json equals json.dumps(to_json()); USEBIO, PBN and site complete")
        times: dict[str, list[Timing]] = {name: [] for name in argv}
        for round_number in range(rounds):
            order = list(argv) if round_number % 2 == 0 else list(reversed(argv))
            for name in order:  # alternating: a change of load weighs on every side alike
                times[name].append(run(argv[name]))
    best = {name: Timing(min(t.wall for t in ts), min(t.cpu for t in ts)) for name, ts in
            times.items()}  # fmt: skip
    base = best["parse"]
    print(f"parse: best {base.wall:.2f} s wall, {base.cpu:.2f} s processor")
    ratios: dict[str, float] = {}
    for name in ("plain", "outputs"):
        b = best[name]
        ratios[name] = b.wall / base.wall
        print(f"{name}: best {b.wall:.2f} s wall, {b.cpu:.2f} s processor; ratio "
              f"{b.wall / base.wall:.1f} wall, {b.cpu / base.cpu:.1f} processor")  # fmt: skip
    return ratios


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--shapes", default="club,congress,issue")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    shapes = [s.strip() for s in args.shapes.split(",") if s.strip()]
    unknown = [s for s in shapes if s not in SHAPES]
    if unknown:
        parser.error(f"unknown shape {unknown[0]!r} (expected {', '.join(SHAPES)})")
    print(f"load average before: {load()} ({os.cpu_count()} processors)")
    found = {shape: measure(shape, args.rounds, args.seed) for shape in shapes}
    print(f"load average after: {load()}")
    for shape, ratios in found.items():
        print(f"ratio {shape} plain {ratios['plain']:.1f} outputs {ratios['outputs']:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
