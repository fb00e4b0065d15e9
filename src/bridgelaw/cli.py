"""The ``bridgelaw`` command line: a thin layer over the library.

Every command takes ``--json`` for scripts. A bad argument gets one line on standard error and
exit status 2; a file with problems gets its report and exit status 1; never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from typer.exceptions import TyperException

from bridgelaw.boards import board_dealer, board_vulnerability
from bridgelaw.calls import Contract
from bridgelaw.commands import dealing
from bridgelaw.commands.convert import convert
from bridgelaw.commands.demo import demo
from bridgelaw.commands.law import law
from bridgelaw.commands.replay import replay
from bridgelaw.commands.scoring import register as register_scoring
from bridgelaw.errors import BridgeLawError
from bridgelaw.formats.check import GameReport, check_game
from bridgelaw.formats.pbn import read_pbn_file
from bridgelaw.scoring import contract_score, imps

app = typer.Typer(
    name="bridgelaw",
    help="The Laws of Duplicate Bridge as software.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
register_scoring(app)  # score-event, movement, vp, next-round
pbn_app = typer.Typer(help="PBN files: check boards against the Laws.", no_args_is_help=True)
app.add_typer(pbn_app, name="pbn")

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
out = Console(highlight=False, soft_wrap=True)


UsageProblem = typer.BadParameter
"""A bad argument found after parsing (e.g. a contract that cannot exist): exit status 2."""


def _emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


@app.command()
def board(
    number: Annotated[int, typer.Argument(help="Board number (1 or more).")],
    as_json: JsonOption = False,
) -> None:
    """Dealer and vulnerability of a board by its number (Law 2)."""
    if number < 1:
        raise UsageProblem(f"board numbers start at 1, not {number}")
    dealer, vul = board_dealer(number), board_vulnerability(number)
    if as_json:
        _emit_json({"board": number, "dealer": dealer.letter, "vulnerable": vul.label})
    else:
        out.print(f"Board {number}: dealer {dealer.name.title()}, vulnerable: {vul.label}")


@app.command("score-contract")
def score_contract(
    contract: Annotated[str, typer.Argument(help="Contract like 4H, 3NTX, 6SXX.")],
    tricks: Annotated[int, typer.Argument(help="Tricks declarer took, 0-13.")],
    vulnerable: Annotated[
        bool, typer.Option("--vulnerable", help="Declarer is vulnerable.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """The declaring side's score by Law 77, as a bare integer."""
    try:
        parsed = Contract.parse(contract)
    except BridgeLawError as error:
        raise UsageProblem(str(error)) from None
    if not 0 <= tricks <= 13:
        raise UsageProblem(f"tricks must be from 0 to 13, not {tricks}")
    score = contract_score(parsed, tricks, vulnerable)
    if as_json:
        _emit_json({"contract": str(parsed), "tricks": tricks, "vulnerable": vulnerable,
                    "score": score})  # fmt: skip
    else:
        out.print(str(score))


@app.command("imps", context_settings={"ignore_unknown_options": True})
def imps_command(
    difference: Annotated[int, typer.Argument(help="Difference in total points (signed).")],
    as_json: JsonOption = False,
) -> None:
    """IMPs for a points difference by the Law 78B scale, with its sign."""
    value = imps(difference)
    if as_json:
        _emit_json({"difference": difference, "imps": value})
    else:
        out.print(str(value))


@pbn_app.command("check")
def pbn_check(
    file: Annotated[Path, typer.Argument(help="A PBN file.")],
    as_json: JsonOption = False,
) -> None:
    """Check every board of a PBN file: deal, auction, play and declared result.

    Exit status 0 when the file is valid (notes, such as a revoke the file marks or a claim,
    are facts of the table, not problems), 1 when it has problems.
    """
    if not file.is_file():
        raise UsageProblem(f"no such file: {file}")
    try:
        parsed = read_pbn_file(file)
    except OSError as error:
        raise UsageProblem(f"cannot read {file}: {error.strerror or error}") from None
    reports = [check_game(game, str(file)) for game in parsed.games]
    problems = list(parsed.problems) + [p for r in reports for p in r.problems]
    problems.sort(key=lambda p: p.line)
    notes = sorted(list(parsed.notes) + [n for r in reports for n in r.notes],
                   key=lambda n: n.line)  # fmt: skip
    if as_json:
        _emit_json({
            "file": str(file),
            "boards": [_report_json(r) for r in reports],
            "problems": [{"line": p.line, "message": p.message} for p in problems],
            "notes": [{"line": n.line, "message": n.message} for n in notes],
        })  # fmt: skip
    else:
        out.print(report_table(reports, f"{file}: {len(reports)} boards"))
        for p in problems:
            out.print(str(p), markup=False)
        for n in notes:
            out.print(f"note: {n}", markup=False)
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found"
        if notes:
            count += f", {len(notes)} note{'s' if len(notes) != 1 else ''}"
        out.print(count, markup=False)
    if problems:
        raise typer.Exit(1)


def _report_json(r: GameReport) -> dict[str, Any]:
    return {
        "board": r.board,
        "line": r.line,
        "contract": None if r.contract is None else str(r.contract),
        "declarer": None if r.declarer is None else r.declarer.letter,
        "lead": r.opening_lead,
        "tricks": r.tricks,
        "ns_score": r.ns_score,
        "problems": len(r.problems),
        "notes": len(r.notes),
    }


def report_table(reports: list[GameReport], title: str) -> Table:
    table = Table(title=title)
    for heading in ("Board", "Contract", "By", "Lead", "Tricks", "NS", "EW", "Problems"):
        table.add_column(heading, justify="right" if heading in ("NS", "EW", "Tricks") else "left")
    for r in reports:
        ns = r.ns_score
        table.add_row(
            "?" if r.board is None else str(r.board),
            "" if r.contract is None else str(r.contract),
            "" if r.declarer is None else r.declarer.letter,
            r.opening_lead or "",
            "" if r.tricks is None else str(r.tricks),
            str(ns) if ns is not None and ns > 0 else "",
            str(-ns) if ns is not None and ns < 0 else "",
            str(len(r.problems)) if r.problems else "",
        )
    return table


for _name, _command in dealing.COMMANDS.items():  # Law 6: dealing, and hand records
    app.command(_name)(_command)
app.command("replay")(replay)  # the table engine
app.command("demo")(demo)  # the main job: `make run`
app.command("convert")(convert)  # between file formats (issue 10, item 4)
app.command("law")(law)  # the law navigator (issue 12, item 6)


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turning every user error into one line and a status."""
    try:
        result = app(args=argv, prog_name="bridgelaw", standalone_mode=False)
    except TyperException as error:  # usage errors: bad option, missing or bad argument
        if type(error).__name__ == "NoArgsIsHelpError":  # a bare command: show its help
            sys.stdout.write(error.format_message() + "\n")
            return 0
        message = " ".join(error.format_message().split())
        sys.stderr.write(f"bridgelaw: error: {message}\n")
        return int(getattr(error, "exit_code", 2))
    except (typer.Abort, KeyboardInterrupt):
        sys.stderr.write("bridgelaw: interrupted\n")
        return 130
    except BridgeLawError as error:
        sys.stderr.write(f"bridgelaw: error: {error}\n")
        return 2
    except OSError as error:
        sys.stderr.write(f"bridgelaw: error: {error.strerror or error}: {error.filename}\n")
        return 2
    return result if isinstance(result, int) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
