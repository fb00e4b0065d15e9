"""The public state of a table that a page draws, added to every role's view.

The spec's view (``table-api.md``) says what happened; a page also needs where the table stands,
which the engine knows and everyone at a real table sees: whose turn it is, who led the trick on
the table and who played each of its cards, the tricks each side has won (once play has ceased,
as credited: a claim's tricks too), the tricks already quitted, which calls were alerted, a
claim being answered, and the cards faced while an irregularity is settled (a lead out of turn:
the chooser decides looking at it). Nothing here is private: cards played are faced (Law 65A
keeps them in front of their players), the auction is heard by all, and a claim's statement is
made to the table (Law 68C). A seat's copy still goes through the view's blotting
(``views.blot``), like every other field.
"""

from __future__ import annotations

from typing import Any

from bridgelaw.cards import SEATS, Card, Seat, card_name, hand_pbn
from bridgelaw.table import Table
from bridgelaw.table.play_state import Place
from bridgelaw.table.rules.claims.law68_71 import SETTLED, Claim


def _card(card: Place) -> str | None:
    """A card's name; None for a card missing from a trick (Law 67)."""
    return None if card is None else card_name(card)


def faced_cards(table: Table) -> list[dict[str, str]]:
    """The cards face up on the table, out of the hands and not (yet) in a trick nor penalty
    cards, with whose each is: the whole table sees them. The irregularity being settled
    (``Pending.faced``: a lead out of turn, 54-56, which the chooser decides looking at it; a
    card played instead of a penalty card, 52; cards played at once, 58B); a card played
    early that waits for its turn (57C3, 57D, 45D1); a lead made early (57C1, 57C3)."""
    cards: list[tuple[Seat, Card]] = []
    pending = table.pending
    if pending is not None:
        cards += [(pending.offender, c) for c in pending.faced()]
    cards += [(s, o.card) for s, o in sorted(table.must_play.items()) if o.card is not None]
    if table.early_lead is not None:
        cards.append(table.early_lead)
    penalty = {card for _, card, _ in table.penalty_cards}
    return [{"seat": s.letter, "card": card_name(c)} for s, c in cards if c not in penalty]


def public_state(table: Table) -> dict[str, Any]:
    """The extra fields of every view (see the module's docstring)."""
    play = table.play
    turn = table.next_to_act
    state: dict[str, Any] = {
        "events": len(table.events),  # a page keeps the newest of the views it receives
        "turn": None if turn is None else turn.letter,
        "auction": [
            {
                "seat": r.seat.letter,
                "event": r.event,  # the call's key for its explanations (20F)
                "call": r.call.text,
                "alert": bool(r.call.artificial),
                "status": r.status,
            }
            for r in table.history
        ],
        "trick_cards": [],
        "quitted": [],
        "won": None,
        "claim": None,
        "faced": faced_cards(table),
    }
    if play is not None:
        state["trick_cards"] = [
            {"seat": SEATS[(play.leader + i) & 3].letter, "card": _card(card)}
            for i, card in enumerate(play.trick)
        ]
        state["quitted"] = [
            {
                "leader": trick.leader.letter,
                "cards": [_card(c) for c in trick.cards],
                "winner": trick.winner.letter,
            }
            for trick in play.tricks
        ]
        state["won"] = {"NS": play.won[0], "EW": play.won[1]}
        declarer, tricks = table.declarer, table.tricks
        if table.phase == "ended" and declarer is not None and tricks is not None:
            # once play has ceased the tricks credited count: a claim's or a concession's too
            # (69A, 70, 71) and the tricks a revoke transfers (64), as the score counts them
            ns = tricks if declarer.letter in "NS" else 13 - tricks
            state["won"] = {"NS": ns, "EW": 13 - ns}
    claim = table.claim
    state["claimed"] = None
    if claim is not None and table.claim_is_open():
        state["claim"] = claim_json(claim)
    elif claim is not None and claim.stage == SETTLED:
        state["claimed"] = {**claim_json(claim), "credited": claim.credited, "law": claim.law}
    return state


def claim_json(claim: Claim) -> dict[str, Any]:
    """A claim as the page shows it: with the statement (68C) and the claimer's cards, faced
    as they were when he claimed (``hand``, PBN)."""
    return {
        "claimer": claim.claimer.letter,
        "kind": claim.kind,
        "number": claim.number,
        "statement": claim.statement,
        "stage": claim.stage,
        "hand": hand_pbn(claim.position.hands[claim.claimer]),
    }
