"""Law 25: a call changed. The director first finds whether the call replaced was unintended
(25A): if so the intended call takes its place without rectification (25A1), until the player's
partner has called, even over his left-hand opponent's call, which that opponent may then
change in turn (25A6; 2007: 25A4). A deliberate change the left-hand opponent may accept (25B1:
the first call withdrawn); if not, the first call stands (25B2); either way the lead may be
restricted (Law 26).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "N 2NT"]:
...     table.apply_text(text)
>>> table.awaiting
Awaiting(who='director', law='25A', options=('unintended', 'intended'))
>>> for text in ["director intended", "E decline"]:
...     table.apply_text(text)
>>> [r.law for r in table.rulings]
['25B2']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bridgelaw.cards import Seat
from bridgelaw.table.events import Action, Event, TableCall
from bridgelaw.table.rules.auction.layer import AuctionTable, auction_table
from bridgelaw.table.rules.declared import Applies, Declared, Means
from bridgelaw.table.state import Awaiting, CallRecord, Pending, PendingKind
from bridgelaw.table.state import TableState as State

TO_JUDGE = Applies(
    "25A",
    "offer",
    options=("unintended", "intended"),
    title="a call replaced at once: was the first call unintended (a slip)?",
)
OFFERED = Applies(
    "25B1",
    "offer",
    options=("accept", "decline"),
    title="a deliberate change of call",
    means=(
        Means(
            "accept", "25B1", ("the second call stands and the first is withdrawn (26 may apply)")
        ),
        Means(
            "decline",
            "25B2",
            ("the second call is cancelled and the first call stands (26 may apply)"),
        ),
    ),
)
OFFERED_LHO = Applies(
    "25A6",
    "offer",
    options=("accept", "decline"),
    by_book=True,
    title="an unintended call corrected: the next player may take back his call over it",
    means=(
        Means("accept", "25A6", "the call made over the slip stands"),
        Means("decline", "25A6", "the player takes back his call and calls again"),
    ),
)

UNINTENDED = Applies("25A1", "rule", "law25-event.director-finds-unintended-replaces")
UNINTENDED_AFTER_LHO = Applies("25A1", "rule", "law25-after-lho.director-finds-unintended-replaces")
UNINTENDED_IRREGULAR = Applies(
    "25A1", "rule", "law25-after-lho.director-finds-unintended-replaces-2"
)
"""The intended call is itself irregular where it stands: the LHO's call over the unintended
one goes with it."""
REPLACED = Applies("25A1", "withdraw")  # the unintended call
ACCEPTED = Applies("25B1", "rule", "law25-event.accepts-change-first-call")
WITHDRAWN = Applies("25B1", "withdraw")  # the first call
LEAD_ACCEPTED = Applies("25B1", "lead")
NOT_ACCEPTED = Applies("25B2", "rule", "law25-event.does-not-accept-change")
CANCELLED = Applies("25B2", "cancel")  # the second call
LEAD_NOT_ACCEPTED = Applies("25B2", "lead")
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # a call withdrawn or cancelled
LHO_WITHDRAWS = Applies("25A6", "rule", "law25a6-withdraw", by_book=True)
LHO_MUST_WITHDRAW = Applies("25A6", "rule", "law25a6-withdraw.no-longer-legal", by_book=True)
LHO_WITHDRAWN = Applies("25A6", "withdraw", by_book=True)
LHO_UNAUTHORIZED = Applies("25A6", "unauthorized", by_book=True)  # to the other side

DECLARED: Declared = Declared(
    law="25",
    matter="ChangedCall",
    module=__name__,
    stages=("LhoChange",),
    applies=(
        TO_JUDGE,
        OFFERED,
        OFFERED_LHO,
        UNINTENDED,
        UNINTENDED_AFTER_LHO,
        UNINTENDED_IRREGULAR,
        REPLACED,
        ACCEPTED,
        WITHDRAWN,
        LEAD_ACCEPTED,
        NOT_ACCEPTED,
        CANCELLED,
        LEAD_NOT_ACCEPTED,
        UNAUTHORIZED,
        LHO_WITHDRAWS,
        LHO_MUST_WITHDRAW,
        LHO_WITHDRAWN,
        LHO_UNAUTHORIZED,
    ),
)


@dataclass(kw_only=True)
class ChangedCall(Pending):
    """Law 25: a call changed; the director judges whether the first was unintended (25A),
    and an intended change the LHO may accept (25B1)."""

    call: TableCall
    """The irregular call."""
    event: int
    """The event that made it."""
    turn: Seat
    """The player whose turn it was when the irregular call was made."""
    record: CallRecord
    stage: Literal["judge", "offered"] = "judge"

    @property
    def kind(self) -> PendingKind:
        return "change"

    def offer(self, table: State) -> Awaiting:
        if self.stage == "offered":
            return OFFERED.offer(self.offender.lho.letter)
        return TO_JUDGE.offer("director")

    def answer(self, table: State, event: Event) -> None:
        t = auction_table(table)
        o = self.offender
        first = t._last_effective_of(o)
        if self.stage == "judge":
            t._expect(event, "director", (Action.UNINTENDED, Action.INTENDED))
            if self.turn == o.partner:  # the LHO has called over the first call
                self.after_lho(t, event.action is Action.UNINTENDED)
                return
            if event.action is Action.UNINTENDED:
                # the intended call replaces the unintended one, without rectification
                t.history.remove(self.record)
                if first is not None:
                    t.set_status(first, "withdrawn", REPLACED.clause)
                UNINTENDED.rule(t, o, offender=o, first=first.call if first else "", call=self.call)
                t.pending = None
                t.turn = o
                t._undo_end_of_auction()
                t._call_in_place_of(first, o, self.call)
            else:
                self.stage = "offered"
            return
        t._expect(event, o.lho.letter, (Action.ACCEPT, Action.DECLINE, Action.CALL))
        t.pending = None
        if event.action is Action.DECLINE:
            t._cancel(self.record, CANCELLED.clause)
            NOT_ACCEPTED.rule(t, o, lho=o.lho, call=self.call, offender=o)
            # Law 26 (2017 by 25B2's text; 2007 by 26's preamble, as its commentary says)
            t.arm_lead_restriction(o, LEAD_NOT_ACCEPTED.clause, self.call)
        else:
            if first is not None:
                t.set_status(first, "withdrawn", WITHDRAWN.clause)
                t.mark_unauthorized(first)
            t.history.remove(self.record)
            ACCEPTED.rule(t, o, lho=o.lho, offender=o, call=self.call)
            if first is not None:  # Law 26, both editions (as when not accepted)
                t.arm_lead_restriction(o, LEAD_ACCEPTED.clause, first.call)
            t.turn = o
            t._undo_end_of_auction()
            t._call_in_place_of(first, o, self.call)
        if event.action is Action.CALL:
            assert event.call is not None
            t._follow(event.seat, event.call)

    def after_lho(self, t: AuctionTable, unintended: bool) -> None:
        """The director's finding when the LHO had called over the first call."""
        o = self.offender
        if not unintended:
            # an intended call at partner's turn is a call out of rotation (Laws 29-32)
            t.out_of_rotation(o, self.call, self.event, self.turn, self.record)
            return
        first = t._last_effective_of(o)
        assert first is not None
        t.history.remove(self.record)
        lho_call = t.effective()[-1]
        t.set_status(first, "withdrawn", REPLACED.clause)
        if not t._legal_after(t.effective()[:-1], CallRecord(o, self.call, 0)):
            # the intended call is itself irregular where it stands: the LHO's call over the
            # unintended one goes and the new call meets its own law from O's turn
            t.pending = None
            UNINTENDED_IRREGULAR.rule(t, o, offender=o, first=first.call, call=self.call)
            withdraw_lho_call(t, lho_call, forced=True)
            t.turn = o
            t._call_in_place_of(first, o, self.call)
            return
        record = CallRecord(o, self.call, t.event_index, skipped=first.skipped)
        t.history.insert(t.history.index(first) + 1, record)
        t.pending = None
        UNINTENDED_AFTER_LHO.rule(t, o, offender=o, first=first.call, call=self.call)
        lho_call = t.effective()[-1]
        assert lho_call.seat == o.lho
        before = [r for r in t.effective() if r is not lho_call]
        if t._legal_after(before, lho_call):
            t.pending = LhoChange(offender=o.lho, turn=o.partner, record=lho_call)
        else:
            withdraw_lho_call(t, lho_call, forced=True)


@dataclass(kw_only=True)
class LhoChange(Pending):
    """The LHO may change the call he made over the call replaced (25A6; 2007: 25A4)."""

    turn: Seat
    """The player whose turn it was when the irregular call was made."""
    record: CallRecord

    @property
    def kind(self) -> PendingKind:
        return "lho-change"

    def offer(self, table: State) -> Awaiting:
        return OFFERED_LHO.offer(self.offender.letter, at=table)

    def answer(self, table: State, event: Event) -> None:
        t = auction_table(table)
        if event.who == self.turn.letter and event.action is Action.CALL:
            t.pending = None  # the next player called: the LHO keeps his call
            assert event.call is not None
            t._follow(self.turn, event.call)
            return
        t._expect(event, self.offender.letter, (Action.ACCEPT, Action.DECLINE))
        t.pending = None
        if event.action is Action.DECLINE:
            withdraw_lho_call(t, self.record, forced=False)


def withdraw_lho_call(t: AuctionTable, record: CallRecord, forced: bool) -> None:
    """The LHO's call over the unintended one is withdrawn: he calls again in turn, and the
    withdrawn call is unauthorized to the other side."""
    law = LHO_WITHDRAWN.law(t)
    t.set_status(record, "withdrawn", law)
    t.mark_unauthorized(record, LHO_UNAUTHORIZED.law(t), side=record.seat.side ^ 1)
    t.turn = record.seat
    withdrawn = LHO_MUST_WITHDRAW if forced else LHO_WITHDRAWS
    withdrawn.rule(t, None, seat=record.seat, call=record.call)


__all__ = ["DECLARED", "ChangedCall", "LhoChange", "withdraw_lho_call"]
