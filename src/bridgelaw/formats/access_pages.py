"""``access-parser`` (pinned in pyproject.toml) from bytes, its two page-chain loops bounded.

The library's ``AccessParser`` reads a path; :class:`Parser` takes the bytes already read and
checked by :mod:`bridgelaw.formats.access_db`. Its ``AccessTable`` follows two chains of pages
to their end (a table definition over several pages, a long text value over several records):
:class:`Table` follows them keeping the pages seen, so that a chain that loops back (a mutated
file) raises :class:`PageLoop` instead of running for ever. The rest is the library's, version
0.0.6: the methods overridden here are its own, with the loop bounded.
"""

from __future__ import annotations

import struct
from typing import Any

from access_parser import access_parser as _library


class PageLoop(Exception):
    """A chain of pages that comes back to a page already read, or leads nowhere."""


class NoCatalog(Exception):
    """The system table on page 2, which names every table, is missing or damaged (the reader
    of :mod:`bridgelaw.formats.access_db` says so as its ``AccessError``)."""


class Parser(_library.AccessParser):  # type: ignore[misc]  # the library is untyped
    """``AccessParser`` from bytes (not a path), making :class:`Table` objects."""

    def __init__(self, data: bytes) -> None:  # the library's __init__, but from bytes
        self.db_data = data
        self._parse_file_header(data)
        self._table_defs, self._data_pages, self._all_pages = _library.categorize_pages(
            data, self.page_size
        )
        self._tables_with_data = self._link_tables_to_data()
        self.catalog = self._parse_catalog()
        self.extra_props = self.parse_msys_table() or {}

    def rows_in_pages(self, table: Any) -> int:
        """The rows (deleted ones included) that a table's data pages say they hold: each data
        page's header counts its rows (after 8 bytes in JET 3, 12 in later versions)."""
        at = 8 if self.version == 3 else 12
        return sum(struct.unpack_from("<H", page, at)[0] for page in table.table.linked_pages)

    def _link_tables_to_data(self) -> dict[int, Any]:
        """Each data page to the table that owns it (the page number at bytes 4-7 of a data
        page's header, in every version). The library parses each whole header here and leaves
        out, with only a log line, a page it cannot parse, and with it that page's rows; here
        every page goes to its table, whose reading then refuses a damaged page. (And it is
        half the time the library takes to open a database.)"""
        linked: dict[int, Any] = {}
        for page in self._data_pages.values():
            owner = struct.unpack_from("<I", page, 4)[0] * self.page_size
            definition = self._table_defs.get(owner)
            if definition is not None:
                table = linked.setdefault(owner, _library.TableObj(owner, definition))
                table.linked_pages.append(page)
        return linked

    def _parse_catalog(self) -> Any:  # the library's, with a bounded Table
        catalog_page = self._tables_with_data.get(2 * self.page_size)
        if catalog_page is None:
            raise NoCatalog("no catalog (the system table on page 2 is missing or damaged)")
        catalog = Table(catalog_page, self.version, self.page_size, self._data_pages,
                        self._table_defs).parse()  # fmt: skip
        mapping = {}
        for i, name in enumerate(catalog["Name"]):
            if name == "MSysObjects":
                mapping[name] = catalog["Id"][i]
            # user tables are of type 1; system tables are flagged
            if catalog["Type"][i] == 1 and catalog["Flags"][i] not in _library.SYSTEM_TABLE_FLAGS:
                mapping[name] = catalog["Id"][i]
        return mapping

    def get_table(self, table_name: str) -> Any:  # the library's, making a bounded Table
        offset = self.catalog.get(table_name)
        if not offset:
            return None
        offset *= self.page_size
        table = self._tables_with_data.get(offset)
        if not table:
            definition = self._table_defs.get(offset)
            if not definition:
                return None
            table = _library.TableObj(offset=offset, val=definition)
        props = None
        if table_name != "MSysObjects" and table_name in self.extra_props:
            props = self.extra_props[table_name]
        return Table(table, self.version, self.page_size, self._data_pages, self._table_defs,
                     props)  # fmt: skip


class Table(_library.AccessTable):  # type: ignore[misc]  # the library is untyped
    """The library's table, following page chains without going round a loop."""

    def _merge_table_data(self, first_page: int) -> bytes:
        seen: set[int] = set()
        data = b""
        page = first_page
        while page:
            if page in seen:
                raise PageLoop(f"the table definition's pages loop back to page {page}")
            seen.add(page)
            table = self._table_defs.get(page * self.page_size)
            if table is None:
                raise PageLoop(f"the table definition goes on in page {page}, which is not one")
            header = _library.TDEF_HEADER.parse(table)
            data += table[header.header_end :]
            page = header.next_page_ptr
        return data

    def _parse_memo(self, relative_obj_data: bytes, return_raw: bool = False) -> Any:
        memo = _library.MEMO.parse(relative_obj_data)
        if memo.memo_length & 0x80000000 or memo.memo_length & 0x40000000:
            return super()._parse_memo(relative_obj_data, return_raw)  # one piece: no chain
        # a value over several pages (LVAL type 2): each piece names the next
        seen: set[int] = set()
        pointer = memo.record_pointer
        pieces: list[bytes] = []
        length = 0
        while pointer:
            if pointer in seen:
                raise PageLoop(f"a long value's pages loop back to record {pointer:#x}")
            seen.add(pointer)
            record = self._get_overflow_record(pointer)
            if not record or len(record) < 4:
                raise PageLoop(f"a long value goes on in record {pointer:#x}, which is not one")
            pointer = struct.unpack_from("<I", record)[0]
            pieces.append(record[4:])
            length += len(record) - 4
            if length > len(self._data_pages) * self.page_size:
                raise PageLoop("a long value is longer than the file's data pages")
        data = b"".join(pieces)
        if not data:
            return None
        if return_raw:
            return data
        return _library.parse_type(_library.TYPE_TEXT, data, len(data), version=self.version)
