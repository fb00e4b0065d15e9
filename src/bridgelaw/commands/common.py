"""What every command shares: JSON output, consoles without markup, tables that are plain text
off a terminal, progress bars on a terminal, and the error a command stops with.

This module is imported by ``bridgelaw --help``, so it imports nothing heavy at the top: rich's
table and progress modules are loaded only when a table or a bar is really shown.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from bridgelaw.formats.check import GameReport
    from bridgelaw.formats.pbn import Problem

ERROR_LANGUAGE: list[str] = ["en"]
"""The language the current command's errors are written in: its ``--lang``, else the
locale's (set by :func:`bridgelaw.cli.main`; docs/languages.md)."""


def worded(phrase: str, **params: str | int) -> str:
    """A phrase of :data:`bridgelaw.i18n.words.PHRASES` in the language of the errors (the
    catalogs are loaded only when a command stops with one)."""
    from bridgelaw.i18n.words import Worded

    return Worded.said(phrase, params).text(ERROR_LANGUAGE[0])


def error_text(error: Exception) -> str:
    """A refusal of the strict machines (an ``IllegalAction`` said by id), or a problem said by
    id (a movement's, a dealer's key's, a session spec's), in the language of the errors; any
    other error's own words."""
    from bridgelaw.dealing.dealer import KeyProblem
    from bridgelaw.duplicate.spec import SpecError
    from bridgelaw.errors import IllegalAction
    from bridgelaw.tournament.movement_model import MovementError

    if isinstance(error, (KeyProblem, MovementError, SpecError)):
        from bridgelaw.i18n.words import spoken

        return spoken(error.said()).text(ERROR_LANGUAGE[0])
    if not isinstance(error, IllegalAction):
        return str(error)
    from bridgelaw.i18n.words import Worded
    from bridgelaw.table.refusals import strict_refusal

    refusal = strict_refusal(error)  # the table's own reading of it: one place
    return refusal if isinstance(refusal, str) else Worded.refusal(refusal).text(ERROR_LANGUAGE[0])


class CommandError(Exception):
    """A command stops with one line (``message``) and an exit status: 1 when the input has
    problems, 2 for a usage error. ``problems`` (each ``file:line: what``) are listed before
    the line, and under ``--json`` as ``"problems"``. :func:`bridgelaw.cli.main` prints it, as
    JSON too under ``--json``."""

    def __init__(self, message: str, status: int = 1, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.problems = list(problems)

    @classmethod
    def from_problems(cls, path: object, problems: Sequence[Problem], what: str) -> CommandError:
        """Every problem of an input file, and one line saying how many (exit status 1); a
        single problem is the line itself."""
        if len(problems) == 1:
            return cls(f"{problems[0]}; {what}", 1, problems)
        return cls(f"{len(problems)} problems in {path}; {what}", 1, problems)


def notes_said(notes: Sequence[object]) -> None:
    """What a reader left out or worked around, one note a line on standard error."""
    for note in notes:
        sys.stderr.write(f"bridgelaw: note: {note}\n")


def emit_json(data: Any) -> None:
    """One JSON document on standard output (non-ASCII kept: the streams are UTF-8 or escape)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def console(stderr: bool = False) -> Console:
    """A console that never reads markup in what it prints: names and file names are the
    user's text, and ``[/]`` in a pair's name must print as it is."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True, stderr=stderr, markup=False, emoji=False)


def is_terminal(stream: IO[str] | None = None) -> bool:
    """True when ``stream`` (standard output by default) is an interactive terminal."""
    stream = sys.stdout if stream is None else stream
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or exotic stream
        return False


def print_table(
    title: str,
    headings: Sequence[str],
    rows: Sequence[Sequence[str]],
    right: Sequence[str] = (),
) -> None:
    """A table on standard output: boxed by rich on a terminal; off a terminal (a pipe, a file)
    plain columns aligned with spaces, so that the output can be read by other programs."""
    if is_terminal():
        from rich.table import Table

        table = Table(title=title)
        for heading in headings:
            table.add_column(heading, justify="right" if heading in right else "left")
        for row in rows:
            table.add_row(*row)
        console().print(table)
        return
    widths = [len(h) for h in headings]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            cell.rjust(w) if h in right else cell.ljust(w)
            for cell, w, h in zip(cells, widths, headings, strict=True)
        ).rstrip()

    parts = [title] if title else []
    parts += [line(headings)] + [line(row) for row in rows]
    sys.stdout.write("\n".join(parts) + "\n")


REPORT_HEADINGS = ("Board", "Contract", "By", "Lead", "Tricks", "NS", "EW", "Problems")


def print_reports(reports: list[GameReport], title: str) -> None:
    """The per-board table of ``pbn check`` and ``demo`` (boxed on a terminal only)."""
    rows = []
    for r in reports:
        ns = r.ns_score
        rows.append((
            "?" if r.board is None else str(r.board),
            "" if r.contract is None else str(r.contract),
            "" if r.declarer is None else r.declarer.letter,
            r.opening_lead or "",
            "" if r.tricks is None else str(r.tricks),
            str(ns) if ns is not None and ns > 0 else "",
            str(-ns) if ns is not None and ns < 0 else "",
            str(len(r.problems)) if r.problems else "",
        ))  # fmt: skip
    print_table(title, REPORT_HEADINGS, rows, right=("NS", "EW", "Tricks"))


class Progress:
    """A progress bar on standard error while long work runs, only when standard error is a
    terminal (nothing at all in a pipe, a file or the tests). ``advance`` moves it on."""

    def __init__(self, bar: Any, task: Any) -> None:
        self._bar, self._task = bar, task

    def advance(self, steps: int = 1, description: str | None = None) -> None:
        if self._bar is not None:
            if description is not None:
                self._bar.update(self._task, description=description)
            self._bar.advance(self._task, steps)


@contextmanager
def progress(description: str, total: int) -> Iterator[Progress]:
    """``with progress("Dealing", 1000) as bar: ... bar.advance()``; see :class:`Progress`."""
    if not is_terminal(sys.stderr):
        yield Progress(None, None)
        return
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

    bar = _rich_progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                         TimeElapsedColumn())  # fmt: skip
    task = bar.add_task(description, total=total)
    bar.start()
    _live.append(bar)
    try:
        yield Progress(bar, task)
    finally:
        stop_progress()


_live: list[Any] = []
"""The rich progress display being shown, if any: :func:`stop_progress` ends it on any exit."""


class Stages:
    """The steps of one long command (read, check, score, write...) as one bar on standard
    error with a spinner and the time spent, on a terminal only. ``next`` starts a step."""

    def __init__(self, command: str, steps: int) -> None:
        self._bar: Any = None
        self._task: Any = None
        self._command = command
        if not is_terminal(sys.stderr):
            return
        from rich.progress import BarColumn, SpinnerColumn, TextColumn, TimeElapsedColumn

        self._bar = _rich_progress(SpinnerColumn(), TextColumn("{task.description}"),
                                   BarColumn(), TimeElapsedColumn())  # fmt: skip
        self._task = self._bar.add_task(command, total=steps)
        self._bar.start()
        _live.append(self._bar)
        self._started = False

    def next(self, step: str) -> None:
        if self._bar is None:
            return
        if self._started:
            self._bar.advance(self._task)
        self._started = True
        self._bar.update(self._task, description=f"{self._command}: {step}")

    def done(self) -> None:
        stop_progress()


def _rich_progress(*columns: Any) -> Any:
    from rich.progress import Progress as RichProgress

    return RichProgress(*columns, console=console(stderr=True), transient=True)


def stop_progress() -> None:
    """End every progress display still shown (a command that stopped half way)."""
    while _live:
        _live.pop().stop()


def said(message: str) -> None:
    """A note to the user on standard error (what was written, and where)."""
    sys.stderr.write(f"bridgelaw: {message}\n")
