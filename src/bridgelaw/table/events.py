"""Events of a table script: what happened at the table, as ``"<who> <action>"``.

The words are fixed by the table-script specification (``shared/spec/table-script.md``); the
project adds a few director findings of its own, listed in :data:`DIRECTOR_FINDINGS`.

>>> event = parse_event("E 1D", 1)
>>> event.who, event.action, event.call.text, event.call.code
('E', 'call', '1D', 1)
>>> call = parse_event("N 8S", 2).call    # a bid above seven is a call the table accepts
>>> call.is_above_seven, call.code       # (Law 38): it has no number among the 38 calls
(True, None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from types import MemberDescriptorType
from typing import Any, Literal

from bridgelaw.calls import DOUBLE, PASS, REDOUBLE, bid, call_name
from bridgelaw.cards import (
    RANK_CHARS,
    SUIT_LETTERS,
    Card,
    Seat,
    SeatLetter,
    Strain,
    Suit,
    parse_card,
)
from bridgelaw.errors import BridgeLawError
from bridgelaw.table.refusals import Refusal, refuse

SEAT_WORDS = ("N", "E", "S", "W")


class Action(StrEnum):
    """Every action word the table takes (the ``<action>`` of ``"<who> <action>"``): the
    parser maps each word to its member and refuses any other word.

    A string enum, like :class:`~bridgelaw.table.state.Phase`: a member is its word wherever it
    is written (``str``, f-strings, JSON), and its ``repr`` is the word's, so reports and
    examples read as before; code compares members (``event.action is Action.ACCEPT``) and
    groups them in named frozensets, never compares words.

    >>> Action("play-on"), str(Action.PLAY_ON), Action.PLAY_ON == "play-on"
    ('play-on', 'play-on', True)
    """

    CALL = "call"
    CARD = "card"
    ACCEPT = "accept"
    AGREE = "agree"
    ATTENTION = "attention"
    DECLINE = "decline"
    DISPUTE = "dispute"
    HIGHEST = "highest"
    INSPECT = "inspect"
    LOWEST = "lowest"
    NO_RESTRICTION = "no-restriction"
    NONE = "none"
    PLAY_ON = "play-on"
    REVIEW = "review"
    SHOWS = "shows"
    SPREAD = "spread"
    THROWS_IN = "throws-in"
    WARNS = "warns"
    WRONG_WAY = "wrong-way"
    EXPOSE = "expose"
    CORRECT = "correct"
    DESIGNATE = "designate"
    AGAIN = "again"
    FACE_DOWN = "face-down"
    CARDS = "cards"
    ASKS = "asks"
    LEAD_HAND = "lead-hand"
    SUGGESTS = "suggests"
    NAMES = "names"
    FORBID = "forbid"
    REQUIRE = "require"
    CLAIM = "claim"
    CONCEDE = "concede"
    DUMMY_SEEN = "dummy-seen"
    UNNOTICED = "unnoticed"
    NOTICED = "noticed"
    COMPARABLE = "comparable"
    NOT_COMPARABLE = "not-comparable"
    UNINTENDED = "unintended"
    INTENDED = "intended"
    ACCEPTED = "accepted"
    IN_TURN = "in-turn"
    MISINFORMATION = "misinformation"
    WRONG_BOARD = "wrong-board"
    EARLIER_CALL = "earlier-call"
    WRONG_TABLE = "wrong-table"
    MISSING = "missing"
    FOUND = "found"
    WRONG_COUNT = "wrong-count"
    SURPLUS = "surplus"
    PLAYABLE = "playable"
    NOT_PLAYABLE = "not-playable"
    TRICKS = "tricks"
    WITHDRAW_AGREEMENT = "withdraw-agreement"
    CANCEL_CONCESSION = "cancel-concession"
    FIFTH_CARD = "fifth-card"
    TOO_MANY = "too-many"
    REVOKE_FOUND = "revoke-found"
    TOLD_TO_LEAD = "told-to-lead"
    MISTAKEN_EXPLANATION = "mistaken-explanation"
    DUMMY_LOOKED = "dummy-looked"
    NOT_DESIGNATED = "not-designated"
    INCONTROVERTIBLE = "incontrovertible"

    def __repr__(self) -> str:
        return repr(self.value)


# The groups of actions the rules ask about, declared once (members of :class:`Action`).
ACCEPT_OR_DECLINE: frozenset[Action] = frozenset((Action.ACCEPT, Action.DECLINE))
"""The answers of a player offered the choice to accept an irregularity or not."""
CLAIM_OR_CONCEDE: frozenset[Action] = frozenset((Action.CLAIM, Action.CONCEDE))
"""A claim or a concession being made (Law 68)."""
AGREE_OR_DISPUTE: frozenset[Action] = frozenset((Action.AGREE, Action.DISPUTE))
"""The answers to a claim or concession (Laws 68B, 69A)."""
BY_THE_CARDS: frozenset[Action] = frozenset((Action.SHOWS, Action.THROWS_IN))
"""A player showing his cards or throwing them in: a claim or concession by the cards (68A,
68B1)."""
LEAD_CHOICES: frozenset[Action] = frozenset((Action.FORBID, Action.REQUIRE))
"""Declarer's restriction of a suit (Laws 26, 50D2, 51B, 57A)."""
DEAL_PLAYABLE: frozenset[Action] = frozenset((Action.PLAYABLE, Action.NOT_PLAYABLE))
"""The director's decision on a deal with a wrong card count (Law 13B)."""


Who = Literal["N", "E", "S", "W", "director"]
"""Who an event comes from, and whom an offer waits for: a seat's letter or the director."""

_SEAT_LETTER: dict[str, SeatLetter] = {"N": "N", "E": "E", "S": "S", "W": "W"}

Designation = Literal["high", "low", "win", "any", "suit", "rank", "card"]
"""What a ``<declarer> names ...`` designation of dummy's card names (Laws 46A, 46B)."""

#: What the director may be asked, and the words of his answers (spec words first).
DIRECTOR_FINDINGS = {
    "dummy-seen": "54C: declarer could have seen some of dummy's cards (not cards exposed in the "
    "auction): he must accept the opening lead out of turn",
    "shows": "29C: what an artificial call out of rotation specified: suits (S H D C, one or two), "
    "NT, or none",
    "unnoticed": "36: nobody draws attention to the inadmissible double or redouble just made; "
    "the auction goes on with it until attention is drawn ('director noticed')",
    "noticed": "36A/36C: attention is now drawn to an unnoticed inadmissible double or redouble "
    "(in the auction or the clarification period: 36A; after the opening lead: 36C)",
    "comparable": "23A: the replacement call is comparable",
    "not-comparable": "23A: the replacement call is not comparable",
    "unintended": "25A: the call was unintended (a mechanical error or slip of the tongue)",
    "intended": "25A: the call was intended (a change of mind)",
    "accepted": "28B/29A: the player meant to call over the call out of rotation (acceptance)",
    "in-turn": "28B: the player meant to make his own call in turn, ignoring it",
    "misinformation": "21B: a call could have been influenced by misinformation (recorded)",
    "wrong-board": "15A (2007: 17D): a player called on cards taken from another board",
    "earlier-call": "15A3 (2007: 17D3): on the board his cards came from, the offender's call "
    "is the same as, or differs from, the one cancelled at the other table",
    "wrong-table": "15B (2007: 15A-15C): the contestants play a board not theirs this round; "
    "played-before / not-played (2007, in the auction: NS or EW, the pair replaced)",
    "missing": "14: the card was not in the seat's hand when the board was taken out",
    "found": "14A/14B: the missing card is found now (among-played: among the played cards)",
    "wrong-count": "13: the seat's hand also held this card of another hand (seen / "
    "seen-serious: a player saw another's card)",
    "surplus": "13C (2007: 13F): a card not of the deal was with the seat's cards (played: "
    "found among the played cards)",
    "playable": "13B1 (2007: 13A): the deal can be corrected and played with the calls as made",
    "not-playable": "13B2 (2007: 13B): it cannot; the board gets an adjusted score",
    "tricks": "70: the director's decision on a disputed claim (also after 69B2 and 71B)",
    "withdraw-agreement": "69B2: the agreeing side would likely have won a trick it agreed to lose",
    "cancel-concession": "71B: a trick was conceded that no normal play could lose",
    "fifth-card": "45E: the card played after a completed trick was a fifth card, not a lead",
    "too-many": "67: attention drawn to a trick to which the seat contributed too many cards",
    "revoke-found": "64B4/64B5: attention was first drawn to the board's revokes after a "
    "non-offender called on the next deal (next-deal) or after the round ended (end-of-round)",
    "told-to-lead": "47E1: the lead out of turn was made because an opponent said it was his lead",
    "mistaken-explanation": "47E2: the seat's last card was played after an opponent's "
    "mistaken explanation, now corrected",
    "dummy-looked": "43A2: dummy broke a limitation (exchanged hands with declarer, left his "
    "seat to watch declarer, or looked at a defender's cards): 43B2 and 43B3 then apply",
    "not-designated": "45D: dummy played a card declarer had not designated (dummy's last card, "
    "or the card named)",
    "incontrovertible": "46B: declarer's different intention is incontrovertible; the card he "
    "meant is played instead of the one 46B deemed designated",
}

#: The words of ``<declarer> names ...`` (Law 46B) that are not a suit, a rank or a card.
NAME_WORDS: dict[str, Designation] = {
    "high": "high",
    "top": "high",
    "low": "low",
    "small": "low",
    "win": "win",
    "any": "any",
    "anything": "any",
}


class ScriptError(BridgeLawError):
    """An event that does not fit the state: not an irregularity at the table but a bad script.

    ``index`` is the event's number (1 for the first event); ``message``, the refusal said
    (:func:`~bridgelaw.table.refusals.refuse`); ``law``, when the refusal is an answer outside
    the offer, the clause of the offer open (None otherwise).
    """

    def __init__(self, index: int, message: str | Refusal, law: str | None = None) -> None:
        reason = message if isinstance(message, str) else message.text()
        super().__init__(f"event {index}: {reason}")
        self.index = index
        self.reason = reason
        self.law = law
        self.refusal: Refusal | None = None if isinstance(message, str) else message
        """The refusal said (its id and parameters: written in a reader's language at the
        edge), or None for English words (a strict core's refusal)."""


@dataclass(frozen=True, slots=True)
class TableCall:
    """A call as made at the table: possibly a bid above seven (Law 38), which has no
    ``code``."""

    text: str
    code: int | None
    """0-37 as in :mod:`bridgelaw.calls`; None for a bid of more than seven, which is none of
    the 38 calls (Law 38)."""
    level: int = 0
    strain: int | None = None
    """A bid's strain, 0-4 as :class:`~bridgelaw.cards.Strain` (None for pass, X, XX)."""
    artificial: bool = False

    def __deepcopy__(self, memo: dict[int, object]) -> TableCall:
        return self  # immutable (and a frozen record compiled with mypyc has no copy)

    @property
    def is_bid(self) -> bool:
        """A bid, of any level (a bid above seven is a bid, if an inadmissible one)."""
        return self.code is None or self.code < 35

    @property
    def is_above_seven(self) -> bool:
        """A bid of more than seven tricks (Law 38)."""
        return self.code is None

    @property
    def number(self) -> int:
        """The call's number 0-37 (:mod:`bridgelaw.calls`), for a call that has one."""
        assert self.code is not None, f"{self.text} is a bid above seven (Law 38)"
        return self.code

    @property
    def is_pass(self) -> bool:
        return self.code == PASS

    @property
    def is_double_or_redouble(self) -> bool:
        return self.code in (DOUBLE, REDOUBLE)

    @property
    def suit(self) -> Suit | None:
        """The suit a natural bid names (none for notrump, pass, double, artificial calls)."""
        if not self.artificial and self.strain is not None and self.strain < 4:
            return Suit(self.strain)
        return None

    def __str__(self) -> str:
        return self.text


_BID_RE = re.compile(r"^([0-9]{1,9})(NT|N|C|D|H|S)$")  # ASCII digits: int() takes them all


def parse_table_call(word: str) -> TableCall | None:
    """A call word of the table script (``pass``, ``X``, ``XX``, ``1C``.. ``7NT``, ``8S``...)."""
    artificial = word.endswith("!")
    w = word.rstrip("!").upper()
    if w in ("PASS", "P"):
        return TableCall("pass", PASS, artificial=artificial)
    if w == "X":
        return TableCall("X", DOUBLE, artificial=artificial)
    if w == "XX":
        return TableCall("XX", REDOUBLE, artificial=artificial)
    m = _BID_RE.match(w)
    if m is None:
        return None
    level, strain = int(m.group(1)), int(Strain.parse(m.group(2)))
    if level < 1:
        return None
    if level > 7:  # Law 38: inadmissible, but it can be said at the table
        text = f"{level}{('C', 'D', 'H', 'S', 'NT')[strain]}"
        return TableCall(text, None, level, strain, artificial)
    code = bid(level, strain)
    return TableCall(call_name(code), code, level, strain, artificial)


def table_call_of(code: int) -> TableCall:
    """The natural table call of a legal call number."""
    if code < 35:
        return TableCall(call_name(code), code, code // 5 + 1, code % 5)
    return TableCall(call_name(code), code)


@dataclass(frozen=True, slots=True)
class Event:
    """One event, typed: each thing an action names has its own field (``call``, ``card``,
    ``number``, ``suits``, ``strains``, ``seat_named``, ``designation``...); the fields an
    action does not use keep their defaults."""

    index: int
    who: Who
    action: Action
    """call, card, expose, correct, claim, concede, agree, dispute, play-on, accept, decline,
    forbid, require, no-restriction, spread, review, the dummy words (warns, asks, attention,
    suggests, names, lead-hand), or a director finding."""
    call: TableCall | None = None
    card: Card | None = None
    number: int | None = None
    text: str = ""
    """A claim's statement; the qualifier of a board finding (``seen``, ``played``...) or of
    ``revoke-found`` (``next-deal``, ``end-of-round``); the suit (``S``) or rank (``T``) of a
    ``names`` designation."""
    cards: tuple[Card, ...] = ()
    """``<seat> cards <card> <card>...``: several cards played at once (Law 58B)."""
    suits: tuple[Suit, ...] = ()
    """The suits of ``forbid`` / ``require`` (Laws 26, 50D2, 51B, 57A), highest first."""
    strains: tuple[Strain, ...] = ()
    """``director shows`` (29C): the denominations found, highest first: suits, notrump
    alone, or none (``director shows none``)."""
    seat_named: Seat | None = None
    """The seat named by a director finding (21B, 15A, 13, 14, 67, 47E2), by ``asks`` (61B)
    or by ``lead-hand`` (43B2a)."""
    designation: Designation | None = None
    """What a ``names`` designation names (46A/46B): high, low, win, any, a suit, a rank or
    a card (the suit or rank in :attr:`text`, the card in :attr:`card`)."""

    @property
    def seat(self) -> Seat:
        return _SEAT_OF_WORD[self.who]

    @property
    def the_seat_named(self) -> Seat:
        """:attr:`seat_named`, for the actions that always name one."""
        assert self.seat_named is not None, self.action
        return self.seat_named


_SEAT_OF_WORD = {word: Seat(i) for i, word in enumerate(SEAT_WORDS)}


_SIMPLE: frozenset[Action] = frozenset(
    {
        Action.ACCEPT,
        Action.DECLINE,
        Action.AGREE,
        Action.DISPUTE,
        Action.NO_RESTRICTION,
        Action.SPREAD,
        Action.REVIEW,
        Action.HIGHEST,
        Action.LOWEST,
        Action.NONE,
        Action.PLAY_ON,
        Action.WARNS,
        Action.ATTENTION,
        Action.INSPECT,
        Action.WRONG_WAY,
        Action.SHOWS,
        Action.THROWS_IN,
    }
)


_PARSED: dict[str, Event] = {}
"""Event texts already read, for their parse: the same few hundred texts (calls, cards,
answers) make up most boards, and reading one costs more than the engine's ruling on it."""


def _unfrozen_event_class() -> type | None:
    """Pure Python: a class with the slots of :class:`Event` (the same layout) but not frozen,
    for :func:`_renumbered`; None in the mypyc-compiled build, whose Event is a native class
    with no such slots."""
    if not isinstance(vars(Event).get("index"), MemberDescriptorType):
        return None
    return type("_UnfrozenEvent", (), {"__slots__": vars(Event)["__slots__"]})


_UNFROZEN_EVENT = _unfrozen_event_class()


def _renumbered(known: Event, index: int) -> Event:
    """A new event equal to ``known`` but for its number, ``index``.

    A frozen dataclass's ``__init__`` sets each of its twelve fields through
    ``object.__setattr__``, which makes a new event cost more than the engine's ruling on a
    card in pure Python. The copy is made as an object of the same layout that is not frozen,
    its fields set as plain slots, then given the class :class:`Event` (an assignment of
    ``__class__`` that Python allows between classes of the same slots): an Event like any
    other, about four times cheaper to make. The compiled build calls the constructor."""
    unfrozen = _UNFROZEN_EVENT
    if unfrozen is None:
        return Event(
            index,
            known.who,
            known.action,
            known.call,
            known.card,
            known.number,
            known.text,
            known.cards,
            known.suits,
            known.strains,
            known.seat_named,
            known.designation,
        )
    copy: Any = object.__new__(unfrozen)
    copy.index = index
    copy.who = known.who
    copy.action = known.action
    copy.call = known.call
    copy.card = known.card
    copy.number = known.number
    copy.text = known.text
    copy.cards = known.cards
    copy.suits = known.suits
    copy.strains = known.strains
    copy.seat_named = known.seat_named
    copy.designation = known.designation
    copy.__class__ = Event
    event: Event = copy
    return event


def parse_event(text: object, index: int) -> Event:
    """Parse one event string; raise :class:`ScriptError` naming the event if it is malformed."""
    if type(text) is str:
        known = _PARSED.get(text)
        if known is not None:
            return _renumbered(known, index)
    event = _parse_event(text, index)
    if len(_PARSED) < 4096:  # bounded: any text may come, but few different ones do
        _PARSED[str(text)] = event
    return event


def _parse_event(text: object, index: int) -> Event:
    if not isinstance(text, str):
        raise ScriptError(index, refuse("event.not-a-string", text=repr(text)))
    parts = text.split(None, 1)
    if len(parts) < 2:
        raise ScriptError(index, refuse("event.who-action", text=text))
    word = parts[0].strip()
    rest = parts[1].strip()
    if word.lower() == "director":
        return _director_event(index, rest)
    who = _SEAT_LETTER.get(word.upper())
    if who is None:
        raise ScriptError(index, refuse("event.not-a-seat", word=word))
    word, _, argument = rest.partition(" ")
    key = word.lower()
    argument = argument.strip()
    if key in _SIMPLE and not argument:
        return Event(index, who, Action(key))
    if key in ("expose", "correct", "designate", "again", "face-down"):
        return Event(index, who, Action(key), card=_card(index, argument))
    if key == "cards":
        cards = tuple(_card(index, w) for w in argument.split())
        if len(cards) < 2 or len(set(cards)) != len(cards):
            raise ScriptError(index, refuse("event.cards-words", text=text))
        return Event(index, who, Action(key), card=cards[0], cards=cards)
    if key in ("asks", "lead-hand", "suggests", "names"):
        return _dummy_event(index, who, key, argument, text)
    if key in ("forbid", "require"):
        # 51B2b: declarer may forbid several suits at once ("forbid S H")
        words = argument.replace(",", " ").split() if key == "forbid" else [argument]
        try:
            suits = sorted({Suit.parse(w) for w in words}, reverse=True)
        except BridgeLawError:
            raise ScriptError(index, refuse("event.takes-a-suit", text=text, key=key)) from None
        if not suits:
            raise ScriptError(index, refuse("event.takes-a-suit", text=text, key=key))
        return Event(index, who, Action(key), suits=tuple(suits))
    if key in ("claim", "concede"):
        number, _, statement = argument.partition(":")
        number = number.strip()  # ASCII digits only: "²".isdigit() is true, int("²") fails
        if not (number.isascii() and number.isdigit()) or len(number) > 2 or int(number) > 13:
            raise ScriptError(index, refuse("event.takes-tricks", text=text, key=key))
        return Event(index, who, Action(key), number=int(number), text=statement.strip())
    call = parse_table_call(rest) if not argument else None
    if call is not None:
        return Event(index, who, Action.CALL, call=call)
    if not argument:
        try:
            return Event(index, who, Action.CARD, card=parse_card(rest))
        except BridgeLawError:
            pass
    raise ScriptError(index, refuse("event.unknown-action", text=text))


#: Laws 13-15: the words after the finding: a seat, a card, and an optional qualifier.
_BOARD_WORDS: dict[str, tuple[bool, bool, tuple[str, ...]]] = {
    "missing": (True, True, ()),
    "found": (False, True, ("among-played",)),
    "wrong-count": (True, True, ("seen", "seen-serious")),
    "surplus": (True, True, ("played",)),
    "earlier-call": (True, False, ("same", "differs")),
    "wrong-table": (False, False, ("played-before", "not-played", "NS", "EW")),
}


def _board_finding(index: int, key: str, words: list[str]) -> Event:
    has_seat, has_card, qualifiers = _BOARD_WORDS[key]
    usage = " ".join(
        [f"director {key}"]
        + (["<seat>"] if has_seat else [])
        + (["<card>"] if has_card else [])
        + ([f"[{'|'.join(qualifiers)}]"] if qualifiers else [])
    )
    rest = list(words)
    seat: Seat | None = None
    card: Card | None = None
    if has_seat:
        if not rest or rest[0].upper() not in SEAT_WORDS:
            raise ScriptError(index, refuse("event.expected", usage=usage))
        seat = Seat.parse(rest.pop(0))
    if has_card:
        if not rest:
            raise ScriptError(index, refuse("event.expected", usage=usage))
        card = _card(index, rest.pop(0))
    qualifier = rest.pop(0) if rest else ""
    if key == "wrong-table":
        qualifier = qualifier.upper() if qualifier.upper() in ("NS", "EW") else qualifier
    mandatory = key in ("earlier-call", "wrong-table")
    if rest or (qualifier and qualifier not in qualifiers) or (mandatory and not qualifier):
        raise ScriptError(index, refuse("event.expected", usage=usage))
    return Event(index, "director", Action(key), card=card, text=qualifier, seat_named=seat)


def _card(index: int, word: str) -> Card:
    try:
        return parse_card(word)
    except BridgeLawError:
        raise ScriptError(index, refuse("event.not-a-card", word=word)) from None


def _dummy_event(index: int, who: SeatLetter, key: str, argument: str, text: str) -> Event:
    """The project's words for Laws 42-46 and 61B: ``asks [seat]``, ``lead-hand <seat>``,
    ``suggests [card]`` and ``names <designation>``."""
    if key == "suggests":
        card = _card(index, argument) if argument else None
        return Event(index, who, Action(key), card=card)
    if key in ("asks", "lead-hand"):
        if argument.upper() in SEAT_WORDS:
            return Event(index, who, Action(key), seat_named=Seat.parse(argument))
        if key == "asks" and not argument:
            return Event(index, who, Action(key))
        raise ScriptError(index, refuse("event.names-a-seat", text=text, key=key))
    words = argument.split() or [""]
    first = words[0].lower()
    if len(words) > 2:
        pass
    elif first in NAME_WORDS:
        kind = NAME_WORDS[first]
        if len(words) == 1:
            return Event(index, who, Action(key), designation=kind)
        if kind in ("high", "low") and words[1].upper() in tuple(SUIT_LETTERS):
            return Event(index, who, Action(key), text=words[1].upper(), designation=kind)
    elif len(words) == 1:
        w = words[0].upper()
        if w in tuple(SUIT_LETTERS):
            return Event(index, who, Action(key), text=w, designation="suit")
        if w in tuple(RANK_CHARS) or w == "10":
            return Event(index, who, Action(key), text="T" if w == "10" else w, designation="rank")
        return Event(index, who, Action(key), card=_card(index, w), designation="card")
    raise ScriptError(index, refuse("event.names-words", text=text))


def _director_event(index: int, rest: str) -> Event:
    word, _, argument = rest.partition(" ")
    key = word.lower()
    argument = argument.strip()
    if key == "tricks":
        if not (argument.isascii() and argument.isdigit()) or len(argument) > 2 \
                or int(argument) > 13:  # fmt: skip
            raise ScriptError(index, refuse("event.director-tricks", argument=argument))
        return Event(index, "director", Action(key), number=int(argument))
    if key in ("misinformation", "wrong-board", "too-many", "mistaken-explanation"):
        if argument.upper() not in SEAT_WORDS:
            raise ScriptError(index, refuse("event.director-names-seat", key=key))
        return Event(index, "director", Action(key), seat_named=Seat.parse(argument))
    if key == "incontrovertible" or (key == "not-designated" and argument):
        return Event(index, "director", Action(key), card=_card(index, argument))
    if key == "shows":  # 29C: the denominations an artificial call specified
        words = [w.upper() for w in argument.split()]
        if words == ["NONE"]:
            return Event(index, "director", Action(key))
        if words == ["NT"]:
            return Event(index, "director", Action(key), strains=(Strain.NOTRUMP,))
        if (
            words
            and all(w in ("S", "H", "D", "C") for w in words)
            and len(set(words)) == len(words)
        ):
            ordered = sorted((Strain.parse(w) for w in words), reverse=True)
            return Event(index, "director", Action(key), strains=tuple(ordered))
        raise ScriptError(index, refuse("event.shows-words"))
    if key == "revoke-found":
        if argument not in ("next-deal", "end-of-round"):
            raise ScriptError(index, refuse("event.revoke-found-words"))
        return Event(index, "director", Action(key), text=argument)
    if key in _BOARD_WORDS:
        return _board_finding(index, key, argument.split())
    if key in DIRECTOR_FINDINGS and not argument:
        return Event(index, "director", Action(key))
    known = ", ".join(DIRECTOR_FINDINGS)
    raise ScriptError(index, refuse("event.unknown-finding", finding=rest, known=known))
