"""Reading a large session's USEBIO file, against reading its JSON and against parsing its XML.

The session of ``benchmarks/scoring.py`` (``--results`` table results, a few in every Law 12
form) is scored and written as USEBIO (:mod:`bridgelaw.formats.usebio`). Then, in alternating
rounds:

* **ElementTree**: ``xml.etree.ElementTree.fromstring`` of the document (the baseline: the
  least any USEBIO reader must do, with no checks, no line numbers and no guard);
* **read_usebio**: the reader (:mod:`bridgelaw.formats.usebio_read`): the guarded parse with
  line numbers, every line checked by the JSON rules, the tournament built;
* **read_results_json**: the JSON reader on the same session (for comparison).

Printed: each side's best time and the median ratios read_usebio / ElementTree and
read_usebio / read_results_json, in wall-clock and processor time. Before timing, the tournament
read from the USEBIO is scored and must give the JSON's ranking.

Run: ``.venv/bin/python benchmarks/usebio_read.py [--results 100000] [--rounds 3]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from scoring import make_tournament

from bridgelaw.formats.results_json import read_results_json
from bridgelaw.formats.usebio import usebio_xml
from bridgelaw.formats.usebio_read import read_usebio
from bridgelaw.tournament.session import score_tournament


def timed(run: Callable[[], object]) -> tuple[float, float]:
    start, start_cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - start, time.process_time() - start_cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    text = make_tournament(args.results, args.tables, seed=1)
    tournament = read_results_json(text).tournament
    assert tournament is not None
    document = usebio_xml(score_tournament(tournament)).encode("utf-8")
    again = read_usebio(document, "bench.xml")
    assert again.tournament is not None, again.problems[:3]
    assert (
        score_tournament(again.tournament).to_json()["ranking"]
        == score_tournament(tournament).to_json()["ranking"]
    )
    print(f"{args.results:,} results; USEBIO {len(document) / 1e6:.1f} MB, JSON "
          f"{len(text) / 1e6:.1f} MB")  # fmt: skip
    times: dict[str, list[tuple[float, float]]] = {"tree": [], "usebio": [], "json": []}
    for _ in range(args.rounds):
        times["tree"].append(timed(lambda: ET.fromstring(document)))
        times["usebio"].append(timed(lambda: read_usebio(document, "bench.xml")))
        times["json"].append(timed(lambda: read_results_json(text)))
    for name, runs in times.items():
        print(f"{name}: best {min(w for w, _ in runs):.2f} s")
    for base in ("tree", "json"):
        walls = [u[0] / b[0] for u, b in zip(times["usebio"], times[base], strict=True)]
        cpus = [u[1] / b[1] for u, b in zip(times["usebio"], times[base], strict=True)]
        print(f"ratio read_usebio / {base}: {statistics.median(walls):.2f} "
              f"(processor time {statistics.median(cpus):.2f})")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
