"""Strict engine speed: bridgelaw against OpenSpiel's ``bridge`` game, in the same run.

Both engines get the same deals (dealer North, nobody vulnerable: OpenSpiel's fixed set-up) and
the same policy: at every turn, the list of legal actions is asked for and one of them is taken
uniformly at random. Each engine checks every call and card, finds the contract and declarer,
plays all 52 cards (none for a passed-out board) and scores the board.

Before timing, a verification pass plays the first boards through both engines with the legal
actions put in OpenSpiel's order, so the same random numbers choose the same actions: the two
engines must then agree on every board's contract (level, strain, doubled or redoubled; passed
out), declarer and score. OpenSpiel's contract and declarer are read from its contract index
(its ``kAllContracts`` table: passed out, then level, strain, declarer, double status).

The timing runs the engines in paired rounds (the same deals and random seed in both, the order
alternating from round to round), so the load of the machine weighs on both alike; each round
gives a ratio and the median of the rounds is the result. The timed pass uses each engine's own
order of legal actions (a uniform choice does not depend on the order).

Run with ``make bench`` (installs the optional ``bench`` extra). The last line printed is
``ratio <bridgelaw/OpenSpiel>``, the median of the paired rounds: above 1.0, bridgelaw is faster.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bridgelaw import is_compiled
from bridgelaw.auction import Auction
from bridgelaw.calls import Contract
from bridgelaw.cards import Deal, Seat
from bridgelaw.play import Play
from bridgelaw.scoring import contract_score

Deck = list[int]  # cards in the order dealt: position p goes to seat p % 4, North first
Outcome = tuple[tuple[int, int, int] | None, int | None, int]
"""A board's (level, strain, doubled) or None when passed out, declarer seat, NS score."""


def make_decks(count: int, seed: int) -> list[Deck]:
    rng = random.Random(seed)  # benchmark input only; the dealer of record is secure
    decks = []
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def to_openspiel(card: int) -> int:
    """bridgelaw's suit*13 + rank -> OpenSpiel's rank*4 + suit (both clubs-first)."""
    return (card % 13) * 4 + card // 13


def bridgelaw_boards(
    decks: Sequence[Deck], seed: int, openspiel_order: bool = False
) -> list[Outcome]:
    rng = random.Random(seed)
    randrange = rng.randrange
    results = []
    for deck in decks:
        deal = Deal.from_dealt(deck, Seat.NORTH)
        auction = Auction(Seat.NORTH)
        while not auction.is_over:
            calls = list(auction.legal_calls())
            auction.push(calls[randrange(len(calls))])
        contract = auction.contract
        assert contract is not None
        score = 0
        if auction.declarer is not None:
            play = Play(deal, auction.declarer, contract.strain)
            while not play.is_over:
                cards = list(play.legal_cards())
                if openspiel_order:
                    cards.sort(key=to_openspiel)
                play.push(cards[randrange(len(cards))])
            score = contract_score(contract, play.declarer_tricks, False)
            if auction.declarer & 1:
                score = -score
        declarer = None if auction.declarer is None else int(auction.declarer)
        results.append((_contract_key(contract), declarer, score))
    return results


def _contract_key(contract: Contract) -> tuple[int, int, int] | None:
    if contract.is_passed_out:
        return None
    return (contract.level, int(contract.strain), contract.doubled)


def openspiel_contract(index: int) -> tuple[tuple[int, int, int] | None, int | None]:
    """OpenSpiel's contract index -> (level, strain, doubled) and declarer (0 = North)."""
    if index == 0:
        return None, None  # passed out
    k = index - 1  # level, then strain (clubs to notrump), then declarer, then double status
    return (k // 60 + 1, k % 60 // 12, k % 3), k % 12 // 3


def openspiel_boards(game: Any, decks: Sequence[Deck], seed: int) -> list[Outcome]:
    rng = random.Random(seed)
    randrange = rng.randrange
    results = []
    for deck in decks:
        state = game.new_initial_state()
        for card in deck:
            state.apply_action(to_openspiel(card))
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[randrange(len(actions))])
        contract, declarer = openspiel_contract(state.contract_index())
        results.append((contract, declarer, int(state.returns()[0])))
    return results


def timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--boards", type=int, default=1000, help="boards per engine per round")
    parser.add_argument("--rounds", type=int, default=9, help="alternating rounds per engine")
    parser.add_argument("--verify", type=int, default=300, help="boards in the verification pass")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    try:
        import pyspiel
    except ImportError:
        sys.stderr.write("benchmarks/engine.py: OpenSpiel is missing; run `make bench` "
                         "(pip install -e '.[bench]')\n")  # fmt: skip
        return 2
    game = pyspiel.load_game("bridge", {"use_double_dummy_result": False})

    # 1. Same deals, same random choices, same order: the engines must agree board by board.
    check_decks = make_decks(args.verify, args.seed + 1)
    ours = bridgelaw_boards(check_decks, args.seed, openspiel_order=True)
    theirs = openspiel_boards(game, check_decks, args.seed)
    disagreements = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]
    if disagreements:
        first = disagreements[0]
        sys.stderr.write(
            f"engines disagree on {len(disagreements)} of {len(ours)} boards; first: #{first}, "
            f"bridgelaw (contract, declarer, score) {ours[first]}, OpenSpiel {theirs[first]}\n"
        )
        return 1
    passed_out = sum(1 for contract, _, _ in ours if contract is None)
    print(
        f"verified: {len(ours)} boards with the same contract, declarer and score in both "
        f"engines ({passed_out} passed out)"
    )

    # 2. Timing: paired rounds on the same deals and seed, alternating which engine goes
    #    first; the median of the rounds' ratios is the result (load weighs on both alike).
    decks = make_decks(args.boards, args.seed)
    ours_times, theirs_times = [], []
    for round_number in range(args.rounds):
        seed = args.seed + 100 + round_number
        ours_run = partial(bridgelaw_boards, decks, seed)
        theirs_run = partial(openspiel_boards, game, decks, seed)
        if round_number % 2:
            theirs_times.append(timed(theirs_run))
            ours_times.append(timed(ours_run))
        else:
            ours_times.append(timed(ours_run))
            theirs_times.append(timed(theirs_run))
    ours_rate, theirs_rate = args.boards / min(ours_times), args.boards / min(theirs_times)
    per_round = [t / o for o, t in zip(ours_times, theirs_times, strict=True)]
    build = "compiled with mypyc" if is_compiled() else "pure Python"
    print(f"bridgelaw ({build}): {ours_rate:8.0f} boards/s (best round)")
    print(f"OpenSpiel:{' ' * (len(build) + 3)} {theirs_rate:8.0f} boards/s (best round)")
    print(f"round ratios: {' '.join(f'{r:.2f}' for r in sorted(per_round))}")
    print(f"ratio {statistics.median(per_round):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
