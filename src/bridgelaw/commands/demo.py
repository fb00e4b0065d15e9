"""``bridgelaw demo``: the main job (``make run``) on the bundled sample session.

It checks every board of the session against the Laws, scores each table's result by Law 77,
matchpoints the field by Law 78A, ranks the pairs, analyses every deal double dummy (table and
par), and writes the results site with the analysis on each board's page.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from bridgelaw.analysis.dds import analyse_deals
from bridgelaw.events.session import EventResults, score_event
from bridgelaw.formats.check import GameReport, check_game
from bridgelaw.formats.pbn import PbnGame, Problem, read_pbn_file
from bridgelaw.formats.results_html import write_results_site
from bridgelaw.formats.results_json import build_event
from bridgelaw.sample import sample_session_path

DEFAULT_SITE = Path("out") / "sample-session"


def session_results(games: list[PbnGame], reports: list[GameReport]) -> EventResults:
    """The session's results as the scorer reads them (pairs from PairNS/PairEW), scored."""
    results: list[dict[str, Any]] = []
    deals: dict[str, str] = {}
    for game, report in zip(games, reports, strict=True):
        if report.board is None or report.contract is None:
            continue
        entry: dict[str, Any] = {
            "board": report.board,
            "ns": game.tags.get("PairNS", "?"),
            "ew": game.tags.get("PairEW", "?"),
        }
        if report.contract.is_passed_out:
            entry["contract"] = "passed-out"
        else:
            assert report.declarer is not None
            entry |= {
                "contract": str(report.contract),
                "declarer": report.declarer.letter,
                "tricks": report.tricks,
            }
            if report.opening_lead:
                entry["lead"] = report.opening_lead
        results.append(entry)
        deals[str(report.board)] = game.tags["Deal"]
    event_name = games[0].tags.get("Event", "Sample session") if games else "Sample session"
    data = {"event": event_name, "scoring": "matchpoints", "results": results, "deals": deals}
    problems: list[Problem] = []
    event = build_event(
        data,
        "sample-session.pbn",
        lambda line, message: problems.append(Problem("sample-session.pbn", line, message)),
    )
    if event is None or problems:
        raise typer.BadParameter("; ".join(str(p) for p in problems) or "no results")
    return score_event(event)


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
    results = session_results(parsed.games, reports)
    analyses = analyse_deals(results.deals)  # the DD table and par on each board's page
    index = write_results_site(results, site, analyses)
    if as_json:
        sys.stdout.write(json.dumps(results.to_json() | {"site": str(index)}) + "\n")
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
        ranking.add_row(
            entry.rank,
            entry.pair,
            entry.direction or "",
            f"{float(entry.score):.2f}",
            "" if entry.max is None else f"{float(entry.max):.0f}",
            "" if entry.percent is None else f"{float(entry.percent):.2f}",
        )
    out.print(ranking)
    out.print(f"Results site written: open {index}")
