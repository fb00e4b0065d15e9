"""The table in table mode: everything that happened at one table on one board.

>>> from bridgelaw.table import Table
>>> deal = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
>>> table = Table.from_deal(1, deal)
>>> for text in ["N 1NT", "E 1D"]:
...     table.apply_text(text)
>>> table.awaiting
Awaiting(who='S', law='27A1', options=('accept', 'decline'))
>>> table.apply_text("S pass")       # calling over the insufficient bid accepts it (27A1)
>>> [r.law for r in table.rulings], table.turn.letter
(['27A1'], 'W')
"""

from __future__ import annotations

import copy
from typing import Any, NoReturn, TypeVar

from bridgelaw.boards import Board, Vulnerability
from bridgelaw.cards import Deal, Seat, card_name
from bridgelaw.errors import BridgeLawError, IllegalAction
from bridgelaw.scoring import contract_score
from bridgelaw.table.auction_rules import AUCTION_PENDING
from bridgelaw.table.board_rules import BoardRules
from bridgelaw.table.events import BY_THE_CARDS, Action, Event, ScriptError, parse_event
from bridgelaw.table.legal import LegalEvents
from bridgelaw.table.messages import say
from bridgelaw.table.offers import ANSWER_ACTIONS, Route, is_answer, refusal
from bridgelaw.table.record import BoardRecord, board_record
from bridgelaw.table.refusals import refuse, strict_refusal
from bridgelaw.table.rules.auction.law21 import misinformation
from bridgelaw.table.rules.auction.law25 import ChangedCall
from bridgelaw.table.rules.auction.law36 import InadmissibleCall
from bridgelaw.table.rules.board.layer import opening_lead_faced
from bridgelaw.table.rules.claims.law68_71 import (
    CLAIM_ACTIONS,
    ClaimAdjudicator,
    SharedAdjudicator,
)
from bridgelaw.table.rules.play.law45c4b import DesignationChanged
from bridgelaw.table.rules.play.law45e import FifthCard
from bridgelaw.table.rules.play.law47e import WrongInformation
from bridgelaw.table.rules.play.law58 import SimultaneousCards
from bridgelaw.table.rules.play.law62 import RevokeCorrection
from bridgelaw.table.rules.play.law65_66 import PlayedCards
from bridgelaw.table.rules.play.law67 import DefectiveTrick
from bridgelaw.table.state import (
    Awaiting,
    CallRecord,
    LeadRestriction,
    LogName,
    Outcome,
    Phase,
    TableState,
    Withdrawal,
    chosen,
)
from bridgelaw.table.undo import Snapshots, checkpoint, events_at, restore, save

__all__ = ["Outcome", "Table"]

T = TypeVar("T")


def _since(
    log: list[T], count: int, name: LogName, withdrawals: list[Withdrawal], rewritten: list[LogName]
) -> tuple[T, ...]:
    """The records in force that an event added to the append-only ``log`` (which had
    ``count`` records before it), given the ``withdrawals`` it made. If it withdrew a record
    made before it, the log in force was rewritten: ``name`` goes to ``rewritten`` (the
    caller then sends the whole log in force)."""
    gone = {i for w in withdrawals if w.log == name for i in w.entries}
    if any(i < count for i in gone):
        rewritten.append(name)
    return tuple(r for i, r in enumerate(log[count:], count) if i not in gone)


_CARD, _CALL = Action.CARD, Action.CALL
_PLAY, _AUCTION = Phase.PLAY, Phase.AUCTION
"""Read on the path of every event: a module's name is read faster than an enum's member
(``Action.CARD`` looks the member up on the class through its metaclass)."""


def _compiled_attributes(table: object) -> tuple[str, ...] | None:
    """Every attribute of ``table``'s class and its bases when it is compiled with mypyc
    (which lists them in ``__mypyc_attrs__``); None in pure Python (a ``__dict__``)."""
    names: tuple[str, ...] | None = getattr(type(table), "__mypyc_attrs__", None)
    return names


class Table(BoardRules):
    """A board at a table, fed with events; it rules on each irregularity with its law."""

    def __init__(
        self, board: Board, edition: int = 2017, adjudicator: ClaimAdjudicator | None = None
    ) -> None:
        if edition not in (2007, 2017):
            raise ValueError(f"the editions are 2007 and 2017, not {edition}")
        TableState.__init__(self, board=board, edition=edition, turn=board.dealer)
        self.events = []
        self.adjudicator_answers = {}
        self.adjudicator = adjudicator  # asked when a claim is disputed (Law 70)
        self.snapshots = Snapshots()
        """The table as it was before some of its last events (:mod:`.undo`)."""

    @classmethod
    def from_deal(
        cls,
        number: int,
        deal: str,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
        edition: int = 2017,
    ) -> Table:
        return cls(Board.numbered(number, Deal.from_pbn(deal), dealer, vulnerability), edition)

    # -- feeding events ----------------------------------------------------------------------

    def apply_text(self, text: str) -> None:
        self.apply(parse_event(text, len(self.events) + 1))

    def apply(self, event: Event) -> Outcome:
        """Apply one event and say what it changed. A :class:`ScriptError` leaves the table
        exactly as it was.

        The rules change the table in place. Before every eighth event a snapshot of the table
        is taken (:mod:`.undo`: its fields, copies of the few containers that are not empty,
        the lengths of its append-only records); an event the rules refuse is undone by putting
        back the latest snapshot and replaying the events since (:meth:`_back_to`), at about
        the same small cost whatever the length of the board, and so is :meth:`undo`.
        """
        snapshots = self.snapshots
        if len(self.events) >= snapshots.due:  # every EVERY events (undo.py)
            save(self, snapshots)
        ruling_log, review_log, unauthorized_log = (
            self.ruling_log,
            self.review_log,
            self.unauthorized_log,
        )
        n_rulings, n_reviews, n_unauthorized = (
            len(ruling_log),
            len(review_log),
            len(unauthorized_log),
        )
        n_withdrawals = len(self.withdrawals)
        try:
            self.event_index = event.index
            self._apply(event)
        except ScriptError:
            self._back_to(len(self.events))
            raise
        except IllegalAction as error:  # a rule of the strict core refused it
            self._back_to(len(self.events))
            raise ScriptError(event.index, strict_refusal(error)) from None
        except BridgeLawError as error:
            self._back_to(len(self.events))
            raise ScriptError(event.index, str(error)) from None
        except Exception:  # not a refusal but a fault (or the adjudicator's): still restored
            self._back_to(len(self.events))
            raise
        self.events.append(event)
        if len(self.withdrawals) == n_withdrawals:
            # the usual case: the records only appended to (most events append nothing)
            new_rulings = () if len(ruling_log) == n_rulings else tuple(ruling_log[n_rulings:])
            new_reviews = () if len(review_log) == n_reviews else tuple(review_log[n_reviews:])
            new_unauthorized = (
                ()
                if len(unauthorized_log) == n_unauthorized
                else tuple(unauthorized_log[n_unauthorized:])
            )
            replaced: tuple[LogName, ...] = ()
        else:
            withdrawals = self.withdrawals[n_withdrawals:]
            rewritten: list[LogName] = []
            new_rulings = _since(self.ruling_log, n_rulings, "rulings", withdrawals, rewritten)
            new_reviews = _since(self.review_log, n_reviews, "reviews", withdrawals, rewritten)
            new_unauthorized = _since(
                self.unauthorized_log, n_unauthorized, "unauthorized", withdrawals, rewritten
            )
            # a log rewritten (a record made before this event withdrawn): sent whole
            if "rulings" in rewritten:
                new_rulings = tuple(self.rulings)
            if "reviews" in rewritten:
                new_reviews = tuple(self.reviews)
            if "unauthorized" in rewritten:
                new_unauthorized = tuple(self.unauthorized)
            replaced = tuple(rewritten)
        return Outcome(
            event.index,
            new_rulings,
            new_reviews,
            new_unauthorized,
            replaced,
            self._open_offer()[0],  # self.awaiting
            self.next_to_act,
            self.phase,
        )

    def undo(self) -> Event:
        """Take back the last accepted event: the table is exactly as it was before it (the
        same :meth:`to_json` and the same state). Returns the event; :class:`IndexError` if
        there is none. See :meth:`_back_to`."""
        if not self.events:
            raise IndexError("no event to undo")
        event = self.events[-1]
        self._back_to(len(self.events) - 1)
        return event

    def _back_to(self, count: int) -> None:
        """Make the table what its first ``count`` events made it: the latest snapshot taken
        at or before them put back (:func:`.undo.restore`), the events since replayed (fewer
        than :data:`.undo.EVERY`), and a snapshot taken there (an undo or a refused event is
        often followed by another at the same point: a robot trying its candidates). With no
        such snapshot (before the first snapshot, or past the snapshots kept), the events are
        replayed on a new table (:meth:`_rebuild`). The adjudicator's answers to the events
        replayed are read back, not asked again."""
        latest = self.snapshots.latest_at_or_before(count)
        if latest is None:  # the first events, or an undo older than the snapshots kept
            self._rebuild(count)
        else:
            events = self.events[events_at(latest) : count]
            answers = self.adjudicator_answers
            asked = {k: v for k, v in answers.items() if k < count} if answers else None
            restore(self, latest)
            if not events:
                return
            if asked:
                self.adjudicator_answers.update(asked)
            for event in events:
                self.event_index = event.index
                self._apply(event)
                self.events.append(event)
        kept = self.snapshots.kept
        if count and not (kept and events_at(kept[-1]) == count):
            save(self, self.snapshots)

    def _rebuild(self, count: int) -> None:
        """Make the table what its first ``count`` events made it, by replaying them on a new
        table of the same board, edition and adjudicator (the adjudicator is shared, and its
        answers are read back rather than asked again)."""
        events = self.events[:count]
        answers = {k: v for k, v in self.adjudicator_answers.items() if k < count}
        shared = self._shared_adjudicator
        self._reset(Table(self.board, self.edition))
        self._replay(shared, answers, events)

    def _replay(
        self, shared: SharedAdjudicator | None, answers: dict[int, int], events: list[Event]
    ) -> None:
        """Apply ``events`` to this new table, with the adjudicator ``shared`` and its
        ``answers`` so far (with its snapshots, as :meth:`apply` takes them)."""
        self._shared_adjudicator = shared
        self.adjudicator_answers = answers
        for event in events:
            checkpoint(self, self.snapshots)
            self.event_index = event.index
            self._apply(event)
            self.events.append(event)

    def _reset(self, fresh: Table) -> None:
        """Make every attribute of this table (of every layer) that of ``fresh``, a new table:
        the state of a table before its first event, the layers' class defaults included."""
        names = _compiled_attributes(self)
        if names is None:  # pure Python: the instance's own attributes are its state
            self.__dict__.clear()
            self.__dict__.update(fresh.__dict__)
            return
        # compiled with mypyc (setup.py): no __dict__, and the layers' class defaults are set
        # when a table is made, not by __init__: each attribute is taken from ``fresh``
        for name in names:
            if hasattr(fresh, name):
                setattr(self, name, getattr(fresh, name))

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """What ``copy.deepcopy`` does by default (the adjudicator shared, see
        ``SharedAdjudicator``), written out for the compiled build, whose tables ``copy``
        cannot remake."""
        names = _compiled_attributes(self)
        if names is None:  # pure Python: the default, a new instance with a deep copy of the dict
            cls = type(self)
            other = cls.__new__(cls)
            memo[id(self)] = other
            state = {k: v for k, v in self.__dict__.items() if k != "snapshots"}
            other.__dict__.update(copy.deepcopy(state, memo))
            other.snapshots = Snapshots()  # the copy's undo replays (none is copied)
            return other
        # compiled: the frozen records cannot be remade by ``copy`` either (no __dict__ to
        # fill); the table is made again from its events, as a rollback makes it
        other = Table(self.board, self.edition)
        memo[id(self)] = other
        other._replay(self._shared_adjudicator, dict(self.adjudicator_answers), list(self.events))
        return other

    @property
    def legal(self) -> LegalEvents:
        """The event texts the seat to act may send now (:mod:`.legal`), computed when read:
        calls by Laws 18 and 19, cards by 44C and the obligations in force, for declarer
        dummy's cards at dummy's turn; none while an offer is open."""
        return LegalEvents(self)

    @property
    def next_to_act(self) -> Seat | None:
        """Who calls or plays next in the normal course (an offer in :attr:`awaiting` is
        answered first): the player in turn in the auction, the opening leader or the player
        in turn in the play; None once the board is over."""
        if self.phase == "auction":
            return self.turn
        if self.phase == "play":
            return self.opening_leader if self.play is None else self.play.turn
        return None

    def _apply(self, event: Event) -> None:
        self._apply_event(event)
        if self.law62d1_replay:  # 62D1: trick 13 again, each card forced once no choice is left
            RevokeCorrection.forced_last_trick(self, self.awaiting is not None)

    def _apply_event(self, event: Event) -> None:
        action = event.action
        if action is _CARD and self._plain_play():
            # what every router below does with a card when nothing is open (_plain_play)
            assert event.card is not None
            self.card_played(event.seat, event.card)
            return
        if action is _CALL and self._plain_auction():
            # what the routers below do with a call when nothing is open (_plain_auction)
            assert event.call is not None
            self.make_call(event.seat, event.call)
            return
        if event.action in ANSWER_ACTIONS:  # an answer: the offer open decides (offers.py)
            offer, route = self._open_offer()
            offered = offer is not None and offer.takes(event)
            if is_answer(event, self.phase, offered):
                if not offered:
                    self._refuse_answer(event, offer)
                self._answer(route, event)
                return
        self._route(event)

    def _plain_play(self) -> bool:
        """The play under way with nothing open that the routers look at before a card: no
        irregularity pending, no claim open, no finding of Law 13 awaited, no offer of the
        dummy laws or of the play rules (45C4b, 50D2, 51, 57A), no 45D matter, lead
        restriction, penalty card or Law 57 obligation. A card then goes through
        :meth:`_route`, :meth:`_play_period_event`, :meth:`play_event` and
        :meth:`play_rules_event` to :meth:`card_played` untouched, and no offer is open
        (:meth:`_open_offer`), which is what most events of a board meet: they go there
        directly."""
        claim = self.claim
        return (
            self.play is not None
            and self.phase == _PLAY
            and self.pending is None
            and self.wrong_count is None
            and (claim is None or not claim.is_open)
            and self.dummy_offer is None
            and self.law45c4b_rho is None
            and self.law45d_rho is None
            and not self.law45d_back
            and not self.lead_restrictions
            and not self.penalty_cards
            and not self.must_play
        )

    def _plain_auction(self) -> bool:
        """The auction with nothing open that the routers look at before a call: no
        irregularity pending, no finding of Law 13 awaited, no call to repeat (2007 17D2,
        15C). A call then goes through :meth:`_route`, :meth:`board_event` and
        :meth:`auction_event` to :meth:`make_call` untouched; with no rule for a player's next
        call (29B-32) besides, no offer is open (:meth:`_open_offer`)."""
        return (
            self.phase == _AUCTION
            and self.pending is None
            and self.wrong_count is None
            and self.recall is None
            and self.lho_repeat is None
            and not self.repeat_15c
        )

    def _answer(self, route: Route, event: Event) -> None:
        """An answer the offer takes goes to the rule that made the offer."""
        if route == "board":
            self.board_event(event)
        elif route == "auction":
            self.auction_event(event)
        elif route == "claim":
            self.claim_event(event)
        elif route == "dummy":
            self.dummy_event(event)
        elif route == "lead":
            choice = self._lead_choice()
            assert choice is not None
            self._law26_choose(choice[0], event)
        else:
            self.play_event(event)

    def _refuse_answer(self, event: Event, offer: Awaiting | None) -> NoReturn:
        """Refuse an answer the offer does not take, tagged with the offer's clause. The rule
        that holds the state says why in its own words when it can (it refuses the event
        too); the table is rebuilt either way (:meth:`apply`)."""
        law = None if offer is None else offer.law
        try:
            self._route(event)
        except ScriptError as error:
            raise ScriptError(error.index, error.refusal or error.reason, law) from None
        except IllegalAction as error:
            raise ScriptError(event.index, strict_refusal(error), law) from None
        except BridgeLawError as error:
            raise ScriptError(event.index, str(error), law) from None
        if offer is None:
            raise ScriptError(event.index, refusal(event, None, None, ()), None)
        raise ScriptError(event.index, refusal(event, offer.who, law, offer.options), law)

    def _route(self, event: Event) -> None:
        if self.board_event(event):  # Laws 13-15 (2007: 13-15, 17D)
            return
        if event.who == "director" and event.action is Action.NOTICED and self.pending is None:
            if self.unnoticed and self.phase != "auction" and not opening_lead_faced(self):
                self._law36a_clarification()  # 36A before the opening lead: the auction replayed
            else:
                InadmissibleCall.noticed(self)  # 36A in the auction, 36C after the lead
            return
        if self.phase == "ended":
            if self.claim_after_end(event):  # Laws 69A, 69B, 71: the correction period
                return
            late_correction = event.action is Action.CORRECT
            if late_correction and RevokeCorrection.after_the_last_trick(self, event):
                return  # 62D1: a trick-12 revoke found before the hands are back in the board
            if event.who == "director" and event.action is Action.REVOKE_FOUND:
                self._law64b4_b5(event)
                return
            if event.action is Action.INSPECT and self.play is not None:
                PlayedCards.inspect(self, event.seat)  # 66D
                return
            raise ScriptError(event.index, refuse("event.no-more-events"))
        if event.who == "director" and event.action is Action.MISINFORMATION:
            misinformation(self, event.the_seat_named)  # 21B: rules/auction/law21.py
            return
        if self.phase == "auction":
            self.auction_event(event)
            return
        if self.pending is not None and isinstance(self.pending, AUCTION_PENDING):
            self.auction_event(event)  # a change of the final pass (Law 25, 21B), judged first
            return
        self._play_period_event(event)

    # -- Law 36A in the clarification period ------------------------------------------------

    def _law36a_clarification(self) -> None:
        """36A in the clarification period: the auction period lasts until the opening lead is
        faced (17D1; 2007 22B1) and 36C speaks only of attention drawn after it, so the LHO's
        call over the double still cancels it with every later call, the final pass too, and
        the auction goes on from its maker. The table is rebuilt from the events before the
        final pass (the end of the auction changed much), then the pass is recorded as made
        and 36A applied as in the auction. The engine's, as it owns the events it replays."""
        record = self.unnoticed.pop()
        last = self.events[-1] if self.events else None
        if (
            last is None
            or last.action is not Action.CALL
            or last.call is None
            or not last.call.is_pass
            or not self.history
            or self.history[-1].event != last.index
        ):
            raise ScriptError(
                self.event_index,
                refuse("event.inadmissible-double-late"),
            )
        assert last.seat is not None
        index, seat, call = self.event_index, last.seat, last.call
        self._rebuild(len(self.events) - 1)
        self.events.append(last)
        self.event_index = index
        self.unnoticed = [r for r in self.unnoticed if r.event != record.event]
        restored = next(r for r in self.history if r.event == record.event)
        self.unnoticed.append(restored)
        self.history.append(CallRecord(seat, call, last.index))
        InadmissibleCall.noticed(self)

    # -- after the final pass and in the play ------------------------------------------------

    @property
    def opening_leader(self) -> Seat | None:
        return None if self.declarer is None else self.declarer.lho

    def _play_period_event(self, event: Event) -> None:
        if self.claim_is_open():  # Law 68D: play has stopped; the claim is answered first
            self.claim_event(event)
            return
        declarer = self.declarer
        assert declarer is not None and self.contract is not None
        if event.action is Action.CALL:
            if self.play is not None and self.play.played:
                raise ScriptError(event.index, refuse("event.call-in-play"))
            assert event.call is not None
            self._law39(event.seat, event)
            return
        if event.action in BY_THE_CARDS and event.who != "director":
            event = self._claim_by_the_cards(event)  # 68A, 48B2, 68B1
        if event.action in CLAIM_ACTIONS:
            self.claim_event(event)  # Laws 68-71
            return
        if event.who == "director" and event.action is Action.DUMMY_SEEN:
            self.play_event(event)  # 54C, on a pending opening lead out of turn
            return
        if self.dummy_event(event):  # Laws 42-43, 45D, 45F, 46, 61B
            return
        choice = self._lead_choice() if self.pending is None and self.lead_restrictions else None
        if choice is not None:
            restriction, options = choice
            if chosen(declarer.letter, options, event) is None:
                raise ScriptError(
                    event.index,
                    refuse(
                        "event.declarer-chooses-first",
                        declarer=declarer.letter,
                        options=", ".join(options),
                        law=restriction.law,
                    ),
                )
            self._law26_choose(restriction, event)
            return
        if event.who == "director" and event.action is Action.UNINTENDED:
            DesignationChanged.found(self)  # 45C4b: rules/play/law45c4b.py
            return
        if event.who == "director" and event.action is Action.FIFTH_CARD:
            FifthCard.answer(self, event)  # rules/play/law45e.py
            return
        if event.who == "director" and event.action is Action.TOO_MANY:
            DefectiveTrick.answer(self, event)  # 67A2, 67B2: rules/play/law67.py
            return
        if event.who == "director" and event.action is Action.TOLD_TO_LEAD:
            WrongInformation.answer(self, event)  # rules/play/law47e.py
            return
        if event.who == "director" and event.action is Action.MISTAKEN_EXPLANATION:
            WrongInformation.answer(self, event)
            return
        if event.who == "director":
            raise ScriptError(
                event.index, refuse("event.director-not-in-play", action=event.action)
            )
        if event.action is Action.REVIEW:
            self._law41_review(event.seat)
            return
        if event.action is Action.INSPECT:
            PlayedCards.answer(self, event)  # rules/play/law65_66.py
            return
        if event.action is Action.WRONG_WAY:
            PlayedCards.answer(self, event)
            return
        self.play_event(event)  # Laws 44-67

    def _claim_by_the_cards(self, event: Event) -> Event:
        """A claim or concession made with the cards: showing them claims every remaining
        trick (68A; declarer facing his cards, 48B2), abandoning the hand concedes them all
        (68B1). The claim laws then apply as to a spoken one."""
        assert self.declarer is not None
        play = self.play
        if play is None or not play.played:
            raise ScriptError(
                event.index, refuse("event.before-the-lead", who=event.who, action=event.action)
            )
        remaining = 13 - len(play.tricks)
        seat = event.seat
        if event.action is Action.SHOWS:
            law = "48B2" if seat == self.declarer else "68A"
            self.rule(
                law,
                seat,
                say("claim-by-the-cards.faces-cards-claim-all", seat=seat, remaining=remaining),
            )
            return Event(event.index, event.who, Action.CLAIM, number=remaining, text="cards shown")
        self.rule(
            "68B1",
            seat,
            say("claim-by-the-cards.abandons-hand-concedes-all", seat=seat, remaining=remaining),
        )
        return Event(event.index, event.who, Action.CONCEDE, number=remaining)

    # -- the play period's router (Laws 44-67) ----------------------------------------------

    def play_event(self, event: Event) -> None:
        """A play-period event to the rule module that takes it: the answer to an irregularity
        pending first (the pending object's ``answer``: its module in ``rules/play``), then the
        play rules' offers and words, then the words of Law 62 (``rules/play/law62.py``), 58B
        (``rules/play/law58.py``) and 67B3 (``rules/play/law67.py``). The dummy laws put a
        designated card into play through it too."""
        if self.play is None:
            self.law14_off_the_table(self._start_play())  # a card missing from a hand (Law 14)
        p = self.pending
        if p is not None:
            p.answer(self, event)  # the irregularity's own rule (62C, 58B, 45C4b, 50-56)
            return
        if self.play_rules_event(event):
            return
        if event.action is Action.CORRECT:  # not a card owed to a trick (67): a revoke corrected
            RevokeCorrection.answer(self, event)  # rules/play/law62.py
        elif event.action is Action.AGAIN:
            DefectiveTrick.answer(self, event)  # 67B3
        elif event.action is Action.CARDS:
            SimultaneousCards.opened(self, event.seat, event.cards)  # 58B: rules/play/law58.py
        else:
            raise ScriptError(
                event.index, refuse("event.nothing-offered", who=event.who, action=event.action)
            )

    # -- the play-period interface of the rule modules (claims, the board's record) ----------

    def end_board(self, declarer_tricks: int) -> None:
        """The board is over with ``declarer_tricks`` credited to declarer's side (after every
        transfer, claim, concession and adjustment); Law 77 scores it."""
        if not 0 <= declarer_tricks <= 13:
            raise ScriptError(
                self.event_index, refuse("event.tricks-range", tricks=declarer_tricks)
            )
        change = 0
        self.law14_at_the_end()  # a claim may end play with a card still missing (14B3)
        if self.play is not None and self.declarer is not None:
            # Law 64 when play ceases, by the last card or by a claim or concession: the tricks
            # a claim gives the offending side count as tricks it won after the revoke
            played = self.play.won[self.declarer.side]
            remaining = 13 - len(self.play.tricks)
            by_claim = [0, 0]
            by_claim[self.declarer.side] = declarer_tricks - played
            by_claim[self.declarer.side ^ 1] = remaining - (declarer_tricks - played)
            change = self.law64_transfers((by_claim[0], by_claim[1]))
        self.tricks_before_transfers = declarer_tricks
        self.tricks = max(0, min(13, declarer_tricks + change))
        self.phase = Phase.ENDED
        self.lead_restrictions = []

    def _law64b4_b5(self, event: Event) -> None:
        """64B4/64B5: the revokes of a finished board were first pointed out after a
        non-offender called on the next deal, or after the round ended: no trick changes
        hands; the score is worked out again from the tricks as played."""
        play = self.play
        if play is None or self.tricks_before_transfers is None:
            raise ScriptError(event.index, refuse("event.no-card-on-board"))
        if not any(r.established and not r.corrected for r in play.revokes):
            raise ScriptError(event.index, refuse("event.no-established-revoke"))
        self.revoke_found_late = "64B4" if event.text == "next-deal" else "64B5"
        self.end_board(self.tricks_before_transfers)

    def _law41_review(self, seat: Seat) -> None:
        """41B (clarification period) and 20C2 (at a player's first turn to play): a review of
        the auction is information only; after his first card only the contract may be asked
        (41C)."""
        play = self.play
        if play is None or not play.played:
            law, said = "41B", say("law41-review.clarification", seat=seat)
        elif not play.tricks and seat not in {
            Seat((play.leader + i) & 3) for i in range(len(play.trick))
        }:
            law, said = "20C2", say("law41-review", seat=seat)
        else:
            law, said = "41C", say("law41-review.after-first-card", seat=seat)
        self.rule(law, seat, said)

    def _law39(self, seat: Seat, event: Event) -> None:
        """Law 39: a call after the final pass is cancelled (or, by the player who made the
        final pass, it may be a change of an unintended call: Law 25A)."""
        assert event.call is not None and self.declarer is not None
        if self._made_last_call(seat) and event.call.text != self.effective()[-1].call.text:
            record = CallRecord(seat, event.call, event.index, status="pending")
            self.history.append(record)
            self.pending = ChangedCall(
                offender=seat, call=event.call, event=event.index, turn=seat.lho, record=record
            )
            return
        self.history.append(
            CallRecord(seat, event.call, event.index, status="cancelled", law="39A")
        )
        declaring = seat.side == self.declarer.side
        if declaring or event.call.is_pass:
            variant = "" if declaring else ".defenders-pass"
            said = say("law39.after-final-pass-cancelled-2" + variant, seat=seat, call=event.call)
            self.rule("39B", seat, said)
            self._law39b_called_over(seat)
            return
        if self._law39b_called_over(seat):
            return
        self.mark_unauthorized(self.history[-1])
        # 39C: Law 26 (2017: its 26B; 2007: the whole of 26, so 26A for a call showing a suit)
        law = self.by_edition(
            "39C", e2017="26B", e2007="26A2" if event.call.suit is not None else "26B"
        )
        suit = event.call.suit
        if law == "26A2" and suit is not None and suit.letter in self.specified_suits(seat):
            self.rule(
                "26A1",
                seat,
                say("law39.after-final-pass-cancelled-3", seat=seat, call=event.call, suit=suit),
            )
            return
        self.lead_restrictions.append(
            LeadRestriction(seat.partner, seat, law, event.index, withdrawn=event.call)
        )
        self.rule(
            "39C",
            seat,
            say(
                "law39.after-final-pass-cancelled",
                seat=seat,
                call=event.call,
                partner=seat.partner,
                law=law,
            ),
        )

    def _law39b_called_over(self, seat: Seat) -> bool:
        """39B: no rectification if the offender's LHO called over his call: a 39C restriction
        armed for ``seat``'s RHO falls away. True if that happened."""
        for restriction in self.lead_restrictions:
            if (
                restriction.offender == seat.rho
                and restriction.suit is None
                and any(r.law == "39C" and r.seat == seat.rho for r in self.rulings)
            ):
                self.lead_restrictions.remove(restriction)
                # superseded by reference: the 39C ruling stays in the record, withdrawn
                self.withdraw(
                    "rulings", "39B", lambda r: not (r.law == "39C" and r.seat == seat.rho)
                )
                self.rule(
                    "39B",
                    seat.rho,
                    say("law39b-called-over", seat=seat, rho=seat.rho),
                )
                return True
        return False

    def _lead_choice(self) -> tuple[LeadRestriction, tuple[str, ...]] | None:
        """Law 26 at the restricted player's first turn to lead: declarer's options."""
        leader = self._next_leader()
        if leader is None:
            return None
        for restriction in self.lead_restrictions:
            if restriction.seat == leader and restriction.suit is None:
                return restriction, self._law26_options(restriction)
        return None

    def _next_leader(self) -> Seat | None:
        if self.play is None:
            return self.opening_leader
        if self.play.trick or self.play.is_over:
            return None
        return self.play.leader

    def _law26_options(self, restriction: LeadRestriction) -> tuple[str, ...]:
        specified = self.specified_suits(restriction.offender)
        named = restriction.named_suits()
        if restriction.law == "26A2" and named:  # 2007 26A2: require one of them, or forbid one
            return (
                *(f"require {s}" for s in named),
                *(f"forbid {s}" for s in named),
                "no-restriction",
            )
        # 26B: 2017 any suit the offender did not specify; 2007 any suit
        allowed = self.by_edition(
            "26B", e2017=[s for s in "SHDC" if s not in specified], e2007=list("SHDC")
        )
        return (*(f"forbid {s}" for s in allowed), "no-restriction")

    def _law26_choose(self, restriction: LeadRestriction, event: Event) -> None:
        seat = restriction.seat
        if event.action is Action.NO_RESTRICTION:
            self.lead_restrictions.remove(restriction)
            self.rule(
                restriction.law, None, say("law26-choose.declarer-does-not-restrict", seat=seat)
            )
            return
        suit = " ".join(s.letter for s in event.suits)  # one suit: 26 offers one at a time
        restriction.kind = "require" if event.action is Action.REQUIRE else "forbid"
        restriction.suit = suit
        verb = "must lead" if event.action is Action.REQUIRE else "may not lead"
        self.rule(
            restriction.law,
            restriction.offender,
            say("law26-choose.declarer-chooses-long-keeps", seat=seat, verb=verb, suit=suit),
        )

    def _end_of_play(self) -> None:
        assert self.play is not None
        self.law14_at_the_end()  # 14B3: a card still missing is restored (before 67)
        self.law67_at_the_end()
        self.end_board(self.play.declarer_tricks)

    # -- what the director would offer -------------------------------------------------------

    @property
    def awaiting(self) -> Awaiting | None:
        """What the director would now offer: who answers, under which clause, and the
        options, which are exactly the answers the engine takes (:mod:`.offers`)."""
        return self._open_offer()[0]

    def _open_offer(self) -> tuple[Awaiting | None, Route]:
        """The offer open and the rule that made it (the one place of their precedence)."""
        if self._plain_play():  # the usual case in the play: none (see _plain_play)
            return None, "play"
        if not self.next_call and self._plain_auction():  # and in the auction
            return None, "auction"
        board = self.board_awaiting()  # 13B: the director decides first
        if board is not None:
            return board, "board"
        if self.phase == "auction" or (
            self.pending is not None and isinstance(self.pending, AUCTION_PENDING)
        ):
            return self.auction_awaiting(), "auction"
        if self.phase == "play" and self.declarer is not None:
            claim = self.claim_awaiting()
            if claim is not None:
                return claim, "claim"
            offer = self.dummy_awaiting()
            if offer is not None:
                return offer, "dummy"
            if self.pending is not None:
                return self.pending.offer(self), "play"  # the irregularity's own offer
            choice = self._lead_choice() if self.lead_restrictions else None
            if choice is not None:
                restriction, options = choice
                return Awaiting(self.declarer.letter, restriction.law, options), "lead"
            return self.play_awaiting(), "play"
        return None, "play"

    # -- the report --------------------------------------------------------------------------

    def record(self) -> BoardRecord:
        """What a scorer needs: contract, declarer, tricks, score, opening lead, rulings."""
        return board_record(self)

    def score(self) -> dict[str, int] | None:
        if self.phase != "ended" or self.contract is None or self.score_cancelled is not None:
            return None  # an adjusted score replaces the table result (13, 15)
        if self.contract.is_passed_out:
            return {"NS": 0, "EW": 0}
        assert self.declarer is not None and self.tricks is not None
        vulnerable = self.board.vulnerability.is_vulnerable(self.declarer.side)
        points = contract_score(self.contract, self.tricks, vulnerable)
        ns = points if self.declarer.side == 0 else -points
        return {"NS": ns, "EW": -ns}

    def to_json(self) -> dict[str, Any]:
        awaiting = self.awaiting
        calls = self.effective()
        return {
            "edition": str(self.edition),
            "board": self.board.number,
            "dealer": self.board.dealer.letter,
            "vulnerable": self.board.vulnerability.label,
            "phase": str(self.phase),
            "awaiting": None if awaiting is None else awaiting.as_json(),
            "calls": [r.call.text for r in calls],
            "first_caller": (calls[0].seat if calls else self.board.dealer).letter,
            "contract": None if self.contract is None else str(self.contract),
            "declarer": None if self.declarer is None else self.declarer.letter,
            "tricks": self.tricks if self.phase == "ended" and self.declarer is not None else None,
            "score": self.score(),
            "barred": [
                {"seat": seat.letter, "until": until} for seat, until in sorted(self.barred.items())
            ],
            "lead_restrictions": [r.as_json() for r in self.lead_restrictions],
            "penalty_cards": [
                {"seat": seat.letter, "card": card_name(card), "kind": kind}
                for seat, card, kind in self.penalty_cards
            ],
            "rulings": [r.as_json() for r in self.rulings],
            "unauthorized_information": [u.as_json() for u in self.unauthorized],
            "reviews": [r.as_json() for r in self.reviews],
            "history": [
                {
                    "event": r.event,
                    "seat": r.seat.letter,
                    "call": r.call.text,
                    "status": r.status,
                    "law": r.law,
                    "inferred": r.inferred,
                }
                for r in self.history
            ],
            "play": None if self.play is None else [card_name(c) for c in self.play.played],
            "revokes": []
            if self.play is None
            else [
                {
                    "seat": r.seat.letter,
                    "trick": r.trick + 1,
                    "card": card_name(r.card),
                    "established": r.established,
                    "corrected": r.corrected,
                }
                for r in self.play.revokes
            ],
        }
