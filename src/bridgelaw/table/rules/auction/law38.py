"""Law 38: a bid above seven. It is cancelled (38B), as is any call made over it; the offender
and his partner pass for the rest of the auction (38C), a pass in its place when it was made in
turn; the lead may be restricted (38C), unless the left-hand opponent had called over it (38D).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> table.apply_text("N 8S")
>>> table.awaiting
Awaiting(who='E', law='38', options=('decline',))
>>> table.apply_text("E decline")
>>> table.rulings[-1].law
'38C'
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.cards import Seat
from bridgelaw.table.events import Action, Event, TableCall
from bridgelaw.table.rules.auction.layer import auction_table
from bridgelaw.table.rules.declared import Applies, Declared, Means
from bridgelaw.table.state import END_OF_AUCTION, Awaiting, CallRecord, Pending, PendingKind
from bridgelaw.table.state import TableState as State

OFFERED = Applies(
    "38",
    "offer",
    options=("decline",),
    title="a bid of more than seven",
    means=(
        Means(
            "decline",
            "38B",
            "the bid above seven and every later call are cancelled; a pass replaces it, and "
            "both offenders must pass for the rest of the auction (38C)",
        ),
    ),
)
CANCELLED = Applies("38B", "cancel")  # the bid, and a call over it
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # the cancelled bid
BARRED = Applies("38C", "bar")  # the offender and his partner
NO_LEAD = Applies("38C", "rule", "law38-event.cancelled-no-contract-above")
NO_LEAD_IN_TURN = Applies("38C", "rule", "law38-event.cancelled-no-contract-above.in-turn")
LEAD = Applies("38D", "lead")
CALLED_OVER = Applies("38D", "rule", "law38-event.cancelled-with-call-over")
CALLED_OVER_IN_TURN = Applies("38D", "rule", "law38-event.cancelled-with-call-over.in-turn")

DECLARED: Declared = Declared(
    law="38",
    matter="BidAboveSeven",
    module=__name__,
    applies=(
        OFFERED,
        CANCELLED,
        UNAUTHORIZED,
        BARRED,
        NO_LEAD,
        NO_LEAD_IN_TURN,
        LEAD,
        CALLED_OVER,
        CALLED_OVER_IN_TURN,
    ),
)


@dataclass(kw_only=True)
class BidAboveSeven(Pending):
    """Law 38: a bid above seven, cancelled and replaced."""

    call: TableCall
    """The irregular call."""
    turn: Seat
    """The player whose turn it was when the irregular call was made."""
    record: CallRecord

    @property
    def kind(self) -> PendingKind:
        return "above-seven"

    def offer(self, table: State) -> Awaiting:
        return OFFERED.offer(self.offender.lho.letter)

    def answer(self, table: State, event: Event) -> None:
        t = auction_table(table)
        o, lho = self.offender, self.offender.lho
        t._expect(event, lho.letter, (Action.DECLINE, Action.CALL))
        t.pending = None
        t._cancel(self.record, CANCELLED.clause)  # 16C: the bid is unauthorized
        if event.action is Action.CALL:
            assert event.call is not None
            t.history.append(
                CallRecord(lho, event.call, event.index, status="cancelled", law=CANCELLED.clause)
            )
        in_turn = self.turn == o
        if in_turn:  # a pass in its place
            t._substitute_pass(o)
        BARRED.bar(t, o, END_OF_AUCTION)
        BARRED.bar(t, o.partner, END_OF_AUCTION)
        if event.action is Action.CALL and in_turn:
            CALLED_OVER_IN_TURN.rule(t, o, offender=o, call=self.call, lho=lho, partner=o.partner)
        elif event.action is Action.CALL:
            CALLED_OVER.rule(t, o, offender=o, call=self.call, lho=lho, partner=o.partner)
        else:
            t.arm_lead_restriction(o, LEAD.clause, self.call)
            if in_turn:
                NO_LEAD_IN_TURN.rule(t, o, offender=o, call=self.call, partner=o.partner)
            else:
                NO_LEAD.rule(t, o, offender=o, call=self.call, partner=o.partner)
        t.end_of_auction_check()


__all__ = ["DECLARED", "BidAboveSeven"]
