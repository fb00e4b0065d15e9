"""The boards of a deal file, read for a command: the ``--format`` and ``--first-board``
options and the reader that ``deal-verify``, ``records`` and ``analyse`` share (and ``deal``'s
choice of an output format). A file that cannot be read is a usage error (exit status 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bridgelaw.boards import Board
from bridgelaw.errors import BridgeLawError
from bridgelaw.formats.deal_files import (
    FORMATS,
    DealFormat,
    format_by_name,
    format_for_path,
    read_deal_file,
)

__all__ = ["FirstBoardOption", "FormatOption", "choose_format", "read_boards", "usage_error"]

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
    int,
    typer.Option(
        "--first-board",
        help="Number of the first board, for formats that have no board numbers (bri, dge, ber).",
        min=1,
    ),
]


def usage_error(error: BridgeLawError) -> typer.BadParameter:
    return typer.BadParameter(str(error))


def choose_format(name: str | None, output: Path | None) -> DealFormat:
    if name is not None:
        try:
            return format_by_name(name)
        except BridgeLawError as error:
            raise usage_error(error) from None
    by_suffix = format_for_path(output) if output is not None else None
    return by_suffix or FORMATS["pbn"]


def read_boards(file: Path, fmt: str | None, first_board: int) -> list[Board]:
    if not file.is_file():
        raise typer.BadParameter(f"no such file: {file}")
    chosen = choose_format(fmt, file) if fmt is not None else format_for_path(file)
    if chosen is None:
        raise typer.BadParameter(f"cannot tell the format of {file} from its suffix; give "
                                 f"--format ({', '.join(FORMATS)})")  # fmt: skip
    return read_deal_file(file, chosen, first_board)
