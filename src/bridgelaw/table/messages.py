"""The rulings' messages: each sentence the engine says, by id, with its named parameters.

A ruling or review records what was said as a :class:`Said`: a message id of :data:`CATALOG`
and its parameters (a seat, a card, a call, a clause, a number...), not as prose; the English
text is rendered from them (:meth:`Said.text`) when a report is written. So a view can hide a
parameter its reader may not see (a card in another hand) and render the sentence again, and a
page can render the same ruling in another language from a catalog of the same ids (each
template names its parameters as ``{seat}``, the way gettext and Babel take them).

One message per distinct sentence; where a sentence has variants (a plural, an edition), each
variant is its own message. A parameter of kind ``message`` is itself a :class:`Said` (a
revoke as ``N's SA on trick 3``...), rendered inside the sentence. A parameter of kind
``text`` is English words made elsewhere (an adjudicator's line, a claim's statement): the
only free text left in a ruling.

>>> from bridgelaw.cards import parse_card
>>> say("revoke", seat=Seat.NORTH, card=parse_card("SA"), trick=3).text()
"N's SA on trick 3"
>>> say("revoke", seat=Seat.NORTH, card=parse_card("SA"), trick=3).as_json()
{'message': 'revoke', 'params': {'seat': 'N', 'card': 'SA', 'trick': 3}}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from string import Formatter
from typing import Any

from bridgelaw.cards import Seat, Suit, card_name
from bridgelaw.errors import BridgeLawError


class Kind(StrEnum):
    """What a parameter is: how it is written, and whether a view may have to hide it."""

    SEAT = "seat"  # a seat's letter: N, E, S, W
    CARD = "card"  # a card's name: SA, HT (hidden from a seat that could not see it)
    CARDS = "cards"  # cards' names, written with spaces between (each hidden as a card)
    SEATS = "seats"  # seats' letters, written with commas between
    SIDE = "side"  # a side: NS or EW
    CALL = "call"  # a call as written: 1NT, X, pass, 2C!
    SUIT = "suit"  # a suit's letter
    CLAUSE = "clause"  # a clause number in the table's edition: 16C2
    CONTRACT = "contract"  # a contract as written: 3NTX
    NUMBER = "number"  # a count: tricks, a trick's number
    WORD = "word"  # one of a few fixed words an event or a choice names (high, low, forbid...)
    TEXT = "text"  # English words made outside the catalog (free text)
    MESSAGE = "message"  # another message, said inside this one


@dataclass(frozen=True, slots=True)
class Message:
    """One sentence of the catalog: its id, its English template and its parameters."""

    id: str
    template: str
    params: tuple[tuple[str, Kind], ...]


class UnknownMessage(BridgeLawError):
    """A message id the catalog does not hold, or parameters that are not the message's."""


@dataclass(frozen=True, slots=True)
class Said:
    """A message said: its id and its parameters' values (seat letters, card names, calls as
    written, numbers, or other messages said), in the catalog's order."""

    message: str
    params: tuple[tuple[str, ParamValue], ...]

    def text(self) -> str:
        """The English sentence (the catalog's template with the parameters written in)."""
        values = {name: _written(value) for name, value in self.params}
        return CATALOG[self.message].template.format_map(values)

    def as_json(self) -> dict[str, Any]:
        return {"message": self.message, "params": {n: _json(v) for n, v in self.params}}

    def replaced(self, hide: Callable[[str, Kind], str]) -> Said:
        """The same message with each card parameter ``hide`` maps to another value (a view's
        hidden card), in nested messages too; ``hide`` takes a card's name and a kind."""
        kinds = dict(CATALOG[self.message].params)
        params: list[tuple[str, ParamValue]] = []
        for name, value in self.params:
            kind = kinds[name]
            if isinstance(value, Said):
                params.append((name, value.replaced(hide)))
            elif kind == Kind.CARD and isinstance(value, str):
                params.append((name, hide(value, kind)))
            elif kind == Kind.CARDS and isinstance(value, tuple):
                params.append((name, tuple(hide(c, Kind.CARD) for c in value)))
            elif kind == Kind.TEXT and isinstance(value, str):
                params.append((name, hide(value, kind)))
            else:
                params.append((name, value))
        return Said(self.message, tuple(params))


ParamValue = str | int | tuple[str, ...] | Said
"""A parameter's value: a name or a number as written, cards' names, or a message said."""


def from_json(message: str, params: Mapping[str, Any]) -> Said:
    """A message said, from its JSON (``message`` and ``params`` of a view's ruling): what a
    client renders, in English with :meth:`Said.text` or from its own catalog."""
    if message not in CATALOG:
        raise UnknownMessage(f"no message {message!r} in the catalog")
    found = CATALOG[message]
    if set(params) != {n for n, _ in found.params}:
        raise UnknownMessage(f"message {message!r} takes {', '.join(n for n, _ in found.params)}")
    values: list[tuple[str, ParamValue]] = []
    for name, kind in found.params:
        value = params[name]
        if kind == Kind.MESSAGE and isinstance(value, Mapping):
            values.append((name, from_json(str(value["message"]), value["params"])))
        elif kind == Kind.CARDS and isinstance(value, list):
            values.append((name, tuple(str(v) for v in value)))
        elif isinstance(value, (str, int)) and not isinstance(value, bool):
            values.append((name, value))
        else:
            raise UnknownMessage(f"{message}.{name}: {value!r} is not a {kind}")
    return Said(message, tuple(values))


def _written(value: ParamValue) -> str:
    if isinstance(value, Said):
        return value.text()
    if isinstance(value, tuple):
        return " ".join(value)  # cards: the one list of several values besides seats
    return str(value)


def _json(value: ParamValue) -> Any:
    if isinstance(value, Said):
        return value.as_json()
    if isinstance(value, tuple):
        return list(value)
    return value


def _value(kind: Kind, value: object, where: str) -> ParamValue:
    """A parameter's value as stored: a seat as its letter, a card as its name..."""
    if kind == Kind.MESSAGE:
        if isinstance(value, Said):
            return value
    elif kind == Kind.NUMBER:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif kind == Kind.SEAT and isinstance(value, Seat):
        return value.letter
    elif kind == Kind.CARD and isinstance(value, int) and not isinstance(value, bool):
        return card_name(value)
    elif kind == Kind.CARDS and isinstance(value, (tuple, list)):
        return tuple(card_name(c) if isinstance(c, int) else str(c) for c in value)
    elif kind == Kind.SEATS and isinstance(value, (tuple, list)):
        return ", ".join(s.letter if isinstance(s, Seat) else str(s) for s in value)
    elif kind == Kind.SUIT and isinstance(value, Suit):
        return value.letter
    elif kind in (Kind.CALL, Kind.CONTRACT) and value is not None and not isinstance(value, int):
        return str(value)  # a TableCall or Contract as written, or a call's text
    elif isinstance(value, str):
        return value
    elif kind == Kind.TEXT:
        return str(value)  # free text: an error's message
    raise UnknownMessage(f"{where}: {value!r} is not a {kind}")


def say(message: str, **params: object) -> Said:
    """The message ``message`` said with ``params`` (typed values: a :class:`Seat`, a card, a
    call...); an unknown id, or parameters other than the message's own, raise
    :class:`UnknownMessage` (the catalog test reads every call in the engine's sources)."""
    found = CATALOG.get(message)
    if found is None:
        raise UnknownMessage(f"no message {message!r} in the catalog")
    if len(params) != len(found.params) or any(n not in params for n, _ in found.params):
        names = ", ".join(n for n, _ in found.params)
        raise UnknownMessage(f"message {message!r} takes {names}, not {', '.join(params)}")
    return Said(
        message,
        tuple((n, _value(kind, params[n], f"{message}.{n}")) for n, kind in found.params),
    )


SEAT, SEATS, CARD, CARDS, CALL = Kind.SEAT, Kind.SEATS, Kind.CARD, Kind.CARDS, Kind.CALL
SUIT, SIDE = Kind.SUIT, Kind.SIDE
CLAUSE, CONTRACT, NUMBER, WORD = Kind.CLAUSE, Kind.CONTRACT, Kind.NUMBER, Kind.WORD
TEXT, MESSAGE = Kind.TEXT, Kind.MESSAGE

PARAMETERS: dict[str, Kind] = {
    "acceptance": MESSAGE,
    "asker": SEAT,
    "call": CALL,
    "cancelled": CALL,
    "card": CARD,
    "claim": MESSAGE,
    "claimer": SEAT,
    "clause": CLAUSE,
    "conceded": NUMBER,
    "conceder": SEAT,
    "contract": CONTRACT,
    "declarer": SEAT,
    "deprived": SEAT,
    "dummy": SEAT,
    "earlier": NUMBER,
    "equity": CLAUSE,  # the clause that restores equity (64C1, 64C2a; 2007 64C)
    "error": TEXT,
    "exposed": MESSAGE,
    "expected": CALL,
    "first": CALL,
    "hand": SEAT,
    "law": CLAUSE,
    "leader": SEAT,
    "lho": SEAT,
    "lho_call": CALL,
    "moved": NUMBER,
    "offender": SEAT,
    "old": CARD,
    "other_revoke": MESSAGE,
    "owner": SEAT,
    "partner": SEAT,
    "picked": MESSAGE,
    "penalty_card": CARD,
    "played": TEXT,
    "rank": WORD,
    "remaining": NUMBER,
    "replacement": CALL,
    "revoke": MESSAGE,
    "rho": SEAT,
    "seat": SEAT,
    "shown": CARD,
    "statement": TEXT,
    "suggestion": TEXT,
    "suit": SUIT,
    "suits": MESSAGE,
    "seats": SEATS,
    "restriction": WORD,
    "tricks": NUMBER,
    "line": TEXT,
    "side": SIDE,
    "cards": CARDS,
    "tally": MESSAGE,
    "credited": NUMBER,
    "total": NUMBER,
    "back": NUMBER,
    "target": SEAT,
    "text": TEXT,
    "trick": NUMBER,
    "turn": SEAT,
    "verb": WORD,
    "what": TEXT,
    "winner": SEAT,
    "withdrawn": CALL,
    "word": WORD,
}
"""Every parameter's name and its kind: a name means the same thing in every message (a
translator reads ``{offender}`` as a seat everywhere). ``card2`` is a second ``card``."""


def kind_of(name: str) -> Kind:
    """The kind of parameter ``name`` (``card2`` is a ``card``)."""
    found = PARAMETERS.get(name.rstrip("0123456789"))
    if found is None:
        raise UnknownMessage(f"no parameter {name!r} in the catalog's list")
    return found


def _message(id: str, template: str) -> Message:
    names = (name for _, name, _, _ in Formatter().parse(template) if name is not None)
    return Message(id, template, tuple((n, kind_of(n)) for n in dict.fromkeys(names)))


# The catalog, by module of the engine where each message is said.
MESSAGES: tuple[Message, ...] = (
    _message("revoke", "{seat}'s {card} on trick {trick}"),
    # auction_rules.py
    _message(
        "auction-event",
        "{seat} asks for a review of the auction: information only, no rectification.",
    ),
    _message(
        "finish-auction.bid-legally-after-all",
        "{offender} bid {suit} legally after all: no lead restriction.",
    ),
    _message(
        "finish-auction.bid-legally-after-all.two",
        "{offender} bid {suit} and {suit2} legally after all: no lead restriction.",
    ),
    _message(
        "finish-auction.bid-legally-after-all.three",
        "{offender} bid {suit} and {suit2} and {suit3} legally after all: no lead restriction.",
    ),
    _message(
        "finish-auction.bid-legally-after-all.four",
        "{offender} bid {suit} and {suit2} and {suit3} and {suit4} legally after all: no lead "
        "restriction.",
    ),
    _message(
        "finish-auction.four-passes-board-passed",
        "four passes: the board is passed out; it scores nothing for either side and is not "
        "dealt again.",
    ),
    _message(
        "infer-pass",
        "{seat} had to pass, so the next call counts as in rotation and {seat}'s pass is taken "
        "as made.",
    ),
    _message(
        "judge-event.director-finds-comparable-cancelled",
        "the director finds {offender}'s {call} comparable to the cancelled {withdrawn}: no "
        "further rectification (no lead restriction).",
    ),
    _message(
        "judge-event.director-finds-not-comparable",
        "the director finds {offender}'s {call} not comparable to the cancelled {withdrawn}: "
        "{partner} must pass at his next turn, and declarer may restrict a lead (Law 26B).",
    ),
    _message(
        "judge-event.if-could-have-known",
        "if {offender} could have known that the irregularity might damage the other side, the "
        "director may adjust the score.",
    ),
    _message(
        "judge-event.if-without-help-irregularity",
        "if without the help of the irregularity the result could well have been different, the"
        " director adjusts the score.",
    ),
    _message(
        "law17d3.cancelled-pass-was-made",
        "{offender}'s cancelled pass was made at his RHO's turn: {offender} must pass at his "
        "next turn.",
    ),
    _message(
        "law17d3.three-passes-one-them",
        "three passes, one of them out of rotation, would have ended the auction without "
        "{deprived}'s turn: the auction is not over; the pass out of rotation and the passes "
        "after it are cancelled, and it is {deprived}'s turn.",
    ),
    _message(
        "law21b-event.changes",
        "{offender} changes his {call} to {call2} (misinformation, no rectification).",
    ),
    _message(
        "law21b-event.changes-after-rho",
        "{offender} changes his {call} to {call2} after his RHO's change (16C applies to the "
        "withdrawn call).",
    ),
    _message("law21b-event.keeps", "{offender} keeps his {call}."),
    _message(
        "law21b-event.no-longer-legal-after",
        "{lho}'s {lho_call} is no longer legal after the change: he calls again (16C applies to"
        " the withdrawn call).",
    ),
    _message(
        "law24-at-the-end.will-be-declarer-or",
        "{seat} will be declarer or dummy: the exposed {cards} goes back into the hand, with no"
        " penalty card.",
    ),
    _message(
        "law24-at-the-end.penalty-card",
        "{seat} is a defender: the exposed {cards} becomes penalty card (Law 50).",
    ),
    _message(
        "law24-at-the-end.penalty-cards",
        "{seat} is a defender: the exposed {cards} become penalty cards (Law 50).",
    ),
    _message(
        "law24-exposed.exposed-card-stays-face",
        "{seat} exposed {exposed}: the card stays face up until the auction ends and {partner} "
        "must pass at his next turn.",
    ),
    _message(
        "law24-exposed.exposed-stays-face-up",
        "{seat} exposed {exposed}: it stays face up until the auction ends, with no other "
        "rectification now.",
    ),
    _message("exposed.honour", "an honour ({card})"),
    _message("exposed.low-card", "a low card ({card})"),
    _message("exposed.two-or-more", "two or more cards"),
    _message(
        "law25-after-lho.director-finds-unintended-replaces",
        "the director finds {offender}'s {first} unintended: {call} replaces it, without "
        "rectification (no Law 26).",
    ),
    _message(
        "law25-after-lho.director-finds-unintended-replaces-2",
        "the director finds {offender}'s {first} unintended; {call} replaces it and is subject "
        "to the Laws in its turn.",
    ),
    _message(
        "law25-event.accepts-change-first-call",
        "{lho} accepts {offender}'s change to {call}: the first call is withdrawn and the new "
        "one stands.",
    ),
    _message(
        "law25-event.director-finds-unintended-replaces",
        "the director finds {offender}'s {first} unintended: {call} replaces it, without "
        "rectification.",
    ),
    _message(
        "law25-event.does-not-accept-change",
        "{lho} does not accept the change: {call} is cancelled and {offender}'s first call stands.",
    ),
    _message(
        "law25a-before-27",
        "the director finds {offender}'s insufficient {first} unintended: {replacement} "
        "replaces it where it stands and is subject to the Laws there; Law 27 no longer "
        "applies, and no lead restriction follows (Law 26).",
    ),
    _message(
        "law25a6-withdraw",
        "{seat}'s {call}, made over the unintended call, is taken back; {seat} calls again (the "
        "withdrawn call is authorized information for his side only).",
    ),
    _message(
        "law25a6-withdraw.no-longer-legal",
        "{seat}'s {call}, made over the unintended call, is no longer legal and is taken back; "
        "{seat} calls again (the withdrawn call is authorized information for his side only).",
    ),
    _message(
        "law27-declined.does-not-accept-insufficient",
        "{lho} does not accept the insufficient {call}; {offender} must replace it.",
    ),
    _message(
        "law27-declined.does-not-accept-insufficient-2",
        "{lho} does not accept the insufficient {call}; {offender}'s early replacement "
        "{replacement} stands and is judged as his replacement.",
    ),
    _message(
        "law27-declined.replaced-insufficient-bid-with",
        "{offender} replaced the insufficient bid with another insufficient bid: it is "
        "cancelled, {offender} must bid sufficiently or pass, and {partner} must pass for the "
        "rest of the auction.",
    ),
    _message(
        "law27-judged.director-finds-comparable-insufficient",
        "the director finds {call} comparable to the insufficient bid: the auction goes on "
        "without rectification.",
    ),
    _message(
        "law27-judged.not-comparable-insufficient-bid",
        "{call} is not comparable to the insufficient bid: {partner} must pass for the rest of "
        "the auction, and declarer may restrict a lead (Law 26).",
    ),
    _message(
        "law27-replacement",
        "{call} is the lowest sufficient bid in the same denomination: the auction goes on "
        "without rectification.",
    ),
    _message(
        "law27a1-accept",
        "{lho} accepts the insufficient {call}: it stands as a legal bid and the auction goes on "
        "from it.",
    ),
    _message(
        "law27a1-accept.calls-over",
        "{lho} calls over the insufficient {call}: it stands as a legal bid and the auction "
        "goes on from it.",
    ),
    _message(
        "law27b-barring",
        "if {offender} could have known that the insufficient bid might damage the other side, "
        "the director may adjust the score.",
    ),
    _message(
        "law27b3",
        "{offender}'s {call} cannot replace the insufficient bid: it is cancelled, {offender} "
        "must bid sufficiently or pass, and {partner} must pass for the rest of the auction.",
    ),
    _message(
        "law28b",
        "{turn} calls in turn before any rectification: {offender}'s {call} out of rotation is "
        "cancelled without rectification; it is unauthorized information for {partner} "
        "({clause}).",
    ),
    _message(
        "law29a.called-over.many",
        "{lho} calls over {offender}'s {call} out of rotation: it stands as if in rotation, and"
        " {seats} lose that turn.",
    ),
    _message(
        "law29a.called-over.one",
        "{lho} calls over {offender}'s {call} out of rotation: it stands as if in rotation, and"
        " {seats} loses that turn.",
    ),
    _message(
        "law29a.accepted.many",
        "{lho} accepts {offender}'s {call} out of rotation: it stands as if in rotation, and "
        "{seats} lose that turn.",
    ),
    _message(
        "law29a.accepted.one",
        "{lho} accepts {offender}'s {call} out of rotation: it stands as if in rotation, and "
        "{seats} loses that turn.",
    ),
    _message(
        "law29b-rectify",
        "{offender}'s pass out of rotation passed an artificial call: Law 31 applies, not Law 30.",
    ),
    _message(
        "law29b-rectify.2007",
        "{offender}'s pass out of rotation passed his partner's artificial call: Law 31 "
        "applies, not Law 30.",
    ),
    _message(
        "law29c-event",
        "the director finds that {offender}'s artificial {call} specified {what}: Laws 30-32 "
        "apply to that, not to the denomination it named.",
    ),
    _message(
        "law30-32-2007.out-rotation-at-partner",
        "{offender}'s {call} out of rotation at his partner's turn is cancelled; {partner} must"
        " pass for the rest of the auction (2007).",
    ),
    _message(
        "law30-32-2007.out-rotation-at-rho",
        "{offender}'s {call} out of rotation at his RHO's turn is cancelled; if {turn} passes "
        "{offender} must repeat it (2007).",
    ),
    _message(
        "law30-32-2007.out-rotation-at-rho-2",
        "{offender}'s {call} out of rotation at his RHO's turn is cancelled; if {turn} passes "
        "{offender} must repeat it, otherwise {partner} must pass throughout (2007).",
    ),
    _message(
        "law30-32-2007.out-rotation-cancelled-must",
        "{offender}'s {call} out of rotation is cancelled; {partner} must pass for the rest of "
        "the auction and a lead restriction may follow (2007).",
    ),
    _message(
        "law30-32-2007.passed-out-rotation-at",
        "{offender} passed out of rotation at his RHO's turn: {offender} must pass at his next "
        "turn (2007).",
    ),
    _message(
        "law30-32-2007.passed-out-rotation-at-2",
        "{offender} passed out of rotation at his partner's turn: {offender} must pass for the "
        "rest of the auction, and {partner} may not double or redouble at this turn (2007 "
        "30B2b).",
    ),
    _message(
        "law30-32-2007.passed-out-rotation-before",
        "{offender} passed out of rotation before any bid: {offender} must pass at his next "
        "turn (2007).",
    ),
    _message(
        "law30-32.out-rotation-at-rho",
        "{offender}'s {call} out of rotation at his RHO's turn is cancelled; if {turn} passes, "
        "{offender} must repeat it; if {turn} calls, {offender} may call freely and the "
        "director judges whether that call is comparable.",
    ),
    _message(
        "law30-32.out-rotation-cancelled-may",
        "{offender}'s {call} out of rotation is cancelled; {partner} may make any legal call "
        "(the cancelled call is unauthorized information for him); {offender}'s next call will "
        "be judged comparable or not.",
    ),
    _message(
        "law30-32.pass-out-rotation-cancelled",
        "{offender}'s pass out of rotation is cancelled; {partner} may make any legal call (the"
        " pass is unauthorized information for him); {offender}'s next call will be judged "
        "comparable or not.",
    ),
    _message(
        "law30-32.passed-out-rotation-at",
        "{offender} passed out of rotation at his RHO's turn: the pass is cancelled, the "
        "auction goes back to {turn}, and {offender} must pass at his next turn.",
    ),
    _message(
        "law31a2-2007.does-not-repeat-denomination",
        "{seat} does not repeat the denomination of his cancelled {withdrawn}: {partner} must "
        "pass for the rest of the auction (2007).",
    ),
    _message(
        "law31a2-2007.repeats-denomination-cancelled-must",
        "{seat} repeats the denomination of his cancelled {withdrawn}: {partner} must pass at "
        "his next turn (2007).",
    ),
    _message(
        "law36-event",
        "{lho} called over {offender}'s inadmissible {call}: it is cancelled with every later "
        "call, and the auction goes back to {turn} as if nothing had happened.",
    ),
    _message(
        "law36-noticed.attention-drawn-inadmissible-after",
        "attention is drawn to {offender}'s inadmissible {call} after {lho} called over it: it "
        "is cancelled with every later call, and the auction goes back to {turn} as if nothing "
        "had happened (no Law 26).",
    ),
    _message(
        "law36-noticed.attention-first-drawn-inadmissible",
        "attention is first drawn to {offender}'s inadmissible {call} after the opening lead: "
        "the result is recorded as if it had not been made ({contract}).",
    ),
    _message(
        "law36b",
        "{offender}'s inadmissible {call} is cancelled; {offender} makes a legal call at his "
        "turn, {partner} must pass for the rest of the auction, and a lead restriction may "
        "follow (36B3).",
    ),
    _message(
        "law36b.back",
        "{offender}'s inadmissible {call} is cancelled; the auction goes back to {turn}; "
        "{offender} makes a legal call at his turn, {partner} must pass for the rest of the "
        "auction, and a lead restriction may follow (36B3).",
    ),
    _message(
        "law37-event.called-over-before-rectification",
        "{lho} called over {offender}'s {call} before rectification: it stands, with no further"
        " rectification.",
    ),
    _message(
        "law37-event.had-pass-cancelled-pass",
        "{offender} had to pass: his {call} is cancelled and a pass put in its place; "
        "{offender} and {partner} must pass for the rest of the auction.",
    ),
    _message(
        "law38-event.cancelled-no-contract-above",
        "{offender}'s {call} is cancelled (no contract above seven is played); {offender} and "
        "{partner} must pass for the rest of the auction, and a lead restriction may follow "
        "(38D).",
    ),
    _message(
        "law38-event.cancelled-no-contract-above.in-turn",
        "{offender}'s {call} is cancelled (no contract above seven is played); a pass replaces "
        "it; {offender} and {partner} must pass for the rest of the auction, and a lead "
        "restriction may follow (38D).",
    ),
    _message(
        "law38-event.cancelled-with-call-over",
        "{offender}'s {call} is cancelled with {lho}'s call over it; {offender} and {partner} "
        "must pass for the rest of the auction; no lead restriction, since {lho} had called.",
    ),
    _message(
        "law38-event.cancelled-with-call-over.in-turn",
        "{offender}'s {call} is cancelled with {lho}'s call over it; a pass replaces it; "
        "{offender} and {partner} must pass for the rest of the auction; no lead restriction, "
        "since {lho} had called.",
    ),
    _message(
        "make-call",
        "{seat} repeats {call} as the Laws require; no further rectification for the call out "
        "of rotation.",
    ),
    _message(
        "review-27d",
        "if the insufficient {call} helped {offender}'s side and damaged the other, the "
        "director adjusts the score.",
    ),
    # rules/board: law13.py, law14.py, law15a.py, law15b.py
    _message("adjusted.board-86b", "adjusted score for the board (86B may apply in teams)"),
    _message("adjusted.artificial-score", "artificial adjusted score (12C)"),
    _message("adjusted.assigned", "assigned adjusted score (12C1b); the offender may be penalized"),
    _message("adjusted.artificial-scores", "artificial adjusted scores (12C)"),
    _message("adjusted.artificial-scores-board", "artificial adjusted scores (12C) for the board"),
    _message(
        "adjusted.cancelled-both-sides",
        "the board is cancelled for both sides at this table",
    ),
    _message("adjusted.law15a3", "an adjusted score"),
    _message("adjusted.law15a3.2007", "artificial adjusted scores"),
    _message(
        "law13-wrong-count.adjusted-score-if-information",
        "adjusted score if the information from the card seen helped",
    ),
    _message(
        "law13-wrong-count.after-play-found-held",
        "after the play it is found that {seat} held {card}, {owner}'s card, as well as his "
        "own: the score is cancelled and the board gets an adjusted score.",
    ),
    _message(
        "law13-wrong-count.held-card-before-either",
        "{seat} held {card}, {owner}'s card, before either had called: the card goes back to "
        "{owner}; nobody saw another player's card: the board is played normally.",
    ),
    _message(
        "law13-wrong-count.held-card-before-either.seen",
        "{seat} held {card}, {owner}'s card, before either had called: the card goes back to "
        "{owner}; a card was seen: the board is played, and the director adjusts if that "
        "information affected the result.",
    ),
    _message(
        "law13-wrong-count.held-card-before-either-2",
        "{seat} held {card}, {owner}'s card, before either called, and a card seen gives "
        "information serious enough to disturb the board: an artificial adjusted score.",
    ),
    _message(
        "law13b-decide.director-may-adjust-score",
        "the director may adjust the score at the end of the board",
    ),
    _message(
        "law13b-decide.held-card-one-them",
        "{seat} held {card}, {owner}'s card, and one of them has called: the board cannot be "
        "played normally; it gets an adjusted score.",
    ),
    _message(
        "law13b-decide.held-card-one-them-2",
        "{seat} held {card}, {owner}'s card, and one of them has called: the director corrects "
        "the deal ({card} back to {owner}) and the board goes on with the calls unchanged.",
    ),
    _message(
        "law13c-surplus.card-not-deal-was",
        "a card not of the deal was among the played cards",
    ),
    _message(
        "law13c-surplus.surplus-no-hand-this",
        "a surplus {card}, of no hand of this deal, is found with {seat}'s cards: it is removed"
        " and the board goes on without rectification.",
    ),
    _message(
        "law13c-surplus.surplus-no-hand-this-2",
        "a surplus {card}, of no hand of this deal, is found among the played cards: it is "
        "removed, and the director may adjust the score.",
    ),
    _message(
        "law14-at-the-end",
        "when play ended {seat}'s {card} was still missing: the director restores it to the "
        "hand (from another pack if need be), and it counts as held throughout (14B4).",
    ),
    _message(
        "law14-found.missing-from-hand-found",
        "{card}, missing from {owner}'s hand, is found after the opening lead: it goes back to "
        "the hand and counts as held throughout (14B4): it may become a penalty card, and not "
        "having played it may be a revoke.",
    ),
    _message(
        "law14-found.missing-from-hand-found-2",
        "{card}, missing from {owner}'s hand, is found before the opening lead is faced: it "
        "goes back to the hand, the calls stand and the auction and play go on (14A3).",
    ),
    _message(
        "law14-found.missing-from-hand-found-3",
        "{card}, missing from {owner}'s hand, is found among the played cards: Law 67 applies "
        "to trick {trick}, to which {owner} contributed no card.",
    ),
    _message(
        "law14b4-revokes.counts-held-trick-revoke",
        "{card} counts as held on trick {trick}: {revoke} is a revoke.",
    ),
    _message(
        "law14b4-revokes.established-side-has-played",
        "{revoke} is established: {seat}'s side has played to a later trick.",
    ),
    _message(
        "law15a-cancel.adjusted-score-board-12c",
        "adjusted score for the board (12C), by fault",
    ),
    _message(
        "law15a-cancel.called-cards-from-another",
        "{seat} called on cards from another board: his call and the calls after it are "
        "cancelled; he calls again with his own cards (the cancelled calls are unauthorized "
        "information for his side, 16C).",
    ),
    _message(
        "law15a-cancel.called-cards-from-another-2",
        "{seat} called on cards from another board and {partner} had called since: the calls "
        "are cancelled and the board gets an adjusted score (Law 12).",
    ),
    _message(
        "law15a-cancel.when-plays-board-cards",
        "when {seat} plays the board his cards came from, a call that differs from the "
        "cancelled one means an adjusted score there.",
    ),
    _message(
        "law15a3.call-here-differs-from",
        "{seat}'s call here differs from the call he made on these cards at another table, "
        "cancelled there: the board gets an adjusted score.",
    ),
    _message(
        "law15a3.call-here-differs-from.2007",
        "{seat}'s call here differs from the call he made on these cards at another table, "
        "cancelled there: the board gets artificial adjusted scores.",
    ),
    _message(
        "law15a3.repeats-here-call-cancelled",
        "{seat} repeats here the call cancelled at another table (he had taken this board's "
        "cards by mistake): the board is played normally.",
    ),
    _message(
        "law15b.artificial-adjusted-scores-12c2a",
        "artificial adjusted scores (12C2a) to any contestant deprived of a result",
    ),
    _message(
        "law15b.artificial-adjusted-scores-12c2a-2",
        "artificial adjusted scores (12C2a) to every contestant deprived of a result (teams: 86B)",
    ),
    _message(
        "law15b.this-board-was-not",
        "this board was not assigned to these contestants this round, but none of the four had "
        "played it: the board is completed and the score stands (the right pairs may be told to"
        " play it later).",
    ),
    _message(
        "law15b.this-board-was-not-2",
        "this board was not assigned to these contestants this round and one of the four had "
        "played it before: it is cancelled for both sides.",
    ),
    _message(
        "law15c",
        "the board is not {side}'s this round: the auction is cancelled and starts again with "
        "the right pair; {side2} must repeat their calls, and a call that differs cancels the "
        "board.",
    ),
    _message(
        "law17d.called-cards-from-another",
        "{seat} called {call} on cards from another board: the call is cancelled and he calls "
        "again with his own cards (17D2).",
    ),
    _message(
        "law17d.called-cards-from-another.lho-repeats",
        "{seat} called {call} on cards from another board: the call is cancelled and he calls "
        "again with his own cards (17D2); {lho} must then repeat his {lho_call}, and a call by "
        "{seat} that differs from the cancelled one means artificial adjusted scores.",
    ),
    _message(
        "law17d.called-cards-from-another-2",
        "{seat} called on cards from another board and {partner} had called since: artificial "
        "adjusted scores (2007 17D2).",
    ),
    _message(
        "law17d.when-plays-board-cards",
        "when {seat} plays the board his cards came from, a call that differs from the "
        "cancelled one means artificial adjusted scores there.",
    ),
    _message(
        "repeated-calls.differs-from-cancelled-auction",
        "{seat}'s {call} differs from his {expected} in the cancelled auction: the board is "
        "cancelled.",
    ),
    _message(
        "repeated-calls.differs-from-cancelled-over",
        "{seat}'s {call} differs from his cancelled {cancelled}, over which {lho} had called: "
        "artificial adjusted scores.",
    ),
    # rules/claims/law68_71.py
    _message("ask-adjudicator", "the adjudicator gives no suggestion: {error}."),
    _message("law68-claim.play-stops-68d", "{seat} {claim}; play stops (68D)."),
    _message(
        "law68-claim.play-stops-68d.stating",
        '{seat} {claim}, stating "{statement}"; play stops (68D).',
    ),
    _message("claim.all", "claims all {remaining} remaining tricks for {side}"),
    _message(
        "claim.some",
        "claims {tricks} of the {remaining} remaining tricks for {side}, and so concedes "
        "{conceded} (68B1)",
    ),
    _message("claim.none", "claims no trick: {side} concede all {remaining} remaining"),
    _message("claim.concedes", "concedes {tricks} of the {remaining} remaining tricks"),
    _message(
        "law68-claim.speaks-trick-progress-only",
        "{seat} speaks of the trick in progress only, the last one: that is not a claim or "
        "concession, and play goes on.",
    ),
    _message(
        "law68b2.may-not-use-what",
        "{partner} may not use what he learnt from {conceder}'s attempted concession or from "
        "any card shown with it (68B2).",
    ),
    _message(
        "law68b2.objects-at-once-concession",
        "{partner} objects at once to {conceder}'s concession: there is neither claim nor "
        "concession, and play goes on; a card shown is no penalty card.",
    ),
    _message(
        "law68d2-disputed.claimed-without-stating-line",
        "{claimer} claimed without stating his line: doubtful points go against him (70A).",
    ),
    _message(
        "law68d2-disputed.disputes-play-stays-stopped.claim",
        "{seat} disputes {claimer}'s claim: play stays stopped and the director rules (70).",
    ),
    _message(
        "law68d2-disputed.disputes-play-stays-stopped.claim.unless-play-on",
        "{seat} disputes {claimer}'s claim: play stays stopped and the director rules (70) "
        "unless play goes on (68D2b).",
    ),
    _message(
        "law68d2-disputed.disputes-play-stays-stopped.concession",
        "{seat} disputes {claimer}'s concession: play stays stopped and the director rules (70).",
    ),
    _message(
        "law68d2-disputed.disputes-play-stays-stopped.concession.unless-play-on",
        "{seat} disputes {claimer}'s concession: play stays stopped and the director rules (70)"
        " unless play goes on (68D2b).",
    ),
    _message(
        "law68d2-disputed.unstated-line-needs-card",
        "an unstated line that needs a card to lie with a given opponent is not accepted unless"
        " that opponent had shown out of its suit, would show out on any normal play, or not "
        "taking the line would be irrational (2007; 2017 has no 'irrational' exception).",
    ),
    _message(
        "law68d2b-answer.all-four-players-agree",
        "all four players agree to play on: {claimer}'s claim is void, nobody rules on it, and "
        "the tricks are as the play gives them; cards shown are no penalty cards (Laws 16 and "
        "50 do not apply).",
    ),
    _message(
        "law68d2b-answer.does-not-agree-play",
        "{seat} does not agree to play on: the director rules on the claim (70).",
    ),
    _message(
        "law69a-late-objection",
        "{seat} objects before his agreement became final (before his side's next call): the "
        "claim is disputed after all, and the director rules (70).",
    ),
    _message(
        "law70d3-card-after-claim",
        "{seat} played {card} after {claimer}'s claim, although play had stopped (68D): the "
        "director may take it as evidence of the likely play and of the claim's soundness.",
    ),
    _message(
        "record-suggestion.adjudicator-answered-not-0",
        "the adjudicator answered {suggestion}, not 0 to {remaining}: ignored.",
    ),
    _message(
        "record-suggestion",
        "the adjudicator suggests {tricks} of the {remaining} remaining tricks for {side} "
        "(declarer's side); the director decides.",
    ),
    _message(
        "record-suggestion.line",
        "the adjudicator suggests {tricks} of the {remaining} remaining tricks for {side} "
        "(declarer's side) ({line}); the director decides.",
    ),
    _message(
        "settle.tally",
        "{side} are credited {credited} of the {remaining} remaining tricks, {total} in all",
    ),
    _message("settle.agreed.one", "{seats} agrees: the claim stands; {tally}."),
    _message("settle.agreed.many", "{seat} and {partner} agree: the claim stands; {tally}."),
    _message("settle.director", "the director rules on the disputed claim: {tally}."),
    _message(
        "settle.adjudicated",
        "the director rules on the disputed claim: {tally} (by the adjudicator).",
    ),
    _message(
        "settle.adjudicated.line",
        "the director rules on the disputed claim: {tally} (by the adjudicator; {line}).",
    ),
    _message(
        "settle.back.69b2.one",
        "the director gives {side} back {back} trick it agreed to lose though it would likely "
        "have won: {tally}.",
    ),
    _message(
        "settle.back.69b2.many",
        "the director gives {side} back {back} tricks it agreed to lose though it would likely "
        "have won: {tally}.",
    ),
    _message(
        "settle.back.71.one",
        "the director gives {side} back {back} trick it conceded though no normal play could "
        "lose: {tally}.",
    ),
    _message(
        "settle.back.71.many",
        "the director gives {side} back {back} tricks it conceded though no normal play could "
        "lose: {tally}.",
    ),
    # rules/play: law45e.py, law47e.py, law58.py, law65_66.py, law67.py
    _message(
        "law45e-fifth-card.was-fifth-card-trick",
        "{offender}'s {card} was a fifth card to trick {trick}, not a lead: it becomes a major "
        "penalty card (Law 50).",
    ),
    _message(
        "law45e-fifth-card.was-fifth-card-trick-2",
        "{offender}'s {card} was a fifth card to trick {trick}, not a lead: it goes back "
        "without rectification.",
    ),
    _message(
        "law47e1-told-to-lead",
        "{offender} led {card} out of turn because an opponent said it was his lead: it goes "
        "back without rectification and {leader} leads (16C).",
    ),
    _message(
        "law47e2-mistaken-explanation.card-was-played-after",
        "{seat}'s card was played after a mistaken explanation, but it is too late to take it "
        "back (a card followed it): the director may award an adjusted score.",
    ),
    _message(
        "law47e2-mistaken-explanation.card-was-played-after.lead",
        "{seat}'s card was played after a mistaken explanation, but it is too late to take it "
        "back (the opening lead stands once dummy is faced): the director may award an adjusted "
        "score.",
    ),
    _message(
        "law47e2-mistaken-explanation.played-after-mistaken-explanation",
        "{seat} played after a mistaken explanation (12C).",
    ),
    _message(
        "law47e2-mistaken-explanation.played-after-mistaken-explanation-2",
        "{seat} played {card} after a mistaken explanation by an opponent: he takes it back "
        "without rectification and plays again (16C).",
    ),
    _message(
        "law47d-waiting-card-back",
        "{owner}'s {card} was played to the next trick after {seat}'s card, which {seat} "
        "takes back: it goes back to {owner}'s hand without rectification ({law}).",
    ),
    _message(
        "law58b-answer",
        "{seat} played {cards} at once to trick {trick} and nobody noticed: a defective trick "
        "(67) once found.",
    ),
    _message(
        "law58b2-others.played-goes-back-hand",
        "{seat} played {card}; {cards} goes back to the hand without rectification (48A).",
    ),
    _message(
        "law58b2-others.penalty-card",
        "{seat} played {card}; {cards} becomes a penalty card (Law 50).",
    ),
    _message(
        "law58b2-others.penalty-cards",
        "{seat} played {card}; {cards} become penalty cards (Law 50).",
    ),
    _message(
        "law65b3-wrong-way.late-remark-about-card",
        "{seat}'s late remark about a card turned the wrong way.",
    ),
    _message(
        "law65b3-wrong-way.points-out-card-turned",
        "{seat} points out a card turned the wrong way after his side played to the next trick:"
        " it is turned right, and the remark may be unauthorized information for his partner "
        "(16B).",
    ),
    _message(
        "law65b3-wrong-way.points-out-played-card",
        "{seat} points out a played card turned the wrong way, in time: it is turned right; the"
        " tricks are counted from the cards as played.",
    ),
    _message(
        "law66-inspect.asks-see-quitted-trick",
        "{seat} asks to see a quitted trick: not allowed until play ends, except on the "
        "director's instruction.",
    ),
    _message(
        "law66-inspect.asks-see-trick-cards",
        "{seat} asks to see trick {trick}: the cards are faced again (his side has not played "
        "to the next trick).",
    ),
    _message(
        "law66-inspect.play-over-may-inspect",
        "play is over: {seat} may inspect the played and unplayed cards to settle a claim of "
        "revoke or the number of tricks (each his own cards).",
    ),
    _message(
        "law67-too-many",
        "{seat} contributed too many cards to trick {trick} and attention is drawn before both "
        "sides have played to the next one: he says which card he played (58B2).",
    ),
    _message(
        "law67b2-return.had-put-trick-beside",
        "{seat} had put {cards} on trick {trick} beside {shown}: it goes back to his hand and "
        "the trick keeps its winner.",
    ),
    _message(
        "law67b2-return.returned-card-counts-held",
        "{revoke}: the returned card counts as held then, so not following suit was a revoke.",
    ),
    _message(
        "law67b2-return.returned-card-counts-held.established",
        "{revoke}: the returned card counts as held then, so not following suit was a revoke "
        "(established, 63A1).",
    ),
    _message(
        "law67b3-again.card-played-twice-adjusted",
        "a card played twice: an adjusted score (12C).",
    ),
    _message(
        "law67b3-again.played-trick-although-had",
        "{seat} played {card} to trick {trick} although he had played it to trick {earlier}: it"
        " stays with trick {earlier}, trick {trick} has no card of his, and the board gets an "
        "adjusted score.",
    ),
    # rules/play: law42_43.py, law45d_45f.py, law46.py, law61b.py
    _message(
        "dummy-offer-answer.chooses-declarer-leads-from.own-hand",
        "{seat} chooses that declarer leads from his own hand ({hand}).",
    ),
    _message(
        "dummy-offer-answer.chooses-declarer-leads-from.dummy",
        "{seat} chooses that declarer leads from dummy ({hand}).",
    ),
    _message(
        "dummy-offer-answer.designates-dummy-declarer-having",
        "{seat} designates dummy's {card}, declarer having named neither suit nor rank.",
    ),
    _message(
        "law42b2-warns",
        "dummy warns declarer not to lead from the wrong hand: he may try to prevent declarer's"
        " irregularity; no rectification, the lead is from {leader}.",
    ),
    _message(
        "law43a1-attention.dummy-draws-attention-irregularity",
        "dummy ({dummy}) draws attention to an irregularity during the play, which he may not "
        "do; the irregularity is dealt with as the Laws say (43B1: Law 90 may apply).",
    ),
    _message(
        "law43a1-attention.dummy-drew-attention-during",
        "dummy ({dummy}) drew attention during the play (Law 90).",
    ),
    _message(
        "law43a2-broken.dummy-broke-limitation-law",
        "dummy ({dummy}) broke a limitation of Law 43A2: from now on, if he warns declarer "
        "against leading from the wrong hand, asks first about declarer's revoke or first draws"
        " attention to a defender's irregularity, 43B2/43B3 apply.",
    ),
    _message(
        "law43a2-broken.dummy-may-get-procedural",
        "dummy ({dummy}) may get a procedural penalty (Law 90).",
    ),
    _message(
        "law43b3",
        "dummy ({dummy}), having broken a 43A2 limitation, is the first to draw attention to a "
        "defender's irregularity: no rectification; {revoke} is not corrected and no trick "
        "changes hands for it.",
    ),
    _message(
        "law43b3.lead",
        "dummy ({dummy}), having broken a 43A2 limitation, is the first to draw attention to a "
        "defender's irregularity: no rectification; {offender}'s lead of {card} out of turn "
        "stands.",
    ),
    _message(
        "law43b3.penalty-card",
        "dummy ({dummy}), having broken a 43A2 limitation, is the first to draw attention to a "
        "defender's irregularity: no rectification; {card}, played instead of the penalty card, "
        "stands.",
    ),
    _message(
        "law43b3-review",
        "if the defenders gained through their irregularity, only their score is adjusted; "
        "declarer's side keeps the table result (split score).",
    ),
    _message(
        "law43b3-review-2007",
        "43B3 (2007): play went on as if there had been no irregularity; the director may award"
        " an adjusted score (12B1).",
    ),
    _message(
        "law45c4b-2007",
        "the director finds the naming of {seat}'s {card} unintended (2007: any player may "
        "correct it at once, before his partner plays): it goes back and the card meant is "
        "played.",
    ),
    _message(
        "law45d-not-designated.dummy-not-designated-revoked",
        "dummy's {card}, not designated, revoked.",
    ),
    _message(
        "law45d-not-designated.dummy-was-not-designated",
        "dummy's {card} was not designated and attention was drawn in time: it goes back to dummy.",
    ),
    _message(
        "law45d-not-designated.dummy-was-not-designated.later",
        "dummy's {card} was not designated and attention was drawn in time: it goes back to "
        "dummy; so do the cards played after it ({played}): a defender may play another, "
        "declarer only if his RHO changes his card (16C).",
    ),
    _message(
        "law45d-not-designated.dummy-was-not-designated-2",
        "dummy's {card} was not designated, but both sides have played to the next trick: "
        "it stands and play goes on; later cards to its trick may be revokes (64A, 64C, 64B7).",
    ),
    _message(
        "law45d-not-designated.dummy-was-not-designated-2.revoked",
        "dummy's {card} was not designated, but both sides have played to the next trick: "
        "it stands and play goes on; dummy thereby revoked: 64B3, with 64C.",
    ),
    _message(
        "law45d-not-designated.dummy-was-not-designated-2.2007",
        "dummy's {card} was not designated, but both sides have played to the next trick: "
        "(2007 has no 45D2) it stands and play goes on; later cards to its trick may be revokes "
        "(64A, 64C, 64B7).",
    ),
    _message(
        "law45d-not-designated.dummy-was-not-designated-2.2007-revoked",
        "dummy's {card} was not designated, but both sides have played to the next trick: "
        "(2007 has no 45D2) it stands and play goes on; dummy thereby revoked: 64B3, with 64C.",
    ),
    _message(
        "law45d-rho-plays",
        "declarer's RHO ({rho}) changed his card: declarer may change his own.",
    ),
    _message(
        "law45f-suggests.dummy-suggested-adjusted-score",
        "dummy suggested the {card}: an adjusted score if the play it suggested damaged the "
        "defenders.",
    ),
    _message(
        "law45f-suggests.dummy-suggested-adjusted-score.any",
        "dummy suggested a card: an adjusted score if the play it suggested damaged the defenders.",
    ),
    _message(
        "law45f-suggests.dummy-touched-or-suggested",
        "dummy ({dummy}) touched or suggested the {card} without declarer's instruction: play goes "
        "on.",
    ),
    _message(
        "law45f-suggests.dummy-touched-or-suggested.any",
        "dummy ({dummy}) touched or suggested a card without declarer's instruction: play goes on.",
    ),
    _message(
        "law46-names.declarer-names-suit-only",
        "declarer names the suit only: dummy's lowest {suit}, the {card}, is played.",
    ),
    _message(
        "law46-names.declarer-says-dummy-played.high",
        "declarer says 'high': dummy's highest {suit}, the {card}, is played.",
    ),
    _message(
        "law46-names.declarer-says-dummy-played.low",
        "declarer says 'low': dummy's lowest {suit}, the {card}, is played.",
    ),
    _message(
        "law46b-incontrovertible",
        "declarer's different intention is incontrovertible: the {card} he meant is played, not"
        " the {old}.",
    ),
    _message(
        "law46b1b-win.declarer-tells-dummy-win",
        "declarer tells dummy to win the trick: the lowest card known to win it, the {card}, is"
        " played.",
    ),
    _message(
        "law46b1b-win.declarer-tells-dummy-win-2",
        "declarer tells dummy to win the trick, but no card of dummy's is known to win it: no "
        "card is played; declarer designates one.",
    ),
    _message(
        "law46b3-rank.declarer-names-only-rank",
        "declarer names only the rank {rank}, and dummy may play more than one card of that "
        "rank: declarer must name the suit.",
    ),
    _message(
        "law46b3-rank.declarer-names-only-rank-2",
        "declarer names only the rank {rank}: dummy's only one that may be played, the {card}, "
        "is played.",
    ),
    _message(
        "law46b3-rank.declarer-names-only-rank-3",
        "declarer names only the rank {rank}, and dummy cannot legally play a card of that "
        "rank: no card is played; declarer designates one.",
    ),
    _message(
        "law46b3-rank.declarer-names-only-rank-4",
        "declarer names only the rank {rank} as dummy leads: dummy continues the suit it won "
        "the last trick with, the {card}.",
    ),
    _message(
        "law61b-asks.asks-whether-has-none",
        "{asker} asks {target} whether he has none of the suit led (2007: allowed unless the "
        "regulating authority forbids it; at the risk of unauthorized information).",
    ),
    _message(
        "law61b-asks.asks-whether-has-none-2",
        "{asker} asks {target} whether he has none of the suit led: information; a question "
        "does not establish a revoke.",
    ),
    _message(
        "law61b-asks.dummy-asks-defender-about",
        "dummy asks a defender ({target}) about a possible revoke, which he may not do (16B may"
        " apply).",
    ),
    _message(
        "law61b-asks.dummy-having-broken-43a2",
        "dummy, having broken a 43A2 limitation, is the first to ask about {revoke}: declarer "
        "must correct it, and Law 64 applies as if it were established.",
    ),
    _message(
        "law61b-asks.had-none-suit-led",
        "{target} had none of the suit led with his {card}: no revoke.",
    ),
    _message(
        "void-designation",
        "declarer designates {card}, which dummy does not hold: the designation is void; "
        "declarer designates any legal card.",
    ),
    _message(
        "void-designation.high",
        "declarer designates the high {suit}, which dummy does not hold: the designation is void;"
        " declarer designates any legal card.",
    ),
    _message(
        "void-designation.low",
        "declarer designates the low {suit}, which dummy does not hold: the designation is void;"
        " declarer designates any legal card.",
    ),
    _message(
        "void-designation.suit",
        "declarer designates a {suit}, which dummy does not hold: the designation is void; "
        "declarer designates any legal card.",
    ),
    _message(
        "void-designation.rank",
        "declarer designates a {rank}, which dummy does not hold: the designation is void; "
        "declarer designates any legal card.",
    ),
    # engine.py
    _message(
        "claim-by-the-cards.abandons-hand-concedes-all",
        "{seat} abandons his hand: he concedes all the remaining tricks ({remaining}).",
    ),
    _message(
        "claim-by-the-cards.faces-cards-claim-all",
        "{seat} faces his cards: a claim of all the remaining tricks ({remaining}).",
    ),
    _message(
        "law21.director-finds-call-could",
        "the director finds that {seat}'s call could have been influenced by misinformation: "
        "recorded for him (21B1 change of call, 21B3 adjusted score).",
    ),
    _message(
        "law21.misinformation-director-may-adjust",
        "misinformation to {seat}: the director may adjust the score if the offending side gained.",
    ),
    _message(
        "law26-choose.declarer-chooses-long-keeps",
        "declarer chooses: {seat} {verb} {suit} for as long as he keeps the lead.",
    ),
    _message(
        "law26-choose.declarer-does-not-restrict",
        "declarer does not restrict {seat}'s lead.",
    ),
    _message(
        "law39.after-final-pass-cancelled",
        "{seat}'s {call} after the final pass is cancelled; declarer may restrict {partner}'s "
        "first lead (Law {law}).",
    ),
    _message(
        "law39.after-final-pass-cancelled-2",
        "{seat}'s {call} after the final pass is cancelled; declarer's side: no further "
        "rectification.",
    ),
    _message(
        "law39.after-final-pass-cancelled-2.defenders-pass",
        "{seat}'s {call} after the final pass is cancelled; a defender's pass: no further "
        "rectification.",
    ),
    _message(
        "law39.after-final-pass-cancelled-3",
        "{seat}'s {call} after the final pass is cancelled (39C); he had bid {suit} legally: no"
        " lead restriction (2007 26A1).",
    ),
    _message(
        "law39b-called-over",
        "{seat} called over {rho}'s call after the final pass: no rectification.",
    ),
    _message(
        "law41-review",
        "{seat} asks for a review of the auction at his first turn to play: information only, "
        "no rectification.",
    ),
    _message(
        "law41-review.clarification",
        "{seat} asks for a review of the auction during the clarification period: information "
        "only, no rectification.",
    ),
    _message(
        "law41-review.after-first-card",
        "{seat} asks for a review of the auction after his first card: only the contract and "
        "whether it was doubled or redoubled may now be asked: information only, no "
        "rectification.",
    ),
    # play_rules.py
    _message(
        "accept-lead",
        "{acceptance} the lead out of turn of {card}: it stands and {lho} plays next.",
    ),
    _message("acceptance.accepts", "{seat} accepts"),
    _message("acceptance.dummy-seen", "declarer could have seen dummy's cards, so he accepts"),
    _message("acceptance.plays-to", "{seat} plays to {offender}'s lead out of turn"),
    _message("acceptance.right-defender", "{seat}, the defender on its right, plays to"),
    _message(
        "card-played.breaks-lead-restriction-law",
        "{revoke} breaks the lead restriction ({restriction} {suit}, Law {clause}): a revoke",
    ),
    _message(
        "card-played.does-not-do-declarer",
        "{revoke} does not do as declarer chose ({restriction} {suit}, Law 57A): a revoke",
    ),
    _message(
        "check-restricted-lead",
        "{seat} holds only suits he may not lead (Law {law}): any card.",
    ),
    _message(
        "check-restricted-lead.required",
        "{seat} cannot lead {suit} as required (Law {law}): any card.",
    ),
    _message(
        "law45c4b-renamed.stays-back-hand-not",
        "{rho}'s {old} stays back in his hand: it is not his turn now (16C1: the information is"
        " unauthorized for declarer's side).",
    ),
    _message(
        "law45c4b-renamed.would-not-follow-suit",
        "{old} would not follow suit now: {rho} plays another card without rectification (16C1:"
        " the information is unauthorized for declarer's side).",
    ),
    _message(
        "law45c4b-rho-answer.keeps-played-before-correction",
        "{rho} keeps {old}, played before the correction.",
    ),
    _message(
        "law45c4b-rho-answer.takes-back-without-rectification",
        "{rho} takes back {old} without rectification and plays again (16C1: the information is"
        " unauthorized for declarer's side).",
    ),
    _message(
        "law45c4b-unintended-designation",
        "the director finds declarer's call of dummy's {card} unintended: the card goes back to"
        " dummy and declarer names the card he meant.",
    ),
    _message(
        "law45c4b-unintended-designation.rho-back",
        "the director finds declarer's call of dummy's {card} unintended: the card goes back to"
        " dummy and declarer names the card he meant; {rho}'s {card2}, played after it, goes "
        "back too: once dummy's card is named he may play it again or another card, without "
        "rectification (47D, 16C1).",
    ),
    _message(
        "law48-49-exposed.declarer-side-exposed-no",
        "declarer's side exposed {card}: no rectification; declarer's and dummy's cards never "
        "become penalty cards.",
    ),
    _message(
        "law48-49-exposed.exposed-becomes-penalty-card.major",
        "{seat} exposed {card}: it becomes a major penalty card (50B) and stays face up.",
    ),
    _message(
        "law48-49-exposed.exposed-becomes-penalty-card.minor",
        "{seat} exposed {card}: it becomes a minor penalty card (50B) and stays face up.",
    ),
    _message(
        "law50d2-choice.declarer-chooses-penalty-cards",
        "declarer chooses: {leader} {verb} {suits}; {owner}'s penalty cards in {picked} are "
        "picked up (their information is unauthorized for his partner, 50E2).",
    ),
    _message(
        "law50d2-choice.declarer-chooses-penalty-cards.left",
        "declarer chooses: {leader} {verb} {suits}; {owner}'s penalty cards in {picked} are "
        "picked up (their information is unauthorized for his partner, 50E2); {cards} stay on "
        "the table.",
    ),
    _message("suits.one", "{word}"),
    _message("suits.two", "{word} or {word2}"),
    _message("suits.three", "{word} or {word2} or {word3}"),
    _message("suits.four", "{word} or {word2} or {word3} or {word4}"),
    _message("suits.picked.one", "that suit"),
    _message("suits.picked.many", "those suits"),
    _message(
        "law50d2-choice.declarer-does-not-restrict.one",
        "declarer does not restrict {leader}'s lead; {owner}'s penalty card stays on the table.",
    ),
    _message(
        "law50d2-choice.declarer-does-not-restrict.many",
        "declarer does not restrict {leader}'s lead; {owner}'s penalty cards stay on the table.",
    ),
    _message(
        "law50d2-premature-lead",
        "{seat} led {card} before declarer stated his option for {partner}'s penalty card "
        "(50D2): it becomes a major penalty card (49, 50B), and declarer still chooses.",
    ),
    _message(
        "law50e-2007",
        "{seat}'s penalty card {card}: for {partner} only the obligation to play it is "
        "authorized; anything else it tells him is unauthorized (2007).",
    ),
    _message(
        "law51a-designate",
        "declarer designates {card}, of {seat}'s penalty cards, to be played now.",
    ),
    _message(
        "law52-answer.declarer-accepts-played-instead",
        "declarer accepts {card}, played instead of the penalty card; the penalty card stays on"
        " the table.",
    ),
    _message(
        "law52-answer.declarer-plays-after-played",
        "declarer plays after {card}, played instead of the penalty card: it is accepted; the "
        "penalty card stays on the table (52B1c).",
    ),
    _message(
        "law52-answer.declarer-requires-penalty-card",
        "declarer requires the penalty card: {penalty_card} is played; {card} becomes a major "
        "penalty card.",
    ),
    _message(
        "law53-proper-lead",
        "{seat}, whose lead it was, leads {card} over {offender}'s lead out of turn: his lead "
        "stands and {card2} goes back without rectification (16C).",
    ),
    _message("law57-choose", "declarer chooses for {seat}: {word}."),
    _message(
        "law57-obligation",
        "{seat} cannot do as declarer chose ({word}): any legal card (59).",
    ),
    _message(
        "law57-premature.played-before-partner-becomes",
        "{seat} played {card} before his partner: it becomes a major penalty card, and declarer"
        " chooses how {partner} must play (57A).",
    ),
    _message(
        "law57-premature.played-early-but-dummy.plays",
        "{seat} played {card} early, but dummy had suggested a card in this trick: no "
        "rectification; he plays it at his turn.",
    ),
    _message(
        "law57-premature.played-early-but-dummy.back",
        "{seat} played {card} early, but dummy had suggested a card in this trick: no "
        "rectification; it goes back.",
    ),
    _message(
        "law57c1-early-lead",
        "{seat} led {card} to the next trick before his partner played, but declarer had played"
        " from both hands: no rectification (57C1).",
    ),
    _message(
        "law57c3-premature.played-before-turn-could",
        "{seat}'s {card}, played before his turn, could not be played legally: it goes back "
        "without rectification (48A).",
    ),
    _message(
        "law57c3-premature.played-before-turn-counts",
        "{seat} played {card} before his turn: it counts as played and, being legal, stays as "
        "{seat}'s card to this trick.",
    ),
    _message(
        "law57d-2007",
        "{seat} played {card} at his RHO's turn: an exposed card, a major penalty card (2007: "
        "Law 57 covers only a play before partner).",
    ),
    _message(
        "law57d.showed-at-rho-turn",
        "{seat} showed {card} at his RHO's turn: being legal, it must be played at his turn (16"
        " may apply).",
    ),
    _message(
        "law57d.showed-at-rho-turn-2",
        "{seat} showed {card} at his RHO's turn: it could not be played legally there, so it "
        "becomes a major penalty card.",
    ),
    _message(
        "law60c.played-before-lead-out",
        "{seat} played {card} before the lead out of turn was settled: it goes back without "
        "rectification (48A); the defenders keep their options.",
    ),
    _message(
        "law60c.played-before-partner-lead",
        "{seat} played {card} before his partner's lead out of turn was settled: it becomes a "
        "major penalty card; declarer keeps his options.",
    ),
    _message("law63a-establish", "{revoke} is established by {seat}'s claim or concession."),
    _message(
        "law63a-establish.agreement",
        "{revoke} is established by {seat}'s agreement to the claim.",
    ),
    _message(
        "law63a1-establish",
        "{revoke} is established: {seat}'s side has played to the next trick.",
    ),
    _message(
        "law67-at-the-end",
        "when play ended {seat} still held {card}: it is added to trick {trick}, to which he "
        "had played no card, and counts as a revoke there (64A2).",
    ),
    _message("law67-omit", "{seat} contributed no card to trick {trick}"),
    _message(
        "law67-supply.adds-trick-which-had",
        "{seat} adds {card} to trick {trick}, to which he had played no card; the trick goes to"
        " whoever wins it now.",
    ),
    _message(
        "law67-supply.had-played-no-card",
        "{seat} had played no card to trick {trick}: {card} is added to it without changing who"
        " won it, and counts as a revoke there (one trick to the other side, 64A2).",
    ),
    _message(
        "lead-answer.declarer-does-not-accept",
        "declarer does not accept {offender}'s lead of {card} out of turn: it becomes a major "
        "penalty card and {leader} leads (Law 50).",
    ),
    _message(
        "lead-answer.declarer-spreads-hand-after",
        "declarer spreads his hand after {offender}'s opening lead out of turn: he becomes "
        "dummy and {declarer} declares.",
    ),
    _message(
        "lead-answer.defenders-do-not-accept",
        "the defenders do not accept {offender}'s lead of {card} out of turn: it goes back to "
        "the hand and {leader} leads.",
    ),
    _message(
        "lead-answer.had-led-face-down",
        "{seat} had led {card} face down while {offender}'s lead out of turn was faced: the "
        "face-down card goes back to his hand.",
    ),
    _message(
        "law55c.unauthorized",
        "{offender}'s lead out of turn of {card}: what it told declarer is unauthorized for him"
        " (16C).",
    ),
    _message(
        "law55c.adjust-2007",
        "{offender}'s lead out of turn of {card}: the director may adjust if declarer's line "
        "could have been based on what it told him.",
    ),
    _message(
        "lead-out-of-turn.declaring-side-tried-make",
        "{seat}, of the declaring side, tried to make the opening lead with {card}: it goes "
        "back to the hand without rectification (Law 24).",
    ),
    _message(
        "lead-out-of-turn.led-out-turn-last",
        "{seat} led {card} out of turn to the last trick: it is withdrawn and {leader} leads "
        "(no lead out of turn can be accepted at trick 13).",
    ),
    _message(
        "lead-out-of-turn.played-before-declarer-led",
        "{seat} played {card} before declarer led again from the right hand: it becomes a major"
        " penalty card.",
    ),
    _message("play", "{revoke} failed to follow suit (a revoke)"),
    # rules/play/law62.py
    _message(
        "law62-correct.corrects-revoke-replaces-which",
        "{seat} corrects his revoke: {card} replaces {old}, which becomes a major penalty card.",
    ),
    _message(
        "law62-correct.corrects-revoke-replaces-which-2",
        "{seat} corrects the revoke: {card} replaces {old}, which goes back without penalty.",
    ),
    _message(
        "law62-next-trick-back",
        "the correction gives trick {trick} to {winner}: {cards}, played to the next trick, "
        "goes back without rectification.",
    ),
    _message(
        "law62c-taken-back",
        "{seat} takes back {card}, played after the corrected revoke, and plays {card2} "
        "instead; the information is unauthorized for the offending side (16C).",
    ),
    _message(
        "law62c-taken-back.dummy",
        "{declarer} (declarer) takes back dummy's {card}, played after the corrected revoke, "
        "and plays {card2} instead; the information is unauthorized for the offending side "
        "(16C).",
    ),
    _message(
        "law62c-taken-back.penalty",
        "{seat} takes back {card}, played after the corrected revoke, and plays {card2} "
        "instead (a defender of the offending side: it becomes a penalty card); the "
        "information is unauthorized for the offending side (16C).",
    ),
    _message(
        "law62c-same-card",
        "{seat}'s {card} is played again in its place: nothing is withdrawn (no penalty card, "
        "no unauthorized information).",
    ),
    _message(
        "law58b3-taken-back",
        "{seat} takes back {card}, played after the card taken back, and plays {card2} "
        "instead; the information is unauthorized for the offending side (16C).",
    ),
    _message(
        "law58b3-taken-back.dummy",
        "{declarer} (declarer) takes back dummy's {card}, played after the card taken back, "
        "and plays {card2} instead; the information is unauthorized for the offending side "
        "(16C).",
    ),
    _message(
        "law62c3-both",
        "both sides revoked on trick {trick} and only one side has played on: {revoke} and "
        "{other_revoke} are both corrected (16C2); no trick changes hands for them (64B8).",
    ),
    _message(
        "law62c3-lead-after-both",
        "{winner} still wins trick {trick}: his lead to the next trick was made from the right "
        "hand and stands.",
    ),
    _message(
        "law62c3-take-back-next",
        "{seat}'s {card}, played to the next trick, is withdrawn and goes back to the hand.",
    ),
    _message(
        "law62c3-take-back-next.major",
        "{seat}'s {card}, played to the next trick, is withdrawn and becomes a major penalty card.",
    ),
    _message(
        "law62d1-after-the-last-trick",
        "{seat}'s revoke on trick 12 is found after the last trick, before the hands are back "
        "in the board: it is corrected and trick 13 is played again.",
    ),
    _message(
        "law62d1-forced-last-trick",
        "trick 13 is played again with each player's only card: {text}.",
    ),
    _message(
        "law62d2",
        "{revoke} was corrected before {partner} played: what he learnt from it is "
        "unauthorized for him (16C).",
    ),
    _message(
        "law62d2.2007",
        "{revoke} was corrected before {partner} played: he may not choose a play the "
        "withdrawn card suggested (2007 62D2).",
    ),
    _message(
        "law64-transfers.after-revoke-transfers-director",
        "after the revoke transfers the director checks that the non-offending side is fully "
        "compensated.",
    ),
    _message(
        "law64-transfers.attention-was-first-drawn",
        "{revoke}: attention was first drawn to it after the round ended; no trick changes hands "
        "(the director may restore equity, 64C).",
    ),
    _message(
        "law64-transfers.attention-was-first-drawn.next-deal",
        "{revoke}: attention was first drawn to it after a non-offender called on the next deal; "
        "no trick changes hands (the director may restore equity, 64C).",
    ),
    _message(
        "law64-transfers.both-sides-revoked-director",
        "both sides revoked: the director looks at the likely result.",
    ),
    _message(
        "law64b7",
        "both sides made established revokes: no tricks change hands; the director restores "
        "equity if one side was damaged (64C2b).",
    ),
    _message(
        "law64b7.2007",
        "both sides made established revokes on this board (2007): no tricks change hands; the "
        "director restores equity if one side was damaged (64C).",
    ),
    _message(
        "law64-transfers.failure-play-no-tricks",
        "{revoke}: a failure to play dummy's card; no tricks change hands ({equity} may restore "
        "equity).",
    ),
    _message(
        "law64-transfers.failure-play-no-tricks.penalty-card",
        "{revoke}: a failure to play a penalty card; no tricks change hands ({equity} may restore "
        "equity).",
    ),
    _message(
        "law64-transfers.failure-play-no-tricks.2007",
        "{revoke}: a failure to play dummy's card (2007: any card faced on the table); no tricks "
        "change hands ({equity} may restore equity).",
    ),
    _message(
        "law64-transfers.failure-play-no-tricks.penalty-card-2007",
        "{revoke}: a failure to play a penalty card (2007: any card faced on the table); no tricks "
        "change hands ({equity} may restore equity).",
    ),
    _message(
        "law64-transfers.follows-no-further-transfer",
        "{revoke} follows an established revoke in the same suit by the same player: no further "
        "transfer; the director may adjust ({equity}).",
    ),
    _message(
        "law64-transfers.follows-no-further-transfer.2007",
        "{revoke} follows an earlier revoke in the same suit by the same player, established or "
        "not (2007): no further transfer; the director may adjust ({equity}).",
    ),
    _message(
        "law64-transfers.offending-side-won-neither",
        "{revoke}: the offending side won neither that trick nor a later one; no trick changes "
        "hands.",
    ),
    _message(
        "law64-transfers.revoke-found-late-director",
        "a revoke found late: the director restores equity if needed.",
    ),
    _message(
        "law64-transfers.second-revoke-same-suit",
        "{revoke}: a second revoke in the same suit.",
    ),
    _message(
        "law64-transfers.side-won-trick-or",
        "{revoke}: {offender}'s side won that trick or a later one, so one trick goes to the "
        "other side.",
    ),
    _message(
        "law64-transfers.was-trick-12-no",
        "{revoke} was on trick 12: no trick changes hands (the director may restore equity, 64C).",
    ),
    _message(
        "law64-transfers.won-trick-so-side.later",
        "{revoke}: {offender} won that trick, so it and one later trick of his side go to the "
        "other side ({moved}).",
    ),
    _message(
        "law64-transfers.won-trick-so-side.none",
        "{revoke}: {offender} won that trick, so it and no later trick of his side go to the "
        "other side ({moved}).",
    ),
)
CATALOG: dict[str, Message] = {m.id: m for m in MESSAGES}
"""Every message, by id."""
