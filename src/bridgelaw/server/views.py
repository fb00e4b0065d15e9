"""What each role sees of a table (the views of ``table-api.md``).

A seat sees what a player sees at a real table: his own hand, dummy once the opening lead is
faced (Law 41B), the cards played to the tricks, penalty cards (Law 50) and cards exposed
during the auction (Law 24), which lie face up. The director sees everything, the deal too.

The engine's report (``Table.to_json``) names cards in sentences (rulings, options); a seat's
view is therefore narrowed twice: the fields are built from what the seat may see, and every
card named anywhere else in the view that the seat could not see is blotted out. The second
step is the safety net: a new ruling text that names a hidden card cannot leak it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bridgelaw.cards import SEATS, Card, Hand, Seat, card_name, cards_in, hand_pbn
from bridgelaw.server.public import public_state
from bridgelaw.table import Table
from bridgelaw.table.legal import seat_acting

DIRECTOR = "director"
HIDDEN = "??"
"""What a card the role may not see becomes in a sentence."""

CARD_WORD = re.compile(r"(?<![A-Za-z0-9])([SHDC](?:10|[AKQJT2-9]))(?![A-Za-z0-9])")
"""A card as the engine writes it (``SA``, ``HT``, ``H10``), not inside a longer word or a
clause such as ``16C2``."""


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


def visible_cards(table: Table, seat: Seat) -> set[Card]:
    """Every card ``seat`` could have seen at a real table so far."""
    seen = set(cards_in(table.board.deal.hands[seat]))  # his own 13 cards
    dummy = dummy_faced(table)
    if dummy is not None:
        seen |= set(cards_in(table.board.deal.hands[dummy]))
    play = table.play
    if play is not None:
        seen.update(play.played)
        seen.update(r.card for r in play.revokes)  # a revoke was played face up (61A)
    seen.update(card for _, card, _ in table.penalty_cards)  # Law 50: face up on the table
    seen.update(card for _, card, _ in table.exposed)  # Law 24: exposed in the auction
    return seen


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
    names = {card_name(c) for c in cards}
    return frozenset(names | {n[0] + "10" for n in names if n[1] == "T"})


def current_trick(table: Table) -> list[str]:
    play = table.play
    return [] if play is None else [card_name(c) for c in play.trick if c is not None]


def seat_view(
    table: Table, seat: Seat, mode: str, report: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The view of one seat: the engine's report (``report``, if made already for the same
    state: it is not changed) narrowed to what that seat could see."""
    report = table.to_json() if report is None else report
    view: dict[str, Any] = blot(report, visible_cards(table, seat))
    dummy = dummy_faced(table)
    view.update(
        seat=seat.letter,
        mode=mode,
        hand=hand_pbn(holding(table, seat)),
        dummy=None if dummy is None else hand_pbn(holding(table, dummy)),
        trick=current_trick(table),
    )
    return view


def director_view(table: Table, mode: str, report: dict[str, Any] | None = None) -> dict[str, Any]:
    """The director's view: the whole report, the deal and what each seat still holds."""
    view = table.to_json() if report is None else dict(report)
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
    report: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The view of ``role``, with the seats the robots take (``"robots": ["E", "W"]``);
    ``report``: the engine's report of this state, if made already."""
    if role == DIRECTOR:
        view = {**director_view(table, mode, report), **public_state(table)}
    else:
        seat = Seat("NESW".index(role))
        extra = blot(public_state(table), visible_cards(table, seat))  # the table page's fields
        view = {**seat_view(table, seat, mode, report), **extra}
    view.update(wire(table, role))
    view["robots"] = list(robots)
    return view


PLAYING = ("card", "cards", "correct", "none", "again")
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
            "offer": None if awaiting is None else awaiting.as_offer(),
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
            for c, o in zip(awaiting.choices(), awaiting.commands(), strict=True)
            if c.who == who == role or (for_dummy and c.who == who and o.command.action in PLAYING)
        ]
        if options:
            offer = {
                "who": awaiting.who,
                "law": awaiting.law,
                "title": awaiting.title,
                "options": options,
            }
    return {"legal": legal, "offer": offer}


def blot_for(role: str, table: Table, text: str, own: set[Card]) -> str:
    """A message (an error) sent to ``role``: hidden cards blotted out, except those in
    ``own`` (the cards the role itself named)."""
    if role == DIRECTOR:
        return text
    seen = visible_cards(table, Seat("NESW".index(role))) | own
    result: str = blot(text, seen)
    return result
