"""The mutation score of the table engine, per module, from mutmut's results (`make mutation`).

mutmut 3 keeps one ``.meta`` JSON file per mutated source file under ``mutants/``, mapping each
mutant's name to the exit code of the tests run against it (``null`` while not run). This script
counts, per module of ``bridgelaw.table``, the mutants that were run and how they ended, and with
``--survivors`` lists the ones that lived, for ``mutmut show NAME``.

The run is a sample (see ``SAMPLE``): only mutants whose number ends in ``[0-9]7`` are run, so
that the run finishes in well under an hour on two shared cores; mutants not run are not counted.
"""

from __future__ import annotations

import argparse
import fnmatch
import importlib
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

# The mutants run by `make mutation`: numbers 17, 27, 37... of every function (about 1 in 13).
SAMPLE = "bridgelaw.table.*__mutmut_*[0-9]7"

# mutmut 3.8.1's exit codes (mutmut/stats.py), folded into the four outcomes that matter here.
KILLED = {1, 3, 36, 24, -24, 152, 255, 37}  # a test failed, pytest broke, or a timeout
SURVIVED = {0}
NO_TESTS = {5, 33}


def outcome(code: int | None) -> str:
    if code is None:
        return "not run"
    if code in KILLED:
        return "killed"
    if code in SURVIVED:
        return "survived"
    if code in NO_TESTS:
        return "no tests"
    return "suspicious"


def results(root: Path, pattern: str) -> dict[str, dict[str, str]]:
    """Module name -> mutant name -> outcome, for the mutants matching ``pattern``."""
    found: dict[str, dict[str, str]] = {}
    for meta in sorted((root / "mutants" / "src" / "bridgelaw" / "table").glob("*.py.meta")):
        codes = _read_codes(meta)
        module = meta.name.removesuffix(".py.meta")
        found[module] = {
            name: outcome(code)
            for name, code in codes.items()
            if fnmatch.fnmatchcase(name, pattern)
        }
    return found


def _read_codes(meta: Path) -> dict[str, int | None]:
    # mutmut rewrites these files while it runs: a read that catches one half-written is retried.
    for _ in range(20):
        try:
            codes: dict[str, int | None] = json.loads(meta.read_text(encoding="utf-8"))[
                "exit_code_by_key"
            ]
            return codes
        except json.JSONDecodeError:
            time.sleep(0.1)
    raise SystemExit(f"{meta}: not a JSON file mutmut wrote")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=Path("."))
    parser.add_argument("--pattern", default=SAMPLE)
    parser.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    parser.add_argument(
        "--wording",
        action="store_true",
        help="with --survivors: mark those that only change the wording of a sentence",
    )
    args = parser.parse_args(argv)
    found = results(args.root, args.pattern)
    if not any(found.values()):
        print(f"no mutmut results under {args.root / 'mutants'}: run `make mutation` first")
        return 1
    if args.survivors:
        for names in found.values():
            for name, result in sorted(names.items()):
                if result == "survived":
                    mark = ""
                    if args.wording:
                        mark = "wording  " if only_wording(_diff(name)) else "         "
                    print(f"{mark}{name}")
        return 0
    total: Counter[str] = Counter()
    print(f"{'module':<16}{'killed':>8}{'survived':>10}{'no tests':>10}{'not run':>9}  score")
    for module, names in found.items():
        if not names:
            continue
        counts = Counter(names.values())
        total.update(counts)
        print(_row(module, counts))
    print(_row("all", total))
    return 0


def only_wording(diff: str) -> bool:
    """Does a mutant's diff only change the case of a sentence, or wrap it in ``XX``?

    The rulings' and errors' sentences are prose: the spec fixes that there is one, not its
    words (the scripts check the words that matter: clauses, seats, cards, ``error_reason``). A
    string of one word (a status, a clause, an option) is behaviour, not wording.
    """
    removed = [line[1:] for line in diff.splitlines() if line.startswith("-")]
    added = [line[1:] for line in diff.splitlines() if line.startswith("+")]
    removed = [line for line in removed if not line.startswith("--")]
    added = [line for line in added if not line.startswith("++")]
    if len(removed) != 1 or len(added) != 1 or removed == added:
        return False
    before, after = removed[0], added[0]
    if before.lower() != after.replace("XX", "").lower():
        return False
    quoted = re.findall(r'"([^"]*)"', before)
    return any(text.count(" ") >= 2 for text in quoted)


def _diff(name: str) -> str:
    # mutmut's own reading of a mutant (pinned: mutmut==3.8.1); imported here, as the tool is
    # only in the optional `mutation` extra and its functions are not a public interface
    tool = importlib.import_module("mutmut.__main__")
    return str(tool.get_diff_for_mutant(name, path=tool.find_mutant(name).path))


def _row(label: str, counts: Counter[str]) -> str:
    run = counts["killed"] + counts["survived"] + counts["no tests"] + counts["suspicious"]
    score = f"{counts['killed']}/{run} = {100 * counts['killed'] / run:.1f}%" if run else "-"
    return (
        f"{label:<16}{counts['killed']:>8}{counts['survived']:>10}{counts['no tests']:>10}"
        f"{counts['not run']:>9}  {score}"
    )


if __name__ == "__main__":
    sys.exit(main())
