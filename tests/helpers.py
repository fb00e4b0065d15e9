"""Shared test helpers: an independent reading of an auction, and random legal boards."""

from __future__ import annotations

import random

from bridgelaw.auction import Auction
from bridgelaw.calls import PASS, Call
from bridgelaw.cards import Deal
from bridgelaw.play import Play

SAMPLE_DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"


def naive_result(dealer: int, calls: list[Call]) -> tuple[str, int | None]:
    """Contract and declarer read straight from the call list, the slow obvious way (Law 22)."""
    bids = [(i, c) for i, c in enumerate(calls) if c < 35]
    if not bids:
        return "passed-out", None
    last_index, last = bids[-1]
    after = [c for c in calls[last_index + 1 :] if c != PASS]
    suffix = "" if not after else ("X" if after[-1] == 36 else "XX")
    level, strain = last // 5 + 1, last % 5
    name = f"{level}{['C', 'D', 'H', 'S', 'NT'][strain]}{suffix}"
    bidder = (dealer + last_index) % 4
    for i, c in bids:
        seat = (dealer + i) % 4
        if seat % 2 == bidder % 2 and c % 5 == strain:
            return name, seat
    raise AssertionError("unreachable")


def random_deal(rng: random.Random) -> Deal:
    deck = list(range(52))
    rng.shuffle(deck)  # tests only: the dealer of record never uses `random`
    holders = [0] * 52
    for position, card in enumerate(deck):
        holders[card] = position % 4
    return Deal.from_holders(holders)


def random_auction(rng: random.Random, dealer: int, pass_weight: int = 6) -> Auction:
    """A random legal auction; passes are made likelier so that auctions stay realistic-length."""
    auction = Auction(dealer)
    while not auction.is_over:
        calls = list(auction.legal_calls())
        calls += [PASS] * pass_weight
        auction.push(calls[rng.randrange(len(calls))])
    return auction


def random_play(
    rng: random.Random, deal: Deal, declarer: int, strain: int, cards: int = 52
) -> Play:
    play = Play(deal, declarer, strain)
    while len(play.played) < cards:
        legal = list(play.legal_cards())
        play.push(legal[rng.randrange(len(legal))])
    return play
