"""Tables of a Microsoft Access (JET) database, read with ``access-parser`` (pinned), bounded.

Bridgemate Control Software keeps a session in an Access database (``.bws``: JET 3, the
Access 97 format, in every file seen; JET 4 is read the same way). ``access-parser`` is a pure
Python reader of the format (no ODBC driver, no Microsoft code): it gave the same rows and values
as Debian's ``mdbtools`` on every table of the three real Bridgemate databases the tests read.

A reader of hostile bytes must fail with a message, never a traceback or a hang. The library is
made for forensics and reads on past what it cannot parse, logging as it goes; so here:

* the bytes are checked first: at most :data:`MAX_BYTES`, the Access file header, whole pages;
* page chains (a table definition over several pages, a long text value over several pages) are
  followed with the pages already seen kept, so that a chain looping back on itself (a mutated
  file) is an error instead of an endless loop (:mod:`bridgelaw.formats.access_pages`);
* whatever the library logs at warning level or above while it reads a table (a row it had to
  skip) is a problem of that table: nothing is dropped silently;
* a table whose columns come out of different lengths (a row read in part) is refused;
* any exception the library raises on damaged bytes becomes :class:`AccessError`.

Every value comes back as the library decodes it: ``int``, ``float``, ``bool``, ``str`` (text
of a JET 3 file is decoded as UTF-8, else Latin-1), a date as ``"YYYY-MM-DD hh:mm:ss"`` text,
or ``None`` for a null.
"""

from __future__ import annotations

import logging
import struct
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bridgelaw.errors import BridgeLawError

MAX_BYTES = 128 * 1024 * 1024
"""A Bridgemate database of a whole congress is a few megabytes; more is not one."""
MAX_ROWS = 500_000
"""Rows read from one table at most (a session's results are tens of thousands)."""
_JET_MAGIC = b"\x00\x01\x00\x00Standard Jet DB\x00"
_ACE_MAGIC = b"\x00\x01\x00\x00Standard ACE DB\x00"
_PAGE_SIZE = {0: 2048}  # JET 3; every later version uses 4,096-byte pages


def is_access_database(data: bytes) -> bool:
    """True when ``data`` begins as an Access database file does (JET or ACE)."""
    return data.startswith((_JET_MAGIC, _ACE_MAGIC))


class AccessError(BridgeLawError, ValueError):
    """Bytes that are not a readable Access database; the message says what is wrong."""


@dataclass(frozen=True)
class TableRead:
    """One table: its columns, its rows (column -> value) and what could not be read."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[Mapping[str, Any], ...]
    problems: tuple[str, ...] = ()
    declared: int = 0
    """The number of rows the table's definition counts. Access updates it when it closes the
    file, so a database copied while open counts fewer (0): more counted than read means rows
    were lost only in a table whose rows are never deleted."""


@dataclass
class AccessDatabase:
    """An opened database: the names of its user tables, and :meth:`table` to read one."""

    version: int
    """3 (Access 97), 4 (2000-2003), 5 or 2010 (ACE)."""
    tables: frozenset[str]
    _parser: Any = field(repr=False)

    def table(self, name: str, max_rows: int = MAX_ROWS) -> TableRead:
        """Read the table ``name`` (one of :attr:`tables`); :class:`AccessError` when its pages
        cannot be read at all, or hold more than ``max_rows`` rows (counted from the pages'
        headers before any row is read: a damaged catalog can name a table of members for a
        table of a few rows)."""
        if name not in self.tables:
            raise AccessError(f"no table {name!r} in the database")
        with _library_log() as logged, _damage(f"table {name}", f"table {name} cannot be read"):
            found = self._parser.get_table(name)
            if found is None:
                raise AccessError(f"table {name}: its definition is missing")
            count = self._parser.rows_in_pages(found)
            if count > max_rows:
                raise AccessError(f"table {name}: {count:,} rows in its pages, more than "
                                  f"such a table holds ({max_rows:,})")  # fmt: skip
            parsed = found.parse()
            declared = int(found.table_header.number_of_rows)
        return _rows(name, parsed, tuple(logged), declared)


@contextmanager
def _damage(where: str, unreadable: str) -> Iterator[None]:
    """What the library raises on damaged bytes (any of a dozen kinds) as an
    :class:`AccessError`: a loop of pages or exhausted memory or recursion after ``where``, any
    other fault after ``unreadable``. Our own :class:`AccessError` passes unchanged."""
    from bridgelaw.formats.access_pages import NoCatalog, PageLoop

    try:
        yield
    except AccessError:
        raise
    except NoCatalog as error:  # the reader's own words, as they are
        raise AccessError(str(error)) from None
    except PageLoop as error:
        raise AccessError(f"{where}: {error}") from None
    except (RecursionError, MemoryError) as error:
        raise AccessError(f"{where}: {_what(error)}") from None
    except Exception as error:
        raise AccessError(f"{unreadable}: {_what(error)}") from None


def open_access_database(data: bytes) -> AccessDatabase:
    """Check ``data`` and read the database's catalog; :class:`AccessError` says why not."""
    if len(data) > MAX_BYTES:
        raise AccessError(f"{len(data):,} bytes: more than a Bridgemate database holds "
                          f"({MAX_BYTES:,} bytes at most)")  # fmt: skip
    if not is_access_database(data):
        raise AccessError("not a Microsoft Access database (it does not begin as one does)")
    if len(data) < 0x18:
        raise AccessError("cut short: no room for the version of the file")
    version = struct.unpack_from("<I", data, 0x14)[0]
    page = _PAGE_SIZE.get(version, 4096)
    if version not in (0, 1, 2, 3):
        raise AccessError(f"unknown Access version {version} in the file header")
    if len(data) % page or len(data) < 3 * page:
        pages = f"{len(data) // page} whole pages of {page:,} bytes"
        raise AccessError(f"cut short or padded: {len(data):,} bytes, {pages} and "
                          f"{len(data) % page:,} bytes more")  # fmt: skip
    from bridgelaw.formats.access_pages import Parser  # the library, when needed

    unreadable = "the catalog cannot be read"
    with _library_log(), _damage(unreadable, unreadable):  # its complaints are not ours
        parser = Parser(data)
    names = frozenset(n for n in parser.catalog if isinstance(n, str) and n != "MSysObjects")
    return AccessDatabase(int(parser.version), names, parser)


def _what(error: BaseException) -> str:
    if isinstance(error, RecursionError | MemoryError):
        return "its structure nests without end"
    text = " ".join(str(error).split())[:160]
    return f"damaged ({type(error).__name__}{': ' + text if text else ''})"


def _rows(name: str, parsed: Any, logged: tuple[str, ...], declared: int) -> TableRead:
    if not isinstance(parsed, Mapping):
        raise AccessError(f"table {name} cannot be read: its definition is damaged")
    columns = tuple(str(c) for c in parsed)
    # a table without rows comes back as column -> "" (the library's empty table)
    values = [v if isinstance(v, list) else [] for v in parsed.values()]
    lengths = {len(v) for v in values}
    if len(lengths) > 1:
        shortest, longest = min(lengths), max(lengths)
        raise AccessError(f"table {name}: its rows were read in part (columns of {shortest} "
                          f"to {longest} values): the pages are damaged")  # fmt: skip
    count = lengths.pop() if lengths else 0
    if count > MAX_ROWS:
        raise AccessError(f"table {name}: {count:,} rows, more than {MAX_ROWS:,}")
    rows = tuple(dict(zip(columns, row, strict=True)) for row in zip(*values, strict=True))
    return TableRead(name, columns, rows, tuple(f"table {name}: {m}" for m in logged), declared)


@contextmanager
def _library_log() -> Iterator[list[str]]:
    """What the library logs at warning level or above while the block runs (collected, not
    printed: the library logs to the root handlers otherwise)."""
    logged: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if len(logged) < 20:
                logged.append(" ".join(record.getMessage().split())[:200])

    logger = logging.getLogger("access_parser")
    handler = Collect(logging.WARNING)
    before = logger.propagate, logger.level
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.WARNING)  # whatever level the application set for the root
    try:
        yield logged
    finally:
        logger.removeHandler(handler)
        logger.propagate, level = before
        logger.setLevel(level)
