"""Law 21B: a call made after misinformation. The director finds that the misinformation could
have influenced a player's call (21B); until the end of the auction period, and while his
partner has not called since, the player may change it (21B1a); his left-hand opponent may
then change a call made over it that is no longer legal, or that he would now change (21B2);
the director may adjust the score at the end of play (21B3).

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E pass", "director misinformation E"]:
...     table.apply_text(text)
>>> table.awaiting.who, table.awaiting.law, table.awaiting.options[:3]
('E', '21B1a', ('accept', 'X', '2C'))
>>> table.apply_text("E 2C")
>>> [r.law for r in table.rulings], [r.law for r in table.reviews]
(['21B', '21B1a'], ['21B3'])
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.cards import Seat
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.auction.layer import AuctionTable, auction_table
from bridgelaw.table.rules.declared import Applies, Declared, Means
from bridgelaw.table.state import Awaiting, CallRecord, Pending, PendingKind
from bridgelaw.table.state import TableState as State

FOUND = Applies("21B", "rule", "law21.director-finds-call-could")
DAMAGE_REVIEW = Applies("21B3", "review", "law21.misinformation-director-may-adjust")
# keep it, or the calls that could stand in its place
OFFERED = Applies(
    "21B1a",
    "offer",
    title="misinformation: the player may change his last call",
    means=(
        Means("accept", "21B1a", "the player keeps his call"),
        Means("decline", "21B1a", "the player changes his call"),
    ),
)
KEPT = Applies("21B1a", "rule", "law21b-event.keeps")
CHANGED = Applies("21B1a", "rule", "law21b-event.changes")
WITHDRAWN = Applies("21B1a", "withdraw")
OFFERED_LHO = Applies(
    "21B2",
    "offer",
    title="a call changed after misinformation: the next player may change his own call",
    means=(
        Means("accept", "21B2", "the player keeps the call he made over the changed call"),
        Means("decline", "21B2", "the player changes his call"),
    ),
)
KEPT_LHO = Applies("21B2", "rule", "law21b-event.keeps")
CHANGED_LHO = Applies("21B2", "rule", "law21b-event.changes-after-rho")
WITHDRAWN_LHO = Applies("21B2", "withdraw")
NO_LONGER_LEGAL = Applies("21B2", "rule", "law21b-event.no-longer-legal-after")
UNAUTHORIZED = Applies("16C", "unauthorized", by_book=True)  # a call withdrawn here

DECLARED: Declared = Declared(
    law="21",
    matter="MisinformationChange",
    module=__name__,
    applies=(
        FOUND,
        DAMAGE_REVIEW,
        OFFERED,
        KEPT,
        CHANGED,
        WITHDRAWN,
        OFFERED_LHO,
        KEPT_LHO,
        CHANGED_LHO,
        WITHDRAWN_LHO,
        NO_LONGER_LEGAL,
        UNAUTHORIZED,
    ),
    stages=("MisinformationLho",),
)


def misinformation(table: State, seat: Seat) -> None:
    """The director finds that misinformation could have influenced ``seat``'s call: the
    ruling, the review at the end of play, and the change offered while it may be made."""
    t = auction_table(table)
    FOUND.rule(t, seat, seat=seat)
    DAMAGE_REVIEW.review(t, seat=seat)
    offer_change(t, seat)


def offer_change(t: AuctionTable, seat: Seat) -> None:
    """The misinformed player's last call may be changed until the end of the auction period,
    while his partner has not called since."""
    if t.pending is not None or t.phase == "ended":
        return
    if t.play is not None and t.play.played:
        return  # the auction period has ended (17D1): only the review is left
    record = t._last_effective_of(seat)
    if record is None:
        return
    later = [r for r in t.effective()[t.effective().index(record) + 1 :]]
    if any(r.seat == seat.partner for r in later) or len(later) > 1:
        return  # his partner has called since: too late, only the review is left
    t.pending = MisinformationChange(offender=seat, record=record)


def calls_in_place_of(t: AuctionTable, record: CallRecord) -> tuple[str, ...]:
    """The legal calls that could stand in ``record``'s place, other than itself."""
    saved = t.history
    t.history = saved[: saved.index(record)]
    try:
        words = t.legal_words(record.seat)
    finally:
        t.history = saved
    return tuple(w for w in words if w != record.call.text)


@dataclass(kw_only=True)
class MisinformationChange(Pending):
    """A call the misinformed player may change (21B1a); the same offer and rule serve the
    LHO's call over it (:class:`MisinformationLho`, 21B2)."""

    record: CallRecord

    @property
    def kind(self) -> PendingKind:
        return "mi-change"

    @property
    def offered(self) -> Applies:
        return OFFERED

    @property
    def law(self) -> str:
        return self.offered.clause

    @property
    def by_misinformed(self) -> bool:
        """The call changed is the misinformed player's own (21B1a), not his LHO's (21B2)."""
        return True

    def offer(self, table: State) -> Awaiting:
        words = calls_in_place_of(auction_table(table), self.record)
        return self.offered.offer(self.offender.letter, ("accept", *words))

    def answer(self, table: State, event: Event) -> None:
        """Keep the call (accept, or the next player calling) or change it."""
        t = auction_table(table)
        o, record, law = self.offender, self.record, self.law
        if event.who == t.turn.letter and event.action is Action.CALL and t.turn != o:
            t.pending = None  # the next player calls: the call is kept
            assert event.call is not None
            t._follow(t.turn, event.call)
            return
        t._expect(event, o.letter, (Action.ACCEPT, Action.CALL))
        t.pending = None
        if event.action is Action.ACCEPT:
            (KEPT if self.by_misinformed else KEPT_LHO).rule(t, o, offender=o, call=record.call)
            return
        assert event.call is not None
        if event.call.text not in calls_in_place_of(t, record):
            raise ScriptError(
                event.index,
                refuse(
                    "event.cannot-replace",
                    call=str(event.call),
                    offender=o.letter,
                    replaced=str(record.call),
                    law=law,
                ),
            )
        t._undo_end_of_auction()
        later = t.effective()[t.effective().index(record) + 1 :]
        t.set_status(
            record, "withdrawn", (WITHDRAWN if self.by_misinformed else WITHDRAWN_LHO).clause
        )
        # 16C: the withdrawn call of the misinformed side is unauthorized for the other side
        # only (2017 16C1a/b); the LHO's, an offender's, for his own side
        side = o.side ^ 1 if self.by_misinformed else o.side
        t.mark_unauthorized(record, side=side)
        new = CallRecord(o, event.call, t.event_index, skipped=record.skipped)
        t.history.insert(t.history.index(record) + 1, new)
        changed = CHANGED if self.by_misinformed else CHANGED_LHO
        changed.rule(t, o, offender=o, call=record.call, call2=event.call)
        if later:  # the LHO had called over it: he may change his call in turn
            lho = later[0]
            if t._legal_after([r for r in t.effective() if r is not lho], lho):
                t.pending = MisinformationLho(offender=lho.seat, record=lho)
                return
            t.set_status(lho, "withdrawn", WITHDRAWN_LHO.clause)
            t.mark_unauthorized(lho)
            if lho.skipped:  # his new call takes the place of one accepted out of rotation (29A)
                t.carried_slot[lho.seat] = lho.skipped
            t.turn = lho.seat
            NO_LONGER_LEGAL.rule(t, lho.seat, lho=lho.seat, lho_call=lho.call)
            return
        # 2007 17D2: a call cancelled as made on another board's cards, after this one, is to
        # be made again: it still comes next, in the place of the call it replaces
        t.turn = o.lho if t.recall is None else t.recall[0]
        t.end_of_auction_check()


@dataclass(kw_only=True)
class MisinformationLho(MisinformationChange):
    """21B2: the call the LHO made over a call changed under 21B1a, which he may change."""

    @property
    def kind(self) -> PendingKind:
        return "mi-lho"

    @property
    def offered(self) -> Applies:
        return OFFERED_LHO

    @property
    def by_misinformed(self) -> bool:
        return False


__all__ = [
    "DECLARED",
    "MisinformationChange",
    "MisinformationLho",
    "calls_in_place_of",
    "misinformation",
    "offer_change",
]
