"""A random legal player that sees only its seat's view: the client of the durability test and
the load benchmark (``benchmarks/server_load.py``).

It reads whose turn it is from the view (its public ``turn``), and makes a random legal call
or play: a card of the suit led when it holds one (Law 44C), and dummy's cards played by
declarer (Law 45A). It makes no irregularity and answers no director's question: a table
waiting for the director (``awaiting``) gets nothing from it.
"""

from __future__ import annotations

import random
from typing import Any

from bridgelaw.cards import (
    STRAIN_SYMBOLS,
    card_name,
    card_suit,
    cards_in,
    parse_card,
    parse_hand_pbn,
)

SEATS = "NESW"
BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in STRAIN_SYMBOLS]


def seat_after(letter: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(letter) + steps) % 4]


def turn(view: dict[str, Any]) -> str | None:
    """The seat whose turn it is, as every view says it (``turn``: the engine's next to act,
    dummy's seat at dummy's turn); None once the board has ended or while the table waits for
    a decision."""
    if view["awaiting"] is not None or view["phase"] == "ended":
        return None
    whose: str | None = view["turn"]
    return whose


def random_call(view: dict[str, Any], rng: random.Random) -> str:
    """A random sufficient call: mostly a pass, else a bid a few steps above the last one (no
    higher than four), so that auctions end and most boards are played."""
    bids = [c for c in view["calls"] if c[0].isdigit()]
    if not bids and rng.random() < 0.6:
        return rng.choice(BIDS[:10])
    last = BIDS.index(bids[-1]) if bids else -1
    if last >= BIDS.index("4S") or rng.random() < 0.7:
        return "pass"
    return BIDS[min(last + rng.randint(1, 4), BIDS.index("4NT"))]


def random_event(view: dict[str, Any], rng: random.Random) -> str | None:
    """A random legal event for the view's seat to send now, or None when it is not his turn
    (declarer's turn includes dummy's: he names dummy's card)."""
    seat, whose = view["seat"], turn(view)
    if whose is None:
        return None
    if view["phase"] == "auction":
        return random_call(view, rng) if whose == seat else None
    dummy = seat_after(view["declarer"], 2)
    if whose == dummy:
        if seat != view["declarer"] or view["dummy"] is None:
            return None
        holding = view["dummy"]
    elif whose == seat:
        holding = view["hand"]
    else:
        return None
    cards = list(cards_in(parse_hand_pbn(holding)))
    trick = [parse_card(c) for c in view["trick"]]
    if trick:
        following = [c for c in cards if card_suit(c) == card_suit(trick[0])]
        cards = following or cards  # follow suit when able (Law 44C)
    return card_name(rng.choice(cards))
