"""The auction period at the table: Laws 17-39 with their rectifications.

An irregular call is not rectified at once. It becomes :attr:`TableState.pending` with the
options the director would state (``awaiting``); the next event decides what happens, with the
effect the Laws give it: the next player calling over an insufficient bid accepts it (27A1), the
offender's left-hand opponent calling over an inadmissible double cancels it with his own call
(36A), the player in turn calling over a call out of rotation cancels it (28B), and so on.
"""

from __future__ import annotations

from bridgelaw.calls import PASS
from bridgelaw.cards import Seat, card_name, is_honour
from bridgelaw.table.events import (
    Action,
    Event,
    ScriptError,
    TableCall,
    parse_table_call,
    table_call_of,
)
from bridgelaw.table.messages import say
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.auction.law21 import MisinformationChange
from bridgelaw.table.rules.auction.law23 import ComparabilityJudgement
from bridgelaw.table.rules.auction.law25 import ChangedCall, LhoChange
from bridgelaw.table.rules.auction.law27 import InsufficientBid
from bridgelaw.table.rules.auction.law28_32 import CallOutOfRotation
from bridgelaw.table.rules.auction.law36 import InadmissibleCall
from bridgelaw.table.rules.auction.law37 import BarredCall
from bridgelaw.table.rules.auction.law38 import BidAboveSeven
from bridgelaw.table.rules.auction.layer import AuctionTable
from bridgelaw.table.state import (
    NEXT_TURN,
    Awaiting,
    CallRecord,
    LeadRestriction,
    Phase,
    TableState,
)

PASS_CALL = table_call_of(PASS)


class AuctionRules(TableState):
    """Rules of the auction period (Laws 17-39); the lowest rule layer (:mod:`bridgelaw.table`)."""

    # -- what the director would offer now ---------------------------------------------------

    def auction_awaiting(self) -> Awaiting | None:
        p = self.pending
        if p is None:
            return self._turn_awaiting()
        return p.offer(self)

    def _turn_awaiting(self) -> Awaiting | None:
        """Only a forced repeat (31A1, 32A1) is worth showing when no irregularity is pending."""
        rule = self.next_call.get(self.turn)
        if rule is not None and rule.kind == "repeat":
            words = [rule.withdrawn.text]  # 29C: or a natural bid in a denomination it showed
            words += [w for w in self.legal_words(self.turn, doubles=False)[1:] if w not in words]
            repeats = [w for w in words if (c := parse_table_call(w)) and rule.repeats(c)]
            return Awaiting(self.turn.letter, rule.law, tuple(repeats))
        return None

    # -- events of the auction period --------------------------------------------------------

    def auction_event(self, event: Event) -> None:
        if self.pending is not None:
            self.pending.answer(self, event)
        elif event.action is Action.CALL:
            assert event.call is not None
            self.make_call(event.seat, event.call)
        elif event.action is Action.EXPOSE:
            assert event.card is not None
            self.law24_exposed(event.seat, event.card)
        elif event.action is Action.REVIEW:
            self.rule(
                "20",
                event.seat,
                say("auction-event", seat=event.seat),
            )
        elif event.action is Action.CARD:
            raise ScriptError(
                event.index,
                refuse("event.card-in-auction"),
            )
        else:
            raise ScriptError(event.index, refuse("event.nothing-pending", action=event.action))

    def _follow(self, seat: Seat, call: TableCall) -> None:
        """A call that came with an answer (accepting by calling, calling in turn): it meets
        whatever the answer left pending, or else the auction as it now stands."""
        if self.pending is not None:
            self.pending.answer(self, Event(self.event_index, seat.letter, Action.CALL, call=call))
        else:
            self.make_call(seat, call)

    def make_call(self, seat: Seat, call: TableCall) -> None:
        """B.0: classify a call as the Law book does (35 inadmissible, 28-32 rotation, 27)."""
        turn = self.turn
        record = CallRecord(seat, call, self.event_index, status="pending")
        if call.is_above_seven:  # Law 38: rules/auction/law38.py
            self.history.append(record)
            self.pending = BidAboveSeven(offender=seat, call=call, turn=turn, record=record)
            return
        if call.is_double_or_redouble and not self.is_legal(seat, call):  # Law 36 (19A, 19B)
            self.history.append(record)
            self.pending = InadmissibleCall(offender=seat, call=call, turn=turn, record=record)
            return
        rule = self.next_call.get(seat)
        if seat == turn and rule is not None and rule.kind == "repeat":
            if not rule.repeats(call):
                raise ScriptError(
                    self.event_index,
                    refuse(
                        "event.must-repeat",
                        seat=seat.letter,
                        call=rule.withdrawn.text,
                        law=rule.law,
                    ),
                )
            del self.next_call[seat]  # repeated: if it is now irregular, its own law applies
            self.rule(
                rule.law,
                seat,
                say("make-call", seat=seat, call=call),
            )
        if seat != turn:
            if self.barred.get(turn) and seat == turn.lho:
                # Law 28A: the player in turn had to pass; the call is in rotation
                self._infer_pass(turn, "28A")
                self.make_call(seat, call)
                return
            if turn == seat.partner and self._made_call_before_lho(seat):
                # 25A: a player may replace an unintended call until his partner calls, even
                # after his LHO has called over it; the director first finds out which it is
                self.history.append(record)
                self.pending = ChangedCall(
                    offender=seat, call=call, event=self.event_index, turn=turn, record=record
                )
                return
            if turn == seat.lho and self._made_last_call(seat):
                # 30B2, 31C, 32C: a later call at LHO's turn is a change of call (Law 25)
                self.history.append(record)
                self.pending = ChangedCall(
                    offender=seat, call=call, event=self.event_index, turn=turn, record=record
                )
                return
            self.history.append(record)
            self.pending = CallOutOfRotation(
                offender=seat, call=call, event=self.event_index, turn=turn, record=record
            )
            return
        if self.barred.get(seat) and not call.is_pass:  # Law 37: rules/auction/law37.py
            self.history.append(record)
            self.pending = BarredCall(offender=seat, call=call, record=record)
            return
        if seat in self.no_double and call.is_double_or_redouble:  # 2007 Law 30B2b
            self.history.append(record)
            self.pending = BarredCall(offender=seat, call=call, record=record)
            return
        if call.is_bid and not self.is_sufficient(call):  # Law 27 (18D): rules/auction/law27.py
            self.history.append(record)
            self.pending = InsufficientBid(offender=seat, call=call, insufficient=[record])
            return
        self._legal_call(record)

    def _legal_call(self, record: CallRecord) -> None:
        """A call that is legal in rotation: record it, then apply any rule on this call."""
        seat = record.seat
        if not self._in_history(record):
            self.history.append(record)
        self._make_effective(record)
        rule = self.next_call.get(seat)
        self._advance(seat)
        CallOutOfRotation.rho_acted(self, seat, record.call)  # 31A, 32A
        if rule is not None:
            del self.next_call[seat]
            if rule.kind == "comparable":  # 23A: rules/auction/law23.py
                self.pending = ComparabilityJudgement(
                    offender=seat,
                    call=record.call,
                    law=rule.law,
                    withdrawn=rule.withdrawn,
                )
                return
            elif rule.kind == "denomination":
                CallOutOfRotation.by_denomination_2007(self, seat, record.call, rule)
        self.end_of_auction_check()

    def _in_history(self, record: CallRecord) -> bool:
        """``record in self.history``, cheaply: an equal record has the same event number, so
        the full comparison is made only for those (a call is otherwise compared field by
        field with every call of the auction)."""
        event = record.event
        for other in reversed(self.history):
            if other is record or (other.event == event and other == record):
                return True
        return False

    def _substitute_pass(self, seat: Seat) -> None:
        """37B, 38C: a pass the Laws put in place of a cancelled call, in its slot."""
        record = CallRecord(seat, PASS_CALL, self.event_index, inferred=True)
        self.history.append(record)
        self._make_effective(record)
        self._advance(seat)

    def _make_effective(self, record: CallRecord) -> None:
        """A call enters the effective auction; one that replaced another takes its slot."""
        self.set_status(record, "effective", record.law)
        if record.seat in self.carried_slot:
            self.set_skipped(record, self.carried_slot.pop(record.seat))

    def _advance(self, seat: Seat) -> None:
        """After a call in rotation: the turn moves on, and a bar for one turn is used up."""
        if self.barred.get(seat) == NEXT_TURN:
            del self.barred[seat]
        self.no_double.discard(seat)
        self.turn = seat.lho

    def _infer_pass(self, seat: Seat, law: str) -> None:
        record = CallRecord(seat, PASS_CALL, self.event_index, inferred=True)
        self.history.append(record)
        self._make_effective(record)  # in the slot of a cancelled call it replaces (15A2b)
        self.rule(
            law,
            None,
            say("infer-pass", seat=seat),
        )
        self._advance(seat)

    # -- pending irregularities --------------------------------------------------------------

    def _expect(self, event: Event, who: str, actions: tuple[Action, ...]) -> None:
        awaiting = self.auction_awaiting()
        if event.who != who or event.action not in actions:
            wanted = f"{awaiting.who} {'/'.join(awaiting.options[:6])}" if awaiting else "?"
            raise ScriptError(
                event.index,
                refuse(
                    "event.auction-waits",
                    who=event.who,
                    action=event.action,
                    wanted=wanted,
                    law=awaiting.law if awaiting else "",
                ),
            )

    def _cancel(self, record: CallRecord | None, law: str, unauthorized: bool = True) -> None:
        if record is None or record.status not in ("effective", "pending"):
            return
        self.set_status(record, "cancelled", law)
        if unauthorized:
            self.mark_unauthorized(record)

    # Law 25: rules/auction/law25.py; what it and other laws use of the auction ---------------

    def out_of_rotation(
        self, offender: Seat, call: TableCall, event: int, turn: Seat, record: CallRecord
    ) -> None:
        """``record`` is a call out of rotation, for Laws 28-32 (a change found intended at
        partner's turn is one: Law 25)."""
        self.pending = CallOutOfRotation(
            offender=offender, call=call, event=event, turn=turn, record=record
        )

    def _legal_after(self, calls: list[CallRecord], record: CallRecord) -> bool:
        """Would ``record`` be a legal call after ``calls`` (sufficiency, Law 19)?"""
        saved = self.history
        self.history = [*calls]
        try:
            return self.is_legal(record.seat, record.call)
        finally:
            self.history = saved

    def _call_in_place_of(self, first: CallRecord | None, seat: Seat, call: TableCall) -> None:
        """Law 25: the new call takes the place of the first, skipped turns included (29A)."""
        if first is not None and first.skipped:
            self.carried_slot[seat] = first.skipped
        self.make_call(seat, call)

    def _made_last_call(self, seat: Seat) -> bool:
        """Law 25 needs a call to change: the last effective call, made by this player."""
        calls = self.effective()
        return bool(calls) and calls[-1].seat == seat and not calls[-1].inferred

    def _made_call_before_lho(self, seat: Seat) -> bool:
        """The last two effective calls: this player's own (not inferred), then his LHO's."""
        calls = self.effective()
        return (
            len(calls) >= 2
            and calls[-2].seat == seat
            and not calls[-2].inferred
            and calls[-1].seat == seat.lho
        )

    def _last_effective_of(self, seat: Seat) -> CallRecord | None:
        for record in reversed(self.history):
            if record.seat == seat and record.is_effective and not record.inferred:
                return record
        return None

    def _undo_end_of_auction(self) -> None:
        """A change of the final pass (Law 25) reopens the auction."""
        if self.phase == "play":
            self.phase, self.contract, self.declarer = Phase.AUCTION, None, None
            self.lead_restrictions = [r for r in self.lead_restrictions if r.suit is None]

    # Law 24 ---------------------------------------------------------------------------------

    def law24_exposed(self, seat: Seat, card: int) -> None:
        """Law 24: a card exposed through a player's own error during the auction."""
        from bridgelaw.cards import is_honour

        if not self.board.deal[seat] >> card & 1:
            raise ScriptError(
                self.event_index,
                refuse("event.does-not-hold", seat=seat.letter, card=card_name(card)),
            )
        if any(c == card for _, c, _ in self.exposed):
            raise ScriptError(
                self.event_index, refuse("event.already-exposed", card=card_name(card))
            )
        self.exposed.append((seat, card, self.event_index))
        # Law 24 (both editions): what the exposed card shows is authorized for the
        # non-offending side and unauthorized for the offender's side (2017: see 16C)
        self.mark_card_unauthorized(seat, card, seat.side, law="24")
        mine = [c for s, c, _ in self.exposed if s == seat]
        one_low_card = len(mine) < 2 and not is_honour(card)  # 24A, not 24B or 24C
        if len(mine) >= 2:
            law = "24C"
            what = say("exposed.two-or-more")
        elif is_honour(card):
            law = "24B"
            what = say("exposed.honour", card=card)
        else:
            law = "24A"
            what = say("exposed.low-card", card=card)
        if one_low_card:
            self.rule(
                law,
                seat,
                say("law24-exposed.exposed-stays-face-up", seat=seat, exposed=what),
            )
        else:
            self._bar(seat.partner, NEXT_TURN)
            self.rule(
                law,
                seat,
                say(
                    "law24-exposed.exposed-card-stays-face",
                    seat=seat,
                    exposed=what,
                    partner=seat.partner,
                ),
            )

    # Obligations and the end of the auction -------------------------------------------------

    def _bar(self, seat: Seat, until: str) -> None:
        self.bar(seat, until)

    def arm_lead_restriction(
        self,
        offender: Seat,
        law: str,
        withdrawn: TableCall,
        shown: tuple[int, ...] | None = None,
    ) -> None:
        """Law 26: if the offender's side defends, declarer may restrict his partner's first
        lead. Recorded now; it lapses if the offender's side declares. ``shown``: 29C, what an
        artificial call out of rotation specified."""
        if any(r.offender == offender and r.suit is None for r in self.lead_restrictions):
            return
        restriction = LeadRestriction(
            offender.partner, offender, "26B", self.event_index, withdrawn=withdrawn, shown=shown
        )
        self._law26_which(restriction)
        self.lead_restrictions.append(restriction)

    def _law26_which(self, restriction: LeadRestriction) -> None:
        """2007 26A: a withdrawn call that showed only a suit or suits (29C: for an artificial
        call out of rotation, the suits it specified); anything else is 26B (2017: always)."""
        named = self.by_edition("26", e2017=False, e2007=bool(restriction.named_suits()))
        restriction.law = "26A2" if named else "26B"

    def end_of_auction_check(self) -> None:
        """Law 22 with 17D3 (2007: 17E2): three passes after a bid, or four passes, end the
        auction, unless one of the last three passes was out of rotation and took a player's
        turn: three passes that follow a *call* (a first pass too) do not end it."""
        if self.pending is not None or self.phase != "auction":
            return
        passes = 0  # the effective passes at the end (counted back, not over the whole auction)
        for record in reversed(self.history):
            if not record.is_effective:
                continue
            if not record.call.is_pass:
                break
            passes += 1
        if passes < 3:
            return
        calls = self.effective()
        bids = [r for r in calls if r.call.is_bid]
        if (bids and passes >= 3) or passes >= 4:
            skipped = [r for r in calls[-3:] if r.skipped]
            if skipped:
                self._law17d3(skipped[0], calls)
                return
            self.finish_auction()

    def _law17d3(self, first_out: CallRecord, calls: list[CallRecord]) -> None:
        """17D3 (2007: 17E2): a pass out of rotation among the three deprived a player of his
        turn."""
        law = self.cite("17D3")
        start = calls.index(first_out)
        offenders = []
        for record in calls[start:]:
            self.set_status(record, "cancelled", law)
            if record.skipped:
                offenders.append(record.seat)
                self.mark_unauthorized(record)
        deprived = first_out.skipped[0]
        self.turn = deprived
        o = first_out.seat
        self.rule(
            law,
            o,
            say("law17d3.three-passes-one-them", deprived=deprived),
        )
        if deprived == o.rho:  # [engine choice, catalog B.5] 30A for the pass out of rotation
            # 2007: 30A is a pass before any bid; after a bid, at RHO's turn, it is 30B1
            bar = self.by_edition(
                "30A", e2017="30A", e2007="30B1" if self.last_bid() is not None else "30A"
            )
            self._bar(o, NEXT_TURN)
            self.rule(
                bar,
                o,
                say("law17d3.cancelled-pass-was-made", offender=o),
            )

    # -- the end of the auction (Law 22; 24D/E for cards exposed; 26A1 for suits bid after all)

    def finish_auction(self) -> None:
        contract = self.effective_contract()
        self.contract = contract
        if contract.is_passed_out:
            self.phase = Phase.ENDED
            self.tricks = None
            self.rule(
                self.cite("22B"),  # 2007: 22A1 (its 22B is the end of the auction period)
                None,
                say("finish-auction.four-passes-board-passed"),
            )
            return
        declarer = self.final_declarer()
        assert declarer is not None
        self.declarer = declarer
        self.phase = Phase.PLAY
        # Law 26: a lead restriction matters only if the offender's side defends
        self.lead_restrictions = [
            r for r in self.lead_restrictions if r.offender.side != declarer.side
        ]
        for restriction in list(self.lead_restrictions):
            named = restriction.named_suits()
            if (
                restriction.law == "26A2"
                and named
                and set(named) <= set(self.specified_suits(restriction.offender))
            ):
                # 2007 26A1: each suit it showed was bid legally by the offender after all
                self.lead_restrictions.remove(restriction)
                o, suits = restriction.offender, (*named, "", "", "")  # one to four suits
                said = (
                    say("finish-auction.bid-legally-after-all", offender=o, suit=suits[0])
                    if len(named) == 1
                    else say(
                        "finish-auction.bid-legally-after-all.two",
                        offender=o,
                        suit=suits[0],
                        suit2=suits[1],
                    )
                    if len(named) == 2
                    else say(
                        "finish-auction.bid-legally-after-all.three",
                        offender=o,
                        suit=suits[0],
                        suit2=suits[1],
                        suit3=suits[2],
                    )
                    if len(named) == 3
                    else say(
                        "finish-auction.bid-legally-after-all.four",
                        offender=o,
                        suit=suits[0],
                        suit2=suits[1],
                        suit3=suits[2],
                        suit4=suits[3],
                    )
                )
                self.rule("26A1", o, said)
        self.barred.clear()
        self.no_double.clear()
        self.next_call.clear()
        self._law24_at_the_end(declarer)

    def _law24_at_the_end(self, declarer: Seat) -> None:
        """24D/24E: exposed cards go back to declarer's side, and become penalty cards of a
        defender (50B: a single low card is minor; an honour, or one of two or more, major)."""
        for seat in Seat:
            cards = [c for s, c, _ in self.exposed if s == seat]
            if not cards:
                continue
            if seat.side == declarer.side:
                self.rule(
                    "24D",
                    seat,
                    say("law24-at-the-end.will-be-declarer-or", seat=seat, cards=cards),
                )
                continue
            for card in cards:
                kind = "minor" if len(cards) == 1 and not is_honour(card) else "major"
                self.penalty_cards.append((seat, card, kind))
            self.rule(
                "24E",
                seat,
                say(
                    "law24-at-the-end.penalty-card"
                    if len(cards) == 1
                    else "law24-at-the-end.penalty-cards",
                    seat=seat,
                    cards=cards,
                ),
            )
        self.exposed.clear()


# -- the irregularities of the auction period: each its fields, its offer, its rule ----------


def auction_table(table: AuctionRules) -> AuctionTable:
    """The auction layer as its matters in ``rules/auction`` see it: mypy checks here that the
    layer has every field and rule the protocol names."""
    return table


AUCTION_PENDING = (ChangedCall, LhoChange, MisinformationChange)
"""The irregularities of the auction that may still be pending after the final pass (25, 21B;
:class:`MisinformationLho` is a :class:`MisinformationChange`)."""
