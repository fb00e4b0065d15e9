"""Law 36: an inadmissible double or redouble (one Law 19 does not allow). Made and noticed at
once, it is cancelled and its maker calls legally, back in rotation if it was out of turn (36B2,
36B4): his partner passes for the rest of the auction and the lead may be restricted (36B3). If
the left-hand opponent calls over it first, it goes with every later call and the auction goes
back to the player in turn (36A). Nobody drawing attention to it, it stands for now; attention
drawn later cancels it during the auction (36A) or, after the opening lead, the board is scored
as if it had not been made (36C, 2017 only).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> table.apply_text("N 1NT")
>>> table.apply_text("E XX")
>>> table.awaiting.who, table.awaiting.law, table.awaiting.options[:3]
('E', '36B2', ('pass', 'X', '2C'))
>>> table.apply_text("E pass")
>>> [r.law for r in table.rulings]
['36B2']
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.cards import Seat
from bridgelaw.table.events import Action, Event, ScriptError, TableCall
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.auction.layer import AuctionTable, auction_table
from bridgelaw.table.rules.declared import Applies, Declared, Means, Varies
from bridgelaw.table.state import END_OF_AUCTION, Awaiting, CallRecord, Pending, PendingKind
from bridgelaw.table.state import TableState as State

# the offender's LHO's ``decline``: he does not call over the inadmissible call (which can
# never be accepted, Law 32's preamble and 36)
NOT_CALLED_OVER = Means(
    "decline",
    "36B",
    "attention is drawn to the inadmissible double or redouble before anyone calls over it: "
    "it is cancelled and the offender makes a legal call instead (made out of rotation: at his "
    "own turn, 36B4); his partner must pass throughout, and declarer may restrict the lead "
    "(26B)",
)
# the offender calls again (the legal calls)
OFFERED = Applies(
    "36B2",
    "offer",
    title="an inadmissible double or redouble: the offender calls again",
    means=(NOT_CALLED_OVER,),
)
# out of rotation: the player in turn calls
OFFERED_BACK = Applies(
    "36B4",
    "offer",
    title="an inadmissible double or redouble out of rotation: the player in turn calls",
    means=(NOT_CALLED_OVER,),
)
CALLED_OVER = Applies("36A", "rule", "law36-event")
NOTICED = Applies("36A", "rule", "law36-noticed.attention-drawn-inadmissible-after")
CANCELLED_WITH_LATER = Applies("36A", "cancel")  # the double, every call after it
REPLACED = Applies("36B2", "rule", "law36b")
REPLACED_BACK = Applies("36B4", "rule", "law36b.back")
CANCELLED = Applies("36B2", "cancel")
CANCELLED_BACK = Applies("36B4", "cancel")
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # a call cancelled here
BARRED = Applies("36B2", "bar")  # the offender's partner
BARRED_BACK = Applies("36B4", "bar")
LEAD = Applies("36B3", "lead")
AFTER_LEAD = Applies("36C", "rule", "law36-noticed.attention-first-drawn-inadmissible")
SCORED_WITHOUT = Applies("36C", "cancel")  # the double, and a redouble of it

NOTICED_LATE = Varies("36C", "noticed")
"""36C (2017): attention first drawn after the opening lead; the 2007 Law 36 has no rule."""

DECLARED: Declared = Declared(
    law="36",
    matter="InadmissibleCall",
    module=__name__,
    applies=(
        OFFERED,
        OFFERED_BACK,
        CALLED_OVER,
        NOTICED,
        CANCELLED_WITH_LATER,
        REPLACED,
        REPLACED_BACK,
        CANCELLED,
        CANCELLED_BACK,
        UNAUTHORIZED,
        BARRED,
        BARRED_BACK,
        LEAD,
        AFTER_LEAD,
        SCORED_WITHOUT,
    ),
    varies=(NOTICED_LATE,),
)


@dataclass(kw_only=True)
class InadmissibleCall(Pending):
    """Law 36: an inadmissible double or redouble, cancelled and replaced."""

    call: TableCall
    """The irregular call."""
    turn: Seat
    """The player whose turn it was when the irregular call was made."""
    record: CallRecord

    @property
    def kind(self) -> PendingKind:
        return "inadmissible"

    @property
    def in_turn(self) -> bool:
        """Made by the player in turn (36B2), or out of rotation (36B4)."""
        return self.turn == self.offender

    def offer(self, table: State) -> Awaiting:
        t = auction_table(table)
        lho = ((self.offender.lho.letter, ("decline",)),)  # draws attention instead of calling
        offered = OFFERED if self.in_turn else OFFERED_BACK
        return offered.offer(self.turn.letter, t.legal_words(self.turn), others=lho)

    def answer(self, table: State, event: Event) -> None:
        t = auction_table(table)
        o, turn = self.offender, self.turn
        lho = o.lho
        if event.who == "director" and event.action is Action.UNNOTICED:
            self.left_unnoticed(t)
            return
        if event.who == lho.letter and event.action is Action.CALL:
            # the LHO called before rectification: his call goes with the double
            t._cancel(self.record, CANCELLED_WITH_LATER.clause)
            assert event.call is not None
            t.history.append(
                CallRecord(
                    lho,
                    event.call,
                    event.index,
                    status="cancelled",
                    law=CANCELLED_WITH_LATER.clause,
                )
            )
            CALLED_OVER.rule(t, o, lho=lho, offender=o, call=self.call, turn=turn)
            t.pending = None
            t.turn = turn
            return
        if event.who == lho.letter and event.action is Action.DECLINE:
            self.rectify(t)  # attention drawn: rectify now, then the player in turn calls
            return
        t._expect(event, turn.letter, (Action.CALL,))  # the offender, or the player in turn
        assert event.call is not None
        self.rectify(t)
        t._follow(turn, event.call)

    def left_unnoticed(self, t: AuctionTable) -> None:
        """Nobody draws attention to the inadmissible call now: it stays in the auction as made
        until attention is drawn (:meth:`noticed`)."""
        # out of rotation too: Law 32's preamble says it can never be accepted, so Law 36 alone
        # rules it. Unnoticed, the table goes on from the offender's LHO; attention drawn later
        # gives the turn back to the player whose turn it was (turn_before)
        t.pending = None
        t.unnoticed.append(self.record)
        t._legal_call(self.record)

    def rectify(self, t: AuctionTable) -> None:
        """Cancelled: the partner barred, the lead perhaps restricted, the ruling."""
        o = self.offender
        cancelled, barred = (CANCELLED, BARRED) if self.in_turn else (CANCELLED_BACK, BARRED_BACK)
        t._cancel(self.record, cancelled.clause)
        barred.bar(t, o.partner, END_OF_AUCTION)
        t.arm_lead_restriction(o, LEAD.clause, self.call)
        if self.in_turn:
            REPLACED.rule(t, o, offender=o, call=self.call, partner=o.partner)
        else:
            REPLACED_BACK.rule(t, o, offender=o, call=self.call, turn=self.turn, partner=o.partner)
        t.pending = None

    @staticmethod
    def noticed(table: State) -> None:
        """Attention is drawn to an unnoticed inadmissible double or redouble: during the
        auction its LHO has called over it, so it is cancelled with every later call and the
        auction goes back to the player in turn when it was made; after the opening lead the
        result is recorded as if it had not been made (a redouble of it going with it)."""
        t = auction_table(table)
        if not t.unnoticed:
            raise ScriptError(t.event_index, refuse("event.no-inadmissible-double"))
        record = t.unnoticed.pop()
        o = record.seat
        if t.phase == "auction":
            turn = turn_before(t, record)
            start = t.history.index(record)
            for later in t.history[start:]:
                if later.status in ("effective", "pending"):
                    t.set_status(later, "cancelled", CANCELLED_WITH_LATER.clause)
            t.unnoticed = [r for r in t.unnoticed if r.status == "effective"]
            t.pending = None
            t.next_call.clear()  # the rules after the cancelled calls go with them
            # back to the player whose turn it was when it was made (2007: the Slovak text
            # says so; the Polish says the offender, the same player unless out of turn)
            t.turn = turn
            NOTICED.rule(t, o, offender=o, call=record.call, lho=o.lho, turn=turn)
            return
        # before the opening lead the engine applies 36A itself (Table._law36a_clarification)
        assert t.play is not None and t.play.played
        if not t.by_edition(NOTICED_LATE.tag, e2017=True, e2007=False):
            raise ScriptError(t.event_index, refuse("event.law36-2007-after-lead"))
        start = t.history.index(record)
        for later in t.history[start:]:
            if later.call.is_bid:
                break
            if later.is_effective and later.call.is_double_or_redouble:
                t.set_status(later, "cancelled", SCORED_WITHOUT.clause)
        t.contract = t.effective_contract()
        AFTER_LEAD.rule(t, o, offender=o, call=record.call, contract=t.contract)


def turn_before(t: AuctionTable, record: CallRecord) -> Seat:
    """Whose turn it was when ``record`` was made: after the effective call before it."""
    before = [r for r in t.history[: t.history.index(record)] if r.is_effective]
    return before[-1].seat.lho if before else t.board.dealer


__all__ = ["DECLARED", "InadmissibleCall", "turn_before"]
