"""What each role sees of a table (the views of ``table-api.md``).

A seat sees what a player sees at a real table: his own hand, dummy once the opening lead is
faced (Law 41B), the cards played to the tricks, penalty cards (Law 50) and cards exposed
during the auction (Law 24), which lie face up; once the board is over, every card (66D: after
play all the cards may be inspected), so the seat's view then holds the deal. The director sees
everything, the deal too.

The engine's rulings and reviews are messages with parameters (:mod:`bridgelaw.table.messages`):
a seat's view replaces each card parameter the seat could not see with :data:`HIDDEN` and
renders the sentence again from the parameters (:func:`said_records`); the view's rulings and
reviews carry the message id and the parameters beside the text. The rest of the report is
narrowed by :func:`blot`: a field that is a card's name alone is kept or hidden as a whole; the
regular expression over words (:data:`CARD_WORD`) is left for the free text that still reaches
a view: a ruling's ``text`` parameters (English made outside the catalog: a claim's statement,
an adjudicator's line), the offers' option words and the error messages (:func:`blot_for`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bridgelaw.cards import SEATS, Card, Hand, Seat, card_name, cards_in, hand_pbn
from bridgelaw.server.public import public_state
from bridgelaw.table import Action, Table, meanings
from bridgelaw.table.legal import seat_acting
from bridgelaw.table.messages import Kind, Said
from bridgelaw.table.play_state import Revoke
from bridgelaw.table.state import Awaiting, CallRecord, Review, Ruling

DIRECTOR = "director"
HIDDEN = "??"
"""What a card the role may not see becomes in a sentence."""

CARD_WORD = re.compile(r"(?<![A-Za-z0-9])([SHDC](?:10|[AKQJT2-9]))(?![A-Za-z0-9])")
"""A card as the engine writes it (``SA``, ``HT``, ``H10``), not inside a longer word or a
clause such as ``16C2``."""


FACING: frozenset[Action] = frozenset(
    (Action.CARD, Action.CARDS, Action.CORRECT, Action.EXPOSE, Action.AGAIN)
)
"""The events that face a card on the table for all to see: a card played (45A, to a trick
or not: a lead out of turn, 54-56; early, 57; several at once, 58B; again, 67B3), a revoke's
correction (62A) and a card exposed (24, 49). A face-down opening lead (41A) is not one."""


def holding(table: Table, seat: Seat) -> Hand:
    """The cards ``seat`` still holds (the deal until the opening lead)."""
    if table.play is not None:
        return table.play.hands[seat]
    return table.board.deal.hands[seat]


def dummy_faced(table: Table) -> Seat | None:
    """Dummy, once the opening lead is faced and dummy's hand spread (Law 41B); else None."""
    play = table.play
    if play is None or table.declarer is None or not (play.played or play.tricks):
        return None
    return table.declarer.partner


def board_over(table: Table) -> bool:
    """Is the board over (played out, claimed, passed out)? Then every card may be inspected
    (66D), and each seat's view holds the whole deal."""
    return table.phase == "ended"


def public_cards(table: Table) -> frozenset[Card]:
    """The cards every seat has seen so far, whoever he is: those faced on the table (not a
    seat's own hand nor dummy's, :func:`visible_cards` adds them)."""
    seen: set[Card] = set()
    play = table.play
    if play is not None:
        seen.update(play.played)
        seen.update(r.card for r in play.revokes)  # a revoke was played face up (61A)
    seen.update(card for _, card, _ in table.penalty_cards)  # Law 50: face up on the table
    seen.update(card for _, card, _ in table.exposed)  # Law 24: exposed in the auction
    claim = table.claim
    if claim is not None:
        # 2017 68C: the claimer faces his cards with his statement (online, in both editions:
        # the claimer's hand is shown to the table); seen once faced, even if play goes on
        seen.update(cards_in(claim.position.hands[claim.claimer]))
    # a card played is faced (45A), even one that goes back or waits out of the tricks (the
    # view's ``faced``: a lead out of turn, 54-56, one played early, 57)
    for event in table.events:
        if event.action in FACING:
            seen.update(event.cards)  # several at once (58B)
            if event.card is not None:
                seen.add(event.card)
    return frozenset(seen)


def visible_cards(table: Table, seat: Seat, public: frozenset[Card] | None = None) -> set[Card]:
    """Every card ``seat`` could have seen at a real table so far; ``public``: the table's
    :func:`public_cards`, if made already for this state."""
    if board_over(table):
        return set(range(52))  # 66D: after play, all the cards may be inspected
    seen = set(cards_in(table.board.deal.hands[seat]))  # his own 13 cards
    dummy = dummy_faced(table)
    if dummy is not None:
        seen.update(cards_in(table.board.deal.hands[dummy]))
    seen |= public_cards(table) if public is None else public
    return seen


def unknown_revokes(table: Table, seat: Seat) -> list[Revoke]:
    """The revokes ``seat`` cannot know of: nobody learns of a revoke until attention is
    drawn to it (61, 62A: its player corrects it) or the tricks may be inspected once play
    is over (66C, 66D). Its own player knows what he held; dummy's hand is face up, so a
    revoke from it is seen by all."""
    play = table.play
    if play is None or play.is_over or table.phase == "ended":
        return []
    dummy = dummy_faced(table)
    return [r for r in play.revokes if not r.corrected and r.seat not in (seat, dummy)]


def names_any(said: Said | None, revokes: frozenset[Said]) -> bool:
    """Does a message name one of ``revokes`` (each as :meth:`Revoke.said`), in a nested
    message too?"""
    if said is None:
        return False
    if said in revokes:
        return True
    return any(isinstance(v, Said) and names_any(v, revokes) for _, v in said.params)


def blot(value: Any, seen: set[Card] | frozenset[str]) -> Any:
    """``value`` (JSON) with every card not in ``seen`` replaced by :data:`HIDDEN`. ``seen``
    may be given as the names of those cards (:func:`names_of`), made once for many values."""
    names = seen if isinstance(seen, frozenset) else names_of(seen)
    if isinstance(value, str):
        if value in names:
            return value  # a card seen, alone (most strings of a view: the cards played)
        return CARD_WORD.sub(lambda m: m.group(1) if m.group(1) in names else HIDDEN, value)
    if isinstance(value, list):
        return [blot(v, names) for v in value]
    if isinstance(value, dict):
        return {k: blot(v, names) for k, v in value.items()}
    return value


def names_of(cards: set[Card]) -> frozenset[str]:
    """The names the engine may write for ``cards``: ``HT`` and ``H10`` alike."""
    return _names_of(frozenset(cards))


@functools.lru_cache(maxsize=4096)
def _names_of(cards: frozenset[Card]) -> frozenset[str]:
    """:func:`names_of`, remembered: the four seats of every table ask for the same few sets
    again and again (a seat's cards seen change once per card played)."""
    names = {card_name(c) for c in cards}
    return frozenset(names | {n[0] + "10" for n in names if n[1] == "T"})


def said_records(
    table: Table, names: frozenset[str] | None, unknown: frozenset[Said] = frozenset()
) -> dict[str, list[dict[str, Any]]]:
    """The rulings and reviews in force with their messages and parameters; with ``names``
    (the cards a seat could see, :func:`names_of`) every card parameter not among them is
    :data:`HIDDEN` and the text is rendered from what is left (free text parameters are
    blotted word by word); with None, as they are (the director). A record that names a
    revoke in ``unknown`` (:func:`unknown_revokes`) is left out: it tells of that revoke."""

    def hide(value: str, kind: Kind) -> str:
        assert names is not None
        if kind == Kind.CARD:
            return value if value in names else HIDDEN
        result: str = blot(value, names)  # free text from outside the catalog
        return result

    def record(r: Ruling | Review) -> dict[str, Any]:
        if r.said is None or names is None:
            data = r.as_message()
            return data if names is None else dict(blot(data, names))
        return r.as_message(r.said.replaced(hide))

    return {
        "rulings": [record(r) for r in table.rulings if not names_any(r.said, unknown)],
        "reviews": [record(r) for r in table.reviews if not names_any(r.said, unknown)],
    }


def current_trick(table: Table) -> list[str]:
    play = table.play
    return [] if play is None else [card_name(c) for c in play.trick if c is not None]


Blot = Callable[[Any, set[Card] | frozenset[str]], Any]
""":func:`blot`, or one that remembers what it blotted (``server.push.Blotter``)."""


@dataclass(frozen=True)
class Common:
    """What every role's view of one state of the table shares, made once for all of them
    (the push makes up to five views of each state): the engine's report, the page's public
    fields (:func:`~bridgelaw.server.public.public_state`) and the cards faced to everyone
    (:func:`public_cards`). Never changed once made: a view takes its fields as they are."""

    report: dict[str, Any]
    public: dict[str, Any]
    faced: frozenset[Card]


def common(table: Table) -> Common:
    """The :class:`Common` part of the views of ``table`` as it stands now."""
    return Common(table.to_json(), public_state(table), public_cards(table))


def seat_view(
    table: Table,
    seat: Seat,
    mode: str,
    shared: Common | None = None,
    blotter: Blot = blot,
    names: frozenset[str] | None = None,
) -> dict[str, Any]:
    """The view of one seat: the engine's report (from ``shared``, if made already for the
    same state: it is not changed) narrowed to what that seat could see (``names``: the
    names of those cards, if made already)."""
    report = table.to_json() if shared is None else shared.report
    if names is None:
        names = names_of(visible_cards(table, seat, None if shared is None else shared.faced))
    rest = {k: v for k, v in report.items() if k not in ("rulings", "reviews")}
    view: dict[str, Any] = blotter(rest, names)
    unknown = unknown_revokes(table, seat)
    if unknown:
        hidden = frozenset(card_name(r.card) for r in unknown)
        view["revokes"] = [r for r in view["revokes"] if r["card"] not in hidden]
    view.update(said_records(table, names, frozenset(r.said() for r in unknown)))
    dummy = dummy_faced(table)
    view.update(
        seat=seat.letter,
        mode=mode,
        hand=hand_pbn(holding(table, seat)),
        dummy=None if dummy is None else hand_pbn(holding(table, dummy)),
        trick=current_trick(table),
        deal=table.board.deal.pbn() if board_over(table) else None,
    )
    return view


def director_view(table: Table, mode: str, report: dict[str, Any] | None = None) -> dict[str, Any]:
    """The director's view: the whole report, the deal and what each seat still holds."""
    view = table.to_json() if report is None else dict(report)
    view.update(said_records(table, None))
    dummy = dummy_faced(table)
    view.update(
        seat=DIRECTOR,
        mode=mode,
        hand=None,
        dummy=None if dummy is None else hand_pbn(holding(table, dummy)),
        trick=current_trick(table),
        deal=table.board.deal.pbn(),
        hands={s.letter: hand_pbn(holding(table, s)) for s in SEATS},
    )
    return view


def view_for(
    table: Table,
    role: str,
    mode: str,
    robots: Sequence[str] = (),
    shared: Common | None = None,
    blotter: Blot = blot,
) -> dict[str, Any]:
    """The view of ``role``, with the seats the robots take (``"robots": ["E", "W"]``);
    ``shared``: what the views of this state share (:func:`common`), if made already;
    ``blotter``: the role's."""
    shared = common(table) if shared is None else shared
    if role == DIRECTOR:
        view = {**director_view(table, mode, shared.report), **shared.public}
    else:
        seat = Seat("NESW".index(role))
        names = names_of(visible_cards(table, seat, shared.faced))
        extra = blotter(shared.public, names)  # the table page's fields
        # online, a player never sees his partner's alerts (nor their explanations, above)
        partner = seat.partner.letter
        extra["auction"] = [
            {**r, "alert": False} if r["seat"] == partner and r["alert"] else r
            for r in extra["auction"]
        ]
        view = {**seat_view(table, seat, mode, shared, blotter, names), **extra}
    view.update(wire(table, role))
    view["change"] = change_offer(table, role, mode)
    view["robots"] = list(robots)
    return view


PLAYING: frozenset[Action] = frozenset(
    (Action.CARD, Action.CARDS, Action.CORRECT, Action.NONE, Action.AGAIN)
)
"""The actions that put a card of the hand on the table: dummy never does them, declarer
does them for dummy (Law 45)."""


def to_post(text: str) -> str:
    """The text a seat posts for its event ``text`` (``N 1NT`` -> ``1NT``: the seat is the
    token's)."""
    return text.partition(" ")[2]


def wire(table: Table, role: str) -> dict[str, Any]:
    """What a page renders instead of deriving any law (``table-api.md``): ``legal``, the
    event texts the seat to act may send now (for the director: the seat's, with its letter;
    for another seat: none), and ``offer``, the open offer with its options, for the seat it
    asks now (for declarer when it asks dummy for a card: 45B); every party's options for the
    director; None for any other seat."""
    awaiting = table.awaiting
    if role == DIRECTOR:
        return {
            "legal": list(table.legal),
            "offer": None if awaiting is None else meanings.as_offer(awaiting),
            "correction": None,
        }
    acting = seat_acting(table)
    legal = (
        [to_post(t) for t in table.legal] if acting is not None and acting.letter == role else []
    )
    offer = None
    if awaiting is not None:
        # the seat asked now (69A asks one opponent at a time; 43B2a either defender, the
        # first to answer); declarer answers for dummy with dummy's cards (45B)
        who = awaiting.who
        dummy = None if table.declarer is None else table.declarer.partner.letter
        for_dummy = table.declarer is not None and role == table.declarer.letter and who == dummy
        options = [
            {**c.as_json(), "event": to_post(c.event)}
            for c, o in zip(meanings.choices(awaiting), awaiting.commands(), strict=True)
            if c.who == who == role or (for_dummy and c.who == who and o.command.action in PLAYING)
        ]
        if options:
            offer = {
                "who": awaiting.who,
                "law": awaiting.law,
                "title": meanings.title(awaiting),
                "options": options,
            }
            if awaiting.groups and who == role:
                offer["groups"] = meanings.groups(awaiting)
    return {"legal": legal, "offer": offer, "correction": correction(table, role)}


def correction(table: Table, role: str) -> dict[str, Any] | None:
    """For the player whose revoke is not yet established, the corrections he may make now
    (62A, 62B), as an offer (``table-api.md``'s ``offer`` shape) though play need not wait
    for it: he knows his own hand, so it tells him nothing he could not see; None for any
    other role, and while an offer, a claim or the end of play holds the table."""
    if role == DIRECTOR or table.awaiting is not None or table.claim_is_open():
        return None
    seat = Seat("NESW".index(role))
    cards = table.corrections(seat)
    if not cards:
        return None
    offer = Awaiting(seat.letter, "62A", tuple(f"correct {card_name(c)}" for c in cards))
    return {
        "who": role,
        "law": offer.law,
        "title": meanings.title(offer),
        "options": [{**c.as_json(), "event": to_post(c.event)} for c in meanings.choices(offer)],
    }


CALLS: tuple[str, ...] = (
    "pass",
    "X",
    "XX",
    *(f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")),
)
"""Every call a player may say instead of a slip (the engine judges what follows)."""


def changeable(table: Table, seat: Seat) -> CallRecord | None:
    """The call ``seat`` may still ask to change as unintended (Law 25A1: until his partner
    calls; the director judges whether it was a slip), else None: his last call, at his left-
    hand opponent's turn or, once that opponent has called, at his partner's (the engine's own
    two cases of a change, ``auction_rules``), while the table waits for nothing else."""
    if table.phase != "auction" or table.awaiting is not None:
        return None
    calls = table.effective()
    turn = table.next_to_act
    if calls and calls[-1].seat == seat and not calls[-1].inferred and turn == seat.lho:
        return calls[-1]
    if (
        len(calls) >= 2
        and calls[-2].seat == seat
        and not calls[-2].inferred
        and calls[-1].seat == seat.lho
        and turn == seat.partner
    ):
        return calls[-2]
    return None


def change_offer(table: Table, role: str, mode: str) -> dict[str, Any] | None:
    """For the seat that may ask to change a mistaken call (:func:`changeable`): the call, the
    calls he may say instead and how: at a ``law`` table he says the new call (an ``event``:
    the engine's Law 25 path, the director then judges); at a ``strict`` table he asks the
    director (a ``request``, ``server/call_changes.py``)."""
    if role == DIRECTOR:
        return None
    record = changeable(table, Seat("NESW".index(role)))
    if record is None:
        return None
    said = record.call.text
    return {
        "law": "25A1",
        "event": record.event,
        "call": said,
        "calls": [c for c in CALLS if c != said],
        "how": "event" if mode == "law" else "request",
    }


def explanations_seen(
    table: Table, records: list[dict[str, Any]], role: str
) -> list[dict[str, Any]]:
    """The explanations, questions and answers (``server/explanations.py``) ``role`` may see:
    all for the director; for a seat, none about his partner's calls (online, Law 20F is
    done so: a player never sees his own side's explanations, which would be unauthorized
    information to him, Law 16B), their words blotted like a claim's statement."""
    if role == DIRECTOR:
        return list(records)  # a copy: a held view (server/push.py) keeps its own
    seat = Seat("NESW".index(role))
    partner = seat.partner.letter
    mine = [r for r in records if r["caller"] != partner]
    if not mine:
        return mine
    seen: list[dict[str, Any]] = blot(mine, visible_cards(table, seat))
    return seen


def blot_for(role: str, table: Table, text: str, own: set[Card]) -> str:
    """A message (an error) sent to ``role``: hidden cards blotted out, except those in
    ``own`` (the cards the role itself named)."""
    if role == DIRECTOR:
        return text
    seen = visible_cards(table, Seat("NESW".index(role))) | own
    result: str = blot(text, seen)
    return result
