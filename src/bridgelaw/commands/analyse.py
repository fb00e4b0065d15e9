"""``bridgelaw analyse``: the double-dummy table and the par of every board of a deal file.

The file is any the project reads (PBN, LIN, CSV, DLM, DUP, BRI, DGE, BER). Each board's
vulnerability and dealer are its file's, else Law 2's by its number. ``-o OUT.pbn`` writes the
boards with the tags ``DoubleDummyTricks``, ``OptimumResultTable``, ``OptimumScore`` and
``ParContract`` (a PBN input keeps its other tags, auctions and play; old analysis tags are
replaced). The par convention is described in :mod:`bridgelaw.analysis.ddtable`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from bridgelaw.analysis.ddtable import (
    ANALYSIS_TAGS,
    BoardAnalysis,
    ParConvention,
    analysis_from_tags,
    analysis_tags,
)
from bridgelaw.boards import Board
from bridgelaw.commands.board_files import FirstBoardOption, FormatOption, read_input
from bridgelaw.commands.common import worded
from bridgelaw.formats.deal_files import BoardsRead, write_file_atomic
from bridgelaw.formats.pbn import PbnGame, read_pbn, write_game
from bridgelaw.formats.text import decode_text

__all__ = [
    "analyse",
    "analysed_pbn",
    "board_analyses",
    "run_analysis",
    "stored_analyses",
    "table_text",
]


def table_text(analysis: BoardAnalysis) -> list[str]:
    """The table as five columns (NT, S, H, D, C) and four rows (N, S, E, W), then the par."""
    lines = ["     NT  S  H  D  C"]
    for seat in "NSEW":
        row = analysis.table.to_json()[seat]
        lines.append(f"  {seat} " + "".join(f"{row[s]:3d}" for s in ("NT", "S", "H", "D", "C")))
    lines.append(f"  par {analysis.par.describe()}")
    return lines


PbnSource = bytes | Sequence[PbnGame] | None
"""A PBN input: its bytes, or the game each board was read from (:class:`BoardsRead`)."""


def _games_of(source: PbnSource) -> list[PbnGame]:
    if source is None:
        return []
    if isinstance(source, bytes):
        return read_pbn(decode_text(source).text, "<input>").games
    return list(source)


def analysed_pbn(boards: list[Board], results: list[BoardAnalysis], source: PbnSource) -> bytes:
    """The boards as PBN with their analysis; ``source`` is the PBN input, if it was one (its
    games are kept whole, less any old analysis)."""
    games = _games_of(source)
    if len(games) != len(boards):
        games = [PbnGame.from_board(b) for b in boards]
    parts = ["% PBN 2.1\n% EXPORT\n"]
    for game, analysis in zip(games, results, strict=True):
        for name in ANALYSIS_TAGS:
            game.tags.pop(name, None)
            game.tables.pop(name, None)
        tags, rows = analysis_tags(analysis)
        game.tags.update(tags)
        game.tables["OptimumResultTable"] = [(0, row) for row in rows]
        parts.append("\n" + write_game(game))
    return "".join(parts).encode("utf-8")


def stored_analyses(source: PbnSource, boards: list[Board]) -> list[BoardAnalysis] | None:
    """The analysis a PBN file already holds for every board (its DoubleDummyTricks or
    OptimumResultTable, and OptimumScore), or ``None`` if any board lacks it."""
    if source is None:
        return None
    games = _games_of(source)
    if len(games) != len(boards):
        return None
    found: list[BoardAnalysis] = []
    for game, board in zip(games, boards, strict=True):
        rows = game.tables.get("OptimumResultTable")
        analysis = analysis_from_tags(board.number, game.tags, rows, lambda message: None)
        if analysis is None:
            return None
        found.append(analysis)
    return found


def board_analyses(read: BoardsRead, convention: ParConvention) -> list[BoardAnalysis]:
    """What a file already says of its boards (read back), else the solver's analysis."""
    return stored_analyses(read.games, read.boards) or run_analysis(read.boards, convention)


def run_analysis(boards: list[Board], convention: ParConvention) -> list[BoardAnalysis]:
    """The solver on every board, with a progress bar on a terminal for long runs."""
    from bridgelaw.analysis.dds import BATCH, analyse_boards  # loads DDS: not for --help

    err = Console(stderr=True)
    if len(boards) <= BATCH or not err.is_terminal:
        return analyse_boards(boards, convention)
    columns = (TextColumn("double dummy"), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())  # fmt: skip
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task("analyse", total=len(boards))
        return analyse_boards(boards, convention, lambda done: bar.update(task, completed=done))


def analyse(
    file: Annotated[
        Path,
        typer.Argument(
            help="The boards: PBN, any deal format, or a Bridgemate database (.bws: its "
            "hand records)."
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the boards with their analysis to this PBN."),
    ] = None,
    par_convention: Annotated[
        ParConvention,
        typer.Option(
            "--par",
            help="dealer: the side that bids first takes a tie (default); "
            "sides: the dealer ignored, North-South first, East-West first beside.",
        ),
    ] = ParConvention.DEALER,
    fmt: FormatOption = None,
    first_board: FirstBoardOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Double-dummy tricks (each strain, each declarer) and the par of every board."""
    if output is not None and not output.parent.is_dir():  # before the long part, not after
        raise typer.BadParameter(worded("cli.no-output-directory", path=str(output.parent)))
    read = read_input(file, fmt, first_board)
    boards = read.boards
    results = run_analysis(boards, par_convention)
    if output is not None:
        write_file_atomic(output, analysed_pbn(boards, results, read.games))
    if as_json:
        data = {"file": str(file), "par_convention": par_convention.value,
                "boards": [r.to_json() for r in results]}  # fmt: skip
        if output is not None:
            data["output"] = str(output)
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        return
    lines: list[str] = []
    for board, analysis in zip(boards, results, strict=True):
        lines.append(f"Board {board.number}: dealer {board.dealer.letter}, "
                     f"vulnerable {board.vulnerability.label}")  # fmt: skip
        lines.extend(table_text(analysis))
    if output is not None:
        lines.append(f"{len(results)} boards written with their analysis to {output}")
    sys.stdout.write("\n".join(lines) + "\n")
