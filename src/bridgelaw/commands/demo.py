"""``bridgelaw demo``: the main job (``make run``) on the bundled sample session.

It checks every board of the session against the Laws, scores each table's result by Law 77,
matchpoints the field by Law 78A, ranks the pairs, and writes the results site.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from bridgelaw.events.session import EventResults, score_event
from bridgelaw.formats.check import check_game
from bridgelaw.formats.pbn import read_pbn_file
from bridgelaw.formats.results_html import write_results_site
from bridgelaw.sample import sample_session_path

DEFAULT_SITE = Path("out") / "sample-session"


def session_results(path: Path) -> EventResults:
    """The session's results read as ``score-event`` reads the same file (one game a table
    result: pairs from PairNS/PairEW, players' names from North...West), scored."""
    from bridgelaw.formats.results_pbn import read_results_pbn

    text = path.read_text(encoding="utf-8")
    outcome = read_results_pbn(text, path.name)
    if outcome.event is None or outcome.problems:
        raise typer.BadParameter("; ".join(str(p) for p in outcome.problems) or "no results")
    return score_event(outcome.event)


def demo(
    site: Annotated[
        Path, typer.Option("--site", help="Where to write the results site.")
    ] = DEFAULT_SITE,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """The main job: check, score and rank the bundled sample session; write its site."""
    from bridgelaw.cli import report_table  # the per-board table shared with `pbn check`

    path = sample_session_path()
    if not path.is_file():
        raise typer.BadParameter(f"the sample session is missing from the package: {path}")
    parsed = read_pbn_file(path)
    reports = [check_game(game, "sample-session.pbn") for game in parsed.games]
    problems = list(parsed.problems) + [p for r in reports for p in r.problems]
    if problems:
        for problem in problems:
            sys.stderr.write(f"{problem}\n")
        raise typer.Exit(1)
    results = session_results(path)
    index = write_results_site(results, site)
    if as_json:
        sys.stdout.write(
            json.dumps(results.to_json() | {"site": str(index)}, ensure_ascii=False) + "\n"
        )
        return
    out = Console(highlight=False, soft_wrap=True)
    event = results.event
    out.print(report_table(reports, f"{event}: {len(reports)} table results checked and scored"))
    boards = len({r.board for r in reports})
    out.print(
        f"{boards} boards, {len(reports)} results: every auction, card and result checked "
        "against Laws 17-22, 41-44 and 61; each scored by Law 77. No problems.\n"
    )
    ranking = Table(title=f"{event}: matchpoints (Law 78A)")
    for heading in ("Rank", "Pair", "Direction", "Matchpoints", "Top", "%"):
        ranking.add_column(heading, justify="left" if heading in ("Pair", "Direction") else "right")
    for entry in results.ranking:
        name = results.names.get(entry.pair)
        ranking.add_row(
            entry.rank,
            entry.pair + (f" {name}" if name else ""),
            entry.direction or "",
            f"{float(entry.score):.2f}",
            "" if entry.max is None else f"{float(entry.max):.0f}",
            "" if entry.percent is None else f"{float(entry.percent):.2f}",
        )
    out.print(ranking)
    out.print(f"Results site written: open {index}")
