"""The boards of an input file, read for a command: the ``--format`` and ``--first-board``
options and the reader that ``deal-verify``, ``records`` and ``analyse`` share (and ``deal``'s
choice of an output format). A missing file or an unknown suffix is a usage error (exit status
2); problems inside the file stop the command with every one of them (exit status 1)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgelaw.commands.common import CommandError, error_text, notes_said, worded
from bridgelaw.errors import BridgeLawError, ParseError
from bridgelaw.formats.deal_files import (
    FORMATS,
    BoardsRead,
    DealFormat,
    format_by_name,
    format_for_path,
    read_boards,
)
from bridgelaw.formats.pbn import FileProblems

__all__ = ["FirstBoardOption", "FormatOption", "choose_format", "read_input", "usage_error"]

FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        help=f"File format: {', '.join(FORMATS)} (default: from the "
        "output file's suffix, else pbn).",
    ),
]
FirstBoardOption = Annotated[
    int | None,
    typer.Option(
        "--first-board",
        help="Number of the first board, for formats that have no board numbers (bri, dge, "
        "ber; default 1), and for PBN games without a Board tag (never numbered otherwise).",
        min=1,
    ),
]


def usage_error(error: BridgeLawError) -> typer.BadParameter:
    """A usage error's words, in the language of the errors when the error is said by id."""
    return typer.BadParameter(error_text(error))


def choose_format(name: str | None, output: Path | None) -> DealFormat:
    if name is not None:
        try:
            return format_by_name(name)
        except BridgeLawError as error:
            raise usage_error(error) from None
    by_suffix = format_for_path(output) if output is not None else None
    return by_suffix or FORMATS["pbn"]


def read_input(
    file: Path, fmt: str | None, first_board: int | None, what: str = "nothing written"
) -> BoardsRead:
    """The boards of an input file, its notes said on standard error. Problems inside the
    file stop the command with every one of them and exit status 1 (``what``: what the
    refusal means, "nothing written"); a missing file or an unknown suffix is a usage error."""
    if not file.is_file():
        raise typer.BadParameter(worded("cli.no-such-file", file=str(file)))
    from bridgelaw.commands.convert import is_bws_file

    if is_bws_file(fmt, file):  # a Bridgemate database: its hand records
        return _read_bws(file, what)
    chosen = choose_format(fmt, file) if fmt is not None else format_for_path(file)
    if chosen is None:
        raise typer.BadParameter(
            worded("cli.format-unknown", file=str(file), formats=", ".join(FORMATS))
        )
    try:
        read = read_boards(file.read_bytes(), chosen, str(file), first_board)
    except FileProblems as error:
        raise CommandError.from_problems(file, error.problems, what) from None
    except ParseError as error:  # the readers of one problem: the machine formats, CSV
        raise CommandError(f"{error}; {what}") from None
    notes_said(read.notes)
    return read


def _read_bws(file: Path, what: str) -> BoardsRead:
    from bridgelaw.formats.access_db import MAX_BYTES
    from bridgelaw.formats.bws import bws_boards

    if file.stat().st_size > MAX_BYTES:
        raise CommandError(f"{file}: not a readable Bridgemate database: more than "
                           f"{MAX_BYTES:,} bytes; {what}")  # fmt: skip
    try:
        return BoardsRead(bws_boards(file.read_bytes(), str(file)))
    except FileProblems as error:
        raise CommandError.from_problems(file, error.problems, what) from None
