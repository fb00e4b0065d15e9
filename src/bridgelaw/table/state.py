"""The state of a table: the effective auction, what is pending, what is in force.

The table keeps its own record of the auction rather than a strict :class:`~bridgelaw.Auction`:
an accepted insufficient bid (27A1), an accepted call out of rotation (29A) or an inferred pass
(28A) make auctions that are legal at the table but not in strict play. The rules of sufficiency
and of doubles (Laws 18, 19) are the same ones, applied seat by seat.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, NamedTuple, TypeVar

from bridgelaw.boards import Board
from bridgelaw.calls import DOUBLE, PASS, REDOUBLE, Contract, call_name
from bridgelaw.cards import Card, Seat, Strain, card_name
from bridgelaw.laws import number
from bridgelaw.laws.editions import by_edition
from bridgelaw.table.events import Event, TableCall, Who, parse_event
from bridgelaw.table.messages import Said
from bridgelaw.table.play_state import TablePlay

T = TypeVar("T")


class Phase(StrEnum):
    """The period of the board: the auction (17), the play (41), the board over (22A, 65).
    A string enum: it compares equal to its word and is written as it ("play")."""

    AUCTION = "auction"
    PLAY = "play"
    ENDED = "ended"


PendingKind = Literal[
    # the auction period (Laws 21B, 25, 27-32, 35-38), some of them after the final pass too
    "insufficient",  # 27: an insufficient bid; the LHO accepts or not, the offender replaces
    "rotation",  # 28-32: a call out of rotation; accepted (29A) or cancelled (29B)
    "inadmissible",  # 36: an inadmissible double or redouble, cancelled and replaced
    "barred",  # 37: a call by a player barred from calling
    "above-seven",  # 38: a bid above seven, cancelled and replaced
    "change",  # 25: a call changed; the director judges whether it was unintended (25A)
    "judge",  # 23A: the director compares a replacement call with the one withdrawn
    "lho-change",  # 25A: the LHO may change the call he made over the call replaced
    "shows",  # 29C: what an artificial call out of rotation specified, for 30-32
    "mi-change",  # 21B1a: a call changed after misinformation
    "mi-lho",  # 21B2: the LHO may change the call he made over it
    # the play period (Laws 45, 50-58, 62)
    "lead",  # 53-56: a lead out of turn, accepted or not (the law: 54, 55 or 56)
    "pc-failure",  # 50C/50D1, 52: a card played instead of a penalty card (the law: which)
    "designation-changed",  # 45C4b: the RHO may take back the card played over it
    "simultaneous",  # 58B (67A2 for a defective trick): which of the cards was played
    "card-after-revoke",  # 62C1, 62C2, 58B3 (the law): a card played after may be taken back
    "other-revoke",  # 62C3 (62A with nobody on): the other side corrects its revoke too
    "card-replaced",  # 62C1, 62C2, 58B3 (the law): the card played in place of one taken back
]
"""The irregularity :attr:`TableState.pending` waits on, named by what it is: the ``kind`` of
each :class:`Pending` class (each in its open matter's module under ``rules``: Laws 21B-38,
45C4b, 50-58, 62); the clause it applies is its ``law`` where one class covers several
clauses."""

CallStatus = Literal["effective", "pending", "cancelled", "withdrawn"]
"""What became of a call (:attr:`CallRecord.status`)."""

NextCallKind = Literal["comparable", "repeat", "rho", "denomination", "free"]
"""What Laws 29B-32 say of the offender's next call (:attr:`NextCallRule.kind`)."""

RestrictionKind = Literal["forbid", "require"]
"""A lead restriction forbids a suit or requires it (Laws 26, 50D2, 51B)."""

NEXT_TURN = "next-turn"
END_OF_AUCTION = "end-of-auction"


class DummyOffer(StrEnum):
    """What the dummy laws' open offer (:attr:`TableState.dummy_offer`) asks: the fact its
    answer is routed by (the offer's clause is the citation)."""

    LEAD_HAND = "lead-hand"  # 43B2a: a defender chooses the hand declarer leads from
    RANK = "rank"  # 46B3b: declarer names which card of the rank he meant
    ANY = "any"  # 46B5: a defender designates dummy's card
    CORRECTION = "correction"  # 62A: the revoke a question found is corrected


@dataclass(frozen=True, slots=True)
class Ruling:
    """One ruling: the clause that applied, the offender, and what was said: a message of the
    catalog with its parameters (``said``, :mod:`~bridgelaw.table.messages`), and its English
    sentence (``text``, rendered from it when the ruling is made)."""

    event: int
    law: str
    seat: Seat | None
    text: str
    said: Said | None = None
    """The message and its parameters (None only for a ruling made of free text)."""

    def as_json(self) -> dict[str, Any]:
        """The ruling as ``replay --json`` writes it (``table-script.md`` fixes its keys)."""
        return {
            "event": self.event,
            "law": self.law,
            "seat": None if self.seat is None else self.seat.letter,
            "text": self.text,
        }

    def as_message(self, said: Said | None = None) -> dict[str, Any]:
        """The ruling as the server's views send it: :meth:`as_json` with the ``message`` and
        its ``params``, and the text rendered from ``said`` (this ruling's, or the same
        message with some parameters hidden)."""
        return _with_message(self.as_json(), said or self.said)


@dataclass(frozen=True, slots=True)
class Review:
    """Something the director looks at again at the end of play (23C, 27D, 70, 72C...)."""

    event: int
    law: str
    text: str
    said: Said | None = None
    """The message and its parameters, as for a :class:`Ruling`."""

    def __getitem__(self, key: str) -> Any:  # read as the JSON object it is written as
        return self.as_json()[key]

    def as_json(self) -> dict[str, Any]:
        return {"event": self.event, "law": self.law, "text": self.text}

    def as_message(self, said: Said | None = None) -> dict[str, Any]:
        """As :meth:`Ruling.as_message`."""
        return _with_message(self.as_json(), said or self.said)


def _with_message(data: dict[str, Any], said: Said | None) -> dict[str, Any]:
    """A record's JSON with its message and parameters, its text rendered from them."""
    if said is not None:
        data["text"] = said.text()
        data.update(said.as_json())
    return data


@dataclass(frozen=True, slots=True)
class Unauthorized:
    """Information unauthorized for one side (16C, 2007 16D; 14C, 2007 13E; 24; 25A6 turned
    round): from a withdrawn or cancelled call, a card withdrawn in the play, a card exposed in
    the auction, or a card put back or moved. ``seat``: whose call or card it was."""

    event: int
    seat: str
    side: str
    """``NS`` or ``EW``: the side for which it is unauthorized."""
    law: str
    call: str | None = None
    card: str | None = None

    def __getitem__(self, key: str) -> Any:  # read as the JSON object it is written as
        return self.as_json()[key]

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"event": self.event, "seat": self.seat, "side": self.side}
        if self.call is not None:
            data["call"] = self.call
        if self.card is not None:
            data["card"] = self.card
        data["law"] = self.law
        return data


LogName = Literal["rulings", "reviews", "unauthorized"]


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A later settlement that takes back earlier records, by reference: the positions, in
    the append-only log ``log``, of the records it supersedes (39B withdrawing a 39C ruling;
    Law 64 worked out again when play ceases again, 62D1, 64B4/64B5, a claim settled again;
    23B lifting 16C). The records stay in the log; the views leave them out."""

    event: int
    law: str
    log: LogName
    entries: tuple[int, ...]


class Option(NamedTuple):
    """One answer an offer takes: who gives it, its word as written in a script (``accept``,
    ``forbid S``, ``tricks 9``, ``designate SA``...) and the command it stands for (the event
    that word makes, index 0)."""

    who: Who
    word: str
    command: Event


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of an offer as a client shows it (:meth:`Awaiting.choices`): who gives it,
    the exact event text that chooses it (``S decline``), a short label, the clause it applies
    and its consequence in plain words (:mod:`.meanings`), and its word in the script's
    ``awaiting`` (``decline``)."""

    who: Who
    event: str
    label: str
    law: str
    consequence: str
    word: str
    group: str = ""
    """The kind of what follows the option, when the offer sorts its many options by it
    (:attr:`Awaiting.groups`; a 27B replacement: ``27B1a``, ``27B1b``...); else empty."""

    def as_json(self) -> dict[str, str]:
        data = {
            "event": self.event,
            "label": self.label,
            "law": self.law,
            "consequence": self.consequence,
            "who": self.who,
            "option": self.word,
        }
        if self.group:
            data["group"] = self.group
        return data


def option(who: Who, word: str) -> Option:
    """The option ``word`` of ``who`` with its command."""
    return Option(who, word, parse_event(f"{who} {word}", 0))


def same_command(a: Event, b: Event) -> bool:
    """The same command, whatever the events' numbers: who, action and what it names."""
    return (
        a.who == b.who
        and a.action == b.action
        and (a.call is None) == (b.call is None)
        and (a.call is None or b.call is None or a.call.text == b.call.text)
        and a.card == b.card
        and a.number == b.number
        and a.text == b.text
        and a.cards == b.cards
        and a.suits == b.suits
        and a.strains == b.strains
        and a.seat_named == b.seat_named
        and a.designation == b.designation
    )


def chosen(who: Who, options: tuple[str, ...], event: Event) -> str | None:
    """The option of ``options`` (offered to ``who``) that ``event`` is, compared as typed
    commands, or None if it is none of them."""
    if event.who != who:
        return None
    return next((w for w in options if same_command(option(who, w).command, event)), None)


@dataclass(frozen=True, slots=True)
class Awaiting:
    """What the director would now offer, to whom, under which clause: the contract between
    the engine and whoever answers. ``who`` and ``options`` are what the script's ``awaiting``
    shows; :meth:`commands` are the same options as typed commands, and the engine takes an
    answer (:data:`~bridgelaw.table.offers.ANSWER_ACTIONS`) only if it is one of them
    (:meth:`takes`).

    ``others`` are further parties whose answers the same offer takes (43B2a and 46B5: either
    defender; 69A: each opponent still to answer, and a dispute by the claimer's partner or
    dummy, 68B2 and 68D2); they are not part of the script's ``awaiting`` (whose ``who`` is one
    seat), nor of equality."""

    who: Who
    law: str
    options: tuple[str, ...]
    others: tuple[tuple[Who, tuple[str, ...]], ...] = field(default=(), compare=False, repr=False)
    groups: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    """For an offer of many options, what follows each of ``who``'s (its word, and the key of
    :data:`~bridgelaw.table.meanings.CALL_GROUPS` that says it): a page shows them grouped by
    it (27B: the lowest sufficient bid in the same denomination, 27B1a, apart from the calls
    the director judges). Not part of the script's ``awaiting``, nor of equality."""

    def as_json(self) -> dict[str, Any]:
        return {"who": self.who, "law": self.law, "options": list(self.options)}

    @property
    def parties(self) -> tuple[tuple[Who, tuple[str, ...]], ...]:
        """Every party the offer waits for, with its options (``who`` first)."""
        return ((self.who, self.options), *self.others)

    def commands(self) -> tuple[Option, ...]:
        """Every option of every party, as a typed command."""
        return tuple(option(who, word) for who, words in self.parties for word in words)

    def takes(self, event: Event) -> bool:
        """Is ``event`` one of the options offered (by whom it is offered to)?"""
        return any(
            who == event.who and same_command(option(who, w).command, event)
            for who, words in self.parties
            for w in words
        )


class Outcome(NamedTuple):
    """What one accepted event changed, for a server to push to the players: the records this
    event added, the offer now open, who acts next and the phase.

    The record is append-only: a later settlement of an earlier ruling (Law 64 worked out
    again when play ceases again, 39B withdrawing a 39C ruling, 16C records lifted once a
    replacement is found comparable, 23B) appends a :class:`Withdrawal` naming the records it
    supersedes. The logs in force (``rulings``, ``reviews``, ``unauthorized``) then no longer
    extend the ones before the event: ``replaced`` names each such log, and that field holds
    the whole log in force (to be sent again in full), not only the new records.

    A named tuple (immutable, and made at every event: cheaper to build than a frozen
    dataclass).
    """

    event: int
    """The event's index."""
    rulings: tuple[Ruling, ...]
    reviews: tuple[Review, ...]
    unauthorized: tuple[Unauthorized, ...]
    replaced: tuple[LogName, ...]
    """The logs (``rulings``, ``reviews``, ``unauthorized``) this event rewrote rather than
    appended to."""
    awaiting: Awaiting | None
    turn: Seat | None
    """Who calls or plays next when nothing is awaited (None once the board is over)."""
    phase: Phase
    """The table's period (a string enum: equal to its word)."""


@dataclass
class CallRecord:
    """A call as it was made, with what became of it."""

    seat: Seat
    call: TableCall
    event: int
    status: CallStatus = "effective"
    """effective; pending (an irregular call the Laws have not yet dealt with); cancelled (by a
    law); or withdrawn (replaced by its maker)."""
    law: str | None = None
    """The clause that cancelled or withdrew it."""
    inferred: bool = False
    """A pass the Laws infer (28A) or substitute (37B, 38C), not spoken at the table."""
    skipped: tuple[Seat, ...] = ()
    """Players who lost a turn when this call, made out of rotation, was accepted (29A)."""

    @property
    def is_effective(self) -> bool:
        return self.status == "effective"


CallChange = tuple[CallRecord, CallStatus, str | None, tuple[Seat, ...]]
"""A call's record as it was before the event under way changed it: the record, its status,
law and skipped seats (:attr:`TableState.call_changes`)."""


@dataclass
class NextCallRule:
    """What the Laws say about the offender's next call after a cancelled call (29B-32)."""

    kind: NextCallKind
    """comparable (the director compares it, 23A), repeat (31A1/32A1), rho (depends on what the
    right-hand opponent does: 31A/32A), denomination (2007 31A2), free (2007 32B2: he calls
    freely, his partner is barred; the rule is then dropped)."""
    law: str
    withdrawn: TableCall
    event: int
    shown: tuple[int, ...] | None = None
    """29C: the strains (0-4) an artificial withdrawn call specified, as the director found;
    Laws 30-32 work with these instead of the strain it named."""

    def repeats(self, call: TableCall) -> bool:
        """Does ``call`` repeat the withdrawn call (31A1), by 29C its denomination?"""
        if call.text == self.withdrawn.text:
            return True
        return (
            self.shown is not None
            and call.is_bid
            and not call.artificial
            and call.strain in self.shown
        )


@dataclass
class LeadRestriction:
    """A Law 26 lead restriction (or a Law 50/54-56 one in play): pending until declarer
    chooses at the restricted player's first turn to lead, then in force while he keeps it."""

    seat: Seat
    """The player whose lead is restricted (the offender's partner under Law 26)."""
    offender: Seat
    law: str
    event: int
    kind: RestrictionKind = "forbid"
    suit: str | None = None
    withdrawn: TableCall | None = None
    """The withdrawn call (2007 Law 26A looks at the suits it named)."""
    shown: tuple[int, ...] | None = None
    """29C: the strains (0-4) an artificial withdrawn call specified, as the director found."""

    def named_suits(self) -> tuple[str, ...]:
        """2007 26A: the suits the withdrawn call showed when it showed suits and nothing else
        (an artificial call out of rotation by what the director found under 29C); empty when
        2007 26B applies instead."""
        w = self.withdrawn
        if w is None:
            return ()
        if w.artificial:
            if not self.shown or 4 in self.shown:
                return ()  # no denomination found, or notrump: not only suits
            return tuple("CDHS"[s] for s in sorted(self.shown, reverse=True))
        return (w.suit.letter,) if w.suit is not None else ()

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat.letter, "law": self.law, "kind": self.kind, "suit": self.suit}


@dataclass
class Obligation:
    """What a player must do at his next turn to play (Law 57)."""

    law: str
    """57A: declarer chooses how the offender's partner plays; 57D: a card shown early."""
    card: int | None = None
    """57D: the card shown at the RHO's turn, to be played at his own."""
    options: tuple[str, ...] = ()
    """57A: declarer's options, until he has chosen."""
    choice: str | None = None
    """57A: declarer's choice: highest, lowest, require X or forbid X."""


@dataclass(kw_only=True)
class Pending:
    """An irregularity waiting for the next event. One subclass per irregularity, declared in
    its open matter's module under :mod:`bridgelaw.table.rules`, holds the fields it uses and
    no other, and is the one place that says which offer it makes (:meth:`offer`) and which
    rule takes its answers (:meth:`answer`); it reaches the rules of the layers below through
    the protocols of ``rules/auction/layer.py`` and ``rules/play/layer.py``."""

    offender: Seat
    """The player whose irregularity it is, or who answers it (the RHO for 45C4b)."""

    @property
    @abstractmethod
    def kind(self) -> PendingKind:
        """Its name, as :data:`PendingKind` lists it (a property, not a class variable:
        mypyc's dataclasses take an annotated class variable for a field)."""

    @abstractmethod
    def offer(self, table: TableState) -> Awaiting | None:
        """What the director offers for it now: who answers, under which clause, the options."""

    @abstractmethod
    def answer(self, table: TableState, event: Event) -> None:
        """The next event, taken up by the rule whose irregularity it is (it may refuse it
        with a :class:`~bridgelaw.table.events.ScriptError`, or settle it and clear
        :attr:`TableState.pending`)."""

    def faced(self) -> tuple[Card, ...]:
        """The cards it leaves face up on the table, out of the hand and not yet in a trick,
        while it waits (a lead out of turn, Laws 54-56; a card played instead of a penalty
        card, 52; cards played at once, 58B): the whole table sees them, and the player who
        decides looks at them."""
        return ()


@dataclass
class TableState:
    """All the table knows. The engine's rule modules read and change it."""

    board: Board
    edition: int = 2017
    history: list[CallRecord] = field(default_factory=list)
    turn: Seat = Seat.NORTH
    phase: Phase = Phase.AUCTION
    pending: Pending | None = None
    barred: dict[Seat, str] = field(default_factory=dict)
    no_double: set[Seat] = field(default_factory=set)
    """2007 Law 30B2b: the partner may not double or redouble at his next turn."""
    next_call: dict[Seat, NextCallRule] = field(default_factory=dict)
    lead_restrictions: list[LeadRestriction] = field(default_factory=list)
    exposed: list[tuple[Seat, int, int]] = field(default_factory=list)
    """Cards exposed during the auction (Law 24): seat, card, event."""
    penalty_cards: list[tuple[Seat, int, str]] = field(default_factory=list)
    ruling_log: list[Ruling] = field(default_factory=list)
    """The record, append-only: every ruling, review and piece of unauthorized information
    ever made, and the withdrawals that supersede some of them by reference; ``rulings``,
    ``reviews`` and ``unauthorized`` are the records in force."""
    review_log: list[Review] = field(default_factory=list)
    unauthorized_log: list[Unauthorized] = field(default_factory=list)
    withdrawals: list[Withdrawal] = field(default_factory=list)
    carried_slot: dict[Seat, tuple[Seat, ...]] = field(default_factory=dict)
    """A call that replaces another (25A, 25B1) takes its place in rotation: the players its
    acceptance skipped (29A) wait here for the call of that player that becomes effective."""
    unnoticed: list[CallRecord] = field(default_factory=list)
    """Law 36: inadmissible doubles and redoubles nobody drew attention to when made; they
    stand in the auction until attention is drawn (36A in the auction, 36C after the opening
    lead)."""
    contract: Contract | None = None
    declarer: Seat | None = None
    play: TablePlay | None = None
    must_play: dict[Seat, Obligation] = field(default_factory=dict)
    """Law 57: what a player must do at his next turn to play."""
    pc_choice_made: int | None = None
    """50D2: the number of tricks played when declarer last chose (one choice a lead)."""
    early_lead: tuple[Seat, int] | None = None
    """57C1: a defender's lead to the next trick made before his partner played to this one,
    once declarer has played from both hands: no rectification; it waits for the trick's end."""
    lead_retracted: int | None = None
    """60B: declarer's lead from the wrong hand was not accepted (55B) at this trick count and
    he has not yet led from the right one."""
    dummy_suggested: int | None = None
    """45F: the trick (by count of completed tricks) in which dummy suggested a card (57C2)."""
    score_cancelled: str | None = None
    """The clause that cancelled the table result (13B2, 13D, 15A3, 15B1, 67B3...): no
    score; the adjusted score is the director's (``reviews``)."""
    revoke_found_late: str | None = None
    """64B4 (after a non-offender called on the next deal) or 64B5 (after the round ended):
    attention was first drawn to the revokes so late that no trick changes hands."""
    tricks_before_transfers: int | None = None
    tricks: int | None = None
    event_index: int = 0
    call_changes: list[CallChange] = field(default_factory=list)
    """The records of calls changed in place, each with its fields before the change
    (:meth:`set_status`, :meth:`set_skipped`), in order (only appended to): what
    :mod:`~bridgelaw.table.undo` puts back, from the last, when it goes back to a snapshot."""

    # -- what the later layers' matters keep while they are dealt with (the play's, the
    # revokes', the dummy's and the board's; each field's clause is in its docstring, as a
    # comment naming a clause is read by the law book's index as code applying it)

    law50e_noted: tuple[tuple[Seat, Card], ...] = ()
    """2007 50E: the penalty cards already noted for the director."""
    law45c4b_rho: tuple[Seat, Card] | None = None
    """45C4b (2017): declarer's RHO and the card he had played after dummy's card that declarer
    designated by a slip; offered back to him once declarer has named dummy's card again."""
    law62d1_replay: bool = False
    """62D1: a trick-12 revoke was corrected after trick 13, which is to be played again;
    once no choice remains, its forced cards are played
    (:meth:`~bridgelaw.table.rules.play.law62.RevokeCorrection.forced_last_trick`)."""
    dummy_broke: bool = False
    """43A2: the director found that dummy broke a limitation (43B2, 43B3 then apply)."""
    dummy_offer: Awaiting | None = None
    """What the dummy laws now offer: 43B2a (the hand to lead from), 46B3b (the card of the
    rank named), 46B5 (a defender designates dummy's card), 62A (the correction of a revoke
    after a question); its ``others`` are the other seats that may answer (either defender)."""
    dummy_offer_kind: DummyOffer | None = None
    """What the open dummy offer asks, which routes its answer."""
    designated_46b: tuple[Card, int] | None = None
    """The card 46B deemed designated and the number of cards played once it was."""
    law45d_rho: tuple[Seat, Card] | None = None
    """45D1: declarer's RHO and the card he took back; declarer keeps his own card unless the
    RHO changes his."""
    law45d_back: tuple[tuple[Seat, Card], ...] = ()
    """45D1: the cards put back (dummy's, and those played after it) whose players have not
    played again since; each is a withdrawn play (16C) once another card takes its place."""
    missing_cards: tuple[tuple[Seat, Card], ...] = ()
    """Law 14: cards not in their owner's hand as taken out of the board, not yet found."""
    wrong_count: tuple[Seat, Card] | None = None
    """Law 13B: the hand that held a card too many, and the card; the director decides."""
    recall: tuple[Seat, str, str | None] | None = None
    """2007 17D2: the offender calls again (his cancelled call, his LHO's call to repeat)."""
    lho_repeat: tuple[Seat, str] | None = None
    """2007 17D2: the offender's LHO must repeat this call."""
    repeat_15c: tuple[tuple[Seat, str], ...] = ()
    """2007 15C: calls the staying pair must repeat in the new auction, in order."""
    wrong_table_found: bool = False

    # -- the effective auction ---------------------------------------------------------------

    def effective(self) -> list[CallRecord]:
        return [r for r in self.history if r.status == "effective"]

    def last_bid(self) -> CallRecord | None:
        for record in reversed(self.history):
            if record.is_effective and record.call.is_bid:
                return record
        return None

    def doubled(self) -> int:
        """0, 1 or 2: the last double or redouble after the last bid (Law 19)."""
        state = 0
        for record in reversed(self.history):
            if not record.is_effective:
                continue
            if record.call.is_bid:
                return state
            if state == 0 and record.call.code in (DOUBLE, REDOUBLE):
                state = record.call.number - PASS
        return state

    def is_sufficient(self, call: TableCall) -> bool:
        if call.code is None:
            return False  # a bid above seven is never sufficient: it is inadmissible (38)
        last = self.last_bid()
        return last is None or call.code > last.call.number

    def may_double(self, seat: Seat) -> bool:
        """Law 19A1: only the last bid, only an opponent's, only passes since."""
        last = self.last_bid()
        return last is not None and last.seat.side != seat.side and self.doubled() == 0

    def may_redouble(self, seat: Seat) -> bool:
        """Law 19B1: only an opponent's double of one's own side's bid, only passes since."""
        last = self.last_bid()
        return last is not None and last.seat.side == seat.side and self.doubled() == 1

    def is_legal(self, seat: Seat, call: TableCall) -> bool:
        if call.is_above_seven:
            return False
        if call.is_bid:
            return self.is_sufficient(call)
        if call.code == DOUBLE:
            return self.may_double(seat)
        if call.code == REDOUBLE:
            return self.may_redouble(seat)
        return True

    def legal_words(self, seat: Seat, doubles: bool = True) -> tuple[str, ...]:
        """The calls ``seat`` may make now, as event words (pass, X, XX, bids)."""
        words = ["pass"]
        if doubles and self.may_double(seat):
            words.append("X")
        if doubles and self.may_redouble(seat):
            words.append("XX")
        last = self.last_bid()
        first = 0 if last is None else last.call.number + 1
        words.extend(call_name(c) for c in range(first, 35))
        return tuple(words)

    def specified_suits(self, seat: Seat) -> set[str]:
        """Suits ``seat`` named in natural bids of the legal auction (Law 26B: those cannot be
        forbidden). An artificial bid's suits are not known to the engine, so none count."""
        suits = (r.call.suit for r in self.effective() if r.seat == seat)
        return {suit.letter for suit in suits if suit is not None}

    def final_declarer(self) -> Seat | None:
        """Law 22: of the side that made the final bid, the first to name its strain."""
        last = self.last_bid()
        if last is None:
            return None
        for record in self.effective():
            if (
                record.call.is_bid
                and record.seat.side == last.seat.side
                and record.call.strain == last.call.strain
            ):
                return record.seat
        return None  # pragma: no cover

    def effective_contract(self) -> Contract:
        last = self.last_bid()
        if last is None:
            return Contract(0, Strain.NOTRUMP, 0)
        assert last.call.strain is not None  # a bid names its strain
        return Contract(last.call.level, Strain(last.call.strain), self.doubled())

    # -- the record: append-only, read through the records in force -------------------------

    def _in_force(self, log: list[Any], name: LogName) -> list[Any]:
        if not self.withdrawals:
            return list(log)
        gone = {i for w in self.withdrawals if w.log == name for i in w.entries}
        return [r for i, r in enumerate(log) if i not in gone]

    @property
    def rulings(self) -> list[Ruling]:
        """The rulings in force, in order (a copy: the record is changed by :meth:`rule`)."""
        return self._in_force(self.ruling_log, "rulings")

    @property
    def reviews(self) -> list[Review]:
        return self._in_force(self.review_log, "reviews")

    @property
    def unauthorized(self) -> list[Unauthorized]:
        return self._in_force(self.unauthorized_log, "unauthorized")

    def withdraw(self, name: LogName, law: str, keep: Callable[[Any], bool]) -> None:
        """Supersede the records in force of log ``name`` that ``keep`` rejects, by reference
        (a :class:`Withdrawal` under ``law``); nothing is recorded if there are none."""
        log: list[Any]
        if name == "rulings":
            log = self.ruling_log
        elif name == "reviews":
            log = self.review_log
        else:
            log = self.unauthorized_log
        gone = {i for w in self.withdrawals if w.log == name for i in w.entries}
        entries = tuple(i for i, r in enumerate(log) if i not in gone and not keep(r))
        if entries:
            self.withdrawals.append(Withdrawal(self.event_index, law, name, entries))

    # -- bookkeeping -------------------------------------------------------------------------

    def cite(self, key: str) -> str:
        """The number of the 2017 clause ``key`` in this table's edition (16C is 2007 16D...):
        the law book (:mod:`bridgelaw.laws`) is the one place that knows the renumberings."""
        return number(key, self.edition)

    def by_edition(self, tag: str, e2017: T, e2007: T) -> T:
        """The variant of the rule tagged ``tag`` that this table's edition applies: the one
        way the engine declares a rule whose text differs between the editions, its 2017 and
        2007 variants side by side (:mod:`bridgelaw.laws.editions`)."""
        return by_edition(tag, self.edition, e2017, e2007)

    def rule(self, law: str, seat: Seat | None, said: Said) -> None:
        """A ruling under ``law`` on ``seat`` (the offender, or None): ``said``, a message of
        the catalog (:func:`~bridgelaw.table.messages.say`)."""
        self.ruling_log.append(Ruling(self.event_index, law, seat, said.text(), said))

    def mark_unauthorized(
        self, record: CallRecord, law: str = "16C", side: int | None = None
    ) -> None:
        """Law 16C (2007: 16D): information from a withdrawn or cancelled call is unauthorized
        for the offender's side (and authorized for the other side); 25A6 turns that round."""
        if law == "16C":
            law = self.cite("16C")  # 2007: 16D (its 16C is extraneous information)
        unauthorized_side = record.seat.side if side is None else side
        self.unauthorized_log.append(
            Unauthorized(
                record.event,
                record.seat.letter,
                ("NS", "EW")[unauthorized_side],
                law,
                call=record.call.text,
            )
        )

    def mark_card_unauthorized(self, seat: Seat, card: Card, side: int, law: str = "16C") -> None:
        """Law 16C (2007: 16D) for a card withdrawn in the play: information from ``seat``'s
        withdrawn ``card`` is unauthorized for ``side``, the offending side, whether the card
        was its own or a non-offender's (16C2), and authorized for the other side (16C1).
        Recorded at the event that withdrew it. A card that stays on the table as a penalty
        card is not withdrawn into the hand: Law 50E says what it tells, not this."""
        if law == "16C":
            law = self.cite("16C")  # 2007: 16D (its 16C is extraneous information)
        self.unauthorized_log.append(
            Unauthorized(
                self.event_index, seat.letter, ("NS", "EW")[side], law, card=card_name(card)
            )
        )

    def review(self, law: str, said: Said) -> None:
        """Something the director looks at again at the end of play (23C, 27D, 72C...)."""
        self.review_log.append(Review(self.event_index, law, said.text(), said))

    def set_status(self, record: CallRecord, status: CallStatus, law: str | None) -> None:
        """What became of a call (:attr:`CallRecord.status`) and the clause that did it: the
        one way a call's record changes once made, besides :meth:`set_skipped`. Its fields
        before are noted, so that undo puts them back without copying every record at every
        event (:mod:`~bridgelaw.table.undo`)."""
        self.call_changes.append((record, record.status, record.law, record.skipped))
        record.status, record.law = status, law

    def set_skipped(self, record: CallRecord, skipped: tuple[Seat, ...]) -> None:
        """The players who lost a turn when this call was accepted out of rotation (29A), or
        whose loss it carries on when it takes another call's slot; noted as
        :meth:`set_status` notes its change."""
        self.call_changes.append((record, record.status, record.law, record.skipped))
        record.skipped = skipped

    def bar(self, seat: Seat, until: str) -> None:
        """Bar ``seat`` from any call but pass until ``until`` (:data:`NEXT_TURN` or
        :data:`END_OF_AUCTION`).

        The bar keeps only how long it lasts: that is all a later call needs (a call the bar
        forbids is Law 37's, whatever imposed the bar) and all the view shows (``barred``: seat
        and until, fixed by table-script.md). The clause is the caller's: an open matter bars
        through its declaration (``BARRED.bar(t, seat, until)``:
        :meth:`~bridgelaw.table.rules.declared.Applies.bar`), which the law book's index reads,
        so that ``bridgelaw law 30A`` lists each bar 30A imposes; at the table, the ruling the
        caller makes with the bar names the rectification's clause."""
        if self.barred.get(seat) == END_OF_AUCTION:
            return  # a bar for the rest of the auction covers the next turn too
        self.barred[seat] = until

    # -- the engine's internal interface: the only calls that go up the layers -------------
    # The rule modules are layers, each a subclass of the one below (see bridgelaw.table):
    # a rule calls its own layer and the layers below it. These hooks are the moments a lower
    # layer reaches that need rules from above it; :class:`~bridgelaw.table.Table` (engine.py)
    # defines each, and mypy refuses a Table that leaves one out.

    @abstractmethod
    def play_event(self, event: Event) -> None:
        """Hook: a play-period event, to the rule module whose event it is (the engine's play
        router). DummyRules puts the card declarer designates (45, 46) into play through it,
        as if dummy had played it, answering an irregularity pending or an offer open."""

    @abstractmethod
    def _end_of_play(self) -> None:
        """Hook: the last card of the board is played (PlayRules, after_a_place_filled). The
        engine restores a card still missing (14B3, BoardRules), adds a card still owed to a
        trick (67B) and ends the board (:meth:`end_board`)."""

    @abstractmethod
    def end_board(self, declarer_tricks: int) -> None:
        """Hook: the board is over with ``declarer_tricks`` credited to declarer's side, before
        any revoke transfer (ClaimRules when a claim is settled; the end of play). The engine
        applies 14B3 (BoardRules) and Law 64 (RevokeRules) and records the tricks for Law 77."""
