"""Law 23A for a call out of rotation cancelled (30B1b, 31A2, 31B2, 32A2, 32B2): the director
compares the offender's next call with the call withdrawn. Comparable, there is no further
rectification (30B1bi, 31A2a, 32A2a; 23B: the withdrawn call is no longer unauthorized after a
comparable call at the offender's turn, 31A2 and 32A2) and he looks again at the end of play
(23C); not comparable, the partner passes at his next turn and the lead may be restricted
(30B1bii, 31A2b, 32A2b), with the 72C review.

>>> from bridgelaw.table import Table
>>> deal = "N:KJ74.A83.Q62.K95 Q82.KQJ5.AJ4.J73 A963.T76.K85.AQ2 T5.942.T973.T864"
>>> table = Table.from_deal(29, deal)  # North deals: South passes at his partner's turn (30B1)
>>> for text in ["S pass", "W decline", "N 1H", "E pass", "S 2NT"]:
...     table.apply_text(text)
>>> table.awaiting
Awaiting(who='director', law='30B1b', options=('comparable', 'not-comparable'))
>>> table.apply_text("director not-comparable")
>>> table.rulings[-1].law
'30B1bii'
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.cards import Seat
from bridgelaw.table.events import Action, Event, TableCall
from bridgelaw.table.rules.auction.layer import JUDGEMENT, AuctionTable, auction_table
from bridgelaw.table.rules.declared import Applies, Declared
from bridgelaw.table.state import NEXT_TURN, Awaiting, Pending, PendingKind, Unauthorized
from bridgelaw.table.state import TableState as State


@dataclass(frozen=True, slots=True)
class Comparison:
    """One clause that sends the offender's next call to the director's comparison (23A): the
    offer under it and what each finding applies."""

    offered: Applies
    comparable: Applies
    not_comparable: Applies
    bar: Applies
    """Not comparable: the partner passes at his next turn."""
    lead: Applies
    """Not comparable: declarer may restrict the lead (26)."""
    lifts: Applies | None = None
    """23B: the withdrawn call's information lifted after a comparable call (31A2, 32A2)."""

    @property
    def applies(self) -> tuple[Applies, ...]:
        found = (self.offered, self.comparable, self.not_comparable, self.bar, self.lead)
        return found if self.lifts is None else (*found, self.lifts)


SAME = "judge-event.director-finds-comparable-cancelled"
NOT_SAME = "judge-event.director-finds-not-comparable"
COMPARISONS = (
    Comparison(
        Applies(
            "30B1b",
            "offer",
            options=JUDGEMENT,
            title="a pass out of rotation cancelled: is the offender's new call comparable?",
        ),
        Applies("30B1bi", "rule", SAME),
        Applies("30B1bii", "rule", NOT_SAME),
        Applies("30B1bii", "bar"),
        Applies("30B1bii", "lead"),
    ),
    Comparison(
        Applies(
            "31A2",
            "offer",
            options=JUDGEMENT,
            title="a bid out of rotation cancelled: is the offender's new call comparable?",
        ),
        Applies("31A2a", "rule", SAME),
        Applies("31A2b", "rule", NOT_SAME),
        Applies("31A2b", "bar"),
        Applies("31A2b", "lead"),
        Applies("31A2a", "lift"),
    ),
    Comparison(
        Applies(
            "32A2",
            "offer",
            options=JUDGEMENT,
            title="a double or redouble out of rotation cancelled: is the new call comparable?",
        ),
        Applies("32A2a", "rule", SAME),
        Applies("32A2b", "rule", NOT_SAME),
        Applies("32A2b", "bar"),
        Applies("32A2b", "lead"),
        Applies("32A2a", "lift"),
    ),
    Comparison(
        Applies(
            "31B2",
            "offer",
            options=JUDGEMENT,
            title="a bid out of rotation cancelled: is the offender's new call comparable?",
        ),
        Applies("31B2", "rule", SAME),
        Applies("31B2", "rule", NOT_SAME),
        Applies("31B2", "bar"),
        Applies("31B2", "lead"),
    ),
    Comparison(
        Applies(
            "32B2",
            "offer",
            options=JUDGEMENT,
            title="a double or redouble out of rotation cancelled: is the new call comparable?",
        ),
        Applies("32B2", "rule", SAME),
        Applies("32B2", "rule", NOT_SAME),
        Applies("32B2", "bar"),
        Applies("32B2", "lead"),
    ),
)
"""By the clause that sends the call to the director (``NextCallRule.law``: Laws 29-32 are not
moved yet, so that clause is still how the auction layer names the comparison)."""
DAMAGE_REVIEW = Applies("23C", "review", "judge-event.if-without-help-irregularity")
AWARE_REVIEW = Applies("72C", "review", "judge-event.if-could-have-known", by_book=True)

DECLARED: Declared = Declared(
    law="23A",
    matter="ComparabilityJudgement",
    module=__name__,
    applies=(*(a for c in COMPARISONS for a in c.applies), DAMAGE_REVIEW, AWARE_REVIEW),
)


@dataclass(kw_only=True)
class ComparabilityJudgement(Pending):
    """23A: the director compares the offender's call with the call withdrawn (30B1b, 31A2,
    31B2, 32A2, 32B2: ``law``)."""

    call: TableCall
    """The irregular call."""
    law: str
    withdrawn: TableCall
    """The call withdrawn, which the offender's call is compared with."""

    @property
    def kind(self) -> PendingKind:
        return "judge"

    @property
    def comparison(self) -> Comparison:
        return next(c for c in COMPARISONS if c.offered.clause == self.law)

    def offer(self, table: State) -> Awaiting:
        return self.comparison.offered.offer("director")

    def answer(self, table: State, event: Event) -> None:
        t = auction_table(table)
        t._expect(event, "director", JUDGEMENT)
        o, c = self.offender, self.comparison
        t.pending = None
        if event.action is Action.COMPARABLE:
            if c.lifts is not None:
                # 23B: after a comparable call 16C does not apply (at partner's turn, 30B1a /
                # 31B1 / 32B1 already made it unauthorized for the partner's call between)
                self.lift(t, o, c.lifts)
            ruling = c.comparable
            ruling.rule(t, o, offender=o, call=self.call, withdrawn=self.withdrawn)
            DAMAGE_REVIEW.review(t)
        else:
            ruling = c.not_comparable
            c.bar.bar(t, o.partner, NEXT_TURN)
            t.arm_lead_restriction(o, c.lead.clause, self.withdrawn)
            ruling.rule(
                t, o, offender=o, call=self.call, withdrawn=self.withdrawn, partner=o.partner
            )
            AWARE_REVIEW.review(t, offender=o)
        t.end_of_auction_check()

    def lift(self, t: AuctionTable, o: Seat, lifts: Applies) -> None:
        """23B, under the clause ruling the comparable call: the withdrawn call's record as
        unauthorized information is withdrawn."""
        withdrawn_event = None
        for record in reversed(t.history):
            if record.seat == o and record.status == "cancelled" and record.call == self.withdrawn:
                withdrawn_event = record.event
                break

        def keep(u: Unauthorized) -> bool:
            return not (u.seat == o.letter and u.event == withdrawn_event)

        t.withdraw("unauthorized", lifts.clause, keep)


__all__ = ["COMPARISONS", "DECLARED", "ComparabilityJudgement", "Comparison"]
