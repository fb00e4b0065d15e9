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
without an irregularity are kept (each tried, then undone, as python-chess filters its
pseudo-legal moves; the same check as a ``strict`` table's: no ruling naming an offender, no
unauthorized information, no offer opened). Nothing once the board is over.

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
from typing import TYPE_CHECKING

from bridgelaw.cards import Seat, card_name
from bridgelaw.table.events import Action, ScriptError, parse_event

if TYPE_CHECKING:
    from bridgelaw.table.engine import Table

__all__ = ["LegalEvents", "legal_texts", "seat_acting"]


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
    """Does the table take ``text`` with no irregularity: no ruling naming an offender, no
    unauthorized information, no offer opened? (Tried, then undone.)"""
    event = parse_event(text, len(table.events) + 1)
    try:
        outcome = table.apply(event)
    except ScriptError:
        return False
    table.undo()
    return (
        not any(r.seat is not None for r in outcome.rulings)
        and not outcome.unauthorized
        and outcome.awaiting is None
    )


def seat_acting(table: Table) -> Seat | None:
    """The seat whose player sends the legal events: declarer for dummy (45B)."""
    seat = table.next_to_act
    if seat is None or table.declarer is None or table.phase != "play":
        return seat
    return table.declarer if seat == table.declarer.partner else seat
