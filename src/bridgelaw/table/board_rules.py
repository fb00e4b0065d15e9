"""Laws 13, 14 and 15 at the table: a wrong number of cards, a missing card, the wrong board.

The deal of the script is always the correct deal of the board. What went wrong with the cards
is told by the director's findings (project words, see ``events.DIRECTOR_FINDINGS``):

* ``director missing <seat> <card>`` (Law 14): the card was not in the seat's hand when the
  board was taken out. A fact about the hand as held, so it is stated before the opening lead
  is faced; from then on the seat holds 12 cards and the card is *off the table* (its own place
  for card conservation). ``director found <card>`` is the moment it turns up (or the director
  rebuilds it from another pack, 14A2/14B3): before the opening lead is faced it goes back and
  the calls stand (14A); later it goes back and counts as held throughout (14B2, 14B4), so each
  trick on which it would have let the seat follow suit is a revoke (established by 63A if the
  side has played to a later trick; Law 64 then transfers). ``director found <card>
  among-played`` says it turned up among the played cards (14B1): Law 67 applies to the trick
  the seat contributed no card to. A card still missing when play ends is restored then (14B3).
  14C: the restoration is unauthorized information for the partner.
* ``director wrong-count <seat> <card> [seen|seen-serious]`` (Law 13): the seat's hand also held
  that card of the deal (its owner held 12). Before either of them called: corrected, play on
  (13A1); a card of another player was seen: play on, reviewed (13A2). After one of them called
  the director says ``director playable`` (13B1) or ``director not-playable`` (13B2, adjusted
  score). After the play: the score is cancelled (13D). 2007: 13A/13B after a call, 13C after
  the play, 13D1/13D2 before any call (``seen-serious``: an artificial score at once, 13D2b),
  13E unauthorized information.
* ``director surplus <seat> <card> [played]`` (13C; 2007 13F): a card that does not belong to
  the deal; removed, no rectification unless it was found among the played cards.
* ``director wrong-table played-before|not-played`` (15B; 2007 15A/15B after the auction):
  the contestants play a board not theirs this round; ``director wrong-table NS|EW`` (2007 15C,
  in the auction): that pair is replaced by the right one, the auction starts again and the
  staying pair must repeat its calls.
* ``director wrong-board <seat>`` (15A; 2007 17D) and ``director earlier-call <seat>
  same|differs`` (15A3; 2007 17D3: on the board the offender's cards came from).

An adjusted score replaces the table result: ``score`` is null and the clause is in
:attr:`BoardRules.score_cancelled`; the adjustment itself is the director's (``reviews``).
"""

from __future__ import annotations

from bridgelaw.cards import Card, Seat, card_name
from bridgelaw.table.claims import ClaimRules
from bridgelaw.table.events import DEAL_PLAYABLE, Action, Event, ScriptError
from bridgelaw.table.messages import Said, say
from bridgelaw.table.play_state import TablePlay
from bridgelaw.table.refusals import refuse
from bridgelaw.table.rules.board.law14 import MissingCard
from bridgelaw.table.rules.board.layer import BoardTable
from bridgelaw.table.state import Awaiting, CallRecord, Phase, Unauthorized

BOARD_FINDINGS: frozenset[Action] = frozenset(
    {
        Action.MISSING,
        Action.FOUND,
        Action.WRONG_COUNT,
        Action.SURPLUS,
        Action.WRONG_TABLE,
        Action.WRONG_BOARD,
        Action.EARLIER_CALL,
        Action.PLAYABLE,
        Action.NOT_PLAYABLE,
    }
)


class BoardRules(ClaimRules):
    """Laws 13-15 (2007: 13-15 and 17D); the top rule layer, over the claim rules (a
    wrong card count or a missing card reaches into every period: 14B1 applies 67, 14B4 61)."""

    # -- what the engine asks ----------------------------------------------------------------

    def board_awaiting(self) -> Awaiting | None:
        if self.wrong_count is not None:
            law = self.cite("13B")
            return Awaiting("director", law, ("playable", "not-playable"))
        repeat = self.lho_repeat
        if repeat is not None and self.phase == "auction" and self.turn == repeat[0]:
            # 2007 17D2: the LHO's call over the cancelled one is repeated; it is the only call
            # he may make, so the offer says so (as 31A1's forced repeat does)
            return Awaiting(repeat[0].letter, "17D2", (repeat[1],))
        return None

    def board_event(self, event: Event) -> bool:
        """Handle ``event`` if it is one of Laws 13-15 (or must wait for one); False if not."""
        if self.wrong_count is not None:
            if event.who == "director" and event.action in DEAL_PLAYABLE:
                self._law13b_decide(event.action is Action.PLAYABLE)
                return True
            law = self.cite("13B")
            raise ScriptError(
                event.index,
                refuse("event.waits-playable", law=law),
            )
        if event.who == "director" and event.action in BOARD_FINDINGS:
            self._finding(event)
            return True
        card = event.card
        missing = (
            card is not None
            and event.who != "director"
            and (event.seat, card) in self.missing_cards
        )
        if self.phase == "auction" and event.action is Action.EXPOSE and missing:
            assert card is not None
            raise ScriptError(
                event.index, refuse("event.missing-from-hand", card=card_name(card), who=event.who)
            )
        if self.phase == "auction" and event.who != "director":
            return self._repeated_calls(event)
        return False

    def law14_off_the_table(self, play: TablePlay) -> None:
        """The missing cards are not in the hands the play starts with (Law 14)."""
        MissingCard.off_the_table(self, play)

    def law14_at_the_end(self) -> None:
        """14B3: a card still missing when play ends is restored (Law 14)."""
        MissingCard.at_the_end(self)

    # -- the findings ------------------------------------------------------------------------

    def _finding(self, event: Event) -> None:
        action = event.action
        if action in DEAL_PLAYABLE:
            raise ScriptError(event.index, refuse("event.no-wrong-count", action=action))
        if action is Action.WRONG_BOARD:
            self._law15a(event.the_seat_named)
        elif action is Action.EARLIER_CALL:
            self._law15a3(event.the_seat_named, event.text == "differs")
        elif action is Action.WRONG_TABLE:
            self._law15b(event.text)
        elif action in (Action.MISSING, Action.FOUND):
            MissingCard.answer(self, event)  # Law 14: rules/board/law14.py
        elif action is Action.WRONG_COUNT:
            assert event.card is not None
            self._law13_wrong_count(event.the_seat_named, event.card, event.text)
        else:
            assert action is Action.SURPLUS and event.card is not None
            self._law13c_surplus(event.the_seat_named, event.card, event.text == "played")

    def _adjusted(self, law: str, said: Said, end: bool = True) -> None:
        """The table result is replaced by an adjusted score: play (if any) stops."""
        self.score_cancelled = law
        self.pending = None
        self.lead_restrictions = []
        if end:
            self.phase = Phase.ENDED
        self.review(law, said)

    def _opening_lead_faced(self) -> bool:
        return self.phase != "auction" and self.play is not None and bool(self.play.played)

    def _has_called(self, seat: Seat) -> bool:
        return any(r.seat == seat and not r.inferred for r in self.history)

    # -- Law 13: a wrong number of cards -----------------------------------------------------

    def _law13_wrong_count(self, seat: Seat, card: Card, seen: str) -> None:
        owner = self.board.deal.holder(card)
        if owner == seat:
            raise ScriptError(
                self.event_index,
                refuse("event.own-card-not-wrong-count", card=card_name(card), seat=seat.letter),
            )
        if any(c == card for _, c in self.missing_cards):
            raise ScriptError(self.event_index, refuse("event.card-missing", card=card_name(card)))
        if self.phase == "ended":
            law = self.cite("13D")
            self.rule(
                law,
                seat,
                say("law13-wrong-count.after-play-found-held", seat=seat, card=card, owner=owner),
            )
            self._adjusted(law, say("adjusted.board-86b"))
            return
        if self.play is not None and not self.play.holds(owner, card):
            raise ScriptError(
                self.event_index,
                refuse("event.played-not-wrong-count", card=card_name(card), owner=owner.letter),
            )
        if self._has_called(seat) or self._has_called(owner):
            self.wrong_count = (seat, card)
            return
        # 2007 13D2b: a card seen that gives serious information: an artificial score at once
        if self.by_edition("2007/13D2b", e2017=False, e2007=seen == "seen-serious"):
            self.rule(
                "13D2b",
                seat,
                say(
                    "law13-wrong-count.held-card-before-either-2", seat=seat, card=card, owner=owner
                ),
            )
            self._adjusted("13D2b", say("adjusted.artificial-score"))
            return
        law = self.by_edition(
            "13A2", e2017="13A2" if seen else "13A1", e2007="13D2a" if seen else "13D1"
        )
        self.rule(
            law,
            seat,
            say(
                "law13-wrong-count.held-card-before-either.seen"  # the director may adjust
                if seen
                else "law13-wrong-count.held-card-before-either",  # played normally
                seat=seat,
                card=card,
                owner=owner,
            ),
        )
        if seen:
            self.review(law, say("law13-wrong-count.adjusted-score-if-information"))
        self._law13e(seat, owner, card)

    def _law13e(self, seat: Seat, owner: Seat, card: Card) -> None:
        """2007 13E: the director's moving the card is unauthorized for the partners of the
        players with a wrong count (2017 Law 13 has no such clause)."""
        if not self.by_edition("2007/13E", e2017=False, e2007=True):
            return
        for who in sorted({seat, owner}):
            self.unauthorized_log.append(
                Unauthorized(
                    self.event_index,
                    who.letter,
                    ("NS", "EW")[who.side],
                    "13E",
                    card=card_name(card),
                )
            )

    def _law13b_decide(self, playable: bool) -> None:
        assert self.wrong_count is not None
        seat, card = self.wrong_count
        owner = self.board.deal.holder(card)
        self.wrong_count = None
        if playable:
            law = self.cite("13B1")
            self.rule(
                law,
                seat,
                say("law13b-decide.held-card-one-them-2", seat=seat, card=card, owner=owner),
            )
            self.review(law, say("law13b-decide.director-may-adjust-score"))
            self._law13e(seat, owner, card)
            return
        law = self.cite("13B2")
        self.rule(
            law,
            seat,
            say("law13b-decide.held-card-one-them", seat=seat, card=card, owner=owner),
        )
        self._adjusted(law, say("adjusted.assigned"))

    def _law13c_surplus(self, seat: Seat, card: Card, played: bool) -> None:
        law = self.cite("13C")
        if played and (self.play is None or not self.play.played):
            raise ScriptError(self.event_index, refuse("event.no-card-yet"))
        if played:
            self.rule(
                law,
                seat,
                say("law13c-surplus.surplus-no-hand-this-2", card=card),
            )
            self.review(law, say("law13c-surplus.card-not-deal-was"))
            return
        self.rule(
            law,
            seat,
            say("law13c-surplus.surplus-no-hand-this", card=card, seat=seat),
        )

    # -- Law 15A (2007: 17D): cards from another board ---------------------------------------

    def _law15a(self, seat: Seat) -> None:
        """15A (2017): a player called on cards from another board. His call and every later
        call are cancelled; if his partner had called since, the board gets an adjusted score,
        otherwise he calls again with his own cards (the cancelled calls: 16C). 2007 17D: only
        his call is cancelled; a call of his LHO over it must be repeated."""
        if self.phase != "auction":
            raise ScriptError(self.event_index, refuse("event.law15a-auction-only"))
        own = [r for r in self.history if r.seat == seat and r.is_effective and not r.inferred]
        if not own:
            raise ScriptError(self.event_index, refuse("event.no-call-to-cancel", seat=seat.letter))
        start = self.history.index(own[0])
        later = [r for r in self.history[start:] if r.status in ("effective", "pending")]
        partner_called = any(r.seat == seat.partner and not r.inferred for r in later)
        self.by_edition("15A", e2017=self._law15a_cancel, e2007=self._law17d)(
            seat, own[0], later, partner_called
        )

    def _law15a_cancel(
        self, seat: Seat, record: CallRecord, later: list[CallRecord], partner_called: bool
    ) -> None:
        """2017 15A: his call and every later call are cancelled (15A1); an adjusted score if
        his partner had called since (15A2a), else he calls again (15A2b)."""
        for cancelled in later:  # not ``record``: that is his own call, whose slot he keeps
            self.set_status(cancelled, "cancelled", "15A1")
            self.mark_unauthorized(cancelled, "15A2c", side=seat.side)
        self.pending = None
        if partner_called:
            self.phase = Phase.ENDED
            self.rule(
                "15A2a",
                seat,
                say("law15a-cancel.called-cards-from-another-2", seat=seat, partner=seat.partner),
            )
            self.review("15A2a", say("law15a-cancel.adjusted-score-board-12c"))
            return
        self.turn = seat
        if record.skipped:  # his new call takes the place of one accepted out of rotation (29A)
            self.carried_slot[seat] = record.skipped
        self.rule(
            "15A2b",
            seat,
            say("law15a-cancel.called-cards-from-another", seat=seat),
        )
        self.review(
            "15A3",
            say("law15a-cancel.when-plays-board-cards", seat=seat),
        )

    def _law17d(
        self, seat: Seat, record: CallRecord, later: list[CallRecord], partner_called: bool
    ) -> None:
        """2007 17D: the call is cancelled and the offender calls again; if his partner has
        called since, artificial adjusted scores; if his LHO has, the LHO repeats his call and
        a second call of the offender that differs means artificial adjusted scores."""
        if partner_called:
            for r in later:
                self.set_status(r, "cancelled", "17D1")
            self.pending = None
            self.rule(
                "17D2",
                seat,
                say("law17d.called-cards-from-another-2", seat=seat, partner=seat.partner),
            )
            self._adjusted("17D2", say("adjusted.artificial-scores"))
            return
        lho_call = next((r.call.text for r in later if r.seat == seat.lho and not r.inferred), None)
        for r in later:
            self.set_status(r, "cancelled", "17D1" if r is record else "17D2")
        self.mark_unauthorized(record, "16D", side=seat.side)
        self.pending = None
        self.turn = seat
        if record.skipped:  # the new call takes the place of one accepted out of rotation
            self.carried_slot[seat] = record.skipped
        self.recall = (seat, record.call.text, lho_call)
        said = (
            say("law17d.called-cards-from-another", seat=seat, call=record.call.text)
            if lho_call is None
            else say(
                "law17d.called-cards-from-another.lho-repeats",
                seat=seat,
                call=record.call.text,
                lho=seat.lho,
                lho_call=lho_call,
            )
        )
        self.rule("17D1", seat, said)
        self.review(
            "17D3",
            say("law17d.when-plays-board-cards", seat=seat),
        )

    def _repeated_calls(self, event: Event) -> bool:
        """2007 17D2 and 15C: calls that must repeat earlier ones. False: the auction rules
        take the event (after it has been checked here)."""
        if self.recall is not None:
            seat, cancelled, lho_call = self.recall
            awaiting = self.auction_awaiting()
            if awaiting is not None and awaiting.who != seat.letter and awaiting.takes(event):
                # an answer to an offer made meanwhile (21B1a: a call changed after
                # misinformation): the offender's call again still comes, after it
                return False
            if event.who != seat.letter or event.action is not Action.CALL or event.call is None:
                raise ScriptError(event.index, refuse("event.calls-again-first", seat=seat.letter))
            self.recall = None
            if lho_call is not None and event.call.text != cancelled:
                self.history.append(
                    CallRecord(seat, event.call, event.index, status="cancelled", law="17D2")
                )
                self.rule(
                    "17D2",
                    seat,
                    say(
                        "repeated-calls.differs-from-cancelled-over",
                        seat=seat,
                        call=event.call.text,
                        cancelled=cancelled,
                        lho=seat.lho,
                    ),
                )
                self._adjusted("17D2", say("adjusted.artificial-scores"))
                return True
            if lho_call is not None:
                self.lho_repeat = (seat.lho, lho_call)
            return False
        if self.lho_repeat is not None:
            lho, call = self.lho_repeat
            if event.who != lho.letter or event.action is not Action.CALL or event.call is None:
                raise ScriptError(
                    event.index, refuse("event.repeats-call", lho=lho.letter, call=call), law="17D2"
                )
            if event.call.text != call:
                raise ScriptError(
                    event.index,
                    refuse("event.must-repeat-call", lho=lho.letter, call=call),
                    law="17D2",
                )
            self.lho_repeat = None
            return False
        if self.repeat_15c and event.action is Action.CALL and event.call is not None:
            seat = event.seat
            expected = next((c for s, c in self.repeat_15c if s == seat), None)
            if expected is None:
                return False
            rest = list(self.repeat_15c)
            rest.remove((seat, expected))
            self.repeat_15c = tuple(rest)
            if event.call.text != expected:
                self.history.append(
                    CallRecord(seat, event.call, event.index, status="cancelled", law="15C")
                )
                self.repeat_15c = ()
                self.rule(
                    "15C",
                    seat,
                    say(
                        "repeated-calls.differs-from-cancelled-auction",
                        seat=seat,
                        call=event.call.text,
                        expected=expected,
                    ),
                )
                self._adjusted("15C", say("adjusted.artificial-scores-board"))
                return True
        return False

    def _law15a3(self, seat: Seat, differs: bool) -> None:
        """15A3 (2007 17D3), on the board the offender's cards came from: his call here
        against the one cancelled at the other table."""
        if not self._has_called(seat):
            raise ScriptError(self.event_index, refuse("event.has-not-called", seat=seat.letter))
        if self.score_cancelled is not None:
            raise ScriptError(self.event_index, refuse("event.already-adjusted"))
        law = self.cite("15A3")
        if not differs:
            self.rule(
                law,
                seat,
                say("law15a3.repeats-here-call-cancelled", seat=seat),
            )
            return
        edition = self.by_edition("15A3", e2017="", e2007=".2007")
        self.rule(law, seat, say("law15a3.call-here-differs-from" + edition, seat=seat))
        self._adjusted(law, say("adjusted.law15a3" + edition))

    # -- Law 15B (2007: 15A-15C): a board not assigned to the contestants ---------------------

    def _law15b(self, word: str) -> None:
        if self.wrong_table_found:
            raise ScriptError(self.event_index, refuse("event.wrong-board-found"))
        pair = word.upper() in ("NS", "EW")
        if self.phase == "auction" and self.by_edition("2007/15C", e2017=False, e2007=True):
            if not pair:
                raise ScriptError(
                    self.event_index,
                    refuse("event.wrong-table-pair"),
                )
            self._law15c(0 if word.upper() == "NS" else 1)
            return
        if pair:
            raise ScriptError(
                self.event_index,
                refuse("event.wrong-table-words"),
            )
        self.wrong_table_found = True
        if word == "played-before":
            law = self.cite("15B1")
            self.rule(
                law,
                None,
                say("law15b.this-board-was-not-2"),
            )
            self._adjusted(law, say("adjusted.cancelled-both-sides"))
            self.review(
                self.by_edition("15B3", e2017="15B3", e2007="15B"),
                say("law15b.artificial-adjusted-scores-12c2a-2"),
            )
            return
        law = self.cite("15B2")
        self.rule(
            law,
            None,
            say("law15b.this-board-was-not"),
        )
        self.review(
            self.cite("15B3"),
            say("law15b.artificial-adjusted-scores-12c2a"),
        )

    def _law15c(self, replaced: int) -> None:
        """2007 15C: found in the auction: the auction is cancelled, the right contestants
        take their places, and the players who stay must repeat their calls."""
        self.wrong_table_found = True
        staying = replaced ^ 1
        repeat: list[tuple[Seat, str]] = []
        for record in self.history:
            if record.is_effective and not record.inferred and record.seat.side == staying:
                repeat.append((record.seat, record.call.text))
            if record.status in ("effective", "pending"):
                self.set_status(record, "cancelled", "15C")
        self.repeat_15c = tuple(repeat)
        self.pending = None
        # a call to make again or to repeat under 17D2 belonged to the auction now cancelled
        self.recall = None
        self.lho_repeat = None
        self.barred.clear()
        self.no_double.clear()
        self.next_call.clear()
        self.lead_restrictions = []
        self.exposed = []
        self.carried_slot = {}
        self.turn = self.board.dealer
        names = ("NS", "EW")
        self.rule(
            "15C",
            None,
            say("law15c", side=names[replaced], side2=names[staying]),
        )


def board_table(table: BoardRules) -> BoardTable:
    """The board layer as its matters in ``rules/board`` see it: mypy checks here that the
    layer has every field and rule the protocol names."""
    return table


__all__ = ["BOARD_FINDINGS", "BoardRules"]
