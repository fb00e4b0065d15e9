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
from dataclasses import dataclass
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
from bridgelaw.formats.lin import read_lin, write_lin
from bridgelaw.formats.pbn import PbnGame, read_pbn, write_game

__all__ = [
    "FORMATS",
    "DealFormat",
    "format_by_name",
    "format_for_path",
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


def read_pbn_deals(data: bytes, filename: str = "<pbn>", first_board: int = 1) -> list[Board]:
    """Every board of a PBN file, each once (a results file repeats a board for every table it
    was played at); the first problem found is the error (with its line)."""
    del first_board
    parsed = read_pbn(data, filename)  # decodes as formats.text does: BOM, UTF-16, Latin-1
    seen: set[Board] = set()
    if parsed.problems:
        more = len(parsed.problems) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise ParseError(f"{parsed.problems[0]}{extra}")
    boards = []
    for game in parsed.games:
        board = game.board
        if board is None:
            if game.deal is None:
                what = "no complete, valid Deal tag"
            elif game.board_number is None:
                what = "no board number"
            else:
                what = "an unreadable Dealer or Vulnerable tag"
            raise ParseError(f"{filename}:{game.line}: the game has {what}")
        if board not in seen:
            # A scoring program writes one game per table: the same board many times over
            seen.add(board)
            boards.append(board)
    if not boards:
        raise ParseError(f"{filename}: no games in the file")
    return boards


Writer = Callable[[Sequence[Board], Sequence[str]], bytes]
Reader = Callable[[bytes, str, int], list[Board]]


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
                   write_pbn_deals, read_pbn_deals),
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


def read_deal_file(
    path: str | Path, fmt: DealFormat | None = None, first_board: int = 1
) -> list[Board]:
    """The boards of a file, in the format given or else the one its suffix names."""
    chosen = fmt or format_for_path(path)
    if chosen is None:
        raise ParseError(f"{path}: cannot tell the format from the suffix "
                         f"{Path(path).suffix or '(none)'!r}; name it")  # fmt: skip
    data = Path(path).read_bytes()
    return chosen.read(data, str(path), first_board)


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
