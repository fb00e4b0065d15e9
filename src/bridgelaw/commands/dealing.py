"""Commands for dealing (Law 6) and hand records; registered on the app in :mod:`bridgelaw.cli`.

* ``deal``        -- deal boards from a secret key (drawn when none is given), or print one deal
  by its number, in any deal-file format, to standard output or a file.
* ``deal-number`` -- the number of a deal given in PBN notation.
* ``deal-commit`` -- the commitment to publish before a session (draws a key when none is given).
* ``deal-verify`` -- check a published file of boards against the revealed key.
* ``records``     -- a printable HTML page of hand records.

Bad arguments are refused with one line and exit status 2; files are written whole or not at all.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from bridgelaw.boards import Board, board_dealer, board_vulnerability
from bridgelaw.cards import Deal
from bridgelaw.commands.board_files import (
    FirstBoardOption,
    FormatOption,
    choose_format,
    read_input,
    usage_error,
)
from bridgelaw.commands.common import Stages, emit_json, progress, said
from bridgelaw.dealing.dealer import SecureDealer, new_key, parse_board_range, parse_key
from bridgelaw.dealing.numbering import DEAL_COUNT, deal_to_number, number_to_deal
from bridgelaw.errors import BridgeLawError
from bridgelaw.formats.deal_files import format_for_path, write_file_atomic
from bridgelaw.records import hand_records_html, hand_records_pdf

__all__ = ["deal", "deal_commit", "deal_number", "deal_verify", "records"]

MAX_BOARDS_PER_RUN = 100_000
"""A guard against a typing slip like ``1-100000000``: more boards than this are refused."""

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
SeedOption = Annotated[
    str | None, typer.Option("--seed", help="The secret key, 32 to 128 hex digits.")
]
PublicOption = Annotated[
    str,
    typer.Option(
        "--public",
        help="A public value drawn after the key was committed (e.g. a "
        "lottery result), mixed into every deal; exactly as published.",
    ),
]


def _emit_json(data: Any) -> None:
    emit_json(data)


def _write_stdout(data: bytes) -> None:
    """Bytes to standard output as they are (binary formats, UTF-8 text, any locale)."""
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def _board_json(board: Board) -> dict[str, Any]:
    return {
        "board": board.number,
        "dealer": board.dealer.letter,
        "vulnerable": board.vulnerability.label,
        "deal": board.deal.pbn(),
        "number": str(deal_to_number(board.deal)),  # a string: it exceeds a double's precision
    }


def _seed_key(seed: str) -> bytes:
    try:
        return parse_key(seed)
    except BridgeLawError as error:
        raise usage_error(error) from None


def deal(
    boards: Annotated[
        str | None,
        typer.Option(
            "--boards",
            "-b",
            help="Board numbers FIRST-LAST, e.g. 1-36 (default 1-32); with --number, the "
            "one board number to print it as.",
        ),
    ] = None,
    seed: SeedOption = None,
    public: PublicOption = "",
    number: Annotated[
        int | None,
        typer.Option(
            "--number",
            "-n",
            help=f"Print the deal with this number, 0 to {DEAL_COUNT - 1}, instead of dealing.",
        ),
    ] = None,
    fmt: FormatOption = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (default: stdout).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Deal boards securely from a key (Law 6), or print one deal by its number.

    The same --seed (and --public) always gives the same boards, and board k is the same
    whatever range it is dealt in. Without --seed a fresh key is drawn from the operating
    system and printed on standard error: keep it secret until the session is over.
    """
    chosen = choose_format(fmt, output)
    try:
        numbers = parse_board_range(boards if boards is not None else "1-32")
    except BridgeLawError as error:
        raise usage_error(error) from None
    dealer: SecureDealer | None = None
    if number is not None:
        if seed is not None or public:
            raise typer.BadParameter("--number prints one given deal; it takes no --seed or "
                                     "--public")  # fmt: skip
        if boards is None:
            numbers = range(1, 2)
        if len(numbers) != 1:
            raise typer.BadParameter(f"--number prints one deal; --boards must name one board, "
                                     f"not {boards}")  # fmt: skip
        try:
            dealt = [Board.numbered(numbers[0], number_to_deal(number))]
        except BridgeLawError as error:
            raise usage_error(error) from None
        comments: list[str] = []
    else:
        if len(numbers) > MAX_BOARDS_PER_RUN:
            raise typer.BadParameter(f"{len(numbers)} boards is more than {MAX_BOARDS_PER_RUN:,} "
                                     "in one run; deal them in parts")  # fmt: skip
        if chosen.max_board is not None and numbers[-1] > chosen.max_board:
            raise typer.BadParameter(f"the {chosen.name} format holds boards 1 to "
                                     f"{chosen.max_board} only; board {numbers[-1]} was asked "
                                     "for")  # fmt: skip
        key = _seed_key(seed) if seed is not None else new_key()
        dealer = SecureDealer(key, public)
        if seed is None:
            sys.stderr.write(f"bridgelaw: drew seed {dealer.seed} (commitment "
                             f"{dealer.commitment}); keep the seed secret until the session "
                             "is over\n")  # fmt: skip
        dealt = []
        with progress("Dealing", len(numbers)) as bar:  # on a terminal only
            for start in range(0, len(numbers), 500):  # board k is the same in any range
                part = dealer.boards(numbers[start : start + 500])
                dealt.extend(part)
                bar.advance(len(part))
        comments = [
            "Dealt by bridgelaw, scheme bridgelaw/deal/v1 (Law 6)",
            f"key commitment {dealer.commitment}",
        ]
        if public:
            comments.append(f"public value: {public}")
    data = chosen.write(dealt, comments)
    if output is not None:
        write_file_atomic(output, data)
        if not as_json:
            said(f"wrote {len(dealt)} board{'s' if len(dealt) != 1 else ''} to {output} "
                 f"({chosen.name})")  # fmt: skip
    if as_json:
        _emit_json({
            "format": chosen.name,
            "output": None if output is None else str(output),
            "seed": None if dealer is None else dealer.seed,
            "commitment": None if dealer is None else dealer.commitment,
            "public": None if dealer is None else public,
            "boards": [_board_json(b) for b in dealt],
        })  # fmt: skip
    elif output is None:
        _write_stdout(data)


def deal_number(
    deal_text: Annotated[
        str, typer.Argument(metavar="DEAL", help='A PBN deal, e.g. "N:AKQ2.KQ2.A32.K32 ..."')
    ],
    as_json: JsonOption = False,
) -> None:
    """The number (0 to 52!/(13!)^4 - 1) of a deal; `deal --number` turns it back."""
    try:
        parsed = Deal.from_pbn(deal_text)
    except BridgeLawError as error:
        raise usage_error(error) from None
    number = deal_to_number(parsed)
    if as_json:
        _emit_json({"deal": parsed.pbn(), "number": str(number)})
    else:
        sys.stdout.write(f"{number}\n")


def deal_commit(seed: SeedOption = None, as_json: JsonOption = False) -> None:
    """The commitment to publish before the session; draws a key when no --seed is given.

    Publish the commitment before the session; keep the seed secret until the session is over,
    then publish it so that anyone can run `deal-verify`.
    """
    key = _seed_key(seed) if seed is not None else new_key()
    dealer = SecureDealer(key)
    if as_json:
        _emit_json({"seed": dealer.seed, "commitment": dealer.commitment})
    else:
        if seed is None:
            sys.stdout.write(f"seed {dealer.seed}\n")
        sys.stdout.write(f"commitment {dealer.commitment}\n")


def _read(file: Path, fmt: str | None, first_board: int | None, what: str) -> list[Board]:
    return read_input(file, fmt, first_board, what).boards


def deal_verify(
    file: Annotated[Path, typer.Argument(help="The published boards, in any deal format.")],
    seed: Annotated[str, typer.Option("--seed", help="The revealed key, as hex.")],
    public: PublicOption = "",
    commitment: Annotated[
        str | None,
        typer.Option("--commitment", help="The commitment published before the session."),
    ] = None,
    fmt: FormatOption = None,
    first_board: FirstBoardOption = None,
    as_json: JsonOption = False,
) -> None:
    """Check that published boards are the ones the revealed key (and public value) give.

    Exit status 0 when every board follows, 1 when the key does not match the commitment or any
    board differs.
    """
    key = _seed_key(seed)
    dealer = SecureDealer(key, public)
    chosen = choose_format(fmt, file) if fmt is not None else format_for_path(file)
    boards = _read(file, fmt, first_board, "nothing checked")
    problems: list[str] = []
    if commitment is not None and commitment.strip().lower() != dealer.commitment:
        problems.append("the seed does not match the published commitment")
    with progress("Verifying", len(boards)) as bar:  # on a terminal only
        mismatched = []
        for board in boards:
            mismatched.append(board.deal != dealer.deal(board.number))
            bar.advance()
    for board, differs in zip(boards, mismatched, strict=True):
        if differs:
            problems.append(f"board {board.number}: the deal is not the one the key gives")
        elif board.dealer != board_dealer(board.number) or board.vulnerability != (
            board_vulnerability(board.number)
        ):
            problems.append(f"board {board.number}: marked otherwise than Law 2 marks it")
    if as_json:
        _emit_json({"file": str(file), "boards": len(boards), "commitment_checked":
                    commitment is not None, "problems": problems,
                    "status": 1 if problems else 0})  # fmt: skip
    else:
        for p in problems:
            sys.stdout.write(f"{file}: {p}\n")
        if problems:
            sys.stdout.write(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in "
                             f"{len(boards)} boards\n")  # fmt: skip
            if chosen is not None and not chosen.numbered:
                sys.stdout.write(f"(a {chosen.suffix} file has no board numbers: its boards were "
                                 f"taken as {boards[0].number} to {boards[-1].number}; give "
                                 "--first-board if it starts elsewhere)\n")  # fmt: skip
        else:
            checked = " and the commitment" if commitment is not None else ""
            sys.stdout.write(f"{file}: all {len(boards)} boards follow from the seed"
                             f"{checked}\n")  # fmt: skip
    if problems:
        raise typer.Exit(1)


def records(
    file: Annotated[
        Path,
        typer.Argument(
            help="The boards: PBN, any deal format, or a Bridgemate database (.bws: its "
            "hand records)."
        ),
    ],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="The HTML file (default: stdout).")
    ] = None,
    columns: Annotated[
        int, typer.Option("--columns", "-c", help="Boards across the page: 2 or 4.")
    ] = 2,
    title: Annotated[str | None, typer.Option("--title", help="Heading of the page.")] = None,
    no_analysis: Annotated[
        bool, typer.Option("--no-analysis", help="Leave out the double-dummy table and par.")
    ] = False,
    pdf: Annotated[
        Path | None, typer.Option("--pdf", help="Also write the page as a PDF for printing.")
    ] = None,
    fmt: FormatOption = None,
    first_board: FirstBoardOption = None,
    as_json: JsonOption = False,
    lang: Annotated[
        str, typer.Option("--lang", help="The boards' words: en, pl, hu or sk.")
    ] = "en",
) -> None:
    """A printable HTML page of hand records: board, dealer, vulnerability, hands, points,
    and (unless told not to) each board's double-dummy table and par."""
    from bridgelaw.analysis.ddtable import ParConvention
    from bridgelaw.commands.analyse import board_analyses
    from bridgelaw.i18n.words import known_language

    lang = known_language(lang)
    if columns not in (2, 4):
        raise typer.BadParameter(f"--columns must be 2 or 4, not {columns}")
    stages = Stages("records", 3)
    stages.next(f"reading {file.name}")
    read = read_input(file, fmt, first_board)
    boards = read.boards
    if not no_analysis:
        stages.next(f"solving {len(boards)} boards double dummy")
    analyses = None if no_analysis else board_analyses(read, ParConvention.DEALER)
    stages.next(f"laying out {len(boards)} boards")
    heading = title if title is not None else file.stem
    page = hand_records_html(boards, heading, columns, analyses, lang)
    stages.done()
    data = page.encode("utf-8")
    printed = None if pdf is None else hand_records_pdf(page)  # made before anything is written
    if pdf is not None and printed is not None:
        write_file_atomic(pdf, printed)
        if not as_json:
            said(f"wrote the hand records of {len(boards)} boards to {pdf} (PDF)")
    if output is not None:
        write_file_atomic(output, data)
        if not as_json:
            said(f"wrote the hand records of {len(boards)} boards to {output}")
    if as_json:
        _emit_json({"file": str(file), "output": None if output is None else str(output),
                    "pdf": None if pdf is None else str(pdf), "analysis": analyses is not None,
                    "boards": [b.number for b in boards], "columns": columns})  # fmt: skip
    elif output is None and pdf is None:
        _write_stdout(data)


COMMANDS: dict[str, Callable[..., None]] = {
    "deal": deal,
    "deal-number": deal_number,
    "deal-commit": deal_commit,
    "deal-verify": deal_verify,
    "records": records,
}
"""Command name -> function, for :mod:`bridgelaw.cli` to register."""
