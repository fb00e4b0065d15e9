"""Laws 28-32: a call out of rotation. The player in turn calling over it cancels it (28B); the
left-hand opponent may accept it (29A: the players skipped lose their turn) or not (29B: it is
cancelled and the auction goes back to the player in turn). What follows a cancelled call
depends on what it was and whose turn it took: a pass (30), a bid (31), a double or redouble
(32); at the right-hand opponent's turn the offender's next call waits for that opponent's
(31A, 32A), at partner's or the left-hand opponent's it is compared (31B, 32B: 2017 Law 23A).
An artificial call's denominations are what the director finds it showed (29C). The 2007 Laws
30-32 are another procedure (longer silences, no comparison), declared beside the 2017 one.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> table.apply_text("S 1H")  # North deals: South bids at his partner's turn
>>> table.awaiting
Awaiting(who='W', law='29A', options=('accept', 'decline'))
>>> table.apply_text("W decline")
>>> [r.law for r in table.rulings]
['31B1']
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.cards import Seat
from bridgelaw.table.events import Action, Event, TableCall
from bridgelaw.table.rules.auction.layer import AuctionTable, auction_table
from bridgelaw.table.rules.declared import Applies, Declared, Means, Varies
from bridgelaw.table.state import (
    END_OF_AUCTION,
    NEXT_TURN,
    Awaiting,
    CallRecord,
    NextCallKind,
    NextCallRule,
    Pending,
    PendingKind,
)
from bridgelaw.table.state import TableState as State

SHOWS = (
    *(f"shows {x}" for x in ("C", "D", "H", "S", "NT")),
    *(f"shows {a} {b}" for i, a in enumerate("SHDC") for b in "SHDC"[i + 1 :]),
    "shows none",
)
"""29C: what an artificial call out of rotation specified (one denomination, two suits, none)."""

# -- what differs between the editions ---------------------------------------------------------

PROCEDURE = Varies("30 31 32", "rectify")
"""2017: the offender's next call compared (23A); 2007: silences for his partner."""
PASS_OF_WHOSE = Varies("30C", "rectify")
"""30C's ruling: 2017 a pass of any artificial call; 2007 of partner's."""
ARTIFICIAL_PASSED = Varies("30C", "passes_artificial_call")
LEAD_BY_SHOWN = Varies("31B", "cancel")
"""2007 31B: the lead restriction depends on what an artificial bid showed (29C is asked)."""
DOUBLE_THEN = Varies("32A2", "rho_acted")
BID_THEN = Varies("31A2", "rho_acted")

# -- Laws 28 and 29: the call out of rotation itself -------------------------------------------

OFFERED = Applies(
    "29A",
    "offer",
    options=("accept", "decline"),
    title="a call out of rotation",
    means=(
        Means(
            "accept",
            "29A",
            (
                "the call out of rotation stands as if in rotation; the "
                "auction goes on from the next player"
            ),
        ),
        Means(
            "decline",
            "29B",
            (
                "the call is cancelled and the turn goes back to the player "
                "in turn; the offender is then restricted under Laws 30 to 32"
            ),
        ),
    ),
)
TO_FIND = Applies(
    "28B",
    "offer",
    options=("accepted", "in-turn"),
    title="a call out of rotation, then the player in turn called",
)
"""The player in turn called meanwhile: over it (29A) or ignoring it (28B)? The director
finds (the Polish 2007 commentary on Law 28)."""
TO_SHOW = Applies(
    "29C", "offer", options=SHOWS, title="an artificial call out of rotation: what did it show?"
)
CANCELLED_IN_TURN = Applies("28B", "cancel")
IN_TURN = Applies("28B", "rule", "law28b")
IN_TURN_INFORMATION = Applies("16C2", "unauthorized", by_book=True)  # named in the ruling
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # a call cancelled here
ACCEPTED_ONE = Applies("29A", "rule", "law29a.accepted.one")
ACCEPTED_MANY = Applies("29A", "rule", "law29a.accepted.many")
CALLED_OVER_ONE = Applies("29A", "rule", "law29a.called-over.one")
CALLED_OVER_MANY = Applies("29A", "rule", "law29a.called-over.many")
CANCELLED = Applies("29B", "cancel")
SHOWN = Applies("29C", "rule", "law29c-event")
PASS_OF_ARTIFICIAL = Applies("30C", "rule", "law29b-rectify", within=PASS_OF_WHOSE.tag)
PASS_OF_ARTIFICIAL_2007 = Applies("30C", "rule", "law29b-rectify.2007", within=PASS_OF_WHOSE.tag)

# -- the 2017 Laws 30-32 -----------------------------------------------------------------------

PASS_BARRED = Applies("30A", "bar")  # the offender, at his next turn
PASS_AT_RHO = Applies("30A", "rule", "law30-32.passed-out-rotation-at")
PASS_ELSEWHERE = Applies("30B1a", "rule", "law30-32.pass-out-rotation-cancelled")
PASS_COMPARED = Applies("30B1b", "next")
BID_AT_RHO = Applies("31A", "rule", "law30-32.out-rotation-at-rho")
BID_WAITS = Applies("31A", "next")  # for RHO's call
DOUBLE_AT_RHO = Applies("32A", "rule", "law30-32.out-rotation-at-rho")
DOUBLE_WAITS = Applies("32A", "next")
BID_ELSEWHERE = Applies("31B1", "rule", "law30-32.out-rotation-cancelled-may")
BID_COMPARED = Applies("31B2", "next")
DOUBLE_ELSEWHERE = Applies("32B1", "rule", "law30-32.out-rotation-cancelled-may")
DOUBLE_COMPARED = Applies("32B2", "next")

# -- at the offender's later turns (both editions where the numbers agree) ---------------------

BID_REPEATED = Applies("31A1", "next")  # RHO passed: the offender repeats his bid
DOUBLE_REPEATED = Applies("32A1", "next", by_book=True)  # 2007: 32B1
BID_AFTER_RHO = Applies("31A2", "next")  # RHO called: compared (2007: by denomination)
DOUBLE_AFTER_RHO = Applies("32A2", "next")  # 2017: compared

# -- the 2007 Laws 30-32, numbered as that edition numbers them --------------------------------

PASS_FIRST_BARRED_2007 = Applies("30A", "bar", edition=2007, within=PROCEDURE.tag)
PASS_FIRST_2007 = Applies(
    "30A", "rule", "law30-32-2007.passed-out-rotation-before", edition=2007, within=PROCEDURE.tag
)
PASS_AT_RHO_BARRED_2007 = Applies("30B1", "bar", edition=2007, within=PROCEDURE.tag)
PASS_AT_RHO_2007 = Applies(
    "30B1", "rule", "law30-32-2007.passed-out-rotation-at", edition=2007, within=PROCEDURE.tag
)
PASS_ELSEWHERE_BARRED_2007 = Applies(  # and partner may not double
    "30B2a", "bar", edition=2007, within=PROCEDURE.tag
)
PASS_ELSEWHERE_2007 = Applies(
    "30B2a", "rule", "law30-32-2007.passed-out-rotation-at-2", edition=2007, within=PROCEDURE.tag
)
DOUBLE_LEAD_2007 = Applies("32", "lead", edition=2007, within=PROCEDURE.tag)
DOUBLE_AT_RHO_2007 = Applies(
    "32B", "rule", "law30-32-2007.out-rotation-at-rho-2", edition=2007, within=PROCEDURE.tag
)
DOUBLE_WAITS_2007 = Applies("32B", "next", edition=2007, within=PROCEDURE.tag)
DOUBLE_AT_PARTNER_BARRED_2007 = Applies("32A", "bar", edition=2007, within=PROCEDURE.tag)
DOUBLE_AT_PARTNER_2007 = Applies(
    "32A", "rule", "law30-32-2007.out-rotation-at-partner", edition=2007, within=PROCEDURE.tag
)
BID_AT_RHO_2007 = Applies(
    "31A", "rule", "law30-32-2007.out-rotation-at-rho", edition=2007, within=PROCEDURE.tag
)
BID_WAITS_2007 = Applies("31A", "next", edition=2007, within=PROCEDURE.tag)
BID_ELSEWHERE_BARRED_2007 = Applies("31B", "bar", edition=2007, within=PROCEDURE.tag)
BID_ELSEWHERE_LEAD_2007 = Applies("31B", "lead", edition=2007, within=PROCEDURE.tag)
BID_ELSEWHERE_2007 = Applies(
    "31B", "rule", "law30-32-2007.out-rotation-cancelled-must", edition=2007, within=PROCEDURE.tag
)
DOUBLE_FREE_2007 = Applies(  # partner passes throughout
    "32B2", "next", edition=2007, within=DOUBLE_THEN.tag
)
DOUBLE_FREE_BARRED_2007 = Applies("32B2", "bar", edition=2007, within=DOUBLE_THEN.tag)
SAME_DENOMINATION_BARRED_2007 = Applies("31A2a", "bar", edition=2007, within=BID_THEN.tag)
SAME_DENOMINATION_2007 = Applies(
    "31A2a",
    "rule",
    "law31a2-2007.repeats-denomination-cancelled-must",
    edition=2007,
    within=BID_THEN.tag,
)
OTHER_DENOMINATION_BARRED_2007 = Applies("31A2b", "bar", edition=2007, within=BID_THEN.tag)
OTHER_DENOMINATION_LEAD_2007 = Applies("31A2b", "lead", edition=2007, within=BID_THEN.tag)
OTHER_DENOMINATION_2007 = Applies(
    "31A2b", "rule", "law31a2-2007.does-not-repeat-denomination", edition=2007, within=BID_THEN.tag
)

DECLARED: Declared = Declared(
    law="28-32",
    matter="CallOutOfRotation",
    module=__name__,
    applies=(
        OFFERED,
        TO_FIND,
        TO_SHOW,
        CANCELLED_IN_TURN,
        IN_TURN,
        IN_TURN_INFORMATION,
        UNAUTHORIZED,
        ACCEPTED_ONE,
        ACCEPTED_MANY,
        CALLED_OVER_ONE,
        CALLED_OVER_MANY,
        CANCELLED,
        SHOWN,
        PASS_OF_ARTIFICIAL,
        PASS_OF_ARTIFICIAL_2007,
        PASS_BARRED,
        PASS_AT_RHO,
        PASS_ELSEWHERE,
        PASS_COMPARED,
        BID_AT_RHO,
        BID_WAITS,
        DOUBLE_AT_RHO,
        DOUBLE_WAITS,
        BID_ELSEWHERE,
        BID_COMPARED,
        DOUBLE_ELSEWHERE,
        DOUBLE_COMPARED,
        BID_REPEATED,
        DOUBLE_REPEATED,
        BID_AFTER_RHO,
        DOUBLE_AFTER_RHO,
        PASS_FIRST_BARRED_2007,
        PASS_FIRST_2007,
        PASS_AT_RHO_BARRED_2007,
        PASS_AT_RHO_2007,
        PASS_ELSEWHERE_BARRED_2007,
        PASS_ELSEWHERE_2007,
        DOUBLE_LEAD_2007,
        DOUBLE_AT_RHO_2007,
        DOUBLE_WAITS_2007,
        DOUBLE_AT_PARTNER_BARRED_2007,
        DOUBLE_AT_PARTNER_2007,
        BID_AT_RHO_2007,
        BID_WAITS_2007,
        BID_ELSEWHERE_BARRED_2007,
        BID_ELSEWHERE_LEAD_2007,
        BID_ELSEWHERE_2007,
        DOUBLE_FREE_2007,
        DOUBLE_FREE_BARRED_2007,
        SAME_DENOMINATION_BARRED_2007,
        SAME_DENOMINATION_2007,
        OTHER_DENOMINATION_BARRED_2007,
        OTHER_DENOMINATION_LEAD_2007,
        OTHER_DENOMINATION_2007,
    ),
    varies=(PROCEDURE, PASS_OF_WHOSE, ARTIFICIAL_PASSED, LEAD_BY_SHOWN, DOUBLE_THEN, BID_THEN),
    stages=("ArtificialCallShown",),
)


def _kind_of(call: TableCall) -> str:
    if call.is_pass and not call.artificial:
        return "pass"
    if call.is_double_or_redouble:
        return "double"
    return "bid"  # a bid, or an artificial pass (30C sends it to Law 31)


@dataclass(kw_only=True)
class CallOutOfRotation(Pending):
    """Laws 28-32: a call out of rotation, accepted (29A) or cancelled (29B)."""

    call: TableCall
    """The irregular call."""
    event: int
    """The event that made it."""
    turn: Seat
    """The player whose turn it was when the irregular call was made."""
    record: CallRecord
    meanwhile: tuple[Seat, TableCall] | None = None
    """The call the player in turn made meanwhile, waiting for the director to find whether
    it was made over the call out of rotation or in turn."""

    @property
    def kind(self) -> PendingKind:
        return "rotation"

    def offer(self, table: State) -> Awaiting:
        if self.meanwhile is not None:
            return TO_FIND.offer("director")
        return OFFERED.offer(self.offender.lho.letter)

    def answer(self, table: State, event: Event) -> None:
        t = auction_table(table)
        lho, turn = self.offender.lho, self.turn
        if self.meanwhile is not None:
            t._expect(event, "director", (Action.ACCEPTED, Action.IN_TURN))
            if event.action is Action.ACCEPTED:
                self.accept(t, by_call=True)
            else:
                self.cancel_in_turn(t)
            t._follow(*self.meanwhile)
            return
        if event.who == turn.letter and event.action is Action.CALL and turn != lho:
            assert event.call is not None
            self.cancel_in_turn(t)  # the player in turn calls: the call out of rotation goes
            t._follow(turn, event.call)
            return
        t._expect(event, lho.letter, (Action.ACCEPT, Action.DECLINE, Action.CALL))
        if event.action is Action.DECLINE:
            self.cancel(t)
            return
        if event.action is Action.CALL and lho == turn:
            # the Polish 2007 commentary on Law 28: did he mean to call over it or to ignore it?
            assert event.call is not None
            self.meanwhile = (event.seat, event.call)
            return
        self.accept(t, by_call=event.action is Action.CALL)
        if event.action is Action.CALL:
            assert event.call is not None
            t._follow(event.seat, event.call)

    def accept(self, t: AuctionTable, by_call: bool) -> None:
        """Accepted: the players between the player in turn and the offender lose their turn."""
        o = self.offender
        skipped = []
        seat = self.turn
        while seat != o:
            skipped.append(seat)
            seat = seat.lho
        t.set_skipped(self.record, tuple(skipped))
        t.set_status(self.record, "effective", self.record.law)
        one = len(skipped) == 1
        if by_call:
            ruling = CALLED_OVER_ONE if one else CALLED_OVER_MANY
        else:
            ruling = ACCEPTED_ONE if one else ACCEPTED_MANY
        lost = tuple(s.letter for s in skipped)
        ruling.rule(t, o, lho=o.lho, offender=o, call=self.call, seats=lost)
        t.pending = None
        t._advance(o)
        t.end_of_auction_check()

    def cancel_in_turn(self, t: AuctionTable) -> None:
        """The player in turn called over it: cancelled, the information unauthorized."""
        o = self.offender
        t._cancel(self.record, CANCELLED_IN_TURN.clause)
        IN_TURN.rule(
            t,
            o,
            turn=self.turn,
            offender=o,
            call=self.call,
            partner=o.partner,
            clause=IN_TURN_INFORMATION.law(t),
        )
        t.pending = None

    def cancel(self, t: AuctionTable) -> None:
        """Not accepted: cancelled, the auction reverts; Laws 30-32 say what follows."""
        self.rectify(t)
        rule = t.next_call.get(self.offender)
        restricted = t.by_edition(
            LEAD_BY_SHOWN.tag,
            e2017=False,
            e2007=any(
                r.offender == self.offender and r.withdrawn is self.call
                for r in t.lead_restrictions
            ),
        )
        asked = restricted or (rule is not None and rule.kind == "rho")
        if self.call.artificial and self.call.is_bid and asked:
            # 29C: 30-32 work with the denominations the artificial call specified: asked
            # when the next call depends on them, or (2007 31B) the lead restriction: 26A/26B
            t.pending = ArtificialCallShown(offender=self.offender, call=self.call)

    def rectify(self, t: AuctionTable) -> None:
        o, turn = self.offender, self.turn
        t._cancel(self.record, CANCELLED.clause)
        t.pending = None
        kind = _kind_of(self.call)
        at = "rho" if turn == o.rho else "partner" if turn == o.partner else "lho"
        if kind == "pass" and self.passes_artificial_call(t, o, self.record):
            # 30C: a pass of an artificial call (2007: of partner's) is ruled by Law 31
            kind = "bid"
            ruling = t.by_edition(
                PASS_OF_WHOSE.tag, e2017=PASS_OF_ARTIFICIAL, e2007=PASS_OF_ARTIFICIAL_2007
            )
            ruling.rule(t, o, offender=o)
        procedure = t.by_edition(PROCEDURE.tag, e2017=self.law30_32, e2007=self.law30_32_2007)
        procedure(t, kind, at)

    @staticmethod
    def passes_artificial_call(t: AuctionTable, o: Seat, record: CallRecord | None) -> bool:
        """The calls since the offender's own last call are those his pass would pass; one of
        them artificial (2007: one of his partner's) sends the pass to Law 31 (30C)."""
        since: list[CallRecord] = []
        for r in t.effective():
            if r is record:
                continue
            if r.seat == o and not r.inferred:
                since = []
            else:
                since.append(r)
        anyones = t.by_edition(ARTIFICIAL_PASSED.tag, e2017=True, e2007=False)
        return any(r.call.artificial and (anyones or r.seat == o.partner) for r in since)

    def law30_32(self, t: AuctionTable, kind: str, at: str) -> None:
        """The 2017 Laws 30-32: the offender's next call compared (23A) where the call out of
        rotation was at partner's or LHO's turn, or RHO then called."""
        o, turn = self.offender, self.turn
        if kind == "pass":
            if at == "rho":
                PASS_BARRED.bar(t, o, NEXT_TURN)
                PASS_AT_RHO.rule(t, o, offender=o, turn=turn)
            else:
                PASS_ELSEWHERE.rule(t, o, offender=o, partner=o.partner)
                t.next_call[o] = self.next(PASS_COMPARED, "comparable")
            return
        double = kind == "double"
        if at == "rho":
            ruling, waits = (DOUBLE_AT_RHO, DOUBLE_WAITS) if double else (BID_AT_RHO, BID_WAITS)
            ruling.rule(t, o, offender=o, call=self.call, turn=turn)
            t.next_call[o] = self.next(waits, "rho")
        else:
            ruling, compared = (
                (DOUBLE_ELSEWHERE, DOUBLE_COMPARED) if double else (BID_ELSEWHERE, BID_COMPARED)
            )
            ruling.rule(t, o, offender=o, call=self.call, partner=o.partner)
            t.next_call[o] = self.next(compared, "comparable")

    def law30_32_2007(self, t: AuctionTable, kind: str, at: str) -> None:
        """The 2007 Laws 30-32: longer silences, no comparable-call test."""
        o, turn = self.offender, self.turn
        if kind == "pass":
            if t.last_bid() is None:
                PASS_FIRST_BARRED_2007.bar(t, o, NEXT_TURN)
                PASS_FIRST_2007.rule(t, o, offender=o)
            elif at == "rho":
                PASS_AT_RHO_BARRED_2007.bar(t, o, NEXT_TURN)
                PASS_AT_RHO_2007.rule(t, o, offender=o)
            else:
                PASS_ELSEWHERE_BARRED_2007.bar(t, o, END_OF_AUCTION)
                t.no_double.add(o.partner)
                PASS_ELSEWHERE_2007.rule(t, o, offender=o, partner=o.partner)
            return
        if kind == "double":
            t.arm_lead_restriction(o, DOUBLE_LEAD_2007.clause, self.call)
            if at == "rho":
                DOUBLE_AT_RHO_2007.rule(
                    t, o, offender=o, call=self.call, turn=turn, partner=o.partner
                )
                t.next_call[o] = self.next(DOUBLE_WAITS_2007, "rho")
            else:
                DOUBLE_AT_PARTNER_BARRED_2007.bar(t, o.partner, END_OF_AUCTION)
                DOUBLE_AT_PARTNER_2007.rule(t, o, offender=o, call=self.call, partner=o.partner)
            return
        if at == "rho":
            BID_AT_RHO_2007.rule(t, o, offender=o, call=self.call, turn=turn)
            t.next_call[o] = self.next(BID_WAITS_2007, "rho")
        else:
            BID_ELSEWHERE_BARRED_2007.bar(t, o.partner, END_OF_AUCTION)
            t.arm_lead_restriction(o, BID_ELSEWHERE_LEAD_2007.clause, self.call)
            BID_ELSEWHERE_2007.rule(t, o, offender=o, call=self.call, partner=o.partner)

    def next(self, rule: Applies, kind: NextCallKind) -> NextCallRule:
        """The rule on the offender's next call, under the clause ``rule`` declares."""
        return NextCallRule(kind, rule.clause, self.call, self.event)

    # -- at the offender's later turns ----------------------------------------------------------

    @staticmethod
    def rho_acted(table: State, seat: Seat, call: TableCall) -> None:
        """Once the offender's RHO has called (31A, 32A), the offender's next call is settled:
        RHO passed, he repeats his call; RHO called, his call is free but compared (2017) or
        (2007) his partner is silenced by what he calls."""
        t = auction_table(table)
        offender = seat.lho
        rule = t.next_call.get(offender)
        if rule is None or rule.kind != "rho":
            return
        double = rule.withdrawn.is_double_or_redouble
        if call.is_pass:
            rule.kind = "repeat"
            rule.law = DOUBLE_REPEATED.law(t) if double else BID_REPEATED.clause
        elif double:
            free = t.by_edition(
                DOUBLE_THEN.tag, e2017=CallOutOfRotation.compared, e2007=CallOutOfRotation.free
            )
            free(t, offender, rule)
        else:
            # the offender's next call is compared (2017 23A; 2007: by its denomination)
            rule.kind = t.by_edition(BID_THEN.tag, e2017="comparable", e2007="denomination")
            rule.law = BID_AFTER_RHO.clause

    @staticmethod
    def compared(t: AuctionTable, offender: Seat, rule: NextCallRule) -> None:
        """2017: the offender calls freely; the director compares his call (23A)."""
        rule.kind, rule.law = "comparable", DOUBLE_AFTER_RHO.clause

    @staticmethod
    def free(t: AuctionTable, offender: Seat, rule: NextCallRule) -> None:
        """2007: whatever the offender calls, his partner passes throughout."""
        rule.kind, rule.law = "free", DOUBLE_FREE_2007.clause
        del t.next_call[offender]
        DOUBLE_FREE_BARRED_2007.bar(t, offender.partner, END_OF_AUCTION)

    @staticmethod
    def by_denomination_2007(table: State, seat: Seat, call: TableCall, rule: NextCallRule) -> None:
        """2007 31A2: repeating the denomination silences partner once; anything else, always."""
        t = auction_table(table)
        natural_repeat = (
            call.is_bid
            and not rule.withdrawn.artificial
            and rule.withdrawn.is_bid
            and call.strain == rule.withdrawn.strain
        )
        if natural_repeat or (rule.withdrawn.artificial and rule.repeats(call)):  # 29C
            SAME_DENOMINATION_BARRED_2007.bar(t, seat.partner, NEXT_TURN)
            SAME_DENOMINATION_2007.rule(
                t, seat, seat=seat, withdrawn=rule.withdrawn, partner=seat.partner
            )
        else:
            OTHER_DENOMINATION_BARRED_2007.bar(t, seat.partner, END_OF_AUCTION)
            t.arm_lead_restriction(
                seat, OTHER_DENOMINATION_LEAD_2007.clause, rule.withdrawn, rule.shown
            )
            OTHER_DENOMINATION_2007.rule(
                t, seat, seat=seat, withdrawn=rule.withdrawn, partner=seat.partner
            )


@dataclass(kw_only=True)
class ArtificialCallShown(Pending):
    """29C: what an artificial call out of rotation specified, for Laws 30-32."""

    call: TableCall
    """The irregular call."""

    @property
    def kind(self) -> PendingKind:
        return "shows"

    def offer(self, table: State) -> Awaiting:
        return TO_SHOW.offer("director")

    def answer(self, table: State, event: Event) -> None:
        t = auction_table(table)
        t._expect(event, "director", (Action.SHOWS,))
        o = self.offender
        shown = tuple(int(strain) for strain in event.strains)  # () for none
        rule = t.next_call.get(o)
        if rule is not None:
            rule.shown = shown
        for restriction in t.lead_restrictions:
            if restriction.offender == o and restriction.withdrawn is self.call:
                restriction.shown = shown  # 2007 31B: 26A or 26B by what it showed
                t._law26_which(restriction)
        t.pending = None
        what = " ".join(("C", "D", "H", "S", "NT")[s] for s in event.strains) or "no denomination"
        SHOWN.rule(t, o, offender=o, call=self.call, what=what)


__all__ = ["DECLARED", "SHOWS", "ArtificialCallShown", "CallOutOfRotation"]
