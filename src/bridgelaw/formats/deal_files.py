"""Files of deals, by format: what each can hold, how to write and read it, and safe writing.

+--------+---------+---------------------------------------------+----------------------------+
| name   | suffix  | what it is                                  | limits                     |
+========+=========+=============================================+============================+
| pbn    | .pbn    | Portable Bridge Notation (import format)    | none                       |
| lin    | .lin    | Bridge Base Online                          | none                       |
| csv    | .csv    | one row a board, for spreadsheets           | none                       |
| dlm    | .dlm    | Duplimate (Windows), with checksums         | boards 1-99, consecutive   |
| dup    | .dup    | Duplimate (DOS), 156-byte records           | boards 1-99, consecutive   |
| bri    | .bri    | three hands as card numbers, 128-byte recs  | consecutive, no numbers    |
| dge    | .dge    | four hands with DOS suit symbols, 128 bytes | consecutive, no numbers    |
| ber    | .ber    | Bernasconi machines, 52 bytes a board       | consecutive, no numbers    |
+--------+---------+---------------------------------------------+----------------------------+

The machine formats carry no dealer or vulnerability: boards written to them must be marked as
Law 2 marks their numbers. Formats without board numbers are read from a first board number the
caller gives (1 unless told otherwise).

The PBN writer puts each board's deal number (see :mod:`bridgelaw.dealing.numbering`) in a
comment before its tags, and any header comments (the dealer's scheme, the key's commitment, the
public value) at the top of the file.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bridgelaw.boards import Board
from bridgelaw.dealing.numbering import deal_to_number
from bridgelaw.errors import ParseError
from bridgelaw.formats.ber import read_ber, write_ber
from bridgelaw.formats.bri import read_bri, write_bri
from bridgelaw.formats.csv_deals import read_csv, write_csv
from bridgelaw.formats.dge import read_dge, write_dge
from bridgelaw.formats.dlm import read_dlm, write_dlm
from bridgelaw.formats.dup import read_dup, write_dup
from bridgelaw.formats.lin import boards_of, read_lin, read_lin_games, write_lin
from bridgelaw.formats.pbn import FileProblems, PbnGame, Problem, read_pbn, write_game

__all__ = [
    "FORMATS",
    "BoardsRead",
    "DealFormat",
    "format_by_name",
    "format_for_path",
    "pbn_boards",
    "read_boards",
    "read_deal_file",
    "read_pbn_deals",
    "write_file_atomic",
    "write_pbn_deals",
]


def _comment(text: str) -> str:
    """A PBN brace comment that cannot end early or spill over lines."""
    clean = " ".join(text.replace("{", "(").replace("}", ")").split())
    return "{" + clean + "}"


def write_pbn_deals(boards: Sequence[Board], comments: Sequence[str] = ()) -> bytes:
    """Boards as a PBN file: Board, Dealer, Vulnerable and Deal tags, deal numbers as comments."""
    parts = ["% PBN 2.1\n"]
    parts.extend(_comment(c) + "\n" for c in comments)
    for board in boards:
        parts.append("\n" + _comment(f"deal number {deal_to_number(board.deal)}") + "\n")
        parts.append(write_game(PbnGame.from_board(board)))
    return "".join(parts).encode("utf-8")


@dataclass
class BoardsRead:
    """The boards of a file, what was set aside (each a note with its line) and, for PBN, the
    game each board was read from (same order)."""

    boards: list[Board]
    notes: list[Problem] = field(default_factory=list)
    games: list[PbnGame] | None = None


def pbn_boards(games: Sequence[PbnGame], filename: str, first_board: int | None) -> BoardsRead:
    """The boards a PBN file's games give where whole deals are needed (the deal formats, LIN,
    hand records, the analysis), by the rule every command follows:

    * a game without a deal (no Deal tag, ``""`` or ``"?"``) is left out with a note, and so is
      a deal that gives only some hands (PBN 2.1 section 3.4.11) or an end position (3.10);
    * a game without a board number (no Board tag, ``""`` or ``"?"``) is numbered only when the
      user says from where (``first_board``, ``--first-board``): from it, in the order of the
      file, with a note; else it is left out with a note. bridgelaw never numbers a board of
      its own;
    * a deal, board number, dealer or vulnerability that cannot be read is a problem.

    Every problem is raised together (:class:`FileProblems`); so is a file that leaves nothing
    to read.
    """
    from bridgelaw.formats.check import check_deal  # the Laws' checks: not for --help

    problems: list[Problem] = []
    read = BoardsRead([], [], [])
    number_next = first_board
    unnumbered = 0
    for game in games:
        deal, deal_problems = check_deal(game, filename)
        problems.extend(deal_problems)
        if deal_problems:
            continue
        number, board_text = game.board_number, game.known("Board")
        label = f"board {number}" if number is not None else "game"
        at = game.tag_lines.get("Deal", game.line)
        if deal is None:
            what = ("no deal is given" if game.known("Deal") is None else
                    "the deal does not give all four hands with 13 cards each (PBN 2.1 sections "
                    "3.4.11 and 3.10)")  # fmt: skip
            read.notes.append(Problem(filename, at, f"{label} left out: {what}"))
            continue
        if board_text is not None and number is None:
            problems.append(Problem(filename, game.tag_lines.get("Board", game.line), "the "
                                    f"board number must be a whole number from 1, not "
                                    f"{board_text!r}"))  # fmt: skip
            continue
        if number is None:
            if number_next is None:
                unnumbered += 1
                read.notes.append(Problem(filename, game.tag_lines.get("Board", game.line),
                                          "game left out: no board number (the Board tag is "
                                          "missing or empty, PBN 2.1 section 3.4.4); "
                                          "--first-board N numbers such games from N"))  # fmt: skip
                continue
            number, number_next = number_next, number_next + 1
            read.notes.append(Problem(filename, game.tag_lines.get("Board", game.line),
                                      f"no board number: numbered {number}, from "
                                      "--first-board"))  # fmt: skip
        dealer, vulnerability = game.dealer, game.vulnerability
        unreadable = [t for t, v in (("Dealer", dealer), ("Vulnerable", vulnerability))
                      if v is None and game.known(t) is not None]  # fmt: skip
        if unreadable:
            problems.extend(Problem(filename, game.tag_lines.get(t, game.line),
                                    f"the {t} tag cannot be read: {game.tags[t]!r}")
                            for t in unreadable)  # fmt: skip
            continue
        read.boards.append(Board.numbered(number, deal, dealer, vulnerability))
        assert read.games is not None
        read.games.append(game)
    if problems:
        raise FileProblems(sorted(problems, key=lambda p: p.line))
    if not read.boards:  # nothing left: why each game was left out, then the refusal
        why = "no games in the file" if not games else "no game gives a whole deal"
        if unnumbered:
            why = (f"no game gives a whole deal and a board number ({unnumbered} without a "
                   "number: give --first-board N to number them from N)")  # fmt: skip
        raise FileProblems([*read.notes, Problem(filename, 1, why)])
    return read


def read_pbn_deals(
    data: bytes, filename: str = "<pbn>", first_board: int | None = None
) -> list[Board]:
    """Every board of a PBN file, each once (a results file repeats a board for every table it
    was played at), by the rule of :func:`pbn_boards`; every problem raised together."""
    return read_boards(data, FORMATS["pbn"], filename, first_board).boards


def read_pbn_boards(data: bytes, filename: str, first_board: int | None) -> BoardsRead:
    """:func:`pbn_boards` of a PBN file's bytes, with the reader's problems first."""
    parsed = read_pbn(data, filename)  # decodes as formats.text does: BOM, UTF-16, Latin-1
    if parsed.problems:
        raise FileProblems(parsed.problems)
    return pbn_boards(parsed.games, filename, first_board)


Writer = Callable[[Sequence[Board], Sequence[str]], bytes]
Reader = Callable[[bytes, str, int], list[Board]]


def _pbn_reader(data: bytes, filename: str, first_board: int) -> list[Board]:
    """The PBN reader of the deal-format interface: its games without a board number are not
    numbered from ``first_board`` (that number is for formats without numbers)."""
    del first_board
    return read_pbn_deals(data, filename)


@dataclass(frozen=True)
class DealFormat:
    name: str
    suffix: str
    description: str
    binary: bool
    max_board: int | None
    numbered: bool
    """Whether the file itself says which board each deal is."""
    write: Writer
    read: Reader


def _no_comments(write: Callable[[Sequence[Board]], bytes]) -> Writer:
    def writer(boards: Sequence[Board], comments: Sequence[str] = ()) -> bytes:
        del comments
        return write(boards)

    return writer


def _dlm(boards: Sequence[Board], comments: Sequence[str] = ()) -> bytes:
    del comments
    return write_dlm(boards)


FORMATS: dict[str, DealFormat] = {
    f.name: f
    for f in (
        DealFormat("pbn", ".pbn", "Portable Bridge Notation", False, None, True,
                   write_pbn_deals, _pbn_reader),
        DealFormat("lin", ".lin", "Bridge Base Online LIN", False, None, True,
                   _no_comments(write_lin), read_lin),
        DealFormat("csv", ".csv", "comma-separated values", False, None, True,
                   _no_comments(write_csv), read_csv),
        DealFormat("dlm", ".dlm", "Duplimate (Windows)", False, 99, True, _dlm, read_dlm),
        DealFormat("dup", ".dup", "Duplimate (DOS)", True, 99, True,
                   _no_comments(write_dup), read_dup),
        DealFormat("bri", ".bri", "BRI card numbers", True, None, False,
                   _no_comments(write_bri), read_bri),
        DealFormat("dge", ".dge", "DGE hands with suit symbols", True, None, False,
                   _no_comments(write_dge), read_dge),
        DealFormat("ber", ".ber", "Bernasconi", True, None, False,
                   _no_comments(write_ber), read_ber),
    )
}  # fmt: skip


def format_by_name(name: str) -> DealFormat:
    key = name.strip().lower().lstrip(".")
    if key not in FORMATS:
        raise ParseError(f"unknown format {name!r} (expected one of {', '.join(FORMATS)})")
    return FORMATS[key]


def format_for_path(path: str | Path) -> DealFormat | None:
    """The format a file name's suffix names, if any."""
    suffix = Path(path).suffix.lower()
    return next((f for f in FORMATS.values() if f.suffix == suffix), None)


def read_boards(
    data: bytes, fmt: DealFormat, filename: str, first_board: int | None = None
) -> BoardsRead:
    """The boards of a file's bytes in a format, with what was left out (notes with lines).

    PBN follows :func:`pbn_boards` (its games without a number are numbered only from
    ``first_board``); LIN's notes are its reader's; the formats without board numbers are
    numbered from ``first_board``, else from 1. Problems in the file are raised together
    (:class:`FileProblems`, a :class:`ParseError`)."""
    if fmt.name == "pbn":
        read = read_pbn_boards(data, filename, first_board)
        kept: dict[Board, PbnGame] = {}
        for board, game in zip(read.boards, read.games or [], strict=True):
            kept.setdefault(board, game)  # a results file: one game a table, one board
        return BoardsRead(list(kept), read.notes, list(kept.values()))
    if fmt.name == "lin":
        parsed = read_lin_games(data, filename, first_board or 1)
        if parsed.problems:
            raise FileProblems(parsed.problems)
        return BoardsRead(boards_of(parsed.games, filename), list(parsed.notes))
    return BoardsRead(fmt.read(data, filename, first_board or 1))


def read_deal_file(
    path: str | Path, fmt: DealFormat | None = None, first_board: int | None = None
) -> list[Board]:
    """The boards of a file, in the format given or else the one its suffix names."""
    chosen = fmt or format_for_path(path)
    if chosen is None:
        raise ParseError(f"{path}: cannot tell the format from the suffix "
                         f"{Path(path).suffix or '(none)'!r}; name it")  # fmt: skip
    return read_boards(Path(path).read_bytes(), chosen, str(path), first_board).boards


def _new_file_mode(target: Path) -> int:
    """The mode an ordinary write would give: the old file's, else 0666 less the umask."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_file_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` completely or not at all (a temporary file, then a rename)."""
    target = Path(path)
    if not target.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, "No such directory", str(target.parent))
    mode = _new_file_mode(target)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent)  # fmt: skip
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
