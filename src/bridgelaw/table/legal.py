"""What the player to act may send now: the table's legal view (python-chess's ``legal_moves``).

:attr:`Table.legal <bridgelaw.table.engine.Table.legal>` is a :class:`LegalEvents`: the event
texts the Laws let the seat to act send at this moment, nothing computed until it is read. In
the auction: the calls Laws 18 and 19 allow (a bid higher than the last, a double of the
opponents' last bid, a redouble of the opponents' double), only ``pass`` for a player who must
pass (the seats in ``barred``: Laws 23, 26-32, 36-39). In the play: the cards of the hand to play
(dummy's for declarer, 45B), following suit when able (44C); when a penalty card, a lead
restriction or a 57 obligation is in force (50, 26, 51B, 57A).

Once anything the Laws rectify has happened (a ruling, unauthorized information, an offer
open), what the Laws let a player do depends on far more (30B2b, 26B, 50D, 57A, an offer a
call answers by its effect...): those of the calls and cards above that the table takes
without an irregularity of their own are kept (each tried, then undone, as python-chess
filters its pseudo-legal moves; the same check as a ``strict`` table's,
:func:`own_irregularity`). The event itself is judged, not what an earlier irregularity
brings at the moment it comes: the last pass that makes a card exposed in the auction a
penalty card (24E) and opens declarer's 50D2 choice is legal. Nothing once the board is over.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> table.apply_text("N 6NT")
>>> list(table.legal)
['E pass', 'E X', 'E 7C', 'E 7D', 'E 7H', 'E 7S', 'E 7NT']
>>> "E 6S" in table.legal
False
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from bridgelaw.boards import Board
from bridgelaw.calls import call_name
from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.events import Action, Event, ScriptError, parse_event
from bridgelaw.table.play_state import TablePlay
from bridgelaw.table.rules.claims.law68_71 import Claim
from bridgelaw.table.state import (
    Awaiting,
    CallRecord,
    LeadRestriction,
    NextCallRule,
    Obligation,
    Outcome,
    Pending,
    Phase,
    Ruling,
    Unauthorized,
)


class Table(Protocol):
    """The table as its legal view reads it: the state that narrows what a player may do, and
    the engine's ``apply`` and ``undo`` to try a candidate event (:class:`~bridgelaw.table.
    engine.Table` is one; a protocol, so that this module does not import the engine that
    makes its views)."""

    barred: dict[Seat, str]
    board: Board
    carried_slot: dict[Seat, tuple[Seat, ...]]
    claim: Claim | None
    declarer: Seat | None
    designated_46b: tuple[Card, int] | None
    dummy_broke: bool
    dummy_offer: Awaiting | None
    early_lead: tuple[Seat, int] | None
    events: list[Event]
    exposed: list[tuple[Seat, int, int]]
    law45c4b_rho: tuple[Seat, Card] | None
    law45d_back: tuple[tuple[Seat, Card], ...]
    law45d_rho: tuple[Seat, Card] | None
    law62d1_replay: bool
    lead_restrictions: list[LeadRestriction]
    lead_retracted: int | None
    lho_repeat: tuple[Seat, str] | None
    missing_cards: tuple[tuple[Seat, Card], ...]
    must_play: dict[Seat, Obligation]
    next_call: dict[Seat, NextCallRule]
    no_double: set[Seat]
    penalty_cards: list[tuple[Seat, int, str]]
    pending: Pending | None
    phase: Phase
    play: TablePlay | None
    recall: tuple[Seat, str, str | None] | None
    repeat_15c: tuple[tuple[Seat, str], ...]
    turn: Seat
    unnoticed: list[CallRecord]
    wrong_count: tuple[Seat, Card] | None

    @property
    def awaiting(self) -> Awaiting | None: ...
    @property
    def next_to_act(self) -> Seat | None: ...
    def legal_words(self, seat: Seat, doubles: bool = True) -> tuple[str, ...]: ...
    def apply(self, event: Event) -> Outcome: ...
    def undo(self) -> Event: ...


__all__ = ["DUE_CLAUSES", "LegalEvents", "legal_texts", "own_irregularity", "seat_acting"]

DUE_CLAUSES = ("24D", "24E", "26A1", "59", "63A1", "64")
"""Clauses whose rulings, made at a moment the Laws fix, settle an irregularity made before
the event that brings that moment, naming its offender even when he sends that event: the end
of the auction settles the cards exposed in it (24D, 24E) and, in 2007, the suits of a lead
restriction bid legally after all (26A1); a leader who cannot keep a lead restriction may lead
any card (59); his side's next card establishes a revoke (63A1); the end of play transfers
tricks for it (64). None of them says the event was irregular."""


class LegalEvents:
    """The legal event texts of a table at one moment, computed once when first read."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self._texts: tuple[str, ...] | None = None

    @property
    def texts(self) -> tuple[str, ...]:
        if self._texts is None:
            self._texts = legal_texts(self._table)
        return self._texts

    def __iter__(self) -> Iterator[str]:
        return iter(self.texts)

    def __len__(self) -> int:
        return len(self.texts)

    def __contains__(self, text: object) -> bool:
        return text in self.texts

    def __repr__(self) -> str:
        return f"<LegalEvents ({', '.join(self.texts)})>"


def legal_texts(table: Table) -> tuple[str, ...]:
    """The event texts the seat to act may send now (see the module)."""
    if table.phase == "auction":
        texts = _calls(table)
    elif table.phase == "play":
        texts = _cards(table)
    else:
        return ()
    awaiting = table.awaiting
    if awaiting is None and not _in_force(table):
        return texts  # nothing the Laws rectify is in force: 18, 19 and 44C say it all
    if awaiting is not None and table.phase == "auction":
        # a call may answer the offer by its effect (calling over a changed call accepts it,
        # 25B1): what is sufficient then is judged after it, so every call is a candidate
        every = tuple(f"{table.turn.letter} {call_name(c)}" for c in range(38))
        texts += tuple(t for t in every if t not in texts)
    if awaiting is not None:  # a card the offer names that is not in the hand (62C1: on a trick)
        named = (
            f"{o.who} {o.word}" for o in awaiting.commands() if o.command.action is Action.CARD
        )
        texts += tuple(t for t in named if t not in texts and t[0] == texts_seat(table))
    return tuple(text for text in texts if _taken_regularly(table, text))


def _calls(table: Table) -> tuple[str, ...]:
    seat = table.turn
    if seat in table.barred:  # the offender's partner (or the offender) must pass
        return (f"{seat.letter} pass",)
    # 18B: a bid higher than the last; 19A1, 19B1: a double, a redouble
    return tuple(f"{seat.letter} {word}" for word in table.legal_words(seat))


def _cards(table: Table) -> tuple[str, ...]:
    play = table.play
    seat = table.next_to_act
    if seat is None:
        return ()
    hand = table.board.deal.hands[seat] if play is None else play.hands[seat]
    cards = [c for c in range(51, -1, -1) if hand >> c & 1]
    if play is not None and play.trick and play.can_follow(seat):
        cards = [c for c in cards if c // 13 == play.led_suit()]  # 44C: follow suit
    return tuple(f"{seat.letter} {card_name(c)}" for c in cards)


def _in_force(table: Table) -> bool:
    """Is anything in force that may narrow what the seat to act may do, beyond 18, 19 and
    44C? (An irregularity pending or being settled, a bar or a call rule of 23-39, a penalty
    card or exposed card, a lead restriction, a 57 obligation, a revoke or a defective trick
    not yet ruled on, a claim, dummy's or declarer's irregularities of 42-46, the cards of
    the board and the calls to repeat of 13-17.)"""
    play = table.play
    return bool(
        table.pending is not None
        or table.barred
        or table.no_double
        or table.next_call
        or table.carried_slot
        or table.unnoticed
        or table.lead_restrictions
        or table.penalty_cards
        or table.exposed
        or table.must_play
        or table.claim is not None
        or table.early_lead is not None
        or table.lead_retracted is not None
        or table.law45c4b_rho is not None
        or table.law45d_rho is not None
        or table.law45d_back
        or table.designated_46b is not None
        or table.dummy_broke
        or table.law62d1_replay
        or table.missing_cards
        or table.wrong_count is not None
        or table.recall is not None
        or table.lho_repeat is not None
        or table.repeat_15c
        or table.dummy_offer is not None
        or (play is not None and (play.revokes or play.omissions or play.surplus))
    )


def texts_seat(table: Table) -> str:
    """The letter the seat to act's events begin with ('' when nobody acts)."""
    seat = table.turn if table.phase == "auction" else table.next_to_act
    return "" if seat is None else seat.letter


def _taken_regularly(table: Table, text: str) -> bool:
    """Does the table take ``text`` with no irregularity of its own
    (:func:`own_irregularity`)? (Tried, then undone.)"""
    event = parse_event(text, len(table.events) + 1)
    try:
        outcome = table.apply(event)
    except ScriptError:
        return False
    found = own_irregularity(table, event, outcome)
    table.undo()
    return found is None


def own_irregularity(
    table: Table, event: Event, outcome: Outcome
) -> Ruling | Unauthorized | Awaiting | None:
    """What shows that a player's applied ``event`` was itself irregular, or None: a ruling
    naming the player who sent it (declarer and dummy are one sender in the play, 45B) under
    a clause other than :data:`DUE_CLAUSES`, unauthorized information from his own call or
    card, or an irregularity of his waiting for an answer (its offer). ``table``: as the
    event left it. What the event only brings about is not his: a ruling on another player's
    earlier irregularity (declarer's answer to a 50D2 choice names the penalty card's owner),
    an offer due from penalty cards or lead restrictions in force (50D2, 51A, 51B, 26)."""
    seat = event.seat
    senders = {seat.letter}
    declarer = table.declarer
    if table.phase != "auction" and declarer is not None and seat.side == declarer.side:
        senders = {declarer.letter, declarer.partner.letter}
    for ruling in outcome.rulings:
        if (
            ruling.seat is not None
            and ruling.seat.letter in senders
            and not ruling.law.startswith(DUE_CLAUSES)
        ):
            return ruling
    for information in outcome.unauthorized:
        if information.seat in senders:
            return information
    pending = table.pending
    if pending is not None and pending.offender.letter in senders:
        return outcome.awaiting
    return None


def seat_acting(table: Table) -> Seat | None:
    """The seat whose player sends the legal events: declarer for dummy (45B)."""
    seat = table.next_to_act
    if seat is None or table.declarer is None or table.phase != "play":
        return seat
    return table.declarer if seat == table.declarer.partner else seat
