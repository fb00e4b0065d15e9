"""Laws 68-71: claims and concessions.

A claim or concession counts tricks **among those still to be played, the trick in progress
included** (:attr:`PlayPosition.remaining`): ``S claim 3`` with four tricks to go claims three
of those four for S's side and concedes the fourth (68B1). The tricks already quitted are
credited as won in play whatever is claimed, so a trick a side had actually won is never lost
by a claim or concession (the case of 69B1 and 71A cannot arise in this count).

The course of a claim, stage by stage:

* **the claim** (68A, 68B1): by declarer or a defender, after the opening lead is faced (the
  play period begins then, 17D; before it, there is nothing to claim). Play stops (68D). A
  statement about the trick in progress only is not a claim (68, preamble): ``claim`` or
  ``concede`` when only the trick in progress is left is recorded as such and play goes on.
* **the answers** (69A): for a claim or concession by declarer, both defenders answer, his LHO
  first, then his RHO; for a defender's, declarer alone answers. ``agree`` or ``dispute``; the
  claim stands once every one of them has agreed, and is disputed as soon as one disputes.
  Dummy never answers, but may dispute a defender's claim (68D2: any player, dummy included).
  A defender's partner who objects at once to his partner's concession (``dispute`` before
  declarer has answered) cancels it: there was neither claim nor concession (68B2).
* **disputed** (68D2): the director is called and rules (70): ``director tricks <n>`` credits
  declarer's side with ``n`` of the remaining tricks. In 2017, the claimer's opponents may
  instead ask to play on (``<seat> play-on``, 68D2b): if the other three agree (``agree``, in
  turn clockwise from the one who asked), the claim is void and play goes on; if one does not
  (``dispute``), the director rules.
* **after the board** (within the correction period, 79C): a player who agreed may still object
  before his side's next call (``<seat> dispute``, 69A): the claim is then disputed (70). The
  director may find that the agreeing side would likely have won a trick it agreed to lose
  (``director withdraw-agreement``, 69B2) or that the conceding side conceded a trick it could
  not lose by any normal play (``director cancel-concession``, 71B; 2007: Law 71 point 2); he
  then says how many of the remaining tricks declarer's side gets (``director tricks <n>``), the
  options restoring tricks to that side only.

A :class:`ClaimAdjudicator` given to the table is asked for its suggestion when a claim is
disputed; the suggestion goes into ``reviews``, and the director still decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from bridgelaw.cards import Seat, card_name
from bridgelaw.errors import BridgeLawError
from bridgelaw.table.dummy_rules import DummyRules
from bridgelaw.table.events import (
    AGREE_OR_DISPUTE,
    CLAIM_OR_CONCEDE,
    Action,
    Event,
    ScriptError,
    Who,
)
from bridgelaw.table.messages import say
from bridgelaw.table.position import PlayPosition
from bridgelaw.table.refusals import refuse
from bridgelaw.table.state import Awaiting, Phase

CLAIM_ACTIONS: frozenset[Action] = frozenset(
    {
        Action.CLAIM,
        Action.CONCEDE,
        Action.AGREE,
        Action.DISPUTE,
        Action.TRICKS,
        Action.PLAY_ON,
        Action.WITHDRAW_AGREEMENT,
        Action.CANCEL_CONCESSION,
    }
)

ANSWERS = "answers"
"""The opponents are answering (69A)."""
DIRECTOR = "director"
"""Disputed, or reopened after the board: the director decides (70, 69B2, 71B)."""
PLAY_ON = "play-on"
"""The claimer's opponents asked to play on; the other players are answering (68D2b)."""
SETTLED = "settled"
VOID = "void"
"""Play went on by agreement (68D2b): the claim is as if never made."""
CANCELLED = "cancelled"
"""Neither claim nor concession: the conceder's partner objected at once (68B2)."""

SIDES = ("NS", "EW")


class ClaimAdjudicator(Protocol):
    """Something that judges a disputed claim: a double-dummy solver, a panel, a test fake."""

    def tricks(self, position: PlayPosition, claimer: Seat, claimed: int, statement: str) -> int:
        """How many of ``position.remaining`` tricks the claimer's side should be credited.

        ``claimed`` is what the claimer's side claimed of those tricks (for a concession: the
        remaining tricks less those conceded); ``statement`` is the line stated (68C), or "".
        """
        ...


@dataclass(frozen=True)
class _Shared:
    """The adjudicator, shared rather than copied when the table saves its state for a
    rollback: a solver with tables in memory is not deep-copied at every event."""

    adjudicator: ClaimAdjudicator

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self


class Settlement(StrEnum):
    """How a claim or concession was settled, the fact the later rules ask (the clause
    applied is the ruling's citation)."""

    AGREED = "agreed"  # 69A: the opponents agreed
    DIRECTOR = "director"  # 70: the director ruled on a disputed claim
    AGREEMENT_WITHDRAWN = "agreement-withdrawn"  # 69B2: an agreement withdrawn
    CONCESSION_CANCELLED = "concession-cancelled"  # 71B (2007: 71): a concession cancelled


@dataclass
class Claim:
    """A claim or concession, from the moment it is made to its settlement."""

    claimer: Seat
    kind: Action
    """Action.CLAIM or Action.CONCEDE."""
    number: int
    """The number said: tricks claimed, or tricks conceded."""
    statement: str
    event: int
    position: PlayPosition
    """The play at the moment of the claim."""
    answerers: tuple[Seat, ...]
    """Who answers (69A), in the order the engine asks them."""
    stage: str = ANSWERS
    agreed: list[Seat] = field(default_factory=list)
    play_on: list[Seat] = field(default_factory=list)
    """68D2b: the players who want to play on, the one who asked first."""
    play_on_refused: bool = False
    director_law: str = "70"
    """The clause the director's ``tricks`` decision applies now: 70, 69B2, 71B (2007: 71)."""
    director_settles: Settlement = Settlement.DIRECTOR
    """What the director's ``tricks`` decision is now (its clause: :attr:`director_law`)."""
    options: tuple[int, ...] = ()
    """The decisions open to the director (tricks for declarer's side)."""
    credited: int | None = None
    """Once settled: the remaining tricks credited to declarer's side."""
    law: str = ""
    settled_by: Settlement | None = None
    """Once settled: how (its clause: :attr:`law`)."""
    """The clause that settled it: 69A (agreed), 70, 69B2, 71B or 71 (the director)."""
    reopened: bool = False
    """Settled once, and taken up again after the end of the board (69A, 69B, 71)."""
    suggestion: int | None = None
    """The adjudicator's suggestion, as tricks for declarer's side."""
    suggestion_text: str = ""
    """The adjudicator's account of it (the line it assumed), if it gives one."""

    @property
    def remaining(self) -> int:
        return self.position.remaining

    @property
    def declaring(self) -> bool:
        """Whether the claimer is on declarer's side."""
        return self.claimer.side == self.position.declarer.side

    @property
    def claimer_tricks(self) -> int:
        """What the claimer's side claims of the remaining tricks (68B1: the rest conceded)."""
        return self.number if self.kind is Action.CLAIM else self.remaining - self.number

    @property
    def conceded(self) -> int:
        return self.remaining - self.claimer_tricks

    def for_declarer(self, claimer_tricks: int) -> int:
        """Tricks for the claimer's side -> tricks for declarer's side."""
        return claimer_tricks if self.declaring else self.remaining - claimer_tricks


class ClaimRules(DummyRules):
    """Claims and concessions (Laws 68-71); the layer over the dummy rules.

    Uses the play as it stands (:meth:`position`), 63A3/63A4 (the play rules), the hook
    ``end_board`` (the engine's) and its own state: :attr:`claim` (the claim of the board, open
    or settled).
    """

    claim: Claim | None = None
    """The last claim or concession of the board (a void or cancelled one stays here until
    the next one)."""
    _shared_adjudicator: _Shared | None = None
    events: list[Event]
    """The events accepted so far (kept by the table)."""
    adjudicator_answers: dict[int, int]
    """What the adjudicator answered, by the position of the event that asked: an undo older
    than the snapshots kept (:mod:`~bridgelaw.table.undo`) and a copy of a compiled table
    rebuild the table by replaying its events, and a replay reads the answers given rather
    than asking again (an adjudicator may be slow, or not answer the same twice)."""

    @property
    def adjudicator(self) -> ClaimAdjudicator | None:
        """Asked for its suggestion when a claim is disputed; the director still decides."""
        shared = self._shared_adjudicator
        return None if shared is None else shared.adjudicator

    @adjudicator.setter
    def adjudicator(self, value: ClaimAdjudicator | None) -> None:
        self._shared_adjudicator = None if value is None else _Shared(value)

    # -- what the adjudicator is given ------------------------------------------------------

    def position(self) -> PlayPosition:
        """The play as it stands (before the opening lead: the whole deal)."""
        assert self.declarer is not None and self.contract is not None
        play = self.play
        if play is None:
            return PlayPosition(
                self.board.deal.hands,
                (),
                self.declarer.lho,
                self.contract.strain,
                self.declarer,
                (0, 0),
                edition=self.edition,
            )
        return PlayPosition.of(play, self.declarer, self.edition)

    # -- what the engine asks ----------------------------------------------------------------

    def claim_is_open(self) -> bool:
        """A claim is being answered or ruled on: play has stopped (68D)."""
        claim = self.claim
        return claim is not None and claim.stage in (ANSWERS, DIRECTOR, PLAY_ON)

    def claim_awaiting(self) -> Awaiting | None:
        claim = self.claim
        if claim is None or not self.claim_is_open():
            return None
        if claim.stage == ANSWERS:
            # 69A: each opponent still to answer agrees or disputes, in any order; against a
            # defender's claim, his partner (68B2, 68D2) and dummy (68D2) may dispute it too
            first = self._next_answer(claim)
            words: tuple[str, ...] = ("agree", "dispute")
            others: list[tuple[Who, tuple[str, ...]]] = [
                (s.letter, words) for s in claim.answerers if s not in claim.agreed
            ]
            if not claim.declaring and self.declarer is not None:
                others += [(claim.claimer.partner.letter, ("dispute",))]
                others += [(self.declarer.partner.letter, ("dispute",))]
            return Awaiting(first.letter, "69A", words, tuple(others[1:]))
        if claim.stage == PLAY_ON:
            return Awaiting(self._next_play_on(claim).letter, "68D2b", ("agree", "dispute"))
        return Awaiting("director", claim.director_law, tuple(f"tricks {n}" for n in claim.options))

    def claim_event(self, event: Event) -> None:
        """An event of the play period while a claim is open, or a claim word (68-71)."""
        claim = self.claim
        if claim is None or not self.claim_is_open():
            if event.action in CLAIM_OR_CONCEDE:
                self._law68_claim(event)
                return
            raise ScriptError(
                event.index,
                refuse("event.no-claim", who=event.who, action=event.action),
            )
        if event.action in CLAIM_OR_CONCEDE:
            raise ScriptError(
                event.index,
                refuse("event.claim-open", claimer=claim.claimer.letter),
            )
        if (
            event.action is Action.CARD
            and claim.stage != PLAY_ON
            and self.by_edition("70D3", e2017=False, e2007=True)  # 2007 70D3: evidence
        ):
            self._law70d3_card_after_claim(claim, event)
            return
        if claim.stage == ANSWERS:
            self._law69a_answer(claim, event)
        elif claim.stage == PLAY_ON:
            self._law68d2b_answer(claim, event)
        else:
            self._director(claim, event)

    def claim_after_end(self, event: Event) -> bool:
        """After the end of the board: a late objection (69A) or the director's correction
        (69B2, 71B). False if the event is none of these (the engine then refuses it)."""
        if event.action is Action.DISPUTE and event.who != "director":
            claim = self._agreed_claim(event)
            seat = event.seat
            if seat not in claim.answerers:
                raise ScriptError(
                    event.index,
                    refuse("event.did-not-agree", seat=seat.letter, claimer=claim.claimer.letter),
                )
            self._law69a_late_objection(claim, seat)
            return True
        if event.who == "director" and event.action in (
            Action.WITHDRAW_AGREEMENT,
            Action.CANCEL_CONCESSION,
        ):
            claim = self._agreed_claim(event)
            if event.action is Action.WITHDRAW_AGREEMENT:
                self._law69b(claim, event)
            else:
                self._law71(claim, event)
            return True
        return False

    # -- Law 68: the claim -------------------------------------------------------------------

    def _law68_claim(self, event: Event) -> None:
        assert self.declarer is not None and event.number is not None
        seat = event.seat
        position = self.position()
        if position.won == (0, 0) and not position.trick:
            raise ScriptError(
                event.index,
                refuse(
                    "event.claim-before-lead"
                    if event.action is Action.CLAIM
                    else "event.concede-before-lead",
                    seat=seat.letter,
                ),
            )
        if seat == self.declarer.partner:
            raise ScriptError(
                event.index,
                refuse("event.dummy-claims", seat=seat.letter),
            )
        remaining = position.remaining
        if position.trick and remaining == 1:
            self.rule(
                "68",
                None,
                say("law68-claim.speaks-trick-progress-only", seat=seat),
            )
            return
        number = event.number
        low = 1 if event.action is Action.CONCEDE else 0
        if not low <= number <= remaining:
            raise ScriptError(
                event.index,
                refuse(
                    "event.concede-range" if low else "event.claim-range",
                    seat=seat.letter,
                    low=low,
                    remaining=remaining,
                ),
            )
        if seat == self.declarer:
            answerers: tuple[Seat, ...] = (seat.lho, seat.rho)
        else:
            answerers = (self.declarer,)
        claim = Claim(seat, event.action, number, event.text, event.index, position, answerers)
        self.claim = claim
        side = SIDES[seat.side]
        if claim.kind is Action.CLAIM and claim.conceded == 0:
            law, what = "68A", say("claim.all", remaining=remaining, side=side)
        elif claim.kind is Action.CLAIM and number > 0:
            law = "68A"
            what = say(
                "claim.some",
                tricks=number,
                remaining=remaining,
                side=side,
                conceded=claim.conceded,
            )
        elif claim.kind is Action.CLAIM:
            law, what = "68B1", say("claim.none", side=side, remaining=remaining)
        else:
            law, what = "68B1", say("claim.concedes", tricks=number, remaining=remaining)
        if claim.statement:
            stops = say(
                "law68-claim.play-stops-68d.stating",
                seat=seat,
                claim=what,
                statement=claim.statement,
            )
        else:
            stops = say("law68-claim.play-stops-68d", seat=seat, claim=what)
        self.rule(law, None, stops)
        self.law63a_establish(seat.side, "63A3", seat, agreement=False)

    # -- Law 69A: the answers ----------------------------------------------------------------

    def _next_answer(self, claim: Claim) -> Seat:
        return next(s for s in claim.answerers if s not in claim.agreed)

    def _law69a_answer(self, claim: Claim, event: Event) -> None:
        waiting = self._next_answer(claim)
        if event.who == "director" or event.action not in AGREE_OR_DISPUTE:
            raise ScriptError(
                event.index,
                refuse("event.claim-waits", claimer=claim.claimer.letter, waiting=waiting.letter),
            )
        seat = event.seat
        assert self.declarer is not None
        if seat in claim.answerers and seat not in claim.agreed:
            if event.action is Action.DISPUTE:
                self._law68d2_disputed(claim, seat)
                return
            claim.agreed.append(seat)
            self.law63a_establish(  # 2007: agreeing is in 63A3 with making the claim
                seat.side,
                self.cite("63A4"),
                seat,
                agreement=True,
            )
            if len(claim.agreed) == len(claim.answerers):
                self._settle(
                    claim, claim.for_declarer(claim.claimer_tricks), Settlement.AGREED, "69A"
                )
            return
        defending = not claim.declaring
        if event.action is Action.DISPUTE and defending and seat == claim.claimer.partner:
            if claim.conceded > 0:
                self._law68b2(claim, seat)
            else:  # a claim of every trick concedes nothing: a dispute by any player (68D2)
                self._law68d2_disputed(claim, seat)
            return
        if event.action is Action.DISPUTE and defending and seat == self.declarer.partner:
            self._law68d2_disputed(claim, seat)  # dummy included (68D2)
            return
        who = "/".join(s.letter for s in claim.answerers)
        raise ScriptError(
            event.index,
            refuse(
                "event.not-an-answerer", seat=seat.letter, claimer=claim.claimer.letter, who=who
            ),
        )

    def _law70d3_card_after_claim(self, claim: Claim, event: Event) -> None:
        """2007 68D with 70D3: play should have stopped, but a card played after the claim may
        serve the director as evidence of the likely play and of the claim's soundness. The
        card is recorded for him, not played: the claim still decides the remaining tricks.
        (2017 has no 70D3; the opponents may ask to play on instead, 68D2b.)"""
        play = self.play
        assert play is not None and event.card is not None
        if not play.holds(event.seat, event.card):
            raise ScriptError(
                event.index,
                refuse("event.does-not-hold", seat=event.seat.letter, card=card_name(event.card)),
            )
        self.review(
            "70D3",
            say(
                "law70d3-card-after-claim", seat=event.seat, card=event.card, claimer=claim.claimer
            ),
        )

    def _law68b2(self, claim: Claim, partner: Seat) -> None:
        conceder = claim.claimer
        claim.stage = CANCELLED
        self.rule(
            "68B2",
            conceder,
            say("law68b2.objects-at-once-concession", partner=partner, conceder=conceder),
        )
        law = self.cite("16C")
        self.review(
            law,
            say("law68b2.may-not-use-what", partner=partner, conceder=conceder),
        )

    def _law68d2_disputed(self, claim: Claim, seat: Seat) -> None:
        suggestion = self._ask_adjudicator(claim)  # before anything changes (it may raise)
        claim.stage = DIRECTOR
        claim.director_law = "70"
        claim.director_settles = Settlement.DIRECTOR
        claim.options = tuple(range(claim.remaining + 1))
        play_on = self.by_edition("68D2b", e2017=".unless-play-on", e2007="")
        self.rule(
            self.cite("68D2"),
            None,
            say(
                "law68d2-disputed.disputes-play-stays-stopped."
                + ("claim" if claim.kind is Action.CLAIM else "concession")
                + play_on,
                seat=seat,
                claimer=claim.claimer,
            ),
        )
        self._record_suggestion(claim, suggestion)
        if claim.kind is Action.CLAIM and self.by_edition("70E1", e2017=False, e2007=True):
            self.review(
                "70E1",
                say("law68d2-disputed.unstated-line-needs-card"),
            )
        if claim.kind is Action.CLAIM and claim.conceded < claim.remaining and not claim.statement:
            self.review(
                "68C",
                say("law68d2-disputed.claimed-without-stating-line", claimer=claim.claimer),
            )

    def _ask_adjudicator(self, claim: Claim) -> int | None:
        adjudicator = self.adjudicator
        if adjudicator is None:
            return None
        asking = len(self.events)  # the position of the event being applied
        answer = self.adjudicator_answers.get(asking)
        if answer is None:
            try:
                answer = adjudicator.tricks(
                    claim.position, claim.claimer, claim.claimer_tricks, claim.statement
                )
            except BridgeLawError as error:  # an adjudicator that cannot rule leaves it to him
                self.review("70", say("ask-adjudicator", error=error))
                return None
            self.adjudicator_answers[asking] = answer
        return answer

    def _record_suggestion(self, claim: Claim, suggestion: int | None) -> None:
        if suggestion is None:
            return
        if not 0 <= suggestion <= claim.remaining:
            self.review(
                "70",
                say(
                    "record-suggestion.adjudicator-answered-not-0",
                    suggestion=suggestion,
                    remaining=claim.remaining,
                ),
            )
            return
        claim.suggestion = claim.for_declarer(suggestion)
        side = SIDES[claim.position.declarer.side]
        explain = getattr(self.adjudicator, "ruling_text", None)  # optional: the line assumed
        claim.suggestion_text = str(explain()) if callable(explain) else ""
        line, suggested = claim.suggestion_text, claim.suggestion
        said = (
            say(
                "record-suggestion.line",
                tricks=suggested,
                remaining=claim.remaining,
                side=side,
                line=line,
            )
            if line
            else say("record-suggestion", tricks=suggested, remaining=claim.remaining, side=side)
        )
        self.review("70", said)

    def adjudicate_claim(self) -> bool:
        """``replay --adjudicate``: a disputed claim waiting for the director's Law 70 ruling
        is settled by the adjudicator's suggestion (the director's own ``tricks`` decision,
        when the script has one, comes first and wins). False if there is none to settle."""
        claim = self.claim
        if (
            claim is None
            or claim.stage != DIRECTOR
            or claim.director_settles is not Settlement.DIRECTOR
            or claim.suggestion is None
        ):
            return False
        line = claim.suggestion_text
        self._settle(
            claim, claim.suggestion, Settlement.DIRECTOR, "70", adjudicated=True, line=line
        )
        return True

    def _law69a_late_objection(self, claim: Claim, seat: Seat) -> None:
        suggestion = self._ask_adjudicator(claim)  # before anything changes (it may raise)
        self._reopen(claim)
        claim.director_law = "70"
        claim.director_settles = Settlement.DIRECTOR
        claim.options = tuple(range(claim.remaining + 1))
        self.rule(
            "69A",
            None,
            say("law69a-late-objection", seat=seat),
        )
        self._record_suggestion(claim, suggestion)

    # -- Law 68D2b: playing on by agreement (2017) -------------------------------------------

    def _play_on_order(self, claim: Claim) -> tuple[Seat, ...]:
        first = claim.play_on[0]
        return (first.lho, first.partner, first.rho)

    def _next_play_on(self, claim: Claim) -> Seat:
        return next(s for s in self._play_on_order(claim) if s not in claim.play_on)

    def _law68d2b_request(self, claim: Claim, event: Event) -> None:
        seat = event.seat
        if not self.by_edition("68D2b", e2017=True, e2007=False):
            raise ScriptError(
                event.index,
                refuse("event.no-play-on-2007"),
            )
        if claim.reopened or claim.director_settles is not Settlement.DIRECTOR:
            raise ScriptError(event.index, refuse("event.over-director-rules"))
        if seat.side == claim.claimer.side:
            raise ScriptError(
                event.index,
                refuse("event.play-on-opponents", claimer=claim.claimer.letter),
            )
        if claim.play_on_refused:
            raise ScriptError(
                event.index,
                refuse("event.play-on-refused"),
            )
        claim.stage = PLAY_ON
        claim.play_on = [seat]

    def _law68d2b_answer(self, claim: Claim, event: Event) -> None:
        waiting = self._next_play_on(claim)
        if event.who == "director" or event.action not in AGREE_OR_DISPUTE:
            raise ScriptError(
                event.index,
                refuse(
                    "event.play-on-asked", asker=claim.play_on[0].letter, waiting=waiting.letter
                ),
            )
        seat = event.seat
        if seat not in self._play_on_order(claim) or seat in claim.play_on:
            raise ScriptError(
                event.index,
                refuse("event.play-on-no-answer", seat=seat.letter, waiting=waiting.letter),
            )
        if event.action is Action.DISPUTE:
            claim.stage = DIRECTOR
            claim.play_on_refused = True
            self.rule(
                "68D2bi",
                None,
                say("law68d2b-answer.does-not-agree-play", seat=seat),
            )
            return
        claim.play_on.append(seat)
        if len(claim.play_on) == 4:
            claim.stage = VOID
            self.rule(
                "68D2bii",
                None,
                say("law68d2b-answer.all-four-players-agree", claimer=claim.claimer),
            )

    # -- Law 70 (and 69B2, 71B): the director decides ----------------------------------------

    def _director(self, claim: Claim, event: Event) -> None:
        if event.action is Action.PLAY_ON and event.who != "director":
            self._law68d2b_request(claim, event)
            return
        options = ", ".join(f"tricks {n}" for n in claim.options)
        if event.who != "director" or event.action is not Action.TRICKS:
            raise ScriptError(
                event.index,
                refuse(
                    "event.director-rules-claim",
                    claimer=claim.claimer.letter,
                    law=claim.director_law,
                    options=options,
                ),
            )
        assert event.number is not None
        if event.number not in claim.options:
            raise ScriptError(
                event.index,
                refuse("event.director-decision", law=claim.director_law, options=options),
            )
        self._settle(claim, event.number, claim.director_settles, claim.director_law)

    def _settle(
        self,
        claim: Claim,
        credited: int,
        by: Settlement,
        law: str,
        adjudicated: bool = False,
        line: str = "",
    ) -> None:
        before = claim.credited
        claim.credited = credited
        claim.law = law
        claim.settled_by = by
        claim.stage = SETTLED
        total = claim.position.declarer_won + credited
        declarer_side = SIDES[claim.position.declarer.side]
        defending_side = SIDES[1 - claim.position.declarer.side]
        tally = say(
            "settle.tally",
            side=declarer_side,
            credited=credited,
            remaining=claim.remaining,
            total=total,
        )
        if by is Settlement.AGREED:
            if len(claim.answerers) == 1:
                said = say("settle.agreed.one", seats=claim.answerers[0].letter, tally=tally)
            else:  # both defenders, as two seats: each language joins them its own way
                seat, partner = claim.answerers
                said = say("settle.agreed.many", seat=seat, partner=partner, tally=tally)
        elif by is Settlement.DIRECTOR and adjudicated and line:
            said = say("settle.adjudicated.line", tally=tally, line=line)
        elif by is Settlement.DIRECTOR and adjudicated:
            said = say("settle.adjudicated", tally=tally)
        elif by is Settlement.DIRECTOR:
            said = say("settle.director", tally=tally)
        else:
            assert before is not None
            back = abs(credited - before)
            gainer = declarer_side if credited > before else defending_side
            reason = "69b2" if by is Settlement.AGREEMENT_WITHDRAWN else "71"
            number = "one" if back == 1 else "many"
            said = say(f"settle.back.{reason}.{number}", side=gainer, back=back, tally=tally)
        self.rule(law, None, said)
        self.end_board(total)

    # -- after the board: Laws 69A (late objection), 69B2 and 71B ----------------------------

    def _agreed_claim(self, event: Event) -> Claim:
        claim = self.claim
        if (
            claim is None
            or claim.stage != SETTLED
            or claim.settled_by is not Settlement.AGREED
            or claim.reopened
        ):
            raise ScriptError(
                event.index,
                refuse(
                    "event.director-cannot-correct"
                    if event.who == "director"
                    else "event.player-cannot-object"
                ),
            )
        return claim

    def _reopen(self, claim: Claim) -> None:
        claim.reopened = True
        claim.stage = DIRECTOR
        self.phase = Phase.PLAY
        self.tricks = None

    def _law69b(self, claim: Claim, event: Event) -> None:
        """69B2: the agreeing side (the claimer's opponents) gets back tricks it would likely
        have won. (69B1, a trick actually won, cannot arise: quitted tricks always count.)"""
        assert claim.credited is not None
        if claim.declaring:  # the defenders agreed: fewer tricks for declarer's side
            options = tuple(range(claim.credited))
        else:
            options = tuple(range(claim.credited + 1, claim.remaining + 1))
        if not options:
            raise ScriptError(
                event.index,
                refuse("event.nothing-to-withdraw"),
            )
        self._reopen(claim)
        claim.director_law = "69B2"
        claim.director_settles = Settlement.AGREEMENT_WITHDRAWN
        claim.options = options

    def _law71(self, claim: Claim, event: Event) -> None:
        """71B (2007: 71, point 2): the conceding side (the claimer's) gets back tricks it
        could not have lost. (71A, a trick actually won, cannot arise: see the module.)"""
        assert claim.credited is not None
        if claim.declaring:
            options = tuple(range(claim.credited + 1, claim.remaining + 1))
        else:
            options = tuple(range(claim.credited))
        if not options:
            raise ScriptError(
                event.index,
                refuse("event.nothing-to-cancel", claimer=claim.claimer.letter),
            )
        self._reopen(claim)
        claim.director_law = self.cite("71B")
        claim.director_settles = Settlement.CONCESSION_CANCELLED
        claim.options = options
