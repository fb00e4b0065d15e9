"""``bridgelaw demo``: the main job (``make run``) on the bundled sample session.

It checks every board of the session against the Laws, scores each table's result by Law 77,
matchpoints the field by Law 78A, ranks the pairs, analyses every deal double dummy (table and
par), and writes the results site with the analysis on each board's page.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from bridgelaw.commands.common import CommandError, print_reports, print_table, worded

if TYPE_CHECKING:  # the modules themselves are imported when the command runs (fast --help)
    from bridgelaw.formats.check import GameReport
    from bridgelaw.tournament.session import TournamentResults

DEFAULT_SITE = Path("out") / "sample-session"


def session_results(path: Path) -> TournamentResults:
    """The session's results read as ``score-event`` reads the same file (one game a table
    result: pairs from PairNS/PairEW, players' names from North...West), scored."""
    from bridgelaw.formats.results_pbn import read_results_pbn
    from bridgelaw.tournament.session import score_tournament

    outcome = read_results_pbn(path.read_bytes(), path.name)
    if outcome.tournament is None or outcome.problems:
        raise CommandError("; ".join(str(p) for p in outcome.problems) or "no results")
    return score_tournament(outcome.tournament)


def session_site(site: Path) -> tuple[list[GameReport], TournamentResults, Path]:
    """Check, score and analyse the bundled sample session and write its results site into
    ``site`` (made with its parents): the per-table reports, the results, the index page.
    ``serve --demo`` runs it too, to serve the site at ``/results/``."""
    from bridgelaw.analysis.dds import analyse_deals
    from bridgelaw.formats.check import check_game
    from bridgelaw.formats.pbn import read_pbn_file
    from bridgelaw.formats.results_html import write_results_site
    from bridgelaw.sample import sample_session_path

    path = sample_session_path()
    if not path.is_file():
        raise typer.BadParameter(f"the sample session is missing from the package: {path}")
    parsed = read_pbn_file(path)
    reports = [check_game(game, "sample-session.pbn") for game in parsed.games]
    problems = list(parsed.problems) + [p for r in reports for p in r.problems]
    if problems:
        for problem in problems:
            sys.stderr.write(f"{problem}\n")
        raise CommandError(f"the bundled sample session has {len(problems)} problems")
    results = session_results(path)
    analyses = analyse_deals(results.deals)  # the DD table and par on each board's page
    return reports, results, write_results_site(results, site, analyses)


def demo(
    site: Annotated[
        Path, typer.Option("--site", help="Where to write the results site.")
    ] = DEFAULT_SITE,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """The main job: check, score and rank the bundled sample session; write its site."""
    if site.exists() and not site.is_dir():  # a missing folder is made, with its parents
        raise typer.BadParameter(worded("cli.site-not-a-directory", path=str(site)))
    reports, results, index = session_site(site)
    if as_json:
        sys.stdout.write(
            json.dumps(results.to_json() | {"site": str(index)}, ensure_ascii=False) + "\n"
        )
        return
    name = results.name
    print_reports(reports, f"{name}: {len(reports)} table results checked and scored")
    boards = len({r.board for r in reports})
    sys.stdout.write(
        f"{boards} boards, {len(reports)} results: every auction, card and result checked "
        "against Laws 17-22, 41-44 and 61; each scored by Law 77. No problems.\n\n"
    )
    rows = [
        (
            entry.rank,
            entry.pair + (f" {results.names[entry.pair]}" if results.names.get(entry.pair) else ""),
            entry.direction or "",
            f"{float(entry.score):.2f}",
            "" if entry.max is None else f"{float(entry.max):.0f}",
            "" if entry.percent is None else f"{float(entry.percent):.2f}",
        )
        for entry in results.ranking
    ]
    print_table(
        f"{name}: matchpoints (Law 78A)",
        ("Rank", "Pair", "Direction", "Matchpoints", "Top", "%"),
        rows,
        right=("Rank", "Matchpoints", "Top", "%"),
    )
    sys.stdout.write(f"Results site written: open {index}\n")
