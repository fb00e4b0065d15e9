"""Laws 68-71: claims and concessions, one open matter (the claim of the board).

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
from typing import Protocol, cast

from bridgelaw.boards import Board
from bridgelaw.calls import Contract
from bridgelaw.cards import Seat, card_name
from bridgelaw.errors import BridgeLawError
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
from bridgelaw.table.rules.declared import Applies, Declared, Varies
from bridgelaw.table.rules.play.layer import PlayTable
from bridgelaw.table.state import Awaiting, Phase
from bridgelaw.table.state import TableState as State

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

PLAYING_ON = Varies("68D2b", "_disputed")
"""2017 68D2b: the claimer's opponents may ask to play on; 2007 has no such clause."""
PLAYING_ON_ASKED = Varies("68D2b", "play_on_asked")
EVIDENCE = Varies("70D3", "answer")
"""2007 70D3: a card played after the claim is evidence for the director (2017 has none)."""
UNSTATED_LINE = Varies("70E1", "_disputed")
"""2007 70E1: an unstated line that needs a particular card is reviewed (2017: not so)."""

TRICK_IN_PROGRESS = Applies("68", "rule", "law68-claim.speaks-trick-progress-only")
CLAIMED = Applies("68A", "rule", "law68-claim.play-stops-68d")
CLAIMED_STATING = Applies("68A", "rule", "law68-claim.play-stops-68d.stating")
CONCEDED = Applies("68B1", "rule", "law68-claim.play-stops-68d")
CONCEDED_STATING = Applies("68B1", "rule", "law68-claim.play-stops-68d.stating")
CLAIM_ESTABLISHES = Applies("63A3", "establish")  # the claimer's side's revokes
AGREEMENT_ESTABLISHES = Applies("63A4", "establish", by_book=True)  # 2007: in its 63A3
ANSWERS_OFFERED = Applies(
    "69A",
    "offer",
    options=("agree", "dispute"),
    title="a claim or concession: do the opponents agree?",
)
AGREED_ONE = Applies("69A", "rule", "settle.agreed.one")
AGREED_BOTH = Applies("69A", "rule", "settle.agreed.many")
CONCESSION_CANCELLED = Applies("68B2", "rule", "law68b2.objects-at-once-concession")
CONCESSION_UNAUTHORIZED = Applies("16C", "review", "law68b2.may-not-use-what", by_book=True)
DISPUTED_CLAIM = Applies(
    "68D2",
    "rule",
    "law68d2-disputed.disputes-play-stays-stopped.claim.unless-play-on",
    by_book=True,
    within=PLAYING_ON.tag,
)
DISPUTED_CLAIM_2007 = Applies(
    "68D2",
    "rule",
    "law68d2-disputed.disputes-play-stays-stopped.claim",
    by_book=True,
    within=PLAYING_ON.tag,
)
DISPUTED_CONCESSION = Applies(
    "68D2",
    "rule",
    "law68d2-disputed.disputes-play-stays-stopped.concession.unless-play-on",
    by_book=True,
    within=PLAYING_ON.tag,
)
DISPUTED_CONCESSION_2007 = Applies(
    "68D2",
    "rule",
    "law68d2-disputed.disputes-play-stays-stopped.concession",
    by_book=True,
    within=PLAYING_ON.tag,
)
NEEDS_A_CARD_2007 = Applies(
    "70E1", "review", "law68d2-disputed.unstated-line-needs-card", within=UNSTATED_LINE.tag
)
NO_LINE_STATED = Applies("68C", "review", "law68d2-disputed.claimed-without-stating-line")
CARD_AS_EVIDENCE_2007 = Applies("70D3", "review", "law70d3-card-after-claim", within=EVIDENCE.tag)
ADJUDICATOR_FAILED = Applies("70", "review", "ask-adjudicator")
SUGGESTION_OUT_OF_RANGE = Applies("70", "review", "record-suggestion.adjudicator-answered-not-0")
SUGGESTED = Applies("70", "review", "record-suggestion")
SUGGESTED_LINE = Applies("70", "review", "record-suggestion.line")
# the tricks for declarer's side the director may give
RULED_OFFERED = Applies("70", "offer", title="a claim disputed: the director decides the tricks")
RULED = Applies("70", "rule", "settle.director")
ADJUDICATED = Applies("70", "rule", "settle.adjudicated")
ADJUDICATED_LINE = Applies("70", "rule", "settle.adjudicated.line")
LATE_OBJECTION = Applies("69A", "rule", "law69a-late-objection")
PLAY_ON_OFFERED = Applies(
    "68D2b",
    "offer",
    options=("agree", "dispute"),
    within=PLAYING_ON_ASKED.tag,
    title="a claim disputed: play on, if all four agree?",
)
PLAY_ON_REFUSED = Applies(
    "68D2bi", "rule", "law68d2b-answer.does-not-agree-play", within=PLAYING_ON_ASKED.tag
)
PLAY_ON_AGREED = Applies(
    "68D2bii", "rule", "law68d2b-answer.all-four-players-agree", within=PLAYING_ON_ASKED.tag
)
WITHDRAWN_OFFERED = Applies(
    "69B2", "offer", title="an agreement to a claim withdrawn: the director decides the tricks"
)
WITHDRAWN_ONE = Applies("69B2", "rule", "settle.back.69b2.one")
WITHDRAWN_MANY = Applies("69B2", "rule", "settle.back.69b2.many")
# 2007: its Law 71
CANCELLED_OFFERED = Applies(
    "71B", "offer", by_book=True, title="a concession cancelled: the director decides the tricks"
)
CANCELLED_ONE = Applies("71B", "rule", "settle.back.71.one", by_book=True)
CANCELLED_MANY = Applies("71B", "rule", "settle.back.71.many", by_book=True)

DECLARED: Declared = Declared(
    law="68-71",
    matter="ClaimProcedure",
    module=__name__,
    applies=(
        TRICK_IN_PROGRESS,
        CLAIMED,
        CLAIMED_STATING,
        CONCEDED,
        CONCEDED_STATING,
        CLAIM_ESTABLISHES,
        AGREEMENT_ESTABLISHES,
        ANSWERS_OFFERED,
        AGREED_ONE,
        AGREED_BOTH,
        CONCESSION_CANCELLED,
        CONCESSION_UNAUTHORIZED,
        DISPUTED_CLAIM,
        DISPUTED_CLAIM_2007,
        DISPUTED_CONCESSION,
        DISPUTED_CONCESSION_2007,
        NEEDS_A_CARD_2007,
        NO_LINE_STATED,
        CARD_AS_EVIDENCE_2007,
        ADJUDICATOR_FAILED,
        SUGGESTION_OUT_OF_RANGE,
        SUGGESTED,
        SUGGESTED_LINE,
        RULED_OFFERED,
        RULED,
        ADJUDICATED,
        ADJUDICATED_LINE,
        LATE_OBJECTION,
        PLAY_ON_OFFERED,
        PLAY_ON_REFUSED,
        PLAY_ON_AGREED,
        WITHDRAWN_OFFERED,
        WITHDRAWN_ONE,
        WITHDRAWN_MANY,
        CANCELLED_OFFERED,
        CANCELLED_ONE,
        CANCELLED_MANY,
    ),
    varies=(PLAYING_ON, PLAYING_ON_ASKED, EVIDENCE, UNSTATED_LINE),
)


class ClaimAdjudicator(Protocol):
    """Something that judges a disputed claim: a double-dummy solver, a panel, a test fake."""

    def tricks(self, position: PlayPosition, claimer: Seat, claimed: int, statement: str) -> int:
        """How many of ``position.remaining`` tricks the claimer's side should be credited.

        ``claimed`` is what the claimer's side claimed of those tricks (for a concession: the
        remaining tricks less those conceded); ``statement`` is the line stated (68C), or "".
        """
        ...


@dataclass(frozen=True)
class SharedAdjudicator:
    """The adjudicator, shared rather than copied when the table saves its state for a
    rollback: a solver with tables in memory is not deep-copied at every event."""

    adjudicator: ClaimAdjudicator

    def __deepcopy__(self, memo: dict[int, object]) -> SharedAdjudicator:
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
    director_law: str = RULED.clause
    """The clause the director's ``tricks`` decision applies now: 70, 69B2, 71B (2007: 71)."""
    director_settles: Settlement = Settlement.DIRECTOR
    """What the director's ``tricks`` decision is now (its clause: :attr:`director_law`)."""
    options: tuple[int, ...] = ()
    """The decisions open to the director (tricks for declarer's side)."""
    credited: int | None = None
    """Once settled: the remaining tricks credited to declarer's side."""
    law: str = ""
    """The clause that settled it: 69A (agreed), 70, 69B2, 71B or 71 (the director)."""
    settled_by: Settlement | None = None
    """Once settled: how (its clause: :attr:`law`)."""
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

    @property
    def is_open(self) -> bool:
        """Being answered or ruled on: play has stopped (68D)."""
        return self.stage in (ANSWERS, DIRECTOR, PLAY_ON)


class ClaimTable(PlayTable, Protocol):
    """What a claim needs of the table: the claim layer
    (:class:`~bridgelaw.table.claims.ClaimRules`, held to it in ``claims.claim_table``), the
    play layer with the board, the claim and the hooks a claim uses."""

    board: Board
    edition: int
    contract: Contract | None
    phase: Phase
    tricks: int | None
    events: list[Event]
    adjudicator_answers: dict[int, int]
    claim: Claim | None

    @property
    def adjudicator(self) -> ClaimAdjudicator | None: ...

    def law63a_establish(self, side: int, law: str, seat: Seat, agreement: bool) -> None: ...
    def end_board(self, declarer_tricks: int) -> None: ...


def claim_table(table: State) -> ClaimTable:
    """``table`` as the claim layer (every table is one: ``Table`` is a subclass of
    ``ClaimRules``, which mypy holds to this protocol)."""
    return cast(ClaimTable, table)


def position_of(t: ClaimTable) -> PlayPosition:
    """The play as it stands (before the opening lead: the whole deal)."""
    assert t.declarer is not None and t.contract is not None
    play = t.play
    if play is None:
        return PlayPosition(
            t.board.deal.hands,
            (),
            t.declarer.lho,
            t.contract.strain,
            t.declarer,
            (0, 0),
            edition=t.edition,
        )
    return PlayPosition.of(play, t.declarer, t.edition)


class ClaimProcedure:
    """The rules of a claim, stage by stage (the module says which): its offer to the seats
    that answer or to the director, and every answer."""

    @staticmethod
    def offer(table: State) -> Awaiting | None:
        t = claim_table(table)
        claim = t.claim
        if claim is None or not claim.is_open:
            return None
        if claim.stage == ANSWERS:
            # 69A: each opponent still to answer agrees or disputes, in any order; against a
            # defender's claim, his partner (68B2, 68D2) and dummy (68D2) may dispute it too
            first = ClaimProcedure._next_answer(claim)
            words = ANSWERS_OFFERED.options
            others: list[tuple[Who, tuple[str, ...]]] = [
                (s.letter, words) for s in claim.answerers if s not in claim.agreed
            ]
            if not claim.declaring and t.declarer is not None:
                others += [(claim.claimer.partner.letter, ("dispute",))]
                others += [(t.declarer.partner.letter, ("dispute",))]
            return ANSWERS_OFFERED.offer(first.letter, others=tuple(others[1:]))
        if claim.stage == PLAY_ON:
            return PLAY_ON_OFFERED.offer(ClaimProcedure._next_play_on(claim).letter)
        return Awaiting("director", claim.director_law, tuple(f"tricks {n}" for n in claim.options))

    @staticmethod
    def answer(table: State, event: Event) -> None:
        """An event of the play period while a claim is open, or a claim word (68-71)."""
        t = claim_table(table)
        claim = t.claim
        if claim is None or not claim.is_open:
            if event.action in CLAIM_OR_CONCEDE:
                ClaimProcedure._claim(t, event)
                return
            raise ScriptError(
                event.index, refuse("event.no-claim", who=event.who, action=event.action)
            )
        if event.action in CLAIM_OR_CONCEDE:
            raise ScriptError(event.index, refuse("event.claim-open", claimer=claim.claimer.letter))
        if (
            event.action is Action.CARD
            and claim.stage != PLAY_ON
            and t.by_edition(EVIDENCE.tag, e2017=False, e2007=True)  # 2007 70D3: evidence
        ):
            ClaimProcedure._card_after_claim(t, claim, event)
            return
        if claim.stage == ANSWERS:
            ClaimProcedure._answered(t, claim, event)
        elif claim.stage == PLAY_ON:
            ClaimProcedure._play_on_answered(t, claim, event)
        else:
            ClaimProcedure._director(t, claim, event)

    @staticmethod
    def after_end(table: State, event: Event) -> bool:
        """After the end of the board: a late objection (69A) or the director's correction
        (69B2, 71B). False if the event is none of these (the engine then refuses it)."""
        t = claim_table(table)
        if event.action is Action.DISPUTE and event.who != "director":
            claim = ClaimProcedure._agreed_claim(t, event)
            seat = event.seat
            if seat not in claim.answerers:
                raise ScriptError(
                    event.index,
                    refuse("event.did-not-agree", seat=seat.letter, claimer=claim.claimer.letter),
                )
            ClaimProcedure._late_objection(t, claim, seat)
            return True
        if event.who == "director" and event.action in (
            Action.WITHDRAW_AGREEMENT,
            Action.CANCEL_CONCESSION,
        ):
            claim = ClaimProcedure._agreed_claim(t, event)
            if event.action is Action.WITHDRAW_AGREEMENT:
                ClaimProcedure._agreement_withdrawn(t, claim, event)
            else:
                ClaimProcedure._concession_cancelled(t, claim, event)
            return True
        return False

    # -- Law 68: the claim -------------------------------------------------------------------

    @staticmethod
    def _claim(t: ClaimTable, event: Event) -> None:
        assert t.declarer is not None and event.number is not None
        seat = event.seat
        position = position_of(t)
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
        if seat == t.declarer.partner:
            raise ScriptError(event.index, refuse("event.dummy-claims", seat=seat.letter))
        remaining = position.remaining
        if position.trick and remaining == 1:
            TRICK_IN_PROGRESS.rule(t, None, seat=seat)
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
        if seat == t.declarer:
            answerers: tuple[Seat, ...] = (seat.lho, seat.rho)
        else:
            answerers = (t.declarer,)
        claim = Claim(seat, event.action, number, event.text, event.index, position, answerers)
        t.claim = claim
        side = SIDES[seat.side]
        if claim.kind is Action.CLAIM and claim.conceded == 0:
            made, what = (
                (CLAIMED, CLAIMED_STATING),
                say("claim.all", remaining=remaining, side=side),
            )
        elif claim.kind is Action.CLAIM and number > 0:
            made = (CLAIMED, CLAIMED_STATING)
            what = say(
                "claim.some",
                tricks=number,
                remaining=remaining,
                side=side,
                conceded=claim.conceded,
            )
        elif claim.kind is Action.CLAIM:
            made = (CONCEDED, CONCEDED_STATING)
            what = say("claim.none", side=side, remaining=remaining)
        else:
            made = (CONCEDED, CONCEDED_STATING)
            what = say("claim.concedes", tricks=number, remaining=remaining)
        if claim.statement:
            made[1].rule(t, None, seat=seat, claim=what, statement=claim.statement)
        else:
            made[0].rule(t, None, seat=seat, claim=what)
        t.law63a_establish(seat.side, CLAIM_ESTABLISHES.clause, seat, agreement=False)

    # -- Law 69A: the answers ----------------------------------------------------------------

    @staticmethod
    def _next_answer(claim: Claim) -> Seat:
        return next(s for s in claim.answerers if s not in claim.agreed)

    @staticmethod
    def _answered(t: ClaimTable, claim: Claim, event: Event) -> None:
        waiting = ClaimProcedure._next_answer(claim)
        if event.who == "director" or event.action not in AGREE_OR_DISPUTE:
            raise ScriptError(
                event.index,
                refuse("event.claim-waits", claimer=claim.claimer.letter, waiting=waiting.letter),
            )
        seat = event.seat
        assert t.declarer is not None
        if seat in claim.answerers and seat not in claim.agreed:
            if event.action is Action.DISPUTE:
                ClaimProcedure._disputed(t, claim, seat)
                return
            claim.agreed.append(seat)
            t.law63a_establish(  # 2007: agreeing is in 63A3 with making the claim
                seat.side, AGREEMENT_ESTABLISHES.law(t), seat, agreement=True
            )
            if len(claim.agreed) == len(claim.answerers):
                credited = claim.for_declarer(claim.claimer_tricks)
                ClaimProcedure._settle(t, claim, credited, Settlement.AGREED)
            return
        defending = not claim.declaring
        if event.action is Action.DISPUTE and defending and seat == claim.claimer.partner:
            if claim.conceded > 0:
                ClaimProcedure._concession_objected(t, claim, seat)
            else:  # a claim of every trick concedes nothing: a dispute by any player (68D2)
                ClaimProcedure._disputed(t, claim, seat)
            return
        if event.action is Action.DISPUTE and defending and seat == t.declarer.partner:
            ClaimProcedure._disputed(t, claim, seat)  # dummy included (68D2)
            return
        who = "/".join(s.letter for s in claim.answerers)
        raise ScriptError(
            event.index,
            refuse(
                "event.not-an-answerer", seat=seat.letter, claimer=claim.claimer.letter, who=who
            ),
        )

    @staticmethod
    def _card_after_claim(t: ClaimTable, claim: Claim, event: Event) -> None:
        """2007 68D with 70D3: play should have stopped, but a card played after the claim may
        serve the director as evidence of the likely play and of the claim's soundness. The
        card is recorded for him, not played: the claim still decides the remaining tricks.
        (2017 has no 70D3; the opponents may ask to play on instead, 68D2b.)"""
        play = t.play
        assert play is not None and event.card is not None
        if not play.holds(event.seat, event.card):
            raise ScriptError(
                event.index,
                refuse("event.does-not-hold", seat=event.seat.letter, card=card_name(event.card)),
            )
        CARD_AS_EVIDENCE_2007.review(t, seat=event.seat, card=event.card, claimer=claim.claimer)

    @staticmethod
    def _concession_objected(t: ClaimTable, claim: Claim, partner: Seat) -> None:
        """68B2: the conceder's partner objects at once: neither claim nor concession."""
        conceder = claim.claimer
        claim.stage = CANCELLED
        CONCESSION_CANCELLED.rule(t, conceder, partner=partner, conceder=conceder)
        CONCESSION_UNAUTHORIZED.review(t, partner=partner, conceder=conceder)

    @staticmethod
    def _disputed(t: ClaimTable, claim: Claim, seat: Seat) -> None:
        """68D2: the claim is disputed: the director is called (70)."""
        suggestion = ClaimProcedure._ask_adjudicator(t, claim)  # before anything changes
        claim.stage = DIRECTOR
        claim.director_law = RULED.clause
        claim.director_settles = Settlement.DIRECTOR
        claim.options = tuple(range(claim.remaining + 1))
        disputed = t.by_edition(
            PLAYING_ON.tag,
            e2017=(DISPUTED_CLAIM, DISPUTED_CONCESSION),
            e2007=(DISPUTED_CLAIM_2007, DISPUTED_CONCESSION_2007),
        )
        disputed[0 if claim.kind is Action.CLAIM else 1].rule(
            t, None, seat=seat, claimer=claim.claimer
        )
        ClaimProcedure._record_suggestion(t, claim, suggestion)
        if claim.kind is Action.CLAIM and t.by_edition(UNSTATED_LINE.tag, e2017=False, e2007=True):
            NEEDS_A_CARD_2007.review(t)
        if claim.kind is Action.CLAIM and claim.conceded < claim.remaining and not claim.statement:
            NO_LINE_STATED.review(t, claimer=claim.claimer)

    @staticmethod
    def _ask_adjudicator(t: ClaimTable, claim: Claim) -> int | None:
        adjudicator = t.adjudicator
        if adjudicator is None:
            return None
        asking = len(t.events)  # the position of the event being applied
        answer = t.adjudicator_answers.get(asking)
        if answer is None:
            try:
                answer = adjudicator.tricks(
                    claim.position, claim.claimer, claim.claimer_tricks, claim.statement
                )
            except BridgeLawError as error:  # an adjudicator that cannot rule leaves it to him
                ADJUDICATOR_FAILED.review(t, error=error)
                return None
            t.adjudicator_answers[asking] = answer
        return answer

    @staticmethod
    def _record_suggestion(t: ClaimTable, claim: Claim, suggestion: int | None) -> None:
        if suggestion is None:
            return
        if not 0 <= suggestion <= claim.remaining:
            SUGGESTION_OUT_OF_RANGE.review(t, suggestion=suggestion, remaining=claim.remaining)
            return
        claim.suggestion = claim.for_declarer(suggestion)
        side = SIDES[claim.position.declarer.side]
        explain = getattr(t.adjudicator, "ruling_text", None)  # optional: the line assumed
        claim.suggestion_text = str(explain()) if callable(explain) else ""
        line, suggested = claim.suggestion_text, claim.suggestion
        if line:
            SUGGESTED_LINE.review(
                t, tricks=suggested, remaining=claim.remaining, side=side, line=line
            )
        else:
            SUGGESTED.review(t, tricks=suggested, remaining=claim.remaining, side=side)

    @staticmethod
    def adjudicate(table: State) -> bool:
        """``replay --adjudicate``: a disputed claim waiting for the director's Law 70 ruling
        is settled by the adjudicator's suggestion (the director's own ``tricks`` decision,
        when the script has one, comes first and wins). False if there is none to settle."""
        t = claim_table(table)
        claim = t.claim
        if (
            claim is None
            or claim.stage != DIRECTOR
            or claim.director_settles is not Settlement.DIRECTOR
            or claim.suggestion is None
        ):
            return False
        line = claim.suggestion_text
        ClaimProcedure._settle(
            t, claim, claim.suggestion, Settlement.DIRECTOR, adjudicated=True, line=line
        )
        return True

    @staticmethod
    def _late_objection(t: ClaimTable, claim: Claim, seat: Seat) -> None:
        suggestion = ClaimProcedure._ask_adjudicator(t, claim)  # before anything changes
        ClaimProcedure._reopen(t, claim)
        claim.director_law = RULED.clause
        claim.director_settles = Settlement.DIRECTOR
        claim.options = tuple(range(claim.remaining + 1))
        LATE_OBJECTION.rule(t, None, seat=seat)
        ClaimProcedure._record_suggestion(t, claim, suggestion)

    # -- Law 68D2b: playing on by agreement (2017) -------------------------------------------

    @staticmethod
    def _play_on_order(claim: Claim) -> tuple[Seat, ...]:
        first = claim.play_on[0]
        return (first.lho, first.partner, first.rho)

    @staticmethod
    def _next_play_on(claim: Claim) -> Seat:
        return next(s for s in ClaimProcedure._play_on_order(claim) if s not in claim.play_on)

    @staticmethod
    def play_on_asked(t: ClaimTable, claim: Claim, event: Event) -> None:
        """68D2b: one of the claimer's opponents asks to play on (2017)."""
        seat = event.seat
        if not t.by_edition(PLAYING_ON_ASKED.tag, e2017=True, e2007=False):
            raise ScriptError(event.index, refuse("event.no-play-on-2007"))
        if claim.reopened or claim.director_settles is not Settlement.DIRECTOR:
            raise ScriptError(event.index, refuse("event.over-director-rules"))
        if seat.side == claim.claimer.side:
            raise ScriptError(
                event.index, refuse("event.play-on-opponents", claimer=claim.claimer.letter)
            )
        if claim.play_on_refused:
            raise ScriptError(event.index, refuse("event.play-on-refused"))
        claim.stage = PLAY_ON
        claim.play_on = [seat]

    @staticmethod
    def _play_on_answered(t: ClaimTable, claim: Claim, event: Event) -> None:
        waiting = ClaimProcedure._next_play_on(claim)
        if event.who == "director" or event.action not in AGREE_OR_DISPUTE:
            raise ScriptError(
                event.index,
                refuse(
                    "event.play-on-asked", asker=claim.play_on[0].letter, waiting=waiting.letter
                ),
            )
        seat = event.seat
        if seat not in ClaimProcedure._play_on_order(claim) or seat in claim.play_on:
            raise ScriptError(
                event.index,
                refuse("event.play-on-no-answer", seat=seat.letter, waiting=waiting.letter),
            )
        if event.action is Action.DISPUTE:
            claim.stage = DIRECTOR
            claim.play_on_refused = True
            PLAY_ON_REFUSED.rule(t, None, seat=seat)
            return
        claim.play_on.append(seat)
        if len(claim.play_on) == 4:
            claim.stage = VOID
            PLAY_ON_AGREED.rule(t, None, claimer=claim.claimer)

    # -- Law 70 (and 69B2, 71B): the director decides ----------------------------------------

    @staticmethod
    def _director(t: ClaimTable, claim: Claim, event: Event) -> None:
        if event.action is Action.PLAY_ON and event.who != "director":
            ClaimProcedure.play_on_asked(t, claim, event)
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
        ClaimProcedure._settle(t, claim, event.number, claim.director_settles)

    @staticmethod
    def _settle(
        t: ClaimTable,
        claim: Claim,
        credited: int,
        by: Settlement,
        adjudicated: bool = False,
        line: str = "",
    ) -> None:
        before = claim.credited
        claim.credited = credited
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
            claim.law = AGREED_ONE.clause
            if len(claim.answerers) == 1:
                AGREED_ONE.rule(t, None, seats=claim.answerers[0].letter, tally=tally)
            else:  # both defenders, as two seats: each language joins them its own way
                seat, partner = claim.answerers
                AGREED_BOTH.rule(t, None, seat=seat, partner=partner, tally=tally)
        elif by is Settlement.DIRECTOR:
            claim.law = claim.director_law
            if adjudicated and line:
                ADJUDICATED_LINE.rule(t, None, tally=tally, line=line)
            elif adjudicated:
                ADJUDICATED.rule(t, None, tally=tally)
            else:
                RULED.rule(t, None, tally=tally)
        else:
            claim.law = claim.director_law
            assert before is not None
            back = abs(credited - before)
            gainer = declarer_side if credited > before else defending_side
            if by is Settlement.AGREEMENT_WITHDRAWN:
                given_back = WITHDRAWN_ONE if back == 1 else WITHDRAWN_MANY
            else:
                given_back = CANCELLED_ONE if back == 1 else CANCELLED_MANY
            given_back.rule(t, None, side=gainer, back=back, tally=tally)
        t.end_board(total)

    # -- after the board: Laws 69A (late objection), 69B2 and 71B ----------------------------

    @staticmethod
    def _agreed_claim(t: ClaimTable, event: Event) -> Claim:
        claim = t.claim
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

    @staticmethod
    def _reopen(t: ClaimTable, claim: Claim) -> None:
        claim.reopened = True
        claim.stage = DIRECTOR
        t.phase = Phase.PLAY
        t.tricks = None

    @staticmethod
    def _agreement_withdrawn(t: ClaimTable, claim: Claim, event: Event) -> None:
        """69B2: the agreeing side (the claimer's opponents) gets back tricks it would likely
        have won. (69B1, a trick actually won, cannot arise: quitted tricks always count.)"""
        assert claim.credited is not None
        if claim.declaring:  # the defenders agreed: fewer tricks for declarer's side
            options = tuple(range(claim.credited))
        else:
            options = tuple(range(claim.credited + 1, claim.remaining + 1))
        if not options:
            raise ScriptError(event.index, refuse("event.nothing-to-withdraw"))
        ClaimProcedure._reopen(t, claim)
        claim.director_law = WITHDRAWN_OFFERED.clause
        claim.director_settles = Settlement.AGREEMENT_WITHDRAWN
        claim.options = options

    @staticmethod
    def _concession_cancelled(t: ClaimTable, claim: Claim, event: Event) -> None:
        """71B (2007: 71, point 2): the conceding side (the claimer's) gets back tricks it
        could not have lost. (71A, a trick actually won, cannot arise: see the module.)"""
        assert claim.credited is not None
        if claim.declaring:
            options = tuple(range(claim.credited + 1, claim.remaining + 1))
        else:
            options = tuple(range(claim.credited))
        if not options:
            raise ScriptError(
                event.index, refuse("event.nothing-to-cancel", claimer=claim.claimer.letter)
            )
        ClaimProcedure._reopen(t, claim)
        claim.director_law = CANCELLED_OFFERED.law(t)
        claim.director_settles = Settlement.CONCESSION_CANCELLED
        claim.options = options


__all__ = [
    "CANCELLED",
    "CLAIM_ACTIONS",
    "DECLARED",
    "DIRECTOR",
    "SETTLED",
    "VOID",
    "Claim",
    "ClaimAdjudicator",
    "ClaimProcedure",
    "ClaimTable",
    "Settlement",
    "SharedAdjudicator",
]
