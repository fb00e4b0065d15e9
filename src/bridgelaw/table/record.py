"""The end of the board: what a scorer needs (:class:`BoardRecord`), and the board as one PBN
game (:func:`pbn_game`).

The PBN game carries Board, Dealer, Vulnerable, Deal, Contract, Declarer and Result, the cards
played in a Play section (a claim leaves it incomplete, closed by ``*``), and one ``{...}``
commentary line per ruling, with its law. The auction is written the way the strict rules of
Laws 17-22 can read it back:

* if the effective auction is a legal auction from the dealer (every irregularity cancelled,
  or none), it is the Auction section; the calls the Laws cancelled or had withdrawn are PBN
  notes (``=n=``) on the effective call they followed, or on the first call if they came
  before it, and a pass the Laws inferred is noted too;
* otherwise (an accepted insufficient bid, 27A1; an accepted call out of rotation, 29A) no
  Auction section is written: a strict reader would refuse it. The table's auction is written
  as a commentary line, and the Contract and Declarer tags carry what it made.

Built only from the table's report (``to_json``) and its public fields, so it does not depend
on how the play is kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from bridgelaw.auction import Auction
from bridgelaw.boards import Board
from bridgelaw.calls import Call, Contract
from bridgelaw.cards import Seat, parse_card
from bridgelaw.errors import BridgeLawError
from bridgelaw.formats.pbn import PbnGame
from bridgelaw.table.events import Action
from bridgelaw.table.rules.claims.law68_71 import SETTLED, Claim
from bridgelaw.table.state import CallRecord, Phase, Ruling


class Table(Protocol):
    """The table as its record reads it (:class:`~bridgelaw.table.engine.Table` is one; a
    protocol, so that this module does not import the engine that makes its records)."""

    board: Board
    claim: Claim | None
    contract: Contract | None
    declarer: Seat | None
    edition: int
    history: list[CallRecord]
    phase: Phase
    tricks: int | None

    @property
    def rulings(self) -> list[Ruling]: ...
    def effective(self) -> list[CallRecord]: ...
    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class BoardRecord:
    """One board as the scorer needs it."""

    board: int
    dealer: Seat
    vulnerable: str
    edition: int
    contract: str | None
    """``4SX``, ``passed-out``; None while the auction lasts."""
    declarer: Seat | None
    tricks: int | None
    """Tricks credited to declarer's side, once the board has ended."""
    score: dict[str, int] | None
    opening_lead: str | None
    ended_by: str | None
    """How the tricks were settled: ``play`` (played out), ``claim`` or ``concession`` (see
    :attr:`settled_under`), ``passed-out``; None while the board goes on."""
    settled_under: str | None
    """For a claim or concession, the clause that fixed the tricks: 69A (agreed), 70 (the
    director), 69B2 or 71B (2007: 71) (corrected after the board)."""
    rulings: tuple[Ruling, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "dealer": self.dealer.letter,
            "vulnerable": self.vulnerable,
            "edition": str(self.edition),
            "contract": self.contract,
            "declarer": None if self.declarer is None else self.declarer.letter,
            "tricks": self.tricks,
            "score": self.score,
            "opening_lead": self.opening_lead,
            "ended_by": self.ended_by,
            "settled_under": self.settled_under,
            "rulings": [r.as_json() for r in self.rulings],
        }


def board_record(table: Table) -> BoardRecord:
    data = table.to_json()
    played: list[str] = data["play"] or []
    ended_by: str | None = None
    settled_under: str | None = None
    if table.phase == "ended":
        claim = table.claim
        if table.contract is not None and table.contract.is_passed_out:
            ended_by = "passed-out"
        elif claim is not None and claim.stage == SETTLED:
            ended_by = "claim" if claim.kind is Action.CLAIM else "concession"
            settled_under = claim.law
        else:
            ended_by = "play"
    return BoardRecord(
        board=table.board.number,
        dealer=table.board.dealer,
        vulnerable=data["vulnerable"],
        edition=table.edition,
        contract=data["contract"],
        declarer=table.declarer,
        tricks=data["tricks"],
        score=data["score"],
        opening_lead=played[0] if played else None,
        ended_by=ended_by,
        settled_under=settled_under,
        rulings=tuple(table.rulings),
    )


# -- PBN ---------------------------------------------------------------------------------------


def _describe(record: CallRecord) -> str:
    law = f" ({record.law})" if record.law else ""
    if record.is_effective and record.inferred:
        return f"{record.seat.letter} pass inferred by the Laws{law}"
    return f"{record.seat.letter} {record.call.text} {record.status}{law}"


def _strict_auction(table: Table) -> list[Call] | None:
    """The effective calls, if the strict rules (Laws 17-22) accept them from the dealer and
    they give the table's contract and declarer; None otherwise."""
    effective = table.effective()
    if effective and effective[0].seat != table.board.dealer:
        return None
    auction = Auction(table.board.dealer)
    try:
        for record in effective:
            if record.call.code is None:
                return None
            auction.push(record.call.code, record.seat)
    except BridgeLawError:
        return None
    if table.contract is not None and (
        not auction.is_over
        or auction.contract != table.contract
        or (auction.declarer != table.declarer and not table.contract.is_passed_out)
    ):
        return None  # cannot happen: the table reads the same auction by the same laws
    return [r.call.number for r in effective]


def _call_notes(table: Table) -> dict[int, str]:
    """Calls that are not in the effective auction (and inferred passes), as notes on the
    effective call they followed (or the first call, for those before it)."""
    notes: dict[int, list[str]] = {}
    index = -1
    for record in table.history:
        if record.is_effective:
            index += 1
            if record.inferred:
                notes.setdefault(index, []).append(_describe(record))
            continue
        where = max(index, 0)
        prefix = "before this call: " if index < 0 else "then "
        notes.setdefault(where, []).append(prefix + _describe(record))
    return {i: "; ".join(texts) for i, texts in notes.items()}


def pbn_game(table: Table) -> PbnGame:
    """The board as it stands, as one PBN game (see the module for the auction's form)."""
    data = table.to_json()
    calls = _strict_auction(table)
    played = [parse_card(name) for name in data["play"] or []]
    ended = table.phase == "ended"
    game = PbnGame.from_board(
        table.board,
        calls or (),
        played,
        contract=table.contract,
        declarer=table.declarer,
        result=table.tricks if ended else None,
        call_notes=_call_notes(table) if calls else None,
    )
    if calls is None and table.history:
        auction = ", ".join(
            f"{r.seat.letter} {r.call.text}" + ("" if r.is_effective else f" [{r.status}]")
            for r in table.history
        )
        game.commentary.append(
            "The auction at the table, accepted under the Laws though not legal in strict "
            f"order, so given here rather than as an Auction section: {auction}"
        )
    for ruling in table.rulings:
        seat = f" ({ruling.seat.letter})" if ruling.seat is not None else ""
        game.commentary.append(f"Law {ruling.law}{seat}, event {ruling.event}: {ruling.text}")
    return game
