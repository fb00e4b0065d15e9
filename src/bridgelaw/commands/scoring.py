"""CLI commands for scoring tournaments: ``score-event``, ``movement``, ``vp``, ``next-round``.

``score-event`` (with its ``--event`` option, the tournament's name) keeps the word of the Laws
and of its specification (``event-results.md``): a fixed interface. In the code a tournament is a
tournament (:class:`~bridgelaw.tournament.session.TournamentInput`); "event" is what happens at
a table.

A results file with problems is refused as a whole: every problem is listed with its line, the
exit status is 1 and nothing is written. The outputs of one run (``--pbn``, ``--usebio``,
``--site``) are written together or not at all (:class:`bridgelaw.formats.files.Outputs`).
"""

from __future__ import annotations

import sys
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from bridgelaw.commands.common import (
    CommandError,
    emit_json,
    error_text,
    notes_said,
    print_table,
    said,
    worded,
)

if TYPE_CHECKING:  # numpy and the scorer are imported when a command runs (fast --help)
    from collections.abc import Callable, Mapping, Sequence

    from bridgelaw.analysis.ddtable import BoardAnalysis
    from bridgelaw.formats.pbn import Problem
    from bridgelaw.formats.results_json import ReadOutcome
    from bridgelaw.tournament.movement_model import Movement
    from bridgelaw.tournament.session import TournamentInput, TournamentResults

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]


def register(app: typer.Typer) -> None:
    """Add this module's commands to the main app."""
    app.command("score-event")(score_tournament_command)
    app.command("movement")(movement_command)
    app.command("vp", context_settings={"ignore_unknown_options": True})(vp_command)
    app.command("next-round")(next_round_command)


def _emit_json(data: Any) -> None:
    emit_json(data)


def read_tournament_file(
    path: Path, scoring: str | None, event_name: str | None, section: str | None = None
) -> ReadOutcome:
    """Read a results file by its extension: ``.json``, ``.csv``, ``.pbn``, ``.xml``
    (USEBIO) or ``.bws`` (a Bridgemate database, also told by its first bytes); the bytes are
    decoded as every reader decodes them (a byte-order mark, UTF-16 from Excel, Latin-1), XML's
    as its declaration says."""
    from bridgelaw.formats.pbn import Problem
    from bridgelaw.formats.results_json import ReadOutcome, read_results_json
    from bridgelaw.formats.text import UndecodableText, read_text_file
    from bridgelaw.tournament.session import SCORINGS

    if not path.is_file():
        raise typer.BadParameter(worded("cli.no-such-file", file=str(path)))
    if scoring is not None and scoring not in SCORINGS:
        raise typer.BadParameter(
            worded(
                "cli.one-of", option="--scoring", choices=", ".join(SCORINGS), value=repr(scoring)
            )
        )
    suffix = path.suffix.lower()
    if suffix == ".bws" or _starts_as_database(path):
        from bridgelaw.formats.access_db import MAX_BYTES
        from bridgelaw.formats.bws import bws_tournament

        if path.stat().st_size > MAX_BYTES:  # not read into memory to be refused
            return ReadOutcome(None, [Problem(str(path), 1, f"not a readable Bridgemate database: "
                                              f"more than {MAX_BYTES:,} bytes")])  # fmt: skip
        return bws_tournament(path.read_bytes(), str(path), scoring, event_name, section)
    if section is not None:
        raise typer.BadParameter("--section is for a Bridgemate database (.bws)")
    if suffix == ".xml":
        from bridgelaw.formats.usebio_read import read_usebio

        # the bytes: the XML declaration names their encoding (USEBIO 1.2 files: ISO-8859-1)
        return read_usebio(path.read_bytes(), str(path), scoring, event_name)
    try:
        text = read_text_file(path).text
    except UndecodableText as error:
        return ReadOutcome(None, [Problem(str(path), 1, str(error).removeprefix(f"{path}: "))])
    if suffix == ".json":
        if scoring is not None or event_name is not None:
            raise typer.BadParameter(
                "--scoring and --event are for CSV, PBN and USEBIO files; a JSON results file "
                "names its own"
            )
        return read_results_json(text, str(path))
    if suffix == ".csv":
        from bridgelaw.formats.results_csv import read_results_csv

        return read_results_csv(text, str(path), scoring, event_name)
    if suffix == ".pbn":
        from bridgelaw.formats.results_pbn import read_results_pbn

        # the bytes: the PBN reader decodes them itself (BOM, UTF-16, Latin-1: formats.text)
        return read_results_pbn(path.read_bytes(), str(path), scoring, event_name)
    raise typer.BadParameter(worded("cli.results-file-kinds", path=str(path)))


def _starts_as_database(path: Path) -> bool:
    """Whether the file begins as a Microsoft Access database does (a Bridgemate session saved
    under another name)."""
    from bridgelaw.formats.access_db import is_access_database

    with path.open("rb") as stream:
        return is_access_database(stream.read(32))


def load_tournament(
    path: Path,
    scoring: str | None = None,
    event_name: str | None = None,
    deals: Path | None = None,
    phantoms: frozenset[str] = frozenset(),
    section: str | None = None,
) -> tuple[TournamentInput | None, list[Problem]]:
    """Read and check a results file; the tournament is ``None`` when there is any problem.

    ``phantoms`` are added to the file's own (``--phantom``: rows against them are sit-outs);
    ``section`` picks one section of a Bridgemate database."""
    from bridgelaw.tournament.session import check_tournament

    outcome = read_tournament_file(path, scoring, event_name, section)
    notes_said(outcome.notes)  # a Date not read, erased results left out...
    problems = list(outcome.problems)
    tournament = outcome.tournament
    for read in (outcome.tournament, outcome.partial):
        if read is not None and phantoms:
            read.phantoms = read.phantoms | phantoms
    if tournament is not None and deals is not None:
        from bridgelaw.formats.results_pbn import deals_from_pbn

        if not deals.is_file():
            raise typer.BadParameter(worded("cli.no-such-file", file=str(deals)))
        found, deal_problems = deals_from_pbn(deals)
        problems.extend(deal_problems)
        tournament.deals = found | tournament.deals
    whole = tournament if tournament is not None else outcome.partial
    if whole is not None:  # checked even beside line problems: every problem in one report
        problems.extend(check_tournament(whole))
    problems.sort(key=lambda p: (p.file, p.line))
    return (tournament if not problems else None), problems


def refuse(path: Path, problems: list[Problem], as_json: bool) -> None:
    """Report every problem and stop with status 1, having written nothing."""
    plural = "s" if len(problems) != 1 else ""
    summary = f"{len(problems)} problem{plural}: results refused, nothing written"
    if as_json:
        _emit_json(
            {
                "file": str(path),
                "problems": [
                    {"file": p.file, "line": p.line, "message": p.message} for p in problems
                ],
                "error": summary,
                "status": 1,
            }
        )
    sys.stderr.write("".join(f"{p}\n" for p in problems) + summary + "\n")
    raise typer.Exit(1)


def _check_targets(**targets: Path | None) -> None:
    """Refuse (usage error) an output whose directory is missing or which is in the way."""
    for option, path in targets.items():
        if path is None:
            continue
        if not path.resolve().parent.is_dir():
            raise typer.BadParameter(
                worded("cli.option-no-directory", option=option, path=str(path.parent))
            )
        if option == "site" and path.exists() and not path.is_dir():
            raise typer.BadParameter(worded("cli.site-is-a-file", path=str(path)))
        if option != "site" and path.is_dir():
            raise typer.BadParameter(
                worded("cli.option-is-a-directory", option=option, path=str(path))
            )


def score_tournament_command(
    results: Annotated[
        Path,
        typer.Argument(
            help="Results file: .json (the spec), .csv, .pbn, .xml (USEBIO) or .bws (Bridgemate)."
        ),
    ],
    as_json: JsonOption = False,
    scoring: Annotated[
        str | None,
        typer.Option(
            help="Scoring of a CSV, PBN, USEBIO or Bridgemate file (default: the file's, else MP)."
        ),
    ] = None,
    event_name: Annotated[
        str | None,
        typer.Option("--event", help="Event name for a CSV, PBN, USEBIO or Bridgemate file."),
    ] = None,
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
    no_analysis: Annotated[
        bool,
        typer.Option(
            "--no-analysis", help="No double-dummy table and par on the site's board pages."
        ),
    ] = False,
    section: Annotated[
        str | None,
        typer.Option(
            help="A Bridgemate database's section to score alone (default: all, together)."
        ),
    ] = None,
    lang: Annotated[
        str,
        typer.Option(
            "--lang",
            help="The results site's language: en, pl, hu or sk (its words and numbers).",
        ),
    ] = "en",
) -> None:
    """Score a session by Laws 12 and 78: travellers and the ranking."""
    from bridgelaw.tournament.session import CROSS_IMPS_RANKINGS, SITOUTS, collector_paused

    _check_targets(pbn=pbn, usebio=usebio, site=site)
    from bridgelaw.i18n.words import known_language

    lang = known_language(lang)
    for option, value, choices in (
        ("--sitouts", sitouts, SITOUTS),
        ("--cross-imps-ranking", cross_imps_ranking, CROSS_IMPS_RANKINGS),
    ):
        if value is not None and value not in choices:
            raise typer.BadParameter(
                worded("cli.one-of", option=option, choices=", ".join(choices), value=repr(value))
            )
    # Python's cyclic collector paused for the whole run: what the run makes (the tournament, its
    # scores, the outputs' text) is kept until the run ends or freed at once, so the collector's
    # passes over a large session find nothing; it runs again once the run's objects are freed.
    with collector_paused():
        _score_tournament_file(
            results,
            as_json,
            scoring=scoring,
            event_name=event_name,
            deals=deals,
            site=site,
            pbn=pbn,
            usebio=usebio,
            phantoms=frozenset(phantom or ()),
            sitouts=sitouts,
            cross_imps_ranking=cross_imps_ranking,
            analysis=not no_analysis,
            section=section,
            lang=lang,
        )


def _score_tournament_file(
    results: Path,
    as_json: bool,
    *,
    scoring: str | None,
    event_name: str | None,
    deals: Path | None,
    site: Path | None,
    pbn: Path | None,
    usebio: Path | None,
    phantoms: frozenset[str],
    sitouts: str | None,
    cross_imps_ranking: str | None,
    analysis: bool,
    section: str | None,
    lang: str = "en",
) -> None:
    """``score-event`` once its options are checked."""
    from bridgelaw.commands.common import Stages
    from bridgelaw.tournament.session import score_tournament

    outputs_asked = [p for p in (pbn, usebio, site) if p is not None]
    stages = Stages("score-event", 4 + len(outputs_asked))
    stages.next(f"reading {results.name}")
    loaded, problems = load_tournament(results, scoring, event_name, deals, phantoms, section)
    if loaded is None:
        stages.done()
        refuse(results, problems, as_json)
        return
    if sitouts is not None:
        loaded.sitouts = sitouts
    if cross_imps_ranking is not None:
        loaded.cross_imps_ranking = cross_imps_ranking
    stages.next(f"scoring {len(loaded.lines):,} results")
    scored = score_tournament(loaded)
    analyses = None
    if site is not None and scored.deals and analysis:
        from bridgelaw.analysis.dds import analyse_deals

        stages.next(f"solving {len(scored.deals)} deals double dummy")
        analyses = analyse_deals(scored.deals)  # the DD table and par on each board's page
    if as_json and outputs_asked:
        scored = scored.kept()  # the outputs and the JSON read each board's results built once
    written = write_outputs(
        scored,
        loaded.date,
        pbn=pbn,
        usebio=usebio,
        site=site,
        step=stages.next,
        analyses=analyses,
        lang=lang,
    )
    stages.done()
    if as_json:
        from bridgelaw.formats.results_json import write_results_json

        write_results_json(scored, sys.stdout)
        sys.stdout.write("\n")
        return
    _print_results(scored)
    if written:
        said(f"scored {len(loaded.lines):,} results; wrote {', '.join(written)}")
    if site is not None:
        from bridgelaw.i18n.words import Speaker

        path = str((site / "index.html").resolve())
        sys.stdout.write(Speaker(lang)("site.written", path=path) + "\n")


def write_outputs(
    scored: TournamentResults,
    date: str | None,
    pbn: Path | None = None,
    usebio: Path | None = None,
    site: Path | None = None,
    step: Callable[[str], None] | None = None,
    analyses: Mapping[int, BoardAnalysis] | None = None,
    lang: str = "en",
) -> list[str]:
    """Write every output asked for, all together or none: each is streamed to a temporary
    next to its target, and all are moved into place only once every one is complete. A
    site goes into its folder beside the files already there (none of them is deleted).
    ``step`` is told what is being made (a progress display); the result names what was
    written."""
    from bridgelaw.tournament.session import collector_paused

    with collector_paused():  # what is made here is kept or freed at once: no cycles to find
        return _write_outputs(scored, date, pbn, usebio, site, step, analyses, lang)


def _write_outputs(
    scored: TournamentResults,
    date: str | None,
    pbn: Path | None,
    usebio: Path | None,
    site: Path | None,
    step: Callable[[str], None] | None,
    analyses: Mapping[int, BoardAnalysis] | None,
    lang: str = "en",
) -> list[str]:
    from bridgelaw.formats.files import Outputs

    written: list[str] = []
    if pbn is None and usebio is None and site is None:
        return written
    say = step or (lambda _: None)
    if sum(target is not None for target in (pbn, usebio, site)) > 1:
        scored = scored.kept()  # each board's results built once for every output
    with Outputs() as outputs:
        if pbn is not None:
            from bridgelaw.formats.results_pbn import write_results_pbn

            say("writing the PBN file")
            with outputs.file(pbn) as stream:
                notes = write_results_pbn(scored, stream, date)
            for note in notes:  # what other programs will not read from the file
                said(f"{pbn}: {note}")
            written.append(str(pbn))
        if usebio is not None:
            from bridgelaw.formats.usebio import write_usebio

            say("writing the USEBIO file")
            with outputs.file(usebio) as stream:
                notes = write_usebio(scored, stream, date=date)
            for note in notes:  # what other programs will not read from the file
                said(f"{usebio}: {note}")
            written.append(str(usebio))
        if site is not None:
            from bridgelaw.formats.results_html import stage_site

            say("writing the results site")
            tree = outputs.tree(site)
            stage_site(scored, tree, analyses, lang)
            written.append(f"{len(tree.names)} pages in {site}")
        say("moving the outputs into place")
        outputs.commit()
    return written


def _print_results(scored: TournamentResults) -> None:
    from bridgelaw.tournament.session import number

    for m in scored.matches:
        vp_text = "" if m.vp is None else f"  VP {number(m.vp[0])} - {number(m.vp[1])}"
        sys.stdout.write(
            f"Match {m.match}: {m.home} {number(m.imps[0])} - {number(m.imps[1])} "
            f"{m.away} IMPs{vp_text}\n"
        )
    directions = list(dict.fromkeys(r.direction for r in scored.ranking))
    unit = {"mp": "MP", "imps": "IMPs", "points": "Points"}[scored.unit]
    if scored.scoring == "teams":
        unit = "VP" if scored.matches and scored.matches[0].vp is not None else "IMPs"
    count = "Matches" if scored.scoring == "teams" else "Boards"
    headings = ("Rank", "Team" if scored.scoring == "teams" else "Pair", unit, "%", count)
    for direction in directions:
        title = scored.name or "Ranking"
        if direction:
            title += f" ({direction})"
        rows = []
        for r in scored.ranking:
            if r.direction != direction:
                continue
            name = scored.names.get(r.pair)
            rows.append((
                r.rank,
                r.pair + (f" {name}" if name else ""),
                str(number(r.score)),
                "" if r.percent is None else f"{number(r.percent):.2f}",
                str(r.boards),
            ))  # fmt: skip
        print_table(title, headings, rows, right=headings[2:])


MOVEMENT_KINDS = ("mitchell", "howell", "teams")
FILE_ACTIONS = ("check", "show")


def movement_command(
    kind: Annotated[
        str,
        typer.Argument(
            help="mitchell, howell or teams to make a movement; check or show to "
            "read a movement file."
        ),
    ],
    file: Annotated[Path | None, typer.Argument(help="The movement file to check or show.")] = None,
    tables: Annotated[
        int | None, typer.Option(help="Tables (for teams: the number of teams).")
    ] = None,
    boards_per_round: Annotated[
        int | None, typer.Option(help="Boards played in each round.")
    ] = None,
    rounds: Annotated[int | None, typer.Option(help="Rounds (default: all).")] = None,
    arrow_switch: Annotated[
        list[int] | None, typer.Option(help="A round in which the pairs turn round (Mitchell).")
    ] = None,
    even: Annotated[
        str, typer.Option(help="A Mitchell of an even number of tables: skip or share-relay.")
    ] = "skip",
    pairs: Annotated[
        int | None,
        typer.Option(
            help="Pairs, when one short of the seats: the missing pair is a phantom "
            "(Mitchell, Howell)."
        ),
    ] = None,
    phantom: Annotated[
        str | None,
        typer.Option(
            help="The phantom pair (default: a Mitchell's last North-South "
            "pair, a Howell's stationary pair)."
        ),
    ] = None,
    write: Annotated[
        Path | None, typer.Option("--write", help="Write the movement file (docs/movements.md).")
    ] = None,
    output_format: Annotated[
        str,
        typer.Option("--format", help="cards (guide cards) or file (the movement file, JSON)."),
    ] = "cards",
    section: Annotated[
        str | None,
        typer.Option(help="The section of a Bridgemate database (.bws) to show (its letter)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Make a movement (Mitchell, Howell, teams) and print its guide cards or its movement file;
    or check a movement file or a Bridgemate database (.bws: one movement a section; exit 1
    when it has problems) or show its guide cards."""
    from bridgelaw.tournament.movements import MovementError, make_movement

    if output_format not in ("cards", "file"):
        raise typer.BadParameter(worded("cli.cards-or-file", value=repr(output_format)))
    if kind in FILE_ACTIONS:
        if file is None:
            raise typer.BadParameter(worded("cli.needs-movement-file", kind=kind))
        if file.suffix.lower() == ".bws" or (file.is_file() and _starts_as_database(file)):
            _bws_movement_command(kind, file, section, output_format, as_json, write)
            return
        if section is not None or write is not None:
            option = "--section" if section is not None else "--write"
            raise typer.BadParameter(f"{option} is for a Bridgemate database (.bws) or a "
                                     "movement made here")  # fmt: skip
        _movement_file_command(kind, file, output_format, as_json)
        return
    if section is not None:
        raise typer.BadParameter("--section is for a Bridgemate database (.bws)")
    if kind not in MOVEMENT_KINDS:
        raise typer.BadParameter(f"unknown movement {kind!r} (expected mitchell, howell or teams; "
                                 "or check or show and a movement file)")  # fmt: skip
    if file is not None:
        raise typer.BadParameter(worded("cli.made-not-read", kind=kind, file=str(file)))
    if tables is None or boards_per_round is None:
        missing = "--tables" if tables is None else "--boards-per-round"
        raise typer.BadParameter(worded("cli.needed-to-make", option=missing, kind=kind))
    if arrow_switch and kind != "mitchell":
        raise typer.BadParameter("--arrow-switch is for a Mitchell")
    if even != "skip" and kind != "mitchell":
        raise typer.BadParameter("--even is for a Mitchell")
    try:
        movement = make_movement(kind, tables, boards_per_round, rounds, arrow_switch or (),
                                 even=even, pairs=pairs, phantom=phantom)  # fmt: skip
    except MovementError as error:
        raise typer.BadParameter(error_text(error)) from None
    _emit_movement(movement, write, output_format, as_json)


def _emit_movement(movement: Movement, write: Path | None, output_format: str,
                   as_json: bool) -> None:  # fmt: skip
    from bridgelaw.formats.files import write_atomic
    from bridgelaw.formats.movement_file import write_movement_file

    if write is not None:
        try:
            write_atomic(write, write_movement_file(movement))
        except OSError as error:
            reason = str(error.strerror or error)
            raise CommandError(worded("cli.cannot-write", file=str(write), reason=reason)) from None
        if not as_json:
            said(f"wrote the movement ({movement.kind}, {movement.tables} tables, "
                 f"{movement.rounds} rounds) to {write}")  # fmt: skip
    if as_json:
        _emit_json(movement.to_json() | ({"output": str(write)} if write else {}))
    elif write is None:
        text = write_movement_file(movement) if output_format == "file" else movement.guide_cards()
        sys.stdout.write(text)


def _movement_file_command(action: str, path: Path, output_format: str, as_json: bool) -> None:
    from bridgelaw.formats.movement_file import MAX_CHARS, read_movement_file
    from bridgelaw.formats.pbn import Problem
    from bridgelaw.tournament.movements import describe

    if not path.is_file():
        raise typer.BadParameter(worded("cli.no-such-file", file=str(path)))
    try:
        if path.stat().st_size > 4 * MAX_CHARS:
            problems = [Problem(str(path), 1, f"a movement file has at most {MAX_CHARS:,} "
                                "characters")]  # fmt: skip
            read = None
        else:
            data = path.read_bytes()
            try:
                text = data.decode("utf-8-sig")
            except UnicodeDecodeError as error:
                line = data.count(b"\n", 0, error.start) + 1
                problems = [Problem(str(path), line, "not UTF-8 text (a JSON file is UTF-8)")]
                read = None
            else:
                read = read_movement_file(text, str(path))
                problems = read.problems
    except OSError as error:
        raise typer.BadParameter(f"cannot read {path}: {error.strerror or error}") from None
    movement = read.movement if read is not None else None
    if action == "show" and movement is not None:
        _emit_movement(movement, None, output_format, as_json)
        return
    summary = describe(movement) if movement is not None else None
    lines = [f"{path}: {summary}; no problems"] if summary is not None else None
    _report_check(path, problems, {"movement": summary}, lines, as_json)


def _report_check(
    path: Path,
    problems: Sequence[Problem],
    described: dict[str, object],
    lines: list[str] | None,
    as_json: bool,
) -> None:
    """A movement check's report, and its status (1 with problems): as JSON, the file, what
    was ``described``, the problems and the status; as text, each problem on its line, then
    ``lines`` (None: how many problems were found)."""
    if as_json:
        _emit_json({
            "file": str(path),
            **described,
            "problems": [{"line": p.line, "message": p.message} for p in problems],
            "status": 1 if problems else 0,
        })  # fmt: skip
    else:
        for p in problems:
            sys.stdout.write(f"{p}\n")
        if lines is None:
            count = len(problems)
            lines = [f"{count} problem{'s' if count != 1 else ''} found"]
        sys.stdout.write("".join(f"{line}\n" for line in lines))
    if problems:
        raise typer.Exit(1)


def _bws_movement_command(
    action: str,
    path: Path,
    section: str | None,
    output_format: str,
    as_json: bool,
    write: Path | None,
) -> None:
    """``movement check|show club.bws``: the movement of each section of a Bridgemate database
    (its RoundData). ``--section`` picks one by its letter; without it ``check`` checks them
    all and ``show`` shows the guide cards of each, and a movement file (``--format file``,
    ``--write``) needs a database of one section or a ``--section``."""
    from bridgelaw.formats.access_db import MAX_BYTES
    from bridgelaw.formats.bws import bws_movements
    from bridgelaw.formats.pbn import Problem
    from bridgelaw.tournament.movements import describe

    if not path.is_file():
        raise typer.BadParameter(worded("cli.no-such-file", file=str(path)))
    if path.stat().st_size > MAX_BYTES:
        movements: dict[str, Movement] = {}
        problems = [Problem(str(path), 1, f"not a readable Bridgemate database: more than "
                            f"{MAX_BYTES:,} bytes")]  # fmt: skip
    else:
        movements, problems = bws_movements(path.read_bytes(), str(path))
    if section is not None and not problems:
        wanted = section.strip().upper()
        if wanted not in movements:
            raise typer.BadParameter(f"--section: {path} has no section {section!r} (its "
                                     f"sections: {', '.join(movements) or 'none'})")  # fmt: skip
        movements = {wanted: movements[wanted]}
    if action == "show" and not problems:
        if len(movements) == 1:
            (movement,) = movements.values()
            _emit_movement(movement, write, output_format, as_json)
            return
        if write is not None or output_format == "file":
            raise typer.BadParameter(f"{path} has sections {', '.join(movements)}: a movement "
                                     "file holds one; choose it with --section")  # fmt: skip
        if as_json:
            _emit_json({letter: m.to_json() for letter, m in movements.items()})
            return
        for letter, movement in movements.items():
            sys.stdout.write(f"== Section {letter}\n")
            sys.stdout.write(movement.guide_cards())
        return
    summaries = {letter: describe(m) for letter, m in movements.items()}
    count = len(problems)
    lines = [f"{path}: section {letter}: {summary}" for letter, summary in summaries.items()]
    lines.append(f"{count} problem{'s' if count != 1 else ''} found")
    _report_check(path, problems, {"sections": summaries}, lines, as_json)


def vp_command(
    margin: Annotated[str, typer.Argument(help="IMP margin (signed; fractions like 14/3).")],
    boards: Annotated[int, typer.Option(help="Boards in the match.")],
    as_json: JsonOption = False,
) -> None:
    """Victory points for an IMP margin by the WBF continuous scale (2013)."""
    from bridgelaw.scoring.vp import MAX_BOARDS, parse_margin, wbf_vp_table
    from bridgelaw.scoring.vp import vp as vp_of

    value = parse_margin(margin)
    if value is None:
        raise typer.BadParameter(f"not an IMP margin: {margin[:40]!r} (expected a whole or "
                                 "decimal number or a fraction like 14/3)")  # fmt: skip
    if not 1 <= boards <= MAX_BOARDS:
        raise typer.BadParameter(f"--boards: a match has 1 to {MAX_BOARDS} boards on the WBF "
                                 f"scale, not {boards}")  # fmt: skip
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
        sys.stdout.write(f"{number(ours):.2f} - {number(20 - ours):.2f}\n")


def number(value: Fraction) -> float | int:
    """Two decimals, halves away from zero, as :func:`bridgelaw.tournament.session.number` writes
    every output (not imported from there: it would load numpy for a one-line answer)."""
    if value.denominator == 1:
        return int(value)
    scaled = Decimal(value.numerator) / Decimal(value.denominator)
    return float(scaled.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def next_round_command(
    results: Annotated[Path, typer.Argument(help="A teams results file (JSON) so far.")],
    as_json: JsonOption = False,
) -> None:
    """Swiss pairing of the next round from the standings of a teams tournament."""
    from bridgelaw.tournament.session import score_tournament
    from bridgelaw.tournament.teams import swiss_pairings

    loaded, problems = load_tournament(results)
    if loaded is None:
        refuse(results, problems, as_json)
        return
    if loaded.scoring != "teams":
        raise typer.BadParameter(f"{results}: Swiss pairing needs a teams tournament")
    scored = score_tournament(loaded)
    standings = [r.pair for r in scored.ranking]
    played = {frozenset((m.home, m.away)) for m in loaded.matches}
    pairing = swiss_pairings(standings, played)
    if pairing is None:
        raise CommandError(worded("cli.no-pairing"))
    if as_json:
        _emit_json(
            {
                "standings": standings,
                "matches": [{"home": h, "away": a or None} for h, a in pairing],
            }
        )
        return
    for home, away in pairing:
        sys.stdout.write(f"{home} v {away}\n" if away else f"{home}: sits out\n")
