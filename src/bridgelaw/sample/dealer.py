"""Deals for the bundled sample session -- sample only; the secure dealer lives elsewhere.

These deals are reproducible on purpose: anyone can recompute them from a public label, so they
must never be used for a real tournament. They exist so that ``python -m bridgelaw.sample`` writes
the same bytes on every run and every platform. Python's :mod:`random` is not used (a project
rule for anything that deals cards): the bytes come from SHA-256 of the label and a counter, and
a Fisher-Yates shuffle turns them into a permutation, drawing each index by rejection sampling so
that every permutation is equally likely given uniform bytes.

>>> deal = sample_deal(1)
>>> deal == sample_deal(1), deal == sample_deal(2)
(True, False)
>>> sorted(h.bit_count() for h in deal.hands)
[13, 13, 13, 13]
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from bridgelaw.cards import Deal

LABEL = b"bridgelaw sample session board %d"
"""The public label of board ``n``'s byte stream (sample only)."""


def byte_stream(label: bytes) -> Iterator[int]:
    """Bytes of SHA-256(label || counter) for counter = 0, 1, 2... (a 4-byte big-endian count)."""
    counter = 0
    while True:
        yield from hashlib.sha256(label + counter.to_bytes(4, "big")).digest()
        counter += 1


def uniform_below(bound: int, stream: Iterator[int]) -> int:
    """An index 0 <= i < bound (bound 1-256) from single bytes, rejecting the biased tail."""
    if not 1 <= bound <= 256:
        raise ValueError(f"bound must be from 1 to 256, not {bound}")
    limit = 256 - 256 % bound  # the largest multiple of bound that fits in a byte
    while True:
        value = next(stream)
        if value < limit:
            return value % bound


def shuffled_deck(label: bytes) -> list[int]:
    """The 52 cards in an order fixed by ``label`` (Fisher-Yates, from the top down)."""
    deck = list(range(52))
    stream = byte_stream(label)
    for i in range(51, 0, -1):
        j = uniform_below(i + 1, stream)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def sample_deal(board: int) -> Deal:
    """Board ``board``'s deal: the first 13 shuffled cards to North, then East, South, West."""
    deck = shuffled_deck(LABEL % board)
    hands = [0, 0, 0, 0]
    for position, card in enumerate(deck):
        hands[position // 13] |= 1 << card
    return Deal(hands)
