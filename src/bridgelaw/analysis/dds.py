"""The double-dummy solver: Bo Haglund's DDS, as bundled by the ``endplay`` package.

This is the only module of the project that imports endplay. It converts the project's deals
(cards 0-51, hands as bit masks) to DDS's binary layout and back, and uses two DDS calls:

* ``CalcAllTables`` for the tables, up to :data:`BATCH` deals a call (DDS's limit with all five
  strains); DDS spreads each batch over its own threads, one per core (it is set up for every
  core when endplay loads it);
* ``DealerParBin`` / ``SidesParBin`` for the par (see :mod:`bridgelaw.analysis.ddtable`).

endplay's ``GetDDSInfo`` wrapper is never called: it has been seen to crash Python.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import endplay._dds as _dds  # the ctypes layer: no conversion through endplay's own Deal

from bridgelaw.analysis.ddtable import BoardAnalysis, DDTable, Par, ParContract, ParConvention
from bridgelaw.boards import Board, Vulnerability
from bridgelaw.cards import SEATS, STRAINS, Deal, Seat
from bridgelaw.errors import BridgeLawError

__all__ = ["BATCH", "SolverError", "analyse_boards", "analyse_deals", "dd_tables", "par"]

BATCH = _dds.MAXNOOFBOARDS // 5
"""Deals a ``CalcAllTables`` call takes when all five strains are solved (DDS: 200 / 5)."""

# DDS numbers strains S, H, D, C, NT (0-4); ours are C, D, H, S, NT.
_DDS_STRAIN = (3, 2, 1, 0, 4)
# DDS numbers vulnerability none, both, NS, EW; ours none, NS, EW, both.
_DDS_VUL = (0, 2, 3, 1)
_NO_FILTER = (0, 0, 0, 0, 0)


class SolverError(BridgeLawError):
    """DDS refused a call (its message and code are kept)."""


def _call(function: Callable[..., Any], *args: Any) -> None:
    try:
        function(*args)
    except _dds.DDSError as error:  # pragma: no cover - DDS refuses only malformed input
        raise SolverError(f"the double-dummy solver failed: {error}") from None


def _load(slot: Any, deal: Deal) -> None:
    """One deal into a ``ddTableDeal``: cards[seat][DDS suit] = ranks as bits 2 (two)-14 (ace)."""
    cards = slot.cards
    for seat in range(4):
        hand = deal[seat]
        row = cards[seat]
        row[3] = (hand & 0x1FFF) << 2  # clubs
        row[2] = (hand >> 13 & 0x1FFF) << 2
        row[1] = (hand >> 26 & 0x1FFF) << 2
        row[0] = (hand >> 39 & 0x1FFF) << 2  # spades


def _table(results: Any) -> DDTable:
    res = results.resTable
    return DDTable(
        tuple(tuple(res[_DDS_STRAIN[strain]][seat] for strain in range(5)) for seat in range(4))
    )


def dd_tables(
    deals: Sequence[Deal], progress: Callable[[int], None] | None = None
) -> list[DDTable]:
    """The double-dummy table of every deal, in order, :data:`BATCH` deals a DDS call.

    ``progress`` is told how many deals are done after each batch."""
    tables: list[DDTable] = []
    batch = _dds.ddTableDeals()
    results = _dds.ddTablesRes()
    par_results = _dds.allParResults()
    for start in range(0, len(deals), BATCH):
        chunk = deals[start : start + BATCH]
        batch.noOfTables = len(chunk)
        for i, deal in enumerate(chunk):
            _load(batch.ddTableDeal[i], deal)
        # mode -1: no par here (DDS's own par in this call ignores the dealer)
        _call(_dds.CalcAllTables, batch, -1, _NO_FILTER, results, par_results)
        tables.extend(_table(results.results[i]) for i in range(len(chunk)))
        if progress is not None:
            progress(len(tables))
    return tables


def _native_table(table: DDTable) -> Any:
    native = _dds.ddTableResults()
    for seat in range(4):
        for strain in range(5):
            native.resTable[_DDS_STRAIN[strain]][seat] = table.tricks[seat][strain]
    return native


def _par_value(master: Any, sign: int) -> Par:
    contracts: list[ParContract] = []
    for i in range(master.number):
        c = master.contracts[i]
        if c.level == 0:  # DDS's way of saying "passed out"
            continue
        strain = STRAINS[4 if c.denom == 0 else 4 - c.denom]  # DDS here: NT, S, H, D, C
        seats = {4: (0, 2), 5: (1, 3)}.get(c.seats, (c.seats,))
        result = c.overTricks if c.overTricks else -c.underTricks
        for seat in seats:
            contracts.append(ParContract(c.level, strain, SEATS[seat], c.underTricks > 0, result))
    return Par(sign * master.score, tuple(contracts))


def par(
    table: DDTable,
    vulnerability: Vulnerability,
    dealer: Seat,
    convention: ParConvention = ParConvention.DEALER,
) -> Par:
    """The par of a deal from its table (see :class:`~bridgelaw.analysis.ddtable.ParConvention`)."""
    native = _native_table(table)
    vul = _DDS_VUL[vulnerability]
    if convention is ParConvention.DEALER:
        master = _dds.parResultsMaster()
        _call(_dds.DealerParBin, native, master, int(dealer), vul)
        return _par_value(master, 1)  # DealerPar scores from North-South's side
    sides = (_dds.parResultsMaster * 2)()
    _call(_dds.SidesParBin, native, sides, vul)
    ns_first = _par_value(sides[0], 1)  # each side's entry is scored from that side
    ew_first = _par_value(sides[1], -1)
    if ew_first == ns_first:
        return ns_first
    return Par(ns_first.score, ns_first.contracts, ew_first)


def analyse_boards(
    boards: Sequence[Board],
    convention: ParConvention = ParConvention.DEALER,
    progress: Callable[[int], None] | None = None,
) -> list[BoardAnalysis]:
    """Every board's table and par; the vulnerability and dealer are the board's (Law 2's
    markings unless its file said otherwise)."""
    tables = dd_tables([b.deal for b in boards], progress)
    return [
        BoardAnalysis(b.number, t, par(t, b.vulnerability, b.dealer, convention))
        for b, t in zip(boards, tables, strict=True)
    ]


def analyse_deals(deals: Mapping[int, Deal]) -> dict[int, BoardAnalysis]:
    """Board number -> analysis, each board marked as Law 2 marks its number (for the results
    site, whose pages show Law 2's markings)."""
    boards = [Board.numbered(number, deal) for number, deal in sorted(deals.items())]
    return {a.board: a for a in analyse_boards(boards)}
