"""Law 15A (2007: 17D): a call made on cards taken from another board. The director's finding
``director wrong-board <seat>`` in the auction cancels the player's call and, in 2017, every
call after it (15A1; what they told is unauthorized for his side, 15A2c). If his partner has
called since, the board gets an adjusted score (15A2a); otherwise he calls again with his own
cards (15A2b). On the board his cards came from, ``director earlier-call <seat> same|differs``
compares his call there with the one cancelled here (15A3: a differing call, an adjusted score).

The 2007 edition (its 17D) cancels only his call (17D1): if his partner has called since, the
board gets artificial adjusted scores; if his LHO has, that call must be repeated once the
offender has called again, and an offender's call that differs from the cancelled one means
artificial adjusted scores (17D2). The 2007 17D3 is the 2017 15A3.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1S", "E pass", "director wrong-board N"]:
...     table.apply_text(text)
>>> [r.law for r in table.rulings], table.turn.letter  # North calls again
(['15A2b'], 'N')
"""

from __future__ import annotations

from bridgelaw.cards import Seat
from bridgelaw.table.events import Action, Event, ScriptError
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.board.layer import BoardTable, board_table, has_called, set_aside
from bridgelaw.table.rules.declared import Applies, Declared, Varies
from bridgelaw.table.state import Awaiting, CallRecord, Phase
from bridgelaw.table.state import TableState as State

CANCELS = Varies("15A", "wrong_board")
"""2017 15A: his call and every later call cancelled; 2007 17D: his call alone, his LHO's
call over it repeated."""
DIFFERS = Varies("15A3", "earlier_call")
"""15A3 (2007 17D3): a differing call there means an adjusted score (2007: artificial)."""

CANCELLED = Applies("15A1", "cancel", within=CANCELS.tag)
TOLD = Applies("15A2c", "unauthorized", within=CANCELS.tag)
PARTNER_CALLED = Applies(
    "15A2a", "rule", "law15a-cancel.called-cards-from-another-2", within=CANCELS.tag
)
PARTNER_CALLED_ADJUSTED = Applies(
    "15A2a", "review", "law15a-cancel.adjusted-score-board-12c", within=CANCELS.tag
)
CALLS_AGAIN = Applies(
    "15A2b", "rule", "law15a-cancel.called-cards-from-another", within=CANCELS.tag
)
COMPARED_THERE = Applies(
    "15A3", "review", "law15a-cancel.when-plays-board-cards", within=CANCELS.tag
)
CANCELLED_2007 = Applies("17D1", "cancel", edition=2007, within=CANCELS.tag)
# the calls after his (and his call again, if it differs from the one cancelled)
ALSO_CANCELLED_2007 = Applies("17D2", "cancel", edition=2007, within=CANCELS.tag)
TOLD_2007 = Applies("16D", "unauthorized", edition=2007, within=CANCELS.tag)
CALLS_AGAIN_2007 = Applies(
    "17D1", "rule", "law17d.called-cards-from-another", edition=2007, within=CANCELS.tag
)
LHO_REPEATS_2007 = Applies(
    "17D1",
    "rule",
    "law17d.called-cards-from-another.lho-repeats",
    edition=2007,
    within=CANCELS.tag,
)
PARTNER_CALLED_2007 = Applies(
    "17D2", "rule", "law17d.called-cards-from-another-2", edition=2007, within=CANCELS.tag
)
ARTIFICIAL_2007 = Applies(
    "17D2", "review", "adjusted.artificial-scores", edition=2007, within=CANCELS.tag
)
SET_ASIDE_2007 = Applies("17D2", "adjusted", edition=2007, within=CANCELS.tag)
LHO_OFFERED_2007 = Applies(
    "17D2",
    "offer",
    edition=2007,
    within=CANCELS.tag,
    title=(
        "a call on cards from another board cancelled (2007): the next player "
        "repeats the call he made over it"
    ),
)
CALL_DIFFERS_2007 = Applies(
    "17D2", "rule", "repeated-calls.differs-from-cancelled-over", edition=2007, within=CANCELS.tag
)
COMPARED_THERE_2007 = Applies(
    "17D3", "review", "law17d.when-plays-board-cards", edition=2007, within=CANCELS.tag
)
SAME_THERE = Applies("15A3", "rule", "law15a3.repeats-here-call-cancelled", by_book=True)
DIFFERS_THERE = Applies(
    "15A3", "rule", "law15a3.call-here-differs-from", by_book=True, within=DIFFERS.tag
)
DIFFERS_ADJUSTED = Applies("15A3", "review", "adjusted.law15a3", by_book=True, within=DIFFERS.tag)
DIFFERS_THERE_2007 = Applies(
    "15A3", "rule", "law15a3.call-here-differs-from.2007", by_book=True, within=DIFFERS.tag
)
DIFFERS_ADJUSTED_2007 = Applies(
    "15A3", "review", "adjusted.law15a3.2007", by_book=True, within=DIFFERS.tag
)
DIFFERS_SET_ASIDE = Applies("15A3", "adjusted", by_book=True)

DECLARED: Declared = Declared(
    law="15A",
    matter="CardsFromAnotherBoard",
    module=__name__,
    applies=(
        CANCELLED,
        TOLD,
        PARTNER_CALLED,
        PARTNER_CALLED_ADJUSTED,
        CALLS_AGAIN,
        COMPARED_THERE,
        CANCELLED_2007,
        ALSO_CANCELLED_2007,
        TOLD_2007,
        CALLS_AGAIN_2007,
        LHO_REPEATS_2007,
        PARTNER_CALLED_2007,
        ARTIFICIAL_2007,
        SET_ASIDE_2007,
        LHO_OFFERED_2007,
        CALL_DIFFERS_2007,
        COMPARED_THERE_2007,
        SAME_THERE,
        DIFFERS_THERE,
        DIFFERS_ADJUSTED,
        DIFFERS_THERE_2007,
        DIFFERS_ADJUSTED_2007,
        DIFFERS_SET_ASIDE,
    ),
    varies=(CANCELS, DIFFERS),
)


class CardsFromAnotherBoard:
    """The director's findings ``wrong-board <seat>`` and ``earlier-call <seat>
    same|differs``, and (2007 17D2) the calls that must repeat the cancelled ones."""

    @staticmethod
    def answer(table: State, event: Event) -> None:
        t = board_table(table)
        if event.action is Action.WRONG_BOARD:
            CardsFromAnotherBoard.wrong_board(t, event.the_seat_named)
        else:
            CardsFromAnotherBoard.earlier_call(t, event.the_seat_named, event.text == "differs")

    @staticmethod
    def offer(table: State) -> Awaiting | None:
        """2007 17D2: the LHO's call over the cancelled one is repeated; it is the only call
        he may make, so the offer says so (as 31A1's forced repeat does)."""
        t = board_table(table)
        repeat = t.lho_repeat
        if repeat is not None and t.phase == Phase.AUCTION and t.turn == repeat[0]:
            return LHO_OFFERED_2007.offer(repeat[0].letter, (repeat[1],))
        return None

    @staticmethod
    def wrong_board(t: BoardTable, seat: Seat) -> None:
        """15A: ``seat`` called on cards from another board (2007: 17D)."""
        if t.phase != Phase.AUCTION:
            raise ScriptError(t.event_index, refuse("event.law15a-auction-only"))
        own = [r for r in t.history if r.seat == seat and r.is_effective and not r.inferred]
        if not own:
            raise ScriptError(t.event_index, refuse("event.no-call-to-cancel", seat=seat.letter))
        start = t.history.index(own[0])
        later = [r for r in t.history[start:] if r.status in ("effective", "pending")]
        partner_called = any(r.seat == seat.partner and not r.inferred for r in later)
        t.by_edition(
            CANCELS.tag,
            e2017=CardsFromAnotherBoard.cancel_from_his_call,
            e2007=CardsFromAnotherBoard.cancel_his_call,
        )(t, seat, own[0], later, partner_called)

    @staticmethod
    def cancel_from_his_call(
        t: BoardTable, seat: Seat, record: CallRecord, later: list[CallRecord], partner: bool
    ) -> None:
        """2017 15A: his call and every later call are cancelled (15A1); an adjusted score if
        his partner had called since (15A2a), else he calls again (15A2b)."""
        for cancelled in later:  # not ``record``: that is his own call, whose slot he keeps
            t.set_status(cancelled, "cancelled", CANCELLED.law(t))
            t.mark_unauthorized(cancelled, TOLD.law(t), side=seat.side)
        t.pending = None
        if partner:
            t.phase = Phase.ENDED
            PARTNER_CALLED.rule(t, seat, seat=seat, partner=seat.partner)
            PARTNER_CALLED_ADJUSTED.review(t)
            return
        t.turn = seat
        if record.skipped:  # his new call takes the place of one accepted out of rotation (29A)
            t.carried_slot[seat] = record.skipped
        CALLS_AGAIN.rule(t, seat, seat=seat)
        COMPARED_THERE.review(t, seat=seat)

    @staticmethod
    def cancel_his_call(
        t: BoardTable, seat: Seat, record: CallRecord, later: list[CallRecord], partner: bool
    ) -> None:
        """2007 17D: the call is cancelled and the offender calls again; if his partner has
        called since, artificial adjusted scores; if his LHO has, the LHO repeats his call and
        a second call of the offender that differs means artificial adjusted scores."""
        if partner:
            for r in later:
                t.set_status(r, "cancelled", CANCELLED_2007.law(t))
            t.pending = None
            PARTNER_CALLED_2007.rule(t, seat, seat=seat, partner=seat.partner)
            set_aside(t, SET_ASIDE_2007.law(t))
            ARTIFICIAL_2007.review(t)
            return
        lho_call = next((r.call.text for r in later if r.seat == seat.lho and not r.inferred), None)
        for r in later:
            cancelled = CANCELLED_2007 if r is record else ALSO_CANCELLED_2007
            t.set_status(r, "cancelled", cancelled.law(t))
        t.mark_unauthorized(record, TOLD_2007.law(t), side=seat.side)
        t.pending = None
        t.turn = seat
        if record.skipped:  # the new call takes the place of one accepted out of rotation
            t.carried_slot[seat] = record.skipped
        t.recall = (seat, record.call.text, lho_call)
        if lho_call is None:
            CALLS_AGAIN_2007.rule(t, seat, seat=seat, call=record.call.text)
        else:
            LHO_REPEATS_2007.rule(
                t, seat, seat=seat, call=record.call.text, lho=seat.lho, lho_call=lho_call
            )
        COMPARED_THERE_2007.review(t, seat=seat)

    @staticmethod
    def repeated_call(t: BoardTable, event: Event) -> bool:
        """2007 17D2: the offender's call again, then his LHO's repeated call. True if the
        event was taken here; False: the auction rules take it (after it was checked here)."""
        if t.recall is not None:
            seat, cancelled, lho_call = t.recall
            awaiting = t.auction_awaiting()
            if awaiting is not None and awaiting.who != seat.letter and awaiting.takes(event):
                # an answer to an offer made meanwhile (21B1a: a call changed after
                # misinformation): the offender's call again still comes, after it
                return False
            if event.who != seat.letter or event.action is not Action.CALL or event.call is None:
                raise ScriptError(event.index, refuse("event.calls-again-first", seat=seat.letter))
            t.recall = None
            if lho_call is not None and event.call.text != cancelled:
                t.history.append(
                    CallRecord(
                        seat,
                        event.call,
                        event.index,
                        status="cancelled",
                        law=ALSO_CANCELLED_2007.law(t),
                    )
                )
                CALL_DIFFERS_2007.rule(
                    t, seat, seat=seat, call=event.call.text, cancelled=cancelled, lho=seat.lho
                )
                set_aside(t, SET_ASIDE_2007.law(t))
                ARTIFICIAL_2007.review(t)
                return True
            if lho_call is not None:
                t.lho_repeat = (seat.lho, lho_call)
            return False
        if t.lho_repeat is not None:
            lho, call = t.lho_repeat
            law = LHO_OFFERED_2007.law(t)
            if event.who != lho.letter or event.action is not Action.CALL or event.call is None:
                raise ScriptError(
                    event.index, refuse("event.repeats-call", lho=lho.letter, call=call), law=law
                )
            if event.call.text != call:
                refused = refuse("event.must-repeat-call", lho=lho.letter, call=call)
                raise ScriptError(event.index, refused, law=law)
            t.lho_repeat = None
        return False

    @staticmethod
    def earlier_call(t: BoardTable, seat: Seat, differs: bool) -> None:
        """15A3 (2007 17D3), on the board the offender's cards came from: his call here
        against the one cancelled at the other table."""
        if not has_called(t, seat):
            raise ScriptError(t.event_index, refuse("event.has-not-called", seat=seat.letter))
        if t.score_cancelled is not None:
            raise ScriptError(t.event_index, refuse("event.already-adjusted"))
        if not differs:
            SAME_THERE.rule(t, seat, seat=seat)
            return
        ruled, adjusted = t.by_edition(
            DIFFERS.tag,
            e2017=(DIFFERS_THERE, DIFFERS_ADJUSTED),
            e2007=(DIFFERS_THERE_2007, DIFFERS_ADJUSTED_2007),
        )
        ruled.rule(t, seat, seat=seat)
        set_aside(t, DIFFERS_SET_ASIDE.law(t))
        adjusted.review(t)


__all__ = ["DECLARED", "CardsFromAnotherBoard"]
