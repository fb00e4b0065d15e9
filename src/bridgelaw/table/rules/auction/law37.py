"""Law 37 (2007: also 30B2b): a call by a player barred from making it. The offender's left-hand
opponent may accept it (37A: it stands, as does anything called over it); if not, it is
cancelled and a pass put in its place, the offender and his partner pass for the rest of the
auction and the lead may be restricted (37B).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E 1D", "S decline", "E 2C", "director not-comparable", "S pass"]:
...     table.apply_text(text)  # 27B2: West must pass for the rest of the auction
>>> for text in ["W 2H"]:
...     table.apply_text(text)
>>> table.awaiting
Awaiting(who='N', law='37', options=('accept', 'decline'))
>>> table.apply_text("N decline")
>>> table.rulings[-1].law
'37B'
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.table.events import Action, Event, TableCall
from bridgelaw.table.rules.auction.layer import auction_table
from bridgelaw.table.rules.declared import Applies, Declared, Means
from bridgelaw.table.state import END_OF_AUCTION, Awaiting, CallRecord, Pending, PendingKind
from bridgelaw.table.state import TableState as State

OFFERED = Applies(
    "37",
    "offer",
    options=("accept", "decline"),
    title="a call by a player who had to pass",
    means=(
        Means("accept", "37A", "the call and everything after it stand"),
        Means(
            "decline",
            "37B",
            (
                "the call is cancelled and replaced by a pass; both offenders"
                " must pass for the rest of the auction, and declarer may "
                "restrict the lead (26B)"
            ),
        ),
    ),
)
ACCEPTED = Applies("37A", "rule", "law37-event.called-over-before-rectification")
DECLINED = Applies("37B", "rule", "law37-event.had-pass-cancelled-pass")
CANCELLED = Applies("37B", "cancel")
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # the cancelled call
BARRED = Applies("37B", "bar")  # the offender and his partner
LEAD = Applies("37B", "lead")

DECLARED: Declared = Declared(
    law="37",
    matter="BarredCall",
    module=__name__,
    applies=(OFFERED, ACCEPTED, DECLINED, CANCELLED, UNAUTHORIZED, BARRED, LEAD),
)


@dataclass(kw_only=True)
class BarredCall(Pending):
    """Law 37 (2007 30B2b): a call by a player barred from making it."""

    call: TableCall
    """The irregular call."""
    record: CallRecord

    @property
    def kind(self) -> PendingKind:
        return "barred"

    def offer(self, table: State) -> Awaiting:
        return OFFERED.offer(self.offender.lho.letter)

    def answer(self, table: State, event: Event) -> None:
        t = auction_table(table)
        o, lho = self.offender, self.offender.lho
        t._expect(event, lho.letter, (Action.ACCEPT, Action.DECLINE, Action.CALL))
        t.pending = None
        if event.action is Action.DECLINE:
            t._cancel(self.record, CANCELLED.clause)  # 16C: the call is unauthorized
            t._substitute_pass(o)
            BARRED.bar(t, o, END_OF_AUCTION)
            BARRED.bar(t, o.partner, END_OF_AUCTION)
            t.arm_lead_restriction(o, LEAD.clause, self.call)
            DECLINED.rule(t, o, offender=o, call=self.call, partner=o.partner)
            t.end_of_auction_check()
            return
        ACCEPTED.rule(t, o, lho=lho, offender=o, call=self.call)
        t.no_double.discard(o)
        t._legal_call(self.record)
        if event.action is Action.CALL and t.phase == "auction":
            assert event.call is not None
            t._follow(event.seat, event.call)


__all__ = ["DECLARED", "BarredCall"]
