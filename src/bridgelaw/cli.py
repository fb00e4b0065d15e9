"""The ``bridgelaw`` command line: a thin layer over the library.

Every command takes ``--json`` for scripts. Exit statuses:

* 0 -- done;
* 1 -- the input has problems (a report lists them, with file and line);
* 2 -- a usage error: a bad option or argument, a missing file (one line on standard error);
* 3 -- an internal error, a bug in bridgelaw whatever the input: one line saying so and how to
  report it (the traceback only with ``BRIDGELAW_DEBUG=1`` in the environment).

Under ``--json`` an error is also one JSON object on standard output:
``{"error": "...", "status": 2}``. Never a traceback otherwise.

``bridgelaw --help`` and the small commands import only what they need: the command modules
keep numpy, the table engine and the sample players behind imports inside the commands.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.exceptions import TyperException

from bridgelaw.commands import dealing
from bridgelaw.commands.analyse import analyse
from bridgelaw.commands.common import (
    ERROR_LANGUAGE,
    CommandError,
    emit_json,
    error_text,
    print_reports,
    progress,
    stop_progress,
    worded,
)
from bridgelaw.commands.convert import convert
from bridgelaw.commands.demo import demo
from bridgelaw.commands.law import law
from bridgelaw.commands.replay import replay
from bridgelaw.commands.scoring import register as register_scoring
from bridgelaw.commands.serve import serve
from bridgelaw.errors import BridgeLawError
from bridgelaw.usage import usage_text

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from bridgelaw.formats.check import GameReport
    from bridgelaw.formats.pbn import Problem

OK, PROBLEMS, USAGE, BUG = 0, 1, 2, 3
"""The exit statuses (module text)."""

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


UsageProblem = typer.BadParameter
"""A bad argument found after parsing (e.g. a contract that cannot exist): exit status 2."""


@app.command()
def board(
    number: Annotated[int, typer.Argument(help="Board number (1 or more).")],
    as_json: JsonOption = False,
) -> None:
    """Dealer and vulnerability of a board by its number (Law 2)."""
    from bridgelaw.boards import board_dealer, board_vulnerability

    if number < 1:
        raise UsageProblem(worded("cli.board-number", number=number))
    dealer, vul = board_dealer(number), board_vulnerability(number)
    if as_json:
        emit_json({"board": number, "dealer": dealer.letter, "vulnerable": vul.label})
    else:
        sys.stdout.write(f"Board {number}: dealer {dealer.name.title()}, vulnerable: {vul.label}\n")


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
    from bridgelaw.calls import Contract
    from bridgelaw.scoring import contract_score

    try:
        parsed = Contract.parse(contract)
    except BridgeLawError as error:
        raise UsageProblem(error_text(error)) from None
    if not 0 <= tricks <= 13:
        raise UsageProblem(worded("cli.tricks", tricks=tricks))
    score = contract_score(parsed, tricks, vulnerable)
    if as_json:
        emit_json({"contract": str(parsed), "tricks": tricks, "vulnerable": vulnerable,
                   "score": score})  # fmt: skip
    else:
        sys.stdout.write(f"{score}\n")


@app.command("imps", context_settings={"ignore_unknown_options": True})
def imps_command(
    difference: Annotated[int, typer.Argument(help="Difference in total points (signed).")],
    as_json: JsonOption = False,
) -> None:
    """IMPs for a points difference by the Law 78B scale, with its sign."""
    from bridgelaw.scoring import imps

    value = imps(difference)
    if as_json:
        emit_json({"difference": difference, "imps": value})
    else:
        sys.stdout.write(f"{value}\n")


@pbn_app.command("check")
def pbn_check(
    file: Annotated[Path, typer.Argument(help="A PBN file.")],
    as_json: JsonOption = False,
) -> None:
    """Check every board of a PBN file: deal, auction, play and declared result.

    Exit status 0 when the file is valid (notes, such as a revoke the file marks or a claim,
    are facts of the table, not problems), 1 when it has problems.
    """
    from bridgelaw.formats.check import check_game
    from bridgelaw.formats.pbn import read_pbn_file

    if not file.is_file():
        raise UsageProblem(worded("cli.no-such-file", file=str(file)))
    try:
        parsed = read_pbn_file(file)
    except OSError as error:
        raise UsageProblem(
            worded("cli.cannot-read", file=str(file), reason=str(error.strerror or error))
        ) from None
    reports = []
    with progress(f"Checking {file.name}", len(parsed.games)) as bar:  # on a terminal only
        for game in parsed.games:
            reports.append(check_game(game, str(file)))
            bar.advance()
    problems = list(parsed.problems) + [p for r in reports for p in r.problems]
    problems.sort(key=lambda p: p.line)
    notes = sorted(list(parsed.notes) + [n for r in reports for n in r.notes],
                   key=lambda n: n.line)  # fmt: skip
    if as_json:
        emit_json({
            "file": str(file),
            "boards": [_report_json(r) for r in reports],
            "problems": [{"line": p.line, "message": p.message} for p in problems],
            "notes": [{"line": n.line, "message": n.message} for n in notes],
            "status": PROBLEMS if problems else OK,
        })  # fmt: skip
    else:
        print_reports(reports, f"{file}: {len(reports)} boards")
        for p in problems:
            sys.stdout.write(f"{p}\n")
        for n in notes:
            sys.stdout.write(f"note: {n}\n")
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found"
        if notes:
            count += f", {len(notes)} note{'s' if len(notes) != 1 else ''}"
        sys.stdout.write(count + "\n")
    if problems:
        raise typer.Exit(PROBLEMS)


def _report_json(r: GameReport) -> dict[str, object]:
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


for _name, _command in dealing.COMMANDS.items():  # Law 6: dealing, and hand records
    app.command(_name)(_command)
app.command("replay")(replay)  # the table engine
app.command("demo")(demo)  # the main job: `make run`
app.command("convert")(convert)  # between file formats
app.command("law")(law)  # the law navigator
app.command("serve")(serve)  # the web server


def _wants_json(argv: list[str]) -> bool:
    options = argv[: argv.index("--")] if "--" in argv else argv
    return "--json" in options


def _safe_streams() -> None:
    """A terminal that cannot show a character (``LANG=C``, ``PYTHONIOENCODING=ascii``) gets
    ``\\u0144`` for it instead of a crash; in JSON that escape even reads back as the letter."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and not encoding.startswith("utf"):
            with contextlib.suppress(ValueError, OSError):  # a stream that cannot change
                reconfigure(errors="backslashreplace")


def error_language(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of the command's errors: its ``--lang`` when known, else the locale's
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them: ``pl_PL.UTF-8`` is Polish),
    else English."""
    options = list(argv[: list(argv).index("--")] if "--" in argv else argv)
    for index, option in enumerate(options):
        asked = None
        if option == "--lang" and index + 1 < len(options):
            asked = options[index + 1]
        elif option.startswith("--lang="):
            asked = option.partition("=")[2]
        if asked is not None and asked.strip().lower() in LANGUAGES:
            return asked.strip().lower()
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            primary = value.partition(".")[0].partition("_")[0].lower()
            return primary if primary in LANGUAGES else "en"
    return "en"


LANGUAGES = ("en", "pl", "hu", "sk")
"""bridgelaw.i18n's languages, named here so that ``--help`` need not load the catalogs (a
test checks they are the same)."""


def _known() -> str:
    return ", ".join(LANGUAGES)


def _said(phrase: str, **params: str) -> str:
    """A phrase of the CLI's frame in the language of the errors (module-level ``_LANG``)."""
    from bridgelaw.i18n.words import Worded

    return Worded.said(phrase, params).text(_LANG[0])


def _found(message: str) -> str:
    """``message`` in the language of the errors when it is a phrase without parameters
    (found by its English, gettext's way), else as it is."""
    if _LANG[0] == "en":
        return message
    from bridgelaw.i18n.words import phrase_of

    words = phrase_of(message)
    return message if words is None else words.text(_LANG[0])


_LANG = ERROR_LANGUAGE
"""The language the current command's errors are written in (set by :func:`_main`)."""


def _fail(message: str, status: int, as_json: bool, problems: Sequence[Problem] = ()) -> int:
    stop_progress()  # a bar half way must not hide the message
    if len(problems) > 1:  # one problem is the message itself
        sys.stderr.write("".join(f"{p}\n" for p in problems))
    sys.stderr.write(_said("cli.error", message=message) + "\n")
    if as_json:
        data: dict[str, object] = {"error": message, "status": status}
        if problems:
            data["problems"] = [
                {"file": p.file, "line": p.line, "message": p.message} for p in problems
            ]
        emit_json(data)
    return status


app.command("analyse")(analyse)  # double-dummy tables and par


@functools.cache
def _click_command() -> Any:
    """The app as a click command, built once: typer builds it anew at each call of the app
    (36 ms, more than most commands take), and a process that runs several commands (the
    tests, a script importing :func:`main`) would pay that each time. It is the command the
    app's own call builds, so the commands run the same."""
    return typer.main.get_command(app)


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turning every error into one line and a status (module text)."""
    try:
        return _main(argv)
    finally:
        stop_progress()


def _main(argv: list[str] | None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    as_json = _wants_json(args)
    _LANG[0] = error_language(args, os.environ)
    _safe_streams()
    try:
        result = _click_command()(args=args, prog_name="bridgelaw", standalone_mode=False)
    except TyperException as error:  # usage errors: bad option, missing or bad argument
        if type(error).__name__ == "NoArgsIsHelpError":  # a bare command: show its help
            sys.stdout.write(error.format_message() + "\n")
            return OK
        message = " ".join(usage_text(error, _LANG[0]).split())  # click's own, translated
        return _fail(message, int(getattr(error, "exit_code", USAGE)), as_json)
    except (typer.Abort, KeyboardInterrupt):
        sys.stderr.write(_said("cli.interrupted") + "\n")
        return 130
    except CommandError as error:
        return _fail(_found(error.message), error.status, as_json, error.problems)
    except BridgeLawError as error:
        lang = getattr(error, "lang", None)  # an UnknownLanguage (the catalogs load lazily)
        if isinstance(lang, str):
            return _fail(_said("error.unknown-language", lang=lang, known=_known()), USAGE, as_json)
        return _fail(error_text(error), USAGE, as_json)
    except BrokenPipeError:  # the reader went away (`bridgelaw deal | head`): stop quietly
        with contextlib.suppress(OSError, ValueError):  # no complaint from the flush at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as error:
        where = f": {error.filename}" if error.filename else ""
        return _fail(f"{error.strerror or error}{where}", USAGE, as_json)
    except MemoryError:
        return _fail(_said("cli.out-of-memory"), PROBLEMS, as_json)
    except Exception as error:  # a bug, whatever the input: say so, and how to report it
        if os.environ.get("BRIDGELAW_DEBUG"):
            import traceback

            traceback.print_exc()
        text = " ".join(str(error).split())[:200]
        said = _said("cli.internal-error", error=f"{type(error).__name__}: {text}")
        return _fail(said, BUG, as_json)
    return result if isinstance(result, int) else OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
