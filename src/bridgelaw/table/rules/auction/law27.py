"""Law 27: an insufficient bid. The offender's left-hand opponent may accept it (27A1); if not,
the offender replaces it (27B): with the lowest sufficient bid in the same denomination, no
rectification (27B1a); with a call the director finds comparable, none either (27B1b); with any
other call, his partner passes throughout (27B2, 27B3); a second insufficient bid may be accepted
in its turn (27B4); a replacement made before the director ruled waits for the LHO's answer
(27C); after 27B1 the director looks again at the end of play (27D).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E 1D", "S decline", "E 2D"]:
...     table.apply_text(text)
>>> [r.law for r in table.rulings]
['27B', '27B1a']
>>> [r.law for r in table.reviews]
['27D']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bridgelaw.table.events import (
    Action,
    Event,
    ScriptError,
    TableCall,
    Who,
    parse_table_call,
)
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.auction.layer import JUDGEMENT, AuctionTable, auction_table
from bridgelaw.table.rules.declared import Applies, Declared, Means, Varies
from bridgelaw.table.state import END_OF_AUCTION, Awaiting, CallRecord, Pending, PendingKind
from bridgelaw.table.state import TableState as State

SLIP = (Action.UNINTENDED, Action.INTENDED)
"""25A before 27: the director's finding on the insufficient bid replaced at once."""

# -- the clauses, each declared once: what the matter offers, rules, reviews, records ----------

OFFERED = Applies(
    "27A1",
    "offer",
    options=("accept", "decline"),
    title="an insufficient bid",
    means=(
        Means(
            "accept",
            "27A1",
            ("the insufficient bid stands as a legal bid, and the auction goes on"),
        ),
        Means(
            "decline",
            "27B",
            ("the offender must replace it with a legal call; the director then rules"),
        ),
    ),
)
OFFERED_EARLY = Applies(
    "27C",
    "offer",
    title="an insufficient bid replaced before the director ruled",
    means=(
        Means(
            "accept",
            "27C",
            ("the insufficient bid stands, and the offender's early replacement goes"),
        ),
        Means(
            "decline",
            "27C",
            ("the early replacement stands, and the director rules on it under 27B"),
        ),
    ),
)
OFFERED_AGAIN = Applies(
    "27B4",
    "offer",
    options=("accept", "decline"),
    title="an insufficient bid replaced by another insufficient bid",
    means=(
        Means("accept", "27A1", "the second insufficient bid stands as a legal bid"),
        Means(
            "decline",
            "27B3",
            ("the offender must replace it; his partner must pass for the rest of the auction"),
        ),
    ),
)
TO_REPLACE = Applies(
    "27B", "offer", title="an insufficient bid not accepted: the offender replaces it"
)
TO_REPLACE_NO_DOUBLE = Applies(
    "27B3",
    "offer",
    title="an insufficient bid replaced by a double or redouble that is not comparable",
)
TO_JUDGE = Applies(
    "27B1b", "offer", title="an insufficient bid replaced: is the replacement comparable?"
)

ACCEPTED = Applies("27A1", "rule", "law27a1-accept")
ACCEPTED_BY_CALL = Applies("27A1", "rule", "law27a1-accept.calls-over")
"""The insufficient bid accepted by the next player's call over it (27A1)."""
DECLINED = Applies("27B", "rule", "law27-declined.does-not-accept-insufficient")
DECLINED_EARLY = Applies("27C", "rule", "law27-declined.does-not-accept-insufficient-2")
DECLINED_AGAIN = Applies("27B4", "rule", "law27-declined.replaced-insufficient-bid-with")
LOWEST_SUFFICIENT = Applies("27B1a", "rule", "law27-replacement")
COMPARABLE = Applies("27B1b", "rule", "law27-judged.director-finds-comparable-insufficient")
NOT_COMPARABLE = Applies("27B2", "rule", "law27-judged.not-comparable-insufficient-bid")
DOUBLE_NOT_COMPARABLE = Applies("27B3", "rule", "law27b3")
SLIP_REPLACED = Applies("25A1", "rule", "law25a-before-27")
DAMAGE_REVIEW = Applies("27D", "review", "review-27d")
AWARE_REVIEW = Applies("72C", "review", "law27b-barring", by_book=True)  # 2007: Law 23

NOT_ACCEPTED = Applies("27B", "cancel")  # the insufficient bids, until B2/B3 say more
CANCELLED_B3 = Applies("27B3", "cancel")
EARLY_WITHDRAWN = Applies("27C", "withdraw")
SLIP_WITHDRAWN = Applies("25A1", "withdraw")
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)
BARRED_B2 = Applies("27B2", "bar")
BARRED_B3 = Applies("27B3", "bar")
LEAD_B2 = Applies("27B2", "lead")
LEAD_B3 = Applies("27B3", "lead")

SAME_DENOMINATION = Varies("27B1a", "replace")
"""27B1a: 2017 whatever the bids meant; 2007 only when both bids are natural."""

DECLARED: Declared = Declared(
    law="27",
    matter="InsufficientBid",
    module=__name__,
    applies=(
        OFFERED,
        OFFERED_EARLY,
        OFFERED_AGAIN,
        TO_REPLACE,
        TO_REPLACE_NO_DOUBLE,
        TO_JUDGE,
        ACCEPTED,
        ACCEPTED_BY_CALL,
        DECLINED,
        DECLINED_EARLY,
        DECLINED_AGAIN,
        LOWEST_SUFFICIENT,
        COMPARABLE,
        NOT_COMPARABLE,
        DOUBLE_NOT_COMPARABLE,
        SLIP_REPLACED,
        DAMAGE_REVIEW,
        AWARE_REVIEW,
        NOT_ACCEPTED,
        CANCELLED_B3,
        EARLY_WITHDRAWN,
        SLIP_WITHDRAWN,
        UNAUTHORIZED,
        BARRED_B2,
        BARRED_B3,
        LEAD_B2,
        LEAD_B3,
    ),
    varies=(SAME_DENOMINATION,),
)

InsufficientStage = Literal[
    "offered",  # 27A1: the LHO may accept the bid
    "premature",  # 27C: the offender replaced it before the director ruled
    "again",  # 27B4: the replacement was insufficient too; the LHO may accept it
    "declined",  # 27B: not accepted; the offender replaces it
    "must-replace",  # 27B3: the replacement may not be a double or redouble
    "judge",  # 27B1b: the director compares the replacement (23A)
]


@dataclass(kw_only=True)
class InsufficientBid(Pending):
    """Law 27: an insufficient bid; the LHO accepts it or not, the offender replaces it."""

    call: TableCall
    """The irregular call."""
    stage: InsufficientStage = "offered"
    insufficient: list[CallRecord]
    """The insufficient bids of this irregularity (27B4 may add a second)."""
    replacement: CallRecord | None = None
    """The offender's replacement (or early replacement, 27C), once he has made one."""
    slip_judged: bool = False
    """25A: the director has found the insufficient bid intended (no slip): its early
    replacement is a 27C one, and the finding is no longer offered."""

    @property
    def kind(self) -> PendingKind:
        return "insufficient"

    # -- the offer ---------------------------------------------------------------------------

    def offer(self, table: State) -> Awaiting:
        t = auction_table(table)
        o, stage = self.offender, self.stage
        if stage == "offered":
            return OFFERED.offer(o.lho.letter)
        if stage == "premature":
            # 25A comes first: the director may find the insufficient bid a slip, replaced by
            # the call intended (the LHO's 27C answer is offered beside it)
            slip: tuple[tuple[Who, tuple[str, ...]], ...] = (
                () if self.slip_judged else (("director", ("unintended", "intended")),)
            )
            return OFFERED_EARLY.offer(o.lho.letter, self.early_options(), slip)
        if stage == "again":
            return OFFERED_AGAIN.offer(o.lho.letter)
        if stage == "declined":
            words = t.legal_words(o)
            return TO_REPLACE.offer(o.letter, words, groups=self.replacement_groups(t, words))
        if stage == "must-replace":
            return TO_REPLACE_NO_DOUBLE.offer(o.letter, t.legal_words(o, doubles=False))
        return TO_JUDGE.offer("director", JUDGEMENT)

    def replacement_groups(
        self, t: AuctionTable, words: tuple[str, ...]
    ) -> tuple[tuple[str, str], ...]:
        """27B: what follows each replacement the offender may choose, as :meth:`replace`
        rules it: the lowest sufficient bid in the same denomination stands with no
        rectification (27B1a); any other call goes to the director, who judges it comparable
        (27B1b) or not: then a bid or a pass bars partner (27B2), a double or redouble is
        cancelled and partner is barred (27B3)."""

        def group(word: str) -> str:
            call = parse_table_call(word)
            assert call is not None  # a legal call's word
            if call.is_double_or_redouble:
                return DOUBLE_NOT_COMPARABLE.clause
            if not call.is_bid:
                return NOT_COMPARABLE.clause  # a pass: comparable to a bid hardly ever
            if self.is_lowest_sufficient(t, call):
                return LOWEST_SUFFICIENT.clause
            return COMPARABLE.clause

        return tuple((word, group(word)) for word in words)

    def is_lowest_sufficient(self, t: AuctionTable, call: TableCall) -> bool:
        """27B1a: is ``call`` (sufficient) the lowest sufficient bid in the insufficient bid's
        denomination, a replacement that stands with no rectification? In 2007 only when both
        bids are natural (:data:`SAME_DENOMINATION`)."""
        last = t.last_bid()
        return (
            call.is_bid
            and call.strain == self.call.strain
            # the same strain one level lower is not sufficient (is not above the last bid)
            and (last is None or call.number - 5 <= last.call.number)
            and not t.by_edition(
                SAME_DENOMINATION.tag,
                e2017=False,
                e2007=call.artificial or self.call.artificial,
            )
        )

    def early_options(self) -> tuple[str, ...]:
        """27C: the LHO accepts the insufficient bid or declines it, the early replacement
        then standing as the offender's replacement (27B); a bid above seven cannot replace
        it (27B, 38), so declining is not offered then (it was refused)."""
        replacement = self.replacement
        if replacement is not None and replacement.call.is_above_seven:
            return ("accept",)
        return ("accept", "decline")

    # -- the answers -------------------------------------------------------------------------

    def answer(self, table: State, event: Event) -> None:
        t = auction_table(table)
        o, lho = self.offender, self.offender.lho
        if self.stage == "premature" and event.who == "director" and not self.slip_judged:
            t._expect(event, "director", SLIP)
            self.judge_slip(t, event.action is Action.UNINTENDED)
            return
        if self.stage in ("offered", "again", "premature"):
            if event.who == o.letter and event.action is Action.CALL and self.stage == "offered":
                assert event.call is not None  # 27C: the offender replaces it before a ruling
                self.replacement = CallRecord(o, event.call, event.index, status="pending")
                t.history.append(self.replacement)
                self.stage = "premature"
                return
            t._expect(event, lho.letter, (Action.ACCEPT, Action.DECLINE, Action.CALL))
            if event.action is Action.DECLINE:
                self.decline(t)
                return
            if self.stage == "premature" and event.action is Action.CALL:
                raise ScriptError(
                    event.index,
                    refuse("event.lho-accepts-first", lho=lho.letter, call=str(self.call)),
                )
            self.accept(t, by_call=event.action is Action.CALL)
            if event.action is Action.CALL:
                assert event.call is not None
                t._follow(event.seat, event.call)
            return
        if self.stage in ("declined", "must-replace"):
            t._expect(event, o.letter, (Action.CALL,))
            assert event.call is not None
            self.replace(t, event.call)
            return
        t._expect(event, "director", JUDGEMENT)  # stage "judge"
        self.judged(t, event.action is Action.COMPARABLE)

    def judge_slip(self, t: AuctionTable, unintended: bool) -> None:
        """25A before 27: the offender replaced his insufficient bid at once. Law 25A makes no
        exception for an insufficient bid: if the director finds it a slip (a wrong bidding
        card pulled out, 2007 commentary on 25A), the call intended replaces it where it stands
        and is subject to whatever law applies to it there (25A1), with no lead restriction;
        there is then no insufficient bid left for Law 27. Found intended, the second call is
        the early replacement of 27C."""
        if not unintended:
            self.slip_judged = True
            return
        o = self.offender
        first, replacement = self.insufficient[0], self.replacement
        assert replacement is not None  # the "premature" stage has one
        t.history.remove(replacement)
        t.set_status(first, "withdrawn", SLIP_WITHDRAWN.clause)
        SLIP_REPLACED.rule(t, o, offender=o, first=first.call, replacement=replacement.call)
        t.pending = None
        t.turn = o
        t._call_in_place_of(first, o, replacement.call)

    def decline(self, t: AuctionTable) -> None:
        o, lho = self.offender, self.offender.lho
        for record in self.insufficient:
            t._cancel(record, NOT_ACCEPTED.clause, unauthorized=False)  # 16C if B2/B3 follow
        if self.stage == "again":  # 27B4: a second insufficient bid is treated as 27B3
            DECLINED_AGAIN.rule(t, o, offender=o, partner=o.partner)
            self.barring(t, BARRED_B3, LEAD_B3)
            self.stage = "must-replace"
            return
        if self.stage == "premature":
            replacement = self.replacement
            assert replacement is not None
            t.history.remove(replacement)
            self.stage = "declined"
            DECLINED_EARLY.rule(
                t, o, lho=lho, call=self.call, offender=o, replacement=replacement.call
            )
            self.replace(t, replacement.call)
            return
        DECLINED.rule(t, o, lho=lho, call=self.call, offender=o)
        self.stage = "declined"

    def accept(self, t: AuctionTable, by_call: bool) -> None:
        o = self.offender
        record = self.insufficient[-1]
        t._make_effective(record)
        if self.replacement is not None:  # an early replacement falls away (27C)
            t.set_status(self.replacement, "withdrawn", EARLY_WITHDRAWN.clause)
            t.mark_unauthorized(self.replacement, UNAUTHORIZED.clause)
        (ACCEPTED_BY_CALL if by_call else ACCEPTED).rule(t, o, lho=o.lho, call=record.call)
        t.pending = None
        t._advance(o)
        t.end_of_auction_check()

    def replace(self, t: AuctionTable, call: TableCall) -> None:
        o = self.offender
        record = CallRecord(o, call, t.event_index, status="pending")
        t.set_skipped(record, self.insufficient[0].skipped)  # it takes the bid's place
        if call.is_above_seven or (call.is_double_or_redouble and self.stage == "must-replace"):
            raise ScriptError(
                t.event_index,
                refuse("event.replace-insufficient", offender=o.letter),
            )
        if call.is_bid and not t.is_sufficient(call):
            if self.stage == "must-replace":
                raise ScriptError(
                    t.event_index,
                    refuse("event.insufficient-too", call=str(call), offender=o.letter),
                )
            t.history.append(record)
            self.insufficient.append(record)
            self.call, self.stage = call, "again"  # 27B4: the LHO may accept this one
            return
        t.history.append(record)
        self.replacement = record
        if self.stage == "must-replace":
            t.pending = None
            t._legal_call(record)
            return
        if call.is_double_or_redouble and not t.is_legal(o, call):
            self.double_not_comparable(t, record)
            return
        if self.is_lowest_sufficient(t, call):
            LOWEST_SUFFICIENT.rule(t, o, call=call)
            DAMAGE_REVIEW.review(t, call=self.call, offender=o)
            t.pending = None
            t._legal_call(record)
            return
        self.stage = "judge"  # 27B1b, or else 27B2 / 27B3: the director compares it (23A)

    def judged(self, t: AuctionTable, comparable: bool) -> None:
        o = self.offender
        record = self.replacement
        assert record is not None
        if comparable:
            COMPARABLE.rule(t, o, call=record.call)
            DAMAGE_REVIEW.review(t, call=self.call, offender=o)
            t.pending = None
            t._legal_call(record)
        elif record.call.is_double_or_redouble:
            self.double_not_comparable(t, record)
        else:
            NOT_COMPARABLE.rule(t, o, call=record.call, partner=o.partner)
            self.barring(t, BARRED_B2, LEAD_B2)
            t.pending = None
            t._legal_call(record)

    def double_not_comparable(self, t: AuctionTable, record: CallRecord) -> None:
        o = self.offender
        t._cancel(record, CANCELLED_B3.clause)
        DOUBLE_NOT_COMPARABLE.rule(t, o, offender=o, call=record.call, partner=o.partner)
        self.barring(t, BARRED_B3, LEAD_B3)
        self.stage = "must-replace"

    def barring(self, t: AuctionTable, bar: Applies, lead: Applies) -> None:
        """27B2/27B3: partner passes throughout; Law 26B and 72C; the bid is UI (16C)."""
        o = self.offender
        bar.bar(t, o.partner, END_OF_AUCTION)
        t.arm_lead_restriction(o, lead.clause, self.insufficient[0].call)
        for record in self.insufficient:
            t.mark_unauthorized(record, UNAUTHORIZED.clause)
        AWARE_REVIEW.review(t, offender=o)


__all__ = ["DECLARED", "InsufficientBid", "InsufficientStage"]
