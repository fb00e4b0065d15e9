"""CLI commands for scoring events: ``score-event``, ``movement``, ``vp``, ``next-round``.

A results file with problems is refused as a whole: every problem is listed with its line, the
exit status is 1 and nothing is written. The outputs of one run (``--pbn``, ``--usebio``,
``--site``) are written together or not at all (:class:`bridgelaw.formats.files.Outputs`).
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from bridgelaw.events.movements import make_movement
from bridgelaw.events.session import (
    CROSS_IMPS_RANKINGS,
    SCORINGS,
    SITOUTS,
    EventInput,
    EventResults,
    check_event,
    number,
    score_event,
)
from bridgelaw.events.teams import swiss_pairings
from bridgelaw.formats.files import Outputs
from bridgelaw.formats.pbn import Problem
from bridgelaw.formats.results_json import ReadOutcome, read_results_json
from bridgelaw.scoring.vp import vp as vp_of
from bridgelaw.scoring.vp import wbf_vp_table

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
out = Console(highlight=False, soft_wrap=True)
err = Console(highlight=False, soft_wrap=True, stderr=True)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the main app."""
    app.command("score-event")(score_event_command)
    app.command("movement")(movement_command)
    app.command("vp", context_settings={"ignore_unknown_options": True})(vp_command)
    app.command("next-round")(next_round_command)


def _emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def read_event_file(path: Path, scoring: str | None, event_name: str | None) -> ReadOutcome:
    """Read a results file by its extension: ``.json``, ``.csv`` or ``.pbn``."""
    if not path.is_file():
        raise typer.BadParameter(f"no such file: {path}")
    if scoring is not None and scoring not in SCORINGS:
        raise typer.BadParameter(f"--scoring must be one of {', '.join(SCORINGS)}, not {scoring!r}")
    suffix = path.suffix.lower()
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        text = path.read_text(encoding="latin-1")
    if suffix == ".json":
        if scoring is not None or event_name is not None:
            raise typer.BadParameter(
                "--scoring and --event are for CSV and PBN files; a JSON results file names its own"
            )
        return read_results_json(text, str(path))
    if suffix == ".csv":
        from bridgelaw.formats.results_csv import read_results_csv

        return read_results_csv(text, str(path), scoring, event_name)
    if suffix == ".pbn":
        from bridgelaw.formats.results_pbn import read_results_pbn

        # the bytes: the PBN reader decodes them itself (BOM, UTF-16, Latin-1: formats.text)
        return read_results_pbn(path.read_bytes(), str(path), scoring, event_name)
    raise typer.BadParameter(f"{path}: expected a .json, .csv or .pbn results file")


def load_event(
    path: Path,
    scoring: str | None = None,
    event_name: str | None = None,
    deals: Path | None = None,
    phantoms: frozenset[str] = frozenset(),
) -> tuple[EventInput | None, list[Problem]]:
    """Read and check a results file; the event is ``None`` when there is any problem.

    ``phantoms`` are added to the file's own (``--phantom``: rows against them are sit-outs)."""
    outcome = read_event_file(path, scoring, event_name)
    problems = list(outcome.problems)
    event = outcome.event
    for read in (outcome.event, outcome.partial):
        if read is not None and phantoms:
            read.phantoms = read.phantoms | phantoms
    if event is not None and deals is not None:
        from bridgelaw.formats.results_pbn import deals_from_pbn

        if not deals.is_file():
            raise typer.BadParameter(f"no such file: {deals}")
        found, deal_problems = deals_from_pbn(deals)
        problems.extend(deal_problems)
        event.deals = found | event.deals
    whole = event if event is not None else outcome.partial
    if whole is not None:  # checked even beside line problems: every problem in one report
        problems.extend(check_event(whole))
    problems.sort(key=lambda p: (p.file, p.line))
    return (event if not problems else None), problems


def refuse(path: Path, problems: list[Problem], as_json: bool) -> None:
    """Report every problem and stop with status 1, having written nothing."""
    if as_json:
        _emit_json(
            {
                "file": str(path),
                "problems": [
                    {"file": p.file, "line": p.line, "message": p.message} for p in problems
                ],
            }
        )
    for p in problems:
        err.print(str(p), markup=False)
    plural = "s" if len(problems) != 1 else ""
    err.print(f"{len(problems)} problem{plural}: results refused, nothing written", markup=False)
    raise typer.Exit(1)


def _check_targets(**targets: Path | None) -> None:
    """Refuse (usage error) an output whose directory is missing or which is in the way."""
    for option, path in targets.items():
        if path is None:
            continue
        if not path.resolve().parent.is_dir():
            raise typer.BadParameter(f"--{option}: no such directory: {path.parent}")
        if option == "site" and path.exists() and not path.is_dir():
            raise typer.BadParameter(f"--site: {path} is a file, not a directory")
        if option != "site" and path.is_dir():
            raise typer.BadParameter(f"--{option}: {path} is a directory")


def score_event_command(
    results: Annotated[Path, typer.Argument(help="Results file: .json (the spec), .csv or .pbn.")],
    as_json: JsonOption = False,
    scoring: Annotated[
        str | None, typer.Option(help="Scoring of a CSV or PBN file (default matchpoints).")
    ] = None,
    event: Annotated[str | None, typer.Option(help="Event name for a CSV or PBN file.")] = None,
    deals: Annotated[
        Path | None, typer.Option(help="A PBN file with the deals, for hand diagrams.")
    ] = None,
    site: Annotated[
        Path | None, typer.Option(help="Write the results site (HTML) to this directory.")
    ] = None,
    pbn: Annotated[
        Path | None, typer.Option(help="Write PBN with ScoreTable and TotalScoreTable.")
    ] = None,
    usebio: Annotated[Path | None, typer.Option(help="Write USEBIO 1.3 XML.")] = None,
    phantom: Annotated[
        list[str] | None,
        typer.Option(help="A phantom pair: a row against it is a sit-out (repeatable)."),
    ] = None,
    sitouts: Annotated[
        str | None,
        typer.Option(help="A sit-out is not-a-result (default) or not-played (factored)."),
    ] = None,
    cross_imps_ranking: Annotated[
        str | None,
        typer.Option(help="Cross-IMPs rank by the sum of board averages (default) or total."),
    ] = None,
) -> None:
    """Score a session by Laws 12 and 78: travellers and the ranking."""
    _check_targets(pbn=pbn, usebio=usebio, site=site)
    for option, value, choices in (
        ("--sitouts", sitouts, SITOUTS),
        ("--cross-imps-ranking", cross_imps_ranking, CROSS_IMPS_RANKINGS),
    ):
        if value is not None and value not in choices:
            raise typer.BadParameter(f"{option} must be one of {', '.join(choices)}, not {value!r}")
    loaded, problems = load_event(results, scoring, event, deals, frozenset(phantom or ()))
    if loaded is None:
        refuse(results, problems, as_json)
        return
    if sitouts is not None:
        loaded.sitouts = sitouts
    if cross_imps_ranking is not None:
        loaded.cross_imps_ranking = cross_imps_ranking
    scored = score_event(loaded)
    write_outputs(scored, loaded.date, pbn=pbn, usebio=usebio, site=site)
    if as_json:
        from bridgelaw.formats.results_json import write_results_json

        write_results_json(scored, sys.stdout)
        sys.stdout.write("\n")
        return
    _print_results(scored)
    if site is not None:
        out.print(f"Results site written: open {(site / 'index.html').resolve()}", markup=False)


def write_outputs(
    scored: EventResults,
    date: str | None,
    pbn: Path | None = None,
    usebio: Path | None = None,
    site: Path | None = None,
) -> None:
    """Write every output asked for, all together or none: each is streamed to a temporary
    next to its target, and all are moved into place only once every one is complete. A
    site goes into its folder beside the files already there (none of them is deleted)."""
    if pbn is None and usebio is None and site is None:
        return
    with Outputs() as outputs:
        if pbn is not None:
            from bridgelaw.formats.results_pbn import write_results_pbn

            with outputs.file(pbn) as stream:
                write_results_pbn(scored, stream, date)
        if usebio is not None:
            from bridgelaw.formats.usebio import write_usebio

            with outputs.file(usebio) as stream:
                write_usebio(scored, stream, date=date)
        if site is not None:
            from bridgelaw.formats.results_html import stage_site

            stage_site(scored, outputs.tree(site))
        outputs.commit()


def _print_results(scored: EventResults) -> None:
    for m in scored.matches:
        vp_text = "" if m.vp is None else f"  VP {number(m.vp[0])} - {number(m.vp[1])}"
        out.print(
            f"Match {m.match}: {m.home} {number(m.imps[0])} - {number(m.imps[1])} "
            f"{m.away} IMPs{vp_text}",
            markup=False,
        )
    directions = list(dict.fromkeys(r.direction for r in scored.ranking))
    unit = {"mp": "MP", "imps": "IMPs", "points": "Points"}[scored.unit]
    if scored.scoring == "teams":
        unit = "VP" if scored.matches and scored.matches[0].vp is not None else "IMPs"
    for direction in directions:
        title = scored.event or "Ranking"
        if direction:
            title += f" ({direction})"
        table = Table(title=title)
        count = "Matches" if scored.scoring == "teams" else "Boards"
        for heading in ("Rank", "Team" if scored.scoring == "teams" else "Pair", unit, "%", count):
            table.add_column(
                heading, justify="left" if heading in ("Rank", "Pair", "Team") else "right"
            )
        for r in scored.ranking:
            if r.direction != direction:
                continue
            name = scored.names.get(r.pair)
            table.add_row(
                r.rank,
                r.pair + (f" {name}" if name else ""),
                str(number(r.score)),
                "" if r.percent is None else f"{number(r.percent):.2f}",
                str(r.boards),
            )
        out.print(table)


def movement_command(
    kind: Annotated[str, typer.Argument(help="mitchell, howell or teams.")],
    tables: Annotated[int, typer.Option(help="Tables (for teams: the number of teams).")],
    boards_per_round: Annotated[int, typer.Option(help="Boards played in each round.")],
    rounds: Annotated[int | None, typer.Option(help="Rounds (default: all).")] = None,
    arrow_switch: Annotated[
        list[int] | None, typer.Option(help="A round in which the pairs turn round (Mitchell).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """A movement's seatings for every round, printed as table and pair guide cards."""
    if kind not in ("mitchell", "howell", "teams"):
        raise typer.BadParameter(f"unknown movement {kind!r} (expected mitchell, howell or teams)")
    if arrow_switch and kind != "mitchell":
        raise typer.BadParameter("--arrow-switch is for a Mitchell")
    try:
        movement = make_movement(kind, tables, boards_per_round, rounds, arrow_switch or ())
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    if as_json:
        _emit_json(movement.to_json())
    else:
        out.print(movement.guide_cards(), markup=False, end="")


def vp_command(
    margin: Annotated[str, typer.Argument(help="IMP margin (signed; fractions like 14/3).")],
    boards: Annotated[int, typer.Option(help="Boards in the match.")],
    as_json: JsonOption = False,
) -> None:
    """Victory points for an IMP margin by the WBF continuous scale (2013)."""
    try:
        value = Fraction(margin)
    except (ValueError, ZeroDivisionError):
        raise typer.BadParameter(f"not an IMP margin: {margin!r}") from None
    if boards < 1:
        raise typer.BadParameter(f"a match has at least one board, not {boards}")
    ours = vp_of(value, boards)
    if as_json:
        _emit_json(
            {
                "margin": number(value),
                "boards": boards,
                "vp": [number(ours), number(20 - ours)],
                "blitz": len(wbf_vp_table(boards)) - 1,
            }
        )
    else:
        out.print(f"{number(ours):.2f} - {number(20 - ours):.2f}")


def next_round_command(
    results: Annotated[Path, typer.Argument(help="A teams results file (JSON) so far.")],
    as_json: JsonOption = False,
) -> None:
    """Swiss pairing of the next round from the standings of a teams event."""
    loaded, problems = load_event(results)
    if loaded is None:
        refuse(results, problems, as_json)
        return
    if loaded.scoring != "teams":
        raise typer.BadParameter(f"{results}: Swiss pairing needs a teams event")
    scored = score_event(loaded)
    standings = [r.pair for r in scored.ranking]
    played = {frozenset((m.home, m.away)) for m in loaded.matches}
    pairing = swiss_pairings(standings, played)
    if pairing is None:
        err.print("no pairing without a repeated match is possible", markup=False)
        raise typer.Exit(1)
    if as_json:
        _emit_json(
            {
                "standings": standings,
                "matches": [{"home": h, "away": a or None} for h, a in pairing],
            }
        )
        return
    for home, away in pairing:
        out.print(f"{home} v {away}" if away else f"{home}: sits out", markup=False)
